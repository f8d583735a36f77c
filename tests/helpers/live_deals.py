"""Whole live deals from each game's self-play, as the table sees them: the start body and the
public plays in order (unnumbered), for tests that drive a live deal through the API."""

from __future__ import annotations

import random
from typing import Any

from scorekeeper.rules.casino import options as casino_options
from scorekeeper.rules.casino import selfplay as casino_selfplay
from scorekeeper.rules.fifty_six import selfplay as fifty_six_selfplay
from scorekeeper.rules.fifty_six import trick
from scorekeeper.rules.fifty_six.options import parse_options, table_for
from scorekeeper.rules.seep import selfplay as seep_selfplay

Json = dict[str, Any]
LiveDeal = tuple[Json, list[Json]]  # the start body, then each play's body


def seep(seed: int, dealer: int = 0, players: int = 4) -> LiveDeal:
    """Four players (or two, S1/S4): the dealer, the bid and the four floor cards, then each
    seat's move."""
    deal = seep_selfplay.play_deal(random.Random(seed), dealer, players)
    bid = deal.record.bid
    assert bid is not None
    floor = [str(card) for card in deal.plays[0].position.loose]
    start = {"dealer": dealer, "bid": {"seat": bid.seat, "value": bid.value}, "floor": floor}
    return start, [{"seat": play.seat, **play.move.to_json()} for play in deal.plays]


def fifty_six(
    seed: int,
    dealer: int = 0,
    players: int = 4,
    options: Json | None = None,
    calls: list[Json] | None = None,
) -> LiveDeal:
    """`players` seated as the session `options` say (two sides unless teams: pairs, F1, F2):
    the auction `calls` (its last bid names the trump), or everyone passing (28 no-trumps,
    F10), then every card, the seat after the dealer leading (F12)."""
    table = table_for(players, parse_options(options or {}))
    bids = [call for call in calls or [] if call["call"] == "bid"]
    trump = trick.parse_trump(bids[-1]["trump"]) if bids else None
    deal = fifty_six_selfplay.play_deal(random.Random(seed), table, dealer, trump)
    passes = [{"seat": (dealer + 1 + n) % players, "call": "pass"} for n in range(players)]
    cards = [{"seat": p.seat, "card": str(p.card)} for t in deal.tricks for p in t.plays]
    return {"dealer": dealer}, [*(passes if calls is None else calls), *cards]


def casino(seed: int, players: int = 4, options: Json | None = None) -> LiveDeal:
    """The table's four cards, then each seat's move; the last seat deals, so seat 0 plays
    first (K1). Session `options` as the API takes them (default: classic, players alone)."""
    deal = casino_played(seed, players, options)
    first = deal.plays[0][0]
    start = {"dealer": players - 1, "table": [str(card) for card in first.loose]}
    return start, [{"seat": p.seat} | m.to_json() for p, m in deal.plays]


def casino_played(seed: int, players: int = 4, options: Json | None = None) -> casino_selfplay.Deal:
    """The self-played deal behind `casino(seed, players, options)`, every hand as it was."""
    chosen = casino_options.parse_options(options or {})
    paired = casino_options.table_for(players, chosen).players_per_team > 1
    return casino_selfplay.play_deal(
        random.Random(seed),
        players,
        partnerships=paired,
        variant=chosen["variant"],
        sweeps=chosen["sweeps"] == "on",
        aces=chosen["aces"],
    )


DEALS = {"seep": seep, "fifty-six": fifty_six, "casino": casino}
