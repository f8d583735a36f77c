"""Arithmetic on card values, shared by Seep and Casino: splitting piles into sets of a sum.

Each game decides what a card is worth (Seep: its rank; Casino: K3); these functions see
only the values. Positions hold at most 52 cards, so value multisets are small; results
are memoised on sorted value tuples, which makes the same question about different cards
free.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache


def values_key(values: Iterable[int]) -> tuple[int, ...]:
    """A canonical key for a multiset of values."""
    return tuple(sorted(values, reverse=True))


@lru_cache(maxsize=1 << 16)
def splits_into(values: tuple[int, ...], target: int) -> bool:
    """Whether the values (sorted high to low) split into groups each summing to target.

    >>> splits_into((6, 5, 4, 3, 2), 10), splits_into((8, 3), 11), splits_into((), 9)
    (True, True, True)
    """
    if not values:
        return True
    if sum(values) % target or values[0] > target:
        return False
    # The largest value must sit in some group: try each way to complete its group.
    first, rest = values[0], values[1:]
    return any(
        splits_into(_without(rest, group), target) for group in _groups(rest, target - first)
    )


@lru_cache(maxsize=1 << 16)
def has_subset_sum(values: tuple[int, ...], target: int) -> bool:
    """Whether some non-empty subset of the values sums to target."""
    reachable = 1  # bit i set: sum i is reachable
    for value in values:
        reachable |= reachable << value
    return bool(reachable >> target & 1) and target > 0


def _groups(values: tuple[int, ...], need: int) -> Iterator[tuple[int, ...]]:
    """Distinct sub-multisets of `values` (sorted high to low) summing to `need`, lazily.

    Lazily, because splits_into stops at the first group that works.
    """
    if need == 0:
        yield ()
        return
    previous = None
    for i, value in enumerate(values):
        if value > need or value == previous:
            continue  # too big, or the same choice as the last start
        previous = value
        for tail in _groups(values[i + 1 :], need - value):
            yield (value, *tail)


def _without(values: tuple[int, ...], group: tuple[int, ...]) -> tuple[int, ...]:
    remaining = list(values)
    for value in group:
        remaining.remove(value)
    return tuple(remaining)
