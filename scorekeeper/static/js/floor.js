// A floor game's layout (Seep, Casino): the mover's hand, the loose cards, and piles of one
// value each on the floor (Seep's houses, Casino's builds). The zones the card picker fills,
// the editor of one pile, and the floor of the move chooser are drawn the same way for both;
// each game says what its piles are called, their values and who owns them.
//
// A game's pile in words (`says`), each in the page's language:
//   the(value)    in a sentence: "the house of 9"     short(value)  under a taken card: "H9"
//   target(value) a target button: "House 9"          of(value)     a pile's title: "House of 9"
//   head          over its value buttons: "House of"  values        their group: "House value"
//   remove        its remove button: "Remove house"
import { parseCard } from "./cards.js";
import { h, tile, tiles } from "./dom.js";
import { dotted, undotted } from "./link.js";
import { _ } from "./words.js";

/**
 * The card picker's zones over `state()`: "hand", "loose" and one zone per pile of
 * `state()[piles]` (each {id, value, cards}), a pile said as `says` says it (above).
 */
export function floorZones(state, piles, says) {
  const pileById = (id) => state()[piles].find((x) => x.id === id) || null;
  function zoneCards(zone) {
    if (zone === "hand" || zone === "loose") return state()[zone];
    const pile = pileById(zone);
    return pile ? pile.cards : null;
  }
  function whereIs(code) {
    if (state().hand.includes(code)) return "hand";
    if (state().loose.includes(code)) return "loose";
    const pile = state()[piles].find((x) => x.cards.includes(code));
    return pile ? pile.id : null;
  }
  function name(zone, short) {
    if (zone === "hand") return short ? _("hand") : _("your hand");
    if (zone === "loose") return short ? _("floor") : _("the loose cards");
    const pile = pileById(zone);
    return short ? says.short(pile.value) : says.the(pile.value);
  }
  return {
    list: () => ["hand", "loose", ...state()[piles].map((x) => x.id)],
    label: (zone) => (zone === "hand" ? _("Hand") : zone === "loose" ? _("Loose") : says.target(pileById(zone).value)),
    name,
    has: (zone) => Boolean(zoneCards(zone)),
    whereIs,
    add(code, zone) {
      if (whereIs(code)) return false;
      zoneCards(zone).push(code);
      return true;
    },
    remove(code) {
      const s = state();
      ["hand", "loose"].forEach((zone) => { s[zone] = s[zone].filter((c) => c !== code); });
      s[piles].forEach((pile) => { pile.cards = pile.cards.filter((c) => c !== code); });
    },
    clear() { const s = state(); s.hand = []; s.loose = []; s[piles] = []; },
  };
}

/**
 * One pile of the layout, to edit: its value (`values`, a value `taken` by another pile
 * greyed), its owners (`owners`: {title, seats, owns(seat), tap(seat), label(seat), team(seat)}),
 * its cards (`cardTiles`), a `note` on them and a remove button. `word` names the pile in
 * the page's classes ("house"), `says` in words (above).
 */
export function pileEditor(pile, { word, says, values, taken, owners, cardTiles, note, target, setValue, remove }) {
  const valueButtons = values.map((v) => h("button", {
    type: "button", class: "value", "aria-pressed": String(pile.value === v),
    disabled: v !== pile.value && taken(v), "aria-label": says.of(v),
    onclick: () => setValue(v),
  }, v));
  const ownerButtons = owners.seats.map((seat) => h("button", {
    type: "button", class: `owner team-${owners.team(seat)}`, "aria-pressed": String(owners.owns(seat)),
    "aria-label": owners.label(seat), onclick: () => owners.tap(seat),
  }, seat));
  return h("div", { class: `zone pile ${word}` + (target ? " is-target" : ""), dataset: { zone: pile.id, value: pile.value } },
    h("div", { class: "pile-head" }, h("h3", {}, says.head),
      h("div", { class: "values", role: "group", "aria-label": says.values }, valueButtons)),
    h("div", { class: "pile-owners" }, h("span", { class: "muted small" }, owners.title),
      h("div", { class: "owners", role: "group", "aria-label": owners.title }, ownerButtons)),
    h("div", { class: "tiles", dataset: { rove: pile.id } }, cardTiles),
    h("div", { class: "pile-foot" }, h("span", { class: `muted small pile-note ${word}-note` }, note),
      h("button", { type: "button", class: "button secondary small", onclick: remove }, says.remove)));
}

/** The loose cards of the move chooser, each ticked on a tap: `chosen`, `label(code)`, `tap(code)`. */
export function looseChoice(loose, { chosen, active, label, tap }) {
  if (!loose.length) return h("p", { class: "muted small" }, _("No loose cards."));
  return h("div", { class: "tiles", dataset: { rove: "move-loose" } }, loose.map((c) => tile(c, {
    "aria-pressed": String(chosen.includes(c)), disabled: !active, "aria-label": label(c), onclick: () => tap(c),
  })));
}

/** A pile in the move chooser, to take, build on or raise: a big button with its cards. */
export function pileChoice(pile, { word, says, pressed, active, label, tap, chips }) {
  return h("button", {
    type: "button", class: `pile-pick ${word}-pick`, "aria-pressed": String(pressed), disabled: !active,
    "aria-label": label, dataset: { [word]: pile.value }, onclick: tap,
  }, h("span", { class: "pile-title" }, says.of(pile.value), h("span", { class: "owners-inline" }, chips)),
  h("span", { class: "mini" }, pile.cards.map((c) => tile(c))));
}

/** Toggle `item` in a list: a new list with it, or without it. */
export const toggled = (list, item) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** The rows of a legal answer: `taken` cards and a `note` on them, then the floor and hand after. */
export function afterRows({ taken, note, loose, piles, hand }) {
  const row = (label, ...content) => h("div", { class: "after-row" }, h("span", { class: "after-label" }, ...[label].flat()), ...content);
  return [
    taken ? row(_("Taken"), tiles(taken, "small")) : null,
    note || null,
    h("h3", {}, _("After the move")),
    row(_("Loose"), loose.length ? tiles(loose, "small") : h("span", { class: "muted" }, _("none"))),
    ...piles.map(({ label, cards }) => row(label, tiles(cards, "small"))),
    row(_("Your hand"), hand.length ? tiles(hand, "small") : h("span", { class: "muted" }, _("empty"))),
  ].filter(Boolean);
}

/** The move in the link: "move=build:4H:9D:13" (action, card, loose cards, the game's `extra`). */
export const moveParam = (m, extra) => "move=" + [m.action || "", m.card, dotted(m.loose), extra ?? ""].join(":").replace(/:+$/, "");

/** Read the link's move `text` into `move` (an action of `actions`); its extra, or null when none. */
export function readMove(text, actions, move) {
  if (!text) return null;
  const [action, card, loose, extra] = text.split(":");
  move.card = parseCard(card || "");
  move.action = actions.includes(action) ? action : null;
  move.loose = undotted(loose).map(parseCard).filter(Boolean);
  return extra || "";
}
