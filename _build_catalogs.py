"""The wheel's build step: compile the catalogs into the package, as `make catalogs` does.

Without it a wheel would serve every page in English: the .mo files and the pages' script catalogs
(scorekeeper/static/i18n/) are built, not committed. Loaded by path, so that the build needs Babel
and not the app's own dependencies.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools.command.build_py import build_py

PACKAGE = Path(__file__).resolve().parent / "scorekeeper"


class BuildWithCatalogs(build_py):
    """build_py that first writes each language's .mo and script catalog into the source tree."""

    def run(self) -> None:
        """Compile, then copy the package (its data files included) as usual."""
        spec = importlib.util.spec_from_file_location("catalogs", PACKAGE / "web" / "catalogs.py")
        assert spec and spec.loader
        catalogs = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(catalogs)
        catalogs.write_all()
        super().run()
