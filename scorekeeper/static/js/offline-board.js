// The scoreboard's "Next dealer" while this phone keeps deals offline: the page (often the
// service worker's copy) was drawn from the stored standing, so each kept deal moves the game's
// derivation on (deal-derive.js, from the same data-derive its deal form has), as offline-form.js
// does for the form; the line then names the dealer and first player after them, and says it
// counts deals not yet sent.
import { afterQueue, nextSeatIn, winnerOf } from "./deal-derive.js";
import { h } from "./dom.js";
import { fit } from "./names.js";
import { _, ngettext } from "./words.js";

const next = (derive) => (derive.dealer + 1) % derive.seats;
/** Who plays or bids first after the dealer: Fifty-six's first bidder skips the teams out (F7,
 * F10), and goes on round the table once a game is won; the others, the seat after him. */
const FIRST = {
  "fifty-six": (derive) => (winnerOf(derive.tables) === null ? nextSeatIn(derive, derive.dealer, derive.tables) : next(derive)),
};

/** Seat `seat`'s name as the page draws it (short where room is short, whole when read out). */
function nameOf(line, seat) {
  const kept = line.querySelector("template[data-seat-names]").content.querySelector(`[data-seat="${seat}"]`);
  return Array.from(kept.cloneNode(true).childNodes);
}

/** Redraw the next-dealer line as the session will stand once `items` of it are stored. */
export function followQueue(items, session) {
  const line = document.querySelector(".next-dealer[data-derive]");
  if (!line) return;
  const game = line.dataset.game;
  const { kept, derive } = afterQueue(items, {
    session, first: Number(line.dataset.number), game, derive: JSON.parse(line.dataset.derive), page: JSON.parse(line.dataset.page),
  });
  if (!kept.length) return;
  const unsent = ngettext("counting the deal not yet sent", "counting the {n} deals not yet sent", kept.length);
  const note = h("span", { class: "muted small", dataset: { testid: "next-dealer-unsent" } }, " · ", unsent);
  if (derive.winner !== undefined && derive.winner !== null) { // Casino: a race won offline (K13)
    line.replaceChildren(h("span", {}, _("No deal follows: the deals waiting to be sent end the game (K13).")), note);
    return;
  }
  line.querySelector("strong").replaceChildren(...nameOf(line, derive.dealer));
  line.querySelector("[data-next]").replaceChildren(...nameOf(line, (FIRST[game] || next)(derive)));
  line.append(note);
  fit(line);
}
