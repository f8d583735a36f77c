"""Aiming the OpenAPI tests' generated requests at a real tournament (the Bracket of
tests/helpers/openapi_table.py), shared by test_openapi.py and test_openapi_data.py."""

from __future__ import annotations

from typing import Any

from tests.helpers.openapi_table import Table


def aim_tournament(
    case: Any, operation_id: str, index: int, faults: set[str], table: Table, body: Any
) -> Any:
    """Aim the case at the table's tournament (but for the "session" fault) and its rounds,
    tables and entrants (but for the "deal" fault), in the state that the request finds it in
    by `index`; the body to send, a new entrant made for a late entrant's."""
    bracket, parameters = table.bracket, case.path_parameters
    if "session" not in faults and "tournament_id" in parameters:
        parameters["tournament_id"] = bracket.id
    if operation_id == "confirm_table" and "session" not in faults:
        # The first table, played out (200, and again 200), or the second, not over (409).
        parameters["session_id"] = bracket.played if index % 2 == 0 else bracket.unplayed
    elif operation_id == "pair_round":
        # The next round can be paired (201), or a table of the last has no confirmed result
        # (409 round-open; no-rounds-left once every round is paired).
        if index % 2 == 0:
            bracket.pairable()
        else:
            bracket.open_round()
    elif operation_id == "unpair_round":
        # The last of two rounds or more, none of whose tables has a deal (200), or the first
        # (409 not-last-round).
        last = bracket.rounds(2)
        if "deal" not in faults:
            parameters["number"] = last if index % 2 == 0 else 1
    elif operation_id == "adjust_table" and "deal" not in faults:
        parameters |= {"number": 1, "table": 1 + index % 2}
    elif operation_id == "add_entrant":
        if "session" not in faults and index % 3 == 2:
            parameters["tournament_id"] = bracket.robin  # not a Swiss: 409 not-swiss
        if isinstance(body, bool):
            body = bracket.late_entrant(named=body)
    elif operation_id == "withdraw_entrant" and "deal" not in faults:
        parameters["entrant_id"] = 1 + index % 4
    return body


# A tournament's operation whose path names no tournament: a table's result confirmed.
TABLES = {"confirm_table"}
