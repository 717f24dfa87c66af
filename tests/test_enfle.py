"""Enflé, or Rolling Stone (Foster's *Complete Hoyle*, the end of its description: INVENTORY
22; OTHER_GAMES "Enflé"), the beginning from the standard accounts: rule by rule, the
options and their errors, what each seat may see, the trick limit, the rule player, and
whole matches at the terminal."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bezique.bots import RandomBot, make_bot
from bezique.bots.arena import duplicate_table
from bezique.cli import main as cli_main
from bezique.core.cards import Card, Suit, parse_cards
from bezique.core.errors import IllegalActionError, NotationError, OptionError
from bezique.core.events import TrickWon
from bezique.core.match import Match
from bezique.games import make_game
from bezique.games.enfle import (
    TAKE_UP,
    DealDrawn,
    Enfle,
    EnfleState,
    TookUp,
    WentOut,
    hand_value,
)
from bezique.record import read, replay

cli_main._register()


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def game(**opts: object) -> Enfle:
    made = make_game("enfle", opts)
    assert isinstance(made, Enfle)
    return made


def stacked(hands: list[str], dealer: int = 3, **opts: object) -> EnfleState:
    """A deal whose hands are ``hands`` (seat order), dealt one at a time from the
    dealer's left."""
    g = game(**opts)
    n = g.num_players
    held = [cards(h) for h in hands]
    order = [held[(dealer + 1 + k) % n][i] for i in range(8) for k in range(n)]
    return g.deal(dealer, pack=order)


def position(hands: list[str], leader: int, **opts: object) -> EnfleState:
    """A position in the middle of a deal (the other cards dead in tricks turned down)."""
    g = game(**opts)
    s = EnfleState.__new__(EnfleState)
    s.start(g, 3, [cards(h) for h in hands], leader=leader)
    s.out, s.taken_up, s.carry = -1, 0, 0
    return s


def play(state: EnfleState, *moves: str) -> None:
    for m in moves:
        state.apply(state.parse_action(m))


#: two of each suit to each player: every trick is followed by all
EVEN = ["AS 7S AH 7H AD 7D AC 7C", "KS 8S KH 8H KD 8D KC 8C",
        "QS 9S QH 9H QD 9D QC 9C", "JS TS JH TH JD TD JC TC"]
#: a suit to each player: no one can follow anyone
SUITED = ["AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H",
          "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"]


# -- the pack, the deal, the lead --------------------------------------------------------------

@pytest.mark.parametrize("players,size,lowest", [(4, 32, 7), (5, 40, 5), (6, 48, 3)])
def test_the_pack_has_eight_cards_a_player_stripped_from_the_twos(players: int, size: int,
                                                                  lowest: int) -> None:
    """INVENTORY 22, the standard pack: four suits of as many cards as players, Ace high."""
    g = game(players=players)
    assert len(g.pack) == size == 8 * players
    assert min(int(c) & 15 for c in g.pack.cards) == lowest
    state = g.deal(0, seed=1)
    assert [len(h) for h in state.hands] == [8] * players and not state.stock


def test_the_cards_are_dealt_one_or_two_at_a_time_from_the_dealers_left() -> None:
    g = game()
    order = list(range(32))
    pack = [int(c) for c in g.pack.cards]
    ones = g.deal(3, pack=[pack[i] for i in order])
    assert ones.hands[0][:2] == [pack[0], pack[4]]  # seat 0, on the dealer's left, first
    twos = game(deal="twos").deal(3, pack=[pack[i] for i in order])
    assert twos.hands[0][:4] == [pack[0], pack[1], pack[8], pack[9]]


def test_the_eldest_hand_leads_any_card() -> None:
    state = stacked(EVEN, dealer=1)
    assert state.current_player() == 2
    assert sorted(int(a.card) for a in state.legal_actions()) == sorted(state.hands[2])


# -- following, the trick turned down -----------------------------------------------------------

def test_all_who_can_must_follow_suit() -> None:
    """Foster, Enflé: the others must follow suit if they can."""
    state = stacked(EVEN)
    play(state, "7S")
    assert sorted(str(a) for a in state.legal_actions()) == ["8S", "KS"]
    before = str(state)
    with pytest.raises(IllegalActionError, match="must follow suit"):
        state.apply(state.parse_action("KH"))
    with pytest.raises(IllegalActionError, match="can follow suit, so must"):
        state.apply(TAKE_UP)
    assert str(state) == before


