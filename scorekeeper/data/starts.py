"""Sessions started: from the API's request body, with a club's house rules, and their keeper's
token (shown once, stored hashed)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from functools import partial
from typing import Any

from ..rules import Game, Table, get_game
from ..rules.errors import InvalidInput
from ..rules.fields import required
from ..rules.table import TeamEntry, parse_teams, team_name_of
from . import players, tokens
from .extensions import db
from .models import SESSION_ID, Club, GameSession, Membership, Player, Team


def from_request(
    body: Mapping[str, Any], idempotency_key: str | None = None
) -> tuple[GameSession, str]:
    """Start a session from the API's request body; raise InvalidInput if it is wrong."""
    game = get_game(required(body, "game", "A session"))
    table, teams = parse_teams(required(body, "teams", "A session"))
    club = _club_of(body.get("club"))
    raw = body.get("options")
    house = club.rules_of(game.name) if club is not None else {}
    options = game.parse_options(raw)  # the options given, checked on their own
    if house:
        # The club's house rules, each option given overriding its own.
        options = game.parse_options({**house, **(raw or {})})
        _check_house_table(game, table, options, house, raw or {})
    game.check_table(table, options)
    return start(game, teams, options, idempotency_key, club)


def start(
    game: Game,
    teams: tuple[TeamEntry, ...],
    options: dict[str, Any],
    idempotency_key: str | None = None,
    club: Club | None = None,
) -> tuple[GameSession, str]:
    """A new session of checked teams and options, with its keeper's token (shown once,
    stored hashed)."""
    session_id = secrets.token_urlsafe(9)
    token = tokens.new_token(idempotency_key and tokens.session_keyed(session_id, idempotency_key))
    session = GameSession(
        id=session_id,
        game_name=game.name,
        options=options,
        players_per_team=len(teams[0].players),
        edit_token_hash=tokens.digest(token),
        club=club,
    )
    named = partial(players.named, club) if club is not None else Player.new
    for position, entry in enumerate(teams):
        # A name that is the players' own is not stored: it follows their renames.
        given = None if entry.name == team_name_of(entry.players) else entry.name
        team = Team(position=position, given_name=given)
        team.members = [
            Membership(position=n, player=named(p)) for n, p in enumerate(entry.players)
        ]
        session.teams.append(team)
    if club is not None:
        club.touch()
    db.session.add(session)
    return session, token


def _check_house_table(
    game: Game, table: Table, options: dict[str, Any], house: dict[str, Any], given: dict[str, Any]
) -> None:
    """Raise InvalidInput, naming the house rules, when the teams fit the options given but not
    the club's house rules (a house rule that shapes the table: Casino's partnerships …)."""
    try:
        game.check_table(table, options)
    except InvalidInput as error:
        game.check_table(table, game.parse_options(given))  # the teams' own misfit says itself
        taken = {name: value for name, value in house.items() if name not in given}
        unfit = {n: v for n, v in taken.items() if not _fits(game, table, given | {n: v})}
        rules = ", ".join(
            f"{name}: {json.dumps(value)}" for name, value in (unfit or taken).items()
        )
        raise InvalidInput(error.code, "misfits-house-rules", rules=rules) from error


def _fits(game: Game, table: Table, raw: dict[str, Any]) -> bool:
    """Whether the teams, so seated, may play by these (checked) options."""
    try:
        game.check_table(table, game.parse_options(raw))
    except InvalidInput:
        return False
    return True


def _club_of(raw: object) -> Club | None:
    """The club a new session joins (API: "club"), None for none; raise InvalidInput."""
    if raw is None:
        return None
    found = (
        db.session.get(Club, raw) if isinstance(raw, str) and SESSION_ID.fullmatch(raw) else None
    )
    if found is None:
        raise InvalidInput("unknown-club", "no-club", id=str(raw)[:40])
    return found
