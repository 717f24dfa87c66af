"""What every endgame solver of :mod:`bezique.solvers` promises, and when a deal's
endgame begins.

*Exact* means: the value of a position is what the deal is worth to the seat to move,
``returns()[mover] - returns()[other]`` once the deal is over, when both players play
perfectly from here on (minimax over every legal action of both, nothing sampled,
nothing cut off by a depth or a heuristic). The values are in the units of the game's own
``deal_result``: Bézique's points, Sixty-Six's game points (0 to 3), Rubicon's and
Chinese Bézique's deal in hundreds. They include what has been scored so far, so the
value of a position is the final margin, not only what is still to come.

An endgame is a position in which nothing is left to chance and both hands are fixed:
two seats, and the stock gone (Bézique's last eight tricks, Rubicon's and Chinese
Bézique's last nine) or, in Sixty-Six, closed (its face-down cards are never drawn) or
exhausted. A solver is given a full state: the real one, or a world a player drew with
``state.resample(seat, rng)``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ..core.game import Action, Game, State


def endgame_kind(game: Game[Any]) -> str | None:
    """Which family's endgame rule ``game`` follows: ``"bezique"`` (the stock and the
    turn-up drawn), ``"sixtysix"`` (the stock closed or exhausted) or ``"rubicon"`` (the
    stock drawn; Chinese Bézique too), or None for a game whose endgame no solver here
    knows (three or more seats, Chouette's table of duels)."""
    from ..games.bezique.rubicon import Rubicon
    from ..games.bezique.two_handed import Bezique
    from ..games.sixtysix import SixtySix

    if game.num_players != 2:
        return None
    if isinstance(game, SixtySix):
        return "sixtysix"
    if isinstance(game, Bezique):
        return "bezique"
    if isinstance(game, Rubicon):
        return "rubicon"
    return None


def in_endgame(kind: str, state: State) -> bool:
    """Whether ``state`` (of a game whose :func:`endgame_kind` is ``kind``) is an endgame
    with a move to make, read from seat 0's observation only (public facts: the stock's
    size, the turn-up, whether it is closed)."""
    if state.is_terminal() or state.current_player() not in (0, 1):
        return False
    obs = state.observation(0)
    if kind == "bezique":
        # the turn-up is drawn with the last stock card (Bézique, The Last Eight Tricks)
        return getattr(obs, "turn_up", 0) is None and getattr(obs, "phase", "") != "declare"
    if kind == "sixtysix":
        # Sixty-Six, Closing: once closed, nobody draws; The Last Six Tricks: exhausted
        if getattr(obs, "closed", False):
            return True
        return getattr(obs, "turn_up", 0) is None and getattr(obs, "stock_size", 1) == 0
    if kind == "rubicon":
        # Rubicon Bézique, The Last Nine Tricks: no turn-up, the stock drawn to the end
        return getattr(obs, "stock_size", 1) == 0 and getattr(obs, "phase", "") != "declare"
    return False


class EndgameSolver(ABC):
    """An exact solver of one game's two-handed endgame (see the module's docstring for
    what *exact* means and the units of the values)."""

    #: the game this solver solves
    game: Game[Any]

    def __init__(self, game: Game[Any]) -> None:
        kind = endgame_kind(game)
        if kind is None:
            raise ValueError(f"no endgame solver handles {game.title} with"
                             f" {game.num_players} seats")
        self.game = game
        self.kind = kind

    def applies(self, state: State) -> bool:
        """True when from ``state`` on nothing is left to chance and both hands are fixed
        (two seats, the stock empty or closed) and a seat is to move; False while the stock
        lasts, at the end of the deal, or for a state of another game."""
        if state.game is not self.game and (type(state.game) is not type(self.game)
                                            or state.game.options != self.game.options):
            return False
        return in_endgame(self.kind, state)

    def check(self, state: State) -> None:
        """Raise ValueError, saying why, unless :meth:`applies`."""
        if self.applies(state):
            return
        if state.game is not self.game and (type(state.game) is not type(self.game)
                                            or state.game.options != self.game.options):
            raise ValueError(f"this solver solves {self.game!r}, not a state of"
                             f" {state.game!r}")
        if state.is_terminal():
            raise ValueError("the deal is over: there is nothing left to solve")
        what = {"bezique": "the last eight tricks (the stock and the turn-up drawn)",
                "sixtysix": "the stock closed or exhausted",
                "rubicon": "the last tricks (the stock drawn)"}[self.kind]
        raise ValueError(f"{self.game.title}: the endgame solver needs {what}; the stock"
                         " still lasts here, so the position is not of perfect information")

    @abstractmethod
    def solve(self, state: State) -> dict[Action, float]:
        """Every legal action of the seat to move mapped to the exact value of the deal
        for that seat after it, under perfect play by both:
        ``returns()[mover] - returns()[other]`` at the end. Raises ValueError if the
        solver does not apply. Never changes ``state``."""

    def best(self, state: State) -> Action:
        """An action of the highest value (ties: the first in legal order)."""
        values = self.solve(state)
        best_action: Action | None = None
        best_value = 0.0
        for action in state.legal_actions():
            v = values[action]
            if best_action is None or v > best_value:
                best_action, best_value = action, v
        assert best_action is not None  # applies() guarantees a legal action
        return best_action
