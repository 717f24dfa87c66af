"""A deal of two seats played unchanged inside a larger table.

Several games of the texts seat more players than take cards in a deal: Chouette Bézique
(each game a deal of Rubicon between the box and the captain), three-handed Sixty-Six (the
dealer takes no cards) and three-handed Binocle after a wrong claim (the two others play
on two-handed). Each plays an unchanged two-handed deal, so every rule and test of that
game holds there; :class:`InnerDeal` is what such a table's state shares: the turn, the
legal actions and their effect are the inner deal's, its hands mapped onto the table's
seats (its events too). A subclass says which deal it plays (:meth:`InnerDeal.inner_deal`)
and where its hands sit (:meth:`InnerDeal.inner_seats`), and states the rest (scores,
observations, resampling) in its game's terms.
"""

from __future__ import annotations

import functools
from abc import abstractmethod
from collections.abc import Sequence

from .events import Event, moved
from .game import TERMINAL, Action, State
from .trick import PublicLog


class InnerDeal(State):
    """The part of a table's state that is a two-seat deal played inside it."""

    __slots__ = ()

    @abstractmethod
    def inner_deal(self) -> PublicLog:
        """The two-seat deal being played."""

    @abstractmethod
    def inner_seats(self) -> Sequence[int]:
        """The table seats of the inner deal's hands 0 and 1."""

    def current_player(self) -> int:
        p = self.inner_deal().current_player()
        return TERMINAL if p < 0 else self.inner_seats()[p]

    def legal_actions(self) -> list[Action]:
        return self.inner_deal().legal_actions()

    def is_legal(self, action: Action) -> bool:
        return self.inner_deal().is_legal(action)

    def apply(self, action: Action) -> None:
        self.inner_deal().apply(action)

    def is_terminal(self) -> bool:
        return self.inner_deal().is_terminal()

    def events(self) -> list[Event]:
        """The inner deal's public events, its hands' seats made the table's."""
        seats = tuple(self.inner_seats())
        return [_moved(e, seats) for e in self.inner_deal().events()]

    def score_events(self) -> list[tuple[int, int, str]]:
        """``(seat, points, reason)`` of the deal's scores, each entered for the table seat
        of the hand that scored."""
        seats = self.inner_seats()
        return [(seats[h], pts, why) for h, pts, why in self.inner_deal().score_events()]

    def parse_action(self, text: str) -> Action:
        return self.inner_deal().parse_action(text)


@functools.lru_cache(maxsize=1 << 14)
def _moved(event: Event, seats: tuple[int, ...]) -> Event:
    """:func:`~.events.moved`, cached: the same events are moved again at every read of a
    deal's log (a record telling its story reads it after every action)."""
    return moved(event, seats)
