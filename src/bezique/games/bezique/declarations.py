"""The declarations of the Bézique family, as one piece: the classes, the meld tables as
data, and the rules every game of the family shares.

Foster gives the same declaring rules for two-handed Bézique and Rubicon Bézique
(Bézique, Declarations and Double Declarations; Rubicon Bézique, Declarations):

- three classes, A marriages and sequences, B béziques, C fours; cards pass freely from
  one class to another (BZ 61, RB 15);
- each announcement needs a card fresh from the hand, laid on the table now (BZ 59);
- "adding" but not "taking away": a card already announced in a class cannot serve in a
  combination of that class worth less (BZ 56, RB 13), but a higher one may be built on a
  lower one with fresh cards (BZ 57, RB 14);
- one combination scored per trick won; others announced with it are carried "to score"
  after later tricks while their cards lie on the table, and lost when one is played or
  the stock runs out (BZ 63-68, RB 23-25).

What differs is data, stated by each game's :class:`MeldTable`: its combinations and
values (the book's table, row by row), whether a combination broken up (a card of it
played) may be re-formed with a new card and scored again (Rubicon's peculiarity, RB
16-22: ``reform``; the game frees the cards left when one of it is played), and
whether combinations of one class announced together may share a card
(``shared_in_declaration``: two-handed Bézique lets four Queens carry a bézique and the
double bézique; Rubicon scores eight bézique cards shown at once as the quadruple only,
RB 21).

Representation (chosen for speed): each player's declared cards on the table are tuples
``(card, serial, used_a, used_b, used_c)``, ``used_x`` the highest value of a class-x
combination the card has been announced in. A card may serve in a combination of class x
worth ``w`` while ``used_x < w`` (the combination's ``limit``), which is all "no taking
away", "no equal reuse" and "adding" need. A game that re-forms combinations (Rubicon)
frees the cards of one broken up by setting their ``used_x`` one below its value: they
may serve in it again, and in higher ones, but still in no lower one.
"""

from __future__ import annotations

import dataclasses
import operator
import random
from abc import abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ...core.cards import Card, Rank, Suit, card_name, parse_game_card
from ...core.errors import IllegalActionError, NotationError, quoted
from ...core.events import (
    NUMBERED,
    Declared,
    Event,
    Names,
    TrickWon,
    declared_words,
    event_of,
)
from ...core.game import Action, CardPlay, WordAction, action_text, action_words, check_seat
from ...core.trick import END_PHASE, PublicLog, RankOrder, TrickState, copying

# -- cards -----------------------------------------------------------------------------

ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN = 14, 10, 13, 12, 11, 9, 8, 7
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
ORDER = RankOrder([Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE,
                   Rank.EIGHT, Rank.SEVEN])
STRENGTH = ORDER.strength
BRISQUE = [1 if (c & 15) in (ACE, TEN) else 0 for c in range(64)]
CLASS_A, CLASS_B, CLASS_C = 0, 1, 2
#: ``trump`` of a deal whose trump is not made yet (Rubicon: the first marriage makes it)
NO_TRUMP = -1
#: a mark that bars a card from every other combination of its class in one declaration
#: (Rubicon: cards laid together count once in their class, RB 21)
_BARRED = 1 << 30

_RANK_WORDS = {ACE: "Ace", TEN: "Ten", KING: "King", QUEEN: "Queen", JACK: "Jack"}
_RANK_LETTER = {ACE: "A", TEN: "T", KING: "K", QUEEN: "Q", JACK: "J"}
_RANK_READ = {"A": ACE, "10": TEN, "T": TEN, "K": KING, "Q": QUEEN, "J": JACK}

Entry = tuple[int, int, int, int, int]
"""A declared card on the table: ``(card, serial, used_a, used_b, used_c)``."""

#: The phases of a two-handed deal (:class:`TwoHandedState`): a card led, a card followed,
#: the winner of the trick declaring or drawing, the deal over.
LEAD, FOLLOW, DECLARE, END = 0, 1, 2, END_PHASE
PHASE_NAMES = ("lead", "follow", "declare", "end")


# -- the shapes of the combinations ------------------------------------------------------

PLAIN, TRUMPS = "plain", "trumps"


@dataclasses.dataclass(frozen=True)
class Suited:
    """Cards of the given ranks, all of one suit: a plain suit, or trumps."""

    ranks: tuple[int, ...]
    suit: str  # PLAIN or TRUMPS

    @property
    def size(self) -> int:
        return len(self.ranks)


@dataclasses.dataclass(frozen=True)
class Beziques:
    """``n`` Queens of bézique and ``n`` Jacks of bézique (Q♠ J♦ unless an option
    changes the pair)."""

    n: int

    @property
    def size(self) -> int:
        return 2 * self.n


@dataclasses.dataclass(frozen=True)
class Four:
    """Four cards of one rank, of any suits, duplicates allowed (BZ 48-49, RB 7)."""

    rank: int

    @property
    def size(self) -> int:
        return 4


@dataclasses.dataclass(frozen=True)
class Named:
    """Named cards, whatever the trump; a card named twice is needed twice (Binocle's
    fours of four different suits, its eights of a kind and its grand binocle)."""

    cards: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cards)


Shape = Suited | Beziques | Four | Named


def suited(ranks: str, suit: str) -> Suited:
    """``suited("K Q", PLAIN)``: the King and Queen of a plain suit."""
    return Suited(tuple(_RANK_READ[r] for r in ranks.split()), suit)


def beziques(n: int) -> Beziques:
    """``n`` spade Queens and ``n`` diamond Jacks."""
    return Beziques(n)


def four(rank: str) -> Four:
    """``four("A")``: any four Aces."""
    return Four(_RANK_READ[rank])


_SUIT_READ = {"C": CLUBS, "D": DIAMONDS, "H": HEARTS, "S": SPADES}


def named(text: str) -> Named:
    """``named("KC KD KH KS")``: these cards, each once (a card written twice is needed
    twice)."""
    return Named(tuple(_SUIT_READ[w[-1]] * 16 + _RANK_READ[w[:-1]] for w in text.split()))


# -- the combinations and the tables ------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Combination:
    """A kind of declaration: its name in the notation, class (A marriages and sequences,
    B béziques, C fours), value, title, number of cards, the cards it is made of, and
    whether, once broken up by one of its cards being played, it may be re-formed with a
    new card and scored again (Rubicon, RB 16)."""

    name: str
    klass: int
    value: int
    title: str
    size: int = 2
    shape: Shape | None = dataclasses.field(default=None, compare=False, repr=False)
    reform: bool = dataclasses.field(default=False, compare=False, repr=False)

    @property
    def words(self) -> str:
        """The name as a player says it: ``royal marriage``, ``double bézique``."""
        return self.title.lower()

    @property
    def limit(self) -> int:
        """A card announced in this class for less than ``limit`` may serve in it: the
        value itself (no equal reuse, BZ 58). A combination that may be re-formed is no
        exception while it lies intact: the game frees its cards when it is broken up
        (Rubicon, RB 16), marking them one below the value."""
        return self.value


def row(klass: int, name: str, title: str, shape: Shape, value: int, *,
        reform: bool = False) -> Combination:
    """One row of a meld table, in the book's order of columns: class, name, cards,
    value."""
    return Combination(name, klass, value, title, shape.size, shape, reform)


