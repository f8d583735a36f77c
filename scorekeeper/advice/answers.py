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

from ..rules import get_game
from ..rules.cards import Card, parse_cards
from ..rules.casino.options import parse_options as casino_options
from ..rules.casino.position import parse_position as parse_casino_position
from ..rules.errors import InvalidInput
from ..rules.fields import integer, record, required
from ..rules.fifty_six.options import parse_options as fifty_six_options
from ..rules.fifty_six.trick import parse_position as parse_trick
from ..rules.seep.position import parse_position as parse_seep_position
from ..rules.table import Table
from . import casino, casino_hidden, fifty_six, fifty_six_hidden, seep
from .advisor import Advice, Ranked, advise, deadline_for
from .review import Moment, Review, review
from .search import OpenDeal

JSON = dict[str, Any]
BUDGET_MS = 1000  # API.md: 1 to 2000, 1000 by default
MOST_BUDGET_MS = 2000
PLAYERS = 4  # a history's players when the request does not say
PLAYS_ANY = 10**6  # no bound on the plays a review searches to the end
REVIEW_BUDGET = 8.0  # seconds for a whole deal's review


@dataclass(frozen=True)
class Samples:
    """A request's open deals, drawn without end; whether any card is hidden; and, in
    Fifty-six, whether the contract is made on a sample after a move of a value."""

    deals: Iterator[OpenDeal[Any]]
    hidden: bool
    made: Callable[[Any, float], bool] | None = None


FromPosition = Callable[[object, Mapping[str, Any], Sequence[Card], random.Random], Samples]
# The table seated and the session's options read (the defaults for those not named) by the
# game's own registry entry, then the deal so far and the mover's hand.
FromHistory = Callable[
    [Table, Mapping[str, Any], Mapping[str, Any], Sequence[object], Sequence[Card], random.Random],
    Samples,
]
Moments = Callable[[Table, Mapping[str, Any], Mapping[str, Any], Sequence[object]], list[Moment]]


@dataclass(frozen=True)
class AdviceRules:
    """One game's advice: samples from a position and the cards seen, or from a live deal so
    far and the mover's hand; a finished live deal as moments."""

    from_position: FromPosition
    from_history: FromHistory
    moments: Moments
    # A review searches each seat's last this many plays to the end. Past `exact_sure` plays in
    # all, it does so only while the time allowed lasts (review.py), else estimates them:
    # Casino's last 12 plays of four players alone took up to 80 s (measured on 20 deals, a
    # median of 7 s), its last 9 about 2 s, and four in partnerships' last 12 about 1 s.
    exact_a_seat: int = 3
    exact_sure: int | None = None


def _seep_from_position(
    raw: object, options: Mapping[str, Any], seen: Sequence[Card], rng: random.Random
) -> Samples:
    position = parse_seep_position(raw)
    check_apart(position.hand, seen)
    return _samples(seep.sampled(position, seen, rng))


def _seep_from_history(
    table: Table,
    rules: Mapping[str, Any],
    start: Mapping[str, Any],
    plays: Sequence[object],
    hand: Sequence[Card],
    rng: random.Random,
) -> Samples:
    position, seen, capturer = seep.from_history(table, rules, start, plays, hand)
    return _samples(seep.sampled(position, seen, rng, capturer))


def _casino_from_position(
    raw: object, options: Mapping[str, Any], seen: Sequence[Card], rng: random.Random
) -> Samples:
    position = parse_casino_position(raw)
    check_apart(position.hand, seen)
    known = casino_hidden.Known(casino_options(options))
    return _samples(casino_hidden.sampled(position, seen, rng, known))


def _casino_from_history(
    table: Table,
    rules: Mapping[str, Any],
    start: Mapping[str, Any],
    plays: Sequence[object],
    hand: Sequence[Card],
    rng: random.Random,
) -> Samples:
    position, seen, known = casino_hidden.from_history(table, rules, start, plays, hand)
    return _samples(casino_hidden.sampled(position, seen, rng, known))


def _fifty_six_from_position(
    raw: object, options: Mapping[str, Any], seen: Sequence[Card], rng: random.Random
) -> Samples:
    if isinstance(raw, Mapping) and raw.get("phase") == "auction":
        raise InvalidInput("bad-position", "advice-auction-position")
    position = fifty_six_hidden.from_trick(parse_trick(raw), fifty_six_options(options))
    return _samples(fifty_six_hidden.sampled(position, seen, rng))


def _fifty_six_from_history(
    table: Table,
    rules: Mapping[str, Any],
    start: Mapping[str, Any],
    plays: Sequence[object],
    hand: Sequence[Card],
    rng: random.Random,
) -> Samples:
    position, seen, voids, target = fifty_six_hidden.from_history(table, rules, start, plays, hand)
    deals = fifty_six_hidden.sampled(position, seen, rng, voids, target)
    return _samples(deals, target.made)


def _samples(
    deals: Iterator[OpenDeal[Any]], made: Callable[[Any, float], bool] | None = None
) -> Samples:
    """The samples, with the first drawn already to see whether any card is hidden."""
    first = next(deals)
    return Samples(_again(first, deals), _hides(first), made)


def _again(first: OpenDeal[Any], rest: Iterator[OpenDeal[Any]]) -> Iterator[OpenDeal[Any]]:
    """The first sample (already drawn to see whether anything is hidden), then the rest."""
    yield first
    yield from rest


def _hides(deal: Any) -> bool:
    """Whether any card other than the mover's lies in a hand or is still to be dealt (every
    game's open deal holds `hands` by seat and says its `seat`; Seep and Casino deal `later`)."""
    others = any(hand for seat, hand in enumerate(deal.hands) if seat != deal.seat)
    return others or any(getattr(deal, "later", ()))


