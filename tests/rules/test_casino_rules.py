"""Casino's rules, one row per rule case and per worked example of rules/casino.md (K3-K12).

Positions and moves are written in the API's notation and put through answers.check_move,
the checker's own entry; each row names the rule id and the code it expects.
"""

from __future__ import annotations

import doctest
from typing import Any

import pytest

from scorekeeper.rules.casino import answers, position, selfplay, values
from scorekeeper.rules.errors import InvalidInput
from scorekeeper.words.verdicts import worded

from .helpers import said

Json = dict[str, Any]


def checked(position: Any, move: Any) -> dict[str, Any]:
    """The checker's answer with its verdict in words, as the API gives it (words/verdicts.py)."""
    return worded(answers.check_move(position, move))


def pos(hand: str, loose: str = "", builds: tuple[Json, ...] = (), **extra: Any) -> Json:
    """A 2-player classic position for seat 0, cards written space-separated."""
    return {
        "players": 2,
        "seat": 0,
        "variant": "classic",
        "hand": hand.split(),
        "loose": loose.split(),
        "builds": list(builds),
    } | extra


def royal(hand: str, loose: str = "", builds: tuple[Json, ...] = (), **extra: Any) -> Json:
    """The same in Royal Casino."""
    return pos(hand, loose, builds, variant="royal", **extra)


def build(value: int, cards: str, owner: int) -> Json:
    """A build on the table."""
    return {"value": value, "cards": cards.split(), "owner": owner}


def take(card: str, loose: str = "", builds: tuple[int, ...] = (), **extra: Any) -> Json:
    """A capture."""
    move = {"card": card, "action": "capture", "loose": loose.split(), "builds": list(builds)}
    return move | extra


def make(card: str, value: int, loose: str = "", **extra: Any) -> Json:
    """A build, new or added to."""
    return {"card": card, "action": "build", "value": value, "loose": loose.split()} | extra


def lift(card: str, build: int, loose: str = "", **extra: Any) -> Json:
    """A raise."""
    return {"card": card, "action": "raise", "build": build, "loose": loose.split()} | extra


def trail(card: str) -> Json:
    """A trail."""
    return {"card": card, "action": "trail"}


EXAMPLE = "AC 2D 3H 5S 6C 8D"  # casino.md: table A 2 3 5 6 8, an 8 played
SEVEN = build(7, "4C 3D", 1)
SIX_MINE = build(6, "4C 2D", 0)

