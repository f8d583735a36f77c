"""What every game's deal form carries besides the game: which deal it was opened as, and which
version it edits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_wtf import FlaskForm
from wtforms import IntegerField
from wtforms.validators import NumberRange, Optional
from wtforms.widgets import HiddenInput

from ...words import gettext, lazy_gettext
from ..form_words import WordsMeta

WHOLE = [Optional(), NumberRange(1, 100_000, lazy_gettext("The form is damaged: reload the page."))]


def set_sent(field: Any, value: int | str) -> None:
    """Change what a field of a sent form will render (it shows what was sent)."""
    field.data = value
    field.raw_data = [str(value)]


class DealForm(FlaskForm):
    """A deal form: `number` is the deal it was opened as and `next_id` the id that deal was
    to get (deletes move numbers, never ids); `version` is the version it edits.

    The server compares them with the session as it is now, so a form opened before another
    scorer's change, or sent again with the Back button, is caught instead of stored twice.
    """

    Meta = WordsMeta  # WTForms' own messages in the reader's language
    number = IntegerField(widget=HiddenInput(), validators=WHOLE)
    next_id = IntegerField(widget=HiddenInput(), validators=WHOLE)
    version = IntegerField(widget=HiddenInput(), validators=WHOLE)

    def __init__(self, *args: Any, teams: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The teams' names, for the messages this form writes (a validator names the team).
        self.team_names = tuple(teams)

    def team_name(self, team: int) -> str:
        """Team `team` as the table calls it (a letter only if the form was given no names)."""
        if team < len(self.team_names):
            return self.team_names[team]
        return gettext("Team %(letter)s", letter=chr(ord("A") + team))

    def follow(self, fresh: DealForm, game_session: Any, sent: int, number: int) -> list[str]:
        """Take the fields the form drew from the standing (the dealer) as `fresh`, the form for
        deal `number`, has them, in place of deal `sent`'s; a sentence for each that changed."""
        changed = []
        if "dealer" in self and str(fresh["dealer"].data) != str(self["dealer"].data or ""):
            seats = game_session.seat_names()
            old, new = self["dealer"].data, int(fresh["dealer"].data)
            was = seats[int(old)] if old and str(old).isdigit() else None
            set_sent(self["dealer"], str(new))
            changed.append(
                gettext(
                    "%(new)s deals deal %(number)d, not %(old)s: the dealer is changed below.",
                    new=seats[new],
                    number=number,
                    old=was,
                )
                if was
                else gettext("%(new)s deals deal %(number)d.", new=seats[new], number=number)
            )
        return changed
