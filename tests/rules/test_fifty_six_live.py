"""Fifty-six play by play (rules/fifty_six/live.py) against rules/fifty-six.md F3–F14.

Tables of plays citing rule ids (the auction, the tricks, revokes made visible, the start);
whole games from selfplay.py fed to the live engine from what the table sees (each call, then
each card with its seat), whose records must equal self-play's own; and random auctions and
play-outs with 4, 6 and 8 players checking what must always hold. Expectations are worked out
from the rules text.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.rules import Table
from scorekeeper.rules.errors import InvalidInput
from scorekeeper.rules.fifty_six.auction import Auction, apply, legal_calls, parse_call, start
from scorekeeper.rules.fifty_six.live import LIVE, FiftySixLiveDeal
from scorekeeper.rules.fifty_six.options import parse_options, table_for
from scorekeeper.rules.fifty_six.record import parse_deal
from scorekeeper.rules.fifty_six.score import standing
from scorekeeper.rules.fifty_six.selfplay import PlayedDeal, play_deal, play_game
from scorekeeper.rules.fifty_six.trick import parse_trump
from scorekeeper.rules.live import PlayRefused
from scorekeeper.rules.violation import Violation
from scorekeeper.words.verdicts import reason

Json = dict[str, Any]
WORDS = {"p": "pass", "x": "double", "xx": "redouble"}
HAND = {4: 12, 6: 8, 8: 8}  # F4


def call(seat: int, text: str) -> Json:
    """'28D' a bid, 'p' a pass, 'x' a double, 'xx' a redouble, as a play."""
    if text in WORDS:
        return {"seat": seat, "call": WORDS[text]}
    value, trump = text[:2], text[2:]
    return {"seat": seat, "call": "bid", "value": int(value), "trump": trump}


def calls(text: str, first: int = 1, players: int = 4) -> list[Json]:
    """Calls going round from seat `first` (F7)."""
    return [call((first + n) % players, word) for n, word in enumerate(text.split())]


def cards(text: str, leader: int, players: int = 4) -> list[Json]:
    """A trick's cards as plays, round from its leader."""
    return [{"seat": (leader + n) % players, "card": c} for n, c in enumerate(text.split())]


def live(
    plays: Sequence[Json] = (),
    players: int = 4,
    teams: str = "sides",
    dealer: int = 0,
    out: Sequence[int] = (),
) -> FiftySixLiveDeal:
    table = table_for(players, parse_options({"teams": teams}))
    start = {"dealer": dealer, "out": list(out), "new_game": False}
    return LIVE.derive(table, parse_options({"teams": teams}), start, plays)


def refused(plays: Sequence[Json], play: Json, **kwargs: Any) -> Violation:
    deal = live(plays, **kwargs)
    before = deal.to_json()
    with pytest.raises(PlayRefused) as caught:
        deal.play(play)
    assert deal.to_json() == before  # nothing taken
    return caught.value.violation


# 28♠ by seat 1, everyone else passes: trump spades, seat 1 leads (F10, F12).
SPADES_28 = calls("28S p p p")
NT_28 = calls("28NT p p p")


# -- the auction (F7–F11) -------------------------------------------------------------------


def test_worked_example_auction_ends_doubled_and_the_first_bidder_leads() -> None:
    # F9, F10: seat 1 bids 28♦, seat 2 doubles, the rest pass: 28♦ for team 1, doubled.
    deal = live(calls("28D x p p p"))
    state = deal.to_json()
    assert state["phase"] == "tricks" and state["auction"]["finished"]
    assert state["contract"] == {"seat": 1, "team": 1, "value": 28, "trump": "D", "double": 1}
    assert state["trump"] == "D" and state["next_seat"] == 1  # F12
    assert state["trick"] == {"number": 1, "leader": 1, "cards": []}
    assert deal.last_play_json()["auction_finished"] is True


