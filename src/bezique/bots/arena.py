"""Bots against bots: single deals, duplicate matches at a table of any size, and whole
games.

A duplicate match removes most of the luck of the cards: each deal (a pack order and a
dealer) is played once per *rotation* of the seats, on the same pack and dealer, so that
the player under test (A) holds every hand of the deal once against the other player (B).
A rotation gives A the seats of one side (:attr:`Game.sides <bezique.core.game.Game.sides>`)
and B every other seat:

* every seat for himself (two-handed Bézique, three-handed Bézique): A at each seat in
  turn, B at all the others;
* partners (four-handed Bézique, sides ``(0, 1, 0, 1)``): A's side at seats 0 and 2, then
  at seats 1 and 3;
* unequal sides (Chouette, sides ``(0, 1, 1)``): A alone at seat 0 against two B, then A
  at seats 1 and 2 against B alone at seat 0.

So each seat is A's in exactly one rotation of each deal. A play's margin is A's points
per seat less B's points per seat (each member of a side holds the side's result, so this
is A's side's result less the mean result of the other sides); a deal's margin is the mean
over its rotations. Two seats are the case ``n = 2``: :func:`duplicate_match` is
:func:`duplicate_table` for two-player games, each player keeping his seed from seat to
seat. Only the :class:`~bezique.core.game.Game` / :class:`~bezique.core.game.State`
interface is used, so every registered game can be played.

>>> from bezique.games import make_game
>>> from bezique.bots import RandomBot
>>> game = make_game("bezique3")
>>> rotations(game), rotations(make_game("bezique4"))
([(0,), (1,), (2,)], [(0, 2), (1, 3)])
>>> stats = duplicate_table(game, lambda g, s: RandomBot(s), lambda g, s: RandomBot(s),
...                         n_deals=2, seed=1)
>>> stats.n_deals, stats.rotations, len(stats.points_a), stats.diffs
(2, 3, 6, (0.0, 0.0))

(The same player on both sides, seeded by seat, makes each deal's rotations mirror one
another, so every margin is zero.)
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any, Literal

from ..core import table as seating
from ..core.errors import IllegalActionError
from ..core.game import DealResult, Game
from ..core.match import Match, ScoreSheet
from .base import Bot

BotFactory = Callable[[Game[Any], int | None], Bot]
"""Makes a bot for a game from a seed: ``factory(game, seed)`` (as ``BOTS`` in
:mod:`bezique.bots`)."""

Seeding = Literal["seat", "player"]
"""How the bots of a duplicate deal are seeded (see :func:`duplicate_table`)."""

SEEDINGS: tuple[Seeding, ...] = ("seat", "player")


def _choose(bot: Bot, state: Any) -> Any:
    action = bot.choose(state)
    if action not in state.legal_actions():
        raise IllegalActionError(
            f"{bot!r} in seat {state.current_player()} chose {action}, which is not legal"
            " here; legal: " + ", ".join(str(a) for a in state.legal_actions()))
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


def rotations(game: Game[Any]) -> list[tuple[int, ...]]:
    """The seats bot A holds in each play of a deal: the seats of each side in turn, in
    the order of the sides (every seat for himself: each seat in turn). Every seat is in
    exactly one rotation.

    >>> from bezique.games import make_game
    >>> rotations(make_game("bezique"))
    [(0,), (1,)]
    """
    sides = game.sides
    return [seating.members(sides, s) for s in range(seating.num_sides(sides))]


def dealers(game: Game[Any]) -> tuple[int, ...]:
    """The seats a deal of ``game`` may be dealt by, from which the arena draws each
    deal's dealer: the game's ``first_dealers()`` where it says (Chouette: never the box),
    else every seat."""
    first = getattr(game, "first_dealers", None)
    seats = tuple(first()) if callable(first) else tuple(range(game.num_players))
    if not seats:
        raise ValueError(f"{game.title} names no seat that may deal")
    return seats


@dataclasses.dataclass(frozen=True)
class TableStats:
    """The outcome of a duplicate match at a table of any size, from bot A's side.

    ``diffs[i]`` is deal ``i``'s margin averaged over its ``rotations`` plays: A's points
    per seat less B's points per seat (two seats: A's points less B's; three-handed: A's
    points less the mean of the other two; partners: A's side less B's side). Over the
    ``n_deals * rotations`` plays, in order (deal by deal, rotation by rotation),
    ``points_a`` and ``points_b`` hold A's and B's points per seat.

    ``wins``/``losses``/``ties`` compare A's side with each other side in every play (at
    two sides, one comparison a play), so equal players win half; ``firsts`` counts the
    plays in which A's side scored more than every other side (equal players: one play
    in ``sides``). ``sides`` and ``seats`` are the table's numbers of sides and seats.
    """

    game: str
    n_deals: int
    rotations: int
    seed: int | None
    diffs: tuple[float, ...]
    points_a: tuple[float, ...]
    points_b: tuple[float, ...]
    wins: int = 0
    losses: int = 0
    ties: int = 0
    firsts: int = 0
    sides: int = 2
    seats: int = 2

    @property
    def plays(self) -> int:
        """How many times a deal was played: ``n_deals * rotations``."""
        return self.n_deals * self.rotations

    @property
    def mean(self) -> float:
        """A's mean margin per deal."""
        return sum(self.diffs) / len(self.diffs) if self.diffs else 0.0

    @property
    def stdev(self) -> float:
        """The sample standard deviation of the per-deal margins."""
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

    def confidence_interval(self, level: float = 0.95) -> tuple[float, float]:
        """A ``level`` confidence interval of the mean margin per deal (normal
        approximation: the deals are independent, and many)."""
        if not 0.0 < level < 1.0:
            raise ValueError(f"a confidence level lies between 0 and 1, not {level}")
        z = statistics.NormalDist().inv_cdf(0.5 + level / 2)
        return self.mean - z * self.stderr, self.mean + z * self.stderr

    @property
    def win_rate(self) -> float:
        """A's share of the comparisons won (:attr:`wins`), a tie counting half."""
        n = self.wins + self.losses + self.ties
        return (self.wins + 0.5 * self.ties) / n if n else 0.0

    @property
    def first_rate(self) -> float:
        """A's share of the plays in which his side scored most (:attr:`firsts`)."""
        return self.firsts / len(self.points_a) if self.points_a else 0.0

    @property
    def mean_a(self) -> float:
        """A's mean points per seat and play."""
        return sum(self.points_a) / len(self.points_a) if self.points_a else 0.0

    @property
    def mean_b(self) -> float:
        """B's mean points per seat and play."""
        return sum(self.points_b) / len(self.points_b) if self.points_b else 0.0

    def summary(self, name_a: str = "A", name_b: str = "B") -> str:
        """The figures in a few lines."""
        lo, hi = self.confidence_interval()
        how = ("from both seats" if self.seats == 2
               else f"{self.rotations} times with the seats rotated")
        lines = [f"{self.game}: {self.n_deals} deals, each played {how} ({self.plays} plays),"
                 f" seed {self.seed}",
                 f"  mean points per seat and play: {name_a} {self.mean_a:.1f}, "
                 f"{name_b} {self.mean_b:.1f}",
                 f"  {name_a} - {name_b} per deal: {self.mean:+.2f} ± {self.stderr:.2f}"
                 f" (standard error); 95% interval {lo:+.2f} to {hi:+.2f}",
                 f"  {name_a} wins {self.wins}, loses {self.losses}, ties {self.ties}: "
                 f"win rate {self.win_rate:.3f}"]
        if self.sides > 2:
            lines[-1] += (f" (against each other side); first {self.firsts} times in"
                          f" {self.plays}: {self.first_rate:.3f} (equal players"
                          f" {1 / self.sides:.3f})")
        return "\n".join(lines)


