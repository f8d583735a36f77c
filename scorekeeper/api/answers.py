"""The API's JSON answers, built here only: a session, a deal, the standing, a live play, a club."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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


def _deal(deal: Deal | DealRow, number: int | None) -> JSON:
    """The deal as the API shows it: identity first, then the record as entered."""
    deleted = {"deleted": True} if deal.deleted else {}
    return {"id": deal.serial, "number": number, "version": deal.version, **deleted, **deal.record}


def ended_answer(session: GameSession) -> JSON:
    """The session after the table ended or reopened it: whether it is ended and finished, and
    the standing without its per-deal rows, so that its size does not grow with the session."""
    standing = session.standing(session.deal_rows())
    rest = {name: value for name, value in standing.items() if name != "deals"}
    return {
        "id": session.id,
        "version": session.version,
        "ended": session.ended_at is not None,
        "finished": standing["finished"],
        "standing": rest,
    }


def standing_answer(session: GameSession, read: list[DealRow] | None = None) -> JSON:
    """The standing at the top level, as API.md says, and again under "standing"."""
    standing = standing_json(session, read)
    return {**standing, "standing": standing, "version": session.version}


def deal_answer(session: GameSession, deal: Deal, read: list[DealRow] | None = None) -> JSON:
    """The standing after a change, with the deal changed and its identity at the top; from the
    deals `read` as rows if given (the deal appended last among them)."""
    shown = deal_json(deal) if read is None else _deal(deal, len(read))
    identity = {name: shown[name] for name in ("id", "number", "version")}
    return {**standing_answer(session, read), **identity, "deal": shown}


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
