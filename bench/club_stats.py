"""How fast a big club's statistics are: 500 sessions and 15,000 deals of all three games.

Sessions are started through the API in one club of twelve players; their deals, random but
legal (each game's standing says what may follow), are written straight to the database (through
the ORM, so each session's summary is written as a deal's would be), which is quicker than
15,000 requests. Then `make bench` prints the median and slowest time of the statistics API, the
players' page and a player's page, and the median as a multiple of a bare Flask page's, in four
states (issue 23: under 0.5 s in every one of them):

- "cold": the first read after a write (one deal corrected, in a session picked at random): the
  summaries are as the writes left them, the club's figures are to be worked out again;
- "restarted": as a server just started: nothing in this process, the summaries in the database;
- "warm": read again, nothing changed;
- "nothing kept": no summary anywhere (a database from before summaries were kept, had migration
  0009 not worked them out): every session's deals read and summarised again.

Last, what a write costs (a deal corrected through the ORM, its session's summary kept with it).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.clubs import stats as club_stats
from scorekeeper.data.extensions import db
from scorekeeper.data.models import Deal, GameSession, SessionSummary
from scorekeeper.rules import InvalidInput, Table, get_game

from .reads import fifty_six_deal, migrated_app, seep_deal
from .yardstick import bare_app

TARGET_MS = 500.0
PLAYERS = ["Asha", "Ravi", "Meena", "Dev", "Kofi", "Lena", "Omar", "Priya", "Sam", "Tara"]
PLAYERS += ["Uma", "Vik"]
# (game, sessions, deals per session at most, players, options): 500 sessions, 15,000 deals.
MIX: list[tuple[str, int, int, int, dict[str, Any]]] = [
    ("seep", 220, 48, 4, {}),
    ("fifty-six", 130, 32, 6, {"teams": "pairs"}),
    ("casino", 150, 30, 2, {"sweeps": "on"}),
]


def casino_deal(rng: random.Random, standing: dict[str, Any]) -> dict[str, Any]:
    """A random two-player Casino deal: cards, spades, aces and casinos shared at random."""
    cards = rng.randint(14, 38)
    spades = rng.randint(2, 11)  # either side may take both A♠ and 2♠
    return {
        "cards": [cards, 52 - cards],
        "spades": [spades, 13 - spades],
        "aces": [rng.randrange(2) for _ in range(4)],
        "big_casino": rng.randrange(2),
        "little_casino": rng.randrange(2),
        "sweeps": [rng.randrange(2), rng.randrange(2)],
    }


DEALERS: dict[str, Callable[[random.Random, dict[str, Any]], dict[str, Any]]] = {
    "seep": seep_deal,
    "fifty-six": fifty_six_deal,
    "casino": casino_deal,
}


def deals_for(
    game: str, table: Table, options: dict[str, Any], most: int, rng: random.Random
) -> list[dict[str, Any]]:
    """Up to `most` legal deal records of one session, stopping when no deal may follow."""
    rules = get_game(game)
    records: list[dict[str, Any]] = []
    names = [f"team {n}" for n in range(table.teams)]
    while len(records) < most:
        standing = rules.standing(table, options, records)
        try:
            rules.check_next(table, options, standing, None, names)
        except InvalidInput:
            break  # the session is over (a Casino game won): a rematch is another session
        records.append(rules.parse_deal(DEALERS[game](rng, standing), table, options))
    return records


def build_club(client: FlaskClient, app: Flask, rng: random.Random) -> tuple[str, int]:
    """A club of 500 sessions; its id and how many deals it holds."""
    club_id = client.post("/api/v1/clubs", json={"name": "Bench club"}).get_json()["id"]
    start, written = datetime(2025, 1, 1), 0
    for game, sessions, most, players, options in MIX:
        for _ in range(sessions):
            names = rng.sample(PLAYERS, players)
            teams = _teams(game, names)
            body = {"game": game, "teams": teams, "options": options, "club": club_id}
            session_id = client.post("/api/v1/sessions", json=body).get_json()["id"]
            with app.app_context():
                session = db.session.get(GameSession, session_id)
                assert session is not None
                records = deals_for(game, session.table, session.options, most, rng)
                session.created_at = start + timedelta(hours=rng.randrange(24 * 365))
                db.session.add_all(
                    Deal(session_id=session_id, serial=n, record=r)
                    for n, r in enumerate(records, 1)
                )
                session.version += 1
                db.session.commit()
                written += len(records)
    return club_id, written


def _teams(game: str, names: list[str]) -> list[dict[str, Any]]:
    """The teams as the API takes them: Seep's two pairs, 56's three pairs, Casino alone."""
    size = 1 if game == "casino" else 2
    return [{"players": names[i : i + size]} for i in range(0, len(names), size)]


def timed(request: Callable[[], Any], repeats: int, before: Callable[[], None]) -> list[float]:
    """Milliseconds of each of `repeats` requests, `before` run ahead of each one untimed."""
    times = []
    for _ in range(repeats):
        before()
        begun = time.perf_counter()
        response = request()
        times.append((time.perf_counter() - begun) * 1000)
        assert response.status_code == 200, response.status_code
    return times


def timed_reads(
    client: FlaskClient,
    reads: dict[str, str],
    states: dict[str, Callable[[], Any]],
    repeats: int,
) -> Iterator[tuple[str, list[float]]]:
    """Each read ("players page, warm") with its milliseconds, each state set up before each
    request."""
    for name, path in reads.items():
        for state, before in states.items():
            times = timed(lambda path=path: client.get(path), repeats, before)  # type: ignore[misc]
            yield f"{name}, {state}", times


def main() -> None:
    """Build the club and print the timings against the target."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=10)
    args = parser.parse_args()
    with migrated_app(RATELIMIT_ENABLED=False) as app:
        run(app, args.repeats)


