"""Fifty-six's pages: its session options, a deal in five taps, the tables on the scoreboard."""

from __future__ import annotations

import json
from typing import Any

from wtforms import HiddenField, IntegerField, RadioField
from wtforms.validators import InputRequired, NumberRange, Optional
from wtforms.widgets import HiddenInput

from ...rules import InvalidInput
from ...rules.fifty_six.auction import HIGHEST_BID, LOWEST_BID, bid_text
from ...rules.fifty_six.record import FiftySixRecord
from ...rules.fifty_six.score import (
    SCHEDULE,
    FiftySixStanding,
    next_seat_in,
    settle,
    tables_moved,
)
from ...rules.table import Table
from ...web.names import teams_with, whole_name
from ...words import gettext, lazy_gettext, lazy_pgettext, ngettext
from ...words.fifty_six import bid
from ...words.inputs import in_words
from ..charts import drawn_once, polyline
from ..setup import Setup, options
from .deal_form import DealForm

SETUP = Setup(players=(("4", "4"), ("6", "6"), ("8", "8")), shaped_by="teams")
# "NT" as the table says no trumps (a word to translate); the suits are the cards' signs.
TRUMPS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"), ("NT", lazy_pgettext("no trumps", "NT")))
# Each trump as a screen reader says it (the buttons show the signs).
TRUMP_NAMES = {
    "S": lazy_gettext("spades"),
    "H": lazy_gettext("hearts"),
    "D": lazy_gettext("diamonds"),
    "C": lazy_gettext("clubs"),
    "NT": lazy_gettext("no trumps"),
}
DOUBLES = (
    ("0", lazy_gettext("Not doubled")),
    ("1", lazy_gettext("Doubled")),
    ("2", lazy_gettext("Redoubled")),
)
PASSED = "passed"


