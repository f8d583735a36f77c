"""Sets of choices of loose cards as the bits of one integer, and which split into sets of a sum.

A choice of how many loose cards of each value to take is a vector of counts; every vector
up to the floor's counts (the box) has an index, its counts read as the digits of a
mixed-radix number, the first value the most significant. A set of vectors is an integer
with the bits of their indexes set, and adding one vector to every vector of a set that
still fits in the box is a mask and a shift. So which vectors split into sets of a target
is found for the whole box at once, by adding each set of the target as often as it fits
(a knapsack over bits), instead of asking of each vector in turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, product
from math import comb, prod

Vector = tuple[int, ...]
BYTES = bytes.maketrans(b"01", b"\x00\x01")  # a written bit as a byte that is false or true


class Box:
    """Every vector of counts up to `sizes`, one bit each."""

    def __init__(self, values: Sequence[int], sizes: Sequence[int]) -> None:
        self.values = tuple(values)
        self.sizes = tuple(sizes)
        strides = [1] * len(sizes)
        for i in range(len(sizes) - 2, -1, -1):
            strides[i] = strides[i + 1] * (sizes[i + 1] + 1)
        self.strides = tuple(strides)
        self.bits = strides[0] * (sizes[0] + 1) if sizes else 1
        self.everything = (1 << self.bits) - 1
        self._at_most: dict[tuple[int, int], int] = {}
        self._steps: dict[Vector, tuple[int, int]] = {}
        self._weights: list[int] = []
        self._weighed: dict[int, int] = {}
        self._partitions: dict[tuple[int, int], list[Vector]] = {}

    def index(self, counts: Sequence[int]) -> int:
        """The bit of a vector."""
        return sum(k * s for k, s in zip(counts, self.strides, strict=True))

    def weigh(self, chosen: int) -> int:
        """How many sets of cards the vectors of `chosen` stand for, all told."""
        weight = self._weighed.get(chosen)
        if weight is None:
            # Each vector's weight is the product of its binomials; the bits are written
            # last first, which reads the weights the same (comb(m, k) = comb(m, m - k),
            # and the vector of the bit written i-th is the box less that of bit i).
            if not self._weights:
                binomials = [[comb(m, k) for k in range(m + 1)] for m in self.sizes]
                self._weights = list(map(prod, product(*binomials)))
            written = format(chosen, f"0{self.bits}b").encode().translate(BYTES)
            weight = self._weighed[chosen] = sum(compress(self._weights, written))
        return weight

    def members(self, chosen: int) -> list[int]:
        """The bits set in `chosen`, low to high."""
        written = format(chosen, f"0{self.bits}b").encode().translate(BYTES)
        return list(compress(range(self.bits - 1, -1, -1), written))[::-1]

    def counts(self, bit: int) -> Vector:
        """The vector of a bit."""
        return tuple(bit // s % (m + 1) for s, m in zip(self.strides, self.sizes, strict=True))

    def add(self, chosen: int, vector: Vector) -> int:
        """The vectors of `chosen` plus `vector`, those that stay in the box."""
        room, shift = self.step(vector)
        return (chosen & room) << shift

    def step(self, vector: Vector) -> tuple[int, int]:
        """The vectors to which `vector` may be added without leaving the box, and its bit."""
        step = self._steps.get(vector)
        if step is None:
            room = self.everything
            for i, k in enumerate(vector):
                if k:
                    room &= self.at_most(i, self.sizes[i] - k)
            step = self._steps[vector] = (room, self.index(vector))
        return step

    def at_most(self, field: int, most: int) -> int:
        """The vectors with at most `most` cards of the field's value (none if negative)."""
        key = (field, most)
        if key not in self._at_most:
            stride, period = self.strides[field], self.strides[field] * (self.sizes[field] + 1)
            chosen = (1 << (max(most + 1, 0) * stride)) - 1  # the first period's
            while period < self.bits:  # then twice as many periods each time
                chosen |= chosen << period
                period *= 2
            self._at_most[key] = chosen & self.everything
        return self._at_most[key]

    def complement(self, chosen: int) -> int:
        """The vectors whose complement in the box (the cards left) is in `chosen`."""
        return int(format(chosen, f"0{self.bits}b")[::-1], 2)

    def partitions(self, need: int, field: int = 0) -> list[Vector]:
        """Vectors of the loose cards from `field` on whose values sum to `need`."""
        key = (need, field)
        if key not in self._partitions:
            if need <= 0 or field == len(self.sizes) or need < self.values[field]:
                # Nothing more to take, or nothing left small enough (values rise).
                found: list[Vector] = [(0,) * (len(self.sizes) - field)] if need == 0 else []
            else:
                value = self.values[field]
                found = [
                    (k, *rest)
                    for k in range(min(self.sizes[field], max(need, 0) // value) + 1)
                    for rest in self.partitions(need - k * value, field + 1)
                ]
            self._partitions[key] = found
        return self._partitions[key]


class Splits:
    """The vectors of a box that split into sets summing to `target`, found once.

    A loose card of value `alone`, if given, is also a set on its own (a Royal ace, which
    may count 14).
    """

    def __init__(self, box: Box, target: int, alone: int | None = None) -> None:
        self.box = box
        self.target = target
        self.groups = box.partitions(target)
        splitting = 1  # the empty vector
        for group in self._generators(alone):
            # Add the set as often as it fits: each round adds one more copy.
            room, shift = box.step(group)
            for _ in range(min(m // k for m, k in zip(box.sizes, group, strict=True) if k)):
                splitting |= (splitting & room) << shift
        self.splitting = splitting
        self._played: dict[int, int] = {}

    def _generators(self, alone: int | None) -> list[Vector]:
        if alone not in self.box.values:
            return self.groups
        one = tuple(int(v == alone) for v in self.box.values)
        return [*self.groups, one]

    def with_played(self, value: int) -> int:
        """The vectors that, with a played card of `value`, split into sets of the target."""
        if value not in self._played:
            # The played card's set is some loose cards summing to the rest of the target.
            rest = self.box.partitions(self.target - value) if value <= self.target else []
            found = 0
            for group in rest:
                found |= self.box.add(self.splitting, group)
            self._played[value] = found
        return self._played[value]

    def leaving_none(self) -> int:
        """The splitting vectors that leave no loose cards summing to the target."""
        box = self.box
        fitting = 0  # vectors holding a set of the target
        for group in self.groups:
            fitting |= box.add(box.everything, group)
        return self.splitting & ~box.complement(fitting)
