"""Club statistics over HTTP: GET /api/v1/clubs/<id>/stats and the players' pages.

The rules engine derives everything (rules/stats.py); this module loads a club's sessions,
keeps each session's summary per session version, and draws the charts as inline SVG.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, render_template, request
from sqlalchemy.exc import SQLAlchemyError

from .data.extensions import db
from .data.models import (
    SUMMARY_FORM,
    WROTE,
    Club,
    Deal,
    GameSession,
    Membership,
    SessionSummary,
    Team,
)
from .rules import GAMES, InvalidInput, Table
from .rules.stats import aggregate, head_to_head

bp = Blueprint("clubstats", __name__)

MEMO_SIZE = 4096  # session summaries kept, by session id and version
_SUMMARIES: dict[tuple[str, int], dict[str, Any]] = {}
# What the pages show of each game's figures: (label, figure, as a percentage).
FIGURES: dict[str, tuple[tuple[str, str, bool], ...]] = {
    "seep": (
        ("Baazis won", "baazis_won", False),
        ("Baazis lost", "baazis_lost", False),
        ("Under-9 losses", "under9_losses", False),
        ("Average deal", "average_points", False),
        ("Sweeps per deal", "sweeps_per_deal", False),
        ("Best deal", "best_deal", False),
    ),
    "fifty-six": (
        ("Contracts made", "made", False),
        ("Contracts lost", "lost", False),
        ("Made", "made_rate", True),
        ("Tables won", "tables_won", False),
        ("Tables lost", "tables_lost", False),
        ("Games won", "games_won", False),
    ),
    "casino": (
        ("Average deal", "average_points", False),
        ("Sweeps", "sweeps", False),
        ("Best deal", "best_deal", False),
    ),
}
# The one figure beside the win rate in the players' table, which must fit 360 px.
KEY_FIGURE = {"seep": "average_points", "fifty-six": "made_rate", "casino": "average_points"}


# -- loading -----------------------------------------------------------------------------


@dataclass
class Played:
    """A club's session as the statistics need it: no ORM objects, one row per player."""

    id: str
    version: int
    game: str
    date: str
    options: dict[str, Any]
    players_per_team: int
    teams: list[list[int]]


def club_sessions(club: Club) -> list[dict[str, Any]]:
    """The club's sessions as rules/stats.py takes them: teams by player id, with summaries."""
    query = (
        db.select(
            GameSession.id,
            GameSession.version,
            GameSession.game_name,
            GameSession.created_at,
            GameSession.options,
            GameSession.players_per_team,
            Team.position,
            Membership.player_id,
        )
        .join(Team, Team.session_id == GameSession.id)
        .join(Membership, Membership.team_id == Team.id)
        .where(GameSession.club_id == club.id, GameSession.deleted_at.is_(None))
        .order_by(GameSession.id, Team.position, Membership.position)
    )
    sessions: dict[str, Played] = {}
    for sid, version, game, created, options, size, team, player in db.session.execute(query):
        played = sessions.get(sid)
        if played is None:
            played = Played(sid, version, game, created.isoformat() + "Z", options, size, [])
            sessions[sid] = played
        if len(played.teams) == team:
            played.teams.append([])
        played.teams[team].append(player)
    summaries = {sid: _SUMMARIES.get((sid, s.version)) for sid, s in sessions.items()}
    summaries |= _kept({sid: sessions[sid] for sid, found in summaries.items() if not found})
    summaries |= _summarize({sid: sessions[sid] for sid, found in summaries.items() if not found})
    return [
        {"id": s.id, "game": s.game, "date": s.date, "teams": s.teams, "summary": summaries[s.id]}
        for s in sessions.values()
    ]


def _kept(sessions: Mapping[str, Played]) -> dict[str, dict[str, Any]]:
    """The summaries kept in the database for these sessions' versions (after a restart)."""
    if not sessions:
        return {}
    query = db.select(SessionSummary).where(
        SessionSummary.session_id.in_(list(sessions)), SessionSummary.form == SUMMARY_FORM
    )
    found = {}
    for kept in db.session.execute(query).scalars():
        if kept.version == sessions[kept.session_id].version:
            found[kept.session_id] = kept.summary
            _remember((kept.session_id, kept.version), kept.summary)
    return found


