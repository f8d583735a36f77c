"""A session to aim generated requests at (`Table`), with the opening deals it is given and the
bodies that start a session of each game."""

from __future__ import annotations

import functools
from typing import Any

from flask import Flask

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Deal, LiveDeal
from scorekeeper.rules.seep.cards import POINT_CARDS
from tests.helpers.api import FOUR
from tests.helpers.live_deals import DEALS
from tests.helpers.openapi import operation_of

SESSION_BODIES: dict[str, list[dict[str, Any]]] = {
    "casino": [
        {"game": "casino", "teams": [{"players": [name]} for name in ("Uma", "Om", "Ila", "Jai")]},
        {"game": "casino", "teams": FOUR, "options": {"partnerships": "on", "sweeps": "on"}},
        {"game": "casino", "teams": [{"players": ["Uma"]}, {"players": ["Om"]}], "options": None},
    ],
    "seep": [
        {"game": "seep", "teams": FOUR},
        {"game": "seep", "teams": [{"players": ["Uma"]}, {"players": ["Om"]}], "options": None},
    ],
    "fifty-six": [
        {"game": "fifty-six", "teams": FOUR, "options": {"tables": 99}},
        {
            "game": "fifty-six",
            "teams": [{"players": [f"{team}{n}" for n in (1, 2)]} for team in "ABC"],
            "options": {"teams": "pairs", "doubling": "additive"},
        },
    ],
}


class Table:
    """A session to aim generated requests at: real ids and tokens, some deals, one deleted;
    in a club of its own, whose statistics it makes; a live deal from its game's self-play."""

    def __init__(self, app: Flask, game: str = "seep") -> None:
        self.app = app
        self.game = game
        self.client = app.test_client()
        club = self.client.post("/api/v1/clubs", json={"name": game}).get_json()
        self.club: str = club["id"]
        self.club_keeper: str = club["keeper_token"]
        body = SESSION_BODIES[game][0] | {"club": self.club}
        created = self.client.post("/api/v1/sessions", json=body)
        assert created.status_code == 201
        self.id: str = created.get_json()["id"]
        self.keeper: str = created.get_json()["edit_token"]
        self.scorer: str = self.post("scorer-link").get_json()["scorer_token"]
        for deal in OPENING_DEALS[game]:
            assert self.post("deals", json=deal).status_code == 201
        assert self.client.delete(self.url("deals/2"), headers=self.auth()).status_code == 200
        self.live_start, self.live_plays = live_deal(game)

    def url(self, tail: str = "") -> str:
        return f"/api/v1/sessions/{self.id}/{tail}".rstrip("/")

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token or self.keeper}"}

    def keeper_for(self, path: str, method: str) -> str:
        """The token an operation takes: the club keeper's, or the session keeper's."""
        schemes = {name for s in operation_of(path, method).get("security", []) for name in s}
        return self.club_keeper if "clubKeeperAuth" in schemes else self.keeper

    def auth_for(self, path: str, method: str) -> dict[str, str]:
        return self.auth(self.keeper_for(path, method))

    def post(self, tail: str, **kwargs: Any) -> Any:
        return self.client.post(self.url(tail), headers=self.auth(), **kwargs)

    def deals(self) -> tuple[list[int], list[int]]:
        """The ids of the live deals and of the deleted ones."""
        with self.app.app_context():
            rows = db.session.execute(
                db.select(Deal.serial, Deal.deleted_at).filter_by(session_id=self.id)
            ).all()
        return [s for s, gone in rows if gone is None], [s for s, gone in rows if gone]

    def supply(self, deleted: bool) -> list[int]:
        """The ids of the deleted deals (or the live ones): a run of deletes or restores would
        use them all up, so one is deleted (or restored) when there are none."""
        live, gone = self.deals()
        if deleted and not gone:
            self.client.delete(self.url(f"deals/{live[0]}"), headers=self.auth())
        elif not deleted and not live:
            self.post(f"deals/{gone[0]}/restore")
        live, gone = self.deals()
        return gone if deleted else live

    def etag(self, path: str) -> str | None:
        response = self.client.get(path)
        return response.headers.get("ETag") if response.status_code == 200 else None

    def live_count(self) -> int:
        return len(self.deals()[0])

    def keep_live(self) -> int:
        """How many plays the live deal under way has, one at least: the deal is started (again,
        once the last one finished) and its first play made when there are none."""
        read = self.client.get(self.url("live"))
        if read.status_code == 404:
            assert self.post("live", json=self.live_start).status_code == 201
            read = self.client.get(self.url("live"))
        self.follow(read.get_json())
        if not read.get_json()["plays"]:
            assert self.post("live/plays", json=self.live_play(1, 0)).status_code == 201
            return 1
        return len(read.get_json()["plays"])

    def bare_live(self) -> None:
        """A live deal under way with no plays yet: started, or its plays taken back."""
        for number in range(self.keep_live(), 0, -1):
            taken = self.client.delete(self.url(f"live/plays/{number}"), headers=self.auth())
            assert taken.status_code == 200, taken.get_json()

    def end_live(self) -> None:
        """Play the live deal under way to its end, if there is one: none is then under way."""
        read = self.client.get(self.url("live"))
        if read.status_code == 200:
            self.follow(read.get_json())
        done = len(read.get_json()["plays"]) if read.status_code == 200 else len(self.live_plays)
        for index in range(done, len(self.live_plays)):
            played = self.post("live/plays", json=self.live_play(index + 1, index))
            assert played.status_code == 201, played.get_json()

    def played_live(self) -> int:
        """The id of a deal played live to its end: the live deal is played out when none is."""
        if not (ids := self.live_deal_ids()):
            self.keep_live()
            self.end_live()
            ids = self.live_deal_ids()
        return ids[0]

    def set_ended(self, ended: bool) -> None:
        """End the session or reopen it, with no live deal under way (a live deal played out
        may have finished it by its rules: it is then left so)."""
        read = self.client.get(self.url("live"))
        if read.status_code == 200:  # stop playing it live: its plays are discarded
            count = {"plays": len(plays)} if (plays := read.get_json()["plays"]) else {}
            stop = self.client.delete(self.url("live"), query_string=count, headers=self.auth())
            assert stop.status_code == 200, stop.get_json()
        if ended:
            answer = self.post("end")
            assert answer.status_code == 200 or answer.get_json()["error"] == "nothing-to-end"
        else:
            assert self.client.delete(self.url("end"), headers=self.auth()).status_code == 200

    def live_deal_ids(self) -> list[int]:
        with self.app.app_context():
            query = db.select(LiveDeal.deal_serial).filter_by(session_id=self.id)
            return [s for s in db.session.scalars(query) if s is not None]

    def follow(self, state: dict[str, Any]) -> None:
        """Take the plays of the live deal under way: a generated start ({} is one) may have
        started Fifty-six's with another dealer."""
        if self.game == "fifty-six":
            self.live_plays = live_deal(self.game, state["dealer"])[1]

    def live_play(self, number: int, index: int) -> dict[str, Any]:
        """Play `index` (from 0) of the table's live deal, sent as play `number`."""
        return {"number": number, **self.live_plays[index]}

    def players(self) -> list[int]:
        """The ids of the club's players."""
        return [
            p["id"] for p in self.client.get(f"/api/v1/clubs/{self.club}").get_json()["players"]
        ]


