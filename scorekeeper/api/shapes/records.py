"""The deal records as sent and corrected that no option shapes: Seep's, Fifty-six's and
Casino's, with the number they were entered as, or with the identity fields a read gave them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from .deals import (
    AuctionRecordRequest,
    CapturedRequest,
    CardPointsRequest,
    DealerRequest,
    FiftySixDealerRequest,
    NewGameRequest,
    SweepsRequest,
)
from .games import CasinoSide, FiftySixSeat
from .reading import Shape
from .writing import ALONE, LEFT_OUT, doc, ref, ref_among

# The document writes these records' `required` before `additionalProperties`.
IGNORED = (
    "Ignored, whatever it holds: a deal as GET answered it may be sent back with its identity "
    "fields."
)
NUMBER = (
    "The deal number it was entered as: 409 `deal-exists` if that deal exists already, 409 "
    "`deal-out-of-order` if it is beyond the next."
)
Ignored = Annotated[Any, Field(description=IGNORED)]
# A number per side (two to four of them), each of the 52 cards at most.
PerSide52 = Annotated[list[Annotated[int, Field(ge=0, le=52)]], Field(min_length=2, max_length=4)]
Per13 = Annotated[list[Annotated[int, Field(ge=0, le=13)]], Field(min_length=2, max_length=4)]
Number = Annotated[int | None, Field(ge=1, le=10_000, description=NUMBER)]


class _Numbered(Shape):
    """A posted deal's number, last."""

    number: Number = LEFT_OUT


class _Identity(Shape):
    """The identity fields a correction may carry back, ignored."""

    id: Ignored = LEFT_OUT
    number: Ignored = LEFT_OUT
    version: Ignored = LEFT_OUT
    changed: Ignored = LEFT_OUT
    deleted: Ignored = LEFT_OUT


@doc(
    "A Seep deal as entered: `captured` required; `sweeps`, `bid` and `dealer` optional. Any "
    "other field answers 400 `unknown-field`.",
    examples=[
        {
            "captured": [
                ["KS", "QS", "JS", "10S", "9S", "AH", "10D", "7C", "7D"],
                ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "AD", "AC"],
            ],
            "sweeps": [{"team": 0, "when": "play"}],
            "bid": {"seat": 1, "value": 11},
            "dealer": 0,
        }
    ],
)
class DealRecord(Shape):
    """A Seep deal as entered."""

    captured: CapturedRequest
    sweeps: SweepsRequest = LEFT_OUT
    bid: Annotated[Any, ref("BidRequest")] = LEFT_OUT
    dealer: DealerRequest = LEFT_OUT


@doc("A Seep deal record, optionally with the number it was entered as.")
class SeepPostedDeal(_Numbered, DealRecord):
    """A Seep deal posted."""


@doc(
    "A correction: a Seep deal record as for POST, or a deal as GET answered it (its `id`, "
    "`number`, `version` and `deleted` are ignored; If-Match is the precondition). Any other "
    "field answers 400 `unknown-field`."
)
class SeepCorrectedDeal(_Identity, DealRecord):
    """A Seep deal corrected."""


DOUBLE = (
    "A contract by a team that is out answers 400 `team-out` (F6); a `double` beside a null "
    "contract answers 400 `bad-double` (no bid to double, F10). Any other field answers 400 "
    "`unknown-field`."
)


@doc(
    "A Fifty-six deal as entered: `contract` and `points` required; `dealer`, `auction` and "
    "`new_game` optional. " + DOUBLE,
    examples=[
        {"contract": {"seat": 1, "value": 40, "trump": "S", "double": 0}, "points": 44},
        {"contract": None, "points": 20},
        {
            "contract": {"seat": 1, "value": 28, "trump": "D", "double": 1},
            "points": 30,
            "dealer": 0,
            "auction": [
                {"seat": 1, "call": "bid", "value": 28, "trump": "D"},
                {"seat": 2, "call": "double"},
                {"seat": 3, "call": "pass"},
                {"seat": 0, "call": "pass"},
                {"seat": 1, "call": "pass"},
            ],
        },
    ],
)
class FiftySixDealRecord(Shape):
    """A Fifty-six deal as entered."""

    contract: Annotated[Any, ref("FiftySixContractRequest")]
    points: CardPointsRequest
    dealer: FiftySixDealerRequest = LEFT_OUT
    auction: AuctionRecordRequest = LEFT_OUT
    new_game: NewGameRequest = LEFT_OUT


@doc("A Fifty-six deal record, optionally with the number it was entered as.")
class FiftySixPostedDeal(_Numbered, FiftySixDealRecord):
    """A Fifty-six deal posted."""


@doc(
    "A correction: a Fifty-six deal record as for POST, or a deal as GET answered it (its "
    "identity fields are ignored). " + DOUBLE
)
class FiftySixCorrectedDeal(_Identity, FiftySixDealRecord):
    """A Fifty-six deal corrected."""


