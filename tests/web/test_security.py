"""Privacy, tokens, headers and cookies (issue 6, findings 7, 8 and 10)."""

from __future__ import annotations

import base64
import contextlib
import http.cookiejar
import json
import os
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
import zlib
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import create_app
from scorekeeper.web.security import SessionCookies
from tests.helpers.api import SESSIONS, bearer
from tests.helpers.pages import FORMS, deal_fields, session_of, start
from tests.helpers.seep import deal
from tests.helpers.waiting import logged_lines, until

ASHA = FORMS["seep"]
TWO = [{"players": ["Asha"]}, {"players": ["Dev"]}]
ZOLA = {"a1": "Zola", "a2": "Yusuf", "b1": "Xavi", "b2": "Wanjiru"}


def started(client: FlaskClient, names: dict[str, str] = ASHA) -> str:
    """Start a session through the form; its id (the redirect carries no token)."""
    board = start(client, "seep", names)
    assert_no_token_in_url(board)
    return session_of(board)


def page_of(response: TestResponse) -> str:
    return response.get_data(as_text=True)


def scorer_link(client: FlaskClient, session_id: str) -> str:
    """The scorer link the share panel offers."""
    found = re.search(r'id="scorer-link" value="([^"]+)"', page_of(client.get(f"/s/{session_id}")))
    assert found, "no scorer link on the keeper's page"
    return found.group(1)


def key_of(link: str) -> str:
    return parse_qs(urlsplit(link).fragment)["key"][0]


def keeper_token(app: Flask, client: FlaskClient, session_id: str) -> str:
    """The keeper's edit token, as this browser's cookie holds it (decrypted with the app's key)."""
    cookie = client.get_cookie("session")
    assert cookie is not None
    data = app.session_interface.get_signing_serializer(app).loads(cookie.value)  # type: ignore[attr-defined]
    token: str = data["tokens"][session_id]
    return token


def assert_no_token_in_url(url: str) -> None:
    query = parse_qs(urlsplit(url).query)
    assert not ({"key", "token", "edit_token"} & set(query)), url


# -- finding 7: names of other people's sessions ----------------------------------------------


def offered_names(page: str) -> set[str]:
    page = re.sub(r'<form class="language".*?</form>', "", page, flags=re.S)  # languages, not names
    chips = re.findall(r'data-name="([^"]*)"', page)
    options = re.findall(r'<option value="([^"]*)"', page)
    return set(chips) | set(options)


def test_a_fresh_browser_is_offered_no_names(app: Flask, client: FlaskClient) -> None:
    started(client)  # someone else's session, on another phone
    page = page_of(app.test_client().get("/new/seep"))
    assert offered_names(page) == set()
    for name in ASHA.values():
        assert name not in page


def test_a_browser_is_offered_only_the_names_of_its_own_sessions(
    app: Flask, client: FlaskClient
) -> None:
    started(client)
    other = app.test_client()
    started(other, ZOLA)
    assert offered_names(page_of(other.get("/new/seep"))) == set(ZOLA.values())
    assert offered_names(page_of(client.get("/new/seep"))) == set(ASHA.values())


# -- finding 8: tokens never in a URL; scorer links revocable -----------------------------------


