// Building the page: elements, card tiles and radio rows, for every game's page.
import { PRINTED, printedSpoken, spoken, rankText, suitOf, SYMBOL } from "./cards.js";
import { _, isolate, NEXT, rightToLeft } from "./words.js";

export const byId = (id) => document.getElementById(id);

// Elements whose text stays text: a card in them is not drawn as an element.
const PLAIN = new Set(["OPTION", "TITLE", "TEXTAREA", "SCRIPT", "STYLE"]);

/**
 * `text` as nodes, each card printed in it ("K♠") an image of its sign named in words, so that a
 * screen reader says "king of spades" in the page's language where the eye reads the sign.
 */
export function withCards(text) {
  const parts = String(text).split(PRINTED); // text, then rank and sign, then text …
  if (parts.length === 1) return [document.createTextNode(parts[0])];
  const nodes = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) nodes.push(document.createTextNode(parts[i]));
    if (i + 2 < parts.length) nodes.push(cardSign(parts[i + 1], parts[i + 2]));
  }
  return nodes;
}

/** A card's sign in a sentence ("K♠"), or a suit's alone ("♠"), named in words. */
function cardSign(rank, sign) {
  const el = document.createElement("span");
  el.className = "card-sign";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", printedSpoken(rank, sign));
  el.textContent = (rank || "") + sign;
  return el;
}

/** An element: h("button", {class: "x", onclick: f}, "text", child…); a card printed in a text is
 * named in words (withCards). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  Object.entries(attrs || {}).forEach(([key, value]) => {
    if (value === null || value === undefined || value === false) return;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  });
  children.flat().forEach((child) => {
    if (child === null || child === undefined || child === false) return;
    if (child instanceof Node) el.append(child);
    else el.append(...(PLAIN.has(el.tagName) ? [document.createTextNode(String(child))] : withCards(child)));
  });
  return el;
}

/** A card tile, named in words ("king of spades"); a button when it does something on a tap,
 * else an image of the card. */
export function tile(code, attrs) {
  const a = attrs || {};
  const tag = a.onclick ? "button" : "span";
  return h(tag, {
    ...a, type: tag === "button" ? "button" : null, role: tag === "span" ? "img" : null,
    class: `tile suit-${suitOf(code)} ${a.class || ""}`, dataset: { card: code, ...(a.dataset || {}) },
    "aria-label": a["aria-label"] || spoken(code),
  }, h("span", { class: "rank" }, rankText(code)), h("span", { class: "suit" }, SYMBOL[suitOf(code)]));
}

/** A row of tiles that do nothing on a tap. */
export const tiles = (cards, cls) => h("div", { class: "tiles " + (cls || "") }, cards.map((c) => tile(c)));

/** Tick the radio button `name` = `value` inside `root`, if there is one. */
export function setRadio(root, name, value) {
  const input = root.querySelector(`input[name="${name}"][value="${value}"]`);
  if (input) input.checked = true;
}

export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A sentence with elements in it, for h()'s children: `text` (already in the page's language,
 * its "{name}"s left in) cut at each "{name}" of `parts`, which goes in as given (an element, a
 * list of them, or a text, isolated as words.js's sentences isolate it): inSentence(_("Play
 * goes {order}."), {order: [span, …]}). Filled in one pass, so a name typed at the table never
 * reads as a place.
 */
export function inSentence(text, parts) {
  return text.split(/(\{\w+\})/).flatMap((piece) => {
    const key = piece.slice(1, -1);
    if (!/^\{\w+\}$/.test(piece) || !(key in parts)) return piece ? [piece] : [];
    const value = parts[key];
    return Array.isArray(value) ? value : [value instanceof Node ? value : isolate(value)];
  });
}

/**
 * Items read one after another ("A1 → B1 → A2 → B2": the seats around a table) in the page's
 * direction, each isolated, the arrows pointing the way the eye moves (scorekeeper/words/bidi.py's
 * in_order draws the same on the server). The arrows are not read out, the order is; where an
 * arrow means more (a score before and after a deal), `readAs` is what a screen reader gets.
 */
export function inOrder(items, readAs = null) {
  const arrow = () => [" ", h("span", { class: "next-arrow", "aria-hidden": "true" }, NEXT), " "];
  const shown = items.flatMap((item, at) => [...(at ? arrow() : []), h("bdi", {}, item)]);
  const drawn = h("span", { class: "in-order", dir: rightToLeft ? "rtl" : "ltr" }, shown);
  if (readAs === null) return drawn;
  return h("span", {}, h("span", { "aria-hidden": "true" }, drawn), h("span", { class: "visually-hidden" }, readAs));
}

const lastSaid = new WeakMap(); // a live region → what its lines said at the last call

/**
 * Say through `region` (a polite live region) the lines of `lines` ([key, sentence] pairs) that
 * changed since its last call, and only those: "Asha & Ravi: 83" when a tap moved their total.
 * The first call only takes note of them (a page is not read out as it opens).
 */
function sayChanged(region, lines) {
  const before = lastSaid.get(region);
  lastSaid.set(region, new Map(lines));
  if (!before) return;
  const changed = lines.filter(([key, sentence]) => before.get(key) !== sentence).map(([, sentence]) => sentence);
  if (changed.length) region.textContent = changed.join(" ");
}

/**
 * Each team's total on a deal form (the elements marked data-`key`, their team's index there, its
 * whole name in data-name) set from `totals`, and those that changed said with their team's name
 * through the form's [data-totals-said] region: "Asha & Ravi: 83", never a bare "83".
 */
export function showTotals(form, key, totals) {
  const shown = Array.from(form.querySelectorAll(`[data-${key}]`));
  shown.forEach((el) => { el.textContent = totals[el.dataset[key]]; });
  sayChanged(form.querySelector("[data-totals-said]"),
    shown.map((el) => [el.dataset[key], _("{team}: {points}", { team: el.dataset.name, points: el.textContent })]));
}

/** The value of the radio button `name` ticked inside `root`, or null when none is. */
export function radioValue(root, name) {
  const checked = root.querySelector(`input[name="${name}"]:checked`);
  return checked ? checked.value : null;
}
