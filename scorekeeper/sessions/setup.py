"""One new-session form for every game: how many play, who sits in which team, the options.

Each game's pages describe their setup (`Setup`); `session_form` turns it into a form whose
boxes are named by team letter and place (a1, b2, c1 …), and whose teams take the shape the
game's `table_for` gives for the players chosen (and the option that shapes them, if any). The
options' controls are built from the engine's declaration (`Game.options`), labelled in the
words of words/options.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from flask_wtf import FlaskForm
from wtforms import Field, IntegerField, RadioField, StringField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3; stubs: 3.2
from wtforms.validators import Optional, ValidationError
from wtforms.widgets import HiddenInput

from ..data.idempotency import new_key
from ..rules import Game, InvalidInput, Table
from ..rules.limits import MAX_NAME, MAX_TEAM_NAME
from ..rules.options import Option
from ..words import gettext, lazy_gettext
from ..words.options import OPTION_WORDS
from .form_words import WordsMeta

LETTERS = "abcd"
# "or choose two players": the number as a word, as the sentence says it.
NUMBER_WORDS = {
    2: lazy_gettext("two"),
    3: lazy_gettext("three"),
    4: lazy_gettext("four"),
    6: lazy_gettext("six"),
    8: lazy_gettext("eight"),
}
# Each place in a team, as its box is named (a whole phrase each: the ordinal agrees with it).
PLACES = (
    lazy_gettext("Team %(letter)s's first player"),
    lazy_gettext("Team %(letter)s's second player"),
    lazy_gettext("Team %(letter)s's third player"),
    lazy_gettext("Team %(letter)s's fourth player"),
    lazy_gettext("Team %(letter)s's fifth player"),
    lazy_gettext("Team %(letter)s's sixth player"),
)
# A place left empty: name its player (the first place of a team is always needed) …
UNNAMED = (
    lazy_gettext("Name team %(letter)s's first player."),
    lazy_gettext("Name team %(letter)s's second player."),
    lazy_gettext("Name team %(letter)s's third player."),
    lazy_gettext("Name team %(letter)s's fourth player."),
    lazy_gettext("Name team %(letter)s's fifth player."),
    lazy_gettext("Name team %(letter)s's sixth player."),
)
# … or choose fewer players, when the game can be played by fewer.
UNNAMED_OR_FEWER = (
    UNNAMED[0],
    lazy_gettext("Name team %(letter)s's second player, or choose %(count)s players."),
    lazy_gettext("Name team %(letter)s's third player, or choose %(count)s players."),
    lazy_gettext("Name team %(letter)s's fourth player, or choose %(count)s players."),
    lazy_gettext("Name team %(letter)s's fifth player, or choose %(count)s players."),
    lazy_gettext("Name team %(letter)s's sixth player, or choose %(count)s players."),
)


@dataclass(frozen=True)
class Radio:
    """An option chosen from a row of buttons: (value as sent, label) pairs."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: str


@dataclass(frozen=True)
class Number:
    """An option that is a whole number, with − and + buttons."""

    name: str
    label: str
    low: int
    high: int
    default: int | None  # None: the box starts empty (an open-ended option: none set)


@dataclass(frozen=True)
class Seat:
    """An option that is a seat at the table (who deals first), chosen by the player's name."""

    name: str
    label: str


Control = Radio | Number | Seat


@dataclass(frozen=True)
class Setup:
    """What a game's new-session page asks: players (count, label), the option (if any) that
    decides how the players make teams, and the options' controls (`session_form` adds them)."""

    players: tuple[tuple[str, str], ...]
    shaped_by: str | None = None
    options: tuple[Control, ...] = ()


def controls(game: Game, shaped_by: str | None) -> tuple[Control, ...]:
    """The controls of the game's options, the one that shapes the teams first."""
    made = tuple(control(game.name, option) for option in game.options)
    return tuple(sorted(made, key=lambda c: c.name != shaped_by))


def control(game_name: str, option: Option) -> Control:
    """An option's control, labelled in the reader's words: each choice's value as the form
    sends it (the text of `as_field`), labelled with its own words or else with that text."""
    label, named = OPTION_WORDS[game_name][option.name]
    if option.seat:
        return Seat(option.name, label)
    if not option.choices:
        default = None if option.default is None else int(option.default)
        return Number(option.name, label, option.low, option.high, default)
    pairs = tuple((str(as_field(v)), named.get(v, str(v))) for v in option.choices)
    return Radio(option.name, label, pairs, str(as_field(option.default)))


