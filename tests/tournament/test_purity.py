"""The tournament engine knows no web and no database: its modules load only the standard
library, networkx and each other."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.rules.helpers import WEB, loaded_by

ROOT = Path(__file__).resolve().parents[2]
# As tests/rules/test_purity.py: a bare `scorekeeper` package, so the app factory never runs.
EVERY_MODULE = f"""
import importlib, pkgutil, sys, types
root = types.ModuleType("scorekeeper")
root.__path__ = [{str(ROOT / "scorekeeper")!r}]
sys.modules["scorekeeper"] = root
import scorekeeper.tournament
for info in pkgutil.walk_packages(scorekeeper.tournament.__path__, "scorekeeper.tournament."):
    importlib.import_module(info.name)
"""


def test_every_module_loads_only_the_standard_library_and_networkx() -> None:
    modules = loaded_by(EVERY_MODULE)
    assert "scorekeeper.tournament.swiss" in modules  # the walk did import the submodules
    assert [name for name in WEB if name in modules] == []
    tops = {name.split(".")[0] for name in modules} - set(sys.stdlib_module_names)
    assert tops <= {"scorekeeper", "networkx"}, sorted(tops)
    ours = {name for name in modules if name.startswith("scorekeeper.")}
    assert all(name.startswith("scorekeeper.tournament") for name in ours), sorted(ours)
