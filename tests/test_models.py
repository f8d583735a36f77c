"""The database keeps its promises: a rollback undoes everything, savepoints included."""

from __future__ import annotations

from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.models import Player


def test_a_rolled_back_new_player_is_not_kept(app: Flask) -> None:
    with app.app_context():
        Player.named("Zed")  # inserted inside a savepoint
        db.session.rollback()
        assert db.session.execute(db.select(Player).filter_by(name="Zed")).first() is None


def test_a_player_is_found_again_whatever_the_case(app: Flask) -> None:
    with app.app_context():
        first = Player.named("Asha")
        db.session.commit()
        assert Player.named("ASHA").id == first.id
