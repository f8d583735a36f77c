// Names cut by the room they really have (scorekeeper/web/names.py writes them): an element
// with data-fit holds every form of a name, longest first (the partners whole, first names,
// initials; a team's own name cut after words), and shows the longest form its box holds. The
// box is the nearest element around it laid out as a box of its own (the name's line, clamped
// lines, a table's cell). The whole name stays the accessible name, and the title, of a shorter
// form. Every name is fitted before the page is first drawn (base.html loads this module with
// blocking="render"), again when the page's width or text size changes or a font arrives, when a
// fold opens, and when a script draws names (fit(part), as follow.js does after a swap).
//
// Cheap for a scoreboard of many rows: all names are fitted together, round by round, each
// round one write to every name still too long and one read of every box, so the page is laid
// out once a round (a handful of rounds), never once a name.

const FITS = "[data-fit]";
const forms = (el) => JSON.parse(el.dataset.fit);

/** The whole name that `el` (or the name inside it) shows, whatever form is drawn. */
export function wholeName(el) {
  const name = el.matches(FITS) ? el : el.querySelector(FITS);
  return name ? forms(name)[0] : el.textContent.trim();
}

/** A copy of the name `el` shows (or holds), to be shown elsewhere: fit() it once placed. */
export function copyName(el) {
  return (el.matches("bdi") ? el : el.querySelector("bdi")).cloneNode(true);
}

/** Draw form `at` of `el`'s names: the whole name as text, a shorter one for the eye only. */
function show(el, names, at) {
  delete el.dataset.overflow;
  if (at === 0) {
    el.textContent = names[0];
    el.removeAttribute("title");
    delete el.dataset.short;
    return;
  }
  const seen = document.createElement("span");
  seen.setAttribute("aria-hidden", "true");
  seen.textContent = names[at];
  const read = document.createElement("span");
  read.className = "visually-hidden";
  read.textContent = names[0];
  el.replaceChildren(seen, read);
  el.title = names[0];
  el.dataset.short = "";
}

/** The box whose room a name has: itself or the nearest element around it that is not inline. */
function boxOf(el) {
  let box = el;
  const inline = (el) => ["inline", "contents"].includes(getComputedStyle(el).display);
  while (box.parentElement && inline(box)) box = box.parentElement;
  return box;
}

// How far a box's text runs out of it, in pixels (0: it fits): a line clamped away, or a line too
// long on either side (an Arabic name runs out on the left, which a left-to-right box leaves out
// of its scrollWidth). A line clamped away is a line's height: a few pixels more are a tag's
// padding or Nastaliq's tall letters, not a line. The whole name kept for screen readers
// (.visually-hidden) is not shown, so not measured.
const range = document.createRange();
const beyond = (px) => (px > 1 ? px : 0); // a pixel's rounding is no overflow
function excess(box) {
  let out = beyond(box.scrollWidth - box.clientWidth);
  const below = box.scrollHeight - box.clientHeight;
  if (below > 1 && below > parseFloat(getComputedStyle(box).fontSize) / 2) out += below;
  const edge = box.getBoundingClientRect();
  const foot = edge.top + box.clientTop + box.clientHeight;
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest(".visually-hidden")) continue;
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) {
      if (!line.width) continue;
      out += beyond(edge.left - line.left) + beyond(line.right - edge.right);
      if (line.top >= foot - 1) out += line.height;
    }
  }
  return out;
}

/** Show each name in `root` (an element or the document) in the longest form its box holds. */
export function fit(root = document) {
  const found = root.querySelectorAll(FITS);
  const all = root.matches?.(FITS) ? [root, ...found] : [...found];
  // A name in a closed fold or a hidden part has no room to measure: it waits to be shown.
  let pending = all.filter((el) => el.getClientRects().length).map((el) => ({ el, names: forms(el), at: 0 }));
  pending.forEach((name) => show(name.el, name.names, 0));
  pending.forEach((name) => { name.box = boxOf(name.el); }); // as drawn whole (not as it wrapped)
  const stuck = [];
  while (pending.length) {
    const full = new Set(pending.map((name) => name.box).filter((box) => excess(box)));
    const over = pending.filter((name) => full.has(name.box));
    stuck.push(...over.filter((name) => name.at + 1 === name.names.length));
    pending = over.filter((name) => name.at + 1 < name.names.length);
    pending.forEach((name) => show(name.el, name.names, ++name.at));
  }
  if (stuck.length) unstick(stuck);
  offerFolds();
}

// A team's fold of whole names is offered only while one of its names shows a shorter form:
// otherwise it is no Tab stop either (app.css keeps it from a tap).
function offerFolds() {
  document.querySelectorAll("details.whole-names").forEach((fold) => {
    const summary = fold.querySelector("summary");
    if (fold.open || fold.querySelector("[data-short]")) summary.removeAttribute("tabindex");
    else summary.tabIndex = -1;
  });
}

// Names whose box overflows even at their shortest form keep it, marked data-overflow (the lead
// line lets it wrap: app.css). Where shortening did not help (the box overflows as much with the
// names whole: another word wider than the line), they are shown whole again.
function unstick(stuck) {
  stuck.forEach((name) => { name.el.dataset.overflow = ""; });
  const boxes = [...new Set(stuck.map((name) => name.box))];
  const short = new Map(boxes.map((box) => [box, excess(box)]));
  stuck.forEach((name) => show(name.el, name.names, 0));
  const helped = new Set(boxes.filter((box) => excess(box) > short.get(box)));
  stuck.filter((name) => helped.has(name.box)).forEach((name) => {
    show(name.el, name.names, name.at);
    name.el.dataset.overflow = "";
  });
}

// The page's width and its text size, watched on one probe (its width the page's, its height
// 1em): fitting a name changes the boxes' heights, never the probe's, so the observer never
// sees its own work.
function watch() {
  const probe = document.createElement("div");
  probe.className = "fit-probe";
  probe.setAttribute("aria-hidden", "true");
  document.body.append(probe);
  let last = null;
  new ResizeObserver(([entry]) => {
    const size = `${entry.contentRect.width}x${entry.contentRect.height}`;
    if (last !== null && size !== last) fit();
    last = size;
  }).observe(probe);
  document.fonts?.addEventListener("loadingdone", () => fit());
  // A fold opened shows names that had no room while it was closed (and a team's card, open,
  // takes the whole row; closed, its half again).
  document.addEventListener("toggle", (event) => fit(event.target), true);
}

fit();
watch();