# (rule id, position, move, expected code or None for legal)
ROWS = [
    # Worked examples of casino.md, classic and Royal each.
    ("K4", pos("8S", EXAMPLE), take("8S", "8D 6C 2D 5S 3H"), None),
    ("K4", royal("8S", EXAMPLE), take("8S", "8D 6C 2D 5S 3H"), None),
    ("K4", pos("8S", EXAMPLE), take("8S", "8D 5S 2D AC"), None),
    ("K4", royal("8S", EXAMPLE), take("8S", "8D 5S 2D AC"), None),
    ("K4", pos("8S", EXAMPLE), take("8S", EXAMPLE), "bad-sum"),
    ("K4", royal("8S", EXAMPLE), take("8S", EXAMPLE), "bad-sum"),
    ("K4", pos("9S", "2H", (SEVEN,)), take("9S", "2H", (7,)), "bad-sum"),
    ("K4", royal("9S", "2H", (SEVEN,)), take("9S", "2H", (7,)), "bad-sum"),
    ("K9", pos("6S 9H", "5D", (SIX_MINE,)), trail("9H"), "owner-cannot-trail"),
    ("K9", royal("6S 9H", "5D", (SIX_MINE,)), trail("9H"), "owner-cannot-trail"),
    # K3: values. Classic face cards only pair; Royal faces count 11-13, an ace 1 or 14.
    ("K4", pos("QH", "QD 5C"), take("QH", "QD"), None),
    ("K4", pos("QH", "QD QC"), take("QH", "QD QC"), "face-card"),
    ("K4", pos("QH", "10D 2C"), take("QH", "10D 2C"), "face-card"),
    ("K3", pos("QH 7S", "3C"), make("QH", 7, "3C"), "face-card"),
    ("K3", pos("10H", "JD"), take("10H", "JD"), "face-card"),
    ("K3", pos("QH", "2D", (SEVEN,)), lift("QH", 7), "face-card"),
    ("K4", royal("QH", "10D 2C"), take("QH", "10D 2C"), None),
    ("K4", royal("AH", "10D 4C"), take("AH", "10D 4C", ace=14), None),
    ("K4", royal("AH", "10D 4C"), take("AH", "10D 4C"), "bad-sum"),
    ("K4", royal("AH", "AD 10D 4C"), take("AH", "AD 10D 4C", ace=14), None),
    ("K4", royal("AH", "AD"), take("AH", "AD"), None),
    ("K5", royal("JH KS", "2C"), make("JH", 13, "2C"), None),
    ("K5", royal("AH AS", "KC"), make("AH", 14, "KC"), None),
    ("K5", royal("AH AS", "10C 4D"), make("AH", 14, "10C 4D", ace=14), None),
    # K4: captures.
    ("K4", pos("9S", "2H", (SEVEN,)), take("9S"), "nothing-captured"),
    ("K4", pos("9S", "2H 7H"), take("9S", "2D 7H"), "not-on-floor"),
    ("K4", pos("7S", "2H"), take("7S", "", (7,)), "not-on-floor"),
    ("K4", pos("7S", "2H 5H", (SEVEN,)), take("7S", "2H 5H", (7,)), None),
    ("K4", pos("7S", "2H 5H", (SEVEN,)), take("7S", "", (7,)), None),
    ("K4", pos("7S", "2H 5H", (SEVEN,)), take("7S", "2H 5H"), None),
    ("K4", pos("6S 9S", "", (SIX_MINE,)), take("6S", "", (6,)), None),
    ("K4", pos("KS", "5H"), {"card": "KS", "action": "capture"}, "nothing-captured"),
    (None, pos("8S", EXAMPLE), take("9S", "8D"), "not-in-hand"),
    # K5: builds, single and multiple.
    ("K5", pos("4S 7H", "3C"), make("4S", 7, "3C"), None),
    ("K5", pos("4S 8H", "3C"), make("4S", 7, "3C"), "must-hold"),
    ("K5", pos("4S 7H", "3C"), make("4S", 7), "bad-sum"),
    ("K5", pos("4S 7H", "2C"), make("4S", 7, "2C"), "bad-sum"),
    ("K5", pos("4S 7H", "2C 3D"), make("4S", 7, "2C 3D"), "bad-sum"),
    ("K5", pos("5S 6H", "6C"), make("5S", 11, "6C"), "build-value"),
    ("K5", royal("5S QH", "7C"), make("5S", 12, "7C"), None),
    ("K5", royal("5S 2H", "10C"), make("5S", 15, "10C"), "build-value"),
    ("K5", pos("7S 7H", "7C"), make("7S", 7, "7C"), None),
    ("K5", pos("7S 7H", "4C 3D"), make("7S", 7, "4C 3D"), None),
    ("K5", pos("7S 8H", "4C 3D"), make("7S", 7, "4C 3D"), "must-hold"),
    ("K5", pos("4S 7H", "3C 5D 2H"), make("4S", 7, "3C 5D 2H"), None),
    ("K5", pos("4S 7H", "3C 9D"), make("4S", 7, "3C 9D"), "bad-sum"),
    ("K5", pos("4S 7H", "3C"), make("4S", 7, "3D"), "not-on-floor"),
    # K6: raising single builds, absorbing loose sets of the new value.
    ("K6", pos("2S 9H", "", (SEVEN,)), lift("2S", 7), None),
    ("K6", pos("2S 8H", "", (SEVEN,)), lift("2S", 7), "must-hold"),
    ("K6", pos("2S 9H", "9C", (SEVEN,)), lift("2S", 7, "9C"), None),
    ("K6", pos("2S 9H", "5C 4D", (SEVEN,)), lift("2S", 7, "5C 4D"), None),
    ("K6", pos("2S 9H", "5C", (SEVEN,)), lift("2S", 7, "5C"), "bad-sum"),
    ("K6", pos("2S 9H"), lift("2S", 7), "not-on-floor"),
    ("K6", pos("4S 10H", "", (SEVEN,)), lift("4S", 7), "build-value"),
    ("K6", royal("4S JH", "", (SEVEN,)), lift("4S", 7), None),
    ("K6", royal("AS 8H", "", (SEVEN,)), lift("AS", 7), None),
    ("K6", royal("AS 8H", "", (SEVEN,)), lift("AS", 7, ace=14), "build-value"),
    ("K6", pos("2S 9H 7C", "", (build(7, "4C 3D 7D", 1),)), lift("2S", 7), "raise-multiple-build"),
    ("K6", pos("2S 8H 6C", "", (SIX_MINE,)), lift("2S", 6), None),
    # K7: adding to an existing build (any owner) makes it multiple.
    ("K7", pos("7S 7H", "", (SEVEN,)), make("7S", 7), None),
    ("K7", pos("5S 7H", "2C", (SEVEN,)), make("5S", 7, "2C"), None),
    ("K7", pos("7S 8H", "", (SEVEN,)), make("7S", 7), "must-hold"),
    ("K7", pos("5S 7H", "3C", (SEVEN,)), make("5S", 7, "3C"), "bad-sum"),
    # K8, K9: trailing, and the owner's restriction.
    ("K8", pos("8S 5H", EXAMPLE), trail("8S"), None),
    ("K8", pos("8S", "", (SEVEN,)), trail("8S"), None),
    ("K9", pos("6S 6H 9C", "3D", (SIX_MINE,)), take("6H", "", (6,)), None),
    ("K9", pos("6S 9C", "9D", (SIX_MINE,)), take("9C", "9D"), None),
    ("K9", pos("6S 3C", "3D", (SIX_MINE,)), take("3C", "3D"), None),
    ("K4", pos("6S 3C", "3D", (SIX_MINE,)), take("6S", "3D 3C"), "not-on-floor"),
    ("K9", pos("6S 2C", "2H 4H", (SIX_MINE,)), take("6S", "2H 4H"), "must-hold"),
]


