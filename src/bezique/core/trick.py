"""Trick-taking machinery shared by the family: rank orders, trick winners, follow rules.

Cards are plain int ids (``suit * 16 + rank``). Each game builds a :class:`RankOrder`
once; the functions here are the hot path of every engine, so they work on ints and
precomputed tables only.

Two bases for states: :class:`TrickState`, the bookkeeping of the two-handed games (kept
as it is, for speed), and :class:`TrickStateN`, the machinery of tricks of N cards at a
table of two to six seats (sides, turn order, per-seat exclusion masks, observations
and a consistent resample), for the games played by three or more.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Self

from . import table
from .cards import NUM_CARD_IDS, Card, Rank, Suit, card_name
from .errors import IllegalActionError
from .events import Event, Played, Scored, TrickWon, event_of
from .game import (
    SPECTATOR,
    TERMINAL,
    Action,
    CardPlay,
    Observation,
    State,
    action_text,
    check_seat,
)
from .sample import sample_hands

#: The phase every trick-taking state uses for a finished deal.
END_PHASE = 3


class RankOrder:
    """A game's order of ranks in play, high to low, and the card points of each rank.

    ``strength[card]`` is larger for a stronger card of the same suit (0 for cards the
    game does not use).
    """

    __slots__ = ("ranks", "strength", "points", "above", "duties")

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
        #: for each card, the mask of the cards of its suit that rank above it
        self.above = [above_mask(c, self.strength) for c in range(NUM_CARD_IDS)]
        #: the heading duty's tiers by (suit led, card winning, trump), made once each
        self.duties: dict[tuple[int, int, int], list[int]] = {}


def follower_wins(lead: int, follow: int, trump: int, strength: Sequence[int],
                  trumps_win: bool = True) -> bool:
    """Whether the second card wins a two-card trick.

    Same suit: the higher card wins and an identical card loses to the lead (Bézique,
    Method of Playing). A trump wins over a plain suit; any other card loses.
    """
    if lead >> 4 == follow >> 4:
        return strength[follow] > strength[lead]
    return trumps_win and follow >> 4 == trump


def beats(card: int, best: int, trump: int, strength: Sequence[int],
          suit_of: Sequence[int] | None = None) -> bool:
    """Whether ``card``, played to a trick, takes it from ``best``, the card winning it so
    far: a higher card of the same suit, or a trump over a card of another suit; an
    identical card loses to the one played first (Bézique, Method of Playing). ``trump``
    is -1 for no trumps. ``suit_of`` maps a card to its suit in play where that is not
    its printed suit (Euchre's left bower is a trump), with ``strength`` ranking it."""
    if suit_of is None:
        s, b = card >> 4, best >> 4
    else:
        s, b = suit_of[card], suit_of[best]
    if s == b:
        return strength[card] > strength[best]
    return s == trump


def trick_winner(cards: Sequence[int], trump: int, strength: Sequence[int],
                 suit_of: Sequence[int] | None = None) -> int:
    """The index of the card that wins a trick of any number of cards, given in the
    order played (index 0 led): the highest trump, else the highest card of the suit
    led, the first played of identical cards (see :func:`beats`). The N-card form of
    :func:`follower_wins`.

    >>> AS, TS, KH, QH = 3 * 16 + 14, 3 * 16 + 10, 2 * 16 + 13, 2 * 16 + 12
    >>> strength = ORDER_AKQJT.strength
    >>> trick_winner([QH, AS, KH], trump=-1, strength=strength)   # no trumps: the King
    2
    >>> trick_winner([QH, TS, KH], trump=3, strength=strength)    # a spade trumps
    1
    """
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump, strength, suit_of):
            best = i
    return best


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


def heading_tiers(suit: int, best: int, trump: int, above: Sequence[int]) -> list[int]:
    """The duty to follow suit, head the trick and trump, as the order of preference of
    the cards one may be made to play (masks of card ids, most preferred first): a card
    of the suit led that beats ``best`` (the card winning so far) when that is of the
    suit led; any card of the suit led; void, a trump that beats ``best`` when the trick
    is trumped (over-trumping); any trump (under-trumping); then any card. One must play
    from the first tier his hand meets (:func:`duty_cards`), and a card played shows
    that he holds none of the tiers before its own (:func:`duty_shows`): the rule is
    written once, and legality and the inference of voids both derive from it.

    At two cards a trick ``best`` is the lead, and this is :func:`must_follow_and_win`
    (the last tricks of Bézique, BZ 71); at more it is the follow, head, over- and
    under-trump duty of three- and four-handed Bézique's last tricks, Binocle at three
    and four, and Kreutz-mariage. ``above`` is the game's :attr:`RankOrder.above`."""
    b = best >> 4
    if 0 <= trump != suit:
        if b == suit:
            return [above[best], SUIT_MASKS[suit], SUIT_MASKS[trump]]
        if b == trump:
            return [SUIT_MASKS[suit], above[best], SUIT_MASKS[trump]]
        return [SUIT_MASKS[suit], SUIT_MASKS[trump]]
    if b == suit:
        return [above[best], SUIT_MASKS[suit]]
    return [SUIT_MASKS[suit]]