class MeldTable:
    """A game's table of combinations (its rows in the book's order) and the names its
    notation reads. Patterns per trump suit are worked out once and cached.

    ``shared_in_declaration``: whether two combinations of one class announced in the
    same declaration may share a card (each still needs its own fresh card).
    """

    def __init__(self, game: str, rows: Sequence[Combination], *,
                 aliases: dict[str, str] | None = None, shared_in_declaration: bool = True,
                 max_melds: int = 24) -> None:
        self.game = game
        self.combos: dict[str, Combination] = {c.name: c for c in rows}
        self.names: tuple[str, ...] = tuple(self.combos)
        self.shared_in_declaration = shared_in_declaration
        self.max_melds = max_melds
        #: the fours, lowest value first: ``(name, rank)``
        self.fours: tuple[tuple[str, int], ...] = tuple(sorted(
            ((c.name, c.shape.rank) for c in rows if isinstance(c.shape, Four)),
            key=lambda nr: self.combos[nr[0]].value))
        self.meld: type[MeldBase] = MeldBase  # the game's Meld class (see meld_class)
        self._mark = {c.name: (c.value if shared_in_declaration else _BARRED) for c in rows}
        names: dict[tuple[str, ...], str] = {}
        for c in rows:
            names[_name_key([c.name])] = c.name
            names[_name_key(c.title.split())] = c.name
        for spelling, name in (aliases or {}).items():
            names[_name_key(spelling.split())] = name
        self._names = names
        self._longest = max(len(k) for k in names)
        self.name_list = ", ".join(c.words for c in rows)
        self._patterns: dict[tuple[int, int, int], list[tuple[str, list[int], dict[int, int]]]] = {}
        self._candidates: dict[tuple[int, int, int],
                               list[tuple[str, list[int] | int, int, int, int, int]]] = {}

    def __getitem__(self, name: str) -> Combination:
        return self.combos[name]

    def meld_class(self, name: str, module: str) -> type[MeldBase]:
        """The game's class of one announced combination, a :class:`MeldBase` that names
        this table's combinations, made the table's :attr:`meld`. ``name`` and
        ``module`` are where the game binds it (``RubiconMeld = RUBICON_TABLE.meld_class(
        "RubiconMeld", __name__)``): its repr and its pickles (a search's workers) name
        it so."""
        cls = type(name, (MeldBase,), {
            "__slots__": (), "__module__": module, "__qualname__": name, "table": self,
            "__doc__": f"One announced combination of {self.game}: its name and its cards,"
                       " each marked if it already lay on the table (``KS*``)."})
        self.meld = cls
        return cls

    def __iter__(self) -> Any:
        return iter(self.combos.values())

    def mark(self, name: str) -> int:
        """What announcing ``name`` marks its cards with in its class for the rest of the
        same declaration: its value, or a bar (no sharing within a declaration)."""
        return self._mark[name]

    def patterns(self, trump: int, bezique: tuple[int, int]
                 ) -> list[tuple[str, list[int], dict[int, int]]]:
        """The fixed-card combinations under a trump suit (``NO_TRUMP``: not made yet,
        so every suit may become trumps and none is plain) as ``(name, cards, {card:
        copies})``: the suited ones rank group by rank group, suit by suit, then the
        béziques."""
        key = (trump, bezique[0], bezique[1])
        cached = self._patterns.get(key)
        if cached is not None:
            return cached
        q, j = bezique
        pats: list[tuple[str, list[int]]] = []
        groups: dict[tuple[int, ...], dict[str, str]] = {}
        for c in self.combos.values():
            if isinstance(c.shape, Suited):
                groups.setdefault(c.shape.ranks, {})[c.shape.suit] = c.name
        for ranks, by_kind in groups.items():
            for s in range(4):
                kind = TRUMPS if s == trump or trump == NO_TRUMP else PLAIN
                name = by_kind.get(kind)
                if name is not None:
                    pats.append((name, [s * 16 + r for r in ranks]))
        for c in self.combos.values():
            if isinstance(c.shape, Beziques):
                pats.append((c.name, [q] * c.shape.n + [j] * c.shape.n))
            elif isinstance(c.shape, Named):
                pats.append((c.name, list(c.shape.cards)))
        full = []
        for name, kinds in pats:
            need: dict[int, int] = {}
            for k in kinds:
                need[k] = need.get(k, 0) + 1
            full.append((name, kinds, need))
        self._patterns[key] = full
        return full

    def candidates(self, trump: int, bezique: tuple[int, int]
                   ) -> list[tuple[str, list[int] | int, int, int, int, int]]:
        """Every combination under a trump suit as ``(name, cards or rank of a four,
        class, value, limit, mark)``, lowest value first: the order in which combinations
        carried "to score" are completed. Before the trump is made no marriage or
        sequence is among them (the one that makes it is scored, never carried)."""
        key = (trump, bezique[0], bezique[1])
        cached = self._candidates.get(key)
        if cached is None:
            both: list[tuple[str, list[int] | int]] = [
                (n, k) for n, k, _ in self.patterns(trump, bezique)
                if trump != NO_TRUMP or self.combos[n].klass != CLASS_A]
            both += [(n, r) for n, r in self.fours]
            both.sort(key=lambda nk: self.combos[nk[0]].value)
            cached = self._candidates[key] = [
                (n, k, self.combos[n].klass, self.combos[n].value, self.combos[n].limit,
                 self._mark[n]) for n, k in both]
        return cached

    def names_in(self, style: str) -> tuple[str, ...]:
        """The names in the order of the book's table: ``notation``, ``words`` or
        ``title``."""
        if style == "notation":
            return self.names
        if style == "words":
            return tuple(c.words for c in self.combos.values())
        if style == "title":
            return tuple(c.title for c in self.combos.values())
        raise ValueError(f"style is notation, words or title, not {quoted(style)}")

    def read_name(self, words: list[str]) -> tuple[str | None, list[str]]:
        """The combination named by the first words (the longest name that fits) and
        the words after it."""
        for n in range(min(self._longest, len(words)), 0, -1):
            name = self._names.get(_name_key(words[:n]))
            if name is not None:
                return name, words[n:]
        return None, words

    def shape_text(self, name: str, trump: int, bezique: tuple[int, int]) -> str:
        """What a combination is made of, in words, for an error message."""
        combo = self.combos[name]
        shape = combo.shape
        if isinstance(shape, Four):
            return f"{combo.words} are four cards of that rank, of any suits"
        if isinstance(shape, Beziques):
            q, j = (card_name(c) for c in bezique)
            return " ".join([q] * shape.n + [j] * shape.n)
        if isinstance(shape, Named):
            return " ".join(card_name(c) for c in shape.cards)
        assert isinstance(shape, Suited)
        ranks = [_RANK_WORDS[r] for r in shape.ranks]
        if len(ranks) == 2:
            which = f"a {ranks[0]} and {ranks[1]}"
        else:
            which = "an " + ", ".join(ranks[:-1]) + " and " + ranks[-1]
        if shape.suit == PLAIN:
            return f"{which} of one plain suit"
        if trump == NO_TRUMP:
            return f"{which} of one suit, which becomes trumps"
        t = "CDHS"[trump]
        cards = " ".join(_RANK_LETTER[r] + t for r in shape.ranks)
        tail = ("the King and Queen of trumps" if len(ranks) == 2
                else f"the {'five' if len(ranks) == 5 else len(ranks)} highest trumps")
        return f"{cards}, {tail}"


def _name_key(words: Sequence[str]) -> tuple[str, ...]:
    return tuple(w for word in words
                 for w in word.lower().replace("é", "e").replace("_", "-").split("-") if w)


# -- actions -----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class Play(CardPlay):
    """Lead or play a card. ``from_table`` plays a declared card lying on the table:
    written with a star, ``QS*`` (Foster: play the one on the table)."""

    card: Card
    from_table: bool = False

    def notation(self) -> str:
        return self.card.notation() + ("*" if self.from_table else "")


@dataclasses.dataclass(frozen=True, slots=True)
class MeldBase:
    """One announced combination: its name and its cards, each marked if it already lay
    on the table (``KS*``) rather than coming fresh from the hand. Each game has its own
    subclass, whose ``table`` says what the name means."""

    name: str
    cards: tuple[tuple[Card, bool], ...]
    table: ClassVar[MeldTable]

    def notation(self) -> str:
        return self.name + " " + " ".join(c.notation() + ("*" if t else "")
                                          for c, t in self.cards)

    @property
    def combination(self) -> Combination:
        """The combination of the game's table this names."""
        return self.table.combos[self.name]


@dataclasses.dataclass(frozen=True, slots=True)
class Declare(Action):
    """Announce one or more combinations after winning a trick: the first is scored now,
    the rest are carried "to score" (Double Declarations). Written
    ``bezique QS JD + marriage KS* QS``."""

    melds: tuple[MeldBase, ...]

    def notation(self) -> str:
        return " + ".join(m.notation() for m in self.melds)


@dataclasses.dataclass(frozen=True, slots=True)
class ScoreCarried(Action):
    """Score a combination announced earlier and carried "to score". ``score marriage KS
    QS``."""

    name: str
    cards: tuple[Card, ...]

    def notation(self) -> str:
        return "score " + self.name + " " + " ".join(c.notation() for c in self.cards)


class Draw(WordAction, word="draw"):
    """Declare nothing (more) and draw from the stock."""


DRAW = Draw()
PLAY_HAND = {c: Play(Card(c), False) for c in range(64) if 2 <= (c & 15) <= 14}
PLAY_TABLE = {c: Play(Card(c), True) for c in range(64) if 2 <= (c & 15) <= 14}
# indexed by card id for the hot path (ids of no card hold None and are never looked up)
_PH: list[Any] = [PLAY_HAND.get(c) for c in range(64)]
_PT: list[Any] = [PLAY_TABLE.get(c) for c in range(64)]

#: The card ids of the piquet pack every game of the family is made of.
PACK_IDS = frozenset(s * 16 + r for s in range(4) for r in range(7, 15))


def book_order(card: int) -> tuple[int, int]:
    """Sort key writing cards as the book does: higher rank first (``KS QS``, ``QS JD``,
    ``AH TH KH QH JH``), then spades, hearts, diamonds, clubs."""
    return (-STRENGTH[card], -(int(card) >> 4))


