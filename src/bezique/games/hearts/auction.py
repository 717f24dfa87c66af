"""Auction Hearts (``heartsauction``): the players bid for the right to name the suit to
be avoided (Law 30; Foster's Complete Hoyle, Auction Hearts), three to six players.

After the deal each bids once, from the dealer's left, the dealer last, with no second
bid (Law 30): a number of counters (``bid 3``), more than the highest bid so far, or
``pass``. The highest bidder pays his bid into the pool, names the suit to be avoided
(``avoid clubs``; he may name hearts) and leads to the first trick, wherever he sits.
Then the play is as at Hearts, and each pays a counter to the pool for each card of the
named suit he took; the pool is settled as Law 29 settles it (one clean player takes
it, two divide it, else it stays as a Jack).

Choices where the texts are silent (``docs/RULES.md``, "Hearts"):

- If everybody passes, the hearts are the suit to avoid, nobody pays a bid and the
  eldest hand leads: the deal is played as at Hearts.
- A bid is a whole number of counters from 1 to 50 (the usual stake: Foster's fifty
  counters), each bid above the last.
- A pool left as a Jack is played for in the next deal with a new auction (Law 29 makes
  no exception for Auction Hearts).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from ...core.cards import Suit
from ...core.errors import IllegalActionError, NotationError, quoted
from ...core.events import NUMBERED, BidMade, Event, Names
from ...core.game import Action, Options, WordAction, action_text, action_words
from ...core.game import option as _opt
from ...core.trick import OVER_PHASE, PLAY_PHASE, copying
from .base import SUIT_WORDS, HeartsGame, HeartsMatchOptions, HeartsState, suit_word

__all__ = ["AuctionHearts", "AuctionHeartsOptions", "AuctionHeartsState", "Avoid", "Bid",
           "MAX_BID", "NoBid"]

BID, NAME = 1, 2
MAX_BID = 50


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid counters for the right to name the suit to be avoided: ``bid 3``."""

    counters: int

    def notation(self) -> str:
        return f"bid {self.counters}"


class NoBid(WordAction, word="pass"):
    """Make no bid: ``pass``."""


@dataclasses.dataclass(frozen=True, slots=True)
class Avoid(Action):
    """The highest bidder names the suit to be avoided: ``avoid clubs``."""

    suit: int

    def notation(self) -> str:
        return "avoid " + suit_word(self.suit)


@dataclasses.dataclass(frozen=True, slots=True)
class SuitNamed(Event):
    """``seat``, the highest bidder, named ``suit`` the suit to be avoided."""

    seat: int
    suit: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "name", f"{names.suit(self.suit)} the suit to avoid") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class AllPassed(Event):
    """Nobody bid: the hearts are to be avoided, the eldest hand leads."""

    def describe(self, names: Names = NUMBERED) -> str:
        return "All pass: the hearts are to be avoided."


BIDS = {b: Bid(b) for b in range(1, MAX_BID + 1)}
NO_BID = NoBid()
AVOIDS = tuple(Avoid(s) for s in range(4))


@dataclasses.dataclass(frozen=True)
class AuctionHeartsOptions(Options):
    """The options of Auction Hearts."""

    game_title: ClassVar[str] = "Auction Hearts"

    players: int = _opt(4, (3, 4, 5, 6), "Three to six players (Foster: usually four).",
                        "Foster, Auction Hearts")
    counters: int = HeartsMatchOptions.shared("counters")
    match: str = HeartsMatchOptions.shared("match")
    deals: int = HeartsMatchOptions.shared("deals")


