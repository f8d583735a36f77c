// A Fifty-six deal followed play by play (/s/<id>/live): the auction call by call, then the
// tricks card by card. The shared driver (live-driver.js's liveDeal) reads the live API (GET …/live
// every 2 s with its ETag), so a reload loses nothing; a scorer's phone (data-token) starts the
// deal and sends each call or card as a numbered play the moment it is tapped, and the engine
// judges it (a refusal names its rule, F6–F12). This script draws the panels.
import { drawBidPad } from "./bid-pad.js";
import { SUITS, SYMBOL, rankText, spoken, suitOf } from "./cards.js";
import { byId as $, h, inSentence, tile } from "./dom.js";
import { callText } from "./fifty-six-auction.js";
import { refusalText, trumpSpoken } from "./fifty-six-words.js";
import { _, ngettext } from "./words.js";
import { liveConfig, liveDeal, moveKeeper, request, sessionApi } from "./live-driver.js";
import { choices, noteBox } from "./live-widgets.js";

const root = $("live-deal");
// F6, F17: a won game is followed by a new game, never by the end of the session: a scorer can
// always start the next deal (data-open="false" says only that this one starts a new game).
const cfg = { ...liveConfig(root), open: true };
const newGame = root.dataset.open === "false";
const { seats, teams } = cfg;
const players = seats.length;
const LOWEST = 28, HIGHEST = 56; // F8
const TRUMPS = ["S", "H", "D", "C", "NT"];
// F3: the ranks in the pack, high to low (8 and 7 only with eight players), two copies each.
const RANKS = players === 8 ? ["J", "9", "A", "10", "K", "Q", "8", "7"] : ["J", "9", "A", "10", "K", "Q"];
const COPIES = 2;
const CARDS = RANKS.length * SUITS.length * COPIES; // F3: 48, or 64 with eight players
const teamOf = (seat) => seat % teams.length; // F2: sides alternate, pairs sit opposite
// F6: the teams out of tables (the template marks their boxes): their seats sit out of the auction.
const out = new Set(Array.from(root.querySelectorAll("[data-out]"), (box) => Number(box.dataset.out)));
/** F7: the first to call, the seat after the dealer still in the game. */
const firstCaller = (dealer) => Array.from(seats, (_, k) => (dealer + 1 + k) % players).find((s) => !out.has(teamOf(s)));
const name = (seat) => seats[seat];

let live = null; // the live state as the API last answered, or null when there is none
const pad = { dealer: cfg.nextDealer, bid: LOWEST, trump: null };

/** The lowest bid still possible: one above the highest so far (F8). */
function lowestBid(state) {
  const bids = state ? state.auction.calls.filter((c) => c.call === "bid").map((c) => c.value) : [];
  return Math.min(HIGHEST, bids.length ? Math.max(...bids) + 1 : LOWEST);
}

/** The bid pad starts again from the lowest bid still possible, no trump tapped. */
function freshPad(state) {
  pad.bid = lowestBid(state);
  pad.trump = null;
}

// -- drawing -------------------------------------------------------------------------------
const chip = (seat) => h("span", { class: `seat-chip team-${teamOf(seat)}` }, name(seat));

function status(state) {
  if (state.phase === "auction") return _("Auction · {player} to call", { player: name(state.next_seat) });
  return _("Trick {number} · {player} to play", { number: state.trick.number, player: name(state.next_seat) });
}

/** Each team's box: its card points and tricks so far (F14). */
function drawTeams() {
  teams.forEach((_, team) => {
    const points = root.querySelector(`[data-points="${team}"]`);
    const tricks = root.querySelector(`[data-tricks="${team}"]`);
    points.textContent = live ? live.points[team] : "–";
    tricks.textContent = live ? ngettext("· {n} trick", "· {n} tricks", live.tricks_won[team]) : "";
  });
}

function startForm() {
  $("start-panel").replaceChildren(
    h("h2", { id: "start-h" }, _("Start deal {number}", { number: cfg.number })),
    newGame ? h("p", { "data-testid": "new-game" }, _("The last game is won: this deal starts a new one, every team with its tables again (F6).")) : "",
    h("h3", {}, _("Dealer")),
    h("div", { class: "live-seats", "data-testid": "dealer" }, choices(seats.map((_, s) => s), {
      pressed: (s) => s === pad.dealer, tap: (s) => { pad.dealer = s; deal.render(); },
      cls: (s) => `owner live-seat team-${teamOf(s)}`, label: (s) => _("{player} deals", { player: name(s) }), text: name,
    })),
    h("p", { class: "muted small" }, _("{player} calls first (F7).", { player: name(firstCaller(pad.dealer)) })),
    noteBox(deal.note),
    h("button", { type: "button", class: "button big", id: "start-button", disabled: deal.busy,
      onclick: () => deal.write("POST", cfg.api, { dealer: pad.dealer }) }, _("Start")),
  );
}

