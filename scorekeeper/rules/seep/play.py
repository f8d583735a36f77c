"""One turn: is a move legal (check) and what it leaves behind (apply).

`check` is the single source of truth for legality; `legal_moves` (generate.py) must agree
with it, and the tests prove that on many positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card
from ..violation import Violation, notation
from .moves import Build, Capture, Move, Raise, Throw
from .position import HOUSE_VALUES, House, Position, unheld_houses, without
from .record import SWEEP_POINTS
from .sets import has_subset_sum, splits_into, values_key


@dataclass(frozen=True)
class Outcome:
    """The position after a move, and what a capture took."""

    position: Position
    captured: tuple[Card, ...] = ()
    swept: str | None = None  # for a sweep, which play: "opening", "play" or "last" (C4)

    @property
    def sweep(self) -> bool:
        """Whether the capture cleared the floor (C4)."""
        return self.swept is not None

    @property
    def sweep_points(self) -> int:
        """What the sweep scores: 50, on the opening play 25, on the last play 0 (C4)."""
        return SWEEP_POINTS[self.swept] if self.swept else 0


# -- apply ---------------------------------------------------------------------------------


def apply(position: Position, move: Move) -> Outcome:
    """The position after `move` (assumed legal); the position itself is never changed."""
    hand = without(position.hand, [move.card])
    after = position.with_(hand=hand, opening_bid=None)
    if isinstance(move, Capture):
        return _apply_capture(after, move, position)
    if isinstance(move, Build):
        return Outcome(_apply_build(after, move))
    if isinstance(move, Raise):
        return Outcome(_apply_raise(after, move))
    return Outcome(after.with_(loose=(*after.loose, move.card)))


def _apply_capture(after: Position, move: Capture, before: Position) -> Outcome:
    house = after.house(move.card.rank) if move.house else None
    houses = tuple(h for h in after.houses if h is not house)
    loose = without(after.loose, move.loose)
    captured = (move.card, *sorted(move.loose), *(house.cards if house else ()))
    # C4: a capture that clears the floor is a sweep: 50, on the opening play 25, last play 0.
    when = "opening" if before.opening_bid else "last" if before.last_play else "play"
    swept = when if not loose and not houses else None
    return Outcome(after.with_(loose=loose, houses=houses), captured, swept)


def _apply_build(after: Position, move: Build) -> Position:
    loose = without(after.loose, move.loose)
    old = after.house(move.value)
    cards = (move.card, *sorted(move.loose))
    if old is not None:
        # B3, H4: the sets join the house; an opponent of every owner becomes a co-owner.
        house = House(move.value, (*old.cards, *cards), after.owners_after_adding(old))
        return after.with_(loose=loose, houses=_replace(after.houses, old, house))
    # B2: a new house, owned by the mover, absorbing loose cards of its value (H2).
    house = House(move.value, cards, frozenset({after.seat}))
    return _settle(after.with_(loose=loose), house)


def _apply_raise(after: Position, move: Raise) -> Position:
    old = after.house(move.house)
    assert old is not None, "apply() takes legal moves only"
    # R2: the raiser becomes the sole owner; H2 applies at the new value.
    house = House(old.value + move.card.rank, (*old.cards, move.card), frozenset({after.seat}))
    return _settle(after.with_(houses=tuple(h for h in after.houses if h is not old)), house)


def _settle(position: Position, house: House) -> Position:
    """H2: a house coming into being absorbs loose cards of its value and merges."""
    absorbed = [c for c in position.loose if c.rank == house.value]
    other = position.house(house.value)
    if other is not None:
        house = House(house.value, (*other.cards, *house.cards), other.owners | house.owners)
    house = House(house.value, (*house.cards, *absorbed), house.owners)
    houses = tuple(h for h in position.houses if h is not other)
    return position.with_(loose=without(position.loose, absorbed), houses=(*houses, house))


def _replace(houses: Sequence[House], old: House, new: House) -> tuple[House, ...]:
    return tuple(new if h is old else h for h in houses)


# -- check ---------------------------------------------------------------------------------


def check(position: Position, move: Move) -> Violation | None:
    """None if `move` is legal in `position`, else the first rule it breaks."""
    if move.card not in position.hand:
        return Violation(None, "not-in-hand", "not-in-hand", {"card": str(move.card)})
    violation = (
        _check_opening(position, move)
        or _check_action(position, move)
        or _check_must_hold(position, move)
    )
    return violation


def _check_action(position: Position, move: Move) -> Violation | None:
    if isinstance(move, Capture):
        return _check_capture(position, move)
    if isinstance(move, Build):
        return _check_build(position, move)
    if isinstance(move, Raise):
        return _check_raise(position, move)
    return _check_throw(position, move)


def _check_opening(position: Position, move: Move) -> Violation | None:
    bid = position.opening_bid
    if bid is None:
        return None
    card = move.card
    # S3: the opening play builds a house of the bid, captures with it, or throws it.
    if isinstance(move, Build) and move.value != bid:
        return Violation("S3", "opening-bid", "opening-build", {"bid": bid})
    if isinstance(move, Capture | Throw) and card.rank != bid:
        return Violation("S3", "opening-bid", "opening-use-bid", {"card": str(card), "bid": bid})
    if isinstance(move, Raise):
        return Violation("S3", "opening-bid", "opening-raise")
    if isinstance(move, Throw) and can_capture(position, card):
        return Violation("S3", "opening-bid", "opening-throw", {"card": str(card)})
    return None


def _check_capture(position: Position, move: Capture) -> Violation | None:
    value = move.card.rank
    missing = [c for c in move.loose if c not in position.loose]
    if missing:
        return _not_on_floor("C1", missing)
    house = position.house(value)
    if move.house and house is None:
        return Violation("C1", "not-on-floor", "no-house-to-capture", {"value": value})
    if not move.loose and not move.house:
        return Violation("C1", "nothing-captured", "nothing-captured", {"card": str(move.card)})
    if not splits_into(values_key(c.rank for c in move.loose), value):
        return Violation(
            "C1", "bad-sum", "no-groups", {"cards": notation(sorted(move.loose)), "value": value}
        )
    if position.options["capture"] == "maximal":
        # C2: the house of the card's value, and every group of its sum, must be taken.
        if house is not None and not move.house:
            return Violation(
                "C2",
                "capture-not-maximal",
                "take-house-too",
                {"card": str(move.card), "value": value},
            )
        left = _group_of(without(position.loose, move.loose), value)
        if left:
            return Violation(
                "C2",
                "capture-not-maximal",
                "take-group-too",
                {"cards": notation(left), "value": value},
            )
    return None


def _check_build(position: Position, move: Build) -> Violation | None:
    value, card = move.value, move.card
    if value not in HOUSE_VALUES:
        return Violation("H1", "house-value", "house-value", {"value": value})
    missing = [c for c in move.loose if c not in position.loose]
    if missing:
        return _not_on_floor("B1", missing)
    absorbs = any(c.rank == value for c in position.loose)
    if position.house(value) is None and not move.loose and not absorbs:
        # B2: a new house needs a loose card, named or of its value (H2 absorbs those).
        return Violation("B2", "bad-sum", "house-needs-loose")
    if not splits_into(values_key([card.rank, *(c.rank for c in move.loose)]), value):
        played = notation([card, *sorted(move.loose)])
        return Violation("B1", "bad-sum", "no-sets", {"cards": played, "value": value})
    return None


def _check_raise(position: Position, move: Raise) -> Violation | None:
    house = position.house(move.house)
    if house is None:
        return Violation("R1", "not-on-floor", "no-house-to-raise", {"value": move.house})
    refused = owner_refusal(position, house)
    if refused:
        return refused
    if house.cemented:
        return Violation(
            "H3",
            "raise-cemented-house",
            "raise-cemented-house",
            {"value": house.value},
        )
    if house.value + move.card.rank > max(HOUSE_VALUES):
        total = house.value + move.card.rank
        return Violation(
            "R1",
            "house-value",
            "raise-too-high",
            {"card": str(move.card), "value": total, "most": max(HOUSE_VALUES)},
        )
    return None


def owner_refusal(position: Position, house: House) -> Violation | None:
    """Whether whose house it is forbids the mover to raise it (R1, and the options of R3)."""
    seat, options, said = position.seat, position.options, {"value": house.value}
    if seat in house.owners:
        if options["raise_own"] == "off":
            # R1: not a house the mover owns.
            return Violation("R1", "raise-own-house", "raise-own-house", said)
        if house.owners != {seat}:
            # R3: `raise_own: on` frees a house the mover owns alone. A house shared with the
            # partner (a merge, H2) is no more the mover's alone than one shared with an
            # opponent (adding, H4): the house is still theirs, so R1's refusal stands. Both
            # ways of sharing cement it (H3), so no option could free it anyway.
            return Violation("R3", "raise-own-house", "raise-shared-house", said)
        return None
    team = position.team_of(seat)
    if options["raise_partner"] == "off" and any(position.team_of(o) == team for o in house.owners):
        # R3: `raise_partner: off` leaves only an opponent's house to raise. A partner's house
        # is the mover's side's own (H4 counts the partner's houses as the mover's when adding).
        return Violation("R3", "raise-own-house", "raise-partner-house", said)
    return None


def _check_throw(position: Position, move: Throw) -> Violation | None:
    card = move.card
    if position.house(card.rank) is not None:
        return Violation(
            "T2",
            "throw-matches-house",
            "throw-matches-house",
            {"card": str(card), "value": card.rank},
        )
    if position.options["throw"] == "matching":
        twin = next((c for c in position.loose if c.rank == card.rank), None)
        if twin:
            said = {"card": str(card), "twin": str(twin)}
            return Violation("T3", "throw-can-capture", "throw-beside", said)
    elif can_capture(position, card):
        return Violation("T3", "throw-can-capture", "throw-can-capture", {"card": str(card)})
    return None


def _check_must_hold(position: Position, move: Move) -> Violation | None:
    after = apply(position, move).position
    # H5 (B4, R2): an owner keeps a card of the house's value until it is taken.
    unheld = unheld_houses(position.seat, after.hand, after.houses)
    if unheld:
        return Violation("H5", "must-hold", "must-hold-house", {"value": unheld[0]})
    return None


# -- helpers -------------------------------------------------------------------------------


def can_capture(position: Position, card: Card) -> bool:
    """Whether the card could take a house or a group of loose cards (C1)."""
    ranks = values_key(c.rank for c in position.loose)
    return position.house(card.rank) is not None or has_subset_sum(ranks, card.rank)


def _group_of(cards: Iterable[Card], value: int) -> list[Card]:
    """Some cards summing to `value`, or [] if none do."""
    reachable: dict[int, list[Card]] = {0: []}
    for card in sorted(cards):
        for total, group in list(reachable.items()):
            if total + card.rank <= value and total + card.rank not in reachable:
                reachable[total + card.rank] = [*group, card]
    return reachable.get(value, [])


def _not_on_floor(rule: str, missing: Sequence[Card]) -> Violation:
    return Violation(rule, "not-on-floor", "not-loose-floor", {"cards": notation(sorted(missing))})
