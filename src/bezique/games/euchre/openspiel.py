"""Euchre as OpenSpiel plays it (``open_spiel/games/euchre``): a preset of four-handed
Euchre (:mod:`.four_handed`) so that our engine and players are measured against
OpenSpiel's on the same game (``benchmarks/peers.py``; ``docs/PEERS.md``, "The Euchre
preset").

It is four-handed Euchre with these option values, each a difference from the period's
rules:

- ``pack=24``: Nines up;
- ``deal=ones``: one card at a time from the dealer's left (OpenSpiel deals card by card
  as chance outcomes; with a uniform shuffle who gets the first card changes nothing);
- ``stick_the_dealer=true`` (OpenSpiel's ``stick_the_dealer``, true by default);
- ``lone_defender=false`` (OpenSpiel's ``allow_lone_defender``, false by default);
- ``alone_decision=after_discard``: the dealer takes up and discards before the maker
  says whether he plays alone, even if he then sits out;
- ``game_target=10``: OpenSpiel plays single deals, the later game is ten.

OpenSpiel's returns are zero-sum (the makers +k, the defenders -k); ours give the
scoring side its k and the other nothing, as a score sheet does: the difference between
the sides is the same. The same options on ``euchre4`` make the same game:
``--game euchre4 --option pack=24 --option deal=ones --option stick_the_dealer=true
--option alone_decision=after_discard --option game_target=10``.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...core.game import Options
from ...core.game import option as _opt
from .four_handed import (
    ALONE_DECISIONS,
    DEALS,
    PACK_CHOICES,
    FourHandedEuchre,
    FourHandedEuchreState,
)
from .two_handed import TARGETS

__all__ = ["OpenSpielEuchre", "OpenSpielEuchreOptions"]


@dataclasses.dataclass(frozen=True)
class OpenSpielEuchreOptions(Options):
    """Four-handed Euchre's options at OpenSpiel's values (each may still be changed)."""

    game_title: ClassVar[str] = "Euchre (OpenSpiel's rules)"

    pack: str = _opt("24", PACK_CHOICES, "The pack: 24 cards, Nines up (OpenSpiel).",
                     "OpenSpiel")
    deal: str = _opt("ones", DEALS, "Five each, one at a time (OpenSpiel).", "OpenSpiel")
    stick_the_dealer: bool = _opt(True, None, "All passing twice, the dealer must make a"
                                  " suit (OpenSpiel's stick_the_dealer).", "OpenSpiel")
    lone_hand: bool = _opt(True, None, "The maker may play alone (OpenSpiel).", "OpenSpiel")
    lone_defender: bool = _opt(False, None, "An adversary may defend alone (OpenSpiel's"
                               " allow_lone_defender, false by default).", "OpenSpiel")
    alone_decision: str = _opt("after_discard", ALONE_DECISIONS,
                               "The dealer discards before the maker says whether he plays"
                               " alone (OpenSpiel).", "OpenSpiel")
    game_target: int = _opt(10, TARGETS, "Points that win the game: ten (OpenSpiel plays"
                            " single deals).", "OpenSpiel")


class OpenSpielEuchre(FourHandedEuchre):
    """Euchre by OpenSpiel's rules: 24 cards, stick the dealer, the dealer discarding
    before the lone hand is declared, game ten (see the module's notes).

    >>> game = OpenSpielEuchre()
    >>> len(game.pack), game.options.stick_the_dealer
    (24, True)
    """

    name = "euchreopenspiel"
    title = "Euchre (OpenSpiel's rules)"
    rules_by = "OpenSpiel's rules"
    options_class = OpenSpielEuchreOptions  # type: ignore[assignment]
    options: OpenSpielEuchreOptions  # type: ignore[assignment]


OpenSpielEuchre.state_class = FourHandedEuchreState
