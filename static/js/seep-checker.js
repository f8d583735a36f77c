// Seep move checker: lay out a position by tapping cards, choose a move, ask the API.
// The whole question lives in `state`; every change redraws the page from it, writes it
// into the address (so the link can be shared) and asks /api/v1/check and /api/v1/moves.
// Seep's own part: its zones (hand, loose, houses), its state and link, and its answers;
// the card picker, card notation, link helpers and request sequencing are shared modules.
import { RANKS, names, parseCard, pretty, rankText } from "./cards.js";
import { byId as $, capital, h, setRadio, tile, tiles } from "./dom.js";
import { askedInAddress, cardReader, copyButton, dotted, linkTo, number, query, remember, showNotes, undotted } from "./link.js";
import { createPicker } from "./picker.js";
import { debounce, latestWins, postJson } from "./requests.js";
import { showProblem, showVerdict } from "./verdict.js";

const HOUSE_VALUES = [9, 10, 11, 12, 13];
const ACTIONS = ["capture", "build", "raise", "throw"];
const PLURAL = { capture: "captures", build: "builds", raise: "raises", throw: "throws" };
const LIST_LIMIT = 500; // moves asked of /moves when the list is open
const GROUP_SHOWN = 25; // moves written out per group before "and N more"

// -- cards: a Seep card's value is its rank, ace 1 to king 13 --------------------------------
const valueOf = (code) => RANKS.indexOf(rankText(code)) + 1;
const sum = (cards) => cards.reduce((total, c) => total + valueOf(c), 0);

// -- the question --------------------------------------------------------------------------
let houseIds = 0;
const blankMove = () => ({ card: null, action: null, loose: [], house: false, value: null, raise: null });
const blankState = () => ({
  players: 4, seat: 0, hand: [], loose: [], houses: [], bid: null, last: false,
  capture: "maximal", throw: "strict", move: blankMove(),
});
let state = blankState();
let listOpen = false;
let lastList = null; // the last answer of /moves

const newHouse = (value, cards, owners) => ({ id: "h" + (++houseIds), value, cards, owners });
const houseById = (id) => state.houses.find((x) => x.id === id) || null;
const houseOf = (value) => state.houses.find((x) => x.value === value) || null;
const teamOf = (seat) => seat % 2;
const seats = () => Array.from({ length: state.players }, (_, i) => i);

function zoneCards(zone) {
  if (zone === "hand") return state.hand;
  if (zone === "loose") return state.loose;
  const house = houseById(zone);
  return house ? house.cards : null;
}
function whereIs(code) {
  if (state.hand.includes(code)) return "hand";
  if (state.loose.includes(code)) return "loose";
  const house = state.houses.find((x) => x.cards.includes(code));
  return house ? house.id : null;
}
function zoneName(zone, short) {
  if (zone === "hand") return short ? "hand" : "your hand";
  if (zone === "loose") return short ? "floor" : "the loose cards";
  const house = houseById(zone);
  return short ? "H" + house.value : "the house of " + house.value;
}
function removeCard(code) {
  ["hand", "loose"].forEach((zone) => { state[zone] = state[zone].filter((c) => c !== code); });
  state.houses.forEach((house) => { house.cards = house.cards.filter((c) => c !== code); });
}
function addCard(code, zone) {
  if (whereIs(code)) return false;
  zoneCards(zone).push(code);
  return true;
}

/** Seep's zones for the card picker: the hand, the loose cards and each house. */
const zones = {
  list: () => ["hand", "loose", ...state.houses.map((x) => x.id)],
  label: (zone) => (zone === "hand" ? "Hand" : zone === "loose" ? "Loose" : "House " + houseById(zone).value),
  name: zoneName,
  has: (zone) => Boolean(zoneCards(zone)),
  whereIs,
  add: addCard,
  remove: removeCard,
  clear: () => { state.hand = []; state.loose = []; state.houses = []; },
};

