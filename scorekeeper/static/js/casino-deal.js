// Casino deal entry: cards and spades per side on steppers (the last side gets the rest, so the
// totals are 52 and 13), a row per ace and casino with a button per side and "the rest to" one
// side, sweeps when they count; each side's points (K11, K12) and any tie stay in view as it is
// tapped, and Undo takes back the last tap, whatever it changed.
import { pretty } from "./cards.js";
import { byId, inOrder, radioValue, setRadio, showTotals, withCards } from "./dom.js";
import { _, listed, ngettext, number, pgettext } from "./words.js";
import { casinoPoints, most } from "./deal-derive.js";
import "./deal-draft.js"; // first: the form redrawn for deals kept offline, and its draft back

const CARD_OF = { ace_S: "AS", ace_C: "AC", ace_H: "AH", ace_D: "AD", big_casino: "10D", little_casino: "2S" };
// Whole sentences, one per case, so that a catalog can translate each.
const ADDS_UP = {
  cards: (values) => _("The cards add up to {sum}, not {total}.", values),
  spades: (values) => _("The spades add up to {sum}, not {total}.", values),
};
const TIE = {
  cards: (n) => ngettext("A tie for most cards: nobody scores its {n} point (K11).", "A tie for most cards: nobody scores its {n} points (K11).", n),
  spades: (n) => ngettext("A tie for most spades: nobody scores its {n} point (K11).", "A tie for most spades: nobody scores its {n} points (K11).", n),
};

/** Draw and drive Casino's deal form. */
function casinoDeal(form) {
  const data = (name) => JSON.parse(form.dataset[name]);
  const values = data("values");
  const totals = data("totals");
  const before = data("before"); // the score before this deal, with any deals kept offline
  const sides = Number(form.dataset.sides);
  const rows = (name) => Array.from(form.querySelectorAll(`.stepper[data-count="${name}"]`));
  const count = (row) => Math.max(0, parseInt(row.querySelector("input").value, 10) || 0);
  const counts = (name) => rows(name).map(count);
  const chosen = (name) => {
    const side = radioValue(form, name);
    return side === null ? null : Number(side);
  };
  const undoButton = form.querySelector("[data-undo]");

  /** The last side's count is what the others leave of the total. */
  function fillRest(name) {
    const list = rows(name);
    const rest = list.find((row) => "rest" in row.dataset);
    if (!rest || list.length < 2) return;
    const others = list.filter((row) => row !== rest).reduce((sum, row) => sum + count(row), 0);
    rest.querySelector("input").value = Math.max(0, totals[name] - others);
  }

  /**
   * The one side that can have taken a scoring card, by the counts, or null: a side with no
   * cards took none of them, and a side with no spades neither the A♠ nor the 2♠.
   */
  function onlyTaker(name) {
    const cards = counts("cards");
    const spades = counts("spades");
    const spade = name === "ace_S" || name === "little_casino";
    const can = cards.map((n, side) => n > 0 && (!spade || spades[side] > 0));
    return can.filter(Boolean).length === 1 ? can.indexOf(true) : null;
  }

  /** Tick what the counts leave to one side alone; a card already tapped is left as it is. */
  function fillForced() {
    Object.keys(CARD_OF).forEach((name) => {
      const side = onlyTaker(name);
      if (side !== null && chosen(name) === null) setRadio(form, name, side);
    });
  }

  function render() {
    const taken = Object.fromEntries(Object.keys(CARD_OF).map((name) => [name, chosen(name)]));
    const points = casinoPoints({ cards: counts("cards"), spades: counts("spades"), sweeps: counts("sweeps"), taken }, values, sides);
    const notes = [];
    ["cards", "spades"].forEach((name) => {
      const list = counts(name);
      const sum = list.reduce((a, b) => a + b, 0);
      if (sum !== totals[name]) notes.push(ADDS_UP[name]({ sum, total: totals[name] }));
      if (most(list) === null) notes.push(TIE[name](values[name]));
    });
    const untapped = Object.keys(CARD_OF).filter((name) => taken[name] === null).map((name) => pretty(CARD_OF[name]));
    if (untapped.length) {
      notes.push(ngettext("{n} card still to tap: {cards}.", "{n} cards still to tap: {cards}.", untapped.length,
        { cards: listed(untapped) }));
    }
    showTotals(form, "points", points);
    form.querySelectorAll("[data-after]").forEach((el) => {
      const side = Number(el.dataset.after);
      const [was, now] = [number(before[side]), number(before[side] + points[side])];
      el.replaceChildren(inOrder([was, now], pgettext("read aloud in place of an arrow", "{first} to {second}", { first: was, second: now })));
    });
    form.querySelector("[data-notes]").replaceChildren(...withCards(notes.join(" ")));
  }

  // Undo: what the form held before each tap, the last on top.
  const history = [];
  const fields = () => Array.from(form.querySelectorAll(".stepper input, .casino-card input"));
  const snapshot = () => JSON.stringify(fields().map((el) => (el.type === "radio" ? el.checked : el.value)));
  let shown = snapshot();
  function changed() {
    const now = snapshot();
    if (now !== shown) history.push(shown);
    shown = now;
    undoButton.disabled = history.length === 0;
    render();
  }
  function undo() {
    if (!history.length) return;
    const then = JSON.parse(history.pop());
    fields().forEach((el, n) => {
      if (el.type === "radio") el.checked = then[n];
      else el.value = then[n];
    });
    shown = snapshot();
    undoButton.disabled = history.length === 0;
    form.dispatchEvent(new Event("change")); // the draft keeps up too
  }
  undoButton.addEventListener("click", undo);

  form.querySelectorAll("[data-rest-to]").forEach((button) => button.addEventListener("click", () => {
    Object.keys(CARD_OF).forEach((name) => {
      if (chosen(name) !== null) return;
      const input = form.querySelector(`input[name="${name}"][value="${button.dataset.restTo}"]`);
      if (input) input.checked = true;
    });
    form.dispatchEvent(new Event("change"));
  }));

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
      fillForced();
      form.dispatchEvent(new Event("change"));
    }));
    input.addEventListener("input", () => { fillRest(name); fillForced(); });
  });
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  window.addEventListener("pageshow", () => { shown = snapshot(); render(); }); // a draft brought back is the start
  render();
}

const form = byId("deal-form");
if (form) casinoDeal(form);
