"""Tournaments of computer players over duplicate deals, and the ladder they make.

Every pair of players meets on the same deals: each deal (a pack order, a dealer and the
players' seeds, all drawn from the deal's own seed) is played once per rotation of the
seats by :func:`bezique.bots.arena.duplicate_table`, so each player of a pair holds every
hand of the deal once (at N seats: A's side in each side's seats in turn, B in all the
others). The deal seeds come from the tournament's seed alone, so the deals, and so every
figure, are the same however the work is split (one process, several, or a Ray cluster).

For each pair: the mean margin per deal (A's points per seat less B's, averaged over the
deal's rotations) with a Student-t confidence interval over deals, and the share of deals
A won (margin above zero, a level deal counting half) with a Wilson interval. The players
are rated with OpenSkill (Plackett-Luce), one rating update per play of a deal (each
deal, each pair, each rotation in turn), the two sides ranked by their points per seat.

>>> result = run_tournament("sixtysix", ["random", "rules"], deals=4, seed=1, jobs=1)
>>> [r.player for r in result.ladder], result.rotations, result.pair("rules", "random").n_deals
(['rules', 'random'], 2, 4)
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import multiprocessing
import os
import random
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from .bots import make_bot
from .bots.arena import duplicate_table, rotations
from .core.errors import BeziqueError
from .core.game import Game
from .extras import install_command, require
from .games import make_game

LEVEL = 0.95
"""The confidence level of every interval the tournament reports."""

MAX_CHUNK = 20
"""The most deals one task plays (fewer when there are few deals for the workers)."""

RAY_INSTALL = install_command("cluster")
"""What to install for tournaments on Ray."""


class TournamentError(BeziqueError, ValueError):
    """A tournament that cannot be run as asked (players, deals, jobs, cluster); the
    message names what is wrong."""


# -- statistics ---------------------------------------------------------------------------

def _t_two_sided(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` degrees of freedom (an integer), by the
    finite series in the cosine of atan(t / sqrt(df)) (Abramowitz and Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    term, total = 1.0, 1.0
    if df % 2 == 0:
        for k in range(2, df, 2):  # 1, (1/2)c2, (1.3/2.4)c2^2, ...
            term *= c2 * (k - 1) / k
            total += term
        return math.sin(theta) * total
    if df == 1:
        return 2 * theta / math.pi
    for k in range(3, df, 2):  # 1, (2/3)c2, (2.4/3.5)c2^2, ...
        term *= c2 * (k - 1) / k
        total += term
    return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * total)


def t_quantile(level: float, df: int) -> float:
    """The two-sided critical value of Student's t: ``P(|T| <= q) = level`` with ``df``
    degrees of freedom (exact up to 100, Cornish-Fisher's expansion above, where the two
    agree to a millionth).

    >>> round(t_quantile(0.95, 1), 3), round(t_quantile(0.95, 9), 3)
    (12.706, 2.262)
    >>> round(t_quantile(0.95, 10_000), 3)
    1.96
    """
    if not 0.0 < level < 1.0:
        raise ValueError(f"a confidence level lies between 0 and 1, not {level}")
    if df < 1:
        raise ValueError(f"Student's t needs at least one degree of freedom, not {df}")
    z = statistics.NormalDist().inv_cdf(0.5 + level / 2)
    if df > 100:
        g1 = (z ** 3 + z) / 4
        g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
        g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
        g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
        return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4
    lo, hi = z, z
    while _t_two_sided(hi, df) < level:
        hi *= 2
    for _ in range(100):
        mid = (lo + hi) / 2
        if _t_two_sided(mid, df) < level:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * hi:
            break
    return (lo + hi) / 2


def mean_interval(values: Sequence[float], level: float = LEVEL) -> tuple[float, float]:
    """A ``level`` confidence interval of the mean of ``values`` (independent draws):
    mean ± t * s / sqrt(n), Student's t with n - 1 degrees of freedom. One value says
    nothing of the spread: the interval is then unbounded.

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0])]
    [-0.484, 4.484]
    >>> mean_interval([5.0])
    (-inf, inf)
    """
    n = len(values)
    if n == 0:
        raise ValueError("no values to take the mean of")
    if n < 2:
        return -math.inf, math.inf
    m = statistics.fmean(values)
    half = t_quantile(level, n - 1) * statistics.stdev(values) / math.sqrt(n)
    return m - half, m + half


def wilson_interval(successes: float, n: int, level: float = LEVEL) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` at ``level``; it stays
    inside [0, 1] and is sensible at shares near 0 or 1 and few trials. A success may
    count half (a level deal).

    >>> lo, hi = wilson_interval(8, 10)
    >>> round(lo, 3), round(hi, 3)
    (0.49, 0.943)
    """
    if n < 1:
        raise ValueError(f"a proportion needs at least one trial, not {n}")
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes in {n} trials")
    z = statistics.NormalDist().inv_cdf(0.5 + level / 2)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    lo = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the ends, where
    hi = 1.0 if successes == n else min(1.0, centre + half)  # rounding would miss them
    return lo, hi


