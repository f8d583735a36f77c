// The lessons' page: an answer tapped is marked right or wrong, and what it shows (the rules
// engine's verdict, written by the server in the page's language) comes out of hiding. Which
// questions were answered right is kept on the phone, per game, until "Start again"
// (learn-progress.js).
import { byId } from "./dom.js";
import { answered as kept, keep as keepFor } from "./learn-progress.js";
import { _, number } from "./words.js";

const root = byId("learn");
const GAME = root.dataset.game;
const questions = Array.from(root.querySelectorAll("[data-question]"));
const answered = () => kept(GAME);
const keep = (ids) => keepFor(GAME, ids);

/** Mark each question answered right as done, and say how many are. */
function showProgress() {
  const done = answered();
  questions.forEach((q) => {
    q.classList.toggle("done", done.has(q.dataset.question));
    q.querySelector("[data-done]").hidden = !done.has(q.dataset.question);
  });
  const right = questions.filter((q) => done.has(q.dataset.question)).length;
  byId("learn-progress").textContent = _("Answered right: {n} of {total}", { n: number(right), total: number(questions.length) });
}

/** Answer `button`'s question with it: mark it, show what it shows, keep it if right. */
function choose(question, button) {
  const choice = button.dataset.answer;
  const right = choice === question.dataset.right;
  button.setAttribute("aria-pressed", "true");
  button.classList.add(right ? "is-right" : "is-wrong");
  question.querySelectorAll("[data-answer]").forEach((other) => {
    if (other !== button) other.setAttribute("aria-pressed", "false");
  });
  question.querySelectorAll("[data-shows]").forEach((shown) => { shown.hidden = shown.dataset.shows !== choice; });
  if (right) {
    keep(answered().add(question.dataset.question));
    showProgress();
  }
}

/** Every question as it was before any answer, and nothing kept. */
function startAgain() {
  keep(new Set());
  questions.forEach((q) => {
    q.querySelectorAll("[data-answer]").forEach((b) => {
      b.setAttribute("aria-pressed", "false");
      b.classList.remove("is-right", "is-wrong");
    });
    q.querySelectorAll("[data-shows]").forEach((shown) => { shown.hidden = true; });
  });
  showProgress();
}

questions.forEach((q) => q.querySelectorAll("[data-answer]").forEach((button) =>
  button.addEventListener("click", () => choose(q, button))));
byId("learn-again").addEventListener("click", startAgain);
showProgress();
