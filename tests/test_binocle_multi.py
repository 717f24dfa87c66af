"""Three- and four-handed Binocle (Foster), and laying every meld down at once: one test
per rule, named with its checklist or variant number (INVENTORY 10, 13; BN; V-BN3,
V-BN4)."""

from __future__ import annotations

import time

import pytest

from bezique.core.cards import Card
from bezique.core.errors import IllegalActionError
from bezique.games.binocle.laying import best_laying, check_laying
from bezique.games.binocle.melds import TABLE, TABLE_NO_GRAND

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3


def ids(text: str) -> list[int]:
    return [int(Card.parse(c)) for c in text.split()]


def melds(text: str) -> list:  # type: ignore[type-arg]
    out = []
    for chunk in text.split("+"):
        name, *cards = chunk.split()
        out.append(TABLE.meld(name, tuple((Card.parse(c.rstrip("*")), c.endswith("*"))
                                          for c in cards)))
    return out


# -- laying all melds at once (Three-handed Binocle, Melds) -------------------------------

def test_bn30_trump_sequence_laid_at_once_counts_190() -> None:
    laying = best_laying(ids("AH TH KH QH JH 9C"), HEARTS)
    assert laying.total == 190
    assert [m.name for m in laying.melds] == ["royal-marriage", "sequence"]


def test_bn28_four_kings_and_four_queens_make_220() -> None:
    assert best_laying(ids("KC KD KH KS QC QD QH QS"), CLUBS).total == 220


def test_bn31_double_binocle_laid_as_the_single_then_the_other_is_40_plus_80() -> None:
    laying = best_laying(ids("QS QS JD JD"), CLUBS)
    assert laying.total == 120
    assert [m.name for m in laying.melds] == ["binocle", "double-binocle"]


def test_bn32_eight_kings_laid_as_four_then_the_other_four_is_80_plus_160() -> None:
    laying = best_laying(ids("KC KD KH KS KC KD KH KS"), DIAMONDS)
    assert laying.total == 240
    assert [m.name for m in laying.melds] == ["four-kings", "eight-kings"]


def test_bn27_cards_of_no_combination_lay_nothing() -> None:
    laying = best_laying(ids("9C 9D TC AD KH JS"), SPADES)
    assert laying.total == 0 and laying.melds == () and laying.notation() == "nothing"


def test_bn25_four_of_a_kind_needs_four_suits() -> None:
    assert best_laying(ids("AC AC AD AH"), SPADES).total == 0
    assert best_laying(ids("AC AS AD AH"), SPADES).total == 100


def test_bn23_grand_binocle_only_with_the_option() -> None:
    hand = ids("KS QS JD")
    # binocle 40, then the King added: grand binocle 80 (GAP-BN-4); plus a marriage? the
    # K and Q of spades (a plain suit) need a fresh card, and none is left
    assert best_laying(hand, HEARTS, TABLE).total == 120
    assert best_laying(hand, HEARTS, TABLE_NO_GRAND).total == 60  # binocle + marriage


def test_bn29_check_laying_accepts_adding_and_refuses_taking_away() -> None:
    hand = ids("AH TH KH QH JH")
    assert check_laying(hand, HEARTS, melds(
        "royal-marriage KH QH + sequence AH TH KH* QH* JH")) == 190
    # BN 30: a new Queen with the sequence's King is no marriage (the King taken away)
    with pytest.raises(IllegalActionError, match="taken away"):
        check_laying(hand + ids("QH"), HEARTS,
                     melds("sequence AH TH KH QH JH + royal-marriage KH* QH"))
    with pytest.raises(IllegalActionError, match="fresh"):
        check_laying(hand, HEARTS, melds("sequence AH TH KH QH JH + royal-marriage KH* QH*"))
    # BN 31: the second single binocle, then the double: no fresh card for the double
    assert check_laying(ids("QS QS JD JD"), CLUBS, melds(
        "binocle QS JD + double-binocle QS QS* JD JD*")) == 120
    with pytest.raises(IllegalActionError):
        check_laying(ids("QS QS JD JD"), CLUBS, melds(
            "binocle QS JD + binocle QS JD + double-binocle QS* QS* JD* JD*"))


def test_bn27_check_laying_names_a_card_not_in_the_hand() -> None:
    with pytest.raises(IllegalActionError, match="not in the hand"):
        check_laying(ids("KH"), HEARTS, melds("royal-marriage KH QH"))
    with pytest.raises(IllegalActionError, match="royal marriage is KH QH"):
        check_laying(ids("KH QS"), HEARTS, melds("royal-marriage KH QS"))


def test_the_best_laying_is_itself_legal() -> None:
    import random

    from bezique.games.binocle.melds import PACK_48
    rng = random.Random(7)
    cards = [int(c) for c in PACK_48.all_cards()]
    for _ in range(200):
        rng.shuffle(cards)
        hand, trump = cards[:16], rng.randrange(4)
        laying = best_laying(hand, trump)
        assert check_laying(hand, trump, laying.melds) == laying.total


def test_laying_is_fast() -> None:
    """The benchmark: 16-card hands (three-handed) take well under a millisecond each on
    average; the worst hand of all (eight Kings and eight Queens) well under a second."""
    import random

    from bezique.games.binocle.melds import PACK_48
    rng = random.Random(3)
    cards = [int(c) for c in PACK_48.all_cards()]
    start = time.process_time()
    for _ in range(200):
        rng.shuffle(cards)
        best_laying(cards[:16], rng.randrange(4))
    assert time.process_time() - start < 2.0
    start = time.process_time()
    worst = best_laying(ids("KC KD KH KS KC KD KH KS QC QD QH QS QC QD QH QS"), HEARTS)
    assert time.process_time() - start < 2.0
    assert worst.total == 600
