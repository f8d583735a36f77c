"""How the session API and exports grow with a session's deals: a Seep session of 200 deals
beside one of 2,000.

`make bench` prints, for GET /api/v1/sessions/<id> and each export (JSON and CSV), the median
time of several requests through the WSGI test client in one process, at 200 and at 2,000
deals, and the ratio 2,000 to 200 (targets of issue 23: the API within 12x, each export within
15x; linear would be 10x). The sessions are filled through the model in one transaction, each
deal parsed by the game as an entered one would be.

"add a deal" times POST /api/v1/sessions/<id>/deals with the session's bearer token, each a new
deal, on a session of its own in a club (so each write also keeps the club's summary of it),
started through the API at each size; its target is the API's, 12x.

"deal 304" times GET of a single deal with If-None-Match naming its tag, and "since read" GET
/api/v1/sessions/<id>?since=<version before the last deal> (that one deal changed): neither may
depend on the session's length (issue 34), so their ratio is about 1.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Deal, GameSession

from .reads import GAMES, migrated_app, seep_deal, timed

SIZES = (200, 2000)
REPEATS = 20
WRITE = "add a deal"
SMALL_READS = ("deal 304", "since read")  # what a session's length must not slow
TARGETS = {
    "session API": 12.0,
    "export JSON": 15.0,
    "export CSV": 15.0,
    WRITE: 12.0,
    **dict.fromkeys(SMALL_READS, 1.5),
}
TEAMS = [{"players": ["Asha", "Ravi"]}, {"players": ["Meena", "Kiran"]}]


def session_with_deals(app: Flask, client: FlaskClient, deals: int, rng: random.Random) -> str:
    """A Seep session started through the web form, then given `deals` random deals at once."""
    path, form, _ = GAMES["Seep"]
    session_id: str = client.post(path, data=form).headers["Location"].rsplit("/", 1)[1]
    fill(app, session_id, deals, rng)
    return session_id


def club_session_with_deals(
    app: Flask, client: FlaskClient, deals: int, rng: random.Random
) -> tuple[str, str]:
    """A Seep session started through the API in a new club, given `deals` random deals at
    once; its id and edit token."""
    club = client.post("/api/v1/clubs", json={"name": f"Bench {deals}"}).get_json()["id"]
    body = {"game": "seep", "teams": TEAMS, "club": club}
    started = client.post("/api/v1/sessions", json=body).get_json()
    fill(app, started["id"], deals, rng)
    return started["id"], started["edit_token"]


def fill(app: Flask, session_id: str, deals: int, rng: random.Random) -> None:
    """Give the session `deals` random Seep deals in one transaction."""
    with app.app_context():
        session = GameSession.find(session_id, full=True)
        for serial in range(1, deals + 1):
            record = session.game.parse_deal(seep_deal(rng, {}), session.table, session.options)
            session.all_deals.append(Deal(serial=serial, record=record))
        session.touch()
        db.session.commit()


def reads(session_id: str) -> dict[str, str]:
    """The reads timed, by name."""
    return {
        "session API": f"/api/v1/sessions/{session_id}",
        "export JSON": f"/s/{session_id}/export.json",
        "export CSV": f"/s/{session_id}/export.csv",
    }


def main() -> None:
    """Time the reads at each size and print the ratios against the targets."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=REPEATS)
    args = parser.parse_args()
    with migrated_app() as app:
        run(app, args.repeats)


def run(app: Flask, repeats: int) -> None:
    """Print the table: each read's median at each size, and the ratio."""
    client = app.test_client()
    rng = random.Random(7)
    ids = [session_with_deals(app, client, size, rng) for size in SIZES]
    medians: dict[str, list[float]] = {}
    for session_id in ids:
        for name, url in reads(session_id).items():
            medians.setdefault(name, []).append(median_ms(client, url, repeats))
    app.config["RATELIMIT_ENABLED"] = False  # a bench's many writes are not an abuse
    for size in SIZES:
        session_id, token = club_session_with_deals(app, client, size, rng)
        medians.setdefault(WRITE, []).append(write_ms(client, session_id, token, rng, repeats))
    for size in SIZES:
        for name, ms in small_reads_ms(app, client, size, rng, repeats).items():
            medians.setdefault(name, []).append(ms)
    small, large = SIZES
    print(f"Seep session API, exports, deal writes: {repeats} requests each, one process (WSGI)")
    print(f"{'read':<14} {f'{small} ms':>10} {f'{large} ms':>10} {'ratio':>7}  target")
    for name, (at_small, at_large) in medians.items():
        ratio, target = at_large / at_small, TARGETS[name]
        verdict = f"<= {target:g}x " + ("ok" if ratio <= target else "MISSED")
        print(f"{name:<14} {at_small:>10.2f} {at_large:>10.2f} {ratio:>6.1f}x  {verdict}")


def median_ms(client: FlaskClient, url: str, repeats: int) -> float:
    """The median milliseconds of `repeats` GETs of `url`."""
    answer: Any = client.get(url)
    assert answer.status_code == 200, answer.status_code
    return statistics.median(timed(lambda: client.get(url), repeats))


def small_reads_ms(
    app: Flask, client: FlaskClient, size: int, rng: random.Random, repeats: int
) -> dict[str, float]:
    """A single deal's 304 and a `?since=` read that finds one deal changed, on a session of
    `size` deals and one more posted: each read's median milliseconds."""
    session_id, token = club_session_with_deals(app, client, size, rng)
    url, headers = f"/api/v1/sessions/{session_id}", {"Authorization": f"Bearer {token}"}
    posted = client.post(f"{url}/deals", json=seep_deal(rng, {}), headers=headers)
    assert posted.status_code == 201, posted.get_json()
    deal = f"{url}/deals/{posted.get_json()['id']}"
    tag = client.get(deal).headers["ETag"]
    assert client.get(deal, headers={"If-None-Match": tag}).status_code == 304
    since = f"{url}?since={posted.get_json()['deal']['changed'] - 1}"
    assert len(client.get(since).get_json()["deals"]) == 1
    return {
        "deal 304": statistics.median(
            timed(lambda: client.get(deal, headers={"If-None-Match": tag}), repeats)
        ),
        "since read": median_ms(client, since, repeats),
    }


def write_ms(
    client: FlaskClient, session_id: str, token: str, rng: random.Random, repeats: int
) -> float:
    """The median milliseconds of `repeats` POSTs of a new deal (after a few to warm up)."""
    url, headers = f"/api/v1/sessions/{session_id}/deals", {"Authorization": f"Bearer {token}"}
    times = []
    for n in range(5 + repeats):
        body = seep_deal(rng, {})
        start = time.perf_counter()
        answer = client.post(url, json=body, headers=headers)
        if n >= 5:
            times.append((time.perf_counter() - start) * 1000)
        assert answer.status_code == 201, answer.get_json()
    return statistics.median(times)


if __name__ == "__main__":
    main()
