"""Upgrading keeps every deal: a database of revision 0001 comes up with ids and versions, and
its session in a club of its own."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from flask import Flask
from flask_migrate import downgrade, upgrade

from scorekeeper import create_app
from scorekeeper.data.extensions import db
from tests.helpers.postgres import create_database, drop_database
from tests.helpers.seep import DEFAULT_OPTIONS

OLD_DEALS = [(1, None), (2, "2026-11-29 20:00:00"), (3, None)]  # (seq, deleted_at)


def test_an_old_database_keeps_its_deals_with_ids_and_versions(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        upgrade(revision="0001")
        _fill_revision_0001()
        upgrade()
        db.engine.dispose()
    answer = app.test_client().get("/api/v1/sessions/old").get_json()
    identities = [(d["id"], d["number"], d["version"]) for d in answer["deals"]]
    assert identities == [(1, 1, 1), (3, 2, 1)]  # the old seq is the id; deal 2 stays deleted
    # 0010: options added since (R3) take their defaults, those stored are kept, and the
    # session's version moves with them.
    assert answer["version"] == 2
    assert answer["options"] == DEFAULT_OPTIONS
    # 0003: the session moved into a club of its own, named after its teams, with its players.
    club = app.test_client().get(f"/api/v1/clubs/{answer['club']}").get_json()
    assert club["name"] == "Asha v Dev"
    assert [s["id"] for s in club["sessions"]] == ["old"]
    assert sorted(p["name"] for p in club["players"]) == ["Asha", "Dev"]
    with app.app_context():
        keeper = db.session.execute(sa.text("SELECT keeper_token_hash FROM clubs")).scalar()
        assert keeper == "x"  # the session's keeper keeps its club


def _upgraded(path: Path) -> Flask:
    """The app on a new SQLite file brought up to the last revision, without rate limits (a
    test starts many sessions)."""
    url = f"sqlite:///{path}"
    config = {"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url}
    app = create_app(config | {"RATELIMIT_ENABLED": False})
    with app.app_context():
        upgrade()
    return app


def _fill_revision_0001() -> None:
    record = '{"captured": [["AS"], []]}'
    statements = [
        "INSERT INTO game_sessions VALUES ('old', 'seep', "
        """'{"target": 100, "baazis": null, "under9": "sweeps", "capture": "maximal", """
        """"throw": "strict"}', 1, 'x', '2026-11-29', '2026-11-29')""",
        "INSERT INTO players VALUES (1, 'Asha', 'asha', '2026-11-29')",
        "INSERT INTO players VALUES (2, 'Dev', 'dev', '2026-11-29')",
        "INSERT INTO teams VALUES (1, 'old', 0, 'Asha')",
        "INSERT INTO teams VALUES (2, 'old', 1, 'Dev')",
        "INSERT INTO memberships VALUES (1, 0, 1)",
        "INSERT INTO memberships VALUES (2, 0, 2)",
    ]
    with db.engine.begin() as connection:
        for statement in statements:
            connection.execute(sa.text(statement))
        for seq, deleted in OLD_DEALS:
            connection.execute(
                sa.text(
                    "INSERT INTO deals (session_id, seq, record, created_at, updated_at, "
                    "deleted_at) VALUES ('old', :seq, :record, '2026-11-29', '2026-11-29', "
                    ":deleted)"
                ),
                {"seq": seq, "record": record.replace("[]", _rest()), "deleted": deleted},
            )


