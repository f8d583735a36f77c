// Casino move checker: lay out a position by tapping cards, choose a move, ask the API.
// The whole question lives in `state`; every change redraws the page from it, writes it
// into the address (so the link can be shared) and asks /api/v1/check and /api/v1/moves.
// Casino's own part: its values (K3), its builds of one owner, a Royal ace's 1 or 14, its
// moves, its link and its answers; the page of a floor game (floor-page.js, shared with Seep)
// does the rest.
import { RANKS, names, pretty, rankText, spoken } from "./cards.js";
import { byId as $, h, setRadio } from "./dom.js";
import { afterRows, looseChoice, moveParam, pileChoice, pileEditor, readMove, toggled } from "./floor.js";
import { createFloorPage } from "./floor-page.js";
import { BUILD } from "./piles.js";
import { cardReader, dotted, number, query, undotted } from "./link.js";
import { _, ngettext } from "./words.js";

const PLAYERS = [2, 3, 4]; // K1
const TOP = { classic: 10, royal: 14 }; // K5: builds run 2-10, in Royal 2-14
const ACES = ["choice", "capturing", "one"]; // K3: Royal's option `aces`
/** The highest build value (K5): 13 in Royal when aces always count 1 (nobody holds a 14). */
const topOf = (s) => (s.variant === "royal" && s.aces === "one" ? 13 : TOP[s.variant]);
const ACTIONS = ["capture", "build", "raise", "trail"];
// Each kind of move in words: the list's headings and counts.
const KINDS = {
  capture: { title: _("Capture"), count: (n) => ngettext("{n} capture", "{n} captures", n) },
  build: { title: _("Build"), count: (n) => ngettext("{n} build", "{n} builds", n) },
  raise: { title: _("Raise"), count: (n) => ngettext("{n} raise", "{n} raises", n) },
  trail: { title: _("Trail"), count: (n) => ngettext("{n} trail", "{n} trails", n) },
};
// The moves that name loose cards: a raise too, for the loose sets it takes in (K6).
const LOOSE_WITH = ["capture", "build", "raise"];

// -- values (K3): classic faces have none; Royal J=11 Q=12 K=13, an ace 1 or 14 ----------------
const FACES = { J: 11, Q: 12, K: 13 };
const valueOf = (code, variant) => {
  const rank = rankText(code);
  if (rank in FACES) return variant === "royal" ? FACES[rank] : null;
  return RANKS.indexOf(rank) + 1;
};
const isAce = (code) => rankText(code) === "A";
const buildValues = (s) => Array.from({ length: topOf(s) - 1 }, (_, i) => i + 2);

// -- the question --------------------------------------------------------------------------
let buildIds = 0;
const blankMove = () => ({ card: null, action: null, loose: [], builds: [], value: null, raise: null, ace: 1 });
const blankState = () => ({ players: 2, seat: 0, variant: "classic", aces: "choice", hand: [], loose: [], builds: [], move: blankMove() });
let state = blankState();

const newBuild = (value, cards, owner) => ({ id: "b" + (++buildIds), value, cards, owner });
const buildOf = (value) => state.builds.find((x) => x.value === value) || null;
const seats = () => Array.from({ length: state.players }, (_, i) => i);
const value = (code) => valueOf(code, state.variant);
/** The value the played card counts: a Royal ace played as 14 counts 14 (K3). */
const playedValue = () => (state.move.ace === 14 && aceChoice() ? 14 : value(state.move.card));
/** Whether the move's card is an ace whose value the player chooses (Royal, K3): never when aces
 * always count 1, and only in a capture when only a capturing ace counts 14. */
const aceChoice = () => state.variant === "royal" && state.aces !== "one" && Boolean(state.move.card)
  && isAce(state.move.card) && !(state.aces === "capturing" && ["build", "raise"].includes(state.move.action));

function positionJson() {
  return {
    players: state.players, seat: state.seat, variant: state.variant, options: { aces: state.aces },
    hand: state.hand.slice(), loose: state.loose.slice(),
    builds: state.builds.map((x) => ({ value: x.value, cards: x.cards.slice(), owner: x.owner })),
  };
}

/** The value a build makes when none was tapped: one the hand holds for it, else the largest (K5). */
function autoValue() {
  const m = state.move;
  if (!m.card) return null;
  const values = [playedValue(), ...m.loose.map(value)];
  if (values.includes(null)) return null;
  const total = values.reduce((a, b) => a + b, 0), top = Math.max(...values);
  const fits = buildValues(state).filter((v) => total % v === 0 && v >= top).reverse();
  const held = fits.filter((v) => state.hand.some((c) => c !== m.card && value(c) === v));
  return held[0] || fits[0] || null;
}
const buildValue = () => state.move.value || autoValue();

