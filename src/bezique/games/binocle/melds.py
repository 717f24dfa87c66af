"""Binocle's melds and counting cards, as data that reads like Foster's tables (Binocle,
Melds; Cards), shared by every form of the game.

The three classes (BN 22-24): *a* marriages and the sequence, *b* the binocles, *c* the
fours and eights. Unlike Bézique, a four must be of four different suits (BN 25), so
every Binocle combination is a fixed set of cards (:class:`~..bezique.declarations.Named`
for the binocles and the fours and eights, whatever the trump; suited for class *a*).

The declaring rules are the Bézique family's (:mod:`..bezique.declarations`): a fresh
card from the hand for every meld, cards *added* to a meld but never *taken away* to form
another of the same class (BN 27-32). Binocle carries nothing "to score": one meld after
each trick won (BN 21, GAP-BN-2).

Counting cards (Binocle, Cards; BN 15): Ace 11, Ten 10, King 4, Queen 3, Jack 2, the
Nine (and in the 64-card form the Eight and Seven) nothing: 240 in a deal.
"""

from __future__ import annotations

from ...core.cards import Pack, Rank
from ..bezique.declarations import (
    ACE,
    CLASS_A,
    CLASS_B,
    CLASS_C,
    JACK,
    KING,
    PLAIN,
    QUEEN,
    TEN,
    TRUMPS,
    MeldTable,
    named,
    row,
    suited,
)

__all__ = ["CARD_POINTS", "CARDS_IN_DEAL", "MELD_TABLES", "PACK_48", "PACK_64", "RANKS_48",
           "TABLE", "TABLE_NO_GRAND", "BinocleMeld", "card_points", "meld_table"]

A, B, C = CLASS_A, CLASS_B, CLASS_C

_FOURS = [
    ("aces", "Aces", "A", 100),
    ("kings", "Kings", "K", 80),
    ("queens", "Queens", "Q", 60),
    ("jacks", "Jacks", "J", 40),
]


def _rows(grand: bool) -> list:  # type: ignore[type-arg]
    rows = [
        # class a: marriages and the sequence
        row(A, "marriage",       "Marriage",       suited("K Q", PLAIN),          20),
        row(A, "royal-marriage", "Royal Marriage", suited("K Q", TRUMPS),         40),
        row(A, "sequence",       "Sequence",       suited("A 10 K Q J", TRUMPS),  150),
        # class b: the binocles (Q♠ J♦); grand binocle 80 whatever the trump (BN 23)
        row(B, "binocle",        "Binocle",        named("QS JD"),                40),
        row(B, "double-binocle", "Double Binocle", named("QS QS JD JD"),          80),
    ]
    if grand:
        rows.append(row(B, "grand-binocle", "Grand Binocle", named("KS QS JD"), 80))
    # class c: four of a rank of four different suits, and all eight (BN 24-25)
    for word, title, r, value in _FOURS:
        rows.append(row(C, f"four-{word}", f"Four {title}",
                        named(" ".join(r + s for s in "CDHS")), value))
    for word, title, r, value in _FOURS:
        rows.append(row(C, f"eight-{word}", f"Eight {title}",
                        named(" ".join(r + s for s in "CDHS" for _ in (0, 1))), 2 * value))
    return rows


_ALIASES = {"pinochle": "binocle", "pinocle": "binocle", "double pinochle": "double-binocle",
            "grand pinochle": "grand-binocle", "common marriage": "marriage",
            "four knaves": "four-jacks", "eight knaves": "eight-jacks"}

#: The book's table (Binocle, Melds), and the same without grand binocle, which "is not
#: often played in America" (V-BN-02).
TABLE = MeldTable("Binocle", _rows(True), aliases=_ALIASES, max_melds=1)
TABLE_NO_GRAND = MeldTable("Binocle", _rows(False), aliases=_ALIASES, max_melds=1)
MELD_TABLES = {True: TABLE, False: TABLE_NO_GRAND}


BinocleMeld = TABLE.meld_class("BinocleMeld", __name__)
TABLE_NO_GRAND.meld = BinocleMeld  # one class: a meld's table is the full one


def meld_table(grand_binocle: bool) -> MeldTable:
    """The meld table with or without grand binocle (V-BN-02)."""
    return MELD_TABLES[bool(grand_binocle)]


_VALUE = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2}

#: What each card counts in the tricks won, by card id (BN 15): A 11, 10 10, K 4, Q 3,
#: J 2, any lower card 0.
CARD_POINTS: list[int] = [_VALUE.get(c & 15, 0) for c in range(64)]
#: The counting cards of a deal: two of each of the five counting ranks in four suits.
CARDS_IN_DEAL = 2 * 4 * sum(_VALUE.values())


def card_points(cards: list[int] | tuple[int, ...]) -> int:
    """The count of these cards (BN 15)."""
    return sum(CARD_POINTS[c] for c in cards)


#: The ranks of Binocle's pack, high to low in play: A 10 K Q J 9 (BN 1).
RANKS_48 = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
#: Binocle's pack: two 24-card packs, A 10 K Q J 9 of each suit (BN 1).
PACK_48 = Pack.of_ranks(RANKS_48, copies=2)
#: Sixty-four-card Binocle: the Eights and Sevens added (BN 46).
PACK_64 = Pack.piquet(copies=2)

