"""Euchre (Enquire Within 120-121; INVENTORY 24): two-handed by the text, four-handed by
the period's American rules, OpenSpiel's preset. One test per rule, citing the item."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bezique.bots import make_bot
from bezique.cli import main as cli_main
from bezique.core.cards import Card, parse_cards
from bezique.core.errors import IllegalActionError, NotationError, OptionError
from bezique.core.match import Match
from bezique.core.trick import PLAY_PHASE, PLAYS
from bezique.games import make_game
from bezique.games.euchre import (
    FourHandedEuchre,
    OpenSpielEuchre,
    TwoHandedEuchre,
)
from bezique.games.euchre.base import (
    ALONE_ACTION,
    DISCARDS,
    MAKES,
    ORDER_UP,
    PASS,
    STRENGTH,
    SUIT_OF,
    WITH_PARTNER,
    EuchreState,
    left_bower,
    right_bower,
)
from bezique.record import dumps, loads, record_from_match, replay

cli_main._register()

C, D, H, S = 0, 1, 2, 3


def ids(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def stacked(game: TwoHandedEuchre | FourHandedEuchre, hands: list[str], turn: str,
            dealer: int = 0) -> EuchreState:
    """A deal whose hands (by seat) and turned card are given, dealt by the game's rule
    (two then three from the dealer's left): the pack order that deals them."""
    n = game.num_players
    hs = [ids(h) for h in hands]
    order: list[int] = []
    for k, start in ((2, 0), (3, 2)):
        for j in range(1, n + 1):
            order += hs[(dealer + j) % n][start:start + k]
    order.append(int(Card.parse(turn)))
    rest = [int(c) for c in game.pack.cards if int(c) not in order]
    return game.deal(dealer, pack=order + rest)


def act(state: EuchreState, *texts: str) -> None:
    for t in texts:
        state.apply(state.parse_action(t))


# -- the pack and the ranks (EW 120) ---------------------------------------------------------

def test_the_pack_has_32_cards_the_twos_to_sixes_out_ew120() -> None:
    pack = TwoHandedEuchre().pack
    assert len(pack) == 32
    assert {c.rank for c in pack.cards} == {7, 8, 9, 10, 11, 12, 13, 14}


def test_with_hearts_trumps_the_text_s_order_of_the_hearts_ew120() -> None:
    order = ids("JH JD AH KH QH TH 9H 8H 7H")
    strength = STRENGTH[H]
    assert sorted(order, key=lambda c: -strength[c]) == order
    assert all(SUIT_OF[H][c] == H for c in order)


@pytest.mark.parametrize("trump,right,left", [(D, "JD", "JH"), (S, "JS", "JC"),
                                              (C, "JC", "JS"), (H, "JH", "JD")])
def test_the_bowers_are_the_jacks_of_the_trumps_colour_ew120(trump: int, right: str,
                                                             left: str) -> None:
    assert right_bower(trump) == int(Card.parse(right))
    assert left_bower(trump) == int(Card.parse(left))


def test_the_left_bower_beats_the_ace_of_trumps_and_the_right_beats_it_ew120() -> None:
    state = stacked(TwoHandedEuchre(), ["JD AS 7C 8C 9C", "AH KS 7S 8S 9S"], "TH", dealer=1)
    act(state, "order up", "discard 9S")
    act(state, "JD", "AH")
    assert state.tricks_won == [1, 0]


# -- the left bower is a trump in every respect ------------------------------------------------

def test_a_hand_whose_only_trump_is_the_left_bower_must_play_it_to_a_trump_lead_ew121(
        ) -> None:
    # the text's odd rule: trumps led, one who cannot otherwise follow must play the left
    # bower; with the left bower a trump it is simply following suit
    s2 = stacked(TwoHandedEuchre(), ["KH AH 7C 8C 9C", "JD KS 7S 8S 9D"], "TS", dealer=1)
    act(s2, "pass", "pass", "make hearts")
    act(s2, "KH")  # hearts led: seat 1's one "trump" is the left bower, JD
    assert [int(a.card) for a in s2.legal_actions()] == [int(Card.parse("JD"))]
    with pytest.raises(IllegalActionError, match="left bower is a trump"):
        act(s2, "KS")


def test_the_left_bower_does_not_follow_its_printed_suit_ew120() -> None:
    # hearts trumps: JD is a heart; a diamond led, its holder with no other diamond is void
    s = stacked(TwoHandedEuchre(), ["AD KS 7C 8C 9C", "JD KH 7S 8S 9S"], "TH", dealer=1)
    act(s, "order up", "discard 9S")
    act(s, "AD")
    assert {str(a) for a in s.legal_actions()} == {"JD", "KH", "7S", "8S", "TH"}
    act(s, "JD")  # trumps the Ace of diamonds
    assert s.tricks_won == [0, 1]
    # and his failure to follow shows he holds no diamond (the left bower none of them)
    assert s.excluded[1] >> int(Card.parse("QD")) & 1


# -- the deal (EW 121) ---------------------------------------------------------------------------

def test_five_cards_each_by_twos_and_threes_the_eleventh_turned_ew121() -> None:
    game = TwoHandedEuchre()
    order = [int(c) for c in game.pack.cards]
    state = game.deal(0, pack=order)
    # the non-dealer first: two, two, then three, three
    assert state.hands[1] == order[0:2] + order[4:7]
    assert state.hands[0] == order[2:4] + order[7:10]
    assert state.turned == order[10]
    assert state.observation(1).turn_up == Card(order[10])


def test_the_deal_by_threes_then_twos_is_an_option() -> None:
    game = make_game("euchre", {"deal": "3-2"})
    order = [int(c) for c in game.pack.cards]
    state = game.deal(0, pack=order)
    assert state.hands[1] == order[0:3] + order[6:8]


# -- the making, two-handed (EW 121) ---------------------------------------------------------

def test_the_first_player_orders_it_up_the_dealer_discards_and_the_first_leads_ew121(
        ) -> None:
    s = stacked(TwoHandedEuchre(), ["JH AH KH 7C 8C", "AS KS QS 7S 8D"], "9H", dealer=1)
    assert s.current_player() == 0 and {str(a) for a in s.legal_actions()} == {
        "pass", "order up"}
    act(s, "order up")
    assert s.trump == H and s.maker == 0
    assert s.current_player() == 1 and int(Card.parse("9H")) in s.hands[1]
    with pytest.raises(IllegalActionError, match="discards one of his own"):
        act(s, "discard 9H")
    act(s, "discard 8D")
    assert s.phase == PLAY_PHASE and s.current_player() == 0
    # the discard is face down: the first player never sees it
    assert s.observation(0).discards == () and s.observation(1).discards == (Card.parse("8D"),)
    assert "8D" not in str(s.public_observation())


def test_the_dealer_says_i_play_and_takes_up_the_trump_after_a_pass_ew121() -> None:
    s = stacked(TwoHandedEuchre(), ["AS KS QS 7S 8D", "JH AH KH 7C 8C"], "9H", dealer=1)
    act(s, "pass", "i play")
    assert s.maker == 1 and s.phase == 4  # the dealer's discard
    act(s, "discard 7C")
    assert s.current_player() == 0


def test_both_passing_the_first_may_alter_the_trump_and_the_dealer_must_play_ew121() -> None:
    s = stacked(TwoHandedEuchre(), ["AS KS QS JS 8D", "JH AH KH 7C 8C"], "9H", dealer=1)
    act(s, "pass", "pass")
    assert {str(a) for a in s.legal_actions()} == {"pass", "make clubs", "make diamonds",
                                                   "make spades"}
    with pytest.raises(IllegalActionError, match="turned down"):
        s.apply(MAKES[H])
    act(s, "make spades")
    # the dealer is compelled to play: no choice is left him, the first leads
    assert s.trump == S and s.maker == 0 and s.phase == PLAY_PHASE and s.player == 0
    assert int(Card.parse("9H")) not in s.hands[1]


def test_if_he_passes_the_second_time_the_dealer_may_alter_the_trump_ew121() -> None:
    s = stacked(TwoHandedEuchre(), ["AS KS QS JS 8D", "JH AH KH 7C 8C"], "9D", dealer=1)
    act(s, "pass", "pass", "pass")
    assert s.current_player() == 1
    act(s, "make hearts")
    assert s.maker == 1 and s.trump == H and s.player == 0


def test_all_passing_the_hand_is_abandoned_and_the_deal_passes() -> None:
    game = TwoHandedEuchre()
    s = stacked(game, ["AS KS QS JS 8D", "JH AH KH 7C 8C"], "9D", dealer=1)
    act(s, "pass", "pass", "pass", "pass")
    assert s.is_terminal() and s.maker < 0
    result = game.deal_result(s)
    assert result.points == (0, 0) and "abandoned" in result.notes[0]
    assert game.next_dealer(1, 1, result) == 0


# -- scoring (EW 121) ----------------------------------------------------------------------------

def _finished(game: TwoHandedEuchre | FourHandedEuchre, maker: int, tricks: list[int],
              alone: int = 0) -> EuchreState:
    s = game.deal(0, seed=1)
    s.maker = maker
    s.trump = 0
    s.alone = alone
    s.tricks_won = tricks
    return s


@pytest.mark.parametrize("tricks,value,scorer", [(3, 1, 0), (4, 1, 0), (5, 2, 0),
                                                 (2, 2, 1), (0, 2, 1)])
def test_three_or_four_tricks_one_five_two_euchred_two_to_the_other_ew121(
        tricks: int, value: int, scorer: int) -> None:
    s = _finished(TwoHandedEuchre(), 0, [tricks, 5 - tricks])
    got, side, _ = s.deal_value()
    assert (got, side) == (value, scorer)


def test_five_points_win_the_game_ew121() -> None:
    game = TwoHandedEuchre()
    match = Match(game, seed=3)
    bots = [make_bot("rules", game, s) for s in range(2)]
    while not match.is_over():
        match.apply(bots[match.current_player()].choose(match.state))
    totals = match.sheet.totals
    assert max(totals) >= 5 and max(totals) <= 6 and min(totals) < 5
    assert match.sheet.winner == totals.index(max(totals))


# -- four-handed -------------------------------------------------------------------------------

def test_four_handed_partners_opposite_both_partners_tricks_count_ew120() -> None:
    game = FourHandedEuchre()
    assert game.sides == (0, 1, 0, 1)
    s = _finished(game, 0, [2, 1, 1, 1])
    assert s.maker_tricks() == 3 and s.deal_value()[:2] == (1, 0)


def test_the_dealer_s_partner_assists_and_the_dealer_discards() -> None:
    game = make_game("euchre4", {"lone_hand": "false"})
    s = stacked(game, ["7C 8C 9C TC QC", "AS KS QS 7S 8S", "JH AH KH 7D 8D", "9S TS 9D TD QD"],
                "9H", dealer=0)
    act(s, "pass", "assist")
    assert s.maker == 2 and s.current_player() == 0 and s.phase == 4
    assert "assist" in s.events()[-1].describe()
    act(s, "discard 7C")
    assert s.phase == PLAY_PHASE and s.player == 1


def test_all_passing_the_card_is_turned_down_and_each_may_make_another_suit() -> None:
    game = make_game("euchre4", {"lone_hand": "false"})
    s = game.deal(0, seed=4)
    act(s, "pass", "pass", "pass", "pass")
    assert s.current_player() == 1 and s.observation(1).turn_up is None
    act(s, "pass", "pass", "pass", "pass")
    assert s.is_terminal() and s.maker < 0


def test_stick_the_dealer_makes_him_name_a_suit() -> None:
    game = make_game("euchre4", {"stick_the_dealer": "true"})
    s = game.deal(0, seed=4)
    act(s, "pass", "pass", "pass", "pass", "pass", "pass", "pass")
    assert s.current_player() == 0 and PASS not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="stuck"):
        s.apply(PASS)