/** The move to send, or a hint saying what is still to choose. */
function moveJson() {
  const m = state.move;
  if (!m.card) return { hint: _("Tap the card you play.") };
  const card = pretty(m.card);
  if (!m.action) return { hint: _("Now tap what {card} does: capture, build, raise or trail.", { card }) };
  const ace = aceChoice() && m.ace === 14 && m.action !== "trail" ? { ace: 14 } : {};
  if (m.action === "capture") return { move: { card: m.card, action: "capture", loose: m.loose.slice(), builds: m.builds.slice(), ...ace } };
  if (m.action === "build") {
    const v = buildValue();
    if (!v) return { hint: _("Tap the build value, 2 to {top}.", { top: topOf(state) }) };
    return { move: { card: m.card, action: "build", value: v, loose: m.loose.slice(), ...ace } };
  }
  if (m.action === "raise") {
    if (m.raise === null) {
      return { hint: state.builds.length ? _("Tap the build that {card} raises.", { card }) : _("There is no build on the table to raise.") };
    }
    const loose = m.loose.length ? { loose: m.loose.slice() } : {}; // loose sets taken in (K6)
    return { move: { card: m.card, action: "raise", build: m.raise, ...loose, ...ace } };
  }
  return { move: { card: m.card, action: "trail" } };
}

/** After the layout changes, drop the parts of the move that no longer exist. */
function tidyMove() {
  const m = state.move;
  if (m.card && !state.hand.includes(m.card)) m.card = null;
  m.loose = m.loose.filter((c) => state.loose.includes(c));
  m.builds = m.builds.filter((v) => buildOf(v));
  if (m.raise !== null && !buildOf(m.raise)) m.raise = null;
  if (m.value !== null && m.value > topOf(state)) m.value = null;
  if (!aceChoice()) m.ace = 1;
}

// -- the link ------------------------------------------------------------------------------
function encode() {
  const parts = [`players=${state.players}`, `seat=${state.seat}`, `variant=${state.variant}`];
  if (state.aces !== "choice") parts.push(`aces=${state.aces}`);
  if (state.hand.length) parts.push("hand=" + dotted(state.hand));
  if (state.loose.length) parts.push("loose=" + dotted(state.loose));
  state.builds.forEach((x) => parts.push(`build=${x.value}:${dotted(x.cards)}:${x.owner}`));
  const m = state.move;
  if (m.card) parts.push(moveParam(m, { capture: dotted(m.builds), build: m.value || "", raise: m.raise ?? "" }[m.action]));
  if (m.card && m.ace === 14) parts.push("ace=14");
  return query(parts);
}

/** Read a shared link back into a state; `notes` collects what could not be read. */
function decode(search, notes) {
  const q = new URLSearchParams(search);
  const s = blankState();
  const cards = cardReader(notes);
  s.players = PLAYERS.includes(Number(q.get("players"))) ? Number(q.get("players")) : 2;
  s.seat = number(q.get("seat"), 0, s.players - 1) ?? 0;
  s.variant = q.get("variant") === "royal" ? "royal" : "classic";
  s.aces = ACES.includes(q.get("aces")) ? q.get("aces") : "choice";
  s.hand = cards(q.get("hand"));
  s.loose = cards(q.get("loose"));
  q.getAll("build").forEach((text) => {
    const [v, c, o] = text.split(":");
    const built = number(v, 2, topOf(s));
    if (built === null || s.builds.some((x) => x.value === built)) { notes.push(_("“{part}” was left out", { part: `build=${text}` })); return; }
    s.builds.push(newBuild(built, cards(c), number(o, 0, s.players - 1) ?? (s.seat + 1) % s.players));
  });
  const extra = readMove(q.get("move"), ACTIONS, s.move);
  if (extra !== null) {
    const top = topOf(s);
    if (s.move.action === "capture") s.move.builds = undotted(extra).map((x) => number(x, 2, top)).filter((x) => x !== null);
    if (s.move.action === "build") s.move.value = number(extra, 2, top);
    if (s.move.action === "raise") s.move.raise = number(extra, 2, top);
    s.move.ace = q.get("ace") === "14" ? 14 : 1;
  }
  return s;
}

// -- building the page ---------------------------------------------------------------------
const changed = (layout) => page.changed(layout);
const seatChip = (seat) => h("span", { class: `seat-chip team-${seat}` }, seat);

function renderTable(root) {
  setRadio(root, "players", state.players);
  setRadio(root, "seat", state.seat);
  setRadio(root, "variant", state.variant);
  setRadio(root, "aces", state.aces);
  $("aces-option").hidden = state.variant !== "royal"; // K3: the option is Royal's
}

