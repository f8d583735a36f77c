// Casino deal entry: cards and spades per side on steppers (the last side gets the rest, so the
// totals are 52 and 13), a tap for the side that took each ace and casino, sweeps when they
// count; each side's points (K11, K12) and any tie show as it is tapped.
import { pretty } from "./cards.js";
import { byId, radioValue } from "./dom.js";
import "./deal-draft.js"; // first: the form redrawn for deals kept offline, and its draft back

/** Draw and drive Casino's deal form. */
function casinoDeal(form) {
  const data = (name) => JSON.parse(form.dataset[name]);
  const values = data("values");
  const totals = data("totals");
  const before = data("before");
  const sides = Number(form.dataset.sides);
  const cardOf = { ace_S: "AS", ace_C: "AC", ace_H: "AH", ace_D: "AD", big_casino: "10D", little_casino: "2S" };
  const worth = { ace_S: values.ace, ace_C: values.ace, ace_H: values.ace, ace_D: values.ace,
    big_casino: values.big, little_casino: values.little };
  const rows = (name) => Array.from(form.querySelectorAll(`.stepper[data-count="${name}"]`));
  const count = (row) => Math.max(0, parseInt(row.querySelector("input").value, 10) || 0);
  const counts = (name) => rows(name).map(count);
  const chosen = (name) => {
    const side = radioValue(form, name);
    return side === null ? null : Number(side);
  };

  /** The side with strictly the most, or null on a tie for the most (K11). */
  function most(list) {
    const top = Math.max(...list);
    const leaders = list.filter((n) => n === top);
    return leaders.length === 1 ? list.indexOf(top) : null;
  }

  /** The last side's count is what the others leave of the total. */
  function fillRest(name) {
    const list = rows(name);
    const rest = list.find((row) => "rest" in row.dataset);
    if (!rest || list.length < 2) return;
    const others = list.filter((row) => row !== rest).reduce((sum, row) => sum + count(row), 0);
    rest.querySelector("input").value = Math.max(0, totals[name] - others);
  }

  function render() {
    const points = new Array(sides).fill(0);
    const notes = [];
    ["cards", "spades"].forEach((name) => {
      const list = counts(name);
      const sum = list.reduce((a, b) => a + b, 0);
      if (sum !== totals[name]) notes.push(`The ${name} add up to ${sum}, not ${totals[name]}.`);
      const side = most(list);
      if (side === null) notes.push(`A tie for most ${name}: nobody scores its ${values[name]} (K11).`);
      else points[side] += values[name];
    });
    const untapped = [];
    Object.keys(cardOf).forEach((name) => {
      const side = chosen(name);
      if (side === null) untapped.push(pretty(cardOf[name]));
      else points[side] += worth[name];
    });
    counts("sweeps").forEach((n, side) => { points[side] += n * values.sweep; });
    if (untapped.length) notes.push(`Still to tap: ${untapped.join(", ")}.`);
    form.querySelectorAll("[data-points]").forEach((el) => { el.textContent = points[el.dataset.points]; });
    form.querySelectorAll("[data-after]").forEach((el) => {
      const side = Number(el.dataset.after);
      el.textContent = `${before[side]} → ${before[side] + points[side]}`;
    });
    form.querySelector("[data-notes]").textContent = notes.join(" ");
  }

  form.querySelectorAll(".stepper[data-count]").forEach((row) => {
    const input = row.querySelector("input");
    const name = row.dataset.count;
    if ("rest" in row.dataset && rows(name).length > 1) {
      input.readOnly = true; // filled in from the others
      row.querySelectorAll(".step").forEach((b) => { b.disabled = true; }); // kept: the box keeps its column
      return;
    }
    row.querySelectorAll(".step").forEach((b) => b.addEventListener("click", () => {
      // Cards and spades stop where the last side would have none left.
      const others = rows(name).filter((r) => r !== row && !("rest" in r.dataset));
      const left = name in totals ? totals[name] - others.reduce((sum, r) => sum + count(r), 0) : Infinity;
      const high = Math.min(Number(input.max), left);
      input.value = Math.min(high, Math.max(0, count(row) + Number(b.dataset.step)));
      fillRest(name);
      render();
    }));
    input.addEventListener("input", () => { fillRest(name); render(); });
  });
  form.addEventListener("change", render);
  window.addEventListener("pageshow", render);
  render();
}

const form = byId("deal-form");
if (form) casinoDeal(form);