@pytest.mark.parametrize(
    ("before", "play", "rule", "code"),
    [
        pytest.param("", call(2, "p"), None, "not-your-turn", id="F7-seat-after-dealer-first"),
        pytest.param("28D", call(3, "30S"), None, "not-your-turn", id="F7-round-in-order"),
        pytest.param("", call(1, "27S"), "F8", "bid-range", id="F8-below-28"),
        pytest.param("", call(1, "57S"), "F8", "bid-range", id="F8-above-56"),
        pytest.param("30S", call(2, "30H"), "F8", "bid-too-low", id="F8-suits-not-ranked"),
        pytest.param("", call(1, "x"), "F9", "cannot-double", id="F9-nothing-to-double"),
        pytest.param("28D p", call(3, "x"), "F9", "cannot-double", id="F9-own-team"),
        pytest.param("28D x", call(3, "x"), "F9", "cannot-double", id="F9-doubled-once"),
        pytest.param("28D", call(2, "xx"), "F9", "cannot-redouble", id="F9-no-double"),
        pytest.param("28D x p", call(0, "xx"), "F9", "cannot-redouble", id="F9-member-only"),
        pytest.param("28D x xx", call(0, "p"), "F9", "auction-over", id="F9-redouble-ends"),
        pytest.param("28D p p p", call(2, "30S"), "F10", "auction-over", id="F10-over"),
    ],
)
def test_illegal_calls_are_refused_with_their_rule(
    before: str, play: Json, rule: str | None, code: str
) -> None:
    violation = refused(calls(before), play)
    assert (violation.rule, violation.code) == (rule, code)


def test_f9_a_higher_bid_cancels_the_double_and_the_auction_goes_on() -> None:
    deal = live(calls("28D x 30S"))
    assert deal.to_json()["contract"]["double"] == 0 and deal.next_seat == 0


def test_f10_everyone_passing_gives_28_nt_to_the_first_bidders_team() -> None:
    deal = live(calls("p p p p", first=3), dealer=2)
    state = deal.to_json()
    assert state["contract"] == {"seat": 3, "team": 1, "value": 28, "trump": "NT", "double": 0}
    assert state["trump"] == "NT" and state["next_seat"] == 3


def test_f6_seats_of_a_team_out_pass_over_but_play_their_cards() -> None:
    # 6 players in pairs (team = seat mod 3); team 1 (seats 1 and 4) is out of tables.
    plays = [call(2, "28H"), call(3, "p"), call(5, "p"), call(0, "p")]
    assert refused(plays[:1], call(4, "p"), players=6, teams="pairs", out=[1]).code == (
        "not-your-turn"
    )
    deal = live(plays, players=6, teams="pairs", out=[1])
    # Self-play's reading: the first bidder (seat 2) leads, and every seat plays a card.
    assert deal.to_json()["phase"] == "tricks" and deal.next_seat == 2
    deal = live([*plays, *cards("KH QH JH JH 9H 9H", 2, 6)], players=6, teams="pairs", out=[1])
    assert deal.to_json()["tricks"][0]["winner"] == 4  # F13: the first J♥ (seat 4's)


def test_a_card_during_the_auction_cannot_be_read() -> None:
    with pytest.raises(InvalidInput):
        live([{"seat": 1, "card": "KH"}])


# -- the tricks (F3, F12, F13) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("auction", "trick", "winner", "points"),
    [
        # Worked example F13: 10♥ led, J♥, J♥, no trump: the first J♥ wins; 1 + 3 + 3 + 0.
        pytest.param(NT_28, "10H JH JH QH", 2, 7, id="F13-first-of-identical-wins"),
        pytest.param(SPADES_28, "AH QS JH 9H", 2, 6, id="F13-trump-beats-the-suit-led"),
        pytest.param(SPADES_28, "AH QS KS JD", 3, 4, id="F13-highest-trump"),
        pytest.param(NT_28, "KH JS JD QH", 1, 6, id="F13-off-suit-never-wins"),
    ],
)
def test_each_trick_is_won_and_counted_by_f13_and_f5(
    auction: list[Json], trick: str, winner: int, points: int
) -> None:
    deal = live([*auction, *cards(trick, 1)])
    done = deal.to_json()["tricks"][0]
    assert (done["winner"], done["points"]) == (winner, points)
    assert deal.last_play_json()["winner"] == winner
    assert deal.next_seat == winner  # F13: the winner leads the next trick
    team = winner % 2
    assert deal.to_json()["points"][team] == points and deal.to_json()["tricks_won"][team] == 1


@pytest.mark.parametrize(
    ("players", "card", "code"),
    [
        pytest.param(4, "8H", "not-in-pack", id="F3-no-8s-with-4"),
        pytest.param(6, "2C", "not-in-pack", id="F3-no-2s"),
        pytest.param(8, "6H", "not-in-pack", id="F3-no-6s-with-8"),
        pytest.param(4, "ZZ", "unknown-card", id="not-a-card"),
    ],
)
def test_cards_not_in_the_pack_cannot_be_read(players: int, card: str, code: str) -> None:
    deal = live(calls("28S " + "p " * (players - 1), players=players), players=players)
    with pytest.raises(InvalidInput) as caught:
        deal.play({"seat": 1, "card": card})
    assert caught.value.code == code


