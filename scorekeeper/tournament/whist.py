"""Whist tournaments: the published designs for partnership play in which every two players
are partners exactly once and opponents exactly twice (Moore, 1896; the Handbook of
Combinatorial Designs, "Whist tournaments").

A design for n = 4m players (n − 1 rounds) or n = 4m + 1 players (n rounds, one sitting out
each) is developed from one base round over a group: round g adds g to every point, and a
fixed point ∞ (here `INF`) stays where it is. The designs are the *Z-cyclic* ones over the
integers mod n − 1 or mod n (mod 3 × mod 3 for nine players, which has no cyclic one); the
base rounds were found by a search over differences and are checked in
tests/tournament/test_whist.py. Each table is (seat 0, seat 1, seat 2, seat 3), partners
in seats 0 and 2 and in seats 1 and 3. For n = 4m + 1, round g leaves out point g.
"""

from __future__ import annotations

from collections.abc import Sequence

INF = -1  # the point every round fixes

Seats = tuple[int, int, int, int]
# players -> (the group's moduli, the base round's tables)
DESIGNS: dict[int, tuple[tuple[int, ...], tuple[Seats, ...]]] = {
    5: ((5,), ((1, 2, 4, 3),)),
    8: ((7,), ((INF, 1, 0, 3), (2, 4, 6, 5))),
    9: ((3, 3), ((1, 3, 2, 6), (4, 5, 8, 7))),  # point 3a + b is (a, b)
    12: ((11,), ((INF, 1, 0, 3), (2, 6, 9, 7), (4, 5, 10, 8))),
    13: ((13,), ((1, 2, 4, 7), (3, 6, 12, 8), (5, 9, 11, 10))),
    16: ((15,), ((INF, 1, 0, 2), (3, 9, 6, 11), (4, 8, 13, 12), (5, 7, 10, 14))),
    17: ((17,), ((1, 3, 2, 8), (4, 10, 15, 12), (5, 6, 9, 13), (7, 11, 16, 14))),
    20: (
        (19,),
        ((INF, 1, 0, 2), (3, 9, 5, 15), (4, 12, 14, 17), (6, 10, 18, 13), (7, 8, 11, 16)),
    ),
    21: (
        (21,),
        ((1, 3, 2, 6), (4, 12, 13, 19), (5, 14, 9, 16), (7, 11, 20, 17), (8, 10, 18, 15)),
    ),
    24: (
        (23,),
        (
            (INF, 1, 0, 2),
            (3, 7, 5, 17),
            (4, 18, 12, 22),
            (6, 10, 20, 13),
            (8, 11, 19, 16),
            (9, 14, 15, 21),
        ),
    ),
}


def add(point: int, shift: int, moduli: Sequence[int]) -> int:
    """`point + shift` in the group (mixed radix: the last modulus the lowest digit)."""
    if point == INF:
        return INF
    total, scale = 0, 1
    for modulus in reversed(moduli):
        digit = (point // scale % modulus + shift // scale % modulus) % modulus
        total += digit * scale
        scale *= modulus
    return total


def whist_rounds(players: int) -> list[list[Seats]] | None:
    """The design's rounds over points 0..n − 1 (∞ last, as n − 1), or None without one."""
    if players not in DESIGNS:
        return None
    moduli, base = DESIGNS[players]
    order = 1
    for modulus in moduli:
        order *= modulus
    last = players - 1  # where ∞ is numbered
    rounds = []
    for shift in range(order):
        tables = []
        for table in base:
            moved = (add(point, shift, moduli) for point in table)
            a, b, c, d = (last if point == INF else point for point in moved)
            tables.append((a, b, c, d))
        rounds.append(tables)
    return rounds
