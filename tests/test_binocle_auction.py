"""Auction Binocle (Foster; INVENTORY 14-15; V-AB-01, V-AB-02, V-AB-03): the bidding, the
widow, the discards hidden, the bid made or set back, a game of N deals."""

from __future__ import annotations

from typing import Any

import pytest

from bezique.bots.arena import duplicate_table
from bezique.bots.binocle_multi_rules import BinocleMultiRulesBot
from bezique.bots.random_bot import RandomBot
from bezique.core.cards import Card
from bezique.core.errors import IllegalActionError, NotationError, OptionError
from bezique.core.game import DealResult
from bezique.core.match import Match
from bezique.games import make_game
from bezique.games.binocle.auction import (
    AUCTION_PASS,
    BIDS,
    AuctionBinocle,
    AuctionBinocleOptions,
    AuctionState,
    Discard,
    NameTrump,
)
from bezique.games.binocle.melds import PACK_48
from bezique.record import dumps, loads, record_from_match, replay


def game(**kw: Any) -> AuctionBinocle:
    return AuctionBinocle(AuctionBinocleOptions(**kw))


def test_v_ab_02_all_48_dealt_no_trump_turned_bidding_from_the_dealers_left() -> None:
    s = game().deal(2, seed=1)
    assert [len(h) for h in s.hands] == [16, 16, 16] and s.trump == -1 and s.stock == []
    assert s.current_player() == 0 and s.phase_name() == "bid"
    s4 = game(players=4).deal(0, seed=1)
    assert [len(h) for h in s4.hands] == [12, 12, 12, 12]


def test_v_ab_01_no_second_bids_and_all_passing_the_dealer_must_bid_twenty() -> None:
    s = game().deal(0, seed=2)
    s.apply(AUCTION_PASS)
    s.apply(AUCTION_PASS)
    assert s.current_player() == 0 and s.legal_actions() == [BIDS[20]]
    with pytest.raises(IllegalActionError, match="must bid 20"):
        s.apply(AUCTION_PASS)
    s.apply(BIDS[20])
    assert s.bidder == 0 and s.high == 20 and s.phase_name() == "trump"


def test_v_ab_01_each_bids_once_and_must_top_the_last_bid() -> None:
    s = game().deal(0, seed=2)
    s.apply(s.parse_action("bid 150"))
    with pytest.raises(IllegalActionError, match="top 150"):
        s.apply(BIDS[150])
    s.apply(s.parse_action("bid 200"))
    s.apply(AUCTION_PASS)  # the dealer; seat 1 has had his one bid: no second bids
    assert s.bidder == 2 and s.phase_name() == "trump" and s.current_player() == 2


def test_v_ab_01_with_a_widow_three_bids_each_the_widow_shown_taken_and_discarded() -> None:
    g = game(widow="widow")
    s = g.deal(0, seed=3)
    assert [len(h) for h in s.hands] == [15, 15, 15] and len(s.stock) == 3
    widow = sorted(s.stock)
    assert s.observation(1).widow is None  # hidden before it is shown
    for text in ("bid 100", "bid 110", "pass", "bid 120", "bid 130", "bid 140", "pass"):
        s.apply(s.parse_action(text))
    assert s.bidder == 1 and s.bids_made[1] == 3 and s.phase_name() == "discard"
    assert sorted(int(c) for c in s.observation(0).widow or ()) == widow
    assert len(s.hands[1]) == 18
    own = next(c for c in s.hands[1] if c not in s.known[1])
    s.apply(Discard(Card(own)))
    assert s.observation(1).discards == (Card(own),)
    assert s.observation(0).discards == () and s.observation(0).discarded == 1
    assert Card(own).notation() not in " ".join(e.describe() for e in s.observation(0).events)
    while s.phase_name() == "discard":
        s.apply(s.legal_actions()[0])
    assert len(s.hands[1]) == 15 and s.phase_name() == "trump"
    s.apply(NameTrump(2))
    assert s.trump == 2 and s.phase_name() == "meld"


def test_v_ab_02_the_bidder_leads_and_partners_the_eldest() -> None:
    s = game().deal(0, seed=4)
    for text in ("pass", "bid 60", "pass", "trump clubs"):
        s.apply(s.parse_action(text))
    while s.phase_name() == "meld":
        s.apply(s.legal_actions()[0])
    assert s.current_player() == 2
    p = game(players=4, mode="partners").deal(0, seed=4)
    for text in ("pass", "bid 60", "pass", "pass", "trump clubs"):
        p.apply(p.parse_action(text))
    while p.phase_name() == "meld":
        p.apply(p.legal_actions()[0])
    assert p.current_player() == 1  # the eldest, not the bidder (seat 2)


def _play_out(s: AuctionState) -> None:
    bot = BinocleMultiRulesBot(0)
    while not s.is_terminal():
        s.apply(bot.choose(s))


