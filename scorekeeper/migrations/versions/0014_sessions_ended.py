"""a session the table ended: when (a raw record, its result derived), and the session
summaries worked out again with the meaning of played and won it brings (summary form 3)

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05 12:00:00

`game_sessions.ended_at` is when the table ended a session where it stood (NULL, as every session
from before has it: it plays on). With it, the summaries change meaning (issue 33): a session
that is not finished is nobody's win (an open-ended Seep session went to the team with more
baazis, a Fifty-six session with a game on to the team with more games won), and an ended one is
finished. A summary of an older form is worked out again when read, but a big club would then
pay for all of them on its first read after a deploy: this does it once, as 0012 did (0009's
backfill, run again). Downgrading drops the column; the summaries are a cache, of a form the
older app works out again.
"""

from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path

from alembic import op
import sqlalchemy as sa


revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game_sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("ended_at", sa.DateTime(), nullable=True))
    path = Path(__file__).with_name("0009_summaries_backfilled.py")
    spec = spec_from_file_location("summaries_backfilled_0009", path)
    backfill = module_from_spec(spec)
    spec.loader.exec_module(backfill)
    backfill.upgrade()


def downgrade():
    with op.batch_alter_table("game_sessions", schema=None) as batch_op:
        batch_op.drop_column("ended_at")
