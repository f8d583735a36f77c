"""openapi.json's options schemas are the ones the engine's declaration of each game's options
gives (api/option_schemas.py), so the document cannot drift from the options the API takes."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.api.option_schemas import option_schemas
from scorekeeper.rules import GAMES
from scorekeeper.rules.options import Option

DOCUMENT = Path(scorekeeper.__file__).parent / "api" / "openapi.json"


def test_the_committed_options_schemas_are_the_generated_ones() -> None:
    committed = json.loads(DOCUMENT.read_text(encoding="utf-8"))["components"]["schemas"]
    generated = option_schemas()
    assert {name: committed.get(name) for name in generated} == generated


def test_every_game_has_its_options_schemas() -> None:
    names = set(option_schemas())
    for prefix in ("Seep", "FiftySix", "Casino"):
        assert {f"{prefix}OptionsRequest", f"{prefix}Options"} <= names
    assert len(GAMES) == 3  # a new game names its schemas above


def test_a_new_option_joins_its_game_s_schemas(monkeypatch: pytest.MonkeyPatch) -> None:
    """The generator reads the declaration: an option added to Seep's is in both its schemas."""
    seep = GAMES["seep"]
    before = option_schemas()["SeepOptions"]["properties"]
    added = Option("extra", "M9", "a", ("a", "b"), doc="M9: an example.")
    monkeypatch.setitem(GAMES, "seep", replace(seep, options=(*seep.options, added)))
    after = option_schemas()
    assert set(after["SeepOptions"]["properties"]) == {*before, "extra"}
    assert after["SeepOptionsRequest"]["properties"]["extra"] == {
        "type": "string",
        "enum": ["a", "b"],
        "description": "M9: an example.",
    }
