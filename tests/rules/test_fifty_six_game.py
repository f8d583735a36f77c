"""Fifty-six behind the common game interface (rules/game.py), as the web app calls it.

Everything goes through `FIFTY_SIX` with the public notation of API.md ("Fifty-six positions
and moves", "Fifty-six deal"): the worked examples of rules/fifty-six.md and every rule code
of the API through `check_move`; bad input raising InvalidInput; `list_moves` agreeing with
`check_move` on random trick positions from self-play and on random auctions; the deal
record and the standing. Expectations are worked out from the rules text.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from scorekeeper.rules import InvalidInput, Table
from scorekeeper.rules.cards import Suit
from scorekeeper.rules.fifty_six import FIFTY_SIX
from scorekeeper.rules.fifty_six.selfplay import play_deal
from scorekeeper.rules.game import Game
from scorekeeper.words.verdicts import worded

from .helpers import WEB, loaded_by, refused, said

Json = dict[str, Any]
GAME: Game = FIFTY_SIX  # mypy: the object satisfies the protocol


def checked(position: Any, move: Any) -> dict[str, Any]:
    """The checker's answer with its verdict in words, as the API gives it (words/verdicts.py)."""
    return worded(GAME.check_move(position, move))


WORDS = {"p": "pass", "x": "double", "xx": "redouble"}
TRUMPS = ("S", "H", "D", "C", "NT")


def call(seat: int, text: str) -> Json:
    """'28D' a bid, 'p' a pass, 'x' a double, 'xx' a redouble, in the API's notation."""
    if text in WORDS:
        return {"seat": seat, "call": WORDS[text]}
    return {"seat": seat, "call": "bid", "value": int(text[:2]), "trump": text[2:]}


def auction(calls: str = "", players: int = 4, dealer: int = 0, teams: str = "sides") -> Json:
    """An auction position whose calls go round from the seat after the dealer (F7)."""
    seat = (dealer + 1) % players
    out = []
    for text in calls.split():
        out.append(call(seat, text))
        seat = (seat + 1) % players
    return {"phase": "auction", "players": players, "dealer": dealer, "teams": teams, "calls": out}


def contract(seat: int, team: int, value: int, trump: str, double: int = 0) -> Json:
    return {"seat": seat, "team": team, "value": value, "trump": trump, "double": double}


def play(trump: str, hand: list[str], trick: list[str], players: int = 4) -> Json:
    """A trick position in the API's notation."""
    return {"phase": "play", "players": players, "trump": trump, "hand": hand, "trick": trick}


def card(text: str) -> Json:
    return {"card": text}


# -- the interface ---------------------------------------------------------------------------


def test_name_and_title() -> None:
    assert (GAME.name, GAME.title) == ("fifty-six", "Fifty-six")


def test_options_are_the_packages_with_the_defaults_of_the_rules() -> None:
    defaults = {"teams": "sides", "doubling": "multiply", "tables": 12, "first_dealer": 0}
    defaults |= {"games": None, "deals": None}  # a round's length (rules/lengths.py): none
    assert GAME.parse_options(None) == defaults
    given = {"teams": "pairs", "doubling": "additive", "tables": 3, "first_dealer": 1}
    assert GAME.parse_options(given) == defaults | given
    with pytest.raises(InvalidInput):
        GAME.parse_options({"teams": "threes"})


@pytest.mark.parametrize(
    ("table", "teams"),
    [
        pytest.param(Table(2, 2), "sides", id="F1 F2: 4 players, two sides"),
        pytest.param(Table(2, 2), "pairs", id="F1 F2: 4 players, two pairs: the same table"),
        pytest.param(Table(2, 3), "sides", id="F2: 6 players, 3 v 3"),
        pytest.param(Table(3, 2), "pairs", id="F2: 6 players, three pairs"),
        pytest.param(Table(2, 4), "sides", id="F2: 8 players, 4 v 4"),
        pytest.param(Table(4, 2), "pairs", id="F2: 8 players, four pairs"),
    ],
)
def test_check_table_takes_sides_and_pairs_of_4_6_8(table: Table, teams: str) -> None:
    GAME.check_table(table, GAME.parse_options({"teams": teams}))