def test_inv14_the_bidder_counts_first_and_is_set_back_if_he_fails() -> None:
    g = game()
    s = g.deal(0, seed=5)
    for text in ("bid 1000", "pass", "pass", "trump hearts"):
        s.apply(s.parse_action(text))
    _play_out(s)
    cards = [seat for seat, _, why in s.score_events() if why == "cards"]
    assert cards[0] == 1  # the bidder counts first
    result = g.deal_result(s)
    assert result.points[1] == -1000 and result.detail("made") == 0
    assert result.points[0] == s.scores()[0]  # the others keep theirs


def test_inv14_a_bid_made_scores_what_the_bidder_made() -> None:
    g = game()
    s = g.deal(0, seed=5)
    for text in ("bid 20", "pass", "pass", "trump hearts"):
        s.apply(s.parse_action(text))
    _play_out(s)
    result = g.deal_result(s)
    if s.scores()[1] >= 20:
        assert result.points[1] == s.scores()[1] and result.detail("made") == 1


def test_v_ab_03_six_deals_a_game_highest_wins_ties_play_on() -> None:
    g = game()
    sheet = g.new_sheet()
    for i in range(5):
        g.update_sheet(sheet, i + 1, 0, DealResult((10, 10, 0)))
    assert not sheet.over
    g.update_sheet(sheet, 6, 0, DealResult((0, 0, 10)))
    assert not sheet.over  # 50-50-10: level at the top, another deal
    g.update_sheet(sheet, 7, 0, DealResult((5, 0, 0)))
    assert sheet.over and sheet.winner == 0
    assert game(deals=2).options.deals == 2


def test_options_and_their_errors() -> None:
    with pytest.raises(OptionError, match="players=4"):
        make_game("binocleauction", {"mode": "partners"})
    with pytest.raises(OptionError, match="needs mode=partners"):
        make_game("binocleauction", {"players": "4",
                                     "partnership_meld_scoring": "combined_melds"})
    with pytest.raises(OptionError, match="deals takes"):
        make_game("binocleauction", {"deals": "0"})
    with pytest.raises(OptionError, match="widow takes"):
        make_game("binocleauction", {"widow": "kitty"})


def test_notation_round_trips_and_names_bad_text() -> None:
    g = game()
    for text in ("bid 250", "pass", "discard QS", "trump hearts", "lay nothing", "QS"):
        assert g.parse_action(text).notation() == text
    with pytest.raises(NotationError, match="multiples of 10"):
        g.parse_action("bid 255")
    with pytest.raises(NotationError, match="names a suit"):
        g.parse_action("trump roses")


@pytest.mark.parametrize(("text", "card", "rank"), [
    ("discard 8D", "8D", "8"), ("discard 2C", "2C", "2"), ("8D", "8D", "8"),
    ("lay marriage KH 7H", "7H", "7")])
def test_a_discard_or_card_outside_the_48_card_pack_names_the_packs_own_ranks(
        text: str, card: str, rank: str) -> None:
    """Binocle's pack has no Eight or Seven (BN 1): 'discard 8D' was a KeyError, 'discard
    2C' listed the 64-card pack's ranks, and '8D' read as a card to play."""
    with pytest.raises(NotationError) as info:
        game().parse_action(text)
    assert str(info.value) == (f"'{card}' is not a card of Auction Binocle: there is no"
                               f" {rank} in its pack (ranks A 10 K Q J 9)")


@pytest.mark.parametrize("opts", [[], ["widow=widow"], ["players=4"],
                                  ["players=4", "mode=partners", "widow=widow"]])
def test_records_replay(opts: list[str]) -> None:
    g = make_game("binocleauction", opts)
    match = Match(g, seed=7)
    bots = [BinocleMultiRulesBot(i) for i in range(g.num_players)]
    while not match.is_over():
        match.apply(bots[match.state.current_player()].choose(match.state))
    assert len(match.sheet.rows) >= 6
    text = dumps(record_from_match(match))
    assert dumps(record_from_match(replay(loads(text)))) == text


def test_the_rule_player_beats_random_over_duplicate_deals() -> None:
    stats = duplicate_table(game(widow="widow"), lambda g, s: BinocleMultiRulesBot(s),
                            lambda g, s: RandomBot(s), 40, 1, check=True)
    assert sum(stats.diffs) / len(stats.diffs) > 100


def test_a_whole_match_at_the_terminal(tmp_path: Any) -> None:
    from click.testing import CliRunner

    from bezique.cli import main as cli_main
    from bezique.record import read
    cli_main._register()
    path = tmp_path / "r.txt"
    result = CliRunner().invoke(cli_main.cli, [
        "play", "--game", "binocleauction", "--option", "widow=widow", "--seed", "3",
        "--record", str(path)], input="1\n" * 20000)
    assert result.exit_code == 0, result.output
    assert "Match over" in result.output
    assert replay(read(path)).is_over()


def test_pack_is_binocles() -> None:
    assert game().pack is PACK_48
