"""A club's players: names found or added, renames, merges and splits, the club's history by
player, and sessions moved between clubs (their players matched by name)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..rules.errors import InvalidInput
from .extensions import db
from .models import EVERYTHING, Club, GameSession, Membership, Player, Team, player_name


def named(club: Club, name: str) -> Player:
    """The club's player of this name (any case), new if the club has none yet; a name merged
    into another is that name still (its seat is the other player's, derived)."""
    key = name.casefold()
    for player in sorted(club.everyone, key=lambda p: p.merged_into_id is not None):
        if player.key == key:
            return player
    player = Player.new(name)
    club.everyone.append(player)
    return player


def aliases_of(club: Club, player: Player) -> list[Player]:
    """The player and every player merged into them, directly or through another."""
    found, todo = [], [player]
    while todo:
        one = todo.pop()
        found.append(one)
        todo += [p for p in club.everyone if p.merged_into_id == one.id]
    return found


def person_ids(club: Club) -> dict[int, int]:
    """Each of the club's player ids (merged ones too) to the id of the person it is."""
    return {p.id: p.person.id for p in club.everyone}


def player_or_none(club: Club, player_id: object) -> Player | None:
    """The club's player with this id (given as text or a number), or None."""
    return _by_id(club.players, player_id)


def merged_or_none(club: Club, player_id: object) -> Player | None:
    """The name merged into another player with this id (as text or a number), or None."""
    return _by_id(club.merged(), player_id)


def _by_id(players: list[Player], player_id: object) -> Player | None:
    text = str(player_id)
    if not (text.isascii() and text.isdigit()):
        return None
    return next((p for p in players if p.id == int(text)), None)


def history(
    club: Club,
    game: str | None = None,
    player_id: int | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    limit: int | None = None,
) -> list[GameSession]:
    """The club's live sessions, newest first, of a game, with a player, from `since` to before
    `until` (each filter None: not applied), the first `limit` of them."""
    query = (
        db.select(GameSession)
        .where(GameSession.club_id == club.id, GameSession.deleted_at.is_(None))
        .options(*EVERYTHING)
        .order_by(GameSession.created_at.desc())
    )
    if game is not None:
        query = query.where(GameSession.game_name == game)
    if player_id is not None:
        found = player_or_none(club, player_id)
        ids = [p.id for p in aliases_of(club, found)] if found is not None else [player_id]
        query = query.where(GameSession.id.in_(sessions_with(ids)))
    if since is not None:
        query = query.where(GameSession.created_at >= since)
    if until is not None:
        query = query.where(GameSession.created_at < until)
    return list(db.session.execute(query.limit(limit)).scalars())


def rename(club: Club, player: Player, raw: object) -> bool:
    """Give a player a new name; False when it is theirs already. Another player's name is
    refused: two names of one person are merged instead."""
    name = player_name(raw)
    if name == player.name:
        return False
    taken = next((p for p in club.players if p.key == name.casefold()), None)
    if taken is not None and taken is not player:
        raise InvalidInput("name-taken", "name-of-another", name=taken.name)
    player.name, player.key = name, name.casefold()
    _touch_sessions(club, _sessions_of(club, player))
    return True


def check_merge(club: Club, kept: Player, gone: Player) -> int:
    """How many sessions a merge of `gone` into `kept` would give `kept`; raise InvalidInput if
    it cannot be made. Two players who sat at one table are two people."""
    if kept is gone:
        raise InvalidInput("same-player", "same-player")
    sessions = _sessions_of(club, gone)
    if sessions & _sessions_of(club, kept):
        raise InvalidInput("same-table", "same-table", kept=kept.name, gone=gone.name)
    return len(sessions)


def merge(club: Club, kept: Player, gone: Player) -> int:
    """Make two players one: `gone`'s seats become `kept`'s, and `gone`'s name leaves the lists;
    the number of sessions moved over. Only the merge is stored: `split` undoes it."""
    moved = check_merge(club, kept, gone)
    _touch_sessions(club, _sessions_of(club, gone))
    gone.merged_into = kept
    kept.last_played_at = max(kept.last_played_at, gone.last_played_at)
    return moved


def split(club: Club, gone: Player) -> Player:
    """Undo a merge at any later time: `gone` is a player of their own again, with every seat
    they took (and the names merged into them); the player they were merged into."""
    into = gone.merged_into
    if into is None or gone not in club.everyone:
        raise InvalidInput("not-merged", "not-merged", name=gone.name)
    taken = next((p for p in club.players if p.key == gone.key), None)
    if taken is not None:
        raise InvalidInput("name-taken", "split-name-taken", taken=taken.name, gone=gone.name)
    gone.merged_into = None
    _touch_sessions(club, _sessions_of(club, gone))
    return into.person


def move_to(session: GameSession, club: Club) -> Club | None:
    """Put the session in `club`, its players matched by name among the club's; the club it
    left (None when it had none). Players left with no session are removed."""
    left = session.club
    members = [m for team in session.teams for m in team.members]
    old = {m.player for m in members}
    for membership in members:
        membership.player = named(club, membership.player.person.name)
    session.club, session.deleted_at = club, None
    db.session.flush()
    for player in old - {m.player for m in members}:
        merged_here = db.select(Player.id).where(Player.merged_into_id == player.id)
        if not memberships_of(player) and db.session.scalar(merged_here.limit(1)) is None:
            if left is not None and player in left.everyone:
                left.everyone.remove(player)
            db.session.delete(player)
    session.touch()  # and its new club's
    if left is not None:
        left.touch()
    return left


def _sessions_of(club: Club, player: Player) -> set[str]:
    """The sessions the player sat in, under any name merged into them."""
    return _session_ids(memberships_of(*aliases_of(club, player)))


def _touch_sessions(club: Club, session_ids: set[str]) -> None:
    """Count a change in the club and in these sessions, whose pages show players' names."""
    for session_id in session_ids:
        found = db.session.get(GameSession, session_id)
        if found is not None:
            found.touch()
    club.touch()


def memberships_of(*players: Player) -> list[Membership]:
    """Every place these players took, in any session."""
    query = db.select(Membership).where(Membership.player_id.in_([p.id for p in players]))
    return list(db.session.execute(query).scalars())


def _session_ids(memberships: list[Membership]) -> set[str]:
    """The sessions these places are in."""
    teams = {m.team_id for m in memberships}
    if not teams:
        return set()
    query = db.select(Team.session_id).where(Team.id.in_(teams))
    return set(db.session.execute(query).scalars())


def sessions_with(player_ids: list[int]) -> Any:
    """A subquery: the ids of the sessions these players sat in."""
    return (
        db.select(Team.session_id)
        .join(Membership, Membership.team_id == Team.id)
        .where(Membership.player_id.in_(player_ids))
    )


def recent_names(session_ids: list[str], limit: int = 30) -> list[str]:
    """Players of these sessions (the ones this browser keeps score of), latest first."""
    if not session_ids:
        return []
    query = (
        db.select(Player.name, db.func.max(GameSession.updated_at).label("seen"))
        .join(Membership, Membership.player_id == Player.id)
        .join(Team, Team.id == Membership.team_id)
        .join(GameSession, GameSession.id == Team.session_id)
        .where(GameSession.id.in_(session_ids))
        .where(Player.merged_into_id.is_(None))  # not a name merged into another player
        .group_by(Player.name)
        .order_by(db.text("seen DESC"))
        .limit(limit)
    )
    return [name for name, _seen in db.session.execute(query)]