# -- results ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class PairResult:
    """Player ``a`` against player ``b`` on the tournament's deals, from ``a``'s side.

    ``margins[i]`` is deal ``i``'s margin: ``a``'s points per seat less ``b``'s, averaged
    over the deal's rotations (see :mod:`bezique.bots.arena`). ``points_a`` and
    ``points_b`` hold each side's points per seat in every play, deal by deal and rotation
    by rotation (``rotations`` plays a deal).
    """

    a: str
    b: str
    rotations: int
    margins: tuple[float, ...]
    points_a: tuple[float, ...]
    points_b: tuple[float, ...]

    @property
    def n_deals(self) -> int:
        """The number of deals the pair played."""
        return len(self.margins)

    @property
    def mean(self) -> float:
        """``a``'s mean margin per deal."""
        return statistics.fmean(self.margins)

    def interval(self, level: float = LEVEL) -> tuple[float, float]:
        """The ``level`` confidence interval of :attr:`mean` (see :func:`mean_interval`)."""
        return mean_interval(self.margins, level)

    @property
    def wins(self) -> int:
        """The deals ``a`` won: its margin above zero."""
        return sum(1 for m in self.margins if m > 0)

    @property
    def losses(self) -> int:
        """The deals ``a`` lost: its margin below zero."""
        return sum(1 for m in self.margins if m < 0)

    @property
    def ties(self) -> int:
        """The deals that came out level (margin zero)."""
        return self.n_deals - self.wins - self.losses

    @property
    def win_share(self) -> float:
        """``a``'s share of the deals won, a level deal counting half."""
        return (self.wins + 0.5 * self.ties) / self.n_deals

    def win_interval(self, level: float = LEVEL) -> tuple[float, float]:
        """The Wilson interval of :attr:`win_share` (see :func:`wilson_interval`)."""
        return wilson_interval(self.wins + 0.5 * self.ties, self.n_deals, level)

    def better(self, level: float = LEVEL) -> str | None:
        """The player shown better at ``level``: ``a`` when the interval of the margin
        lies above zero, ``b`` when below, else ``None``."""
        lo, hi = self.interval(level)
        return self.a if lo > 0 else self.b if hi < 0 else None

    def flipped(self) -> PairResult:
        """The same games seen from ``b``'s side."""
        return PairResult(self.b, self.a, self.rotations, tuple(-m for m in self.margins),
                          self.points_b, self.points_a)

    def to_dict(self, level: float = LEVEL) -> dict[str, Any]:
        """The pair's figures as JSON-ready values (an unbounded end of an interval, with
        one deal only, is ``None``)."""
        return {"a": self.a, "b": self.b, "deals": self.n_deals, "rotations": self.rotations,
                "mean_margin": self.mean,
                "margin_interval": [_finite(x) for x in self.interval(level)],
                "wins": self.wins, "losses": self.losses, "ties": self.ties,
                "win_share": self.win_share, "win_interval": list(self.win_interval(level)),
                "better": self.better(level), "margins": list(self.margins),
                "points_a": list(self.points_a), "points_b": list(self.points_b)}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


