// A finished live deal replayed step by step (/s/<id>/deals/<n>/replay): each game's own live
// page draws each step's state, read once from GET …/deals/<n>/plays. Previous/Next, a slider
// and the arrow keys move through it; the step is kept in the address (#play=12), so a reload
// or a shared link opens the same step. The deal's review (deal-review.js) follows the step.
import { reviewDeal } from "./deal-review.js";
import { byId as $, h } from "./dom.js";
import { tell } from "./live-widgets.js";
import { answeredWith, apiHeaders } from "./requests.js";
import { _, ngettext } from "./words.js";

/** The step the address names (#play=12): a whole number, else the start. */
const stepInAddress = () => Math.floor(Number(new URLSearchParams(location.hash.slice(1)).get("play"))) || 0;

/** Read the replay and show its step in the address; `page` is the game's live page. */
export async function replayDeal(url, page) {
  let answer;
  try {
    const response = await fetch(url, { headers: apiHeaders(), credentials: "same-origin" });
    answer = { status: response.status, data: await response.json().catch(() => null) };
  } catch (e) {
    answer = { status: 0, data: null };
  }
  if (answer.status !== 200) {
    $("live-status").textContent = answer.status === 0 ? _("Could not reach the server: reload the page to try again.")
      : (answer.data && answer.data.message) || answeredWith(answer.status);
    return;
  }
  const { plays, steps, corrected } = answer.data;
  if (corrected) {
    $("live-status").after(h("p", { class: "live-info small", "data-testid": "corrected" },
      _("This deal was corrected on the scoreboard after it was played: the replay shows the plays as entered, the scoreboard counts the deal as corrected.")));
  }
  const last = steps.length - 1;
  const bar = $("replay-bar");
  let at = 0;
  const root = $("live-deal");
  const review = reviewDeal(root.dataset.review, $("review-panel"), JSON.parse(root.dataset.seats), (n) => show(n));

  /** Step `k` drawn; `reveal`: the floor's end (the play just made) brought into view above the bar. */
  function show(k, reveal = true) {
    at = Math.max(0, Math.min(last, k));
    page.take({ ...steps[at], plays: plays.slice(0, at) }, null);
    $("live-status").textContent = at === 0 ? ngettext("Before the first play · {n} play in all", "Before the first play · {n} plays in all", last)
      : _("Play {number} of {plays}", { number: at, plays: last });
    $("floor-panel").hidden = false;
    page.scores();
    page.floor();
    slider.value = String(at);
    slider.setAttribute("aria-valuetext", at === 0 ? _("before the first play") : _("play {number} of {plays}", { number: at, plays: last }));
    back.disabled = at === 0;
    next.disabled = at === last;
    history.replaceState(null, "", `#play=${at}`);
    tell($("live-status").textContent);
    review.step(at);
    // The bar sticks to the foot of the screen: the floor's last line, what this step did,
    // would be under it (live-deal.css keeps the bar's height as its scroll margin).
    if (reveal) $("floor-panel").lastElementChild?.scrollIntoView({ block: "nearest" });
  }

  const step = (d, label, text, id) => h("button", { type: "button", class: "button secondary", id, "aria-label": label,
    onclick: () => show(at + d) }, text);
  const back = step(-1, _("Previous play"), _("◀ Previous"), "replay-back");
  const next = step(1, _("Next play"), _("Next ▶"), "replay-next");
  const slider = h("input", { type: "range", id: "replay-slider", min: "0", max: String(last), step: "1", value: "0",
    "aria-label": _("Play"), oninput: () => show(Number(slider.value)) });
  bar.replaceChildren(back, slider, next);
  bar.hidden = false;
  document.addEventListener("keydown", (event) => {
    // The slider moves itself, and a card grid's arrows move through its cards (roving.js).
    if (event.defaultPrevented || event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowLeft") show(at - 1);
    else if (event.key === "ArrowRight") show(at + 1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(last);
    else return;
    event.preventDefault();
  });
  // A step typed or pasted in the address of the open page is followed too.
  window.addEventListener("hashchange", () => { if (stepInAddress() !== at) show(stepInAddress()); });
  show(stepInAddress(), false);
}