def test_f3_with_8_players_7s_and_8s_are_in_the_pack() -> None:
    deal = live([*calls("28S" + " p" * 7, players=8), *cards("8H 7H", 1, 8)], players=8)
    assert deal.to_json()["trick"]["cards"] == [
        {"seat": 1, "card": "8H"},
        {"seat": 2, "card": "7H"},
    ]


def test_f3_a_third_copy_of_a_card_is_impossible() -> None:
    plays = [*SPADES_28, *cards("JH JH", 1)]
    with pytest.raises(InvalidInput) as caught:
        live(plays).play({"seat": 3, "card": "JH"})
    assert caught.value.code == "duplicate-card"


@pytest.mark.parametrize(
    ("plays", "play", "code"),
    [
        pytest.param(cards("KH", 1), {"seat": 3, "card": "QH"}, "not-your-turn", id="turn"),
        pytest.param(cards("KH QS KH QH", 1), {"seat": 0, "card": "9C"}, "not-your-turn", id="F13"),
        pytest.param([], call(1, "30S"), "auction-over", id="F10-no-call-in-tricks"),
    ],
)
def test_plays_out_of_turn_are_refused(plays: list[Json], play: Json, code: str) -> None:
    assert refused([*SPADES_28, *plays], play).code == code


def test_f12_a_revoke_shows_when_a_void_suit_is_played_later() -> None:
    # Trick 1: seat 2 plays Q♠ on K♥: no heart then. Q♠ wins (trump), seat 2 leads trick 2.
    plays = [*SPADES_28, *cards("KH QS KH QH", 1), *cards("JD QD KD AD", 2)]
    violation = refused(plays, {"seat": 2, "card": "9H"})
    assert (violation.rule, violation.code) == ("F12", "must-follow-suit")
    assert "trick 1" in reason(violation) and "9♥" in reason(violation)
    # Any other suit is fine, and so is hearts for a seat that followed them.
    assert live([*plays, {"seat": 2, "card": "9C"}]).next_seat == 3
    assert live([*plays, *cards("9C 9H", 2)]).next_seat == 0
    assert live(plays).to_json()["voids"] == [[], [], ["H"], []]


def test_f12_a_revoke_shows_when_the_cards_to_come_cannot_fit_the_hands() -> None:
    # Seats 2, 3 and 0 show no heart in trick 1, so seat 1 holds all 11 hearts to come in its
    # 11 cards; K♠ (seat 3) wins and leads.
    plays = [*SPADES_28, *cards("KH QS KS QC", 1), *cards("JD QD", 3)]
    violation = refused(plays, {"seat": 1, "card": "KD"})
    assert (violation.rule, violation.code) == ("F12", "must-follow-suit")
    assert "11 hearts" in reason(violation) and "only seat 1" in reason(violation)
    assert live([*plays, {"seat": 1, "card": "9H"}]).next_seat == 2


def test_the_deal_is_over_after_the_last_trick() -> None:
    deal = _whole_deals(4, "sides", seed=3)[0][0]
    assert deal.finished and deal.next_seat is None and deal.to_json()["trick"] is None
    with pytest.raises(PlayRefused) as caught:
        deal.play({"seat": 0, "card": "JH"})
    assert caught.value.violation.code == "not-your-turn"


def test_a_record_is_only_for_a_finished_deal() -> None:
    with pytest.raises(InvalidInput):
        live(SPADES_28).record()


# -- the start (F6, F7) ---------------------------------------------------------------------


def session(players: int = 4, teams: str = "sides", tables: int = 12) -> tuple[Table, Json]:
    options = parse_options({"teams": teams, "tables": tables})
    return table_for(players, options), options


def test_the_start_takes_the_next_dealer_by_f7_unless_given() -> None:
    table, options = session()
    now = standing(table, options, [{"contract": None, "points": 30, "dealer": 2}])
    assert LIVE.start(table, options, now, {}) == {"dealer": 3, "new_game": False, "out": []}
    assert LIVE.start(table, options, now, None)["dealer"] == 3
    assert LIVE.start(table, options, now, {"dealer": 1})["dealer"] == 1


