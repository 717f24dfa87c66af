"""Time the exact endgame solvers (``bezique.solvers``), fast and generic, side by side.

Positions come from deals played by the rule-based players (a seed per deal, fixed) up to
the endgame: Bézique at the first lead of the last eight tricks, Rubicon of the last nine,
Chinese Bézique of the last twelve, Sixty-Six at the first lead with five cards each once
the stock is closed or exhausted. Each position is solved by the game's fast solver
(every legal action's exact value, the table cleared for each position) and, on the
first ``--generic`` positions, by the generic solver over the game's own ``State``; the
two must agree. CPU time (``time.process_time``), since the machine is shared.

    python benchmarks/solver.py                       # every game, 200 positions each
    python benchmarks/solver.py --game bezique --positions 400 --generic 40
    python benchmarks/solver.py --json

Prints per game the median and 90th percentile of the fast solver's time and its nodes,
the same figures for the generic solver on its positions, and lines of the form
``ratio solve time generic/fast <game>: N`` (medians over the same positions).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from bezique.bots import make_bot
from bezique.core.game import State
from bezique.games import make_game
from bezique.solvers import GenericSolver, solver_for

GAMES = ("bezique", "sixtysix", "rubicon", "chinese")
#: the cards each holds in the benchmark's positions (at a lead)
HAND = {"bezique": 8, "sixtysix": 5, "rubicon": 9, "chinese": 12}


def positions(name: str, count: int, seed: int) -> list[State]:
    """``count`` endgame positions of ``name`` from rule-based play, one a deal."""
    game = make_game(name)
    solver = solver_for(game)
    assert solver is not None
    out: list[State] = []
    deal = 0
    while len(out) < count:
        deal += 1
        rng = random.Random(seed * 1_000_003 + deal)
        bots = [make_bot("rules", game, rng.randrange(1 << 30)) for _ in range(2)]
        state = game.deal(dealer=deal % 2, rng=rng)
        while not state.is_terminal():
            if solver.applies(state) and state.observation(0).phase == "lead" \
                    and len(state.observation(state.current_player()).hand) == HAND[name]:
                out.append(state)
                break
            if solver.applies(state) and len(
                    state.observation(state.current_player()).hand) < HAND[name]:
                break  # closed with fewer cards: not a position of the benchmark's size
            state.apply(bots[state.current_player()].choose(state))
        if deal > 50 * count:
            raise RuntimeError(f"{name}: too few endgames of {HAND[name]} cards")
    return out


def _time(solver: Any, state: State) -> tuple[float, dict[Any, float], int]:
    start = time.process_time()
    values = solver.solve(state)
    return time.process_time() - start, values, getattr(solver, "nodes", 0)


def _p90(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=10)[-1] if len(xs) > 1 else xs[0]


def run(name: str, count: int, generic: int, seed: int) -> dict[str, Any]:
    """The figures of one game."""
    states = positions(name, count, seed)
    game = states[0].game
    fast = solver_for(game)
    slow = GenericSolver(game)
    assert fast is not None
    ft: list[float] = []
    fn: list[int] = []
    gt: list[float] = []
    mismatches = 0
    for i, state in enumerate(states):
        t, values, nodes = _time(fast, state)
        ft.append(t)
        fn.append(nodes)
        if i < generic:
            t2, values2, _ = _time(slow, state)
            gt.append(t2)
            if values2 != values:
                mismatches += 1
    paired = ft[:len(gt)]
    return {
        "game": name, "positions": len(states), "cards": HAND[name],
        "fast_median_ms": 1000 * statistics.median(ft), "fast_p90_ms": 1000 * _p90(ft),
        "fast_nodes_median": statistics.median(fn),
        "generic_positions": len(gt),
        "generic_median_ms": 1000 * statistics.median(gt) if gt else None,
        "generic_p90_ms": 1000 * _p90(gt) if gt else None,
        "fast_median_ms_same": 1000 * statistics.median(paired) if gt else None,
        "ratio": statistics.median(gt) / statistics.median(paired) if gt else None,
        "mismatches": mismatches,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=GAMES,
                    help="a game to time (repeatable; default: all four)")
    ap.add_argument("--positions", type=int, default=200, help="positions per game")
    ap.add_argument("--generic", type=int, default=20,
                    help="of which the generic solver also solves the first N")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if args.positions < 1 or args.generic < 0:
        ap.error("--positions must be at least 1 and --generic at least 0")
    results = [run(name, args.positions, min(args.generic, args.positions), args.seed)
               for name in (args.game or GAMES)]
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for r in results:
        print(f"{r['game']}: {r['positions']} positions of {r['cards']} cards each;"
              f" fast median {r['fast_median_ms']:.3f} ms, p90 {r['fast_p90_ms']:.3f} ms,"
              f" median nodes {r['fast_nodes_median']:.0f}")
        if r["generic_positions"]:
            print(f"  generic on the first {r['generic_positions']}: median"
                  f" {r['generic_median_ms']:.1f} ms, p90 {r['generic_p90_ms']:.1f} ms"
                  f" (fast on the same: median {r['fast_median_ms_same']:.3f} ms);"
                  f" values differing: {r['mismatches']}")
    for r in results:
        if r["ratio"] is not None:
            print(f"ratio solve time generic/fast {r['game']}: {r['ratio']:.1f}")
    return 1 if any(r["mismatches"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
