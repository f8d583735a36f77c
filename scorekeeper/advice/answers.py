"""Advice and reviews as the API answers them (../shared/API.md, "Advice and review"): plain
data in, plain data out, so that a worker process can take the request and give back the
answer. Each game's part is its `AdviceRules` (GAMES, by the engine's game name): how it reads a
position or a deal so far into samples, and a finished live deal into moments to review.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.cards import Card, parse_cards
from ..rules.errors import InvalidInput
from ..rules.fields import integer
from ..rules.seep.options import parse_rule_options
from ..rules.seep.position import parse_position as parse_seep_position
from ..rules.table import Table
from . import seep
from .advisor import Advice, advise, deadline_for
from .review import Moment, Review, review
from .search import OpenDeal

JSON = dict[str, Any]
BUDGET_MS = 1000  # API.md: 1 to 2000, 1000 by default
MOST_BUDGET_MS = 2000
REVIEW_BUDGET = 8.0  # seconds for a whole deal's review


@dataclass(frozen=True)
class Samples:
    """A request's open deals, drawn without end, and whether any card is hidden."""

    deals: Iterator[OpenDeal[Any]]
    hidden: bool


@dataclass(frozen=True)
class AdviceRules:
    """One game's advice: samples from a position and the cards seen, or from a live deal so
    far and the mover's hand; a finished live deal as moments."""

    from_position: Callable[[object, Sequence[Card], random.Random], Samples]
    from_history: Callable[
        [
            int,
            Mapping[str, Any],
            Mapping[str, Any],
            Sequence[object],
            Sequence[Card],
            random.Random,
        ],
        Samples,
    ]
    moments: Callable[[Table, Mapping[str, Any], Mapping[str, Any], Sequence[object]], list[Moment]]
    # A review searches each seat's last this many plays to the end (Seep's are cheap enough
    # for three; Casino's crowded tables make three a minute with four players, so two).
    exact_a_seat: int = 3


def _seep_from_position(raw: object, seen: Sequence[Card], rng: random.Random) -> Samples:
    position = parse_seep_position(raw)
    deals = seep.sampled(position, seen, rng)
    first = next(deals)
    return Samples(_again(first, deals), _hides(first))


def _seep_from_history(
    players: int,
    options: Mapping[str, Any],
    start: Mapping[str, Any],
    plays: Sequence[object],
    hand: Sequence[Card],
    rng: random.Random,
) -> Samples:
    if players not in (2, 4):
        raise InvalidInput("bad-position", "seep-position-players")
    table = Table(2, players // 2)
    rules = parse_rule_options(options)  # the defaults for the rules not named
    position, seen, capturer = seep.from_history(table, rules, start, plays, hand)
    deals = seep.sampled(position, seen, rng, capturer)
    first = next(deals)
    return Samples(_again(first, deals), _hides(first))


def _again(first: OpenDeal[Any], rest: Iterator[OpenDeal[Any]]) -> Iterator[OpenDeal[Any]]:
    """The first sample (already drawn to see whether anything is hidden), then the rest."""
    yield first
    yield from rest


def _hides(deal: seep.SeepOpen) -> bool:
    """Whether any card other than the mover's lies in a hand or is still to be dealt."""
    others = any(hand for seat, hand in enumerate(deal.hands) if seat != deal.seat)
    return others or any(deal.later)


GAMES: dict[str, AdviceRules] = {
    "seep": AdviceRules(_seep_from_position, _seep_from_history, seep.moments, exact_a_seat=3),
}


def budget_of(body: Mapping[str, Any]) -> float:
    """The request's time budget in seconds (API.md: 1 to 2000 ms, 1000 by default)."""
    return integer(body.get("budget_ms", BUDGET_MS), "budget_ms", 1, MOST_BUDGET_MS) / 1000


def advice_json(advice: Advice) -> JSON:
    """The advice as the API answers it: the moves best first, the samples, exactness."""
    moves = [
        {"move": move_json(r.move), "margin": r.margin, "interval": [r.low, r.high]}
        for r in advice.moves
    ]
    return {"moves": moves, "samples": advice.samples, "exact": advice.exact}


def review_json(deal_id: int, done: Review) -> JSON:
    """A deal's review as the API answers it."""
    plays = [
        {
            "number": p.number,
            "seat": p.seat,
            "move": move_json(p.move),
            "best": None if p.best is None else move_json(p.best),
            "loss": p.loss,
            "exact": p.exact,
            "valued": p.valued,
            "legal": p.legal,
        }
        for p in done.plays
    ]
    seats = [{"seat": seat, "loss": loss} for seat, loss in sorted(done.seat_losses().items())]
    return {"deal": deal_id, "plays": plays, "seats": seats, "costliest": done.costliest()}


def move_json(move: Any) -> JSON:
    """A move as the game's move checker writes it (a Fifty-six card as {"card"})."""
    if isinstance(move, Card):
        return {"card": str(move)}
    answer: JSON = move.to_json()
    return answer


def advise_request(game: str, body: Mapping[str, Any], seed: int) -> JSON:
    """POST /advice's work, as a worker process does it: read, sample, search, answer."""
    begun = time.monotonic()
    rules = GAMES[game]
    rng = random.Random(seed)
    if "history" in body:
        history = body["history"]
        players = integer(body.get("players", 4), "players", 2, 8)
        hand = parse_cards(body.get("hand"), "hand")
        samples = rules.from_history(
            players, body.get("options") or {}, history["start"], history["plays"], hand, rng
        )
    else:
        seen = parse_cards(body.get("seen", []), "seen")
        samples = rules.from_position(body.get("position"), seen, rng)
    deadline = deadline_for(begun, budget_of(body))
    return advice_json(advise(samples.deals, deadline, samples.hidden))


def review_deal(
    game: str,
    table: Table,
    options: Mapping[str, Any],
    start: Mapping[str, Any],
    plays: Sequence[object],
    deal_id: int,
) -> JSON:
    """A finished live deal's review, as a worker process works it out."""
    found = GAMES[game].moments(table, options, start, plays)
    exact_left = GAMES[game].exact_a_seat * table.seats
    return review_json(deal_id, review(found, REVIEW_BUDGET, exact_left))