def test_a_lone_hand_sits_the_partner_out_and_scores_four_for_the_march() -> None:
    game = FourHandedEuchre()
    s = stacked(game, ["7C 8C 9C TC QC", "JH JD AH KH QH", "AS KS QS 7S 8S", "9S TS 9D TD QD"],
                "9H", dealer=0)
    act(s, "order up")
    assert s.phase == 2 and s.current_player() == 1
    act(s, "alone")
    assert not s.active >> 3 & 1
    act(s, "discard 7C")  # the dealer takes up the 9H and discards
    assert s.player == 1  # the eldest leads (seat 3, his partner, is out)
    bots = [make_bot("rules", game, k) for k in range(4)]
    while not s.is_terminal():
        s.apply(bots[s.current_player()].choose(s))
    assert s.tricks_won[1] == 5 and game.deal_result(s).points == (0, 4, 0, 4)


def test_a_lone_hand_with_three_tricks_scores_one() -> None:
    s = _finished(FourHandedEuchre(), 1, [1, 3, 0, 1], alone=1)
    assert s.deal_value()[:2] == (1, 1)


def test_the_dealer_left_out_by_his_partner_s_lone_hand_takes_nothing_up() -> None:
    game = FourHandedEuchre()
    s = stacked(game, ["7C 8C 9C TC QC", "AS KS QS 7S 8S", "JH JD AH KH QH", "9S TS 9D TD QD"],
                "9H", dealer=0)
    act(s, "pass", "assist", "alone")
    assert s.phase == PLAY_PHASE and not s.taken
    assert int(Card.parse("9H")) in s.stock and len(s.hands[0]) == 5


