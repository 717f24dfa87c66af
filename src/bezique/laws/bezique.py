"""Foster's laws of irregularities for Bézique (001 lines 9, 44-51; CHECKLIST BZ 12-18,
74-82) and for Rubicon Bézique (002 lines 109-128; RB 30), on the two-handed table of
:mod:`.stock`. Each law the table applies (the tests in ``tests/test_laws_bezique.py``
are named after them):

- **BZ 12**: a misdeal does not lose the deal: a void deal is dealt again by the same
  dealer.
- **BZ 13**: the dealer exposes a card of the pone's or of the stock (``expose CARD``
  before the first lead): the pone may demand a new deal (``newdeal``); a player who
  exposes his own card: the deal stands.
- **BZ 14**: too many cards dealt (found before a card is played): a new deal
  (``newdeal`` by either).
- **BZ 15**: too few: the pone chooses a fresh deal (``newdeal``) or the dealer supplies
  the missing cards from the top of the stock, the trump card unchanged (``supply``).
- **BZ 16**: a card found faced in the pack (``faced CARD``) before the first trick is
  complete: a new deal. **BZ 17**: found later: turned face down in its place.
- **BZ 18**: an imperfect pack (the referee's deal): the deal is void, earlier scores
  stand.
- **BZ 74**: a lead out of turn: the trick stands if the adversary plays to it; if he
  objects (``back``) the card is taken back, no penalty.
- **BZ 75**: too many cards after the first trick: the adversary claims a fresh deal
  (``newdeal``) or compels him to play without drawing until his count is right
  (``nodraw``), no announcement meanwhile. **BZ 76**: too few: a fresh deal or he draws
  the deficiency from the stock (``supply``).
- **BZ 77**: in the last eight tricks a card that fails to follow or to win when it
  could: the adversary compels the replay from the error (``replay``), or, as in France,
  the offender counts nothing more for brisques or the last trick (``penalty``).
- **BZ 78**: a draw forgotten and a card played to the next trick: the adversary calls
  the deal void (``newdeal``) or lets him draw two next time (``allow``).
- **BZ 79**: two cards drawn (``draw two seen|unseen``): the second, seen, is shown to the
  adversary; unseen, put back without penalty.
- **BZ 80**: a draw out of turn: the card is restored and, being the adversary's, the
  offender shows his own; both drawing wrongly (the other draws next): no remedy.
- **BZ 81**: the loser of the trick draws and looks at two: the adversary may take either
  card of the next draw (``draw second``).
- **BZ 82**: an even number of cards left in the stock: its last card is not drawn, the
  winner takes the last but one, the loser the trump card.

Rubicon (its opening, and with it any laws of drawing and counting, is missing from the
text, RB-GAP-6: "drawing as the ordinary game"): **RB 30** the revoke in the last nine
tricks, compelled replay (``replay``); the French penalty is the game's own option
(``endgame_revoke_penalty``), under which the engine takes the card and scores it; the
other laws as Bézique's (RB-GAP-6), with no even-stock law (no turn-up).
Left out (``docs/LAWS.md``): BZ 83-84 (a false announcement, points marked in error).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.cards import card_name
from ..core.events import Scored
from ..core.game import Game
from ..games.bezique.declarations import BRISQUE, LEAD
from ..games.bezique.rubicon import Rubicon, RubiconState
from ..games.bezique.two_handed import Bezique, BeziqueState
from .base import LawError, register
from .stock import DealSettlement, StockLawTable

__all__ = ["BeziqueLawTable", "RubiconLawTable"]

BZ = {"misdeal": "BZ 12", "exposed in the deal": "BZ 13", "deal too many": "BZ 14",
      "deal too few": "BZ 15", "faced": "BZ 16", "faced late": "BZ 17", "imperfect": "BZ 18",
      "lead out of turn": "BZ 74", "too many": "BZ 75", "too few": "BZ 76", "revoke": "BZ 77",
      "forgot to draw": "BZ 78", "drew two": "BZ 79", "draw out of turn": "BZ 80",
      "looked at two": "BZ 81", "even stock": "BZ 82"}


class TurnUpTable(StockLawTable):
    """What Bézique and Binocle share: the turn-up, the card forced in the last tricks."""

    def first_drawer(self) -> int:
        s = self.state
        if getattr(self.game, "_draw_pone_first", False) and len(s.stock) > 1:
            return 1 - int(s.dealer)
        return int(s.player)

    def force_play(self, seat: int, card: int, *, forced: bool) -> None:
        """The follower's card in the last tricks: the engine's check of the duty to
        follow and win reads the turn-up gone, so it is shown one for the play."""
        s = self.state
        s.player = seat
        up = s.turn_up
        s.turn_up = card
        try:
            s._play(card, False)
        finally:
            s.turn_up = up
        s._finish_trick(card)

    @classmethod
    def lay(cls, game: Any, state_class: Any, dealer: int, hands: Sequence[Sequence[int]],
            extra: dict[str, Any], rank: int, words: str, **more: Any) -> Any:
        stock, up = cls.stock_headers(extra)
        if up < 0:
            raise LawError('the deal needs its trump card: [Turnup "CARD"]')
        cls.check_pack(game, [c for h in hands for c in h] + stock + [up],
                       cls.law_of.get("imperfect", "?"))
        s = state_class.position(game, hands=[list(map(int, h)) for h in hands],
                                 trump=up >> 4, turn_up=up, stock=stock, dealer=dealer,
                                 to_move=1 - dealer, phase="lead", **more)
        s.won = [[], []]
        if up & 15 == rank:
            s._score(dealer, 10, words)
        return s


@register
class BeziqueLawTable(TurnUpTable):
    """A deal of two-handed Bézique under Foster's laws of irregularities."""

    games = (Bezique,)
    laws_title = "Foster's laws of Bézique"
    law_of: ClassVar[dict[str, str]] = BZ
    hand_size = 8

    def __init__(self, state: Any) -> None:
        if type(state) is not BeziqueState:
            raise LawError(f"Foster's laws of Bézique are for two-handed Bézique, not"
                           f" {state.game.title}")
        super().__init__(state)

    def has_penalty(self) -> bool:
        return True

    def penalty_words(self, seat: int) -> str:
        return (f"seat {seat} counts nothing from that trick on, for brisques or for the last"
                " trick (as in France)")

    def lost_by_penalty(self, seat: int, trick: int) -> int:
        """What seat scored for brisques and the last trick from ``trick`` on."""
        g = self.game
        lost = 0
        for no, w, cards in self.tricks_log:
            if w == seat and no >= trick:
                lost += 10 * sum(BRISQUE[c] for c in cards)
                if no == g._bonus_at:
                    lost += 10
        return lost

    def deductions(self) -> list[int]:
        lost = [0, 0]
        for seat, trick in self.penalties:
            lost[seat] += self.lost_by_penalty(seat, trick)
        return lost

    def settle_played(self, s: Any) -> DealSettlement:
        net = list(s.points)
        notes = []
        for seat, trick in self.penalties:
            lost = self.lost_by_penalty(seat, trick)
            net[seat] -= lost
            notes.append(f"seat {seat} revoked at trick {trick}: his {lost} for brisques and"
                         " the last trick from there are taken down (BZ 77)")
            self.rule("BZ 77", notes[-1])
        notes.append("the points of the deal: " + ", ".join(f"seat {p} {net[p]}" for p in (0, 1)))
        return DealSettlement(tuple(net), notes=tuple(notes))

    @classmethod
    def deal_as_lay(cls, game: Game[Any], dealer: int, hands: Sequence[Sequence[int]],
                    **extra: Any) -> Any:
        """The deal as it lay: the hands, ``[Stock "..."]`` (top card first, as it was
        drawn) and ``[Turnup "CARD"]``; a Seven turned up scores the dealer 10."""
        return cls.lay(game, BeziqueState, dealer, hands, extra, 7, "seven turned up")


