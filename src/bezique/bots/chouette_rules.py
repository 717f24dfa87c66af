"""The rule-based player of Chouette Bézique: each game is a deal of Rubicon Bézique, so
the seat that decides (the box, or the captain for the consulting side) plays it as the
Rubicon player would, from the hand its side holds (Foster's Suggestions for Good Play,
through :class:`~bezique.bots.rubicon_rules.RubiconRulesBot`)."""

from __future__ import annotations

import random

from ..core.game import Action, State
from ..games.bezique.chouette import Chouette, ChouetteState
from .base import Advice, Bot
from .rubicon_rules import RubiconRulesBot


class ChouetteRulesBot(Bot):
    """Plays each game of Chouette Bézique with the Rubicon rule-based player.

    >>> from bezique.games import make_game
    >>> state = make_game("chouette", ["players=3"]).deal(1, seed=7)
    >>> ChouetteRulesBot(3).choose(state) in state.legal_actions()
    True
    """

    games = (Chouette,)

    name = "rules"

    def __init__(self, seed: int | None = None) -> None:
        self._rubicon = RubiconRulesBot(seed)
        super().__init__(seed)

    @property
    def rng(self) -> random.Random:  # the Rubicon player draws on this generator
        return self._rubicon.rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rubicon.rng = value

    @staticmethod
    def _deal(state: State) -> State:
        if isinstance(state, ChouetteState):
            return state.duel
        raise TypeError(f"{ChouetteRulesBot.__name__} plays Chouette Bézique, not"
                        f" {state.game.title}")

    def choose(self, state: State) -> Action:
        return self._rubicon.choose(self._deal(state))

    def advise(self, state: State) -> Advice:
        return self._rubicon.advise(self._deal(state))
