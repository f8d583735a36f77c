"""The tournament engine knows no web and no database: its modules load only the standard
library, networkx and each other."""

from __future__ import annotations

import sys

from tests.rules.helpers import WEB, every_module_of, loaded_by

EVERY_MODULE = every_module_of("scorekeeper.tournament")


def test_every_module_loads_only_the_standard_library_and_networkx() -> None:
    modules = loaded_by(EVERY_MODULE)
    assert "scorekeeper.tournament.swiss" in modules  # the walk did import the submodules
    assert [name for name in WEB if name in modules] == []
    tops = {name.split(".")[0] for name in modules} - set(sys.stdlib_module_names)
    assert tops <= {"scorekeeper", "networkx"}, sorted(tops)
    ours = {name for name in modules if name.startswith("scorekeeper.")}
    assert all(name.startswith("scorekeeper.tournament") for name in ours), sorted(ours)