def _pair_order(pair: tuple[Card, bool]) -> tuple[int, int, bool]:
    return (-STRENGTH[pair[0]], -(int(pair[0]) >> 4), pair[1])


def card_of_play(action: Any, game: str) -> Card:
    """The card of a ``Play`` built by hand with a bare id; anything that is no card of the
    pack is an illegal action naming it."""
    c = action.card
    if isinstance(c, int) and not isinstance(c, bool) and c in PACK_IDS:
        return Card(c)
    raise IllegalActionError(f"{quoted(c)} is not a card of the {game} pack"
                             " (A 10 K Q J 9 8 7); give a Card, e.g. Card.parse('QS')")


# -- notation ----------------------------------------------------------------------------

def parse_family_action(text: str, table: MeldTable,
                        special: Callable[[str], Action | None], others: str,
                        ranks: Sequence[Rank] = ORDER.ranks) -> Action:
    """Parse an action of a game of the family (context free), and the text the screen
    writes for it: ``draw``, the game's own words (``special``), ``score NAME CARDS``,
    declarations (names with spaces or hyphens, any case, with or without the accent, a
    value in brackets after each, several joined by ``+``), and cards (``QS``, ``10♠``,
    ``QS*`` lying on the table). ``others`` lists the game's own words for the error;
    ``ranks`` are those of the game's pack (a card of any other rank is no card of it)."""
    game = table.game
    t = action_words(text, game)
    low = t.lower()
    if low == "draw" or low.startswith("draw ("):
        return DRAW
    own = special(low)
    if own is not None:
        return own
    words = t.split()
    if low.startswith("score "):
        name, rest = table.read_name(words[1:])
        if name is None:
            raise NotationError(f"unknown combination {quoted(words[1])} in {quoted(text)};"
                                f" combinations: {table.name_list}")
        pairs = _read_meld_cards(table, name, rest, text, ranks)
        return ScoreCarried(name, tuple(sorted((c for c, _ in pairs), key=book_order)))
    if table.read_name(words)[0] is not None:
        melds = []
        for chunk in t.split("+"):
            parts = chunk.split()
            if not parts:
                raise NotationError(f"empty combination in {quoted(text)}")
            name, rest = table.read_name(parts)
            if name is None:
                raise NotationError(f"unknown combination {quoted(parts[0])} in"
                                    f" {quoted(text)}; combinations: {table.name_list}")
            pairs = _read_meld_cards(table, name, rest, text, ranks)
            melds.append(table.meld(name, tuple(sorted(pairs, key=_pair_order))))
        if len(melds) > table.max_melds:
            raise NotationError(f"{len(melds)} combinations in one declaration: no declaration"
                                f" holds more than {table.max_melds}")
        return Declare(tuple(melds))
    if len(words) == 1:
        play: Play = _PT[read_card(t[:-1], game, ranks)] if t.endswith("*") \
            else _PH[read_card(t, game, ranks)]
        return play
    raise NotationError(f"not a {game} action: {quoted(text)} (a card like QS or QS*, a"
                        f" combination like 'bezique QS JD', 'score ...', {others})")


def read_card(text: str, game: str, ranks: Sequence[Rank] = ORDER.ranks) -> Card:
    """A card of a pack of ``ranks`` (the piquet pack's unless given), the error naming
    those ranks only."""
    return parse_game_card(text, ranks, game)


def _read_meld_cards(table: MeldTable, name: str, words: list[str], text: str,
                     ranks: Sequence[Rank] = ORDER.ranks) -> list[tuple[Card, bool]]:
    """The cards of one combination (``QS``, ``QS*``), after an optional value in brackets
    as the screen writes it (``(40)``, ``(20 to score)``)."""
    combo = table.combos[name]
    words = [w for word in words for w in word.split(",") if w]
    if words and words[-1].endswith(")"):
        start = max((i for i, w in enumerate(words) if w.startswith("(")), default=-1)
        note = " ".join(words[start:])[1:-1].split() if start >= 0 else []
        if (not note or not (note[0].isascii() and note[0].isdecimal())
                or note[1:] not in ([], ["to", "score"])):
            raise NotationError(f"{quoted(' '.join(words[start:]))} in {quoted(text)}: after"
                                " the cards write the value only, e.g. (40) or (20 to score)")
        if len(note[0]) > 6 or int(note[0]) != combo.value:
            raise NotationError(f"{combo.words} is worth {combo.value}, not {note[0]}"
                                f" ({quoted(text)})")
        words = words[:start]
    if len(words) != combo.size:
        raise NotationError(f"a {combo.words} has {combo.size} cards, not {len(words)}:"
                            f" {quoted(text)}")
    return [(read_card(w[:-1], table.game, ranks), True) if w.endswith("*")
            else (read_card(w, table.game, ranks), False) for w in words]


# -- "nothing to declare" in a few integer operations -----------------------------------

# Counts of cards kept as fields of one int, so that a hand's honours add up in one
# ``sum`` and "holds every card of a combination" is one subtraction: a 4-bit field per
# card id (copies of a card in a hand and a table: at most 7, six packs being the most
# any game uses) and, above them, an 8-bit field per rank 10..14 (cards of that rank).
# Each field's top bit is a guard: ``(count | guard) - need`` keeps it iff count >= need,
# and no borrow crosses into the next field.
_RANK_FIELDS = 64 * 4
_WEIGHT: list[int] = [
    (1 << 4 * c) | (1 << _RANK_FIELDS + 8 * ((c & 15) - TEN)) if TEN <= c & 15 <= ACE else 0
    for c in range(64)]
_CARD_GUARD = [8 << 4 * c for c in range(64)]
_RANK_GUARD = [128 << _RANK_FIELDS + 8 * (r - TEN) for r in range(TEN, ACE + 1)]
_GUARD = sum(_CARD_GUARD) | sum(_RANK_GUARD)
#: the most copies of one card the 4-bit fields hold
_MAX_COPIES = 7

Screen = list[tuple[int, int, int]]
_CARD_OF = operator.itemgetter(0)  # of a table entry
_USED_A = operator.itemgetter(2)


def _screen(game: Any, trump: int) -> Screen | None:
    """For each combination under ``trump`` (the game's patterns, then its fours):
    ``(need, guard, fields)``, the counts it needs in the fields, their guard bits, and
    the bits of its fields (one of which must hold a fresh card). None when the pack has
    more copies of a card than a field holds (then nothing is screened)."""
    try:
        return game._decl_screens[trump]  # type: ignore[no-any-return]
    except (AttributeError, KeyError):
        pass
    pats = game.patterns(trump)
    if game.pack.copies > _MAX_COPIES:
        screens = game.__dict__.setdefault("_decl_screens", {})
        screens[trump] = None
        return None
    screen: Screen = []
    for _, _, need in pats:
        n = g = f = 0
        for k, count in need.items():
            n += count << 4 * k
            g |= _CARD_GUARD[k]
            f |= 7 << 4 * k
        screen.append((n, g, f))
    for _, rank in game.table.fours:
        at = _RANK_FIELDS + 8 * (rank - TEN)
        screen.append((4 << at, 128 << at, 127 << at))
    # a game's patterns and fours are fixed by its frozen options: kept on the game
    game.__dict__.setdefault("_decl_screens", {})[trump] = screen
    return screen


def _candidate_screen(game: Any, trump: int
                      ) -> list[tuple[Any, tuple[int, int, int]]] | None:
    """Each of the game's candidates under ``trump`` (:meth:`MeldTable.candidates`) with
    ``(need, guard, fields)`` as in :func:`_screen`: the counts it needs, their guard
    bits, and the fields one of the cards just laid must be in (its cards; a four's
    rank). Fixed by the game's frozen options: kept on the game. None when the pack has
    more copies of a card than a field holds."""
    try:
        return game._cand_screens[trump]  # type: ignore[no-any-return]
    except (AttributeError, KeyError):
        pass
    if game.pack.copies > _MAX_COPIES:
        game.__dict__.setdefault("_cand_screens", {})[trump] = None
        return None
    out = []
    for x in game.candidates(trump):
        kinds = x[1]
        if isinstance(kinds, int):  # a four of this rank
            at = _RANK_FIELDS + 8 * (kinds - TEN)
            out.append((x, (4 << at, 128 << at, 127 << at)))
        else:
            n = g = f = 0
            for k in kinds:
                n += 1 << 4 * k
                g |= _CARD_GUARD[k]
                f |= 7 << 4 * k
            out.append((x, (n, g, f)))
    game.__dict__.setdefault("_cand_screens", {})[trump] = out
    return out


# -- the declaring part of a state ------------------------------------------------------

