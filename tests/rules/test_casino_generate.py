"""Casino's legal_moves and count_moves agree with check, the single source of truth.

(a) Brute force on 1,200 random positions under each Royal `aces` option (K3: `choice`,
    `capturing`, `one`; built from the API's notation, classic and Royal, 2-4 players, up to
    6 loose cards and 2 builds, single and multiple): every move a player
    could write (every card x every subset of loose cards x every choice of builds, every
    build value 1-15, every raise, the ace as 1 and 14, the trail) is put to check(). The
    plays it accepts are exactly the listed moves, each play listed once, and count_moves
    and by_card count them. A move is a play, not a way of writing it (API.md): a Royal ace
    that captures loose aces as 1 or as 14 makes one play, so moves are compared by effect.
(b) Positions met in self-play, where builds grow as they do at a table, the same way.
(c) apply never changes its input and loses or makes no card.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from itertools import chain, combinations
from typing import Any

import pytest

from scorekeeper.rules.cards import Card
from scorekeeper.rules.casino.generate import count_moves, legal_moves, survey
from scorekeeper.rules.casino.moves import Build, Capture, Move, Raise, Trail
from scorekeeper.rules.casino.play import apply, check
from scorekeeper.rules.casino.position import Position, parse_position
from scorekeeper.rules.casino.selfplay import play_deal
from scorekeeper.rules.casino.values import ACES, VARIANTS
from tests.helpers.casino_positions import MOST_LOOSE, random_positions

SEEDS = range(12)
PER_SEED = 100  # 1,200 positions for the brute force


def subsets(items: list[Any]) -> Iterator[tuple[Any, ...]]:
    """Every subset, the empty one first."""
    return chain.from_iterable(combinations(items, n) for n in range(len(items) + 1))


def candidates(pos: Position) -> Iterator[Move]:
    """Every move a player could write in this position, legal or not."""
    piles = [b.value for b in pos.builds]
    for card in pos.hand:
        yield Trail(card)
        aces = (False, True) if card.rank == 1 and pos.variant == "royal" else (False,)
        for chosen in subsets(list(pos.loose)):
            loose = frozenset(chosen)
            for high in aces:
                for taken in subsets(piles):
                    yield Capture(card, loose, frozenset(taken), high)
                yield from (Build(card, value, loose, high) for value in range(1, 16))
                yield from (Raise(card, value, loose, high) for value in piles)


def effect(pos: Position, move: Move) -> Hashable:
    """What a legal move does: the position after it, the cards captured and the sweep."""
    outcome = apply(pos, move)
    after = outcome.position
    piles = sorted((b.value, tuple(sorted(b.cards)), b.owner) for b in after.builds)
    return (
        move.card,
        tuple(sorted(after.hand)),
        tuple(sorted(after.loose)),
        tuple(piles),
        tuple(sorted(outcome.captured)),
        outcome.sweep,
    )


def assert_agree(pos: Position) -> int:
    """legal_moves lists each play check accepts exactly once; the counts agree."""
    brute = {effect(pos, m) for m in candidates(pos) if check(pos, m) is None}
    listed = list(legal_moves(pos))
    for move in listed:
        assert check(pos, move) is None, (pos.to_json(), move.to_json())
    effects = [effect(pos, m) for m in listed]
    assert len(set(effects)) == len(effects), "a play is listed twice"
    assert set(effects) == brute, pos.to_json()
    found = survey(pos)
    assert count_moves(pos) == len(listed) == sum(c["count"] for c in found.by_card())
    return len(listed)


@pytest.mark.parametrize("aces", ACES)
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_moves_equal_brute_force(seed: int, aces: str) -> None:
    """(a) On 100 random positions per seed and `aces` option, listing equals brute force."""
    counts = [assert_agree(pos) for pos in random_positions(seed, PER_SEED, aces)]
    assert sum(counts) > PER_SEED  # the positions are not all trivial


@pytest.mark.parametrize("aces", ACES)
@pytest.mark.parametrize(("players", "variant"), [(2, "royal"), (3, "classic"), (4, "royal")])
def test_legal_moves_equal_brute_force_in_self_play(players: int, variant: str, aces: str) -> None:
    """(b) Every position of a few self-played deals, as builds grow at a real table."""
    for seed in range(3):
        deal = play_deal(random.Random(seed), players, variant=variant, aces=aces)
        for pos, _ in deal.plays:
            if len(pos.loose) <= MOST_LOOSE + 2:
                assert_agree(pos)


@pytest.mark.parametrize("aces", ACES)
def test_positions_cover_every_kind_of_move(aces: str) -> None:
    """The random positions meet captures, builds, raises and trails, and both variants."""
    kinds: set[tuple[str, str]] = set()
    for pos in random_positions(99, 200, aces):
        for move in legal_moves(pos):
            kinds.add((pos.variant, move.to_json()["action"]))
    assert kinds == {(v, a) for v in VARIANTS for a in ("capture", "build", "raise", "trail")}


@pytest.mark.parametrize(
    ("aces", "high"),
    # As 14 an ace raises no build: 14 is the most a build is worth.
    [("choice", {"capture", "build"}), ("capturing", {"capture"}), ("one", set())],
)
def test_an_ace_counts_14_only_where_the_option_lets_it(aces: str, high: set[str]) -> None:
    """K3: the listed moves with `"ace": 14` are of these actions only, and captures among them
    unless aces always count 1 (brute force proves the listing complete)."""
    actions = {
        move.to_json()["action"]
        for pos in random_positions(7, 300, aces)
        for move in legal_moves(pos)
        if move.to_json().get("ace") == 14
    }
    assert actions <= high
    assert ("capture" in actions) is (aces != "one")


@pytest.mark.parametrize("seed", range(3))
def test_apply_keeps_every_card_and_changes_nothing(seed: int) -> None:
    """(c) The cards before a move are the cards after it plus those captured."""
    for pos in random_positions(seed + 100, 100):
        before = pos.to_json()
        for move in legal_moves(pos):
            outcome = apply(pos, move)
            after = outcome.position
            cards_after = [*after.hand, *after.loose, *(c for b in after.builds for c in b.cards)]
            every: list[Card] = [*cards_after, *outcome.captured]
            cards_before = [*pos.hand, *pos.loose, *(c for b in pos.builds for c in b.cards)]
            assert sorted(every) == sorted(cards_before)
            assert parse_position(after.to_json() | {"seat": pos.seat}) is not None
        assert pos.to_json() == before
