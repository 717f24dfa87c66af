"""Rubicon Bézique, rule by rule: one test per numbered statement of the checklist (``RB
1`` .. ``RB 43``, Foster's Rubicon Bézique), the texts' worked examples, and the gaps
``RB-GAP-1..8`` decided by their recommended standard rules."""

from __future__ import annotations

from collections import Counter

import pytest

from bezique.core.cards import Card, Suit, parse_cards
from bezique.core.errors import IllegalActionError, NotationError
from bezique.core.game import DealResult
from bezique.core.match import Match, ScoreSheet
from bezique.games import make_game
from bezique.games.bezique.declarations import CLASS_A, CLASS_B, CLASS_C, DRAW, CarriedLost
from bezique.games.bezique.rubicon import (
    CARTE_BLANCHE,
    RUBICON_TABLE,
    Rubicon,
    RubiconOptions,
    RubiconState,
)

GAME = Rubicon()

# seat 1 declares in these positions; he leads low clubs and seat 0 follows with low
# diamonds, which lose, so seat 1 wins trick after trick while the stock lasts
LEADS = "7C 7C 7C 7C 8C 8C 8C 8C"
FOLLOWS = "7D 7D 7D 7D 8D 8D 8D 8D 9D 9D"
STOCK = "9C 9C 9C 9C 7S 7S 7S 8S 8S 8S 9S 9S 9S 7H 7H 7H 8H 8H 8H 9H"


