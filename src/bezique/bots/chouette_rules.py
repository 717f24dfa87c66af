"""The rule-based player of Chouette Bézique: each game is a deal of Rubicon Bézique, so
the seat that decides (the box, or the captain for the consulting side) plays it as the
Rubicon player would, from the hand its side holds (Foster's Suggestions for Good Play,
through :class:`~bezique.bots.rubicon_rules.RubiconRulesBot`)."""

from __future__ import annotations

from ..core.game import State
from ..games.bezique.chouette import Chouette, ChouetteState
from .base import InnerDealBot
from .rubicon_rules import RubiconRulesBot


class ChouetteRulesBot(InnerDealBot):
    """Plays each game of Chouette Bézique with the Rubicon rule-based player.

    >>> from bezique.games import make_game
    >>> state = make_game("chouette", ["players=3"]).deal(1, seed=7)
    >>> ChouetteRulesBot(3).choose(state) in state.legal_actions()
    True
    """

    games = (Chouette,)

    name = "rules"
    inner = RubiconRulesBot
    deal_type = ChouetteState
    plays = "Chouette Bézique"

    @staticmethod
    def _inner_deal(state: ChouetteState) -> State:
        return state.duel
