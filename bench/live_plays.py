"""What play by play costs: `make bench`, or `python -m bench.live_plays [--deals 5]`.

A live deal is stored as its start and its plays; a play POSTed carries on from the state the
worker derived for the plays before it (scorekeeper/data/live_cache.py), so a play late in a deal
should cost what an early one does: (c) holds it to play 48 within 1.5x play 2. For Seep,
Fifty-six and Casino, whole deals from each engine's self-play
(tests/helpers/live_deals.py) are played through the API, this prints
(a) in one process, through the WSGI test client on a temp SQLite database: the time of each
    play's POST …/live/plays (median, p90, max; the median of each deal's first 5 plays beside
    its last 5), of a watcher's GET …/live once the deal changed (before its last play), and of
    the replay GET …/deals/<id>/plays of the whole deal and its size; the bare Flask page of
    bench/reads.py is timed the same way, for the ratios;
(b) the engine alone: GAMES[g].live.derive(…) and .replay(…) of a whole deal, median ms;
(c) play 2 against play 48 (and the last play, which also stores the finished deal), each the
    median over the deals, and the ratio 48 / 2 beside its target.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from bench.reads import timed
from bench.seep_moves import percentile, table
from bench.watchers import seeded_app
from bench.yardstick import bare_app
from scorekeeper.data.extensions import db
from scorekeeper.data.models import GameSession

# The deals and the sessions that seat them are the tests' own (tests/helpers: live_deals.py and
# the API helpers): the bench plays what the tests check, rather than a copy of it.
from tests.helpers import live_deals
from tests.helpers.api import bearer
from tests.helpers.casino import casino_session
from tests.helpers.fifty_six import fifty_six_session
from tests.helpers.seep import seep_session

Json = dict[str, Any]
# Each game: its session helper (Seep and Fifty-six four players, Casino two), and its deal.
GAMES: dict[str, tuple[Callable[[FlaskClient], Json], Callable[[int], Any]]] = {
    "seep": (seep_session, live_deals.seep),
    "fifty-six": (fifty_six_session, live_deals.fifty_six),
    "casino": (casino_session, lambda seed: live_deals.casino(seed, players=2)),
}
EDGE = 5  # plays at each end of a deal, to see the cost grow
REPEATS = 20  # of each read
EARLY, LATE = 2, 48  # the plays compared in (c): play 1 has no state before it
TARGET = 1.5  # play LATE costs at most this times play EARLY


@dataclass
class Figures:
    """One game's timings (ms) and sizes over its deals."""

    plays: list[float] = field(default_factory=list)
    first: list[float] = field(default_factory=list)
    last: list[float] = field(default_factory=list)
    watcher: list[float] = field(default_factory=list)
    replay: list[float] = field(default_factory=list)
    replay_bytes: list[int] = field(default_factory=list)
    derive: list[float] = field(default_factory=list)
    replay_engine: list[float] = field(default_factory=list)
    deal_plays: list[int] = field(default_factory=list)
    early: list[float] = field(default_factory=list)  # play EARLY of each deal
    late: list[float] = field(default_factory=list)  # play LATE of each deal
    ending: list[float] = field(default_factory=list)  # the last play of each deal


def play_deal(client: FlaskClient, game: str, seed: int, found: Figures) -> tuple[str, Json]:
    """A whole deal played live in a new session, each play timed; its session id, and the
    start and plays for the engine."""
    new_session, dealt = GAMES[game]
    session = new_session(client)
    start, plays = dealt(seed)
    url, auth = f"/api/v1/sessions/{session['id']}/live", bearer(session["edit_token"])
    assert client.post(url, json=start, headers=auth).status_code == 201
    stale = client.get(url).headers["ETag"]  # a watcher's tag from before the first play
    times = []
    for number, play in enumerate(plays, start=1):
        if number == len(plays):  # the deal changed since the watcher's tag: it reads it all
            found.watcher += timed(lambda: client.get(url, headers={"If-None-Match": stale}), 5)
        began = time.perf_counter()
        answer = client.post(f"{url}/plays", json={"number": number, **play}, headers=auth)
        times.append((time.perf_counter() - began) * 1000)
        assert answer.status_code == 201, answer.get_json()
    found.plays += times
    found.first.append(statistics.median(times[:EDGE]))
    found.last.append(statistics.median(times[-EDGE:]))
    found.early.append(times[EARLY - 1])
    found.late.append(times[LATE - 1])
    found.ending.append(times[-1])
    found.deal_plays.append(len(plays))
    replay = f"/api/v1/sessions/{session['id']}/deals/{answer.get_json()['deal']['id']}/plays"
    found.replay += timed(lambda: client.get(replay), REPEATS)
    found.replay_bytes.append(len(client.get(replay).get_data()))
    return session["id"], {"start": start, "plays": plays}