def ids(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def declaring(cards: str, *, trump: Suit | None = Suit.HEARTS,
              table: tuple[object, ...] = (), stock: str = STOCK,
              game: Rubicon = GAME) -> RubiconState:
    """Seat 1 has just won a trick, holding ``cards`` and low clubs to lead; his table
    holds ``table`` (cards, or ``(card, used_a, used_b, used_c)``)."""
    mine = [x if isinstance(x, tuple) else int(Card.parse(str(x))) for x in table]
    mine = [(int(Card.parse(x[0])), *x[1:]) if isinstance(x, tuple) and isinstance(x[0], str)
            else x for x in mine]
    return RubiconState.position(
        game, hands=[ids(FOLLOWS), ids(f"{cards} {LEADS}".strip())], trump=trump,
        stock=ids(stock), tables=[(), mine], phase="declare", to_move=1, dealer=0)


def declare(s: RubiconState, text: str) -> None:
    s.apply(s.action_from_text(text))


def win_trick(s: RubiconState, lead: str | None = None) -> None:
    """Seat 1 leads ``lead`` (by default a low club); seat 0 follows with a low diamond,
    which loses."""
    assert s.current_player() == 1 and s.observation(1).phase == "lead"
    if lead is None:
        lead = next(str(Card(c)) for c in sorted(s.hands[1]) if c >> 4 == 0 and c & 15 <= 9)
    s.apply(s.parse_action(lead))
    follow = next(c for c in sorted(s.hands[0]) if c >> 4 == 1 and c & 15 <= 9)
    s.apply(s.parse_action(str(Card(follow))))
    assert s.current_player() == 1 and s.observation(1).phase == "declare"


def listed(s: RubiconState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def scored(s: RubiconState, seat: int = 1) -> list[tuple[int, str]]:
    return [(p, why) for who, p, why in s.score_events() if who == seat]


# -- RB-A Declarations -----------------------------------------------------------------

def test_rb01_three_classes_marriages_and_sequences_beziques_fours() -> None:
    by_class = {k: [c.name for c in RUBICON_TABLE if c.klass == k]
                for k in (CLASS_A, CLASS_B, CLASS_C)}
    assert by_class[CLASS_A] == ["marriage", "royal-marriage", "sequence", "royal-sequence"]
    assert by_class[CLASS_B] == ["bezique", "double-bezique", "triple-bezique",
                                 "quadruple-bezique"]
    assert by_class[CLASS_C] == ["four-aces", "four-kings", "four-queens", "four-jacks"]


def test_rb02_one_combination_scored_announced_after_winning_before_drawing() -> None:
    s = declaring("KS QS KD QD")
    stock = len(s.stock)
    declare(s, "marriage KS QS")
    assert scored(s) == [(20, "Marriage")]
    assert s.observation(1).tables[1] == (Card.parse("QS"), Card.parse("KS"))
    assert len(s.stock) == stock - 2  # then both draw
    # at the lead no declaration is possible: only after winning a trick
    with pytest.raises(IllegalActionError):
        s.apply(s.parse_action("marriage KD QD"))


def test_rb03_drawing_without_announcing_is_nothing_to_declare() -> None:
    s = declaring("KS QS")
    s.apply(DRAW)
    assert s.points == [0, 0]
    with pytest.raises(IllegalActionError):  # not until another trick is won
        s.apply(s.parse_action("marriage KS QS"))
    win_trick(s)
    declare(s, "marriage KS QS")
    assert s.points[1] == 20


@pytest.mark.parametrize("cards, text, value", [
    ("KS QS", "marriage KS QS", 20),
    ("KH QH", "royal-marriage KH QH", 40),
    ("AS TS KS QS JS", "sequence AS TS KS QS JS", 150),
    ("AH TH KH QH JH", "royal-sequence AH TH KH QH JH", 250),
])
def test_rb04_class_a_values(cards: str, text: str, value: int) -> None:
    s = declaring(cards, trump=Suit.HEARTS)
    declare(s, text)
    assert s.points[1] == value


@pytest.mark.parametrize("n, name, value", [(1, "bezique", 40), (2, "double-bezique", 500),
                                            (3, "triple-bezique", 1500),
                                            (4, "quadruple-bezique", 4500)])
def test_rb05_class_b_values(n: int, name: str, value: int) -> None:
    cards = " ".join(["QS"] * n + ["JD"] * n)
    s = declaring(cards)
    declare(s, f"{name} {cards}")
    assert s.points[1] == value


@pytest.mark.parametrize("rank, name, value", [("A", "four-aces", 100), ("K", "four-kings", 80),
                                               ("Q", "four-queens", 60),
                                               ("J", "four-jacks", 40)])
def test_rb06_class_c_values(rank: str, name: str, value: int) -> None:
    cards = " ".join(rank + s for s in "SHDC")
    s = declaring(cards)
    declare(s, f"{name} {cards}")
    assert s.points[1] == value


def test_rb07_fours_of_any_suits_even_all_of_one() -> None:
    s = declaring("KH KH KH KS")
    assert "four-kings KS KH KH KH" in listed(s)  # written as the book does
    s = declaring("KS KS KS KS")
    declare(s, "four-kings KS KS KS KS")
    assert s.points[1] == 80


def test_rb08_carte_blanche_50_only_before_the_first_trick() -> None:
    # the pone holds no King, Queen or Jack: he may show it before he leads
    blank = "AS TS 9S 8S 7S AH TH 9H 8H"
    courts = "KC QC JC KD QD JD KS QS JS"
    s = RubiconState.position(GAME, hands=[ids(courts), ids(blank)], stock=ids(STOCK),
                              to_move=1, dealer=0)
    assert CARTE_BLANCHE in s.legal_actions()
    s.apply(s.parse_action("carte blanche"))
    assert scored(s) == [(50, "carte blanche")]
    assert Counter(s.observation(0).known_in_hand[1]) == Counter(Card(c) for c in ids(blank))
    assert CARTE_BLANCHE not in s.legal_actions()  # once
    with pytest.raises(IllegalActionError):
        s.apply(CARTE_BLANCHE)
    s.apply(s.parse_action("7S"))
    assert CARTE_BLANCHE not in s.legal_actions()  # the dealer's hand has courts
    # the dealer too may show his before playing to the first trick; after it, nobody
    s = RubiconState.position(GAME, hands=[ids(blank), ids(courts)], stock=ids(STOCK),
                              to_move=1, dealer=0)
    assert CARTE_BLANCHE not in s.legal_actions()
    s.apply(s.parse_action("KC"))
    assert CARTE_BLANCHE in s.legal_actions()
    after = s.clone()
    after.apply(after.parse_action("7S"))  # the first trick is played
    after.apply(DRAW)
    assert CARTE_BLANCHE not in after.legal_actions()


def test_rb09_the_last_trick_scores_50_at_once() -> None:
    s = RubiconState.position(GAME, hands=[ids("7D"), ids("AS")], trump=Suit.HEARTS,
                              to_move=1, dealer=0, tricks=63)
    s.apply(s.parse_action("AS"))
    s.apply(s.parse_action("7D"))
    assert s.is_terminal()
    assert scored(s) == [(50, "last trick")]


def test_rb10_the_first_marriage_is_the_trump_marriage_and_makes_trumps() -> None:
    s = declaring("KS QS KD QD", trump=None)
    assert s.observation(1).trump is None
    assert "marriage KS QS" not in listed(s)  # no plain marriage before the trump
    declare(s, "marriage KS QS")  # read as the trump marriage it is
    assert s.observation(0).trump is Suit.SPADES
    assert scored(s) == [(40, "Royal Marriage")]
    win_trick(s)
    declare(s, "marriage KD QD")
    assert s.points[1] == 60  # 20: diamonds are a plain suit now


def test_rb11_no_declaration_once_the_stock_is_exhausted() -> None:
    s = declaring("KS QS", stock="9C 9C")
    s.apply(DRAW)  # the last two cards
    assert not s.stock and s.observation(1).phase == "lead"
    s.apply(s.parse_action("KS"))
    s.apply(s.parse_action("7D"))
    assert s.observation(1).phase == "lead"  # the winner leads at once: no declaring
    assert s.current_player() == 1
    assert all(type(a).__name__ == "Play" for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply(DRAW)


def test_rb12_several_announcements_at_once_only_one_scored() -> None:
    s = declaring("KS QS KD QD")
    declare(s, "marriage KS QS + marriage KD QD")
    assert s.points[1] == 20
    assert s.observation(0).carried[1] == ("marriage KD QD",)


def test_rb13_no_taking_away_a_lower_combination_from_a_higher_one() -> None:
    s = declaring("AS TS KS QS JS QS")
    declare(s, "sequence AS TS KS QS JS")
    win_trick(s)
    # neither the marriage of the sequence's King and Queen, nor a new Queen to its King
    for text in ("marriage KS* QS*", "marriage KS* QS"):
        assert not s.is_legal(s.parse_action(text))
        with pytest.raises(IllegalActionError):
            s.apply(s.parse_action(text))
    # the same for béziques: no single bézique from a double's cards
    s = declaring("QS QS JD JD")
    declare(s, "double-bezique QS QS JD JD")
    win_trick(s)
    assert not s.is_legal(s.parse_action("bezique QS* JD*"))


def test_rb14_adding_marriage_first_then_the_sequence() -> None:
    s = declaring("KS QS")
    declare(s, "marriage KS QS")
    s.hands[1] += ids("AS TS JS")  # drawn meanwhile
    win_trick(s)
    declare(s, "sequence AS TS KS* QS* JS")
    assert [p for p, _ in scored(s)] == [20, 150]


def test_rb15_cards_serve_again_in_other_classes() -> None:
    s = declaring("KS QS JD QH QD QC")
    declare(s, "marriage KS QS")
    win_trick(s)
    declare(s, "bezique QS* JD")
    win_trick(s)
    declare(s, "four-queens QS* QH QD QC")
    assert [p for p, _ in scored(s)] == [20, 40, 60]


# -- RB-B Re-forming ---------------------------------------------------------------------

def test_rb16_a_scored_combination_broken_up_and_re_formed_scores_again() -> None:
    s = declaring("KS QS KS")
    declare(s, "marriage KS QS")
    s.apply(s.parse_action("KS*"))  # plays the King away: the marriage is broken
    s.apply(s.parse_action("7D"))
    declare(s, "marriage KS QS*")  # a new King re-forms it
    assert [p for p, _ in scored(s)] == [20, 20]
    # each re-forming needs its own trick: none is left to score now
    with pytest.raises(IllegalActionError):
        s.apply(s.parse_action("marriage KS* QS*"))


def test_rb16_a_scored_four_aces_re_forms_only_after_an_ace_is_played() -> None:
    """Foster (Rubicon Bézique, Re-forming Combinations; RB 16): what is scored again is
    a combination broken up and re-formed. A fifth Ace laid beside four Aces declared
    and lying intact breaks nothing: it is no new Four Aces. Once an Ace of the four has
    been played away, the new Ace re-forms them and they score 100 again."""
    s = declaring("AS AH AD AC AS")
    declare(s, "four-aces AS AH AD AC")
    win_trick(s)
    assert not any(a.startswith("four-aces") for a in listed(s))
    laid_beside = GAME.parse_action("four-aces AS AH* AD* AC*")
    assert not s.is_legal(laid_beside)
    before = str(s)
    with pytest.raises(IllegalActionError, match="not a legal declaration"):
        s.apply(laid_beside)
    assert str(s) == before and s.points[1] == 100
    s.apply(DRAW)
    win_trick(s, lead="AH*")  # an Ace of the four played away: they are broken up
    declare(s, "four-aces AS AS* AD* AC*")  # the new Ace re-forms them
    assert [p for p, _ in scored(s)] == [100, 100]


def test_rb17_the_royal_sequence_scored_six_times_is_1500() -> None:
    s = declaring("AH TH KH QH JH AH TH KH QH JH")
    declare(s, "royal-sequence AH TH KH QH JH")
    for card in ("AH", "TH", "KH", "QH", "JH"):
        win_trick(s, lead=card)  # the duplicate led from the hand
        declare(s, next(a for a in listed(s) if a.startswith("royal-sequence")))
    assert [p for p, _ in scored(s)] == [250] * 6
    assert s.points[1] == 1500


def test_rb18_leading_the_duplicate_from_the_hand_re_forms_the_combination() -> None:
    """Foster (RB 18): there is no need to play away the table's card and lay the new
    one; leading or playing the new card from the hand, then claiming the fresh
    combination, comes to the same. Merely holding the duplicate, or laying it beside
    the combination, re-forms nothing."""
    s = declaring("AH TH KH QH JH AH")
    declare(s, "royal-sequence AH TH KH QH JH")
    win_trick(s)  # a low club: the sequence lies intact, the second Ace still held
    assert not any(a.startswith("royal-sequence") for a in listed(s))
    assert not s.is_legal(GAME.parse_action("royal-sequence AH TH* KH* QH* JH*"))
    s.apply(DRAW)
    win_trick(s, lead="AH")  # the hand's Ace: the table keeps its five cards
    o = s.observation(0)
    assert o.tables[1] == tuple(sorted(Card.parse(c) for c in "AH TH KH QH JH".split()))
    assert o.replacements[1] == (Card.parse("AH"),)
    assert "royal-sequence AH TH* KH* QH* JH*" in listed(s)
    declare(s, "royal-sequence AH* TH* KH* QH* JH*")  # written with every star, too
    assert s.points[1] == 500


def test_rb19_another_ace_claims_another_100_and_eight_aces_yield_500() -> None:
    """Foster (RB 19): marriages, béziques and fours are broken up and re-formed like the
    sequence. Having scored 100 Aces the player leads or plays another Ace and claims
    100 Aces again, scoring them when he wins a trick (not necessarily the trick the Ace
    went to); so eight Aces held can bring in 500. An Ace held, not led, re-forms
    nothing (the four in the hand would only make a new Four Aces of their own)."""
    s = declaring("AS AH AD AC AS AH AD AC TD")
    s.hands[0].append(int(Card.parse("7H")))  # the adversary can trump an Ace led
    declare(s, "four-aces AS AH AD AC")
    win_trick(s)  # a low club: four more Aces in the hand, none led
    assert [a for a in listed(s) if a.startswith("four-aces")] == ["four-aces AS AH AD AC"]
    assert not s.is_legal(GAME.parse_action("four-aces AS AH* AD* AC*"))
    s.apply(DRAW)
    s.apply(s.parse_action("AS"))  # another Ace led from the hand ...
    s.apply(s.parse_action("7H"))  # ... and the trick lost to a trump
    s.apply(DRAW)
    s.apply(s.parse_action("7D"))
    s.apply(s.parse_action("TD"))  # the next trick won: the 100 Aces claimed score now
    declare(s, next(a for a in listed(s) if a.startswith("four-aces")))
    assert s.points[1] == 200
    for card in ("AH", "AD", "AC"):  # the other three Aces led, one a trick
        win_trick(s)
        assert not any(a.startswith("four-aces") for a in listed(s))
        s.apply(DRAW)
        win_trick(s, lead=card)
        declare(s, next(a for a in listed(s) if a.startswith("four-aces")))
    assert [p for p, _ in scored(s)] == [100] * 5
    assert s.points[1] == 500


def test_rb20_a_new_card_re_forms_only_the_single_bezique() -> None:
    s = declaring("QS JD QS")
    declare(s, "bezique QS JD")
    win_trick(s, lead="QS*")  # the Queen played away: the bézique is broken
    declare(s, "bezique QS JD*")  # a new Queen re-forms the single bézique
    assert s.points[1] == 80
    # a double bézique is not re-formed by one new card: all four anew on the table
    s = declaring("QS QS JD JD QS")
    declare(s, "double-bezique QS QS JD JD")
    win_trick(s)
    assert not any(a.startswith(("double", "bezique")) for a in listed(s))
    assert not s.is_legal(GAME.parse_action("double-bezique QS QS* JD* JD*"))


@pytest.mark.parametrize("lead", ["QS*", "QS"])
def test_rb20_a_broken_double_bezique_re_forms_the_single_with_a_new_queen(lead: str) -> None:
    """Foster (RB 20): in the béziques a new card re-forms the single bézique; the double
    (triple, quadruple) bézique needs all its cards on the table together. A double
    bézique broken up by a Queen of spades played away (or led from the hand for the
    table's, RB 18) leaves a Jack of diamonds that a new Queen makes a bézique with
    again, for 40; the new Queen re-forms no double bézique. The other Queen and Jack
    stay paired: the Jack is freed when that Queen is played in turn."""
    s = declaring("QS QS JD JD QS QS")
    declare(s, "double-bezique QS QS JD JD")
    win_trick(s, lead=lead)
    assert not s.is_legal(GAME.parse_action("double-bezique QS QS* JD* JD*"))
    assert [a for a in listed(s) if a.startswith(("bezique", "double"))] == [
        "bezique QS JD*"]
    declare(s, "bezique QS JD*")
    assert [p for p, _ in scored(s)] == [500, 40]
    win_trick(s)  # nothing played from the béziques: nothing more to re-form
    assert not any(a.startswith(("bezique", "double")) for a in listed(s))
    s.apply(DRAW)
    win_trick(s, lead="QS*")  # the double's other Queen played away
    declare(s, "bezique QS JD*")
    assert [p for p, _ in scored(s)] == [500, 40, 40]


def test_rb21_beziques_cumulatively_6540_all_eight_at_once_4500_only() -> None:
    s = declaring("QS QS QS QS JD JD JD JD")
    for n, name in ((1, "bezique"), (2, "double-bezique"), (3, "triple-bezique"),
                    (4, "quadruple-bezique")):
        declare(s, f"{name} " + " ".join(["QS"] * n + ["JD"] * n))
        if n < 4:
            win_trick(s)
    assert s.points[1] == 40 + 500 + 1500 + 4500 == 6540
    s = declaring("QS QS QS QS JD JD JD JD")
    shown_at_once = "quadruple-bezique QS QS QS QS JD JD JD JD"
    assert not s.is_legal(s.parse_action(shown_at_once + " + bezique QS* JD*"))
    declare(s, shown_at_once)
    win_trick(s)
    assert not any(a.startswith(("bezique", "double", "triple")) for a in listed(s))


def test_rb22_seven_heart_marriages_from_four_kings_and_four_queens() -> None:
    """Foster (RB 22): a heart marriage declared, then three more heart Queens played,
    each scoring the marriage, then three more heart Kings: seven marriages, each a new
    combination."""
    s = declaring("KH QH QH QH QH KH KH KH", trump=Suit.SPADES)
    declare(s, "marriage KH QH")
    for card in ("QH", "QH", "QH", "KH", "KH", "KH"):
        win_trick(s, lead=card)  # played from the hand for the table's (RB 18)
        declare(s, next(a for a in listed(s) if a.startswith("marriage")))
    assert [p for p, _ in scored(s)] == [20] * 7


# -- RB-C Carried announcements, time ----------------------------------------------------

def test_rb23_double_bezique_with_twenty_and_twenty_to_score() -> None:
    s = declaring("QS QS JD JD", table=("KS", "KS"))
    declare(s, "double-bezique QS QS JD JD + marriage KS* QS + marriage KS* QS")
    assert s.points[1] == 500
    assert s.observation(0).carried[1] == ("marriage KS QS", "marriage KS QS")
    assert "double-bezique QS QS JD JD + marriage KS* QS + marriage KS* QS" in listed(
        declaring("QS QS JD JD", table=("KS", "KS")))


def test_rb24_a_better_declaration_first_the_carried_ones_kept() -> None:
    s = declaring("QS QS JD JD QH QC", table=("KS", "KS"))
    declare(s, "double-bezique QS QS JD JD + marriage KS* QS + marriage KS* QS")
    win_trick(s)
    declare(s, "four-queens QS* QS* QH QC")  # sixty Queens, twenty and twenty to score
    assert s.observation(0).carried[1] == ("marriage KS QS", "marriage KS QS")
    win_trick(s)
    declare(s, "score marriage KS QS")
    assert s.observation(0).carried[1] == ("marriage KS QS",)  # the other carried on
    assert s.points[1] == 500 + 60 + 20


def test_rb25_a_carried_score_is_lost_when_a_card_is_played_or_the_stock_runs_out() -> None:
    s = declaring("QS QS JD JD", table=("KS", "KS"), stock="9C 9C 9C 9C")
    declare(s, "double-bezique QS QS JD JD + marriage KS* QS + marriage KS* QS")
    s.apply(s.parse_action("KS*"))
    s.apply(s.parse_action("7D"))
    assert s.observation(0).carried[1] == ("marriage KS QS",)
    s.apply(DRAW)  # the stock runs out before he scores the other
    assert s.observation(0).carried[1] == ()
    assert [e for e in s.events() if isinstance(e, CarriedLost)] == [
        CarriedLost(1, "marriage", (int(Card.parse("KS")), int(Card.parse("QS"))))] * 2


def test_rb26_the_talon_may_be_counted() -> None:
    s = GAME.deal(0, seed=3)
    assert s.observation(0).stock_size == len(s.stock) == 110


def test_rb27_a_false_announcement_is_refused_and_changes_nothing() -> None:
    s = declaring("KS KS KS JS")  # three Kings and a Jack
    before = (str(s), s.observation(1))
    with pytest.raises(IllegalActionError):
        s.apply(s.parse_action("four-kings KS KS KS KS"))
    with pytest.raises(NotationError):
        s.action_from_text("four-kings KS KS KS JS")
    assert (str(s), s.observation(1)) == before


# -- RB-D The last nine tricks -----------------------------------------------------------

def test_rb28_the_table_cards_go_back_to_the_hands_and_the_winner_leads() -> None:
    s = declaring("KS QS", stock="9C 9C")
    declare(s, "marriage KS QS")  # and both draw the last two cards
    assert s.tables == [[], []]
    assert Counter(s.observation(0).known_in_hand[1]) == Counter(Card(c) for c in ids("KS QS"))
    assert s.current_player() == 1 and s.observation(1).phase == "lead"


def test_rb29_in_the_last_nine_tricks_follow_suit_and_win_if_able() -> None:
    s = RubiconState.position(GAME, hands=[ids("7H AH 7S AS"), ids("KH 8C 8C 8C")],
                              trump=Suit.SPADES, to_move=1, dealer=0, tricks=60)
    s.apply(s.parse_action("KH"))
    assert listed(s) == ["AH"]  # a higher heart
    s = RubiconState.position(GAME, hands=[ids("7D 7S AS"), ids("KH 8C 8C")],
                              trump=Suit.SPADES, to_move=1, dealer=0, tricks=61)
    s.apply(s.parse_action("KH"))
    assert sorted(listed(s)) == ["7S", "AS"]  # void in hearts: a trump


def test_rb30_failing_to_follow_or_win_is_taken_back() -> None:
    s = RubiconState.position(GAME, hands=[ids("7H AH"), ids("KH 8C")],
                              trump=Suit.SPADES, to_move=1, dealer=0, tricks=62)
    s.apply(s.parse_action("KH"))
    before = str(s)
    with pytest.raises(IllegalActionError, match="follow suit and win"):
        s.apply(s.parse_action("7H"))
    assert str(s) == before  # replayed from the error: the card is never played


# -- RB-E Scoring and settlement -------------------------------------------------------

def test_rb31_each_deal_is_a_complete_game() -> None:
    match = Match(GAME, seed=5)
    rng_state = 0
    while len(match.sheet.rows) < 1:
        legal = match.state.legal_actions()
        match.apply(legal[rng_state % len(legal)])
        rng_state += 7
    row = match.sheet.rows[0]
    log = match.deals[0]
    assert log.result is not None
    assert row.points == log.result.points and sum(row.points) == log.result.detail("value") // 100
    assert min(row.points) == 0  # the deal's game goes to its winner


def test_rb32_brisques_are_not_counted_unless_close_or_to_save_a_rubicon() -> None:
    for brisques in ((0, 32), (32, 0), (16, 16)):
        st = GAME.settle((1830, 1260), brisques)
        assert not st.counted and st.value == 1100


def test_rb33_fractions_dropped_and_500_for_the_game_1830_v_1260_is_1100() -> None:
    st = GAME.settle((1830, 1260), (20, 12))
    assert (st.winner, st.value) == (0, 1100)
    assert st.working.endswith("1800 - 1200 + 500 = 1100")


def test_rb34_close_scores_count_the_brisques_1330_v_1390() -> None:
    st = GAME.settle((1260, 1140), (7, 25))
    assert st.counted
    assert st.totals == (1330, 1390) and st.winner == 1


def test_rb35_under_100_apart_after_dropping_fractions_a_100_bonus() -> None:
    st = GAME.settle((1260, 1140), (7, 25))
    assert st.value == 0 + 100 + 500 == 600


def test_rb36_the_winner_is_decided_on_the_exact_totals() -> None:
    st = GAME.settle((1260, 1140), (7, 25))
    assert st.winner == 1 and st.totals[1] - st.totals[0] == 60  # both are 1300 dropped


def test_rb37_the_rubicon_920_v_440_is_2600() -> None:
    st = GAME.settle((920, 440), (14, 18))
    assert st.rubicon and not st.counted  # no count needed: 440 cannot reach 1000
    assert (st.winner, st.value) == (0, 900 + 400 + 1000 + 300) == (0, 2600)


def test_rb38_the_winner_need_not_have_1000_himself() -> None:
    st = GAME.settle((920, 440), (16, 16))
    assert st.winner == 0 and st.scores[0] < 1000 and st.rubicon


def test_rb39_brisques_save_the_rubicon_1740_140_v_850_180_is_1300() -> None:
    st = GAME.settle((1740, 850), (14, 18))
    assert st.counted and not st.rubicon
    assert st.totals == (1880, 1030)
    assert st.value == 1800 - 1000 + 500 == 1300


@pytest.mark.parametrize("b_brisques", [11, 14])  # the text says eleven, and a total of 990
def test_rb40_brisques_that_fail_to_save_are_not_counted_3800_or_as_printed_3900(
        b_brisques: int) -> None:
    st = GAME.settle((1740, 850), (14, b_brisques))
    assert st.counted and st.rubicon and st.winner == 0
    assert st.value == 1700 + 800 + 1300 == 3800  # the rule: as if not counted at all
    printed = Rubicon(RubiconOptions(example_990_reading="printed"))
    assert printed.settle((1740, 850), (14, b_brisques)).value == 1800 + 800 + 1300 == 3900


def test_rb41_a_rubiconed_player_under_100_gives_a_further_100() -> None:
    st = GAME.settle((1200, 90), (20, 12))
    assert st.value == 1200 + 0 + 1300 + 100
    assert GAME.settle((1200, 100), (20, 12)).value == 1200 + 100 + 1300


def test_rb42_a_series_is_kept_in_hundreds() -> None:
    sheet = ScoreSheet()
    game = Rubicon(RubiconOptions(series_deals=2))
    first = game.deal_result(_finished(1830, 1260))
    assert first.points == (11, 0)
    game.update_sheet(sheet, 1, 0, first)
    assert not sheet.over and sheet.totals == [11, 0]
    game.update_sheet(sheet, 2, 1, DealResult((0, 26)))
    assert sheet.over and sheet.winner == 1 and sheet.totals == [11, 26]
    assert "15 hundred" in sheet.summary


def test_rb43_giving_a_rubiconed_adversary_the_last_trick_may_add_100() -> None:
    won = GAME.settle((1660, 460), (16, 16))
    given = GAME.settle((1610, 510), (16, 16))
    assert given.value - won.value == 100


def _finished(s0: int, s1: int) -> RubiconState:
    s = RubiconState.position(GAME, hands=[[], []], trump=Suit.HEARTS, tricks=64,
                              points=(s0, s1), brisques=(16, 16), phase="end")
    return s


# -- the gaps, by the recommended standard rules ----------------------------------------

def test_rb_gap1_four_packs_128_cards_32_brisques() -> None:
    pack = Counter(int(c) for c in GAME.pack.all_cards())
    assert len(GAME.pack) == 128 and set(pack.values()) == {4}
    assert GAME.brisques_total == 32


def test_rb_gap2_nine_cards_each_by_threes_the_pone_first() -> None:
    order = GAME.pack_order(seed=9)
    s = GAME.deal(0, pack=order)
    assert s.hands[1] == order[0:3] + order[6:9] + order[12:15]  # the pone first
    assert s.hands[0] == order[3:6] + order[9:12] + order[15:18]
    assert len(s.stock) == 110 and GAME.tricks_total == 64


def test_rb_gap3_no_turn_up_a_trump_sequence_before_a_marriage_makes_trumps() -> None:
    s = GAME.deal(0, seed=2)
    assert s.observation(0).trump is None and not hasattr(s, "turn_up")
    s = declaring("AD TD KD QD JD", trump=None)
    declare(s, "royal-sequence AD TD KD QD JD")
    assert s.observation(1).trump is Suit.DIAMONDS and s.points[1] == 250
    # no trump ever made: the last tricks are played without trumps
    s = RubiconState.position(GAME, hands=[ids("7S 7D"), ids("AH 8C")], to_move=1,
                              dealer=0, tricks=62)
    s.apply(s.parse_action("AH"))
    assert sorted(listed(s)) == ["7D", "7S"]  # void in hearts, no trump to win with
    s.apply(s.parse_action("7S"))
    assert s.last_winner == 1


def test_rb_gap4_carte_blanche_is_a_hand_without_king_queen_or_jack() -> None:
    s = RubiconState.position(GAME, hands=[ids("7D 7D"), ids("AS TS 9S 8S 7S AH TH 9H JH")],
                              stock=ids(STOCK), to_move=1, dealer=0)
    assert CARTE_BLANCHE not in s.legal_actions()  # a Jack


def test_rb_gap5_no_seven_of_trumps_to_score_or_exchange() -> None:
    with pytest.raises(NotationError):
        GAME.parse_action("exchange")
    s = declaring("7H", trump=Suit.HEARTS)
    assert listed(s) == ["draw"]


def test_rb_gap6_play_and_drawing_as_in_bezique() -> None:
    s = GAME.deal(1, seed=4)
    assert s.current_player() == 0  # the pone leads
    s = RubiconState.position(GAME, hands=[ids("AS 7D"), ids("AS 7C")], stock=ids(STOCK),
                              to_move=1, dealer=0)
    s.apply(s.parse_action("AS"))
    s.apply(s.parse_action("AS"))  # identical cards: the leader wins
    assert s.current_player() == 1 and s.last_winner == 1
    top = s.stock[-1]
    s.apply(DRAW)
    assert s.hands[1][-1] == top  # the winner draws first


def test_rb_gap7_the_brisque_count_by_default_within_200_or_to_save_a_rubicon() -> None:
    assert GAME.settle((1300, 1101), (0, 32)).counted  # 199 apart, it helps the one behind
    assert not GAME.settle((1300, 1101), (32, 0)).counted  # it would not help him
    assert not GAME.settle((1400, 1199), (0, 32)).counted  # 201 apart
    assert GAME.settle((1900, 680), (0, 32)).counted  # 680 + 320 might save a rubicon
    assert not GAME.settle((1900, 679), (0, 32)).counted


def test_rb_gap8_equal_totals_are_a_tie_worth_nothing() -> None:
    st = GAME.settle((1200, 1200), (16, 16))
    assert st.winner is None and st.value == 0
    s = _finished(1200, 1200)
    assert GAME.deal_result(s).points == (0, 0)


def test_rubicon_is_registered_and_deals_with_no_trump() -> None:
    game = make_game("rubicon")
    assert isinstance(game, Rubicon) and game.title == "Rubicon Bézique"
    s = game.deal(0, seed=1)
    assert s.trump == -1 and len(s.hands[0]) == 9
