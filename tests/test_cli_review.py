"""``bezique review RECORD``: each decision of the person weighed by a search player, the
ones that lost expected points marked with the better choice; the same review each time;
bad arguments refused with their reason."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner, Result

from bezique.bots import RandomBot
from bezique.cli import review as _review  # noqa: F401  (adds the command to ``cli``)
from bezique.cli.main import cli
from bezique.core.match import Match
from bezique.games import make_game
from bezique.record import record_from_match, write

REVIEWER = "pimc:iterations=6"


def review(*args: str) -> Result:
    return CliRunner().invoke(cli, ["review", *args])


def sixtysix_record(tmp_path: Path, *, claim_first: bool) -> Path:
    """The first deal of a Sixty-Six match of a person (seat 1, who leads it) against the
    random player, the person's moves random too; with ``claim_first`` the person claims
    66 at his first turn, with no points at all: a claim that loses the deal (Sixty-Six:
    a wrong claim)."""
    match = Match(make_game("sixtysix"), seed=5)
    bot = RandomBot(1)
    if claim_first:
        assert match.state.current_player() == 1
        match.apply_text("claim")
    while len(match.deals) == 1:
        match.apply(bot.choose(match.state))
    path = tmp_path / "match.txt"
    write(path, record_from_match(match, ("Bob", "Ann"), ("random", "human"), date=None))
    return path


def test_a_losing_claim_is_marked_with_the_better_choice(tmp_path: Path) -> None:
    path = sixtysix_record(tmp_path, claim_first=True)
    result = review(str(path), "--player", REVIEWER, "--deal", "1", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["seats"]["1"]["name"] == "Ann" and out["reviewer"] == REVIEWER
    first = out["decisions"][0]
    assert (first["deal"], first["move"], first["seat"], first["played"]) == (1, 1, 1, "claim")
    assert first["marked"] and first["best"] != "claim"
    # a claim with no points loses the deal at once: 2 game points at least (the other
    # side has taken no trick: 3), so the loss is counted from that
    assert first["played_value"] <= -2
    assert first["loss"] == round(first["values"][first["best"]] - first["played_value"], 3)
    for d in out["decisions"]:
        assert d["seat"] == 1  # only the person's decisions
        assert d["best"] == max(d["values"], key=lambda a: d["values"][a])
        assert d["marked"] == (d["loss"] >= out["threshold"])
    text = review(str(path), "--player", REVIEWER, "--deal", "1")
    assert text.exit_code == 0, text.output
    assert "move 1: Ann played claim; pimc:iterations=6 prefers" in text.output
    assert "Ann: " in text.output and "marked" in text.output


def test_a_review_is_the_same_each_time_and_follows_its_seed(tmp_path: Path) -> None:
    path = sixtysix_record(tmp_path, claim_first=False)
    runs = [review(str(path), "--player", REVIEWER, "--json", "--seed", "3").output
            for _ in range(2)]
    assert runs[0] == runs[1]
    decisions = json.loads(runs[0])["decisions"]
    assert decisions and all(len(d["values"]) >= 2 for d in decisions)


def test_every_seat_may_be_reviewed_and_every_decision_listed(tmp_path: Path) -> None:
    path = sixtysix_record(tmp_path, claim_first=False)
    out = json.loads(review(str(path), "--player", REVIEWER, "--seat", "0", "--seat", "1",
                            "--json").output)
    assert {d["seat"] for d in out["decisions"]} == {0, 1}
    text = review(str(path), "--player", REVIEWER, "--all").output
    assert text.count(" played ") == sum(d["seat"] == 1 for d in out["decisions"])


def test_bad_arguments_are_refused_naming_what_is_wrong(tmp_path: Path) -> None:
    path = sixtysix_record(tmp_path, claim_first=False)
    cases = [
        (["--player", "rules"], "review needs a search player"),
        (["--player", "pimc:depth=3"], "depth"),
        (["--seat", "5"], "--seat 5: the table has seats 0 to 1"),
        (["--deal", "9"], "--deal 9: the record has"),
    ]
    for args, words in cases:
        result = review(str(path), *args)
        assert result.exit_code == 2 and words in result.output, (args, result.output)
    missing = review(str(tmp_path / "none.txt"))
    assert missing.exit_code == 2 and "cannot read" in missing.output
    bad = tmp_path / "bad.txt"
    bad.write_text(path.read_text().replace("Pack:", "Pick:"))
    broken = review(str(bad))
    assert broken.exit_code == 2 and "bad.txt" in broken.output
    machine = Match(make_game("sixtysix"), seed=1)
    rng = random.Random(1)
    while not machine.state.is_terminal():
        machine.apply(rng.choice(machine.state.legal_actions()))
    bots = tmp_path / "bots.txt"
    write(bots, record_from_match(machine, ("A", "B"), ("random", "random"), date=None))
    none = review(str(bots))
    assert none.exit_code == 2 and "no human seat" in none.output
