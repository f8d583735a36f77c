"""Every page type of the app with data on it, for checks that visit them all (accessibility):
a club with one session per game (a deal played live, then deals entered whole) and one live
deal in progress per game, and the address of each page as a scorer or a watcher sees it.

The table is laid through the API by any client (`Post`): a browser's (`club`), or Flask's test
client for a crawl on the server (tests/web/test_every_link.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.helpers import casino, fifty_six, live_deals

from . import seep

Json = dict[str, Any]
TWO = [{"players": ["Asha"]}, {"players": ["Meena"]}]
GAMES = ["seep", "fifty-six", "casino"]
SIDES = {"seep": seep.PLAIN, "fifty-six": seep.PLAIN, "casino": TWO}
DEALS = {
    "seep": [seep.record(14, (1, 0)), seep.record(2, (0, 1))],
    "fifty-six": [fifty_six.deal(0, 34), fifty_six.deal(1, 20, value=30)],
    "casino": [casino.SEVEN_FOUR, casino.THREE_EIGHT],
}
LIVE = {
    "seep": lambda: live_deals.seep(27),
    "fifty-six": lambda: live_deals.fifty_six(5),
    "casino": lambda: live_deals.casino(5, players=2),
}
CLUB = "Thursday table"
IN_PROGRESS = {"seep": 3, "fifty-six": 6, "casino": 3}  # plays made (Fifty-six: 4 passes first)
DRAWN = "#floor-panel"  # a live page once its deal has come (whatever its language)
LEARNT = "[data-testid=progress]:not(:empty)"  # the lessons once their script has run
CHECKERS = {
    "checker-seep": "/check/seep?players=4&seat=1&hand=KS.4H.9C&loose=9D.5C&house=13:10C.3H:3"
    "&move=throw:9C",
    "checker-seep-legal": "/check/seep?players=4&seat=0&hand=KS&house=13:10C.2H:1"
    "&move=capture:KS::h",
    "checker-fifty-six-auction": "/check/fifty-six?calls=28D.p",
    "checker-fifty-six-trick": "/check/fifty-six?mode=trick&players=4&trump=NT&trick=7H"
    "&hand=7H.JS.9D",
    "checker-casino": "/check/casino?players=2&seat=0&hand=3S.8H&loose=6C.2H&build=5:4C.AD:1",
}


@dataclass(frozen=True)
class Visit:
    """A page to look at: its name in a report, whose phone opens it, its address, and an
    element that is not empty once its script has drawn what it fetched."""

    name: str
    scorer: bool
    path: str
    drawn: str = "body"


# Sends a JSON body to an API path (with the session's token, if given); the answer's body.
Post = Callable[[str, Json, "str | None"], Json]


def poster(context: BrowserContext, base: str) -> Post:
    """A browser's client of the API: the context's own, sharing its cookies."""

    def post(path: str, body: Json, token: str | None = None) -> Json:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = context.request.post(f"{base}{path}", data=body, headers=headers)
        assert answer.status in (200, 201), answer.text()
        return dict(answer.json())

    return post


def played_live(context: BrowserContext, started: seep.Started, game: str, plays: int = 0) -> None:
    """A live deal through the API, as a phone at the table sends it: started, then `plays`
    plays (every play if 0)."""
    play_live(poster(context, started.base), started, game, plays)


def play_live(post: Post, started: seep.Started, game: str, plays: int = 0) -> None:
    """played_live, through any client."""
    start, moves = LIVE[game]()
    post(f"/api/v1/sessions/{started.id}/live", start, started.token)
    for number in range(1, (plays or len(moves)) + 1):
        body = {"number": number, **moves[number - 1]}
        post(f"/api/v1/sessions/{started.id}/live/plays", body, started.token)


def more_plays(context: BrowserContext, started: seep.Started, game: str, numbers: range) -> None:
    """Plays `numbers` (from 1) of the game's live deal, sent as another phone would."""
    post = poster(context, started.base)
    moves = LIVE[game]()[1]
    for number in numbers:
        body = {"number": number, **moves[number - 1]}
        post(f"/api/v1/sessions/{started.id}/live/plays", body, started.token)


def club(
    scorer: Page, base: str, sides: dict[str, Any] | None = None, name: str = CLUB
) -> list[Visit]:
    """A club of three sessions (one per game) and three live deals in progress, the scorer's
    phone keeping score of each and the club; every page type to visit. `sides` (each game's
    teams) and `name` call the table and the club otherwise."""
    made, sessions = table(poster(scorer.context, base), sides or SIDES, name)
    for started in [*sessions, made["tournament"]["table"]]:
        seep.join(scorer, f"{base}/s/{started.id}#key={started.token}")
    scorer.goto(f"{base}/c/{made['id']}#key={made['keeper_token']}")
    scorer.get_by_test_id("players-link").click()
    player = scorer.locator("a[href*='/players/']").first.get_attribute("href")
    return visits(made, sessions, str(player))


def table(post: Post, sides: dict[str, Any], name: str) -> tuple[Json, list[seep.Started]]:
    """The club (`name`), and in it each game's session (played live, then deals entered whole)
    and a session with a live deal in progress, each game's teams as `sides` says; and a
    tournament of the club's Seep teams (`made["tournament"]`), its one table one deal in."""
    made = post("/api/v1/clubs", {"name": name}, None)
    sessions = []
    for game in GAMES:
        body = {"game": game, "teams": sides[game], "options": {}, "club": made["id"]}
        started, live = (post("/api/v1/sessions", body, None) for _ in range(2))
        done, going = (seep.Started("", s["id"], s["edit_token"]) for s in (started, live))
        play_live(post, done, game)
        for deal in DEALS[game]:
            post(f"/api/v1/sessions/{done.id}/deals", deal, done.token)
        play_live(post, going, game, IN_PROGRESS[game])
        sessions += [done, going]
    made["tournament"] = tournament(post, made, sides["seep"], name)
    return made, sessions


