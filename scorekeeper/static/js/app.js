// Every page: hand a scorer link's key to the server, number steppers, Back, copy and share,
// one send per tap (script-runs.js marks that script runs).
import { byId } from "./dom.js";
import { sayOffline } from "./offline-note.js";
import "./roving.js"; // every card grid (and chooser marked data-rove) one Tab stop, its arrows moving through it
import { _ } from "./words.js";

const SAID_AFTER_MS = 1000;

// At DOMContentLoaded, after every other module of the page: offline-queue.js's submit listener
// must come first, to stop this one when it keeps a deal offline.
document.addEventListener("DOMContentLoaded", () => {
  sayAtLoad();
  // A scorer link carries its key after "#", which browsers never send: hand it over by POST.
  const join = byId("join-form");
  const key = new URLSearchParams(location.hash.slice(1)).get("key");
  if (key) {
    history.replaceState(null, "", location.pathname + location.search);
    if (join) {
      join.elements.key.value = key;
      join.submit();
    }
  }

  // − and + beside a number box: one step within its min and max.
  document.querySelectorAll(".number-stepper").forEach((stepper) => {
    const input = stepper.querySelector("input");
    stepper.querySelectorAll("[data-step]").forEach((button) => button.addEventListener("click", () => {
      const low = Number(input.min), high = Number(input.max);
      const now = parseInt(input.value, 10);
      const next = (Number.isNaN(now) ? low : now) + Number(button.dataset.step);
      input.value = String(Math.min(high, Math.max(low, next)));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }));
  });

  // The language menu takes effect once a language is chosen: at once with a tap; from the
  // keyboard, whose arrows step through the languages, on Enter or on leaving the menu.
  document.querySelectorAll("[data-submit-on-change]").forEach((menu) => {
    const shown = menu.value;
    let stepping = false;
    const send = () => { if (menu.value !== shown) menu.form.requestSubmit(); };
    menu.addEventListener("pointerdown", () => { stepping = false; });
    menu.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") stepping = true;
      else { event.preventDefault(); send(); }
    });
    menu.addEventListener("change", () => { if (!stepping) send(); });
    menu.addEventListener("blur", send);
  });

  document.querySelectorAll("[data-back]").forEach((button) =>
    button.addEventListener("click", () => history.back()));

  // Copy and Share buttons next to a link.
  document.querySelectorAll("[data-copy]").forEach((button) => {
    const field = byId(button.dataset.copy);
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(field.value);
      } catch {
        field.select();
        document.execCommand("copy");
      }
      const label = button.textContent;
      button.textContent = _("Copied ✓");
      setTimeout(() => { button.textContent = label; }, 1500);
    });
  });
  document.querySelectorAll("[data-share]").forEach((button) => {
    const field = byId(button.dataset.share);
    if (!navigator.share) { button.hidden = true; return; }
    button.addEventListener("click", () =>
      navigator.share({ title: document.title, url: field.value }).catch(() => {}));
  });

  // One tap is enough: a second tap on a form being sent does not send it again.
  // Without a connection nothing is sent, and what was entered stays on the page.
  const posts = document.querySelectorAll("form[method=post]");
  posts.forEach((form) =>
    form.addEventListener("submit", (event) => {
      if (form.dataset.sending) { event.preventDefault(); return; }
      if (navigator.onLine === false) {
        event.preventDefault();
        sayOffline();
        return;
      }
      form.dataset.sending = "1";
      setTimeout(() => { delete form.dataset.sending; }, 4000);
    }));
  window.addEventListener("pageshow", () => posts.forEach((form) => delete form.dataset.sending));
  window.addEventListener("online", () =>
    document.querySelectorAll("[data-offline]").forEach((note) => note.remove()));
});

/**
 * A status on the page as it opens ("Deal 3 saved.") is said once, a moment after: a screen
 * reader says a live region's changes, not what it held as the page loaded, so base.html leaves
 * an empty region for it. Its text in the flash is hidden from the reader, not to be read twice.
 */
function sayAtLoad() {
  const region = document.querySelector("[data-said-at-load]");
  if (!region) return;
  const texts = Array.from(document.querySelectorAll("[data-said-later] > span"));
  texts.forEach((span) => span.setAttribute("aria-hidden", "true"));
  // Long enough for the reader to have taken in the page and its (empty) region.
  setTimeout(() => { region.textContent = texts.map((span) => span.textContent.trim()).join(" "); }, SAID_AFTER_MS);
}