def engine_alone(app: Any, session_id: str, deal: Json, found: Figures) -> None:
    """derive(…) and replay(…) of the whole deal, without the web or the database."""
    with app.app_context():
        session = db.session.get(GameSession, session_id)
        live, seated, options = session.game.live, session.table, dict(session.options)
    args = (seated, options, deal["start"], deal["plays"])
    found.derive.append(statistics.median(ms(lambda: live.derive(*args)) for _ in range(REPEATS)))
    found.replay_engine.append(
        statistics.median(ms(lambda: live.replay(*args)) for _ in range(REPEATS))
    )


def ms(work: Callable[[], Any]) -> float:
    """Milliseconds `work` takes."""
    began = time.perf_counter()
    work()
    return (time.perf_counter() - began) * 1000


def measure(deals: int) -> dict[str, Figures]:
    """Every game's figures over `deals` deals (seeds 1 … deals), on a temp SQLite database."""
    figures = {game: Figures() for game in GAMES}
    with tempfile.TemporaryDirectory() as folder:
        app = seeded_app(f"sqlite:///{Path(folder) / 'bench.sqlite'}", migrate=True)
        client = app.test_client()
        for game, found in figures.items():
            for seed in range(1, deals + 1):
                session_id, deal = play_deal(client, game, seed, found)
                engine_alone(app, session_id, deal, found)
        with app.app_context():
            db.engine.dispose()
    return figures


def api_row(game: str, f: Figures, bare: float) -> list[str]:
    """A line of the API's table."""
    post, replay = statistics.median(f.plays), statistics.median(f.replay)
    medians = [statistics.median(x) for x in (f.first, f.last, f.watcher)]
    return [
        game,
        f"{statistics.median(f.deal_plays):g}",
        *(f"{x:.2f}" for x in (post, percentile(f.plays, 90), max(f.plays), *medians, replay)),
        f"{statistics.median(f.replay_bytes) / 1024:.0f}",
        f"{post / bare:.0f}",
        f"{replay / bare:.0f}",
    ]


def report(figures: dict[str, Figures], deals: int, bare: float) -> None:
    """Print the API's table, then the engine's."""
    rows = [api_row(game, f, bare) for game, f in figures.items()]
    header = ["game", "plays", "POST med", "p90", "max", f"first {EDGE}", f"last {EDGE}"]
    header += ["watcher GET", "replay GET", "replay KiB", "POST x bare", "replay x bare"]
    table(
        f"(a) One process, WSGI test client, SQLite, {deals} whole deals per game (ms; the "
        f"first/last columns are the median over deals of each deal's median play; bare Flask "
        f"page {bare:.3f} ms)",
        header,
        rows,
    )
    rows = [
        [game, f"{statistics.median(f.derive):.2f}", f"{statistics.median(f.replay_engine):.2f}"]
        for game, f in figures.items()
    ]
    table(
        "(b) The engine alone, a whole deal (median ms)",
        ["game", "live.derive", "live.replay"],
        rows,
    )
    rows = [flat_row(game, f) for game, f in figures.items()]
    table(
        f"(c) A play late in a deal against an early one (ms, median over deals; target: play "
        f"{LATE} within {TARGET:g}x play {EARLY})",
        ["game", f"play {EARLY}", f"play {LATE}", "last play", f"{LATE} / {EARLY}", "target"],
        rows,
    )


def flat_row(game: str, f: Figures) -> list[str]:
    """A line of the early-against-late table, the ratio held to TARGET."""
    early, late = statistics.median(f.early), statistics.median(f.late)
    ratio = late / early
    verdict = f"<= {TARGET:g}x ok" if ratio <= TARGET else f"> {TARGET:g}x OVER"
    ending = statistics.median(f.ending)
    return [game, f"{early:.2f}", f"{late:.2f}", f"{ending:.2f}", f"{ratio:.2f}x", verdict]


def main() -> None:
    """Parse the options, measure, print."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=5, help="whole deals per game")
    args = parser.parse_args()
    started = time.monotonic()
    figures = measure(args.deals)
    bare_client = bare_app().test_client()
    bare = statistics.median(timed(lambda: bare_client.get("/"), 400))
    report(figures, args.deals, bare)
    print(f"\n{time.monotonic() - started:.0f} s in all")


if __name__ == "__main__":
    main()
