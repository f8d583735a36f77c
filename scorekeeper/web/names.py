"""Names where room is short: the server writes every form a name can take, longest first, and
the page shows the longest that fits the room it really has (static/js/names.js measures it).

A person: whole, first name, initials. A team named by its players: the partners whole, then
first names, then initials, every partner always there and all in one style. A team's own name:
whole, then cut after a word ("The Magnificent…"). Titles and honorifics ("Dr", "श्री", "صاحب")
stay in the whole name and are never taken as a first name or an initial.

Without script the page shows the form the server chose by counting characters (`ROOM`), and
CSS cuts what still does not fit with "…". Pure functions of text, registered for the templates
by `register`.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from flask import Flask
from markupsafe import Markup

from ..rules.table import team_name_of

JOIN = " & "
# The characters a name gets where it is written on a 360-px phone, for the page without script
# (the page with it measures): a team's name on its card (three lines of 130 px), its players
# (two smaller lines), one person in a sentence or a label, a team on a button or a total's one
# line, in a table's heading (two lines of 80 px), in a narrow column of a table of deals (50 px:
# "Asha dealt"), in a sentence that wraps (a banner); and the longest word a card's line holds.
ROOM = {
    "team": 30,
    "partners": 24,
    "person": 22,
    "label": 14,
    "heading": 16,
    "column": 8,
    "sentence": 60,
    "word": 11,
}
NBSP = "\u00a0"
ELLIPSIS = "…"

# Given names of two words: "عبد الرحمن" (Abd al-Rahman) is one name; "عبد" alone means "servant
# of", and "Abu" "father of".
COMPOUND_FIRST = {"عبد", "abd", "abdul", "abdel", "abu", "ابو", "أبو"}

# Titles and honorifics written before or after a name, per language: part of the whole name,
# never a first name or an initial ("Raza Sahib" is "R.", not "R. S.").
TITLES = {
    "en": ("Mr", "Mrs", "Ms", "Miss", "Dr", "Prof"),
    "en-IN": ("Sri", "Shri", "Shree", "Smt", "Ji", "Sahib"),
    "hi": ("श्री", "श्रीमती", "सुश्री", "डॉ.", "जी"),
    "ur": ("صاحب", "صاحبہ", "بیگم", "جناب", "محترم", "محترمہ", "ڈاکٹر"),
    "ml": ("ശ്രീ", "ശ്രീമതി", "ഡോ."),
    "pt": ("Sr.", "Sra.", "Srta.", "D.", "Dr.", "Dra."),
    "eo": ("S-ro", "S-ino", "F-ino", "D-ro", "Sinjoro", "Sinjorino"),
}


def _title_key(word: str) -> str:
    """A word as titles are compared: case folded, its final dot optional ("Dr." is "Dr"), save
    for a one-letter title ("D.", Dom or Dona), which is one only with its dot."""
    folded = word.casefold()
    bare = folded.rstrip(".")
    return bare if len(bare) > 1 else folded


TITLE_KEYS = {_title_key(title) for titles in TITLES.values() for title in titles}


def is_title(word: str) -> bool:
    """Whether `word` is a title or an honorific, in any of the pages' languages."""
    return _title_key(word) in TITLE_KEYS


def name_words(name: str) -> list[str]:
    """A name's words without the titles before and after it ("Dr Meena Iyer" → Meena Iyer);
    all of them when the name is nothing but titles."""
    words = name.split()
    start, end = 0, len(words)
    while start < end and is_title(words[start]):
        start += 1
    while end > start and is_title(words[end - 1]):
        end -= 1
    return words[start:end] or words


def first_name(name: str) -> str:
    """The first word of a name ("Bartholomew-Alexander" of "Bartholomew-Alexander Smith"), or
    its first two where the first only begins a given name ("عبد الرحمن"); never a title."""
    words = name_words(name)
    if len(words) > 1 and words[0].casefold() in COMPOUND_FIRST:
        return " ".join(words[:2])
    return words[0] if words else name


def _first_letter(word: str) -> str:
    """A word's first letter with the marks that belong to it (a Devanagari vowel sign too)."""
    letter = word[:1]
    for char in word[1:]:
        # Marks (Mn, Mc) and joiners draw as part of the letter before them, and a virama joins
        # the next consonant to it (श्री): keep them on, never a bare mark.
        joined = unicodedata.combining(letter[-1]) == 9 or letter[-1] == "\u200d"
        if not joined and unicodedata.category(char) not in ("Mn", "Mc", "Me") and char != "\u200d":
            break
        letter += char
    return letter


def initials(name: str) -> str:
    """A name's initials: its first and last words' ("W. M." of "Wajid Mohammad Mirza"), titles
    left out."""
    words = name_words(name)
    if not words:
        return name
    chosen = words if len(words) == 1 else [words[0], words[-1]]
    # Joined by a no-break space: "M. O." is one person, never split over two lines.
    return NBSP.join(_first_letter(word) + "." for word in chosen)


def _unique(forms: Sequence[str]) -> list[str]:
    """`forms` in order, each once."""
    return list(dict.fromkeys(forms))


def person_forms(name: str) -> list[str]:
    """One player's name from longest to shortest: whole, first name, initials (no repeats)."""
    return partners_forms([name])


