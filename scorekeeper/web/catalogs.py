"""The pages' script catalogs: for each language, static/i18n/<lang>.js, a classic script that
sets `WORDS`: the translations of the messages found in the static files, the language's plural
rule, and how it writes numbers (`numbers`: Babel's symbols and patterns, as the server writes
them in scorekeeper/words/numbers.py, for words.js's `number` and `percent`).

`python -m scorekeeper.web.catalogs` writes them from the .po files, with the server's .mo files
(`make catalogs` does, and a wheel's build: _build_catalogs.py). A page runs its language's
before its modules, so that words.js has it when they first run (a module awaiting it would run
after DOMContentLoaded, and miss it).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import (
    get_decimal_symbol,
    get_group_symbol,
)

PACKAGE = Path(__file__).resolve().parent.parent
TRANSLATIONS = PACKAGE / "translations"
OUTPUT = PACKAGE / "static" / "i18n"


def catalogs() -> Iterator[tuple[str, Path]]:
    """Each language's code and its .po file."""
    for po in sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po")):
        yield po.parent.parent.name, po


def scripted(message: Message) -> bool:
    """Whether a page's script says `message` (it is found in a static file)."""
    return any(path.startswith("scorekeeper/static/") for path, _line in message.locations)


# A message with a context is keyed "context\x04msgid", as gettext keys it (words.js's pgettext).
CONTEXT = "\x04"


def key(message: Message) -> str:
    """The message's key in `WORDS.messages`: its msgid (the singular), after its context."""
    msgid = str(message.id[0] if isinstance(message.id, tuple) else message.id)
    return f"{message.context}{CONTEXT}{msgid}" if message.context else msgid


def numbers(where: Locale) -> dict[str, Any]:
    """How the locale writes numbers, for words.js: its symbols, its grouping (3, 3; Hindi's
    3, 2) and the percent pattern's prefix and suffix."""
    percent = where.percent_formats[None]
    return {
        "decimal": get_decimal_symbol(where),
        "group": get_group_symbol(where),
        "grouping": list(where.decimal_formats[None].grouping),
        "percent": [percent.prefix[0], percent.suffix[0]],
    }


def module(catalog: Catalog) -> str:
    """The catalog's script messages as a classic script: `WORDS.messages`, `WORDS.plural` and
    `WORDS.numbers`."""
    said: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not scripted(message):
            continue
        if isinstance(message.id, tuple):
            forms = [str(form) for form in message.string or ()]
            if forms and all(forms):
                said[key(message)] = forms
        elif message.string:
            said[key(message)] = str(message.string)
    # Plural-Forms is a C expression of n, which is JavaScript too (0 or 1 for a comparison).
    rule = catalog.plural_expr
    written = json.dumps(said, ensure_ascii=False, sort_keys=True, indent=0)
    shapes = json.dumps(numbers(catalog.locale or Locale("en")), ensure_ascii=False, sort_keys=True)
    return (
        f"globalThis.WORDS = {{\nplural: (n) => Number({rule}),\nnumbers: {shapes},\n"
        f"messages: {written}\n}};\n"
    )


def write_all(output: Path = OUTPUT) -> list[Path]:
    """Compile every language's catalog for the server (its .mo, beside its .po, fuzzy
    messages included as `pybabel compile --use-fuzzy` would) and write its script catalog;
    the files written."""
    output.mkdir(parents=True, exist_ok=True)
    written = []
    for code, po in catalogs():
        with po.open("rb") as file:
            catalog = read_po(file, locale=code)
        with po.with_suffix(".mo").open("wb") as mo:
            write_mo(mo, catalog, use_fuzzy=True)
        target = output / f"{code}.js"
        target.write_text(module(catalog), encoding="utf-8")
        written += [po.with_suffix(".mo"), target]
    return written


if __name__ == "__main__":
    for path in write_all():
        print(f"wrote {path.relative_to(PACKAGE.parent)}", file=sys.stderr)
