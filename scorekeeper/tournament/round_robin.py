"""Round-robin by Berger tables: every two entrants meet exactly once.

With n entrants (n even) there are n − 1 rounds; with n odd, n rounds, and in each the entrant
drawn against the missing (n + 1)th sits out with a bye. Berger's tables are the circle
method taken n/2 steps a round, which is also what gives the last entrant its alternating
sides; entrants are numbered by their place in the list given.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .rounds import Round, Table


def rounds_needed(entrants: int) -> int:
    """How many rounds a round-robin of this many entrants takes."""
    return entrants - 1 if entrants % 2 == 0 else entrants


def berger_pairs(places: int, number: int) -> list[tuple[int, int]]:
    """Round `number`'s pairs of places (0-based, first the side that sits first) of Berger's
    table for an even number of places.

    >>> berger_pairs(4, 1), berger_pairs(4, 2), berger_pairs(4, 3)
    ([(0, 3), (1, 2)], [(3, 2), (0, 1)], [(1, 3), (2, 0)])
    """
    circle = places - 1
    step = (number - 1) * (places // 2) % circle
    fixed = (step, circle) if number % 2 == 1 else (circle, step)
    return [fixed] + [((step + i) % circle, (step - i) % circle) for i in range(1, places // 2)]


def round_robin_round(
    entrants: Sequence[int], number: int, withdrawn: Collection[int] = ()
) -> Round:
    """Round `number` (from 1) of the round-robin of `entrants`, in their order.

    A withdrawn entrant is never seated: its opponent of the round has a bye instead.
    """
    if not 1 <= number <= rounds_needed(len(entrants)):
        raise ValueError(f"round {number} of a {len(entrants)}-entrant round-robin")
    # An odd field plays as if one more were there: drawn against it is a bye.
    places: list[int | None] = [*entrants, None] if len(entrants) % 2 else list(entrants)
    tables: list[Table] = []
    byes: list[int] = []
    for first, second in berger_pairs(len(places), number):
        one, other = places[first], places[second]
        playing = [e for e in (one, other) if e is not None and e not in withdrawn]
        if len(playing) == 2:
            tables.append(Table((playing[0], playing[1])))
        else:
            byes.extend(playing)
    return Round(tuple(tables), tuple(byes))
