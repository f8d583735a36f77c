"""Requests for advice that the server answers 200, for each game and each way of asking: a
position with the cards seen, and a live deal so far with the mover's real hand (self-played,
so every hidden card's place agrees with what the table saw)."""

from __future__ import annotations

import copy
import random
from typing import Any

from scorekeeper.api.shapes.advice import CASINO_EXAMPLE, TRICK_EXAMPLE
from scorekeeper.rules.fifty_six.selfplay import play_deal as fifty_six_play
from scorekeeper.rules.seep.selfplay import play_deal as seep_play
from scorekeeper.rules.table import Table
from tests.helpers import live_deals

Json = dict[str, Any]
BUDGET_MS = 30  # quick: these test the answer, not the search
QUICK_REVIEW = 0.3  # seconds of search a review takes in the tests beside its exact end (app: 8)


def seep_position(seed: int = 3, made: int = 30) -> Json:
    """A four-player Seep position after `made` plays, and the cards already out of play."""
    deal = seep_play(random.Random(seed), 0, 4)
    play = deal.plays[made]
    gone = {p.move.card for p in deal.plays[:made]} | set(deal.plays[0].position.loose)
    on_floor = {*play.position.loose, *(c for h in play.position.houses for c in h.cards)}
    seen = sorted(str(c) for c in gone - on_floor)
    return {"game": "seep", "position": play.position.to_json(), "seen": seen}


def seep_history(seed: int = 4, made: int = 10) -> Json:
    """A four-player live Seep deal after `made` plays, and the next mover's hand."""
    start, plays = live_deals.seep(seed)
    hand = seep_play(random.Random(seed), 0, 4).plays[made].position.hand
    numbered = [{"number": n, **p} for n, p in enumerate(plays[:made], start=1)]
    history = {"start": start, "plays": numbered}
    return {"game": "seep", "history": history, "hand": [str(c) for c in hand]}


def fifty_six_position() -> Json:
    """The last trick of a four-player deal: seat 0 led 10H; seat 1 holds JH; seats 2 and 3
    hold QS and 9S (which of them, the advice cannot know): the document's example."""
    return without_budget(TRICK_EXAMPLE)


def fifty_six_history(seed: int = 6, made: int = 9) -> Json:
    """A four-player Fifty-six deal (everyone passing: 28 NT, F10) after `made` cards."""
    start, plays = live_deals.fifty_six(seed, 0, 4)
    played = fifty_six_play(random.Random(seed), Table(2, 2), 0, None)
    cards = [play for trick in played.tricks for play in trick.plays]
    history = {"start": start, "plays": plays[: 4 + made]}
    return {
        "game": "fifty-six",
        "history": history,
        "hand": [str(c) for c in cards[made].position.hand],
    }


def casino_position() -> Json:
    """A two-player Casino deal's first play, nothing seen yet: the document's example."""
    return without_budget(CASINO_EXAMPLE)


def without_budget(body: Json) -> Json:
    """A copy of `body` without its budget."""
    return copy.deepcopy({k: v for k, v in body.items() if k != "budget_ms"})


def casino_history(seed: int = 5, made: int = 13) -> Json:
    """A three-player live Casino deal after `made` plays, and the next mover's hand."""
    start, plays = live_deals.casino(seed, 3)
    hand = live_deals.casino_played(seed, 3).plays[made][0].hand
    history = {"start": start, "plays": plays[:made]}
    return {"game": "casino", "players": 3, "history": history, "hand": [str(c) for c in hand]}


def bodies(game: str) -> list[Json]:
    """The game's requests for advice, each with a quick budget."""
    made = {
        "seep": [seep_position(), seep_history()],
        "fifty-six": [fifty_six_position(), fifty_six_history()],
        "casino": [casino_position(), casino_history()],
    }[game]
    return [body | {"budget_ms": BUDGET_MS} for body in made]
