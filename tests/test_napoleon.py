"""Napoleon (Enquire Within 130; INVENTORY 25): rule by rule, each test named after the
rule it checks and citing the text; the options and their errors; what each seat may
see; records; whole matches at the terminal; the rule player against random."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bezique.bots import RandomBot, make_bot, rule_games
from bezique.bots.arena import duplicate_table
from bezique.bots.napoleon_rules import NapoleonRulesBot, likely_tricks, peel_napoleon
from bezique.cli import main as cli_main
from bezique.core.cards import parse_cards
from bezique.core.errors import IllegalActionError, NotationError, OptionError
from bezique.core.events import TrumpMade
from bezique.core.match import Match
from bezique.core.trick import PLAY_PHASE
from bezique.games import GAMES, make_game
from bezique.games.napoleon import (
    BUY_PHASE,
    CALL_PHASE,
    CALLS,
    NAPOLEON,
    PACK,
    PASS,
    SEDAN,
    WELLINGTON,
    Buy,
    Napoleon,
    NapoleonState,
    parse_action,
)
from bezique.present import view_for
from bezique.record import dumps, loads, read, record_from_match, replay

cli_main._register()


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def nap(**opts: object) -> Napoleon:
    game = make_game("napoleon", opts)
    assert isinstance(game, Napoleon)
    return game


def stacked(game: Napoleon, dealer: int, hands: list[str], rest: str = "") -> NapoleonState:
    """A deal whose hands are given (seat order): the pack stacked so that dealing one at
    a time from the dealer's left gives them, the other cards after."""
    n = game.num_players
    held = [cards(h) for h in hands]
    order: list[int] = []
    for k in range(5):
        for i in range(1, n + 1):
            order.append(held[(dealer + i) % n][k])
    given = set(order) | set(cards(rest))
    order += cards(rest) + [int(c) for c in PACK.all_cards() if int(c) not in given]
    state = game.deal(dealer, pack=order)
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in held]
    return state


def act(state: NapoleonState, *texts: str) -> None:
    for t in texts:
        state.apply(state.parse_action(t))


FOUR_HANDS = ["AS KS QS JS TS", "2H 3H 4H 5H 6H", "AH KH QH 2C 3C", "AD KD QD 2D 3D"]


# == the table and the deal =====================================================================

def test_registered_with_rule_player_view_and_alias() -> None:
    assert GAMES["napoleon"] is Napoleon
    assert type(make_game("nap")) is Napoleon and type(make_game("Napoleon")) is Napoleon
    assert "napoleon" in rule_games()
    assert type(view_for(nap())).__name__ == "NapoleonView"
    state = nap().deal(0, seed=3)
    assert make_bot("rules", nap(), 1).choose(state) in state.legal_actions()


def test_ew130_four_five_or_six_players_each_for_himself() -> None:
    for n in (4, 5, 6):
        game = nap(players=n)
        assert game.num_players == n and game.sides == tuple(range(n))
    for bad in (3, 7):
        with pytest.raises(OptionError, match="players"):
            nap(players=bad)


def test_ew130_the_full_pack_at_whist_ranks_ace_high() -> None:
    game = nap()
    assert len(game.pack) == 52
    state = stacked(game, 3, FOUR_HANDS)
    act(state, "go 2", "pass", "pass", "pass")  # seat 0 plays two, leads AS
    act(state, "AS", "2H", "2C", "2D")
    assert state.tricks_won[0] == 1


def test_ew130_five_cards_one_at_a_time_from_the_dealers_left() -> None:
    game = nap(players=5)
    order = [int(c) for c in PACK.all_cards()]
    state = game.deal(2, pack=order)
    for k, c in enumerate(order[:25]):
        assert c in state.hands[(2 + 1 + k) % 5]
    assert [len(h) for h in state.hands] == [5] * 5
    assert sorted(state.stock) == sorted(order[25:])  # the rest lies face down


def test_ew130_the_deal_passes_to_the_left_after_every_round() -> None:
    match = Match(nap(), seed=1, first_dealer=2)
    rng = random.Random(2)
    while len(match.sheet.rows) < 5:
        match.apply(rng.choice(match.state.legal_actions()))
    assert [log.dealer for log in match.deals][:6] == [2, 3, 0, 1, 2, 3]


# == the calls =================================================================================

