// A Fifty-six deal followed play by play (/s/<id>/live): the auction call by call, then the
// tricks card by card. What is shown comes from the live API (GET …/live every 2 s with its
// ETag), so a reload loses nothing; a scorer's phone (data-token) starts the deal and sends each
// call or card as a numbered play, and the engine judges it (a refusal names its rule, F6–F12).
import { SUITS, SYMBOL, pretty, rankText, suitOf } from "./cards.js";
import { byId as $, h, tile } from "./dom.js";
import { callText } from "./fifty-six-auction.js";
import { donePanel, noteBox, noteFor, request } from "./live-kit.js";

const root = $("live-deal");
const seats = JSON.parse(root.dataset.seats);
const teams = JSON.parse(root.dataset.teams);
const token = root.dataset.token || null;
const board = root.dataset.board;
const api = root.dataset.api;
const dealNumber = Number(root.dataset.number);
const players = seats.length;
const LOWEST = 28, HIGHEST = 56; // F8
const TRUMPS = ["S", "H", "D", "C", "NT"];
// F3: the ranks in the pack, high to low (8 and 7 only with eight players), two copies each.
const RANKS = players === 8 ? ["J", "9", "A", "10", "K", "Q", "8", "7"] : ["J", "9", "A", "10", "K", "Q"];
const COPIES = 2;
const teamOf = (seat) => seat % teams.length;
const name = (seat) => seats[seat];
const trumpText = (t) => (t === "NT" ? "no trumps" : SYMBOL[t]);

const view = { live: null, etag: null, loaded: false, busy: false, recorded: null, note: null };
const pad = { dealer: Number(root.dataset.nextDealer) || 0, bid: LOWEST, trump: null };

// -- the API -------------------------------------------------------------------------------
const send = (method, url, body, headers) => request(method, url, body, headers, token);

/** Read the deal (304: unchanged) and draw it; a 404 after a deal means another phone ended it. */
async function load(force) {
  const tag = view.etag && !force ? { "If-None-Match": view.etag } : {};
  const a = await send("GET", api, undefined, tag);
  if (a.status === 304 || (a.status !== 200 && a.status !== 404)) return;
  if (a.status === 404 && view.live && !view.recorded) view.recorded = dealNumber;
  // Once recorded, the whole deal stays on show (its tricks and result) beside the link back.
  if (a.status === 200 || !view.live || !view.live.finished) adopt(a.status === 200 ? a.data : null);
  view.etag = a.etag;
  draw();
}

/** A new state: the bid pad starts again from the lowest bid still possible. */
function adopt(state) {
  const moved = !view.live || !state || state.plays.length !== view.live.plays.length;
  view.live = state;
  view.loaded = true;
  if (moved && state) {
    const bids = state.auction.calls.filter((c) => c.call === "bid").map((c) => c.value);
    pad.bid = Math.min(HIGHEST, bids.length ? Math.max(...bids) + 1 : LOWEST);
    pad.trump = null;
  }
}

async function poll() {
  if (!view.busy && !document.hidden) await load(false);
  setTimeout(poll, 2000);
}

/** A write: its answer drawn; a refusal shown with its rule, the deal unchanged. */
async function write(method, url, body) {
  view.busy = true;
  view.note = null;
  draw();
  const a = await send(method, url, body);
  view.busy = false;
  const data = a.data || {};
  if (a.status === 200 || a.status === 201) {
    adopt(data);
    view.etag = null;
    if (data.deal) view.recorded = data.deal.number || dealNumber;
  } else {
    view.note = noteFor(a);
    // Another phone was first: show the deal as it stands.
    if (a.status === 409 || a.status === 404) { await load(true); return; }
  }
  draw();
}

const plays = (k) => `${api}/plays${k === undefined ? "" : "/" + k}`;
const sendPlay = (play) => write("POST", plays(), { number: view.live.plays.length + 1, seat: view.live.next_seat, ...play });

// -- drawing -------------------------------------------------------------------------------
const chip = (seat) => h("span", { class: `seat-chip team-${teamOf(seat)}` }, name(seat));
const panel = (id, visible) => { $(id).hidden = !visible; return $(id); };

