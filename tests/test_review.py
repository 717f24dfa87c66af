"""An adversarial review: each test here guards a rule or a guarantee that a bug once
broke (named after what it protects), plus short fuzz tests of hostile input — action
text, records, options and stdin — whose only acceptable outcomes are success or the
project's own errors."""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bezique.analysis import default_threshold, evaluate, position_of, position_seed
from bezique.bots import make_bot
from bezique.bots.search import Estimate, RootStats, result_unit
from bezique.cli import main as cli_main
from bezique.core.cards import Card, Suit, parse_cards
from bezique.core.errors import (
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
)
from bezique.core.game import State
from bezique.core.match import Match
from bezique.games import GAMES, make_game
from bezique.games.sixtysix import Marry, SixtySix, SixtySixOptions, SixtySixState
from bezique.record import Record, dumps, loads, record_from_match, replay
from bezique.solvers import solver_for

cli_main._register()

FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None)


def _cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


# -- Sixty-Six: a marriage is a King and Queen (SS 21) ----------------------------------

@pytest.mark.parametrize("led, other", [("JS", "TS"), ("TS", "JS"), ("AS", "KS")])
def test_ss21_only_a_king_or_queen_leads_a_marriage_even_through_apply(led: str,
                                                                       other: str) -> None:
    """``Marry`` built in code (not parsed) with a Jack, Ten or Ace: apply must refuse it
    with IllegalActionError and change nothing, as for every illegal action. It used to
    score 20 for Jack and Ten of a suit (their ids differ by one bit, as King and Queen
    do), and to raise ValueError for an Ace."""
    game = SixtySix()
    state = SixtySixState.position(
        game, hands=(_cards(f"{led} {other} 9H 9D 9C AH"), _cards("KH QH KD QD JC JD")),
        trump=Suit.CLUBS, turn_up=int(Card.parse("AC")),
        stock=_cards("TC KC QC 9S QS TH TD JH AD"), to_move=0,
        tricks_won=(1, 0), points=(4, 0))
    action = Marry(Card.parse(led))
    assert action not in state.legal_actions()
    before = (str(state), state.observation(0), state.observation(1))
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert (str(state), state.observation(0), state.observation(1)) == before


# -- options of the wrong type -----------------------------------------------------------

@pytest.mark.parametrize("name, value", [
    ("sixtysix", 7.9), ("sixtysix", float("inf")), ("sixtysix", float("nan")),
    ("sixtysix", True), ("sixtysix", b"7"), ("sixtysix", [7]), ("sixtysix", None),
    ("bezique", 1000.5), ("bezique", float("inf")), ("bezique", True),
])
def test_an_option_value_of_the_wrong_type_is_an_option_error(name: str,
                                                              value: object) -> None:
    """A whole-number option takes a whole number or its text; a float (even infinite),
    a boolean, bytes or a list is refused with OptionError naming the option, never
    truncated silently nor let through as another exception."""
    with pytest.raises(OptionError, match="game_target"):
        make_game(name, {"game_target": value})


def test_an_option_value_in_text_or_as_an_int_is_still_taken() -> None:
    assert make_game("sixtysix", {"game_target": "5"}).options.game_target == 5
    assert make_game("sixtysix", {"game_target": 5}).options.game_target == 5
    assert make_game("bezique", ["game_target=2000"]).options.game_target == 2000


def test_sixtysix_options_built_directly_are_checked_as_parsed_ones() -> None:
    """As for Bézique, a bad value in options built in code is an OptionError naming the
    option, not a silent change of the rules (an unknown trump making used to deal as the
    thirteenth card) nor a TypeError."""
    with pytest.raises(OptionError, match="trump_making"):
        SixtySix(SixtySixOptions(trump_making="bogus"))
    with pytest.raises(OptionError, match="pone_draw_from"):
        make_game("sixtysix", SixtySixOptions(pone_draw_from="side"))
    with pytest.raises(OptionError, match="game_target"):
        SixtySix(SixtySixOptions(game_target=7.5))  # type: ignore[arg-type]
    assert SixtySix(SixtySixOptions(game_target="3")).options.game_target == 3  # type: ignore[arg-type]


# -- records -----------------------------------------------------------------------------

@pytest.mark.parametrize("line", ['[Seed "{big}"]', "Points: {big} 0"])
def test_a_record_with_a_number_too_long_to_read_is_a_record_error(line: str) -> None:
    """Python refuses to read whole numbers of more than 4300 digits (ValueError); the
    reader must say so as a RecordError naming the line."""
    big = "9" * 5000
    deal = ("Deal 1 dealer 0\nPack: " + " ".join(c.notation() for c in
                                                 SixtySix().pack.all_cards()) + "\n")
    text = '[Game "sixtysix"]\n' + (line.format(big=big) + "\n" if "Seed" in line
                                    else deal + line.format(big=big) + "\n")
    with pytest.raises(RecordError, match="line"):
        loads(text)


