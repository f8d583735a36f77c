"""The glue between the shapes and the API: a request body read through its model, refusing
with the API's own codes and sentences, and a model's schema as the document writes it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    ValidationError,
    WithJsonSchema,
)
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import CoreSchema, ErrorDetails, core_schema

from ...rules import InvalidInput

SCHEMAS = "#/components/schemas/"
BY_NAME = "x-by-name"  # a schema named, made its $ref when written (pydantic's are its own)
# The document's order of a schema's keywords (openapi.json was written by hand in this order).
ORDER = (
    "$ref", "type", "const", "enum", "format", "minLength", "maxLength", "pattern", "minimum",
    "exclusiveMinimum", "maximum", "items", "prefixItems", "minItems", "maxItems", "uniqueItems",
    "properties", "propertyNames", "minProperties", "additionalProperties", "required", "oneOf",
    "anyOf", "allOf", "if", "then", "else", "default", "description", "examples",
)  # fmt: skip

Read = TypeVar("Read", bound="Shape")
Shaped = TypeVar("Shaped", bound=type["Documented"])


class Documented:
    """A shape's description and examples as the document gives them (not its docstring)."""

    DOC: ClassVar[str | None] = None
    EXAMPLES: ClassVar[list[Any] | None] = None
    KEYWORDS: ClassVar[tuple[str, ...]] = ORDER  # another order where the document has one

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The model's schema with the document's description and examples."""
        shown = {**handler.resolve_ref_schema(handler(schema))}
        shown.pop("description", None)  # the docstring speaks to programmers
        doc = {"description": cls.DOC} if cls.DOC else {}
        return {**shown, **doc, **({"examples": cls.EXAMPLES} if cls.EXAMPLES else {})}


class Shape(Documented, BaseModel):
    """A request or answer of the API; a field never named in it answers `unknown-field`."""

    model_config = ConfigDict(extra="forbid", strict=True)
    WHAT: ClassVar[str] = ""  # the thing read, as the sentences name it ("A club")


def doc(
    description: str | None,
    examples: list[Any] | None = None,
    keywords: tuple[str, ...] = ORDER,
) -> Callable[[Shaped], Shaped]:
    """Give a shape the document's description (and examples) of it, and the order of its
    keywords where the document wrote them in another."""

    def give(shape: Shaped) -> Shaped:
        shape.DOC, shape.EXAMPLES, shape.KEYWORDS = description, examples, keywords
        return shape

    return give


def moved(name: str, after: str) -> tuple[str, ...]:
    """ORDER with the keyword `name` written right after `after`."""
    rest = [keyword for keyword in ORDER if keyword != name]
    at = rest.index(after) + 1
    return (*rest[:at], name, *rest[at:])


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


def reader(read: Callable[[object], Any], absent_too: bool = False) -> _Reader:
    """A field read by `read`, which raises the API's own InvalidInput; `absent_too` when it
    also names the field's absence (read(None)) in words of its own."""
    return _Reader(read, absent_too)


@dataclass(frozen=True)
class _Reader:
    """A field's reader, run before pydantic's own checks of its type."""

    read: Callable[[object], Any]
    absent_too: bool

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return core_schema.no_info_before_validator_function(self.read, handler(source))


def read_body(shape: type[Read], body: Mapping[str, Any]) -> Read:
    """`body` read through `shape`; else the InvalidInput the API answers, in the order the
    readers always checked: an unknown field (the first by name), then each field in turn."""
    try:
        return shape.model_validate(body)
    except ValidationError as error:
        raise _refusal(shape, body, error.errors()) from None


def _refusal(shape: type[Shape], body: object, errors: list[ErrorDetails]) -> InvalidInput:
    """The one InvalidInput that names the first problem of `errors`."""
    if not isinstance(body, Mapping):
        return InvalidInput("bad-field", "not-object", what=shape.WHAT)
    # From the body itself, as record() did: any key, even "" or a lone surrogate, is named.
    unknown = sorted(set(body) - set(shape.model_fields))
    if unknown:
        return InvalidInput("unknown-field", "unknown-field", what=shape.WHAT, field=unknown[0])
    first = errors[0]
    if first["type"] == "missing":
        name = str(first["loc"][0])
        read = _reader_of(shape, name)
        if read is not None and read.absent_too:
            try:
                read.read(None)
            except InvalidInput as refused:
                return refused
        return InvalidInput("missing-field", "missing-field", what=shape.WHAT, field=name)
    cause = (first.get("ctx") or {}).get("error")
    if isinstance(cause, InvalidInput):
        return cause
    # A field with no reader of its own: its value is not what the schema says.
    return InvalidInput("bad-field", "not-a-choice", what=str(first["loc"][0]), allowed=[])


def _reader_of(shape: type[Shape], name: str) -> _Reader | None:
    """The reader declared on the field `name`, if any."""
    found = [m for m in shape.model_fields[name].metadata if isinstance(m, _Reader)]
    return found[0] if found else None


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
    return _ordered(made, getattr(shape, "KEYWORDS", ORDER))


def _ordered(schema: Any, order: tuple[str, ...]) -> Any:
    """`schema` with every schema object's keywords in `order` (properties as declared)."""
    if isinstance(schema, list):
        return [_ordered(item, order) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if BY_NAME in schema:
        return {"$ref": SCHEMAS + schema[BY_NAME]}
    rank = {name: n for n, name in enumerate(order)}
    keys = sorted(schema, key=lambda name: rank.get(name, len(order)))
    return {
        name: (
            {field: _ordered(s, order) for field, s in schema[name].items()}
            if name == "properties"
            else schema[name]
            if name in ("examples", "enum", "required", "const")
            else _ordered(schema[name], order)
        )
        for name in keys
    }


# --- glue added for standings ---


def _inlined(made: JsonSchemaValue, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
    """A shape's schema written in place of its $ref, without pydantic's title."""
    shown = {**handler.resolve_ref_schema(made)}
    shown.pop("title", None)
    return shown


@dataclass(frozen=True)
class _OneOf:
    """A union written as the document's oneOf (pydantic writes anyOf, null last)."""

    null_first: bool
    inline: bool

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        made = {**handler(schema)}
        choices = [
            _inlined(choice, handler) if self.inline and "$ref" in choice else choice
            for choice in made.pop("anyOf")
        ]
        if self.null_first:  # the document names the null case first
            choices.sort(key=lambda choice: choice != {"type": "null"})
        return {"oneOf": choices, **made}


def one_of(null_first: bool = False, inline: bool = False) -> _OneOf:
    """Annotated[A | B, one_of()]: {"oneOf": [A, B]}; `inline` writes each shape in place of its
    $ref (the document names no schema for them), `null_first` puts a null choice first."""
    return _OneOf(null_first, inline)


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


# --- glue added for live ---


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


# --- glue added for play (positions, moves, checks, calls) ---
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
