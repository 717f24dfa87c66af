"""Bots against bots: single deals, duplicate matches, and whole games.

A duplicate match removes most of the luck of the cards: each deal (a pack order and a
dealer) is played twice, the two bots changing seats, so each bot holds each hand once.
Only the :class:`~bezique.core.game.Game` / :class:`~bezique.core.game.State` interface is
used, so every registered game can be played.

>>> from bezique.games import make_game
>>> from bezique.bots import RandomBot
>>> game = make_game("bezique")
>>> stats = duplicate_match(game, lambda g, s: RandomBot(s), lambda g, s: RandomBot(s),
...                         n_deals=2, seed=1)
>>> stats.n_deals, len(stats.diffs)
(2, 2)
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from ..core.errors import IllegalActionError
from ..core.game import DealResult, Game
from ..core.match import Match, ScoreSheet
from .base import Bot

BotFactory = Callable[[Game[Any], int | None], Bot]
"""Makes a bot for a game from a seed: ``factory(game, seed)`` (as ``BOTS`` in
:mod:`bezique.bots`)."""


def _choose(bot: Bot, state: Any) -> Any:
    action = bot.choose(state)
    if action not in state.legal_actions():
        raise IllegalActionError(f"{bot!r} chose {action}, which is not legal here; legal: "
                                 + ", ".join(str(a) for a in state.legal_actions()))
    return action


def play_deal(game: Game[Any], bots: Sequence[Bot], dealer: int, pack: Sequence[int],
              *, check: bool = False) -> DealResult:
    """Play one deal from the pack order ``pack`` with ``bots[seat]`` in each seat and
    return its result. ``check`` verifies each choice against the legal actions before
    applying it (``State.apply`` refuses an illegal one anyway; this names the bot)."""
    if len(bots) != game.num_players:
        raise ValueError(f"{game.title} needs {game.num_players} bots, not {len(bots)}")
    state = game.deal(dealer, pack=pack)
    while not state.is_terminal():
        bot = bots[state.current_player()]
        action = _choose(bot, state) if check else bot.choose(state)
        state.apply(action)
    return game.deal_result(state)


@dataclasses.dataclass(frozen=True)
class DuplicateStats:
    """The outcome of a duplicate match, from bot A's side.

    ``diffs[i]`` is A's points minus B's in deal ``i``, averaged over its two plays (one
    from each seat), so it is a per-deal figure. ``wins``/``losses``/``ties`` count the
    ``2 * n_deals`` plays one by one.
    """

    game: str
    n_deals: int
    seed: int | None
    diffs: tuple[float, ...]
    points_a: tuple[int, ...]
    points_b: tuple[int, ...]
    wins: int
    losses: int
    ties: int

    @property
    def mean(self) -> float:
        """A's mean point difference per deal."""
        return sum(self.diffs) / len(self.diffs) if self.diffs else 0.0

    @property
    def stdev(self) -> float:
        """The sample standard deviation of the per-deal differences."""
        n = len(self.diffs)
        if n < 2:
            return 0.0
        m = self.mean
        return math.sqrt(sum((d - m) ** 2 for d in self.diffs) / (n - 1))

    @property
    def stderr(self) -> float:
        """The standard error of :attr:`mean`."""
        n = len(self.diffs)
        return self.stdev / math.sqrt(n) if n > 1 else 0.0

    @property
    def win_rate(self) -> float:
        """A's share of the plays won, a tie counting half."""
        plays = self.wins + self.losses + self.ties
        return (self.wins + 0.5 * self.ties) / plays if plays else 0.0

    @property
    def mean_a(self) -> float:
        """A's mean points per play."""
        return sum(self.points_a) / len(self.points_a) if self.points_a else 0.0

    @property
    def mean_b(self) -> float:
        """B's mean points per play."""
        return sum(self.points_b) / len(self.points_b) if self.points_b else 0.0

    def summary(self, name_a: str = "A", name_b: str = "B") -> str:
        """The figures in a few lines."""
        return (f"{self.game}: {self.n_deals} deals, each played from both seats "
                f"({2 * self.n_deals} plays), seed {self.seed}\n"
                f"  mean points per play: {name_a} {self.mean_a:.1f}, "
                f"{name_b} {self.mean_b:.1f}\n"
                f"  {name_a} - {name_b} per deal: {self.mean:+.2f} "
                f"± {self.stderr:.2f} (standard error)\n"
                f"  {name_a} wins {self.wins}, loses {self.losses}, ties {self.ties}: "
                f"win rate {self.win_rate:.3f}")