Plan = tuple[list[int], list[tuple[str, list[tuple[int, int]]]]]
"""How a declaration is carried out: the cards laid fresh, and each combination with its
cards as references (a table serial, or ``-(i+1)`` for the i-th fresh card)."""


Announced = tuple[tuple[str, tuple[Card, ...]], ...]
"""One seat's announcements (scored or carried "to score") as ``(name, cards)``."""
Record = tuple[tuple[Event, ...], tuple[Card, ...], tuple[Announced, ...]]
"""The public record of a deal: its public events, the cards of the finished tricks in the
order played, and each seat's announcements."""

class Declarer(PublicLog):
    """The declaring rules of the family, for a game's state to inherit (before its trick
    base, :class:`~bezique.core.trick.TrickState` or ``TrickStateN``). The state keeps
    ``tables``, ``hands``, ``known``, ``carried``, ``serial``, ``trump``, ``player``,
    ``phase`` and ``_decl`` (the actions listed after the trick, or None); its game gives
    ``table`` (the :class:`MeldTable`), ``patterns(trump)``, ``candidates(trump)``,
    ``bezique_cards(trump)``, ``_carry`` and ``parse_action``. A game changes the hooks:
    which table cards a declaration may use (:meth:`_decl_table`), which cards may be laid
    fresh (:meth:`_fresh_counts`), how a fresh card leaves the hand (:meth:`_take_fresh`),
    the trump the carried combinations count under (:meth:`_declaration_trump`), what
    else announcing does (:meth:`_announcing`), how a declaration written out reads
    (:meth:`_as_written`), and states the phases in which declarations are made
    (``declare_phases``) and the legal actions after a trick (``_declare_options``)."""

    game: Any
    tables: list[list[Entry]]
    hands: list[list[int]]
    known: list[list[int]]
    carried: list[list[tuple[str, int, tuple[int, ...], tuple[int, ...]]]]
    serial: int
    trump: int
    player: int
    phase: int
    stock: list[int]
    _decl: dict[Action, Any] | None
    _rec: Any  # (log node, public record as of it), for the games that keep it

    #: the phases in which the actions after a trick (declarations, drawing) are made
    declare_phases: ClassVar[tuple[int, ...]] = ()
    #: why a declaration of several combinations is refused when nothing is carried
    one_per_declaration: ClassVar[str] = (
        "one combination per declaration in this game (multiple_announcements ="
        " one_per_trick, as Enquire Within has it): nothing is carried 'to score'")
    #: what each combination of a declaration needs, for the error listing the legal ones
    declaration_needs: ClassVar[str] = (
        "each combination needs the cards (table cards marked *), at least one fresh card"
        " from the hand, and no card already announced in that class for as much or more")

    if TYPE_CHECKING:
        def _note(self, *entry: Any) -> None: ...
        def _score(self, seat: int, pts: int, why: str) -> None: ...
        def _declare_options(self) -> dict[Action, Any]: ...

    # -- hooks ---------------------------------------------------------------------------

    def _decl_table(self, p: int) -> list[Entry]:
        """The table cards a declaration may use: all of them."""
        return self.tables[p]

    def _fresh_counts(self, p: int) -> dict[int, int]:
        """How many of each card ``p`` may lay fresh from the hand now: A 10 K Q J only
        enter combinations (BZ 50)."""
        counts: dict[int, int] = {}
        for c in self.hands[p]:
            if (c & 15) >= TEN:
                counts[c] = counts.get(c, 0) + 1
        return counts

    def _take_fresh(self, p: int, c: int) -> None:
        """A card laid fresh leaves the hand."""
        self.hands[p].remove(c)
        kn = self.known[p]
        if c in kn:  # a new list: a two-handed state's copies share the old one
            kn = self.known[p] = kn[:]
            kn.remove(c)

    def _declaration_trump(self, name: str, cards: Sequence[int]) -> int:
        """The trump suit the rest of a declaration whose first combination is ``name``
        counts under."""
        return self.trump

    def _announcing(self, p: int, melds: list[tuple[str, list[tuple[int, int]]]],
                    cards: list[tuple[int, ...]]) -> None:
        """What else announcing these combinations does (nothing here)."""

    # -- listing declarations ----------------------------------------------------------

    #: whether table cards with ``used_a < 0`` (Rubicon's replacements, RB 18) may be
    #: laid fresh: :meth:`_maybe_declares` counts them among the fresh cards
    replacements_fresh: ClassVar[bool] = False

    def _maybe_declares(self, p: int) -> bool:
        """False when ``p`` surely has nothing to declare: no combination of the table
        has all its cards among the hand's honours and ``p``'s table cards with one of
        them fresh. What :meth:`_declarations` checks first, as a few operations on
        integers (see :func:`_screen`); a superset of the fresh cards (an honour from
        the hand the rules bar from this declaration) only makes it say True more."""
        screen = _screen(self.game, self.trump)
        if screen is None:
            return True
        weight = _WEIGHT.__getitem__
        fresh = sum(map(weight, self.hands[p]))
        table = self.tables[p]
        if table:
            avail = (fresh + sum(map(weight, map(_CARD_OF, table)))) | _GUARD
            if self.replacements_fresh and min(map(_USED_A, table)) < 0:
                fresh += sum(weight(e[0]) for e in table if e[2] < 0)
        elif not fresh:
            return False
        else:
            avail = fresh | _GUARD
        for need, guard, fields in screen:
            if (avail - need) & guard == guard and fresh & fields:
                return True
        return False

    def _declarations(self, p: int) -> list[tuple[Declare, Any]]:
        """Every combination that may be declared now alone, each with the largest sets
        of others its fresh cards complete (see :meth:`_extra_sets`)."""
        if not self._maybe_declares(p):
            return []
        counts = self._fresh_counts(p)
        if not counts:
            return []
        table = self._decl_table(p)
        # cheap rejection first: most tricks leave nothing to declare
        avail = dict(counts)
        for e in table:
            c = e[0]
            avail[c] = avail.get(c, 0) + 1
        out: dict[Declare, Any] = {}
        game = self.game
        for name, kinds, need in game.patterns(self.trump):
            fresh = False
            for k in need:
                if k in counts:
                    fresh = True
                    break
            if not fresh:
                continue
            for k, n in need.items():
                if avail.get(k, 0) < n:
                    break
            else:
                for plan in self._fixed_plans(table, name, kinds, counts):
                    for act, iplan in self._build(p, table, name, plan):
                        out.setdefault(act, iplan)
        by_rank = [0, 0, 0, 0, 0]  # J Q K A counts (hand), index rank - 10
        for c, n in counts.items():
            by_rank[(c & 15) - 10] += n
        for name, rank in game.table.fours:
            in_hand = by_rank[rank - 10]
            if not in_hand:
                continue
            total = in_hand
            for e in table:
                if e[0] & 15 == rank:
                    total += 1
            if total >= 4:
                for plan in self._four_plans(table, name, rank, counts):
                    for act, iplan in self._build(p, table, name, plan):
                        out.setdefault(act, iplan)
        return list(out.items())

    def _fixed_plans(self, table: list[Entry], name: str, kinds: list[int],
                     counts: dict[int, int]) -> list[list[tuple[int, int]]]:
        """Ways to form a fixed combination: table cards wherever an eligible one lies
        there, fresh cards from the hand for the rest, at least one fresh card (BZ 59).
        A plan is a list of ``(card, serial)``, serial -1 for a fresh card."""
        combo = self.game.table.combos[name]
        klass, limit = combo.klass, combo.limit
        need: dict[int, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        for k, n in need.items():  # enough cards in all?
            have = counts.get(k, 0) + sum(1 for e in table if e[0] == k)
            if have < n:
                return []
        plan: list[tuple[int, int]] = []
        spare_fresh: list[int] = []
        for k, n in need.items():
            elig = sorted((e for e in table if e[0] == k and e[2 + klass] < limit),
                          key=lambda e: -(e[2 + klass]))
            take = elig[:n]
            plan += [(k, e[1]) for e in take]
            rest = n - len(take)
            if rest > counts.get(k, 0):
                return []
            plan += [(k, -1)] * rest
            if take and counts.get(k, 0) > rest:
                spare_fresh.append(k)
        if any(s < 0 for _, s in plan):
            return [plan]
        # all from the table: one card must be fresh; offer each way of making one fresh
        plans = []
        for k in spare_fresh:
            alt = list(plan)
            i = max(i for i, (c, _) in enumerate(alt) if c == k)
            alt[i] = (k, -1)
            plans.append(alt)
        return plans

    def _four_plans(self, table: list[Entry], name: str, rank: int,
                    counts: dict[int, int]) -> list[list[tuple[int, int]]]:
        """Four of a kind of any suits, duplicates allowed (BZ 48-49): eligible table cards
        first (at most three), then every choice of fresh cards from the hand."""
        combo = self.game.table.combos[name]
        klass, limit = combo.klass, combo.limit
        fresh_kinds = [c for c in counts for _ in range(counts[c]) if c & 15 == rank]
        if not fresh_kinds:
            return []
        elig = sorted((e for e in table if e[0] & 15 == rank and e[2 + klass] < limit),
                      key=lambda e: (-e[2 + klass], e[1]))[:3]
        n_fresh = 4 - len(elig)
        if len(fresh_kinds) < n_fresh:
            return []
        base = [(e[0], e[1]) for e in elig]
        choices = _multisets(sorted(fresh_kinds), n_fresh)
        return [base + [(k, -1) for k in ch] for ch in choices]

    #: how many sets of carried combinations are listed with each combination (None:
    #: every largest set; Rubicon lists the first, the one taking all it can)
    carried_sets_listed: ClassVar[int | None] = None

    def _build(self, p: int, table: list[Entry], name: str,
               plan: list[tuple[int, int]]) -> list[tuple[Declare, Any]]:
        """The declarations for one way of forming a combination: alone, and (Foster) with
        each largest set of other combinations that its fresh cards complete together with
        cards on the table, announced "to score" (BZ 63, 66)."""
        fresh: list[int] = []
        refs: list[tuple[int, int]] = []
        for c, sid in plan:
            if sid < 0:
                fresh.append(c)
                refs.append((c, -len(fresh)))
            else:
                refs.append((c, sid))
        primary = (name, refs)
        meld = self.game.table.meld
        first = _meld(meld, name, refs)
        result = [(Declare((first,)), (fresh, [primary]))]
        # with nothing on the table the fresh cards complete no other combination: the
        # laid cards form exactly one, and any smaller one of its class is barred by it
        if self.game._carry and table:
            for extras in self._extra_sets(table, primary, fresh):
                melds = (first,) + tuple(_meld(meld, n, r) for n, r in extras)
                result.append((Declare(melds), (fresh, [primary] + extras)))
        return result

    def _extra_sets(self, entries: list[Entry], primary: tuple[str, list[tuple[int, int]]],
                    fresh: list[int]) -> list[list[tuple[str, list[tuple[int, int]]]]]:
        """Every largest set of other combinations the cards just laid complete, each
        using at least one of them not yet announced in its class and only cards not
        barred in it (BZ 56-59, 63, 66). Combinations are taken lowest first, as adding is
        allowed and taking away is not. A set contained in another is left out (the larger
        one announces all it does); the set that takes every combination it can, lowest
        first, always comes first."""
        # simulated table after laying: ref -> [card, used_a, used_b, used_c]
        table: dict[int, list[int]] = {e[1]: [e[0], e[2], e[3], e[4]] for e in entries}
        for i, c in enumerate(fresh):
            table[-(i + 1)] = [c, 0, 0, 0]
        mt = self.game.table
        combo = mt.combos[primary[0]]
        mark = mt.mark(primary[0])
        for _, ref in primary[1]:
            u = table[ref]
            u[1 + combo.klass] = max(u[1 + combo.klass], mark)
        trump = self._declaration_trump(primary[0], [c for c, _ in primary[1]])
        # only combinations that one of the cards just laid may enter can be completed by
        # them (each needs a fresh card)
        # them (each needs a fresh card), and only those whose cards all lie on the
        # simulated table (marking never adds a card): counts as in :func:`_screen`
        screen = _candidate_screen(self.game, trump)
        if screen is None:
            laid_set = set(fresh)
            ranks = {c & 15 for c in fresh}
            candidates = [x for x in self.game.candidates(trump)
                          if (x[1] in ranks if isinstance(x[1], int)
                              else not laid_set.isdisjoint(x[1]))]
        else:
            weight = _WEIGHT.__getitem__
            laid = sum(map(weight, fresh))
            held = sum(weight(u[0]) for u in table.values()) | _GUARD
            candidates = [x for x, (need, guard, fields) in screen
                          if laid & fields and (held - need) & guard == guard]
        if not candidates:
            return []
        leaves: list[list[tuple[str, list[tuple[int, int]]]]] = []
        chosen: list[tuple[str, list[tuple[int, int]]]] = []
        most = self.carried_sets_listed

        def grow(i: int, table: dict[int, list[int]]) -> None:
            while i < len(candidates):
                if most is not None and len(leaves) >= most:
                    return
                n, kinds, klass, _, limit, mark = candidates[i]
                refs = _pick(table, kinds, klass, limit)
                if refs is not None:
                    # with it (perhaps again: two marriages of one suit), then without it
                    taken = dict(table)
                    for _, ref in refs:
                        u = taken[ref] = taken[ref][:]
                        u[1 + klass] = max(u[1 + klass], mark)
                    chosen.append((n, refs))
                    grow(i, taken)
                    chosen.pop()
                i += 1
            if chosen and (most is None or len(leaves) < most):
                leaves.append(list(chosen))

        grow(0, table)
        if len(leaves) < 2:
            return leaves
        keys = [Counter(_meld(mt.meld, n, r) for n, r in leaf) for leaf in leaves]
        out = []
        for i, key in enumerate(keys):
            if i and any(j != i and (key < other or (key == other and j < i))
                         for j, other in enumerate(keys)):
                continue  # contained in another set (or the same as an earlier one)
            out.append(leaves[i])
        return out

    # -- checking a declaration written out ----------------------------------------------

    def _declaration_refused(self, action: Declare) -> str | None:
        """Why no declaration may be made now at all (the game's own reasons), or None."""
        return None

    def _resolve(self, p: int, action: Declare, loose: bool = False) -> tuple[Declare, Any]:
        """Check a declaration that the list does not hold (e.g. several combinations
        announced at once, BZ 54, 62) and work out its cards: which lay on the table and
        which are laid fresh now. The first combination is scored; the others are carried
        "to score" and count as announced lowest first (adding is allowed, taking away is
        not: BZ 56, 57). Each needs a card fresh from the hand, laid now, that no
        combination of its class before it in the declaration has used (BZ 59), and only
        cards not announced in its class for as much or more (BZ 56, 58); where the table
        forbids sharing, none that another of its class in it uses (RB 21). A card named
        in two combinations is one card where the rules allow it (``bezique QS JD +
        marriage KS* QS``: one Queen). ``loose`` ignores the stars (table or hand, as the
        rules allow, the table first). Returns the declaration as the engine writes it and
        its plan; raises IllegalActionError saying why not."""
        mt = self.game.table
        melds = action.melds
        if not isinstance(melds, tuple) or not melds or not all(
                type(m) is mt.meld and m.name in mt.combos and isinstance(m.cards, tuple)
                and all(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], int)
                        and not isinstance(x[0], bool) and x[0] in PACK_IDS
                        for x in m.cards) for m in melds):
            raise IllegalActionError(f"{action_text(action)} is not a declaration: give one"
                                     " or more combinations, each a Meld(name, ((card,"
                                     f" on_table), ...)) of {mt.game} cards")
        refused = self._declaration_refused(action)
        if refused:
            raise IllegalActionError(refused)
        if len(melds) > 1 and not self.game._carry:
            raise IllegalActionError(self.one_per_declaration)
        if len(melds) > mt.max_melds:
            raise IllegalActionError(f"{len(melds)} combinations: no declaration holds more"
                                     f" than {mt.max_melds}")
        trump = self.trump
        for i, m in enumerate(melds):
            problem = self._shape_problem(m.name, [int(c) for c, _ in m.cards], trump)
            if problem:
                raise IllegalActionError(f"{m.notation()} is no {mt.combos[m.name].words}:"
                                         f" {problem}")
            if i == 0:
                trump = self._declaration_trump(m.name, [int(c) for c, _ in m.cards])
        order = [melds[0]] + sorted(melds[1:], key=lambda m: mt.combos[m.name].value)
        found = _Assignment(mt, self._decl_table(p), self._fresh_counts(p), loose).solve(order)
        if found is None:
            raise IllegalActionError(self._why_not(action))
        fresh, plan_melds = found
        resolved = Declare(tuple(_meld(mt.meld, n, r) for n, r in plan_melds))
        return resolved, (fresh, plan_melds)

    def _why_not(self, action: Action) -> str:
        """Why a declaration or a carried score is not legal now (a game says why not for
        its own actions first)."""
        if type(action) is ScoreCarried:
            return f"{action_text(action)} is not among your combinations carried 'to score'"
        if type(action) is Declare:
            listed = [str(a) for a in self._declare_options() if type(a) is Declare]
            return (f"{action_text(action)} is not a legal declaration here: "
                    + self.declaration_needs + "; "
                    + ("legal: " + "; ".join(listed) if listed
                       else "you have nothing to declare"))
        return f"{action_text(action)} is not allowed now"

    def _shape_problem(self, name: str, cards: list[int], trump: int) -> str:
        """What is wrong with the cards of a combination, whatever their place ("" if
        they make it under this trump)."""
        mt: MeldTable = self.game.table
        combo = mt.combos[name]
        if len(cards) != combo.size:
            return f"it has {combo.size} cards, not {len(cards)}"
        if isinstance(combo.shape, Four):
            if all(c & 15 == combo.shape.rank for c in cards):
                return ""
            return mt.shape_text(name, trump, self.game.bezique_cards(trump))
        shapes = [sorted(kinds) for n, kinds, _ in self.game.patterns(trump) if n == name]
        if sorted(cards) in shapes:
            return ""
        return mt.shape_text(name, trump, self.game.bezique_cards(trump))

    # -- carrying out a declaration ------------------------------------------------------

    def _declare(self, p: int, action: Declare, plan: Any) -> None:
        """Lay the fresh cards face up (BZ 33), mark every card with the class and value
        it is announced in, score the first combination and carry the rest (BZ 63)."""
        fresh, melds = plan
        mt = self.game.table
        serial_of: dict[int, int] = {}
        table = self.tables[p]
        for i, c in enumerate(fresh):
            self._take_fresh(p, c)
            self.serial += 1
            serial_of[-(i + 1)] = self.serial
            table.append((c, self.serial, 0, 0, 0))
        shown_all = [tuple(sorted((c for c, _ in refs), key=book_order)) for _, refs in melds]
        self._announcing(p, melds, shown_all)
        index = {e[1]: i for i, e in enumerate(table)}
        for k, (name, refs) in enumerate(melds):
            cb = mt.combos[name]
            serials = tuple(serial_of.get(r, r) for _, r in refs)
            for sid in serials:
                i = index[sid]
                e = table[i]
                if e[2 + cb.klass] < cb.value:
                    used = list(e)
                    used[2 + cb.klass] = cb.value
                    table[i] = (used[0], used[1], used[2], used[3], used[4])
            cards = tuple(c for c, _ in refs)
            shown = shown_all[k]
            text = name + " " + " ".join(card_name(c) for c in shown)
            if k == 0:
                self._note(Declared, p, text, name, shown)
                self._score(p, cb.value, cb.title)
            else:  # announced now, scored after a later trick (BZ 63)
                self.carried[p].append((name, cb.value, serials, cards))
                self._note(Carried, p, text, name, shown)

    def _score_carried(self, p: int, m: Any) -> None:
        self.carried[p].remove(m)
        self._note(CarriedScored, p, carried_text(m))
        self._score(p, m[1], self.game.table.combos[m[0]].title + " (carried)")

    def _carried_options(self, p: int) -> dict[Action, Any]:
        """A ``ScoreCarried`` for each combination ``p`` carries."""
        return {ScoreCarried(m[0], tuple(sorted((Card(c) for c in m[3]), key=book_order))): m
                for m in self.carried[p]}

    def _table_index_to_play(self, p: int, c: int) -> int:
        """Which of identical table cards is played: one outside any carried combination,
        and of those the one whose declaring power is most spent."""
        best = -1
        best_key: tuple[int, int] | None = None
        carried = {s for m in self.carried[p] for s in m[2]}
        for i, e in enumerate(self.tables[p]):
            if e[0] != c:
                continue
            key = (0 if e[1] in carried else 1, e[2] + e[3] + e[4])
            if best_key is None or key > best_key:
                best, best_key = i, key
        return best

    def _lose_carried(self, p: int, sid: int) -> None:
        """A card of a carried combination is played: the combination is lost (BZ 67)."""
        lost = [m for m in self.carried[p] if sid in m[2]]
        for m in lost:
            self.carried[p].remove(m)
            self._note(CarriedLost, p, m[0], m[3])

    def _take_up_tables(self) -> None:
        """The stock is exhausted: carried scores are lost (BZ 68, RB 25) and each takes
        his table cards back into his hand (BZ 69, RB 28)."""
        for p in range(len(self.tables)):
            for m in self.carried[p]:
                self._note(CarriedLost, p, m[0], m[3])
            self.carried[p] = []
            back = [e[0] for e in self.tables[p]]
            self.hands[p] += back
            self.known[p] = self.known[p] + back  # a new list, as copies may share it
            self.tables[p] = []

    def _read_declaration(self, action: Declare, listed: dict[Action, Any]) -> Action:
        """A declaration read in this position: the listed one with these cards when the
        stars are missing or wrong, else any legal reading of them (BZ 54)."""
        if action in listed:
            return action
        loose = _loose(action)
        for legal in listed:
            if type(legal) is Declare and _loose(legal) == loose:
                return legal
        for stars in (False, True):
            try:
                return self._resolve(self.player, action, loose=stars)[0]
            except IllegalActionError:
                continue
        return action

    # -- what every game of the family does alike ---------------------------------------

    def _chosen(self, action: Action) -> tuple[Action, Any]:
        """An action after a trick and how it is carried out: a listed one, or a
        declaration of several combinations at once that the list leaves out (BZ 54);
        anything else raises IllegalActionError saying why not."""
        opts = self._declare_options()
        try:
            listed = action in opts
        except TypeError:  # built by hand with unhashable parts (lists)
            listed = False
        if listed:
            return action, opts[action]
        if type(action) is Declare:
            return self._resolve(self.player, action)
        raise IllegalActionError(self._why_not(action))

    def is_legal(self, action: Action) -> bool:
        """Whether the rules allow ``action`` now: a listed action, or a declaration that
        announces several combinations at once which the list leaves out (BZ 54, 62;
        RB 12)."""
        if self.phase not in self.declare_phases or type(action) is not Declare:
            try:
                return action in self.legal_actions()
            except TypeError:
                return False
        try:
            if action in self._declare_options():
                return True
        except TypeError:
            return False
        try:
            self._resolve(self.player, action)
        except IllegalActionError:
            return False
        return True

    def parse_action(self, text: str) -> Action:
        """Read an action in this position: ``QS`` for a card that lies only on the table
        is ``QS*``; a declaration's cards without (or with wrong) stars read as a listed
        declaration of the same cards, else as any legal reading of them (BZ 54)."""
        action: Action = self.game.parse_action(text)
        if type(action) is Play and not action.from_table:
            p = self.player
            if action.card not in self.hands[p] and any(e[0] == action.card
                                                        for e in self.tables[p]):
                play: Play = _PT[action.card]
                return play
        if type(action) is Declare and self.phase in self.declare_phases:
            return self._read_declaration(self._as_written(action), self._declare_options())
        return action

    def _as_written(self, action: Declare) -> Declare:
        """What a declaration written out means here before its cards are read (as it
        stands)."""
        return action

    def _misplaced(self, p: int, c: int, from_table: bool) -> IllegalActionError:
        """The error for a card played from where ``p`` holds none."""
        if from_table:
            return IllegalActionError(f"{card_name(c)}* is not among your declared cards on"
                                      " the table")
        where = " (it lies on your table: play it as " + card_name(c) + "*)" \
            if any(e[0] == c for e in self.tables[p]) else ""
        return IllegalActionError(f"{card_name(c)} is not in your hand{where}")

    def _lay(self, p: int, card: int, used: Sequence[int] = (0, 0, 0)) -> None:
        """Setting up a position: a declared card on ``p``'s table, announced in classes A,
        B and C for ``used`` (never, unless given)."""
        self.serial += 1
        self.tables[p].append((int(card), self.serial, used[0], used[1], used[2]))

    def _unplaced(self, pack: Sequence[int], *others: int) -> list[int]:
        """Setting up a position: the cards of ``pack``, in its order, in no hand, on no
        table, not in the stock and not among ``others``; a ValueError names a card placed
        more often than the pack holds it."""
        rest = [int(c) for c in pack]
        for c in [c for h in self.hands for c in h] + [e[0] for t in self.tables for e in t] \
                + self.stock + list(others):
            if c not in rest:
                raise ValueError(f"too many {card_name(c)} in the position")
            rest.remove(c)
        return rest

    def table_cards(self, seat: int) -> list[Card]:
        """The declared cards ``seat`` has lying face up."""
        return [Card(e[0]) for e in self.tables[seat]]

    def _public_record(self) -> Record:
        """The public record (:data:`Record`), extended from where the last observation
        left it (the log only grows, and copies share it)."""
        node = self.log
        rec = self._rec
        if rec is not None and rec[0] is node:
            return rec[1]  # type: ignore[no-any-return]
        stop = rec[0] if rec is not None else None
        new = []
        while node is not None and node is not stop:
            new.append(node[0])
            node = node[1]
        if node is not stop:  # not an ancestor: start afresh
            rec, new = None, self.log_entries()[::-1]
        new.reverse()
        out = extend_record(rec[1] if rec is not None else None, new, len(self.hands))
        self._rec = (self.log, out)
        return out


