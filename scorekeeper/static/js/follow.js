// A scoreboard, a TV view or a club page follows the table live. It hears of each change from
// the table's stream (static/js/changes.js) and fetches the page then, with the ETag of what it
// shows. While the stream is down it asks every 2 s whether the table changed: a session's page
// asks the API for the session's own tag (data-follow-tag, its version: a HEAD, answered 304
// without the cookie, the page's words or its forms) and fetches the page only when that
// changed (issue 34). When the page changed, the parts marked data-live are swapped in, what is
// new is highlighted for a moment, and what the page marks data-announce (a new deal, the lead)
// is said once by one polite live region.
import { h } from "./dom.js";
import { fit } from "./names.js";
import { followChanges } from "./changes.js";

const PERIOD_MS = 2000;
const regions = () => Array.from(document.querySelectorAll("[data-live]"));
let etag = null;
let busy = false;
// The API address whose tag says whether the table changed, and the tag of what is shown.
const follow = document.querySelector("[data-follow]");
let tableTag = follow?.dataset.followTag ?? null;

// The parts a person would look at (table rows, sides, banners, a club's sessions), to tell
// what is new after a swap.
const PARTS = "tr, .side, .banner, p, li";
const text = (el) => el.textContent.replace(/\s+/g, " ").trim();
const shown = (root) => new Set(Array.from(root.querySelectorAll(PARTS)).map(text));

// The one region a screen reader listens to: its text is set once per change, never at a poll
// that brought nothing (the swapped parts are not live regions, or each swap would be read).
const told = h("p", { class: "visually-hidden", "aria-live": "polite", "data-testid": "announce" });
// Said as a screen reader reads it: a shortened name's whole form, not its short one as well,
// and a card by its name in words ("ten of diamonds"), not its sign.
function readAloud(el) {
  const copy = el.cloneNode(true);
  copy.querySelectorAll("[aria-hidden=true]").forEach((hidden) => hidden.remove());
  copy.querySelectorAll("[role=img][aria-label]").forEach((img) => img.replaceWith(img.getAttribute("aria-label")));
  return text(copy);
}
const news = (root) => Array.from(root.querySelectorAll("[data-announce]")).map(readAloud).filter(Boolean);

function announce(before) {
  const now = regions().flatMap(news).filter((said) => !before.has(said));
  const sentence = now.join(" ");
  if (sentence && sentence !== told.textContent) told.textContent = sentence;
}

// A part as the server drew it, without what the page did to it since: each name as all its
// forms (whichever one names.js fitted), folds closed and offered, nothing marked new.
function asDrawn(root) {
  const copy = root.cloneNode(true);
  copy.querySelectorAll("[data-fit]").forEach((name) => name.replaceWith(name.dataset.fit));
  copy.querySelectorAll("details[open]").forEach((fold) => fold.removeAttribute("open"));
  copy.querySelectorAll("summary[tabindex]").forEach((summary) => summary.removeAttribute("tabindex"));
  copy.querySelectorAll(".live-changed").forEach((part) => part.classList.remove("live-changed"));
  copy.querySelectorAll("[class='']").forEach((part) => part.removeAttribute("class"));
  return copy.innerHTML;
}

function swap(page) {
  const said = new Set(regions().flatMap(news));
  regions().forEach((here) => {
    const there = page.querySelector(`[data-live="${here.dataset.live}"]`);
    if (!there || asDrawn(there) === asDrawn(here)) return; // unchanged: an open fold stays open
    const before = shown(here);
    here.replaceChildren(...there.childNodes);
    fit(here); // each name in the longest form its room holds, as when the page was drawn
    here.querySelectorAll(PARTS).forEach((el) => {
      if (!before.has(text(el))) el.classList.add("live-changed");
    });
  });
  announce(said);
}

// The table's new tag if it changed since `tableTag`; null if not; undefined where there is no
// tag to ask (a club page), or the API did not answer it: then the page itself is asked.
async function tableChanged() {
  if (!follow) return undefined;
  const headers = tableTag ? { "If-None-Match": tableTag } : {};
  const response = await fetch(follow.dataset.follow, { method: "HEAD", headers, cache: "no-store", credentials: "omit" });
  if (response.status === 304) return null;
  return response.ok ? response.headers.get("ETag") : undefined;
}

// The page as shown now, fetched with its ETag and its live parts swapped in if it changed;
// whether it is up to date (false offline).
async function fetchPage() {
  const headers = etag ? { "If-None-Match": etag } : {};
  // The address as shown, filters and all: a filtered club page stays filtered.
  const response = await fetch(location.pathname + location.search, { headers, cache: "no-store", credentials: "same-origin" });
  // Read even when empty (a 304): a body left unread cancels the request (net::ERR_ABORTED).
  const body = await response.text();
  if (response.status === 200) {
    etag = response.headers.get("ETag");
    swap(new DOMParser().parseFromString(body, "text/html"));
  }
  return response.status === 200 || response.status === 304;
}

// Not while hidden, while a form of this page is being sent, or while asking already.
const idle = () => !busy && !document.hidden && !document.querySelector("form[data-sending]");

async function poll() {
  if (!idle()) return;
  busy = true;
  try {
    const newTag = await tableChanged();
    if (newTag === null) return; // nothing new at the table: the page is not asked
    if (await fetchPage()) tableTag = newTag ?? tableTag; // shown now
  } catch {
    // No connection: the page stays as it is, and the next poll tries again.
  } finally {
    busy = false;
  }
}

// The table's version the page shows, and the newest its stream told of (static/js/changes.js).
const stream = document.querySelector("[data-changes]");
let shownVersion = Number(stream?.dataset.version ?? 0);
let heardVersion = shownVersion;

function heard(version) {
  if (version === null) poll(); // the stream is down: ask, as before streams
  else if (version > heardVersion) {
    heardVersion = version;
    update();
  } // a version already shown is never drawn again
}

async function update() {
  if (heardVersion <= shownVersion) return;
  if (!idle()) {
    if (!document.hidden) setTimeout(update, PERIOD_MS / 4); // once the sending or asking ends
    return; // hidden: when it is shown again (visibilitychange)
  }
  busy = true;
  const target = heardVersion;
  let shownNow = false;
  try {
    shownNow = await fetchPage();
  } catch {
    // No connection: tried again below.
  } finally {
    busy = false;
  }
  if (shownNow) shownVersion = Math.max(shownVersion, target);
  if (heardVersion > shownVersion) setTimeout(update, shownNow ? 0 : PERIOD_MS);
}

// Back and Forward may show the browser's old copy of the page: bring it up to date at once.
const historic = () => performance.getEntriesByType("navigation")[0]?.type === "back_forward";

if (regions().length) {
  document.body.prepend(told); // at the top: its margins never lengthen a page that fills the screen (the TV)
  if (stream) {
    followChanges(stream.dataset.changes, heard);
    document.addEventListener("visibilitychange", update);
  } else setInterval(poll, PERIOD_MS);
  window.addEventListener("pageshow", (event) => { if (event.persisted || historic()) poll(); });
}