function positionJson() {
  return {
    players: state.players, seat: state.seat, hand: state.hand.slice(), loose: state.loose.slice(),
    houses: state.houses.map((x) => ({ value: x.value, cards: x.cards.slice(), owners: x.owners.slice().sort() })),
    opening_bid: state.bid, last_play: state.last,
    options: { capture: state.capture, throw: state.throw },
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
  if (!m.card) return { hint: "Tap the card you play." };
  const card = pretty(m.card);
  if (!m.action) return { hint: `Now tap what ${card} does: capture, build, raise or throw.` };
  if (m.action === "capture") return { move: { card: m.card, action: "capture", loose: m.loose.slice(), house: m.house } };
  if (m.action === "build") {
    const value = buildValue();
    if (!value) return { hint: "Tap the house value, 9 to 13." };
    return { move: { card: m.card, action: "build", value, loose: m.loose.slice() } };
  }
  if (m.action === "raise") {
    if (m.raise === null) {
      return { hint: state.houses.length ? `Tap the house that ${card} raises.` : "There is no house on the floor to raise." };
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
  if (state.capture !== "maximal") parts.push("capture=" + state.capture);
  if (state.throw !== "strict") parts.push("throw=" + state.throw);
  const m = state.move;
  if (m.card) {
    const extra = { capture: m.house ? "h" : "", build: m.value || "", raise: m.raise === null ? "" : m.raise, throw: "" }[m.action] || "";
    parts.push("move=" + [m.action || "", m.card, dotted(m.loose), extra].join(":").replace(/:+$/, ""));
  }
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
    if (value === null || s.houses.some((x) => x.value === value)) { notes.push(`“house=${text}” was left out`); return; }
    const owners = undotted(o).map((x) => number(x, 0, s.players - 1)).filter((x) => x !== null);
    s.houses.push(newHouse(value, cards(c), owners.length ? [...new Set(owners)] : [s.seat]));
  });
  s.bid = number(q.get("bid"), 9, 13);
  s.last = ["1", "true", "yes"].includes(q.get("last"));
  s.capture = q.get("capture") === "free" ? "free" : "maximal";
  s.throw = q.get("throw") === "matching" ? "matching" : "strict";
  const move = q.get("move");
  if (move) {
    const [action, card, loose, extra] = move.split(":");
    s.move.card = parseCard(card || "");
    s.move.action = ACTIONS.includes(action) ? action : null;
    s.move.loose = undotted(loose).map(parseCard).filter(Boolean);
    if (s.move.action === "capture") s.move.house = extra === "h";
    if (s.move.action === "build") s.move.value = number(extra, 9, 13);
    if (s.move.action === "raise") s.move.raise = number(extra, 9, 13);
  }
  return s;
}

// -- building the page -------------------------------------------------------------------
let root = null;
let picker = null;
const seatChip = (seat) => h("span", { class: `seat-chip team-${teamOf(seat)}` }, seat);

function renderTable() {
  setRadio(root, "players", state.players);
  setRadio(root, "seat", state.seat);
  setRadio(root, "bid", state.bid || "");
  setRadio(root, "last", state.last ? "1" : "0");
  setRadio(root, "capture", state.capture);
  setRadio(root, "throw", state.throw);
  root.querySelectorAll('input[name="seat"]').forEach((input) => {
    const hidden = Number(input.value) >= state.players;
    input.disabled = hidden;
    input.closest(".segment").hidden = hidden;
  });
  $("teams-note").hidden = state.players !== 4;
  $("rules-summary").textContent = `capture ${state.capture} · throw ${state.throw}`;
}

function houseNote(house) {
  if (house.cards.length < 2) return "A house needs two cards or more.";
  const total = sum(house.cards);
  if (total === house.value) return `${total}: ordinary (one set)`;
  if (total % house.value === 0) return `${total}: cemented (${total / house.value} sets)`;
  return `The cards add to ${total}, not sets of ${house.value}.`;
}

function renderHouse(house) {
  const values = HOUSE_VALUES.map((v) => h("button", {
    type: "button", class: "value", "aria-pressed": String(house.value === v),
    disabled: v !== house.value && Boolean(houseOf(v)), "aria-label": `House of ${v}`,
    onclick: () => { house.value = v; changed(true); },
  }, v));
  const owners = seats().map((seat) => h("button", {
    type: "button", class: `owner team-${teamOf(seat)}`, "aria-pressed": String(house.owners.includes(seat)),
    "aria-label": `Seat ${seat} owns the house of ${house.value}`,
    onclick: () => {
      house.owners = house.owners.includes(seat) ? house.owners.filter((o) => o !== seat) : [...house.owners, seat];
      changed(true);
    },
  }, seat));
  return h("div", { class: "zone house" + (picker.isTarget(house.id) ? " is-target" : ""), dataset: { zone: house.id, value: house.value } },
    h("div", { class: "house-head" }, h("h3", {}, "House of"), h("div", { class: "values", role: "group", "aria-label": "House value" }, values)),
    h("div", { class: "house-owners" }, h("span", { class: "muted small" }, "Owners (seats)"),
      h("div", { class: "owners", role: "group", "aria-label": "Owners" }, owners)),
    h("div", { class: "tiles" }, picker.zoneTiles(house.id, house.cards)),
    h("div", { class: "house-foot" }, h("span", { class: "muted small house-note" }, houseNote(house)),
      h("button", {
        type: "button", class: "button secondary small",
        onclick: () => {
          state.houses = state.houses.filter((x) => x !== house);
          if (picker.target === house.id) picker.target = "loose";
          changed(true);
        },
      }, "Remove house")));
}

function renderZones() {
  ["hand", "loose"].forEach((zone) => {
    const box = root.querySelector(`[data-tiles="${zone}"]`);
    box.replaceChildren(...picker.zoneTiles(zone, state[zone]));
    root.querySelector(`[data-count="${zone}"]`).textContent = state[zone].length ? `(${state[zone].length})` : "";
    box.closest(".zone").classList.toggle("is-target", picker.isTarget(zone));
  });
  $("houses").replaceChildren(...state.houses.map(renderHouse));
  $("add-house").hidden = state.houses.length >= HOUSE_VALUES.length;
}

function renderMove() {
  const m = state.move;
  const empty = state.hand.length === 0;
  $("move-empty").hidden = !empty;
  $("move-chooser").hidden = empty;
  $("move-hand").replaceChildren(...state.hand.map((c) => tile(c, {
    "aria-pressed": String(m.card === c), "aria-label": `Play ${pretty(c)}`,
    onclick: () => { m.card = m.card === c ? null : c; tidyMove(); changed(false); },
  })));
  root.querySelectorAll("#actions .action").forEach((button) => {
    button.setAttribute("aria-pressed", String(button.dataset.action === m.action));
  });
  const showFloor = Boolean(m.action) && m.action !== "throw";
  $("step3").hidden = !showFloor;
  const card = m.card ? pretty(m.card) : "the card";
  $("step3-h").textContent = {
    capture: `3. Tap what ${card} takes`,
    build: "3. Tap the loose cards it builds with, and the house value",
    raise: `3. Tap the house ${card} raises`,
  }[m.action] || "";
  $("build-values").hidden = m.action !== "build";
  const effective = m.action === "build" ? buildValue() : null;
  root.querySelectorAll("#build-values .value").forEach((button) => {
    const v = Number(button.dataset.value);
    button.setAttribute("aria-pressed", String(v === effective));
    button.classList.toggle("auto", v === effective && !m.value);
  });
  if (showFloor) $("move-floor").replaceChildren(...moveFloor());
}

/** The floor in the move chooser: loose cards to tick, houses to take, build on or raise. */
function moveFloor() {
  const m = state.move;
  const looseActive = m.action === "capture" || m.action === "build";
  const loose = state.loose.length
    ? h("div", { class: "tiles" }, state.loose.map((c) => tile(c, {
      "aria-pressed": String(m.loose.includes(c)), disabled: !looseActive,
      "aria-label": `${m.action === "build" ? "Build with" : "Take"} ${pretty(c)}`,
      onclick: () => { m.loose = m.loose.includes(c) ? m.loose.filter((x) => x !== c) : [...m.loose, c]; changed(false); },
    })))
    : h("p", { class: "muted small" }, "No loose cards.");
  const houses = state.houses.map((house) => {
    let pressed = false, active = true, label;
    if (m.action === "capture") {
      active = Boolean(m.card) && valueOf(m.card) === house.value;
      pressed = active && m.house;
      label = active ? `Take the house of ${house.value}` : `${playedName()} cannot take the house of ${house.value}`;
    } else if (m.action === "build") {
      pressed = buildValue() === house.value;
      label = `Build on the house of ${house.value}`;
    } else {
      pressed = m.raise === house.value;
      label = `Raise the house of ${house.value}` + (m.card ? ` to ${house.value + valueOf(m.card)}` : "");
    }
    return h("button", {
      type: "button", class: "house-pick", "aria-pressed": String(pressed), disabled: !active, "aria-label": label,
      dataset: { house: house.value },
      onclick: () => {
        if (m.action === "capture") m.house = !m.house;
        else if (m.action === "build") m.value = m.value === house.value ? null : house.value;
        else m.raise = m.raise === house.value ? null : house.value;
        changed(false);
      },
    }, h("span", { class: "house-title" }, `House of ${house.value}`,
      h("span", { class: "owners-inline" }, house.owners.slice().sort().map(seatChip))),
    h("span", { class: "mini" }, house.cards.map((c) => tile(c))));
  });
  return [loose, ...houses];
}
const playedName = () => (state.move.card ? pretty(state.move.card) : "This card");

function render() {
  renderTable();
  renderZones();
  picker.render();
  renderMove();
  $("share-url").value = linkTo(encode());
  $("list-moves").textContent = listOpen ? "Hide the list" : "What can I play?";
  $("list-moves").setAttribute("aria-expanded", String(listOpen));
}

// -- changes -------------------------------------------------------------------------------
let layoutChanged = false;
const askSoon = debounce(() => { const l = layoutChanged; layoutChanged = false; ask(l); }, 150);
/** Something changed: redraw now, update the link, ask the API a moment later. */
function changed(layout) {
  if (layout) { tidyMove(); layoutChanged = true; }
  render();
  remember(encode());
  askSoon();
}

// -- the API -------------------------------------------------------------------------------
let api = null;
const checks = latestWins(), lists = latestWins();
let listBusy = false, listError = null;

/** Check the move (and so the layout); list every move only when the player asked. */
function ask(layout) {
  const position = positionJson();
  askCheck(position, layout);
  if (layout) {
    if (listOpen) askMoves(position);
    else lastList = null; // it no longer answers for these cards
  }
}

async function askCheck(position, layout) {
  const question = checks.begin();
  const { move, hint: text } = moveJson();
  let answer = null;
  if (move) {
    $("verdict").classList.add("pending");
    answer = await postJson(api.check, { game: api.game, position, move });
  } else if (layout) {
    // No move yet: check a throw all the same, only to hear whether the layout can be.
    // (/moves would say so too, but it may work for seconds on a crowded floor.)
    const probe = { card: state.hand[0] || "AS", action: "throw" };
    answer = await postJson(api.check, { game: api.game, position, move: probe });
  }
  if (!question.isLatest()) return; // a newer question has been asked
  if (answer) showProblem($("layout-problem"), answer.ok ? null : answer.message);
  showVerdict($("verdict"), move ? answer : { hint: state.hand.length ? text : "" }, afterMove);
}

async function askMoves(position) {
  const question = lists.begin({ abortable: true }); // a slow answer must not hold up the next questions
  listBusy = true;
  renderList();
  const answer = await postJson(api.moves, { game: api.game, position, limit: LIST_LIMIT }, question.signal);
  if (!question.isLatest() || answer.aborted) return;
  listBusy = false;
  lastList = answer.ok ? answer.data : null;
  listError = answer.ok ? null : answer.message;
  renderList();
}
const countText = (n) => (n === 1 ? "1 legal move" : `${n} legal moves`);

// -- the verdict ---------------------------------------------------------------------------
/** What a legal move takes and leaves: the cards taken, a sweep, the floor and hand after it. */
function afterMove(a) {
  const after = a.after;
  const parts = [];
  if (a.captured) {
    parts.push(h("div", { class: "after-row" }, h("span", { class: "after-label" }, "Taken"), tiles(a.captured, "small")));
    parts.push(h("p", { class: "sweep" + (a.sweep ? " is-sweep" : "") },
      a.sweep ? `Sweep! ${a.sweep_points} points` + (a.sweep_points === 0 ? " (none on the last play)" : "") : "No sweep: cards stay on the floor."));
  }
  parts.push(h("h3", {}, "After the move"));
  parts.push(h("div", { class: "after-row" }, h("span", { class: "after-label" }, "Loose"),
    after.loose.length ? tiles(after.loose, "small") : h("span", { class: "muted" }, "none")));
  after.houses.forEach((house) => parts.push(h("div", { class: "after-row" },
    h("span", { class: "after-label" }, `House of ${house.value}`,
      h("span", { class: "muted small" }, house.cemented ? " cemented" : " ordinary"),
      h("span", { class: "owners-inline" }, house.owners.map(seatChip))),
    tiles(house.cards, "small"))));
  parts.push(h("div", { class: "after-row" }, h("span", { class: "after-label" }, "Your hand"),
    after.hand.length ? tiles(after.hand, "small") : h("span", { class: "muted" }, "empty")));
  return parts;
}

// -- what can I play? ----------------------------------------------------------------------
/** A listed move in words, without its card: "capture the house of 13 and 9♦". */
function describe(move) {
  const v = valueOf(move.card);
  if (move.action === "capture") {
    const what = [move.house ? `the house of ${v}` : null, move.loose.length ? names(move.loose) : null].filter(Boolean);
    return "capture " + what.join(" and ");
  }
  if (move.action === "build") {
    const with_ = move.loose.length ? ` with ${names(move.loose)}` : "";
    return houseOf(move.value) ? `add to the house of ${move.value}${with_}` : `build a house of ${move.value}${with_}`;
  }
  if (move.action === "raise") return `raise the house of ${move.house} to ${move.house + v}`;
  return "throw it";
}

function renderList() {
  const box = $("move-list");
  if (!listOpen) { box.replaceChildren(); return; }
  if (listBusy) { box.replaceChildren(h("p", { class: "muted busy" }, "Working out every move…")); return; }
  const data = lastList;
  if (!data) { box.replaceChildren(h("div", { class: "problem" }, h("p", {}, listError || "Fix the cards above to see the moves."))); return; }
  if (!state.hand.length) { box.replaceChildren(h("p", { class: "muted" }, "Your hand is empty: there is nothing to play.")); return; }
  const open = new Set(Array.from(box.querySelectorAll("details[open]")).map((d) => d.dataset.card));
  const listed = {};
  data.moves.forEach((move) => {
    const forCard = listed[move.card] || (listed[move.card] = {});
    (forCard[move.action] || (forCard[move.action] = [])).push(move);
  });
  const head = h("p", { class: "list-head" }, h("strong", {}, countText(data.count)),
    data.count === 0 ? " — every card breaks a rule. Tap a card above to see which." : "");
  const groups = data.by_card.map((entry) => {
    const mine = listed[entry.card] || {};
    const kinds = ACTIONS.filter((a) => entry.actions[a]);
    const summary = kinds.map((a) => {
      const n = entry.actions[a];
      return n === 1 && mine[a] && mine[a].length === 1 ? describe(mine[a][0]) : `${n} ${n === 1 ? a : PLURAL[a]}`;
    }).join(" · ");
    const body = kinds.map((a) => {
      const moves = (mine[a] || []).slice(0, GROUP_SHOWN);
      const more = entry.actions[a] - moves.length;
      return h("div", { class: "kind" },
        h("h4", {}, `${capital(a)} (${entry.actions[a]})`),
        h("ul", { class: "moves" },
          moves.map((move) => h("li", {}, h("button", {
            type: "button", class: "listed-move", onclick: () => choose(move),
          }, capital(describe(move))))),
          more > 0 ? h("li", { class: "more muted" }, `and ${more} more`) : null));
    });
    return h("details", { class: "card-group", dataset: { card: entry.card }, open: open.has(entry.card) },
      h("summary", {}, tile(entry.card, { class: "small" }),
        h("span", { class: "group-text" }, h("strong", {}, pretty(entry.card) + ": "), summary)),
      body);
  });
  const blocked = state.hand.filter((c) => !data.by_card.some((e) => e.card === c));
  const stuck = blocked.length
    ? h("p", { class: "muted small" }, `${names(blocked)}: no legal move.`)
    : null;
  box.replaceChildren(head, ...groups, stuck || "");
}

/** Put a listed move into the move chooser and show its verdict. */
function choose(move) {
  state.move = {
    card: move.card, action: move.action, loose: (move.loose || []).slice(),
    house: move.action === "capture" ? Boolean(move.house) : false,
    value: move.action === "build" ? move.value : null,
    raise: move.action === "raise" ? move.house : null,
  };
  changed(false);
  $("move-panel").scrollIntoView({ behavior: "smooth", block: "start" });
}

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
  else if (name === "capture" || name === "throw") state[name] = value;
}

