"""A built wheel is a working app: its templates, static files and compiled catalogs ride inside it.

The wheel is built from a copy of the committed tree (no catalog compiled there), unpacked away
from the checkout, migrated and asked for pages in Portuguese.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Run inside the unpacked wheel: the app it holds, migrated, answers in Portuguese.
CHECK = """
import sys, scorekeeper
from pathlib import Path
assert Path(scorekeeper.__file__).is_relative_to(sys.argv[1]), scorekeeper.__file__
from scorekeeper import create_app
app = create_app({"SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": "sqlite:///" + sys.argv[2]})
assert app.test_cli_runner().invoke(args=["init-db"]).exit_code == 0
client = app.test_client()
home = client.get("/", headers={"Accept-Language": "pt"})
script = client.get("/static/i18n/pt.js")
print(home.status_code, script.status_code, "Verificar uma jogada" in home.text)
"""


def committed_tree(target: Path) -> Path:
    """The checkout's committed and staged files, copied: nothing built beside them."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def test_a_built_wheel_serves_pages_in_every_language(tmp_path: Path) -> None:
    tree = committed_tree(tmp_path / "tree")
    assert not list(tree.rglob("*.mo")) and not (tree / "scorekeeper/static/i18n").exists()
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
    subprocess.run([*command, "-w", str(tmp_path / "dist"), str(tree)], check=True, timeout=300)
    (wheel,) = (tmp_path / "dist").glob("scorekeeper-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(tmp_path / "unpacked")
    assert "scorekeeper/templates/base.html" in names
    assert "scorekeeper/static/js/app.js" in names
    for code in ("pt", "eo", "hi", "ur", "ml"):
        assert f"scorekeeper/translations/{code}/LC_MESSAGES/messages.mo" in names
        assert f"scorekeeper/static/i18n/{code}.js" in names
    unpacked = tmp_path / "unpacked"
    env = {**os.environ, "PYTHONPATH": str(unpacked)}
    env.pop("DATABASE_URL", None)
    answer = subprocess.run(
        [sys.executable, "-c", CHECK, str(unpacked), str(tmp_path / "db.sqlite")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.split() == ["200", "200", "True"]
