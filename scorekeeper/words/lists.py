"""Lists in the reader's words: "Asha, Ravi and Dev", with the language's own comma and its
last link ("،" and «اور» in Urdu), from the catalog's "{list}, {item}", "{list} and {item}" and
"{list} or {item}": the patterns the pages' script joins its lists with too (words.js's `listed`),
so that a list reads the same whether the server or the browser wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import flask_babel  # type: ignore[import-untyped]

from .bidi import FSI, PDI, right_to_left


def listed(items: Sequence[str], last: Literal["and", "or"] = "and") -> str:
    """`items` as one list in the reader's language: "A", "A and B", "A, B and C" (or "… or C")."""
    if len(items) < 2:
        return "".join(items)
    # Each item is isolated once on a right-to-left page (as the script's `listed`): the list so
    # far is not isolated again at each link, which would nest the first item deeper each time.
    parts = [f"{FSI}{item}{PDI}" for item in items] if right_to_left() else list(items)
    comma = str(flask_babel.gettext("{list}, {item}"))
    final = str(
        flask_babel.gettext("{list} or {item}")
        if last == "or"
        else flask_babel.gettext("{list} and {item}")
    )
    said = parts[0]
    for item in parts[1:-1]:
        said = comma.format(list=said, item=item)
    return final.format(list=said, item=parts[-1])
