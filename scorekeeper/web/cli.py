"""Command-line tasks: `flask --app scorekeeper init-db`, `export FILE` and `import FILE`."""

from __future__ import annotations

import json
from pathlib import Path

import click
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask.cli import with_appcontext
from flask_migrate import upgrade
from sqlalchemy.exc import SQLAlchemyError

from ..data.backup.fields import check_header
from ..data.backup.problems import BackupError
from ..data.backup.restoring import restore
from ..data.backup.writing import full_backup
from ..words.backup import refusal_in_words


@click.command("init-db")
@with_appcontext
def init_db() -> None:
    """Create the schema in an empty database, or upgrade it to the current version."""
    upgrade()
    click.echo("The database is up to date.")


@click.command("export")
@click.argument("file", type=click.Path(dir_okay=False, writable=True, path_type=Path))
@with_appcontext
def export_command(file: Path) -> None:
    """Write every club and session (live deals too) to FILE (JSON), to be restored by `import`."""
    try:
        document = full_backup()
    except SQLAlchemyError:
        raise click.ClickException(
            "This database cannot be read: run `flask --app scorekeeper init-db` first."
        ) from None
    file.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    sessions = document["sessions"]
    live = sum(len(session["live_deals"]) for session in sessions)
    click.echo(
        f"Wrote {len(document['clubs'])} clubs, {len(sessions)} sessions "
        f"and {live} live deals to {file}."
    )


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@with_appcontext
def import_command(file: Path) -> None:
    """Restore the clubs and sessions of FILE, keeping their ids; what is there stays."""
    try:
        document = json.loads(file.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        message = f"{file} is not a JSON backup ({error}). Nothing was imported."
        raise click.ClickException(message) from None
    try:
        known = known_revisions()
        check_header(document, known)  # before any table is made
        upgrade()  # an empty database gets its tables; a current one is left as it is
        done = restore(document, known)
    except BackupError as error:
        raise click.ClickException(f"{refusal_in_words(error)} Nothing was imported.") from None
    except SQLAlchemyError as error:
        reason = str(error.orig if hasattr(error, "orig") else error).splitlines()[0]
        message = f"The database refused it ({reason}). Nothing was imported."
        raise click.ClickException(message) from None
    click.echo(str(done))


def known_revisions() -> set[str]:
    """Every migration this version of the app knows."""
    config = current_app.extensions["migrate"].migrate.get_config()
    return {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}


def register(app: Flask) -> None:
    """Add the commands to `flask`."""
    app.cli.add_command(init_db)
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)
