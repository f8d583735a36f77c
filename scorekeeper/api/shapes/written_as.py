"""What the document writes otherwise than pydantic would: a union as oneOf, a nameless shape
in place, a closed tuple, keys by pattern, a bare object, an options schema by name, an
if/then/else."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    GetJsonSchemaHandler,
    WithJsonSchema,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from .writing import BY_NAME, SCHEMAS, Shaped, document_schema


class _Closed:
    """A tuple as the document writes it: its items, then no more (`items: false`)."""

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        made = {**handler(schema)}
        made.pop("maxItems", None)
        return {**made, "items": False}


CLOSED = _Closed()  # Annotated[tuple[A, B], CLOSED]


class _Keyed:
    """A mapping whose keys match one pattern, written with propertyNames and
    additionalProperties (pydantic writes patternProperties)."""

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        made = {**handler(schema)}
        ((pattern, values),) = made.pop("patternProperties").items()
        return {**made, "propertyNames": {"pattern": pattern}, "additionalProperties": values}


KEYED = _Keyed()  # Annotated[dict[Annotated[str, pattern], V], KEYED]


def narrowed(shape: type[Any], **fields: type[Any]) -> WithJsonSchema:
    """`shape` by $ref with some of its fields' schemas narrowed to other shapes, as the document
    writes a player's statistics whose figures are one game's."""
    return WithJsonSchema(
        {
            "allOf": [{BY_NAME: shape.__name__}],
            "properties": {name: {BY_NAME: other.__name__} for name, other in fields.items()},
        }
    )


def in_place(shape: type[BaseModel]) -> _InPlace:
    """Annotated[Part, in_place(Part)]: a nested shape written in place, not by its $ref, as the
    document writes an object that has no name of its own."""
    return _InPlace(shape)


@dataclass(frozen=True)
class _InPlace:
    """A nested shape's schema, written where it is used."""

    shape: type[BaseModel]

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return _written(self.shape)


def open_object(description: str | None = None) -> WithJsonSchema:
    """Annotated[dict[str, Any], open_object(...)]: any JSON object, as the document writes one
    whose fields it leaves open (pydantic adds `additionalProperties: true`)."""
    return WithJsonSchema(
        {"type": "object", **({"description": description} if description else {})}
    )


NULL = {"type": "null"}  # a choice of among()


def among(how: str, *choices: str | type[BaseModel] | dict[str, Any]) -> _Among:
    """A union written as the document writes it: `how` (oneOf, anyOf) of its choices in the
    document's order, each a schema's name (its $ref), a shape written in place, or a schema."""
    return _Among(how, choices)


def each_game(name: str) -> _Among:
    """A oneOf of each game's schema of this name, Seep's first ("DealAnswer": SeepDealAnswer,
    FiftySixDealAnswer, CasinoDealAnswer), as the document writes an answer of any game."""
    return among("oneOf", *(f"{game}{name}" for game in ("Seep", "FiftySix", "Casino")))


@dataclass(frozen=True)
class _Among:
    """A union's schema, written as its choices say."""

    how: str
    choices: tuple[str | type[BaseModel] | dict[str, Any], ...]

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {self.how: [_choice(choice) for choice in self.choices]}


def _choice(choice: str | type[BaseModel] | dict[str, Any]) -> dict[str, Any]:
    """One choice of a union as the document writes it."""
    if isinstance(choice, str):
        return {BY_NAME: choice}
    if isinstance(choice, dict):
        return choice
    return _written(choice)


def _written(shape: type[BaseModel]) -> dict[str, Any]:
    """A shape's schema to write inside another's: its $refs left for _ordered to write, since
    pydantic counts every $ref it meets as one of its own definitions."""
    return _unref(document_schema(shape))


def _unref(schema: Any) -> Any:
    """`schema` with each {"$ref": ...} of the document's schemas made a BY_NAME mark."""
    if isinstance(schema, list):
        return [_unref(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if set(schema) == {"$ref"} and schema["$ref"].startswith(SCHEMAS):
        return {BY_NAME: schema["$ref"].removeprefix(SCHEMAS)}
    return {name: _unref(value) for name, value in schema.items()}


INLINED: set[str] = set()  # the shapes the document writes in place, never by name


NAMED = "x-named"  # a named schema that no shape declares, made a $ref by Inlining


def inlined(shape: Shaped) -> Shaped:
    """A shape the document writes where it is used (a move's kind, a nested object), not
    under components/schemas: a shape made of Inlining writes it out in place."""
    INLINED.add(shape.__name__)
    return shape


class Inlining:
    """A shape in which the inlined shapes are written out in place rather than by $ref, and
    whose union of them is written as `UNION` (the document's oneOf; pydantic writes anyOf)."""

    UNION: ClassVar[str] = "oneOf"

    @classmethod
    def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """pydantic's schema with the inlined shapes of its $defs put in their places."""
        made: dict[str, Any] = super().model_json_schema(*args, **kwargs)  # type: ignore[misc]
        made = _in_place(made, made.get("$defs", {}))
        if "anyOf" in made:
            made[cls.UNION] = made.pop("anyOf")
        return made


def _in_place(schema: Any, defs: dict[str, Any]) -> Any:
    """`schema` with each $ref to an inlined shape of `defs` replaced by that shape's schema
    (without its title), beside the keywords written next to the $ref."""
    if isinstance(schema, list):
        return [_in_place(item, defs) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if NAMED in schema:
        beside = {k: v for k, v in schema.items() if k != NAMED}
        return {"$ref": SCHEMAS + schema[NAMED], **beside}
    name = str(schema.get("$ref", "")).rsplit("/", 1)[-1]
    if name in INLINED and name in defs:
        shown = {k: v for k, v in defs[name].items() if k != "title"}
        beside = {k: v for k, v in schema.items() if k != "$ref"}
        return _in_place({**shown, **beside}, defs)
    return {k: v if k == "$defs" else _in_place(v, defs) for k, v in schema.items()}


def named(name: str) -> WithJsonSchema:
    """In an Inlining shape, a named schema that is no shape (an options schema) by $ref,
    keeping what pydantic writes beside it (its default), which ref() leaves out."""
    return WithJsonSchema({NAMED: name})


def only_for(field: str, value: str, *fields: str) -> ConfigDict:
    """A shape's config: its `fields` are there exactly when its `field`'s action is `value`
    (the document's if/then/else)."""
    when: dict[str, Any] = {"properties": {field: {"properties": {"action": {"const": value}}}}}
    absent: dict[str, Any] = {"not": {"anyOf": [{"required": [name]} for name in fields]}}
    return ConfigDict(
        json_schema_extra={"if": when, "then": {"required": list(fields)}, "else": absent}
    )
