"""The most the app takes, in one place: a request's body, a name, a session's deals, a live
deal's plays.

The forms, the API, the import and openapi.json all read these (tests/api/test_limits.py
checks that the document states the same numbers). The engine's rules bound a deal already;
these bound what one client may make the server keep.
"""

from __future__ import annotations

MAX_BODY = 256 * 1024  # bytes in a request's body, sent chunked or not (MAX_CONTENT_LENGTH)

# Names, in characters once runs of white space are folded to one space.
MAX_NAME = 40  # a player's
MAX_TEAM_NAME = 60  # a team's
MAX_CLUB_NAME = 60  # a club's

# Deals a session keeps, deleted ones among them (they can be restored). An evening is some
# dozens; a long-running session some thousands.
MOST_DEALS = 10_000

# Plays a live deal keeps. The longest legal deal is Fifty-six's with eight players (F1): 64
# cards (F3) after an auction of 414 calls: 7 passes, then for each bid from 28 to 56 (F8) the
# bid, 6 passes, a double and 6 passes (F9, F10: the seventh pass would end it), the last
# double redoubled (F9). Seep and Casino play 48 cards after the 4 on the floor. An undo takes
# a play off the list, so it adds none.
LONGEST_LIVE_DEAL = 7 + 29 * (1 + 6 + 1 + 6) + 1 + 64  # 478
MOST_PLAYS = 1_000  # well above it
