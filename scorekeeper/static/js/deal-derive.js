// How a deal moves the standing, for the forms a phone draws while it keeps deals offline
// (offline-form.js): each game's step takes the derivation the server put on the page (its
// `derive`: the standing's dealer, lead or tables now, and the rules' figures as the engine
// tabulated them: M5's next dealer, F15/F16's tables moved, K11's points) and one kept deal's form fields, and
// answers the derivation after that deal. Pure: no page, no storage (tests run it against the
// engine's own standing).

const field = (fields, name) => (fields.find(([key]) => key === name) || [])[1] ?? "";
const seatIn = (fields, name, otherwise) => {
  const text = field(fields, name);
  return /^\d+$/.test(text) ? Number(text) : otherwise;
};

/** Seep's deal as entered: each team's card points and deal score (E2, C4). */
function seepPoints(fields, page) {
  const cards = [0, 0], sweeps = [0, 0];
  const give = (team, points, to) => { if (team === "0" || team === "1") to[Number(team)] += points; };
  Object.entries(page.points).forEach(([card, value]) => give(field(fields, `card_${card}`), value, cards));
  [0, 1].forEach((team) => { sweeps[team] += page.sweepPoints.play * seatIn(fields, `sweeps${team}`, 0); });
  give(field(fields, "opening_sweep"), page.sweepPoints.opening, sweeps);
  give(field(fields, "last_sweep"), page.sweepPoints.last, sweeps);
  return { cards, points: [0, 1].map((team) => cards[team] + sweeps[team]) };
}

/** Seep (M1–M3, M5): the lead after the deal, a baazi, and the next dealer. */
function seep(derive, fields, page) {
  const { cards, points } = seepPoints(fields, page);
  const counted = derive.counted === "cards" ? cards : points;
  const dealer = seatIn(fields, "dealer", derive.dealer);
  let lead = derive.lead, outcome;
  const loser = [0, 1].find((team) => counted[team] < derive.under);
  if (loser !== undefined) { // M3: under 9 loses the baazi at once
    lead = 0;
    outcome = `baazi${1 - loser}`;
  } else {
    lead += points[0] - points[1]; // M1
    if (Math.abs(lead) >= derive.target) { // M2
      outcome = `baazi${lead > 0 ? 0 : 1}`;
      lead = 0;
    } else outcome = lead > 0 ? "0" : lead < 0 ? "1" : "level";
  }
  return { ...derive, lead, dealer: derive.m5[dealer][outcome] };
}

// -- Fifty-six (F6, F7, F10, F14–F17) -------------------------------------------------------

/** F6: the last team holding tables wins; null while two or more hold some. */
export function winnerOf(tables) {
  const holding = tables.map((n, team) => (n > 0 ? team : null)).filter((team) => team !== null);
  return holding.length === 1 ? holding[0] : null;
}

/** The next seat after `seat` whose team still holds tables (F6: the others sit out). */
export function nextSeatIn(derive, seat, tables) {
  for (let i = 0; i < derive.seats; i += 1) {
    seat = (seat + 1) % derive.seats;
    if (tables[seat % derive.teams] > 0) return seat;
  }
  return (seat + 1) % derive.seats;
}

/** F15–F17: the tables after `team`'s contract moved `amount` each way, and the transfers. */
export function settle(derive, tables, team, amount, made) {
  const after = [...tables], transfers = [];
  const out = (t) => tables[t] === 0;
  if (out(team)) return { tables: after, transfers };
  for (let k = 1; k < derive.teams; k += 1) {
    const other = (team + k) % derive.teams;
    if (out(other)) continue;
    const [payer, payee] = made ? [other, team] : [team, other];
    const paid = Math.min(amount, after[payer]);
    if (paid) {
      after[payer] -= paid;
      after[payee] += paid;
      transfers.push([payer, payee, paid]);
    }
  }
  return { tables: after, transfers };
}

/** The tables moved by a contract of `value` (F15, F16), as the engine tabulated them. */
export const amount = (derive, value, double, made) =>
  derive.amounts[`${derive.bands.filter((low) => low <= value).pop()}|${double}|${made ? 1 : 0}`];

/** The tables the next deal starts from: a won game starts afresh (F6). */
export const startingTables = (derive) =>
  (winnerOf(derive.tables) === null ? derive.tables : derive.tables.map(() => derive.start));

/** Fifty-six: the tables after the deal, and the next dealer (F7: past the teams out, or on
 * round the table once a game is won). */