@dataclasses.dataclass(frozen=True)
class Rating:
    """A player's OpenSkill rating after the tournament: ``mu`` the estimate of skill,
    ``sigma`` its uncertainty, :attr:`ordinal` the conservative figure the ladder is
    sorted by; ``plays`` the rating updates the player took part in."""

    player: str
    mu: float
    sigma: float
    plays: int

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: a skill the player very likely has at least."""
        return self.mu - 3 * self.sigma


@dataclasses.dataclass(frozen=True)
class Rung:
    """Two neighbours on the ladder: ``upper`` rated above ``lower``, with ``pair`` their
    games from ``upper``'s side; ``better`` the one shown better at the tournament's
    level (``None``: not separated)."""

    upper: str
    lower: str
    pair: PairResult
    better: str | None

    def statement(self, level: float = LEVEL) -> str:
        """One sentence on whether the rung is separated."""
        lo, hi = self.pair.interval(level)
        figures = (f"{self.upper} - {self.lower} {self.pair.mean:+.2f} a deal, "
                   f"{level:.0%} interval {_fmt(lo)} to {_fmt(hi)}")
        if self.better == self.upper:
            return f"{self.upper} is better than {self.lower} ({figures})"
        if self.better == self.lower:
            return (f"{self.lower} is better than {self.upper}, although rated below it"
                    f" ({figures})")
        return f"{self.upper} and {self.lower} are not separated ({figures})"


def _fmt(x: float) -> str:
    return f"{x:+.2f}" if math.isfinite(x) else ("-inf" if x < 0 else "+inf")


@dataclasses.dataclass(frozen=True)
class TournamentResult:
    """A finished tournament: ``pairs`` in round-robin order (each player against each
    later one in ``players``), ``ladder`` the ratings from best to worst."""

    game: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    deals: int
    seed: int
    rotations: int
    pairs: tuple[PairResult, ...]
    ladder: tuple[Rating, ...]
    level: float = LEVEL

    def pair(self, a: str, b: str) -> PairResult:
        """The games of ``a`` against ``b``, from ``a``'s side."""
        for p in self.pairs:
            if (p.a, p.b) == (a, b):
                return p
            if (p.a, p.b) == (b, a):
                return p.flipped()
        raise KeyError(f"no pair {a!r} v {b!r}; players: {', '.join(self.players)}")

    def rating(self, player: str) -> Rating:
        """``player``'s rating."""
        for r in self.ladder:
            if r.player == player:
                return r
        raise KeyError(f"no player {player!r}; players: {', '.join(self.players)}")

    def rungs(self) -> list[Rung]:
        """Each pair of neighbours on the ladder, top down, with whether the tournament
        separates them."""
        out = []
        for up, low in zip(self.ladder, self.ladder[1:], strict=False):
            p = self.pair(up.player, low.player)
            out.append(Rung(up.player, low.player, p, p.better(self.level)))
        return out

    def separated(self) -> list[tuple[str, str]]:
        """Every ``(better, worse)`` pair of players the tournament separates at its
        level, in ladder order of the better."""
        order = {r.player: i for i, r in enumerate(self.ladder)}
        out = []
        for p in self.pairs:
            best = p.better(self.level)
            if best is not None:
                out.append((best, p.b if best == p.a else p.a))
        return sorted(out, key=lambda bw: (order[bw[0]], order[bw[1]]))

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready values."""
        return {"game": self.game, "options": dict(self.options),
                "players": list(self.players), "deals": self.deals, "seed": self.seed,
                "rotations": self.rotations, "level": self.level,
                "ladder": [{"rank": i, "player": r.player, "mu": r.mu, "sigma": r.sigma,
                            "ordinal": r.ordinal, "plays": r.plays}
                           for i, r in enumerate(self.ladder, 1)],
                "pairs": [p.to_dict(self.level) for p in self.pairs],
                "rungs": [{"upper": r.upper, "lower": r.lower, "better": r.better,
                           "statement": r.statement(self.level)} for r in self.rungs()],
                "separated": [list(bw) for bw in self.separated()]}

    def write_json(self, path: str | os.PathLike[str]) -> None:
        """Write :meth:`to_dict` to ``path`` as JSON."""
        text = json.dumps(self.to_dict(), indent=1, default=str, allow_nan=False)
        Path(path).write_text(text + "\n", encoding="utf-8")


# -- the players and the deals --------------------------------------------------------------

def split_players(text: str) -> list[str]:
    """The players of a comma-separated list. A player's parameters may be separated by
    commas too: a piece with ``=`` and no ``:`` continues the player before it.

    >>> split_players("random, rules,pimc:worlds=40,depth=2")
    ['random', 'rules', 'pimc:worlds=40,depth=2']
    """
    out: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if out and "=" in piece and ":" not in piece:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def check_players(game: Game[Any], players: Sequence[str]) -> tuple[str, ...]:
    """The players as given, once each sure that ``make_bot`` builds every one for
    ``game``; at least two, none twice. Raises :class:`TournamentError` naming the
    player that is wrong."""
    names = tuple(players)
    if any(not isinstance(p, str) or not p.strip() for p in names):
        raise TournamentError(f"a player has no name: {', '.join(map(repr, names))}")
    names = tuple(p.strip() for p in names)
    if len(names) < 2:
        raise TournamentError(f"a tournament needs at least two players, not"
                              f" {len(names)} ({', '.join(names) or 'none'})")
    twice = sorted({p for p in names if names.count(p) > 1})
    if twice:
        raise TournamentError(f"player named more than once: {', '.join(twice)}")
    for p in names:
        try:
            make_bot(p, game, 0)
        except (BeziqueError, ValueError, TypeError) as exc:
            raise TournamentError(f"player {p!r}: {exc}") from None
    return names


def deal_seeds(seed: int, deals: int) -> list[int]:
    """The seed of each deal: drawn in turn from ``seed``, so a longer tournament on the
    same seed starts with the same deals."""
    rng = random.Random(seed)
    return [rng.getrandbits(64) for _ in range(deals)]


def _factory(name: str) -> Callable[[Game[Any], int | None], Any]:
    return lambda game, seed: make_bot(name, game, seed)


DealOutcome = list[tuple[float, tuple[float, ...], tuple[float, ...]]]
"""One deal's outcome for every pair in round-robin order: (margin, A's points per seat in
each rotation, B's)."""


