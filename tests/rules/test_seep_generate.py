"""legal_moves and count_moves agree with check, the single source of truth (STYLE.md).

(a) Brute force: on 1,200 random positions with floors of up to 8 loose cards, every
    move a player could write is put to check(); the ones it accepts must be exactly the
    listed moves, listed once each, and count_moves must count them.
(b) Crowded floors of up to 16 small cards, too many subsets for brute force: every listed
    move passes check, the count is exact, and random unlisted moves fail check.
(c) apply never changes its input and loses or makes no card.
The positions come from seep_positions.random_position, seeded, in the API's notation.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from scorekeeper.rules.seep.generate import count_moves, legal_moves, survey
from scorekeeper.rules.seep.moves import Build, Capture, Move
from scorekeeper.rules.seep.play import apply, check
from scorekeeper.rules.seep.position import Position, parse_position

from .seep_positions import (
    candidates,
    cards_of,
    positions,
    random_candidate,
)

SEEDS = range(12)
PER_SEED = 100  # 1,200 positions for the brute force: about 6 seconds


def keeps_h5(pos: Position) -> bool:
    """Whether the mover holds a card of every house they own (H5) and of the bid (S2)."""
    held = {c.rank for c in pos.hand}
    owned = {h.value for h in pos.houses if pos.seat in h.owners}
    bid = {pos.opening_bid} if pos.opening_bid is not None else set()
    return owned | bid <= held


def assert_lists_exactly(pos: Position, legal: set[Move]) -> list[Move]:
    """legal_moves lists `legal`, each move once; count_moves and by_card count it."""
    listed = list(legal_moves(pos))
    where = pos.to_json()
    assert len(listed) == len(set(listed)), ("listed twice", where)
    assert set(listed) == legal, (
        where,
        "missing:",
        [m.to_json() for m in legal - set(listed)],
        "extra:",
        [m.to_json() for m in set(listed) - legal],
    )
    assert count_moves(pos) == len(legal), where
    assert sum(int(str(card["count"])) for card in survey(pos).by_card()) == len(legal), where
    return listed


@pytest.mark.parametrize("seed", SEEDS)
def test_brute_force_agrees_with_check(seed: int) -> None:
    for raw in positions(seed, PER_SEED):
        pos = parse_position(raw)
        legal = {move for move in candidates(pos) if check(pos, move) is None}
        assert_lists_exactly(pos, legal)
        if keeps_h5(pos):
            # A card can always capture, or else be thrown (C1, T3, S3), so a player who
            # keeps H5 is never stuck.
            assert legal, ("no legal move", raw)


def test_brute_force_positions_cover_the_rules() -> None:
    """The random positions reach every kind of position and every rule code."""
    kinds: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    for raw in positions(SEEDS[0], PER_SEED):
        pos = parse_position(raw)
        mine = [h for h in pos.houses if pos.seat in h.owners]
        kinds.update(
            {
                "two players": pos.players == 2,
                "opening": pos.opening_bid is not None,
                "last play": pos.last_play,
                "free capture": pos.options["capture"] == "free",
                "matching throw": pos.options["throw"] == "matching",
                "ordinary house": any(not h.cemented for h in pos.houses),
                "cemented house": any(h.cemented for h in pos.houses),
                "co-owned house": any(len(h.owners) > 1 for h in pos.houses),
                "mover owns a house": bool(mine),
                "mover short of its card": any(
                    all(c.rank != h.value for c in pos.hand) for h in mine
                ),
                "8 loose cards": len(pos.loose) == 8,
            }
        )
        for move in candidates(pos):
            violation = check(pos, move)
            codes[violation.code if violation else "legal"] += 1
    assert all(kinds[kind] for kind in kinds), kinds
    expected = {  # every code but not-in-hand: candidates use the hand's cards
        "legal", "not-on-floor", "bad-sum", "house-value", "must-hold", "capture-not-maximal",
        "raise-own-house", "raise-cemented-house", "throw-can-capture", "throw-matches-house",
        "opening-bid", "nothing-captured",
    }  # fmt: skip
    assert expected <= set(codes), codes


def crowded(seed: int, most_moves: int) -> list[Position]:
    """Positions with 9 to 16 loose cards of A to 6 and at most `most_moves` legal moves."""
    rng = random.Random(seed)
    found: list[Position] = []
    for size in range(9, 17):
        while len(found) < size - 8:
            raw = positions(rng.randrange(10**6), 1, loose_size=size, top=6, opening=False)[0]
            pos = parse_position(raw)
            if count_moves(pos) <= most_moves:
                found.append(pos)
    return found


@pytest.mark.parametrize("seed", range(2))
def test_crowded_floors_list_only_legal_moves_and_count_them(seed: int) -> None:
    rng = random.Random(seed)
    for pos in crowded(1000 + seed, most_moves=3000):
        listed = list(legal_moves(pos))
        raw = pos.to_json()
        assert len(listed) == len(set(listed)), raw
        assert count_moves(pos) == len(listed), raw
        assert all(check(pos, move) is None for move in listed), raw
        legal = set(listed)
        tries = [random_candidate(pos, rng) for _ in range(150)]
        tries += [near(move, pos, rng) for move in rng.sample(listed, min(len(listed), 150))]
        for move in tries:
            assert (check(pos, move) is None) == (move in legal), (raw, move.to_json())


def near(move: Move, pos: Position, rng: random.Random) -> Move:
    """A move one step from `move`: a loose card more or less, or the house flag flipped."""
    if isinstance(move, Capture | Build) and pos.loose and rng.random() < 0.8:
        card = rng.choice(pos.loose)
        return replace(move, loose=move.loose ^ {card})
    if isinstance(move, Capture):
        return replace(move, house=not move.house)
    return random_candidate(pos, rng)


def test_a_crowded_floor_counts_without_listing() -> None:
    """16 cards: A-4 of every suit. A 4 captures any groups of 4 in them and must leave none:
    the count is exact without listing (checked here against the list)."""
    loose = [r + s for r in ["A", "2", "3", "4"] for s in "SHDC"]
    pos = parse_position({"players": 4, "seat": 0, "hand": ["KS", "QS"], "loose": loose})
    assert count_moves(pos) == len(list(legal_moves(pos))) > 0


def visible(pos: Position) -> Counter[Any]:
    """The cards the position shows, as a multiset."""
    return Counter(cards_of(pos))


@pytest.mark.parametrize("seed", range(6))
def test_apply_never_mutates_and_keeps_every_card(seed: int) -> None:
    rng = random.Random(seed)
    for raw in positions(2000 + seed, 60) + positions(3000 + seed, 5, loose_size=12, top=6):
        pos = parse_position(raw)
        before = pos.to_json()
        moves = list(legal_moves(pos))
        for move in rng.sample(moves, min(len(moves), 30)):
            outcome = apply(pos, move)
            assert pos.to_json() == before and pos == parse_position(raw)
            after = outcome.position
            assert Counter(after.hand) == Counter(pos.hand) - Counter([move.card])
            # hand + floor + captured is constant: nothing lost, nothing made.
            assert visible(after) + Counter(outcome.captured) == visible(pos), move.to_json()
            if isinstance(move, Capture):
                assert move.card in outcome.captured
                assert outcome.sweep == (not after.loose and not after.houses)
            else:
                assert outcome.captured == () and not outcome.sweep
            if not outcome.sweep:
                assert outcome.sweep_points == 0
