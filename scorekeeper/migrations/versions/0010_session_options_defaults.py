"""session options take the defaults of options added since they were stored

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02 20:15:00

A session stores its options with every default filled in (shared/API.md: SeepOptions lists
them all), and the engine reads them so: a live Seep deal reads each option of play. Issue 25
adds options (Seep's raise_own and raise_partner, rule R3); a session stored before has none of
them. This fills in the defaults its game gives today, by the app's own rules engine, and keeps
every option the session chose; the session's version moves, so no copy kept under its
old ETag is taken for the new one. Options its game cannot read are left as they are. Downgrading
keeps the filled-in options: the older code reads the ones it knows and never looks at the rest.
"""

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade():
    from scorekeeper.data.option_defaults import fill_in

    fill_in(op.get_bind())


def downgrade():
    pass  # the older code reads the options it knows, and never the ones filled in here
