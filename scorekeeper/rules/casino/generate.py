"""Every legal Casino move, listed lazily and counted exactly, without brute force.

The search over how many loose cards of each value to take is shared with Seep
(rules/floor.py). In it a card carries its rank: Royal values are ranks (an ace 1, and a
loose ace may still count 14, values.splits), and a classic face card's rank (11–13) is
beyond every classic sum, so only its own pairing capture (K4) ever takes it.

Each play is listed once (API.md: a move is a play, not a way of writing it). A Royal ace
capturing as 14 takes everything it could take as 1 (loose aces, each a set of 14), so
its captures are searched at 14 and written `"ace": 14` only when 1 would not do; its
builds of 14, which an ace of either value may make with the same cards, likewise. With
`aces: capturing` a loose ace counts 1 (K3), so the ace's captures are its sets of 14 and,
as 1, its loose aces; with `aces: one` it is a card of 1 like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from .. import floor as value_counts
from ..cards import Card
from ..floor import NOTHING, Chosen
from .moves import Build, Capture, Move, Raise, Trail
from .position import Position
from .values import (
    ACE,
    ACE_HIGH,
    ace_high,
    build_values,
    held,
    is_face,
    splits,
    table_aces_high,
    values,
)

Choice = value_counts.Choice[Move]
Survey = value_counts.Survey[Move]
Holds = Callable[[set[int]], bool]


class Floor(value_counts.Floor):
    """The loose cards by rank, with the choices that make sets of a value (K4-K6)."""

    def __init__(self, loose: tuple[Card, ...], variant: str, aces: str) -> None:
        super().__init__(loose)
        self.variant = variant
        self.aces = aces

    def sets_of(self, target: int, played: int | None = None) -> Chosen:
        """Choices that, with the played card's value if given, split into sets of `target`."""
        flexible = table_aces_high(self.variant, self.aces, target)  # loose aces may count 14

        def accepted() -> int:
            sets = self.splits(target, ACE if flexible else None)
            return sets.splitting if played is None else sets.with_played(played)

        # Listed as the search always listed them: sets of 14 in Royal (every choice a
        # candidate, a loose ace counting 1 or 14) by where each total first comes.
        order = self.by_first_of_total if flexible else self.by_total
        return self.select((target, played), accepted, order)


def survey(position: Position) -> Survey:
    """Search the position once, lazily."""
    floor = Floor(position.loose, position.variant, position.aces)
    return value_counts.Survey(floor, choices(position, floor))


def legal_moves(position: Position) -> Iterator[Move]:
    """Every legal move, lazily, grouped by card in hand order (agrees with check())."""
    return survey(position).moves()


def count_moves(position: Position) -> int:
    """The exact number of legal moves, without listing them."""
    return survey(position).count()


def choices(position: Position, floor: Floor) -> Iterator[Choice]:
    """The legal moves, grouped by card and kind, in hand order."""
    owned = position.owned()
    for card in position.hand:
        rest = held((c for c in position.hand if c != card), position.variant, position.aces)

        def holds(wanted: set[int], rest: set[int] = rest) -> bool:
            # K9: after the play, a card of each owned build's value is still in hand.
            return wanted <= rest

        yield from _captures(position, floor, card, owned, holds)
        yield from _builds(position, floor, card, owned, holds)
        yield from _raises(position, floor, card, owned, holds)
        if not owned:  # K9: an owner may not trail
            yield Choice(card, "trail", floor.taking_none, partial(_trail, card))


def _captures(
    position: Position, floor: Floor, card: Card, owned: set[int], holds: Holds
) -> Iterator[Choice]:
    variant, aces = position.variant, position.aces
    if is_face(card, variant):
        # K4: a classic face card takes one loose card of its rank.
        if card.rank in floor.cards and holds(owned):
            one = floor.given(tuple(int(r == card.rank) for r in floor.ranks))
            yield Choice(card, "capture", one, partial(_capture, position, card, False))
        return
    value = max(values(card, variant, aces))
    for take in (False, True) if position.build(value) else (False,):
        if holds(owned - {value} if take else owned):
            chosen = floor.sets_of(value)
            if not take and value == ACE_HIGH and not table_aces_high(variant, aces, value):
                chosen |= floor.sets_of(ACE)  # K3: as 1 it takes loose aces, never 14s
            chosen = chosen if take else chosen.without(NOTHING)
            if chosen:
                yield Choice(card, "capture", chosen, partial(_capture, position, card, take))


def _builds(
    position: Position, floor: Floor, card: Card, owned: set[int], holds: Holds
) -> Iterator[Choice]:
    variant, aces = position.variant, position.aces
    for value in build_values(variant, aces):
        existing = position.build(value) is not None
        if not holds(owned | {value}):
            continue  # K5, K7
        found = floor.none  # the choices of either ace value, once each
        for played in values(card, variant, aces, building=True):
            if played <= value:
                sets = floor.sets_of(value, played)
                found |= sets if existing else sets.without(NOTHING)
        if found:
            make = partial(_build, position, card, value)
            yield Choice(card, "build", found, make)


def _raises(
    position: Position, floor: Floor, card: Card, owned: set[int], holds: Holds
) -> Iterator[Choice]:
    variant, aces = position.variant, position.aces
    for pile in position.builds:
        if pile.multiple:
            continue  # K6
        for played in values(card, variant, aces, building=True):
            value = pile.value + played
            if value in build_values(variant, aces) and holds(owned - {pile.value} | {value}):
                make = partial(_raise, card, pile.value, played == ACE_HIGH)
                yield Choice(card, "raise", floor.sets_of(value), make)


def _capture(position: Position, card: Card, take: bool, loose: frozenset[Card]) -> Move:
    variant, aces = position.variant, position.aces
    value = max(values(card, variant, aces), default=card.rank)
    # As 1 an ace takes only loose aces: any other card or a build needs it as 14.
    high = card.rank == ACE and ace_high(variant, aces)
    high = high and (take or any(c.rank != ACE for c in loose))
    return Capture(card, loose, frozenset({value}) if take else frozenset(), high)


def _build(position: Position, card: Card, value: int, loose: frozenset[Card]) -> Move:
    variant, aces = position.variant, position.aces
    low = splits((c.rank for c in loose), value, variant, card.rank, aces)
    high = card.rank == ACE and ace_high(variant, aces, building=True) and not low
    return Build(card, value, loose, high)


def _raise(card: Card, build: int, high: bool, loose: frozenset[Card]) -> Move:
    return Raise(card, build, loose, high)


def _trail(card: Card, _: frozenset[Card]) -> Move:
    return Trail(card)
