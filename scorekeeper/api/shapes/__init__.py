"""The API's request and answer shapes, declared once as typed pydantic models.

Why pydantic v2 with our own thin glue (reading.py reads; writing.py and written_as.py write),
not spectree, flask-openapi3 or apispec with marshmallow: pydantic writes JSON Schema 2020-12,
which is OpenAPI 3.1's own dialect, so a model's schema goes into openapi.json as it is; its
models are plain typed classes that mypy checks; and its errors are data (a type and a place),
so reading.py turns them into the API's own codes and sentences in the reader's language
(shared/API.md "Errors"). spectree and flask-openapi3 own the routes and answer their generated
422 in English; apispec with marshmallow writes OpenAPI 3.0-style schemas from untyped schema
classes.

openapi_build.py writes openapi.json from these models and the operations kept by hand
(openapi_operations.json): every schema of the document is declared here.
"""

from __future__ import annotations

from . import (
    advice,
    after_write,
    answered_deals,
    calls,
    casino_moves,
    casino_positions,
    changes,
    checks,
    clubs,
    deals,
    ended_standings,
    errors,
    game_standings,
    games,
    live,
    live_states,
    live_steps,
    meta,
    moves,
    names,
    records,
    sessions,
    standings,
    stats,
    tournaments,
    tricks,
)
from .reading import Shape

# Every module of shapes, each with its SHAPES: the parts first, then what is made of them.
MODULES = (
    names, errors, clubs, games, deals, standings, ended_standings, game_standings, stats,
    records, meta, moves, calls, tricks, casino_positions, casino_moves, checks, live_states,
    live_steps, live, answered_deals, after_write, sessions, changes, tournaments, advice,
)  # fmt: skip
# Every declared schema, by the name the document gives it.
DECLARED: dict[str, type[Shape]] = {
    shape.__name__: shape for module in MODULES for shape in module.SHAPES
}

__all__ = ["DECLARED", "Shape"]
