"""Strength of one computer player against another, by duplicate deals, in every game.

Each deal (a pack order and a dealer, drawn from ``--seed``) is played once per rotation
of the seats (``bezique.bots.arena.duplicate_table``): at two seats the players change
seats; three-handed, A sits at each seat in turn against two B; with partners, A's side
takes each side's seats in turn. So A holds every hand of the deal once and the luck of
the cards largely cancels. For each game the script prints the deals, A's mean margin
per deal (A's points per seat less B's) with its standard error and a confidence
interval, and A's win share (against each other side, a tie counting half; with more
than two sides also how often A's side came first). ``--games N`` also plays N sets of
whole games, the seats rotated on the same deals, and prints the games won. It times A's
decisions.

    python benchmarks/bot_strength.py                          # rules v random, every game
    python benchmarks/bot_strength.py --deals 200              # quicker
    python benchmarks/bot_strength.py --game rubicon --game bezique4 --jobs 2
    python benchmarks/bot_strength.py --game sixtysix --a rules --b random --games 100
    python benchmarks/bot_strength.py --game enfle --option players=5
    python benchmarks/bot_strength.py --json                   # the figures as JSON
    python benchmarks/bot_strength.py --game hearts --option players=5
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bezique.bots import BOTS, Bot
from bezique.bots.arena import BotFactory, duplicate_games, duplicate_table, rotations
from bezique.core.errors import OptionError
from bezique.core.game import Action, Game, State
from bezique.games import GAMES, make_game


class _Timed(Bot):
    """Wraps a bot and adds up the time its decisions take."""

    def __init__(self, inner: Bot, clock: list[float],
                 timer: Callable[[], float] = time.perf_counter) -> None:
        super().__init__(None)
        self.inner = inner
        self.name = inner.name
        self.clock = clock
        self.timer = timer  # ladder_quick.py counts CPU time (time.process_time)

    def choose(self, state: State) -> Action:
        start = self.timer()
        action = self.inner.choose(state)
        self.clock[0] += self.timer() - start
        self.clock[1] += 1
        return action


def _factory(kind: str, game: Game[Any]) -> BotFactory:
    if kind not in BOTS:
        raise OptionError(f"unknown player {kind!r}; known: {', '.join(BOTS)}")
    BOTS[kind](game, 0)  # fail now, not mid-match, if the game has no such player
    return BOTS[kind]


def measure(name: str, a: str, b: str, deals: int, seed: int, games: int = 0,
            level: float = 0.95, options: tuple[str, ...] = ()) -> dict[str, Any]:
    """The figures of A against B in the game ``name`` (with ``options``, ``name=value``
    each), as a dict (the JSON output); ``summary`` holds them as text."""
    game = make_game(name, list(options) or None)
    make_a, make_b = _factory(a, game), _factory(b, game)
    clock = [0.0, 0]

    def timed_a(g: Game[Any], s: int | None) -> Bot:
        return _Timed(make_a(g, s), clock)

    start = time.perf_counter()
    stats = duplicate_table(game, timed_a, make_b, deals, seed, check=True)
    seconds = time.perf_counter() - start
    lo, hi = stats.confidence_interval(level)
    out: dict[str, Any] = {
        "game": game.name, "seats": game.num_players, "sides": list(game.sides),
        "rotations": [list(r) for r in rotations(game)], "a": a, "b": b,
        "deals": deals, "plays": stats.plays, "seed": seed,
        "mean_points_a": round(stats.mean_a, 2), "mean_points_b": round(stats.mean_b, 2),
        "mean_difference_per_deal": round(stats.mean, 2),
        "standard_error": round(stats.stderr, 2),
        "confidence_level": level, "confidence_interval": [round(lo, 2), round(hi, 2)],
        "wins": stats.wins, "losses": stats.losses, "ties": stats.ties,
        "win_rate": round(stats.win_rate, 4),
        "firsts": stats.firsts, "first_rate": round(stats.first_rate, 4),
        "seconds": round(seconds, 1),
        "a_microseconds_per_decision": round(1e6 * clock[0] / max(1, clock[1]), 1),
    }
    text = [stats.summary(a, b),
            f"  {seconds:.1f} s; {a}: {out['a_microseconds_per_decision']} µs per decision"
            f" ({clock[1]} decisions, observation included)"]
    if games > 0:
        start = time.perf_counter()
        whole = duplicate_games(game, make_a, make_b, games, seed)
        out.update({"game_sets": games, "game_matches": whole.rotations * games,
                    "games_won_a": whole.wins, "games_lost_a": whole.losses,
                    "games_level": whole.ties, "game_win_rate": round(whole.win_rate, 4),
                    "game_points_a": whole.points_a, "game_points_b": whole.points_b,
                    "games_seconds": round(time.perf_counter() - start, 1)})
        text.append(whole.summary(a, b) + f" ({out['games_seconds']} s)")
    out["summary"] = "\n".join(text)
    return out


def table(results: list[dict[str, Any]]) -> str:
    """One line a game: the margin, its interval and the win share."""
    rows = [f"{'game':<10} {'seats':>5} {'deals':>6} {'plays':>6} {'A - B a deal':>16}"
            f" {'interval':>20} {'win':>6} {'first':>6}"]
    for r in results:
        lo, hi = r["confidence_interval"]
        first = f"{r['first_rate']:.3f}" if len(set(r["sides"])) > 2 else ""
        margin = f"{r['mean_difference_per_deal']:+.2f} ± {r['standard_error']:.2f}"
        rows.append(f"{r['game']:<10} {r['seats']:>5} {r['deals']:>6} {r['plays']:>6}"
                    f" {margin:>16} {f'{lo:+.2f} .. {hi:+.2f}':>20}"
                    f" {r['win_rate']:>6.3f} {first:>6}")
    level = results[0]["confidence_level"] if results else 0.95
    rows.append(f"(A - B: mean margin per deal ± standard error; interval: {level:.0%};"
                " win: share of the comparisons with each other side won, a tie half;"
                " first: share of the plays A's side scored most)")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", action="append", default=None,
                        help=f"a game (repeat for several; default every game: "
                             f"{', '.join(GAMES)})")
    parser.add_argument("--deals", type=int, default=1000,
                        help="duplicate deals (each played once per rotation; default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--a", default="rules", help="player A (default rules)")
    parser.add_argument("--b", default="random", help="player B (default random)")
    parser.add_argument("--games", type=int, default=0,
                        help="sets of whole games to also play, one match per rotation"
                             " (default 0: none)")
    parser.add_argument("--level", type=float, default=0.95,
                        help="confidence level of the interval (default 0.95)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games measured at once, in separate processes (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an option of the game(s), e.g. players=5 (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    names = args.game or list(GAMES)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.games < 0:
        parser.error("--games must be 0 or more")
    if not 0.0 < args.level < 1.0:
        parser.error("--level must lie between 0 and 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    try:
        for i, name in enumerate(names):
            game = make_game(name, list(args.option) or None)
            names[i] = game.name
            _factory(args.a, game)
            _factory(args.b, game)
    except OptionError as exc:
        parser.error(str(exc))

    jobs = [(name, args.a, args.b, args.deals, args.seed, args.games, args.level,
             tuple(args.option)) for name in names]
    results: list[dict[str, Any]] = []
    if args.jobs == 1 or len(jobs) == 1:
        for job in jobs:
            results.append(measure(*job))
            if not args.json:
                print(results[-1]["summary"], flush=True)
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(measure, *job) for job in jobs]
            for future in futures:  # in the order asked, each as soon as it is ready
                results.append(future.result())
                if not args.json:
                    print(results[-1]["summary"], flush=True)
    if args.json:
        print(json.dumps([{k: v for k, v in r.items() if k != "summary"} for r in results],
                         indent=2, ensure_ascii=False))
        return 0
    print()
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
