"""Club statistics: sessions' summaries added up per game, per player and per team.

A session comes as the caller stores it: `{"id", "game", "date": ISO string, "teams":
[[player id, ...] per team], "summary": the game's summarize()}`. Player ids are opaque; the
same id is the same person (merges are the caller's business). A *team* is the set of its
players, so a pair that played together in two sessions is one team.

A summary holds `"teams"` (one mapping of figures per team), `"deals"` (facts per deal),
`"finished"`, `"winner"` (the team the session went to, or None) and, for the club's ratings,
`"games"`: the session's finished games (`FinishedGame`, each game's `finished_games`).

What counts: a session with a deal is *played* once it is finished (by its rules, or ended by
the table), and *won* by the team it went to; a finished session that went to nobody is drawn.
An unfinished one is nobody's win and nobody's loss: it is counted apart (`unfinished`), while
its figures (points, baazis …) and its finished games (the ratings') count as any other's.
The win rate is won / played. Figures add up across sessions: numbers are summed, `best_…`
figures keep the highest, mappings add key by key.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

JSON = dict[str, Any]
BEST = "best_"
# A figure worked out from two added ones: name -> (numerator, denominator).
RATIOS: dict[str, tuple[str, str]] = {
    "average_points": ("points", "deals"),
    "sweeps_per_deal": ("sweeps", "deals"),
    "made_rate": ("made", "contracts"),
}
DIGITS = 3


def deal_figures(
    points: Sequence[Sequence[int]], sweeps: Sequence[Sequence[int]], team: int
) -> JSON:
    """A team's figures from each deal's points and sweeps per team (Seep, Casino)."""
    own = [deal[team] for deal in points]
    histogram: dict[str, int] = {}
    for value in own:
        histogram[str(value)] = histogram.get(str(value), 0) + 1
    figures: JSON = {
        "deals": len(own),
        "points": sum(own),
        "sweeps": sum(deal[team] for deal in sweeps),
        "deal_points": histogram,
    }
    if own:
        figures["best_deal"] = max(own)
    return figures


class FinishedGame(TypedDict):
    """A game finished in a session, as the ratings take it: where each team came, and when."""

    ranks: list[int]  # per team: 0 first; teams that came equal have equal ranks
    deal: int  # the deal that ended it, from 1


def ranked(standings: Sequence[float]) -> list[int]:
    """Each team's rank from how far it got (higher: better): the number of teams that got
    strictly further, so teams that got as far come equal.

    >>> ranked([21, 25, 21])
    [1, 0, 1]
    """
    return [sum(other > mine for other in standings) for mine in standings]


Flat = list[tuple[tuple[str, ...], Any, bool]]  # (path, number, whether it is a best_…)


def flatten(figures: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> Flat:
    """The figures as (path, number, best) rows: adding rows is quicker than nested mappings."""
    rows: Flat = []
    for key, value in figures.items():
        if type(value) is dict:  # summaries are plain JSON; isinstance(Mapping) costs 3x
            rows += flatten(value, (*prefix, key))
        else:
            rows.append(((*prefix, key), value, key.startswith(BEST)))
    return rows


def nested(flat: Mapping[tuple[str, ...], Any]) -> dict[str, Any]:
    """Flattened figures as mappings again."""
    out: dict[str, Any] = {}
    for path, value in flat.items():
        node = out
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = value
    return out


def ratio(numerator: int, denominator: int) -> float | None:
    """`numerator / denominator` to three places, None when there is nothing to divide by."""
    return round(numerator / denominator, DIGITS) if denominator else None


def outcome(summary: Mapping[str, Any], team: int) -> str | None:
    """What a session was for one of its teams: "won", "lost" or "drawn" once it is finished;
    None while it is not (nobody's win)."""
    if not summary["finished"]:
        return None
    winner = summary["winner"]
    return "drawn" if winner is None else "won" if winner == team else "lost"


@dataclass
class Tally:
    """One player's or one team's sessions of one game, added up."""

    played: int = 0  # finished sessions
    won: int = 0
    decided: int = 0  # finished sessions that went to a team: won or lost
    unfinished: int = 0
    figures: dict[tuple[str, ...], Any] = field(default_factory=dict)
    form: list[JSON] = field(default_factory=list)

    def count(self, session: Mapping[str, Any], figures: Flat, result: str | None) -> None:
        """Add one session, its `outcome` for this side: figures are summed, but `best_…` ones
        keep the highest."""
        if result is None:
            self.unfinished += 1
        else:
            self.played += 1
            self.decided += result != "drawn"
            self.won += result == "won"
        total = self.figures
        get = total.get  # bound once: this loop runs for every figure of every seat
        for path, value, best in figures:
            if not best:
                total[path] = get(path, 0) + value
            elif (kept := get(path)) is None or value > kept:  # max(), without the call
                total[path] = value
        self.form.append(
            {
                "session": session["id"],
                "date": session["date"],
                "result": result,
                "win_rate": ratio(self.won, self.played),
            }
        )

    def to_json(self) -> JSON:
        """The tally with its rates worked out."""
        figures = nested(self.figures)
        for name, (top, bottom) in RATIOS.items():
            if top in figures:
                figures[name] = ratio(figures[top], figures.get(bottom, 0))
        return {
            "played": self.played,
            "won": self.won,
            "decided": self.decided,
            "unfinished": self.unfinished,
            "win_rate": ratio(self.won, self.played),
            "figures": figures,
            "form": self.form,
        }


def in_order(sessions: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The sessions that have deals, oldest first (ties by id, so the order is stable)."""
    played = [s for s in sessions if s["summary"]["deals"]]
    return sorted(played, key=lambda s: (s["date"], str(s["id"])))


def _key(players: Iterable[Any]) -> tuple[Any, ...]:
    """A team's identity: its players, in one order whatever order they sat in."""
    return tuple(sorted(set(players), key=lambda p: (type(p).__name__, p)))


def aggregate(sessions: Iterable[Mapping[str, Any]]) -> JSON:
    """Per game: every player's and every team's (of two or more) sessions, results and
    figures, with their form (the result of each session and the win rate after it, oldest
    first)."""
    players: dict[str, dict[Any, Tally]] = {}
    teams: dict[str, dict[tuple[Any, ...], Tally]] = {}
    for session in in_order(sessions):
        game, summary = session["game"], session["summary"]
        for number, (seated, team) in enumerate(
            zip(session["teams"], summary["teams"], strict=True)
        ):
            result, figures = outcome(summary, number), flatten(team)
            members = list(dict.fromkeys(seated))  # a merge may seat one person twice
            for player in members:
                players.setdefault(game, {}).setdefault(player, Tally()).count(
                    session, figures, result
                )
            if len(members) > 1:
                key = _key(members)
                tally = teams.setdefault(game, {}).setdefault(key, Tally())
                tally.count(session, figures, result)
    games = sorted(set(players) | set(teams))
    return {
        "games": {
            game: {
                "players": _listed(players.get(game, {}), lambda p: {"player": p}),
                "teams": _listed(teams.get(game, {}), lambda t: {"players": list(t)}),
            }
            for game in games
        }
    }


def _listed(tallies: Mapping[Any, Tally], name: Any) -> list[JSON]:
    """The tallies as a list, most sessions finished first, then most won, then most not
    finished."""
    rows = [name(key) | tally.to_json() for key, tally in tallies.items()]
    return sorted(rows, key=lambda row: (-row["played"], -row["won"], -row["unfinished"], str(row)))


def _seat(teams: Sequence[Collection[Any]], side: frozenset[Any]) -> int | None:
    """The team that `side` (a player or a pair) played in, if it played."""
    return next((n for n, team in enumerate(teams) if side <= set(team)), None)


def head_to_head(
    sessions: Iterable[Mapping[str, Any]], first: Collection[Any], second: Collection[Any]
) -> JSON:
    """Per game, the sessions `first` and `second` (each a set of player ids: a player or a
    team) played against each other: how many finished (and how many are not), how many each
    won, and their points in all of them."""
    sides = frozenset(first), frozenset(second)
    games: dict[str, JSON] = {}
    for session in in_order(sessions):
        seats = [n for side in sides if (n := _seat(session["teams"], side)) is not None]
        if len(seats) < len(sides) or seats[0] == seats[1]:
            continue
        summary = session["summary"]
        row = games.setdefault(
            session["game"],
            {"played": 0, "won": [0, 0], "decided": 0, "unfinished": 0, "points": [0, 0]},
        )
        results = [outcome(summary, seat) for seat in seats]
        if results[0] is None:
            row["unfinished"] += 1
        else:
            row["played"] += 1
            row["decided"] += results[0] != "drawn"
        for n, seat in enumerate(seats):
            row["won"][n] += results[n] == "won"
            row["points"][n] += summary["teams"][seat].get("points", 0)
    return {"first": list(_key(sides[0])), "second": list(_key(sides[1])), "games": games}
