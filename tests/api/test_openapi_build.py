"""openapi.json is written from the declared shapes (`make openapi`): the committed file is the
generated one, and a body read through a shape is refused as the API always refused it."""

from __future__ import annotations

import json

import pytest
from flask import Flask

from scorekeeper.api import openapi_build
from scorekeeper.api.shapes import DECLARED
from scorekeeper.api.shapes.clubs import ClubRequest
from scorekeeper.api.shapes.reading import read_body
from scorekeeper.rules import InvalidInput


def test_the_committed_document_is_the_generated_one() -> None:
    committed = openapi_build.DOCUMENT.read_text(encoding="utf-8")
    assert committed == openapi_build.text(), "openapi.json differs: run make openapi"


def test_every_declared_shape_has_its_place_in_the_operations() -> None:
    made = openapi_build.document()
    schemas = made["components"]["schemas"]
    assert set(DECLARED) == set(schemas) & set(DECLARED) | set(openapi_build.INLINE.values())
    assert json.dumps(openapi_build.PLACE) not in json.dumps(made)  # no place left unfilled


@pytest.mark.parametrize(
    ("body", "code", "key", "params"),
    [
        ({"name": "x", "zeta": 1, "alpha": 2}, "unknown-field", "unknown-field", "alpha"),
        ({}, "bad-name", None, None),
        ({"name": 5}, "bad-name", None, None),
        ({"name": "a" * 61}, "bad-name", None, None),
    ],
)
def test_a_club_request_is_refused_with_the_api_s_codes(
    app: Flask, body: dict[str, object], code: str, key: str | None, params: str | None
) -> None:
    with pytest.raises(InvalidInput) as refused, app.test_request_context():
        read_body(ClubRequest, body)
    assert refused.value.code == code
    if key is not None:
        assert refused.value.key == key
        assert refused.value.params == {"what": "A club", "field": params}


def test_a_club_request_is_read_tidied(app: Flask) -> None:
    with app.test_request_context():
        assert read_body(ClubRequest, {"name": "  Thursday   table "}).name == "Thursday table"
