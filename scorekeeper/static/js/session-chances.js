// New session in a club: once every box has a name of the club's players and someone has
// rated games of this game, say each side's chance of winning (the club's ratings API).
import { chancesOf } from "./chances.js";
import { byId, radioValue } from "./dom.js";
import { _, listed, percent } from "./words.js";

const note = byId("session-chances");
const form = byId("new-session");
const players = new Map(); // club id: its players' ids by name, case-folded

/** The club chosen on the form ("" for a new one). */
function club() {
  return radioValue(form, "club") ?? (form.elements.club ? form.elements.club.value : "");
}

/** Each shown team's names, as typed; null while a box is empty. */
function sides() {
  const teams = Array.from(form.querySelectorAll("[data-team]")).filter((team) => !team.hidden);
  const names = teams.map((team) => Array.from(team.querySelectorAll(".player-name"))
    .filter((box) => !box.disabled).map((box) => box.value.trim()));
  return names.every((team) => team.length && team.every(Boolean)) ? names : null;
}

/** The club's players' ids by name, read once per club. */
async function clubPlayers(id) {
  if (!players.has(id)) {
    const response = await fetch(`/api/v1/clubs/${encodeURIComponent(id)}`);
    if (!response.ok) return new Map();
    const read = await response.json();
    players.set(id, new Map(read.players.map((p) => [p.name.toLowerCase(), p.id])));
  }
  return players.get(id);
}

/** "Asha & Ravi vs Meena & Dev: 62%", or each side's chance when there are more. */
function said(names, prediction) {
  const team = (n) => names[n].join(" & ");
  if (prediction.length === 2) {
    return _("{first} vs {second}: {chance}", { first: team(0), second: team(1), chance: percent(prediction[0].chance) });
  }
  return listed(prediction.map((side, n) => _("{side}: {chance}", { side: team(n), chance: percent(side.chance) })));
}

let asked = 0; // the latest question: an older answer arriving late is dropped
async function update() {
  const id = club();
  const names = sides();
  const question = ++asked;
  let text = "";
  if (id && names) {
    try {
      const known = await clubPlayers(id);
      const ids = names.map((team) => team.map((name) => known.get(name.toLowerCase())));
      if (ids.flat().every((player) => player !== undefined)) {
        const teams = ids.map((team) => team.join(",")).join(";");
        const prediction = await chancesOf(id, note.dataset.game, teams);
        if (prediction) text = said(names, prediction);
      }
    } catch {
      text = ""; // offline: nothing to say
    }
  }
  if (question !== asked) return;
  note.hidden = !text;
  const lead = _("The chance of winning, from the club's ratings:");
  note.textContent = text ? [lead, text].join(" ") : "";
}

if (note && form) {
  form.addEventListener("change", update);
  form.addEventListener("input", update);
  update();
}