def test_ew130_the_player_left_of_the_dealer_declares_first_and_each_in_turn() -> None:
    state = stacked(nap(), 1, FOUR_HANDS)
    assert state.phase == CALL_PHASE and state.current_player() == 2
    act(state, "pass")
    assert state.current_player() == 3
    act(state, "go 2")
    assert state.current_player() == 0


def test_ew130_calls_of_two_three_four_and_napoleon_each_higher_than_the_last() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    assert state.legal_actions() == [PASS, CALLS[2], CALLS[3], CALLS[4], CALLS[NAPOLEON]]
    act(state, "go 3")
    assert state.legal_actions() == [PASS, CALLS[4], CALLS[NAPOLEON]]
    with pytest.raises(IllegalActionError, match="higher than three"):
        act(state, "go 2")
    with pytest.raises(IllegalActionError, match="higher than three"):
        act(state, "go 3")


def test_ew130_a_declaration_once_made_cannot_be_recalled_each_speaks_once() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    act(state, "go 2", "go 3", "pass", "pass")
    # the calls are over after one round: seat 0 may not speak again
    assert state.phase == PLAY_PHASE and state.declarer == 1 and state.level == 3
    assert state.calls == ((0, "go 2"), (1, "go 3"), (2, "pass"), (3, "pass"))


def test_ew130_napoleon_ends_the_calls_nothing_being_higher() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    act(state, "napoleon")
    assert state.phase == PLAY_PHASE and state.current_player() == 0


def test_ew130_when_all_pass_the_deal_is_void() -> None:
    game = nap()
    state = stacked(game, 3, FOUR_HANDS)
    act(state, "pass", "pass", "pass", "pass")
    assert state.is_terminal() and state.declarer < 0
    result = game.deal_result(state)
    assert result.points == (0, 0, 0, 0) and result.detail("declarer") == -1
    assert "void" in str(state.events()[-1])


# == the play ==================================================================================

def test_inv25_the_declarer_leads_and_the_first_card_played_is_trumps() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    act(state, "pass", "pass", "go 2", "pass")
    assert state.current_player() == 2 and state.trump == -1
    act(state, "QH")
    assert state.trump == 2  # hearts
    assert any(isinstance(e, TrumpMade) and e.suit == 2 for e in state.events())
    act(state, "AD", "AS", "2H")
    assert state.tricks_won[2] == 1  # the Queen of trumps takes it, no trump being higher


def test_ew130_each_must_follow_suit() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    act(state, "pass", "go 2", "pass", "pass")  # seat 1 leads
    act(state, "2H")
    assert {int(a.card) for a in state.legal_actions()} == set(cards("AH KH QH"))
    with pytest.raises(IllegalActionError, match="must follow suit"):
        act(state, "2C")


def test_ew130_no_duty_to_head_the_trick_or_to_trump() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    act(state, "go 2", "pass", "pass", "pass")
    act(state, "TS")  # spades trumps
    # seat 1, no spade: any card, not bound to trump (he has none) nor to head
    assert {int(a.card) for a in state.legal_actions()} == set(cards("2H 3H 4H 5H 6H"))
    act(state, "2H")
    # seat 2 holds no spade: may throw a club rather than head
    assert {int(a.card) for a in state.legal_actions()} == set(cards("AH KH QH 2C 3C"))
    act(state, "2C", "2D")
    state2 = stacked(nap(), 3, ["TS 9S 8S 7S 6S", "2H 3H 4H 5H 6H", "AS 2S AH KH QH",
                                "AD KD QD 2D 3D"])
    act(state2, "go 2", "pass", "pass", "pass", "TS", "2H")
    assert {int(a.card) for a in state2.legal_actions()} == set(cards("AS 2S"))
    act(state2, "2S")  # follows, not bound to head the Ten with his Ace
    assert state2.winner == 0


def test_ew130_the_winner_of_a_trick_leads_to_the_next() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    act(state, "pass", "pass", "go 2", "pass", "2C", "AD", "AS", "2H")
    # clubs are trumps, led; no other club falls: the Two of trumps wins and leads again
    assert state.tricks_won[2] == 1 and state.current_player() == 2


