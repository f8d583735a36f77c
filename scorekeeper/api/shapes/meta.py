"""The shapes of the API's own state: `GET /api/v1/health`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import WithJsonSchema

from .reading import Shape


def _one_of(*values: str) -> Any:
    """One of `values`, written as the document writes it (enum alone)."""
    return WithJsonSchema({"enum": list(values)})


class Health(Shape):
    """What this app server can reach: where limits are counted, whether the database answers."""

    limits: Annotated[Literal["shared", "local"], _one_of("shared", "local")]
    database: Annotated[Literal["ok", "unavailable"], _one_of("ok", "unavailable")]


SHAPES: tuple[type[Any], ...] = (Health,)
