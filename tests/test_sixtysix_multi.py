"""Three-handed Sixty-Six (INVENTORY 17, V-SS3-01) and four-handed Sixty-Six, Kreutz-mariage
(INVENTORY 18, V-SS4-01 .. 03): rule by rule, the options and their errors, what each
seat may see, records, and whole matches at the terminal."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bezique.bots import RandomBot, make_bot, rule_games
from bezique.bots.arena import duplicate_table
from bezique.cli import main as cli_main
from bezique.core.cards import Card, Suit, parse_cards
from bezique.core.errors import IllegalActionError, NotationError, OptionError
from bezique.core.events import Played, Scored, TrickWon
from bezique.core.match import Match, ScoreSheet
from bezique.core.trick import OVER_PHASE
from bezique.games import GAMES, make_game
from bezique.games.kreutz import KreutzMariage, KreutzState
from bezique.games.sixtysix import CLAIM, Married, SixtySix, SixtySixState
from bezique.games.sixtysix_three import ThreeHandedSixtySix, ThreeHandedSixtySixState
from bezique.record import dumps, loads, read, record_from_match, replay

cli_main._register()


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def three(**opts: object) -> ThreeHandedSixtySix:
    game = make_game("sixtysix3", opts)
    assert isinstance(game, ThreeHandedSixtySix)
    return game


def four(**opts: object) -> KreutzMariage:
    game = make_game("sixtysix4", opts)
    assert isinstance(game, KreutzMariage)
    return game


def sheet_of(game: ThreeHandedSixtySix, totals: list[int], carry: int = 0) -> ScoreSheet:
    sheet = game.new_sheet()
    sheet.totals = list(totals)
    sheet.carry = carry
    return sheet


def wrong_claim(state: ThreeHandedSixtySixState) -> None:
    """Eldest claims 66 at his first lead: wrong, his adversary scores 3 (no trick)."""
    state.apply(CLAIM)
    assert state.is_terminal()


# == three-handed Sixty-Six ===================================================================

def test_registered_with_rule_players_and_aliases() -> None:
    assert GAMES["sixtysix3"] is ThreeHandedSixtySix and GAMES["sixtysix4"] is KreutzMariage
    assert type(make_game("three-handed sixty-six")) is ThreeHandedSixtySix
    assert type(make_game("Kreutz-mariage")) is KreutzMariage
    assert type(make_game("fourhandedsixtysix")) is KreutzMariage
    assert {"sixtysix3", "sixtysix4"} <= set(rule_games())
    for name in ("sixtysix3", "sixtysix4"):
        game = make_game(name)
        state = game.deal(0, seed=3)
        assert make_bot("rules", game, 1).choose(state) in state.legal_actions()


def test_ss3_the_dealer_takes_no_cards_and_the_player_on_his_left_leads() -> None:
    game = three()
    for dealer in range(3):
        state = game.deal(dealer, seed=4)
        assert state.players == ((dealer + 1) % 3, (dealer + 2) % 3)
        assert state.sits_out == dealer and state.hands[dealer] == []
        assert [len(state.hands[p]) for p in state.players] == [6, 6]
        assert state.current_player() == (dealer + 1) % 3


def test_ss3_each_deal_is_an_unchanged_two_handed_deal() -> None:
    """The two players hold what a two-handed deal from the same pack gives the pone
    (eldest) and the dealer (the player on the dealer's right), with the same trump and
    stock, and every rule of play is the two-handed state's."""
    game = three()
    pack = game.pack_order(seed=9)
    state = game.deal(2, pack=pack)
    duel = SixtySix().deal(1, pack=pack)
    assert isinstance(state.inner, SixtySixState)
    assert state.hands[0] == duel.hands[0] and state.hands[1] == duel.hands[1]
    assert state.trump == duel.trump and state.stock == duel.stock
    assert [str(a) for a in state.legal_actions()] == [str(a) for a in duel.legal_actions()]


def test_ss3_the_dealer_scores_what_the_winner_of_the_hand_scores() -> None:
    game = three()
    state = game.deal(0, seed=1)
    wrong_claim(state)  # seat 1 claims wrongly: seat 2 scores 3, the dealer as many
    assert state.returns() == (3, 0, 3)
    result = game.deal_result(state)
    assert any("claims 66" in n and "seat 1" in n for n in result.notes)


def _tie_at_the_last_trick(game: ThreeHandedSixtySix) -> ThreeHandedSixtySixState:
    """The twelfth trick to play, 30 to 40: neither reaches 66 whoever wins it."""
    inner = SixtySixState.position(
        game.duel_game, hands=[cards("AS"), cards("9S")], trump=Suit.HEARTS, turn_up=None,
        to_move=0, points=[30, 40], tricks_won=[5, 6], tricks=11)
    return ThreeHandedSixtySixState(game, 0, (1, 2), 0, 6, 0, (0, 0, 0), -1, inner)


def test_ss3_eldest_winning_the_hand_scores_and_the_dealer_as_many() -> None:
    """Eldest (the two-handed deal's hand 0) wins the last trick to 71 against 40: he
    scores his game point and the dealer one with him (INVENTORY 17)."""
    game = three()
    inner = SixtySixState.position(
        game.duel_game, hands=[cards("AS"), cards("9S")], trump=Suit.HEARTS, turn_up=None,
        to_move=0, points=[50, 40], tricks_won=[5, 6], tricks=11)
    state = ThreeHandedSixtySixState(game, 0, (1, 2), 0, 6, 0, (0, 0, 0), -1, inner)
    state.apply(game.parse_action("AS"))
    state.apply(game.parse_action("9S"))
    assert state.is_terminal() and state.inner.points == [71, 40]
    assert game.deal_result(state).points == (1, 1, 0)


def test_ss3_neither_player_scoring_gives_the_dealer_one() -> None:
    game = three()
    state = _tie_at_the_last_trick(game)
    state.apply(game.parse_action("AS"))
    state.apply(game.parse_action("9S"))
    assert state.is_terminal() and state.inner.winner == -1
    assert state.returns() == (1, 0, 0)
    assert game.deal_result(state).detail("tie") == 0  # nothing carried at three


def _last_trick(game: ThreeHandedSixtySix, hands: tuple[str, str], points: list[int],
                tricks_won: list[int]) -> ThreeHandedSixtySixState:
    """Eldest (seat 1) to lead the twelfth trick before the dealer, seat 0."""
    inner = SixtySixState.position(
        game.dealers_game, hands=[cards(hands[0]), cards(hands[1])], trump=Suit.HEARTS,
        turn_up=None, to_move=0, points=points, tricks_won=tricks_won, tricks=11)
    return ThreeHandedSixtySixState(game, 0, (1, 2), 0, 6, 0, (0, 0, 0), -1, inner)


def test_ss3_one_failing_to_claim_66_scores_nothing_and_the_dealer_one() -> None:
    # seat 1 made 70 and never claimed; seat 2 wins the last trick with 61
    game = three()
    state = _last_trick(game, ("9S", "AS"), [70, 40], [6, 5])
    state.apply(game.parse_action("9S"))
    state.apply(game.parse_action("AS"))
    assert state.is_terminal() and state.scores() == (0, 70, 61)
    assert state.returns() == (1, 0, 0)
    assert "nobody claimed" in " ".join(game.deal_result(state).notes)


def test_ss3_played_out_without_claims_the_dealer_has_one_whoever_made_66() -> None:
    game = three()
    unclaimed = 0
    for seed in range(40):
        state = game.deal(0, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            acts = [a for a in state.legal_actions()
                    if str(a) not in ("claim", "close") and not str(a).startswith("show")]
            state.apply(rng.choice(acts))
        inner = state.inner
        if inner.points[1 - inner.last_winner] >= 66 > inner.points[inner.last_winner]:
            unclaimed += 1  # the one at 66 failed to claim it
            assert state.returns() == (1, 0, 0), str(state)
    assert unclaimed >= 3


def test_ss3_the_winner_of_the_last_trick_claims_his_66_on_winning_it() -> None:
    # seat 1 takes the twelfth trick to 81, seat 2 has won none: schwartz, 3 each for him
    # and the dealer (a hand counted after play would give him 2, never 3: SS 31)
    game = three()
    state = _last_trick(game, ("AS", "9S"), [60, 0], [11, 0])
    state.apply(game.parse_action("AS"))
    state.apply(game.parse_action("9S"))
    assert state.is_terminal() and state.returns() == (3, 3, 0)
    assert "claims 66 with 81: right" in " ".join(game.deal_result(state).notes)


def test_ss3_the_dealer_cannot_go_out_on_his_own_deal() -> None:
    game = three()
    pack = game.pack_order(seed=1)
    state = game.deal_in_match(0, pack, sheet_of(game, [5, 0, 0]))
    wrong_claim(state)
    assert state.returns() == (1, 0, 3)  # he stops at six
    state = game.deal_in_match(0, pack, sheet_of(game, [6, 0, 0]))
    wrong_claim(state)
    assert state.returns() == (0, 0, 3)
    assert "cannot go out on his own deal" in " ".join(game.deal_result(state).notes)


def test_ss3_game_is_seven_and_the_deal_passes_to_the_left() -> None:
    game = three()
    assert game.target == 7
    match = Match(game, seed=3, first_dealer=1)
    bot = RandomBot(2)
    while not match.is_over():
        match.apply(bot.choose(match.state))
    seq = [d.dealer for d in match.deals]
    assert len(seq) > 1 and seq == [(1 + k) % 3 for k in range(len(seq))]
    winner = match.sheet.winner
    assert winner is not None and match.sheet.totals[winner] >= 7
    assert sorted(match.sheet.totals)[1] < 7  # the first man out ends it (the pool)
    assert match.sheet.summary.startswith(f"the pool to seat {winner}, first out with")


def _sheet_after(game: ThreeHandedSixtySix, deals: list[tuple[int, int]]) -> tuple[
        ScoreSheet, int]:
    """A sheet after deals in which seat ``loser`` claims wrongly at once, dealt by
    ``dealer`` (each of ``deals``: ``(dealer, deals to play)``); the next dealer."""
    sheet = game.new_sheet()
    dealer = -1
    n = 0
    for first, count in deals:
        dealer = first
        for _ in range(count):
            n += 1
            state = game.deal_in_match(dealer, game.pack_order(seed=n), sheet)
            wrong_claim(state)
            result = game.deal_result(state)
            game.update_sheet(sheet, n, dealer, result)
            dealer = game.next_dealer(n, dealer, result)
    return sheet, dealer


def test_v_ss3_01_pool_first_out_takes_all() -> None:
    game = three(settlement="pool_first_out_takes_all")
    # each deal eldest claims wrongly: his adversary scores 3 and the dealer as many
    sheet, _ = _sheet_after(game, [(0, 3)])
    assert sheet.totals == [6, 6, 6] and not sheet.over
    sheet, _ = _sheet_after(game, [(0, 4)])  # seat 2 out; dealer 0 stops at six
    assert sheet.totals == [6, 6, 9] and sheet.over and sheet.winner == 2
    assert sheet.summary == "the pool to seat 2, first out with 9"


def test_v_ss3_01_the_two_others_finish_and_the_loser_pays_both() -> None:
    game = three(settlement="remaining_two_finish_loser_pays_both")
    match = Match(game, seed=21)
    bot = RandomBot(5)
    first_out = -1
    while not match.is_over():
        state = match.state
        assert isinstance(state, ThreeHandedSixtySixState)
        if first_out >= 0:  # the man out never plays again
            assert first_out not in state.players
            assert state.scorer == -1
        match.apply(bot.choose(state))
        out = [s for s in range(3) if match.sheet.totals[s] >= 7]
        if out and first_out < 0:
            first_out = out[0]
            assert not match.is_over()
    sheet = match.sheet
    second = next(s for s in range(3) if s != first_out and sheet.totals[s] >= 7)
    loser = 3 - first_out - second
    assert sheet.winner == first_out and sheet.totals[loser] < 7
    assert sheet.summary == (f"seat {first_out} out first, seat {second} second, and both"
                             f" paid by seat {loser}")


def test_ss3_the_first_man_out_deals_the_next_hand_when_it_is_his_turn() -> None:
    game = three(settlement="remaining_two_finish_loser_pays_both")
    pack = game.pack_order(seed=2)
    # seat 1 is out, and it is his deal: the two others play it, he scores nothing
    state = game.deal_in_match(1, pack, sheet_of(game, [3, 7, 2]))
    assert state.players == (2, 0) and state.scorer == -1
    wrong_claim(state)  # seat 2 claims wrongly: seat 0 scores 3
    result = game.deal_result(state)
    assert result.points == (3, 0, 0)
    nxt = game.next_dealer(5, 1, result)
    assert nxt == 2
    # then the two remaining play two-handed, the dealer playing, the deal alternating
    state = game.deal_in_match(2, pack, sheet_of(game, [6, 7, 2]))
    assert state.players == (0, 2) and state.current_player() == 0
    wrong_claim(state)
    result = game.deal_result(state)
    assert result.points == (0, 0, 3)
    assert game.next_dealer(6, 2, result) == 0
    state = game.deal_in_match(0, pack, sheet_of(game, [6, 7, 5]))
    assert state.players == (2, 0)
    wrong_claim(state)
    assert game.next_dealer(7, 0, game.deal_result(state)) == 2  # skips the man out


def test_ss3_the_two_remaining_alternate_the_deal_when_the_man_out_sits_at_seat_0() -> None:
    """Seat 0 is out (second settlement) and seat 2 deals to seat 1: the next deal is
    seat 1's, passing over the man out as for any seat."""
    game = three(settlement="remaining_two_finish_loser_pays_both")
    state = game.deal_in_match(2, game.pack_order(seed=2), sheet_of(game, [7, 3, 2]))
    assert state.players == (1, 2) and state.scorer == -1
    wrong_claim(state)  # seat 1 claims wrongly: seat 2 scores 3
    result = game.deal_result(state)
    assert result.points == (0, 0, 3)
    assert game.next_dealer(6, 2, result) == 1
    state = game.deal_in_match(1, game.pack_order(seed=3), sheet_of(game, [7, 3, 5]))
    assert state.players == (2, 1)
    wrong_claim(state)
    assert game.next_dealer(7, 1, game.deal_result(state)) == 2


def test_ss3_a_tie_carries_one_only_while_two_finish() -> None:
    game = three(settlement="remaining_two_finish_loser_pays_both")
    state = _tie_at_the_last_trick(game)
    # a deal of the two remaining after seat 0 went out (he deals: nobody scores with him)
    state.scorer, state.room, state.out = -1, 0, 0
    state.apply(game.parse_action("AS"))
    state.apply(game.parse_action("9S"))
    result = game.deal_result(state)
    assert result.points == (0, 0, 0) and result.detail("tie") == 1
    sheet = sheet_of(game, [7, 2, 3])
    game.update_sheet(sheet, 4, 0, result)
    assert sheet.carry == 1
    nxt = game.deal_in_match(1, game.pack_order(seed=3), sheet)
    assert nxt.carry == 1
    wrong_claim(nxt)  # seat 2 claims wrongly: seat 1 scores 3 and the carried 1
    assert game.deal_result(nxt).points == (0, 4, 0)


def test_ss3_options_and_their_errors() -> None:
    game = three(trump_making="seventh_card_after_first_round", game_target=5)
    assert game.duel_game.options.trump_making == "seventh_card_after_first_round"
    assert game.target == 5
    with pytest.raises(OptionError, match="settlement"):
        three(settlement="winner_takes_all")
    with pytest.raises(OptionError, match="game_target"):
        three(game_target=0)
    with pytest.raises(OptionError, match="unknown option 'stakes'"):
        three(stakes="per_point")


def test_ss3_each_seat_sees_only_its_own_hand_and_the_dealer_none() -> None:
    game = three()
    state = game.deal(0, seed=8)
    rng = random.Random(1)
    for _ in range(12):
        if state.is_terminal():
            break
        for seat in range(3):
            obs = state.observation(seat)
            assert obs.hand == tuple(sorted(Card(c) for c in state.hands[seat]))
            text = repr(obs)
            for other in range(3):
                hidden = set(state.hands[other]) - set(state.known[other])
                if other != seat:
                    assert not any(re.search(rf"'{Card(c)}'", text) for c in hidden)
            assert state.resample(seat, rng).observation(seat) == obs
        state.apply(rng.choice(state.legal_actions()))
    assert state.observation(0).hand == ()  # the dealer sees no hand


def test_ss3_an_illegal_action_raises_and_changes_nothing() -> None:
    game = three()
    state = game.deal(0, seed=2)
    before = str(state)
    outside = next(c for c in state.hands[2] if c not in state.hands[1])
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply(game.parse_action(str(Card(outside))))
    with pytest.raises(IllegalActionError, match="draw comes only"):
        state.apply(game.parse_action("draw"))
    assert str(state) == before
    for action in state.legal_actions():
        assert game.parse_action(str(action)) == action


# == four-handed Sixty-Six (Kreutz-mariage) =====================================================

def test_ss4_thirty_two_cards_eight_each_partners_opposite() -> None:
    game = four()
    assert len(game.pack) == 32 and game.sides == (0, 1, 0, 1)
    state = game.deal(0, seed=1)
    assert [len(h) for h in state.hands] == [8] * 4 and state.stock == []
    assert game.visible(0, 2) is False  # partners do not consult


def test_v_ss4_01_three_two_three_from_the_left_the_last_card_the_dealers_trump() -> None:
    game = four()
    pack = game.pack_order(seed=5)
    state = game.deal(1, pack=pack)  # dealer 1: seats 2, 3, 0, 1 in turn
    order = [2, 3, 0, 1]
    want: dict[int, list[int]] = {p: [] for p in order}
    i = 0
    for k in (3, 2, 3):
        for p in order:
            want[p] += pack[i:i + k]
            i += k
    assert all(state.hands[p] == want[p] for p in range(4))
    assert state.trump_card == pack[-1] == state.hands[1][-1] and state.trump == pack[-1] >> 4
    assert state.known[1] == [pack[-1]]  # the turn-up is the dealer's, in view


def test_v_ss4_01_german_two_at_a_time_the_partner_first() -> None:
    game = four(deal="german")
    pack = game.pack_order(seed=6)
    state = game.deal(0, pack=pack)  # partner 2, left 1, right 3, himself 0
    order = [2, 1, 3, 0]
    for p_index, p in enumerate(order):
        got = [c for r in range(4) for c in pack[8 * r + 2 * p_index: 8 * r + 2 * p_index + 2]]
        assert state.hands[p] == got
    assert state.trump_card == pack[-1] and pack[-1] in state.hands[0]


def test_ss4_eldest_leads_the_first_trick_and_the_winner_the_next() -> None:
    game = four()
    state = game.deal(3, seed=2)
    assert state.current_player() == 0
    bot = RandomBot(1)
    for _ in range(4):
        state.apply(bot.choose(state))
    won = [e for e in state.events() if isinstance(e, TrickWon)]
    assert len(won) == 1 and state.current_player() == won[0].seat


def _position(game: KreutzMariage, hands: list[str], trump: Suit, led: list[str] = (),
              dealer: int = 3) -> KreutzState:
    """Seat 0 (eldest of dealer 3) leads; ``led`` are the cards already played to the
    trick, from seat 0 on."""
    state = game.deal(dealer, seed=1)
    state.hands = [cards(h) for h in hands]
    state.known = [[], [], [], []]
    state.trump = int(trump)
    for text in led:
        state.apply(game.parse_action(text))
    return state


def _legal(state: KreutzState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def test_ss4_must_follow_suit() -> None:
    state = _position(four(), ["AS 7H", "KS 9S AH", "8S", "9C"], Suit.CLUBS, ["7H"])
    assert _legal(state) == {"AH"}  # follows hearts (and heads the Seven)
    with pytest.raises(IllegalActionError, match="you must follow suit"):
        state.apply(four().parse_action("KS"))


def test_ss4_must_head_the_trick_even_the_partners() -> None:
    game = four()
    state = _position(game, ["JS 7H", "9S 8D", "QS AS 7S", "9C"], Suit.CLUBS, ["JS", "9S"])
    assert state.winner == 0  # the partner (seat 0) is winning
    assert _legal(state) == {"QS", "AS"}
    with pytest.raises(IllegalActionError, match="even your partner's"):
        state.apply(game.parse_action("7S"))


def test_ss4_unable_to_head_any_card_of_the_suit() -> None:
    state = _position(four(), ["AS", "9S KS", "8S 7S", "9C"], Suit.CLUBS, ["AS"])
    assert _legal(state) == {"9S", "KS"}


def test_ss4_void_must_trump() -> None:
    state = _position(four(), ["AS", "9H 7C AD", "8S", "9C"], Suit.CLUBS, ["AS"])
    assert _legal(state) == {"7C"}


def test_ss4_must_over_trump_if_possible() -> None:
    game = four()
    state = _position(game, ["AS", "9C", "8C AC 9H", "7S"], Suit.CLUBS, ["AS", "9C"])
    assert _legal(state) == {"AC"}


def test_ss4_unable_to_over_trump_still_trumps() -> None:
    game = four()
    state = _position(game, ["AS", "AC", "8C 7H", "7S"], Suit.CLUBS, ["AS", "AC"])
    assert _legal(state) == {"8C"}  # under-trump (Foster's four-handed Binocle)


def test_ss4_a_trumped_trick_following_suit_any_card_of_it() -> None:
    game = four()
    state = _position(game, ["9S", "7C", "AS 8S", "7H"], Suit.CLUBS, ["9S", "7C"])
    assert _legal(state) == {"AS", "8S"}


def test_ss4_void_without_trumps_any_card() -> None:
    state = _position(four(), ["AS", "9H 8D", "8S", "9C"], Suit.CLUBS, ["AS"])
    assert _legal(state) == {"9H", "8D"}


def test_ss4_the_follow_rules_show_voids_and_missing_cards() -> None:
    game = four()
    state = _position(game, ["JS", "9H 8D", "QS 7S", "9C"], Suit.CLUBS, ["JS", "9H"])
    obs = state.observation(0)
    assert Suit.SPADES in obs.voids[1] and Suit.CLUBS in obs.voids[1]


def _played_out(state: KreutzState, seed: int) -> KreutzState:
    bot = RandomBot(seed)
    while not state.is_terminal():
        state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_ss4_counting_cards_and_the_last_trick_make_130(seed: int) -> None:
    game = four()
    state = _played_out(game.deal(seed % 4, seed=seed), seed)
    assert sum(state.side_counts()) == 130
    last = [e for e in state.score_events() if e[2] == "last trick"]
    eighth = [e for e in state.events() if isinstance(e, TrickWon)][-1]
    assert last == [(eighth.seat, 10, "last trick")]
    assert state.tricks == 8


def test_v_ss4_02_marriages_not_counted_by_default() -> None:
    game = four()
    state = _position(game, ["KH QH 7S", "8S", "9S", "9C"], Suit.CLUBS)
    assert "marry KH" not in _legal(state)
    with pytest.raises(IllegalActionError, match="not counted"):
        state.apply(game.parse_action("marry KH"))


def test_v_ss4_02_marriages_counted_twenty_forty_by_leading() -> None:
    game = four(marriages="counted")
    state = _position(game, ["KH QH KC QC", "8S", "9S", "9C"], Suit.CLUBS)
    assert {"marry KH", "marry QH", "marry KC", "marry QC"} <= _legal(state)
    state.tricks_won[2] = 1  # the side has won a trick already
    state.apply(game.parse_action("marry QC"))
    assert state.scores()[0] == 40 and state.known[0] == cards("KC")
    with pytest.raises(IllegalActionError, match="announced by leading"):
        state.apply(game.parse_action("marry KH"))


def test_v_ss4_02_an_opening_marriage_counts_once_the_side_wins_a_trick() -> None:
    game = four(marriages="counted")
    state = _position(game, ["QH KH", "7H 8S", "AH 9S", "9H 7S"], Suit.CLUBS)
    state.apply(game.parse_action("marry QH"))
    assert state.scores()[0] == 0 and state.pending[0] == 20
    for text in ("7H", "AH", "9H"):
        state.apply(game.parse_action(text))
    assert state.winner == -1 and state.tricks_won[2] == 1  # the partner took it
    assert state.pending[0] == 0 and state.scores()[0] == 20 + 11 + 3


def test_v_ss4_03_ten_of_trumps_bonus() -> None:
    for bonus in (False, True):
        game = four(ten_of_trumps_bonus=bonus)
        state = _played_out(game.deal(0, seed=4), 4)
        ten = state.trump * 16 + 10
        holder = next(s for s in range(4) if ten in state.won[s])
        side = game.sides[holder]
        plain = four()
        base = plain.deal_result(state).points
        got = game.deal_result(state).points
        extra = [got[s] - base[s] for s in range(4)]
        assert extra == [int(bonus) if game.sides[s] == side else 0 for s in range(4)]


def _ended(game: KreutzMariage, counts: tuple[int, int], tricks: tuple[int, int],
           carry: int = 0) -> KreutzState:
    """A finished deal whose sides counted ``counts`` and took ``tricks``."""
    state = _played_out(game.deal(0, seed=1), 1)
    state.points = [counts[0], counts[1], 0, 0]
    state.tricks_won = [tricks[0], tricks[1], 0, 0]
    state.won = [[], [], [], []]
    state.carry = carry
    assert state.phase == OVER_PHASE
    return state


@pytest.mark.parametrize(("counts", "tricks", "points"), [
    ((66, 64), (4, 4), (1, 0)),      # exactly 66 wins
    ((97, 33), (6, 2), (1, 0)),      # the losers at 33: out of schneider
    ((98, 32), (6, 2), (2, 0)),      # under 33: schneider
    ((130, 0), (8, 0), (3, 0)),      # every trick: schwartz
    ((120, 10), (7, 1), (2, 0)),
    ((65, 65), (4, 4), (0, 0)),      # a tie
    ((30, 100), (2, 6), (0, 2)),     # the other side, the losers under 33
])
def test_ss4_bands_schneider_33_by_default(counts: tuple[int, int], tricks: tuple[int, int],
                                            points: tuple[int, int]) -> None:
    game = four()
    result = game.deal_result(_ended(game, counts, tricks))
    assert result.points == (points[0], points[1], points[0], points[1])
    assert result.detail("tie") == (1 if counts == (65, 65) else 0)


@pytest.mark.parametrize(("counts", "tricks", "points"), [
    ((66, 64), (4, 4), (1, 0)),
    ((100, 30), (6, 2), (1, 0)),     # exactly 100 is not "more than 100"
    ((101, 29), (6, 2), (2, 0)),
    ((130, 0), (7, 1), (2, 0)),      # 130 with a blank trick lost: not every trick
    ((130, 0), (8, 0), (3, 0)),
])
def test_ss4_bands_foster_100(counts: tuple[int, int], tricks: tuple[int, int],
                              points: tuple[int, int]) -> None:
    game = four(bands="foster_100")
    result = game.deal_result(_ended(game, counts, tricks))
    assert result.points == (points[0], points[1], points[0], points[1])


def test_ss4_a_tie_carries_one_to_the_winners_of_the_next_deal() -> None:
    game = four()
    sheet = game.new_sheet()
    game.update_sheet(sheet, 1, 0, game.deal_result(_ended(game, (65, 65), (4, 4))))
    assert sheet.carry == 1 and sheet.totals == [0, 0]
    state = game.deal_in_match(1, game.pack_order(seed=3), sheet)
    assert state.carry == 1
    state = _ended(game, (20, 110), (2, 6), carry=sheet.carry)
    result = game.deal_result(state)
    assert result.points == (0, 3, 0, 3)  # schneider 2 + the tie
    game.update_sheet(sheet, 2, 1, result)
    assert sheet.carry == 0 and sheet.totals == [0, 3]


def test_ss4_game_is_seven_a_side_without_a_point_losing_double() -> None:
    game = four()
    sheet = game.new_sheet()
    for n in range(1, 4):
        game.update_sheet(sheet, n, n % 4, game.deal_result(_ended(game, (10, 120), (1, 7))))
    assert not sheet.over and sheet.totals == [0, 6]
    game.update_sheet(sheet, 4, 0, game.deal_result(_ended(game, (60, 70), (3, 5))))
    assert sheet.over and sheet.winner == 1
    assert sheet.games[-1].value == 2 and sheet.summary == "seats 1 & 3 win the game 7-0"


def test_ss4_options_and_their_errors() -> None:
    assert four(deal="german", marriages="counted", bands="foster_100",
                ten_of_trumps_bonus=True).options.changed() == {
        "deal": "german", "marriages": "counted", "ten_of_trumps_bonus": True,
        "bands": "foster_100"}
    for name, value in (("deal", "cross"), ("marriages", "sometimes"), ("bands", "100"),
                        ("ten_of_trumps_bonus", "maybe"), ("game_target", "0")):
        with pytest.raises(OptionError, match=name):
            four(**{name: value})


def test_ss4_partners_hands_are_hidden_too() -> None:
    game = four()
    state = game.deal(0, seed=12)
    rng = random.Random(3)
    for _ in range(20):
        for seat in range(4):
            obs = state.observation(seat)
            assert obs.sees == (seat,)
            # every field but the cards shown not to be held
            text = repr([getattr(obs, f) for f in obs.__dataclass_fields__
                         if f != "excluded"])
            for other in range(4):
                if other == seat:
                    continue
                for c in set(state.hands[other]) - set(state.known[other]):
                    assert f"'{Card(c)}'" not in text
                assert obs.hands[other] is None
            assert state.resample(seat, rng).observation(seat) == obs
        state.apply(rng.choice(state.legal_actions()))


def test_ss4_an_illegal_action_names_why_and_changes_nothing() -> None:
    game = four()
    state = game.deal(0, seed=5)
    before = str(state), state.observation(1)
    other = state.hands[2][0]
    with pytest.raises(IllegalActionError, match="not in the hand of seat 1"):
        state.apply(game.parse_action(str(Card(other))))
    with pytest.raises(NotationError, match="not a card"):
        game.parse_action("XS")
    with pytest.raises(NotationError, match="King or Queen"):
        game.parse_action("marry AS")
    assert (str(state), state.observation(1)) == before
    for text in ("7H", "TD", "marry KS", "QS+"):
        action = game.parse_action(text)
        assert game.parse_action(str(action)) == action


# == both: records, the rule players, the terminal ======================================

@pytest.mark.parametrize(("name", "opts"), [
    ("sixtysix3", {}), ("sixtysix3", {"settlement": "remaining_two_finish_loser_pays_both"}),
    ("sixtysix4", {}), ("sixtysix4", {"deal": "german", "marriages": "counted",
                                      "ten_of_trumps_bonus": True})])
def test_a_whole_match_records_and_replays(name: str, opts: dict[str, object]) -> None:
    game = make_game(name, opts)
    match = Match(game, seed=17, first_dealer=2)
    bots = [make_bot("rules", game, s) for s in range(game.num_players)]
    while not match.is_over():
        match.apply(bots[match.current_player()].choose(match.state))
    text = dumps(record_from_match(match))
    again = replay(loads(text))
    assert again.is_over()
    assert [d.dealer for d in again.deals] == [d.dealer for d in match.deals]
    assert again.sheet.to_json() == match.sheet.to_json()


@pytest.mark.parametrize("name", ["sixtysix3", "sixtysix4"])
def test_the_rule_player_beats_random_over_duplicate_deals(name: str) -> None:
    game = make_game(name)
    stats = duplicate_table(game, lambda g, s: make_bot("rules", g, s),
                            lambda g, s: RandomBot(s), 60, 7, check=True)
    assert stats.mean > 0


def play(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(cli_main.cli, ["play", *args], input=stdin)


def test_three_handed_match_at_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "ss3.txt"
    result = play("--game", "sixtysix3", "--seed", "3", "--record", str(path),
                  "--display", "plain", stdin="1\n" * 3000)
    out = result.output
    assert result.exit_code == 0, out
    assert re.search(r"=== Deal 1: \w+ deals? and takes? no cards; .* against ", out)
    assert "takes no cards: scores what the winner scores" in out
    assert out.count("Match over") == 1 and "Match over: the pool to " in out
    record = read(path)
    match = replay(record)
    assert match.is_over() and out.count(" is over.") == len(match.deals)


def test_four_handed_match_at_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "ss4.txt"
    result = play("--game", "sixtysix4", "--seed", "3", "--record", str(path),
                  "--display", "plain", "--show-counts", stdin="1\n" * 3000)
    out = result.output
    assert result.exit_code == 0, out
    assert "Across (partner)" in out and "This trick: " in out
    assert "win if you can, even your partner's trick" in " ".join(out.split())
    assert re.search(r"^Side You & Across: tricks \d+, count \d+, game points", out, re.M)
    assert re.search(r"Match over: (You & Across|Left & Right) win", out)
    match = replay(read(path))
    assert match.is_over() and out.count(" is over.") == len(match.deals)


def test_the_terminal_tells_a_marriage_with_its_lead_once() -> None:
    from bezique.present import KreutzView, Seats, use_symbols

    use_symbols(False)
    try:
        qh = int(Card.parse("QH"))
        events = [Married(0, 2, 20), Scored(0, 20, "marriage"), Played(0, qh)]
        lines = KreutzView().narrate(events, 0, Seats(0, ("You", "Left", "Across", "Right")))
    finally:
        use_symbols(True)
    assert lines == ["You declare the marriage KH QH (20).", "You lead QH."]


def test_kreutz_story_keeps_the_count_of_cards_unsaid_unless_the_counts_are_shown() -> None:
    """Kreutz-mariage is counted in the head as Sixty-Six is (SS 27): a trick's line does
    not give its cards' count, unless the player asked for the counts."""
    from bezique.present import KreutzView, Seats

    game = KreutzMariage()
    state = game.deal(0, seed=2)
    bot = RandomBot(1)
    while sum(isinstance(e, TrickWon) for e in state.events()) < 3:
        state.apply(bot.choose(state))
    seats = Seats(0, ("You", "Left", "Across", "Right"))
    hidden = " ".join(KreutzView().narrate(state.events(), 0, seats))
    assert "cards" not in hidden, hidden
    shown = " ".join(KreutzView(show_counts=True).narrate(state.events(), 0, seats))
    assert "in cards" in shown, shown
