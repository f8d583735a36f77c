"""Every lesson's questions hold against the engine: each answer the lesson states is the one the
registry's check_move gives again, an illegal move breaks the lesson's own rule, a legal move is
among those list_moves lists, and the move that earns more earns more by the rules' own point
values. Lessons come out the same on every run and in every process."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from typing import Any

import pytest

from scorekeeper.lessons import COURSES, Kind, Lesson, Question, lessons
from scorekeeper.lessons.model import NO, YES
from scorekeeper.rules import GAMES
from scorekeeper.rules.cards import Card
from tests.rules.helpers import ROOT

Json = dict[str, Any]

# One row per lesson, in the order the page teaches them: the game, the lesson, the rule's id
# in ../shared/rules/ and what its questions ask.
L, P, E = Kind.LEGAL, Kind.PLAYABLE, Kind.EARNS_MORE
LESSONS = [
    ("seep", "seep-capture", "C1", (L, L, E, E)),
    ("seep", "seep-maximal", "C2", (L, L, P)),
    ("seep", "seep-house", "H5", (L, L, P)),
    ("seep", "seep-raise", "R1", (L, L, P)),
    ("seep", "seep-cemented", "H3", (L, L)),
    ("seep", "seep-throw", "T3", (L, L, P)),
    ("seep", "seep-opening", "S3", (L, L, P)),
    ("fifty-six", "fifty-six-follow", "F12", (L, L, P)),
    ("fifty-six", "fifty-six-void", "F12", (L, L)),
    ("fifty-six", "fifty-six-trumps", "F13", (L, E, E)),
    ("fifty-six", "fifty-six-highest", "F13", (E, E)),
    ("casino", "casino-capture", "K4", (L, L, E, E)),
    ("casino", "casino-build", "K5", (L, L, P)),
    ("casino", "casino-raise", "K6", (L, L, P)),
    ("casino", "casino-add", "K7", (L, L)),
    ("casino", "casino-trail", "K8", (L, L)),
    ("casino", "casino-owner", "K9", (L, L, P)),
]
QUESTIONS = [
    (game, lesson, question)
    for game in COURSES
    for lesson in lessons(game)
    for question in lesson.questions
]


def question_id(row: object) -> str:
    """A question's test id: its own."""
    return row.id if isinstance(row, Question) else ""


@pytest.mark.parametrize("game", list(COURSES))
def test_each_game_teaches_its_lessons_in_order(game: str) -> None:
    expected = [(key, rule, kinds) for name, key, rule, kinds in LESSONS if name == game]
    found = [(x.key, x.rule, tuple(q.kind for q in x.questions)) for x in lessons(game)]
    assert found == expected


def test_every_game_with_lessons_is_a_registered_game() -> None:
    assert set(COURSES) == set(GAMES)


@pytest.mark.parametrize(("game", "lesson", "question"), QUESTIONS, ids=question_id)
def test_every_answer_is_the_engine_s_again(game: str, lesson: Lesson, question: Question) -> None:
    for checked in question.moves:
        again = GAMES[game].check_move(question.position, checked.move)
        assert again["legal"] is checked.legal
        assert again.get("rule_id") == checked.rule


@pytest.mark.parametrize(("game", "lesson", "question"), QUESTIONS, ids=question_id)
def test_the_right_answer_is_the_rule_s(game: str, lesson: Lesson, question: Question) -> None:
    moves = question.moves
    legal = [checked for checked in moves if checked.legal]
    wrong = [checked for checked in moves if not checked.legal]
    if question.kind is Kind.LEGAL:
        assert len(moves) == 1
        assert question.right == (YES if moves[0].legal else NO)
    elif question.kind is Kind.PLAYABLE:
        assert len(legal) == 1 and 1 <= len(wrong) <= 2
        assert moves[question.right] is legal[0]
    else:
        assert len(moves) == 2 and len(legal) == 2
        worse = moves[1 - question.right]
        assert earned(game, question, moves[question.right].move) > earned(
            game, question, worse.move
        )
    # A move that is not allowed breaks the lesson's own rule; one that is, the engine lists.
    assert all(checked.rule == lesson.rule for checked in wrong)
    listed = GAMES[game].list_moves(question.position, 1000)["moves"]
    for checked in legal:
        assert checked.answer["move"] in listed


@pytest.mark.parametrize("game", list(COURSES))
def test_question_ids_are_unique_and_every_lesson_asks_two_or_more(game: str) -> None:
    ids = [q.id for lesson in lessons(game) for q in lesson.questions]
    assert len(ids) == len(set(ids))
    assert all(len(lesson.questions) >= 2 for lesson in lessons(game))


@pytest.mark.parametrize("game", list(COURSES))
def test_lessons_come_out_the_same_on_another_run(game: str) -> None:
    assert repr(COURSES[game].lessons()) == repr(lessons(game))


