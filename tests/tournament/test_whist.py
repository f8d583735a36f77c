"""The whist designs: every two players partners exactly once and opponents exactly twice."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from scorekeeper.tournament.whist import DESIGNS, add, whist_rounds


@pytest.mark.parametrize("players", sorted(DESIGNS))
def test_each_design_is_a_whist_tournament(players: int) -> None:
    rounds = whist_rounds(players)
    assert rounds is not None
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for number, tables in enumerate(rounds):
        seated = sorted(point for table in tables for point in table)
        # 4m players all play; with 4m + 1, point g sits out round g.
        everyone = list(range(players))
        assert seated == (
            everyone if players % 4 == 0 else everyone[:number] + everyone[number + 1 :]
        )
        for a, b, c, d in tables:
            partners.update([frozenset((a, c)), frozenset((b, d))])
            opponents.update(frozenset(pair) for pair in ((a, b), (a, d), (c, b), (c, d)))
    pairs = [frozenset(pair) for pair in combinations(range(players), 2)]
    assert len(rounds) == (players - 1 if players % 4 == 0 else players)
    assert {pair: partners[pair] for pair in pairs} == dict.fromkeys(pairs, 1)
    assert {pair: opponents[pair] for pair in pairs} == dict.fromkeys(pairs, 2)


def test_no_design_for_a_field_that_has_none() -> None:
    assert whist_rounds(10) is None


@pytest.mark.parametrize(
    ("point", "shift", "moduli", "expected"),
    [(5, 4, (7,), 2), (-1, 3, (7,), -1), (4, 5, (3, 3), 6), (8, 4, (3, 3), 0)],
)
def test_adding_in_the_group(
    point: int, shift: int, moduli: tuple[int, ...], expected: int
) -> None:
    # Mod 3 x mod 3: point 3a + b is (a, b); (1, 1) + (1, 2) = (2, 0); (2, 2) + (1, 1) = (0, 0).
    assert add(point, shift, moduli) == expected
