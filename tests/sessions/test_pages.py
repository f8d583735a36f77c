"""The score keeping pages over HTTP: forms, bad input, who may edit, undo and rematch."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import GameSession
from scorekeeper.rules.seep.cards import POINT_CARDS
from tests.helpers.pages import (
    FORMS,
    deal_form,
    flashes,
    next_dealer,
    problems,
    shown,
    start,
    stored,
)

ALL_SPADES_BUT_ACE = tuple(f"{rank}S" for rank in (2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K"))
NAMES = FORMS["seep"]


def test_home_offers_a_new_session(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert "New Seep session" in page
    assert "No sessions yet" in page


def test_new_session_shows_the_scoreboard(client: FlaskClient) -> None:
    board = client.get(start(client)).get_data(as_text=True)
    assert "Asha &amp; Ravi" in board and "Meena &amp; Dev" in board
    assert lead(board).startswith("Level")
    assert "Enter deal 1" in board


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"a1": ""}, "Name team A's first player."),
        ({"b2": ""}, "Name team B's second player, or choose two players."),
        ({"b2": "asha"}, "asha is named twice: every player needs a seat of their own."),
        ({"a1": "x" * 41}, "Team A's first player is too long: at most 40 characters."),
        ({"b2": "y" * 41}, "Team B's second player is too long: at most 40 characters."),
        ({"team_a": "z" * 61}, "Team A's name is too long: at most 60 characters."),
        ({"team_b": "z" * 61}, "Team B's name is too long: at most 60 characters."),
        ({"target": "75"}, "Not a valid choice."),
    ],
)
def test_bad_session_forms_are_refused_and_kept(
    client: FlaskClient, fields: dict[str, str], message: str
) -> None:
    response = client.post("/new/seep", data=NAMES | fields)
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert problems(page) == [message]  # one message, naming the box as the page does
    assert 'value="Meena"' in page  # what was typed is still there
    assert "No sessions yet" in client.get("/").get_data(as_text=True)


def test_the_r3_house_rules_are_offered_by_the_table_s_words_and_kept(client: FlaskClient) -> None:
    form = html.unescape(client.get("/new/seep").get_data(as_text=True))
    assert "We may raise our own house" in form and "We may raise a partner's house" in form
    for name, checked in (("raise_own", "off"), ("raise_partner", "on")):  # R3's defaults
        assert re.search(rf'name="{name}"[^>]*value="{checked}"[^>]*checked', form), name
    default = stored(client, start(client))["options"]
    assert (default["raise_own"], default["raise_partner"]) == ("off", "on")
    board = start(client, raise_own="on", raise_partner="off")
    options = stored(client, board)["options"]
    assert (options["raise_own"], options["raise_partner"]) == ("on", "off")
    page = client.get(board)
    assert page.status_code == 200 and "Enter deal 1" in page.get_data(as_text=True)


@pytest.mark.parametrize("fields", [{"raise_own": "maybe"}, {"raise_partner": ""}])
def test_a_house_rule_not_offered_is_refused(client: FlaskClient, fields: dict[str, str]) -> None:
    response = client.post("/new/seep", data=NAMES | fields)
    assert response.status_code == 400
    assert problems(response.get_data(as_text=True)) == ["Not a valid choice."]
    assert "No sessions yet" in client.get("/").get_data(as_text=True)


def test_names_at_the_longest_are_taken_whole(client: FlaskClient) -> None:
    longest = {"a1": "A" * 40, "b2": "B" * 40, "team_a": "T" * 60, "team_b": "U" * 60}
    board = client.get(start(client, **longest)).get_data(as_text=True)
    # One word longer than a card's line: written whole (CSS cuts it there), whole a tap away.
    for name in ("T" * 60, "U" * 60):
        assert f"<bdi>{name}</bdi>" in board
        assert f'<p class="whole" dir="auto"><strong>{name}</strong>' in board
    assert f"{'A' * 40} &amp; Ravi" in board and f"Meena &amp; {'B' * 40}" in board


def test_two_players_need_no_partners(client: FlaskClient) -> None:
    board = client.get(start(client, players="2", a2="", b2="")).get_data(as_text=True)
    assert next_dealer(board) == "Asha"
    form = client.get(board_path(board) + "/deals/new").get_data(as_text=True)
    assert form.count('name="dealer"') == 2


def board_path(page: str) -> str:
    match = re.search(r'href="(/s/[^/"]+)/deals/new"', page)
    assert match, "no link to enter a deal"
    return match.group(1)


def test_recent_players_are_offered(client: FlaskClient) -> None:
    start(client)
    page = client.get("/new/seep").get_data(as_text=True)
    for name in NAMES.values():
        assert f'data-name="{name}"' in page


def test_a_deal_updates_the_standing(client: FlaskClient) -> None:
    board = start(client)
    response = client.post(board + "/deals/new", data=deal_form(("KS", "QS", "JS"), sweeps0="1"))
    assert response.status_code == 302
    page = client.get(board).get_data(as_text=True)
    # Team A: 36 + 50 = 86, team B: 64 (E2, C4); the lead moves by 22 (M1).
    assert lead(page).startswith("Lead: Asha & Ravi +22")
    assert flashes(page) == [("undo", "Deal 1 saved.")]


def test_the_next_dealer_is_prefilled(client: FlaskClient) -> None:
    board = start(client)
    client.post(board + "/deals/new", data=deal_form(("KS", "QS", "JS"), dealer="1"))
    form = client.get(board + "/deals/new").get_data(as_text=True)
    # M5: dealer 1's team (B, 64 v 36) leads, so the deal passes to seat 2.
    assert re.search(r'name="dealer" value="2"\s+checked', form)
    client.post(board + "/deals/new", data=deal_form(("KS", "QS"), dealer="2"))
    form = client.get(board + "/deals/new").get_data(as_text=True)
    # M5: dealer 2's team (A) is behind, so the same dealer deals again.
    assert re.search(r'name="dealer" value="2"\s+checked', form)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"card_10D": ""}, "Give 10♦ to a team"),
        # The teams by their names (Asha & Ravi, Meena & Dev), not "Team A".
        ({"sweeps0": "99"}, "Asha &amp; Ravi&#39;s sweeps go from 0 to 24"),
        ({"sweeps1": "-1"}, "Meena &amp; Dev&#39;s sweeps go from 0 to 24"),
        ({"opening_sweep": "0", "bid": "9", "dealer": "0"}, "Only the bidder&#39;s team"),
        ({"dealer": "7"}, "dealer must be a whole number from 0 to 3"),
        ({"bid": "8"}, "bid value must be a whole number from 9 to 13"),
    ],
)
def test_bad_deals_are_refused_and_nothing_is_stored(
    client: FlaskClient, fields: dict[str, str], message: str
) -> None:
    board = start(client)
    response = client.post(board + "/deals/new", data=deal_form(("AS",)) | fields)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert "Enter deal 1" in client.get(board).get_data(as_text=True)


def test_edit_a_deal_recomputes_the_standing(client: FlaskClient) -> None:
    board = start(client)
    client.post(board + "/deals/new", data=deal_form(("KS", "QS", "JS")))
    form = client.get(board + "/deals/1/edit").get_data(as_text=True)
    assert re.search(r'name="card_KS" value="0"\s+checked', form)
    client.post(board + "/deals/1/edit", data=deal_form(("KS",)))
    page = client.get(board).get_data(as_text=True)
    assert "+74" in lead(page)  # 13 v 87
    assert "Deal 1 corrected." in page


def lead(page: str) -> str:
    """The scoreboard's lead line, as text."""
    found = re.search(r'data-testid="lead">(.*?)</p>', page, re.S)
    assert found, "no lead line on the page"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def test_undo_then_restore(client: FlaskClient) -> None:
    board = start(client)
    client.post(board + "/deals/new", data=deal_form(("KS", "QS", "JS")))
    client.post(board + "/deals/1/delete")
    page = client.get(board).get_data(as_text=True)
    assert lead(page).startswith("Level") and "Deal 1 deleted." in page
    client.post(board + "/deals/1/restore")
    assert lead(client.get(board).get_data(as_text=True)).startswith("Lead: Meena & Dev +28")


