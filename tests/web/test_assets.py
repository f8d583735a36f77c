"""Static files under content-hashed names: pages name them so, a hashed name is cached a year
(immutable) and any other revalidated, a module's imports name hashed files too (so a change in a
dependency changes its importers' hashes), and a page preloads every module it runs."""

from __future__ import annotations

import gzip
import posixpath
import re
import shutil
from pathlib import Path

import pytest
from flask import Flask, url_for
from flask.testing import FlaskClient

from scorekeeper.web import assets
from tests.helpers.pages import start

HASHED = re.compile(r"\.[0-9a-f]{12}\.\w+$")
IMMUTABLE = "public, max-age=31536000, immutable"
STATIC = re.compile(r'(?:src|href)="(/static/[^"]+)"')
# Any module specifier: `import … from "x"`, `import "x"`, `export … from "x"`, `import("x")`.
SPECIFIER = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']""")


GAMES = ("seep", "fifty-six", "casino")


def pages(client: FlaskClient) -> dict[str, str]:
    """Pages of every kind that name static files: home and the lessons' index; each game's
    new-session form, checker, lessons, scoreboard, live deal, deal form and TV view; the club's
    history and players; the offline page and an error page."""
    paths = ["/", "/offline/en", "/nowhere", "/learn"]
    for game in GAMES:
        board = start(client, game)
        paths += [f"/new/{game}", f"/check/{game}", board, board + "/live", board + "/deals/new"]
        paths += [f"/learn/{game}"]
        paths += [board + "/tv"]
    club = re.search(r'href="(/c/[^"/]+)"', client.get(board).get_data(as_text=True))
    assert club, "the session is in its club"
    paths += [club.group(1), club.group(1) + "/players"]
    return {path: client.get(path).get_data(as_text=True) for path in paths}


def test_pages_name_static_files_by_their_hashes(client: FlaskClient) -> None:
    for path, page in pages(client).items():
        named = STATIC.findall(page)
        assert named, path
        assert [url for url in named if not HASHED.search(url)] == [], path
        for url in set(named):
            response = client.get(url)
            assert response.status_code == 200, url
            assert response.headers["Cache-Control"] == IMMUTABLE, url


def test_an_unhashed_name_is_revalidated_with_its_etag_and_date(client: FlaskClient) -> None:
    plain = client.get("/static/app.css")
    assert plain.status_code == 200
    assert plain.headers["Cache-Control"] == "no-cache"
    etag, modified = plain.headers["ETag"], plain.headers["Last-Modified"]
    assert client.get("/static/app.css", headers={"If-None-Match": etag}).status_code == 304
    since = client.get("/static/app.css", headers={"If-Modified-Since": modified})
    assert since.status_code == 304
    assert since.headers["Cache-Control"] == "no-cache"


def test_a_stale_hash_gets_todays_file_revalidated(client: FlaskClient) -> None:
    """A page from before a deploy asks for an older hash: it gets the file as it is now, never
    to be kept as that hash's."""
    today = client.get("/static/js/app.js")
    stale = client.get("/static/js/app.0123456789ab.js")
    assert stale.status_code == 200
    assert stale.headers["Cache-Control"] == "no-cache"
    assert stale.get_data() == today.get_data() and stale.headers["ETag"] == today.headers["ETag"]
    for missing in ("/static/js/nothing.js", "/static/js/nothing.0123456789ab.js"):
        assert client.get(missing).status_code == 404


def test_a_changed_dependency_changes_every_importers_hash(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js/words.js").write_text('export const word = "deal";\n')
    (tmp_path / "js/dom.js").write_text('import { word } from "./words.js";\nexport { word };\n')
    live = 'import { word } from "./dom.js";\nimport("./words.js");\n'
    (tmp_path / "js/live.js").write_text(live)
    (tmp_path / "js/other.js").write_text("export const other = 1;\n")
    before = assets.read(tmp_path).files
    (tmp_path / "js/words.js").write_text('export const word = "deals";\n')
    after = assets.read(tmp_path).files
    for name in ("js/words.js", "js/dom.js", "js/live.js"):
        assert after[name].digest != before[name].digest, name
    assert after["js/other.js"].digest == before["js/other.js"].digest
    live = after["js/live.js"].body.decode()
    assert SPECIFIER.findall(live) == [
        "./" + posixpath.basename(after["js/dom.js"].hashed),
        "./" + posixpath.basename(after["js/words.js"].hashed),
    ]


def test_a_cycle_of_imports_is_hashed_as_one(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import { b } from "./b.js";\nexport const a = 1;\n')
    (tmp_path / "b.js").write_text('import { a } from "./a.js";\nexport const b = 2;\n')
    (tmp_path / "c.js").write_text('import { a } from "/static/a.js";\n')
    before = assets.read(tmp_path).files
    a, b = before["a.js"], before["b.js"]
    assert SPECIFIER.findall(a.body.decode()) == [f"./{b.hashed}"]
    assert SPECIFIER.findall(b.body.decode()) == [f"./{a.hashed}"]
    assert SPECIFIER.findall(before["c.js"].body.decode()) == [f"/static/{a.hashed}"]
    (tmp_path / "b.js").write_text('import { a } from "./a.js";\nexport const b = 3;\n')
    after = assets.read(tmp_path).files
    assert all(after[name].digest != before[name].digest for name in ("a.js", "b.js", "c.js"))


def test_a_stylesheets_urls_name_hashed_files(tmp_path: Path) -> None:
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons/suit.svg").write_text("<svg></svg>")
    css = 'a { background: url("icons/suit.svg") } b { background: url(/static/icons/suit.svg) }'
    (tmp_path / "app.css").write_text(css + " i { background: url(data:image/png;base64,AA==) }")
    files = assets.read(tmp_path).files
    icon = files["icons/suit.svg"].hashed
    assert files["app.css"].body.decode() == (
        f'a {{ background: url("{icon}") }} b {{ background: url(/static/{icon}) }}'
        " i { background: url(data:image/png;base64,AA==) }"
    )


def test_the_rewritten_imports_name_hashed_files_that_exist(client: FlaskClient) -> None:
    files = assets.read(Path(str(client.application.static_folder))).files
    modules = [asset for name, asset in files.items() if name.endswith(".js")]
    rewritten = 0
    for module in modules:
        source = (Path(str(client.application.static_folder)) / module.name).read_text()
        specifiers = SPECIFIER.findall(module.body.decode())
        assert len(specifiers) == len(SPECIFIER.findall(source)), module.name
        for specifier in specifiers:
            assert HASHED.search(specifier), (module.name, specifier)
            url = posixpath.normpath(posixpath.join(f"/static/{module.name}", "..", specifier))
            response = client.get(url)
            assert response.status_code == 200, (module.name, url)
            assert response.headers["Cache-Control"] == IMMUTABLE, (module.name, url)
            rewritten += 1
    assert rewritten > 100


def imports(static: Path, entries: list[str]) -> set[str]:
    """The entries and every module they import, found by reading the files (not the app)."""
    found, todo = set(entries), list(entries)
    while todo:
        name = todo.pop()
        for specifier in SPECIFIER.findall((static / name).read_text()):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(name), specifier))
            if target not in found:
                found.add(target)
                todo.append(target)
    return found