def _rest() -> str:
    """Every point card but the ace of spades, as a JSON list."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    cards = [f"{r}S" for r in ranks] + ["AH", "AD", "AC", "10D"]
    return "[" + ", ".join(f'"{c}"' for c in cards) + "]"


def test_the_migrations_build_exactly_the_tables_the_models_describe(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), db.metadata)
        db.engine.dispose()
    assert differences == []


def test_0007_lets_a_team_called_after_its_players_follow_their_renames(tmp_path: Path) -> None:
    """A team stored as its players' names joined gets no name of its own (derived from then
    on); a name given at the table is kept. Downgrading writes the derived names back."""
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        upgrade(revision="0006")
        with db.engine.begin() as connection:
            for statement in REVISION_0006_CLUB:
                connection.execute(sa.text(statement))
        upgrade()
        names = "SELECT name FROM teams ORDER BY id"
        assert db.session.execute(sa.text(names)).scalars().all() == [None, "Lions"]
        merged = "SELECT merged_into_id FROM players"
        assert db.session.execute(sa.text(merged)).scalars().all() == [None] * 4
        db.session.remove()
        downgrade(revision="0006")
        assert db.session.execute(sa.text(names)).scalars().all() == ["Asha & Ravi", "Lions"]
        db.session.remove()
        upgrade()
        db.engine.dispose()
    answer = app.test_client().get("/api/v1/sessions/old").get_json()
    assert [t["name"] for t in answer["teams"]] == ["Asha & Ravi", "Lions"]


REVISION_0006_CLUB = [
    "INSERT INTO clubs VALUES ('club', 'Thursday', 'x', 1, '2026-12-01', '2026-12-01')",
    "INSERT INTO game_sessions (id, game, options, players_per_team, edit_token_hash, "
    "scorer_generation, version, created_at, updated_at, club_id) VALUES ('old', 'seep', "
    """'{"target": 100, "baazis": null, "under9": "sweeps", "capture": "maximal", """
    """"throw": "strict"}', 2, 'x', 0, 1, '2026-12-01', '2026-12-01', 'club')""",
    *(
        f"INSERT INTO players (id, name, key, last_played_at, club_id) "
        f"VALUES ({n}, '{name}', '{name.lower()}', '2026-12-01', 'club')"
        for n, name in enumerate(["Asha", "Ravi", "Meena", "Dev"], 1)
    ),
    "INSERT INTO teams (id, session_id, position, name) VALUES (1, 'old', 0, 'Asha & Ravi')",
    "INSERT INTO teams (id, session_id, position, name) VALUES (2, 'old', 1, 'Lions')",
    *(
        f"INSERT INTO memberships VALUES ({(n - 1) // 2 + 1}, {(n - 1) % 2}, {n})"
        for n in range(1, 5)
    ),
]


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database, not migrated: SQLite or PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.sqlite'}"
        return
    url = create_database(request.getfixturevalue("postgres_url"), f"m_{uuid.uuid4().hex[:16]}")
    yield url
    drop_database(url)


def test_0008_keeps_the_keys_and_takes_keys_of_255_characters(empty_database: str) -> None:
    """shared/API.md allows keys of up to 255 characters: the column held 200, which PostgreSQL
    enforces. Upgrading keeps the stored keys; downgrading forgets only the longer ones."""
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": empty_database}
    )
    insert = sa.text(
        "INSERT INTO idempotency_keys (scope, key, request_hash, status, body, created_at) "
        "VALUES ('sessions', :key, 'h', 201, '{}', '2026-12-02')"
    )
    keys = "SELECT key FROM idempotency_keys ORDER BY id"
    with app.app_context():
        upgrade(revision="0007")
        with db.engine.begin() as connection:
            connection.execute(insert, {"key": "k" * 200})
        upgrade()
        with db.engine.begin() as connection:
            connection.execute(insert, {"key": "z" * 255})
            assert connection.execute(sa.text(keys)).scalars().all() == ["k" * 200, "z" * 255]
        db.session.remove()
        downgrade(revision="0007")
        with db.engine.begin() as connection:
            assert connection.execute(sa.text(keys)).scalars().all() == ["k" * 200]
        db.engine.dispose()


