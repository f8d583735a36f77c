"""Seep's standing, the match: running lead, baazis, the under-9 rule and the next dealer
(M1 to M5), which deal may follow (M4), whom a session the table ended goes to, and a
tournament table's round (rules/lengths.py): whether it is over, and its result."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from .. import lengths
from ..errors import InvalidInput
from ..game import Standing, ahead, over_at_winner
from ..lengths import DEALS, TableResult, deals_reached, finish_by_deals
from ..table import Table
from .record import SeepDeal, from_stored

UNDER = 9  # M3
# M4: no deal follows once the session is decided.
check_next = over_at_winner(
    lambda winner: InvalidInput("session-over", "session-over", winner=winner)
)


class Lead(TypedDict):
    """The running lead as the API shows it: the team ahead (None: level) and by how much."""

    team: int | None
    points: int


class BaaziRow(TypedDict):
    """A baazi as a deal's row shows it: the team that won it and why (M2, M3)."""

    winner: int
    reason: str


class SeepRow(TypedDict):
    """A deal's row in Seep's standing: its points, the baazi it ended, the lead after it."""

    points: list[int]
    card_points: list[int]
    sweep_points: list[int]
    baazi: BaaziRow | None
    lead: Lead
    dealer: int


class SeepStanding(Standing[SeepRow]):
    """Seep's standing: the running lead and each team's baazis (M1–M5)."""

    lead: Lead
    baazis: list[int]


@dataclass(frozen=True)
class Baazi:
    """A baazi won in a deal, by the lead (M2) or by the other team scoring under 9 (M3)."""

    winner: int
    reason: str


def lead_json(lead: int) -> Lead:
    """The signed lead (positive: team 0 ahead) as the API shows it."""
    return {"team": None if lead == 0 else (0 if lead > 0 else 1), "points": abs(lead)}


def deal_result(deal: SeepDeal, lead: int, options: Mapping[str, Any]) -> tuple[int, Baazi | None]:
    """The lead after a deal, and the baazi it ends, if any."""
    points = deal.points()
    counted = deal.card_points() if options["under9"] == "cards" else points
    losers = [team for team in (0, 1) if counted[team] < UNDER]
    if losers:
        # M3: under 9 loses the baazi at once, whatever the lead.
        return 0, Baazi(1 - losers[0], "under-9")
    # M1: both teams scored 9 or more, so the difference moves the lead.
    lead += points[0] - points[1]
    if abs(lead) >= options["target"]:
        # M2: a lead of the target wins the baazi; the lead returns to 0.
        return 0, Baazi(0 if lead > 0 else 1, "lead")
    return lead, None


def next_dealer(table: Table, dealer: int, lead: int, baazi: Baazi | None) -> int:
    """M5: a leading dealer's team passes the deal on; after a baazi, the partner deals, and
    with two players (no partners) the player who would have dealt."""
    team = table.team_of(dealer)
    leads = baazi.winner == team if baazi else lead != 0 and (lead > 0) == (team == 0)
    would_deal = table.after(dealer) if leads else dealer
    partnered = baazi is not None and table.players_per_team > 1
    return table.partner_seat(would_deal) if partnered else would_deal


def standing(
    table: Table, options: Mapping[str, Any], records: Sequence[Mapping[str, Any]]
) -> SeepStanding:
    """Fold the stored deal records, in order, into the session's standing (they were validated
    when they were written, so they are read back without checks)."""
    return _folded(table, options, records, [], 0, [0, 0], None, 0)


def extended(
    table: Table, options: Mapping[str, Any], standing: SeepStanding, record: Mapping[str, Any]
) -> SeepStanding:
    """The standing of the deals folded into `standing` and then stored `record`: what
    standing() of them all gives, without folding the earlier deals again."""
    lead = standing["lead"]
    signed = 0 if lead["team"] is None else lead["points"] * (1 if lead["team"] == 0 else -1)
    rows, baazis = list(standing["deals"]), list(standing["baazis"])
    winner, dealer = standing["winner"], standing["next_dealer"]
    return _folded(table, options, [record], rows, signed, baazis, winner, dealer)


def _folded(
    table: Table,
    options: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    rows: list[SeepRow],
    lead: int,
    baazis: list[int],
    winner: int | None,
    dealer: int,
) -> SeepStanding:
    """The standing after folding `records` into the state the earlier deals left: their
    `rows`, the signed lead, the baazis, the winner and the next dealer."""
    needed = options["baazis"] // 2 + 1 if options["baazis"] else None
    for deal in map(from_stored, records):
        if deal.dealer is not None:
            dealer = deal.dealer
        elif deal.bid is not None:
            dealer = table.before(deal.bid.seat)  # S1: the bidder sits after the dealer
        lead, baazi = deal_result(deal, lead, options)
        if baazi:
            baazis[baazi.winner] += 1
            if winner is None and needed and baazis[baazi.winner] >= needed:
                winner = baazi.winner  # M4: the session is decided
        rows.append(_row(deal, dealer, lead, baazi))
        dealer = next_dealer(table, dealer, lead, baazi)
    folded: SeepStanding = {
        "deals": rows,
        "lead": lead_json(lead),
        "baazis": baazis,
        "next_dealer": dealer,
        "winner": winner,
        "finished": winner is not None,
        "ended": False,
        "session_winner": winner,
    }
    return finish_by_deals(table, options, folded, ended_winner)


def ended_winner(table: Table, options: Mapping[str, Any], standing: SeepStanding) -> int | None:
    """A session ended before a team won it (M4; played on, it never is) goes to the team with
    more baazis, then to the team with the lead; level, to nobody (API.md's rule for a
    tournament table)."""
    lead = standing["lead"]
    return ahead(
        [
            (baazis, lead["points"] if lead["team"] == team else -lead["points"])
            for team, baazis in enumerate(standing["baazis"])
        ]
    )


def round_over(options: Mapping[str, Any], standing: SeepStanding) -> bool:
    """Whether a tournament table's round is over: its options carry a length (`deals`, or one
    baazi, M4) and no deal follows, its deals played or the session decided (M4: by one baazi,
    or by the number of baazis a table whose length is its deals was also set to)."""
    if options.get(DEALS) is None and options.get("baazis") != 1:
        return False
    return standing["winner"] is not None or deals_reached(options, len(standing["deals"]))


def table_result(table: Table, options: Mapping[str, Any], standing: SeepStanding) -> TableResult:
    """A table's result (shared/API.md): the winner, by more baazis, then the lead (level when
    neither leads: a draw) — the team the finished session went to, and while it is not
    finished, the team ahead; each team's game points, the sum of the per-deal point margins
    (each deal's points with sweeps, E2, under-9 deals too: team 0's minus team 1's)."""
    margin = sum(row["points"][0] - row["points"][1] for row in standing["deals"])
    over = round_over(options, standing)
    return lengths.table_result(table, options, standing, margin, over, ended_winner)


def _row(deal: SeepDeal, dealer: int, lead: int, baazi: Baazi | None) -> SeepRow:
    return {
        "points": list(deal.points()),
        "card_points": list(deal.card_points()),
        "sweep_points": list(deal.sweep_points()),
        "baazi": {"winner": baazi.winner, "reason": baazi.reason} if baazi else None,
        "lead": lead_json(lead),
        "dealer": dealer,
    }