def test_every_page_preloads_all_the_modules_it_runs(app: Flask, client: FlaskClient) -> None:
    static = Path(str(app.static_folder))
    for path, page in pages(client).items():
        entries = re.findall(r'<script type="module"[^>]*src="/static/([^"]+)"', page)
        expected = imports(static, [files_name(entry) for entry in entries])
        preloaded = re.findall(r'<link rel="modulepreload" href="/static/([^"]+)">', page)
        assert len(preloaded) == len(set(preloaded)), path
        assert {files_name(p) for p in preloaded} == expected, path
        head = page.split("</head>")[0]
        assert all(f'href="/static/{p}"' in head for p in preloaded), path  # asked for at once
        if path.endswith("/live"):  # the deepest import of a live page's: 3 modules down
            assert "js/live-replay.js" in expected, path


def files_name(hashed: str) -> str:
    """A hashed static name back to the file's."""
    return re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", hashed)


def test_in_debug_an_edited_file_gets_its_new_hash_without_a_restart(
    app: Flask, tmp_path: Path
) -> None:
    (tmp_path / "app.css").write_text("body {}")
    app.static_folder, app.debug = str(tmp_path), True
    with app.test_request_context():
        before = url_for("static", filename="app.css")
    (tmp_path / "app.css").write_text("body { margin: 0 }")
    with app.test_request_context():
        after = url_for("static", filename="app.css")
    assert before != after and HASHED.search(after)


@pytest.mark.parametrize("name", ["app.css", "js/app.js", "icons/icon-192.png"])
def test_the_hashed_name_answers_the_same_bytes_as_the_plain_one(
    client: FlaskClient, name: str
) -> None:
    files = assets.read(Path(str(client.application.static_folder))).files
    plain, hashed = client.get(f"/static/{name}"), client.get(f"/static/{files[name].hashed}")
    assert plain.get_data() == hashed.get_data() and plain.mimetype == hashed.mimetype


def test_a_deploy_that_renames_a_static_file_redraws_a_page_the_browser_holds(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    """A scoreboard's tag was its session's version alone: after a deploy, a 304 kept the page
    naming the old hashes (and its old markup)."""
    board = start(client)
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(str(app.static_folder), old)
    shutil.copytree(old, new)
    (new / "app.css").write_text((old / "app.css").read_text() + "/* changed */\n")
    app.static_folder = str(old)
    for path in (board, board + "/tv"):
        etag = client.get(path).headers["ETag"]
        assert client.get(path, headers={"If-None-Match": etag}).status_code == 304
        app.static_folder = str(new)
        again = client.get(path, headers={"If-None-Match": etag})
        assert again.status_code == 200, path
        assert assets.read(new).files["app.css"].hashed in again.get_data(as_text=True)
        app.static_folder = str(old)


def test_a_text_file_comes_gzipped_to_a_browser_that_takes_it(client: FlaskClient) -> None:
    """With no compressing proxy in front, a static text file travels gzipped (its bytes the
    same once unzipped, its tag its own); a browser that does not take gzip gets it plain."""
    url = client.get("/").get_data(as_text=True).split('href="', 3)[2].split('"')[0]
    assert url.startswith("/static/app.") and url.endswith(".css")
    plain = client.get(url)
    zipped = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert plain.headers.get("Content-Encoding") is None
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.get_data()) == plain.get_data()
    assert len(zipped.get_data()) < len(plain.get_data()) / 3
    assert (
        "Accept-Encoding" in zipped.headers["Vary"] and "Accept-Encoding" in plain.headers["Vary"]
    )
    assert zipped.headers["ETag"] != plain.headers["ETag"]
    again = client.get(
        url, headers={"Accept-Encoding": "gzip", "If-None-Match": zipped.headers["ETag"]}
    )
    assert again.status_code == 304
    icon = client.get("/static/icons/icon-192.png", headers={"Accept-Encoding": "gzip"})
    assert icon.headers.get("Content-Encoding") is None  # a PNG is compressed already
