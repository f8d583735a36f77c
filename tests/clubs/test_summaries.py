"""Club statistics kept up to date by the writes (data/summaries.py) and kept per club version
(clubs/stats.figures).

Every kind of write leaves the stored summary of its session's new version equal to one worked
out afresh from the deals, with no read in between; a write that rolls back leaves none; the
club's figures follow each change and equal the statistics worked out with nothing kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.exc import IntegrityError

from scorekeeper.clubs import stats as club_stats
from scorekeeper.data import summaries
from scorekeeper.data.deals import add_deal
from scorekeeper.data.extensions import db
from scorekeeper.data.models import SUMMARY_FORM, Club, Deal, GameSession, SessionSummary
from scorekeeper.data.players import move_to
from scorekeeper.rules import GAMES, Table
from tests.helpers import casino
from tests.helpers.api import CLUBS, FOUR, SESSIONS, add_deals, bearer, new_club, new_session
from tests.helpers.backup import export, import_into, send_plays, start_live
from tests.helpers.seep import deal

Json = dict[str, Any]
SINGLES = [{"players": ["Asha"]}, {"players": ["Meena"]}]
CASINO_DEAL = casino.deal([30, 22], [7, 6], [0, 1, 1, 0], 1, 0)


def fresh_summary(session: GameSession) -> Json:
    """The session's summary straight from its game's rules, nothing kept."""
    game, table = GAMES[session.game_name], Table(len(session.teams), session.players_per_team)
    records = [d.record for d in session.deals]
    return game.summarize(
        table, session.options, records, game.standing(table, session.options, records)
    )


def assert_kept_and_current(app: Flask, session_id: str) -> None:
    """The session's stored summary is of its version and equals a fresh one."""
    with app.app_context():
        session = db.session.get(GameSession, session_id)
        kept = db.session.get(SessionSummary, session_id)
        assert session is not None and kept is not None
        assert (kept.version, kept.form) == (session.version, SUMMARY_FORM)
        assert kept.summary == fresh_summary(session)


def version(app: Flask, model: type[Any], key: str) -> int:
    with app.app_context():
        found = db.session.get(model, key)
        assert found is not None
        return int(found.version)


def stats(client: FlaskClient, club_id: str) -> Json:
    response = client.get(f"{CLUBS}/{club_id}/stats")
    assert response.status_code == 200, response.get_json()
    body: Json = response.get_json()
    return body


def uncached(app: Flask, club_id: str) -> Json:
    """The statistics with nothing kept anywhere: every summary worked out from the deals."""
    club_stats.forget()
    with app.app_context():
        db.session.execute(db.delete(SessionSummary))
        db.session.commit()
        club = db.session.get(Club, club_id)
        assert club is not None
        names = club_stats.player_names(club)
        answer = club_stats.statistics(club, club_stats.club_sessions(club), names)
    club_stats.forget()
    return answer


@pytest.fixture
def club(client: FlaskClient) -> Json:
    """A club with a Seep session of two deals and a Casino session of one."""
    made = new_club(client)
    seep = new_session(client, "seep", FOUR, made["id"], baazis=3)
    add_deals(client, seep, deal(60), deal(30))
    casino = new_session(client, "casino", SINGLES, made["id"])
    add_deals(client, casino, CASINO_DEAL)
    return {"club": made, "seep": seep, "casino": casino}


def deals_url(session: Json) -> str:
    return f"{SESSIONS}/{session['id']}/deals"


def test_a_new_session_and_each_deal_written_keep_the_summary_of_the_new_version(
    app: Flask, client: FlaskClient, club: Json
) -> None:
    # No statistics were read: the writes alone kept these.
    assert_kept_and_current(app, club["seep"]["id"])
    assert_kept_and_current(app, club["casino"]["id"])
    empty = new_session(client, "seep", FOUR, club["club"]["id"])
    assert_kept_and_current(app, empty["id"])


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "", deal(45)),  # a new deal
        ("put", "/1", deal(70)),  # a correction
        ("delete", "/2", None),  # a delete (the web page's undo is one too)
    ],
)
def test_each_kind_of_deal_write_keeps_the_summary(
    app: Flask, client: FlaskClient, club: Json, method: str, path: str, body: Any
) -> None:
    seep = club["seep"]
    before = version(app, GameSession, seep["id"])
    answer = getattr(client, method)(
        deals_url(seep) + path, json=body, headers=bearer(seep["edit_token"])
    )
    assert answer.status_code in (200, 201), answer.get_json()
    assert version(app, GameSession, seep["id"]) > before
    assert_kept_and_current(app, seep["id"])


