"""PostgreSQL tells the streams each new version of a session or club (LISTEN/NOTIFY)

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-06 03:30:00

A trigger on each table's version sends `pg_notify('scorekeeper_changes', '<kind> <id>
<version>')`. It runs inside the transaction that moves the version, and PostgreSQL delivers a
notification only when that transaction commits, so a stream never hears of a version a reader
could not see (scorekeeper/streams/sources.py). SQLite has no notifications: the streams poll it.
"""

from alembic import op


revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

FUNCTION = """
CREATE OR REPLACE FUNCTION scorekeeper_version_moved() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('scorekeeper_changes', TG_ARGV[0] || ' ' || NEW.id || ' ' || NEW.version);
    RETURN NULL;
END
$$ LANGUAGE plpgsql
"""
TABLES = {"game_sessions": "session", "clubs": "club"}


def upgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(FUNCTION)
    for table, kind in TABLES.items():
        op.execute(
            f"CREATE TRIGGER {table}_version_moved AFTER UPDATE OF version ON {table} "
            f"FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version) "
            f"EXECUTE FUNCTION scorekeeper_version_moved('{kind}')"
        )


def downgrade():
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"DROP TRIGGER IF EXISTS {table}_version_moved ON {table}")
    op.execute("DROP FUNCTION IF EXISTS scorekeeper_version_moved()")
