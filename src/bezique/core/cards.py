"""Cards, suits, ranks and packs, with a text notation that round-trips.

A card is identified by a small integer, ``suit * 16 + rank``, so that rules engines
can keep hands as plain lists of ints and index precomputed tables with them. The
public :class:`Card` type *is* such an int (an ``int`` subclass with one cached
instance per card), so a ``Card`` can be used wherever an engine expects a card id.

>>> Card.parse("QS")
Card.parse('QS')
>>> str(Card.parse("10d")), str(Card.parse("7♥"))
('TD', '7H')
>>> Card.parse("QS") == Card.from_suit_rank(Suit.SPADES, Rank.QUEEN)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import TypeVar

from .errors import NotationError, quoted

_T = TypeVar("_T")


class Suit(IntEnum):
    """The four suits. Their order carries no rank in the Bézique family."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter notation: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol, for display."""
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter (any case) or symbol (filled or outlined)."""
        return _read(_SUIT_TEXT, text, "suit", "C, D, H, S or ♣ ♦ ♥ ♠")


_SUIT_TEXT: dict[str, Suit] = {}
for _s in Suit:
    _SUIT_TEXT[_s.letter] = _s
    _SUIT_TEXT[_s.symbol] = _s
for _sym, _s in (("♧", Suit.CLUBS), ("♢", Suit.DIAMONDS), ("♡", Suit.HEARTS), ("♤", Suit.SPADES)):
    _SUIT_TEXT[_sym] = _s


def _read(table: dict[str, _T], text: str, what: str, use: str) -> _T:
    """What ``text`` (any case) names in ``table``, or a :class:`NotationError` naming the
    unknown ``what`` and what to ``use``."""
    key = text.strip().upper()
    if key in table:
        return table[key]
    raise NotationError(f"unknown {what} {quoted(text)}: use {use}")


class Rank(IntEnum):
    """Ranks by their face value (Ace high). Each game defines its own rank *order*."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """One character: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_LETTERS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``A K Q J T 9 .. 2``; ``10`` is accepted for the Ten."""
        return _read(_RANK_TEXT, text, "rank", "A K Q J T(10) 9 8 7 6 5 4 3 2")


_RANK_LETTERS = {r: (str(int(r)) if r <= 9 else "TJQKA"[r - 10]) for r in Rank}
_RANK_TEXT: dict[str, Rank] = {letter: r for r, letter in _RANK_LETTERS.items()}
_RANK_TEXT["10"] = Rank.TEN

#: Number of distinct card ids (suit * 16 + rank, rank <= 14; the Joker's 15).
NUM_CARD_IDS = 64

#: The Joker's card id, a card of its own (Joker Hearts' pack holds it in the heart
#: deuce's place): no rank of the thirteen, kept in the hearts' row of ids (the row's
#: unused rank 15) because the one game that uses it makes it a heart, so that the rules'
#: suit arithmetic (``card >> 4``) and masks hold for it unchanged. Its power and its
#: place in the order are the game's. Written ``JK`` (``Joker`` is read too).
JOKER = 2 * 16 + 15
_JOKER_TEXT = ("JK", "JOKER", "🃏")


class Card(int):
    """A playing card: an int ``suit * 16 + rank`` with a notation such as ``QS`` or ``TD``.

    Two equal cards from two packs are the same ``Card``: the rules of the Bézique family
    never tell them apart (Bézique, Cards). Instances are cached, so ``Card`` objects compare,
    hash and index exactly like their ids.
    """

    __slots__ = ()

    _cache: dict[int, Card] = {}

    def __new__(cls, card_id: int) -> Card:
        try:
            return cls._cache[card_id]
        except KeyError:
            pass
        suit, rank = divmod(int(card_id), 16)
        if not (0 <= suit <= 3 and 2 <= rank <= 14) and card_id != JOKER:
            raise ValueError(f"no card has id {card_id!r}")
        card = super().__new__(cls, card_id)
        cls._cache[int(card_id)] = card
        return card

    @classmethod
    def from_suit_rank(cls, suit: Suit | int, rank: Rank | int) -> Card:
        """The card of this suit and rank."""
        return cls(int(suit) * 16 + int(rank))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``QS``, ``TD``, ``10D``, ``7♥``, ``q♠`` (rank then suit, any case), or
        ``JK`` (``Joker``) for the Joker."""
        t = text.strip()
        if t.upper() in _JOKER_TEXT:
            return cls(JOKER)
        if not 2 <= len(t) <= 3:  # "QS" .. "10D": longer text is no card, however long
            raise NotationError(f"not a card: {quoted(text)} (write rank then suit, e.g. QS,"
                                " TD, 10D)")
        try:
            rank = Rank.parse(t[:-1])
            suit = Suit.parse(t[-1])
        except NotationError as exc:
            raise NotationError(f"not a card: {quoted(text)} ({exc})") from None
        return cls.from_suit_rank(suit, rank)

    @property
    def suit(self) -> Suit:
        """The card's suit (the Joker's row of ids: hearts, see :data:`JOKER`)."""
        return Suit(int(self) >> 4)

    @property
    def is_joker(self) -> bool:
        """Whether this is the Joker, which has no rank of the thirteen."""
        return int(self) == JOKER

    @property
    def rank(self) -> Rank:
        """The card's rank (the Joker has none: a ``ValueError``)."""
        if int(self) == JOKER:
            raise ValueError("the Joker has no rank")
        return Rank(int(self) & 15)

    def notation(self) -> str:
        """Two characters, rank then suit: ``QS``, ``TD``, ``7H``; ``JK`` the Joker."""
        if int(self) == JOKER:
            return "JK"
        return _RANK_LETTERS[Rank(int(self) & 15)] + "CDHS"[int(self) >> 4]

    def pretty(self) -> str:
        """Rank and suit symbol, for display: ``Q♠``, ``10♦``; ``Joker``."""
        if int(self) == JOKER:
            return "Joker"
        r = Rank(int(self) & 15)
        return ("10" if r == Rank.TEN else r.letter) + self.suit.symbol

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Card.parse({self.notation()!r})"

    def __format__(self, spec: str) -> str:
        return format(self.notation(), spec)


