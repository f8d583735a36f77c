// "What should I play?" on a checker page: POST /api/v1/advice with the page's position and
// the cards already out of play, drawn as the legal moves best first, each with its expected
// margin, its 95% interval, and (Fifty-six) the chance that the contract is made. A move taps
// into the move chooser as the list's moves do. The search deals the hidden cards many ways,
// so the answer takes about a second: the button says so while it works.
import { matches, parseCard, words } from "./cards.js";
import { byId as $, capital, h } from "./dom.js";
import { latestWins, postJson } from "./requests.js";
import { _, isolate, ngettext, number, percent } from "./words.js";

const BUDGET_MS = 1000; // the API's default: enough samples for a steady ranking

/** The cards typed as out of play: those that read as one card each, and the words that do not. */
export function seenCards(text) {
  const cards = [], unread = [];
  words(text).forEach((word) => {
    const found = parseCard(word) ? [parseCard(word)] : matches(word); // "ks", or a word one card answers
    const card = found.length === 1 ? found[0] : null;
    if (card) cards.push(card); else unread.push(word);
  });
  return { cards, unread }; // a card twice is Fifty-six's two packs (the server checks)
}

/** A margin as a player reads it: "+12.5" or "−3", in the page's numerals. */
const signed = (x) => (x > 0 ? "+" : "") + number(Math.round(x * 10) / 10, 1);

/**
 * page — {url, game, position(): the position, or null while the cards cannot be asked about,
 *   describe(move): a move in words, choose(move): put it into the move chooser}.
 * Returns {forget()}: an answer no longer answers the cards once they change.
 */
export function createAdvice(page) {
  const asks = latestWins();
  const button = $("advise"), box = $("advice"), seen = $("seen");

  async function ask() {
    const position = page.position();
    if (!position) { show(h("p", { class: "muted" }, _("Put the cards of your hand in first."))); return; }
    const { cards, unread } = seenCards(seen.value);
    if (unread.length) { show(problem(_("Not a card: {words}.", { words: unread.join(" ") }))); return; }
    const question = asks.begin({ abortable: true });
    button.disabled = true;
    show(h("p", { class: "muted busy" }, _("Dealing the hidden cards and playing each deal out…")));
    const body = { game: page.game, position, seen: cards, budget_ms: BUDGET_MS };
    const answer = await postJson(page.url, body, question.signal);
    if (!question.isLatest() || answer.aborted) return;
    button.disabled = false;
    show(...(answer.ok ? ranked(answer.data) : [problem(answer.message)]));
  }

  function show(...children) { box.replaceChildren(...children); }

  /** The moves best first; moves that read the same (a build of other loose cards of one
   * value) are shown once, as the best of them. */
  function ranked(data) {
    const best = data.moves[0].margin, said = new Set();
    const shown = data.moves.filter((m) => !said.has(page.describe(m.move)) && said.add(page.describe(m.move)));
    const head = h("p", { class: "list-head" }, data.exact
      ? _("Every card's place is known: the margins are exact.")
      : ngettext("Over {n} deal of the hidden cards that fits the table:", "Over {n} deals of the hidden cards that fit the table:", data.samples));
    const items = shown.map((m, i) => h("li", { class: "advice-move" + (i === 0 ? " best" : "") },
      h("button", { type: "button", class: "listed-move", onclick: () => page.choose(m.move) },
        capital(page.describe(m.move))),
      h("span", { class: "advice-figures" }, ...figures(m, best, i))));
    const note = h("p", { class: "muted small" }, _("The margin: the points your side can still expect to win over the other, from this play to the end of the deal."));
    return [head, h("ol", { class: "advice-moves" }, items), note];
  }

  /** A move's margin, its interval (none for a single sample), the contract's chance, the gap. */
  function figures(m, best, i) {
    const [low, high] = m.interval;
    const gap = best - m.margin;
    return [
      h("strong", { class: "margin" }, isolate(signed(m.margin))),
      high > low ? h("span", { class: "muted small" }, " ", _("({low} to {high})", { low: isolate(signed(low)), high: isolate(signed(high)) })) : "",
      m.made === undefined ? "" : h("span", { class: "small made" }, " · ", _("contract made {share}", { share: percent(m.made) })),
      i > 0 && gap >= 0.05 ? h("span", { class: "muted small" }, " · ", _("{points} less than the best", { points: number(Math.round(gap * 10) / 10, 1) })) : "",
    ];
  }

  const problem = (message) => h("div", { class: "problem" }, h("p", {}, message));

  button.addEventListener("click", ask);
  return {
    /** The cards changed: the last advice no longer answers them. */
    forget() { asks.begin({ abortable: true }); button.disabled = false; box.replaceChildren(); },
  };
}
