// The offline deal queue, on every page. A deal form saved without a connection is kept on this
// phone (queue-store.js) with its Idempotency-Key, and the scorer goes on to the scoreboard
// (the service worker's copy). Pages say how many deals wait; when the network is back they are
// sent oldest first, one at a time: the key makes a send whose answer was lost safe to repeat.
// A deal the server refuses (another scorer got there first) is never dropped: the page asks the
// person, and the deals of that session entered after it wait behind it, as order matters.
import "./queue-store.js";
import { byId, h } from "./dom.js";
import { followQueue } from "./offline-board.js";
import { sayOffline } from "./offline-note.js";
import { _, ngettext } from "./words.js";

const queue = self.dealQueue;
const RETRY_MS = 3000;
const session = (location.pathname.match(/^\/s\/([^/]+)/) || [])[1];
const form = byId("deal-form");
const isNew = /\/deals\/new$/.test(location.pathname);
// Pages drawn anew once deals are stored: a scoreboard, and the offline page standing in for one.
const redraw = document.querySelector("[data-live=scoreboard], [data-offline-page]");
let sending = false;
let keptHere = 0; // this session's deals kept on this phone, as last counted (show)
let retry = null;

/** The scoreboard's "Enter deal 3", drawn before deals waiting here were stored, is for the
 * deal after them ("Enter deal 5"): those entered as deal 3 or later (an earlier one is the
 * server's already), as offline-form.js counts them when it redraws the form itself. The link
 * says its deal's number in data-deal-number, in any language (a new game's link has none). */
function advance(items) {
  document.querySelectorAll("a[data-keep-offline]").forEach((link) => {
    const shown = Number(link.dataset.dealNumber);
    if (!shown) return;
    const by = items.filter((item) => item.session === session && item.kind === "new" && !(item.number < shown)).length;
    if (!by) return;
    link.textContent = link.textContent.replace(String(shown), String(shown + by));
    link.dataset.dealNumber = String(shown + by);
  });
}

/** A random key that keeps the server's rule whatever the bits (data/idempotency.py new_key):
 * 128 of them in hex, then ten different digits. */
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)),
  (b) => b.toString(16).padStart(2, "0")).join("") + "-0123456789";

/** Each drawing of a deal form gets its own key: the server stores it once however often it
 * arrives (sent again from the queue, say, when the first answer was lost on the way). */
function giveKey() {
  form.append(h("input", { type: "hidden", name: "idempotency_key", value: newKey() }));
}

/** The form as it will be sent later, with the key that makes sending it twice safe. */
function entry() {
  const heading = document.querySelector("main h1").textContent;
  return {
    session,
    kind: isNew ? "new" : "edit",
    number: Number((heading.match(/\d+/) || ["0"])[0]),
    action: form.action,
    fields: Array.from(new FormData(form), ([name, value]) => [name, String(value)]),
    key: form.elements.idempotency_key.value,
    when: new Date().toISOString(),
    state: "waiting",
  };
}

/** Offline, keep the form to send later and go to the scoreboard. Online the form goes as it
 * always did (and if it cannot get through, the service worker keeps it: sw.js), unless deals
 * of this session kept here are still to be sent: a new deal then joins the queue behind them,
 * as it was numbered after them (offline-form.js), and the scoreboard sends them in order. */
async function hold(event) {
  const behind = keptHere && isNew && !("sentBack" in form.dataset);
  if (navigator.onLine !== false && !behind) return;
  event.preventDefault();
  event.stopImmediatePropagation(); // app.js's "No connection" note is not needed
  try {
    await queue.add(entry());
  } catch {
    sayOffline(); // not kept (storage refused): say so, and the entry stays here
    return;
  }
  location.assign(`/s/${session}`); // where its draft is forgotten (forgetDrafts)
}

/** Send one item: "stored", "refused" (the person must choose) or "later" (no network). */
async function post(item) {
  let response;
  try {
    response = await fetch(item.action, {
      method: "POST",
      body: new URLSearchParams(item.fields),
      headers: { "Idempotency-Key": item.key },
      redirect: "manual", // the redirect to the scoreboard means stored
      credentials: "same-origin",
    });
  } catch {
    return "later";
  }
  if (response.type === "opaqueredirect") return "stored";
  item.status = response.status;
  // 408 and 429 are "not now"; any other 4xx is an answer about this deal.
  const refused = response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status);
  return refused ? "refused" : "later";
}

// A deal form the server sent back (a clash, a mistake) is being decided: deals entered after
// it wait until the person has saved or cancelled it, as order matters. (Not any ".problem" on
// the page: Fifty-six's form has a hidden one for the auction, and nothing was sent for want
// of it while that form was open.)
const deciding = () => Boolean(form && "sentBack" in form.dataset);