# K3: the Royal option `aces`, each row under choice (the default), capturing and one.
# pagat's example: the capturing ace as 14, the captured ace as 1.
A_AND_K = ("AH", "AD KC")
ACE_ROWS = [
    # (rule id, hand, loose, builds, move, the code expected under choice, capturing and one:
    # None where legal; a row of two leaves `one` out)
    ("K4", "AH", "10D 4C", (), take("AH", "10D 4C", ace=14), (None, None, "ace-counts-one")),
    ("K4", "AH", "AD", (), take("AH", "AD"), (None, None, None)),
    # An ace on the table alone is a set of 14 only with `choice`.
    ("K4", "AH", "AD", (), take("AH", "AD", ace=14), (None, "bad-sum", "ace-counts-one")),
    ("K4", *A_AND_K, (), take("AH", "AD KC", ace=14), (None, None, "ace-counts-one")),
    ("K4", *A_AND_K, (), take("AH", "AD KC"), ("bad-sum", "bad-sum", "bad-sum")),
    (
        "K4",
        "AH",
        "AD 10D 4C",
        (),
        take("AH", "AD 10D 4C", ace=14),
        (None, "bad-sum", "ace-counts-one"),
    ),
    # A build of 14 taken by an ace as 14; with `one` none can be on the table (the test of
    # builds of 14 below).
    ("K4", "AH 5H", "", (build(14, "10C 4D", 0),), take("AH", "", (14,), ace=14), (None, None)),
    # Builds count a played ace 1 unless `choice`; `one` has no value 14 to hold.
    ("K5", "AH AS", "KC", (), make("AH", 14, "KC"), (None, None, "build-value")),
    (
        "K5",
        "AH AS",
        "10C 4D",
        (),
        make("AH", 14, "10C 4D", ace=14),
        (None, "ace-counts-one", "ace-counts-one"),
    ),
    ("K5", "AH 5S", "4C", (), make("AH", 5, "4C"), (None, None, None)),
    ("K6", "AS 8H", "", (SEVEN,), lift("AS", 7), (None, None, None)),
    (
        "K6",
        "AS 8H",
        "",
        (SEVEN,),
        lift("AS", 7, ace=14),
        ("build-value", "ace-counts-one", "ace-counts-one"),
    ),
    # K9: with `capturing` a held ace takes a build of 14, so it is a card of 14 to hold.
    ("K5", "KH AS", "AD", (), make("KH", 14, "AD"), (None, None, "build-value")),
    ("K5", "KH 2S", "AD", (), make("KH", 14, "AD"), ("must-hold", "must-hold", "build-value")),
]
ACES = ("choice", "capturing", "one")


