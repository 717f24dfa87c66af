"""A quick duplicate comparison of two players (any registered name with parameters,
``pimc:iterations=8``) in one or more games: the margin per deal with its standard error,
the win share, and each player's mean time per decision, measured side by side.

    python benchmarks/ladder_quick.py --game bezique --a pimc:iterations=4 --b rules --deals 8
    python benchmarks/ladder_quick.py --game sixtysix --a ismcts --b rules --deals 20 --jobs 2

Each deal is played once per rotation of the seats on the same pack and dealer
(``bezique.bots.arena.duplicate_table``), so the luck of the cards largely cancels. With
``--jobs N`` the deals are split over N processes (each its own share of seeded deals).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot_strength import _Timed as Timed  # the same wrapper, on CPU time

from bezique.bots import make_bot
from bezique.bots.arena import duplicate_table
from bezique.core.errors import OptionError
from bezique.core.game import Game
from bezique.games import make_game


def _share(name: str, a: str, b: str, deals: int, seed: int) -> dict[str, Any]:
    game = make_game(name)
    clocks = {"a": [0.0, 0], "b": [0.0, 0]}

    def timed(spec: str, clock: list[float]) -> Any:
        return lambda g, s: Timed(make_bot(spec, g, s), clock, time.process_time)

    stats = duplicate_table(game, timed(a, clocks["a"]), timed(b, clocks["b"]), deals, seed,
                            check=True)
    return {"diffs": list(stats.diffs), "wins": stats.wins, "losses": stats.losses,
            "ties": stats.ties, "clocks": clocks}


def measure(name: str, a: str, b: str, deals: int, seed: int, jobs: int) -> str:
    """The comparison of ``a`` and ``b`` in ``name``, as lines of text."""
    n = max(1, min(jobs, deals))
    sizes = [deals // n + (1 if i < deals % n else 0) for i in range(n)]
    args = [(name, a, b, k, seed * 1000 + i) for i, k in enumerate(sizes)]
    start = time.perf_counter()
    if n == 1:
        parts = [_share(*args[0])]
    else:
        with ProcessPoolExecutor(max_workers=n) as pool:
            parts = list(pool.map(_share, *zip(*args, strict=True)))
    wall = time.perf_counter() - start
    diffs = [d for p in parts for d in p["diffs"]]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) if len(diffs) > 1 \
        else 0.0
    se = sd / math.sqrt(len(diffs)) if diffs else 0.0
    wins = sum(p["wins"] for p in parts)
    losses = sum(p["losses"] for p in parts)
    ties = sum(p["ties"] for p in parts)
    share = (wins + 0.5 * ties) / max(1, wins + losses + ties)

    def per_move(k: str) -> str:
        total = sum(p["clocks"][k][0] for p in parts)
        moves = sum(p["clocks"][k][1] for p in parts)
        return f"{1e3 * total / max(1, moves):.1f} ms CPU per decision ({moves} decisions)"

    return "\n".join([
        f"{name}: {a} v {b}, {deals} duplicate deals, seed {seed}, {wall:.0f} s",
        f"  {a} - {b} per deal: {mean:+.2f} ± {se:.2f} (standard error); wins {wins},"
        f" losses {losses}, ties {ties}: win share {share:.3f}",
        f"  {a}: {per_move('a')}; {b}: {per_move('b')}"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", action="append", default=None,
                        help="a game (repeat for several; default bezique)")
    parser.add_argument("--a", default="pimc", help="player A (default pimc)")
    parser.add_argument("--b", default="rules", help="player B (default rules)")
    parser.add_argument("--deals", type=int, default=10, help="duplicate deals (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        parser.error("--deals and --jobs must be at least 1")
    games: list[Game[Any]] = []
    try:
        for name in args.game or ["bezique"]:
            games.append(make_game(name))
            make_bot(args.a, games[-1], 0)
            make_bot(args.b, games[-1], 0)
    except OptionError as exc:
        parser.error(str(exc))
    for game in games:
        print(measure(game.name, args.a, args.b, args.deals, args.seed, args.jobs),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
