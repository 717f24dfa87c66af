"""The interface every game of the family implements, after OpenSpiel's.

A :class:`Game` is rules plus frozen options. It deals a :class:`State` (the deal is the
chance event: reproducible from a seed or from a stacked pack). A state knows whose turn
it is, the legal actions, how to apply one, when the deal is over and what it scored; it
copies cheaply, gives each seat an :class:`Observation` that hides what that seat may not
see, tells the deal's public events (``events()``, :mod:`.events`), and can draw a full
state at random consistent with one seat's observation.

Bots and front ends use only this interface.

What a seat sees, and what anyone sees
--------------------------------------
``State.observation(seat)`` is what ``seat`` may know; ``State.public_observation()``
what someone who holds no hand may know (a spectator, a seat sitting out): the public
parts of the table alone (the trump, the tricks and cards played, the declared cards,
the cards publicly known to be in a hand, each hand's size, the points that are public,
the events). It is the game's own observation class with ``seat`` set to
:data:`SPECTATOR` (-1) and every part a seat has of its own emptied: ``hand`` is ``()``,
``hands`` holds ``None`` for every seat, ``sees`` is ``()``, what one seat alone knows
(Auction Binocle's discards) is empty, and a seat's place in the deal (Chouette's
``hand_of``) is -1; an observation held inside another (Chouette's ``duel``) is the
inner deal's public observation. So it equals any seat's observation with that seat's
own parts taken out, and never holds a card of any hand (but those publicly known) nor
anything of the stock's order.

Tables of two to six seats
--------------------------
The seat count belongs to the game *instance*: a class declares the range it is played
with (``min_players``, ``max_players``) and an instance holds ``num_players``, taken from
an option named ``players`` when the game declares one (three- or four-handed Bézique),
else ``min_players`` (2 for the two-handed games). Seats are absolute, ``0 .. n - 1``
clockwise; the seat to a seat's left is ``(seat + 1) % n`` (``core.table.next_seat``).

``Game.sides`` gives each seat its side for the whole match (a side is one seat, or a
partnership whose points combine: ``(0, 1, 0, 1)`` for four-handed partners, ``(0, 1,
1)`` for Chouette's one against two); by default every seat is a side of its own.
``State.sides`` is the same unless the deal itself makes the sides (Napoleon's and
Euchre's partners are known only once the bidding is over): such a state overrides it.
``side_of(seat)`` and ``partners(seat)`` read them; nobody computes a partner by
arithmetic. Scores are per seat (``State.scores()``, ``State.returns()``,
``DealResult.points``: one entry per seat), and each member of a side gets the side's
result; a game with unequal sides (Chouette, Napoleon) says in its docstring how its
points balance (e.g. the lone player +2k against -k for each of two adversaries).

``Game.visible(viewer, owner)`` (and ``State.visible``, which asks the game unless the
position decides, as a dummy shown after the opening lead would) is the one place that
decides whether ``viewer`` sees ``owner``'s hand: a seat sees its own, and partners who
consult (Chouette) see each other's. Observations and ``resample`` both ask it.

``Game.next_dealer(deal_no, dealer, result)`` passes the deal for the match: by default
to the dealer's left, which at two seats is the alternation.

Phases that later games need fit this interface without changing it:

- *Bidding or proposing before play* (Auction Binocle, Napoleon, Euchre, Écarté): the
  state keeps a small int ``phase``; ``legal_actions`` and ``apply`` switch on it to one
  method per phase (bids are actions with a notation, ``bid 250``, ``pass``); one seat
  may act several times running (``current_player()`` simply stays on it), and the
  record prefixes every action with its seat, so nothing is guessed from the order.
- *A widow or kitty* taken up and discarded: the widow is a hidden place like the stock
  (its cards are in every other seat's hidden pool when resampling, never frozen where
  they were dealt); taking it up is an action of the phase, each discard another (the
  discarding seat acts several times), and the discards stay known to him alone (pinned
  for him when he resamples, hidden from the others).
- *Trump fixed during play* (Rubicon: by the first marriage; Napoleon: by the first
  lead): the state's ``trump`` is -1 until the action that fixes it writes it once; the
  trick winner rule reads the current value.
- *A seat that decides for another hand* (a dummy; Chouette's captain playing for the
  side): ``current_player()`` returns the deciding seat, the state keeps which hand plays
  (``TrickStateN.player``), and the record's seat prefix is the deciding seat.
"""

