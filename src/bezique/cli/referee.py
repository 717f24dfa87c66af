"""``bezique referee FILE``: what the laws make of a deal played at a real table.

FILE holds the game and options, the deal as it lay (each hand) and the actions in
order, irregular ones included, each tagged with its seat (``docs/LAWS.md``, "The
referee's file"; ``examples/hearts-dispute.txt``). The command prints each law's ruling
as the actions come, the irregularities and the settlement; ``--json`` the same as JSON.
A file that cannot be read, or an action the laws cannot take, is reported with its line
and exits with status 2."""

from __future__ import annotations

import json
import sys
from typing import NoReturn

import click

from ..core.errors import BeziqueError
from .main import cli

MAX_BYTES = 1 << 20


@cli.command("referee")
@click.argument("file", type=click.Path(allow_dash=True, path_type=str))
@click.option("--json", "as_json", is_flag=True, help="Print the rulings as JSON.")
def referee_command(file: str, as_json: bool) -> None:
    """Rule on what happened at a real table: FILE (- for standard input) gives the game,
    the deal as it lay and the actions in order, irregular ones included (a revoke, a
    lead out of turn, an exposed card, a claim); each law's ruling and the settlement are
    printed. See docs/LAWS.md."""
    from ..laws.referee import referee

    try:
        if file == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(file, "rb") as f:
                data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        _fail(f"cannot read {file}: {exc.strerror or exc}")
    if len(data) > MAX_BYTES:
        _fail(f"{file}: over {MAX_BYTES} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        _fail(f"{file}: not UTF-8 text")
    try:
        verdict = referee(text)
    except BeziqueError as exc:
        _fail(f"{file}: {exc}")
    if as_json:
        click.echo(json.dumps(verdict.to_json(), indent=2, ensure_ascii=False))
        return
    click.echo("\n".join(verdict.lines()))


def _fail(message: str) -> NoReturn:
    click.echo(f"bezique referee: error: {message}", err=True)
    raise SystemExit(2)
