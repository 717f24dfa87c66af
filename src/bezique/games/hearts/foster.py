"""Hearts by Foster's Laws, for two to six players, each for himself (``hearts``).

The pack (Law 3): fifty-two cards, A K Q J 10 9 8 7 6 5 4 3 2, the Ace highest; at three
players the spade deuce is laid aside, at five both black deuces, at six all four. The
cards are dealt one at a time to each in turn from the dealer's left until the pack is
out (Law 8: 17 each at three, 13 at four, 10 at five, 8 at six); two-handed, thirteen
each, the rest a stock from which, after each trick, the winner draws the top card and
the other the next (Foster's Complete Hoyle, Two-handed Hearts). The deal passes to the
left (Law 9).

The play (Foster's Complete Hoyle, Hearts, Method of Playing; Law 22): the eldest hand
leads any card; the others follow suit if they can, otherwise play any card; there are
no trumps; the highest card of the suit led wins the trick and its winner leads to the
next.

Settling (``settling``):

- ``sweepstakes`` (Law 29, the default): each pays one counter into the pool for each
  heart he took; the one player who took none (clean) takes the pool; two clean divide
  it, the odd counter remaining for the next pool; three or more clean, or nobody clean,
  and the pool stays as a Jack, which only one clean player can win (while it is played
  for, each still pays for his hearts, Law 29).
- ``howell`` (Howell's settling, Foster's Complete Hoyle): each pays, for every heart
  he took, a counter to each other player; no pool stays.

Two-handed, the one who took more hearts pays the other the difference (Foster's
Complete Hoyle, Two-handed Hearts), whatever ``settling`` says (Howell's settling at two
is that difference).

A match (``match``): so many deals (``deals``, 12 by default), or until a player's
counters (``counters``, 50 each: Foster's usual stake) run out; the most counters wins.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from ...core.game import Options
from ...core.game import option as _opt
from .base import HeartsGame, HeartsMatchOptions, HeartsState

__all__ = ["Hearts", "HeartsOptions", "SETTLINGS"]

SETTLINGS = ("sweepstakes", "howell")


@dataclasses.dataclass(frozen=True)
class HeartsOptions(Options):
    """The options of Hearts (Foster's Laws)."""

    game_title: ClassVar[str] = "Hearts"

    players: int = _opt(4, (2, 3, 4, 5, 6), "Two to six players, each for himself.",
                        "Laws 1, 3")
    settling: str = _opt(
        "sweepstakes", SETTLINGS,
        "How a deal is settled. Sweepstakes: a counter a heart into the pool, the one"
        " clean player taking it (Law 29). Howell: for each heart one pays a counter to"
        " each other player, and no pool stays.",
        "Law 29; Foster, Howell's Settling")
    counters: int = HeartsMatchOptions.shared("counters")
    match: str = HeartsMatchOptions.shared("match")
    deals: int = HeartsMatchOptions.shared("deals")


class Hearts(HeartsGame):
    """Hearts by Foster's Laws: two to six, each for himself, no trumps, follow suit; a
    counter a heart into the pool, which the one clean player takes.

    >>> game = Hearts()
    >>> state = game.deal(dealer=3, seed=1)
    >>> [len(h) for h in state.hands], state.current_player()
    ([13, 13, 13, 13], 0)
    >>> [len(Hearts(HeartsOptions(players=n)).pack) for n in (2, 3, 4, 5, 6)]
    [52, 51, 52, 50, 48]
    """

    name = "hearts"
    title = "Hearts"
    blurb = "Hearts by Foster's Laws: two to six, each for himself; avoid the hearts."
    options_class = HeartsOptions
    options: HeartsOptions


Hearts.state_class = HeartsState