/** What a build's cards make: {total, sets} of its value (one: single, more: multiple,
 * K5-K6), or {problem} in words when they make none. */
function buildShape(build) {
  const values = build.cards.map(value);
  if (build.cards.length < 2) return { problem: _("A build needs two cards or more.") };
  if (values.includes(null)) return { problem: _("Face cards do not build in classic Casino (K3).") };
  const total = values.reduce((a, b) => a + b, 0);
  if (total === build.value) return { total, sets: 1 };
  // In Royal an ace may count 14 (13 more than 1) in a set of its own, if aces count 1 or 14 (K3).
  const aces = state.variant === "royal" && state.aces === "choice" ? values.filter((v) => v === 1).length : 0;
  for (let fourteens = 0; fourteens <= aces; fourteens += 1) {
    const sum = total + 13 * fourteens;
    if (sum % build.value === 0 && sum > build.value) return { total: sum, sets: sum / build.value };
  }
  return { problem: _("The cards add to {total}, not sets of {value}.", { total, value: build.value }) };
}

/** The note under a build being laid out: "12: a multiple build (2 sets)". */
function buildNote(build) {
  const { problem, total, sets } = buildShape(build);
  if (problem) return problem;
  return sets === 1 ? _("{total}: a single build", { total })
    : ngettext("{total}: a multiple build ({n} set)", "{total}: a multiple build ({n} sets)", sets, { total });
}

/** What a build left after a move is: "single build", "multiple build (2 sets)". */
function buildKind(build) {
  const { problem, sets } = buildShape(build);
  if (problem) return problem;
  return sets === 1 ? _("single build") : ngettext("multiple build ({n} set)", "multiple build ({n} sets)", sets);
}

function renderBuild(build) {
  return pileEditor(build, {
    word: "build", says: BUILD, values: buildValues(state), taken: (v) => Boolean(buildOf(v)),
    owners: {
      title: _("Owner (seat)"), seats: seats(), team: (seat) => seat, owns: (seat) => build.owner === seat,
      label: (seat) => _("Seat {seat} owns the build of {value}", { seat, value: build.value }),
      tap: (seat) => { build.owner = seat; changed(true); },
    },
    cardTiles: page.picker.zoneTiles(build.id, build.cards), note: buildNote(build), target: page.picker.isTarget(build.id),
    setValue: (v) => { build.value = v; changed(true); },
    remove: () => {
      state.builds = state.builds.filter((x) => x !== build);
      if (page.picker.target === build.id) page.picker.target = "loose";
      changed(true);
    },
  });
}

/** Casino's own part of the move chooser: a Royal ace's value, build values up to 10 or 14. */
function renderMove(root) {
  $("ace-choice").hidden = !aceChoice();
  root.querySelectorAll("#ace-choice .value").forEach((button) => {
    button.setAttribute("aria-pressed", String(Number(button.dataset.value) === state.move.ace));
  });
  root.querySelectorAll("#build-values .value").forEach((button) => {
    button.hidden = Number(button.dataset.value) > topOf(state);
  });
}

/** The table in the move chooser: loose cards to tick, builds to take, build on or raise. */
function moveFloor() {
  const m = state.move;
  const loose = looseChoice(state.loose, {
    chosen: m.loose, active: LOOSE_WITH.includes(m.action),
    label: (c) => looseLabel(m.action, spoken(c)),
    tap: (c) => { m.loose = toggled(m.loose, c); changed(false); },
  });
  const builds = state.builds.map((build) => {
    const v = build.value;
    const action = {
      capture: { pressed: m.builds.includes(v), label: _("Take the build of {value}", { value: v }), tap: () => { m.builds = toggled(m.builds, v); } },
      build: { pressed: buildValue() === v, label: _("Add to the build of {value}", { value: v }), tap: () => { m.value = m.value === v ? null : v; } },
      raise: {
        pressed: m.raise === v,
        label: m.card && playedValue() ? _("Raise the build of {value} to {total}", { value: v, total: v + playedValue() })
          : _("Raise the build of {value}", { value: v }),
        tap: () => { m.raise = m.raise === v ? null : v; },
      },
    }[m.action];
    // Every build can be tapped, even one the card cannot take: the verdict then says why (K4).
    return pileChoice(build, {
      word: "build", says: BUILD, pressed: action.pressed, active: true, label: action.label, chips: [seatChip(build.owner)],
      tap: () => { action.tap(); changed(false); },
    });
  });
  return [loose, ...builds];
}

/** A loose card's button in the move chooser, by what the move does with it. */
function looseLabel(action, card) {
  if (action === "build") return _("Build with {card}", { card });
  if (action === "raise") return _("Take in {card}", { card });
  return _("Take {card}", { card });
}

