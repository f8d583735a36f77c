"""What every game's deal form carries besides the deal: which deal, and which version of it."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import IntegerField
from wtforms.validators import NumberRange, Optional
from wtforms.widgets import HiddenInput

WHOLE = [Optional(), NumberRange(1, 100_000, "The form is damaged: reload the page.")]


class DealForm(FlaskForm):
    """A deal form: `number` is the deal it was opened as, `version` the version it edits.

    The server compares them with the session as it is now, so a form opened before another
    scorer's change, or sent again with the Back button, is caught instead of stored twice.
    """

    number = IntegerField(widget=HiddenInput(), validators=WHOLE)
    version = IntegerField(widget=HiddenInput(), validators=WHOLE)
