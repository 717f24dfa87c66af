"""Écarté (Enquire Within 118-119, INVENTORY 23; the opening the text lacks filled with
Cavendish's club code and the 1911 Britannica): rule by rule, the options and their
errors, what each seat may see, the rule player's advice, records, and a whole match at
the terminal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from bezique.bots import make_bot, rule_games
from bezique.bots.ecarte_rules import EcarteRulesBot, jeu_de_regle, refuses
from bezique.cli import main as cli_main
from bezique.core.cards import Card, parse_cards
from bezique.core.errors import IllegalActionError, NotationError, OptionError
from bezique.core.match import Match
from bezique.games import GAMES, make_game
from bezique.games.ecarte import (
    ACCEPT,
    KING_HELD,
    KING_TURNED,
    MARK_KING,
    ORDER,
    PACK,
    PROPOSE_ACTION,
    REFUSE,
    REFUSED_AND_FAILED,
    SCORE_VALUES,
    STAND,
    STOOD_AND_FAILED,
    TAKE,
    THE_POINT,
    THE_VOLE,
    Discard,
    Ecarte,
    EcarteState,
    parse_action,
)
from bezique.record import dumps, loads, read, record_from_match, replay

cli_main._register()


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def game(**opts: object) -> Ecarte:
    g = make_game("ecarte", opts)
    assert isinstance(g, Ecarte)
    return g


def stacked(elder: str, dealer: str, turn_up: str, talon: str = "",
            deal_by: str = "3-2") -> list[int]:
    """A pack order dealing ``elder`` and ``dealer`` their hands (by three and two, or
    two and three), turning ``turn_up``, the talon's top cards ``talon`` first and the
    rest of the pack after them."""
    e, d = cards(elder), cards(dealer)
    k = 3 if deal_by == "3-2" else 2
    order = e[:k] + d[:k] + e[k:] + d[k:] + cards(turn_up) + cards(talon)
    rest = [int(c) for c in PACK.all_cards() if int(c) not in order]
    return order + rest


def deal(elder: str, dealer: str, turn_up: str, talon: str = "", **opts: object
         ) -> EcarteState:
    """Seat 0 deals: seat 1 is the elder."""
    g = game(**opts)
    return g.deal(0, pack=stacked(elder, dealer, turn_up, talon,
                                  str(opts.get("deal_by", "3-2"))))


def exchange(state: EcarteState, discards: str) -> None:
    """The seat to move discards ``discards`` face down, a card at a time, and takes."""
    for c in discards.split():
        state.apply(parse_action(f"discard {c}"))
    state.apply(TAKE)


def play_out(state: EcarteState) -> None:
    """Each plays the first card he may (the cards are listed lowest id first)."""
    while not state.is_terminal():
        state.apply(next(a for a in state.legal_actions() if hasattr(a, "card")))


def scores(state: EcarteState) -> list[tuple[int, int, str]]:
    return state.score_events()


# -- the game and its registration ---------------------------------------------------------

def test_registered_with_its_aliases_and_a_rule_player() -> None:
    assert GAMES["ecarte"] is Ecarte
    for name in ("ecarte", "Écarté", "écarté", "ECARTE"):
        assert type(make_game(name)) is Ecarte
    assert "ecarte" in rule_games()
    state = game().deal(0, seed=3)
    assert make_bot("rules", game(), 1).choose(state) in state.legal_actions()


def test_ew119_the_pack_is_32_cards_ranked_king_queen_knave_ace_ten() -> None:
    """The standard pack and order (the text gives neither): K Q J A 10 9 8 7."""
    assert len(PACK) == 32
    assert [c.rank.letter for c in parse_cards("KS QS JS AS TS 9S 8S 7S")] == \
        [r.letter for r in ORDER.ranks]
    # the Knave takes the Ace: the elder leads AS, the dealer must win with JS
    state = deal("AS 7C 8C 9C TC", "JS 7D 8D 9D TD", "7H")
    state.apply(STAND)
    state.apply(parse_action("AS"))
    assert [str(a) for a in state.legal_actions()] == ["JS"]


@pytest.mark.parametrize("deal_by", ["3-2", "2-3"])
def test_ew119_five_cards_each_by_three_and_two_or_two_and_three(deal_by: str) -> None:
    order = [int(c) for c in PACK.all_cards()]
    state = game(deal_by=deal_by).deal(0, pack=order)
    k = 3 if deal_by == "3-2" else 2
    assert state.hands[1] == order[:k] + order[2 * k:5 + k]  # the elder first
    assert state.hands[0] == order[k:2 * k] + order[5 + k:10]


def test_ew119_the_eleventh_card_turned_for_trumps_the_rest_face_down() -> None:
    order = stacked("7C 8C 9C TC AC", "7D 8D 9D TD AD", "9H", "8H 7H")
    state = game().deal(0, pack=order)
    assert state.turn_up == order[10] and state.trump == order[10] >> 4
    assert len(state.stock) == 21 and state.stock[-1] == cards("8H")[0]  # the top: 12th
    obs = state.observation(1)
    assert obs.turn_up == Card.parse("9H") and obs.stock_size == 21


def test_ew119_a_king_turned_up_is_marked_by_the_dealer() -> None:
    state = deal("7C 8C 9C TC AC", "7D 8D 9D TD AD", "KH")
    assert scores(state) == [(0, 1, KING_TURNED)]
    assert state.observation(1).kings == ((0, "turned"),)
    assert deal("7C 8C 9C TC AC", "7D 8D 9D TD AD", "QH").points == [0, 0]


def test_ew119_a_king_of_trumps_in_hand_is_marked_before_the_first_card() -> None:
    state = deal("KH 7C 8C 9C TC", "7D 8D 9D TD AD", "7H")
    state.apply(STAND)
    assert MARK_KING in state.legal_actions()
    state.apply(MARK_KING)
    assert scores(state) == [(1, 1, KING_HELD)]
    assert MARK_KING not in state.legal_actions()  # once
    assert state.observation(0).known_in_hand[1] == (Card.parse("KH"),)
    # not marked before his first card, the right is lost
    late = deal("KH 7C 8C 9C TC", "7D 8D 9D TD AD", "7H")
    late.apply(STAND)
    late.apply(parse_action("7C"))
    late.apply(late.legal_actions()[0])
    assert MARK_KING not in late.legal_actions()
    with pytest.raises(IllegalActionError, match="before its holder plays his first card"):
        late.apply(MARK_KING)


def test_ew119_the_dealer_marks_his_king_before_he_plays_to_the_first_trick() -> None:
    state = deal("7C 8C 9C TC AC", "KH 7D 8D 9D TD", "7H")
    state.apply(STAND)
    assert MARK_KING not in state.legal_actions()  # the elder has no King
    state.apply(parse_action("7C"))
    assert MARK_KING in state.legal_actions()
    state.apply(MARK_KING)
    assert state.points == [1, 0]


def test_king_announce_until_played_lets_the_king_be_marked_later() -> None:
    for option, later in (("before_first_card", False), ("until_played", True)):
        state = deal("KH 7C 8C 9C TC", "7D 8D 9D TD AD", "7H", king_announce=option)
        state.apply(STAND)
        state.apply(parse_action("7C"))
        state.apply(parse_action("7D"))  # no club, no trump: the elder wins and leads
        assert state.current_player() == 1
        assert (MARK_KING in state.legal_actions()) == later


def test_ew119_a_proposal_or_acceptance_cannot_be_retracted() -> None:
    state = deal("7C 8C 9C TC AC", "7D 8D 9D TD AD", "7H")
    state.apply(PROPOSE_ACTION)
    assert state.legal_actions() == [ACCEPT, REFUSE]
    before = str(state)
    with pytest.raises(IllegalActionError, match="accepts or refuses"):
        state.apply(STAND)  # the proposal stands
    assert str(state) == before
    state.apply(ACCEPT)
    with pytest.raises(IllegalActionError, match="discards"):
        state.apply(REFUSE)  # so does the acceptance
    assert all(isinstance(a, Discard) for a in state.legal_actions())  # the elder: one


def test_ew119_discards_lie_face_down_seen_by_nobody_else() -> None:
    state = deal("7C 8C 9C TC AC", "7D 8D 9D TD AD", "7H")
    state.apply(PROPOSE_ACTION)
    state.apply(ACCEPT)
    exchange(state, "7C 8C")
    exchange(state, "7D")
    mine, theirs, public = state.observation(1), state.observation(0), \
        state.public_observation()
    assert mine.discards == tuple(parse_cards("7C 8C"))
    assert theirs.discards == tuple(parse_cards("7D"))
    assert public.discards == () and public.discarded == (1, 2)
    for c in ("7C", "8C"):
        assert c not in repr(theirs) and c not in repr(public)
        assert Card.parse(c) in state.hidden_from(0)


def test_each_discards_and_draws_from_the_talon_in_turn_the_elder_first() -> None:
    state = deal("7C 8C 9C TC AC", "7D 8D 9D TD AD", "7H", "KS QS JS")
    state.apply(PROPOSE_ACTION)
    state.apply(ACCEPT)
    assert state.current_player() == 1  # the elder first
    exchange(state, "7C 8C")
    assert sorted(state.hands[1]) == sorted(cards("9C TC AC KS QS"))
    assert state.current_player() == 0
    exchange(state, "7D")
    assert sorted(state.hands[0]) == sorted(cards("8D 9D TD AD JS"))
    assert len(state.stock) == 18 and state.phase == 0  # the elder may propose again


def test_proposals_go_on_while_accepted_until_the_talon_is_too_short() -> None:
    state = deal("7C 8C 9C TC AC", "7D 8D 9D TD AD", "7H")
    while state.phase != 4:
        kind = str(state.legal_actions()[0])
        if kind == "propose":
            state.apply(PROPOSE_ACTION)
        elif kind == "accept":
            state.apply(ACCEPT)
        else:  # discard as many as may be, then take
            state.apply(state.legal_actions()[0])
    assert state.stock == [] and state.exchanges == 3 and state.proposal == "exhausted"
    assert state.discards[1] and len(state.hands[0]) == len(state.hands[1]) == 5
    # a talon of one card: the elder may take it, the dealer then has none
    assert [len(state.discards[p]) for p in (1, 0)] == [11, 10]


def test_exchanges_one_allows_a_single_exchange() -> None:
    state = deal("7C 8C 9C TC AC", "7D 8D 9D TD AD", "7H", exchanges="one")
    state.apply(PROPOSE_ACTION)
    state.apply(ACCEPT)
    exchange(state, "7C")
    exchange(state, "")
    assert state.phase == 4 and state.proposal == "stood"


def test_later_proposals_either_lets_the_dealer_propose_in_his_turn() -> None:
    state = deal("7C 8C 9C TC AC", "7D 8D 9D TD AD", "7H", later_proposals="either")
    state.apply(PROPOSE_ACTION)
    state.apply(ACCEPT)
    exchange(state, "7C")
    exchange(state, "")
    state.apply(STAND)  # the elder wants no more
    assert state.current_player() == 0 and PROPOSE_ACTION in state.legal_actions()
    state.apply(PROPOSE_ACTION)
    assert state.current_player() == 1 and state.legal_actions() == [ACCEPT, REFUSE]
    state.apply(REFUSE)
    assert state.refused == -1  # no penalty: not the first proposal


def test_dealer_discard_any_or_at_least_one() -> None:
    for option, least in (("any", 0), ("at_least_one", 1)):
        state = deal("7C 8C 9C TC AC", "7D 8D 9D TD AD", "7H", dealer_discard=option)
        state.apply(PROPOSE_ACTION)
        state.apply(ACCEPT)
        assert TAKE not in state.legal_actions()  # the elder throws one at least
        exchange(state, "7C")
        assert (TAKE in state.legal_actions()) == (least == 0)
    with pytest.raises(IllegalActionError, match="at least"):
        state.apply(TAKE)


def test_the_second_must_follow_suit_and_win_the_trick_if_he_can() -> None:
    state = deal("9S 7C 8C 9C TC", "7S QS 7D 8D JH", "7H")
    state.apply(STAND)
    state.apply(parse_action("9S"))
    assert [str(a) for a in state.legal_actions()] == ["QS"]  # win if he can
    with pytest.raises(IllegalActionError, match="must win the trick"):
        state.apply(parse_action("7S"))
    with pytest.raises(IllegalActionError, match="must follow suit"):
        state.apply(parse_action("7D"))


def test_void_in_the_suit_led_he_must_trump_unless_must_trump_is_off() -> None:
    state = deal("7C 8C 9C TC AC", "7S QS 7D 8D JH", "7H")
    state.apply(STAND)
    state.apply(parse_action("7C"))
    assert [str(a) for a in state.legal_actions()] == ["JH"]
    with pytest.raises(IllegalActionError, match="must trump"):
        state.apply(parse_action("7D"))
    loose = deal("7C 8C 9C TC AC", "7S QS 7D 8D JH", "7H", must_trump=False)
    loose.apply(STAND)
    loose.apply(parse_action("7C"))
    assert len(loose.legal_actions()) == 5


def test_ew119_three_or_four_tricks_the_point_scores_one() -> None:
    state = deal("KH QH 7D 8D 9D", "JH KS QS 7C 8C", "7H")
    state.apply(PROPOSE_ACTION)
    state.apply(ACCEPT)
    exchange(state, "7D")
    exchange(state, "")
    state.apply(STAND)
    play_out(state)
    assert 3 <= state.tricks_won[1] <= 4
    assert scores(state) == [(1, 1, THE_POINT)]


def test_ew119_all_five_tricks_the_vole_scores_two() -> None:
    state = deal("KH QH JH AH TH", "7C 8C 9C TC AC", "7H")
    state.apply(PROPOSE_ACTION)
    state.apply(ACCEPT)
    exchange(state, "TH")
    exchange(state, "")
    state.apply(STAND)
    play_out(state)
    if state.tricks_won[1] == 5:
        assert scores(state) == [(1, 2, THE_VOLE)]


def test_ew118_the_elder_playing_without_proposing_and_failing_gives_two_points() -> None:
    state = deal("JH KS QS 7C 8C", "KH QH 7D 8D 9D", "7H")
    state.apply(STAND)
    assert state.stood == 1
    play_out(state)
    assert state.tricks_won == [4, 1]
    assert scores(state) == [(0, 2, STOOD_AND_FAILED)]


def test_ew119_the_dealer_refusing_the_first_proposal_and_failing_gives_two_points() -> None:
    state = deal("KH QH 7D 8D 9D", "JH KS QS 7C 8C", "7H")
    state.apply(PROPOSE_ACTION)
    state.apply(REFUSE)
    assert state.refused == 0
    play_out(state)
    assert state.tricks_won == [1, 4]
    assert scores(state) == [(1, 2, REFUSED_AND_FAILED)]


def test_ew118_the_penalties_are_two_points_not_two_tricks() -> None:
    """EW 119 once says "gives two tricks" for the elder's penalty; EW 118 and the
    dealer's rule say two points, which is what is scored."""
    assert SCORE_VALUES[STOOD_AND_FAILED] == SCORE_VALUES[REFUSED_AND_FAILED] == 2


