"""The data floor's refusals in words (words/refusals.py): every key data/ raises (NotFound,
Conflict, InvalidInput) has a sentence, every sentence a key raised, and each reads as the
English message written in data/ did."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.data.errors import Conflict, NotFound
from scorekeeper.rules import InvalidInput
from scorekeeper.words import inputs
from scorekeeper.words.inputs import in_words
from scorekeeper.words.refusals import SENTENCES, message_of
from tests.helpers.raise_sites import assigned_to

DATA = Path(__file__).resolve().parents[2] / "scorekeeper" / "data"
# Where each refusal takes its key: NotFound(key), InvalidInput(code, key), Conflict(s, code, key).
KEY_AT = {"NotFound": 0, "InvalidInput": 1, "Conflict": 2}


def _strings(given: ast.expr) -> set[str]:
    """The keys an expression can be: a literal, or either of `a if x else b`."""
    if isinstance(given, ast.IfExp):
        return _strings(given.body) | _strings(given.orelse)
    return (
        {given.value} if isinstance(given, ast.Constant) and isinstance(given.value, str) else set()
    )


def _keys(tree: ast.Module, given: ast.expr) -> set[str]:
    """The keys a raise site can pass: a literal, a choice of literals, or a name set to one."""
    if not isinstance(given, ast.Name):
        return _strings(given)
    assigned = assigned_to(tree, given.id)
    return set().union(*(_strings(value) for value in assigned))


def raised() -> Iterator[tuple[str, str]]:
    """Every key a refusal raised in scorekeeper/data can carry, and where (backups have their
    own words: words/backup.py)."""
    for path in sorted(DATA.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            at = KEY_AT.get(node.func.id)
            if at is None:
                continue
            where = f"{path.relative_to(DATA)}:{node.lineno}"
            assert len(node.args) > at, f"{where} names no key"
            keys = _keys(tree, node.args[at])
            assert keys, f"{where} passes something other than a key (a sentence?)"
            for key in keys:
                yield key, where


def test_the_scan_finds_the_data_floors_raises() -> None:
    found = dict(raised())
    assert {"no-live-deal", "too-many-deals", "same-table", "no-deal-to-end"} <= found.keys()
    assert found["no-club"].startswith(("models.py", "starts.py"))
    assert len(found) > 30


def test_every_key_the_data_floor_raises_has_a_sentence() -> None:
    missing = sorted({where: key for key, where in raised() if key not in SENTENCES}.items())
    assert missing == []


def test_every_sentence_is_one_the_data_floor_raises() -> None:
    assert sorted(set(SENTENCES) - {key for key, _ in raised()}) == []


def test_no_key_is_also_the_engines() -> None:
    # in_words reads the engine's table first: a key in both would say the engine's sentence.
    assert sorted(SENTENCES.keys() & inputs.SENTENCES.keys()) == []


@pytest.mark.parametrize(
    ("error", "sentence"),
    [
        (NotFound("no-session", id="nope"), "There is no session 'nope'."),
        (NotFound("no-live-deal"), "This session has no live deal under way."),
        (NotFound("entered-whole", id=3), "Deal #3 was entered whole, not play by play."),
        (
            Conflict(409, "too-many-deals", "too-many-deals", most=2000),
            "This session keeps 2,000 deals (deleted ones among them), the most one session "
            "may. Nothing was stored: start a new session to go on.",
        ),
        (
            Conflict(409, "live-deal-has-plays", "live-deal-has-plays", num=1, sent=0),
            "The live deal has 1 play, not 0: take it back first, or send plays=1 to discard "
            "it. Nothing was taken back.",
        ),
        (
            Conflict(409, "not-last-play", "no-play-to-take-back", last=0),
            "No play was entered yet: there is none to take back (the start is taken back "
            "with DELETE on the live deal).",
        ),
        (
            Conflict(409, "deal-exists", "deal-exists", None, number=3, upcoming=4),
            "Deal 3 was already entered by another scorer. Nothing was stored; this one would "
            "be deal 4.",
        ),
        # The web floor's own conflict: a sentence written already.
        (Conflict(412, "version-mismatch", "Read it again."), "Read it again."),
    ],
)
def test_a_refusal_reads_as_its_english_message_did(
    app: Flask, error: NotFound | Conflict, sentence: str
) -> None:
    with app.test_request_context():
        assert message_of(error) == sentence


@pytest.mark.parametrize(
    ("error", "sentence"),
    [
        (InvalidInput("bad-name", "player-no-name"), "A player needs a name."),
        (
            InvalidInput("bad-name", "club-name-too-long", most=60),
            "A club's name is at most 60 printable characters.",
        ),
        (
            InvalidInput("same-table", "same-table", kept="Asha", gone="Ravi"),
            "Asha and Ravi played in the same session: they are two people.",
        ),
        (InvalidInput("unknown-club", "no-club", id="x"), "There is no club 'x'."),
    ],
)
def test_the_data_floors_bad_input_is_said_by_in_words(
    app: Flask, error: InvalidInput, sentence: str
) -> None:
    with app.test_request_context():
        assert in_words(error) == sentence


def test_a_refusal_carries_its_key_and_what_it_names() -> None:
    deal = object()
    error = Conflict(409, "deal-exists", "deal-exists", deal, number=3, upcoming=4)
    assert (error.status, error.code, error.deal) == (409, "deal-exists", deal)
    assert (error.key, error.params) == ("deal-exists", {"number": 3, "upcoming": 4})
    assert str(NotFound("no-deal", id=7)) == "no-deal: {'id': 7}"
