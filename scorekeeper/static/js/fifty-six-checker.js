// Fifty-six move checker: the auction (is this call legal, which contract stands, is it over?)
// or a trick (which cards may I play, who wins the trick?). The whole question lives in
// `state`; every change redraws the page from it, writes it into the address (so the link can
// be shared) and asks /api/v1/check and /api/v1/moves. The auction and the trick are modules
// of their own; the picker, card notation, link helpers and requests are shared with Seep.
import { byId as $, setRadio } from "./dom.js";
import { askedInAddress, cardReader, copyButton, linkTo, number, query, remember, showNotes } from "./link.js";
import { debounce } from "./requests.js";
import * as auction from "./fifty-six-auction.js";
import * as trick from "./fifty-six-trick.js";

const MODES = { auction, trick };
const PLAYERS = [4, 6, 8]; // F1

const blankState = () => ({ mode: "auction", players: 4, ...auction.blank(), ...trick.blank() });
let state = blankState();
let root = null;
let picker = null;

// -- the link ------------------------------------------------------------------------------
function encode() {
  const parts = [`mode=${state.mode}`, `players=${state.players}`];
  MODES[state.mode].encode(state, parts);
  return query(parts);
}

/** Read a shared link back into a state; `notes` collects what could not be read. */
function decode(search, notes) {
  const q = new URLSearchParams(search);
  const s = blankState();
  s.mode = q.get("mode") === "trick" ? "trick" : "auction";
  const players = number(q.get("players"), 4, 8);
  s.players = PLAYERS.includes(players) ? players : 4;
  MODES[s.mode].decode(q, s, notes);
  return s;
}

// -- drawing and asking --------------------------------------------------------------------
function render() {
  setRadio(root, "mode", state.mode);
  setRadio(root, "players", state.players);
  setRadio(root, "teams", state.teams);
  setRadio(root, "dealer", state.dealer);
  setRadio(root, "trump", state.trump);
  root.querySelectorAll("[data-mode]").forEach((el) => { el.hidden = el.dataset.mode !== state.mode; });
  MODES[state.mode].render(state);
  $("share-url").value = linkTo(encode());
}

const askSoon = debounce(() => MODES[state.mode].ask(), 150);

/**
 * Something changed: redraw now, update the link, and ask the API a moment later — unless
 * `ask` is false: only the choice among answers already here changed.
 */
function changed(ask = true) {
  if (ask) MODES[state.mode].forget(); // an answer on its way no longer answers this question
  render();
  remember(encode());
  if (ask) askSoon();
}

/** A choice of the table form (mode, players, teams, dealer, trump) into the state. */
function tableChoice({ name, value }) {
  if (name === "mode") state.mode = value;
  else if (name === "players" || name === "dealer") state[name] = Number(value);
  else if (name === "teams" || name === "trump") state[name] = value;
  auction.tableChanged(state);
}

// -- wiring --------------------------------------------------------------------------------
function start(page) {
  root = page;
  const api = {
    game: root.dataset.game, check: root.dataset.checkUrl, moves: root.dataset.movesUrl, advice: root.dataset.adviceUrl,
  };
  const copies = Number(root.dataset.copies) || 1;
  const context = {
    state: () => state, changed, render, api, copies,
    cards: (notes, inPack) => cardReader(notes, { copies, inPack }),
  };
  auction.start(context);
  picker = trick.start(context);

  $("table-form").addEventListener("submit", (event) => event.preventDefault());
  $("table-form").addEventListener("change", (event) => { tableChoice(event.target); changed(); });
  $("start-again").addEventListener("click", () => {
    state = { ...blankState(), mode: state.mode };
    picker.reset();
    changed();
    window.scrollTo({ top: 0, behavior: "smooth" });
  });
  copyButton($("copy-link"), $("share-url"), $("copy-status"));

  // Start: from the link, if it holds a question.
  const asked = askedInAddress();
  if (asked) {
    const notes = [];
    state = decode(asked, notes);
    picker.open = !state.trick.length && !state.hand.length;
    showNotes($("link-notes"), notes);
  } else {
    // A tap made before this script ran has checked its radio: keep it, do not redraw it away.
    $("table-form").querySelectorAll("input:checked").forEach(tableChoice);
  }
  changed();
}

const page = document.getElementById("checker");
if (page) start(page);
