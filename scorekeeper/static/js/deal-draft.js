// Every deal form: keep a draft of what was entered, before the game's script draws the page.
// A draft that comes back is said so on the page, with a button that discards it.
import { byId, h } from "./dom.js";
import { _ } from "./words.js";
import "./offline-form.js"; // first: the form numbered for the deals kept offline, its draft key too

/** Keep a draft of what `form` holds, and bring it back. */
function keepDrafts(form) {
  // A draft of what was entered, kept in this tab: when Save fails for want of a connection and
  // the browser's error page sends the player back, the entry comes back too. It belongs to
  // this deal as the session stood when the form was drawn, so a form drawn after a save (Back
  // after Save shows "Enter deal 2") starts blank, as it looks.
  const draftKey = `draft:${location.pathname}:${form.dataset.draft}`;
  const notDrafted = new Set(["csrf_token", "number", "version"]);
  let cancelled = false; // Cancel means it: the draft goes too
  function saveDraft() {
    if (cancelled) return;
    const entries = Array.from(new FormData(form)).filter(([name]) => !notDrafted.has(name));
    try { sessionStorage.setItem(draftKey, JSON.stringify(entries)); } catch { /* storage off */ }
  }
  function loadDraft() {
    let entries = null;
    try { entries = JSON.parse(sessionStorage.getItem(draftKey)); } catch { /* none */ }
    if (!Array.isArray(entries)) return false;
    const before = entered();
    const values = new Map(entries);
    Array.from(form.elements).forEach((el) => {
      if (!el.name || notDrafted.has(el.name)) return;
      if (el.type === "radio") el.checked = values.get(el.name) === el.value;
      else if ((el.type === "number" || "drafted" in el.dataset) && values.has(el.name)) {
        el.value = values.get(el.name);
      }
    });
    return entered() !== before;
  }
  /** What the form holds now, as the draft keeps it. */
  function entered() {
    return JSON.stringify(Array.from(new FormData(form)).filter(([name]) => !notDrafted.has(name) && name !== "idempotency_key"));
  }
  /** Say that the draft is back (a form the server drew afresh, not one it sent back), and
   * offer to start again: the form as the server drew it, without the draft. */
  function sayBack() {
    if ("sentBack" in form.dataset) return;
    const number = (document.querySelector("main h1").textContent.match(/\d+/) || [""])[0];
    const text = form.dataset.draft.startsWith("v")
      ? _("Your unsaved changes to deal {number} are back, as you left them.", { number })
      : _("What you entered for deal {number} before is back, as you left it.", { number });
    const discard = () => {
      cancelled = true;
      try { sessionStorage.removeItem(draftKey); } catch { /* storage off */ }
      location.reload();
    };
    form.before(h("div", { class: "flash draft-back", role: "status", dataset: { testid: "draft-back" } },
      h("span", {}, text),
      h("button", { type: "button", class: "button small secondary", onclick: discard }, _("Discard it"))));
  }
  function dropDrafts(keep) {
    try {
      // Drafts of this page's other deals, or of versions gone by, are of no more use.
      Object.keys(sessionStorage)
        .filter((key) => key.startsWith(`draft:${location.pathname}:`) && key !== keep)
        .forEach((key) => sessionStorage.removeItem(key));
    } catch { /* storage off */ }
  }
  form.querySelector("[data-cancel]").addEventListener("click", () => {
    cancelled = true;
    dropDrafts(null);
  });
  form.addEventListener("click", () => setTimeout(saveDraft));
  ["change", "input", "submit"].forEach((type) => form.addEventListener(type, saveDraft));
  window.addEventListener("pageshow", () => { cancelled = false; });
  dropDrafts(draftKey);
  if (loadDraft()) sayBack();
}

const form = byId("deal-form");
if (form) keepDrafts(form);
