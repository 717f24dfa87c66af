"""Matches: deals following one another until the game's rule ends them, with the score
sheet kept.

The deal alternates between the players (Bézique GAP-BZ-2; Sixty-Six likewise). Each
game says how a finished deal changes the sheet (``Game.update_sheet``) — Bézique adds
points to 1000, Sixty-Six adds game points to 7 — and when the match is over.

>>> from bezique import Bezique
>>> m = Match(Bezique(), seed=3)
>>> m.state.current_player() == 1 - m.dealer
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from .errors import IllegalActionError
from .game import Action, DealResult, Game, State, check_seat


@dataclasses.dataclass
class SheetRow:
    """One finished deal on the score sheet."""

    deal: int
    dealer: int
    points: tuple[int, int]
    totals: tuple[int, int]
    notes: tuple[str, ...] = ()


@dataclasses.dataclass
class GameResult:
    """One finished game of a match (a Bézique game to 1000, a Sixty-Six game to 7)."""

    winner: int
    totals: tuple[int, int]
    value: int  # 1 for a single game, 2 for a double game
    notes: tuple[str, ...] = ()


@dataclasses.dataclass
class ScoreSheet:
    """The running score of a match."""

    rows: list[SheetRow] = dataclasses.field(default_factory=list)
    totals: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    games: list[GameResult] = dataclasses.field(default_factory=list)
    carry: int = 0  # game-specific pending bonus (Sixty-Six: points for a tied deal)
    over: bool = False
    winner: int | None = None
    summary: str = ""

    def games_won(self, seat: int) -> int:
        return sum(1 for g in self.games if g.winner == seat)

    def to_json(self) -> dict[str, Any]:
        """A plain-data form of the sheet (for ``--json`` outputs)."""
        return {
            "deals": [{"deal": r.deal, "dealer": r.dealer, "points": list(r.points),
                       "totals": list(r.totals), "notes": list(r.notes)} for r in self.rows],
            "totals": list(self.totals),
            "games": [{"winner": g.winner, "totals": list(g.totals), "value": g.value,
                       "notes": list(g.notes)} for g in self.games],
            "over": self.over, "winner": self.winner, "summary": self.summary,
        }

    def text(self, names: Sequence[str] = ("Player 0", "Player 1")) -> str:
        """The sheet as a small table."""
        w = max(10, *(len(n) for n in names))
        lines = [f"{'deal':>4}  {'dealer':<{w}}  {names[0]:>{w}}  {names[1]:>{w}}"]
        for r in self.rows:
            pts = [f"{r.points[i]:+d} = {r.totals[i]}" for i in (0, 1)]
            note = ("  " + "; ".join(r.notes)) if r.notes else ""
            lines.append(f"{r.deal:>4}  {names[r.dealer]:<{w}}  {pts[0]:>{w}}  {pts[1]:>{w}}"
                         f"{note}")
        for i, g in enumerate(self.games, 1):
            kind = "double game" if g.value == 2 else "game"
            lines.append(f"game {i}: {names[g.winner]} wins ({kind}, {g.totals[0]}-"
                         f"{g.totals[1]})" + ("; " + "; ".join(g.notes) if g.notes else ""))
        if self.summary:
            lines.append(self.summary)
        return "\n".join(lines)


@dataclasses.dataclass
class DealLog:
    """What a record needs of one deal: dealer, pack order, actions in notation."""

    dealer: int
    pack: list[int]
    actions: list[str] = dataclasses.field(default_factory=list)
    seats: list[int] = dataclasses.field(default_factory=list)
    result: DealResult | None = None


class Match:
    """A match: deals one after another, the deal alternating, until the game's rule ends
    it. Deals come from a seeded generator or from given pack orders (``packs``)."""

    def __init__(self, game: Game[Any], *, seed: int | None = None, first_dealer: int = 0,
                 packs: Sequence[Sequence[int]] | None = None) -> None:
        first_dealer = check_seat(first_dealer, game.num_players, "first_dealer")
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.first_dealer = first_dealer
        self._packs = [list(p) for p in packs] if packs else []
        self.sheet = ScoreSheet()
        self.deals: list[DealLog] = []
        self.state: State = self._new_deal(first_dealer)

    @property
    def dealer(self) -> int:
        return self.deals[-1].dealer

    def _new_deal(self, dealer: int) -> State:
        i = len(self.deals)
        # the generator advances even for a given pack, so a match replayed from its
        # record and then continued deals the same cards as the original would have
        order = self.game.pack_order(rng=self.rng)
        if i < len(self._packs):
            order = self.game.pack_order(pack=self._packs[i])
        self.deals.append(DealLog(dealer, order))
        state: State = self.game.deal(dealer, pack=order)
        return state

    def is_over(self) -> bool:
        return self.sheet.over

    def current_player(self) -> int:
        return self.state.current_player()

    def apply(self, action: Action) -> None:
        """Apply an action to the current deal; a finished deal goes on the sheet and the
        next one is dealt unless the match is over."""
        if self.sheet.over:
            raise IllegalActionError("the match is over")
        seat = self.state.current_player()
        self.state.apply(action)
        log = self.deals[-1]
        log.actions.append(action.notation())
        log.seats.append(seat)
        if self.state.is_terminal():
            self._finish_deal()

    def _finish_deal(self) -> None:
        log = self.deals[-1]
        result = self.game.deal_result(self.state)
        log.result = result
        self.game.update_sheet(self.sheet, len(self.deals), log.dealer, result)
        if not self.sheet.over:
            self.state = self._new_deal(1 - log.dealer)

    def apply_text(self, text: str) -> Action:
        """Parse ``text`` in the current position, apply it and return the action."""
        action = self.state.action_from_text(text)
        self.apply(action)
        return action