class Links(HTMLParser):
    """Every URL a page links to, posts to or loads, with the element's id."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        for name in ("href", "src", "action", "formaction"):
            if named.get(name):
                self.urls.append((named[name] or "", named.get("id")))
        if tag == "input" and (named.get("value") or "").startswith("http"):
            self.urls.append((named["value"] or "", named.get("id")))


def urls_of(page: str) -> list[tuple[str, str | None]]:
    parser = Links()
    parser.feed(page)
    return parser.urls


def test_no_page_or_redirect_carries_a_token_in_its_query(app: Flask, client: FlaskClient) -> None:
    session_id = started(client)
    tokens = {keeper_token(app, client, session_id), key_of(scorer_link(client, session_id))}
    scorer = app.test_client()
    redirects = [
        scorer.post(f"/s/{session_id}/join", data={"key": key_of(scorer_link(client, session_id))}),
        client.post(f"/s/{session_id}/deals/new", data=deal_fields(60, number="1")),
        client.post(f"/s/{session_id}/deals/1/edit", data=deal_fields(30, version="1")),
        client.post(f"/s/{session_id}/deals/1/delete", data={"version": "2"}),
        client.post(f"/s/{session_id}/deals/1/restore"),
        client.post(f"/s/{session_id}/revoke"),
    ]
    for response in redirects:
        assert response.status_code == 302, page_of(response)
        location = response.headers["Location"]
        assert_no_token_in_url(location)
        assert not any(token in location for token in tokens)
    paths = ["/", "/new/seep", f"/s/{session_id}", f"/s/{session_id}/deals/new"]
    paths += [f"/s/{session_id}/deals/1/edit", "/check"]
    for browser in (client, scorer):
        for path in paths:
            page = page_of(browser.get(path))
            for url, element in urls_of(page):
                assert_no_token_in_url(url)
                if element != "scorer-link":
                    assert not any(token in url for token in tokens), (path, url)
    # The scorer link itself has its key only after "#", which browsers never send.
    link = scorer_link(client, session_id)
    assert urlsplit(link).query == "" and urlsplit(link).path == f"/s/{session_id}"
    assert key_of(link) != keeper_token(app, client, session_id)


def test_a_key_in_the_query_grants_nothing(app: Flask, client: FlaskClient) -> None:
    session_id = started(client)
    stranger = app.test_client()
    for token in (keeper_token(app, client, session_id), key_of(scorer_link(client, session_id))):
        page = page_of(stranger.get(f"/s/{session_id}?key={token}"))
        assert "You are watching this session" in page
        assert "/deals/new" not in page
        assert stranger.get(f"/s/{session_id}/deals/new").status_code == 403
        posted = stranger.post(f"/s/{session_id}/deals/new?key={token}", data=deal_fields(60))
        assert posted.status_code == 403


def test_the_keeper_revokes_scorer_links(app: Flask, client: FlaskClient) -> None:
    session_id = started(client)
    old_key = key_of(scorer_link(client, session_id))
    joined = app.test_client()
    assert joined.post(f"/s/{session_id}/join", data={"key": old_key}).status_code == 302
    assert joined.get(f"/s/{session_id}/deals/new").status_code == 200

    assert client.post(f"/s/{session_id}/revoke").status_code == 302
    new_key = key_of(scorer_link(client, session_id))
    assert new_key != old_key
    # The old link no longer joins, the phone that joined with it only watches,
    # and the API refuses the old scorer token.
    assert app.test_client().post(f"/s/{session_id}/join", data={"key": old_key}).status_code == 403
    assert joined.get(f"/s/{session_id}/deals/new").status_code == 403
    url = f"{SESSIONS}/{session_id}/deals"
    assert client.post(url, json=deal(60), headers=bearer(old_key)).status_code == 403
    assert client.post(url, json=deal(60), headers=bearer(new_key)).status_code == 201
    fresh = app.test_client()
    assert fresh.post(f"/s/{session_id}/join", data={"key": new_key}).status_code == 302
    # The keeper's own token is not touched by revoking.
    keeper = keeper_token(app, client, session_id)
    assert client.post(url, json=deal(40), headers=bearer(keeper)).status_code == 201


def test_a_scorer_cannot_revoke(app: Flask, client: FlaskClient) -> None:
    session_id = started(client)
    key = key_of(scorer_link(client, session_id))
    scorer = app.test_client()
    scorer.post(f"/s/{session_id}/join", data={"key": key})
    assert scorer.post(f"/s/{session_id}/revoke").status_code == 403
    revoke = f"{SESSIONS}/{session_id}/scorer-link"
    refused = client.post(revoke, headers=bearer(key))
    assert refused.status_code == 403 and refused.get_json()["error"] == "forbidden"
    assert key_of(scorer_link(client, session_id)) == key  # still the same link
    assert scorer.get(f"/s/{session_id}/deals/new").status_code == 200


def test_the_keeper_revokes_through_the_api(app: Flask, client: FlaskClient) -> None:
    session_id = started(client)
    old_key = key_of(scorer_link(client, session_id))
    revoke = f"{SESSIONS}/{session_id}/scorer-link"
    answer = client.post(revoke, headers=bearer(keeper_token(app, client, session_id)))
    assert answer.status_code == 200, answer.get_json()
    new_key = answer.get_json()["scorer_token"]
    assert new_key != old_key and new_key == key_of(scorer_link(client, session_id))
    url = f"{SESSIONS}/{session_id}/deals"
    assert client.post(url, json=deal(60), headers=bearer(old_key)).status_code == 403
    assert client.post(url, json=deal(60), headers=bearer(new_key)).status_code == 201


# -- finding 10: headers, cookies and limits ---------------------------------------------------


def csp(response: TestResponse) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy", "")
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {d[0].lower(): d[1:] for d in directives}


def assert_secure_headers(response: TestResponse, where: str) -> None:
    policy = csp(response)
    scripts = policy.get("script-src", policy.get("default-src"))
    assert scripts, f"{where}: no CSP for scripts"
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts, where
    assert "*" not in scripts and "data:" not in scripts, where
    framing = policy.get("frame-ancestors")
    assert (
        framing == ["'none'"]
        or framing == ["'self'"]
        or response.headers.get("X-Frame-Options") in ("DENY", "SAMEORIGIN")
    ), where
    assert response.headers.get("X-Content-Type-Options") == "nosniff", where
    assert response.headers.get("Referrer-Policy") in (
        "no-referrer",
        "same-origin",
        "strict-origin",
        "strict-origin-when-cross-origin",
    ), where


class Inline(HTMLParser):
    """Inline script in any form: <script> with a body, on* handlers, javascript: URLs."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=...>")
            if (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value}>")
        if tag == "script":
            named = dict(attrs)
            if not named.get("src") and named.get("type") != "application/json":
                self.found.append("<script> without src")
            self.in_script = True

    def handle_endtag(self, tag: str) -> None:
        self.in_script = self.in_script and tag != "script"

    def handle_data(self, data: str) -> None:
        if self.in_script and data.strip():
            self.found.append(f"inline script: {data.strip()[:40]}")


