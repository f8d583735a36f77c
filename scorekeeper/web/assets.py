"""Static files under content-hashed names, cached a year; the modules a page runs, preloaded.

`url_for('static', filename='js/live.js')` gives /static/js/live.3f2a1b9c0d12.js, a hash of what
is served. A module's imports (and a stylesheet's url()s) are rewritten to the hashed names of
the files they name, and each file is hashed over its rewritten text, dependencies first: a
change in words.js changes the hash of every module that imports it, directly or not. A cycle
of imports is hashed as one: its members' hashes come from all their texts together.

Every process reads the files once (in debug, again when one changes on disk), and keeps each
text file gzipped beside it: a browser that takes gzip gets a third of the bytes even with no
compressing proxy in front (`make run`, gunicorn alone). `make serve`'s nginx asks for the plain
file and compresses it itself, with brotli where the browser takes it.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, cast

from flask import Flask, Response, abort, current_app, g, request
from markupsafe import Markup, escape

HASH_LENGTH = 12
MANIFEST = "scorekeeper.assets"  # the app's static folder and its files (outside debug)
HASHED = re.compile(rf"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{{{HASH_LENGTH}}})(?P<ext>\.\w+)$")
IMMUTABLE = "public, max-age=31536000, immutable"
COMPRESSED = frozenset({".js", ".css", ".svg", ".json", ".webmanifest"})  # text worth gzipping
# What a file names, by its kind: imports (static, dynamic, a classic worker's importScripts,
# `export … from`), and a stylesheet's url() and @import. Only names of files in the folder are
# rewritten; anything else (a CDN, data:, a word in a comment) is left as it is.
REFERENCES = {
    ".js": re.compile(
        r"""(?:\bimport\s*\(|\bimportScripts\s*\(|\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?)"""
        r"""\s*(["'])(?P<name>[^"'\n]+)\1"""
    ),
    ".css": re.compile(r"""(?:\burl\(\s*|@import\s+)(["']?)(?P<name>[^"')\s]+)\1"""),
}
MODULE_SCRIPT = re.compile(r"""<script\b(?=[^>]*\btype="module")[^>]*\bsrc="(?P<src>[^"]+)\"""")


@dataclass(frozen=True)
class Asset:
    """One static file as served: its body (references rewritten), hash and what it names."""

    name: str  # relative to the static folder: "js/live.js"
    body: bytes
    digest: str
    modified: float  # the newest of its own and its dependencies' times: its body changes then
    names: tuple[str, ...]  # the static files it imports or refers to
    zipped: bytes | None = None  # the body gzipped, for a text file it makes smaller

    @property
    def hashed(self) -> str:
        """Its name with the hash before the extension: "js/live.3f2a1b9c0d12.js"."""
        stem, ext = posixpath.splitext(self.name)
        return f"{stem}.{self.digest}{ext}"


@dataclass(frozen=True)
class Manifest:
    """Every static file of one folder, by its plain name."""

    files: dict[str, Asset]

    def find(self, filename: str) -> tuple[Asset, bool] | None:
        """The file a name asks for, and whether it asked by its current hash."""
        if filename in self.files:
            return self.files[filename], False
        match = HASHED.match(filename)
        asset = match and self.files.get(match["stem"] + match["ext"])
        return (asset, match["hash"] == asset.digest) if match and asset else None

    def graph(self, entries: Iterable[str]) -> list[str]:
        """The entries and everything they import, directly or not, entries first."""
        found = [name for name in dict.fromkeys(entries) if name in self.files]
        for name in found:  # grows as it goes: breadth first
            found += [d for d in self.files[name].names if d not in found]
        return found

    @cached_property  # asked for by every page's tag, a 304's too
    def version(self) -> str:
        """Changes exactly when a hashed name does."""
        names = "\0".join(sorted(asset.hashed for asset in self.files.values()))
        return hashlib.sha256(names.encode()).hexdigest()[:HASH_LENGTH]


def register(app: Flask) -> None:
    """Hashed names for url_for('static'), and the static view that answers them."""
    app.url_defaults(_hash_filename)
    app.view_functions["static"] = serve
    app.jinja_env.globals["preload_modules"] = preload_modules


def manifest() -> Manifest:
    """The current app's static files (in debug, looked at once per request)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]  # once, not per use
    place = (app.static_folder, app.static_url_path)
    kept = app.extensions.get(MANIFEST)
    if not app.debug and kept is not None and kept[0] == place:
        return cast(Manifest, kept[1])  # every page's tag asks: no Path built, nothing hashed
    folder = Path(app.static_folder or "static")
    url_path = app.static_url_path or "/static"
    if not app.debug:
        app.extensions[MANIFEST] = (place, _read_once(folder, url_path, ()))
        return cast(Manifest, app.extensions[MANIFEST][1])
    if "assets" not in g:
        g.assets = _read_once(folder, url_path, _stamp(folder))
    return cast(Manifest, g.assets)


def serve(filename: str) -> Response:
    """A static file: a year's immutable cache under its current hash; otherwise (an unhashed
    name, or a hash from before a deploy) today's file, revalidated each time."""
    found = manifest().find(filename)
    if found is None:
        abort(404)
    asset, current = found
    taken = request.accept_encodings["gzip"] > 0
    zipped = asset.zipped if taken else None
    response = Response(zipped or asset.body, mimetype=mimetypes.guess_type(asset.name)[0])
    if asset.zipped is not None:  # the answer depends on what the browser takes
        response.vary.add("Accept-Encoding")
    if zipped:
        response.content_encoding = "gzip"
    # A stale hash gets today's file rather than a 404: a page from before the deploy (or from
    # an app server not yet updated) still runs, and no-cache keeps it from being kept as that
    # hash's content.
    response.headers["Cache-Control"] = IMMUTABLE if current else "no-cache"
    response.set_etag(f"{asset.digest}-gzip" if zipped else asset.digest)
    response.last_modified = asset.modified  # type: ignore[assignment]  # werkzeug takes a float
    response.make_conditional(request)  # a 304 when the browser's copy is this one
    return response


def preload_modules(html: str) -> Markup:
    """<link rel=modulepreload> for the module scripts in `html` and all they import."""
    files = manifest()
    prefix = (current_app.static_url_path or "/static") + "/"
    entries: list[str] = []
    for match in MODULE_SCRIPT.finditer(html):
        src = match["src"]
        found = src.startswith(prefix) and files.find(src[len(prefix) :])
        if found:
            entries.append(found[0].name)
    links = (
        f'<link rel="modulepreload" href="{escape(prefix + files.files[name].hashed)}">'
        for name in files.graph(entries)
    )
    return Markup("\n  ".join(links))


def _hash_filename(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and isinstance(values.get("filename"), str):
        asset = manifest().files.get(values["filename"])
        if asset is not None:
            values["filename"] = asset.hashed


def _stamp(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """Each file's time and size, so that debug sees an edit without a restart."""
    stats = ((str(path), path.stat()) for path in _files(folder))
    return tuple((name, stat.st_mtime_ns, stat.st_size) for name, stat in stats)


def _files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file())


def read(folder: Path, url_path: str = "/static") -> Manifest:
    """Read and hash every file of `folder` (served at `url_path`), dependencies first."""
    return _Builder(folder, url_path).build()


# Keyed by every file's time and size (_stamp): an edited file reads the folder again.
@lru_cache(maxsize=4)
def _read_once(folder: Path, url_path: str, stamp: tuple[tuple[str, int, int], ...]) -> Manifest:
    return read(folder, url_path)


class _Builder:
    """Reads a folder's files and hashes them, each after those it names."""

    def __init__(self, folder: Path, url_path: str) -> None:
        self.url_path = url_path
        self.paths = {path.relative_to(folder).as_posix(): path for path in _files(folder)}
        self.sources = {name: path.read_bytes() for name, path in self.paths.items()}
        self.names = {name: self._names(name) for name in self.paths}
        self.files: dict[str, Asset] = {}

    def build(self) -> Manifest:
        """Every file, hashed."""
        for group in _components(self.names):
            self._hash(group)
        return Manifest(self.files)

    def _names(self, name: str) -> tuple[str, ...]:
        """The static files that `name` refers to, in order, once each."""
        pattern = REFERENCES.get(posixpath.splitext(name)[1])
        if pattern is None:
            return ()
        found = (self._resolve(name, m["name"]) for m in pattern.finditer(self._text(name)))
        return tuple(dict.fromkeys(n for n in found if n in self.paths))

    def _text(self, name: str) -> str:
        return self.sources[name].decode("utf-8")

    def _resolve(self, name: str, reference: str) -> str:
        """The static file a reference names, relative to the file or from the static URL."""
        if reference.startswith(self.url_path + "/"):
            return reference[len(self.url_path) + 1 :]
        # In a stylesheet a bare name ("icons/x.svg") is relative too; in a module it would
        # name a package.
        bare = name.endswith(".css") and not re.match(r"[\w+.-]*:|[/#]", reference)
        if reference.startswith(("./", "../")) or bare:
            return posixpath.normpath(posixpath.join(posixpath.dirname(name), reference))
        return ""

    def _rewrite(self, name: str, digests: dict[str, str]) -> bytes:
        """The file with each reference to a file whose hash is known renamed to that hash."""
        pattern = REFERENCES.get(posixpath.splitext(name)[1])
        if pattern is None:
            return self.sources[name]

        def renamed(match: re.Match[str]) -> str:
            target = self._resolve(name, match["name"])
            if target not in digests:
                return match[0]
            stem, ext = posixpath.splitext(match["name"])
            start, end = match.start("name") - match.start(), match.end("name") - match.start()
            return match[0][:start] + f"{stem}.{digests[target]}{ext}" + match[0][end:]

        return pattern.sub(renamed, self._text(name)).encode("utf-8")

    def _hash(self, group: list[str]) -> None:
        """Hash one file, or a cycle of them as one, once all they name outside it is hashed."""
        known = {name: asset.digest for name, asset in self.files.items()}
        if len(group) == 1 and group[0] not in self.names[group[0]]:
            digests = {group[0]: _digest(self._rewrite(group[0], known))}
        else:  # each member's hash covers every member's text; then they name each other by it
            together = b"".join(
                name.encode() + b"\0" + self._rewrite(name, known) + b"\0" for name in sorted(group)
            )
            digests = {name: _digest(together + name.encode()) for name in group}
        known |= digests
        changed = max(self.paths[name].stat().st_mtime for name in group)
        for name in group:
            outside = [self.files[n].modified for n in self.names[name] if n in self.files]
            body = self._rewrite(name, known)
            modified = max([changed, *outside])
            zipped = _gzipped(name, body)
            self.files[name] = Asset(name, body, digests[name], modified, self.names[name], zipped)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_LENGTH]


def _gzipped(name: str, body: bytes) -> bytes | None:
    """A text file's body gzipped (the same bytes every time), if that makes it smaller."""
    if posixpath.splitext(name)[1] not in COMPRESSED:
        return None
    zipped = gzip.compress(body, compresslevel=9, mtime=0)
    return zipped if len(zipped) < len(body) else None


def _components(graph: dict[str, tuple[str, ...]]) -> list[list[str]]:
    """The graph's strongly connected components, each after every one it depends on
    (Tarjan's algorithm, which finds them in that order)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group: list[str] = []
            while not group or group[-1] != node:
                group.append(stack.pop())
            found.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found
