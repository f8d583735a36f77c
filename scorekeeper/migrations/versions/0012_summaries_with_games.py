"""session summaries worked out again with their finished games (summary form 2), for the
club's ratings

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-02 20:00:00

The ratings (clubs/ratings.py) read each session's finished games from its summary, which holds
them from form 2 on. A summary of an older form is simply worked out again when read, but a
big club would then pay for all of them on its first read after a deploy: this does it once,
as 0009 did (its own backfill, run again: it writes every club session's summary that is not
of the app's current SUMMARY_FORM). Nothing to undo: the rows are a cache.
"""

from importlib.util import module_from_spec, spec_from_file_location
from pathlib import Path


revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade():
    path = Path(__file__).with_name("0009_summaries_backfilled.py")
    spec = spec_from_file_location("summaries_backfilled_0009", path)
    backfill = module_from_spec(spec)
    spec.loader.exec_module(backfill)
    backfill.upgrade()


def downgrade():
    pass  # the rows are a cache, valid at 0009 too
