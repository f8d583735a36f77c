// A Seep deal followed play by play (/s/<id>/live). Everything shown comes from the live API
// (GET …/live every 2 s with its ETag), so a reload loses nothing and every phone shows the
// same deal. A phone that keeps score (the root's data-token) starts the deal and sends each
// play as {number, seat, …move} (the move exactly as for /api/v1/check); the engine judges it:
// a refusal shows its rule and nothing changes. A watcher's page only follows.
import { DECK, RANKS, names, pretty, rankText, spoken } from "./cards.js";
import { byId as $, h, tile, tiles } from "./dom.js";
import { looseChoice, pileChoice, toggled } from "./floor.js";
import { HOUSE } from "./piles.js";
import { liveConfig, liveDeal, moveKeeper } from "./live-driver.js";
import { cardStep, choices as segmentButtons, deckOf, noteBox, typeBox } from "./live-widgets.js";
import { _, ngettext } from "./words.js";

const root = $("live-deal");
const cfg = liveConfig(root);
const PLAYS = 48; // S4
const HOUSE_VALUES = [9, 10, 11, 12, 13];
const ACTIONS = [["capture", _("Capture")], ["build", _("Build")], ["raise", _("Raise")], ["throw", _("Throw")]];
const players = cfg.seats.length;
const teamOf = (seat) => seat % 2;
const after = (seat) => (seat + 1) % players;
const valueOf = (code) => RANKS.indexOf(rankText(code)) + 1;
const sum = (cards) => cards.reduce((total, c) => total + valueOf(c), 0);
const seatName = (seat) => cfg.seats[seat];

// -- what the page knows -------------------------------------------------------------------
let live = null; // the live state as the API last answered, or null when there is none
const blankMove = () => ({ card: null, action: null, loose: [], house: false, value: null, raise: null });
let move = blankMove();
const start = { dealer: cfg.nextDealer, bid: null, floor: [] };


// -- the move being entered ----------------------------------------------------------------
const houses = () => (live ? live.position.houses : []);
const houseOf = (value) => houses().find((x) => x.value === value) || null;
const seen = () => new Set(live ? [...live.floor, ...live.plays.map((p) => p.card)] : []);

/** A build's value when none is tapped: the largest that fits the cards. */
function autoValue() {
  if (!move.card) return null;
  const cards = [move.card, ...move.loose];
  const total = sum(cards), top = Math.max(...cards.map(valueOf));
  return HOUSE_VALUES.slice().reverse().find((v) => total % v === 0 && top <= v) || null;
}
const buildValue = () => move.value || autoValue();

/** The play to send, or a hint of what is still to choose. */
function playJson() {
  if (!move.card) return { hint: _("Tap the card {player} plays.", { player: seatName(live.next_seat) }) };
  if (!move.action) return { hint: _("Now tap what {card} does.", { card: pretty(move.card) }) };
  const base = { seat: live.next_seat, card: move.card, action: move.action };
  if (move.action === "capture") {
    if (!move.loose.length && !move.house) return { hint: _("Tap the cards it takes.") };
    return { play: { ...base, loose: move.loose.slice(), house: move.house } };
  }
  if (move.action === "build") {
    const value = buildValue();
    return value ? { play: { ...base, value, loose: move.loose.slice() } } : { hint: _("Tap the house value, 9 to 13.") };
  }
  if (move.action === "raise") return move.raise === null ? { hint: _("Tap the house it raises.") } : { play: { ...base, house: move.raise } };
  return { play: base };
}

// -- drawing -------------------------------------------------------------------------------
const seatChip = (seat) => h("span", { class: `seat-chip team-${teamOf(seat)}` }, seatName(seat));
function renderScores() {
  [0, 1].forEach((team) => {
    const points = root.querySelector(`[data-points="${team}"]`);
    const sweeps = root.querySelector(`[data-sweeps="${team}"]`);
    const word = root.querySelector(`[data-points-word="${team}"]`);
    // The number and its word are apart in the page: the word's form follows the number.
    if (!live) { points.textContent = "–"; word.textContent = ngettext("point", "points", 0); sweeps.textContent = ""; return; }
    points.textContent = live.captured_points[team];
    word.textContent = ngettext("point", "points", live.captured_points[team]); // "1 point", "2 points"
    const mine = live.sweeps.filter((s) => s.team === team);
    const extra = mine.reduce((total, s) => total + s.points, 0);
    sweeps.textContent = mine.length ? ngettext("· {n} sweep ({points})", "· {n} sweeps ({points})", mine.length, { points: extra }) : "";
  });
}

