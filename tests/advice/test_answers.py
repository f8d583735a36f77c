"""Advice and reviews as plain data (advice/answers.py), as a worker process takes and gives
them: the API's shapes (../shared/API.md, "Advice and review")."""

from __future__ import annotations

import json
import random

import pytest

from scorekeeper.advice.answers import advise_request, budget_of, review_deal
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.seep.options import parse_rule_options
from scorekeeper.rules.seep.selfplay import play_deal
from scorekeeper.rules.table import Table
from tests.helpers import live_deals


def test_advice_from_a_position_and_the_cards_seen_ranks_every_legal_move() -> None:
    deal = play_deal(random.Random(3), 0, 4)
    play = deal.plays[30]
    seen = {c for p in deal.plays[:30] for c in [p.move.card]} | set(deal.plays[0].position.loose)
    on_floor = {*play.position.loose, *(c for h in play.position.houses for c in h.cards)}
    body = {
        "game": "seep",
        "position": play.position.to_json(),
        "seen": sorted(str(c) for c in seen - on_floor),
        "budget_ms": 200,
    }
    answer = json.loads(json.dumps(advise_request("seep", body, seed=1)))
    assert set(answer) == {"moves", "samples", "exact"} and answer["samples"] >= 1
    margins = [m["margin"] for m in answer["moves"]]
    assert margins == sorted(margins, reverse=True)
    assert all(lo <= m["margin"] <= hi for m in answer["moves"] for lo, hi in [m["interval"]])
    assert answer["exact"] is False


def test_advice_from_the_deal_so_far_and_the_hand() -> None:
    start, plays = live_deals.seep(4, players=4)
    hand = play_deal(random.Random(4), 0, 4).plays[10].position.hand
    body = {
        "game": "seep",
        "history": {"start": start, "plays": plays[:10]},
        "hand": [str(c) for c in hand],
        "budget_ms": 100,
    }
    answer = advise_request("seep", body, seed=2)
    assert {json.dumps(m["move"], sort_keys=True) for m in answer["moves"]}
    assert all(m["move"]["card"] in body["hand"] for m in answer["moves"])


@pytest.mark.parametrize("budget", [0, 2001, "fast"])
def test_a_budget_out_of_bounds_is_refused(budget: object) -> None:
    with pytest.raises(InvalidInput):
        budget_of({"budget_ms": budget})
    assert budget_of({}) == 1.0


def test_a_review_names_every_play_each_seat_and_the_costliest() -> None:
    start, plays = live_deals.seep(8, players=4)
    table = Table(2, 2)
    answer = review_deal("seep", table, parse_rule_options(None), start, plays, deal_id=5)
    assert answer["deal"] == 5 and len(answer["plays"]) == 48
    assert [s["seat"] for s in answer["seats"]] == [0, 1, 2, 3]
    assert all(p["loss"] >= 0 for p in answer["plays"])
    losses = {p["number"]: p["loss"] for p in answer["plays"]}
    assert all(losses[n] > 0 for n in answer["costliest"])
    json.dumps(answer)  # plain data, for a worker process to hand back
