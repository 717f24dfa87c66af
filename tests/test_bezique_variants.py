"""Two-handed Bézique's options (VARIANTS.md section 1): each option that changes play or
scoring, shown against Foster's default, and bad values refused with the option named.

Positions are built with the helpers of ``test_bezique_rules.py``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from test_bezique_rules import (
    OPPONENT,
    assert_refused,
    declarations,
    declare_phase,
    do,
    gain,
    last_eight,
    legal,
    norm,
    phase,
    position,
    random_deals,
    trick,
)

from bezique import Bezique, BeziqueOptions, Card, OptionError, make_game
from bezique.core.events import DrewLast
from bezique.core.game import DealResult
from bezique.core.match import Match, ScoreSheet

DEFAULT = Bezique()


def game(**options: Any) -> Bezique:
    return Bezique(BeziqueOptions(**options))


def sheet_after(g: Bezique, deals: list[tuple[tuple[int, int], dict[str, int]]],
                dealer: int = 0) -> ScoreSheet:
    """A score sheet after deal results given as ``(points, details)``."""
    sheet = ScoreSheet()
    for i, (pts, details) in enumerate(deals, 1):
        g.update_sheet(sheet, i, dealer, DealResult(pts, details=tuple(details.items())))
        dealer = 1 - dealer
    return sheet


def test_every_option_of_variants_section_1_exists() -> None:
    assert set(BeziqueOptions.option_names()) >= {
        "draw_order", "offsuit_follow_wins", "last_trick_bonus_at",
        "seven_of_trumps_played_scores", "second_seven_scoring",
        "seven_exchange_with_declaration",
        "brisque_scoring", "bezique_pair", "multiple_announcements",
        "trumps_only_in_last_eight", "count_stock_allowed", "game_target", "end_of_game",
        "double_game_under_half", "stakes"}
    assert BeziqueOptions().changed() == {}  # Foster's rules are the defaults


# -- V-BZ-01 draw_order ------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1])
def test_v_bz01_draw_order_pone_always_draws_first(dealer: int) -> None:
    pone = 1 - dealer
    france = game(draw_order="pone_always_first")
    for hands, winner in ((("AS 9C", "7S 9D"), 0), (("7S 9C", "AS 9D"), 1)):
        for g, first in ((DEFAULT, winner), (france, pone)):
            state = position(*hands, stock="KC QC JC TC", dealer=dealer, game=g)
            do(state, hands[0].split()[0], hands[1].split()[0])
            assert state.last_winner == winner
            do(state, "draw")  # the winner ends his declaration step; both draw
            assert state.hands[first][-1] == int(Card.parse("KC"))
            assert state.hands[1 - first][-1] == int(Card.parse("QC"))


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("order", ["winner_first", "pone_always_first"])
def test_v_bz01_last_stock_card_to_the_trick_winner_under_either_draw_order(
        dealer: int, order: str) -> None:
    # BZ 29: the winner of the 24th trick takes the last card, the loser the turn-up,
    # whoever draws first after the other tricks
    for hands, winner in ((("AS 9C", "7S 9D"), 0), (("7S 9C", "AS 9D"), 1)):
        state = position(*hands, stock="KC", turn_up="TH", tricks=23, dealer=dealer,
                         game=game(draw_order=order))
        do(state, hands[0].split()[0], hands[1].split()[0], "draw")
        assert state.last_winner == winner
        assert state.hands[winner][-1] == int(Card.parse("KC"))
        assert state.hands[1 - winner][-1] == int(Card.parse("TH"))
        assert state.observation(winner).known_in_hand[1 - winner] == (Card.parse("TH"),)
        assert state.observation(1 - winner).events[-1] == DrewLast(
            winner, int(Card.parse("TH")), 1 - winner)


# -- V-BZ-02 offsuit_follow_wins ---------------------------------------------------------------

@pytest.mark.parametrize("lead,follow,foster,ew", [
    ("7C", "AS", 0, 1),   # a higher card of another plain suit: EW's main rule
    ("KC", "KS", 0, 0),   # equal rank: the first card wins
    ("AC", "KS", 0, 0),   # a lower card of another suit
    ("9H", "AS", 0, 0),   # a trump lead is not beaten by a plain card
    ("AS", "7H", 1, 1),   # trumps still win
])
def test_v_bz02_offsuit_follow_wins(lead: str, follow: str, foster: int, ew: int) -> None:
    for g, winner in ((DEFAULT, foster), (game(offsuit_follow_wins=True), ew)):
        state = position(f"{lead} 9C", f"{follow} 9D", game=g)
        do(state, lead, follow)
        assert state.last_winner == winner, g


def test_v_bz02_offsuit_follow_wins_only_while_the_stock_lasts() -> None:
    state = position("7C", "AS", turn_up=None, stock="", tricks=31,
                     game=game(offsuit_follow_wins=True))
    do(state, "7C", "AS")
    assert state.last_winner == 0


# -- V-BZ-03 last_trick_bonus_at ---------------------------------------------------------------

def test_v_bz03_last_trick_bonus_at_trick_24() -> None:
    g = game(last_trick_bonus_at=24)
    state = position("AS 9C", "7S 9D", stock="KD", turn_up="TH", tricks=23, game=g)
    do(state, "AS", "7S")
    assert state.score_events() == [(0, 10, "brisque"), (0, 10, "last trick")]
    state = position("AS", "7S", turn_up=None, stock="", tricks=31, game=g)
    do(state, "AS", "7S")
    assert state.is_terminal() and state.score_events() == [(0, 10, "brisque")]
    for final in random_deals(20, game=g, seed=3):
        whys = [why for _, _, why in final.score_events()]
        assert whys.count("last trick") == 1
        assert sum(p for _, p, why in final.score_events()
                   if why in ("brisque", "two brisques", "last trick")) == 170


# -- V-BZ-04 seven_of_trumps_played_scores -----------------------------------------------------

def test_v_bz04_seven_of_trumps_played_scores_win_or_lose() -> None:
    g = game(seven_of_trumps_played_scores=True)
    state = position("7H 9C", "8H 9D", game=g)
    do(state, "7H", "8H")
    assert state.last_winner == 1
    assert state.score_events() == [(0, 10, "seven of trumps played")]
    state = position("9C 8C", "7H 9D", game=g)
    do(state, "9C", "7H")
    assert state.score_events() == [(1, 10, "seven of trumps played")]
    # not in the last eight tricks
    state = last_eight("7H 9C", "8H 9D", game=g)
    do(state, "7H", "8H")
    assert state.score_events() == []
    # Foster: nothing
    state = position("7H 9C", "8H 9D")
    do(state, "7H", "8H")
    assert state.score_events() == []


# -- V-BZ-06 second_seven_scoring ---------------------------------------------------------------

def seven_for_seven(**options: Any) -> Any:
    """The turn-up is the Seven of trumps; seat 0 wins a trick holding the other."""
    state = position("7H 9C 8C", "9D 8S 7S", turn_up="7H", game=game(**options))
    do(state, "9C", "8S")
    assert state.last_winner == 0 and phase(state) == "declare"
    return state


def test_v_bz06_seven_for_seven_exchange_scores_10_by_default() -> None:
    for options in ({}, {"seven_of_trumps_played_scores": True}):
        state = seven_for_seven(**options)
        assert legal(state) == {"exchange", "draw"}
        assert gain(state, "exchange") == 10, options


def test_v_bz06_when_played_the_second_seven_scores_once_when_played_not_by_exchange() -> None:
    for options in ({"second_seven_scoring": "when_played"},
                    {"second_seven_scoring": "when_played",
                     "seven_of_trumps_played_scores": True}):
        state = seven_for_seven(**options)
        assert legal(state) == {"draw"}, options  # no Seven-for-Seven exchange
        assert_refused(state, "exchange", "scores 10 when played")
        do(state, "draw")
        before = state.points[0]
        do(state, "7H")
        assert state.points[0] - before == 10, options  # ten once, never twice
        assert state.score_events()[-1] == (0, 10, "seven of trumps played")


def test_v_bz06_when_played_leaves_the_first_sevens_exchange_alone() -> None:
    # the turn-up is no Seven: the Seven is exchanged as usual, and the one played while
    # the turn-up is not a Seven scores nothing (Foster, V-BZ-04 off)
    g = game(second_seven_scoring="when_played")
    state = position("7H 9C 8C", "9D 8S 7S", game=g)
    do(state, "9C", "8S")
    assert legal(state) == {"exchange", "draw"}
    state = position("7H 9C", "8H 9D", game=g)
    do(state, "7H", "8H")
    assert state.score_events() == []


# -- V-BZ-05 seven_exchange_with_declaration ---------------------------------------------------

EW_SEVEN = game(seven_exchange_with_declaration=True)


def test_v_bz05_exchange_and_declaration_after_the_same_trick() -> None:
    for first, second in (("exchange", "marriage QC KC"), ("marriage QC KC", "exchange")):
        state = position("AS 7H KC QC 9C", "7S 9D", turn_up="AH", stock="KD QD 8C 8D",
                         game=EW_SEVEN)
        do(state, "AS", "7S")
        assert legal(state) == norm("exchange", "marriage QC KC", "draw")
        do(state, first)
        assert phase(state) == "declare"
        assert legal(state) == norm(second, "draw")
        do(state, second)
        assert phase(state) == "lead"
        assert state.scores() == (40, 0)  # brisque 10, Seven 10, marriage 20


def test_v_bz05_card_taken_by_the_exchange_not_used_in_the_declaration() -> None:
    state = position("AS 7H QH KD QD 9C", "7S 9D", turn_up="KH", stock="KC QC 8C 8D",
                     game=EW_SEVEN)
    do(state, "AS", "7S", "exchange")
    assert legal(state) == norm("marriage QD KD", "draw")  # no royal marriage with the KH
    assert_refused(state, "royal-marriage KH QH", "not a legal declaration")
    # with nothing else to declare the node still stays open (whether it does must not
    # tell the adversary what the hand holds): only the draw is left
    state = position("AS 7H QH 9C", "7S 9D", turn_up="KH", stock="KC QC 8C 8D",
                     game=EW_SEVEN)
    do(state, "AS", "7S", "exchange")
    assert legal(state) == norm("draw")
    do(state, "draw", "9C", "9D")
    assert legal(state) == norm("royal-marriage QH KH", "draw")  # after the next trick


def test_v_bz05_one_exchange_per_trick_even_holding_both_sevens() -> None:
    state = position("AS 7H 7H KC QC", "7S 9D", turn_up="AH", stock="KD QD 8C 8D",
                     game=EW_SEVEN)
    do(state, "AS", "7S", "exchange")
    assert legal(state) == norm("marriage QC KC", "draw")
    assert_refused(state, "exchange", "already been exchanged")


# -- V-BZ-07 brisque_scoring -------------------------------------------------------------------

def test_v_bz07_brisques_counted_after_the_deal_non_dealer_first() -> None:
    g = game(brisque_scoring="end_of_deal")
    state = position("AS 9C", "TS 9D", game=g)
    do(state, "AS", "TS")
    assert state.score_events() == [] and state.brisques == [2, 0]
    state = position("AS", "7S", turn_up=None, stock="", tricks=31, dealer=0, game=g)
    state.brisques = [3, 5]
    do(state, "AS", "7S")
    assert state.score_events() == [(0, 10, "last trick"), (1, 50, "5 brisques"),
                                    (0, 40, "4 brisques")]
    result = g.deal_result(state)
    assert result.points == (50, 50)
    assert (result.detail("late0"), result.detail("late1")) == (40, 50)
    assert result.detail("last_trick") == 0
    for final in random_deals(20, game=g, seed=7):
        assert sum(p for _, p, why in final.score_events()
                   if why.endswith("brisques") or why == "last trick") == 170
        assert not any(why in ("brisque", "two brisques") for _, _, why in final.score_events())


# -- V-BZ-08 bezique_pair ----------------------------------------------------------------------

def test_v_bz08_clubs_queen_and_hearts_jack_when_spades_or_diamonds_trump() -> None:
    g = game(bezique_pair="QC_JH_if_trump_S_or_D")
    for trump in "SD":
        state = declare_phase("QC JH QS JD 9C 8C 7D", trump=trump, game=g)
        assert declarations(state) == norm("bezique JH QC")
        assert gain(state, "bezique QC JH") == 40
        state = declare_phase("QC QC JH JH 9C 8C 7D", trump=trump, game=g)
        assert declarations(state) == norm("bezique JH QC", "double-bezique JH JH QC QC")
        assert declarations(declare_phase("QC JH QS JD 9C 8C 7D", trump=trump)) \
            == norm("bezique QS JD")
    for trump in "HC":
        state = declare_phase("QC JH QS JD 9C 8C 7D", trump=trump, game=g)
        assert declarations(state) == norm("bezique JD QS")


# -- V-BZ-25 multiple_announcements ------------------------------------------------------------

def test_v_bz25_one_declaration_per_trick_nothing_carried() -> None:
    g = game(multiple_announcements="one_per_trick")
    state = position("KS KH KD KC QS JD 9C", OPPONENT, phase="declare", game=g)
    do(state, "four-kings KS KH KD KC")
    trick(state, 0)
    assert declarations(state) == norm("marriage QS KS*", "bezique JD QS")
    assert_refused(state, "bezique QS JD + marriage QS KS*", "nothing is carried")


# -- V-BZ-26 trumps_only_in_last_eight ---------------------------------------------------------

def test_v_bz26_no_trumping_while_the_stock_lasts() -> None:
    g = game(trumps_only_in_last_eight=True)
    for lead, follow, winner in (("AS", "7H", 0), ("9S", "AS", 1), ("9H", "AH", 1)):
        state = position(f"{lead} 9C", f"{follow} 9D", game=g)
        do(state, lead, follow)
        assert state.last_winner == winner, (lead, follow)
    state = position("AS", "7H 9D", turn_up=None, stock="", tricks=24, game=g)
    do(state, "AS")
    assert legal(state) == norm("7H")  # in the last eight the trump must win
    do(state, "7H")
    assert state.last_winner == 1


# -- V-BZ-11 count_stock_allowed ---------------------------------------------------------------

def test_v_bz11_french_laws_change_only_what_a_screen_shows() -> None:
    # the observation gives no stock size (a screen shows no count); the rules are the
    # same, and nothing is hidden that the trick number does not tell (two cards drawn
    # per trick): no engine can forbid counting
    french = game(count_stock_allowed=False).deal(0, seed=11)
    english = DEFAULT.deal(0, seed=11)
    for seat in (0, 1):
        assert french.observation(seat).stock_size is None
        assert english.observation(seat).stock_size == 48
        assert french.observation(seat).hand == english.observation(seat).hand
    doc = dict((r[0], r[3]) for r in BeziqueOptions.describe())["count_stock_allowed"]
    assert "only tells the screen" in doc
    while not english.is_terminal():
        fr, en = french.observation(0), english.observation(0)
        assert fr == dataclasses.replace(en, stock_size=None)
        if en.turn_up is not None and en.phase != "declare":
            assert en.stock_size == 48 - 2 * fr.tricks_played
        assert french.legal_actions() == english.legal_actions()
        action = english.legal_actions()[0]
        french.apply(action)
        english.apply(action)


# -- V-BZ-17 game_target, V-BZ-19 double_game_under_half, V-BZ-20 stakes -----------------------

def test_v_bz17_game_target_2000_and_4000() -> None:
    g = game(game_target=2000)
    sheet = sheet_after(g, [((1500, 900), {})])
    assert not sheet.over
    sheet = sheet_after(g, [((1500, 900), {}), ((600, 0), {})])
    assert sheet.over and sheet.winner == 0 and sheet.games[0].value == 2  # 900 < 1000
    sheet = sheet_after(g, [((1500, 1000), {}), ((600, 0), {})])
    assert sheet.games[0].value == 1
    assert not sheet_after(game(game_target=4000), [((3000, 2500), {})]).over


def test_v_bz19_double_game_under_half_off() -> None:
    assert sheet_after(DEFAULT, [((1000, 300), {})]).games[0].value == 2
    sheet = sheet_after(game(double_game_under_half=False), [((1000, 300), {})])
    assert sheet.games[0].value == 1 and sheet.games[0].notes == ()


def test_v_bz20_stakes_per_game_per_point_partie_of_five() -> None:
    deal = [((1100, 400), {})]
    per_game = sheet_after(DEFAULT, deal)
    assert per_game.over and per_game.games[0].notes == ("double game: the loser has not"
                                                         " reached 500",)
    per_point = sheet_after(game(stakes="per_point"), deal)
    assert per_point.over and per_point.games[0].notes[-1] == "per point: 700"
    partie = sheet_after(game(stakes="partie_of_five"), deal)
    assert not partie.over and partie.totals == [0, 0] and len(partie.games) == 1
    match = Match(game(stakes="partie_of_five"), seed=1)
    assert not match.is_over()


# -- V-BZ-18 end_of_game -----------------------------------------------------------------------

EW_END = game(end_of_game="ew_count_order", brisque_scoring="end_of_deal")


def test_v_bz18_first_to_the_target_before_the_aces_and_tens_wins() -> None:
    deals = [((900, 980), {}), ((150, 40), {"late0": 120, "late1": 0, "last_trick": 0})]
    assert sheet_after(EW_END, deals).winner == 1  # 930 + aces and tens; 1020 before them
    foster = sheet_after(game(brisque_scoring="end_of_deal"), deals)
    assert foster.totals == [1050, 1020] and foster.winner == 0


def test_v_bz18_non_dealer_counts_aces_and_tens_first() -> None:
    deals = [((900, 900), {}), ((200, 120), {"late0": 150, "late1": 110, "last_trick": 0})]
    assert sheet_after(EW_END, deals, dealer=1).winner == 1  # deal 2: dealer 0, pone 1
    assert sheet_after(EW_END, deals, dealer=0).winner == 0  # deal 2: dealer 1, pone 0
    assert sheet_after(DEFAULT, deals, dealer=1).winner == 0


def test_v_bz18_tie_broken_by_score_before_aces_and_tens_then_last_trick() -> None:
    deals = [((990, 990), {}), ((60, 60), {"late0": 20, "late1": 40, "last_trick": 1})]
    assert sheet_after(EW_END, deals).winner == 0
    deals = [((990, 990), {}), ((60, 60), {"late0": 30, "late1": 30, "last_trick": 1})]
    assert sheet_after(EW_END, deals).winner == 1
    assert not sheet_after(DEFAULT, deals).over  # Foster's default: level, play on


# -- bad values --------------------------------------------------------------------------------

BAD_VALUES = [
    ("draw_order", "loser_first"), ("offsuit_follow_wins", "maybe"),
    ("last_trick_bonus_at", 30), ("seven_of_trumps_played_scores", "sometimes"),
    ("second_seven_scoring", "never"),
    ("seven_exchange_with_declaration", 2), ("brisque_scoring", "never"),
    ("bezique_pair", "QH_JS"), ("multiple_announcements", "all"),
    ("trumps_only_in_last_eight", "x"), ("count_stock_allowed", "perhaps"),
    ("game_target", 1500), ("end_of_game", "first_past"),
    ("double_game_under_half", "nope"), ("stakes", "per_trick"),
]


@pytest.mark.parametrize("name,value", BAD_VALUES)
def test_bad_option_value_raises_option_error_naming_it(name: str, value: object) -> None:
    with pytest.raises(OptionError, match=f"option {name} takes"):
        BeziqueOptions.from_mapping({name: value})
    with pytest.raises(OptionError, match=f"option {name} takes"):
        BeziqueOptions.parse([f"{name}={value}"])
    with pytest.raises(OptionError, match=f"option {name} takes"):
        make_game("bezique", {name: value})
    with pytest.raises(OptionError, match=f"option {name} takes"):
        Bezique(BeziqueOptions(**{name: value}))  # built directly, checked all the same


def test_unknown_option_named() -> None:
    with pytest.raises(OptionError, match="unknown option 'trump_count'"):
        BeziqueOptions.from_mapping({"trump_count": "true"})
