"""The report (/t/<id>/report) over HTTP: the standings with their tie-breaks, every round's
tables and results (an adjusted one with its note), the byes and withdrawals, the links to the
exports, the print rules, every word marked for translation, the usual 404."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.helpers.pages import unhashed
from tests.helpers.tournament_api import TOURNAMENTS, create, keeper, read_tournament
from tests.helpers.tournament_evening import (
    Evening,
    evening,
    first_round_played,
    next_round,
    not_words,
)
from tests.helpers.tournament_pages import standing_rows, text
from tests.helpers.untranslated import leftovers, marking

NOTE = "Table 2 ran out of time: level by the keeper"


def report(client: FlaskClient, tournament_id: str) -> str:
    response = client.get(f"/t/{tournament_id}/report")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def rows(page: str) -> list[tuple[int, int, str]]:
    """Each table row of the report: its round, its table and its text."""
    found = re.findall(
        r'data-testid="report-table" data-round="(\d+)" data-table="(\d+)">(.*?)</tr>', page, re.S
    )
    return [(int(r), int(t), text(row)) for r, t, row in found]


def adjust_second_table(client: FlaskClient, night: Evening) -> None:
    """The keeper calls round 1's table 2 a level draw, with a note."""
    response = client.put(
        f"{TOURNAMENTS}/{night.id}/rounds/1/tables/2",
        json={"result": {"match_points": [1, 1], "game_points": [0, 0]}, "note": NOTE},
        headers=keeper(night.club),
    )
    assert response.status_code == 200, response.get_json()


def test_the_report_shows_every_round_its_results_and_byes(client: FlaskClient) -> None:
    night = evening(client)
    first_round_played(client, night)
    adjust_second_table(client, night)
    first_byes = list(night.byes)
    next_round(client, night)
    page = report(client, night.id)
    assert "Standings so far" in page and "Final standings" not in page
    assert "2 rounds of 3 played" in page
    found = rows(page)
    assert [(r, t) for r, t, _ in found] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    first, second = found[0][2], found[1][2]
    assert f"Won by {night.name(night.tables[0]['entrants'][0])}" in first
    assert "game points +20 to -20" in first and "Confirmed" in first
    assert "Drawn" in second and "Adjusted by the keeper" in second and NOTE in second
    assert "Adjusted" not in first
    assert "Still playing" in found[2][2]  # round 2 paired, nothing played yet
    byes = [
        text(b).strip() for b in re.findall(r'data-testid="report-byes">Bye: (.*?)</p>', page, re.S)
    ]
    assert byes == [night.name(first_byes[0]), night.name(night.byes[0])]
    assert byes[0] != byes[1]


def test_the_reports_standings_are_the_apis(client: FlaskClient) -> None:
    night = evening(client)
    first_round_played(client, night)
    adjust_second_table(client, night)
    page = report(client, night.id)
    lines = read_tournament(client, night.tournament)["standings"]
    names = ("entrant", "rank", "match-points", "buchholz", "difference", "head_to_head")
    shown = [tuple(row[name] for name in names) for row in standing_rows(page)]

    def said(value: int | None, signed: bool = False) -> str:
        if value is None:
            return "—"
        return f"{value:+d}" if signed else str(value)

    assert shown == [
        (
            str(line["entrant"]),
            str(line["rank"]),
            str(line["match_points"]),
            said(line["tiebreaks"]["buchholz"]),
            said(line["tiebreaks"]["difference"], signed=True),
            said(line["tiebreaks"]["head_to_head"]),
        )
        for line in lines
    ]
    assert "Buchholz" in page and "Head to head" in page


def test_a_finished_tournament_reports_final_standings_and_withdrawals(
    client: FlaskClient,
) -> None:
    night = evening(client, rounds=1)
    gone = night.tables[0]["entrants"][0]
    response = client.delete(
        f"{TOURNAMENTS}/{night.id}/entrants/{gone}", headers=keeper(night.club)
    )
    assert response.status_code == 200
    ended = client.post(f"{TOURNAMENTS}/{night.id}/end", headers=keeper(night.club))
    assert ended.status_code == 200
    page = report(client, night.id)
    assert "Final standings" in page and "ended by the keeper" in page
    assert f"Withdrawn: {night.name(gone)} " in text(page)


def test_the_report_links_the_exports_and_prints_cleanly(client: FlaskClient) -> None:
    night = evening(client)
    page = report(client, night.id)
    assert f'href="/t/{night.id}/export.json"' in page
    assert f'href="/t/{night.id}/export.csv"' in page
    assert f'href="/t/{night.id}/tv"' in page
    assert "/static/report.css" in unhashed(page)
    css = client.get("/static/report.css").get_data(as_text=True)
    assert "@media print" in css
    printed = css.split("@media print", 1)[1]
    assert "header.top" in printed and "display: none" in printed
    assert "break-inside: avoid" in printed


def test_the_report_is_kept_until_the_tournament_changes(client: FlaskClient) -> None:
    night = evening(client)
    etag = client.get(f"/t/{night.id}/report").headers["ETag"]
    assert client.get(f"/t/{night.id}/report", headers={"If-None-Match": etag}).status_code == 304
    first_round_played(client, night)
    assert client.get(f"/t/{night.id}/report", headers={"If-None-Match": etag}).status_code == 200


def test_a_report_before_any_round(client: FlaskClient) -> None:
    _, tournament = create(client)
    page = report(client, tournament["id"])
    assert "No round has been paired yet." in page
    assert page.count('data-testid="standing-row"') == 5


def test_every_word_of_the_report_is_marked_for_translation(client: FlaskClient) -> None:
    night = evening(client)
    first_round_played(client, night)
    adjust_second_table(client, night)
    with marking():
        page = report(client, night.id)
    assert leftovers(page, names=[*not_words(night), NOTE]) == []


def test_no_report_for_an_unknown_tournament(client: FlaskClient) -> None:
    assert client.get("/t/nosuchtournament0/report").status_code == 404
