"""Auction Binocle (Foster, the variation after four-handed Binocle: INVENTORY 14-15;
VARIANTS V-AB-01, V-AB-02, V-AB-03), with or without a widow.

Three or four players each for himself, or four as partners opposite (``players``,
``mode``). All 48 cards are dealt by fours from the dealer's left and no trump is turned.
The players bid, from the dealer's left, for the right to name the trump and to lead;
then everybody lays his melds at once, good if he wins a trick, and the tricks are played
as in three- and four-handed Binocle (:mod:`.multi`): follow suit, win if able, trump
when void, under-trumping if need be; the last trick 10; the cards counted after, the
bidder first. A game is a number of deals (six by default), the highest total winning.

- Without a widow (``widow=none``): one bid each, no second bids; if all pass, the dealer
  must bid 20. Hands of 16 (three players) or 12 (four).
- With a widow (``widow=widow``): three cards at three, four at four, so hands of 15 or
  11, dealt by fours (the last round short) and the widow the last cards of the pack;
  each player may bid three times. The bidder turns the widow up for all to see, takes
  it, discards as many cards face down (``discard QS``, one at a time; the others never
  see them), and only then names the trump.

Choices where the text is silent (``docs/RULES.md``, "Auction Binocle"):

- What the bid promises: the bidder (his side, with partners) must make at least his bid
  in the deal, in melds, dix, cards and the last trick; if he does, everyone scores what
  he made; if not, he is *set back*: his deal counts minus his bid (the orphan Revoke
  paragraph's word), and the others keep theirs.
- Bids are multiples of 10, the lowest 20 (the dealer's forced bid), the highest 1000;
  each bid must top the one before. With a widow a player who passes is out of the
  bidding; the auction ends when every other player is out or has used his three bids.
- The discards count for the bidder with his tricks; they may be any cards. A card of
  the widow put back is known where it lies (everybody saw the widow turned up): only
  the bidder's own cards are discarded unseen.
- Dix: there is no turn-up to exchange; each Nine of the trump named is shown with the
  melds and counts 10, good like them on a trick won.
- The bidder leads the first trick; with partners the eldest hand always does.
- No claim: the game is so many deals. Level at the top after the last deal, another
  deal is played until one total leads.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ...core import table as seating
from ...core.cards import Card, card_name
from ...core.errors import IllegalActionError, NotationError, OptionError, quoted
from ...core.events import NUMBERED, BidMade, Event, Names, TrumpMade
from ...core.game import (
    MOST_DEALS,
    Action,
    DealResult,
    Options,
    WordAction,
    action_text,
    action_words,
    check_seat,
)
from ...core.game import option as _opt
from ...core.match import ScoreSheet
from ...core.trick import DiscardPiles, copying
from ..bezique.declarations import NINE, read_card
from .melds import CARD_POINTS, PACK_48, RANKS_48
from .multi import (
    MELD,
    MODES,
    DixShown,
    FourHandedBinocleOptions,
    MultiBinocle,
    MultiBinocleObservation,
    MultiBinocleState,
    parse_table_action,
)
from .two_handed import BinocleOptions

__all__ = ["AUCTION_PASS", "AuctionBinocle", "AuctionBinocleOptions", "AuctionObservation",
           "AuctionState", "Bid", "Discard", "NameTrump", "Pass"]

BID, DISCARD, TRUMP = 2, 3, 4
MIN_BID, STEP, MAX_BID = 20, 10, 1000
#: The dealer's bid when everyone before him has passed.
FORCED_BID = 20
SUIT_WORDS = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3,
              "c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


# -- actions ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid for the trump and the lead: ``bid 250``."""

    points: int

    def notation(self) -> str:
        return f"bid {self.points}"


class Pass(WordAction, word="pass"):
    """Make no bid: ``pass``."""


@dataclasses.dataclass(frozen=True, slots=True)
class Discard(Action):
    """The bidder lays a card aside face down after taking the widow: ``discard QS``."""

    card: Card

    def notation(self) -> str:
        return "discard " + self.card.notation()


@dataclasses.dataclass(frozen=True, slots=True)
class NameTrump(Action):
    """The bidder names the trump suit: ``trump hearts``."""

    suit: int

    def notation(self) -> str:
        return "trump " + SUIT_NAMES[self.suit]


AUCTION_PASS = Pass()
BIDS = {n: Bid(n) for n in range(MIN_BID, MAX_BID + 1, STEP)}
TRUMPS = tuple(NameTrump(s) for s in range(4))
DISCARDS = {c: Discard(Card(c)) for c in {int(x) for x in PACK_48.cards}}


