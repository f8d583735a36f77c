"""What a page says in a language, read from the compiled catalogs (`make catalogs`), so that
tests of pages in other languages name no translation themselves."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import Translations

from scorekeeper.web.catalogs import TRANSLATIONS
from scorekeeper.words.bidi import FSI, PDI
from scorekeeper.words.languages import LANGUAGES


@cache
def translations(code: str) -> Translations:
    """One language's compiled catalog."""
    found = Translations.load(str(TRANSLATIONS), [code])
    assert isinstance(found, Translations), f"no compiled catalog for {code}: run make catalogs"
    return found


def said(code: str, message: str, **params: object) -> str:
    """A server-side message in `code`, its %(name)s filled from `params` (English: itself), a
    text among them isolated in a right-to-left language, as the app writes it (words/bidi.py)."""
    text = message if code == "en" else translations(code).gettext(message)
    if LANGUAGES[code].direction == "rtl":
        params = {
            name: f"{FSI}{value}{PDI}" if isinstance(value, str) else value
            for name, value in params.items()
        }
    return text % params if params else text


def scripted(code: str, message: str, **values: object) -> str:
    """A script message in `code` (words.js's `_`), its {name}s filled from `values`."""
    text = message if code == "en" else translations(code).gettext(message)
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m[1], m[0])), text)


def throwaway_catalog(
    directory: Path, code: str, messages: Mapping[str | tuple[str, str], str]
) -> Path:
    """A catalog for `code` holding only `messages` (each keyed by its msgid, or by its context
    and msgid), compiled under `directory` (a translations folder for
    BABEL_TRANSLATION_DIRECTORIES); `directory`."""
    catalog = Catalog(locale=code)
    for key, text in messages.items():
        context, msgid = key if isinstance(key, tuple) else (None, key)
        catalog.add(msgid, text, context=context)
    folder = directory / code / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.mo").open("wb") as file:
        write_mo(file, catalog)
    return directory