function fiftySix(derive, fields) {
  const tables = field(fields, "new_game") ? derive.tables.map(() => derive.start) : startingTables(derive);
  const dealer = seatIn(fields, "dealer", derive.dealer);
  const passed = field(fields, "outcome") === "passed";
  const seat = passed ? nextSeatIn(derive, dealer, tables) : seatIn(fields, "seat", 0);
  const value = passed ? 28 : seatIn(fields, "value", 28);
  const double = passed ? 0 : seatIn(fields, "double", 0);
  const made = seatIn(fields, "points", 0) >= value; // F14
  const after = settle(derive, tables, seat % derive.teams, amount(derive, value, double, made), made).tables;
  const next = winnerOf(after) === null ? nextSeatIn(derive, dealer, after) : (dealer + 1) % derive.seats;
  return { ...derive, tables: after, dealer: next };
}

// -- Casino (K11–K13) -----------------------------------------------------------------------

/** The side with strictly the most, or null on a tie for the most (K11). */
export function most(list) {
  const top = Math.max(...list);
  const leaders = list.filter((n) => n === top);
  return leaders.length === 1 ? list.indexOf(top) : null;
}

// The scoring cards' fields, in the order of counting out (K13): big and little casino, the aces.
export const CASINO_CARDS = ["big_casino", "little_casino", "ace_S", "ace_C", "ace_H", "ace_D"];

/**
 * A Casino deal's points item by item, in the counting-out order of K13 (cards, spades, big
 * casino, little casino, aces ♠ ♣ ♥ ♦, sweeps): `deal` holds each side's `cards`, `spades` and
 * `sweeps` and the side that took each scoring card (`taken`, null while untapped); `values`
 * are K11's and K12's points as the engine has them.
 */
export function casinoItems(deal, values, sides) {
  const to = (side, points) => Array.from({ length: sides }, (_, s) => (s === side ? points : 0));
  const worth = { big_casino: values.big, little_casino: values.little };
  return [
    ["cards", to(most(deal.cards), values.cards)],
    ["spades", to(most(deal.spades), values.spades)],
    ...CASINO_CARDS.map((name) => [name, to(deal.taken[name], worth[name] ?? values.ace)]),
    ["sweeps", Array.from({ length: sides }, (_, s) => (deal.sweeps[s] || 0) * values.sweep)],
  ];
}

/** `start` with each item's points added, side by side. */
const added = (items, start) => items.reduce((sum, [, points]) => sum.map((n, s) => n + points[s]), start);

/** Each side's points in a Casino deal (K11, K12): the items added up. */
export const casinoPoints = (deal, values, sides) => added(casinoItems(deal, values, sides), new Array(sides).fill(0));

/** K13: once a side reaches the target the highest total wins; equal highest totals play on. */
const race = (totals, target) => (Math.max(...totals) >= target ? most(totals) : null);

/** K13 counting out: the first side to reach the target as the items are counted, or null. */
function countOut(before, items, target) {
  let totals = before;
  for (const [, points] of items) {
    totals = totals.map((n, s) => n + points[s]);
    const winner = race(totals, target);
    if (winner !== null) return winner;
  }
  return null;
}

/** A kept Casino deal's fields as a deal: one empty count is what the others leave (as the
 * server fills it), a scoring card untapped is nobody's. */
function casinoDeal(fields, derive) {
  const per = (name, total) => {
    const list = Array.from({ length: derive.sides }, (_, s) => seatIn(fields, `${name}${s}`, null));
    const empty = list.flatMap((n, s) => (n === null ? [s] : []));
    if (total !== undefined && empty.length === 1) list[empty[0]] = Math.max(0, total - list.reduce((a, n) => a + (n || 0), 0));
    return list.map((n) => n || 0);
  };
  const taken = Object.fromEntries(CASINO_CARDS.map((name) => [name, seatIn(fields, name, null)]));
  return { cards: per("cards", derive.totals.cards), spades: per("spades", derive.totals.spades), sweeps: per("sweeps"), taken };
}

/** Casino: each side's score after the deal, the winner once the race is decided (K13), and
 * the next dealer (the deal passes on round the table). */
function casino(derive, fields) {
  const items = casinoItems(casinoDeal(fields, derive), derive.values, derive.sides);
  const scores = added(items, derive.scores);
  let winner = derive.winner;
  if (winner === null) winner = derive.countOut ? countOut(derive.scores, items, derive.target) : race(scores, derive.target);
  return { ...derive, scores, winner, dealer: (derive.dealer + 1) % derive.seats };
}

/** Each game's step: (derive, one kept deal's fields, what the page says) → derive after it. */
export const STEPS = { seep, "fifty-six": fiftySix, casino };

/** The new deals of `session` kept on this phone from deal `first` on (oldest first; one kept as
 * an earlier deal is the server's already), and `derive` of `game` moved on by each of them. */
export function afterQueue(items, { session, first, game, derive, page }) {
  const kept = items.filter((item) => item.session === session && item.kind === "new" && !(item.number < first));
  return { kept, derive: kept.reduce((d, item) => STEPS[game](d, item.fields, page), derive) };
}