def test_delete_a_past_deal_and_restore_it_in_its_place(client: FlaskClient) -> None:
    board = start(client)
    client.post(board + "/deals/new", data=deal_form(("KS", "QS", "JS")))  # B +28
    client.post(board + "/deals/new", data=deal_form(("AH", *ALL_SPADES_BUT_ACE)))  # 91 v 9: A +82
    assert "Delete deal 1" in client.get(board + "/deals/1/edit").get_data(as_text=True)
    client.post(board + "/deals/1/delete")
    assert "+82" in lead(client.get(board).get_data(as_text=True))
    client.post(board + "/deals/1/restore")
    page = client.get(board).get_data(as_text=True)
    assert "+54" in lead(page) and "Deal 1 restored." in page


def test_two_deleted_deals_can_each_be_restored_in_their_place(client: FlaskClient) -> None:
    board = start(client)
    client.post(board + "/deals/new", data=deal_form(("KS", "QS", "JS")))  # 36 v 64: B +28
    client.post(board + "/deals/new", data=deal_form(("AH", *ALL_SPADES_BUT_ACE)))  # 91 v 9: A +82
    client.post(board + "/deals/new", data=deal_form(("KS", "QS", "JS")))  # B +28 again
    client.post(board + "/deals/1/delete")
    client.post(board + "/deals/2/delete")  # deal #2 was deal 1 by then
    page = client.get(board).get_data(as_text=True)
    assert lead(page).startswith("Lead: Meena & Dev +28")
    assert deleted(page) == [  # each with its own Restore, the latest first
        ("Deal #2: Asha & Ravi 91 · Meena & Dev 9", f"{board}/deals/2/restore"),
        ("Deal #1: Asha & Ravi 36 · Meena & Dev 64", f"{board}/deals/1/restore"),
    ]

    client.post(board + "/deals/1/restore")  # the first deleted comes back first, as deal 1
    page = client.get(board).get_data(as_text=True)
    assert flashes(page) == [("done", "Deal 1 restored.")]
    assert lead(page).startswith("Lead: Meena & Dev +56")
    assert edit_links(page) == {1: 1, 2: 3}
    second = ("Deal #2: Asha & Ravi 91 · Meena & Dev 9", f"{board}/deals/2/restore")
    assert deleted(page) == [second]

    client.post(board + "/deals/2/restore")  # the other one too, back between them
    page = client.get(board).get_data(as_text=True)
    assert flashes(page) == [("done", "Deal 2 restored.")]
    assert lead(page).startswith("Lead: Asha & Ravi +26")
    assert edit_links(page) == {1: 1, 2: 2, 3: 3}
    assert deleted(page) == []


