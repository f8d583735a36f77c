// Words at the edge, for the pages' script. Each sentence is one msgid of the catalogs, with
// "{name}" for what it names: _("{who} to call", {who: "Dev"}), ngettext("{n} point", "{n} points", n).
// The page runs its language's catalog before its modules (static/i18n/<lang>.js, made by
// `make catalogs` from scorekeeper/translations), which sets WORDS; an English page has none, and
// says the msgids themselves.
const lang = document.documentElement.lang || "en";
const catalog = globalThis.WORDS || null;
const messages = catalog ? catalog.messages : {};
const pluralForm = catalog ? catalog.plural : (n) => (n === 1 ? 0 : 1);
const numbers = new Intl.NumberFormat(lang);

// In right-to-left words a name, a number or a card keeps its own direction: each value filled
// in is isolated (FSI … PDI), so "10♥", "3–12" and a Latin name are not turned round by the
// bidirectional algorithm, nor do they turn the words beside them. A link never is: an isolate in
// an address is part of it (scorekeeper/words/bidi.py says the same for the server's sentences).
const rightToLeft = document.documentElement.dir === "rtl";
const LINK = /^(?:https?:\/\/|\/)\S*$/i;

/** A value as a right-to-left sentence takes it in: isolated, but a link (and on a left-to-right
 * page as it is). */
export const isolate = (value) =>
  rightToLeft && !LINK.test(String(value)) ? `\u2068${value}\u2069` : String(value);

/** The arrow from one thing to the next, pointing the way the eye moves: ← in right-to-left words. */
export const NEXT = rightToLeft ? "←" : "→";

/** `text` with each "{name}" replaced by `values[name]`: fill("{who} to call", {who: "Dev"}). */
const fill = (text, values = {}) =>
  text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? isolate(values[key]) : all));

/** A number as the page's language writes it. */
export const number = (n) => numbers.format(n);

/** `text` in the page's language, "{name}"s filled from `values`. */
export function _(text, values = {}) {
  const said = messages[text];
  return fill(typeof said === "string" ? said : text, values);
}

/** `text` in the sense `context` names, where one English word has two ("The table": the cards
 * on it, or the people at it); a catalog keys it "context\x04text", as gettext does. */
export function pgettext(context, text, values = {}) {
  const said = messages[`${context}\x04${text}`];
  return fill(typeof said === "string" ? said : text, values);
}

/** The plural form for `n` in the page's language ("{n}" is `n`), "{name}"s filled from `values`. */
export function ngettext(one, other, n, values = {}) {
  return plural(messages[one], one, other, n, values);
}

/** ngettext in the sense `context` names. */
export function npgettext(context, one, other, n, values = {}) {
  return plural(messages[`${context}\x04${one}`], one, other, n, values);
}

function plural(forms, one, other, n, values) {
  const form = Array.isArray(forms) ? forms[pluralForm(n)] ?? forms[forms.length - 1] : n === 1 ? one : other;
  return fill(form, { n: number(n), ...values });
}

/** Names in the order of the page's language (its collation), for lists a person reads. */
export const collator = new Intl.Collator(lang);
