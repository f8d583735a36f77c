"""Casino's pages: its session options, a deal in a few taps, the race to 21 on the scoreboard."""

from __future__ import annotations

from typing import Any, ClassVar

from wtforms import IntegerField, RadioField
from wtforms.validators import NumberRange, Optional
from wtforms.widgets import HiddenInput

from ...rules import InvalidInput
from ...rules.cards import Card
from ...rules.casino import score
from ...rules.casino.record import PACK, SPADES, CasinoRecord
from ...rules.casino.score import CasinoRow, CasinoStanding, Won
from ...web.names import teams_with, whole_name
from ...words import gettext, lazy_gettext, ngettext
from ...words.inputs import in_words
from ...words.lists import listed
from ..charts import drawn_once, polyline
from ..setup import Setup
from .deal_form import DealForm

SETUP = Setup(players=(("2", "2"), ("3", "3"), ("4", "4")), shaped_by="partnerships")
MOST_SIDES = 4
# The scoring cards a deal's record names, as the form's fields and the page show them.
SCORING = (
    ("ace_S", "A♠", "S"),
    ("ace_C", "A♣", "C"),
    ("ace_H", "A♥", "H"),
    ("ace_D", "A♦", "D"),
    ("big_casino", "10♦", "D"),
    ("little_casino", "2♠", "S"),
)
# What the 10♦ and the 2♠ are called, below their cards (a game's terms: the table's words).
CARD_NAMES = {
    "big_casino": lazy_gettext("big casino"),
    "little_casino": lazy_gettext("little casino"),
}
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


def counts(high: int) -> list[Any]:
    """Validators of a side's count (the engine checks the totals and names the side)."""
    message = lazy_gettext("A side's count goes from 0 to %(high)d.", high=high)
    return [Optional(), NumberRange(0, high, message)]