def round_robin(players: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of players, each against each later one.

    >>> round_robin(["a", "b", "c"])
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    """
    return [(a, b) for i, a in enumerate(players) for b in players[i + 1:]]


def play_deals(game_name: str, options: Sequence[str], players: Sequence[str],
               seeds: Sequence[int], first: int = 1) -> list[DealOutcome]:
    """Play the deals of ``seeds`` (one deal each, numbered from ``first``) for every pair
    of ``players``, every rotation of the seats: the unit of work sent to a process or a
    Ray worker. A player that fails (an illegal choice, an error of its own) raises
    :class:`TournamentError` naming the deal, the pair and the seed."""
    game = make_game(game_name, list(options))
    pairs = round_robin(players)
    factories = {p: _factory(p) for p in players}
    out: list[DealOutcome] = []
    for n, s in enumerate(seeds, first):
        deal: DealOutcome = []
        for a, b in pairs:
            try:
                stats = duplicate_table(game, factories[a], factories[b], 1, seed=s)
            except Exception as exc:
                raise TournamentError(f"deal {n} (deal seed {s}), {a} v {b}: "
                                      f"{type(exc).__name__}: {exc}") from exc
            deal.append((stats.diffs[0], stats.points_a, stats.points_b))
        out.append(deal)
    return out


# -- where the deals are played -------------------------------------------------------------

Task = tuple[str, tuple[str, ...], tuple[str, ...], tuple[int, ...], int]
"""The arguments of one :func:`play_deals` call."""

Progress = Callable[[int], None]
"""Told the number of deals just finished, as they finish."""


def default_jobs() -> int:
    """The CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _run_local(tasks: list[Task], jobs: int, progress: Progress) -> Iterator[list[DealOutcome]]:
    if jobs == 1:
        for task in tasks:
            out = play_deals(*task)
            progress(len(out))
            yield out
        return
    results: dict[int, list[DealOutcome]] = {}
    # spawned, not forked: a fork of a caller with threads (a server, a test run driving
    # a browser) can copy a lock another thread holds and hang for ever
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        index: dict[Future[list[DealOutcome]], int] = {
            pool.submit(play_deals, *task): i for i, task in enumerate(tasks)}
        pending = set(index)
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    results[index[f]] = f.result()
                    progress(len(results[index[f]]))
        except BaseException:
            for f in pending:
                f.cancel()
            raise
    for i in range(len(tasks)):
        yield results[i]


def import_ray() -> Any:
    """The ``ray`` module, or a :class:`TournamentError` saying what to install."""
    try:
        import ray
    except ImportError:
        raise TournamentError(f"tournaments on Ray need the cluster extra, which is not"
                              f" installed: {RAY_INSTALL}") from None
    return ray


@contextlib.contextmanager
def _ray_session(address: str, jobs: int | None) -> Iterator[tuple[Any, int]]:
    """Ray, connected to ``address`` (``"local"``: a new local instance of ``jobs`` CPUs)
    unless this process already is, and its CPUs; disconnected after if connected here."""
    ray = import_ray()
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address == "local" and jobs is not None:
            kwargs["num_cpus"] = jobs
        try:
            ray.init(address=address, **kwargs)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise TournamentError(f"cannot reach the Ray cluster at {address!r}: {exc}"
                                  ) from None
        started = True
    try:
        yield ray, max(1, int(ray.cluster_resources().get("CPU", 1)))
    finally:
        if started:
            ray.shutdown()


def _run_ray(ray: Any, tasks: list[Task], progress: Progress) -> Iterator[list[DealOutcome]]:
    remote = ray.remote(play_deals)
    refs = [remote.remote(*task) for task in tasks]
    index = {ref: i for i, ref in enumerate(refs)}
    results: dict[int, list[DealOutcome]] = {}
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            try:
                results[index[ref]] = ray.get(ref)
            except ray.exceptions.RayTaskError as exc:  # the worker's own error, as raised
                raise exc.cause if isinstance(exc.cause, Exception) else exc from None
            progress(len(results[index[ref]]))
    for i in range(len(tasks)):
        yield results[i]


# -- the tournament ---------------------------------------------------------------------------

def rate(players: Sequence[str], pairs: Sequence[PairResult]) -> tuple[Rating, ...]:
    """OpenSkill (Plackett-Luce) ratings of ``players`` from the pairs' plays, one update
    per play: deal by deal, within a deal pair by pair in round-robin order, within a pair
    rotation by rotation; the side with more points per seat ranked first, equal points
    a tie. Sorted best first by ordinal (then mu, then the order of ``players``)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {p: model.rating(name=p) for p in players}
    plays = dict.fromkeys(players, 0)
    n_deals = min((p.n_deals for p in pairs), default=0)
    for d in range(n_deals):
        for pr in pairs:
            for r in range(d * pr.rotations, (d + 1) * pr.rotations):
                a, b = pr.points_a[r], pr.points_b[r]
                ranks = [0.0, 0.0] if a == b else [0.0, 1.0] if a > b else [1.0, 0.0]
                [ra], [rb] = model.rate([[ratings[pr.a]], [ratings[pr.b]]], ranks=ranks)
                ratings[pr.a], ratings[pr.b] = ra, rb
                plays[pr.a] += 1
                plays[pr.b] += 1
    order = {p: i for i, p in enumerate(players)}
    out = [Rating(p, ratings[p].mu, ratings[p].sigma, plays[p]) for p in players]
    return tuple(sorted(out, key=lambda r: (-r.ordinal, -r.mu, order[r.player])))


def run_tournament(game: str, players: Sequence[str], deals: int, seed: int | None = None,
                   *, options: Sequence[str] = (), jobs: int | None = None,
                   ray: str | None = None, progress: Progress | None = None,
                   level: float = LEVEL) -> TournamentResult:
    """Play a round-robin tournament of ``players`` (names as :func:`make_bot` takes them)
    at ``game`` (a name as :func:`make_game` takes it, with ``options`` as
    ``"name=value"``) over ``deals`` duplicate deals drawn from ``seed`` (``None``: a
    random seed, kept in the result), and rate them.

    The deals are played in ``jobs`` local processes (default: the CPUs; 1: in this
    process), or on Ray when ``ray`` is an address (``"local"``: a new local instance,
    ``"auto"``: the running one); an instance already started in this process is used as
    it is. The work is split by deals, and the result depends only on the arguments, not
    on where the deals were played. ``progress`` is told the deals finished as they
    finish.
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise TournamentError(f"a tournament needs at least one deal, not {deals!r}")
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int)
                             or jobs < 1):
        raise TournamentError(f"jobs must be at least 1, not {jobs!r}")
    if not 0.0 < level < 1.0:
        raise TournamentError(f"a confidence level lies between 0 and 1, not {level}")
    require("tournament", "a tournament's ratings", modules=("openskill",))
    the_game = make_game(game, list(options))
    names = check_players(the_game, players)
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    seeds = deal_seeds(seed, deals)
    tell: Progress = progress or (lambda n: None)

    def tasks(workers: int) -> list[Task]:
        # one worker: a deal a task, for the progress; else some sixteen tasks a worker,
        # which keeps the workers busy to the end and the progress bar moving
        size = 1 if workers == 1 else max(1, min(MAX_CHUNK, math.ceil(deals / (16 * workers))))
        return [(the_game.name, tuple(options), names, tuple(seeds[i:i + size]), i + 1)
                for i in range(0, deals, size)]

    if ray is not None:
        with _ray_session(ray, jobs) as (ray_mod, workers):
            outcomes = [d for chunk in _run_ray(ray_mod, tasks(workers), tell) for d in chunk]
    else:
        workers = jobs or default_jobs()
        outcomes = [d for chunk in _run_local(tasks(workers), workers, tell) for d in chunk]
    rots = len(rotations(the_game))
    pairs = []
    for i, (a, b) in enumerate(round_robin(names)):
        pairs.append(PairResult(
            a, b, rots, tuple(d[i][0] for d in outcomes),
            tuple(x for d in outcomes for x in d[i][1]),
            tuple(x for d in outcomes for x in d[i][2])))
    return TournamentResult(the_game.name, the_game.options.to_mapping(), names, deals, seed,
                            rots, tuple(pairs), rate(names, pairs), level)


