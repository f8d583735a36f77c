"""A request body read through its shape, refused with the API's own codes and sentences in
the reader's language (never pydantic's): an unknown field first, then each field in turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    GetCoreSchemaHandler,
    ValidationError,
)
from pydantic_core import CoreSchema, ErrorDetails, core_schema

from ...rules import InvalidInput
from .writing import Documented

Read = TypeVar("Read", bound="Shape")


class Shape(Documented, BaseModel):
    """A request or answer of the API; a field never named in it answers `unknown-field`."""

    model_config = ConfigDict(extra="forbid", strict=True)
    WHAT: ClassVar[str] = ""  # the thing read, as the sentences name it ("A club")


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