@pytest.mark.parametrize(
    "table",
    [
        pytest.param(Table(2, 1), id="F1: 2 players"),
        pytest.param(Table(3, 1), id="F1: 3 players"),
        pytest.param(Table(4, 1), id="F2: 4 players alone"),
        pytest.param(Table(1, 4), id="F2: 4 players in one team"),
        pytest.param(Table(6, 1), id="F2: 6 players alone"),
        pytest.param(Table(8, 1), id="F2: 8 players alone"),
        pytest.param(Table(2, 5), id="F1: 10 players in sides"),
        pytest.param(Table(5, 2), id="F1: 10 players in pairs"),
        pytest.param(Table(3, 3), id="F1: 9 players"),
    ],
)
@pytest.mark.parametrize("teams", ["sides", "pairs"])
def test_check_table_refuses_other_tables(table: Table, teams: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        GAME.check_table(table, GAME.parse_options({"teams": teams}))
    assert caught.value.code in {"bad-teams", "bad-players"}
    assert re.search(r"\(F[12]", said(caught.value))


@pytest.mark.parametrize(
    ("table", "teams"),
    [(Table(3, 2), "sides"), (Table(2, 3), "pairs"), (Table(4, 2), "sides")],
)
def test_check_table_refuses_a_table_the_teams_option_does_not_make(
    table: Table, teams: str
) -> None:
    with refused("F2") as caught:
        GAME.check_table(table, GAME.parse_options({"teams": teams}))
    assert caught.value.code == "bad-teams"


# -- check_move: the auction -----------------------------------------------------------------


def row(rule: str, what: str, pos: Json, move: Json, code: str | None, **after: Any) -> Any:
    """One case; for a legal move, `after` holds fields the answer's `after` must have."""
    return pytest.param(pos, move, code, after, id=f"{rule}: {what}")


# fmt: off
AUCTION_ROWS = [
    # The worked example: seat 1 bids 28♦, seat 2 doubles, seats 3, 0 and 1 pass.
    row("F7 F8", "worked example: seat 1 opens 28♦", auction(), call(1, "28D"), None,
        finished=False, next_seat=2, contract=contract(1, 1, 28, "D")),
    row("F9", "worked example: seat 2 doubles", auction("28D"), call(2, "x"), None,
        finished=False, next_seat=3, contract=contract(1, 1, 28, "D", 1)),
    row("F10", "worked example: seat 3 passes", auction("28D x"), call(3, "p"), None,
        finished=False, next_seat=0, contract=contract(1, 1, 28, "D", 1)),
    row("F10", "worked example: seat 0 passes", auction("28D x p"), call(0, "p"), None,
        finished=False, next_seat=1, contract=contract(1, 1, 28, "D", 1)),
    row("F9 F10", "worked example: seat 1 passes, it ends: 28♦ for team 1, doubled",
        auction("28D x p p"), call(1, "p"), None,
        finished=True, next_seat=None, contract=contract(1, 1, 28, "D", 1)),
    # Every rule code of the API once, and a few more.
    row("F7", "out-of-turn: seat 2 cannot open when seat 1 is first", auction(),
        call(2, "28S"), "out-of-turn"),
    row("F8", "bid-range: 27 is below 28", auction(), call(1, "27S"), "bid-range"),
    row("F8", "bid-range: 57 is above 56", auction("28D"), call(2, "57NT"), "bid-range"),
    row("F8", "bid-too-low: NT is not ranked above a suit", auction("30S"),
        call(2, "30NT"), "bid-too-low"),
    row("F9", "cannot-double: the partner's bid", auction("28D p"), call(3, "x"),
        "cannot-double"),
    row("F9", "cannot-double: nobody has bid", auction("p"), call(2, "x"), "cannot-double"),
    row("F9", "cannot-redouble: no double stands", auction("28D p"), call(3, "xx"),
        "cannot-redouble"),
    row("F9", "cannot-redouble: the doubling team", auction("28D x p"), call(0, "xx"),
        "cannot-redouble"),
    row("F9", "auction-over: a redouble ends it at once", auction("28D x xx"), call(0, "p"),
        "auction-over"),
    row("F10", "auction-over: after the worked example's end", auction("28D x p p p"),
        call(2, "30S"), "auction-over"),
    row("F9", "the bidder's partner redoubles: finished at once", auction("28D x"),
        call(3, "xx"), None, finished=True, next_seat=None,
        contract=contract(1, 1, 28, "D", 2)),
    row("F9", "a higher bid cancels the double", auction("28D x"), call(3, "30NT"), None,
        finished=False, next_seat=0, contract=contract(3, 1, 30, "NT")),
    row("F10", "everyone passes: 28 NT for the first bidder's team", auction("p p p"),
        call(0, "p"), None, finished=True, next_seat=None,
        contract=contract(1, 1, 28, "NT")),
    row("F2 F9", "6 players in pairs: seat 4 doubles seat 3's bid (teams 0 and 1)",
        auction("p p 35H", players=6, teams="pairs"), call(4, "x"), None,
        finished=False, next_seat=5, contract=contract(3, 0, 35, "H", 1)),
    row("F2 F9", "6 players in pairs: seat 0 is seat 3's partner, no double",
        auction("p p 35H p p", players=6, teams="pairs"), call(0, "x"), "cannot-double"),
    row("F2 F9", "6 players in sides: seat 0 is seat 3's opponent, may double",
        auction("p p 35H p p", players=6), call(0, "x"), None,
        finished=False, next_seat=1, contract=contract(3, 1, 35, "H", 1)),
]

TRICK_ROWS = [
    row("F12", "worked example: K♥ led, ♠ trump, holding Q♥ and J♠: J♠ is refused",
        play("S", ["QH", "JS"], ["KH"]), card("JS"), "must-follow-suit"),
    row("F12", "worked example: K♥ led, ♠ trump, holding Q♥ and J♠: Q♥ is played",
        play("S", ["QH", "JS"], ["KH"]), card("QH"), None, hand=["JS"], trick=["KH", "QH"]),
    row("F13", "worked example: 10♥ J♥ J♥ then K♥: the first J♥ (card 1) wins 7 points",
        play("S", ["KH", "JS"], ["10H", "JH", "JH"]), card("KH"), None,
        hand=["JS"], trick=["10H", "JH", "JH", "KH"], winner=1, points=7),
    row("F13", "worked example: 10♥ J♥ Q♥ then the other J♥: the first still wins",
        play("S", ["JH"], ["10H", "JH", "QH"]), card("JH"), None,
        hand=[], trick=["10H", "JH", "QH", "JH"], winner=1, points=7),
    row("F12 F13", "void in hearts: the last player trumps with J♠ and wins",
        play("S", ["JS", "9D"], ["10H", "JH", "QH"]), card("JS"), None,
        hand=["9D"], winner=3, points=7),
    row("F13", "no trumps: a spade does not win a heart trick",
        play("NT", ["JS"], ["10H", "KH", "AH"]), card("JS"), None, winner=2, points=5),
    row("F13", "6 players: the fifth card does not complete the trick",
        play("D", ["9C"], ["AC", "KC", "QC", "10C"], players=6), card("9C"), None,
        trick=["AC", "KC", "QC", "10C", "9C"]),
    row("F13", "6 players: the sixth card completes it",
        play("D", ["QD"], ["AC", "KC", "QC", "10C", "9C"], players=6), card("QD"), None,
        winner=5, points=4),
    row("F12", "the leader may play any card", play("H", ["QH", "JS"], []), card("JS"), None,
        hand=["QH"], trick=["JS"]),
    row("F12", "the phase may be left out: play is the default",
        {"players": 4, "trump": "S", "hand": ["QH", "JS"], "trick": ["KH"]}, card("JS"),
        "must-follow-suit"),
    row("API", "not-in-hand: a card the player does not hold",
        play("S", ["QH", "JS"], ["KH"]), card("9H"), "not-in-hand"),
]
# fmt: on


def verify(pos: Json, move: Json, code: str | None, after: Json) -> Json:
    """Ask the checker and compare its answer with the row; return the answer."""
    answer = checked(pos, move)
    if code is not None:
        assert answer["legal"] is False, answer
        assert answer["rule"] == code, answer
        assert isinstance(answer["reason"], str) and answer["reason"].endswith("."), answer
        assert set(answer) - {"params"} == {"legal", "rule", "rule_id", "reason"}
        if "call" in move and code != "auction-over":
            # F7–F10: the params give the caller's seat (a page says the player's name).
            assert answer["params"]["seat"] == move["seat"], answer
        return answer
    assert answer["legal"] is True, answer
    assert isinstance(answer["description"], str) and answer["description"].endswith("."), answer
    for name, value in after.items():
        if name in ("winner", "points"):
            assert answer[name] == value, answer
        else:
            assert answer["after"][name] == value, answer
    return answer


@pytest.mark.parametrize(("pos", "move", "code", "after"), AUCTION_ROWS)
def test_auction_through_check_move(pos: Json, move: Json, code: str | None, after: Json) -> None:
    answer = verify(pos, move, code, after)
    if code is not None:
        assert answer["rule_id"] in ("F7", "F8", "F9", "F10"), answer
        if code != "auction-over":
            assert f"seat {move['seat']}" in answer["reason"].lower(), answer
        return
    done = answer["after"]
    assert done["phase"] == "auction"
    assert done["calls"] == [*pos["calls"], move]  # the position after is the call added
    assert (done["players"], done["dealer"], done["teams"]) == (
        pos["players"],
        pos["dealer"],
        pos["teams"],
    )
    assert answer["move"] == move
    assert answer["description"].startswith(f"Seat {move['seat']} ")
    assert "winner" not in answer and "points" not in answer
    # `after` can be sent back as the next position: the derived fields are read back.
    assert (GAME.list_moves(done, 0)["count"] == 0) is done["finished"]


@pytest.mark.parametrize(("pos", "move", "code", "after"), TRICK_ROWS)
def test_trick_through_check_move(pos: Json, move: Json, code: str | None, after: Json) -> None:
    answer = verify(pos, move, code, after)
    if code is not None:
        want = "F12" if code == "must-follow-suit" else None
        assert answer["rule_id"] == want, answer
        return
    done = answer["after"]
    hand = list(pos["hand"])
    hand.remove(move["card"])
    assert done == {**pos, "phase": "play", "hand": hand, "trick": [*pos["trick"], move["card"]]}
    assert answer["move"] == move
    completes = len(pos["trick"]) + 1 == pos["players"]
    assert ("winner" in answer, "points" in answer) == (completes, completes), answer


def test_the_worked_example_refusal_names_the_cards() -> None:
    answer = checked(play("S", ["QH", "JS"], ["KH"]), card("JS"))
    assert answer["rule_id"] == "F12"
    for shown in ("K♥", "Q♥", "J♠"):
        assert shown in answer["reason"]


def test_descriptions_say_what_happened() -> None:
    ended = checked(auction("28D x p p"), call(1, "p"))["description"]
    assert ended.startswith("Seat 1 passes.")
    assert "28♦" in ended and "doubled" in ended
    passed_out = checked(auction("p p p"), call(0, "p"))["description"]
    assert "Everyone passed" in passed_out and "28 NT" in passed_out
    won = checked(play("S", ["KH"], ["10H", "JH", "JH"]), card("KH"))["description"]
    assert "J♥" in won and "card 2" in won and "card points: 7" in won


# -- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pos", "move"),
    [
        pytest.param({**auction(), "phase": "bidding"}, call(1, "p"), id="unknown phase"),
        pytest.param({**auction(), "phase": None}, call(1, "p"), id="phase null"),
        pytest.param([], card("QH"), id="position a list"),
        pytest.param(None, card("QH"), id="position null"),
        pytest.param("KH", card("QH"), id="position a string"),
        pytest.param(auction(), "pass", id="auction: the move a string"),
        pytest.param(auction(), card("QH"), id="auction: a card for a call"),
        pytest.param(auction(), {"call": "pass"}, id="auction: a call without its seat"),
        pytest.param(auction(), {"seat": 4, "call": "pass"}, id="F1: seat 4 of 4 players"),
        pytest.param(auction(), {"seat": 1, "call": "bid", "value": 30}, id="bid without trump"),
        pytest.param(
            auction(),
            {"seat": 1, "call": "bid", "value": 30, "trump": "X"},
            id="F8: an unknown trump",
        ),
        pytest.param(auction(), {"seat": 1, "call": "raise"}, id="an unknown call"),
        pytest.param({**auction(), "players": 5}, call(1, "p"), id="F1: 5 players"),
        pytest.param(
            {**auction(), "calls": [call(2, "p")]},
            call(3, "p"),
            id="F7: an illegal call in the history",
        ),
        pytest.param(play("S", ["QH"], ["KH"]), call(1, "p"), id="trick: a call for a card"),
        pytest.param(play("S", ["QH"], ["KH"]), [], id="trick: the move a list"),
        pytest.param(play("S", ["QH"], ["KH"]), card("1X"), id="trick: an unknown card"),
        pytest.param(play("S", ["2H"], ["KH"]), card("2H"), id="F3: 2♥ is not in the pack"),
        pytest.param(play("S", [], ["KH"]), card("QH"), id="F4: an empty hand"),
        pytest.param(
            play("S", ["QH"], ["KH", "KH", "KH"]), card("QH"), id="F3: a card three times"
        ),
        pytest.param(
            {"phase": "play", "players": 4, "hand": ["QH"]}, card("QH"), id="trick: no trump"
        ),
        pytest.param(
            {**play("S", ["QH"], []), "calls": []}, card("QH"), id="trick: an auction's field"
        ),
    ],
)
def test_bad_input_raises_invalid_input(pos: object, move: object) -> None:
    with pytest.raises(InvalidInput) as caught:
        checked(pos, move)
    assert caught.value.code and said(caught.value)


