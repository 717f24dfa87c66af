"""Computer players. They see a deal only through the State interface."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..core.errors import OptionError
from ..core.game import Game
from .base import Advice, Bot
from .random_bot import RandomBot

RULE_BOTS: dict[str, str] = {
    "bezique": "bezique.bots.bezique_rules:BeziqueRulesBot",
    "sixtysix": "bezique.bots.sixtysix_rules:SixtySixRulesBot",
    "rubicon": "bezique.bots.rubicon_rules:RubiconRulesBot",
    "chinese": "bezique.bots.rubicon_rules:RubiconRulesBot",
    "bezique3": "bezique.bots.bezique_multi_rules:MultiBeziqueRulesBot",
    "bezique4": "bezique.bots.bezique_multi_rules:MultiBeziqueRulesBot",
    "chouette": "bezique.bots.chouette_rules:ChouetteRulesBot",
}
"""Game name -> ``"module:Class"`` of its rule-based player, imported when first asked
for. The class is built as ``Class(seed)``."""


def rule_bot_class(game: Game) -> type[Bot]:  # type: ignore[type-arg]
    """The rule-based player's class for ``game`` (by ``game.name``)."""
    spec = RULE_BOTS.get(game.name)
    if spec is None:
        raise OptionError(f"no rule-based player for {game.title} ({game.name!r}); rule"
                          f" players exist for: {', '.join(RULE_BOTS)}")
    module_name, _, class_name = spec.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise TypeError(f"{spec} is not a Bot class")
    return cls


# name -> factory(game, seed)
BOTS: dict[str, Callable[[Game, int | None], Bot]] = {  # type: ignore[type-arg]
    "random": lambda game, seed: RandomBot(seed),
    "rules": lambda game, seed: rule_bot_class(game)(seed),
}


def make_bot(kind: str, game: Game, seed: int | None = None) -> Bot:  # type: ignore[type-arg]
    """A computer player by name (``random``, ``rules``) for ``game``.

    ``rules`` is the game's own rule-based player (see ``RULE_BOTS``). An unknown name,
    or a game without a rule-based player, raises :class:`OptionError`.
    """
    if kind not in BOTS:
        raise OptionError(f"unknown player {kind!r}; known: {', '.join(BOTS)}")
    return BOTS[kind](game, seed)


__all__ = ["BOTS", "RULE_BOTS", "Advice", "Bot", "RandomBot", "make_bot", "rule_bot_class"]