@pytest.mark.parametrize(
    "body", [{"dealer": 4}, {"dealer": "1"}, {"bid": 28}, [], {"new_game": "yes"}]
)
def test_a_bad_start_cannot_be_read(body: object) -> None:
    table, options = session()
    with pytest.raises(InvalidInput):
        LIVE.start(table, options, standing(table, options, []), body)


def test_f6_after_a_won_game_the_live_deal_starts_a_new_one() -> None:
    table, options = session(tables=1)
    won = [{"contract": {"seat": 1, "value": 28, "trump": "S", "double": 0}, "points": 30}]
    now = standing(table, options, won)
    assert now["winner"] == 1
    started = LIVE.start(table, options, now, {})
    assert started == {"dealer": 1, "new_game": True, "out": []}
    with pytest.raises(InvalidInput) as caught:
        LIVE.start(table, options, now, {"new_game": False})
    assert caught.value.code == "game-over"
    with pytest.raises(InvalidInput) as caught:
        LIVE.start(table, options, standing(table, options, []), {"new_game": True})
    assert caught.value.code == "game-not-over"
    deal = LIVE.derive(table, options, started, calls("p p p p", first=2))
    assert deal.to_json()["new_game"] is True


def test_f6_teams_out_sit_out_of_the_auction_from_the_start() -> None:
    table, options = session(6, "pairs", tables=1)
    lost = [{"contract": {"seat": 1, "value": 28, "trump": "S", "double": 0}, "points": 0}]
    now = standing(table, options, lost)  # team 1 paid its only table: out
    started = LIVE.start(table, options, now, {})
    assert started == {"dealer": 2, "new_game": False, "out": [1]}
    assert LIVE.derive(table, options, started, []).next_seat == 3


# -- whole deals from self-play -------------------------------------------------------------


def auction_for(contract: Json | None, auction: Auction, table: Table) -> list[Json]:
    """The calls that give self-play's contract: passes up to its seat, the bid, a double by
    the next opponent, a redouble by the bidding team, passes to the end (F7–F10)."""
    out = []
    while not auction.finished:
        seat = auction.next_seat
        assert seat is not None
        word, standing_bid = "p", auction.standing
        if contract is not None and standing_bid is None and seat == contract["seat"]:
            word = f"{contract['value']}{contract['trump']}"
        elif contract is not None and standing_bid is not None:
            ours = table.team_of(seat) == standing_bid.team
            if contract["double"] >= 1 and standing_bid.double == 0 and not ours:
                word = "x"
            elif contract["double"] == 2 and standing_bid.double == 1 and ours:
                word = "xx"
        play = call(seat, word)
        out.append(play)
        auction = apply(auction, parse_call(play))
    return out


def card_plays(deal: PlayedDeal) -> list[Json]:
    """The cards as the table sees them: each with its seat, trick by trick."""
    return [{"seat": p.seat, "card": str(p.card)} for t in deal.tricks for p in t.plays]


def _whole_deals(
    players: int, teams: str, seed: int, tables: int = 2
) -> list[tuple[FiftySixLiveDeal, Json, PlayedDeal]]:
    """Self-play's game fed to the live engine deal by deal: (live deal, its record, played)."""
    options = parse_options({"teams": teams, "tables": tables})
    table = table_for(players, options)
    game = play_game(random.Random(seed), table, options)
    out = []
    for n, (played, stored) in enumerate(zip(game.deals, game.records, strict=True)):
        now = standing(table, options, game.records[:n])
        started = LIVE.start(table, options, now, {})
        assert started["dealer"] == stored["dealer"] == played.dealer  # F7
        bidding = start(players, started["dealer"], teams, frozenset(started["out"]))
        plays = [*auction_for(stored["contract"], bidding, table), *card_plays(played)]
        out.append((LIVE.derive(table, options, started, plays), stored, played))
    return out


def test_a_fixed_deal_from_self_play_is_recorded_as_self_play_scores_it() -> None:
    options = parse_options({"tables": 1})
    table = table_for(4, options)
    game = play_game(random.Random(56), table, options)  # 1 table each: one deal decides
    (played,), (stored,) = game.deals, game.records
    dealer = played.dealer
    started = LIVE.start(table, options, standing(table, options, []), {})
    bidding = start(4, dealer)
    deal = LIVE.derive(table, options, started, auction_for(stored["contract"], bidding, table))
    for n, play in enumerate(card_plays(played)):
        # The test knows the hands: every card comes from its seat's dealt hand.
        assert play["card"] in [str(c) for c in played.hands[play["seat"]]]
        assert deal.next_seat == play["seat"]
        deal.play(play)
        assert deal.finished == (n == 47)
    assert [t["winner"] for t in deal.to_json()["tricks"]] == [t.winner for t in played.tricks]
    record = deal.record()
    assert {k: v for k, v in record.items() if k != "auction"} == stored
    assert parse_deal(record, table, options, []) == record  # the recorded auction is legal
    assert standing(table, options, [record]) == standing(table, options, [stored])