@pytest.mark.parametrize(
    "pos",
    [
        pytest.param({**auction(), "phase": "bidding"}, id="unknown phase"),
        pytest.param(None, id="position null"),
        pytest.param({**auction(), "dealer": 4}, id="F1: dealer 4 of 4 players"),
        pytest.param(play("S", [], []), id="F4: an empty hand"),
    ],
)
def test_list_moves_refuses_bad_positions(pos: object) -> None:
    with pytest.raises(InvalidInput):
        GAME.list_moves(pos, 10)


# -- list_moves: count, limit, truncated -----------------------------------------------------

OPENING_CALLS = 1 + (56 - 28 + 1) * 5  # F8: a pass, or any bid from 28 to 56 in 5 trumps


@pytest.mark.parametrize(
    ("pos", "count"),
    [
        pytest.param(auction(), OPENING_CALLS, id="F8: the first call: a pass or any bid"),
        pytest.param(auction("28D"), 2 + 28 * 5, id="F9: after 28♦, pass, double or 29+"),
        pytest.param(auction("28D x"), 2 + 28 * 5, id="F9: after a double, pass, redouble, 29+"),
        pytest.param(auction("28D p"), 1 + 28 * 5, id="F9: the partner cannot double"),
        pytest.param(auction("56S"), 2, id="F8: after 56, only pass or double"),
        pytest.param(auction("28D x xx"), 0, id="F9: after a redouble, nothing"),
        pytest.param(auction("p p p p"), 0, id="F10: after four passes, nothing"),
        pytest.param(
            play("S", ["JH", "JH", "9H", "QS"], ["KH"]),
            2,
            id="F12: J♥ twice is one move, Q♠ must not",
        ),
        pytest.param(play("S", ["JH", "JH", "9H", "QS"], []), 3, id="F12: the leader: any card"),
        pytest.param(play("S", ["JD", "9C", "QS"], ["KH"]), 3, id="F12: void: any card"),
    ],
)
def test_list_moves_counts_every_legal_move_once(pos: Json, count: int) -> None:
    listed = GAME.list_moves(pos, 1000)
    assert listed["count"] == count
    assert listed["truncated"] is False
    assert len(listed["moves"]) == count
    assert len({repr(sorted(m.items())) for m in listed["moves"]}) == count


