"""The interface every game of the family implements, after OpenSpiel's.

A :class:`Game` is rules plus frozen options. It deals a :class:`State` (the deal is the
chance event: reproducible from a seed or from a stacked pack). A state knows whose turn
it is, the legal actions, how to apply one, when the deal is over and what it scored; it
copies cheaply, gives each seat an :class:`Observation` that hides what that seat may not
see, and can draw a full state at random consistent with one seat's observation.

Bots and front ends use only this interface.
"""

from __future__ import annotations

import dataclasses
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .cards import Pack
from .errors import NotationError, OptionError, SeatError, quoted

if TYPE_CHECKING:
    from .match import ScoreSheet

TERMINAL = -1
"""``current_player()`` of a finished deal."""


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
                allowed = "a whole number"
            rows.append((f.name, _fmt(f.default), allowed, str(f.metadata.get("doc", ""))))
        return rows

    @classmethod
    def source(cls, name: str) -> str:
        """Where an option comes from in the rule texts (``V-BZ-04``, ``SS 7``): for
        documentation and tests, never shown to a player."""
        for f in dataclasses.fields(cls):
            if f.name == name:
                return str(f.metadata.get("source", ""))
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


def option(default: Any, choices: tuple[Any, ...] | None, doc: str, source: str = "") -> Any:
    """Declare one option field: its default (Foster's rule), the values it takes (None:
    any value of the default's type), a line of documentation in a player's words (what
    ``bezique play --list-options`` shows) and its ``source`` label in the rule texts."""
    meta: dict[str, Any] = {"doc": doc, "source": source}
    if choices:
        meta["choices"] = choices
    return dataclasses.field(default=default, metadata=meta)


OptionsT = TypeVar("OptionsT", bound=Options)


def _fmt(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


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
        try:
            value = int(raw) if not isinstance(raw, str) or len(raw) < 100 else None
        except (TypeError, ValueError):
            value = None
        if value is None:
            raise OptionError(f"option {field.name} takes a whole number, not {quoted(raw)}")
    else:
        value = str(raw).strip()
    if choices and value not in choices:
        raise OptionError(
            f"option {field.name} takes {' | '.join(_fmt(c) for c in choices)}, not"
            f" {quoted(raw)}")
    return value


@dataclasses.dataclass(frozen=True)
class DealResult:
    """What a finished deal gives the match: points for each seat and why."""

    points: tuple[int, int]
    notes: tuple[str, ...] = ()
    details: tuple[tuple[str, int], ...] = ()

    def detail(self, key: str, default: int = 0) -> int:
        """A game-specific figure (e.g. ``"late0"``: points counted after the last trick)."""
        return dict(self.details).get(key, default)


S = TypeVar("S", bound="State")


class Game(ABC, Generic[S]):
    """Rules plus frozen options. Subclasses set ``name``, ``title`` and ``options_class``."""

    name: ClassVar[str]
    title: ClassVar[str]
    options_class: ClassVar[type[Options]]
    num_players: ClassVar[int] = 2

    def __init__(self, options: Options | None = None) -> None:
        opts = options if options is not None else self.options_class()
        if not isinstance(opts, self.options_class):
            other = (f"options of {opts.game_title}" if isinstance(opts, Options)
                     else f"a value of type {type(opts).__name__}")
            raise OptionError(f"{self.title} takes options of {self.title}, not {other}")
        self.options = opts

    @property
    @abstractmethod
    def pack(self) -> Pack:
        """The pack this game is dealt from."""

    @abstractmethod
    def deal(self, dealer: int, *, seed: int | None = None,
             pack: Sequence[int] | None = None, rng: random.Random | None = None) -> S:
        """Deal a new hand: from a stacked ``pack`` order (index 0 is the top card),
        from ``seed``, or from ``rng``."""

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
        return [int(c) for c in self.pack.shuffled(rng)]

    def __repr__(self) -> str:
        changed = self.options.changed()
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"{type(self).__name__}({self.name}{extra})"


class State(ABC):
    """A position within one deal."""

    game: Game[Any]

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act (0 or 1), or ``TERMINAL`` when the deal is over."""

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
    def scores(self) -> tuple[int, int]:
        """The points each seat has scored in this deal so far."""

    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy, cheap enough for search."""

    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: never another hand nor the stock's order."""

    @abstractmethod
    def resample(self: S, seat: int, rng: random.Random) -> S:
        """A full state drawn at random among those consistent with ``seat``'s
        observation."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's notation in this position; resolves shorthand (``QS`` for a
        card that lies only on the table). Raises ``NotationError`` for text naming none
        of the legal actions."""

    def returns(self) -> tuple[int, int]:
        """The deal's points for each seat once it is over (OpenSpiel's ``returns``)."""
        return self.game.deal_result(self).points if self.is_terminal() else (0, 0)

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
    """Base of the per-seat observations. Games add fields; all are public to ``seat``."""

    seat: int