/** A play in words: "Asha captured 9♦ and 4♣ with K♠". */
function describe(play) {
  const who = seatName(play.seat), card = pretty(play.card), v = valueOf(play.card);
  const loose = play.loose && play.loose.length ? names(play.loose) : null;
  if (play.action === "capture") {
    if (play.house && loose) return _("{who} captured the house of {value} and {loose} with {card}", { who, value: v, loose, card });
    if (play.house) return _("{who} captured the house of {value} with {card}", { who, value: v, card });
    return _("{who} captured {loose} with {card}", { who, loose, card });
  }
  if (play.action === "build") {
    return loose ? _("{who} built {card} with {loose} into the house of {value}", { who, card, loose, value: play.value })
      : _("{who} built {card} into the house of {value}", { who, card, value: play.value });
  }
  if (play.action === "raise") return _("{who} raised the house of {value} with {card}", { who, value: play.house, card });
  return _("{who} threw {card}", { who, card });
}

function houseLine(house) {
  const owners = house.owners.map(seatName);
  return h("div", { class: "live-house", dataset: { house: house.value } },
    h("div", { class: "live-house-head" }, h("strong", {}, _("House of {value}", { value: house.value })),
      h("span", { class: "muted small" }, " ", house.cemented ? _("cemented") : _("not cemented")),
      h("span", { class: "small live-owners" }, " · ", _("owned by {owners}", { owners: names(owners, String) }))),
    tiles(house.cards, "small"));
}

function renderFloor() {
  const box = $("floor-panel");
  const last = live.plays[live.plays.length - 1];
  const lastSweep = last && live.sweeps.find((s) => s.play === live.plays.length);
  box.replaceChildren(
    h("h2", { id: "floor-h" }, _("The floor")),
    h("div", { class: "live-loose", "data-testid": "loose" },
      live.position.loose.length ? tiles(live.position.loose) : h("p", { class: "muted" }, _("No loose cards."))),
    ...live.position.houses.map(houseLine),
    ...(live.flags || []).map((f) => h("p", { class: "live-flag small" }, h("span", { class: "rule-id" }, f.rule), " ", f.reason)),
    last ? h("p", { class: "live-last", "data-testid": "last-play" }, _("Play {number}: {play}.", { number: live.plays.length, play: describe(last) }),
      lastSweep ? h("strong", {}, " ", _("Sweep! {points}", { points: lastSweep.points })) : "") : h("p", { class: "muted small" },
      _("{dealer} dealt; {bidder} bid {value} and plays first.", { dealer: seatName(live.dealer), bidder: seatName(live.bid.seat), value: live.bid.value })),
    live.finished && live.residue && live.residue.cards.length ? h("p", { class: "small" },
      _("Left on the floor: {cards}, to {team} (E1).", { cards: names(live.residue.cards), team: cfg.teams[live.residue.team] })) : "",
  );
}

function renderStart() {
  const box = $("start-panel");
  const bidder = after(start.dealer);
  const dealers = Array.from({ length: players }, (_, i) => i);
  const ready = start.bid !== null && start.floor.length === 4;
  box.replaceChildren(
    h("h2", { id: "start-h" }, _("Start deal {number}", { number: cfg.number })),
    h("h3", {}, _("Dealer")),
    h("div", { class: "live-seats", "data-testid": "dealer" }, segmentButtons(dealers, {
      pressed: (s) => s === start.dealer, tap: (s) => { start.dealer = s; render(); },
      cls: (s) => `owner live-seat team-${teamOf(s)}`, label: (s) => _("{player} deals", { player: seatName(s) }), text: seatName,
    })),
    h("h3", {}, _("Bid by {player}", { player: seatName(bidder) })),
    h("div", { "data-testid": "bid" }, segmentButtons(HOUSE_VALUES, {
      pressed: (v) => v === start.bid, tap: (v) => { start.bid = v; render(); }, label: (v) => _("Bid {bid}", { bid: v }),
    })),
    h("h3", {}, _("Floor cards ({count} of 4)", { count: start.floor.length })),
    h("div", { class: "tiles live-start-floor", dataset: { rove: "start-floor" } }, start.floor.map((c) => tile(c, {
      "aria-label": _("{card}: tap to take it off the floor", { card: spoken(c) }), onclick: () => { start.floor = start.floor.filter((x) => x !== c); render(); },
    }))),
    typeBox("floor-search", _("Type the floor: ks 4h 9c 10d"), (cards) => {
      start.floor.push(...cards);
      render();
      $("floor-search").focus();
    }, (c, taken, word) => (start.floor.includes(c) || taken.includes(c) ? _("“{word}” is on the floor already.", { word })
      : start.floor.length + taken.length >= 4 ? _("“{word}” would be a fifth card: the floor has four.", { word }) : null)),
    deckOf(DECK, {
      pressed: (c) => start.floor.includes(c), label: (c) => _("{card} on the floor", { card: spoken(c) }),
      tap: (c) => {
        if (start.floor.includes(c)) start.floor = start.floor.filter((x) => x !== c);
        else if (start.floor.length < 4) start.floor.push(c);
        render();
      },
    }),
    noteBox(deal.note),
    h("button", { type: "button", class: "button big", id: "start-button", disabled: !ready || deal.busy,
      onclick: () => write("POST", cfg.api, { dealer: start.dealer, bid: { seat: bidder, value: start.bid }, floor: start.floor.slice() }),
    }, ready ? _("Start") : _("Start (choose the bid and 4 floor cards)")),
  );
}

