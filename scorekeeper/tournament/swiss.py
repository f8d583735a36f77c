"""Swiss pairing: within equal match points as far as possible, never a rematch while one can
be avoided, and with an odd field a bye for the lowest ranked entrant without one.

A round is a minimum-cost perfect matching (networkx's blossom `max_weight_matching` on
weights `top - cost`). One matching over a whole field of 200 takes 1.5 to 2 s in pure Python
(after 6 rounds, on this 2-core machine), so the field is paired top-down by score groups, as
a Swiss director would (round 7 of 200 in about 30 ms): each group with
the floaters from the group above, leaving its odd one out (the lowest ranked) or anyone it
cannot pair without a rematch to float down. Only when the last groups cannot be paired
without a rematch are more groups above them taken back and paired as one (twice as many each
time), and only when even that fails is the whole field matched at once, with rematches
costed instead of forbidden, so that the pairing has no rematch whenever the field allows one
and the fewest otherwise. That last matching also chooses the bye, which then goes to the
lowest ranked entrant whose bye leaves the rest pairable without a rematch.

The costs, each level outweighing everything below it together:
1. a bye for an entrant who has had one (one per bye had);
2. a rematch (one per earlier meeting);
3. the bye's place in the rank order (the lower ranked, the cheaper);
4. the square of the difference in match points (a floater goes as short a way as it can);
5. within a score group, top half against bottom half (the 1st with the (n/2+1)th).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, groupby

import networkx as nx

from .rounds import Pair, Round, Table, byes_had, meetings

Pairs = list[tuple[int, int]]
BYE = -1  # the bye as a matching node (entrant ids are not negative): its partner sits out


@dataclass(frozen=True)
class Field:
    """What pairing knows of the entrants still playing."""

    order: tuple[int, ...]  # by match points, then rank
    position: Mapping[int, int]  # in that order
    points: Mapping[int, int]
    place: Mapping[int, int]  # in the rank order, 0 the best
    met: Counter[Pair]
    byes: Counter[int]

    @classmethod
    def read(
        cls, ranked: Sequence[int], match_points: Mapping[int, int], rounds: Iterable[Round]
    ) -> Field:
        """The field from the rank order, each entrant's match points and the rounds so far."""
        if len(set(ranked)) != len(ranked) or min(ranked, default=0) < 0:
            raise ValueError("entrants are ranked once each, by ids not negative")
        place = {entrant: n for n, entrant in enumerate(ranked)}
        points = {entrant: match_points.get(entrant, 0) for entrant in ranked}
        order = tuple(sorted(ranked, key=lambda e: (-points[e], place[e])))
        position = {entrant: n for n, entrant in enumerate(order)}
        rounds = list(rounds)
        return cls(order, position, points, place, meetings(rounds), byes_had(rounds))

    def scores(self, entrants: Iterable[int]) -> list[list[int]]:
        """The entrants' score groups, highest first, each in field order."""
        ordered = sorted(entrants, key=self.position.__getitem__)
        return [list(group) for _, group in groupby(ordered, key=self.points.__getitem__)]


def pair_swiss(
    ranked: Sequence[int], match_points: Mapping[int, int], rounds: Iterable[Round] = ()
) -> Round:
    """The next Swiss round of the entrants still playing, `ranked` best first.

    An entrant missing from `match_points` (a late entrant) has 0 points.
    """
    field = Field.read(ranked, match_points, rounds)
    playing = list(field.order)
    bye = first_bye(field) if len(playing) % 2 else None
    pairs = by_groups(field, [e for e in playing if e != bye])
    if pairs is None:
        pairs, bye = whole_field(field, playing)
    return seated(field, pairs, bye)


def first_bye(field: Field) -> int:
    """The lowest ranked entrant among those with the fewest byes."""
    return max(field.order, key=lambda e: (-field.byes[e], field.place[e]))


