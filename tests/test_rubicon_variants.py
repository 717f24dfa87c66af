"""Rubicon Bézique's options (VARIANTS.md section 3, ``V-RB-01`` .. ``V-RB-07``, those that
apply to a two-handed game), each against Foster's default."""

from __future__ import annotations

import pytest
from test_rubicon_rules import FOLLOWS, STOCK, ids

from bezique.core.cards import Card, Suit
from bezique.core.errors import IllegalActionError, OptionError
from bezique.core.game import DealResult
from bezique.core.match import Match, ScoreSheet
from bezique.games import make_game
from bezique.games.bezique.declarations import DRAW
from bezique.games.bezique.rubicon import (
    CARTE_BLANCHE,
    Chinese,
    ChineseOptions,
    Rubicon,
    RubiconOptions,
    RubiconState,
)

GAME = Rubicon()


def test_every_option_has_foster_s_default_and_its_label() -> None:
    assert RubiconOptions() == RubiconOptions(
        packs=4, rubicon_brisque_award=300, brisque_count_trigger="within_200_on_demand",
        endgame_revoke_penalty="replay_from_error",
        carte_blanche_repeat="before_first_trick_only", example_990_reading="rule",
        series_deals=2)
    assert [RubiconOptions.source(n) for n in RubiconOptions.option_names()] == [
        "V-RB-01", "V-RB-02", "V-RB-03", "V-RB-04", "V-RB-05", "V-RB-07", "RB 42"]


def test_v_rb01_six_packs_deal_twelve_cards_each() -> None:
    game = Rubicon(RubiconOptions(packs=6))
    s = game.deal(0, seed=1)
    assert len(game.pack) == 192 and len(s.hands[0]) == len(s.hands[1]) == 12
    assert len(s.stock) == 168 and game.tricks_total == 96


def test_v_rb02_the_rubicon_brisque_award() -> None:
    assert GAME.settle((920, 440), (16, 16)).value == 2600
    game = Rubicon(RubiconOptions(rubicon_brisque_award=320))
    assert game.settle((920, 440), (16, 16)).value == 2620
    assert game.settle((920, 440), (16, 16)).hundreds == 26  # the sheet keeps hundreds


@pytest.mark.parametrize("trigger, scores, brisques, counted", [
    # Foster's example: within 200, the one behind asks for the count if it helps him
    ("within_200_on_demand", (1260, 1140), (7, 25), True),
    ("within_200_on_demand", (1260, 1140), (25, 7), False),
    ("within_200_on_demand", (1500, 1250), (0, 32), False),
    ("within_200_on_demand", (1900, 700), (0, 32), True),  # a rubicon might be saved
    # the literal rule: only a tie or a rubicon
    ("only_tie_or_rubicon", (1260, 1140), (7, 25), False),
    ("only_tie_or_rubicon", (1200, 1200), (7, 25), True),
    ("only_tie_or_rubicon", (1900, 700), (0, 32), True),
    # whenever the brisques could change the result: under 320 apart, or a rubicon saved
    ("when_it_could_change_the_result", (1500, 1190), (0, 32), True),
    ("when_it_could_change_the_result", (1500, 1180), (0, 32), False),
    ("when_it_could_change_the_result", (1900, 680), (0, 32), True),
    ("always", (3000, 1000), (0, 32), True),
])
def test_v_rb03_when_the_brisques_are_counted(trigger: str, scores: tuple[int, int],
                                             brisques: tuple[int, int], counted: bool) -> None:
    game = Rubicon(RubiconOptions(brisque_count_trigger=trigger))
    assert game.settle(scores, brisques).counted is counted


def test_v_rb03_counted_always_still_gives_the_rubicon_its_flat_award() -> None:
    game = Rubicon(RubiconOptions(brisque_count_trigger="always"))
    st = game.settle((920, 440), (10, 22))
    assert st.counted and st.rubicon and st.value == 2600


def _last_tricks(game: Rubicon) -> RubiconState:
    # seat 1 leads a heart; seat 0 holds a heart it could win with, and a low spade
    return RubiconState.position(game, hands=[ids("AH 7S TD"), ids("KH TS 7D")],
                                 trump=Suit.CLUBS, to_move=1, dealer=0, tricks=61)


def test_v_rb04_foster_a_revoke_is_never_made() -> None:
    s = _last_tricks(GAME)
    s.apply(s.parse_action("KH"))
    assert [str(a) for a in s.legal_actions()] == ["AH"]
    with pytest.raises(IllegalActionError):
        s.apply(s.parse_action("7S"))


def test_v_rb04_france_a_revoke_stands_and_counts_nothing_more() -> None:
    game = Rubicon(RubiconOptions(endgame_revoke_penalty="france_no_further_points"))
    s = _last_tricks(game)
    s.apply(s.parse_action("KH"))
    assert {str(a) for a in s.legal_actions()} == {"AH", "7S", "TD"}
    s.apply(s.parse_action("7S"))  # fails to win the trick
    assert s.observation(1).revoked == (True, False)
    s.apply(s.parse_action("TS"))  # seat 1 leads again
    s.apply(s.parse_action("AH"))  # seat 0 cannot follow: a heart, which loses
    s.apply(s.parse_action("7D"))
    s.apply(s.parse_action("TD"))  # seat 0 wins the last trick and its brisque...
    assert s.is_terminal()
    assert s.last_winner == 0 and s.points == [0, 0]  # ...but counts nothing for them
    assert s.brisques == [0, 2]  # seat 1's KH trick and TS trick, brisques TS and AH