def parse_auction_action(text: str, table: Any, game: str) -> Action:
    """``bid 250``, ``pass``, ``discard QS``, ``trump hearts``, and the table's actions
    (a card, ``lay ...``)."""
    t = action_words(text, game)
    low = t.lower()
    words = low.split()
    if low == "pass":
        return AUCTION_PASS
    if words[0] == "bid" and len(words) == 2:
        if not (words[1].isascii() and words[1].isdecimal()) or len(words[1]) > 6:
            raise NotationError(f"a bid is a number of points: 'bid 250', not {quoted(text)}")
        n = int(words[1])
        if n % STEP or not MIN_BID <= n <= MAX_BID:
            raise NotationError(f"bids are multiples of {STEP} from {MIN_BID} to {MAX_BID},"
                                f" not {n}")
        return BIDS[n]
    if words[0] == "discard" and len(words) == 2:
        return DISCARDS[int(read_card(t.split()[1], game, RANKS_48))]
    if words[0] == "trump" and len(words) == 2:
        if words[1] not in SUIT_WORDS:
            raise NotationError(f"trump names a suit (clubs, diamonds, hearts, spades), not"
                                f" {quoted(t.split()[1])}")
        return TRUMPS[SUIT_WORDS[words[1]]]
    # a card, 'lay ...' or 'knock', each with its own error (a card of no rank of the pack,
    # an unknown meld); anything else is no action of the game, the error listing them all
    return parse_table_action(text, table, game, "bid 250, pass, discard QS, trump hearts,"
                              " lay ..., or a card like QS")


# -- options ------------------------------------------------------------------------------

# -- the events of the auction -----------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class AuctionWon(Event):
    """``seat`` won the bidding at ``bid``."""

    seat: int
    bid: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "win", f"the bidding at {self.bid}") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class WidowShown(Event):
    """The widow ``cards``, turned up for all to see before ``seat``, the bidder,
    takes it."""

    seat: int
    cards: tuple[int, ...]

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "turn up", f"the widow: {names.cards(self.cards)}") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class WidowCardDiscarded(Event):
    """``seat`` put back ``card``, one of the widow's cards, which all have seen."""

    seat: int
    card: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "put", f"back {names.card(self.card)} of the widow") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Discarded(Event):
    """``seat`` discarded a card of his own face down."""

    seat: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "discard", "a card face down") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class TrumpNamed(TrumpMade):
    """``seat``, the bidder, named ``suit`` trumps."""

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "name", f"{names.suit(self.suit)} trumps") + "."


@dataclasses.dataclass(frozen=True)
class AuctionBinocleOptions(Options):
    """The variants of Auction Binocle (VARIANTS.md section 4)."""

    game_title: ClassVar[str] = "Auction Binocle"

    players: int = _opt(3, (3, 4), "Three or four players.", "V-AB-02")
    mode: str = _opt(
        "individual", MODES,
        "Each for himself, or (four players) two against two as partners opposite, the"
        " eldest hand always leading first.", "V-AB-02")
    widow: str = _opt(
        "none", ("none", "widow"),
        "No widow: one bid each, the dealer bidding 20 if all pass. Widow: three cards at"
        " three, four at four, three bids each, the bidder taking the widow and"
        " discarding before he names the trump.", "V-AB-01")
    deals: int = _opt(6, None, "Deals in a game; the highest total wins.", "V-AB-03",
                      least=1, most=MOST_DEALS)
    partnership_meld_scoring: str = FourHandedBinocleOptions.shared(
        "partnership_meld_scoring",
        "Partners: as four-handed Binocle (each scores his melds on his own trick; or on"
        " either's trick; or both partners' melds combined).")
    grand_binocle: bool = BinocleOptions.shared(
        "grand_binocle",
        "Whether grand binocle (K and Q of spades with the Jack of diamonds, 80) is a meld.")


# -- the game -----------------------------------------------------------------------------

