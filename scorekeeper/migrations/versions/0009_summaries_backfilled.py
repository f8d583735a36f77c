"""session summaries backfilled: each club session's, so that the first statistics read after a
deploy finds them all

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02 14:00:00

Since issue 23 every write keeps its session's summary (data/summaries.py); a database from
before holds only those some read had kept. This works out the rest once, by the rules engine
(the app's own `summarize`, written with the SUMMARY_FORM it goes with), reading the tables as
they are at this revision. A session whose deals cannot be folded is left out: the statistics
work its summary out when read, as they did before. Nothing to undo: the rows are a cache.
"""

from alembic import op
import sqlalchemy as sa


revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

BATCH = 200  # sessions read and written at a time

SESSIONS = sa.table(
    "game_sessions",
    sa.column("id", sa.String),
    sa.column("version", sa.Integer),
    sa.column("game", sa.String),
    sa.column("options", sa.JSON),
    sa.column("players_per_team", sa.Integer),
    sa.column("club_id", sa.String),
    sa.column("deleted_at", sa.DateTime),
)
TEAMS = sa.table("teams", sa.column("id", sa.Integer), sa.column("session_id", sa.String))
DEALS = sa.table(
    "deals",
    sa.column("session_id", sa.String),
    sa.column("serial", sa.Integer),
    sa.column("record", sa.JSON),
    sa.column("deleted_at", sa.DateTime),
)
SUMMARIES = sa.table(
    "session_summaries",
    sa.column("session_id", sa.String),
    sa.column("version", sa.Integer),
    sa.column("form", sa.Integer),
    sa.column("summary", sa.JSON),
)


def upgrade():
    from scorekeeper.data.models import SUMMARY_FORM

    connection = op.get_bind()
    kept = sa.and_(
        SUMMARIES.c.session_id == SESSIONS.c.id,
        SUMMARIES.c.version == SESSIONS.c.version,
        SUMMARIES.c.form == SUMMARY_FORM,
    )
    missing = (
        sa.select(SESSIONS.c.id)
        .where(SESSIONS.c.club_id.is_not(None), SESSIONS.c.deleted_at.is_(None))
        .where(~sa.exists().where(kept))
        .order_by(SESSIONS.c.id)
    )
    ids = list(connection.execute(missing).scalars())
    for start in range(0, len(ids), BATCH):
        _backfill(connection, ids[start : start + BATCH], SUMMARY_FORM)


def _backfill(connection, ids, form):
    """Work out and write the summaries of these sessions."""
    from scorekeeper.data.summaries import summarize

    teams = sa.select(sa.func.count(TEAMS.c.id)).where(TEAMS.c.session_id == SESSIONS.c.id)
    sessions = connection.execute(
        sa.select(
            SESSIONS.c.id,
            SESSIONS.c.version,
            SESSIONS.c.game,
            SESSIONS.c.options,
            SESSIONS.c.players_per_team,
            teams.scalar_subquery(),
        ).where(SESSIONS.c.id.in_(ids))
    ).all()
    records = {session_id: [] for session_id in ids}
    deals = (
        sa.select(DEALS.c.session_id, DEALS.c.record)
        .where(DEALS.c.session_id.in_(ids), DEALS.c.deleted_at.is_(None))
        .order_by(DEALS.c.session_id, DEALS.c.serial)
    )
    for session_id, record in connection.execute(deals):
        records[session_id].append(record)
    rows = []
    for session_id, version, game, options, size, count in sessions:
        try:
            summary = summarize(game, count, size, options, records[session_id])
        except Exception:  # a session the rules cannot fold: worked out when read, as before
            continue
        rows.append(
            {"session_id": session_id, "version": version, "form": form, "summary": summary}
        )
    if rows:
        written = [row["session_id"] for row in rows]
        connection.execute(SUMMARIES.delete().where(SUMMARIES.c.session_id.in_(written)))
        connection.execute(SUMMARIES.insert(), rows)


def downgrade():
    pass  # the rows are a cache, valid at 0008 too
