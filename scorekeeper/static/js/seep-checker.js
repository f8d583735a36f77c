// Seep move checker: lay out a position by tapping cards, choose a move, ask the API.
// The whole question lives in `state`; every change redraws the page from it, writes it
// into the address (so the link can be shared) and asks /api/v1/check and /api/v1/moves.
// Seep's own part: its houses (a value, cards, owners), its table form, its moves, its link
// and its answers; the page of a floor game (floor-page.js, shared with Casino) does the rest.
import { RANKS, names, pretty, rankText, spoken } from "./cards.js";
import { byId as $, h, setRadio } from "./dom.js";
import { afterRows, looseChoice, moveParam, pileChoice, pileEditor, readMove, toggled } from "./floor.js";
import { createFloorPage } from "./floor-page.js";
import { HOUSE } from "./piles.js";
import { cardReader, dotted, number, query, undotted } from "./link.js";
import { _, ngettext } from "./words.js";

const HOUSE_VALUES = [9, 10, 11, 12, 13];
const ACTIONS = ["capture", "build", "raise", "throw"];
// Each kind of move in words: the list's headings and counts.
const KINDS = {
  capture: { title: _("Capture"), count: (n) => ngettext("{n} capture", "{n} captures", n) },
  build: { title: _("Build"), count: (n) => ngettext("{n} build", "{n} builds", n) },
  raise: { title: _("Raise"), count: (n) => ngettext("{n} raise", "{n} raises", n) },
  throw: { title: _("Throw"), count: (n) => ngettext("{n} throw", "{n} throws", n) },
};
// The house rules' summary, by choice.
const CAPTURE_RULE = { maximal: _("capture maximal"), free: _("capture free") };
const THROW_RULE = { strict: _("throw strict"), matching: _("throw matching") };
// R3's house rules in the summary, said only when a table changes them.
const RAISE_OWN_RULE = { on: _("own house may be raised") };
const RAISE_PARTNER_RULE = { off: _("partner's house may not be raised") };
// The options a position carries, with the defaults of rules/seep.md (C2, T3, R3).
const OPTIONS = { capture: "maximal", throw: "strict", raise_own: "off", raise_partner: "on" };
const LOOSE_WITH = ["capture", "build"]; // the moves that name loose cards

// -- cards: a Seep card's value is its rank, ace 1 to king 13 --------------------------------
const valueOf = (code) => RANKS.indexOf(rankText(code)) + 1;
const sum = (cards) => cards.reduce((total, c) => total + valueOf(c), 0);

// -- the question --------------------------------------------------------------------------
let houseIds = 0;
const blankMove = () => ({ card: null, action: null, loose: [], house: false, value: null, raise: null });
const blankState = () => ({
  players: 4, seat: 0, hand: [], loose: [], houses: [], bid: null, last: false,
  ...OPTIONS, move: blankMove(),
});
let state = blankState();

const newHouse = (value, cards, owners) => ({ id: "h" + (++houseIds), value, cards, owners });
const houseOf = (value) => state.houses.find((x) => x.value === value) || null;
const teamOf = (seat) => seat % 2;
const seats = () => Array.from({ length: state.players }, (_, i) => i);

function positionJson() {
  return {
    players: state.players, seat: state.seat, hand: state.hand.slice(), loose: state.loose.slice(),
    houses: state.houses.map((x) => ({ value: x.value, cards: x.cards.slice(), owners: x.owners.slice().sort() })),
    opening_bid: state.bid, last_play: state.last,
    options: Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, state[name]])),
  };
}

/** The value a build makes when the player has not tapped one: the largest that fits. */
function autoValue() {
  const m = state.move;
  if (!m.card) return null;
  const cards = [m.card, ...m.loose];
  const total = sum(cards), top = Math.max(...cards.map(valueOf));
  return HOUSE_VALUES.slice().reverse().find((v) => total % v === 0 && top <= v) || null;
}
const buildValue = () => state.move.value || autoValue();

