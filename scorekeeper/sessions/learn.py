"""Learn the rules: each game's lessons, a rule of play each, with questions the engine answers.

The lessons (scorekeeper/lessons/) come out the same in every process and every language; this
writes them in the reader's words: each move's verdict by words/verdicts.py's `worded`, as the
move checker's, and which answer is right. A little script (static/js/learn.js) marks an answer
right or wrong from what the page holds, shows why, and keeps on the phone which questions were
answered right. The views look a game up in the registry and its lessons in COURSES.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import abort, render_template

from ..lessons import COURSES, Checked, Kind, Lesson, Question, lessons
from ..lessons.model import NO, YES
from ..rules import GAMES
from ..words import gettext
from ..words.lessons import TAUGHT, capital, earns, owned_by
from ..words.verdicts import RULE_NAMES, description, worded
from .blueprint import bp
from .games import game_title


@dataclass(frozen=True)
class Verdict:
    """The engine's answer to a move, in words: legal with what it does, or the rule broken."""

    legal: bool
    move: str  # the move in words, as a sentence starts
    text: str  # what the move does, or why it is not allowed
    rule: str | None = None  # the rule's id
    rule_name: str = ""
    earned: str = ""  # what it earns, when the question asks


@dataclass(frozen=True)
class Answer:
    """One answer offered: its label, whether it is right, and the verdicts it shows once
    chosen."""

    label: str
    right: bool
    verdicts: tuple[Verdict, ...]


@dataclass(frozen=True)
class Asked:
    """A question as the page draws it."""

    question: Question
    move: Verdict | None  # the move a LEGAL question asks about
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class Taught:
    """A lesson as the page draws it."""

    lesson: Lesson
    title: str
    text: str
    asked: tuple[Asked, ...]


bp.add_app_template_global(owned_by)  # whose a house or a build is, in the lessons' layouts


@bp.get("/learn")
def learn_index() -> str:
    """The games to learn, each with its number of lessons and its questions' ids (the
    progress kept on the phone is counted against them)."""
    games = [(GAMES[name], len(lessons(name)), question_ids(name)) for name in COURSES]
    return render_template("learn/index.html", games=games)


def question_ids(game_name: str) -> list[str]:
    """The ids of every question of the game's lessons."""
    return [q.id for lesson in lessons(game_name) for q in lesson.questions]


@bp.get("/learn/<game_name>")
def learn(game_name: str) -> str:
    """A game's lessons."""
    if game_name not in COURSES:
        abort(404, description=gettext("There is no game %(game)r.", game=game_name))
    game = GAMES[game_name]
    taught = [taught_lesson(lesson) for lesson in lessons(game.name)]
    switch = [GAMES[name] for name in COURSES]
    title = gettext("Learn %(game)s", game=game_title(game))
    return render_template("learn/game.html", game=game, title=title, lessons=taught, switch=switch)


def taught_lesson(lesson: Lesson) -> Taught:
    """A lesson in the reader's words."""
    words = TAUGHT[lesson.key]
    asked = tuple(asked_question(question) for question in lesson.questions)
    return Taught(lesson, str(words.title), str(words.text), asked)


def asked_question(question: Question) -> Asked:
    """A question's answers in the reader's words, each with the verdicts it shows."""
    return ASKING[question.kind](question, [verdict(checked) for checked in question.moves])


def _is_it_legal(question: Question, verdicts: list[Verdict]) -> Asked:
    """Yes and No, each showing the move's verdict."""
    (said,) = verdicts
    labels = {YES: gettext("Yes"), NO: gettext("No")}
    return Asked(
        question, said, tuple(Answer(labels[n], n == question.right, (said,)) for n in (YES, NO))
    )


def _which_is_allowed(question: Question, verdicts: list[Verdict]) -> Asked:
    """Each move, showing its own verdict: why it is allowed, or which rule it breaks."""
    answers = (Answer(v.move, n == question.right, (v,)) for n, v in enumerate(verdicts))
    return Asked(question, None, tuple(answers))


def _which_earns_more(question: Question, verdicts: list[Verdict]) -> Asked:
    """Each move, showing both moves and what each earns: the reason is the difference."""
    shown = tuple(
        Verdict(v.legal, v.move, v.text, earned=earns(checked.points))
        for v, checked in zip(verdicts, question.moves, strict=True)
    )
    answers = (Answer(v.move, n == question.right, shown) for n, v in enumerate(verdicts))
    return Asked(question, None, tuple(answers))


ASKING: dict[Kind, Callable[[Question, list[Verdict]], Asked]] = {
    Kind.LEGAL: _is_it_legal,
    Kind.PLAYABLE: _which_is_allowed,
    Kind.EARNS_MORE: _which_earns_more,
}


def verdict(checked: Checked) -> Verdict:
    """The engine's answer to a move, written as the move checker writes it."""
    move = capital(description(checked.said))
    answer = worded(checked.answer)
    if checked.legal:
        return Verdict(True, move, capital(str(answer["description"])))
    name = str(RULE_NAMES[answer["rule"]])
    return Verdict(False, move, str(answer["reason"]), checked.rule, name)
