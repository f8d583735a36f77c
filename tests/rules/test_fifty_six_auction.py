"""The Fifty-six auction against rules/fifty-six.md F7–F11: one row per case, ids citing rules.

Each row is an auction in the API's notation (API.md "Fifty-six positions and moves"), the
next call, the code the checker must answer (None: legal) and, for a legal call, what the
auction's `after` must say. Calls are written compactly as "28D", "p", "x", "xx" and given
seats in playing order from the seat after the dealer; `auction()` expands them into the
API's JSON. Expectations are worked out from the rules text, not read off the engine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper.rules.errors import InvalidInput
from scorekeeper.rules.fifty_six.auction import (
    Auction,
    Call,
    apply,
    check,
    double,
    legal_calls,
    parse_auction,
    parse_call,
    pass_,
    plus,
    redouble,
)
from scorekeeper.words.verdicts import reason

from .helpers import said

Json = dict[str, Any]
WORDS = {"p": "pass", "x": "double", "xx": "redouble"}


def call_json(seat: int, text: str) -> Json:
    """'28D' -> a bid, 'p' a pass, 'x' a double, 'xx' a redouble, in the API's notation."""
    if text in WORDS:
        return {"seat": seat, "call": WORDS[text]}
    value, trump = (text[:2], text[2:]) if text[:2].isdigit() else (text[:-1], text[-1:])
    return {"seat": seat, "call": "bid", "value": int(value), "trump": trump}


def auction(calls: str = "", players: int = 4, dealer: int = 0, teams: str = "sides") -> Json:
    """An auction whose calls go round from the seat after the dealer (F7)."""
    seat = (dealer + 1) % players
    out = []
    for text in calls.split():
        out.append(call_json(seat, text))
        seat = (seat + 1) % players
    return {"phase": "auction", "players": players, "dealer": dealer, "teams": teams, "calls": out}


def with_out(
    calls: list[tuple[int, str]], out: list[int], players: int = 6, dealer: int = 0
) -> Json:
    """A pairs auction with teams out (F6), its calls written with their seats."""
    position = auction("", players, dealer, "pairs") | {"out": out}
    return position | {"calls": [call_json(seat, text) for seat, text in calls]}


def contract(seat: int, team: int, value: int, trump: str, double: int = 0) -> Json:
    return {"seat": seat, "team": team, "value": value, "trump": trump, "double": double}


def row(rule: str, what: str, pos: Json, move: Json, code: str | None, **after: Any) -> Any:
    """One case; `after` holds fields the legal call's `after` must have."""
    return pytest.param(pos, move, code, after, id=f"{rule}: {what}")


