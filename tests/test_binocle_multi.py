"""Three- and four-handed Binocle (Foster), and laying every meld down at once: one test
per rule, named with its checklist or variant number (INVENTORY 10, 13; BN; V-BN3,
V-BN4)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bezique.core.cards import Card
from bezique.core.errors import IllegalActionError
from bezique.games.binocle.laying import best_laying, check_laying
from bezique.games.binocle.melds import TABLE, TABLE_NO_GRAND

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3


def ids(text: str) -> list[int]:
    return [int(Card.parse(c)) for c in text.split()]


def melds(text: str) -> list:  # type: ignore[type-arg]
    out = []
    for chunk in text.split("+"):
        name, *cards = chunk.split()
        out.append(TABLE.meld(name, tuple((Card.parse(c.rstrip("*")), c.endswith("*"))
                                          for c in cards)))
    return out


# -- laying all melds at once (Three-handed Binocle, Melds) -------------------------------

def test_bn30_trump_sequence_laid_at_once_counts_190() -> None:
    laying = best_laying(ids("AH TH KH QH JH 9C"), HEARTS)
    assert laying.total == 190
    assert [m.name for m in laying.melds] == ["royal-marriage", "sequence"]


def test_bn28_four_kings_and_four_queens_make_220() -> None:
    assert best_laying(ids("KC KD KH KS QC QD QH QS"), CLUBS).total == 220


def test_bn31_double_binocle_laid_as_the_single_then_the_other_is_40_plus_80() -> None:
    laying = best_laying(ids("QS QS JD JD"), CLUBS)
    assert laying.total == 120
    assert [m.name for m in laying.melds] == ["binocle", "double-binocle"]


def test_bn32_eight_kings_laid_as_four_then_the_other_four_is_80_plus_160() -> None:
    laying = best_laying(ids("KC KD KH KS KC KD KH KS"), DIAMONDS)
    assert laying.total == 240
    assert [m.name for m in laying.melds] == ["four-kings", "eight-kings"]


def test_bn27_cards_of_no_combination_lay_nothing() -> None:
    laying = best_laying(ids("9C 9D TC AD KH JS"), SPADES)
    assert laying.total == 0 and laying.melds == () and laying.notation() == "nothing"


def test_bn25_four_of_a_kind_needs_four_suits() -> None:
    assert best_laying(ids("AC AC AD AH"), SPADES).total == 0
    assert best_laying(ids("AC AS AD AH"), SPADES).total == 100


def test_bn23_grand_binocle_only_with_the_option() -> None:
    hand = ids("KS QS JD")
    # binocle 40, then the King added: grand binocle 80 (GAP-BN-4); plus a marriage? the
    # K and Q of spades (a plain suit) need a fresh card, and none is left
    assert best_laying(hand, HEARTS, TABLE).total == 120
    assert best_laying(hand, HEARTS, TABLE_NO_GRAND).total == 60  # binocle + marriage


def test_bn29_check_laying_accepts_adding_and_refuses_taking_away() -> None:
    hand = ids("AH TH KH QH JH")
    assert check_laying(hand, HEARTS, melds(
        "royal-marriage KH QH + sequence AH TH KH* QH* JH")) == 190
    # BN 30: a new Queen with the sequence's King is no marriage (the King taken away)
    with pytest.raises(IllegalActionError, match="taken away"):
        check_laying(hand + ids("QH"), HEARTS,
                     melds("sequence AH TH KH QH JH + royal-marriage KH* QH"))
    with pytest.raises(IllegalActionError, match="fresh"):
        check_laying(hand, HEARTS, melds("sequence AH TH KH QH JH + royal-marriage KH* QH*"))
    # BN 31: the second single binocle, then the double: no fresh card for the double
    assert check_laying(ids("QS QS JD JD"), CLUBS, melds(
        "binocle QS JD + double-binocle QS QS* JD JD*")) == 120
    with pytest.raises(IllegalActionError):
        check_laying(ids("QS QS JD JD"), CLUBS, melds(
            "binocle QS JD + binocle QS JD + double-binocle QS* QS* JD* JD*"))


def test_bn27_check_laying_names_a_card_not_in_the_hand() -> None:
    with pytest.raises(IllegalActionError, match="not in the hand"):
        check_laying(ids("KH"), HEARTS, melds("royal-marriage KH QH"))
    with pytest.raises(IllegalActionError, match="royal marriage is KH QH"):
        check_laying(ids("KH QS"), HEARTS, melds("royal-marriage KH QS"))


def test_the_best_laying_is_itself_legal() -> None:
    import random

    from bezique.games.binocle.melds import PACK_48
    rng = random.Random(7)
    cards = [int(c) for c in PACK_48.all_cards()]
    for _ in range(200):
        rng.shuffle(cards)
        hand, trump = cards[:16], rng.randrange(4)
        laying = best_laying(hand, trump)
        assert check_laying(hand, trump, laying.melds) == laying.total


def test_laying_is_fast() -> None:
    """The benchmark: 16-card hands (three-handed) take well under a millisecond each on
    average; the worst hand of all (eight Kings and eight Queens) well under a second."""
    import random

    from bezique.games.binocle.melds import PACK_48
    rng = random.Random(3)
    cards = [int(c) for c in PACK_48.all_cards()]
    start = time.process_time()
    for _ in range(200):
        rng.shuffle(cards)
        best_laying(cards[:16], rng.randrange(4))
    assert time.process_time() - start < 2.0
    start = time.process_time()
    worst = best_laying(ids("KC KD KH KS KC KD KH KS QC QD QH QS QC QD QH QS"), HEARTS)
    assert time.process_time() - start < 2.0
    assert worst.total == 600


# -- three- and four-handed deals -------------------------------------------------------------

from bezique.bots import make_bot  # noqa: E402
from bezique.bots.arena import duplicate_table  # noqa: E402
from bezique.bots.binocle_multi_rules import BinocleMultiRulesBot  # noqa: E402
from bezique.bots.random_bot import RandomBot  # noqa: E402
from bezique.core.errors import NotationError, OptionError  # noqa: E402
from bezique.core.match import Match  # noqa: E402
from bezique.core.trick import PLAYS  # noqa: E402
from bezique.games import make_game  # noqa: E402
from bezique.games.binocle.melds import PACK_48  # noqa: E402
from bezique.games.binocle.multi import (  # noqa: E402
    KNOCK,
    LAY_NOTHING,
    BinocleTableSheet,
    ContinuationState,
    FourHandedBinocle,
    FourHandedBinocleOptions,
    Lay,
    MultiBinocleState,
    ThreeHandedBinocle,
    ThreeHandedBinocleOptions,
)
from bezique.record import dumps, loads, record_from_match, replay  # noqa: E402


def stacked(game: object, dealer: int, want: dict[int, str], turn_up: str) -> list[int]:
    """A pack order dealing each seat the cards of ``want`` (the rest filled from the
    pack in order) and the dealer's last card, the turn-up, ``turn_up``."""
    g: Any = game
    n, size = g.num_players, len(PACK_48) // g.num_players
    rest = [int(c) for c in PACK_48.all_cards()]
    hands: dict[int, list[int]] = {}
    up = int(Card.parse(turn_up))
    rest.remove(up)
    for seat, text in want.items():
        hands[seat] = ids(text)
        for c in hands[seat]:
            rest.remove(c)
    for seat in range(n):
        h = hands.setdefault(seat, [])
        need = size - len(h) - (1 if seat == dealer else 0)
        h += rest[:need]
        del rest[:need]
    hands[dealer].append(up)
    order: list[int] = []
    taken = [0] * n
    while len(order) < len(PACK_48):
        for i in range(1, n + 1):
            p = (dealer + i) % n
            order += hands[p][taken[p]:taken[p] + 4]
            taken[p] += 4
    return order


