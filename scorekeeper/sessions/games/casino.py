"""Casino's pages: its session options, a deal in a few taps, the race to 21 on the scoreboard."""

from __future__ import annotations

from typing import Any, ClassVar

from wtforms import IntegerField, RadioField
from wtforms.validators import NumberRange, Optional
from wtforms.widgets import HiddenInput

from ...rules import InvalidInput
from ...rules.casino import score
from ...rules.casino.record import PACK, SPADES, CasinoRecord
from ...rules.casino.score import CasinoRow, CasinoStanding, Won
from ..setup import Radio, Setup
from .deal_form import DealForm

SETUP = Setup(
    players=(("2", "2"), ("3", "3"), ("4", "4")),
    options=(
        Radio(
            "partnerships",
            "Four players play",
            (("off", "Each alone"), ("on", "Two partnerships")),
            "off",
        ),
        Radio("variant", "Variant (K3)", (("classic", "Classic"), ("royal", "Royal")), "classic"),
        Radio("sweeps", "Sweeps score 1 (K12)", (("off", "No"), ("on", "Yes")), "off"),
        Radio(
            "count_out",
            "Counting out (K13)",
            (("off", "Off"), ("on", "On: count in K13's order")),
            "off",
        ),
    ),
    shaped_by="partnerships",
)
MOST_SIDES = 4
# The scoring cards a deal's record names, as the form's fields and the page show them.
SCORING = (
    ("ace_S", "A♠", "S"),
    ("ace_C", "A♣", "C"),
    ("ace_H", "A♥", "H"),
    ("ace_D", "A♦", "D"),
    ("big_casino", "10♦ big casino", "D"),
    ("little_casino", "2♠ little casino", "S"),
)
# Where counting out decided the game, in words (K13's order).
COUNTED = {
    "cards": "most cards",
    "spades": "most spades",
    "big_casino": "big casino (10♦)",
    "little_casino": "little casino (2♠)",
    "AS": "A♠",
    "AC": "A♣",
    "AH": "A♥",
    "AD": "A♦",
    "sweeps": "sweeps",
}


def counts(high: int) -> list[Any]:
    """Validators of a side's count (the engine checks the totals and names the side)."""
    return [Optional(), NumberRange(0, high, f"A side's count goes from 0 to {high}.")]


class CasinoDealForm(DealForm):
    """A deal: each side's cards, spades and sweeps, and who took each ace and casino."""

    sides = IntegerField(
        widget=HiddenInput(),
        validators=[
            Optional(),
            NumberRange(2, MOST_SIDES, "The form is damaged: reload the page."),
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
            label = next(label for field, label, _ in SCORING if field == name)
            raise InvalidInput("missing-field", f"Tap the side that took the {label}.")
        return int(text)

    def side_fields(self, sides: int) -> list[tuple[Any, Any, Any]]:
        """Each side's cards, spades and sweeps fields."""
        return [(self[f"cards{s}"], self[f"spades{s}"], self[f"sweeps{s}"]) for s in range(sides)]

    def scoring_fields(self) -> list[tuple[Any, str, str]]:
        """Each scoring card's field, its label and its suit (for the colour)."""
        return [(self[name], label, suit) for name, label, suit in SCORING]

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
    setattr(CasinoDealForm, f"cards{_s}", IntegerField("Cards", validators=counts(PACK)))
    setattr(CasinoDealForm, f"spades{_s}", IntegerField("Spades", validators=counts(SPADES)))
    setattr(CasinoDealForm, f"sweeps{_s}", IntegerField("Sweeps", validators=counts(PACK)))
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
    return {"before": before, "derive": derive(game_session, standing)}


def derive(game_session: Any, standing: CasinoStanding) -> dict[str, Any]:
    """What a phone needs to deal the next deals while it keeps some offline (offline-form.js):
    the dealer now; the deal then passes on round the table."""
    return {"seats": game_session.table.seats, "dealer": standing["next_dealer"]}


def scoreboard(game_session: Any, standing: CasinoStanding) -> dict[str, Any]:
    """What the scoreboard shows beyond the standing: how the game was won, and a chart."""
    won = standing["won"]
    return {
        "how_won": won and how_won(won),
        "chart": scores_chart(standing["deals"], len(game_session.teams)),
        "counted": COUNTED,
    }


def how_won(won: Won) -> str:
    """K13 in words: the first past 21, the higher of several, or where counting out stopped."""
    if won["at"] is not None:  # counted out at that item
        return f"counting out, 21 was reached at {COUNTED[won['at']]} in deal {won['deal']}"
    if won["by"] == "higher":
        return f"more than one side passed 21 in deal {won['deal']}: the higher total wins"
    return f"first to 21, in deal {won['deal']}"


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

    lines = [
        " ".join(f"{round(pad + i * step, 1)},{y(s[side])}" for i, s in enumerate(series))
        for side in range(sides)
    ]
    return {"width": width, "height": height, "lines": lines, "target": y(score.TARGET)}


def summary(game_session: Any, record: CasinoRecord) -> str:
    """A deal in a line, to tell two versions of it apart: each side's points."""
    points, _most = score.deal_points(record, len(game_session.teams))
    return " · ".join(f"{t.name} {p}" for t, p in zip(game_session.teams, points, strict=True))


def standing_line(game_session: Any, standing: CasinoStanding) -> str:
    """The standing in a line, for a club's history: each side's score, then the winner."""
    teams = game_session.teams
    line = " · ".join(f"{t.name} {n}" for t, n in zip(teams, standing["scores"], strict=True))
    if standing["winner"] is not None:
        return f"{line} · won by {teams[standing['winner']].name}"
    return f"{line} of {standing['target']}"


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
    ("Average deal", "average_points", False),
    ("Sweeps", "sweeps", False),
    ("Best deal", "best_deal", False),
)
KEY_FIGURE = "average_points"  # beside the win rate in the players' table
LIVE_PAGE = "sessions/casino/live.html"  # a deal followed play by play

GAME = "casino"
DEAL_FORM = CasinoDealForm
