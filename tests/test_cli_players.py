"""``bezique players``: every computer player by the name the other commands take, the
search players' parameters with what each takes, and with ``--game`` their defaults in
that game and whether it has a rule-based player."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner, Result

from bezique.bots import BOTS, describe_bots, describe_params, make_bot
from bezique.bots.search import SearchBot
from bezique.bots.sixtysix_rules import SixtySixRulesBot
from bezique.cli import main as cli_main
from bezique.core.errors import OptionError
from bezique.games import make_game

cli_main._register()
cli = cli_main.cli


def players(*args: str) -> Result:
    return CliRunner().invoke(cli, ["players", *args])


def flat(text: str) -> str:
    return " ".join(text.split())


def section(text: str, name: str) -> str:
    """The lines under ``NAME parameters:``, flattened."""
    return flat(text.split(f"{name} parameters:", 1)[1].split("parameters:", 1)[0])


def test_play_help_points_to_a_players_command_that_exists() -> None:
    assert "See bezique players." in flat(CliRunner().invoke(cli, ["play", "--help"]).output)
    assert players().exit_code == 0


def test_players_lists_every_player_by_name_with_its_description() -> None:
    result = players()
    assert result.exit_code == 0, result.output
    listing = result.output.split("A search player takes parameters", 1)[0]
    names = [line.split()[0] for line in listing.splitlines()
             if line and not line[0].isspace() and len(line.split()) > 1
             and line.split()[0] in BOTS]
    assert names == list(BOTS)
    text = flat(result.output)
    for name, line in describe_bots(with_params=False):
        assert f"{name} {line}" in text


def test_players_lists_the_parameters_of_each_search_player_and_what_they_take() -> None:
    result = players()
    text = result.output
    for name in BOTS:
        made = make_bot(name, make_game("sixtysix"), 0)
        if not isinstance(made, SearchBot):
            assert f"{name} parameters:" not in text
            continue
        params = section(text, name)
        for p in type(made).PARAMS:
            assert re.search(rf"(^| ){re.escape(p.name)} .*Takes {re.escape(p.describe())}",
                             params), (name, p.name)
    assert "iterations (or worlds)" in section(text, "pimc")
    assert "iterations (or simulations)" in section(text, "ismcts")
    assert "default" not in section(text, "pimc")  # the defaults differ by game


@pytest.mark.parametrize("game_name", ["bezique", "rubicon", "binocleauction"])
def test_players_for_a_game_gives_the_defaults_the_search_players_take_there(
        game_name: str) -> None:
    game = make_game(game_name)
    result = players("--game", game_name)
    assert result.exit_code == 0, result.output
    assert f"The computer players for {game.title}" in flat(result.output)
    for name in ("flat", "pimc", "ismcts"):
        bot = make_bot(name, game, 0)
        assert isinstance(bot, SearchBot)
        assert re.search(rf"Takes a whole number >= 1; default {bot.iterations}\.",
                         section(result.output, name)), name
    assert "inference weight worlds by the adversaries' past play. Takes true | false;" \
           " default true." in section(result.output, "pimc-infer")


def test_players_for_a_game_says_whether_it_has_a_rule_player(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert "rules the game's rule-based player, after the book's advice; Sixty-Six has one" \
        in flat(players("--game", "sixtysix").output)
    monkeypatch.setattr(SixtySixRulesBot, "games", ())
    result = players("--game", "sixtysix")
    assert result.exit_code == 0
    line = flat(next(x for x in result.output.split("rules")[1:] if "none for" in x)
                .split(")")[0])
    assert line.startswith("none for Sixty-Six (rule-based players exist for: bezique,")
    assert "schnapsen" not in line and "sixtysix," not in line


def test_players_for_an_unknown_game_is_refused_naming_it() -> None:
    result = players("--game", "whist")
    assert result.exit_code == 2
    assert "--game" in result.output and "unknown game 'whist'" in result.output
    assert "Traceback" not in result.output


def test_the_parameters_of_an_unknown_player_are_refused_naming_the_known_ones() -> None:
    with pytest.raises(OptionError, match=r"unknown player 'alphazero'; known: random, rules"):
        describe_params("alphazero")
