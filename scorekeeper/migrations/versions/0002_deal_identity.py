"""deal identity and versions, session versions, scorer links, idempotency keys

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 23:50:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    # A deal's serial (its id for life within its session) is the old order-of-play number:
    # it was already never reused, so existing links and records keep their meaning.
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.alter_column('seq', new_column_name='serial', existing_type=sa.Integer(),
                              existing_nullable=False)
        batch_op.add_column(sa.Column('version', sa.Integer(), nullable=False,
                                      server_default='1'))
        batch_op.create_unique_constraint('uq_deals_session_serial', ['session_id', 'serial'])

    with op.batch_alter_table('game_sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), nullable=False,
                                      server_default='1'))
        batch_op.add_column(sa.Column('scorer_generation', sa.Integer(), nullable=False,
                                      server_default='0'))

    # Players are no longer shared by name between unrelated sessions. 0001 left the unique
    # constraint unnamed: the naming convention lets batch mode find it on SQLite too.
    with op.batch_alter_table('players', schema=None,
                              naming_convention={'uq': '%(table_name)s_%(column_0_name)s_key'}
                              ) as batch_op:
        batch_op.drop_constraint('players_key_key', type_='unique')

    op.create_table('idempotency_keys',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('scope', sa.String(length=64), nullable=False),
    sa.Column('key', sa.String(length=200), nullable=False),
    sa.Column('request_hash', sa.String(length=64), nullable=False),
    sa.Column('status', sa.Integer(), nullable=False),
    sa.Column('body', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('scope', 'key', name='uq_idempotency_scope_key')
    )
    with op.batch_alter_table('idempotency_keys', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_idempotency_keys_created_at'), ['created_at'],
                              unique=False)


def downgrade():
    with op.batch_alter_table('idempotency_keys', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_idempotency_keys_created_at'))
    op.drop_table('idempotency_keys')
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.create_unique_constraint('players_key_key', ['key'])
    with op.batch_alter_table('game_sessions', schema=None) as batch_op:
        batch_op.drop_column('scorer_generation')
        batch_op.drop_column('version')
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.drop_constraint('uq_deals_session_serial', type_='unique')
        batch_op.drop_column('version')
        batch_op.alter_column('serial', new_column_name='seq', existing_type=sa.Integer(),
                              existing_nullable=False)
