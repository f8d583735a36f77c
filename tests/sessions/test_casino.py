"""Casino's pages over HTTP: the new-session form for every table shape (K1), deal entry and its
bad input, the race to 21 on the scoreboard (K13), a deal after the game is won. The engine's
rules are tested in tests/rules/test_casino_score.py; here each error family has a row or two."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.sessions.games.casino import words as casino_pages
from tests.helpers.casino_forms import deal
from tests.helpers.pages import next_dealer, problems, start, stored

FOUR = {"a1": "Asha", "b1": "Meena", "c1": "Kofi", "d1": "Lena"}


def scores(page: str) -> list[int]:
    return [
        int(n) for n in re.findall(r'data-testid="score-\d"><span class="big-number">(\d+)', page)
    ]


# -- a new session ----------------------------------------------------------------------------


def test_the_form_offers_the_players_shapes_and_options_of_the_rules(client: FlaskClient) -> None:
    page = client.get("/new/casino").get_data(as_text=True)
    for box in ("a1", "b1", "c1", "d1", "a2", "b2"):  # four alone, or two pairs
        assert f'name="{box}"' in page
    for value in ("classic", "royal"):
        assert f'name="variant" value="{value}"' in page
    for name in ("partnerships", "sweeps", "count_out"):
        assert f'name="{name}" value="on"' in page
    for value in ("choice", "capturing", "one"):  # K3: Royal's aces
        assert f'name="aces" value="{value}"' in page
    assert "Aces in Royal (K3)" in page and "14 only when capturing" in page


@pytest.mark.parametrize(
    ("fields", "teams", "seats"),
    [
        ({"players": "2"}, [["Asha"], ["Meena"]], ["Asha", "Meena"]),
        ({"players": "3"}, [["Asha"], ["Meena"], ["Kofi"]], ["Asha", "Meena", "Kofi"]),
        (
            {"players": "4"},
            [["Asha"], ["Meena"], ["Kofi"], ["Lena"]],
            ["Asha", "Meena", "Kofi", "Lena"],
        ),
        # K1: two partnerships, partners opposite.
        (
            {"players": "4", "partnerships": "on", "a2": "Ravi", "b2": "Dev"},
            [["Asha", "Ravi"], ["Meena", "Dev"]],
            ["Asha", "Meena", "Ravi", "Dev"],
        ),
    ],
)
def test_k1_every_table_shape_starts_from_the_one_form(
    client: FlaskClient, fields: dict[str, str], teams: list[list[str]], seats: list[str]
) -> None:
    board = start(client, "casino", **FOUR | fields)
    session = stored(client, board)
    assert [t["players"] for t in session["teams"]] == teams
    assert session["seats"] == seats
    page = client.get(board).get_data(as_text=True)
    assert scores(page) == [0] * len(teams)
    # K1: seat 0 plays first after the dealer, so the last seat deals first.
    assert next_dealer(page) == seats[-1]


def test_the_options_are_kept_as_chosen(client: FlaskClient) -> None:
    board = start(client, "casino", variant="royal", sweeps="on", count_out="on")
    assert stored(client, board)["options"] == {
        "variant": "royal",
        "aces": "choice",
        "sweeps": "on",
        "count_out": "on",
        "partnerships": "off",
        "games": None,  # a tournament table's round length (rules/lengths.py)
        "deals": None,
    }
    page = client.get(board).get_data(as_text=True)
    assert "Royal · sweeps score 1 · counting out" in " ".join(page.split())


@pytest.mark.parametrize(
    ("aces", "said"),
    [
        ("capturing", "Royal · aces count 14 only when capturing ·"),
        ("one", "Royal · aces always count 1 ·"),
    ],
)
def test_k3_the_aces_chosen_are_kept_and_said(client: FlaskClient, aces: str, said: str) -> None:
    board = start(client, "casino", variant="royal", aces=aces)
    assert stored(client, board)["options"]["aces"] == aces
    page = client.get(board).get_data(as_text=True)
    assert said in " ".join(page.split())
    live = client.get(board.rstrip("/") + "/live").get_data(as_text=True)
    assert f'data-aces="{aces}"' in live


def test_a_missing_partner_is_named_and_nothing_is_stored(client: FlaskClient) -> None:
    data = FOUR | {"players": "4", "partnerships": "on", "a2": "Ravi"}
    response = client.post("/new/casino", data=data)
    assert response.status_code == 400
    assert problems(response.get_data(as_text=True)) == [
        "Name team B's second player, or choose three players."
    ]
    assert "No sessions yet" in client.get("/").get_data(as_text=True)


# -- deals ------------------------------------------------------------------------------------


def test_the_deal_form_starts_even_and_names_every_scoring_card(client: FlaskClient) -> None:
    board = start(client, "casino", **FOUR | {"players": "3"})
    page = client.get(board + "/deals/new").get_data(as_text=True)
    # 52 and 13 shared out, the rest to the last side: 17 17 18 and 4 4 5.
    for name, value in (("cards0", 17), ("cards2", 18), ("spades1", 4), ("spades2", 5)):
        assert re.search(rf'name="{name}" data-testid="{name}"\s+value="{value}"', page)
    for name in ("ace_S", "ace_C", "ace_H", "ace_D", "big_casino", "little_casino"):
        assert page.count(f'name="{name}"') == 3  # a button per side
    assert 'name="sweeps0"' not in page  # K12: sweeps do not count in this session


def test_a_deal_is_stored_as_the_api_writes_it_and_scored(client: FlaskClient) -> None:
    board = start(client, "casino")
    response = client.post(board + "/deals/new", data=deal(1))
    assert response.status_code == 302
    record = stored(client, board)["deals"][0]
    assert {k: v for k, v in record.items() if k not in ("id", "number", "version", "changed")} == {
        "cards": [30, 22],
        "spades": [7, 6],
        "aces": [0, 0, 1, 1],
        "big_casino": 1,
        "little_casino": 0,
    }
    page = client.get(board).get_data(as_text=True)
    assert scores(page) == [7, 4]  # K11


def test_the_last_side_left_empty_gets_the_rest(client: FlaskClient) -> None:
    board = start(client, "casino")
    client.post(board + "/deals/new", data=deal(1, cards1="", spades1=""))
    assert stored(client, board)["deals"][0]["cards"] == [30, 22]
    assert stored(client, board)["deals"][0]["spades"] == [7, 6]


def test_k11_a_tie_for_most_cards_scores_nothing_and_the_scoreboard_says_so(
    client: FlaskClient,
) -> None:
    board = start(client, "casino")
    client.post(board + "/deals/new", data=deal(1, cards0="26", cards1="26"))
    page = client.get(board).get_data(as_text=True)
    assert scores(page) == [4, 4]
    assert "A tie for most cards: nobody scored its 3 points (K11)." in page


def test_k12_sweeps_count_when_the_option_is_on(client: FlaskClient) -> None:
    board = start(client, "casino", sweeps="on")
    assert 'name="sweeps1"' in client.get(board + "/deals/new").get_data(as_text=True)
    client.post(board + "/deals/new", data=deal(1, sweeps0="1", sweeps1="2"))
    assert stored(client, board)["deals"][0]["sweeps"] == [1, 2]
    assert scores(client.get(board).get_data(as_text=True)) == [8, 6]


def test_four_sides_and_partnerships_take_their_deals(client: FlaskClient) -> None:
    board = start(client, "casino", **FOUR | {"players": "4"})
    fields = deal(1, 4, ace_H="2", ace_D="3", big_casino="3")
    assert client.post(board + "/deals/new", data=fields).status_code == 302
    # K11: A 3 (cards) + 1 (spades) + 2 aces + 2♠ = 7; C A♥ 1; D A♦ and 10♦ 3.
    assert scores(client.get(board).get_data(as_text=True)) == [7, 0, 1, 3]
    pairs = start(
        client, "casino", **FOUR | {"players": "4", "partnerships": "on", "a2": "R", "b2": "D"}
    )
    assert client.post(pairs + "/deals/new", data=deal(1)).status_code == 302
    assert scores(client.get(pairs).get_data(as_text=True)) == [7, 4]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"cards0": "31"}, "The cards taken add up to 53, not 52"),
        ({"spades0": "8"}, "The spades taken add up to 14, not 13"),
        ({"ace_S": ""}, "Tap the side that took the A♠."),
        ({"big_casino": "2"}, "big_casino (10♦) names side 2, which does not exist"),
        ({"ace_D": "5"}, "aces (A♦) names side 5, which does not exist"),
        (
            {"sweeps0": "1"},
            'Sweeps do not score in this session: its option sweeps is "off" (K12).',
        ),
        ({"cards0": "x"}, "Not a valid integer value."),
        ({"sides": "3"}, "cards needs one number per side: 2 numbers."),
        ({"sides": "9"}, "The form is damaged: reload the page."),
    ],
)
def test_bad_deals_are_refused_and_nothing_is_stored(
    client: FlaskClient, fields: dict[str, Any], message: str
) -> None:
    board = start(client, "casino")
    response = client.post(board + "/deals/new", data=deal(1, **fields))
    assert response.status_code == 400
    found = problems(response.get_data(as_text=True))
    assert found[0].startswith(message), found
    assert stored(client, board)["deals"] == []


def test_an_ace_given_twice_through_the_api_is_refused_and_four_are_scored(
    client: FlaskClient,
) -> None:
    teams = [{"players": ["Asha"]}, {"players": ["Meena"]}]
    created = client.post("/api/v1/sessions", json={"game": "casino", "teams": teams}).get_json()
    record = {
        "cards": [30, 22],
        "spades": [7, 6],
        "aces": [0, 0, 1, 1, 0],  # five sides for four aces
        "big_casino": 1,
        "little_casino": 0,
    }
    response = client.post(
        f"/api/v1/sessions/{created['id']}/deals",
        json=record,
        headers={"Authorization": f"Bearer {created['edit_token']}"},
    )
    assert response.status_code == 400
    assert "an ace given twice" in response.get_json()["message"]
    assert client.get(f"/api/v1/sessions/{created['id']}").get_json()["deals"] == []
    # The same deal with four aces: the standing as API.md writes it.
    record["aces"] = [0, 0, 1, 1]
    response = client.post(
        f"/api/v1/sessions/{created['id']}/deals",
        json=record,
        headers={"Authorization": f"Bearer {created['edit_token']}"},
    )
    assert response.status_code == 201
    standing = client.get(f"/api/v1/sessions/{created['id']}").get_json()["standing"]
    assert [row["points"] for row in standing["deals"]] == [[7, 4]]
    assert (standing["scores"], standing["winner"]) == ([7, 4], None)


# -- the race to 21 (K13) ----------------------------------------------------------------------


def test_k13_the_first_to_21_wins_and_no_deal_follows(client: FlaskClient) -> None:
    board = start(client, "casino")
    for number in (1, 2, 3):
        assert client.post(board + "/deals/new", data=deal(number)).status_code == 302
    page = client.get(board).get_data(as_text=True)
    assert scores(page) == [21, 12]
    assert "Won by Asha: first to reach 21, with 21 in deal 3 (K13)." in " ".join(page.split())
    assert re.search(r'big-number">21</span> <span class="muted">won<', page)
    assert 'data-testid="scores-chart"' in page
    assert "Rematch" in page and "Enter deal 4" not in page
    # A deal after the game is won: refused, nothing stored.
    response = client.post(board + "/deals/new", data=deal(4))
    assert response.status_code == 400
    assert problems(response.get_data(as_text=True)) == [
        "The game is over: Asha won the race to 21 (K13). Start a rematch to play on."
    ]
    assert len(stored(client, board)["deals"]) == 3
    # The form is not even offered.
    assert client.get(board + "/deals/new").status_code == 302


def test_k13_counting_out_says_where_the_game_was_won(client: FlaskClient) -> None:
    board = start(client, "casino", count_out="on")
    for number in (1, 2):
        client.post(board + "/deals/new", data=deal(number))
    # 14–8; in deal 3 A takes every ace too. Counting from 14: cards 17, spades 18, (10♦ is
    # B's), 2♠ 19, A♠ 20, A♣ 21.
    client.post(board + "/deals/new", data=deal(3, ace_H="0", ace_D="0"))
    page = html.unescape(" ".join(client.get(board).get_data(as_text=True).split()))
    # The card is an image of its sign, named in words for a screen reader.
    ace = '<span class="card-sign" role="img" aria-label="ace of clubs">A♣</span>'
    assert (
        f"Won by Asha: counting deal 3 out in K13's order, Asha reached 21 with the {ace} (K13)."
        in page
    )


# Meena's mirror of `deal`: she takes 30 cards, 7 spades, A♠ A♣ and the 2♠: B 7, A 4 (K11).
MIRROR = {"cards0": "22", "cards1": "30", "spades0": "6", "spades1": "7", "ace_S": "1"}
MIRROR |= {"ace_C": "1", "ace_H": "0", "ace_D": "0", "big_casino": "0", "little_casino": "1"}


def test_k13_level_past_21_plays_on_and_the_banner_says_when_each_passed(
    client: FlaskClient,
) -> None:
    board = start(client, "casino")
    for number, fields in enumerate(({}, MIRROR, {}, MIRROR), 1):
        assert client.post(board + "/deals/new", data=deal(number, **fields)).status_code == 302
    page = " ".join(client.get(board).get_data(as_text=True).split())
    assert scores(page) == [22, 22]
    assert "Asha and Meena are level on 22, past 21: another deal decides (K13)." in page
    assert "of 21" not in page.split('class="game-line')[0]  # never "22 of 21"
    assert 'big-number">22</span> <span class="muted">past 21<' in page
    client.post(board + "/deals/new", data=deal(5))
    page = " ".join(client.get(board).get_data(as_text=True).split())
    assert (
        "Won by Asha: level with Meena on 22 past 21 in deal 4, so play went on; deal 5 "
        "decided it, 29 to 26 (K13)."
    ) in page
    assert "more than one side" not in page


def test_k13_both_past_21_in_one_deal_the_higher_wins_and_the_banner_says_so(
    client: FlaskClient,
) -> None:
    board = start(client, "casino")
    for number in (1, 2):  # 7-4 each: 14-8
        client.post(board + "/deals/new", data=deal(number))
    client.post(board + "/deals/new", data=deal(3, **MIRROR))  # 18-15
    # Deal 4: Meena takes the A♥ too (8, to 23), Asha the A♦ and big casino (3, to 21).
    client.post(board + "/deals/new", data=deal(4, **MIRROR | {"ace_H": "1"}))
    page = " ".join(client.get(board).get_data(as_text=True).split())
    assert scores(page) == [21, 23]
    assert (
        "Won by Meena: Asha also reached 21 in deal 4, and the higher total wins, 23 to 21 (K13)."
    ) in page


def test_edit_delete_undo_and_rematch(client: FlaskClient) -> None:
    board = start(client, "casino")
    client.post(board + "/deals/new", data=deal(1))
    deal_id = stored(client, board)["deals"][0]["id"]
    edit = f"{board}/deals/{deal_id}/edit"
    page = client.get(edit).get_data(as_text=True)
    assert re.search(r'name="cards0" data-testid="cards0"\s+value="30"', page)
    assert 'name="big_casino" value="1" checked' in page
    response = client.post(edit, data=deal(1, ace_S="1", version="1"))
    assert response.status_code == 302
    assert scores(client.get(board).get_data(as_text=True)) == [6, 5]
    client.post(f"{board}/deals/{deal_id}/delete", data={"version": "2"})
    assert scores(client.get(board).get_data(as_text=True)) == [0, 0]
    for number in (1, 2, 3):
        client.post(board + "/deals/new", data=deal(number))
    rematch = client.post(board + "/rematch")
    assert rematch.status_code == 302 and rematch.headers["Location"] != board
    assert stored(client, rematch.headers["Location"])["deals"] == []


def test_four_sides_of_the_longest_names_get_a_column_each(client: FlaskClient) -> None:
    names = {k: "W" * 38 + k for k in FOUR}  # 40 characters, the longest a name may be
    board = start(client, "casino", **names | {"players": "4"})
    client.post(board + "/deals/new", data=deal(1, 4))
    page = client.get(board).get_data(as_text=True)
    assert page.count("<col>") == 4  # one column per side between # and Edit
    assert 'class="clamp"' in page


def test_k1_two_pairs_over_the_api_need_the_partnerships_option(client: FlaskClient) -> None:
    teams = [{"players": ["Asha", "Ravi"]}, {"players": ["Meena", "Dev"]}]
    body = {"game": "casino", "teams": teams}
    response = client.post("/api/v1/sessions", json=body)
    assert response.status_code == 400
    assert 'set the option partnerships to "on" (K1)' in response.get_json()["message"]
    body["options"] = {"partnerships": "on"}
    created = client.post("/api/v1/sessions", json=body)
    assert created.status_code == 201
    assert created.get_json()["seats"] == ["Asha", "Meena", "Ravi", "Dev"]


# -- refusals name the side as the table calls it ------------------------------------------------


@pytest.mark.parametrize(
    ("names", "fields", "message"),
    [
        # Two players: the player's name, never "Team A"; real plural forms.
        (
            {},
            {"cards0": "3", "cards1": "49", "spades0": "10", "spades1": "3"},
            "Asha took 10 spades but only 3 cards: a side's spades are among its cards.",
        ),
        (
            {},
            {"cards0": "1", "cards1": "51", "spades0": "2", "spades1": "11", "ace_H": "0"},
            "Asha took 2 spades but only 1 card: a side's spades are among its cards.",
        ),
        (
            {},
            {"spades0": "13", "spades1": "0", "ace_S": "1", "little_casino": "1"},
            "Meena took the A♠ and the 2♠ but no spades.",
        ),
        (
            {},
            {"spades0": "13", "spades1": "0", "ace_S": "1"},
            "Meena took the A♠ but no spades: the A♠ is a spade.",
        ),
        (
            {},
            {"cards0": "49", "cards1": "3", "spades0": "10", "spades1": "3", "ace_C": "1"},
            "Meena took 4 of the aces and casinos but only 3 cards.",
        ),
        # Two partnerships: the team's name.
        (
            {"players": "4", "partnerships": "on", "a2": "Ravi", "b2": "Dev"},
            {"cards0": "50", "cards1": "2", "spades0": "10", "spades1": "3", "ace_D": "1"},
            "Meena & Dev took 3 spades but only 2 cards: a side's spades are among its cards.",
        ),
    ],
    ids=["two players", "one card", "spade cards", "a spade card", "aces", "partnerships"],
)
def test_a_refused_deal_names_the_side_as_the_table_does(
    client: FlaskClient, names: dict[str, str], fields: dict[str, str], message: str
) -> None:
    board = start(client, "casino", **FOUR | names)
    response = client.post(board + "/deals/new", data=deal(1, **fields))
    assert response.status_code == 400
    found = problems(response.get_data(as_text=True))
    assert found[0].startswith(message), found
    assert "Team A" not in found[0] and "Team B" not in found[0]
    assert stored(client, board)["deals"] == []


def race(*scores: list[int], won: dict[str, Any]) -> dict[str, Any]:
    """A standing with these scores after each deal, won as `won` says (K13)."""
    rows = [{"points": s, "most": {}, "scores": s, "dealer": 0} for s in scores]
    winner = max(range(len(scores[-1])), key=lambda side: scores[-1][side])
    return {"deals": rows, "scores": scores[-1], "winner": winner, "won": won, "target": 21}


@pytest.mark.parametrize(
    ("standing", "banner"),
    [
        (
            race([12, 9, 10], [22, 15, 14], won={"deal": 2, "by": "first", "at": None}),
            "Won by Asha: first to reach 21, with 22 in deal 2 (K13).",
        ),
        (
            race([18, 19, 17], [21, 25, 23], won={"deal": 2, "by": "higher", "at": None}),
            "Won by Meena: Asha and Kofi also reached 21 in deal 2, and the higher total wins, "
            "25 to 23 (K13).",
        ),
        # Asha and Meena level; Kofi passes them both in the next deal.
        (
            race([22, 22, 18], [24, 24, 26], won={"deal": 2, "by": "higher", "at": None}),
            "Won by Kofi: Asha and Meena were level on 22 past 21 in deal 1, so play went on; "
            "deal 2 decided it, 26 to 24 (K13).",
        ),
    ],
    ids=["first", "three past in one deal", "a third side breaks the tie"],
)
def test_k13_the_banner_for_three_sides(app: Any, standing: Any, banner: str) -> None:
    with app.test_request_context():
        assert casino_pages.how_won(standing["won"], standing, ["Asha", "Meena", "Kofi"]) == banner