def rank_text(rank: Rank | int) -> str:
    """A rank as a player writes it: ``A``, ``10``, ``K``, ``9``."""
    return "10" if int(rank) == Rank.TEN else _RANK_LETTERS[Rank(int(rank))]


def parse_game_card(text: str, ranks: Sequence[Rank], game: str) -> Card:
    """Parse a card of a game whose pack holds only ``ranks`` (given high to low, as the
    game ranks them); the error for any other text lists that game's ranks only.

    >>> parse_game_card("10h", [Rank.ACE, Rank.TEN, Rank.KING], "Example")
    Card.parse('TH')
    >>> try:
    ...     parse_game_card("2H", [Rank.ACE, Rank.TEN], "Pinochle")
    ... except NotationError as exc:
    ...     print(exc)
    '2H' is not a card of Pinochle: there is no 2 in its pack (ranks A 10)
    """
    listed = " ".join(rank_text(r) for r in ranks)
    t = text.strip()
    rank: Rank | None = None
    if 2 <= len(t) <= 3:
        rank = _RANK_TEXT.get(t[:-1].upper())
        if rank is not None and t[-1].upper() in _SUIT_TEXT:
            if rank in ranks:
                return Card.from_suit_rank(_SUIT_TEXT[t[-1].upper()], rank)
            raise NotationError(f"{quoted(text)} is not a card of {game}: there is no"
                                f" {rank_text(rank)} in its pack (ranks {listed})")
    raise NotationError(f"not a card: {quoted(text)} (write rank then suit: ranks {listed};"
                        " suits C D H S or ♣ ♦ ♥ ♠; e.g. QS, 10D)")