class TwoHandedState(Declarer, TrickState):
    """The state of a two-handed game of the family (Bézique, Rubicon): the family's
    declarations on the two-player trick base, the start of a deal, and the sample of the
    hidden cards. A game's state adds its own fields (Bézique's turn-up, Rubicon's carte
    blanche) and says how they are copied."""

    __slots__ = ("game", "dealer", "trump", "stock", "hands", "tables", "carried", "points",
                 "phase", "player", "lead", "lead_table", "tricks", "won", "known", "serial",
                 "log", "last_trick", "brisques", "last_winner", "_decl", "_rec")
    # points and brisques, and the lists inside won and known, are never changed in place
    # (a change makes a new list): shared, as the log is
    copies = copying(
        same=("game dealer trump points phase player lead lead_table tricks serial log last_trick"
              " brisques last_winner _decl _rec"),
        list="stock won known",
        pair="hands tables carried")

    dealer: int
    stock: list[int]  # the top card last
    lead: int
    lead_table: bool
    tricks: int
    won: list[list[int]]
    last_trick: tuple[int, ...]
    last_winner: int
    brisques: list[int]

    @classmethod
    def _new(cls: type[T2], game: Any, dealer: int) -> T2:
        """A deal about to start: nothing dealt, played, declared or scored, the pone to
        play first. The game deals and sets the phase and what is its own."""
        s = cls.__new__(cls)
        s.game = game
        s.dealer = dealer
        s.hands = [[], []]
        s.stock = []
        s.tables = [[], []]
        s.carried = [[], []]
        s.points = [0, 0]
        s.player = 1 - dealer
        s.lead = -1
        s.lead_table = False
        s.tricks = 0
        s.won = [[], []]
        s.known = [[], []]
        s.serial = 0
        s.log = None
        s.last_trick = ()
        s.last_winner = -1
        s.brisques = [0, 0]
        s._decl = None
        return s

    #: what the winner of a trick may do besides play, as an error for it out of turn
    #: names it
    after_trick_words: ClassVar[str] = "declarations and drawing"
    #: the game's own actions besides playing and what follows a trick (Rubicon's carte
    #: blanche, Binocle's knock), carried out by :meth:`_apply_own`
    own_actions: ClassVar[tuple[type[Action], ...]] = ()

    def apply(self, action: Action) -> None:
        phase = self.phase
        if action is DRAW and phase == DECLARE:  # always legal after a trick: at once
            self._draw()
            return
        if phase == END:
            raise IllegalActionError("the deal is over")
        if type(action) is Play:
            card = action.card
            if card.__class__ is not Card:  # built by hand: Play(999), Play("QS")
                card = card_of_play(action, self._pack_title())
            if phase == DECLARE:
                raise IllegalActionError(
                    f"{action} is not allowed now: the winner of the trick declares or draws"
                    " before the next lead")
            p = self.player
            c = int(card)
            self._play(c, action.from_table)
            if phase == LEAD:
                self.lead = c
                self.lead_table = action.from_table
                self.phase = FOLLOW
                self.player = 1 - p
            else:
                self._finish_trick(c)
            return
        if not isinstance(action, Action):
            raise IllegalActionError(f"apply takes an Action, not {quoted(action)}: read text"
                                     " with state.parse_action")
        if type(action) in self.own_actions:
            self._apply_own(action)
            return
        if phase != DECLARE:
            raise IllegalActionError(
                f"{action_text(action)} is not allowed now: {self.after_trick_words} come only"
                " after winning a trick while the stock lasts; play a card")
        action, plan = self._chosen(action)
        self._after_trick(self.player, action, plan)

    def _pack_title(self) -> str:
        """The game whose pack a card built by hand is refused from."""
        return str(self.game.title)

    @abstractmethod
    def _play(self, c: int, from_table: bool) -> None:
        """The player plays card ``c`` (from his table if ``from_table``): it leaves his
        hand or table and the play is noted; or an :class:`IllegalActionError` says why
        he may not. :meth:`apply` then puts it to the trick."""

    @abstractmethod
    def _finish_trick(self, follow: int) -> None:
        """The card ``follow`` completes the trick: its winner takes it."""

    def _apply_own(self, action: Action) -> None:
        """Carry out one of the game's :attr:`own_actions`, or refuse it: a game that
        lists any does so here."""
        raise NotImplementedError(f"{type(self).__name__} lists {type(action).__name__}"
                                  " among its own actions: it carries it out in _apply_own")

    @abstractmethod
    def _after_trick(self, p: int, action: Action, plan: Any) -> None:
        """Carry out what ``p``, the winner of the trick, chose (``plan``: how
        :meth:`_chosen` resolved it): a declaration, a carried combination, drawing."""

    @abstractmethod
    def _draw(self) -> None:
        """Both draw from the stock, the winner of the trick first; or the last tricks
        begin."""

    def resample(self: T2, seat: int, rng: random.Random) -> T2:
        """A state drawn uniformly among those ``seat`` cannot tell apart from this one: the
        cards hidden from it, taken in a canonical order (sorted ids) and shuffled with
        ``rng``, make the other's unknown cards and the stock. The result is a function of
        the observation and the generator alone: it cannot leak the true order."""
        other = 1 - check_seat(seat)
        pool = self.hidden_from(seat)
        rng.shuffle(pool)
        s = self.clone()
        known = self.known[other]  # in the order the public record made them known
        n_other = len(self.hands[other]) - len(known)
        s.hands[other] = known + pool[:n_other]
        s.stock = pool[n_other:]
        s._decl = None  # the actions listed were the true hand's
        return s

    def __str__(self) -> str:
        trump = "-" if self.trump == NO_TRUMP else Suit(self.trump).symbol
        lines = [f"{self.game.title} deal, dealer {self.dealer}, trump {trump}, "
                 f"{self._str_stock()}stock {len(self.stock)}, trick {self.tricks + 1}, "
                 f"{PHASE_NAMES[self.phase]} by {self.current_player()}"]
        for p in (0, 1):
            lines.append(f"  {p}: hand {' '.join(card_name(c) for c in self.hands[p])}"
                         f" | table {' '.join(self._str_entry(e) for e in self.tables[p])}"
                         f" | {self._str_points(p)}")
        return "\n".join(lines)

    def _str_stock(self) -> str:
        """What :meth:`__str__` tells before the stock's size (Bézique's turn-up)."""
        return ""

    def _str_entry(self, e: Entry) -> str:
        """A table entry as :meth:`__str__` shows it."""
        return card_name(e[0])

    def _str_points(self, p: int) -> str:
        return f"points {self.points[p]}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} trick={self.tricks} phase={PHASE_NAMES[self.phase]}>"

    def _seen(self, seat: int) -> Seen:
        """What both two-handed observations show alike (:data:`Seen`); no hand for
        ``SPECTATOR`` (the public observation)."""
        tables, known, carried = self.tables, self.known, self.carried
        return (tuple(sorted(Card(c) for c in self.hands[seat])) if seat >= 0 else (),
                (tuple(sorted(Card(e[0]) for e in tables[0])),
                 tuple(sorted(Card(e[0]) for e in tables[1]))),
                (len(self.hands[0]), len(self.hands[1])),
                (tuple(sorted(Card(c) for c in known[0])),
                 tuple(sorted(Card(c) for c in known[1]))),
                (tuple(carried_text(m) for m in carried[0]),
                 tuple(carried_text(m) for m in carried[1])),
                tuple(Card(c) for c in self.last_trick))


