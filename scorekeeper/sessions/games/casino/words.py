"""Casino's sentences: a refused deal naming the side, how the game was won (K13), a deal
in a line, the standing in a line."""

from __future__ import annotations

from typing import Any

from ....data.models import GameSession
from ....rules import InvalidInput
from ....rules.casino import score
from ....rules.casino.record import CasinoRecord
from ....rules.casino.score import CasinoRow, CasinoStanding, Won
from ....web.names import teams_with, whole_name
from ....words import gettext, lazy_gettext, ngettext
from ....words.inputs import in_words
from ....words.lists import listed

# Where counting out decided the game, as "reached 21 with …" goes on (K13's order).
COUNTED = {
    "cards": lazy_gettext("most cards"),
    "spades": lazy_gettext("most spades"),
    "big_casino": lazy_gettext("big casino (10♦)"),
    "little_casino": lazy_gettext("little casino (2♠)"),
    "AS": lazy_gettext("the A♠"),
    "AC": lazy_gettext("the A♣"),
    "AH": lazy_gettext("the A♥"),
    "AD": lazy_gettext("the A♦"),
    "sweeps": lazy_gettext("the sweeps"),
}


def problem(game_session: GameSession, error: InvalidInput) -> str:
    """A refused deal in words that name the side as the table does (the engine gives the side's
    number and the counts); the engine's own message for any other refusal."""
    facts = error.params
    say = PROBLEMS.get(str(facts.get("problem")))
    if say is None or not isinstance(facts.get("side"), int):
        return in_words(error)
    return say(whole_name(game_session.teams[facts["side"]]), facts)


def _spades_over_cards(who: str, facts: dict[str, Any]) -> str:
    if not facts["cards"]:
        return ngettext(
            "%(who)s took %(num)d spade but no cards: a side's spades are among its cards.",
            "%(who)s took %(num)d spades but no cards: a side's spades are among its cards.",
            facts["spades"],
            who=who,
        )
    return ngettext(
        "%(who)s took %(spades)d spades but only %(num)d card: a side's spades are among its "
        "cards.",
        "%(who)s took %(spades)d spades but only %(num)d cards: a side's spades are among its "
        "cards.",
        facts["cards"],
        who=who,
        spades=facts["spades"],
    )


def _specials_over_cards(who: str, facts: dict[str, Any]) -> str:
    if not facts["cards"]:
        return gettext(
            "%(who)s took %(specials)d of the aces and casinos but no cards.",
            who=who,
            specials=facts["specials"],
        )
    return ngettext(
        "%(who)s took %(specials)d of the aces and casinos but only %(num)d card.",
        "%(who)s took %(specials)d of the aces and casinos but only %(num)d cards.",
        facts["cards"],
        who=who,
        specials=facts["specials"],
    )


def _spade_cards_over_spades(who: str, facts: dict[str, Any]) -> str:
    taken = facts["taken"]
    if len(taken) == 1:
        card = {"AS": "A♠", "2S": "2♠"}[taken[0]]
        return gettext(
            "%(who)s took the %(card)s but no spades: the %(card)s is a spade.", who=who, card=card
        )
    if not facts["spades"]:
        return gettext("%(who)s took the A♠ and the 2♠ but no spades.", who=who)
    return ngettext(
        "%(who)s took the A♠ and the 2♠ but only %(num)d spade.",
        "%(who)s took the A♠ and the 2♠ but only %(num)d spades.",
        facts["spades"],
        who=who,
    )


def _sweeps_over_cards(who: str, facts: dict[str, Any]) -> str:
    return ngettext(
        "%(who)s made %(num)d sweep, which takes %(least)d cards at least (K12), but took only "
        "%(cards)d.",
        "%(who)s made %(num)d sweeps, which take %(least)d cards at least (two each, K12), but "
        "took only %(cards)d.",
        facts["sweeps"],
        who=who,
        least=2 * facts["sweeps"],
        cards=facts["cards"],
    )


PROBLEMS = {
    "spades-over-cards": _spades_over_cards,
    "specials-over-cards": _specials_over_cards,
    "spade-cards-over-spades": _spade_cards_over_spades,
    "sweeps-over-cards": _sweeps_over_cards,
}