def aces_rows() -> list[Any]:
    """ACE_ROWS, one case per option."""
    cases = []
    for rule, hand, loose, builds, move, codes in ACE_ROWS:
        for aces, code in zip(ACES, codes, strict=False):
            rule_id = "K3" if code == "ace-counts-one" else rule  # K3 refuses the 14 itself
            at = royal(hand, loose, builds, options={"aces": aces})
            cases.append(
                pytest.param(rule_id, at, move, code, id=f"{aces}-{hand}-{move['action']}")
            )
    return cases


@pytest.mark.parametrize(("rule", "position", "move", "code"), aces_rows())
def test_aces_option(rule: str | None, position: Json, move: Json, code: str | None) -> None:
    """K3: a played ace counts 14 as the table's `aces` option lets it."""
    test_rule(rule, position, move, code)


WORKED = [  # casino.md's worked examples: (rule id, hand, loose, builds, move, code)
    ("K4", "8S", EXAMPLE, (), take("8S", "8D 6C 2D 5S 3H"), None),
    ("K4", "8S", EXAMPLE, (), take("8S", "8D 5S 2D AC"), None),
    ("K4", "8S", EXAMPLE, (), take("8S", EXAMPLE), "bad-sum"),
    ("K4", "9S", "2H", (SEVEN,), take("9S", "2H", (7,)), "bad-sum"),
    ("K9", "6S 9H", "5D", (SIX_MINE,), trail("9H"), "owner-cannot-trail"),
]
VARIANTS = [{"variant": "classic"}, *({"variant": "royal", "aces": a} for a in ACES)]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(o.values()))
@pytest.mark.parametrize(("rule", "hand", "loose", "builds", "move", "code"), WORKED)
def test_worked_examples_in_each_variant(
    rule: str,
    hand: str,
    loose: str,
    builds: tuple[Json, ...],
    move: Json,
    code: str | None,
    options: Json,
) -> None:
    """casino.md's worked examples hold in classic and in Royal under each `aces` option."""
    at = pos(hand, loose, builds) | {"options": options}
    del at["variant"]  # the variant stands in the options alone
    test_rule(rule, at, move, code)


@pytest.mark.parametrize(("rule", "position", "move", "code"), ROWS)
def test_rule(rule: str | None, position: Json, move: Json, code: str | None) -> None:
    """Each row is legal (code None) or refused with its rule id and code."""
    answer = checked(position, move)
    if code is None:
        assert answer["legal"] is True, answer
    else:
        assert answer == answer | {"legal": False, "rule": code, "rule_id": rule}, answer
        assert answer["reason"].endswith(".")


def test_a_capture_answers_what_it_took_and_a_sweep() -> None:
    """K4, K12: the captured cards include the played card and the builds' cards."""
    answer = checked(pos("7S", "2H 5H", (SEVEN,)), take("7S", "2H 5H", (7,)))
    assert answer["captured"] == ["7S", "2H", "5H", "4C", "3D"]
    assert answer["sweep"] is True
    assert answer["after"]["loose"] == [] and answer["after"]["builds"] == []
    last = checked(pos("7S", "7H", last_play=True), take("7S", "7H"))
    assert last["sweep"] is False  # K10, K12: the last play's clearing is not a sweep
    some = checked(pos("7S", "7H 2C"), take("7S", "7H"))
    assert some["sweep"] is False


