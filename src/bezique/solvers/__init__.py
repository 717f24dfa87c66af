"""Exact endgame solvers for the two-handed games of the family.

Once the stock is gone (two-handed Bézique's last eight tricks, Rubicon's and Chinese
Bézique's last nine) or, in Sixty-Six, closed or exhausted, a two-handed deal is a game of
perfect information given a full state (the real one, or a world drawn with
``state.resample(seat, rng)``). A solver gives every legal action its exact value: the
deal's ``returns()[mover] - returns()[other]`` under perfect play by both, in the units
of the game's ``deal_result`` (see :mod:`.base`).

- :func:`solver_for` gives a game its solver: the fast one of its own game
  (:class:`~.family.BeziqueSolver`, :class:`~.family.RubiconSolver` for Rubicon and
  Chinese Bézique, :class:`~.sixtysix.SixtySixSolver`), which reads the position from the
  state's observations, scores, legal actions and the game's options only, with
  equivalent cards merged; else the :class:`GenericSolver` for another two-handed game of
  the family (a subclass of one of them, say), which searches the game's own ``State``
  and is the reference the fast ones are tested against; None for three seats or more.
- :class:`EndgameSolver`: ``applies(state)``, ``solve(state)`` (every legal action to its
  exact value), ``best(state)``.

>>> from bezique.games import make_game
>>> solver_for(make_game("bezique")) is not None, solver_for(make_game("bezique3"))
(True, None)
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game
from .base import EndgameSolver, endgame_kind
from .generic import GenericSolver, minimax, position_key


def solver_for(game: Game[Any]) -> EndgameSolver | None:
    """The best endgame solver for ``game``, or None when no solver handles it (games of
    three or more seats, Chouette). A game of a subclass (a preset with other rules) gets
    the generic solver, which assumes nothing about its rules."""
    if endgame_kind(game) is None:
        return None
    from ..games.bezique.rubicon import Chinese, Rubicon
    from ..games.bezique.two_handed import Bezique
    from ..games.sixtysix import SixtySix
    from .family import BeziqueSolver, RubiconSolver
    from .sixtysix import SixtySixSolver

    # the fast solvers know their game's rules by heart, so only the game itself gets
    # one, never a subclass that may change a rule (Schnapsen is a Sixty-Six of 20 cards)
    fast: dict[type[Any], type[EndgameSolver]] = {
        Bezique: BeziqueSolver, Rubicon: RubiconSolver, Chinese: RubiconSolver,
        SixtySix: SixtySixSolver}
    solver = fast.get(type(game), GenericSolver)
    return solver(game)


__all__ = ["EndgameSolver", "GenericSolver", "endgame_kind", "minimax", "position_key",
           "solver_for"]
