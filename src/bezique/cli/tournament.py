"""``bezique tournament``: computer players against each other on duplicate deals, and the
ladder their results make (see :mod:`bezique.tournament` and docs/TOURNAMENT.md)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import click

from ..bots import BOTS
from ..core.errors import BeziqueError
from ..games import GAMES, make_game
from ..tournament import (
    TournamentError,
    TournamentResult,
    check_players,
    default_jobs,
    import_ray,
    plot_formats,
    plot_ladder,
    run_tournament,
    split_players,
)
from .main import cli, require_extra


def _output_path(value: str | None, param: str, suffixes: dict[str, str] | None = None
                 ) -> Path | None:
    """``value`` as a file that can be written, checked before any deal is played."""
    if value is None:
        return None
    path = Path(value)
    if path.is_dir():
        raise click.BadParameter(f"{value} is a directory, not a file", param_hint=param)
    if not path.parent.is_dir():
        raise click.BadParameter(f"no directory {path.parent} to write {path.name} in",
                                 param_hint=param)
    if suffixes is not None and path.suffix.lstrip(".").lower() not in suffixes:
        raise click.BadParameter(
            f"{value} has no picture suffix; one of: {', '.join('.' + s for s in suffixes)}",
            param_hint=param)
    return path


def _interval(lo: float, hi: float, fmt: str) -> str:
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return "unbounded (one deal)"
    return f"{lo:{fmt}} to {hi:{fmt}}"


def _show(result: TournamentResult, console: Any) -> None:
    """The ladder, the pairs and the separated rungs, drawn with rich."""
    from rich.table import Table

    level = f"{result.level:.0%}"
    order = {r.player: i for i, r in enumerate(result.ladder)}
    ladder = Table(title="Ladder (by μ - 3σ)", title_justify="left")
    for name, justify in (("#", "right"), ("player", "left"), ("rating μ", "right"),
                          ("σ", "right"), ("μ - 3σ", "right"), ("plays", "right")):
        ladder.add_column(name, justify=justify)  # type: ignore[arg-type]
    for i, r in enumerate(result.ladder, 1):
        ladder.add_row(str(i), r.player, f"{r.mu:.2f}", f"{r.sigma:.2f}", f"{r.ordinal:.2f}",
                       str(r.plays))
    console.print(ladder)

    pairs = Table(title=f"Pairs (A - B: points per seat a deal; {level} intervals)",
                  title_justify="left")
    for name in ("A", "B", "A - B", "interval", "A won", "interval (Wilson)"):
        pairs.add_column(name, justify="left" if name in ("A", "B") else "right")
    for p in sorted((p if order[p.a] < order[p.b] else p.flipped() for p in result.pairs),
                    key=lambda p: (order[p.a], order[p.b])):
        lo, hi = p.interval(result.level)
        wlo, whi = p.win_interval(result.level)
        mark = "" if p.better(result.level) is None else " *"
        pairs.add_row(p.a, p.b, f"{p.mean:+.2f}{mark}", _interval(lo, hi, "+.2f"),
                      f"{p.win_share:.1%}", _interval(wlo, whi, ".1%"))
    console.print(pairs)
    console.print(f"* separated at {level}: the interval of the margin excludes 0. "
                  f"Rungs of the ladder:")
    for rung in result.rungs():
        console.print(f"  {rung.statement(result.level)}")


@cli.command("tournament")
@click.option("--game", "game_name", default="bezique", show_default=True,
              help="The game: " + ", ".join(GAMES) + ".")
@click.option("--players", required=True, metavar="NAME,NAME,...",
              help="The computer players, at least two, comma-separated, by the names "
                   "and parameters the players take (" + ", ".join(BOTS) + "; e.g. "
                   "pimc:worlds=40 where a player takes parameters; see bezique players).")
@click.option("--deals", default=200, show_default=True, type=click.IntRange(min=1),
              help="Duplicate deals every pair plays, each from every rotation of the "
                   "seats.")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="Seed the deals are drawn from (default: a random one, printed and "
                   "kept in --out); the same seed, the same results.")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="A variant of the game's rules (repeatable); see bezique play "
                   "--list-options.")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Local processes to play in (default: the CPUs, here "
                   f"{default_jobs()}); with --ray local, the CPUs of the instance.")
@click.option("--ray", "ray_address", default=None, metavar="ADDRESS",
              help="Play on a Ray cluster at ADDRESS (auto: the running one; local: start "
                   "one here). Needs the cluster extra: pip install 'bezique[cluster]'.")
@click.option("--out", default=None, metavar="FILE.json",
              help="Write the results (ladder, pairs, every deal's margin) as JSON.")
@click.option("--plot", default=None, metavar="FILE.png",
              help="Draw the ladder: ratings with their uncertainty, and each pair's "
                   "margin with its interval (.png, .svg, .pdf, ...).")
@click.option("--progress/--no-progress", default=True, show_default=True,
              help="Show a progress bar (on stderr, in a terminal).")
def tournament(game_name: str, players: str, deals: int, seed: int | None,
               options: tuple[str, ...], jobs: int | None, ray_address: str | None,
               out: str | None, plot: str | None, progress: bool) -> None:
    """Rate computer players against each other on duplicate deals.

    Every pair of players plays the same deals, each deal once from every rotation of
    the seats, so the luck of the cards cancels out. Printed: the ladder (OpenSkill
    ratings), each pair's mean margin per deal and share of deals won with 95%
    intervals, and which rungs of the ladder those intervals separate.
    """
    require_extra("tournament", "bezique tournament")
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    try:
        make_game(game_name)
    except BeziqueError as exc:
        raise click.BadParameter(str(exc), param_hint="--game") from None
    try:
        game = make_game(game_name, list(options))
    except (BeziqueError, ValueError) as exc:
        raise click.BadParameter(str(exc), param_hint="--option") from None
    try:
        names = check_players(game, split_players(players))
    except TournamentError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    if ray_address is not None:
        if not ray_address.strip():
            raise click.BadParameter("give an address (auto, local, or host:port)",
                                     param_hint="--ray")
        try:
            import_ray()
        except TournamentError as exc:
            raise click.BadParameter(str(exc), param_hint="--ray") from None
    out_path = _output_path(out, "--out")
    plot_path = _output_path(plot, "--plot", plot_formats() if plot is not None else None)
    if out_path is not None and plot_path is not None and \
            out_path.resolve() == plot_path.resolve():
        raise click.BadParameter("--out and --plot name the same file", param_hint="--plot")
    if seed is None:
        import random

        seed = random.SystemRandom().getrandbits(63)

    console = Console(highlight=False)
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn(),
                   console=Console(stderr=True), transient=True, disable=not progress)
    where = f"Ray at {ray_address}" if ray_address else f"{jobs or default_jobs()} processes"
    with bar:
        task = bar.add_task(f"{game.name}: {len(names)} players, deals", total=deals)
        try:
            result = run_tournament(game.name, names, deals, seed, options=options,
                                    jobs=jobs, ray=ray_address,
                                    progress=lambda n: bar.advance(task, n))
        except BeziqueError as exc:  # a player that failed, a cluster out of reach
            raise click.ClickException(str(exc)) from None
    console.print(f"{game.title}: {', '.join(names)}; {deals} duplicate deals, each"
                  f" played {result.rotations} times (every rotation of the seats), on"
                  f" {where}; seed {seed} (--seed {seed} plays the same deals again)")
    _show(result, console)
    if out_path is not None:
        result.write_json(out_path)
        console.print(f"Results written to {out_path}")
    if plot_path is not None:
        plot_ladder(result, plot_path)
        console.print(f"Ladder drawn in {plot_path}")
