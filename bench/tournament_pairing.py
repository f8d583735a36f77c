"""How fast tournaments are paired and ranked (issue 37): `make bench`.

Measured in one run, each the median of 5, against its target and as a multiple of a bare
Flask page's median (bench/yardstick.py):

- Swiss: pairing round 7 of 200 entrants after 6 rounds of random results (target 1 s);
- rotating partners: a whole 7-round schedule for 64 players (target 5 s), with how often the
  two players who met most and least faced each other; and, once, the same 7 rounds paired
  round by round as a keeper does (each round planned with the rounds left);
- standings: 100 entrants after 6 Swiss rounds (target 50 ms): the pure function, and the app's
  whole answer after a table's deal, a 50-table round 7 of a Swiss played through the API over
  SQLite: the deal posted, then the tournament read with its standings (each a fresh read: the
  deal moved its ETag); and, against 1 s, its first read after a restart, every table's session
  loaded.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from scorekeeper.data.setup import forget
from scorekeeper.tournament.rotating import (
    next_rotating_round,
    opponent_spread,
    rotating_schedule,
)
from scorekeeper.tournament.rounds import Entrant, Result, Round, Table, partnerships
from scorekeeper.tournament.standings import standings
from scorekeeper.tournament.swiss import pair_swiss

from .reads import migrated_app
from .reads import seep_deal as random_seep_deal
from .yardstick import bare_app

T = TypeVar("T")
REPEATS = 5
SEED = 37


def timed(work: Callable[[], T], repeats: int = REPEATS) -> tuple[float, T]:
    """The median milliseconds of `repeats` calls, and what the last returned."""
    times = []
    for _ in range(repeats):
        begun = time.perf_counter()
        result = work()
        times.append((time.perf_counter() - begun) * 1000)
    return statistics.median(times), result


def swiss_after(entrants: int, rounds: int, rng: random.Random) -> tuple[list[Round], Counter[int]]:
    """A Swiss tournament's rounds of random results, each paired by pair_swiss, and the
    match points they gave."""
    history: list[Round] = []
    points: Counter[int] = Counter()
    for _ in range(rounds):
        paired = pair_swiss(ranked(entrants, points), points, history)
        tables = []
        for table in paired.tables:
            won = rng.choice(((2, 0), (1, 1), (0, 2)))
            game = (rng.randint(0, 60), rng.randint(0, 60))
            tables.append(Table(table.entrants, Result(won, game)))
            for entrant, taken in zip(table.entrants, won, strict=True):
                points[entrant] += taken
        for entrant in paired.byes:
            points[entrant] += 2
        history.append(Round(tuple(tables), paired.byes))
    return history, points


def ranked(entrants: int, points: Counter[int]) -> list[int]:
    """Entrants 1..n by match points, then by number (a stand-in for the standings)."""
    return sorted(range(1, entrants + 1), key=lambda e: (-points[e], e))


def round_by_round(players: list[int], rounds: int) -> list[Round]:
    """A schedule as a keeper pairs it: each round planned with the rounds left."""
    played: list[Round] = []
    for number in range(rounds):
        played.append(next_rotating_round(players, played, rounds - number))
    return played


def api_after_deal(rng: random.Random) -> tuple[float, float, float]:
    """A Swiss of 100 Seep partnerships through the API, 6 one-deal rounds played and confirmed,
    round 7 (50 tables) paired: the ms of the tournament's first read after a restart (every
    table's session loaded), and the median ms of a table's deal posted and of the tournament's
    read after it (its standings derived from every table's result, the one session changed
    loaded again)."""
    with migrated_app(RATELIMIT_ENABLED=False) as app:
        client = app.test_client()
        club = client.post("/api/v1/clubs", json={"name": "Bench club"}).get_json()
        keeper = {"Authorization": f"Bearer {club['keeper_token']}"}
        entrants = [{"name": f"Pair {n}", "players": [f"A{n}", f"B{n}"]} for n in range(100)]
        body = {"name": "Bench cup", "game": "seep", "format": "swiss", "rounds": 7}
        body |= {"round_length": {"deals": 1}, "options": {}, "entrants": entrants}
        made = client.post(f"/api/v1/clubs/{club['id']}/tournaments", json=body, headers=keeper)
        tournament = f"/api/v1/tournaments/{made.get_json()['id']}"
        for _ in range(6):
            for table in client.post(f"{tournament}/rounds", headers=keeper).get_json()["tables"]:
                scorer = {"Authorization": f"Bearer {table['edit_token']}"}
                session = f"/api/v1/sessions/{table['session']}"
                client.post(f"{session}/deals", json=random_seep_deal(rng, {}), headers=scorer)
                client.post(f"{session}/confirm", headers=scorer)
        tables = client.post(f"{tournament}/rounds", headers=keeper).get_json()["tables"]
        assert len(tables) == 50
        forget(app)  # as a restart would
        cold_ms, _ = timed(lambda: client.get(tournament), repeats=1)
        posts, reads = [], []
        for table in tables[:REPEATS]:
            scorer = {"Authorization": f"Bearer {table['edit_token']}"}
            deal = random_seep_deal(rng, {})
            url = f"/api/v1/sessions/{table['session']}/deals"
            post_ms, posted = timed(partial(client.post, url, json=deal, headers=scorer), 1)
            assert posted.status_code == 201, posted.get_json()
            read_ms, answer = timed(lambda: client.get(tournament), repeats=1)
            assert answer.status_code == 200 and len(answer.get_json()["standings"]) == 100
            posts.append(post_ms)
            reads.append(read_ms)
        return cold_ms, statistics.median(posts), statistics.median(reads)


def row(name: str, median: float, target: float, base: float) -> str:
    """A printed line: the median, the target, the ratio to it and to a bare page."""
    verdict = "ok" if median < target else "MISSED"
    return (
        f"{name:<44} {median:>10.1f} {target:>9.0f} {median / target:>9.2f} "
        f"{median / base:>9.0f}  {verdict}"
    )


def main() -> None:
    """Print the table of timings."""
    bare = bare_app().test_client()
    base = timed(lambda: bare.get("/"), 200)[0]
    rng = random.Random(SEED)
    history, points = swiss_after(200, 6, rng)
    swiss_ms, paired = timed(lambda: pair_swiss(ranked(200, points), points, history))
    players = list(range(1, 65))
    rotating_ms, schedule = timed(lambda: rotating_schedule(players, 7))
    spread = opponent_spread(schedule, players)
    stepped_ms, stepped = timed(lambda: round_by_round(players, 7), repeats=1)
    ranked_history, _ = swiss_after(100, 6, rng)
    entrants = [Entrant(e) for e in range(1, 101)]
    standings_ms, _ = timed(lambda: standings(entrants, ranked_history, "swiss"))
    cold_ms, post_ms, read_ms = api_after_deal(rng)

    print(f"Tournament pairing and standings (median of {REPEATS} unless said)")
    print(f"bare Flask page: {base:.3f} ms (median)")
    print(f"{'':<44} {'median ms':>10} {'target ms':>9} {'/ target':>9} {'x bare':>9}")
    print(row("Swiss, round 7 of 200 entrants", swiss_ms, 1000, base))
    print(row("rotating, 7 rounds for 64 players", rotating_ms, 5000, base))
    print(row("rotating, the same round by round (once)", stepped_ms, 5000, base))
    print(row("standings, 100 entrants after 6 rounds", standings_ms, 50, base))
    print(row("API: a deal at one of 50 tables", post_ms, 50, base))
    print(row("API: the tournament read after it", read_ms, 50, base))
    print(row("API: tournament read after a restart (once)", cold_ms, 1000, base))
    rematches = sum(
        count > 1
        for count in Counter(
            frozenset(t.entrants) for one in [*history, paired] for t in one.tables
        ).values()
    )
    print(f"Swiss round 7: {len(paired.tables)} tables, {rematches} rematches")
    stepped_spread = opponent_spread(stepped, players)
    for name, made, met in (
        ("whole", schedule, spread),
        ("round by round", stepped, stepped_spread),
    ):
        repeats = sum(count - 1 for count in partnerships(made).values())
        print(
            f"rotating 64 x 7, {name}: opponents met at most {met.most}, at least {met.fewest} "
            f"times (two players); partners again: {repeats}"
        )


if __name__ == "__main__":
    main()
