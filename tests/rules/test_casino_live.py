"""Casino play by play (issue 11): a live deal from its start and its plays, public only.

Rule tables cite casino.md's ids (K1-K12); whole deals from selfplay.py's fixed shuffles are
fed to the engine play by play (seat and move only, never a hand) and its record must be
what selfplay's own piles say; random deals check what must always hold.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper.rules import GAMES
from scorekeeper.rules.cards import Card, Suit, full_deck
from scorekeeper.rules.casino import score
from scorekeeper.rules.casino.live import LIVE, PLAYS, CasinoLiveDeal
from scorekeeper.rules.casino.options import parse_options
from scorekeeper.rules.casino.record import parse_deal
from scorekeeper.rules.casino.selfplay import Deal, play_deal
from scorekeeper.rules.errors import InvalidInput
from scorekeeper.rules.live import PlayRefused
from scorekeeper.rules.table import Table
from scorekeeper.words.verdicts import reason

Json = dict[str, Any]
TWO = Table(2, 1)


def trail(seat: int, card: str) -> Json:
    return {"seat": seat, "card": card, "action": "trail"}


def take(seat: int, card: str, loose: str = "", builds: tuple[int, ...] = ()) -> Json:
    return {"seat": seat, "card": card, "action": "capture", "loose": loose.split()} | (
        {"builds": list(builds)} if builds else {}
    )


def build(seat: int, card: str, value: int, loose: str) -> Json:
    return {"seat": seat, "card": card, "action": "build", "value": value, "loose": loose.split()}


def lift(seat: int, card: str, old: int, loose: str = "") -> Json:
    """A raise of the build of `old` (K6)."""
    return {"seat": seat, "card": card, "action": "raise", "build": old} | (
        {"loose": loose.split()} if loose else {}
    )


def options(**chosen: str) -> Json:
    return parse_options(chosen)


def live(
    plays: list[Json],
    table: str = "4C 9H 5S KD",
    dealer: int = 1,
    seating: Table = TWO,
    **chosen: str,
) -> CasinoLiveDeal:
    """Two players, seat 1 deals and seat 0 plays first (K1), unless told otherwise."""
    start = {"dealer": dealer, "table": table.split()}
    return LIVE.derive(seating, options(**chosen), start, plays)


def refused(plays: list[Json], **kwargs: Any) -> tuple[str | None, str, str]:
    with pytest.raises(PlayRefused) as caught:
        live(plays, **kwargs)
    v = caught.value.violation
    return v.rule, v.code, reason(v)


# -- the start (K1, K2) ----------------------------------------------------------------------


def test_the_dealer_defaults_to_the_sessions_next_one() -> None:
    """K1: the session's next dealer from the standing; before any deal, the seat before 0."""
    body = {"table": ["4C", "9H", "5S", "KD"]}
    three = Table(3, 1)
    assert LIVE.start(three, options(), {"next_dealer": 1}, body)["dealer"] == 1
    assert LIVE.start(three, options(), {}, body) == {"dealer": 2, "table": body["table"]}
    standing = GAMES["casino"].standing(three, options(), [])
    assert LIVE.start(three, options(), standing, body)["dealer"] == 2
    assert LIVE.start(three, options(), standing, body | {"dealer": 0})["dealer"] == 0
    assert LIVE.start(three, options(), standing, body | {"dealer": None})["dealer"] == 2  # null


