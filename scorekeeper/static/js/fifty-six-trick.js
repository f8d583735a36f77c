// Fifty-six's trick on the checker page: the cards already in the trick, in playing order, and
// the mover's hand (two packs: a card may be there twice). Every card of the hand is checked:
// playable, or greyed with the rule it breaks (F12); a tapped card shows the server's answer,
// and when it completes the trick, which card wins it and its points (F13, F5).
import { createAdvice } from "./advice.js";
import { parseCard, pretty, spoken } from "./cards.js";
import { byId as $, h, inSentence, tile, withCards } from "./dom.js";
import { dotted } from "./link.js";
import { createPicker } from "./picker.js";
import { latestWins, postJson } from "./requests.js";
import { ruleLine, ruleText, showProblem, showVerdict } from "./verdict.js";
import { _, ngettext } from "./words.js";

const TRUMPS = ["S", "H", "D", "C", "NT"];
const ZONES = ["trick", "hand"];

let page = null; // {state(), changed(), render(), api, cards(notes)}
let picker = null;
let advice = null; // "What should I play?" (advice.js)
const questions = latestWins();
let answers = new Map(); // a card of the hand → the server's answer to playing it

export const blank = () => ({ trump: "S", trick: [], hand: [], play: null });

/** Whether the drawn card is in the pack for this many players (the page says, from F3). */
export function inPack(code, players) {
  const button = document.querySelector(`#deck .pick[data-card="${code}"]`);
  return Boolean(button) && (!button.dataset.players || button.dataset.players.split(" ").includes(String(players)));
}

/** The trick and the hand for the card picker; two of every card are in play. */
const zones = {
  list: () => ZONES,
  label: (zone) => (zone === "trick" ? _("Trick") : _("Hand")),
  name: (zone, short) => (zone === "trick" ? (short ? _("trick") : _("the trick")) : (short ? _("hand") : _("your hand"))),
  has: (zone) => ZONES.includes(zone),
  placesOf: (code) => ZONES.flatMap((zone) => page.state()[zone].filter((c) => c === code).map(() => zone)),
  add: (code, zone) => { page.state()[zone].push(code); },
  remove(code, zone, index) {
    const cards = page.state()[zone];
    const at = cards[index] === code ? index : cards.lastIndexOf(code);
    if (at >= 0) cards.splice(at, 1);
  },
  clear: () => { Object.assign(page.state(), { trick: [], hand: [], play: null }); },
};

const positionJson = (s) => ({ phase: "play", players: s.players, trump: s.trump, hand: s.hand.slice(), trick: s.trick.slice() });

// -- the link ------------------------------------------------------------------------------
export function encode(s, parts) {
  parts.push(`trump=${s.trump}`);
  if (s.trick.length) parts.push("trick=" + dotted(s.trick));
  if (s.hand.length) parts.push("hand=" + dotted(s.hand));
  if (s.play) parts.push("play=" + s.play);
}

export function decode(q, s, notes) {
  const trump = String(q.get("trump") || "").toUpperCase();
  s.trump = TRUMPS.includes(trump) ? trump : "S";
  const cards = page.cards(notes, (code) => inPack(code, s.players));
  s.trick = cards(q.get("trick"));
  s.hand = cards(q.get("hand"));
  const play = parseCard(q.get("play") || "");
  s.play = play && s.hand.includes(play) ? play : null;
}

// -- drawing -------------------------------------------------------------------------------
function trickNote(s) {
  const left = s.players - 1 - s.trick.length;
  if (!s.trick.length) return _("Empty: your card leads the trick.");
  const card = pretty(s.trick[0]);
  if (left === 0) return _("{card} was led; your card completes the trick.", { card });
  if (left > 0) return ngettext("{card} was led; {n} more card comes after yours.", "{card} was led; {n} more cards come after yours.", left, { card });
  return ngettext("{card} was led; a trick of {players} players holds {n} card before yours.",
    "{card} was led; a trick of {players} players holds {n} cards before yours.", s.players - 1, { card, players: s.players });
}