def test_lessons_come_out_the_same_in_another_process() -> None:
    """Another process hashes strings with another seed: no set's order may leak into them."""
    code = (
        "import hashlib\nfrom scorekeeper.lessons import COURSES, lessons\n"
        "print(hashlib.sha256(repr([lessons(g) for g in COURSES]).encode()).hexdigest())"
    )
    digests = set()
    for seed in ("1", "2"):
        env = os.environ | {"PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        digests.add(done.stdout.strip())
    here = hashlib.sha256(repr([lessons(g) for g in COURSES]).encode()).hexdigest()
    assert digests == {here}


# -- what each rule's questions show (../shared/rules/) -------------------------------------


def test_t3_a_card_that_could_capture_cannot_be_thrown() -> None:
    (breaks, _, pick) = lesson_of("seep", "seep-throw").questions
    assert breaks.moves[0].move["action"] == "throw" and breaks.moves[0].rule == "T3"
    assert {checked.move["action"] for checked in pick.moves} == {"throw"}


def test_s3_the_opening_play_uses_the_bid() -> None:
    for question in lesson_of("seep", "seep-opening").questions:
        assert question.position["opening_bid"] in range(9, 14)
        assert question.layout.bid == question.position["opening_bid"]


@pytest.mark.parametrize(("rule", "key"), [("F12", "fifty-six-follow"), ("F12", "fifty-six-void")])
def test_f12_follow_suit_if_you_can(rule: str, key: str) -> None:
    lesson = lesson_of("fifty-six", key)
    assert lesson.rule == rule
    for question in lesson.questions:
        led = question.position["trick"][0][-1]
        holds = any(code[-1] == led for code in question.position["hand"])
        assert holds is (key == "fifty-six-follow")
        for checked in question.moves:
            assert checked.legal is (not holds or checked.move["card"][-1] == led)


def test_f13_the_trump_wins_the_trick() -> None:
    for question in lesson_of("fifty-six", "fifty-six-trumps").questions:
        trump = question.position["trump"]
        assert trump != "NT"
        if question.kind is Kind.EARNS_MORE:
            better, worse = ranked(question)
            assert better["card"][-1] == trump
            assert (takes(question, better), takes(question, worse)) == (True, False)


def test_f13_the_highest_card_of_the_suit_led_wins() -> None:
    order = ["J", "9", "A", "10", "K", "Q"]  # F5, high to low
    for question in lesson_of("fifty-six", "fifty-six-highest").questions:
        better, worse = ranked(question)
        assert order.index(better["card"][:-1]) < order.index(worse["card"][:-1])
        assert (takes(question, better), takes(question, worse)) == (True, False)


def ranked(question: Question) -> tuple[Json, Json]:
    """A "which earns more?" question's moves: the right one, then the other."""
    return question.moves[question.right].move, question.moves[1 - question.right].move


def takes(question: Question, move: Json) -> bool:
    """Whether the mover's side takes the trick with `move` (F13), by the engine's answer."""
    answer = GAMES["fifty-six"].check_move(question.position, move)
    return (len(question.position["trick"]) - answer["winner"]) % 2 == 0  # F2: sides alternate


def test_k8_a_card_that_could_capture_may_trail() -> None:
    for question in lesson_of("casino", "casino-trail").questions:
        (trail,) = question.moves
        assert trail.move["action"] == "trail" and trail.legal
        captures = GAMES["casino"].list_moves(question.position, 1000)["moves"]
        assert any(m["card"] == trail.move["card"] and m["action"] == "capture" for m in captures)


def test_k9_an_owner_may_not_trail() -> None:
    (breaks, _, _) = lesson_of("casino", "casino-owner").questions
    assert breaks.moves[0].move["action"] == "trail" and breaks.moves[0].rule == "K9"
    assert any(pile.owners == ("you",) for pile in breaks.layout.piles)


# -- helpers ---------------------------------------------------------------------------------


def lesson_of(game: str, key: str) -> Lesson:
    """The game's lesson called `key`."""
    return next(lesson for lesson in lessons(game) if lesson.key == key)


# Point values written from the rules text, not read from the engine: Seep's spades their value,
# the other aces 1, 10♦ 6; Casino's aces 1, 10♦ 2, 2♠ 1 (K11).
SEEP_POINTS = {"D": {1: 1, 10: 6}, "H": {1: 1}, "C": {1: 1}}
CASINO_POINTS = {"AS": 1, "AH": 1, "AD": 1, "AC": 1, "10D": 2, "2S": 1}


def earned(game: str, question: Question, move: Json) -> int:
    """What a legal move earns the mover's side, from the engine's answer and the rules' values."""
    answer = GAMES[game].check_move(question.position, move)
    if game == "fifty-six":
        trick = question.position["trick"]
        ours = (len(trick) - answer["winner"]) % 2 == 0  # two sides, alternating (F2)
        return int(answer["points"]) if ours else 0
    cards = [Card.parse(code) for code in answer.get("captured", [])]
    if game == "casino":
        return sum(CASINO_POINTS.get(str(card), 0) for card in cards)
    spades = sum(card.rank for card in cards if card.suit.value == "S")
    others = sum(SEEP_POINTS.get(card.suit.value, {}).get(card.rank, 0) for card in cards)
    return spades + others + int(answer.get("sweep_points", 0))
