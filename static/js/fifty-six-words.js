// Fifty-six's refusals in the table's words. The engine says what happened as data (the code, the
// rule id and its params: the seats, the bids, why); this writes the sentence with the players'
// and teams' names, each one whole sentence (fill's "{name}" places) for a catalog to translate.
import { SYMBOL } from "./cards.js";
import { fill } from "./words.js";

/** A bid as players say it: 28♦, 30 NT. */
export const bidText = (bid) => `${bid.value}${bid.trump === "NT" ? " NT" : SYMBOL[bid.trump]}`;

const CONTRACT = [
  "{bid} by {player} ({team})",
  "{bid} by {player} ({team}), doubled",
  "{bid} by {player} ({team}), redoubled",
];

/** A contract in words: "28♦ by Meena (Nines), doubled". */
function contractText(c, names) {
  return fill(CONTRACT[c.double || 0], { bid: bidText(c), player: names.player(c.seat), team: names.team(c.team) });
}

/** The standing bid and whose it is, as a sentence's {other} and {standing}. */
const standing = (p, names) => ({ other: names.player(p.standing.seat), standing: bidText(p.standing) });

// By code (and the params' `why`): the sentence, given the params and the names.
const SAY = {
  "out-of-turn": (p, names) => fill("It is {turn}'s call, not {seat}'s.", { turn: names.player(p.turn), seat: names.player(p.seat) }),
  "not-your-turn": (p, names) => (p.over ? "The deal is over: every card is played."
    : fill(p.what === "card" ? "It is {turn}'s card, not {seat}'s." : "It is {turn}'s call, not {seat}'s.",
      { turn: names.player(p.turn), seat: names.player(p.seat) })),
  "bid-range": (p, names) => fill(p.value === null ? "A bid is a number from 28 to 56; {seat} bid another number."
    : "A bid is a number from 28 to 56; {seat} bid {value}.", { seat: names.player(p.seat), value: p.value }),
  "bid-too-low": (p, names) => fill("{seat}'s {bid} is not higher than {other}'s {standing}: bid {least} or more.",
    { seat: names.player(p.seat), bid: bidText(p.bid), ...standing(p, names), least: p.standing.value + 1 }),
  "cannot-double": (p, names) => fill({
    "no-bid": "{seat} cannot double: nobody has bid yet.",
    doubled: "{seat} cannot double: {other}'s {standing} is doubled.",
    redoubled: "{seat} cannot double: {other}'s {standing} is redoubled.",
    "own-team": "{seat} cannot double {other}'s {standing}: it is their own team's bid.",
  }[p.why], { seat: names.player(p.seat), ...(p.standing ? standing(p, names) : {}) }),
  "cannot-redouble": (p, names) => fill({
    "no-double": "{seat} cannot redouble: no double stands.",
    "other-team": "{seat} cannot redouble: {other}'s {standing} is not their team's bid.",
  }[p.why], { seat: names.player(p.seat), ...(p.standing ? standing(p, names) : {}) }),
  "auction-over": (p, names) => fill(p.passed ? "The auction is over: everyone passed, so the contract is {contract}."
    : "The auction is over: the contract is {contract}.", { contract: contractText(p.contract, names) }),
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
