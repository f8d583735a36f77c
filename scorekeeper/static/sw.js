// The service worker (served at /sw.js, which prepends BUILD — its version, the static files and
// the offline page in each language — and js/queue-store.js, whole: one classic script, so the browser's update
// check is one request). It keeps the app shell, and a copy of every page last seen online, so
// that a scoreboard or a deal form opens without a network. Pages always ask the network first:
// what the server says is the truth, the copy is only for when it cannot be asked.
/* global BUILD */
"use strict";
/* global dealQueue */
const PREFIX = "scorekeeper-";
const DEAL_FORM = /^\/s\/([^/]+)\/deals\/(new|\d+\/edit)$/;
const CACHE = PREFIX + BUILD.version;
const HASH = /\.[0-9a-f]{12}(\.\w+)$/; // the content hash in a static file's name

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(BUILD.shell)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  // The pages kept by an older version stay useful offline: carry them over, drop the rest.
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const name of await caches.keys()) {
      if (!name.startsWith(PREFIX) || name === CACHE) continue;
      const old = await caches.open(name);
      for (const request of await old.keys()) {
        const path = new URL(request.url).pathname;
        if (!path.startsWith("/static/")) await cache.put(request, await old.match(request));
      }
      await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  const dealForm = url.pathname.match(DEAL_FORM);
  if (request.method === "POST" && request.mode === "navigate" && dealForm) {
    event.respondWith(sendOrHold(request, dealForm));
    return;
  }
  // Other writes, like the API, go to the network untouched: never kept, never faked.
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/static/")) event.respondWith(staticFile(request));
  else if (request.mode === "navigate") event.respondWith(navigation(request));
  else event.respondWith(fetched(request));
});

/** A deal form sent: if it cannot reach the server, the offline queue keeps it (with the key the
 * page gave it, so that a send that did arrive is not stored twice) and the scoreboard follows. */
async function sendOrHold(request, [, session, what]) {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch {
    const fields = Array.from(await copy.formData(), ([name, value]) => [name, String(value)]);
    const field = (name) => (fields.find(([key]) => key === name) || [])[1];
    if (!field("idempotency_key")) throw new TypeError("No key: sending it again might store it twice");
    await dealQueue.add({
      session,
      kind: what === "new" ? "new" : "edit",
      number: Number(field("number")) || null,
      action: request.url,
      fields,
      key: field("idempotency_key"),
      when: new Date().toISOString(),
      state: "waiting",
    });
    return Response.redirect(`/s/${session}`, 303);
  }
}

/** The shell: from the cache of this version, else the network (and kept). A page kept by an
 * older version names its files by their older hashes, or unhashed: it gets them as this version
 * has them, as the server would answer (scorekeeper/web/assets.py). */
async function staticFile(request) {
  const cache = await caches.open(CACHE);
  const current = inShell(new URL(request.url).pathname);
  const kept = (await cache.match(request, { ignoreSearch: true })) || (current && (await cache.match(current)));
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** The shell's URL of the file a static path names, whatever its hash. */
function inShell(path) {
  const plain = path.replace(HASH, "$1");
  return BUILD.shell.find((url) => url.replace(HASH, "$1") === plain);
}

/** A page: the network first (kept when it answers with a page), else its copy, else the
 * offline page. */
async function navigation(request) {
  try {
    return await keep(request, await fetch(request));
  } catch {
    const cache = await caches.open(CACHE);
    return (await cache.match(request, { ignoreVary: true })) || cache.match(BUILD.offline[await language()]);
  }
}

/** The phone's language: the menu's choice (its cookie), else the first of the browser's languages
 * the app speaks (as Accept-Language chooses a first visit's), else English. */
async function language() {
  const chosen = self.cookieStore && (await self.cookieStore.get(BUILD.cookie).catch(() => null));
  if (chosen && chosen.value in BUILD.offline) return chosen.value;
  const asked = (self.navigator.languages || []).map((tag) => tag.split("-")[0]);
  return asked.find((code) => code in BUILD.offline) || BUILD.language;
}

/** A page's own fetch (the live poll, the forms kept for later): the network, and a 200 page
 * refreshes the copy. Offline it fails, as it would without a service worker. */
async function fetched(request) {
  return keep(request, await fetch(request));
}

/** Keep a copy of a page that was answered whole (not a 304, not an error, not a redirect)
 * and carries no one-time message: a stale "Deal 3 saved. Undo" must not come back. */
async function keep(request, response) {
  const type = response.headers.get("Content-Type") || "";
  const whole = response.status === 200 && response.type === "basic" && !response.redirected;
  if (!whole || !type.startsWith("text/html")) return response;
  const text = await response.clone().text();
  if (!text.includes('data-testid="flash"')) {
    const headers = new Headers(response.headers);
    const cache = await caches.open(CACHE);
    await cache.put(new URL(request.url).href, new Response(text, { status: 200, headers }));
  }
  return response;
}

// A page asks for links to be kept (the scoreboard's "Enter deal", a page not yet controlled):
// fetched here, with this browser's cookies, and answered when done.
self.addEventListener("message", (event) => {
  if (!event.data || !Array.isArray(event.data.keep)) return;
  const urls = event.data.keep.filter((href) => new URL(href, location.href).origin === location.origin);
  const done = Promise.allSettled(urls.map((href) =>
    // Marked as the worker's copy: the server leaves a one-time message for the page itself.
    fetch(href, { credentials: "same-origin", headers: { "Scorekeeper-Copy": "keep" } })
      .then((response) => keep(new Request(href), response))));
  event.waitUntil(done.then(() => event.ports[0] && event.ports[0].postMessage("kept")));
});
