"""The lessons on a phone: an answer tapped wrong is marked wrong with the engine's reason, the
right one marked right; the progress stays on the phone through a reload until Start again, and
the list of games shows it; the keyboard alone answers; a narrow phone and right-to-left Urdu
show the page whole."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.lessons import Kind, Lesson, lessons
from scorekeeper.lessons.model import NO
from scorekeeper.words.languages import COOKIE

from .helpers.phones import Phones

pytestmark = pytest.mark.browser


def lesson_of(game: str, rule: str) -> Lesson:
    """The game's first lesson of `rule`."""
    return next(lesson for lesson in lessons(game) if lesson.rule == rule)


def total(game: str) -> int:
    """How many questions the game's lessons ask."""
    return sum(len(lesson.questions) for lesson in lessons(game))


def test_a_lesson_answered_wrong_then_right_and_kept(live_server: str, phones: Phones) -> None:
    phone = phones()
    phone.goto(live_server + "/")
    phone.get_by_role("link", name="Learn the rules").click()
    phone.get_by_role("link", name="Seep").click()
    expect(phone.locator("h1")).to_have_text("Learn Seep")
    progress = phone.get_by_test_id("progress")
    expect(progress).to_have_text(f"Answered right: 0 of {total('seep')}")

    # T3: a throw of a card that could capture. Its answer is No; Yes first.
    breaks = lesson_of("seep", "T3").questions[0]
    assert breaks.kind is Kind.LEGAL and breaks.right == NO
    question = phone.locator(f"#q-{breaks.id}")
    question.scroll_into_view_if_needed()
    yes, no = (question.get_by_role("button", name=name) for name in ("Yes", "No"))
    yes.click()
    expect(yes).to_have_attribute("aria-pressed", "true")
    expect(yes).to_have_class("answer js-only is-wrong")
    # What the tapped answer shows (each answer's words wait, hidden, in the page).
    feedback = question.get_by_test_id("feedback").locator("[data-shows]:visible")
    expect(feedback).to_contain_text("Not this one")
    expect(feedback.locator(".rule-id")).to_have_text("T3")
    expect(feedback).to_contain_text("A card that could capture")
    expect(feedback).to_contain_text("can capture, so it cannot be thrown.")
    expect(progress).to_have_text(f"Answered right: 0 of {total('seep')}")

    no.click()
    expect(no).to_have_class("answer js-only is-right")
    expect(yes).to_have_attribute("aria-pressed", "false")
    expect(feedback).to_contain_text("Right.")
    expect(feedback).not_to_contain_text("Not this one")
    expect(feedback.locator(".rule-id")).to_have_text("T3")  # why, shown with the right answer too
    expect(progress).to_have_text(f"Answered right: 1 of {total('seep')}")

    phone.reload()
    expect(phone.get_by_test_id("progress")).to_have_text(f"Answered right: 1 of {total('seep')}")
    expect(phone.locator(f"#q-{breaks.id} [data-done]")).to_be_visible()
    # Progress is kept per game: Casino's starts from nothing.
    phone.get_by_role("link", name="Casino").click()
    expect(phone.get_by_test_id("progress")).to_have_text(f"Answered right: 0 of {total('casino')}")
    # The list of games says it too, beside the game answered only.
    phone.goto(live_server + "/learn")
    games = phone.get_by_test_id("learn-games")
    seep_progress = games.locator("[data-learn-game=seep]").get_by_test_id("progress")
    expect(seep_progress).to_have_text(f"Answered right: 1 of {total('seep')}")
    expect(games.locator("[data-learn-game=casino]").get_by_test_id("progress")).to_be_hidden()
    games.get_by_role("link", name="Seep").click()

    phone.get_by_role("button", name="Start again").click()
    expect(phone.get_by_test_id("progress")).to_have_text(f"Answered right: 0 of {total('seep')}")
    expect(phone.locator(f"#q-{breaks.id} [data-done]")).to_be_hidden()
    phone.reload()
    expect(phone.get_by_test_id("progress")).to_have_text(f"Answered right: 0 of {total('seep')}")


def test_the_keyboard_alone_answers_which_earns_more(live_server: str, phones: Phones) -> None:
    phone = phones()
    phone.goto(live_server + "/learn/fifty-six")
    more = next(q for q in lesson_of("fifty-six", "F13").questions if q.kind is Kind.EARNS_MORE)
    answers = phone.locator(f"#q-{more.id} [data-answer]")
    answers.first.focus()
    if more.right == 1:
        phone.keyboard.press("Tab")
    phone.keyboard.press("Enter")
    expect(answers.nth(more.right)).to_have_class("answer js-only is-right")
    feedback = (
        phone.locator(f"#q-{more.id}").get_by_test_id("feedback").locator("[data-shows]:visible")
    )
    expect(feedback).to_contain_text("Right.")
    for checked in more.moves:
        expect(feedback).to_contain_text(f"It earns {checked.points} point")


@pytest.mark.parametrize("game", ["seep", "fifty-six", "casino"])
def test_a_narrow_phone_in_urdu_shows_the_page_whole(
    live_server: str, phones: Phones, game: str
) -> None:
    phone = phones(color_scheme="dark")
    phone.context.add_cookies([{"name": COOKIE, "value": "ur", "url": live_server}])
    phone.goto(f"{live_server}/learn/{game}")
    expect(phone.locator("html")).to_have_attribute("dir", "rtl")
    legal = next(q for lesson in lessons(game) for q in lesson.questions if q.kind is Kind.LEGAL)
    answer = phone.locator(f"#q-{legal.id} [data-answer='{legal.right}']")
    answer.click()
    expect(answer).to_have_attribute("aria-pressed", "true")
    expect(phone.locator(f"#q-{legal.id} [data-shows='{legal.right}']")).to_be_visible()
    assert wider_than_the_screen(phone) == []


def wider_than_the_screen(phone: Page) -> list[str]:
    """What reaches past the phone's edge: the page itself, or any element."""
    return list(
        phone.evaluate(
            """() => {
              const width = document.documentElement.clientWidth;
              const wide = document.documentElement.scrollWidth > width ? ["page"] : [];
              return wide.concat(Array.from(document.querySelectorAll("main *"))
                .filter((el) => { const r = el.getBoundingClientRect();
                  return r.width > 0 && (r.left < -1 || r.right > width + 1); })
                .map((el) => el.outerHTML.slice(0, 80)));
            }"""
        )
    )