def card_name(card_id: int) -> str:
    """Notation of a card given as a plain int id."""
    return Card(card_id).notation()


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas: ``"QS JD 10H"`` (any rank; a game's own
    parser refuses the ranks its pack lacks)."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]


def cards_text(cards: Iterable[int]) -> str:
    """Notation of several cards, space separated."""
    return " ".join(card_name(c) for c in cards)


class Pack:
    """A pack composition: which cards, and how many copies of each.

    >>> bezique = Pack.piquet(copies=2)
    >>> len(bezique)
    64
    >>> len(Pack.of_ranks([Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE]))
    24
    """

    __slots__ = ("cards", "copies", "_ids")

    def __init__(self, cards: Sequence[int], copies: int = 1) -> None:
        if copies < 1:
            raise ValueError("a pack needs at least one copy of each card")
        self.cards: tuple[Card, ...] = tuple(Card(c) for c in cards)
        if len(set(self.cards)) != len(self.cards):
            raise ValueError("a pack composition lists each card once; use copies for duplicates")
        self.copies = copies
        self._ids: tuple[int, ...] | None = None

    @classmethod
    def of_ranks(cls, ranks: Iterable[Rank], copies: int = 1) -> Pack:
        """All four suits of the given ranks, ``copies`` times over."""
        rs = list(ranks)
        return cls([Card.from_suit_rank(s, r) for s in Suit for r in rs], copies)

    @classmethod
    def piquet(cls, copies: int = 1) -> Pack:
        """The 32-card piquet pack (A K Q J 10 9 8 7), ``copies`` times over.

        Bézique uses two (Bézique, Cards); Rubicon Bézique four; Chinese Bézique six.
        """
        return cls.of_ranks([r for r in Rank if r >= Rank.SEVEN], copies)

    def __len__(self) -> int:
        return len(self.cards) * self.copies

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def all_cards(self) -> list[Card]:
        """Every physical card, in a fixed order (each copy of each card)."""
        return [c for c in self.cards for _ in range(self.copies)]

    def shuffled(self, rng: random.Random) -> list[Card]:
        """A new random order of the whole pack."""
        order = self.all_cards()
        rng.shuffle(order)
        return order

    def shuffled_ids(self, rng: random.Random) -> list[int]:
        """:meth:`shuffled` as plain card ids: the same order for the same ``rng`` (a
        shuffle's draws depend only on the length), with no ``Card`` built or converted:
        what an engine deals from."""
        ids = self._ids
        if ids is None:  # the composition is fixed: read once (a subclass may drop a card)
            ids = self._ids = tuple(int(c) for c in self.all_cards())
        order = list(ids)
        rng.shuffle(order)
        return order

    def check_order(self, order: Sequence[int]) -> list[Card]:
        """Validate a stacked pack: exactly this composition, in any order.

        Raises :class:`NotationError` naming the surplus or missing cards.
        """
        want = self.counts()
        have: dict[int, int] = {}
        for c in order:
            have[int(c)] = have.get(int(c), 0) + 1
        if have != want:
            extra = [c for c in have if have[c] > want.get(c, 0)]
            missing = [c for c in want if want[c] > have.get(c, 0)]
            msg = f"a pack order must hold exactly {len(self)} cards of this pack"
            msg += f" (got {len(order)})"
            if extra:
                msg += "; too many: " + cards_text(sorted(extra))
            if missing:
                msg += "; missing: " + cards_text(sorted(missing))
            raise NotationError(msg)
        return [Card(c) for c in order]

    def counts(self) -> dict[int, int]:
        """How many of each card id the pack holds (what :meth:`check_order` wants)."""
        return {int(c): self.copies for c in self.cards}

    def __repr__(self) -> str:
        return f"Pack({len(self.cards)} cards x {self.copies})"