/** Send what waits, oldest first; how many were stored. A session's deals after one refused
 * wait behind it. */
async function sendAll() {
  let stored = 0;
  const blocked = new Set();
  for (const item of await queue.all()) {
    if (item.state !== "waiting") blocked.add(item.session);
    if (blocked.has(item.session)) continue;
    const outcome = await post(item);
    if (outcome === "later") break;
    if (outcome === "stored") {
      await queue.remove(item.id);
      stored += 1;
    } else {
      item.state = "refused";
      await queue.put(item);
      blocked.add(item.session);
    }
  }
  return stored;
}

/** `work`, by one page of this phone at a time: two tabs that both hear "online" would send
 * each deal twice (the key stores it once, but the second answer, a clash with itself, would
 * ask the person about a deal already stored). A page that finds the queue busy tries later. */
const alone = (work) => (navigator.locks
  ? navigator.locks.request("scorekeeper-deal-queue", { ifAvailable: true }, (lock) => (lock ? work() : 0))
  : work());

async function send() {
  if (sending || navigator.onLine === false || deciding()) return;
  sending = true;
  let stored = 0;
  try {
    stored = await alone(sendAll);
  } finally {
    sending = false;
  }
  // A scoreboard shows what was stored (and the server's "Deal 5 saved." for each).
  if (stored && redraw && !document.querySelector("form[data-sending]")) location.reload();
  else await show();
}

/** The notes at the top of the page: deals waiting, and deals that need the person. */
async function show() {
  const items = await queue.all();
  keptHere = items.filter((item) => item.session === session).length;
  const waiting = items.filter((item) => item.state === "waiting").length;
  let box = document.querySelector("[data-offline-queue]");
  if (!box) {
    box = h("div", { dataset: { offlineQueue: "" } });
    document.querySelector("main").prepend(box);
  }
  box.replaceChildren();
  if (waiting) {
    box.append(h("p", { class: "flash flash-waiting", role: "status", dataset: { testid: "waiting" } },
      ngettext("{n} deal waiting to be sent", "{n} deals waiting to be sent", waiting)));
  }
  items.filter((item) => item.state === "refused").forEach((item) => box.append(ask(item)));
  clearTimeout(retry);
  if (waiting && navigator.onLine !== false) retry = setTimeout(send, RETRY_MS);
}

/** "Deal 3 you entered offline clashes …": a button hands it to the server's own page. */
function ask(item) {
  const clash = [409, 412].includes(item.status);
  return h("div", { class: "flash flash-problem offline-refused", role: "alert", dataset: { testid: "offline-refused" } },
    h("span", {}, refusal(clash, item.number)),
    h("button", { type: "button", class: "button small", onclick: () => choose(item) },
      clash ? _("See both and choose") : _("See why")));
}

/** Why a kept deal came back, one whole sentence for each case. */
function refusal(clash, number) {
  if (clash) {
    return number ? _("Deal {number} you entered offline clashes with another scorer's.", { number })
      : _("A deal you entered offline clashes with another scorer's.");
  }
  return number ? _("Deal {number} you entered offline was not accepted.", { number })
    : _("A deal you entered offline was not accepted.");
}

/** Send the entry as a normal form: the server's page shows theirs and mine, and the draft
 * is kept by deal-draft.js there. The queue lets go of it now: its data is on that page (and
 * the deals after it wait while that page is open: `deciding`). */
async function choose(item) {
  const sent = h("form", { method: "post", action: item.action, hidden: true },
    item.fields.map(([name, value]) => h("input", { type: "hidden", name, value })));
  document.body.append(sent);
  await queue.remove(item.id);
  sent.submit();
}

/** A deal kept in the queue is not a draft any more: the next form must start blank. */
function forgetDrafts(items) {
  const keys = new Set(items.map((item) => item.key));
  try {
    Object.keys(sessionStorage).filter((name) => name.startsWith("draft:")).forEach((name) => {
      const entries = JSON.parse(sessionStorage.getItem(name));
      if (Array.isArray(entries) && entries.some(([field, value]) => field === "idempotency_key" && keys.has(value))) {
        sessionStorage.removeItem(name);
      }
    });
  } catch { /* storage off, or not a draft */ }
}

async function start() {
  try {
    const items = await queue.all();
    forgetDrafts(items);
    advance(items);
    followQueue(items, session); // and the next dealer, as the form will deal it
    await show();
    await send();
  } catch {
    // IndexedDB refused (a private window may): the forms work online as before.
  }
}

if (queue && "indexedDB" in self) {
  // Registered now, before app.js's own (at DOMContentLoaded), which it stops when offline.
  if (form) {
    giveKey();
    form.addEventListener("submit", hold);
  }
  window.addEventListener("online", send);
  window.addEventListener("offline", show);
  start();
}
