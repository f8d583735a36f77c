"""A club's ratings per game: OpenSkill's Plackett–Luce model (Weng & Lin 2011, Algorithm 4)
run over the club's finished games, derived from the sessions' summaries, never stored.

- The games: each session's `finished_games` (each game's rules say what a game is: a Seep
  baazi, a Fifty-six game, a Casino game), kept in its summary. They are rated in the order
  their sessions began (then by session id), and within a session in the order they ended: the
  sessions of one evening are played one after another, and a deal's own time is not kept in
  the summaries (so the order is the same on every read).
- Players: a team is rated as the list of its players' ratings (OpenSkill's team rating is
  their sum). Names merged into another player are that player (the sessions come with persons'
  ids, clubs/stats.py). A person seated on two teams of one session (a merge of two rivals)
  counts in neither team there.
- Partnerships: the players of one team, two or more, as a track of their own, rated as
  a one-member team against the other teams' partnerships in the same game; a game counts
  for partnerships only when every team in it is one (no partnership against a lone player,
  whose own rating belongs to the players' track).
- Each rating's conservative value is `mu - 3 sigma`, the lowest skill it is fairly sure of.
- The chance of each side winning: the model's predict_win of the sides' players' ratings
  (someone not yet rated counts as new: mu 25, sigma 25/3).

The model is openskill's PlackettLuce with its defaults: mu 25, sigma 25/3, beta 25/6, kappa
0.0001, and tau 25/300 added to every sigma before each game (so a rating never stops moving).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from ..rules import GAMES, InvalidInput
from ..rules.stats import in_order
from ..words import gettext
from .stats import SIDE, Figures

MODEL = PlackettLuce()
Z = 3  # the conservative rating: mu - Z * sigma
DIGITS = 3  # of the numbers the API gives
Pair = tuple[int, ...]  # a partnership: its players' ids, in order


@dataclass
class Track:
    """One player's or one partnership's rating, and its conservative value after each game."""

    rating: PlackettLuceRating = field(default_factory=MODEL.rating)
    history: list[float] = field(default_factory=list)

    @property
    def conservative(self) -> float:
        """The rating's `mu - 3 sigma`."""
        return float(self.rating.mu - Z * self.rating.sigma)

    def to_json(self) -> dict[str, Any]:
        """mu, sigma, rating and games, as the API gives them."""
        return {
            "mu": round(self.rating.mu, DIGITS),
            "sigma": round(self.rating.sigma, DIGITS),
            "rating": round(self.conservative, DIGITS),
            "games": len(self.history),
        }


@dataclass
class Ratings:
    """A game's ratings in a club: every player's and every partnership's track."""

    game: str
    players: dict[int, Track] = field(default_factory=dict)
    partnerships: dict[Pair, Track] = field(default_factory=dict)


def of_club(found: Figures, game: str) -> Ratings:
    """The club's ratings of `game` as of the version of its figures: worked out once per
    version (the version moves with every change to a deal, so an edit rates again)."""
    key = ("ratings", game)
    kept = found.drawn.get(key)
    if kept is None:  # two requests at once may both work it out: the same either way
        kept = found.drawn[key] = rate(found.sessions, game)
    return kept  # type: ignore[no-any-return]


def answer(found: Figures, game: str) -> dict[str, Any]:
    """The club's ratings of `game` as the API gives them, made once per version of the club:
    shared by every reader, so never changed (add to a copy)."""
    key = ("ratings-json", game)
    kept = found.drawn.get(key)
    if kept is None:
        kept = found.drawn[key] = ratings_json(of_club(found, game), found.names)
    return kept  # type: ignore[no-any-return]


def games_of(
    sessions: Iterable[Mapping[str, Any]], game: str
) -> Iterator[tuple[list[list[int]], list[int]]]:
    """The club's finished games of `game`, in order: each as its teams (persons' ids) and
    each team's rank (0 first, equal ranks equal)."""
    for session in in_order(s for s in sessions if s["game"] == game):
        teams = [list(dict.fromkeys(team)) for team in session["teams"]]
        seen: dict[int, int] = {}
        for team in teams:
            for player in team:
                seen[player] = seen.get(player, 0) + 1
        teams = [[p for p in team if seen[p] == 1] for team in teams]  # one person, one side
        if not all(teams):
            continue
        for finished in session["summary"]["games"]:
            yield teams, finished["ranks"]


