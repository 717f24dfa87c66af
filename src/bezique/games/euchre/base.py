"""The machinery Euchre's forms share (Enquire Within 120-121; INVENTORY 24): the pack
with its bowers, the making of the trump (ordering up, taking up, the dealer's discard,
making another suit), the lone hand, the follow rule with the left bower a trump, and
the scoring of a deal. Each form (:mod:`.two_handed`, :mod:`.four_handed`,
:mod:`.openspiel`) is a small module stating its seats and its options.

Cards rank as at Whist (A K Q J 10 9 8 7, or down to the Nine in the 24-card pack), but
the Jack of trumps, the right bower, and the other Jack of the same colour, the left
bower, rank above the Ace of trumps (EW 120). The left bower *is* a trump while that
suit is trumps: it follows to a trump lead, it must be played to one when it is the only
trump held, and it is no card of its printed suit (its suit led, it does not follow).
So the text's rule that one who cannot follow a trump lead must play the left bower (EW
121) asks nothing more: holding it, one can follow.

The making (EW 121; for four, the American rules of the period, Foster's *Complete
Hoyle* and the *American Hoyle*): from the dealer's left each in turn passes or accepts
the turned card's suit (``order up``: an adversary orders it up, the dealer's partner
assists, the dealer takes it up, "I play"). Accepted, the dealer takes the card into his
hand and discards one of his own face down. All passing, the card is turned down and
from the dealer's left each in turn may pass or make another suit trumps (``make
hearts``; two-handed, "altering the trump"); all passing again, the hand is abandoned
and the deal passes, unless the dealer is stuck (``stick_the_dealer``) and must make
one. The maker may then play alone (four-handed, ``lone_hand``), his partner laying his
cards down; an adversary may defend alone where allowed (``lone_defender``).

Scoring: the makers (the maker's side) winning three or four tricks score 1, all five
(the march) 2, or 4 for a lone hand; fewer than three, they are euchred and the other
side scores 2 (4 against a lone defender).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ...core import table as seating
from ...core.cards import Card, Pack, Rank, Suit, card_name, parse_game_card
from ...core.errors import IllegalActionError, NotationError, quoted
from ...core.events import NUMBERED, Event, Names, TrumpMade
from ...core.game import (
    Action,
    DealResult,
    Game,
    WordAction,
    action_text,
    action_words,
    check_seat,
)
from ...core.match import ScoreSheet
from ...core.trick import (
    OVER_PHASE,
    PLAY_PHASE,
    PLAYS,
    DiscardPiles,
    PlayCard,
    TrickObservationN,
    TrickStateN,
    copying,
)

__all__ = ["ALONE", "DISCARD", "Alone", "Discard", "Euchre", "EuchreObservation",
           "EuchreState", "MakeTrump", "ORDER", "OrderUp", "Pass", "SUIT_OF", "STRENGTH",
           "WithPartner", "MAKE", "DEFEND", "left_bower", "right_bower"]

JACK = 11
#: Phases of the making (besides ``PLAY_PHASE`` and ``OVER_PHASE``).
ORDER, ALONE, DEFEND, DISCARD, MAKE = 1, 2, 3, 4, 5
PHASE_NAMES = {ORDER: "order", ALONE: "alone", DEFEND: "defend", DISCARD: "discard",
               MAKE: "make", PLAY_PHASE: "play", OVER_PHASE: "over"}
SUIT_WORDS = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3,
              "c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
#: The suit of the same colour: clubs and spades, diamonds and hearts (EW 120).
SAME_COLOUR = (3, 2, 1, 0)

#: The ranks of each pack, high to low as at Whist (the bowers apart).
RANKS_32 = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
            Rank.SEVEN)
RANKS_24 = RANKS_32[:6]
PACKS = {"32": Pack.of_ranks(RANKS_32), "24": Pack.of_ranks(RANKS_24)}
PACK_RANKS = {"32": RANKS_32, "24": RANKS_24}


def right_bower(trump: int) -> int:
    """The Jack of trumps."""
    return trump * 16 + JACK


def left_bower(trump: int) -> int:
    """The Jack of the other suit of the trumps' colour."""
    return SAME_COLOUR[trump] * 16 + JACK