def test_a_restored_deal_keeps_the_summary(app: Flask, client: FlaskClient, club: Json) -> None:
    seep, auth = club["seep"], bearer(club["seep"]["edit_token"])
    assert client.delete(deals_url(seep) + "/1", headers=auth).status_code == 200
    assert client.post(deals_url(seep) + "/1/restore", headers=auth).status_code == 200
    assert_kept_and_current(app, seep["id"])
    with app.app_context():
        kept = db.session.get(SessionSummary, seep["id"])
        assert kept is not None and len(kept.summary["deals"]) == 2


def test_a_live_deal_that_ends_keeps_the_summary(app: Flask, client: FlaskClient) -> None:
    made = new_club(client)
    seep = new_session(client, "seep", FOUR, made["id"])
    plays = start_live(client, seep, 5)
    send_plays(client, seep, plays[:3], 1)
    assert_kept_and_current(app, seep["id"])  # plays so far: no deal yet
    send_plays(client, seep, plays[3:], 4)
    assert_kept_and_current(app, seep["id"])
    with app.app_context():
        kept = db.session.get(SessionSummary, seep["id"])
        assert kept is not None and len(kept.summary["deals"]) == 1


def keeper(client: FlaskClient, made: Json) -> None:
    answer = client.post(f"/c/{made['id']}/key", data={"key": made["keeper_token"]})
    assert answer.status_code == 302


def players(client: FlaskClient, club_id: str) -> dict[str, int]:
    return {p["name"]: p["id"] for p in client.get(f"{CLUBS}/{club_id}").get_json()["players"]}


def test_a_merge_keeps_the_summaries_and_the_statistics_follow(
    app: Flask, client: FlaskClient, club: Json
) -> None:
    made = club["club"]
    typo = new_session(
        client, "casino", [{"players": ["Asha K."]}, {"players": ["Ravi"]}], made["id"]
    )
    add_deals(client, typo, CASINO_DEAL)
    before = stats(client, made["id"])
    assert {r["name"] for r in before["games"]["casino"]["players"]} >= {"Asha", "Asha K."}
    keeper(client, made)
    ids = players(client, made["id"])
    merged = client.post(
        f"/c/{made['id']}/merge", data={"keep": ids["Asha"], "other": ids["Asha K."]}
    )
    assert merged.status_code == 302
    assert_kept_and_current(app, typo["id"])
    after = stats(client, made["id"])
    assert after != before
    assert "Asha K." not in {r["name"] for r in after["games"]["casino"]["players"]}
    assert after == uncached(app, made["id"])
    split = client.post(f"/c/{made['id']}/players/{ids['Asha K.']}/split")
    assert split.status_code == 302
    assert_kept_and_current(app, typo["id"])
    assert stats(client, made["id"]) == before == uncached(app, made["id"])


def test_a_session_moved_or_taken_out_keeps_the_summary_and_both_clubs_follow(
    app: Flask, client: FlaskClient, club: Json
) -> None:
    made, casino = club["club"], club["casino"]
    other = new_club(client, "Sunday")
    assert "casino" in stats(client, made["id"])["games"]
    assert stats(client, other["id"])["games"] == {}
    with app.app_context():
        session = db.session.get(GameSession, casino["id"])
        there = db.session.get(Club, other["id"])
        assert session is not None and there is not None
        move_to(session, there)
        db.session.commit()
    assert_kept_and_current(app, casino["id"])
    assert "casino" not in stats(client, made["id"])["games"]
    assert "casino" in stats(client, other["id"])["games"]
    assert stats(client, other["id"]) == uncached(app, other["id"])
    keeper(client, other)
    url = f"/c/{other['id']}/sessions/{casino['id']}"
    assert client.post(f"{url}/delete").status_code == 302
    assert stats(client, other["id"])["games"] == {}
    assert client.post(f"{url}/restore").status_code == 302
    assert_kept_and_current(app, casino["id"])
    assert "casino" in stats(client, other["id"])["games"]