def test_after_discard_the_dealer_discards_before_the_lone_hand_is_said_openspiel() -> None:
    game = make_game("euchre4", {"alone_decision": "after_discard"})
    s = stacked(game, ["7C 8C 9C TC QC", "AS KS QS 7S 8S", "JH JD AH KH QH", "9S TS 9D TD QD"],
                "9H", dealer=0)
    act(s, "pass", "assist")
    assert s.phase == 4 and s.current_player() == 0
    act(s, "discard 7C", "alone")
    assert s.taken and not s.active & 1 and s.player == 1


def test_a_lone_defender_euchring_the_makers_scores_four() -> None:
    game = make_game("euchre4", {"lone_defender": "true"})
    s = stacked(game, ["7C 8C 9C TC QC", "AS KS QS 7S 8S", "JH JD AH KH QH", "9S TS 9D TD QD"],
                "9H", dealer=0)
    act(s, "order up", "with partner")
    assert s.phase == 3 and s.current_player() == 2
    act(s, "alone")
    assert s.lone_defender == 2 and not s.active & 1
    s.tricks_won = [0, 2, 3, 0]
    assert s.deal_value()[:2] == (4, 0)


# -- OpenSpiel's preset ------------------------------------------------------------------------

def test_the_openspiel_preset_is_euchre4_with_openspiel_s_options() -> None:
    preset = make_game("euchre-openspiel")
    assert isinstance(preset, OpenSpielEuchre) and len(preset.pack) == 24
    same = make_game("euchre4", ["pack=24", "deal=ones", "stick_the_dealer=true",
                                 "alone_decision=after_discard", "game_target=10"])
    assert preset.options.to_mapping() == same.options.to_mapping()
    a, b = preset.deal(2, seed=9), same.deal(2, seed=9)
    rng = random.Random(1)
    while not a.is_terminal():
        assert a.legal_actions() == b.legal_actions()
        x = rng.choice(a.legal_actions())
        a.apply(x)
        b.apply(x)
    assert preset.deal_result(a) == same.deal_result(b)