# fmt: off
ROWS = [
    # -- the worked example ------------------------------------------------------------------
    row("F9 F10", "worked example: 28♦, double, three passes end it, doubled",
        auction("28D x p p"), call_json(1, "p"), None,
        finished=True, next_seat=None, contract=contract(1, 1, 28, "D", 1)),
    row("F10", "worked example: after two passes the bidder's partner may still call",
        auction("28D x p"), call_json(0, "p"), None,
        finished=False, next_seat=1, contract=contract(1, 1, 28, "D", 1)),
    # -- F7 turn order -----------------------------------------------------------------------
    row("F7", "the seat after the dealer opens", auction(dealer=3), call_json(0, "30S"), None,
        next_seat=1, contract=contract(0, 0, 30, "S")),
    row("F7", "seat 2 cannot open when seat 1 is first", auction(), call_json(2, "28S"),
        "out-of-turn"),
    row("F7", "the bidder cannot call twice in a row", auction("28S"), call_json(1, "29S"),
        "out-of-turn"),
    row("F7", "a pass out of turn is refused too", auction("28S p"), call_json(0, "p"),
        "out-of-turn"),
    # -- F8 bids -----------------------------------------------------------------------------
    row("F8", "27 is too small", auction(), call_json(1, "27S"), "bid-range"),
    row("F8", "57 is too big", auction(), call_json(1, "57NT"), "bid-range"),
    row("F8", "56 is the top bid", auction("55H"), call_json(2, "56C"), None,
        contract=contract(2, 0, 56, "C")),
    row("F8", "an equal bid in another suit is not higher", auction("28D"),
        call_json(2, "28S"), "bid-too-low"),
    row("F8", "NT is not ranked above the suits", auction("30S"), call_json(2, "30NT"),
        "bid-too-low"),
    row("F8", "a lower bid", auction("35H p"), call_json(3, "34H"), "bid-too-low"),
    row("F8", "a higher bid by the partner is allowed", auction("30S p"),
        call_json(3, "31H"), None, contract=contract(3, 1, 31, "H")),
    row("F8", "a player who passed bids again on a later round", auction("p 28S p p"),
        call_json(1, "30D"), None, finished=False, contract=contract(1, 1, 30, "D")),
    # -- F9 doubles --------------------------------------------------------------------------
    row("F9", "an opponent doubles", auction("28D"), call_json(2, "x"), None,
        contract=contract(1, 1, 28, "D", 1), next_seat=3),
    row("F9", "no bid, no double", auction("p"), call_json(2, "x"), "cannot-double"),
    row("F9", "the bidder's partner cannot double their own team's bid", auction("28D p"),
        call_json(3, "x"), "cannot-double"),
    row("F9", "the bidder cannot double their own bid", auction("28D x p p"),
        call_json(1, "x"), "cannot-double"),
    row("F9", "a bid is doubled only once", auction("28D x p"), call_json(0, "x"),
        "cannot-double"),
    row("F9", "a higher bid after a double cancels it", auction("28D x"), call_json(3, "30S"),
        None, finished=False, next_seat=0, contract=contract(3, 1, 30, "S", 0)),
    row("F9", "the bidder escapes the double with a higher bid", auction("28D x p p"),
        call_json(1, "29C"), None, contract=contract(1, 1, 29, "C", 0)),
    row("F9", "the new bid can be doubled again", auction("28D x 30S"), call_json(0, "x"),
        None, contract=contract(3, 1, 30, "S", 1)),
    # -- F9 redoubles ------------------------------------------------------------------------
    row("F9", "the bidder's partner redoubles: the auction ends at once", auction("28D x"),
        call_json(3, "xx"), None, finished=True, next_seat=None,
        contract=contract(1, 1, 28, "D", 2)),
    row("F9", "the bidder redoubles on the next round", auction("28D x p p"),
        call_json(1, "xx"), None, finished=True, contract=contract(1, 1, 28, "D", 2)),
    row("F9", "no redouble without a double", auction("28D p"), call_json(3, "xx"),
        "cannot-redouble"),
    row("F9", "no redouble without any bid", auction(), call_json(1, "xx"), "cannot-redouble"),
    row("F9", "the doubler's team cannot redouble", auction("28D x p"), call_json(0, "xx"),
        "cannot-redouble"),
    row("F9", "a cancelled double cannot be redoubled", auction("28D x 30S"),
        call_json(0, "xx"), "cannot-redouble"),
    # -- F9, F10 the end ---------------------------------------------------------------------
    row("F10", "three passes after a bid end it (4 players)", auction("28D p p"),
        call_json(0, "p"), None, finished=True, next_seat=None, contract=contract(1, 1, 28, "D")),
    row("F10", "a double restarts the count of passes", auction("28D p p x p"),
        call_json(2, "p"), None, finished=False, next_seat=3,
        contract=contract(1, 1, 28, "D", 1)),
    row("F10", "the third pass after the double ends it", auction("28D p p x p p"),
        call_json(3, "p"), None, finished=True, next_seat=None,
        contract=contract(1, 1, 28, "D", 1)),
    row("F10", "after a double, every other player passed", auction("28D p p x p p p"),
        call_json(0, "p"), "auction-over"),
    row("F10", "calls after the worked example's end", auction("28D x p p p"),
        call_json(2, "30S"), "auction-over"),
    row("F9", "calls after a redouble", auction("28D x xx"), call_json(0, "p"),
        "auction-over"),
    row("F10", "everyone passes: 28 NT for the first bidder's team", auction("p p p"),
        call_json(0, "p"), None, finished=True, next_seat=None,
        contract=contract(1, 1, 28, "NT", 0)),
    row("F10", "everyone passes, dealer 3: seat 0's team plays 28 NT", auction("p p p", dealer=3),
        call_json(3, "p"), None, finished=True, contract=contract(0, 0, 28, "NT", 0)),
    row("F10", "three passes with no bid: the dealer may still bid", auction("p p p"),
        call_json(0, "28H"), None, contract=contract(0, 0, 28, "H")),
    row("F10", "nothing after everyone passed", auction("p p p p"), call_json(1, "28S"),
        "auction-over"),
    row("F10", "no contract while no bid stands", auction("p"), call_json(2, "p"), None,
        finished=False, contract=None, next_seat=3),
    # -- 6 players, pairs: three teams (seat mod 3) ------------------------------------------
    row("F2 F9", "6 pairs: the next team may double", auction("28S", 6, teams="pairs"),
        call_json(2, "x"), None, contract=contract(1, 1, 28, "S", 1)),
    row("F2 F9", "6 pairs: the third team may double too", auction("28S p", 6, teams="pairs"),
        call_json(3, "x"), None, contract=contract(1, 1, 28, "S", 1)),
    row("F2 F9", "6 pairs: the bidder's partner (seat 4) cannot double",
        auction("28S p p", 6, teams="pairs"), call_json(4, "x"), "cannot-double"),
    row("F2 F9", "6 pairs: the bidder's partner (seat 4) redoubles",
        auction("28S x p", 6, teams="pairs"), call_json(4, "xx"), None, finished=True,
        contract=contract(1, 1, 28, "S", 2)),
    row("F2 F9", "6 pairs: the third team cannot redouble", auction("28S x", 6, teams="pairs"),
        call_json(3, "xx"), "cannot-redouble"),
    row("F2 F9", "6 pairs: the doubler's partner (seat 5) cannot redouble",
        auction("28S x p p", 6, teams="pairs"), call_json(5, "xx"), "cannot-redouble"),
    row("F2 F9", "6 pairs: the third team cannot double a doubled bid",
        auction("28S x", 6, teams="pairs"), call_json(3, "x"), "cannot-double"),
    row("F2 F10", "6 pairs: five passes after a bid end it", auction("28S p p p p", 6,
        teams="pairs"), call_json(0, "p"), None, finished=True),
    row("F2 F10", "6 pairs: after four passes seat 0 may still bid",
        auction("28S p p p", 6, teams="pairs"), call_json(5, "p"), None, finished=False,
        next_seat=0),
    row("F2 F10", "6 pairs, dealer 2, all pass: 28 NT for seat 3's team (team 0)",
        auction("p p p p p", 6, dealer=2, teams="pairs"), call_json(2, "p"), None,
        finished=True, contract=contract(3, 0, 28, "NT")),
    # -- 6 players, sides (seat mod 2) -------------------------------------------------------
    row("F2 F9", "6 sides: seat 3 is the bidder's teammate and cannot double",
        auction("28S p", 6), call_json(3, "x"), "cannot-double"),
    row("F2 F9", "6 sides: seat 5 (the bidder's side) redoubles", auction("28S x p p", 6),
        call_json(5, "xx"), None, finished=True, contract=contract(1, 1, 28, "S", 2)),
    # -- 8 players, sides --------------------------------------------------------------------
    row("F2 F10", "8 sides: six passes after a bid do not end it",
        auction("30H p p p p p", 8, dealer=7), call_json(6, "p"), None, finished=False,
        next_seat=7, contract=contract(0, 0, 30, "H")),
    row("F2 F10", "8 sides: the seventh pass ends it", auction("30H p p p p p p", 8, dealer=7),
        call_json(7, "p"), None, finished=True, contract=contract(0, 0, 30, "H")),
    row("F2 F9", "8 sides: seat 4 is on the bidder's side", auction("30H p p p", 8, dealer=7),
        call_json(4, "x"), "cannot-double"),
    row("F2 F9", "8 sides: seat 5 doubles", auction("30H p p p p", 8, dealer=7),
        call_json(5, "x"), None, contract=contract(0, 0, 30, "H", 1)),
    row("F2 F10", "8 sides: all eight pass", auction("p p p p p p p", 8, dealer=4),
        call_json(4, "p"), None, finished=True, contract=contract(5, 1, 28, "NT")),
    row("F2 F9", "8 pairs (4 teams): seat 4 partners seat 0", auction("30H p p p", 8, dealer=7,
        teams="pairs"), call_json(4, "x"), "cannot-double"),
    row("F2 F9", "8 pairs: seat 6 (a third team) doubles", auction("30H p p p p p", 8, dealer=7,
        teams="pairs"), call_json(6, "x"), None, contract=contract(0, 0, 30, "H", 1)),
    # F6: with 6 in pairs and team 1 out, seats 1 and 4 sit out; four seats call.
    row("F6 F7", "a seat of a team out is passed over", with_out([(2, "28S")], [1]),
        call_json(3, "p"), None, next_seat=5),
    row("F6 F7", "a seat of a team out may not call", with_out([(2, "28S"), (3, "p")], [1]),
        call_json(4, "p"), "out-of-turn"),
    row("F6 F7", "the first bidder is the next seat in", with_out([], [1]),
        call_json(2, "p"), None, next_seat=3),
    row("F6 F10", "three passes after a bid end it", with_out([(2, "28S"), (3, "p"), (5, "p")],
        [1]), call_json(0, "p"), None, finished=True, contract=contract(2, 2, 28, "S")),
    row("F6 F10", "four passes: 28 NT for the first seat in", with_out(
        [(2, "p"), (3, "p"), (5, "p")], [1]), call_json(0, "p"), None, finished=True,
        contract=contract(2, 2, 28, "NT")),
    row("F6 F10", "8 pairs, two teams out: two seats call", with_out([(1, "30D")], [0, 2], 8),
        call_json(3, "p"), None, next_seat=5),
]
# fmt: on


