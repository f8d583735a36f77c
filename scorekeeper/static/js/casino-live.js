// A Casino deal followed play by play (/s/<id>/live), as Seep's seep-live.js: everything shown
// comes from GET …/live (polled every 2 s with its ETag), so a reload loses nothing and every
// phone shows the same deal. A scorer's phone (data-token) starts the deal {dealer, table} and
// sends each play {number, seat, …move} (the move as for /api/v1/check); the engine judges it.
import { DECK, names, pretty, rankText, spoken } from "./cards.js";
import { byId as $, h, inSentence, tile, tiles } from "./dom.js";
import { looseChoice, pileChoice, toggled } from "./floor.js";
import { BUILD } from "./piles.js";
import { liveConfig, liveDeal, moveKeeper, named } from "./live-driver.js";
import { cardStep, choices, deckOf, noteBox, typeBox } from "./live-widgets.js";
import { _, ngettext, pgettext } from "./words.js";

const root = $("live-deal");
const cfg = liveConfig(root);
// K3: in Royal Casino an ace may be played as 14 (the page offers it only there), as the
// session's option `aces` lets it: `choice`, `capturing` (only a capture) or `one` (never).
const script = $("casino-live-script");
const royal = script?.dataset.royal === "true";
const aces = script?.dataset.aces || "choice";
const PLAYS = 48; // K2: 52 cards less the table's 4
const TOP = royal ? (aces === "one" ? 13 : 14) : 10; // K5: classic 2-10, Royal 2-14 (13: aces 1)
const BUILD_VALUES = Array.from({ length: TOP - 1 }, (_, i) => i + 2);
const ACTIONS = [["capture", _("Capture")], ["build", _("Build")], ["raise", _("Raise")], ["trail", _("Trail")]];
const ACE_SUITS = ["♠", "♣", "♥", "♦"]; // the record's order of aces (K11)
const sides = cfg.teams.length;
const sideOf = (seat) => seat % sides; // K1
const seatName = (seat) => cfg.seats[seat];
const valueOf = (code) => ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].indexOf(rankText(code)) + 1;

let live = null; // the live state as last answered, or null when there is none
const blankMove = () => ({ card: null, action: null, loose: [], builds: [], value: null, raise: null, ace14: false });
let move = blankMove();
const start = { dealer: cfg.nextDealer, table: [] };


// -- the move being entered ----------------------------------------------------------------
const builds = () => (live ? live.position.builds : []);
const seen = () => new Set(live ? [...live.table, ...live.plays.map((p) => p.card)] : []);
const played = () => (move.ace14 ? 14 : valueOf(move.card));
/** Whether a played ace may count 14 in this action (K3: the option `aces`). */
const highAllowed = (action) => royal && aces !== "one" && !(aces === "capturing" && (action === "build" || action === "raise"));
/**
 * The values the build could have (K5): its cards (a Royal loose ace as 1 or 14, K3) in sets
 * of one sum, at least the top card; a card alone only joins a build of its value (K7).
 */
function fits() {
  if (!move.card) return [];
  const cards = [played(), ...move.loose.map(valueOf)];
  if (!royal && cards.some((v) => v > 10)) return []; // K3: classic faces do not build
  // K3: a loose ace may count 14 only with `aces: choice`.
  const high14 = royal && aces === "choice" ? move.loose.filter((c) => rankText(c) === "A").length : 0;
  const total = cards.reduce((t, v) => t + v, 0), top = Math.max(...cards);
  return BUILD_VALUES.filter((v) => (move.loose.length || builds().some((b) => b.value === v))
    && Array.from({ length: high14 + 1 }, (_, high) => high).some((high) =>
      (total + 13 * high) % v === 0 && v >= (high ? 14 : top)));
}
/** The value tapped, or the only one the cards allow; null asks for it (as Seep's house value). */
function buildValue() {
  const values = fits();
  return move.value || (values.length === 1 ? values[0] : null);
}