def deleted(page: str) -> list[tuple[str, str]]:
    """The scoreboard's deleted deals: each one's line and where its Restore button posts."""
    found = re.search(r'data-testid="deleted-deals">(.*?)</details>', page, re.S)
    if not found:
        return []
    row = r'<li><span>(.*?)</span>\s*<form method="post" action="([^"]+)"'
    rows = re.findall(row, found[1], re.S)
    assert found[1].count(">Restore</button>") == len(rows)
    return [(html.unescape(text), action) for text, action in rows]


def edit_links(page: str) -> dict[int, int]:
    """Deal number -> the deal id its Edit button opens."""
    found = re.findall(r'href="/s/[^/]+/deals/(\d+)/edit" aria-label="Edit deal (\d+)"', page)
    return {int(number): int(deal_id) for deal_id, number in found}


def test_a_finished_sessions_enter_deal_page_says_it_is_over(client: FlaskClient) -> None:
    board = start(client, baazis="3")
    for _ in range(2):
        client.post(board + "/deals/new", data=deal_form(("AH",)))  # M3: team A under 9
        client.get(board)  # shows "Deal n saved."
    response = client.get(board + "/deals/new")
    assert response.status_code == 302 and response.headers["Location"] == board
    page = client.get(board).get_data(as_text=True)
    over = "This session is over: Meena & Dev won. Start a rematch to play on."
    assert flashes(page) == [("problem", over)]
    assert '<div class="flash flash-problem" role="alert"' in page  # read out at once
    assert "Enter deal" not in page and ">Rematch</button>" in page


