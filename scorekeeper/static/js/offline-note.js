// The note a page shows when a form was not sent for want of a connection (app.js, offline-queue.js).
import { h } from "./dom.js";
import { _ } from "./words.js";

/** Say, above the form, that it was not sent because this phone is offline. */
export function sayOffline() {
  if (document.querySelector("[data-offline]")) return;
  const note = h("div", { class: "flash flash-problem", role: "alert", dataset: { offline: "", testid: "flash" } },
    h("span", {}, _("No connection: nothing was sent. What you entered is still here: send it again when the phone is back online.")));
  const main = document.querySelector("main");
  main.insertBefore(note, main.firstChild);
  note.scrollIntoView({ block: "nearest" });
}