class AuctionHearts(HeartsGame):
    """Auction Hearts: one bid each from the dealer's left, the dealer last; the highest
    bidder pays his bid into the pool, names the suit to avoid and leads.

    >>> game = AuctionHearts()
    >>> state = game.deal(dealer=3, seed=4)
    >>> state.current_player(), state.phase_name()
    (0, 'bid')
    """

    name = "heartsauction"
    title = "Auction Hearts"
    blurb = "Auction Hearts: bid for the suit to avoid, one bid each."
    options_class = AuctionHeartsOptions
    options: AuctionHeartsOptions
    min_players, max_players = 3, 6

    def parse_action(self, text: str) -> Action:
        """``bid 3``, ``pass``, ``avoid clubs``, or a card."""
        t = action_words(text, self.title)
        parts = t.lower().split()
        if parts == ["pass"]:
            return NO_BID
        if parts[0] == "bid":
            if len(parts) != 2 or not parts[1].isdigit():
                raise NotationError(f"write a bid as 'bid 3', not {quoted(text)}")
            n = int(parts[1])
            if not 1 <= n <= MAX_BID:
                raise NotationError(f"a bid is 1 to {MAX_BID} counters, not {n}")
            return BIDS[n]
        if parts[0] == "avoid":
            if len(parts) != 2 or parts[1] not in SUIT_WORDS:
                raise NotationError(f"name the suit to avoid as 'avoid clubs', not"
                                    f" {quoted(text)}")
            return AVOIDS[SUIT_WORDS[parts[1]]]
        return super().parse_action(t)


class AuctionHeartsState(HeartsState):
    """A deal of Auction Hearts: ``high`` and ``bidder`` (0 and -1 before a bid),
    ``bidding`` the bids in order, public."""

    __slots__ = ("high", "bidder", "bidding")
    copies = copying(same="high bidder bidding")
    phase_names: ClassVar[dict[int, str]] = {PLAY_PHASE: "play", OVER_PHASE: "end",
                                             BID: "bid", NAME: "avoid"}

    high: int
    bidder: int
    bidding: tuple[tuple[int, str], ...]

    def setup(self) -> None:
        self.high = 0
        self.bidder = -1
        self.bidding = ()
        self.phase = BID

    def phase_name(self) -> str:
        return self.phase_names[self.phase]

    def paid_bid(self, seat: int) -> int:
        return self.high if seat == self.bidder else 0

    def phase_actions(self) -> list[Action]:
        if self.phase == BID:
            return [NO_BID, *(BIDS[b] for b in range(self.high + 1, MAX_BID + 1))]
        return list(AVOIDS)

    def is_legal(self, action: Action) -> bool:
        if self.phase in (BID, NAME):
            return action in self.phase_actions()
        return super().is_legal(action)

    def apply_phase(self, action: Action) -> None:
        legal = self.phase_actions()
        if action not in legal:
            raise IllegalActionError(self._why_not(action))
        if self.phase == BID:
            self.make_bid(action)
        else:
            assert isinstance(action, Avoid)
            self.name_suit(action.suit)

    def _why_not(self, action: Action) -> str:
        what = action_text(action)
        if self.phase == BID:
            if isinstance(action, Bid):
                return (f"{what} is not allowed: a bid must be more than {self.high}, up to"
                        f" {MAX_BID} counters" if self.high else
                        f"{what} is not allowed: a bid is 1 to {MAX_BID} counters")
            return (f"{what} is not allowed now: seat {self.player} bids once or passes"
                    " (Law 30)")
        return f"{what} is not allowed now: seat {self.player} names the suit to avoid"

    def make_bid(self, action: Action) -> None:
        """One bid each from the dealer's left, the dealer last (Law 30)."""
        p = self.player
        if isinstance(action, Bid):
            self.high = action.counters
            self.bidder = p
        self.bidding = (*self.bidding, (p, action.notation()))
        self.note(BidMade, p, action.notation())
        if p != self.dealer:
            self.player = (p + 1) % self.n
            return
        if self.bidder < 0:
            self.note(AllPassed)
            self.player = self.leader
            self.phase = PLAY_PHASE
            return
        self.player = self.bidder
        self.phase = NAME

    def name_suit(self, suit: int) -> None:
        """The highest bidder names the suit to avoid, and leads (Foster)."""
        self.avoid = suit
        self.costs = self.cost_table(suit)
        self.note(SuitNamed, self.bidder, suit)
        self.leader = self.player = self.bidder
        self.phase = PLAY_PHASE

    def observation_fields(self, seat: int) -> dict[str, Any]:
        fields = super().observation_fields(seat)
        fields.update(bids=self.bidding, high=self.high, bidder=self.bidder,
                      avoid=Suit(self.avoid))
        return fields


AuctionHearts.state_class = AuctionHeartsState
