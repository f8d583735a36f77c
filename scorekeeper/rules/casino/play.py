"""One Casino turn: is a move legal (check) and what it leaves behind (apply).

`check` is the single source of truth for legality; `legal_moves` (generate.py) must agree
with it, and the tests prove that against brute force on many positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..errors import InvalidInput
from ..violation import Violation, notation
from .moves import Build, Capture, Move, Raise
from .position import Pile, Position, without
from .values import CAPTURING, ONE, ROYAL, build_values, held, is_face, played_value, splits


@dataclass(frozen=True)
class Outcome:
    """The position after a move, and what a capture took."""

    position: Position
    captured: tuple[Card, ...] = ()
    sweep: bool = False  # K12: the capture took every table card, and not on the last play


# -- apply ---------------------------------------------------------------------------------


def apply(position: Position, move: Move) -> Outcome:
    """The position after `move` (assumed legal); the position itself is never changed."""
    after = position.with_(hand=without(position.hand, [move.card]))
    if isinstance(move, Capture):
        return _apply_capture(after, move)
    if isinstance(move, Build):
        cards = (move.card, *sorted(move.loose))
        return Outcome(_settle(after, move.value, cards, move.loose, after.build(move.value)))
    if isinstance(move, Raise):
        old = after.build(move.build)
        assert old is not None, "apply() takes legal moves only"
        value = old.value + played_value(move.card, after.variant, move.ace_high)
        cards = (*old.cards, move.card, *sorted(move.loose))
        rest = after.with_(builds=tuple(b for b in after.builds if b is not old))
        # K5: a build of the new value already there takes the raised build in (one a value).
        return Outcome(_settle(rest, value, cards, move.loose, rest.build(value)))
    return Outcome(after.with_(loose=(*after.loose, move.card)))


def _apply_capture(after: Position, move: Capture) -> Outcome:
    taken = [b for b in after.builds if b.value in move.builds]
    builds = tuple(b for b in after.builds if b.value not in move.builds)
    loose = without(after.loose, move.loose)
    captured = (move.card, *sorted(move.loose), *(c for b in taken for c in b.cards))
    # K10, K12: clearing the table is a sweep, except on the deal's last play.
    sweep = not loose and not builds and not after.last_play
    return Outcome(after.with_(loose=loose, builds=builds), captured, sweep)


def _settle(
    position: Position,
    value: int,
    cards: tuple[Card, ...],
    taken: frozenset[Card],
    old: Pile | None,
) -> Position:
    """K5-K7, K9: the sets join the build of `value` (if any), and the mover owns it."""
    pile = Pile(value, (*old.cards, *cards) if old else cards, position.seat)
    builds = tuple(b for b in position.builds if b is not old)
    return position.with_(loose=without(position.loose, taken), builds=(*builds, pile))


# -- check ---------------------------------------------------------------------------------


def check(position: Position, move: Move) -> Violation | None:
    """None if `move` is legal in `position`, else the first rule it breaks.

    Raises InvalidInput for an ace chosen as 14 outside Royal Casino (K3).
    """
    if getattr(move, "ace_high", False) and position.variant != ROYAL:
        raise InvalidInput("bad-field", "ace-high-royal")
    if move.card not in position.hand:
        return Violation(None, "not-in-hand", "not-in-hand", {"card": str(move.card)})
    return (
        _check_ace(position, move)
        or _check_action(position, move)
        or _check_must_hold(position, move)
    )


def _check_ace(position: Position, move: Move) -> Violation | None:
    """K3: the option `aces` says when a played ace may count 14."""
    if not getattr(move, "ace_high", False):
        return None
    said = {"card": str(move.card)}
    if position.aces == ONE:
        return Violation("K3", "ace-counts-one", "aces-count-one", said)
    if position.aces == CAPTURING and not isinstance(move, Capture):
        return Violation("K3", "ace-counts-one", "ace-high-captures-only", said)
    return None


def _check_action(position: Position, move: Move) -> Violation | None:
    if isinstance(move, Capture):
        return _check_capture(position, move)
    if isinstance(move, Build):
        return _check_build(position, move)
    if isinstance(move, Raise):
        return _check_raise(position, move)
    if position.owned():
        # K9: the owner of a build may not trail while it is on the table.
        value = min(position.owned())
        return Violation("K9", "owner-cannot-trail", "owner-cannot-trail", {"value": value})
    return None


def _check_capture(position: Position, move: Capture) -> Violation | None:
    card, variant = move.card, position.variant
    value = played_value(card, variant, move.ace_high)
    problem = _missing("K4", position, move.loose)
    absent = sorted(v for v in move.builds if position.build(v) is None)
    if problem or absent:
        return problem or Violation("K4", "not-on-floor", "no-build", {"value": absent[0]})
    if not move.loose and not move.builds:
        return Violation("K4", "nothing-captured", "nothing-captured", {"card": str(card)})
    if is_face(card, variant):
        # K3, K4: a classic face card takes exactly one loose card of its rank.
        if move.builds or len(move.loose) != 1 or next(iter(move.loose)).rank != card.rank:
            return Violation(
                "K4",
                "face-card",
                "face-takes-one",
                {"card": str(card)},
            )
        return None
    problem = _faces(position, move.loose)
    if problem:
        return problem
    wrong = sorted(v for v in move.builds if v != value)
    if wrong:
        return Violation(
            "K4",
            "bad-sum",
            "build-not-worth",
            {"build": wrong[0], "value": value, "card": str(card)},
        )
    if not splits((c.rank for c in move.loose), value, variant, aces=position.aces):
        said = {"cards": notation(sorted(move.loose)), "value": value}
        return Violation("K4", "bad-sum", "no-groups", said)
    return None


def _check_build(position: Position, move: Build) -> Violation | None:
    card, value, variant = move.card, move.value, position.variant
    rule = "K7" if position.build(value) else "K5"
    if is_face(card, variant):
        return _face(card)
    allowed = build_values(variant, position.aces)
    if value not in allowed:
        said = {"least": allowed[0], "most": allowed[-1], "value": value}
        return Violation("K5", "build-value", "build-value", said)
    problem = _check_loose(rule, position, move.loose)
    if problem:
        return problem
    if position.build(value) is None and not move.loose:
        # K5: a build always includes at least one table card.
        return Violation("K5", "bad-sum", "build-needs-loose")
    played = played_value(card, variant, move.ace_high)
    if not splits((c.rank for c in move.loose), value, variant, played, position.aces):
        sets: dict[str, Any] = {"cards": notation([card, *sorted(move.loose)]), "value": value}
        return Violation(rule, "bad-sum", "no-sets", sets)
    return None


def _check_raise(position: Position, move: Raise) -> Violation | None:
    card, variant = move.card, position.variant
    pile = position.build(move.build)
    if pile is None:
        return Violation("K6", "not-on-floor", "no-build-to-raise", {"value": move.build})
    if is_face(card, variant):
        return _face(card)
    if pile.multiple:
        return Violation(
            "K6",
            "raise-multiple-build",
            "raise-multiple-build",
            {"value": pile.value},
        )
    value = pile.value + played_value(card, variant, move.ace_high)
    allowed = build_values(variant, position.aces)
    if value not in allowed:
        return Violation(
            "K6",
            "build-value",
            "raise-build-too-high",
            {"card": str(card), "value": value, "most": allowed[-1]},
        )
    problem = _check_loose("K6", position, move.loose)
    if problem:
        return problem
    if not splits((c.rank for c in move.loose), value, variant, aces=position.aces):
        said = {"cards": notation(sorted(move.loose)), "value": value}
        return Violation("K6", "bad-sum", "no-sets-to-take-in", said)
    return None


def _check_loose(rule: str, position: Position, cards: frozenset[Card]) -> Violation | None:
    """The named loose cards are on the table, and none is a classic face card (K3)."""
    return _missing(rule, position, cards) or _faces(position, cards)


def _missing(rule: str, position: Position, cards: frozenset[Card]) -> Violation | None:
    missing = sorted(c for c in cards if c not in position.loose)
    if missing:
        return Violation(rule, "not-on-floor", "not-loose-table", {"cards": notation(missing)})
    return None


def _faces(position: Position, cards: frozenset[Card]) -> Violation | None:
    faces = sorted(c for c in cards if is_face(c, position.variant))
    if faces:
        # K3: a classic face card only pairs; no sum takes it or builds with it.
        return Violation("K3", "face-card", "faces-only-pair", {"cards": notation(faces)})
    return None


def _check_must_hold(position: Position, move: Move) -> Violation | None:
    after = apply(position, move).position
    missing = sorted(after.owned() - held(after.hand, after.variant, after.aces))
    if not missing:
        return None
    rule = "K6" if isinstance(move, Raise) else "K9"
    if isinstance(move, Build):
        rule = "K7" if position.build(move.value) else "K5"
    # K5-K7, K9: nobody may be left owning a build without a card of its value.
    return Violation(
        rule,
        "must-hold",
        "must-hold-build",
        {"value": missing[0]},
    )


def _face(card: Card) -> Violation:
    return Violation("K3", "face-card", "face-only-pairs", {"card": str(card)})