def duty_cards(hand: Sequence[int], tiers: Sequence[int]) -> list[int]:
    """The cards of ``hand`` one may play under a duty given as tiers of preference
    (:func:`heading_tiers`): those of the first tier the hand meets, else any."""
    for mask in tiers:
        cards = [c for c in hand if mask >> c & 1]
        if cards:
            return cards
    return list(hand)


def duty_shows(card: int, tiers: Sequence[int]) -> int:
    """What playing ``card`` under a duty shows: the mask of the cards its player
    cannot hold, every tier preferred to the first that holds ``card``."""
    shown = 0
    for mask in tiers:
        if mask >> card & 1:
            break
        shown |= mask
    return shown


def must_follow(hand: Sequence[int], lead: int) -> list[int]:
    """Follow suit if able, otherwise any card (Sixty-Six after the stock)."""
    suit = lead >> 4
    same = [c for c in hand if c >> 4 == suit]
    return same or list(hand)


#: Card ids of each suit, as a mask (bit ``c`` for card id ``c``).
SUIT_MASKS: tuple[int, ...] = tuple(0xFFFF << (16 * s) for s in range(4))


def card_mask(cards: Iterable[int]) -> int:
    """The mask of some card ids (bit ``c`` set for each)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_cards(mask: int) -> list[int]:
    """The card ids a mask holds, lowest first."""
    return [c for c in range(NUM_CARD_IDS) if mask >> c & 1]


def above_mask(card: int, strength: Sequence[int]) -> int:
    """The cards of ``card``'s suit that rank above it: what a seat shows it lacks when
    it must head the trick and plays under ``card`` (Bézique's last tricks)."""
    suit = card >> 4
    s = strength[card]
    m = 0
    for c in range(suit * 16, suit * 16 + 16):
        if strength[c] > s:
            m |= 1 << c
    return m


#: A plain order (A K Q J T 9 8 7 .. 2 with no card points), for examples and tests.
ORDER_AKQJT = RankOrder(sorted(Rank, reverse=True))


#: How a field is copied (see :attr:`DerivedCopy.copies`).
_COPY_EXPRESSIONS = {"same": "self.{0}", "list": "self.{0}[:]",
                     "pair": "[self.{0}[0][:], self.{0}[1][:]]",
                     "lists": "[x[:] for x in self.{0}]"}


def _derived_copy(cls: type) -> Any:
    """The copy function of a state class, compiled from every field of its bases'
    ``__slots__`` and the way each says it is copied (``copies``): as fast as one
    written by hand, and it cannot forget a field."""
    kinds: dict[str, str] = {}
    slots: list[str] = []
    for base in reversed(cls.__mro__):
        kinds.update(base.__dict__.get("copies", {}))
        own = base.__dict__.get("__slots__", ())
        slots += [own] if isinstance(own, str) else [s for s in own if s not in slots]
    missing = [s for s in slots if s not in kinds]
    if missing:
        raise TypeError(f"{cls.__name__} does not say how clone() copies "
                        + ", ".join(missing) + " (add them to its copies)")
    lines = ["def clone(self):", "    s = new(cls)"]
    lines += [f"    s.{name} = " + _COPY_EXPRESSIONS[kinds[name]].format(name)
              for name in slots]
    lines.append("    return s")
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec("\n".join(lines), scope)  # noqa: S102 - our own field names, checked above
    copy = scope["clone"]
    copy.__qualname__ = f"{cls.__qualname__}.clone"
    copy.__doc__ = DerivedCopy.clone.__doc__
    return copy


def copying(**kinds: str) -> dict[str, str]:
    """A class's :attr:`DerivedCopy.copies` written by kind, the fields of each in a
    string: ``copying(same="dealer phase log", list="stock", pair="hands")``."""
    unknown = [k for k in kinds if k not in _COPY_EXPRESSIONS]
    if unknown:
        raise TypeError(f"no way of copying called {', '.join(unknown)}: the ways are"
                        f" {', '.join(_COPY_EXPRESSIONS)}")
    return {name: kind for kind, names in kinds.items() for name in names.split()}


class DerivedCopy(State):
    """A state whose :meth:`clone` is derived from its fields: each class says in
    :attr:`copies` how each field it adds (its ``__slots__``) is copied, and the copy is
    compiled from those when the class is defined, as fast as one written by hand. A
    field cannot be forgotten: a class that adds one without saying how it is copied is
    refused when defined."""

    __slots__ = ()

    #: How :meth:`clone` copies each field a class adds: ``"same"`` shares it (a number,
    #: a tuple, the persistent log, a list never changed in place), ``"list"`` copies a
    #: list, ``"pair"`` the two lists of a list of two (a two-handed game's hands),
    #: ``"lists"`` each list of a list (see :func:`copying`).
    copies: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "clone" in cls.__dict__:
            raise TypeError(f"{cls.__name__} writes its own clone(): it is derived from"
                            " the fields' copies (say there how a field is copied)")
        cls.clone = _derived_copy(cls)  # type: ignore[method-assign]

    def clone(self) -> Self:
        """An independent copy (derived from the fields' :attr:`copies`)."""
        raise TypeError(f"{type(self).__name__} has no fields to copy")


class PublicLog(DerivedCopy):
    """A public log kept as a persistent list ``(entry, previous)`` (newest first), so that
    copies share it for free: what both trick-state bases read it by. Each entry is an
    event in its compact form, ``(EventClass, *fields)`` (:mod:`~bezique.core.events`)."""

    __slots__ = ()

    log: Any  # (entry, previous) or None

    def log_entries(self) -> list[tuple[Any, ...]]:
        """The log's entries in their compact form, oldest first (for the engine)."""
        out = []
        node = self.log
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def events(self) -> list[Event]:
        """The deal's public events, oldest first (never a hidden card)."""
        return [event_of(e) for e in self.log_entries()]

    def score_events(self) -> list[tuple[int, int, str]]:
        """``(seat, points, reason)`` for every score in this deal, oldest first."""
        return [(e[1], e[2], e[3]) for e in self.log_entries() if e[0] is Scored]


class TrickState(PublicLog):
    """Bookkeeping shared by the two-player trick-taking states: the seat to move, the
    phase (``END_PHASE`` once the deal is over), the points of the deal, the public log
    (:class:`PublicLog`), and the hidden cards of a deal with a stock: the stock and the
    part of the other hand not publicly known (``known``), which a sample deals again."""

    __slots__ = ()

    phase: int
    player: int
    points: list[int]
    hands: list[list[int]]
    known: list[list[int]]  # cards publicly known to be in a concealed hand
    stock: list[int]

    def current_player(self) -> int:
        return TERMINAL if self.phase == END_PHASE else self.player

    def is_terminal(self) -> bool:
        return self.phase == END_PHASE

    def scores(self) -> tuple[int, int]:
        return (self.points[0], self.points[1])

    def _note(self, *entry: Any) -> None:
        self.log = (entry, self.log)

    def _score(self, seat: int, pts: int, why: str) -> None:
        points = self.points = self.points[:]  # a new list: copies may share the old one
        points[seat] += pts
        self.log = ((Scored, seat, pts, why), self.log)

    def hidden_from(self, seat: int) -> list[int]:
        """The cards ``seat`` cannot see, sorted by card id: the stock (face down, closed
        or not) and the unknown part of the other hand. As a multiset it follows from
        ``seat``'s observation alone (the pack less every card that seat has seen), and
        sorting drops the true order."""
        other = 1 - check_seat(seat)
        hidden = self.hands[other] + self.stock
        for c in self.known[other]:
            hidden.remove(c)
        hidden.sort()
        return hidden


# -- tricks of N cards -------------------------------------------------------------------


#: :class:`TrickStateN`'s phase while cards are played to tricks.
PLAY_PHASE = 0
#: :class:`TrickStateN`'s phase once the deal is over.
OVER_PHASE = -1


@dataclasses.dataclass(frozen=True)
class PlayCard(CardPlay):
    """Play a card from the hand (notation: the card, ``QS``): the action of the play
    phase of :class:`TrickStateN` games."""

    card: int

    def notation(self) -> str:
        return card_name(self.card)


#: One :class:`PlayCard` per card id, so the hot path builds none.
PLAYS: tuple[PlayCard, ...] = tuple(PlayCard(c) for c in range(NUM_CARD_IDS))


@dataclasses.dataclass(frozen=True)
class TrickObservationN(Observation):
    """What one seat may know in a deal of N-card tricks, and nothing more. Per-seat
    fields are tuples with one entry per seat, in absolute seat order.

    ``hands`` holds each hand the viewer sees (``State.visible``: his own; a consulting
    partner's) and ``None`` for every other, ``sees`` says whose those are (the viewer's
    seat, and his consulting partners'; none in the public observation, whose ``seat``
    is ``SPECTATOR`` and ``hand`` empty); ``known_in_hand`` the cards publicly known
    to be in each hand; ``excluded`` the cards of the pack each seat is publicly known
    not to hold (shown by the follow rules), ``voids`` the suits wholly among them.
    ``to_move`` is the deciding seat (``current_player()``), ``hand_to_play`` the hand
    that plays (they differ when one seat decides for another); ``trick`` the cards of
    the trick in progress as ``(seat, card)`` in order of play, ``winning`` the seat
    winning it so far (-1 before the lead). ``won`` is every card each seat has taken
    (the tricks were played face up).
    """

    dealer: int
    to_move: int
    hand_to_play: int
    phase: str
    sides: tuple[int, ...]
    trump: Suit | None
    hand: tuple[Card, ...]
    sees: tuple[int, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    known_in_hand: tuple[tuple[Card, ...], ...]
    excluded: tuple[tuple[Card, ...], ...]
    voids: tuple[tuple[Suit, ...], ...]
    stock_size: int
    leader: int
    trick: tuple[tuple[int, Card], ...]
    winning: int
    last_trick: tuple[tuple[int, Card], ...]
    tricks_played: int
    tricks_won: tuple[int, ...]
    won: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    events: tuple[Event, ...]


class TrickStateN(PublicLog):
    """The machinery of a deal of N-card tricks at a table of ``n`` seats (two to six),
    beside the two-handed :class:`TrickState`: a game subclasses it and states only its
    own rules (the deal, the follow rule, what a play shows, the scoring).

    Fields (all public to every seat unless said): ``dealer``; ``phase`` (a small int:
    :data:`PLAY_PHASE`, :data:`OVER_PHASE`, and any phases the game adds); ``player``,
    the hand to play; ``hands`` (hidden); ``known``, the cards publicly known to be in
    each hand (a turned trump the dealer took up, cards shown); ``excluded``, a mask per
    seat of the cards it is publicly known not to hold, updated in play by
    :meth:`note_play`; ``stock``, every card in no hand and not played (stock, widow,
    kitty, undealt cards: hidden); ``active``, a mask of the seats that take part in the
    tricks (Euchre's loner's partner sits out); ``trump`` (-1: none, or not yet fixed);
    ``leader``, ``trick`` and ``trick_seats`` (the trick in progress, in order of play),
    ``winner`` (the seat winning it so far, updated as each card falls, by
    :meth:`beats`); ``points``, ``tricks_won`` and ``won`` per seat; ``log``, the public
    history, a persistent list shared by copies.

    Turn order: the seat left of the dealer opens, the lead passes to each trick's
    winner, and :meth:`next_active` gives the next seat to the left that takes part.

    Hooks a game overrides: :meth:`follow_cards` (the follow rule), :meth:`note_play`
    (what a card played shows about the rest of the hand: set masks with
    :meth:`exclude`), :meth:`beats` (the winner rule, with ``order`` the game's
    :class:`RankOrder`), :meth:`trick_done` (scoring; the end of the deal),
    :attr:`copies` (how ``clone`` copies each field a subclass adds).

    Phases other than play fit one switch: a game with an auction, a widow or a discard
    gives its phases numbers of their own (1, 2, ...), overrides :meth:`phase_actions`
    and :meth:`apply_phase` with one method per phase chosen by ``self.phase``, and moves
    to :data:`PLAY_PHASE` when play begins. A seat acting several times running (the
    discards after taking up the widow) just stays ``player``. A seat deciding for
    another hand (a dummy; Chouette's captain) overrides ``current_player`` to return
    the decider while ``player`` stays the hand that plays. Hidden places besides the
    stock (a widow kept apart) are added by overriding :meth:`places` and
    :meth:`put_places`; cards a seat alone knows the place of (the cards it passed at
    Hearts, its discards) by overriding :meth:`known_to`.
    """

    __slots__ = ("game", "n", "dealer", "phase", "player", "hands", "known", "excluded",
                 "stock", "active", "deal_sides", "trump", "leader", "trick",
                 "trick_seats", "winner", "points", "tricks", "tricks_won", "won",
                 "last_trick", "log")

    #: The game's rank order and card points (subclasses set it).
    order: ClassVar[RankOrder] = ORDER_AKQJT
    #: The observation class :meth:`observation` builds (a subclass of
    #: :class:`TrickObservationN` with the game's own fields).
    observation_class: ClassVar[type[TrickObservationN]] = TrickObservationN
    #: The name of each phase number for observations (``PHASE_NAMES[OVER_PHASE]`` is
    #: the last).
    phase_names: ClassVar[dict[int, str]] = {PLAY_PHASE: "play", OVER_PHASE: "over"}

    game: Any
    n: int
    dealer: int
    phase: int
    player: int
    hands: list[list[int]]
    known: list[list[int]]
    excluded: list[int]
    stock: list[int]
    active: int
    deal_sides: tuple[int, ...]
    trump: int
    leader: int
    trick: list[int]
    trick_seats: list[int]
    winner: int
    points: list[int]
    tricks: int
    tricks_won: list[int]
    won: list[list[int]]
    last_trick: tuple[tuple[int, int], ...]
    log: Any

    # -- setting up --------------------------------------------------------------------

    def start(self, game: Any, dealer: int, hands: Sequence[Sequence[int]], *,
              stock: Sequence[int] = (), trump: int = -1,
              known: Sequence[Sequence[int]] | None = None, leader: int | None = None,
              phase: int = PLAY_PHASE, active: Sequence[int] | None = None,
              sides: Sequence[int] | None = None) -> None:
        """Fill the fields for a new deal (a game's ``from_pack`` calls this on
        ``cls.__new__(cls)``): the seat left of the dealer leads unless ``leader`` says
        otherwise; ``active`` lists the seats that play (all by default); ``sides`` are
        the deal's sides (the game's by default)."""
        n = game.num_players
        self.game = game
        self.n = n
        self.dealer = check_seat(dealer, n, "dealer")
        if len(hands) != n:
            raise ValueError(f"a deal at {n} seats has {n} hands, not {len(hands)}")
        self.hands = [[int(c) for c in h] for h in hands]
        self.known = [[int(c) for c in k] for k in known] if known is not None \
            else [[] for _ in range(n)]
        self.excluded = [0] * n
        self.stock = [int(c) for c in stock]
        seats = range(n) if active is None else [check_seat(p, n) for p in active]
        self.active = sum(1 << p for p in set(seats))
        self.deal_sides = table.check_sides(sides, n) if sides is not None else game.sides
        self.trump = trump
        self.phase = phase
        first = self.next_active(self.dealer) if leader is None else check_seat(leader, n)
        self.leader = first
        self.player = first
        self.trick = []
        self.trick_seats = []
        self.winner = -1
        self.points = [0] * n
        self.tricks = 0
        self.tricks_won = [0] * n
        self.won = [[] for _ in range(n)]
        self.last_trick = ()
        self.log = None

    # -- the table ---------------------------------------------------------------------

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each seat in this deal."""
        return self.deal_sides

    def next_active(self, seat: int) -> int:
        """The next seat to the left of ``seat`` that takes part in the tricks."""
        n = self.n
        active = self.active
        s = (seat + 1) % n
        while not active >> s & 1:
            s = (s + 1) % n
        return s

    def active_seats(self) -> int:
        """How many seats play to each trick."""
        return bin(self.active).count("1")

    def exclude(self, seat: int, mask: int) -> None:
        """Record publicly that ``seat`` holds none of the cards of ``mask``."""
        self.excluded[seat] |= mask

    # -- the interface -----------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER_PHASE else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER_PHASE

    def scores(self) -> tuple[int, ...]:
        """The points of each seat so far, each member of a side holding the side's."""
        sides = self.deal_sides
        if not table.is_partnership(sides):
            return tuple(self.points)
        return table.seat_results(sides, table.side_totals(sides, self.points))

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY_PHASE:
            out: list[Action] = []
            seen = 0
            for c in self.legal_cards():
                if not seen >> c & 1:
                    seen |= 1 << c
                    out.append(PLAYS[c])
            return out
        if phase == OVER_PHASE:
            return []
        return self.phase_actions()

    def apply(self, action: Action) -> None:
        phase = self.phase
        if phase == PLAY_PHASE:
            card = getattr(action, "card", None)
            if not isinstance(action, PlayCard) or type(card) is not int:
                raise IllegalActionError(f"{action_text(action)} is not allowed now: play a"
                                         " card")
            legal = self.legal_cards()
            if card not in legal:
                raise IllegalActionError(self.why_illegal(card, legal))
            self.play_card(card)
            return
        if phase == OVER_PHASE:
            raise IllegalActionError("the deal is over")
        self.apply_phase(action)

    def phase_actions(self) -> list[Action]:
        """The legal actions of a phase other than play (a game with such phases
        overrides this with its switch)."""
        raise NotImplementedError(f"phase {self.phase} has no actions")

    def apply_phase(self, action: Action) -> None:
        """Apply an action of a phase other than play (overridden likewise)."""
        raise IllegalActionError(f"{action_text(action)} is not allowed in phase"
                                 f" {self.phase}")

    # -- play --------------------------------------------------------------------------

    def legal_cards(self) -> list[int]:
        """The cards the hand to play may play now."""
        hand = self.hands[self.player]
        return self.lead_cards(hand) if not self.trick else self.follow_cards(hand)

    def lead_cards(self, hand: list[int]) -> list[int]:
        """The cards of ``hand`` that may lead a trick: any by default (a game may bar
        some, as Hearts bars hearts until they are broken)."""
        return list(hand)

    def follow_cards(self, hand: list[int]) -> list[int]:
        """The follow rule: the cards of ``hand`` that may be played to the trick in
        progress. Any card by default; a game overrides it (``must_follow`` and the
        like, which see the winning card through ``self.trick[...]``/``self.winner``)."""
        return list(hand)

    def why_illegal(self, card: int, legal: list[int]) -> str:
        """The reason a card may not be played (for the error)."""
        if card not in self.hands[self.player]:
            return f"{card_name(card)} is not in the hand of seat {self.player}"
        return (f"{card_name(card)} may not be played now: play one of "
                + " ".join(card_name(c) for c in sorted(set(legal))))

    def note_play(self, seat: int, card: int) -> None:
        """What ``card``, played by ``seat`` to the trick in progress (not yet added to
        it), shows about the rest of its hand: a game sets masks with :meth:`exclude`
        (a failure to follow, to trump, to head the trick). Nothing by default."""

    def heading_duty(self) -> list[int]:
        """The tiers of the duty to follow, head and trump (:func:`heading_tiers`) for the
        trick in progress."""
        trick = self.trick
        key = (trick[0] >> 4, trick[self.trick_seats.index(self.winner)], self.trump)
        duties = self.order.duties
        tiers = duties.get(key)
        if tiers is None:  # at most 4 x 64 x 5 of them: the table stays small
            tiers = duties[key] = heading_tiers(*key, self.order.above)
        return tiers

    def heading_cards(self, hand: list[int]) -> list[int]:
        """:meth:`follow_cards` for a game where one must follow suit, head the trick
        (even a partner's), trump when void, over-trumping if he can and else
        under-trumping (the last tricks of three- and four-handed Bézique, Binocle at
        three and four, Kreutz-mariage): :func:`duty_cards` of :meth:`heading_duty`,
        written out here (the hot path of these games' playouts: two calls fewer a card
        played, 7% of Kreutz-mariage's playout)."""
        trick = self.trick
        key = (trick[0] >> 4, trick[self.trick_seats.index(self.winner)], self.trump)
        tiers = self.order.duties.get(key) or self.heading_duty()
        for mask in tiers:
            cards = [c for c in hand if mask >> c & 1]
            if cards:
                return cards
        return list(hand)

    def note_heading_play(self, seat: int, card: int) -> None:
        """:meth:`note_play` for the same games: the cards a card played shows its
        player lacks, from the same duty (:func:`duty_shows`)."""
        shown = duty_shows(card, self.heading_duty())
        if shown:
            self.exclude(seat, shown)

    def beats(self, card: int, best: int) -> bool:
        """Whether ``card`` takes the trick from ``best``, the card winning it so far."""
        return beats(card, best, self.trump, self.order.strength)

    def play_card(self, card: int) -> None:
        """The hand to play plays ``card`` (already checked legal): the masks, the
        trick and its running winner, the turn; the trick ends when every active seat
        has played."""
        p = self.player
        self.hands[p].remove(card)
        known = self.known[p]
        if card in known:
            known.remove(card)
        trick = self.trick
        if trick:
            self.note_play(p, card)
            if self.beats(card, trick[self.trick_seats.index(self.winner)]):
                self.winner = p
        else:
            self.leader = p
            self.winner = p
        trick.append(card)
        self.trick_seats.append(p)
        self.log = ((Played, p, card), self.log)
        self.after_play(p)

    def after_play(self, p: int) -> None:
        """After ``p``'s card: the trick ends when every active seat has played, else the
        next active seat plays (a game may first ask for something else: four-handed
        Binocle's melds after one's first card)."""
        if len(self.trick) == self.active_seats():
            self.end_trick()
        else:
            self.player = self.next_active(p)

    def end_trick(self) -> None:
        """The trick's winner takes it and leads to the next; then :meth:`trick_done`."""
        w = self.winner
        cards = tuple(self.trick)
        self.last_trick = tuple(zip(self.trick_seats, cards, strict=True))
        self.won[w].extend(cards)
        self.tricks_won[w] += 1
        self.tricks += 1
        self.trick = []
        self.trick_seats = []
        self.winner = -1
        self.leader = w
        self.player = w
        self.log = ((TrickWon, w, cards), self.log)
        self.trick_done(w, cards)

    def trick_done(self, winner: int, cards: tuple[int, ...]) -> None:
        """Score a trick just won: its card points by default, and the deal ends when the
        hands are empty. A game overrides it (a bonus for the last trick...)."""
        pts = sum(self.order.points[c] for c in cards)
        if pts:
            self.score(winner, pts, "cards")
        if not any(self.hands[p] for p in range(self.n) if self.active >> p & 1):
            self.phase = OVER_PHASE

    def score(self, seat: int, pts: int, why: str) -> None:
        """Add points to ``seat`` and log them."""
        self.points[seat] += pts
        self.log = ((Scored, seat, pts, why), self.log)

    def note(self, kind: type[Event], *fields: Any) -> None:
        """Add an event to the public log: its class and its fields."""
        self.log = ((kind, *fields), self.log)

    # -- copies ------------------------------------------------------------------------

    copies = copying(
        same=("game n dealer phase player active deal_sides trump leader winner tricks last_trick"
              " log"),
        list="excluded stock trick trick_seats points tricks_won",
        lists="hands known won")

    # -- what each seat sees -----------------------------------------------------------

    def places(self) -> list[list[int]]:
        """Every place a card may lie unseen: the hands (seat order), then the stock. A
        game with other hidden places (a widow kept apart) adds them here and in
        :meth:`put_places`."""
        return [*self.hands, self.stock]

    def put_places(self, places: list[list[int]]) -> None:
        """Set the places, as :meth:`places` gives them (for :meth:`resample`)."""
        n = self.n
        self.hands = places[:n]
        self.stock = places[n]

    def place_visible(self, viewer: int, place: int) -> bool:
        """Whether ``viewer`` sees place ``place``: a hand by :meth:`State.visible`, no
        other place."""
        return place < self.n and self.visible(viewer, place)

    def place_mask(self, place: int) -> int:
        """The cards place ``place`` is publicly known not to hold."""
        return self.excluded[place] if place < self.n else 0

    def known_to(self, viewer: int) -> list[list[int]]:
        """For each place, the cards ``viewer`` knows lie there (in the order they are
        kept): the publicly known cards of each hand by default. A game adds what one
        seat alone knows (the cards it passed, its discards)."""
        return [k[:] for k in self.known] + [[] for _ in range(len(self.places()) - self.n)]

    def resample(self, seat: int, rng: random.Random) -> Self:
        """A full state drawn among those ``seat`` cannot tell apart: every card it
        cannot place (other hands it does not see, less their known cards; the stock,
        the widow, the undealt cards) dealt again, each place keeping its size and its
        known cards and getting none its mask excludes (:func:`~.sample.sample_hands`).
        The pool is sorted first, so the sample is a function of the observation and
        ``rng`` alone."""
        seat = check_seat(seat, self.n)
        places = self.places()
        pins = self.known_to(seat)
        hidden = [i for i in range(len(places)) if not self.place_visible(seat, i)]
        pool: list[int] = []
        sizes: list[int] = []
        masks: list[int] = []
        for i in hidden:
            rest = places[i][:]
            for c in pins[i]:
                rest.remove(c)
            pool += rest
            sizes.append(len(rest))
            masks.append(self.place_mask(i))
        pool.sort()
        dealt = sample_hands(pool, sizes, masks, rng)
        s = self.clone()
        new = [p[:] for p in s.places()]
        for i, got in zip(hidden, dealt, strict=True):
            new[i] = pins[i] + got
        s.put_places(new)
        return s

    def observation_fields(self, seat: int) -> dict[str, Any]:
        """The fields of :meth:`observation` for ``seat``, or of
        :meth:`public_observation` for :data:`~.game.SPECTATOR` (no hand, no hand seen),
        for a subclass to extend (a field of the seat's own made empty for the
        spectator)."""
        n = self.n
        if seat != SPECTATOR:
            seat = check_seat(seat, n)
        pack = sorted({int(c) for c in self.game.pack.cards})
        excluded = tuple(tuple(Card(c) for c in pack if self.excluded[p] >> c & 1)
                         for p in range(n))
        voids = tuple(tuple(Suit(x) for x in range(4)
                            if any(c >> 4 == x for c in pack)
                            and all(self.excluded[p] >> c & 1 for c in pack if c >> 4 == x))
                      for p in range(n))
        sees = tuple(p for p in range(n) if self.visible(seat, p)) if seat >= 0 else ()
        return {
            "seat": seat, "dealer": self.dealer, "to_move": self.current_player(),
            "hand_to_play": self.player if self.phase != OVER_PHASE else TERMINAL,
            "phase": self.phase_names.get(self.phase, str(self.phase)),
            "sides": self.deal_sides,
            "trump": Suit(self.trump) if self.trump >= 0 else None,
            "hand": tuple(sorted(Card(c) for c in self.hands[seat])) if seat >= 0 else (),
            "sees": sees,
            "hands": tuple(tuple(sorted(Card(c) for c in self.hands[p]))
                           if p in sees else None for p in range(n)),
            "hand_sizes": tuple(len(h) for h in self.hands),
            "known_in_hand": tuple(tuple(sorted(Card(c) for c in k)) for k in self.known),
            "excluded": excluded, "voids": voids, "stock_size": len(self.stock),
            "leader": self.leader,
            "trick": tuple((p, Card(c)) for p, c in zip(self.trick_seats, self.trick,
                                                        strict=True)),
            "winning": self.winner,
            "last_trick": tuple((p, Card(c)) for p, c in self.last_trick),
            "tricks_played": self.tricks,
            "tricks_won": tuple(self.tricks_won),
            "won": tuple(tuple(sorted(Card(c) for c in w)) for w in self.won),
            "points": self.scores(),
            "events": tuple(self.events()),
        }

    def observation(self, seat: int) -> TrickObservationN:
        """What ``seat`` may know: its hand and those :meth:`State.visible` lets it see,
        never another hand, the stock or its order."""
        return self.observation_class(**self.observation_fields(check_seat(seat, self.n)))

    def public_observation(self) -> TrickObservationN:
        """What anyone may know: the observation of no seat (``seat`` is
        :data:`~.game.SPECTATOR`, ``hand`` and ``sees`` empty, no hand in ``hands``)."""
        return self.observation_class(**self.observation_fields(SPECTATOR))

    def parse_action(self, text: str) -> Action:
        return self.game.parse_action(text)  # type: ignore[no-any-return]

    def __str__(self) -> str:
        lines = [f"{type(self).__name__}: dealer {self.dealer}, trump "
                 + (Suit(self.trump).symbol if self.trump >= 0 else "-")
                 + f", phase {self.phase_names.get(self.phase, self.phase)}, player"
                 f" {self.player}, trick {self.tricks + 1}: "
                 + " ".join(f"{p}:{card_name(c)}" for p, c in zip(self.trick_seats,
                                                                  self.trick, strict=True))]
        for p in range(self.n):
            lines.append(f"  {p}: hand {' '.join(card_name(c) for c in self.hands[p])}"
                         f" | known {' '.join(card_name(c) for c in self.known[p])}"
                         f" | excluded {self.excluded[p]:#x} | tricks {self.tricks_won[p]}"
                         f" | points {self.points[p]}")
        lines.append(f"  stock {' '.join(card_name(c) for c in self.stock)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} seats={self.n} trick={self.tricks}"
                f" phase={self.phase_names.get(self.phase, self.phase)}>")


class DiscardPiles(TrickStateN):
    """A deal in which each seat lays cards aside face down (a discard for the turn-up,
    cards thrown out when buying, the bidder's discards), seen by their owner alone: the
    places are the hands, the stock, then each seat's pile (``tables``, a slot of the
    concrete state, copied as ``lists``). Put it before the state's other base:
    ``class EuchreState(DiscardPiles, TrickStateN)``."""

    __slots__ = ()

    tables: list[list[int]]

    def places(self) -> list[list[int]]:
        """The hands (seat order), the stock, then each seat's pile laid aside."""
        return [*self.hands, self.stock, *self.tables]

    def put_places(self, places: list[list[int]]) -> None:
        n = self.n
        self.hands = places[:n]
        self.stock = places[n]
        self.tables = places[n + 1:]

    def place_visible(self, viewer: int, place: int) -> bool:
        """A hand by :meth:`State.visible`; a pile laid aside by its owner alone; the
        stock by no one."""
        n = self.n
        if place < n:
            return self.visible(viewer, place)
        return place > n and place - n - 1 == viewer