// -- the answers ---------------------------------------------------------------------------
/** What a legal move takes and leaves: the cards taken, a sweep, the table and hand after it. */
function afterMove(a) {
  const after = a.after;
  return afterRows({
    taken: a.captured,
    note: a.captured && a.sweep ? h("p", { class: "sweep is-sweep" }, _("Sweep! The table is cleared (a point when sweeps count, K12).")) : null,
    loose: after.loose,
    piles: after.builds.map((build) => ({
      label: [BUILD.of(build.value), h("span", { class: "muted small" }, " ", buildKind(build)),
        h("span", { class: "owners-inline" }, seatChip(build.owner))],
      cards: build.cards,
    })),
    hand: after.hand,
  });
}

/** A listed move in words, without its card: "capture the build of 7 and 5♦". */
function describe(move) {
  const said = describeMove(move);
  return move.ace === 14 && move.action !== "trail" ? _("{move} (ace as 14)", { move: said }) : said;
}

/** describe's move, its ace aside. */
function describeMove(move) {
  const cards = move.loose && move.loose.length ? names(move.loose) : null;
  if (move.action === "capture") {
    const taken = move.builds && move.builds.length ? names(move.builds, BUILD.the) : null;
    if (!taken) return _("capture {cards}", { cards });
    return cards ? _("capture {builds} and {cards}", { builds: taken, cards }) : _("capture {builds}", { builds: taken });
  }
  if (move.action === "build") {
    const value = move.value;
    if (buildOf(value)) return cards ? _("add to the build of {value} with {cards}", { value, cards }) : _("add to the build of {value}", { value });
    return cards ? _("build {value} with {cards}", { value, cards }) : _("build {value}", { value });
  }
  if (move.action === "raise") {
    const total = move.build + (move.ace === 14 ? 14 : value(move.card));
    return cards ? _("raise the build of {value} to {total}, taking in {cards}", { value: move.build, total, cards })
      : _("raise the build of {value} to {total}", { value: move.build, total });
  }
  return _("trail it");
}

/** A listed move as the move chooser holds it. */
const toMove = (move) => ({
  card: move.card, action: move.action, loose: (move.loose || []).slice(),
  builds: move.action === "capture" ? (move.builds || []).slice() : [],
  value: move.action === "build" ? move.value : null,
  raise: move.action === "raise" ? move.build : null,
  ace: move.ace === 14 ? 14 : 1,
});

/** A choice of the table form (players, seat, variant, aces) into the state. */
function tableChoice({ name, value: chosen }) {
  if (name === "players") {
    state.players = Number(chosen);
    if (state.seat >= state.players) state.seat = 0;
    state.builds.forEach((build) => { if (build.owner >= state.players) build.owner = state.seat; });
  } else if (name === "seat") state.seat = Number(chosen);
  else if (name === "variant" || name === "aces") {
    if (name === "variant") state.variant = chosen === "royal" ? "royal" : "classic";
    else state.aces = ACES.includes(chosen) ? chosen : "choice";
    state.builds = state.builds.filter((build) => build.value <= topOf(state));
  }
}

// -- wiring --------------------------------------------------------------------------------
const page = createFloorPage({
  piles: "builds", word: "build", says: BUILD, plain: "trail", probe: "trail", actions: ACTIONS, kinds: KINDS,
  looseWith: LOOSE_WITH,
  blankState, state: () => state, setState: (s) => { state = s; },
  encode, decode, tableChoice, renderTable,
  pileEditor: renderBuild, pileValues: () => buildValues(state),
  // An opponent owns a new build by default: owning it, the mover could not trail (K9).
  newPile: () => newBuild(buildValues(state).reverse().find((v) => !buildOf(v)), [], (state.seat + 1) % state.players),
  tidyMove, buildValue, moveFloor, renderMove,
  steps: {
    capture: (card) => (card ? _("3. Tap what {card} takes", { card }) : _("3. Tap what the card takes")),
    build: () => _("3. Tap the loose cards it builds with, and the build value"),
    raise: (card) => (card ? _("3. Tap the build {card} raises, and any loose cards it takes in", { card })
      : _("3. Tap the build the card raises, and any loose cards it takes in")),
  },
  actionChosen: (m) => { m.builds = []; },
  toMove, position: positionJson, move: moveJson, details: afterMove, describe,
});

function start(root) {
  page.start(root);
  $("ace-choice").addEventListener("click", (event) => {
    const button = event.target.closest(".value");
    if (!button) return;
    state.move.ace = Number(button.dataset.value) === 14 ? 14 : 1;
    changed(false);
  });
}

const root = document.getElementById("checker");
if (root) start(root);
