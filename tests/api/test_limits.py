"""The limits of rules/limits.py: a session's deals and a live deal's plays, refused with a 4xx
naming the limit; the longest legal live deal of each game fits."""

from __future__ import annotations

import json
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

import scorekeeper
from scorekeeper.data.models import Deal
from scorekeeper.rules.fifty_six import auction
from scorekeeper.rules.limits import (
    LONGEST_LIVE_DEAL,
    MAX_BODY,
    MAX_CLUB_NAME,
    MAX_NAME,
    MAX_TEAM_NAME,
    MOST_DEALS,
    MOST_PLAYS,
)
from tests.helpers import live_deals
from tests.helpers.api import (
    SESSIONS,
    Json,
    add_deals,
    assert_error,
    bearer,
    count,
    new_session,
    post_deal,
    read,
)
from tests.helpers.deal_rows import fill
from tests.helpers.seep import deal as seep_deal

MOST_SAID = f"{MOST_DEALS:,}"
EIGHT = [
    {"name": "Lions", "players": ["Asha", "Ravi", "Kiran", "Lata"]},
    {"name": "Tigers", "players": ["Meena", "Dev", "Zoya", "Omar"]},
]


def full_seep(app: Flask, client: FlaskClient, room: int = 0) -> Json:
    """A Seep session holding MOST_DEALS deals (deleted ones among them), less `room`."""
    session = new_session(client, "seep")
    add_deals(client, session, seep_deal(60, dealer=0))
    fill(app, session, MOST_DEALS - 1 - room)
    return session


def test_a_session_takes_deals_up_to_the_limit(app: Flask, client: FlaskClient) -> None:
    session = full_seep(app, client, room=1)
    assert post_deal(client, session, seep_deal(30)).status_code == 201


def test_a_full_session_refuses_a_deal_naming_the_limit(app: Flask, client: FlaskClient) -> None:
    session = full_seep(app, client)
    before = read(client, session)
    message = assert_error(post_deal(client, session, seep_deal(30)), 409, "too-many-deals")
    assert MOST_SAID in message and "Nothing was stored" in message
    assert read(client, session) == before
    assert count(app, Deal) == MOST_DEALS


def test_a_full_session_starts_no_live_deal(app: Flask, client: FlaskClient) -> None:
    session = full_seep(app, client)
    start, _plays = live_deals.seep(1, dealer=1)
    url = f"{SESSIONS}/{session['id']}/live"
    answer = client.post(url, json=start, headers=bearer(session["edit_token"]))
    assert MOST_SAID in assert_error(answer, 409, "too-many-deals")


def test_a_deal_number_past_the_limit_is_bad_input(client: FlaskClient) -> None:
    session = new_session(client, "seep")
    answer = post_deal(client, session, seep_deal(60, dealer=0) | {"number": MOST_DEALS + 1})
    assert str(MOST_DEALS) in assert_error(answer, 400, "bad-field")


# -- plays --------------------------------------------------------------------------------


def longest_auction(players: int, dealer: int = 0) -> list[Json]:
    """The longest auction the rules allow: each call keeps it going as long as it can (a pass
    that does not end it, else a double, else the lowest bid, else a redouble: F8–F10)."""
    state = auction.start(players, dealer)
    calls: list[Json] = []
    while not state.finished:
        legal = auction.legal_calls(state)
        kinds = {call.kind: call for call in reversed(legal)}  # the lowest bid of each kind
        going = auction.apply(state, kinds["pass"])
        call = kinds["pass"] if not going.finished else None
        call = call or kinds.get("double") or kinds.get("bid") or kinds.get("redouble")
        call = call or kinds["pass"]
        state = auction.apply(state, call)
        calls.append(call.to_json())
    return calls


def test_the_longest_legal_live_deal_is_the_one_limits_py_derives() -> None:
    calls = longest_auction(8)
    assert len(calls) == 414 and calls[-1]["call"] == "redouble"
    assert len(calls) + 64 == LONGEST_LIVE_DEAL < MOST_PLAYS
    for players in (4, 6):
        assert len(longest_auction(players)) < len(calls)


