"""The generic endgame solver: alpha-beta over the game's own ``State`` (``clone``,
``apply``, ``returns``), for any two-handed endgame the family has.

It knows no rule of any game: it tries every legal action the engine lists and reads the
result the engine gives, so it is the reference the fast solvers are tested against.
Its transposition table is keyed by what both seats' observations say about the position
(their hands, the trick on the table, the points and counts so far, whose turn), leaving
out only how the deal came there (the history, the order of the cards played, the cards
in each seat's won pile and the last trick): two move orders that reach one position
share one entry (unless the observation lacks a count the end of the deal reads: see
:func:`path_fields`). Nothing is merged: every legal action is searched.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..core.game import Action, Game, Observation, State
from .base import EndgameSolver

#: Observation fields that say how the position was reached, not what it is: the rules of
#: the family never read them for what follows (the won piles count only through the
#: points and tricks won, which are kept).
PATH_FIELDS = frozenset({"seat", "events", "played", "announced", "last_trick", "won"})

_INF = float("inf")


def position_key(state: State, skip: frozenset[str] = PATH_FIELDS) -> tuple[Any, ...]:
    """The position's content for the transposition table: every field of both seats'
    observations except those in ``skip`` (by default :data:`PATH_FIELDS`)."""
    parts: list[Any] = []
    for seat in (0, 1):
        obs = state.observation(seat)
        parts.append(_fields(obs, skip))
    return tuple(parts)


def path_fields(game: Game[Any]) -> frozenset[str]:
    """The fields :func:`position_key` may leave out for ``game``: :data:`PATH_FIELDS`,
    except where the observation lacks something the end of the deal reads. Bézique's
    ``brisque_scoring=end_of_deal`` counts the brisques won at the end, and no
    observation shows how many each has won: the events tell it, so they stay in the key
    (positions reached by different tricks are then never merged)."""
    if getattr(game.options, "brisque_scoring", "as_taken") == "end_of_deal":
        return PATH_FIELDS - {"events"}
    return PATH_FIELDS


def _fields(obs: Observation, skip: frozenset[str]) -> tuple[Any, ...]:
    out: list[Any] = []
    for f in dataclasses.fields(obs):
        if f.name in skip:
            continue
        value = getattr(obs, f.name)
        if dataclasses.is_dataclass(value) and isinstance(value, Observation):
            value = _fields(value, skip)  # an observation nested in another (a table's duel)
        out.append(value)
    return tuple(out)


class GenericSolver(EndgameSolver):
    """Alpha-beta with a transposition table over the real ``State`` of any two-handed
    game of the family (see the module's docstring). Slow, but it trusts nothing but the
    engine: values equal those of playing the game's ``State`` out."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self.nodes = 0
        self._skip = path_fields(game)
        # key -> (lower bound, upper bound) of the value for seat 0
        self._table: dict[tuple[Any, ...], tuple[float, float]] = {}

    def solve(self, state: State) -> dict[Action, float]:
        """Exact value of each legal action for the seat to move (see
        :meth:`EndgameSolver.solve`)."""
        self.check(state)
        self._table = {}
        mover = state.current_player()
        sign = 1.0 if mover == 0 else -1.0
        out: dict[Action, float] = {}
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            out[action] = sign * self._search(child, -_INF, _INF) + 0.0  # never -0.0
        self._table = {}
        return out

    def _search(self, state: State, alpha: float, beta: float) -> float:
        """The value for seat 0 (returns()[0] - returns()[1] at the end), exact when it
        lies strictly inside (alpha, beta), else a bound on the side it falls."""
        self.nodes += 1
        if state.is_terminal():
            r = state.returns()
            return float(r[0] - r[1])
        key = position_key(state, self._skip)
        lo, hi = self._table.get(key, (-_INF, _INF))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a0, b0 = max(alpha, lo), min(beta, hi)
        a, b = a0, b0
        maximise = state.current_player() == 0
        best = -_INF if maximise else _INF
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            v = self._search(child, a, b)
            if maximise:
                if v > best:
                    best = v
                    if v > a:
                        a = v
            else:
                if v < best:
                    best = v
                    if v < b:
                        b = v
            if a >= b:
                break
        # fail-soft: best is exact inside the window we searched, a bound outside it
        if best <= a0:
            hi = min(hi, best)  # failed low: an upper bound
        elif best >= b0:
            lo = max(lo, best)  # failed high: a lower bound
        else:
            lo = hi = best
        self._table[key] = (lo, hi)
        return best


def minimax(state: State) -> float:
    """Plain minimax with no pruning and no table: the value for seat 0 of a position
    (for tests on small positions; exponential)."""
    if state.is_terminal():
        r = state.returns()
        return float(r[0] - r[1])
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(minimax(child))
    return max(values) if state.current_player() == 0 else min(values)
