"""deal-derive.js, the step a phone takes for each deal it keeps offline, agrees with the engine's
standing deal after deal: Seep's lead and dealer (M1–M3, M5), Fifty-six's tables and dealer (F6,
F7, F10, F14–F17), Casino's scores, winner and dealer (K11–K13). Random sessions, folded both
ways."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from playwright.sync_api import Page

from scorekeeper.rules.casino.score import standing as casino_standing
from scorekeeper.rules.fifty_six.score import standing as fifty_six_standing
from scorekeeper.rules.seep.cards import POINT_CARDS, POINTS
from scorekeeper.rules.seep.record import SWEEP_POINTS
from scorekeeper.rules.seep.score import standing as seep_standing
from scorekeeper.rules.table import Table
from scorekeeper.sessions.games.casino import page as casino
from scorekeeper.sessions.games.fifty_six import page as fifty_six
from scorekeeper.sessions.games.seep import page as seep

pytestmark = pytest.mark.browser

FOLD = """async ([game, start, deals, page]) => {
  const { STEPS } = await import("/static/js/deal-derive.js");
  const after = [];
  let derive = start;
  for (const fields of deals) after.push(derive = STEPS[game](derive, fields, page));
  return after;
}"""
PAGE = {"points": {str(c): v for c, v in POINTS.items()}, "sweepPoints": SWEEP_POINTS}


def fold(phone: Page, game: str, start: dict[str, Any], deals: list[list[list[str]]]) -> Any:
    """What deal-derive.js answers after each deal, from the derivation `start`."""
    return phone.evaluate(FOLD, [game, start, deals, PAGE])


def seep_deal(rng: random.Random, seats: int) -> tuple[dict[str, Any], list[list[str]]]:
    """A random Seep deal: its record, and the form fields that enter it."""
    teams = {str(card): rng.choice((0, 1)) for card in POINT_CARDS}
    sweeps = [{"team": rng.choice((0, 1)), "when": "play"} for _ in range(rng.choice((0, 0, 1, 2)))]
    fields = [[f"card_{card}", str(team)] for card, team in teams.items()]
    fields += [[f"sweeps{t}", str(sum(s["team"] == t for s in sweeps))] for t in (0, 1)]
    for when, name in (("opening", "opening_sweep"), ("last", "last_sweep")):
        team = rng.choice(("", "", "", "0", "1"))
        fields.append([name, team])
        if team:
            sweeps.append({"team": int(team), "when": when})
    captured = [[c for c, t in teams.items() if t == team] for team in (0, 1)]
    record: dict[str, Any] = {"captured": captured, "sweeps": sweeps}
    dealer = rng.choice([None, *range(seats)])
    fields.append(["dealer", "" if dealer is None else str(dealer)])
    if dealer is not None:
        record["dealer"] = dealer
    return record, fields


@pytest.mark.parametrize(("seats", "target", "under9"), [(4, 100, "sweeps"), (2, 50, "cards")])
def test_seep_lead_and_dealer_agree_with_the_engine(
    live_server: str, phone: Page, seats: int, target: int, under9: str
) -> None:
    rng = random.Random(seats * target)
    table = Table(2, seats // 2)
    options = {"target": target, "baazis": None, "under9": under9}
    room = SimpleNamespace(table=table, options=options)
    records, fields = zip(*(seep_deal(rng, seats) for _ in range(150)), strict=True)
    phone.goto(live_server + "/")
    start = seep.derive(room, seep_standing(table, options, []))
    answered = fold(phone, "seep", start, list(fields))
    for n, got in enumerate(answered, 1):
        now = seep.derive(room, seep_standing(table, options, records[:n]))
        assert (got["dealer"], got["lead"]) == (now["dealer"], now["lead"]), f"after deal {n}"


def fifty_six_deal(rng: random.Random, table: Table, won: bool) -> tuple[dict[str, Any], Any]:
    """A random Fifty-six deal (a new game once one is won): its record, and its form fields."""
    points = rng.randint(0, 56)
    dealer = rng.choice([None, *range(table.seats)])
    record: dict[str, Any] = {"contract": None, "points": points}
    fields = [["points", str(points)], ["dealer", "" if dealer is None else str(dealer)]]
    fields.append(["new_game", "1" if won else ""])
    if won:
        record["new_game"] = True
    if dealer is not None:
        record["dealer"] = dealer
    if rng.random() < 0.3:
        fields.append(["outcome", "passed"])
        return record, fields
    seat, value, double = rng.randrange(table.seats), rng.randint(28, 56), rng.choice((0, 1, 2))
    record["contract"] = {"seat": seat, "value": value, "trump": "S", "double": double}
    fields += [["outcome", "bid"], ["seat", str(seat)], ["value", str(value)]]
    return record, [*fields, ["trump", "S"], ["double", str(double)]]


@pytest.mark.parametrize(("teams", "doubling"), [(2, "multiply"), (3, "additive"), (4, "multiply")])
def test_fifty_six_tables_and_dealer_agree_with_the_engine(
    live_server: str, phone: Page, teams: int, doubling: str
) -> None:
    rng = random.Random(teams)
    table = Table(teams, 2)
    options = {"tables": 4, "doubling": doubling, "teams": "sides", "first_dealer": 1}
    room = SimpleNamespace(table=table, options=options)
    records: list[dict[str, Any]] = []
    fields = []
    for _ in range(150):
        won = fifty_six_standing(table, options, records)["winner"] is not None
        record, entered = fifty_six_deal(rng, table, won)
        records.append(record)
        fields.append(entered)
    phone.goto(live_server + "/")
    start = fifty_six.derive(room, fifty_six_standing(table, options, []))
    answered = fold(phone, "fifty-six", start, fields)
    games = 0
    for n, got in enumerate(answered, 1):
        now = fifty_six.derive(room, fifty_six_standing(table, options, records[:n]))
        assert (got["dealer"], got["tables"]) == (now["dealer"], now["tables"]), f"after deal {n}"
        games += records[n - 1].get("new_game", False)
    assert games > 3, "the sessions must win games and start new ones"


def split(rng: random.Random, total: int, sides: int) -> list[int]:
    """`total` cut at random into `sides` counts."""
    cuts = sorted(rng.randint(0, total) for _ in range(sides - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


# A deal that gives the first two sides 4 points each (K11): six of them bring both to 24.
EVEN = {
    "cards": [26, 26],
    "spades": [7, 6],
    "aces": [0, 1, 1, 0],
    "big_casino": 1,
    "little_casino": 0,
}


def casino_deal(
    rng: random.Random, sides: int, sweeps: bool, even: bool = False
) -> tuple[dict[str, Any], Any]:
    """A random Casino deal (or EVEN): its record, and the form fields that enter it (the last
    side's cards left empty at times: the server and the page fill in the rest)."""
    record: dict[str, Any] = {"cards": split(rng, 52, sides), "spades": split(rng, 13, sides)}
    record |= {"aces": [rng.randrange(sides) for _ in range(4)]}
    record |= {"big_casino": rng.randrange(sides), "little_casino": rng.randrange(sides)}
    if even:
        record = EVEN | {name: [*EVEN[name], *[0] * (sides - 2)] for name in ("cards", "spades")}
        sweeps = False
    fields = [
        [f"{name}{s}", str(record[name][s])] for name in ("cards", "spades") for s in range(sides)
    ]
    if rng.random() < 0.3:
        fields[sides - 1][1] = ""
    if sweeps:
        record["sweeps"] = [rng.choice((0, 0, 1, 2, 5)) for _ in range(sides)]
        fields += [[f"sweeps{s}", str(n)] for s, n in enumerate(record["sweeps"])]
    fields += [[f"ace_{suit}", str(s)] for suit, s in zip("SCHD", record["aces"], strict=True)]
    fields += [[name, str(record[name])] for name in ("big_casino", "little_casino")]
    return record, fields


@pytest.mark.parametrize(
    ("sides", "count_out", "sweeps"),
    [(2, "off", "on"), (2, "on", "on"), (3, "off", "off"), (3, "on", "on")],
)
def test_casino_scores_winner_and_dealer_agree_with_the_engine(
    live_server: str, phone: Page, sides: int, count_out: str, sweeps: str
) -> None:
    """K11-K13: each side's score, the winner (by total, first to 21, equal totals playing on,
    or counted out) and the dealer, over many short games."""
    rng = random.Random(sides * 10 + len(count_out))
    table = Table(sides, 1)
    options = {
        "count_out": count_out,
        "sweeps": sweeps,
        "variant": "classic",
        "partnerships": "off",
    }
    room = SimpleNamespace(table=table, options=options)
    phone.goto(live_server + "/")
    start = casino.derive(room, casino_standing(table, options, []))
    seen = {"won": 0, "tied": 0}
    for _ in range(40):
        level = rng.random() < 0.3  # both sides to 24 first: another deal decides (K13)
        deals = [casino_deal(rng, sides, sweeps == "on", level and n < 6) for n in range(8)]
        records, fields = zip(*deals, strict=True)
        answered = fold(phone, "casino", start, list(fields))
        for n, got in enumerate(answered, 1):
            now = casino_standing(table, options, records[:n])
            want = casino.derive(room, now)
            assert (got["scores"], got["winner"], got["dealer"]) == (
                want["scores"],
                want["winner"],
                want["dealer"],
            ), f"after deal {n}"
            seen["tied"] += now["tied"]
        seen["won"] += got["winner"] is not None
    assert seen["won"] > 10, "the games must be won"
    if count_out == "off":  # counting out, one of them reaches 21 first
        assert seen["tied"] > 0, "equal totals past 21 must come up (K13)"


def test_casino_dealer_agrees_with_the_engine(live_server: str, phone: Page) -> None:
    table = Table(3, 1)
    options = {"count_out": "off", "sweeps": "off", "variant": "classic", "partnerships": "off"}
    room = SimpleNamespace(table=table, options=options)
    record = {"cards": [20, 16, 16], "spades": [5, 4, 4], "aces": [0, 1, 2, 0]}
    records = [record | {"big_casino": 0, "little_casino": 1}] * 7
    phone.goto(live_server + "/")
    start = casino.derive(room, casino_standing(table, options, []))
    answered = fold(phone, "casino", start, [[]] * 7)
    dealers = [
        casino.derive(room, casino_standing(table, options, records[:n]))["dealer"]
        for n in range(1, 8)
    ]
    assert [got["dealer"] for got in answered] == dealers
