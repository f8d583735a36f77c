"""Stored sessions given the defaults of options added since they were stored (migrations 0010,
0017): a session keeps its options with every default filled in, as shared/API.md lists them."""

from __future__ import annotations

import sqlalchemy as sa

SESSIONS = sa.table(
    "game_sessions",
    sa.column("id", sa.String),
    sa.column("game", sa.String),
    sa.column("options", sa.JSON),
    sa.column("version", sa.Integer),
)


def fill_in(connection: sa.Connection) -> int:
    """Fill in each session's missing defaults by today's engine, keeping what it chose; its
    version moves, so no copy kept under its old ETag passes for the new one. Options its game
    cannot read are left as they are. How many sessions changed."""
    from ..rules import InvalidInput, get_game

    changed = 0
    rows = connection.execute(sa.select(SESSIONS.c.id, SESSIONS.c.game, SESSIONS.c.options))
    for session_id, game, options in list(rows):
        try:
            filled = get_game(game).parse_options(options)
        except InvalidInput:
            continue
        if filled != options:
            moved = SESSIONS.c.version + 1
            update = SESSIONS.update().where(SESSIONS.c.id == session_id)
            connection.execute(update.values(options=filled, version=moved))
            changed += 1
    return changed