def test_the_elder_who_plays_without_proposing_and_wins_scores_only_the_point() -> None:
    state = deal("KH QH 7D 8D 9D", "JH KS QS 7C 8C", "7H")
    state.apply(STAND)
    play_out(state)
    assert scores(state) == [(1, 1, THE_POINT)]


def test_ew118_game_five_the_first_to_mark_five_wins_at_once() -> None:
    g = game()
    sheet = g.new_sheet()
    sheet.totals = [4, 2]
    pack = stacked("7C 8C 9C TC AC", "7D 8D 9D TD AD", "KH")
    state = g.deal_in_match(0, pack, sheet)
    assert state.is_terminal()  # the King turned up brings the dealer to five
    result = g.deal_result(state)
    assert result.points == (1, 0)
    g.update_sheet(sheet, 1, 0, result)
    assert sheet.over and sheet.winner == 0
    # a King marked from the hand at four ends the game before a card is played
    sheet = g.new_sheet()
    sheet.totals = [0, 4]
    state = g.deal_in_match(0, stacked("KH 7C 8C 9C TC", "7D 8D 9D TD AD", "7H"), sheet)
    state.apply(STAND)
    state.apply(MARK_KING)
    assert state.is_terminal() and "the game is won" in state.outcome


def test_game_value_by_score_counts_a_treble_or_a_double() -> None:
    g = game(game_value="by_score")
    for loser, value in ((0, 3), (2, 2), (3, 1)):
        sheet = g.new_sheet()
        sheet.totals = [3, loser]
        state = g.deal_in_match(0, stacked("7C 8C 9C TC AC", "KH QH JH AH TH", "7H"), sheet)
        state.apply(STAND)
        play_out(state)
        g.update_sheet(sheet, 1, 0, g.deal_result(state))
        assert sheet.over and sheet.games[-1].value == value


