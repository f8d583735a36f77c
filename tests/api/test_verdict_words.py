"""The checker's verdicts are worded at the edge (issue 24): the engine gives a sentence's key
and its params; words/verdicts.py has one sentence for every key, in the reader's language, while
the API's codes (`rule`, `rule_id`) stay as they are."""

from __future__ import annotations

import ast
from pathlib import Path

from flask import Flask

import scorekeeper.rules
from scorekeeper.app import create_app
from scorekeeper.words.verdicts import DESCRIPTIONS, SENTENCES
from tests.helpers.said import throwaway_catalog

RULES = Path(scorekeeper.rules.__file__).parent


def _strings(node: ast.AST) -> set[str]:
    """The strings an expression gives: a string, or either branch of a conditional."""
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    return {node.value} if isinstance(node, ast.Constant) and isinstance(node.value, str) else set()


def _verdict_nodes(tree: ast.AST) -> list[ast.AST]:
    """The nodes of the functions that build a Violation or a Description (where a `key` or a
    "say" is a sentence's key)."""
    functions = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]
    verdicts = [
        f
        for f in functions
        if any(
            isinstance(c, ast.Call) and getattr(c.func, "id", "") in ("Violation", "Description")
            for c in ast.walk(f)
        )
    ]
    return [node for f in verdicts for node in ast.walk(f)]


def engine_keys() -> tuple[set[str], set[str]]:
    """The keys the engine's source gives: a Violation's third argument (or `key=`), a string
    bound to `key`, a live refusal's "say"; and a Description's first argument."""
    violations: set[str] = set()
    descriptions: set[str] = set()
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _verdict_nodes(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id == "Violation" and len(node.args) >= 3:
                    violations |= _strings(node.args[2])
                if node.func.id == "Description" and node.args:
                    descriptions |= _strings(node.args[0])
            elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "key" for t in node.targets
            ):
                violations |= _strings(node.value)
            elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple):
                names = [getattr(t, "id", None) for t in node.targets[0].elts]
                if "key" in names and isinstance(node.value, ast.Tuple):
                    violations |= _strings(node.value.elts[names.index("key")])
        for said in (n for n in ast.walk(tree) if isinstance(n, ast.Dict)):
            for name, value in zip(said.keys, said.values, strict=True):
                if isinstance(name, ast.Constant) and name.value == "say":
                    violations |= _strings(value)
    return violations, descriptions


def test_every_key_the_engine_gives_has_one_sentence_and_no_sentence_is_left_over() -> None:
    violations, descriptions = engine_keys()
    assert len(violations) > 60  # the finder finds what it is for
    assert violations == set(SENTENCES)
    assert descriptions == set(DESCRIPTIONS)


def pt_app(tmp_path: Path, fresh_db: str, messages: dict[str, str]) -> Flask:
    """The app with a throwaway Portuguese catalog holding `messages`."""
    translations = throwaway_catalog(tmp_path / "translations", "pt", messages)
    config = {
        "SQLALCHEMY_DATABASE_URI": fresh_db,
        "BABEL_TRANSLATION_DIRECTORIES": str(translations),
    }
    return create_app({"TESTING": True, "SECRET_KEY": "test", **config})


POSITION = {"players": 2, "seat": 0, "hand": ["KS", "5H"], "loose": ["QH", "8D"]}
NOT_IN_HAND = {"game": "seep", "position": POSITION, "move": {"card": "2C", "action": "throw"}}
THROW = {"game": "seep", "position": POSITION, "move": {"card": "5H", "action": "throw"}}


def test_the_check_answers_in_the_readers_language_with_the_same_codes(
    tmp_path: Path, fresh_db: str
) -> None:
    app = pt_app(
        tmp_path,
        fresh_db,
        {
            "%(card)s is not in your hand.": "%(card)s não está na sua mão.",
            "throw %(card)s": "jogar %(card)s",
        },
    )
    client = app.test_client()
    english = client.post("/api/v1/check", json=NOT_IN_HAND).get_json()
    assert english == {
        "legal": False,
        "rule": "not-in-hand",
        "rule_id": None,
        "reason": "2♣ is not in your hand.",
    }
    pt = {"Accept-Language": "pt"}
    answer = client.post("/api/v1/check", json=NOT_IN_HAND, headers=pt).get_json()
    assert answer == english | {"reason": "2♣ não está na sua mão."}
    thrown = client.post("/api/v1/check", json=THROW, headers=pt).get_json()
    assert (thrown["legal"], thrown["description"]) == (True, "jogar 5♥")
    assert client.post("/api/v1/check", json=THROW).get_json()["description"] == "throw 5♥"