/** A contract as the table says it: "28♦", "28♦ doubled", "30 NT redoubled". */
function contractText(c) {
  const bid = callText({ call: "bid", value: c.value, trump: c.trump });
  if (c.double === 2) return _("{bid} redoubled", { bid });
  return c.double === 1 ? _("{bid} doubled", { bid }) : bid;
}

/** The auction, the contract, the trick on the table and the last one; once over, the result. */
function tableView() {
  const items = [h("h2", { id: "floor-h" }, live.phase === "auction" ? _("The auction") : _("The tricks"))];
  const calls = live.auction.calls.length ? h("ol", { class: "fs-calls", "data-testid": "calls" },
    live.auction.calls.map((c) => h("li", {}, chip(c.seat), " ", callText(c))))
    : h("p", { class: "muted small", "data-testid": "calls" }, _("No calls yet."));
  // Once the tricks begin the calls fold away: the trick is what the table looks at.
  items.push(live.phase === "auction" ? calls : h("details", { class: "fs-auction" },
    h("summary", {}, ngettext("The auction ({n} call)", "The auction ({n} calls)", live.auction.calls.length)), calls));
  if (live.contract) {
    const said = { bid: h("strong", {}, contractText(live.contract)), player: name(live.contract.seat), team: teams[live.contract.team] };
    items.push(h("p", { class: "fs-contract", "data-testid": "contract" }, inSentence(live.phase === "auction"
      ? _("Standing: {bid} by {player} ({team})") : _("Contract: {bid} by {player} ({team})"), said)));
  }
  if (live.finished && live.contract) items.push(resultLine(live), movedLine());
  if (live.trick) items.push(trickView(live.trick, _("Trick {number}", { number: live.trick.number }), "trick"));
  const last = live.tricks[live.tricks.length - 1];
  if (last) {
    const won = ngettext("Trick {number} to {who}: {n} point", "Trick {number} to {who}: {n} points", last.points,
      { number: last.number, who: name(last.winner) });
    items.push(trickView(last, won, "last-trick"));
  }
  const voids = live.voids.map((suits, seat) => (suits.length
    ? _("{player}: no {suits}", { player: name(seat), suits: suits.map((s) => SYMBOL[s]).join(" ") }) : null)).filter(Boolean);
  if (voids.length) items.push(h("p", { class: "muted small" }, _("Shown void (F12) · {voids}", { voids: voids.join(" · ") })));
  $("floor-panel").replaceChildren(...items);
}

/** F14: made when the contracting team's card points reach the bid. */
function resultLine(state) {
  const c = state.contract, took = state.points[c.team];
  const said = { team: teams[c.team], bid: c.value, took };
  return h("p", { class: "fs-result", "data-testid": "result" }, took >= c.value
    ? inSentence(_("{team} bid {bid} and took {took}: {made}."), { ...said, made: h("strong", {}, _("made")) })
    : inSentence(_("{team} bid {bid} and took {took}: {lost}."), { ...said, lost: h("strong", {}, _("lost")) }));
}

// F15–F17: the tables a recorded deal moved, as the session's standing counts them (it knows
// what each team held), read once per deal: its number → [[from, to, n], …] (null while asked).
const moved = new Map();

async function readMoved(number) {
  moved.set(number, null);
  const answer = await request("GET", sessionApi(cfg));
  const done = answer.status === 200 && answer.data.standing.deals.find((d) => d.number === number);
  if (!done) return; // not recorded (or not reachable): the line is left out
  moved.set(number, done.transfers);
  if (live && live.finished) tableView();
}

function movedLine() {
  const number = (deal.ended && deal.ended.number) || cfg.number;
  if (!moved.has(number)) readMoved(number);
  const transfers = moved.get(number);
  if (!transfers) return "";
  const paid = transfers.map(([from, to, n]) =>
    ngettext("{from} → {to}: {n} table", "{from} → {to}: {n} tables", n, { from: teams[from], to: teams[to] }));
  return h("p", { class: "fs-moved", "data-testid": "tables-moved" }, paid.length
    ? _("Tables moved (F15–F17): {moves}.", { moves: paid.join(" · ") }) : _("Tables moved (F15–F17): none."));
}