def test_ew130_the_five_tricks_are_played_out() -> None:
    game = nap()
    state = stacked(game, 3, FOUR_HANDS)
    act(state, "go 2", "pass", "pass", "pass")
    act(state, "AS", "2H", "2C", "2D", "KS", "3H", "3C", "3D")
    assert not state.is_terminal()  # the call is made, the play goes on (EW 130)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert state.tricks == 5


def test_peel_the_play_stops_once_the_call_is_decided() -> None:
    game = nap(stop_when_decided=True)
    state = stacked(game, 3, FOUR_HANDS)
    act(state, "go 2", "pass", "pass", "pass")
    act(state, "AS", "2H", "2C", "2D", "KS", "3H", "3C", "3D")
    assert state.is_terminal() and state.tricks == 2
    assert game.deal_result(state).points == (6, -2, -2, -2)


# == the payments ==============================================================================

def play_out_with(state: NapoleonState, seed: int = 1) -> None:
    bots = [NapoleonRulesBot(seed + i) for i in range(state.n)]
    while not state.is_terminal():
        state.apply(bots[state.current_player()].choose(state))


def test_ew130_the_declarer_who_makes_his_call_receives_a_stake_a_trick_from_each() -> None:
    game = nap()
    state = stacked(game, 3, FOUR_HANDS)
    act(state, "go 4", "pass", "pass", "pass")
    play_out_with(state)
    assert state.tricks_won[0] == 5  # five spades from the Ace
    assert game.deal_result(state).points == (12, -4, -4, -4)


def test_ew130_failing_he_pays_each_as_much() -> None:
    game = nap()
    state = stacked(game, 3, FOUR_HANDS)
    act(state, "pass", "go 3", "pass", "pass")  # seat 1 with five low hearts
    play_out_with(state)
    assert state.tricks_won[1] < 3
    assert game.deal_result(state).points == (3, -9, 3, 3)


def test_ew130_napoleon_double_stakes_if_made_single_if_lost() -> None:
    game = nap()
    made = stacked(game, 3, FOUR_HANDS)
    act(made, "napoleon")
    play_out_with(made)
    assert game.deal_result(made).points == (30, -10, -10, -10)
    lost = stacked(game, 0, FOUR_HANDS)  # seat 1 first, with low hearts
    act(lost, "napoleon")
    play_out_with(lost)
    assert game.deal_result(lost).points == (5, -15, 5, 5)


def test_ew130_a_stake_of_more_than_a_counter_a_trick() -> None:
    game = nap(stake=2)
    state = stacked(game, 3, FOUR_HANDS)
    act(state, "napoleon")
    play_out_with(state)
    assert game.deal_result(state).points == (60, -20, -20, -20)


def test_the_deal_sums_to_zero_without_a_pool() -> None:
    rng = random.Random(4)
    for n in (4, 5, 6):
        game = nap(players=n)
        for seed in range(40):
            state = game.deal(seed % n, seed=seed)
            while not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()))
            assert sum(game.deal_result(state).points) == 0


# == Wellington and Sedan ======================================================================

def test_ew130_wellington_a_superior_call_after_the_napoleon() -> None:
    game = nap(wellington="peel")
    state = stacked(game, 3, FOUR_HANDS)
    assert CALLS[WELLINGTON] not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="only over a Napoleon"):
        act(state, "wellington")
    act(state, "pass", "napoleon")
    assert CALLS[WELLINGTON] in state.legal_actions()
    act(state, "pass", "wellington")
    assert state.phase == PLAY_PHASE and state.declarer == 3 and state.level == WELLINGTON


def test_ew130_wellington_off_by_default() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    act(state, "pass", "napoleon")
    assert state.phase == PLAY_PHASE  # nothing above Napoleon: the calls are over
    with pytest.raises(IllegalActionError):
        stacked(nap(), 3, FOUR_HANDS).apply(CALLS[WELLINGTON])


@pytest.mark.parametrize(("way", "won", "lost"), [("triple", 15, 10), ("peel", 20, 10)])
def test_wellington_stakes_the_texts_triple_or_peels_double(way: str, won: int,
                                                            lost: int) -> None:
    game = nap(wellington=way)
    assert game.stakes(WELLINGTON) == (won, lost)
    state = stacked(game, 2, FOUR_HANDS)
    act(state, "pass", "napoleon", "wellington")  # seat 1 over seat 0's Napoleon
    play_out_with(state)
    d = state.declarer
    pts = game.deal_result(state).points
    assert pts[d] in (3 * won, -3 * lost)