@pytest.mark.parametrize("pos", [auction(), play("S", ["JH", "JH", "9H", "QS"], [])])
@pytest.mark.parametrize("limit", [0, 1, 2, 3, 10, 145, 146, 147, 1000])
def test_limit_truncates_but_count_stays_exact(pos: Json, limit: int) -> None:
    everything = GAME.list_moves(pos, 1000)
    page = GAME.list_moves(pos, limit)
    assert page["count"] == everything["count"]
    assert page["moves"] == everything["moves"][:limit]
    assert page["truncated"] is (limit < everything["count"])


def test_list_moves_uses_the_api_notation() -> None:
    calls = GAME.list_moves(auction("28D"), 1000)["moves"]
    assert {"seat": 2, "call": "pass"} in calls
    assert {"seat": 2, "call": "double"} in calls
    assert {"seat": 2, "call": "bid", "value": 29, "trump": "NT"} in calls
    assert {"seat": 2, "call": "bid", "value": 28, "trump": "S"} not in calls
    cards = GAME.list_moves(play("S", ["QH", "JS"], ["KH"]), 10)["moves"]
    assert cards == [{"card": "QH"}]


# -- list_moves agrees with check_move on random positions -----------------------------------


def every_call(seat: int) -> list[Json]:
    """Every call a seat could name, a few out of F8's range among them."""
    bids = [call(seat, f"{v}{t}") for v in range(27, 58) for t in TRUMPS]
    return [call(seat, "p"), call(seat, "x"), call(seat, "xx"), *bids]


