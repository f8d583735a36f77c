// Fifty-six's auction on the checker page: the calls so far (a tap takes one back, and those
// after it), the pad for the next call, and what the server says: is the call legal (F7–F10),
// which contract stands, whose turn it is, whether the auction is over.
import { bidText, trumpSpoken } from "./fifty-six-words.js";
import { byId as $, h, inSentence } from "./dom.js";
import { dotted, number, undotted } from "./link.js";
import { latestWins, postJson } from "./requests.js";
import { ruleText, showProblem, showVerdict } from "./verdict.js";
import { _, listed } from "./words.js";

const LOWEST = 28, HIGHEST = 56; // F8: the pad's range; the server judges every bid all the same
const CODES = { pass: "p", double: "x", redouble: "xx" }; // a call in a link: "p", "x", "xx", "28D"

let page = null; // {state(), changed(), render(), api}
const questions = latestWins(), taps = latestWins();
let pending = null; // a call tapped on the pad, waiting for the server's word
let over = false; // the server said the auction is over

export const blank = () => ({ dealer: 0, teams: "sides", calls: [], bid: LOWEST, next: null });

// The calls that are words: as a call in a list, and as what a seat may do.
const CALL_WORDS = { pass: () => _("pass"), double: () => _("double"), redouble: () => _("redouble") };

/** A call in words: "28♦", "28 NT" (the notation stays as printed), "pass", "double". */
export const callText = (call) => (call.call !== "bid" ? CALL_WORDS[call.call]() : bidText(call));
/** A call as a screen reader says it: "28 diamonds", "28 no trumps", "pass". */
const callSaid = (call) => (call.call !== "bid" ? CALL_WORDS[call.call]()
  : [call.value, trumpSpoken(call.trump)].join(" "));

/** The seat making call number `i` (from 0): the calls go round from the seat after the dealer (F7). */
const seatOf = (s, i) => (s.dealer + 1 + i) % s.players;

/** Which team sits in `seat`, as the page (from the engine's seating) shows it (F2). */
function teamOf(seat) {
  const note = document.querySelector(".partners:not([hidden])");
  return note ? Number(note.dataset.teamOf.split(" ")[seat]) : seat % 2;
}
const seatChip = (seat) => h("span", { class: `seat-chip team-${teamOf(seat)}` }, seat);

function positionJson(s, count = s.calls.length) {
  return {
    phase: "auction", players: s.players, dealer: s.dealer, teams: s.teams,
    calls: s.calls.slice(0, count).map((call, i) => ({ seat: seatOf(s, i), ...call })),
  };
}
const callJson = (s, call, i) => ({ seat: seatOf(s, i), ...call });

/** After the calls change, the pad offers the lowest bid above the last one. */
function nextBid(s) {
  const bids = s.calls.filter((c) => c.call === "bid").map((c) => c.value);
  s.bid = Math.min(HIGHEST, bids.length ? Math.max(...bids) + 1 : LOWEST);
}

// -- the link ------------------------------------------------------------------------------
const callCode = (call) => (call.call === "bid" ? call.value + call.trump : CODES[call.call]);

function readCall(text) {
  const t = String(text || "").trim().toUpperCase();
  const named = Object.keys(CODES).find((name) => CODES[name].toUpperCase() === t);
  if (named) return { call: named };
  const m = /^(\d+)(S|H|D|C|NT)$/.exec(t);
  const value = m ? number(m[1], LOWEST, HIGHEST) : null;
  return value === null ? null : { call: "bid", value, trump: m[2] };
}

export function encode(s, parts) {
  parts.push(`dealer=${s.dealer}`, `teams=${s.teams}`);
  if (s.calls.length) parts.push("calls=" + dotted(s.calls.map(callCode)));
  if (s.next) parts.push("next=" + callCode(s.next));
}

export function decode(q, s, notes) {
  s.dealer = number(q.get("dealer"), 0, s.players - 1) ?? 0;
  s.teams = q.get("teams") === "pairs" ? "pairs" : "sides";
  undotted(q.get("calls")).forEach((text) => {
    const call = readCall(text);
    if (call) s.calls.push(call);
    else notes.push(_("“{call}” is not a call", { call: text }));
  });
  nextBid(s);
  if (q.get("next")) {
    s.next = readCall(q.get("next"));
    if (!s.next) notes.push(_("“{call}” is not a call", { call: q.get("next") }));
  }
}

