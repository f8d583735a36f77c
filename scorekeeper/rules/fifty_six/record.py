"""One Fifty-six deal as recorded at the table: the contract, the points it won, and
optionally the dealer, the auction as called and a new game's start (F8–F10, F14).

Whether a record may follow the deals before it (a team out of tables, a won game, a
recorded auction legal as the table stands) is the standing's check: score.check_next.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from ..errors import InvalidInput
from ..fields import integer, record, required
from ..table import Table
from .auction import HIGHEST_BID, LOWEST_BID, StoredContract, parse_call
from .options import check_table
from .score import check_next, standing
from .trick import TRUMPS


class FiftySixRecord(TypedDict):
    """A Fifty-six deal's record in canonical form, as stored (None: everyone passed, F10)."""

    contract: StoredContract | None
    points: int
    dealer: NotRequired[int]
    auction: NotRequired[list[dict[str, Any]]]  # the calls as called (auction.Call.to_json)
    new_game: NotRequired[bool]


DEAL_FIELDS = ("contract", "points", "dealer", "double", "auction", "new_game")
# F9: by the double level 0 (none), 1 (doubled), 2 (redoubled).
DOUBLE_LEVELS = (0, 1, 2)


def read_deal(raw: object, table: Table, options: Mapping[str, Any]) -> FiftySixRecord:
    """The deal record in canonical form; the table must be the one the options give (F2)."""
    check_table(table, options)
    return parse_deal(raw, table, options)


def parse_deal(
    raw: object,
    table: Table,
    options: Mapping[str, Any],
    previous: Sequence[Mapping[str, Any]] | None = None,
) -> FiftySixRecord:
    """Validate a deal record and return it in canonical form; raise InvalidInput.

    Given the canonical deals before it (`previous`), also refuse a deal that cannot follow
    them (see check_next).
    """
    fields = record(raw, "A Fifty-six deal", DEAL_FIELDS)
    contract = required(fields, "contract", "A Fifty-six deal")
    if "double" in fields:
        if contract is None:
            # F9, F10: with everyone passing there is no bid, so nothing to double.
            raise InvalidInput("bad-double", "nothing-to-double")
        raise InvalidInput("unknown-field", "double-in-contract")
    out: FiftySixRecord = {
        "contract": None if contract is None else _contract(contract, table),
        # F14: the card points the contracting team won, out of the deck's 56.
        "points": integer(required(fields, "points", "A Fifty-six deal"), "points", 0, 56),
    }
    if fields.get("dealer") is not None:
        out["dealer"] = integer(fields["dealer"], "dealer", 0, table.seats - 1)
    if fields.get("auction") is not None:
        out["auction"] = _calls(fields["auction"], table)
    if fields.get("new_game", False) is not False:
        if fields["new_game"] is not True:
            raise InvalidInput("bad-field", "new-game-not-bool")
        out["new_game"] = True
    if previous is not None:
        check_next(table, options, standing(table, options, previous), out)
    return out


def _contract(raw: object, table: Table) -> StoredContract:
    fields = record(raw, "contract", ("seat", "value", "trump", "double"))
    seat = integer(required(fields, "seat", "contract"), "contract seat", 0, table.seats - 1)
    # F8: a bid is a number from 28 to 56 with a trump suit or no-trumps.
    value = integer(required(fields, "value", "contract"), "bid", LOWEST_BID, HIGHEST_BID)
    trump = required(fields, "trump", "contract")
    if trump not in TRUMPS or not isinstance(trump, str):
        raise InvalidInput("bad-field", "not-a-choice", what="trump", allowed=list(TRUMPS))
    # F9: 0 (not doubled), 1 (doubled) or 2 (redoubled).
    double = integer(fields.get("double", 0), "double", 0, len(DOUBLE_LEVELS) - 1)
    return {"seat": seat, "value": value, "trump": trump, "double": double}


def _calls(raw: object, table: Table) -> list[dict[str, Any]]:
    """A recorded auction's calls, each readable; whether they are legal, and give the
    contract, depends on the deals before (who is out): see check_next."""
    if not isinstance(raw, list):
        raise InvalidInput("bad-auction", "auction-not-list")
    return [parse_call(item, table.seats).to_json() for item in raw]