def test_0009_works_out_the_summaries_a_database_from_before_lacks(tmp_path: Path) -> None:
    """A database from before writes kept summaries comes up with every club session's (of its
    version, as the rules work it out), so that the first statistics read after a deploy reads
    no deal; a session taken out of its club's history gets none."""
    from scorekeeper.data.models import SUMMARY_FORM, GameSession, SessionSummary
    from scorekeeper.data.summaries import summarize
    from tests.helpers.api import FOUR, add_deals, new_club, new_session
    from tests.helpers.seep import deal

    app = _upgraded(tmp_path / "summaries.sqlite")
    client = app.test_client()
    club = new_club(client)["id"]
    sessions = [new_session(client, "seep", FOUR, club, baazis=3) for _ in range(3)]
    for n, session in enumerate(sessions):
        add_deals(client, session, *[deal(60 - 10 * n)] * (n + 1))
    with app.app_context():
        taken_out = db.session.get(GameSession, sessions[2]["id"])
        assert taken_out is not None
        taken_out.deleted_at = taken_out.created_at
        db.session.commit()
        db.session.remove()
        downgrade(revision="0008")
        db.session.execute(sa.delete(SessionSummary))  # as before issue 23: none kept
        db.session.commit()
        upgrade()
        kept = {row.session_id: row for row in db.session.scalars(sa.select(SessionSummary))}
        assert set(kept) == {sessions[0]["id"], sessions[1]["id"]}
        for session_id, row in kept.items():
            found = db.session.get(GameSession, session_id)
            assert found is not None
            assert (row.version, row.form) == (found.version, SUMMARY_FORM)
            records = [d.record for d in found.deals]
            assert row.summary == summarize("seep", 2, 2, found.options, records)
            assert len(row.summary["deals"]) == len(records) > 0
        db.engine.dispose()


def test_0011_gives_every_club_the_usual_rules_and_keeps_set_ones(empty_database: str) -> None:
    """A club from before house rules comes up with none (every game's usual rules) and can
    set them; downgrading forgets them and keeps the club."""
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": empty_database}
    )
    club = (
        "INSERT INTO clubs (id, name, keeper_token_hash, version, created_at, updated_at) "
        "VALUES ('club', 'Thursday', 'x', 1, '2026-12-01', '2026-12-01')"
    )
    rules = "SELECT house_rules FROM clubs"
    with app.app_context():
        upgrade(revision="0010")
        with db.engine.begin() as connection:
            connection.execute(sa.text(club))
        upgrade()
        assert db.session.execute(sa.text(rules)).scalars().all() == [None]
        db.session.remove()
    client = app.test_client()
    assert client.get("/api/v1/clubs/club/rules").get_json()["seep"]["target"] == 100
    with app.app_context(), db.engine.begin() as connection:
        connection.execute(
            sa.text("""UPDATE clubs SET house_rules = '{"seep": {"target": 150}}'""")
        )
    assert client.get("/api/v1/clubs/club/rules").get_json()["seep"]["target"] == 150
    with app.app_context():
        downgrade(revision="0010")
        with db.engine.begin() as connection:
            names = connection.execute(sa.text("SELECT name FROM clubs")).scalars().all()
        assert names == ["Thursday"]
        db.engine.dispose()


def test_0012_works_out_again_the_summaries_of_an_older_form(tmp_path: Path) -> None:
    """A summary kept before the ratings (form 1, no finished games) is worked out again with
    them, so that the first ratings read after a deploy reads no deal."""
    from scorekeeper.data.models import SUMMARY_FORM, SessionSummary
    from tests.helpers.api import FOUR, add_deals, new_club, new_session
    from tests.helpers.seep import deal

    app = _upgraded(tmp_path / "forms.sqlite")
    client = app.test_client()
    session = new_session(client, "seep", FOUR, new_club(client)["id"])
    add_deals(client, session, deal(95))  # M3: a baazi, team 0's
    with app.app_context():
        row = db.session.get(SessionSummary, session["id"])
        assert row is not None and row.summary["games"] == [{"ranks": [0, 1], "deal": 1}]
        older = {key: value for key, value in row.summary.items() if key != "games"}
        db.session.execute(
            sa.update(SessionSummary).values(form=1, summary=older)
        )  # as issue 23 kept it
        db.session.commit()
        db.session.remove()
        downgrade(revision="0011")
        upgrade()
        row = db.session.get(SessionSummary, session["id"])
        assert row is not None and row.form == SUMMARY_FORM >= 2
        assert row.summary["games"] == [{"ranks": [0, 1], "deal": 1}]
        db.engine.dispose()


