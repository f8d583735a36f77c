"""Seep's lessons: capture by value and by sum (C1), a capture takes all it can (C2), a house
and its owner's card (H5), raising (R1), a cemented house (H3), a card that could capture
(T3) and the opening play (S3), each over positions of seeded self-play."""

from __future__ import annotations

from collections.abc import Iterator

from ..rules.cards import Card
from ..rules.seep.cards import stored_points
from ..rules.seep.moves import parse_move
from ..rules.seep.position import HOUSE_VALUES
from ..rules.seep.selfplay import play_deals
from ..rules.violation import Description
from .course import Ask, Course, Plan
from .floor import by_sum_first, listed, near_misses, pairs_making
from .model import JSON, Layout, Pile

GAME = "seep"
SEED = 38  # any fixed seed: the same deals, so the same lessons, every time
DEALS = 12
# Positions a phone shows whole at arm's length: late enough in a deal for a short hand.
MOST_IN_HAND = 6
MOST_LOOSE = 8


def positions() -> list[JSON]:
    """Every position the movers of the seeded deals faced, short enough to read, but the last
    play of a deal (its sweep scores nothing: C4)."""
    return [
        play.position.to_json()
        for deal in play_deals(DEALS, seed=SEED)
        for play in deal.plays
        if not play.position.last_play
        and len(play.position.hand) <= MOST_IN_HAND
        and len(play.position.loose) <= MOST_LOOSE
    ]


def layout(position: JSON) -> Layout:
    """The mover's hand, the loose cards, the houses and whose they are, the bid if opening."""
    houses = tuple(
        Pile(h["value"], tuple(h["cards"]), owners(position, h["owners"]), h["cemented"])
        for h in position["houses"]
    )
    hand, loose = tuple(position["hand"]), tuple(position["loose"])
    return Layout(hand, loose, houses, "house", bid=position["opening_bid"])


def owners(position: JSON, seats: list[int]) -> tuple[str, ...]:
    """Who owns a house, to the mover: "you", "partner" or "opponent" (teams: seat mod 2)."""
    mover = position["seat"]
    return tuple(
        "you" if seat == mover else "partner" if seat % 2 == mover % 2 else "opponent"
        for seat in sorted(seats)
    )


def describe(_position: JSON, move: JSON) -> Description:
    """The move in words, as data: the engine's own description."""
    return parse_move(move).describe()


def points(_position: JSON, answer: JSON) -> int:
    """What a legal move earns: the point cards it captures and its sweep (C4, E2)."""
    return stored_points(answer.get("captured", [])) + int(answer.get("sweep_points", 0))


def value(card: Card) -> int:
    """A card's capture value: its rank."""
    return card.rank


# -- the moves each lesson tries ------------------------------------------------------------


def later(position: JSON) -> bool:
    """Whether the play is not the opening one (whose own rule, S3, comes first)."""
    return position["opening_bid"] is None


def captures(position: JSON) -> list[JSON]:
    """C1: the legal captures, by sum first, then near misses that do not add up."""
    if not later(position):
        return []
    return [*by_sum_first(listed(GAME, position, "capture")), *near_misses(position, value)]


def part_captures(position: JSON) -> Iterator[JSON]:
    """C2: the legal captures, then captures of a single group: one loose card of the card's
    value, two adding up to it, or the house of its value alone."""
    if not later(position):
        return
    yield from listed(GAME, position, "capture")
    loose = position["loose"]
    houses = {house["value"] for house in position["houses"]}
    for code in position["hand"]:
        rank = Card.parse(code).rank
        for n, one in enumerate(loose):
            taken = Card.parse(one).rank
            if taken == rank:
                yield {"card": code, "action": "capture", "loose": [one]}
            for other in loose[n + 1 :]:
                if taken + Card.parse(other).rank == rank:
                    yield {"card": code, "action": "capture", "loose": [one, other]}
        if rank in houses and loose:
            yield {"card": code, "action": "capture", "loose": [], "house": True}


def builds(position: JSON) -> Iterator[JSON]:
    """H5: a hand card and a loose card building a house of their sum (9 to 13)."""
    if not later(position):
        return
    for code, other, total in pairs_making(position, lambda total: total in HOUSE_VALUES):
        yield {"card": code, "action": "build", "value": total, "loose": [other]}


def raises(position: JSON) -> Iterator[JSON]:
    """R1: each hand card on each house."""
    if not later(position):
        return
    for code in position["hand"]:
        for house in position["houses"]:
            yield {"card": code, "action": "raise", "house": house["value"]}


def cementing(position: JSON) -> Iterator[JSON]:
    """H3: raises of a cemented house, and sets added to a house (which cement it)."""
    if not later(position):
        return
    for code in position["hand"]:
        for house in position["houses"]:
            if house["cemented"]:
                yield {"card": code, "action": "raise", "house": house["value"]}
    values = {house["value"] for house in position["houses"]}
    for code, other, total in pairs_making(position, values.__contains__):
        yield {"card": code, "action": "build", "value": total, "loose": [other]}


def throws(position: JSON) -> list[JSON]:
    """T3: each hand card thrown."""
    if not later(position):
        return []
    return [{"card": code, "action": "throw"} for code in position["hand"]]


def openings(position: JSON) -> list[JSON]:
    """S3: on the opening play, every move a later play would allow, and every throw."""
    if later(position):
        return []
    later_play = position | {"opening_bid": None}
    moves: list[JSON] = [*listed(GAME, later_play, "capture"), *listed(GAME, later_play, "build")]
    return [*moves, *({"card": code, "action": "throw"} for code in position["hand"])]


SEEP = Course(
    GAME,
    positions,
    layout,
    describe,
    points,
    (
        Plan("seep-capture", "C1", (Ask.KEEPS, Ask.BREAKS, Ask.MORE, Ask.MORE), captures),
        Plan("seep-maximal", "C2", (Ask.BREAKS, Ask.KEEPS, Ask.PICK), part_captures),
        Plan("seep-house", "H5", (Ask.KEEPS, Ask.BREAKS, Ask.PICK), builds),
        Plan("seep-raise", "R1", (Ask.KEEPS, Ask.BREAKS, Ask.PICK), raises),
        Plan("seep-cemented", "H3", (Ask.BREAKS, Ask.KEEPS), cementing, contrast=False),
        Plan("seep-throw", "T3", (Ask.BREAKS, Ask.KEEPS, Ask.PICK), throws),
        Plan("seep-opening", "S3", (Ask.BREAKS, Ask.KEEPS, Ask.PICK), openings),
    ),
)
