"""`python -m scorekeeper.api.openapi_build` (`make openapi`): writes openapi.json from the shapes
declared in shapes/, the games' options schemas built from the engine's declaration
(option_schemas.py) and the operations, openapi_operations.json.

The operations are the document's paths (parameters, statuses, headers, descriptions), its info
and tags, kept by hand; each schema's place in them holds only the word "declared" (under
components/schemas, or in an operation: INLINE), filled from the declarations.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .option_schemas import option_schemas
from .shapes import DECLARED
from .shapes.writing import document_schema

HERE = Path(__file__).parent
DOCUMENT = HERE / "openapi.json"
OPERATIONS = HERE / "openapi_operations.json"
PLACE = "declared"  # a schema's place in the operations, filled from shapes/
# Shapes the document writes in an operation rather than under components/schemas.
ANSWER = ("responses", "200", "content", "application/json", "schema")
INLINE = {("paths", "/api/v1/health", "get", *ANSWER): "Health"}


def document() -> dict[str, Any]:
    """The whole document: the operations with every declared schema in its place."""
    operations = json.loads(OPERATIONS.read_text(encoding="utf-8"))
    schemas = operations["components"]["schemas"]
    options = option_schemas()
    places = {name for name, schema in schemas.items() if schema == PLACE}
    inline = set(INLINE.values())
    declared = set(DECLARED) | set(options)
    if places | inline != declared or places & inline:
        raise SystemExit(f"declared without one place, or a place not declared: {declared}")
    for name in places:
        schemas[name] = options[name] if name in options else document_schema(DECLARED[name])
    for where, name in INLINE.items():
        _put(operations, where, document_schema(DECLARED[name]))
    return operations


def _put(document: dict[str, Any], where: tuple[str, ...], schema: dict[str, Any]) -> None:
    """Put `schema` at `where`, whose place in the operations says "declared"."""
    *path, last = where
    for step in path:
        document = document[step]
    if document[last] != PLACE:
        raise SystemExit(f"no place for {where[-1]} at {'/'.join(where)}")
    document[last] = schema


def text() -> str:
    """The document as openapi.json is written: two spaces, the characters as they are."""
    return json.dumps(document(), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    """Write openapi.json; with --check, only say whether it is as the declarations make it."""
    made = text()
    if "--check" in sys.argv[1:]:
        same = DOCUMENT.read_text(encoding="utf-8") == made
        print("openapi.json is as declared" if same else "openapi.json differs: make openapi")
        return 0 if same else 1
    DOCUMENT.write_text(made, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
