"""The exact endgame solvers (bezique.solvers): their values equal full minimax over the
games' own states, they apply only once chance is gone, and they leave states alone."""

from __future__ import annotations

import random

import pytest

from bezique.core.game import Action, State
from bezique.games import make_game
from bezique.solvers import GenericSolver, minimax, solver_for

TWO_HANDED = ("bezique", "sixtysix", "rubicon", "chinese")


def _random_action(state: State, rng: random.Random) -> Action:
    """A random legal action, avoiding Sixty-Six's claims and shows so that deals reach
    their endgames (any action is fine once there)."""
    acts = state.legal_actions()
    keep = [a for a in acts if str(a) != "claim" and not str(a).startswith("show")]
    return rng.choice(keep or acts)


def endgame(name: str, seed: int, extra: int = 0, **options: object) -> State | None:
    """A random deal of ``name`` played at random to its endgame, then ``extra`` more
    actions (fewer cards left); None if the deal ended first."""
    game = make_game(name, dict(options) if options else None)
    solver = solver_for(game)
    assert solver is not None
    rng = random.Random(seed)
    state = game.deal(dealer=seed % 2, rng=rng)
    while not state.is_terminal() and not solver.applies(state):
        state.apply(_random_action(state, rng))
    for _ in range(extra):
        if state.is_terminal():
            break
        state.apply(_random_action(state, rng))
    return None if state.is_terminal() else state


def brute_force(state: State) -> dict[Action, float]:
    """Every action's value for the mover by plain minimax (no pruning, no table)."""
    sign = 1.0 if state.current_player() == 0 else -1.0
    out: dict[Action, float] = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        out[action] = sign * minimax(child) + 0.0
    return out


# how many actions to play past the start of the endgame for minimax to stay quick
CUT = {"bezique": 8, "sixtysix": 2, "rubicon": 8, "chinese": 14}


@pytest.mark.parametrize("name", TWO_HANDED)
def test_generic_solver_equals_minimax_on_small_endgames(name: str) -> None:
    solver = GenericSolver(make_game(name))
    checked = 0
    for seed in range(12):
        state = endgame(name, seed, CUT[name])
        if state is None:
            continue
        assert solver.applies(state)
        assert solver.solve(state) == brute_force(state)
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("name", TWO_HANDED)
def test_no_solver_while_the_stock_lasts(name: str) -> None:
    game = make_game(name)
    solver = solver_for(game)
    assert solver is not None
    state = game.deal(dealer=0, seed=3)
    assert not solver.applies(state)
    with pytest.raises(ValueError, match="stock"):
        solver.solve(state)


@pytest.mark.parametrize("name", TWO_HANDED)
def test_solve_leaves_the_state_unchanged(name: str) -> None:
    state = endgame(name, 5, CUT[name])
    assert state is not None
    solver = solver_for(state.game)
    assert solver is not None
    before = (str(state), state.observation(0), state.observation(1), state.legal_actions())
    values = solver.solve(state)
    assert (str(state), state.observation(0), state.observation(1),
            state.legal_actions()) == before
    assert list(values) == state.legal_actions()
    best = solver.best(state)
    assert values[best] == max(values.values())


def test_no_solver_for_tables_of_three_or_more() -> None:
    assert solver_for(make_game("bezique3")) is None
    assert solver_for(make_game("bezique4")) is None
    assert solver_for(make_game("chouette")) is None


def test_a_finished_deal_is_refused() -> None:
    state = endgame("sixtysix", 1)
    assert state is not None
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    solver = solver_for(state.game)
    assert solver is not None
    assert not solver.applies(state)
    with pytest.raises(ValueError, match="over"):
        solver.solve(state)