@pytest.mark.parametrize("sep", ["\u2028", "\u2029", "\x85", "\x1c", "\x0b"])
def test_a_record_is_written_only_if_it_reads_back(sep: str) -> None:
    """``dumps`` promises to refuse what would not read back. Python reads lines at
    every line boundary (``str.splitlines``), not only at newlines, so a name holding
    such a separator must be refused."""
    for record in (Record(game="sixtysix", players=(f"Ann{sep}Bob", "Cy")),
                   Record(game="sixtysix", result=f"seat 0{sep}wins")):
        with pytest.raises(RecordError):
            dumps(record)


@pytest.mark.parametrize("header", ['[Player0 "Ann\x7f" "human"]', '[Result "seat 0\twins"]',
                                    '[Option "game_target" "5\t"]'])
def test_a_record_that_reads_also_writes(header: str) -> None:
    """The reader took header values with control characters that the writer refuses,
    so a resumed match could not be saved again; it now refuses them too."""
    with pytest.raises(RecordError, match="line 2"):
        loads(f'[Game "sixtysix"]\n{header}\n')


def test_a_record_gives_each_option_at_most_once_however_spelled() -> None:
    """RECORDS.md: each option at most once. ``game-target`` and ``game_target`` name the
    same option (as on the command line), so giving both is giving it twice; the second
    used to win silently."""
    with pytest.raises(RecordError, match="line 3: option 'game_target' given twice"):
        loads('[Game "sixtysix"]\n[Option "game-target" "3"]\n[Option "game_target" "5"]\n')


def _real_record_text(name: str, seed: int, deals: int) -> str:
    match = Match(make_game(name), seed=seed)
    rng = random.Random(seed)
    while not match.is_over() and len(match.deals) <= deals:
        match.apply(rng.choice(match.state.legal_actions()))
    return dumps(record_from_match(match, players=("Ann", "Bob"), kinds=("human", "random"),
                                   date="2024-05-01"))


_RECORDS = [_real_record_text("sixtysix", 11, 3), _real_record_text("bezique", 12, 0)]
_NOISE = list('[]"\\#: *+-0123456789ACDHJKQST\t\x00\x7f\ufeff\u2028') + [
    "9" * 5000, "-1", "2", "claim", "close", "draw", "QS*", "show KH QH", "Deal", "Pack:"]

_mutation = st.tuples(st.integers(0, 6), st.integers(0, 10_000), st.integers(0, 10_000),
                      st.sampled_from(_NOISE))


@FUZZ
@given(which=st.integers(0, len(_RECORDS) - 1), mutations=st.lists(_mutation, min_size=1,
                                                                   max_size=4))
def test_a_mutated_record_reads_and_replays_or_raises_a_record_error(
        which: int, mutations: list[tuple[int, int, int, str]]) -> None:
    lines = _RECORDS[which].split("\n")
    for op, i, j, noise in mutations:
        i %= len(lines)
        s = lines[i]
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[j % len(lines)])
        elif op == 2:
            k = j % len(lines)
            lines[i], lines[k] = lines[k], lines[i]
        elif op == 3:
            lines[i] = s[:j % (len(s) + 1)] + noise + s[j % (len(s) + 1) + 1:]
        elif op == 4:
            lines[i] = s[:j % (len(s) + 1)] + noise + s[j % (len(s) + 1):]
        elif op == 5:
            lines[i] = s[:j % (len(s) + 1)] + s[j % (len(s) + 1) + 1:]
        else:
            words = s.split(" ")
            words[j % len(words)] = noise
            lines[i] = " ".join(words)
        if not lines:
            lines = [""]
    text = "\n".join(lines)
    try:
        record = loads(text)
    except RecordError:
        return
    assert loads(dumps(record)) == record  # what reads also writes, and reads back alike
    try:
        replay(record)
    except RecordError:
        pass


# -- action text -------------------------------------------------------------------------

_WORDS = ["score", "marriage", "royal-marriage", "bezique", "double-bezique", "sequence",
          "four-kings", "marry", "show", "close", "claim", "draw", "exchange", "+", "*",
          "QS", "QS*", "KS*", "JD", "KH", "QH", "AS", "TS", "10S", "2C", "9s", "KH+", "20",
          "40", "seven", "nine", "Q", "S", "♠", "١", "⑤", "\x00"]


@FUZZ
@given(text=st.one_of(st.text(max_size=20),
                      st.lists(st.sampled_from(_WORDS), max_size=6).map(" ".join)))
