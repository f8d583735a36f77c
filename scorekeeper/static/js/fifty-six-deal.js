// Fifty-six deal entry: the contract or "everyone passed", the points on a keypad, and before
// saving, whether the contract is made and which tables move (worked out by the server for
// every result: data-preview). Optionally the auction, call by call, checked by /api/v1/check.
import { drawBidPad } from "./bid-pad.js";
import { byId, h, radioValue } from "./dom.js";
import { callText } from "./fifty-six-auction.js";
import { bidText, refusalText } from "./fifty-six-words.js";
import { copyName, fit } from "./names.js";
import { ruleText } from "./verdict.js";
import { _, isolate, ngettext } from "./words.js";
import "./deal-draft.js"; // first: the form redrawn for deals kept offline, and its draft back

// F8–F10: the recorded auction's end, by the double level, whole sentences.
const AUCTION_OVER = [
  (values) => _("The auction is over: {bid} by {player}. The contract is filled in above.", values),
  (values) => _("The auction is over: {bid} by {player}, doubled. The contract is filled in above.", values),
  (values) => _("The auction is over: {bid} by {player}, redoubled. The contract is filled in above.", values),
];
// F14: the preview's verdict, made or lost, by the double level (F9): whole sentences.
const VERDICT = {
  made: [
    (values) => _("Made: {points} of {bid}", values),
    (values) => _("Made: {points} of {bid}, doubled", values),
    (values) => _("Made: {points} of {bid}, redoubled", values),
  ],
  lost: [
    (values) => _("Lost: {points} of {bid}", values),
    (values) => _("Lost: {points} of {bid}, doubled", values),
    (values) => _("Lost: {points} of {bid}, redoubled", values),
  ],
};

