"""The API of clubs (shared/API.md "Clubs"): create one, read its history, its statistics, its
house rules and its ratings."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, current_app, request, url_for

from ..clubs import ratings
from ..clubs.house_rules import full_rules, read_rules
from ..clubs.stats import figures, side
from ..data.extensions import db
from ..data.models import Club
from ..data.tokens import keeps_club
from ..rules.stats import head_to_head
from ..web.idempotency_keys import once, request_key
from ..web.rate_limits import count_creation
from ..words import gettext
from .answers import club_json
from .http import bearer_token, bp, json_body, replayable, secret, tagged
from .shapes.clubs import ClubRequest
from .shapes.reading import read_body


@bp.post("/clubs")
def create_club() -> Response:
    """A new club; the answer carries the keeper's token, shown only here."""
    body = json_body()
    key = request_key()
    count_creation("clubs", key)
    tokens: list[str] = []

    def create() -> tuple[dict[str, Any], int]:
        asked = read_body(ClubRequest, body)
        club, token = Club.create(asked.name, key)
        tokens.append(token)
        return {"id": club.id, "name": club.name}, 201

    (shown, status), replayed = once("clubs", key, body, create)
    token = tokens[0] if tokens else Club.keyed_token(shown["id"], key or "")
    response = replayable(({**shown, "keeper_token": token}, status), replayed)
    response.headers["Location"] = url_for("api.read_club", club_id=shown["id"])
    return secret(response)


@bp.get("/clubs/<club_id>")
def read_club(club_id: str) -> Response:
    """A club with its sessions, newest first, and its players; reading needs only the id."""
    club = Club.find(club_id)
    etag = f"c{club.version}"
    if request.if_none_match.contains_weak(etag):
        return tagged({}, etag)
    return tagged(club_json(club), etag)


@bp.get("/clubs/<club_id>/stats")
def stats_api(club_id: str) -> Response | dict[str, Any]:
    """Per game, every player's and team's results and figures; with `a` and `b`, their
    head-to-head too."""
    found = figures(Club.find(club_id))  # the same for the statistics and the head-to-head
    if "a" not in request.args and "b" not in request.args:
        # Written out once per version of the club: a big club's answer is 350 kB of JSON.
        kept = found.drawn.get("api")
        if kept is None:
            made = current_app.make_response(found.stats)  # as Flask answers a dict
            kept = found.drawn["api"] = (made.get_data(), made.mimetype)
        body, mimetype = kept
        return current_app.response_class(body, mimetype=mimetype)
    first = side(request.args.get("a"), found.names, "a")
    second = side(request.args.get("b"), found.names, "b")
    head = head_to_head(found.sessions, first, second)
    return {**found.stats, "head_to_head": head}  # a copy: the kept figures are every request's


@bp.get("/clubs/<club_id>/rules")
def read_house_rules(club_id: str) -> Response:
    """The club's house rules: every game's options for its new sessions, defaults filled in."""
    club = Club.find(club_id)
    return tagged(full_rules(club), f"c{club.version}")


@bp.put("/clubs/<club_id>/rules")
def set_house_rules(club_id: str) -> Response:
    """Set the club's house rules (the keeper's token): the body is all of them, so a game left
    out plays the usual rules; nothing is kept if any game's options are wrong."""
    club = Club.find(club_id, for_update=True)
    token = bearer_token(gettext("Send the club keeper's token: Authorization: Bearer <token>."))
    if not keeps_club(club, token):
        abort(403, description=gettext("That token is not this club's keeper's."))
    if club.set_house_rules(read_rules(json_body())):
        db.session.commit()
    return tagged(full_rules(club), f"c{club.version}")


# -- ratings (issue 25) ---------------------------------------------------------------------


@bp.get("/clubs/<club_id>/ratings")
def ratings_api(club_id: str) -> dict[str, Any]:
    """A game's ratings in the club, players and partnerships; with `teams`, each side's
    chance of winning."""
    club = Club.find(club_id)
    game = ratings.read_game(request.args.get("game"))
    found = figures(club)
    answer = ratings.answer(found, game)
    if "teams" not in request.args:
        return answer
    sides = ratings.read_sides(request.args["teams"], found.names)
    chances = ratings.chances(ratings.of_club(found, game), sides)
    prediction = [
        {"players": side, "chance": round(chance, ratings.DIGITS)}
        for side, chance in zip(sides, chances, strict=True)
    ]
    return {**answer, "prediction": prediction}  # a copy: the kept answer is every reader's
