// Asking the API about a floor game's position (Seep, Casino): /check for the chosen move
// (and, before one is chosen, whether the layout can be at all), and /moves for "What can I
// play?", drawn grouped by card for a person: how many moves of each kind, the exact total,
// and a few of them written out to tap. Each game gives its position, move and words.
import { names, pretty } from "./cards.js";
import { byId as $, capital, h, inSentence, tile } from "./dom.js";
import { latestWins, postJson } from "./requests.js";
import { showProblem, showVerdict } from "./verdict.js";
import { _, ngettext, number } from "./words.js";

const LIST_LIMIT = 500; // moves asked of /moves when the list is open
const GROUP_SHOWN = 25; // moves written out per group before "and N more"
const countText = (n) => ngettext("{n} legal move", "{n} legal moves", n);

/**
 * game — {api: {game, check, moves}, position(), hand(), move(): {move} or {hint},
 *   probe: the action of a move that only checks the layout ("throw", "trail"),
 *   details(answer): a legal answer's own parts, actions: the kinds of move in order,
 *   kinds: {kind: {title: "Capture", count(n): "3 captures"}} in the page's language,
 *   describe(move): a listed move in words, choose(move)}.
 * Returns {ask(layout), toggleList(), closeList(), listOpen}.
 */
export function createQuestions(game) {
  const checks = latestWins(), lists = latestWins();
  let listOpen = false, listBusy = false, listError = null;
  let lastList = null; // the last answer of /moves

  /** Check the move (and so the layout); list every move only when the player asked. */
  function ask(layout) {
    const position = game.position();
    askCheck(position, layout);
    if (layout) {
      if (listOpen) askMoves(position);
      else lastList = null; // it no longer answers for these cards
    }
  }

  async function askCheck(position, layout) {
    const question = checks.begin();
    const { move, hint: text } = game.move();
    let answer = null;
    if (move) {
      $("verdict").classList.add("pending");
      answer = await postJson(game.api.check, { game: game.api.game, position, move });
    } else if (layout) {
      // No move yet: check a probe all the same, only to hear whether the layout can be.
      // (/moves would say so too, but it may work for seconds on a crowded floor.)
      const probe = { card: game.hand()[0] || "AS", action: game.probe };
      answer = await postJson(game.api.check, { game: game.api.game, position, move: probe });
    }
    if (!question.isLatest()) return; // a newer question has been asked
    if (answer) showProblem($("layout-problem"), answer.ok ? null : answer.message);
    showVerdict($("verdict"), move ? answer : { hint: game.hand().length ? text : "" }, game.details);
  }

  async function askMoves(position) {
    const question = lists.begin({ abortable: true }); // a slow answer must not hold up the next questions
    listBusy = true;
    renderList();
    const answer = await postJson(game.api.moves, { game: game.api.game, position, limit: LIST_LIMIT }, question.signal);
    if (!question.isLatest() || answer.aborted) return;
    listBusy = false;
    lastList = answer.ok ? answer.data : null;
    listError = answer.ok ? null : answer.message;
    renderList();
  }

  function renderList() {
    const box = $("move-list");
    const button = $("list-moves");
    button.textContent = listOpen ? _("Hide the list") : _("What can I play?");
    button.setAttribute("aria-expanded", String(listOpen));
    if (!listOpen) { box.replaceChildren(); return; }
    if (listBusy) { box.replaceChildren(h("p", { class: "muted busy" }, _("Working out every move…"))); return; }
    const data = lastList;
    if (!data) { box.replaceChildren(h("div", { class: "problem" }, h("p", {}, listError || _("Fix the cards above to see the moves.")))); return; }
    const hand = game.hand();
    if (!hand.length) { box.replaceChildren(h("p", { class: "muted" }, _("Your hand is empty: there is nothing to play."))); return; }
    const open = new Set(Array.from(box.querySelectorAll("details[open]"), (d) => d.dataset.card));
    const listed = {};
    data.moves.forEach((move) => {
      const forCard = listed[move.card] || (listed[move.card] = {});
      (forCard[move.action] || (forCard[move.action] = [])).push(move);
    });
    const count = h("strong", {}, countText(data.count));
    const head = h("p", { class: "list-head" }, data.count === 0
      ? inSentence(_("{count} — every card breaks a rule. Tap a card above to see which."), { count }) : count);
    const groups = data.by_card.map((entry) => cardGroup(entry, listed[entry.card] || {}, open.has(entry.card)));
    const blocked = hand.filter((c) => !data.by_card.some((e) => e.card === c));
    const stuck = blocked.length ? h("p", { class: "muted small" },
      ngettext("{cards}: no legal move.", "{cards}: no legal move.", blocked.length, { cards: names(blocked) })) : "";
    box.replaceChildren(head, ...groups, stuck);
  }

  /** One card's moves: a summary by kind, opening to the moves written out, each to tap. */
  function cardGroup(entry, mine, open) {
    const kinds = game.actions.filter((a) => entry.actions[a]);
    const summary = kinds.map((a) => {
      const n = entry.actions[a];
      return n === 1 && mine[a] && mine[a].length === 1 ? game.describe(mine[a][0]) : game.kinds[a].count(n);
    }).join(" · ");
    const body = kinds.map((a) => {
      const moves = (mine[a] || []).slice(0, GROUP_SHOWN);
      const more = entry.actions[a] - moves.length;
      return h("div", { class: "kind" },
        h("h4", {}, _("{kind} ({n})", { kind: game.kinds[a].title, n: number(entry.actions[a]) })),
        h("ul", { class: "moves" },
          moves.map((move) => h("li", {}, h("button", {
            type: "button", class: "listed-move", onclick: () => game.choose(move),
          }, capital(game.describe(move))))),
          more > 0 ? h("li", { class: "more muted" }, ngettext("and {n} more", "and {n} more", more)) : null));
    });
    return h("details", { class: "card-group", dataset: { card: entry.card }, open },
      h("summary", {}, tile(entry.card, { class: "small" }),
        h("span", { class: "group-text" }, h("strong", {}, _("{card}:", { card: pretty(entry.card) })), " ", summary)),
      body);
  }

  return {
    ask,
    get listOpen() { return listOpen; },
    /** Open the list (and ask for it) or close it. */
    toggleList() {
      listOpen = !listOpen;
      if (listOpen) askMoves(game.position());
      else { lists.abort(); listBusy = false; renderList(); }
    },
    /** Close the list without asking (a fresh start). */
    closeList() { listOpen = false; lastList = null; renderList(); },
    renderList,
  };
}
