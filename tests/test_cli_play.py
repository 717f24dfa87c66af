"""``bezique play``: whole matches typed through stdin, bad input, quit and resume, the
record written as play goes, and clean errors for bad arguments and files."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from bezique.bots import BOTS, make_bot
from bezique.cli import main as cli_main
from bezique.core.cards import Card, Suit, parse_cards
from bezique.core.errors import OptionError
from bezique.core.events import TrickWon
from bezique.core.match import Match
from bezique.games import GAMES, make_game
from bezique.games.bezique import Bezique, BeziqueState
from bezique.present import BeziqueView, Seats, SixtySixView, name_seats
from bezique.record import read, replay

cli_main._register()
cli = cli_main.cli

PROMPT = "Your choice ["
PAUSE = "Press Enter for the next deal"
HAS_RULES = "rules" in BOTS


def has_rules(game: str) -> bool:
    """Is there a rule-based player for ``game`` in this installation?"""
    try:
        make_bot("rules", make_game(game), 0)
    except OptionError:
        return False
    return True


def play(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, ["play", *args], input=stdin, env=env)


def assert_clean_failure(result: Result, *fragments: str) -> str:
    assert result.exit_code == 2, result.output
    err = result.stderr
    assert "Traceback" not in result.output
    line = err.strip()
    assert line.startswith("bezique play: error: "), err
    for f in fragments:
        assert f in line, line
    return line


CARD = r"(?:10|[2-9JQKA])[♣♦♥♠]"


def flat(text: str) -> str:
    """The output with its line breaks and runs of spaces as single spaces (messages are
    wrapped to the screen's width)."""
    return " ".join(text.split())


def hands_shown(output: str) -> list[str]:
    """Each hand shown, its lines (a long hand goes on under itself) joined."""
    return [" ".join(m.group(1).split())
            for m in re.finditer(r"^Your hand:  (.*(?:\n {12}\S.*)*)$", output, re.MULTILINE)]


def cards_of(hand_line: str) -> list[Card]:
    """The cards a hand line shows, numbers, brackets and separators left out."""
    return [Card.parse(t) for t in re.findall(CARD, hand_line)]


def check_record_matches_output(path: Path, output: str) -> None:
    """The record replays to a finished match whose sheet is the one printed."""
    record = read(path)
    match = replay(record)
    assert match.is_over()
    names = record.players
    for r in match.sheet.rows:  # each row as printed: the deal, its dealer, its figures
        cells = [f"{p:+d} = {t}" for p, t in zip(r.points, r.totals, strict=True)]
        row = r"\s+".join(re.escape(x) for x in (str(r.deal), names[r.dealer], *cells))
        assert re.search(rf"^\s+{row}\b", output, re.MULTILINE), (row, output[-3000:])
    totals = match.sheet.totals
    winner = match.sheet.winner
    assert winner is not None
    final = [x for x in output.splitlines() if x.startswith("Match over: ")]
    assert len(final) == 1, final  # the end of the match is said once
    assert output.count("Match over") == 1
    if match.sheet.summary:
        said = name_seats(match.sheet.summary, Seats(record.kinds.index("human"),
                                                      tuple(names)))
        assert output.count(said) == 1, said
    assert f"{totals[winner]}-{totals[1 - winner]}" in final[0]
    assert names[winner] in final[0]


# -- whole matches ----------------------------------------------------------------------------

def test_a_whole_bezique_match_to_1000_typed_as_numbers(tmp_path: Path) -> None:
    path = tmp_path / "match.txt"
    result = play("--seed", "1", "--opponent", "random", "--record", str(path),
                  stdin="1\n" * 3000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Match over: " in out
    assert "=== Deal 2:" in out and "Deal 1 is over." in out
    assert "Computer declares" in out and "Computer plays" in out
    assert "The stock is exhausted" in out
    check_record_matches_output(path, out)
    # the default game is Bézique to 1000, Foster's rules
    record = read(path)
    assert record.game == "bezique" and record.options == {}
    assert max(replay(record).sheet.totals) >= 1000
    assert record.kinds == ("human", "random")


def test_a_whole_sixtysix_match(tmp_path: Path) -> None:
    path = tmp_path / "66.txt"
    result = play("--game", "sixtysix", "--seed", "5", "--opponent", "random", "--record",
                  str(path), stdin="1\n" * 2000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "trick 1 of 12" in out and "counting cards" in out
    assert "game points" in out
    check_record_matches_output(path, out)
    assert max(replay(read(path)).sheet.totals) >= 7


@pytest.mark.parametrize("game", ["bezique", "sixtysix"])
def test_a_whole_match_against_the_rule_based_player(game: str, tmp_path: Path) -> None:
    if not has_rules(game):
        pytest.skip(f"no rule-based player for {game} yet")
    path = tmp_path / "rules.txt"
    result = play("--game", game, "--seed", "2", "--record", str(path), stdin="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert read(path).kinds == ("human", "rules")
    check_record_matches_output(path, result.output)


# -- the screens --------------------------------------------------------------------------------

def test_the_first_screen_shows_trump_stock_hand_and_numbered_choices(tmp_path: Path) -> None:
    result = play("--seed", "3", "--opponent", "random", "--first-dealer", "computer",
                  "--record", str(tmp_path / "r.txt"), stdin="")
    out = result.output
    assert result.exit_code == 0, out
    assert "=== Deal 1: Computer deals, you lead first ===" in out
    assert re.search(rf"trick 1 of 32 · trumps \w+ [♣♦♥♠] · turn-up {CARD} · stock 47", out)
    hand = hands_shown(out)[0]
    assert len(cards_of(hand)) == 8
    # the cards are the choices, numbered 1 to 8 in the order shown
    assert [int(n) for n in re.findall(rf"(\d+) {CARD}", hand)] == list(range(1, 9))
    assert "Your lead — type a card's number:" in out
    assert PROMPT + "1-8, or help, score, quit]: " in out  # hints are off by default
    # input ended at the first prompt: saved, with the way to resume
    assert "Input ended. Saved. The match is in" in out
    assert f"bezique play --resume {tmp_path / 'r.txt'}" in out


def test_hand_is_sorted_trumps_first_then_by_suit_and_rank() -> None:
    from bezique.present import hand_text

    cards = parse_cards("7S AH 9C TS KS QH AC JD")
    assert hand_text(cards, Suit.SPADES) == "10♠ K♠ 7♠ | A♥ Q♥ | A♣ 9♣ | J♦"
    assert hand_text(cards, None) == "10♠ K♠ 7♠ | A♥ Q♥ | A♣ 9♣ | J♦"
    assert hand_text(cards, Suit.DIAMONDS) == "J♦ | 10♠ K♠ 7♠ | A♥ Q♥ | A♣ 9♣"


def test_the_computer_declaration_is_told_with_its_value() -> None:
    game = Bezique()
    qs, jd = Card.parse("QS"), Card.parse("JD")
    state = BeziqueState.position(
        game, hands=[parse_cards("7C 8C 9C 7D 8D 9D 7H 8H"),
                     [qs, jd, *parse_cards("8S 9S TC JC AD")]],
        trump=Suit.HEARTS, turn_up=Card.parse("AH"),
        stock=parse_cards("7S 8S"), dealer=0, to_move=1, phase="declare")
    seats = Seats(0, ("Ann", "Computer"))
    action = state.parse_action("bezique QS JD")
    view = BeziqueView()
    labels = [view.label(state, a) for a in view.order_actions(state, state.legal_actions())]
    assert labels[0] == "bezique Q♠ J♦ (40)"  # typed either way; shown as a player names it
    assert labels[-1] == "draw (declare nothing)"
    state.apply(action)
    story = view.narrate(state.events(), 0, seats)
    assert story == ["Computer declares bezique Q♠ J♦ (40)."]
    rows = view.seat_lines(state, state.observation(0), seats, _match_stub())
    assert "on the table: Q♠ | J♦" in rows[1].notes, rows


def test_combinations_carried_to_score_are_shown_and_scored_later() -> None:
    game = Bezique()
    state = BeziqueState.position(
        game, hands=[parse_cards("KS QS 7C 8C 9C 7D 8D"), parse_cards("7H 8H 9H 7S 8S 9S TC")],
        tables=[parse_cards("JD"), []], trump=Suit.HEARTS, turn_up=Card.parse("AH"),
        stock=parse_cards("AC AD TD JC 7S 8S"), dealer=1, to_move=0, phase="declare")
    view, seats = BeziqueView(), Seats(0, ("You", "Computer"))
    choices = view.order_actions(state, state.legal_actions())
    labels = [view.label(state, a) for a in choices]
    for label in ("bezique Q♠ J♦* (40)", "marriage K♠ Q♠ (20)",
                  "marriage K♠ Q♠ (20) + bezique Q♠ J♦* (40 to score)"):
        assert label in labels
    assert labels[-1] == "draw (declare nothing)"
    state.apply(choices[labels.index("marriage K♠ Q♠ (20) + bezique Q♠ J♦* (40 to score)")])
    assert view.narrate(state.events(), 0, seats) == [
        "You declare marriage K♠ Q♠ (20).", "You announce bezique Q♠ J♦ to score."]
    rows = view.seat_lines(state, state.observation(0), seats, _match_stub())
    assert "to score: bezique Q♠ J♦" in rows[0].notes
    seen = len(state.events())
    for text in ("7C", "7S"):
        state.apply(state.parse_action(text))
    choices = view.order_actions(state, state.legal_actions())
    assert [view.label(state, a) for a in choices][0] == "score bezique Q♠ J♦ (40)"
    state.apply(choices[0])
    assert view.narrate(state.events(), seen, seats) == [
        "You lead 7♣.", "Computer plays 7♠ — you win the trick.",
        "You score bezique Q♠ J♦ (40), announced earlier."]


def test_a_seven_turned_up_in_the_first_deal_is_told(tmp_path: Path) -> None:
    # seed 4 turns up a seven in the first deal; the computer deals
    result = play("--seed", "4", "--opponent", "random", "--first-dealer", "computer",
                  "--record", str(tmp_path / "r.txt"))
    assert "The turn-up is a seven: Computer, the dealer, scores 10." in result.output
    assert re.search(r"Computer \(dealer\) +deal 10 ", result.output)


def _match_stub() -> object:
    from bezique.core.match import Match
    return Match(Bezique(), seed=1)


def test_sixtysix_marriage_lead_is_told_with_the_card_and_value() -> None:
    from bezique.games.sixtysix import SixtySix, SixtySixState

    game = SixtySix()
    state = SixtySixState.position(
        game, hands=[parse_cards("9C JC 9D JD 9S JS"), parse_cards("KH QH AC TC AD TD")],
        trump=Suit.HEARTS, turn_up=Card.parse("AH"),
        stock=parse_cards("KC QC KD QD KS QS TS AS TH"), dealer=0, to_move=1,
        won=[(), parse_cards("9H JH")])
    view = SixtySixView()
    seats = Seats(0, ("You", "Computer"))
    marry = state.parse_action("marry KH")
    assert view.label(state, marry) == "marry K♥ (lead it, marriage 40)"
    state.apply(marry)
    assert view.narrate(state.events(), 0, seats) == [
        "Computer declares the marriage K♥ Q♥ (40).", "Computer leads K♥."]


def test_a_game_without_its_own_view_plays_through_the_generic_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SixtySixView, "games", ())
    path = tmp_path / "r.txt"
    result = play("--game", "sixtysix", "--seed", "5", "--opponent", "random", "--record",
                  str(path), stdin="1\n" * 2000)
    assert result.exit_code == 0, result.output
    assert "Your turn:" in result.output
    assert re.search(r"Deal 1 · trick 1 · trumps \w+ [♣♦♥♠]", result.output)
    check_record_matches_output(path, result.output)


# -- input -------------------------------------------------------------------------------------

def test_bad_input_gets_a_message_and_the_same_prompt_again(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    result = play("--seed", "3", "--opponent", "random", "--first-dealer", "computer",
                  "--record", str(path), stdin="garbage\nAS\n99\n0\n\nQS*\nbezique QS JD\n")
    out = flat(result.output)
    assert result.exit_code == 0, out
    assert "Cannot read 'garbage'" in out
    assert "A♠ is not in your hand." in out  # the cards as the screen writes them
    assert "There is no choice 99: type a number from 1 to 8." in out
    assert "There is no choice 0" in out
    assert "Type a number from 1 to 8" in out
    assert "Q♠* is not among your declared cards on the table" in out
    assert "declarations, the Seven's exchange and drawing come only after winning a trick" \
        in out
    # one prompt per line typed, plus the last one that met the end of the input
    assert out.count(PROMPT) == 8
    # after each error the position is shown again (the empty line gets a word only)
    assert len(hands_shown(result.output)) == 1 + 6
    assert len(set(hands_shown(result.output))) == 1  # nothing was played
    assert read(path).deals[0].actions == []


def test_with_nothing_to_declare_the_player_draws_without_being_asked(
        tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    result = play("--seed", "4", "--opponent", "random", "--record", str(path),
                  stdin="1\n" * 40 + "quit\n")
    out = result.output
    assert result.exit_code == 0, out
    # every line typed answered a prompt (or the pause before a deal): none for the draws
    assert out.count(PROMPT) + out.count(PAUSE) == 41
    assert not re.search(r":\n +1 draw\n", out)  # a lone draw is never offered
    # the record has each draw taken for the player, each told once, after the trick won
    record = read(path)
    human = record.kinds.index("human")
    game = make_game(record.game, record.options)
    forced = 0
    for deal in record.deals:
        state = game.deal(deal.dealer, pack=deal.pack)
        for seat, text in deal.actions:
            if seat == human and [str(a) for a in state.legal_actions()] == ["draw"]:
                forced += 1
            state.apply(state.parse_action(text))
    assert forced > 0
    assert out.count("Nothing to declare: you draw.") == forced
    assert re.search(r"you win the trick[^\n]*\.\n +Nothing to declare: you draw\.\n", out)


def test_a_card_typed_by_name_is_played(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    first = play("--seed", "3", "--opponent", "random", "--first-dealer", "computer",
                 "--record", str(path), stdin="")
    card = cards_of(hands_shown(first.output)[0])[-1]
    for typed in (card.pretty(), card.notation().lower()):  # as shown, or in letters
        path.unlink()
        result = play("--seed", "3", "--opponent", "random", "--first-dealer", "computer",
                      "--record", str(path), stdin=typed + "\n")
        assert result.exit_code == 0, result.output
        assert f"You lead {card.pretty()}." in result.output
        assert read(path).deals[0].actions[0] == (0, card.notation())


def test_help_prints_the_rules_and_the_values_table(tmp_path: Path) -> None:
    result = play("--seed", "3", "--opponent", "random", "--record", str(tmp_path / "r.txt"),
                  stdin="help\n")
    out = flat(result.output)
    assert "BÉZIQUE, two hands" in out
    for fragment in ("sequence: A 10 K Q J of trumps", "double bézique: twice Q♠ J♦",
                     "four aces (any suits)", "Brisques", "The last eight tricks", "Game: 1000",
                     "Q♠* (the one on your table)", "hint", "quit",
                     "The combinations by name: sequence, royal marriage, marriage, double",
                     "bezique, bezique, four aces, four kings, four queens, four jacks."):
        assert fragment in out, fragment
    assert out.count(PROMPT) == 2
    assert len(hands_shown(result.output)) == 2  # the position again after the help


def test_help_for_sixtysix(tmp_path: Path) -> None:
    result = play("--game", "sixtysix", "--seed", "3", "--opponent", "random", "--record",
                  str(tmp_path / "r.txt"), stdin="help\n")
    out = flat(result.output)  # the rules are wrapped to the screen
    for fragment in ("SIXTY-SIX, two hands", "ace 11, ten 10", "marry K♥", "schneider",
                     "close", "Game: 7 game points", "game of memory", "--show-counts"):
        assert fragment in out, fragment


def test_score_shows_the_sheet(tmp_path: Path) -> None:
    result = play("--seed", "3", "--opponent", "random", "--name", "Ann", "--record",
                  str(tmp_path / "r.txt"), stdin="score\n")
    out = result.output
    assert "Score sheet:" in out
    assert re.search(r"deal +dealer +Ann +Computer", out)
    assert "This deal so far: You 0, Computer 0" in out  # the sheet's order


@pytest.mark.parametrize("flags", [(), ("--no-hints",)])
def test_hints_are_off_by_default_and_say_so(tmp_path: Path, flags: tuple[str, ...]) -> None:
    result = play("--seed", "3", "--opponent", "random", *flags, "--record",
                  str(tmp_path / "r.txt"), stdin="hint\n")
    assert "Hints are off in this match (start or resume it with --hints)." in result.output
    assert PROMPT + "1-8, or help, score, quit]: " in result.output


@pytest.mark.skipif(not HAS_RULES, reason="the rule-based player is not installed")
def test_hint_names_the_rule_based_choice(tmp_path: Path) -> None:
    result = play("--seed", "3", "--opponent", "random", "--hints", "--hint-player", "rules",
                  "--record", str(tmp_path / "r.txt"), stdin="hint\n")
    out = result.output.replace("\n", " ")
    m = re.search(rf"Hint: the rule-based player would choose (\d+): ({CARD})\. Why: \w", out)
    assert m, result.output
    assert re.search(rf"\b{m.group(1)} {re.escape(m.group(2))}", result.output)
    assert len(hands_shown(result.output)) == 2  # the position again after the hint


HINT_TABLE = re.compile(r"^Hint: the pimc player would choose (\d+): (\S+)\.\n(.*?)\n\n",
                        re.MULTILINE | re.DOTALL)


def hint_tables(output: str) -> list[tuple[str, str, list[tuple[str, str, str, str]]]]:
    """Each search hint: its best choice's number and card, and the rows of its table
    (number, card, expected value, standard error)."""
    return [(n, card, re.findall(r"^\s+(\d+): (\S+)\s+([+-]\d+\.\d+)\s+(\d+\.\d+|-)$",
                                 table, re.MULTILINE))
            for n, card, table in HINT_TABLE.findall(output)]


def test_a_search_hint_gives_each_choice_its_expected_points(tmp_path: Path) -> None:
    result = play("--seed", "3", "--opponent", "random", "--hints", "--hint-player",
                  "pimc:iterations=6", "--record", str(tmp_path / "r.txt"), stdin="hint\n")
    tables = hint_tables(result.output)
    assert len(tables) == 1, result.output
    number, _card, rows = tables[0]
    assert len(rows) == 8  # every choice of the opening hand, the best first
    assert rows[0][0] == number
    points = [float(v) for _, _, v, _ in rows]
    assert points == sorted(points, reverse=True)
    assert len(hands_shown(result.output)) == 2  # the position again after the hint


def test_a_hint_asked_twice_in_one_position_gives_the_same_values(tmp_path: Path) -> None:
    """The fault: the hint player's generator went on between two hints, so the same
    position got other values. The hint is now seeded from the position."""
    result = play("--seed", "3", "--opponent", "random", "--hints", "--hint-player",
                  "pimc:iterations=6", "--record", str(tmp_path / "r.txt"),
                  stdin="hint\nhint\nquit\n")
    first, second = hint_tables(result.output)
    assert first == second and len(first[2]) == 8
    assert len({v for *_, v, _ in first[2]}) > 1  # values, not one number repeated


@pytest.mark.parametrize("game, unit", [("bezique", "points"), ("sixtysix", "game points"),
                                        ("rubicon", "hundreds")])
def test_a_search_hint_gives_its_unit_and_standard_errors(tmp_path: Path, game: str,
                                                          unit: str) -> None:
    result = play("--game", game, "--seed", "3", "--opponent", "random", "--hints",
                  "--hint-player", "pimc:iterations=3,rollout=random", "--record",
                  str(tmp_path / "r.txt"), stdin="hint\nquit\n")
    tables = hint_tables(result.output)
    assert len(tables) == 1, result.output
    assert re.search(rf"^  choice +expected {unit} +± s\.e\.$", result.output, re.MULTILINE)
    assert "one standard error of that mean over the 3 worlds" in flat(result.output)
    errors = [e for *_, e in tables[0][2]]
    assert errors and all(e != "-" for e in errors) and any(float(e) > 0 for e in errors)


@pytest.mark.parametrize("display", ["plain", "rich"])
def test_a_hint_table_is_plain_text_in_plain_mode_and_drawn_by_rich_in_rich(
        tmp_path: Path, display: str) -> None:
    result = play("--game", "sixtysix", "--seed", "3", "--opponent", "random", "--hints",
                  "--hint-player", "pimc:iterations=3", "--display", display, "--record",
                  str(tmp_path / "r.txt"), stdin="hint\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    heading = re.search(r"^ *choice +expected game points +± s\.e\. *$", out, re.MULTILINE)
    assert heading, out
    rows = re.findall(r"^ *\d+: \S+ +[+-]\d\.\d\d +\d\.\d\d *$", out, re.MULTILINE)
    assert len(rows) == 6  # the dealer's six cards to follow with
    rich_rule = re.search(r"^─{30,}$", out, re.MULTILINE)  # rich's table, under its heading
    plain_rule = re.search(r"^  -{6}  -{20}  -{6}$", out, re.MULTILINE)
    assert (bool(rich_rule), bool(plain_rule)) == (display == "rich", display == "plain")


def test_a_chouette_hint_weighs_the_whole_position(tmp_path: Path) -> None:
    """The hint used to weigh the two hands drawn (a bare Rubicon deal), which the
    Chouette player cannot play: a traceback. It weighs the game's own position, in the
    stakes' hundreds."""
    result = play("--game", "chouette", "--seed", "3", "--opponent", "random", "--hints",
                  "--hint-player", "pimc:iterations=2,rollout=random", "--record",
                  str(tmp_path / "r.txt"), stdin="hint\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "Hint: the pimc player would choose" in result.output
    assert "expected hundreds" in result.output


def test_an_unknown_hint_player_is_refused(tmp_path: Path) -> None:
    result = play("--hints", "--hint-player", "oracle", "--record", str(tmp_path / "r.txt"))
    assert result.exit_code != 0 and "--hint-player" in result.output
    assert "oracle" in result.output and not (tmp_path / "r.txt").exists()


# -- quit, resume and the record -------------------------------------------------------------

def test_quit_then_resume_continues_the_same_match(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    first = play("--seed", "4", "--opponent", "random", "--record", str(path),
                 stdin="1\n" * 20 + "quit\n")
    assert first.exit_code == 0, first.output
    assert "Saved. The match is in" in first.output
    assert f"bezique play --resume {path}" in first.output
    assert "could NOT" not in first.output
    before = read(path)
    n_actions = sum(len(d.actions) for d in before.deals)
    assert n_actions >= 30
    hand_at_quit = hands_shown(first.output)[-1]

    second = play("--resume", str(path), stdin="1\n" * 5 + "quit\n")
    assert second.exit_code == 0, second.output
    assert flat(second.output).startswith(f"Resuming the Bézique match of {path} at deal 1,"
                                          " trick")
    assert hands_shown(second.output)[0] == hand_at_quit
    after = read(path)
    assert sum(len(d.actions) for d in after.deals) > n_actions
    assert after.deals[0].actions[:len(before.deals[0].actions)] == before.deals[0].actions
    assert (after.seed, after.first_dealer, after.kinds) == (before.seed, before.first_dealer,
                                                            before.kinds)

    # the same moves typed in one sitting give the same record
    straight = tmp_path / "straight.txt"
    play("--seed", "4", "--opponent", "random", "--record", str(straight),
         stdin="1\n" * 25 + "quit\n")
    assert read(straight).deals == after.deals


def test_resume_to_the_end_of_the_match(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    play("--seed", "6", "--opponent", "random", "--record", str(path), stdin="1\n" * 200)
    result = play("--resume", str(path), stdin="1\n" * 3000)
    assert result.exit_code == 0, result.output
    check_record_matches_output(path, result.output)
    again = play("--resume", str(path))
    assert again.exit_code == 0
    assert "This match is already over." in again.output


def test_the_record_is_written_after_every_action(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    play("--seed", "3", "--opponent", "random", "--first-dealer", "computer", "--record",
         str(path), stdin="1\n")
    rec = read(path)
    assert [seat for seat, _ in rec.deals[0].actions][:2] == [0, 1]
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind


def test_default_record_goes_to_the_xdg_data_directory(tmp_path: Path) -> None:
    result = play("--seed", "3", "--opponent", "random", stdin="quit\n",
                  env={"XDG_DATA_HOME": str(tmp_path)})
    assert result.exit_code == 0, result.output
    files = list((tmp_path / "bezique").glob("bezique-*.txt"))
    assert len(files) == 1
    assert f"bezique play --resume {files[0]}" in result.output


@pytest.mark.skipif(not HAS_RULES, reason="the rule-based player is not installed")
def test_no_arguments_starts_bezique_against_the_rule_based_player(tmp_path: Path) -> None:
    result = play(stdin="quit\n", env={"XDG_DATA_HOME": str(tmp_path)})
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Bézique: you against the computer (rules player).\n")
    assert "The cut: you cut " in out
    (path,) = (tmp_path / "bezique").glob("bezique-*.txt")
    assert read(path).kinds == ("human", "rules")


def test_the_cut_and_first_dealer(tmp_path: Path) -> None:
    dealers = set()
    for seed in range(1, 9):
        path = tmp_path / f"c{seed}.txt"
        result = play("--seed", str(seed), "--opponent", "random", "--record", str(path))
        out = result.output
        m = re.search(rf"The cut: you cut ({CARD}), Computer cuts ({CARD})\. (.*)", out)
        assert m, out
        rec = read(path)
        dealers.add(rec.first_dealer)
        # the winner of the cut gives the deal away (Foster): the loser of the cut deals
        from bezique.present import rank_strength
        you_win = rank_strength(Card.parse(m.group(1))) > rank_strength(Card.parse(m.group(2)))
        assert rec.first_dealer == (1 if you_win else 0)
    assert dealers == {0, 1}
    for flag, seat in (("you", 0), ("computer", 1)):
        path = tmp_path / f"{flag}.txt"
        play("--seed", "1", "--opponent", "random", "--first-dealer", flag, "--record",
             str(path))
        assert read(path).first_dealer == seat


# -- errors ------------------------------------------------------------------------------------

def test_unknown_option_exits_2_with_a_clean_message() -> None:
    assert_clean_failure(play("--option", "nonsense=1"), "unknown option 'nonsense'",
                         "--list-options")
    assert_clean_failure(play("--option", "game_target=5"), "game_target", "'5'")
    assert_clean_failure(play("--option", "game_target"), "name=value")
    assert_clean_failure(play("--game", "chess"), "unknown game 'chess'")
    assert_clean_failure(play("--opponent", "genius"), "unknown opponent 'genius'",
                         "random")


def test_an_unwritable_record_exits_2_before_play(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    result = play("--seed", "1", "--opponent", "random", "--record",
                  str(blocker / "r.txt"), stdin="1\n")
    assert_clean_failure(result, "cannot write the record")
    assert PROMPT not in result.output


def test_a_blank_name_is_refused() -> None:
    assert_clean_failure(play("--name", "  ", "--opponent", "random"), "--name")


def test_sixtysix_default_opponent(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    result = play("--game", "sixtysix", "--seed", "1", "--record", str(path), stdin="quit\n")
    assert result.exit_code == 0, result.output
    if has_rules("sixtysix"):
        assert "(rules player)" in result.output
        assert read(path).kinds == ("human", "rules")
    else:  # said plainly, and the random player sits in
        assert "There is no rule-based player for Sixty-Six yet" in result.output
        assert read(path).kinds == ("human", "random")
    explicit = play("--game", "sixtysix", "--opponent", "rules", "--record",
                    str(tmp_path / "explicit.txt"))
    if not has_rules("sixtysix"):
        assert_clean_failure(explicit, "no rule-based player for Sixty-Six")


def test_bad_resume_file_exits_2_with_a_clean_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("this is not a record\n", encoding="utf-8")
    assert_clean_failure(play("--resume", str(bad)), f"cannot resume from {bad}", "line 1")
    assert_clean_failure(play("--resume", str(tmp_path / "missing.txt")), "no such file")
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert_clean_failure(play("--resume", str(binary)), "cannot resume")
    # a record whose actions do not replay
    good = tmp_path / "good.txt"
    play("--seed", "3", "--opponent", "random", "--record", str(good), stdin="1\n")
    text = good.read_text(encoding="utf-8").splitlines()
    last = max(i for i, line in enumerate(text) if not line.startswith("#"))  # an action
    text[last] = text[last][:2] + "bezique QS JD"
    bad.write_text("\n".join(text) + "\n", encoding="utf-8")
    assert_clean_failure(play("--resume", str(bad)), "cannot resume from")
    # a record of two computers
    rec = good.read_text(encoding="utf-8").replace('"human"', '"random"')
    bad.write_text(rec, encoding="utf-8")
    assert_clean_failure(play("--resume", str(bad)), "not a match of one person")


def test_resume_refuses_settings_that_belong_to_the_record(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    play("--seed", "3", "--opponent", "random", "--record", str(path), stdin="quit\n")
    assert_clean_failure(play("--resume", str(path), "--seed", "9"), "drop --seed")
    assert_clean_failure(play("--resume", str(path), "--game", "sixtysix",
                              "--option", "game_target=9"), "--game", "--option")


def test_list_options(tmp_path: Path) -> None:
    result = play("--list-options", "--game", "sixtysix")
    assert result.exit_code == 0
    out = result.output
    assert "Options of Sixty-Six" in out
    assert "trump_making = thirteenth_card_after_deal" in out
    assert "allowed: thirteenth_card_after_deal | seventh_card_after_first_round" in out
    result = play("--list-options")
    assert "game_target = 1000" in result.output
    assert "allowed: 1000 | 2000 | 4000" in result.output
    # in words a player understands: no internal labels
    assert not re.search(r"V-BZ|\bEW\b", result.output), result.output


def test_the_installed_script_plays_through_pipes(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "bezique"
    if not script.exists():
        pytest.skip("the bezique script is not installed next to this interpreter")
    path = tmp_path / "r.txt"
    proc = subprocess.run(
        [str(script), "play", "--seed", "1", "--opponent", "random", "--record", str(path)],
        input="1\n1\nquit\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.count(PROMPT) == 3
    assert len(read(path).deals[0].actions) >= 2


def test_think_gives_a_search_opponent_its_time_a_move(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    result = play("--game", "sixtysix", "--opponent", "pimc", "--think", "0.1", "--seed", "4",
                  "--first-dealer", "you", "--record", str(path), stdin="quit\n")
    assert result.exit_code == 0, result.output
    assert "you against the computer (pimc player)" in result.output
    assert '"pimc:seconds=0.1,iterations=1000000"' in path.read_text()  # resumes alike
    assert_clean_failure(play("--opponent", "rules", "--think", "1", "--record",
                              str(tmp_path / "x.txt")), "--think", "does not search")
    assert not (tmp_path / "x.txt").exists()


@pytest.mark.parametrize("game,rules", [("bezique", "Foster's rules"),
                                        ("schnapsen", "the schnapsen platform's rules")])
def test_the_opening_names_whose_rules_the_defaults_are(tmp_path: Path, game: str,
                                                        rules: str) -> None:
    result = play("--game", game, "--seed", "1", "--record", str(tmp_path / "r.txt"),
                  stdin="quit\n")
    assert f"Options: {rules} (no options changed)." in result.output


def test_each_game_finds_its_view_by_its_class_and_bases_schnapsen_sixty_sixs() -> None:
    """Views are found from the game's class and its bases, not by name: Schnapsen (a
    Sixty-Six) is drawn by Sixty-Six's view, Chinese by Rubicon's, and every game of the
    library has a view of its own family rather than the generic one."""
    from bezique.games import GAMES, make_game
    from bezique.present import GameView, RubiconView, view_class

    assert view_class(make_game("schnapsen")) is SixtySixView
    assert view_class(make_game("chinese")) is RubiconView
    for name in GAMES:
        assert view_class(make_game(name)) is not GameView, name


# -- faults found at the terminal -----------------------------------------------------------

@pytest.mark.parametrize("game", ["bezique3", "bezique4"])
def test_help_in_three_and_four_handed_bezique_shows_their_own_rules(tmp_path: Path,
                                                                       game: str) -> None:
    """``help`` crashed at three and four (the two-handed rules read an option these games
    lack); it gives their rules: Enquire Within's packs and triple bézique."""
    result = play("--game", game, "--seed", "5", "--record", str(tmp_path / "r.txt"),
                  "--display", "plain", stdin="help\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    out = flat(result.output)
    assert "after Enquire Within upon Everything" in out
    assert "triple bézique: three times Q♠ J♦ 1500" in out
    assert ("ask your partner" in out) == (game == "bezique4")


@pytest.mark.parametrize("game", list(GAMES))
def test_help_works_in_every_game(tmp_path: Path, game: str) -> None:
    result = play("--game", game, "--seed", "5", "--record", str(tmp_path / "r.txt"),
                  "--first-dealer", "computer", "--display", "plain", stdin="help\nquit\n")
    assert result.exit_code == 0, result.output
    assert "in brief" in flat(result.output) and "Commands: help" in result.output


@pytest.mark.parametrize("hinter", ["rules", "pimc:iterations=4"])
def test_hint_in_chouette_asks_the_table_not_the_deal_drawn(tmp_path: Path,
                                                            hinter: str) -> None:
    """``hint`` crashed in Chouette: the hint player, made for the Chouette table, was
    given the Rubicon deal the screen draws."""
    result = play("--game", "chouette", "--hints", "--hint-player", hinter, "--seed", "5",
                  "--record", str(tmp_path / "r.txt"), "--display", "plain",
                  stdin="hint\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Hint: the " in result.output and " would choose " in result.output


def test_grammar_the_sheet_and_the_story_say_you_knock_and_partners_win() -> None:
    """The sheet's words ("seat 0 knocks", "seats 1 & 3 win") named the seats and kept
    the verb of one third person: "You knocks", "Left & Right wins"."""
    from bezique.core.game import DealResult
    from bezique.present import sheet_lines

    seats = Seats(0, ("You", "Left", "Across", "Right"))
    assert name_seats("seat 0 knocks and counts out", seats) == "You knock and count out"
    assert name_seats("seat 0 reaches 66 with 70", seats) == "You reach 66 with 70"
    assert name_seats("seat 0 is out: the other two finish", seats).startswith("You are out")
    assert name_seats("seats 1 & 3 wins", seats) == "Left & Right win"
    assert name_seats("seat 1 knocks and counts out", seats) == "Left knocks and counts out"
    ann = Seats(0, ("Ann", "Computer"))
    assert name_seats("seat 0 knocks and counts out", ann) == "Ann knocks and counts out"
    match = Match(make_game("sixtysix4"), seed=1)
    match.sheet.enter(1, 0, DealResult((0, 7, 0, 7)), ("seat 1 knocks",))
    match.sheet.end_game(1, 1, summary="seats 1 & 3 win the game 0-7")
    text = "\n".join(sheet_lines(match, seats))
    assert "game 1: Left & Right win (game, 0-7)" in text
    assert "Left knocks" in text and "wins" not in text


def test_errors_write_cards_as_the_screen_does_not_in_letters(tmp_path: Path) -> None:
    """"play one of 8C KC" while the screen shows 8♣ K♣: an error at the terminal writes
    the cards in the screen's style."""
    from bezique.cli.play import Session

    state = BeziqueState.position(
        Bezique(), hands=[parse_cards("8C KC 9H AS"), parse_cards("7C 8H 9S JD QD")],
        trump=Suit.HEARTS, turn_up=None, dealer=0, to_move=0, phase="follow",
        lead=Card.parse("7C"), tricks=28)
    session: Any = Session.__new__(Session)
    action, problem = Session.read_action(session, state, "AS", state.legal_actions())
    assert action is None
    assert "A♠ is not allowed" in problem and "8♣ K♣" in problem, problem
    assert not re.search(r"\b(AS|8C|KC)\b", problem), problem


def test_chouette_says_game_throughout_and_the_box_opening_names_the_box(
        tmp_path: Path) -> None:
    """A Chouette 'game' is one deal: the screen said "Game 1" and then "Deal 1 is over";
    with another player as the box the opening said "you against 3 computer players"."""
    result = play("--game", "chouette", "--seed", "3", "--opponent", "random", "--display",
                  "plain", "--record", str(tmp_path / "r.txt"), stdin="1\n" * 400)
    out = result.output
    assert "Game 1 is over." in out and "Deal 1 is over." not in out
    assert "Press Enter for the next game" in out and "next deal" not in out
    assert re.search(r"^  game  dealer", out, re.MULTILINE), out
    assert "you are the box" in flat(out)
    boxed = play("--game", "chouette", "--option", "box=1", "--seed", "3", "--display",
                 "plain", "--record", str(tmp_path / "b.txt"), stdin="quit\n")
    first = flat(boxed.output)
    assert "you against" not in first
    assert "Left is the box; you and 2 computer players" in first
    assert "you see your side's hand and decide for it" in first


@pytest.mark.parametrize("game", ["binocle3", "sixtysix4"])
def test_a_single_legal_action_is_taken_with_a_line_saying_so(tmp_path: Path,
                                                               game: str) -> None:
    """A prompt of one choice ("1 lay nothing", the one card that may follow) waited for
    the player to confirm it: it is taken for him, and the story says so."""
    result = play("--game", game, "--seed", "3", "--opponent", "random", "--display",
                  "plain", "--record", str(tmp_path / "r.txt"), stdin="1\n" * 300)
    out = result.output
    assert PROMPT + "1, or" not in out  # never a prompt of one choice
    assert re.search(rf"^  Only {CARD} may be played: it is played for you\.$", out,
                     re.MULTILINE), out[-2000:]
    if game == "binocle3":
        assert "Your only choice, taken for you: lay nothing." in out


def test_the_last_trick_names_who_played_each_card_and_who_won() -> None:
    """"Last trick: A♠ A♠ Q♠ 9♠, won by Right" named no seat: each card is named with its
    player, in the order played."""
    from bezique.present import MultiBeziqueView, build_screen

    state = BeziqueState.position(
        Bezique(), hands=[parse_cards("QS AH TH 9C 7D 7D JC 8S"),
                          parse_cards("7H 8H 9H 7S 8S 9S TC 8C")],
        trump=Suit.HEARTS, turn_up=Card.parse("AD"), stock=parse_cards("KC KD KH KS"),
        dealer=1, to_move=0, phase="lead")
    state.apply(state.parse_action("QS"))
    state.apply(state.parse_action("7H"))  # the trump wins
    seats = Seats(0, ("You", "Computer"))
    assert BeziqueView().last_trick(state, seats) == [
        "Last trick: you Q♠, Computer 7♥; won by Computer"]
    # four hands: the seats of the trick in play and of the last one, from the play
    game = make_game("bezique4")
    match = Match(game, seed=5, first_dealer=3)
    four = match.state
    played = []
    for _ in range(4):
        seat = four.current_player()
        action = next(a for a in four.legal_actions() if type(a).__name__ == "Play")
        played.append((seat, Card(action.card)))
        four.apply(action)
    names = Seats(0, ("You", "Left", "Across", "Right"))
    screen = build_screen(MultiBeziqueView(), four, names, match, [])
    last = next(n for n in screen.notes if n.startswith("Last trick: "))
    said = ", ".join(f"{'you' if s == 0 else names.names[s]} {c.pretty()}" for s, c in played)
    assert last.startswith(f"Last trick: {said}; won by "), last


def _tricks_typed(tmp_path: Path, game: str, moves: int) -> str:
    result = play("--game", game, "--seed", "5", "--opponent", "random", "--display",
                  "plain", "--first-dealer", "computer", "--record", str(tmp_path / "r.txt"),
                  stdin="1\n" * moves + "tricks\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    return out[out.rindex("]: tricks"):]


@pytest.mark.parametrize("game,rule,moves", [
    ("bezique", "BZ 31", 12), ("rubicon", "BZ 31", 12), ("binocle", "BN 17", 8),
    ("binocle3", "BN 17", 4), ("sixtysix", "SS 27", 3), ("sixtysix4", "SS 27", 3)])
def test_tricks_lists_only_the_last_trick_where_the_rules_forbid_looking_back(
        tmp_path: Path, game: str, rule: str, moves: int) -> None:
    """``tricks``: the tricks of the deal as far back as the rules let a player look;
    Foster forbids looking beyond the last trick (Binocle, Sixty-Six) and Bézique any
    quitted trick, which the command says with the rule."""
    told = _tricks_typed(tmp_path, game, moves)
    first = flat(told.split("\n\n")[1])  # the command's answer, before the table again
    assert "Only the last trick is shown: " in first and rule in first
    numbered = re.findall(r"Trick (\d+): [^;]*; won by", first)
    assert len(numbered) == 1, first
    assert int(numbered[0]) > 1, first  # an earlier trick was played and is not shown


def test_tricks_lists_every_trick_where_no_rule_forbids_it() -> None:
    """A game with no rule against looking back (the generic view) lists every trick of
    the deal, each with its players, from the public log."""
    from bezique.present import GameView

    state = make_game("bezique").deal(0, seed=3)
    rng = random.Random(2)
    while sum(1 for e in state.events() if isinstance(e, TrickWon)) < 3:
        state.apply(rng.choice(state.legal_actions()))
    lines = GameView().tricks(state, Seats(0, ("You", "Computer")))
    assert [x.split(":")[0] for x in lines] == ["Trick 1", "Trick 2", "Trick 3"]
    assert all(re.search(rf"(you|Computer) {CARD}, (you|Computer) {CARD}; won by", x)
               for x in lines), lines


def _last_screen(out: str) -> list[str]:
    lines = out.splitlines()
    prompts = [i for i, x in enumerate(lines) if x.startswith(PROMPT)]
    start = max(i for i, x in enumerate(lines[:prompts[-1]]) if x.startswith("Deal "))
    return lines[start:prompts[-1]]


@pytest.mark.parametrize("game,options,figure,moves", [
    ("bezique4", (), "deal", 8), ("binocle4", ("--option", "mode=partners"), "deal", 3),
    ("sixtysix4", (), "tricks", 4)])
def test_partners_rows_show_their_own_figures_and_the_side_its_own_line(
        tmp_path: Path, game: str, options: tuple[str, ...], figure: str,
        moves: int) -> None:
    """Partnership games put the side's points on each partner's row (the match, the
    side's count or game points under an individual's name): each row shows the
    player's own, and each side has a line of its own naming both partners."""
    result = play("--game", game, *options, "--seed", "5", "--opponent", "random",
                  "--display", "plain", "--record", str(tmp_path / "r.txt"),
                  stdin="1\n" * moves + "quit\n")
    screen = _last_screen(result.output)
    rows = {m.group(1): int(m.group(2)) for x in screen
            if (m := re.match(rf"^  (You|Left|Across|Right)\b.*?\b{figure} (\d+)", x))}
    assert set(rows) == {"You", "Left", "Across", "Right"}, screen
    for x in screen:
        if re.match(r"^  (You|Left|Across|Right)\b", x):
            assert "match" not in x and "game points" not in x, x
    sides = {m.group(1): int(m.group(2)) for x in screen
             if (m := re.match(rf"^Side (You & Across|Left & Right): {figure} (\d+)", x))}
    assert set(sides) == {"You & Across", "Left & Right"}, screen
    assert sides["You & Across"] == rows["You"] + rows["Across"]
    assert sides["Left & Right"] == rows["Left"] + rows["Right"]
    assert any(w in line for line in screen if line.startswith("Side ")
               for w in ("match ", "game points "))


def test_kreutz_deal_totals_are_each_players_own_and_the_sides_apart(tmp_path: Path) -> None:
    result = play("--game", "sixtysix4", "--seed", "5", "--opponent", "random",
                  "--display", "plain", "--record", str(tmp_path / "r.txt"),
                  stdin="1\n" * 12 + "quit\n")
    out = result.output
    block = out[out.index("Deal 1 is over."):out.index("Score sheet:")]
    rows = {m.group(1): [int(v) for v in m.group(2).split()]
            for m in re.finditer(r"^  (counting cards|marriages|last trick|total)\s+([\d ]+)$",
                                 block, re.MULTILINE)}
    totals = rows.pop("total")
    assert totals == [sum(col) for col in zip(*rows.values(), strict=True)]
    side = re.search(r"^  sides: You & Across (\d+); Left & Right (\d+)$", block, re.M)
    assert side, block
    assert int(side.group(1)) == totals[0] + totals[2]
    assert int(side.group(2)) == totals[1] + totals[3]
    assert re.search(r"^  game points: You & Across \d; Left & Right \d$", block, re.M)


def test_score_gives_partners_the_deal_by_side(tmp_path: Path) -> None:
    result = play("--game", "bezique4", "--seed", "5", "--opponent", "random", "--display",
                  "plain", "--record", str(tmp_path / "r.txt"), stdin="1\n" * 6 + "score\n")
    assert re.search(r"^This deal so far: You & Across \d+; Left & Right \d+$",
                     result.output, re.M), result.output[-1500:]


def test_a_search_players_move_is_announced_the_computer_is_thinking(tmp_path: Path) -> None:
    """A search move of several seconds came with no sign that the computer was at work:
    a line says so before each move of a search player (plain), and none before the
    rule-based player's, who answers at once."""
    path = tmp_path / "r.txt"
    result = play("--game", "sixtysix", "--opponent", "pimc:iterations=4", "--seed", "5",
                  "--display", "plain", "--record", str(path), stdin="1\n" * 4 + "quit\n")
    assert result.exit_code == 0, result.output
    moves = sum(1 for d in replay(read(path)).deals for s in d.seats if s != 0)
    assert moves > 0
    assert result.output.count("Computer is thinking…\n") == moves
    quick = play("--game", "sixtysix", "--seed", "5", "--display", "plain", "--record",
                 str(tmp_path / "q.txt"), stdin="1\n" * 4 + "quit\n")
    assert "thinking" not in quick.output


def test_the_rich_display_shows_a_spinner_while_the_computer_thinks() -> None:
    import io

    from rich.console import Console

    from bezique.cli.render import RichRenderer

    buf = io.StringIO()
    renderer = RichRenderer(Console(file=buf, force_terminal=True, width=80))
    with renderer.thinking("Left"):
        pass
    assert "Left is thinking…" in buf.getvalue()  # drawn on the status line, then gone
    quiet = io.StringIO()  # not a terminal (a pipe, a test): nothing is written
    with RichRenderer(Console(file=quiet, width=80)).thinking("Left"):
        pass
    assert "thinking" not in quiet.getvalue()


def _told(out: str) -> list[str]:
    """The story's sentences as the player was told them (his own draws left out)."""
    said = [x.strip() for x in out.splitlines() if x.startswith("  ") and x.strip()
            and x.strip()[0].isupper() and x.rstrip().endswith(".")]
    return [x for x in said if not x.startswith(("You draw", "The deal so far"))]


@pytest.mark.parametrize("game", ["bezique", "binocle3", "sixtysix4"])
def test_resume_recalls_the_deal_so_far_before_the_first_prompt(tmp_path: Path,
                                                                game: str) -> None:
    """``--resume`` dropped the player into the middle of a deal without a word of what
    had been played: the story of the deal from its start comes before the first
    prompt."""
    path = tmp_path / "r.txt"
    first = play("--game", game, "--seed", "5", "--opponent", "random", "--display", "plain",
                 "--first-dealer", "computer", "--record", str(path),
                 stdin="1\n" * 4 + "quit\n")
    assert first.exit_code == 0, first.output
    again = play("--resume", str(path), "--display", "plain", stdin="quit\n")
    assert again.exit_code == 0, again.output
    out = again.output
    recap = out[:out.index(PROMPT)]
    assert "The deal so far, from its start:" in recap
    # what the log told, less the lines saying a move was taken for him
    taken = ("Only ", "Your only choice", "Nothing to declare", "Your partner asks")
    before = [x for x in _told(first.output[first.output.index("=== Deal 1"):])
              if not x.startswith(taken)]
    assert before and _told(recap)[:len(before)] == before, (before, _told(recap))


def test_the_record_file_tells_the_match_in_comment_lines(tmp_path: Path) -> None:
    """The record bezique play keeps tells each action's public events after it, in
    comment lines naming the players as its headers do ("You play QS"), cards in
    letters; it still reads and resumes, and stays the record written without them."""
    from bezique.record import dumps, read
    path = tmp_path / "r.txt"
    play("--seed", "3", "--opponent", "random", "--record", str(path), stdin="1\n1\n1\n")
    text = path.read_text(encoding="utf-8")
    story = [line for line in text.splitlines() if line.startswith("# ")]
    assert any(line.startswith("# You play ") for line in story), story
    assert any(line.startswith("# Computer ") for line in story), story
    assert not set("".join(story)) & set("♠♥♦♣")
    record = read(path)
    assert dumps(record, story=True) == text
    assert "".join(line + "\n" for line in text.splitlines()
                   if not line.startswith("#")) == dumps(record)
    resumed = play("--resume", str(path), stdin="1\n")
    assert resumed.exit_code == 0, resumed.output
    assert dumps(read(path), story=True) == path.read_text(encoding="utf-8")
