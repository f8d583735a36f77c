"""Seep play by play (rules/live.py, seep/live.py) against rules/seep.md.

Rows cite rule ids; every expectation is worked out from the rules text. Four players sit
unless a row says otherwise, seat 3 deals and seat 0 bids (S1): team 0 is seats 0 and 2.
Whole deals come from seep/selfplay.py (the test knows the hands) and are fed to the live
engine with only what the table sees: the start, then each play as the mover announces it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from scorekeeper.rules import Table, get_game
from scorekeeper.rules.cards import Card
from scorekeeper.rules.errors import InvalidInput
from scorekeeper.rules.live import PlayRefused
from scorekeeper.rules.seep.generate import legal_moves
from scorekeeper.rules.seep.live import LIVE, SeepLiveDeal
from scorekeeper.rules.seep.play import apply
from scorekeeper.rules.seep.position import Position
from scorekeeper.rules.seep.record import parse_deal
from scorekeeper.rules.seep.selfplay import SelfPlayDeal, play_deals
from scorekeeper.words.verdicts import reason

from .helpers import CONFIGS, PLAY_OPTIONS  # 2 or 4 players, each option of play
from .seep_positions import Json, build, capture, raise_, throw

SEEP = get_game("seep")
FOUR, TWO = Table(2, 2), Table(2, 1)
OPTIONS = SEEP.parse_options(None)
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = Counter(Card.parse(rank + suit) for suit in "SHDC" for rank in RANKS)
# rules/seep.md "Cards": every spade its capture value, the other aces 1, 10♦ 6: 100 in all.
POINTS = {Card.parse(r + "S"): value for value, r in enumerate(RANKS, 1)} | {
    Card.parse(c): value for c, value in {"AH": 1, "AD": 1, "AC": 1, "10D": 6}.items()
}
SWEEP_VALUES = {"opening": 25, "play": 50, "last": 0}  # C4
# The worked example of S2/S3: the floor 5♦ 3♥ A♠ 10♦, a bid of 9.
FLOOR = ["5D", "3H", "AS", "10D"]


def start(
    floor: Sequence[str] = FLOOR, value: int = 9, dealer: int = 3, table: Table = FOUR
) -> Json:
    """A start body: the bidder is the seat after the dealer (S1)."""
    bid = {"seat": table.after(dealer), "value": value}
    return {"dealer": dealer, "bid": bid, "floor": list(floor)}


def at(seat: int, move: Json) -> Json:
    """A play: the seat and the move as /api/v1/check takes it."""
    return {"seat": seat, **move}


def derive(body: Json, plays: Sequence[Json], table: Table = FOUR, **options: Any) -> SeepLiveDeal:
    stored = LIVE.start(table, OPTIONS, {"next_dealer": 0}, body)
    return LIVE.derive(table, SEEP.parse_options(options), stored, plays)


def refusal(body: Json, plays: Sequence[Json], **options: Any) -> tuple[str | None, str]:
    """The rule id and code of the last play's refusal; the plays before it stand."""
    before = derive(body, plays[:-1], **options).to_json()
    with pytest.raises(PlayRefused) as refused:
        derive(body, plays, **options)
    # Nothing is stored: the shorter list derives the same state again.
    assert derive(body, plays[:-1], **options).to_json() == before
    violation = refused.value.violation
    assert reason(violation)
    return violation.rule, violation.code


def houses(state: SeepLiveDeal) -> dict[int, tuple[list[str], list[int], bool]]:
    return {
        h["value"]: (sorted(h["cards"]), h["owners"], h["cemented"])
        for h in state.to_json()["position"]["houses"]
    }


# -- the start ------------------------------------------------------------------------------

START_ROWS = [
    pytest.param(
        {"dealer": 3, "bid": {"seat": 1, "value": 9}, "floor": FLOOR},
        "bad-bid",
        id="S1: bidder not after dealer",
    ),
    pytest.param(start(value=8), "bad-field", id="S2: bid under 9"),
    pytest.param(start(value=14), "bad-field", id="S2: bid over 13"),
    pytest.param(
        start(["9D", "9H", "9S", "9C"]), "bad-bid", id="S2: every card of the bid on the floor"
    ),
    pytest.param(start(FLOOR[:3]), "bad-floor", id="S1: three floor cards"),
    pytest.param(start([*FLOOR, "2C"]), "bad-floor", id="S1: five floor cards"),
    pytest.param(start(["5D", "5D", "AS", "10D"]), "duplicate-card", id="a floor card twice"),
    pytest.param(start(["5D", "3H", "AS", "1X"]), "unknown-card", id="not a card"),
    pytest.param({"dealer": 3, "floor": FLOOR}, "missing-field", id="S2: no bid"),
    pytest.param(start() | {"hand": []}, "unknown-field", id="an unknown field"),
]


