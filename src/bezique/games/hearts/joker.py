"""Joker Hearts (``heartsjoker``): Hearts with the Joker in place of the heart deuce
(Law 3), for two to five players.

The Joker, from Foster's *Complete Hoyle* (Joker Hearts): it is a heart, ranking between
the Ten and the Jack of hearts, and costs its taker five counters (so a deal pays 17
into the pool, not 13). It follows as a heart (played to a heart lead, or when void in
the suit led); it wins any trick it is played to, unless hearts were led and a higher
heart (the Jack, Queen, King or Ace) falls to the same trick.

In this engine the Joker takes the card id of the heart deuce it replaces: it is written
``JK`` (or ``joker``; ``2H`` reads as the Joker too) and shown as the Joker in this game's
own words. At six players all four deuces are laid aside (Law 3), the heart deuce with
them: there is no place for the Joker, so Joker Hearts is for two to five.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...core.cards import Card
from ...core.errors import NotationError, quoted
from ...core.game import Action, Options, action_words
from ...core.game import option as _opt
from ...core.trick import PLAYS
from .base import HEARTS, STRENGTH, HeartsGame, HeartsMatchOptions, HeartsState
from .foster import HeartsOptions

__all__ = ["JOKER", "JOKER_COST", "JokerHearts", "JokerHeartsOptions", "JokerHeartsState"]

#: The Joker's card id: the heart deuce's, whose place it takes (Law 3).
JOKER = HEARTS * 16 + 2
#: What the Joker costs its taker (Foster's Complete Hoyle, Joker Hearts).
JOKER_COST = 5
#: The Joker ranks between the Ten and the Jack of hearts.
JOKER_STRENGTH = STRENGTH[HEARTS * 16 + 10] + 0.5


@dataclasses.dataclass(frozen=True)
class JokerHeartsOptions(Options):
    """The options of Joker Hearts."""

    game_title: ClassVar[str] = "Joker Hearts"

    players: int = _opt(4, (2, 3, 4, 5), "Two to five players (at six the deuces, the"
                        " heart deuce among them, are out: no place for the Joker).",
                        "Law 3")
    settling: str = HeartsOptions.shared("settling")
    counters: int = HeartsMatchOptions.shared("counters")
    match: str = HeartsMatchOptions.shared("match")
    deals: int = HeartsMatchOptions.shared("deals")


def joker_text(card: int) -> str:
    """A card's name in Joker Hearts: ``JK`` for the Joker."""
    return "JK" if card == JOKER else Card(card).notation()


class JokerHearts(HeartsGame):
    """Joker Hearts: the Joker in the heart deuce's place, between the Ten and the Jack
    of hearts, winning any trick it falls to but to a higher heart on a heart lead, and
    costing five counters.

    >>> game = JokerHearts()
    >>> state = game.deal(dealer=0, seed=2)
    >>> sum(c for _, c in state.observation(1).costs)   # twelve hearts and the Joker
    17
    """

    name = "heartsjoker"
    title = "Joker Hearts"
    blurb = "Joker Hearts: the Joker for the heart deuce, costing five."
    options_class = JokerHeartsOptions
    options: JokerHeartsOptions
    min_players, max_players = 2, 5
    joker_cost = JOKER_COST

    def parse_action(self, text: str) -> Action:
        t = action_words(text, self.title)
        if t.strip().lower() in ("jk", "joker", "jo"):
            return PLAYS[JOKER]
        try:
            return super().parse_action(t)
        except NotationError:
            raise NotationError(f"not an action of Joker Hearts: {quoted(text)} (a card,"
                                " e.g. QS, or JK for the Joker)") from None


class JokerHeartsState(HeartsState):
    """A deal of Joker Hearts: the Joker's cost and its power to win."""

    __slots__ = ()

    def cost_table(self, avoid: int) -> tuple[int, ...]:
        costs = list(super().cost_table(avoid))
        costs[JOKER] = JOKER_COST
        return tuple(costs)

    def beats(self, card: int, best: int) -> bool:
        """The Joker wins any trick but for a higher heart on a heart lead."""
        lead = self.trick[0] >> 4
        if card == JOKER:
            return lead != HEARTS or STRENGTH[best] < JOKER_STRENGTH
        if best == JOKER:
            return lead == HEARTS and card >> 4 == HEARTS and STRENGTH[card] > JOKER_STRENGTH
        return super().beats(card, best)


JokerHearts.state_class = JokerHeartsState
