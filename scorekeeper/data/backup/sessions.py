"""A backup's sessions restored: teams, options and deals read again by the rules engine, each
deal's number and version checked, and the live deals (live_deals.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...rules import get_game
from ...rules.errors import InvalidInput
from ...rules.game import Record, Records
from ...rules.limits import MOST_DEALS
from ...rules.table import parse_teams, team_name_of
from ..extensions import db
from ..models import Club, Deal, GameSession, Membership, Player, Team
from .fields import an_id, at_least, field, time_of, token_hash
from .live_deals import restored_live_deals
from .problems import BackupError, Place
from .writing import CHANGED_SINCE, ENDED_SINCE, JSON, LIVE_SINCE


class Added(NamedTuple):
    """What restoring a session did: added it (or found it there), of which club, with how many
    live deals (the file's, when it was there already)."""

    new: bool
    club_id: str | None
    live_deals: int


def restore_session(raw: Mapping[str, Any], where: Place, version: int) -> Added:
    """Add a session with its teams, deals and live deals, unless it is there already.

    `version`: the file's format (an older file has no live deals to restore, and no end).
    """
    session_id = an_id(raw, where)
    where = Place("session", id=session_id)
    raws = field(raw, "live_deals", list, where) if version >= LIVE_SINCE else []
    there = db.session.get(GameSession, session_id)
    if there is not None:
        if there.game_name != raw.get("game"):
            raise BackupError("another-game", where=where)
        return Added(False, there.club_id, len(raws))
    session = checked_session(raw, session_id, where)
    said = field(raw, "deals", list, where) if version >= CHANGED_SINCE else []
    restore_changes(session, said, where)
    if version >= ENDED_SINCE:
        session.ended_at = time_of(raw, "ended_at", where, optional=True)
    lives = restored_live_deals(session, raws, where)
    db.session.add(session)
    db.session.flush()  # its live deals refer to it
    db.session.add_all(lives)
    return Added(True, session.club_id, len(lives))


def checked_session(raw: Mapping[str, Any], session_id: str, where: Place) -> GameSession:
    """The session a backup describes, its teams, options and deals checked by the engine."""
    try:
        game = get_game(field(raw, "game", str, where))
        teams = field(raw, "teams", list, where)
        table, entries = parse_teams(
            [{"name": t.get("name"), "players": t.get("players")} for t in teams]
        )
        options = game.parse_options(field(raw, "options", dict, where))
        game.check_table(table, options)
    except InvalidInput as error:
        raise BackupError("refused", where=where, why=error) from None
    except AttributeError:
        raise BackupError("teams-damaged", where=where) from None
    club_id = field(raw, "club", (str, type(None)), where)
    if club_id is not None and db.session.get(Club, club_id) is None:
        raise BackupError("club-not-held", where=where, club=club_id[:40])
    session = GameSession(
        id=session_id,
        game_name=game.name,
        club_id=club_id,
        options=options,
        players_per_team=table.players_per_team,
        edit_token_hash=token_hash(raw, "edit_token_hash", where),
        scorer_generation=at_least(raw, "scorer_generation", 0, where),
        version=at_least(raw, "version", 1, where),
        created_at=time_of(raw, "created_at", where),
        updated_at=time_of(raw, "updated_at", where),
        deleted_at=time_of(raw, "deleted_at", where, optional=True),
    )
    # Each team's name as a new session's is: runs of white space folded (parse_teams).
    session.teams = [
        restored_team(t, n, club_id, where, entries[n].name) for n, t in enumerate(teams)
    ]
    seated = [m.player for team in session.teams for m in team.members]
    twice = next((p for p in seated if seated.count(p) > 1), None)
    if twice is not None:
        raise BackupError("two-seats", where=where, id=twice.id)
    session.all_deals = restored_deals(session, field(raw, "deals", list, where), where)
    return session


def restored_team(
    raw: Mapping[str, Any], position: int, club_id: str | None, where: Place, name: str
) -> Team:
    """A team whose members are players of the session's club (or of no club); `name` as
    parse_teams read it."""
    field(raw, "name", str, where)
    team = Team(position=position)
    ids, names = field(raw, "player_ids", list, where), field(raw, "players", list, where)
    if len(ids) != len(names):
        raise BackupError(
            "team-uneven", where=where, team=position + 1, names=len(names), ids=len(ids)
        )
    for n, player_id in enumerate(ids):
        player = db.session.get(Player, player_id) if isinstance(player_id, int) else None
        if player is None or player.club_id != club_id:
            raise BackupError("not-club-player", where=where, id=player_id)
        team.members.append(Membership(position=n, player=player))
    # A name that is its players' own is derived again, and follows their renames.
    team.given_name = None if name == team_name_of(team.players) else name
    return team


def restore_changes(session: GameSession, raws: list[Any], where: Place) -> None:
    """Give each deal the session's version at its last change: as the file says (format 5 on),
    else the session's version, the only bound known to be at or above it (as migration 0015
    fills it: a client reading what changed since an older version gets such a deal again)."""
    said = {raw.get("id"): raw for raw in raws if isinstance(raw, dict) and "changed" in raw}
    for deal in session.all_deals:
        raw = said.get(deal.serial)
        if raw is None:
            deal.changed = session.version
            continue
        deal_where = Place("deal", where=where, id=deal.serial)
        changed = at_least(raw, "changed", 1, deal_where)
        if changed > session.version:
            raise BackupError(
                "changed-after", where=deal_where, changed=changed, version=session.version
            )
        deal.changed = changed


def restored_deals(session: GameSession, raws: list[Any], where: Place) -> list[Deal]:
    """The deals in order of play, each record read again by the rules engine."""
    if len(raws) > MOST_DEALS:
        raise BackupError("too-many-deals", where=where, count=len(raws), most=MOST_DEALS)
    read: list[tuple[Deal, Any, Place]] = []
    for raw in raws:
        deal_id = raw.get("id") if isinstance(raw, dict) else "?"
        deal_where = Place("deal", where=where, id=deal_id)
        deal = Deal(
            serial=at_least(raw, "id", 1, deal_where),
            version=at_least(raw, "version", 1, deal_where),
            created_at=time_of(raw, "created_at", deal_where),
            updated_at=time_of(raw, "updated_at", deal_where),
            deleted_at=time_of(raw, "deleted_at", deal_where, optional=True),
        )
        deal.record = checked_record(session, field(raw, "record", dict, deal_where), deal_where)
        read.append((deal, raw, deal_where))
    if len({deal.serial for deal, _, _ in read}) != len(read):
        raise BackupError("deal-id-twice", where=where)
    read.sort(key=lambda found: found[0].serial)
    check_numbers(read)
    deals = [deal for deal, _, _ in read]
    check_standing(session, [d.record for d in deals if not d.deleted], where)
    return deals


def check_numbers(read: list[tuple[Deal, Any, Place]]) -> None:
    """Raise BackupError unless each deal's `deleted` and `number` (written by deal_json, left
    out by hand-made files) are what its deleted_at and place make them: deal n of the deals
    not deleted, in order of their ids; a deleted deal has none."""
    place = 0
    for deal, raw, where in read:
        place += not deal.deleted
        if "deleted" in raw and field(raw, "deleted", bool, where) != deal.deleted:
            raise BackupError(
                "deleted-untimed" if raw["deleted"] else "timed-undeleted", where=where
            )
        number = raw.get("number") if "number" in raw else (None if deal.deleted else place)
        if deal.deleted and number is not None:
            raise BackupError("deleted-numbered", where=where, number=number)
        if not deal.deleted and (number != place or isinstance(number, bool)):
            raise BackupError("wrong-number", where=where, number=number, place=place)


def checked_record(session: GameSession, raw: JSON, where: Place) -> Record:
    """The record in canonical form, as the engine reads a deal entered again."""
    try:
        return session.game.parse_deal(raw, session.table, session.options)
    except InvalidInput as error:
        raise BackupError("record-refused", where=where, why=error) from None


def check_standing(session: GameSession, records: Records, where: Place) -> None:
    """Raise BackupError unless the engine folds the live deals into a standing.

    Each deal is not checked against the ones before it (as a new deal is): deleting or
    restoring an earlier deal may legitimately leave, say, a deal after a decided game.
    """
    try:
        session.game.standing(session.table, session.options, records)
    except (InvalidInput, LookupError, TypeError, ValueError) as error:
        raise BackupError("cannot-fold", where=where, why=error) from None
