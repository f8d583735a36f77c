"""One Casino deal as recorded at the table: what each side took (K2, K11, K12).

A record is `{"cards": [n per side], "spades": [n per side], "aces": [side of AS, AC, AH,
AD], "big_casino": side, "little_casino": side, "sweeps": [n per side]}`; `sweeps` is
optional and only counts with the `sweeps` option on.

>>> parse_deal({"cards": [30, 22], "spades": [7, 6], "aces": [0, 1, 1, 0],
...             "big_casino": 1, "little_casino": 0}, Table(2, 1), {"sweeps": "off"})["cards"]
[30, 22]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from ..errors import InvalidInput
from ..fields import integer, record, required
from ..table import Table
from .options import check_table


class CasinoRecord(TypedDict):
    """A Casino deal's record in canonical form, as stored: what each side took (sides by
    number)."""

    cards: list[int]
    spades: list[int]
    aces: list[int]  # the side that took each ace, in ACES' order
    big_casino: int
    little_casino: int
    sweeps: NotRequired[list[int]]  # only with the sweeps option on (K12)


PACK = 52  # K2: the whole pack is dealt and taken
SPADES = 13
ACES = ("A♠", "A♣", "A♥", "A♦")  # the order of a record's `aces` (API.md)
FIELDS = ("cards", "spades", "aces", "big_casino", "little_casino", "sweeps")
WHAT = "A Casino deal"


def read_deal(raw: object, table: Table, options: Mapping[str, Any]) -> CasinoRecord:
    """The deal record in canonical form; the table must be the one the options give (K1)."""
    check_table(table, options)
    return parse_deal(raw, table, options)


def parse_deal(raw: object, table: Table, options: Mapping[str, Any]) -> CasinoRecord:
    """Validate a deal record and return it in canonical form; raise InvalidInput."""
    fields = record(raw, WHAT, FIELDS)
    cards = _counts(fields, "cards", table, PACK, "bad-cards")
    spades = _counts(fields, "spades", table, SPADES, "bad-spades")
    aces = _aces(required(fields, "aces", WHAT), table)
    out: CasinoRecord = {
        "cards": cards,
        "spades": spades,
        "aces": aces,
        "big_casino": _side(required(fields, "big_casino", WHAT), "big_casino (10♦)", table),
        "little_casino": _side(
            required(fields, "little_casino", WHAT), "little_casino (2♠)", table
        ),
    }
    _check_taken(out, table)
    sweeps = _sweeps(fields.get("sweeps"), table, options, cards)
    if sweeps is not None:
        out["sweeps"] = sweeps
    return out


def _counts(fields: Mapping[str, Any], name: str, table: Table, total: int, code: str) -> list[int]:
    """One count per side, adding up to `total` (K2: every card is taken by some side)."""
    counts = _per_side(required(fields, name, WHAT), name, table, total)
    if sum(counts) != total:
        raise InvalidInput(code, "taken-total", field=name, given=sum(counts), total=total)
    return counts


def _per_side(raw: object, name: str, table: Table, high: int) -> list[int]:
    if not isinstance(raw, list) or len(raw) != table.teams:
        raise InvalidInput("bad-field", "one-number-per-side", field=name, sides=table.teams)
    return [
        integer(n, "team-field", 0, high, team_label=side, field=name) for side, n in enumerate(raw)
    ]


def _side(raw: object, what: str, table: Table) -> int:
    """A side of this table, by number."""
    last = table.teams - 1
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= last:
        raise InvalidInput("bad-side", "no-such-side", what=what, value=raw, last=last)
    return raw


def _aces(raw: object, table: Table) -> list[int]:
    """The side that took each ace, in the order A♠ A♣ A♥ A♦."""
    if not isinstance(raw, list) or len(raw) != len(ACES):
        if isinstance(raw, list):
            raise InvalidInput("bad-aces", "aces-count", aces=list(ACES), count=len(raw))
        raise InvalidInput("bad-aces", "aces-not-list", aces=list(ACES), value=raw)
    return [_side(side, f"aces ({ace})", table) for ace, side in zip(ACES, raw, strict=True)]


def _check_taken(deal: Mapping[str, Any], table: Table) -> None:
    """A side holds at least the scoring cards it took: its aces and casinos, its spades.

    Each refusal carries its facts (`problem`, `side` and the counts) for the web layer, which
    names the side as the table does."""
    for side in range(table.teams):
        cards, spades = deal["cards"][side], deal["spades"][side]
        special = deal["aces"].count(side) + (deal["big_casino"] == side)
        special += deal["little_casino"] == side
        spade_cards = [card for card, taker in _spade_cards(deal) if taker == side]
        if spades > cards:
            raise InvalidInput(
                "bad-spades",
                "spades-over-cards",
                {"problem": "spades-over-cards", "side": side, "spades": spades, "cards": cards},
            )
        if cards < special:
            raise InvalidInput(
                "bad-cards",
                "specials-over-cards",
                {
                    "problem": "specials-over-cards",
                    "side": side,
                    "specials": special,
                    "cards": cards,
                },
            )
        if spades < len(spade_cards):
            raise InvalidInput(
                "bad-spades",
                "spade-cards-over-spades",
                {
                    "problem": "spade-cards-over-spades",
                    "side": side,
                    "spades": spades,
                    "taken": spade_cards,
                },
            )


def _spade_cards(deal: Mapping[str, Any]) -> list[tuple[str, int]]:
    """The scoring cards that are spades, and the side that took each: A♠ and 2♠."""
    return [("AS", deal["aces"][0]), ("2S", deal["little_casino"])]


def _sweeps(
    raw: object, table: Table, options: Mapping[str, Any], cards: Sequence[int]
) -> list[int] | None:
    """Each side's sweeps (K12): none without the option; each takes two cards at least."""
    counts = None if raw is None else _per_side(raw, "sweeps", table, PACK)
    if options["sweeps"] == "off":
        if counts and any(counts):
            raise InvalidInput("sweeps-off", "sweeps-off")
        return None
    counts = counts or [0] * table.teams
    for side, (n, taken) in enumerate(zip(counts, cards, strict=True)):
        # A sweep takes the card played and at least one table card.
        if 2 * n > taken:
            raise InvalidInput(
                "bad-sweeps",
                "sweeps-over-cards",
                {"problem": "sweeps-over-cards", "side": side, "sweeps": n, "cards": taken},
            )
    return counts