def test_if_all_follow_the_highest_wins_the_trick_which_is_dead_and_he_leads() -> None:
    """Foster, Enflé: the highest card wins; the trick is turned down and its cards are
    dead; the winner leads. The Ace is high, the Ten between the Jack and the Nine."""
    state = stacked(EVEN)
    play(state, "7S", "8S", "QS", "TS")
    assert state.won[2] == cards("7S 8S QS TS") and state.tricks_won == [0, 0, 1, 0]
    assert state.current_player() == 2 and not state.trick
    assert [len(h) for h in state.hands] == [7, 7, 7, 7]
    assert isinstance(state.events()[-1], TrickWon)
    play(state, "9S", "JS", "AS", "KS")  # the Ace beats the King
    assert state.won[0] == cards("9S JS AS KS") and state.current_player() == 0


def test_a_player_who_cannot_follow_may_not_discard_but_takes_up_the_trick() -> None:
    """Foster, Enflé: unable to follow, he is not allowed to discard but must gather up
    the cards already played and take them into his hand."""
    state = stacked(SUITED)
    play(state, "7S")
    assert state.legal_actions() == [TAKE_UP]
    with pytest.raises(IllegalActionError, match="may not discard but must take up"):
        state.apply(state.parse_action("AH"))
    play(state, "take")
    assert sorted(state.hands[1]) == sorted(cards("AH KH QH JH TH 9H 8H 7H 7S"))
    assert isinstance(state.events()[-1], TookUp) and state.events()[-1].cards == (
        int(Card.parse("7S")),)


def test_those_after_the_renouncer_do_not_play_and_he_leads_any_card() -> None:
    """Foster, Enflé: the players after the one who renounces do not play to the trick,
    and wait for him to lead; he may lead the suit he renounced (Morehead)."""
    state = stacked(["AS KS QS JS AH KH QH JH", "TS 9S 8S 7S TH 9H 8H 7H",
                     "AD KD QD JD AC KC QC JC", "TD 9D 8D 7D TC 9C 8C 7C"])
    play(state, "AS", "7S")
    assert state.legal_actions() == [TAKE_UP]
    play(state, "take")
    assert [len(h) for h in state.hands] == [7, 7, 10, 8]  # seat 3 never played to it
    assert state.current_player() == 2 and not state.trick and state.tricks == 0
    assert "AS" in [str(a) for a in state.legal_actions()]


def test_should_any_fail_to_follow_on_any_later_trick_he_takes_up_likewise() -> None:
    state = stacked(SUITED)
    play(state, "7S", "take", "7S", "take", "7S")  # the Seven goes on round the table
    assert state.current_player() == 3 and state.legal_actions() == [TAKE_UP]
    play(state, "take")
    assert state.taken_up == 3 and cards("7S")[0] in state.hands[3]


def test_the_first_out_of_cards_wins_at_once_even_in_a_trick() -> None:
    """Foster, Enflé: play goes on until a player gets rid of all his cards, and so
    wins; the moment his last card is played (the standard accounts)."""
    state = position(["AS KH", "7S", "8S 9H", "9S 8H"], leader=0)
    play(state, "AS", "7S")
    assert state.is_terminal() and state.out == 1
    assert isinstance(state.events()[-1], WentOut)
    assert state.returns() == (-1, 3, -1, -1)
    lead = position(["AS", "7S KH", "8S", "9S"], leader=0)
    play(lead, "AS")
    assert lead.is_terminal() and lead.out == 0


# -- the pool, the scoring ------------------------------------------------------------------------

def test_each_puts_in_a_stake_and_the_winner_takes_the_pool() -> None:
    """Foster, Enflé: played for a pool, to which each contributes an equal amount."""
    for n in (4, 5, 6):
        state = game(players=n).deal(0, seed=4)
        rng = random.Random(4)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        points = state.returns()
        assert sum(points) == 0 and points[state.out] == n - 1
        assert sorted(points)[:-1] == [-1] * (n - 1)


