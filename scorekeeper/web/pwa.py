"""Installable and offline: the web app manifest, the service worker and its offline page."""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, url_for

bp = Blueprint("pwa", __name__)

THEME = "#14532d"  # --accent of static/app.css: the header of the installed app
BACKGROUND = "#f7f7f5"  # --bg of static/app.css: the splash screen


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """What a phone needs to install the app: names, colours, icons."""
    body = {
        "name": "Scorekeeper",
        "short_name": "Scorekeeper",
        "description": "Keep score of Seep, Fifty-six and Casino at the card table.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            _icon("icon", 192, "any"),
            _icon("icon", 512, "any"),
            _icon("maskable", 192, "maskable"),
            _icon("maskable", 512, "maskable"),
        ],
    }
    return Response(json.dumps(body, indent=1), mimetype="application/manifest+json")


def _icon(name: str, size: int, purpose: str) -> dict[str, str]:
    return {
        "src": url_for("static", filename=f"icons/{name}-{size}.png"),
        "sizes": f"{size}x{size}",
        "type": "image/png",
        "purpose": purpose,
    }


WORKER = ("js/queue-store.js", "sw.js")  # the worker's script: the queue's storage, then its own


@bp.get("/sw.js")
def service_worker() -> Response:
    """static/sw.js served from the root, so that it may control every page, with its build:
    the static files to keep and a version that changes whenever any of them does."""
    static = Path(current_app.static_folder or "static")
    (version, files), worker = _build(static), _worker(static)
    shell = [url_for("static", filename=name) for name in files] + [url_for(".offline")]
    build = {"version": version, "shell": shell, "offline": url_for(".offline")}
    response = Response(f"const BUILD = {json.dumps(build)};\n{worker}", mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # a deploy reaches phones at their next visit
    return response


@bp.get("/offline")
def offline() -> str:
    """Shown by the service worker for a page never seen while online."""
    return render_template("offline.html")


@cache
def _build(static: Path) -> tuple[str, tuple[str, ...]]:
    """The static files (relative names) and a hash of their contents and of the worker's."""
    files = sorted(p for p in static.rglob("*") if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256((static / "sw.js").read_bytes())
    for path in files:
        digest.update(str(path.relative_to(static)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12], tuple(str(p.relative_to(static)) for p in files)


@cache
def _worker(static: Path) -> str:
    """The worker's script, read once per process: browsers ask for it at every navigation."""
    return "\n".join((static / name).read_text() for name in WORKER)
