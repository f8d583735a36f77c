"""The shape of an event of a change stream (`GET …/changes`), as a client's SSE parser hands
it over: its id and type, and its data, the version as JSON."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from .reading import Shape
from .writing import doc


@doc(
    "One event of a change stream: `id` and `data` name the session's or club's version "
    '(`data` is the JSON `{"version": <version>}`).',
    examples=[{"id": "3", "event": "version", "data": '{"version": 3}'}],
)
class ChangeEvent(Shape):
    """An event of a change stream."""

    id: Annotated[str, Field(pattern="^[0-9]+$")]
    event: Literal["version"]
    data: Annotated[str, Field(pattern='^\\{"version": [0-9]+\\}$')]


SHAPES: tuple[type[Any], ...] = (ChangeEvent,)
