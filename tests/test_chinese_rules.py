"""Chinese Bézique: Rubicon Bézique with six packs (Foster), and what the text leaves out
from the standard rules: twelve cards each, no bézique beyond the quadruple."""

from __future__ import annotations

from collections import Counter

import pytest
from test_rubicon_rules import FOLLOWS, LEADS, ids

from bezique.core.cards import Card, Suit
from bezique.core.errors import NotationError
from bezique.games import GAMES, make_game
from bezique.games.bezique.rubicon import (
    CARTE_BLANCHE,
    Chinese,
    ChineseOptions,
    Rubicon,
    RubiconState,
)

GAME = Chinese()
STOCK = "9C 9C 9C 9C 9C 9C 7S 7S 7S 7S 8S 8S 8S 8S 9S 9S 9S 9S"


def test_chinese_is_rubicon_with_six_packs() -> None:
    assert GAMES["chinese"] is Chinese and issubclass(Chinese, Rubicon)
    assert isinstance(make_game("chinese"), Chinese)
    assert len(GAME.pack) == 192
    assert set(Counter(int(c) for c in GAME.pack.all_cards()).values()) == {6}
    assert GAME.brisques_total == 48 and GAME.tricks_total == 96


def test_twelve_cards_each_by_threes_the_pone_first() -> None:
    order = GAME.pack_order(seed=5)
    s = GAME.deal(0, pack=order)
    assert len(s.hands[0]) == len(s.hands[1]) == 12 and len(s.stock) == 168
    assert s.hands[1][:3] == order[:3] and s.hands[0][:3] == order[3:6]
    assert s.observation(1).trump is None


def test_the_bezique_table_stops_at_the_quadruple() -> None:
    with pytest.raises(NotationError):
        GAME.parse_action("quintuple-bezique QS QS QS QS QS JD JD JD JD JD")
    hand = "QS QS QS QS QS JD JD JD JD JD"
    s = RubiconState.position(GAME, hands=[ids(FOLLOWS), ids(f"{hand} {LEADS}")],
                              trump=Suit.HEARTS, stock=ids(STOCK), phase="declare",
                              to_move=1, dealer=0)
    assert "quadruple-bezique QS QS QS QS JD JD JD JD" in [str(a) for a in s.legal_actions()]
    s.apply(s.parse_action("quadruple-bezique QS QS QS QS JD JD JD JD"))
    s.apply(s.parse_action("7C"))
    s.apply(s.parse_action("7D"))
    # the fifth pair makes a single bézique of its own, nothing more in class B
    legal = [str(a) for a in s.legal_actions()]
    assert "bezique QS JD" in legal
    assert not [a for a in legal if a.startswith(("double", "triple", "quadruple"))]


def test_settled_as_rubicon_with_the_brisques_of_six_packs() -> None:
    assert GAME.settle((1830, 1260), (24, 24)).value == 1100
    assert GAME.settle((920, 440), (24, 24)).value == 2600
    assert GAME.settle((1900, 520), (0, 48)).counted  # 520 + 480 might save the rubicon
    assert not GAME.settle((1900, 519), (0, 48)).counted
    six = Chinese(ChineseOptions(rubicon_brisque_award=480))
    assert six.settle((920, 440), (24, 24)).value == 900 + 400 + 1000 + 480


def test_carte_blanche_of_twelve_cards() -> None:
    blank = "AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD"
    s = RubiconState.position(GAME, hands=[ids(FOLLOWS), ids(blank)], stock=ids(STOCK),
                              to_move=1, dealer=0)
    s.apply(CARTE_BLANCHE)
    assert s.points == [0, 50]
    assert len(s.observation(0).known_in_hand[1]) == 12
    assert Card.parse("AD") in s.observation(0).known_in_hand[1]


def test_a_deal_plays_to_its_96th_trick() -> None:
    s = GAME.deal(1, seed=8)
    k = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[k % len(legal)])
        k += 1
    assert s.tricks == 96 and not s.stock
    assert sum(s.brisques) == 48
    assert GAME.deal_result(s).detail("value") >= 500 or GAME.deal_result(s).points == (0, 0)
