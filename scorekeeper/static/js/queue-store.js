// The offline deal queue's storage (IndexedDB), shared by the pages and the service worker:
// deal forms entered without a connection, oldest first, each with its Idempotency-Key.
// It sets self.dealQueue rather than exporting it: the worker is a classic script (/sw.js is
// BUILD, this file and sw.js in one, so the browser's update check is one request), and pages
// import this file for that effect (offline-queue.js).
(function (scope) {
  "use strict";
  const NAME = "scorekeeper-offline";
  const STORE = "deals";

  function open() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(NAME, 1);
      request.onupgradeneeded = () =>
        request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  /** Run `work` on the store in one transaction; resolves with its request's result. */
  async function withStore(mode, work) {
    const db = await open();
    try {
      return await new Promise((resolve, reject) => {
        const transaction = db.transaction(STORE, mode);
        const request = work(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
    } finally {
      db.close();
    }
  }

  scope.dealQueue = {
    /** Every item, oldest first (ids only grow). */
    all: () => withStore("readonly", (store) => store.getAll()),
    /** Keep a new item; resolves with its id. */
    add: (item) => withStore("readwrite", (store) => store.add(item)),
    /** Store an item's new state. */
    put: (item) => withStore("readwrite", (store) => store.put(item)),
    /** Drop an item: stored, or handed to the person. */
    remove: (id) => withStore("readwrite", (store) => store.delete(id)),
  };
})(self);