T2 = TypeVar("T2", bound=TwoHandedState)
Cards = tuple[Card, ...]
Seen = tuple[Cards, tuple[Cards, Cards], tuple[int, int], tuple[Cards, Cards],
             tuple[tuple[str, ...], tuple[str, ...]], Cards]
"""A two-handed observation's seat's hand, both tables, both hands' sizes, the cards
known in each hand, each one's carried combinations, and the last trick."""


def extend_record(record: Record | None, entries: Sequence[tuple[Any, ...]], seats: int
                  ) -> Record:
    """A public record (None: an empty one) extended by log entries, oldest first: each
    entry's event, the cards of each trick won, each announcement under its seat."""
    history: tuple[Event, ...]
    played: tuple[Card, ...]
    announced: tuple[Announced, ...]
    if record is None:
        history, played, announced = (), (), ((),) * seats
    else:
        history, played, announced = record
    history += tuple(event_of(e) for e in entries)
    played += tuple(Card(c) for e in entries if e[0] is TrickWon for c in e[2])
    ann = list(announced)
    for e in entries:
        if e[0] is Declared or e[0] is Carried:
            ann[e[1]] += ((e[3], tuple(Card(c) for c in e[4])),)
    return history, played, tuple(ann)


class _Assignment:
    """Which physical cards a declaration written in notation uses: each card named is a
    declared card on the table (``KS*``: one of that player's table entries) or a card
    laid fresh from the hand now, the same fresh card where several combinations of the
    declaration name it and the rules allow (Declarations; Double Declarations). A depth
    first search over the few copies of each card, trying the most spent table card first
    and an already laid card before laying another."""

    BUDGET = 50_000  # steps; far beyond any real declaration (a few dozen)

    def __init__(self, mt: MeldTable, table: list[Entry], counts: dict[int, int],
                 loose: bool) -> None:
        self.mt = mt
        # ref -> [card, used_a, used_b, used_c]: table serials, then -(i+1) fresh cards
        self.used: dict[int, list[int]] = {e[1]: [e[0], e[2], e[3], e[4]] for e in table}
        self.table_refs: dict[int, list[int]] = {}
        for e in table:
            self.table_refs.setdefault(e[0], []).append(e[1])
        self.counts = counts
        self.loose = loose
        self.fresh: list[int] = []  # cards laid fresh, in the order laid
        self.steps = 0

    def solve(self, melds: list[MeldBase]) -> Plan | None:
        out: list[tuple[str, list[tuple[int, int]]]] = []
        if self._meld(melds, 0, out):
            return list(self.fresh), out
        return None

    def _meld(self, melds: list[MeldBase], k: int,
              out: list[tuple[str, list[tuple[int, int]]]]) -> bool:
        if k == len(melds):
            return True
        m = melds[k]
        combo = self.mt.combos[m.name]
        cards = [(int(c), bool(t)) for c, t in m.cards]
        return self._card(melds, k, out, combo, cards, 0, [])

    def _card(self, melds: list[MeldBase], k: int,
              out: list[tuple[str, list[tuple[int, int]]]], combo: Combination,
              cards: list[tuple[int, bool]], i: int, refs: list[tuple[int, int]]) -> bool:
        self.steps += 1
        if self.steps > self.BUDGET:
            raise IllegalActionError("this declaration has too many readings to check")
        klass, limit = combo.klass, combo.limit
        if i == len(cards):
            # BZ 59: a card fresh from the hand, not yet announced in this class
            if not any(r < 0 and self.used[r][1 + klass] == 0 for _, r in refs):
                return False
            mark = self.mt.mark(combo.name)
            saved = [(r, self.used[r][1 + klass]) for _, r in refs]
            for _, r in refs:
                u = self.used[r]
                u[1 + klass] = max(u[1 + klass], mark)
            out.append((melds[k].name, list(refs)))
            if self._meld(melds, k + 1, out):
                return True
            out.pop()
            for r, v in saved:
                self.used[r][1 + klass] = v
            return False
        c, on_table = cards[i]
        taken = {r for _, r in refs}
        options: list[int] = []
        seen: set[tuple[bool, int, int, int]] = set()
        if on_table or self.loose:
            for r in sorted(self.table_refs.get(c, ()),
                            key=lambda r: -self.used[r][1 + klass]):
                u = self.used[r]
                sig = (True, u[1], u[2], u[3])
                if r not in taken and u[1 + klass] < limit and sig not in seen:
                    seen.add(sig)
                    options.append(r)
        if not on_table or self.loose:
            for i_fresh, card in enumerate(self.fresh):
                r = -(i_fresh + 1)
                u = self.used[r]
                sig = (False, u[1], u[2], u[3])
                if card == c and r not in taken and u[1 + klass] < limit and sig not in seen:
                    seen.add(sig)
                    options.append(r)
            if self.fresh.count(c) < self.counts.get(c, 0):
                options.append(0)  # lay another copy from the hand
        for r in options:
            laid = r == 0
            if laid:
                self.fresh.append(c)
                r = -len(self.fresh)
                self.used[r] = [c, 0, 0, 0]
            refs.append((c, r))
            if self._card(melds, k, out, combo, cards, i + 1, refs):
                return True
            refs.pop()
            if laid:
                self.fresh.pop()
                del self.used[r]
        return False


