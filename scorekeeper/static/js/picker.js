// The card picker: the pack the server draws (#deck), the zones a tapped card can go to
// (#targets), and the typing box (#card-search: "ks 4h t♦", "q", "♦", then Enter).
// It knows no game: the page passes its zones, how many copies of a card are in play (two
// in Fifty-six's double pack) and which of the drawn cards are in the pack now.
import { matches, names, pretty, spoken, words } from "./cards.js";
import { byId as $, h, tile, withCards } from "./dom.js";
import { _, ngettext } from "./words.js";

/**
 * zones — the game's places for cards, each with an id:
 *   list()           the zones, in the order of the target buttons
 *   label(zone)      a target button's text ("Hand")
 *   name(zone, short) in a sentence ("your hand"); short under a taken card ("hand")
 *   has(zone)        whether the zone still exists
 *   placesOf(code)   the zone of each copy of the card in play, [] when none
 *                    (or whereIs(code): the one zone holding it, or null, when a card is once)
 *   add(code, zone)  add a copy; remove(code, zone, index) take one out of the zone (the
 *                    index-th card there, else the last copy); clear()
 * first — the zone cards go to at the start, and when their zone is gone.
 * changed() — the cards changed: redraw and ask. redraw() — redraw only.
 * copies — how many of each card the pack holds (1). inPack(code) — whether the drawn card is
 * in the pack now (all are).
 * The page's redraw calls picker.render(); isTarget(zone) marks the zone cards go to.
 */
export function createPicker({ zones, first, changed, redraw, copies = 1, inPack = () => true }) {
  let target = first; // where a tapped card goes
  let open = true;
  const search = $("card-search");
  // Cards typed before this script ran: filter by them, and say how to add them.
  if (search.value) setTimeout(() => hint(_("Press Enter to add the cards you typed.")));
  const drawn = Array.from($("deck").querySelectorAll(".pick"), (button) => button.dataset.card);
  const pack = () => drawn.filter(inPack);
  const placesOf = (code) => (zones.placesOf ? zones.placesOf(code) : [zones.whereIs(code)].filter(Boolean));
  const free = (code) => copies - placesOf(code).length;
  /** Where the card is, in words: "your hand", "the trick and your hand". */
  const placesText = (places) => names([...new Set(places)].map((zone) => zones.name(zone)), String);

  function hint(text) { $("search-hint").replaceChildren(...withCards(text)); }

  /** Cards now go to `zone`, and the picker opens. */
  function aim(zone) {
    target = zone;
    open = true;
  }

  /** The "+" tile at the end of a zone: send the cards there. */
  function addTile(zone) {
    return h("button", {
      type: "button", class: "tile add" + (open && target === zone ? " is-target" : ""),
      "aria-label": _("Add cards to {zone}", { zone: zones.name(zone) }), dataset: { add: zone },
      onclick: () => { aim(zone); redraw(); $("picker").scrollIntoView({ block: "nearest", behavior: "smooth" }); },
    }, "+");
  }

  /** A zone's cards, each taken out on a tap, then its "+" tile. */
  function zoneTiles(zone, cards) {
    return [
      ...cards.map((c, i) => tile(c, {
        "aria-label": _("{card}: tap to take it out of {zone}", { card: spoken(c), zone: zones.name(zone) }),
        onclick: () => { zones.remove(c, zone, i); changed(); },
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
    const inPlay = new Set(pack());
    const shown = typed.length ? new Set(typed.flatMap((word) => matches(word, pack()))) : null;
    $("deck").querySelectorAll(".pick").forEach((button) => {
      const code = button.dataset.card;
      const places = placesOf(code);
      const here = places.filter((zone) => zone === target).length;
      const elsewhere = [...new Set(places.filter((zone) => zone !== target))];
      const taken = free(code) <= 0 && !here; // every copy is in another zone
      button.hidden = !inPlay.has(code) || (shown !== null && !shown.has(code));
      button.setAttribute("aria-pressed", String(here > 0));
      button.classList.toggle("taken", taken);
      button.setAttribute("aria-disabled", String(taken));
      button.querySelector(".where").textContent = here > 1 ? `×${here}`
        : here ? "" : elsewhere.map((zone) => zones.name(zone, true)).join(" ");
      button.setAttribute("aria-label", places.length ? _("{card} (in {places})", { card: spoken(code), places: placesText(places) }) : spoken(code));
    });
    $("deck").querySelectorAll(".suit-row").forEach((row) => {
      row.hidden = !row.querySelector(".pick:not([hidden])");
    });
    if (shown !== null && shown.size === 0) hint(_("No card matches “{typed}”. Try ks, 10d, q or ♦.", { typed: typed.join(" ") }));
  }

  $("deck").addEventListener("click", (event) => {
    const button = event.target.closest(".pick");
    if (!button) return;
    const code = button.dataset.card;
    const places = placesOf(code);
    // A tap adds a copy while one is free, then takes this zone's copies out again.
    const card = pretty(code);
    if (free(code) > 0) { zones.add(code, target); hint(_("{card} added to {zone}.", { card, zone: zones.name(target) })); }
    else if (places.includes(target)) {
      places.filter((zone) => zone === target).forEach(() => zones.remove(code, target));
      hint(_("{card} taken out of {zone}.", { card, zone: zones.name(target) }));
    } else { hint(_("{card} is already in {places}: tap it there to take it out.", { card, places: placesText(places) })); return; }
    if (search.value) search.value = "";
    changed();
  });

  search.addEventListener("input", () => { hint(_("Press Enter to add the cards you typed.")); render(); });
  search.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const added = [], left = [], notes = [];
    words(search.value).forEach((word) => {
      const found = matches(word, pack());
      const spare = found.filter((c) => free(c) > 0);
      if (found.length === 1 && !spare.length) {
        notes.push(_("{card} is already in {places}.", { card: pretty(found[0]), places: placesText(placesOf(found[0])) }));
      } else if (spare.length === 1) { zones.add(spare[0], target); added.push(spare[0]); }
      else {
        left.push(word);
        notes.push(found.length ? ngettext("“{word}” matches {n} card: tap one.", "“{word}” matches {n} cards: tap one.", spare.length, { word })
          : _("“{word}” is not a card.", { word }));
      }
    });
    search.value = left.join(" ");
    const done = added.length ? _("Added {cards} to {zone}.", { cards: names(added), zone: zones.name(target) }) : "";
    hint([done, ...notes].join(" ").trim());
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
