"""Seep through the sessions API (shared/API.md "Sessions"): its options, its deal records read
in any spelling and written canonically, bad records refused, and M1 to M5 through HTTP.

The endpoints themselves, with Seep as their game, are tested in test_sessions.py."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.models import Deal, GameSession
from tests.helpers import api
from tests.helpers.seep import DEFAULT_OPTIONS, captured, deal, seep_session

# -- options --------------------------------------------------------------------------------


def test_options_defaults_are_filled(client: FlaskClient) -> None:
    session = seep_session(client)
    assert session["options"] == DEFAULT_OPTIONS
    assert api.read(client, session)["options"] == DEFAULT_OPTIONS


def test_given_options_are_kept_beside_the_defaults(client: FlaskClient) -> None:
    session = seep_session(client, target=50, baazis=3, under9="cards")
    expected = {**DEFAULT_OPTIONS, "target": 50, "baazis": 3, "under9": "cards"}
    assert session["options"] == expected
    assert api.read(client, session)["options"] == expected


@pytest.mark.parametrize("raise_own", ["off", "on"])
@pytest.mark.parametrize("raise_partner", ["on", "off"])
def test_r3_options_are_kept(client: FlaskClient, raise_own: str, raise_partner: str) -> None:
    session = seep_session(client, raise_own=raise_own, raise_partner=raise_partner)
    expected = {**DEFAULT_OPTIONS, "raise_own": raise_own, "raise_partner": raise_partner}
    assert session["options"] == expected
    assert api.read(client, session)["options"] == expected


@pytest.mark.parametrize(
    ("options", "code", "named"),
    [
        ({"raise_own": "yes"}, "bad-option", "raise_own"),
        ({"raise_partner": "never"}, "bad-option", "raise_partner"),
        ({"raise_own": True}, "bad-option", "raise_own"),
        ({"raise_partners": "off"}, "unknown-option", "raise_partners"),
    ],
)
def test_a_bad_r3_option_is_refused_naming_it(
    client: FlaskClient, app: Flask, options: dict[str, Any], code: str, named: str
) -> None:
    body = {"game": "seep", "teams": api.FOUR, "options": options}
    message = api.assert_error(client.post(api.SESSIONS, json=body), 400, code)
    assert named in message
    assert api.count(app, GameSession) == 0


# -- deal records: any spelling in, canonical out --------------------------------------------


def test_the_deal_record_comes_back_canonical(client: FlaskClient) -> None:
    session = seep_session(client)
    team0, team1 = captured(60)
    # T for ten, lower case, suit symbols and stray spaces are all read...
    spelled = {"10D": "TD", "AS": "as", "KS": "k♠", "10S": "10♠", "AH": " a♥ ", "QS": "qS"}
    assert set(spelled) <= set(team0 + team1)
    record = {
        "captured": [
            [spelled.get(c, c) for c in team0] + ["t♣"],
            [spelled.get(c, c) for c in team1] + ["7h"],
        ]
    }
    response = api.post_deal(client, session, record)
    assert response.status_code == 201, response.get_json()
    # ...and the output always uses the canonical form.
    expected = [[*team0, "10C"], [*team1, "7H"]]
    assert api.read(client, session)["deals"][0]["captured"] == expected
    assert api.read(client, session)["standing"]["deals"][0]["points"] == [60, 40]


def test_ten_of_diamonds_spelled_with_symbol_and_t(client: FlaskClient) -> None:
    session = seep_session(client)
    team0, team1 = captured(60)
    record = {"captured": [team0, ["t♦" if c == "10D" else c for c in team1]]}
    api.add_deals(client, session, record)
    stored = api.read(client, session)["deals"][0]["captured"]
    assert "10D" in stored[1] and "t♦" not in stored[1]
    assert api.read(client, session)["standing"]["deals"][0]["points"] == [60, 40]


def test_optional_fields_are_kept_in_the_record(client: FlaskClient) -> None:
    session = seep_session(client)
    record = deal(50, (0, "opening"), (1, "play"), bid={"seat": 1, "value": 11}, dealer=0)
    record["sweeps"][0]["team"] = 1  # the bidder (seat 1) is on team 1
    api.add_deals(client, session, record)
    stored = api.read(client, session)["deals"][0]
    assert stored["bid"] == {"seat": 1, "value": 11}
    assert stored["dealer"] == 0
    assert stored["sweeps"] == [{"team": 1, "when": "opening"}, {"team": 1, "when": "play"}]
    assert api.read(client, session)["standing"]["deals"][0]["points"] == [50, 125]


# -- bad deal records --------------------------------------------------------------------------


def _without(cards: list[str], card: str) -> list[str]:
    return [c for c in cards if c != card]


TEAM0, TEAM1 = captured(60)
assert "10D" in TEAM1 and "KS" in TEAM0


# Every record error is tabled once, in tests/rules/test_seep_scoring.py; through HTTP two or
# three rows per error family show that each reaches the client as a 400 and stores nothing.
BAD_DEALS: list[tuple[str, Any, str]] = [
    ("a point card missing", {"captured": [TEAM0, _without(TEAM1, "10D")]}, "missing-point-card"),
    ("a point card twice", {"captured": [[*TEAM0, "10D"], TEAM1]}, "duplicate-card"),
    ("another card twice", {"captured": [[*TEAM0, "7H"], [*TEAM1, "7h"]]}, "duplicate-card"),
    ("an unknown card", {"captured": [[*TEAM0, "1S"], TEAM1]}, "unknown-card"),
    ("a card that is a number", {"captured": [[*TEAM0, 10], TEAM1]}, "unknown-card"),
    ("a NUL character", {"captured": [[*TEAM0, "7\x00H"], TEAM1]}, "unknown-card"),
    ("no captured field", {"sweeps": []}, "missing-field"),
    ("a bid without value", deal(60, bid={"seat": 1}), "missing-field"),
    ("captured not a list", {"captured": "KS"}, "bad-field"),
    ("a sweep for team 2", deal(60, (2, "play")), "bad-field"),
    ("dealer as text", deal(60, dealer="0"), "bad-field"),
    ("an unknown field", {"captured": [TEAM0, TEAM1], "winner": 0}, "unknown-field"),
    ("two opening sweeps", deal(60, (0, "opening"), (0, "opening")), "bad-sweep"),
    ("25 sweeps", deal(60, *[(0, "play")] * 25), "bad-sweep"),
    ("a bidder not after the dealer", deal(60, bid={"seat": 3, "value": 9}, dealer=0), "bad-bid"),
    ("a list, not an object", [TEAM0, TEAM1], "bad-json"),
]


@pytest.mark.parametrize(
    ("record", "code"), [b[1:] for b in BAD_DEALS], ids=[b[0] for b in BAD_DEALS]
)
@pytest.mark.parametrize("verb", ["POST", "PUT"])
def test_bad_deals_are_refused_and_nothing_is_stored(
    client: FlaskClient, app: Flask, seep_played: dict[str, Any], record: Any, code: str, verb: str
) -> None:
    before = api.snapshot(client, seep_played)
    rows = api.count(app, Deal)
    path = "/deals" if verb == "POST" else "/deals/2"
    response = client.open(
        f"{api.SESSIONS}/{seep_played['id']}{path}",
        method=verb,
        json=record,
        headers=api.bearer(seep_played["edit_token"]),
    )
    api.assert_error(response, 400, code)
    assert api.snapshot(client, seep_played) == before
    assert api.count(app, Deal) == rows


def test_a_missing_point_card_is_named(client: FlaskClient, seep_played: dict[str, Any]) -> None:
    response = api.post_deal(client, seep_played, {"captured": [TEAM0, _without(TEAM1, "10D")]})
    assert "10♦" in api.assert_error(response, 400, "missing-point-card")


def test_a_card_given_twice_is_named(client: FlaskClient, seep_played: dict[str, Any]) -> None:
    response = api.post_deal(client, seep_played, {"captured": [[*TEAM0, "TD"], TEAM1]})
    assert "10♦" in api.assert_error(response, 400, "duplicate-card")


def test_put_can_turn_a_deal_into_a_baazi(client: FlaskClient, seep_played: dict[str, Any]) -> None:
    response = client.put(
        f"{api.SESSIONS}/{seep_played['id']}/deals/2",
        json=deal(95),
        headers=api.bearer(seep_played["edit_token"]),
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["deals"][1]["baazi"] == {"winner": 0, "reason": "under-9"}
    assert body["baazis"] == [1, 0]
    assert body["lead"] == {"team": None, "points": 0}


# -- M1 to M5 through the API ---------------------------------------------------------------
# The rules are tabled once, in tests/rules/test_seep_scoring.py; through HTTP a few rows show
# that the standing, the options and M4's end of a session reach the client.


def standing_after(client: FlaskClient, *records: Any, **options: Any) -> dict[str, Any]:
    session = seep_session(client, **options)
    api.add_deals(client, session, *records)
    return api.read(client, session)["standing"]


def test_m1_the_difference_moves_one_running_lead(client: FlaskClient) -> None:
    session = seep_session(client)
    assert api.add_deals(client, session, deal(60))["lead"] == {"team": 0, "points": 20}
    assert api.add_deals(client, session, deal(30))["lead"] == {"team": 1, "points": 20}
    assert api.add_deals(client, session, deal(60))["lead"] == {"team": None, "points": 0}


def test_m2_a_lead_reaching_100_wins_a_baazi(client: FlaskClient) -> None:
    # +25 (an opening sweep at 50/50), +25 again, then +50: the lead is exactly 100.
    standing = standing_after(client, deal(50, (0, "opening")), deal(50, (0, "opening")), deal(75))
    assert [row["baazi"] for row in standing["deals"]] == [
        None,
        None,
        {"winner": 0, "reason": "lead"},
    ]
    assert standing["baazis"] == [1, 0]
    assert standing["lead"] == {"team": None, "points": 0}  # the lead returns to 0


def test_m3_under_9_loses_the_baazi_whatever_the_lead(client: FlaskClient) -> None:
    # Team 1 leads by 40, then scores 8: team 0 takes the baazi.
    standing = standing_after(client, deal(30), deal(92))
    assert standing["deals"][1]["baazi"] == {"winner": 0, "reason": "under-9"}
    assert standing["baazis"] == [1, 0]
    assert standing["lead"] == {"team": None, "points": 0}


def test_m3_under9_cards_counts_card_points_only(client: FlaskClient) -> None:
    standing = standing_after(client, deal(92, (1, "play")), under9="cards")
    assert standing["deals"][0]["baazi"] == {"winner": 0, "reason": "under-9"}
    assert standing["baazis"] == [1, 0]


def test_m4_a_decided_session_refuses_more_deals(client: FlaskClient) -> None:
    session = seep_session(client, baazis=3)
    answer = api.add_deals(client, session, deal(95), deal(96))
    assert answer["baazis"] == [2, 0]
    assert answer["winner"] == 0
    before = api.snapshot(client, session)
    message = api.assert_error(api.post_deal(client, session, deal(60)), 400, "session-over")
    assert "Lions" in message
    assert api.snapshot(client, session) == before
    assert len(before["deals"]) == 2


def test_m4_one_baazi_is_a_tournament_round_and_refuses_more_deals_as_over(
    client: FlaskClient,
) -> None:
    # `baazis: 1` is a round's length (shared/API.md, "A table's round ends"): 409 round-over.
    session = seep_session(client, baazis=1)
    answer = api.add_deals(client, session, deal(95))
    assert (answer["baazis"], answer["winner"]) == ([1, 0], 0)
    before = api.snapshot(client, session)
    message = api.assert_error(api.post_deal(client, session, deal(60)), 409, "round-over")
    assert "Lions" in message
    assert api.snapshot(client, session) == before


def test_m4_deleting_the_deciding_deal_reopens_the_session(client: FlaskClient) -> None:
    session = seep_session(client, baazis=1)
    api.add_deals(client, session, deal(60), deal(95))
    response = client.delete(
        f"{api.SESSIONS}/{session['id']}/deals/2", headers=api.bearer(session["edit_token"])
    )
    assert response.get_json()["winner"] is None
    assert api.post_deal(client, session, deal(60)).status_code == 201


def test_m5_next_dealer(client: FlaskClient) -> None:
    session = seep_session(client)
    # Seat 0 deals, team 0 leads after: the deal passes to seat 1.
    assert api.add_deals(client, session, deal(60, dealer=0))["next_dealer"] == 1
    # Seat 1 (team 1) deals and team 1 is still behind: seat 1 deals again.
    assert api.add_deals(client, session, deal(55))["next_dealer"] == 1
    # Team 1 draws level: level is not leading, so seat 1 deals again.
    assert api.add_deals(client, session, deal(35))["next_dealer"] == 1
    # Team 1 leads: the deal passes on to seat 2.
    assert api.add_deals(client, session, deal(40))["next_dealer"] == 2
    # Seat 2 (team 0) deals and team 0 wins a baazi: seat 3 would deal, so its partner,
    # seat 1, does.
    answer = api.add_deals(client, session, deal(95))
    rows = api.read(client, session)["standing"]["deals"]
    assert rows[-1]["baazi"] == {"winner": 0, "reason": "under-9"}
    assert answer["next_dealer"] == 1
