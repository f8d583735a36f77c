"""Advice and reviews as plain data (advice/answers.py), as a worker process takes and gives
them: the API's shapes (../shared/API.md, "Advice and review")."""

from __future__ import annotations

import json
import random

import pytest

from scorekeeper.advice.answers import advise_request, budget_of, review_deal, with_dealer
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.casino.options import parse_options as casino_options
from scorekeeper.rules.casino.options import table_for as casino_table
from scorekeeper.rules.fifty_six.options import parse_options as fifty_six_options
from scorekeeper.rules.fifty_six.options import table_for as fifty_six_table
from scorekeeper.rules.seep.options import parse_rule_options
from scorekeeper.rules.seep.selfplay import play_deal
from scorekeeper.rules.table import Table
from tests.helpers import advice_bodies, live_deals


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
    answer = review_deal(
        "seep", table, parse_rule_options(None), start, plays, deal_id=5, budget=1.0
    )
    assert answer["deal"] == 5 and len(answer["plays"]) == 48
    assert [s["seat"] for s in answer["seats"]] == [0, 1, 2, 3]
    assert all(p["loss"] >= 0 for p in answer["plays"])
    losses = {p["number"]: p["loss"] for p in answer["plays"]}
    assert all(losses[n] > 0 for n in answer["costliest"])
    json.dumps(answer)  # plain data, for a worker process to hand back


@pytest.mark.parametrize(
    ("game", "body"),
    [("fifty-six", advice_bodies.fifty_six_history()), ("casino", advice_bodies.casino_history())],
)
def test_every_game_advises_from_the_deal_so_far(game: str, body: dict[str, object]) -> None:
    answer = json.loads(json.dumps(advise_request(game, {**body, "budget_ms": 150}, seed=3)))
    hand = set(body["hand"])  # type: ignore[arg-type]
    assert answer["samples"] >= 1 and answer["moves"]
    assert all(m["move"]["card"] in hand for m in answer["moves"])
    margins = [m["margin"] for m in answer["moves"]]
    assert margins == sorted(margins, reverse=True)
    # Fifty-six alone says the chance that the contract is made (API.md), a share of samples.
    made = [m.get("made") for m in answer["moves"]]
    if game == "fifty-six":
        assert all(m is not None and 0 <= m <= 1 for m in made)
    else:
        assert made == [None] * len(made)


def test_fifty_six_advises_on_a_trick_position_but_not_an_auction() -> None:
    body = advice_bodies.fifty_six_position()
    answer = advise_request("fifty-six", body, seed=1)
    assert answer["exact"] is False and [m["move"] for m in answer["moves"]] == [{"card": "JH"}]
    with pytest.raises(InvalidInput):  # the cards seen do not add up to the hands left
        advise_request("fifty-six", {**body, "seen": body["seen"][1:]}, seed=1)
    with pytest.raises(InvalidInput) as refused:
        advise_request("fifty-six", {"position": {"phase": "auction", "players": 4}}, seed=1)
    assert refused.value.key == "advice-auction-position"


def test_casino_advises_on_a_bare_position_and_a_card_seen_and_held_is_refused() -> None:
    body = advice_bodies.casino_position() | {"budget_ms": 100}
    hand = body["position"]["hand"]
    answer = advise_request("casino", body, seed=1)
    assert {m["move"]["card"] for m in answer["moves"]} == set(hand)
    with pytest.raises(InvalidInput) as refused:
        advise_request("casino", body | {"seen": [hand[1]]}, seed=1)
    assert refused.value.key == "advice-seen-held"


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"history": []},
        {"history": {"start": {}}},
        {"history": {"start": [], "plays": []}, "hand": []},
        {"history": {"start": {}, "plays": {}}, "hand": []},
    ],
)
def test_a_request_without_a_readable_position_or_history_is_refused(body: object) -> None:
    with pytest.raises(InvalidInput):
        advise_request("seep", body, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("game", "deal"), [("fifty-six", 6), ("casino", 2)])
def test_every_game_reviews_a_finished_deal(game: str, deal: int) -> None:
    start, plays = live_deals.DEALS[game](deal)
    options = (fifty_six_options if game == "fifty-six" else casino_options)({})
    table = (fifty_six_table if game == "fifty-six" else casino_table)(4, options)
    answer = review_deal(game, table, options, start, plays, deal_id=1, budget=1.0)
    assert [s["seat"] for s in answer["seats"]] == [0, 1, 2, 3]
    assert all(p["loss"] >= 0 and (p["best"] is None) == (p["loss"] == 0) for p in answer["plays"])
    assert any(p["exact"] for p in answer["plays"])


@pytest.mark.parametrize("game", ["seep", "fifty-six", "casino"])
def test_a_history_may_leave_its_dealer_out(game: str) -> None:
    """S1: the seat before the bidder; else before the first play; the same advice."""
    body = advice_bodies.bodies(game)[1]
    start = dict(body["history"]["start"])
    dealt = start.pop("dealer")
    assert dealt is not None
    without = body | {"history": body["history"] | {"start": start}}
    assert with_dealer(start, body["history"]["plays"], body.get("players", 4))["dealer"] == dealt
    assert advise_request(game, without, seed=5)["moves"]
