"""The database keeps its promises: a rollback undoes everything, savepoints included."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.data.extensions import db
from scorekeeper.data.models import Player
from tests.helpers.seep import seep_session


def test_a_rolled_back_new_player_is_not_kept(app: Flask) -> None:
    with app.app_context():
        with db.session.begin_nested():
            db.session.add(Player.new("Zed"))
        db.session.rollback()
        assert db.session.execute(db.select(Player).filter_by(name="Zed")).first() is None


def test_a_table_keeps_its_own_spelling_of_a_name(client: FlaskClient) -> None:
    """Finding 7: players are not shared between unrelated sessions by case-folded name."""
    first = seep_session(client, [{"players": ["Asha"]}, {"players": ["Dev"]}])
    second = seep_session(client, [{"players": ["ASHA"]}, {"players": ["dev"]}])
    assert first["teams"][0]["players"] == ["Asha"]
    assert second["teams"][0]["players"] == ["ASHA"]
    assert second["seats"] == ["ASHA", "dev"]
