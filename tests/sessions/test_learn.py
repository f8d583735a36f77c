"""The lessons' pages over HTTP: served in the reader's language, linked from home and from each
checker, every lesson with its words, each question's right answer and the engine's verdicts in
the page for its script."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.lessons import COURSES, Kind, lessons
from scorekeeper.words.languages import COOKIE
from scorekeeper.words.lessons import TAUGHT
from tests.helpers.pages import unhashed

GAMES = list(COURSES)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("lang", "title"), [("en", "Learn "), ("pt", 'lang="pt"')])
def test_each_game_s_lessons_are_served_in_two_languages(
    client: FlaskClient, game: str, lang: str, title: str
) -> None:
    client.set_cookie(COOKIE, lang)
    response = client.get(f"/learn/{game}")
    assert response.status_code == 200
    page = unhashed(response.get_data(as_text=True))
    assert title in page
    assert f'data-game="{game}"' in page
    assert "/static/js/learn.js" in page and "/static/learn.css" in page
    for lesson in lessons(game):
        assert f'<span class="rule-tag">{lesson.rule}</span>' in page
        for question in lesson.questions:
            assert f'data-question="{question.id}" data-right="{question.right}"' in page


def test_the_index_lists_every_game(client: FlaskClient) -> None:
    page = client.get("/learn").get_data(as_text=True)
    assert re.findall(r'href="/learn/([\w-]+)"', page) == GAMES
    assert "7 lessons" in page  # Seep's


@pytest.mark.parametrize("path", ["/learn/chess", "/learn/fifty-seven", "/learn/_parts"])
def test_an_unknown_game_is_404_with_its_name(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    name = path.rsplit("/", 1)[1]
    assert f"There is no game &#39;{name}&#39;." in response.get_data(as_text=True)


def test_home_links_to_the_lessons(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert re.search(r'<a [^>]*href="/learn"[^>]*>Learn the rules</a>', page)


@pytest.mark.parametrize("game", GAMES)
def test_each_checker_links_to_its_game_s_lessons(client: FlaskClient, game: str) -> None:
    page = client.get(f"/check/{game}").get_data(as_text=True)
    assert f'href="/learn/{game}"' in page


def test_every_lesson_has_its_words() -> None:
    keys = {lesson.key for game in GAMES for lesson in lessons(game)}
    assert keys == set(TAUGHT)


def test_a_legal_question_shows_the_rule_broken_in_the_reader_s_words(
    client: FlaskClient,
) -> None:
    throw = next(lesson for lesson in lessons("seep") if lesson.rule == "T3")
    breaks = throw.questions[0]
    assert breaks.kind is Kind.LEGAL and breaks.moves[0].rule == "T3"
    english = "can capture, so it cannot be thrown."
    for lang in ("en", "pt"):
        client.set_cookie(COOKIE, lang)
        section = question_in(client.get("/learn/seep").get_data(as_text=True), breaks.id)
        assert '<span class="rule-id">T3</span>' in section
        assert (english in section) is (lang == "en")  # the verdict in the reader's words


def test_which_earns_more_says_what_each_move_earns(client: FlaskClient) -> None:
    capture = next(lesson for lesson in lessons("seep") if lesson.rule == "C1")
    more = next(q for q in capture.questions if q.kind is Kind.EARNS_MORE)
    section = question_in(client.get("/learn/seep").get_data(as_text=True), more.id)
    for checked in more.moves:
        points = "point" if checked.points == 1 else "points"
        assert f"It earns {checked.points} {points}." in section


def question_in(page: str, question: str) -> str:
    """The section of `page` that asks `question`."""
    section = page[page.index(f'id="q-{question}"') :]
    return section[: section.index("</section>")]
