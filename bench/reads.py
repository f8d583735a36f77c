"""How cheap reads are: a 100-deal session's scoreboard and its 304 (Seep, then Fifty-six),
beside a bare Flask page; then a Seep scoreboard at 200 deals beside one at 2,000.

`make bench` prints, for each read, the median and p90 time of many requests through
the WSGI test client in one process, and its ratio to a bare Flask page timed the same way
(targets of issue 6: the scoreboard within 25x, a 304 within 3x). A "cold" scoreboard is
one drawn right after a change, when no standing is memoised yet.

Issue 23's targets follow: a long session's scoreboard costs what a short one's does, its
HTML at 2,000 deals at most 2x the bytes at 200 and its time about 1x (`--long` sets 2,000).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.data import models
from scorekeeper.data.extensions import db
from scorekeeper.rules.seep.cards import POINT_CARDS

from .yardstick import bare_app

DEALS = 100
REPEATS = 400
TARGETS = {"scoreboard": 25.0, "scoreboard 304": 3.0}
SHORT, LONG = 200, 2000  # deals of the short and the long session (issue 23)
# The HTML's bytes and the time of a scoreboard (ms); a cold one derives the standing anew
# from every deal, so it grows with them (printed, without a target).
LONG_TARGETS = {"bytes (HTML)": 2.0, "scoreboard ms": 1.5}
TEAMS = [
    {"name": "Chandni Chowk Champions", "players": ["Asha", "Ravi"]},
    {"name": "Old Delhi Seep Club", "players": ["Meena", "Dev"]},
]


def seep_deal(rng: random.Random, standing: dict[str, Any]) -> dict[str, Any]:
    """A random Seep deal: each point card to either team, a sweep now and then."""
    piles: list[list[str]] = [[], []]
    for card in POINT_CARDS:
        piles[rng.random() < 0.5].append(str(card))
    sweeps = [{"team": rng.randrange(2), "when": "play"} for _ in range(rng.randrange(2))]
    return {"captured": piles, "sweeps": sweeps}


def fifty_six_deal(rng: random.Random, standing: dict[str, Any]) -> dict[str, Any]:
    """A random Fifty-six deal by a seat still in, or a new game once one is won."""
    if standing["winner"] is not None:
        return {"contract": None, "points": rng.randint(0, 56), "new_game": True}
    seats = [s for s in range(6) if s % 3 not in standing["out"]]  # six players in three pairs
    value = rng.choice([28, 30, 32, 35, 40, 48])
    contract = {"seat": rng.choice(seats), "value": value, "trump": rng.choice("SHDC")}
    return {"contract": contract | {"double": rng.choice([0, 0, 1])}, "points": rng.randint(20, 56)}


GAMES: dict[str, tuple[str, dict[str, str], Callable[..., dict[str, Any]]]] = {
    "Seep": (
        "/new/seep",
        {"a1": "Asha", "a2": "Ravi", "b1": "Meena", "b2": "Dev", "baazis": ""}
        | {"team_a": TEAMS[0]["name"], "team_b": TEAMS[1]["name"]},
        seep_deal,
    ),
    "Fifty-six": (
        "/new/fifty-six",
        {"players": "6", "teams": "pairs", "tables": "12", "first_dealer": "0"}
        | {"a1": "Asha", "b1": "Meena", "c1": "Kofi", "a2": "Ravi", "b2": "Dev", "c2": "Lena"},
        fifty_six_deal,
    ),
}


def session_with_deals(
    client: FlaskClient, game: str, deals: int, rng: random.Random
) -> dict[str, Any]:
    """A session started through the web form (so this client keeps score) and filled with
    `deals` random deals through the API."""
    path, form, random_deal = GAMES[game]
    board = client.post(path, data=form).headers["Location"]
    session_id = board.rsplit("/", 1)[1]
    with client.session_transaction() as cookie:
        token = cookie["tokens"][session_id]
    standing = client.get(f"/api/v1/sessions/{session_id}").get_json()["standing"]
    for _ in range(deals):
        answer = client.post(
            f"/api/v1/sessions/{session_id}/deals",
            json=random_deal(rng, standing),
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 201, answer.get_json()
        standing = answer.get_json()
    return {"board": board, "id": session_id, "token": token}


def timed(request: Callable[[], Any], repeats: int) -> list[float]:
    """Milliseconds of each of `repeats` requests (after a few to warm up)."""
    for _ in range(5):
        request()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        response = request()
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code in (200, 304), response.status_code
    return times


def main() -> None:
    """Time the reads and print them against the bare page."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--repeats", type=int, default=REPEATS)
    parser.add_argument("--long", type=int, default=LONG, help="deals of the long session")
    args = parser.parse_args()
    with migrated_app() as app:
        run(app, args.deals, args.repeats)
        run_long(app, args.long, max(args.repeats // 8, 20))


@contextmanager
def migrated_app(**settings: Any) -> Iterator[Flask]:
    """The app on a new migrated SQLite file, CSRF off, `settings` on top; gone afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite'}"
        config = {"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url, "WTF_CSRF_ENABLED": False}
        config.update(settings)
        app = create_app(config)
        with app.app_context():
            upgrade()
        yield app
        with app.app_context():
            db.engine.dispose()


def run(app: Flask, deals: int, repeats: int) -> None:
    """Print the table of timings, for each game."""
    for game in GAMES:
        run_game(app, game, deals, repeats)


def run_game(app: Flask, game: str, deals: int, repeats: int) -> None:
    """Print the table of timings of one game's session."""
    client = app.test_client()
    played = session_with_deals(client, game, deals, random.Random(7))
    board, api = played["board"], f"/api/v1/sessions/{played['id']}"
    page_tag = client.get(board).headers["ETag"]
    api_tag = client.get(api).headers["ETag"]
    bare = bare_app().test_client()

    def after_a_change() -> Any:
        forget_standings()
        return client.get(board)

    reads: dict[str, Callable[[], Any]] = {
        "bare Flask page": lambda: bare.get("/"),
        "scoreboard": lambda: client.get(board),
        "scoreboard, cold": after_a_change,
        "scoreboard 304": lambda: client.get(board, headers={"If-None-Match": page_tag}),
        "session JSON": lambda: client.get(api),
        "session JSON 304": lambda: client.get(api, headers={"If-None-Match": api_tag}),
    }
    print(f"{game}: {deals} deals, {repeats} requests each, one process (WSGI test client, SQLite)")
    print(f"{'read':<20} {'median ms':>10} {'p90 ms':>8} {'x bare':>8}  target")
    base = 0.0
    for name, request in reads.items():
        times = timed(request, repeats)
        median = statistics.median(times)
        p90 = statistics.quantiles(times, n=10)[-1]
        base = base or median
        target = TARGETS.get(name)
        verdict = (
            ""
            if target is None
            else f"<= {target:g}x " + ("ok" if median / base <= target else "MISSED")
        )
        print(f"{name:<20} {median:>10.3f} {p90:>8.3f} {median / base:>8.1f}  {verdict}")


def forget_standings() -> None:
    """As after a change: no standing memoised (nor a scoreboard's, where the tree has one)."""
    memos = [getattr(models, memo, {}) for memo in ("_STANDINGS", "_BOARDS")]
    kept = importlib.util.find_spec("scorekeeper.data.standings")  # where the tree has it
    if kept is not None:
        standings = importlib.import_module("scorekeeper.data.standings")
        # The tiers behind one object (STANDINGS) where the tree has it, else its MEMO.
        memos.append(getattr(standings, "STANDINGS", None) or standings.MEMO)
    for memo in memos:
        memo.clear()


def run_long(app: Flask, long: int, repeats: int) -> None:
    """Print a Seep scoreboard of SHORT deals beside one of `long`: bytes and times, as ratios."""
    client = app.test_client()
    boards = [
        session_with_deals(client, "Seep", n, random.Random(7))["board"] for n in (SHORT, long)
    ]

    def cold(board: str) -> Any:
        forget_standings()
        return client.get(board)

    reads = {"scoreboard ms": client.get, "scoreboard, cold ms": cold}

    def median_ms(read: Callable[[str], Any], board: str) -> float:
        return statistics.median(timed(lambda: read(board), repeats))

    print(f"Seep scoreboard: {SHORT} deals beside {long}, {repeats} requests each")
    print(f"{'read':<20} {SHORT:>10} {long:>10} {'ratio':>8}  target")
    rows = {"bytes (HTML)": [float(len(client.get(board).get_data())) for board in boards]}
    rows |= {name: [median_ms(read, board) for board in boards] for name, read in reads.items()}
    for name, (short, many) in rows.items():
        target = LONG_TARGETS.get(name)
        verdict = (
            ""
            if target is None
            else f"<= {target:g}x " + ("ok" if many / short <= target else "MISSED")
        )
        print(f"{name:<20} {short:>10.1f} {many:>10.1f} {many / short:>8.2f}  {verdict}")


if __name__ == "__main__":
    main()