// -- drawing -------------------------------------------------------------------------------
function renderTable(s) {
  document.querySelectorAll(".partners").forEach((note) => {
    note.hidden = note.dataset.teams !== s.teams || Number(note.dataset.players) !== s.players;
  });
  document.querySelectorAll('#dealers .segment').forEach((segment) => {
    const seat = Number(segment.dataset.value);
    segment.hidden = seat >= s.players;
    segment.querySelector("input").disabled = seat >= s.players;
    segment.className = "segment" + (seat < s.players ? ` team-${teamOf(seat)}` : "");
  });
}

function renderCalls(s) {
  const calls = s.calls.map((call, i) => {
    const seat = seatOf(s, i), text = callText(call), said = callSaid(call);
    return h("li", {}, h("button", {
      type: "button", class: `call call-${call.call}` + (call.trump ? ` suit-${call.trump}` : ""),
      "aria-label": i < s.calls.length - 1 ? _("Seat {seat}: {call}. Tap to take it back, and the calls after it", { seat, call: said })
        : _("Seat {seat}: {call}. Tap to take it back", { seat, call: said }),
      dataset: { index: i },
      onclick: () => { s.calls = s.calls.slice(0, i); s.next = null; nextBid(s); page.changed(); },
    }, seatChip(seat), h("span", { class: "call-text" }, text)));
  });
  $("calls").replaceChildren(...(calls.length ? calls
    : [h("li", { class: "muted small no-calls" }, _("No calls yet: seat {seat}, after the dealer, calls first.", { seat: seatOf(s, 0) }))]));
}

function renderPad(s) {
  const seat = seatOf(s, s.calls.length);
  $("pad-h").replaceChildren(...(over ? [_("The auction is over: any call now is refused")]
    : inSentence(_("The next call: seat {seat}"), { seat: seatChip(seat) })));
  $("bid-value").textContent = s.bid;
  $("bid-down").disabled = s.bid <= LOWEST;
  $("bid-up").disabled = s.bid >= HIGHEST;
  $("pad").querySelectorAll(".call-button").forEach((button) => {
    const call = padCall(button, s);
    button.setAttribute("aria-label", _("Seat {seat}: {call}", { seat, call: callSaid(call) }));
    if (call.call === "bid") button.textContent = callText(call);
    button.disabled = pending !== null;
    button.setAttribute("aria-pressed", String(Boolean(s.next) && callCode(s.next) === callCode(call)));
  });
}

export function render(s) {
  renderTable(s);
  renderCalls(s);
  renderPad(s);
}

// -- asking --------------------------------------------------------------------------------
const padCall = (button, s) => (button.dataset.call === "bid"
  ? { call: "bid", value: s.bid, trump: button.dataset.trump } : { call: button.dataset.call });

/** A tap on the pad: a legal call joins the calls; an illegal one stays as the question. */
async function tryCall(call) {
  const s = page.state();
  const question = taps.begin();
  pending = call;
  renderPad(s);
  const answer = await postJson(page.api.check, { game: page.api.game, position: positionJson(s), move: callJson(s, call, s.calls.length) });
  if (!question.isLatest()) return; // the auction changed meanwhile: the tap answered an old question
  pending = null;
  if (answer.ok && answer.data.legal) { s.calls.push(call); s.next = null; nextBid(s); }
  else s.next = call;
  page.changed();
}