# -- actions, notation, options ----------------------------------------------------------------

@pytest.mark.parametrize("text", ["pass", "order up", "make hearts", "discard 9S", "alone",
                                  "with partner", "JH", "TS"])
def test_notation_round_trips(text: str) -> None:
    game = FourHandedEuchre()
    assert str(game.parse_action(text)) == text
    assert game.parse_action("assist") == ORDER_UP == game.parse_action("I play")
    assert game.parse_action("10S") == PLAYS[int(Card.parse("TS"))]


@pytest.mark.parametrize("text", ["make nothing", "discard 2S", "bid 3", "", "order down"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        FourHandedEuchre().parse_action(text)


def test_the_24_card_pack_refuses_a_seven() -> None:
    with pytest.raises(NotationError, match="no 7"):
        make_game("euchre", {"pack": "24"}).parse_action("7S")


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    s = FourHandedEuchre().deal(0, seed=2)
    before = str(s), s.events()
    for bad in (ALONE_ACTION, WITH_PARTNER, MAKES[0], DISCARDS[int(Card.parse("9S"))],
                PLAYS[int(s.hands[1][0])]):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
        assert (str(s), s.events()) == before


@pytest.mark.parametrize("opts", [{"pack": "36"}, {"deal": "4-1"}, {"game_target": "7"},
                                  {"lone_hand": "maybe"}, {"alone_decision": "never"}])
def test_options_validate_with_clear_errors(opts: dict[str, str]) -> None:
    with pytest.raises(OptionError, match=next(iter(opts))):
        make_game("euchre4", opts)


def test_two_handed_has_no_lone_hand_options() -> None:
    with pytest.raises(OptionError, match="unknown option"):
        make_game("euchre", {"lone_hand": "true"})


# -- whole matches -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["euchre", "euchre4", "euchreopenspiel"])
def test_a_whole_match_records_and_replays(name: str) -> None:
    game = make_game(name)
    match = Match(game, seed=11)
    bots = [make_bot("rules", game, s) for s in range(game.num_players)]
    while not match.is_over():
        match.apply(bots[match.current_player()].choose(match.state))
    again = replay(loads(dumps(record_from_match(match))))
    assert again.is_over() and again.sheet.to_json() == match.sheet.to_json()


def play(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(cli_main.cli, ["play", *args], input=stdin)


@pytest.mark.parametrize("name", ["euchre", "euchre4"])
def test_a_whole_match_at_the_terminal(tmp_path: Path, name: str) -> None:
    result = play("--game", name, "--seed", "3", "--display", "plain", "--record",
                  str(tmp_path / "r.txt"), stdin="1\n" * 3000)
    out = result.output
    assert result.exit_code == 0, out
    assert out.count("Match over") == 1, out[-2000:]
    assert re.search(r"turns? up", out)
