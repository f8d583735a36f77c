"""Casino's lessons: capture by value and by sum (K4), build and hold its value (K5), raise
(K6), add to a build (K7), trail (K8) and a build's owner (K9), each over positions of seeded
self-play: classic Casino, two players."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..rules.cards import Card
from ..rules.casino.moves import parse_move
from ..rules.casino.score import ACE as ACE_POINTS
from ..rules.casino.score import ACES, BIG_CASINO, LITTLE_CASINO
from ..rules.casino.selfplay import play_deal
from ..rules.casino.values import BUILD_VALUES, CLASSIC, is_face
from ..rules.violation import Description
from .course import Ask, Course, Plan
from .floor import by_sum_first, listed, near_misses, pairs_making
from .model import JSON, Layout, Pile

GAME = "casino"
SEED = 38  # any fixed seed: the same deals, so the same lessons, every time
DEALS = 12
PLAYERS = 2
MOST_LOOSE = 8  # a table a phone shows whole at arm's length
# K11: the points a card itself scores, whoever takes it (most cards and spades are counted
# over the whole deal).
CARD_POINTS = {ace: ACE_POINTS for ace in ACES} | {"10D": BIG_CASINO, "2S": LITTLE_CASINO}
BUILDS = BUILD_VALUES[CLASSIC]


def positions() -> list[JSON]:
    """Every position the movers of the seeded deals faced, short enough to read."""
    rng = random.Random(SEED)
    deals = [play_deal(rng, PLAYERS) for _ in range(DEALS)]
    return [
        position.to_json()
        for deal in deals
        for position, _move in deal.plays
        if not position.last_play and len(position.loose) <= MOST_LOOSE
    ]


def layout(position: JSON) -> Layout:
    """The mover's hand, the loose cards, and the builds with whose each is."""
    builds = tuple(
        Pile(b["value"], tuple(b["cards"]), (owner(position, b["owner"]),), b["multiple"])
        for b in position["builds"]
    )
    return Layout(tuple(position["hand"]), tuple(position["loose"]), builds, "build")


def owner(position: JSON, seat: int) -> str:
    """Whose a build is, to the mover: "you" or "opponent" (each player a side)."""
    return "you" if seat == position["seat"] else "opponent"


def describe(_position: JSON, move: JSON) -> Description:
    """The move in words, as data: the engine's own description."""
    return parse_move(move).describe()


def points(_position: JSON, answer: JSON) -> int:
    """What a legal move earns: the cards that score by themselves among those it captures
    (K11: each ace, big and little casino)."""
    return sum(CARD_POINTS.get(code, 0) for code in answer.get("captured", []))


def value(card: Card) -> int | None:
    """A card's number value (K3): none for a face card, which only pairs."""
    return None if is_face(card, CLASSIC) else card.rank


# -- the moves each lesson tries ------------------------------------------------------------


def captures(position: JSON) -> list[JSON]:
    """K4: the legal captures, by sum first, then near misses that do not add up."""
    return [*by_sum_first(listed(GAME, position, "capture")), *near_misses(position, value)]


def builds(position: JSON) -> Iterator[JSON]:
    """K5: a hand card and a loose card making a new build of their sum."""
    taken = {build["value"] for build in position["builds"]}
    for code, other, total in pairs_making(position, lambda total: total in BUILDS):
        if total not in taken and not is_face(Card.parse(other), CLASSIC):
            yield {"card": code, "action": "build", "value": total, "loose": [other]}


def raises(position: JSON) -> Iterator[JSON]:
    """K6: each number card of the hand on each build."""
    for code in position["hand"]:
        if value(Card.parse(code)) is not None:
            for build in position["builds"]:
                yield {"card": code, "action": "raise", "build": build["value"]}


def additions(position: JSON) -> Iterator[JSON]:
    """K7: a hand card of a build's value added to it, or one making its value with a loose
    card."""
    values = {build["value"] for build in position["builds"]}
    for code in position["hand"]:
        if Card.parse(code).rank in values:
            yield {"card": code, "action": "build", "value": Card.parse(code).rank, "loose": []}
    for code, other, total in pairs_making(position, values.__contains__):
        yield {"card": code, "action": "build", "value": total, "loose": [other]}


def capturing_trails(position: JSON) -> list[JSON]:
    """K8: trails of the cards that could capture, where the mover owns no build (K9)."""
    if any(build["owner"] == position["seat"] for build in position["builds"]):
        return []
    capturing = dict.fromkeys(move["card"] for move in listed(GAME, position, "capture"))
    return [{"card": code, "action": "trail"} for code in capturing]


def owning(position: JSON) -> list[JSON]:
    """K9: where the mover owns a build, every trail, then the legal captures and builds."""
    if not any(build["owner"] == position["seat"] for build in position["builds"]):
        return []
    trails = [{"card": code, "action": "trail"} for code in position["hand"]]
    return [*trails, *listed(GAME, position, "capture"), *listed(GAME, position, "build")]


CASINO = Course(
    GAME,
    positions,
    layout,
    describe,
    points,
    (
        Plan("casino-capture", "K4", (Ask.KEEPS, Ask.BREAKS, Ask.MORE, Ask.MORE), captures),
        Plan("casino-build", "K5", (Ask.KEEPS, Ask.BREAKS, Ask.PICK), builds),
        Plan("casino-raise", "K6", (Ask.KEEPS, Ask.BREAKS, Ask.PICK), raises),
        Plan("casino-add", "K7", (Ask.KEEPS, Ask.BREAKS), additions, contrast=False),
        Plan("casino-trail", "K8", (Ask.KEEPS, Ask.KEEPS), capturing_trails, contrast=False),
        Plan("casino-owner", "K9", (Ask.BREAKS, Ask.KEEPS, Ask.PICK), owning),
    ),
)
