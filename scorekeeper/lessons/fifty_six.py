"""Fifty-six's lessons: follow suit (F12), any card when you cannot (F12), the highest trump
wins (F13) and the highest card of the suit led wins (F13), each over tricks of seeded
self-play: four players in two sides, partners alternating (F2's default)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..rules.cards import Card, Suit
from ..rules.fifty_six.selfplay import play_deal
from ..rules.fifty_six.trick import NO_TRUMPS, parse_trump, winner
from ..rules.table import Table
from ..rules.violation import Description
from .course import Ask, Course, Plan
from .model import JSON, Layout, Played

GAME = "fifty-six"
SEED = 38  # any fixed seed: the same deals, so the same lessons, every time
DEALS = 10
TABLE = Table(2, 2)  # four players, two sides (F2)
TRUMPS: tuple[Suit | None, ...] = (*Suit, None)  # each deal's trump in turn; None: no-trumps
MOST_IN_HAND = 8  # a hand a phone shows whole at arm's length


def positions() -> list[JSON]:
    """Every card's position in the seeded deals, the hand short enough to read."""
    rng = random.Random(SEED)
    found = []
    for n in range(DEALS):
        deal = play_deal(rng, TABLE, dealer=n % TABLE.seats, trump=TRUMPS[n % len(TRUMPS)])
        for trick in deal.tricks:
            found += [p.position.to_json() for p in trick.plays]
    return [p for p in found if len(p["hand"]) <= MOST_IN_HAND]


def layout(position: JSON) -> Layout:
    """The trump, the trick so far with whose side played each card, and the mover's hand."""
    trump = position["trump"]
    return Layout(
        tuple(position["hand"]),
        trick=tuple(Played(card, side(position, n)) for n, card in enumerate(position["trick"])),
        trump=None if trump == NO_TRUMPS else trump,
    )


def side(position: JSON, place: int) -> str:
    """Whose side played the trick's card at `place`, to the mover: sides alternate (F2)."""
    return "partner" if (len(position["trick"]) - place) % 2 == 0 else "opponent"


def describe(position: JSON, move: JSON) -> Description:
    """The card played in words, as data: the engine's own sentence for a card on a trick."""
    return Description("fifty-six-card", {"card": move["card"], "trick": position["trick"]})


def points(position: JSON, answer: JSON) -> int:
    """What a card earns the mover's side: the trick's card points if the side wins it (F13,
    F14); nothing until the trick is complete."""
    winner = answer.get("winner")
    if winner is None or side(position, winner) == "opponent":
        return 0
    return int(answer["points"])


# -- the moves each lesson tries ------------------------------------------------------------


def cards(position: JSON) -> list[Card]:
    """The mover's different cards, in hand order."""
    return list(dict.fromkeys(Card.parse(code) for code in position["hand"]))


def led(position: JSON) -> str | None:
    """The suit led (its letter), once a card is on the trick."""
    trick = position["trick"]
    return str(trick[0])[-1] if trick else None


def played(chosen: list[Card]) -> list[JSON]:
    """Cards as moves."""
    return [{"card": str(card)} for card in chosen]


def following(position: JSON) -> list[JSON]:
    """F12: where the mover holds the suit led and another, every card (led suit first)."""
    suit = led(position)
    held = cards(position)
    if suit is None or {card.suit.value for card in held} <= {suit}:
        return []
    return played(sorted(held, key=lambda card: card.suit.value != suit))


def void(position: JSON) -> list[JSON]:
    """F12: where the mover holds none of the suit led, and cards of two suits or more, every
    card."""
    suit = led(position)
    held = cards(position)
    if suit is None or any(card.suit.value == suit for card in held):
        return []
    if len({card.suit for card in held}) < 2:
        return []
    return played(held)


def last_to_play(position: JSON) -> bool:
    """Whether the mover's card completes the trick: it shows who wins it (F13)."""
    return len(position["trick"]) == int(position["players"]) - 1


def opponent_ahead(position: JSON) -> bool:
    """Whether an opponent's card is winning the trick so far (F13): the mover's card decides
    which side takes it."""
    trick = [Card.parse(code) for code in position["trick"]]
    return side(position, winner(trick, parse_trump(position["trump"]))) == "opponent"


def trumping(position: JSON) -> list[JSON]:
    """F13: the last to play holds no card of the suit led but a trump and another card, an
    opponent's card ahead: every card, trumps first."""
    trump = position["trump"]
    held = void(position)
    suits = {move["card"][-1] for move in held}
    if not last_to_play(position) or trump == NO_TRUMPS or trump not in suits or len(suits) < 2:
        return []
    if not opponent_ahead(position):
        return []
    return sorted(held, key=lambda move: move["card"][-1] != trump)


def heading(position: JSON) -> Iterator[JSON]:
    """F13: the last to play follows suit with one of two or more cards, no trump on the trick,
    an opponent's card ahead."""
    suit, trump = led(position), position["trump"]
    if not last_to_play(position) or any(code[-1] == trump for code in position["trick"]):
        return
    if not opponent_ahead(position):
        return
    held = [card for card in cards(position) if card.suit.value == suit]
    if len(held) > 1:
        yield from played(held)


FIFTY_SIX = Course(
    GAME,
    positions,
    layout,
    describe,
    points,
    (
        Plan("fifty-six-follow", "F12", (Ask.BREAKS, Ask.KEEPS, Ask.PICK), following),
        Plan("fifty-six-void", "F12", (Ask.KEEPS, Ask.KEEPS), void, contrast=False),
        Plan("fifty-six-trumps", "F13", (Ask.KEEPS, Ask.MORE, Ask.MORE), trumping, contrast=False),
        Plan("fifty-six-highest", "F13", (Ask.MORE, Ask.MORE), heading, contrast=False),
    ),
)
