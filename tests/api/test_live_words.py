"""A live Seep deal's refusals and flags name the players (issue 21): the engine gives the seat,
the count and the value as data, and the answer's sentence is written with the table's names
(shared/API.md: `message` and `reason` are sentences in the reader's language)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.rules.violation import Violation
from scorekeeper.words.lists import listed
from scorekeeper.words.live import claim_reason, flag_reason
from scorekeeper.words.verdicts import reason
from tests.helpers.api import SESSIONS, bearer
from tests.helpers.seep import seep_session
from tests.rules.seep_positions import build, throw

# Seats in playing order (Lions: Asha & Ravi, Tigers: Meena & Dev, partners opposite).
SEATS = ["Asha", "Meena", "Ravi", "Dev"]
# Seat 3 deals, seat 0 bids 9 (S1); 9♦ 9♥ on the floor.
START = {"dealer": 3, "bid": {"seat": 0, "value": 9}, "floor": ["9D", "9H", "5D", "3C"]}
CHAIN = [
    (0, build("4S", 9, ["5D"])),  # absorbs 9♦ 9♥ (H2): seat 0 owns a house of 9, declares a 9
    (1, build("9S", 12, ["3C"])),  # a 9 seen elsewhere
    (2, throw("2H")),
]


class Live:
    """A Seep session's live deal through the API, with the keeper's token."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        session = seep_session(client)
        self.url = f"{SESSIONS}/{session['id']}/live"
        self.auth = bearer(session["edit_token"])
        assert client.get(f"{SESSIONS}/{session['id']}").get_json()["seats"] == SEATS
        assert client.post(self.url, json=START, headers=self.auth).status_code == 201
        self.plays = 0

    def play(self, seat: int, move: dict[str, Any]) -> Any:
        """Send the next play; the answer's status and body."""
        body = {"number": self.plays + 1, "seat": seat, **move}
        answer = self.client.post(f"{self.url}/plays", json=body, headers=self.auth)
        self.plays += answer.status_code == 201
        return answer.status_code, answer.get_json()


def test_a_play_out_of_turn_is_refused_naming_whose_turn_it_is(client: FlaskClient) -> None:
    live = Live(client)
    status, body = live.play(2, throw("2H"))  # seat 0 plays first: the bidder (S3)
    assert (status, body["error"]) == (400, "not-your-turn")
    assert body["message"] == "It is Asha's turn to play."


def test_a_flag_names_the_owners_by_name(client: FlaskClient) -> None:
    live = Live(client)
    for seat, move in CHAIN:
        assert live.play(seat, move)[0] == 201
    # Dev builds 11 with 9♣, the last 9: Asha owns the house of 9 and can hold no 9 (H5).
    status, body = live.play(3, build("9C", 11, ["2H"]))
    assert status == 201
    assert [f["reason"] for f in body["flags"]] == [
        "The house of 9 is owned by Asha, bound to hold a 9 each (H5), but only 0 are left unseen."
    ]
    again = client.get(live.url).get_json()
    assert again["flags"] == body["flags"]
    assert again["flags"][0]["owners"] == [0]  # the data as it was


def test_a_card_the_table_saw_everywhere_is_refused_naming_the_card(client: FlaskClient) -> None:
    live = Live(client)
    assert live.play(0, build("4S", 9, ["5D"]))[0] == 201
    status, body = live.play(1, build("9S", 12, ["3C"]))
    assert status == 201
    assert live.play(2, throw("2H"))[0] == 201
    status, body = live.play(3, build("9C", 9))  # every other 9 seen: no 9 left to hold
    assert (status, body["rule_id"]) == (400, "H5")
    assert body["message"].endswith("The table can see it: every other 9 has been seen.")


def test_the_cards_left_are_counted_in_their_forms(app: Flask) -> None:
    rule = Violation("H5", "must-hold", "must-hold-house", {"value": 9})
    said = {"say": "cards-left", "seat": 2, "reason": rule}
    with app.test_request_context():
        for left, words in ((0, "0 cards"), (1, "1 card"), (2, "2 cards")):
            refused = Violation("H5", "must-hold", "cards-left", said | {"left": left})
            assert reason(refused, SEATS) == (
                "You would own the house of 9 with no 9 left in hand. The table can see it: "
                f"Ravi has {words} left after this play."
            )


def test_a_flags_owners_are_named_together_and_the_unseen_counted(app: Flask) -> None:
    class Flag:
        value, owners, left = 11, (1, 3), 1

    with app.test_request_context():
        assert listed(["Asha"]) == "Asha"
        assert listed(["Asha", "Ravi", "Dev"]) == "Asha, Ravi and Dev"
        assert flag_reason(Flag(), SEATS) == (
            "The house of 11 is owned by Meena and Dev, bound to hold a 11 each (H5), but only "
            "1 is left unseen."
        )


@pytest.mark.parametrize(
    ("why", "sentence"),
    [
        (
            {"why": "seen"},
            "Asha claimed at play 1 to hold a card of 7 (K5), but every card of 7 is seen.",
        ),
        (
            {"why": "too-few", "left": 1, "owed": [7, 9]},
            "Asha claimed at play 1 to hold a card of 7 (K5), but 1 card left cannot hold builds "
            "of 7 and 9.",
        ),
    ],
)
def test_a_casino_claim_flagged_names_its_maker(
    client: FlaskClient, why: dict[str, Any], sentence: str
) -> None:
    flag = {"play": 5, "seat": 0, "value": 7, "declared_at": 1, "rule": "K5", **why}
    with client.application.test_request_context():
        assert claim_reason(flag, ["Asha", "Meena"]) == sentence
