"""house rules: a club's default options per game for its new sessions (issue 25)

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02 20:00:00

Each club keeps, per game, the options its new sessions start with: only those that differ from
the game's defaults, as JSON ({"seep": {"target": 150}}). NULL, as every club from before has
it, is the usual rules of every game.
"""

from alembic import op
import sqlalchemy as sa


revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("clubs", schema=None) as batch_op:
        batch_op.add_column(sa.Column("house_rules", sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table("clubs", schema=None) as batch_op:
        batch_op.drop_column("house_rules")
