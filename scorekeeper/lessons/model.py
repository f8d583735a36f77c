"""What a lesson is made of, as data: the questions, the moves they ask about with the engine's
answers, and the cards laid out as the reader sees them. The words are the web layer's."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from ..rules.violation import Description

JSON = dict[str, Any]


class Kind(enum.Enum):
    """The three kinds of question."""

    LEGAL = "legal"  # is this move legal? Yes or No
    PLAYABLE = "playable"  # which of these moves is legal? (exactly one is)
    EARNS_MORE = "earns-more"  # which of these two legal moves earns more points?


YES, NO = 0, 1  # a LEGAL question's two answers, in the order they are offered


@dataclass(frozen=True)
class Checked:
    """A move asked about: its notation, its words as data, the engine's answer to it
    (check_move's), and the points it earns when legal (a capture's, a trick's)."""

    move: JSON
    said: Description
    answer: JSON
    points: int = 0

    @property
    def legal(self) -> bool:
        """Whether the engine allows the move."""
        return bool(self.answer["legal"])

    @property
    def rule(self) -> str | None:
        """The id of the rule the move breaks (None: legal, or a rule without an id)."""
        rule: str | None = self.answer.get("rule_id")
        return rule


@dataclass(frozen=True)
class Pile:
    """A house (Seep) or a build (Casino) as laid out: its value and cards, whose it is to the
    mover ("you", "partner", "opponent"), and whether it holds several sets (cemented,
    multiple)."""

    value: int
    cards: tuple[str, ...]
    owners: tuple[str, ...]
    several: bool


@dataclass(frozen=True)
class Played:
    """A card on the trick so far, and whose side played it to the mover ("partner",
    "opponent")."""

    card: str
    side: str


@dataclass(frozen=True)
class Layout:
    """The cards as the reader sees them: the mover's hand, and a floor game's loose cards and
    piles (`piles` names them: "house", "build") or a trick game's trick and trump (None:
    no-trumps)."""

    hand: tuple[str, ...]
    loose: tuple[str, ...] = ()
    piles: tuple[Pile, ...] = ()
    pile_kind: str | None = None  # None: a trick game
    trick: tuple[Played, ...] = ()
    trump: str | None = None
    bid: int | None = None  # Seep's opening play: the value bid (S3)


@dataclass(frozen=True)
class Question:
    """One question: its id (stable, for the progress a phone keeps), its kind, the position
    (in the engine's notation, and laid out) and the moves it asks about."""

    id: str
    kind: Kind
    position: JSON
    layout: Layout
    moves: tuple[Checked, ...]

    @property
    def right(self) -> int:
        """The index of the right answer: YES or NO for a LEGAL question, else the move's."""
        if self.kind is Kind.LEGAL:
            return YES if self.moves[0].legal else NO
        if self.kind is Kind.PLAYABLE:
            return next(n for n, checked in enumerate(self.moves) if checked.legal)
        return max(range(len(self.moves)), key=lambda n: self.moves[n].points)


@dataclass(frozen=True)
class Lesson:
    """A rule of play taught: its key (the words' table names its title and text), the id of
    the rule in the rules documents, and its questions."""

    key: str
    rule: str
    questions: tuple[Question, ...]
