"""Strength of one computer player against another, by duplicate deals.

Each deal (a pack order and a dealer, drawn from ``--seed``) is played twice, the players
changing seats, so each holds each hand once; the luck of the cards largely cancels. The
script prints A's mean point difference per deal with its standard error, and A's share
of the plays won. For games with a match to a target (Bézique: 1000 points) it also plays
``--games`` pairs of whole games, seats swapped on the same deals, and prints the games
won. It also times A's decisions.

    python benchmarks/bot_strength.py                          # rules v random, Bézique
    python benchmarks/bot_strength.py --deals 200 --games 0    # quicker
    python benchmarks/bot_strength.py --game sixtysix --a rules --b random
    python benchmarks/bot_strength.py --json                   # the figures as JSON
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from bezique.bots import BOTS, Bot
from bezique.bots.arena import BotFactory, duplicate_games, duplicate_match
from bezique.core.errors import OptionError
from bezique.core.game import Action, Game, State
from bezique.games import GAMES, make_game


class _Timed(Bot):
    """Wraps a bot and adds up the time its decisions take."""

    def __init__(self, inner: Bot, clock: list[float]) -> None:
        super().__init__(None)
        self.inner = inner
        self.name = inner.name
        self.clock = clock

    def choose(self, state: State) -> Action:
        start = time.perf_counter()
        action = self.inner.choose(state)
        self.clock[0] += time.perf_counter() - start
        self.clock[1] += 1
        return action


def _factory(kind: str, game: Game[Any]) -> BotFactory:
    if kind not in BOTS:
        raise OptionError(f"unknown player {kind!r}; known: {', '.join(BOTS)}")
    BOTS[kind](game, 0)  # fail now, not mid-match, if the game has no such player
    return BOTS[kind]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="bezique", help=f"one of {', '.join(GAMES)}")
    parser.add_argument("--deals", type=int, default=1000,
                        help="duplicate deals (each played twice; default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--a", default="rules", help="player A (default rules)")
    parser.add_argument("--b", default="random", help="player B (default random)")
    parser.add_argument("--games", type=int, default=100,
                        help="pairs of whole games to also play (default 100; 0: none)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        game = make_game(args.game)
        make_a, make_b = _factory(args.a, game), _factory(args.b, game)
    except OptionError as exc:
        parser.error(str(exc))
    if args.deals < 1:
        parser.error("--deals must be at least 1")

    clock = [0.0, 0]

    def timed_a(g: Game[Any], seed: int | None) -> Bot:
        return _Timed(make_a(g, seed), clock)

    start = time.perf_counter()
    stats = duplicate_match(game, timed_a, make_b, args.deals, args.seed)
    deal_seconds = time.perf_counter() - start
    out: dict[str, Any] = {
        "game": game.name, "a": args.a, "b": args.b, "deals": args.deals,
        "plays": 2 * args.deals, "seed": args.seed,
        "mean_points_a": round(stats.mean_a, 2), "mean_points_b": round(stats.mean_b, 2),
        "mean_difference_per_deal": round(stats.mean, 2),
        "standard_error": round(stats.stderr, 2),
        "wins": stats.wins, "losses": stats.losses, "ties": stats.ties,
        "win_rate": round(stats.win_rate, 4),
        "seconds": round(deal_seconds, 1),
        "a_microseconds_per_decision": round(1e6 * clock[0] / max(1, clock[1]), 1),
    }
    games = None
    if args.games > 0:
        start = time.perf_counter()
        games = duplicate_games(game, make_a, make_b, args.games, args.seed)
        out.update({"game_pairs": args.games, "games_won_a": games.wins,
                    "games_lost_a": games.losses,
                    "game_win_rate": round(games.win_rate, 4),
                    "game_points_a": games.points_a, "game_points_b": games.points_b,
                    "games_seconds": round(time.perf_counter() - start, 1)})
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(stats.summary(args.a, args.b))
    print(f"  {deal_seconds:.1f} s; {args.a}: {out['a_microseconds_per_decision']} µs per "
          f"decision ({clock[1]} decisions, observation included)")
    if games is not None:
        print(games.summary(args.a, args.b) + f" ({out['games_seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