def _tables() -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    suit_of, strength, masks = [], [], []
    for t in range(4):
        so = [c >> 4 for c in range(64)]
        st = [c & 15 for c in range(64)]
        so[left_bower(t)] = t
        st[right_bower(t)] = 31
        st[left_bower(t)] = 30
        m = [0, 0, 0, 0]
        for c in range(64):
            if 7 <= c & 15 <= 14:
                m[so[c]] |= 1 << c
        suit_of.append(so)
        strength.append(st)
        masks.append(m)
    return suit_of, strength, masks


#: ``SUIT_OF[trump][card]``: the suit a card belongs to in play (the left bower a trump).
#: ``STRENGTH[trump][card]``: its rank within that suit (the bowers above the Ace).
#: ``SUIT_MASK[trump][suit]``: the cards of a suit in play, as a mask.
SUIT_OF, STRENGTH, SUIT_MASK = _tables()


# -- actions ------------------------------------------------------------------------------

class Pass(WordAction, word="pass"):
    """Decline: not ordering up, not making a suit, not taking up (``pass``)."""


class OrderUp(WordAction, word="order up"):
    """Accept the turned card's suit for trumps (``order up``; the dealer's partner
    "assists", the dealer "takes it up": ``assist``, ``take up``, ``I play`` are read
    as the same)."""


class Alone(WordAction, word="alone"):
    """The maker (or a defender, where allowed) plays alone, his partner out."""


class WithPartner(WordAction, word="with partner"):
    """The maker (or a defender) plays with his partner."""


@dataclasses.dataclass(frozen=True, slots=True)
class MakeTrump(Action):
    """Make a suit other than the turned card's trumps: ``make hearts``."""

    suit: int

    def notation(self) -> str:
        return "make " + SUIT_NAMES[self.suit]


@dataclasses.dataclass(frozen=True, slots=True)
class Discard(Action):
    """The dealer, taking up the turned card, lays one of his own aside face down:
    ``discard 9S``."""

    card: Card

    def notation(self) -> str:
        return "discard " + self.card.notation()


PASS, ORDER_UP, ALONE_ACTION, WITH_PARTNER = Pass(), OrderUp(), Alone(), WithPartner()
MAKES = tuple(MakeTrump(s) for s in range(4))
DISCARDS = {c: Discard(Card(c)) for c in range(64) if 7 <= c & 15 <= 14}
_WORDS: dict[str, Action] = {
    "pass": PASS, "order up": ORDER_UP, "order": ORDER_UP, "assist": ORDER_UP,
    "take up": ORDER_UP, "take it up": ORDER_UP, "i play": ORDER_UP,
    "alone": ALONE_ACTION, "play alone": ALONE_ACTION,
    "with partner": WITH_PARTNER, "partner": WITH_PARTNER}


def parse_euchre_action(text: str, ranks: Sequence[Rank], title: str) -> Action:
    """Read a Euchre action: ``pass``, ``order up`` (``assist``, ``take up``, ``I
    play``), ``make hearts``, ``discard 9S``, ``alone``, ``with partner``, or a card
    (``JH``, ``10S``)."""
    t = action_words(text, title)
    low = t.lower()
    if low in _WORDS:
        return _WORDS[low]
    words = low.split()
    if words[0] in ("make", "trump", "trumps") and len(words) == 2:
        if words[1] not in SUIT_WORDS:
            raise NotationError(f"make names a suit (clubs, diamonds, hearts, spades), not"
                                f" {quoted(t.split()[1])}")
        return MAKES[SUIT_WORDS[words[1]]]
    if words[0] == "discard" and len(words) == 2:
        return DISCARDS[int(parse_game_card(t.split()[1], ranks, title))]
    if len(words) == 1:
        return PLAYS[int(parse_game_card(t, ranks, title))]
    raise NotationError(f"not a {title} action: {quoted(text)} (pass, order up, make"
                        " hearts, discard 9S, alone, with partner, or a card like JH)")


