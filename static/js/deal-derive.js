// How a deal moves the standing, for the forms a phone draws while it keeps deals offline
// (offline-form.js): each game's step takes the derivation the server put on the page (its
// `derive`: the standing's dealer, lead or tables now, and the rules' figures as the engine
// tabulated them: M5's next dealer, F15/F16's tables moved) and one kept deal's form fields, and
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

/** Casino: the deal passes on round the table. */
function casino(derive) {
  return { ...derive, dealer: (derive.dealer + 1) % derive.seats };
}

/** Each game's step: (derive, one kept deal's fields, what the page says) → derive after it. */
export const STEPS = { seep, "fifty-six": fiftySix, casino };
