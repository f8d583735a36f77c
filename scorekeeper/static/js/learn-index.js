// The games to learn: beside each, how many of its questions this phone answered right, once
// any are (learn-progress.js); the ids counted are the lessons' own, so a question since
// dropped from them is not.
import { answered } from "./learn-progress.js";
import { _, number } from "./words.js";

document.querySelectorAll("[data-learn-game]").forEach((game) => {
  const ids = game.dataset.questions.split(" ");
  const done = answered(game.dataset.learnGame);
  const right = ids.filter((id) => done.has(id)).length;
  const progress = game.querySelector("[data-progress]");
  progress.textContent = _("Answered right: {n} of {total}", { n: number(right), total: number(ids.length) });
  progress.hidden = right === 0;
});