/** The play to send, or a hint of what is still to choose. */
function playJson() {
  const mover = seatName(live.next_seat);
  if (!move.card) return { hint: _("Tap the card {player} plays.", { player: mover }) };
  if (!move.action) return { hint: _("Now tap what {card} does.", { card: pretty(move.card) }) };
  const base = { seat: live.next_seat, card: move.card, action: move.action, ...(move.ace14 ? { ace: 14 } : {}) };
  if (move.action === "capture") {
    if (!move.loose.length && !move.builds.length) return { hint: _("Tap the loose cards and builds it takes.") };
    return { play: { ...base, loose: move.loose.slice(), builds: move.builds.slice() } };
  }
  if (move.action === "build") {
    const value = buildValue();
    if (value) return { play: { ...base, value, loose: move.loose.slice() } };
    return { hint: move.loose.length ? _("Tap the build's value, 2 to {top}.", { top: TOP })
      : _("Tap the loose cards it builds with, and the build's value.") };
  }
  if (move.action === "raise") {
    if (move.raise === null) return { hint: _("Tap the build it raises.") };
    return { play: { ...base, build: move.raise, ...(move.loose.length ? { loose: move.loose.slice() } : {}) } };
  }
  return { play: base };
}

// -- drawing -------------------------------------------------------------------------------
const seatChip = (seat) => h("span", { class: `seat-chip team-${sideOf(seat)}` }, seatName(seat));

/** Each side's box: what it has taken so far (cards, spades, aces, casinos, sweeps). */
function renderTaken() {
  root.querySelectorAll(".live-team-score").forEach((box) => {
    const side = Number(box.closest("[data-team]").dataset.team);
    if (!live) { box.replaceChildren(h("span", { class: "big-number", dataset: { points: side } }, "–")); return; }
    const t = live.taken;
    const aces = t.aces.map((s, i) => (s === side ? "A" + ACE_SUITS[i] : null)).filter(Boolean);
    const extras = [...aces, t.big_casino === side ? "10♦" : null, t.little_casino === side ? "2♠" : null].filter(Boolean);
    box.replaceChildren(
      h("span", { class: "big-number", dataset: { points: side } }, t.cards[side]), " ",
      // The number and its word are apart in the page: the word's form follows the number.
      h("span", { class: "small" }, ngettext("card", "cards", t.cards[side])),
      h("span", { class: "small live-taken", dataset: { taken: side } }, ` · ${t.spades[side]}♠`,
        extras.length ? ` · ${extras.join(" ")}` : "",
        t.sweeps[side] ? [" · ", ngettext("{n} sweep", "{n} sweeps", t.sweeps[side])] : ""));
  });
}

/**
 * The last play in words, `after` it the position: "Asha captured 9♦, 4♣ and the build of 8
 * with 8♠", "Ravi built 6♦ with 4♥ and 10♥ into a multiple build of 10", "Asha raised the
 * build of 3 to 4 with A♦, taking in 2♠ and 2♥".
 */
function describe(play, after) {
  const who = seatName(play.seat), card = pretty(play.card);
  const loose = play.loose || [];
  if (play.action === "capture") {
    const taken = [...loose.map(pretty), ...(play.builds || []).map((v) => _("the build of {value}", { value: v }))];
    return _("{who} captured {taken} with {card}", { who, taken: names(taken, String), card });
  }
  const worth = play.ace === 14 ? 14 : valueOf(play.card); // K3
  if (play.action === "build") {
    // A build of that value already there is joined (K5, K7): it holds more than these cards.
    const build = after.builds.find((b) => b.value === play.value);
    if (build && build.cards.length > loose.length + 1) {
      return _("{who} added {cards} to the build of {value}", { who, cards: names([play.card, ...loose]), value: play.value });
    }
    const multiple = loose.reduce((t, c) => t + valueOf(c), worth) > play.value;
    const said = { who, card, loose: names(loose), value: play.value };
    if (loose.length) {
      return multiple ? _("{who} built {card} with {loose} into a multiple build of {value}", said)
        : _("{who} built {card} with {loose} into a build of {value}", said);
    }
    return multiple ? _("{who} built {card} into a multiple build of {value}", said) : _("{who} built {card} into a build of {value}", said);
  }
  if (play.action === "raise") {
    const said = { who, from: play.build, to: play.build + worth, card, loose: names(loose) };
    return loose.length // loose sets of the new value (K6)
      ? _("{who} raised the build of {from} to {to} with {card}, taking in {loose}", said)
      : _("{who} raised the build of {from} to {to} with {card}", said);
  }
  return _("{who} trailed {card}", { who, card });
}