function draw() {
  const { live, loaded, recorded } = view;
  $("live-status").textContent = status();
  drawTeams();
  const start = panel("start-panel", loaded && !live && !recorded && token !== null);
  const table = panel("floor-panel", Boolean(live));
  const entry = panel("play-panel", Boolean(live) && token !== null && !live.finished);
  const done = panel("done-panel", Boolean(recorded) || (loaded && !live && !token));
  if (!start.hidden) start.replaceChildren(...startForm());
  if (live) table.replaceChildren(...tableView());
  if (!entry.hidden) entry.replaceChildren(...(live.phase === "auction" ? callPad() : cardPad()), ...buttons().filter(Boolean));
  if (!done.hidden) donePanel(done, recorded && { number: recorded }, { board, token, open: true });
}

function status() {
  const { live, loaded, recorded } = view;
  if (!loaded) return "Loading the deal…";
  if (!live) return recorded ? `Deal ${recorded} recorded.` : token ? "Start the deal: who deals." : "No deal is being played live.";
  if (live.finished) return "Every card played.";
  if (live.phase === "auction") return `Auction · ${name(live.next_seat)} to call`;
  return `Trick ${live.trick.number} · ${name(live.next_seat)} to play`;
}

function drawTeams() {
  teams.forEach((_, team) => {
    const points = root.querySelector(`[data-points="${team}"]`);
    const tricks = root.querySelector(`[data-tricks="${team}"]`);
    const live = view.live;
    points.textContent = live ? live.points[team] : "–";
    tricks.textContent = live ? `· ${live.tricks_won[team]} trick${live.tricks_won[team] === 1 ? "" : "s"}` : "";
  });
}

function startForm() {
  return [
    h("h2", { id: "start-h" }, `Start deal ${dealNumber}`),
    h("h3", {}, "Dealer"),
    h("div", { class: "values live-choices live-seats", "data-testid": "dealer" }, seats.map((_, s) => h("button", {
      type: "button", class: `value owner live-seat team-${teamOf(s)}`, dataset: { choice: s },
      "aria-pressed": String(s === pad.dealer), "aria-label": `${name(s)} deals`,
      onclick: () => { pad.dealer = s; draw(); },
    }, name(s)))),
    h("p", { class: "muted small" }, `${name((pad.dealer + 1) % players)} calls first (F7).`),
    noteBox(view.note),
    h("button", { type: "button", class: "button big", id: "start-button", disabled: view.busy,
      onclick: () => write("POST", api, { dealer: pad.dealer }) }, "Start"),
  ];
}

const contractText = (c) => `${callText({ call: "bid", value: c.value, trump: c.trump })}${["", " doubled", " redoubled"][c.double || 0]}`;

function tableView() {
  const live = view.live;
  const items = [h("h2", { id: "floor-h" }, live.phase === "auction" ? "The auction" : "The tricks")];
  const calls = live.auction.calls.length ? h("ol", { class: "fs-calls", "data-testid": "calls" },
    live.auction.calls.map((c) => h("li", {}, chip(c.seat), " ", callText(c))))
    : h("p", { class: "muted small", "data-testid": "calls" }, "No calls yet.");
  // Once the tricks begin the calls fold away: the trick is what the table looks at.
  items.push(live.phase === "auction" ? calls : h("details", { class: "fs-auction" },
    h("summary", {}, `The auction (${live.auction.calls.length} calls)`), calls));
  if (live.contract) {
    items.push(h("p", { class: "fs-contract", "data-testid": "contract" },
      live.phase === "auction" ? "Standing: " : "Contract: ", h("strong", {}, contractText(live.contract)),
      ` by ${name(live.contract.seat)} (${teams[live.contract.team]})`));
  }
  if (live.finished && live.contract) items.push(resultLine(live));
  if (live.trick) items.push(trickView(live.trick, "Trick " + live.trick.number, "trick"));
  const last = live.tricks[live.tricks.length - 1];
  if (last) items.push(trickView(last, `Trick ${last.number} to ${name(last.winner)}: ${last.points} point${last.points === 1 ? "" : "s"}`, "last-trick"));
  const voids = live.voids.map((suits, seat) => (suits.length ? `${name(seat)}: no ${suits.map((s) => SYMBOL[s]).join(" ")}` : null)).filter(Boolean);
  if (voids.length) items.push(h("p", { class: "muted small" }, "Shown void (F12) · ", voids.join(" · ")));
  return items;
}

