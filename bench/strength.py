"""How strong the advisor is (issue 38): `make strength`, not part of `make bench` or the tests.

The advisor plays whole deals against two baselines, each deal dealt twice with the same cards:
the advisor's side sits in team 0, then in team 1, so the luck of the cards cancels out in the
pair. The advisor knows only what its seat can know: each of its decisions goes through the
game's `from_history` (answers.GAMES, what POST /api/v1/advice runs with a `history`) with the
deal so far as the table records it and its own hand, then `advise` within the budget; the best
move is played. Every play, the advisor's and the baseline's, goes through the game's live rules
(rules/*/live.py), which check it as the API would, and the deal is scored from their record.

Baselines, for the seats of the other side:

- random: a legal move chosen uniformly (seeded per deal and seating);
- greedy: the legal move that scores most at once. Seep: captured card points plus the sweep
  (C3, C4); Casino: the K11 points among the cards captured (aces, 10♦, 2♠; sweeps are off by
  default, K12); Fifty-six: the trick's points if the card leaves the trick won by the mover's
  side so far, else minus them (F13, F14). Ties go to more cards captured (Seep, Casino), then
  to the fewest points put on the floor by a card that captures nothing; in Fifty-six to the
  lowest card (F5); and then to the first move in the engine's order.

Per game (default options everywhere):

- Seep, four players (partners opposite, S1): the advisor and its partner against two of a
  baseline. The dealer is the deal's number mod 4 (M5's choice of dealer is not followed, so
  that each deal is the same in both seatings); the bidder bids the highest value 9–13 it
  holds (a fixed rule whoever bids, S2); its opening play is its side's choice (S3). Margin:
  the deal's points (cards and sweeps, E2). Baazis: each seating's deals played in order as a
  session of their own (M1–M3: target 100, under 9 with sweeps), the baazis each side won.
- Casino, two players alone (K1): margin in K11 points per deal; games: each seating's deals
  in order as a race to 21 (K13), a new race once one is won.
- Fifty-six, four players in two sides (F2): card play only. The contract is set by a fixed
  rule: the seat after the dealer (the dealer is the deal's number mod 4) bids 28 in its
  longest suit (ties: the suit with more card points, then ♠ ♥ ♦ ♣) and everyone else passes
  (F8, F10). So the advisor declares in one seating and defends in the other. Margin: card
  points (F14); the share of contracts made when the advisor declares, and when the baseline
  does.

Intervals are 95%: the mean margin's over the pairs (each pair's two seatings averaged first;
a normal interval, the pairs being hundreds), shares by Wilson's interval (treating baazis and
games as independent, which is roughly so). `python bench/strength.py --deals 4` is a quick run.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Run as a script (bench/strength.py), the path holds bench/, not this tree: put the tree first
# (the shared venv's editable install may name another checkout).
if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.advice.advisor import advise, deadline_for
from scorekeeper.advice.answers import GAMES
from scorekeeper.advice.casino import card_points as casino_points
from scorekeeper.rules.cards import Card, Suit
from scorekeeper.rules.casino import options as casino_options
from scorekeeper.rules.casino import play as casino_play
from scorekeeper.rules.casino import selfplay as casino_selfplay
from scorekeeper.rules.casino.generate import legal_moves as casino_moves
from scorekeeper.rules.casino.live import LIVE as CASINO_LIVE
from scorekeeper.rules.casino.position import Position as CasinoPosition
from scorekeeper.rules.casino.score import TARGET, deal_points, race
from scorekeeper.rules.fifty_six import options as fifty_six_options
from scorekeeper.rules.fifty_six import selfplay as fifty_six_selfplay
from scorekeeper.rules.fifty_six.cards import card_points as fifty_six_points
from scorekeeper.rules.fifty_six.cards import strength
from scorekeeper.rules.fifty_six.live import LIVE as FIFTY_SIX_LIVE
from scorekeeper.rules.fifty_six.trick import TrickPosition, legal_cards, winner
from scorekeeper.rules.seep import options as seep_options
from scorekeeper.rules.seep import selfplay as seep_selfplay
from scorekeeper.rules.seep.cards import card_points as seep_points
from scorekeeper.rules.seep.generate import legal_moves as seep_moves
from scorekeeper.rules.seep.live import LIVE as SEEP_LIVE
from scorekeeper.rules.seep.play import apply as seep_apply
from scorekeeper.rules.seep.position import Position as SeepPosition
from scorekeeper.rules.seep.record import SeepDeal, from_stored
from scorekeeper.rules.seep.score import deal_result
from scorekeeper.rules.table import Table

OPPONENTS = ("greedy", "random")
GAME_NAMES = ("seep", "casino", "fifty-six")
# Pairs of deals per opponent. Seep's 500 is the floor; Casino and Fifty-six get what
# is left of an hour on two cores at the default budget.
DEALS = {"seep": 500, "casino": 200, "fifty-six": 200}
BUDGET_MS = 80
PROCESSES = 2
Z95 = 1.96
BID_56 = 28  # F8: the lowest bid, the fixed rule's contract
TABLES = {"seep": Table(2, 2), "casino": Table(2, 1), "fifty-six": Table(2, 2)}
OPTIONS = {
    "seep": seep_options.parse_options({}),
    "casino": casino_options.parse_options({}),
    "fifty-six": fifty_six_options.parse_options({}),
}
LIVES: dict[str, Any] = {"seep": SEEP_LIVE, "casino": CASINO_LIVE, "fifty-six": FIFTY_SIX_LIVE}


@dataclass(frozen=True)
class Seating:
    """One deal played in one seating: each team's points and what the advisor's seats spent."""

    advisor: int  # the advisor's team
    points: tuple[int, int]  # by team
    times: tuple[float, ...]  # seconds per advised decision (a forced move is not asked)
    start: dict[str, Any]  # the deal's start as the table records it
    deal: SeepDeal | None = None  # Seep: the record, for the baazis
    declarer: int | None = None  # Fifty-six: the contracting team
    made: bool | None = None  # Fifty-six: whether the contract was made

    @property
    def margin(self) -> int:
        """The advisor's team's points minus the baseline's."""
        return self.points[self.advisor] - self.points[1 - self.advisor]


