"""What a change brings, for every watcher: a screen reader is told once through one polite
live region (a new deal on the scoreboard, a play on the live page), never again while nothing
changes, whether the page hears of changes from its stream or, with the stream blocked, polls;
the highlight on what is new stays readable in both themes and does not move for a phone that
asks for reduced motion."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .helpers import every_page, seep
from .helpers.phones import Phones

pytestmark = pytest.mark.browser

# Every change to a region's text, counted in the page (a screen reader reads each one).
COUNT_CHANGES = """el => { window.told = 0;
  new MutationObserver(() => { window.told += 1; })
    .observe(el, { childList: true, characterData: true, subtree: true }); }"""


def regions(page: Page) -> int:
    """How many live regions the page has (aria-live or role=status/alert), visible or not."""
    return page.locator("[aria-live], [role=status], [role=alert]").count()


def unchanged_polls(page: Page, url: str, streamed: bool, polls: int = 2) -> None:
    """Wait for `polls` polls of `url` that brought nothing new (304); with the stream on, which
    is silent while nothing changes, for as long as two polls would take."""
    if streamed:
        page.wait_for_timeout(polls * 2000)
        return
    for _ in range(polls):
        with page.expect_response(lambda r: r.url.endswith(url) and r.status == 304, timeout=6000):
            pass


@pytest.mark.parametrize("streamed", [True, False], ids=["stream", "stream-blocked"])
def test_a_watcher_is_told_of_each_new_deal_once(
    live_server: str, phones: Phones, streamed: bool
) -> None:
    keeper = phones()
    started = seep.start(keeper.context, live_server)
    watcher = phones()
    if not streamed:
        watcher.route("**/changes", lambda route: route.abort())
    watcher.goto(started.board)
    told = watcher.get_by_test_id("announce")
    expect(told).to_have_attribute("aria-live", "polite")
    told.evaluate(COUNT_CHANGES)
    live_regions = regions(watcher)

    seep.add_deal(keeper.context, started, seep.record(12))
    said = (
        "Deal 1: Chandni Chowk Champions 78 · Old Delhi Seep Club 22. "
        "Lead: Chandni Chowk Champions +56"
    )
    expect(told).to_have_text(said, timeout=3000)
    unchanged_polls(watcher, f"/api/v1/sessions/{started.id}", streamed)  # no page fetched
    assert watcher.evaluate("window.told") == 1  # set once, not again at each poll
    seep.add_deal(keeper.context, started, seep.record(4))
    expect(told).to_contain_text("Deal 2:", timeout=3000)
    unchanged_polls(watcher, f"/api/v1/sessions/{started.id}", streamed)  # no page fetched
    assert watcher.evaluate("window.told") == 2
    assert regions(watcher) == live_regions  # the swapped parts bring no region of their own


@pytest.mark.parametrize("game", every_page.GAMES)
def test_a_watcher_is_told_of_each_live_play_once(
    live_server: str, phones: Phones, game: str
) -> None:
    keeper = phones()
    started = seep.start(keeper.context, live_server, every_page.SIDES[game], game=game)
    every_page.played_live(keeper.context, started, game, plays=every_page.IN_PROGRESS[game])
    watcher = phones()
    watcher.goto(f"{started.board}/live")
    told = watcher.get_by_test_id("announce")
    expect(told).to_contain_text("to play")
    assert regions(watcher) == 1  # the status line is not a second region
    told.evaluate(COUNT_CHANGES)
    before = told.text_content()

    number = every_page.IN_PROGRESS[game] + 1
    every_page.more_plays(keeper.context, started, game, range(number, number + 1))
    expect(told).not_to_have_text(before or "", timeout=3000)
    if game != "fifty-six":  # Fifty-six says whose turn it is in the trick; the others the play
        expect(told).to_contain_text(f"Play {number}: ")
    unchanged_polls(watcher, f"/api/v1/sessions/{started.id}/live", streamed=True)
    assert watcher.evaluate("window.told") == 1


def flashed(phones: Phones, live_server: str, **options: str) -> Page:
    """A watcher's scoreboard at the moment a new deal arrives, its highlight held still at
    its strongest."""
    keeper = phones()
    started = seep.start(keeper.context, live_server, seep.LONGEST)
    seep.add_deal(keeper.context, started, seep.record(9, (1, 0)))
    watcher = phones(**options)
    watcher.goto(started.board)
    seep.add_deal(keeper.context, started, seep.record(3, (0, 1)))
    expect(watcher.locator(".live-changed").first).to_be_attached(timeout=3000)
    watcher.evaluate("document.getAnimations().forEach(a => { a.pause(); a.currentTime = 0; })")
    return watcher


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_highlight_of_a_new_deal_is_readable(
    live_server: str, phones: Phones, scheme: str
) -> None:
    watcher = flashed(phones, live_server, color_scheme=scheme)
    assert watcher.evaluate("document.getAnimations().length") > 0
    options = {"runOnly": ["color-contrast"], "resultTypes": ["violations"]}
    found = Axe().run(watcher, context={"include": [[".live-changed"]]}, options=options)
    bad = [
        f"{' '.join(node['target'])}: {node['failureSummary']}"
        for rule in found.response["violations"]
        for node in rule["nodes"]
    ]
    assert bad == [], "\n".join(bad)


def test_the_highlight_does_not_move_for_reduced_motion(live_server: str, phones: Phones) -> None:
    watcher = flashed(phones, live_server, reduced_motion="reduce")
    assert watcher.evaluate("document.getAnimations().length") == 0
    marked = watcher.locator(".live-changed").first
    assert marked.evaluate("e => getComputedStyle(e).outlineStyle") == "solid"  # marked, still
