"""The lessons know no web, no database and no words: their modules load only the standard
library, the rules engine and each other."""

from __future__ import annotations

import sys

from tests.rules.helpers import WEB, every_module_of, loaded_by

EVERY_MODULE = every_module_of("scorekeeper.lessons")


def test_every_module_loads_only_the_standard_library_and_the_rules_engine() -> None:
    modules = loaded_by(EVERY_MODULE)
    assert "scorekeeper.lessons.course" in modules  # the walk did import the submodules
    assert [name for name in WEB if name in modules] == []
    assert "flask_babel" not in modules and "babel" not in modules
    tops = {name.split(".")[0] for name in modules} - set(sys.stdlib_module_names)
    assert tops == {"scorekeeper"}, sorted(tops)
    ours = {name for name in modules if name.startswith("scorekeeper.")}
    allowed = ("scorekeeper.lessons", "scorekeeper.rules")
    assert all(name.startswith(allowed) or name == "scorekeeper" for name in ours), sorted(ours)
