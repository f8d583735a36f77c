"""Quick ways into a session for browser tests: start it through the API, join by link; the
longest names the forms take, and tapping a Seep deal form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from scorekeeper.rules.seep.cards import POINT_CARDS
from tests.helpers.said import said

POINTS = [str(card) for card in POINT_CARDS]
PLAIN = [
    {"name": "Chandni Chowk Champions", "players": ["Asha", "Ravi"]},
    {"name": "Old Delhi Seep Club", "players": ["Meena", "Dev"]},
]


@dataclass(frozen=True)
class Started:
    """A session started through the API: where it is and the keeper's token."""

    base: str
    id: str
    token: str

    @property
    def board(self) -> str:
        """The scoreboard's address."""
        return f"{self.base}/s/{self.id}"

    @property
    def keeper_link(self) -> str:
        """The keeper's own link: the token in the fragment, never sent to the server."""
        return f"{self.board}#key={self.token}"


def start(
    context: BrowserContext,
    base: str,
    sides: list[dict[str, Any]] = PLAIN,
    game: str = "seep",
    club: str | None = None,
    **options: Any,
) -> Started:
    """A new session (of Seep unless `game` says, in `club` if one is given), created with the
    context's request client."""
    body = {"game": game, "teams": sides, "options": options} | ({"club": club} if club else {})
    answer = context.request.post(f"{base}/api/v1/sessions", data=body)
    assert answer.status == 201, answer.text()
    created = answer.json()
    return Started(base, created["id"], created["edit_token"])


def record(team_a: int, sweeps: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    """A deal: the first `team_a` point cards to team A, the rest to team B, and play sweeps."""
    captured = [POINTS[:team_a], POINTS[team_a:]]
    played = [{"team": team, "when": "play"} for team in (0, 1) for _ in range(sweeps[team])]
    return {"captured": captured, "sweeps": played}


def add_deal(context: BrowserContext, started: Started, deal: dict[str, Any]) -> dict[str, Any]:
    """Store a deal through the API; its answer."""
    answer = context.request.post(
        f"{started.base}/api/v1/sessions/{started.id}/deals",
        data=deal,
        headers={"Authorization": f"Bearer {started.token}"},
    )
    assert answer.status == 201, answer.text()
    return answer.json()


def stored_deals(context: BrowserContext, started: Started) -> list[dict[str, Any]]:
    """The live deals as the API reads them now."""
    answer = context.request.get(f"{started.base}/api/v1/sessions/{started.id}")
    assert answer.ok, answer.text()
    return answer.json()["deals"]


def join(page: Page, link: str) -> None:
    """Open a scorer (or keeper) link; the page hands its key over and keeps score from then on."""
    page.goto(link)
    language = page.locator("html").get_attribute("lang") or "en"
    now = said(language, "This phone keeps score of this session now.")
    expect(page.get_by_test_id("flash")).to_contain_text(now)
    assert "#" not in page.url  # the key left the address bar


def offline_ready(page: Page, started: Started) -> None:
    """The keeper's phone on the scoreboard, its worker having kept the page and its deal form."""
    join(page, started.keeper_link)
    expect(page.locator("html[data-offline-ready]")).to_have_count(1)


def join_as_scorer(keeper: Page, page: Page) -> None:
    """`page` joins through the scorer link the keeper's scoreboard shares."""
    keeper.locator("details.share summary").click()
    join(page, keeper.locator("#scorer-link").input_value())


# The innermost elements that stick out past the phone's right edge, to name in a failure.
WIDEST = """width => Array.from(document.querySelectorAll("body *"))
  .filter(e => e.getBoundingClientRect().right > width)
  .filter(e => !Array.from(e.children).some(c => c.getBoundingClientRect().right > width))
  .slice(0, 5).map(e => `${e.tagName.toLowerCase()}.${e.className}`)"""


def fits(page: Page, width: int = 360) -> None:
    """Nothing is wider than the phone: no sideways scrolling."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(WIDEST, width)
    assert scroll <= width, f"{page.url} is {scroll} px wide: {wide}"


def inside(page: Page, selector: str, width: int = 360) -> int:
    """Every element matching `selector` lies within the phone's width; how many there are."""
    boxes = page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })"
    )
    for left, right in boxes:
        assert left >= 0 and right <= width, f"{selector} at {left}..{right} px"
    return len(boxes)


def exactly(name: str, length: int) -> str:
    """A name of exactly the longest length the forms take."""
    assert len(name) == length, (name, len(name))
    return name


# Realistic names, and names at the 40 (player) and 60 (team) character limits: spaced and not.
LONGEST = [
    {
        "name": exactly("Maharaja Wajid Mohammad's Magnificent Mumbai Marine Marauder", 60),
        "players": [exactly("Wajid Mohammad Mumtaz Mirza-Wadhwa MMMMM", 40), "M" * 40],
    },
    {
        "name": "W" * 60,
        "players": ["W" * 40, exactly("Venkataraghavan Subrahmanyam Iyengar Raj", 40)],
    },
]


def tap(page: Page, *cards: str, team: int = 0) -> None:
    """Give `cards` to `team` by tapping, then every other card to the other team."""
    page.locator(f".pick-team[data-team='{team}']").click()
    for card in cards:
        page.locator(f".card-pick[data-card='{card}'] .card-face").click()
    page.locator("#rest-to-other").click()


def given(page: Page, team: int) -> list[str]:
    """The point cards the form shows as taken by `team`, once its script has drawn them."""
    expect(page.locator("[data-left]")).not_to_have_text("–")
    return page.locator(f".card-pick[data-team='{team}']").evaluate_all(
        "picks => picks.map(p => p.dataset.card)"
    )