def _remember(key: tuple[str, int], summary: dict[str, Any]) -> None:
    if len(_SUMMARIES) >= MEMO_SIZE:
        _SUMMARIES.clear()  # simple and thread-safe; refilled by the next reads
    _SUMMARIES[key] = summary


def _keep(summaries: Mapping[str, tuple[int, dict[str, Any]]]) -> None:
    """Keep new summaries in the database for the next process; a cache, so a write that
    cannot be made now (another writer holds SQLite) is simply left for another time."""
    try:
        for session_id, (version, summary) in summaries.items():
            db.session.merge(
                SessionSummary(
                    session_id=session_id, version=version, form=SUMMARY_FORM, summary=summary
                )
            )
        db.session.commit()
    except SQLAlchemyError:
        db.session.rollback()


def _summarize(sessions: Mapping[str, Played]) -> dict[str, dict[str, Any]]:
    """Summaries of these sessions, from their live deals, memoised by session version."""
    if not sessions:
        return {}
    # One statement reads each session's version with its deals, so a deal written in
    # between cannot be memoised under an older version (see GameSession.standing).
    query = (
        db.select(GameSession.id, GameSession.version, Deal.record)
        .outerjoin(Deal, (Deal.session_id == GameSession.id) & Deal.deleted_at.is_(None))
        .where(GameSession.id.in_(list(sessions)))
        .order_by(GameSession.id, Deal.serial)
    )
    records: dict[str, list[dict[str, Any]]] = {}
    versions: dict[str, int] = {}
    for session_id, version, record in db.session.execute(query):
        versions[session_id] = version
        deals = records.setdefault(session_id, [])
        if record is not None:
            deals.append(record)
    memoise = not db.session.info.get(WROTE)
    found = {}
    for session_id, deals in records.items():
        found[session_id] = summary = summarize(sessions[session_id], deals)
        if memoise:
            _remember((session_id, versions[session_id]), summary)
    if memoise:
        _keep({sid: (versions[sid], found[sid]) for sid in found})
    return found


