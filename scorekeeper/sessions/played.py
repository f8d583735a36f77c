"""A session's live deals as a scoreboard reads them: each one's id and version, and the records
of only the deals it draws, so the page of a long session costs what a short one's does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..data import boards
from ..data.deal_reads import records_of
from ..data.models import DealRow, GameSession
from ..rules.game import Record
from .paging import DealWindow, earlier, latest


@dataclass(frozen=True)
class Played:
    """The live deals in order of play (deal n is played[n - 1]), with the records read."""

    versions: list[tuple[int, int]]  # each deal's (id, version)
    records: dict[int, Record]  # by id: the deals drawn, at least

    def __len__(self) -> int:
        return len(self.versions)

    def __getitem__(self, index: int) -> DealRow:
        serial, version = self.versions[index]
        return DealRow(serial, version, self.records[serial])


def read(game_session: GameSession, before: int | None) -> tuple[Any, Played, DealWindow]:
    """The standing, the deals, and which of them the page lists (the latest, or the page of
    those before deal `before`). Every record is read only when the standing is not memoised;
    else those of the rows listed and of the last deal."""
    versions, standing, records = boards.board(game_session)
    window = latest(len(versions)) if before is None else earlier(len(versions), before)
    # The rows listed, and the last deal (its summary is announced, Undo names it).
    wanted = {versions[n - 1][0] for n in (*window.numbers, len(versions)) if n}
    if missing := wanted - records.keys():
        records |= records_of(game_session, missing)
    return standing, Played(versions, records), window