# -- notation, options, errors -----------------------------------------------------------------

def test_every_action_round_trips_through_its_notation() -> None:
    rng = random.Random(5)
    for seed in range(30):
        state = game().deal(seed % 2, seed=seed)
        while not state.is_terminal():
            for a in state.legal_actions():
                assert parse_action(a.notation()) == a
            state.apply(rng.choice(state.legal_actions()))
    assert parse_action("i play") == STAND and parse_action("I mark the King") == MARK_KING
    with pytest.raises(NotationError, match="not a card"):
        parse_action("discard ZZ")
    with pytest.raises(NotationError, match="no 2"):
        parse_action("2H")
    with pytest.raises(NotationError, match="one card at a time"):
        parse_action("discard 7H 8H")


def test_options_validate_with_clear_errors() -> None:
    with pytest.raises(OptionError, match="deal_by takes 3-2 | 2-3"):
        game(deal_by="4-1")
    with pytest.raises(OptionError, match="from 3 to 15"):
        game(game_target=100)
    assert game(game_target="7").options.game_target == 7


def test_an_illegal_action_names_the_fault_and_changes_nothing() -> None:
    state = deal("7C 8C 9C TC AC", "7D 8D 9D TD AD", "7H")
    before = str(state), state.observation(0), state.observation(1)
    for bad, words in ((parse_action("7C"), "once the exchange is over"),
                       (ACCEPT, "proposes or plays"), (MARK_KING, "proposes or plays")):
        with pytest.raises(IllegalActionError, match=words):
            state.apply(bad)
        assert (str(state), state.observation(0), state.observation(1)) == before
    state.apply(PROPOSE_ACTION)
    state.apply(ACCEPT)
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply(parse_action("discard 7D"))
    with pytest.raises(IllegalActionError, match="at least"):
        state.apply(TAKE)