DuplicateStats = TableStats
"""The stats of a two-seat duplicate match: the same class (``rotations`` is 2)."""


def _seat_bots(game: Game[Any], bot_a: BotFactory, bot_b: BotFactory, mine: Sequence[int],
               seeds: Sequence[int], seeding: Seeding) -> list[Bot]:
    """New bots for one play: A's in the seats ``mine``, B's in the others, seeded from
    the deal's ``seeds`` by seat or by player (see :func:`duplicate_table`)."""
    n = game.num_players
    if seeding == "seat":
        return [(bot_a if p in mine else bot_b)(game, seeds[p]) for p in range(n)]
    theirs = [p for p in range(n) if p not in mine]
    return [bot_a(game, seeds[mine.index(p)]) if p in mine
            else bot_b(game, seeds[n - 1 - theirs.index(p)]) for p in range(n)]


def duplicate_table(game: Game[Any], bot_a: BotFactory, bot_b: BotFactory, n_deals: int,
                    seed: int | None = None, *, check: bool = False,
                    seeding: Seeding = "seat") -> TableStats:
    """Play ``n_deals`` deals, each once for every rotation of the seats
    (:func:`rotations`) on the same pack order and dealer; pack orders, dealers (among
    :func:`dealers`) and the bots' seeds are drawn from ``seed``. Every play builds new
    bots with ``bot_a(game, s)`` and ``bot_b(game, s)``.

    ``seeding`` says which seed of the deal each bot gets, the same in every rotation:
    ``"seat"`` (the default): the bot in seat ``p`` gets the deal's ``p``-th seed, whoever
    it is, so the same seeded player on every side mirrors each deal exactly (every
    margin zero, random players included); ``"player"``: each player keeps his seeds
    from seat to seat (A's ``i``-th seat the deal's ``i``-th seed, B's ``j``-th seat the
    ``(n-1-j)``-th), as :func:`duplicate_match` seeds two.

    ``check`` verifies each choice is legal before applying it, and an illegal one raises
    :class:`IllegalActionError` naming the deal, the rotation, the bot and the seat.
    """
    if isinstance(n_deals, bool) or not isinstance(n_deals, int) or n_deals < 1:
        raise ValueError(f"n_deals must be at least 1, not {n_deals!r}")
    if seeding not in SEEDINGS:
        raise ValueError(f"seeding must be one of {', '.join(SEEDINGS)}, not {seeding!r}")
    n = game.num_players
    sides = game.sides
    rots = rotations(game)
    groups = [seating.members(sides, s) for s in range(seating.num_sides(sides))]
    may_deal = dealers(game)
    rng = random.Random(seed)
    diffs: list[float] = []
    pa: list[float] = []
    pb: list[float] = []
    wins = losses = ties = firsts = 0
    for deal_no in range(1, n_deals + 1):
        pack = game.pack_order(rng=rng)
        dealer = may_deal[rng.randrange(len(may_deal))]
        seeds = [rng.getrandbits(32) for _ in range(n)]
        total = 0.0
        for r, mine in enumerate(rots, 1):
            theirs = [p for p in range(n) if p not in mine]
            bots = _seat_bots(game, bot_a, bot_b, mine, seeds, seeding)
            try:
                result = play_deal(game, bots, dealer, list(pack), check=check)
            except IllegalActionError as exc:
                raise IllegalActionError(
                    f"deal {deal_no} of {n_deals}, rotation {r} of {len(rots)} (A at seats"
                    f" {', '.join(map(str, mine))}, dealer {dealer}): {exc}") from exc
            points = result.points
            a = sum(points[p] for p in mine) / len(mine)
            b = sum(points[p] for p in theirs) / len(theirs)
            pa.append(a)
            pb.append(b)
            total += a - b
            others = [sum(points[p] for p in g) / len(g) for g in groups if g != mine]
            wins += sum(1 for o in others if a > o)
            losses += sum(1 for o in others if a < o)
            ties += sum(1 for o in others if a == o)
            firsts += all(a > o for o in others)
        diffs.append(total / len(rots))
    return TableStats(game.name, n_deals, len(rots), seed, tuple(diffs), tuple(pa),
                      tuple(pb), wins, losses, ties, firsts, len(groups), n)


