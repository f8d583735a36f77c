"""The verdicts on a move of any game: an illegal move, as /check answers it and as a live play
is refused."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, WithJsonSchema

from .reading import ALONE, LEFT_OUT, Shape

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


SHAPES: tuple[type[Any], ...] = (IllegalMove, IllegalPlay)