@pytest.mark.parametrize(
    ("body", "seating", "code"),
    [
        ({"dealer": 0}, TWO, "missing-field"),
        ({"table": ["4C", "9H", "5S"]}, TWO, "bad-field"),  # K2: four to the table
        ({"table": ["4C", "9H", "5S", "KD", "2C"]}, TWO, "bad-field"),
        ({"table": ["4C", "9H", "5S", "4C"]}, TWO, "duplicate-card"),
        ({"table": ["4C", "9H", "5S", "XX"]}, TWO, "unknown-card"),
        ({"table": ["4C", "9H", "5S", "KD"], "dealer": 2}, TWO, "bad-field"),
        ({"table": ["4C", "9H", "5S", "KD"], "bid": 2}, TWO, "unknown-field"),
        ({"table": ["4C", "9H", "5S", "KD"]}, Table(2, 2), "bad-teams"),  # K1: partnerships off
        ([], TWO, "bad-field"),
    ],
)
def test_a_malformed_start_is_refused(body: object, seating: Table, code: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        LIVE.start(seating, options(), {}, body)
    assert caught.value.code == code


def test_the_casino_game_offers_it() -> None:
    assert GAMES["casino"].live is LIVE


# -- the turn and the rounds (K1, K2) --------------------------------------------------------


def test_the_turn_goes_round_from_the_seat_after_the_dealer() -> None:
    """K1, K2: three players, seat 2 deals; 4 cards each a round, then 4 more each."""
    cards = [c for c in full_deck() if str(c) not in ("4C", "9H", "5S", "KD")]
    plays = [trail((n + 0) % 3, str(cards[n])) for n in range(12)]
    deal = live(plays[:5], dealer=2, seating=Table(3, 1))
    state = deal.to_json()
    assert (state["next_seat"], state["round"], state["rounds"]) == (2, 1, 4)
    assert state["hands"] == [2, 2, 3]
    state = live(plays, dealer=2, seating=Table(3, 1)).to_json()
    assert (state["next_seat"], state["round"], state["hands"]) == (0, 2, [4, 4, 4])
    assert len(state["position"]["loose"]) == 16


@pytest.mark.parametrize(
    ("plays", "rule", "code"),
    [
        ([trail(1, "8C")], None, "not-your-turn"),  # seat 0 plays first
        ([trail(0, "8C"), trail(0, "8D")], None, "not-your-turn"),
        ([trail(0, "4C")], None, "not-in-hand"),  # K2: on the table already
        ([trail(0, "8C"), trail(1, "8C")], None, "not-in-hand"),  # played already
        ([take(0, "KC", "KD 4C")], "K4", "face-card"),  # K3: a face card takes one of its rank
        ([take(0, "QC", "KD")], "K4", "face-card"),
        ([take(0, "8C", "4C")], "K4", "bad-sum"),
        ([take(0, "8C")], "K4", "nothing-captured"),
        ([take(0, "9C", builds=(9,))], "K4", "not-on-floor"),
        ([build(0, "JC", 9, "4C 5S")], "K3", "face-card"),
        ([build(0, "2C", 11, "9H")], "K5", "build-value"),  # K5: classic builds 2-10
        ([build(0, "3C", 7, "5S")], "K5", "bad-sum"),
        ([build(0, "3C", 9, "KD 5S")], "K3", "face-card"),
        # K9: the owner of a build may not trail.
        ([build(0, "3S", 7, "4C"), trail(1, "2D"), trail(0, "8C")], "K9", "owner-cannot-trail"),
        # K6: a multiple build's value never changes.
        ([build(0, "4S", 9, "5S 9H"), lift(1, "AD", 9)], "K6", "raise-multiple-build"),
        ([build(0, "3S", 7, "4C"), lift(1, "4D", 7)], "K6", "build-value"),
        ([lift(0, "AD", 7)], "K6", "not-on-floor"),
    ],
)
def test_what_the_table_sees_is_checked(plays: list[Json], rule: str | None, code: str) -> None:
    """Each rule check() decides from the table alone, by its id and code."""
    assert refused(plays)[:2] == (rule, code)


@pytest.mark.parametrize(
    ("loose", "legal"),
    [("8S 6S 2S 5S 3S", True), ("8S AS 2S 5S", True), ("AS 2S 3S 5S 6S 8S", False)],
)
def test_the_worked_example_of_k4(loose: str, legal: bool) -> None:
    """K4: table A 2 3 5 6 8, an 8 played: the 8, 6+2 and 5+3, or the 8 and 5+2+A; not all six."""
    plays = [trail(0, "6S"), trail(1, "8S"), take(0, "8H", loose)]
    if legal:
        assert live(plays, table="AS 2S 3S 5S").to_json()["taken"]["cards"] == [
            len(loose.split()) + 1,
            0,
        ]
    else:
        assert refused(plays, table="AS 2S 3S 5S")[:2] == ("K4", "bad-sum")


# Seat 0 builds 7 and so claims a 7 (K5), then makes a capture: two cards left.
OWNER = [build(0, "3S", 7, "4C"), trail(1, "2D"), take(0, "2H", "2D")]


@pytest.mark.parametrize(
    ("plays", "rule", "why"),
    [
        # K5: all four 7s are seen, so nobody can hold one for a build of 7.
        ([trail(0, "7C"), build(1, "3S", 7, "4C")], "K5", "every card of 7 is seen"),
        # K9: the owner's last card of the round must leave them owning nothing.
        (
            [*OWNER, trail(1, "5D"), take(0, "5H", "5D"), trail(1, "6D"), take(0, "6H", "6D")],
            "K9",
            "last card of the round",
        ),
        # K5: with one card left after it, a second build needs a second card of another value.
        (
            [*OWNER, trail(1, "8D"), build(0, "AC", 9, "8D")],
            "K5",
            "1 card left cannot hold builds of 7 and 9",
        ),
    ],
)
def test_the_card_a_builder_must_hold_is_checked_where_public(
    plays: list[Json], rule: str, why: str
) -> None:
    """K5-K7, K9 (must hold): refused when no unseen card, or no card left, could be it."""
    got = refused(plays, table="7S 7H 7D 4C" if "every" in why else "4C 9H 5S KD")
    assert got[:2] == (rule, "must-hold")
    assert why in got[2]


def test_the_owner_takes_the_build_with_the_last_card() -> None:
    """K9: the same owner's last card may take the build; nothing is owed after the round."""
    plays = [build(0, "3S", 7, "4C"), trail(1, "2D"), take(0, "2H", "2D")]
    plays += [trail(1, "5D"), take(0, "5H", "5D"), trail(1, "6D"), take(0, "7H", builds=(7,))]
    state = live(plays).to_json()
    assert state["declarations"] == [
        {"seat": 0, "value": 7, "play": 1, "rule": "K5", "kept": 7, "flagged": False}
    ]
    assert state["flags"] == [] and state["position"]["builds"] == []


def test_an_ace_counts_14_only_in_royal() -> None:
    """K3: an ace played as 14 outside Royal Casino is malformed, not illegal."""
    with pytest.raises(InvalidInput):
        live([{"seat": 0, "card": "AC", "action": "capture", "loose": ["KD"], "ace": 14}])
    deal = live(
        [{"seat": 0, "card": "AC", "action": "build", "value": 14, "loose": ["KD"]}],
        variant="royal",
    )
    assert deal.to_json()["declarations"][0]["value"] == 14


ACE_14_TAKES = {"seat": 0, "card": "AC", "action": "capture", "loose": ["9H", "5S"], "ace": 14}
ACE_BUILDS_14 = {"seat": 0, "card": "AC", "action": "build", "value": 14, "loose": ["KD"]}


@pytest.mark.parametrize(
    ("aces", "play", "rule", "code"),
    [
        ("choice", ACE_14_TAKES, None, None),
        ("capturing", ACE_14_TAKES, None, None),
        ("one", ACE_14_TAKES, "K3", "ace-counts-one"),
        ("capturing", ACE_BUILDS_14, None, None),  # the ace counts 1; an ace held takes 14
        ("one", ACE_BUILDS_14, "K5", "build-value"),  # nobody holds a card of 14
        ("capturing", ACE_BUILDS_14 | {"card": "AS", "ace": 14}, "K3", "ace-counts-one"),
    ],
)
def test_the_sessions_aces_option_decides_live(
    aces: str, play: Json, rule: str | None, code: str | None
) -> None:
    """K3: a live deal checks each play under the session's `aces`."""
    if code is None:
        [kept] = live([play], variant="royal", aces=aces).to_json()["plays"]
        assert (kept["action"], kept.get("ace")) == (play["action"], play.get("ace"))
    else:
        assert refused([play], variant="royal", aces=aces)[:2] == (rule, code)


# -- declarations (K5-K7, K9) ----------------------------------------------------------------


def test_builds_raises_and_adds_declare_the_cards_their_owners_hold() -> None:
    """K5 a build, K6 a raise, K7 an addition: each claims a card of the value it leaves."""
    deal = live([build(0, "3S", 7, "4C"), lift(1, "2D", 7), build(0, "4D", 9, "5S")])
    state = deal.to_json()
    claims = [(d["seat"], d["value"], d["play"], d["rule"]) for d in state["declarations"]]
    assert claims == [(0, 7, 1, "K5"), (1, 9, 2, "K6"), (0, 9, 3, "K7")]
    assert state["position"]["builds"] == [
        {"value": 9, "cards": ["3S", "4C", "2D", "4D", "5S"], "owner": 0, "multiple": True}
    ]


def test_a_claim_the_seat_never_plays_is_flagged_when_its_hand_runs_out() -> None:
    """K5: seat 0 built 7 and so held a 7; seat 1 took the build; seat 0's hand ran out
    without a 7. The later plays are legal: flagged, not refused."""
    plays = [build(0, "3S", 7, "4C"), take(1, "7H", builds=(7,)), trail(0, "8C")]
    plays += [trail(1, "8D"), trail(0, "8H"), trail(1, "8S")]
    assert live(plays).to_json()["flags"] == []
    flags = live([*plays, trail(0, "10C")]).to_json()["flags"]
    assert [(f["play"], f["seat"], f["value"], f["declared_at"], f["rule"]) for f in flags] == [
        (7, 0, 7, 1, "K5")
    ]
    assert (flags[0]["why"], flags[0]["left"], flags[0]["owed"]) == ("too-few", 0, [7])


def test_a_claim_is_flagged_when_every_card_of_its_value_is_seen() -> None:
    """K5: seat 0 owns a build of 7 and the last unseen 7 is played by seat 1: flagged; the
    owner's later plays are not blocked by a claim already shown false."""
    plays = [build(0, "3S", 7, "4C"), trail(1, "7C"), take(0, "9C", "9H"), trail(1, "7H")]
    deal = live(plays, table="4C 7S 7D 9H")
    assert [
        (f["play"], f["seat"], f["value"], f["rule"], f["why"]) for f in deal.to_json()["flags"]
    ] == [(4, 0, 7, "K5", "seen")]
    after = live([*plays, build(0, "AC", 8, "7S")], table="4C 7S 7D 9H").to_json()
    assert len(after["flags"]) == 1 and after["declarations"][-1]["value"] == 8
    # K9's trailing restriction is public and still holds.
    assert refused([*plays, trail(0, "AC")], table="4C 7S 7D 9H")[:2] == (
        "K9",
        "owner-cannot-trail",
    )


# -- captures, sweeps and the end (K10-K12) --------------------------------------------------


@pytest.mark.parametrize(("sweeps", "points"), [("on", 1), ("off", 0)])
def test_a_sweep_scores_only_with_the_option(sweeps: str, points: int) -> None:
    """K12: taking every table card is a sweep; it scores 1 with `sweeps: on`."""
    deal = live([take(0, "7H", "2C 3C 4C 5C")], table="2C 3C 4C 5C", sweeps=sweeps)
    assert deal.last_play_json() == {
        "number": 1,
        "seat": 0,
        "action": "capture",
        "captured": ["7H", "2C", "3C", "4C", "5C"],
        "sweep": True,
        "sweep_points": points,
    }
    captured = deal.to_json()["taken"]
    assert captured["cards"] == [5, 0] and captured["sweeps"] == [points, 0]
    assert captured["aces"] == [None] * 4 and captured["little_casino"] is None


def everything_trailed(players: int, start: list[Card]) -> list[Json]:
    rest = [c for c in full_deck() if c not in start]
    return [trail(n % players, str(card)) for n, card in enumerate(rest)]


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_nobody_captures_and_the_dealer_takes_the_table(dealer: int) -> None:
    """K10: with no capture at all, the whole table goes to the dealer's side; 48 plays."""
    start = list(full_deck()[:4])
    plays = everything_trailed(3, start)
    plays = [p | {"seat": (p["seat"] + dealer + 1) % 3} for p in plays]
    deal = live(plays, table=" ".join(map(str, start)), dealer=dealer, seating=Table(3, 1))
    assert deal.finished and deal.to_json()["next_seat"] is None
    sides = [0, 0, 0]
    sides[dealer] = 52
    assert deal.record()["cards"] == sides
    assert deal.last_play_json()["residue_side"] == dealer
    assert len(deal.last_play_json()["residue"]) == 52
    shown = deal.to_json()["residue"]  # the state says it too, for a page that reads it later
    assert shown == {"side": dealer, "cards": deal.last_play_json()["residue"]}
    # The cards stay on show where they lay (as Seep's floor), and the deal's points are the
    # standing's of its record (K11): most cards 3, most spades 1, four aces, both casinos.
    assert deal.to_json()["position"]["loose"] == shown["cards"]
    assert deal.to_json()["points"] == [11 if side == dealer else 0 for side in range(3)]
    assert (
        "residue"
        not in live(
            plays[:-1], table=" ".join(map(str, start)), dealer=dealer, seating=Table(3, 1)
        ).to_json()
    )
    with pytest.raises(PlayRefused) as caught:
        deal.play(trail(0, "AS"))
    assert caught.value.violation.code == "not-your-turn"


def test_the_record_waits_for_the_last_play() -> None:
    with pytest.raises(InvalidInput):
        live([trail(0, "8C")]).record()


# -- whole deals from selfplay's fixed shuffles (K1, K2, K10-K12) -----------------------------


def sides_took(deal: Deal, sweeps: bool) -> Json:
    """The record from selfplay's piles alone: an oracle apart from the live engine."""
    piles = deal.captured

    def side(card: Card) -> int:
        return next(n for n, pile in enumerate(piles) if card in pile)

    ace_suits = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)
    expected: Json = {
        "cards": [len(p) for p in piles],
        "spades": [sum(c.suit is Suit.SPADES for c in p) for p in piles],
        "aces": [side(Card(1, suit)) for suit in ace_suits],
        "big_casino": side(Card(10, Suit.DIAMONDS)),
        "little_casino": side(Card(2, Suit.SPADES)),
    }
    return expected | ({"sweeps": list(deal.sweeps)} if sweeps else {})


