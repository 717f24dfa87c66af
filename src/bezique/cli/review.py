"""``bezique review RECORD``: a finished game gone through by a search player, each of the
person's decisions that lost expected points marked, with what the search player would
have done (see :mod:`bezique.analysis`)."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import click

from ..analysis import Decision, default_threshold, review
from ..bots import make_bot
from ..core.errors import BeziqueError, OptionError
from ..record import Record
from .main import cli
from .play import _cards_as_shown
from .replay import replayed

#: the reviewing player unless --player says otherwise
DEFAULT_REVIEWER = "pimc"


def _fail(message: str) -> NoReturn:
    click.echo(f"bezique review: {message}", err=True)
    sys.exit(2)


def _seats(record: Record, n: int, given: tuple[int, ...]) -> list[int]:
    if given:
        for seat in given:
            if not 0 <= seat < n:
                _fail(f"--seat {seat}: the table has seats 0 to {n - 1}")
        return sorted(set(given))
    humans = [s for s, kind in enumerate(record.kinds) if kind == "human"]
    if not humans:
        _fail("the record has no human seat: name the seats to review with --seat")
    return humans


def _line(d: Decision, names: tuple[str, ...], reviewer: str) -> str:
    who = names[d.seat]
    played = _cards_as_shown(d.played)
    if d.played_value is None:
        return (f"  move {d.move}: {who} played {played} (an action {reviewer} does not"
                f" weigh; it prefers {_cards_as_shown(d.best)} at {d.values[d.best]:+g})")
    if not d.loss:
        return f"  move {d.move}: {who} played {played} ({d.played_value:+g}): best"
    return (f"  move {d.move}: {who} played {played}; {reviewer} prefers "
            f"{_cards_as_shown(d.best)} ({d.values[d.best]:+g} against {d.played_value:+g}:"
            f" {d.loss:g} lost)")


@cli.command("review")
@click.argument("file", type=click.Path(allow_dash=True, path_type=str))
@click.option("--player", "reviewer", default=DEFAULT_REVIEWER, show_default=True,
              metavar="PLAYER",
              help="The search player that weighs each decision, with its budget, e.g. "
                   "pimc:worlds=60 or ismcts:iterations=2000.")
@click.option("--seat", "seats", type=int, multiple=True,
              help="A seat to review (repeatable). Default: the record's human seats.")
@click.option("--deal", "deals", type=click.IntRange(1), multiple=True,
              help="Only this deal (repeatable; from 1).")
@click.option("--threshold", type=click.FloatRange(0, min_open=True), default=None,
              help="The expected loss from which a decision is marked, in the game's units "
                   "(default: 10 points in Bézique, 0.5 in the games scored in game points "
                   "or hundreds).")
@click.option("--all", "show_all", is_flag=True, help="List every decision weighed, not only"
              " the marked ones.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the reviewing player: the same seed gives the same review.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON.")
def review_command(file: str, reviewer: str, seats: tuple[int, ...], deals: tuple[int, ...],
                   threshold: float | None, show_all: bool, seed: int, as_json: bool) -> None:
    """Go through the game record FILE (- for standard input) with a search player and
    mark each decision of the person (or of --seat) that lost expected points, with what
    the search player would have done and what each choice was worth."""
    record, match = replayed(file, _fail)
    game = match.game
    for d in deals:
        if d > len(record.deals):
            _fail(f"--deal {d}: the record has {len(record.deals)} deals")
    try:
        probe = make_bot(reviewer, game, 0)
    except OptionError as exc:
        _fail(f"--player: {exc}")
    if getattr(probe, "values", None) is None:
        _fail(f"--player {reviewer}: review needs a search player that weighs its choices"
              " (flat, pimc or ismcts)")
    chosen = _seats(record, game.num_players, seats)
    names = tuple(record.players)
    limit = default_threshold(game.name) if threshold is None else threshold
    total = sum(1 for i, deal in enumerate(record.deals, 1) if not deals or i in deals
                for seat, _ in deal.actions if seat in chosen)
    found: list[Decision] = []
    try:
        found = _run(record, reviewer, chosen, limit, seed, deals, total)
    except BeziqueError as exc:
        _fail(f"{file}: {exc}")
    if as_json:
        click.echo(json.dumps(_summary(record, reviewer, chosen, limit, found), indent=1))
        return
    _print(record, reviewer, chosen, names, found, show_all, limit)


def _run(record: Record, reviewer: str, chosen: list[int], limit: float, seed: int,
         deals: tuple[int, ...], total: int) -> list[Decision]:
    """The decisions weighed, with a progress bar on a terminal's standard error."""
    def made(game: Any, s: int) -> Any:
        return make_bot(reviewer, game, s)

    def weigh(step: Any) -> list[Decision]:
        return list(review(record, made, chosen, threshold=limit, seed=seed,
                           deals=list(deals) or None, step=step))

    if not sys.stderr.isatty():
        return weigh(None)
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("reviewing", total=total)
        return weigh(lambda: bar.advance(task))


def _summary(record: Record, reviewer: str, chosen: list[int], limit: float,
             found: list[Decision]) -> dict[str, Any]:
    seats = {}
    for seat in chosen:
        mine = [d for d in found if d.seat == seat]
        seats[str(seat)] = {"name": record.players[seat], "decisions": len(mine),
                            "marked": sum(d.marked for d in mine),
                            "expected_loss": round(sum(d.loss for d in mine), 3)}
    return {"game": record.game, "options": dict(record.options), "reviewer": reviewer,
            "threshold": limit, "seats": seats,
            "decisions": [d.to_json() for d in found]}


def _print(record: Record, reviewer: str, chosen: list[int], names: tuple[str, ...],
           found: list[Decision], show_all: bool, limit: float) -> None:
    who = ", ".join(f"{names[s]} (seat {s})" for s in chosen)
    click.echo(f"Review of {record.game} by {reviewer}: decisions of {who}; marked when"
               f" {limit:g} or more was lost.")
    deal = None
    for d in found:
        if not (show_all or d.marked):
            continue
        if d.deal != deal:
            deal = d.deal
            click.echo(f"Deal {deal}")
        click.echo(_line(d, names, reviewer))
    for seat in chosen:
        mine = [d for d in found if d.seat == seat]
        marked = sum(d.marked for d in mine)
        lost = sum(d.loss for d in mine)
        click.echo(f"{names[seat]}: {len(mine)} decisions weighed, {marked} marked, "
                   f"{lost:g} expected lost in all.")