def test_ew130_sedan_takes_precedence_of_all_the_others() -> None:
    game = nap(sedan="peel", wellington="peel")
    state = stacked(game, 3, FOUR_HANDS)
    assert CALLS[SEDAN] in state.legal_actions()
    act(state, "napoleon")
    assert CALLS[SEDAN] in state.legal_actions()  # above Napoleon
    act(state, "wellington")
    assert state.legal_actions() == [PASS, CALLS[SEDAN]]  # above Wellington too
    act(state, "sedan")
    assert state.phase == PLAY_PHASE and state.declarer == 2 and state.level == SEDAN


def test_ew130_sedan_undertakes_to_lose_every_trick() -> None:
    game = nap(sedan="britannica")
    state = stacked(game, 3, FOUR_HANDS)
    act(state, "pass", "sedan")  # seat 1, five low hearts
    act(state, "2H")  # hearts trumps; he must lose every trick
    play_out_with(state)
    pts = game.deal_result(state).points
    assert pts[1] == (9 if state.tricks_won[1] == 0 else -18)
    assert game.stakes(SEDAN) == (3, 6)
    assert nap(sedan="peel").stakes(SEDAN) == (3, 3)


def test_peel_sedan_without_trumps_when_agreed() -> None:
    game = nap(sedan="peel", sedan_trumps="none")
    state = stacked(game, 3, FOUR_HANDS)
    act(state, "pass", "sedan", "2H")
    assert state.trump == -1
    act(state, "QH", "2D", "TS")  # a spade does not trump: there are no trumps
    assert state.tricks_won[2] == 1


# == the pool and buying =======================================================================

def test_ew130_each_dealer_pays_into_the_pool_and_a_napoleon_made_takes_it() -> None:
    game = nap(kitty="stake")
    match = Match(game, seed=3, first_dealer=3)
    state = match.state
    assert isinstance(state, NapoleonState) and state.pool == 1
    assert state.paid_in == [0, 0, 0, 1]
    act(state, "pass", "pass", "pass", "pass")
    assert game.deal_result(state).points == (0, 0, 0, -1)
    # a deal with a pool of 5 before: the Napoleon made takes it
    nap_state = NapoleonState.from_pack(game, 3, _order(game, 3, FOUR_HANDS), pool=5)
    act(nap_state, "napoleon")
    play_out_with(nap_state)
    result = game.deal_result(nap_state)
    assert result.points == (30 + 6, -10, -10, -11) and result.detail("pool") == 0


def _order(game: Napoleon, dealer: int, hands: list[str]) -> list[int]:
    n = game.num_players
    held = [cards(h) for h in hands]
    order = [held[(dealer + i) % n][k] for k in range(5) for i in range(1, n + 1)]
    return order + [int(c) for c in PACK.all_cards() if int(c) not in set(order)]


def test_ew130_the_half_stake_of_the_text_needs_an_even_stake() -> None:
    with pytest.raises(OptionError, match="even stake"):
        nap(kitty="half_stake")
    assert nap(kitty="half_stake", stake=2).ante == 1
    assert nap(kitty="stake", stake=2).ante == 2


def test_pool_nap_a_napoleon_lost_doubles_the_pool() -> None:
    with pytest.raises(OptionError, match="needs a pool"):
        nap(failed_napoleon_doubles_pool=True)
    game = nap(kitty="stake", failed_napoleon_doubles_pool=True)
    state = NapoleonState.from_pack(game, 0, _order(game, 0, FOUR_HANDS), pool=4)
    act(state, "napoleon")  # seat 1, low hearts: fails
    play_out_with(state)
    result = game.deal_result(state)
    assert result.detail("pool") == 10  # 4 + the dealer's 1, doubled
    assert result.points == (5 - 1, -15 - 5, 5, 5)


