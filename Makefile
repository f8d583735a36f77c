# Two commands: `make run` serves the app, `make test` runs the whole suite; `make serve` runs
# the production setup (README, "Deploying").
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
FLASK := $(BIN)/flask --app scorekeeper

.PHONY: run serve reload restart serve-packages test lint typecheck pytest chromium bench strength load clean catalogs translations openapi

run: $(VENV)/.installed catalogs
	$(FLASK) init-db
	$(FLASK) run --host 127.0.0.1 --port 5000

# nginx in front, gunicorn behind it, memcached for the rate limits (deploy/serve.py), under
# supervisord, which restarts any of them that dies; in the foreground on
# 127.0.0.1:$${PORT:-8000}; Ctrl-C stops it all.
serve: $(VENV)/.installed catalogs serve-packages
	$(FLASK) init-db
	$(BIN)/python -m deploy.serve

# On a running make serve (the same PORT or SCOREKEEPER_RUN_DIR): reload the app gracefully
# (new code, no request dropped), or restart it (nginx answers 503 with Retry-After meanwhile).
reload restart: $(VENV)/.installed
	$(BIN)/python -m deploy.supervisor $@

test: $(VENV)/.test-installed chromium serve-packages lint typecheck pytest

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .

# mypy over the whole package (pyproject.toml), and --strict over the rules, tournament, advice
# and lessons engines.
typecheck: $(VENV)/.test-installed
	$(BIN)/mypy
	$(BIN)/mypy --strict --follow-imports=silent scorekeeper/rules scorekeeper/tournament scorekeeper/advice \
		scorekeeper/lessons

pytest: $(VENV)/.test-installed catalogs
	$(BIN)/pytest

# The languages' catalogs (scorekeeper/translations/<lang>/LC_MESSAGES/messages.po), compiled for
# the server (.mo) and for the pages' script (static/i18n/<lang>.js); a second or so, every time.
catalogs: $(VENV)/.installed
	$(BIN)/python -m scorekeeper.web.catalogs

# scorekeeper/api/openapi.json written from the API's declared shapes (scorekeeper/api/shapes/)
# and the hand-kept operations (scorekeeper/api/openapi_operations.json); commit the result.
openapi: $(VENV)/.installed
	$(BIN)/python -m scorekeeper.api.openapi_build

# The messages marked in the code, templates and script, carried into every catalog: new ones
# come in untranslated, gone ones are dropped (README, "Adding a language").
translations: $(VENV)/.installed
	$(BIN)/pybabel -q extract -F babel.cfg -k lazy_gettext -k lazy_ngettext:1,2 -k lazy_pgettext:1c,2 -c TRANSLATORS: --no-wrap \
	  --sort-by-file --project scorekeeper -o scorekeeper/translations/messages.pot .
	$(BIN)/pybabel -q update -i scorekeeper/translations/messages.pot -d scorekeeper/translations \
	  --no-wrap --no-fuzzy-matching --ignore-obsolete

# Timings against the targets, each printed as a ratio beside a bare Flask page returning a string
# (bench/yardstick.py) or a smaller size, measured in one run: Seep's move generator (`make bench
# ARGS="--deals 200"` is quicker); the per-request floor (an API 404 through the whole app), a
# poll's 304s, a move check and their database round trips (bench/floor.py);
# a 100-deal scoreboard and its 304, and a Seep scoreboard at 2,000 deals beside 200 (bytes and
# time); the session API, its exports and adding a deal at 2,000 deals beside 200; Fifty-six
# games played out at random; Casino's moves; the first page and the count of moves on floors
# of 22 loose cards; a 15,000-deal club's statistics cold, after a restart and warm, and its
# ratings (each game's API and the players' page) against the 0.5 s budget; a live
# watcher's poll and how many watchers one gunicorn worker serves; a live play, a watcher's
# read and a replay late in a deal beside early; each main page type in a fresh Chromium over
# an emulated phone network, gunicorn alone, make serve and make serve over TLS: the rounds of
# file fetches after the page and the time until it is ready, beside a bare page; a Swiss round of
# 200 entrants, a 7-round rotating schedule for 64 players, the standings of 100 entrants and the
# API's tournament read after a table's deal in a 50-table round, against their targets; a tournament's wall in Chromium following a table's deal through make
# serve's stream tier, post to shown, median and p95 against 1 s; a 48-play Seep deal's review
# and advice's p99 against its budget, with samples a second (about 15 min in all).
bench: $(VENV)/.test-installed
	$(BIN)/python -m bench.seep_moves $(ARGS)
	$(BIN)/python -m bench.floor
	$(BIN)/python -m bench.reads
	$(BIN)/python -m bench.session_reads
	$(BIN)/python -m bench.fifty_six_playouts
	$(BIN)/python -m bench.casino_moves $(ARGS)
	$(BIN)/python -m bench.crowded_floors
	$(BIN)/python -m bench.club_stats
	$(BIN)/python -m bench.club_ratings
	$(BIN)/python -m bench.watchers
	$(BIN)/python -m bench.live_plays
	$(BIN)/python -m bench.first_page
	$(BIN)/python -m bench.streams
	$(BIN)/python -m bench.tournament_pairing
	$(BIN)/python -m bench.tournament_wall
	$(BIN)/python -m bench.advice

# How strong the advisor is (issue 38), not part of bench or test: whole deals of Seep (four
# players), Casino (two) and Fifty-six (four, card play) against a greedy and a random player,
# each deal dealt twice with the sides swapped; mean margin, baazis / games / contracts made,
# with 95% intervals (about 50 min on two cores; `make strength ARGS="--deals 4"` is quick).
strength: $(VENV)/.test-installed
	$(BIN)/python -m bench.strength $(ARGS)

# The server on 127.0.0.1 under load, over SQLite and then PostgreSQL: gunicorn straight, then
# make serve's nginx in front of it (about 30 s each), each followed by a check that every
# acknowledged deal is stored exactly once, and the two side by side; then two machines' make serve
# (each with its stream tier) on one PostgreSQL behind deploy/balancer.py, streams held through it
# hearing every deal; `make load ARGS="--seconds 10"`.
load: $(VENV)/.test-installed serve-packages
	$(BIN)/python -m bench.load --db sqlite $(ARGS)
	$(BIN)/python -m bench.load --db postgresql $(ARGS)
	$(BIN)/python -m bench.load --db postgresql --via balanced $(ARGS)

# The browser tests drive Debian's Chromium; Playwright's own browser download does not work here.
chromium:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
	  else echo "Install Debian's chromium (sudo apt-get install chromium) for the browser tests." >&2; exit 1; fi; }

# What `make serve` and its tests start: Debian's nginx with the brotli module, and memcached.
SERVE_PACKAGES := nginx-light libnginx-mod-http-brotli-filter memcached
serve-packages:
	@command -v nginx >/dev/null && command -v memcached >/dev/null \
	  && [ -e /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ] || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq $(SERVE_PACKAGES); \
	  else echo "Install Debian's $(SERVE_PACKAGES) (sudo apt-get install $(SERVE_PACKAGES)) for make serve." >&2; exit 1; fi; }

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.test-installed: $(VENV)/.installed
	$(BIN)/pip install -q -e '.[test]'
	touch $@

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
