"""Names where room is short: a team's players as the table knows them, full, then first names,
then initials, so both partners always show; the whole name stays a tap away on the page.

Pure functions of text (room counted in characters), registered as Jinja filters by `register`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from flask import Flask

JOIN = " & "
# The characters a name gets where it is written on a 360-px phone: a team's name on its card
# (three lines of 130 px), its players (two smaller lines), one person in a sentence or a label,
# one in a narrow column of a table of deals (50 px: "Asha dealt"); and the longest word a card's
# line holds (longer ones end in "…" there, so the card offers the whole name).
ROOM = {"team": 30, "partners": 24, "person": 22, "column": 8, "word": 11}
NBSP = "\u00a0"
ELLIPSIS = "…"


# Given names of two words: "عبد الرحمن" (Abd al-Rahman) is one name; "عبد" alone means "servant
# of", and "Abu" "father of".
COMPOUND_FIRST = {"عبد", "abd", "abdul", "abdel", "abu", "ابو", "أبو"}


def first_name(name: str) -> str:
    """The first word of a name ("Bartholomew-Alexander" of "Bartholomew-Alexander Smith"), or
    its first two where the first only begins a given name ("عبد الرحمن")."""
    words = name.split()
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
    """A name's initials: its first and last words' ("W. M." of "Wajid Mohammad Mirza")."""
    words = name.split()
    if not words:
        return name
    chosen = words if len(words) == 1 else [words[0], words[-1]]
    # Joined by a no-break space: "M. O." is one person, never split over two lines.
    return NBSP.join(_first_letter(word) + "." for word in chosen)


def name_forms(name: str) -> list[str]:
    """One player's name from longest to shortest: whole, first name, initials (no repeats)."""
    forms: list[str] = []
    for form in (name, first_name(name), initials(name)):
        if form not in forms:
            forms.append(form)
    return forms


def short_team(names: Sequence[str], room: int) -> str:
    """The players joined with " & " in at most `room` characters where that can be: names
    step down (whole, first name, initials), everyone to first names before anyone to initials,
    the longest first, so every partner stays there.
    When even every initial is too long, the initials all the same: nobody is left out."""
    forms = [name_forms(name) for name in names]
    level = [0] * len(names)

    def joined() -> str:
        return JOIN.join(options[at] for options, at in zip(forms, level, strict=True))

    while len(joined()) > room:
        shorter = [i for i, options in enumerate(forms) if level[i] + 1 < len(options)]
        if not shorter:
            break
        longest = max(shorter, key=lambda i: (-level[i], len(forms[i][level[i]])))
        level[longest] += 1
    return joined()


def short_name(name: str, room: int) -> str:
    """A name in at most `room` characters, cut after a whole word where it can be ("The
    Magnificent…"), inside its first word only when that word alone is longer than the room."""
    if len(name) <= room:
        return name
    kept = ""
    for word in name.split():
        longer = f"{kept} {word}" if kept else word
        if len(longer) + 1 > room:
            break
        kept = longer
    return (kept or name[: max(room - 1, 1)]) + ELLIPSIS


@dataclass(frozen=True)
class Card:
    """A team as its scoreboard card writes it."""

    name: str  # its name, cut after a whole word to its room
    players: str  # its partners, shortened to theirs; "" when the name is the players'
    whole: bool  # nothing shortened, no word longer than a card's line: nothing to open


def team_card(name: str, players: Sequence[str]) -> Card:
    """A team's name and partners in a card's room (a player alone: their name only)."""
    joined = JOIN.join(players)
    if name == joined:
        # Named by its players: shortened as players are, so that every partner still shows.
        short, partners = short_team(players, ROOM["team"]), ""
    else:
        short, partners = short_name(name, ROOM["team"]), short_team(players, ROOM["partners"])
    words = (name + " " + joined).replace("-", " ").split()
    whole = short == name and partners in ("", joined)
    return Card(short, partners, whole and max(map(len, words)) <= ROOM["word"])


def register(app: Flask) -> None:
    """Make the helpers Jinja filters: `players|short_team(28)`, `name|short_name(24)`."""
    app.jinja_env.filters["short_team"] = short_team
    app.jinja_env.filters["short_name"] = short_name
    app.jinja_env.filters["first_name"] = first_name
    app.jinja_env.globals["name_room"] = ROOM
    app.jinja_env.globals["team_card"] = team_card
