"""Joker Hearts (``heartsjoker``): Hearts with the Joker in place of the heart deuce
(Law 3), for two to five players.

The Joker, from Foster's *Complete Hoyle* (Joker Hearts): it is a heart, ranking between
the Ten and the Jack of hearts, and costs its taker five counters (so a deal pays 17
into the pool, not 13). It follows as a heart (played to a heart lead, or when void in
the suit led); it wins any trick it is played to, unless hearts were led and a higher
heart (the Jack, Queen, King or Ace) falls to the same trick.

The Joker is a card of its own (:data:`bezique.core.cards.JOKER`), which this game's
pack holds in the heart deuce's place: written ``JK`` (``Joker`` is read too) in records
and actions, drawn as the Joker on the board and in pictures. Its id lies in the hearts'
row, so that it follows as a heart under the suit rules unchanged; its rank and power are
this module's. In the cut it ranks as in play, between the Ten and the Jack. At six
players all four deuces are laid aside (Law 3), the heart deuce with them: there is no
place for the Joker, so Joker Hearts is for two to five.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...core.cards import JOKER, Card, Pack
from ...core.errors import NotationError, quoted
from ...core.game import Action, Options, action_words
from ...core.game import option as _opt
from .base import HEARTS, STRENGTH, TWO, HeartsGame, HeartsMatchOptions, HeartsState
from .foster import HeartsOptions

__all__ = ["JOKER", "JOKER_COST", "JokerHearts", "JokerHeartsOptions", "JokerHeartsState"]

#: The heart deuce, whose place the Joker takes in the pack (Law 3).
HEART_DEUCE = HEARTS * 16 + TWO
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
    #: The cut as Hearts' (the Ace lowest), the Joker between the Jack and the Ten.
    cut_ranks = (13, 12, 11, JOKER & 15, 10, 9, 8, 7, 6, 5, 4, 3, 2, 14)

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        self._pack = Pack([JOKER if int(c) == HEART_DEUCE else c for c in self._pack.cards])

    def parse_action(self, text: str) -> Action:
        t = action_words(text, self.title)
        try:
            return super().parse_action(t)
        except NotationError:
            try:
                deuce = Card.parse(t) == HEART_DEUCE
            except NotationError:
                deuce = False
            if deuce:
                raise NotationError(f"there is no {t.strip()} in Joker Hearts: the Joker (JK)"
                                    " takes its place") from None
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