/** The move to send, or a hint saying what is still to choose. */
function moveJson() {
  const m = state.move;
  if (!m.card) return { hint: _("Tap the card you play.") };
  const card = pretty(m.card);
  if (!m.action) return { hint: _("Now tap what {card} does: capture, build, raise or throw.", { card }) };
  if (m.action === "capture") return { move: { card: m.card, action: "capture", loose: m.loose.slice(), house: m.house } };
  if (m.action === "build") {
    const value = buildValue();
    if (!value) return { hint: _("Tap the house value, 9 to 13.") };
    return { move: { card: m.card, action: "build", value, loose: m.loose.slice() } };
  }
  if (m.action === "raise") {
    if (m.raise === null) {
      return { hint: state.houses.length ? _("Tap the house that {card} raises.", { card }) : _("There is no house on the floor to raise.") };
    }
    return { move: { card: m.card, action: "raise", house: m.raise } };
  }
  return { move: { card: m.card, action: "throw" } };
}

/** After the layout changes, drop the parts of the move that no longer exist. */
function tidyMove() {
  const m = state.move;
  if (m.card && !state.hand.includes(m.card)) m.card = null;
  m.loose = m.loose.filter((c) => state.loose.includes(c));
  if (m.raise !== null && !houseOf(m.raise)) m.raise = null;
  if (m.house && !(m.card && houseOf(valueOf(m.card)))) m.house = false;
}

// -- the link ------------------------------------------------------------------------------
function encode() {
  const parts = [`players=${state.players}`, `seat=${state.seat}`];
  if (state.hand.length) parts.push("hand=" + dotted(state.hand));
  if (state.loose.length) parts.push("loose=" + dotted(state.loose));
  state.houses.forEach((x) => parts.push(`house=${x.value}:${dotted(x.cards)}:${dotted(x.owners.slice().sort())}`));
  if (state.bid) parts.push("bid=" + state.bid);
  if (state.last) parts.push("last=1");
  Object.entries(OPTIONS).forEach(([name, usual]) => { if (state[name] !== usual) parts.push(`${name}=${state[name]}`); });
  const m = state.move;
  if (m.card) parts.push(moveParam(m, { capture: m.house ? "h" : "", build: m.value || "", raise: m.raise ?? "" }[m.action]));
  return query(parts);
}

/** Read a shared link back into a state; `notes` collects what could not be read. */
function decode(search, notes) {
  const q = new URLSearchParams(search);
  const s = blankState();
  const cards = cardReader(notes);
  s.players = q.get("players") === "2" ? 2 : 4;
  s.seat = number(q.get("seat"), 0, s.players - 1) ?? 0;
  s.hand = cards(q.get("hand"));
  s.loose = cards(q.get("loose"));
  q.getAll("house").forEach((text) => {
    const [v, c, o] = text.split(":");
    const value = number(v, 9, 13);
    if (value === null || s.houses.some((x) => x.value === value)) { notes.push(_("“{part}” was left out", { part: `house=${text}` })); return; }
    const owners = undotted(o).map((x) => number(x, 0, s.players - 1)).filter((x) => x !== null);
    s.houses.push(newHouse(value, cards(c), owners.length ? [...new Set(owners)] : [s.seat]));
  });
  s.bid = number(q.get("bid"), 9, 13);
  s.last = ["1", "true", "yes"].includes(q.get("last"));
  s.capture = q.get("capture") === "free" ? "free" : "maximal";
  s.throw = q.get("throw") === "matching" ? "matching" : "strict";
  s.raise_own = q.get("raise_own") === "on" ? "on" : "off";
  s.raise_partner = q.get("raise_partner") === "off" ? "off" : "on";
  const extra = readMove(q.get("move"), ACTIONS, s.move);
  if (extra !== null) {
    if (s.move.action === "capture") s.move.house = extra === "h";
    if (s.move.action === "build") s.move.value = number(extra, 9, 13);
    if (s.move.action === "raise") s.move.raise = number(extra, 9, 13);
  }
  return s;
}