class AuctionBinocle(MultiBinocle):
    """Auction Binocle: bidding for the trump, melds laid at once, a game of N deals.

    >>> game = AuctionBinocle()
    >>> state = game.deal(dealer=0, seed=1)
    >>> [len(h) for h in state.hands], state.current_player(), state.phase_name()
    ([16, 16, 16], 1, 'bid')
    """

    name = "binocleauction"
    title = "Auction Binocle"
    options_class = AuctionBinocleOptions
    options: AuctionBinocleOptions
    min_players, max_players = 3, 4

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        o = self.options
        if o.mode == "partners" and o.players != 4:
            raise OptionError("option mode=partners needs players=4 (two against two)")
        if o.mode == "individual" and o.partnership_meld_scoring != "own_trick_own_melds":
            raise OptionError(f"option partnership_meld_scoring={o.partnership_meld_scoring}"
                              " is for partners: it needs mode=partners")
        self.widow_size = o.players if o.widow == "widow" else 0
        self.hand_size = (len(PACK_48) - self.widow_size) // self.num_players
        self.max_bids = 3 if o.widow == "widow" else 1

    def fixed_sides(self) -> Sequence[int]:
        """Partners sit opposite (V-AB-02), four of them."""
        if self.options.mode == "partners":
            if self.num_players != 4:
                raise OptionError("option mode=partners needs players=4 (two against two)")
            return (0, 1, 0, 1)
        return seating.solo_sides(self.num_players)

    def deal(self, dealer: int, *, seed: int | None = None, pack: Sequence[int] | None = None,
             rng: random.Random | None = None, standing: Sequence[int] | None = None,
             targets: Sequence[int] | None = None) -> AuctionState:
        order = self.pack_order(seed=seed, pack=pack, rng=rng)
        dealer = check_seat(dealer, self.num_players, "dealer")
        return AuctionState.from_auction_pack(self, dealer, order)

    def deal_in_match(self, dealer: int, pack: Sequence[int], sheet: ScoreSheet) -> Any:
        """A deal knows nothing of the standing: the game is so many deals."""
        return self.deal(dealer, pack=pack)

    def parse_action(self, text: str) -> Action:
        """``bid 250``, ``pass``, ``discard QS``, ``trump hearts``, ``lay ...``, a card."""
        return parse_auction_action(text, self.table, self.title)

    def deal_result(self, state: Any) -> DealResult:
        """Each seat's points, the bidder (his side) set back by his bid if he did not
        make it."""
        return DealResult(state.result_points(), details=(
            ("bidder", state.bidder), ("bid", state.high), ("made", int(state.made()))))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """The deal goes on the sheet; after the game's deals the highest total wins, a
        tie at the top playing another deal."""
        row = sheet.enter(deal_no, dealer, result)
        bidder = result.detail("bidder", -1)
        if bidder >= 0:
            bid = result.detail("bid")
            made = bool(result.detail("made"))
            row.notes = (f"seat {bidder} bid {bid} and "
                         + ("made it" if made else f"is set back {bid}"),)
        if len(sheet.rows) < self.options.deals:
            return
        top = max(sheet.totals)
        leaders = [c for c, t in enumerate(sheet.totals) if t == top]
        if len(leaders) > 1:
            row.notes = (*row.notes, "level at the top: another deal")
            return
        self._win(sheet, leaders[0], f"after {len(sheet.rows)} deals")


# -- observations -------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class AuctionObservation(MultiBinocleObservation):
    """Auction Binocle's observation adds: ``bids`` the bidding so far as ``(seat,
    notation)``, ``high`` the highest bid (0: none), ``bidder`` its seat (-1), ``widow``
    the widow once turned up (None before, and with no widow), ``discards`` the cards
    this seat laid aside (the bidder alone sees his: none in the public observation),
    ``widow_discards`` the cards of the widow among them (seen by all when the widow
    was turned up), ``discarded`` how many cards were laid aside."""

    bids: tuple[tuple[int, str], ...]
    high: int
    bidder: int
    widow: tuple[Card, ...] | None
    discards: tuple[Card, ...]
    widow_discards: tuple[Card, ...]
    discarded: int


# -- the deal -----------------------------------------------------------------------------

