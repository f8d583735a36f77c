"""Fifty-six played out at random, game after game: `make bench` (or --games N per shape).

For every table shape (4, 6, 8 players; sides or pairs; each doubling rule) the engine plays
whole games — auction outcome drawn at random, every card played by a random legal policy and
checked — and each deal is scored as the score keeper would. It prints, per shape: games and
deals played, deals whose 56 card points were all counted, deals after which the tables still
add up to the teams' starting total, and the time taken.
"""

from __future__ import annotations

import argparse
import random
import time

from scorekeeper.rules.fifty_six.options import parse_options, table_for
from scorekeeper.rules.fifty_six.selfplay import play_game

GAMES = 200
SEED = 56


def run(players: int, teams: str, doubling: str, games: int) -> dict[str, float]:
    """Play `games` games of one shape; count deals and what held in each."""
    rng = random.Random(f"{SEED}-{players}-{teams}-{doubling}")
    started = time.perf_counter()
    deals = points_ok = conserved = ended = 0
    for _ in range(games):
        options = parse_options(
            {"teams": teams, "doubling": doubling, "tables": rng.randint(1, 12)}
        )
        table = table_for(players, options)
        game = play_game(rng, table, options)
        total = options["tables"] * table.teams
        ended += game.standing["winner"] is not None
        for deal, row in zip(game.deals, game.standing["deals"], strict=True):
            deals += 1
            points_ok += sum(deal.points) == 56
            conserved += sum(row["tables"]) == total and min(row["tables"]) >= 0
    return {
        "games": games,
        "ended": ended,
        "deals": deals,
        "56 points": points_ok,
        "tables conserved": conserved,
        "seconds": round(time.perf_counter() - started, 2),
    }


def main(argv: list[str] | None = None) -> None:
    """Print one line per table shape, then the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=GAMES, help="games per table shape")
    games = parser.parse_args(argv).games
    totals: dict[str, float] = {}
    print("Fifty-six play-outs (random legal play, every card checked):")
    for players in (4, 6, 8):
        for teams in ("sides", "pairs"):
            for doubling in ("multiply", "additive"):
                got = run(players, teams, doubling, games)
                shape = f"{players} players, {teams}, {doubling}"
                print(f"  {shape:<28} " + ", ".join(f"{k} {v}" for k, v in got.items()))
                for key, value in got.items():
                    totals[key] = totals.get(key, 0) + value
    print(
        "  total                        "
        + ", ".join(f"{k} {round(v, 2)}" for k, v in totals.items())
    )
    if totals["deals"] != totals["56 points"] or totals["deals"] != totals["tables conserved"]:
        raise SystemExit("A deal lost card points or tables: see above.")
    if totals["ended"] != totals["games"]:
        raise SystemExit("A game did not end.")


if __name__ == "__main__":
    main()