Pair = tuple[Seating, Seating]  # the advisor in team 0, then in team 1, with the same cards


@dataclass
class Seats:
    """Who plays one seating, and the deal so far as the table records it (start and plays),
    each play checked by the game's live rules as the API checks it."""

    game: str
    advisor: int
    opponent: str
    budget: float
    rng: random.Random
    state: Any = None
    start: dict[str, Any] = field(default_factory=dict)
    plays: list[dict[str, Any]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def begin(self, start: dict[str, Any]) -> None:
        """The deal's start, before any play."""
        self.start = start
        self.state = LIVES[self.game].begin(TABLES[self.game], OPTIONS[self.game], start)

    def record(self, play: dict[str, Any]) -> None:
        """One play (or Fifty-six call), refused by the live rules if the table would refuse it."""
        self.state = self.state.play(play)
        self.plays.append(play)

    def choose(
        self, seat: int, hand: Sequence[Card], moves: Sequence[Any], greedy: Callable[[], Any]
    ) -> Any:
        """The move of `seat`: the advisor's or the baseline's (`greedy` finds the greedy one)."""
        if TABLES[self.game].team_of(seat) == self.advisor:
            return self.advised(hand, moves)
        return greedy() if self.opponent == "greedy" else self.rng.choice(moves)

    def advised(self, hand: Sequence[Card], moves: Sequence[Any]) -> Any:
        """The advisor's best move from the deal so far and `hand` alone, within the budget."""
        if len(moves) == 1:
            return moves[0]  # nothing to decide: not timed
        begun = time.monotonic()
        rng = random.Random(self.rng.getrandbits(32))
        table, options = TABLES[self.game], OPTIONS[self.game]  # the API's defaults
        samples = GAMES[self.game].from_history(table, options, self.start, self.plays, hand, rng)
        deadline = deadline_for(begun, self.budget)
        advice = advise(samples.deals, deadline, samples.hidden, made=samples.made)
        self.times.append(time.monotonic() - begun)
        move = advice.moves[0].move
        assert move in moves, f"advised {move}, not a legal move"
        return move


def seats_for(game: str, index: int, advisor: int, opponent: str, budget: float) -> Seats:
    """The players of one seating, the random baseline seeded by the deal and the seating."""
    rng = random.Random(f"{game}:{index}:{advisor}:{opponent}")
    return Seats(game, advisor, opponent, budget, rng)


# -- Seep ---------------------------------------------------------------------------------------


def seep_gain(position: SeepPosition, move: Any) -> tuple[int, int, int]:
    """Greedy's measure: points now (C3, C4), cards taken, minus points left on the floor."""
    outcome = seep_apply(position, move)
    if outcome.captured:
        return seep_points(outcome.captured) + outcome.sweep_points, len(outcome.captured), 0
    return 0, 0, -seep_points([move.card])


def seep_greedy(position: SeepPosition, moves: Sequence[Any]) -> Any:
    """The move that scores most now; max keeps the first of equals (the engine's order)."""
    return max(moves, key=lambda move: seep_gain(position, move))


def top_bid(hand: tuple[Card, ...], rng: random.Random) -> int:
    """S2: the highest value 9–13 in the bidder's hand (a fixed rule, whoever bids)."""
    return max(seep_selfplay.bids(hand))


def seep_seating(index: int, advisor: int, opponent: str, budget: float) -> Seating:
    """One Seep deal (four players) in one seating; the dealer is the deal's number mod 4."""
    seats = seats_for("seep", index, advisor, opponent, budget)
    dealer = index % 4

    def policy(position: SeepPosition, _: random.Random) -> Any:
        if seats.state is None:
            floor = [str(card) for card in position.loose]
            bid = {"seat": position.seat, "value": position.opening_bid}
            seats.begin({"dealer": dealer, "bid": bid, "floor": floor})
        moves = list(seep_moves(position))
        move = seats.choose(
            position.seat, position.hand, moves, lambda: seep_greedy(position, moves)
        )
        seats.record({"seat": position.seat, **move.to_json()})
        return move

    rng = random.Random(f"seep:{index}")  # the cards only: the players draw from their own
    played = seep_selfplay.play_deal(rng, dealer, 4, policy=policy, bidder_policy=top_bid)
    deal = from_stored(seats.state.record())
    assert deal.points() == played.record.points(), "the live rules and self-play disagree"
    return Seating(advisor, deal.points(), tuple(seats.times), seats.start, deal=deal)


def baazis(seatings: Iterable[Seating]) -> tuple[int, int]:
    """The baazis won by the advisor's side and by the baseline's, the deals played in order
    as one session (M1–M3, the default target and under-9 rule)."""
    lead, won = 0, [0, 0]
    for seating in seatings:
        assert seating.deal is not None
        lead, baazi = deal_result(seating.deal, lead, OPTIONS["seep"])
        if baazi is not None:
            won[0 if baazi.winner == seating.advisor else 1] += 1
    return won[0], won[1]


# -- Casino -------------------------------------------------------------------------------------


def casino_gain(position: CasinoPosition, move: Any) -> tuple[int, int, int, int]:
    """Greedy's measure: K11 points taken now, cards taken, spades taken, minus the points of
    a card that captures nothing (sweeps score only with the option on, K12: off here)."""
    taken = casino_play.apply(position, move).captured
    if not taken:
        return 0, 0, 0, -casino_points([move.card])
    spades = sum(card.suit is Suit.SPADES for card in taken)
    return casino_points(taken), len(taken), spades, 0


def casino_greedy(position: CasinoPosition, moves: Sequence[Any]) -> Any:
    """The move that scores most now; the first of equals in the engine's order."""
    return max(moves, key=lambda move: casino_gain(position, move))


def casino_seating(index: int, advisor: int, opponent: str, budget: float) -> Seating:
    """One Casino deal (two players) in one seating; seat 0 plays first (K1)."""
    seats = seats_for("casino", index, advisor, opponent, budget)

    def policy(position: CasinoPosition, _: random.Random) -> Any:
        if seats.state is None:
            seats.begin({"dealer": 1, "table": [str(card) for card in position.loose]})
        moves = list(casino_moves(position))
        move = seats.choose(
            position.seat, position.hand, moves, lambda: casino_greedy(position, moves)
        )
        seats.record({"seat": position.seat, **move.to_json()})
        return move

    casino_selfplay.play_deal(random.Random(f"casino:{index}"), 2, policy=policy)
    points, _ = deal_points(seats.state.record(), 2)
    return Seating(advisor, (points[0], points[1]), tuple(seats.times), seats.start)


def games_won(seatings: Iterable[Seating]) -> tuple[int, int]:
    """The games to 21 won by the advisor and by the baseline, the deals in order (K13)."""
    totals, won = [0, 0], [0, 0]
    for seating in seatings:
        mine = seating.points[seating.advisor]
        totals = [totals[0] + mine, totals[1] + seating.points[1 - seating.advisor]]
        first = race(totals)
        if first is not None:
            won[first] += 1
            totals = [0, 0]
    return won[0], won[1]


# -- Fifty-six ----------------------------------------------------------------------------------


def trump_of(hand: Sequence[Card]) -> Suit:
    """The fixed bidding rule's trump: the longest suit, then the one with more card points,
    then the first in ♠ ♥ ♦ ♣ order (max keeps the first of equals)."""

    def weight(suit: Suit) -> tuple[int, int]:
        cards = [card for card in hand if card.suit is suit]
        return len(cards), fifty_six_points(cards)

    return max(Suit, key=weight)


def contract_calls(bidder: int, trump: Suit) -> list[dict[str, Any]]:
    """The auction: the seat after the dealer bids 28, the other three pass (F8, F10)."""
    passes = [{"seat": (bidder + n) % 4, "call": "pass"} for n in range(1, 4)]
    return [{"seat": bidder, "call": "bid", "value": BID_56, "trump": trump.value}, *passes]


def trick_gain(position: TrickPosition, card: Card) -> tuple[int, int]:
    """Greedy's measure: the trick's points if the card leaves it won by the mover's side so
    far, else minus them (sides alternate round the table, F2); then the lower card."""
    trick = (*position.trick, card)
    ours = (len(position.trick) - winner(trick, position.trump)) % 2 == 0
    points = fifty_six_points(trick)
    return points if ours else -points, -strength(card)


def fifty_six_greedy(position: TrickPosition, cards: Sequence[Card]) -> Card:
    """The card that scores most now; the first of equals in hand order."""
    return max(cards, key=lambda card: trick_gain(position, card))


def fifty_six_seating(index: int, advisor: int, opponent: str, budget: float) -> Seating:
    """One Fifty-six deal (four players, two sides) in one seating, its contract set by the
    fixed rule; the dealer is the deal's number mod 4."""
    seats = seats_for("fifty-six", index, advisor, opponent, budget)
    table, dealer = TABLES["fifty-six"], index % 4
    bidder = table.after(dealer)
    seed = f"fifty-six:{index}"
    # The same seed deals the same hands again inside play_deal: the bid needs them first.
    hands = fifty_six_selfplay.deal_hands(random.Random(seed), 4, dealer)
    trump = trump_of(hands[bidder])
    seats.begin({"dealer": dealer})
    for call in contract_calls(bidder, trump):
        seats.record(call)

    def policy(position: TrickPosition, _: random.Random) -> Card:
        seat = seats.state.next_seat
        cards = list(legal_cards(position))
        card: Card = seats.choose(
            seat, position.hand, cards, lambda: fifty_six_greedy(position, cards)
        )
        seats.record({"seat": seat, "card": str(card)})
        return card

    played = fifty_six_selfplay.play_deal(random.Random(seed), table, dealer, trump, None, policy)
    assert played.hands == hands
    points = seats.state.points()
    declarer = table.team_of(bidder)
    made = points[declarer] >= BID_56  # F14
    times = tuple(seats.times)
    return Seating(advisor, (points[0], points[1]), times, seats.start, None, declarer, made)


# -- the run ------------------------------------------------------------------------------------

SEATINGS: dict[str, Callable[[int, int, str, float], Seating]] = {
    "seep": seep_seating,
    "casino": casino_seating,
    "fifty-six": fifty_six_seating,
}


def play_pair(game: str, opponent: str, index: int, budget: float) -> Pair:
    """Deal `index` of `game` against `opponent`, the advisor in team 0 and then in team 1."""
    play = SEATINGS[game]
    return play(index, 0, opponent, budget), play(index, 1, opponent, budget)


def _task(task: tuple[str, str, int, float]) -> tuple[str, str, Pair]:
    """A worker's job: one pair of deals."""
    game, opponent, index, budget = task
    return game, opponent, play_pair(game, opponent, index, budget)


def run(
    deals: dict[str, int], budget: float, processes: int, log: Callable[[str], None]
) -> dict[tuple[str, str], list[Pair]]:
    """Every game's pairs against every opponent, in deal order, on `processes` processes."""
    tasks = [
        (game, opponent, index, budget)
        for game, count in deals.items()
        for index in range(count)
        for opponent in OPPONENTS
    ]
    found: dict[tuple[str, str], list[Pair]] = {}
    begun = time.monotonic()
    with multiprocessing.Pool(processes) if processes > 1 else _InProcess() as pool:
        for done, (game, opponent, pair) in enumerate(pool.imap(_task, tasks), start=1):
            found.setdefault((game, opponent), []).append(pair)
            if done % 50 == 0 or done == len(tasks):
                log(f"{done}/{len(tasks)} pairs, {time.monotonic() - begun:.0f} s")
    return found


class _InProcess:
    """A pool's imap in this process (one process: the tests, a profiler)."""

    def __enter__(self) -> _InProcess:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def imap(self, function: Callable[[Any], Any], items: Iterable[Any]) -> Iterable[Any]:
        """Each item's result, in order."""
        return map(function, items)


# -- the report ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One line of the report: a game against one opponent."""

    game: str
    opponent: str
    pairs: int
    mean: float
    low: float
    high: float
    share: str  # baazis, games or contracts made, with intervals
    median_ms: float
    decisions: int


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean with a normal 95% interval (a point for fewer than two values)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def wilson(k: int, n: int) -> tuple[float, float, float]:
    """The share k/n with Wilson's 95% interval (0, 0, 1 when n is 0)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = k / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return p, centre - half, centre + half


def share_text(name: str, k: int, n: int) -> str:
    """`name k/n = p% [low–high%]`."""
    p, low, high = wilson(k, n)
    return f"{name} {k}/{n} = {p:.0%} [{low:.0%}–{high:.0%}]"


def share_of(game: str, opponent: str, pairs: Sequence[Pair]) -> str:
    """The report's share column for a game: baazis, games to 21 or contracts made."""
    if game == "seep":
        sessions = [baazis(pair[seat] for pair in pairs) for seat in (0, 1)]
        won, lost = sum(s[0] for s in sessions), sum(s[1] for s in sessions)
        return share_text("baazis won", won, won + lost)
    if game == "casino":
        games = [games_won(pair[seat] for pair in pairs) for seat in (0, 1)]
        won, lost = sum(g[0] for g in games), sum(g[1] for g in games)
        return share_text(f"games to {TARGET} won", won, won + lost)
    declaring = [s for pair in pairs for s in pair if s.declarer == s.advisor]
    defending = [s for pair in pairs for s in pair if s.declarer != s.advisor]
    ours = share_text(
        "made declaring: advisor", sum(bool(s.made) for s in declaring), len(declaring)
    )
    theirs = share_text(opponent, sum(bool(s.made) for s in defending), len(defending))
    return f"{ours}; {theirs}"


def row_of(game: str, opponent: str, pairs: Sequence[Pair]) -> Row:
    """A game's line against one opponent: each pair's seatings averaged first."""
    mean, low, high = interval([(a.margin + b.margin) / 2 for a, b in pairs])
    times = [t for pair in pairs for seating in pair for t in seating.times]
    median = statistics.median(times) * 1000 if times else 0.0
    share = share_of(game, opponent, pairs)
    return Row(game, opponent, len(pairs), mean, low, high, share, median, len(times))


def report(found: dict[tuple[str, str], list[Pair]]) -> list[Row]:
    """The rows, game by game and opponent by opponent."""
    return [row_of(game, opponent, pairs) for (game, opponent), pairs in found.items()]


def markdown(rows: Sequence[Row]) -> str:
    """The report as a Markdown table."""
    lines = [
        "| game | opponent | deals (pairs) | mean margin / deal | 95% CI "
        "| baazis / games / contracts made | decisions | median ms |",
        "|---|---|---:|---:|---|---|---:|---:|",
    ]
    for r in rows:
        ci = f"[{r.low:+.2f}, {r.high:+.2f}]"
        lines.append(
            f"| {r.game} | {r.opponent} | {r.pairs} | {r.mean:+.2f} | {ci} | {r.share} "
            f"| {r.decisions} | {r.median_ms:.0f} |"
        )
    return "\n".join(lines)


def arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line: --deals, --budget-ms, --game, --processes."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, help="pairs per opponent (default: per game)")
    parser.add_argument("--budget-ms", type=int, default=BUDGET_MS, help="per decision")
    parser.add_argument("--game", choices=GAME_NAMES, action="append", help="repeatable")
    parser.add_argument("--processes", type=int, default=PROCESSES)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the games and print the table."""
    args = arguments(argv)
    deals = {game: args.deals or DEALS[game] for game in args.game or GAME_NAMES}
    begun = time.monotonic()

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    found = run(deals, args.budget_ms / 1000, args.processes, log)
    wall = time.monotonic() - begun
    print(f"Advisor strength (issue 38): budget {args.budget_ms} ms a decision, ", end="")
    print(f"{args.processes} processes; pairs per opponent: {deals}")
    print(markdown(report(found)))
    print(f"wall time: {wall / 60:.1f} min")


if __name__ == "__main__":
    main()
