"""Three-handed, four-handed and Auction Binocle at the terminal: whole matches played
out through ``bezique play``, told in sentences with the players' names (never the raw
log), the cards of the hand numbered, the non-card choices labelled and typed back as
labelled, the rules in brief, and the count of cards won shown only when asked for."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bezique.cli import main as cli_main
from bezique.core.match import Match
from bezique.games import make_game
from bezique.present import (
    AuctionBinocleView,
    MultiBinocleView,
    Seats,
    build_screen,
    view_for,
)
from bezique.record import read, replay

cli_main._register()

RAW = re.compile(r"^\s*(play|trick|score|lay|dix|turn-up|exchange|bid|auction|widow|"
                 r"discard|discard-widow|trump|knock|knock-right|knock-wrong|retire|"
                 r"claim) \d")
NUMBERED_HAND = re.compile(r"^Your hand:  .*\b1 (?:10|[2-9JQKA])[♣♦♥♠]", re.M)

GAMES = [
    ("binocle3", ()),
    ("binocle3", ("--option", "others_may_claim_overlooked_melds=true")),
    ("binocle4", ()),
    ("binocle4", ("--option", "mode=partners")),
    ("binocleauction", ()),
    ("binocleauction", ("--option", "widow=widow")),
    ("binocleauction", ("--option", "players=4")),
    ("binocleauction", ("--option", "players=4", "--option", "mode=partners",
                        "--option", "widow=widow")),
]


def play(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(cli_main.cli, ["play", *args], input=stdin)


def story_lines(out: str) -> list[str]:
    """The indented lines of the story told before each screen."""
    return [ln for ln in out.splitlines() if ln.startswith("  ") and not ln.startswith("   ")]


def whole_match(tmp_path: Path, game: str, options: tuple[str, ...], *extra: str,
                seed: str = "3") -> tuple[Result, Path]:
    path = tmp_path / "m.txt"
    result = play("--game", game, *options, "--seed", seed, "--opponent", "random",
                  "--record", str(path), "--display", "plain", *extra,
                  stdin="1\n" * 20000)
    return result, path


@pytest.mark.parametrize("game,options", GAMES)
def test_a_whole_match_is_told_in_sentences(tmp_path: Path, game: str,
                                            options: tuple[str, ...]) -> None:
    result, path = whole_match(tmp_path, game, options)
    out = result.output
    assert result.exit_code == 0, out
    match = replay(read(path))
    assert match.is_over() and out.count("Match over") == 1
    raw = [ln for ln in out.splitlines() if RAW.match(ln)]
    assert not raw, raw[:5]
    assert NUMBERED_HAND.search(out), "card plays are numbered cards of the hand"
    assert re.search(r"^  (You|Left|Right|Across) (lead|leads) (10|[2-9JQKA])[♣♦♥♠]\.$",
                     out, re.M)
    assert re.search(r"(You|Left|Right|Across|you) wins? the trick", out, re.M)
    assert re.search(r"^  (You|Left|Right|Across) (lay|lays) ", out, re.M)
    assert out.count(" is over.") == len(match.deals)
    assert "cards won" not in out  # the count is the player's to keep in his head
    assert re.search(r"^  cards +-?\d+", out, re.M)  # the breakdown after each deal
    if game != "binocleauction":
        assert "turns up" in out and "are trumps." in out
    else:
        assert "no trump yet" in out and re.search(r"(bids? \d+|pass(es)?)\.$", out, re.M)
        assert re.search(r"names (clubs|diamonds|hearts|spades) . trumps\.", out)
        assert re.search(r"^  set back +-?\d+", out, re.M)
    if "mode=partners" in options:
        assert "Across (partner)" in out and "Side You & Across: deal " in out
        assert re.search(r"^  sides: You & Across -?\d+; Left & Right -?\d+$", out, re.M)
    if "widow=widow" in options:
        assert "turns up the widow" in out or "turn up the widow" in out


def test_the_layer_is_told_when_his_melds_score(tmp_path: Path) -> None:
    result, _ = whole_match(tmp_path, "binocle3", ())
    out = " ".join(result.output.split())
    assert re.search(r"You lay marriage K♣ Q♣ \+ binocle Q♠ J♦ \+ grand binocle K♠ Q♠\*"
                     r" J♦\* \+ four kings K♠\* K♥ K♦ K♣\* \(220, scored when you win a"
                     r" trick\)\.", out)
    assert re.search(r"you win the trick \(marriage 20, binocle 40, grand binocle 80, four"
                     r" kings 80(, last trick 10)?\)\.", out, re.I)


@pytest.mark.parametrize("game,options", [("binocle3", ()), ("binocle4", ()),
                                          ("binocleauction", ("--option", "widow=widow"))])
def test_show_counts_gives_the_count_of_cards_won(tmp_path: Path, game: str,
                                                  options: tuple[str, ...]) -> None:
    result = play("--game", game, *options, "--seed", "3", "--opponent", "random",
                  "--record", str(tmp_path / "c.txt"), "--display", "plain",
                  "--show-counts", stdin="1\n" * 40 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "cards won" in result.output
    assert re.search(r"wins? the trick \(\d+ in cards", result.output)


@pytest.mark.parametrize("game,words", [
    ("binocle3", ("THREE-HANDED BINOCLE", "Before the first lead", "retires", "220")),
    ("binocle4", ("FOUR-HANDED BINOCLE", "first trick", "loses the game", "220")),
    ("binocleauction", ("AUCTION BINOCLE", "set back", "dealer must bid 20", "six"
                        .replace("six", "6 deals")))])
def test_the_help_gives_the_rules_in_brief(tmp_path: Path, game: str,
                                           words: tuple[str, ...]) -> None:
    result = play("--game", game, "--seed", "4", "--opponent", "random", "--record",
                  str(tmp_path / "h.txt"), "--display", "plain", stdin="help\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    for w in words:
        assert w in out, w


def test_the_auction_labels_and_situations(tmp_path: Path) -> None:
    result = play("--game", "binocleauction", "--option", "widow=widow", "--seed", "3",
                  "--opponent", "random", "--record", str(tmp_path / "a.txt"),
                  "--display", "plain", stdin="quit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Bid or pass: nobody has bid yet" in out
    assert re.search(r"^ +1 pass$", out, re.M) and re.search(r"^ +2 bid 20$", out, re.M)
    assert "widow of 3 face down" in out and "=== Deal 1 of 6:" in out


def _typed(label: str) -> str:
    return re.sub(r" \((?:\d+|[^()]*)\)", "", label)


@pytest.mark.parametrize("game_name,options", [
    ("binocle3", {}), ("binocle4", {"mode": "partners"}),
    ("binocleauction", {"widow": "widow"}), ("binocleauction", {"players": 4})])
def test_every_choice_reads_back_as_the_screen_writes_it(game_name: str,
                                                         options: dict[str, object]
                                                         ) -> None:
    game = make_game(game_name, options)
    view = view_for(game)
    assert isinstance(view, AuctionBinocleView if game_name == "binocleauction"
                      else MultiBinocleView)
    names = ("A", "B", "C", "D")[:game.num_players]
    rng = random.Random(5)
    checked = cards = 0
    for deal in range(6):
        state = game.deal(deal % game.num_players, seed=deal)
        while not state.is_terminal():
            seat = state.current_player()
            screen = build_screen(view, state, Seats(seat, names), Match(game, seed=1), [])
            numbered = {n for n, _ in screen.choices}
            for number, label in screen.choices:
                action = screen.actions[number - 1]
                assert state.parse_action(_typed(label)) == action, label
                checked += 1
            for spot in (s for g in screen.hand for s in g):
                if spot.number is not None:
                    assert spot.number not in numbered
                    assert state.is_legal(screen.actions[spot.number - 1])
                    cards += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 20 and cards > 100


def test_the_two_handed_continuation_is_drawn_as_two_handed_binocle() -> None:
    """After a wrong claim at three, the other two play on as two-handed Binocle: the
    screen draws that deal with Binocle's words, the seats named as at the table."""
    from bezique.games.binocle.multi import ContinuationState

    game = make_game("binocle3")
    match = Match(game, seed=2)
    sheet = match.sheet
    state = ContinuationState.deal(game, 0, list(game.pack_order(seed=7)), 1,
                                   (900, 600, 950), (1000, 1000, 1000))
    view = view_for(game)
    table = ("You", "Left", "Right")
    shown, seats = view.table(state, Seats(0, table))
    assert shown is state.duel and seats.names == ("You", "Right")
    assert seats.at_table == (0, 2)
    screen = build_screen(view, shown, seats, match, [])
    assert screen.heading[0] == "two-handed" and "trick 1 of 24" in screen.heading
    assert any(line.name.startswith("Right") for line in screen.seats)
    assert sum(len(g) for g in screen.hand) and screen.actions
    assert sheet is match.sheet
    # the retired player sits out: he is given the table's state and no hand
    shown, seats = view.table(state, Seats(1, table))
    assert shown is state and seats.names == table
