"""The shapes of Fifty-six's tricks: a trick as asked, what a legal card leaves, and the legal
calls or cards of an auction or a trick."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, WithJsonSchema

from .calls import Call, Players
from .games import CardMove, Trump
from .moves import COUNT, TRUNCATED, Legal
from .names import Card
from .reading import Shape
from .standings import FiftySixTrick
from .writing import ALONE, BY_NAME, LEFT_OUT, doc

TRICK_EXAMPLE = {
    "phase": "play",
    "players": 4,
    "trump": "S",
    "hand": ["QH", "JS"],
    "trick": ["KH", "9H"],
}


@doc(
    "A Fifty-six trick being played (F12, F13). Every card must be in the pack for the players "
    "(F3: J 9 A 10 K Q, and 8 7 with 8 players; else 400 `not-in-pack`), and none more than "
    "twice (400 `duplicate-card`).",
    examples=[TRICK_EXAMPLE],
)
class TrickRequest(Shape):
    """A Fifty-six trick as asked."""

    phase: Annotated[Literal["play"], ALONE] = "play"
    players: Players
    trump: Trump
    hand: Annotated[
        list[Card],
        Field(
            min_length=1,
            max_length=12,
            description="The mover's hand: up to 12 cards with 4 players, 8 with 6 or 8 (F4), "
            "else 400 `bad-hand`.",
        ),
    ]
    trick: Annotated[
        list[Card],
        Field(
            max_length=7,
            description="The cards played to this trick so far, in order: at most n − 1, else "
            "400 `bad-trick`.",
        ),
    ] = Field(default=[])


def _completes(players: int) -> dict[str, Any]:
    """A trick after the card that `players` complete."""
    return {"properties": {"players": {"const": players}, "trick": {"minItems": players}}}


# `winner` and `points` are there exactly when the card completes the trick.
COMPLETED: dict[str, Any] = {
    "if": {"properties": {"after": {"anyOf": [_completes(n) for n in (4, 6, 8)]}}},
    "then": {"required": ["winner", "points"]},
    "else": {"not": {"anyOf": [{"required": ["winner"]}, {"required": ["points"]}]}},
}


@doc("A legal card: `winner` and `points` when it completes the trick.")
class LegalCard(Shape):
    """A legal Fifty-six card."""

    model_config = ConfigDict(json_schema_extra=COMPLETED)
    legal: Legal
    after: FiftySixTrick
    move: CardMove
    description: Annotated[
        str,
        Field(min_length=1, description="The card in words, and who wins a completed trick."),
    ]
    winner: Annotated[
        int,
        Field(
            ge=0,
            le=7,
            description="F13: the card that wins the completed trick, by its index in play "
            "order (0 = the leader).",
        ),
    ] = LEFT_OUT
    points: Annotated[
        int, Field(ge=0, le=24, description="F5: the completed trick's card points.")
    ] = LEFT_OUT


CALLS_OR_CARDS: dict[str, Any] = {
    "anyOf": [
        {"type": "array", "items": {BY_NAME: "Call"}},
        {"type": "array", "items": {BY_NAME: "CardMove"}},
    ],
    "maxItems": 10_000,
}


class FiftySixMovesAnswer(Shape):
    """Fifty-six's legal calls or cards."""

    moves: Annotated[
        list[Call] | list[CardMove],
        WithJsonSchema(CALLS_OR_CARDS),
        Field(
            description="Up to `limit` legal moves: the calls of the seat to call (none once "
            "the auction is over), or the different cards that may be played, in hand order "
            "(F12)."
        ),
    ]
    count: Annotated[int, Field(ge=0, description=COUNT)]
    truncated: Annotated[bool, Field(description=TRUNCATED)]


SHAPES: tuple[type[Any], ...] = (TrickRequest, LegalCard, FiftySixMovesAnswer)
