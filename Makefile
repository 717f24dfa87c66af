# Two entry points (see README, Quick start):
#   make play  -- set everything up, then play a match against the computer
#   make test  -- set everything up, then lint, type-check and run the whole test suite
# Playing installs only the package and what it needs; the test tools (pytest,
# hypothesis, ruff, mypy) come with the test extra, installed by `make test` alone.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play test setup setup-test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# stamps: reinstall when pyproject.toml changes
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.installed $@

setup: $(VENV)/.installed

setup-test: $(VENV)/.installed-test

# extra flags for the game: make play ARGS="--game sixtysix"
ARGS ?=

# BEZIQUE_LAUNCHER tells the program to give its resume hint as a make command
play: setup
	BEZIQUE_LAUNCHER=make $(BIN)/bezique play $(ARGS)

test: setup-test
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python benchmarks/playout.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
