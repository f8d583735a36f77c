// A club session before its first deal: each side's chance of winning. The page holds the
// sentences (names shortened to fit, translated); this asks the club's ratings API for the
// numbers, so a watcher's poll never works out ratings.
import { chancesOf } from "./chances.js";
import { byId } from "./dom.js";
import { fit } from "./names.js";
import { percent } from "./words.js";

const box = byId("chances");

async function show() {
  const { club, game, sides } = box.dataset;
  try {
    const prediction = await chancesOf(club, game, sides);
    if (!prediction) return;
    // Two sides say the first's chance only ("A vs B: 62%"); more say each one's.
    box.querySelectorAll("[data-chance]").forEach((spot) => {
      spot.textContent = percent(prediction[spot.dataset.chance].chance);
    });
    box.hidden = false;
    fit(box); // hidden, its names had no room to measure
  } catch {
    // offline: nothing to tell
  }
}

if (box) show();
