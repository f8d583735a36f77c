"""The move checker's requests and answers for every game: a position and a move (/check), a
position (/moves), the verdicts (an illegal move, as /check answers it and as a live play is
refused) and the legal moves."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import ConfigDict, Field, RootModel, WithJsonSchema

from .calls import AUCTION_EXAMPLE, AuctionRequest, CallRequest, LegalCall
from .casino_moves import CASINO_MOVE_EXAMPLE, CasinoLegalMove, CasinoMoveRequest, CasinoMovesAnswer
from .casino_positions import POSITION_EXAMPLES, CasinoPositionRequest
from .games import CardMoveRequest
from .moves import (
    MOVE_EXAMPLE,
    POSITION_EXAMPLE,
    LegalMove,
    MoveRequest,
    PositionRequest,
    SeepMovesAnswer,
)  # fmt: skip
from .reading import Shape
from .tricks import TRICK_EXAMPLE, FiftySixMovesAnswer, LegalCard, TrickRequest
from .writing import ALONE, LEFT_OUT, Documented, doc
from .written_as import Inlining, among

# The rules a move may break, as codes: Seep's, Fifty-six's and Casino's.
Rule = Literal[
    "not-in-hand", "not-on-floor", "bad-sum", "house-value", "must-hold", "capture-not-maximal",
    "raise-own-house", "raise-cemented-house", "throw-can-capture", "throw-matches-house",
    "opening-bid", "nothing-captured", "out-of-turn", "bid-range", "bid-too-low",
    "cannot-double", "cannot-redouble", "auction-over", "must-follow-suit", "face-card",
    "build-value", "owner-cannot-trail", "raise-multiple-build", "ace-counts-one",
]  # fmt: skip
RuleId = Annotated[str | None, Field(pattern=r"^[A-Z][0-9]+$")]
PARAMS = (
    "What the sentence is about, as data, so a client can say it in its own words with the "
    "players' names: for Fifty-six's calls and turns `seat` (who called), `turn` (whose call it "
    "was), `why`, `value`, `bid`, `standing` and `contract` (a contract as `after` gives it). "
    "Absent when the rule has none."
)
Params = Annotated[dict[str, Any], WithJsonSchema({"type": "object"}), Field(description=PARAMS)]


class IllegalMove(Shape):
    """An illegal move: the rule it breaks, and why."""

    legal: Annotated[Literal[False], ALONE]
    rule: Annotated[
        Rule,
        Field(
            description="The rule broken, as a code: Seep's, Fifty-six's (the auction's, "
            "`not-in-hand` and `must-follow-suit`) or Casino's (`not-in-hand`, `not-on-floor`, "
            "`bad-sum`, `face-card`, `build-value`, `must-hold`, `owner-cannot-trail`, "
            "`raise-multiple-build`, `nothing-captured`, `ace-counts-one`)."
        ),
    ]
    rule_id: Annotated[
        RuleId,
        Field(
            description="The rule's id in rules/seep.md, rules/fifty-six.md or rules/casino.md "
            "(null for not-in-hand: the turn itself has no id)."
        ),
    ]
    reason: Annotated[
        str, Field(min_length=1, description="The reason, for a player, naming the cards.")
    ]
    params: Params = LEFT_OUT


class IllegalPlay(Shape):
    """A live play refused: the rule it breaks, as /check names it, or not the mover's turn."""

    error: Annotated[
        Literal[Rule, "not-your-turn"],
        Field(
            description="The rule broken, as a code: any `IllegalMove` code the table alone "
            "decides, or `not-your-turn`."
        ),
    ]
    rule: Annotated[
        Literal[Rule, "not-your-turn"],
        Field(description="The same code, as /check names it in `rule`."),
    ]
    rule_id: Annotated[
        RuleId,
        Field(
            description="The rule's id in the game's rules, as /check's `rule_id` (null: the "
            "turn itself has no id)."
        ),
    ]
    message: Annotated[str, Field(min_length=1)]
    params: Params = LEFT_OUT


# A check's request: other fields than these are ignored, so its schema allows them.
IGNORING = ConfigDict(extra="ignore")
LIMIT = "How many moves to list at most."
Limit = Annotated[int, Field(ge=0, le=10_000, description=LIMIT)]


@doc("A Seep position and move. Other fields are ignored.")
class SeepCheckRequest(Shape):
    """`POST /check` for Seep."""

    model_config = IGNORING
    game: Annotated[Literal["seep"], ALONE]
    position: PositionRequest
    move: MoveRequest


