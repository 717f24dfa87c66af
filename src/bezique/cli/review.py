"""``bezique review RECORD``: a finished game gone through by a search player, each of the
person's decisions that lost expected points marked, with where it was (the trick, the
hand, the cards already on the trick) and what each choice was worth, in the game's unit
with its standard error, in a table (see :mod:`bezique.analysis`; a position gets the
values ``bezique play``'s hint gives it). A progress bar runs on a terminal's standard
error while the review works; through a pipe nothing is added to the output."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import click

from ..analysis import Decision, Position, default_threshold, review
from ..bots import Bot, make_bot
from ..bots.search import SearchBot, decimals, result_unit
from ..core.cards import Card, Suit
from ..core.errors import BeziqueError, OptionError
from ..present import show, sort_hand, symbols_in_use, use_symbols, wrap
from ..record import Record
from .main import cli
from .play import _cards_as_shown, values_note, values_table
from .render import PlainRenderer, choose_renderer, output_takes_symbols
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


def _line(d: Decision, names: tuple[str, ...], reviewer: str, unit: str) -> str:
    who = names[d.seat]
    played = _cards_as_shown(d.played)
    places = decimals(unit)
    if d.played_value is None:
        return (f"  move {d.move}: {who} played {played} (an action {reviewer} does not"
                f" weigh; it prefers {_cards_as_shown(d.best)} at"
                f" {d.values[d.best]:+.{places}f})")
    if not d.loss:
        return f"  move {d.move}: {who} played {played} ({d.played_value:+.{places}f}): best"
    return (f"  move {d.move}: {who} played {played}; {reviewer} prefers "
            f"{_cards_as_shown(d.best)} ({d.values[d.best]:+.{places}f} against"
            f" {d.played_value:+.{places}f}: {d.loss:.{places}f} {unit} lost)")


def _cards(notations: tuple[str, ...], trump: str | None) -> str:
    suit = None if trump is None else int(Suit.parse(trump))
    return " ".join(show(c) for c in sort_hand([Card.parse(n) for n in notations], suit))


def position_line(p: Position) -> str:
    """``trick 4 · hand: A♠ 10♠ J♠ · on the trick: K♠``: where a decision was, as the
    deciding seat saw it."""
    parts = [p.stage]
    if p.trump is not None:
        suit = Suit.parse(p.trump)
        parts.append(f"trumps {suit.symbol if symbols_in_use() else suit.letter}")
    parts.append("hand: " + (_cards(p.hand, p.trump) or "-"))
    if p.on_table:
        parts.append("on the table: " + _cards(p.on_table, p.trump))
    if p.to_trick:
        parts.append("on the trick: " + " ".join(show(Card.parse(c)) for c in p.to_trick))
    elif p.trick is not None and p.stage.startswith("trick"):
        parts.append("to lead")
    return "    " + " · ".join(parts)


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
                   "(default: 10 points in Bézique and Binocle, 0.5 in the games scored in "
                   "game points or hundreds).")
@click.option("--all", "show_all", is_flag=True, help="List every decision weighed, not only"
              " the marked ones.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Salt of the seed each position gets: the same seed gives the same "
                   "review, and 0 the values of bezique play's hint.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON.")
@click.option("--display", type=click.Choice(["auto", "rich", "plain"]), default="auto",
              show_default=True,
              help="How to draw the tables: rich, plain (lines of text), auto (rich in a "
                   "terminal, plain through a pipe).")
def review_command(file: str, reviewer: str, seats: tuple[int, ...], deals: tuple[int, ...],
                   threshold: float | None, show_all: bool, seed: int, as_json: bool,
                   display: str) -> None:
    """Go through the game record FILE (- for standard input) with a search player and
    mark each decision of the person (or of --seat) that lost expected points: where it
    was (the trick, the hand, the cards on the trick), what the search player would have
    done and what each choice was worth, with its standard error. A position gets the
    values the hint of bezique play gives it (with --seed 0, the default)."""
    record, match = replayed(file, _fail)
    game = match.game
    for d in deals:
        if d > len(record.deals):
            _fail(f"--deal {d}: the record has {len(record.deals)} deals")
    try:
        player = make_bot(reviewer, game, 0)
    except OptionError as exc:
        _fail(f"--player: {exc}")
    if not isinstance(player, SearchBot):
        _fail(f"--player {reviewer}: review needs a search player that weighs its choices"
              " (flat, pimc or ismcts)")
    chosen = _seats(record, game.num_players, seats)
    names = tuple(record.players)
    limit = default_threshold(game.name) if threshold is None else threshold
    total = sum(1 for i, deal in enumerate(record.deals, 1) if not deals or i in deals
                for seat, _ in deal.actions if seat in chosen)
    found: list[Decision] = []
    try:
        found = _run(record, player, chosen, limit, seed, deals, total)
    except BeziqueError as exc:
        _fail(f"{file}: {exc}")
    unit = result_unit(game)
    if as_json:
        click.echo(json.dumps(_summary(record, reviewer, chosen, limit, unit, found),
                              indent=1))
        return
    use_symbols(output_takes_symbols())
    out = choose_renderer(display)
    note = values_note(unit, player.unit, player.iterations, 0, len(set(game.sides)),
                       "the deciding side's")
    _print(out, record, reviewer, chosen, names, found, show_all, limit, unit, note)


def _run(record: Record, player: Bot, chosen: list[int], limit: float, seed: int,
         deals: tuple[int, ...], total: int) -> list[Decision]:
    """The decisions weighed, with a progress bar on a terminal's standard error (how
    many of the seats' actions are done, the deal and move, the time so far and left)."""
    def weigh(step: Any) -> list[Decision]:
        return list(review(record, player, chosen, threshold=limit, seed=seed,
                           deals=list(deals) or None, step=step))

    if not sys.stderr.isatty():
        return weigh(None)
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("reviewing", total=total)

        def step(deal: int, move: int) -> None:
            bar.update(task, advance=1, description=f"reviewing deal {deal}, move {move}")

        return weigh(step)


