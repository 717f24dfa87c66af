"""Two-handed Sixty-Six, rule by rule: one test per item of CHECKLIST.md section SS (and
the gaps decided), Foster's worked examples, random play that never gets stuck, and the
rule-based player (its claims, its look-ahead checked against the engine, and its margin
over the random player)."""

from __future__ import annotations

import random

import pytest

from bezique.bots import RandomBot
from bezique.bots.arena import duplicate_match
from bezique.bots.sixtysix_rules import (
    SixtySixRulesBot,
    SixtySixRulesParams,
    _Endgame,
    _View,
)
from bezique.core.cards import Card, Suit, parse_cards
from bezique.core.errors import IllegalActionError, NotationError, OptionError
from bezique.core.game import TERMINAL, DealResult
from bezique.core.match import Match, ScoreSheet
from bezique.games import make_game
from bezique.games.sixtysix import (
    PACK,
    POINTS,
    Claim,
    Close,
    Draw,
    Exchange,
    Marry,
    Play,
    Show,
    SixtySix,
    SixtySixOptions,
    SixtySixState,
    parse_action,
)

GAME = SixtySix()
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def card(text: str) -> int:
    return int(Card.parse(text))


def pos(hand0: str, hand1: str, *, trump: Suit = S, turn_up: str | None = None,
        stock: str = "", game: SixtySix = GAME, **kw: object) -> SixtySixState:
    """A position from hands written as text."""
    lead = kw.pop("lead", None)
    won = kw.pop("won", ("", ""))
    return SixtySixState.position(
        game, hands=(cards(hand0), cards(hand1)), trump=trump,
        turn_up=card(turn_up) if turn_up else None, stock=cards(stock),
        lead=card(lead) if isinstance(lead, str) else None,
        won=(cards(won[0]), cards(won[1])) if isinstance(won, tuple) else ((), ()),
        **kw)  # type: ignore[arg-type]


def act(state: SixtySixState, *texts: str) -> None:
    for t in texts:
        state.apply(state.action_from_text(t))