def lay_all(state: MultiBinocleState, choice: Lay | None = None) -> None:
    while state.phase == 1:
        state.apply(choice if choice is not None else state.legal_actions()[-1])


def play(state: MultiBinocleState, text: str) -> None:
    for card in text.split():
        state.apply(state.parse_action(card))


def test_inv10_three_handed_deal_is_16_each_by_fours_last_card_turned() -> None:
    game = ThreeHandedBinocle()
    order = [int(c) for c in PACK_48.all_cards()]
    s = game.deal(2, pack=order)
    assert [len(h) for h in s.hands] == [16, 16, 16]
    assert s.hands[0][:4] == order[:4] and s.hands[1][:4] == order[4:8]
    assert s.trump == order[-1] >> 4 and s.trump_card == order[-1]
    assert s.stock == [] and s.current_player() == 0 and s.phase_name() == "meld"


def test_inv10_dix_the_first_nine_shown_from_the_dealers_left_takes_the_turn_up() -> None:
    game = ThreeHandedBinocle()
    s = game.deal(0, pack=stacked(game, 0, {1: "9H", 2: "9H"}, "AH"))
    assert ids("AH")[0] in s.hands[1] and ids("9H")[0] not in s.hands[1]
    assert ids("9H")[0] in s.hands[0] and ids("9H")[0] in s.hands[2]
    assert s.items[1] == [(10, "dix")] and s.items[2] == [(10, "dix")]
    # publicly known: the turn-up now in seat 1's hand, the Nine in the dealer's
    assert ids("AH")[0] in s.known[1] and ids("9H")[0] in s.known[0]