def by_groups(field: Field, entrants: list[int]) -> Pairs | None:
    """The entrants paired top-down by score groups without a rematch, or None if the groups
    cannot do it short of the whole field."""
    groups = field.scores(entrants)
    carries: list[list[int]] = []  # the floaters into each group
    made: list[Pairs] = []  # the pairs made in each group
    carry: list[int] = []
    for group in groups:
        carries.append(carry)
        pairs, carry = pair_pool(field, carry, group)
        made.append(pairs)
    if not carry:
        return [pair for pairs in made for pair in pairs]
    # The last groups left someone unpaired: pair them again with more groups above them.
    taken = 2
    while taken < len(groups):
        start = len(groups) - taken
        below = [entrant for group in groups[start:] for entrant in group]
        tail, left = pair_pool(field, carries[start], below, floating=False)
        if not left:
            return [pair for pairs in made[:start] for pair in pairs] + tail
        taken *= 2
    return None


def pair_pool(
    field: Field, carried: list[int], group: list[int], floating: bool = True
) -> tuple[Pairs, list[int]]:
    """The pool's pairs without a rematch, and whom it leaves to float down."""
    pool = carried + group
    graph = nx.Graph()
    graph.add_nodes_from(pool)
    costs = pair_costs(field, pool)
    # Who floats costs more than all the pool's pairs together: it is settled first.
    floater = len(pool) * max(costs.values(), default=0) + 1
    top = floater * (len(pool) + 1) ** 2
    graph.add_weighted_edges_from(
        (one, other, top - cost)
        for (one, other), cost in costs.items()
        if not field.met[frozenset((one, other))]
    )
    if floating and len(pool) % 2:
        # The odd one out floats: the lowest ranked of those who did not float into the pool.
        for below, entrant in enumerate(reversed(pool)):
            again = len(pool) if entrant in carried else 0
            graph.add_edge(BYE, entrant, weight=top - floater * (below + again))
    matched = matching(graph)
    pairs = [pair for pair in matched if BYE not in pair]
    paired = {entrant for pair in pairs for entrant in pair}
    return pairs, [entrant for entrant in pool if entrant not in paired]


def pair_costs(field: Field, pool: Sequence[int]) -> dict[tuple[int, int], int]:
    """Levels 4 and 5 of the cost of each pair of the pool (the module's list)."""
    # Each entrant's place in its score group within the pool, and the group's size.
    places: dict[int, tuple[int, int]] = {}
    for group in field.scores(pool):
        places.update((entrant, (n, len(group))) for n, entrant in enumerate(group))
    scale = len(pool) ** 2 + 1  # more than any level-5 cost
    costs = {}
    for one, other in combinations(pool, 2):
        gap = field.points[one] - field.points[other]
        (here, size), (there, _) = places[one], places[other]
        fold = 0 if gap else (abs(here - there) - size // 2) ** 2
        costs[one, other] = gap * gap * scale + fold
    return costs


def whole_field(field: Field, playing: list[int]) -> tuple[Pairs, int | None]:
    """One matching over the whole field, rematches and the bye costed (the module's list)."""
    graph = nx.Graph()
    costs = pair_costs(field, playing)
    n = len(playing)
    rank = (n // 2 + 1) * max(costs.values(), default=0) + 1
    rematch = n * rank + rank
    most_met = max((field.met[frozenset(pair)] for pair in costs), default=0)
    again = (n // 2 + 1) * most_met * rematch + rematch
    top = again * (n + 1) * (max(field.byes.values(), default=0) + 1)
    graph.add_weighted_edges_from(
        (one, other, top - cost - rematch * field.met[frozenset((one, other))])
        for (one, other), cost in costs.items()
    )
    if n % 2:
        below = sorted(playing, key=field.place.__getitem__, reverse=True)
        graph.add_weighted_edges_from(
            (BYE, entrant, top - again * field.byes[entrant] - rank * n_below)
            for n_below, entrant in enumerate(below)
        )
    matched = matching(graph)
    byes = [other for one, other in matched if one == BYE]  # BYE sorts first in its pair
    return [pair for pair in matched if BYE not in pair], (byes[0] if byes else None)


def matching(graph: nx.Graph) -> Pairs:
    """The graph's maximum-cardinality matching of the greatest weight, each pair sorted."""
    found: set[tuple[int, int]] = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(pair), max(pair)) for pair in found)


def seated(field: Field, pairs: Pairs, bye: int | None) -> Round:
    """The round: tables from the top down, the higher placed entrant of each first."""
    tables = [sorted(pair, key=field.position.__getitem__) for pair in pairs]
    tables.sort(key=lambda pair: field.position[pair[0]])
    return Round(
        tuple(Table((first, second)) for first, second in tables),
        () if bye is None else (bye,),
    )
