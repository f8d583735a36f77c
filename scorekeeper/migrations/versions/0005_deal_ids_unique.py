"""deals unique by session and id: the constraint 0002 meant, which SQLite's batch dropped

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 06:30:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    # 0002 made a deal's id unique in its session, but on SQLite its batch (a column renamed in
    # the same batch) dropped the constraint: put it back where it is missing.
    unique = sa.inspect(op.get_bind()).get_unique_constraints('deals')
    if 'uq_deals_session_serial' not in {constraint['name'] for constraint in unique}:
        with op.batch_alter_table('deals', schema=None) as batch_op:
            batch_op.create_unique_constraint('uq_deals_session_serial', ['session_id', 'serial'])


def downgrade():
    pass  # the constraint belongs to 0002: downgrading past it removes it
