"""What the tournament pages' tests share: an evening of a Swiss of five partnerships through
the API (two tables and a bye a round), its first round played part way."""

from __future__ import annotations

from dataclasses import dataclass

from babel.dates import get_month_names
from flask.testing import FlaskClient

from scorekeeper.words.languages import LANGUAGES
from tests.helpers.api import Json, read
from tests.helpers.seep import deal as seep_deal
from tests.helpers.tournament_api import (
    confirm,
    create,
    pair,
    play,
    read_tournament,
    table_session,
)


@dataclass
class Evening:
    """A club, its tournament (as created) and the tables of its last round paired."""

    club: Json
    tournament: Json
    tables: list[Json]
    byes: list[int]

    @property
    def id(self) -> str:
        return str(self.tournament["id"])

    def name(self, entrant: int) -> str:
        """An entrant's name by its id."""
        return next(e["name"] for e in self.tournament["entrants"] if e["id"] == entrant)


def evening(client: FlaskClient, **fields: object) -> Evening:
    """A Swiss of the five partnerships over two-deal rounds, round 1 paired, nothing played."""
    club, tournament = create(client, **fields)
    paired = pair(client, club, tournament)
    return Evening(club, tournament, paired["tables"], paired["byes"])


def first_round_played(client: FlaskClient, night: Evening) -> None:
    """Round 1: table 1 won by its first side by 20 (two deals, confirmed); table 2 one deal
    in, still playing."""
    first, second = night.tables
    play(client, first, seep_deal(60), seep_deal(50))
    confirm(client, first)
    play(client, second, seep_deal(70))


def next_round(client: FlaskClient, night: Evening) -> None:
    """Play each unconfirmed table of the last round to its end (level deals: 50 and 50),
    confirm it, and pair the next round."""
    now = read_tournament(client, night.tournament)["rounds"][-1]["tables"]
    for table, shown in zip(night.tables, now, strict=True):
        if shown["confirmed"]:
            continue
        dealt = len(read(client, table_session(table))["deals"])
        play(client, table, *[seep_deal(50)] * (2 - dealt))
        confirm(client, table)
    paired = pair(client, night.club, night.tournament)
    night.tables, night.byes = paired["tables"], paired["byes"]


def not_words(night: Evening) -> list[str]:
    """What a tournament page shows that is not a word to translate: the tournament's name,
    its entrants and players, each language's own name, the app's name, the months."""
    entrants = night.tournament["entrants"]
    return [
        night.tournament["name"],
        *(e["name"] for e in entrants),
        *(p for e in entrants for p in e["players"]),
        *(language.name for language in LANGUAGES.values()),
        *get_month_names("wide", locale="en").values(),
        "Scorekeeper",
    ]