def summarize(session: Played, deals: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One session's summary, by its game's rules."""
    game = GAMES[session.game]
    table = Table(len(session.teams), session.players_per_team)
    standing = game.standing(table, session.options, deals)
    return game.summarize(table, session.options, deals, standing)


def player_names(club: Club) -> dict[int, str]:
    """The club's players by id."""
    return {player.id: player.name for player in club.players}


def statistics(club: Club, sessions: list[dict[str, Any]]) -> dict[str, Any]:
    """The club's statistics (of its `club_sessions`) with everyone's name beside their id."""
    names = player_names(club)
    stats = aggregate(sessions)
    for game in stats["games"].values():
        for row in game["players"]:
            row["name"] = names.get(row["player"], "?")
        for row in game["teams"]:
            row["names"] = [names.get(p, "?") for p in row["players"]]
    return {"club": club.id, "name": club.name, **stats}


def side(raw: str | None, names: Mapping[int, str], which: str) -> list[int]:
    """A player or a team as a query names it: ids separated by commas; raise InvalidInput."""
    try:
        ids = [int(part) for part in (raw or "").split(",")]
    except ValueError:
        ids = []
    if not ids or len(ids) > len(set(ids)) or any(i not in names for i in ids):
        raise InvalidInput(
            "bad-field", f"{which} must name the club's players by id, separated by commas."
        )
    return ids


# -- the API and the pages ---------------------------------------------------------------


@bp.get("/api/v1/clubs/<club_id>/stats")
def stats_api(club_id: str) -> dict[str, Any]:
    """Per game, every player's and team's results and figures; with `a` and `b`, their
    head-to-head too."""
    club = Club.get_or_404(club_id)
    sessions = club_sessions(club)  # loaded once, for the statistics and the head-to-head
    answer = statistics(club, sessions)
    if "a" in request.args or "b" in request.args:
        names = player_names(club)
        first = side(request.args.get("a"), names, "a")
        second = side(request.args.get("b"), names, "b")
        answer["head_to_head"] = head_to_head(sessions, first, second)
    return answer


@bp.get("/c/<club_id>/players")
def players_page(club_id: str) -> str:
    """Every player and team of the club, per game: played, won, win rate, one figure."""
    club = Club.get_or_404(club_id)
    return render_template(
        "clubs/players.html",
        club=club,
        stats=statistics(club, club_sessions(club)),
        games=GAMES,
        key=KEY_FIGURE,
    )


@bp.get("/c/<club_id>/players/<int:player_id>")
def player_page(club_id: str, player_id: int) -> str:
    """One player's games: figures, win rate over time, points per deal, and opponents."""
    club = Club.get_or_404(club_id)
    names = player_names(club)
    if player_id not in names:
        abort(404, description=f"There is no player {player_id} in this club.")
    sessions = club_sessions(club)
    games = []
    for game, stats in aggregate(sessions)["games"].items():
        mine = next((row for row in stats["players"] if row["player"] == player_id), None)
        if mine is not None:
            games.append(_player_game(game, mine, sessions, player_id, names))
    return render_template(
        "clubs/player.html", club=club, name=names[player_id], games=games, figures=FIGURES
    )


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


# -- charts ------------------------------------------------------------------------------

WIDTH, HEIGHT, PAD = 320, 140, 14
MAX_DOTS = 40  # beyond, the dots would merge into the line
BARS = 12  # at most, so that each bar stays wide enough to see at 360 px


@dataclass(frozen=True)
class FormChart:
    """The win rate after each decided session: a line from 0 % (bottom) to 100 % (top)."""

    width: int
    height: int
    points: str
    half: float
    dots: tuple[tuple[float, float], ...]  # each session's point, while few enough to see


@dataclass(frozen=True)
class Bar:
    """Deals whose points fell from `low` to `high`: `count` of them, drawn at x with height h."""

    low: int
    high: int
    count: int
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Histogram:
    """Points per deal in up to BARS ranges."""

    width: int
    height: int
    bars: tuple[Bar, ...]
    low: int
    high: int


def form_chart(form: Sequence[Mapping[str, Any]]) -> FormChart | None:
    """The win rate after each session that had a result, oldest first."""
    rates = [entry["win_rate"] for entry in form if entry["result"] is not None]
    if not rates:
        return None
    step = (WIDTH - 2 * PAD) / max(len(rates) - 1, 1)

    def y(rate: float) -> float:
        return round(HEIGHT - PAD - rate * (HEIGHT - 2 * PAD), 1)

    spots = tuple((round(PAD + i * step, 1), y(rate)) for i, rate in enumerate(rates))
    points = " ".join(f"{x},{y}" for x, y in spots)
    return FormChart(WIDTH, HEIGHT, points, y(0.5), spots if len(spots) <= MAX_DOTS else ())


def histogram(deal_points: Mapping[str, int]) -> Histogram | None:
    """How many deals scored how many points, in ranges of equal width."""
    if not deal_points:
        return None
    counts = {int(points): n for points, n in deal_points.items()}
    low, high = min(counts), max(counts)
    width = -(-(high - low + 1) // BARS)  # ceiling: at most BARS ranges
    bins = [0] * (-(-(high - low + 1) // width))
    for points, n in counts.items():
        bins[(points - low) // width] += n
    tallest, slot = max(bins), (WIDTH - 2 * PAD) / len(bins)
    bars = tuple(
        Bar(
            low + i * width,
            low + (i + 1) * width - 1,
            n,
            round(PAD + i * slot + 1, 1),
            round(HEIGHT - PAD - n * (HEIGHT - 2 * PAD) / tallest, 1),
            round(slot - 2, 1),
            round(n * (HEIGHT - 2 * PAD) / tallest, 1),
        )
        for i, n in enumerate(bins)
    )
    return Histogram(WIDTH, HEIGHT, bars, low, high)