def test_parletts_scoring_pays_the_winner_the_pips_left_in_each_hand() -> None:
    assert hand_value(cards("AS KS QS JS TS 9S")) == 1 + 10 + 10 + 10 + 10 + 9
    state = position(["AS KH", "7S", "8S 9H", "9S 8H"], leader=0, scoring="cards")
    play(state, "AS", "7S")
    assert state.returns() == (-10, 10 + 17 + 17, -17, -17)


# -- the trick limit ----------------------------------------------------------------------------

#: A position of a real deal (all rule players): four diamonds going round, each player
#: keeping a spade. Thirty legal actions bring it back exactly.
ROUND = ["QS 8D", "KS", "JS KD QD", "9S TD"]
ROUND_ACTIONS = ("KD TD 8D take KD QD take KD take KD 8D take KD QD take KD TD 8D take KD"
                 " QD take KD take KD 8D take KD QD take").split()


def test_a_deal_can_go_round_for_ever_under_legal_play() -> None:
    """The taken-up cards come back into play: a position can recur, so that nothing in
    the rules ends the deal (the reason for the trick limit)."""
    state = position(ROUND, leader=2)
    start = ([sorted(h) for h in state.hands], state.current_player())
    play(state, *ROUND_ACTIONS)
    assert ([sorted(h) for h in state.hands], state.current_player()) == start
    assert not state.is_terminal() and state.tricks == 0 and state.taken_up == 10


def test_a_deal_reaching_the_trick_limit_is_drawn_and_its_pool_carries() -> None:
    state = position(ROUND, leader=2, trick_limit=100)
    while not state.is_terminal():
        play(state, _next_round_move(state))
    assert state.out == -1 and state.rounds_played() == 100
    assert isinstance(state.events()[-1], DealDrawn)
    result = state.game.deal_result(state)
    assert result.points == (0, 0, 0, 0) and result.detail("drawn") == 1
    sheet = state.game.new_sheet()
    state.game.update_sheet(sheet, 1, 3, result)
    assert sheet.carry == 1
    # the next deal's winner takes both pools: two from each
    nxt = position(["AS KH", "7S", "8S 9H", "9S 8H"], leader=0)
    nxt.carry = sheet.carry
    play(nxt, "AS", "7S")
    won = state.game.deal_result(nxt)
    assert won.points == (-2, 6, -2, -2)
    state.game.update_sheet(sheet, 2, 0, won)
    assert sheet.carry == 0


def _next_round_move(state: EnfleState) -> str:
    legal = [str(a) for a in state.legal_actions()]
    if "take" in legal:
        return "take"
    if not state.trick and "KD" in legal:
        return "KD"
    return min(legal, key=lambda c: "789TJQKA".index(c[0]))


def test_random_play_ends_every_deal_well_within_the_limit() -> None:
    for n in (4, 5, 6):
        g = game(players=n)
        rng = random.Random(n)
        for _ in range(40):
            state = g.deal(0, rng=rng)
            while not state.is_terminal():
                state.apply(rng.choice(state.legal_actions()))
            assert state.out >= 0


# -- what each seat sees ----------------------------------------------------------------------

def test_the_cards_taken_up_are_known_to_all_and_the_rest_hidden() -> None:
    """Foster, Enflé: remember the cards taken in hand by each player: they were seen."""
    state = stacked(SUITED)
    play(state, "7S", "take")
    seven = Card.parse("7S")
    for seat in range(4):
        obs = state.observation(seat)
        assert obs.known_in_hand[1] == (seven,)
        assert obs.hands[1] is None or seat == 1
        assert obs.hand_sizes[1] == 9
    assert state.public_observation().known_in_hand[1] == (seven,)
    # his failure to follow: no spade in his hand but the one taken up
    excluded = state.observation(0).excluded[1]
    assert seven not in excluded and Card.parse("AS") in excluded
    for k in range(20):
        sample = state.resample(0, random.Random(k))
        assert seven in sample.hands[1]
        assert [c for c in sample.hands[1] if c >> 4 == Suit.SPADES] == [int(seven)]