/** F14: made when the contracting team's card points reach the bid; the scoreboard moves the tables. */
function resultLine(live) {
  const c = live.contract, took = live.points[c.team];
  return h("p", { class: "fs-result", "data-testid": "result" }, `${teams[c.team]} bid ${c.value} and took ${took}: `,
    h("strong", {}, took >= c.value ? "made" : "lost"), ".");
}

function trickView(trick, title, testid) {
  return h("div", { class: "fs-trick", "data-testid": testid },
    h("p", { class: "fs-trick-head" }, title),
    h("div", { class: "fs-trick-cards" }, trick.cards.map((p) => h("div", { class: "fs-played" }, tile(p.card), chip(p.seat)))));
}

function callPad() {
  const who = name(view.live.next_seat);
  const bid = h("button", { type: "button", class: "button big", id: "bid-button", disabled: !pad.trump || view.busy,
    onclick: () => sendPlay({ call: "bid", value: pad.bid, trump: pad.trump }) },
  pad.trump ? `Bid ${callText({ call: "bid", value: pad.bid, trump: pad.trump })}` : "Bid (tap a trump)");
  const step = (d, label) => h("button", { type: "button", class: "value fs-step", "aria-label": label, dataset: { step: d },
    disabled: pad.bid + d < LOWEST || pad.bid + d > HIGHEST, onclick: () => { pad.bid += d; draw(); } }, d < 0 ? "−" : "+");
  return [
    h("h2", { id: "play-h" }, `${who}'s call`),
    h("div", { class: "fs-bid" }, step(-1, "Bid one less"), h("span", { class: "big-number", id: "bid-value" }, pad.bid), step(1, "Bid one more")),
    h("div", { class: "values live-choices fs-trumps" }, TRUMPS.map((t) => h("button", {
      type: "button", class: `value suit-${t}`, dataset: { trump: t }, "aria-pressed": String(pad.trump === t),
      "aria-label": `Trump ${trumpText(t)}`, onclick: () => { pad.trump = pad.trump === t ? null : t; draw(); },
    }, t === "NT" ? "NT" : SYMBOL[t]))),
    bid,
    h("div", { class: "fs-other-calls" }, ["pass", "double", "redouble"].map((c) => h("button", {
      type: "button", class: "button secondary", id: `${c}-button`, disabled: view.busy, onclick: () => sendPlay({ call: c }),
    }, c[0].toUpperCase() + c.slice(1)))),
  ];
}

/** The pack's cards for this table, less the copies already played: one button per card. */
function cardPad() {
  const live = view.live;
  const played = {};
  live.plays.filter((p) => p.card).forEach((p) => { played[p.card] = (played[p.card] || 0) + 1; });
  const who = name(live.next_seat);
  return [
    h("h2", { id: "play-h" }, `Tap the card ${who} plays`),
    h("div", { class: "deck live-deck" }, SUITS.map((suit) => h("div", { class: "suit-row", dataset: { suit } },
      RANKS.map((r) => r + suit).filter((c) => (played[c] || 0) < COPIES).map((code) => h("button", {
        type: "button", class: `pick suit-${suit}`, dataset: { card: code }, "aria-label": `${who} plays ${pretty(code)}`,
        disabled: view.busy, onclick: () => sendPlay({ card: code }),
      }, h("span", { class: "rank" }, rankText(code)), h("span", { class: "suit" }, SYMBOL[suitOf(code)]),
      (played[code] || 0) ? h("span", { class: "fs-left small" }, "×1") : null))))),
  ];
}

function buttons() {
  const n = view.live.plays.length;
  return [noteBox(view.note), n ? h("button", { type: "button", class: "button secondary fs-undo", id: "undo-button", disabled: view.busy,
    onclick: () => write("DELETE", plays(n)) }, `Undo play ${n}`) : null];
}

load(true).then(() => setTimeout(poll, 2000));
