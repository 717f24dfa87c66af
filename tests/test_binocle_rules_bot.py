"""Binocle's rule player (:class:`bezique.bots.binocle_rules.BinocleRulesBot`).

Checked here: it plays whole deals legally (Foster's form, the 64-card form, without
grand binocle); its mental count is the engine's count of its tricks at every step; it
knocks exactly when its standing, its scores and that count reach the target, and so
never wrongly (deals from 900 all, many standings); it melds when it can, in the order
that lets a bigger meld of the same class follow (BN 29-32); it takes dix when the
turn-up is worth it; it sees the deal only as its seat does; it beats the random player
over duplicate deals; its decisions are the same for the same seed; and its advice is
its choice, in well-formed sentences.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_bot_advice import assert_well_formed

from bezique.bots import BOTS, RandomBot, make_bot
from bezique.bots.arena import duplicate_match
from bezique.bots.binocle_rules import BinocleRulesBot, BinocleRulesParams, mental_count
from bezique.core.cards import parse_cards
from bezique.core.game import Action
from bezique.games import make_game
from bezique.games.bezique import Declare, Exchange
from bezique.games.binocle.two_handed import KNOCK, Binocle, BinocleState, Knock

GAME = Binocle()


def ids(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def after_trick(hand: str, *, trump: int, turn_up: str, stock_left: int,
                table: str = "", other: str | None = None) -> BinocleState:
    """Seat 0 has just won a trick (the declare phase), holding ``hand`` and ``table``,
    with ``stock_left`` cards in the stock under the turn-up."""
    mine = ids(hand)
    laid = ids(table)
    up = ids(turn_up)[0]
    rest = sorted(int(c) for c in GAME.pack.all_cards())
    for c in mine + laid + [up]:
        rest.remove(c)
    opp = ids(other) if other else rest[:11]
    for c in opp:
        rest.remove(c)
    stock = rest[:stock_left]
    return BinocleState.position(GAME, hands=[mine, opp], tables=[laid, []], trump=trump,
                                 turn_up=up, stock=stock, dealer=1, to_move=0,
                                 phase="declare", tricks=12 - (stock_left + 1) // 2)


def in_play(hand: str, *, trump: int, turn_up: str, stock_left: int, opp_table: str = "",
            lead: str | None = None, other: str | None = None) -> BinocleState:
    """Seat 0 to lead (or, with ``lead``, to follow the adversary's card) while the stock
    lasts, holding ``hand``; the adversary shows ``opp_table`` and holds ``other`` (by
    default the first cards of the pack left); ``stock_left`` cards under the turn-up;
    every other card has been played."""
    mine, laid, up = ids(hand), ids(opp_table), ids(turn_up)[0]
    led = ids(lead) if lead else []
    rest = sorted(int(c) for c in GAME.pack.all_cards())
    for c in mine + laid + [up] + led:
        rest.remove(c)  # a card the pack has not (a third copy) fails here
    opp = ids(other) if other else rest[:12 - len(laid) - len(led)]
    for c in opp:
        rest.remove(c)
    return BinocleState.position(GAME, hands=[mine, opp], tables=[[], laid], trump=trump,
                                 turn_up=up, stock=rest[:stock_left],
                                 dealer=0 if lead else 1, to_move=0,
                                 phase="follow" if lead else "lead",
                                 lead=led[0] if led else None,
                                 tricks=12 - (stock_left + 1) // 2)


def play_out(state: BinocleState, bots: list[Any], check: Any = None) -> BinocleState:
    """Play ``state`` to its end with ``bots`` by seat; ``check(state, seat, action)`` is
    called before each action of a rule player."""
    while not state.is_terminal():
        seat = state.current_player()
        action = bots[seat].choose(state)
        assert action in state.legal_actions(), (str(state), action)
        if check is not None and isinstance(bots[seat], BinocleRulesBot):
            check(state, seat, action)
        state.apply(action)
    return state


class _NoKnock(RandomBot):
    """A random player that never knocks (a random knock ends the deal at once)."""

    def choose(self, state: Any) -> Action:
        acts = [a for a in state.legal_actions() if type(a) is not Knock]
        return self.rng.choice(acts)


# -- whole deals --------------------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"pack": 64}, {"grand_binocle": False}])
def test_plays_whole_deals_legally(options: dict[str, object]) -> None:
    game = make_game("binocle", options)
    stats = duplicate_match(game, BOTS["rules"], BOTS["random"], n_deals=4, seed=2,
                            check=True)
    assert len(stats.diffs) == 4 and stats.mean > 0


def test_registered_as_binocles_rule_player() -> None:
    assert isinstance(make_bot("rules", GAME, 1), BinocleRulesBot)


def test_refuses_another_game() -> None:
    state = make_game("bezique").deal(0, seed=1)
    with pytest.raises(TypeError, match="plays Binocle"):
        BinocleRulesBot().choose(state)


def test_bn15_mental_count_is_the_count_of_its_tricks_at_every_step() -> None:
    # the player's own count, kept from the public record, is what the engine counts in
    # his tricks (A 11, 10 10, K 4, Q 3, J 2), for both seats, all through the deal
    for seed in range(3):
        state = GAME.deal(seed % 2, seed=seed)
        bots = [BinocleRulesBot(), _NoKnock(seed)]
        while not state.is_terminal():
            for seat in (0, 1):
                obs = state.observation(seat)
                assert mental_count(obs) == state.brisques[seat]
                assert mental_count(obs, 1 - seat) == state.brisques[1 - seat]
            state.apply(bots[state.current_player()].choose(state))


# -- knocking -----------------------------------------------------------------------------

def _knocks_exactly_when_out(state: BinocleState, seat: int, action: Action) -> None:
    """The check of every decision: knock if and only if standing, scores and the
    cards in its tricks reach the target (the engine's count: the test may look)."""
    out = state.standing[seat] + state.points[seat] + state.brisques[seat] >= state.target
    if KNOCK in state.legal_actions():
        assert (action is KNOCK) == out, (str(state), action, out)
    else:
        assert action is not KNOCK


@pytest.mark.parametrize("standing", [(900, 900), (950, 700), (820, 980)])
def test_bn40_never_a_wrong_knock_and_knocks_as_soon_as_out(
        standing: tuple[int, int]) -> None:
    knocks = 0
    for seed in range(12):
        state = GAME.deal(seed % 2, seed=100 + seed, standing=standing)
        bots: list[Any] = [BinocleRulesBot(seed), BinocleRulesBot(seed + 1)]
        if seed % 3 == 2:
            bots[1] = _NoKnock(seed)
        play_out(state, bots, _knocks_exactly_when_out)
        if state.knocker >= 0:
            knocks += 1
            assert state.knock_right, str(state)
        elif state.reached >= 0:  # out on melds first, which ends the game (BN 3)
            knocks += 1
    assert knocks >= 10  # 100 to make: the count gets there long before the end


def test_bn39_knocks_when_out_in_the_last_twelve_tricks() -> None:
    # from 760 a seat needs 240: it is out, if at all, only late in the deal
    late = 0
    for seed in range(10):
        state = GAME.deal(seed % 2, seed=200 + seed, standing=(760, 760))
        play_out(state, [BinocleRulesBot(), BinocleRulesBot()], _knocks_exactly_when_out)
        if state.knocker >= 0:
            assert state.knock_right
            late += state.turn_up < 0
    assert late >= 1


def test_bn39_out_before_the_deal_knocks_at_once() -> None:
    # a player past the target on his scores alone simply knocks: he cannot be wrong
    state = GAME.deal(1, seed=4, standing=(1000, 0))  # seat 0 is the pone: he leads
    action = BinocleRulesBot().choose(state)
    assert action is KNOCK
    state.apply(action)
    assert state.knocker == 0 and state.knock_right


def test_bn39_no_knock_when_not_out() -> None:
    state = GAME.deal(1, seed=5, standing=(999, 999))  # 1 short, nothing counted yet
    assert KNOCK in state.legal_actions()
    assert BinocleRulesBot().choose(state) is not KNOCK


def test_bn40_a_match_ends_with_a_right_knock() -> None:
    from bezique.bots.arena import play_match

    sheet = play_match(GAME, [BinocleRulesBot(1), BinocleRulesBot(2)], seed=3)
    assert sheet.over
    assert "knocked and counts out" in sheet.summary, sheet.summary


# -- melds and dix ------------------------------------------------------------------------

def test_bn21_melds_when_it_can() -> None:
    # a binocle to meld with tricks to come: it is melded, not put off
    state = after_trick("QS JD 9C 9C TH JH 9H AC KD 9D TC JC", trump=2, turn_up="KH",
                        stock_left=13)
    action = BinocleRulesBot().choose(state)
    assert type(action) is Declare and action.melds[0].name == "binocle"


def test_bn21_melds_whenever_it_can_on_the_last_trick_of_the_stock() -> None:
    # after the last drawing trick no meld can ever be scored (BN 26): whenever a meld is
    # open then, one is made (or dix, when that is worth more)
    seen = 0
    for seed in range(20):
        state = GAME.deal(seed % 2, seed=300 + seed)
        bots = [BinocleRulesBot(), _NoKnock(seed)]

        def check(state: BinocleState, seat: int, action: Action) -> None:
            nonlocal seen
            melds = [a for a in state.legal_actions() if type(a) is Declare]
            if state.phase == 2 and len(state.stock) == 1 and melds:
                seen += 1
                assert type(action) in (Declare, Exchange), (str(state), action)
                if type(action) is Declare:
                    best = max(a.melds[0].combination.value for a in melds)
                    assert action.melds[0].combination.value == best

        play_out(state, bots, check)
    assert seen >= 3


def test_bn31_single_binocle_before_the_double_while_there_is_time() -> None:
    # binocle (40) then the double (80) make 120; the double first bars the single
    state = after_trick("QS QS JD JD 9C 9C TH 9H AC KD 9D TC", trump=2, turn_up="KH",
                        stock_left=13)
    action = BinocleRulesBot().choose(state)
    assert type(action) is Declare and action.melds[0].name == "binocle"


def test_bn31_the_double_when_no_trick_is_left_to_add_it() -> None:
    state = after_trick("QS QS JD JD 9C 9C TH 9H AC KD 9D TC", trump=2, turn_up="KH",
                        stock_left=1)
    action = BinocleRulesBot().choose(state)
    assert type(action) is Declare and action.melds[0].name == "double-binocle"


def test_bn30_royal_marriage_before_the_sequence_while_there_is_time() -> None:
    state = after_trick("AH TH KH QH JH 9C 9C 9S AC KD 9D TC", trump=2, turn_up="JS",
                        stock_left=13)
    action = BinocleRulesBot().choose(state)
    assert type(action) is Declare and action.melds[0].name == "royal-marriage"


def test_bn32_four_kings_before_eight_while_there_is_time() -> None:
    state = after_trick("KC KC KD KD KH KH KS KS 9C 9D AC TC", trump=2, turn_up="JS",
                        stock_left=13)
    action = BinocleRulesBot().choose(state)
    assert type(action) is Declare and action.melds[0].name == "four-kings"


def test_bn18_dix_for_a_valuable_turn_up_with_nothing_to_meld() -> None:
    state = after_trick("9H 9C 9C JS 9S TD 9D AC KD JC TC QC", trump=2, turn_up="AH",
                        stock_left=11)
    assert isinstance(BinocleRulesBot().choose(state), Exchange)


def test_bn20_time_short_the_meld_before_dix() -> None:
    # the last trick of the stock: dix (10, a Jack of trumps) or four Aces (100), not both
    state = after_trick("9H AC AD AH AS 9C 9S TD 9D KD JC TC", trump=2, turn_up="JH",
                        stock_left=1)
    action = BinocleRulesBot().choose(state)
    assert type(action) is Declare and action.melds[0].name == "four-aces"


# -- playing ------------------------------------------------------------------------------

def test_counting_cards_won_rather_than_given_away() -> None:
    # an Ace led: the player wins it with a trump rather than throw a card to it
    hand = "9C 9C JS 9S 9D TD KD JC TC QC 9H JH"
    state = BinocleState.position(GAME, hands=[ids(hand), ids("TH KH QH AH QD JD QS KC AS"
                                                            " TS KS")],
                                  trump=2, turn_up=ids("KH")[0], stock=ids("AD KS QC"),
                                  dealer=0, to_move=0, phase="follow", lead=ids("AC")[0],
                                  tricks=6)
    action = BinocleRulesBot().choose(state)
    assert str(action) in ("9H", "JH")  # a small trump takes the 11


def test_a_spare_copy_is_let_go_rather_than_a_plain_ten() -> None:
    # seed 33, the sixth trick (rule player against rule player): 9S led, diamonds
    # trumps. The old player threw TC, 10 to the adversary, valuing each of its two
    # clubs Kings as if four Kings needed both; one King of clubs serves every meld a
    # single King enters, so the second is the card to give up (4, not 10)
    state = in_play("TC KC KC TD JD AD QH KH AH QS QD KD", trump=1, turn_up="9H",
                    lead="9S", stock_left=15)
    assert str(BinocleRulesBot().choose(state)) == "KC"


def test_leads_a_spare_copy_not_a_ten_the_adversary_can_surely_beat() -> None:
    # seed 2, the fifth trick: the adversary shows the Ace of hearts, so TH led is his
    # (Suggestions, Brisques: a swing of twice its count); of the two Queens of hearts
    # one is spare for every meld, and costs 3 at most
    state = in_play("QC TD TD JD QD AD TH QH QH KH AS AS", trump=1, turn_up="9S",
                    opp_table="AH KH", stock_left=15)
    action = BinocleRulesBot().choose(state)
    assert str(action) != "TH" and str(action) in ("QH", "QC")


def test_a_plain_ten_led_into_the_adversarys_trumps_costs_the_swing() -> None:
    # hearts trumps, the adversary shows the royal marriage: a plain Ten led is his to
    # take, 10 to him that might have been the leader's (Suggestions, Brisques: twice
    # its count), as when a Ten is thrown to his trick; a Queen of clubs costs less
    state = in_play("QC TH QD 9H AS TC TH KS TS QS AC TD", trump=2, turn_up="AS",
                    opp_table="KH QH", other="KD 9D JC 9D JC JS QC KS KH 9C", stock_left=15)
    assert str(BinocleRulesBot().choose(state)) == "QC"


def test_sees_the_deal_only_as_its_seat_does() -> None:
    # the same choice in every deal that looks the same to the seat to move
    rng = random.Random(9)
    for seed in range(4):
        state = GAME.deal(seed % 2, seed=400 + seed)
        bot = BinocleRulesBot()
        other = _NoKnock(seed)
        while not state.is_terminal():
            seat = state.current_player()
            action = bot.choose(state)
            if len(state.legal_actions()) > 1:
                world = state.resample(seat, rng)
                assert bot.choose(world) == action
            state.apply(action if rng.random() < 0.6 else other.choose(state))


def test_decisions_are_the_same_for_a_seed() -> None:
    def record(bot_seed: int) -> list[str]:
        state = GAME.deal(0, seed=77)
        bots = [BinocleRulesBot(bot_seed), BinocleRulesBot(bot_seed + 1)]
        out = []
        while not state.is_terminal():
            a = bots[state.current_player()].choose(state)
            out.append(str(a))
            state.apply(a)
        return out

    assert record(5) == record(5)


def test_beats_random_over_duplicate_deals() -> None:
    stats = duplicate_match(GAME, BOTS["rules"], BOTS["random"], n_deals=16, seed=11,
                            check=True)
    assert stats.mean > 100 and stats.mean - 3 * stats.stderr > 0, stats.summary()
    assert stats.win_rate > 0.8


def test_the_params_are_the_players_own() -> None:
    bot = BinocleRulesBot(params=BinocleRulesParams(exact_endgame_cards=3))
    state = GAME.deal(0, seed=1)
    assert bot.choose(state) in state.legal_actions()


# -- advice -------------------------------------------------------------------------------

def test_advice_is_the_choice_with_well_formed_reasons() -> None:
    n = 0
    for seed in range(6):
        standing = (900, 900) if seed % 3 == 0 else (0, 0)
        state = GAME.deal(seed % 2, seed=500 + seed, standing=standing)
        chooser, adviser = BinocleRulesBot(seed), BinocleRulesBot(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            action = chooser.choose(state)
            advice = adviser.advise(state)
            assert advice.action == action, (str(state), action, advice)
            assert_well_formed(advice)
            n += 1
            state.apply(action if rng.random() < 0.8
                        else rng.choice([a for a in state.legal_actions() if a is not KNOCK]))
    assert n > 100


def test_advice_explains_a_knock_and_a_meld() -> None:
    state = GAME.deal(1, seed=4, standing=(1000, 0))
    advice = BinocleRulesBot().advise(state)
    assert advice.action is KNOCK
    assert advice.reasons[0].startswith("knocks: 1000 before the deal")
    state = after_trick("QS JD 9C 9C TH JH 9H AC KD 9D TC JC", trump=2, turn_up="KH",
                        stock_left=13)
    advice = BinocleRulesBot().advise(state)
    assert advice.reasons[0].startswith("melds binocle (40)")


def test_bn28_four_kings_and_four_queens_are_planned_as_220() -> None:
    # the melds the player plans from four Kings and four Queens of four suits, given
    # tricks enough: 80 Kings, three marriages of 20 + 20 + 40 and 60 Queens (or the
    # fourth marriage): 220, never 240
    from bezique.bots.binocle_rules import _View

    state = after_trick("KC KD KH KS QC QD QH QS 9C 9D 9S", trump=2, turn_up="JS",
                        stock_left=13)
    params = BinocleRulesParams(future_discount=1.0)
    view = _View(state.observation(0), GAME, params)
    total, names = view.future(view.holdings, 10.0, dix=False)
    assert total == 220, names
    assert names[0] == "four-kings"


def test_bn28_kings_shown_the_marriages_come_before_four_queens() -> None:
    # four Kings on the table, four Queens in hand, tricks to come: four Queens first
    # would leave no fresh Queen to marry; the royal marriage first keeps both
    state = after_trick("QC QD QH QS 9C 9D 9S AC TC", table="KC KD KH KS", trump=2,
                        turn_up="JS", stock_left=13)
    action = BinocleRulesBot().choose(state)
    assert type(action) is Declare and action.melds[0].name == "royal-marriage"