def how_won(won: Won, standing: CasinoStanding, names: list[str]) -> str:
    """K13 as the table tells it: who reached 21 in which deal, and why the game ended there."""
    rows, deal = standing["deals"], won["deal"]
    after = rows[deal - 1]["scores"]
    winner = standing["winner"] or 0  # a game with `won` has its winner
    facts = _banner_facts(after, winner, names, deal)
    if won["at"] is not None:  # counted out at that item
        return _counted_out(facts, won["at"])
    first = _first_past_target(rows)
    if first < deal:  # level at the top past 21 in that deal: play went on (K13)
        return _played_on(facts, rows[first - 1]["scores"], first, winner, names)
    return _reached(facts, after, winner, names)


Facts = dict[str, object]  # what a K13 banner names: %(winner)s, %(deal)d …


def _banner_facts(after: list[int], winner: int, names: list[str], deal: int) -> Facts:
    """What every K13 banner may name: the winner, the deciding deal, its score and the next."""
    second = max((n for side, n in enumerate(after) if side != winner), default=0)
    return {"winner": names[winner], "deal": deal, "high": after[winner], "second": second}


def _counted_out(facts: Facts, at: str) -> str:
    """Won counting the deal out in K13's order, at item `at`."""
    return gettext(
        "Won by %(winner)s: counting deal %(deal)d out in K13's order, %(winner)s reached 21 "
        "with %(item)s (K13).",
        **facts | {"item": str(COUNTED[at])},
    )


def _first_past_target(rows: list[CasinoRow]) -> int:
    """The first deal (1-based) after which some side had reached 21."""
    return next(n for n, row in enumerate(rows, 1) if max(row["scores"]) >= score.TARGET)


def _played_on(facts: Facts, level: list[int], first: int, winner: int, names: list[str]) -> str:
    """Won after sides were level at the top past 21 in deal `first`, so play went on (K13)."""
    tied = [side for side, n in enumerate(level) if n == max(level)]
    facts = facts | {"first": first, "level": max(level)}
    if winner in tied:
        others = listed([names[side] for side in tied if side != winner])
        return gettext(
            "Won by %(winner)s: level with %(others)s on %(level)d past 21 in deal %(first)d, "
            "so play went on; deal %(deal)d decided it, %(high)d to %(second)d (K13).",
            **facts | {"others": others},
        )
    return gettext(
        "Won by %(winner)s: %(tied)s were level on %(level)d past 21 in deal %(first)d, so "
        "play went on; deal %(deal)d decided it, %(high)d to %(second)d (K13).",
        **facts | {"tied": listed([names[side] for side in tied])},
    )


def _reached(facts: Facts, after: list[int], winner: int, names: list[str]) -> str:
    """Won in the deal a side first reached 21: alone, or above others who reached it too."""
    past = [names[side] for side, n in enumerate(after) if n >= score.TARGET and side != winner]
    if not past:
        return gettext(
            "Won by %(winner)s: first to reach 21, with %(high)d in deal %(deal)d (K13).", **facts
        )
    return gettext(
        "Won by %(winner)s: %(others)s also reached 21 in deal %(deal)d, and the higher total "
        "wins, %(high)d to %(second)d (K13).",
        **facts | {"others": listed(past)},
    )


def level(standing: CasinoStanding, names: list[str]) -> str:
    """Sides level at the top past 21: who, on what, and that another deal decides (K13)."""
    top = max(standing["scores"])
    tied = [names[side] for side, n in enumerate(standing["scores"]) if n == top]
    return gettext(
        "%(tied)s are level on %(top)d, past 21: another deal decides (K13).",
        tied=listed(tied),
        top=top,
    )


def past_target(standing: CasinoStanding) -> bool:
    """Whether a side has reached the target: "12 of 21" is said, "23 of 21" is not."""
    return max(standing["scores"], default=0) >= standing["target"]


def summary(game_session: GameSession, record: CasinoRecord) -> str:
    """A deal in a line, to tell two versions of it apart: each side's points."""
    points, _most = score.deal_points(record, len(game_session.teams))
    return teams_with(game_session.teams, points)


def standing_line(game_session: GameSession, standing: CasinoStanding) -> str:
    """The standing in a line, for a club's history: each side's score, then the side the game
    went to (by K13, or ended by the table)."""
    teams = game_session.teams
    line = teams_with(teams, standing["scores"])
    went_to = standing["session_winner"]
    if went_to is not None:
        return gettext("%(line)s · won by %(winner)s", line=line, winner=whole_name(teams[went_to]))
    if standing["ended"]:
        return gettext("%(line)s · level", line=line)
    if past_target(standing):  # level at the top past 21: another deal decides (K13)
        return gettext("%(line)s · level past %(target)d", line=line, target=standing["target"])
    return gettext("%(line)s of %(target)d", line=line, target=standing["target"])
