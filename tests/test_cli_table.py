"""The card table of ``bezique play`` and the faults found when it was tried as a new user
would: what the screen shows, what it accepts back, how it saves, and what hostile input
cannot do."""

from __future__ import annotations

import collections
import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from bezique.cli import main as cli_main
from bezique.cli import play as play_module
from bezique.cli.render import RichRenderer, screen_lines
from bezique.core.cards import Card, Suit, parse_cards
from bezique.core.events import DrewLast, Exchanged
from bezique.core.match import Match
from bezique.games import make_game
from bezique.games.bezique import Bezique, BeziqueState
from bezique.games.sixtysix import SixtySix
from bezique.present import (
    BeziqueView,
    Seats,
    SixtySixView,
    build_screen,
    use_symbols,
)
from bezique.record import read, replay

cli_main._register()
cli = cli_main.cli

CARD = r"(?:10|[2-9JQKA])[♣♦♥♠]"
PROMPT = "Your choice ["
PAUSE = "Press Enter for the next deal"


def play(*args: str, stdin: str | bytes = "", env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, ["play", *args], input=stdin, env=env)


def flat(text: str) -> str:
    return " ".join(text.split())


def hands_shown(output: str) -> list[str]:
    """Each hand shown, its lines (a long hand goes on under itself) joined."""
    return [" ".join(m.group(1).split())
            for m in re.finditer(r"^Your hand:  (.*(?:\n {12}\S.*)*)$", output, re.MULTILINE)]


def cards_of(line: str) -> list[Card]:
    return [Card.parse(t) for t in re.findall(CARD, line)]


@pytest.fixture(autouse=True)
def _symbols() -> Any:
    use_symbols(True)
    yield
    use_symbols(True)


# -- the hand and its numbers ---------------------------------------------------------------

def _duplicates_position() -> BeziqueState:
    return BeziqueState.position(
        Bezique(), hands=[parse_cards("QS QS AH TH 9C 7D 7D JC"),
                          parse_cards("7H 8H 9H 7S 8S 9S TC 8C")],
        trump=Suit.HEARTS, turn_up=Card.parse("AD"), stock=parse_cards("KC KD KH KS"),
        dealer=1, to_move=0, phase="lead")


def _bezique_screen(story: tuple[str, ...] = ()) -> Any:
    state = _duplicates_position()
    return build_screen(BeziqueView(), state, Seats(0, ("You", "Computer")),
                        Match(state.game, seed=1), list(story))


def test_the_hand_numbers_match_the_cards_shown_even_with_duplicates() -> None:
    state = _duplicates_position()
    screen = _bezique_screen()
    line = next(x for x in screen_lines(screen) if x.startswith("Your hand:"))
    # trumps first (hearts), the suits alternating in colour, high to low
    assert line == "Your hand:  1 A♥  2 10♥ | 3 Q♠ Q♠ | 4 J♣  5 9♣ | 6 7♦ 7♦"
    assert sorted(cards_of(line)) == sorted(state.observation(0).hand)  # every card shown
    # the number before a card plays that card
    for spot in (s for g in screen.hand for s in g):
        action = screen.actions[spot.number - 1]  # type: ignore[operator]
        assert action.card == spot.cards[0]  # type: ignore[attr-defined]
    assert len(screen.actions) == len(state.legal_actions())


def test_the_last_eight_shows_the_cards_that_cannot_be_played_in_brackets() -> None:
    game = Bezique()
    state = BeziqueState.position(
        game, hands=[parse_cards("AH 7H 9C"), parse_cards("8S 9S")], trump=Suit.CLUBS,
        turn_up=None, stock=[], dealer=0, to_move=0, phase="follow", lead=Card.parse("8H"),
        tricks=29)
    screen = build_screen(BeziqueView(), state, Seats(0, ("You", "Computer")),
                          Match(game, seed=1), [])
    line = next(x for x in screen_lines(screen) if x.startswith("Your hand:"))
    assert line == "Your hand:  (9♣) | 1 A♥  (7♥)"  # must follow suit and win