def too_long(what: Any, longest: int, **names: str) -> Callable[[Any, Field], None]:
    """A length check whose message names the box as the page does (`what`, a message filled
    with `names`); it counts as the API does, once runs of white space are folded to one space
    (rules/table.py)."""

    def check(_form: Any, field: Field) -> None:
        if isinstance(field.data, str) and len(" ".join(field.data.split())) > longest:
            raise ValidationError(
                gettext(
                    "%(box)s is too long: at most %(most)d characters.",
                    box=str(what % names if names else what),
                    most=longest,
                )
            )

    return check


class Between:
    """A number option from `low` to `high`; the message names the option as its label does."""

    def __init__(self, label: Any, low: int, high: int) -> None:
        self.label, self.low, self.high = label, low, high

    def __call__(self, _form: Any, field: Field) -> None:
        if field.data is not None and not self.low <= field.data <= self.high:
            raise ValidationError(
                gettext(
                    "%(option)s: %(low)d to %(high)d.",
                    option=str(self.label),
                    low=self.low,
                    high=self.high,
                )
            )


def options(pairs: tuple[tuple[str, Any], ...]) -> list[SelectChoice]:
    """Radio choices from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]


def radio(label: Any, pairs: tuple[tuple[str, Any], ...], default: str) -> RadioField:
    """A row of big buttons from (value, label) pairs."""
    return RadioField(label, choices=options(pairs), default=default)


def shapes(game: Game, setup: Setup) -> dict[str, dict[str, Table]]:
    """The table for each number of players and each value of the shaping option ("" if none)."""
    shaping = next((o for o in setup.options if o.name == setup.shaped_by), None)
    values = [v for v, _ in shaping.choices] if isinstance(shaping, Radio) else [""]
    return {
        count: {
            value: game.table_for(
                int(count), game.parse_options({setup.shaped_by: value} if value else {})
            )
            for value in values
        }
        for count, _ in setup.players
    }


class SessionForm(FlaskForm):
    """A new-session form: `key` makes the start exactly once, however often it is sent."""

    Meta = WordsMeta  # WTForms' own messages in the reader's language

    key = StringField(widget=HiddenInput(), default=new_key)
    club = StringField(widget=HiddenInput())  # the club it joins; none: a new one, made quietly


class SetupForm(SessionForm):
    """The fields every game's form has; `session_form` adds the game's own."""

    game: Game
    setup: Setup
    seatings: dict[str, dict[str, Table]]
    most_teams: int  # of any table the choices make
    most_per_team: int

    def table(self) -> Table | None:
        """The table the chosen players and options make, or None if they are not choices."""
        shaping = self.setup.shaped_by
        value = self[shaping].data if shaping else ""
        return self.seatings.get(self.players.data or "", {}).get(value or "")

    def team_boxes(self) -> list[tuple[Field, list[Field]]]:
        """Every team's name box and player boxes, as many as the largest table has."""
        return [
            (self[f"team_{x}"], [self[f"{x}{n}"] for n in range(1, self.most_per_team + 1)])
            for x in LETTERS[: self.most_teams]
        ]

    def seat_places(self) -> list[str]:
        """Each seat of the chosen table (else the first) as its box is named: A1, B1, A2 …"""
        table = self.table() or next(iter(next(iter(self.seatings.values())).values()))
        return [
            f"{LETTERS[table.team_of(s)].upper()}{table.player_of(s) + 1}"
            for s in range(table.seats)
        ]

    def shapes_json(self) -> str:
        """For the page's script: [teams, players per team] by players and shaping option."""
        return json.dumps(
            {
                count: {v: [t.teams, t.players_per_team] for v, t in by.items()}
                for count, by in self.seatings.items()
            }
        )

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields' own checks, then a name in every seat the table has."""
        valid = super().validate(extra_validators)
        table = self.table()
        if table is None:
            return valid
        for team, (_name, boxes) in enumerate(self.team_boxes()[: table.teams]):
            for place, box in enumerate(boxes[: table.players_per_team]):
                if not (box.data or "").strip():
                    box.errors = [*box.errors, self._unnamed(team, place)]
                    valid = False
        return valid

    def _unnamed(self, team: int, place: int) -> str:
        letter = LETTERS[team].upper()
        chosen = int(self.players.data)
        fewer = [int(c) for c, _ in self.setup.players if int(c) < chosen]
        if place == 0 or not fewer:
            return str(UNNAMED[place] % {"letter": letter})
        count = str(NUMBER_WORDS.get(max(fewer), max(fewer)))
        return str(UNNAMED_OR_FEWER[place] % {"letter": letter, "count": count})

    def to_request(self) -> dict[str, Any]:
        """The same request the API's POST /sessions takes."""
        table = self.table()
        if table is None:
            raise InvalidInput("bad-players", gettext("Choose how many play."))
        seated = table.players_per_team
        teams = [
            {"name": name.data or None, "players": [box.data for box in boxes[:seated]]}
            for name, boxes in self.team_boxes()[: table.teams]
        ]
        chosen = {option.name: value_of(self[option.name].data) for option in self.setup.options}
        return {"game": self.game.name, "teams": teams, "options": chosen}