def check_apart(hand: Sequence[Card], seen: Sequence[Card]) -> None:
    """A card both held and seen out of play cannot be (one pack: Seep and Casino)."""
    both = next((card for card in hand if card in set(seen)), None)
    if both is not None:
        raise InvalidInput("bad-position", "advice-seen-held", card=both.pretty)


GAMES: dict[str, AdviceRules] = {
    "seep": AdviceRules(_seep_from_position, _seep_from_history, seep.moments, exact_a_seat=3),
    "fifty-six": AdviceRules(
        _fifty_six_from_position, _fifty_six_from_history, fifty_six.moments, exact_a_seat=3
    ),
    "casino": AdviceRules(
        _casino_from_position, _casino_from_history, casino.moments, exact_a_seat=3, exact_sure=9
    ),
}


def budget_of(body: Mapping[str, Any]) -> float:
    """The request's time budget in seconds (API.md: 1 to 2000 ms, 1000 by default)."""
    return integer(body.get("budget_ms", BUDGET_MS), "budget_ms", 1, MOST_BUDGET_MS) / 1000


def advice_json(advice: Advice) -> JSON:
    """The advice as the API answers it: the moves best first, the samples, exactness."""
    moves = [_ranked_json(r) for r in advice.moves]
    return {"moves": moves, "samples": advice.samples, "exact": advice.exact}


def _ranked_json(ranked: Ranked) -> JSON:
    """A ranked move; in Fifty-six with the chance that the contract is made."""
    answer = {
        "move": move_json(ranked.move),
        "margin": ranked.margin,
        "interval": [ranked.low, ranked.high],
    }
    if ranked.made is not None:
        answer["made"] = ranked.made
    return answer


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


def advise_request(
    game: str, body: Mapping[str, Any], seed: int, begun: float | None = None
) -> JSON:
    """POST /advice's work, as a worker process does it: read, sample, search, answer, within
    the budget from `begun` (a time of time.monotonic, which every process of the machine
    shares: the request's arrival, so that the hand-over to the worker counts too)."""
    begun = time.monotonic() if begun is None else begun
    rng = random.Random(seed)
    options = body.get("options") or {}
    if "history" in body:
        samples = _from_history(game, body, options, rng)
    elif "position" in body:
        seen = parse_cards(body.get("seen", []), "seen")
        samples = GAMES[game].from_position(body["position"], options, seen, rng)
    else:
        raise InvalidInput("missing-field", "advice-position-or-history")
    deadline = deadline_for(begun, budget_of(body))
    return advice_json(advise(samples.deals, deadline, samples.hidden, made=samples.made))


def with_dealer(start: dict[str, Any], plays: list[object], players: int) -> dict[str, Any]:
    """The start with its dealer, which a history may leave out (there is no session to say
    it): the seat before the bidder (Seep, S1), else before the first play's seat, else the
    last seat (so that seat 0 plays first)."""
    if "dealer" in start:
        return start
    bid, first = start.get("bid"), plays[0] if plays else None
    before = [
        found["seat"]
        for found in (bid, first)
        if isinstance(found, dict) and type(found.get("seat")) is int
    ]
    return start | {"dealer": (before[0] - 1) % players if before else players - 1}


def _from_history(
    game: str, body: Mapping[str, Any], options: object, rng: random.Random
) -> Samples:
    """The samples of a request's history and hand, the table seated as the session's options
    and the engine's game say."""
    history = record(body["history"], "history", ("start", "plays"))
    start, plays = required(history, "start", "history"), required(history, "plays", "history")
    if not isinstance(start, dict):
        raise InvalidInput("bad-field", "not-object", what="start")
    if not isinstance(plays, list):
        raise InvalidInput("bad-field", "advice-plays-not-list")
    players = integer(body.get("players", PLAYERS), "players", 2, 8)
    hand = parse_cards(required(body, "hand", "A request for advice"), "hand")
    engine = get_game(game)
    rules = engine.parse_options(options)  # the session's: the defaults for those not named
    table = engine.table_for(players, rules)
    start = with_dealer(start, plays, players)
    return GAMES[game].from_history(table, rules, start, unnumbered(plays), hand, rng)


def unnumbered(plays: list[object]) -> list[object]:
    """A history's plays without their numbers (as posted to a live deal: their order says)."""
    return [
        {k: v for k, v in play.items() if k != "number"} if isinstance(play, dict) else play
        for play in plays
    ]


def ready() -> bool:
    """A search worker's first task (web/workers.py's warm): nothing, once this module, and with
    it the whole search, is imported."""
    return True


def review_deal(
    game: str,
    table: Table,
    options: Mapping[str, Any],
    start: Mapping[str, Any],
    plays: Sequence[object],
    deal_id: int,
    budget: float = REVIEW_BUDGET,
) -> JSON:
    """A finished live deal's review, as a worker process works it out in about `budget`
    seconds (the plays near the end are searched exactly whatever it is)."""
    found = GAMES[game].moments(table, options, start, plays)
    tried, sure = exact_plays(game, table.seats)
    return review_json(deal_id, review(found, budget, tried, sure))


def exact_plays(game: str, seats: int) -> tuple[int, int]:
    """How many of a deal's last plays the game's review searches to the end: tried, and
    sure (whatever it takes)."""
    rules = GAMES[game]
    tried = rules.exact_a_seat * seats
    return tried, min(tried, rules.exact_sure or PLAYS_ANY)
