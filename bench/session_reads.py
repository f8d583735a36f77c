"""How the session API and exports grow with a session's deals: a Seep session of 200 deals
beside one of 2,000.

`make bench` prints, for GET /api/v1/sessions/<id> and each export (JSON and CSV), the median
time of several requests through the WSGI test client in one process, at 200 and at 2,000
deals, and the ratio 2,000 to 200 (targets of issue 23: the API within 12x, each export within
15x; linear would be 10x). The sessions are filled through the model in one transaction, each
deal parsed by the game as an entered one would be.
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Deal, GameSession

from .reads import GAMES, migrated_app, seep_deal, timed

SIZES = (200, 2000)
REPEATS = 20
TARGETS = {"session API": 12.0, "export JSON": 15.0, "export CSV": 15.0}


def session_with_deals(app: Flask, client: FlaskClient, deals: int, rng: random.Random) -> str:
    """A Seep session started through the web form, then given `deals` random deals at once."""
    path, form, _ = GAMES["Seep"]
    session_id: str = client.post(path, data=form).headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        session = GameSession.find(session_id, full=True)
        for serial in range(1, deals + 1):
            record = session.game.parse_deal(seep_deal(rng, {}), session.table, session.options)
            session.all_deals.append(Deal(serial=serial, record=record))
        session.touch()
        db.session.commit()
    return session_id


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
    small, large = SIZES
    print(f"Seep session API and exports, {repeats} requests each, one process (WSGI, SQLite)")
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


if __name__ == "__main__":
    main()
