// Words at the edge, for the pages' script. Each sentence is one msgid of the catalogs, with
// "{name}" for what it names: _("{who} to call", {who: "Dev"}), ngettext("{n} point", "{n} points", n).
// The page runs its language's catalog before its modules (static/i18n/<lang>.js, made by
// `make catalogs` from scorekeeper/translations), which sets WORDS; an English page has none, and
// says the msgids themselves.
const catalog = globalThis.WORDS || null;
const messages = catalog ? catalog.messages : {};
const pluralForm = catalog ? catalog.plural : (n) => (n === 1 ? 0 : 1);
// How the page's language writes numbers, as the server's Babel does (scorekeeper/web/catalogs.py
// hands them over in the catalog: a browser's Intl may lack the language, as Debian's Chromium
// lacks Esperanto); English's, on a page with no catalog.
const NUMBERS = (catalog && catalog.numbers) || { decimal: ".", group: ",", grouping: [3, 3], percent: ["", "%"] };

// In right-to-left words a name, a number or a card keeps its own direction: each value filled
// in is isolated (FSI … PDI), so "10♥", "3–12" and a Latin name are not turned round by the
// bidirectional algorithm, nor do they turn the words beside them. A link never is: an isolate in
// an address is part of it (scorekeeper/words/bidi.py says the same for the server's sentences).
export const rightToLeft = document.documentElement.dir === "rtl";
const LINK = /^(?:https?:\/\/|\/)\S*$/i;
// Letters of the right-to-left scripts: on a left-to-right page only such a value is isolated.
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/** A value as a sentence takes it in: isolated on a right-to-left page (on a left-to-right one,
 * a value in a right-to-left script), but a link. */
export const isolate = (value) =>
  (rightToLeft || RTL_LETTER.test(String(value))) && !LINK.test(String(value))
    ? `\u2068${value}\u2069`
    : String(value);

/** The arrow from one thing to the next, pointing the way the eye moves: ← in right-to-left words. */
export const NEXT = rightToLeft ? "←" : "→";

/** `text` with each "{name}" replaced by `values[name]`: fill("{who} to call", {who: "Dev"}). */
const fill = (text, values = {}) =>
  text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? isolate(values[key]) : all));

/** Text that always reads left to right ("+16", "28♦", "10♦"), isolated so in right-to-left
 * words: its sign or its suit stays on its side whatever surrounds it (bidi.py's left_to_right). */
export const leftToRight = (text) => (rightToLeft ? `\u2066${text}\u2069` : String(text));

/** `x`'s digits times 10^`scale`, rounded half to even at `places` decimals, as Babel rounds the
 * decimal the shortest repr of a float spells (Python's str and String agree): [whole, decimals]. */
function digits(x, scale, places) {
  const [mantissa, exponent = "0"] = Math.abs(x).toExponential().split("e");
  const [lead, tail = ""] = mantissa.split(".");
  const point = lead.length + Number(exponent) + scale; // where the point falls in lead + tail
  const all = (lead + tail).padEnd(point + places + 1, "0");
  const padded = point > 0 ? all : "0".repeat(1 - point) + all;
  const at = Math.max(point, 1) + places; // the digits kept
  const kept = padded.slice(0, at), rest = padded.slice(at);
  const tie = /^50*$/.test(rest), up = rest > "5" && !tie;
  const odd = Number(kept.slice(-1)) % 2 === 1;
  const rounded = up || (tie && odd) ? String(BigInt(kept) + 1n).padStart(kept.length, "0") : kept;
  const whole = rounded.slice(0, rounded.length - places).replace(/^0+(?=\d)/, "");
  return [whole, rounded.slice(rounded.length - places).replace(/0+$/, "")];
}

/** Whole digits grouped as the language groups them: 1,234,567; Hindi's 12,34,567. */
function grouped(whole) {
  const [first, then] = NUMBERS.grouping;
  if (whole.length <= first) return whole;
  const groups = [whole.slice(-first)];
  for (let end = whole.length - first; end > 0; end -= then) groups.unshift(whole.slice(Math.max(0, end - then), end));
  return groups.join(NUMBERS.group);
}

/** A number as the page's language writes it, to at most `places` decimals (numbers.py's
 * `number`): 79.5 is «79,5» in Portuguese and Esperanto. */
export function number(n, places = 0) {
  const [whole, decimals] = digits(n, 0, places);
  const said = grouped(whole) + (decimals ? NUMBERS.decimal + decimals : "");
  // A negative number's minus stays on its left in right-to-left words (numbers.py's `number`).
  return n < 0 && (whole !== "0" || decimals) ? leftToRight(`-${said}`) : said;
}

/** A share (0.675) as a whole percentage in the page's language: 68% (numbers.py's `percent`). */
export function percent(share) {
  const [prefix, suffix] = NUMBERS.percent;
  return `${prefix}${grouped(digits(share, 2, 0)[0])}${suffix}`;
}

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

function plural(forms, one, other, n, values) {
  const form = Array.isArray(forms) ? forms[pluralForm(n)] ?? forms[forms.length - 1] : n === 1 ? one : other;
  return fill(form, { n: number(n), ...values });
}

/** Items as one list in the page's language: "A", "A and B", "A, B and C" (`last` "or": "… or C"),
 * with its own comma and last link (Urdu's «،» and «اور»): the catalog's "{list}, {item}",
 * "{list} and {item}" and "{list} or {item}", the patterns the server lists with too. */
export function listed(items, last = "and") {
  if (items.length < 2) return items.join("");
  // Each item isolated once, as the server's listed does: the list so far is not isolated again
  // at each link, which would nest the first item deeper each time. So the patterns are taken
  // unfilled (_ leaves a "{name}" it is given no value for) and filled here.
  const parts = items.map(isolate);
  const link = (pattern, list, item) => pattern.replace(/\{(list|item)\}/g, (all, key) => (key === "list" ? list : item));
  const most = parts.slice(0, -1).reduce((list, item) => link(_("{list}, {item}"), list, item));
  const final = last === "or" ? _("{list} or {item}") : _("{list} and {item}");
  return link(final, most, parts[parts.length - 1]);
}