// -- building the page -------------------------------------------------------------------
const changed = (layout) => page.changed(layout);
const seatChip = (seat) => h("span", { class: `seat-chip team-${teamOf(seat)}` }, seat);

function renderTable(root) {
  setRadio(root, "players", state.players);
  setRadio(root, "seat", state.seat);
  setRadio(root, "bid", state.bid || "");
  setRadio(root, "last", state.last ? "1" : "0");
  Object.keys(OPTIONS).forEach((name) => setRadio(root, name, state[name]));
  $("teams-note").hidden = state.players !== 4;
  const rules = [CAPTURE_RULE[state.capture], THROW_RULE[state.throw], RAISE_OWN_RULE[state.raise_own], RAISE_PARTNER_RULE[state.raise_partner]];
  $("rules-summary").textContent = rules.filter(Boolean).join(" · ");
}

function houseNote(house) {
  if (house.cards.length < 2) return _("A house needs two cards or more.");
  const total = sum(house.cards);
  if (total === house.value) return _("{total}: ordinary (one set)", { total });
  if (total % house.value === 0) {
    return ngettext("{total}: cemented ({n} set)", "{total}: cemented ({n} sets)", total / house.value, { total });
  }
  return _("The cards add to {total}, not sets of {value}.", { total, value: house.value });
}

function renderHouse(house) {
  return pileEditor(house, {
    word: "house", says: HOUSE, values: HOUSE_VALUES, taken: (v) => Boolean(houseOf(v)),
    owners: {
      title: _("Owners (seats)"), seats: seats(), team: teamOf, owns: (seat) => house.owners.includes(seat),
      label: (seat) => _("Seat {seat} owns the house of {value}", { seat, value: house.value }),
      tap: (seat) => { house.owners = toggled(house.owners, seat); changed(true); },
    },
    cardTiles: page.picker.zoneTiles(house.id, house.cards), note: houseNote(house), target: page.picker.isTarget(house.id),
    setValue: (v) => { house.value = v; changed(true); },
    remove: () => {
      state.houses = state.houses.filter((x) => x !== house);
      if (page.picker.target === house.id) page.picker.target = "loose";
      changed(true);
    },
  });
}

/** The floor in the move chooser: loose cards to tick, houses to take, build on or raise. */
function moveFloor() {
  const m = state.move;
  const loose = looseChoice(state.loose, {
    chosen: m.loose, active: LOOSE_WITH.includes(m.action),
    label: (c) => (m.action === "build" ? _("Build with {card}", { card: spoken(c) }) : _("Take {card}", { card: spoken(c) })),
    tap: (c) => { m.loose = toggled(m.loose, c); changed(false); },
  });
  const houses = state.houses.map((house) => {
    const value = house.value;
    let pressed = false, active = true, label;
    if (m.action === "capture") {
      active = Boolean(m.card) && valueOf(m.card) === value;
      pressed = active && m.house;
      label = active ? _("Take the house of {value}", { value })
        : m.card ? _("{card} cannot take the house of {value}", { card: spoken(m.card), value })
          : _("This card cannot take the house of {value}", { value });
    } else if (m.action === "build") {
      pressed = buildValue() === value;
      label = _("Build on the house of {value}", { value });
    } else {
      pressed = m.raise === value;
      label = m.card ? _("Raise the house of {value} to {total}", { value, total: value + valueOf(m.card) })
        : _("Raise the house of {value}", { value });
    }
    return pileChoice(house, {
      word: "house", says: HOUSE, pressed, active, label, chips: house.owners.slice().sort().map(seatChip),
      tap: () => {
        if (m.action === "capture") m.house = !m.house;
        else if (m.action === "build") m.value = m.value === house.value ? null : house.value;
        else m.raise = m.raise === house.value ? null : house.value;
        changed(false);
      },
    });
  });
  return [loose, ...houses];
}

