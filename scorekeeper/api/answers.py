"""The API's JSON answers, built here only: a session, a deal, the standing, a live play, a club."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..data import boards
from ..data.deal_reads import NumberedDeal
from ..data.live import Played
from ..data.models import Club, Deal, DealRow, GameSession
from ..rules.live import LiveDeal as LiveState
from ..words.live import worded

JSON = dict[str, Any]


def session_json(session: GameSession) -> JSON:
    """The session as the API shows it: what started it, its deals and its standing."""
    deals = session.deal_rows()  # thousands of deals: no ORM object each
    return {
        "id": session.id,
        **session.to_request(),
        "version": session.version,
        "ended": session.ended_at is not None,
        "seats": session.seat_names(),
        "deals": [_deal(deal, n) for n, deal in enumerate(deals, 1)],
        "standing": standing_json(session, deals),
    }


def standing_json(session: GameSession, read: list[DealRow] | None = None) -> JSON:
    """The standing, each deal's row carrying the deal's id, number and version; from the
    deals `read` as rows if given."""
    standing = session.standing(read)
    deals: Sequence[Deal | DealRow] = session.deals if read is None else read
    rows = [
        {"id": deal.serial, "number": n, "version": deal.version, **row}
        for (n, deal), row in zip(enumerate(deals, 1), standing["deals"], strict=True)
    ]
    return {**standing, "deals": rows}


def deal_json(deal: Deal) -> JSON:
    """One deal with its number (None once deleted)."""
    return _deal(deal, None if deal.deleted else deal.session.number_of(deal))


def _deal(deal: Deal | DealRow | NumberedDeal, number: int | None) -> JSON:
    """The deal as the API shows it: identity first, then the record as entered."""
    deleted = {"deleted": True} if deal.deleted else {}
    identity = {"id": deal.serial, "number": number, "version": deal.version}
    return {**identity, "changed": deal.changed, **deleted, **deal.record}


def read_deal_json(deal: Deal, number: int | None) -> JSON:
    """One deal read alone, its number counted by the caller (None once deleted)."""
    return _deal(deal, number)


def numbered_json(deal: NumberedDeal) -> JSON:
    """A deal read with its number (a page's, or one changed since a version)."""
    return _deal(deal, deal.number)


def since_json(session: GameSession, since: int, changed: list[NumberedDeal]) -> JSON:
    """What changed in the session after version `since`: the deals changed (live ones with
    their numbers), the ids of those deleted, and the standing without its per-deal rows."""
    _, standing, _ = boards.board(session)  # memoised by the session's version
    return {
        "id": session.id,
        "version": session.version,
        "since": since,
        "teams": session.to_request()["teams"],
        "options": session.options,
        "finished": standing["finished"],
        "deals": [numbered_json(deal) for deal in changed if not deal.deleted],
        "deleted": [deal.serial for deal in changed if deal.deleted],
        "standing": without_rows(standing),
    }


def page_json(deals: list[NumberedDeal], next_after: int | None) -> JSON:
    """A page of live deals, and the id to read the next page after (None at the end)."""
    return {"deals": [numbered_json(deal) for deal in deals], "next": next_after}


def without_rows(standing: Mapping[str, Any]) -> JSON:
    """The standing without its per-deal rows: its size does not grow with the session."""
    return {name: value for name, value in standing.items() if name != "deals"}


def ended_answer(session: GameSession) -> JSON:
    """The session after the table ended or reopened it: whether it is ended and finished, and
    the standing without its per-deal rows, so that its size does not grow with the session."""
    standing = session.standing(session.deal_rows())
    rest = without_rows(standing)
    return {
        "id": session.id,
        "version": session.version,
        "ended": session.ended_at is not None,
        "finished": standing["finished"],
        "standing": rest,
    }


def added_answer(session: GameSession, deal: Deal, read: list[DealRow]) -> JSON:
    """A deal's 201: the deal, its identity at the top, and the standing without its per-deal
    rows (at the top and under "standing"), so that its size does not grow with the session;
    `read` are the live deals as rows, the new one last."""
    shown = _deal(deal, len(read))
    standing = without_rows(session.standing(read))
    identity = {name: shown[name] for name in ("id", "number", "version")}
    return {**standing, "standing": standing, "version": session.version, **identity, "deal": shown}


def deal_answer(session: GameSession, deal: Deal) -> JSON:
    """The standing after a correction, deletion or restoration, with the deal changed and its
    identity at the top; the standing at the top level, as API.md says, and again under
    "standing" (with its per-deal rows: these answers are as they were)."""
    shown = deal_json(deal)
    standing = standing_json(session)
    identity = {name: shown[name] for name in ("id", "number", "version")}
    return {**standing, "standing": standing, "version": session.version, **identity, "deal": shown}


def live_answer(session: GameSession, state: LiveState) -> JSON:
    """The live state, with the session's version for watchers."""
    return {**worded(state.to_json(), state, session.seat_names()), "version": session.version}


def play_answer(session: GameSession, played: Played) -> JSON:
    """The state, what the play did under "play" (and beside the state where no name clashes,
    as API.md shows Seep's "captured"), and the deal once the last play recorded it."""
    state, deal = played
    answer, did = live_answer(session, state), state.last_play_json()
    answer |= {name: value for name, value in did.items() if name not in answer}
    answer["play"] = did
    return answer | ({"deal": deal_json(deal)} if deal is not None else {})


def club_json(club: Club) -> JSON:
    """The club as the API shows it: its sessions, newest first, and its players."""
    return {
        "id": club.id,
        "name": club.name,
        "version": club.version,
        "sessions": [session_summary(s) for s in club.sessions()],
        "players": [{"id": p.id, "name": p.name} for p in club.players],
    }


def session_summary(session: GameSession) -> JSON:
    """The session in a club's list: what was played, by whom, when, and how it stands."""
    standing = session.standing()
    return {
        "id": session.id,
        "game": session.game_name,
        "teams": [{"name": t.name, "players": t.players} for t in session.teams],
        "created_at": session.created_at.isoformat() + "Z",
        "updated_at": session.updated_at.isoformat() + "Z",
        "standing": standing,
        "finished": standing["finished"],
        "ended": standing["ended"],
    }
