"""The Schnapsen preset (the schnapsen platform's rules on Sixty-Six), rule by rule: what
it changes from Foster's Sixty-Six, its scoring on hand-made positions, whole random
deals, card accounting, samples, and records that replay."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bezique.core.cards import Card, Suit, parse_cards
from bezique.core.errors import IllegalActionError, NotationError
from bezique.core.match import Match
from bezique.games import GAMES, make_game
from bezique.games.schnapsen import PACK, Schnapsen, SchnapsenState, parse_action
from bezique.games.sixtysix import CLAIM, CLOSE, DRAW, EXCHANGE, POINTS, Marry, Play, Show
from bezique.record import dumps, loads, record_from_match, replay

GAME = Schnapsen()
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def card(text: str) -> int:
    return int(Card.parse(text))


def pos(hand0: str, hand1: str, *, trump: Suit = S, turn_up: str | None = None,
        stock: str = "", won: tuple[str, str] = ("", ""), lead: str | None = None,
        **kw: object) -> SchnapsenState:
    """A position from hands written as text (seat 0 first, and to move unless said)."""
    kw.setdefault("to_move", 0)
    return SchnapsenState.position(
        GAME, hands=(cards(hand0), cards(hand1)), trump=trump,
        turn_up=card(turn_up) if turn_up else None, stock=cards(stock),
        lead=card(lead) if lead else None, won=(cards(won[0]), cards(won[1])), **kw)


def act(state: SchnapsenState, *texts: str) -> None:
    for t in texts:
        state.apply(state.action_from_text(t))


def legal(state: SchnapsenState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def located(state: SchnapsenState) -> Counter[int]:
    where = [c for h in state.hands for c in h] + state.stock + [c for w in state.won
                                                                 for c in w]
    where += [c for c in (state.turn_up, state.lead) if c >= 0]
    return Counter(where)


# -- the pack and the deal ----------------------------------------------------------------

def test_registered_and_made_by_name() -> None:
    assert GAMES["schnapsen"] is Schnapsen
    assert isinstance(make_game("schnapsen"), Schnapsen)


def test_twenty_cards_ace_to_jack_worth_120() -> None:
    ids = [int(c) for c in PACK.all_cards()]
    assert len(ids) == len(set(ids)) == 20
    assert {c & 15 for c in ids} == {14, 10, 13, 12, 11}  # no Nine
    assert sum(POINTS[c] for c in ids) == 120


def test_the_platforms_deal_alternates_cards_and_puts_the_trump_card_under_the_talon() -> None:
    order = [int(c) for c in PACK.all_cards()]
    state = GAME.deal(0, pack=order)
    assert state.hands[1] == order[0:10:2]  # the pone (seat 1) leads, the even cards
    assert state.hands[0] == order[1:10:2]
    assert state.turn_up == order[19] and state.trump == order[19] >> 4
    assert state.stock[-1] == order[10]  # the top card is drawn first
    assert len(state.stock) == 9 and state.current_player() == 1


def test_a_pack_order_of_another_size_is_refused() -> None:
    with pytest.raises(ValueError, match="20 cards"):
        SchnapsenState.from_pack(GAME, 0, list(range(24)))


# -- what Schnapsen lacks ---------------------------------------------------------------

def test_no_closing_claiming_showing_or_drawing_by_choice() -> None:
    s = pos("KH QH AS", "TD JD JC", turn_up="TS", stock="KC", won=("AD TH", ""))
    assert legal(s) == {"KH", "QH", "AS", "marry KH"}
    for action in (CLOSE, CLAIM, DRAW, Show(H)):
        with pytest.raises(IllegalActionError, match="no closing, claiming"):
            s.apply(action)


def test_a_marriage_is_led_with_the_king_only() -> None:
    s = pos("KH QH AS", "TD JD JC", turn_up="TS", stock="KC")
    with pytest.raises(IllegalActionError, match="with its King"):
        s.apply(Marry(Card.parse("QH")))
    with pytest.raises(NotationError, match="with its King"):
        parse_action("marry QH")


@pytest.mark.parametrize("text", ["close", "claim", "draw", "show KH QH", "9H", "marry 9H"])
def test_notation_schnapsen_has_not_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_notation_round_trips() -> None:
    for a in [*(Play(Card(c)) for c in PACK.all_cards()), Marry(Card.parse("KS")), EXCHANGE]:
        assert parse_action(str(a)) == a


# -- drawing, the exchange -------------------------------------------------------------

def test_the_winner_draws_the_top_card_and_the_other_the_next_at_once() -> None:
    s = pos("AS JH", "TD JD", turn_up="TS", stock="KC QC KD")  # KC on top
    act(s, "AS", "JD")
    assert s.current_player() == 0 and s.phase == 0  # straight to the next lead
    assert card("KC") in s.hands[0] and card("QC") in s.hands[1]


def test_the_loser_of_the_last_trick_of_the_first_phase_takes_the_trump_card() -> None:
    s = pos("AS JH", "TD JD", turn_up="TS", stock="KC")
    act(s, "AS", "JD")
    assert card("KC") in s.hands[0] and card("TS") in s.hands[1]
    assert s.turn_up < 0 and card("TS") in s.known[1]


def test_the_leader_exchanges_the_jack_of_trumps_without_having_won_a_trick() -> None:
    s = pos("JS AH", "TD JD", turn_up="TS", stock="KC")
    assert "exchange" in legal(s)
    act(s, "exchange")
    assert card("TS") in s.hands[0] and s.turn_up == card("JS")
    assert card("TS") in s.known[0] and s.current_player() == 0  # he then leads
    assert "exchange" not in legal(s)


def test_the_follower_may_not_exchange() -> None:
    s = pos("AH", "JS TD", turn_up="TS", stock="KC", to_move=1, phase="follow",
            lead="QH")
    assert "exchange" not in legal(s)
    with pytest.raises(IllegalActionError, match="only the leader"):
        s.apply(EXCHANGE)


def test_no_exchange_once_the_talon_is_exhausted() -> None:
    s = pos("JS AH", "TD JD", turn_up=None)
    assert "exchange" not in legal(s)
    with pytest.raises(IllegalActionError, match="exhausted"):
        s.apply(EXCHANGE)


# -- marriages ---------------------------------------------------------------------------

def test_a_marriage_waits_until_its_declarer_wins_a_trick_even_after_earlier_tricks() -> None:
    s = pos("KH QH JC", "AH TD JD", turn_up="TS", stock="KC QC KD",
            won=("AD TC", ""), points=(21, 0))
    act(s, "marry KH")
    assert s.points[0] == 21 and s.pending[0] == 20  # Foster would count it at once
    act(s, "AH")  # the adversary wins the trick
    assert s.points[0] == 21 and s.pending[0] == 20
    act(s, "TD", "QH")  # seat 1 leads TD, and QH does not take it
    assert s.pending[0] == 20
    s2 = pos("KH QH JC", "JH TD JD", turn_up="TS", stock="KC QC KD",
             won=("AD TC", ""), points=(21, 0))
    act(s2, "marry KH", "JH")  # he wins the marriage trick: it counts now
    assert s2.points[0] == 21 + 4 + 2 + 20 and s2.pending[0] == 0


def test_the_royal_marriage_counts_40() -> None:
    s = pos("KS QS JC", "JH TD JD", turn_up="TS", trump=S, stock="KC QC KD")
    act(s, "marry KS", "JH")
    assert s.points[0] == 40 + 4 + 2


# -- following once the talon is out ---------------------------------------------------

def follow(hand: str, led: str, trump: Suit = S) -> set[str]:
    """What seat 1 may play to ``led`` holding ``hand``, the talon exhausted (the leader
    holding other cards, one fewer)."""
    used = set(cards(hand)) | {card(led)}
    others = [int(c) for c in PACK.all_cards() if int(c) not in used]
    leader = " ".join(str(Card(c)) for c in others[:len(used) - 2])
    return legal(pos(leader, hand, trump=trump, to_move=1, phase="follow", lead=led))


def test_head_the_trick_in_the_suit_led_when_possible() -> None:
    assert follow("AH JH KS", "KH") == {"AH"}


def test_else_a_lower_card_of_the_suit() -> None:
    assert follow("QH JH KS", "KH") == {"QH", "JH"}


def test_else_a_trump_when_a_plain_suit_was_led() -> None:
    assert follow("JS KS AD", "KH") == {"JS", "KS"}


def test_else_any_card_and_a_trump_lead_asks_no_trump_of_a_void_hand() -> None:
    assert follow("AD JC", "KH") == {"AD", "JC"}
    assert follow("AD JC", "KS") == {"AD", "JC"}


def test_while_the_talon_lasts_any_card_may_follow() -> None:
    s = pos("QD JD", "AH JH KS", to_move=1, phase="follow", lead="KH", turn_up="TS",
            stock="JC")
    assert legal(s) == {"AH", "JH", "KS"}


def test_a_card_that_does_not_head_the_trick_is_refused() -> None:
    s = pos("QD", "AH JH", to_move=1, phase="follow", lead="KH")
    with pytest.raises(IllegalActionError, match="higher card of the suit led"):
        s.apply(Play(Card.parse("JH")))


# -- scoring -----------------------------------------------------------------------------

def test_reaching_66_ends_the_deal_at_once_one_point_when_the_other_has_33() -> None:
    s = pos("AS TH", "JS KH", turn_up="TD", stock="KC QC JC", won=("AH TS", "AD TC"),
            points=(55, 40))
    act(s, "AS", "JS")  # 55 + 13 = 68
    assert s.is_terminal() and s.winner == 0 and s.value == 1
    assert s.game_points() == (1, 0)


def test_two_points_when_the_other_has_under_33() -> None:
    s = pos("AS TH", "JS KH", turn_up="TD", stock="KC QC JC", won=("AH TS", "AD JD"),
            points=(55, 32))
    act(s, "AS", "JS")
    assert (s.winner, s.value) == (0, 2)


def test_three_points_when_the_other_has_won_no_trick() -> None:
    s = pos("AS TH", "JS KH", turn_up="TD", stock="KC QC JC", won=("AH TS", ""),
            points=(55, 0), tricks_won=(3, 0))
    act(s, "AS", "JS")
    assert (s.winner, s.value) == (0, 3)


def test_the_follower_who_wins_to_66_scores() -> None:
    s = pos("JH QC", "AH KC", won=("KS QS KD JD", "AS TS AD TD AC TC"), points=(13, 62))
    act(s, "JH", "AH")  # 62 + 13 = 75 against 13: schneider
    assert (s.winner, s.value) == (1, 2)


def test_played_out_without_66_the_last_trick_wins_one_point_and_no_ten() -> None:
    s = pos("JH", "QH", won=("AS TS AD", "TD AC TC"), points=(32, 50))
    act(s, "JH", "QH")
    assert s.is_terminal() and s.points[1] == 55  # 50 + 5, no 10 for the last trick
    assert (s.winner, s.value) == (1, 1)


def test_a_deal_is_never_tied() -> None:
    rng = random.Random(5)
    for i in range(300):
        s = GAME.deal(i % 2, rng=rng)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        assert s.winner in (0, 1) and s.value in (1, 2, 3)
        assert GAME.deal_result(s).detail("tie") == 0


# -- whole deals -------------------------------------------------------------------------

def test_random_deals_are_legal_and_every_card_is_accounted_for() -> None:
    rng = random.Random(11)
    want = Counter(int(c) for c in PACK.all_cards())
    for i in range(200):
        s = GAME.deal(i % 2, rng=rng)
        steps = 0
        while not s.is_terminal():
            assert located(s) == want, str(s)
            for p in (0, 1):  # what is public about a hand is in it
                assert not Counter(s.known[p]) - Counter(s.hands[p])
            actions = s.legal_actions()
            assert actions and all(s.is_legal(a) for a in actions)
            s.apply(rng.choice(actions))
            steps += 1
            assert steps < 40
        assert located(s) == want


def test_samples_look_the_same_to_the_seat_and_clones_are_schnapsen_states() -> None:
    rng = random.Random(3)
    for i in range(100):
        s = GAME.deal(i % 2, rng=rng)
        for _ in range(rng.randrange(0, 14)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        seat = s.current_player()
        sample = s.resample(seat, rng)
        assert type(sample) is SchnapsenState and type(s.clone()) is SchnapsenState
        assert sample.observation(seat) == s.observation(seat)
        assert sorted(map(str, sample.legal_actions())) == sorted(map(str, s.legal_actions()))
        assert located(sample) == located(s)


def test_a_match_records_and_replays() -> None:
    match = Match(GAME, seed=4, first_dealer=1)
    rng = random.Random(4)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    text = dumps(record_from_match(match, date=None))
    assert '"schnapsen"' in text
    again = replay(loads(text))
    assert [d.actions for d in again.deals] == [d.actions for d in match.deals]
    assert again.sheet.totals == match.sheet.totals and max(match.sheet.totals) >= 7


def test_a_copy_and_a_sample_are_untouched_by_play_on_the_original() -> None:
    rng = random.Random(8)
    for i in range(150):
        s = GAME.deal(i % 2, rng=rng)
        for _ in range(rng.randrange(0, 16)):
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        copy, sample = s.clone(), s.resample(s.current_player(), rng)
        seen = [(str(x), x.observation(0), x.observation(1), x.known, x.voids, x.pending)
                for x in (copy, sample)]
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        assert seen == [(str(x), x.observation(0), x.observation(1), x.known, x.voids,
                         x.pending) for x in (copy, sample)]