function buildLine(build) {
  return h("div", { class: "live-house live-build", dataset: { build: build.value } },
    h("div", { class: "live-house-head" }, h("strong", {}, _("Build of {value}", { value: build.value })),
      h("span", { class: "small live-owners" }, " · ", _("owned by {owners}", { owners: seatName(build.owner) })),
      build.multiple ? h("span", { class: "muted small" }, " · ", _("multiple")) : ""),
    tiles(build.cards, "small"));
}

function renderFloor() {
  const last = live.plays[live.plays.length - 1];
  $("floor-panel").replaceChildren(
    h("h2", { id: "floor-h" }, pgettext("the cards on it", "The table")),
    h("div", { class: "live-loose", "data-testid": "loose" },
      live.position.loose.length ? tiles(live.position.loose) : h("p", { class: "muted" }, _("No loose cards."))),
    ...live.position.builds.map(buildLine),
    ...(live.flags || []).map((f) => h("p", { class: "live-flag small", "data-testid": "flag" },
      h("span", { class: "rule-id" }, f.rule), " ", named(f.reason || f.message || "", cfg.seats))),
    last ? h("p", { class: "live-last", "data-testid": "last-play" },
      _("Play {number}: {play}.", { number: live.plays.length, play: describe(last, live.position) }))
      : h("p", { class: "muted small" },
        _("{dealer} dealt; {player} plays first.", { dealer: seatName(live.dealer), player: seatName(live.next_seat) })),
    live.residue && live.residue.cards.length ? h("p", { class: "small", "data-testid": "residue" },
      _("Left on the table: {cards}, to {team} (K10).", { cards: names(live.residue.cards), team: cfg.teams[live.residue.side] })) : "",
    live.points ? pointsLine(live.points) : "",
  );
}

/** What the deal scored, side by side: the engine's own count of its record (K11, K12 with sweeps). */
function pointsLine(points) {
  const rules = live.taken.sweeps.some(Boolean) ? "K11, K12" : "K11";
  const scored = points.flatMap((p, side) => [side ? " · " : "", h("span", { dataset: { dealPoints: side } },
    `${cfg.teams[side]} `, h("strong", {}, String(p)))]);
  return h("p", { class: "live-result", "data-testid": "deal-points" },
    inSentence(_("This deal scores ({rules}): {points}."), { rules, points: scored }));
}

function renderStart() {
  const seats = cfg.seats.map((_, i) => i);
  const ready = start.table.length === 4;
  const toggle = (c) => {
    if (start.table.includes(c)) start.table = start.table.filter((x) => x !== c);
    else if (start.table.length < 4) start.table.push(c);
    render();
  };
  $("start-panel").replaceChildren(
    h("h2", { id: "start-h" }, _("Start deal {number}", { number: cfg.number })),
    h("h3", {}, _("Dealer")),
    h("div", { class: "live-seats", "data-testid": "dealer" }, choices(seats, {
      pressed: (s) => s === start.dealer, tap: (s) => { start.dealer = s; render(); },
      cls: (s) => `owner live-seat team-${sideOf(s)}`, label: (s) => _("{player} deals", { player: seatName(s) }), text: seatName,
    })),
    h("h3", {}, _("Table cards ({count} of 4)", { count: start.table.length })),
    h("div", { class: "tiles live-start-floor", dataset: { rove: "start-floor" } }, start.table.map((c) => tile(c, {
      "aria-label": _("{card}: tap to take it off the table", { card: spoken(c) }), onclick: () => toggle(c) }))),
    typeBox("floor-search", _("Type the table: ks 4h 9c 10d"), (cards) => {
      start.table.push(...cards);
      render();
      $("floor-search").focus();
    }, (c, taken, word) => (start.table.includes(c) || taken.includes(c) ? _("“{word}” is on the table already.", { word })
      : start.table.length + taken.length >= 4 ? _("“{word}” would be a fifth card: the table has four.", { word }) : null)),
    deckOf(DECK, { pressed: (c) => start.table.includes(c), label: (c) => _("{card} on the table", { card: spoken(c) }), tap: toggle }),
    noteBox(deal.note),
    h("button", { type: "button", class: "button big", id: "start-button", disabled: !ready || deal.busy,
      onclick: () => write("POST", cfg.api, { dealer: start.dealer, table: start.table.slice() }),
    }, ready ? _("Start") : _("Start (choose the 4 table cards)")),
  );
}

