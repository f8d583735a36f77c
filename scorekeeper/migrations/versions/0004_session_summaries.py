"""session summaries: a cache of each session's statistics summary, by version

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 03:50:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('session_summaries',
    sa.Column('session_id', sa.String(length=32), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('form', sa.Integer(), nullable=False),
    sa.Column('summary', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['game_sessions.id'], ),
    sa.PrimaryKeyConstraint('session_id')
    )


def downgrade():
    op.drop_table('session_summaries')