def test_a_build_and_what_becomes_of_it() -> None:
    """K5-K7: single, multiple, raised, absorbed; the mover owns it after."""
    after = checked(pos("7S 7H", "4C 3D"), make("7S", 7, "4C 3D"))["after"]
    assert after["builds"] == [build(7, "7S 3D 4C", 0) | {"multiple": True}]
    after = checked(pos("2S 9H", "5C 4D", (SEVEN,)), lift("2S", 7, "5C 4D"))["after"]
    assert after["builds"] == [build(9, "4C 3D 2S 4D 5C", 0) | {"multiple": True}]
    after = checked(pos("2S 9H", "", (SEVEN,)), lift("2S", 7))["after"]
    assert after["builds"] == [build(9, "4C 3D 2S", 0) | {"multiple": False}]
    after = checked(pos("5S 7H", "2C", (SEVEN,)), make("5S", 7, "2C"))["after"]
    assert after["builds"] == [build(7, "4C 3D 5S 2C", 0) | {"multiple": True}]
    after = checked(pos("8S", "", (SEVEN,)), trail("8S"))["after"]
    assert after["loose"] == ["8S"] and after["hand"] == []


def test_a_royal_ace_is_written_14_only_when_it_must_be() -> None:
    """K3: the answer echoes the move as chosen; 14 on a classic ace or a 5 is bad input."""
    answer = checked(royal("AH", "10D 4C"), take("AH", "10D 4C", ace=14))
    assert answer["move"]["ace"] == 14
    for bad, move in (
        (pos("AH", "10D 4C"), take("AH", "10D 4C", ace=14)),
        (royal("5H", "5D"), take("5H", "5D", ace=14)),
        (royal("AH", "AD"), take("AH", "AD", ace=2)),
    ):
        with pytest.raises(InvalidInput):
            checked(bad, move)


BAD_POSITIONS = [
    pos("AS 2S 3S 4S 5S"),  # K2: four in hand
    pos("QS", "", (build(12, "10C 2D", 1),)),  # K5: classic builds are 2-10
    pos("QS", "", (build(7, "4C 2D", 1),)),  # K5: the cards do not make 7
    pos("QS", "", (build(7, "7C", 1),)),  # K5: a build has two cards at least
    pos("QS", "", (build(10, "JC QD", 1),)),  # K3: classic faces are not built
    pos("9S", "", (build(7, "4C 3D", 0),)),  # K9: the owner holds a 7
    pos("7S", "", (SEVEN, build(7, "5C 2D", 1))),  # K5: one build of each value
    pos("7S", "4C", (SEVEN,)),  # a card twice
    pos("7S", "", (SEVEN | {"multiple": True},)),  # its cards say it is single
    pos("7S", "", (build(7, "4C 3D", 2),)),  # no seat 2 at two players
    pos("7S") | {"players": 5},  # K1
    pos("7S") | {"variant": "modern"},
    pos("7S") | {"houses": []},
]


@pytest.mark.parametrize("position", BAD_POSITIONS)
def test_impossible_positions_are_bad_input(position: Json) -> None:
    """Positions that cannot occur are refused with a code and a sentence (HTTP 400)."""
    with pytest.raises(InvalidInput) as raised:
        checked(position, trail(position["hand"][0]))
    assert raised.value.code and said(raised.value).endswith(".")


