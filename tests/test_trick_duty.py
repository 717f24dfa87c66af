"""The duty to follow, head and trump is written once (core.trick.heading_tiers): what a
player may play and what his card shows about his hand both derive from it, and the
two-card form of it is the last tricks of two-handed Bézique."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bezique.core.cards import Card, parse_cards
from bezique.core.trick import (
    card_mask,
    duty_cards,
    duty_shows,
    heading_tiers,
    must_follow_and_win,
    trick_winner,
)
from bezique.games.bezique.declarations import ORDER, STRENGTH

PACK = [int(c) for c in parse_cards(
    "AS TS KS QS JS 9S 8S 7S AH TH KH QH JH 9H 8H 7H AD TD KD QD JD 9D 8D 7D"
    " AC TC KC QC JC 9C 8C 7C")]

cards = st.sampled_from(PACK)


@given(st.lists(cards, min_size=1, max_size=8), st.lists(cards, min_size=1, max_size=3),
       st.integers(0, 3))
def test_a_card_is_legal_exactly_when_what_it_shows_is_not_in_the_hand(
        hand: list[int], trick: list[int], trump: int) -> None:
    """Legality and the inference of voids cannot drift apart: a card the duty lets him
    play never shows a card he still holds, and one it forbids always would."""
    best = trick[trick_winner(trick, trump, STRENGTH)]
    tiers = heading_tiers(trick[0] >> 4, best, trump, ORDER.above)
    legal = duty_cards(hand, tiers)
    held = card_mask(hand)
    for c in hand:
        assert (c in legal) == (duty_shows(c, tiers) & held == 0), (hand, trick, trump, c)


@given(st.lists(cards, min_size=1, max_size=8), cards, st.integers(0, 3))
def test_at_two_cards_a_trick_the_duty_is_bezique_last_eight_tricks(
        hand: list[int], lead: int, trump: int) -> None:
    """BZ 71: follow suit and win if able; void, trump; else any card. The same rule
    with the lead as the card to beat."""
    tiers = heading_tiers(lead >> 4, lead, trump, ORDER.above)
    assert sorted(duty_cards(hand, tiers)) == sorted(must_follow_and_win(hand, lead, trump,
                                                                         STRENGTH))


def test_a_trumped_trick_must_be_over_trumped_if_able_else_under_trumped() -> None:
    """Four-handed Binocle (and Kreutz-mariage): void of the suit led, over-trump a
    trumped trick if you can, else trump anyway; a card of the suit led that cannot win
    a trumped trick is still the duty (follow suit)."""
    c = lambda text: int(Card.parse(text))  # noqa: E731
    trump = c("AH") >> 4
    tiers = heading_tiers(c("KS") >> 4, c("TH"), trump, ORDER.above)  # spades led, 10♥ wins
    assert sorted(duty_cards([c("AH"), c("9H"), c("9C")], tiers)) == [c("AH")]
    assert sorted(duty_cards([c("KH"), c("9H"), c("9C")], tiers)) == sorted([c("KH"),
                                                                               c("9H")])
    assert duty_cards([c("7S"), c("AH")], tiers) == [c("7S")]
    # an under-trump shows no higher trump; a discard shows no spade and no trump
    assert duty_shows(c("9H"), tiers) & card_mask([c("AH")])
    assert duty_shows(c("9C"), tiers) & card_mask([c("7S"), c("7H")]) == card_mask(
        [c("7S"), c("7H")])