def restart() -> None:
    """Forget what this process keeps: the summaries and the clubs' figures."""
    forget = getattr(club_stats, "forget", None)  # not there before issue 23
    if forget is not None:
        forget()
    club_stats._SUMMARIES.clear()


def forget_all(app: Flask) -> None:
    """No summary anywhere: not in this process, not kept in the database."""
    restart()
    with app.app_context():
        db.session.execute(db.delete(SessionSummary))
        db.session.commit()


def write_one(app: Flask, rng: random.Random) -> None:
    """A write to the club: a deal of a session picked at random, its record stored again as a
    correction is (the same record: the statistics stay comparable), the session's and the
    club's versions moved as data/deals.py replace_deal moves them."""
    with app.app_context():
        ids = db.session.execute(db.select(GameSession.id).order_by(GameSession.id)).scalars()
        session = db.session.get(GameSession, rng.choice(list(ids)))
        assert session is not None
        deal = rng.choice(session.deals)
        deal.record = dict(deal.record)
        deal.changed()
        session.touch()
        db.session.commit()


def run(app: Flask, repeats: int) -> None:
    """Print the table of timings."""
    client = app.test_client()
    built = time.perf_counter()
    club_id, deals = build_club(client, app, random.Random(9))
    built = time.perf_counter() - built
    player = client.get(f"/api/v1/clubs/{club_id}").get_json()["players"][0]["id"]
    reads = {
        "stats API": f"/api/v1/clubs/{club_id}/stats",
        "players page": f"/c/{club_id}/players",
        "player page": f"/c/{club_id}/players/{player}",
    }
    bare = bare_app().test_client()
    base = statistics.median(timed(lambda: bare.get("/"), max(repeats, 200), lambda: None))
    print(f"Club statistics: 500 sessions, {deals} deals of three games (built in {built:.0f} s)")
    print(f"bare Flask page: {base:.3f} ms (median)")
    print(f"{'read':<28} {'median ms':>10} {'max ms':>8} {'x bare':>8}  target")
    rng = random.Random(23)
    states = {
        "cold": lambda: write_one(app, rng),
        "restarted": restart,
        "warm": lambda: None,
        "nothing kept": lambda: forget_all(app),
    }
    for read, times in timed_reads(client, reads, states, repeats):
        median = statistics.median(times)
        verdict = f"< {TARGET_MS:g} ms " + ("ok" if median < TARGET_MS else "MISSED")
        print(f"{read:<28} {median:>10.1f} {max(times):>8.1f} {median / base:>8.0f}  {verdict}")
    writes = []
    for _ in range(repeats):
        begun = time.perf_counter()
        write_one(app, rng)
        writes.append((time.perf_counter() - begun) * 1000)
    print(f"{'a write (one deal, ORM)':<28} {statistics.median(writes):>10.1f} {max(writes):>8.1f}")


if __name__ == "__main__":
    main()