function trickView(trick, title, testid) {
  return h("div", { class: "fs-trick", "data-testid": testid },
    h("p", { class: "fs-trick-head" }, title),
    h("div", { class: "fs-trick-cards" }, trick.cards.map((p) => h("div", { class: "fs-played" }, tile(p.card), chip(p.seat)))));
}

// The calls other than a bid, each with its button's word.
const OTHER_CALLS = [["pass", () => _("Pass")], ["double", () => _("Double")], ["redouble", () => _("Redouble")]];

/** The play panel: the call pad in the auction, then the cards; a tap sends the play at once. */
function playPanel() {
  $("play-panel").replaceChildren(...(live.phase === "auction" ? callPad() : cardPad()), ...deal.playFoot(null));
}

const sendPlay = (move) => deal.play({ seat: live.next_seat, ...move });

function callPad() {
  const who = name(live.next_seat);
  const top = live.auction.calls.some((c) => c.call === "bid" && c.value === HIGHEST); // F8: none higher
  const bid = h("button", { type: "button", class: "button big", id: "bid-button", disabled: top || !pad.trump || deal.busy,
    onclick: () => sendPlay({ call: "bid", value: pad.bid, trump: pad.trump }) },
  top ? _("No bid above {bid} (F8)", { bid: HIGHEST })
    : pad.trump ? _("Bid {bid}", { bid: callText({ call: "bid", value: pad.bid, trump: pad.trump }) }) : _("Bid (tap a trump)"));
  const bids = h("div", { class: "bid-pad", "aria-label": _("The bid") });
  // F8: a bid must top the standing one: the pad offers nothing lower.
  drawBidPad(bids, { value: pad.bid, lowest: lowestBid(live), disabled: top, pick: (n) => { pad.bid = n; deal.render(); } });
  return [
    h("h2", { id: "play-h" }, _("{player}'s call", { player: who })),
    h("div", { class: "fs-bid" }, h("span", { class: "big-number", id: "bid-value" }, pad.bid)),
    bids,
    h("div", { class: "values live-choices fs-trumps" }, TRUMPS.map((t) => h("button", {
      type: "button", class: `value suit-${t}`, dataset: { trump: t }, "aria-pressed": String(pad.trump === t),
      "aria-label": _("Trump {trump}", { trump: trumpSpoken(t) }), onclick: () => { pad.trump = pad.trump === t ? null : t; deal.render(); },
    }, t === "NT" ? "NT" : SYMBOL[t]))),
    bid,
    h("div", { class: "fs-other-calls" }, OTHER_CALLS.map(([c, text]) => h("button", {
      type: "button", class: "button secondary", id: `${c}-button`, disabled: deal.busy, onclick: () => sendPlay({ call: c }),
    }, text()))),
  ];
}

/** The pack's cards for this table, less the copies already played: one button per card. */
function cardPad() {
  const played = {};
  live.plays.filter((p) => p.card).forEach((p) => { played[p.card] = (played[p.card] || 0) + 1; });
  const who = name(live.next_seat);
  return [
    h("h2", { id: "play-h" }, _("Tap the card {player} plays", { player: who })),
    // Eight ranks a suit (eight players, F3) take one row each, as the checker's deck does.
    h("div", { class: "deck live-deck", dataset: { columns: RANKS.length, rove: "deck" } }, SUITS.map((suit) => h("div", { class: "suit-row", dataset: { suit } },
      RANKS.map((r) => r + suit).filter((c) => (played[c] || 0) < COPIES).map((code) => h("button", {
        type: "button", class: `pick suit-${suit}`, dataset: { card: code }, "aria-label": _("{player} plays {card}", { player: who, card: spoken(code) }),
        disabled: deal.busy, onclick: () => sendPlay({ card: code }),
      }, h("span", { class: "rank" }, rankText(code)), h("span", { class: "suit" }, SYMBOL[suitOf(code)]),
      (played[code] || 0) ? h("span", { class: "fs-left small" }, ngettext("{n} left", "{n} left", COPIES - played[code])) : null))))),
  ];
}

// What the driver draws through; take(state), floor() and scores() draw any state alone.
const page = {
  take: moveKeeper(freshPad, (state) => { live = state; }), plays: CARDS,
  startHint: _("Start the deal: who deals."), status, scores: drawTeams, start: startForm, floor: tableView, play: playPanel,
  restart: (taken) => { pad.dealer = taken.dealer; },
  // A refused call or turn said from the engine's data, with the players' and teams' names.
  refusal: (note) => note.kind === "refused" && refusalText(note.code, note.params, { player: name, team: (t) => teams[t] }),
};
const deal = liveDeal(cfg, page);
deal.begin();
