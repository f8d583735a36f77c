"""merges kept, team names derived: a merged player stays, pointing at the player they are;
a team called after its players stores no name

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02 06:00:00

A merge used to move the seats and delete the merged player, so it could not be split
later: from now on it is a record of its own (players.merged_into_id). Merges made before
stay as they were. A team left unnamed at the table was stored as "Asha & Ravi" and kept the
old names after a rename: its name is now NULL and derived from its players. A stored name
that is its players' current names joined (shortened as a new session shortens it) becomes
NULL; any other name (given at the table, or made before a rename) is kept as it is.
"""
from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None
MAX_TEAM_NAME = 60


def upgrade():
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.add_column(sa.Column('merged_into_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            'fk_players_merged_into_id', 'players', ['merged_into_id'], ['id']
        )
    with op.batch_alter_table('teams', schema=None) as batch_op:
        batch_op.alter_column('name', existing_type=sa.String(length=60), nullable=True)
    _names_of_players_derived()


def _team_name_of(players):
    """rules/table.py's team_name_of as it is at this revision."""
    name = ' & '.join(players)
    return name if len(name) <= MAX_TEAM_NAME else name[:MAX_TEAM_NAME - 1].rstrip() + '…'


def _names_of_players_derived():
    bind = op.get_bind()
    rows = bind.execute(sa.text(
        'SELECT t.id, t.name, p.name FROM teams t JOIN memberships m ON m.team_id = t.id '
        'JOIN players p ON p.id = m.player_id ORDER BY t.id, m.position'
    )).fetchall()
    teams = {}
    for team_id, name, player in rows:
        teams.setdefault(team_id, (name, []))[1].append(player)
    for team_id, (name, players) in teams.items():
        if name == _team_name_of(players):
            bind.execute(sa.text('UPDATE teams SET name = NULL WHERE id = :t'), {'t': team_id})


def downgrade():
    bind = op.get_bind()
    unnamed = bind.execute(sa.text('SELECT id FROM teams WHERE name IS NULL')).scalars().all()
    for team_id in unnamed:
        players = bind.execute(sa.text(
            'SELECT p.name FROM memberships m JOIN players p ON p.id = m.player_id '
            'WHERE m.team_id = :t ORDER BY m.position'
        ), {'t': team_id}).scalars().all()
        bind.execute(sa.text('UPDATE teams SET name = :n WHERE id = :t'),
                     {'n': _team_name_of(players), 't': team_id})
    # A merged player's seats become the player's they were merged into (through every
    # merge of a chain), and the merged player goes, as merges were before.
    merged = 'SELECT id FROM players WHERE merged_into_id IS NOT NULL'
    while bind.execute(sa.text(
        f'SELECT COUNT(*) FROM memberships WHERE player_id IN ({merged})'
    )).scalar():
        bind.execute(sa.text(
            'UPDATE memberships SET player_id = (SELECT p.merged_into_id FROM players p '
            f'WHERE p.id = memberships.player_id) WHERE player_id IN ({merged})'
        ))
    bind.execute(sa.text('DELETE FROM players WHERE merged_into_id IS NOT NULL'))
    with op.batch_alter_table('teams', schema=None) as batch_op:
        batch_op.alter_column('name', existing_type=sa.String(length=60), nullable=False)
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_constraint('fk_players_merged_into_id', type_='foreignkey')
        batch_op.drop_column('merged_into_id')
