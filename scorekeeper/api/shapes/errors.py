"""The bodies of the API's errors: `{"error": code, "message": sentence}` (shared/API.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, create_model

from .reading import Shape
from .writing import ALONE, doc, ref

Sentence = Annotated[str, Field(min_length=1)]


def coded(name: str, code: str) -> type[Shape]:
    """The body of an error that has one code."""
    error: Any = Annotated[Literal[code], ALONE]  # type: ignore[valid-type]  # a code per shape
    return create_model(name, __base__=Shape, error=(error, ...), message=(Sentence, ...))


@doc("400: the input cannot be read.")
class BadInput(Shape):
    """400: the input cannot be read."""

    error: Literal[
        "bad-aces", "bad-auction", "bad-bid", "bad-cards", "bad-double", "bad-field", "bad-floor",
        "bad-hand", "bad-idempotency-key", "bad-json", "bad-name", "bad-option", "bad-options",
        "bad-page", "bad-players", "bad-position", "bad-result", "bad-side", "bad-since",
        "bad-spades", "bad-sweep", "bad-sweeps", "bad-teams", "bad-tournament", "bad-trick",
        "deal-over", "duplicate-card",
        "game-not-over", "game-over", "missing-field", "missing-point-card", "no-capture",
        "not-finished", "not-in-pack", "session-over", "sweeps-off", "team-out", "too-crowded",
        "too-many-plays", "unknown-card", "unknown-club", "unknown-field", "unknown-game",
        "unknown-option",
    ]  # fmt: skip
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
    "rules finished already. `round-over`: the session is a tournament table whose round is "
    "over (the length its options carry, `deals` or one baazi or one game, is reached); nothing "
    "was stored."
)
class DealConflict(Shape):
    """409: a clash with the deals as they are."""

    error: Literal[
        "deal-exists", "deal-out-of-order", "deal-deleted", "live-deal-exists", "play-exists",
        "play-out-of-order", "not-last-play", "live-deal-has-plays", "live-deal-under-way",
        "too-many-deals", "session-ended", "nothing-to-end", "round-over",
    ]  # fmt: skip
    message: Sentence
    deal: Annotated[Any, ref("Deal")] = None


class VersionMismatch(Shape):
    """412: If-Match named another version."""

    error: Annotated[Literal["version-mismatch"], ALONE]
    message: Sentence
    deal: Annotated[Any, ref("Deal")] = None


# The bodies of the errors that have one code and nothing more.
Unauthorized = coded("Unauthorized", "unauthorized")  # 401
Forbidden = coded("Forbidden", "forbidden")  # 403
NotFound = coded("NotFound", "not-found")  # 404
TooLarge = coded("TooLarge", "too-large")  # 413
KeyReused = coded("KeyReused", "idempotency-key-reused")  # 422
Unavailable = coded("Unavailable", "unavailable")  # 503
RateLimited = coded("RateLimited", "rate-limited")  # 429


SHAPES: tuple[type[Any], ...] = (
    BadInput, Unauthorized, Forbidden, NotFound, DealConflict, VersionMismatch, TooLarge,
    KeyReused, Unavailable, RateLimited,
)  # fmt: skip
