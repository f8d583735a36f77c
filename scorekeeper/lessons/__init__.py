"""Lessons in the rules of play: for each game, a lesson per rule (what may be played, captured,
built, followed), each with questions on positions of seeded self-play that the engine itself
answers. Pure as the engine: no web, no database, no words (the web layer writes them).

Looked up by the game's name, as the rules are: `COURSES` holds each game's plans
(course.py), `lessons(name)` their lessons, found once a process.
"""

from __future__ import annotations

from functools import cache

from .casino import CASINO
from .course import Course
from .fifty_six import FIFTY_SIX
from .model import Checked, Kind, Layout, Lesson, Pile, Played, Question
from .seep import SEEP

COURSES: dict[str, Course] = {course.game: course for course in (SEEP, FIFTY_SIX, CASINO)}


@cache  # found once a process: the positions and their answers never change
def lessons(game: str) -> tuple[Lesson, ...]:
    """The lessons of the game called `game` (a name in COURSES), the same every time."""
    return COURSES[game].lessons()


__all__ = [
    "COURSES",
    "Checked",
    "Kind",
    "Layout",
    "Lesson",
    "Pile",
    "Played",
    "Question",
    "lessons",
]
