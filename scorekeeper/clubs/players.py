"""The club's players' pages: everyone's results per game, and one player's games."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import abort, render_template

from ..data.models import Club
from ..data.players import player_or_none
from ..rules import GAMES
from ..rules.stats import head_to_head
from ..sessions.games import PAGES
from ..words import gettext
from ..words.collation import sort_key
from ..words.languages import current
from . import ratings
from .charts import form_chart, histogram, rating_lines
from .stats import Figures, figures
from .views import bp, is_keeper


@bp.get("/c/<club_id>/players")
def players_page(club_id: str) -> str:
    """Every player and team of the club, per game: played, won, win rate, one figure."""
    club = Club.find(club_id)
    found = figures(club)
    stats = found.stats
    return render_template(
        "clubs/players.html",
        club=club,
        stats={
            **stats,
            "games": {name: _ties_by_name(game) for name, game in stats["games"].items()},
        },
        games=GAMES,
        key={name: pages.key_figure for name, pages in PAGES.items()},
        ratings={name: _ratings_shown(found, name) for name in stats["games"]},
    )


def _ratings_shown(found: Figures, game: str) -> dict[str, Any]:
    """A game's ratings as the players' page shows them: each player's with a line of it over
    time, each partnership's; drawn once per version of the club."""
    key = ("ratings-shown", game)
    shown = found.drawn.get(key)
    if shown is None:
        rated = ratings.of_club(found, game)
        players = ratings.ranked(rated.players)
        lines = rating_lines({player: track.history for player, track in players})
        names = found.names
        shown = found.drawn[key] = {
            "players": [
                {
                    "id": player,
                    "name": names.get(player, "?"),
                    "rating": track.conservative,
                    "games": len(track.history),
                    "line": lines.get(player),
                }
                for player, track in players
            ],
            "partnerships": [
                {
                    "names": [names.get(p, "?") for p in pair],
                    "rating": track.conservative,
                    "games": len(track.history),
                }
                for pair, track in ratings.ranked(rated.partnerships)
            ],
        }
    return shown  # type: ignore[no-any-return]


@bp.get("/c/<club_id>/players/<int:player_id>")
def player_page(club_id: str, player_id: int) -> str:
    """One player's games: figures, win rate over time, points per deal, and opponents."""
    club = Club.find(club_id)
    found = figures(club)
    if player_id not in found.names:
        message = gettext("There is no player %(id)d in this club.", id=player_id)
        abort(404, description=message)
    games = found.drawn.get(player_id)
    if games is None:  # drawn once per version of the club (two requests at once: twice)
        games = found.drawn[player_id] = _player_games(found, player_id)
    names = found.names
    player = player_or_none(club, player_id)
    merged = [p for p in club.merged() if p.merged_into_id == player_id]
    return render_template(
        "clubs/player.html",
        club=club,
        player=player,
        name=names[player_id],
        merged=merged,
        keeper=is_keeper(club),
        games=games,
        figures={name: pages.figures for name, pages in PAGES.items()},
    )


def _ties_by_name(game: dict[str, Any]) -> dict[str, Any]:
    """A game's tallies as ranked (most played, then most won), equal rows by name in the
    reader's order; a copy, since the figures are shared by every reader."""
    lang = current()

    def ranked(rows: list[dict[str, Any]], name: Callable[[dict[str, Any]], str]) -> list[Any]:
        return sorted(
            rows, key=lambda row: (-row["played"], -row["won"], sort_key(name(row), lang))
        )

    players = ranked(game["players"], lambda row: row["name"])
    return {
        **game,
        "players": players,
        "teams": ranked(game["teams"], lambda row: " ".join(row["names"])),
    }


def _player_games(found: Figures, player_id: int) -> list[dict[str, Any]]:
    """What the player page shows of each game the player played."""
    games = []
    for game, stats in found.stats["games"].items():
        mine = next((row for row in stats["players"] if row["player"] == player_id), None)
        if mine is not None:
            games.append(_player_game(game, mine, found.sessions, player_id, found.names))
    return games


def _player_game(
    game: str,
    row: dict[str, Any],
    sessions: list[dict[str, Any]],
    player: int,
    names: Mapping[int, str],
) -> dict[str, Any]:
    """What the player page shows of one game."""
    played = [s for s in sessions if s["game"] == game]
    rivals = sorted({p for s in played for team in s["teams"] for p in team} - {player})
    against = []
    for rival in rivals:
        met = head_to_head(played, [player], [rival])["games"].get(game)
        if met:
            against.append({"id": rival, "name": names.get(rival, "?"), **met})
    return {
        "game": GAMES[game],
        "row": row,
        "form": form_chart(row["form"]),
        "points": histogram(row["figures"].get("deal_points", {})),
        "by_bid": row["figures"].get("by_bid"),
        "against": against,
    }