def test_inv10_the_dealer_with_a_nine_may_not_keep_the_turn_up() -> None:
    game = ThreeHandedBinocle()
    s = game.deal(0, pack=stacked(game, 0, {0: "9H", 2: "9H"}, "TH"))
    assert ids("TH")[0] in s.hands[2]  # seat 2 showed his Nine: the turn-up is his
    assert s.items[0] == [(10, "dix")]  # the dealer still scores his dix


def test_inv10_one_player_with_both_nines_has_twenty_when_he_wins_a_trick() -> None:
    game = ThreeHandedBinocle()
    s = game.deal(0, pack=stacked(game, 0, {1: "9S 9S AS AS"}, "JS"))
    assert s.items[1] == [(10, "dix"), (10, "dix")]
    lay_all(s, LAY_NOTHING)
    assert s.points == [0, 0, 0]
    play(s, "AS")  # seat 1 leads the Ace of trumps: nobody can beat it
    play(s, s.legal_actions()[0].notation())
    play(s, s.legal_actions()[0].notation())
    assert s.tricks_won[1] == 1 and s.points[1] == 20


def test_inv10_melds_are_laid_before_the_first_lead_and_scored_on_a_trick_won() -> None:
    game = ThreeHandedBinocle()
    s = game.deal(0, pack=stacked(game, 0, {1: "KC KD KH KS QC QD QH QS AS AS"}, "JS"))
    first = s.legal_actions()[0]
    assert isinstance(first, Lay) and first.notation().startswith("lay ")
    s.apply(first)
    assert s.items[1] and sum(p for p, _ in s.items[1]) >= 220 and s.points[1] == 0
    # the laid cards are now publicly known in seat 1's hand
    assert set(ids("KC KD KH KS")) <= set(s.known[1])
    lay_all(s, LAY_NOTHING)
    assert s.phase_name() == "lead" and s.current_player() == 1
    with pytest.raises(IllegalActionError):  # no meld once the play has begun
        s.apply(LAY_NOTHING)
    play(s, "AS")
    play(s, s.legal_actions()[0].notation())
    play(s, s.legal_actions()[0].notation())
    assert s.points[1] >= 220


def test_inv10_an_illegal_laying_is_refused_and_changes_nothing() -> None:
    game = ThreeHandedBinocle()
    s = game.deal(0, pack=stacked(game, 0, {1: "KC QC"}, "JS"))
    before = str(s)
    with pytest.raises(IllegalActionError, match="not in the hand"):
        s.apply(s.parse_action("lay four-kings KC KD KH KS"))
    assert str(s) == before
    with pytest.raises(NotationError, match="unknown meld"):
        s.parse_action("lay flush AC")
    s.apply(s.parse_action("lay marriage KC QC"))  # legal though not listed
    assert s.items[1] == [(20, "marriage")]


def _follow_position(game: Any, dealer: int, want: dict[int, str]) -> MultiBinocleState:
    s = game.deal(dealer, pack=stacked(game, dealer, want, "9D"))
    lay_all(s, LAY_NOTHING)
    return s


SECOND = {1: "KC TC TC QC QC JC JC 9H 9H JH JH QH QH KH KH TH",
          2: "AC AC 9C 9C AS AS TS TS KS KS QS QS JS JS 9S 9S"}


def test_inv10_second_hand_must_win_with_a_higher_card_or_a_trump() -> None:
    s = _follow_position(ThreeHandedBinocle(), 0, SECOND)
    play(s, "KC")
    assert {a.notation() for a in s.legal_actions() if a != KNOCK} == {"AC"}


