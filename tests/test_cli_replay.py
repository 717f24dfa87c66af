"""``bezique replay``: the score sheet of a record, its JSON form, and clean errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import bezique.cli.replay  # noqa: F401  (adds the command to the group)
from bezique.bots import RandomBot
from bezique.cli.main import cli
from bezique.core.match import Match
from bezique.games import GAMES, make_game
from bezique.record import MAX_RECORD_BYTES, Record, dumps, record_from_match, write


def play(seed: int, stop_after: int | None = None) -> Match:
    match = Match(make_game("bezique", {"game_target": 1000}), seed=seed)
    bot = RandomBot(seed)
    n = 0
    while not match.is_over() and (stop_after is None or n < stop_after):
        match.apply(bot.choose(match.state))
        n += 1
    return match


@pytest.fixture(scope="module")
def finished() -> tuple[Match, Record]:
    match = play(21)
    return match, record_from_match(match, ("Alice", "Computer"), ("human", "random"),
                                    date="2026-11-29")


def run(*args: str, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(cli, ["replay", *args], input=stdin)


def assert_clean_failure(result: Result, *fragments: str) -> str:
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    err = result.stderr
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("bezique replay: error: ")
    for f in fragments:
        assert f in lines[0], lines[0]
    return lines[0]


def test_prints_the_score_sheet_of_a_finished_match(finished: tuple[Match, Record],
                                                    tmp_path: Path) -> None:
    match, record = finished
    path = tmp_path / "game.bzq"
    write(path, record)
    result = run(str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Bézique: Alice (human) v Computer (random)\n")
    assert match.sheet.text(("Alice", "Computer")) in out
    winner = match.sheet.winner
    assert winner is not None
    assert out.rstrip().endswith(f"match over after {len(match.deals)} deals: "
                                 f"{record.players[winner]} (seat {winner}) wins")


def test_json_summary(finished: tuple[Match, Record], tmp_path: Path) -> None:
    match, record = finished
    path = tmp_path / "game.bzq"
    write(path, record)
    result = run(str(path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "bezique"
    assert data["options"] == {}
    assert data["players"] == [{"name": "Alice", "kind": "human"},
                               {"name": "Computer", "kind": "random"}]
    assert data["sheet"] == match.sheet.to_json()
    assert data["deals"] == len(match.deals)
    assert data["finished"] is True
    assert data["winner"] == match.sheet.winner
    assert data["winner_name"] == record.players[match.sheet.winner]
    assert data["seed"] == 21 and data["date"] == "2026-11-29"


def test_unfinished_match_is_reported_as_such(tmp_path: Path) -> None:
    match = play(8, stop_after=100)
    path = tmp_path / "saved.bzq"
    write(path, record_from_match(match, ("Ann", "Bob"), ("human", "human"),
                                  date=None))
    seat = match.current_player()
    result = run(str(path))
    assert result.exit_code == 0, result.output
    name = ("Ann", "Bob")[seat]
    assert result.stdout.rstrip().endswith(
        f"match not over: deal {len(match.deals)} in progress, {name} (seat {seat}) to act")
    data = json.loads(run(str(path), "--json").stdout)
    assert data["finished"] is False and data["winner"] is None
    assert data["sheet"]["deals"] == match.sheet.to_json()["deals"]


def test_options_are_shown(tmp_path: Path) -> None:
    match = Match(make_game("bezique", {"game_target": 2000}), seed=1)
    path = tmp_path / "opts.bzq"
    write(path, record_from_match(match, date=None))
    result = run(str(path))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].endswith("[game_target=2000]")
    assert json.loads(run(str(path), "--json").stdout)["options"] == {"game_target": "2000"}


def test_reads_standard_input(finished: tuple[Match, Record]) -> None:
    match, record = finished
    result = run("-", "--json", stdin=dumps(record))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["sheet"] == match.sheet.to_json()


def test_missing_file_exits_2_with_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.bzq"
    assert_clean_failure(run(str(missing)), f"cannot read {missing}", "No such file")


def test_directory_exits_2_with_one_line(tmp_path: Path) -> None:
    assert_clean_failure(run(str(tmp_path)), f"cannot read {tmp_path}")


def test_binary_file_exits_2_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes(range(128, 256)) * 4)
    assert_clean_failure(run(str(path)), "not a text record")


@pytest.mark.parametrize(("text", "fragments"), [
    ("hello world\n", ("line 1", "[Game")),
    ('[Game "bezique"]\n[Colour "blue"]\n', ("line 2", "unknown header 'Colour'")),
    ('[Game "bezique"]\nDeal 1 dealer 0\nPack: QS JD\n', ("line 3", "wrong pack")),
    ('[Game "bezique"]\nDeal 1 dealer 0\nPack: QS XX\n', ("line 3", "bad card")),
])
def test_malformed_file_exits_2_with_one_line(text: str, fragments: tuple[str, ...],
                                              tmp_path: Path) -> None:
    path = tmp_path / "bad.bzq"
    path.write_text(text, encoding="utf-8")
    message = assert_clean_failure(run(str(path)), *fragments)
    assert message.startswith(f"bezique replay: error: {path}: line ")
    assert_clean_failure(run(str(path), "--json"), *fragments)


def test_illegal_action_exits_2_naming_deal_and_action(finished: tuple[Match, Record],
                                                       tmp_path: Path) -> None:
    _, record = finished
    lines = dumps(record).splitlines()
    # the first action of deal 2 is a lead; a lead cannot be "draw"
    i = lines.index("Deal 2 dealer 1") + 2
    seat = lines[i].split()[0]
    lines[i] = f"{seat} draw"
    path = tmp_path / "illegal.bzq"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_clean_failure(run(str(path)), f"line {i + 1}: deal 2, action 1", "'draw'")


def test_tampered_points_exit_2(finished: tuple[Match, Record], tmp_path: Path) -> None:
    _, record = finished
    lines = dumps(record).splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("Points: "))
    a, b = lines[i].split()[1:]
    lines[i] = f"Points: {a} {int(b) + 1}"
    path = tmp_path / "tampered.bzq"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_clean_failure(run(str(path)), f"line {i + 1}: deal 1: the record gives points",
                         "replay scores")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_replays_from_the_command_line(name: str, tmp_path: Path) -> None:
    match = Match(make_game(name), seed=3, first_dealer=1)
    bot = RandomBot(3)
    while not match.is_over():
        match.apply(bot.choose(match.state))
    path = tmp_path / f"{name}.txt"
    write(path, record_from_match(match, date=None))
    result = run(str(path))
    assert result.exit_code == 0, result.output
    names = tuple(f"Player {seat}" for seat in range(match.game.num_players))
    assert result.stdout.startswith(
        f"{match.game.title}: " + " v ".join(f"{n} (unknown)" for n in names))
    assert match.sheet.text(names) in result.stdout
    data = json.loads(run(str(path), "--json").stdout)
    assert data["game"] == name and data["finished"] is True
    assert data["players"] == [{"name": n, "kind": "unknown"} for n in names]
    assert data["sheet"] == match.sheet.to_json()
    winner = match.sheet.winner  # a seat, or on a sheet of sides a side
    assert winner is not None and data["winner"] == winner
    assert data["winner_name"] == match.sheet.labels(names)[winner]


# -- the record limits and the format version ------------------------------------------------

def test_file_over_the_record_limit_exits_2_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "huge.bzq"
    with open(path, "wb") as f:  # sparse: no room taken on the disk
        f.write(b'[Game "bezique"]\n')
        f.truncate(MAX_RECORD_BYTES + 1)
    assert_clean_failure(run(str(path)), f"{path}: the record is 16,777,217 bytes",
                         "at most 16,777,216 bytes")


@pytest.mark.parametrize(("data", "fragments"), [
    (b'[Game "' + b"a" * 100_000, ("line 1: longer than 8,192 bytes",)),
    (b'[Game "bezique"]\n' + b"0 QS\n" * 3000, ("line 2", "missing 'Deal N dealer D'",)),
    (bytes(range(128, 256)) * 64, ("line 1: not a text record",)),
    (bytes(range(256)) * 64, ("line 1: the record must begin with a [Game",)),
    (b'[Format "3"]\n[Game "bezique"]\n', ("line 1: format version 3 is not known",
                                           "this reader knows versions 1 and 2")),
])
def test_hostile_file_or_input_exits_2_with_one_line(data: bytes, fragments: tuple[str, ...],
                                                     tmp_path: Path) -> None:
    path = tmp_path / "bad.bzq"
    path.write_bytes(data)
    assert_clean_failure(run(str(path)), *fragments)
    assert_clean_failure(run("-", stdin=data), *fragments)


def test_standard_input_is_read_no_further_than_the_limit() -> None:
    # a pipe cannot be measured first: reading stops at the limit
    data = b'[Game "bezique"]\n' + (b"# " + b"x" * 1000 + b"\n") * (MAX_RECORD_BYTES // 1000)
    assert_clean_failure(run("-", stdin=data),
                         "-: the record is more than 16,777,216 bytes")


def test_records_written_before_the_format_header_still_replay(
        finished: tuple[Match, Record], tmp_path: Path) -> None:
    match, record = finished
    text = dumps(record)
    assert text.startswith('[Format "1"]\n')
    path = tmp_path / "old.bzq"
    path.write_text(text.removeprefix('[Format "1"]\n'), encoding="utf-8")
    result = run(str(path), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["sheet"] == match.sheet.to_json()


# -- tables of three to six seats --------------------------------------------------------------

def test_a_table_of_four_partners_prints_its_sheet_of_sides(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import random

    from test_core_game import Follow, FollowOptions
    monkeypatch.setitem(GAMES, "follow", Follow)
    match = Match(Follow(FollowOptions(partners="opposite")), seed=6, first_dealer=2)
    rng = random.Random(6)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    names = ("North", "East", "South", "West")
    path = tmp_path / "four.txt"
    write(path, record_from_match(match, names, ("human", "rules", "rules", "rules"),
                                  date=None))
    result = run(str(path))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("Follow: North (human) v East (rules) v South (rules) v West (rules)"
                        " [partners=opposite]")
    assert lines[1].split() == ["deal", "dealer", "North", "&", "South", "East", "&", "West"]
    assert lines[2].split()[:2] == ["1", "South"]
    winner = match.sheet.winner
    assert winner is not None
    pair = ("North & South", "East & West")[winner]
    assert lines[-1] == f"match over after {len(match.deals)} deals: {pair} (side {winner}) win"
    data = json.loads(run(str(path), "--json").stdout)
    assert [p["name"] for p in data["players"]] == list(names)
    assert data["winner"] == winner and data["winner_name"] == pair
    assert data["sheet"]["sides"] == [0, 1, 0, 1]
    assert data["sheet"]["totals"] == match.sheet.totals


def test_a_table_of_three_in_progress_names_the_seat_to_act(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import random

    from test_core_game import Follow, FollowOptions
    monkeypatch.setitem(GAMES, "follow", Follow)
    match = Match(Follow(FollowOptions(players=3)), seed=2)
    rng = random.Random(2)
    for _ in range(4):
        match.apply(rng.choice(match.state.legal_actions()))
    path = tmp_path / "three.txt"
    write(path, record_from_match(match, ("A", "B", "C"), date=None))
    result = run(str(path))
    assert result.exit_code == 0, result.output
    seat = match.current_player()
    assert result.stdout.splitlines()[-1] == (
        f"match not over: deal 1 in progress, {'ABC'[seat]} (seat {seat}) to act")
