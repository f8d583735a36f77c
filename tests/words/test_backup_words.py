"""A backup refused, in words (words/backup.py): every problem and place data/backup/ names has
a sentence, every sentence a problem or place named, and a place within a place reads as one."""

from __future__ import annotations

import ast
from pathlib import Path

from flask import Flask

from scorekeeper.data.backup.problems import BackupError, Place
from scorekeeper.words.backup import PLACES, PROBLEMS, refusal_in_words

BACKUP = Path(__file__).resolve().parents[2] / "scorekeeper" / "data" / "backup"


def _trees() -> list[ast.Module]:
    return [ast.parse(path.read_text(encoding="utf-8")) for path in BACKUP.glob("*.py")]


def _keys(given: ast.expr) -> set[str]:
    """The keys an argument can be: a literal, or either of `a if x else b`."""
    if isinstance(given, ast.IfExp):
        return _keys(given.body) | _keys(given.orelse)
    return {given.value} if isinstance(given, ast.Constant) else set()


def _named(kind: str) -> set[str]:
    """The keys the `kind(...)` calls of data/backup/ pass."""
    return {
        key
        for tree in _trees()
        for call in ast.walk(tree)
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == kind
        if call.args
        for key in _keys(call.args[0])
    }


def _constants() -> set[str]:
    return {
        n.value
        for tree in _trees()
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def test_every_problem_and_place_has_a_sentence() -> None:
    assert len(_named("BackupError")) > 30  # the keys are found (the ids listed twice by name)
    assert _named("BackupError") <= PROBLEMS.keys()
    assert _named("Place") <= PLACES.keys()


def test_every_sentence_is_of_a_problem_or_place_named() -> None:
    assert PROBLEMS.keys() <= _constants()
    assert PLACES.keys() <= _constants()


def test_a_place_within_a_place(app: Flask) -> None:
    where = Place("deal", where=Place("session", id="abc"), id=3)
    error = BackupError("deal-id-twice", where=where)
    with app.app_context():
        assert refusal_in_words(error) == "Session 'abc', deal #3 has two deals of the same id."
        said = refusal_in_words(BackupError("club-twice", id="xyz"))
    assert said == "Club 'xyz' is listed twice: a backup lists each club once."