#: each card id's ``Card`` (the cached instance ``Card(c)`` gives), None for no card
_CARDS: list[Card | None] = [Card(c) if 2 <= c & 15 <= 14 else None for c in range(64)]
#: :func:`_pair_order` as one int per card (then the flag in the last bit): the same order
_BOOK_KEY: list[int] = [(-STRENGTH[c] * 4 + 3 - (c >> 4)) * 2 for c in range(64)]


def _meld_key(pair: tuple[Card, bool]) -> int:
    return _BOOK_KEY[pair[0]] + pair[1]


def _meld(cls: type[MeldBase], name: str, refs: list[tuple[int, int]]) -> MeldBase:
    return cls(name, tuple(sorted([(_CARDS[c], r >= 0) for c, r in refs],  # type: ignore[misc]
                                  key=_meld_key)))


def _pick(table: dict[int, list[int]], kinds: list[int] | int, klass: int,
          limit: int) -> list[tuple[int, int]] | None:
    """Instances on a simulated table forming a combination with at least one new card
    (negative reference), all eligible in the class; new cards preferred."""
    # only the cards of the combination matter (filtering before a stable sort keeps
    # their order)
    if isinstance(kinds, int):
        cand = [ref for ref, u in table.items() if u[0] & 15 == kinds and u[1 + klass] < limit]
    else:
        cand = [ref for ref, u in table.items() if u[0] in kinds and u[1 + klass] < limit]
    free = sorted(cand, key=lambda r: (r >= 0, -table[r][1 + klass]))
    chosen: list[tuple[int, int]] = []
    if isinstance(kinds, int):  # four of a rank
        for ref in free:
            if table[ref][0] & 15 == kinds:
                chosen.append((table[ref][0], ref))
                if len(chosen) == 4:
                    break
        if len(chosen) < 4:
            return None
    else:
        taken: set[int] = set()
        for k in kinds:
            for ref in free:
                if ref not in taken and table[ref][0] == k:
                    taken.add(ref)
                    chosen.append((k, ref))
                    break
            else:
                return None
    # BZ 59: each announcement in a class needs a fresh card of its own, so a fresh card
    # already announced in this class in the same declaration does not count (no second
    # bézique scored with the double bézique carried on the same cards)
    if not any(r < 0 and table[r][1 + klass] == 0 for _, r in chosen):
        return None
    return chosen