# -- the rule player --------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "name"), [
    ("7H 9H KH QS 8C", "three trumps"),
    ("7H 9H 7S 8S 9S", "two trumps and three cards of one suit"),
    ("7H 9H KS 8C 9D", "two trumps and a King"),
    ("7H KS QS JS 8C", "one trump and a tierce major"),
    ("7H QS QC 8D 9D", "one trump and two Queens"),
    ("QS QC QD 8D 9S", "three Queens"),
    ("7S 9D 8C TC AC", None),
])
def test_the_jeux_de_regle_of_britannica_1911(hand: str, name: str | None) -> None:
    assert jeu_de_regle(cards(hand), 2) == name


def test_the_rule_player_stands_on_a_jeu_de_regle_and_keeps_only_trumps_and_kings() -> None:
    bot = EcarteRulesBot(1)
    state = deal("7H 9H 8H QS 8C", "7D 8D 9D TD AD", "7C")  # clubs: no trump in hand
    assert bot.choose(state) == PROPOSE_ACTION
    strong = deal("7C 9C 8C QS 8D", "7D 9D TD AD JD", "JC")
    assert bot.choose(strong) == STAND
    state.apply(PROPOSE_ACTION)
    state.apply(ACCEPT)
    while state.current_player() == 1:
        state.apply(bot.choose(state))
    assert sorted(state.discards[1]) == sorted(cards("7H 9H 8H QS"))
    assert refuses(cards("KS QH 7C 8C 9C"), 0)  # three trumps
    assert not refuses(cards("7S 8H 9D TD AD"), 0)


