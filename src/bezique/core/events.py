"""The public events of a deal: what every seat at the table saw happen, as typed values.

A state's ``events()`` gives the deal's public events, oldest first: small frozen
dataclasses (:class:`Played`, :class:`TrickWon`, :class:`Scored`, :class:`Declared` ...),
the same for two seats and for six, each naming seats by their absolute number and
cards by their ids. They never hold a hidden card. Each tells itself in one sentence,
:meth:`Event.describe`, with the seats named as a front end or a record names them
(:class:`Names`): the terminal, the web tables and the records' comments all tell a deal
from these, and no sentence is edited after it is written.

A game with an event of its own (Rubicon's carte blanche, Binocle's knock) defines it
beside its rules as a subclass of :class:`Event`.

On the hot path a state keeps each event as a plain tuple, ``(EventClass, *fields)``, in
its persistent log (copies share it): making a frozen dataclass costs several times a
tuple, and most events of a playout are never read. :func:`event_of` makes the typed
event when the log is read (cached: the same entries recur in every observation).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any, ClassVar

from .cards import Card, Suit

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


@dataclasses.dataclass(frozen=True)
class Names:
    """How a sentence names seats and cards: ``names[seat]`` (``seat 2`` when none is
    given), the seat ``you`` addressed as "You" with the verb agreeing ("You play",
    "Bob plays"), cards with suit symbols (``Q♠``) or in letters (``QS``).

    >>> Names(("Ann", "Bob"), you=0).says(1, "win", "the trick")
    'Bob wins the trick'
    >>> Names(("Ann", "Bob"), you=0).says(0, "win", "the trick")
    'You win the trick'
    """

    names: tuple[str, ...] = ()
    you: int | None = None
    symbols: bool = True

    def seat(self, seat: int) -> str:
        """The name of ``seat`` as the subject of a sentence."""
        if seat == self.you:
            return "You"
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"seat {seat}"

    def object(self, seat: int) -> str:
        """The name of ``seat`` inside a sentence ("you", "Bob")."""
        return "you" if seat == self.you else self.seat(seat)

    def says(self, seat: int, verb: str, rest: str = "") -> str:
        """``You play Q♠`` / ``Bob plays Q♠``: the verb agreeing with its subject."""
        if seat == self.you:
            text = f"You {verb}"
        else:
            text = f"{self.seat(seat)} {third_person(verb)}"
        return text + (f" {rest}" if rest else "")

    def card(self, card: int) -> str:
        """A card: ``Q♠``, ``10♦`` (or ``QS``, ``TD``)."""
        c = Card(card)
        return c.pretty() if self.symbols else c.notation()

    def cards(self, cards: Sequence[int]) -> str:
        return " ".join(self.card(c) for c in cards) if cards else "-"

    def suit(self, suit: int) -> str:
        """``hearts ♥`` (or ``hearts (H)``)."""
        s = Suit(int(suit))
        return f"{SUIT_NAMES[s]} {s.symbol}" if self.symbols else f"{SUIT_NAMES[s]} ({s.letter})"

    def its(self, seat: int) -> str:
        """``your`` or ``his``."""
        return "your" if seat == self.you else "his"


def third_person(verb: str) -> str:
    """``win`` -> ``wins``, ``have to`` -> ``has to``, ``pass`` -> ``passes``."""
    head, _, tail = verb.partition(" ")
    if head == "have":
        head = "has"
    elif head.endswith(("s", "sh", "ch", "x")):
        head += "es"
    else:
        head += "s"
    return head + (" " + tail if tail else "")


#: Names with the seat numbers themselves, cards in letters: the engine's own telling
#: (observations' ``str``, records' comments without player names).
NUMBERED = Names(symbols=False)


class Event:
    """Base of the public events: frozen dataclasses whose ``seat`` field (and the
    fields named in ``seat_fields``) are absolute seats."""

    __slots__ = ()

    #: The fields holding seats (renumbered by :func:`moved`).
    seat_fields: ClassVar[tuple[str, ...]] = ("seat",)
    #: Whether a score for the same seat right after it is what it scored (a
    #: declaration's points), told with it.
    told_with_score: ClassVar[bool] = False
    #: Whether the trick in play ends with this event without being won (Enflé: the
    #: player who cannot follow takes its cards into his hand): the next card leads,
    #: and the event's ``cards``, if it has them, went to its ``seat`` in full view.
    breaks_trick: ClassVar[bool] = False

    def describe(self, names: Names = NUMBERED) -> str:
        """The event in one sentence (never a hidden card)."""
        return type(self).__name__

    def describe_scoring(self, names: Names, points: int) -> str:
        """The event told with the points it scored at once (``told_with_score``)."""
        return self.describe(names)[:-1] + f" ({points})."

    def __str__(self) -> str:
        return self.describe()


def event_of(entry: tuple[Any, ...]) -> Event:
    """The typed event of a log entry ``(EventClass, *fields)``."""
    return _event_of(entry)


@functools.lru_cache(maxsize=1 << 15)
def _event_of(entry: tuple[Any, ...]) -> Event:
    return entry[0](*entry[1:])  # type: ignore[no-any-return]


def moved(event: Event, seats: Sequence[int]) -> Event:
    """``event`` with its seats renumbered: seat ``k`` becomes ``seats[k]`` (a deal
    played inside a larger table tells its events with the table's seats)."""
    changes = {}
    for name in event.seat_fields:
        k = getattr(event, name)
        if isinstance(k, int) and 0 <= k < len(seats):
            changes[name] = seats[k]
    return dataclasses.replace(event, **changes)  # type: ignore[type-var]


# -- the events every trick game has ----------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class Played(Event):
    """``seat`` played ``card`` to the trick (``from_table``: one of his declared cards
    lying face up, Bézique)."""

    seat: int
    card: int
    from_table: bool = False

    def describe(self, names: Names = NUMBERED) -> str:
        where = " from the table" if self.from_table else ""
        return names.says(self.seat, "play", names.card(self.card) + where) + "."


@dataclasses.dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """``seat`` won the trick of ``cards`` (in the order played)."""

    seat: int
    cards: tuple[int, ...]

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "win", "the trick " + names.cards(self.cards)) + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Scored(Event):
    """``seat`` scored ``points`` for ``reason`` (a brisque, a declaration, the last
    trick ...). Every point of a deal is one of these."""

    seat: int
    points: int
    reason: str

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "score", f"{self.points} ({self.reason})") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat``, the trick's winner, drew first from the stock (the others after him)."""

    seat: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "draw", "first") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class DrewLast(Event):
    """``seat`` drew the last card of the stock and ``taker`` took the turn-up
    ``turn_up``: the stock is exhausted."""

    seat: int
    turn_up: int
    taker: int
    seat_fields: ClassVar[tuple[str, ...]] = ("seat", "taker")

    def describe(self, names: Names = NUMBERED) -> str:
        take = names.says(self.taker, "take", f"the turn-up {names.card(self.turn_up)}")
        if self.taker == names.you:
            take = "y" + take[1:]
        return (names.says(self.seat, "draw", "the last card of the stock") + "; " + take
                + ".")


