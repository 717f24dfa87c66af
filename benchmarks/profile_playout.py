"""Where the time of random playouts goes: cProfile over ``--deals`` random deals of a
game, or over state copies (``--what clone``) or samples (``--what resample``), printing
the top functions by their own time.

    python benchmarks/profile_playout.py bezique
    python benchmarks/profile_playout.py rubicon --deals 300 --top 25
    python benchmarks/profile_playout.py sixtysix --what clone
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
from collections.abc import Sequence
from typing import Any

from bezique.core.game import Game
from bezique.games import GAMES


def playouts(game: Game[Any], deals: int, seed: int) -> int:
    """``deals`` random playouts; the number of decisions made."""
    rng = random.Random(seed)
    decisions = 0
    for d in range(deals):
        state = game.deal(d % game.num_players, rng=rng)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def copies(game: Game[Any], deals: int, seed: int, what: str) -> int:
    """``clone()`` or ``resample()`` of every state met in ``deals`` random deals."""
    rng = random.Random(seed)
    calls = 0
    for d in range(deals):
        state = game.deal(d % game.num_players, rng=rng)
        while not state.is_terminal():
            if what == "clone":
                state.clone()
            else:
                state.resample(state.current_player(), rng)
            calls += 1
            state.apply(rng.choice(state.legal_actions()))
    return calls


def main(argv: Sequence[str] | None = None) -> int:
    """Profile one game and print the top functions."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--deals", type=int, default=200, help="deals to play (default 200)")
    parser.add_argument("--top", type=int, default=30, help="functions to list (default 30)")
    parser.add_argument("--what", choices=("playout", "clone", "resample"), default="playout")
    parser.add_argument("--sort", default="tottime", help="pstats sort key (default tottime)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.deals < 1 or args.top < 1:
        parser.error("--deals and --top must be at least 1")
    game = GAMES[args.game]()
    prof = cProfile.Profile()
    if args.what == "playout":
        prof.runcall(playouts, game, args.deals, args.seed)
    else:
        prof.runcall(copies, game, args.deals, args.seed, args.what)
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats(args.sort).print_stats(args.top)
    print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
