"""Seep positions in the API's notation, for the rule tables and the random tests.

Everything here writes JSON as a client would (API.md "Seep positions and moves"); the
engine only ever sees it through parse_position (the brute-force tests build Move objects
directly, for speed). The random positions obey the invariants of rules/seep.md (H1-H4:
houses 9 to 13 made of sets of their value, one per value, no loose card of a house's value,
one owner for an ordinary house; H5: a mover who owns a house holds a card of its value; S2:
the bidder holds the bid) but are otherwise chosen to be awkward: crowded small floors,
cemented and ordinary houses owned by either team, the mover owning a house with one or two
cards of its value, and holding none of a house they do not own.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import chain, combinations
from typing import Any

from scorekeeper.rules.cards import Card
from scorekeeper.rules.seep.moves import Build, Capture, Move, Raise, Throw
from scorekeeper.rules.seep.position import Position

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"
DECK = [rank + suit for suit in SUITS for rank in RANKS]
HOUSE_VALUES = range(9, 14)  # rules/seep.md H1
Json = dict[str, Any]
LOOSE_WEIGHTS = [4, 5, 5, 4, 3, 2, 1, 0.5, 0.3]  # how often 0, 1, ... 8 loose cards


def rank(card: str) -> int:
    """The capture value of a card written like "10D": A=1 ... K=13 (seep.md "Cards")."""
    return RANKS.index(card[:-1]) + 1


def house(value: int, cards: Sequence[str], owners: Sequence[int]) -> Json:
    """A house in the API's notation."""
    return {"value": value, "cards": list(cards), "owners": list(owners)}


def position(
    hand: Sequence[str],
    loose: Sequence[str] = (),
    houses: Sequence[Json] = (),
    *,
    seat: int = 0,
    players: int = 4,
    bid: int | None = None,
    last: bool = False,
    capture: str = "maximal",
    throw: str = "strict",
    raise_own: str = "off",
    raise_partner: str = "on",
) -> Json:
    """A position in the API's notation; seat 0 moves unless told otherwise."""
    options = {"capture": capture, "throw": throw}
    options |= {"raise_own": raise_own, "raise_partner": raise_partner}
    return {
        "players": players,
        "seat": seat,
        "hand": list(hand),
        "loose": list(loose),
        "houses": list(houses),
        "opening_bid": bid,
        "last_play": last,
        "options": options,
    }


def capture(card: str, loose: Sequence[str] = (), take_house: bool = False) -> Json:
    """A capture in the API's notation."""
    return {"card": card, "action": "capture", "loose": list(loose), "house": take_house}


def build(card: str, value: int, loose: Sequence[str] = ()) -> Json:
    """A build in the API's notation."""
    return {"card": card, "action": "build", "value": value, "loose": list(loose)}


def raise_(card: str, house_value: int) -> Json:
    """A raise in the API's notation."""
    return {"card": card, "action": "raise", "house": house_value}


def throw(card: str) -> Json:
    """A throw in the API's notation."""
    return {"card": card, "action": "throw"}


# -- every move a player could try -----------------------------------------------------------


def subsets(cards: Sequence[Card]) -> list[frozenset[Card]]:
    """Every subset of the cards, the empty one included."""
    return [
        frozenset(s)
        for s in chain.from_iterable(combinations(cards, k) for k in range(len(cards) + 1))
    ]


def candidates(pos: Position) -> Iterator[Move]:
    """Every move of the shapes the API can write, for every card in hand: a superset of the
    legal moves (a raise of any value, a capture of every subset with and without the house,
    a build of every subset at every house value)."""
    picks = subsets(pos.loose)
    for card in pos.hand:
        yield Throw(card)
        for value in HOUSE_VALUES:
            yield Raise(card, value)
        for loose in picks:
            yield Capture(card, loose, False)
            yield Capture(card, loose, True)
            for value in HOUSE_VALUES:
                yield Build(card, value, loose)


def random_candidate(pos: Position, rng: random.Random) -> Move:
    """One move of candidates(pos), drawn at random without listing them all."""
    card = rng.choice(pos.hand)
    loose = frozenset(c for c in pos.loose if rng.random() < 0.3)
    kind = rng.randrange(4)
    if kind == 0:
        return Throw(card)
    if kind == 1:
        return Raise(card, rng.choice(HOUSE_VALUES))
    if kind == 2:
        return Capture(card, loose, rng.random() < 0.5)
    return Build(card, rng.choice(HOUSE_VALUES), loose)


# -- random valid positions ------------------------------------------------------------------


def _take(pool: list[str], wanted: int, rng: random.Random) -> str | None:
    """Remove and return a card of rank `wanted` from the pool, if there is one."""
    found = [c for c in pool if rank(c) == wanted]
    if not found:
        return None
    card = rng.choice(found)
    pool.remove(card)
    return card


def _random_set(pool: list[str], value: int, single: bool, rng: random.Random) -> list[str]:
    """Cards from the pool summing to `value`: a lone card of it if `single`, else 2-4 cards."""
    if single:
        card = _take(pool, value, rng)
        return [card] if card else []
    for _ in range(20):
        cuts = sorted(rng.sample(range(1, value), rng.randint(1, 3)))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, value], strict=True)]
        trial = list(pool)
        cards = [_take(trial, p, rng) for p in parts]
        if all(cards):
            pool[:] = trial
            return [c for c in cards if c]
    return []