@pytest.mark.parametrize(("pos", "move", "code", "after"), ROWS)
def test_auction_rules(pos: Json, move: Json, code: str | None, after: Json) -> None:
    state = parse_auction(pos)
    before = state.to_json()
    call = parse_call(move, state.players)
    violation = check(state, call)
    assert (violation and violation.code) == code, violation
    assert (call in legal_calls(state)) == (code is None)
    if violation is not None:
        assert violation.rule in ("F7", "F8", "F9", "F10")
        assert f"seat {call.seat}" in reason(violation).lower() or code == "auction-over"
        return
    result = apply(state, call).to_json()
    assert state.to_json() == before  # apply never mutates
    assert result["calls"] == [*pos["calls"], move]
    for name, value in after.items():
        assert result[name] == value, name


# fmt: off
REASONS = [
    pytest.param(auction("28D"), call_json(3, "x"), "F7", "seat 2", id="F7 names whose turn"),
    pytest.param(auction("28D"), call_json(2, "28S"), "F8", "28♦", id="F8 names the bid"),
    pytest.param(auction("28D p"), call_json(3, "x"), "F9", "seat 1's 28♦",
                 id="F9 names the bid doubled"),
    pytest.param(auction("28D x p"), call_json(0, "xx"), "F9", "seat 1's 28♦",
                 id="F9 names the bid not redoubled"),
    pytest.param(auction("28D x p p p"), call_json(2, "p"), "F10", "28♦ by seat 1 (team 1), "
                 "doubled", id="F10 names the contract"),
    pytest.param(auction("p p p p"), call_json(1, "p"), "F10", "everyone passed",
                 id="F10 all passed"),
    pytest.param(auction("28D x xx"), call_json(0, "p"), "F9", "redoubled",
                 id="F9 a redouble ended it"),
]
# fmt: on


