"""Foster's laws of irregularities for two-handed Binocle (002 lines 252-318, 004 lines
3-10; CHECKLIST BN 8, 17, 37, 43-45), on the two-handed table of :mod:`.stock`. The laws
are Bézique's (:mod:`.bezique`) with these differences, each a test in
``tests/test_laws_binocle.py``:

- **BN 8** (misdeals): too many cards is a new deal only if found before the dealer plays
  to the first trick; in all misdeals the same dealer deals again.
- **BN 43**: too many cards found at any time after: a fresh deal (``newdeal``) or play
  without drawing back to twelve (``nodraw``), no meld meanwhile; too few: a fresh deal
  or the deficiency drawn (``supply``); a lead out of turn as in Bézique (``back``).
- **BN 44**: drawing as in Bézique, and a player who drew two and saw the second, his
  adversary's, shows his own card also; both drawing wrongly, each keeps what he got.
- **BN 45**: an even number left in the stock: the last card is not drawn.
- **BN 37**: a failure to follow or to win in the last twelve tricks: the replay
  (``replay``), or the usual penalty, the loss of his whole count for cards
  (``penalty``).
- **BN 17**: a player who looks at a trick before the last quitted one (``look``)
  forfeits his whole score for cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.game import Game
from ..games.binocle.two_handed import Binocle, BinocleState
from .base import LawAction, LawError, register
from .bezique import TurnUpTable
from .stock import DealSettlement

__all__ = ["BinocleLawTable"]

BN = {"misdeal": "BN 8", "exposed in the deal": "BN 8", "deal too many": "BN 8",
      "deal too few": "BN 8", "faced": "BN 8", "faced late": "BN 8", "imperfect": "BN 8",
      "lead out of turn": "BN 43", "too many": "BN 43", "too few": "BN 43", "revoke": "BN 37",
      "forgot to draw": "BN 44", "drew two": "BN 44", "draw out of turn": "BN 44",
      "looked at two": "BN 44", "even stock": "BN 45", "look": "BN 17"}


@register
class BinocleLawTable(TurnUpTable):
    """A deal of two-handed Binocle under Foster's laws of irregularities."""

    games = (Binocle,)
    laws_title = "Foster's laws of Binocle"
    law_of: ClassVar[dict[str, str]] = BN
    deal_error_until = "trick"
    two_shows_own = True

    def __init__(self, state: Any) -> None:
        if not isinstance(state, BinocleState):
            raise LawError(f"Foster's laws of Binocle are for two-handed Binocle, not"
                           f" {state.game.title}")
        super().__init__(state)
        self.hand_size = int(state.game.options.cards)  # type: ignore[misc]

    def has_penalty(self) -> bool:
        return True

    def penalty_words(self, seat: int) -> str:
        return f"seat {seat} loses his whole count for cards"

    def do_look(self, a: LawAction) -> None:
        if self.state.tricks < 2:
            raise LawError("no trick before the last has been turned and quitted")
        self.looked[a.seat] = True
        irr = self.record("look", a.seat, status="penalty", evident=True)
        self.rule(irr.law, f"seat {a.seat} looks at a trick before the last turned and"
                  " quitted: he forfeits his whole score for cards")

    def cards_counted(self, seat: int) -> int:
        return sum(p for w, p, why in self.state.score_events() if w == seat and why == "cards")

    def deductions(self) -> list[int]:
        return [self.cards_counted(p) if self.looked[p] or any(q == p for q, _ in
                                                               self.penalties) else 0
                for p in (0, 1)]

    def settle_played(self, s: Any) -> DealSettlement:
        net = list(s.points)
        notes = []
        for seat in (0, 1):
            why = [f"revoked at trick {t} (BN 37)" for p, t in self.penalties if p == seat]
            if self.looked[seat]:
                why.append("looked back at a quitted trick (BN 17)")
            if why:
                lost = self.cards_counted(seat)
                net[seat] -= lost
                notes.append(f"seat {seat} " + " and ".join(why) + f": his {lost} for cards"
                             " are taken down")
                self.rule("BN 17" if self.looked[seat] else "BN 37", notes[-1])
        notes.append("the points of the deal: " + ", ".join(f"seat {p} {net[p]}" for p in (0, 1)))
        return DealSettlement(tuple(net), notes=tuple(notes))

    @classmethod
    def deal_as_lay(cls, game: Game[Any], dealer: int, hands: Sequence[Sequence[int]],
                    **extra: Any) -> Any:
        """The deal as it lay: the hands, ``[Stock "..."]`` (top first), ``[Turnup
        "CARD"]``; the dix turned up scores the dealer 10."""
        s = cls.lay(game, BinocleState, dealer, hands, extra, int(game._dix),  # type: ignore[attr-defined]
                    "dix turned up")
        heads = extra.get("headers", {})
        if heads.get("standing"):  # a deal of a match: the scores before it, the target
            s.standing = tuple(int(w) for w in heads["standing"].split())
        if heads.get("target"):
            s.target = int(heads["target"])
        return s

    def extra_headers(self) -> list[tuple[str, str]]:
        """A deal of a match: the scores before it and the target (for the knock)."""
        s = self.state
        out = super().extra_headers()
        if any(s.standing):
            out.append(("Standing", f"{s.standing[0]} {s.standing[1]}"))
        if s.target != self.game.game_target:
            out.append(("Target", str(s.target)))
        return out