def test_another_browser_can_watch_but_not_edit(app: Any, client: FlaskClient) -> None:
    board = start(client)
    stranger = app.test_client()
    page = stranger.get(board).get_data(as_text=True)
    assert "You are watching this session" in page
    assert "Enter deal" not in page
    assert stranger.get(board + "/deals/new").status_code == 403
    assert stranger.post(board + "/deals/new", data=deal_form()).status_code == 403


def test_the_edit_link_lets_another_phone_keep_score(app: Any, client: FlaskClient) -> None:
    board = start(client)
    page = client.get(board).get_data(as_text=True)
    link = re.search(r'value="http://localhost(/s/[^"#]+)#key=([^"]+)"', page)
    assert link and link.group(1) == board
    other = app.test_client()
    assert other.get(board + "/deals/new").status_code == 403
    # The key stays in the fragment; the page hands it over by POST.
    assert other.post(board + "/join", data={"key": "wrong"}).status_code == 403
    assert other.post(board + "/join", data={"key": link.group(2)}).status_code == 302
    assert other.get(board + "/deals/new").status_code == 200


def test_a_decided_session_offers_a_rematch(client: FlaskClient) -> None:
    board = start(client, baazis="3")
    for _ in range(2):
        client.post(board + "/deals/new", data=deal_form(("AH",)))  # M3: team A under 9
    page = client.get(board).get_data(as_text=True)
    assert "Session won by Meena & Dev" in shown(page)
    refused = client.post(board + "/deals/new", data=deal_form(("AH",)))
    assert refused.status_code == 400
    assert "This session is over" in refused.get_data(as_text=True)
    rematch = client.post(board + "/rematch")
    assert rematch.status_code == 302 and rematch.headers["Location"] != board
    assert "Enter deal 1" in client.get(rematch.headers["Location"]).get_data(as_text=True)
    again = client.post(board + "/rematch")  # a second tap (or a resend after a lost answer)
    assert again.headers["Location"] == rematch.headers["Location"]


def test_a_new_session_form_sent_twice_starts_one_session(app: Any, client: FlaskClient) -> None:
    form = client.get("/new/seep").get_data(as_text=True)
    key = re.search(r'name="key" type="hidden" value="([^"]+)"', form) or re.search(
        r'type="hidden" name="key" value="([^"]+)"', form
    )
    assert key, "the form carries no key"
    first = client.post("/new/seep", data=NAMES | {"key": key.group(1)})
    # The answer was lost: the phone sends again, from a browser that never got the cookie.
    other = app.test_client()
    again = other.post("/new/seep", data=NAMES | {"key": key.group(1)})
    assert first.status_code == again.status_code == 302
    assert again.headers["Location"] == first.headers["Location"]
    assert "Enter deal 1" in other.get(again.headers["Location"]).get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(GameSession)) == 1


def test_unknown_pages_are_friendly(client: FlaskClient) -> None:
    for path in ("/s/nope", "/new/chess", "/s/nope/deals/new"):
        response = client.get(path)
        assert response.status_code == 404
        assert "Not found" in response.get_data(as_text=True)


def test_forms_without_csrf_token_are_refused(app: Any) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    response = app.test_client().post("/new/seep", data=NAMES)
    assert response.status_code == 400
    assert "reload the page" in response.get_data(as_text=True)


