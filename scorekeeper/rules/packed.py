"""Choices of loose cards packed into one integer, and which of them split into sets of a sum.

A choice of how many loose cards of each value to take is a short vector of small counts
(at most 4 cards share a value; a played card is a value of its own). Packed 4 bits a
count with the top bit of each field kept set as a guard, taking one vector from another
is one subtraction, and a lost guard bit says some count went below zero. Whether a
vector splits into sets of a target is then remembered per vector: the questions of one
position about one target (captures, and builds with each played card) share the answers
for what is left once the played card's set is taken.
"""

from __future__ import annotations

from collections.abc import Sequence

BITS = 4  # a count of at most 7, and a guard bit
FIELD = (1 << BITS) - 1
MOST = FIELD >> 1  # the largest count a field holds


def pack(counts: Sequence[int]) -> int:
    """A vector of counts as one integer, the first count in the lowest field."""
    code = 0
    for i, k in enumerate(counts):
        code |= k << (BITS * i)
    return code


def guards(fields: int) -> int:
    """The guard bits of so many fields."""
    return sum(1 << (BITS * i + BITS - 1) for i in range(fields))


class Splits:
    """Which vectors of loose values (and a played card's) split into sets of `target`.

    `values` are the loose values by field, `sizes` how many loose cards of each there
    are. A played card sits in a field of its own after the loose ones. A loose card of
    value `alone`, if given, is also a set on its own (a Royal ace, which may count 14).
    """

    def __init__(
        self, values: Sequence[int], sizes: Sequence[int], target: int, alone: int | None = None
    ) -> None:
        if any(m > MOST for m in sizes):
            raise ValueError(f"at most {MOST} loose cards of one value")
        self.values = tuple(values)
        self.sizes = tuple(sizes)
        self.target = target
        self.guard = guards(len(values) + 1)
        self.loose_groups = self._partitions(target, len(values) - 1)
        self._by_top: dict[int, list[int]] = {}
        for group in self.loose_groups:
            self._by_top.setdefault(_top(group), []).append(group)
        if alone in self.values:
            field = self.values.index(alone)
            self._by_top.setdefault(field, []).append(1 << (BITS * field))
        self._played: dict[int, int] = {}  # a played value -> its field
        self._known: dict[int, bool] = {0: True}

    def played(self, value: int) -> int:
        """The packed vector of one played card of `value` (its field made on first use)."""
        field = self._played.get(value)
        if field is None:
            field = self._played[value] = len(self.values) + len(self._played)
            self.guard = guards(field + 1)
            one = 1 << (BITS * field)
            rest = self._partitions(self.target - value, len(self.values) - 1)
            self._by_top[field] = [one | group for group in rest] if value <= self.target else []
        return 1 << (BITS * field)

    def split(self, code: int) -> bool:
        """Whether the packed vector splits into sets each summing to the target."""
        known = self._known.get(code)
        if known is None:
            # The card of the highest field must sit in some set: try each set it may head.
            guarded = code | self.guard
            known = False
            for group in self._by_top.get(_top(code), ()):
                left = guarded - group
                if left & self.guard == self.guard and self.split(left ^ self.guard):
                    known = True
                    break
            self._known[code] = known
        return known

    def fits(self, code: int) -> bool:
        """Whether some set of loose values summing to the target fits in the vector."""
        guarded = code | self.guard
        return any((guarded - group) & self.guard == self.guard for group in self.loose_groups)

    def _partitions(self, need: int, field: int) -> list[int]:
        """Packed sub-vectors of the loose cards in fields up to `field` summing to `need`."""
        if need == 0:
            return [0]
        if field < 0 or need < 0:
            return []
        found = []
        value, shift = self.values[field], BITS * field
        for k in range(min(self.sizes[field], need // value) + 1):
            found += [(k << shift) | rest for rest in self._partitions(need - k * value, field - 1)]
        return found


def _top(code: int) -> int:
    """The highest non-empty field of a packed vector."""
    return (code.bit_length() - 1) // BITS
