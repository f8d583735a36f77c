// Fifty-six's refusals in the table's words. The engine says what happened as data (the code, the
// rule id and its params: the seats, the bids, why); this writes the sentence with the players'
// and teams' names, each one whole sentence of the catalogs (words.js's _, "{name}" places).
import { SYMBOL, suitSpoken } from "./cards.js";
import { _, leftToRight } from "./words.js";

/** A bid as players say it: 28♦, 30 NT (the notation stays as printed, as the cards' does), in
 * one shape on every page: left to right, isolated so in right-to-left words (never ♦28; the
 * server's `bid`, scorekeeper/words/fifty_six.py). */
export const bidText = (bid) => leftToRight(`${bid.value}${bid.trump === "NT" ? " NT" : SYMBOL[bid.trump]}`);

/** A trump as a screen reader says it: "diamonds", "no trumps". */
export const trumpSpoken = (trump) => (trump === "NT" ? _("no trumps") : suitSpoken(trump));

/** A contract in words: "28♦ by Meena (Nines), doubled". */
function contractText(c, names) {
  const said = { bid: bidText(c), player: names.player(c.seat), team: names.team(c.team) };
  if (c.double === 2) return _("{bid} by {player} ({team}), redoubled", said);
  return c.double === 1 ? _("{bid} by {player} ({team}), doubled", said) : _("{bid} by {player} ({team})", said);
}

/** The standing bid and whose it is, as a sentence's {other} and {standing}. */
const standing = (p, names) => ({ other: names.player(p.standing.seat), standing: bidText(p.standing) });

/** Whose turn it was and who called or played: a sentence's {turn} and {seat}. */
const turn = (p, names) => ({ turn: names.player(p.turn), seat: names.player(p.seat) });

/** The seat refused and the standing bid, when there is one: {seat}, {other}, {standing}. */
const doubling = (p, names) => ({ seat: names.player(p.seat), ...(p.standing ? standing(p, names) : {}) });

// By code (and the params' `why`): the sentence, given the params and the names.
const SAY = {
  "out-of-turn": (p, names) => _("It is {turn}'s call, not {seat}'s.", turn(p, names)),
  "not-your-turn": (p, names) => {
    if (p.over) return _("The deal is over: every card is played.");
    return p.what === "card" ? _("It is {turn}'s card, not {seat}'s.", turn(p, names)) : _("It is {turn}'s call, not {seat}'s.", turn(p, names));
  },
  "bid-range": (p, names) => (p.value === null
    ? _("A bid is a number from 28 to 56; {seat} bid another number.", { seat: names.player(p.seat) })
    : _("A bid is a number from 28 to 56; {seat} bid {value}.", { seat: names.player(p.seat), value: p.value })),
  "bid-too-low": (p, names) => _("{seat}'s {bid} is not higher than {other}'s {standing}: bid {least} or more.",
    { seat: names.player(p.seat), bid: bidText(p.bid), ...standing(p, names), least: p.standing.value + 1 }),
  "cannot-double": (p, names) => {
    const said = doubling(p, names);
    return {
      "no-bid": () => _("{seat} cannot double: nobody has bid yet.", said),
      doubled: () => _("{seat} cannot double: {other}'s {standing} is doubled.", said),
      redoubled: () => _("{seat} cannot double: {other}'s {standing} is redoubled.", said),
      "own-team": () => _("{seat} cannot double {other}'s {standing}: it is their own team's bid.", said),
    }[p.why]();
  },
  "cannot-redouble": (p, names) => {
    const said = doubling(p, names);
    return {
      "no-double": () => _("{seat} cannot redouble: no double stands.", said),
      "other-team": () => _("{seat} cannot redouble: {other}'s {standing} is not their team's bid.", said),
    }[p.why]();
  },
  "auction-over": (p, names) => {
    const said = { contract: contractText(p.contract, names) };
    return p.passed ? _("The auction is over: everyone passed, so the contract is {contract}.", said)
      : _("The auction is over: the contract is {contract}.", said);
  },
};

/**
 * A refusal ({rule: code, params}, as /check and the live API answer) in the table's words;
 * `names` = {player(seat), team(team)}. Null when the code or its params are not known here:
 * the caller shows the server's sentence then.
 */
export function refusalText(code, params, names) {
  const say = SAY[code];
  if (!say || !params) return null;
  try {
    const text = say(params, names);
    return typeof text === "string" && !text.includes("{") ? text : null;
  } catch {
    return null; // params of another shape (an older server): its own sentence is right
  }
}
