"""live deals: a deal followed play by play, stored as its start and its plays

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 06:40:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('live_deals',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('session_id', sa.String(length=32), nullable=False),
    sa.Column('start', sa.JSON(), nullable=False),
    sa.Column('plays', sa.JSON(), nullable=False),
    sa.Column('deal_serial', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('game', sa.String(length=20), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['game_sessions.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('live_deals', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_live_deals_session_id'), ['session_id'], unique=False)


def downgrade():
    with op.batch_alter_table('live_deals', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_live_deals_session_id'))
    op.drop_table('live_deals')