def inline_script(page: str) -> list[str]:
    parser = Inline()
    parser.feed(page)
    return parser.found


def every_page(app: Flask, client: FlaskClient) -> dict[str, TestResponse]:
    """One answer from each page template, in each state that draws something different."""
    session_id = started(client)
    board = f"/s/{session_id}"
    scorer = app.test_client()
    scorer.post(f"{board}/join", data={"key": key_of(scorer_link(client, session_id))})
    client.post(f"{board}/deals/new", data=deal_fields(60, number="1"))
    client.post(f"{board}/deals/new", data=deal_fields(45, number="2"))
    pages = {"home": client.get("/"), "new session": client.get("/new/seep")}
    pages["refused new session"] = client.post("/new/seep", data={"a1": ""})
    pages["scoreboard after a save (undo button)"] = client.get(board)
    pages["deal form"] = client.get(f"{board}/deals/new")
    pages["edit form"] = client.get(f"{board}/deals/1/edit")
    pages["refused deal"] = client.post(f"{board}/deals/new", data=deal_fields(60, sweeps0="99"))
    pages["deal entered twice"] = client.post(
        f"{board}/deals/new", data=deal_fields(60, number="1")
    )
    scorer.post(f"{board}/deals/2/edit", data=deal_fields(20, version="1"))
    pages["stale edit"] = client.post(f"{board}/deals/2/edit", data=deal_fields(30, version="1"))
    pages["stale delete"] = client.post(f"{board}/deals/2/delete", data={"version": "1"})
    scorer.post(f"{board}/deals/2/delete", data={"version": "2"})
    pages["edit of a deleted deal"] = client.get(f"{board}/deals/2/edit")
    pages["scoreboard with deleted deals"] = client.get(board)
    pages["watcher's scoreboard"] = app.test_client().get(board)
    pages["checker"] = client.get("/check")
    pages["lessons"] = client.get("/learn/seep")
    pages["not found"] = client.get("/s/nosuchsession")
    app.config["WTF_CSRF_ENABLED"] = True
    pages["form from another visit"] = app.test_client().post("/new/seep", data=ASHA)
    return pages


