// The checker page of a floor game (Seep, Casino): the question is redrawn from the game's
// state on every change, written into the address (so the link can be shared) and asked of
// the API a moment later. This module draws what both games share — the hand and loose
// zones, the piles' list, the move chooser's steps — and wires the page's buttons; the game's
// module gives its state, its table form, its piles, its moves and its words.
import { createAdvice } from "./advice.js";
import { pretty, spoken } from "./cards.js";
import { byId as $, tile, withCards } from "./dom.js";
import { floorZones } from "./floor.js";
import { askedInAddress, copyButton, linkTo, remember, showNotes } from "./link.js";
import { createPicker } from "./picker.js";
import { createQuestions } from "./questions.js";
import { debounce } from "./requests.js";
import { _, number } from "./words.js";

/**
 * game — what is the game's own:
 *   piles, word: where the state keeps its piles ("houses") and what one is called ("house")
 *   says: a pile in words (floor.js)
 *   blankState(), state(), setState(s): the question, kept by the game's module
 *   encode(), decode(search, notes): the link
 *   tableChoice(input), renderTable(root): the table form
 *   pileEditor(pile), newPile(): a pile to edit, a pile for "+ Add"; pileValues(): every value
 *   tidyMove(): drop what the layout no longer holds; buildValue(): the value a build makes
 *   renderMove(root): its own parts of the move chooser; moveFloor(): the floor to tap
 *   steps: {action: (card) => heading, card null when none is tapped}; plain: the action that
 *   needs no floor ("throw");
 *   looseWith: the actions that may name loose cards
 *   actionChosen(move): reset the move's parts after another action is tapped
 *   toMove(listed): a listed move as the state's move
 *   position(), move(), probe, details, actions, kinds, describe: for createQuestions
 * Returns {start(root), changed(layout), render(), picker}.
 */
export function createFloorPage(game) {
  let root = null;
  let picker = null;
  let questions = null;
  let advice = null;
  let layoutChanged = false;
  const state = () => game.state();
  const askSoon = debounce(() => { const l = layoutChanged; layoutChanged = false; questions.ask(l); }, 150);

  /** Something changed: redraw now, update the link, ask the API a moment later. */
  function changed(layout) {
    if (layout) { game.tidyMove(); layoutChanged = true; if (advice) advice.forget(); }
    render();
    remember(game.encode());
    askSoon();
  }

  function render() {
    game.renderTable(root);
    root.querySelectorAll('input[name="seat"]').forEach((input) => {
      const hidden = Number(input.value) >= state().players;
      input.disabled = hidden;
      input.closest(".segment").hidden = hidden;
    });
    renderZones();
    picker.render();
    renderMove();
    $("share-url").value = linkTo(game.encode());
  }

  function renderZones() {
    const s = state();
    ["hand", "loose"].forEach((zone) => {
      const box = root.querySelector(`[data-tiles="${zone}"]`);
      box.replaceChildren(...picker.zoneTiles(zone, s[zone]));
      root.querySelector(`[data-count="${zone}"]`).textContent = s[zone].length ? `(${number(s[zone].length)})` : "";
      box.closest(".zone").classList.toggle("is-target", picker.isTarget(zone));
    });
    $("piles").replaceChildren(...s[game.piles].map(game.pileEditor));
    $("add-pile").hidden = s[game.piles].length >= game.pileValues().length;
  }

  function renderMove() {
    const s = state(), m = s.move;
    $("move-empty").hidden = s.hand.length > 0;
    $("move-chooser").hidden = s.hand.length === 0;
    $("move-hand").replaceChildren(...s.hand.map((c) => tile(c, {
      "aria-pressed": String(m.card === c), "aria-label": _("Play {card}", { card: spoken(c) }),
      onclick: () => { m.card = m.card === c ? null : c; game.tidyMove(); changed(false); },
    })));
    root.querySelectorAll("#actions .action").forEach((button) => {
      button.setAttribute("aria-pressed", String(button.dataset.action === m.action));
    });
    const showFloor = Boolean(m.action) && m.action !== game.plain;
    $("step3").hidden = !showFloor;
    $("step3-h").replaceChildren(...(showFloor ? withCards(game.steps[m.action](m.card ? pretty(m.card) : null)) : []));
    $("build-values").hidden = m.action !== "build";
    const effective = m.action === "build" ? game.buildValue() : null;
    root.querySelectorAll("#build-values .value").forEach((button) => {
      const v = Number(button.dataset.value);
      button.setAttribute("aria-pressed", String(v === effective));
      button.classList.toggle("auto", v === effective && !m.value);
    });
    game.renderMove(root);
    if (showFloor) $("move-floor").replaceChildren(...game.moveFloor());
  }

  /** Put a listed move into the move chooser and show its verdict. */
  function choose(listed) {
    state().move = game.toMove(listed);
    changed(false);
    $("move-panel").scrollIntoView({ behavior: "smooth", block: "start" });
  }

  function start(page) {
    root = page;
    picker = createPicker({ zones: floorZones(state, game.piles, game.says), first: "hand", changed: () => changed(true), redraw: render });
    questions = createQuestions({
      api: { game: root.dataset.game, check: root.dataset.checkUrl, moves: root.dataset.movesUrl },
      position: game.position, hand: () => state().hand, move: game.move, probe: game.probe,
      details: game.details, actions: game.actions, kinds: game.kinds, describe: game.describe, choose,
    });
    advice = createAdvice({
      url: root.dataset.adviceUrl, game: root.dataset.game, describe: game.describe, choose,
      position: () => (state().hand.length ? game.position() : null),
    });
    $("table-form").addEventListener("submit", (event) => event.preventDefault());
    $("table-form").addEventListener("change", (event) => { game.tableChoice(event.target); changed(true); });
    $("add-pile").addEventListener("click", () => {
      const pile = game.newPile();
      state()[game.piles].push(pile);
      picker.aim(pile.id);
      changed(true);
    });
    $("start-again").addEventListener("click", () => {
      game.setState(game.blankState()); picker.reset(); questions.closeList();
      changed(true);
      window.scrollTo({ top: 0, behavior: "smooth" });
    });
    $("actions").addEventListener("click", (event) => {
      const button = event.target.closest(".action");
      if (!button) return;
      const m = state().move;
      m.action = m.action === button.dataset.action ? null : button.dataset.action;
      m.value = null; m.raise = null;
      if (!game.looseWith.includes(m.action)) m.loose = [];
      const piles = state()[game.piles];
      if (m.action === "raise" && piles.length === 1) m.raise = piles[0].value;
      game.actionChosen(m);
      changed(false);
    });
    $("build-values").addEventListener("click", (event) => {
      const button = event.target.closest(".value");
      if (!button) return;
      const v = Number(button.dataset.value);
      state().move.value = state().move.value === v ? null : v;
      changed(false);
    });
    $("list-moves").addEventListener("click", () => questions.toggleList());
    copyButton($("copy-link"), $("share-url"), $("copy-status"));

    // Start: from the link, if it holds a question.
    const asked = askedInAddress();
    if (asked) {
      const notes = [];
      game.setState(game.decode(asked, notes));
      const s = state();
      picker.open = !s.hand.length && !s.loose.length && !s[game.piles].length;
      showNotes($("link-notes"), notes);
    } else {
      // A tap made before this script ran has checked its radio: keep it, do not redraw it away.
      $("table-form").querySelectorAll("input:checked").forEach(game.tableChoice);
    }
    changed(true);
  }

  return { start, changed, render, get picker() { return picker; } };
}
