"""Casino's hidden cards, sampled for the advisor (advisor.py): open deals (casino.py's
CasinoOpen) that agree with what the table knows.

The mover sees their hand, the table and the cards out of play; every other card lies in
another seat's hand or in a batch still to be dealt (K2: 4 to each seat whenever every hand is
empty). How many each seat holds follows from the mover's count and the number hidden (`layout`):
the turn goes round the table (K1), so the seats that played this round before the mover hold
one card fewer. The table also knows who must hold what: a build's owner holds a card of its
value (K9), and in a live deal so does every seat whose claim of this round (live.py's
declarations, K5-K7, K9) is neither kept nor shown false, though its build may be gone.

`from_history` reads all that from a live deal so far, with what a bare position does not
show: the side of the last capture (K10) and each side's cards and spades taken (K11's most
cards and most spades).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules.cards import Card, ensure_distinct, full_deck
from ..rules.casino.live import PLAYS
from ..rules.casino.options import DEFAULTS
from ..rules.casino.position import Position
from ..rules.casino.selfplay import HAND
from ..rules.casino.values import held, values
from ..rules.errors import InvalidInput
from ..rules.table import Table
from .casino import CasinoOpen, Counts, Hand, replayed, seating_of, session_rules

DECK = full_deck()
Owed = tuple[tuple[int, int], ...]  # (seat, value): the seat holds a card of the value


@dataclass(frozen=True)
class Known:
    """What the table knows beyond the mover's position and the cards out of play. From a
    bare position none of it is known: the default options (but the position's variant and
    aces), no last capturer (K10 then gives the table's last cards to the dealer's side) and
    nothing taken by any side (K11's most cards and most spades counted from zero)."""

    options: Mapping[str, Any] = field(default_factory=lambda: dict(DEFAULTS))
    last_capturer: int | None = None  # the side of the last capture (K10)
    cards: Counts = ()  # each side's cards taken so far; () for none known
    spades: Counts = ()  # each side's spades taken so far; () for none known
    holds: Owed = ()  # seats' claims still standing (live.py's declarations)


@dataclass(frozen=True)
class Layout:
    """How many hidden cards each seat holds now, how many batches of HAND each still gets
    (K2; the mover's too), and which values which seats hold a card of (K9)."""

    held: tuple[int, ...]
    batches: int
    owed: Owed


def layout(position: Position, hidden: int, holds: Owed = ()) -> Layout:
    """Where the `hidden` cards lie, from the mover's position and how many are hidden; an
    InvalidInput when no moment of a deal has that many hidden.

    With `k` plays made of the current batch, the mover holds HAND - k // players and the
    k % players seats before them this round one fewer; each later batch hides HAND cards a
    seat. So `hidden` is (players - 1) * mine - before + batches * HAND * players, with
    `before` under `players`: one reading at most."""
    players, seat, mine = position.players, position.seat, len(position.hand)
    batch = HAND * players
    beyond = hidden - (players - 1) * mine  # the later batches less the cards played before
    batches = max(-(-beyond // batch), 0)
    before = batches * batch - beyond
    if not (0 < mine <= HAND and 0 <= before < players and batches < PLAYS // batch):
        raise InvalidInput("bad-position", "advice-casino-hidden-count", hidden=hidden)
    counts = tuple(
        0 if s == seat else mine - 1 if 0 < (seat - s) % players <= before else mine
        for s in range(players)
    )
    owners = ((build.owner, build.value) for build in position.builds)
    owed = tuple(sorted({(s, v) for s, v in (*owners, *holds) if s != seat}))
    return Layout(counts, batches, owed)


def sampled(
    position: Position,
    seen: Collection[Card],
    rng: random.Random,
    known: Known | None = None,
) -> Iterator[CasinoOpen]:
    """Open deals without end, each with the hidden cards dealt at random as the table allows:
    every card neither held, on the table nor `seen` lies in another hand or in a batch still
    to come, each seat that must hold a value (Layout.owed) is dealt a card of it first, and
    the rest fall at random. (That favours a little the hands with two cards of an owed value
    over the deals the table cannot tell apart; each is still possible, and no other is.)

    `known`: what the table knows beyond the position (from_history); by default nothing, as
    Known says. The advice is for the mover: with three or four sides, the paranoid reading
    from the mover's view (casino.py)."""
    known = known or Known()
    options = dict(known.options) | {"variant": position.variant, "aces": position.aces}
    sides = seating_of(position.players, options["partnerships"]).teams
    shown = {*position.hand, *position.loose, *(c for b in position.builds for c in b.cards)}
    out = shown | set(seen)
    hidden = [card for card in DECK if card not in out]
    where = layout(position, len(hidden), known.holds)
    base = CasinoOpen(
        position.players,
        position.seat,
        (),
        (),
        position.loose,
        position.builds,
        options,
        known.cards or (0,) * sides,
        known.spades or (0,) * sides,
        known.last_capturer,
        for_seat=position.seat,
    )
    while True:
        yield dealt(base, position.hand, where, hidden, rng)


def dealt(
    base: CasinoOpen, mine: Hand, where: Layout, hidden: Sequence[Card], rng: random.Random
) -> CasinoOpen:
    """One sample: each owed value's card to its seat first, then the rest at random."""
    variant, aces = base.options["variant"], base.options["aces"]
    cards = list(hidden)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(base.players)]
    for seat, value in where.owed:
        if len(hands[seat]) >= where.held[seat] or value in held(hands[seat], variant, aces):
            continue  # no room (a claim the table will find false), or held already
        found = next((c for c in cards if value in values(c, variant, aces)), None)
        if found is not None:
            cards.remove(found)
            hands[seat].append(found)
    for seat in range(base.players):
        need = where.held[seat] - len(hands[seat])
        hands[seat].extend(cards[:need])
        cards = cards[need:]
    hands[base.seat] = list(mine)
    later = []
    for _ in range(base.players):
        batches = []
        for _ in range(where.batches):
            batches.append(tuple(cards[:HAND]))
            cards = cards[HAND:]
        later.append(tuple(batches))
    # Built field by field: dataclasses.replace would check every field again, for each sample.
    return CasinoOpen(
        base.players,
        base.seat,
        tuple(map(tuple, hands)),
        tuple(later),
        base.loose,
        base.builds,
        base.options,
        base.cards,
        base.spades,
        base.last_capturer,
        base.for_seat,
    )


def from_history(
    table: Table,
    options: Mapping[str, Any],
    start: Mapping[str, Any],
    plays: Sequence[object],
    hand: Sequence[Card],
) -> tuple[Position, frozenset[Card], Known]:
    """The deal so far as a live deal records it, and the mover's hand: the mover's position,
    the cards out of play (the table's first four and every card played, wherever they lie
    now) and what else the table knows (Known: the session's options, the last capturer, each
    side's cards and spades taken, the claims still standing). InvalidInput when the deal is
    over, or when the hand cannot be the mover's: not as many cards as the mover has left
    (K2), a card twice, one on the table or played already, or no card of the value of a build
    the mover owns (K9)."""
    rules = session_rules(table, options)
    _, _, state = replayed(table, rules, start, plays)
    seat = state.next_seat
    if seat is None:
        raise InvalidInput("bad-position", "advice-deal-over")
    count = state.hands[seat]
    if len(hand) != count:
        raise InvalidInput(
            "bad-position", "advice-casino-hand-size", seat=seat, held=count, given=len(hand)
        )
    ensure_distinct(hand)
    out = next((card for card in hand if card in state.seen), None)
    if out is not None:
        raise InvalidInput("bad-position", "advice-casino-seen", card=out.pretty)
    position = Position(
        table.seats,
        seat,
        state.variant,
        tuple(hand),
        state.loose,
        state.builds,
        len(state.plays) == PLAYS - 1,  # K12: no sweep on the last play
        state.aces,
    )
    missing = sorted(position.owned() - held(hand, state.variant, state.aces))
    if missing:
        raise InvalidInput("bad-position", "build-owner-without-card", value=missing[0])
    standing = (
        d for d in state.declarations if d.round == state.round and d.kept is None and not d.flagged
    )
    taken = state.taken()
    known = Known(
        rules,
        state.last_capturer,
        tuple(taken["cards"]),
        tuple(taken["spades"]),
        tuple(sorted({(d.seat, d.value) for d in standing})),
    )
    return position, frozenset(state.seen), known