EXPECTED_STATUS = {
    "refused new session": 400,
    "refused deal": 400,
    "deal entered twice": 409,
    "stale edit": 409,
    "stale delete": 409,
    "edit of a deleted deal": 409,
    "not found": 404,
    "form from another visit": 400,
}


def test_every_page_has_the_security_headers_and_no_inline_script(
    app: Flask, client: FlaskClient
) -> None:
    for name, response in every_page(app, client).items():
        assert response.status_code == EXPECTED_STATUS.get(name, 200), name
        assert response.mimetype == "text/html", name
        assert_secure_headers(response, name)
        assert inline_script(page_of(response)) == [], name


def test_the_inline_script_check_can_fail() -> None:
    page = '<a href="javascript:x()">a</a><p onclick="x()"></p><script>x()</script>'
    assert len(inline_script(page)) == 4
    assert inline_script('<script src="/static/app.js" defer></script>') == []


def test_api_answers_have_the_security_headers(client: FlaskClient) -> None:
    created = client.post(SESSIONS, json={"game": "seep", "teams": TWO})
    answers = {
        "created": created,
        "read": client.get(f"{SESSIONS}/{created.get_json()['id']}"),
        "error": client.get(f"{SESSIONS}/nosuchsession"),
        "check": client.post("/api/v1/check", json={}),
    }
    for name, response in answers.items():
        assert response.mimetype == "application/json", name
        assert_secure_headers(response, name)


def session_cookie(response: TestResponse) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert cookies, "no session cookie was set"
    return cookies[0]


def test_the_session_cookie_is_lax_and_http_only(client: FlaskClient) -> None:
    cookie = session_cookie(client.post("/new/seep", data=ASHA))
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie
    assert "Secure" not in cookie  # over plain HTTP (a phone on the LAN) it must still work


def test_the_session_cookie_is_secure_over_https(app: Flask) -> None:
    client = app.test_client()
    response = client.post("/new/seep", data=ASHA, base_url="https://localhost")
    cookie = session_cookie(response)
    assert "Secure" in cookie.split("; ") and "SameSite=Lax" in cookie
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def api_error(response: TestResponse, status: int, code: str) -> None:
    assert response.status_code == status, response.get_data(as_text=True)[:200]
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert body["error"] == code and body["message"].endswith("."), body
    assert_secure_headers(response, code)


def test_an_oversize_body_answers_413_json(client: FlaskClient) -> None:
    created = client.post(SESSIONS, json={"game": "seep", "teams": TWO})
    body = created.get_json()
    url = f"{SESSIONS}/{body['id']}/deals"
    big = {**deal(60), "padding": "x" * 300_000}
    api_error(client.post(url, json=big, headers=bearer(body["edit_token"])), 413, "too-large")
    assert client.get(f"{SESSIONS}/{body['id']}").get_json()["deals"] == []


@pytest.mark.parametrize("path", [f"{SESSIONS}/" + "a" * 5000, "/api/v1/check?x=" + "y" * 5000])
def test_a_too_long_url_answers_414_json(client: FlaskClient, path: str) -> None:
    api_error(client.get(path), 414, "uri-too-long")


def test_too_large_headers_answer_431_json(client: FlaskClient) -> None:
    headers: dict[str, Any] = {f"X-Pad-{n}": "z" * 1000 for n in range(20)}
    answer = client.get(f"{SESSIONS}/x", headers=headers)
    api_error(answer, 431, "headers-too-large")
    assert "at most 16 KB" in answer.get_json()["message"]  # the figure named


