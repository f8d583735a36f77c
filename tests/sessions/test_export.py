"""Exports and backups (shared/API.md "Exports"): a session as CSV and JSON for each game, a
club as JSON, and `flask export` / `flask import` restoring every standing and live deal exactly."""

from __future__ import annotations

import copy
import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import GameSession
from scorekeeper.rules.limits import MAX_TEAM_NAME, MOST_DEALS, MOST_PLAYS
from tests.helpers.api import CLUBS, FOUR, SESSIONS, add_deals, bearer, new_session
from tests.helpers.backup import (
    ACCENTED_TWO,
    UNDER_WAY,
    counts,
    empty_app,
    everything,
    export,
    import_into,
    live_club,
    live_url,
    played_club,
    send_plays,
)
from tests.helpers.casino import FOUR_SEVEN, SEVEN_FOUR
from tests.helpers.live_deals import DEALS
from tests.helpers.seep import deal as seep_deal

SEEP_HEADER = ["Deal", "Dealer", "Lions points", "Tigers points", "Lead", "Lead points", "Baazi"]
FIFTY_SIX_HEADER = [
    *("Deal", "Game", "Dealer", "Contract", "Bidder", "Team", "Doubled", "Points", "Made")
]


def csv_rows(client: FlaskClient, session: dict[str, Any]) -> list[list[str]]:
    response = client.get(f"/s/{session['id']}/export.csv")
    assert response.status_code == 200
    assert response.content_type == "text/csv; charset=utf-8"
    disposition = response.headers["Content-Disposition"]
    assert disposition == f'attachment; filename="{session["game"]}-{session["id"]}.csv"'
    return list(csv.reader(io.StringIO(response.data.decode("utf-8"))))


# -- CSV -----------------------------------------------------------------------------------


def test_a_seep_session_as_csv(client: FlaskClient) -> None:
    played = played_club(client)
    # Deal 1 was deleted: deal 2 (corrected to 55) is now deal 1, dealt by seat 0 as no deal
    # names its dealer; Asha's team leads after it, so the deal passes to Meena (M5).
    assert csv_rows(client, played["seep"]) == [
        [*SEEP_HEADER, "Lions baazis", "Tigers baazis"],
        ["1", "Asha", "55", "45", "Lions", "10", "", "0", "0"],
        ["2", "Meena", "75", "50", "Lions", "35", "", "0", "0"],
    ]


def test_a_baazi_counts_in_the_csv(client: FlaskClient) -> None:
    played = played_club(client)
    add_deals(client, played["seep"], seep_deal(95))  # under 9 for Tigers: Lions' baazi
    rows = csv_rows(client, played["seep"])
    assert rows[-1][4:] == ["level", "0", "Lions", "1", "0"]


def test_a_fifty_six_session_as_csv(client: FlaskClient) -> None:
    played = played_club(client)
    # Seat order: Asha, Meena, Ravi, Dev. 40♠ by Meena made with 44: 2 tables from Lions;
    # all passed: 28 NT for Ravi's Lions, made with 30; 32♠ by Ravi doubled, lost: 2 × 2.
    assert csv_rows(client, played["fifty-six"]) == [
        [*FIFTY_SIX_HEADER, "Lions tables", "Tigers tables"],
        ["1", "1", "Asha", "40♠", "Meena", "Tigers", "", "44", "yes", "10", "14"],
        ["2", "1", "Meena", "28 NT (all passed)", "Ravi", "Lions", "", "30", "yes", "11", "13"],
        ["3", "1", "Ravi", "32♠", "Ravi", "Lions", "doubled", "20", "no", "7", "17"],
    ]


def test_a_casino_session_as_csv(client: FlaskClient) -> None:
    played = played_club(client)
    assert csv_rows(client, played["casino"]) == [
        ["Deal", "Dealer", "Śēr points", "Bāgh points", "Śēr score", "Bāgh score"],
        ["1", "Dév", "7", "4", "7", "4"],
        ["2", "Ásha", "4", "7", "11", "11"],
        ["3", "Dév", "3", "8", "14", "19"],
    ]


