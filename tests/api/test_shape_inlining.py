"""The glue that writes a shape in place (reading.py's inlined and Inlining), a union as the
document's oneOf, an options schema by $ref beside its default (named) and a field present
only for a capture (only_for)."""

from __future__ import annotations

from typing import Annotated, Literal

from scorekeeper.api import openapi_build
from scorekeeper.api.shapes import DECLARED
from scorekeeper.api.shapes.reading import Shape
from scorekeeper.api.shapes.writing import SCHEMAS, document_schema
from scorekeeper.api.shapes.written_as import INLINED, Inlining, inlined, named, only_for


@inlined
class _Part(Shape):
    """A part written where it is used."""

    size: int


class _Whole(Inlining, Shape):
    """A whole holding parts, and an options schema by name with its default."""

    parts: list[_Part]
    teams: Annotated[Literal["sides", "pairs"], named("Teaming")] = "sides"


def test_an_inlined_shape_is_written_in_place_and_a_named_schema_keeps_its_default() -> None:
    assert document_schema(_Whole)["properties"] == {
        "parts": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"size": {"type": "integer"}},
                "additionalProperties": False,
                "required": ["size"],
            },
        },
        "teams": {"$ref": SCHEMAS + "Teaming", "default": "sides"},
    }


def test_no_inlined_shape_is_named_in_the_document() -> None:
    text = openapi_build.text()
    assert INLINED - {"_Part"}  # the move checker's shapes are among them
    assert not INLINED & set(DECLARED)
    assert not [name for name in INLINED if f'"{SCHEMAS}{name}"' in text]


def test_a_union_of_inlined_shapes_is_written_as_one_of() -> None:
    move = document_schema(DECLARED["Move"])
    assert "anyOf" not in move
    assert [kind["properties"]["action"] for kind in move["oneOf"]] == [
        {"const": "capture"},
        {"const": "build"},
        {"const": "raise"},
        {"const": "throw"},
    ]


def test_a_field_only_for_a_capture_is_required_then_and_refused_otherwise() -> None:
    extra = only_for("move", "capture", "captured")["json_schema_extra"]
    assert extra == {
        "if": {"properties": {"move": {"properties": {"action": {"const": "capture"}}}}},
        "then": {"required": ["captured"]},
        "else": {"not": {"anyOf": [{"required": ["captured"]}]}},
    }
