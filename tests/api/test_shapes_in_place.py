"""The glue the live shapes added to reading.py: a nested shape written in place, a union written
as the document writes it (oneOf or anyOf, its choices in order), and an open object."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import ValidationError

from scorekeeper.api.shapes.names import CanonicalCard
from scorekeeper.api.shapes.reading import Shape
from scorekeeper.api.shapes.writing import LEFT_OUT, document_schema, ref
from scorekeeper.api.shapes.written_as import NULL, among, in_place, open_object

CARD = {"$ref": "#/components/schemas/CanonicalCard"}


class _Part(Shape):
    """A part with no name of its own in the document."""

    card: CanonicalCard
    house: Annotated[Any, ref("House")] = LEFT_OUT


class _Whole(Shape):
    """A shape holding parts in place, a union and open objects."""

    part: Annotated[_Part, in_place(_Part)]
    parts: list[Annotated[_Part, in_place(_Part)]]
    either: Annotated[_Part | None, among("oneOf", NULL, "Trick", _Part)]
    anything: Annotated[dict[str, Any], open_object("What it did.")]
    things: list[Annotated[dict[str, Any], open_object()]]


PART = {
    "type": "object",
    "properties": {"card": CARD, "house": {"$ref": "#/components/schemas/House"}},
    "additionalProperties": False,
    "required": ["card"],
}


def test_a_part_is_written_in_place_with_its_own_refs_kept() -> None:
    written = document_schema(_Whole)["properties"]
    assert written["part"] == PART
    assert written["parts"] == {"type": "array", "items": PART}


def test_a_union_is_written_as_its_choices_say_in_their_order() -> None:
    written = document_schema(_Whole)["properties"]["either"]
    assert written == {"oneOf": [NULL, {"$ref": "#/components/schemas/Trick"}, PART]}


def test_an_open_object_says_only_that_it_is_an_object() -> None:
    written = document_schema(_Whole)["properties"]
    assert written["anything"] == {"type": "object", "description": "What it did."}
    assert written["things"] == {"type": "array", "items": {"type": "object"}}


def test_a_part_written_in_place_is_still_read_as_its_shape() -> None:
    body = {"card": "KS"}
    whole = {"part": body, "parts": [body], "either": None, "anything": {}, "things": []}
    assert _Whole.model_validate(whole).part.card.root == "KS"
    with pytest.raises(ValidationError):
        _Whole.model_validate({**whole, "part": {"card": "KS", "extra": 1}})