# -- the picture ----------------------------------------------------------------------------

def plot_formats() -> dict[str, str]:
    """The file types :func:`plot_ladder` writes: suffix -> description."""
    require("tournament", "the ladder's picture", modules=("matplotlib",))
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    return dict(FigureCanvasAgg.get_supported_filetypes())


def plot_ladder(result: TournamentResult, path: str | os.PathLike[str]) -> None:
    """Draw the ladder to ``path`` (its suffix says the format: .png, .svg, .pdf, ...):
    on the left each player's rating, mu with bars at ±2 sigma, best at the top; on the
    right each pair's mean margin per deal with its confidence interval. Drawn with
    matplotlib's Agg canvas: no screen, no pyplot state."""
    require("tournament", "the ladder's picture", modules=("matplotlib",))
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    ladder = list(result.ladder)
    order = {r.player: i for i, r in enumerate(ladder)}
    pairs = sorted((p if order[p.a] < order[p.b] else p.flipped() for p in result.pairs),
                   key=lambda p: (order[p.a], order[p.b]))
    height = max(3.0, 1.2 + 0.45 * max(len(ladder), len(pairs)))
    fig = Figure(figsize=(11, height), layout="constrained")
    FigureCanvasAgg(fig)
    left, right = fig.subplots(1, 2, width_ratios=[1, 1.3])

    ys = list(range(len(ladder)))[::-1]
    left.errorbar([r.mu for r in ladder], ys, xerr=[2 * r.sigma for r in ladder], fmt="o",
                  color="tab:blue", ecolor="tab:blue", capsize=4)
    left.scatter([r.ordinal for r in ladder], ys, marker="|", s=200, color="tab:red",
                 label="ordinal (mu - 3 sigma)", zorder=3)
    left.set_yticks(ys, [f"{i}. {r.player}" for i, r in enumerate(ladder, 1)])
    left.set_xlabel("OpenSkill rating: mu ± 2 sigma")
    left.set_title("Ratings")
    left.set_ylim(-0.6, len(ladder) - 0.4)
    left.legend(loc="best", fontsize="small")
    left.grid(axis="x", alpha=0.3)

    ys = list(range(len(pairs)))[::-1]
    for y, p in zip(ys, pairs, strict=True):
        lo, hi = p.interval(result.level)
        best = p.better(result.level)
        colour = "tab:green" if best == p.a else "tab:red" if best == p.b else "tab:gray"
        if math.isfinite(lo) and math.isfinite(hi):
            right.errorbar([p.mean], [y], xerr=[[p.mean - lo], [hi - p.mean]], fmt="o",
                           color=colour, capsize=4)
        else:
            right.plot([p.mean], [y], "o", color=colour)
    right.set_ylim(-0.6, len(pairs) - 0.4)
    right.axvline(0, color="black", linewidth=0.8)
    right.set_yticks(ys, [f"{p.a} v {p.b}" for p in pairs])
    right.set_xlabel(f"mean margin per deal, {result.level:.0%} interval"
                     " (green: separated)")
    right.set_title("Pairs")
    right.grid(axis="x", alpha=0.3)
    fig.suptitle(f"{result.game}: {', '.join(result.players)}; {result.deals} duplicate"
                 f" deals, seed {result.seed}")
    fig.savefig(path)


__all__ = ["LEVEL", "PairResult", "Rating", "Rung", "TournamentError", "TournamentResult",
           "check_players", "deal_seeds", "default_jobs", "import_ray", "mean_interval",
           "play_deals", "plot_formats", "plot_ladder", "rate", "round_robin",
           "run_tournament", "split_players", "t_quantile", "wilson_interval"]
