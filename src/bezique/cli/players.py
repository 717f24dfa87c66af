"""``bezique players``: the computer players by the names the other commands take, what
each does, and the parameters of the search players (with a game: their defaults there,
and whether the game has a rule-based player)."""

from __future__ import annotations

from typing import Any

import click

from ..bots import BOTS, describe_bots, describe_params, rule_bot_for, rule_games
from ..core.errors import BeziqueError
from ..core.game import Game
from ..games import GAMES, make_game
from .main import cli

TAKEN_BY = ("bezique play --opponent and --hint-player, bezique review --player and "
            "bezique tournament --players")
"""The options that take a player's name."""


def _rules_line(line: str, game: Game[Any] | None) -> str:
    if game is None:
        return line
    if rule_bot_for(game) is not None:
        return f"{line}; {game.title} has one"
    return (f"none for {game.title} (rule-based players exist for: "
            f"{', '.join(rule_games())})")


@cli.command("players")
@click.option("--game", "game_name", default=None, metavar="GAME",
              help="Say whether GAME has a rule-based player, and give the search "
                   "players' defaults in it: " + ", ".join(GAMES) + ".")
def players(game_name: str | None) -> None:
    """List the computer players and their parameters."""
    game = None
    if game_name is not None:
        try:
            game = make_game(game_name)
        except BeziqueError as exc:
            raise click.BadParameter(str(exc), param_hint="--game") from None
    out = click.HelpFormatter()
    out.write_text(f"The computer players{f' for {game.title}' if game else ''}, by name "
                   f"(for {TAKEN_BY}):")
    out.write_paragraph()
    out.write_dl([(name, _rules_line(line, game) if name == "rules" else line)
                  for name, line in describe_bots(with_params=False)])
    out.write_paragraph()
    out.write_text("A search player takes parameters after its name and a colon, e.g. "
                   "pimc:iterations=200,seconds=2"
                   + (f"; the defaults are those of {game.title}." if game else
                      " (--game GAME gives each one's default there)."))
    for name in BOTS:
        params = describe_params(name, game)
        if not params:
            continue
        with out.section(f"{name} parameters"):
            out.write_dl([(param, f"{doc}. Takes {takes}"
                           + (f"; default {default}." if default else "."))
                          for param, takes, doc, default in params])
    click.echo(out.getvalue(), nl=False)