function renderZones(s) {
  ZONES.forEach((zone) => {
    const box = document.querySelector(`[data-tiles="${zone}"]`);
    box.replaceChildren(...picker.zoneTiles(zone, s[zone]));
    document.querySelector(`[data-count="${zone}"]`).textContent = s[zone].length ? `(${s[zone].length})` : "";
    box.closest(".zone").classList.toggle("is-target", picker.isTarget(zone));
  });
  $("trick-note").replaceChildren(...withCards(trickNote(s)));
}

/** The hand once more, each card playable or greyed; a tap shows its answer. */
function renderPlay(s) {
  $("play-empty").hidden = s.hand.length > 0;
  $("play-hand").replaceChildren(...s.hand.map((code) => {
    const a = answers.get(code);
    const known = a && a.ok;
    const illegal = known && !a.data.legal;
    return tile(code, {
      class: illegal ? "greyed" : "", "aria-pressed": String(s.play === code),
      "aria-label": !known ? _("{card}: not checked yet", { card: spoken(code) })
        : illegal ? _("{card}: not allowed ({rule})", { card: spoken(code), rule: ruleText(a.data.rule_id, a.data.rule) }) : _("{card}: playable", { card: spoken(code) }),
      onclick: () => { s.play = s.play === code ? null : code; page.changed(false); },
    });
  }));
  const refused = [...new Set(s.hand)].filter((code) => { const a = answers.get(code); return a && a.ok && !a.data.legal; });
  $("reasons").replaceChildren(...refused.map((code) => h("li", { class: "refused", dataset: { card: code } },
    tile(code, { class: "small greyed" }), h("div", {}, ruleLine(answers.get(code).data), h("p", { class: "reason small" }, answers.get(code).data.reason)))));
  const answer = s.play && answers.get(s.play);
  showVerdict($("play-verdict"), answer || { hint: !s.hand.length ? "" : s.play ? _("Checking…") : _("Tap the card you play.") }, trickResult);
}

/** A complete trick: its cards in playing order, the winner marked, and its points. */
function trickResult(a) {
  if (a.winner === undefined) return [];
  const won = a.after.trick[a.winner];
  const cards = a.after.trick.map((code, i) => h("li", { class: "played" + (i === a.winner ? " winner" : ""), dataset: { place: i + 1 } },
    tile(code, { class: "small" }), h("span", { class: "place" }, i === a.winner ? _("{place} wins", { place: i + 1 }) : String(i + 1))));
  return [
    h("ol", { class: "trick-result", "aria-label": _("The complete trick, in playing order") }, cards),
    h("p", { class: "trick-won" }, inSentence(_("{winner} — card {place} of {count} in playing order — {points}."), {
      place: a.winner + 1, count: a.after.trick.length,
      winner: h("strong", {}, _("{card} wins", { card: pretty(won) })),
      points: h("strong", { class: "points" }, ngettext("{n} point", "{n} points", a.points)),
    })),
  ];
}

export function render(s) {
  if (s.play && !s.hand.includes(s.play)) s.play = null;
  renderZones(s);
  picker.render();
  renderPlay(s);
}

// -- asking --------------------------------------------------------------------------------
/** Check every different card of the hand: which may be played, and why not the others. */
export async function ask() {
  const s = page.state();
  const question = questions.begin();
  const cards = [...new Set(s.hand)];
  const position = positionJson(s);
  $("play-verdict").classList.add("pending");
  const found = await Promise.all(cards.map((card) => postJson(page.api.check, { game: page.api.game, position, move: { card } })));
  if (!question.isLatest()) return;
  const problem = found.find((a) => !a.ok);
  answers = new Map(problem ? [] : cards.map((card, i) => [card, found[i]]));
  showProblem($("layout-problem"), problem ? problem.message : null);
  renderPlay(s);
}

export function forget() { questions.begin(); if (advice) advice.forget(); }

// -- wiring --------------------------------------------------------------------------------
export function start(context) {
  page = context;
  advice = createAdvice({
    url: context.api.advice, game: context.api.game,
    position: () => (page.state().hand.length ? positionJson(page.state()) : null),
    describe: (move) => pretty(move.card),
    choose: (move) => { page.state().play = move.card; page.changed(false); $("play-panel").scrollIntoView({ behavior: "smooth", block: "start" }); },
  });
  picker = createPicker({
    zones, first: "trick", copies: page.copies, inPack: (code) => inPack(code, page.state().players),
    changed: () => page.changed(true), redraw: page.render,
  });
  return picker;
}
