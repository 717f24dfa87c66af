"""``bezique review RECORD``: each decision of the person weighed by a search player, the
ones that lost expected points marked with the better choice; the same review each time;
bad arguments refused with their reason."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bezique.bots import RandomBot, make_bot
from bezique.cli import main as _main
from bezique.cli import review as _review  # adds the command to ``cli``
from bezique.cli.main import cli
from bezique.core.cards import Card
from bezique.core.match import Match
from bezique.games import make_game
from bezique.present import show
from bezique.record import read, record_from_match, write

_main._register()  # bezique play too

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


# -- one evaluation for the hint and the review; the position, the unit, the error -------

HINT_ROW = re.compile(r"^\s+(\d+): (\S+)\s+([+-]\d+\.\d+)\s+(\d+\.\d+|-)\s*$", re.MULTILINE)


def hint_rows(text: str) -> list[tuple[str, str, str]]:
    """The rows of a hint's table: (card as written, value, standard error)."""
    return [(card, value, error) for _, card, value, error in HINT_ROW.findall(text)]


def test_the_hint_and_the_review_give_one_position_the_same_values(tmp_path: Path) -> None:
    """The fault: the hint ranked one card best and the review of the same record then
    said that card lost to another, each from its own random worlds. Both now weigh a
    position with one evaluation seeded from the position: the same best choice and the
    same values (and errors) to the shown precision."""
    path = tmp_path / "m.txt"
    played = CliRunner().invoke(cli, [
        "play", "--game", "sixtysix", "--seed", "3", "--opponent", "random", "--hints",
        "--hint-player", REVIEWER, "--first-dealer", "computer", "--record", str(path)],
        input="hint\n1\nquit\n")
    assert played.exit_code == 0, played.output
    rows = hint_rows(played.output)
    assert len(rows) == 8, played.output  # the six cards of the opening lead, close, claim
    best = re.search(r"Hint: the pimc player would choose \d+: (\S+)\.", played.output)
    assert best, played.output
    out = json.loads(review(str(path), "--player", REVIEWER, "--json").output)
    first = out["decisions"][0]
    assert (first["deal"], first["move"], first["seat"]) == (1, 1, 0)  # the hinted position
    assert first["best"] == _notation(best.group(1))
    shown = {_notation(label): (value, error) for label, value, error in rows}
    assert shown == {a: (f"{v:+.2f}", f"{first['errors'][a]:.2f}")
                     for a, v in first["values"].items()}


def test_a_marked_decision_is_shown_with_its_trick_and_hand(tmp_path: Path) -> None:
    path = sixtysix_record(tmp_path, claim_first=True)
    text = review(str(path), "--player", REVIEWER, "--deal", "1").output
    record = read(path)
    state = record.make_game().deal_in_match(record.deals[0].dealer, record.deals[0].pack,
                                             record.make_game().new_sheet())
    hand = {Card(c) for c in state.observation(1).hand}
    m = re.search(r"^\s+trick 1 · trumps \S · hand: (.*?) · to lead$", text, re.MULTILINE)
    assert m, text
    assert {Card.parse(c) for c in m.group(1).split()} == hand
    # the position comes right after the decision it belongs to
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "move 1: Ann played claim" in line)
    after = [line.strip() for line in lines[at + 1:at + 3]]  # the decision's line may wrap
    assert after[0].startswith("trick 1 ·") or after[1].startswith("trick 1 ·"), after


def test_the_review_gives_the_unit_and_the_standard_error_of_each_value(tmp_path: Path) -> None:
    path = sixtysix_record(tmp_path, claim_first=True)
    out = json.loads(review(str(path), "--player", REVIEWER, "--deal", "1", "--json").output)
    assert out["unit"] == "game points"
    first = out["decisions"][0]
    assert set(first["errors"]) == set(first["values"]) and first["samples"] == 6
    # claiming with no point loses in every world alike: no spread; a card's value does
    # vary with the worlds
    assert first["errors"]["claim"] == 0
    assert any(e > 0 for e in first["errors"].values())
    text = review(str(path), "--player", REVIEWER, "--deal", "1").output
    assert "expected game points" in text and "± s.e." in text
    assert "standard error" in text and "6 worlds" in text
    for a, v in first["values"].items():
        card = a if a in ("claim", "close") else _shown(a)
        value, error = f"{v:+.2f}", f"{first['errors'][a]:.2f}"
        assert re.search(rf"^\s+{re.escape(card)}\s+{re.escape(value)}\s+{re.escape(error)}\b",
                         text, re.MULTILINE), (a, text)
    lost = f"{first['loss']:.2f} game points lost"
    assert lost in text and "game points expected lost in all" in text


def test_the_review_shows_its_progress_on_a_terminal_and_nothing_through_a_pipe(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = sixtysix_record(tmp_path, claim_first=False)
    record = read(path)
    player = make_bot(REVIEWER, record.make_game(), 0)

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    moves = sum(1 for seat, _ in record.deals[0].actions if seat == 1)
    found = _review._run(record, player, [1], 0.5, 0, (1,), moves)
    assert found and "reviewing deal 1, move" in err.getvalue()
    assert f"{moves}/{moves}" in err.getvalue()  # every action of the seat counted
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    assert _review._run(record, player, [1], 0.5, 0, (1,), moves) == found
    assert pipe.getvalue() == ""


def _shown(notation: str) -> str:
    return show(Card.parse(notation))


def _notation(label: str) -> str:
    """A choice as a hint's table writes it (``10♠``, ``close``) in notation."""
    return label if label.isalpha() else Card.parse(label).notation()