@pytest.mark.parametrize(("pos", "move", "rule", "words"), REASONS)
def test_a_refusal_cites_its_rule_and_names_seats_and_bids(
    pos: Json, move: Json, rule: str, words: str
) -> None:
    violation = check(parse_auction(pos), parse_call(move))
    assert violation is not None
    assert violation.rule == rule
    assert words in reason(violation)


# -- reading the notation ----------------------------------------------------------------------

# fmt: off
BAD_INPUT = [
    pytest.param(auction() | {"extra": 1}, "unknown-field", "extra", id="unknown auction field"),
    pytest.param(auction() | {"players": 5}, "bad-players", "4, 6 or 8", id="F1 5 players"),
    pytest.param(auction() | {"players": True}, "bad-players", "4, 6 or 8", id="F1 players true"),
    pytest.param(auction() | {"dealer": 4}, "bad-field", "dealer", id="dealer out of range"),
    pytest.param(auction() | {"teams": "trios"}, "bad-field", "teams", id="F2 teams"),
    pytest.param(auction() | {"phase": "play"}, "bad-field", "phase", id="not an auction"),
    pytest.param(auction() | {"calls": {}}, "bad-field", "calls", id="calls not a list"),
    pytest.param({"players": 4}, "missing-field", "dealer", id="no dealer"),
    pytest.param(auction() | {"out": [1]}, "bad-field", "two teams", id="F6 one team left"),
    pytest.param(with_out([], [1, 1]), "bad-field", "once", id="F6 a team out twice"),
    pytest.param(with_out([], [3]), "bad-field", "team", id="F6 no such team"),
    pytest.param(auction() | {"out": 1}, "bad-field", "list", id="F6 out not a list"),
    pytest.param(auction() | {"calls": [{"seat": 4, "call": "pass"}]}, "bad-field", "seat",
                 id="seat out of range"),
    pytest.param(auction() | {"calls": [{"seat": 1, "call": "bid", "value": 30, "trump": "X"}]},
                 "bad-field", "trump", id="F8 bad trump"),
    pytest.param(auction("28D x p") | {"calls": [*auction("28D x")["calls"],
                 {"seat": 3, "call": "double"}]}, "bad-auction",
                 "Call 3 (seat 3 doubles) is illegal (F9 · Who may double)",
                 id="F9 an illegal call in the calls"),
    pytest.param(auction() | {"calls": [call_json(2, "28S")]}, "bad-auction",
                 "Call 1 (seat 2 bids 28♠) is illegal (F7 · Out of turn)",
                 id="F7 an illegal first call"),
    pytest.param(auction() | {"calls": [call_json(1, "60S")]}, "bad-auction",
                 "F8 · Bids from 28 to 56", id="F8 a bid of 60 in the calls"),
]
# fmt: on


