"""Chouette Bézique (Foster, "Chouette Bézique"; VARIANTS V-RB-06): Rubicon deals at a
table of three to six, the box against each adversary in turn (winner stays), the
adversaries consulting; or two against two. Rules by the text's sentences, the choices
of docs/RULES.md, the stakes, the rotation, records, hidden information, the terminal."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from bezique.bots import RandomBot, make_bot
from bezique.cli import main as cli_main
from bezique.core.errors import IllegalActionError, OptionError, RecordError, SeatError
from bezique.core.game import DealResult
from bezique.core.match import Match, ScoreSheet
from bezique.games import GAMES, make_game
from bezique.games.bezique.chouette import ROUND_LIMIT, Chouette, ChouetteState
from bezique.games.bezique.rubicon import Chinese, Rubicon
from bezique.record import dumps, loads, read, record_from_match, replay

cli_main._register()


def chouette(*opts: str) -> Chouette:
    """The game with ``opts``; three players unless they say otherwise."""
    if not any(o.startswith("players=") for o in opts):
        opts = ("players=3", *opts)
    game = make_game("chouette", list(opts))
    assert isinstance(game, Chouette)
    return game


def played_out(state: ChouetteState, seed: int) -> ChouetteState:
    bot = RandomBot(seed)
    while not state.is_terminal():
        state.apply(bot.choose(state))
    return state


# -- the table -----------------------------------------------------------------------------

def test_registered_with_its_rule_player() -> None:
    assert GAMES["chouette"] is Chouette
    assert make_game("Chouette Bézique".replace("é", "e")).name == "chouette"
    assert type(make_bot("rules", chouette())).__name__ == "ChouetteRulesBot"


@pytest.mark.parametrize("opts,sides", [
    ((), (0, 1, 1)),
    (("players=5",), (0, 1, 1, 1, 1)),
    (("box=1",), (0, 1, 0)),
    (("players=6", "box=5"), (0, 0, 0, 0, 0, 1)),
    (("players=4", "form=partners"), (0, 1, 0, 1)),
])
def test_one_box_against_the_rest_or_partners_opposite(opts: tuple[str, ...],
                                                       sides: tuple[int, ...]) -> None:
    assert chouette(*opts).sides == sides


@pytest.mark.parametrize("opts,words", [
    (("players=2",), "option players takes 3 | 4 | 5 | 6"),
    (("players=7",), "option players takes 3 | 4 | 5 | 6"),
    (("form=partners",), "the partners form is played by four, not 3"),
    (("players=5", "form=partners"), "the partners form is played by four, not 5"),
    (("players=4", "form=partners", "box=1"), "the partners form has none"),
    (("box=3",), "option box takes a seat from 0 to 2, not 3"),
    (("box=-1",), "option box takes a whole number from 0 to 5, not -1"),
    (("form=teams",), "option form takes chouette | partners"),
    (("series_deals=-1",), "series_deals takes a whole number from 0 to 100, not -1"),
    (("series_deals=1000000000",), "series_deals takes a whole number from 0 to 100"),
    (("box=6",), "option box takes a whole number from 0 to 5, not 6"),
])
def test_bad_options_say_what_is_wrong(opts: tuple[str, ...], words: str) -> None:
    with pytest.raises(OptionError, match=re.escape(words)):
        chouette(*opts)


def test_each_game_is_rubicon_or_with_six_packs_chinese() -> None:
    assert type(chouette().duel_game) is Rubicon
    six = chouette("packs=6")
    assert type(six.duel_game) is Chinese and len(six.pack) == 192 and six.hand_size == 12
    # Rubicon's options are the games' own
    assert chouette("rubicon_brisque_award=320").duel_game.options.rubicon_brisque_award \
        == 320


def test_consulting_partners_see_each_others_hand_and_nobody_else_does() -> None:
    g = chouette("players=4")
    assert g.visible(1, 2) and g.visible(3, 1) and g.visible(0, 0)
    assert not g.visible(0, 1) and not g.visible(2, 0)
    p = chouette("players=4", "form=partners")
    assert p.visible(0, 2) and p.visible(1, 3) and not p.visible(0, 1)


# -- "the choice of deal": the captain deals, the box leads ---------------------------------

def test_the_box_never_deals_and_leads_each_game() -> None:
    g = chouette()
    assert g.first_dealers() == (1, 2)
    with pytest.raises(SeatError, match="seat 0 is the box, who never deals"):
        g.deal(0, seed=1)
    with pytest.raises(SeatError, match="may not deal first"):
        Match(g, seed=1, first_dealer=0)
    state = g.deal(2, seed=1)
    assert state.players == (0, 2) and state.current_player() == 0
    assert len(state.duel.hands[0]) == len(state.duel.hands[1]) == 9


def test_partners_the_dealer_plays_the_player_on_his_left() -> None:
    g = chouette("players=4", "form=partners")
    for dealer in range(4):
        state = g.deal(dealer, seed=dealer)
        assert state.players == ((dealer + 1) % 4, dealer)
        assert g.sides[state.players[0]] != g.sides[state.players[1]]
        assert state.current_player() == (dealer + 1) % 4


def _result(game: Chouette, points: list[int]) -> DealResult:
    return DealResult(tuple(points))


@pytest.mark.parametrize("players,box,captain,box_won,nxt", [
    (3, 0, 1, True, 2), (3, 0, 2, True, 1), (3, 0, 1, False, 1),
    (4, 2, 1, True, 3), (4, 2, 3, True, 0), (4, 2, 0, False, 0), (5, 4, 3, True, 0),
])
def test_the_winner_stays_and_a_beaten_captain_gives_way_to_his_left(
        players: int, box: int, captain: int, box_won: bool, nxt: int) -> None:
    """Winner stays: a box who wins faces the next adversary; one who loses faces the
    same captain again."""
    g = chouette(f"players={players}", f"box={box}")
    k = players - 1
    points = [(-5 if box_won else 5)] * players
    points[box] = (5 if box_won else -5) * k
    assert g.next_dealer(1, captain, DealResult(tuple(points))) == nxt


def test_a_tied_game_keeps_the_captain() -> None:
    g = chouette()
    assert g.next_dealer(1, 2, DealResult((0, 0, 0))) == 2


# -- the stakes ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 6])
def test_the_box_wins_or_pays_the_games_value_to_each_adversary(players: int) -> None:
    """Foster's first worked example, 1830 against 1260, is a game of 1100: the box
    winning it takes 11 hundred from each adversary; losing it, he pays each."""
    g = chouette(f"players={players}")
    k = players - 1
    for box_hand, sign in ((0, 1), (1, -1)):
        state = g.deal(1, seed=3)
        duel = state.duel
        duel.points = [1830, 1260] if box_hand == 0 else [1260, 1830]
        duel.brisques = [16, 16]
        assert g.duel_game.settle(duel.points, duel.brisques).value == 1100
        points = g.deal_result(state).points
        assert points[0] == sign * 11 * k
        assert all(p == -sign * 11 for p in points[1:])
        assert sum(points) == 0


def test_partners_each_side_wins_or_loses_the_value_shared() -> None:
    g = chouette("players=4", "form=partners")
    state = g.deal(1, seed=3)  # seat 2 leads (hand 0) against seat 1, the dealer
    state.duel.points = [920, 440]
    state.duel.brisques = [20, 12]
    assert g.duel_game.settle((920, 440), (20, 12)).value == 2600  # Foster's rubicon
    assert g.deal_result(state).points == (26, -26, 26, -26)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4, 5]))
def test_a_played_game_pays_by_rubicons_settlement(seed: int, players: int) -> None:
    g = chouette(f"players={players}")
    rng = random.Random(seed)
    dealer = rng.choice(g.first_dealers())
    state = played_out(g.deal(dealer, rng=rng), seed)
    st_ = g.duel_game.settle(state.duel.points, state.duel.brisques)
    points = state.returns()
    assert sum(points) == 0
    if st_.winner is None or st_.hundreds == 0:
        assert points == (0,) * players
    else:
        winner = state.players[st_.winner]
        assert points[winner] == (st_.hundreds * (players - 1) if winner == 0
                                  else st_.hundreds)
        assert all(points[s] == points[winner] for s in g.partners(winner))


# -- the round -------------------------------------------------------------------------------

def _sheet_after(g: Chouette, results: list[tuple[int, bool]]) -> ScoreSheet:
    """Enter games ``(captain, box_won)`` of 1 hundred on a fresh sheet."""
    sheet = g.new_sheet()
    k = len(g.adversaries)
    for i, (captain, box_won) in enumerate(results, 1):
        assert not sheet.over
        points = [(-1 if box_won else 1)] * g.num_players
        points[g.box] = (1 if box_won else -1) * k
        g.update_sheet(sheet, i, captain, DealResult(tuple(points)))
    return sheet


def test_a_round_ends_when_the_captaincy_comes_back_to_the_first_captain() -> None:
    g = chouette()
    sheet = _sheet_after(g, [(1, False), (1, True), (2, False), (2, True)])
    assert sheet.over and sheet.totals == [0, 0]
    assert "level" in sheet.summary
    sheet = _sheet_after(g, [(2, True), (1, True)])
    assert sheet.over and sheet.winner == 0
    assert sheet.summary == ("seat 0 wins 2 hundred from each adversary (4 in"
                                         " all) after 2 games")
    # the adversaries winning on the whole
    sheet = _sheet_after(g, [(1, False), (1, False), (1, True), (2, False), (2, True)])
    assert sheet.winner == 1
    assert sheet.summary == ("seats 1 & 2 win 1 hundred each from the box"
                                         " after 5 games")


def test_a_round_has_an_end_even_when_the_box_keeps_losing() -> None:
    g = chouette()
    limit = ROUND_LIMIT * 2
    sheet = _sheet_after(g, [(1, False)] * limit)
    assert sheet.over and len(sheet.rows) == limit


def test_series_deals_plays_that_many_games_and_partners_play_four() -> None:
    sheet = _sheet_after(chouette("series_deals=3"), [(1, True), (2, True), (1, True)])
    assert sheet.over
    p = chouette("players=4", "form=partners")
    sheet = p.new_sheet()
    for i in range(4):
        assert not sheet.over
        p.update_sheet(sheet, i + 1, i, DealResult((2, -2, 2, -2)))
    assert sheet.over and sheet.totals == [8, -8]
    assert sheet.summary == "seats 0 & 2 win 8 hundred (the partners share it) after 4 games"


@pytest.mark.parametrize("opts", [(), ("players=4", "form=partners"), ("players=4", "box=3")])
def test_a_whole_round_is_played_out_and_its_record_replays(opts: tuple[str, ...]) -> None:
    g = chouette(*opts)
    match = Match(g, seed=11, first_dealer=g.first_dealers()[-1])
    bots = [RandomBot(s) for s in range(g.num_players)]
    while not match.is_over():
        match.apply(bots[match.current_player()].choose(match.state))
    sheet = match.sheet
    assert sum(r.points[sheet.column_of(g.box if g.box >= 0 else 0)] for r in sheet.rows) \
        == sheet.totals[sheet.column_of(g.box if g.box >= 0 else 0)]
    # each game's captain follows the winner-stays rule from the one before
    for before, after in zip(match.deals, match.deals[1:], strict=False):
        assert before.result is not None
        assert after.dealer == g.next_dealer(0, before.dealer, before.result)
    text = dumps(record_from_match(match))
    again = replay(loads(text))
    assert [d.dealer for d in again.deals] == [d.dealer for d in match.deals]
    assert again.sheet.totals == sheet.totals
    # a record that makes the wrong seat play the box is refused, naming the deal
    if len(match.deals) > 1 and g.box >= 0:
        wrong = next(s for s in g.adversaries if s != match.deals[1].dealer)
        lines = text.splitlines()
        at = [i for i, x in enumerate(lines) if x.startswith("Deal 2 ")][0]
        lines[at] = f"Deal 2 dealer {wrong}"
        with pytest.raises(RecordError, match="deal 2: the dealer is seat"):
            replay(loads("\n".join(lines) + "\n"))


def test_a_record_whose_first_dealer_is_the_box_is_refused() -> None:
    g = chouette()
    match = Match(g, seed=2, first_dealer=1)
    text = dumps(record_from_match(match)).replace('[FirstDealer "1"]',
                                                     '[FirstDealer "0"]')
    text = text.replace("Deal 1 dealer 1", "Deal 1 dealer 0")
    with pytest.raises(RecordError, match="may not deal first"):
        replay(loads(text))


# -- what each seat may know ------------------------------------------------------------------

@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150),
       opts=st.sampled_from([(), ("players=4",), ("players=4", "form=partners")]))
def test_each_seat_sees_its_sides_hand_and_no_other(seed: int, steps: int,
                                                     opts: tuple[str, ...]) -> None:
    g = chouette(*opts)
    rng = random.Random(seed)
    state = g.deal(rng.choice(g.first_dealers()), rng=rng)
    bot = RandomBot(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(bot.choose(state))
    for seat in range(g.num_players):
        obs = state.observation(seat)
        i = state.hand_index(seat)
        assert obs.hand_of == state.players[i]
        assert sorted(obs.duel.hand) == sorted(state.duel.hands[i])
        assert obs.consulting == g.partners(seat)
        other = state.duel.hands[1 - i]
        shown = list(obs.duel.known_in_hand[1 - i])
        # nothing of the other hand but what the table has seen
        assert len(shown) <= len(other)
        text = repr(obs)
        assert "stock=" not in text  # no field holds the stock's order
        # resampling keeps what the seat sees and deals the rest from the unseen cards
        again = state.resample(seat, random.Random(seed))
        assert sorted(again.duel.hands[i]) == sorted(state.duel.hands[i])
        assert sorted(again.duel.hands[1 - i] + again.duel.stock) == \
            sorted(other + state.duel.stock)
        assert again.observation(seat).duel == obs.duel


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_an_illegal_action_changes_nothing_and_scores_follow_the_side(seed: int,
                                                                      steps: int) -> None:
    g = chouette("players=4")
    state = g.deal(2, seed=seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(bot.choose(state))
    if state.is_terminal():
        return
    legal = state.legal_actions()
    before = (repr(state.duel), state.scores(), [h[:] for h in state.duel.hands])
    tried = 0
    for text in ("AS", "TH", "7C", "KD", "draw"):
        action = g.parse_action(text)
        if action in legal or state.is_legal(action):
            continue
        tried += 1
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert (repr(state.duel), state.scores(), [h[:] for h in state.duel.hands]) == before
    assert tried
    scores = state.scores()
    for seat in range(4):
        assert scores[seat] == state.duel.scores()[state.hand_index(seat)]
    per_side = [0, 0]
    for seat, pts, _ in state.score_events():
        assert seat in state.players  # scored by the hand's holder, for his side
        per_side[g.sides[seat]] += pts
    assert scores == tuple(per_side[g.sides[s]] for s in range(4))


# -- at the terminal ----------------------------------------------------------------------------

def play(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(cli_main.cli, ["play", *args], input=stdin)


def test_a_round_as_the_box_at_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    result = play("--game", "chouette", "--option", "players=3", "--seed", "4", "--record",
                  str(path), stdin="1\n" * 6000)
    out = result.output
    assert result.exit_code == 0, out
    assert "The cut: Left cuts" in out and "you cut" not in out  # the box does not cut
    assert re.search(r"=== Game 1: (Left|Right) deals and plays the box, you ===", out)
    assert "the box: you take every bet" in out
    assert re.search(r"consulting: (Left|Right)", out)
    assert out.count("Match over") == 1
    record = read(path)
    assert record.kinds == ("human", "rules", "rules")
    assert make_game("chouette").num_players == 4  # four by default
    match = replay(record)
    assert match.is_over() and out.count(" is over.") == len(match.deals)


def test_a_round_as_an_adversary_deciding_for_the_captain(tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    result = play("--game", "chouette", "--option", "players=3", "--option", "box=1",
                  "--seed", "4", "--record", str(path), stdin="1\n" * 6000)
    out = result.output
    assert result.exit_code == 0, out
    assert "the box, taking every bet" in out
    # the captain is the computer at seat 2 in the first game: the human decides for him
    assert "Right's cards: you consult and decide for your side" in out
    match = replay(read(path))
    first = match.deals[0]
    assert first.dealer == 2 and 2 in first.seats and 0 not in first.seats


def test_two_against_two_at_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    result = play("--game", "chouette", "--option", "form=partners", "--seed", "8",
                  "--record", str(path), stdin="1\n" * 9000)
    out = result.output
    assert result.exit_code == 0, out
    match = replay(read(path))
    assert len(match.deals) == 4 and match.is_over()
    assert "You & Across" in out
    assert "Across's cards: you consult and decide for your side" in out


def test_the_box_cannot_be_told_to_deal(tmp_path: Path) -> None:
    result = play("--game", "chouette", "--first-dealer", "you", "--record",
                  str(tmp_path / "c.txt"))
    assert result.exit_code == 2
    assert "you may not deal first in Chouette Bézique (the box never deals)" in \
        result.output
