// Card notation shared by every game's page: the 52-card codes the API speaks ("10D", "KS"),
// how they are shown ("10♦"), and how typed words ("ks 4h t♦", "q", "♦") are read.
// A card's value is the game's: this module knows ranks and suits, not what they are worth.
import { _, leftToRight, listed, pgettext } from "./words.js";

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const SUITS = ["S", "H", "D", "C"];
export const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const FROM_SYMBOL = { "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C" };
/** Every card once, suit by suit: "AS" … "KC". */
export const DECK = SUITS.flatMap((s) => RANKS.map((r) => r + s));

export const rankText = (code) => code.slice(0, -1);
export const suitOf = (code) => code.slice(-1);
// A card in right-to-left words stays "10♦" (rank, then suit): isolated left to right (LRI … PDI).
/** "10D" → "10♦". */
export const pretty = (code) => leftToRight(rankText(code) + SYMBOL[suitOf(code)]);

// A card in words, as a screen reader says it while the eye reads "K♠": one message per rank,
// its suit filled in, so that each language orders the words and makes its "of" agree with the
// rank (Hindi's «हुकुम का इक्का» but «हुकुम की बेगम»). The server says the same messages and
// fills the suit in the same way, a word of the page's language, not isolated
// (scorekeeper/words/cards.py).
const OF_RANK = {
  A: () => pgettext("card", "ace of {suit}"),
  2: () => pgettext("card", "two of {suit}"),
  3: () => pgettext("card", "three of {suit}"),
  4: () => pgettext("card", "four of {suit}"),
  5: () => pgettext("card", "five of {suit}"),
  6: () => pgettext("card", "six of {suit}"),
  7: () => pgettext("card", "seven of {suit}"),
  8: () => pgettext("card", "eight of {suit}"),
  9: () => pgettext("card", "nine of {suit}"),
  10: () => pgettext("card", "ten of {suit}"),
  J: () => pgettext("card", "jack of {suit}"),
  Q: () => pgettext("card", "queen of {suit}"),
  K: () => pgettext("card", "king of {suit}"),
};
const SUIT_WORDS = { S: () => _("spades"), H: () => _("hearts"), D: () => _("diamonds"), C: () => _("clubs") };
/** A suit in words: "S" → "spades". */
export const suitSpoken = (suit) => SUIT_WORDS[suit]();
/** A card in words: "KS" → "king of spades". */
export const spoken = (code) => OF_RANK[rankText(code)]().replace("{suit}", suitSpoken(suitOf(code)));

// A card as a sentence prints it ("K♠", "10♦"): a rank and a suit's sign, or a suit's sign alone
// ("aces ♠ ♣"); not inside a longer number or word ("28♠" is a bid, not the 8♠).
export const PRINTED = /(?<![\p{L}\p{N}])(10|[2-9AJQK])?([♠♥♦♣])/gu;
/** A card or a suit as PRINTED found it, in words: ("K", "♠") → "king of spades"; (undefined, "♠") → "spades". */
export const printedSpoken = (rank, sign) => (rank ? spoken(rank + FROM_SYMBOL[sign]) : suitSpoken(FROM_SYMBOL[sign]));
/** `text` with each card printed in it said in words: "K♠ takes 9♦" → "king of spades takes nine of diamonds". */
export const spokenText = (text) => String(text).replace(PRINTED, (all, rank, sign) => printedSpoken(rank, sign));

/** Cards in words: "K♠", "K♠ and 4♥", "K♠, 4♥ and 9♣"; other things written by `show`.
 * The page's language links them (words.js's `listed`). */
export function names(cards, show = pretty) {
  return listed(cards.map((item) => show(item)));
}

/** Upper case, suit symbols as letters: " t♦" → "TD". */
function normal(text) {
  let t = String(text).trim().toUpperCase();
  Object.keys(FROM_SYMBOL).forEach((sym) => { t = t.split(sym).join(FROM_SYMBOL[sym]); });
  return t;
}

/** The canonical code: "10d", "TD", "t♦" → "10D"; null when it is not a card. */
export function parseCard(text) {
  const t = normal(text);
  const suit = t.slice(-1);
  const rank = t.slice(0, -1) === "T" ? "10" : t.slice(0, -1);
  return SUITS.includes(suit) && RANKS.includes(rank) ? rank + suit : null;
}

/** The cards a typed word stands for: "ks" → K♠, "q" → every queen, "♦" → every diamond. */
export function matches(word, deck = DECK) {
  const t = normal(word);
  if (!t) return [];
  let rank = t, suit = "";
  if (SUITS.includes(t.slice(-1))) { suit = t.slice(-1); rank = t.slice(0, -1); }
  if (rank === "T") rank = "10";
  if (rank && rank !== "1" && !RANKS.includes(rank)) return [];
  return deck.filter((c) => (!rank || rankText(c) === rank || (rank === "1" && rankText(c) === "10"))
    && (!suit || suitOf(c) === suit));
}

/** The words of what was typed: "ks, 4h;t♦" → ["ks", "4h", "t♦"]. */
export const words = (text) => String(text).split(/[\s,;]+/).filter(Boolean);