@pytest.mark.parametrize(("raw", "code", "words"), BAD_INPUT)
def test_bad_auctions_are_invalid_input(raw: Json, code: str, words: str) -> None:
    with pytest.raises(InvalidInput) as error:
        parse_auction(raw)
    assert error.value.code == code
    assert words in said(error.value)


# fmt: off
BAD_CALLS = [
    pytest.param({"seat": 1, "call": "bid", "value": "30", "trump": "S"}, "value", id="value text"),
    pytest.param({"seat": 1, "call": "bid", "value": 28.5, "trump": "S"}, "whole", id="28.5"),
    pytest.param({"seat": 1, "call": "bid", "value": True, "trump": "S"}, "whole", id="true"),
    pytest.param({"seat": 1, "call": "bid", "trump": "S"}, "value", id="no value"),
    pytest.param({"seat": 1, "call": "bid", "value": 30}, "trump", id="no trump"),
    pytest.param({"seat": 1, "call": "bid", "value": 30, "trump": "s"}, "trump", id="trump case"),
    pytest.param({"seat": 1, "call": "raise"}, "call", id="unknown call"),
    pytest.param({"seat": 1, "call": "pass", "value": 30}, "value", id="a pass with a value"),
    pytest.param({"seat": 1, "call": "double", "trump": "S"}, "trump", id="a double, a trump"),
    pytest.param({"seat": -1, "call": "pass"}, "seat", id="negative seat"),
    pytest.param({"seat": 1, "call": "pass", "bid": 3}, "bid", id="unknown call field"),
    pytest.param({"seat": 1, "call": "bid", "value": 30, "trump": "S", "convention": "weak"},
                 "convention", id="F11 unknown convention"),
    pytest.param({"seat": 1, "call": "pass", "convention": "noes"}, "convention",
                 id="F11 a convention on a pass"),
    pytest.param([1, "pass"], "object", id="not an object"),
]
# fmt: on