# -- through gunicorn with the production settings ---------------------------------------------

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def gunicorn(fresh_db: str, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """gunicorn (deploy/gunicorn.conf.py) on 127.0.0.1 over a new SQLite file; (URL, access log)."""
    port = free_port()
    log = tmp_path / "access.log"
    env = os.environ | {
        "DATABASE_URL": fresh_db,
        "SCOREKEEPER_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "SCOREKEEPER_ACCESS_LOG": str(log),
    }
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "-c",
        "deploy/gunicorn.conf.py",
        "scorekeeper:create_app()",
    ]
    with (tmp_path / "error.log").open("w") as errors:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=errors, stderr=errors)
        base = f"http://127.0.0.1:{port}"
        try:
            # Until a worker answers, not merely the master's port: on a busy machine a worker
            # takes many seconds to import the app.
            until(
                lambda: answers(f"{base}/"),
                seconds=120,
                failing=lambda: (tmp_path / "error.log").read_text(),
                alive=lambda: server.poll() is None,
            )
            yield base, log
        finally:
            server.terminate()
            server.wait(timeout=30)


def answers(url: str) -> bool:
    """Whether something at `url` answers HTTP at all."""
    try:
        with urllib.request.urlopen(url, timeout=5):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def fetch(
    opener: urllib.request.OpenerDirector, url: str, data: Any = None, **headers: str
) -> tuple[int, str, str]:
    """(status, content type, text) of a request; errors are answers too."""
    body = None
    if isinstance(data, dict) and headers.get("Content-Type") == "application/json":
        body = json.dumps(data).encode()
    elif data is not None:
        body = urlencode(data).encode()
    request = urllib.request.Request(url, data=body, headers=headers)
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, response.headers["Content-Type"], response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], error.read().decode()


def test_through_gunicorn_no_token_reaches_the_access_log_and_a_long_url_gets_json(
    gunicorn: tuple[str, Path],
) -> None:
    base, log = gunicorn
    api = urllib.request.build_opener()
    as_json = {"Content-Type": "application/json"}
    status, _, text = fetch(api, f"{base}{SESSIONS}", {"game": "seep", "teams": TWO}, **as_json)
    assert status == 201, text
    session = json.loads(text)
    keeper = session["edit_token"]
    url = f"{base}{SESSIONS}/{session['id']}"
    status, _, text = fetch(api, f"{url}/scorer-link", {}, **as_json, **bearer(keeper))
    scorer = json.loads(text)["scorer_token"]
    assert fetch(api, f"{url}/deals", deal(60), **as_json, **bearer(scorer))[0] == 201

    # A phone opens the scorer link: the page hands the key over by POST, with the form's token.
    phone = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    board = f"{base}/s/{session['id']}"
    status, _, page = fetch(phone, board)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert status == 200 and csrf
    status, _, page = fetch(phone, f"{board}/join", {"key": scorer, "csrf_token": csrf[1]})
    assert status == 200 and "keeps score of this session now" in page
    assert fetch(phone, f"{board}/deals/new")[0] == 200

    # A URL that gunicorn lets through but Flask finds too long: the JSON error shape.
    status, content_type, text = fetch(api, f"{base}{SESSIONS}/" + "a" * 5000)
    assert (status, content_type) == (414, "application/json"), text
    assert json.loads(text)["error"] == "uri-too-long"

    # gunicorn writes a request's line after its answer has gone: wait for the last one.
    logged = logged_lines(log, f"/s/{session['id']}/join", "/deals/new", "a" * 5000)
    assert keeper not in logged and scorer not in logged


def test_a_token_that_is_not_ascii_is_refused_not_a_500(client: FlaskClient) -> None:
    session_id = started(client)
    url = f"{SESSIONS}/{session_id}/deals"
    refused = client.post(url, json=deal(60), headers=bearer("\xe9t\xe9"))
    assert refused.status_code == 403 and refused.get_json()["error"] == "forbidden"
    assert client.post(f"/s/{session_id}/join", data={"key": "été"}).status_code == 403


