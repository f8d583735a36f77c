"""How a lesson is found: a plan names the rule, the questions to ask and the moves worth trying
in a position; the positions of seeded self-play are scanned in order, the engine (the game's
registered `check_move`) answers every move tried, and each question takes the first position
whose answers suit it. The same seed gives the same lessons every time."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..rules import GAMES
from ..rules.violation import Description
from .model import JSON, Checked, Kind, Layout, Lesson, Question

MOST_WRONG = 2  # a PLAYABLE question offers its one legal move among at most this many others
# After a question, the next is looked for this many positions on: a lesson's questions then come
# from different moments (of different deals, mostly), not from one table seen twice.
SPREAD = 12


class Ask(enum.Enum):
    """What a question needs of a position's answers."""

    BREAKS = "breaks"  # is this legal? No: a move that breaks the lesson's rule
    KEEPS = "keeps"  # is this legal? Yes: a legal move
    PICK = "pick"  # which is legal? One legal move among moves that break the rule
    MORE = "more"  # which earns more? Two legal moves earning different points


KINDS = {Ask.BREAKS: Kind.LEGAL, Ask.KEEPS: Kind.LEGAL, Ask.PICK: Kind.PLAYABLE}


@dataclass(frozen=True)
class Plan:
    """A lesson to find: its words' key, its rule's id, its questions in order, and the moves
    worth trying in a position (none: the position does not serve this lesson). With
    `contrast`, a legal move is asked about only where some move tried breaks the rule: where
    the rule matters."""

    key: str
    rule: str
    asks: tuple[Ask, ...]
    tries: Callable[[JSON], Iterable[JSON]]
    contrast: bool = True


@dataclass(frozen=True)
class Course:
    """One game's lessons: its name in the registry, its positions from seeded self-play, how a
    position is laid out, how a move is said (as data), the points a legal move earns, and the
    plans of its lessons."""

    game: str
    positions: Callable[[], Sequence[JSON]]
    layout: Callable[[JSON], Layout]
    describe: Callable[[JSON, JSON], Description]
    points: Callable[[JSON, JSON], int]
    plans: tuple[Plan, ...]

    def lessons(self) -> tuple[Lesson, ...]:
        """Every plan's lesson, over the same positions, each plan starting its scan further on
        (and going round): the lessons show different tables."""
        positions = self.positions()
        step = len(positions) // max(len(self.plans), 1)
        return tuple(
            teach(self, plan, [*positions[n * step :], *positions[: n * step]])
            for n, plan in enumerate(self.plans)
        )

    def check(self, position: JSON, move: JSON) -> Checked:
        """The engine's answer to `move`, with the move's words and the points it earns."""
        answer = GAMES[self.game].check_move(position, move)
        points = self.points(position, answer) if answer["legal"] else 0
        return Checked(move, self.describe(position, move), answer, points)


def teach(course: Course, plan: Plan, positions: Sequence[JSON]) -> Lesson:
    """The plan's lesson: each question from the first position, in order, that suits it, the
    questions SPREAD positions apart at least."""
    found: dict[int, Question] = {}
    next_at = 0
    for number, position in enumerate(positions):
        waiting = [n for n in range(len(plan.asks)) if n not in found]
        if not waiting:
            break
        if number < next_at:
            continue
        tried = [course.check(position, move) for move in distinct(plan.tries(position))]
        for n in waiting:
            ask = plan.asks[n]
            moves = ASKED[ask](plan, tried, number)
            if moves:
                kind = KINDS.get(ask, Kind.EARNS_MORE)
                layout = course.layout(position)
                found[n] = Question(f"{plan.key}-{n + 1}", kind, position, layout, moves)
                next_at = number + SPREAD
                break
    return Lesson(plan.key, plan.rule, tuple(found[n] for n in sorted(found)))


def distinct(moves: Iterable[JSON]) -> list[JSON]:
    """The moves, each once, in order."""
    seen: dict[str, JSON] = {}
    for move in moves:
        seen.setdefault(repr(sorted(move.items())), move)
    return list(seen.values())


def _breaks(plan: Plan, tried: Sequence[Checked], _: int) -> tuple[Checked, ...]:
    wrong = [checked for checked in tried if checked.rule == plan.rule]
    return tuple(wrong[:1])


def _keeps(plan: Plan, tried: Sequence[Checked], _: int) -> tuple[Checked, ...]:
    legal = [checked for checked in tried if checked.legal]
    if plan.contrast and not _breaks(plan, tried, 0):
        return ()
    return tuple(legal[:1])


def _pick(plan: Plan, tried: Sequence[Checked], number: int) -> tuple[Checked, ...]:
    legal = [checked for checked in tried if checked.legal]
    wrong = [checked for checked in tried if checked.rule == plan.rule][:MOST_WRONG]
    if not legal or not wrong:
        return ()
    # Where the right answer stands moves with the position, so that it is not always first.
    place = number % (len(wrong) + 1)
    return (*wrong[:place], legal[0], *wrong[place:])


def _more(plan: Plan, tried: Sequence[Checked], number: int) -> tuple[Checked, ...]:
    legal = sorted((c for c in tried if c.legal), key=lambda checked: checked.points)
    if len(legal) < 2 or legal[0].points == legal[-1].points:
        return ()
    worse, better = legal[0], legal[-1]
    return (worse, better) if number % 2 else (better, worse)


ASKED: dict[Ask, Callable[[Plan, Sequence[Checked], int], tuple[Checked, ...]]] = {
    Ask.BREAKS: _breaks,
    Ask.KEEPS: _keeps,
    Ask.PICK: _pick,
    Ask.MORE: _more,
}