def test_the_rule_player_beats_the_random_player_over_duplicate_deals() -> None:
    from bezique.bots.arena import duplicate_table
    g = game()
    stats = duplicate_table(g, lambda g, s: make_bot("rules", g, s),
                            lambda g, s: make_bot("random", g, s), 60, 3, check=True)
    assert stats.mean > 0


# -- records and the terminal ---------------------------------------------------------------------

def test_a_match_record_replays_to_the_same_sheet() -> None:
    g = game()
    match = Match(g, seed=4)
    bots = [make_bot("rules", g, 1), make_bot("random", g, 2)]
    while not match.is_over():
        match.apply(bots[match.current_player()].choose(match.state))
    record = record_from_match(match, ("A", "B"), ("rules", "random"))
    again = replay(loads(dumps(record)))
    assert again.sheet.totals == match.sheet.totals and again.is_over()


def test_a_whole_match_to_five_at_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "ecarte.txt"
    result = CliRunner().invoke(cli_main.cli, ["play", "--game", "ecarte", "--seed", "2",
                                               "--record", str(path)], input="1\n" * 800)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Match over: " in out and "the exchange" in out and "turn-up" in out
    assert "talon 21" in out and "Exchange: " in out
    match = replay(read(path))
    assert match.is_over() and max(match.sheet.totals) >= 5


def test_ew119_the_highest_ecarte_card_cut_secures_the_deal() -> None:
    """The cut ranks the cards as the game does (the King highest, the Ace under the
    Knave), and the winner deals (at the other games of two he gives the deal away)."""
    import re

    from bezique.cli.play import cut_for_deal
    from bezique.present import Seats
    order = "K Q J A 10 9 8 7".split()
    for seed in range(40):
        dealer, lines = cut_for_deal(game(), random.Random(seed), Seats(0, ("You", "Bob")))
        last = lines[-1]
        mine, his = re.findall(r"cuts? (10|[2-9JQKA])", last)[:2]
        if mine != his:
            assert dealer == (0 if order.index(mine) < order.index(his) else 1), last
            assert "highest and deal" in last
