// One Tab stop per card grid (a roving tabindex), as radio groups and toolbars have: a group
// marked `data-rove` (its name, to find it drawn again) holds its buttons at tabindex -1 but
// one. The arrows move through them as they lie on the screen (Left and Right along the
// reading order, mirrored right to left; Up and Down to the nearest button of the row above
// or below), Home and End to the first and last; Space and Enter press them as ever. In a
// `role=radiogroup` the arrows go round the radios in order and also choose, as a radio's do. Whatever draws a group, and
// however often: the stop is kept where it was, and a button a redraw replaced under the
// focus hands the focus to the one drawn in its place.
const GROUP = "[data-rove]";
const STEPS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
const remembered = new Map(); // a group's name → the key of its button focused last
let held = null; // the button with the focus: {el, name, key, index}

const nameOf = (group) => group.dataset.rove || group.id || "";
const shown = (el) => (el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null);
/** A group's buttons that can take the focus, in the page's order. */
const items = (group) => Array.from(group.querySelectorAll("button, [role=radio]"))
  .filter((el) => el.closest(GROUP) === group && !el.disabled && shown(el));
/** What tells each button from its neighbours when it is drawn again: its data, and which of its like it is. */
function keysOf(list) {
  const seen = new Map();
  return list.map((el) => {
    const data = JSON.stringify(Object.entries(el.dataset));
    seen.set(data, (seen.get(data) || 0) + 1);
    return `${data}#${seen.get(data)}`;
  });
}
const chosen = (el) => el.getAttribute("aria-checked") === "true" || el.getAttribute("aria-pressed") === "true";

/** Give the group's one stop: the focused button, a radio group's choice, the stop it had, the one last
 * focused, the first pressed, else the first. */
function settle(group) {
  const list = items(group);
  if (!list.length) return;
  const key = remembered.get(nameOf(group));
  const stop = list.find((el) => el === document.activeElement)
    || (group.getAttribute("role") === "radiogroup" ? list.find(chosen) : null)
    || list.find((el) => el.getAttribute("tabindex") === "0")
    || list[keysOf(list).indexOf(key)]
    || list.find(chosen) || list[0];
  group.querySelectorAll("button, [role=radio]").forEach((el) => {
    if (el.closest(GROUP) === group) el.setAttribute("tabindex", el === stop ? "0" : "-1");
  });
}

/** Where `key` goes from `from`, among `list` as the screen shows them. */
function step(group, list, from, key) {
  if (key === "Home") return list[0];
  if (key === "End") return list[list.length - 1];
  const at = list.indexOf(from);
  // A radio group goes round in its own order, every arrow (Down and Right the next), as radios do.
  const radios = group.getAttribute("role") === "radiogroup";
  if (radios && (key === "ArrowUp" || key === "ArrowDown")) return list[(at + (key === "ArrowDown" ? 1 : -1) + list.length) % list.length];
  if (key === "ArrowLeft" || key === "ArrowRight") {
    const forward = (key === "ArrowRight") === (getComputedStyle(group).direction !== "rtl");
    const next = at + (forward ? 1 : -1);
    return radios ? list[(next + list.length) % list.length] : list[Math.min(list.length - 1, Math.max(0, next))];
  }
  const box = from.getBoundingClientRect();
  const middle = (r) => (r.left + r.right) / 2;
  const boxes = list.map((el) => [el, el.getBoundingClientRect()]);
  const beyond = boxes.filter(([, r]) => (key === "ArrowDown" ? r.top >= box.bottom - 1 : r.bottom <= box.top + 1));
  if (!beyond.length) return from;
  // The nearest row that way, then the button in it nearest below or above this one.
  const row = key === "ArrowDown" ? Math.min(...beyond.map(([, r]) => r.top)) : Math.max(...beyond.map(([, r]) => r.bottom));
  const inRow = beyond.filter(([, r]) => (key === "ArrowDown" ? Math.abs(r.top - row) < 2 : Math.abs(r.bottom - row) < 2));
  inRow.sort(([, a], [, b]) => Math.abs(middle(a) - middle(box)) - Math.abs(middle(b) - middle(box)));
  return inRow[0][0];
}

document.addEventListener("keydown", (event) => {
  if (!STEPS.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const group = event.target.closest && event.target.closest(GROUP);
  if (!group) return;
  const list = items(group);
  if (!list.includes(event.target)) return;
  event.preventDefault(); // the arrows move the focus, not the page
  const next = step(group, list, event.target, event.key);
  if (next === event.target) return;
  next.focus();
  if (group.getAttribute("role") === "radiogroup") next.click();
});

document.addEventListener("focusin", (event) => {
  const group = event.target.closest && event.target.closest(GROUP);
  const list = group ? items(group) : [];
  if (!list.includes(event.target)) { held = null; return; }
  const index = list.indexOf(event.target);
  held = { el: event.target, name: nameOf(group), key: keysOf(list)[index], index };
  remembered.set(held.name, held.key);
  settle(group);
});

// Focus that left a button still on the page (and not turned off while a play is sent) went where
// the person took it: it is not brought back.
document.addEventListener("focusout", () => {
  const was = held;
  setTimeout(() => {
    if (held === was && was && was.el.isConnected && !was.el.disabled && document.activeElement !== was.el) held = null;
  });
});

/** The focus lost with a button a redraw took away goes to the button drawn in its place (the same
 * card, or the one now where it was). */
function keepFocus() {
  if (!held || held.el.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
  const lost = held;
  const group = Array.from(document.querySelectorAll(GROUP)).find((g) => nameOf(g) === lost.name);
  const list = group ? items(group) : [];
  if (!list.length) return;
  const again = list[keysOf(list).indexOf(lost.key)] || list[Math.min(lost.index, list.length - 1)];
  again.focus({ preventScroll: true });
}

/** Settle every group that a change of the page touched. */
function changed(mutations) {
  const groups = new Set();
  mutations.forEach(({ target }) => {
    if (!(target instanceof Element)) return;
    const around = target.closest(GROUP);
    if (around) groups.add(around);
    target.querySelectorAll(GROUP).forEach((group) => groups.add(group));
  });
  groups.forEach(settle);
  keepFocus();
}

new MutationObserver(changed).observe(document.documentElement, {
  subtree: true, childList: true, attributes: true, attributeFilter: ["hidden", "disabled", "aria-pressed", "aria-checked"],
});
document.querySelectorAll(GROUP).forEach(settle);