@pytest.mark.parametrize(
    ("players", "teams", "seed"),
    [(p, t, s) for p in (4, 6, 8) for t in ("sides", "pairs") for s in (1, 2)],
)
def test_whole_games_from_self_play_are_recorded_as_self_play_scores_them(
    players: int, teams: str, seed: int
) -> None:
    options = parse_options({"teams": teams, "tables": 2})
    table = table_for(players, options)
    records: list[Json] = []
    for deal, stored, played in _whole_deals(players, teams, seed):
        record = deal.record()
        assert {k: v for k, v in record.items() if k != "auction"} == stored
        # parse_deal with the deals before checks the recorded auction as the table stood.
        assert parse_deal(record, table, options, records) == record
        assert deal.to_json()["points"] == list(played.points)  # F14
        records.append(record)


# -- random auctions and play-outs ----------------------------------------------------------


def random_auction(rng: random.Random, bidding: Auction) -> list[Json]:
    """A random legal auction: mostly passes, so that it ends."""
    out = []
    while not bidding.finished:
        legal = legal_calls(bidding)
        passes = [c for c in legal if c.kind == "pass"]
        chosen = passes[0] if rng.random() < 0.6 else rng.choice(legal)
        out.append(chosen.to_json())
        bidding = apply(bidding, chosen)
    return out


@pytest.mark.parametrize(
    ("players", "teams"), [(p, t) for p in (4, 6, 8) for t in ("sides", "pairs")]
)
def test_random_play_outs_keep_every_invariant(players: int, teams: str) -> None:
    options = parse_options({"teams": teams})
    table = table_for(players, options)
    for seed in range(6):
        rng = random.Random(f"{players}-{teams}-{seed}")
        dealer = rng.randrange(players)
        out = [rng.randrange(table.teams)] if table.teams > 2 and seed % 2 else []
        bidding = start(players, dealer, teams, frozenset(out))
        auction_plays = random_auction(rng, bidding)
        deal = LIVE.derive(table, options, {"dealer": dealer, "out": out}, [])
        for play in auction_plays:
            assert deal.phase == "auction" and deal.next_seat == play["seat"]
            deal.play(play)
        assert deal.phase == "tricks"
        contract = deal.to_json()["contract"]
        leader = deal.next_seat
        played = play_deal(rng, table, dealer, parse_trump(contract["trump"]), leader)
        plays = card_plays(played)
        for n, play in enumerate(plays):
            assert not deal.finished and deal.next_seat == play["seat"]
            deal.play(play)  # a legal deal is never refused: no revoke is ever seen in it
            if (n + 1) % players == 0:
                done = played.tricks[n // players]
                assert deal.last_play_json()["winner"] == done.winner
                assert deal.last_play_json()["points"] == done.points
        state = deal.to_json()
        assert deal.finished and state["next_seat"] is None
        assert sum(state["points"]) == 56 and sum(state["tricks_won"]) == HAND[players]
        assert state["plays"] == [*auction_plays, *plays]
        json.dumps(state)
        record = deal.record()
        assert record["points"] == state["points"][contract["team"]]
        previous = _out_before(table, options, out)
        assert parse_deal(record, table, options, previous) == record
        # Derived again from a prefix, the state is the one seen on the way (undo).
        cut = rng.randrange(len(state["plays"]))
        again = LIVE.derive(table, options, {"dealer": dealer, "out": out}, state["plays"][:cut])
        assert again.to_json()["plays"] == state["plays"][:cut]


def _out_before(table: Table, options: Json, out: list[int]) -> list[Json]:
    """Deals that leave the teams `out` out of tables, to check a record after them."""
    if not out:
        return []
    # The team out bids 28 and takes no points, many times: it pays all it has (F15, F17).
    seat = out[0]
    lost = {"contract": {"seat": seat, "value": 28, "trump": "S", "double": 2}, "points": 0}
    deals: list[Json] = []
    while standing(table, options, deals)["out"] != out:
        deals.append(lost)
    return deals
