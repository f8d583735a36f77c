"""Fifty-six trick play against rules/fifty-six.md F12–F13 and API.md "Trick".

Each row is a position in the API's notation, the card played, the code the checker must
answer (None: legal) and, when the card completes the trick, the winner (0 = the leader) and
the trick's points, worked out from the rules text. Random positions then prove that
`legal_cards` agrees with `check` and that the winner matches an independent oracle.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from scorekeeper.rules import InvalidInput
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.fifty_six import trick as trick_module
from scorekeeper.rules.fifty_six.cards import deck, hand_size
from scorekeeper.rules.fifty_six.trick import (
    TrickPosition,
    apply,
    check,
    legal_cards,
    parse_card_move,
    parse_position,
)
from scorekeeper.words.verdicts import reason

from .helpers import said

Json = dict[str, Any]
# F5, written out: rank high to low, and points.
ORDER = ["J", "9", "A", "10", "K", "Q", "8", "7"]
POINTS = {"J": 3, "9": 2, "A": 1, "10": 1}


def pos(trump: str, hand: list[str], trick: list[str], players: int = 4) -> Json:
    return {"phase": "play", "players": players, "trump": trump, "hand": hand, "trick": trick}


def row(rule: str, what: str, position: Json, card: str, code: str | None, **done: int) -> Any:
    return pytest.param(position, card, code, done, id=f"{rule}: {what}")


ROWS = [
    row(
        "F12",
        "worked example: K♥ led, trump ♠, holding Q♥ and J♠, J♠ is refused",
        pos("S", ["QH", "JS"], ["KH"]),
        "JS",
        "must-follow-suit",
    ),
    row(
        "F12",
        "worked example: K♥ led, trump ♠, holding Q♥ and J♠, Q♥ is played",
        pos("S", ["QH", "JS"], ["KH"]),
        "QH",
        None,
    ),
    row("F12", "the leader may play any card", pos("S", ["QH", "JS"], []), "JS", None),
    row("F12", "void in the suit led: may trump", pos("S", ["QD", "JS"], ["KH"]), "JS", None),
    row("F12", "void in the suit led: may discard", pos("S", ["QD", "JS"], ["KH"]), "QD", None),
    row(
        "F12",
        "following suit with a trump led",
        pos("H", ["AS", "9H"], ["JH", "QC"]),
        "AS",
        "must-follow-suit",
    ),
    row(
        "F12",
        "the suit led is the first card's, not the highest's",
        pos("NT", ["9C", "AD"], ["QC", "JD"]),
        "AD",
        "must-follow-suit",
    ),
    row("API", "a card not in hand", pos("S", ["QH", "JS"], ["KH"]), "KH", "not-in-hand"),
    row(
        "F13",
        "worked example: 10♥ led, J♥, J♥, no trump played: the first J♥ wins",
        pos("S", ["KC", "QD"], ["10H", "JH", "JH"]),
        "KC",
        None,
        winner=1,
        points=7,
    ),
    row(
        "F13",
        "worked example in no-trumps, the last player following low",
        pos("NT", ["QH", "JS"], ["10H", "JH", "JH"]),
        "QH",
        None,
        winner=1,
        points=7,
    ),
    row(
        "F13",
        "the lowest trump beats the highest card of the suit led",
        pos("S", ["QS"], ["JH", "9H", "AH"]),
        "QS",
        None,
        winner=3,
        points=6,
    ),
    row(
        "F13",
        "the higher of two trumps wins",
        pos("D", ["QC", "AC"], ["KH", "9D", "JD"]),
        "QC",
        None,
        winner=2,
        points=5,
    ),
    row(
        "F13",
        "of two identical trumps the first played wins",
        pos("D", ["9D"], ["KH", "9D", "QH"]),
        "9D",
        None,
        winner=1,
        points=4,
    ),
    row(
        "F13",
        "no-trumps: a spade played by a void player does not win",
        pos("NT", ["JS", "QD"], ["QH", "KH", "10H"]),
        "JS",
        None,
        winner=2,
        points=4,
    ),
    row(
        "F13",
        "a higher card of another suit does not win",
        pos("C", ["JD"], ["QH", "KD", "KH"]),
        "JD",
        None,
        winner=2,
        points=3,
    ),
    row(
        "F13",
        "6 players: the trick completes with the sixth card",
        pos("H", ["AS"], ["KS", "QS", "9S", "JC", "10S"], players=6),
        "AS",
        None,
        winner=2,
        points=7,
    ),
    row(
        "F13",
        "8 players: 8 and 7 rank below Q, the trump 7 wins",
        pos("C", ["7C"], ["8S", "QS", "KS", "8S", "7S", "KH", "QD"], players=8),
        "7C",
        None,
        winner=7,
        points=0,
    ),
    row(
        "F13",
        "8 players: an 8 beats a 7 of the suit led",
        pos("NT", ["8H"], ["7H", "KD", "QD", "JD", "9D", "AD", "10D"], players=8),
        "8H",
        None,
        winner=7,
        points=7,
    ),
    row("F13", "the trick is not complete yet", pos("S", ["JS"], ["QH"]), "JS", None),
]


@pytest.mark.parametrize(("position", "card", "code", "done"), ROWS)
def test_trick_rows(position: Json, card: str, code: str | None, done: dict[str, int]) -> None:
    parsed = parse_position(position)
    played = Card.parse(card)
    violation = check(parsed, played)
    if code is not None:
        assert violation is not None and violation.code == code
        assert played.pretty in reason(violation)  # the reason names the card
        assert played not in legal_cards(parsed)
        return
    assert violation is None
    assert played in legal_cards(parsed)
    outcome = apply(parsed, played)
    after = outcome.position.to_json()
    hand = list(position["hand"])
    hand.remove(card)
    assert after == position | {"hand": hand, "trick": [*position["trick"], card]}
    assert parse_position(position) == parsed  # apply changed nothing in place
    assert (outcome.winner, outcome.points) == (done.get("winner"), done.get("points"))
    assert outcome.complete is bool(done)


def test_a_must_follow_reason_names_the_card_led_and_the_cards_held() -> None:
    position = parse_position(pos("S", ["QH", "JS", "9H"], ["KH"]))
    violation = check(position, Card.parse("JS"))
    assert violation is not None
    assert violation.rule == "F12"
    assert "K♥" in reason(violation) and "Q♥" in reason(violation) and "9♥" in reason(violation)


def test_legal_cards_lists_each_card_once_in_hand_order() -> None:
    position = parse_position(pos("S", ["QH", "JS", "QH", "9H"], ["KH"]))
    assert legal_cards(position) == (Card.parse("QH"), Card.parse("9H"))


BAD = [
    ("unknown-card", "a card that is not a card", pos("S", ["ZZ"], [])),
    ("not-in-pack", "F3: no 8 with 4 players", pos("S", ["8H"], [])),
    ("not-in-pack", "F3: no 7 with 6 players", pos("S", ["QH"], ["7C"], players=6)),
    ("not-in-pack", "F3: no 6 with 8 players", pos("S", ["6H"], [], players=8)),
    (
        "bad-trick",
        "a full trick has no card to play to it",
        pos("S", ["QH"], ["KH"] * 2 + ["JS"] * 2),
    ),
    ("bad-hand", "F4: 13 cards with 4 players", pos("S", ["QH", "KH"] * 6 + ["JS"], [])),
    ("bad-hand", "F4: 9 cards with 6 players", pos("S", ["QH", "KH"] * 4 + ["JS"], [], 6)),
    ("bad-hand", "an empty hand", pos("S", [], ["KH"])),
    ("duplicate-card", "F3: three J♥ across hand and trick", pos("S", ["JH", "JH"], ["JH"])),
    ("bad-field", "an unknown trump", pos("X", ["JH"], [])),
    ("bad-players", "F1: 5 players", pos("S", ["JH"], [], players=5)),
    ("bad-field", "another phase", pos("S", ["JH"], []) | {"phase": "auction"}),
    ("unknown-field", "an unknown field", pos("S", ["JH"], []) | {"seat": 1}),
    ("missing-field", "no trump", {"players": 4, "hand": ["JH"], "trick": []}),
    ("bad-field", "a hand that is not a list", pos("S", "JH", [])),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("code", "position"), [pytest.param(c, p, id=w) for c, w, p in BAD])
def test_impossible_positions_are_refused_with_a_code(code: str, position: Json) -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_position(position)
    assert caught.value.code == code
    assert said(caught.value)


def test_a_move_is_a_card() -> None:
    assert parse_card_move({"card": "q♥"}) == Card.parse("QH")
    for bad in ({"card": "XX"}, {}, {"card": "QH", "action": "play"}, "QH"):
        with pytest.raises(InvalidInput):
            parse_card_move(bad)


# -- random positions -------------------------------------------------------------------------


def beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """An oracle written from F13: does a later card beat the one winning so far?"""
    if card.suit == best.suit:
        return ORDER.index(card.rank_name) < ORDER.index(best.rank_name)  # identical: no
    return card.suit == trump


def oracle_winner(trick: list[Card], trump: Suit | None) -> int:
    best = 0
    for n in range(1, len(trick)):
        if beats(trick[n], trick[best], trump):
            best = n
    return best


def random_position(rng: random.Random) -> TrickPosition:
    players = rng.choice([4, 6, 8])
    cards = list(deck(players))
    rng.shuffle(cards)
    # Few suits make following suit, trumping and identical cards common.
    suits = rng.sample(list(Suit), rng.choice([1, 2, 2, 3, 4]))
    cards = [c for c in cards if c.suit in suits]
    played = rng.randrange(players)
    size = rng.randint(1, min(hand_size(players), len(cards) - played))
    trump = rng.choice(["S", "H", "D", "C", "NT"])
    raw = pos(trump, [str(c) for c in cards[:size]], [str(c) for c in cards[size:][:played]])
    return parse_position(raw | {"players": players})


POSITIONS = [random_position(random.Random(seed)) for seed in range(1500)]


def test_legal_cards_agrees_with_check_on_random_positions() -> None:
    refused = Counter[str]()
    for position in POSITIONS:
        legal = set(legal_cards(position))
        for card in set(deck(position.players)):
            violation = check(position, card)
            assert (violation is None) == (card in legal), (position, card)
            if violation is not None:
                refused[violation.code] += 1
    assert refused["must-follow-suit"] > 100 and refused["not-in-hand"] > 100


def test_apply_completes_tricks_with_the_oracles_winner_on_random_positions() -> None:
    completed = 0
    for position in POSITIONS:
        for card in legal_cards(position):
            outcome = apply(position, card)
            trick = [*position.trick, card]
            assert list(outcome.position.trick) == trick
            assert Counter(outcome.position.hand) == Counter(position.hand) - Counter([card])
            if len(trick) < position.players:
                assert outcome.winner is None and outcome.points is None
                continue
            completed += 1
            assert outcome.winner == oracle_winner(trick, position.trump)
            assert outcome.points == sum(POINTS.get(c.rank_name, 0) for c in trick)
    assert completed > 300


def test_round_trip_through_the_notation() -> None:
    for position in POSITIONS[:200]:
        assert parse_position(position.to_json()) == position


def test_module_doctests() -> None:
    import doctest

    failed, attempted = doctest.testmod(trick_module)
    assert attempted > 0
    assert failed == 0