def duplicate_match(game: Game[Any], bot_a_factory: BotFactory, bot_b_factory: BotFactory,
                    n_deals: int, seed: int | None = None, *,
                    check: bool = False) -> TableStats:
    """The two-seat duplicate match: ``n_deals`` deals played twice each, A in seat 0
    then in seat 1, on the same pack order and dealer (drawn from ``seed``). Each bot
    gets the same seed in both plays of a deal, so a seeded bot meets the same deal the
    same way. :func:`duplicate_table` with ``seeding="player"``, for two-player games
    only (a larger table: :func:`duplicate_table`)."""
    if game.num_players != 2:
        raise ValueError(f"duplicate matches need a two-player game; {game.title} has "
                         f"{game.num_players} (play it with duplicate_table)")
    return duplicate_table(game, bot_a_factory, bot_b_factory, n_deals, seed, check=check,
                           seeding="player")


def play_match(game: Game[Any], bots: Sequence[Bot], *, seed: int | None = None,
               first_dealer: int | None = None, max_deals: int = 1000) -> ScoreSheet:
    """Play a whole match (deals until the game's rule ends it: a Bézique game to 1000)
    with ``bots[seat]`` in each seat, and return its score sheet. The first dealer is
    ``first_dealer``, by default the first seat that may deal (:func:`dealers`)."""
    if len(bots) != game.num_players:
        raise ValueError(f"{game.title} needs {game.num_players} bots, not {len(bots)}")
    first = dealers(game)[0] if first_dealer is None else first_dealer
    match = Match(game, seed=seed, first_dealer=first)
    while not match.is_over():
        if len(match.deals) > max_deals:
            raise RuntimeError(f"match not over after {max_deals} deals")
        state = match.state
        match.apply(bots[state.current_player()].choose(state))
    return match.sheet


