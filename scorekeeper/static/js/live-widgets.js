// The pieces every game's live-deal page draws (Seep's seep-live.js, Casino's casino-live.js,
// Fifty-six's fifty-six-live.js, and live-driver.js): the card buttons and typing box, the rows
// of choices, the refusal note, the panel shown when no deal is under way.
import { DECK, SUITS, SYMBOL, matches, pretty, rankText, spoken, spokenText, suitOf, words } from "./cards.js";
import { byId, h } from "./dom.js";
import { ruleLine } from "./verdict.js";
import { _, ngettext } from "./words.js";

/**
 * Says what changed through the page's one polite live region (#live-told): the floor's last
 * play, if it shows one, and `status`; set only when it differs, so a redraw or a poll that
 * brought nothing is not read again.
 */
export function tell(status) {
  const last = byId("floor-panel").querySelector("[data-testid=last-play]");
  // Heard, not seen: each card in it in words.
  const sentence = spokenText([last && !byId("floor-panel").hidden ? last.textContent : "", status].filter(Boolean).join(" "));
  const told = byId("live-told");
  if (told && told.textContent !== sentence) told.textContent = sentence;
}

/** The cards of `cards`, suit by suit, each a button; `pressed(code)`, `tap(code)`, `label(code)`.
 * One Tab stop, its arrows moving through it (roving.js). */
export function deckOf(cards, { pressed, tap, label }) {
  const available = new Set(cards);
  return h("div", { class: "deck live-deck", dataset: { rove: "deck" } }, SUITS.map((suit) => {
    const row = DECK.filter((c) => suitOf(c) === suit && available.has(c));
    return row.length ? h("div", { class: "suit-row", dataset: { suit } }, row.map((code) => h("button", {
      type: "button", class: `pick suit-${suit}`, dataset: { card: code }, "aria-pressed": String(pressed(code)),
      "aria-label": label(code), onclick: () => tap(code),
    }, h("span", { class: "rank" }, rankText(code)), h("span", { class: "suit" }, SYMBOL[suit])))) : null;
  }));
}

// What a type box was left holding when its panel was drawn again: the words it could not
// take and why, shown once in the box drawn next (by its id).
const typedLeft = {};

/**
 * A box to type cards in ("ks 4h"); Enter hands each card typed to `add`, unless
 * `refuse(card, taken, word)` says why not, a whole sentence naming the `word` typed (`taken`:
 * the cards accepted before it). What is not a card, stands for several or is refused stays in
 * the box, and a note says why.
 */
export function typeBox(id, placeholder, add, refuse = () => null) {
  const left = typedLeft[id] || { text: "", note: "" };
  delete typedLeft[id];
  const input = h("input", { type: "search", id, autocomplete: "off", autocapitalize: "off", spellcheck: "false",
    enterkeyhint: "done", placeholder, "aria-label": placeholder, "aria-describedby": `${id}-note`, value: left.text || null });
  const note = h("p", { class: "type-note small", id: `${id}-note`, "aria-live": "polite" }, left.note);
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const taken = [], kept = [], why = [];
    words(input.value).forEach((word) => {
      const found = matches(word);
      const reason = found.length === 1 ? refuse(found[0], taken, word)
        : found.length ? ngettext("“{word}” matches {n} card: type its suit too.", "“{word}” matches {n} cards: type its suit too.", found.length, { word })
          : _("“{word}” is not a card.", { word });
      if (reason) { kept.push(word); why.push(reason); } else taken.push(found[0]);
    });
    typedLeft[id] = { text: kept.join(" "), note: why.join(" ") };
    if (taken.length) { add(taken); return; } // its panel is drawn again, with what was left
    delete typedLeft[id];
    input.value = kept.join(" ");
    note.textContent = why.join(" ");
  });
  return h("div", { class: "type-box" }, h("label", { class: "search" }, input), note);
}

/** A row of big buttons, one per item, each `data-choice` = the item. */
export function choices(items, { pressed, tap, cls, label, text }) {
  return h("div", { class: "values live-choices" }, items.map((item) => h("button", {
    type: "button", class: `value ${cls ? cls(item) : ""}`, "aria-pressed": String(pressed(item)),
    dataset: { choice: item }, "aria-label": label ? label(item) : null, onclick: () => tap(item),
  }, text ? text(item) : String(item))));
}

/** The first step of a play: the card `mover` plays, tapped among `unseen` or typed; `pick(code | null)`. */
export function cardStep(mover, unseen, chosen, pick) {
  return [
    h("h3", {}, chosen ? _("{player} plays {card}", { player: mover, card: pretty(chosen) })
      : _("1. Tap the card {player} plays", { player: mover })),
    typeBox("card-search", _("Or type it: ks"), (cards) => {
      pick(cards[0]);
      // The next step is what the card does: a keyboard goes on from there.
      const next = document.querySelector("#play-panel .action:not([disabled])");
      if (next) next.focus();
    }, (card, taken, word) => (taken.length ? _("“{word}” is a second card: one is played at a time.", { word })
      : unseen.includes(card) ? null : _("“{word}” is seen already: on the table or played.", { word }))),
    deckOf(unseen, { pressed: (c) => c === chosen, label: (c) => _("{player} plays {card}", { player: mover, card: spoken(c) }),
      tap: (c) => pick(chosen === c ? null : c) }),
  ];
}

/** The note under a panel: a refusal (rule, code, sentence), news from another phone, a problem. */
export function noteBox(note) {
  if (!note) return h("div", { id: "live-note", hidden: true });
  if (note.kind === "refused") {
    return h("div", { id: "live-note", class: "verdict illegal", role: "alert", "data-testid": "refusal" },
      h("p", { class: "verdict-title" }, _("✗ Not allowed")),
      ruleLine({ rule_id: note.rule, rule: note.code }),
      h("p", { class: "reason" }, note.message));
  }
  return h("div", { id: "live-note", class: note.kind === "info" ? "live-info" : "problem", role: "status" }, h("p", {}, note.message));
}

/** The panel after a deal (`ended`: {number}) or when none is under way. */
export function donePanel(box, ended, { board, token, open }) {
  if (ended) {
    box.replaceChildren(
      h("h2", { id: "done-h", "data-testid": "recorded" }, _("Deal {deal} recorded", { deal: ended.number })),
      h("p", {}, _("It is on the scoreboard with every other deal.")),
      h("a", { class: "button big", href: board }, _("Back to the scoreboard")),
      token ? h("a", { class: "button secondary live-next", href: location.pathname }, _("Play the next deal live")) : "",
    );
    return;
  }
  box.replaceChildren(
    h("h2", { id: "done-h" }, open ? _("No live deal") : _("The session is over")),
    h("p", {}, open ? _("Nobody is playing a deal live in this session now. This page shows it as soon as the scorer starts one.")
      : _("No more deals can be played in it.")),
    h("a", { class: "button secondary", href: board }, _("Back to the scoreboard")),
  );
}