def legal(state: SixtySixState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def trick_winner(lead: str, follow: str, trump: Suit = S) -> int:
    """Seat 0 leads ``lead`` (already on the table), seat 1 plays ``follow``."""
    s = pos("", follow, trump=trump, to_move=1, phase="follow", lead=lead)
    act(s, follow)
    return s.last_winner


def play_out(state: SixtySixState) -> None:
    """Finish a deal playing the first legal card; never claim, marry, close or exchange."""
    while not state.is_terminal():
        acts = state.legal_actions()
        pick = next((a for a in acts if type(a) in (Play, Draw)), None)
        assert pick is not None, f"no card to play in\n{state}"
        state.apply(pick)


def stacked(pone: str, dealer: str, turn_up: str, stock: str) -> list[int]:
    """A pack order that deals these hands (three and three, the pone first), turns up
    ``turn_up`` as the thirteenth card, and leaves ``stock`` top first."""
    p, d = cards(pone), cards(dealer)
    return p[:3] + d[:3] + p[3:] + d[3:] + [card(turn_up)] + cards(stock)


# -- SS-A Pack, deal, trump --------------------------------------------------------------

def test_ss01_pack_of_24_ranking_a_10_k_q_j_9() -> None:
    assert len(PACK) == 24
    assert {c.rank for c in PACK.all_cards()} == {14, 10, 13, 12, 11, 9}
    order = ["A", "T", "K", "Q", "J", "9"]
    for i, hi in enumerate(order):
        for lo in order[i + 1:]:
            assert trick_winner(lo + "H", hi + "H") == 1, (lo, hi)
            assert trick_winner(hi + "H", lo + "H") == 0, (hi, lo)


def test_ss02_two_players_and_the_deal_alternates() -> None:
    assert GAME.num_players == 2
    m = Match(GAME, seed=5, first_dealer=1)
    assert m.state.current_player() == 0  # the pone leads
    m.apply_text("claim")  # a (wrong) claim ends the first deal at once
    assert m.dealer == 0 and m.state.current_player() == 1


def test_ss03_six_each_by_threes_pone_first() -> None:
    order = cards("AS TS KS AH TH KH QS JS 9S QH JH 9H AD TD KD QD JD 9D AC TC KC QC JC 9C")
    s = GAME.deal(0, pack=order)  # dealer 0, pone 1
    assert s.hands[1] == order[0:3] + order[6:9]
    assert s.hands[0] == order[3:6] + order[9:12]
    assert s.current_player() == 1


def test_ss04_trump_making_methods() -> None:
    order = cards("AS TS KS AH TH KH QS JS 9S QH JH 9H AD TD KD QD JD 9D AC TC KC QC JC 9C")
    american = GAME.deal(0, pack=order)
    assert american.turn_up == order[12] and american.trump == D
    assert american.stock[::-1] == order[13:]
    seventh = SixtySix(SixtySixOptions(trump_making="seventh_card_after_first_round"))
    s = seventh.deal(0, pack=order)
    assert s.turn_up == order[6] and s.trump == S
    assert s.hands[1] == order[0:3] + order[7:10] and s.hands[0] == order[3:6] + order[10:13]
    assert s.stock[::-1] == order[13:]
    for where, index in (("bottom", 23), ("middle", 18), ("top", 12)):
        g = make_game("sixtysix", {"trump_making": "pone_draws_top_middle_or_bottom",
                                   "pone_draw_from": where})
        s = g.deal(0, pack=order)
        assert s.turn_up == order[index], where
        assert s.stock[::-1] == [c for c in order[12:] if c != order[index]]
        assert len(s.stock) == 11
    with pytest.raises(OptionError):
        make_game("sixtysix", {"trump_making": "dealer_chooses"})


def test_ss05_turn_up_lies_under_the_stock_and_is_drawn_last() -> None:
    s = GAME.deal(0, seed=11)
    up = s.turn_up
    draws = 0
    while s.turn_up >= 0:
        if s.phase == 2:
            assert up not in s.hands[0] + s.hands[1]
            draws += 1
        pick = next(a for a in s.legal_actions() if type(a) in (Play, Draw))
        s.apply(pick)
    assert draws == 6
    loser = 1 - s.last_winner
    assert up in s.hands[loser] and up in s.known[loser]


def test_ss06_deal_irregularities_cannot_happen() -> None:
    order = cards("AS TS KS AH TH KH QS JS 9S QH JH 9H AD TD KD QD JD 9D AC TC KC QC JC JC")
    with pytest.raises(NotationError, match="missing: 9C"):
        GAME.deal(0, pack=order)
    with pytest.raises(NotationError, match="24 cards"):
        GAME.deal(0, pack=order[:20])


# -- SS-B Objective and game points ------------------------------------------------------

@pytest.mark.parametrize("other, tricks, expected", [(40, 2, 1), (33, 2, 1), (32, 2, 2),
                                                     (0, 0, 3)])
def test_ss07_game_points_one_schneider_two_schwartz_three(other: int, tricks: int,
                                                           expected: int) -> None:
    s = pos("AH 9C", "KD 9D", trump=S, to_move=0, points=(70, other), tricks_won=(5, tricks))
    act(s, "claim")
    assert s.is_terminal() and s.returns() == (expected, 0)


def test_ss07_schneider_scores_two() -> None:
    s = pos("AH", "KD", trump=S, to_move=0, points=(66, 32), tricks_won=(4, 3))
    act(s, "claim")
    assert GAME.deal_result(s).points == (2, 0)


def test_ss08_points_from_cards_marriages_and_last_trick() -> None:
    s = pos("KS QS", "AS 9C", trump=H, to_move=0, tricks_won=(1, 1), points=(50, 50))
    act(s, "marry KS", "AS", "9C", "QS")
    assert s.score_events() == [(0, 20, "marriage"), (1, 15, "cards"), (1, 3, "cards"),
                                (1, 10, "last trick")]
    assert s.scores() == (70, 78)


def test_ss09_counting_values() -> None:
    for r, v in (("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0)):
        for suit in "CDHS":
            assert POINTS[card(r + suit)] == v
    assert sum(POINTS[c] for c in PACK.all_cards()) == 120


def test_ss10_marriages_count_for_the_declarer_cards_for_the_winner() -> None:
    s = pos("KH QH 9C", "AH JC 9D", trump=S, to_move=0, tricks_won=(1, 1), points=(10, 10),
            turn_up="9S", stock="JS")
    act(s, "marry QH", "AH")
    assert s.scores() == (30, 24)  # 20 for seat 0's marriage; AH QH (14) to seat 1


def test_ss11_last_trick_counts_only_as_the_twelfth() -> None:
    played = pos("9C", "9D", to_move=0, tricks_won=(6, 5), points=(40, 40))
    act(played, "9C", "9D")
    assert played.score_events()[-1] == (0, 10, "last trick")
    closed = pos("9C", "9D", to_move=0, tricks_won=(3, 2), points=(40, 40), turn_up="AS",
                 stock="KS QS JS", closed=True, closer=0)
    act(closed, "9C", "9D")
    assert closed.is_terminal()
    assert all(why != "last trick" for _, _, why in closed.score_events())
    assert closed.scores() == (40, 40)


def test_ss12_double_game_when_the_loser_has_not_scored() -> None:
    sheet = ScoreSheet()
    for i, pts in enumerate([(3, 0), (2, 0), (2, 0)], 1):
        GAME.update_sheet(sheet, i, i % 2, DealResult(pts))
    assert sheet.over and sheet.winner == 0 and sheet.games[0].value == 2
    assert "double game" in sheet.games[0].notes[0]
    sheet = ScoreSheet()
    for i, pts in enumerate([(3, 0), (0, 1), (3, 0), (1, 0)], 1):
        GAME.update_sheet(sheet, i, i % 2, DealResult(pts))
    assert sheet.over and sheet.totals == [7, 1] and sheet.games[0].value == 1


# -- SS-C Play while drawing -------------------------------------------------------------

def test_ss13_follower_may_renounce_or_trump_while_drawing() -> None:
    s = pos("KD QD", "JH KC JS", trump=H, to_move=1, phase="follow", lead="AH", turn_up="QH",
            stock="TC", tricks_won=(1, 1))
    assert legal(s) == {"JH", "KC", "JS"}  # trumps led, yet any card
    s2 = pos("KD QD", "JH KC JS", trump=H, to_move=1, phase="follow", lead="AC",
             turn_up="QH", stock="TC", tricks_won=(1, 1))
    assert legal(s2) == {"JH", "KC", "JS"}  # may renounce although holding the suit


def test_ss14_higher_of_the_suit_wins_trumps_win_else_the_lead() -> None:
    assert trick_winner("KC", "AC", trump=S) == 1
    assert trick_winner("AC", "9S", trump=S) == 1
    assert trick_winner("9C", "AH", trump=S) == 0
    assert trick_winner("9S", "AC", trump=S) == 0
    assert trick_winner("JS", "TS", trump=S) == 1


def test_ss15_winner_draws_first_then_the_loser_back_to_six() -> None:
    s = pos("AC KC QC JC 9C", "AD KD QD JD 9D", to_move=0, phase="draw", turn_up="9S",
            stock="TS JS QS", tricks_won=(1, 0))
    act(s, "draw")
    assert s.hands[0][-1] == card("TS") and s.hands[1][-1] == card("JS")
    assert len(s.hands[0]) == len(s.hands[1]) == 6
    assert s.current_player() == 0 and s.phase == 0


def test_ss16_six_drawing_tricks_then_the_last_six() -> None:
    s = GAME.deal(1, seed=3)
    drawing_tricks = 0
    while not s.is_terminal():
        if s.phase == 2:
            drawing_tricks += 1
        pick = next(a for a in s.legal_actions() if type(a) in (Play, Draw))
        s.apply(pick)
    assert drawing_tricks == 6 and s.tricks == 12
    assert len(s.won[0]) + len(s.won[1]) == 24


# -- SS-D Nine of trumps -----------------------------------------------------------------

def test_ss17_nine_exchanged_at_any_time_after_a_won_trick() -> None:
    s = pos("KD QC JC 9C 9H", "9S KC QD JD 9D AH", to_move=1, phase="follow", lead="TS",
            turn_up="AS", stock="TH", tricks_won=(1, 1))
    assert "exchange" in legal(s)  # while following, not only when leading
    act(s, "exchange")
    assert s.turn_up == card("9S") and card("AS") in s.hands[1]
    assert s.current_player() == 1  # the exchange does not end the turn
    act(s, "AS")  # and wins the trick with the turn-up
    assert s.last_winner == 1
    no_trick = pos("KD QC JC 9C 9H", "9S KC QD JD 9D AH", to_move=1, phase="follow",
                   lead="TS", turn_up="AS", stock="TH", tricks_won=(1, 0))
    assert "exchange" not in legal(no_trick)
    with pytest.raises(IllegalActionError, match="after winning a trick"):
        no_trick.apply(parse_action("exchange"))
    leading = pos("9S KD QC", "AC KC QD", to_move=0, turn_up="AS", stock="TH",
                  tricks_won=(1, 1))
    assert "exchange" in legal(leading)


def test_ss18_exchange_scores_nothing_and_is_optional() -> None:
    s = pos("9S KD QC JC 9C AH", "KC QD JD 9D TD AD", to_move=0, phase="draw", turn_up="AS",
            stock="TH", tricks_won=(1, 0), points=(21, 0))
    assert {"draw", "exchange"} <= legal(s)
    act(s, "exchange")
    assert s.scores() == (21, 0) and s.phase == 2 and "draw" in legal(s)
    assert "exchange" not in legal(s)


def test_ss19_nine_drawn_as_the_last_card_cannot_be_exchanged() -> None:
    s = pos("KD QC JC 9C AH", "KC QD JD 9D TD", to_move=0, phase="draw", turn_up="AS",
            stock="9S", tricks_won=(1, 0))
    act(s, "draw")
    assert card("9S") in s.hands[0] and card("AS") in s.hands[1] and s.turn_up == -1
    assert "exchange" not in legal(s)
    with pytest.raises(IllegalActionError, match="too late"):
        s.apply(parse_action("exchange"))


def test_ss20_nine_exchanged_after_closing_by_either_player() -> None:
    s = pos("AC KD QC", "9S QD JD", to_move=0, turn_up="AS", stock="TH JH KH",
            tricks_won=(1, 1))
    act(s, "close", "AC")
    assert "exchange" in legal(s)  # the non-closer
    act(s, "exchange")
    assert s.turn_up == card("9S") and s.closed
    closer = pos("9S KD QC", "AC QD JD", to_move=0, turn_up="AS", stock="TH JH KH",
                 tricks_won=(1, 1))
    act(closer, "close")
    assert "exchange" in legal(closer)
    act(closer, "exchange")
    assert card("AS") in closer.hands[0]


# -- SS-E Marriages ----------------------------------------------------------------------

def test_ss21_marriage_by_leading_either_card_20_or_40_need_not_win() -> None:
    s = pos("KH QH KS QS 9C", "AH TH JD 9D TC", to_move=0, turn_up="9S", stock="JS",
            trump=S, tricks_won=(1, 1), points=(10, 10))
    assert {"marry KH", "marry QH", "marry KS", "marry QS"} <= legal(s)
    act(s, "marry QH", "AH")
    assert s.last_winner == 1 and s.points[0] == 30  # lost the trick, kept the 20
    royal = pos("KS QS 9C", "AH TH JD", to_move=0, turn_up="9D", stock="JS", trump=S,
                tricks_won=(1, 1), points=(10, 10))
    act(royal, "marry KS")
    assert royal.points[0] == 50
    assert card("QS") in royal.known[0]  # the partner is now known to be held


def test_ss22_only_the_leader_who_has_won_a_trick_counts_a_marriage() -> None:
    follower = pos("AC TC", "KH QH 9D", to_move=1, phase="follow", lead="9C", turn_up="9S",
                   stock="JS", tricks_won=(1, 1))
    assert not any(t.startswith(("marry", "show")) for t in legal(follower))
    with pytest.raises(IllegalActionError, match="leading"):
        follower.apply(parse_action("marry KH"))
    no_trick = pos("KH QH 9D", "AC TC 9C", to_move=0, turn_up="9S", stock="JS",
                   tricks_won=(0, 0))
    act(no_trick, "marry KH")
    assert no_trick.points[0] == 0 and no_trick.pending[0] == 20


def test_ss23_pone_marriage_pending_until_he_wins_a_trick() -> None:
    order = stacked("KH QH 9C AD 9D JD", "AH TH KC QC JC TD", "9S",
                    "AS TS KS QS JS AC TC KD QD JH 9H")
    s = GAME.deal(0, pack=order)  # the pone is seat 1 and holds the heart marriage
    act(s, "marry KH", "AH")  # declared on his first lead, and the trick is lost
    assert s.pending[1] == 20 and s.points[1] == 0 and s.points[0] == 15
    # he wins a later trick: the marriage counts then
    later = pos("9C JD", "AC 9H", to_move=0, turn_up="9S", stock="JS", tricks_won=(3, 0),
                points=(40, 0), pending=(0, 20))
    act(later, "9C", "AC")
    assert later.points[1] == 11 + 20 and later.pending[1] == 0
    assert later.score_events()[-1] == (1, 20, "marriage (now counts)")
    # the adversary reaches 66 first: the marriage is lost and the pone is schwartz
    lost = pos("AC JD", "9C 9H", to_move=0, turn_up="9S", stock="JS", tricks_won=(3, 0),
               points=(66, 0), pending=(0, 40))
    act(lost, "claim")
    assert lost.returns() == (3, 0)


def test_ss24_marriage_shown_without_leading_to_claim_66() -> None:
    s = pos("KH QH 9C", "AC TC 9D", to_move=0, turn_up="9S", stock="JS", tricks_won=(2, 1),
            points=(46, 20))
    assert "show KH QH" in legal(s)
    act(s, "show QH KH")
    assert s.is_terminal() and s.scores() == (66, 20) and s.returns() == (2, 0)
    short = pos("KH QH 9C", "AC TC 9D", to_move=0, turn_up="9S", stock="JS",
                tricks_won=(2, 1), points=(45, 40))
    act(short, "show KH QH")  # 65 only: a wrong claim, the cards are abandoned all the same
    assert short.is_terminal() and short.returns() == (0, 2)
    no_trick = pos("KH QH 9C", "AC TC 9D", to_move=0, turn_up="9S", stock="JS",
                   tricks_won=(0, 1))
    assert "show KH QH" not in legal(no_trick)


def test_ss25_a_king_led_without_claim_is_no_marriage() -> None:
    s = pos("KH QH 9C", "AC TC 9D", to_move=0, turn_up="9S", stock="JS", tricks_won=(1, 1),
            points=(10, 10))
    act(s, "KH")
    assert s.points[0] == 10
    assert not any(t.startswith("marry") for t in legal(s))
    act(s, "9D", "draw")
    assert "marry QH" not in legal(s)  # the partner is gone: too late to amend


def test_ss26_marriages_led_or_shown_after_the_stock_is_exhausted() -> None:
    s = pos("KH QH 9C", "AC TC 9D", to_move=0, tricks_won=(3, 3), points=(30, 40))
    assert {"marry KH", "marry QH", "show KH QH"} <= legal(s)
    act(s, "marry KH")
    assert s.points[0] == 50


# -- SS-F Counting discipline ------------------------------------------------------------

def test_ss27_count_kept_exactly_and_closing_never_forfeited() -> None:
    s = GAME.deal(0, seed=8)
    for _ in range(3):  # three tricks, drawing each time
        s.apply(next(a for a in s.legal_actions() if type(a) is Play))
        s.apply(next(a for a in s.legal_actions() if type(a) is Play))
        obs = s.observation(0)
        assert obs.last_trick == tuple(Card(c) for c in s.last_trick)
        totals = [0, 0]
        for seat, pts, _ in s.score_events():
            totals[seat] += pts
        assert obs.points == tuple(totals)
        act(s, "draw")
    assert "close" in legal(s)


def test_ss28_irregular_plays_are_refused_and_change_nothing() -> None:
    s = pos("AC 9C", "KC 9H", to_move=0, turn_up="AS", stock="KS QS JS", tricks_won=(1, 1),
            closed=True, closer=0)
    act(s, "AC")
    before = (str(s), s.observation(0), s.observation(1))
    with pytest.raises(IllegalActionError, match="follow suit"):
        s.apply(parse_action("9H"))  # a revoke
    with pytest.raises(IllegalActionError, match="not in your hand"):
        s.apply(parse_action("TD"))
    with pytest.raises(IllegalActionError, match="draw"):
        s.apply(parse_action("draw"))
    assert before == (str(s), s.observation(0), s.observation(1))


# -- SS-G The last six tricks ------------------------------------------------------------

def test_ss29_after_the_stock_follow_suit_need_not_win_nor_trump() -> None:
    s = pos("AD TD", "AH 9H AS", trump=S, to_move=1, phase="follow", lead="KH", tricks_won=(3, 3))
    assert legal(s) == {"AH", "9H"}  # must follow, may play under
    void = pos("AD TD", "AS 9C JD", trump=S, to_move=1, phase="follow", lead="KH",
               tricks_won=(3, 3))
    assert legal(void) == {"AS", "9C", "JD"}  # void: need not trump
    act(void, "9C")
    assert void.voids[1] == 1 << H


def test_ss30_winner_of_the_twelfth_trick_counts_ten() -> None:
    s = pos("AH", "9H", to_move=0, tricks_won=(6, 5), points=(40, 59))
    act(s, "AH", "9H")
    assert s.score_events()[-2:] == [(0, 11, "cards"), (0, 10, "last trick")]
    assert s.scores() == (61, 59)


def test_ss31_played_out_only_one_over_66_scores_one_or_two_never_three() -> None:
    s = pos("AH", "9H", to_move=0, tricks_won=(11, 0), points=(109, 0))
    act(s, "AH", "9H")
    assert s.returns() == (2, 0)  # the other never won a trick: still two, not three
    s = pos("AH", "9H", to_move=0, tricks_won=(6, 5), points=(60, 40))
    act(s, "AH", "9H")
    assert s.scores() == (81, 40) and s.returns() == (1, 0)


def test_ss32_neither_or_both_no_score_next_winner_adds_one() -> None:
    s = pos("9C", "9D", to_move=0, tricks_won=(6, 5), points=(55, 65))
    act(s, "9C", "9D")
    assert s.scores() == (65, 65) and s.returns() == (0, 0)
    result = GAME.deal_result(s)
    assert result.detail("tie") == 1
    sheet = ScoreSheet()
    GAME.update_sheet(sheet, 1, 0, result)
    GAME.update_sheet(sheet, 2, 1, result)  # ties accumulate
    GAME.update_sheet(sheet, 3, 0, DealResult((0, 1)))
    assert sheet.totals == [0, 3]
    assert sheet.rows[-1].points == (0, 3) and "+2" in sheet.rows[-1].notes[0]
    assert sheet.carry == 0


# -- SS-H/I Closing ----------------------------------------------------------------------

def test_ss33_closing_stops_drawing_and_compels_following_suit() -> None:
    s = pos("AC KD QC", "9C 9H JD", to_move=0, turn_up="AS", stock="TH JH KH",
            tricks_won=(1, 1))
    act(s, "close", "AC")
    assert legal(s) == {"9C"}
    act(s, "9C")
    assert s.phase == 0 and len(s.stock) == 3 and len(s.hands[0]) == 2  # no drawing
    assert s.observation(1).closed and s.observation(1).stock_size == 3


def test_ss34_only_the_leader_closes_at_any_time_he_has_the_lead() -> None:
    s = GAME.deal(0, seed=2)
    assert "close" in legal(s)  # the pone before the first lead
    lead = next(a for a in s.legal_actions() if type(a) is Play)
    s.apply(lead)
    assert "close" not in legal(s)
    with pytest.raises(IllegalActionError, match="lead"):
        s.apply(parse_action("close"))
    before_draw = pos("AC KD QC JC 9C", "9D KH QD JD TD", to_move=0, phase="draw",
                      turn_up="AS", stock="TH JH KC", tricks_won=(1, 0))
    act(before_draw, "close")  # without drawing: neither draws
    assert len(before_draw.hands[0]) == len(before_draw.hands[1]) == 5
    assert before_draw.closed and before_draw.current_player() == 0


def test_ss35_claim_after_closing_scores_by_the_adversarys_count() -> None:
    for other, tricks, expected in ((40, 2, 1), (20, 2, 2), (0, 0, 3)):
        s = pos("AC KD", "9C QD", to_move=0, turn_up="AS", stock="TH JH KC",
                tricks_won=(3, tricks), points=(55, other))
        act(s, "close", "AC", "9C", "claim")
        assert s.scores()[0] == 66 and s.returns() == (expected, 0)


def test_ss36_a_closer_short_of_66_gives_two_or_three() -> None:
    wrong = pos("AC KD", "9C QD", to_move=0, turn_up="AS", stock="TH JH KC",
                tricks_won=(3, 2), points=(50, 40))
    act(wrong, "close", "claim")
    assert wrong.returns() == (0, 2)
    # the adversary had no trick when the stock was closed: three, even after winning one
    late = pos("9C KD", "AC QD", to_move=0, turn_up="AS", stock="TH JH KC",
               tricks_won=(3, 0), points=(50, 0))
    act(late, "close", "9C", "AC")
    assert late.tricks_won[1] == 1
    play_out(late)
    assert late.points[0] < 66 and late.returns() == (0, 3)
    # a wrong claim by the closer is judged at the moment of closing too
    judged = pos("9D KC AH", "AD QC JH", to_move=0, turn_up="AS", stock="TH JS KD",
                 tricks_won=(3, 0), points=(50, 0))
    act(judged, "close", "9D", "AD", "QC", "KC")  # the adversary has won a trick since
    assert judged.tricks_won[1] == 1 and judged.current_player() == 0
    act(judged, "claim")  # 57: wrong
    assert judged.returns() == (0, 3)
    # the adversary claims correctly after the closer failed: at least the forfeit
    counter = pos("9C KD", "AC QD", to_move=0, turn_up="AS", stock="TH JH KC",
                  tricks_won=(3, 0), points=(50, 0), pending=(0, 0))
    act(counter, "close", "9C", "AC")
    counter.points[1] = 70  # as if his tricks had been worth more
    act(counter, "claim")
    assert counter.returns() == (0, 3)


def test_ss37_closing_gains_only_the_duty_to_follow() -> None:
    # closed for schwartz, the adversary wins a trick: two at most
    s = pos("AD KC 9H", "TC 9D JH", to_move=0, turn_up="AS", stock="TH QH KD", tricks_won=(4, 0),
            points=(62, 0))
    act(s, "close", "KC", "TC")  # he gets out of schwartz
    assert s.tricks_won[1] == 1
    act(s, "9D", "AD", "claim")
    assert s.scores()[0] == 73 and s.returns() == (2, 0)
    # closed for schneider, the adversary escapes: one
    s = pos("AD KC 9H", "TC 9D JH", to_move=0, turn_up="AS", stock="TH QH KD", tricks_won=(4, 2),
            points=(62, 20))
    act(s, "close", "KC", "TC")
    act(s, "9D", "AD", "claim")
    assert s.points[1] == 34 and s.returns() == (1, 0)


# -- SS-J Gaps ---------------------------------------------------------------------------

def test_gap_ss1_standard_counting_table() -> None:
    assert [POINTS[card(t)] for t in ("AS", "TS", "KS", "QS", "JS", "9S")] == \
        [11, 10, 4, 3, 2, 0]
    plain = pos("KH QH 9C", "AC TC 9D", trump=S, to_move=0, tricks_won=(1, 1))
    act(plain, "marry KH")
    royal = pos("KS QS 9C", "AC TC 9D", trump=S, to_move=0, tricks_won=(1, 1))
    act(royal, "marry KS")
    assert plain.points[0] == 20 and royal.points[0] == 40


def test_gap_ss2_wrong_claim_after_the_stock_gives_two_or_three() -> None:
    s = pos("AC", "9C", to_move=0, tricks_won=(6, 5), points=(60, 40))
    act(s, "claim")
    assert s.returns() == (0, 2)
    s = pos("AC", "9C", to_move=0, tricks_won=(11, 0), points=(60, 0))
    act(s, "claim")
    assert s.returns() == (0, 3)


def test_gap_ss3_closing_needs_a_face_down_card() -> None:
    one_left = pos("AC", "9C", to_move=0, turn_up="AS", stock="TH", tricks_won=(5, 5))
    assert "close" in legal(one_left)
    exhausted = pos("AC", "9C", to_move=0, tricks_won=(5, 5))
    assert "close" not in legal(exhausted)
    with pytest.raises(IllegalActionError, match="face-down"):
        exhausted.apply(parse_action("close"))


def test_gap_ss4_draw_then_close() -> None:
    s = pos("AC KD QC JC 9C", "9D KH QD JD TD", to_move=0, phase="draw", turn_up="AS",
            stock="TH JH KC", tricks_won=(1, 0))
    act(s, "draw", "close")
    assert len(s.hands[0]) == len(s.hands[1]) == 6 and s.closed and len(s.stock) == 1


def test_gap_ss5_claims_only_with_the_lead_or_after_winning_a_trick() -> None:
    s = pos("AC KD QC JC 9C", "9D KH QD JD TD", to_move=0, phase="draw", turn_up="AS",
            stock="TH JH KC", tricks_won=(1, 0))
    assert "claim" in legal(s)
    act(s, "draw")
    assert "claim" in legal(s)
    act(s, "AC")
    assert "claim" not in legal(s)
    with pytest.raises(IllegalActionError, match="following"):
        s.apply(parse_action("claim"))


def test_gap_ss6_pending_marriage_does_not_escape_schneider() -> None:
    s = pos("AC 9C", "KD QD", to_move=0, turn_up="AS", stock="TH", tricks_won=(4, 0),
            points=(66, 0), pending=(0, 40))
    assert s.observation(0).pending == (0, 40)
    act(s, "claim")
    assert s.returns() == (3, 0)


# -- Foster's worked examples ------------------------------------------------------------

def test_example_tie_48_and_marriage_against_72_and_last_trick() -> None:
    # A (seat 0) has 48 in cards and a marriage, B (seat 1) 72 in cards; B takes the last
    # trick with two Nines. Neither claimed.
    s = pos("9D", "9C", to_move=1, tricks_won=(4, 7), points=(48 + 20, 72))
    assert "claim" in legal(s)  # B could have claimed, but plays on
    act(s, "9C", "9D")
    assert s.scores() == (68, 82) and s.returns() == (0, 0)
    sheet = ScoreSheet()
    GAME.update_sheet(sheet, 1, 0, GAME.deal_result(s))
    assert sheet.totals == [0, 0] and sheet.carry == 1
    # next deal: A makes 66 before B is out of schneider: two, and one for the tie
    nxt = pos("AH KC", "9H QD", to_move=0, tricks_won=(3, 2), points=(66, 20), turn_up="9S",
              stock="JS")
    act(nxt, "claim")
    GAME.update_sheet(sheet, 2, 1, GAME.deal_result(nxt))
    assert sheet.totals == [3, 0]


def test_example_close_at_35_and_lead_the_ace() -> None:
    # A: 35, a heart marriage and the Ace of clubs, no trumps (spades). Closing forces B to
    # follow: the Ace brings 11 (46), and showing the marriage makes 66.
    s = pos("KH QH AC 9D JD 9H", "9C AD TD AS KS JH", trump=S, to_move=0, turn_up="9S",
            stock="QS JS TC", tricks_won=(2, 2), points=(35, 40))
    act(s, "close", "AC")
    assert legal(s) == {"9C"}
    act(s, "9C")
    assert s.points[0] == 46
    act(s, "show KH QH")
    assert s.returns() == (1, 0)
    # B has no club and trumps the Ace: A never gets there and B counts two
    s = pos("KH QH AC 9D JD 9H", "9S AD TD AS KS JH", trump=S, to_move=0, turn_up="QS",
            stock="9C JS TC", tricks_won=(2, 2), points=(35, 40))
    act(s, "close", "AC", "9S")
    assert s.last_winner == 1
    play_out(s)
    assert s.points[0] < 66 and s.returns() == (0, 2)


def test_example_close_at_13_with_royal_marriage_for_schneider() -> None:
    # A 13, B 32; A holds the royal marriage and the trump Ace, the Nine turned up.
    hands = ("KS QS AS 9H 9D JC", "JS 9C AH KH QD TD")
    s = pos(*hands, trump=S, to_move=0, turn_up="9S", stock="TS KC QC", tricks_won=(1, 2),
            points=(13, 32))
    act(s, "close", "AS")
    assert legal(s) == {"JS"}  # compelled to follow with his trump
    act(s, "JS", "show KS QS")
    assert s.scores()[0] == 66 and s.returns() == (2, 0)
    # B without a trump: lead the Ace and a marriage card, whatever B plays A is past 66
    s = pos("KS QS AS 9H 9D JC", "9C TH AH KH QD TD", trump=S, to_move=0, turn_up="9S",
            stock="TS JS QC", tricks_won=(1, 2), points=(13, 32))
    act(s, "close", "AS", "9C", "marry KS", "QD")
    assert s.points[0] >= 66
    act(s, "claim")
    assert s.returns() == (2, 0)
    # without closing B need not follow: he may throw a plain Nine on the trump Ace
    s = pos(*hands, trump=S, to_move=0, turn_up="9S", stock="TS KC QC", tricks_won=(1, 2),
            points=(13, 32))
    act(s, "AS")
    assert "9C" in legal(s)


def test_example_pone_closes_for_schwartz_with_two_aces_and_royal_marriage() -> None:
    order = stacked("AC AD KS QS 9H JH", "KC 9D TH AH QH JS", "9S",
                    "TC JC QC 9C TD KD QD JD KH AS TS")
    s = GAME.deal(0, pack=order)
    act(s, "close", "AC")
    assert legal(s) == {"KC"}
    act(s, "KC", "AD", "9D")
    assert s.points[1] == 26
    act(s, "show KS QS")
    assert s.returns() == (0, 3)


# -- notation, observation, sampling, random play ----------------------------------------

@pytest.mark.parametrize("text, expected, kind", [
    ("QS", "QS", Play), ("10h", "TH", Play), ("marry KH", "marry KH", Marry),
    ("KH+", "marry KH", Marry), ("qh marriage", "marry QH", Marry),
    ("show KH QH", "show KH QH", Show), ("show QD", "show KD QD", Show),
    ("close", "close", Close), ("Claim", "claim", Claim), ("draw", "draw", Draw),
    ("exchange", "exchange", Exchange),
])
def test_notation_round_trips(text: str, expected: str, kind: type) -> None:
    a = parse_action(text)
    assert type(a) is kind and str(a) == expected and parse_action(str(a)) == a


@pytest.mark.parametrize("text", ["8S", "marry AH", "show KH QS", "show", "dance", "marry",
                                  ""])
def test_bad_notation_is_named(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_observation_hides_the_other_hand_and_the_stock() -> None:
    s = pos("KH QH 9C", "AC TC 9D", to_move=0, turn_up="9S", stock="JS", tricks_won=(1, 1))
    obs = s.observation(0)
    text = repr(obs)
    for c in s.hands[1] + s.stock:  # no hidden card appears anywhere in the observation
        assert repr(Card(c)) not in text
    assert obs.hand == tuple(sorted(Card(c) for c in s.hands[0]))
    assert obs.stock_size == 1 and obs.hand_sizes == (3, 3)
    for c in s.hands[1] + s.stock:
        assert Card(c) not in obs.hand and Card(c) not in obs.known_in_hand[1]
    act(s, "marry KH")
    assert s.observation(1).known_in_hand[0] == (Card.parse("QH"),)


def _check_accounting(s: SixtySixState) -> None:
    everything = s.hands[0] + s.hands[1] + s.stock + s.won[0] + s.won[1]
    if s.turn_up >= 0:
        everything.append(s.turn_up)
    if s.phase == 1:
        everything.append(s.lead)
    assert sorted(everything) == sorted(int(c) for c in PACK.all_cards())


def _check_resample(s: SixtySixState, rng: random.Random) -> None:
    for seat in (0, 1):
        r = s.resample(seat, rng)
        assert r.observation(seat) == s.observation(seat)
        other = 1 - seat
        for c in r.hands[other]:
            assert not (s.voids[other] >> (c >> 4)) & 1 or c in s.known[other]
        assert set(s.known[other]) <= set(r.hands[other])
        assert {str(a) for a in r.legal_actions()} == legal(s) or s.current_player() == other


@pytest.mark.parametrize("claims", [True, False])
def test_random_play_never_sticks_and_accounts_for_every_card(claims: bool) -> None:
    rng = random.Random(20240 + claims)
    for trump_making in ("thirteenth_card_after_deal", "seventh_card_after_first_round",
                         "pone_draws_top_middle_or_bottom"):
        game = SixtySix(SixtySixOptions(trump_making=trump_making))
        for deal in range(120):
            s = game.deal(deal % 2, rng=rng)
            steps = 0
            while not s.is_terminal():
                _check_accounting(s)
                acts = s.legal_actions()
                assert acts and s.current_player() in (0, 1)
                assert len(set(acts)) == len(acts)
                if not claims:
                    acts = [a for a in acts if type(a) not in (Claim, Show)] or acts
                if deal % 10 == 0:
                    _check_resample(s, rng)
                    for a in acts:
                        assert s.parse_action(str(a)) == a
                a = rng.choice(acts)
                if deal % 10 == 0:  # a clone is independent of the state it came from
                    before, c = s.observation(0), s.clone()
                    s.apply(a)
                    assert c.observation(0) == before != s.observation(0)
                else:
                    s.apply(a)
                steps += 1
                assert steps < 60
            _check_accounting(s)
            assert s.current_player() == TERMINAL and s.legal_actions() == []
            pts = s.returns()
            assert (pts == (0, 0)) == (GAME.deal_result(s).detail("tie") == 1)
            assert max(pts) in (0, 1, 2, 3) and min(pts) == 0
            with pytest.raises(IllegalActionError):
                s.apply(parse_action("claim"))


def test_resample_respects_voids_and_known_cards() -> None:
    s = pos("AD 9C", "AS 9S JD", trump=S, to_move=1, phase="follow", lead="KH",
            tricks_won=(3, 3), known=((), cards("AS")))
    act(s, "JD")  # void in hearts now
    rng = random.Random(1)
    for _ in range(50):
        r = s.resample(0, rng)
        assert card("AS") in r.hands[1]
        assert all(c >> 4 != H for c in r.hands[1])


def test_match_to_seven_with_random_players() -> None:
    rng = random.Random(4)
    m = Match(make_game("66"), seed=9)
    while not m.is_over():
        acts = m.state.legal_actions()
        m.apply(rng.choice(acts))
    assert max(m.sheet.totals) >= 7 and m.sheet.winner is not None
    assert sum(sum(r.points) for r in m.sheet.rows) == sum(m.sheet.totals)


def test_position_rejects_bad_setups() -> None:
    with pytest.raises(ValueError, match="placed twice"):
        pos("AC AC", "9C 9D", to_move=0)
    with pytest.raises(ValueError, match="odd"):
        pos("AC", "9C", to_move=0, turn_up="AS", stock="TH JH")
    with pytest.raises(ValueError, match="hand sizes"):
        pos("AC", "9C 9D", to_move=0)


def test_str_and_events_describe_the_deal() -> None:
    s = GAME.deal(0, seed=1)
    text = str(s)
    assert "Sixty-Six deal" in text and "lead by 1" in text
    act(s, "claim")
    assert s.observation(0).events[0].describe() == "seat 1 claims 66, counting 0."
    assert s.observation(1).events[-1].describe().startswith("seat 0 scores")



def test_apply_accepts_exactly_the_legal_actions() -> None:
    universe = [parse_action(str(c)) for c in PACK.all_cards()]
    universe += [parse_action(f"marry {r}{s}") for r in "KQ" for s in "CDHS"]
    universe += [parse_action(f"show K{s}") for s in "CDHS"]
    universe += [parse_action(t) for t in ("close", "claim", "draw", "exchange")]
    rng = random.Random(77)
    for deal in range(15):
        s = GAME.deal(deal % 2, rng=rng)
        while not s.is_terminal():
            ok = set(s.legal_actions())
            for a in universe:
                c = s.clone()
                before = str(c), c.observation(0), c.observation(1)
                if a in ok:
                    c.apply(a)
                else:
                    with pytest.raises(IllegalActionError):
                        c.apply(a)
                    assert (str(c), c.observation(0), c.observation(1)) == before
            acts = [a for a in s.legal_actions() if type(a) not in (Claim, Show)]
            s.apply(rng.choice(acts or s.legal_actions()))


# -- the rule-based player ---------------------------------------------------------------

def test_rules_bot_claims_exactly_at_66() -> None:
    bot = SixtySixRulesBot(1)
    at = pos("AH KC 9D", "9H QD JS", to_move=0, tricks_won=(3, 2), points=(66, 30),
             turn_up="9S", stock="JC")
    assert str(bot.choose(at)) == "claim"
    short = pos("AH KC 9D", "9H QD JS", to_move=0, tricks_won=(3, 2), points=(65, 30),
                turn_up="9S", stock="JC")
    assert str(bot.choose(short)) != "claim"
    show = pos("KH QH 9D", "9H QD JS", to_move=0, tricks_won=(3, 2), points=(46, 30),
               turn_up="9S", stock="JC")
    assert str(bot.choose(show)) == "show KH QH"


def test_rules_bot_declares_marriages_and_exchanges_the_nine() -> None:
    bot = SixtySixRulesBot(1, SixtySixRulesParams(close_min_potential=999))  # never closes
    s = pos("KH QH KS QS 9S 9D", "AH TH JD 9C TC AC", trump=S, to_move=0, turn_up="AS",
            stock="JS", tricks_won=(1, 1), points=(10, 10))
    assert str(bot.choose(s)) == "exchange"
    act(s, "exchange")
    assert str(bot.choose(s)) == "marry QS"  # the royal marriage first, leading the Queen


def test_rules_bot_endgame_search_agrees_with_the_engine() -> None:
    """The player's look-ahead scores a closed or exhausted ending as the engine does:
    compared with a plain minimax over the engine's own moves (claims only when right)."""

    def minimax(s: SixtySixState, root: int) -> int:
        if s.is_terminal():
            r = s.returns()
            return r[root] - r[1 - root]
        p = s.current_player()
        vals = []
        for a in s.legal_actions():
            if type(a) is Claim and s.points[p] < 66:
                continue
            if type(a) is Show and s.points[p] + (40 if a.suit == s.trump else 20) < 66:
                continue
            if type(a) in (Close, Exchange):
                continue
            c = s.clone()
            c.apply(a)
            vals.append(minimax(c, root))
        return max(vals) if p == root else min(vals)

    rng = random.Random(3)
    checked = 0
    for deal in range(150):
        s = GAME.deal(deal % 2, rng=rng)
        while not s.is_terminal() and (s.drawing or len(s.hands[s.current_player()]) > 3
                                       or s.phase == 2):
            acts = [a for a in s.legal_actions() if type(a) not in (Claim, Show)]
            s.apply(rng.choice(acts))
        if s.is_terminal():
            continue
        me = s.current_player()
        view = _View(s.observation(me))
        closer = -1 if not s.closed else (0 if s.closer == me else 1)
        end = _Endgame(view.trump, closed=s.closed, closer=closer, nc_trick=s.closed_opp_trick)
        best = -99
        for a in s.legal_actions():
            if type(a) is Claim:
                if s.points[me] >= 66:
                    best = max(best, end._right(0, *view.pts(), *view.tricks()))
                continue
            if type(a) is Show and s.points[me] + view.marriage_value(int(a.suit)) < 66:
                continue
            if type(a) in (Play, Marry, Show):
                best = max(best, end.action_value(
                    a, tuple(sorted(s.hands[me])), tuple(sorted(s.hands[1 - me])),
                    s.phase == 0, s.lead, view.pts(), view.tricks(), view.pending()))
        assert best == minimax(s, me), str(s)
        checked += 1
    assert checked > 100


def test_rules_bot_beats_random_on_the_same_deals() -> None:
    stats = duplicate_match(GAME, lambda g, s: SixtySixRulesBot(s), lambda g, s: RandomBot(s),
                            n_deals=30, seed=5, check=True)
    assert stats.mean > 1.5 and stats.win_rate > 0.85
