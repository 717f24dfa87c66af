"""Four-handed Euchre: two against two, partners opposite (seats 0 and 2 against 1 and
3), both partners' tricks counting (Enquire Within 120; INVENTORY 24); the rest, which
the text only mentions, from the American rules of the period (Foster's *Complete
Hoyle*, the *American Hoyle*, Hoyle's Games Modernized).

From the dealer's left each in turn may accept the turned card's suit: the eldest orders
it up, the dealer's partner assists, the third hand orders it up, the dealer takes it up,
discarding a card of his own face down. All passing, the card is turned down and each in
turn, from the dealer's left, may make another suit trumps; all passing again, the hand
is abandoned and the deal passes (``stick_the_dealer``: the later usage where the dealer
must then make a suit). The maker may play alone (``lone_hand``), his partner laying his
cards down: all five tricks score him 4, three or four 1 as usual. The eldest still in
play leads. Makers with three or four tricks 1, five 2; euchred, 2 to the other side.
Game five (``game_target`` 10, the later usage).

Options where the sources differ, defaults named:

- ``pack``: ``32`` (Enquire Within, Foster) or ``24`` (the later pack, Nines up);
- ``deal``: ``2-3`` (EW 121), ``3-2``, or ``ones`` (one at a time, as OpenSpiel deals);
- ``stick_the_dealer``: false (the period's new deal) or true (the later usage, OpenSpiel);
- ``lone_hand``: true (Foster, the American Hoyle) or false;
- ``lone_defender``: false (the period; OpenSpiel's default) or true (an adversary of the
  maker may defend alone: euchring the makers then scores 4);
- ``alone_decision``: ``before_discard`` (the maker announces his lone hand as he makes
  the trump; a dealer left out by his partner's lone hand does not take up the card) or
  ``after_discard`` (OpenSpiel: the dealer takes up and discards first);
- ``game_target``: 5 (EW 121, Foster) or 10.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import ClassVar

from ...core.game import Options
from ...core.game import option as _opt
from .base import Euchre, EuchreState
from .two_handed import PACK_CHOICES, TARGETS, TwoHandedEuchreOptions

__all__ = ["FourHandedEuchre", "FourHandedEuchreOptions", "FourHandedEuchreState"]

DEALS = ("2-3", "3-2", "ones")
ALONE_DECISIONS = ("before_discard", "after_discard")


@dataclasses.dataclass(frozen=True)
class FourHandedEuchreOptions(Options):
    """The variants of four-handed Euchre. Defaults are the period's American rules."""

    game_title: ClassVar[str] = "Four-handed Euchre"

    pack: str = TwoHandedEuchreOptions.shared("pack")
    deal: str = _opt("2-3", DEALS,
                     "Five each from the dealer's left: by two then three (Enquire Within),"
                     " three then two, or one at a time (as OpenSpiel deals).",
                     "EW 121; Hoyle's Games Modernized; OpenSpiel")
    stick_the_dealer: bool = _opt(
        False, None,
        "When all pass twice the dealer must make a suit (the later usage) instead of the"
        " hand being abandoned and the deal passing (the period's rule).",
        "Foster's Complete Hoyle; OpenSpiel")
    lone_hand: bool = _opt(
        True, None,
        "The maker may play alone, his partner out: all five tricks score 4.",
        "Foster's Complete Hoyle; American Hoyle")
    lone_defender: bool = _opt(
        False, None,
        "An adversary of the maker may defend alone, his partner out: euchring the makers"
        " then scores 4.", "OpenSpiel (allow_lone_defender); Hoyle 2001")
    alone_decision: str = _opt(
        "before_discard", ALONE_DECISIONS,
        "When the maker says whether he plays alone: before the dealer takes up and"
        " discards (the period: a dealer left out by his partner's lone hand takes nothing"
        " up), or after the discard (OpenSpiel).", "Foster's Complete Hoyle; OpenSpiel")
    game_target: int = _opt(5, TARGETS, "Points that win the game: five (Enquire Within,"
                            " Foster), or ten (the later usage).", "EW 121")


class FourHandedEuchre(Euchre):
    """Four-handed Euchre: partners opposite, five cards each, the turned card ordered up,
    assisted or taken up, or another suit made; the lone hand; game five.

    >>> game = FourHandedEuchre()
    >>> state = game.deal(dealer=3, seed=2)
    >>> [len(h) for h in state.hands], state.current_player(), game.sides
    ([5, 5, 5, 5], 0, (0, 1, 0, 1))
    """

    name = "euchre4"
    title = "Four-handed Euchre"
    rules_by = "the period's American rules (Foster)"
    options_class = FourHandedEuchreOptions
    options: FourHandedEuchreOptions
    min_players = max_players = 4
    has_lone_hand = True

    def fixed_sides(self) -> Sequence[int]:
        """Partners sit opposite."""
        return (0, 1, 0, 1)

    def column_name(self, column: int) -> str:
        return "seats 0 & 2" if column == 0 else "seats 1 & 3"


class FourHandedEuchreState(EuchreState):
    """A deal of four-handed Euchre (the rules are the shared ones)."""

    __slots__ = ()


FourHandedEuchre.state_class = FourHandedEuchreState
__all__ += ["ALONE_DECISIONS", "DEALS", "PACK_CHOICES"]
