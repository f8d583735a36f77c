"""Benchmarks: run with `make bench`.

A bench is one address writing and reading far faster than any table: the deal-write and read
limits (scorekeeper/app.py) are counted, so that their cost is in what a bench measures, but
never met. A figure already in the environment is kept. (`make load` sets every figure itself,
starts too: bench/load.py.)
"""

import os

ROOMY_LIMITS = {
    "SCOREKEEPER_WRITE_LIMIT": "1000000 per minute",
    "SCOREKEEPER_SESSION_WRITE_LIMIT": "1000000 per minute",
    "SCOREKEEPER_READ_LIMIT": "1000000 per minute",
    "SCOREKEEPER_READS_AT_ONCE": "1000",
    "SCOREKEEPER_STREAMS_PER_CLIENT": "1000000",  # every stream a bench holds is one address
}
for _name, _figure in ROOMY_LIMITS.items():
    os.environ.setdefault(_name, _figure)