RB = dict(BZ, **{"revoke": "RB 30", "lead out of turn": "RB-GAP-6 (BZ 74)"})


@register
class RubiconLawTable(StockLawTable):
    """A deal of Rubicon (or Chinese) Bézique under Foster's laws."""

    games = (Rubicon,)
    laws_title = "Foster's laws of Rubicon Bézique"
    law_of: ClassVar[dict[str, str]] = {k: (v if v.startswith("R") else f"RB-GAP-6 ({v})")
                                        for k, v in RB.items()}
    has_turn_up = False
    hand_size = 9

    def force_play(self, seat: int, card: int, *, forced: bool) -> None:
        """The engine takes a failing card only under the French penalty: it is shown
        that option for the play, and what it marks for the penalty is undone."""
        s = self.state
        s.player = seat
        g = s.game
        revoked, log = list(s.revoked), s.log
        france = g._france
        g._france = True
        try:
            s._play(card, False)
        finally:
            g._france = france
        s.revoked = revoked
        if s.log is not log and s.log[0][0].__name__ == "Revoked":
            s.log = s.log[1]
        s._finish_trick(card)

    def settle_played(self, s: Any) -> DealSettlement:
        st = self.game.settle(s.points, s.brisques)
        net = [0, 0]
        if st.winner is not None:
            net[st.winner] = st.value
            net[1 - st.winner] = -st.value
        return DealSettlement(tuple(net), notes=(st.working,))

    @classmethod
    def deal_as_lay(cls, game: Game[Any], dealer: int, hands: Sequence[Sequence[int]],
                    **extra: Any) -> Any:
        """The deal as it lay: the hands and ``[Stock "..."]`` (top card first)."""
        stock, _ = cls.stock_headers(extra)
        cls.check_pack(game, [c for h in hands for c in h] + stock, "RB-GAP-1 (BZ 18)")
        assert isinstance(game, Rubicon)
        s = RubiconState.position(game, hands=[list(map(int, h)) for h in hands], stock=stock,
                                  dealer=dealer, to_move=1 - dealer, phase="lead",
                                  history=False)
        s.won = [[], []]
        return s


_ = (card_name, Scored, LEAD)