/** Draw and drive Fifty-six's deal form. */
function fiftySixDeal(form) {
  const data = (name) => JSON.parse(form.dataset[name]);
  const preview = data("preview");
  const passedSeat = data("passedSeat");
  const teams = data("teams");
  const out = data("out"); // F6: the seats of teams out of tables sit out of the auction
  const seats = data("seats");
  const teamCount = Number(form.dataset.teamCount);
  // A bid as players say it (fifty-six-words.js): 28♦, 30 NT; its number alone while no trump is chosen.
  const bidOf = (value, trump) => (trump ? bidText({ value, trump }) : String(value));
  const $ = (selector) => form.querySelector(selector);
  const chosen = (name) => radioValue(form, name);
  const choose = (name, value) => form.querySelectorAll(`input[name="${name}"]`).forEach((input) => {
    input.checked = input.value === String(value);
  });
  const whole = (name) => {
    const n = parseInt(form.elements[name].value, 10);
    return Number.isNaN(n) ? null : n;
  };

  /** The contract as the form stands: {seat, value, double, passed}, or null if unfinished. */
  function contract() {
    const dealer = chosen("dealer");
    if (chosen("outcome") === "passed") {
      return dealer === null ? null : { seat: passedSeat[dealer], value: 28, double: 0, trump: "NT", passed: true };
    }
    const seat = chosen("seat"), value = whole("value");
    if (seat === null || value === null || value < 28 || value > 56) return null;
    return { seat: Number(seat), value, double: Number(chosen("double") || 0), trump: chosen("trump"), passed: false };
  }

  function describe(c, points) {
    const band = preview.bands.filter((low) => low <= c.value).pop();
    const made = points >= c.value; // F14
    const team = c.seat % teamCount;
    const result = preview.outcomes[`${team}|${band}|${c.double}|${made ? 1 : 0}`];
    const lines = result.transfers.map(([from, to, n]) =>
      ngettext("{from} → {to}: {n} table", "{from} → {to}: {n} tables", n, { from: teams[from], to: teams[to] }));
    // Everyone passed is 28 no-trumps (F10): the bid is said with its NT like any other.
    const bid = bidOf(c.value, c.trump);
    const tables = result.tables.map((n, t) => _("{team} {n}", { team: teams[t], n })).join(" · ");
    $("[data-preview-box]").replaceChildren(
      h("p", { class: `verdict ${made ? "made" : "lost"}`, dataset: { testid: "verdict" } },
        VERDICT[made ? "made" : "lost"][c.double]({ points, bid })),
      h("p", {}, lines.length ? lines.join(" · ") : _("No tables move.")),
      h("p", { class: "muted small" }, _("Tables after: {tables}", { tables })));
  }

  function render() {
    const passed = chosen("outcome") === "passed";
    $(".contract-part").hidden = passed;
    $("[data-passed-note]").hidden = !passed;
    const dealer = chosen("dealer");
    const shown = $("[data-dealer-name]");
    if (shown.dataset.seat !== String(dealer)) { // the seat's name as its button has it, fitted here
      shown.dataset.seat = String(dealer);
      shown.replaceChildren(dealer === null ? "—" : copyName($(`input[name=dealer][value="${dealer}"] + span`)));
      fit(shown);
    }
    const c = contract();
    if (passed && c) {
      $("[data-passed-note]").textContent = _("Everyone passed: 28 no-trumps for {team} ({player} bids first, F10).",
        { team: teams[c.seat % teamCount], player: seats[c.seat] });
    }
    $("[data-contract-team]").textContent = c ? isolate(teams[c.seat % teamCount]) : _("the contracting team");
    const points = whole("points");
    if (c && points !== null && points >= 0 && points <= 56) describe(c, points);
    else $("[data-preview-box]").textContent = "";
    // One text, so the button's flex layout cannot swallow the space: "Bid 56 NT".
    $("[data-bid-label]").textContent = _("Bid {bid}", { bid: bidOf(whole("value") ?? 28, chosen("trump")) });
    drawBidPad($("[data-bid-pad]"), { value: whole("value") ?? 28, pick: pickBid });
  }

  /** A bid tapped on the pad goes into the bid box, as if typed. */
  function pickBid(value) {
    form.elements.value.value = String(value);
    form.elements.value.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // The keypad types into the points box: a third digit, or a number past 56, starts again.
  form.querySelectorAll("[data-key]").forEach((key) => key.addEventListener("click", () => {
    const box = form.elements.points;
    if (key.dataset.key === "back") box.value = box.value.slice(0, -1);
    else {
      const next = box.value === "0" ? key.dataset.key : box.value + key.dataset.key;
      box.value = next.length > 2 || Number(next) > 56 ? key.dataset.key : next;
    }
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }));

  // -- the auction, call by call -------------------------------------------------------------
  const field = form.elements.auction;
  let calls = [];
  let state = null; // the /check answer's `after` for the calls so far

  function position(upTo) {
    return { phase: "auction", players: Number(form.dataset.players), dealer: Number(chosen("dealer") || 0),
      teams: form.dataset.teaming, out, calls: upTo };
  }

  function nextSeat() {
    if (state) return state.next_seat;
    const players = Number(form.dataset.players);
    let seat = (Number(chosen("dealer") || 0) + 1) % players;
    while (out.includes(seat % teamCount)) seat = (seat + 1) % players;
    return seat;
  }

  function problem(text) {
    const box = $("[data-auction-problem]");
    box.hidden = !text;
    box.textContent = text || "";
  }

  function drawCalls() {
    $("[data-calls]").replaceChildren(...calls.map((call) =>
      h("li", { class: `team-text-${call.seat % teamCount}` }, _("{player}: {call}", { player: seats[call.seat], call: callText(call) }))));
    const status = $("[data-auction-status]");
    if (state && state.finished) {
      const c = state.contract;
      status.textContent = calls.some((call) => call.call === "bid")
        ? AUCTION_OVER[c.double]({ bid: bidOf(c.value, c.trump), player: seats[c.seat] })
        : _("Everyone passed (F10): filled in above.");
    } else {
      status.textContent = _("{player} to call.", { player: seats[nextSeat()] });
    }
    form.querySelectorAll("[data-call]").forEach((button) => {
      button.disabled = button.dataset.call === "undo" ? !calls.length : Boolean(state && state.finished);
    });
    field.value = calls.length ? JSON.stringify(calls) : "";
  }

  /** The contract boxes filled in from a finished auction. */
  function fillContract(after) {
    if (!after.finished) return;
    if (!calls.some((call) => call.call === "bid")) { choose("outcome", "passed"); return; }
    const c = after.contract;
    choose("outcome", "bid");
    choose("seat", c.seat);
    form.elements.value.value = String(c.value);
    choose("trump", c.trump);
    choose("double", c.double);
  }

  async function ask(upTo, move) {
    // In the page's language: a refusal's `reason` comes back in it.
    const response = await fetch(form.dataset.checkUrl, {
      method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang },
      body: JSON.stringify({ game: "fifty-six", position: position(upTo), move }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.message || _("The call could not be checked."));
    return answer;
  }

  async function call(kind) {
    problem("");
    if (kind === "undo") {
      calls = calls.slice(0, -1);
      state = calls.length ? (await ask(calls.slice(0, -1), calls[calls.length - 1])).after : null;
      drawCalls();
      return;
    }
    const move = { seat: nextSeat(), call: kind };
    if (kind === "bid") {
      move.value = whole("value") ?? 28;
      move.trump = chosen("trump");
      if (!move.trump) { problem(_("Tap the bid's trump above (♠ ♥ ♦ ♣ or NT), then Bid.")); return; }
    }
    try {
      const answer = await ask(calls, move);
      if (!answer.legal) {
        // The engine's data, said with the players' names (its own sentence has seat numbers).
        const said = refusalText(answer.rule, answer.params, { player: (seat) => seats[seat], team: (team) => teams[team] });
        problem(_("{reason} ({rule})", { reason: said ?? answer.reason, rule: ruleText(answer.rule_id, answer.rule) }));
        return;
      }
      calls = [...calls, move];
      state = answer.after;
      fillContract(state);
    } catch (error) {
      problem(navigator.onLine === false ? _("No connection: the call was not checked.") : error.message);
      return;
    }
    drawCalls();
    render();
  }

  // Taps are taken one at a time, each after the last one's check: a quick second tap would
  // otherwise be asked for the same seat and recorded twice.
  let taking = Promise.resolve();
  form.querySelectorAll("[data-call]").forEach((button) => button.addEventListener("click", () => {
    taking = taking.then(() => call(button.dataset.call)).catch(() => problem(_("The call could not be checked.")));
  }));
  form.querySelectorAll('input[name="dealer"]').forEach((input) => input.addEventListener("change", () => {
    if (calls.length) { calls = []; state = null; problem(_("The dealer changed, so the auction starts again.")); }
    drawCalls();
  }));

  async function restore() {
    try { calls = JSON.parse(field.value || "[]"); } catch { calls = []; }
    if (calls.length) {
      try { state = (await ask(calls.slice(0, -1), calls[calls.length - 1])).after; } catch { state = null; }
    }
    drawCalls();
  }

  form.addEventListener("input", render);
  form.addEventListener("change", render);
  window.addEventListener("pageshow", render);
  restore();
  render();
}

const form = byId("deal-form");
if (form) fiftySixDeal(form);