def test_a_backup_restored_keeps_every_summary_and_a_club_there_already_follows(
    app: Flask, client: FlaskClient, club: Json, tmp_path: Path
) -> None:
    document = export(app, tmp_path / "backup.json")
    made = club["club"]
    # A database holding the club with only its Seep session; the whole backup adds Casino's.
    with app.app_context():
        for model in (SessionSummary, Deal):
            db.session.execute(db.delete(model).where(model.session_id == club["casino"]["id"]))
        session = db.session.get(GameSession, club["casino"]["id"])
        db.session.delete(session)
        db.session.commit()
    club_stats.forget()
    assert "casino" not in stats(client, made["id"])["games"]
    before = version(app, Club, made["id"])
    result = import_into(app, tmp_path / "backup.json")
    assert result.exit_code == 0, result.output
    assert "Added 0 clubs, 0 players, 1 sessions" in result.output
    assert version(app, Club, made["id"]) > before  # its ETag moves too
    assert_kept_and_current(app, club["casino"]["id"])
    answer = stats(client, made["id"])
    assert "casino" in answer["games"]
    assert answer == uncached(app, made["id"])
    assert len(document["sessions"]) == 2


def test_warm_reads_work_nothing_out_and_each_change_is_seen(
    app: Flask, client: FlaskClient, club: Json, monkeypatch: pytest.MonkeyPatch
) -> None:
    made, seep = club["club"], club["seep"]
    calls = []
    real = club_stats.aggregate
    monkeypatch.setattr(club_stats, "aggregate", lambda s: calls.append(1) or real(s))
    first = stats(client, made["id"])
    assert client.get(f"/c/{made['id']}/players").status_code == 200
    assert stats(client, made["id"]) == first
    assert len(calls) == 1  # the page and the second read used the figures kept
    add_deals(client, seep, deal(80))
    second = stats(client, made["id"])
    assert len(calls) == 2
    assert second != first and second == uncached(app, made["id"])
    client.post(f"/c/{made['id']}/key", data={"key": made["keeper_token"]})
    renamed = client.post(f"/c/{made['id']}/rename", data={"name": "Friday table"})
    assert renamed.status_code == 302
    assert stats(client, made["id"])["name"] == "Friday table"


def test_a_write_that_rolls_back_leaves_no_summary_of_its_version(
    app: Flask, client: FlaskClient, club: Json
) -> None:
    seep = club["seep"]
    before = version(app, GameSession, seep["id"])
    with app.app_context():
        session = db.session.get(GameSession, seep["id"])
        assert session is not None
        add_deal(session, deal(90))
        db.session.add(Deal(session_id=session.id, serial=1, record=deal(10)))  # id 1 is taken
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()
    assert version(app, GameSession, seep["id"]) == before
    assert (seep["id"], before + 1) not in summaries.MEMO
    assert_kept_and_current(app, seep["id"])  # still the summary of the version before
    # The version number the rolled-back write took is the next write's: its summary is right.
    add_deals(client, seep, deal(20))
    assert version(app, GameSession, seep["id"]) == before + 1
    assert_kept_and_current(app, seep["id"])
    with app.app_context():
        session = db.session.get(GameSession, seep["id"])
        assert session is not None
        assert summaries.MEMO[(seep["id"], before + 1)] == fresh_summary(session)


def test_the_pages_read_the_figures_kept(
    app: Flask, client: FlaskClient, club: Json, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = club["club"]
    asha = players(client, made["id"])["Asha"]
    first = client.get(f"/c/{made['id']}/players/{asha}").get_data()
    monkeypatch.setattr(club_stats, "club_sessions", lambda c: pytest.fail("read again"))
    assert client.get(f"/c/{made['id']}/players/{asha}").get_data() == first
    assert client.get(f"/c/{made['id']}/players").status_code == 200


def test_a_write_that_changes_no_deal_moves_the_kept_summary_without_working_it_out(
    app: Flask, client: FlaskClient, club: Json, monkeypatch: pytest.MonkeyPatch
) -> None:
    made, seep = club["club"], club["seep"]
    plays = start_live(client, seep, 5)
    keeper(client, made)
    asha = players(client, made["id"])["Asha"]
    before = version(app, GameSession, seep["id"])
    monkeypatch.setattr(summaries, "computed", lambda *a: pytest.fail("worked out again"))
    send_plays(client, seep, plays[:2], 1)  # two plays: no deal yet
    renamed = client.post(f"/c/{made['id']}/players/{asha}/rename", data={"name": "Asha R."})
    assert renamed.status_code == 302
    assert version(app, GameSession, seep["id"]) == before + 3
    assert_kept_and_current(app, seep["id"])
    assert "Asha R." in {r["name"] for r in stats(client, made["id"])["games"]["seep"]["players"]}