def test_0013_renames_the_malayalam_clubs_named_the_old_automatic_way(
    empty_database: str,
) -> None:
    """A club still named «<player>-ന്റെ മേശ» after one of its players (the automatic name, a
    case ending glued to a name) becomes «<player> കളിക്കുന്ന മേശ»; a name its keeper chose, or
    one of that shape naming nobody of the club, stays; downgrading gives the old form back."""
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": empty_database}
    )
    clubs = {
        "auto": "അനിത പുത്തൻവീട്ടിൽ-ന്റെ മേശ",
        "chosen": "വ്യാഴാഴ്ച മേശ",
        "nobody": "രാജു-ന്റെ മേശ",
    }
    names = "SELECT id, name, version FROM clubs ORDER BY id"
    with app.app_context():
        upgrade(revision="0012")
        with db.engine.begin() as connection:
            for club_id, name in clubs.items():
                connection.execute(
                    sa.text(
                        "INSERT INTO clubs (id, name, keeper_token_hash, version, created_at, "
                        "updated_at) VALUES (:id, :name, 'x', 1, '2026-12-01', '2026-12-01')"
                    ),
                    {"id": club_id, "name": name},
                )
                connection.execute(
                    sa.text(
                        "INSERT INTO players (club_id, name, key, last_played_at) "
                        "VALUES (:club, :name, :name, '2026-12-01')"
                    ),
                    {"club": club_id, "name": "അനിത പുത്തൻവീട്ടിൽ"},
                )
        upgrade()
        with db.engine.begin() as connection:
            assert connection.execute(sa.text(names)).all() == [
                ("auto", "അനിത പുത്തൻവീട്ടിൽ കളിക്കുന്ന മേശ", 2),
                ("chosen", "വ്യാഴാഴ്ച മേശ", 1),
                ("nobody", "രാജു-ന്റെ മേശ", 1),
            ]
        downgrade(revision="0012")
        with db.engine.begin() as connection:
            assert connection.execute(sa.text(names)).all()[0][1] == clubs["auto"]
        db.engine.dispose()


def test_0014_keeps_sessions_open_and_works_out_again_who_won(tmp_path: Path) -> None:
    """A database from before a table could end a session: every session comes up not ended,
    and a summary kept with the old meaning (an open-ended Seep session went to the team with
    more baazis) is worked out again, so that the first statistics read after a deploy counts
    it as nobody's win; downgrading forgets the ends and keeps the sessions."""
    from scorekeeper.data.models import SUMMARY_FORM, SessionSummary
    from tests.helpers.api import FOUR, add_deals, bearer, new_club, new_session
    from tests.helpers.seep import deal

    app = _upgraded(tmp_path / "ended.sqlite")
    client = app.test_client()
    club = new_club(client)["id"]
    session = new_session(client, "seep", FOUR, club)  # played on: M4 sets no number
    add_deals(client, session, deal(5))  # M3: a baazi to team 1
    with app.app_context():
        row = db.session.get(SessionSummary, session["id"])
        assert row is not None
        # As issue 25 kept it (form 2): the team with more baazis took the unfinished session.
        older = row.summary | {"winner": 1}
        db.session.execute(sa.update(SessionSummary).values(form=2, summary=older))
        db.session.commit()
        db.session.remove()
        downgrade(revision="0013")
        with db.engine.connect() as connection:
            columns = sa.inspect(connection).get_columns("game_sessions")
        assert "ended_at" not in {column["name"] for column in columns}
        upgrade()
        row = db.session.get(SessionSummary, session["id"])
        assert row is not None and row.form == SUMMARY_FORM == 3
        assert (row.summary["finished"], row.summary["winner"]) == (False, None)
        assert row.summary["teams"][1]["baazis_won"] == 1  # its baazi still counts
        db.session.remove()
        db.engine.dispose()
    assert client.get(f"/api/v1/sessions/{session['id']}").get_json()["ended"] is False
    rows = client.get(f"/api/v1/clubs/{club}/stats").get_json()["games"]["seep"]["players"]
    assert {row["name"]: (row["played"], row["won"]) for row in rows}["Meena"] == (0, 0)
    ended = client.post(
        f"/api/v1/sessions/{session['id']}/end", headers=bearer(session["edit_token"])
    )
    assert ended.status_code == 200
    with app.app_context():
        downgrade(revision="0013")  # the end is forgotten, the session and its deal kept
        deals = db.session.execute(sa.text("SELECT count(*) FROM deals")).scalar()
        assert deals == 1
        db.engine.dispose()