from __future__ import annotations

import dataclasses
import inspect
import operator
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from . import table
from .cards import Pack
from .errors import NotationError, OptionError, SeatError, quoted

if TYPE_CHECKING:
    from .events import Event
    from .match import ScoreSheet

TERMINAL = -1
"""``current_player()`` of a finished deal."""

SPECTATOR = -1
"""The ``seat`` of a public observation (:meth:`State.public_observation`): no seat."""

MOST_DEALS = 100
"""The most deals (or games) an option that counts them takes: a match of more is no
sitting anyone plays, and a server would play it to no end for whoever asked."""


def check_seat(seat: object, num_players: int = 2, what: str = "seat") -> int:
    """``seat`` as an int if it is one of the seats ``0 .. num_players - 1``; otherwise a
    :class:`SeatError` naming the valid seats (a bool or a non-integer is no seat).

    >>> check_seat(1)
    1
    >>> check_seat(2)
    Traceback (most recent call last):
    ...
    bezique.core.errors.SeatError: seat 2 is not a seat of this game: the seats are 0 and 1
    """
    if type(seat) is int and 0 <= seat < num_players:  # the usual case, at once
        return seat
    valid = " and ".join(", ".join(str(i) for i in range(num_players)).rsplit(", ", 1))
    index: int | None = None
    if not isinstance(seat, bool):
        try:
            index = operator.index(seat)  # type: ignore[arg-type]
        except TypeError:
            index = None
    if index is None or not 0 <= index < num_players:
        raise SeatError(f"{what} {quoted(seat)} is not a seat of this game: the seats are"
                        f" {valid}")
    return index


#: The longest action text a game reads (far beyond any real action; longer text is
#: refused at once, without being read or echoed).
MAX_ACTION_TEXT = 1000


