"""Advice and review: open-cards search over a deal with every hand known (search.py), each
game's deal for it (seep.py, casino.py …), hidden hands sampled to agree with what the table
knows, and the advice and reviews built on them. Pure: no Flask, no database, as the rules
engine."""