def test_joining_with_a_scorer_link_keeps_the_keeper_the_keeper(client: FlaskClient) -> None:
    session_id = started(client)
    key = key_of(scorer_link(client, session_id))
    assert client.post(f"/s/{session_id}/join", data={"key": key}).status_code == 302
    assert client.post(f"/s/{session_id}/revoke").status_code == 302  # still the keeper


def test_passing_the_pen_a_scorer_gives_up_and_takes_it_back_in_one_tap(
    app: Flask, client: FlaskClient
) -> None:
    session_id = started(client)
    new_scorer = app.test_client()  # scans the code: the scorer link
    key = key_of(scorer_link(client, session_id))
    assert new_scorer.post(f"/s/{session_id}/join", data={"key": key}).status_code == 302
    assert new_scorer.get(f"/s/{session_id}/deals/new").status_code == 200

    left = client.post(f"/s/{session_id}/leave", follow_redirects=True)
    page = page_of(left)
    assert "This phone only watches now." in page and "You are watching this session" in page
    assert client.get(f"/s/{session_id}/deals/new").status_code == 403
    assert new_scorer.get(f"/s/{session_id}/deals/new").status_code == 200  # the pen moved on
    taken = client.post(f"/s/{session_id}/take-back", follow_redirects=True)
    assert "keeps score of this session again" in page_of(taken)
    assert client.get(f"/s/{session_id}/deals/new").status_code == 200
    assert client.post(f"/s/{session_id}/revoke").status_code == 302  # still the keeper


def test_a_pen_revoked_after_it_was_given_up_is_not_taken_back(
    app: Flask, client: FlaskClient
) -> None:
    session_id = started(client)
    scorer = app.test_client()
    scorer.post(f"/s/{session_id}/join", data={"key": key_of(scorer_link(client, session_id))})
    scorer.post(f"/s/{session_id}/leave")
    assert client.post(f"/s/{session_id}/revoke").status_code == 302
    refused = scorer.post(f"/s/{session_id}/take-back")
    assert refused.status_code == 403 and "revoked" in refused.get_data(as_text=True)
    assert scorer.get(f"/s/{session_id}/deals/new").status_code == 403


def test_a_watcher_giving_up_or_taking_back_gains_nothing(app: Flask, client: FlaskClient) -> None:
    session_id = started(client)
    watcher = app.test_client()
    gave_up = watcher.post(f"/s/{session_id}/leave", follow_redirects=True)
    assert "only watches this session already" in page_of(gave_up)
    refused = watcher.post(f"/s/{session_id}/take-back")
    assert refused.status_code == 403 and "gave up no pen" in refused.get_data(as_text=True)
    assert watcher.post("/s/nosuchsession/leave").status_code == 404
    assert watcher.get(f"/s/{session_id}/deals/new").status_code == 403


# -- issue 22: the session cookie keeps no readable token --------------------------------------


def readable(cookie: str) -> bytes:
    """Whatever base64 (and zlib, as itsdangerous compresses) can read from the cookie."""
    found = b""
    for part in cookie.lstrip(".").split("."):
        try:
            decoded = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
        except ValueError:
            continue
        found += decoded
        with contextlib.suppress(zlib.error):
            found += zlib.decompress(decoded)
    return found


def signed_cookie(app: Flask, data: dict[str, Any]) -> str:
    """A session cookie as Flask wrote it before issue 22: signed by itsdangerous, readable."""
    with app.app_context():
        return SecureCookieSessionInterface().get_signing_serializer(app).dumps(data)  # type: ignore[union-attr]


def test_the_session_cookie_shows_no_token(app: Flask, client: FlaskClient) -> None:
    """The finding: the keeper's token could be read from the cookie by base64."""
    session_id = started(client)
    token = keeper_token(app, client, session_id)
    cookie = client.get_cookie("session")
    assert cookie is not None
    shown = readable(cookie.value)
    assert token.encode() not in shown and session_id.encode() not in shown
    assert b"tokens" not in shown
    assert client.get(f"/s/{session_id}/deals/new").status_code == 200  # it still works