def action_words(text: object, game: str) -> str:
    """``text`` with its runs of white space made single, after checking that it is text
    of a sensible length: a :class:`NotationError` otherwise (quoting only its start)."""
    if not isinstance(text, str):
        raise NotationError(f"a {game} action is read from text, not {quoted(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise NotationError(f"not a {game} action: {quoted(text)} is too long (at most"
                            f" {MAX_ACTION_TEXT:,} characters)")
    words = " ".join(text.split())
    if not words:
        raise NotationError("empty action")
    return words


def action_text(action: object) -> str:
    """An action's notation for a message, or a short ``repr`` when the object (built by
    hand, e.g. ``Play(999)``) has none."""
    try:
        text = action.notation()  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - any fault here is the caller's bad object
        return quoted(action)
    return text if isinstance(text, str) else quoted(action)


class Action:
    """A move in a game. Subclasses are frozen dataclasses with a text notation.

    ``str(action)`` gives the notation; the game's ``parse_action`` reads it back to an
    equal action.
    """

    __slots__ = ()

    def notation(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.notation()


class WordAction(Action):
    """An action written as one fixed word, its notation (``draw``, ``close``, ``knock``):
    a subclass names it, ``class Close(WordAction, word="close")``, and the game keeps one
    instance. Instances are equal, hashed and immutable as those of a frozen dataclass
    without fields."""

    __slots__ = ()

    word: ClassVar[str]

    def __init_subclass__(cls, word: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if word:
            cls.word = word

    def notation(self) -> str:
        return self.word

    def __eq__(self, other: object) -> bool:
        return True if other.__class__ is self.__class__ else NotImplemented

    def __hash__(self) -> int:
        return hash(())

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}()"

    def __setattr__(self, name: str, value: object) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


class CardPlay(Action):
    """An action that plays ``card`` from the hand to the trick (a lead or a follow):
    the one kind of action every trick game has, which front ends draw as the card
    itself. A game's play action subclasses it; one that plays from a table of declared
    cards adds ``from_table``."""

    __slots__ = ()

    card: int


@dataclasses.dataclass(frozen=True)
class Options:
    """Base of every game's options: a frozen dataclass whose fields are the variants.

    Each field carries ``metadata={"choices": (...), "doc": "...", "source": "..."}``
    (see :func:`option`); booleans and ints without choices are accepted as such.
    ``game_title`` names the game in error messages.
    """

    game_title: ClassVar[str] = "this game"

    @classmethod
    def option_names(cls) -> list[str]:
        """The names of all options, in declaration order."""
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def describe(cls) -> list[tuple[str, str, str, str]]:
        """``(name, default, allowed values, description)`` for each option; the
        description is in a player's words (the checklist label is ``source(name)``)."""
        rows = []
        for f in dataclasses.fields(cls):
            choices = f.metadata.get("choices")
            if choices:
                allowed = " | ".join(_fmt(c) for c in choices)
            elif isinstance(f.default, bool):
                allowed = "true | false"
            else:
                allowed = "a whole number" + _span(f.metadata.get("least"),
                                                   f.metadata.get("most"))
            rows.append((f.name, _fmt(f.default), allowed, str(f.metadata.get("doc", ""))))
        return rows

    @classmethod
    def value_words(cls, name: str) -> dict[str, str]:
        """Each value option ``name`` takes (as :meth:`describe` writes it) in a player's
        words, for a menu: the words its declaration gives (``option(..., words=...)``),
        else the value itself made readable (``own_trick_own_melds``: "own trick own
        melds", ``true``: "yes"); empty for an option of any whole number."""
        for f in dataclasses.fields(cls):
            if f.name != name:
                continue
            given = {_fmt(k): v for k, v in f.metadata.get("words", {}).items()}
            choices = f.metadata.get("choices") or (
                (True, False) if isinstance(f.default, bool) else ())
            return {_fmt(c): given.get(_fmt(c)) or _readable(c) for c in choices}
        raise OptionError(cls._unknown(name))

    @classmethod
    def source(cls, name: str) -> str:
        """Where an option comes from in the rule texts (``V-BZ-04``, ``SS 7``): for
        documentation and tests, never shown to a player."""
        for f in dataclasses.fields(cls):
            if f.name == name:
                return str(f.metadata.get("source", ""))
        raise OptionError(cls._unknown(name))

    @classmethod
    def shared(cls, name: str, doc: str | None = None) -> Any:
        """This game's option ``name`` declared again, for another game that shares it:
        the same default, values and source in the rule texts, in that game's words when
        ``doc`` is given (``game_target: int = SixtySixOptions.shared("game_target",
        "...")``). So an option two games share is declared once."""
        for f in dataclasses.fields(cls):
            if f.name == name:
                return option(f.default, f.metadata.get("choices"),
                              f.metadata["doc"] if doc is None else doc, f.metadata["source"],
                              least=f.metadata.get("least"), most=f.metadata.get("most"),
                              words=f.metadata.get("words"))
        raise OptionError(cls._unknown(name))

    @classmethod
    def _unknown(cls, name: object) -> str:
        return (f"unknown option {quoted(name)} for {cls.game_title}; options: "
                + ", ".join(cls.option_names()))

    @classmethod
    def from_mapping(cls: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
        """Build options from ``{name: value}``; values may be text (``"true"``, ``"2000"``).

        Raises :class:`OptionError` naming an unknown option or a value it does not take.
        """
        fields = {f.name: f for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        if not isinstance(values, Mapping):
            raise OptionError(f"the options of {cls.game_title} are given as name: value"
                              f" pairs, not {quoted(values)}")
        for name, raw in values.items():
            key = name.strip().replace("-", "_") if isinstance(name, str) else None
            if key not in fields:
                raise OptionError(cls._unknown(name))
            kwargs[key] = _coerce(fields[key], raw)
        return cls(**kwargs)

    @classmethod
    def parse(cls: type[OptionsT], items: Sequence[str]) -> OptionsT:
        """Build options from ``["name=value", ...]`` (the command-line form)."""
        values: dict[str, str] = {}
        if isinstance(items, str):  # one "name=value" string, not a list of them
            items = [items]
        for item in items:
            if not isinstance(item, str) or "=" not in item:
                raise OptionError(f"option {quoted(item)} must be written name=value")
            k, v = item.split("=", 1)
            values[k.strip()] = v.strip()
        return cls.from_mapping(values)

    def to_mapping(self) -> dict[str, Any]:
        """``{name: value}`` for every option."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def changed(self) -> dict[str, Any]:
        """Only the options that differ from their defaults."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if getattr(self, f.name) != f.default}


def option(default: Any, choices: tuple[Any, ...] | None, doc: str, source: str = "", *,
           least: int | None = None, most: int | None = None,
           words: Mapping[Any, str] | None = None) -> Any:
    """Declare one option field: its default (Foster's rule), the values it takes (None:
    any value of the default's type; a whole number without choices names the ``least``
    and the ``most`` it takes), a line of documentation in a player's words (what
    ``bezique play --list-options`` shows), its ``source`` label in the rule texts, and
    ``words`` for the values whose names read badly in a menu (:meth:`Options.value_words`).

    A whole number without choices must be bounded by both: a value the game does not
    mean (a target of 10**20 game points, a billion deals) would make a match that never
    ends, which a server would play for whoever asked (issue 15)."""
    if (isinstance(default, int) and not isinstance(default, bool) and not choices
            and (least is None or most is None)):
        raise TypeError(f"a whole-number option without choices needs least and most"
                        f" (default {default!r})")
    meta: dict[str, Any] = {"doc": doc, "source": source}
    if choices:
        meta["choices"] = choices
    if least is not None:
        meta["least"] = least
    if most is not None:
        meta["most"] = most
    if words:
        meta["words"] = dict(words)
    return dataclasses.field(default=default, metadata=meta)


def _readable(value: object) -> str:
    """An option's value as a menu shows it when its declaration gives no words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")



OptionsT = TypeVar("OptionsT", bound=Options)


def _fmt(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _span(least: int | None, most: int | None) -> str:
    """The range of a whole-number option in words: `` from 1 to 21``."""
    if least is not None and most is not None:
        return f" from {least} to {most}"
    if least is not None:
        return f" of at least {least}"
    return "" if most is None else f" of at most {most}"


#: A whole number as an option's text gives it.
_WHOLE = re.compile(r"[+-]?[0-9]+")


def _coerce(field: dataclasses.Field[Any], raw: Any) -> Any:
    choices = field.metadata.get("choices")
    default = field.default
    value: Any = raw
    if isinstance(default, bool):
        if isinstance(raw, str):
            low = raw.strip().lower()
            if low in ("true", "yes", "on", "1"):
                value = True
            elif low in ("false", "no", "off", "0"):
                value = False
            else:
                raise OptionError(f"option {field.name} takes true or false, not {quoted(raw)}")
        elif not isinstance(raw, bool):
            raise OptionError(f"option {field.name} takes true or false, not {quoted(raw)}")
    elif isinstance(default, int):
        # a whole number or its text: int() would truncate 7.9, take True as 1 and raise
        # OverflowError for an infinite float
        if isinstance(raw, bool) or not isinstance(raw, int | str):
            raise OptionError(f"option {field.name} takes a whole number, not {quoted(raw)}")
        # text in the digits 0 to 9 only: int() also reads "٣" as 3 and "1_0" as 10
        if isinstance(raw, str):
            value = int(raw) if len(raw) < 100 and _WHOLE.fullmatch(raw.strip()) else None
        else:
            value = int(raw)
        if value is None:
            raise OptionError(f"option {field.name} takes a whole number, not {quoted(raw)}")
        least, most = field.metadata.get("least"), field.metadata.get("most")
        if (least is not None and value < least) or (most is not None and value > most):
            raise OptionError(f"option {field.name} takes a whole number{_span(least, most)},"
                              f" not {quoted(value)}")
    else:
        value = str(raw).strip()
    if choices and value not in choices:
        raise OptionError(
            f"option {field.name} takes {' | '.join(_fmt(c) for c in choices)}, not"
            f" {quoted(raw)}")
    return value


@dataclasses.dataclass(frozen=True)
class DealResult:
    """What a finished deal gives the match: points for each seat (one entry per seat,
    each member of a side holding the side's result) and why."""

    points: tuple[int, ...]
    notes: tuple[str, ...] = ()
    details: tuple[tuple[str, int], ...] = ()

    def detail(self, key: str, default: int = 0) -> int:
        """A game-specific figure (e.g. ``"late0"``: points counted after the last trick)."""
        return dict(self.details).get(key, default)


S = TypeVar("S", bound="State")
T = TypeVar("T")


def named_games(root: type[T]) -> dict[type[Any], type[T]]:
    """Each game class that a subclass of ``root`` (a view, a rule-based player) names
    among its ``games``, with that subclass: the table :func:`by_class` reads."""
    found: dict[type[Any], type[T]] = {}
    todo: list[type[Any]] = [root]
    while todo:
        cls = todo.pop()
        for game_class in getattr(cls, "games", ()):
            found[game_class] = cls
        todo.extend(cls.__subclasses__())
    return found


def by_class(table: Mapping[type[Any], T], cls: type[Any]) -> T | None:
    """What ``table`` gives the class ``cls`` or its nearest base in it (None when
    neither is there): how what belongs to a game outside its rules (its view, its rule
    player, a search budget) is found from ``type(game)``, so that a variant written as
    a subclass (Schnapsen, a Sixty-Six; Chinese, a Rubicon) finds its parent's."""
    for base in cls.__mro__:
        if base in table:
            return table[base]
    return None


class Game(ABC, Generic[S]):
    """Rules plus frozen options. Subclasses set ``name``, ``title`` and ``options_class``,
    and, when not two-handed, the range of seats ``min_players .. max_players`` (an
    option field ``players`` then picks the count; without one the game seats
    ``min_players``)."""

    name: ClassVar[str]
    title: ClassVar[str]
    options_class: ClassVar[type[Options]]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: Whose rules the defaults are, as the screen names them.
    rules_by: ClassVar[str] = "Foster's rules"
    #: What a deal's ``returns()`` count, the unit of every margin and value the search
    #: players, hints and reviews give: ``points`` (Bézique and Binocle, scored in
    #: points to a game of 1000 or more), ``game points`` (the Sixty-Six family: 1 to 3 a
    #: deal, SS 7), ``hundreds`` (Rubicon's game settled in hundreds, RB 42),
    #: ``counters`` (games settled in stakes, deal by deal) or ``hearts points`` (0 to 26
    #: against each, OpenSpiel's Hearts).
    result_unit: ClassVar[str] = "points"
    #: The cut for the first deal: ``"high"``, the family's (the highest card has the
    #: choice; at two he gives the deal away, as Foster advises), or ``"low"`` (Hearts,
    #: Laws 1-2: the lowest card deals).
    cut: ClassVar[str] = "high"
    #: The ranks as the cut orders them, high to low (empty: the family's A 10 K Q J 9 8
    #: 7); Écarté's cut is by its own order, the King highest (EW 119), Hearts' with the
    #: Ace lowest (Law 2).
    cut_ranks: ClassVar[tuple[int, ...]] = ()
    #: Whether the player who cuts highest at two deals himself (Écarté: the highest
    #: card "secures the deal", EW 119) rather than give the deal away as Foster advises.
    cut_winner_deals: ClassVar[bool] = False
    #: The game in a line for a player choosing one (the lobby), when the first
    #: paragraph of the class's docstring does not read well there (see :meth:`about`).
    blurb: ClassVar[str] = ""
    #: The seats of this instance (set by ``__init__``; the class value is the two-handed
    #: default).
    num_players: int = 2

    @classmethod
    def about(cls) -> str:
        """The game in a line: :attr:`blurb`, else the first paragraph of the class's
        docstring (so that the description lives with the game's rules)."""
        if cls.blurb:
            return cls.blurb
        doc = inspect.getdoc(cls) or ""
        return " ".join(doc.split("\n\n")[0].split())

    def __init__(self, options: Options | None = None) -> None:
        opts = options if options is not None else self.options_class()
        if type(opts) is not self.options_class:  # a variant's options make another game
            other = (f"options of {opts.game_title}" if isinstance(opts, Options)
                     else f"a value of type {type(opts).__name__}")
            raise OptionError(f"{self.title} takes options of {self.title}, not {other}")
        # options built directly are checked as parsed ones are (an OptionError naming the
        # option): a bad value would otherwise change the rules silently
        self.options = opts = opts.from_mapping(opts.to_mapping())
        count = getattr(opts, "players", None)
        try:
            self.num_players = table.seat_count(
                self.min_players if count is None else count, self.min_players,
                self.max_players, "option players" if count is not None else "players")
            self.sides: tuple[int, ...] = table.check_sides(self.fixed_sides(),
                                                            self.num_players)
        except SeatError as exc:
            raise OptionError(f"{self.title}: {exc}") from None

    @classmethod
    def as_other_game(cls, options: Options) -> Game[Any] | None:
        """The game these options make when a form of this game is another game of the
        texts (64-card Binocle dealt eight cards each is Bézique), else None:
        ``make_game`` then gives that game."""
        return None

    def fixed_sides(self) -> Sequence[int]:
        """The side of each seat for the whole match, read by ``__init__`` into
        :attr:`sides`: every seat its own side unless a game (or its options) makes
        partnerships. A game whose deal makes the sides (an auction) keeps this default
        and overrides ``State.sides``."""
        return table.solo_sides(self.num_players)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for, by :attr:`sides`."""
        return self.sides[check_seat(seat, self.num_players)]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side (none when he plays alone)."""
        return table.partners(self.sides, check_seat(seat, self.num_players))

    def visible(self, viewer: int, owner: int) -> bool:
        """Whether ``viewer`` sees the hand of ``owner``: his own only, unless the game
        lets partners consult (Chouette), when it overrides this. The one place that
        decides; observations and resampling both ask it (through
        :meth:`State.visible`)."""
        return viewer == owner

    def first_dealers(self) -> tuple[int, ...]:
        """The seats that may deal the first deal of a match: any, unless the game says
        otherwise (Chouette: an adversary, never the box)."""
        return tuple(range(self.num_players))

    def next_dealer(self, deal_no: int, dealer: int, result: DealResult) -> int:
        """Who deals after deal ``deal_no`` (from 1), dealt by ``dealer``, gave
        ``result``: the dealer's left by default (at two seats, the other player). A game
        may pass the deal otherwise (Chouette: the box passes on a loss) or as a pure
        function of the deal number."""
        return (dealer + 1) % self.num_players

    def new_sheet(self) -> ScoreSheet:
        """An empty score sheet for a match of this game: a column per seat, or per side
        when the sides are fixed partnerships (see ``ScoreSheet.columns``)."""
        from .match import ScoreSheet
        if table.is_partnership(self.sides):
            return ScoreSheet(columns=table.num_sides(self.sides), sides=self.sides)
        return ScoreSheet(columns=self.num_players)

    @property
    @abstractmethod
    def pack(self) -> Pack:
        """The pack this game is dealt from (a game with one pack names it as a class
        attribute, ``pack = PACK``)."""

    #: The class of this game's states, which :meth:`deal` deals by its ``from_pack(game,
    #: dealer, order)``; a game whose deal needs more writes its own ``deal``.
    state_class: ClassVar[Any] = None

    def deal(self, dealer: int, *, seed: int | None = None,
             pack: Sequence[int] | None = None, rng: random.Random | None = None) -> S:
        """Deal a new hand: from a stacked ``pack`` order (index 0 is the top card),
        from ``seed``, or from ``rng``."""
        if self.state_class is None:
            raise NotImplementedError(f"{type(self).__name__} names no state_class to deal")
        dealer = check_seat(dealer, self.num_players, "dealer")
        order = self.pack_order(seed=seed, pack=pack, rng=rng)
        return cast(S, self.state_class.from_pack(self, dealer, order))

    def deal_in_match(self, dealer: int, pack: Sequence[int], sheet: ScoreSheet) -> S:
        """Deal the next hand of a match whose score stands as ``sheet`` says: by default
        the deal knows nothing of the match (:meth:`deal` with the pack order). A game
        whose deal depends on the standing overrides it: Binocle's knock is a claim to
        have reached the game's target counting the score before the deal, and three-
        handed Binocle's retired player sits out the deals after his wrong claim.
        ``Match``, the records and the review all deal through this."""
        return self.deal(dealer, pack=pack)

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's notation back (context-free; see ``State.parse_action``)."""

    @abstractmethod
    def deal_result(self, state: S) -> DealResult:
        """The points a finished deal gives each seat."""

    @abstractmethod
    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Enter a finished deal on the match's score sheet; mark the match over when the
        game's rule says so."""

    def pack_order(self, *, seed: int | None = None, pack: Sequence[int] | None = None,
                   rng: random.Random | None = None) -> list[int]:
        """The deal's chance outcome: a whole pack order."""
        if pack is not None:
            return [int(c) for c in self.pack.check_order(pack)]
        if rng is None:
            rng = random.Random(seed)
        return self.pack.shuffled_ids(rng)

    def __repr__(self) -> str:
        changed = self.options.changed()
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"{type(self).__name__}({self.name}{extra})"


class State(ABC):
    """A position within one deal."""

    game: Game[Any]

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act (``0 .. num_players - 1``), or ``TERMINAL`` when the deal is
        over. When one seat decides for another hand (a dummy, a captain) it is the
        deciding seat."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the rules allow now; never empty before the end."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Apply a legal action; an illegal one raises ``IllegalActionError`` and changes
        nothing."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the deal is over."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """The points each seat has scored in this deal so far (one entry per seat)."""

    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy, cheap enough for search."""

    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: never another hand nor the stock's order."""

    @abstractmethod
    def public_observation(self) -> Observation:
        """What someone who sees no hand may know (a spectator): the game's observation
        with ``seat`` :data:`SPECTATOR` and every seat's own part empty (see the module's
        docstring), the same whichever seat's observation it is taken from."""

    @abstractmethod
    def events(self) -> list[Event]:
        """The deal's public events so far, oldest first, with the table's seats
        (:mod:`.events`): what every seat saw happen, never a hidden card."""

    @abstractmethod
    def resample(self: S, seat: int, rng: random.Random) -> S:
        """A full state drawn at random among those consistent with ``seat``'s
        observation."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's notation in this position; resolves shorthand (``QS`` for a
        card that lies only on the table). Raises ``NotationError`` for text naming none
        of the legal actions."""

    def returns(self) -> tuple[int, ...]:
        """The deal's points for each seat once it is over (OpenSpiel's ``returns``; each
        member of a side gets the side's result), zeros before."""
        if self.is_terminal():
            return self.game.deal_result(self).points
        return (0,) * self.game.num_players

    @property
    def sides(self) -> tuple[int, ...]:
        """The side of each seat in this deal: the game's fixed sides, unless the deal
        makes them (an auction), when a state overrides this."""
        return self.game.sides

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for in this deal."""
        return self.sides[check_seat(seat, self.game.num_players)]

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side in this deal."""
        return table.partners(self.sides, check_seat(seat, self.game.num_players))

    def visible(self, viewer: int, owner: int) -> bool:
        """Whether ``viewer`` sees ``owner``'s hand now: the game's rule
        (:meth:`Game.visible`) unless the position decides (a dummy shown only after the
        opening lead). Observations and ``resample`` ask this and nothing else."""
        return self.game.visible(viewer, owner)

    def decides(self, seat: int) -> bool:
        """Whether ``seat`` takes the action now: at its own turn, or at the turn of a
        partner who consults with it (Chouette), whose cards it sees and decides for. The
        one place front ends and servers ask whose choice it is."""
        mover = self.current_player()
        if mover < 0:
            return False
        return mover == seat or (self.side_of(mover) == self.side_of(seat)
                                 and self.visible(seat, mover))

    def is_legal(self, action: Action) -> bool:
        """Whether the rules allow ``action`` now. Usually ``action in legal_actions()``;
        a game whose list is bounded (Bézique lists no announcement of several unrelated
        combinations at once) also accepts the legal actions it does not list."""
        return action in self.legal_actions()

    def action_from_text(self, text: str) -> Action:
        """Parse ``text`` and check that it is legal now (:meth:`is_legal`)."""
        action = self.parse_action(text)
        if not self.is_legal(action):
            raise NotationError(f"{quoted(text)} is not a legal action now")
        return action


@dataclasses.dataclass(frozen=True)
class Observation:
    """Base of the per-seat observations. Games add fields; all are public to ``seat``
    (:data:`SPECTATOR` in a public observation, which holds what is public to all)."""

    seat: int
