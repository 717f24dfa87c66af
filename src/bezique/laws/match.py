"""A match played under the laws (``bezique play --laws``): each deal a law table.

:class:`LawMatch` is a :class:`~bezique.core.match.Match` whose current deal is played
through a :class:`~.base.LawTable`: an action the engine refuses (a card that does not
follow) is committed as the irregularity it is, law actions (``claim 2``, ``expose
9C``, ``call spades``) are taken from any seat, the computer players claim every revoke
the table has seen (they never err on purpose), and a finished deal is settled by the
laws (penalties included) before it goes on the sheet. ``news`` holds the rulings not yet
told; ``referee_text()`` is the deal so far as a referee's file."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.game import Action, Game, State
from ..core.match import Match
from .base import LawAction, LawError, LawTable, laws_for

__all__ = ["LawMatch"]


class LawMatch(Match):
    """A match under the laws; ``computers`` are the seats the computer plays (they
    claim)."""

    def __init__(self, game: Game[Any], *, computers: Iterable[int] = (),
                 **kwargs: Any) -> None:
        self.table_class = laws_for(game)
        if not self.table_class.plays_at_the_table:
            raise LawError(f"{self.table_class.laws_title} are applied by 'bezique referee'"
                           " to a deal as it lay; a match under the laws is played at the"
                           " terminal in Hearts (--game hearts, heartsjoker, heartsauction,"
                           " heartsopenspiel)")
        self.computers = tuple(computers)
        self.news: list[str] = []
        self.tables: list[LawTable] = []
        super().__init__(game, **kwargs)

    @property
    def state(self) -> State:
        """The engine's deal under the current table (a table may replace it, taking a
        trick back)."""
        state: State = self.tables[-1].state
        return state

    @state.setter
    def state(self, value: State) -> None:
        self.tables.append(self.table_class(value))

    @property
    def table(self) -> LawTable:
        return self.tables[-1]

    def apply(self, action: Action) -> None:
        """The seat to play takes ``action``, lawful or not."""
        self.act(LawAction(self.state.current_player(), text=action.notation()))

    def act(self, action: LawAction | str, seat: int | None = None) -> None:
        """Any seat's action under the laws; then the computers' claims, and the deal
        settled when it is over."""
        table = self.table
        self._tell(table.act(action, seat))
        if not table.over:
            for p in self.computers:
                for claim in table.claims_open(p):
                    self._tell(table.act(claim))
            return
        for p in self.computers:
            for claim in table.claims_open(p):
                self._tell(table.act(claim))
        log = self.deals[-1]
        log.actions = [a.notation() for a in table.history]
        before = len(table.rulings)
        self._finish_deal()
        self._tell(table.rulings[before:])

    def _tell(self, rulings: Iterable[Any]) -> None:
        self.news += [str(r) for r in rulings]

    def _finish_deal(self) -> None:
        if not self.tables or not self.table.over:
            super()._finish_deal()
            return
        table = self.table
        log = self.deals[-1]
        result = table.deal_result()
        log.result = result
        self.finished = table.state
        self.game.update_sheet(self.sheet, len(self.deals), log.dealer, result)
        if self.sheet.over:
            return
        dealer = self.game.next_dealer(len(self.deals), log.dealer, result)
        self.state = self._new_deal(dealer)

    def referee_text(self) -> str:
        return self.table.referee_text()

    def take_news(self) -> list[str]:
        out, self.news = self.news, []
        return out