def test_inv10_third_hand_follows_suit_even_when_he_cannot_win() -> None:
    s = _follow_position(ThreeHandedBinocle(), 0, SECOND)
    play(s, "KC AC")  # the dealer's King of clubs cannot win, but he must follow
    assert {a.notation() for a in s.legal_actions() if a != KNOCK} == {"KC"}


def test_inv10_the_twin_of_the_winning_card_does_not_win_so_any_card_of_the_suit_follows(
        ) -> None:
    """Of two identical cards the first played wins (BN 10): seat 2, holding the other
    Ace of clubs, cannot beat seat 1's, so he need only follow suit, with any club; the
    duty to win does not force him to play his Ace."""
    s = _follow_position(ThreeHandedBinocle(), 0, {
        1: "AC KC KC TC TC QC QC JC 9H 9H JH JH QH QH KH KH",
        2: "AC 9C 9C AS AS TS TS KS KS QS QS JS JS 9S 9S AH"})
    play(s, "AC")
    assert s.current_player() == 2
    assert {a.notation() for a in s.legal_actions() if a != KNOCK} == {"AC", "9C"}


def test_inv10_third_hand_void_under_trumps_the_second_hands_better_trump() -> None:
    # diamonds trumps (9D turned): seat 2, void in clubs, trumps with the Ace; the dealer,
    # void too, cannot over-trump (his Ace, played second, loses) and must under-trump
    s = _follow_position(ThreeHandedBinocle(), 0, {
        1: "KC KC TC TC QC QC JC JC 9C 9C AC AC 9H 9H JH JH",
        2: "AD AS AS TS TS KS KS QS QS JS JS 9S 9S AH AH TH"})
    play(s, "KC AD")
    assert {a.notation() for a in s.legal_actions() if a != KNOCK} == {
        "AD", "TD", "KD", "QD", "JD", "9D"}


def test_inv10_the_last_trick_is_ten_and_the_cards_are_counted_after() -> None:
    game = ThreeHandedBinocle()
    s = game.deal(1, seed=4)
    lay_all(s, LAY_NOTHING)
    while not s.is_terminal():
        s.apply(next(a for a in s.legal_actions() if a != KNOCK))
    reasons = [why for _, _, why in s.score_events()]
    assert reasons.count("last trick") == 1 and reasons[-3:].count("cards") >= 2
    events = s.score_events()
    assert sum(p for _, p, why in events if why == "cards") == 240
    assert [p for _, p, why in events if why == "last trick"] == [10]


def test_inv10_a_player_at_990_with_the_nine_is_not_out_until_he_wins_a_trick() -> None:
    game = ThreeHandedBinocle()
    pack = stacked(game, 0, {1: "9S"}, "JS")
    s = game.deal(0, pack=pack, standing=(0, 990, 0), targets=(1000, 1000, 1000))
    lay_all(s, LAY_NOTHING)
    assert s.items[1] == [(10, "dix")]
    s.apply(KNOCK)  # seat 1 claims before winning a trick: wrong, he retires
    assert s.retired == 1 and not s.is_terminal()
    assert s.current_player() == 2  # the other two finish alone


def test_inv10_a_claim_that_counts_exactly_the_target_is_right_and_wins() -> None:
    """A claimant who counts exactly 1000 has reached the game, and a correct claim wins
    (BN 3; three-handed, INVENTORY 10); one point fewer is a wrong claim and he
    retires."""
    game = ThreeHandedBinocle()
    pack = stacked(game, 0, {1: "AS AS TS TS"}, "JS")

    def claim_after_the_first_trick(standing: int) -> MultiBinocleState:
        s = game.deal(0, pack=pack, standing=(0, standing, 0), targets=(1000, 1000, 1000))
        lay_all(s, LAY_NOTHING)
        play(s, "AS")  # seat 1 leads the Ace of trumps and wins the trick
        play(s, s.legal_actions()[0].notation())
        play(s, s.legal_actions()[0].notation())
        assert s.current_player() == 1 and KNOCK in s.legal_actions()
        s.apply(KNOCK)
        return s

    # what he counts in the deal (his trick's cards and what it scored), from a standing
    # that lets him claim (750 and the 250 of a deal) and that the count cannot lift to 1000
    count = claim_after_the_first_trick(750).scores()[1]
    assert 0 < count < 250
    exact = claim_after_the_first_trick(1000 - count)
    assert exact.is_terminal() and exact.retired == -1
    result = game.deal_result(exact)
    assert result.detail("knocker") == 1 and result.detail("knock_right") == 1
    sheet = game.new_sheet()
    sheet.totals[:] = [0, 1000 - count, 0]
    game.update_sheet(sheet, 1, 0, result)
    assert sheet.over and sheet.winner == 1
    short = claim_after_the_first_trick(999 - count)
    assert short.retired == 1 and not short.is_terminal()


