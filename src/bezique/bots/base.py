"""The interface of a computer player."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ..core.game import Action, State


class Bot(ABC):
    """A computer player. ``choose`` is called when ``state.current_player()`` is the bot's
    seat; a bot may use only what that seat may know: ``state.observation(seat)``,
    ``state.legal_actions()``, and states drawn with ``state.resample(seat, rng)``."""

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: State) -> Action:
        """The action to take now."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
