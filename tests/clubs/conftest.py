"""Club fixtures: an evening of a browser's club, started through the web forms."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.pages import FORMS, club_of, start_in_club


@pytest.fixture
def evening(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """A browser's club (made by its first session, Seep) with a second session (Casino)."""
    seep = start_in_club(client, "seep", FORMS["seep"])
    club_id = club_of(app, seep)
    casino = start_in_club(client, "casino", {"players": "2", "a1": "Asha", "b1": "raj"})
    return {"club": club_id, "seep": seep, "casino": casino}
