"""Installable and offline: the web app manifest, the service worker and its offline page."""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, render_template, url_for
from flask_babel import force_locale  # type: ignore[import-untyped]

from ..words import gettext, languages
from . import assets

bp = Blueprint("pwa", __name__)

THEME = "#14532d"  # --accent of static/app.css: the header of the installed app
BACKGROUND = "#f7f7f5"  # --bg of static/app.css: the splash screen


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """What a phone needs to install the app: names, colours, icons."""
    body = {
        "name": gettext("Scorekeeper"),
        "short_name": gettext("Scorekeeper"),
        "description": gettext("Keep score of Seep, Fifty-six and Casino at the card table."),
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
    the static files to keep, by the hashed names the pages use, and a version that changes
    exactly when one of those names does."""
    files = assets.manifest()
    # The offline page in every language: the worker picks the phone's (its menu's cookie, else
    # the browser's languages). The script is the same in every language, so that choosing one
    # does not make the browser install the worker, and fetch every file it keeps, again.
    offline = {code: url_for(".offline_in", code=code) for code in languages.LANGUAGES}
    shell = [url_for("static", filename=name) for name in _shell(files)] + [*offline.values()]
    build = {"version": files.version, "shell": shell, "offline": offline}
    build |= {"language": languages.DEFAULT, "cookie": languages.COOKIE}
    worker = "\n".join(files.files[name].body.decode() for name in WORKER)
    response = Response(f"const BUILD = {json.dumps(build)};\n{worker}", mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # a deploy reaches phones at their next visit
    return response


@bp.get("/offline")
def offline() -> str:
    """Shown by the service worker for a page never seen while online."""
    return render_template("offline.html")


@bp.get("/offline/<code>")
def offline_in(code: str) -> str:
    """The offline page in the language `code`, whatever this request would choose."""
    if code not in languages.LANGUAGES:
        abort(404)
    with force_locale(code):
        return render_template("offline.html")


def _shell(files: assets.Manifest) -> list[str]:
    """The static files a page may use: all but the worker's own script."""
    return sorted(name for name in files.files if name != "sw.js")
