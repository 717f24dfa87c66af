"""The rule players explain themselves: ``advise`` gives the action ``choose`` takes, with
the reasons that decided it in a player's words.

Checked here: the advice is the choice, at every step of many deals of both games (the
same random numbers drawn); each reason is a short sentence in card notation; a reason
tells nothing the seat to move cannot know (the same advice in every deal that looks the
same to it); what a reason says of the trick is what then happens; and worked positions
(the Seven exchanged, declarations, brisques taken, a claim with 66 counted, closing, the
look-ahead) give the reasons a player would give.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_bots import position

from bezique.bots import Advice, Bot, RandomBot, make_bot
from bezique.bots.bezique_rules import BeziqueRulesBot
from bezique.bots.sixtysix_rules import SixtySixRulesBot, SixtySixRulesParams
from bezique.core.cards import Card, Suit, parse_cards
from bezique.core.game import State
from bezique.games import make_game
from bezique.games.bezique import Declare, Exchange
from bezique.games.sixtysix import SixtySix, SixtySixState

SS = SixtySix()
seeds = st.integers(min_value=0, max_value=2**32 - 1)

BEZIQUE_VARIANTS: list[dict[str, object]] = [
    {},
    {"draw_order": "pone_always_first", "offsuit_follow_wins": True},
    {"multiple_announcements": "one_per_trick", "seven_exchange_with_declaration": True},
    {"brisque_scoring": "end_of_deal", "last_trick_bonus_at": 24},
    {"count_stock_allowed": False, "trumps_only_in_last_eight": True,
     "bezique_pair": "QC_JH_if_trump_S_or_D"},
]
GAMES: list[tuple[str, dict[str, object]]] = (
    [("bezique", o) for o in BEZIQUE_VARIANTS]
    + [("sixtysix", {}), ("sixtysix", {"trump_making": "seventh_card_after_first_round"})])


def few(n: int) -> Callable[[Any], Any]:
    """Whole deals per example: few examples, the same ones every run."""
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def assert_well_formed(advice: Advice) -> None:
    """One to three reasons, each a short plain sentence on one line, most important
    first; cards written as the terminal prints them (``QS``, ``TD``), never ``Q♠``."""
    assert 1 <= len(advice.reasons) <= 3, advice
    for reason in advice.reasons:
        assert isinstance(reason, str) and reason == reason.strip(), advice
        assert 10 <= len(reason) <= 120, (len(reason), reason)
        assert "\n" not in reason and not reason.endswith((".", ";", ",")), reason
        assert reason[0].islower() or reason[0].isdigit() or reason[:2].isupper(), reason
        assert not re.search(r"[♠♥♦♣]|\b10[CDHS]\b", reason), reason
        assert "  " not in reason and " ," not in reason and "()" not in reason, reason


def play_and_check(name: str, options: dict[str, object], seed: int, bot_seed: int,
                   check: Callable[[State, Bot, Advice], None]) -> int:
    """Play a deal, mostly the rule player's own moves and some random ones (for positions
    it would not reach), asking a second rule player with the same seed for advice at
    every step; returns the number of positions checked."""
    game = make_game(name, options)
    rng = random.Random(seed)
    state = game.deal(seed % 2, seed=seed)
    chooser = make_bot("rules", game, bot_seed)
    adviser = make_bot("rules", game, bot_seed)
    n = 0
    while not state.is_terminal():
        action = chooser.choose(state)
        advice = adviser.advise(state)
        assert advice.action == action, (str(state), action, advice)
        assert adviser.rng.getstate() == chooser.rng.getstate()  # the same numbers drawn
        check(state, adviser, advice)
        n += 1
        state.apply(action if rng.random() < 0.7 else rng.choice(state.legal_actions()))
    return n


# -- the advice is the choice -------------------------------------------------------------

@few(120)
@given(game=st.sampled_from(GAMES), seed=seeds, bot_seed=seeds)
def test_advice_is_the_choice_and_reads_well(game: tuple[str, dict[str, object]],
                                              seed: int, bot_seed: int) -> None:
    def check(state: State, bot: Bot, advice: Advice) -> None:
        assert_well_formed(advice)
    assert play_and_check(game[0], game[1], seed, bot_seed, check) > 0


@pytest.mark.parametrize("name", ["bezique", "sixtysix"])
def test_advice_is_the_choice_through_whole_rule_player_deals(name: str) -> None:
    # the rule players against each other, as the arena and the hint see them
    game = make_game(name)
    checked = 0
    for deal in range(4):
        state = game.deal(deal % 2, seed=900 + deal)
        chooser, adviser = make_bot("rules", game, deal), make_bot("rules", game, deal)
        while not state.is_terminal():
            action = chooser.choose(state)
            assert adviser.advise(state).action == action
            state.apply(action)
            checked += 1
    assert checked > 50


def test_a_bot_that_cannot_explain_itself_advises_its_choice_without_reasons() -> None:
    state = make_game("bezique").deal(0, seed=3)
    a, b = RandomBot(seed=5), RandomBot(seed=5)
    for _ in range(5):
        assert b.advise(state) == Advice(a.choose(state), ())


# -- nothing hidden is told ---------------------------------------------------------------

@pytest.mark.parametrize("name", ["bezique", "sixtysix"])
def test_advice_is_the_same_in_every_deal_that_looks_the_same(name: str) -> None:
    # resample() redraws what the seat to move cannot see (the adversary's unknown cards,
    # the stock's order); the reasons may not change with them
    game = make_game(name)
    rng = random.Random(11)
    for deal in range(3):
        state = game.deal(deal % 2, seed=40 + deal)
        mover = make_bot("rules", game, deal)
        while not state.is_terminal():
            seat = state.current_player()
            advice = make_bot("rules", game, 7).advise(state)
            for _ in range(2):
                assert make_bot("rules", game, 7).advise(state.resample(seat, rng)) == advice
            state.apply(mover.choose(state))


@pytest.mark.parametrize("name", ["bezique", "sixtysix"])
def test_what_a_reason_says_of_the_trick_then_happens(name: str) -> None:
    # "wins with ..." wins the trick, "lets the trick go" and "cannot win" lose it, a
    # claim or a show names the count the seat has
    def check(state: State, bot: Bot, advice: Advice) -> None:
        first = advice.reasons[0]
        seat = state.current_player()
        obs: Any = state.observation(seat)
        claims = re.match(r"claims: counts (\d+)", first)
        if claims:
            assert int(claims[1]) == obs.points[seat] >= 66
        shows = re.match(r"shows (\w\w) (\w\w) for (\d+): that makes (\d+)", first)
        if shows:
            assert int(shows[4]) == obs.points[seat] + int(shows[3]) >= 66
        wins = re.match(r"(in the last eight tricks: )?wins with", first)
        loses = re.match(r"(in the last eight tricks: )?(lets the trick go|cannot win)", first)
        if (wins or loses) and len(obs.trick) == 1:
            after = state.clone()
            after.apply(advice.action)
            if not after.is_terminal():
                assert (after.current_player() == seat) == bool(wins), (str(state), advice)
    total = sum(play_and_check(name, {}, seed, seed, check) for seed in range(12))
    assert total > 100


# -- Bézique: worked positions ----------------------------------------------------------------

def bz_advice(state: State) -> Advice:
    advice = BeziqueRulesBot().advise(state)
    assert advice.action == BeziqueRulesBot().choose(state)
    assert_well_formed(advice)
    return advice


def test_bezique_exchanges_the_seven_for_a_turned_up_ace() -> None:
    state = position(None, "7H 8C 9C 7C 8S 9S 7S", trump="H", turn_up="AH", phase="declare")
    advice = bz_advice(state)
    assert isinstance(advice.action, Exchange)
    assert advice.reasons == ("exchanges the seven for the turn-up AH (10 points, a trump,"
                              " a brisque)", "there is nothing to declare")


def test_bezique_declares_the_highest_declaration() -> None:
    state = position(None, "AC AD AS AS KD QD 7C", trump="H", turn_up="8H", phase="declare")
    advice = bz_advice(state)
    assert isinstance(advice.action, Declare)
    assert advice.reasons[0] == "declares four aces (100): the highest declaration available"


def test_bezique_says_why_the_single_bezique_goes_first() -> None:
    state = position(None, "QS QS JD JD 7C 8C 9C", trump="H", phase="declare", stock=20)
    tricks = state.observation(1).stock_size // 2
    assert bz_advice(state).reasons == (
        f"declares bezique (40) first: with {tricks} tricks of the stock left, the double"
        " bezique (500) can still follow and both score",)
    short = position(None, "QS QS JD JD 7C 8C 9C", trump="H", phase="declare", stock=2)
    assert bz_advice(short).reasons == (
        "declares double bezique (500): the highest declaration available",)


def test_bezique_names_what_is_carried_to_score() -> None:
    state = position(None, "KH KC KD KS AS 7C 8C", tables=("", "QH"), trump="S",
                     turn_up="8S", phase="declare")
    assert bz_advice(state).reasons == (
        "declares four kings (80): the highest declaration available",
        "carries marriage (20) to score after later tricks")


def test_bezique_leads_a_worthless_card_and_says_what_it_keeps() -> None:
    state = position(None, "7C AD TD KC QS JH AS TS", trump="S", turn_up="8S")
    advice = bz_advice(state)
    assert str(advice.action) == "7C"
    assert advice.reasons[0] == "leads 7C: a low card worth nothing to your combinations"
    keeps = advice.reasons[1]
    assert keeps.startswith("keeps ") and "AS" in keeps and "TS" in keeps, keeps
    assert "7C" not in keeps


def test_bezique_trumps_a_led_ten_to_take_the_brisque() -> None:
    state = position(None, "9H 8S 9D 7C 8D 9S JC", trump="H", turn_up="8H", phase="follow",
                     lead="TC")
    advice = bz_advice(state)
    assert str(advice.action) == "9H"
    assert advice.reasons[0] == "wins with 9H to take the TC brisque"


def test_bezique_lets_a_worthless_trick_go() -> None:
    state = position(None, "9H 8S 9D 7C 8D 9S JC", trump="H", turn_up="8H", phase="follow",
                     lead="7S")
    assert bz_advice(state).reasons[0] == (
        f"lets the trick go with {bz_advice(state).action}: no brisque in it, nothing to"
        " declare, and the lead is a handicap")


def test_bezique_wins_a_trick_to_declare_near_the_end_of_the_stock() -> None:
    state = position(None, "QS QS JD JD 9H 8C 9C", trump="H", turn_up="8H", phase="follow",
                     lead="8S", stock=4)
    assert bz_advice(state).reasons[:2] == ("wins with 9H to declare double bezique (500)",
                                            "9H is the cheapest card that wins")


def test_bezique_plays_from_the_table_and_says_so() -> None:
    state = position(None, "KC QC", tables=("", "KC QC"), trump="S", turn_up="8S")
    advice = bz_advice(state)
    assert str(advice.action).endswith("*")
    assert advice.reasons[0].startswith(f"leads {str(advice.action)[:2]} from your table: ")


def test_bezique_the_only_legal_action_says_so() -> None:
    state = position(None, "9H 8C", trump="H", turn_up="8H", phase="declare")
    assert [str(a) for a in state.legal_actions()] == ["draw"]
    assert bz_advice(state).reasons == ("draws: there is nothing to declare",)


def _last_eight(predicate: Callable[[State], bool]) -> tuple[State, Advice]:
    """The first position of rule-player deals, in the last eight tricks, that fits."""
    game = make_game("bezique")
    for seed in range(200):
        state = game.deal(seed % 2, seed=seed)
        bot = BeziqueRulesBot()
        while not state.is_terminal():
            obs: Any = state.observation(state.current_player())
            if obs.turn_up is None and len(state.legal_actions()) > 1 and predicate(state):
                return state, bz_advice(state)
            state.apply(bot.choose(state))
    raise AssertionError("no such position")  # pragma: no cover


def test_bezique_in_the_last_eight_wins_to_take_a_brisque() -> None:
    def brisque_led(state: State) -> bool:
        obs: Any = state.observation(state.current_player())
        return len(obs.hand) > 5 and len(obs.trick) == 1 and obs.trick[0].rank in (14, 10)
    state, advice = _last_eight(brisque_led)
    led = state.observation(state.current_player()).trick[0]  # type: ignore[attr-defined]
    first = advice.reasons[0]
    assert first in (f"in the last eight tricks: wins with {advice.action} to take the"
                     f" {led} brisque",
                     f"in the last eight tricks: cannot win the trick, so plays"
                     f" {advice.action}, the cheapest card"), first


def test_bezique_plays_the_last_tricks_out_exactly() -> None:
    def few_left(state: State) -> bool:
        obs: Any = state.observation(state.current_player())
        return len(obs.hand) == 4 and obs.phase == "lead"
    state, advice = _last_eight(few_left)
    first = advice.reasons[0]
    assert re.fullmatch(rf"leads {advice.action}: with every card known, the last 4 tricks"
                        r" played best net you [+-]\d+ points", first), first


def test_bezique_positions_without_the_record_of_play_still_give_a_reason() -> None:
    # a set-up position has no record of the tricks before it: the last tricks cannot be
    # worked out, and the player says so
    state = position("AS 7C 8C 9C 7D 8D 9D", "TS 9S 7C 8C 9C 7D 8D 9D", trump="S",
                     turn_up=None, stock=0, phase="follow", lead="TH")
    assert bz_advice(state).reasons == ("plays 9S: the cheapest card (the record of play is"
                                        " incomplete, so the last tricks are not worked out)",)


# -- Sixty-Six: worked positions ----------------------------------------------------------------

def ss_pos(hand0: str, hand1: str, *, to_move: int = 0, phase: str = "lead",
           trump: Suit = Suit.SPADES, turn_up: str | None = "9S", stock: str = "JH",
           lead: str | None = None, **kw: Any) -> SixtySixState:
    return SixtySixState.position(
        SS, hands=(parse_cards(hand0), parse_cards(hand1)), trump=trump,
        turn_up=int(Card.parse(turn_up)) if turn_up else None, stock=parse_cards(stock),
        to_move=to_move, phase=phase, lead=int(Card.parse(lead)) if lead else None, **kw)


def ss_advice(state: State, bot: SixtySixRulesBot | None = None) -> Advice:
    advice = (bot or SixtySixRulesBot(1)).advise(state)
    assert advice.action == SixtySixRulesBot(1, (bot or SixtySixRulesBot(1)).params) \
        .choose(state)
    assert_well_formed(advice)
    return advice


def test_sixtysix_claims_with_66_counted() -> None:
    state = ss_pos("AH KC 9D", "9H QD JS", tricks_won=(3, 2), points=(67, 30))
    assert ss_advice(state).reasons == (
        "claims: counts 67, enough to win the hand",
        "worth 2 game points: the adversary counts only 30, under 33")
    blank = ss_pos("AH KC 9D", "9H QD JS", tricks_won=(3, 0), points=(70, 0))
    assert ss_advice(blank).reasons[1] == "worth 3 game points: the adversary has not won a trick"


def test_sixtysix_shows_the_marriage_that_makes_66() -> None:
    state = ss_pos("KH QH 9D", "9H QD JS", tricks_won=(3, 2), points=(46, 40))
    advice = ss_advice(state)
    assert str(advice.action) == "show KH QH"
    assert advice.reasons == ("shows KH QH for 20: that makes 66, enough to claim",
                              "worth 1 game point: the adversary counts 40")


def test_sixtysix_exchanges_the_nine_and_declares_the_royal_marriage() -> None:
    bot = SixtySixRulesBot(1, SixtySixRulesParams(close_min_potential=999))  # never closes
    state = ss_pos("KH QH KS QS 9S 9D", "AH TH JD 9C TC AC", turn_up="AS", stock="JS",
                   tricks_won=(1, 1), points=(10, 10))
    assert ss_advice(state, bot).reasons == (
        "exchanges 9S for the turn-up AS: a better trump, and it costs nothing",)
    state.apply(state.parse_action("exchange"))
    assert ss_advice(state, bot).reasons[:2] == (
        "declares the royal marriage (40) at once, leading QS and keeping KS",
        "the most valuable marriage first")


def test_sixtysix_closes_a_strong_hand_and_says_what_the_look_ahead_found() -> None:
    state = ss_pos("AS TS AH TH AD TD", "9C JC QC KD 9D JD", phase="draw",
                   tricks_won=(2, 1), points=(30, 10))
    advice = ss_advice(state)
    assert str(advice.action) == "close"
    assert advice.reasons[0] == ("closes: counts 30 with AS TS in trumps and AD TD AH TH,"
                                 " expecting to reach 66")
    assert re.fullmatch(r"played out over 8 deals of the unseen cards, closing averages"
                        r" \+\d\.\d game points and fails in [01]", advice.reasons[1])


def test_sixtysix_draws_with_a_hand_too_weak_to_close() -> None:
    state = ss_pos("9C JC QC KD 9D JD", "AS TS AH TH AD TD", phase="draw",
                   tricks_won=(1, 1), points=(10, 10))
    assert ss_advice(state).reasons == ("draws: too weak to close: counts 10, 10 with the"
                                        " high cards in hand (closing wants 50)",)


def test_sixtysix_wins_the_trick_that_reaches_66() -> None:
    state = ss_pos("9H 9D", "AH JD 9C", to_move=1, phase="follow", lead="TH", stock="KC TC JC",
                   tricks_won=(2, 2), points=(20, 50))
    assert ss_advice(state).reasons == ("wins with AH: that makes 71, enough to claim 66",)


def test_sixtysix_plays_an_exhausted_stock_out_exactly() -> None:
    state = ss_pos("AS TS 9H", "KS JH QH", turn_up=None, stock="", tricks_won=(3, 3),
                   points=(50, 40))
    advice = ss_advice(state)
    assert advice.reasons[0] == (f"leads {advice.action}: the stock is gone and every card"
                                 " is known; played out exactly, you win 1 game point")


def test_sixtysix_the_look_ahead_reports_its_average_over_the_deals_it_drew() -> None:
    state = ss_pos("AS TS 9H AH JC", "KS JH QH 9C QD", stock="KC TC", closed=True, closer=0,
                   tricks_won=(2, 2), points=(30, 30))
    advice = ss_advice(state)
    assert re.fullmatch(rf"leads {advice.action}: the look-ahead over 8 deals of the unseen"
                        r" cards gives it the best average, [+-]\d\.\d game points",
                        advice.reasons[0]), advice.reasons[0]
    # the hands it drew for the adversary are summed up, never shown
    assert not any("KS" in r or "QH" in r for r in advice.reasons)


def test_sixtysix_rules_bot_refuses_bezique_in_advise_too() -> None:
    with pytest.raises(TypeError, match="Sixty-Six only"):
        SixtySixRulesBot(1).advise(make_game("bezique").deal(0, seed=1))


@pytest.mark.parametrize("name, unit, places", [("bezique", "points", 1),
                                                ("sixtysix", "game points", 2),
                                                ("rubicon", "hundreds", 2)])
def test_a_search_players_advice_names_its_unit_and_standard_error(name: str, unit: str,
                                                                    places: int) -> None:
    """The search players' advice said "points" in every game; a Sixty-Six deal is worth
    game points (1 to 3) and a Rubicon deal hundreds. It now names the game's unit and the
    standard error of the best value over the worlds."""
    game = make_game(name)
    state = game.deal(game.first_dealers()[0], seed=4)
    player = "pimc:iterations=3,rollout=random"
    advice = make_bot(player, game, 2).advise(state)
    weighed = make_bot(player, game, 2).weigh(state)  # type: ignore[attr-defined]
    best = weighed[advice.action]
    assert advice.reasons[0].startswith(f"expected {best.value:+.{places}f} {unit} over 3"
                                        " worlds; next best ")
    assert best.error is not None
    assert f"one standard error of that value: {best.error:.{places}f}" in advice.reasons
