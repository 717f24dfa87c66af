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
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .cards import Pack
from .errors import NotationError, OptionError

if TYPE_CHECKING:
    from .match import ScoreSheet

TERMINAL = -1
"""``current_player()`` of a finished deal."""


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

    Each field carries ``metadata={"choices": (...), "doc": "..."}``; booleans and ints
    without choices are accepted as such.
    """

    @classmethod
    def option_names(cls) -> list[str]:
        """The names of all options, in declaration order."""
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def describe(cls) -> list[tuple[str, str, str, str]]:
        """``(name, default, allowed values, description)`` for each option."""
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
    def from_mapping(cls: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
        """Build options from ``{name: value}``; values may be text (``"true"``, ``"2000"``).

        Raises :class:`OptionError` naming an unknown option or a value it does not take.
        """
        fields = {f.name: f for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for name, raw in values.items():
            key = name.strip().replace("-", "_")
            if key not in fields:
                raise OptionError(
                    f"unknown option {name!r} for {cls.__name__}; known: {', '.join(fields)}")
            kwargs[key] = _coerce(fields[key], raw)
        return cls(**kwargs)

    @classmethod
    def parse(cls: type[OptionsT], items: Sequence[str]) -> OptionsT:
        """Build options from ``["name=value", ...]`` (the command-line form)."""
        values: dict[str, str] = {}
        for item in items:
            if "=" not in item:
                raise OptionError(f"option {item!r} must be written name=value")
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


def option(default: Any, choices: tuple[Any, ...] | None, doc: str) -> Any:
    """Declare one option field: its default (Foster's rule), the values it takes (None:
    any value of the default's type) and a line of documentation citing its source."""
    meta: dict[str, Any] = {"doc": doc}
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
                raise OptionError(f"option {field.name} takes true or false, not {raw!r}")
        elif not isinstance(raw, bool):
            raise OptionError(f"option {field.name} takes true or false, not {raw!r}")
    elif isinstance(default, int):
        # a whole number or its text: int() would truncate 7.9, take True as 1 and raise
        # OverflowError for an infinite float
        if isinstance(raw, bool) or not isinstance(raw, int | str):
            raise OptionError(f"option {field.name} takes a whole number, not {raw!r}")
        try:
            value = int(raw)
        except (TypeError, ValueError):
            raise OptionError(f"option {field.name} takes a whole number, not {raw!r}") from None
    else:
        value = str(raw).strip()
    if choices and value not in choices:
        raise OptionError(
            f"option {field.name} takes {' | '.join(_fmt(c) for c in choices)}, not {raw!r}")
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
            raise OptionError(f"{self.title} takes {self.options_class.__name__}")
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

    def action_from_text(self, text: str) -> Action:
        """Parse ``text`` and check that it is legal now."""
        action = self.parse_action(text)
        if action not in self.legal_actions():
            raise NotationError(f"{text!r} is not a legal action now")
        return action


@dataclasses.dataclass(frozen=True)
class Observation:
    """Base of the per-seat observations. Games add fields; all are public to ``seat``."""

    seat: int
