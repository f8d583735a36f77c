"""Seep's deal form: who took each of the 17 point cards, the sweeps, the dealer and the
bid."""

from __future__ import annotations

from typing import Any, ClassVar

from wtforms import IntegerField, RadioField
from wtforms.validators import Optional, ValidationError

from ....rules.cards import Card
from ....rules.seep.cards import POINT_CARDS, POINTS
from ....rules.seep.record import MAX_SWEEPS, SWEEP_POINTS, SeepRecord, SweepRecord
from ....rules.seep.score import SeepStanding
from ....rules.table import Table
from ....words import gettext, lazy_gettext
from ...setup import options
from ..deal_form import DealForm

TEAM_CHOICES = options((("0", "A"), ("1", "B")))
NO_TEAM = options((("", lazy_gettext("None")),))


class SweepCount:
    """A team's sweep count is 0 to MAX_SWEEPS; the message names the team as the form was told."""

    def __init__(self, team: int) -> None:
        self.team = team

    def __call__(self, form: Any, field: Any) -> None:
        if field.data is not None and not 0 <= field.data <= MAX_SWEEPS:
            team = form.team_name(self.team)
            raise ValidationError(
                gettext("%(team)s's sweeps go from 0 to %(most)d.", team=team, most=MAX_SWEEPS)
            )


def sweeps(team: int) -> list[Any]:
    """Validators of a team's sweep count."""
    return [Optional(), SweepCount(team)]


def card_field(card: Any) -> str:
    """The form field that says which team took a point card."""
    return f"card_{card}"


class SeepDealForm(DealForm):
    """A deal: who took each point card, sweeps, the dealer and the bid."""

    sweeps0 = IntegerField(lazy_gettext("Sweeps"), default=0, validators=sweeps(0))
    sweeps1 = IntegerField(lazy_gettext("Sweeps"), default=0, validators=sweeps(1))
    opening_sweep = RadioField(
        lazy_gettext("Opening sweep (25)"), choices=NO_TEAM + TEAM_CHOICES, default=""
    )
    last_sweep = RadioField(
        lazy_gettext("Last-play sweep (0)"), choices=NO_TEAM + TEAM_CHOICES, default=""
    )
    dealer = RadioField(lazy_gettext("Dealer"), choices=[], validate_choice=False)
    bid = RadioField(
        lazy_gettext("Bid"),
        choices=options((("", "—"), *((str(v), str(v)) for v in range(9, 14)))),
        default="",
        validate_choice=False,
    )

    def __init__(self, seats: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats

    @classmethod
    def for_next(cls, seats: int, standing: SeepStanding, next_id: int) -> SeepDealForm:
        """An empty form for the next deal (to get id `next_id`), the suggested dealer (M5)."""
        number = len(standing["deals"]) + 1
        data = {"dealer": str(standing["next_dealer"]), "number": number, "next_id": next_id}
        return cls(seats, formdata=None, data=data)  # not the form being sent, if any

    @classmethod
    def for_record(cls, seats: int, record: SeepRecord, version: int) -> SeepDealForm:
        """A form filled in from a stored deal, for editing that version of it."""
        data: dict[str, Any] = {"version": version}
        for team, pile in enumerate(record["captured"]):
            data |= {card_field(card): str(team) for card in pile}
        data |= _sweeps_data(record.get("sweeps", []))
        data |= _dealer_data(record, Table(2, seats // 2))
        return cls(seats, data=data)

    def to_record(self, keep: SeepRecord | None = None) -> dict[str, Any]:
        """The deal record the API takes; cards other than point cards are kept from `keep`."""
        record: dict[str, Any] = {"captured": self._captured(keep), "sweeps": self._sweeps()}
        if self.dealer.data not in (None, ""):
            record |= self._dealer_and_bid(_whole(self.dealer.data))
        return record

    def _captured(self, keep: SeepRecord | None) -> list[list[str]]:
        """Each team's cards: the point cards as tapped, the others as `keep` has them."""
        captured: list[list[str]] = [
            [c for c in pile if Card.parse(c) not in POINTS]
            for pile in (keep["captured"] if keep else [[], []])
        ]
        for card in POINT_CARDS:
            team = getattr(self, card_field(card)).data
            if team in ("0", "1"):
                captured[int(team)].append(str(card))
        return captured

    def _sweeps(self) -> list[dict[str, Any]]:
        """Each team's sweeps in play, then the opening and the last-play sweep, if any."""
        sweeps: list[dict[str, Any]] = [
            {"team": team, "when": "play"}
            for team in (0, 1)
            for _ in range(getattr(self, f"sweeps{team}").data or 0)
        ]
        for when, field in (("opening", self.opening_sweep), ("last", self.last_sweep)):
            if field.data in ("0", "1"):
                sweeps.append({"team": int(field.data), "when": when})
        return sweeps

    def _dealer_and_bid(self, dealer: int | str) -> dict[str, Any]:
        """The dealer as entered, and the bid tapped, if any, as the seat after's (S1)."""
        said: dict[str, Any] = {"dealer": dealer}
        if self.bid.data and isinstance(dealer, int):
            # S1: the bidder is the seat after the dealer.
            bidder = Table(2, self.seats // 2).after(dealer)
            said["bid"] = {"seat": bidder, "value": _whole(self.bid.data)}
        return said

    def card_fields(self) -> list[tuple[Any, Any]]:
        """Each point card with the field that holds its team."""
        return [(card, getattr(self, card_field(card))) for card in POINT_CARDS]

    # For the running totals on the page.
    points: ClassVar[dict[str, int]] = {str(card): value for card, value in POINTS.items()}
    sweep_points: ClassVar[dict[str, int]] = SWEEP_POINTS
    most_sweeps: ClassVar[int] = MAX_SWEEPS


def _sweeps_data(sweeps: list[SweepRecord]) -> dict[str, Any]:
    """A stored deal's sweeps as the form's fields: each team's in play, the opening and the
    last-play sweep's team."""
    data: dict[str, Any] = {
        f"sweeps{team}": sum(s["team"] == team and s["when"] == "play" for s in sweeps)
        for team in (0, 1)
    }
    for when, name in (("opening", "opening_sweep"), ("last", "last_sweep")):
        data[name] = next((str(s["team"]) for s in sweeps if s["when"] == when), "")
    return data


def _dealer_data(record: SeepRecord, table: Table) -> dict[str, str]:
    """A stored deal's dealer and bid as the form's fields: a deal stored without its dealer
    was dealt by the seat before the bidder's (S1)."""
    bid = record.get("bid")
    dealer = record.get("dealer", table.before(bid["seat"]) if bid else None)  # S1
    return {
        "dealer": "" if dealer is None else str(dealer),
        "bid": str(bid["value"]) if bid else "",
    }


def _whole(text: str) -> int | str:
    """A number if the text is one; otherwise the text, for the rules engine to refuse."""
    try:
        return int(text, 10) if text.isascii() else text
    except ValueError:
        return text


for _card in POINT_CARDS:
    setattr(
        SeepDealForm,
        card_field(_card),
        RadioField(_card.pretty, choices=TEAM_CHOICES, validate_choice=False),
    )