@pytest.mark.parametrize(("body", "code"), START_ROWS)
def test_a_malformed_or_impossible_start_is_refused(body: Json, code: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        LIVE.start(FOUR, OPTIONS, {"next_dealer": 0}, body)
    assert refused.value.code == code


def test_the_start_is_stored_with_the_sessions_next_dealer() -> None:
    # M5: the dealer left out is the standing's next dealer; S1: the bidder sits after them.
    body = {"bid": {"seat": 3, "value": 11}, "floor": ["5d", "3♥", "as", "T♦"]}
    stored = LIVE.start(FOUR, OPTIONS, {"next_dealer": 2}, body)
    assert stored == {"dealer": 2, "bid": {"seat": 3, "value": 11}, "floor": FLOOR}
    state = LIVE.derive(FOUR, OPTIONS, stored, [])
    assert state.to_json()["next_seat"] == 3  # S3: the bidder opens
    assert state.to_json()["position"] == {"loose": FLOOR, "houses": []}
    assert state.to_json()["in_hand"] == [0, 0, 0, 4]  # S1: only the bidder holds cards
    with pytest.raises(InvalidInput):
        LIVE.start(FOUR, OPTIONS, {"next_dealer": 2}, body | {"bid": {"seat": 0, "value": 11}})


def test_two_players_the_bidder_is_the_other_seat() -> None:
    stored = LIVE.start(TWO, OPTIONS, {"next_dealer": 1}, start(dealer=1, table=TWO))
    assert stored["bid"]["seat"] == 0
    assert LIVE.derive(TWO, OPTIONS, stored, []).to_json()["in_hand"] == [4, 4]  # S1
    with pytest.raises(InvalidInput):
        LIVE.start(TWO, OPTIONS, {}, start(dealer=0, table=TWO) | {"bid": {"seat": 0, "value": 9}})


# -- plays the table can judge --------------------------------------------------------------

BUILD_9 = at(0, build("4C", 9, ["5D"]))  # the worked example: 4♣+5♦, the bidder keeps 9♣
KING_TAKES = at(1, capture("KH", ["3H", "10D"]))  # 3+10 = 13; A♠ alone is left
PARTNER_ADDS = at(2, build("8C", 9, ["AS"]))  # B3: the house is cemented, still seat 0's

REFUSALS = [
    # S3: the opening play uses the bid.
    pytest.param(
        [at(0, build("4C", 12, ["5D", "3H"]))], "S3", "opening-bid", id="S3: build another value"
    ),
    pytest.param(
        [at(0, capture("4C", ["3H", "AS"]))], "S3", "opening-bid", id="S3: capture without the bid"
    ),
    pytest.param([at(0, throw("9C"))], "S3", "opening-bid", id="S3: throw a 9 that can take 5+3+A"),
    pytest.param([at(0, raise_("AC", 9))], "S3", "opening-bid", id="S3: the opening cannot raise"),
    # The turn: the bidder opens, then play goes round (S3, S4).
    pytest.param(
        [at(1, capture("9C", ["5D", "3H", "AS"]))],
        None,
        "not-your-turn",
        id="S3: seat 1 before the bidder",
    ),
    pytest.param(
        [BUILD_9, at(2, throw("2C"))], None, "not-your-turn", id="S4: seat 2 before seat 1"
    ),
    # A card the table has seen is in nobody's hand.
    pytest.param(
        [BUILD_9, at(1, capture("3H", ["3H"]))], None, "not-in-hand", id="a loose card played"
    ),
    pytest.param([BUILD_9, at(1, throw("4C"))], None, "not-in-hand", id="a card played already"),
    # The floor decides C1, C2, T2, T3, R1, H1, H3.
    pytest.param([BUILD_9, at(1, capture("7H", ["10D"]))], "C1", "bad-sum", id="C1: 10 is not 7"),
    pytest.param(
        [BUILD_9, at(1, capture("KH", ["10D"]))], "C1", "bad-sum", id="C1: 10 alone is not 13"
    ),
    pytest.param([BUILD_9, at(1, capture("4H", ["3H"]))], "C1", "bad-sum", id="C1: 3 is not 4"),
    pytest.param(
        [BUILD_9, at(1, capture("4H", ["3H", "AS"]))], None, None, id="C1: 3+A takes with 4"
    ),
    pytest.param([BUILD_9, at(1, capture("9H", ["10D"]))], "C1", "bad-sum", id="C1: 9 takes no 10"),
    pytest.param(
        [BUILD_9, at(1, capture("9H", []))],
        "C1",
        "nothing-captured",
        id="C1: a 9 that takes nothing",
    ),
    pytest.param(
        [BUILD_9, at(1, throw("9H"))],
        "T2",
        "throw-matches-house",
        id="T2: a 9 beside the house of 9",
    ),
    pytest.param(
        [BUILD_9, at(1, throw("4H"))], "T3", "throw-can-capture", id="T3: a 4 could take 3+A"
    ),
    pytest.param([BUILD_9, at(1, throw("2H"))], None, None, id="T3: a 2 takes nothing"),
    pytest.param(
        [BUILD_9, at(1, build("4H", 14, ["10D"]))], "H1", "house-value", id="H1: no house of 14"
    ),
    pytest.param([BUILD_9, at(1, raise_("5H", 9))], "R1", "house-value", id="R1: 9+5 is over 13"),
    pytest.param(
        [BUILD_9, KING_TAKES, at(2, raise_("2H", 9))],
        None,
        None,
        id="R1: raise the partner's house",
    ),
    pytest.param(
        [BUILD_9, KING_TAKES, PARTNER_ADDS, at(3, raise_("2H", 9))],
        "H3",
        "raise-cemented-house",
        id="H3: a cemented house",
    ),
    pytest.param(
        [BUILD_9, KING_TAKES, PARTNER_ADDS, at(3, capture("9S", [], True))],
        None,
        None,
        id="C1: the house whole",
    ),
]


@pytest.mark.parametrize(("plays", "rule", "code"), REFUSALS)
def test_each_play_is_judged_as_the_checker_would(
    plays: list[Json], rule: str | None, code: str | None
) -> None:
    if code is None:
        assert len(derive(start(), plays).plays) == len(plays)
    else:
        assert refusal(start(), plays) == (rule, code)


def test_raising_ones_own_house_is_refused() -> None:
    plays = [BUILD_9, at(1, throw("2C")), at(2, capture("3S", ["3H"])), at(3, throw("6H"))]
    # After 2♣ is thrown, A♠+2♣ also make 3: C2 makes 3♠ take them too.
    assert refusal(start(), plays[:3]) == ("C2", "capture-not-maximal")
    plays[2] = at(2, capture("3S", ["3H", "AS", "2C"]))
    assert refusal(start(), [*plays, at(0, raise_("2S", 9))]) == ("R1", "raise-own-house")


def test_r3_options_of_the_session_decide_whose_house_is_raised() -> None:
    plays = [
        BUILD_9,
        at(1, throw("2C")),
        at(2, capture("3S", ["3H", "AS", "2C"])),
        at(3, throw("6H")),
    ]
    # raise_own: on: the bidder raises the 9-house they made to 11 and still owns it alone.
    raised = derive(start(), [*plays, at(0, raise_("2S", 9))], raise_own="on")
    assert houses(raised) == {11: (["2S", "4C", "5D"], [0], False)}
    assert refusal(start(), [*plays, at(0, raise_("5S", 9))], raise_own="on") == (
        "R1",
        "house-value",
    )
    # raise_partner: off: seat 2 may not raise its partner's 9-house; by default it may.
    partner = [BUILD_9, KING_TAKES, at(2, raise_("2H", 9))]
    assert refusal(start(), partner, raise_partner="off") == ("R3", "raise-own-house")
    assert houses(derive(start(), partner)) == {11: (["2H", "4C", "5D"], [2], False)}


def test_capture_free_allows_any_selection() -> None:
    # C2's option capture: free: 3♠ may take 3♥ and leave A♠+2♣; C1 still holds.
    plays = [BUILD_9, at(1, throw("2C")), at(2, capture("3S", ["3H"]))]
    assert len(derive(start(), plays, capture="free").plays) == 3
    assert refusal(start(), [*plays[:2], at(2, capture("3S", []))], capture="free") == (
        "C1",
        "nothing-captured",
    )
    # T3's option throw: matching: 4♥ may be thrown though 3+A makes 4.
    assert len(derive(start(), [BUILD_9, at(1, throw("4H"))], throw="matching").plays) == 2


def test_the_opening_plays_and_their_sweeps() -> None:
    # S3: the bid's card takes 5+3+A; 10♦ is left, so no sweep.
    state = derive(start(), [at(0, capture("9C", ["5D", "3H", "AS"]))])
    assert state.last_play_json() == {
        "captured": ["9C", "AS", "3H", "5D"],
        "sweep": False,
        "sweep_points": 0,
    }
    assert state.to_json()["captured_points"] == [1, 0]  # A♠ (C3)
    # C4: a sweep on the opening play scores 25.
    state = derive(
        start(["2D", "3H", "4S", "9H"]), [at(0, capture("9C", ["2D", "3H", "4S", "9H"]))]
    )
    assert state.last_play_json()["sweep"] is True
    assert state.last_play_json()["sweep_points"] == 25
    assert state.to_json()["sweeps"] == [{"team": 0, "when": "opening", "points": 25, "play": 1}]
    assert state.to_json()["captured_points"] == [4, 0]  # 4♠ (C3)


def test_a_sweep_mid_deal_scores_50() -> None:
    plays = [BUILD_9, KING_TAKES, PARTNER_ADDS, at(3, capture("9S", [], True))]
    state = derive(start(), plays)
    assert state.last_play_json() == {
        "captured": ["9S", "4C", "5D", "8C", "AS"],
        "sweep": True,
        "sweep_points": 50,
    }
    json = state.to_json()
    assert json["sweeps"] == [{"team": 1, "when": "play", "points": 50, "play": 4}]
    assert json["position"] == {"loose": [], "houses": []}
    assert json["captured_points"] == [0, 6 + 9 + 1]  # 10♦ (K♥ 3♥ none), 9♠, A♠
    assert json["last_capturer"] == 1
    assert json["next_seat"] == 0
    assert json["in_hand"] == [11, 11, 11, 11]


def test_the_floor_shows_houses_owners_and_cementing() -> None:
    state = derive(start(), [BUILD_9])
    # B2, H4: a new house, owned by its maker, ordinary (one set).
    assert houses(state) == {9: (["4C", "5D"], [0], False)}
    assert state.to_json()["declarations"] == [{"seat": 0, "value": 9, "play": 1}]
    state = derive(start(), [BUILD_9, KING_TAKES, PARTNER_ADDS])
    # B3, H3, H4: the partner adds a set; cemented; the owners stay (B4: no declaration).
    assert houses(state) == {9: (["4C", "5D", "8C", "AS"], [0], True)}
    assert state.to_json()["declarations"] == [{"seat": 0, "value": 9, "play": 1}]
    # R1, R2: the partner raises to 11 and becomes its sole owner, declaring a jack.
    state = derive(start(), [BUILD_9, KING_TAKES, at(2, raise_("2H", 9))])
    assert houses(state) == {11: (["2H", "4C", "5D"], [2], False)}
    assert state.to_json()["declarations"] == [{"seat": 2, "value": 11, "play": 3}]


# -- H5: what the table can see of a hand -------------------------------------------------

NINES = ["9D", "9H", "9S", "4D"]


def test_h5_a_house_needs_a_card_nobody_has_seen() -> None:
    # 9♣ with the three 9s on the floor: a cemented house of 9 (H2, H3), and no 9 is left.
    assert refusal(start(NINES), [at(0, build("9C", 9))]) == ("H5", "must-hold")
    with pytest.raises(PlayRefused) as refused:
        derive(start(NINES), [at(0, build("9C", 9))])
    assert reason(refused.value.violation).endswith("every other 9 has been seen.")
    # 5♣+4♦ makes the same house, and the bidder may still hold 9♣ (S2, H5): accepted.
    state = derive(start(NINES), [at(0, build("5C", 9, ["4D"]))])
    assert houses(state) == {9: (["4D", "5C", "9D", "9H", "9S"], [0], True)}
    assert state.to_json()["declarations"] == [{"seat": 0, "value": 9, "play": 1}]


CHAIN = [
    at(0, build("4S", 9, ["5D"])),  # absorbs 9♦ 9♥ (H2); seat 0 declares a 9: 9♠ or 9♣
    at(1, build("9S", 12, ["3C"])),  # seat 1 plays a 9 elsewhere; declares a queen
    at(2, throw("2H")),
    at(3, throw("7D")),
]


def test_h5_an_owner_who_plays_the_last_unseen_card_of_the_value_is_refused() -> None:
    body = start(["9D", "9H", "5D", "3C"])
    assert len(derive(body, CHAIN).plays) == 4
    # Seat 0 owns the house of 9; 9♣ is the only 9 unseen; building 11 with it leaves none.
    assert refusal(body, [*CHAIN, at(0, build("9C", 11, ["2H"]))]) == ("H5", "must-hold")
    # With 9♠ still unseen (seat 1 threw a 6 instead), seat 0 may hold it: accepted.
    other = [*CHAIN[:1], at(1, throw("6S")), at(2, throw("2H")), at(3, throw("7D"))]
    state = derive(body, [*other, at(0, build("9C", 11, ["2H"]))])
    assert state.to_json()["declarations"] == [
        {"seat": 0, "value": 9, "play": 1},
        {"seat": 0, "value": 11, "play": 5},
    ]
    assert state.to_json()["flags"] == []


def test_h5_a_contradiction_another_play_reveals_is_flagged_not_refused() -> None:
    body = start(["9D", "9H", "5D", "3C"])
    # Seat 3 builds 11 with 9♣, the last 9: seat 0 owns the house of 9 and can hold no 9.
    plays = [*CHAIN[:3], at(3, build("9C", 11, ["2H"])), at(0, throw("6C"))]
    state = derive(body, plays)
    flags = state.to_json()["flags"]
    assert [(f["play"], f["rule"], f["value"], f["owners"]) for f in flags] == [(4, "H5", 9, [0])]
    # The flag stays; seat 0 is not held to the broken declaration again (the deal goes on).
    assert derive(body, plays[:4]).to_json()["flags"] == flags
    assert len(state.plays) == 5


def test_h5_counts_the_cards_left_in_hand() -> None:
    # A mover playing their last card cannot become an owner, even with cards of the value
    # unseen (H5 looks at the hand after the play). Plays 45-47 of four players (S4) are each
    # a seat's last card; the trial hand holds the played card and one unseen card of the value.
    found = 0
    for deal in played(4, **PLAY_OPTIONS[0]):
        body, plays = feed(deal)
        for index in (44, 45, 46):
            play = deal.plays[index]
            seen = seen_before(deal, index) | {play.move.card}
            for card in (c for c in DECK if c not in seen and c.rank >= 9):
                hand = (play.move.card, card)
                trial = Position(4, play.seat, hand, play.board.loose, play.board.houses)
                for move in legal_moves(trial):
                    after = apply(trial, move).position.houses
                    if move.card != play.move.card or all(play.seat not in h.owners for h in after):
                        continue  # B4: adding to the partner's house declares nothing
                    found += 1
                    with pytest.raises(PlayRefused) as refused:
                        derive(body, [*plays[:index], at(play.seat, move.to_json())])
                    assert refused.value.violation.rule == "H5"
                    # The engine says it as data; the web layer writes it with names.
                    said = refused.value.violation.params
                    assert (said["say"], said["seat"], said["left"]) == ("cards-left", play.seat, 0)
    assert found > 0


# -- whole deals ------------------------------------------------------------------------------


@cache
def played(players: int, **options: str) -> tuple[SelfPlayDeal, ...]:
    seed = 11 * players + len(options["capture"]) + 3 * len(options["throw"])
    return tuple(play_deals(6, seed, players, options))


def feed(deal: SelfPlayDeal) -> tuple[Json, list[Json]]:
    """What the table sees of a deal: the start, then each play as announced."""
    assert deal.record.bid is not None and deal.record.dealer is not None
    body = {
        "dealer": deal.record.dealer,
        "bid": {"seat": deal.record.bid.seat, "value": deal.record.bid.value},
        "floor": [str(c) for c in deal.plays[0].board.loose],
    }
    return body, [at(p.seat, p.move.to_json()) for p in deal.plays]


def seen_before(deal: SelfPlayDeal, index: int) -> set[Card]:
    return {*deal.plays[0].board.loose, *(p.move.card for p in deal.plays[:index])}


def test_a_whole_deal_from_a_fixed_shuffle_records_what_the_engine_scores() -> None:
    deal = next(play_deals(1, seed=7))  # four players, seat 0 deals
    body, plays = feed(deal)
    table_options = SEEP.parse_options(None)
    stored = LIVE.start(
        FOUR, table_options, {"next_dealer": 0}, {k: body[k] for k in ("bid", "floor")}
    )
    assert stored == body
    state = LIVE.derive(FOUR, table_options, stored, [])
    for n, play in enumerate(deal.plays, 1):
        assert state.to_json()["next_seat"] == play.seat
        assert state.to_json()["in_hand"] == [len(h) for h in play.board.hands]
        state = LIVE.derive(FOUR, table_options, stored, plays[:n])
        after = play.outcome.position
        assert state.to_json()["position"] == {
            "loose": [str(c) for c in after.loose],
            "houses": [h.to_json() for h in after.houses],
        }
        assert not state.finished or n == 48
    assert state.finished and state.to_json()["next_seat"] is None
    assert state.record() == deal.record.to_json()
    assert SEEP.parse_deal(state.record(), FOUR, table_options) == state.record()
    points = state.to_json()["captured_points"]
    assert points == list(deal.record.card_points())
    assert state.to_json()["flags"] == []


@pytest.mark.parametrize(("players", "rules"), CONFIGS)
def test_random_deals_play_out_live_as_selfplay_scored_them(
    players: int, rules: dict[str, str]
) -> None:
    table = FOUR if players == 4 else TWO
    options = SEEP.parse_options(rules)
    for deal in played(players, **rules):
        body, plays = feed(deal)
        stored = LIVE.start(table, options, {"next_dealer": 0}, body)
        state = LIVE.derive(table, options, stored, plays)
        # Honest play is never refused and never flagged (real hands obey H5).
        assert state.finished and state.to_json()["flags"] == []
        record = state.record()
        assert record == deal.record.to_json()
        assert parse_deal(record, table).to_json() == record
        # 52 cards, once each: the 100 points with the sweeps on top (C3, C4, E1, E2).
        team0, team1 = record["captured"]
        assert Counter(map(Card.parse, team0 + team1)) == DECK
        points = [sum(POINTS.get(c, 0) for c in map(Card.parse, pile)) for pile in (team0, team1)]
        assert state.to_json()["captured_points"] == points and sum(points) == 100
        assert [s["points"] for s in state.to_json()["sweeps"]] == [
            SWEEP_VALUES[s["when"]] for s in record["sweeps"]
        ]
        assert [s["when"] for s in record["sweeps"]].count("opening") <= 1
        middle = LIVE.derive(table, options, stored, [])
        for play, sent in zip(deal.plays, plays, strict=True):
            # After every play the state is selfplay's board, as the table sees it.
            board = play.board
            assert middle.to_json()["next_seat"] == play.seat  # S3, S4
            assert middle.to_json()["in_hand"] == [len(h) for h in board.hands]
            assert middle.to_json()["position"] == {
                "loose": [str(c) for c in board.loose],
                "houses": [h.to_json() for h in board.houses],
            }
            assert middle.captured == board.captured
            assert [s for s, _ in middle.sweeps] == list(board.sweeps)
            middle = middle.play(sent)  # one more play, as derive makes it
        assert middle == state


def test_a_finished_deal_takes_no_more_plays_and_an_unfinished_one_no_record() -> None:
    deal = played(4, **PLAY_OPTIONS[0])[0]
    body, plays = feed(deal)
    with pytest.raises(InvalidInput) as early:
        derive(body, plays[:47]).record()
    assert early.value.code == "not-finished"
    with pytest.raises(InvalidInput) as late:
        derive(body, [*plays, plays[-1]])
    assert late.value.code == "deal-over"
    # E1: the residue goes to the last capturer, shown when the deal is over.
    json = derive(body, plays).to_json()
    assert json["residue"]["team"] == json["last_capturer"]
    assert json["residue"]["cards"] == json["position"]["loose"]


def test_a_malformed_play_is_bad_input() -> None:
    for bad in ([1], {"card": "9C", "action": "throw"}, at(9, throw("9C")), at(0, throw("1X"))):
        with pytest.raises(InvalidInput):
            derive(start(), [bad])  # type: ignore[list-item]
