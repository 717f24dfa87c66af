"""The ladder of the players at one game: each adjacent rung (random v rules, rules v
flat, flat v pimc, pimc v ismcts) played over its own duplicate deals through
:func:`bezique.tournament.run_tournament`, printing each rung's margin per deal (the upper
player less the lower) with its 95% interval and whether the interval leaves zero out.

    python benchmarks/ladder.py --game sixtysix --deals 100 --jobs 1
    python benchmarks/ladder.py --game bezique --deals 20 --pimc pimc:worlds=2

The budgets are player strings as ``make_bot`` takes them; the defaults are cheap (far
below the players' own defaults of about a second a move) so that Sixty-Six's ladder of
100 deals a rung takes about eight minutes on one core (the PIMC rungs most:
its rule-based playouts cost some 2 s a deal). Each rung's deals come from its own
seed (``--seed`` plus the rung's index), so a rung's figures do not depend on the others.
"""

from __future__ import annotations

import argparse
import sys
import time

from bezique.core.errors import BeziqueError
from bezique.tournament import run_tournament

RUNGS = ("random", "rules", "flat", "pimc", "ismcts")
"""The rungs from the bottom: each is played against the next."""

DEFAULTS = {"random": "random", "rules": "rules", "flat": "flat:playouts=100",
            "pimc": "pimc:worlds=2", "ismcts": "ismcts:simulations=100"}
"""Each rung's player string by default (cheap budgets)."""


def ladder(game: str, players: dict[str, str], deals: int, seed: int,
           jobs: int) -> list[str]:
    """Play every adjacent pair of rungs and return a line of figures for each."""
    lines = []
    for i, (low, high) in enumerate(zip(RUNGS, RUNGS[1:], strict=False)):
        lower, upper = players[low], players[high]
        start = time.process_time()
        wall = time.perf_counter()
        result = run_tournament(game, [upper, lower], deals, seed + i, jobs=jobs)
        pair = result.pair(upper, lower)
        lo, hi = pair.interval()
        better = pair.better()
        verdict = (f"separated: {better} is better" if better is not None
                   else "not separated")
        lines.append(f"{upper} v {lower}: {pair.mean:+.3f} a deal, 95% interval"
                     f" [{lo:+.3f}, {hi:+.3f}], {pair.n_deals} deals, win share"
                     f" {pair.win_share:.3f}; {verdict}"
                     f" ({time.perf_counter() - wall:.0f} s wall,"
                     f" {time.process_time() - start:.0f} s CPU here)")
        print(lines[-1], flush=True)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default="sixtysix", help="the game (default sixtysix)")
    parser.add_argument("--deals", type=int, default=100,
                        help="duplicate deals a rung (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    for rung in RUNGS:
        parser.add_argument(f"--{rung}", default=DEFAULTS[rung],
                            help=f"the {rung} rung's player (default {DEFAULTS[rung]})")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        parser.error("--deals and --jobs must be at least 1")
    players = {rung: getattr(args, rung) for rung in RUNGS}
    if len(set(players.values())) != len(players):
        parser.error("every rung needs a different player string")
    print(f"{args.game}: ladder of {args.deals} duplicate deals a rung, seed {args.seed}",
          flush=True)
    try:
        ladder(args.game, players, args.deals, args.seed, args.jobs)
    except BeziqueError as exc:
        parser.error(str(exc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