def rate(sessions: Iterable[Mapping[str, Any]], game: str) -> Ratings:
    """The ratings of `game` from the club's sessions (as clubs/stats.py loads them)."""
    ratings = Ratings(game)
    players, pairs = ratings.players, ratings.partnerships
    for teams, ranks in games_of(sessions, game):
        _rate(players, teams, ranks)
        if all(len(team) > 1 for team in teams):
            _rate_pairs(pairs, [tuple(sorted(team)) for team in teams], ranks)
    return ratings


def _track(tracks: dict[Any, Track], key: Any) -> Track:
    """The track kept under `key`, new if none is (setdefault would make a rating, and its
    uuid, for every seat of every game)."""
    track = tracks.get(key)
    if track is None:
        track = tracks[key] = Track()
    return track


def _rate(tracks: dict[int, Track], teams: list[list[int]], ranks: list[int]) -> None:
    """Rate one game of teams of players."""
    found = [[_track(tracks, p) for p in team] for team in teams]
    rated = MODEL.rate([[t.rating for t in team] for team in found], ranks=list(ranks))
    for team, new in zip(found, rated, strict=True):
        for track, rating in zip(team, new, strict=True):
            track.rating = rating
            track.history.append(track.conservative)


def _rate_pairs(tracks: dict[Pair, Track], pairs: list[Pair], ranks: list[int]) -> None:
    """Rate one game of partnerships, each a team of one."""
    found = [_track(tracks, pair) for pair in pairs]
    rated = MODEL.rate([[track.rating] for track in found], ranks=list(ranks))
    for track, (rating,) in zip(found, rated, strict=True):
        track.rating = rating
        track.history.append(track.conservative)


def ranked(tracks: Mapping[Any, Track]) -> list[tuple[Any, Track]]:
    """The tracks, highest conservative rating first (then most games, then by id)."""
    return sorted(
        tracks.items(), key=lambda item: (-item[1].conservative, -len(item[1].history), item[0])
    )


def ratings_json(ratings: Ratings, names: Mapping[int, str]) -> dict[str, Any]:
    """The ratings as the API gives them (shared/API.md)."""
    return {
        "game": ratings.game,
        "players": [
            {"id": player, "name": names.get(player, "?"), **track.to_json()}
            for player, track in ranked(ratings.players)
        ],
        "partnerships": [
            {"players": list(pair), **track.to_json()}
            for pair, track in ranked(ratings.partnerships)
        ],
    }


def chances(ratings: Ratings, sides: Sequence[Sequence[int]]) -> list[float]:
    """Each side's chance of winning a game against the others, from its players' ratings."""
    teams = [[ratings.players.get(p, Track()).rating for p in side] for side in sides]
    return [float(chance) for chance in MODEL.predict_win(teams)]


def read_game(raw: str | None) -> str:
    """The game a query names (`game=`); raise InvalidInput naming the games there are."""
    known = ", ".join(GAMES)
    if not raw:
        message = gettext("Name the game to rate: game=%(known)s.", known=known.replace(", ", "|"))
        raise InvalidInput("bad-field", message)
    if raw not in GAMES:
        message = gettext(
            "There is no game %(game)s to rate: the games are %(known)s.", game=raw, known=known
        )
        raise InvalidInput("unknown-game", message)
    return raw


def read_sides(raw: str, names: Mapping[int, str]) -> list[list[int]]:
    """The sides a query names (`teams=1,2;3,4`: players' ids, sides apart by semicolons);
    raise InvalidInput naming what is wrong."""
    parts = raw.split(";")
    if not all(SIDE.fullmatch(part) for part in parts):
        message = gettext(
            "teams must name each side's players by id, separated by commas, and the sides "
            "separated by semicolons: teams=1,2;3,4."
        )
        raise InvalidInput("bad-field", message)
    sides = [[int(player) for player in part.split(",")] for part in parts]
    if len(sides) < 2:
        raise InvalidInput("bad-field", gettext("teams must name two sides or more."))
    unknown = [str(p) for side in sides for p in side if p not in names]
    if unknown:
        message = gettext(
            "teams must name the club's players by id; the club has no player %(ids)s.",
            ids=", ".join(unknown),
        )
        raise InvalidInput("bad-field", message)
    seen: set[int] = set()
    for side in sides:
        twice = [p for p in side if p in seen] or [p for p in side if side.count(p) > 1]
        if twice:
            message = gettext(
                "teams must name the club's players by id, each on one side only: %(name)s "
                "is named twice.",
                name=names[twice[0]],
            )
            raise InvalidInput("bad-field", message)
        seen.update(side)
    return sides