def test_random_action_text_raises_only_notation_error(text: str) -> None:
    for name in sorted(GAMES):
        game = make_game(name)
        state = game.deal(game.first_dealers()[0], seed=3)
        for read in (game.parse_action, state.parse_action, state.action_from_text):
            try:
                action = read(text)
            except NotationError:
                continue
            assert game.parse_action(str(action)) == action


# -- bezique play: junk on stdin ---------------------------------------------------------

def _play(game: str, stdin: str, path: Path) -> str:
    result = CliRunner().invoke(cli_main.cli, [
        "play", "--game", game, "--seed", "5", "--opponent", "random", "--first-dealer",
        "computer", "--record", str(path)], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception))
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


@pytest.mark.parametrize("junk", ["²", "⑤", "³1", "½"])
def test_play_reads_a_digit_like_character_without_a_traceback(junk: str,
                                                               tmp_path: Path) -> None:
    """``str.isdigit`` is true for superscripts and circled numbers that ``int`` cannot
    read; such input must be answered like any other unreadable text."""
    out = _play("sixtysix", f"{junk}\nquit\n", tmp_path / "m.txt")
    assert f"Cannot read {junk!r}" in out


def test_play_survives_junk_on_stdin(tmp_path: Path) -> None:
    rng = random.Random(8)
    junk = [w for w in _WORDS if w.lower() != "q"] + [
        "", " ", "0", "-1", "99999999999999999999", "1", "2", "3", "hint", "score", "help",
        "1.5", "𝟙", "1 2", "\t", "marriage KS* QS + bezique"]
    for game in ("sixtysix", "bezique"):
        lines = [rng.choice(junk) for _ in range(300)]
        out = _play(game, "\n".join(lines) + "\n", tmp_path / f"{game}.txt")
        assert out.count("Your choice [") > 100  # the junk reached the prompt, play went on



# -- hints and reviews: one evaluation, seeded from the position -------------------------

def _positions(name: str, seed: int, every: int = 5) -> list[State]:
    """Positions with a choice along a deal of ``name`` played at random."""
    game = make_game(name)
    state = game.deal(game.first_dealers()[0], seed=seed)
    rng = random.Random(seed)
    out: list[State] = []
    n = 0
    while not state.is_terminal():
        if len(state.legal_actions()) > 1:
            n += 1
            if n % every == 1:
                out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("name, player", [("sixtysix", "pimc:iterations=4"),
                                          ("bezique", "pimc:iterations=2,rollout=random"),
                                          ("sixtysix", "ismcts:iterations=60"),
                                          ("bezique3", "flat:iterations=40")])
def test_one_position_always_gets_one_evaluation_whatever_the_hidden_cards(
        name: str, player: str) -> None:
    """The fault: asking the hint twice in one position gave other values, and the review
    weighed it with yet other worlds. ``evaluate`` seeds a fresh player from the
    position: twice in a row, from a player that has weighed other positions meanwhile,
    and in any deal that looks the same to the seat (other hidden cards), the same
    values and errors; the seed never depends on a card the seat cannot see."""
    game = make_game(name)
    bot = make_bot(player, game, 1)
    rng = random.Random(4)
    for state in _positions(name, 6)[:4]:
        seat = state.current_player()
        first = evaluate(bot, state)
        bot.choose(state)  # the player's own generator moves on: no matter
        assert evaluate(bot, state) == first
        twin = state.resample(seat, rng)
        assert twin.observation(seat) == state.observation(seat)
        assert position_seed(twin) == position_seed(state) == first.seed
        assert evaluate(bot, twin) == first
        assert {w.action for w in first.ranked} == set(state.legal_actions())
        assert [w.value for w in first.ranked] == sorted((w.value for w in first.ranked),
                                                         reverse=True)


def test_the_position_seed_is_not_pythons_salted_hash() -> None:
    """``hash()`` of a string changes with PYTHONHASHSEED from one run to the next; the
    position's seed must not, or a hint would change when the program is started again."""
    code = ("from bezique.games import make_game; from bezique.analysis import position_seed;"
            "g = make_game('bezique'); print(position_seed(g.deal(0, seed=3)))")
    seen = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={**os.environ, "PYTHONHASHSEED": salt}).stdout
            for salt in ("1", "2", "3")}
    assert len(seen) == 1
    assert int(seen.pop()) == position_seed(make_game("bezique").deal(0, seed=3))


