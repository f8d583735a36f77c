"""A shape's schema as openapi.json writes it: its description and examples, its keywords in
the document's order, other schemas by $ref (written_as.py has the other ways)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from pydantic import (
    GetJsonSchemaHandler,
    WithJsonSchema,
)
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import CoreSchema, core_schema

SCHEMAS = "#/components/schemas/"


BY_NAME = "x-by-name"  # a schema named, made its $ref when written (pydantic's are its own)


# The order openapi.json writes a schema's keywords in (the hand-written document's, kept).
ORDER = (
    "$ref", "type", "const", "enum", "format", "minLength", "maxLength", "pattern", "minimum",
    "exclusiveMinimum", "maximum", "items", "prefixItems", "minItems", "maxItems", "uniqueItems",
    "properties", "propertyNames", "minProperties", "additionalProperties", "required", "oneOf",
    "anyOf", "allOf", "if", "then", "else", "default", "description", "examples",
)  # fmt: skip
RANK = {name: n for n, name in enumerate(ORDER)}


Shaped = TypeVar("Shaped", bound=type["Documented"])


class Documented:
    """A shape's description and examples as the document gives them (not its docstring)."""

    DOC: ClassVar[str | None] = None
    EXAMPLES: ClassVar[list[Any] | None] = None

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The model's schema with the document's description and examples."""
        shown = {**handler.resolve_ref_schema(handler(schema))}
        shown.pop("description", None)  # the docstring speaks to programmers
        doc = {"description": cls.DOC} if cls.DOC else {}
        return {**shown, **doc, **({"examples": cls.EXAMPLES} if cls.EXAMPLES else {})}


def doc(description: str | None, examples: list[Any] | None = None) -> Callable[[Shaped], Shaped]:
    """Give a shape the document's description (and examples) of it."""

    def give(shape: Shaped) -> Shaped:
        shape.DOC, shape.EXAMPLES = description, examples
        return shape

    return give


class _Alone:
    """A const written alone, as the document writes it (pydantic adds its type)."""

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {"const": handler(schema)["const"]}


# The default of a field that may be left out: the shapes answer no defaults, they declare.
LEFT_OUT: Any = None


ALONE = _Alone()  # Annotated[Literal["x"], ALONE]: {"const": "x"}


def ref(name: str) -> WithJsonSchema:
    """A field of the schema of this name, by its $ref only (declared elsewhere, or built from
    the engine's options)."""
    return WithJsonSchema({BY_NAME: name})  # pydantic resolves its own $refs: not these


def ref_among(how: str, name: str, *others: dict[str, Any], description: str) -> WithJsonSchema:
    """A schema by name, its $ref inside `how` (allOf, oneOf) beside `others`, as
    the document writes a described $ref or one that may be null."""
    return WithJsonSchema({how: [{BY_NAME: name}, *others], "description": description})


class _DocumentSchema(GenerateJsonSchema):
    """pydantic's JSON Schema as the document writes it: no titles, no null defaults, and a
    value that may be null typed `[type, "null"]` rather than pydantic's anyOf."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def sort(self, value: JsonSchemaValue, parent_key: str | None = None) -> JsonSchemaValue:
        return value  # _ordered writes the document's order; examples keep their own

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        if schema.get("default") is None:  # left out or null: said in the field's description
            return self.generate_inner(schema["schema"])
        return super().default_schema(schema)

    def nullable_schema(self, schema: core_schema.NullableSchema) -> JsonSchemaValue:
        inner = self.generate_inner(schema["schema"])
        if not isinstance(inner.get("type"), str):
            return super().nullable_schema(schema)
        enum = {"enum": [*inner["enum"], None]} if "enum" in inner else {}
        return {**inner, "type": [inner["type"], "null"], **enum}


def document_schema(shape: type[Any]) -> dict[str, Any]:
    """The schema of `shape` as openapi.json writes it: its keywords in the document's order,
    other shapes by $ref."""
    made = shape.model_json_schema(
        ref_template=SCHEMAS + "{model}", schema_generator=_DocumentSchema
    )
    made.pop("$defs", None)  # each declared shape is written once, under its own name
    made.pop("title", None)
    return _ordered(made)


def _ordered(schema: Any) -> Any:
    """`schema` with every schema object's keywords in ORDER (properties as declared)."""
    if isinstance(schema, list):
        return [_ordered(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if BY_NAME in schema:
        return {"$ref": SCHEMAS + schema[BY_NAME]}
    keys = sorted(schema, key=lambda name: RANK.get(name, len(ORDER)))
    return {
        name: (
            {field: _ordered(s) for field, s in schema[name].items()}
            if name == "properties"
            else schema[name]
            if name in ("examples", "enum", "required", "const")
            else _ordered(schema[name])
        )
        for name in keys
    }
