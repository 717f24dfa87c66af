"""Search players for every game of the family: flat Monte Carlo, perfect-information
Monte Carlo (PIMC) with the exact endgame solvers, information-set MCTS, and PIMC with
inference from the adversaries' play.

They use only the :class:`~bezique.core.game.State` interface, so they play any
registered game at any table (two to six seats, sides or partnerships from
``state.sides``). Hidden cards are only ever drawn with ``state.resample(seat, rng)``:
each decision first draws one *root world* from the position and searches from that
world alone (every further world is resampled from it), so a decision is a function of
the seat's observation, the bot's seed and its memory of its own earlier decisions,
never of the cards it cannot see.

What every search maximises is its side's *margin* at the end of the deal:
``returns()[seat]`` less the mean of the other sides' returns (the margin
:mod:`bezique.bots.arena` measures; two seats: ``returns[me] - returns[other]``).

Budgets: ``iterations`` (worlds for PIMC, playouts for flat Monte Carlo, simulations for
ISMCTS) make a decision reproducible from the seed; ``seconds`` (optional) stops a search
sooner, which makes it depend on the machine's speed. ``workers=N`` splits the budget
over N processes, each with a seed derived from the decision's seed and its index; only
the root statistics (per-action sums and counts) come back, so a decision is
deterministic for a given seed, budget and number of workers.

>>> from bezique.games import make_game
>>> game = make_game("sixtysix")
>>> bot = PIMCBot(game, seed=1, iterations=4, rollout="random")
>>> state = game.deal(0, seed=2)
>>> bot.choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, ClassVar

from ..core.errors import OptionError, quoted
from ..core.game import Action, Game, State, by_class
from ..games.bezique.chouette import Chouette
from ..games.bezique.multi import FourHandedBezique, ThreeHandedBezique
from ..games.bezique.rubicon import Chinese, Rubicon
from ..games.bezique.two_handed import Bezique
from ..games.binocle.auction import AuctionBinocle
from ..games.binocle.two_handed import Binocle
from ..games.sixtysix import SixtySix
from .base import Advice, Bot

# -- the margin --------------------------------------------------------------------------


def margin(returns: Sequence[float], sides: Sequence[int], seat: int) -> float:
    """``seat``'s side's result less the mean result of the other sides (each member of a
    side holds the side's result, so any member stands for it).

    >>> margin((10, -4), (0, 1), 0), margin((6, 2, 2, 2), (0, 1, 1, 1), 1)
    (14.0, -4.0)
    """
    mine = sides[seat]
    others: dict[int, float] = {}
    for p, s in enumerate(sides):
        if s != mine and s not in others:
            others[s] = returns[p]
    if not others:
        return 0.0
    return float(returns[seat]) - sum(others.values()) / len(others)


def margins(state: State) -> list[float]:
    """Every seat's :func:`margin` of a finished deal."""
    r = state.returns()
    sides = state.sides
    return [margin(r, sides, p) for p in range(len(r))]


#: what a deal's ``returns()`` count, by game: the points of the deal (Bézique and
#: Binocle, scored in points to a game of 1000 or more), game points (the Sixty-Six
#: family: 1 to 3 a deal, SS 7), hundreds (Rubicon's game settled in hundreds, RB 42,
#: and Chouette's stakes, which are Rubicon games), counters (Hearts by Foster's Laws:
#: the pool's) or hearts points (OpenSpiel's Hearts: 0 to 26 against each)
RESULT_UNITS = {
    "bezique": "points", "bezique3": "points", "bezique4": "points",
    "binocle": "points", "binocle3": "points", "binocle4": "points",
    "binocleauction": "points",
    "sixtysix": "game points", "sixtysix3": "game points", "sixtysix4": "game points",
    "schnapsen": "game points",
    "rubicon": "hundreds", "chinese": "hundreds", "chouette": "hundreds",
    "hearts": "counters", "heartsjoker": "counters", "heartsauction": "counters",
    "heartsopenspiel": "hearts points",
}


def result_unit(game: Game[Any] | str) -> str:
    """The unit of a game's deal results, and so of every margin and value the search
    players give (see :data:`RESULT_UNITS`; an unlisted game's results are "points").

    >>> result_unit("sixtysix"), result_unit("rubicon"), result_unit("binocle")
    ('game points', 'hundreds', 'points')
    """
    name = game if isinstance(game, str) else game.name
    return RESULT_UNITS.get(name, "points")


def decimals(unit: str) -> int:
    """The decimal places a value in ``unit`` is written with: one for points (a deal's
    points go by tens), two for game points and hundreds (a deal is worth 1 to 3 or a
    few)."""
    return 1 if unit == "points" else 2


# -- rollouts ----------------------------------------------------------------------------

ROLLOUTS = ("random", "rules")
"""The rollout policies: uniformly random legal actions, or the game's rule-based player
(every seat)."""


class _Rollout:
    """Plays a world to the end of the deal with one policy and gives every seat's
    margin; with a ``solver``, a playout that reaches a solved endgame stops there and
    takes the solver's exact value instead."""

    def __init__(self, game: Game[Any], kind: str, rng: random.Random,
                 solver: Any = None) -> None:
        self.rng = random.Random(rng.getrandbits(64))  # its own: reseed() resets it
        self.rules: Bot | None = None
        self.solver = solver
        if kind == "rules":
            from . import rule_bot_class

            self.rules = rule_bot_class(game)(rng.getrandbits(32))

    def reseed(self, seed: int) -> None:
        """Restart the policy's random choices from ``seed`` (common random numbers: the
        playouts after each action of one world make the same choices where they can)."""
        self.rng.seed(seed)
        if self.rules is not None:
            self.rules.rng.seed(seed)

    def margins(self, state: State) -> list[float]:
        """Play ``state`` (changed in place) out and return each seat's margin."""
        rules = self.rules
        solver = self.solver
        choice = self.rng.choice
        while not state.is_terminal():
            if solver is not None and solver.applies(state):
                return _solved(state, solver)
            state.apply(choice(state.legal_actions()) if rules is None
                        else rules.choose(state))
        return margins(state)


def _solved(state: State, solver: Any) -> list[float]:
    """Every seat's margin in a two-sided endgame under perfect play."""
    v = float(max(solver.solve(state).values()))
    sides = state.sides
    mover = sides[state.current_player()]
    return [v if s == mover else -v for s in sides]


def _solver(game: Game[Any]) -> Any:
    """The exact endgame solver of ``game``, or None (none for the game, or the solvers'
    package missing)."""
    try:
        from ..solvers import solver_for
    except ImportError:
        return None
    return solver_for(game)


# -- parameters --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Param:
    """One parameter a search player takes in ``make_bot("name:key=value,...")``."""

    name: str
    kind: type  # int, float, bool or str
    doc: str
    low: float | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False  # None ("none") allowed

    def describe(self) -> str:
        """What values the parameter takes, in words."""
        if self.choices:
            what = " | ".join(self.choices)
        elif self.kind is bool:
            what = "true | false"
        elif self.kind is int:
            what = "a whole number" + (f" >= {self.low:g}" if self.low is not None else "")
        else:
            what = "a number" + (f" > {self.low:g}" if self.low is not None else "")
        return what + (" or none" if self.optional else "")

    def read(self, raw: object, owner: str) -> Any:
        """``raw`` (text or a value) checked and converted; :class:`OptionError` naming
        the parameter and what it takes otherwise."""
        bad = OptionError(f"{owner}: {self.name} takes {self.describe()}, not {quoted(raw)}")
        text = raw.strip().lower() if isinstance(raw, str) else None
        if raw is None or text == "none":
            if self.optional:
                return None
            raise bad
        if self.kind is bool:
            if isinstance(raw, bool):
                return raw
            if text in ("true", "yes", "on", "1"):
                return True
            if text in ("false", "no", "off", "0"):
                return False
            raise bad
        if self.kind is str:
            if text is None or text not in self.choices:
                raise bad
            return text
        if isinstance(raw, bool):
            raise bad
        value: float
        try:
            if self.kind is int:
                if isinstance(raw, float) or (text is not None and len(text) > 18):
                    raise ValueError
                value = int(text) if text is not None else int(raw)  # type: ignore[call-overload]
            else:
                value = float(text) if text is not None else float(raw)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise bad from None
        if not math.isfinite(value) or (self.low is not None and (
                value < self.low if self.kind is int else value <= self.low)):
            raise bad
        return value


_COMMON = (
    Param("iterations", int, "the search's budget: worlds, playouts or simulations", 1),
    Param("seconds", float, "stop the search after this long (machine-dependent)", 0,
          optional=True),
    Param("workers", int, "processes the budget is split over", 1),
)


# -- the base ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Estimate:
    """What a search found an action worth: its mean margin (``value``, in the game's
    units), the standard error of that mean over the evaluations (``None`` with fewer
    than two; 0 when every world gave the same value, as when all are the true deal) and
    how many evaluations (worlds, playouts or simulations) it rests on."""

    value: float
    error: float | None
    samples: int


@dataclasses.dataclass
class RootStats:
    """What a search (or one worker's share of it) knows at the root: per action, the sum
    of the weighted margins, of the weighted squared margins, of the weights and of the
    squared weights, and the number of evaluations; how many iterations ran and, for
    PIMC, in how many worlds an exact solver decided."""

    sums: dict[Action, float] = dataclasses.field(default_factory=dict)
    weights: dict[Action, float] = dataclasses.field(default_factory=dict)
    counts: dict[Action, int] = dataclasses.field(default_factory=dict)
    iterations: int = 0
    exact: int = 0
    squares: dict[Action, float] = dataclasses.field(default_factory=dict)
    weights2: dict[Action, float] = dataclasses.field(default_factory=dict)

    def add(self, action: Action, value: float, weight: float = 1.0) -> None:
        """Count one evaluation of ``action``."""
        self.sums[action] = self.sums.get(action, 0.0) + weight * value
        self.squares[action] = self.squares.get(action, 0.0) + weight * value * value
        self.weights[action] = self.weights.get(action, 0.0) + weight
        self.weights2[action] = self.weights2.get(action, 0.0) + weight * weight
        self.counts[action] = self.counts.get(action, 0) + 1

    def merge(self, other: RootStats) -> None:
        """Add another share's statistics to these."""
        for a, s in other.sums.items():
            self.sums[a] = self.sums.get(a, 0.0) + s
            self.squares[a] = self.squares.get(a, 0.0) + other.squares.get(a, 0.0)
            self.weights[a] = self.weights.get(a, 0.0) + other.weights[a]
            self.weights2[a] = self.weights2.get(a, 0.0) + other.weights2.get(a, 0.0)
            self.counts[a] = self.counts.get(a, 0) + other.counts[a]
        self.iterations += other.iterations
        self.exact += other.exact

    def estimate(self, action: Action) -> Estimate | None:
        """The (weighted) mean margin of ``action`` and its standard error, or ``None``
        when the search never tried it. With weights (inference) the error counts
        Kish's effective number of worlds, ``(sum w)^2 / sum w^2``; with equal weights
        it is the sample standard deviation over the square root of their number.

        >>> s = RootStats()
        >>> for v in (1.0, 3.0, 2.0, 6.0):
        ...     s.add("a", v)
        >>> e = s.estimate("a")
        >>> e.value, round(e.error, 4), e.samples  # sd 2.1602 / sqrt(4)
        (3.0, 1.0801, 4)
        """
        w = self.weights.get(action, 0.0)
        if w <= 0:
            return None
        mean = self.sums[action] / w
        n = self.counts[action]
        w2 = self.weights2.get(action, 0.0)
        effective = w * w / w2 if w2 > 0 else 0.0
        if n < 2 or effective <= 1 + 1e-9:
            return Estimate(mean, None, n)
        spread = self.squares.get(action, 0.0) / w - mean * mean
        if spread <= 1e-12 * max(1.0, mean * mean):  # equal values, but for rounding
            spread = 0.0
        return Estimate(mean, math.sqrt(spread / (effective - 1)), n)


@dataclasses.dataclass(frozen=True)
class _Job:
    """One worker's share of a decision: everything it needs, pickled to its process."""

    cls: type[SearchBot]
    game: Game[Any]
    params: tuple[tuple[str, Any], ...]
    world: State
    seat: int
    seed: int
    iterations: int
    deadline: float | None  # time.time() based, comparable across processes
    extra: Any = None


def _run_job(job: _Job) -> RootStats:
    """Run one share of a search (in this process or a worker's)."""
    bot = job.cls(job.game, None, **dict(job.params))
    return bot._share(job.world, job.seat, random.Random(job.seed), job.iterations,
                      job.deadline, job.extra)


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
        # spawned, not forked: a fork of a process with threads (a server, a test run
        # driving a browser) can copy a lock held by another thread and hang for ever
        pool = _POOLS[workers] = ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
    return pool


def _shares(total: int, n: int) -> list[int]:
    base, extra = divmod(total, n)
    return [base + (1 if i < extra else 0) for i in range(n)]


class SearchBot(Bot):
    """Base of the search players: budgets, workers, parameters, ``values``, ``advise``
    and ``choose``. A subclass implements :meth:`_share`, one worker's part of a search
    from a root world.

    Parameters are keyword arguments (or text, through ``make_bot("name:key=value")``);
    :attr:`PARAMS` lists them and :meth:`defaults` gives each game's defaults."""

    name = "search"
    #: a line for the CLI and the lobby
    description: ClassVar[str] = ""
    PARAMS: ClassVar[tuple[Param, ...]] = _COMMON
    #: what an iteration is called in the reasons given
    unit: ClassVar[str] = "iterations"
    #: other names a parameter may be given by (PIMC's ``worlds`` for ``iterations``)
    ALIASES: ClassVar[dict[str, str]] = {}

    def __init__(self, game: Game[Any], seed: int | None = None, **params: Any) -> None:
        super().__init__(seed)
        self.game = game
        known = {p.name: p for p in self.PARAMS}
        values = dict(self.defaults(game))
        for given, raw in params.items():
            key = self.ALIASES.get(given, given)
            if key not in known:
                raise OptionError(f"{self.name}: unknown parameter {quoted(given)}; parameters:"
                                  f" {', '.join([*known, *self.ALIASES])}")
            values[key] = known[key].read(raw, self.name)
        self.params: dict[str, Any] = values
        self.iterations: int = values["iterations"]
        self.seconds: float | None = values["seconds"]
        self.workers: int = values["workers"]
        self.last: RootStats | None = None

    @classmethod
    def defaults(cls, game: Game[Any]) -> dict[str, Any]:
        """Every parameter's default for ``game`` (budgets of about a second a move)."""
        return {"iterations": 100, "seconds": None, "workers": 1}

    @classmethod
    def from_text(cls, game: Game[Any], seed: int | None, text: str) -> SearchBot:
        """The player built from ``"key=value,key=value"`` (the part after ``name:``)."""
        params: dict[str, str] = {}
        for item in text.split(","):
            if not item.strip():
                continue
            key, eq, value = item.partition("=")
            if not eq:
                raise OptionError(f"{cls.name}: parameter {quoted(item.strip())} must be"
                                  f" written key=value; parameters:"
                                  f" {', '.join(p.name for p in cls.PARAMS)}")
            key = key.strip().replace("-", "_")
            key = cls.ALIASES.get(key, key)
            if key in params:
                raise OptionError(f"{cls.name}: parameter {quoted(key)} given twice")
            params[key] = value.strip()
        return cls(game, seed, **params)

    # -- the search -------------------------------------------------------------------

    def _share(self, world: State, seat: int, rng: random.Random, iterations: int,
               deadline: float | None, extra: Any) -> RootStats:
        """Search from ``world`` (a full state drawn for ``seat``) for ``iterations`` or
        until ``deadline``, drawing every further world with ``world.resample(seat,
        rng)``, and return the root statistics."""
        raise NotImplementedError

    def _prepare(self, state: State, world: State, seat: int, rng: random.Random) -> Any:
        """What every share of this decision needs besides the world (inference's weights);
        called once per decision, before the shares run."""
        return None

    def search(self, state: State) -> RootStats:
        """Search the position for the seat to move and return the root statistics (kept
        as :attr:`last`). Draws one number from the bot's generator."""
        seat = state.current_player()
        if seat < 0:
            raise ValueError("the deal is over: there is nothing to choose")
        seed = self.rng.getrandbits(64)
        rng = random.Random(seed)
        world = state.resample(seat, rng)
        extra = self._prepare(state, world, seat, rng)
        deadline = None if self.seconds is None else time.time() + self.seconds
        params = tuple(sorted(self.params.items()))
        n = max(1, min(self.workers, self.iterations))
        jobs = [_Job(type(self), self.game, params, world, seat,
                     (seed * 1_000_003 + 7919 * (i + 1)) % (1 << 64), k, deadline, extra)
                for i, k in enumerate(_shares(self.iterations, n))]
        if n == 1:
            results = [_run_job(jobs[0])]
        else:
            results = list(_pool(n).map(_run_job, jobs))
        stats = RootStats()
        for r in results:
            stats.merge(r)
        self.last = stats
        return stats

    def reseeded(self, seed: int) -> SearchBot:
        """The same player (its class and every parameter) with a new seed and no memory
        of earlier decisions: what weighs a position afresh (hints, reviews)."""
        return type(self)(self.game, seed, **self.params)

    def weigh(self, state: State) -> dict[Action, Estimate]:
        """Each legal action's :class:`Estimate` for the seat to move, from a search (an
        action the search never tried, possible only when ``seconds`` cut it short, gets
        the lowest value found, no error and no samples). Draws one number from the bot's
        generator."""
        stats = self.search(state)
        legal = state.legal_actions()
        found = {a: e for a in legal if (e := stats.estimate(a)) is not None}
        floor = min((e.value for e in found.values()), default=0.0)
        return {a: found.get(a, Estimate(floor, None, 0)) for a in legal}

    def values(self, state: State) -> dict[Action, float]:
        """The expected margin of each legal action for the seat to move (the values of
        :meth:`weigh`). Draws one number from the bot's generator."""
        return {a: e.value for a, e in self.weigh(state).items()}

    def choose(self, state: State) -> Action:
        """The action of the highest value (:meth:`values`; ties: the first legal)."""
        return _best(self.values(state), state.legal_actions())[0]

    def advise(self, state: State) -> Advice:
        """:meth:`choose`'s action, with its expected margin in the game's units (see
        :func:`result_unit`), the budget that found it, the next best action and the
        standard error of the best one's value."""
        weighed = self.weigh(state)
        values = {a: e.value for a, e in weighed.items()}
        legal = state.legal_actions()
        best, value = _best(values, legal)
        stats = self.last
        assert stats is not None
        unit = result_unit(self.game)
        places = decimals(unit)
        reasons = [f"expected {value:+.{places}f} {unit} over {stats.iterations}"
                   f" {self.unit}"]
        rest = [(v, i, a) for i, (a, v) in enumerate(values.items()) if a != best]
        if rest:
            v2, _, a2 = max(rest, key=lambda t: (t[0], -t[1]))
            reasons[0] += f"; next best {a2} {v2:+.{places}f}"
        else:
            reasons[0] += "; the only legal action"
        if stats.exact:
            reasons.append(f"solved exactly in {stats.exact} of {stats.iterations}"
                           f" {self.unit}")
        error = weighed[best].error
        if error is not None and rest:
            reasons.append(f"one standard error of that value: {error:.{places}f}")
        return Advice(best, tuple(reasons))

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"<{type(self).__name__} {self.name}: {shown}>"


def _best(values: Mapping[Action, float], legal: Sequence[Action]) -> tuple[Action, float]:
    best = legal[0]
    for a in legal:
        if values[a] > values[best]:
            best = a
    return best, values[best]


def _expired(deadline: float | None) -> bool:
    return deadline is not None and time.time() >= deadline


def _playout_solver(bot: SearchBot, world: State) -> Any:
    """The solver that ends ``bot``'s playouts, when its ``solver`` parameter asks for one
    and the table has two sides."""
    if not bot.params.get("solver") or len(set(world.sides)) != 2:
        return None
    return _solver(bot.game)


def _fast_solver(game: Game[Any]) -> bool:
    """Whether playouts in ``game`` end at the exact endgame solver by default (the
    playout players' ``solver`` default): where the game-specific solver earns its cost.
    Sixty-Six: ISMCTS with 250 solved playouts beat 2500 random ones by +1.28 ± 0.23
    game points a deal over 30 duplicate deals (at less CPU). Bézique: 40 solved
    simulations against 400 random ones at about the same CPU, -28 ± 24 points over 8
    deals, so off there (and in Rubicon, whose solved playouts cost 20 times a random
    one). benchmarks/ladder_quick.py measures either setting."""
    return by_class(_SOLVED_PLAYOUTS, type(game)) is not None and _solver(game) is not None


def _rule_default(game: Game[Any]) -> str:
    from . import rule_bot_for

    return "rules" if rule_bot_for(game) is not None else "random"


# -- budgets -----------------------------------------------------------------------------
# Defaults of about a second of CPU a move on this two-core machine, from the cost of an
# iteration early in a deal (measured side by side, every game; later iterations are
# cheaper): a random playout costs from 0.02 ms (Sixty-Six) to 2.6 ms (Chinese Bézique), a
# PIMC world with rule-based playouts from 15 ms (four-handed) to 2 s (Chinese Bézique).
# Sixty-Six's playouts end at the solver by default (about 0.3 ms a playout, against
# 0.02 ms for a random playout to the end), hence its smaller flat and ISMCTS budgets.
# benchmarks/ladder_quick.py prints the time per decision of any budget.

# The budgets by game class (a subclass takes its parent's: Schnapsen Sixty-Six's).
_FLAT_BUDGET: dict[type[Any], int] = {
    Bezique: 2000, SixtySix: 3000, Rubicon: 600, Chinese: 350, ThreeHandedBezique: 1200,
    FourHandedBezique: 900, Chouette: 600}
_PIMC_BUDGET: dict[type[Any], int] = {
    Bezique: 8, SixtySix: 8, Rubicon: 2, Chinese: 1, ThreeHandedBezique: 12,
    FourHandedBezique: 30, Chouette: 2,
    # Binocle's rule-based playouts run 24 tricks with both players' rules: two worlds
    # keep a move near a second on one core; the auction's bidding weighs a whole deal
    # for every bid
    Binocle: 2, AuctionBinocle: 4}
_ISMCTS_BUDGET: dict[type[Any], int] = {
    Bezique: 2000, SixtySix: 4000, Rubicon: 700, Chinese: 300, ThreeHandedBezique: 1200,
    FourHandedBezique: 900, Chouette: 700, AuctionBinocle: 500}
#: The games whose playouts end at the exact solver by default (Sixty-Six and its
#: subclasses, Schnapsen among them).
_SOLVED_PLAYOUTS: dict[type[Any], bool] = {SixtySix: True}

#: the playout policy, a parameter of every search player
_ROLLOUT = Param("rollout", str, "the playout policy", choices=ROLLOUTS)
#: whether playouts end at a solved endgame (flat Monte Carlo, ISMCTS)
_SOLVED = Param("solver", bool, "end playouts at a solved endgame, valued exactly")


class _PlayoutSearch(SearchBot):
    """What flat Monte Carlo and ISMCTS share: values from playouts by the ``rollout``
    policy (random by default), ended at a solved endgame (``solver``) where the game's
    solver earns its cost (:func:`_fast_solver`), and a budget of playouts for each game
    (:attr:`BUDGETS`, 1000 for a game not listed)."""

    PARAMS: ClassVar[tuple[Param, ...]] = (*_COMMON, _ROLLOUT, _SOLVED)
    BUDGETS: ClassVar[dict[type[Any], int]] = {}

    @classmethod
    def defaults(cls, game: Game[Any]) -> dict[str, Any]:
        return {**super().defaults(game), "rollout": "random",
                "solver": _fast_solver(game),
                "iterations": by_class(cls.BUDGETS, type(game)) or 1000}

    def _rollout(self, world: State, rng: random.Random) -> _Rollout:
        """The playouts of one worker's share of a search from ``world``."""
        return _Rollout(self.game, self.params["rollout"], rng, _playout_solver(self, world))


# -- flat Monte Carlo --------------------------------------------------------------------


class FlatMonteCarloBot(_PlayoutSearch):
    """Flat Monte Carlo: ``iterations`` playouts shared in turn among the legal actions,
    each in a new world drawn with ``resample``, played out by the rollout policy
    (random by default, or ``rollout="rules"``; with ``solver=true``, the default in
    Sixty-Six, a playout that reaches an endgame the game's solver handles takes its
    exact value there); an action's value is its mean margin."""

    name = "flat"
    description = "flat Monte Carlo: random playouts of each legal action, mean margin"
    unit = "playouts"
    ALIASES = {"playouts": "iterations"}
    BUDGETS = _FLAT_BUDGET

    def _share(self, world: State, seat: int, rng: random.Random, iterations: int,
               deadline: float | None, extra: Any) -> RootStats:
        stats = RootStats()
        rollout = self._rollout(world, rng)
        legal = world.legal_actions()
        offset = rng.randrange(len(legal))
        for i in range(iterations):
            if i and _expired(deadline):
                break
            action = legal[(offset + i) % len(legal)]
            w = world.resample(seat, rng)
            w.apply(action)
            stats.add(action, rollout.margins(w)[seat])
            stats.iterations += 1
        return stats


# -- PIMC --------------------------------------------------------------------------------


class PIMCBot(SearchBot):
    """Perfect-information Monte Carlo: ``iterations`` worlds drawn with ``resample``; in
    each, every legal action is valued exactly by the game's endgame solver when one
    exists and applies (``solver=true``), otherwise by ``rollouts`` playouts after it
    (rule-based by default where the game has a rule player), the playouts after each
    action of a world drawing the same random numbers. An action's value is its mean over
    the worlds.

    With ``inference=true`` each world is weighted by how likely the adversaries' past
    actions are in it (see :class:`Inference`); the values are then weighted means."""

    name = "pimc"
    description = ("perfect-information Monte Carlo: sampled worlds, exact endgames,"
                   " rule-based playouts")
    unit = "worlds"
    ALIASES = {"worlds": "iterations"}
    PARAMS = (*_COMMON, _ROLLOUT,
              Param("rollouts", int, "playouts of each action in each world", 1),
              Param("solver", bool, "value endgames exactly with the game's solver"),
              Param("cutoff", bool, "stop playouts at a solved endgame (with solver)"),
              Param("inference", bool, "weight worlds by the adversaries' past play"),
              Param("particles", int, "worlds drawn for each step of inference", 1),
              Param("epsilon", float, "how often the model of the adversaries strays"
                    " from the rule player's choice", 0))

    @classmethod
    def defaults(cls, game: Game[Any]) -> dict[str, Any]:
        return {**super().defaults(game), "rollout": _rule_default(game), "rollouts": 1,
                "solver": True, "cutoff": by_class(_SOLVED_PLAYOUTS, type(game)) is not None,
                "inference": False,
                "particles": 24, "epsilon": 0.3,
                "iterations": by_class(_PIMC_BUDGET, type(game)) or 10}

    def __init__(self, game: Game[Any], seed: int | None = None, **params: Any) -> None:
        super().__init__(game, seed, **params)
        if self.params["epsilon"] >= 1:
            raise OptionError(f"{self.name}: epsilon takes a number between 0 and 1, not"
                              f" {self.params['epsilon']}")
        self.inference: Inference | None = None
        if self.params["inference"]:
            self.inference = Inference(game, self.params["particles"],
                                       self.params["epsilon"])

    def _prepare(self, state: State, world: State, seat: int, rng: random.Random) -> Any:
        if self.inference is None:
            return None
        return self.inference.update(state, world, seat, rng)

    def _share(self, world: State, seat: int, rng: random.Random, iterations: int,
               deadline: float | None, extra: Any) -> RootStats:
        stats = RootStats()
        two = len(set(world.sides)) == 2
        solver = _solver(self.game) if self.params["solver"] and two else None
        rollout = _Rollout(self.game, self.params["rollout"], rng,
                           solver if self.params["cutoff"] else None)
        k = self.params["rollouts"]
        for i in range(iterations):
            if i and _expired(deadline):
                break
            w = world.resample(seat, rng)
            weight = 1.0 if extra is None else Inference.weight(w, extra)
            stats.iterations += 1
            if solver is not None and solver.applies(w):
                # the solver's values are the mover's returns less the other's: the
                # margin, as the mover here is the seat (or decides for its side)
                for a, v in solver.solve(w).items():
                    stats.add(a, float(v), weight)
                stats.exact += 1
                continue
            # common random numbers: the j-th playout after every action of this world
            # starts from the same seed, so their differences owe less to luck
            seeds = [rng.getrandbits(64) for _ in range(k)]
            for a in w.legal_actions():
                total = 0.0
                for j in range(k):
                    after = w.clone()
                    after.apply(a)
                    rollout.reseed(seeds[j])
                    total += rollout.margins(after)[seat]
                stats.add(a, total / k, weight)
        return stats


# -- inference ---------------------------------------------------------------------------


class Inference:
    """What the adversaries' past actions say about their hands, kept across one seat's
    decisions in a deal, as a factor per (seat, card) by which a world is weighted.

    The history comes from the observations: the public events of each observation
    (``observation(seat).events``, never a hidden card) tell
    which actions were taken since the bot's previous decision. At that decision the bot
    kept a world drawn with ``resample`` (no real hidden card) and its history. Now it
    draws ``particles`` worlds from that world and replays in each the actions taken
    since, each found as the legal action whose public record matches the log's next
    entries (the draws happen inside the game's ``apply``, from each world's own stock).
    Each action of a seat whose hand the bot does not see is scored by a model of its
    play: the game's rule-based player's choice with probability ``1 - epsilon``, any
    other legal action with an equal share of ``epsilon``. A particle's likelihood is the
    product over those actions.

    For each hidden seat and card, the ratio of the likelihood-weighted to the unweighted
    mean count of that card in the seat's hand at the end of the replay multiplies the
    card's factor (kept between 1/20 and 20). A world at a decision weighs the product of
    the factors of the cards each hidden hand holds in it (a naive-Bayes reading of the
    evidence: each card's weight separately).

    Needs observations with ``events`` and ``hand`` fields (every trick game of the
    family; Chouette's observations hold the duel's, so none is inferred there) and a
    rule-based player for the game; without them every world weighs 1. A new deal (the
    kept history no longer a prefix of the log) starts afresh.
    """

    LIMIT = 20.0

    def __init__(self, game: Game[Any], particles: int, epsilon: float) -> None:
        self.game = game
        self.particles = particles
        self.epsilon = epsilon
        self.kept: tuple[tuple[str, ...], State, int] | None = None
        self.factors: dict[tuple[int, Any], float] = {}
        self.model: Bot | None = None
        from . import rule_bot_for

        model = rule_bot_for(game)
        if model is not None:
            self.model = model(0)

    @staticmethod
    def _history(state: State, seat: int) -> tuple[Any, ...] | None:
        history = getattr(state.observation(seat), "events", None)
        return tuple(history) if isinstance(history, tuple) else None

    @staticmethod
    def weight(world: State, factors: Mapping[tuple[int, Any], float]) -> float:
        """A world's weight: the product of the factors of the cards in the hidden
        hands (the seats named in ``factors``)."""
        if not factors:
            return 1.0
        w = 1.0
        for seat in {s for s, _ in factors}:
            for card in getattr(world.observation(seat), "hand", ()):
                w *= factors.get((seat, card), 1.0)
        return w

    def update(self, state: State, world: State, seat: int,
               rng: random.Random) -> dict[tuple[int, Any], float]:
        """Read the actions since this seat's previous decision into the factors, keep
        ``world`` (drawn for this decision) for the next, and return the factors."""
        now = self._history(state, seat)
        if now is None or self.model is None:
            return {}
        kept = self.kept
        if kept is None or kept[2] != seat or now[:len(kept[0])] != kept[0]:
            self.factors = {}  # a new deal (or a new seat): nothing known yet
        elif len(now) > len(kept[0]):
            self._learn(kept[1], kept[0], now, seat, rng)
        self.kept = (now, world, seat)
        return dict(self.factors)

    def _learn(self, before: State, past: tuple[str, ...], now: tuple[str, ...], seat: int,
               rng: random.Random) -> None:
        hidden = [p for p in range(len(before.sides)) if not before.visible(seat, p)]
        if not hidden:
            return
        ends: list[tuple[float, State]] = []
        for _ in range(self.particles):
            w = before.resample(seat, rng)
            like = self._replay(w, past, now, seat, hidden)
            if like is not None:
                ends.append((like, w))
        total = sum(like for like, _ in ends)
        if len(ends) < 2 or total <= 0:
            return
        for p in hidden:
            weighted: dict[Any, float] = {}
            plain: dict[Any, float] = {}
            for like, w in ends:
                for card in getattr(w.observation(p), "hand", ()):
                    weighted[card] = weighted.get(card, 0.0) + like / total
                    plain[card] = plain.get(card, 0.0) + 1.0 / len(ends)
            for card, base in plain.items():
                ratio = (weighted.get(card, 0.0) + 0.05) / (base + 0.05)
                f = self.factors.get((p, card), 1.0) * ratio
                self.factors[(p, card)] = min(self.LIMIT, max(1 / self.LIMIT, f))

    def _replay(self, w: State, past: tuple[str, ...], now: tuple[str, ...], seat: int,
                hidden: list[int]) -> float | None:
        """Replay in ``w`` (changed) the actions from the log ``past`` to ``now``; the
        model's likelihood of the hidden seats' actions, or None when ``w`` cannot
        follow the log."""
        assert self.model is not None
        like = 1.0
        done = len(past)
        while done < len(now):
            if w.is_terminal():
                return None
            mover = w.current_player()
            legal = w.legal_actions()
            found: Action | None = None
            for a in legal:
                c = w.clone()
                c.apply(a)
                h = self._history(c, seat) or ()
                if len(h) > done and h == now[:len(h)]:
                    found, w_next, done_next = a, c, len(h)
                    break
            if found is None:
                return None
            if mover in hidden and len(legal) > 1:
                rule = self.model.choose(w)
                like *= (1 - self.epsilon) if found == rule else self.epsilon / (len(legal) - 1)
            w, done = w_next, done_next
        if w.current_player() != seat:
            return None
        return like


# -- ISMCTS ------------------------------------------------------------------------------


class _Node:
    __slots__ = ("avail", "children", "squares", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0  # kept at the root's children only (the standard error)
        self.avail = 1


class ISMCTSBot(_PlayoutSearch):
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012): one
    tree of the actions of every seat from the searching seat's information set; each
    simulation draws a world with ``resample`` and walks the tree with the actions legal
    in it, choosing by UCB1 with availability counts (an action's exploration term counts
    the visits in which it was legal), expands one action, plays out with the rollout
    policy (ended by the exact endgame solver with ``solver=true``, the default in
    Sixty-Six) and credits each
    action with the margin of the seat that took it. At more than
    two seats every seat's nodes maximise that seat's side's margin in the same tree (the
    adversaries choose as if they saw the world: the usual single-observer
    simplification). The exploration constant ``c`` is scaled by the spread of the
    margins seen so far, so one constant suits games scored in tens of points or in
    game points."""

    name = "ismcts"
    description = "information-set MCTS: one tree over sampled worlds, UCB1 with availability"
    unit = "simulations"
    ALIASES = {"simulations": "iterations"}
    PARAMS = (*_COMMON, _ROLLOUT,
              Param("c", float, "UCB1 exploration constant (times the margins' spread)", 0),
              _SOLVED)
    BUDGETS = _ISMCTS_BUDGET

    @classmethod
    def defaults(cls, game: Game[Any]) -> dict[str, Any]:
        return {**super().defaults(game), "c": 0.7}

    def _share(self, world: State, seat: int, rng: random.Random, iterations: int,
               deadline: float | None, extra: Any) -> RootStats:
        rollout = self._rollout(world, rng)
        c = self.params["c"]
        root = _Node()
        lo, hi = math.inf, -math.inf
        n = 0
        for n in range(1, iterations + 1):
            if n > 1 and _expired(deadline):
                n -= 1
                break
            w = world.resample(seat, rng)
            node = root
            path: list[tuple[_Node, int]] = []  # (child, the seat that chose it)
            spread = (hi - lo) if hi > lo else 1.0
            while not w.is_terminal():
                legal = w.legal_actions()
                mover = w.current_player()
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = children[a] = _Node()
                    w.apply(a)
                    path.append((child, mover))
                    break
                best: _Node | None = None
                best_a: Action | None = None
                score = -math.inf
                for a in legal:
                    ch = children[a]
                    ch.avail += 1
                    u = ch.total / ch.visits + c * spread * math.sqrt(
                        math.log(ch.avail) / ch.visits)
                    if u > score:
                        score, best, best_a = u, ch, a
                assert best is not None and best_a is not None
                w.apply(best_a)
                path.append((best, mover))
                node = best
            m = rollout.margins(w)
            mine = m[seat]
            lo, hi = min(lo, mine), max(hi, mine)
            for ch, mover in path:
                ch.visits += 1
                ch.total += m[mover]
            if path:
                first, mover = path[0]
                first.squares += m[mover] * m[mover]
        stats = RootStats(iterations=n)
        for a, ch in root.children.items():
            if ch.visits:
                stats.sums[a] = ch.total
                stats.squares[a] = ch.squares
                stats.weights[a] = stats.weights2[a] = float(ch.visits)
                stats.counts[a] = ch.visits
        return stats


SEARCH_BOTS: dict[str, type[SearchBot]] = {
    "flat": FlatMonteCarloBot,
    "pimc": PIMCBot,
    "ismcts": ISMCTSBot,
}
"""The search players by registry name."""

SearchFactory = Callable[[Game[Any], int | None], SearchBot]

__all__ = ["RESULT_UNITS", "ROLLOUTS", "SEARCH_BOTS", "Estimate", "FlatMonteCarloBot",
           "ISMCTSBot", "Inference", "PIMCBot", "Param", "RootStats", "SearchBot", "decimals",
           "margin", "margins", "result_unit"]
