"""A club's house rules: per game, the options its new sessions start with (issue 25).

Stored as each game's options that differ from its defaults (data/models.py `Club.house_rules`),
checked by the game's own `parse_options`; read back whole, defaults filled in. The club page
sets a game's rules with the new-session form's own controls (sessions/setup.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_wtf import FlaskForm
from wtforms import Field

from ..data.models import Club
from ..rules import GAMES, Game, InvalidInput, get_game
from ..sessions.form_words import WordsMeta
from ..sessions.games import PAGES, game_title, rules_played
from ..sessions.setup import (
    Number,
    Radio,
    Setup,
    as_field,
    option_field,
    rule_options,
    value_of,
)
from ..words import gettext
from ..words.inputs import in_words


def differences(game: Game, options: dict[str, Any]) -> dict[str, Any]:
    """The parsed options that differ from the game's defaults."""
    defaults = game.parse_options(None)
    return {name: value for name, value in options.items() if value != defaults[name]}


def checked(game: Game, raw: object) -> dict[str, Any]:
    """A game's house rules as given, checked as a session's options are: the options that
    differ from the defaults; raise InvalidInput naming the game and what is wrong."""
    try:
        return differences(game, game.parse_options(raw))
    except InvalidInput as error:
        message = gettext(
            "The house rules of %(game)s: %(problem)s",
            game=game_title(game),
            problem=in_words(error),
        )
        raise InvalidInput(error.code, message) from error


def read_rules(raw: Mapping[str, object]) -> dict[str, dict[str, Any]]:
    """The house rules of every game named in `raw` ({game: options}); raise InvalidInput on
    the first thing wrong (an unknown game, option or value)."""
    return {name: checked(get_game(name), options) for name, options in raw.items()}


def full_rules(club: Club) -> dict[str, dict[str, Any]]:
    """Every game's house rules, defaults filled in (the API's answer)."""
    return {name: game.parse_options(club.rules_of(name)) for name, game in GAMES.items()}


def rules_lines(club: Club) -> list[tuple[str, list[str]]]:
    """Each game whose house rules are not its usual ones, with each rule as the new-session
    form names it (for the club page)."""
    lines = []
    for name in PAGES:
        said = rules_played(name, GAMES[name].parse_options(club.rules_of(name)))
        if said:
            lines.append((name, said))
    return lines


def setup_of(game_name: str) -> Setup:
    """The game's new-session setup."""
    return PAGES[game_name].session_form.setup


class HouseRulesForm(FlaskForm):
    """A game's house rules on the club page: its rule options, as the new-session form has
    them (prefixed by the game's name, every game's form on one page)."""

    Meta = WordsMeta
    game: Game

    def controls(self) -> list[tuple[Field, Radio | Number]]:
        """Each rule option's field with the option it sets."""
        return [(self[o.name], o) for o in rule_options(setup_of(self.game.name))]

    def options(self) -> dict[str, Any]:
        """The options chosen, as the API takes them."""
        return {option.name: value_of(field.data) for field, option in self.controls()}


def house_form_class(game_name: str) -> type[HouseRulesForm]:
    """The house rules form of a game."""
    fields: dict[str, Any] = {"game": GAMES[game_name]}
    for option in rule_options(setup_of(game_name)):
        fields[option.name] = option_field(option)
    return type(f"HouseRules_{game_name.replace('-', '_')}", (HouseRulesForm,), fields)


FORMS = {name: house_form_class(name) for name in PAGES}


def house_form(club: Club, game_name: str, sent: bool = False) -> HouseRulesForm:
    """A game's house rules form: as sent (`sent`), else filled in with the club's rules."""
    if sent:
        return FORMS[game_name](prefix=game_name)
    options = GAMES[game_name].parse_options(club.rules_of(game_name))
    data = {name: as_field(value) for name, value in options.items()}
    return FORMS[game_name](formdata=None, data=data, prefix=game_name)


def set_game_rules(club: Club, form: HouseRulesForm) -> bool:
    """Keep the form's rules as the game's house rules (the club's other options of the game,
    set through the API, stay); whether they changed; raise InvalidInput."""
    game = form.game
    rules = checked(game, {**club.rules_of(game.name), **form.options()})
    return club.set_house_rules({**(club.house_rules or {}), game.name: rules})