def _random_house(
    pool: list[str], value: int, players: int, seat: int, rng: random.Random
) -> Json | None:
    """A house of `value`: one set (ordinary, one owner) or 2-3 (cemented, 1-3 owners)."""
    sets = rng.choice([1, 1, 2, 2, 3])
    cards: list[str] = []
    for n in range(sets):
        cards += _random_set(pool, value, single=n > 0 and rng.random() < 0.4, rng=rng)
    total = sum(rank(c) for c in cards)
    if len(cards) < 2:
        pool.extend(cards)
        return None
    mine = rng.random() < 0.5
    owners = {seat} if mine else {rng.randrange(players)}
    if total > value:  # cemented: co-owners are possible (H4)
        owners |= {rng.randrange(players) for _ in range(rng.randrange(3))}
    return house(value, cards, sorted(owners))


def random_position(
    rng: random.Random,
    *,
    loose_size: int | None = None,
    top: int = 13,
    opening: bool | None = None,
) -> Json:
    """A position that could occur, in the API's notation (see the module docstring).

    `loose_size` loose cards (by default 0 to 8, mostly few) of values up to `top`;
    `opening` forces or forbids the bidder's opening play (by default 12% of positions).
    """
    players = rng.choice([4, 4, 4, 2])
    seat = rng.randrange(players)
    pool = list(DECK)
    rng.shuffle(pool)
    options = {
        "capture": rng.choice(["maximal", "maximal", "free"]),
        "throw": rng.choice(["strict", "strict", "matching"]),
        "raise_own": rng.choice(["off", "off", "on"]),  # R3
        "raise_partner": rng.choice(["on", "on", "off"]),  # R3
    }
    if opening is None:
        opening = rng.random() < 0.12
    if opening:
        return _opening_position(rng, pool, players, seat, options)
    houses: list[Json] = []
    for value in rng.sample(list(HOUSE_VALUES), rng.choice([0, 1, 1, 2, 2, 3])):
        made = _random_house(pool, value, players, seat, rng)
        if made:
            houses.append(made)
    values = {h["value"] for h in houses}
    hand: list[str] = []
    for h in houses:
        mine = seat in h["owners"]
        if mine or rng.random() < 0.3:
            # The mover holds one or two cards of a house they own (H5); of another, maybe none.
            for _ in range(rng.choice([1, 1, 2] if mine else [0, 1, 1, 2])):
                card = _take(pool, h["value"], rng)
                if card:
                    hand.append(card)
        if mine and all(rank(c) != h["value"] for c in hand):
            # Every other card of the value is in the houses: the house is someone else's.
            h["owners"] = [o for o in h["owners"] if o != seat] or [(seat + 1) % players]
    # Mostly small floors: brute force costs 2**size per card.  Low cards, which make
    # groups and sets, are drawn four times as often as high ones.
    size = rng.choices(range(9), weights=LOOSE_WEIGHTS)[0] if loose_size is None else loose_size
    free = [c for c in pool if rank(c) <= top and rank(c) not in values]
    loose: list[str] = []
    for _ in range(min(size, len(free))):
        card = rng.choices(free, weights=[4 if rank(c) <= 8 else 1 for c in free])[0]
        free.remove(card)
        loose.append(card)
    rest = [c for c in pool if c not in loose]
    hand += rng.sample(rest, rng.randint(1, 3))
    rng.shuffle(hand)
    return {
        "players": players,
        "seat": seat,
        "hand": hand,
        "loose": loose,
        "houses": houses,
        "opening_bid": None,
        "last_play": rng.random() < 0.1,
        "options": options,
    }


def _opening_position(
    rng: random.Random, pool: list[str], players: int, seat: int, options: Json
) -> Json:
    """S1-S3: the bidder's four cards, one of them of the bid, and four loose cards."""
    bid = rng.choice(list(HOUSE_VALUES))
    hand = [c for c in [_take(pool, bid, rng)] if c]
    for _ in range(rng.randrange(2)):  # sometimes a second card of the bid
        hand += [c for c in [_take(pool, bid, rng)] if c]
    low = [c for c in pool if rank(c) <= 8]
    loose = rng.sample(low, 4) if rng.random() < 0.6 else rng.sample(pool, 4)
    rest = [c for c in pool if c not in loose]
    hand += rng.sample(rest, 4 - len(hand))
    rng.shuffle(hand)
    return {
        "players": players,
        "seat": seat,
        "hand": hand,
        "loose": loose,
        "houses": [],
        "opening_bid": bid,
        "last_play": False,
        "options": options,
    }


def cards_of(pos: Position) -> list[Card]:
    """Every card the position shows: hand, loose and houses."""
    return [*pos.hand, *pos.loose, *(c for h in pos.houses for c in h.cards)]


def positions(seed: int, n: int, **kwargs: Any) -> list[Json]:
    """`n` random positions from one seed."""
    rng = random.Random(seed)
    return [random_position(rng, **kwargs) for _ in range(n)]