@pytest.mark.parametrize("field", ["dealer", "bid"])
def test_odd_digits_in_a_deal_form_are_refused_not_a_crash(client: FlaskClient, field: str) -> None:
    board = start(client)
    response = client.post(board + "/deals/new", data=deal_form(("AS",)) | {field: "²"})
    assert response.status_code == 400
    assert "must be a whole number" in response.get_data(as_text=True)


def test_editing_on_the_web_keeps_what_only_the_api_recorded(client: FlaskClient) -> None:
    board = start(client)
    session_id = board.rsplit("/", 1)[1]
    token = re.search(r"key=([^\"&]+)", client.get(board).get_data(as_text=True))
    assert token
    points = [str(card) for card in POINT_CARDS]
    record = {
        "captured": [[*points[:3], "2H", "3H"], [*points[3:], "4C"]],
        "bid": {"seat": 1, "value": 11},
    }
    headers = {"Authorization": f"Bearer {token.group(1)}"}
    assert (
        client.post(
            f"/api/v1/sessions/{session_id}/deals", json=record, headers=headers
        ).status_code
        == 201
    )
    form = client.get(board + "/deals/1/edit").get_data(as_text=True)
    assert re.search(r'name="dealer" value="0"\s+checked', form)  # S1: the bidder's dealer
    assert re.search(r'name="bid" value="11"\s+checked', form)
    client.post(board + "/deals/1/edit", data=deal_form(points[:3], bid="11"))
    stored = client.get(f"/api/v1/sessions/{session_id}").get_json()["deals"][0]
    assert stored["bid"] == {"seat": 1, "value": 11}
    assert {"2H", "3H"} <= set(stored["captured"][0]) and "4C" in stored["captured"][1]


def test_the_home_page_lists_only_this_browsers_sessions(app: Any, client: FlaskClient) -> None:
    start(client)
    assert "Asha &amp; Ravi" in client.get("/").get_data(as_text=True)
    assert "No sessions yet" in app.test_client().get("/").get_data(as_text=True)


@pytest.mark.parametrize(("points", "dealer", "deals_next"), [(100, 0, "1"), (0, 0, "0")])
def test_two_players_after_a_baazi_the_one_who_would_have_dealt_deals(
    client: FlaskClient, points: int, dealer: int, deals_next: str
) -> None:
    # M5: there is no partner to pass the deal to. Asha (seat 0) deals deal 1 and a baazi ends
    # it: won by her, she leads and Meena would have dealt; lost, she would have dealt again.
    board = start(client, "seep", {"players": "2", "a1": "Asha", "b1": "Meena"})
    won = (*ALL_SPADES_BUT_ACE, "AS", "AH", "AD", "AC", "10D") if points else ()
    client.post(board + "/deals/new", data=deal_form(won, dealer=str(dealer)))
    page = client.get(board).get_data(as_text=True)
    name = {"0": "Asha", "1": "Meena"}[deals_next]
    assert next_dealer(page) == name
    form = client.get(board + "/deals/new").get_data(as_text=True)
    assert re.search(rf'name="dealer" value="{deals_next}"\s+checked', form)
    live = client.get(board + "/live").get_data(as_text=True)
    assert f'data-next-dealer="{deals_next}"' in live


def test_the_workers_copy_leaves_a_one_time_message_for_the_page(
    app: Any, client: FlaskClient
) -> None:
    """A new phone joins by a scorer link while its service worker keeps a copy of the
    scoreboard in the background: the copy never takes "This phone keeps score …"."""
    board = start(client)
    key = re.search(r"#key=([^\"]+)\"", client.get(board).get_data(as_text=True))
    assert key
    other = app.test_client()
    assert other.post(board + "/join", data={"key": key.group(1)}).status_code == 302
    copy = other.get(board, headers={"Scorekeeper-Copy": "keep"}).get_data(as_text=True)
    assert "This phone keeps score of this session now." not in copy
    assert "This phone keeps score of this session now." in other.get(board).get_data(as_text=True)
