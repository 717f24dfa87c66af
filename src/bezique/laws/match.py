"""A match played under the laws (``bezique play --laws``): each deal a law table.

:class:`LawMatch` is a :class:`~bezique.core.match.Match` whose current deal is played
through a :class:`~.base.LawTable`: an action the engine refuses (a card that does not
follow) is committed as the irregularity it is, law actions (``claim 2``, ``expose
9C``, ``call spades``, ``draw two seen``) are taken from any seat, the computer players
claim every revoke the table has seen and make the elections the law leaves them (they
never err on purpose), what the table does by itself when nobody does otherwise (the
draws after a trick, in their order) is done, and a finished deal is settled by the laws
(penalties included) before it goes on the sheet; a void deal of a family whose laws
say so is dealt again by the same dealer. ``news`` holds the rulings not yet told;
``referee_text()`` is the deal so far as a referee's file; :meth:`LawMatch.pending` is
what the table waits on from a player who is not the computer's (an election, his
moment to act before the adversary)."""

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
        self.computers = tuple(computers)
        self.news: list[str] = []
        self.tables: list[LawTable] = []
        self.offered: set[tuple[int, int, str]] = set()  # (deal, history, moment) passed
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
        self._follow_up(table)
        if not table.over:
            return
        log = self.deals[-1]
        log.actions = [a.notation() for a in table.history]
        before = len(table.rulings)
        self._finish_deal()
        self._tell(table.rulings[before:])

    def _follow_up(self, table: LawTable) -> None:
        """The computers' claims and elections, then what the table does by itself, until
        the table waits on someone: a player's choice, or the engine's next action."""
        for _ in range(64):  # a bound: each round takes an action or stops
            acted = False
            for p in self.computers:
                for a in table.computer_acts(p):
                    self._tell(table.act(a))
                    acted = True
            if any(self.pending(p)[2] for p in range(table.n) if p not in self.computers):
                return
            auto = table.regular()
            if auto is not None:
                self._tell(table.act(auto))
            elif not acted:
                return

    def pending(self, seat: int) -> tuple[str, list[str], bool]:
        """What the table offers ``seat`` now (see :meth:`.LawTable.pending`), each moment
        offered once: once he has gone on without it, it is not offered again."""
        what, choices, waits = self.table.pending(seat)
        if not choices or self._key(seat, what) in self.offered:
            return "", [], False
        return what, choices, waits

    def pass_moment(self, seat: int) -> None:
        """``seat`` goes on without taking what :meth:`pending` offered him."""
        what, _, waits = self.table.pending(seat)
        if waits:
            raise LawError(f"the table waits for seat {seat}'s choice: {what}")
        self.offered.add(self._key(seat, what))
        self._follow_up(self.table)

    def _key(self, seat: int, what: str) -> tuple[int, int, str]:
        return (len(self.tables), len(self.table.history), f"{seat} {what}")

    def _tell(self, rulings: Iterable[Any]) -> None:
        self.news += [str(r) for r in rulings]

    def _finish_deal(self) -> None:
        if not self.tables or not self.table.over:
            super()._finish_deal()
            return
        while self.table.over:
            table = self.table
            log = self.deals[-1]
            if table.void and table.void_redealt:  # no deal: the same dealer deals again
                table.settle()
                self.state = self._new_deal(log.dealer)
                continue
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