def test_0015_fills_each_stored_deal_s_changed_with_its_session_s_version(tmp_path: Path) -> None:
    """A database from before deals remembered their change: each stored deal gets its
    session's version (too late, never too early), so a `since` older than that finds it once
    more and `since` the current version finds nothing."""
    from tests.helpers.api import FOUR, add_deals, bearer, new_session
    from tests.helpers.seep import deal

    app = _upgraded(tmp_path / "changed.sqlite")
    client = app.test_client()
    first = new_session(client, "seep", FOUR)
    add_deals(client, first, deal(60), deal(55), deal(70))
    url = f"/api/v1/sessions/{first['id']}"
    assert client.delete(f"{url}/deals/2", headers=bearer(first["edit_token"])).status_code == 200
    other = new_session(client, "seep", FOUR)
    add_deals(client, other, deal(80))
    with app.app_context():
        db.session.remove()
        downgrade(revision="0014")
        with db.engine.connect() as connection:
            columns = sa.inspect(connection).get_columns("deals")
        assert "changed" not in {column["name"] for column in columns}
        upgrade()
        query = sa.text("SELECT session_id, serial, changed FROM deals ORDER BY session_id, serial")
        filled = {(s, serial): changed for s, serial, changed in db.session.execute(query)}
        db.session.remove()
        db.engine.dispose()
    assert filled == {
        (first["id"], 1): 5,
        (first["id"], 2): 5,
        (first["id"], 3): 5,
        (other["id"], 1): 2,
    }
    assert client.get(f"{url}?since=5").get_json()["deals"] == []
    again = client.get(f"{url}?since=4").get_json()
    assert [d["id"] for d in again["deals"]] == [1, 3] and again["deleted"] == [2]


def test_0017_gives_sessions_stored_before_the_round_s_length_its_defaults(
    tmp_path: Path,
) -> None:
    """A session stored before `deals` and `games` existed gets them (no length), keeps what it
    chose, and its version moves."""
    from tests.helpers.api import FOUR, new_session

    app = _upgraded(tmp_path / "lengths.sqlite")
    client = app.test_client()
    made = new_session(client, "fifty-six", FOUR)
    stored = client.get(f"/api/v1/sessions/{made['id']}").get_json()
    older = {k: v for k, v in stored["options"].items() if k not in ("deals", "games")}
    with app.app_context():
        db.session.remove()
        downgrade(revision="0016")
        update = sa.text("UPDATE game_sessions SET options = :options WHERE id = :id")
        db.session.execute(update, {"options": json.dumps(older), "id": made["id"]})
        db.session.commit()
        upgrade()
        db.session.remove()
        db.engine.dispose()
    after = client.get(f"/api/v1/sessions/{made['id']}").get_json()
    assert after["options"] == stored["options"]
    assert after["version"] == stored["version"] + 1