@dataclasses.dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """``seat`` exchanged ``gave`` (the Seven or Nine of trumps) for ``took`` (the
    turn-up)."""

    seat: int
    took: int
    gave: int

    told_with_score: ClassVar[bool] = True

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "exchange", f"{names.card(self.gave)} for the turn-up"
                          f" {names.card(self.took)}") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class TurnedUp(Event):
    """``seat``, the dealer, turned up ``card``, whose suit is trumps."""

    seat: int
    card: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "turn up", f"{names.card(self.card)}:"
                          f" {names.suit(self.card >> 4)} are trumps") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class TrumpMade(Event):
    """``seat`` made ``suit`` trumps (Rubicon: by the first marriage; an auction's
    bidder naming it)."""

    seat: int
    suit: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "make", f"{names.suit(self.suit)} trumps") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Declared(Event):
    """``seat`` declared (melded) ``text`` (the action's notation), a combination
    ``name`` of the cards ``shown`` (empty when the notation says it all)."""

    seat: int
    text: str
    name: str = ""
    shown: tuple[int, ...] = ()

    told_with_score: ClassVar[bool] = True

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "declare", declared_words(self.text, names)) + "."


@dataclasses.dataclass(frozen=True, slots=True)
class BidMade(Event):
    """``seat`` bid ``text`` (``bid 250``, or ``pass``)."""

    seat: int
    text: str

    def describe(self, names: Names = NUMBERED) -> str:
        if self.text == "pass":
            return names.says(self.seat, "pass") + "."
        return names.says(self.seat, "bid", self.text.removeprefix("bid ")) + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Closed(Event):
    """``seat`` closed the stock (``without_drawing``: before the draw of his trick)."""

    seat: int
    without_drawing: bool = False

    def describe(self, names: Names = NUMBERED) -> str:
        how = " without drawing" if self.without_drawing else ""
        return names.says(self.seat, "close", f"the stock{how}") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Claimed(Event):
    """``seat`` claimed to have reached ``target``, counting ``count``."""

    seat: int
    count: int
    target: int = 66

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "claim", f"{self.target}, counting {self.count}") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Knocked(Event):
    """``seat`` knocked, claiming to have reached the game (Binocle)."""

    seat: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "knock", "to claim the game") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class ClaimJudged(Event):
    """The claim of ``seat`` counted: ``count``, ``right`` or not."""

    seat: int
    count: int
    right: bool

    def describe(self, names: Names = NUMBERED) -> str:
        if self.right:
            return names.says(self.seat, "count", f"out: {self.count}, and the claim is"
                              " right") + "."
        return names.says(self.seat, "have", f"only {self.count}: the claim is wrong") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class DealOver(Event):
    """The deal ended: ``seat`` (-1: nobody) scores ``value`` game points, ``reason``."""

    seat: int
    value: int
    reason: str

    def describe(self, names: Names = NUMBERED) -> str:
        if self.seat < 0:
            return f"Nobody scores: {self.reason}."
        pts = "game point" if self.value == 1 else "game points"
        return names.says(self.seat, "score", f"{self.value} {pts} ({self.reason})") + "."


def declared_words(text: str, names: Names) -> str:
    """A declaration's notation in words: ``four-kings KD KD KH KH`` as ``four kings K♦
    K♦ K♥ K♥`` (combinations joined by ``+`` each so; a card from the table keeps its
    star)."""
    parts = []
    for part in text.split("+"):
        words = []
        for w in part.split():
            base = w.rstrip("*")
            try:
                card = Card.parse(base)
            except ValueError:
                words.append(w.replace("-", " "))
                continue
            words.append(names.card(card) + w[len(base):])
        parts.append(" ".join(words))
    return " + ".join(parts)


__all__ = [
    "NUMBERED", "BidMade", "ClaimJudged", "Claimed", "Closed", "DealOver", "Declared", "Drew",
    "DrewLast", "Event", "Exchanged", "Knocked", "Names", "Played", "Scored", "TrickWon",
    "TrumpMade", "TurnedUp", "declared_words", "event_of", "moved", "third_person",
]