def test_a_session_without_deals_is_its_header_alone(client: FlaskClient) -> None:
    club = client.post(CLUBS, json={"name": "New"}).get_json()
    session = new_session(client, "casino", ACCENTED_TWO, club["id"])
    assert csv_rows(client, session) == [
        ["Deal", "Dealer", "Śēr points", "Bāgh points", "Śēr score", "Bāgh score"]
    ]


@pytest.mark.parametrize("path", ["/s/nope/export.csv", "/s/nope/export.json", "/c/x/export.json"])
def test_an_unknown_session_or_club_is_a_404(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404


# -- JSON ----------------------------------------------------------------------------------


def test_a_session_as_json_has_its_raw_records_with_ids_and_deleted_ones_marked(
    client: FlaskClient,
) -> None:
    played = played_club(client)
    seep = played["seep"]
    response = client.get(f"/s/{seep['id']}/export.json")
    assert (
        response.status_code == 200 and response.content_type == "application/json; charset=utf-8"
    )
    assert f'filename="seep-{seep["id"]}.json"' in response.headers["Content-Disposition"]
    body = response.get_json()
    assert body["format"] == "scorekeeper-session" and body["format_version"] == 6
    session = body["session"]
    assert session["id"] == seep["id"] and session["club"] == played["club"]["id"]
    assert [(t["name"], t["players"]) for t in session["teams"]] == [
        (t["name"], t["players"]) for t in FOUR
    ]
    assert session["options"]["baazis"] == 3
    found = [(d["id"], d["number"], d["version"], d["deleted"]) for d in session["deals"]]
    assert found == [(1, None, 2, True), (2, 1, 2, False), (3, 2, 1, False)]
    assert sorted(session["deals"][1]["record"]["captured"][0]) == sorted(
        seep_deal(55)["captured"][0]
    )
    assert "edit_token_hash" not in session  # a reader's export carries no secret


@pytest.mark.parametrize("game", ["seep", "fifty-six", "casino"])
def test_each_game_s_json_export_holds_what_the_api_stored(client: FlaskClient, game: str) -> None:
    played = played_club(client)
    session = client.get(f"/s/{played[game]['id']}/export.json").get_json()["session"]
    with client.application.app_context():
        stored = db.session.get(GameSession, played[game]["id"])
        assert stored is not None
        assert [d["record"] for d in session["deals"]] == [d.record for d in stored.all_deals]
        assert session["options"] == stored.options and session["game"] == game


def test_a_club_as_json_has_its_players_and_sessions(client: FlaskClient) -> None:
    played = played_club(client)
    club = played["club"]
    response = client.get(f"/c/{club['id']}/export.json")
    assert response.status_code == 200
    body = response.get_json()
    assert body["format"] == "scorekeeper-club"
    assert body["club"]["id"] == club["id"] and body["club"]["name"] == "Thursday table"
    names = {p["name"] for p in body["club"]["players"]}
    assert names == {"Asha", "Ravi", "Meena", "Dev", "Ásha", "Dév"}
    assert [s["game"] for s in body["sessions"]] == ["seep", "fifty-six", "casino"]
    assert "keeper_token_hash" not in body["club"]
    ids = {p["id"] for p in body["club"]["players"]}
    assert {i for s in body["sessions"] for t in s["teams"] for i in t["player_ids"]} == ids


# -- the command line: export, then import ---------------------------------------------------


def test_export_then_import_into_an_empty_database_reproduces_everything(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    played = played_club(client)
    other = client.post(CLUBS, json={"name": "Sunday"}).get_json()
    add_deals(client, new_session(client, "seep", FOUR, other["id"]), seep_deal(70, dealer=1))
    clubs = [played["club"]["id"], other["id"]]
    before = everything(client, clubs)
    document = export(app, tmp_path / "backup.json")
    assert document["format"] == "scorekeeper-backup" and document["format_version"] == 6
    assert document["schema"]

    restored = empty_app(tmp_path / "restored.sqlite")
    result = import_into(restored, tmp_path / "backup.json")
    assert result.exit_code == 0, result.output
    assert "Added 2 clubs, 10 players, 4 sessions" in result.output
    assert everything(restored.test_client(), clubs) == before
    assert counts(restored) == counts(app)
    # The deleted deal came along, restorable under its id.
    deals = f"{SESSIONS}/{played['seep']['id']}/deals"
    auth = bearer(played["seep"]["edit_token"])
    back = restored.test_client().post(f"{deals}/1/restore", headers=auth)
    assert back.status_code == 200, back.get_json()
    rows = back.get_json()["standing"]["deals"]
    assert [row["points"] for row in rows] == [[60, 40], [55, 45], [75, 50]]


def test_links_keep_working_after_a_restore(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    played = played_club(client)
    export(app, tmp_path / "backup.json")
    restored = empty_app(tmp_path / "restored.sqlite")
    assert import_into(restored, tmp_path / "backup.json").exit_code == 0
    other = restored.test_client()
    casino = played["casino"]
    # The keeper's token still writes, and the next deal gets the next id.
    answer = other.post(
        f"{SESSIONS}/{casino['id']}/deals", json=SEVEN_FOUR, headers=bearer(casino["edit_token"])
    )
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["id"] == 4
    assert answer.get_json()["standing"]["scores"] == [21, 23]
    # A new player gets a new id, not one of the restored ones.
    fresh = new_session(
        other, "seep", [{"players": ["Zoë"]}, {"players": ["Yash"]}], casino["club"]
    )
    assert fresh["id"]
    assert counts(restored)["Player"] == counts(app)["Player"] + 2


def test_a_club_s_house_rules_come_back_and_a_file_from_before_them_still_imports(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    club = client.post(CLUBS, json={"name": "Thursday"}).get_json()
    rules = {"seep": {"target": 150, "throw": "matching"}, "casino": {"variant": "royal"}}
    url = f"{CLUBS}/{club['id']}/rules"
    assert client.put(url, json=rules, headers=bearer(club["keeper_token"])).status_code == 200
    document = export(app, tmp_path / "backup.json")
    assert document["clubs"][0]["house_rules"] == rules
    restored = empty_app(tmp_path / "restored.sqlite")
    assert import_into(restored, tmp_path / "backup.json").exit_code == 0
    assert restored.test_client().get(url).get_json() == client.get(url).get_json()
    # A file of format 2 has no house rules: its clubs play the usual rules.
    del document["clubs"][0]["house_rules"]
    document["format_version"] = 2
    (tmp_path / "old.json").write_text(json.dumps(document), encoding="utf-8")
    older = empty_app(tmp_path / "older.sqlite")
    assert import_into(older, tmp_path / "old.json").exit_code == 0
    assert older.test_client().get(url).get_json()["seep"]["target"] == 100


def test_an_ended_session_comes_back_ended_and_a_file_from_before_ends_still_imports(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    club = client.post(CLUBS, json={"name": "Thursday"}).get_json()["id"]
    ended = new_session(client, "seep", FOUR, club)
    add_deals(client, ended, seep_deal(5))  # M3: a baazi to the Tigers
    url = f"{SESSIONS}/{ended['id']}"
    assert client.post(f"{url}/end", headers=bearer(ended["edit_token"])).status_code == 200
    before = everything(client, [club])
    document = export(app, tmp_path / "backup.json")
    (session,) = document["sessions"]
    assert session["ended_at"] is not None
    json_export = client.get(f"/s/{ended['id']}/export.json").get_json()
    assert json_export["session"]["ended_at"] == session["ended_at"]
    restored = empty_app(tmp_path / "restored.sqlite")
    assert import_into(restored, tmp_path / "backup.json").exit_code == 0
    assert everything(restored.test_client(), [club]) == before
    assert restored.test_client().get(url).get_json()["standing"]["session_winner"] == 1
    # A file of format 3 says nothing of ends: its sessions play on.
    del session["ended_at"]
    document["format_version"] = 3
    (tmp_path / "old.json").write_text(json.dumps(document), encoding="utf-8")
    older = empty_app(tmp_path / "older.sqlite")
    assert import_into(older, tmp_path / "old.json").exit_code == 0
    assert older.test_client().get(url).get_json()["ended"] is False


def test_each_deal_comes_back_with_the_version_it_changed_at_and_older_files_still_import(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    session = new_session(client, "seep", FOUR)
    add_deals(client, session, seep_deal(60), seep_deal(55), seep_deal(70))
    auth = bearer(session["edit_token"])
    assert client.delete(f"{SESSIONS}/{session['id']}/deals/1", headers=auth).status_code == 200
    url = f"{SESSIONS}/{session['id']}"
    document = export(app, tmp_path / "backup.json")
    (kept,) = document["sessions"]
    assert [deal["changed"] for deal in kept["deals"]] == [5, 3, 4]
    restored = empty_app(tmp_path / "restored.sqlite")
    assert import_into(restored, tmp_path / "backup.json").exit_code == 0
    again = restored.test_client().get(f"{url}?since=3").get_json()
    assert [deal["id"] for deal in again["deals"]] == [3] and again["deleted"] == [1]
    # A file of format 4 says nothing of changes: each deal changed at its session's version.
    for deal in kept["deals"]:
        del deal["changed"]
    document["format_version"] = 4
    (tmp_path / "old.json").write_text(json.dumps(document), encoding="utf-8")
    older = empty_app(tmp_path / "older.sqlite")
    assert import_into(older, tmp_path / "old.json").exit_code == 0
    read = older.test_client().get(url).get_json()
    assert [deal["changed"] for deal in read["deals"]] == [5, 5]
    assert older.test_client().get(f"{url}?since=5").get_json()["deals"] == []


@pytest.fixture
def backup_file(app: Flask, client: FlaskClient, tmp_path: Path) -> Path:
    """A backup of a club that played each game, written by `flask export`."""
    played_club(client)
    export(app, tmp_path / "backup.json")
    return tmp_path / "backup.json"


def test_importing_the_same_file_twice_adds_nothing(
    app: Flask, tmp_path: Path, backup_file: Path
) -> None:
    restored = empty_app(tmp_path / "restored.sqlite")
    assert import_into(restored, backup_file).exit_code == 0
    once = counts(restored)
    again = import_into(restored, backup_file)
    assert again.exit_code == 0, again.output
    assert "Added 0 clubs, 0 players, 0 sessions" in again.output
    assert "already there: 1 clubs, 6 players, 3 sessions" in again.output
    assert counts(restored) == once
    # And into the very database it came from.
    assert import_into(app, backup_file).exit_code == 0
    assert counts(app) == once


def break_first_seep_deal(doc: dict[str, Any]) -> None:
    seep = next(s for s in doc["sessions"] if s["game"] == "seep")
    seep["deals"][-1]["record"]["captured"][1].pop()  # a point card lost


def refused_session(doc: dict[str, Any]) -> None:
    casino = next(s for s in doc["sessions"] if s["game"] == "casino")
    casino["teams"].append({"name": "Third", "players": ["X", "Y"], "player_ids": []})


DAMAGED: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "newer format": (lambda d: d.update(format_version=7), "newer than this scorekeeper"),
    "newer schema": (lambda d: d.update(schema="9999_future"), "newer database"),
    "not a backup": (lambda d: d.update(format="scorekeeper-club"), "not a scorekeeper backup"),
    "no sessions": (lambda d: d.pop("sessions"), "has no 'sessions'"),
    "a session without its deals": (
        lambda d: d["sessions"][1].pop("deals"),
        "has no 'deals'",
    ),
    "a deal without its version": (
        lambda d: d["sessions"][0]["deals"][0].pop("version"),
        "has no 'version'",
    ),
    "a deal changed after its session's version": (
        lambda d: d["sessions"][0]["deals"][0].update(changed=d["sessions"][0]["version"] + 1),
        "after its session's version",
    ),
    "a deal changed at version 0": (
        lambda d: d["sessions"][0]["deals"][0].update(changed=0),
        "never below 1",
    ),
    "a player's name too long": (
        lambda d: d["clubs"][0]["players"][0].update(name="x" * 41),
        "at most 40",
    ),
    "a bad time": (lambda d: d["clubs"][0].update(created_at="yesterday"), "is not a time"),
    "a bad session id": (lambda d: d["sessions"][2].update(id="a b"), "is not an id"),
    "an unknown game": (lambda d: d["sessions"][2].update(game="bridge"), "bridge"),
    "a record the engine refuses": (break_first_seep_deal, "the rules refuse it"),
    "teams the game refuses": (refused_session, "Session"),
    "house rules of an unknown option": (
        lambda d: d["clubs"][0].update(house_rules={"seep": {"colour": "red"}}),
        "Unknown option 'colour'",
    ),
    "house rules of an unknown game": (
        lambda d: d["clubs"][0].update(house_rules={"bridge": {}}),
        "bridge",
    ),
    "house rules that are not an object": (
        lambda d: d["clubs"][0].update(house_rules=["seep"]),
        "house rules must be an object",
    ),
    "a player of no club": (
        lambda d: d["sessions"][0]["teams"][0].update(player_ids=[999, 998]),
        "is not among its club's",
    ),
}


def listed_twice(kind: str, change: dict[str, Any] | None = None) -> Callable[[Any], None]:
    """A damage: the first session (or club) listed again, as it is or changed."""

    def damage(doc: dict[str, Any]) -> None:
        doc[kind].append(copy.deepcopy(doc[kind][0]) | (change or {}))

    return damage


def a_player_listed_twice(doc: dict[str, Any]) -> None:
    players = doc["clubs"][0]["players"]
    players.append(players[0] | {"name": "Someone else"})


def seep_deals(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The Seep session's deals: #1 deleted, #2 and #3 its deals 1 and 2."""
    found: list[dict[str, Any]] = next(s for s in doc["sessions"] if s["game"] == "seep")["deals"]
    return found


def too_many_deals(doc: dict[str, Any]) -> None:
    deals = seep_deals(doc)
    deals[:] = [deals[0] | {"id": n} for n in range(1, MOST_DEALS + 2)]


# Impossible values: versions below 1, ids listed twice or below 1, numbers that are not the
# deals' places, more deals than a session keeps.
IMPOSSIBLE: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "a format version below 1": (lambda d: d.update(format_version=0), "format 0"),
    "a session's version below 1": (
        lambda d: d["sessions"][0].update(version=-5),
        "its version is -5",
    ),
    "a deal's version of 0": (
        lambda d: seep_deals(d)[1].update(version=0),
        "deal #2: its version is 0",
    ),
    "a club's version below 1": (lambda d: d["clubs"][0].update(version=-1), "version is -1"),
    "a scorer generation below 0": (
        lambda d: d["sessions"][1].update(scorer_generation=-2),
        "its scorer_generation is -2",
    ),
    "a session listed twice": (listed_twice("sessions"), "is listed twice"),
    "a session listed twice, changed": (
        listed_twice("sessions", {"version": 99}),
        "is listed twice",
    ),
    "a club listed twice": (listed_twice("clubs"), "is listed twice"),
    "a player listed twice": (a_player_listed_twice, "is listed twice"),
    "a deal id twice in a session": (
        lambda d: seep_deals(d)[2].update(id=2),
        "two deals of the same id",
    ),
    "a deal id below 1": (lambda d: seep_deals(d)[0].update(id=-1), "its id is -1"),
    "a player id below 1": (lambda d: d["clubs"][0]["players"][0].update(id=0), "its id is 0"),
    "a deal numbered out of its place": (
        lambda d: seep_deals(d)[2].update(number=7),
        "deal #3: its number is 7, yet it is deal 2",
    ),
    "a deleted deal with a number": (
        lambda d: seep_deals(d)[0].update(number=1),
        "deal #1: its number is 1, yet it is deleted",
    ),
    "a deal said deleted without its time": (
        lambda d: seep_deals(d)[1].update(deleted=True),
        "deal #2 is said to be deleted, yet it has no deleted_at",
    ),
    "more deals than a session keeps": (too_many_deals, f"{MOST_DEALS:,} deals"),
    "a player in two seats": (
        lambda d: d["sessions"][0]["teams"][1].update(
            player_ids=d["sessions"][0]["teams"][0]["player_ids"]
        ),
        "sits in two seats",
    ),
    "fewer player ids than players": (
        lambda d: d["sessions"][0]["teams"][0]["player_ids"].pop(),
        "team 1's players' names and player ids are not as many (2 and 1)",
    ),
    "a token hash that is not one": (
        lambda d: d["sessions"][1].update(edit_token_hash="x" * 70),
        "'edit_token_hash' is not a token's hash",
    ),
    "a keeper's token hash that is not one": (
        lambda d: d["clubs"][0].update(keeper_token_hash=""),
        "'keeper_token_hash' is not a token's hash",
    ),
}
DAMAGED |= IMPOSSIBLE


def nothing_stored(app: Flask) -> bool:
    """Whether the database has no club, player, session, deal or live deal (or no tables)."""
    with app.app_context():
        if "clubs" not in sa.inspect(db.engine).get_table_names():
            return True
    return set(counts(app).values()) == {0}


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00", b"[]", b"null"])
def test_a_file_that_is_not_a_backup_is_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(content)
    restored = empty_app(tmp_path / "restored.sqlite")
    result = import_into(restored, path)
    assert result.exit_code != 0 and "Nothing was imported" in result.output
    assert nothing_stored(restored)


def test_a_clashing_player_id_is_refused_whole(tmp_path: Path, backup_file: Path) -> None:
    elsewhere = empty_app(tmp_path / "elsewhere.sqlite")
    assert elsewhere.test_cli_runner().invoke(args=["init-db"]).exit_code == 0
    other = elsewhere.test_client()
    club = other.post(CLUBS, json={"name": "Not theirs"}).get_json()
    new_session(other, "seep", FOUR, club["id"])  # players 1 to 4, of another club
    before = counts(elsewhere)
    result = import_into(elsewhere, backup_file)
    assert result.exit_code != 0 and "cannot keep its id" in result.output
    assert counts(elsewhere) == before


def test_a_deal_left_after_a_won_game_by_a_restore_is_restored_too(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    """Restoring a deleted deal may decide a game before deals entered later (the API allows
    it): a backup keeps such a session as it is rather than refusing it."""
    club = client.post(CLUBS, json={"name": "Late night"}).get_json()
    casino = new_session(client, "casino", ACCENTED_TWO, club["id"])
    add_deals(client, casino, SEVEN_FOUR, SEVEN_FOUR)
    url, auth = f"{SESSIONS}/{casino['id']}/deals", bearer(casino["edit_token"])
    assert client.delete(f"{url}/2", headers=auth).status_code == 200
    add_deals(client, casino, SEVEN_FOUR, FOUR_SEVEN)
    back = client.post(f"{url}/2/restore", headers=auth)
    assert back.get_json()["standing"]["won"]["deal"] == 3  # and deal 4 came after it
    before = everything(client, [club["id"]])
    export(app, tmp_path / "backup.json")
    restored = empty_app(tmp_path / "restored.sqlite")
    assert import_into(restored, tmp_path / "backup.json").exit_code == 0
    assert everything(restored.test_client(), [club["id"]]) == before


def test_a_team_name_is_restored_with_its_spaces_folded_as_a_new_one_is(
    tmp_path: Path, backup_file: Path
) -> None:
    # Longer than a team's name may be as written, within it once its spaces are folded.
    doc = json.loads(backup_file.read_text(encoding="utf-8"))
    casino = next(s for s in doc["sessions"] if s["game"] == "casino")
    casino["teams"][0]["name"] = "  Big" + " " * MAX_TEAM_NAME + "Cats "
    path = tmp_path / "spaced.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    restored = empty_app(tmp_path / "restored.sqlite")
    assert import_into(restored, path).exit_code == 0
    teams = restored.test_client().get(f"{SESSIONS}/{casino['id']}").get_json()["teams"]
    assert teams[0]["name"] == "Big Cats"


def test_export_from_a_database_without_tables_says_to_run_init_db(tmp_path: Path) -> None:
    result = (
        empty_app(tmp_path / "none.sqlite")
        .test_cli_runner()
        .invoke(args=["export", str(tmp_path / "out.json")])
    )
    assert result.exit_code != 0 and "init-db" in result.output
    assert not (tmp_path / "out.json").exists()


def test_a_name_a_spreadsheet_would_run_is_written_as_text(client: FlaskClient) -> None:
    club = client.post(CLUBS, json={"name": "Risky"}).get_json()
    teams = [{"name": "=HYPERLINK(1)", "players": ["@me"]}, {"name": "-5", "players": ["Ok"]}]
    casino = new_session(client, "casino", teams, club["id"])
    add_deals(client, casino, SEVEN_FOUR)
    header, row = csv_rows(client, casino)
    assert header[2:] == [
        "'=HYPERLINK(1) points",
        "'-5 points",
        "'=HYPERLINK(1) score",
        "'-5 score",
    ]
    assert row == ["1", "Ok", "7", "4", "7", "4"]  # numbers stay numbers


# -- live deals (play by play) come along -----------------------------------------------------


def live_deals_in(document: dict[str, Any]) -> dict[str, Any]:
    """Each session's live deals as a backup holds them."""
    return {s["id"]: s["live_deals"] for s in document["sessions"]}


def test_live_deals_finished_and_under_way_are_restored_exactly(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    club, sessions, left = live_club(client)
    before = everything(client, [club])
    live_before = {game: client.get(live_url(s)).get_json() for game, s in sessions.items()}
    document = export(app, tmp_path / "backup.json")
    for session in document["sessions"]:
        ended, under_way = session["live_deals"]
        assert (ended["deal_id"], under_way["deal_id"]) == (1, None)
        assert len(under_way["plays"]) == UNDER_WAY and ended["game"] == session["game"]

    restored = empty_app(tmp_path / "restored.sqlite")
    result = import_into(restored, tmp_path / "backup.json")
    assert result.exit_code == 0, result.output
    assert "3 sessions, 6 live deals, 0 tournaments;" in result.output
    other = restored.test_client()
    assert everything(other, [club]) == before
    assert {game: other.get(live_url(s)).get_json() for game, s in sessions.items()} == live_before
    again = export(restored, tmp_path / "again.json")
    assert live_deals_in(again) == live_deals_in(document)  # start, plays, times: all kept
    # The deal under way plays on to the same end in both databases: its deal 2.
    for game, session in sessions.items():
        there, here = (send_plays(c, session, left[game], UNDER_WAY + 1) for c in (client, other))
        assert here == there and here["deal"]["id"] == 2, game


def test_a_session_export_carries_its_live_deals(client: FlaskClient) -> None:
    _, sessions, _ = live_club(client, ("casino",))
    casino = sessions["casino"]
    live = client.get(f"/s/{casino['id']}/export.json").get_json()["session"]["live_deals"]
    assert [(len(one["plays"]), one["deal_id"]) for one in live] == [
        (len(DEALS["casino"](5)[1]), 1),
        (UNDER_WAY, None),
    ]
    assert live[1]["start"] == DEALS["casino"](6)[0]


@pytest.fixture
def live_backup_file(app: Flask, client: FlaskClient, tmp_path: Path) -> Path:
    """A backup of a club whose Seep session holds live deals, written by `flask export`."""
    live_club(client, ("seep",))
    export(app, tmp_path / "live.json")
    return tmp_path / "live.json"


def older_format(doc: dict[str, Any]) -> None:
    """The file as format 1 wrote it: no live deals."""
    doc["format_version"] = 1
    for session in doc["sessions"]:
        del session["live_deals"]


def test_a_file_of_the_format_before_live_deals_still_imports(
    tmp_path: Path, live_backup_file: Path
) -> None:
    document = json.loads(live_backup_file.read_text(encoding="utf-8"))
    older_format(document)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    restored = empty_app(tmp_path / "restored.sqlite")
    result = import_into(restored, path)
    assert result.exit_code == 0, result.output
    assert "1 sessions, 0 live deals, 0 tournaments;" in result.output
    other = restored.test_client()
    for session in document["sessions"]:
        assert other.get(live_url(session)).status_code == 404
        # The deal played live is there as any deal is.
        deals = other.get(f"{SESSIONS}/{session['id']}").get_json()["deals"]
        assert [d["id"] for d in deals] == [1]
    assert counts(restored)["LiveDeal"] == 0


def seep_live(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The Seep session's live deals: the finished one, then the one under way."""
    found: list[dict[str, Any]] = next(s for s in doc["sessions"] if s["game"] == "seep")[
        "live_deals"
    ]
    return found


def a_play_twice(doc: dict[str, Any]) -> None:
    plays = seep_live(doc)[0]["plays"]
    plays[2] = plays[1]  # the same seat again: not its turn


DAMAGED_LIVE: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "a session of format 2 without live deals": (
        lambda d: d["sessions"][0].pop("live_deals"),
        "has no 'live_deals'",
    ),
    "a live deal of another game": (
        lambda d: seep_live(d)[0].update(game="casino"),
        "not of the session's game",
    ),
    "a live deal ending in a deal the session lacks": (
        lambda d: seep_live(d)[0].update(deal_id=9),
        "became deal #9, which the session does not hold",
    ),
    "two live deals under way": (
        lambda d: seep_live(d)[0].update(deal_id=None, plays=seep_live(d)[0]["plays"][:3]),
        "under way is followed by another",
    ),
    "two live deals ending in one deal": (
        lambda d: seep_live(d).append(dict(seep_live(d)[0])),
        "two of its live deals became the same deal",
    ),
    "a play the rules refuse": (a_play_twice, "live deal 1: the rules refuse play 3"),
    "a start the rules refuse": (
        lambda d: seep_live(d)[1].update(start={"dealer": 0}),
        "live deal 2: the rules refuse its start",
    ),
    "a finished deal said to be under way": (
        lambda d: seep_live(d).pop() and seep_live(d)[0].update(deal_id=None),
        "its plays end the deal, yet it names no deal",
    ),
    "a deal under way said to be finished": (
        lambda d: seep_live(d)[0]["plays"].pop(),
        "its plays do not end the deal it names",
    ),
    "too many plays": (
        lambda d: seep_live(d)[1].update(plays=seep_live(d)[0]["plays"] * (MOST_PLAYS // 48 + 1)),
        "more than any deal has",
    ),
    "plays that are not a list": (
        lambda d: seep_live(d)[1].update(plays={"1": {}}),
        "'plays' is not what it should be",
    ),
    "a live deal's bad time": (
        lambda d: seep_live(d)[1].update(updated_at="soon"),
        "is not a time",
    ),
}


def damaged(name: str) -> tuple[str, Callable[[dict[str, Any]], Any], str]:
    """A damage done to a backup: the fixture writing the file, the change, the message."""
    if name in DAMAGED:
        return ("backup_file", *DAMAGED[name])
    return ("live_backup_file", *DAMAGED_LIVE[name])


@pytest.mark.parametrize("damage", [*DAMAGED, *DAMAGED_LIVE])
def test_a_damaged_or_newer_file_is_refused_and_nothing_is_stored(
    tmp_path: Path, request: pytest.FixtureRequest, damage: str
) -> None:
    source, change, message = damaged(damage)
    broken = json.loads(request.getfixturevalue(source).read_text(encoding="utf-8"))
    change(broken)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    restored = empty_app(tmp_path / "restored.sqlite")
    result = import_into(restored, path)
    assert result.exit_code != 0
    assert message in result.output and "Nothing was imported" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert nothing_stored(restored)