def test_the_longest_fifty_six_deal_is_played_live_to_its_end(client: FlaskClient) -> None:
    # Eight players bidding each number from 28 to 56, each doubled, the last redoubled (F9):
    # 414 calls, then 64 cards (F3).
    session = new_session(client, "fifty-six", EIGHT)
    calls = longest_auction(8)
    start, plays = live_deals.fifty_six(3, dealer=0, players=8, calls=[*calls])
    assert len(plays) == LONGEST_LIVE_DEAL
    url, auth = f"{SESSIONS}/{session['id']}/live", bearer(session["edit_token"])
    assert client.post(url, json=start, headers=auth).status_code == 201
    for number, play in enumerate(plays, 1):
        answer = client.post(f"{url}/plays", json={"number": number, **play}, headers=auth)
        assert answer.status_code == 201, (number, answer.get_json())
    deal = answer.get_json()["deal"]
    top = next(call for call in reversed(calls) if call["call"] == "bid")
    assert deal["contract"] == {"seat": top["seat"], "value": 56, "trump": "S", "double": 2}


def test_a_play_past_the_limit_is_refused_naming_it(client: FlaskClient) -> None:
    session = new_session(client, "seep")
    start, plays = live_deals.seep(1)
    url, auth = f"{SESSIONS}/{session['id']}/live", bearer(session["edit_token"])
    assert client.post(url, json=start, headers=auth).status_code == 201
    body = {"number": MOST_PLAYS + 1, **plays[0]}
    message = assert_error(client.post(f"{url}/plays", json=body, headers=auth), 400)
    assert f"{MOST_PLAYS:,}" in message
    answer = client.post(f"{url}/plays", json=body, headers=auth).get_json()
    assert answer["error"] == "too-many-plays"


# -- openapi.json states them --------------------------------------------------------------

DOCUMENT: Json = json.loads(
    (Path(scorekeeper.__file__).parent / "api" / "openapi.json").read_text(encoding="utf-8")
)
SCHEMAS: Json = DOCUMENT["components"]["schemas"]


def named(kinds: tuple[str, ...]) -> set[str]:
    """The schemas whose names end in one of `kinds`."""
    return {name for name in SCHEMAS if name.endswith(kinds)}


def test_the_document_states_the_names_limits() -> None:
    assert SCHEMAS["PlayerName"]["maxLength"] == MAX_NAME
    teams = named(("TeamRequest", "Team"))
    assert len(teams) == 6
    assert {SCHEMAS[t]["properties"]["name"]["maxLength"] for t in teams} == {MAX_TEAM_NAME}
    clubs = {"ClubRequest", "ClubCreated", "Club", "ClubStats"}
    assert {SCHEMAS[c]["properties"]["name"]["maxLength"] for c in clubs} == {MAX_CLUB_NAME}


def test_the_document_states_the_deals_and_plays_limits() -> None:
    posted = named(("PostedDeal",)) - {"PostedDeal"}
    assert len(posted) == 3
    assert {SCHEMAS[d]["properties"]["number"]["maximum"] for d in posted} == {MOST_DEALS}
    sessions = {"SeepSession", "FiftySixSession", "CasinoSession"}
    assert {SCHEMAS[s]["properties"]["deals"]["maxItems"] for s in sessions} == {MOST_DEALS}
    assert SCHEMAS["LivePlayNumber"]["maximum"] == MOST_PLAYS
    lists = [SCHEMAS[s]["properties"]["plays"] for s in named(("LiveState",)) - {"LiveState"}]
    lists += [SCHEMAS[s]["properties"]["plays"] for s in ("LiveReplay", "LiveStartTakenBack")]
    assert {plays["maxItems"] for plays in lists} == {MOST_PLAYS}
    assert SCHEMAS["LiveReplay"]["properties"]["steps"]["maxItems"] == MOST_PLAYS + 1
    assert "too-many-deals" in SCHEMAS["DealConflict"]["properties"]["error"]["enum"]
    assert "too-many-plays" in SCHEMAS["BadInput"]["properties"]["error"]["enum"]


def test_the_document_states_the_body_limit_and_every_limit_in_words() -> None:
    said = DOCUMENT["info"]["description"]
    body = f"{MAX_BODY:,} bytes ({MAX_BODY // 1024} KB)"
    assert body in said and "chunked" in said and "413 `too-large`" in said
    assert body.split(" (")[0] in DOCUMENT["components"]["responses"]["TooLarge"]["description"]
    for number in (MAX_NAME, MAX_TEAM_NAME, MAX_CLUB_NAME, LONGEST_LIVE_DEAL):
        assert str(number) in said
    for number in (MOST_DEALS, MOST_PLAYS):
        assert f"{number:,}" in said
    operations = [op for path in DOCUMENT["paths"].values() for op in path.values()]
    with_body = [op for op in operations if "requestBody" in op]
    assert with_body and all("413" in op["responses"] for op in with_body)
