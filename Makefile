# Two entry points (see README, Quick start):
#   make play  -- set everything up, then play a match against the computer
#   make test  -- set everything up, then lint, type-check and run the whole test suite
#                 (it installs Debian's chromium and postgresql first, when missing and root)
# Playing installs only the package and what it needs to play (click and rich). The
# server (`make serve`) and the tournaments (`make tournament`) each install their extra
# first (server: starlette, uvicorn, sqlalchemy, psycopg; tournament: openskill,
# matplotlib). The test tools (pytest, hypothesis, ruff, mypy) come with the test extra,
# installed by `make test` alone, which pulls in every other extra: server, tournament
# and cluster (Ray, for the tests of `bezique tournament --ray`).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play serve tournament test setup setup-server setup-tournament setup-test \
	setup-system bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# stamps: reinstall when pyproject.toml changes
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-server: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $(VENV)/.installed $@

$(VENV)/.installed-tournament: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[tournament]'
	touch $(VENV)/.installed $@

# the test extra holds every other extra
$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $(VENV)/.installed-server $(VENV)/.installed-tournament $@

setup: $(VENV)/.installed
setup-server: $(VENV)/.installed-server
setup-tournament: $(VENV)/.installed-tournament

# everything the tests need: the test extra and the system packages
setup-test: setup-system $(VENV)/.installed-test

# Debian packages for the browser and PostgreSQL tests (tests/conftest.py): chromium, which
# Playwright drives at /usr/bin/chromium (it cannot download its own browser here), and
# postgresql for its server binaries (initdb, pg_ctl under /usr/lib/postgresql/<ver>/bin); the
# tests start their own throw-away cluster, never the system's. Installed only when missing,
# quietly (the log shown on failure), with `apt-get update` only if the install fails without
# it. Not root: a note of what to run; the tests then skip with the same note (fail under CI).
# `make play` needs neither.
SYSTEM_PACKAGES_MISSING = $(strip \
	$(if $(shell command -v chromium),,chromium) \
	$(if $(wildcard /usr/lib/postgresql/*/bin/initdb)$(shell command -v initdb),,postgresql))

setup-system:
ifneq ($(SYSTEM_PACKAGES_MISSING),)
	@if [ "$$(id -u)" != 0 ]; then \
	  echo "make setup-system: missing Debian packages: $(SYSTEM_PACKAGES_MISSING)." >&2; \
	  echo "  Install them as root: sudo apt-get install -y $(SYSTEM_PACKAGES_MISSING)" >&2; \
	  echo "  (until then the browser and PostgreSQL tests are skipped; under CI they fail)" >&2; \
	else \
	  echo "make setup-system: apt-get install $(SYSTEM_PACKAGES_MISSING)"; \
	  log=$$(mktemp); export DEBIAN_FRONTEND=noninteractive; \
	  install="apt-get install -y -q --no-install-recommends $(SYSTEM_PACKAGES_MISSING)"; \
	  $$install >$$log 2>&1 || { apt-get update -q >>$$log 2>&1 && $$install >>$$log 2>&1; } \
	    || { cat $$log >&2; rm -f $$log; exit 1; }; \
	  rm -f $$log; \
	fi
else
	@:
endif

# extra flags for the command: make play ARGS="--game sixtysix",
# make serve ARGS="--port 8080", make tournament ARGS="--players random,rules"
ARGS ?=

# BEZIQUE_LAUNCHER tells the program to give its resume hint as a make command
play: setup
	BEZIQUE_LAUNCHER=make $(BIN)/bezique play $(ARGS)

serve: setup-server
	$(BIN)/bezique serve $(ARGS)

tournament: setup-tournament
	$(BIN)/bezique tournament $(ARGS)

test: setup-test
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python benchmarks/playout.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