@pytest.mark.parametrize(("raw", "words"), BAD_CALLS)
def test_bad_calls_are_invalid_input(raw: object, words: str) -> None:
    with pytest.raises(InvalidInput) as error:
        parse_call(raw)
    assert words in said(error.value)


def test_seat_range_follows_the_number_of_players() -> None:
    assert parse_call({"seat": 7, "call": "pass"}, 8).seat == 7
    with pytest.raises(InvalidInput):
        parse_call({"seat": 6, "call": "pass"}, 6)


def test_a_whole_number_written_with_a_point_is_read() -> None:
    assert parse_call({"seat": 1, "call": "bid", "value": 30.0, "trump": "S"}).value == 30


def test_an_auction_reads_back_what_it_writes() -> None:
    state = parse_auction(auction("p 28D x 30NT p x", 6, dealer=5, teams="pairs"))
    written = state.to_json()
    assert parse_auction(written) == state
    assert written["contract"] == contract(3, 0, 30, "NT", 1)
    assert written["next_seat"] == 0
    assert set(written) >= {"calls", "finished", "next_seat", "contract"}


def test_a_fresh_auction_has_no_contract_and_the_first_bidder_calls() -> None:
    state = parse_auction({"players": 6, "dealer": 5})
    assert state.to_json() | {"calls": []} == {
        "phase": "auction",
        "players": 6,
        "dealer": 5,
        "teams": "sides",
        "calls": [],
        "finished": False,
        "next_seat": 0,
        "contract": None,
    }


# -- F11 conventions -------------------------------------------------------------------------


@pytest.mark.parametrize("label", ["number-suit", "suit-number", "NT", "noes", "plus"])
def test_f11_a_convention_is_kept_and_never_checked(label: str) -> None:
    state = parse_auction(auction("30S"))
    # A "noes" 32♥ and a "plus" that is not plus anything in particular: recorded, not enforced.
    raw = {"seat": 2, "call": "bid", "value": 32, "trump": "H", "convention": label}
    call = parse_call(raw)
    assert call.convention == label
    assert check(state, call) is None
    assert apply(state, call).to_json()["calls"][-1] == raw
    low = parse_call(raw | {"value": 29})
    assert check(state, low) is not None  # the bid itself is still checked (F8)


@pytest.mark.parametrize(
    ("calls", "n", "expected"),
    [
        pytest.param("30S", 2, 32, id="F11 plus 2 over 30"),
        pytest.param("30S x", 1, 31, id="F11 plus 1 over a doubled 30"),
        pytest.param("28D 35H p", 3, 38, id="F11 plus counts from the standing bid"),
        pytest.param("", 1, 28, id="F11 plus 1 with no bid is the lowest bid"),
    ],
)
def test_f11_plus_n(calls: str, n: int, expected: int) -> None:
    assert plus(parse_auction(auction(calls)), n) == expected


