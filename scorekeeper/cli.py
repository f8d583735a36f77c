"""Command-line tasks: `flask --app scorekeeper init-db`."""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import with_appcontext
from flask_migrate import upgrade


@click.command("init-db")
@with_appcontext
def init_db() -> None:
    """Create the schema in an empty database, or upgrade it to the current version."""
    upgrade()
    click.echo("The database is up to date.")


def register(app: Flask) -> None:
    """Add the commands to `flask`."""
    app.cli.add_command(init_db)
