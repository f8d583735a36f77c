// Building the page: elements, card tiles and radio rows, for every game's page.
import { pretty, rankText, suitOf, SYMBOL } from "./cards.js";
import { isolate, NEXT } from "./words.js";

export const byId = (id) => document.getElementById(id);

/** An element: h("button", {class: "x", onclick: f}, "text", child…). */
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
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  });
  return el;
}

/** A card tile; a button when it does something on a tap. */
export function tile(code, attrs) {
  const a = attrs || {};
  const tag = a.onclick ? "button" : "span";
  return h(tag, {
    ...a, type: tag === "button" ? "button" : null,
    class: `tile suit-${suitOf(code)} ${a.class || ""}`, dataset: { card: code, ...(a.dataset || {}) },
    "aria-label": a["aria-label"] || pretty(code),
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
 * in_order draws the same on the server). The arrows are not read out: the order is.
 */
export function inOrder(items) {
  const arrow = () => [" ", h("span", { class: "next-arrow", "aria-hidden": "true" }, NEXT), " "];
  const shown = items.flatMap((item, at) => [...(at ? arrow() : []), h("bdi", {}, item)]);
  return h("span", { class: "in-order", dir: NEXT === "←" ? "rtl" : "ltr" }, shown);
}

/** The value of the radio button `name` ticked inside `root`, or null when none is. */
export function radioValue(root, name) {
  const checked = root.querySelector(`input[name="${name}"]:checked`);
  return checked ? checked.value : null;
}