// -- the verdict ---------------------------------------------------------------------------
/** What a legal move takes and leaves: the cards taken, a sweep, the floor and hand after it. */
function afterMove(a) {
  const after = a.after;
  const sweep = a.captured && h("p", { class: "sweep" + (a.sweep ? " is-sweep" : "") },
    !a.sweep ? _("No sweep: cards stay on the floor.")
      : a.sweep_points === 0 ? _("Sweep! 0 points (none on the last play)")
        : ngettext("Sweep! {n} point", "Sweep! {n} points", a.sweep_points));
  return afterRows({
    taken: a.captured, note: sweep, loose: after.loose,
    piles: after.houses.map((house) => ({
      label: [HOUSE.of(house.value), h("span", { class: "muted small" }, " ", house.cemented ? _("cemented") : _("ordinary")),
        h("span", { class: "owners-inline" }, house.owners.map(seatChip))],
      cards: house.cards,
    })),
    hand: after.hand,
  });
}

// -- what can I play? ----------------------------------------------------------------------
/** A listed move in words, without its card: "capture the house of 13 and 9♦". */
function describe(move) {
  const v = valueOf(move.card);
  const cards = move.loose && move.loose.length ? names(move.loose) : null;
  if (move.action === "capture") {
    if (!move.house) return _("capture {cards}", { cards });
    return cards ? _("capture the house of {value} and {cards}", { value: v, cards }) : _("capture the house of {value}", { value: v });
  }
  if (move.action === "build") {
    const value = move.value;
    if (houseOf(value)) return cards ? _("add to the house of {value} with {cards}", { value, cards }) : _("add to the house of {value}", { value });
    return cards ? _("build a house of {value} with {cards}", { value, cards }) : _("build a house of {value}", { value });
  }
  if (move.action === "raise") return _("raise the house of {value} to {total}", { value: move.house, total: move.house + v });
  return _("throw it");
}

/** A listed move as the move chooser holds it. */
const toMove = (move) => ({
  card: move.card, action: move.action, loose: (move.loose || []).slice(),
  house: move.action === "capture" ? Boolean(move.house) : false,
  value: move.action === "build" ? move.value : null,
  raise: move.action === "raise" ? move.house : null,
});

/** A choice of the table form (players, seat, bid …) into the state. */
function tableChoice({ name, value }) {
  if (name === "players") {
    state.players = Number(value);
    if (state.seat >= state.players) state.seat = 0;
    state.houses.forEach((house) => {
      house.owners = house.owners.filter((o) => o < state.players);
      if (!house.owners.length) house.owners = [state.seat];
    });
  } else if (name === "seat") state.seat = Number(value);
  else if (name === "bid") state.bid = value ? Number(value) : null;
  else if (name === "last") state.last = value === "1";
  else if (Object.hasOwn(OPTIONS, name)) state[name] = value;
}

// -- wiring --------------------------------------------------------------------------------
const page = createFloorPage({
  piles: "houses", word: "house", says: HOUSE, plain: "throw", probe: "throw", actions: ACTIONS, kinds: KINDS,
  looseWith: LOOSE_WITH,
  blankState, state: () => state, setState: (s) => { state = s; },
  encode, decode, tableChoice, renderTable,
  pileEditor: renderHouse, pileValues: () => HOUSE_VALUES,
  // An opponent owns a new house by default: the mover would have to hold its value (H5).
  newPile: () => newHouse(HOUSE_VALUES.slice().reverse().find((v) => !houseOf(v)), [], [(state.seat + 1) % state.players]),
  tidyMove, buildValue, moveFloor, renderMove: () => {},
  steps: {
    capture: (card) => (card ? _("3. Tap what {card} takes", { card }) : _("3. Tap what the card takes")),
    build: () => _("3. Tap the loose cards it builds with, and the house value"),
    raise: (card) => (card ? _("3. Tap the house {card} raises", { card }) : _("3. Tap the house the card raises")),
  },
  actionChosen: (m) => { m.house = false; },
  toMove, position: positionJson, move: moveJson, details: afterMove, describe,
});

const root = document.getElementById("checker");
if (root) page.start(root);
