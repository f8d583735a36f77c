"""The OpenAPI document as the tests read it: its operations, those that take a body, its
schemas and example requests, and the checks schemathesis makes of every answer."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

import scorekeeper

SOURCE = Path(scorekeeper.__file__).parent
DOCUMENT: dict[str, Any] = json.loads((SOURCE / "api" / "openapi.json").read_text(encoding="utf-8"))
METHODS = ("get", "put", "post", "delete", "patch")
OPERATIONS = [
    (path, method)
    for path, item in DOCUMENT["paths"].items()
    for method in item
    if method in METHODS
]
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]


def schema(name: str) -> dict[str, Any]:
    return DOCUMENT["components"]["schemas"][name]


def operation_of(path: str, method: str) -> dict[str, Any]:
    return DOCUMENT["paths"][path][method]


BODY_OPERATIONS = [(p, m) for p, m in OPERATIONS if "requestBody" in operation_of(p, m)]


def request_examples() -> Iterator[tuple[str, str, Any]]:
    """Each example request body in the document, with its operation."""
    for path, method in BODY_OPERATIONS:
        ref = operation_of(path, method)["requestBody"]["content"]["application/json"]["schema"]
        for example in schema(ref["$ref"].rsplit("/", 1)[1]).get("examples", []):
            yield path, method, example
