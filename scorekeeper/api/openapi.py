"""The API's own description: openapi.json beside this module, served as checked in."""

from __future__ import annotations

from functools import cache
from importlib import resources

from flask import Response

from .http import bp


@bp.get("/openapi.json")
def openapi() -> Response:
    """This API's OpenAPI 3.1 description, exactly as checked in (scorekeeper/api/openapi.json)."""
    return Response(_openapi_document(), mimetype="application/json")


@cache  # a file of the installed package, which does not change while it runs
def _openapi_document() -> bytes:
    return resources.files(__package__).joinpath("openapi.json").read_bytes()