class CasinoDealForm(DealForm):
    """A deal: each side's cards, spades and sweeps, and who took each ace and casino."""

    sides = IntegerField(
        widget=HiddenInput(),
        validators=[
            Optional(),
            NumberRange(2, MOST_SIDES, lazy_gettext("The form is damaged: reload the page.")),
        ],
    )

    def __init__(self, seats: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats

    @classmethod
    def for_next(cls, seats: int, standing: CasinoStanding, next_id: int) -> CasinoDealForm:
        """An empty form for the next deal: the cards and spades shared out evenly to start."""
        sides = len(standing["scores"])
        data: dict[str, Any] = {"number": len(standing["deals"]) + 1, "next_id": next_id}
        for name, total in (("cards", PACK), ("spades", SPADES)):
            data |= {f"{name}{s}": n for s, n in enumerate(even(total, sides))}
        return cls(seats, data=data | {f"sweeps{s}": 0 for s in range(sides)})

    @classmethod
    def for_record(cls, seats: int, record: CasinoRecord, version: int) -> CasinoDealForm:
        """A form filled in from a stored deal, for editing that version of it."""
        data: dict[str, Any] = {"version": version}
        per_side = {
            "cards": record["cards"],
            "spades": record["spades"],
            "sweeps": record.get("sweeps", []),
        }
        for name, counts in per_side.items():
            data |= {f"{name}{s}": n for s, n in enumerate(counts)}
        data |= {f"ace_{suit}": str(s) for suit, s in zip("SCHD", record["aces"], strict=True)}
        data |= {name: str(record[name]) for name in ("big_casino", "little_casino")}
        return cls(seats, data=data)

    def to_record(self, keep: CasinoRecord | None = None) -> dict[str, Any]:
        """The deal record the API takes; the engine refuses what is missing or wrong."""
        sides = range(self.sides.data or 2)
        record: dict[str, Any] = {
            "cards": filled([self[f"cards{s}"].data for s in sides], PACK),
            "spades": filled([self[f"spades{s}"].data for s in sides], SPADES),
            "aces": [self._side(f"ace_{suit}") for suit in "SCHD"],
            "big_casino": self._side("big_casino"),
            "little_casino": self._side("little_casino"),
        }
        if any(self[f"sweeps{s}"].raw_data for s in sides):  # shown when sweeps count (K12)
            record["sweeps"] = [self[f"sweeps{s}"].data or 0 for s in sides]
        return record

    def _side(self, name: str) -> int:
        """The side tapped for a scoring card; a message naming the card when none is."""
        text = self[name].data
        if not text or not text.isascii() or not text.isdigit():
            card = next(label for field, label, _ in SCORING if field == name)
            said = (
                gettext("Tap the side that took the %(card)s.", card=card)
                if name not in CARD_NAMES
                else gettext(
                    "Tap the side that took the %(card)s %(name)s.",
                    card=card,
                    name=CARD_NAMES[name],
                )
            )
            raise InvalidInput("missing-field", said)
        return int(text)

    def side_fields(self, sides: int) -> list[tuple[Any, Any, Any]]:
        """Each side's cards, spades and sweeps fields."""
        return [(self[f"cards{s}"], self[f"spades{s}"], self[f"sweeps{s}"]) for s in range(sides)]

    def scoring_fields(self) -> list[tuple[Any, Card, str, Any]]:
        """Each scoring card's field, the card, its suit (for the colour) and its name, if it
        has one (big casino)."""
        return [
            (self[name], Card.parse(label), suit, CARD_NAMES.get(name))
            for name, label, suit in SCORING
        ]

    # For the points shown as the page is tapped (K11, K12).
    values: ClassVar[dict[str, int]] = {
        "cards": score.MOST_CARDS,
        "spades": score.MOST_SPADES,
        "ace": score.ACE,
        "big": score.BIG_CASINO,
        "little": score.LITTLE_CASINO,
        "sweep": score.SWEEP,
    }
    totals: ClassVar[dict[str, int]] = {"cards": PACK, "spades": SPADES}


def even(total: int, sides: int) -> list[int]:
    """`total` shared out as evenly as can be, the rest to the last side: 17, 17, 18."""
    return [total // sides] * (sides - 1) + [total - total // sides * (sides - 1)]


def filled(values: list[int | None], total: int) -> list[int | None]:
    """One count left empty is what the others leave of `total` (the page fills it too)."""
    empty = [n for n, value in enumerate(values) if value is None]
    if len(empty) == 1:
        values[empty[0]] = max(total - sum(v or 0 for v in values), 0)
    return values


for _s in range(MOST_SIDES):
    for _field, _label, _most in (
        ("cards", lazy_gettext("Cards"), PACK),
        ("spades", lazy_gettext("Spades"), SPADES),
        ("sweeps", lazy_gettext("Sweeps"), PACK),
    ):
        setattr(CasinoDealForm, f"{_field}{_s}", IntegerField(_label, validators=counts(_most)))
for _name, _label, _ in SCORING:
    setattr(CasinoDealForm, _name, RadioField(_label, choices=[], validate_choice=False))


def deal_page(game_session: Any, number: int) -> dict[str, Any]:
    """What the deal form shows beyond its fields: each side's score before this deal."""
    standing: CasinoStanding = game_session.standing()
    rows, sides = standing["deals"], len(game_session.teams)
    if number > len(rows):
        before = standing["scores"]
    else:
        before = rows[number - 2]["scores"] if number > 1 else [0] * sides
    return {
        "before": before,
        "derive": derive(game_session, standing),
    }


def problem(game_session: Any, error: InvalidInput) -> str:
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


def derive(game_session: Any, standing: CasinoStanding) -> dict[str, Any]:
    """What a phone needs to deal the next deals while it keeps some offline (offline-form.js):
    the dealer now (the deal then passes on round the table), each side's score and the winner
    if any, and K11-K13's figures, for deal-derive.js to carry the race on through kept deals."""
    return {
        "seats": game_session.table.seats,
        "dealer": standing["next_dealer"],
        "sides": len(standing["scores"]),
        "scores": standing["scores"],
        "winner": standing["winner"],
        "target": standing["target"],
        "countOut": game_session.options["count_out"] == "on",
        "values": CasinoDealForm.values,
        "totals": CasinoDealForm.totals,
    }


def scoreboard(game_session: Any, standing: CasinoStanding) -> dict[str, Any]:
    """What the scoreboard shows beyond the standing: how the game was won, and a chart."""
    names = [whole_name(team) for team in game_session.teams]
    won = standing["won"]
    return {
        "how_won": won and how_won(won, standing, names),
        "level": level(standing, names) if standing["tied"] else None,
        "chart": scores_chart(standing["deals"], len(game_session.teams)),
        # For its next dealer with deals kept offline (offline-board.js), as the deal form has it.
        "offline": {"derive": derive(game_session, standing)},
    }


def how_won(won: Won, standing: CasinoStanding, names: list[str]) -> str:
    """K13 as the table tells it: who reached 21 in which deal, and why the game ended there."""
    rows, deal = standing["deals"], won["deal"]
    after = rows[deal - 1]["scores"]
    winner = standing["winner"] or 0  # a game with `won` has its winner
    second = max((n for side, n in enumerate(after) if side != winner), default=0)
    facts = {"winner": names[winner], "deal": deal, "high": after[winner], "second": second}
    if won["at"] is not None:  # counted out at that item
        return gettext(
            "Won by %(winner)s: counting deal %(deal)d out in K13's order, %(winner)s reached 21 "
            "with %(item)s (K13).",
            **facts | {"item": str(COUNTED[won["at"]])},
        )
    first = next(n for n, row in enumerate(rows, 1) if max(row["scores"]) >= score.TARGET)
    if first < deal:  # level at the top past 21 in that deal: play went on (K13)
        level = rows[first - 1]["scores"]
        tied = [side for side, n in enumerate(level) if n == max(level)]
        facts |= {"first": first, "level": max(level)}
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


@drawn_once
def scores_chart(rows: list[CasinoRow], sides: int) -> dict[str, Any] | None:
    """Each side's score after every deal as SVG polylines, with the line of 21."""
    if not rows:
        return None
    series = [[0] * sides] + [row["scores"] for row in rows]
    top = max(score.TARGET, *(max(s) for s in series))
    width, height, pad = 320, 150, 8
    step = (width - 2 * pad) / (len(series) - 1)

    def y(n: int) -> float:
        return round(height - pad - (height - 2 * pad) * n / top, 1)

    def x(i: int) -> float:
        return round(pad + i * step, 1)

    lines = [polyline([s[side] for s in series], x, y) for side in range(sides)]
    return {"width": width, "height": height, "lines": lines, "target": y(score.TARGET)}


def summary(game_session: Any, record: CasinoRecord) -> str:
    """A deal in a line, to tell two versions of it apart: each side's points."""
    points, _most = score.deal_points(record, len(game_session.teams))
    return teams_with(game_session.teams, points)


def standing_line(game_session: Any, standing: CasinoStanding) -> str:
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


def csv_columns(game_session: Any, standing: CasinoStanding) -> tuple[list[str], list[list[Any]]]:
    """The CSV export: each deal's points per side, then every side's score after it."""
    names, seats = [t.name for t in game_session.teams], game_session.seat_names()
    header = ["Deal", "Dealer", *(f"{n} points" for n in names), *(f"{n} score" for n in names)]
    rows = [
        [number, seats[row["dealer"]], *row["points"], *row["scores"]]
        for number, row in enumerate(standing["deals"], 1)
    ]
    return header, rows


# What the club's player pages show of Casino's figures: (label, figure, as a percentage).
FIGURES = (
    (lazy_gettext("Average deal"), "average_points", False),
    (lazy_gettext("Sweeps"), "sweeps", False),
    (lazy_gettext("Best deal"), "best_deal", False),
)
KEY_FIGURE = "average_points"  # beside the win rate in the players' table
LIVE_PAGE = "sessions/casino/live.html"  # a deal followed play by play

# The game's name as its players say it; the registry's `title` stays the engine's.
TITLE = lazy_gettext("Casino")
GAME = "casino"
DEAL_FORM = CasinoDealForm