def test_the_standard_error_is_zero_where_every_world_is_the_true_deal() -> None:
    """Sixty-Six with the stock gone: every card is known (SS 29), every world PIMC draws
    is the real deal and the solver values it exactly, so the values are the solver's and
    their standard error is 0; earlier, with hidden cards, the worlds differ."""
    game = make_game("sixtysix")
    solver = solver_for(game)
    assert solver is not None
    bot = make_bot("pimc:iterations=4,rollout=random", game, 0)
    rules = [make_bot("rules", game, p) for p in (0, 1)]
    for seed in range(20):
        state = game.deal(0, seed=seed)
        hidden = evaluate(bot, state)  # the first lead: five cards of the other hidden
        assert any(w.error for w in hidden.ranked) and hidden.exact == 0
        while not state.is_terminal():
            obs = state.observation(state.current_player())
            if obs.stock_size == 0 and not obs.closed and len(state.legal_actions()) > 1:
                ev = evaluate(bot, state)
                assert {w.action: w.value for w in ev.ranked} == pytest.approx(
                    solver.solve(state))
                assert all(w.error == 0 and w.samples == 4 for w in ev.ranked)
                assert ev.exact == ev.iterations == 4 and ev.unit == "game points"
                return
            state.apply(rules[state.current_player()].choose(state))
    raise AssertionError("no position with the stock gone and a choice in 20 deals")


def test_the_standard_error_of_weighted_worlds_counts_their_effective_number() -> None:
    """Equal weights (inference's, when it has learnt nothing) change neither the mean nor
    the error (the sample standard deviation over the root of the number of worlds); one
    world weighing far more than the others leaves little more than one world's worth of
    evidence (Kish's effective number), so a larger error than the same values equally
    weighted."""
    values = [3.0, -1.0, 4.0, 1.0, -5.0, 9.0]
    plain, doubled, skewed = RootStats(), RootStats(), RootStats()
    for i, v in enumerate(values):
        plain.add("a", v)
        doubled.add("a", v, 2.0)
        skewed.add("a", v, 50.0 if i == 0 else 1.0)
    p, d, s = plain.estimate("a"), doubled.estimate("a"), skewed.estimate("a")
    assert p is not None and d is not None and s is not None
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    assert p.value == pytest.approx(mean) and p.error == pytest.approx(sd / math.sqrt(6))
    assert (d.value, d.error) == pytest.approx((p.value, p.error))
    weights = [50.0] + [1.0] * 5
    total = sum(weights)
    wmean = sum(w * v for w, v in zip(weights, values, strict=True)) / total
    spread = sum(w * (v - wmean) ** 2 for w, v in zip(weights, values, strict=True)) / total
    effective = total ** 2 / sum(w * w for w in weights)  # about 1.2 worlds
    assert s.value == pytest.approx(wmean)
    assert s.error == pytest.approx(math.sqrt(spread / (effective - 1)))
    assert s.error is not None and p.error is not None and s.error > 1.5 * p.error
    one = RootStats()
    one.add("a", 2.0)
    assert one.estimate("a") == Estimate(2.0, None, 1)  # no spread from a single world
    assert RootStats().estimate("a") is None


def test_every_game_has_a_unit_and_binocle_is_reviewed_in_points() -> None:
    """A review marks a decision from half a game point in the games scored in game points
    or hundreds, but from 10 points where a deal's points are the score. Binocle is
    scored in points to 1000 (Foster's Binocle, Scoring): it used to get the threshold of
    game points, 0.5, marking every decision that lost a point."""
    units = {"points", "game points", "hundreds", "counters", "hearts points"}
    for name, cls in GAMES.items():
        assert result_unit(name) == result_unit(cls()) == cls.result_unit in units, name
        assert default_threshold(name) > 0
    for name in ("binocle", "binocle3", "binocle4", "binocleauction"):
        assert result_unit(name) == "points" and default_threshold(name) == 10.0
    assert (result_unit("sixtysix4"), default_threshold("sixtysix4")) == ("game points", 0.5)
    assert (result_unit("chouette"), default_threshold("chouette")) == ("hundreds", 0.5)


def test_a_decision_knows_its_position_as_its_seat_saw_it() -> None:
    """Bézique: the trick, the hand and the card led, from the deciding seat's
    observation; a declaration after a trick is 'after trick N'."""
    game = make_game("bezique")
    state = game.deal(0, seed=5)
    rng = random.Random(5)
    seen_follow = seen_declare = False
    while not state.is_terminal() and not (seen_follow and seen_declare):
        seat = state.current_player()
        obs = state.observation(seat)
        p = position_of(state, seat)
        assert p.hand == tuple(c.notation() for c in obs.hand)
        assert p.on_table == tuple(c.notation() for c in obs.tables[seat])
        assert p.trump == obs.trump.letter
        if obs.phase == "follow":
            assert p.to_trick == tuple(c.notation() for c in obs.trick) and p.to_trick
            assert (p.trick, p.stage) == (obs.tricks_played + 1,
                                          f"trick {obs.tricks_played + 1}")
            seen_follow = True
        if obs.phase == "declare":
            assert p.stage == f"after trick {obs.tricks_played}"
            seen_declare = True
        state.apply(rng.choice(state.legal_actions()))
    assert seen_follow and seen_declare
