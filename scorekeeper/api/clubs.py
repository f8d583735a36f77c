"""The JSON API of clubs (shared/API.md "Clubs"): create one, read its history."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request, url_for

from .api import json_body, replayable, tagged
from .data.idempotency import once, request_key
from .data.models import Club
from .rules.fields import record

bp = Blueprint("clubs_api", __name__, url_prefix="/api/v1/clubs")


@bp.post("")
def create_club() -> Response:
    """A new club; the answer carries the keeper's token, shown only here."""
    body = json_body()
    key = request_key()
    tokens: list[str] = []

    def create() -> tuple[dict[str, Any], int]:
        fields = record(body, "A club", ("name",))
        club, token = Club.create(fields.get("name"), key)
        tokens.append(token)
        return {"id": club.id, "name": club.name}, 201

    (shown, status), replayed = once("clubs", key, body, create)
    token = tokens[0] if tokens else Club.keyed_token(shown["id"], key or "")
    response = replayable(({**shown, "keeper_token": token}, status), replayed)
    response.headers["Location"] = url_for("clubs_api.read_club", club_id=shown["id"])
    return response


@bp.get("/<club_id>")
def read_club(club_id: str) -> Response:
    """A club with its sessions, newest first, and its players; reading needs only the id."""
    club = Club.get_or_404(club_id)
    etag = f"c{club.version}"
    if request.if_none_match.contains_weak(etag):
        return tagged({}, etag)
    return tagged(club.to_json(), etag)
