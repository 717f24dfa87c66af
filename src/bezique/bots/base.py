"""The interface of a computer player."""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, ClassVar, TypeVar

from ..core.game import Action, Game, Observation, State

ObsT = TypeVar("ObsT", bound=Observation)


@dataclasses.dataclass(frozen=True)
class Advice:
    """An action a player would take, with the reasons for it: short plain-English
    sentences addressed to the seat to move ("your", "the adversary"), most important
    first. Reasons use only what that seat may know.

    >>> from bezique.games.bezique import DRAW
    >>> print(Advice(DRAW, ("draws: nothing to declare",)))
    draw: draws: nothing to declare
    """

    action: Action
    reasons: tuple[str, ...] = ()

    def __str__(self) -> str:
        if not self.reasons:
            return str(self.action)
        return f"{self.action}: " + "; ".join(self.reasons)


class Bot(ABC):
    """A computer player. ``choose`` is called when ``state.current_player()`` is the bot's
    seat; a bot may use only what that seat may know: ``state.observation(seat)``,
    ``state.legal_actions()``, and states drawn with ``state.resample(seat, rng)``."""

    name: str = "bot"
    #: The games a rule-based player plays: a game finds the player of its class or of
    #: its nearest base that has one (``bezique.bots.rule_bot_class``).
    games: ClassVar[tuple[type[Game[Any]], ...]] = ()

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, state: State) -> Action:
        """The action to take now."""

    def advise(self, state: State) -> Advice:
        """The action ``choose`` would take now, with the reasons for it. A bot that
        cannot explain itself gives no reasons. It draws on ``self.rng`` exactly as
        ``choose`` does, so from the same generator state both pick the same action."""
        return Advice(self.choose(state), ())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def mover_observation(state: State, kind: type[ObsT], refusal: str) -> ObsT:
    """The observation of the seat to move, which a player of one game needs to be a
    ``kind``: a TypeError saying ``refusal`` (the game the player plays) otherwise."""
    obs = state.observation(state.current_player())
    if not isinstance(obs, kind):
        raise TypeError(refusal)
    return obs


def card_counts(cards: Iterable[int], *less: Iterable[int]) -> list[int]:
    """The copies of each card id (a list of 64) among ``cards``, less those in each of
    ``less``: a hand's or a table's counts, or, from the pack, what a seat has not seen.

    >>> card_counts([12, 12, 13], [12])[12:14]
    [1, 1]
    """
    counts = [0] * 64
    for c in cards:
        counts[c] += 1
    for seen in less:
        for c in seen:
            counts[c] -= 1
    return counts


class ReasoningBot(Bot):
    """A player whose :meth:`choose` and :meth:`advise` are one decision path,
    :meth:`_decide`: ``advise`` gives the action with up to three of the reasons that
    decided it, in a player's words and from the same evaluation, drawing on ``rng``
    exactly as ``choose`` does (which skips building the reasons)."""

    def choose(self, state: State) -> Action:
        return self._decide(state, None)

    def advise(self, state: State) -> Advice:
        """What :meth:`choose` plays, and why (see the class's docstring)."""
        why: list[str] = []
        action = self._decide(state, why)
        return Advice(action, tuple(why[:3]))

    @abstractmethod
    def _decide(self, state: State, why: list[str] | None) -> Action:
        """The action to take now; ``why``, when given, receives the reasons, most
        important first (built only when given)."""


class InnerDealBot(Bot):
    """A player of a game whose every deal holds a deal of another game (Chouette's duel
    is Rubicon, three-handed Sixty-Six's two active hands are Sixty-Six): it hands that
    deal to the other game's player, made with the same seed, which also draws on
    :attr:`rng`. A subclass names the player (:attr:`inner`), the state it plays
    (:attr:`deal_type`, described in words by :attr:`plays`) and where its inner deal
    lies (:meth:`_inner_deal`)."""

    inner: ClassVar[type[Bot]]
    deal_type: ClassVar[type[State]]
    plays: ClassVar[str]

    def __init__(self, seed: int | None = None) -> None:
        self._inner = self.inner(seed)
        super().__init__(seed)

    @property
    def rng(self) -> random.Random:  # the inner player draws on this generator
        return self._inner.rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._inner.rng = value

    @staticmethod
    @abstractmethod
    def _inner_deal(state: Any) -> State:
        """The inner deal of ``state`` (a :attr:`deal_type`)."""

    def _deal(self, state: State) -> State:
        if isinstance(state, self.deal_type):
            return self._inner_deal(state)
        raise TypeError(f"{type(self).__name__} plays {self.plays}, not {state.game.title}")

    def choose(self, state: State) -> Action:
        return self._inner.choose(self._deal(state))

    def advise(self, state: State) -> Advice:
        return self._inner.advise(self._deal(state))