def fixed_deal(points0: int) -> dict[str, Any]:
    """A deal in which team 0 takes the spades worth `points0` or so, team 1 the rest."""
    team0, left = [], points0
    for rank, card in reversed(list(enumerate(POINT_CARDS[:13], start=1))):
        if rank <= left:
            team0.append(str(card))
            left -= rank
    others = [str(card) for card in POINT_CARDS if str(card) not in team0]
    return {"captured": [team0, others]}


def fixed_fifty_six_deal(points: int) -> dict[str, Any]:
    """A 40♠ contract by seat 1 (team 1) in which the team wins `points` card points."""
    return {"contract": {"seat": 1, "value": 40, "trump": "S"}, "points": points}


def fixed_casino_deal(turn: int) -> dict[str, Any]:
    """A four-sided Casino deal that ties for cards and spades (K11): 7 points, spread so that
    six deals leave the race to 21 open."""
    side = [(turn + n) % 4 for n in range(4)]
    return {
        "cards": [13] * 4,
        "spades": [4, 4, 4, 1] if side[0] != 3 else [4, 4, 1, 4],
        "aces": side,
        "big_casino": side[1],
        "little_casino": side[0],
    }


@functools.cache
def live_deal(game: str, dealer: int = 0) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A whole deal of the game from self-play, as the table sees it (Fifty-six's by its
    dealer); the sessions above play on after it."""
    seed = {"seep": 3, "fifty-six": 5, "casino": 7}[game]
    return DEALS[game](seed, dealer) if game == "fifty-six" else DEALS[game](seed)


OPENING_DEALS = {
    "seep": [fixed_deal(points) for points in (30, 70, 50, 40, 60, 55)],
    "fifty-six": [fixed_fifty_six_deal(points) for points in (30, 50, 44, 39, 56, 20)],
    "casino": [fixed_casino_deal(turn) for turn in range(6)],
}
