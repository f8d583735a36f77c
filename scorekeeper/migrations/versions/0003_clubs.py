"""clubs: sessions and players across evenings

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 03:30:00

Every existing session moves into a club of its own, named after its teams, with its
players: sessions kept by different browsers were never known to belong together, so none
are merged. The club's keeper is the session's keeper (the same token hash), so the phone that
started a session can keep its club too.
"""
import secrets

from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('clubs',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('keeper_token_hash', sa.String(length=64), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False, server_default='1'),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('club_id', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_players_club_id'), ['club_id'], unique=False)
        batch_op.create_foreign_key('fk_players_club_id', 'clubs', ['club_id'], ['id'])
    with op.batch_alter_table('game_sessions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('club_id', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('deleted_at', sa.DateTime(), nullable=True))
        batch_op.create_index(batch_op.f('ix_game_sessions_club_id'), ['club_id'], unique=False)
        batch_op.create_foreign_key('fk_game_sessions_club_id', 'clubs', ['club_id'], ['id'])
    _existing_sessions_into_clubs()


def _existing_sessions_into_clubs():
    bind = op.get_bind()
    sessions = bind.execute(sa.text(
        'SELECT id, edit_token_hash, created_at, updated_at FROM game_sessions'
    )).fetchall()
    for session_id, token_hash, created, updated in sessions:
        names = bind.execute(sa.text(
            'SELECT name FROM teams WHERE session_id = :s ORDER BY position'
        ), {'s': session_id}).scalars().all()
        club_id = secrets.token_urlsafe(9)
        name = ' v '.join(names)
        name = name if len(name) <= 60 else name[:59].rstrip() + '…'
        bind.execute(sa.text(
            'INSERT INTO clubs (id, name, keeper_token_hash, version, created_at, updated_at) '
            'VALUES (:id, :name, :hash, 1, :created, :updated)'
        ), {'id': club_id, 'name': name or 'Our table', 'hash': token_hash,
            'created': created, 'updated': updated})
        bind.execute(sa.text('UPDATE game_sessions SET club_id = :c WHERE id = :s'),
                     {'c': club_id, 's': session_id})
        bind.execute(sa.text(
            'UPDATE players SET club_id = :c WHERE id IN (SELECT m.player_id FROM memberships m '
            'JOIN teams t ON t.id = m.team_id WHERE t.session_id = :s)'
        ), {'c': club_id, 's': session_id})


def downgrade():
    with op.batch_alter_table('game_sessions', schema=None) as batch_op:
        batch_op.drop_constraint('fk_game_sessions_club_id', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_game_sessions_club_id'))
        batch_op.drop_column('deleted_at')
        batch_op.drop_column('club_id')
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_constraint('fk_players_club_id', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_players_club_id'))
        batch_op.drop_column('club_id')
    op.drop_table('clubs')
