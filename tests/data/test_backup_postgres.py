"""A backup of a SQLite database restored into an empty PostgreSQL one (`flask import`):
every standing, club statistic and live deal the same, links working, nothing added twice.

PostgreSQL is a throwaway cluster (tests/helpers/postgres.py) or TEST_POSTGRES_URL; each test
has a database of its own, created empty (import makes the tables). Never skipped.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.data import players
from scorekeeper.data.extensions import db
from scorekeeper.data.models import Club
from tests.helpers import backup
from tests.helpers.api import CLUBS, bearer, new_session
from tests.helpers.casino import SEVEN_FOUR
from tests.helpers.postgres import create_database, drop_database


@pytest.fixture
def pg_app(postgres_url: str) -> Iterator[Flask]:
    """The app on an empty PostgreSQL database of its own: no tables yet."""
    url = create_database(postgres_url, f"restore_{uuid.uuid4().hex[:16]}")
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url})
    yield app
    with app.app_context():
        db.engine.dispose()
    drop_database(url)


def merge(app: Flask, club_id: str, kept: str, gone: str) -> None:
    """Make two of a club's players one, as its keeper would."""
    with app.app_context():
        club = db.session.get(Club, club_id)
        assert club is not None
        named = {p.name: p for p in club.players}
        players.merge(club, named[kept], named[gone])
        db.session.commit()


def test_sqlite_to_postgresql_reproduces_every_standing_and_statistic(
    app: Flask, client: FlaskClient, tmp_path: Path, pg_app: Flask
) -> None:
    played = backup.played_club(client)
    merge(app, played["club"]["id"], "Asha", "Ásha")  # one person under two spellings
    other = client.post(CLUBS, json={"name": "Sunday"}).get_json()
    new_session(client, "casino", [{"players": ["Kiran"]}, {"players": ["Lata"]}], other["id"])
    live, sessions, left = backup.live_club(client, ("seep",))  # a deal played live, one under way
    seep = sessions["seep"]
    clubs = [played["club"]["id"], other["id"], live]
    before = backup.everything(client, clubs)
    live_before = client.get(backup.live_url(seep)).get_json()
    assert all(f"{club}/stats" in before for club in clubs)  # statistics compared too
    backup.export(app, tmp_path / "backup.json")

    result = backup.import_into(pg_app, tmp_path / "backup.json")
    assert result.exit_code == 0, result.output
    # 12 players: the one merged away is kept (a merge can be split again after the import).
    assert "Added 3 clubs, 12 players, 5 sessions, 2 live deals" in result.output
    with pg_app.app_context():
        assert db.engine.dialect.name == "postgresql"
    restored = pg_app.test_client()
    assert backup.everything(restored, clubs) == before
    assert restored.get(backup.live_url(seep)).get_json() == live_before
    assert backup.counts(pg_app) == backup.counts(app)

    # Twice adds nothing.
    again = backup.import_into(pg_app, tmp_path / "backup.json")
    assert again.exit_code == 0 and "Added 0 clubs, 0 players, 0 sessions, 0" in again.output
    assert backup.counts(pg_app) == backup.counts(app)

    # Links keep working, and new rows get ids past the restored ones (sequences moved on).
    casino = played["casino"]
    answer = restored.post(
        f"/api/v1/sessions/{casino['id']}/deals",
        json=SEVEN_FOUR,
        headers=bearer(casino["edit_token"]),
    )
    assert answer.status_code == 201, answer.get_json()
    fresh = new_session(
        restored, "seep", [{"players": ["Zoë"]}, {"players": ["Yash"]}], other["id"]
    )
    assert fresh["id"] and backup.counts(pg_app)["Player"] == backup.counts(app)["Player"] + 2
    # The live deal under way plays on to the end it reaches in SQLite.
    ended = backup.send_plays(restored, seep, left["seep"], backup.UNDER_WAY + 1)
    assert ended == backup.send_plays(client, seep, left["seep"], backup.UNDER_WAY + 1)


def test_a_refused_file_leaves_the_postgresql_database_empty(
    app: Flask, client: FlaskClient, tmp_path: Path, pg_app: Flask
) -> None:
    backup.played_club(client)
    document = backup.export(app, tmp_path / "backup.json")
    document["sessions"][-1]["deals"][-1]["record"]["cards"] = [60, 60]  # more than a pack
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document), encoding="utf-8")
    result = backup.import_into(pg_app, broken)
    assert result.exit_code != 0 and "Nothing was imported" in result.output
    assert set(backup.counts(pg_app).values()) == {0}  # the clubs and players before it rolled back
