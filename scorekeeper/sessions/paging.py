"""Which deal rows a scoreboard draws: the latest few, or a page of earlier ones (?before=N),
so the page costs the same at deal 5,000 as at deal 200."""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import abort

from ..words import gettext

# The scoreboard's own rows, newest first: what a table looks back at during an evening (the
# last round or two of dealers, the last baazi) fits in two phone screens; the rest is a tap away.
RECENT = 20
# Rows of an earlier page: enough to find a deal by its number in a few taps, few enough that a
# page of them stays small (each row is about 0.6 KB of HTML).
PAGE = 50
# A deal number as ?before= takes it: digits, no sign, short enough never to be a huge int.
_NUMBER = re.compile(r"[1-9][0-9]{0,8}")


@dataclass(frozen=True)
class DealWindow:
    """Deals `first` to `last` (numbers from 1) of `count`; `before` is the page's ?before=, or
    None for the scoreboard's latest rows."""

    first: int
    last: int
    count: int
    before: int | None = None

    @property
    def numbers(self) -> range:
        """The deal numbers shown, newest first, as the table lists them."""
        return range(self.last, self.first - 1, -1)

    @property
    def earlier(self) -> int | None:
        """The ?before= of the page of older deals; None when deal 1 is shown."""
        return self.first if self.first > 1 else None

    @property
    def latest_first(self) -> int:
        """The oldest deal of the scoreboard's own rows, for the link back to them."""
        return latest(self.count).first

    @property
    def later(self) -> int | None:
        """The ?before= of the page of newer deals; None when the newer ones are the latest."""
        if self.before is None or self.before + PAGE > self.count - RECENT + 1:
            return None
        return self.before + PAGE


def latest(count: int) -> DealWindow:
    """The scoreboard's rows: the last RECENT deals (all of them in a shorter session)."""
    return DealWindow(max(1, count - RECENT + 1), count, count)


def earlier(count: int, before: int) -> DealWindow:
    """The PAGE deals before deal `before` (a number past the last deal means after it)."""
    before = min(before, count + 1)
    return DealWindow(max(1, before - PAGE), before - 1, count, before)


def parse_before(text: str | None) -> int | None:
    """?before= as a deal number of 2 or more; None when absent; a 400 when it is not one."""
    if text is None:
        return None
    if not _NUMBER.fullmatch(text) or int(text) < 2:
        abort(
            400,
            description=gettext("“before” takes a deal number of 2 or more: the deals before it."),
        )
    return int(text)