@doc("A Fifty-six auction and the next call. Other fields are ignored.")
class AuctionCheckRequest(Shape):
    """`POST /check` for a Fifty-six call."""

    model_config = IGNORING
    game: Annotated[Literal["fifty-six"], ALONE]
    position: AuctionRequest
    move: CallRequest


@doc("A Fifty-six trick and the card to play. Other fields are ignored.")
class TrickCheckRequest(Shape):
    """`POST /check` for a Fifty-six card."""

    model_config = IGNORING
    game: Annotated[Literal["fifty-six"], ALONE]
    position: TrickRequest
    move: CardMoveRequest


@doc("A Casino position and move. Other fields are ignored.")
class CasinoCheckRequest(Shape):
    """`POST /check` for Casino."""

    model_config = IGNORING
    game: Annotated[Literal["casino"], ALONE]
    position: CasinoPositionRequest
    move: CasinoMoveRequest


SEEP = {"game": "seep", "position": POSITION_EXAMPLE}
AUCTION = {"game": "fifty-six", "position": AUCTION_EXAMPLE}
TRICK = {"game": "fifty-six", "position": TRICK_EXAMPLE}
CASINO = {"game": "casino", "position": POSITION_EXAMPLES[0]}


@doc(
    "A position of a registered game and a move in it.",
    examples=[
        {**SEEP, "move": MOVE_EXAMPLE},
        {**SEEP, "move": {"card": "9C", "action": "throw"}},
        {**AUCTION, "move": {"seat": 3, "call": "bid", "value": 30, "trump": "S"}},
        {**TRICK, "move": {"card": "QH"}},
        {**CASINO, "move": CASINO_MOVE_EXAMPLE},
    ],
)
class CheckRequest(
    Inlining,
    Documented,
    RootModel[SeepCheckRequest | AuctionCheckRequest | TrickCheckRequest | CasinoCheckRequest],
):
    """`POST /check`: a position and a move."""


class CheckAnswer(
    Inlining,
    Documented,
    RootModel[LegalMove | LegalCall | LegalCard | IllegalMove | CasinoLegalMove],
):
    """`POST /check`'s verdict."""


@doc("A Seep position. Other fields are ignored.")
class SeepMovesRequest(Shape):
    """`POST /moves` for Seep."""

    model_config = IGNORING
    game: Annotated[Literal["seep"], ALONE]
    position: PositionRequest
    limit: Limit = 100


@doc("A Fifty-six auction or trick. Other fields are ignored.")
class FiftySixMovesRequest(Shape):
    """`POST /moves` for Fifty-six."""

    model_config = IGNORING
    game: Annotated[Literal["fifty-six"], ALONE]
    position: Annotated[
        AuctionRequest | TrickRequest, among("oneOf", "AuctionRequest", "TrickRequest")
    ]
    limit: Limit = 100


@doc("A Casino position. Other fields are ignored.")
class CasinoMovesRequest(Shape):
    """`POST /moves` for Casino."""

    model_config = IGNORING
    game: Annotated[Literal["casino"], ALONE]
    position: CasinoPositionRequest
    limit: Limit = 100


@doc(
    "A position of a registered game.",
    examples=[SEEP, {**AUCTION, "limit": 3}, TRICK, {**CASINO, "limit": 5}],
)
class MovesRequest(
    Inlining,
    Documented,
    RootModel[SeepMovesRequest | FiftySixMovesRequest | CasinoMovesRequest],
):
    """`POST /moves`: a position."""


@doc(
    "The answer for the request's game. anyOf, not oneOf: an empty hand's answer (no moves) "
    "reads the same in Seep and in Casino."
)
class MovesAnswer(
    Inlining,
    Documented,
    RootModel[SeepMovesAnswer | FiftySixMovesAnswer | CasinoMovesAnswer],
):
    """`POST /moves`: the legal moves."""

    UNION: ClassVar[str] = "anyOf"


SHAPES: tuple[type[Any], ...] = (
    IllegalMove, IllegalPlay, SeepCheckRequest, AuctionCheckRequest, TrickCheckRequest,
    CasinoCheckRequest, CheckRequest, CheckAnswer, SeepMovesRequest, FiftySixMovesRequest,
    CasinoMovesRequest, MovesRequest, MovesAnswer,
)  # fmt: skip
