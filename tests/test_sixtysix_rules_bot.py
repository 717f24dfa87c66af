"""The Sixty-Six rule player where a strong player would wince: each test sets up a
position in which the old heuristics went wrong and asserts the play Foster's advice calls
for (Sixty-Six: keep both counts, Counting; the first to 66 who claims wins, SS 35)."""

from __future__ import annotations

from typing import Any

from bezique.bots.sixtysix_rules import SixtySixRulesBot
from bezique.core.cards import Card, Suit, parse_cards
from bezique.games.sixtysix import SixtySix, SixtySixState

SS = SixtySix()


def follow(hand0: str, hand1: str, lead: str, stock: str = "JH QH AD",
           **kw: Any) -> SixtySixState:
    """Seat 1 to follow ``lead`` while the stock lasts, spades trumps."""
    return SixtySixState.position(
        SS, hands=(parse_cards(hand0), parse_cards(hand1)), trump=Suit.SPADES,
        turn_up=int(Card.parse("9S")), stock=parse_cards(stock), to_move=1,
        phase="follow", lead=int(Card.parse(lead)), **kw)


def play(state: SixtySixState) -> tuple[str, tuple[str, ...]]:
    advice = SixtySixRulesBot(1).advise(state)
    assert advice.action == SixtySixRulesBot(1).choose(state)
    return str(advice.action), advice.reasons


def test_takes_the_trick_that_would_make_the_adversary_66() -> None:
    # he counts 64 and leads JC (2): a lost trick makes him 66, and he claims. The Queen
    # of clubs is half a marriage, but the hand is lost if the trick goes
    state = follow("9C TH KH AC QS", "KC QC 9D 9H JD TD", "JC", points=(64, 30),
                   tricks_won=(3, 2))
    action, reasons = play(state)
    assert action in ("QC", "KC"), reasons
    assert reasons[0] == (f"wins with {action}: the adversary counts 64, and this trick would"
                          " make him 66, enough to claim 66")


def test_keeps_him_under_66_when_the_trick_cannot_be_won() -> None:
    # nothing beats his Ace: throw the card that leaves him short of 66
    state = follow("AC TH KH QS JS", "KC 9D JD TD 9H JH", "AD", stock="9C QD AH",
                   points=(53, 30), tricks_won=(3, 2))
    action, reasons = play(state)
    assert action in ("9D", "9H"), reasons
    assert reasons[0] == (f"cannot win the trick: plays {action}, which keeps the adversary"
                          " under 66 (64)")


def test_lets_a_trick_go_when_it_does_not_make_him_66() -> None:
    # at 40 the same trick leaves him at 42: the marriage is kept
    state = follow("9C TH KH AC QS", "KC QC 9D 9H JD TD", "JC", points=(40, 30),
                   tricks_won=(3, 2))
    action, _ = play(state)
    assert action not in ("QC", "KC")