def key(move: Json) -> str:
    return repr(sorted(move.items()))


def agree(pos: Json, candidates: list[Json]) -> list[Json]:
    """Every listed move is legal under check_move; every legal candidate is listed."""
    listed = GAME.list_moves(pos, 1000)
    moves: list[Json] = listed["moves"]
    assert listed["count"] == len(moves) and listed["truncated"] is False
    for move in moves:
        answer = checked(pos, move)
        assert answer["legal"] is True, (pos, move, answer)
    keys = {key(m) for m in moves}
    for move in candidates:
        legal = checked(pos, move)["legal"]
        assert legal is (key(move) in keys), (pos, move)
    return moves


def random_call(rng: random.Random, moves: list[Json]) -> Json:
    """A listed call, its kind first chosen evenly, so doubles and redoubles come up often."""
    kinds = sorted({m["call"] for m in moves})
    kind = rng.choice(kinds)
    return rng.choice([m for m in moves if m["call"] == kind])


@pytest.mark.parametrize(
    ("players", "teams"),
    [(4, "sides"), (6, "sides"), (6, "pairs"), (8, "sides"), (8, "pairs")],
)
def test_random_auctions_list_only_and_all_the_legal_calls(players: int, teams: str) -> None:
    rng = random.Random(f"auction {players} {teams}")
    kinds: set[str] = set()
    for _ in range(6):
        dealer = rng.randrange(players)
        pos = auction(players=players, dealer=dealer, teams=teams)
        seat = (dealer + 1) % players  # F7: whose call it is, counted here, not asked
        while True:
            # The seat to call with every call it could name; every seat with a few.
            candidates = [m for s in range(players) for m in rng.sample(every_call(s), 4)]
            moves = agree(pos, [*candidates, *every_call(seat)])
            if not moves:
                assert checked(pos, call(seat, "p"))["rule"] == "auction-over"
                break
            assert {m["seat"] for m in moves} == {seat}
            move = random_call(rng, moves)
            kinds.add(move["call"])
            pos = checked(pos, move)["after"]
            seat = (seat + 1) % players
    assert kinds == {"bid", "pass", "double", "redouble"}  # every kind of call was tried


