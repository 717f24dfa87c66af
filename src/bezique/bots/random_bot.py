"""The random player: a uniformly random legal action."""

from __future__ import annotations

from ..core.game import Action, State
from .base import Bot


class RandomBot(Bot):
    """Chooses uniformly among the legal actions (a baseline for every game)."""

    name = "random"

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