def test_positions_take_the_aces_option_and_the_variant_in_options() -> None:
    """K3: `options` carries `aces` (and may carry the variant); the answer writes it back."""
    raw = pos("AS", options={"variant": "royal", "aces": "one"})
    del raw["variant"]
    known = position.parse_position(raw)
    assert (known.variant, known.aces) == ("royal", "one")
    assert position.parse_position(royal("AS")).aces == "choice"
    after = checked(royal("AS 2C", options={"aces": "capturing"}), trail("2C"))["after"]
    assert after["options"] == {"aces": "capturing"}
    # In classic an ace counts 1 whatever `aces` says: accepted, as partnerships with 2 players.
    classic = pos("AH", "AD", options={"aces": "capturing"})
    assert checked(classic, take("AH", "AD"))["legal"] is True
    with pytest.raises(InvalidInput) as raised:
        checked(classic, take("AH", "AD", ace=14))
    assert raised.value.key == "ace-high-royal"


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        (royal("AS", options={"variant": "classic"}), "variant-twice"),
        (royal("AS", options={"aces": "14"}), "option-value"),
        (royal("AS", options={"ace": "one"}), "unknown-option"),
        (royal("AS", options=["royal"]), "options-not-object"),
    ],
)
def test_bad_position_options_are_named(raw: Json, key: str) -> None:
    """K3: a variant said two ways that disagree, or a bad option, is refused (HTTP 400)."""
    with pytest.raises(InvalidInput) as raised:
        position.parse_position(raw)
    assert raised.value.key == key and said(raised.value).endswith(".")


@pytest.mark.parametrize(
    ("aces", "cards", "known"),
    [
        ("choice", "AC 10D 4D", True),
        ("capturing", "AC 10D 4D", False),  # K3: an ace in a build counts 1
        ("capturing", "AC KD", True),
        ("one", "AC KD", False),  # K3, K9: nobody holds a card of 14
    ],
)
def test_builds_of_14_under_each_aces_option(aces: str, cards: str, known: bool) -> None:
    """K3, K5: which builds of 14 can be on the table."""
    raw = royal("AS KS", "", (build(14, cards, 1),), options={"aces": aces})
    if known:
        assert position.parse_position(raw).builds[0].value == 14
    else:
        with pytest.raises(InvalidInput):
            position.parse_position(raw)


def test_royal_single_and_multiple_builds_of_14_are_known_from_their_cards() -> None:
    """K3, K5: A+K is single (14 = 1 + 13); A and 10+4 is multiple (the ace counts 14)."""
    known = position.parse_position(royal("AS KS", "", (build(14, "AC KD", 1),)))
    assert not known.builds[0].multiple
    known = position.parse_position(royal("AS", "", (build(14, "AC 10D 4D", 1),)))
    assert known.builds[0].multiple


@pytest.mark.parametrize("module", [values, selfplay])
def test_doctests(module: object) -> None:
    """The examples in the docstrings hold."""
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def test_what_can_i_play_counts_exactly_and_groups_by_card() -> None:
    """/moves: the first moves, the exact count, and each card's moves by kind."""
    listing = answers.list_moves(pos("8S 6H", EXAMPLE, (SEVEN,)), 5)
    assert len(listing["moves"]) == 5 and listing["truncated"] is True
    assert listing["count"] == sum(card["count"] for card in listing["by_card"])
    eight, six = listing["by_card"]
    assert eight["card"] == "8S" and six["card"] == "6H"
    assert eight["actions"] == {"capture": 9, "trail": 1}  # the groups of 8, alone and together
    everything = answers.list_moves(pos("8S 6H", EXAMPLE, (SEVEN,)), 1000)
    assert len(everything["moves"]) == everything["count"] and not everything["truncated"]
    for move in everything["moves"]:
        assert checked(pos("8S 6H", EXAMPLE, (SEVEN,)), move)["legal"] is True


def test_a_raise_onto_the_value_of_another_build_joins_it() -> None:
    """K5, K6: sets of a value that has a build join it, so the two become one multiple build."""
    table = (build(5, "3C 2D", 1), build(7, "4C 3D", 1))
    after = checked(pos("2S 7H", "", table), lift("2S", 5))["after"]
    assert after["builds"] == [build(7, "4C 3D 3C 2D 2S", 0) | {"multiple": True}]
