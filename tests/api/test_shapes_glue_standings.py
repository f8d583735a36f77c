"""The glue the standings' and statistics' shapes added to reading.py writes each schema the
document's way (oneOf, inlined shapes, closed tuples, keys by pattern, narrowed fields) and
leaves what the models accept as pydantic checks it."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import Field, RootModel, StringConstraints, ValidationError

from scorekeeper.api.shapes.reading import Shape
from scorekeeper.api.shapes.writing import Documented, document_schema
from scorekeeper.api.shapes.written_as import CLOSED, KEYED, NULL, among, in_place, narrowed

REF = "#/components/schemas/"


class Won(Shape):
    """A small shape with no schema of its own in the document."""

    by: Literal["lead"]


class Other(Shape):
    """Another small shape."""

    at: int


class MaybeWon(Documented, RootModel[Annotated[Won | None, among("oneOf", NULL, Won)]]):
    """A null or a shape written in place."""


class Either(Documented, RootModel[Annotated[Won | Other, among("oneOf", "Won", "Other")]]):
    """One of two shapes by $ref."""


class Paid(Documented, RootModel[Annotated[tuple[int, Annotated[int, Field(ge=1)]], CLOSED]]):
    """A closed pair."""


class Counts(
    Documented,
    RootModel[Annotated[dict[Annotated[str, StringConstraints(pattern=r"^[0-9]+$")], int], KEYED]],
):
    """Counts by a number written as a string."""


class Holder(Shape):
    """A shape with one inlined and one narrowed field."""

    won: Annotated[Won, in_place(Won), Field(description="In place.")]
    other: Annotated[object, narrowed(Other, at=Won)]


INLINED = {
    "type": "object",
    "properties": {"by": {"const": "lead", "type": "string"}},
    "additionalProperties": False,
    "required": ["by"],
}


def test_a_union_with_null_is_a_oneof_with_null_first_and_its_shape_in_place() -> None:
    assert document_schema(MaybeWon) == {"oneOf": [{"type": "null"}, INLINED]}
    assert MaybeWon.model_validate(None).root is None
    assert MaybeWon.model_validate({"by": "lead"}).root == Won(by="lead")
    with pytest.raises(ValidationError):
        MaybeWon.model_validate({"by": "lead", "extra": 1})


def test_a_union_of_shapes_is_a_oneof_of_their_refs_in_order() -> None:
    assert document_schema(Either) == {"oneOf": [{"$ref": REF + "Won"}, {"$ref": REF + "Other"}]}


def test_a_closed_tuple_has_its_items_then_no_more() -> None:
    assert document_schema(Paid) == {
        "type": "array",
        "items": False,
        "prefixItems": [{"type": "integer"}, {"type": "integer", "minimum": 1}],
        "minItems": 2,
    }
    with pytest.raises(ValidationError):
        Paid.model_validate([0, 1, 2])


def test_keys_by_pattern_are_property_names() -> None:
    assert document_schema(Counts) == {
        "type": "object",
        "propertyNames": {"pattern": "^[0-9]+$"},
        "additionalProperties": {"type": "integer"},
    }
    assert Counts.model_validate({"12": 3}).root == {"12": 3}
    with pytest.raises(ValidationError):
        Counts.model_validate({"x": 3})


def test_a_field_is_inlined_or_narrowed() -> None:
    properties = document_schema(Holder)["properties"]
    assert properties["won"] == {**INLINED, "description": "In place."}
    assert properties["other"] == {
        "allOf": [{"$ref": REF + "Other"}],
        "properties": {"at": {"$ref": REF + "Won"}},
    }