def partners_forms(names: Sequence[str]) -> list[str]:
    """Partners joined with " & ", longest first, every partner in each and all in one style:
    every name whole, every first name, every initial (no repeats). Never a whole name beside
    initials ("Rajagopalan & P. S."): a name of one word is its own first name, whole there."""
    styles = [(name, first_name(name), initials(name)) for name in names]
    forms = [JOIN.join(style) for style in zip(*styles, strict=True)]
    # Last of all, the initials free to wrap between a person's letters, where a line is too
    # short for "ഗോ. പി." whole and only a cut would be left.
    return _unique([*forms, forms[-1].replace(NBSP, " ")])


def title_forms(name: str) -> list[str]:
    """A team's own name from longest to shortest: whole, then cut after each word in turn
    ("The Magnificent…"). A word is never cut: one longer than its room ends in "…" by CSS."""
    words = name.split()
    return [name] + [" ".join(words[:n]) + ELLIPSIS for n in range(len(words) - 1, 0, -1)]


class Team(Protocol):
    """A team as the pages know it (data.models.Team)."""

    @property
    def name(self) -> str:
        """Its own name, else its players' joined and cut to 60 characters (the API's)."""

    @property
    def players(self) -> Sequence[str]:
        """Its players' names, in team order."""


def named_by_players(team: Team) -> bool:
    """Whether a team goes by its players' names (it was left unnamed)."""
    return team.name == team_name_of(team.players)


def team_forms(team: Team) -> list[str]:
    """A team's name in every form: its players' as partners are (whole, however long), or
    its own cut after words."""
    return partners_forms(team.players) if named_by_players(team) else title_forms(team.name)


def whole_name(team: Team) -> str:
    """A team's name whole: its own, or all its players' (never cut at 60 characters)."""
    return JOIN.join(team.players) if named_by_players(team) else team.name


def within(forms: Sequence[str], room: int) -> str:
    """The longest form of at most `room` characters; the shortest when none is."""
    return next((form for form in forms if len(form) <= room), forms[-1])


def teams_with(teams: Sequence[Team], figures: Sequence[object]) -> str:
    """Each team's whole name with its figure, in a line: "Asha & Ravi 3 · Meena & Dev 5"."""
    return " · ".join(f"{whole_name(t)} {n}" for t, n in zip(teams, figures, strict=True))


def team_text(team: Team, room: int) -> str:
    """A team's name as plain text in at most `room` characters where it can be (a chart's
    label, drawn in SVG, where nothing is measured)."""
    return within(team_forms(team), room)


def fitted(forms: Sequence[str], room: int) -> Markup:
    """A name as a page writes it: the form for `room` characters, in a <bdi> (its own direction
    in any sentence) that carries every form for static/js/names.js to fit to its room. The
    whole name is always what a screen reader reads, and the title where a shorter form shows."""
    whole, shown = forms[0], within(forms, room)
    more = Markup(' data-fit="%s"') % json.dumps(list(forms), ensure_ascii=False)
    if len(forms) == 1:
        return Markup("<bdi>%s</bdi>") % whole
    if shown == whole:
        return Markup('<bdi class="fit"%s>%s</bdi>') % (more, whole)
    return Markup(
        '<bdi class="fit"%s data-short title="%s"><span aria-hidden="true">%s</span>'
        '<span class="visually-hidden">%s</span></bdi>'
    ) % (more, whole, shown, whole)


def person(name: str, room: int = ROOM["person"]) -> Markup:
    """One player, fitted to the room ("Asha", "A. K.")."""
    return fitted(person_forms(name), room)


def people(names: Sequence[str], room: int = ROOM["partners"]) -> Markup:
    """Partners, fitted to the room, every one of them there."""
    return fitted(partners_forms(names), room)


def team_name(team: Team, room: int = ROOM["team"]) -> Markup:
    """A team by its name (its players' when it has none of its own), fitted to the room."""
    return fitted(team_forms(team), room)


@dataclass(frozen=True)
class Card:
    """A team as its scoreboard card writes it."""

    name: Markup  # its name (its players' when it has none of its own), fitted
    players: Markup | None  # its partners, fitted; None when the name is theirs
    whole: bool  # nothing shortened by the count, no word longer than a card's line


def team_card(team: Team) -> Card:
    """A team's name and partners on its card (a player alone: their name only)."""
    forms = team_forms(team)
    partners = None if named_by_players(team) else partners_forms(team.players)
    whole = within(forms, ROOM["team"]) == forms[0]
    if partners is not None:
        whole = whole and within(partners, ROOM["partners"]) == partners[0]
    words = (forms[0] + " " + JOIN.join(team.players)).replace("-", " ").split()
    return Card(
        fitted(forms, ROOM["team"]),
        None if partners is None else fitted(partners, ROOM["partners"]),
        whole and max(map(len, words)) <= ROOM["word"],
    )


def register(app: Flask) -> None:
    """The templates' names: `person(name)`, `people(players)`, `team_name(team)` (each with
    an optional room in characters), `team_text`, `team_card(team)`, `name_room`;
    `team|whole_name` and `team is named_by_players`."""
    app.jinja_env.globals.update(
        person=person,
        people=people,
        team_name=team_name,
        team_text=team_text,
        team_card=team_card,
        name_room=ROOM,
    )
    app.jinja_env.filters["whole_name"] = whole_name
    app.jinja_env.tests["named_by_players"] = named_by_players
