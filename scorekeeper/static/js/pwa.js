// Every page: install the service worker, and have it keep for later what this page leads to
// (data-keep-offline: the scoreboard's "Enter deal"; the session's scoreboard, where a deal saved
// offline leads), so that a scorer who loses the network can still enter a deal on a form never
// opened. The page is marked data-offline-ready when they are kept.

/** What to keep: the links marked, always fresh (a deal form's number moves on); this page
 * and its session's scoreboard unless kept already (a page with a one-time message was not). */
async function wanted() {
  const urls = Array.from(document.querySelectorAll("a[data-keep-offline]"), (a) => a.href);
  const here = location.href.split("#")[0];
  const session = location.pathname.match(/^\/s\/[^/]+/);
  const board = session && new URL(session[0], location.href).href;
  const flash = document.querySelector("[data-testid=flash]");
  if (flash || !(await caches.match(here))) urls.push(here);
  if (board && board !== here && !(await caches.match(board))) urls.push(board);
  return urls;
}

/** Hand the worker what to keep; the page is marked when it is kept. */
async function keepWanted(registration) {
  const urls = await wanted();
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { document.documentElement.dataset.offlineReady = ""; };
  registration.active.postMessage({ keep: urls }, [channel.port2]);
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => { /* no worker: the app works online */ });
  if (navigator.onLine !== false) navigator.serviceWorker.ready.then(keepWanted);
}
