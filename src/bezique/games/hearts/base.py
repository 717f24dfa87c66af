"""The machinery every form of Hearts shares: the packs for two to six players, the deal
one card at a time from the dealer's left, the play (no trumps, follow suit if able,
otherwise any card, the winner of a trick leading to the next), what each card taken
costs, and the settlement of the pool (Foster's Laws of Hearts, 000 lines 19-137;
INVENTORY 20-21; the play itself from Foster's *Complete Hoyle*, Hearts, "Method of
Playing").

Each rule is a small method of :class:`HeartsState` or :class:`HeartsGame`
(:meth:`HeartsState.lead_cards`, :meth:`HeartsState.follow_cards`,
:meth:`HeartsState.beats`, :meth:`HeartsState.cost`, :meth:`HeartsState.trick_done`,
:meth:`HeartsGame.settle`, :meth:`HeartsGame.clean_rule`), so that a form overrides only
what it changes, and the laws of irregularities can later be laid over them.

A deal's ``points`` are what each seat has taken that costs (one a heart; the Joker five
in Joker Hearts; the suit bought in Auction Hearts): they only grow. The deal's result
(``returns``) is the counters each seat wins or pays when the deal is settled.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ...core.cards import Card, Pack, Rank, Suit, card_name
from ...core.errors import IllegalActionError, NotationError, OptionError, quoted
from ...core.events import SUIT_NAMES
from ...core.game import (
    MOST_DEALS,
    Action,
    DealResult,
    Game,
    Options,
    action_words,
    check_seat,
)
from ...core.game import option as _opt
from ...core.match import ScoreSheet
from ...core.trick import (
    OVER_PHASE,
    PLAY_PHASE,
    PLAYS,
    SUIT_MASKS,
    RankOrder,
    TrickObservationN,
    TrickStateN,
    beats,
    copying,
)

__all__ = ["CLUBS", "DIAMONDS", "HEARTS", "HeartsGame", "HeartsObservation",
           "HeartsSheet", "HeartsState", "ORDER", "SPADES", "Settlement", "pack_for",
           "parse_card"]

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
TWO = 2
#: A K Q J 10 9 8 7 6 5 4 3 2, the Ace highest in play (Law 3).
ORDER = RankOrder(sorted(Rank, reverse=True))
STRENGTH = ORDER.strength
FULL_PACK = Pack.of_ranks(sorted(Rank, reverse=True))
#: The deuces laid aside at each number of players (Law 3): the spade deuce at three,
#: both black deuces at five, all four at six.
DEUCES_OUT: dict[int, tuple[int, ...]] = {
    2: (), 3: (SPADES * 16 + TWO,), 4: (), 5: (CLUBS * 16 + TWO, SPADES * 16 + TWO),
    6: tuple(s * 16 + TWO for s in range(4))}
#: Cards each player is dealt (Law 8; two-handed: thirteen each, the rest a stock).
HAND_SIZE = {2: 13, 3: 17, 4: 13, 5: 10, 6: 8}


def pack_for(players: int) -> Pack:
    """The pack for ``players`` (Law 3): 52 cards less the deuces laid aside."""
    out = DEUCES_OUT[players]
    return Pack([c for c in FULL_PACK.cards if int(c) not in out])


def suit_word(suit: int) -> str:
    return SUIT_NAMES[suit]


SUIT_WORDS = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3, "c": 0, "d": 1,
              "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3, "club": 0, "diamond": 1,
              "heart": 2, "spade": 3}


def parse_card(text: str, game: str) -> Card:
    """A card of a Hearts pack, rank then suit (``QS``, ``10H``)."""
    t = text.strip()
    try:
        return Card.parse(t)
    except NotationError:
        raise NotationError(f"not a card of {game}: {quoted(text)} (write rank then suit,"
                            " e.g. QS, 10H, 2C)") from None


# -- options ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class HeartsMatchOptions(Options):
    """The match options every form of Hearts by Foster shares."""

    game_title: ClassVar[str] = "Hearts"

    counters: int = _opt(
        50, None,
        "The counters each player begins with (Foster: fifty is usual).",
        "Foster, Hearts, Counters", least=5, most=100)
    match: str = _opt(
        "deals", ("deals", "counters"),
        "How the match ends: after so many deals (option deals), or when a player's"
        " counters run out. The most counters wins.", "Foster, Hearts, Counters")
    deals: int = _opt(
        12, None,
        "Deals in a match that ends after so many deals (match=deals); level at the top,"
        " another deal is played.", "Foster, Hearts, Counters", least=1, most=MOST_DEALS)


# -- the score sheet ----------------------------------------------------------------------

@dataclasses.dataclass
class HeartsSheet(ScoreSheet):
    """A sheet of counters: each column a player's counters (starting at the stake), and
    the pool carried from deal to deal: ``carry`` its counters, ``jack`` whether it is a
    Jack (Law 29: then only one clean player can win it)."""

    jack: bool = False


# -- the settlement -----------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Settlement:
    """What a finished deal pays: ``net`` counters per seat (positive: won), the pool
    left (``pool``) and whether it is a Jack, and notes in words."""

    net: tuple[int, ...]
    pool: int
    jack: bool
    notes: tuple[str, ...]


# -- actions ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class HeartsObservation(TrickObservationN):
    """What one seat may know in a deal of Hearts: the N-seat fields (``points``: what
    each has taken that costs, one a heart) and ``avoid``, the suit whose cards cost (the
    hearts, or the suit an Auction Hearts bidder named); ``pool``, the counters in the
    pool before this deal's payments, ``jack`` whether it is a Jack; ``costs``, what
    each card of the pack costs its taker, as ``(card, counters)`` for the cards that
    cost; ``bids`` the auction so far as ``(seat, notation)``, ``high`` and ``bidder``
    (0 and -1 without one); ``passing`` the cards this seat passed (the modern game),
    ``received`` those passed to it once all have passed, ``pass_dir`` how many seats
    to the left the cards go (0: no passing, public); ``broken`` whether hearts have
    been broken (the modern game)."""

    avoid: Suit
    pool: int
    jack: bool
    costs: tuple[tuple[Card, int], ...]
    bids: tuple[tuple[int, str], ...]
    high: int
    bidder: int
    passing: tuple[Card, ...]
    received: tuple[Card, ...]
    pass_dir: int
    broken: bool


# -- the game -----------------------------------------------------------------------------

class HeartsGame(Game["HeartsState"]):
    """What every form of Hearts shares: the packs, the deal, the play, the pool."""

    name = "hearts"
    title = "Hearts"
    options_class: ClassVar[type[Options]] = HeartsMatchOptions
    min_players, max_players = 2, 6
    #: Laws 1-2: the lowest cut deals, the Ace lowest.
    #: the pool's counters (Law 29)
    result_unit = "counters"
    cut = "low"
    cut_ranks: ClassVar[tuple[int, ...]] = (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 14)
    #: The counters the Joker costs (Joker Hearts), 0 when there is none.
    joker_cost: ClassVar[int] = 0

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        self._pack = pack_for(self.num_players)
        self.hand_size = HAND_SIZE[self.num_players]

    @property
    def pack(self) -> Pack:
        return self._pack

    # -- match -------------------------------------------------------------------------

    def stake(self) -> int:
        return int(getattr(self.options, "counters", 0))

    def new_sheet(self) -> ScoreSheet:
        """A column of counters per player, each beginning with the stake."""
        return HeartsSheet(columns=self.num_players, totals=[self.stake()] * self.num_players)

    def deal_in_match(self, dealer: int, pack: Sequence[int], sheet: ScoreSheet) -> HeartsState:
        """A deal that knows the pool carried to it and whether it is a Jack (Law 29)."""
        state = self.deal(dealer, pack=pack)
        state.pool = sheet.carry
        state.jack = bool(getattr(sheet, "jack", False))
        return state

    def parse_action(self, text: str) -> Action:
        t = action_words(text, self.title)
        parts = t.split()
        if len(parts) == 1:
            return PLAYS[int(self.read_card(parts[0]))]
        raise NotationError(f"not an action of {self.title}: {quoted(text)} (a card, e.g."
                            " QS)")

    def read_card(self, text: str) -> Card:
        """A card of this game's pack, by its notation."""
        card = parse_card(text, self.title)
        if card not in self.pack:
            raise NotationError(f"{card} is not in the pack of {self.title} at"
                                f" {self.num_players} (Law 3: deuces laid aside)")
        return card

    # -- settling ----------------------------------------------------------------------

    def deal_result(self, state: HeartsState) -> DealResult:
        """Each seat's counters won (or paid, negative); ``details``: ``pool`` left,
        ``jack`` (1 when the pool is left as a Jack), ``clean`` (players who took nothing
        that costs)."""
        if not state.is_terminal():
            raise ValueError("the deal is not over")
        s = self.settle(state)
        clean = sum(1 for p in state.points if p == 0)
        return DealResult(s.net, s.notes, (("pool", s.pool), ("jack", int(s.jack)),
                                           ("clean", clean)))

    def settle(self, state: HeartsState) -> Settlement:
        """Law 29 (sweepstakes): each pays a counter for each heart taken (what each card
        costs) into the pool; one clean player takes the pool; two divide it, the odd
        counter remaining; otherwise it stays as a Jack. Two-handed: the difference."""
        n = self.num_players
        taken = list(state.points)
        if n == 2:
            return self.settle_difference(taken)
        if getattr(self.options, "settling", "sweepstakes") == "howell":
            return self.settle_howell(taken)
        paid = [taken[p] + state.paid_bid(p) for p in range(n)]
        pool = state.pool + sum(paid)
        net = [-x for x in paid]
        clean = [p for p in range(n) if taken[p] == 0]
        notes: list[str] = []
        winners = self.clean_rule(clean, state.jack)
        if len(winners) == 1:
            net[winners[0]] += pool
            notes.append(f"seat {winners[0]} alone is clean and takes the pool of {pool}")
            return Settlement(tuple(net), 0, False, tuple(notes))
        if len(winners) == 2:
            half = pool // 2
            for w in winners:
                net[w] += half
            left = pool - 2 * half
            notes.append(f"seat {winners[0]} and seat {winners[1]} are clean and divide the pool"
                         f" of {pool}" + (", the odd counter remaining" if left else ""))
            return Settlement(tuple(net), left, False, tuple(notes))
        why = ("nobody is clean" if not clean else
               "two are clean, but a Jack goes to one clean player only" if len(clean) == 2
               else f"{len(clean)} are clean")
        notes.append(f"{why}: the pool of {pool} stays, a Jack")
        return Settlement(tuple(net), pool, True, tuple(notes))

    def clean_rule(self, clean: list[int], jack: bool) -> list[int]:
        """Who wins the pool (Law 29): the one clean player; the two clean players, who
        divide it, unless the pool is a Jack; nobody otherwise."""
        if len(clean) == 1:
            return clean
        if len(clean) == 2 and not jack:
            return clean
        return []

    @staticmethod
    def settle_howell(taken: Sequence[int]) -> Settlement:
        """Howell's settling (Foster's Complete Hoyle): each pays, for every heart he
        took, a counter to each other player, and takes a counter for every heart he did
        not take: ``total - players * taken``. No pool stays."""
        n = len(taken)
        total = sum(taken)
        net = tuple(total - n * t for t in taken)
        return Settlement(net, 0, False, ("Howell's settling",))

    @staticmethod
    def settle_difference(taken: Sequence[int]) -> Settlement:
        """Two-handed (Foster's Complete Hoyle): the one who took more pays the other the
        difference."""
        d = taken[1] - taken[0]
        return Settlement((d, -d), 0, False,
                          (f"the difference, {abs(d)}" if d else "level: nothing paid",))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """The counters change hands; the pool left stays on the sheet (a Jack or an odd
        counter); the match ends after its deals, or when a player's counters run out,
        the most counters winning (level at the top: another deal)."""
        pool = result.detail("pool")
        jack = bool(result.detail("jack"))
        notes = list(result.notes)
        if pool:
            notes.append(f"pool {pool}" + (" (a Jack)" if jack else ""))
        sheet.enter(deal_no, dealer, result, notes)
        sheet.carry = pool
        if isinstance(sheet, HeartsSheet):
            sheet.jack = jack
        o: Any = self.options
        t = sheet.totals
        if o.match == "deals":
            if len(sheet.rows) < o.deals:
                return
            why = f"after {len(sheet.rows)} deals"
        else:
            if min(t) > 0 and len(sheet.rows) < MOST_DEALS * 10:
                return
            out = [p for p in range(len(t)) if t[p] <= 0]
            why = "seat " + " and ".join(str(p) for p in out) + " out of counters"
        top = max(t)
        leaders = [p for p, x in enumerate(t) if x == top]
        if len(leaders) > 1:
            sheet.rows[-1].notes = (*sheet.rows[-1].notes, "level at the top: another deal")
            return
        sheet.end_game(leaders[0], 1, summary=f"seat {leaders[0]} wins with {top} counters,"
                       f" {why}")


