// A new deal's form while this phone keeps deals offline: the form (often the service worker's
// copy, drawn before those deals) is numbered, dealt and checked as if they were stored. The
// server put its derivation on the form (data-derive: the standing's dealer, lead or tables, and
// the rules' figures); each kept deal moves it on (deal-derive.js), oldest first.
// deal-draft.js imports this one, and each game's deal script deal-draft.js: the top-level await
// holds them until the form is redrawn, so the draft and the game's page read the redrawn form.
import "./queue-store.js";
import { byId, h } from "./dom.js";
import { _ } from "./words.js";
import { afterQueue, nextSeatIn, settle, amount, startingTables, winnerOf } from "./deal-derive.js";

const form = byId("deal-form");
const session = (location.pathname.match(/^\/s\/([^/]+)/) || [])[1];

/** Add `by` to the first number in a text node of `node` (keeping its other children). */
function renumber(node, by) {
  if (!node) return;
  const text = Array.from(node.childNodes).find((child) => child.nodeType === Node.TEXT_NODE && /\d/.test(child.data));
  if (text) text.data = text.data.replace(/\d+/, (n) => String(Number(n) + by));
}

/** The deal's number and id, heading, title, Save button and draft, `by` deals on. */
function number(by) {
  ["number", "next_id"].forEach((name) => {
    const input = form.elements[name];
    if (input && input.value) input.value = String(Number(input.value) + by);
  });
  renumber(document.querySelector("main h1"), by);
  renumber(form.querySelector(".submit-bar [type=submit]"), by);
  document.title = document.title.replace(/\d+/, (n) => String(Number(n) + by));
  form.dataset.draft = form.dataset.draft.replace(/^\d+/, (n) => String(Number(n) + by));
}

function dealer(seat) {
  form.querySelectorAll('input[name="dealer"]').forEach((input) => { input.checked = input.value === String(seat); });
}

/** Fifty-six: the tables at stake, who is out, what each result moves, who bids first (F10). */
function fiftySix(derive) {
  const tables = startingTables(derive);
  const newGame = winnerOf(derive.tables) !== null;
  const outcomes = {};
  for (let team = 0; team < derive.teams; team += 1) {
    derive.bands.forEach((low) => [0, 1, 2].forEach((double) => [true, false].forEach((made) => {
      outcomes[`${team}|${low}|${double}|${made ? 1 : 0}`] = settle(derive, tables, team, amount(derive, low, double, made), made);
    })));
  }
  const passed = {};
  for (let seat = 0; seat < derive.seats; seat += 1) passed[seat] = nextSeatIn(derive, seat, tables);
  form.dataset.preview = JSON.stringify({ bands: derive.bands, outcomes });
  form.dataset.passedSeat = JSON.stringify(passed);
  form.dataset.out = JSON.stringify(tables.flatMap((n, team) => (n === 0 ? [team] : [])));
  form.querySelectorAll(".tables-now .total").forEach((box, team) => {
    box.classList.toggle("is-out", tables[team] === 0);
    box.querySelector(".big-number").textContent = String(tables[team]);
  });
  form.elements.new_game.value = newGame ? "1" : "";
  const heading = document.querySelector("main h1");
  const note = heading.querySelector("span");
  if (newGame && !note) heading.append(" ", h("span", { class: "muted small" }, _("· a new game")));
  if (!newGame && note) note.remove();
}

/** Casino: each side's score before this deal, the kept deals' points added (casino-deal.js
 * draws "before → after" from it); once they have decided the race (K13), no deal follows: the
 * form gives way to who won. */
function casino(derive) {
  form.dataset.before = JSON.stringify(derive.scores);
  if (derive.winner === null) return;
  const who = JSON.parse(form.dataset.teams)[derive.winner];
  form.hidden = true;
  form.before(h("div", { class: "problem", role: "status", dataset: { testid: "game-over" } },
    h("p", {}, _("The game is over: {who} won the race to {target} in the deals waiting to be sent (K13).",
      { who, target: derive.target })),
    h("p", {}, h("a", { class: "button", href: `/s/${session}` }, _("Back to the scoreboard")))));
}

const DRAW = { "fifty-six": fiftySix, casino };

/** Redraw the form as the session will stand once the kept deals are stored. */
async function redraw() {
  const game = form.dataset.game;
  const page = { points: JSON.parse(form.dataset.points || "{}"), sweepPoints: JSON.parse(form.dataset.sweepPoints || "{}") };
  const { kept, derive } = afterQueue(await self.dealQueue.all(), {
    session, first: Number(form.elements.number.value) || 0, game, derive: JSON.parse(form.dataset.derive), page,
  });
  if (!kept.length) return;
  number(kept.length);
  dealer(derive.dealer);
  if (DRAW[game]) DRAW[game](derive);
}

if (form && form.dataset.derive && self.dealQueue && "indexedDB" in self) {
  const root = document.documentElement;
  root.dataset.deriving = ""; // app.css: no tap on the form until it is redrawn
  try {
    await redraw();
  } catch {
    // IndexedDB refused (a private window may): the form is the server's, as drawn.
  } finally {
    delete root.dataset.deriving;
    // The game's script runs once this module is done, before the next task: then the page is
    // ready for taps (script-runs.js waits for this when the form was being redrawn).
    setTimeout(() => { if (document.readyState !== "loading") root.dataset.ready = ""; });
  }
}
