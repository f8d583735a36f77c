"""A session to aim generated requests at (`Table`), with the opening deals it is given and the
bodies that start a session of each game; and its club's tournament (`Bracket`), with the
bodies that create one of each game."""

from __future__ import annotations

import copy
import functools
import time
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
    in a club of its own, whose statistics it makes; a live deal from its game's self-play;
    a tournament of the club with a round paired (`bracket`)."""

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
        self.bracket = Bracket(self)
        self.fresh_review_asked = False  # the review of a deal just played asked for (a 202)

    def path_values(self) -> dict[str, Any]:
        """A real value for each path parameter: the session, its first deal or play, the club,
        the tournament, its first round and table, its first entrant."""
        return {
            "session_id": self.id,
            "deal_id": 1,
            "number": 1,
            "club_id": self.club,
            "tournament_id": self.bracket.id,
            "table": 1,
            "entrant_id": 1,
        }

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

    def next_deal_id(self) -> int:
        """The id the session's next deal will get (ids are never reused)."""
        live, deleted = self.deals()
        return max([0, *live, *deleted]) + 1

    def review_kept(self, deal: int) -> str:
        """The tag of the deal's review, once it is worked out and kept."""
        for _ in range(240):
            answer = self.client.get(self.url(f"live/review?deal={deal}"))
            if answer.status_code == 200:
                return str(answer.headers["ETag"])
            assert answer.status_code == 202, answer.get_json()
            time.sleep(0.25)
        raise AssertionError(f"deal {deal}'s review never came")

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


# Entrants of a tournament, none of them the table's players: pairs for Seep and Fifty-six,
# players alone (two-player Casino) for Casino.
BRACKET_PLAYERS = ("Kiran", "Sita", "Arjun", "Lata", "Vikram", "Nila", "Tara", "Hari")
BRACKET_ENTRANTS: dict[str, list[dict[str, Any]]] = {
    "seep": [
        {"name": f"Pair {n}", "players": list(BRACKET_PLAYERS[2 * n : 2 * n + 2])} for n in range(4)
    ],
    "casino": [{"name": name, "players": [name]} for name in BRACKET_PLAYERS[:4]],
}
BRACKET_ENTRANTS["fifty-six"] = BRACKET_ENTRANTS["seep"]
# A rotating tournament seats players alone, four to a partnership game's table.
ROTATING_ENTRANTS = [{"name": name} for name in BRACKET_PLAYERS]
# The lengths of a round each game takes besides {"deals": n}.
OWN_LENGTH = {"seep": {"baazis": 1}, "fifty-six": {"games": 1}, "casino": {"games": 1}}


def tournament_body(game: str, **fields: Any) -> dict[str, Any]:
    """A Swiss of four entrants of the game over three one-deal rounds, `fields` replacing its
    own (a field given as None is left out)."""
    body = {
        "name": "Diwali cup",
        "game": game,
        "format": "swiss",
        "rounds": 3,
        "round_length": {"deals": 1},
        "entrants": copy.deepcopy(BRACKET_ENTRANTS[game]),
    }
    return {name: value for name, value in (body | fields).items() if value is not None}


def tournament_bodies(game: str) -> list[dict[str, Any]]:
    """Tournaments of the game that may be created: each format (rotating where the game has
    a four-player partnership table), each length of a round, options given or left out."""
    bodies = [
        tournament_body(game),
        tournament_body(game, format="round-robin", rounds=None, round_length=OWN_LENGTH[game]),
        tournament_body(game, rounds=1, options={}, round_length={"deals": 9}),
    ]
    if game == "casino":
        bodies.append(tournament_body(game, options={"variant": "royal"}))
    else:
        rotating = {"format": "rotating", "rounds": 2, "entrants": ROTATING_ENTRANTS}
        bodies.append(tournament_body(game, **rotating))
    return bodies