def _loose(a: Declare) -> tuple[Any, ...]:
    """A declaration's combinations without the stars; those carried in any order."""
    melds = [(m.name, tuple(sorted((c for c, _ in m.cards), key=book_order)))
             for m in a.melds]
    return (melds[0], tuple(sorted(melds[1:]))) if melds else ()


def carried_text(m: tuple[Any, ...]) -> str:
    """A carried combination as the observation writes it: ``marriage KS QS``."""
    return str(m[0]) + " " + " ".join(card_name(c) for c in sorted(m[3], key=book_order))


def _multisets(items: list[int], k: int) -> list[tuple[int, ...]]:
    """Distinct sub-multisets of size ``k`` of a sorted list."""
    out: list[tuple[int, ...]] = []

    def rec(start: int, chosen: list[int]) -> None:
        if len(chosen) == k:
            out.append(tuple(chosen))
            return
        prev = None
        for i in range(start, len(items)):
            if items[i] == prev:
                continue
            prev = items[i]
            chosen.append(items[i])
            rec(i + 1, chosen)
            chosen.pop()

    rec(0, [])
    return out


@dataclasses.dataclass(frozen=True, slots=True)
class Carried(Event):
    """``seat`` announced ``text`` (a combination ``name`` of the cards ``shown``) "to
    score": it scores after a later trick he wins, unless broken first (BZ 63)."""

    seat: int
    text: str
    name: str = ""
    shown: tuple[int, ...] = ()

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "announce", f"{declared_words(self.text, names)} to"
                          " score") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class CarriedScored(Event):
    """``seat`` scored ``text``, a combination he announced earlier "to score"."""

    seat: int
    text: str

    told_with_score: ClassVar[bool] = True

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "score", declared_words(self.text, names)
                          + ", announced earlier") + "."

    def describe_scoring(self, names: Names, points: int) -> str:
        return names.says(self.seat, "score", declared_words(self.text, names)
                          + f" ({points}), announced earlier") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class CarriedLost(Event):
    """``seat``'s combination ``name`` of ``cards``, carried "to score", is lost: one of
    its cards was played, or the stock ran out first (BZ 67, 68)."""

    seat: int
    name: str
    cards: tuple[int, ...]

    def describe(self, names: Names = NUMBERED) -> str:
        whose = "Your" if self.seat == names.you else f"{names.seat(self.seat)}'s"
        return (f"{whose} {self.name.replace('-', ' ')} {names.cards(self.cards)} carried to"
                " score is lost.")