def test_peel_buying_cards_before_the_calls_a_stake_a_card_into_the_pool() -> None:
    game = nap(buying=True)
    state = stacked(game, 3, FOUR_HANDS, rest="9C 8C 7C")
    assert state.phase == BUY_PHASE and state.current_player() == 0
    assert Buy(()) in state.legal_actions() and len(state.legal_actions()) == 32
    act(state, "buy none")
    act(state, "buy 2H 3H")  # seat 1 throws out two hearts face down, draws 9C 8C
    assert sorted(state.hands[1]) == sorted(cards("4H 5H 6H 9C 8C"))
    assert state.tables[1] == cards("2H 3H") and state.pool == 2 and state.paid_in[1] == 2
    with pytest.raises(IllegalActionError, match="holds"):
        act(state, "buy 2H")
    act(state, "buy none", "buy none")
    assert state.phase == CALL_PHASE and state.current_player() == 0
    # the others never see what was thrown out; the buyer does
    assert state.observation(1).discards == tuple(parse_cards("2H 3H"))
    assert state.observation(0).discards == () and state.observation(0).bought[1] == 2
    act(state, "pass", "pass", "pass", "pass")
    assert game.deal_result(state).points == (0, -2, 0, 0)
    assert game.deal_result(state).detail("pool") == 2


def test_the_pool_is_carried_and_divided_equally_at_the_close() -> None:
    game = nap(kitty="stake", deals=4)
    match = Match(game, seed=1)
    rng = random.Random(1)
    while not match.is_over():
        state: Any = match.state
        legal = state.legal_actions()
        match.apply(PASS if PASS in legal else rng.choice(legal))
    # every deal void: each dealer's stake stays in the pool; level at the top after
    # four, the deals go on until one leads (seat 3, the only one not to have dealt twice)
    assert len(match.sheet.rows) == 7 and match.sheet.carry == 7
    assert match.sheet.winner == 3
    assert "the pool of 7 is divided equally (1 each, 3 over)" in match.sheet.summary


# == the match =================================================================================

def test_a_match_is_a_fixed_number_of_deals_each_dealing_equally() -> None:
    for n in (4, 5, 6):
        assert nap(players=n).deals == 2 * n
    assert nap(deals=3).deals == 3
    with pytest.raises(OptionError):
        nap(deals=1000)
    match = Match(nap(deals=4), seed=2)
    bots = [NapoleonRulesBot(i) for i in range(4)]
    while not match.is_over():
        match.apply(bots[match.state.current_player()].choose(match.state))
    assert len(match.sheet.rows) >= 4
    top = max(match.sheet.totals)
    assert match.sheet.winner is not None and match.sheet.totals[match.sheet.winner] == top
    assert match.sheet.totals.count(top) == 1


# == notation, errors, hidden cards ============================================================

def test_notation_round_trips_and_names_bad_text() -> None:
    for text in ("pass", "go 2", "go 3", "go 4", "napoleon", "wellington", "sedan",
                 "buy none", "buy 2C 7H", "QS", "TD"):
        assert parse_action(text).notation() == text
    assert parse_action("nap") == CALLS[NAPOLEON] and parse_action("misère") == CALLS[SEDAN]
    assert parse_action("I go three".split(" ", 1)[1]) == CALLS[3]
    for bad in ("go 6", "go", "buy 2C 2C", "1S", "hello there", ""):
        with pytest.raises(NotationError):
            parse_action(bad)


def test_an_illegal_action_names_why_and_changes_nothing() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    before = str(state)
    with pytest.raises(IllegalActionError, match="calls or passes"):
        act(state, "AS")
    with pytest.raises(IllegalActionError, match="not played"):
        act(state, "sedan")
    assert str(state) == before
    act(state, "go 2", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="not in the hand"):
        act(state, "AH")
    with pytest.raises(IllegalActionError, match="play a card"):
        act(state, "pass")
    assert str(state).startswith("NapoleonState")


def test_no_seat_sees_another_hand_and_a_sample_keeps_the_voids() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    act(state, "go 2", "pass", "pass", "pass", "AS", "2H")  # seat 1 void in spades
    obs = state.observation(2)
    assert obs.hands[0] is None and obs.hands[1] is None and obs.hand_sizes == (4, 4, 5, 5)
    spades = set(cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))
    rng = random.Random(1)
    for _ in range(30):
        sample = state.resample(2, rng)
        assert not spades & set(sample.hands[1])
        assert sorted(sample.hands[2]) == sorted(state.hands[2])


