"""Which forms each game uses: looked up by game name, like the rules."""

from __future__ import annotations

from typing import Any, Protocol

from flask_wtf import FlaskForm

from .seep_forms import SeepDealForm, SeepSessionForm


class SessionForm(Protocol):
    """A new-session form that turns itself into the API's request."""

    def to_request(self) -> dict[str, Any]: ...


class DealForm(Protocol):
    """A deal form that reads and writes the API's deal record."""

    def to_record(self) -> dict[str, Any]: ...


SESSION_FORMS: dict[str, type[FlaskForm]] = {"seep": SeepSessionForm}
DEAL_FORMS: dict[str, type[FlaskForm]] = {"seep": SeepDealForm}
