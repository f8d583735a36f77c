// Every page: install the service worker, and have it keep what this page links to for later
// (data-keep-offline: the scoreboard's "Enter deal"), so that a scorer who loses the network
// can still enter a deal on a form never opened. The page is marked data-offline-ready then.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").catch(() => { /* no worker: the app works online */ });
  if (navigator.onLine === false) return;

  navigator.serviceWorker.ready.then((registration) => {
    const links = Array.from(document.querySelectorAll("a[data-keep-offline]"), (a) => a.href);
    // A page loaded before the worker controlled it, or showing a one-time message, was not
    // kept on the way: keep it now (the message is gone from it by now).
    const flash = document.querySelector("[data-testid=flash]");
    if (!navigator.serviceWorker.controller || flash) links.push(location.href.split("#")[0]);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { document.documentElement.dataset.offlineReady = ""; };
    registration.active.postMessage({ keep: links }, [channel.port2]);
  });
})();