# -- events -------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class TurnUp(Event):
    """``seat``, the dealer, turned ``card`` up, proposing its suit for trumps."""

    seat: int
    card: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "turn up", names.card(self.card)) + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` passed."""

    seat: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "pass") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class OrderedUp(Event):
    """``seat`` accepted the turned ``card``'s suit: an adversary of the dealer orders
    it up, his partner assists, the dealer takes it up."""

    seat: int
    dealer: int
    card: int
    assists: bool = False

    seat_fields: ClassVar[tuple[str, ...]] = ("seat", "dealer")

    def describe(self, names: Names = NUMBERED) -> str:
        trumps = f": {names.suit(self.card >> 4)} are trumps"
        if self.seat == self.dealer:
            return names.says(self.seat, "take up", names.card(self.card)) + trumps + "."
        if self.assists:
            return names.says(self.seat, "assist") + trumps + "."
        return names.says(self.seat, "order up", names.card(self.card)) + trumps + "."


@dataclasses.dataclass(frozen=True, slots=True)
class TurnedDown(Event):
    """``seat``, the dealer, passed too: the turned ``card`` is turned down."""

    seat: int
    card: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "turn down", names.card(self.card)) + "."


@dataclasses.dataclass(frozen=True, slots=True)
class TrumpMadeEuchre(TrumpMade):
    """``seat`` made ``suit`` trumps after the turned card was refused."""

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "make", f"{names.suit(self.suit)} trumps") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class WentAlone(Event):
    """``seat`` chose to play alone (``alone``) or with his partner; ``defending`` for an
    adversary of the maker."""

    seat: int
    alone: bool
    defending: bool = False

    def describe(self, names: Names = NUMBERED) -> str:
        if not self.alone:
            return names.says(self.seat, "play", "with " + names.its(self.seat)
                              + " partner") + "."
        return names.says(self.seat, "defend" if self.defending else "play", "alone") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class DiscardedDown(Event):
    """``seat``, the dealer, laid a card aside face down."""

    seat: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "discard", "a card face down") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Abandoned(Event):
    """Every player passed twice: the hand is abandoned and the deal passes."""

    seat: int  # the dealer

    def describe(self, names: Names = NUMBERED) -> str:
        return "All passed: the hand is abandoned and the deal passes."


# -- the game -----------------------------------------------------------------------------

class Euchre(Game["EuchreState"]):
    """The shared rules of Euchre's forms (see the module's notes); a form sets its
    seats, sides, name and options. Options every form has: ``pack``, ``deal``,
    ``game_target``; four-handed adds ``stick_the_dealer``, ``lone_hand``,
    ``lone_defender`` and ``alone_decision``."""

    #: Whether the maker may play alone (four-handed only).
    has_lone_hand: ClassVar[bool] = False
    #: A deal scores 1 to 4 points toward a game of five or ten: a review marks a
    #: decision from half a point, as in the games scored in game points.
    result_unit: ClassVar[str] = "game points"

    @property
    def pack(self) -> Pack:
        return PACKS[self.options.pack]  # type: ignore[attr-defined]

    @property
    def ranks(self) -> tuple[Rank, ...]:
        return PACK_RANKS[self.options.pack]  # type: ignore[attr-defined]

    def option(self, name: str, default: Any) -> Any:
        """An option of the form, or ``default`` where the form has none."""
        return getattr(self.options, name, default)

    def parse_action(self, text: str) -> Action:
        return parse_euchre_action(text, self.ranks, self.title)

    def deal_result(self, state: EuchreState) -> DealResult:
        """The side that scored holds its points (each member of it); nothing for an
        abandoned hand. ``details``: ``maker`` (-1 if none), ``tricks`` (the makers'),
        ``alone``, ``euchred``."""
        if not state.is_terminal():
            raise ValueError("the deal is not over")
        per_side = [0] * seating.num_sides(state.deal_sides)
        if state.maker < 0:
            return DealResult(tuple([0] * self.num_players),
                              ("all passed: the hand is abandoned",), (("maker", -1),))
        side = state.deal_sides[state.maker]
        tricks = state.maker_tricks()
        value, scorer, why = state.deal_value()
        per_side[scorer] = value
        return DealResult(seating.seat_results(state.deal_sides, per_side), (why,),
                          (("maker", state.maker), ("tricks", tricks),
                           ("alone", int(state.alone == 1)),
                           ("euchred", int(scorer != side))))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Points add up to the game (five, EW 121); the first side there wins. Only one
        side scores a deal, so two cannot reach it together."""
        sheet.enter(deal_no, dealer, result, result.notes)
        target = self.options.game_target  # type: ignore[attr-defined]
        t = sheet.totals
        if max(t) < target:
            return
        winner = t.index(max(t))
        loser = 1 - winner if len(t) == 2 else min(range(len(t)), key=t.__getitem__)
        sheet.end_game(winner, 1, summary=f"{self.column_name(winner)} win the game"
                       f" {t[winner]}-{t[loser]}")

    def column_name(self, column: int) -> str:
        """A column of the sheet in words."""
        return f"seat {column}"


# -- observations -------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class EuchreObservation(TrickObservationN):
    """A seat's view of a deal of Euchre: the N-seat fields (``points`` each seat's
    side's points from the deal, scored at its end) and ``turned`` (the card turned,
    public), ``turn_up`` (the same while it lies face up, proposed; None once taken up,
    turned down or passed over), ``taken`` (whether the dealer took it into his hand),
    ``bids`` (the making so far, ``(seat, notation)``), ``maker`` (-1 before),
    ``alone`` (the maker plays alone), ``lone_defender`` (-1: none), ``discards``
    (the dealer's card laid aside, to the dealer only), ``side_tricks`` per side,
    ``active`` (the seats that play), ``pack_size`` (24 or 32)."""

    turn_up: Card | None
    turned: Card
    taken: bool
    bids: tuple[tuple[int, str], ...]
    maker: int
    alone: bool
    lone_defender: int
    discards: tuple[Card, ...]
    side_tricks: tuple[int, ...]
    active: tuple[int, ...]
    pack_size: int


# -- the deal -----------------------------------------------------------------------------

class EuchreState(DiscardPiles, TrickStateN):
    """A deal of Euchre. Beside the N-seat machinery: ``turned`` (the turned card),
    ``taken`` (in the dealer's hand), ``maker`` (-1 until the trump is made),
    ``ordered`` (made by accepting the turned card), ``alone`` (-1 undecided, 0, 1),
    ``lone_defender`` (-1), ``asked`` (the defenders asked whether they defend alone),
    ``tables`` (each seat's cards laid aside face down: the dealer's discard, hidden from
    the others), ``bids`` (the public making). The turned card lies in ``stock`` until
    the dealer takes it up, every hand publicly excluded from holding it."""

    __slots__ = ("turned", "taken", "maker", "ordered", "alone", "lone_defender", "asked",
                 "tables", "bids")
    copies = copying(same="turned taken maker ordered alone lone_defender asked bids",
                     lists="tables")

    observation_class = EuchreObservation
    phase_names: ClassVar[dict[int, str]] = PHASE_NAMES

    game: Euchre
    turned: int
    taken: bool
    maker: int
    ordered: bool
    alone: int
    lone_defender: int
    asked: int
    tables: list[list[int]]
    bids: tuple[tuple[int, str], ...]

    @classmethod
    def from_pack(cls, game: Euchre, dealer: int, order: Sequence[int]) -> EuchreState:
        """Deal five each from the dealer's left as ``deal`` says (by two then three, by
        three then two, or one at a time) and turn the next card up (EW 121: the
        eleventh, two-handed); the rest lie undealt."""
        n = game.num_players
        dealer = check_seat(dealer, n, "dealer")
        o = [int(c) for c in order]
        if len(o) != len(game.pack):
            raise ValueError(f"a {game.title} pack order has {len(game.pack)} cards, not"
                             f" {len(o)}")
        rounds = {"2-3": (2, 3), "3-2": (3, 2), "ones": (1,) * 5}[game.option("deal", "2-3")]
        hands: list[list[int]] = [[] for _ in range(n)]
        i = 0
        for k in rounds:
            for j in range(1, n + 1):
                hands[(dealer + j) % n] += o[i:i + k]
                i += k
        s = cls.__new__(cls)
        # the turned card lies on the stock, face up: known to be in no hand
        s.start(game, dealer, hands, stock=o[i:], phase=ORDER)
        s.turned = o[i]
        s.excluded = [1 << o[i]] * n
        s.taken = False
        s.maker = -1
        s.ordered = False
        s.alone = -1
        s.lone_defender = -1
        s.asked = 0
        s.tables = [[] for _ in range(n)]
        s.bids = ()
        s.note(TurnUp, dealer, s.turned)
        return s

    # -- the making ------------------------------------------------------------------------

    def phase_actions(self) -> list[Action]:
        phase = self.phase
        if phase == ORDER:
            return [PASS, ORDER_UP]
        if phase == MAKE:
            makes: list[Action] = [MAKES[s] for s in range(4) if s != self.turned >> 4]
            return makes if self._stuck() else [PASS, *makes]
        if phase in (ALONE, DEFEND):
            return [WITH_PARTNER, ALONE_ACTION]
        if phase == DISCARD:
            return [DISCARDS[c] for c in sorted(self.hands[self.player]) if c != self.turned]
        return []

    def _stuck(self) -> bool:
        """Whether the dealer must make a suit (``stick_the_dealer``; all passed)."""
        return (self.player == self.dealer and self.game.option("stick_the_dealer", False))

    def apply_phase(self, action: Action) -> None:
        legal = self.phase_actions()
        if action not in legal:
            raise IllegalActionError(self._why_not(action, legal))
        phase = self.phase
        p = self.player
        if phase == ORDER:
            if action == ORDER_UP:
                assists = self.deal_sides[p] == self.deal_sides[self.dealer] and p != self.dealer
                word = "take up" if p == self.dealer else "assist" if assists else "order up"
                self.bids = (*self.bids, (p, word))
                self.note(OrderedUp, p, self.dealer, self.turned, assists)
                self._made(p, self.turned >> 4, ordered=True)
            else:
                self.bids = (*self.bids, (p, "pass"))
                if p == self.dealer:
                    self.note(TurnedDown, p, self.turned)
                    self.phase = MAKE
                    self.player = (p + 1) % self.n
                else:
                    self.note(Passed, p)
                    self.player = (p + 1) % self.n
        elif phase == MAKE:
            self.bids = (*self.bids, (p, action.notation()))
            if isinstance(action, MakeTrump):
                self.note(TrumpMadeEuchre, p, action.suit)
                self._made(p, action.suit, ordered=False)
            else:
                self.note(Passed, p)
                if p == self.dealer:
                    self.note(Abandoned, self.dealer)
                    self.phase = OVER_PHASE
                else:
                    self.player = (p + 1) % self.n
        elif phase == ALONE:
            self.alone = int(action == ALONE_ACTION)
            self.note(WentAlone, p, bool(self.alone))
            if self.alone:
                self._sit_out(self.partner_of(p))
            self._advance()
        elif phase == DEFEND:
            self.asked += 1
            alone = action == ALONE_ACTION
            self.note(WentAlone, p, alone, True)
            if alone:
                self.lone_defender = p
                self._sit_out(self.partner_of(p))
            self._advance()
        elif phase == DISCARD:
            c = int(cast(Discard, action).card)
            self.hands[p].remove(c)
            self.tables[p].append(c)
            self.note(DiscardedDown, p)
            self._advance()

    def partner_of(self, seat: int) -> int:
        """``seat``'s partner (four-handed)."""
        return seating.partners(self.deal_sides, seat)[0]

    def _sit_out(self, seat: int) -> None:
        self.active &= ~(1 << seat)

    def _made(self, seat: int, suit: int, *, ordered: bool) -> None:
        self.maker = seat
        self.trump = suit
        self.ordered = ordered
        self._advance()

    def _lone_hands(self) -> bool:
        return self.game.has_lone_hand and bool(self.game.option("lone_hand", False))

    def _defenders(self) -> list[int]:
        """The maker's adversaries in order from the dealer's left."""
        side = self.deal_sides[self.maker]
        return [(self.dealer + k) % self.n for k in range(1, self.n + 1)
                if self.deal_sides[(self.dealer + k) % self.n] != side]

    def _advance(self) -> None:
        """The next step of the making, in the order ``alone_decision`` gives: the
        maker's choice to play alone, the defenders', the dealer's taking up and discard
        (or the discard first, as OpenSpiel has it); then the play. A dealer sitting out
        (his partner alone) neither takes up nor discards: the card stays turned up."""
        discard_first = self.game.option("alone_decision", "before_discard") == "after_discard"
        steps = ("discard", "alone", "defend") if discard_first else ("alone", "defend",
                                                                       "discard")
        for step in steps:
            if step == "discard":
                if self.ordered and not self.taken and self.active >> self.dealer & 1:
                    self.taken = True
                    self.stock.remove(self.turned)
                    self.excluded[self.dealer] &= ~(1 << self.turned)
                    self.hands[self.dealer].append(self.turned)
                    self.known[self.dealer].append(self.turned)
                    self.phase = DISCARD
                    self.player = self.dealer
                    return
            elif step == "alone":
                if self._lone_hands() and self.alone < 0:
                    self.phase = ALONE
                    self.player = self.maker
                    return
            elif (self.game.option("lone_defender", False) and self.lone_defender < 0
                  and self.asked < 2):
                self.phase = DEFEND
                self.player = self._defenders()[self.asked]
                return
        self.phase = PLAY_PHASE
        first = self.next_active(self.dealer)
        self.leader = first
        self.player = first

    def _why_not(self, action: Action, legal: list[Action]) -> str:
        what = action_text(action)
        p = self.player
        phase = self.phase
        if phase == ORDER:
            return (f"{what} is not allowed now: seat {p} orders up the turned card's suit"
                    " ('order up') or passes")
        if phase == MAKE:
            if isinstance(action, MakeTrump) and action.suit == self.turned >> 4:
                return (f"{what} is not allowed: {SUIT_NAMES[action.suit]} were turned down;"
                        " make another suit or pass")
            if action == PASS and self._stuck():
                return f"{what} is not allowed: the dealer is stuck and must make a suit"
            return (f"{what} is not allowed now: seat {p} makes another suit trumps ('make"
                    " hearts') or passes")
        if phase in (ALONE, DEFEND):
            return f"{what} is not allowed now: seat {p} plays 'alone' or 'with partner'"
        if isinstance(action, Discard):
            c = int(action.card)
            if c == self.turned:
                return (f"{what} is not allowed: the dealer takes up {card_name(c)} and"
                        " discards one of his own cards")
            return f"{what} is not allowed: {card_name(c)} is not in seat {p}'s hand"
        return f"{what} is not allowed now: seat {p} discards a card ('discard 9S')"

    # -- play ------------------------------------------------------------------------------

    def beats(self, card: int, best: int) -> bool:
        t = self.trump
        so = SUIT_OF[t]
        s, b = so[card], so[best]
        if s == b:
            return STRENGTH[t][card] > STRENGTH[t][best]
        return s == t

    def follow_cards(self, hand: list[int]) -> list[int]:
        """Follow the suit led if able, the left bower counting as a trump (EW 120);
        otherwise any card."""
        so = SUIT_OF[self.trump]
        led = so[self.trick[0]]
        same = [c for c in hand if so[c] == led]
        return same or list(hand)

    def note_play(self, seat: int, card: int) -> None:
        so = SUIT_OF[self.trump]
        led = so[self.trick[0]]
        if so[card] != led:
            self.exclude(seat, SUIT_MASK[self.trump][led])

    def why_illegal(self, card: int, legal: list[int]) -> str:
        if card not in self.hands[self.player]:
            return f"{card_name(card)} is not in the hand of seat {self.player}"
        led = SUIT_OF[self.trump][self.trick[0]]
        bower = (" (the left bower is a trump)" if led == self.trump
                 or card == left_bower(self.trump) else "")
        return (f"{card_name(card)} may not be played: you must follow"
                f" {SUIT_NAMES[led]}{bower}; play one of "
                + " ".join(card_name(c) for c in sorted(set(legal))))

    def apply(self, action: Action) -> None:
        if self.phase == PLAY_PHASE and isinstance(action, PlayCard):
            c = action.card
            if isinstance(c, bool) or not isinstance(c, int) or c not in DISCARDS:
                raise IllegalActionError(f"{quoted(c)} is not a card of the {self.game.title}"
                                         " pack; give a Card, e.g. Card.parse('JH')")
            action = PLAYS[int(c)]
        super().apply(action)

    def trick_done(self, winner: int, cards: tuple[int, ...]) -> None:
        """After the fifth trick the deal is scored."""
        if any(self.hands[p] for p in range(self.n) if self.active >> p & 1):
            return
        value, scorer, why = self.deal_value()
        seat = self.maker if scorer == self.deal_sides[self.maker] else self._defenders()[0]
        self.score(seat, value, why)
        self.phase = OVER_PHASE

    def maker_tricks(self) -> int:
        """Tricks won by the maker's side."""
        side = self.deal_sides[self.maker]
        return sum(t for p, t in enumerate(self.tricks_won) if self.deal_sides[p] == side)

    def deal_value(self) -> tuple[int, int, str]:
        """``(points, side scoring, why)`` for the finished play (EW 121; the lone hand's
        4 and the lone defender's 4 from the American rules, and OpenSpiel)."""
        side = self.deal_sides[self.maker]
        other = 1 - side
        tricks = self.maker_tricks()
        if tricks < 3:
            if self.lone_defender >= 0:
                return 4, other, f"euchred ({tricks} tricks) by a lone defender: 4"
            return 2, other, f"euchred ({tricks} tricks): 2 to the other side"
        if tricks == 5:
            if self.alone == 1:
                return 4, side, "a lone hand wins all five tricks: 4"
            return 2, side, "the march, all five tricks: 2"
        return 1, side, f"{tricks} tricks: 1"

    # -- hidden places, observations ---------------------------------------------------------

    def known_to(self, viewer: int) -> list[list[int]]:
        """The known cards of each hand, and the turned card while it lies on the stock
        (everybody saw it: a sample leaves it there)."""
        pins = super().known_to(viewer)
        if not self.taken:
            pins[self.n] = [self.turned]
        return pins

    def side_tricks(self) -> tuple[int, ...]:
        return seating.side_totals(self.deal_sides, self.tricks_won)

    def observation_fields(self, seat: int) -> dict[str, Any]:
        f = super().observation_fields(seat)
        face_up = not self.taken and self.trump < 0 and self.phase == ORDER
        f.update(turn_up=Card(self.turned) if face_up else None, turned=Card(self.turned),
                 taken=self.taken, bids=self.bids,
                 maker=self.maker, alone=self.alone == 1, lone_defender=self.lone_defender,
                 discards=tuple(Card(c) for c in self.tables[seat]) if seat >= 0 else (),
                 side_tricks=self.side_tricks(),
                 active=tuple(p for p in range(self.n) if self.active >> p & 1),
                 pack_size=len(self.game.pack))
        return f

    def observation(self, seat: int) -> EuchreObservation:
        return cast(EuchreObservation, super().observation(seat))

    def public_observation(self) -> EuchreObservation:
        return cast(EuchreObservation, super().public_observation())

    def parse_action(self, text: str) -> Action:
        return self.game.parse_action(text)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} dealer={self.dealer} trick={self.tricks}"
                f" phase={self.phase_names.get(self.phase, self.phase)}>")


Euchre.state_class = EuchreState


def suit_of(trump: int, card: int) -> Suit:
    """The suit ``card`` belongs to in play when ``trump`` is trumps."""
    return Suit(SUIT_OF[trump][card])