def public_plays(deal: Deal) -> tuple[Json, list[Json]]:
    """What the table sees: the start (seat n-1 dealt, K1) and each play's seat and move."""
    first = deal.plays[0][0]
    start = {"dealer": first.players - 1, "table": [str(c) for c in first.loose]}
    return start, [{"seat": p.seat} | m.to_json() for p, m in deal.plays]


SHAPES = [(2, False), (3, False), (4, False), (4, True)]


@pytest.mark.parametrize(("players", "partnerships"), SHAPES)
@pytest.mark.parametrize(("variant", "sweeps"), [("classic", False), ("royal", True)])
def test_a_whole_deal_scores_as_selfplay_did(
    players: int, partnerships: bool, variant: str, sweeps: bool
) -> None:
    """A fixed shuffle played out by selfplay, fed play by play: the same record."""
    deal = play_deal(random.Random(11), players, partnerships, variant, sweeps)
    chosen = options(
        variant=variant,
        sweeps="on" if sweeps else "off",
        partnerships="on" if partnerships else "off",
    )
    start, plays = public_plays(deal)
    stored = LIVE.start(deal.table, chosen, {}, {"table": start["table"]})
    assert stored == start
    state = LIVE.derive(deal.table, chosen, stored, [])
    for number, play in enumerate(plays, 1):
        assert state.to_json()["next_seat"] == play["seat"]
        state.play(play)
        assert state.last_play_json()["number"] == number
    assert state.finished
    assert state.record() == sides_took(deal, sweeps)
    assert parse_deal(state.record(), deal.table, chosen) == state.record()
    assert state.to_json()["flags"] == []
    assert all(d["kept"] for d in state.to_json()["declarations"])


