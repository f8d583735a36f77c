// A question held in the address, so that it can be shared as a link: helpers for writing it
// ("?hand=KS.4H&seat=1") and reading it back, forgiving whatever a hand-edited link holds.
// Each game chooses its own parameters; lists inside a parameter are dotted: "KS.4H.9C".
import { parseCard, pretty, words } from "./cards.js";
import { h } from "./dom.js";
import { _, listed, ngettext } from "./words.js";

/** The query string of a list of "name=value" parts. */
export const query = (parts) => "?" + parts.join("&");

/** A dotted list: ["KS", "4H"] → "KS.4H". */
export const dotted = (items) => items.join(".");

/** The items of a dotted list: "KS.4H" → ["KS", "4H"]; none for a missing one. */
export const undotted = (text) => words(String(text || "").replace(/\./g, " "));

/** A whole number from low to high, or null. */
export function number(text, low, high) {
  const n = Number(text);
  return Number.isInteger(n) && n >= low && n <= high && String(text).trim() !== "" ? n : null;
}

/**
 * Reads dotted card lists, each card at most `copies` times across every list read and only
 * the cards `inPack`: "KS.4H" → ["KS", "4H"]. `notes` collects what could not be read.
 */
export function cardReader(notes, { copies = 1, inPack = () => true } = {}) {
  const used = new Map();
  return (text) => undotted(text).map((t) => {
    const c = parseCard(t);
    const n = used.get(c) || 0;
    if (!c) notes.push(_("“{word}” is not a card", { word: t }));
    else if (!inPack(c)) notes.push(_("{card} is not in the pack", { card: pretty(c) }));
    else if (n >= copies) notes.push(tooOften(pretty(c), copies));
    else { used.set(c, n + 1); return c; }
    return null;
  }).filter(Boolean);
}

/** What a link that gives `card` more often than the pack holds it (`copies`) says. */
const tooOften = (card, copies) => (copies === 1 ? _("{card} was given twice", { card })
  : ngettext("{card} was given more than {n} time", "{card} was given more than {n} times", copies, { card }));

/** The query of this page's address when it holds a question, else null. */
export const askedInAddress = () => (location.search.length > 1 ? location.search : null);

/** The full link to this page with the question `search`. */
export const linkTo = (search) => location.origin + location.pathname + search;

/** Keep the question in the address bar, without a new history entry. */
export function remember(search) {
  history.replaceState(null, "", location.pathname + search);
}

/** Say in `box` what of the link could not be read; nothing when all of it was. */
export function showNotes(box, notes) {
  if (!notes.length) return;
  box.replaceChildren(h("p", {}, _("Some of the link could not be read: {notes}.", { notes: listed(notes) })));
  box.hidden = false;
}

/** The copy button copies the link in `input` and says so in `status`. */
export function copyButton(button, input, status) {
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      status.textContent = _("Link copied: paste it to the other players.");
    } catch (e) {
      input.focus();
      input.select();
      let copied = false;
      try { copied = document.execCommand("copy"); } catch (e2) { copied = false; }
      status.textContent = copied ? _("Link copied: paste it to the other players.") : _("Select the link above and copy it.");
    }
  });
}
