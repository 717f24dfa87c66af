"""Laying every meld down at once: the best a hand can show, and checking what a player
lays.

In three- and four-handed Binocle and in Auction Binocle nobody melds trick by trick: each
player lays down at one time "as many combinations as he can", as he would in the
two-handed game with all the time in the world (Three-handed Binocle, Melds; INVENTORY
10). The rules of each meld are still the two-handed game's (BN 27-32):

- every meld brings at least one card fresh from the hand (BN 27), so a hand of ``n``
  cards makes at most ``n - 1`` melds;
- a card already shown in a class may serve again in that class only in a combination
  worth more (*adding*, never *taking away* nor an equal reuse, BN 29-31);
- cards pass freely from one class to another (a Queen of spades in a binocle, a
  marriage and four Queens), each meld still needing its fresh card.

The book's worked examples follow from these alone, and the tests check each: the trump
sequence laid as the royal marriage and then A 10 J is 40 + 150 = 190 (BN 30); four Kings
and four Queens 220, never 240 (BN 28); four Kings and then the other four, 80 + 160
(BN 32). Double binocle "laid as the single first, and then the other" is read as the
single binocle (40) and then the double (80) built on it with the two fresh cards, 120 in
all (BN 31): the double is scored in full on top of the single, as eight Kings are on top
of four.

The search is exhaustive: from a position (the cards still in hand, and each card on the
table with the highest value it has served for in each class) every combination the
table can form is tried with every way of taking its cards (fresh from the hand, or a
table card it may still serve), and the best total of the rest is memoised by position.
Cards that enter no combination (Nines, Tens of plain suits) are set aside first. A hand
of sixteen cards has at most a few thousand positions; ``benchmarks`` figures are in the
module's tests (``test_laying_is_fast``).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Iterable, Sequence

from ...core.cards import Card, card_name
from ...core.errors import IllegalActionError
from ..bezique.declarations import (
    DIAMONDS,
    JACK,
    QUEEN,
    SPADES,
    MeldBase,
    MeldTable,
    book_order,
)
from .melds import TABLE

__all__ = ["Laying", "best_laying", "check_laying", "laying_total"]

BINOCLE_CARDS = (SPADES * 16 + QUEEN, DIAMONDS * 16 + JACK)

#: A card on the table while laying: ``(card, used_a, used_b, used_c)``, ``used_x`` the
#: highest value of a class-x combination it has served in (0: none).
TableCard = tuple[int, int, int, int]

#: Melds laid in order, each as its name and its cards ``(card, from_table)``.
Path = tuple[tuple[str, tuple[tuple[int, bool], ...]], ...]


@dataclasses.dataclass(frozen=True)
class Laying:
    """What a hand lays down: the melds in the order laid (each card marked ``*`` when it
    already lay on the table from an earlier meld of the laying) and their total."""

    total: int
    melds: tuple[MeldBase, ...]

    def notation(self) -> str:
        """The melds joined by ``+``, as the ``lay`` action writes them; ``nothing``."""
        return " + ".join(m.notation() for m in self.melds) if self.melds else "nothing"

    def cards(self) -> list[int]:
        """The cards shown (each physical card once), in book order."""
        return sorted((int(c) for m in self.melds for c, t in m.cards if not t),
                      key=book_order)

    def __str__(self) -> str:
        return f"{self.notation()} ({self.total})"


# -- the combinations under each trump ---------------------------------------------------

class _Combos:
    """A table's combinations under one trump, as ``(name, class, value, need)`` with
    ``need`` a tuple of ``(card, copies)``; and the cards that enter any of them."""

    def __init__(self, table: MeldTable, trump: int) -> None:
        combos = []
        relevant: set[int] = set()
        for name, _kinds, need in table.patterns(trump, BINOCLE_CARDS):
            combo = table.combos[name]
            combos.append((name, combo.klass, combo.value, tuple(sorted(need.items()))))
            relevant.update(need)
        self.combos = combos
        self.relevant = frozenset(relevant)
        self.meld_class = table.meld


@functools.lru_cache(maxsize=64)
def _combos(table: MeldTable, trump: int) -> _Combos:
    return _Combos(table, trump)


# -- one meld laid -----------------------------------------------------------------------

def _ways(hand: dict[int, int], table: tuple[TableCard, ...], klass: int, value: int,
          need: tuple[tuple[int, int], ...]
          ) -> Iterable[tuple[dict[int, int], tuple[TableCard, ...], list[tuple[int, bool]]]]:
    """Every way to lay one combination: ``(hand left, table after, cards as (card,
    from_table))``, with at least one fresh card (BN 27) and table cards only where they
    may still serve in this class for this value (BN 29). Copies of a table card that
    served alike are interchangeable, so each distinct choice is given once."""
    per_card: list[list[tuple[int, tuple[int, ...]]]] = []
    for card, copies in need:
        eligible = [i for i, t in enumerate(table) if t[0] == card and t[1 + klass] < value]
        options: list[tuple[int, tuple[int, ...]]] = []
        for fresh in range(min(copies, hand.get(card, 0)), -1, -1):
            seen: set[tuple[TableCard, ...]] = set()
            for pick in itertools.combinations(eligible, copies - fresh):
                key = tuple(sorted(table[i] for i in pick))
                if key not in seen:
                    seen.add(key)
                    options.append((fresh, pick))
        if not options:
            return
        per_card.append(options)
    for choice in itertools.product(*per_card):
        if not any(fresh for fresh, _ in choice):
            continue
        left = dict(hand)
        used = set()
        cards: list[tuple[int, bool]] = []
        added: list[TableCard] = []
        for (card, _copies), (fresh, pick) in zip(need, choice, strict=True):
            if fresh:
                left[card] -= fresh
                for _ in range(fresh):
                    entry = [card, 0, 0, 0]
                    entry[1 + klass] = value
                    added.append((entry[0], entry[1], entry[2], entry[3]))
                    cards.append((card, False))
            for i in pick:
                used.add(i)
                t = list(table[i])
                t[1 + klass] = value
                added.append((t[0], t[1], t[2], t[3]))
                cards.append((card, True))
        rest = [t for i, t in enumerate(table) if i not in used] + added
        yield left, tuple(sorted(rest)), cards


# -- the best laying ---------------------------------------------------------------------

def best_laying(hand: Sequence[int], trump: int, table: MeldTable = TABLE) -> Laying:
    """The most a hand can lay down at once under ``trump`` (a suit number), with the
    melds that make it, in an order that lays them legally (BN 27-32).

    >>> from bezique.core.cards import Card
    >>> hand = [int(Card.parse(c)) for c in "AH TH KH QH JH 9C".split()]
    >>> str(best_laying(hand, trump=2))   # hearts trumps: royal marriage, then A 10 J
    'royal-marriage KH QH + sequence AH TH KH* QH* JH (190)'
    """
    info = _combos(table, trump)
    counts: dict[int, int] = {}
    for c in hand:
        c = int(c)
        if c in info.relevant:
            counts[c] = counts.get(c, 0) + 1
    key = tuple(sorted(counts.items()))
    total, path = _solve(table, trump, key, ())
    melds = tuple(_meld(info.meld_class, name, cards) for name, cards in path)
    return Laying(total, melds)


def laying_total(hand: Sequence[int], trump: int, table: MeldTable = TABLE) -> int:
    """Only the best total of :func:`best_laying`."""
    return best_laying(hand, trump, table).total


@functools.lru_cache(maxsize=200_000)
def _solve(table: MeldTable, trump: int, hand: tuple[tuple[int, int], ...],
           laid: tuple[TableCard, ...]) -> tuple[int, Path]:
    """The best total from a position, and the melds in order (memoised: positions
    recur along different orders of the same melds)."""
    counts = dict(hand)
    if not any(counts.values()):
        return 0, ()
    best: tuple[int, Path] = (0, ())
    for name, klass, value, need in _combos(table, trump).combos:
        for left, after, cards in _ways(counts, laid, klass, value, need):
            key = tuple(sorted((c, k) for c, k in left.items() if k))
            sub, rest = _solve(table, trump, key, after)
            if value + sub > best[0]:
                best = (value + sub, ((name, tuple(cards)), *rest))
    return best


def _meld(cls: type[MeldBase], name: str, cards: Sequence[tuple[int, bool]]) -> MeldBase:
    pairs = sorted(((Card(c), t) for c, t in cards),
                   key=lambda p: (*book_order(int(p[0])), p[1]))
    return cls(name, tuple(pairs))


# -- checking a laying -------------------------------------------------------------------

def check_laying(hand: Sequence[int], trump: int, melds: Sequence[MeldBase],
                 table: MeldTable = TABLE) -> int:
    """The total of ``melds`` laid in this order from ``hand``, or an
    :class:`IllegalActionError` naming the first meld that the rules refuse: a card not
    in the hand, a card marked ``*`` that no earlier meld laid, a meld without a fresh
    card (BN 27), or a table card taken away or reused at no higher value in its class
    (BN 29-32)."""
    info = _combos(table, trump)
    by_name: dict[str, list[tuple[int, int, tuple[tuple[int, int], ...]]]] = {}
    for name, klass, value, need in info.combos:  # a marriage: one pattern per plain suit
        by_name.setdefault(name, []).append((klass, value, need))
    counts: dict[int, int] = {}
    for c in hand:
        counts[int(c)] = counts.get(int(c), 0) + 1
    positions: list[tuple[dict[int, int], tuple[TableCard, ...]]] = [(counts, ())]
    total = 0
    for m in melds:
        if m.name not in by_name:
            raise IllegalActionError(f"{m.name} is not a combination of {table.game}")
        want = sorted((int(c), t) for c, t in m.cards)
        fits = [(klass, value, need) for klass, value, need in by_name[m.name]
                if sorted(c for c, _ in want) == sorted(c for c, k in need for _ in range(k))]
        if not fits:
            raise IllegalActionError(
                f"{m.notation()}: a {table.combos[m.name].words} is "
                + table.shape_text(m.name, trump, BINOCLE_CARDS))
        klass, value, need = fits[0]
        fresh_wanted = sorted(c for c, t in want if not t)
        if not fresh_wanted:
            raise IllegalActionError(f"{m.notation()}: every meld needs a card fresh from"
                                     " the hand (BN 27)")
        nxt = []
        for hand_left, laid in positions:
            for left, after, cards in _ways(hand_left, laid, klass, value, need):
                if sorted(c for c, t in cards if not t) == fresh_wanted:
                    nxt.append((left, after))
        if not nxt:
            raise IllegalActionError(_why(m, positions, klass, value, table))
        positions = nxt[:64]  # enough different table histories to find a fit
        total += value
    return total


def _why(m: MeldBase, positions: list[tuple[dict[int, int], tuple[TableCard, ...]]],
         klass: int, value: int, table: MeldTable) -> str:
    hand, laid = positions[0]
    fresh = [int(c) for c, t in m.cards if not t]
    for c in set(fresh):
        if hand.get(c, 0) < fresh.count(c):
            return f"{m.notation()}: {card_name(c)} is not in the hand (any more)"
    words = table.combos[m.name].words
    for c in {int(c) for c, t in m.cards if t}:
        if not any(t[0] == c for t in laid):
            return (f"{m.notation()}: {card_name(c)}* is on the table only once an earlier"
                    " meld lays it")
    kind = "abc"[klass]
    return (f"{m.notation()}: a card of it has already served in a class-{kind} meld worth"
            f" {value} or more; cards may be added to form a higher {words} but not taken"
            " away (BN 29-31)")

