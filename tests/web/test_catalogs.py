"""The catalogs are complete: every message marked in the code, templates and script is in every
language's catalog, translated (each plural form), and names what its English names."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from scorekeeper.web.catalogs import catalogs, module
from tests.helpers.catalogs import OTHERS, forms, messages, read

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")
COUNTS = {"num", "n"}  # a plural form may say its number in words ("one card")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The messages marked today, extracted as `make translations` extracts them."""
    recipe = (ROOT / "Makefile").read_text()
    found = re.search(r"pybabel -q extract (.*?) -o ", recipe.replace("\\\n", " "))
    assert found, "the Makefile's translations recipe extracts with pybabel"
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    arguments = [*shlex.split(found[1]), "-o", str(pot), "."]
    command = [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", *arguments]
    subprocess.run(command, cwd=ROOT, check=True)
    with pot.open("rb") as file:
        return read_po(file)


def test_every_language_has_a_catalog() -> None:
    assert sorted(code for code, _po in catalogs()) == OTHERS


@pytest.mark.parametrize("code", OTHERS)
def test_every_marked_message_is_in_the_catalog(code: str, extracted: Catalog) -> None:
    marked = {message.id for message in messages(extracted)}
    kept = {message.id for message in messages(read(code))}
    assert len(marked) > 100
    assert marked - kept == set(), "run `make translations`, then translate what it adds"
    assert kept - marked == set(), "run `make translations`: these are no longer used"


@pytest.mark.parametrize("code", OTHERS)
def test_every_message_is_translated(code: str) -> None:
    catalog = read(code)
    untranslated = [
        message.id
        for message in messages(catalog)
        if message.fuzzy or not all(forms(message, catalog.num_plurals))
    ]
    assert untranslated == []


@pytest.mark.parametrize("code", OTHERS)
def test_every_translation_names_what_its_english_names(code: str) -> None:
    catalog = read(code)
    wrong = []
    for message in messages(catalog):
        english = placeholders(message.id)
        for form in forms(message, catalog.num_plurals):
            said = placeholders(form)
            allowed = english - COUNTS if isinstance(message.id, tuple) else english
            if form and not (allowed <= said <= english):
                wrong.append((message.id, form))
    assert wrong == []


@pytest.mark.parametrize("code", OTHERS)
def test_every_catalog_compiles_without_a_complaint(code: str) -> None:
    """Babel's own checks, as `pybabel compile` makes them (placeholders form by form)."""
    complaints = [(message.id, list(map(str, errors))) for message, errors in read(code).check()]
    assert complaints == []


def placeholders(text: str | tuple[str, ...]) -> set[str]:
    """The names a message fills in: %(name)s in Python and templates, {name} in script."""
    joined = " ".join(text) if isinstance(text, tuple) else text
    return {a or b for a, b in PLACEHOLDER.findall(joined)}


def test_the_script_catalog_holds_the_script_messages_and_the_plural_rule() -> None:
    catalog = Catalog(locale="pt")
    catalog.add("Deal {num}", "Mão {num}", locations=[("scorekeeper/static/js/live.js", 3)])
    catalog.add(
        ("{n} card", "{n} cards"),
        ("{n} carta", "{n} cartas", "{n} de cartas"),
        locations=[("scorekeeper/static/js/live.js", 9)],
    )
    catalog.add("Save", "Guardar", locations=[("scorekeeper/templates/base.html", 1)])
    catalog.add("Undo", "", locations=[("scorekeeper/static/js/app.js", 1)])
    catalog.add(
        "The table", "A mesa", context="seats", locations=[("scorekeeper/static/js/x.js", 2)]
    )
    written = module(catalog)
    assert '"seats\\u0004The table": "A mesa"' in written  # gettext's key, as pgettext asks
    assert '"Deal {num}": "Mão {num}"' in written
    assert '"{n} card": [\n"{n} carta",\n"{n} cartas",\n"{n} de cartas"\n]' in written
    assert "Guardar" not in written and "Undo" not in written
    assert f"Number({catalog.plural_expr})" in written
