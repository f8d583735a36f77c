"""Exports (shared/API.md "Exports"): a session as CSV or JSON (a club's: clubs/views.py)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask import Response

from ..data.backup.writing import session_export
from ..data.models import GameSession
from ..web.read_limits import expensive_read
from .blueprint import bp
from .games import PAGES


@bp.get("/s/<session_id>/export.csv")
def session_csv(session_id: str) -> Response:
    """A header row, then one row per deal: its number, points and the running standing."""
    with expensive_read():
        session = GameSession.find(session_id, full=True)
        header, rows = PAGES[session.game_name].csv_columns(session, session.standing())
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow([inert(cell) for cell in header])
        writer.writerows([inert(cell) for cell in row] for row in rows)
        return download(out.getvalue(), "text/csv", f"{session.game_name}-{session.id}.csv")


@bp.get("/s/<session_id>/export.json")
def session_json(session_id: str) -> Response:
    """The session, its teams, options and raw deal records, deleted ones marked."""
    with expensive_read():
        session = GameSession.find(session_id, full=True)
        body = as_json(session_export(session))
        return download(body, "application/json", f"{session.game_name}-{session.id}.json")


FORMULA = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet would run as a formula


def inert(cell: Any) -> Any:
    """A cell as text a spreadsheet shows, never runs: a name such as "=1+2" gets a quote."""
    return "'" + cell if isinstance(cell, str) and cell.startswith(FORMULA) else cell


def as_json(body: Any) -> str:
    """Readable JSON, non-ASCII names kept as they are."""
    return json.dumps(body, ensure_ascii=False, indent=1)


def download(body: str, mimetype: str, filename: str) -> Response:
    """A UTF-8 file that the browser saves under `filename`."""
    response = Response(body.encode(), content_type=f"{mimetype}; charset=utf-8")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
