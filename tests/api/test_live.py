"""Live deals through the API (shared/API.md, "Live deals"): a Seep deal play by play.

The deals are played out by the engine's own self-play from a fixed shuffle: the test knows the
hands, the API sees only what the table sees, and the deal it records must be the engine's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.data import live_cache
from scorekeeper.data.extensions import db
from scorekeeper.data.models import GameSession, LiveDeal
from scorekeeper.rules.seep.record import SeepDeal
from scorekeeper.rules.seep.selfplay import play_deal
from tests.helpers import live_deals
from tests.helpers.api import SESSIONS, assert_error, bearer, post_deal
from tests.helpers.seep import deal as seep_record
from tests.helpers.seep import seep_session

SEEDS = (3, 11, 29)


@dataclass(frozen=True)
class Dealt:
    """A self-played deal: its start and numbered plays as the table sees them, its record."""

    start: dict[str, Any]
    plays: list[dict[str, Any]]
    record: SeepDeal


def played(seed: int) -> Dealt:
    """A whole deal of four players, from the shuffle of `seed`."""
    start, plays = live_deals.seep(seed)
    numbered = [{"number": n, **play} for n, play in enumerate(plays, start=1)]
    return Dealt(start, numbered, play_deal(random.Random(seed), 0).record)


class Table:
    """One session's live deal through the API, with the keeper's token."""

    def __init__(self, client: FlaskClient, **options: Any) -> None:
        self.client = client
        self.session = seep_session(client, **options)
        self.url = f"{SESSIONS}/{self.session['id']}/live"
        self.auth = bearer(self.session["edit_token"])

    def start(self, body: Any) -> TestResponse:
        return self.client.post(self.url, json=body, headers=self.auth)

    def play(self, body: Any) -> TestResponse:
        return self.client.post(f"{self.url}/plays", json=body, headers=self.auth)

    def take_back(self, number: int) -> TestResponse:
        return self.client.delete(f"{self.url}/plays/{number}", headers=self.auth)

    def read(self) -> TestResponse:
        return self.client.get(self.url)

    def deals(self) -> list[dict[str, Any]]:
        return self.client.get(f"{SESSIONS}/{self.session['id']}").get_json()["deals"]


@pytest.fixture
def table(client: FlaskClient) -> Table:
    return Table(client)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_whole_deal_played_live_records_the_engines_own_scoring(table: Table, seed: int) -> None:
    deal = played(seed)
    started = table.start(deal.start)
    assert started.status_code == 201, started.get_json()
    assert started.get_json()["finished"] is False
    bodies = deal.plays
    for body in bodies[:-1]:
        answer = table.play(body)
        assert answer.status_code == 201, (body, answer.get_json())
        assert "deal" not in answer.get_json()
    last = table.play(bodies[-1])
    assert last.status_code == 201, last.get_json()
    recorded = last.get_json()["deal"]
    expected = deal.record
    assert [sorted(side) for side in recorded["captured"]] == [
        sorted(str(card) for card in side) for side in expected.captured
    ]
    assert len(recorded["sweeps"]) == len(expected.sweeps)
    assert last.get_json()["finished"] is True
    assert [d["id"] for d in table.deals()] == [recorded["id"]]
    assert_error(table.read(), 404)  # the live deal ended: none is under way


def test_a_play_sent_again_is_stored_once_and_another_under_its_number_is_refused(
    table: Table,
) -> None:
    deal = played(SEEDS[0])
    table.start(deal.start)
    first, second = deal.plays[:2]
    answer = table.play(first)
    assert table.play(first).get_json() == answer.get_json()  # the same play: the same answer
    assert len(table.read().get_json()["plays"]) == 1
    other = {**second, "number": 1}
    assert_error(table.play(other), 409, "play-exists")
    assert_error(table.play({**second, "number": 3}), 409, "play-out-of-order")
    assert table.play(second).status_code == 201
    assert len(table.read().get_json()["plays"]) == 2


def test_the_last_play_sent_again_answers_with_the_same_deal(table: Table) -> None:
    deal = played(SEEDS[1])
    table.start(deal.start)
    bodies = deal.plays
    for body in bodies:
        last = table.play(body)
    again = table.play(bodies[-1])
    assert again.status_code == 201
    assert again.get_json()["deal"] == last.get_json()["deal"]
    assert len(table.deals()) == 1
    # Any other play, numbered within the deal that ended or after it, finds no deal under way.
    for number in (1, len(bodies) - 1, len(bodies) + 1):
        assert_error(table.play({**bodies[0], "number": number}), 404)
    table.start(played(SEEDS[0]).start)
    assert table.client.delete(table.url, headers=table.auth).status_code == 200
    assert_error(table.play(bodies[0]), 404)  # the next deal's start was taken back


def respelled(value: Any) -> Any:
    """A play as another program might write it: cards in lower case with T for 10, lists of
    cards in another order."""
    if isinstance(value, str):
        return value.lower().replace("10", "t")
    if isinstance(value, list):
        return [respelled(item) for item in reversed(value)]
    if isinstance(value, dict):
        return {name: respelled(item) for name, item in value.items()}
    return value


def test_a_play_sent_again_written_another_way_is_the_same_play(table: Table) -> None:
    deal = played(SEEDS[0])
    table.start(deal.start)
    spread = next(k for k, p in enumerate(deal.plays) if len(p.get("loose", [])) >= 2)
    for body in deal.plays[: spread + 1]:
        answer = table.play(body)
    again = table.play(respelled(deal.plays[spread]))
    assert again.status_code == 201
    assert again.get_json() == answer.get_json()
    assert table.read().get_json()["plays"] == [
        {k: v for k, v in p.items() if k != "number"} for p in deal.plays[: spread + 1]
    ]  # stored once, as first sent
    wrong = {**deal.plays[spread], "loose": deal.plays[spread]["loose"][:-1]}
    assert_error(table.play(wrong), 409, "play-exists")  # another capture is another play


def test_an_illegal_play_is_refused_with_its_rule_and_nothing_is_stored(table: Table) -> None:
    deal = played(SEEDS[0])
    table.start(deal.start)
    first = deal.plays[0]
    wrong_seat = {**first, "seat": (first["seat"] + 1) % 4}
    refused = table.play(wrong_seat)
    assert refused.status_code == 400
    assert refused.get_json()["error"] == "not-your-turn"
    assert table.read().get_json()["plays"] == []
    thrown = {"number": 1, "seat": first["seat"], "card": "2C", "action": "capture", "loose": []}
    refused = table.play(thrown)
    assert refused.status_code == 400
    body = refused.get_json()
    assert set(body) == {"error", "rule", "rule_id", "message"}
    assert body["rule"] == body["error"] and body["rule_id"] is not None  # as /check names them
    assert table.read().get_json()["plays"] == []


# The bidder (seat 0) builds 4♣+5♦ into a 9-house and, four plays on, raises it with 2♠.
OWN_HOUSE_PLAYS = [
    {"seat": 0, "card": "4C", "action": "build", "value": 9, "loose": ["5D"]},
    {"seat": 1, "card": "2C", "action": "throw"},
    {"seat": 2, "card": "3S", "action": "capture", "loose": ["3H", "AS", "2C"]},
    {"seat": 3, "card": "6H", "action": "throw"},
    {"seat": 0, "card": "2S", "action": "raise", "house": 9},
]
OWN_HOUSE_START = {"dealer": 3, "bid": {"seat": 0, "value": 9}, "floor": ["5D", "3H", "AS", "10D"]}


@pytest.mark.parametrize("raise_own", ["off", "on"])
def test_a_live_deal_follows_the_sessions_raise_own_option(
    client: FlaskClient, raise_own: str
) -> None:
    """R3 through /live/plays: a session with raise_own: on lets the maker raise their own
    house; by default R1 refuses it and nothing is stored."""
    table = Table(client, raise_own=raise_own)
    assert table.start(OWN_HOUSE_START).status_code == 201
    for number, play in enumerate(OWN_HOUSE_PLAYS[:-1], start=1):
        assert table.play({"number": number, **play}).status_code == 201
    answer = table.play({"number": 5, **OWN_HOUSE_PLAYS[-1]})
    if raise_own == "off":
        assert answer.status_code == 400
        refused = answer.get_json()
        assert (refused["rule"], refused["rule_id"]) == ("raise-own-house", "R1")
        assert len(table.read().get_json()["plays"]) == 4
        return
    assert answer.status_code == 201, answer.get_json()
    houses = answer.get_json()["position"]["houses"]
    assert [(h["value"], h["owners"], h["cemented"]) for h in houses] == [(11, [0], False)]
    assert len(table.read().get_json()["plays"]) == 5


def test_only_the_last_play_is_taken_back(table: Table) -> None:
    deal = played(SEEDS[2])
    version = table.start(deal.start).get_json()["version"]
    for number in (0, 1):
        none_yet = assert_error(table.take_back(number), 409, "not-last-play")
        assert none_yet.startswith("No play was entered yet")
    assert table.read().get_json()["version"] == version  # nothing changed
    bodies = deal.plays
    for body in bodies[:3]:
        table.play(body)
    before = table.read().get_json()
    assert assert_error(table.take_back(2), 409, "not-last-play") == (
        "Only the last play (3) can be taken back."
    )
    after = table.take_back(3)
    assert after.status_code == 200
    assert len(after.get_json()["plays"]) == 2
    assert table.play(bodies[2]).get_json()["position"] == before["position"]


def test_one_live_deal_at_a_time_and_the_start_is_checked(table: Table) -> None:
    deal = played(SEEDS[0])
    body = deal.start
    assert table.start({**body, "floor": body["floor"][:3]}).status_code == 400
    started = table.start({**body, "dealer": None})  # null, as left out: the next dealer (M5)
    assert started.status_code == 201, started.get_json()
    assert started.get_json()["dealer"] == 0
    assert_error(table.start(body), 409, "live-deal-exists")
    unnumbered = {k: v for k, v in deal.plays[0].items() if k != "number"}
    assert "'number'" in assert_error(table.play(unnumbered), 400, "missing-field")


def test_writes_need_the_token_and_reads_answer_304(table: Table, client: FlaskClient) -> None:
    deal = played(SEEDS[0])
    assert_error(client.post(table.url, json=deal.start), 401)
    assert_error(client.post(table.url, json=deal.start, headers=bearer("wrong")), 403)
    assert_error(client.get(f"{SESSIONS}/nosuchsession/live"), 404)
    table.start(deal.start)
    read = table.read()
    assert client.get(table.url, headers={"If-None-Match": read.headers["ETag"]}).status_code == 304
    table.play(deal.plays[0])
    assert client.get(table.url, headers={"If-None-Match": read.headers["ETag"]}).status_code == 200


def test_a_finished_live_deal_is_replayed_step_by_step(table: Table, client: FlaskClient) -> None:
    deal = played(SEEDS[1])
    first = table.start(deal.start).get_json()
    answers = [table.play(body).get_json() for body in deal.plays]
    replay_url = f"{SESSIONS}/{table.session['id']}/deals/{answers[-1]['deal']['id']}/plays"

    replay = client.get(replay_url)

    assert replay.status_code == 200
    body = replay.get_json()
    assert body["plays"] == [{k: v for k, v in p.items() if k != "number"} for p in deal.plays]
    steps = body["steps"]
    assert len(steps) == len(deal.plays) + 1
    for step, state in zip(steps, [first, *answers], strict=True):
        for name in ("position", "next_seat", "captured_points", "sweeps", "finished"):
            assert step[name] == state[name], name
    assert steps[5]["play"] == answers[4]["play"]
    assert body["corrected"] is False  # stored as its plays made it
    tag = {"If-None-Match": replay.headers["ETag"]}
    assert client.get(replay_url, headers=tag).status_code == 304
    # Corrected on the scoreboard: the replay says so (its plays are still as played).
    recorded = answers[-1]["deal"]
    deal_url = f"{SESSIONS}/{table.session['id']}/deals/{recorded['id']}"
    match = {"If-Match": f'"{recorded["id"]}.{recorded["version"]}"'}
    assert client.put(deal_url, json=seep_record(40), headers=table.auth | match).status_code == 200
    again = client.get(replay_url, headers=tag)
    assert again.status_code == 200
    assert again.get_json()["corrected"] is True and again.get_json()["steps"] == steps


def test_only_a_deal_played_live_has_plays_to_replay(table: Table, client: FlaskClient) -> None:
    whole = post_deal(client, table.session, seep_record(40)).get_json()
    session_url = f"{SESSIONS}/{table.session['id']}"
    assert_error(client.get(f"{session_url}/deals/{whole['id']}/plays"), 404)
    assert_error(client.get(f"{session_url}/deals/99/plays"), 404)
    assert_error(client.get(f"{SESSIONS}/nosuchsession/deals/1/plays"), 404)


def test_a_start_is_taken_back_alone_only_before_any_play(
    table: Table, client: FlaskClient
) -> None:
    deal = played(SEEDS[0])
    table.start(deal.start)
    table.play(deal.plays[0])
    message = assert_error(client.delete(table.url, headers=table.auth), 409, "live-deal-has-plays")
    assert message.startswith("The live deal has 1 play, not 0: take it back first")
    assert_error(client.delete(table.url), 401)
    table.take_back(1)

    taken = client.delete(table.url, headers=table.auth)

    assert taken.status_code == 200
    assert taken.get_json()["start"] == deal.start  # to be put right and sent again
    assert taken.get_json()["plays"] == []
    assert_error(table.read(), 404)  # none under way: a new start is taken
    assert_error(client.delete(table.url, headers=table.auth), 404)
    assert table.start(deal.start).status_code == 201


def test_a_live_deal_is_stopped_with_the_count_of_its_plays_to_enter_it_whole(
    table: Table, client: FlaskClient
) -> None:
    """Its plays are discarded only when the count sent is theirs: a play sent since by
    another phone is never discarded unseen. Then the deal is entered whole."""
    deal = played(SEEDS[0])
    table.start(deal.start)
    for body in deal.plays[:3]:
        table.play(body)
    message = assert_error(
        client.delete(f"{table.url}?plays=2", headers=table.auth), 409, "live-deal-has-plays"
    )
    assert message.startswith("The live deal has 3 plays, not 2: take them back first")
    for odd in ("two", "٣"):  # an Arabic-Indic 3 is a digit to Python, not to a client
        odd_count = client.delete(f"{table.url}?plays={odd}", headers=table.auth)
        assert_error(odd_count, 400, "bad-field")
    assert len(table.read().get_json()["plays"]) == 3  # nothing discarded

    stopped = client.delete(f"{table.url}?plays=3", headers=table.auth)

    assert stopped.status_code == 200
    plays = [{k: v for k, v in p.items() if k != "number"} for p in deal.plays[:3]]
    assert stopped.get_json()["plays"] == plays
    assert_error(table.read(), 404)
    assert post_deal(client, table.session, seep_record(40)).status_code == 201
    assert len(table.deals()) == 1


def test_a_deal_is_not_entered_whole_while_it_is_played_live(
    table: Table, client: FlaskClient
) -> None:
    """Entered whole on one phone while another plays it live, it would be recorded twice."""
    deal = played(SEEDS[0])
    table.start(deal.start)
    table.play(deal.plays[0])

    refused = post_deal(client, table.session, seep_record(40))

    assert_error(refused, 409, "live-deal-under-way")
    assert "Deal 1 is being played live" in refused.get_json()["message"]
    assert table.deals() == []
    assert len(table.read().get_json()["plays"]) == 1


def test_plays_another_worker_wrote_or_took_back_are_derived_not_taken_from_the_snapshot(
    table: Table,
) -> None:
    deal = played(SEEDS[2])
    table.start(deal.start)
    for body in deal.plays[:10]:
        assert table.play(body).status_code == 201  # this worker's snapshot: 10 plays
    app = table.client.application
    for stored in ([*deal.plays[:11]], deal.plays[:4]):  # one more play, then an undo of 7
        with app.app_context():  # written by another worker: this one's snapshot never saw it
            live = LiveDeal.find_current(db.session.get(GameSession, table.session["id"]))
            live.plays = [{k: v for k, v in p.items() if k != "number"} for p in stored]
            db.session.commit()
        seen = table.read().get_json()
        assert len(seen["plays"]) == len(stored)
        live_cache.forget()
        assert seen == table.read().get_json()  # as derived with no snapshot at all
    assert table.play(deal.plays[4]).get_json()["plays"] == table.read().get_json()["plays"]
    live_cache.forget()
    assert len(table.read().get_json()["plays"]) == 5