def test_a_cookie_from_before_is_read_once_and_sent_back_encrypted(
    app: Flask, client: FlaskClient
) -> None:
    """Keepers keep their sessions across the deploy that brings the encrypted cookie."""
    session_id = started(app.test_client())
    other = app.test_client()
    started_there = started(other)
    token = keeper_token(app, other, started_there)
    client.set_cookie("session", signed_cookie(app, {"tokens": {started_there: token}}))
    page = client.get(f"/s/{started_there}/deals/new")
    assert page.status_code == 200  # the keeper's page, from the old cookie
    reissued = session_cookie(page)
    assert token.encode() not in readable(reissued.split(";")[0].split("=", 1)[1])
    assert client.get(f"/s/{started_there}/deals/new").status_code == 200  # from the new one
    assert client.get(f"/s/{session_id}/deals/new").status_code == 403  # it holds only its own


def stranger() -> Flask:
    """An app with another secret key."""
    app = Flask(__name__)
    app.config["SECRET_KEY"] = "another key"
    return app


TAMPERED = ["garbage", "flipped", "signed elsewhere", "sealed elsewhere", "signed list", "empty"]


@pytest.mark.parametrize("how", TAMPERED)
def test_a_tampered_cookie_is_an_empty_session(app: Flask, client: FlaskClient, how: str) -> None:
    session_id = started(client)
    cookie = client.get_cookie("session")
    assert cookie is not None
    middle = len(cookie.value) // 2
    flipped = "A" if cookie.value[middle] != "A" else "B"
    value = {
        "garbage": "not-a-cookie!é",
        "flipped": cookie.value[:middle] + flipped + cookie.value[middle + 1 :],
        "signed elsewhere": signed_cookie(stranger(), {"tokens": {session_id: "x" * 32}}),
        "sealed elsewhere": SessionCookies().get_signing_serializer(stranger()).dumps({}),  # type: ignore[union-attr]
        "signed list": signed_cookie(app, [session_id]),  # type: ignore[arg-type]
        "empty": "",
    }[how]
    client.set_cookie("session", value)
    assert client.get(f"/s/{session_id}").status_code == 200
    assert client.get(f"/s/{session_id}/deals/new").status_code == 403  # a watcher now


def test_a_full_cookie_stays_within_4_kb(app: Flask, client: FlaskClient) -> None:
    """36 sessions and 12 clubs held (web/held.py), a pen given up and a message waiting."""
    tokens = {f"s{n:011d}": "t" * 32 for n in range(36)}
    clubs = {f"c{n:011d}": "k" * 32 for n in range(12)}
    with client.session_transaction() as held:
        held["tokens"], held["clubs"] = tokens, clubs
        held["given_up"] = {"s00000000001": "t" * 32}
        held["csrf_token"] = "c" * 40
        held["_flashes"] = [
            ("undo", {"text": "x" * 60, "action": "/s/x/take-back", "label": "Keep"})
        ]
    stored = client.get_cookie("session")
    assert stored is not None
    assert len(f"session={stored.value}") + len("; HttpOnly; Path=/; SameSite=Lax") <= 4096
    assert client.get("/").status_code == 200


def test_a_cookie_outlives_a_change_of_secret_key_kept_as_a_fallback(
    app: Flask, client: FlaskClient
) -> None:
    session_id = started(client)
    rotated = create_app(
        {
            **{k: app.config[k] for k in ("TESTING", "SQLALCHEMY_DATABASE_URI")},
            "SECRET_KEY": "the new key",
            "SECRET_KEY_FALLBACKS": [app.config["SECRET_KEY"]],
            "RATELIMIT_ENABLED": False,
        }
    ).test_client()
    cookie = client.get_cookie("session")
    assert cookie is not None
    rotated.set_cookie("session", cookie.value)
    assert rotated.get(f"/s/{session_id}/deals/new").status_code == 200
