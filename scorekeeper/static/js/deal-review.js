// A finished live deal's review on its replay page (GET …/live/review?deal=n): each seat's
// points lost, the three costliest plays (each a tap away in the replay), and beside the play
// the replay shows, the best move with every hand as it really was. The review is worked out
// once by the server's search workers: until it is kept the API answers 202, and the page asks
// again after the Retry-After it names.
import { names, pretty } from "./cards.js";
import { byId as $, h } from "./dom.js";
import { apiHeaders } from "./requests.js";
import { _, isolate, number } from "./words.js";

const MOST_TRIES = 60; // about two minutes of asking before the page gives up

/** Points as a player reads them: one decimal at most. */
const points = (x) => number(Math.round(x * 10) / 10, 1);

/** A move of any game in words: "K♠ captures 4♦ and 9♣", "7♥ builds 9", "Q♦ thrown". */
export function describe(move) {
  const card = pretty(move.card);
  const taken = [...(move.loose || []).map(pretty)];
  if (move.house) taken.push(_("the house"));
  (move.builds || []).forEach((value) => taken.push(_("the build of {value}", { value: number(value) })));
  switch (move.action) {
    case "capture": return _("{card} captures {cards}", { card, cards: names(taken, (x) => x) });
    case "build": return _("{card} builds {value}", { card, value: number(move.value) });
    case "raise": return _("{card} raises the house of {value}", { card, value: number(move.house ?? move.build) });
    case "throw": case "trail": return _("{card} thrown", { card });
    default: return card; // Fifty-six: a card played to the trick
  }
}

/**
 * Show the review of the deal in `panel`; `seats`: each seat's player; `jump(number)`: show
 * that play in the replay. Returns {step(number)}: say the review of the play shown.
 */
export function reviewDeal(url, panel, seats, jump) {
  let review = null, shown = 0;
  const line = h("p", { class: "review-step", id: "review-step", "aria-live": "polite" });
  panel.replaceChildren(h("h2", { id: "review-h" }, _("Review")), h("p", { class: "muted busy", id: "review-status" },
    _("Working out the best play at every turn…")));
  panel.hidden = false;

  async function ask(tries) {
    let response, data = null;
    try {
      response = await fetch(url, { headers: apiHeaders(), credentials: "same-origin" });
      data = await response.json().catch(() => null);
    } catch (e) {
      response = null;
    }
    if (response && response.status === 200 && data) { review = data; draw(); return; }
    // Not ready yet, the searches busy, or the connection dropped: ask again in a moment.
    const again = !response || response.status === 202 || response.status === 503;
    const wait = again && tries < MOST_TRIES ? Number(response?.headers.get("Retry-After")) || 2 : null;
    if (wait) { setTimeout(() => ask(tries + 1), wait * 1000); return; }
    $("review-status").textContent = (data && data.message) || _("The review could not be worked out: reload the page to try again.");
    $("review-status").classList.remove("busy");
  }

  function draw() {
    const lost = h("ul", { class: "review-seats" }, review.seats.map((s) => h("li", {},
      h("span", { class: "review-name" }, isolate(seats[s.seat] || String(s.seat))), " ",
      h("strong", {}, _("{points} points lost", { points: points(s.loss) })))));
    const byNumber = new Map(review.plays.map((p) => [p.number, p]));
    const costly = review.costliest.map((n) => {
      const p = byNumber.get(n);
      return h("li", {}, h("button", { type: "button", class: "listed-move", onclick: () => jump(n) },
        _("Play {number}, {player}: {move}; best {best} ({points} points lost)", {
          number: number(n), player: isolate(seats[p.seat] || String(p.seat)), move: describe(p.move),
          best: describe(p.best), points: points(p.loss),
        })));
    });
    panel.replaceChildren(
      h("h2", { id: "review-h" }, _("Review")),
      h("p", { class: "muted small" }, _("Each play beside the best one with every hand as it really was. The last plays are searched to the end (exact); earlier ones are estimated by a shorter search.")),
      line,
      h("h3", {}, _("Points lost, by player")), lost,
      costly.length ? h("h3", {}, _("The costliest plays")) : "",
      costly.length ? h("ol", { class: "moves review-costliest" }, costly) : h("p", {}, _("Every play was the best one.")),
    );
    step(shown);
  }

  /** The review of play `n` (0: before the first), in the line above the lists. */
  function step(n) {
    shown = n;
    if (!review) return;
    const p = review.plays.find((x) => x.number === n);
    const how = p && p.exact ? _("exact") : _("estimated");
    line.textContent = !p ? ""
      : !p.valued ? _("Play {number} is not reviewed: the player's other cards were not known yet.", { number: number(n) })
      : p.best === null ? _("Play {number} was the best play ({how}).", { number: number(n), how })
      : _("Play {number}: best was {best}; {points} points lost ({how}).", { number: number(n), best: describe(p.best), points: points(p.loss), how });
  }

  ask(0);
  return { step };
}
