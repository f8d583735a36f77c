"""The API's small named values: a game's name, a card as read and as written, a player's name."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import RootModel, StringConstraints

from .writing import Documented, doc

CARD_IN = r"^(?:[AaJjQqKkTt2-9]|10)[SHDCshdc♠♥♦♣]$"
CARD_OUT = r"^(?:A|[2-9]|10|J|Q|K)[SHDC]$"


@doc("A registered game: Seep, Fifty-six or Casino. Any other name answers 400 `unknown-game`.")
class GameName(Documented, RootModel[Literal["casino", "fifty-six", "seep"]]):
    """A registered game's name."""


@doc(
    "A card as input: rank (A, 2–10, J, Q, K; T for ten) then suit (S H D C or ♠ ♥ ♦ ♣), any "
    "case. Anything else answers 400 `unknown-card`.",
    examples=["10D", "td", "K♠"],
)
class Card(Documented, RootModel[Annotated[str, StringConstraints(pattern=CARD_IN)]]):
    """A card as a request may write it."""


@doc("A card as the API writes it: canonical rank then suit letter.", examples=["10D", "KS"])
class CanonicalCard(Documented, RootModel[Annotated[str, StringConstraints(pattern=CARD_OUT)]]):
    """A card as the API writes it."""


@doc(
    "A player's name: 1 to 40 printable characters once runs of white space are folded to one "
    "space. Names are unique within a session, ignoring case."
)
class PlayerName(
    Documented,
    RootModel[Annotated[str, StringConstraints(min_length=1, max_length=40, pattern=r"\S")]],
):
    """A player's name."""


SHAPES = (GameName, Card, CanonicalCard, PlayerName)