def test_records_replay_with_every_option() -> None:
    for opts in ([], ["players=6", "kitty=stake", "buying=true", "wellington=peel",
                      "sedan=britannica", "stop_when_decided=true"]):
        game = make_game("napoleon", opts)
        match = Match(game, seed=7)
        bots = [NapoleonRulesBot(i) for i in range(game.num_players)]
        while not match.is_over():
            match.apply(bots[match.state.current_player()].choose(match.state))
        text = dumps(record_from_match(match))
        assert dumps(record_from_match(replay(loads(text)))) == text


# == the rule player ===========================================================================

def test_the_rule_player_counts_likely_tricks_after_peel() -> None:
    tricks, suit = likely_tricks(cards("AS KS QS JS 9S"), 4)
    assert tricks >= 4.5 and suit == 3
    assert peel_napoleon(cards("AH KH 9H 4H AC"))  # four headed by the Ace, an Ace beside
    assert peel_napoleon(cards("AH KH QH AC AD"))  # three high with two other Aces
    assert not peel_napoleon(cards("9H 7H 4C 3D 2S"))
    assert likely_tricks(cards("9H 7H 4C 3D 2S"), 4)[0] < 1.0


def test_the_rule_player_calls_napoleon_on_a_sure_hand_and_passes_a_poor_one() -> None:
    state = stacked(nap(), 3, FOUR_HANDS)
    bot = NapoleonRulesBot(1)
    assert bot.choose(state) == CALLS[NAPOLEON]
    state = stacked(nap(), 0, ["AS KS QS JS TS", "9H 7C 4D 3D 2S", "AH KH QH 2C 3C",
                               "AD KD QD 2D 3H"])  # seat 1 first, five low cards
    assert bot.choose(state) == PASS


def test_the_adversaries_never_overtake_a_fellow_adversary() -> None:
    """EW 130: the best play is to co-operate in defeating the declarer. Seat 2 holds the
    trick with the Queen of trumps over the declarer's Knave: seat 3 does not put his
    Ace on it."""
    game = nap()
    state = stacked(game, 0, ["2S 3S 4S 5S 6S", "JH 7C 8C 9C TC", "QH 2D 3D 4D 5D",
                              "AH 2H 6D 7D 8D"])
    act(state, "go 2", "pass", "pass", "pass")  # seat 1 declares and leads
    act(state, "JH", "QH")
    choice = NapoleonRulesBot(1).advise(state)
    assert int(choice.action.card) == cards("2H")[0]  # type: ignore[attr-defined]
    assert "fellow adversary" in " ".join(choice.reasons)


def test_the_rule_player_beats_random_over_duplicate_deals() -> None:
    for n in (4, 6):
        stats = duplicate_table(nap(players=n), lambda g, s: NapoleonRulesBot(s),
                                lambda g, s: RandomBot(s), 30, 1, check=True)
        assert sum(stats.diffs) / len(stats.diffs) > 2


# == the terminal ==============================================================================

@pytest.mark.parametrize("opts", [[], ["--option", "players=5", "--option", "kitty=stake",
                                       "--option", "buying=true", "--option", "sedan=peel",
                                       "--option", "wellington=triple"]])
def test_a_whole_match_at_the_terminal(tmp_path: Path, opts: list[str]) -> None:
    path = tmp_path / "r.txt"
    result = CliRunner().invoke(cli_main.cli, [
        "play", "--game", "napoleon", *opts, "--seed", "3", "--opponent", "rules",
        "--record", str(path)], input="1\n" * 4000)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Match over" in out and "the calls" in out and "counters" in out
    assert "trumps" in out
    assert replay(read(path)).is_over()


def test_the_board_shows_each_seats_calls_and_the_contract() -> None:
    """The browser's board (``table_view``) carries what the terminal shows: each seat's
    calls, the declarer's contract once the calls are over, trumps once led."""
    from bezique.present.table import table_view
    state = stacked(nap(), 3, FOUR_HANDS)
    act(state, "go 2", "go 3", "pass")
    board = table_view(state.observation(3), ["Ann", "Bob", "Cid", "Dan"])
    assert [s["bids"] for s in board["seats"]] == [["go 2"], ["go 3"], ["pass"], []]
    assert board["contract"] is None and board["trump"] == ""
    act(state, "pass", "6H")
    board = table_view(state.public_observation(), ["Ann", "Bob", "Cid", "Dan"])
    assert board["contract"] == {"seat": 1, "text": "three tricks"}
    assert board["trump"] == "H"
