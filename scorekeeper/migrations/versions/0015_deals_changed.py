"""each deal remembers the session's version at its last change, for reads of what changed
since a version (`GET /api/v1/sessions/<id>?since=<version>`)

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05 12:30:00

`deals.changed` is the session's version at the deal's last change (creation, edit, deletion or
restoration), read by an index on (session_id, changed) so that what changed costs what changed.
A stored deal's true version of change was never recorded; it is filled with its session's
current version, the only bound known to be at or above it. A client asking since an older
version then gets such deals once more (too much, never too little), and one asking since the
current version gets none, which is right: nothing changed since. Downgrading drops the column.
"""

from alembic import op
import sqlalchemy as sa


revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("deals", schema=None) as batch_op:
        batch_op.add_column(sa.Column("changed", sa.Integer(), server_default="1", nullable=False))
    session_version = sa.text(
        "(SELECT game_sessions.version FROM game_sessions "
        "WHERE game_sessions.id = deals.session_id)"
    )
    op.execute(sa.text(f"UPDATE deals SET changed = {session_version}"))
    with op.batch_alter_table("deals", schema=None) as batch_op:
        batch_op.create_index("ix_deals_session_changed", ["session_id", "changed"], unique=False)


def downgrade():
    with op.batch_alter_table("deals", schema=None) as batch_op:
        batch_op.drop_index("ix_deals_session_changed")
        batch_op.drop_column("changed")