@dataclasses.dataclass(frozen=True)
class MatchStats:
    """Whole games won by bot A over ``n_pairs`` sets of matches, each set one match per
    rotation of the seats (:func:`rotations`; two seats: A in seat 0, then in seat 1) on
    the same deals. ``points_a``/``points_b`` add up the value of the games each won
    (``GameResult.value``: a Bézique double game, BZ 88, counts two); ``ties`` counts the
    matches that ended with no game won (a sitting ending level)."""

    game: str
    n_pairs: int
    seed: int | None
    wins: int
    losses: int
    points_a: int
    points_b: int
    rotations: int = 2
    ties: int = 0

    @property
    def win_rate(self) -> float:
        """A's share of the games won, a match without a winner counting half."""
        n = self.wins + self.losses + self.ties
        return (self.wins + 0.5 * self.ties) / n if n else 0.0

    def summary(self, name_a: str = "A", name_b: str = "B") -> str:
        """The figures in a line."""
        level = f", level {self.ties}" if self.ties else ""
        return (f"  whole games ({self.rotations * self.n_pairs} matches): {name_a} wins"
                f" {self.wins}, loses {self.losses}{level}: win rate {self.win_rate:.3f};"
                f" value of the games won (a double game counts 2)"
                f" {self.points_a}-{self.points_b}")


def duplicate_games(game: Game[Any], bot_a_factory: BotFactory, bot_b_factory: BotFactory,
                    n_pairs: int, seed: int | None = None, *,
                    seeding: Seeding = "player") -> MatchStats:
    """Play ``n_pairs`` sets of whole matches, one match per rotation of the seats on the
    same seeded deals, and count the games A's side wins (only the first game of each
    match: the column of A's side on the sheet). ``seeding`` as in
    :func:`duplicate_table`; by default each player keeps his seeds from seat to seat, as
    in :func:`duplicate_match`."""
    if isinstance(n_pairs, bool) or not isinstance(n_pairs, int) or n_pairs < 1:
        raise ValueError(f"n_pairs must be at least 1, not {n_pairs!r}")
    if seeding not in SEEDINGS:
        raise ValueError(f"seeding must be one of {', '.join(SEEDINGS)}, not {seeding!r}")
    n = game.num_players
    rots = rotations(game)
    rng = random.Random(seed)
    wins = losses = ties = pts_a = pts_b = 0
    for _ in range(n_pairs):
        match_seed = rng.getrandbits(32)
        seeds = [rng.getrandbits(32) for _ in range(n)]
        for mine in rots:
            bots = _seat_bots(game, bot_a_factory, bot_b_factory, mine, seeds, seeding)
            sheet = play_match(game, bots, seed=match_seed)
            if not sheet.games:
                ties += 1
                continue
            first = sheet.games[0]
            if first.winner == sheet.column_of(mine[0]):
                wins += 1
                pts_a += first.value
            else:
                losses += 1
                pts_b += first.value
    return MatchStats(game.name, n_pairs, seed, wins, losses, pts_a, pts_b, len(rots), ties)
