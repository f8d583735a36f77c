"""translate-toolkit's pofilter holds every catalog to its checks of placeholders, punctuation,
brackets, numbers and doubled words: the checks each language keeps, the ones it leaves out and
why, and the few messages a check may pass over, are in scorekeeper/translations/pofilter.toml.

The checks run in-process (pofilter's own checker classes, as `pofilter --language=<lang>` runs
them) rather than as a command, so that the five catalogs take a second or two.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

import pytest
from translate.filters import checks
from translate.storage import factory

from scorekeeper.web.catalogs import TRANSLATIONS
from tests.helpers.catalogs import OTHERS

CONFIG = TRANSLATIONS / "pofilter.toml"


@cache
def config() -> dict[str, Any]:
    """The checks' choices per language (pofilter.toml)."""
    with CONFIG.open("rb") as file:
        return tomllib.load(file)


def chosen(code: str) -> tuple[dict[str, str], list[dict[str, Any]], str | None]:
    """One language's choices: the checks left out (every language's and its own, each with its
    reason), the messages a check may pass over (each group with its reason), and its full stop
    where the toolkit does not know it."""
    every, own = config()["every-language"], config()[code]
    return (
        every.get("exclude", {}) | own.get("exclude", {}),
        own.get("allow", []),
        own.get("sentence-end"),
    )


def checker(code: str) -> checks.TeeChecker:
    """pofilter's standard checkers for `code`, less the checks it leaves out."""
    excluded, _allowed, stop = chosen(code)
    tee = checks.TeeChecker(
        checkerconfig=checks.CheckerConfig(targetlanguage=code),
        checkerclasses=[checks.StandardChecker, checks.StandardUnitChecker],
        excludefilters=dict.fromkeys(excluded, True),
        languagecode=code,
    )
    if stop:
        # The toolkit's Hindi has no full stop of its own: teach it the danda, as its Punjabi
        # and Nepali are taught theirs, so that a sentence's end is still checked.
        ends = {". ": f"{stop} ", ".\n": f"{stop}\n"}
        kind = type(tee.checkers[0].config.lang)  # the checks read the class's puncdict
        taught = type(kind.__name__, (kind,), {"puncdict": ends})
        for each in tee.checkers:
            each.config.lang = taught
    return tee


@cache
def flagged(code: str) -> list[tuple[str, str, str]]:
    """Each (check, msgid, translation) pofilter finds in the catalog."""
    tee = checker(code)
    store = factory.getobject(str(TRANSLATIONS / code / "LC_MESSAGES" / "messages.po"))
    return [
        (name, unit.source, unit.target)
        for unit in store.units
        if unit.istranslated() and not unit.isheader()
        for name in tee.run_filters(unit)
    ]


def allowed(code: str) -> set[tuple[str, str]]:
    """The (check, msgid) a check may pass over in this language."""
    return {(group["check"], msgid) for group in chosen(code)[1] for msgid in group["messages"]}


@pytest.mark.parametrize("code", OTHERS)
def test_pofilter_finds_nothing_in_the_catalog(code: str) -> None:
    found = [(name, source, target) for name, source, target in flagged(code)]
    assert [one for one in found if one[:2] not in allowed(code)] == []


@pytest.mark.parametrize("code", OTHERS)
def test_every_exclusion_says_why_and_every_allowance_is_still_needed(code: str) -> None:
    """A check left out, and each group of messages a check may pass over, has its reason; an
    allowed message is one the check still flags (else the allowance is stale: remove it)."""
    excluded, groups, _stop = chosen(code)
    assert all(len(reason) > 30 for reason in excluded.values())
    assert all(len(group["why"]) > 30 for group in groups)
    still = {(name, source) for name, source, _target in flagged(code)}
    assert allowed(code) - still == set()
