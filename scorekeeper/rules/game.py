"""What every game offers the web app: one `Game` entry per game, looked up by name in GAMES.

Every game's package has the same rooms for the same roles, and its __init__.py builds its
one entry from them with `Game.of_rooms`:

- options.py: the session's options and how its players sit (`OptionsRoom`);
- record.py: a deal's record, read and checked (`RecordRoom`);
- score.py: the standing, which deal may follow it, whom a session the table ended goes
  to, and a tournament table's round: whether it is over and its result (`ScoreRoom`,
  rules/lengths.py);
- stats.py: a session's facts for the club statistics, and its finished games for the
  club's ratings (`StatsRoom`, rules/stats.py);
- answers.py: the move checker's answers (`AnswersRoom`), from the game's moves: play.py
  and generate.py (Seep, Casino), auction.py and trick.py (Fifty-six);
- live.py: play by play (`LiveRoom`, rules/live.py);

and, for the move checker's card picker, its pack (rules/pack.py). A game may have rooms of
its own beside them (selfplay.py in each; Casino's values.py, Fifty-six's cards.py …).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypedDict, TypeVar

from .errors import InvalidInput
from .lengths import TableResult
from .live import LiveRules
from .options import Option
from .pack import Pack
from .stats import FinishedGame
from .table import Table

JSON = dict[str, Any]
Options = Mapping[str, Any]  # a session's options, as parse_options gave them
# A deal record in canonical form, as parse_deal gave it: each game's own TypedDict (SeepRecord
# …), or the plain dict read back from the database.
Record = Mapping[str, Any]
Records = Sequence[Record]  # stored deal records
Row = TypeVar("Row")


class Standing(TypedDict, Generic[Row]):
    """What every game's standing holds; each game's standing adds its own (SeepStanding …)."""

    deals: list[Row]  # a row per deal, in order: the game's own row (SeepRow …)
    winner: int | None  # the winner by the game's rules (M4, F6, K13)
    # By the rules, by the round's length (rules/lengths.py: `deals`), or ended by the table: no
    # deal follows (but Fifty-six's new game after a won one, while `games` leaves it open).
    finished: bool
    ended: bool  # the table ended the session (GameSession.ended_at)
    # The team the session went to: by its rules, or once ended or its `deals` played, the team
    # ahead (ended_winner); None while it is not finished, and when it finished level.
    session_winner: int | None
    next_dealer: int


# (table, options, standing): see ScoreRoom.ended_winner.
EndedWinner = Callable[[Table, Options, Any], int | None]
# (table, options, standing, record, names): see ScoreRoom.check_next.
NextCheck = Callable[[Table, Options, Standing[Any], Record | None, Sequence[str]], None]
# (table, options, standing, record): the standing of the deals folded into it and one more.
Extension = Callable[[Table, Options, Any, Record], Standing[Any]]
# (options, standing): see ScoreRoom.round_over.
RoundOver = Callable[[Options, Any], bool]
# (table, options, standing): see ScoreRoom.table_result.
TableResultOf = Callable[[Table, Options, Any], TableResult]


class OptionsRoom(Protocol):
    """A game's options.py."""

    @property
    def PLAYERS(self) -> tuple[int, ...]:
        """The numbers of players the game is played by, the usual first."""
        ...

    @property
    def OPTIONS(self) -> tuple[Option, ...]:
        """The session's options, declared once: the form and the API's schemas read them."""
        ...

    def parse_options(self, raw: object, /) -> JSON:
        """Validate session options and fill in defaults; raise InvalidInput."""
        ...

    def table_for(self, players: int, options: Options, /) -> Table:
        """How `players` sit in teams under these (parsed) options; raise InvalidInput."""
        ...

    def check_table(self, table: Table, options: Options, /) -> None:
        """Raise InvalidInput unless the game can be played by these teams, so seated."""
        ...


class RecordRoom(Protocol):
    """A game's record.py."""

    def read_deal(self, raw: object, table: Table, options: Options, /) -> Record:
        """Validate one deal record and return it in canonical form; raise InvalidInput."""
        ...


class ScoreRoom(Protocol):
    """A game's score.py."""

    def standing(self, table: Table, options: Options, deals: Records, /) -> Standing[Any]:
        """Fold the stored deal records into the match standing."""
        ...

    def check_next(
        self,
        table: Table,
        options: Options,
        standing: Standing[Any],
        record: Record | None,
        names: Sequence[str],
        /,
    ) -> None:
        """Raise InvalidInput unless canonical `record` may follow the deals folded into
        `standing` (None: unless some deal may); `names` are the teams' names."""
        ...

    def ended_winner(self, table: Table, options: Options, standing: Any, /) -> int | None:
        """The team a session the table ended before its rules did goes to (None: level)."""
        ...

    def round_over(self, options: Options, standing: Any, /) -> bool:
        """Whether the session is a tournament table's round (its options carry a length:
        rules/lengths.py) and `standing` reached it: no deal follows (409 `round-over`)."""
        ...

    def table_result(self, table: Table, options: Options, standing: Any, /) -> TableResult:
        """A two-sided table's result from its standing: the winner (None: a draw), each side's
        game points, and whether the round is over (shared/API.md, "A table's round ends")."""
        ...


