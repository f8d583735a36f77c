"""No link carries a bidirectional control character, in any language: a crawl on the server.

Every page type of all three games (the list tests/browser/helpers/every_page.py gives the
browser's checks), as a scorer's and a watcher's phone read it, in each language: every address
attribute (href, src, action, formaction, poster) and every path in a script's data (data-*, a copy
box's value) is clean; then every form on each page is sent as it stands (the language menu
among them) and the `Location` of each redirect it answers, and the page it leads to, are clean
too. An Urdu scoreboard's club link wrapped in isolates (`/s/%E2%81%A8/c/…%E2%81%A9`, a 404) was
issue 33. The links the pages' script builds, the QR codes and what Copy and Share hand over are
the browser's crawl (tests/browser/test_every_link.py).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict
from werkzeug.test import TestResponse

from scorekeeper.words.languages import COOKIE, LANGUAGES
from tests.browser.helpers import every_page
from tests.browser.helpers.every_page import Json, Visit
from tests.helpers.links import forms, marked, page_problems

HOST = "http://localhost"


def poster(client: FlaskClient) -> every_page.Post:
    """The test client as the API's client."""

    def post(path: str, body: Json, token: str | None = None) -> Json:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = client.post(path, json=body, headers=headers)
        assert answer.status_code in (200, 201), answer.get_data(as_text=True)
        return dict(answer.get_json())

    return post


def laid(scorer: FlaskClient) -> list[Visit]:
    """every_page's club, the scorer's phone keeping score of each session and the club."""
    made, sessions = every_page.table(poster(scorer), every_page.SIDES, every_page.CLUB)
    for started in [*sessions, made["tournament"]["table"]]:
        scorer.post(f"/s/{started.id}/join", data={"key": started.token})
    scorer.post(f"/c/{made['id']}/key", data={"key": made["keeper_token"]})
    players = scorer.get(f"/c/{made['id']}/players").get_data(as_text=True)
    player = re.search(r'href="(/c/[^"]+/players/[^"]+)"', players)
    assert player, "a player's page"
    visits = every_page.visits(made, sessions, player.group(1))
    return every_page.with_merge(visits, lambda path: scorer.get(path).get_json())


def answer_problems(response: TestResponse) -> list[str]:
    """What carries a control character in one answer: its Location, its page's links."""
    found = []
    location = response.headers.get("Location")
    if location is not None and marked(location):
        found.append(f"Location: {location!r}")
    if response.mimetype == "text/html":
        found += page_problems(response.get_data(as_text=True))
    return found


def sent_forms(client: FlaskClient, path: str, html: str) -> tuple[int, list[str]]:
    """Send each form of the page at `path` as it stands; how many answered with a redirect, and
    what the answers carry, and the pages their redirects lead to."""
    found, redirects = [], 0
    for form in forms(html):
        for action, fields in form.sent():
            target = action or path
            if form.method == "post":
                sent = MultiDict(fields)
                answer = client.post(target, data=sent, headers={"Referer": HOST + path})
            else:
                # A form sent by GET replaces the query with its fields.
                answer = client.get(target.split("?")[0], query_string=MultiDict(fields))
            found += [f"form {form.method} {target}: {p}" for p in answer_problems(answer)]
            location = answer.headers.get("Location")
            if answer.status_code in (301, 302, 303, 307, 308) and location:
                redirects += 1
                led = client.get(urlsplit(location)._replace(scheme="", netloc="").geturl())
                found += [f"after {target}: {p}" for p in answer_problems(led)]
    return redirects, found


def crawl(app: Flask, code: str) -> tuple[int, int, list[str]]:
    """A table laid afresh and every page read, then every form sent, in language `code`: how
    many pages were read and how many forms answered with a redirect, and what carries a
    control character, by page."""
    scorer, watcher = app.test_client(), app.test_client()
    for client in (scorer, watcher):
        client.set_cookie(COOKIE, code)
    visits = laid(scorer)
    read, redirects, found, pages = 0, 0, [], []
    for visit in visits:
        client = scorer if visit.scorer else watcher
        path = visit.path.split("#")[0]
        response = client.get(path)
        read += 1
        found += [f"{code} {visit.name}: {p}" for p in answer_problems(response)]
        pages.append((visit, client, path, response.get_data(as_text=True)))
    for visit, client, path, html in pages:  # sent last: a form may delete what a page shows
        redirected, problems = sent_forms(client, path, html)
        redirects += redirected
        found += [f"{code} {visit.name}: {p}" for p in problems]
    return read, redirects, found


def test_no_link_carries_a_bidi_control_in_any_language(app: Flask) -> None:
    found: list[str] = []
    for code in LANGUAGES:
        read, redirects, problems = crawl(app, code)
        # Every page type was read, and each page's language menu (at least) answered.
        assert read >= 35 and redirects >= read
        found += problems
    assert found == [], f"{len(found)} links marked:\n" + "\n".join(found[:60])
