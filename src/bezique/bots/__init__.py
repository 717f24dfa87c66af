"""Computer players. They see a deal only through the State interface."""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import OptionError
from ..core.game import Game
from .base import Bot
from .random_bot import RandomBot

# name -> factory(game, seed) ; the rule-based players register themselves below
BOTS: dict[str, Callable[[Game, int | None], Bot]] = {  # type: ignore[type-arg]
    "random": lambda game, seed: RandomBot(seed),
}


def make_bot(kind: str, game: Game, seed: int | None = None) -> Bot:  # type: ignore[type-arg]
    """A computer player by name (``random``, ``rules``) for ``game``."""
    if kind not in BOTS:
        raise OptionError(f"unknown player {kind!r}; known: {', '.join(BOTS)}")
    return BOTS[kind](game, seed)


__all__ = ["BOTS", "Bot", "RandomBot", "make_bot"]
