"""session options take the defaults of the round's length (issue 37)

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-06 09:00:00

Issue 37 gives every game `deals` (a round of n deals; null: no length), and Fifty-six and Casino
`games` (a round of one game). A session stored before has neither, so its options would lack keys
that shared/API.md lists. As 0010 did, this fills in the defaults its game gives today
(data/option_defaults.py), keeping every option the session chose; its version moves. Downgrading
keeps them: the older code never looks at options it does not know.
"""

from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade():
    from scorekeeper.data.option_defaults import fill_in

    fill_in(op.get_bind())


def downgrade():
    pass  # the older code reads the options it knows, and never the ones filled in here
