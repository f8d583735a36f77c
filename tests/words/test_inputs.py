"""The engine's bad input in words (words/inputs.py): every key it raises has a sentence, and
the sentence follows the reader's language while the API's `error` code stays."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules import InvalidInput
from scorekeeper.words.inputs import SENTENCES, WORDS, Choose, in_words
from scorekeeper.words.languages import COOKIE
from tests.helpers.pages import FORMS
from tests.helpers.raise_sites import assigned_to
from tests.helpers.said import throwaway_catalog

RULES = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"
ADVICE = RULES.parent / "advice"  # the advice engine refuses bad positions the same way


def _strings(node: ast.AST) -> set[str]:
    """The string constants in an expression (a key, or `a if x else b`)."""
    return {
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _keys(tree: ast.Module, call: ast.Call) -> set[str]:
    """The keys a raise site can pass: a literal, a choice of literals, or a name set to one."""
    given = call.args[1]
    if not isinstance(given, ast.Name):
        return _strings(given)
    assigned = assigned_to(tree, given.id)
    assert assigned, f"{given.id} is not assigned a key"
    return set().union(*(_strings(value) for value in assigned))


def engine_keys() -> Iterator[tuple[str, str]]:
    """Every key an InvalidInput raised in scorekeeper/rules or scorekeeper/advice can carry,
    and where."""
    for path in sorted([*RULES.rglob("*.py"), *ADVICE.rglob("*.py")]):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "InvalidInput":
                where = f"{path.relative_to(RULES.parent)}:{node.lineno}"
                assert len(node.args) >= 2, where
                for key in _keys(tree, node):
                    yield key, where


def test_the_scan_finds_the_engines_raises() -> None:
    found = dict(engine_keys())
    assert "no-loose-cards" in found and "card-twice" in found
    assert len(found) > 100


def test_every_key_the_engine_raises_has_a_sentence() -> None:
    missing = sorted({where: key for key, where in engine_keys() if key not in SENTENCES}.items())
    assert missing == []


def test_every_sentence_is_one_the_engine_raises() -> None:
    raised = {key for key, _ in engine_keys()}
    assert sorted(set(SENTENCES) - raised) == []


# Where the engine names a thing: the `what` of these readers, and `what=` of a raise.
WHAT_AT = {"record": 1, "required": 2, "integer": 1, "choice": 1, "parse_cards": 1, "_name": 1}


def engine_things() -> set[str]:
    """The things the engine names in words ("A move"), not a field of the API ("hand")."""
    found: set[str] = set()
    for path in sorted(RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "WHAT" for t in node.targets
            ):
                found |= _strings(node.value)
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None)
            if name in WHAT_AT and len(node.args) > WHAT_AT[name]:
                found |= _strings(node.args[WHAT_AT[name]])
            found |= {s for k in node.keywords if k.arg == "what" for s in _strings(k.value)}
    return {thing for thing in found if thing[0].isupper() or "-" in thing}


def test_every_thing_the_engine_names_in_words_is_translated() -> None:
    things = engine_things()
    assert "A move" in things and "team-player" in things
    assert sorted(things - set(WORDS)) == []


def test_a_key_the_table_does_not_know_is_a_sentence_written_already() -> None:
    assert in_words(InvalidInput("unknown-player", "That player is not in this club.")) == (
        "That player is not in this club."
    )


@pytest.mark.parametrize(
    ("error", "sentence"),
    [
        (
            InvalidInput("bad-field", "no-loose-cards", action="throw"),
            "A throw takes no loose cards.",
        ),
        (
            InvalidInput(
                "bad-position", "house-kind", cards=["A♠", "8♦", "9♣"], value=9, kind="cemented"
            ),
            "With A♠, 8♦ and 9♣ the house of 9 is cemented.",
        ),
        (
            InvalidInput("bad-name", "no-name", what="team-player", team_label=1, ordinal=2),
            "Team B's third player needs a name.",
        ),
        (
            InvalidInput(
                "bad-option", "option-value", option="target", value="x", choices=[100, None]
            ),
            "Option target cannot be 'x'; choose 100 or open-ended.",
        ),
        (
            InvalidInput("unknown-card", "not-a-card", value=["KS"]),
            "['KS'] is not a card: write cards like 10D or K♠.",
        ),
    ],
)
def test_params_are_shown_as_the_english_messages_were(error: InvalidInput, sentence: str) -> None:
    assert in_words(error) == sentence


def test_choices_cover_the_values_the_engine_gives() -> None:
    assert set(SENTENCES["no-loose-cards"].sentences) == {"raise", "throw", "trail"}
    for sentence in SENTENCES.values():
        if isinstance(sentence, Choose):
            assert sentence.sentences, sentence.param


def test_the_str_of_a_refusal_shows_its_code_and_params_for_debugging() -> None:
    error = InvalidInput("bad-field", "no-loose-cards", action="raise")
    assert str(error) == "bad-field: no-loose-cards {'action': 'raise'}"


# -- in another language: a throwaway Esperanto catalog --------------------------------------

ESPERANTO = {
    "%(what)s needs the field %(field)r.": "%(what)s bezonas la kampon %(field)r.",
    "A Seep position": "Pozicio de Seep",
    "%(player)s is named twice: every player needs a seat of their own.": (
        "%(player)s estas nomita dufoje: ĉiu ludanto bezonas sian propran seĝon."
    ),
}


@pytest.fixture
def esperanto(app: Flask, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app reads its catalogs from `tmp_path`, where eo has the few messages above."""
    translations = throwaway_catalog(tmp_path, "eo", ESPERANTO)
    monkeypatch.setattr(app.extensions["babel"], "translation_directories", [str(translations)])


@pytest.mark.usefixtures("esperanto")
def test_an_api_400_says_the_engines_refusal_in_the_asked_language(client: FlaskClient) -> None:
    body = {"game": "seep", "position": {"seat": 0}, "move": {"card": "KS", "action": "throw"}}
    answer = client.post("/api/v1/check", json=body, headers={"Accept-Language": "eo"})
    assert answer.status_code == 400
    assert answer.get_json() == {
        "error": "missing-field",
        "message": "Pozicio de Seep bezonas la kampon 'players'.",
    }
    english = client.post("/api/v1/check", json=body)
    assert english.get_json()["message"] == "A Seep position needs the field 'players'."


@pytest.mark.usefixtures("esperanto")
def test_a_form_says_the_engines_refusal_in_the_readers_language(client: FlaskClient) -> None:
    client.set_cookie(COOKIE, "eo")
    sent = FORMS["seep"] | {"a2": "Asha"}
    page = client.post("/new/seep", data=sent).get_data(as_text=True)
    assert "Asha estas nomita dufoje: ĉiu ludanto bezonas sian propran seĝon." in page
