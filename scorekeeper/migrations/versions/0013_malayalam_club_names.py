"""Malayalam clubs' automatic names without a suffix on a name (issue 33)

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-04 19:00:00

A club made quietly for a browser's first session is named after its first player's table, in
the reader's language (sessions/start.py), and stored. Malayalam said it «<name>-ന്റെ മേശ», a
case ending glued to the name with a hyphen; it now says «<name> കളിക്കുന്ന മേശ» ("the table
<name> plays at"), so that a name never takes a suffix. A club still named exactly the old way
after one of its own players is renamed to the new form (its version grows, so that every page
following it shows the new name); one its keeper named otherwise is left alone. Downgrading
gives those clubs the old form back.
"""

from alembic import op
import sqlalchemy as sa


revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

OLD = "{}-ന്റെ മേശ"
NEW = "{} കളിക്കുന്ന മേശ"

CLUBS = sa.table(
    "clubs",
    sa.column("id", sa.String),
    sa.column("name", sa.String),
    sa.column("version", sa.Integer),
)
PLAYERS = sa.table("players", sa.column("club_id", sa.String), sa.column("name", sa.String))


def upgrade():
    _rename(OLD, NEW)


def downgrade():
    _rename(NEW, OLD)


def _rename(before, after):
    """Rename each club named `before` after one of its players to `after` (the same player)."""
    connection = op.get_bind()
    ending = before.format("")
    named = connection.execute(
        sa.select(CLUBS.c.id, CLUBS.c.name).where(CLUBS.c.name.like("%" + ending))
    ).all()
    for club_id, name in named:
        player = name[: -len(ending)]
        ours = sa.select(PLAYERS.c.name).where(
            PLAYERS.c.club_id == club_id, PLAYERS.c.name == player
        )
        if player and connection.execute(ours).first():
            connection.execute(
                CLUBS.update()
                .where(CLUBS.c.id == club_id)
                .values(name=after.format(player), version=CLUBS.c.version + 1)
            )