/** Ask where the auction stands (the last call's check), the calls legal now, and the next call. */
export async function ask() {
  const s = page.state();
  const question = questions.begin();
  const n = s.calls.length;
  const post = (url, body) => postJson(url, { game: page.api.game, ...body });
  const [last, list, next] = await Promise.all([
    n ? post(page.api.check, { position: positionJson(s, n - 1), move: callJson(s, s.calls[n - 1], n - 1) }) : null,
    post(page.api.moves, { position: positionJson(s), limit: 5 * (HIGHEST - LOWEST + 1) + 3 }),
    s.next ? post(page.api.check, { position: positionJson(s), move: callJson(s, s.next, n) }) : null,
  ]);
  if (!question.isLatest()) return;
  showProblem($("auction-problem"), problemOf(s, last, list));
  const standing = last && last.ok && last.data.legal ? last.data.after : null;
  over = Boolean(standing && standing.finished);
  showState(s, standing);
  if (next) showVerdict($("verdict"), next);
  else if (standing) showVerdict($("verdict"), last);
  else showVerdict($("verdict"), { hint: n ? "" : _("Tap the call that seat {seat} makes.", { seat: seatOf(s, 0) }) });
  $("legal-calls").textContent = list.ok ? legalCalls(list.data) : "";
  renderPad(s);
}

function problemOf(s, last, list) {
  if (last && !last.ok) return last.message;
  if (last && !last.data.legal) {
    const i = s.calls.length - 1;
    return _("The last call, seat {seat}'s {call}, is not allowed ({rule}): {reason} Tap it to take it back.", {
      seat: seatOf(s, i), call: callText(s.calls[i]), rule: ruleText(last.data.rule_id, last.data.rule), reason: last.data.reason,
    });
  }
  return list.ok ? null : list.message;
}

/** The standing contract, whose turn it is, or the final contract (F10 when everyone passed). */
function showState(s, after) {
  const box = $("auction-state");
  if (s.calls.length && !after) { box.replaceChildren(); return; }
  const contract = after && after.contract;
  const what = contract ? contractText(contract) : _("no bid yet.");
  if (after && after.finished) {
    const f10 = s.calls.every((c) => c.call === "pass");
    box.replaceChildren(h("p", { class: "auction-over" }, h("strong", {}, _("The auction is over:")), " ", what),
      f10 ? h("p", { class: "muted small" }, _("Everyone passed, so F10 applies.")) : "");
    return;
  }
  const turn = after ? after.next_seat : seatOf(s, 0);
  box.replaceChildren(
    h("p", { class: "standing" }, h("strong", {}, _("Standing:")), " ", what),
    h("p", { class: "turn" }, inSentence(_("Seat {seat} to call."), { seat: seatChip(turn) })));
}

/** The contract standing, as the end of a line: "28♦ for team 1 (seat 1), doubled." */
function contractText(contract) {
  const said = { bid: callText({ call: "bid", ...contract }), team: contract.team, seat: contract.seat };
  if (contract.double === 2) return _("{bid} for team {team} (seat {seat}), redoubled.", said);
  return contract.double === 1 ? _("{bid} for team {team} (seat {seat}), doubled.", said) : _("{bid} for team {team} (seat {seat}).", said);
}

/** The calls legal now, in a line: "Seat 2 may pass, bid 29–56 or double." */
function legalCalls(data) {
  if (!data.count) return "";
  const bids = data.moves.filter((m) => m.call === "bid").map((m) => m.value);
  const kinds = ["pass", "bid", "double", "redouble"].filter((kind) => data.moves.some((m) => m.call === kind));
  const words = kinds.map((kind) => (kind === "bid" ? _("bid {low}–{high}", { low: Math.min(...bids), high: Math.max(...bids) })
    : CALL_WORDS[kind]()));
  return _("Legal now: seat {seat} may {calls}.", { seat: data.moves[0].seat, calls: listed(words, "or") });
}

/** The question changed: answers on their way, and a tap waiting for one, no longer count. */
export function forget() {
  over = false;
  questions.begin();
  taps.begin();
  pending = null;
}

// -- wiring --------------------------------------------------------------------------------
export function start(context) {
  page = context;
  $("bid-down").addEventListener("click", () => { const s = page.state(); s.bid = Math.max(LOWEST, s.bid - 1); page.render(); });
  $("bid-up").addEventListener("click", () => { const s = page.state(); s.bid = Math.min(HIGHEST, s.bid + 1); page.render(); });
  $("pad").addEventListener("click", (event) => {
    const button = event.target.closest(".call-button");
    if (button && !button.disabled) tryCall(padCall(button, page.state()));
  });
}

/** The table changed: calls keep their order and follow the new dealer (F7). */
export function tableChanged(s) {
  if (s.dealer >= s.players) s.dealer = 0;
  s.next = null;
}
