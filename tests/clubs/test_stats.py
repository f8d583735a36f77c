"""Club statistics over HTTP: GET /api/v1/clubs/<id>/stats and the players' pages.

The figures themselves are tested in tests/rules/test_stats.py; here: that a club's stored
deals reach them, that a new deal shows at once (the summary cache follows the session's
version), bad input answers 4xx, and the pages draw their charts as SVG.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.clubs import charts
from scorekeeper.clubs import stats as club_stats
from scorekeeper.data.extensions import db
from scorekeeper.data.models import SessionSummary
from tests.helpers.api import bearer, new_club, played
from tests.helpers.seep import deal

Json = dict[str, Any]
LIONS = {"name": "Lions", "players": ["Asha", "Ravi"]}
TIGERS = {"name": "Tigers", "players": ["Meena", "Dev"]}
CASINO_DEAL = {
    "cards": [30, 22],
    "spades": [7, 6],
    "aces": [0, 1, 1, 0],
    "big_casino": 1,
    "little_casino": 0,
}  # K11: 7 points to the first side, 4 to the second


@pytest.fixture
def thursday(client: FlaskClient) -> str:
    """Two Seep sessions of the same two pairs (one each, the pairs sitting the other way
    round in the second) and a Casino game Asha won against Meena in three deals."""
    club_id = new_club(client)["id"]
    # M3: Lions under 9
    played(client, "seep", deal(5), lineup=[LIONS, TIGERS], club=club_id, baazis=1)
    swapped = [{"players": ["Dev", "Meena"]}, {"players": ["Ravi", "Asha"]}]
    # Ravi & Asha's 5: Dev & Meena lose
    played(client, "seep", deal(5), lineup=swapped, club=club_id, baazis=1)
    singles = [{"players": ["Asha"]}, {"players": ["Meena"]}]
    # 7, 14, 21 against 4, 8, 12
    played(client, "casino", *[CASINO_DEAL] * 3, lineup=singles, club=club_id)
    played(client, "casino", lineup=singles, club=club_id)  # no deals: not played
    return club_id


def stats(client: FlaskClient, club_id: str, query: str = "") -> Json:
    response = client.get(f"/api/v1/clubs/{club_id}/stats{query}")
    assert response.status_code == 200, response.get_json()
    body: Json = response.get_json()
    return body


def by_name(rows: list[Json]) -> dict[str, Json]:
    return {row["name"]: row for row in rows}


@pytest.mark.parametrize(
    ("game", "name", "played", "won", "figure", "value"),
    [
        ("seep", "Asha", 2, 1, "under9_losses", 1),
        ("seep", "Dev", 2, 1, "under9_losses", 1),
        ("seep", "Meena", 2, 1, "baazis_won", 1),
        ("casino", "Asha", 1, 1, "points", 21),
        ("casino", "Meena", 1, 0, "average_points", 4.0),
    ],
)
def test_players_per_game(
    client: FlaskClient,
    thursday: str,
    game: str,
    name: str,
    played: int,
    won: int,
    figure: str,
    value: Any,
) -> None:
    row = by_name(stats(client, thursday)["games"][game]["players"])[name]
    assert (row["played"], row["won"], row["figures"][figure]) == (played, won, value)


def test_a_pair_is_one_team_whichever_way_round_it_sat(client: FlaskClient, thursday: str) -> None:
    teams = stats(client, thursday)["games"]["seep"]["teams"]
    assert sorted((sorted(t["names"]), t["played"], t["won"]) for t in teams) == [
        (["Asha", "Ravi"], 2, 1),
        (["Dev", "Meena"], 2, 1),
    ]
    assert stats(client, thursday)["games"]["casino"]["teams"] == []


def test_head_to_head_by_player_ids(client: FlaskClient, thursday: str) -> None:
    players = {
        p["name"]: p["id"] for p in client.get(f"/api/v1/clubs/{thursday}").get_json()["players"]
    }
    asha, meena = players["Asha"], players["Meena"]
    answer = stats(client, thursday, f"?a={asha}&b={meena}")["head_to_head"]
    assert answer["games"]["casino"] == {
        "played": 1,
        "won": [1, 0],
        "decided": 1,
        "unfinished": 0,
        "points": [21, 12],
    }
    assert answer["games"]["seep"]["won"] == [1, 1]
    pairs = stats(client, thursday, f"?a={asha},{players['Ravi']}&b={meena},{players['Dev']}")
    assert list(pairs["head_to_head"]["games"]) == ["seep"]


@pytest.mark.parametrize("query", ["?a=1", "?a=x&b=2", "?a=1,1&b=2", "?a=999999&b=1", "?a=&b="])
def test_bad_head_to_head_is_a_400(client: FlaskClient, thursday: str, query: str) -> None:
    response = client.get(f"/api/v1/clubs/{thursday}/stats{query}")
    assert response.status_code == 400
    assert response.get_json()["error"] == "bad-field"


def test_unknown_club_is_a_404(client: FlaskClient) -> None:
    assert client.get("/api/v1/clubs/nope/stats").status_code == 404
    assert client.get("/c/nope/players").status_code == 404


def test_a_new_deal_shows_at_once(client: FlaskClient) -> None:
    club_id = new_club(client)["id"]
    body = {"game": "seep", "teams": [LIONS, TIGERS], "club": club_id}
    session = client.post("/api/v1/sessions", json=body).get_json()
    url = f"/api/v1/sessions/{session['id']}/deals"
    client.post(url, json=deal(60), headers=bearer(session["edit_token"]))
    asha = by_name(stats(client, club_id)["games"]["seep"]["players"])["Asha"]
    assert asha["figures"]["deals"] == 1
    client.post(url, json=deal(70), headers=bearer(session["edit_token"]))
    asha = by_name(stats(client, club_id)["games"]["seep"]["players"])["Asha"]
    assert (asha["figures"]["deals"], asha["figures"]["points"]) == (2, 130)
    assert any(key[0] == session["id"] for key in club_stats._SUMMARIES)


def test_summaries_are_kept_for_the_next_process_while_their_version_holds(
    app: Any, client: FlaskClient
) -> None:
    club_id = new_club(client)["id"]
    body = {"game": "seep", "teams": [LIONS, TIGERS], "club": club_id}
    session = client.post("/api/v1/sessions", json=body).get_json()
    url = f"/api/v1/sessions/{session['id']}/deals"
    client.post(url, json=deal(60), headers=bearer(session["edit_token"]))
    stats(client, club_id)
    with app.app_context():
        kept = db.session.get(SessionSummary, session["id"])
        assert kept is not None and kept.version == 2  # the session after its one deal
        # Mark the kept copy: a restarted process (nothing in memory) must read it back.
        kept.summary = {**kept.summary, "teams": [dict(t, deals=9) for t in kept.summary["teams"]]}
        db.session.commit()
    club_stats.forget()  # a restart
    asha = by_name(stats(client, club_id)["games"]["seep"]["players"])["Asha"]
    assert asha["figures"]["deals"] == 9  # read back, not recomputed
    # A new deal changes the version: the kept copy no longer holds, and is replaced.
    client.post(url, json=deal(70), headers=bearer(session["edit_token"]))
    club_stats.forget()  # a restart
    asha = by_name(stats(client, club_id)["games"]["seep"]["players"])["Asha"]
    assert asha["figures"]["deals"] == 2


def test_a_club_without_deals_has_no_statistics(client: FlaskClient) -> None:
    club_id = new_club(client)["id"]
    assert stats(client, club_id)["games"] == {}
    page = client.get(f"/c/{club_id}/players").get_data(as_text=True)
    assert 'data-testid="no-stats"' in page


def test_players_page_lists_players_and_teams_per_game(client: FlaskClient, thursday: str) -> None:
    response = client.get(f"/c/{thursday}/players")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'data-testid="stats-seep"' in page and 'data-testid="stats-casino"' in page
    assert page.count('data-testid="player-row"') == 6  # four at Seep, two at Casino
    assert page.count('data-testid="team-row"') == 2
    assert "Asha &amp; Ravi" in page


def test_player_page_draws_its_charts(client: FlaskClient, thursday: str) -> None:
    players = {
        p["name"]: p["id"] for p in client.get(f"/api/v1/clubs/{thursday}").get_json()["players"]
    }
    response = client.get(f"/c/{thursday}/players/{players['Asha']}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert page.count('data-testid="form-chart"') == 2  # Seep and Casino
    assert page.count('data-testid="points-chart"') == 2
    assert "<polyline" in page and "<rect" in page
    assert "Meena" in page  # head to head


def test_player_of_another_club_is_a_404(client: FlaskClient, thursday: str) -> None:
    other = new_club(client)["id"]
    played(
        client,
        "casino",
        CASINO_DEAL,
        lineup=[{"players": ["Zed"]}, {"players": ["Yan"]}],
        club=other,
    )
    zed = client.get(f"/api/v1/clubs/{other}").get_json()["players"][0]["id"]
    assert client.get(f"/c/{thursday}/players/{zed}").status_code == 404
    assert client.get(f"/c/{other}/players/{zed}").status_code == 200


@pytest.mark.parametrize(
    ("deal_points", "bars", "low", "high"),
    [
        ({"7": 3}, [(7, 7, 3)], 7, 7),
        ({"0": 1, "11": 2}, [(n, n, {0: 1, 11: 2}.get(n, 0)) for n in range(12)], 0, 11),
        # 0 to 24: ranges of 3 (ceiling of 25 / 12), 9 of them
        (
            {"0": 1, "24": 1, "5": 2},
            [(0, 2, 1), (3, 5, 2), *[(n, n + 2, 0) for n in range(6, 24, 3)], (24, 26, 1)],
            0,
            24,
        ),
    ],
)
def test_histogram_ranges(
    deal_points: dict[str, int], bars: list[tuple[int, int, int]], low: int, high: int
) -> None:
    chart = charts.histogram(deal_points)
    assert chart is not None
    assert [(b.low, b.high, b.count) for b in chart.bars] == bars
    assert (chart.low, chart.high) == (low, high)


def test_form_chart_leaves_out_sessions_without_a_result() -> None:
    form = [
        {"result": "won", "win_rate": 1.0},
        {"result": None, "win_rate": 1.0},
        {"result": "lost", "win_rate": 0.5},
    ]
    chart = charts.form_chart(form)
    assert chart is not None
    assert chart.points == "14.0,14.0 306.0,70.0"  # top is 100 %, halfway 50 %
    assert chart.dots == ((14.0, 14.0), (306.0, 70.0))  # a single session still shows
    assert charts.form_chart(form[1:2]) is None


def test_a_merge_changes_the_statistics(client: FlaskClient) -> None:
    made = client.post("/api/v1/clubs", json={"name": "Thursday table"}).get_json()
    club_id = made["id"]
    singles = [{"players": ["Raj"]}, {"players": ["Meena"]}]
    played(client, "casino", *[CASINO_DEAL] * 3, lineup=singles, club=club_id)  # Raj wins
    typo = [{"players": ["Raj K."]}, {"players": ["Meena"]}]
    played(client, "casino", *[CASINO_DEAL] * 3, lineup=typo, club=club_id)  # "Raj K." wins
    rows = by_name(stats(client, club_id)["games"]["casino"]["players"])
    assert (rows["Raj"]["played"], rows["Raj K."]["played"]) == (1, 1)
    players = {
        p["name"]: p["id"] for p in client.get(f"/api/v1/clubs/{club_id}").get_json()["players"]
    }
    assert client.post(f"/c/{club_id}/key", data={"key": made["keeper_token"]}).status_code == 302
    merged = client.post(
        f"/c/{club_id}/merge", data={"keep": players["Raj"], "other": players["Raj K."]}
    )
    assert merged.status_code == 302
    rows = by_name(stats(client, club_id)["games"]["casino"]["players"])
    assert sorted(rows) == ["Meena", "Raj"]
    assert (rows["Raj"]["played"], rows["Raj"]["won"], rows["Raj"]["figures"]["points"]) == (
        2,
        2,
        42,
    )
