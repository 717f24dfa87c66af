"""Trick-taking machinery shared by the family: rank orders, trick winners, follow rules.

Cards are plain int ids (``suit * 16 + rank``). Each game builds a :class:`RankOrder`
once; the functions here are the hot path of every engine, so they work on ints and
precomputed tables only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import NUM_CARD_IDS, Rank
from .game import TERMINAL, State

#: The phase every trick-taking state uses for a finished deal.
END_PHASE = 3


class RankOrder:
    """A game's order of ranks in play, high to low, and the card points of each rank.

    ``strength[card]`` is larger for a stronger card of the same suit (0 for cards the
    game does not use).
    """

    __slots__ = ("ranks", "strength", "points")

    def __init__(self, ranks_high_to_low: Sequence[Rank],
                 points: dict[Rank, int] | None = None) -> None:
        self.ranks = tuple(ranks_high_to_low)
        self.strength = [0] * NUM_CARD_IDS
        self.points = [0] * NUM_CARD_IDS
        n = len(self.ranks)
        for i, r in enumerate(self.ranks):
            for suit in range(4):
                cid = suit * 16 + int(r)
                self.strength[cid] = n - i
                self.points[cid] = (points or {}).get(r, 0)


def follower_wins(lead: int, follow: int, trump: int, strength: Sequence[int],
                  trumps_win: bool = True) -> bool:
    """Whether the second card wins a two-card trick.

    Same suit: the higher card wins and an identical card loses to the lead (Bézique,
    Method of Playing). A trump wins over a plain suit; any other card loses.
    """
    if lead >> 4 == follow >> 4:
        return strength[follow] > strength[lead]
    return trumps_win and follow >> 4 == trump


def must_follow_and_win(hand: Sequence[int], lead: int, trump: int,
                        strength: Sequence[int]) -> list[int]:
    """The cards a follower may play when he must follow suit and win if he can.

    With cards of the suit led: those that beat the lead, else any of them. Void in it:
    a trump (any trump wins), else any card.
    """
    suit = lead >> 4
    same = [c for c in hand if c >> 4 == suit]
    if same:
        s = strength[lead]
        higher = [c for c in same if strength[c] > s]
        return higher or same
    if suit != trump:
        trumps = [c for c in hand if c >> 4 == trump]
        if trumps:
            return trumps
    return list(hand)


def must_follow(hand: Sequence[int], lead: int) -> list[int]:
    """Follow suit if able, otherwise any card (Sixty-Six after the stock)."""
    suit = lead >> 4
    same = [c for c in hand if c >> 4 == suit]
    return same or list(hand)


class TrickState(State):
    """Bookkeeping shared by the two-player trick-taking states: the seat to move, the
    phase (``END_PHASE`` once the deal is over), the points of the deal, and a public log
    kept as a persistent list ``(entry, previous)`` so that copies share it for free."""

    __slots__ = ()

    phase: int
    player: int
    points: list[int]
    log: Any  # (entry, previous) or None

    def current_player(self) -> int:
        return TERMINAL if self.phase == END_PHASE else self.player

    def is_terminal(self) -> bool:
        return self.phase == END_PHASE

    def scores(self) -> tuple[int, int]:
        return (self.points[0], self.points[1])

    def _note(self, *entry: Any) -> None:
        self.log = (entry, self.log)

    def _score(self, seat: int, pts: int, why: str) -> None:
        self.points[seat] += pts
        self.log = (("score", seat, pts, why), self.log)

    def events(self) -> list[tuple[Any, ...]]:
        """The deal's public log, oldest first (never a hidden card)."""
        out = []
        node = self.log
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def score_events(self) -> list[tuple[int, int, str]]:
        """``(seat, points, reason)`` for every score in this deal, oldest first."""
        return [(e[1], e[2], e[3]) for e in self.events() if e[0] == "score"]
