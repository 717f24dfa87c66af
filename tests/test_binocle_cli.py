"""Two-handed Binocle at the terminal: whole matches played out from ``bezique play`` as a
person would type them, their records replaying, the knock offered and explained, the
count of cards shown only when asked for, and 64-card Binocle in both its forms."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from bezique.cli import main as cli_main
from bezique.record import read, replay

cli_main._register()


def play(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(cli_main.cli, ["play", *args], input=stdin)


def test_a_whole_binocle_match_typed_as_numbers(tmp_path: Path) -> None:
    path = tmp_path / "binocle.txt"
    result = play("--game", "binocle", "--seed", "4", "--opponent", "random", "--record",
                  str(path), "--display", "plain", stdin="1\n" * 6000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Match over: " in out and out.count("Match over") == 1
    assert "trick 1 of 24" in out and "game 1000" in out
    assert "the last twelve tricks" in out or "last twelve" in out
    assert "in cards" in out  # the count after the last trick
    assert "cards won" not in out  # the count is the player's to keep in his head
    record = read(path)
    assert record.game == "binocle"
    match = replay(record)
    assert match.is_over() and match.sheet.winner is not None
    t = match.sheet.totals
    assert max(t) >= 1000 or any("knock" in n for r in match.sheet.rows for n in r.notes)


def test_the_rule_based_player_plays_a_whole_match(tmp_path: Path) -> None:
    from bezique.bots import rule_games
    assert "binocle" in rule_games(), "Binocle has a rule-based player"
    path = tmp_path / "rules.txt"
    result = play("--game", "binocle", "--seed", "2", "--record", str(path),
                  "--display", "plain", stdin="1\n" * 6000)
    assert result.exit_code == 0, result.output
    assert read(path).kinds == ("human", "rules")
    assert replay(read(path)).is_over()


def test_show_counts_gives_the_count_of_your_tricks(tmp_path: Path) -> None:
    result = play("--game", "binocle", "--seed", "4", "--opponent", "random", "--record",
                  str(tmp_path / "c.txt"), "--display", "plain", "--show-counts",
                  stdin="1\n" * 30 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "cards won" in result.output


def test_the_help_gives_binocle_s_rules(tmp_path: Path) -> None:
    result = play("--game", "binocle", "--seed", "4", "--opponent", "random", "--record",
                  str(tmp_path / "h.txt"), "--display", "plain", stdin="help\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "BINOCLE" in out and "220" in out and "knock" in out


def test_sixty_four_card_binocle_in_both_forms(tmp_path: Path) -> None:
    p12 = tmp_path / "b64.txt"
    result = play("--game", "binocle", "--option", "pack=64", "--seed", "3", "--opponent",
                  "random", "--record", str(p12), "--display", "plain",
                  stdin="1\n" * 12 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "trick 1 of 32" in result.output
    assert read(p12).options == {"pack": "64"} or read(p12).options.get("pack") in (64, "64")
    p8 = tmp_path / "b8.txt"
    result = play("--game", "binocle", "--option", "pack=64", "--option", "cards=8",
                  "--seed", "3", "--opponent", "random", "--record", str(p8),
                  "--display", "plain", stdin="quit\n")
    assert result.exit_code == 0, result.output
    assert "Bézique" in result.output
    assert read(p8).game == "bezique"


def test_a_bad_option_is_a_clear_error(tmp_path: Path) -> None:
    result = play("--game", "binocle", "--option", "cards=8", "--record",
                  str(tmp_path / "x.txt"))
    assert result.exit_code == 2
    assert "pack=64" in result.stderr and "Traceback" not in result.output


def test_the_games_are_found_by_their_names_in_words() -> None:
    from bezique.games import make_game
    assert make_game("Three-handed Binocle").name == "binocle3"
    assert make_game("four handed binocle").name == "binocle4"
    assert make_game("Auction Pinochle").name == "binocleauction"
    assert make_game("Pinochle").name == "binocle"
    assert make_game("Kreutz-mariage").name == "sixtysix4"


def test_hints_in_binocle_come_from_the_rule_player_which_says_why(tmp_path: Path) -> None:
    result = play("--game", "binocle", "--seed", "4", "--opponent", "random", "--record",
                  str(tmp_path / "h.txt"), "--display", "plain", "--hints",
                  stdin="hint\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Hint: the rule-based player would choose" in out and "Why:" in out


def test_a_partnership_win_is_told_by_the_partners_names(tmp_path: Path) -> None:
    result = play("--game", "binocle4", "--option", "mode=partners", "--seed", "5",
                  "--record", str(tmp_path / "p.txt"), "--display", "plain",
                  stdin="1\n" * 20000)
    assert result.exit_code == 0, result.output
    final = [x for x in result.output.splitlines() if x.startswith("Match over: ")]
    assert len(final) == 1 and " & " in final[0] and "side " not in final[0], final