class Bracket:
    """The table's club's tournament: a Swiss of four entrants of the table's game over three
    rounds of one deal, its first round paired, the deal of its first table played (its result
    can be confirmed) and its second table's not (its round is not over); and beside it a
    round-robin, which lets no late entrant in. Rounds are paired, settled and un-paired as a
    request needs them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.client = table.client
        self.id: str = self.create(tournament_body(table.game))
        robin = tournament_body(table.game, name="Round robin", format="round-robin", rounds=None)
        self.robin: str = self.create(robin)
        self.tokens: dict[str, str] = {}  # each table's session: its edit token
        self.late = 0  # late entrants added
        first = self.pair()
        self.played, self.unplayed = (t["session"] for t in first["tables"])
        played = self.client.post(
            f"/api/v1/sessions/{self.played}/deals",
            json=TABLE_DEALS[table.game],
            headers={"Authorization": f"Bearer {self.tokens[self.played]}"},
        )
        assert played.status_code == 201, played.get_json()

    def create(self, body: dict[str, Any]) -> str:
        created = self.client.post(
            f"/api/v1/clubs/{self.table.club}/tournaments", json=body, headers=self.keeper()
        )
        assert created.status_code == 201, created.get_json()
        return str(created.get_json()["id"])

    def keeper(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.table.club_keeper}"}

    def url(self, tail: str = "") -> str:
        return f"/api/v1/tournaments/{self.id}/{tail}".rstrip("/")

    def read(self) -> dict[str, Any]:
        read = self.client.get(self.url())
        assert read.status_code == 200, read.get_json()
        return dict(read.get_json())

    def pair(self) -> dict[str, Any]:
        """Pair the next round; its tables' tokens are kept."""
        paired = self.client.post(self.url("rounds"), headers=self.keeper())
        assert paired.status_code == 201, paired.get_json()
        for table in paired.get_json()["tables"]:
            self.tokens[table["session"]] = table["edit_token"]
        return dict(paired.get_json())

    def settle(self) -> None:
        """Every table of the last round confirmed: those that are not, by the keeper's
        adjustment."""
        rounds = self.read()["rounds"]
        for table in rounds[-1]["tables"] if rounds else []:
            if not table["confirmed"]:
                tail = f"rounds/{rounds[-1]['number']}/tables/{table['table']}"
                result = {"match_points": [1, 1], "game_points": [0, 0]}
                adjusted = self.client.put(
                    self.url(tail), json={"result": result}, headers=self.keeper()
                )
                assert adjusted.status_code == 200, adjusted.get_json()

    def pairable(self) -> None:
        """The next round can be paired: the last one settled, and a round left (the last one
        un-paired when every round is)."""
        self.settle()
        read = self.read()
        if len(read["rounds"]) >= read["rounds_planned"]:
            gone = self.client.delete(
                self.url(f"rounds/{len(read['rounds'])}"), headers=self.keeper()
            )
            assert gone.status_code == 200, gone.get_json()

    def open_round(self) -> None:
        """A table of the last round without a confirmed result (a round is paired when none
        is), unless every round is paired."""
        read = self.read()
        settled = all(t["confirmed"] for t in read["rounds"][-1]["tables"])
        if settled and len(read["rounds"]) < read["rounds_planned"]:
            self.pair()

    def rounds(self, least: int) -> int:
        """At least `least` rounds paired (each settled first): how many there are."""
        count = len(self.read()["rounds"])
        while count < least:
            self.settle()
            self.pair()
            count += 1
        return count

    def late_entrant(self, named: bool) -> dict[str, Any]:
        """An entrant not yet in the tournament, of the size of its entrants."""
        self.late += 1
        size = len(BRACKET_ENTRANTS[self.table.game][0]["players"])
        players = [f"Late {self.late}{'ab'[n]}" for n in range(size)]
        return {"players": players} | ({"name": f"Late {self.late}"} if named else {})


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


# A deal at a tournament's table of each game (two sides).
TABLE_DEALS: dict[str, dict[str, Any]] = {
    "seep": fixed_deal(50),
    "fifty-six": fixed_fifty_six_deal(44),
    "casino": {
        "cards": [30, 22],
        "spades": [7, 6],
        "aces": [0, 1, 0, 1],
        "big_casino": 1,
        "little_casino": 0,
    },
}

OPENING_DEALS = {
    "seep": [fixed_deal(points) for points in (30, 70, 50, 40, 60, 55)],
    "fifty-six": [fixed_fifty_six_deal(points) for points in (30, 50, 44, 39, 56, 20)],
    "casino": [fixed_casino_deal(turn) for turn in range(6)],
}