function renderPlay() {
  const box = $("play-panel");
  const mover = seatName(live.next_seat);
  const unseen = DECK.filter((c) => !seen().has(c));
  const wanted = playJson();
  const items = [
    h("h2", { id: "play-h" }, _("Play {number}: {player}", { number: live.plays.length + 1, player: mover })),
    ...cardStep(mover, unseen, move.card, (card) => { move.card = card; tidy(); render(); }),
    h("h3", {}, _("2. What it does")),
    h("div", { class: "actions4", id: "actions" }, ACTIONS.map(([action, text]) => h("button", {
      type: "button", class: "action", dataset: { action }, "aria-pressed": String(move.action === action),
      disabled: action === "raise" && !houses().length,
      onclick: () => {
        move.action = move.action === action ? null : action;
        move.loose = []; move.house = false; move.value = null; move.raise = null;
        if (move.action === "raise" && houses().length === 1) move.raise = houses()[0].value;
        render();
      },
    }, text))),
  ];
  if (move.action && move.action !== "throw") {
    const step = { capture: () => _("3. Tap what it takes"), build: () => _("3. Tap the loose cards put in, and the house value"),
      raise: () => _("3. Tap the house it raises") }[move.action];
    items.push(h("h3", {}, step()), h("div", { id: "move-floor" }, moveFloor()));
  }
  if (move.action === "build") {
    items.push(h("div", { class: "build-values", id: "build-values" }, h("span", { class: "muted small" }, _("House value")),
      segmentButtons(HOUSE_VALUES, { pressed: (v) => v === buildValue(), label: (v) => _("House of {value}", { value: v }),
        tap: (v) => { move.value = v; render(); } })));
  }
  items.push(...deal.playFoot(wanted));
  box.replaceChildren(...items);
}

/** Drop the parts of the move the card no longer allows. */
function tidy() {
  if (move.house && !(move.card && houseOf(valueOf(move.card)))) move.house = false;
}

function moveFloor() {
  const m = move;
  const loose = looseChoice(live.position.loose, {
    chosen: m.loose, active: m.action === "capture" || m.action === "build",
    label: (c) => (m.action === "build" ? _("Build with {card}", { card: spoken(c) }) : _("Take {card}", { card: spoken(c) })),
    tap: (c) => { m.loose = toggled(m.loose, c); render(); },
  });
  const piles = houses().map((house) => {
    let pressed, active = true, label;
    if (m.action === "capture") {
      active = Boolean(m.card) && valueOf(m.card) === house.value;
      pressed = active && m.house;
      label = _("Take the house of {value}", { value: house.value });
    } else if (m.action === "build") {
      pressed = buildValue() === house.value;
      label = _("Build on the house of {value}", { value: house.value });
    } else {
      pressed = m.raise === house.value;
      label = _("Raise the house of {value}", { value: house.value });
    }
    return pileChoice(house, {
      word: "house", says: HOUSE, pressed, active, label, chips: house.owners.map(seatChip),
      tap: () => {
        if (m.action === "capture") m.house = !m.house;
        else if (m.action === "build") m.value = house.value;
        else m.raise = house.value;
        render();
      },
    });
  });
  return [loose, ...piles];
}

// What the driver draws through; take(state), floor() and scores() draw any state alone.
const page = {
  // A new state: the move being chosen is kept only while the deal has not moved on.
  take: moveKeeper(() => { move = blankMove(); }, (state) => { live = state; }),
  plays: PLAYS, startHint: _("Start the deal: the dealer, the bid and the four floor cards."),
  status: (state) => _("Play {number} of {plays} · {player} to play", { number: state.plays.length + 1, plays: PLAYS, player: seatName(state.next_seat) }),
  scores: renderScores, start: renderStart, floor: renderFloor, play: renderPlay,
  restart: (taken) => Object.assign(start, { dealer: taken.dealer, bid: taken.bid.value, floor: taken.floor.slice() }),
};
const deal = liveDeal(cfg, page);
const { render, write } = deal;
deal.begin();
