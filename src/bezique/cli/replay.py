"""``bezique replay FILE``: replay a game record, checking every action, and print the
score sheet (or, with ``--json``, a JSON summary)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from ..core.errors import BeziqueError
from ..core.match import Match
from ..record import Record, replay_file
from .main import cli


def summary(record: Record, match: Match) -> dict[str, Any]:
    """The ``--json`` form: game, options, players (one per seat), the sheet, deals,
    finished, winner (a seat; on a sheet of sides, the winning side, with
    ``winner_name`` its members' names joined by ``&``)."""
    winner = match.sheet.winner if match.is_over() else None
    return {
        "game": record.game,
        "options": dict(record.options),
        "players": [{"name": name, "kind": kind}
                    for name, kind in zip(record.players, record.kinds, strict=True)],
        "seed": record.seed,
        "first_dealer": record.first_dealer,
        "date": record.date,
        "sheet": match.sheet.to_json(),
        "deals": len(record.deals),
        "finished": match.is_over(),
        "winner": winner,
        "winner_name": _winner_name(record, match, winner),
    }


def _winner_name(record: Record, match: Match, winner: int | None) -> str | None:
    if winner is None:
        return None
    return match.sheet.labels(record.players)[winner]


def _status(record: Record, match: Match) -> str:
    if match.is_over():
        winner = match.sheet.winner
        if winner is None:
            who = "drawn"
        elif match.sheet.sides:
            who = f"{_winner_name(record, match, winner)} (side {winner}) win"
        else:
            who = f"{record.players[winner]} (seat {winner}) wins"
        return f"match over after {len(match.deals)} deals: {who}"
    deal = len(match.deals)
    seat = match.current_player()
    return (f"match not over: deal {deal} in progress, {record.players[seat]} (seat {seat})"
            " to act")


def replayed(file: str, fail: Callable[[str], NoReturn]) -> tuple[Record, Match]:
    """The record FILE (``-``: standard input) and its match, read and replayed in one
    pass: a broken or hostile file is refused at its first fault, within the record
    limits, without reading the rest; ``fail`` is told why (the command's own error)."""
    try:
        if file == "-":
            return replay_file(sys.stdin.buffer)
        return replay_file(file)
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}")
    except BeziqueError as exc:
        fail(f"{file}: {exc}")


@cli.command("replay")
@click.argument("file", type=click.Path(allow_dash=True, path_type=str))
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary instead.")
def replay_command(file: str, as_json: bool) -> None:
    """Replay the game record FILE (- for standard input), checking every action against
    the rules, and print the score sheet. A malformed or illegal record, or one over the
    record limits (16 MiB, 8 KiB a line), is reported with its line, deal and action, and
    exits with status 2."""
    record, match = replayed(file, _fail)
    if as_json:
        click.echo(json.dumps(summary(record, match), indent=2, ensure_ascii=False))
        return
    names = record.players
    title = match.game.title
    changed = ", ".join(f"{k}={v}" for k, v in record.options.items())
    seats = " v ".join(f"{name} ({kind})"
                       for name, kind in zip(names, record.kinds, strict=True))
    click.echo(f"{title}: {seats}" + (f" [{changed}]" if changed else ""))
    click.echo(match.sheet.text(names))
    click.echo(_status(record, match))


def _fail(message: str) -> NoReturn:
    click.echo(f"bezique replay: error: {message}", err=True)
    raise SystemExit(2)