class StatsRoom(Protocol):
    """A game's stats.py."""

    def summarize(
        self, table: Table, options: Options, deals: Records, standing: Standing[Any], /
    ) -> JSON:
        """One session's facts per team and per deal for the club statistics."""
        ...

    def finished_games(
        self, table: Table, options: Options, standing: Standing[Any], /
    ) -> list[FinishedGame]:
        """The games finished in the session, in order: where each team came, and when."""
        ...


class AnswersRoom(Protocol):
    """A game's answers.py."""

    def check_move(self, raw_position: object, raw_move: object, /) -> JSON:
        """The checker's answer: legal with the position after, or the rule broken."""
        ...

    def list_moves(self, raw_position: object, limit: int, /) -> JSON:
        """Up to `limit` legal moves with their exact count."""
        ...


class LiveRoom(Protocol):
    """A game's live.py."""

    @property
    def LIVE(self) -> LiveRules:
        """Play by play: a deal followed from what the table sees."""
        ...


@dataclass(frozen=True, eq=False)  # one object per game: compared and hashed by identity
class Game:
    """A game's rules as the score keeper and the move checker use them: the functions of
    its rooms, each documented on its room above."""

    name: str
    title: str
    players: tuple[int, ...]
    parse_options: Callable[[object], JSON]
    table_for: Callable[[int, Options], Table]
    check_table: Callable[[Table, Options], None]
    parse_deal: Callable[[object, Table, Options], Record]
    check_next: NextCheck
    ended_winner: EndedWinner
    round_over: RoundOver
    table_result: TableResultOf
    standing: Callable[[Table, Options, Records], Standing[Any]]
    summarize: Callable[[Table, Options, Records, Standing[Any]], JSON]
    finished_games: Callable[[Table, Options, Standing[Any]], list[FinishedGame]]
    check_move: Callable[[object, object], JSON]
    list_moves: Callable[[object, int], JSON]
    live: LiveRules
    pack: Pack | None  # the move checker's card picker; None: no checker page
    # The standing one deal on, without folding the earlier ones again (a score room's
    # `extended`); None: a game whose standing is only ever folded whole.
    extend: Extension | None = None
    options: tuple[Option, ...] = ()  # its options' declaration (OptionsRoom.OPTIONS)

    def end(self, table: Table, options: Options, standing: Standing[Any]) -> Standing[Any]:
        """The standing of a session the table ended: finished, and gone to the team its rules
        gave it to if they finished it first, else to the team ahead (`ended_winner`)."""
        ended = standing.copy()
        if not standing["finished"]:
            ended["session_winner"] = self.ended_winner(table, options, standing)
        ended["finished"] = ended["ended"] = True
        return ended

    @classmethod
    def of_rooms(
        cls,
        name: str,
        title: str,
        options: OptionsRoom,
        record: RecordRoom,
        score: ScoreRoom,
        stats: StatsRoom,
        answers: AnswersRoom,
        live: LiveRoom,
        pack: Pack | None,
    ) -> Game:
        """The entry of the game called `name` (`title` in words), built from its rooms."""
        return cls(
            name,
            title,
            options.PLAYERS,
            options.parse_options,
            options.table_for,
            options.check_table,
            record.read_deal,
            score.check_next,
            score.ended_winner,
            score.round_over,
            score.table_result,
            score.standing,
            stats.summarize,
            stats.finished_games,
            answers.check_move,
            answers.list_moves,
            live.LIVE,
            pack,
            getattr(score, "extended", None),
            options.OPTIONS,
        )


def over_at_winner(refusal: Callable[[str], InvalidInput]) -> NextCheck:
    """The check_next of a game whose session is over once its standing has a winner: no deal
    follows; it raises the game's `refusal`, given the winner's name."""

    def check_next(
        table: Table,
        options: Options,
        standing: Standing[Any],
        record: object,
        names: Sequence[str],
    ) -> None:
        winner = standing["winner"]
        if winner is not None:
            raise refusal(names[winner])

    return check_next


def ahead(keys: Sequence[tuple[int, ...]]) -> int | None:
    """The team whose key is strictly the greatest, compared item by item (more of the first,
    then of the next …); None when another team's is as great.

    >>> ahead([(1, -30), (1, 30)]), ahead([(2, 0), (2, 0)])
    (1, None)
    """
    best = max(keys)
    return keys.index(best) if keys.count(best) == 1 else None
