"""A tournament table's round through the API (shared/API.md, "A table's round ends"): a session
whose options carry the round's length (`deals: n`, Seep's `baazis: 1`, Fifty-six's and Casino's
`games: 1`) is finished once it is reached, and a further deal, whole or live, answers 409
`round-over` in the request's language, storing nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.models import Deal
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
    snapshot,
)
from tests.helpers.casino import FOUR_SEVEN, SEVEN_FOUR
from tests.helpers.fifty_six import deal as fifty_six_deal
from tests.helpers.seep import deal as seep_deal

PT = {"Accept-Language": "pt-BR,pt;q=0.9"}
HI = {"Accept-Language": "hi"}

# Each game's deals: the round's, then one too many (any deal the game would take next).
ROUNDS = [
    # Seep, two deals: 60-40 then 30-70 (M1): team 1 leads by 20.
    ("seep", {"deals": 2}, [seep_deal(60), seep_deal(30)], seep_deal(55), 1),
    # Fifty-six, one deal: team 1 makes 40 (F15: 2 tables, 10-14).
    ("fifty-six", {"deals": 1}, [fifty_six_deal(1, 45, value=40)], fifty_six_deal(2, 30, 28), 1),
    # Casino, two deals: 7-4, 4-7 (K11): 11-11, level.
    ("casino", {"deals": 2}, [SEVEN_FOUR, FOUR_SEVEN], SEVEN_FOUR, None),
]


@pytest.mark.parametrize(("game", "options", "deals", "more", "went_to"), ROUNDS)
def test_a_deal_past_the_round_s_deals_answers_409_round_over(
    client: FlaskClient,
    app: Flask,
    game: str,
    options: Json,
    deals: list[Json],
    more: Json,
    went_to: int | None,
) -> None:
    session = new_session(client, game, None, **options)
    assert read(client, session)["options"]["deals"] == options["deals"]
    *earlier, last = deals
    answer = add_deals(client, session, *earlier) if earlier else None
    if answer:
        assert answer["standing"]["finished"] is False
    answer = add_deals(client, session, last)
    assert answer["standing"]["finished"] is True and answer["standing"]["ended"] is False
    assert answer["standing"]["session_winner"] == went_to
    before, rows = snapshot(client, session), count(app, Deal)
    message = assert_error(post_deal(client, session, more), 409, "round-over")
    n = len(deals)
    assert message == (
        f"This round is over: it was {n} deal{'s' if n > 1 else ''}, and "
        f"{'they are' if n > 1 else 'it is'} played. Nothing was stored."
    )
    # The number it would have been entered as changes nothing: the round is over.
    numbered = more | {"number": n + 1}
    assert_error(post_deal(client, session, numbered), 409, "round-over")
    assert snapshot(client, session) == before and count(app, Deal) == rows
    # In the request's language (the code is the same).
    said = assert_error(post_deal(client, session, more, **PT), 409, "round-over")
    assert said == (
        f"Esta rodada acabou: ela era de {n} mão, e essa mão foi jogada. Nada foi salvo."
        if n == 1
        else f"Esta rodada acabou: ela era de {n} mãos, e todas foram jogadas. Nada foi salvo."
    )
    hindi = post_deal(client, session, more, **HI)  # a Hindi sentence ends with «।»
    assert hindi.status_code == 409 and hindi.get_json()["error"] == "round-over"
    assert hindi.get_json()["message"].startswith("यह राउंड ख़त्म हो गया: इसमें")
    assert snapshot(client, session) == before and count(app, Deal) == rows


@pytest.mark.parametrize(
    ("game", "options", "deals", "more", "winner"),
    [
        # M4, one baazi: team 0 scores 95, team 1 5, under 9 (M3).
        ("seep", {"baazis": 1}, [seep_deal(95)], seep_deal(60), "Lions"),
        # F6, one game: team 1 takes all 12 tables (56 redoubled: 16, F16; F17).
        ("fifty-six", {"games": 1}, [fifty_six_deal(1, 56, 56, double=2)], None, "Tigers"),
        # K13, one game: 7, 14, 21 against 4, 8, 12.
        ("casino", {"games": 1}, [SEVEN_FOUR] * 3, FOUR_SEVEN, "Asha"),
    ],
)
def test_a_won_baazi_or_game_ends_a_round_of_one(
    client: FlaskClient,
    app: Flask,
    game: str,
    options: Json,
    deals: list[Json],
    more: Json | None,
    winner: str,
) -> None:
    session = new_session(client, game, None, **options)
    answer = add_deals(client, session, *deals)
    assert answer["standing"]["finished"] is True
    before, rows = snapshot(client, session), count(app, Deal)
    tries: list[Any] = (
        [more]
        if more is not None
        # Fifty-six: neither a deal of the won game nor a new game follows.
        else [fifty_six_deal(0, 30, 28), fifty_six_deal(None, 30, new_game=True)]
    )
    for record in tries:
        message = assert_error(post_deal(client, session, record), 409, "round-over")
        assert message == f"This round is over: {winner} won it. Nothing was stored."
    said = assert_error(post_deal(client, session, tries[0], **PT), 409, "round-over")
    assert said == f"Esta rodada acabou: {winner} venceu. Nada foi salvo."
    assert snapshot(client, session) == before and count(app, Deal) == rows


def test_without_a_length_a_won_game_answers_as_it_always_did(client: FlaskClient) -> None:
    # Fifty-six: a new game follows a won one (F6); Casino: 400 game-over (K13); Seep best of 3:
    # 400 session-over (M4). None of them is a tournament round.
    fifty_six = new_session(client, "fifty-six", None)
    add_deals(client, fifty_six, fifty_six_deal(1, 56, 56, double=2))
    answer = post_deal(client, fifty_six, fifty_six_deal(None, 30, new_game=True))
    assert answer.status_code == 201, answer.get_json()
    casino = new_session(client, "casino", None)
    add_deals(client, casino, *[SEVEN_FOUR] * 3)
    assert_error(post_deal(client, casino, SEVEN_FOUR), 400, "game-over")
    seep = new_session(client, "seep", None, baazis=3)
    add_deals(client, seep, seep_deal(95), seep_deal(96))
    assert_error(post_deal(client, seep, seep_deal(60)), 400, "session-over")


def test_no_live_deal_starts_once_the_round_is_over(client: FlaskClient, app: Flask) -> None:
    session = new_session(client, "fifty-six", None, deals=1)
    add_deals(client, session, fifty_six_deal(1, 45, value=40))
    url = f"{SESSIONS}/{session['id']}/live"
    headers = bearer(session["edit_token"])
    assert_error(client.post(url, json={}, headers=headers), 409, "round-over")
    assert client.get(url).status_code == 404  # no live deal was started


def test_deleting_the_last_deal_reopens_the_round(client: FlaskClient) -> None:
    session = new_session(client, "casino", None, deals=1)
    add_deals(client, session, SEVEN_FOUR)
    url = f"{SESSIONS}/{session['id']}/deals/1"
    answer = client.delete(url, headers=bearer(session["edit_token"]))
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["finished"] is False
    assert post_deal(client, session, FOUR_SEVEN).status_code == 201


@pytest.mark.parametrize("game", ["seep", "fifty-six", "casino"])
def test_the_length_options_are_checked_like_any_other(client: FlaskClient, game: str) -> None:
    for bad in ({"deals": 0}, {"deals": "3"}, {"games" if game == "seep" else "baazis": 1}):
        response = client.post(SESSIONS, json={"game": game, "teams": _teams(game), "options": bad})
        assert response.status_code == 400, (bad, response.get_json())
    started = new_session(client, game, None, deals=None)
    assert read(client, started)["options"]["deals"] is None


def _teams(game: str) -> list[Json]:
    from tests.helpers.api import LINEUPS

    return LINEUPS[game]
