"""Every page type of the app with data on it, for checks that visit them all (accessibility):
a club with one session per game (a deal played live, then deals entered whole) and one live
deal in progress per game, and the address of each page as a scorer or a watcher sees it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import BrowserContext, Page

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
IN_PROGRESS = {"seep": 3, "fifty-six": 6, "casino": 3}  # plays made (Fifty-six: 4 passes first)
DRAWN = "#floor-panel"  # a live page once its deal has come (whatever its language)
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


def played_live(context: BrowserContext, started: seep.Started, game: str, plays: int = 0) -> None:
    """A live deal through the API, as a phone at the table sends it: started, then `plays`
    plays (every play if 0)."""
    start, moves = LIVE[game]()
    url = f"{started.base}/api/v1/sessions/{started.id}/live"
    answer = context.request.post(url, data=start, headers=auth(started))
    assert answer.status == 201, answer.text()
    more_plays(context, started, game, range(1, (plays or len(moves)) + 1))


def auth(started: seep.Started) -> dict[str, str]:
    return {"Authorization": f"Bearer {started.token}"}


def more_plays(context: BrowserContext, started: seep.Started, game: str, numbers: range) -> None:
    """Plays `numbers` (from 1) of the game's live deal, sent as another phone would."""
    url = f"{started.base}/api/v1/sessions/{started.id}/live/plays"
    moves = LIVE[game]()[1]
    for number in numbers:
        body = {"number": number, **moves[number - 1]}
        answer = context.request.post(url, data=body, headers=auth(started))
        assert answer.status == 201, answer.text()


def club(scorer: Page, base: str) -> list[Visit]:
    """A club of three sessions (one per game) and three live deals in progress, the scorer's
    phone keeping score of each and the club; every page type to visit."""
    request = scorer.context.request
    made = request.post(f"{base}/api/v1/clubs", data={"name": "Thursday table"}).json()
    visits: list[Visit] = []
    for game in GAMES:
        started = seep.start(scorer.context, base, SIDES[game], game=game, club=made["id"])
        played_live(scorer.context, started, game)
        for deal in DEALS[game]:
            seep.add_deal(scorer.context, started, deal)
        live = seep.start(scorer.context, base, SIDES[game], game=game, club=made["id"])
        played_live(scorer.context, live, game, IN_PROGRESS[game])
        for started_one in (started, live):
            seep.join(scorer, started_one.keeper_link)
        visits += game_pages(game, started, live)
    return visits + club_pages(scorer, base, made) + other_pages()


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


def club_pages(scorer: Page, base: str, made: Json) -> list[Visit]:
    """The club as a watcher and as its keeper, its players and a player's page."""
    scorer.goto(f"{base}/c/{made['id']}#key={made['keeper_token']}")
    scorer.get_by_test_id("players-link").click()
    player = scorer.locator("a[href*='/players/']").first.get_attribute("href")
    return [
        Visit("club", False, f"/c/{made['id']}"),
        Visit("club-keeper", True, f"/c/{made['id']}"),
        Visit("players", False, f"/c/{made['id']}/players"),
        Visit("player", False, str(player)),
    ]


def other_pages() -> list[Visit]:
    """The home page, each checker, the error pages and the offline page."""
    checkers = [Visit(name, False, path, ".verdict:not(:empty)") for name, path in CHECKERS.items()]
    errors = [Visit("error-404", False, "/nowhere"), Visit("error-no-game", False, "/new/chess")]
    return [Visit("home", True, "/"), *checkers, *errors, Visit("offline", False, "/offline")]
