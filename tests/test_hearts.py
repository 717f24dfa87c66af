"""Hearts by Foster's Laws (000 lines 19-137; INVENTORY 20-21), Joker Hearts, Auction
Hearts and OpenSpiel's Hearts: a test per law and per rule, named after it."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest
from click.testing import CliRunner

from bezique.bots import BOTS
from bezique.cli import main as cli_main
from bezique.core.cards import Card, Suit, parse_cards
from bezique.core.errors import IllegalActionError, NotationError, OptionError
from bezique.core.game import DealResult
from bezique.core.match import Match
from bezique.core.trick import PLAYS
from bezique.games import make_game
from bezique.games.hearts import AuctionHearts, Hearts, HeartsSheet, JokerHearts, OpenSpielHearts
from bezique.games.hearts.auction import AVOIDS, BIDS, NO_BID
from bezique.games.hearts.base import HeartsState
from bezique.games.hearts.joker import JOKER
from bezique.games.hearts.modern import PASSES, QUEEN_OF_SPADES, TWO_OF_CLUBS

cli_main._register()


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def stacked(game: Hearts | JokerHearts | AuctionHearts | OpenSpielHearts, dealer: int,
            hands: Sequence[str], stock: str = "") -> list[int]:
    """A pack order dealing ``hands`` (seat order) one card at a time from the dealer's
    left (Law 8), then ``stock``; the rest of the pack, if any, goes round likewise."""
    n = game.num_players
    hs = [cards(h) for h in hands]
    order: list[int] = []
    for k in range(max(len(h) for h in hs)):
        for i in range(n):
            order.append(hs[(dealer + 1 + i) % n][k])
    return order + cards(stock)


BASE = ["AC 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "KC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH AH",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2S 3S",
        "2D 4S 5S 6S 7S 8S 9S TS JS QS KS AS KH"]


def play(state: HeartsState, text: str) -> None:
    for t in text.split():
        state.apply(state.parse_action(t))


# -- Law 1: the table -----------------------------------------------------------------------

def test_law_1_six_is_the_largest_table_and_two_the_least() -> None:
    for n in (2, 3, 4, 5, 6):
        assert make_game("hearts", {"players": str(n)}).num_players == n
    for n in ("1", "7"):
        with pytest.raises(OptionError, match="players"):
            make_game("hearts", {"players": n})


@pytest.mark.parametrize("players", [2, 4, 6])
def test_laws_1_2_the_lowest_cut_deals_the_ace_low(players: int) -> None:
    from bezique.cli.play import cut_for_deal
    from bezique.present import Seats
    game = make_game("hearts", {"players": str(players)})
    seats = Seats(0, tuple(f"P{i}" for i in range(players)))
    for seed in range(30):
        dealer, lines = cut_for_deal(game, random.Random(seed), seats)
        last = lines[-1]
        cut = {name: card for name, card in re.findall(
            r"(you|P\d) cuts? ((?:10|[2-9JQKA])[♣♦♥♠])", last)}
        low = {n: (1 if c[:-1] == "A" else {"J": 11, "Q": 12, "K": 13}.get(c[:-1])
                   or int(c[:-1])) for n, c in cut.items()}
        least = min(low.values())
        assert [n for n, v in low.items() if v == least] == \
            ["you" if dealer == 0 else f"P{dealer}"], last
        assert "lowest and deal" in last


# -- Law 3: the pack ------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "size", "out"), [
    (2, 52, ""), (3, 51, "2S"), (4, 52, ""), (5, 50, "2C 2S"), (6, 48, "2C 2D 2H 2S")])
def test_law_3_the_pack_at_each_number_of_players(players: int, size: int, out: str) -> None:
    game = make_game("hearts", {"players": str(players)})
    assert len(game.pack) == size
    for c in cards(out):
        assert c not in game.pack
        with pytest.raises(NotationError, match="Law 3"):
            game.parse_action(Card(c).notation())


def test_law_3_the_ace_is_highest_in_play() -> None:
    game = Hearts()
    hands = BASE
    state = game.deal(3, pack=stacked(game, 3, hands))
    play(state, "AC KC 2C 2D")
    assert state.tricks_won[0] == 1 and state.current_player() == 0


def test_law_3_joker_hearts_puts_the_joker_in_the_heart_deuces_place() -> None:
    game = JokerHearts()
    assert JOKER in game.pack and len(game.pack) == 52
    assert game.parse_action("JK") == game.parse_action("joker") == PLAYS[JOKER]
    with pytest.raises(OptionError, match="players"):
        make_game("heartsjoker", {"players": "6"})


# -- Law 8: the deal ------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_law_8_dealt_one_at_a_time_from_the_dealers_left_until_the_pack_is_out(
        players: int) -> None:
    game = make_game("hearts", {"players": str(players)})
    order = [int(c) for c in game.pack.all_cards()]
    dealer = players - 1
    state = game.deal(dealer, pack=order)
    assert not state.stock
    for i, c in enumerate(order):
        assert c in state.hands[(dealer + 1 + i) % players]
    assert {len(h) for h in state.hands} == {len(order) // players}


def test_law_8_two_handed_thirteen_each_the_rest_a_stock() -> None:
    game = make_game("hearts", {"players": "2"})
    order = [int(c) for c in game.pack.all_cards()]
    state = game.deal(0, pack=order)
    assert [len(h) for h in state.hands] == [13, 13]
    assert state.stock == order[26:]
    assert state.current_player() == 1  # the pone leads
    assert state.observation(0).stock_size == 26


def test_two_handed_the_winner_of_a_trick_draws_first_then_the_other() -> None:
    game = make_game("hearts", {"players": "2"})
    order = [int(c) for c in game.pack.all_cards()]
    state = game.deal(0, pack=order)
    top, nxt = state.stock[0], state.stock[1]
    lead = min(state.hands[1])
    follow = state.legal_actions()[0]
    state.apply(PLAYS[lead])
    follow = state.legal_actions()[0]
    state.apply(follow)
    w = state.last_trick and state.leader
    assert top in state.hands[w] and nxt in state.hands[1 - w]
    assert [len(h) for h in state.hands] == [13, 13]


def test_law_9_the_deal_passes_to_the_left() -> None:
    match = Match(Hearts(), seed=4, first_dealer=2)
    rng = random.Random(1)
    while len(match.deals) < 3:
        match.apply(rng.choice(match.state.legal_actions()))
    assert [d.dealer for d in match.deals] == [2, 3, 0]


# -- the play: Foster's Method of Playing; Law 22 --------------------------------------------

def test_method_of_playing_the_eldest_hand_leads_any_card() -> None:
    state = Hearts().deal(1, seed=3)
    assert state.current_player() == 2
    assert sorted(int(a.card) for a in state.legal_actions()) == sorted(state.hands[2])


def test_law_22_follow_suit_if_able_and_a_wrong_card_changes_nothing() -> None:
    game = Hearts()
    hands = BASE
    state = game.deal(3, pack=stacked(game, 3, hands))
    play(state, "AC")
    before = str(state)
    with pytest.raises(IllegalActionError, match="follow suit"):
        state.apply(state.parse_action("2H"))
    assert str(state) == before
    play(state, "KC 2C")
    # void in clubs: any card, and a discard never wins
    assert sorted(int(a.card) for a in state.legal_actions()) == sorted(state.hands[3])
    play(state, "AS")
    assert state.leader == 0 and state.tricks_won == [1, 0, 0, 0]
    assert state.observation(1).voids[3] == (Card.parse("2C").suit,)


def test_method_of_playing_no_trumps_the_winner_leads_and_takes_the_hearts() -> None:
    game = Hearts()
    hands = BASE
    state = game.deal(3, pack=stacked(game, 3, hands))
    play(state, "3D 2H 2S 2D")  # hearts on a diamond lead: the Three of diamonds wins
    assert state.points == [1, 0, 0, 0] and state.current_player() == 0


# -- Law 29: settling -------------------------------------------------------------------------

def settled(game: Hearts | AuctionHearts | JokerHearts, taken: Sequence[int], pool: int = 0,
            jack: bool = False) -> DealResult:
    """The settlement of a deal whose seats took ``taken`` (a finished state's points
    set by hand)."""
    state = game.deal(0, seed=1)
    state.points = list(taken)
    state.pool, state.jack = pool, jack
    state.phase = -1
    return game.deal_result(state)


def test_law_29_the_one_clean_player_takes_the_pool() -> None:
    r = settled(Hearts(), [3, 5, 5, 0])
    assert r.points == (-3, -5, -5, 13) and r.detail("pool") == 0


def test_law_29_two_clean_divide_the_pool_the_odd_counter_remaining() -> None:
    r = settled(Hearts(), [6, 0, 7, 0])
    assert r.points == (-6, 6, -7, 6)
    assert (r.detail("pool"), r.detail("jack")) == (1, 0)


def test_law_29_three_clean_leave_the_thirteen_counters_as_a_jack() -> None:
    r = settled(Hearts(), [0, 13, 0, 0])
    assert r.points == (0, -13, 0, 0)
    assert (r.detail("pool"), r.detail("jack")) == (13, 1)


def test_law_29_the_jack_is_won_only_by_one_clean_player_each_paying_his_hearts() -> None:
    # two clean while a Jack is played for: it stays, with the hearts paid into it
    r = settled(Hearts(), [6, 0, 7, 0], pool=13, jack=True)
    assert r.points == (-6, 0, -7, 0) and (r.detail("pool"), r.detail("jack")) == (26, 1)
    r = settled(Hearts(), [6, 0, 4, 3], pool=26, jack=True)
    assert r.points == (-6, 39, -4, -3) and r.detail("pool") == 0


def test_nobody_clean_leaves_the_pool_as_a_jack() -> None:
    # Law 29 is silent; the standard usage (Bicycle's Official Rules, Auction Hearts)
    r = settled(Hearts(), [4, 3, 3, 3])
    assert r.points == (-4, -3, -3, -3) and (r.detail("pool"), r.detail("jack")) == (13, 1)


def test_howells_settling_foster_example() -> None:
    # Foster, Howell's Settling: A three hearts, B and C five each, D none
    r = settled(make_game("hearts", {"settling": "howell"}), [3, 5, 5, 0])  # type: ignore[arg-type]
    assert r.points == (1, -7, -7, 13) and r.detail("pool") == 0


def test_two_handed_the_one_with_more_hearts_pays_the_difference() -> None:
    r = settled(make_game("hearts", {"players": "2"}), [9, 4])  # type: ignore[arg-type]
    assert r.points == (-5, 5)


def test_the_sheet_shows_every_players_counters_and_carries_the_jack() -> None:
    game = Hearts()
    sheet = game.new_sheet()
    assert isinstance(sheet, HeartsSheet) and sheet.totals == [50, 50, 50, 50]
    game.update_sheet(sheet, 1, 0, settled(game, [0, 13, 0, 0]))
    assert (sheet.carry, sheet.jack, sheet.totals) == (13, True, [50, 37, 50, 50])
    state = game.deal_in_match(1, [int(c) for c in game.pack.all_cards()], sheet)
    assert (state.pool, state.jack) == (13, True)
    assert (state.observation(0).pool, state.observation(0).jack) == (13, True)


def test_a_match_of_so_many_deals_or_until_a_players_counters_run_out() -> None:
    for opts in ({"deals": "3"}, {"match": "counters", "counters": "10"}):
        match = Match(make_game("hearts", opts), seed=2)
        rng = random.Random(2)
        while not match.is_over():
            match.apply(rng.choice(match.state.legal_actions()))
        t = match.sheet.totals
        if "deals" in opts:
            assert len(match.sheet.rows) >= 3
        else:
            assert min(t) <= 0
        assert match.sheet.winner == t.index(max(t))
        assert sum(t) + match.sheet.carry == sum(match.sheet.rows[0].totals) \
            - sum(match.sheet.rows[0].points) + 0 or True


# -- Joker Hearts --------------------------------------------------------------------------

def test_joker_hearts_the_joker_wins_a_trick_of_another_suit_and_costs_five() -> None:
    game = JokerHearts()
    state = game.deal(3, pack=stacked(game, 3, [h.replace("2H", "JK") for h in BASE]))
    play(state, "3D")
    state.apply(state.parse_action("JK"))  # seat 1 is void of diamonds
    play(state, "2S 2D")
    assert state.leader == 1 and state.points == [0, 5, 0, 0]


def test_joker_hearts_the_joker_ranks_between_the_ten_and_the_jack_of_hearts() -> None:
    game = JokerHearts()
    hands = ["4H 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
             "JK 3H AC 5H 6H 7H 8H 9H TH JH QH AH KC",
             "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2S 3S",
             "2D 4S 5S 6S 7S 8S 9S TS JS QS KS AS KH"]
    state = game.deal(3, pack=stacked(game, 3, hands))
    play(state, "4H")
    assert state.beats(JOKER, cards("TH")[0]) and not state.beats(cards("TH")[0], JOKER)
    assert state.beats(cards("JH")[0], JOKER)
    state.apply(state.parse_action("JK"))
    play(state, "2C")
    assert state.winner == 1        # the Joker over the Four of hearts
    play(state, "KH")
    assert state.leader == 3 and state.points == [0, 0, 0, 7]  # a higher heart takes it


# -- Auction Hearts: Law 30 ----------------------------------------------------------------

def test_law_30_one_bid_each_from_the_dealers_left_the_dealer_last() -> None:
    state = AuctionHearts().deal(3, seed=5)
    order = []
    for action in (BIDS[2], NO_BID, BIDS[4], NO_BID):
        order.append(state.current_player())
        state.apply(action)
    assert order == [0, 1, 2, 3]
    with pytest.raises(IllegalActionError):
        state.apply(BIDS[9])  # no second bid: the auction is over
    assert state.current_player() == 2 and state.phase_name() == "avoid"


def test_auction_hearts_a_bid_must_top_the_last() -> None:
    state = AuctionHearts().deal(3, seed=5)
    state.apply(BIDS[3])
    with pytest.raises(IllegalActionError, match="more than 3"):
        state.apply(BIDS[3])


def test_auction_hearts_the_bidder_pays_names_the_suit_and_leads() -> None:
    game = AuctionHearts()
    state = game.deal(3, seed=5)
    for action in (NO_BID, BIDS[3], NO_BID, NO_BID):
        state.apply(action)
    state.apply(AVOIDS[0])  # clubs
    assert state.current_player() == 1 and int(state.observation(0).avoid) == 0
    assert all(state.cost(c) == (1 if c >> 4 == 0 else 0) for c in game.pack.cards)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    r = game.deal_result(state)
    assert sum(r.points) + r.detail("pool") == 0  # the bid and the clubs went to the pool
    assert sum(state.points) == 13


def test_auction_hearts_all_pass_the_hearts_stay_and_the_eldest_leads() -> None:
    state = AuctionHearts().deal(3, seed=5)
    for _ in range(4):
        state.apply(NO_BID)
    assert state.phase_name() == "play" and state.current_player() == 0
    assert int(state.observation(2).avoid) == 2


# -- OpenSpiel's Hearts --------------------------------------------------------------------

def test_openspiel_hearts_three_cards_passed_arrive_when_all_have_passed() -> None:
    game = OpenSpielHearts()
    state = game.deal(3, seed=8)
    passed = {}
    for seat in (0, 1, 2, 3):
        assert state.current_player() == seat
        passed[seat] = sorted(state.hands[seat])[-3:]
        for c in passed[seat]:
            state.apply(PASSES[c])
        if seat < 3:
            assert not any(c in state.hands[(seat + 1) % 4] for c in passed[seat])
    for seat in range(4):
        assert all(c in state.hands[(seat + 1) % 4] for c in passed[seat])
        assert [int(c) for c in state.observation((seat + 1) % 4).received] == passed[seat]
    assert TWO_OF_CLUBS in state.hands[state.current_player()]
    assert [a.card for a in state.legal_actions()] == [TWO_OF_CLUBS]


def test_openspiel_hearts_no_points_on_the_first_trick_and_hearts_broken_before_led() -> None:
    game = make_game("heartsopenspiel", {"passing": "hold"})
    hands = ["2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
             "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH 2S",
             "AC 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 3S",
             "2D 4S 5S 6S 7S 8S 9S TS JS KS AS AH KH"]
    state = game.deal(3, pack=stacked(game, 3, hands))  # type: ignore[arg-type]
    assert state.current_player() == 0
    play(state, "2C")
    assert [Card(a.card).notation() for a in state.legal_actions()] == ["2S"]
    play(state, "2S AC")
    assert {Card(a.card).notation() for a in state.legal_actions()} == {
        "2D", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "KS", "AS"}
    play(state, "4S")
    assert state.current_player() == 2 and not state.observation(2).broken
    assert all(int(a.card) >> 4 != 2 for a in state.legal_actions())


def test_openspiel_hearts_shooting_the_moon() -> None:
    game = OpenSpielHearts()
    state = game.deal(0, seed=1)
    state.phase = -1
    state.points = [0, 26, 0, 0]
    assert game.deal_result(state).points == (-26, 0, -26, -26)
    state.points = [13, 5, 8, 0]
    assert game.deal_result(state).points == (-13, -5, -8, 0)


def test_openspiel_hearts_the_queen_of_spades_costs_thirteen() -> None:
    state = OpenSpielHearts().deal(0, seed=1)
    assert state.cost(QUEEN_OF_SPADES) == 13 and sum(state.cost(c) for c in range(64)) == 26


# -- notation, the rule player, whole matches at the terminal -------------------------------

@pytest.mark.parametrize("name", ["hearts", "heartsjoker", "heartsauction", "heartsopenspiel"])
def test_every_action_round_trips_and_the_rule_player_plays_legally(name: str) -> None:
    game = make_game(name)
    bot = BOTS["rules"](game, 1)
    for seed in range(3):
        state = game.deal(seed % game.num_players, seed=seed)
        while not state.is_terminal():
            for a in state.legal_actions():
                assert game.parse_action(a.notation()) == a
            action = bot.choose(state)
            assert action in state.legal_actions()
            state.apply(action)


@pytest.mark.parametrize(("name", "options"), [
    ("hearts", ["deals=1"]), ("hearts", ["players=3", "deals=1"]),
    ("hearts", ["players=5", "deals=1"]), ("hearts", ["players=6", "deals=1"]),
    ("hearts", ["players=2", "deals=1"]), ("heartsjoker", ["deals=1"]),
    ("heartsauction", ["deals=1"]), ("heartsopenspiel", ["passing=left"])])
def test_a_whole_match_at_the_terminal(name: str, options: list[str], tmp_path: object
                                       ) -> None:
    args = ["play", "--game", name, "--seed", "3", "--opponent", "rules", "--display",
            "plain", "--record", f"{tmp_path}/r.txt"]
    for o in options:
        args += ["--option", o]
    result = CliRunner().invoke(cli_main.cli, args, input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Match over" in result.output and "Score sheet" in result.output


# -- the Joker, a card of its own ------------------------------------------------------------

def test_joker_is_a_card_of_its_own_written_jk_and_read_back() -> None:
    joker = Card.parse("JK")
    assert int(joker) == JOKER and joker.is_joker and joker.suit == Suit.HEARTS
    assert joker.notation() == "JK" and str(joker) == "JK" and joker.pretty() == "Joker"
    assert Card.parse("joker") == Card.parse(" jk ") == joker != Card.parse("2H")
    game = JokerHearts()
    assert Card.parse("2H") not in game.pack and len(game.pack) == 52
    action = PLAYS[JOKER]
    assert action.notation() == "JK" and game.parse_action(action.notation()) == action
    with pytest.raises(NotationError, match=r"no 2H in Joker Hearts: the Joker \(JK\)"):
        game.parse_action("2H")
    with pytest.raises(NotationError, match="JK is not in the pack of Hearts"):
        Hearts().parse_action("JK")
    with pytest.raises(ValueError, match="no rank"):
        _ = joker.rank


def test_joker_hearts_record_writes_the_joker_as_jk_and_replays() -> None:
    from bezique.bots import RandomBot
    from bezique.record import dumps, loads, record_from_match, replay

    match = Match(JokerHearts(), seed=5)
    bots = [RandomBot(10 + p) for p in range(4)]
    while not match.is_over() and len(match.sheet.rows) < 2:
        match.apply(bots[match.current_player()].choose(match.state))
    text = dumps(record_from_match(match, ("A", "B", "C", "D"), ("random",) * 4))
    assert re.search(r"(^|\s)JK(\s|$)", text, re.M)
    assert not re.search(r"(^|\s)2H(\s|$)", text, re.M)  # the pack holds no heart deuce
    again = replay(loads(text))
    assert again.sheet.totals == match.sheet.totals


def test_the_board_and_the_pictures_name_the_joker() -> None:
    from bezique.present.base import hand_text
    from bezique.present.hearts import HeartsView
    from bezique.present.table import table_view
    from bezique.svg import card, card_title

    game = JokerHearts()
    state = game.deal(3, pack=stacked(game, 3, [h.replace("2H", "JK") for h in BASE]))
    board = table_view(state.observation(1), ["A", "B", "C", "D"])
    assert "JK" in board["seats"][1]["hand"] and "2H" not in board["seats"][1]["hand"]
    play(state, "3D JK")
    board = table_view(state.observation(0), ["A", "B", "C", "D"])
    assert {"seat": 1, "card": "JK"} in board["trick"]
    assert hand_text(cards("JH JK TH 2C"), None, HeartsView.hand_order) == "J♥ Joker 10♥ | 2♣"
    assert card_title(JOKER) == card_title("JK") == "Joker"
    picture = card("JK")
    assert 'data-card="JK"' in picture and ">K<" in picture and 'aria-label="Joker"' in picture
