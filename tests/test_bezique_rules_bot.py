"""The Bézique rule player where a strong player would wince: each test sets up a
position in which the old heuristics went wrong and asserts the play Foster's advice
calls for (his "Suggestions for Good Play" and the rules of two-handed Bézique)."""

from __future__ import annotations

from typing import Any

import pytest
from test_bots import position

from bezique.bots.bezique_rules import BeziqueRulesBot
from bezique.core.cards import Card
from bezique.core.game import State
from bezique.games import make_game
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


def test_the_second_seven_is_worth_more_kept_than_a_marriage_declared() -> None:
    # only the Seven of trumps (or a spade Ace or King) wins this trick of no count: the
    # marriage it would let him declare is worth less than the Seven's 10 to come
    state = position(None, "7H KD JC QC QS KS TD", trump="H", turn_up="7H",
                     phase="follow", lead="9S", to_move=1)
    action, reasons = advise(state)
    assert action == "JC", reasons
    assert reasons[1] == ("winning needs 7H (the seven to exchange), worth more kept than"
                          " declaring marriage (20)")


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


# -- four Jacks and the bézique Jack ------------------------------------------------------------

def test_a_waiting_bezique_is_worth_its_40_not_taken_for_four_jacks() -> None:
    # bézique and four Jacks are both 40; only four Jacks made with the bézique Jack is the
    # poor meld (Suggestions, Declaring). Here nothing but bézique waits, so a King that
    # wins the Jack's trick is worth spending to declare it
    state = position(None, "QS JD KC 8D 8S 9D 7D", trump="H", turn_up="8H",
                     phase="follow", lead="JC", to_move=1)
    action, reasons = advise(state)
    assert action == "KC", reasons
    assert reasons[0] == "wins with KC to declare bezique (40)"


def test_four_jacks_without_the_bezique_jack_is_declared() -> None:
    # four Jacks that leave the bézique Jack in the hand show nothing of bézique
    state = position(None, "JD JC JH JS JS 8C 9C", trump="H", turn_up="8H",
                     phase="declare", stock=20)
    action, _ = advise(state)
    assert action.startswith("four-jacks") and "JD" not in action


# -- brisques ----------------------------------------------------------------------------------

# the first 31 actions of deal 10 (dealer 0) between two rule players of before
DEAL_10 = ("8S", "JH", "marriage KS QS", "7S", "9S", "draw", "9C", "8H", "bezique QS JD",
           "JD*", "8C", "four-kings KS* KH KD KC", "8H", "AH", "exchange", "AS", "9H",
           "marriage KS QS*", "KS*", "KS*", "draw", "7H", "TH", "draw", "9D", "QS*", "draw",
           "8D", "7D", "draw", "8D")


def _replay(seed: int, dealer: int, actions: tuple[str, ...]) -> State:
    """Deal ``seed`` (``dealer`` deals) played through ``actions``, in notation."""
    state: State = make_game("bezique").deal(dealer, seed=seed)
    for text in actions:
        state.apply(state.parse_action(text))
    return state


def test_a_ten_is_not_thrown_to_a_lost_trick_while_a_card_of_less_use_can_go() -> None:
    # Suggestions, Brisques: a brisque let go is a swing of twenty points. Of the cards
    # that lose this trick, the spade Ten is a brisque and nothing else; one of the two
    # heart Queens goes instead
    state = _replay(10, 0, DEAL_10)
    assert str(state.observation(0).trick[0]) == "8D"  # type: ignore[attr-defined]
    action, reasons = advise(state)
    assert action == "QH", reasons
    assert reasons[1] == ("keeps TS: a brisque thrown to the adversary's trick is a swing"
                          " of twenty points")


# -- the last eight tricks ----------------------------------------------------------------------

# deal 1 (dealer 1) between two rule players of before, to the first lead of the last eight
DEAL_1 = ("9S", "8C", "marriage KC QC", "8D", "8D", "marriage KS QS", "JC", "9C", "draw", "TD",
          "8C", "draw", "QC*", "JC", "draw", "JS", "JS", "draw", "TD", "7S", "draw", "KC*",
          "9D", "draw", "KS*", "QD", "royal-marriage KH QH", "8H", "8H", "draw", "KD", "9D",
          "sequence AH TH KH* QH* JH", "TH*", "AH", "exchange", "7H", "KS",
          "royal-marriage KH QH", "9S", "7C", "draw", "KH*", "AH*",
          "four-queens QS* QH* QD QC", "8S", "7C", "draw", "QC*", "TC", "draw", "KC", "QD*",
          "draw", "TH", "JH*", "draw", "KD", "AD", "bezique QS* JD", "TS", "JH", "draw", "7D",
          "9C", "draw", "7S", "AS", "draw", "8S", "JD", "draw")


def test_the_last_eight_tricks_are_played_out_exactly() -> None:
    # every unseen card is in the other hand: the whole of the last eight tricks is
    # worked out, not one trick. A full search gives AD, 7D and JD -50 each (brisques and
    # the last trick, net) and every other lead -70; looking one trick ahead led QH
    state = _replay(1, 1, DEAL_1)
    obs: Any = state.observation(state.current_player())
    assert obs.turn_up is None and len(obs.hand) == 8 and obs.phase == "lead"
    action, reasons = advise(state)
    assert action in ("AD", "7D", "JD"), reasons
    assert reasons[0] == (f"leads {action}: with every card known, the last 8 tricks"
                          " played best net you -50 points")


def test_without_a_solver_the_last_eight_are_played_one_trick_deep(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # an installation without bezique.solvers: the player falls back to its own look
    # one trick ahead (and its small exact search once the hands are short)
    import bezique.bots.bezique_rules as rules
    monkeypatch.setattr(rules, "_endgame_solver", lambda game: None)
    state = _replay(1, 1, DEAL_1)
    action, reasons = advise(state)
    assert state.parse_action(action) in state.legal_actions()
    assert reasons[0].startswith(f"in the last eight tricks: leads {action}")