def _summary(record: Record, reviewer: str, chosen: list[int], limit: float, unit: str,
             found: list[Decision]) -> dict[str, Any]:
    seats = {}
    for seat in chosen:
        mine = [d for d in found if d.seat == seat]
        seats[str(seat)] = {"name": record.players[seat], "decisions": len(mine),
                            "marked": sum(d.marked for d in mine),
                            "expected_loss": round(sum(d.loss for d in mine), 3)}
    return {"game": record.game, "options": dict(record.options), "reviewer": reviewer,
            "unit": unit, "threshold": limit, "seats": seats,
            "decisions": [d.to_json() for d in found]}


def decision_table(d: Decision, unit: str) -> Any:
    """A decision's values: each choice, best first, with its expected value in the
    game's unit and its standard error; the choice played and the best marked."""
    rows = []
    for notation, value in d.values.items():
        marks = [m for m, yes in (("best", notation == d.best),
                                  ("played", notation == d.played)) if yes]
        rows.append((_cards_as_shown(notation), value, d.errors.get(notation),
                     ", ".join(marks)))
    return values_table("", rows, unit, "")


def _print(out: PlainRenderer, record: Record, reviewer: str, chosen: list[int],
           names: tuple[str, ...], found: list[Decision], show_all: bool, limit: float,
           unit: str, note: str) -> None:
    who = ", ".join(f"{names[s]} (seat {s})" for s in chosen)
    places = decimals(unit)
    out.echo(*wrap(f"Review of {record.game} by {reviewer}: decisions of {who}; marked when"
                   f" {limit:g} {unit} or more was lost."), *wrap(note))
    deal = None
    for d in found:
        if not (show_all or d.marked):
            continue
        if d.deal != deal:
            deal = d.deal
            out.echo("", f"Deal {deal}")
        out.echo(_line(d, names, reviewer, unit), position_line(d.position))
        out.table(decision_table(d, unit))
    out.echo("")
    for seat in chosen:
        mine = [d for d in found if d.seat == seat]
        marked = sum(d.marked for d in mine)
        lost = sum(d.loss for d in mine)
        weighed = f"{len(mine)} decision{'' if len(mine) == 1 else 's'} weighed"
        out.echo(f"{names[seat]}: {weighed}, {marked} marked, "
                 f"{lost:.{places}f} {unit} expected lost in all.")
