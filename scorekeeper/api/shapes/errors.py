"""The bodies of the API's errors: `{"error": code, "message": sentence}` (shared/API.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from .reading import ALONE, Shape, doc, ref

Sentence = Annotated[str, Field(min_length=1)]


@doc("400: the input cannot be read.")
class BadInput(Shape):
    """400: the input cannot be read."""

    error: Literal[
        "bad-aces", "bad-auction", "bad-bid", "bad-cards", "bad-double", "bad-field", "bad-floor",
        "bad-hand", "bad-idempotency-key", "bad-json", "bad-name", "bad-option", "bad-options",
        "bad-page", "bad-players", "bad-position", "bad-side", "bad-since", "bad-spades",
        "bad-sweep", "bad-sweeps", "bad-teams", "bad-trick", "deal-over", "duplicate-card",
        "game-not-over", "game-over", "missing-field", "missing-point-card", "no-capture",
        "not-finished", "not-in-pack", "session-over", "sweeps-off", "team-out", "too-crowded",
        "too-many-plays", "unknown-card", "unknown-club", "unknown-field", "unknown-game",
        "unknown-option",
    ]  # fmt: skip
    message: Sentence


class Unauthorized(Shape):
    """401: no token."""

    error: Annotated[Literal["unauthorized"], ALONE]
    message: Sentence


class Forbidden(Shape):
    """403: a token that is not this session's (or club's)."""

    error: Annotated[Literal["forbidden"], ALONE]
    message: Sentence


class NotFound(Shape):
    """404: no such session, deal or club."""

    error: Annotated[Literal["not-found"], ALONE]
    message: Sentence


@doc(
    "409: `deal-exists` and `deal-deleted` carry the deal as it is now; `deal-out-of-order` "
    "none. Live deals: `live-deal-exists` (one at a time), `live-deal-under-way` (the next deal "
    "is being played live, so it is not entered whole as well), `play-exists` (that number "
    "was another play), `play-out-of-order` (not the next number), `not-last-play` (only the "
    "last is taken back), `live-deal-has-plays` (a live deal is taken back with the count of "
    "its plays: none for its start alone). `too-many-deals`: the session keeps 10,000 deals "
    "(deleted ones among them), the most one may; nothing was stored, no live deal starts. "
    "`session-ended`: the table ended the session; nothing was stored (reopen it with "
    "`DELETE …/end` first). `nothing-to-end`: ending a session that has no deal, or that its "
    "rules finished already."
)
class DealConflict(Shape):
    """409: a clash with the deals as they are."""

    error: Literal[
        "deal-exists", "deal-out-of-order", "deal-deleted", "live-deal-exists", "play-exists",
        "play-out-of-order", "not-last-play", "live-deal-has-plays", "live-deal-under-way",
        "too-many-deals", "session-ended", "nothing-to-end",
    ]  # fmt: skip
    message: Sentence
    deal: Annotated[Any, ref("Deal")] = None


class VersionMismatch(Shape):
    """412: If-Match named another version."""

    error: Annotated[Literal["version-mismatch"], ALONE]
    message: Sentence
    deal: Annotated[Any, ref("Deal")] = None


class TooLarge(Shape):
    """413: a body over the limit."""

    error: Annotated[Literal["too-large"], ALONE]
    message: Sentence


class KeyReused(Shape):
    """422: an Idempotency-Key used for another body."""

    error: Annotated[Literal["idempotency-key-reused"], ALONE]
    message: Sentence


class Unavailable(Shape):
    """503: the database did not answer."""

    error: Annotated[Literal["unavailable"], ALONE]
    message: Sentence


class RateLimited(Shape):
    """429: too many requests."""

    error: Annotated[Literal["rate-limited"], ALONE]
    message: Sentence


SHAPES: tuple[type[Any], ...] = (
    BadInput, Unauthorized, Forbidden, NotFound, DealConflict, VersionMismatch, TooLarge,
    KeyReused, Unavailable, RateLimited,
)  # fmt: skip