@pytest.mark.parametrize(("players", "partnerships"), SHAPES)
@pytest.mark.parametrize(
    ("variant", "aces"),
    [("classic", "choice"), ("royal", "choice"), ("royal", "capturing"), ("royal", "one")],
)
def test_random_deals_keep_their_invariants(
    players: int, partnerships: bool, variant: str, aces: str
) -> None:
    """Several seeds: cards accounted for after every play, the record as selfplay's, a
    refused play changes nothing, and no honest deal is ever flagged (K3: under each `aces`)."""
    paired = "on" if partnerships else "off"
    chosen = options(variant=variant, aces=aces, sweeps="on", partnerships=paired)
    for seed in range(4):
        deal = play_deal(random.Random(100 + seed), players, partnerships, variant, True, aces=aces)
        start, plays = public_plays(deal)
        state = LIVE.derive(deal.table, chosen, start, [])
        for number, play in enumerate(plays, 1):
            seat = play["seat"]
            wrongs = [{**play, "seat": (seat + 1) % players}]
            if "ace" not in play:
                wrongs.append({**play, "card": start["table"][0]})  # seen already (K2)
            for wrong in wrongs:
                before = state.to_json()
                with pytest.raises(PlayRefused):
                    state.play(wrong)
                assert state.to_json() == before
            state.play(play)
            view = state.to_json()
            builds = view["position"]["builds"]
            on_table = len(view["position"]["loose"]) + sum(len(b["cards"]) for b in builds)
            taken = sum(view["taken"]["cards"])
            assert on_table + taken == 4 + number or (number == PLAYS and taken == 52)
            assert len({b["value"] for b in builds}) == len(builds)  # K5: one build a value
            owners = {b["owner"] for b in builds}
            assert all(view["hands"][o] > 0 for o in owners) or number == PLAYS  # K9
        assert state.record() == sides_took(deal, True)
        standing = score.standing(
            deal.table, chosen, [parse_deal(state.record(), deal.table, chosen)]
        )
        assert view["points"] == standing["deals"][0]["points"]  # K11, K12: as the standing
        assert view["flags"] == []  # an honest deal: every claim kept
        assert len({p["card"] for p in view["plays"]}) == PLAYS
        again = LIVE.derive(deal.table, chosen, start, plays[:20])
        assert again.to_json()["plays"] == view["plays"][:20]
