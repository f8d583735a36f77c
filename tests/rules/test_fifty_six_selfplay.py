"""Random play-outs of whole Fifty-six deals and games (rules/fifty-six.md F3–F7, F10, F12–F17).

Each configuration (4, 6 or 8 players; sides or pairs; multiply or additive doubling) plays
its games once; every test then checks one thing that must hold in all of them. The deck,
the points and who wins a trick are written out from the rules text, not read off the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from scorekeeper.rules import Table
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.fifty_six.options import parse_options, table_for
from scorekeeper.rules.fifty_six.record import parse_deal
from scorekeeper.rules.fifty_six.score import standing
from scorekeeper.rules.fifty_six.selfplay import (
    PlayedGame,
    SelfPlayError,
    play_deal,
    play_game,
)
from scorekeeper.rules.fifty_six.trick import TrickPosition, check, legal_cards

GAMES = 10  # per configuration: 12 configurations
ORDER = ["J", "9", "A", "10", "K", "Q", "8", "7"]  # F5
POINTS = {"J": 3, "9": 2, "A": 1, "10": 1}  # F5
HAND = {4: 12, 6: 8, 8: 8}  # F4

CONFIGS = [
    pytest.param(players, teams, doubling, id=f"{players}p-{teams}-{doubling}")
    for players in (4, 6, 8)
    for teams in ("sides", "pairs")
    for doubling in ("multiply", "additive")
]


def pack(players: int) -> Counter[Card]:
    ranks = ORDER if players == 8 else ORDER[:6]  # F3
    return Counter({Card.parse(r + s): 2 for s in "SHDC" for r in ranks})


@cache
def played(players: int, teams: str, doubling: str) -> tuple[Table, tuple[PlayedGame, ...]]:
    """The configuration's games, played once and shared by every test."""
    rng = random.Random(f"{players}-{teams}-{doubling}")
    options = parse_options({"teams": teams, "doubling": doubling, "tables": rng.randint(3, 12)})
    table = table_for(players, options)
    return table, tuple(play_game(rng, table, options) for _ in range(GAMES))


def options_of(game: PlayedGame, teams: str, doubling: str) -> dict[str, Any]:
    start = sum(game.standing["tables"]) // len(game.standing["tables"])
    return parse_options({"teams": teams, "doubling": doubling, "tables": start})


def oracle_winner(cards: list[Card], trump: Suit | None) -> int:
    """F13 by hand: a later card takes the trick if it is higher in the suit of the card
    winning so far, or a trump over a non-trump; identical cards do not take it."""
    best = 0
    for n, card in enumerate(cards):
        top = cards[best]
        if card.suit == top.suit:
            if ORDER.index(card.rank_name) < ORDER.index(top.rank_name):
                best = n
        elif card.suit == trump:
            best = n
    return best


@pytest.mark.parametrize(("players", "teams", "doubling"), CONFIGS)
def test_every_deal_deals_the_whole_pack_and_counts_56_points(
    players: int, teams: str, doubling: str
) -> None:
    _table, games = played(players, teams, doubling)
    for game in games:
        for deal in game.deals:
            assert [len(h) for h in deal.hands] == [HAND[players]] * players  # F4
            assert Counter(c for h in deal.hands for c in h) == pack(players)  # F3
            assert len(deal.tricks) == HAND[players]
            cards = [p.card for t in deal.tricks for p in t.plays]
            assert Counter(cards) == pack(players)  # every card played once
            assert sum(deal.points) == 56  # F5
            assert sum(POINTS.get(c.rank_name, 0) for c in cards) == 56


@pytest.mark.parametrize(("players", "teams", "doubling"), CONFIGS)
def test_every_play_is_legal_and_every_trick_won_as_f13_says(
    players: int, teams: str, doubling: str
) -> None:
    _table, games = played(players, teams, doubling)
    for game in games:
        for deal in game.deals:
            hands = [Counter(h) for h in deal.hands]
            for trick in deal.tricks:
                seats = [p.seat for p in trick.plays]
                assert seats == [(trick.leader + n) % players for n in range(players)]
                for n, play in enumerate(trick.plays):
                    assert isinstance(play.position, TrickPosition)
                    assert Counter(play.position.hand) == hands[play.seat]  # their real hand
                    assert list(play.position.trick) == [p.card for p in trick.plays[:n]]
                    assert play.position.trump == deal.trump
                    assert check(play.position, play.card) is None  # F12
                    assert play.card in legal_cards(play.position)
                    hands[play.seat][play.card] -= 1
                cards = [p.card for p in trick.plays]
                assert trick.winner == seats[oracle_winner(cards, deal.trump)]  # F13
                assert trick.points == sum(POINTS.get(c.rank_name, 0) for c in cards)
            assert all(not +hand for hand in hands)