class FiftySixDealForm(DealForm):
    """A deal: the dealer, the contract (or everyone passed), the contracting team's points."""

    dealer = RadioField(lazy_gettext("Dealer"), choices=[], validate_choice=False)
    outcome = RadioField(
        lazy_gettext("Auction"),
        choices=options(
            (("bid", lazy_gettext("A contract")), (PASSED, lazy_gettext("Everyone passed")))
        ),
        default="bid",
    )
    seat = RadioField(lazy_gettext("Contract won by"), choices=[], validate_choice=False)
    value = IntegerField(lazy_gettext("Bid"), default=LOWEST_BID, validators=[Optional()])
    trump = RadioField(lazy_gettext("Trump"), choices=options(TRUMPS), validate_choice=False)
    double = RadioField(
        lazy_gettext("Doubled?"), choices=options(DOUBLES), default="0", validate_choice=False
    )
    points = IntegerField(
        lazy_gettext("Card points"),
        validators=[
            InputRequired(lazy_gettext("Enter the contracting team's card points (0 to 56).")),
            NumberRange(0, 56, lazy_gettext("Card points go from 0 to 56 (F5).")),
        ],
    )
    new_game = IntegerField(widget=HiddenInput(), validators=[Optional()])
    auction = HiddenField()

    def __init__(self, seats: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats

    @classmethod
    def for_next(cls, seats: int, standing: FiftySixStanding, next_id: int) -> FiftySixDealForm:
        """An empty form for the next deal: the dealer by F7, a new game after a won one."""
        data = {
            "dealer": str(standing["next_dealer"]),
            "number": len(standing["deals"]) + 1,
            "next_id": next_id,
            "new_game": 1 if standing["winner"] is not None else None,
        }
        return cls(seats, formdata=None, data=data)  # not the form being sent, if any

    @classmethod
    def for_record(cls, seats: int, record: FiftySixRecord, version: int) -> FiftySixDealForm:
        """A form filled in from a stored deal, for editing that version of it."""
        contract = record["contract"]
        data: dict[str, Any] = {
            "version": version,
            "points": record["points"],
            "dealer": str(record["dealer"]) if "dealer" in record else "",
            "outcome": PASSED if contract is None else "bid",
            "new_game": 1 if record.get("new_game") else None,
            "auction": json.dumps(record["auction"]) if "auction" in record else "",
        }
        if contract is not None:
            data |= {
                "seat": str(contract["seat"]),
                "value": contract["value"],
                "trump": contract["trump"],
                "double": str(contract["double"]),
            }
        return cls(seats, data=data)

    def to_record(self, keep: FiftySixRecord | None = None) -> dict[str, Any]:
        """The deal record the API takes; the engine refuses what is missing or wrong."""
        record: dict[str, Any] = {"contract": None, "points": self.points.data}
        if self.outcome.data != PASSED:
            record["contract"] = {
                "seat": _whole(self.seat.data, gettext("Tap the player who won the contract.")),
                "value": self.value.data if self.value.data is not None else LOWEST_BID,
                "trump": self.trump.data or _missing(gettext("Tap the trump: ♠ ♥ ♦ ♣ or NT.")),
                "double": _whole(self.double.data or "0", gettext("Choose the double.")),
            }
        if self.dealer.data not in (None, ""):
            record["dealer"] = _whole(self.dealer.data, gettext("Tap the dealer."))
        if self.new_game.data:
            record["new_game"] = True
        if self.auction.data:
            try:
                record["auction"] = json.loads(self.auction.data)
            except ValueError:
                _missing(gettext("The recorded auction is damaged: clear it and record it again."))
        return record

    def follow(self, fresh: DealForm, game_session: Any, sent: int, number: int) -> list[str]:
        """As DealForm's, and a new game or not, the tables at stake and who bids first; an
        auction recorded after another dealer's deal is cleared (its calls would be refused)."""
        changed = super().follow(fresh, game_session, sent, number)
        seats, table = game_session.seat_names(), game_session.table
        if changed and self.auction.data:
            self.auction.data, self.auction.raw_data = "", [""]
            changed.append(
                gettext(
                    "The auction you recorded followed another deal, so it was cleared: the "
                    "contract stays as you entered it."
                )
            )
        starts = bool(fresh.new_game.data)
        if starts != bool(self.new_game.data):
            self.new_game.data, self.new_game.raw_data = (
                fresh.new_game.data,
                [str(fresh.new_game.data or "")],
            )
            changed.append(
                gettext("Deal %(number)d starts a new game.", number=number)
                if starts
                else gettext("Deal %(number)d goes on with the game being played.", number=number)
            )
        before, now = tables_before(game_session, max(sent, 1)), tables_before(game_session, number)
        if before != now:
            held = teams_with(game_session.teams, now)
            changed.append(
                gettext("Tables before deal %(number)d: %(held)s.", number=number, held=held)
            )
        if changed:
            dealer = int(fresh.dealer.data)
            first = table.after(dealer) if starts else next_seat_in(table, dealer, now)
            changed.append(
                gettext(
                    "%(first)s bids first after %(dealer)s's deal.",
                    first=seats[first],
                    dealer=seats[dealer],
                )
            )
        return changed

    values = range(LOWEST_BID, HIGHEST_BID + 1)  # for the page


def _missing(message: str) -> Any:
    raise InvalidInput("missing-field", message)


def _whole(text: str | None, message: str) -> int:
    """A seat or level from a radio button; a message naming the choice when none is made."""
    if not text or not text.isascii() or not text.isdigit():
        _missing(message)
    return int(text or 0)


def problem(game_session: Any, error: InvalidInput) -> str:
    """A refused deal in the table's words: the players' names where the engine gives seats."""
    seats, said = game_session.seat_names(), error.params
    if error.code == "team-out" and said:
        return gettext(
            "%(player)s plays for %(team)s, which is out of tables, so cannot win the bid (F6): "
            "choose a player of a team still in.",
            player=seats[said["seat"]],
            team=whole_name(game_session.teams[said["team"]]),
        )
    if error.code == "bad-auction" and said.get("why") == "not-over":
        return gettext(
            "The recorded auction is not over: it is %(player)s's call (F10).",
            player=seats[said["seat"]],
        )
    if error.code == "bad-auction" and said.get("why") == "other-contract":
        return _other_contract(said["contract"], seats)
    return in_words(error)


def _other_contract(contract: dict[str, Any] | None, seats: list[str]) -> str:
    """A recorded auction that does not give the contract entered, said with the names."""
    if contract is None:
        return gettext(
            "The recorded auction ended with everyone passing (F10), but a contract is entered: "
            "change the one that is wrong."
        )
    said = {
        "bid": bid(contract["value"], contract["trump"]),
        "player": seats[contract["seat"]],
    }
    if contract["double"] == 2:
        return gettext(
            "The recorded auction gives %(bid)s redoubled by %(player)s, not the contract "
            "entered: change the one that is wrong.",
            **said,
        )
    if contract["double"] == 1:
        return gettext(
            "The recorded auction gives %(bid)s doubled by %(player)s, not the contract "
            "entered: change the one that is wrong.",
            **said,
        )
    return gettext(
        "The recorded auction gives %(bid)s by %(player)s, not the contract entered: "
        "change the one that is wrong.",
        **said,
    )


def tables_before(game_session: Any, number: int) -> list[int]:
    """The tables each team holds as deal `number` (1-based) starts: a new game starts full."""
    standing: FiftySixStanding = game_session.standing()
    rows = standing["deals"]
    start = [game_session.options["tables"]] * len(game_session.teams)
    if number > len(rows):  # the deal to come
        return start if not rows or standing["winner"] is not None else list(standing["tables"])
    if number == 1 or rows[number - 1]["game"] != rows[number - 2]["game"]:
        return start
    return list(rows[number - 2]["tables"])


def outcomes(table: Table, options: dict[str, Any], tables: list[int]) -> dict[str, Any]:
    """Every transfer a deal could make from these tables, for the form's preview: by the
    contracting team, the lowest bid of the F15 band, the double level and made or lost."""
    preview = {}
    for team in range(table.teams):
        for low, *_ in SCHEDULE:
            for double in (0, 1, 2):
                for made in (True, False):
                    amount = tables_moved(low, made, double, options["doubling"])
                    after, moved = settle(tables, team, amount, made, table)
                    key = f"{team}|{low}|{double}|{int(made)}"
                    preview[key] = {"transfers": moved, "tables": list(after)}
    return {"bands": [low for low, *_ in SCHEDULE], "outcomes": preview}


def deal_page(game_session: Any, number: int) -> dict[str, Any]:
    """What the deal form shows beyond its fields: the tables now and what each result moves."""
    tables = tables_before(game_session, number)
    table = game_session.table
    return {
        "tables_now": tables,
        "out": [team for team, n in enumerate(tables) if n == 0],
        "preview": outcomes(table, game_session.options, tables),
        "passed_seat": {d: next_seat_in(table, d, tables) for d in range(table.seats)},
        "trumps": TRUMPS,
        "trump_names": TRUMP_NAMES,
        "doubles": DOUBLES,
        "derive": derive(game_session, game_session.standing()),
    }


def derive(game_session: Any, standing: FiftySixStanding) -> dict[str, Any]:
    """What a phone needs to deal the next deals as if the ones it keeps offline were stored
    (offline-form.js): the dealer and each team's tables now, the starting tables, and the
    tables each result moves (F15, F16) as the engine counts them."""
    doubling = game_session.options["doubling"]
    amounts = {
        f"{low}|{double}|{int(made)}": tables_moved(low, made, double, doubling)
        for low, *_ in SCHEDULE
        for double in (0, 1, 2)
        for made in (True, False)
    }
    table = game_session.table
    return {
        "seats": table.seats,
        "teams": table.teams,
        "dealer": standing["next_dealer"],
        "tables": standing["tables"],
        "start": game_session.options["tables"],
        "bands": [low for low, *_ in SCHEDULE],
        "amounts": amounts,
    }


def scoreboard(game_session: Any, standing: FiftySixStanding) -> dict[str, Any]:
    """What the scoreboard shows beyond the standing: who bids first next (past the seats of
    teams out, F7), and the tables over the deals as a chart."""
    dealer, table = standing["next_dealer"], game_session.table
    first = table.after(dealer) if standing["winner"] is not None else None
    return {
        "first_bidder": first
        if first is not None
        else next_seat_in(table, dealer, standing["tables"]),
        "chart": tables_chart(game_session, standing),
        # For its next dealer with deals kept offline (offline-board.js), as the deal form has it.
        "offline": {"derive": derive(game_session, standing)},
    }


def tables_chart(game_session: Any, standing: FiftySixStanding) -> dict[str, Any] | None:
    """Each team's tables after every deal of the game being played, as SVG polylines."""
    options = game_session.options
    return _tables_chart(
        standing["deals"], standing["game"], options["tables"], len(game_session.teams)
    )


@drawn_once
def _tables_chart(deals: list[Any], game: int, tables: int, teams: int) -> dict[str, Any] | None:
    """tables_chart of the standing's `deals`, drawn once per standing."""
    rows = [r for r in deals if r["game"] == game]
    if not rows:
        return None
    start = [tables] * teams
    series = [start] + [r["tables"] for r in rows]
    top = max(max(s) for s in series)
    width, height, pad = 320, 140, 8
    step = (width - 2 * pad) / max(len(series) - 1, 1)

    def y(n: int) -> float:
        return round(height - pad - (height - 2 * pad) * n / top, 1)

    def x(i: int) -> float:
        return round(pad + i * step, 1)

    lines = [polyline([s[team] for s in series], x, y) for team in range(len(start))]
    return {"width": width, "height": height, "lines": lines, "top": top, "game": game}


def summary(game_session: Any, record: FiftySixRecord) -> str:
    """A deal in a line, to tell two versions of it apart: the contract and the points."""
    contract = record["contract"]
    seats = game_session.seat_names()
    points = record["points"]
    if contract is None:
        return ngettext(
            "Everyone passed · %(num)d point", "Everyone passed · %(num)d points", points
        )
    said = {
        "bid": bid(contract["value"], contract["trump"]),
        "player": seats[contract["seat"]],
    }
    return [
        ngettext(
            "%(bid)s by %(player)s · %(num)d point",
            "%(bid)s by %(player)s · %(num)d points",
            points,
            **said,
        ),
        ngettext(
            "%(bid)s doubled by %(player)s · %(num)d point",
            "%(bid)s doubled by %(player)s · %(num)d points",
            points,
            **said,
        ),
        ngettext(
            "%(bid)s redoubled by %(player)s · %(num)d point",
            "%(bid)s redoubled by %(player)s · %(num)d points",
            points,
            **said,
        ),
    ][contract["double"]]


def standing_line(game_session: Any, standing: FiftySixStanding) -> str:
    """The standing in a line, for a club's history: the game, each team's tables, and the
    game's winner, or (a session the table ended) the team the session went to."""
    teams = game_session.teams
    tables = teams_with(teams, standing["tables"])
    if standing["ended"]:
        line = gettext("Game %(game)d: %(tables)s tables", game=standing["game"], tables=tables)
        if standing["session_winner"] is None:
            return gettext("%(line)s · level", line=line)
        winner = whole_name(teams[standing["session_winner"]])
        return gettext("%(line)s · won by %(team)s", line=line, team=winner)
    if standing["winner"] is not None:
        return gettext(
            "Game %(game)d: %(tables)s tables · won by %(team)s",
            game=standing["game"],
            tables=tables,
            team=whole_name(teams[standing["winner"]]),
        )
    return gettext("Game %(game)d: %(tables)s tables", game=standing["game"], tables=tables)


def csv_columns(game_session: Any, standing: FiftySixStanding) -> tuple[list[str], list[list[Any]]]:
    """The CSV export: each deal's contract, its points and whether it was made, then every
    team's tables after it."""
    names, seats = [t.name for t in game_session.teams], game_session.seat_names()
    header = ["Deal", "Game", "Dealer", "Contract", "Bidder", "Team", "Doubled", "Points"]
    header += ["Made", *(f"{n} tables" for n in names)]
    rows = []
    deals = zip(game_session.deals, standing["deals"], strict=True)
    for number, (deal, row) in enumerate(deals, 1):
        contract = row["contract"]
        passed = " (all passed)" if deal.record["contract"] is None else ""
        bid = bid_text(contract["value"], contract["trump"]) + passed
        doubled = ("", "doubled", "redoubled")[contract["double"]]
        made = "yes" if row["made"] else "no"
        bidder, team = seats[contract["seat"]], names[contract["team"]]
        played = [number, row["game"], seats[row["dealer"]], bid, bidder, team, doubled]
        rows.append([*played, deal.record["points"], made, *row["tables"]])
    return header, rows


# What the club's player pages show of Fifty-six's figures: (label, figure, as a percentage).
FIGURES = (
    (lazy_gettext("Contracts made"), "made", False),
    (lazy_gettext("Contracts lost"), "lost", False),
    (lazy_gettext("Made"), "made_rate", True),
    (lazy_gettext("Tables won"), "tables_won", False),
    (lazy_gettext("Tables lost"), "tables_lost", False),
    (lazy_gettext("Games won"), "games_won", False),
)
KEY_FIGURE = "made_rate"  # beside the win rate in the players' table
LIVE_PAGE = "sessions/fifty-six/live.html"  # a deal followed play by play

# The game's name as its players say it; the registry's `title` stays the engine's.
TITLE = lazy_gettext("Fifty-six")
GAME = "fifty-six"
DEAL_FORM = FiftySixDealForm
