"""Two-handed Euchre, as Enquire Within gives it (items 120-121; INVENTORY 24).

Thirty-two cards (the Twos to the Sixes out), Whist ranks with the right and left bowers
above the Ace of trumps; five cards each by twos and threes, the eleventh turned for
trumps. The non-dealer orders it up or passes; then the dealer takes it up ("I play",
discarding one card face down for the turned card) or passes; both passing, the
non-dealer may alter the trump (make another suit), the dealer then having to play; if
he passes, the dealer may alter it; if he passes too, the hand is abandoned and the deal
passes (the standard reading: the text stops there). The non-dealer leads. The makers
score 1 for three or four tricks, 2 for five; euchred, 2 to the other. Game five (the
text marks it, as at Écarté, with a three and a two).

Options: ``deal`` (``2-3``, the text's "by twos and threes", or ``3-2``: Hoyle's Games
Modernized leaves the order to the dealer), ``pack`` (``32``, the text's; ``24``, the
later pack from the Nines up), ``game_target`` (5; 10 the later usage).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...core.game import Options
from ...core.game import option as _opt
from .base import Euchre, EuchreState

__all__ = ["TwoHandedEuchre", "TwoHandedEuchreOptions"]

PACK_CHOICES = ("32", "24")
TARGETS = (5, 10)


@dataclasses.dataclass(frozen=True)
class TwoHandedEuchreOptions(Options):
    """The variants of two-handed Euchre. Defaults are Enquire Within's."""

    game_title: ClassVar[str] = "Euchre"

    pack: str = _opt("32", PACK_CHOICES,
                     "The pack: 32 cards, Sevens up (Enquire Within); or 24, Nines up (the"
                     " later American pack).", "EW 120")
    deal: str = _opt("2-3", ("2-3", "3-2"),
                     "Five each, by two then three (Enquire Within), or three then two.",
                     "EW 121; Hoyle's Games Modernized")
    game_target: int = _opt(5, TARGETS, "Points that win the game: five (Enquire Within).",
                            "EW 121")


class TwoHandedEuchre(Euchre):
    """Two-handed Euchre (Enquire Within): 32 cards, five each, the right and left bowers
    above the Ace of trumps; order up, take up or alter the trump; three tricks of five
    score; game five.

    >>> game = TwoHandedEuchre()
    >>> state = game.deal(dealer=1, seed=3)
    >>> [len(h) for h in state.hands], state.current_player(), state.observation(0).phase
    ([5, 5], 0, 'order')
    """

    name = "euchre"
    title = "Euchre"
    rules_by = "Enquire Within's rules"
    options_class = TwoHandedEuchreOptions
    options: TwoHandedEuchreOptions


class TwoHandedEuchreState(EuchreState):
    """A deal of two-handed Euchre (all the rules are the shared ones)."""

    __slots__ = ()


TwoHandedEuchre.state_class = TwoHandedEuchreState
