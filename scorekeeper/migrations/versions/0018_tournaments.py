"""tournaments: a club's tournaments, their entrants, rounds and tables (issue 37)

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-07 03:00:00

A tournament's table is a session of its club (a unique key to game_sessions); its result is
derived from the session, or a keeper's adjustment, and its confirmation is the session version
it was confirmed at; game_sessions.tournament_table marks a table's session. On PostgreSQL 0016's trigger also tells the streams each new version of a
tournament (kind `tournament`).
"""

from alembic import op
import sqlalchemy as sa


revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("club_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("format", sa.String(length=20), nullable=False),
        sa.Column("rounds_planned", sa.Integer(), nullable=False),
        sa.Column("round_length", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("ended_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_tournaments_club_id", "tournaments", ["club_id"], unique=False)
    op.create_table(
        "tournament_entrants",
        sa.Column("tournament_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("joins_from", sa.Integer(), nullable=False),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"]),
        sa.PrimaryKeyConstraint("tournament_id", "number"),
    )
    op.create_table(
        "tournament_rounds",
        sa.Column("tournament_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("byes", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"]),
        sa.PrimaryKeyConstraint("tournament_id", "number"),
    )
    op.create_table(
        "tournament_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.String(length=32), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.String(length=32), nullable=False),
        sa.Column("entrants", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("adjustment", sa.JSON(), nullable=True),
        sa.Column("note", sa.String(length=200), nullable=True),
        sa.Column("confirmed_version", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["session_id"], ["game_sessions.id"]),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("session_id"),
        sa.UniqueConstraint(
            "tournament_id", "round_number", "number", name="uq_tournament_tables_place"
        ),
    )
    op.create_index(
        "ix_tournament_tables_tournament_id", "tournament_tables", ["tournament_id"], unique=False
    )
    # A session that is a tournament's table: its deals move the tournament's version (no
    # other session's deal pays for looking).
    with op.batch_alter_table("game_sessions") as batch:
        batch.add_column(
            sa.Column("tournament_table", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    if op.get_bind().dialect.name == "postgresql":
        # 0016's function, on the tournaments' versions too.
        op.execute(
            "CREATE TRIGGER tournaments_version_moved AFTER UPDATE OF version ON tournaments "
            "FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version) "
            "EXECUTE FUNCTION scorekeeper_version_moved('tournament')"
        )


def downgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS tournaments_version_moved ON tournaments")
    with op.batch_alter_table("game_sessions") as batch:
        batch.drop_column("tournament_table")
    op.drop_index("ix_tournament_tables_tournament_id", table_name="tournament_tables")
    op.drop_table("tournament_tables")
    op.drop_table("tournament_rounds")
    op.drop_table("tournament_entrants")
    op.drop_index("ix_tournaments_club_id", table_name="tournaments")
    op.drop_table("tournaments")