def test_v_bn3_01_overlooked_melds_may_be_claimed_by_the_next_player() -> None:
    hand = {1: "KC KD KH KS QC QD QH QS"}
    laying = "lay four-kings KC KD KH KS + four-queens QC QD QH QS"  # 140 of the 220
    off = ThreeHandedBinocle()
    s = off.deal(0, pack=stacked(off, 0, hand, "JS"))
    s.apply(s.parse_action(laying))
    assert not [i for i in s.items[2] if i[1] != "dix"]
    on = ThreeHandedBinocle(ThreeHandedBinocleOptions(others_may_claim_overlooked_melds=True))
    s = on.deal(0, pack=stacked(on, 0, hand, "JS"))
    s.apply(s.parse_action(laying))
    assert [i for i in s.items[2] if i[1] != "dix"] == [(80, "overlooked by seat 1")]


def _wrong_claim_match(settlement: str) -> Match:
    game = ThreeHandedBinocle(ThreeHandedBinocleOptions(three_hand_settlement=settlement))
    match = Match(game, seed=5)
    sheet = match.sheet
    assert isinstance(sheet, BinocleTableSheet)
    sheet.totals[:] = [900, 800, 400]  # a standing from which seat 1 may claim
    match.state = game.deal_in_match(0, match.deals[0].pack, sheet)
    return match


def test_v_bn3_02_a_wrong_claimant_retires_and_the_others_play_on_two_handed() -> None:
    match = _wrong_claim_match("ultimate_winner_takes_stakes")
    s: Any = match.state
    lay_all(s, LAY_NOTHING)
    match.apply(KNOCK)  # seat 1, 800 up and no trick yet, cannot count 1000
    assert s.retired == 1 and s.current_player() == 2
    bot = BinocleMultiRulesBot(1)
    while match.sheet.rows == []:
        match.apply(bot.choose(match.state))
    if not match.is_over():
        assert isinstance(match.state, ContinuationState)
        assert match.state.seats == (0, 2) and len(match.state.duel.stock) > 0
        assert match.sheet.retired == 1  # type: ignore[attr-defined]
        assert match.state.current_player() in (0, 2)
        while not match.is_over():
            match.apply(make_bot("random", match.game, 3).choose(match.state))
        assert match.sheet.winner in (0, 2)


def test_bn03_in_the_two_handed_continuation_a_player_out_on_his_scores_wins() -> None:
    # after seat 1's wrong claim, seats 0 and 2 play two-handed Binocle: seat 0 deals
    # and the Nine turned up takes him from 995 to 1005, out as the cards are dealt
    game = ThreeHandedBinocle()
    pack = [int(c) for c in PACK_48.all_cards()]
    nine = next(i for i, c in enumerate(pack) if c & 15 == 9)
    pack[24], pack[nine] = pack[nine], pack[24]
    state = ContinuationState.deal(game, 0, pack, 1, (995, 800, 990), (1000, 1000, 1000))
    assert state.is_terminal()
    result = game.deal_result(state)
    assert result.detail("reached") == 0
    sheet = game.new_sheet()
    sheet.totals[:] = [995, 800, 990]
    sheet.retired = 1
    game.update_sheet(sheet, 2, 0, result)
    assert sheet.over and sheet.winner == 0


def test_bn03_at_three_reaching_1000_on_the_scores_needs_a_claim() -> None:
    # Foster's three-handed game has players reach 1000 "without having claimed" and
    # play on: the two-handed end on reaching the target is not his rule at three
    game = ThreeHandedBinocle()
    pack = stacked(game, 0, {1: "9S"}, "JS")
    s = game.deal(0, pack=pack, standing=(0, 990, 0), targets=(1000, 1000, 1000))
    lay_all(s, LAY_NOTHING)
    while s.scores()[1] < 10:  # until seat 1 wins a trick and scores his dix
        s.apply(next(a for a in s.legal_actions() if a != KNOCK))
    assert not s.is_terminal()
    while s.current_player() != 1:
        s.apply(next(a for a in s.legal_actions() if a != KNOCK))
    s.apply(KNOCK)
    assert s.is_terminal() and s.knocker == 1 and s.knock_right


