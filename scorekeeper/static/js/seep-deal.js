// Seep deal entry: tap a card to give it to the chosen team, see the totals move.
import { byId, radioValue, showTotals } from "./dom.js";
import { copyName, fit, wholeName } from "./names.js";
import { _, ngettext } from "./words.js";
import "./deal-draft.js"; // first: the form redrawn for deals kept offline, and its draft back

/** Draw and drive Seep's deal form. */
function seepDeal(form) {
  const points = JSON.parse(form.dataset.points);
  const cards = Array.from(form.querySelectorAll(".card-pick"));
  const teamButtons = Array.from(form.querySelectorAll(".pick-team"));
  const sweepPoints = JSON.parse(form.dataset.sweepPoints);
  const mostSweeps = Number(form.dataset.mostSweeps);
  let active = 0;

  const teamOf = (pick) => {
    const checked = pick.querySelector("input:checked");
    return checked ? Number(checked.value) : null;
  };
  const give = (pick, team) => {
    pick.querySelectorAll("input").forEach((input) => {
      input.checked = team !== null && Number(input.value) === team;
    });
  };
  const number = (name) => Math.max(0, parseInt(form.elements[name].value, 10) || 0);
  const radio = (name) => {
    const value = radioValue(form, name);
    return value ? Number(value) : null; // "" is the radio for none
  };

  function render() {
    const totals = [0, 0];
    let left = 0;
    cards.forEach((pick) => {
      const team = teamOf(pick);
      const value = points[pick.dataset.card];
      pick.dataset.team = team === null ? "" : String(team);
      const face = pick.querySelector(".card-face");
      face.dataset.name ||= face.getAttribute("aria-label");
      face.setAttribute("aria-pressed", team === null ? "false" : "true");
      // Who took it is said in words too, not by its colour alone.
      face.setAttribute("aria-label", team === null ? face.dataset.name
        : _("{card}: {team}", { card: face.dataset.name, team: wholeName(teamButtons[team]) }));
      if (team === null) left += 1; else totals[team] += value;
    });
    [0, 1].forEach((team) => { totals[team] += sweepPoints.play * number("sweeps" + team); });
    if (radio("opening_sweep") !== null) totals[radio("opening_sweep")] += sweepPoints.opening;
    showTotals(form, "total", totals);
    form.querySelector("[data-left]").textContent = left ? ngettext("{n} card", "{n} cards", left) : _("none");
    teamButtons.forEach((b) => b.setAttribute("aria-checked", String(Number(b.dataset.team) === active)));
    const other = teamButtons.find((b) => Number(b.dataset.team) !== active);
    const rest = form.querySelector("[data-other-name]");
    if (other && rest.dataset.team !== other.dataset.team) { // the other team's name, fitted here
      rest.dataset.team = other.dataset.team;
      rest.replaceChildren(copyName(other));
      fit(rest);
    }
  }

  cards.forEach((pick) => {
    pick.querySelector(".card-face").addEventListener("click", () => {
      give(pick, teamOf(pick) === active ? null : active);
      render();
    });
  });
  teamButtons.forEach((b) => b.addEventListener("click", () => { active = Number(b.dataset.team); render(); }));
  byId("rest-to-other").addEventListener("click", () => {
    cards.filter((pick) => teamOf(pick) === null).forEach((pick) => give(pick, 1 - active));
    render();
  });
  byId("clear-cards").addEventListener("click", () => {
    cards.forEach((pick) => give(pick, null));
    render();
  });
  form.querySelectorAll(".stepper").forEach((stepper) => {
    const input = stepper.querySelector("input");
    stepper.querySelectorAll(".step").forEach((b) => b.addEventListener("click", () => {
      input.value = Math.min(mostSweeps, Math.max(0, (parseInt(input.value, 10) || 0) + Number(b.dataset.step)));
      render();
    }));
  });
  form.addEventListener("input", render);
  form.addEventListener("change", render);
  window.addEventListener("pageshow", render);
  render();
}

const form = byId("deal-form");
if (form) seepDeal(form);