def value_of(data: Any) -> Any:
    """A choice as the API takes it: "" is none, digits a whole number, else the text."""
    if data in ("", None):
        return None
    if isinstance(data, str) and data.isascii() and data.isdigit():
        return int(data)
    return data


def session_form(game: Game, setup: Setup) -> type[SetupForm]:
    """The new-session form of `game`, as its setup describes it, with its options' controls."""
    setup = replace(setup, options=controls(game, setup.shaped_by))
    seatings = shapes(game, setup)
    every = [t for by in seatings.values() for t in by.values()]
    widest, most = max(t.players_per_team for t in every), max(t.teams for t in every)
    fields: dict[str, Any] = {
        "game": game,
        "setup": setup,
        "seatings": seatings,
        "most_teams": most,
        "most_per_team": widest,
        "players": radio(lazy_gettext("Players"), setup.players, setup.players[0][0]),
    }
    for x in LETTERS[:most]:
        letter = x.upper()
        name = lazy_gettext("Team %(letter)s's name", letter=letter)
        fields[f"team_{x}"] = StringField(name, validators=[too_long(name, MAX_TEAM_NAME)])
        for n in range(1, widest + 1):
            fields[f"{x}{n}"] = StringField(
                lazy_gettext("Player") if n == 1 else lazy_gettext("Partner"),
                validators=[too_long(PLACES[n - 1], MAX_NAME, letter=letter)],
            )
    seats = max(t.seats for t in every)
    for option in setup.options:
        fields[option.name] = option_field(option, seats)
    return type(f"{game.title.replace('-', '')}SessionForm", (SetupForm,), fields)


def option_field(option: Control, seats: int = 0) -> Field:
    """The form's control of an option (a seat's: of `seats` seats)."""
    if isinstance(option, Radio):
        return radio(option.label, option.choices, option.default)
    if isinstance(option, Seat):
        places = tuple(
            (str(seat), lazy_gettext("Seat %(num)d", num=seat + 1)) for seat in range(seats)
        )
        return radio(option.label, places, "0")
    return IntegerField(
        option.label,
        default=option.default,
        # left empty: the engine names the option
        validators=[Optional(), Between(option.label, option.low, option.high)],
    )


def rule_options(setup: Setup) -> tuple[Radio | Number, ...]:
    """The options that are rules of play, as a club's house rules set them: not the one that
    shapes the teams, nor a seat (who deals first)."""
    return tuple(o for o in setup.options if not isinstance(o, Seat) and o.name != setup.shaped_by)


def as_field(value: Any) -> Any:
    """An option's value as its control holds it: a choice's text ("" for none), a number."""
    if value is None:
        return ""
    return value if isinstance(value, int) and not isinstance(value, bool) else str(value)


def rules_said(setup: Setup, options: dict[str, Any], defaults: dict[str, Any]) -> list[str]:
    """The rule options that differ from the defaults, each as the form names it ("Sweeps score
    1 (K12): Yes"). Every option has its control (tests/sessions/test_house_rules.py)."""
    said = []
    for option in rule_options(setup):
        value = options.get(option.name)
        if value == defaults.get(option.name):
            continue
        text = (
            dict(option.choices).get(str(as_field(value)), value)
            if isinstance(option, Radio)
            else value
        )
        said.append(gettext("%(option)s: %(value)s", option=str(option.label), value=str(text)))
    return said