def test_v_bn3_02_lowest_pays_ends_the_game_when_one_retires() -> None:
    match = _wrong_claim_match("lowest_pays_when_first_goes_out")
    lay_all(match.state, LAY_NOTHING)  # type: ignore[arg-type]
    match.apply(KNOCK)
    assert match.is_over() and match.sheet.winner == 0
    assert "lowest" in match.sheet.summary


def test_inv10_two_past_1000_without_a_claim_go_on_to_1250_the_third_still_at_1000() -> None:
    from bezique.core.game import DealResult
    game = ThreeHandedBinocle()
    sheet = game.new_sheet()
    game.update_sheet(sheet, 1, 0, DealResult((1010, 1020, 900), details=(
        ("knocker", -1), ("knock_right", 0), ("retired", -1))))
    assert not sheet.over and sheet.targets == [1250, 1250, 1000]
    game.update_sheet(sheet, 2, 1, DealResult((0, 0, 120), details=(
        ("knocker", -1), ("knock_right", 0), ("retired", -1))))
    assert sheet.over and sheet.winner == 2


def test_inv10_a_correct_claim_wins_at_once() -> None:
    game = ThreeHandedBinocle()
    match = Match(game, seed=2)
    match.sheet.totals[:] = [995, 0, 0]
    match.state = game.deal_in_match(0, match.deals[0].pack, match.sheet)
    lay_all(match.state, LAY_NOTHING)  # type: ignore[arg-type]
    bot = BinocleMultiRulesBot(0)
    while not match.is_over():
        state = match.state
        legal = state.legal_actions()
        if state.current_player() == 0 and KNOCK in legal and \
                BinocleMultiRulesBot._count(state.observation(0)) >= 1000:
            match.apply(KNOCK)
            break
        match.apply(bot.choose(state))
    assert match.is_over() and match.sheet.winner == 0


# -- four-handed ------------------------------------------------------------------------------

def test_inv13_four_handed_deal_is_12_each_and_melds_follow_the_first_card() -> None:
    game = FourHandedBinocle()
    s = game.deal(3, pack=stacked(game, 3, {0: "KC KD KH KS AC"}, "JS"))
    assert [len(h) for h in s.hands] == [12, 12, 12, 12]
    assert s.phase_name() == "lead" and s.current_player() == 0
    play(s, "KS")  # the eldest leads, then melds: the King played still counts
    assert s.phase_name() == "meld" and s.current_player() == 0
    best = s.legal_actions()[0]
    assert isinstance(best, Lay) and "four-kings" in best.notation()
    s.apply(best)
    assert s.phase_name() == "follow" and s.current_player() == 1
    assert int(Card.parse("KS")) not in s.known[0]  # played, not in hand


def test_inv13_the_fourth_player_must_win_his_partners_trick_if_he_can() -> None:
    game = FourHandedBinocle(FourHandedBinocleOptions(mode="partners"))
    s = game.deal(2, pack=stacked(game, 2, {
        3: "9C 9S 9S JS JS TS TS KS KS AS AS QH", 0: "KC",
        1: "JC JC QC QC 9D 9D JD JD QD QD QS QS",
        2: "AC 9H 9H JH TH TH KH KH AH AH QH"}, "JH"))
    # seat 3 leads, seat 0 takes the lead with the King, seat 1 cannot beat it; seat 2,
    # fourth, must win his partner's trick with the Ace
    for text in ("9C", "lay nothing", "KC", "lay nothing", "JC", "lay nothing"):
        s.apply(s.parse_action(text))
    assert s.current_player() == 2 and s.winner == 0
    assert {a.notation() for a in s.legal_actions() if a != KNOCK} == {"AC"}


@pytest.mark.parametrize("scoring,expect", [
    ("own_trick_own_melds", (0, 0)), ("either_partner_scores_both", (40, 0)),
    ("combined_melds", (0, 40))])