@pytest.mark.parametrize(
    "table",
    [Table(2, 2), Table(2, 3), Table(3, 2), Table(2, 4), Table(4, 2)],
    ids=["4 sides", "6 sides", "6 pairs", "8 sides", "8 pairs"],
)
def test_self_play_positions_list_only_and_all_the_legal_cards(table: Table) -> None:
    rng = random.Random(f"cards {table}")
    for number in range(3):  # a no-trumps deal, then two with a trump suit
        trump = None if number == 0 else rng.choice(list(Suit))
        deal = play_deal(rng, table, dealer=rng.randrange(table.seats), trump=trump)
        for trick in deal.tricks:
            for done in trick.plays:
                pos = done.position.to_json()
                pack = {*pos["hand"], "JS", "9H", "AD", "10C", "KS", "QH"}
                moves = agree(pos, [card(c) for c in sorted(pack)])
                assert card(str(done.card)) in moves  # the card self-play chose


# -- the score keeper: deal records and the standing -----------------------------------------


def opts(**given: Any) -> Json:
    return GAME.parse_options(given)


# fmt: off
DEAL_ROWS = [
    pytest.param(
        Table(2, 2), opts(),
        {"contract": {"seat": 1, "value": 40, "trump": "D", "double": 1}, "points": 39},
        {"contract": {"seat": 1, "value": 40, "trump": "D", "double": 1}, "points": 39},
        {"made": False, "transfers": [[1, 0, 6]], "tables": [18, 6], "out": [], "winner": None},
        id="F14 F15 F16: worked example, 40♦ doubled, 39 points: lost, pays 6",
    ),
    pytest.param(
        Table(2, 2), opts(doubling="additive"),
        {"contract": {"seat": 1, "value": 40, "trump": "D", "double": 1}, "points": 39},
        {"contract": {"seat": 1, "value": 40, "trump": "D", "double": 1}, "points": 39},
        {"made": False, "transfers": [[1, 0, 4]], "tables": [16, 8], "out": [], "winner": None},
        id="F16: additive: 40♦ doubled and lost pays 3 + 1",
    ),
    pytest.param(
        Table(2, 2), opts(),
        {"contract": None, "points": 20, "dealer": 0},
        {"contract": None, "points": 20, "dealer": 0},
        {"made": False, "transfers": [[1, 0, 2]], "tables": [14, 10], "out": [], "winner": None},
        id="F10 F15: everyone passed: 28 NT for seat 1's team, 20 points: lost, pays 2",
    ),
    pytest.param(
        Table(3, 2), opts(teams="pairs"),
        {"contract": {"seat": 4, "value": 40, "trump": "D", "double": 1}, "points": 39},
        {"contract": {"seat": 4, "value": 40, "trump": "D", "double": 1}, "points": 39},
        {"made": False, "transfers": [[1, 2, 6], [1, 0, 6]], "tables": [18, 0, 18],
         "out": [1], "winner": None},
        id="F17: pairs of 6: team 1 pays 6 to team 2, then to team 0, and is out",
    ),
]
# fmt: on


