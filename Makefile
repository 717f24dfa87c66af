# Two entry points (see README, Quick start):
#   make play  -- set everything up, then play a match against the computer
#   make test  -- set everything up, then lint, type-check and run the whole test suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play test setup bench clean

$(BIN)/bezique: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(BIN)/bezique

setup: $(BIN)/bezique

# extra flags for the game: make play ARGS="--game sixtysix"
ARGS ?=

play: setup
	$(BIN)/bezique play $(ARGS)

test: setup
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python benchmarks/playout.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