# -- the deal -----------------------------------------------------------------------------

class HeartsState(TrickStateN):
    """A deal of Hearts. Beside the N-seat machinery: ``avoid`` (the suit whose cards
    cost: hearts unless an auction changed it), ``pool`` and ``jack`` (the pool carried
    to this deal, Law 29), ``costs`` (each card id's cost to its taker)."""

    __slots__ = ("avoid", "pool", "jack", "costs")
    copies = copying(same="avoid pool jack costs")

    order = ORDER
    observation_class: ClassVar[type[TrickObservationN]] = HeartsObservation
    phase_names: ClassVar[dict[int, str]] = {PLAY_PHASE: "play", OVER_PHASE: "end"}

    game: HeartsGame
    avoid: int
    pool: int
    jack: bool
    costs: tuple[int, ...]

    @classmethod
    def from_pack(cls, game: HeartsGame, dealer: int, order: Sequence[int]) -> HeartsState:
        """Deal one card at a time to each in turn from the dealer's left until the pack
        is out (Law 8); two-handed, thirteen each and the rest a stock face down."""
        n = game.num_players
        dealer = check_seat(dealer, n, "dealer")
        o = [int(c) for c in order]
        if len(o) != len(game.pack):
            raise ValueError(f"a pack order of {game.title} at {n} has {len(game.pack)}"
                             f" cards, not {len(o)}")
        dealt = game.hand_size * n
        hands: list[list[int]] = [[] for _ in range(n)]
        for i, c in enumerate(o[:dealt]):
            hands[(dealer + 1 + i) % n].append(c)
        s = cls.__new__(cls)
        s.start(game, dealer, hands, stock=o[dealt:])
        s.avoid = HEARTS
        s.pool = 0
        s.jack = False
        s.costs = s.cost_table(HEARTS)
        s.setup()
        return s

    def setup(self) -> None:
        """A form's own fields and opening phase (none here)."""

    # -- the rules, each a small method ----------------------------------------------------

    def cost_table(self, avoid: int) -> tuple[int, ...]:
        """What each card id costs its taker: one counter a card of the suit to avoid."""
        return tuple(1 if c >> 4 == avoid and 2 <= c & 15 <= 14 else 0 for c in range(64))

    def cost(self, card: int) -> int:
        """What ``card`` costs the player who takes it in a trick."""
        return self.costs[card]

    def paid_bid(self, seat: int) -> int:
        """Counters ``seat`` paid into the pool for the deal beside the cards he took (an
        Auction Hearts bid)."""
        return 0

    def follow_cards(self, hand: list[int]) -> list[int]:
        """Follow suit if able, otherwise any card (Law 22; Foster, Method of Playing)."""
        suit = self.trick[0] >> 4
        same = [c for c in hand if c >> 4 == suit]
        return same or list(hand)

    def note_play(self, seat: int, card: int) -> None:
        """A card not of the suit led shows its player void in that suit (while no card
        can be drawn: two-handed, the stock may refill it)."""
        suit = self.trick[0] >> 4
        if card >> 4 != suit and not self.stock:
            self.exclude(seat, SUIT_MASKS[suit])

    def beats(self, card: int, best: int) -> bool:
        """No trumps: the highest card of the suit led wins (Law 3; Method of Playing)."""
        return beats(card, best, -1, STRENGTH)

    def why_illegal(self, card: int, legal: list[int]) -> str:
        if card not in self.hands[self.player]:
            return f"{card_name(card)} is not in the hand of seat {self.player}"
        if self.trick:
            suit = self.trick[0] >> 4
            if card >> 4 != suit and any(c >> 4 == suit for c in self.hands[self.player]):
                return (f"{card_name(card)} may not be played: you must follow suit"
                        f" ({suit_word(suit)}, Law 22); play one of "
                        + " ".join(card_name(c) for c in sorted(set(legal))))
        return super().why_illegal(card, legal)

    def trick_done(self, winner: int, cards: tuple[int, ...]) -> None:
        """The winner takes what the trick's cards cost; two-handed, he draws the top card
        of the stock and the other the next; the deal ends with the last card."""
        pts = sum(self.costs[c] for c in cards)
        if pts:
            self.score(winner, pts, suit_word(self.avoid))
        if self.stock:
            self.draw(winner)
            self.draw(1 - winner)
        if not any(self.hands):
            self.phase = OVER_PHASE

    def draw(self, seat: int) -> None:
        """``seat`` draws the top card of the stock (two-handed), unseen by the other; what
        his play showed he lacked no longer holds."""
        self.hands[seat].append(self.stock.pop(0))
        self.excluded[seat] = 0

    # -- observations ----------------------------------------------------------------------

    def observation_fields(self, seat: int) -> dict[str, Any]:
        fields = super().observation_fields(seat)
        pack = sorted({int(c) for c in self.game.pack.cards})
        fields.update(
            avoid=Suit(self.avoid), pool=self.pool, jack=self.jack,
            costs=tuple((Card(c), self.costs[c]) for c in pack if self.costs[c]),
            bids=(), high=0, bidder=-1, passing=(), received=(), pass_dir=0,
            broken=False)
        return fields

    def observation(self, seat: int) -> HeartsObservation:
        return cast(HeartsObservation, super().observation(seat))

    def public_observation(self) -> HeartsObservation:
        return cast(HeartsObservation, super().public_observation())

    def apply(self, action: Action) -> None:
        if self.phase == PLAY_PHASE:
            card = getattr(action, "card", None)
            if type(card) is not int and isinstance(card, int) and not isinstance(card, bool):
                action = PLAYS[int(card)]
        super().apply(action)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} seats={self.n} dealer={self.dealer}"
                f" trick={self.tricks} phase={self.phase_names.get(self.phase, self.phase)}>")


def check_players(game: Game[Any], allowed: Sequence[int], why: str) -> None:
    """An OptionError unless the game seats one of ``allowed``."""
    if game.num_players not in allowed:
        raise OptionError(f"{game.title} is played by {', '.join(map(str, allowed))}, not"
                          f" {game.num_players}: {why}")


def illegal(msg: str) -> IllegalActionError:
    return IllegalActionError(msg)
