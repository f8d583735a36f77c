"""legal_moves and count_moves agree with check, the single source of truth (STYLE.md).

(a) Brute force: on 1,200 random positions with floors of up to 8 loose cards, every
    move a player could write is put to check(); the plays it accepts must be exactly the
    listed moves, each play listed once, and count_moves must count them. A move is a play,
    not a way of writing it (API.md "Listing legal moves"): a build that names a loose card
    of its value and one that leaves it for H2 to absorb are one play, so moves are compared
    by their effect (apply's position, the cards captured, the sweep). The options of play
    are drawn at random; and each combination of R3's raise options is put to the same 150
    positions, each given a house the mover could raise were it theirs, a partner's or an
    opponent's.
(b) Crowded floors of up to 16 small cards, too many subsets for brute force: every listed
    move passes check, the count is exact, and random moves check accepts are listed (as
    one writing of their play).
(c) apply never changes its input and loses or makes no card.
The positions come from seep_positions.random_position, seeded, in the API's notation.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import replace
from typing import Any

import pytest

from scorekeeper.rules.seep.generate import count_moves, legal_moves, survey
from scorekeeper.rules.seep.moves import Build, Capture, Move, Raise, parse_move
from scorekeeper.rules.seep.play import apply, check
from scorekeeper.rules.seep.position import House, Position, parse_position

from .seep_positions import (
    DECK,
    HOUSE_VALUES,
    Json,
    build,
    candidates,
    cards_of,
    house,
    position,
    positions,
    random_candidate,
    rank,
)

SEEDS = range(12)
PER_SEED = 100  # 1,200 positions for the brute force: about 8 seconds
MOST_LOOSE = 6  # with_absorbable's floors at most: brute force costs 2**size per card


def effect(pos: Position, move: Move) -> Hashable:
    """What a legal move does: the position after it, the cards captured and the sweep."""
    outcome = apply(pos, move)
    after = outcome.position
    houses = ((h.value, tuple(sorted(h.cards)), tuple(sorted(h.owners))) for h in after.houses)
    return (
        tuple(sorted(after.hand)),
        tuple(sorted(after.loose)),
        tuple(sorted(houses)),
        tuple(sorted(outcome.captured)),
        outcome.swept,
    )


def plays(pos: Position, moves: Iterable[Move]) -> dict[Hashable, list[Move]]:
    """The moves grouped by effect: one entry per play, with every writing of it."""
    found: dict[Hashable, list[Move]] = {}
    for move in moves:
        found.setdefault(effect(pos, move), []).append(move)
    return found


def assert_lists_exactly(pos: Position, legal: set[Move]) -> list[Move]:
    """legal_moves lists one writing of each play in `legal`; count_moves and by_card count
    each play once (API.md: a move is a play, not a way of writing it)."""
    listed = list(legal_moves(pos))
    where = pos.to_json()
    wanted, got = plays(pos, legal), plays(pos, listed)
    assert set(listed) <= legal, (where, "illegal:", [m.to_json() for m in set(listed) - legal])
    twice = [[m.to_json() for m in ms] for ms in got.values() if len(ms) > 1]
    assert not twice, (where, "one play listed twice:", twice)
    assert got.keys() == wanted.keys(), (
        where,
        "missing:",
        [ms[0].to_json() for key, ms in wanted.items() if key not in got],
    )
    assert count_moves(pos) == len(wanted), where
    assert sum(int(str(card["count"])) for card in survey(pos).by_card()) == len(wanted), where
    assert by_card(pos) == Counter((str(m.card), m.to_json()["action"]) for m in listed), where
    return listed


def by_card(pos: Position) -> Counter[tuple[str, str]]:
    """survey().by_card() as a count per card and action."""
    found: Counter[tuple[str, str]] = Counter()
    for entry in survey(pos).by_card():
        actions = entry["actions"]
        assert isinstance(actions, dict)
        found.update({(str(entry["card"]), kind): n for kind, n in actions.items()})
    return found


@pytest.mark.parametrize("seed", SEEDS)
def test_brute_force_agrees_with_check(seed: int) -> None:
    for raw in positions(seed, PER_SEED):
        pos = parse_position(raw)
        legal = {move for move in candidates(pos) if check(pos, move) is None}
        assert_lists_exactly(pos, legal)
        # A card can always capture, or else be thrown (C1, T3, S3), and a position that can
        # occur keeps H5 and S2 (parse_position refuses any other), so a mover is never stuck.
        assert legal, ("no legal move", raw)


def with_absorbable(raw: Json, rng: random.Random) -> Json:
    """The position with a loose card of a value no house has, which a new house of that
    value absorbs (H2), and often a second one in hand, so that the mover may build it (H5)."""
    used = {*raw["hand"], *raw["loose"], *(c for h in raw["houses"] for c in h["cards"])}
    value = rng.choice([v for v in HOUSE_VALUES if all(h["value"] != v for h in raw["houses"])])
    spare = [c for c in DECK if rank(c) == value and c not in used]
    rng.shuffle(spare)
    hand = raw["hand"] + spare[1:2] if rng.random() < 0.6 else raw["hand"]
    kept = raw["loose"][: MOST_LOOSE - 1]
    return raw | {"hand": hand, "loose": kept + spare[:1]}


@pytest.mark.parametrize("seed", SEEDS)
def test_each_play_is_listed_and_counted_once(seed: int) -> None:
    """Issue 6: a build that may name the loose cards of its value, which H2 absorbs anyway,
    was listed and counted once per writing. No two listed moves may have the same effect,
    and the count is the number of distinct effects among the moves check accepts."""
    rng = random.Random(seed)
    written_twice = 0
    for raw in positions(5000 + seed, PER_SEED // 4):
        pos = parse_position(with_absorbable(raw, rng))
        legal = {move for move in candidates(pos) if check(pos, move) is None}
        assert_lists_exactly(pos, legal)
        written_twice += len(legal) > len(plays(pos, legal))
    assert written_twice, "no position has a play with two writings: the test proves nothing"


# One play, several writings: check accepts each, legal_moves lists one (the writing that
# names no loose card of the house's value, since H2 absorbs those anyway), count_moves counts
# one.
# fmt: off
ABSORBED = [
    pytest.param(
        position(["4C", "9S"], ["5D", "9H"]),
        [build("4C", 9, ["5D"]), build("4C", 9, ["5D", "9H"])],
        id="B1/H2: 4♣+5♦ makes a 9-house that absorbs loose 9♥, named or not",
    ),
    pytest.param(
        position(["4C", "9S"], ["5D", "9H", "9D"]),
        [build("4C", 9, ["5D"]), build("4C", 9, ["5D", "9H"]), build("4C", 9, ["5D", "9D"]),
         build("4C", 9, ["5D", "9H", "9D"])],
        id="B1/H2: two loose 9s absorbed: four writings, one play",
    ),
    pytest.param(
        position(["9C", "9S"], ["9H"]),
        [build("9C", 9), build("9C", 9, ["9H"])],
        id="B2/H2: 9♣ onto loose 9♥ (9♠ held): the absorbed 9♥ is the new house's loose card",
    ),
    pytest.param(
        position(["QC", "QS", "5D"], ["7H", "QH", "3S", "2S"], seat=3),
        [build("QC", 12, ["7H", "3S", "2S"]), build("QC", 12, ["7H", "3S", "2S", "QH"])],
        id="B1/H2: Q♣ with 7♥+3♠+2♠ makes a cemented 12-house that absorbs Q♥",
    ),
]
# fmt: on


@pytest.mark.parametrize(("pos", "writings"), ABSORBED)
def test_a_build_absorbing_loose_cards_is_listed_once(pos: Json, writings: list[Json]) -> None:
    read = parse_position(pos)
    moves = [parse_move(w) for w in writings]
    assert all(check(read, move) is None for move in moves)  # check accepts every writing
    assert len(plays(read, moves)) == 1  # ... and they are one play
    listed = [move for move in legal_moves(read) if move in moves]
    assert listed == [moves[0]]  # listed once, naming none of the absorbed cards
    assert_lists_exactly(read, {m for m in candidates(read) if check(read, m) is None})


def test_brute_force_positions_cover_the_rules() -> None:
    """The random positions reach every kind of position and every rule code."""
    kinds: Counter[str] = Counter()
    for seed in SEEDS:  # the brute force's positions, all of them
        for raw in positions(seed, PER_SEED):
            kinds.update(kinds_of(parse_position(raw)))
    assert all(kinds[kind] for kind in kinds), kinds
    codes: Counter[str] = Counter()
    for raw in positions(SEEDS[0], PER_SEED):
        pos = parse_position(raw)
        for move in candidates(pos):
            violation = check(pos, move)
            codes[violation.code if violation else "legal"] += 1
            if violation and violation.rule == "R3":
                codes[f"R3 {violation.key}"] += 1  # an option of R3 decided
    expected = {  # every code but not-in-hand: candidates use the hand's cards
        "legal", "not-on-floor", "bad-sum", "house-value", "must-hold", "capture-not-maximal",
        "raise-own-house", "raise-cemented-house", "throw-can-capture", "throw-matches-house",
        "opening-bid", "nothing-captured",
        "R3 raise-shared-house", "R3 raise-partner-house",
    }  # fmt: skip
    assert expected <= set(codes), codes


# R3's options, each combination of them (rules/seep.md; the defaults first).
R3_OPTIONS = [
    pytest.param({"raise_own": own, "raise_partner": partner}, id=f"own {own}, partner {partner}")
    for own in ("off", "on")
    for partner in ("on", "off")
]


def with_raisable(raw: Json, rng: random.Random) -> Json:
    """The position with one more ordinary house, of two cards, owned by any seat (the mover,
    the partner or an opponent), and in hand a card that raises it to 13 at most (R1) with,
    more often than not, a card of the value it would reach (R2); the mover who owns it holds
    a card of its value too (H5)."""
    used = {*raw["hand"], *raw["loose"], *(c for h in raw["houses"] for c in h["cards"])}
    spare = [c for c in DECK if c not in used]
    rng.shuffle(spare)
    values = [v for v in range(9, 13) if all(h["value"] != v for h in raw["houses"])]
    for value in rng.sample(values, len(values)):
        pairs = [(a, b) for i, a in enumerate(spare) for b in spare[i + 1 :]]
        pairs = [(a, b) for a, b in pairs if rank(a) + rank(b) == value]
        if not pairs:
            continue
        first, second = rng.choice(pairs)
        low = [c for c in spare if rank(c) <= 13 - value and c not in (first, second)]
        if not low:
            continue
        raiser = low[0]
        reached = [c for c in spare if rank(c) == value + rank(raiser)][:1]
        hand = [*raw["hand"], raiser, *(reached if rng.random() < 0.7 else [])]
        owner = rng.randrange(raw["players"])
        kept = [c for c in spare if rank(c) == value and c not in (first, second)][:1]
        if owner == raw["seat"] and not kept:
            owner = (owner + 1) % raw["players"]  # H5: no card of the value is left to hold
        if owner == raw["seat"]:
            hand += kept  # H5: the owner holds a card of the house's value
        return raw | {
            "hand": hand,
            "loose": [c for c in raw["loose"] if rank(c) != value],  # H2: the house has them
            "houses": [*raw["houses"], house(value, [first, second], [owner])],
        }
    return raw


@pytest.mark.parametrize("options", R3_OPTIONS)
def test_brute_force_agrees_with_check_under_each_r3_option(options: Json) -> None:
    """R3: which raises are listed follows whose house it is and the options, exactly as check
    says; and the options do decide: the raises accepted are of the houses they allow."""
    rng = random.Random(7000)  # the same positions under each option
    raised: Counter[str] = Counter()
    for raw in positions(7000, 3 * PER_SEED // 2, opening=False):
        raw = with_raisable(raw, rng)
        raw = raw | {"options": raw["options"] | options}
        pos = parse_position(raw)
        legal = {move for move in candidates(pos) if check(pos, move) is None}
        for move in assert_lists_exactly(pos, legal):
            if isinstance(move, Raise):
                raised[whose(pos, pos.house(move.house))] += 1
    assert raised["opponent's"], raised  # R1: always allowed
    assert bool(raised["own"]) is (options["raise_own"] == "on"), raised
    assert bool(raised["partner's"]) is (options["raise_partner"] == "on"), raised


def kinds_of(pos: Position) -> dict[str, bool]:
    """Which kinds of position `pos` is, of those the brute force must meet."""
    mine = [h for h in pos.houses if pos.seat in h.owners]
    return {
        "two players": pos.players == 2,
        "opening": pos.opening_bid is not None,
        "last play": pos.last_play,
        "free capture": pos.options["capture"] == "free",
        "matching throw": pos.options["throw"] == "matching",
        "raise own on": pos.options["raise_own"] == "on",
        "raise partner off": pos.options["raise_partner"] == "off",
        "ordinary house": any(not h.cemented for h in pos.houses),
        "cemented house": any(h.cemented for h in pos.houses),
        "co-owned house": any(len(h.owners) > 1 for h in pos.houses),
        "mover owns a house": bool(mine),
        "mover owns a house and holds two of its cards": any(
            sum(c.rank == h.value for c in pos.hand) > 1 for h in mine
        ),
        "8 loose cards": len(pos.loose) == 8,
    }


def whose(pos: Position, house: House | None) -> str:
    """Whose house it is, as seen from the mover: own, partner's or opponent's."""
    assert house is not None
    if pos.seat in house.owners:
        return "own"
    team = pos.team_of(pos.seat)
    return "partner's" if any(pos.team_of(o) == team for o in house.owners) else "opponent's"


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
        legal, listed_plays = set(listed), plays(pos, listed)
        tries = [random_candidate(pos, rng) for _ in range(150)]
        tries += [near(move, pos, rng) for move in rng.sample(listed, min(len(listed), 150))]
        for move in tries:
            if check(pos, move) is None:
                # API.md, H2: one writing of each play is listed, so compare plays, not writings.
                assert effect(pos, move) in listed_plays, (raw, move.to_json())
            else:
                assert move not in legal, (raw, move.to_json())


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