function renderPlay() {
  const mover = seatName(live.next_seat);
  const unseen = DECK.filter((c) => !seen().has(c));
  const wanted = playJson();
  const items = [
    h("h2", { id: "play-h" }, _("Play {number}: {player}", { number: live.plays.length + 1, player: mover })),
    ...cardStep(mover, unseen, move.card, (card) => { move.card = card; move.ace14 = false; render(); }),
    highAllowed(move.action) && move.card && rankText(move.card) === "A" ? h("button", { type: "button", class: "button secondary", id: "ace-14",
      "aria-pressed": String(move.ace14), onclick: () => { move.ace14 = !move.ace14; render(); } },
    move.ace14 ? _("The ace counts 14 (K3): tap for 1") : _("The ace counts 1: tap for 14 (K3)")) : null,
    h("h3", {}, _("2. What it does")),
    h("div", { class: "actions4", id: "actions" }, ACTIONS.map(([action, text]) => h("button", {
      type: "button", class: "action", dataset: { action }, "aria-pressed": String(move.action === action),
      disabled: action === "raise" && !builds().length,
      onclick: () => {
        const next = move.action === action ? null : action;
        move = { ...blankMove(), card: move.card, ace14: move.ace14 && highAllowed(next), action: next };
        if (move.action === "raise" && builds().length === 1) move.raise = builds()[0].value;
        render();
      },
    }, text))),
  ];
  if (move.action && move.action !== "trail") {
    const step = { capture: () => _("3. Tap the loose cards and builds it takes"),
      build: () => _("3. Tap the loose cards put in, and the build's value"), raise: () => _("3. Tap the build it raises") }[move.action];
    items.push(h("h3", {}, step()), h("div", { id: "move-floor" }, moveFloor()));
  }
  if (move.action === "build") {
    items.push(h("div", { class: "build-values", id: "build-values" }, h("span", { class: "muted small" }, _("Build value")),
      choices(BUILD_VALUES, { pressed: (v) => v === buildValue(), label: (v) => _("Build of {value}", { value: v }),
        tap: (v) => { move.value = v; render(); } })));
  }
  if (move.action === "raise" && move.raise !== null && move.card) {
    items.push(h("p", { class: "small", id: "raise-to" }, _("The build of {from} becomes {to}.", { from: move.raise, to: move.raise + played() })));
  }
  items.push(...deal.playFoot(wanted));
  // The ace button is null unless offered (K3): replaceChildren would write "null".
  $("play-panel").replaceChildren(...items.filter(Boolean));
}

/** The loose cards and builds to tap for the chosen action. */
function moveFloor() {
  const m = move;
  const loose = looseChoice(live.position.loose, {
    chosen: m.loose, active: true,
    label: (c) => (m.action === "capture" ? _("Take {card}", { card: spoken(c) }) : _("Put in {card}", { card: spoken(c) })),
    tap: (c) => { m.loose = toggled(m.loose, c); render(); },
  });
  const piles = builds().map((build) => {
    const pressed = m.action === "capture" ? m.builds.includes(build.value)
      : m.action === "build" ? buildValue() === build.value : m.raise === build.value;
    const label = { capture: () => _("Take the build of {value}", { value: build.value }),
      build: () => _("Add to the build of {value}", { value: build.value }),
      raise: () => _("Raise the build of {value}", { value: build.value }) }[m.action]();
    return pileChoice(build, {
      word: "build", says: BUILD, pressed, active: true, label, chips: [seatChip(build.owner)],
      tap: () => {
        if (m.action === "capture") m.builds = toggled(m.builds, build.value);
        else if (m.action === "build") m.value = build.value;
        else m.raise = build.value;
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
  plays: PLAYS, startHint: _("Start the deal: the dealer and the four table cards."),
  status: (state) => _("Round {round} of {rounds} · Play {number} of {plays} · {player} to play",
    { round: state.round, rounds: state.rounds, number: state.plays.length + 1, plays: PLAYS, player: seatName(state.next_seat) }),
  scores: renderTaken, start: renderStart, floor: renderFloor, play: renderPlay,
  restart: (taken) => Object.assign(start, { dealer: taken.dealer, table: taken.table.slice() }),
};
const deal = liveDeal(cfg, page);
const { render, write } = deal;
deal.begin();
