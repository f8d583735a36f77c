"""Names in lists are in the reader's order (scorekeeper/words/collation.py): the new-session form's
recent names, the club's players in its menus, its statistics' equal rows, a player's opponents.

Esperanto tells the orders apart: its ŝ and ŭ are letters after s and u, where English sorts
them as s and u with an accent (Ŝako before Sofia, Ŭa before Uma).
"""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.helpers import pages
from tests.helpers.api import new_club, played
from tests.helpers.seep import deal

NAMES = {"a1": "Uma", "a2": "Ŝako", "b1": "Ŭa", "b2": "Sofia"}
ORDERS = {
    "en": ["Ŝako", "Sofia", "Ŭa", "Uma"],
    "eo": ["Sofia", "Ŝako", "Uma", "Ŭa"],
}


def html(client: FlaskClient, path: str, lang: str) -> str:
    """The page at `path` for a reader of `lang`."""
    response = client.get(path, headers={"Accept-Language": lang})
    assert response.status_code == 200, path
    return response.get_data(as_text=True)


@pytest.mark.parametrize("lang", ORDERS)
def test_the_recent_names_are_in_the_readers_order(client: FlaskClient, lang: str) -> None:
    pages.start(client, "seep", NAMES)
    chips = re.findall(r'class="chip" data-name="([^"]+)"', html(client, "/new/seep", lang))
    assert chips == ORDERS[lang]


@pytest.fixture
def club(client: FlaskClient) -> str:
    """A club of one Seep session, a baazi the Tigers (Ŭa, Sofia) won: all played one, two won."""
    club_id = new_club(client)["id"]
    lineup = [
        {"name": "Lions", "players": [NAMES["a1"], NAMES["a2"]]},
        {"name": "Tigers", "players": [NAMES["b1"], NAMES["b2"]]},
    ]
    played(client, "seep", deal(5), lineup=lineup, club=club_id, baazis=1)
    return str(club_id)


@pytest.mark.parametrize("lang", ORDERS)
def test_the_clubs_players_are_in_the_readers_order(
    client: FlaskClient, club: str, lang: str
) -> None:
    menu = html(client, f"/c/{club}", lang).split('name="player"', 1)[1].split("</select>")[0]
    assert re.findall(r">([^<>]+)</option>", menu)[1:] == ORDERS[lang]  # after "Anyone"


@pytest.mark.parametrize("lang", ORDERS)
def test_equal_rows_of_the_statistics_are_in_the_readers_order(
    client: FlaskClient, club: str, lang: str
) -> None:
    page = html(client, f"/c/{club}/players", lang)
    rows = re.findall(r'data-testid="player-row">\s*<td><a class="name-cell"[^>]*>([^<]+)<', page)
    # The winners first, then the others; within each, by name.
    won = [name for name in ORDERS[lang] if name in (NAMES["b1"], NAMES["b2"])]
    lost = [name for name in ORDERS[lang] if name not in won]
    assert rows == won + lost


@pytest.mark.parametrize("lang", ORDERS)
def test_a_players_opponents_are_in_the_readers_order(
    client: FlaskClient, club: str, lang: str
) -> None:
    players = html(client, f"/c/{club}/players", lang)
    uma = re.search(r'href="(/c/[^"]+/players/\d+)">Uma<', players)
    assert uma
    table = html(client, uma[1], lang).split('data-testid="against"', 1)[1].split("</table>")[0]
    rivals = [name for name in re.findall(r">([^<>]+)<", table) if name in NAMES.values()]
    assert rivals == [name for name in ORDERS[lang] if name in (NAMES["b1"], NAMES["b2"])]
