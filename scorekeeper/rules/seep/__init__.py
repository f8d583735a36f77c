"""Seep: score keeping now; positions, moves and the checker live beside it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import InvalidInput
from ..table import Table
from . import baazi, options, record


class Seep:
    """Seep's rules behind the common game interface (see rules/game.py)."""

    name = "seep"
    title = "Seep"

    def parse_options(self, raw: object) -> dict[str, Any]:
        """Validated options with the defaults of rules/seep.md."""
        return options.parse_options(raw)

    def check_table(self, table: Table) -> None:
        """Two teams of two (partners opposite), or two players alone."""
        if table.teams != 2 or table.players_per_team not in (1, 2):
            raise InvalidInput(
                "bad-teams", "Seep is played by two teams of two players, or by two players."
            )

    def parse_deal(self, raw: object, table: Table, options: Mapping[str, Any]) -> dict[str, Any]:
        """The deal record in canonical form."""
        return record.parse_deal(raw, table).to_json()

    def standing(
        self, table: Table, options: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """The standing, derived from the stored records."""
        return baazi.standing(table, options, [record.parse_deal(d, table) for d in deals])


SEEP = Seep()