def duplicate_match(game: Game[Any], bot_a_factory: BotFactory, bot_b_factory: BotFactory,
                    n_deals: int, seed: int | None = None, *,
                    check: bool = False) -> DuplicateStats:
    """Play ``n_deals`` deals twice each, A in seat 0 then in seat 1, on the same pack
    order and dealer (pack orders and dealers drawn from ``seed``). Each bot gets the same
    seed in both plays of a deal, so a seeded bot meets the same deal the same way."""
    if n_deals < 1:
        raise ValueError(f"n_deals must be at least 1, not {n_deals}")
    if game.num_players != 2:
        raise ValueError(f"duplicate matches need a two-player game; {game.title} has "
                         f"{game.num_players}")
    rng = random.Random(seed)
    diffs: list[float] = []
    pa: list[int] = []
    pb: list[int] = []
    wins = losses = ties = 0
    for _ in range(n_deals):
        pack = game.pack_order(rng=rng)
        dealer = rng.randrange(2)
        seed_a = rng.getrandbits(32)
        seed_b = rng.getrandbits(32)
        total = 0
        for a_seat in (0, 1):
            bot_a = bot_a_factory(game, seed_a)
            bot_b = bot_b_factory(game, seed_b)
            bots = [bot_a, bot_b] if a_seat == 0 else [bot_b, bot_a]
            result = play_deal(game, bots, dealer, pack, check=check)
            a, b = result.points[a_seat], result.points[1 - a_seat]
            pa.append(a)
            pb.append(b)
            total += a - b
            if a > b:
                wins += 1
            elif a < b:
                losses += 1
            else:
                ties += 1
        diffs.append(total / 2)
    return DuplicateStats(game.name, n_deals, seed, tuple(diffs), tuple(pa), tuple(pb),
                          wins, losses, ties)


def play_match(game: Game[Any], bots: Sequence[Bot], *, seed: int | None = None,
               first_dealer: int = 0, max_deals: int = 1000) -> ScoreSheet:
    """Play a whole match (deals until the game's rule ends it: a Bézique game to 1000)
    with ``bots[seat]`` in each seat, and return its score sheet."""
    match = Match(game, seed=seed, first_dealer=first_dealer)
    while not match.is_over():
        if len(match.deals) > max_deals:
            raise RuntimeError(f"match not over after {max_deals} deals")
        state = match.state
        match.apply(bots[state.current_player()].choose(state))
    return match.sheet


@dataclasses.dataclass(frozen=True)
class MatchStats:
    """Whole games won by bot A over ``n_pairs`` pairs of matches, A first in seat 0 then
    in seat 1 on the same deals. ``points_a``/``points_b`` add up the value of the games
    each won (``GameResult.value``: a Bézique double game, BZ 88, counts two)."""

    game: str
    n_pairs: int
    seed: int | None
    wins: int
    losses: int
    points_a: int
    points_b: int

    @property
    def win_rate(self) -> float:
        """A's share of the games won."""
        n = self.wins + self.losses
        return self.wins / n if n else 0.0

    def summary(self, name_a: str = "A", name_b: str = "B") -> str:
        """The figures in a line."""
        return (f"  whole games ({2 * self.n_pairs} matches): {name_a} wins {self.wins}, "
                f"loses {self.losses}: win rate {self.win_rate:.3f}; value of the games won "
                f"(a double game counts 2) {self.points_a}-{self.points_b}")


def duplicate_games(game: Game[Any], bot_a_factory: BotFactory, bot_b_factory: BotFactory,
                    n_pairs: int, seed: int | None = None) -> MatchStats:
    """Play ``n_pairs`` pairs of whole matches, the bots changing seats on the same
    seeded deals, and count the games each wins (only the first game of each match)."""
    rng = random.Random(seed)
    wins = losses = pts_a = pts_b = 0
    for _ in range(n_pairs):
        match_seed = rng.getrandbits(32)
        seed_a, seed_b = rng.getrandbits(32), rng.getrandbits(32)
        for a_seat in (0, 1):
            bot_a, bot_b = bot_a_factory(game, seed_a), bot_b_factory(game, seed_b)
            bots = [bot_a, bot_b] if a_seat == 0 else [bot_b, bot_a]
            sheet = play_match(game, bots, seed=match_seed)
            first = sheet.games[0]
            if first.winner == a_seat:
                wins += 1
                pts_a += first.value
            else:
                losses += 1
                pts_b += first.value
    return MatchStats(game.name, n_pairs, seed, wins, losses, pts_a, pts_b)
