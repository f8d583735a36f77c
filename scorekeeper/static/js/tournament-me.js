// A player's phone on the tournament's page: the player taps their name once, the phone keeps
// it (localStorage, per tournament), and the page shows that player's line at the top ("Round 3
// · Table 5 · partner Meena · against Ravi & Dev") with their table's scoreboard one tap away,
// until "I am not …" forgets it. The server draws every player's line, hidden; this module shows
// the chosen one, again after follow.js swaps in a newer page. A name chosen grants no right to
// keep score: it is only remembered here.
import { fit } from "./names.js";

const STORE = "scorekeeper.tournament-me";
const live = document.querySelector("[data-tournament]");
const tournament = live?.dataset.tournament;

function kept() {
  try {
    return JSON.parse(localStorage.getItem(STORE) ?? "{}");
  } catch {
    return {};
  }
}

function chosen() {
  return kept()[tournament] ?? null;
}

function remember(name) {
  const all = kept();
  if (name === null) delete all[tournament];
  else all[tournament] = name;
  try {
    localStorage.setItem(STORE, JSON.stringify(all));
  } catch {
    // Storage refused (a private window): the choice lasts as long as the page.
  }
  show();
}

// The chosen player's line shown, the others hidden; the list of names while no one (or a name
// no longer in the tournament) is chosen.
function show() {
  const name = chosen();
  let found = false;
  document.querySelectorAll("[data-me]").forEach((line) => {
    const mine = line.dataset.me === name;
    found ||= mine;
    if (line.hidden === mine) {
      line.hidden = !mine;
      if (mine) fit(line);
    }
  });
  document.querySelectorAll("[data-who]").forEach((who) => { who.hidden = found; });
}

if (tournament) {
  document.addEventListener("click", (event) => {
    const pick = event.target.closest("[data-name]");
    if (pick) {
      remember(pick.dataset.name);
      document.querySelector("[data-me]:not([hidden]) a, [data-me]:not([hidden]) button")?.focus();
    } else if (event.target.closest("[data-not-me]")) {
      remember(null);
      document.querySelector("[data-name]")?.focus();
    }
  });
  // follow.js swaps in the page's newer parts: show the chosen line in them too.
  new MutationObserver(show).observe(live, { childList: true });
  show();
}
