"""The rule-based Rubicon player: legal, better than random on the same deals, and Foster's
suggestions where a position shows them."""

from __future__ import annotations

import pytest
from test_rubicon_rules import FOLLOWS, STOCK, declaring, ids

from bezique.bots import BOTS, make_bot, rule_bot_for
from bezique.bots.arena import duplicate_match
from bezique.bots.rubicon_rules import RubiconRulesBot, _View
from bezique.core.cards import Suit
from bezique.games import make_game
from bezique.games.bezique.declarations import Play
from bezique.games.bezique.rubicon import CARTE_BLANCHE, Rubicon, RubiconState

GAME = Rubicon()


@pytest.mark.parametrize("name", ["rubicon", "chinese"])
def test_the_rule_player_is_registered_and_beats_random_on_the_same_deals(name: str) -> None:
    game = make_game(name)
    assert rule_bot_for(game) is RubiconRulesBot
    assert isinstance(make_bot("rules", game, 1), RubiconRulesBot)
    stats = duplicate_match(game, BOTS["rules"], BOTS["random"], n_deals=4, seed=11,
                            check=True)
    assert stats.mean > 0 and stats.wins > stats.losses


def test_advice_is_the_choice_with_reasons() -> None:
    state = GAME.deal(0, seed=3)
    for _ in range(60):
        bot = RubiconRulesBot(5)
        advice = bot.advise(state)
        assert advice.action == RubiconRulesBot(5).choose(state)
        assert advice.reasons
        state.apply(advice.action)


def test_it_shows_carte_blanche() -> None:
    s = RubiconState.position(GAME, hands=[ids(FOLLOWS), ids("AS TS 9S 8S 7S AH TH 9H 8H")],
                              stock=ids(STOCK), to_move=1, dealer=0)
    assert RubiconRulesBot().choose(s) == CARTE_BLANCHE


def test_it_declares_the_single_bezique_before_the_double_while_there_is_time() -> None:
    s = declaring("QS QS JD JD")
    assert str(RubiconRulesBot().choose(s)) == "bezique QS JD"


def test_it_lets_a_rubiconed_adversary_have_the_last_trick_when_that_adds_100() -> None:
    # RB 43: 1610 v 460; giving him the last 50 makes it 1610 v 510 (3400), winning it
    # 1660 v 460 (3300)
    s = RubiconState.position(GAME, hands=[ids("KH 8C"), ids("AH 7C")], trump=Suit.SPADES,
                              to_move=1, dealer=0, tricks=62, points=(460, 1610))
    assert str(RubiconRulesBot().choose(s)) == "AH"
    s.apply(s.parse_action("AH"))
    s.apply(s.parse_action("KH"))
    s.apply(s.parse_action("7C"))
    s.apply(s.parse_action("8C"))
    assert GAME.deal_result(s).detail("value") == 3400


def test_it_refuses_another_game() -> None:
    state = make_game("bezique").deal(0, seed=1)
    while len(state.legal_actions()) == 1:
        state.apply(state.legal_actions()[0])
    with pytest.raises(TypeError, match="plays Rubicon"):
        RubiconRulesBot().choose(state)


def test_it_sees_that_a_duplicate_led_from_the_hand_re_forms_the_combination() -> None:
    # RB 16, 18: leading the second Ace of hearts (or the table's, the other laid in
    # its place) breaks up the royal sequence on the table and re-forms it for the next
    # trick won; the Seven of clubs breaks nothing, and the Ace held re-forms nothing
    table = [(c, 250, 0, 0) for c in ids("AH TH KH QH JH")]
    s = RubiconState.position(GAME, hands=[ids(FOLLOWS), ids("AH 7C")], trump=Suit.HEARTS,
                              stock=ids(STOCK), tables=[(), table], to_move=1, dealer=0)
    view = _View(s.observation(1), GAME)
    plays = {str(a): a for a in s.legal_actions() if isinstance(a, Play)}
    assert view.after(plays["AH"]) == 250
    assert view.after(plays["AH*"]) == 250
    assert view.after(plays["7C"]) == 0
