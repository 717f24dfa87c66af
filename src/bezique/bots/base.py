"""The interface of a computer player."""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from ..core.game import Action, Game, State


@dataclasses.dataclass(frozen=True)
class Advice:
    """An action a player would take, with the reasons for it: short plain-English
    sentences addressed to the seat to move ("your", "the adversary"), most important
    first. Reasons use only what that seat may know.

    >>> from bezique.games.bezique import DRAW
    >>> print(Advice(DRAW, ("draws: nothing to declare",)))
    draw: draws: nothing to declare
    """

    action: Action
    reasons: tuple[str, ...] = ()

    def __str__(self) -> str:
        if not self.reasons:
            return str(self.action)
        return f"{self.action}: " + "; ".join(self.reasons)


class Bot(ABC):
    """A computer player. ``choose`` is called when ``state.current_player()`` is the bot's
    seat; a bot may use only what that seat may know: ``state.observation(seat)``,
    ``state.legal_actions()``, and states drawn with ``state.resample(seat, rng)``."""

    name: str = "bot"
    #: The games a rule-based player plays: a game finds the player of its class or of
    #: its nearest base that has one (``bezique.bots.rule_bot_class``).
    games: ClassVar[tuple[type[Game[Any]], ...]] = ()

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: State) -> Action:
        """The action to take now."""

    def advise(self, state: State) -> Advice:
        """The action ``choose`` would take now, with the reasons for it. A bot that
        cannot explain itself gives no reasons. It draws on ``self.rng`` exactly as
        ``choose`` does, so from the same generator state both pick the same action."""
        return Advice(self.choose(state), ())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
