// The card picker: the 52-card grid the server draws (#deck), the zones a tapped card can go
// to (#targets), and the typing box (#card-search: "ks 4h t♦", "q", "♦", then Enter).
// It knows no game: the page passes its zones, and redraws and asks when told.
import { matches, names, pretty, words } from "./cards.js";
import { byId as $, h, tile } from "./dom.js";

/**
 * zones — the game's places for cards, each with an id:
 *   list()           the zones, in the order of the target buttons
 *   label(zone)      a target button's text ("Hand")
 *   name(zone, short) in a sentence ("your hand"); short under a taken card ("hand")
 *   has(zone)        whether the zone still exists
 *   whereIs(code)    the zone holding the card, or null
 *   add(code, zone), remove(code), clear()   change the cards
 * first — the zone cards go to at the start, and when their zone is gone.
 * changed() — the cards changed: redraw and ask. redraw() — redraw only.
 * The page's redraw calls picker.render(); isTarget(zone) marks the zone cards go to.
 */
export function createPicker({ zones, first, changed, redraw }) {
  let target = first; // where a tapped card goes
  let open = true;
  const search = $("card-search");

  function hint(text) { $("search-hint").textContent = text; }

  /** Cards now go to `zone`, and the picker opens. */
  function aim(zone) {
    target = zone;
    open = true;
  }

  /** The "+" tile at the end of a zone: send the cards there. */
  function addTile(zone) {
    return h("button", {
      type: "button", class: "tile add" + (open && target === zone ? " is-target" : ""),
      "aria-label": `Add cards to ${zones.name(zone)}`, dataset: { add: zone },
      onclick: () => { aim(zone); redraw(); $("picker").scrollIntoView({ block: "nearest", behavior: "smooth" }); },
    }, "+");
  }

  /** A zone's cards, each taken out on a tap, then its "+" tile. */
  function zoneTiles(zone, cards) {
    return [
      ...cards.map((c) => tile(c, {
        "aria-label": `${pretty(c)}: tap to take it out of ${zones.name(zone)}`,
        onclick: () => { zones.remove(c); changed(); },
      })),
      addTile(zone),
    ];
  }

  function render() {
    $("picker").hidden = !open;
    $("picker-open").hidden = open;
    if (!zones.has(target)) target = first;
    $("targets").replaceChildren(...zones.list().map((zone) => h("button", {
      type: "button", class: "target", "aria-pressed": String(zone === target), dataset: { target: zone },
      onclick: () => { target = zone; redraw(); },
    }, zones.label(zone))));
    const typed = words(search.value);
    const shown = typed.length ? new Set(typed.flatMap((word) => matches(word))) : null;
    $("deck").querySelectorAll(".pick").forEach((button) => {
      const code = button.dataset.card;
      const where = zones.whereIs(code);
      button.hidden = shown !== null && !shown.has(code);
      button.setAttribute("aria-pressed", String(where === target));
      button.classList.toggle("taken", where !== null && where !== target);
      button.setAttribute("aria-disabled", String(where !== null && where !== target));
      button.querySelector(".where").textContent = where && where !== target ? zones.name(where, true) : "";
      button.setAttribute("aria-label", pretty(code) + (where ? ` (in ${zones.name(where)})` : ""));
    });
    $("deck").querySelectorAll(".suit-row").forEach((row) => {
      row.hidden = !row.querySelector(".pick:not([hidden])");
    });
    if (shown !== null && shown.size === 0) hint(`No card matches “${typed.join(" ")}”. Try ks, 10d, q or ♦.`);
  }

  $("deck").addEventListener("click", (event) => {
    const button = event.target.closest(".pick");
    if (!button) return;
    const code = button.dataset.card;
    const where = zones.whereIs(code);
    if (where === target) { zones.remove(code); hint(`${pretty(code)} taken out of ${zones.name(target)}.`); }
    else if (where) { hint(`${pretty(code)} is already in ${zones.name(where)}: tap it there to take it out.`); return; }
    else { zones.add(code, target); hint(`${pretty(code)} added to ${zones.name(target)}.`); }
    if (search.value) search.value = "";
    changed();
  });

  search.addEventListener("input", () => { hint("Press Enter to add the cards you typed."); render(); });
  search.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const added = [], left = [], notes = [];
    words(search.value).forEach((word) => {
      const found = matches(word);
      const free = found.filter((c) => !zones.whereIs(c));
      if (found.length === 1 && !free.length) notes.push(`${pretty(found[0])} is already in ${zones.name(zones.whereIs(found[0]))}`);
      else if (free.length === 1) { zones.add(free[0], target); added.push(free[0]); }
      else { left.push(word); if (found.length) notes.push(`“${word}” matches ${free.length} cards: tap one`); else notes.push(`“${word}” is not a card`); }
    });
    search.value = left.join(" ");
    hint([added.length ? `Added ${names(added)} to ${zones.name(target)}.` : "", ...notes.map((n) => n + ".")].join(" ").trim());
    changed();
  });

  $("picker-done").addEventListener("click", () => { open = false; redraw(); });
  $("picker-open").addEventListener("click", () => { open = true; redraw(); });
  $("clear-layout").addEventListener("click", () => {
    zones.clear();
    target = first;
    changed();
  });

  return {
    get target() { return target; },
    set target(zone) { target = zone; },
    get open() { return open; },
    set open(value) { open = value; },
    /** Whether tapped cards go to `zone` now (and the picker is open to tap them). */
    isTarget: (zone) => open && target === zone,
    aim,
    /** Back to the start: cards go to the first zone, the picker open, nothing typed. */
    reset() { aim(first); search.value = ""; },
    render,
    hint,
    zoneTiles,
  };
}
