"""Fifty-six's deal form: the dealer, the contract (or everyone passed), the contracting
team's points."""

from __future__ import annotations

import json
from typing import Any

from wtforms import HiddenField, IntegerField, RadioField
from wtforms.validators import InputRequired, NumberRange, Optional
from wtforms.widgets import HiddenInput

from ....data.models import GameSession
from ....rules import InvalidInput
from ....rules.fifty_six.auction import HIGHEST_BID, LOWEST_BID
from ....rules.fifty_six.record import FiftySixRecord
from ....rules.fifty_six.score import (
    FiftySixStanding,
    next_seat_in,
)
from ....web.names import teams_with
from ....words import gettext, lazy_gettext, lazy_pgettext
from ...setup import options
from ..deal_form import DealForm
from .tables import tables_before

# "NT" as the table says no trumps (a word to translate); the suits are the cards' signs.
TRUMPS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"), ("NT", lazy_pgettext("no trumps", "NT")))
# Each trump as a screen reader says it (the buttons show the signs).
TRUMP_NAMES = {
    "S": lazy_gettext("spades"),
    "H": lazy_gettext("hearts"),
    "D": lazy_gettext("diamonds"),
    "C": lazy_gettext("clubs"),
    "NT": lazy_gettext("no trumps"),
}
DOUBLES = (
    ("0", lazy_gettext("Not doubled")),
    ("1", lazy_gettext("Doubled")),
    ("2", lazy_gettext("Redoubled")),
)
PASSED = "passed"


class FiftySixDealForm(DealForm):
    """A deal: the dealer, the contract (or everyone passed), the contracting team's points."""

    dealer = RadioField(lazy_gettext("Dealer"), choices=[], validate_choice=False)
    outcome = RadioField(
        lazy_gettext("Auction"),
        choices=options(
            (("bid", lazy_gettext("A contract")), (PASSED, lazy_gettext("Everyone passed")))
        ),
        default="bid",
    )
    seat = RadioField(lazy_gettext("Contract won by"), choices=[], validate_choice=False)
    value = IntegerField(lazy_gettext("Bid"), default=LOWEST_BID, validators=[Optional()])
    trump = RadioField(lazy_gettext("Trump"), choices=options(TRUMPS), validate_choice=False)
    double = RadioField(
        lazy_gettext("Doubled?"), choices=options(DOUBLES), default="0", validate_choice=False
    )
    points = IntegerField(
        lazy_gettext("Card points"),
        validators=[
            InputRequired(lazy_gettext("Enter the contracting team's card points (0 to 56).")),
            NumberRange(0, 56, lazy_gettext("Card points go from 0 to 56 (F5).")),
        ],
    )
    new_game = IntegerField(widget=HiddenInput(), validators=[Optional()])
    auction = HiddenField()

    def __init__(self, seats: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats

    @classmethod
    def for_next(cls, seats: int, standing: FiftySixStanding, next_id: int) -> FiftySixDealForm:
        """An empty form for the next deal: the dealer by F7, a new game after a won one."""
        data = {
            "dealer": str(standing["next_dealer"]),
            "number": len(standing["deals"]) + 1,
            "next_id": next_id,
            "new_game": 1 if standing["winner"] is not None else None,
        }
        return cls(seats, formdata=None, data=data)  # not the form being sent, if any

    @classmethod
    def for_record(cls, seats: int, record: FiftySixRecord, version: int) -> FiftySixDealForm:
        """A form filled in from a stored deal, for editing that version of it."""
        contract = record["contract"]
        data: dict[str, Any] = {
            "version": version,
            "points": record["points"],
            "dealer": str(record["dealer"]) if "dealer" in record else "",
            "outcome": PASSED if contract is None else "bid",
            "new_game": 1 if record.get("new_game") else None,
            "auction": json.dumps(record["auction"]) if "auction" in record else "",
        }
        if contract is not None:
            data |= {
                "seat": str(contract["seat"]),
                "value": contract["value"],
                "trump": contract["trump"],
                "double": str(contract["double"]),
            }
        return cls(seats, data=data)

    def to_record(self, keep: FiftySixRecord | None = None) -> dict[str, Any]:
        """The deal record the API takes; the engine refuses what is missing or wrong."""
        record: dict[str, Any] = {"contract": None, "points": self.points.data}
        if self.outcome.data != PASSED:
            record["contract"] = {
                "seat": _whole(self.seat.data, gettext("Tap the player who won the contract.")),
                "value": self.value.data if self.value.data is not None else LOWEST_BID,
                "trump": self.trump.data or _missing(gettext("Tap the trump: ♠ ♥ ♦ ♣ or NT.")),
                "double": _whole(self.double.data or "0", gettext("Choose the double.")),
            }
        if self.dealer.data not in (None, ""):
            record["dealer"] = _whole(self.dealer.data, gettext("Tap the dealer."))
        if self.new_game.data:
            record["new_game"] = True
        if self.auction.data:
            try:
                record["auction"] = json.loads(self.auction.data)
            except ValueError:
                _missing(gettext("The recorded auction is damaged: clear it and record it again."))
        return record

    def follow(
        self, fresh: DealForm, game_session: GameSession, sent: int, number: int
    ) -> list[str]:
        """As DealForm's, and a new game or not, the tables at stake and who bids first; an
        auction recorded after another dealer's deal is cleared (its calls would be refused)."""
        changed = super().follow(fresh, game_session, sent, number)
        seats, table = game_session.seat_names(), game_session.table
        if changed and self.auction.data:
            self.auction.data, self.auction.raw_data = "", [""]
            changed.append(
                gettext(
                    "The auction you recorded followed another deal, so it was cleared: the "
                    "contract stays as you entered it."
                )
            )
        starts = bool(fresh.new_game.data)
        if starts != bool(self.new_game.data):
            self.new_game.data, self.new_game.raw_data = (
                fresh.new_game.data,
                [str(fresh.new_game.data or "")],
            )
            changed.append(
                gettext("Deal %(number)d starts a new game.", number=number)
                if starts
                else gettext("Deal %(number)d goes on with the game being played.", number=number)
            )
        before, now = tables_before(game_session, max(sent, 1)), tables_before(game_session, number)
        if before != now:
            held = teams_with(game_session.teams, now)
            changed.append(
                gettext("Tables before deal %(number)d: %(held)s.", number=number, held=held)
            )
        if changed:
            dealer = int(fresh.dealer.data)
            first = table.after(dealer) if starts else next_seat_in(table, dealer, now)
            changed.append(
                gettext(
                    "%(first)s bids first after %(dealer)s's deal.",
                    first=seats[first],
                    dealer=seats[dealer],
                )
            )
        return changed

    values = range(LOWEST_BID, HIGHEST_BID + 1)  # for the page


def _missing(message: str) -> Any:
    raise InvalidInput("missing-field", message)


def _whole(text: str | None, message: str) -> int:
    """A seat or level from a radio button; a message naming the choice when none is made."""
    if not text or not text.isascii() or not text.isdigit():
        _missing(message)
    return int(text or 0)