def _side(description: str) -> Any:
    """A Casino side, described (the document wraps its $ref in allOf)."""
    return ref_among("allOf", "CasinoSide", description=description)


class _CasinoRecord(Shape):
    """A Casino deal as entered (the document has no schema of its own for it)."""

    cards: Annotated[
        PerSide52,
        Field(
            description="The cards each side took, one number per side, adding up to 52 (K2, "
            "K10; else 400 `bad-cards`)."
        ),
    ]
    spades: Annotated[
        Per13,
        Field(
            description="The spades each side took, adding up to 13, each no more than its cards "
            "(else 400 `bad-spades`)."
        ),
    ]
    aces: Annotated[
        list[CasinoSide],
        Field(
            min_length=4,
            max_length=4,
            description="The side that took each ace, in the order A♠ A♣ A♥ A♦ (K11): exactly 4 "
            "entries (else 400 `bad-aces`), each a side that exists (else 400 `bad-side`).",
        ),
    ]
    big_casino: Annotated[
        Any,
        _side(
            "The side that took the 10♦ (K11); a side that does not exist answers 400 `bad-side`."
        ),
    ]
    little_casino: Annotated[Any, _side("The side that took the 2♠ (K11).")]
    sweeps: Annotated[
        PerSide52 | None,
        Field(
            description="K12: the sweeps each side made, when the session's `sweeps` option is "
            "on (else any sweep answers 400 `sweeps-off`); each sweep takes two cards at least "
            "(else 400 `bad-sweeps`). Left out: none."
        ),
    ] = LEFT_OUT


@doc(
    "A Casino deal record, optionally with the number it was entered as. A side must hold the "
    "scoring cards it took: its aces and casinos among its cards, the A♠ and 2♠ among its "
    "spades (else 400 `bad-cards` or `bad-spades`). A deal after the game is won answers 400 "
    "`game-over` (K13: a rematch starts the next)."
)
class CasinoPostedDeal(_Numbered, _CasinoRecord):
    """A Casino deal posted."""


@doc(
    "A correction: a Casino deal record as for POST, or a deal as GET answered it (its identity "
    "fields are ignored). Any other field answers 400 `unknown-field`."
)
class CasinoCorrectedDeal(_Identity, _CasinoRecord):
    """A Casino deal corrected."""


CHANGED = (
    "The session's version at the deal's last change (creation, edit, deletion or restoration): "
    "`GET /api/v1/sessions/<id>?since=<version>` answers the deals whose `changed` is above "
    "`since`."
)

Version = Annotated[
    int, Field(ge=1, description='Grows with every change; the ETag is `"<id>.<version>"`.')
]


class _DealIdentity(Shape):
    """A deal's identity, first in every deal answered."""

    id: Annotated[
        int, Field(ge=1, description="The deal's id for life: a per-session serial, never reused.")
    ]
    number: Annotated[
        int | None,
        Field(
            ge=1,
            description="Its 1-based place among the live deals (display only); null once deleted.",
        ),
    ]
    version: Version
    changed: Annotated[int, Field(ge=1, description=CHANGED)]
    deleted: Annotated[
        Literal[True], ALONE, Field(description="Present only on a deleted (restorable) deal.")
    ] = LEFT_OUT


@doc(
    "A deal's identity, then its Fifty-six record in canonical form (`dealer`, `auction` and "
    "`new_game` only when entered)."
)
class FiftySixDeal(_DealIdentity):
    """A Fifty-six deal as answered."""

    contract: Annotated[
        Any,
        ref_among(
            "oneOf",
            "FiftySixContractRecord",
            {"type": "null"},
            description="null: everyone passed (F10).",
        ),
    ]
    points: Annotated[int, Field(ge=0, le=56)]
    dealer: FiftySixSeat = LEFT_OUT
    auction: Annotated[list[Annotated[Any, ref("Call")]], Field(min_length=3)] = LEFT_OUT
    new_game: Annotated[Literal[True], ALONE] = LEFT_OUT


@doc("A deal's identity, then its Casino record in canonical form.")
class CasinoDeal(_DealIdentity):
    """A Casino deal as answered."""

    cards: Annotated[PerSide52, Field(description="The cards each side took.")]
    spades: Annotated[Per13, Field(description="The spades each side took.")]
    aces: Annotated[
        list[CasinoSide],
        Field(min_length=4, max_length=4, description="The side that took A♠, A♣, A♥ and A♦."),
    ]
    big_casino: CasinoSide
    little_casino: CasinoSide
    sweeps: Annotated[
        PerSide52,
        Field(
            description="Each side's sweeps: present only when the session's `sweeps` option is "
            "on (K12)."
        ),
    ] = LEFT_OUT


SHAPES: tuple[type[Any], ...] = (
    DealRecord, SeepPostedDeal, SeepCorrectedDeal, FiftySixDealRecord, FiftySixPostedDeal,
    FiftySixCorrectedDeal, CasinoPostedDeal, CasinoCorrectedDeal, FiftySixDeal, CasinoDeal,
)  # fmt: skip