def test_a_whole_match_names_every_card_drawn(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    result = play("--seed", "11", "--opponent", "random", "--record", str(path),
                  stdin="1\n" * 3000)
    assert result.exit_code == 0, result.output
    told = [cards_of(m) for m in re.findall(r"^ +You draw ((?!the last card).*)\.$",
                                                result.output, re.M)]
    # the oracle: replay the record, and see what the human's holding gained at each draw
    record = read(path)
    human = record.kinds.index("human")
    game = make_game(record.game, record.options)
    expected = []
    for deal in record.deals:
        state = game.deal(deal.dealer, pack=deal.pack)
        for _, text in deal.actions:
            o = state.observation(human)
            before = collections.Counter(list(o.hand) + list(o.tables[human]))
            seen = len(state.events())
            state.apply(state.parse_action(text))
            o = state.observation(human)
            gained = collections.Counter(list(o.hand) + list(o.tables[human])) - before
            for e in state.events()[seen:]:
                if isinstance(e, DrewLast) and e.taker == human:
                    gained[e.turn_up] -= 1  # the turn-up, told in public
                if isinstance(e, Exchanged):
                    gained[e.took] -= 1  # the turn-up taken in exchange, public
            if +gained:
                expected.append(sorted(+gained))
    assert [sorted(t) for t in told] == expected
    assert len(told) >= 20
    assert "the last card of the stock" in result.output
    assert re.search(rf"take the turn-up {CARD}", result.output)


# -- the end of a deal -----------------------------------------------------------------------

def _breakdowns(output: str) -> list[dict[str, list[int]]]:
    tables = []
    for block in output.split("Deal ")[1:]:
        if not re.match(r"\d+ is over\.", block):
            continue
        rows: dict[str, list[int]] = {}
        for line in block.splitlines()[2:]:
            m = re.match(r"^  ([a-z][a-z ]*?) +(-?\d+) +(-?\d+)$", line)
            if not m:
                break
            rows[m.group(1)] = [int(m.group(2)), int(m.group(3))]
        tables.append(rows)
    return tables


@pytest.mark.parametrize("game,kinds", [
    ("bezique", ("declarations", "brisques", "the seven of trumps", "last trick")),
    ("sixtysix", ("counting cards", "marriages", "last trick"))])
def test_each_deal_ends_with_a_breakdown_that_adds_up(tmp_path: Path, game: str,
                                                        kinds: tuple[str, ...]) -> None:
    path = tmp_path / "r.txt"
    result = play("--game", game, "--seed", "8", "--opponent", "random", "--record",
                  str(path), stdin="1\n" * 3000)
    assert result.exit_code == 0, result.output
    match = replay(read(path))
    tables = _breakdowns(result.output)
    assert len(tables) == len(match.deals)
    for rows, log in zip(tables, match.deals, strict=True):
        assert tuple(k for k in rows if k != "total") == kinds
        for seat in (0, 1):
            assert sum(rows[k][seat] for k in kinds) == rows["total"][seat]
        if game == "bezique":  # the deal's points go to the sheet as they are
            assert log.result is not None
            assert tuple(rows["total"]) == tuple(log.result.points)
    # a pause before each next deal, and the result said once at the end
    assert result.output.count(PAUSE) == len(match.deals) - 1
    assert result.output.count("Match over") == 1


def test_quit_at_the_pause_between_deals_saves_and_stops(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    args = ("--seed", "8", "--opponent", "random", "--record", str(path))
    whole = play(*args, stdin="1\n" * 3000).output
    first_deal = whole.split(PAUSE)[0].count(PROMPT)
    path.unlink()
    result = play(*args, stdin="1\n" * first_deal + "quit\n" + "1\n" * 100)
    out = result.output
    assert result.exit_code == 0, out
    assert out.count(PAUSE) == 1 and "Saved. The match is in" in out
    assert PROMPT not in out.split(PAUSE)[1]  # nothing played after the quit
    assert len(read(path).deals) == 2  # the next deal, dealt and not yet begun


# -- one order of players everywhere -------------------------------------------------------

def test_the_players_are_listed_in_one_order_everywhere(tmp_path: Path) -> None:
    result = play("--seed", "8", "--opponent", "random", "--name", "Ann", "--first-dealer",
                  "computer", "--record", str(tmp_path / "r.txt"), stdin="1\n" * 70 + "score\n")
    out = result.output
    orders = []
    for header in re.findall(r"^ +deal +dealer +(\w+) +(\w+)$", out, re.M):
        orders.append(header)
    for first, second in re.findall(r"^ {20,}(\w+) +(\w+)$", out, re.M):  # the breakdown
        orders.append((first, second))
    seat_rows = re.findall(r"^  (You|Computer)\b", out, re.M)
    assert seat_rows[:2] == ["You", "Computer"]
    m = re.search(r"This deal so far: (You) \d+, (Computer) \d+", out)
    assert m
    assert set(orders) == {("Ann", "Computer"), ("You", "Computer")}


# -- the notation on screen is accepted back ----------------------------------------------

_VALUE = re.compile(r" \((?:\d+|[^()]*)\)")


def _typed(label: str) -> str:
    """A label as a player would type it from the screen: the notes in brackets left
    out."""
    return _VALUE.sub("", label)


@pytest.mark.parametrize("game_name", ["bezique", "sixtysix"])
def test_every_choice_reads_back_as_the_screen_writes_it(game_name: str) -> None:
    game = make_game(game_name)
    view = BeziqueView() if game_name == "bezique" else SixtySixView()
    rng = random.Random(5)
    checked = 0
    for deal in range(40):
        state = game.deal(deal % 2, seed=deal)
        while not state.is_terminal():
            seat = state.current_player()
            screen = build_screen(view, state, Seats(seat, ("A", "B")), Match(game, seed=1),
                                  [])
            for number, label in screen.choices:
                action = screen.actions[number - 1]
                assert state.parse_action(_typed(label)) == action, label
                checked += 1
            for spot in (s for g in screen.hand + screen.table for s in g):
                if spot.number is not None:
                    star = "*" if screen.table and any(spot in g for g in screen.table) else ""
                    text = spot.cards[0].pretty() + star
                    assert state.parse_action(text) == screen.actions[spot.number - 1]
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 300


def test_combination_names_are_typed_with_spaces(tmp_path: Path) -> None:
    game = Bezique()
    state = BeziqueState.position(
        game, hands=[parse_cards("KH QH 7C 8C 9C 7D 8D"), parse_cards("7H 8H 9H 7S 8S 9S TC")],
        trump=Suit.HEARTS, turn_up=Card.parse("AH"), stock=parse_cards("AC AD TD JC 7S 8S"),
        dealer=1, to_move=0, phase="declare")
    assert state.parse_action("royal marriage K♥ Q♥") == state.parse_action(
        "royal-marriage KH QH")
    assert state.parse_action("Royal Marriage KH QH") in state.legal_actions()


# -- Sixty-Six: a game of memory ---------------------------------------------------------------

def test_sixtysix_hides_the_running_counts_unless_asked(tmp_path: Path) -> None:
    hidden = play("--game", "sixtysix", "--seed", "5", "--opponent", "random", "--record",
                  str(tmp_path / "a.txt"), stdin="1\n" * 6 + "score\n")
    assert hidden.exit_code == 0
    before_end = hidden.output.split("is over")[0]
    assert not re.search(r"\bcount \d", before_end)
    assert "in cards" not in before_end
    assert "the running counts are hidden" in hidden.output
    assert "game of memory" in hidden.output
    shown = play("--game", "sixtysix", "--seed", "5", "--opponent", "random", "--show-counts",
                 "--record", str(tmp_path / "b.txt"), stdin="1\n" * 6)
    assert re.search(r"\bcount 0\b", shown.output)


def _claim_number(output: str) -> int:
    found = re.findall(r"^ +(\d+) claim \(66 reached\? you count (\d+)\)$", output, re.M)
    assert found, output
    number, count = found[-1]
    assert int(count) < 66
    return int(number)


def test_sixtysix_a_claim_the_screen_shows_wrong_asks_first(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    args = ("--game", "sixtysix", "--seed", "5", "--opponent", "random", "--show-counts",
            "--first-dealer", "computer", "--record", str(path))
    first = play(*args, stdin="")
    number = _claim_number(first.output)
    path.unlink()
    result = play(*args, stdin=f"{number}\nn\n{number}\ny\n")
    out = result.output
    assert out.count("not 66: a wrong claim gives your adversary 2 game points") == 2
    actions = [t for _, t in read(path).deals[0].actions]
    assert actions.count("claim") == 1  # refused once, confirmed once
    assert "You claim 66, counting" in out


def test_sixtysix_the_trick_header_counts_the_tricks_left_after_closing() -> None:
    view = SixtySixView()
    game = SixtySix()
    seats = Seats(0, ("You", "Computer"))
    rng = random.Random(3)
    closed_deals = 0
    for deal in range(60):
        state = game.deal(deal % 2, seed=deal)
        headers: list[int] = []
        closed = False
        while not state.is_terminal():
            legal = state.legal_actions()
            close = [a for a in legal if str(a) == "close"]
            if close and not closed and state.observation(0).tricks_played >= 2:
                state.apply(close[0])
                closed = True
                continue
            seat = state.current_player()
            o = state.observation(seat)
            if closed and o.phase in ("lead", "follow"):
                head = view.heading(state, o, Seats(seat, seats.names), Match(game, seed=1))
                headers.append(int(re.search(r"trick \d+ of (\d+)", " ".join(head))[1]))
            plays = [a for a in legal if type(a).__name__ == "Play"]
            state.apply(rng.choice(plays or legal))
        if closed and headers:
            closed_deals += 1
            assert len(set(headers)) == 1  # the same total all along
            assert headers[0] < 12
            assert headers[0] == state.observation(0).tricks_played
    assert closed_deals > 10


# -- options in a player's words ------------------------------------------------------------

def test_option_errors_name_the_game_not_a_class() -> None:
    result = play("--option", "foo=1")
    assert result.exit_code == 2
    assert "unknown option 'foo' for Bézique; options: offsuit_follow_wins," in result.stderr
    assert "BeziqueOptions" not in result.stderr
    result = play("--game", "sixtysix", "--option", "foo=1")
    assert "for Sixty-Six" in result.stderr and "SixtySixOptions" not in result.stderr


@pytest.mark.parametrize("game,typed,ranks", [
    ("bezique", "2H", "A 10 K Q J 9 8 7"), ("bezique", "5♠", "A 10 K Q J 9 8 7"),
    ("sixtysix", "8H", "A 10 K Q J 9")])
def test_a_rank_the_pack_lacks_is_answered_with_the_games_ranks(
        tmp_path: Path, game: str, typed: str, ranks: str) -> None:
    result = play("--game", game, "--seed", "3", "--opponent", "random", "--record",
                  str(tmp_path / "r.txt"), stdin=typed + "\n")
    out = flat(result.output)
    assert f"there is no {typed[0]} in its pack (ranks {ranks})" in out
    assert "6 5 4 3 2" not in out


# -- saving and records -------------------------------------------------------------------

def test_an_existing_record_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    play("--seed", "3", "--opponent", "random", "--record", str(path), stdin="1\n1\nquit\n")
    before = path.read_bytes()
    result = play("--seed", "4", "--opponent", "random", "--record", str(path), stdin="1\n")
    assert result.exit_code == 2
    assert "already exists" in result.stderr and "--resume" in result.stderr
    assert path.read_bytes() == before


def test_the_resume_hint_is_a_command_that_works_where_the_user_is(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "my match.txt"
    monkeypatch.setenv("BEZIQUE_LAUNCHER", "make")
    assert play_module.resume_command(path) == f"make play ARGS='--resume '\"'\"'{path}'\"'\"''"
    monkeypatch.delenv("BEZIQUE_LAUNCHER")
    monkeypatch.setattr(sys, "argv", [".venv/bin/bezique", "play"])
    monkeypatch.setattr(play_module.shutil, "which", lambda name: None)
    assert play_module.resume_command(path) == f".venv/bin/bezique play --resume '{path}'"
    # make play tells the program so, and the program says it in its resume hint
    makefile = (Path(__file__).resolve().parents[1] / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^play:.*\n\tBEZIQUE_LAUNCHER=make \$\(BIN\)/bezique play", makefile, re.M)
    result = play("--opponent", "random", "--record", str(tmp_path / "m.txt"),
                  stdin="quit\n", env={"BEZIQUE_LAUNCHER": "make"})
    assert f"make play ARGS='--resume {tmp_path / 'm.txt'}'" in result.output


REAL_WRITER = play_module.RecordWriter


class FlakyWriter:
    """A record writer whose saves fail while ``failing`` says so."""

    failing = False
    saves = 0

    def __init__(self, path: Path, *, create: bool, story: bool = False) -> None:
        self.inner = REAL_WRITER(path, create=create, story=story)

    def save(self, record: Any) -> None:
        FlakyWriter.saves += 1
        if FlakyWriter.failing(FlakyWriter.saves):  # type: ignore[operator]
            raise OSError(28, "No space left on device")
        self.inner.save(record)


def test_every_failed_save_is_reported_and_retried(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    FlakyWriter.saves = 0
    FlakyWriter.failing = lambda n: 3 <= n <= 5  # type: ignore[assignment]
    monkeypatch.setattr(play_module, "RecordWriter", FlakyWriter)
    result = play("--seed", "3", "--opponent", "random", "--first-dealer", "computer",
                  "--record", str(path), stdin="1\n" * 6 + "quit\n")
    assert result.exit_code == 0, result.output
    assert result.stderr.count("could not be saved") == 3
    assert result.output.count("Saved again") == 1
    assert "Saved. The match is in" in result.output
    # the file holds every action taken, the failed ones included
    rec = read(path)
    assert sum(len(d.actions) for d in rec.deals) == FlakyWriter.saves - 1


def test_quit_tells_the_truth_when_the_record_cannot_be_saved(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    FlakyWriter.saves = 0
    FlakyWriter.failing = lambda n: n >= 3  # type: ignore[assignment]
    monkeypatch.setattr(play_module, "RecordWriter", FlakyWriter)
    result = play("--seed", "3", "--opponent", "random", "--first-dealer", "computer",
                  "--record", str(path), stdin="1\n1\nquit\n")
    assert result.exit_code == 1
    assert "Saved." not in result.output
    assert "could NOT be saved" in result.output


def test_the_seed_of_a_match_is_never_shown(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    result = play("--opponent", "random", "--record", str(path), stdin="1\n" * 20 + "quit\n")
    assert result.exit_code == 0
    seed = read(path).seed
    assert seed is not None and seed >= 2**64  # too large to find by trying
    shown = result.output.replace(str(path), "FILE")
    assert str(seed) not in shown and "seed" not in shown.lower()


# -- hostile input --------------------------------------------------------------------------

def test_a_line_of_thousands_of_digits_is_not_a_crash(tmp_path: Path) -> None:
    digits = "9" * 4301
    arabic = "٣" * 5000
    result = play("--seed", "3", "--opponent", "random", "--record", str(tmp_path / "r.txt"),
                  stdin=f"{digits}\n{'9' * 300}\n{arabic}\n٣\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Traceback" not in out
    assert out.count("too long") == 2
    assert "There is no choice 999999999999…" in out
    assert "Cannot read '٣'" in out
    assert digits not in out and "9" * 100 not in out


def test_an_over_long_line_is_not_echoed_back(tmp_path: Path) -> None:
    junk = "x" * 100_000
    result = play("--seed", "3", "--opponent", "random", "--record", str(tmp_path / "r.txt"),
                  stdin=f"{junk}\n{'y' * 300}\n")
    out = result.output
    assert "too long" in out
    assert "x" * 100 not in out and "y" * 100 not in out
    assert "Cannot read 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy…'" in out


def test_invalid_utf8_on_stdin_is_not_understood_not_a_crash(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "bezique"
    if not script.exists():
        pytest.skip("the bezique script is not installed next to this interpreter")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    proc = subprocess.run(
        [str(script), "play", "--seed", "1", "--opponent", "random", "--record",
         str(tmp_path / "r.txt")], input=b"\xff\xfe\xc3\n1\nquit\n", capture_output=True,
        env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("utf-8")
    assert "Cannot read" in out and "Traceback" not in proc.stderr.decode()
    assert len(read(tmp_path / "r.txt").deals[0].actions) >= 1


# -- the rich table --------------------------------------------------------------------------

def test_the_rich_table_draws_red_and_black_cards_in_a_panel() -> None:
    from rich.console import Console

    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, color_system="standard", width=100)
    RichRenderer(console).screen(_bezique_screen(("Computer leads 7♥.",)))
    out = buf.getvalue()
    assert "╭" in out and "╰" in out  # the table in a panel
    assert "\x1b[1;31mA♥" in out  # hearts in red
    assert "\x1b[1mJ♣" in out  # clubs in the default colour, bold
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
    assert "1 A♥  2 10♥ | 3 Q♠ Q♠" in plain


def test_the_rich_table_honours_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    monkeypatch.setenv("NO_COLOR", "1")
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=100)
    RichRenderer(console).screen(_bezique_screen())
    assert "\x1b[31" not in buf.getvalue() and "\x1b[1;31" not in buf.getvalue()
    assert "A♥" in buf.getvalue()


@pytest.mark.parametrize("game", ["bezique", "sixtysix"])
def test_a_whole_match_through_the_rich_display(game: str, tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    result = play("--game", game, "--display", "rich", "--seed", "12", "--record", str(path),
                  stdin="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "╭" in result.output and "Match over" in result.output
    assert replay(read(path)).is_over()


def test_letters_are_used_where_the_output_cannot_write_suit_symbols() -> None:
    from bezique.cli.render import output_takes_symbols

    assert not output_takes_symbols(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert output_takes_symbols(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    use_symbols(False)
    screen = _bezique_screen()
    line = next(x for x in screen_lines(screen) if x.startswith("Your hand:"))
    assert line == "Your hand:  1 AH  2 TH | 3 QS QS | 4 JC  5 9C | 6 7D 7D"


@pytest.mark.parametrize("won,asks", [("JS JH", True), ("AS TS AD TD TH", False)])
def test_sixtysix_showing_a_marriage_short_of_66_asks_first(won: str, asks: bool) -> None:
    from bezique.games.sixtysix import SixtySixState

    state = SixtySixState.position(
        SixtySix(), hands=[parse_cards("9C JC 9D JD QD KS"), parse_cards("KH QH AC TC KD QC")],
        trump=Suit.SPADES, turn_up=Card.parse("AH"),
        stock=parse_cards("KC QS 9H"), dealer=0, to_move=1,
        won=[(), parse_cards(won)])
    show = next(a for a in state.legal_actions() if type(a).__name__ == "Show")
    assert (SixtySixView(show_counts=True).confirm(state, show) is not None) == asks
    assert SixtySixView(show_counts=False).confirm(state, show) is None  # never a giveaway


def test_a_legal_announcement_the_list_leaves_out_is_taken_as_typed(tmp_path: Path) -> None:
    game = Bezique()
    state = BeziqueState.position(
        game, hands=[parse_cards("KC QC KD QD 7H 8H 9H"), parse_cards("7S 8S 9S 7C 8C 9C TC")],
        trump=Suit.HEARTS, turn_up=Card.parse("AH"), stock=parse_cards("AC AD TD JC 7D 8D"),
        dealer=1, to_move=0, phase="declare")
    match = Match(game, seed=1)
    session = play_module.Session(match, Seats(0, ("You", "Computer")), ("human", "random"),
                                  None, None, False, tmp_path / "r.txt", None)  # type: ignore[arg-type]
    typed = "marriage K♣ Q♣ + marriage K♦ Q♦"
    choices = build_screen(BeziqueView(), state, session.seats, match, []).actions
    action, problem = session.read_action(state, typed, choices)
    assert action is not None and action not in choices, problem  # BZ 54: legal, not listed
    state.apply(action)
    assert state.scores()[0] == 20 and len(state.observation(0).carried[0]) == 1


# -- the rest of the family at the table ---------------------------------------------------

@pytest.mark.parametrize("game,seats", [("rubicon", 2), ("chinese", 2), ("bezique3", 3),
                                        ("bezique4", 4)])
def test_a_whole_match_of_each_new_game_at_the_terminal(tmp_path: Path, game: str,
                                                         seats: int) -> None:
    path = tmp_path / "r.txt"
    result = play("--game", game, "--seed", "4", "--record", str(path), stdin="1\n" * 8000)
    out = result.output
    assert result.exit_code == 0, out
    record = read(path)
    assert len(record.players) == seats and record.kinds.count("human") == 1
    assert "rules" in record.kinds  # the rule-based player sits at every other seat
    match = replay(record)
    assert match.is_over()
    assert out.count("Match over") == 1
    assert out.count(" is over.") == len(match.deals)
    # one hand shown on each screen, the player's own
    screens = out.count("Your choice [")
    assert len(hands_shown(out)) >= screens > 0
    if game in ("rubicon", "chinese"):
        assert "no trumps yet" in out and "brisques" in out
        assert "the deal settled as a game, in hundreds" in out
    if game == "bezique3":
        assert "Left" in out and "Right" in out and "(partner)" not in out
        seat = r"(?:you|Left|Right)"
        assert re.search(rf"^Last trick: {seat} {CARD}, {seat} {CARD}, {seat} {CARD}; won by",
                         out, re.M)
    if game == "bezique4":
        assert "Across (partner)" in out and "Side You & Across: deal " in out
        assert re.search(r"^  sides: You & Across \d+; Left & Right \d+$", out, re.M)


def test_four_handed_partners_ask_each_other_at_the_terminal(tmp_path: Path) -> None:
    result = play("--game", "bezique4", "--seed", "5", "--opponent", "random", "--record",
                  str(tmp_path / "r.txt"), stdin="1\n" * 300)
    out = result.output
    assert "ask your partner to declare" in out
    assert "You ask Across whether he has anything to declare." in out


def test_the_partner_offered_the_declaration_after_his_partners_trick_is_told_so() -> None:
    """Enquire Within 129: after a trick his partner won and drew from without
    declaring, the partner may declare unasked; the screen says so (not "You won the
    trick")."""
    from bezique.bots import RandomBot
    from bezique.games import make_game
    from bezique.present import MultiBeziqueView, Seats

    game = make_game("bezique4")
    view = MultiBeziqueView()
    seats = Seats(0, ("You", "Left", "Across", "Right"))
    bot = RandomBot(3)
    for seed in range(20):
        state = game.deal(3, seed=seed)
        while not state.is_terminal():
            mover = state.current_player()
            if mover == 0 and state.observation(0).phase == "partner":
                text = view.situation(state, state.observation(0), seats)
                assert text.startswith("Your partner won the trick and draws without"), text
                return
            state.apply(bot.choose(state))
    raise AssertionError("no deal gave the partner the declaration")


# -- 80 columns ---------------------------------------------------------------------------------

WIDE_GAMES = [("bezique4", ()), ("binocle3", ()), ("binocleauction", ("widow=widow",)),
              ("binocle4", ("mode=partners",)), ("sixtysix4", ()), ("chouette", ("players=6",)),
              ("rubicon", ()), ("napoleon", ("players=6", "buying=true", "kitty=stake"))]
SEATED = r"(?:you|You|Left|Right|Across|Second|Third|Fourth|Computer)"


def _played_at(display: str, game: str, options: tuple[str, ...], moves: int,
               env: dict[str, str] | None = None) -> str:
    # run where the record is: its short path makes the resume command fit
    args = ["play", "--game", game, *(x for o in options for x in ("--option", o)),
            "--seed", "7", "--opponent", "random", "--display", display, "--record", "r.txt"]
    stdin = "1\n" * 3 + "help\nscore\ntricks\n" + "1\n" * moves
    result = CliRunner().invoke(cli, args, input=stdin, env=env)
    assert result.exit_code == 0, result.output
    return result.output


def _check_fits(out: str, width: int = 80) -> None:
    lines = out.splitlines()
    long = [x for x in lines if len(x) > width]
    assert not long, long
    for a, b in zip(lines, lines[1:], strict=False):
        # a card never on the next line from its number or its player
        assert not (re.search(r"(?:^|\s)\d+$", a) and re.match(rf"[\s│]*\(?{CARD}", b)), (a, b)
        assert not (re.search(rf"\b{SEATED}$", a) and re.match(rf"[\s│]*{CARD}", b)), (a, b)


@pytest.mark.parametrize("game,options", WIDE_GAMES)
def test_at_80_columns_no_line_is_longer_and_no_card_leaves_its_number(
        game: str, options: tuple[str, ...], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80 columns the table broke: score columns cut, a number split from its card,
    the resume hint broken. Every line fits, through the plain renderer."""
    monkeypatch.chdir(tmp_path)
    out = _played_at("plain", game, options, 60)
    _check_fits(out)
    # the resume command on a line of its own, whole
    assert re.search(r"^  \S*bezique play --resume r\.txt$", out, re.M), out[-500:]


@pytest.mark.parametrize("game,options", WIDE_GAMES)
def test_at_80_columns_the_rich_table_fits_and_cuts_no_figure(
        game: str, options: tuple[str, ...], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The rich table put the seats' notes in the name column of a grid, which then cut
    the figures at 80 columns ("deal…", "match…")."""
    monkeypatch.chdir(tmp_path)
    out = _played_at("rich", game, options, 30, env={"COLUMNS": "80"})
    _check_fits(out)
    assert "…" not in out, [x for x in out.splitlines() if "…" in x][:5]
    assert "╭" in out


def _words_of(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("game", ["bezique", "chouette", "binocle4", "sixtysix4"])
def test_help_is_wrapped_by_words_never_cut_in_a_word(game: str, width: int) -> None:
    """``help`` was cut mid-word even at 120 columns: the rules are reflowed by words,
    to 80 columns at most (plain and rich), every word of them whole."""
    from rich.console import Console

    from bezique.cli.render import PlainRenderer
    from bezique.present import view_for

    g = make_game(game)
    view = view_for(g)
    text = "\n" + view.rules(g) + "\n\n" + view.commands()
    buf = io.StringIO()
    RichRenderer(Console(file=buf, width=width, highlight=False)).block(text)
    plain = io.StringIO()
    PlainRenderer(plain).block(text)
    for out in (buf.getvalue(), plain.getvalue()):
        lines = out.splitlines()
        assert max(len(x) for x in lines) <= 80
        assert _words_of(out) == _words_of(text)  # no word cut, none lost
        # the meld tables keep their rows
        for row in (x for x in text.splitlines() if x.startswith("  ") and len(x) <= 80):
            assert row in lines, row
