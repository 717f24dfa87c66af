"""The Bézique rule player where a strong player would wince: each test sets up a
position in which the old heuristics went wrong and asserts the play Foster's advice
calls for (his "Suggestions for Good Play" and the rules of two-handed Bézique)."""

from __future__ import annotations

from test_bots import position

from bezique.bots.bezique_rules import BeziqueRulesBot
from bezique.core.cards import Card
from bezique.core.game import State
from bezique.games.bezique import Exchange, Play


def advise(state: State) -> tuple[str, tuple[str, ...]]:
    advice = BeziqueRulesBot().advise(state)
    assert advice.action == BeziqueRulesBot().choose(state)
    return str(advice.action), advice.reasons


# -- the Seven of trumps (BZ 37-39) -------------------------------------------------------------

def test_the_second_seven_is_kept_for_its_exchange_not_led_away() -> None:
    # the turn-up is itself a Seven: the other Seven may still be exchanged for it,
    # Seven for Seven, for 10 (BZ 39); led away, those 10 are lost
    state = position(None, "7H KD QD JD QS KS QC", trump="H", turn_up="7H", phase="lead")
    action, reasons = advise(state)
    assert action != "7H", reasons


def test_the_second_seven_is_not_spent_on_a_trick_of_no_count() -> None:
    state = position(None, "7H KD QD JD QS KS QC", trump="H", turn_up="7H",
                     phase="follow", lead="9S", to_move=1)
    action, reasons = advise(state)
    assert action != "7H", reasons
    assert "7H (the seven to exchange)" in reasons[1], reasons


def test_once_a_seven_is_taken_up_the_other_has_no_exchange_left() -> None:
    # both exchanges made (the turn-up 8H for a Seven, then Seven for Seven): the Seven
    # taken up is only a small trump now, and the player no longer plans an exchange
    state = position("9C 9D 9S 8C 8D 8S 7S", "7H 7H KD QD JD QS QC", trump="H",
                     turn_up="8H", phase="declare", to_move=1, stock=9)
    state.apply(Exchange())  # and draws
    assert BeziqueRulesBot().advise(state).reasons[-1].startswith("if it wins the trick")
    state.apply(Play(Card.parse("QC")))
    state.apply(Play(Card.parse("7S")))  # seat 1 wins, and exchanges Seven for Seven
    state.apply(Exchange())
    assert state.turn_up == int(Card.parse("7H")) and state.current_player() == 1
    assert int(Card.parse("7H")) in state.hands[1]
    _, reasons = advise(state)
    assert not any("exchange" in r or "the seven" in r for r in reasons), reasons


def test_winning_with_the_seven_does_not_count_its_exchange() -> None:
    # trumping an Ace with the only Seven of trumps: the Seven is then in the trick, so
    # winning brings the brisque, not an exchange
    state = position(None, "AD TC QC QD JC JD 7C", trump="C", turn_up="8C",
                     phase="follow", lead="AH", to_move=1)
    _, reasons = advise(state)
    assert not any("exchange the seven" in r for r in reasons), reasons


# -- the trump Ace ------------------------------------------------------------------------------

def test_the_trump_ace_is_not_led_early() -> None:
    # Suggestions, Trumps: seldom right to lead the trump Ace, except at the end of the
    # hand or with duplicates; the adversary cannot beat it, but it is the one sure
    # winner of the last eight tricks
    state = position(None, "QS KC KD AC KH QD", tables=("", "QS JD"), trump="C",
                     turn_up="8C", phase="lead", stock=20)
    action, reasons = advise(state)
    assert action != "AC", reasons
    assert reasons[1] == ("keeps AC: the Ace of trumps is seldom led before the end of the"
                          " stock, unless you hold both")


def test_a_card_led_to_win_the_trick_is_not_counted_on_to_declare() -> None:
    # near the end of the stock: the trump Ace on the table would win the lead, but it is
    # the sequence's Ace; led, it is gone and the sequence (250) cannot be declared
    state = position(None, "JC KC TC QC", tables=("", "AC AD AH AS"), trump="C",
                     turn_up="8C", phase="lead", stock=3)
    action, reasons = advise(state)
    assert action != "AC*", reasons
    assert reasons[-1] == "if it wins the trick, you may declare sequence (250)"