def tournament(post: Post, club: Json, sides: list[Json], name: str) -> Json:
    """A Swiss of the club's Seep teams over one-deal rounds (named as the club: no new word),
    round 1 paired and its table's deal played (its result waiting for the opponents'
    confirmation): its id, and that table's session."""
    body = {
        "name": name,
        "game": "seep",
        "format": "swiss",
        "rounds": 1,
        "round_length": {"deals": 1},
        "entrants": sides,
    }
    token = club["keeper_token"]
    made = post(f"/api/v1/clubs/{club['id']}/tournaments", body, token)
    (table,) = post(f"/api/v1/tournaments/{made['id']}/rounds", {}, token)["tables"]
    post(f"/api/v1/sessions/{table['session']}/deals", DEALS["seep"][0], table["edit_token"])
    return {"id": made["id"], "table": seep.Started("", table["session"], table["edit_token"])}


def visits(made: Json, sessions: list[seep.Started], player: str) -> list[Visit]:
    """Every page of the club `made` and its `sessions` (a game's finished one, then its live
    one), `player` the address of one player's page."""
    found = [
        visit
        for game, done, going in zip(GAMES, sessions[::2], sessions[1::2], strict=True)
        for visit in game_pages(game, done, going)
    ]
    return found + club_pages(made["id"], player) + tournament_pages(made) + other_pages()


def game_pages(game: str, started: seep.Started, live: seep.Started) -> list[Visit]:
    """One game's pages: new session, deal forms, scoreboards, live pages, replay, TV."""
    board, live_board = f"/s/{started.id}", f"/s/{live.id}"
    return [
        Visit(f"new-{game}", False, f"/new/{game}"),
        Visit(f"deal-form-{game}", True, f"{board}/deals/new"),
        Visit(f"edit-{game}", True, f"{board}/deals/2/edit"),
        Visit(f"scoreboard-scorer-{game}", True, board),
        Visit(f"scoreboard-watcher-{game}", False, board),
        Visit(f"live-start-{game}", True, f"{board}/live", "#start-button"),
        Visit(f"live-scorer-{game}", True, f"{live_board}/live", DRAWN),
        Visit(f"live-watcher-{game}", False, f"{live_board}/live", DRAWN),
        Visit(f"replay-{game}", False, f"{board}/deals/1/replay#play=5", DRAWN),
        Visit(f"tv-{game}", False, f"{board}/tv"),
    ]


def club_pages(club_id: str, player: str) -> list[Visit]:
    """The club as a watcher and as its keeper, its players and a player's page (`player`)."""
    return [
        Visit("club", False, f"/c/{club_id}"),
        Visit("club-keeper", True, f"/c/{club_id}"),
        Visit("players", False, f"/c/{club_id}/players"),
        Visit("player", False, player),
    ]


def tournament_pages(made: Json) -> list[Visit]:
    """The club's tournament as a player's phone and as the keeper's see it, its table cards,
    the new-tournament form, a table's scoreboard waiting for the opponents' confirmation, the
    wall and the report."""
    found = made["tournament"]
    page, table = f"/t/{found['id']}", found["table"]
    return [
        Visit("tournament", False, page),
        Visit("tournament-keeper", True, page),
        Visit("tournament-cards", True, f"{page}/rounds/1/cards"),
        Visit("tournament-new", True, f"/c/{made['id']}/tournaments/new"),
        Visit("scoreboard-tournament-table", True, f"/s/{table.id}"),
        Visit("tournament-wall", False, f"{page}/tv", "[data-testid=wall-table]"),
        Visit("tournament-report", False, f"{page}/report", "[data-testid=report]"),
    ]


def with_merge(visits: list[Visit], get: Callable[[str], Json]) -> list[Visit]:
    """`visits` and the keeper's merge page for two of their club's players (`get` reads the
    API)."""
    club_id = next(visit.path for visit in visits if visit.name == "club").rsplit("/", 1)[1]
    club = get(f"/api/v1/clubs/{club_id}")
    one, two = (player["id"] for player in club["players"][:2])
    return [*visits, Visit("merge", True, f"/c/{club_id}/merge?other={one}&keep={two}")]


def other_pages() -> list[Visit]:
    """The home page, each checker, the lessons, the error pages and the offline page."""
    checkers = [Visit(name, False, path, ".verdict:not(:empty)") for name, path in CHECKERS.items()]
    errors = [Visit("error-404", False, "/nowhere"), Visit("error-no-game", False, "/new/chess")]
    return [
        Visit("home", True, "/"),
        *checkers,
        *learn_pages(),
        *errors,
        Visit("offline", False, "/offline"),
    ]


def learn_pages() -> list[Visit]:
    """The lessons' index, and each game's lessons with its first answer tapped (what it shows
    drawn: the verdict), the progress said once the script has run."""
    games = [Visit(f"learn-{game}", False, f"/learn/{game}", LEARNT) for game in GAMES]
    return [Visit("learn", False, "/learn"), *games]


def settled(page: Page, visit: Visit) -> None:
    """Open the page and let its scripts draw; every fold opened, so that axe sees what a tap
    would show."""
    page.goto(visit.path)
    expect(page.locator(visit.drawn).first).to_be_visible()
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    # At the foot of the page the bars that stick to the bottom (Save, the replay's) sit in
    # their own place: what lies under them depends on nothing but the page.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