@pytest.mark.parametrize(("table", "options", "raw", "record", "expected"), DEAL_ROWS)
def test_a_deal_and_its_standing(
    table: Table, options: Json, raw: Json, record: Json, expected: Json
) -> None:
    stored = GAME.parse_deal(raw, table, options)
    assert stored == record
    now = GAME.standing(table, options, [stored])
    assert [d["made"] for d in now["deals"]] == [expected["made"]]
    assert [d["transfers"] for d in now["deals"]] == [expected["transfers"]]
    for name in ("tables", "out", "winner"):
        assert now[name] == expected[name], now


def test_no_deals_no_transfers() -> None:
    now = GAME.standing(Table(2, 3), opts(tables=5), [])
    assert (now["deals"], now["tables"], now["out"], now["winner"]) == ([], [5, 5], [], None)


@pytest.mark.parametrize(
    ("table", "options", "raw"),
    [
        pytest.param(
            Table(3, 2),
            opts(),
            {"contract": None, "points": 20},
            id="F2: three pairs in a session of sides",
        ),
        pytest.param(
            Table(2, 3),
            opts(teams="pairs"),
            {"contract": None, "points": 20},
            id="F2: 3 v 3 in a session of pairs",
        ),
        pytest.param(
            Table(2, 2), opts(), {"contract": None, "points": 57}, id="F5: more than 56 points"
        ),
        pytest.param(
            Table(2, 2),
            opts(),
            {"contract": None, "points": 20, "double": 1},
            id="F10: all passed, nothing to double",
        ),
        pytest.param(
            Table(2, 2),
            opts(),
            {"contract": {"seat": 1, "value": 27, "trump": "D"}, "points": 20},
            id="F8: a contract of 27",
        ),
        pytest.param(Table(2, 2), opts(), [], id="a list for a deal"),
    ],
)
def test_bad_deals_raise_invalid_input(table: Table, options: Json, raw: object) -> None:
    with pytest.raises(InvalidInput):
        GAME.parse_deal(raw, table, options)


# -- purity ----------------------------------------------------------------------------------


def test_importing_fifty_six_loads_no_web_framework() -> None:
    modules = loaded_by("import scorekeeper.rules.fifty_six")
    assert "scorekeeper.rules.fifty_six.auction" in modules
    assert [name for name in WEB if name in modules] == []