def test_v_rb05_portland_carte_blanche_again_for_each_card_drawn_that_is_no_court() -> None:
    game = Rubicon(RubiconOptions(carte_blanche_repeat="again_after_each_non_court_draw"))
    blank = "AS TS 9S 8S 7S AH TH 9H 8H"
    # the stock: seat 1 (who will win) draws 7H first, then KC; seat 0 draws 9C, 9C
    s = RubiconState.position(game, hands=[ids(FOLLOWS), ids(blank)],
                              stock=ids("7H 9C KC 9C") + ids(STOCK)[4:], to_move=1, dealer=0)
    s.apply(CARTE_BLANCHE)
    s.apply(s.parse_action("7S"))
    s.apply(s.parse_action("7D"))
    s.apply(DRAW)  # he draws 7H, no court card: he may show it at his next turn
    assert CARTE_BLANCHE in s.legal_actions()
    s.apply(CARTE_BLANCHE)
    assert [p for w, p, _ in s.score_events() if w == 1] == [50, 50]
    assert Card.parse("7H") in s.observation(0).known_in_hand[1]
    s.apply(s.parse_action("8S"))
    s.apply(s.parse_action("7D"))
    s.apply(DRAW)  # KC: a court card ends it
    assert CARTE_BLANCHE not in s.legal_actions()
    # Foster: only before the first trick
    s = RubiconState.position(GAME, hands=[ids(FOLLOWS), ids(blank)],
                              stock=ids("7H 9C KC 9C") + ids(STOCK)[4:], to_move=1, dealer=0)
    s.apply(CARTE_BLANCHE)
    s.apply(s.parse_action("7S"))
    s.apply(s.parse_action("7D"))
    s.apply(DRAW)
    assert CARTE_BLANCHE not in s.legal_actions()


def test_v_rb05_a_card_drawn_and_not_shown_ends_the_run() -> None:
    game = Rubicon(RubiconOptions(carte_blanche_repeat="again_after_each_non_court_draw"))
    s = RubiconState.position(game, hands=[ids(FOLLOWS), ids("AS TS 9S 8S 7S AH TH 9H 8H")],
                              stock=ids("7H 9C 9H 9C") + ids(STOCK)[4:], to_move=1, dealer=0)
    s.apply(CARTE_BLANCHE)
    s.apply(s.parse_action("7S"))
    s.apply(s.parse_action("7D"))
    s.apply(DRAW)
    s.apply(s.parse_action("8S"))  # 7H not shown
    s.apply(s.parse_action("7D"))
    s.apply(DRAW)  # 9H, no court card: too late, the run is over
    assert CARTE_BLANCHE not in s.legal_actions()


def test_v_rb07_the_990_example_read_by_the_rule_or_as_printed() -> None:
    assert GAME.settle((1740, 850), (14, 11)).value == 3800
    printed = Rubicon(RubiconOptions(example_990_reading="printed"))
    assert printed.settle((1740, 850), (14, 11)).value == 3900
    # the readings differ only when brisques counted fail to save a rubicon
    for scores, brisques in (((1830, 1260), (16, 16)), ((920, 440), (16, 16)),
                             ((1740, 850), (14, 18))):
        assert printed.settle(scores, brisques) == GAME.settle(scores, brisques)


def test_series_deals_sets_the_length_of_a_sitting() -> None:
    game = Rubicon(RubiconOptions(series_deals=3))
    sheet = ScoreSheet()
    for deal in (1, 2):
        game.update_sheet(sheet, deal, deal % 2, DealResult((5, 0)))
        assert not sheet.over
    game.update_sheet(sheet, 3, 0, DealResult((0, 4)))
    assert sheet.over and sheet.winner == 0 and sheet.totals == [10, 4]
    with pytest.raises(OptionError, match="series_deals"):
        Rubicon(RubiconOptions(series_deals=0))


def test_a_level_sitting_goes_on_deal_by_deal() -> None:
    sheet = ScoreSheet()
    GAME.update_sheet(sheet, 1, 0, DealResult((11, 0)))
    GAME.update_sheet(sheet, 2, 1, DealResult((0, 11)))
    assert not sheet.over
    GAME.update_sheet(sheet, 3, 0, DealResult((0, 0)))  # a tie (RB-GAP-8) changes nothing
    assert not sheet.over
    GAME.update_sheet(sheet, 4, 1, DealResult((6, 0)))
    assert sheet.over and sheet.winner == 0


def test_options_are_checked_and_games_take_their_own() -> None:
    with pytest.raises(OptionError, match="packs"):
        RubiconOptions.parse(["packs=5"])
    with pytest.raises(OptionError, match="Rubicon Bézique takes options of Rubicon"):
        Rubicon(ChineseOptions())  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="Chinese Bézique"):
        Chinese(RubiconOptions())
    assert make_game("rubicon", ["packs=6", "example_990_reading=printed"]).options == \
        RubiconOptions(packs=6, example_990_reading="printed")


def test_a_whole_sitting_is_played_with_the_options() -> None:
    game = Rubicon(RubiconOptions(series_deals=1, brisque_count_trigger="always"))
    match = Match(game, seed=4)
    k = 0
    while not match.is_over():
        legal = match.state.legal_actions()
        match.apply(legal[k % len(legal)])
        k += 3
    assert len(match.sheet.games) == 1
