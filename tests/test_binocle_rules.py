"""Two-handed Binocle, rule by rule: one test per item of the checklist's section BN
(``BN 1`` .. ``BN 46`` and ``GAP-BN-1`` .. ``GAP-BN-5``), named after its number, with
the book's worked examples (Foster, Binocle: Melds) as tests of the items they
illustrate: four Kings and four Queens make 220, never 240 (BN 28); the sequence yields
no marriage (BN 30); double binocle refuses a later single (BN 31); eight Kings first
lose the 80 for four (BN 32).

Foster's laws about human mistakes (misdeals, false melds, revokes, wrong draws) cannot
arise in an engine that deals and draws itself and refuses illegal actions; their tests
check that guarantee instead.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable

import pytest

from bezique.core.cards import Card, Suit, card_name, parse_cards
from bezique.core.errors import IllegalActionError, NotationError, OptionError
from bezique.core.game import Action, DealResult
from bezique.core.match import Match
from bezique.games import Bezique, make_game
from bezique.games.bezique import CLASS_A, CLASS_B, CLASS_C, DRAW, EXCHANGE, Play
from bezique.games.binocle.melds import CARD_POINTS, PACK_48, TABLE, TABLE_NO_GRAND
from bezique.games.binocle.two_handed import (
    KNOCK,
    Binocle,
    BinocleObservation,
    BinocleOptions,
    BinocleState,
)

GAME = Binocle()
H = Suit.HEARTS


def ids(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def filler(placed: Iterable[int], count: int = 12) -> list[int]:
    """Cards that enter no meld here (Nines, Tens, then Aces) still free after
    ``placed``: a stock to draw from that does not change what the tests meld."""
    free = Counter({int(Card.from_suit_rank(s, r)): 2 for r in (9, 10, 14) for s in Suit})
    free.subtract(Counter(placed))
    return [c for c in sorted(free, key=lambda c: (c & 15, c)) for _ in range(free[c])
            if free[c] > 0][:count]


def position(hand0: str, hand1: str, *, trump: Suit = H, turn_up: str | None = "9H",
             stock: str | None = None, phase: str = "declare", to_move: int = 0,
             tables: tuple[str, str] = ("", ""), lead: str | None = None,
             points: tuple[int, int] = (0, 0), standing: tuple[int, int] = (0, 0),
             target: int = 1000, game: Binocle = GAME) -> BinocleState:
    placed = ids(hand0) + ids(hand1) + ids(tables[0]) + ids(tables[1]) + \
        ids(turn_up or "") + ids(lead or "")
    cards = filler(placed) if stock is None else ids(stock)
    return BinocleState.position(
        game, hands=(ids(hand0), ids(hand1)), trump=trump,
        turn_up=None if turn_up is None else int(Card.parse(turn_up)), stock=cards,
        tables=(ids(tables[0]), ids(tables[1])), to_move=to_move, phase=phase,
        lead=None if lead is None else int(Card.parse(lead)), points=points,
        standing=standing, target=target)


def act(state: BinocleState, text: str) -> Action:
    action = state.parse_action(text)
    state.apply(action)
    return action


def melds_listed(state: BinocleState) -> list[str]:
    """The melds legal now, each written as the engine writes it."""
    return [str(a) for a in state.legal_actions() if type(a).__name__ == "Declare"]


def listed(state: BinocleState, text: str) -> bool:
    """Whether the meld written ``text`` (any card order) is legal now."""
    return state.parse_action(text) in state.legal_actions()


def win_trick(state: BinocleState, lead: str, follow: str) -> None:
    """After the meld (or ``draw``), seat 0 leads and seat 1 loses the trick to it."""
    assert state.current_player() == 0 and state.phase == 0, state
    act(state, lead)
    act(state, follow)
    assert state.current_player() == 0 and state.phase == 2, "seat 0 should have won"


def meld_scores(state: BinocleState) -> list[tuple[int, int, str]]:
    return [e for e in state.score_events() if e[2] not in ("cards", "last trick")]


def full_deal(seed: int, dealer: int = 0) -> BinocleState:
    return GAME.deal(dealer, seed=seed)


def play_out(state: BinocleState, rng: random.Random, knock: bool = False) -> BinocleState:
    while not state.is_terminal():
        acts = state.legal_actions()
        if not knock:
            acts = [a for a in acts if a is not KNOCK] or acts
        state.apply(rng.choice(acts))
    return state


# -- BN-A Pack, game, players, deal ------------------------------------------------------

def test_bn01_pack_of_48_each_card_twice() -> None:
    counts = Counter(int(c) for c in PACK_48.all_cards())
    assert len(PACK_48) == 48 and set(counts.values()) == {2}
    assert {c & 15 for c in counts} == {14, 10, 13, 12, 11, 9}


def test_bn02_rank_a_10_k_q_j_9_in_play() -> None:
    order = ["AS", "TS", "KS", "QS", "JS", "9S"]
    for hi, lo in zip(order, order[1:], strict=False):
        s = position("9C " + lo, "9C " + hi, phase="lead", turn_up="9H")
        act(s, lo)
        act(s, hi)
        assert s.last_winner == 1, f"{hi} should beat {lo}"


def test_bn03_a_right_knock_wins_a_wrong_knock_loses_whatever_the_score() -> None:
    for right in (True, False):
        s = position("AH 9C", "9D 9S", phase="lead", turn_up=None,
                     standing=(980 if right else 900, 990), points=(10, 0))
        s.won = [ids("AC TC"), []]  # 21 in cards: 1011 or 931
        s.brisques = [21, 0]  # the count of the tricks, kept as they are won
        s.apply(KNOCK)
        assert s.is_terminal() and s.knock_right is right
        m = _sheet_after(s)
        assert m.over and m.winner == (0 if right else 1)


def test_bn03_a_meld_that_reaches_the_target_ends_the_game_at_once() -> None:
    # seat 0, 950 up, melds four Aces: 1050, out the moment it is scored; seat 1, 995 up
    # and ready to knock, is too late
    s = position("AC AD AH AS 9C", "9D 9S TC", standing=(950, 995))
    hands, stock = [h[:] for h in s.hands], s.stock[:]
    act(s, "four-aces AC AD AH AS")
    assert s.is_terminal() and s.reached == 0 and s.legal_actions() == []
    assert s.stock == stock and s.hands[1] == hands[1]  # nobody draws: the deal stops
    with pytest.raises(IllegalActionError, match="over"):
        s.apply(KNOCK)
    sheet = _sheet_after(s)
    assert sheet.over and sheet.winner == 0 and sheet.totals == [1050, 995]
    assert "reached 1000" in sheet.summary


def test_bn03_dix_and_the_last_trick_reach_the_target_as_they_are_scored() -> None:
    s = position("9H 9C 9D", "9S TC TD", turn_up="AH", standing=(990, 0))
    s.apply(EXCHANGE)
    assert s.is_terminal() and s.reached == 0 and _sheet_after(s).winner == 0
    # the last trick's 10 ends the game before the cards are counted
    last = position("AH", "9H", phase="lead", turn_up=None, standing=(990, 995),
                    to_move=1)
    last.tricks = 23
    last.won = [ids("AC TC KC"), ids("AD TD")]
    last.brisques = [25, 21]
    act(last, "9H")
    act(last, "AH")
    assert last.is_terminal() and last.reached == 0
    assert [e for e in last.score_events() if e[2] == "cards"] == []
    assert _sheet_after(last).winner == 0


def test_bn03_scores_short_of_the_target_play_on_and_cards_decide_after_the_hand() -> None:
    s = position("AC AD AH AS 9C", "9D 9S TC", standing=(890, 995))
    act(s, "four-aces AC AD AH AS")
    assert not s.is_terminal() and s.reached == -1  # 990: seat 1 may still knock
    assert KNOCK in s.legal_actions()


def test_bn03_bn06_a_nine_turned_up_may_put_the_dealer_out_as_the_cards_are_dealt() -> None:
    pack = [int(c) for c in PACK_48.all_cards()]
    nine = next(i for i, c in enumerate(pack) if c & 15 == 9)
    pack[24], pack[nine] = pack[nine], pack[24]
    s = GAME.deal(1, pack=pack, standing=(0, 995))
    assert s.is_terminal() and s.reached == 1 and s.score_events() == [
        (1, 10, "dix turned up")]

    class FirstToTen(Binocle):  # a game to 10, so the first deal's dix reaches it
        game_target = 10

    match = Match(FirstToTen(), packs=[pack])
    assert match.is_over() and match.sheet.winner == 0  # seat 0 dealt the first deal
    assert match.deals[0].actions == [] and match.deals[0].result is not None


def _sheet_after(state: BinocleState):  # type: ignore[no-untyped-def]
    sheet = GAME.new_sheet()
    sheet.totals = list(state.standing)
    sheet.carry = state.target
    GAME.update_sheet(sheet, 1, state.dealer, GAME.deal_result(state))
    return sheet


def test_bn04_two_players_dealer_and_pone() -> None:
    assert GAME.num_players == 2
    s = full_deal(1, dealer=1)
    assert s.dealer == 1 and s.current_player() == 0
    with pytest.raises(Exception, match="dealer"):
        GAME.deal(2, seed=1)


def test_bn05_dealt_by_fours_pone_first_twelve_each() -> None:
    pack = [int(c) for c in PACK_48.all_cards()]
    s = GAME.deal(0, pack=pack)
    assert s.hands[1] == pack[0:4] + pack[8:12] + pack[16:20]
    assert s.hands[0] == pack[4:8] + pack[12:16] + pack[20:24]


def test_bn06_25th_card_is_trump_and_a_nine_gives_the_dealer_dix() -> None:
    pack = [int(c) for c in PACK_48.all_cards()]
    nine = next(i for i, c in enumerate(pack) if c & 15 == 9)
    other = next(i for i, c in enumerate(pack) if c & 15 == 14)
    for pos, dix in ((nine, True), (other, False)):
        order = pack[:]
        order[24], order[pos] = order[pos], order[24]
        s = GAME.deal(1, pack=order)
        assert s.turn_up == order[24] and s.trump == order[24] >> 4
        assert s.score_events() == ([(1, 10, "dix turned up")] if dix else [])


def test_bn07_stock_of_23_the_turn_up_drawn_last_twelve_drawing_tricks() -> None:
    s = full_deal(3)
    assert len(s.stock) == 23
    rng = random.Random(3)
    drawing = 0
    while s.turn_up >= 0:
        if s.phase == 2:
            drawing += 1
        s.apply(rng.choice([a for a in s.legal_actions() if a is not KNOCK]))
    assert drawing == 12 and s.tricks == 12 and not s.stock
    assert all(len(h) == 12 for h in s.hands)


def test_bn08_misdeals_cannot_happen_a_bad_pack_is_refused() -> None:
    pack = [int(c) for c in PACK_48.all_cards()]
    with pytest.raises(NotationError, match="exactly 48 cards.*missing: 9S"):
        GAME.deal(0, pack=pack[:-1])
    with pytest.raises(NotationError, match="too many: AC"):
        GAME.deal(0, pack=pack[:-1] + [pack[0]])
    s = GAME.deal(0, pack=pack)
    assert sum(map(len, s.hands)) + len(s.stock) + 1 == 48


# -- BN-B Play while the stock lasts -----------------------------------------------------

def test_bn09_pone_leads_any_card_follower_need_not_follow() -> None:
    s = full_deal(4)
    assert s.current_player() == 1
    plays = {a for a in s.legal_actions() if isinstance(a, Play)}
    assert {int(a.card) for a in plays} == set(s.hands[1])
    act(s, card_name(s.hands[1][0]))
    follows = {int(a.card) for a in s.legal_actions() if isinstance(a, Play)}
    assert follows == set(s.hands[0])


def test_bn10_higher_of_the_suit_trumps_win_identical_cards_the_leader() -> None:
    cases = [("KS", "AS", 1), ("AS", "9H", 1), ("AS", "AC", 0), ("JC", "JC", 0)]
    for lead, follow, winner in cases:
        s = position("9D " + lead, "9D " + follow, phase="lead")
        act(s, lead)
        act(s, follow)
        assert s.last_winner == winner, (lead, follow)


def test_bn11_winner_melds_one_then_both_draw_back_to_twelve() -> None:
    s = full_deal(5)
    rng = random.Random(5)
    while s.phase != 2:
        s.apply(rng.choice([a for a in s.legal_actions() if a is not KNOCK]))
    w = s.current_player()
    top = s.stock[-1]
    s.apply(DRAW)
    assert top in s.hands[w] and len(s.hands[w]) + len(s.tables[w]) == 12
    assert len(s.hands[1 - w]) + len(s.tables[1 - w]) == 12


def test_bn12_melded_cards_lie_on_the_table_and_may_be_played() -> None:
    s = position("KH QH 9C 9D", "9S 9S TC")
    act(s, "royal-marriage KH QH")
    assert sorted(card_name(e[0]) for e in s.tables[0]) == ["KH", "QH"]
    assert "KH*" in [str(a) for a in s.legal_actions()]
    act(s, "KH*")
    assert [card_name(e[0]) for e in s.tables[0]] == ["QH"]


def test_bn13_the_talon_may_be_counted() -> None:
    s = full_deal(6)
    assert s.observation(0).stock_size == 24
    assert s.observation(1).stock_size == 24


# -- BN-C Points -------------------------------------------------------------------------

def test_bn14_points_from_dix_melds_last_trick_and_cards() -> None:
    reasons = set()
    for seed in range(40):
        s = play_out(full_deal(seed), random.Random(seed))
        reasons |= {r for _, _, r in s.score_events()}
    assert reasons <= {c.title for c in TABLE} | {"dix", "dix turned up", "last trick",
                                                  "cards"}
    assert {"cards", "last trick", "dix"} <= reasons


def test_bn15_card_points_a11_t10_k4_q3_j2_240_a_deal() -> None:
    assert [CARD_POINTS[int(Card.parse(c))] for c in "AS TS KS QS JS 9S".split()] == \
        [11, 10, 4, 3, 2, 0]
    assert sum(CARD_POINTS[int(c)] for c in PACK_48.all_cards()) == 240


def test_bn16_cards_counted_only_after_the_last_trick_and_its_10() -> None:
    s = full_deal(7)
    rng = random.Random(7)
    while not s.is_terminal():
        assert "cards" not in [r for _, _, r in s.score_events()]
        s.apply(rng.choice([a for a in s.legal_actions() if a is not KNOCK]))
    reasons = [r for _, _, r in s.score_events()]
    assert reasons.index("last trick") < reasons.index("cards")
    for seat in (0, 1):
        cards = sum(CARD_POINTS[c] for c in s.won[seat])
        assert (seat, cards, "cards") in s.score_events() or cards == 0


def test_bn17_the_observation_keeps_no_record_of_cards() -> None:
    s = full_deal(8)
    rng = random.Random(8)
    for _ in range(30):
        s.apply(rng.choice([a for a in s.legal_actions() if a is not KNOCK]))
    for seat in (0, 1):
        o = s.observation(seat)
        made = [sum(p for q, p, r in s.score_events() if q == i and r != "cards")
                for i in (0, 1)]
        assert o.points == tuple(made), "points shown must be dix, melds and last trick only"
        names = {f.name for f in dataclasses.fields(o)}
        assert not names & {"won", "brisques", "cards", "cards_won"}, names


# -- BN-D Dix ----------------------------------------------------------------------------

def test_bn18_nine_of_trumps_exchanged_after_a_trick_before_drawing_scores_10() -> None:
    s = position("9H 9C 9D", "9S TC TD", turn_up="AH")
    assert EXCHANGE in s.legal_actions()
    s.apply(EXCHANGE)
    assert (0, 10, "dix") in s.score_events()
    assert int(Card.parse("AH")) in s.hands[0] and s.turn_up == int(Card.parse("9H"))
    # the exchange ends the turn's scoring: both then draw
    assert s.phase == 0
    lead = position("9H 9C", "9S TC", phase="lead", turn_up="AH")
    assert EXCHANGE not in lead.legal_actions()
    with pytest.raises(IllegalActionError):
        lead.apply(EXCHANGE)


def test_bn19_turned_nine_and_the_second_nine_may_be_exchanged_and_scored() -> None:
    s = position("9H 9C 9D", "9S TC TD", turn_up="9H")
    s.apply(EXCHANGE)
    assert (0, 10, "dix") in s.score_events()
    # the first Nine exchanged lies as the turn-up; the other Nine may take it up
    t = position("9H 9C 9D", "9S TC TD", turn_up="AH")
    t.apply(EXCHANGE)
    t2 = position("9H 9C 9D", "9S TC TD", turn_up="9H")
    t2.apply(EXCHANGE)
    assert EXCHANGE not in t2.legal_actions()  # both Nines have scored


def test_bn20_dix_and_a_meld_not_after_the_same_trick() -> None:
    s = position("9H KH QH 9C", "9S TC TD", turn_up="AH")
    assert EXCHANGE in s.legal_actions() and listed(s, "royal-marriage KH QH")
    s.apply(EXCHANGE)
    assert s.phase == 0 and not melds_listed(s)  # drawn at once: nothing more to score
    with pytest.raises(IllegalActionError):
        act(s, "royal-marriage KH QH")


# -- BN-E Melds --------------------------------------------------------------------------

def test_bn21_one_meld_per_trick_before_drawing_and_none_after_drawing() -> None:
    s = position("KH QH KC QC 9C 9D", "9S 9S TC TD")
    with pytest.raises((IllegalActionError, NotationError), match="one"):
        act(s, "royal-marriage KH QH + marriage KC QC")
    s.apply(DRAW)
    assert not melds_listed(s)
    with pytest.raises(IllegalActionError):
        act(s, "marriage KC QC")


@pytest.mark.parametrize("name,klass,value", [
    ("marriage", CLASS_A, 20), ("royal-marriage", CLASS_A, 40), ("sequence", CLASS_A, 150)])
def test_bn22_class_a_marriage_20_royal_40_sequence_150(name: str, klass: int,
                                                      value: int) -> None:
    assert TABLE[name].klass == klass and TABLE[name].value == value


def test_bn23_class_b_binocles_grand_binocle_80_whatever_the_trump() -> None:
    assert [(TABLE[n].klass, TABLE[n].value) for n in
            ("binocle", "double-binocle", "grand-binocle")] == [(CLASS_B, 40)] * 1 + \
        [(CLASS_B, 80)] * 2
    for trump in (Suit.SPADES, H):
        s = position("KS QS JD 9C", "9S TC", trump=trump,
                     turn_up="9S" if trump == Suit.SPADES else "9H")
        act(s, "grand-binocle KS QS JD")
        assert meld_scores(s) == [(0, 80, "Grand Binocle")]
    assert "grand-binocle" not in TABLE_NO_GRAND.combos
    no_grand = Binocle(BinocleOptions(grand_binocle=False))
    s = position("KS QS JD 9C", "9S TC", game=no_grand)
    assert not any("grand" in m for m in melds_listed(s))


def test_bn24_class_c_fours_of_different_suits_and_eights() -> None:
    values = {n: TABLE[n].value for n in TABLE.combos if TABLE[n].klass == CLASS_C}
    assert values == {"four-aces": 100, "four-kings": 80, "four-queens": 60,
                      "four-jacks": 40, "eight-aces": 200, "eight-kings": 160,
                      "eight-queens": 120, "eight-jacks": 80}
    s = position("AC AD AH AS AC AD AH AS 9C", "9S TC")
    assert listed(s, "eight-aces AC AC AD AD AH AH AS AS")
    act(s, "eight-aces AC AC AD AD AH AH AS AS")
    assert meld_scores(s) == [(0, 200, "Eight Aces")]


def test_bn25_four_of_a_kind_with_a_suit_twice_is_no_meld() -> None:
    s = position("KC KC KD KH 9C", "9S TC")
    assert not any(m.startswith("four-kings") for m in melds_listed(s))
    with pytest.raises(IllegalActionError):
        act(s, "four-kings KC KC KD KH")
    assert len(s.hands[0]) == 5 and s.phase == 2  # nothing changed


# -- BN-F Meld legality ------------------------------------------------------------------

def test_bn26_melds_only_after_winning_a_trick_and_never_once_the_stock_is_out() -> None:
    lead = position("KH QH 9C", "9S TC", phase="lead")
    assert not melds_listed(lead)
    with pytest.raises(IllegalActionError):
        act(lead, "royal-marriage KH QH")
    s = full_deal(9)
    rng = random.Random(9)
    while s.turn_up >= 0:
        s.apply(rng.choice([a for a in s.legal_actions() if a is not KNOCK]))
    while not s.is_terminal():
        assert not melds_listed(s) and s.phase != 2
        s.apply(rng.choice([a for a in s.legal_actions() if a is not KNOCK]))


def test_bn27_every_meld_needs_a_fresh_card_from_the_hand() -> None:
    s = position("9C 9D", "9S TC TD", tables=("KH QH", ""))
    assert not melds_listed(s)
    with pytest.raises(IllegalActionError):
        act(s, "royal-marriage KH* QH*")


def test_bn28_example_four_kings_and_four_queens_make_220_never_240() -> None:
    s = position("KC KD KH KS QC QD QH QS 9C 9C 9D 9D", "TS TS JS JS AS AS")
    act(s, "four-kings KC KD KH KS")
    win_trick(s, "9C", "TS")
    act(s, "marriage KC* QC")
    win_trick(s, "9C", "TS")
    act(s, "marriage KD* QD")
    win_trick(s, "9D", "JS")
    act(s, "royal-marriage KH* QH")
    win_trick(s, "9D", "JS")
    # the fourth Queen makes the marriage or the four Queens, not both
    assert listed(s, "four-queens QC* QD* QH* QS") and listed(s, "marriage KS* QS")
    act(s, "four-queens QC* QD* QH* QS")
    win_trick(s, s.parse_action(card_name(s.hands[0][0])).notation(), "AS")
    assert not any(m.startswith("marriage") for m in melds_listed(s))
    with pytest.raises(IllegalActionError):
        act(s, "marriage KS* QS*")
    assert sum(p for _, p, _ in meld_scores(s)) == 220


def test_bn29_cards_added_to_a_meld_but_never_taken_away_in_its_class() -> None:
    s = position("KH QH AH TH JH 9C 9C", "TS TS JS")
    act(s, "royal-marriage KH QH")
    win_trick(s, "9C", "TS")
    assert listed(s, "sequence AH TH KH* QH* JH")
    act(s, "sequence AH TH KH* QH* JH")
    assert [p for _, p, _ in meld_scores(s)] == [40, 150]


def test_bn30_example_the_sequence_yields_no_marriage_not_even_with_a_new_queen() -> None:
    s = position("AH TH KH QH JH QH 9C 9C", "TS TS JS")
    act(s, "sequence AH TH KH QH JH")
    win_trick(s, "9C", "TS")
    assert not any("marriage" in m for m in melds_listed(s))
    with pytest.raises(IllegalActionError):
        act(s, "royal-marriage KH* QH")  # a new Queen with the sequence's King


def test_bn31_example_double_binocle_refuses_a_later_single() -> None:
    s = position("QS QS JD JD 9C 9C", "TS TS JS")
    act(s, "double-binocle QS QS JD JD")
    win_trick(s, "9C", "TS")
    assert not any(m.startswith("binocle") for m in melds_listed(s))
    # single first, then two more cards: the double is allowed
    t = position("QS QS JD JD 9C 9C", "TS TS JS")
    act(t, "binocle QS JD")
    win_trick(t, "9C", "TS")
    assert listed(t, "double-binocle QS QS* JD JD*")
    # the second single, then the double: nothing fresh is added, refused
    u = position("QS QS JD JD 9C 9C 9D", "TS TS JS JS")
    act(u, "binocle QS JD")
    win_trick(u, "9C", "TS")
    act(u, "binocle QS JD")
    win_trick(u, "9C", "TS")
    assert not any(m.startswith("double") for m in melds_listed(u))


def test_bn32_example_four_kings_then_eight_but_eight_first_lose_the_80() -> None:
    s = position("KC KD KH KS KC KD KH KS 9C 9C", "TS TS JS")
    act(s, "four-kings KC KD KH KS")
    win_trick(s, "9C", "TS")
    act(s, "eight-kings KC KC* KD KD* KH KH* KS KS*")
    assert [p for _, p, _ in meld_scores(s)] == [80, 160]
    t = position("KC KD KH KS KC KD KH KS 9C 9C", "TS TS JS")
    act(t, "eight-kings KC KC KD KD KH KH KS KS")
    win_trick(t, "9C", "TS")
    assert not any(m.startswith("four-kings") for m in melds_listed(t))


def test_bn33_a_false_meld_is_refused_and_changes_nothing() -> None:
    s = position("KC KD KH JS 9C", "TS TS")
    before = (list(s.hands[0]), s.score_events())
    with pytest.raises(IllegalActionError, match="four-kings|Four Kings|legal"):
        act(s, "four-kings KC KD KH JS")
    assert (s.hands[0], s.score_events()) == before and s.phase == 2


def test_bn34_over_scoring_cannot_happen_each_meld_scores_its_row() -> None:
    s = position("QC QD QH QS 9C", "TS TS")
    act(s, "four-queens QC QD QH QS")
    assert meld_scores(s) == [(0, 60, "Four Queens")]


# -- BN-G The last twelve tricks ---------------------------------------------------------

def test_bn35_table_cards_taken_back_when_the_stock_is_out() -> None:
    s = full_deal(10)
    rng = random.Random(10)
    melded = False
    while s.turn_up >= 0:
        acts = [a for a in s.legal_actions() if a is not KNOCK]
        decl = [a for a in acts if type(a).__name__ == "Declare"]
        a = decl[0] if decl else rng.choice(acts)
        melded |= bool(decl)
        s.apply(a)
    assert melded, "the deal should have had a meld on the table"
    assert s.tables == [[], []]
    assert all(len(h) == 12 for h in s.hands)


def test_bn36_last_twelve_follow_suit_and_win_if_able() -> None:
    t = position("KS 9S AH 9D", "QS 9C", phase="follow", turn_up=None, lead="QS",
                 to_move=0)
    assert {str(a) for a in t.legal_actions() if isinstance(a, Play)} == {"KS"}
    u = position("AH 9H 9D", "QS 9C", phase="follow", turn_up=None, lead="QS", to_move=0)
    assert {str(a) for a in u.legal_actions() if isinstance(a, Play)} == {"AH", "9H"}


def test_bn37_a_revoke_cannot_be_played() -> None:
    t = position("KS 9S AH 9D", "QS 9C", phase="follow", turn_up=None, lead="QS",
                 to_move=0)
    with pytest.raises(IllegalActionError, match="follow suit and win"):
        act(t, "9S")
    assert len(t.hands[0]) == 4


def test_bn38_last_trick_scores_10_then_cards_are_counted() -> None:
    s = play_out(full_deal(11), random.Random(11))
    ev = s.score_events()
    last = [e for e in ev if e[2] == "last trick"]
    assert last == [(s.last_winner, 10, "last trick")]
    assert sum(p for _, p, r in ev if r == "cards") == 240


# -- BN-H Knocking -----------------------------------------------------------------------

def test_bn39_knock_stops_the_play_and_the_knocker_counts_his_tricks() -> None:
    s = position("AH 9C", "9D 9S", phase="lead", turn_up=None, standing=(920, 0),
                 points=(30, 0))
    s.won = [ids("AC TC KC QC JC AD TD KD"), ids("AS")]
    s.brisques = [sum(CARD_POINTS[c] for c in s.won[0]), 11]
    assert KNOCK in s.legal_actions()
    s.apply(KNOCK)
    cards = sum(CARD_POINTS[c] for c in s.won[0])
    assert (0, cards, "cards") in s.score_events() and s.is_terminal()
    assert s.knock_right and s.knocker == 0
    res = GAME.deal_result(s)
    assert res.detail("knocker") == 0 and res.detail("knock_right") == 1


def test_bn39_knock_is_offered_only_when_the_target_is_within_reach() -> None:
    s = position("AH 9C", "9D 9S", phase="lead", turn_up=None, standing=(500, 0))
    assert KNOCK not in s.legal_actions()  # 500 + 0 + 240 < 1000, whatever the count
    with pytest.raises(IllegalActionError, match="cannot take him to 1000"):
        s.apply(KNOCK)
    assert not s.is_terminal()


def test_bn40_first_right_knock_wins_even_if_both_are_out() -> None:
    s = position("AH 9C", "9D 9S", phase="lead", turn_up=None, standing=(990, 995),
                 points=(10, 10))
    s.apply(KNOCK)
    assert _sheet_after(s).winner == 0
    w = position("AH 9C", "9D 9S", phase="lead", turn_up=None, standing=(800, 100))
    w.apply(KNOCK)
    assert not w.knock_right and _sheet_after(w).winner == 1


def test_bn41_both_out_without_a_knock_play_on_to_1250_then_1500() -> None:
    match = Match(GAME, seed=1)
    sheet = match.sheet
    sheet.totals = [950, 960]
    rng = random.Random(1)
    while len(match.deals) == 1:  # the first deal, played out without a knock
        match.apply(rng.choice([a for a in match.state.legal_actions() if a is not KNOCK]))
    # after the first deal: both past 1000 (at least 50 each came in) without a knock
    assert not sheet.over and sheet.carry == 1250
    assert match.state.target == 1250  # type: ignore[attr-defined]
    assert "1250" in sheet.rows[-1].notes[0]
    # both past 1250 with the cards counted after the hand, neither on his scores alone
    sheet2 = GAME.new_sheet()
    sheet2.totals, sheet2.carry = [1200, 1240], 1250
    GAME.update_sheet(sheet2, 2, 0, DealResult((100, 60), details=(("target", 1250),)))
    assert sheet2.carry == 1500 and not sheet2.over


def test_bn42_nobody_knocks_and_only_one_is_out_he_wins() -> None:
    sheet = GAME.new_sheet()
    sheet.totals = [990, 100]
    state = play_out(GAME.deal(0, seed=4, standing=(990, 100)), random.Random(4))
    GAME.update_sheet(sheet, 1, 0, GAME.deal_result(state))
    assert sheet.over and sheet.winner == 0 and sheet.totals[1] < 1000


def test_bn43_the_hand_sizes_never_go_wrong() -> None:
    for seed in range(20):
        s = full_deal(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.phase == 0 and s.turn_up >= 0:
                assert [len(s.hands[p]) + len(s.tables[p]) for p in (0, 1)] == [12, 12]
            s.apply(rng.choice([a for a in s.legal_actions() if a is not KNOCK]))


def test_bn44_drawing_is_the_engines_the_winner_first() -> None:
    s = position("9C KH", "9S TC", phase="declare", stock="AS TS 9D")
    s.apply(DRAW)
    assert int(Card.parse("AS")) in s.hands[0] and int(Card.parse("TS")) in s.hands[1]
    with pytest.raises(IllegalActionError):
        s.apply(DRAW)


def test_bn45_gap_bn_1_last_card_to_the_winner_the_turn_up_to_the_loser() -> None:
    s = position("9C KH", "9S TC", phase="declare", stock="AS", turn_up="JH")
    s.apply(DRAW)
    assert int(Card.parse("AS")) in s.hands[0] and int(Card.parse("JH")) in s.hands[1]
    assert s.turn_up < 0 and int(Card.parse("JH")) in s.known[1]


def test_bn46_sixty_four_card_binocle_twelve_cards_seven_as_dix_eight_is_bezique() -> None:
    g = make_game("binocle", ["pack=64"])
    s = g.deal(0, seed=3)
    assert len(g.pack) == 64 and len(s.stock) == 39 and len(s.hands[0]) == 12
    seven = position("7H 9C", "9S TC", turn_up="AH", stock="8C 8D", game=g)  # type: ignore[arg-type]
    assert EXCHANGE in seven.legal_actions()
    seven.apply(EXCHANGE)
    assert (0, 10, "dix") in seven.score_events()
    play_out(s, random.Random(3))
    assert sum(p for _, p, r in s.score_events() if r == "cards") == 240
    assert s.tricks == 32
    assert isinstance(make_game("binocle", ["pack=64", "cards=8"]), Bezique)
    with pytest.raises(OptionError, match="Bézique"):
        Binocle(BinocleOptions(pack=64, cards=8))
    with pytest.raises(OptionError, match="pack=64"):
        make_game("binocle", ["cards=8"])


# -- GAPs ------------------------------------------------------------------------------

def test_gap_bn_2_nothing_is_carried_to_score() -> None:
    s = position("KH QH QS JD 9C", "TS TS")
    assert all("+" not in m for m in melds_listed(s))


def test_gap_bn_3_knock_on_ones_turn_to_lead_follow_or_after_a_trick() -> None:
    for phase, extra in (("lead", {}), ("declare", {}), ("follow", {"lead": "9S"})):
        s = position("AH 9C", "9D 9S", phase=phase, turn_up=None if phase != "declare"
                     else "9H", stock="" if phase != "declare" else None,
                     standing=(990, 0), **extra)  # type: ignore[arg-type]
        assert KNOCK in s.legal_actions(), phase
    other = position("AH 9C", "9D 9S", phase="lead", turn_up=None, to_move=1,
                     standing=(990, 0))
    assert KNOCK not in other.legal_actions()  # seat 0 waits for his turn


def test_gap_bn_4_binocle_then_king_is_grand_but_grand_gives_no_binocle() -> None:
    s = position("QS JD KS 9C 9C", "TS TS JS")
    act(s, "binocle QS JD")
    win_trick(s, "9C", "TS")
    assert listed(s, "grand-binocle KS QS* JD*")
    t = position("KS QS JD QS JD 9C 9C", "TS TS JS")
    act(t, "grand-binocle KS QS JD")
    win_trick(t, "9C", "TS")
    assert not listed(t, "double-binocle QS QS* JD JD*")
    assert not listed(t, "double-binocle QS QS JD JD")  # only one of each left


def test_gap_bn_5_spade_marriage_from_a_grand_binocle_needs_a_fresh_card() -> None:
    s = position("KS QS JD KS 9C 9C", "TS TS JS", trump=H)
    act(s, "grand-binocle KS QS JD")
    win_trick(s, "9C", "TS")
    # the engine's only marriage there lays the second King fresh; the grand binocle's
    # own King and Queen, both on the table, make none
    assert melds_listed(s) == ["marriage KS QS*"]


# -- observations and the match ----------------------------------------------------------

def test_the_observation_hides_the_other_hand_and_the_stock() -> None:
    pack = GAME.pack_order(seed=12)
    s = GAME.deal(0, pack=pack)
    o = s.observation(0)
    assert isinstance(o, BinocleObservation)
    assert sorted(int(c) for c in o.hand) == sorted(s.hands[0])
    assert o.standing == (0, 0) and o.target == 1000
    # swap a card of the other hand with one of the stock: seat 0 sees no difference
    other = pack[:]
    i = next(i for i in range(0, 24) if (i // 4) % 2 == 0 and pack[i] != pack[30])
    other[i], other[30] = other[30], other[i]
    t = GAME.deal(0, pack=other)
    assert t.hands[1] != s.hands[1]
    assert t.observation(0) == o


def test_a_match_passes_the_standing_to_each_deal_and_ends_by_the_rules() -> None:
    match = Match(GAME, seed=5)
    rng = random.Random(5)
    deals = 0
    while not match.is_over() and deals < 60:
        s = match.state
        before = len(match.deals)
        match.apply(rng.choice([a for a in s.legal_actions() if a is not KNOCK]))
        if len(match.deals) != before:
            deals += 1
            assert match.state.standing == tuple(match.sheet.totals)  # type: ignore[attr-defined]
    assert match.is_over() and max(match.sheet.totals) >= 1000


def test_notation_round_trips() -> None:
    for text in ("knock", "exchange", "draw", "QS*", "double-binocle QS QS* JD JD*",
                 "four-kings KC KD KH KS", "eight-jacks JC JC JD JD JH JH JS JS",
                 "grand pinochle KS QS JD"):
        action = GAME.parse_action(text)
        assert GAME.parse_action(action.notation()) == action
    assert GAME.parse_action("Dix") == EXCHANGE
    with pytest.raises(NotationError):
        GAME.parse_action("five kings")


def test_options_refuse_bad_values() -> None:
    with pytest.raises(OptionError, match="pack"):
        make_game("binocle", ["pack=52"])
    with pytest.raises(OptionError):
        make_game("binocle", ["grand_binocle=perhaps"])
