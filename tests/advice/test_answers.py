"""Advice and reviews as plain data (advice/answers.py), as a worker process takes and gives
them: the API's shapes (../shared/API.md, "Advice and review")."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from scorekeeper.advice.answers import advise_request, budget_of, review_deal
from scorekeeper.rules import InvalidInput
from scorekeeper.rules.casino.options import parse_options as casino_options
from scorekeeper.rules.casino.options import table_for as casino_table
from scorekeeper.rules.fifty_six.cards import deck as fifty_six_deck
from scorekeeper.rules.fifty_six.options import parse_options as fifty_six_options
from scorekeeper.rules.fifty_six.options import table_for as fifty_six_table
from scorekeeper.rules.fifty_six.selfplay import play_deal as fifty_six_play
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


def fifty_six_history(made: int) -> dict[str, object]:
    """A four-player Fifty-six deal (everyone passing: 28 NT, F10) after `made` cards, with the
    next mover's real hand, as POST /advice takes it."""
    start, plays = live_deals.fifty_six(6, 0, 4)
    played = fifty_six_play(random.Random(6), Table(2, 2), 0, None)
    cards = [play for trick in played.tricks for play in trick.plays]
    hand = cards[made].position.hand
    return {"history": {"start": start, "plays": plays[: 4 + made]}, "hand": [str(c) for c in hand]}


def casino_history(made: int) -> dict[str, object]:
    """A three-player Casino deal after `made` plays, with the next mover's real hand."""
    start, plays = live_deals.casino(5, 3)
    hand = live_deals.casino_played(5, 3).plays[made][0].hand
    return {
        "players": 3,
        "history": {"start": start, "plays": plays[:made]},
        "hand": [str(c) for c in hand],
    }


@pytest.mark.parametrize(
    ("game", "body"), [("fifty-six", fifty_six_history(9)), ("casino", casino_history(13))]
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
    # The last trick: seat 0 led 10H, seat 1 (to move) holds JH; seats 2 and 3 hold QS and 9S.
    position = {"players": 4, "trump": "S", "hand": ["JH"], "trick": ["10H"]}
    pack = Counter(str(card) for card in fifty_six_deck(4))
    seen = sorted((pack - Counter(["JH", "10H", "QS", "9S"])).elements())
    answer = advise_request("fifty-six", {"position": position, "seen": seen}, seed=1)
    assert answer["exact"] is False and [m["move"] for m in answer["moves"]] == [{"card": "JH"}]
    with pytest.raises(InvalidInput):  # the cards seen do not add up to the hands left
        advise_request("fifty-six", {"position": position, "seen": seen[1:]}, seed=1)
    with pytest.raises(InvalidInput) as refused:
        advise_request("fifty-six", {"position": {"phase": "auction", "players": 4}}, seed=1)
    assert refused.value.key == "advice-auction-position"


def test_casino_advises_on_a_bare_position_and_a_card_seen_and_held_is_refused() -> None:
    hand, loose = ["5H", "9C", "2D", "KS"], ["4D", "10S", "3C", "7H"]
    position = {"players": 2, "seat": 0, "hand": hand, "loose": loose}  # the deal's first play
    answer = advise_request("casino", {"position": position, "budget_ms": 100}, seed=1)
    assert {m["move"]["card"] for m in answer["moves"]} == set(hand)
    with pytest.raises(InvalidInput) as refused:
        advise_request("casino", {"position": position, "seen": ["9C"]}, seed=1)
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
    answer = review_deal(game, table, options, start, plays, deal_id=1)
    assert [s["seat"] for s in answer["seats"]] == [0, 1, 2, 3]
    assert all(p["loss"] >= 0 and (p["best"] is None) == (p["loss"] == 0) for p in answer["plays"])
    assert any(p["exact"] for p in answer["plays"])