@pytest.mark.parametrize(("players", "teams", "doubling"), CONFIGS)
def test_the_first_bidder_leads_and_each_winner_leads_the_next_trick(
    players: int, teams: str, doubling: str
) -> None:
    table, games = played(players, teams, doubling)
    for game in games:
        rows = game.standing["deals"]
        for n, (deal, row) in enumerate(zip(game.deals, rows, strict=True)):
            assert row["dealer"] == deal.dealer
            first = deal.tricks[0].leader
            out = {t for t, k in enumerate(rows[n - 1]["tables"]) if k == 0} if n else set()
            assert table.team_of(first) not in out
            if n:
                # F7: the deal passes to the next seat (of a team still holding tables).
                seat = (rows[n - 1]["dealer"] + 1) % players
                while table.team_of(seat) in out:
                    seat = (seat + 1) % players
                assert deal.dealer == seat
            if not out:
                assert first == (deal.dealer + 1) % players  # F12
            for before, after in zip(deal.tricks, deal.tricks[1:], strict=False):
                assert after.leader == before.winner  # F13
            points = [0] * table.teams
            for trick in deal.tricks:
                points[table.team_of(trick.winner)] += trick.points
            assert list(deal.points) == points  # F14


@pytest.mark.parametrize(("players", "teams", "doubling"), CONFIGS)
def test_tables_are_conserved_and_every_game_ends(players: int, teams: str, doubling: str) -> None:
    table, games = played(players, teams, doubling)
    for game in games:
        options = options_of(game, teams, doubling)
        total = options["tables"] * table.teams
        assert all(sum(row["tables"]) == total for row in game.standing["deals"])
        assert game.standing["winner"] is not None  # the game ends
        assert sorted(game.standing["tables"]) == [0] * (table.teams - 1) + [total]
        # The records are ones the score keeper accepts, and they fold to the same standing.
        again = []
        for record in game.records:
            again.append(parse_deal(record, table, options, again))
        assert again == list(game.records)
        assert standing(table, options, again) == game.standing


@pytest.mark.parametrize(("players", "teams", "doubling"), CONFIGS)
def test_each_record_counts_the_contracting_teams_tricks(
    players: int, teams: str, doubling: str
) -> None:
    _table, games = played(players, teams, doubling)
    for game in games:
        for deal, record, row in zip(game.deals, game.records, game.standing["deals"], strict=True):
            team = row["contract"]["team"]
            assert record["points"] == deal.points[team]
            assert row["made"] == (record["points"] >= row["contract"]["value"])  # F14
            trump = None if row["contract"]["trump"] == "NT" else Suit(row["contract"]["trump"])
            assert deal.trump == trump
            if record["contract"] is None:
                assert row["contract"]["value"] == 28 and deal.trump is None  # F10


def test_the_same_seed_plays_the_same_game_and_another_seed_does_not() -> None:
    options = parse_options({"tables": 4})
    table = table_for(4, options)

    def records(seed: int) -> tuple[dict[str, Any], ...]:
        return play_game(random.Random(seed), table, options).records

    assert records(5) == records(5)
    assert records(5) != records(6)


def test_a_policy_that_plays_an_illegal_card_is_caught() -> None:
    def first_card(position: TrickPosition, rng: random.Random) -> Card:
        return position.hand[0]

    with pytest.raises(SelfPlayError, match="F12"):
        for seed in range(20):
            play_deal(
                random.Random(seed), Table(2, 2), dealer=0, trump=Suit.SPADES, policy=first_card
            )


def test_a_game_that_cannot_end_is_reported() -> None:
    options = parse_options({"tables": 12})
    with pytest.raises(SelfPlayError, match="No winner"):
        # Everyone passes every deal: 28 NT moves 1 or 2 tables (F10, F15), never 12 in 2 deals.
        play_game(
            random.Random(1),
            table_for(4, options),
            options,
            max_deals=2,
            contracter=lambda *_: None,
        )