def test_v_bn4_02_partnership_meld_scoring(scoring: str, expect: tuple[int, int]) -> None:
    """Seat 0 lays a binocle and his partner, seat 2, wins the first trick. Own melds:
    seat 0 has won no trick, nothing; either partner: seat 0's 40, under seat 0; combined:
    the side's best laying of both partners' laid cards, under the winner of the trick."""
    game = FourHandedBinocle(FourHandedBinocleOptions(
        mode="partners", partnership_meld_scoring=scoring))
    s = game.deal(3, pack=stacked(game, 3, {
        0: "QS JD 9C", 1: "JC JC", 2: "AC AC", 3: "9C TC"}, "JH"))
    for text in ("9C", "lay binocle QS JD", "JC", "lay nothing", "AC", "lay nothing", "TC",
                 "lay nothing"):
        s.apply(s.parse_action(text))
    assert s.tricks_won[2] == 1
    melds0 = sum(p for seat, p, why in s.score_events() if seat == 0 and why != "dix")
    melds2 = sum(p for seat, p, why in s.score_events()
                 if seat == 2 and why == "combined melds")
    assert (melds0, melds2) == expect


def test_v_bn4_01_options_and_their_errors() -> None:
    assert FourHandedBinocle().sides == (0, 1, 2, 3)
    assert FourHandedBinocle(FourHandedBinocleOptions(mode="partners")).sides == (0, 1, 0, 1)
    with pytest.raises(OptionError, match="needs mode=partners"):
        make_game("binocle4", {"partnership_meld_scoring": "combined_melds"})
    with pytest.raises(OptionError, match="mode takes"):
        make_game("binocle4", {"mode": "trio"})
    with pytest.raises(OptionError, match="three_hand_settlement takes"):
        make_game("binocle3", {"three_hand_settlement": "whoever"})


# -- hidden cards, records, the terminal, the players ----------------------------------------

def test_observations_hide_the_other_hands_but_show_the_laid_melds() -> None:
    game = ThreeHandedBinocle()
    s = game.deal(0, pack=stacked(game, 0, {1: "KC KD KH KS"}, "JS"))
    s.apply(s.legal_actions()[0])
    obs = s.observation(2)
    assert obs.hands[1] is None and obs.hands[0] is None and obs.hands[2] is not None
    assert obs.laid[1] and "four-kings" in obs.laid[1]
    assert set(ids("KC KD KH KS")) <= {int(c) for c in obs.known_in_hand[1]}


@pytest.mark.parametrize("name,opts", [("binocle3", []), ("binocle4", []),
                                       ("binocle4", ["mode=partners"])])
def test_records_replay(name: str, opts: list[str]) -> None:
    game = make_game(name, opts)
    match = Match(game, seed=11)
    bots = [BinocleMultiRulesBot(i) for i in range(game.num_players)]
    while not match.is_over():
        match.apply(bots[match.state.current_player()].choose(match.state))
    text = dumps(record_from_match(match))
    again = replay(loads(text))
    assert again.sheet.totals == match.sheet.totals and again.is_over()
    assert dumps(record_from_match(again)) == text


@pytest.mark.parametrize("name", ["binocle3", "binocle4"])
def test_the_rule_player_beats_random_over_duplicate_deals(name: str) -> None:
    """The full figure (1000 deals) is the module's script; a short run here."""
    stats = duplicate_table(make_game(name), lambda g, s: BinocleMultiRulesBot(s),
                            lambda g, s: RandomBot(s), 60, 1, check=True)
    mean = sum(stats.diffs) / len(stats.diffs)
    assert mean > 20


@pytest.mark.parametrize("name", ["binocle3", "binocle4"])
def test_a_whole_match_at_the_terminal(name: str, tmp_path: Any) -> None:
    from click.testing import CliRunner

    from bezique.cli import main as cli_main
    from bezique.record import read
    cli_main._register()
    path = tmp_path / "r.txt"
    result = CliRunner().invoke(cli_main.cli, [
        "play", "--game", name, "--seed", "3", "--record", str(path)], input="1\n" * 20000)
    assert result.exit_code == 0, result.output
    assert "Match over" in result.output
    match = replay(read(path))
    assert match.is_over()


def test_parse_action_reads_every_action_and_names_bad_text() -> None:
    game = ThreeHandedBinocle()
    assert game.parse_action("knock") == KNOCK
    assert game.parse_action("lay nothing") == LAY_NOTHING
    assert game.parse_action("QS") == PLAYS[int(Card.parse("QS"))]
    with pytest.raises(NotationError, match="has 4 cards"):
        game.parse_action("lay four-kings KC KD")
