// New session: show as many teams and name boxes as the players chosen make, say who sits
// where, tap a recent name to fill the next empty box, and start the options at the club's
// house rules.
import { byId, h, inOrder, inSentence, radioValue } from "./dom.js";
import { _ } from "./words.js";

/** Draw and drive the new session form. */
function newSession(form) {
  const shapes = JSON.parse(form.dataset.shapes);
  const shapedBy = form.dataset.shapedBy;
  const note = byId("seating-note");
  const chosen = (name) => radioValue(form, name) ?? "";
  const letter = (team) => "ABCD"[team];

  /** [teams, players per team] for what is chosen now. */
  function shape() {
    const byOption = shapes[chosen("players")] || Object.values(shapes)[0];
    return byOption[shapedBy ? chosen(shapedBy) : ""] || Object.values(byOption)[0];
  }

  /** The name in a seat's box, or its place (A1) while it is empty. */
  function seatName(team, place) {
    const box = form.querySelector(`[data-team="${team}"] [data-place="${place}"] input`);
    return (box && box.value.trim()) || `${letter(team)}${place + 1}`;
  }

  /** The option that shapes the teams is asked only when it changes something. */
  function showShaping() {
    if (!shapedBy) return;
    const byOption = Object.values(shapes[chosen("players")] || {});
    const same = byOption.every(([t, p]) => t === byOption[0][0] && p === byOption[0][1]);
    byId(`${shapedBy}-group`).hidden = same;
  }

  function render() {
    showShaping();
    const [teams, perTeam] = shape();
    form.querySelectorAll("[data-team]").forEach((fieldset) => {
      const team = Number(fieldset.dataset.team);
      fieldset.hidden = team >= teams;
      fieldset.disabled = team >= teams; // a hidden box is not sent
      fieldset.querySelectorAll("[data-place]").forEach((label) => {
        const off = Number(label.dataset.place) >= perTeam;
        label.hidden = off;
        label.querySelector("input").disabled = off;
      });
    });
    const seats = teams * perTeam;
    form.querySelectorAll(".seat-options [data-seat]").forEach((label) => {
      const seat = Number(label.dataset.seat);
      label.hidden = seat >= seats;
      const input = label.querySelector("input");
      if (label.hidden && input.checked) form.querySelector(".seat-options input").checked = true;
      label.className = `segment team-${seat % teams}`;
      if (seat < seats) label.querySelector("span").textContent = seatName(seat % teams, Math.floor(seat / teams));
    });
    note.textContent = "";
    if (perTeam < 2) return;
    const tags = Array.from({ length: teams * perTeam }, (_unused, seat) =>
      h("span", { class: `tag team-${seat % teams}` }, seatName(seat % teams, Math.floor(seat / teams))));
    const order = inOrder(tags);
    note.append(...inSentence(_("Around the table, play goes {order}: partners never sit side by side."), { order }));
  }

  form.querySelectorAll(".chip").forEach((chip) => chip.addEventListener("click", () => {
    const boxes = Array.from(form.querySelectorAll(".player-name")).filter((box) => !box.disabled);
    const taken = boxes.some((box) => box.value.trim().toLowerCase() === chip.dataset.name.toLowerCase());
    const empty = boxes.find((box) => !box.value.trim());
    if (!taken && empty) { empty.value = chip.dataset.name; chip.disabled = true; render(); }
  }));
  // Another club chosen: the options start at its house rules (the table can still change them).
  form.querySelectorAll("input[name=club][data-rules]").forEach((club) => club.addEventListener("change", () => {
    for (const [name, value] of Object.entries(JSON.parse(club.dataset.rules))) {
      const number = form.querySelector(`input[type=number][name="${CSS.escape(name)}"]`);
      if (number) number.value = String(value);
      const choice = form.querySelector(`input[type=radio][name="${CSS.escape(name)}"][value="${CSS.escape(String(value))}"]`);
      if (choice) choice.checked = true;
    }
  }));
  form.addEventListener("change", render);
  form.addEventListener("input", render);
  render();
}

const form = byId("new-session");
if (form) newSession(form);