// -- wiring --------------------------------------------------------------------------------
function start(page) {
  root = page;
  api = { game: root.dataset.game, check: root.dataset.checkUrl, moves: root.dataset.movesUrl };
  picker = createPicker({ zones, first: "hand", changed: () => changed(true), redraw: render });

  $("table-form").addEventListener("submit", (event) => event.preventDefault());
  $("table-form").addEventListener("change", (event) => { tableChoice(event.target); changed(true); });

  $("add-house").addEventListener("click", () => {
    const value = HOUSE_VALUES.slice().reverse().find((v) => !houseOf(v));
    // An opponent owns a new house by default: the mover would have to hold its value (H5).
    const house = newHouse(value, [], [(state.seat + 1) % state.players]);
    state.houses.push(house);
    picker.aim(house.id);
    changed(true);
  });
  $("start-again").addEventListener("click", () => {
    state = blankState(); picker.reset(); listOpen = false;
    changed(true);
    window.scrollTo({ top: 0, behavior: "smooth" });
  });

  $("actions").addEventListener("click", (event) => {
    const button = event.target.closest(".action");
    if (!button) return;
    const m = state.move;
    m.action = m.action === button.dataset.action ? null : button.dataset.action;
    m.value = null; m.raise = null; m.house = false;
    if (m.action === "throw" || m.action === "raise") m.loose = [];
    if (m.action === "raise" && state.houses.length === 1) m.raise = state.houses[0].value;
    changed(false);
  });
  $("build-values").addEventListener("click", (event) => {
    const button = event.target.closest(".value");
    if (!button) return;
    const v = Number(button.dataset.value);
    state.move.value = state.move.value === v ? null : v;
    changed(false);
  });

  $("list-moves").addEventListener("click", () => {
    listOpen = !listOpen;
    render();
    if (listOpen) askMoves(positionJson());
    else { lists.abort(); listBusy = false; renderList(); }
  });

  copyButton($("copy-link"), $("share-url"), $("copy-status"));

  // Start: from the link, if it holds a question.
  const asked = askedInAddress();
  if (asked) {
    const notes = [];
    state = decode(asked, notes);
    picker.open = !state.hand.length && !state.loose.length && !state.houses.length;
    showNotes($("link-notes"), notes);
  } else {
    // A tap made before this script ran has checked its radio: keep it, do not redraw it away.
    $("table-form").querySelectorAll("input:checked").forEach(tableChoice);
  }
  changed(true);
}

const page = document.getElementById("checker");
if (page) start(page);
