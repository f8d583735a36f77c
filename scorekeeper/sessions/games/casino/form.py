"""Casino's deal form: each side's cards, spades and sweeps, and who took each ace and
casino."""

from __future__ import annotations

from typing import Any, ClassVar

from wtforms import IntegerField, RadioField
from wtforms.validators import NumberRange, Optional
from wtforms.widgets import HiddenInput

from ....rules import InvalidInput
from ....rules.cards import Card
from ....rules.casino import score
from ....rules.casino.record import PACK, SPADES, CasinoRecord
from ....rules.casino.score import CasinoStanding
from ....words import gettext, lazy_gettext
from ..deal_form import DealForm

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
