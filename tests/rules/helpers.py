"""What the rule tests share (beside seep_positions.py): whether running some code loads the web,
the engine's refusals in words, Seep's self-play configurations, and Seep deal records written
from the rules text."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import InvalidInput
from scorekeeper.words.inputs import SENTENCES, in_words

ROOT = Path(__file__).resolve().parents[2]

# -- the engine knows no web ---------------------------------------------------------------

WEB = ("flask", "sqlalchemy", "wtforms")


def loaded_by(code: str) -> list[str]:
    """The modules that running `code` adds to a fresh interpreter's sys.modules."""
    script = (
        "import json, sys\nbefore = set(sys.modules)\n"
        + code
        + "\nprint(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    modules: list[str] = json.loads(done.stdout.splitlines()[-1])
    return modules


# -- the engine's refusals in words (the web layer writes them: words/inputs.py) -----------


def said(error: InvalidInput) -> str:
    """The refusal's sentence as the API's English `message` says it; its key must have one."""
    assert error.key in SENTENCES, error.key
    return in_words(error)


@contextmanager
def refused(match: str = "") -> Iterator[pytest.ExceptionInfo[InvalidInput]]:
    """pytest.raises(InvalidInput, match=…), matching the sentence the API would say."""
    with pytest.raises(InvalidInput) as caught:
        yield caught
    assert re.search(match, said(caught.value)), said(caught.value)


# -- Seep's self-play: 2 or 4 players, each option of play ---------------------------------

# Each capture and throw option (C2, T3) with one combination of R3's raise options, in turn,
# so that both numbers of players meet every one of them: the defaults first.
PLAY_OPTIONS = [
    {"capture": capture, "throw": throw, "raise_own": own, "raise_partner": partner}
    for (capture, throw), (own, partner) in zip(
        [("maximal", "strict"), ("maximal", "matching"), ("free", "strict"), ("free", "matching")],
        [("off", "on"), ("on", "on"), ("off", "off"), ("on", "off")],
        strict=True,
    )
]
CONFIGS = [
    pytest.param(players, options, id=f"{players}p-" + "-".join(options.values()))
    for players in (4, 2)
    for options in PLAY_OPTIONS
]


# -- Seep deal records from the public notation ---------------------------------------------

# rules/seep.md "Cards": every spade scores its capture value (A=1 ... K=13);
# A♥, A♦, A♣ score 1 each; 10♦ scores 6.  Written out here independently of the engine.
RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


POINT_VALUES: dict[str, int] = {
    **{rank + "S": value for value, rank in enumerate(RANK_TEXT, start=1)},
    "AH": 1,
    "AD": 1,
    "AC": 1,
    "10D": 6,
}


def worth(points: int) -> list[str]:
    """Point cards worth exactly `points` card points (largest first)."""
    chosen, left = [], points
    for card, value in sorted(POINT_VALUES.items(), key=lambda item: -item[1]):
        if value <= left:
            chosen.append(card)
            left -= value
    assert left == 0 and sum(POINT_VALUES[c] for c in chosen) == points
    return chosen


def give(
    team0: Iterable[str], extra0: Sequence[str] = (), extra1: Sequence[str] = ()
) -> list[list[str]]:
    """`captured`: the given point cards to team 0, every other point card to team 1."""
    mine = list(team0)
    return [mine + list(extra0), [c for c in POINT_VALUES if c not in mine] + list(extra1)]


def sweep(text: str) -> dict[str, Any]:
    """ "0:play" -> {"team": 0, "when": "play"}."""
    team, when = text.split(":")
    return {"team": int(team), "when": when}


def deal(points0: int, *sweeps: str, **fields: Any) -> dict[str, Any]:
    """A deal in which team 0 captures `points0` card points, team 1 the rest of the 100."""
    record: dict[str, Any] = {"captured": give(worth(points0))}
    record["sweeps"] = [sweep(s) for s in sweeps]
    record.update(fields)
    return record


def contract(seat: int, value: int, points: int, double: int = 0, **fields: Any) -> dict[str, Any]:
    """A Fifty-six deal: seat's team contracted for `value` and took `points` card points."""
    bid = {"seat": seat, "value": value, "trump": "S", "double": double}
    return {"contract": bid, "points": points, **fields}


def every_module_of(package: str) -> str:
    """Code that imports `package` (scorekeeper.<name>) and each of its modules without running
    scorekeeper/__init__.py (the app factory): a bare package object stands in for
    `scorekeeper`, so only the package's own imports load (run it with loaded_by)."""
    return f"""
import importlib, pkgutil, sys, types
root = types.ModuleType("scorekeeper")
root.__path__ = [{str(ROOT / "scorekeeper")!r}]
sys.modules["scorekeeper"] = root
import {package}
for info in pkgutil.walk_packages({package}.__path__, "{package}."):
    importlib.import_module(info.name)
"""
