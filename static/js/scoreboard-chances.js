// A club session before its first deal: each side's chance of winning. The page holds the
// sentences (names shortened to fit, translated); this asks the club's ratings API for the
// numbers, so a watcher's poll never works out ratings.
import { byId } from "./dom.js";

const box = byId("chances");

async function show() {
  const { club, game, sides } = box.dataset;
  const query = new URLSearchParams({ game, teams: sides });
  try {
    const response = await fetch(`/api/v1/clubs/${encodeURIComponent(club)}/ratings?${query}`);
    if (!response.ok) return; // one person on two sides, say: nothing to tell
    const answer = await response.json();
    const rated = new Set(answer.players.map((player) => player.id));
    // Nobody at the table has a rated game: every chance is even, and says nothing.
    if (!answer.prediction.some((side) => side.players.some((player) => rated.has(player)))) return;
    // Two sides say the first's chance only ("A vs B: 62%"); more say each one's.
    box.querySelectorAll("[data-chance]").forEach((spot) => {
      spot.textContent = `${Math.round(answer.prediction[spot.dataset.chance].chance * 100)}%`;
    });
    box.hidden = false;
  } catch {
    // offline: nothing to tell
  }
}

if (box) show();
