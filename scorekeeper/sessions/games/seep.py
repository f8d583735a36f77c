"""Seep's pages: its session options, a deal entered by tapping the 17 point cards, the chart."""

from __future__ import annotations

from typing import Any, ClassVar

from wtforms import IntegerField, RadioField
from wtforms.validators import Optional, ValidationError

from ...rules.cards import Card
from ...rules.seep.cards import POINT_CARDS, POINTS
from ...rules.seep.record import MAX_SWEEPS, SWEEP_POINTS, SeepRecord, parse_deal
from ...rules.seep.score import UNDER, Baazi, SeepStanding, next_dealer
from ...rules.table import Table
from ...web.names import teams_with, whole_name
from ...words import gettext, lazy_gettext, ngettext
from ..charts import lead_chart
from ..setup import Setup, options
from .deal_form import DealForm

# Players, teams; the options (rules/seep.md M2–M4, and the rules tables vary: C2, T3, R3) are
# the engine's (rules/seep/options.py), in the words of words/options.py.
SETUP = Setup(players=(("4", lazy_gettext("Four, in two teams")), ("2", lazy_gettext("Two"))))


TEAM_CHOICES = options((("0", "A"), ("1", "B")))
NO_TEAM = options((("", lazy_gettext("None")),))


class SweepCount:
    """A team's sweep count is 0 to MAX_SWEEPS; the message names the team as the form was told."""

    def __init__(self, team: int) -> None:
        self.team = team

    def __call__(self, form: Any, field: Any) -> None:
        if field.data is not None and not 0 <= field.data <= MAX_SWEEPS:
            team = form.team_name(self.team)
            raise ValidationError(
                gettext("%(team)s's sweeps go from 0 to %(most)d.", team=team, most=MAX_SWEEPS)
            )


def sweeps(team: int) -> list[Any]:
    """Validators of a team's sweep count."""
    return [Optional(), SweepCount(team)]


def card_field(card: Any) -> str:
    """The form field that says which team took a point card."""
    return f"card_{card}"


