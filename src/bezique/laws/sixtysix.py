"""Foster's laws of irregularities for two-handed Sixty-Six (004 lines 53, 64-65;
CHECKLIST SS 6, 27, 28), on the two-handed table of :mod:`.stock`. The text gives
Sixty-Six's deal, play and draws Binocle's laws ("the same rules as in Binocle", SS 6,
SS 28), read with six cards a hand; its own law is SS 27. Each a test in
``tests/test_laws_sixtysix.py``:

- **SS 6 (BN 8)**: misdeals as Binocle's; a misdeal does not lose the deal.
- **SS 28 (BN 43)**: a lead out of turn stands if the adversary plays to it, or is taken
  back (``back``); too many cards: a fresh deal or play without drawing back to six
  (``nodraw``, no marriage meanwhile); too few: a fresh deal or the deficiency drawn.
- **SS 28 (BN 44-45)**: the drawing laws (out of turn, two cards, forgotten, the right
  to choose the next draw; an even stock).
- **SS 28 (BN 37)**: once the stock is closed or exhausted, a follower who fails to
  follow suit when he could is compelled to take back his cards to the error and replay
  (``replay``). Sixty-Six does not oblige him to win the trick (SS 29), so only the
  failure to follow is a revoke.
- **SS 27**: a player who looks at a trick before the last quitted one (``look``) loses
  the privilege of closing.

Left out (``docs/LAWS.md``): Binocle's other penalty for the revoke (the loss of the count
for cards): in Sixty-Six the cards are the whole count and the deal is decided by it
during the play, so the replay is the remedy the table applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.game import Game
from ..games.sixtysix import DRAW_NODE, LAST_TRICK, NINE, SixtySix, SixtySixState
from .base import LawAction, LawError, register
from .stock import DealSettlement, StockLawTable

__all__ = ["SixtySixLawTable"]

SS = {"misdeal": "SS 6 (BN 8)", "exposed in the deal": "SS 6 (BN 8)",
      "deal too many": "SS 6 (BN 8)", "deal too few": "SS 6 (BN 8)", "faced": "SS 6 (BN 8)",
      "faced late": "SS 6 (BN 8)", "imperfect": "SS 6 (BN 8)",
      "lead out of turn": "SS 28 (BN 43)", "too many": "SS 28 (BN 43)",
      "too few": "SS 28 (BN 43)", "revoke": "SS 28 (BN 37)",
      "forgot to draw": "SS 28 (BN 44)", "drew two": "SS 28 (BN 44)",
      "draw out of turn": "SS 28 (BN 44)", "looked at two": "SS 28 (BN 44)",
      "even stock": "SS 28 (BN 45)", "look": "SS 27"}


@register
class SixtySixLawTable(StockLawTable):
    """A deal of two-handed Sixty-Six under Foster's laws."""

    games = (SixtySix,)
    laws_title = "Foster's laws of Sixty-Six"
    law_of: ClassVar[dict[str, str]] = SS
    hand_size = 6
    deal_error_until = "trick"
    two_shows_own = True
    announcements = ("Marry", "Show")

    def __init__(self, state: Any) -> None:
        if type(state) is not SixtySixState:
            raise LawError(f"Foster's laws of Sixty-Six are for two-handed Sixty-Six, not"
                           f" {state.game.title}")
        super().__init__(state)

    def force_play(self, seat: int, card: int, *, forced: bool) -> None:
        """The follower's card after closing or in the last six tricks: the engine's check
        reads the stock open for the play; the end of the trick is then put right."""
        s = self.state
        s.player = seat
        closed, up, voids = s.closed, s.turn_up, s.voids
        s.closed, s.turn_up = False, (up if up >= 0 else s.nine)
        try:
            s._play(seat, card)
        finally:
            s.closed, s.turn_up, s.voids = closed, up, voids
        if s.phase == DRAW_NODE and (closed or up < 0):
            if not s.hands[seat]:
                if not closed:
                    s._score(s.player, LAST_TRICK, "last trick")
                s._end_of_hand()
            else:
                s.phase = 0

    def do_look(self, a: LawAction) -> None:
        if self.state.tricks < 2:
            raise LawError("no trick before the last has been turned and quitted")
        self.looked[a.seat] = True
        irr = self.record("look", a.seat, status="penalty", evident=True)
        self.rule(irr.law, f"seat {a.seat} looks at a trick before the last turned and"
                  " quitted: he loses the privilege of closing")

    def settle_played(self, s: Any) -> DealSettlement:
        return DealSettlement(tuple(s.game_points()),
                              notes=(s.outcome or "no game point scored",
                                     f"count toward 66: seat 0 {s.points[0]}, seat 1"
                                     f" {s.points[1]}"))

    @classmethod
    def deal_as_lay(cls, game: Game[Any], dealer: int, hands: Sequence[Sequence[int]],
                    **extra: Any) -> Any:
        """The deal as it lay: the hands, ``[Stock "..."]`` (top first, the face-down
        cards) and ``[Turnup "CARD"]`` (the trump card, drawn last)."""
        stock, up = cls.stock_headers(extra)
        if up < 0:
            raise LawError('the deal needs its trump card: [Turnup "CARD"]')
        cls.check_pack(game, [c for h in hands for c in h] + stock + [up], SS["imperfect"])
        return SixtySixState._dealt(game, dealer, [list(map(int, h)) for h in hands], up,
                                    NINE, stock[::-1])
