"""Whole matches of the Bézique family played under the laws at the terminal (``bezique
play --laws``), seeded, the player's input scripted: the draws after each trick made by
the table in their order, one irregularity committed by the player and ruled on, the
computer's election taken, and every deal's referee file ruled on again by ``bezique
referee``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

import bezique.cli.main as cli_main
from bezique.laws.referee import referee


def play(game: str, seed: int, lines: list[str], tmp_path: Path) -> Result:
    """A whole match: ``lines`` first, then the first choice at every prompt."""
    cli_main._register()
    stdin = "".join(x + "\n" for x in lines) + "1\n" * 4000
    r = CliRunner().invoke(cli_main.cli, [
        "play", "--game", game, "--laws", "--seed", str(seed), "--display", "plain",
        "--record", str(tmp_path / "m.txt")], input=stdin)
    assert r.exit_code == 0, r.output
    assert "Match over" in r.output
    return r


def deals_agree_with_the_referee(tmp_path: Path, out: str) -> list[str]:
    """Each deal's file, ruled on again by the referee, has its settlement; the lines."""
    files = sorted(tmp_path.glob("m-deal*.txt"), key=lambda f: int(f.stem[6:]))
    assert files and not (tmp_path / "m.txt").exists()
    rulings = []
    for f in files:
        verdict = referee(f.read_text())
        assert verdict.settlement is not None, f
        rulings += verdict.lines()
    return rulings


def flat(r: Result) -> str:
    return " ".join(r.output.split())


def test_bezique_match_under_the_laws_bz80_a_draw_out_of_turn_restored(
        tmp_path: Path) -> None:
    # seed 5: after the player's fifth choice the computer wins a trick; the table stops
    # for the player before the winner draws, and he draws
    r = play("bezique", 5, ["1"] * 5 + ["draw"], tmp_path)
    out = flat(r)
    assert "The laws: seat 1 won the trick and declares and draws first" in out
    assert "Law BZ 80: seat 0 draws out of turn (seat 1 draws first)" in out
    assert "Law BZ 80: seat 0 restores the card drawn out of turn" in out
    assert out.count("Law BZ 80") == 2  # the other draws are made in their order
    rulings = deals_agree_with_the_referee(tmp_path, out)
    assert any("restores the card drawn out of turn" in x for x in rulings)


def test_rubicon_match_under_the_laws_rb30_revoke_in_the_last_tricks_replayed(
        tmp_path: Path) -> None:
    # seed 6: at the 111th prompt (trick 56, the last nine tricks) the computer leads
    # 7♦; the player throws 7♦, which follows but does not win when he could
    r = play("rubicon", 6, ["1"] * 110 + ["7D"], tmp_path)
    out = flat(r)
    assert "Law RB 30: seat 0 plays 7D, failing to follow suit or to win" in out
    assert "Law RB 30: seat 1 compels seat 0 to take back his cards to trick 56" in out
    after = r.output.split("replayed from there", 1)[1]
    assert "You make clubs" not in after.split("Deal 2", 1)[0]  # the deal is not retold
    rulings = deals_agree_with_the_referee(tmp_path, out)
    assert any("compels seat 0 to take back" in x for x in rulings)


def test_binocle_match_under_the_laws_bn44_two_cards_drawn_the_second_shown(
        tmp_path: Path) -> None:
    # seed 5: the player's fourth choice is his draw after a trick he won
    r = play("binocle", 5, ["1"] * 3 + ["draw two seen"], tmp_path)
    out = flat(r)
    assert "Law BN 44: seat 0 draws two cards and has seen the second, his adversary's" in out
    rulings = deals_agree_with_the_referee(tmp_path, out)
    assert any("draws two cards" in x for x in rulings)


def test_sixtysix_match_under_the_laws_ss27_a_look_back_loses_the_closing(
        tmp_path: Path) -> None:
    # seed 5: the player's fifth prompt is his lead at trick 3, closing allowed
    r = play("sixtysix", 5, ["1"] * 4 + ["look", "close"], tmp_path)
    out = flat(r)
    assert "Law SS 27: seat 0 looks at a trick before the last turned and quitted" in out
    assert "Not under the laws: seat 0 looked at a quitted trick: he has lost the" \
        " privilege of closing (Law SS 27)." in out
    rulings = deals_agree_with_the_referee(tmp_path, out)
    assert any("loses the privilege of closing" in x for x in rulings)