def test_a_taken_up_card_played_again_leaves_the_hand_known() -> None:
    state = stacked(SUITED)
    play(state, "7S", "take", "7S")
    assert state.known[1] == [] and Suit.SPADES in state.observation(0).voids[1]


# -- options and notation --------------------------------------------------------------------

def test_the_names_of_the_game() -> None:
    for name in ("enfle", "Enflé", "Rolling Stone", "schwellen", "Schweller"):
        assert make_game(name).name == "enfle"


def test_options_refuse_what_the_game_does_not_take() -> None:
    for bad in ({"players": 3}, {"players": 7}, {"deal": "threes"}, {"scoring": "points"},
                {"rounds": 0}, {"trick_limit": 50}):
        with pytest.raises(OptionError):
            make_game("enfle", bad)


def test_notation_reads_cards_of_the_pack_and_take() -> None:
    state = stacked(SUITED)
    assert str(state.parse_action("10s")) == "TS" and str(state.parse_action("take")) == "take"
    assert state.game.parse_action(str(TAKE_UP)) == TAKE_UP
    with pytest.raises(NotationError, match="no 6 in its pack"):
        state.parse_action("6S")
    assert str(game(players=6).parse_action("3c")) == "3C"
    with pytest.raises(NotationError):
        state.parse_action("lead 7S")
    with pytest.raises(IllegalActionError, match="no trick to take up"):
        state.apply(TAKE_UP)


def test_a_card_outside_the_pack_is_no_action_of_the_game() -> None:
    from bezique.core.trick import PLAYS
    state = stacked(SUITED)
    with pytest.raises(IllegalActionError, match="not an action of Enflé"):
        state.apply(PLAYS[int(Card.parse("6S"))])


# -- the match ---------------------------------------------------------------------------------

def test_a_match_is_so_many_rounds_of_deals_and_the_highest_total_wins() -> None:
    for n in (4, 5):
        g = game(players=n, rounds=1)
        match = Match(g, seed=2)
        rng = random.Random(2)
        while not match.is_over():
            match.apply(rng.choice(match.state.legal_actions()))
        sheet = match.sheet
        assert len(sheet.rows) >= n and sum(sheet.totals) == 0
        assert sheet.winner == max(range(n), key=lambda c: sheet.totals[c])
        assert sheet.totals.count(max(sheet.totals)) == 1


# -- the rule player ---------------------------------------------------------------------------

@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_rule_player_beats_random_over_duplicate_deals(players: int) -> None:
    g = game(players=players)
    stats = duplicate_table(g, lambda gm, s: make_bot("rules", gm, s),
                            lambda gm, s: RandomBot(s), 60, 7, check=True)
    assert stats.mean > 0


def test_the_rule_player_leads_a_suit_the_next_player_surely_cannot_follow() -> None:
    state = stacked(SUITED)
    play(state, "7S", "take")   # seat 1 holds hearts and the 7S: no other spade
    bot = make_bot("rules", state.game, 1)
    advice = bot.advise(state)
    assert str(advice.action)[1] == "H" or "cannot follow" in " ".join(advice.reasons)


def test_the_rule_player_takes_up_when_it_must() -> None:
    state = stacked(SUITED)
    play(state, "7S")
    assert make_bot("rules", state.game, 1).choose(state) == TAKE_UP


# -- at the terminal ------------------------------------------------------------------------------

def run(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(cli_main.cli, ["play", *args], input=stdin)


@pytest.mark.parametrize("players", [4, 5])
def test_a_whole_match_at_the_terminal(tmp_path: Path, players: int) -> None:
    path = tmp_path / "enfle.txt"
    result = run("--game", "enfle", "--seed", "3", "--option", f"players={players}",
                 "--record", str(path), "--display", "plain", stdin="1\n" * 5000)
    out = result.output
    assert result.exit_code == 0, out
    assert re.search(rf"Deal 1 of {2 * players} · trick 1 · no trumps · pool {players}", out)
    assert "cannot follow suit and take" in out and "known in hand (taken up)" in out
    assert "You draw" not in out  # a trick taken up is taken in full view
    assert re.search(r"went out first and takes the pool", out)
    assert out.count("Match over") == 1
    match = replay(read(path))
    assert match.is_over() and out.count(" is over.") == len(match.deals)