class AuctionState(DiscardPiles, MultiBinocleState):
    """A deal of Auction Binocle (the fields of :class:`~.multi.MultiBinocleState`, and):
    ``high`` and ``bidder``, the bids each seat has made (``bids_made``), who has passed
    (``out``), the public bidding (``bidding``); ``widow`` its cards once shown;
    ``tables`` each seat's cards laid aside face down (the bidder's discards: hidden from
    the others, counted for him at the end). The widow lies in ``stock`` until shown."""

    __slots__ = ("high", "bidder", "bids_made", "out", "bidding", "widow", "tables",
                 "open_discards")
    copies = copying(
        same="high bidder bidding widow",
        list="bids_made out open_discards",
        lists="tables")

    phase_names: ClassVar[dict[int, str]] = {
        **MultiBinocleState.phase_names, BID: "bid", DISCARD: "discard", TRUMP: "trump"}
    observation_class = AuctionObservation

    high: int
    bidder: int
    bids_made: list[int]
    out: list[bool]
    bidding: tuple[tuple[int, str], ...]
    widow: tuple[int, ...] | None
    tables: list[list[int]]
    open_discards: list[int]

    @classmethod
    def from_auction_pack(cls, game: AuctionBinocle, dealer: int,
                          order: Sequence[int]) -> AuctionState:
        n = game.num_players
        hands = cls.dealt_hands(game, dealer, order, [game.hand_size] * n)
        dealt = sum(len(h) for h in hands)
        s: AuctionState = cls.blank(game, dealer, hands, (0,) * n, (0,) * n, trump=-1,
                                    stock=[int(c) for c in order[dealt:]], phase=BID)
        s.high = 0
        s.bidder = -1
        s.bids_made = [0] * n
        s.out = [False] * n
        s.bidding = ()
        s.widow = None
        s.tables = [[] for _ in range(n)]
        s.open_discards = []
        s.player = (dealer + 1) % n
        return s

    # -- the bidding -------------------------------------------------------------------

    def forced(self) -> bool:
        """Whether the dealer must bid 20: nobody has bid and everyone else has passed."""
        p = self.player
        return (p == self.dealer and self.bidder < 0
                and all(self.out[q] for q in range(self.n) if q != p))

    def phase_actions(self) -> list[Action]:
        phase = self.phase
        if phase == BID:
            if self.forced():
                return [BIDS[FORCED_BID]]
            low = max(MIN_BID, self.high + STEP)
            return [AUCTION_PASS, *(BIDS[b] for b in range(low, MAX_BID + 1, STEP))]
        if phase == DISCARD:
            return [DISCARDS[c] for c in sorted(set(self.hands[self.player]))]
        if phase == TRUMP:
            return list(TRUMPS)
        return super().phase_actions()

    def is_legal(self, action: Action) -> bool:
        if self.phase in (BID, DISCARD, TRUMP):
            return action in self.phase_actions()
        return super().is_legal(action)

    def apply_phase(self, action: Action) -> None:
        phase = self.phase
        if phase in (BID, DISCARD, TRUMP):
            legal = self.phase_actions()
            if action not in legal:
                raise IllegalActionError(self._why_not(action, legal))
            if phase == BID:
                self._bid(action)
            elif phase == DISCARD:
                self._discard(cast(Discard, action))
            else:
                self._name_trump(cast(NameTrump, action).suit)
            return
        super().apply_phase(action)

    def _why_not(self, action: Action, legal: list[Action]) -> str:
        what = action_text(action)
        p = self.player
        if self.phase == BID:
            if self.forced():
                return f"{what} is not allowed: all have passed, the dealer must bid 20"
            if isinstance(action, Bid):
                return (f"{what} is not allowed: a bid must top {self.high}, in tens up to"
                        f" {MAX_BID}" if self.high else
                        f"{what} is not allowed: bids are tens from {MIN_BID} to {MAX_BID}")
            return f"{what} is not allowed now: seat {p} bids or passes"
        if self.phase == DISCARD:
            if isinstance(action, Discard):
                return f"{what} is not allowed: {action.card} is not in seat {p}'s hand"
            return (f"{what} is not allowed now: seat {p} discards"
                    f" {self._to_discard()} more card(s) face down ('discard QS')")
        return f"{what} is not allowed now: seat {p} names the trump ('trump hearts')"

    def _bid(self, action: Action) -> None:
        p = self.player
        if isinstance(action, Bid):
            self.high = action.points
            self.bidder = p
            self.bids_made[p] += 1
        else:
            self.out[p] = True
        self.bidding = (*self.bidding, (p, action.notation()))
        self.note(BidMade, p, action.notation())
        nxt = self._next_bidder(p)
        if nxt < 0:
            self._auction_won()
        else:
            self.player = nxt

    def _next_bidder(self, p: int) -> int:
        """The next seat to the left that may still bid (not out, not the high bidder,
        with bids left), or -1 when the bidding is over."""
        for k in range(1, self.n + 1):
            q = (p + k) % self.n
            if self.out[q] or q == self.bidder or self.bids_made[q] >= self.game.max_bids:
                continue
            return q
        return -1

    def _auction_won(self) -> None:
        b = self.bidder
        self.note(AuctionWon, b, self.high)
        if self.game.widow_size:
            self.widow = tuple(self.stock)
            self.note(WidowShown, b, tuple(self.stock))
            self.hands[b] += self.stock
            self.known[b] += self.stock
            self.stock = []
            self.phase = DISCARD
        else:
            self.phase = TRUMP
        self.player = b

    def _to_discard(self) -> int:
        size: int = self.game.hand_size
        return len(self.hands[self.player]) - size

    def _discard(self, action: Discard) -> None:
        p = self.player
        c = int(action.card)
        self.hands[p].remove(c)
        self.tables[p].append(c)
        if c in self.known[p]:  # a card of the widow, which everybody saw
            self.known[p].remove(c)
            self.open_discards.append(c)
            self.note(WidowCardDiscarded, p, c)
        else:
            self.note(Discarded, p)
        if self._to_discard() == 0:
            self.phase = TRUMP

    def _name_trump(self, suit: int) -> None:
        """The bidder names the trump; each Nine of it is shown for dix; then each lays
        his melds from the dealer's left."""
        self.trump = suit
        self.note(TrumpNamed, self.player, suit)
        nine = suit * 16 + NINE
        for i in range(1, self.n + 1):
            p = (self.dealer + i) % self.n
            count = self.hands[p].count(nine)
            if count:
                self.items[p] += [(10, "dix")] * count
                self._know(p, [nine] * count)
                self.note(DixShown, p, count)
        self.phase = MELD
        first = (self.dealer + 1) % self.n
        self.player = first
        self.meld_queue = [(self.dealer + i) % self.n for i in range(2, self.n + 1)]
        self.leader = first if self.game.partnership else self.bidder

    # -- the end -----------------------------------------------------------------------

    def may_knock(self) -> bool:
        """No claim: the game is so many deals."""
        return False

    def count_cards(self) -> None:
        """The bidder counts first, his discards with his tricks; then the others from
        his left."""
        b = self.bidder
        for k in range(self.n):
            p = (b + k) % self.n
            pts = sum(CARD_POINTS[c] for c in self.won[p] + self.tables[p])
            if pts:
                self.score(p, pts, "cards")

    def made(self) -> bool:
        """Whether the bidder's side has made his bid (so far)."""
        if self.bidder < 0:
            return False
        return self.scores()[self.bidder] >= self.high

    def result_points(self) -> tuple[int, ...]:
        """The deal's points: as scored, but the bidder's side's set back by the bid if
        it did not make it."""
        pts = list(self.scores())
        if self.bidder >= 0 and not self.made():
            side = self.sides[self.bidder]
            for p in range(self.n):
                if self.sides[p] == side:
                    pts[p] = -self.high
        return tuple(pts)

    # -- hidden places -----------------------------------------------------------------

    def known_to(self, viewer: int) -> list[list[int]]:
        """The known cards of each hand, and the widow's cards the bidder laid aside
        (everybody saw the widow, so its cards put back are known where they lie)."""
        pins = super().known_to(viewer)
        if self.bidder >= 0:
            pins[self.n + 1 + self.bidder] = self.open_discards[:]
        return pins

    # -- copies and views --------------------------------------------------------------

    def observation_fields(self, seat: int) -> dict[str, Any]:
        f = super().observation_fields(seat)
        f.update(bids=self.bidding, high=self.high, bidder=self.bidder,
                 widow=tuple(Card(c) for c in self.widow) if self.widow is not None
                 else None,
                 discards=tuple(sorted(Card(c) for c in self.tables[seat]))
                 if seat >= 0 else (),
                 widow_discards=tuple(sorted(Card(c) for c in self.open_discards)),
                 discarded=sum(len(t) for t in self.tables))
        return f

    def observation(self, seat: int) -> AuctionObservation:
        return cast(AuctionObservation, super().observation(seat))

    def public_observation(self) -> AuctionObservation:
        """The public view: the bidding, the widow once shown and the count of cards
        laid aside, no seat's discards."""
        return cast(AuctionObservation, super().public_observation())

    def phase_name(self) -> str:
        if self.phase in (BID, DISCARD, TRUMP):
            return self.phase_names[self.phase]
        return super().phase_name()

    def __str__(self) -> str:
        return (super().__str__() + f"\n  bidder {self.bidder} at {self.high};"
                f" discards {[card_name(c) for t in self.tables for c in t]}")

