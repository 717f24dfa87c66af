"""Speed of the rules engines: random playouts, state copies, samples and observations.

For each game in ``bezique.games.GAMES``, on one core (no multiprocessing):

- random-playout deals/s and decisions/s: deal, then ``rng.choice(state.legal_actions())``
  and ``state.apply`` until the deal is over, as PERFORMANCE.md measured its peers;
- the same with deals played out (no claim, show or close while another action is legal),
  since uniformly random Sixty-Six mostly ends in an early wrong claim;
- state copies/s: ``clone()`` of mid-deal states;
- samples/s: ``resample(seat, rng)`` of mid-deal states for the seat to move;
- observations/s: ``observation(seat)`` of mid-deal states for the seat to move.

Each figure is the median of ``--runs`` runs (default 3) of ``--seconds`` seconds
(default 3; the copy, sample and observation runs last a third of that each).

    python benchmarks/playout.py                 # a table
    python benchmarks/playout.py --seconds 10    # PERFORMANCE.md's run length
    python benchmarks/playout.py --json          # the figures as JSON
    python benchmarks/playout.py --compare /tmp/bezique_before --rounds 3
        # this tree against another copy of the package (a directory holding ``bezique``),
        # the two run alternately in fresh processes; ratios this / that per figure

Times are CPU time (``time.process_time``) of this process: the machines are shared.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from bezique.core.game import Game, State
from bezique.games import GAMES

# No comparison with a constant: a figure from another machine or another day says
# nothing about this one. Comparisons with peer engines are ratios measured side by side
# in the same run (the peers' benchmark does that); this script prints this machine's
# figures as what they are.


#: Actions that end or shorten a deal at once (Sixty-Six's claim, show and close).
ENDING = ("claim", "close", "show")


def _played_out(choice: Callable[[list[Any]], Any]) -> Callable[[list[Any]], Any]:
    """A random policy that never claims, shows or closes while it has another choice, so
    that every deal is played to its last trick (comparable figures for Sixty-Six, whose
    uniformly random play mostly ends in an early wrong claim)."""
    ends: dict[Any, bool] = {}  # action -> whether it ends the deal (notation read once)

    def ending(a: Any) -> bool:
        e = ends.get(a)
        if e is None:
            e = ends[a] = str(a).startswith(ENDING)
        return e

    def pick(actions: list[Any]) -> Any:
        keep = [a for a in actions if not ending(a)]
        return choice(keep or actions)
    return pick


def playout_run(game: Game[Any], seconds: float, seed: int,
                played_out: bool = False) -> tuple[float, float]:
    """One run of random playouts for ``seconds``: (deals/s, decisions/s)."""
    rng = random.Random(seed)
    choice = _played_out(rng.choice) if played_out else rng.choice
    deals = decisions = 0
    dealers = game.first_dealers()  # the seats that may deal (Chouette: never the box)
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = game.deal(dealers[deals % len(dealers)], rng=rng)
        while not state.is_terminal():
            state.apply(choice(state.legal_actions()))
            decisions += 1
        deals += 1
        now = time.process_time()
        if now >= deadline:
            break
    elapsed = now - start
    return deals / elapsed, decisions / elapsed


def mid_deal_states(game: Game[Any], count: int, seed: int) -> list[State]:
    """``count`` states taken at a random point of random deals, none of them over."""
    rng = random.Random(seed)
    states: list[State] = []
    while len(states) < count:
        dealers = game.first_dealers()
        state = game.deal(dealers[len(states) % len(dealers)], rng=rng)
        path: list[State] = []
        while not state.is_terminal():
            path.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        states.append(rng.choice(path))
    return states


def rate_run(op: Callable[[State], object], states: Sequence[State], seconds: float) -> float:
    """Calls of ``op`` per second over ``states``, cycled for ``seconds``."""
    calls = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for s in states:
            op(s)
        calls += len(states)
        now = time.process_time()
        if now >= deadline:
            break
    return calls / (now - start)


def bench_game(name: str, seconds: float, runs: int, seed: int = 1) -> dict[str, Any]:
    """All figures for one game: medians over ``runs`` runs."""
    game = GAMES[name]()
    playouts = [playout_run(game, seconds, seed + i) for i in range(runs)]
    full = [playout_run(game, seconds, seed + i, played_out=True) for i in range(runs)]
    states = mid_deal_states(game, 256, seed)
    sampler = random.Random(seed)
    short = seconds / 3

    def resample(s: State) -> object:
        return s.resample(s.current_player(), sampler)

    def observe(s: State) -> object:
        return s.observation(s.current_player())

    def copy(s: State) -> object:
        return s.clone()

    rates = {
        label: [rate_run(op, states, short) for _ in range(runs)]
        for label, op in (("clones_per_s", copy), ("samples_per_s", resample),
                          ("observations_per_s", observe))
    }
    deals = [p[0] for p in playouts]
    decisions = [p[1] for p in playouts]
    return {
        "game": name,
        "deals_per_s": statistics.median(deals),
        "decisions_per_s": statistics.median(decisions),
        "decisions_per_deal": statistics.median(decisions) / statistics.median(deals),
        "full_deals_per_s": statistics.median(p[0] for p in full),
        "full_decisions_per_s": statistics.median(p[1] for p in full),
        **{label: statistics.median(values) for label, values in rates.items()},
        "runs": {"deals_per_s": deals, "decisions_per_s": decisions, **rates},
    }


def table(results: Sequence[dict[str, Any]]) -> str:
    """The figures as a text table."""
    cols = [("game", "game", "{}"), ("deals/s", "deals_per_s", "{:,.0f}"),
            ("decisions/s", "decisions_per_s", "{:,.0f}"),
            ("dec/deal", "decisions_per_deal", "{:.1f}"),
            ("played-out deals/s", "full_deals_per_s", "{:,.0f}"),
            ("its decisions/s", "full_decisions_per_s", "{:,.0f}"),
            ("clones/s", "clones_per_s", "{:,.0f}"),
            ("samples/s", "samples_per_s", "{:,.0f}"),
            ("observations/s", "observations_per_s", "{:,.0f}")]
    rows = [[h for h, _, _ in cols]]
    rows += [[fmt.format(r[key]) for _, key, fmt in cols] for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(len(cols))]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
             for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


#: The figures ``--compare`` gives ratios for.
FIGURES = ("decisions_per_s", "full_decisions_per_s", "clones_per_s", "samples_per_s",
           "observations_per_s")


def run_json(path: str | None, argv: list[str]) -> dict[str, Any]:
    """This script's ``--json`` figures in a fresh process, importing ``bezique`` from
    ``path`` (None: as installed)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = path + (os.pathsep + env["PYTHONPATH"]
                                    if env.get("PYTHONPATH") else "")
    out = subprocess.run([sys.executable, __file__, "--json", *argv], env=env,
                         check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def compare(other: str, rounds: int, argv: list[str]) -> str:
    """Run this tree and ``other`` alternately ``rounds`` times each: per game and
    figure the ratio this / other of the medians, with the lowest and highest ratio of
    one round's pair."""
    mine: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    for i in range(rounds):
        pair = [(None, mine), (other, theirs)]
        if i % 2:
            pair.reverse()
        for path, into in pair:
            into.append({r["game"]: r for r in run_json(path, argv)["results"]})
    lines = [f"ratio this tree / {other}: median over {rounds} alternated rounds"
             " (lowest .. highest round)"]
    for game in mine[0]:
        cells = []
        for fig in FIGURES:
            a = [m[game][fig] for m in mine]
            b = [t[game][fig] for t in theirs]
            per = [x / y for x, y in zip(a, b, strict=True)]
            ratio = statistics.median(a) / statistics.median(b)
            cells.append(f"{fig.removesuffix('_per_s')} {ratio:.2f}"
                         f" ({min(per):.2f}..{max(per):.2f})")
        lines.append(f"{game:9s} " + "  ".join(cells))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print a table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="length of each playout run in seconds (default 3)")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs per figure; the median is reported (default 3)")
    parser.add_argument("--games", nargs="+", choices=sorted(GAMES), default=sorted(GAMES),
                        help="games to measure (default: all)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random play")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--compare", metavar="DIR",
                        help="compare with the bezique package found in DIR")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternated rounds of each side with --compare (default 3)")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.runs < 1 or args.rounds < 1:
        parser.error("--seconds must be positive, --runs and --rounds at least 1")
    if args.compare:
        print(compare(args.compare, args.rounds,
                      ["--seconds", str(args.seconds), "--runs", str(args.runs),
                       "--seed", str(args.seed), "--games", *args.games]))
        return 0
    results = [bench_game(name, args.seconds, args.runs, args.seed) for name in args.games]
    if args.json:
        print(json.dumps({"python": platform.python_version(),
                          "machine": platform.machine(), "seconds": args.seconds,
                          "runs": args.runs, "results": results},
                         indent=2))
    else:
        print(f"Python {platform.python_version()} on {platform.machine()}, one core; "
              f"medians of {args.runs} runs of {args.seconds:g} s")
        print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