class SeepDealForm(DealForm):
    """A deal: who took each point card, sweeps, the dealer and the bid."""

    sweeps0 = IntegerField(lazy_gettext("Sweeps"), default=0, validators=sweeps(0))
    sweeps1 = IntegerField(lazy_gettext("Sweeps"), default=0, validators=sweeps(1))
    opening_sweep = RadioField(
        lazy_gettext("Opening sweep (25)"), choices=NO_TEAM + TEAM_CHOICES, default=""
    )
    last_sweep = RadioField(
        lazy_gettext("Last-play sweep (0)"), choices=NO_TEAM + TEAM_CHOICES, default=""
    )
    dealer = RadioField(lazy_gettext("Dealer"), choices=[], validate_choice=False)
    bid = RadioField(
        lazy_gettext("Bid"),
        choices=options((("", "—"), *((str(v), str(v)) for v in range(9, 14)))),
        default="",
        validate_choice=False,
    )

    def __init__(self, seats: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seats = seats

    @classmethod
    def for_next(cls, seats: int, standing: SeepStanding, next_id: int) -> SeepDealForm:
        """An empty form for the next deal (to get id `next_id`), the suggested dealer (M5)."""
        number = len(standing["deals"]) + 1
        data = {"dealer": str(standing["next_dealer"]), "number": number, "next_id": next_id}
        return cls(seats, formdata=None, data=data)  # not the form being sent, if any

    @classmethod
    def for_record(cls, seats: int, record: SeepRecord, version: int) -> SeepDealForm:
        """A form filled in from a stored deal, for editing that version of it."""
        data: dict[str, Any] = {"version": version}
        for team, pile in enumerate(record["captured"]):
            data |= {card_field(card): str(team) for card in pile}
        sweeps = record.get("sweeps", [])
        for team in (0, 1):
            data[f"sweeps{team}"] = sum(s["team"] == team and s["when"] == "play" for s in sweeps)
        for when, name in (("opening", "opening_sweep"), ("last", "last_sweep")):
            data[name] = next((str(s["team"]) for s in sweeps if s["when"] == when), "")
        bid = record.get("bid")
        table = Table(2, seats // 2)
        dealer = record.get("dealer", table.before(bid["seat"]) if bid else None)  # S1
        data["dealer"] = "" if dealer is None else str(dealer)
        data["bid"] = str(bid["value"]) if bid else ""
        return cls(seats, data=data)

    def to_record(self, keep: SeepRecord | None = None) -> dict[str, Any]:
        """The deal record the API takes; cards other than point cards are kept from `keep`."""
        captured: list[list[str]] = [
            [c for c in pile if Card.parse(c) not in POINTS]
            for pile in (keep["captured"] if keep else [[], []])
        ]
        for card in POINT_CARDS:
            team = getattr(self, card_field(card)).data
            if team in ("0", "1"):
                captured[int(team)].append(str(card))
        sweeps = [
            {"team": team, "when": "play"}
            for team in (0, 1)
            for _ in range(getattr(self, f"sweeps{team}").data or 0)
        ]
        for when, field in (("opening", self.opening_sweep), ("last", self.last_sweep)):
            if field.data in ("0", "1"):
                sweeps.append({"team": int(field.data), "when": when})
        record: dict[str, Any] = {"captured": captured, "sweeps": sweeps}
        if self.dealer.data not in (None, ""):
            dealer = _whole(self.dealer.data)
            record["dealer"] = dealer
            if self.bid.data and isinstance(dealer, int):
                # S1: the bidder is the seat after the dealer.
                bidder = Table(2, self.seats // 2).after(dealer)
                record["bid"] = {"seat": bidder, "value": _whole(self.bid.data)}
        return record

    def card_fields(self) -> list[tuple[Any, Any]]:
        """Each point card with the field that holds its team."""
        return [(card, getattr(self, card_field(card))) for card in POINT_CARDS]

    # For the running totals on the page.
    points: ClassVar[dict[str, int]] = {str(card): value for card, value in POINTS.items()}
    sweep_points: ClassVar[dict[str, int]] = SWEEP_POINTS
    most_sweeps: ClassVar[int] = MAX_SWEEPS


def _whole(text: str) -> int | str:
    """A number if the text is one; otherwise the text, for the rules engine to refuse."""
    try:
        return int(text, 10) if text.isascii() else text
    except ValueError:
        return text


def deal_page(game_session: Any, number: int) -> dict[str, Any]:
    """What Seep's deal form needs beyond its fields: how to deal the deals after it offline."""
    return {"derive": derive(game_session, game_session.standing())}


# The outcomes of a deal that decide the next dealer (M5), in the order of `derive`'s table.
OUTCOMES = (("0", 1, None), ("1", -1, None), ("level", 0, None), ("baazi0", 0, 0), ("baazi1", 0, 1))


def derive(game_session: Any, standing: SeepStanding) -> dict[str, Any]:
    """What a phone needs to deal the next deals as if the ones it keeps offline were stored
    (offline-form.js): the lead and dealer now, M2's and M3's figures, and M5 as the engine
    answers it for every dealer and every outcome of a deal."""
    table, options, lead = game_session.table, game_session.options, standing["lead"]
    sign = {None: 0, 0: 1, 1: -1}[lead["team"]]
    m5 = [
        {
            name: next_dealer(table, seat, ahead, None if won is None else Baazi(won, "lead"))
            for name, ahead, won in OUTCOMES
        }
        for seat in range(table.seats)
    ]
    return {
        "seats": table.seats,
        "dealer": standing["next_dealer"],
        "lead": sign * lead["points"],
        "target": options["target"],
        "counted": options["under9"],
        "under": UNDER,
        "m5": m5,
    }


def scoreboard(game_session: Any, standing: SeepStanding) -> dict[str, Any]:
    """What Seep's scoreboard shows beyond the standing: the chart of the running lead."""
    return {
        "chart": lead_chart(standing["deals"], game_session.options["target"]),
        # For its next dealer with deals kept offline (offline-board.js), as the deal form has it.
        "offline": {
            "derive": derive(game_session, standing),
            "page": {"points": SeepDealForm.points, "sweepPoints": SeepDealForm.sweep_points},
        },
    }


def summary(game_session: Any, record: SeepRecord) -> str:
    """A deal in a line, to tell two versions of it apart: each team's points and sweeps."""
    deal = parse_deal(record, game_session.table)
    points, sweeps = deal.points(), len(deal.sweeps)
    teams = teams_with(game_session.teams, points)
    if not sweeps:
        return teams
    return ngettext("%(teams)s (%(num)d sweep)", "%(teams)s (%(num)d sweeps)", sweeps, teams=teams)


def standing_line(game_session: Any, standing: SeepStanding) -> str:
    """The standing in a line, for a club's history: baazis, then the team the session went to
    (by M4, or ended by the table) or the lead."""
    teams, baazis = game_session.teams, standing["baazis"]
    line = " · ".join(
        ngettext("%(team)s: %(num)d baazi", "%(team)s: %(num)d baazis", n, team=whole_name(t))
        for t, n in zip(teams, baazis, strict=True)
    )
    if standing["session_winner"] is not None:
        winner = whole_name(teams[standing["session_winner"]])
        return gettext("%(line)s · won by %(team)s", line=line, team=winner)
    lead = standing["lead"]
    if lead["team"] is None:
        return gettext("%(line)s · level", line=line)
    leader = whole_name(teams[lead["team"]])
    return gettext(
        "%(line)s · %(team)s lead by %(points)d", line=line, team=leader, points=lead["points"]
    )


for _card in POINT_CARDS:
    setattr(
        SeepDealForm,
        card_field(_card),
        RadioField(_card.pretty, choices=TEAM_CHOICES, validate_choice=False),
    )


def csv_columns(game_session: Any, standing: SeepStanding) -> tuple[list[str], list[list[Any]]]:
    """The CSV export: each deal's points per team, then the lead and baazis as they ran."""
    names, seats = [t.name for t in game_session.teams], game_session.seat_names()
    header = ["Deal", "Dealer", *(f"{n} points" for n in names), "Lead", "Lead points", "Baazi"]
    header += [f"{n} baazis" for n in names]
    baazis, rows = [0] * len(names), []
    for number, row in enumerate(standing["deals"], 1):
        won = row["baazi"]["winner"] if row["baazi"] else None
        if won is not None:
            baazis[won] += 1
        leader = row["lead"]["team"]
        lead = [names[leader] if leader is not None else "level", row["lead"]["points"]]
        baazi = names[won] if won is not None else ""
        rows.append([number, seats[row["dealer"]], *row["points"], *lead, baazi, *baazis])
    return header, rows


# What the club's player pages show of Seep's figures: (label, figure, as a percentage).
FIGURES = (
    (lazy_gettext("Baazis won"), "baazis_won", False),
    (lazy_gettext("Baazis lost"), "baazis_lost", False),
    (lazy_gettext("Under-9 losses"), "under9_losses", False),
    (lazy_gettext("Average deal"), "average_points", False),
    (lazy_gettext("Sweeps per deal"), "sweeps_per_deal", False),
    (lazy_gettext("Best deal"), "best_deal", False),
)
KEY_FIGURE = "average_points"  # beside the win rate in the players' table
LIVE_PAGE = "sessions/seep/live.html"  # a deal followed play by play

# The game's name as its players say it; the registry's `title` stays the engine's.
TITLE = lazy_gettext("Seep")
GAME = "seep"
DEAL_FORM = SeepDealForm