# -- random auctions ---------------------------------------------------------------------------

CONFIGS = [(4, "sides"), (4, "pairs"), (6, "sides"), (6, "pairs"), (8, "sides"), (8, "pairs")]


def candidates(state: Auction) -> list[Call]:
    """Every call worth asking about: each kind for every seat, every bid for the next seat."""
    out = [make(seat) for seat in range(state.players) for make in (pass_, double, redouble)]
    out += [Call(seat, "bid", 30, "S") for seat in range(state.players)]
    seat = state.next_seat if state.next_seat is not None else 0
    values = range(27, 58)
    out += [Call(seat, "bid", v, t) for v in values for t in ("S", "H", "D", "C", "NT")]
    return out


def random_auction(rng: random.Random, players: int, teams: str) -> list[Auction]:
    """A random auction of random legal calls; every state along the way."""
    state = parse_auction({"players": players, "dealer": rng.randrange(players), "teams": teams})
    states = [state]
    while not state.finished:
        options = legal_calls(state)
        kinds = sorted({c.kind for c in options})
        kind = rng.choice(kinds)
        state = apply(state, rng.choice([c for c in options if c.kind == kind]))
        states.append(state)
        assert len(states) <= 1 + bound(players), "the auction must end"
    return states


def bound(players: int) -> int:
    """At most: n passes; or before each of ≤29 bids n-1 passes, a double and n-1 more."""
    return max(players, 29 * (1 + 1 + 1 + 2 * (players - 1)) + (players - 1))


def expected_contract(state: Auction) -> Json | None:
    """The contract worked out from the calls alone, independently of the engine."""
    calls = state.calls
    bids = [n for n, c in enumerate(calls) if c.kind == "bid"]
    table_teams = 2 if state.teams == "sides" else state.players // 2
    if not bids:
        if not state.finished:
            return None
        first = (state.dealer + 1) % state.players
        return contract(first, first % table_teams, 28, "NT", 0)
    last = calls[bids[-1]]
    later = [c.kind for c in calls[bids[-1] + 1 :]]
    level = 2 if "redouble" in later else 1 if "double" in later else 0
    assert last.value is not None and last.trump is not None
    return contract(last.seat, last.seat % table_teams, last.value, last.trump, level)


@pytest.mark.parametrize(("players", "teams"), CONFIGS, ids=[f"{p} {t}" for p, t in CONFIGS])
def test_random_auctions_legal_calls_agree_with_check(players: int, teams: str) -> None:
    rng = random.Random(f"56 auction {players} {teams}")
    for _ in range(30):
        for state in random_auction(rng, players, teams):
            listed = legal_calls(state)
            accepted = {c for c in candidates(state) if check(state, c) is None}
            assert set(listed) == accepted
            assert len(set(listed)) == len(listed)
            assert all(check(state, c) is None for c in listed)
            assert state.finished == (listed == [])
            assert all(c.seat == state.next_seat for c in listed)


@pytest.mark.parametrize(("players", "teams"), CONFIGS, ids=[f"{p} {t}" for p, t in CONFIGS])
def test_random_auctions_end_and_their_contract_follows_the_last_bid(
    players: int, teams: str
) -> None:
    rng = random.Random(f"56 contract {players} {teams}")
    endings = set()
    for _ in range(200):
        states = random_auction(rng, players, teams)
        final = states[-1]
        assert final.finished and final.next_seat is None
        for state in states:
            assert state.to_json()["contract"] == expected_contract(state)
            assert parse_auction(state.to_json()) == state
        last = final.calls[-1].kind
        endings.add(last)
        # F9, F10: an auction ends on a redouble or on a pass, never on a bid or a double.
        assert last in ("pass", "redouble")
        assert final.contract is not None
    assert endings == {"pass", "redouble"}  # both ways of ending were seen
