"""Two-handed Bézique, rule by rule: one test per item of the checklist's section BZ
(``BZ 1`` .. ``BZ 89`` and ``GAP-BZ-1`` .. ``GAP-BZ-6``), named after its number.

The book's worked examples (Foster, Bézique: Declarations and Double Declarations) are
tests of the items they illustrate, named ``test_bzNN_example_...``. The options of
VARIANTS.md section 1 are tested in ``test_bezique_variants.py``, which uses the helpers
here.

Foster's laws about human mistakes (misdeals, wrong draws, too many cards, revokes,
false announcements) cannot arise in an engine that deals and draws itself and refuses
illegal actions; their tests check that guarantee instead.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

import pytest

from bezique import (
    Bezique,
    BeziqueOptions,
    Card,
    IllegalActionError,
    NotationError,
    Suit,
    parse_cards,
)
from bezique.core.events import Declared, Drew, DrewLast, Exchanged, Scored, TrickWon
from bezique.core.game import Action, DealResult
from bezique.core.match import Match, ScoreSheet
from bezique.games.bezique import (
    CLASS_A,
    CLASS_B,
    CLASS_C,
    COMBINATIONS,
    DRAW,
    EXCHANGE,
    STRENGTH,
    BeziqueObservation,
    BeziqueState,
    Play,
)
from bezique.games.bezique.declarations import Carried, CarriedLost

GAME = Bezique()
TRUMP_SEVEN = {s: int(Card.from_suit_rank(s, 7)) for s in Suit}


# -- helpers -----------------------------------------------------------------------------------

def filler(count: int, trump: Suit, placed: Iterable[int]) -> list[int]:
    """Up to ``count`` low plain cards (Nines, Eights, Sevens of the plain suits, which
    enter no combination and are no brisques) still free after ``placed``."""
    free = Counter({int(Card.from_suit_rank(s, r)): 2 for r in (9, 8, 7) for s in Suit
                    if s != trump})
    free.subtract(Counter(placed))
    pool = [c for c in sorted(free, key=lambda c: (-(c & 15), c)) for _ in range(free[c])]
    assert pool or not count, "no filler card left for the stock"
    return pool[:count]


def position(hand0: str, hand1: str, *, trump: str = "H", turn_up: str | None = "8H",
             stock: str | int = 12, tables: tuple[str, str] = ("", ""), to_move: int = 0,
             phase: str = "lead", lead: str | None = None, tricks: int = 0,
             dealer: int = 0, game: Bezique = GAME) -> BeziqueState:
    """A position from card text. ``stock`` is card text (top card first) or a number
    of filler cards."""
    suit = Suit.parse(trump)
    hands = [parse_cards(hand0), parse_cards(hand1)]
    laid = [parse_cards(tables[0]), parse_cards(tables[1])]
    if isinstance(stock, int):
        placed = [int(c) for c in hands[0] + hands[1] + laid[0] + laid[1]]
        placed += [int(Card.parse(t)) for t in (turn_up, lead) if t is not None]
        stock_cards = [Card(c) for c in filler(stock, suit, placed)]
    else:
        stock_cards = parse_cards(stock)
    return BeziqueState.position(
        game, hands=hands, trump=suit,
        turn_up=None if turn_up is None else Card.parse(turn_up), stock=stock_cards,
        tables=laid, to_move=to_move, phase=phase,
        lead=None if lead is None else Card.parse(lead), tricks=tricks, dealer=dealer)


def last_eight(hand0: str, hand1: str, *, to_move: int = 0, phase: str = "lead",
               lead: str | None = None, tricks: int = 24, game: Bezique = GAME
               ) -> BeziqueState:
    """A position after the stock is exhausted (hearts trumps)."""
    return position(hand0, hand1, turn_up=None, stock="", to_move=to_move, phase=phase,
                    lead=lead, tricks=tricks, game=game)


def legal(state: BeziqueState) -> set[str]:
    """The legal actions in notation."""
    return {str(a) for a in state.legal_actions()}


def norm(*texts: str) -> set[str]:
    """Expected actions, written the way the engine writes them (its order of the cards
    within a combination), so that a test states rules, not formatting."""
    return {str(GAME.parse_action(t)) for t in texts}


def carried(state: BeziqueState, seat: int) -> list[str]:
    """The combinations ``seat`` carries "to score", as the other seat sees them, each
    normalised as a ``score ...`` action."""
    return sorted(str(GAME.parse_action("score " + t))
                  for t in state.observation(1 - seat).carried[seat])


def to_score(*texts: str) -> list[str]:
    """Expected carried combinations, normalised like :func:`carried`."""
    return sorted(str(GAME.parse_action("score " + t)) for t in texts)


def lost(state: BeziqueState) -> list[tuple[int, str, list[int]]]:
    """Carried combinations lost so far: ``(seat, name, cards)``."""
    return [(e.seat, e.name, sorted(e.cards)) for e in state.events()
            if isinstance(e, CarriedLost)]


def declarations(state: BeziqueState) -> set[str]:
    """The legal actions that announce something (not ``draw``/``exchange``)."""
    return {str(a) for a in state.legal_actions() if a not in (DRAW, EXCHANGE)}


def do(state: BeziqueState, *texts: str) -> None:
    """Apply legal actions given in notation."""
    for text in texts:
        state.apply(state.action_from_text(text))


def phase(state: BeziqueState) -> str:
    return state.observation(0).phase


def snapshot(state: BeziqueState) -> tuple[object, ...]:
    """Everything an illegal action must leave unchanged."""
    return (str(state), state.observation(0), state.observation(1),
            [str(a) for a in state.legal_actions()], state.scores(), state.events(),
            [list(h) for h in state.hands], [list(t) for t in state.tables],
            [list(c) for c in state.carried], list(state.stock), state.turn_up)


def assert_refused(state: BeziqueState, text: str, match: str) -> None:
    """Applying ``text`` raises IllegalActionError matching ``match`` and changes
    nothing."""
    before = snapshot(state)
    action = state.parse_action(text)
    with pytest.raises(IllegalActionError, match=match):
        state.apply(action)
    assert snapshot(state) == before


def gain(state: BeziqueState, text: str, seat: int = 0) -> int:
    """Points ``seat`` scores by applying ``text`` (to the state itself)."""
    before = state.points[seat]
    do(state, text)
    return state.points[seat] - before


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def owned(state: BeziqueState, seat: int) -> int:
    """Cards a seat holds: hand plus declared cards on the table."""
    return len(state.hands[seat]) + len(state.tables[seat])


def _cheap(state: BeziqueState, action: Action) -> tuple[bool, bool, bool, int]:
    # hand before table, cards outside combinations first, plain before trump, low first
    assert isinstance(action, Play)
    c = Card(action.card)
    return (action.from_table, c.rank >= 10, c.suit == state.trump, STRENGTH[c])


def trick(state: BeziqueState, winner: int, keep: Iterable[str] = ()) -> None:
    """Play one trick of cheap cards that ``winner`` wins, never playing the cards named
    in ``keep``. If seat 1 wins it draws at once; seat 0 is left to declare or draw."""
    assert phase(state) == "lead"
    spare = set(keep)

    def options(s: BeziqueState) -> list[Action]:
        return sorted((a for a in s.legal_actions() if str(a) not in spare),
                      key=lambda a: _cheap(s, a))

    for lead in options(state):
        probe = state.clone()
        probe.apply(lead)
        for follow in options(probe):
            if _winner(probe, follow) == winner:
                state.apply(lead)
                state.apply(follow)
                assert state.last_winner == winner
                if winner == 1 and phase(state) == "declare":
                    do(state, "draw")
                return
    raise AssertionError(f"no cheap trick for seat {winner} in\n{state}")


def _winner(state: BeziqueState, follow: Action) -> int:
    probe = state.clone()
    probe.apply(follow)
    return probe.last_winner


def random_deals(count: int, *, game: Bezique = GAME, seed: int = 0,
                 visit: Callable[[BeziqueState], None] | None = None
                 ) -> Iterable[BeziqueState]:
    """Play ``count`` deals with uniformly random legal actions; ``visit`` sees every
    state before each action. Yields each finished deal."""
    rng = random.Random(seed)
    for i in range(count):
        state = game.deal(i % 2, seed=seed * 1000 + i)
        while not state.is_terminal():
            if visit is not None:
                visit(state)
            state.apply(rng.choice(state.legal_actions()))
        yield state


def stacked_pack(seed: int, **fixed: str) -> list[int]:
    """A shuffled pack order with the given cards moved to the given indices, e.g.
    ``stacked_pack(1, i16="7H")``."""
    order = [int(c) for c in GAME.pack.all_cards()]
    random.Random(seed).shuffle(order)
    for key, text in fixed.items():
        index, card = int(key[1:]), int(Card.parse(text))
        j = order.index(card)
        order[index], order[j] = order[j], order[index]
    return order


def stock_draws(order: list[int], seed: int) -> tuple[BeziqueState, list[tuple[int, int, int]]]:
    """Play a deal from ``order`` at random until one card is left in the stock; return
    the state and, per draw, ``(winner, card the winner drew, card the loser drew)``."""
    state = GAME.deal(0, pack=order)
    rng = random.Random(seed)
    out = []
    while len(state.stock) > 1:
        n = len(state.stock)
        state.apply(rng.choice(state.legal_actions()))
        if len(state.stock) < n:
            w = state.last_winner
            out.append((w, state.hands[w][-1], state.hands[1 - w][-1]))
    return state, out


# == BZ-A Pack, rank, players ==================================================================

def test_bz01_pack_is_two_piquet_packs_every_card_twice() -> None:
    pack = GAME.pack.all_cards()
    assert len(pack) == 64
    counts = Counter(pack)
    assert set(counts.values()) == {2}
    assert {c.rank.letter for c in counts} == set("AKQJT987")
    assert {c.suit for c in counts} == set(Suit)
    state = GAME.deal(0, seed=11)
    dealt = state.hands[0] + state.hands[1] + state.stock + [state.turn_up]
    assert Counter(dealt) == Counter(int(c) for c in pack)


def test_bz02_identical_cards_are_interchangeable() -> None:
    state = position("QS QS 9C 8C 7C 9D 8D 7D", "AH AH KH KH TH TH JH JH")
    actions = [str(a) for a in state.legal_actions()]
    assert actions.count("QS") == 1  # the two Queens of spades are one choice
    do(state, "QS")
    assert state.hands[0].count(int(Card.parse("QS"))) == 1
    assert Card.parse("QS") is Card.parse("qs")


@pytest.mark.parametrize("higher,lower", [("AS", "TS"), ("TS", "KS"), ("KS", "QS"),
                                          ("QS", "JS"), ("JS", "9S"), ("9S", "8S"),
                                          ("8S", "7S")])
def test_bz03_rank_a_10_k_q_j_9_8_7(higher: str, lower: str) -> None:
    up = position(lower, higher, to_move=1, phase="follow", lead=lower)
    do(up, higher)
    assert up.last_winner == 1  # the higher card wins when played second ...
    down = position(lower, higher, to_move=0, phase="follow", lead=higher)
    do(down, lower)
    assert down.last_winner == 1  # ... and when led


def test_bz04_two_players_dealer_and_pone() -> None:
    assert Bezique.num_players == 2
    state = GAME.deal(1, seed=3)
    assert state.dealer == 1 and state.current_player() == 0
    with pytest.raises(ValueError, match="dealer"):
        GAME.deal(2, seed=3)
    with pytest.raises(ValueError, match="seat"):
        state.observation(2)


# == BZ-B Cut and deal =========================================================================

def test_bz05_first_dealer_chosen_by_cut_then_deal_alternates() -> None:
    # The cut is settled outside the engine: the match takes its result as first_dealer.
    for first in (0, 1):
        match = Match(GAME, seed=5, first_dealer=first)
        assert match.dealer == first
        assert match.state.current_player() == 1 - first
    match = Match(GAME, seed=5, first_dealer=1)
    rng = random.Random(5)
    while len(match.deals) < 4 and not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    assert len(match.deals) >= 2
    assert [d.dealer for d in match.deals] == [1, 0, 1, 0][:len(match.deals)]


def test_bz06_cut_result_must_name_a_seat() -> None:
    # No card can be exposed by an engine cut; a cut result that is no seat is refused.
    with pytest.raises(ValueError, match="first_dealer"):
        Match(GAME, seed=1, first_dealer=2)


def test_bz07_shuffled_and_cut_pack_is_dealt_as_given() -> None:
    order = stacked_pack(7)
    a = GAME.deal(0, pack=order)
    assert str(a) == str(GAME.deal(0, pack=order))
    assert a.turn_up == order[16]
    assert str(GAME.deal(0, seed=4)) == str(GAME.deal(0, seed=4))
    assert str(GAME.deal(0, seed=4)) != str(GAME.deal(0, seed=5))
    with pytest.raises(NotationError, match="exactly 64 cards"):
        GAME.deal(0, pack=order[:59])


def test_bz08_deal_three_two_three_eight_each() -> None:
    order = stacked_pack(8)
    for dealer in (0, 1):
        state = GAME.deal(dealer, pack=order)
        pone = 1 - dealer
        assert state.hands[pone] == order[0:3] + order[6:8] + order[10:13]
        assert state.hands[dealer] == order[3:6] + order[8:10] + order[13:16]


def test_bz09_seventeenth_card_turned_for_trump() -> None:
    state = GAME.deal(0, pack=stacked_pack(9, i16="KD"))
    assert state.turn_up == int(Card.parse("KD"))
    assert state.trump == Suit.DIAMONDS
    obs = state.observation(1)
    assert obs.turn_up == Card.parse("KD") and obs.trump == Suit.DIAMONDS


@pytest.mark.parametrize("dealer", [0, 1])
def test_bz10_seven_turned_up_scores_dealer_10(dealer: int) -> None:
    state = GAME.deal(dealer, pack=stacked_pack(10, i16="7C"))
    assert state.score_events() == [(dealer, 10, "seven turned up")]
    assert state.scores()[dealer] == 10 and state.scores()[1 - dealer] == 0
    other = GAME.deal(dealer, pack=stacked_pack(10, i16="8C"))
    assert other.score_events() == [] and other.scores() == (0, 0)


def test_bz11_stock_of_47_drawn_in_order_turn_up_last() -> None:
    order = stacked_pack(11, i16="QD")
    state = GAME.deal(0, pack=order)
    assert len(state.stock) == 47
    assert state.stock[::-1] == order[17:]  # the top of the stock is the 18th card
    assert state.observation(0).stock_size == 48  # the turn-up is the 48th to be drawn
    state, draws = stock_draws(order, seed=11)
    assert len(draws) == 23
    assert [c for _, w, lo in draws for c in (w, lo)] == order[17:63]
    assert state.stock == [order[63]]
    exchanged = any(isinstance(e, Exchanged) for e in state.events())
    assert state.turn_up == (TRUMP_SEVEN[Suit.DIAMONDS] if exchanged else order[16])


def test_bz12_misdeal_cannot_happen() -> None:
    # A misdeal does not lose the deal; here there is none: every deal is whole.
    for seed in range(40):
        state = GAME.deal(seed % 2, seed=seed)
        assert len(state.hands[0]) == len(state.hands[1]) == 8
        assert len(state.stock) == 47 and state.turn_up >= 0
        assert Counter(state.hands[0] + state.hands[1] + state.stock + [state.turn_up]) \
            == Counter(int(c) for c in GAME.pack.all_cards())


def test_bz13_deal_exposes_no_card_but_the_turn_up() -> None:
    state = GAME.deal(0, pack=stacked_pack(13, i16="9S"))
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs.hand == tuple(sorted(Card(c) for c in state.hands[seat]))
        assert obs.known_in_hand == ((), ())
        assert obs.tables == ((), ())
        assert obs.events == ()
        assert obs.turn_up == Card.parse("9S")


def test_bz14_never_too_many_cards_dealt() -> None:
    for seed in range(20):
        assert max(len(h) for h in GAME.deal(1, seed=seed).hands) == 8


def test_bz15_never_too_few_cards_dealt() -> None:
    for seed in range(20):
        assert min(len(h) for h in GAME.deal(1, seed=seed).hands) == 8


def test_bz16_no_stock_card_is_faced() -> None:
    state = GAME.deal(0, seed=16)
    obs = state.observation(0)
    assert Counter(state.hidden_from(0)) == Counter(state.hands[1] + state.stock)
    # any arrangement of the hidden cards looks the same to seat 0
    stocks = set()
    for i in range(6):
        other = state.resample(0, random.Random(i))
        assert other.observation(0) == obs
        stocks.add(tuple(other.stock))
    assert len(stocks) > 1


def test_bz17_stock_order_never_disturbed_by_play() -> None:
    state = position("AS 9C", "7S 9D", stock="KC QC JC TC")
    before = list(state.stock)
    do(state, "AS", "7S")
    assert state.stock == before  # the trick itself takes nothing from the stock
    do(state, "draw")
    assert state.stock == before[:-2]  # only the two top cards left the stock


def test_bz18_imperfect_pack_refused() -> None:
    order = [int(c) for c in GAME.pack.all_cards()]
    bad = list(order)
    bad[bad.index(int(Card.parse("JD")))] = int(Card.parse("QS"))  # a third QS, one JD
    with pytest.raises(NotationError, match="too many: QS; missing: JD"):
        GAME.deal(0, pack=bad)
    with pytest.raises(NotationError, match="missing"):
        Match(GAME, packs=[order[1:]])


# == BZ-C Play while the stock lasts ===========================================================

def test_bz19_pone_leads_any_card_to_the_first_trick() -> None:
    for dealer in (0, 1):
        state = GAME.deal(dealer, seed=19)
        assert state.current_player() == 1 - dealer and phase(state) == "lead"
        assert legal(state) == {Card(c).notation() for c in state.hands[1 - dealer]}


def test_bz20_any_card_may_follow_while_stock_lasts() -> None:
    state = position("AS", "7S KH 9D TC 7H", to_move=1, phase="follow", lead="AS",
                     tables=("", "QS JD"))
    assert legal(state) == norm("7S", "KH", "9D", "TC", "7H", "QS*", "JD*")


def test_bz21_higher_card_of_the_suit_led_wins() -> None:
    state = position("KS 9C", "AS 9D")
    do(state, "KS", "AS")
    assert state.last_winner == 1
    state = position("KS 9C", "QS 9D")
    do(state, "KS", "QS")
    assert state.last_winner == 0


def test_bz22_identical_cards_leader_wins() -> None:
    state = position("JC 9C", "JC 9D")
    do(state, "JC", "JC")
    assert state.last_winner == 0
    state = position("AD 9C", "AD 9D", to_move=1)
    do(state, "AD", "AD")
    assert state.last_winner == 1
    assert state.score_events() == [(1, 20, "two brisques")]


def test_bz23_trump_wins_plain_suits() -> None:
    state = position("AS 9C", "7H 9D")
    do(state, "AS", "7H")
    assert state.last_winner == 1
    assert state.score_events() == [(1, 10, "brisque")]


def test_bz24_higher_card_of_another_plain_suit_does_not_win() -> None:
    state = position("7C 9C", "AS 9D")
    do(state, "7C", "AS")
    assert state.last_winner == 0
    assert state.score_events() == [(0, 10, "brisque")]


def test_bz25_trick_winner_takes_it_and_leads_next() -> None:
    state = position("7C 9C", "AS 9D")
    do(state, "7C", "AS")
    assert state.won[0][-2:] == cards("7C AS")
    assert state.current_player() == 0 and phase(state) == "declare"  # declares or draws
    do(state, "draw")
    assert state.current_player() == 0 and phase(state) == "lead"
    assert state.observation(1).last_trick == tuple(parse_cards("7C AS"))


def test_bz26_after_a_trick_declare_then_winner_draws_then_loser_then_lead() -> None:
    state = position("AS KC QC 9D 8D 7D 9S 8S", "7C 8C TC JS JS 7S JH JH",
                     stock="9C 9D 8C 8D")
    do(state, "AS", "7S")
    # (a) the winner may announce before anyone draws
    assert state.current_player() == 0 and phase(state) == "declare"
    assert legal(state) == norm("marriage QC KC", "draw")
    assert len(state.stock) == 4
    assert gain(state, "marriage QC KC") == 20
    # (b) the winner draws the top card, (c) the loser the next, (d) the winner leads
    assert state.hands[0][-1] == int(Card.parse("9C"))
    assert state.hands[1][-1] == int(Card.parse("9D"))
    assert owned(state, 0) == owned(state, 1) == 8
    assert state.current_player() == 0 and phase(state) == "lead"


def test_bz27_drawn_cards_are_not_shown() -> None:
    state = position("AS 9C", "7S 9D", stock="KC QC JC TC")
    do(state, "AS", "7S", "draw")
    assert state.hands[0][-1] == int(Card.parse("KC"))
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs.known_in_hand == ((), ())
        assert not any("KC" in e.describe() or "QC" in e.describe() for e in obs.events)
    assert Card.parse("KC") not in state.observation(1).hand
    assert Card.parse("QC") not in state.observation(0).hand


def test_bz28_winner_of_the_trick_draws_first() -> None:
    for hands, winner in ((("AS 9C", "7S 9D"), 0), (("7S 9C", "AS 9D"), 1)):
        state = position(*hands, stock="KC QC JC TC")
        do(state, hands[0].split()[0], hands[1].split()[0])
        assert state.last_winner == winner
        do(state, "draw")  # the winner ends his declaration step
        assert state.hands[winner][-1] == int(Card.parse("KC"))
        assert state.hands[1 - winner][-1] == int(Card.parse("QC"))


def test_bz29_last_stock_card_to_winner_turn_up_to_loser() -> None:
    for hands, winner in ((("AS 9C", "7S 9D"), 0), (("7S 9C", "AS 9D"), 1)):
        state = position(*hands, stock="KC", turn_up="TH", tricks=23)
        do(state, hands[0].split()[0], hands[1].split()[0])
        assert state.last_winner == winner
        do(state, "draw")
        assert state.hands[winner][-1] == int(Card.parse("KC"))
        assert state.hands[1 - winner][-1] == int(Card.parse("TH"))
        assert state.stock == [] and state.turn_up == -1 and state.stock_exhausted
        # everyone knows where the turn-up went
        assert state.observation(winner).known_in_hand[1 - winner] == (Card.parse("TH"),)


def test_bz30_stock_phase_is_24_tricks_then_8_more() -> None:
    for i in range(30):
        state = GAME.deal(i % 2, seed=300 + i)
        rng = random.Random(i)
        while not state.stock_exhausted:
            state.apply(rng.choice(state.legal_actions()))
        assert state.tricks == 24
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        assert state.tricks == 32


def test_bz31_quitted_tricks_cannot_be_seen_nor_counted() -> None:
    state = position("AS KS 9C", "7S 8S 9D", stock="KC QC JC TC 8C 8D")
    do(state, "AS", "7S", "draw", "KS", "8S")
    assert state.observation(0).last_trick == tuple(parse_cards("KS 8S"))  # only the last
    names = set(BeziqueObservation.__dataclass_fields__)
    assert not names & {"won", "tricks_won", "cards_won"}


def test_bz32_counting_the_stock_allowed_by_default() -> None:
    state = position("AS 9C", "7S 9D", stock="KC QC JC TC")
    assert state.observation(1).stock_size == 5  # four cards and the turn-up
    do(state, "AS", "7S")
    assert state.observation(1).stock_size == 5  # nothing drawn before the declaration step
    do(state, "draw")
    assert state.observation(1).stock_size == 3


# == BZ-D Table cards ==========================================================================

def test_bz33_declared_cards_lie_on_table_and_stay_in_play() -> None:
    state = position("QS JD 9C 8C 7C 9D 8D", "AH AH KH KH TH TH JH JH", phase="declare")
    do(state, "bezique QS JD")
    assert state.table_cards(0) == parse_cards("QS JD")
    assert state.observation(1).tables[0] == tuple(parse_cards("JD QS"))
    assert owned(state, 0) == 8
    # they may be led (written with a star) but never taken back into the hand
    assert {"QS*", "JD*"} <= legal(state)
    assert all(isinstance(a, Play) for a in state.legal_actions())
    do(state, "QS*", "AH")
    assert state.table_cards(0) == parse_cards("JD")
    assert int(Card.parse("QS")) not in state.hands[0]


# == BZ-E Brisques and the Seven of trumps =====================================================

def test_bz34_aces_and_tens_are_brisques_worth_10() -> None:
    for lead, follow, pts in (("AS", "9S", 10), ("TS", "9S", 10), ("KS", "9S", 0),
                              ("AS", "TS", 20)):
        state = position(f"{lead} 9C", f"{follow} 9D")
        do(state, lead, follow)
        assert state.scores() == (pts, 0), (lead, follow)


def test_bz35_brisques_scored_as_soon_as_taken() -> None:
    state = position("AS 9C", "TS 9D", stock="KC QC 8C 8D")
    do(state, "AS", "TS", "draw")
    events = state.events()
    i = events.index(TrickWon(0, (int(Card.parse("AS")), int(Card.parse("TS")))))
    assert events[i + 1] == Scored(0, 20, "two brisques")  # before the draw
    assert events[i + 2] == Drew(0)


def test_bz36_trick_points_per_deal_total_170() -> None:
    kinds = {"brisque", "two brisques", "last trick"}
    for final in random_deals(60, seed=36):
        assert sum(p for _, p, why in final.score_events() if why in kinds) == 170
        assert [why for _, _, why in final.score_events()].count("last trick") == 1


def test_bz37_seven_of_trumps_exchanged_for_turn_up_scores_10() -> None:
    state = position("AS 7H 9C", "7S 9D", turn_up="AH", stock="KC QC 8C 8D")
    do(state, "AS", "7S")
    assert legal(state) == norm("exchange", "draw")
    assert gain(state, "exchange") == 10
    assert state.turn_up == int(Card.parse("7H"))
    assert int(Card.parse("AH")) in state.hands[0]
    assert int(Card.parse("7H")) not in state.hands[0]
    assert state.observation(1).known_in_hand[0] == (Card.parse("AH"),)
    assert state.hands[0][-1] == int(Card.parse("KC"))  # then the draw
    assert phase(state) == "lead"


def test_bz38_exchange_only_just_after_winning_a_trick() -> None:
    state = position("7S 9C", "AS 7H 9D", turn_up="AH", stock="KC QC 8C 8D")
    do(state, "7S")
    assert "exchange" not in legal(state)  # following is not winning
    assert_refused(state, "exchange", "only after winning a trick")
    do(state, "AS")  # seat 1 wins: he may exchange before drawing
    assert legal(state) == norm("exchange", "draw")
    do(state, "draw")
    assert_refused(state, "exchange", "only after winning a trick")  # too late


def test_bz39_exchange_allowed_seven_for_seven() -> None:
    # the turn-up itself a Seven
    state = position("AS 7H 9C", "7S 9D", turn_up="7H", stock="KC QC 8C 8D")
    do(state, "AS", "7S")
    assert gain(state, "exchange") == 10
    assert state.turn_up == int(Card.parse("7H"))
    # one exchange already made: the other Seven is exchanged for the first
    state = position("AS 7H 9C 8S", "7S 7H 9D TS", turn_up="AH", stock="KC QC 8C 8D")
    do(state, "AS", "7S", "exchange", "8S", "TS")
    assert state.last_winner == 1
    assert gain(state, "exchange", seat=1) == 10
    assert state.turn_up == int(Card.parse("7H"))
    assert state.hands[1].count(int(Card.parse("7H"))) == 1


def test_bz40_seven_exchange_or_declaration_not_both() -> None:
    state = position("AS 7H KC QC 9C", "7S 9D", turn_up="AH", stock="KC QC 8C 8D")
    do(state, "AS", "7S")
    assert legal(state) == norm("exchange", "marriage QC KC", "draw")
    probe = state.clone()
    do(probe, "exchange")
    assert phase(probe) == "lead" and probe.scores() == (20, 0)  # drawn: no declaration
    do(state, "marriage QC KC")
    assert phase(state) == "lead" and state.scores() == (30, 0)  # drawn: no exchange
    assert int(Card.parse("7H")) in state.hands[0]


def test_bz41_playing_the_seven_of_trumps_scores_nothing() -> None:
    state = position("7H 9C", "8C 9D")
    do(state, "7H", "8C")
    assert state.last_winner == 0
    assert state.score_events() == []


# == BZ-F Declarations: classes and values =====================================================

def declare_phase(hand: str, *, trump: str = "H", tables: str = "",
                  game: Bezique = GAME) -> BeziqueState:
    """Seat 0 has just won a trick, holding ``hand`` (and ``tables`` laid, unused)."""
    return position(hand, "7S 7S 9S", trump=trump, turn_up="8" + trump, phase="declare",
                    tables=(tables, ""), game=game)


def test_bz42_three_classes_of_combinations() -> None:
    classes = {name: c.klass for name, c in COMBINATIONS.items()}
    assert classes == {
        "marriage": CLASS_A, "royal-marriage": CLASS_A, "sequence": CLASS_A,
        "bezique": CLASS_B, "double-bezique": CLASS_B,
        "four-aces": CLASS_C, "four-kings": CLASS_C, "four-queens": CLASS_C,
        "four-jacks": CLASS_C,
    }


def test_bz43_marriage_of_a_plain_suit_20() -> None:
    state = declare_phase("KS QS 9C 8C 7C 9D 8D")
    assert legal(state) == norm("marriage QS KS", "draw")
    assert gain(state, "marriage KS QS") == 20


def test_bz44_royal_marriage_in_trumps_40() -> None:
    state = declare_phase("KH QH 9C 8C 7C 9D 8D")
    assert legal(state) == norm("royal-marriage QH KH", "draw")
    assert gain(state, "royal-marriage KH QH") == 40


def test_bz45_sequence_of_five_highest_trumps_250_none_in_plain_suits() -> None:
    state = declare_phase("AH TH KH QH JH 9C 8C")
    assert legal(state) == norm("royal-marriage QH KH", "sequence TH JH QH KH AH", "draw")
    assert gain(state, "sequence AH TH KH QH JH") == 250
    assert legal(declare_phase("AS TS KS QS JS 9C 8C")) == norm("marriage QS KS", "draw")


def test_bz46_bezique_spade_queen_diamond_jack_40() -> None:
    state = declare_phase("QS JD 9C 8C 7C 9D 8D")
    assert legal(state) == norm("bezique JD QS", "draw")
    assert gain(state, "bezique QS JD") == 40
    assert legal(declare_phase("QD JS QC JH 7C 9D 8D")) == norm("draw")


def test_bz47_double_bezique_500_all_four_on_the_table() -> None:
    state = declare_phase("QS QS JD JD 9C 8C 7C")
    assert legal(state) == norm("bezique JD QS", "double-bezique JD JD QS QS", "draw")
    assert gain(state, "double-bezique QS QS JD JD") == 500
    assert sorted(state.table_cards(0)) == sorted(parse_cards("QS QS JD JD"))
    # the other Jack of diamonds gone: no double
    lone = declare_phase("QS 9C 8C 7C 9D 8D", tables="QS JD")
    assert legal(lone) == norm("bezique JD* QS", "draw")


@pytest.mark.parametrize("rank,name,value", [("A", "four-aces", 100), ("K", "four-kings", 80),
                                             ("Q", "four-queens", 60), ("J", "four-jacks", 40)])
def test_bz48_four_aces_100_kings_80_queens_60_jacks_40(rank: str, name: str,
                                                       value: int) -> None:
    state = declare_phase(f"{rank}C {rank}D {rank}S {rank}C 9C 8C 7D")
    assert declarations(state) == norm(f"{name} {rank}C {rank}C {rank}D {rank}S")
    assert gain(state, f"{name} {rank}C {rank}C {rank}D {rank}S") == value


def test_bz49_four_of_a_kind_may_repeat_a_suit() -> None:
    state = declare_phase("KS KS KH KD 9C 8C 7C")
    assert declarations(state) == norm("four-kings KD KH KS KS")
    assert gain(state, "four-kings KS KS KH KD") == 80


def test_bz50_tens_nines_eights_sevens_make_no_combination() -> None:
    for hand in ("TS TH TD TC 9S 9H 9D", "9S 9H 9D 9C 8S 8H 8D", "7S 7C 7D 7D 8S 8H 8D",
                 "TS TS TC TC 9C 9C 7C"):
        state = position(hand, "7S 8C 8C", phase="declare", turn_up="AH")
        assert legal(state) == norm("draw"), hand
    # after a trick won with such a hand the declaration step offers only the draw
    state = position("TS TH TD TC 9S 9H 9D 9C", "7S 8C", turn_up="AH")
    do(state, "9C", "8C")
    assert state.current_player() == 0 and phase(state) == "declare"
    assert legal(state) == norm("draw")
    do(state, "draw")
    assert state.current_player() == 0 and phase(state) == "lead"


# == BZ-G Declarations: timing =================================================================

def test_bz51_only_the_trick_winner_declares() -> None:
    state = position("AS 9C", "KC QC 9D", stock="KD QD 8C 8D")
    do(state, "AS")
    assert_refused(state, "marriage KC QC", "only after winning a trick")
    do(state, "9D")  # seat 1 loses, holding a marriage: no declaration step for him
    assert state.current_player() == 0 and phase(state) == "declare"
    assert legal(state) == norm("draw")  # the winner has nothing to declare
    do(state, "draw")
    assert state.current_player() == 0 and phase(state) == "lead"
    assert not any(isinstance(e, Declared | Carried) for e in state.events())


def test_declaration_node_exists_whether_or_not_there_is_anything_to_declare() -> None:
    """BZ 51 with hidden information: every trick won while the stock lasts leads to the
    winner's declaration step, even when he can only draw, so the other seat never learns
    from the flow of play whether the winner holds a combination or the Seven of trumps.
    Three deals differ only in cards hidden from seat 1 (seat 0's hand against the stock
    below its two top cards): nothing, a marriage, the Seven of trumps."""
    hand1 = "7S 7D 7C 9H JH TD"
    twins = {
        "nothing": position("AS 9C 8C 9D 8D 8S", hand1, stock="JS TC KC QC 7H"),
        "marriage": position("AS KC QC 9D 8D 8S", hand1, stock="JS TC 9C 8C 7H"),
        "seven": position("AS 9C 8C 9D 8D 7H", hand1, stock="JS TC KC QC 8S"),
    }
    for state in twins.values():
        do(state, "AS", "7S")
        assert state.current_player() == 0 and phase(state) == "declare"
    assert legal(twins["nothing"]) == norm("draw")
    assert legal(twins["marriage"]) == norm("marriage KC QC", "draw")
    assert legal(twins["seven"]) == norm("exchange", "draw")
    seen = twins["nothing"].observation(1)
    assert all(s.observation(1) == seen for s in twins.values())
    # a state drawn among those seat 1 cannot tell apart shows it the same thing, and its
    # winner too may always draw
    rng = random.Random(51)
    for _ in range(20):
        sample = twins["nothing"].resample(1, rng)
        assert sample.observation(1) == seen
        assert DRAW in sample.legal_actions()
    # choosing to draw with something to declare looks like having nothing to declare
    for state in twins.values():
        do(state, "draw")
        assert phase(state) == "lead"
    seen = twins["nothing"].observation(1)
    assert seen.hand == tuple(sorted(parse_cards("7D 7C 9H JH TD TC")))  # seat 1 drew TC
    assert all(s.observation(1) == seen for s in twins.values())
    # the test can fail: seat 0 does see the difference
    assert twins["nothing"].observation(0) != twins["marriage"].observation(0)


def test_bz52_drawing_means_nothing_to_declare_until_next_trick() -> None:
    state = position("AS KC QC 9C", "7S 8S 9D", stock="KD QD 8C 8D")
    do(state, "AS", "7S", "draw")
    assert_refused(state, "marriage KC QC", "only after winning a trick")
    do(state, "9C", "8S")
    assert legal(state) == norm("marriage QC KC", "draw")


def test_bz53_one_combination_scored_per_trick() -> None:
    state = declare_phase("KC QC QS JD 9C 9D 8D")
    assert declarations(state) == norm("marriage QC KC", "bezique JD QS")
    assert gain(state, "bezique QS JD") == 40
    assert phase(state) == "lead"  # drawn: the marriage needs another trick
    assert_refused(state, "marriage KC QC", "only after winning a trick")


def test_bz54_example_two_kings_of_spades_double_bezique_two_marriages_to_score() -> None:
    # Four Kings shown and two played away, leaving both Kings of spades; double bézique
    # is scored and the two spade marriages announced "to score".
    state = declare_phase("QS QS JD JD 9C 8C 7C", tables="KS KS")
    for i, e in enumerate(state.tables[0]):  # the Kings were shown as four Kings
        state.tables[0][i] = (e[0], e[1], 0, 0, 80)
    text = "double-bezique JD JD QS QS + marriage QS KS* + marriage QS KS*"
    assert declarations(state) == norm("bezique JD QS", "bezique JD QS + marriage QS KS*",
                                   "double-bezique JD JD QS QS", text,
                                   "marriage QS KS*")
    assert gain(state, text) == 500
    assert carried(state, 0) == to_score("marriage KS QS", "marriage KS QS")


def test_bz55_no_declaration_once_the_stock_is_exhausted() -> None:
    # the winner of trick 24 still declares: a card is left to draw
    state = position("AS KC QC 9C", "7S 9D 8S", stock="KD", turn_up="TH", tricks=23)
    do(state, "AS", "7S")
    assert legal(state) == norm("marriage QC KC", "draw")
    do(state, "draw")
    assert state.stock_exhausted
    # from trick 25 on no one declares
    do(state, "KD", "9D")
    assert state.tricks == 25 and state.last_winner == 0 and phase(state) == "lead"
    assert_refused(state, "marriage KC QC", "only after winning a trick")


# == BZ-H Which combinations are legal (Foster's worked examples) ==============================

OPPONENT = "7D 7D 8S 8S 7S 7S 7H 7H"  # seat 1 only renounces, follows low or trumps
HEARTS_EXAMPLE = "QS QS JD JD QH QC KH"  # double bézique, sixty Queens, royal marriage


def test_bz56_example_sequence_then_marriage_from_it_refused() -> None:
    state = position("AH TH KH QH JH KC QC 9C", OPPONENT, phase="declare")
    assert gain(state, "sequence AH TH KH QH JH") == 250
    trick(state, 0)
    assert legal(state) == norm("marriage QC KC", "draw")
    assert_refused(state, "royal-marriage KH* QH*", "not a legal declaration")


def test_bz56_example_new_queen_with_sequence_king_refused() -> None:
    state = position("AH TH KH QH JH QH KC QC", OPPONENT, phase="declare")
    assert gain(state, "sequence AH TH KH QH JH") == 250
    trick(state, 0)
    assert legal(state) == norm("marriage QC KC", "draw")
    assert_refused(state, "royal-marriage KH* QH", "not a legal declaration")


def test_bz57_example_royal_marriage_then_a_10_j_added_for_the_sequence() -> None:
    state = position("AH TH KH QH JH 9C 9C", OPPONENT, phase="declare")
    assert gain(state, "royal-marriage KH QH") == 40
    trick(state, 0)
    assert declarations(state) == norm("sequence TH JH QH* KH* AH")
    assert gain(state, "sequence AH TH KH* QH* JH") == 250
    assert state.scores() == (290, 0)


def test_bz58_example_four_kings_one_played_new_king_refused() -> None:
    state = position("KS KH KD KC KD QS JD 9C", OPPONENT, phase="declare")
    assert gain(state, "four-kings KS KH KD KC") == 80
    do(state, "KD*", "7D")  # one of the four Kings played away
    assert state.last_winner == 0
    assert declarations(state) == norm("bezique JD QS", "marriage QS KS*",
                                   "bezique JD QS + marriage QS KS*")
    assert_refused(state, "four-kings KS* KH* KC* KD", "not a legal declaration")


def test_bz58_example_spade_marriage_king_played_new_king_with_old_queen_refused() -> None:
    state = position("KS QS KS KC QC 9C 9C", OPPONENT, phase="declare")
    assert gain(state, "marriage KS QS") == 20
    do(state, "KS*", "7D")
    assert state.last_winner == 0
    assert legal(state) == norm("marriage QC KC", "draw")
    assert_refused(state, "marriage KS QS*", "not a legal declaration")


def test_bz58_example_bezique_jack_played_new_jack_with_old_queen_refused() -> None:
    state = position("QS JD JD KC QC 9C 9C", OPPONENT, phase="declare")
    assert gain(state, "bezique QS JD") == 40
    do(state, "JD*", "7S")
    assert state.last_winner == 0
    assert legal(state) == norm("marriage QC KC", "draw")
    assert_refused(state, "bezique QS* JD", "not a legal declaration")


def test_bz59_example_double_bezique_after_two_singles_refused() -> None:
    state = position(HEARTS_EXAMPLE, OPPONENT, phase="declare")
    assert gain(state, "bezique QS JD") == 40
    trick(state, 0)
    # the second bézique may be scored, but not with the double carried on its cards
    assert_refused(state, "bezique QS JD + double-bezique QS QS* JD JD*",
                   "not a legal declaration")
    assert gain(state, "bezique QS JD") == 40
    trick(state, 0)
    assert legal(state) == norm("royal-marriage QH KH", "four-queens QC QH QS* QS*", "draw")
    assert_refused(state, "double-bezique QS* QS* JD* JD*", "not a legal declaration")
    assert state.scores() == (80, 0)


def test_bz60_example_double_bezique_first_forfeits_the_single() -> None:
    state = position(HEARTS_EXAMPLE, OPPONENT, phase="declare")
    assert gain(state, "double-bezique QS QS JD JD") == 500
    trick(state, 0)
    assert legal(state) == norm("royal-marriage QH KH", "four-queens QC QH QS* QS*", "draw")
    assert_refused(state, "bezique QS* JD*", "not a legal declaration")


def test_bz60_example_single_first_then_double_scores_540() -> None:
    state = position(HEARTS_EXAMPLE, OPPONENT, phase="declare")
    assert gain(state, "bezique QS JD") == 40
    trick(state, 0)
    assert legal(state) == norm("royal-marriage QH KH", "bezique JD QS",
                            "double-bezique JD JD* QS QS*", "four-queens QC QH QS QS*",
                            "draw")
    assert gain(state, "double-bezique QS QS* JD JD*") == 500
    assert state.scores() == (540, 0)


def test_bz61_same_card_in_combinations_of_different_classes() -> None:
    # KS in four Kings (C) and a spade marriage (A); QS in that marriage and bézique (B)
    state = position("KS KH KD KC QS JD 9C", OPPONENT, phase="declare")
    assert gain(state, "four-kings KS KH KD KC") == 80
    trick(state, 0)
    assert gain(state, "marriage KS* QS") == 20
    trick(state, 0)
    assert declarations(state) == norm("bezique JD QS*")
    assert gain(state, "bezique QS* JD") == 40
    assert state.scores() == (140, 0)


def test_bz62_example_laying_everything_scores_one_combination() -> None:
    state = position(HEARTS_EXAMPLE, OPPONENT, phase="declare")
    assert legal(state) == norm("royal-marriage QH KH", "bezique JD QS",
                            "double-bezique JD JD QS QS", "four-queens QC QH QS QS", "draw")
    gains = set()
    for action in state.legal_actions():
        probe = state.clone()
        probe.apply(action)
        gains.add(probe.scores()[0])
    assert gains == {0, 40, 60, 500}  # never 600, 560 nor 100
    # he may lay them all down and announce them, but scores one; each of the others
    # waits for a trick of its own (announced "to score", BZ 54)
    for text, scored, rest in (
            ("double-bezique QS QS JD JD + four-queens QS QS QH QC + royal-marriage KH QH",
             500, ("four-queens QS QS QH QC", "royal-marriage KH QH")),
            ("four-queens QS QS QH QC + double-bezique QS QS JD JD", 60,
             ("double-bezique QS QS JD JD",)),
            ("four-queens QS QS QH QC + royal-marriage KH QH", 60, ("royal-marriage KH QH",))):
        probe = state.clone()
        assert gain(probe, text) == scored  # not 600, 560 nor 100
        assert carried(probe, 0) == to_score(*rest)
    # a card laid now is no table card of the same declaration: the star is not needed
    probe = state.clone()
    assert str(probe.parse_action("four-queens QS QS QH QC + royal-marriage KH QH*")) \
        == str(GAME.parse_action("four-queens QS QS QH QC + royal-marriage KH QH"))


# == BZ-I Carrying "to score" (Foster: "Forty for bézique, and twenty to score") ===============

CARRIED = ("KS*", "QS*")  # the cards of the carried spade marriage: never played


def forty_and_twenty(extra: str = "9C", stock: int = 12) -> BeziqueState:
    """Four Kings shown, KS among them; seat 0 wins a trick and declares bézique with
    the spade marriage carried "to score"."""
    state = position("KS KH KD KC QS JD " + extra, OPPONENT, phase="declare", stock=stock)
    do(state, "four-kings KS KH KD KC")
    trick(state, 0)
    assert declarations(state) >= norm("marriage QS KS*", "bezique JD QS",
                                   "bezique JD QS + marriage QS KS*")
    assert gain(state, "bezique QS JD + marriage QS KS*") == 40
    return state


def test_bz63_example_forty_for_bezique_and_twenty_to_score() -> None:
    state = forty_and_twenty()
    assert state.scores() == (120, 0)
    assert carried(state, 0) == to_score("marriage KS QS")
    assert [(e.seat, GAME.parse_action("score " + e.text)) for e in state.events()
            if isinstance(e, Carried)] == [(0, GAME.parse_action("score marriage KS QS"))]
    trick(state, 0, keep=CARRIED)
    assert legal(state) == norm("score marriage QS KS", "draw")
    assert gain(state, "score marriage QS KS") == 20
    assert carried(state, 0) == []
    assert state.scores() == (140, 0)


def four_jacks_then_four_queens() -> BeziqueState:
    """Four Jacks (both JD among them) declared; seat 0 wins another trick holding four
    Queens, both QS among them: laid for sixty, they also form béziques with the Jacks."""
    state = position("JD JD JH JC QS QS QH QC", OPPONENT, phase="declare")
    assert gain(state, "four-jacks JD JD JH JC") == 40
    trick(state, 0, keep=("JD*", "QS", "QH", "QC"))
    return state


def test_bz63_bz59_example_four_queens_may_carry_the_double_bezique() -> None:
    state = four_jacks_then_four_queens()
    queens = "four-queens QS QS QH QC"
    # every largest choice of what the Queens complete with the Jacks on the table is
    # offered: two single béziques (80), or one single and the double (540); never the
    # double with both singles (BZ 59: no fresh card would be left for it)
    assert {a for a in declarations(state) if a.startswith("four-queens")} == norm(
        queens, queens + " + bezique QS JD* + bezique QS JD*",
        queens + " + bezique QS JD* + double-bezique QS QS JD* JD*")
    assert_refused(state, queens + " + bezique QS JD* + bezique QS JD*"
                   " + double-bezique QS QS JD* JD*", "not a legal declaration")
    # a smaller choice is legal too, though not listed: the double alone carried
    probe = state.clone()
    text = queens + " + double-bezique QS QS JD* JD*"
    assert probe.is_legal(probe.parse_action(text))
    assert gain(probe, text) == 60
    assert carried(probe, 0) == to_score("double-bezique QS QS JD JD")
    trick(probe, 0, keep=("QS*", "JD*"))
    assert gain(probe, "score double-bezique QS QS JD JD") == 500
    # the listed choice scores the single and then the double: 60 + 40 + 500
    text = queens + " + bezique QS JD* + double-bezique QS QS JD* JD*"
    assert gain(state, text) == 60
    assert carried(state, 0) == to_score("bezique QS JD", "double-bezique QS QS JD JD")
    trick(state, 0, keep=("QS*", "JD*"))
    assert gain(state, "score bezique QS JD") == 40
    trick(state, 0, keep=("QS*", "JD*"))
    assert gain(state, "score double-bezique QS QS JD JD") == 500
    assert state.scores() == (40 + 60 + 40 + 500, 0)


def test_bz63_every_largest_set_of_carried_marriages_is_offered() -> None:
    # four Queens on the table; four Kings laid complete four marriages (one royal):
    # announcing all four at once is offered, and no smaller set is listed beside it
    state = position("QS QH QD QC KS KH KD KC", OPPONENT, phase="declare")
    do(state, "four-queens QS QH QD QC")
    trick(state, 0, keep=("QS*", "QH*", "QD*", "QC*", "KS", "KH", "KD", "KC"))
    kings = [a for a in declarations(state) if a.startswith("four-kings")]
    everything = ("four-kings KS KH KD KC + marriage KC QC* + marriage KD QD*"
                  " + marriage KS QS* + royal-marriage KH QH*")
    assert set(kings) == norm("four-kings KS KH KD KC", everything)
    part = "four-kings KS KH KD KC + marriage KC QC* + royal-marriage KH QH*"
    assert state.is_legal(state.parse_action(part))  # legal, if not listed
    assert gain(state, everything) == 80
    assert len(carried(state, 0)) == 4


def test_bz54_combinations_sharing_no_card_may_be_announced_together() -> None:
    state = declare_phase("KC QC KD QD 9C 8C 7C")
    text = "marriage KC QC + marriage KD QD"
    # listed: each marriage alone (announcing both gains nothing over declaring them one
    # after the other); legal: both at once, one scored, the other "to score"
    assert declarations(state) == norm("marriage KC QC", "marriage KD QD")
    action = state.parse_action(text)
    assert str(action) == str(GAME.parse_action(text))
    assert state.is_legal(action) and state.action_from_text(text) == action
    assert gain(state, text) == 20
    assert carried(state, 0) == to_score("marriage KD QD")
    assert [str(Card(e[0])) for e in state.tables[0]] == ["KC", "QC", "KD", "QD"]
    trick(state, 0, keep=("KC*", "QC*", "KD*", "QD*"))
    assert legal(state) == norm("score marriage KD QD", "draw")
    assert gain(state, "score marriage KD QD") == 20


def test_bz54_announcing_several_keeps_every_other_rule() -> None:
    state = declare_phase("KC QC KS QS QS JD JD")
    # one King of clubs cannot make two marriages (BZ 58)
    assert_refused(state, "marriage KC QC + marriage KC QC", "not a legal declaration")
    # a double bézique scored first bars the single carried on its cards (BZ 60) ...
    assert_refused(state, "double-bezique QS QS JD JD + bezique QS JD",
                   "not a legal declaration")
    # ... the single first, with the double carried, is adding (BZ 57)
    probe = state.clone()
    assert gain(probe, "bezique QS JD + double-bezique QS QS JD JD") == 40
    assert carried(probe, 0) == to_score("double-bezique QS QS JD JD")
    # a Queen laid once serves in two classes (BZ 61): three combinations, six cards
    probe = state.clone()
    assert gain(probe, "bezique QS JD + marriage KS QS + marriage KC QC") == 40
    assert sorted(str(Card(e[0])) for e in probe.tables[0]) == sorted(
        ["QS", "JD", "KS", "KC", "QC"])
    assert carried(probe, 0) == to_score("marriage KS QS", "marriage KC QC")
    # the carried ones count as announced lowest first, whatever order they are written in
    probe = state.clone()
    assert gain(probe, "marriage KC QC + double-bezique QS QS JD JD + bezique QS JD") == 20
    assert carried(probe, 0) == to_score("bezique QS JD", "double-bezique QS QS JD JD")
    # and the screen's own text reads back: names in words, values in brackets
    probe = state.clone()
    assert gain(probe, "Marriage K♣ Q♣ (20) + marriage K♠ Q♠ (20 to score)") == 20
    assert carried(probe, 0) == to_score("marriage KS QS")


def test_bz64_example_carried_score_survives_lost_tricks() -> None:
    state = forty_and_twenty()
    for _ in range(3):
        trick(state, 1, keep=CARRIED)
        assert carried(state, 0) == to_score("marriage KS QS")
    trick(state, 0, keep=CARRIED)
    assert norm("score marriage QS KS") <= legal(state)
    assert gain(state, "score marriage QS KS") == 20


def test_bz65_example_new_declaration_instead_keeps_the_carried_score() -> None:
    state = forty_and_twenty(extra="QH")
    trick(state, 0, keep=CARRIED)
    assert legal(state) == norm("score marriage QS KS", "royal-marriage QH KH*", "draw")
    assert gain(state, "royal-marriage QH KH*") == 40  # "forty, and twenty to score"
    assert carried(state, 0) == to_score("marriage KS QS")
    trick(state, 0, keep=CARRIED)
    assert gain(state, "score marriage QS KS") == 20
    assert state.scores() == (180, 0)


def test_bz66_example_eighty_kings_then_sixty_queens_marriages_carried() -> None:
    state = position("KS KH KD KC QS QH QD QC", OPPONENT, phase="declare")
    do(state, "four-kings KS KH KD KC")
    do(state, "KD*", "7D")  # one King played away: three remain to marry
    assert state.last_winner == 0
    text = ("four-queens QC QD QH QS + marriage QC KC* + marriage QS KS*"
            " + royal-marriage QH KH*")
    assert norm(text) <= legal(state)
    assert gain(state, text) == 60  # the sixty first, the marriages to score
    assert carried(state, 0) == to_score("marriage KC QC", "marriage KS QS",
                                         "royal-marriage KH QH")
    scored = []
    keep = {"KC*", "QC*", "KS*", "QS*", "KH*", "QH*"}
    for _ in range(3):
        trick(state, 0, keep=keep)
        waiting = declarations(state)
        assert waiting == set(carried(state, 0))  # nothing else to declare
        best = max(waiting, key=lambda a: COMBINATIONS[a.split()[1]].value)
        scored.append(gain(state, best))
    assert sorted(scored) == [20, 20, 40]
    assert carried(state, 0) == []


def test_bz67_example_carried_lost_if_one_of_its_cards_is_played() -> None:
    state = forty_and_twenty(extra="QH")
    do(state, "KS*", "7S")  # the King of the carried marriage is played away
    assert state.last_winner == 0
    assert carried(state, 0) == []
    assert lost(state) == [(0, "marriage", sorted(cards("KS QS")))]
    assert legal(state) == norm("royal-marriage QH KH*", "draw")
    assert_refused(state, "score marriage QS KS", "not among your combinations carried")


def test_bz67_example_two_spade_marriages_one_king_played_only_that_one_lost() -> None:
    state = declare_phase("QS QS JD JD 9C 8C 7C", tables="KS KS")
    for i, e in enumerate(state.tables[0]):  # the Kings were shown as four Kings
        state.tables[0][i] = (e[0], e[1], 0, 0, 80)
    do(state, "double-bezique QS QS JD JD + marriage KS* QS + marriage KS* QS")
    do(state, "KS*", "7S")
    assert state.last_winner == 0
    assert lost(state) == [(0, "marriage", sorted(cards("KS QS")))]
    assert carried(state, 0) == to_score("marriage KS QS")
    assert legal(state) == norm("score marriage KS QS", "draw")
    assert gain(state, "score marriage KS QS") == 20


def test_bz68_example_carried_lost_if_the_stock_runs_out_first() -> None:
    state = forty_and_twenty(stock=5)  # one card and the turn-up left
    trick(state, 1, keep=CARRIED)
    assert state.stock_exhausted
    assert carried(state, 0) == []
    assert lost(state) == [(0, "marriage", sorted(cards("KS QS")))]
    assert state.scores() == (120, 0)


# == BZ-J The last eight tricks ================================================================

def test_bz69_table_cards_return_to_hand_when_stock_is_exhausted() -> None:
    state = position("AS 9C", "7S 9D", stock="KD", turn_up="TH", tricks=23,
                     tables=("KC QC", "QS JD"))
    do(state, "AS", "7S", "draw")
    assert state.tables == [[], []]
    assert sorted(state.hands[0]) == sorted(cards("9C KC QC KD"))
    assert sorted(state.hands[1]) == sorted(cards("9D QS JD TH"))
    obs = state.observation(1)
    assert obs.tables == ((), ())
    assert obs.known_in_hand[0] == tuple(sorted(parse_cards("KC QC")))
    assert legal(state) == norm("9C", "KC", "QC", "KD")


def test_bz70_winner_of_trick_24_leads_any_card() -> None:
    state = position("7S 9C 8C", "AS 9D 8D", stock="KD", turn_up="TH", tricks=23)
    do(state, "7S", "AS", "draw")
    assert state.stock_exhausted and state.tricks == 24
    assert state.current_player() == 1
    assert legal(state) == norm("9D", "8D", "KD")


@pytest.mark.parametrize("lead,hand,allowed", [
    ("KS", "AS TS 9S 7H AD", {"AS", "TS"}),     # a higher card of the suit led
    ("AS", "9S 7S AH KD", {"9S", "7S"}),        # cannot win: still follow suit
    ("AS", "7H KH AD", {"7H", "KH"}),           # void: must trump
    ("AS", "AD KC", {"AD", "KC"}),              # void and no trump: anything
    ("9H", "7H AH AS", {"AH"}),                 # trump led: a higher trump
    ("AH", "7H 8H AS", {"7H", "8H"}),           # trump led, cannot win: follow
])
def test_bz71_last_eight_follow_suit_and_win_if_able(lead: str, hand: str,
                                                     allowed: set[str]) -> None:
    state = last_eight("9C", hand, to_move=1, phase="follow", lead=lead)
    assert legal(state) == allowed
    for c in set(hand.split()) - allowed:
        assert_refused(state, c, "must follow suit and win the trick if you can")


def test_bz72_brisques_still_score_in_the_last_eight() -> None:
    state = last_eight("AS 9C", "TS 9D")
    do(state, "AS", "TS")
    assert state.score_events() == [(0, 20, "two brisques")]


def test_bz73_last_trick_of_all_scores_10_with_its_brisques() -> None:
    state = last_eight("AS", "7S", tricks=31)
    do(state, "AS", "7S")
    assert state.is_terminal() and state.tricks == 32
    assert state.score_events() == [(0, 10, "brisque"), (0, 10, "last trick")]
    state = last_eight("9S", "7S", tricks=31)
    do(state, "9S", "7S")
    assert state.score_events() == [(0, 10, "last trick")]
    # trick 24 is not the last trick (by default)
    state = position("AS 9C", "7S 9D", stock="KD", turn_up="TH", tricks=23)
    do(state, "AS", "7S")
    assert state.score_events() == [(0, 10, "brisque")]


# == BZ-K Irregularities: the engine refuses them ==============================================

def test_bz74_lead_out_of_turn_refused() -> None:
    state = position("AS 9C", "KD 9D")
    assert_refused(state, "KD", "not in your hand")  # seat 1's card: not his lead
    do(state, "AS")
    assert_refused(state, "9C", "not in your hand")  # seat 0 has played to this trick


def test_bz75_hand_never_above_eight_during_the_stock() -> None:
    sizes: list[int] = []

    def visit(state: BeziqueState) -> None:
        if not state.stock_exhausted and phase(state) == "lead":
            sizes.extend((owned(state, 0), owned(state, 1)))

    for _ in random_deals(20, seed=75, visit=visit):
        pass
    assert len(sizes) == 20 * 24 * 2 and max(sizes) == 8


def test_bz76_hand_never_below_eight_during_the_stock() -> None:
    sizes: list[int] = []

    def visit(state: BeziqueState) -> None:
        if phase(state) == "lead":
            if state.stock_exhausted:  # the last eight: equal hands, one card a trick
                assert len(state.hands[0]) == len(state.hands[1]) == 32 - state.tricks
            else:
                sizes.extend((owned(state, 0), owned(state, 1)))

    for _ in random_deals(20, seed=76, visit=visit):
        pass
    assert len(sizes) == 20 * 24 * 2 and min(sizes) == 8


def test_bz77_failure_to_follow_or_win_in_last_eight_refused() -> None:
    state = last_eight("KS 9C", "AS 7S 7H 9D")
    do(state, "KS")
    assert legal(state) == norm("AS")
    for bad in ("7S", "7H", "9D"):
        assert_refused(state, bad, "in the last eight tricks you must follow suit and win")
    do(state, "AS")
    assert state.last_winner == 1


def test_bz78_no_lead_before_drawing() -> None:
    state = position("AS KC QC 9C", "7S 9D", stock="KD QD 8C 8D")
    do(state, "AS", "7S")
    assert_refused(state, "9C", "declares or draws before the next lead")
    do(state, "draw")
    assert owned(state, 0) == 4 and owned(state, 1) == 2  # one card each


def test_bz79_exactly_one_card_drawn_each_after_every_trick() -> None:
    def visit(state: BeziqueState) -> None:
        if not state.stock_exhausted and phase(state) == "lead":
            assert len(state.stock) == 47 - 2 * state.tricks

    for _ in random_deals(20, seed=79, visit=visit):
        pass


def test_bz80_draws_in_turn_winner_top_card_loser_next() -> None:
    order = stacked_pack(80)
    _, draws = stock_draws(order, seed=80)
    assert {w for w, _, _ in draws} == {0, 1}  # both won tricks
    for k, (_, first, second) in enumerate(draws):
        assert (first, second) == (order[17 + 2 * k], order[18 + 2 * k])


def test_bz81_loser_never_sees_the_winners_card() -> None:
    a = position("AS 9C", "7S 9D", stock="KC QC JC TC")
    b = position("AS 9C", "7S 9D", stock="JC QC KC TC")
    do(a, "AS", "7S", "draw")
    do(b, "AS", "7S", "draw")
    assert a.hands[0] != b.hands[0]
    assert a.observation(1) == b.observation(1)


def test_bz82_stock_always_odd_so_last_card_and_turn_up_pair_off() -> None:
    def visit(state: BeziqueState) -> None:
        if not state.stock_exhausted:
            assert len(state.stock) % 2 == 1

    for final in random_deals(20, seed=82, visit=visit):
        assert sum(isinstance(e, DrewLast) for e in final.events()) == 1


def test_bz83_false_announcement_refused() -> None:
    state = declare_phase("KS KH KD JC QS JD 9C")
    # three Kings and a Jack announced as four Kings
    assert_refused(state, "four-kings KS KH KD JC", "is no four kings")
    # combinations with a card the player does not hold
    assert_refused(state, "four-kings KS KH KD KC", "not a legal declaration")
    assert_refused(state, "royal-marriage KH QH", "not a legal declaration")
    with pytest.raises(NotationError, match="not a legal action"):
        state.action_from_text("four-kings KS KH KD JC")


def test_bz84_points_only_from_scoring_events() -> None:
    for final in random_deals(20, seed=84):
        per_seat = [0, 0]
        for seat, pts, _ in final.score_events():
            per_seat[seat] += pts
        assert tuple(per_seat) == final.scores()


# == BZ-L Game, stakes, settlement =============================================================

def sheet_after(game: Bezique, deals: Iterable[tuple[int, int]], dealer: int = 0
                ) -> ScoreSheet:
    """A score sheet after the given deal results, the deal alternating."""
    sheet = ScoreSheet()
    for i, pts in enumerate(deals, 1):
        game.update_sheet(sheet, i, dealer, DealResult(pts))
        dealer = 1 - dealer
    return sheet


def test_bz85_game_is_1000_points() -> None:
    sheet = sheet_after(GAME, [(600, 300), (390, 200)])
    assert sheet.totals == [990, 500] and not sheet.over and sheet.games == []
    sheet = sheet_after(GAME, [(600, 300), (400, 200)])
    assert sheet.over and sheet.winner == 0
    assert [(g.winner, g.totals, g.value) for g in sheet.games] == [(0, (1000, 500), 1)]
    assert sheet.summary == "seat 0 wins the game 1000-500"


def test_bz86_stakes_per_game_or_per_point() -> None:
    assert sheet_after(GAME, [(1200, 600)]).games[0].notes == ()
    per_point = sheet_after(Bezique(BeziqueOptions(stakes="per_point")), [(1200, 650)])
    assert per_point.games[0].notes == ("per point: 550",)


def test_bz87_partie_of_five_ends_at_three_games_won() -> None:
    game = Bezique(BeziqueOptions(stakes="partie_of_five"))
    sheet = ScoreSheet()
    results = [(1000, 600), (600, 1000), (1000, 700), (500, 1000), (1000, 800)]
    for i, pts in enumerate(results, 1):
        assert not sheet.over
        game.update_sheet(sheet, i, i % 2, DealResult(pts))
        if i < 5:
            assert sheet.totals == [0, 0]  # each game starts from nothing
    assert sheet.over and sheet.winner == 0
    assert [g.winner for g in sheet.games] == [0, 1, 0, 1, 0]
    assert sheet.summary == "partie of five won by seat 0, 3-2"


def test_bz88_double_game_if_loser_under_500() -> None:
    sheet = sheet_after(GAME, [(1000, 490)])
    assert sheet.games[0].value == 2
    assert sheet.games[0].notes == ("double game: the loser has not reached 500",)
    assert sheet_after(GAME, [(1000, 500)]).games[0].value == 1


def test_bz89_every_score_is_a_multiple_of_10() -> None:
    for final in random_deals(20, seed=89):
        assert all(pts > 0 and pts % 10 == 0 for _, pts, _ in final.score_events())
    assert all(c.value % 10 == 0 for c in COMBINATIONS.values())


# == BZ-M Gaps decided =========================================================================

def test_gap_bz1_pone_dealt_first_in_each_round() -> None:
    order = stacked_pack(101)
    state = GAME.deal(1, pack=order)  # seat 0 is the pone
    assert state.hands[0][:3] == order[:3] and state.hands[1][:3] == order[3:6]


def test_gap_bz2_deal_alternates_between_deals() -> None:
    match = Match(GAME, seed=102, first_dealer=0)
    rng = random.Random(102)
    while len(match.deals) < 3 and not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    dealers = [d.dealer for d in match.deals]
    assert len(dealers) >= 2 and dealers == [0, 1, 0][:len(dealers)]
    for d in match.deals:
        if d.seats:
            assert d.seats[0] == 1 - d.dealer  # the pone of each deal leads first


def test_gap_bz3_deal_finished_then_higher_total_wins() -> None:
    # seat 1 passes 1000 too, but the totals after the whole deal decide
    sheet = sheet_after(GAME, [(900, 950), (150, 80)])
    assert sheet.totals == [1050, 1030] and sheet.winner == 0
    level = sheet_after(GAME, [(900, 950), (150, 100)])
    assert not level.over
    assert level.rows[-1].notes == ("both past the target and level: play on",)


def test_gap_bz4_no_cut_in_the_engine_so_no_tied_cut() -> None:
    for seed in range(5):
        for first in (0, 1):
            assert Match(GAME, seed=seed, first_dealer=first).dealer == first


def test_gap_bz5_trick_24_winner_may_exchange_the_seven() -> None:
    state = position("AS 7H 9C", "7S 9D", stock="KD", turn_up="TH", tricks=23)
    do(state, "AS", "7S")
    assert legal(state) == norm("exchange", "draw")
    assert gain(state, "exchange") == 10
    assert state.hands[0][-1] == int(Card.parse("KD"))
    assert state.hands[1][-1] == int(Card.parse("7H"))  # the loser takes the Seven
    assert state.observation(0).known_in_hand[1] == (Card.parse("7H"),)


def test_gap_bz6_carried_score_may_be_scored_after_trick_24() -> None:
    state = position("KS KH KD KC QS JD 9C", OPPONENT, phase="declare", tricks=21,
                     stock=7)
    do(state, "four-kings KS KH KD KC")
    trick(state, 0)  # trick 22
    do(state, "bezique QS JD + marriage QS KS*")
    trick(state, 1, keep=CARRIED)  # trick 23
    trick(state, 0, keep=CARRIED)  # trick 24: one stock card left to draw
    assert state.tricks == 24 and len(state.stock) == 1
    assert norm("score marriage QS KS") <= legal(state)
    assert gain(state, "score marriage QS KS") == 20
    assert state.stock_exhausted
