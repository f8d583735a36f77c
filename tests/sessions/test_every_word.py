"""Every word of the session pages goes through the catalog: each page drawn with a catalog that
marks every message (tests/helpers/untranslated.py) shows no word outside a mark but the
players' and teams' names, cards, numbers and symbols."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from scorekeeper.words.languages import LANGUAGES
from tests.helpers import casino, fifty_six, seep
from tests.helpers.api import FOUR, Json, played
from tests.helpers.pages import deal_form, start
from tests.helpers.untranslated import OPEN, leftovers, marking

PLAYERS = ["Asha", "Ravi", "Meena", "Dev", "Lions", "Tigers"]
# Not words of a sentence: the people and teams, each language's own name, the app's name.
NAMES = [*PLAYERS, *(language.name for language in LANGUAGES.values()), "Scorekeeper"]


@pytest.fixture
def marked() -> Iterator[None]:
    """Every message comes back marked while the test draws its pages."""
    with marking():
        yield


def scorer(client: FlaskClient, session: Json) -> str:
    """This client keeps score of `session` (its keeper's key, as a scorer link hands it over);
    the scoreboard's path."""
    board = f"/s/{session['id']}"
    client.post(board + "/join", data={"key": session["edit_token"]})
    return board


def draw(client: FlaskClient, path: str, status: int = 200) -> str:
    """The page at `path`, checked to be drawn and to carry marked words at all."""
    answer = client.get(path)
    page = answer.get_data(as_text=True)
    assert answer.status_code == status, page[:2000]
    assert OPEN in page, "the marking catalog is not in use"
    return page


def assert_all_marked(page: str, path: str) -> None:
    left = leftovers(page, NAMES)
    assert left == [], f"{path}: words outside the catalog: {left}"


SESSIONS = {
    # A baazi won under 9 (M3) ends a one-baazi session; a sweep, a bid.
    "seep": lambda client: played(
        client,
        "seep",
        seep.deal(60, (0, "play")),
        seep.deal(45),
        seep.deal(8),
        lineup=FOUR,
        baazis=1,
    ),
    "seep-on": lambda client: played(client, "seep", seep.deal(60), seep.deal(45), lineup=FOUR),
    # One table each: a doubled contract wins game 1 (F6); everyone passes in game 2's first.
    "fifty-six": lambda client: played(
        client,
        "fifty-six",
        fifty_six.deal(1, 44, double=1),
        fifty_six.deal(None, 30, new_game=True),
        lineup=FOUR,
        tables=1,
    ),
    "fifty-six-on": lambda client: played(
        client, "fifty-six", fifty_six.deal(1, 44), fifty_six.deal(2, 20, value=30), lineup=FOUR
    ),
    "casino": lambda client: played(
        client,
        "casino",
        casino.SEVEN_FOUR,
        casino.FOUR_SEVEN,
        casino.SEVEN_FOUR | {"sweeps": [1, 0]},
        casino.SEVEN_FOUR,
        sweeps="on",
    ),
    "casino-on": lambda client: played(
        client, "casino", casino.SEVEN_FOUR, casino.FOUR_SEVEN, count_out="on"
    ),
}


@pytest.mark.parametrize("game", ["seep", "fifty-six", "casino"])
def test_the_new_session_form_is_all_words_of_the_catalog(
    client: FlaskClient, marked: None, game: str
) -> None:
    client.post(f"/new/{game}", data={"players": "4"})  # a name missing: its problem shown too
    for path in (f"/new/{game}",):
        assert_all_marked(draw(client, path), path)
    refused = client.post(f"/new/{game}", data={"players": "4", "a1": "x" * 300, "tables": "x"})
    assert_all_marked(refused.get_data(as_text=True), f"POST /new/{game}")


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_a_sessions_pages_are_all_words_of_the_catalog(
    client: FlaskClient, marked: None, name: str
) -> None:
    session = SESSIONS[name](client)
    board = scorer(client, session)
    pages = [board, board + "/tv", board + "/deals/1/edit", board + "/deals/2/edit"]
    if name.endswith("-on"):
        pages += [board + "/deals/new", board + "/live"]
    for path in pages:
        assert_all_marked(draw(client, path), path)


@pytest.mark.parametrize("name", ["seep-on", "fifty-six-on", "casino-on"])
def test_a_refused_deal_form_is_all_words_of_the_catalog(
    client: FlaskClient, marked: None, name: str
) -> None:
    board = scorer(client, SESSIONS[name](client))
    for wrong in ({"sweeps0": "99", "cards0": "99"}, {"sweeps0": "x", "cards0": "x", "bid": "9x"}):
        sent = client.post(board + "/deals/new", data={"number": "3"} | wrong)
        assert sent.status_code == 400
        # WTForms' own messages too ("Not a valid integer value."): sessions/form_words.py
        assert_all_marked(sent.get_data(as_text=True), f"POST {board}/deals/new {wrong}")


@pytest.mark.parametrize("name", ["seep-on", "fifty-six-on", "casino-on"])
def test_a_watchers_pages_are_all_words_of_the_catalog(
    app: object, client: FlaskClient, marked: None, name: str
) -> None:
    session = SESSIONS[name](client)
    board = f"/s/{session['id']}"
    for path in (board, board + "/live", board + "/tv"):
        assert_all_marked(draw(client, path), path)


def test_the_messages_after_a_deal_are_all_words_of_the_catalog(
    client: FlaskClient, marked: None
) -> None:
    board = scorer(client, SESSIONS["seep-on"](client))
    client.post(board + "/deals/2/delete")
    assert_all_marked(draw(client, board), "after a delete")
    client.post(board + "/deals/2/restore")
    assert_all_marked(draw(client, board), "after a restore")
    client.post(board + "/deals/2/delete", data={"version": "99"})
    changed = client.post(board + "/deals/1/delete", data={"version": "99"})
    assert changed.status_code == 409
    assert_all_marked(changed.get_data(as_text=True), "a deal changed")
    client.post(board + "/deals/1/delete")
    assert_all_marked(draw(client, board + "/deals/1/edit", 409), "a deal deleted")
    client.post(board + "/leave")
    assert_all_marked(draw(client, board), "after leaving")


def test_a_won_fifty_six_games_next_deal_form_is_all_words_of_the_catalog(
    client: FlaskClient, marked: None
) -> None:
    board = scorer(client, SESSIONS["fifty-six"](client))
    page = draw(client, board + "/deals/new")
    assert "⟦· a new game⟧" in page
    assert_all_marked(page, board + "/deals/new")


def test_a_deal_entered_after_another_scorers_is_all_words_of_the_catalog(
    client: FlaskClient, marked: None
) -> None:
    board = scorer(client, SESSIONS["seep-on"](client))
    sent = client.post(board + "/deals/new", data=deal_form(("AS",), number="2", next_id="2"))
    assert sent.status_code == 409
    # The clash's first sentence is the data layer's (data/deals.py, marked on its own
    # branch); the rest of the page is this one's.
    left = leftovers(sent.get_data(as_text=True), NAMES)
    assert [w for w in left if "already entered by another scorer" not in w] == []


def test_earlier_deals_and_three_sides_are_all_words_of_the_catalog(
    client: FlaskClient, marked: None
) -> None:
    long = played(client, "seep", *[seep.deal(60)] * 25, lineup=FOUR)
    board = f"/s/{long['id']}"
    for path in (board, board + "?before=6", board + "?before=26"):
        page = draw(client, path)
        assert "deals (" in page
        assert_all_marked(page, path)
    three = scorer(client, casino.casino_session(client, casino.THREE, sweeps="on"))
    for path in (three, three + "/deals/new"):
        assert_all_marked(draw(client, path), path)


def test_a_keepers_page_with_clubs_is_all_words_of_the_catalog(
    client: FlaskClient, marked: None
) -> None:
    board = start(client, "seep")
    start(client, "casino", None, club="")  # a second club this phone knows
    page = draw(client, board)
    assert 'data-testid="move"' in page and 'data-testid="in-club"' in page
    assert_all_marked(page, board)
    other = re.findall(r'<option value="([^"]+)">', page.split('data-testid="move"')[1])[0]
    client.post(board + "/move", data={"club": other})
    assert_all_marked(draw(client, board), "after a move")


# -- the helper itself: what it flags and what it lets be -----------------------------------------


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ("<p>⟦Deal 3 saved.⟧</p>", []),
        ("<p>Deal 3 saved.</p>", ["Deal 3 saved."]),
        ("<p>⟦Lead: <b>Asha</b> +20⟧</p><p>Asha 10♥ K♠ 42 (F7) A1 · →</p>", []),
        ('<button aria-label="One more">+</button>', ['<button aria-label="One more">']),
        ('<input placeholder="⟦optional⟧"><img alt="⟦QR⟧">', []),
        ('<input type="submit" value="Go">', ['<input value="Go">']),
        ("<script>const words = 'not shown';</script><p hidden>Shown later</p>", ["Shown later"]),
        ("<title>⟦New ⟦Seep⟧ session⟧ · Scorekeeper</title>", []),
        ("<td>⟦%(num)d pts⟧</td><td>dealt</td>", ["dealt"]),
    ],
)
def test_leftovers_are_the_words_outside_every_mark(page: str, expected: list[str]) -> None:
    assert leftovers(page, ["Asha", "Scorekeeper"]) == expected
