"""Misuse of the engine's API and bad input: each raises the library's own error, naming
what is wrong in a few words, and changes nothing.

- an action object built by hand with no card of the pack (``Play(999)``) is an
  ``IllegalActionError`` naming the card, not a ``ValueError`` from inside the message;
- a seat that is not 0 or 1 (``resample(-1)``, ``resample(2)``, ``observation(2)``) is a
  ``SeatError`` naming the valid seats, never a silent stand-in for seat 0 or 1;
- over-long text is never echoed back in full, and a huge string fails at once.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from test_bezique_rules import position

from bezique import Bezique, BeziqueError, Card, IllegalActionError, SixtySix, Suit
from bezique.core.errors import SeatError
from bezique.core.game import State
from bezique.core.match import Match
from bezique.games import bezique as bz
from bezique.games import sixtysix as ss

GAMES = {"bezique": Bezique(), "sixtysix": SixtySix()}
BAD_SEATS: list[Any] = [-1, 2, 3, True, False, 1.0, "0", None]


def deal(name: str) -> State:
    return GAMES[name].deal(0, seed=5)


def snapshot(state: State) -> tuple[object, ...]:
    return (str(state), state.observation(0), state.observation(1),
            [str(a) for a in state.legal_actions()], state.scores())


# -- actions built by hand -------------------------------------------------------------------

@pytest.mark.parametrize("name, action", [
    ("bezique", bz.Play(999)),  # type: ignore[arg-type]
    ("bezique", bz.Play(-1)),  # type: ignore[arg-type]
    ("bezique", bz.Play("QS")),  # type: ignore[arg-type]
    ("bezique", bz.Play(Card.parse("2H").real)),  # type: ignore[arg-type] # an id, no Bézique card
    ("sixtysix", ss.Play(999)),  # type: ignore[arg-type]
    ("sixtysix", ss.Marry(999)),  # type: ignore[arg-type]
    ("sixtysix", ss.Play(Card.parse("7H"))),  # a card, but not of the Sixty-Six pack
])
def test_a_play_of_no_card_of_the_pack_is_an_illegal_action_naming_it(
        name: str, action: Any) -> None:
    state = deal(name)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    card = action.card
    named = str(Card(card)) if isinstance(card, Card) else repr(card)
    assert named in str(info.value)
    assert "not a card of the" in str(info.value)
    assert snapshot(state) == before


def test_a_play_id_of_a_card_the_hand_lacks_is_refused_as_not_in_the_hand() -> None:
    state = deal("bezique")
    card = next(int(c) for c in Bezique().pack.cards
                if int(c) not in state.hands[state.current_player()])  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match=f"{Card(card)} is not in your hand"):
        state.apply(bz.Play(card))  # type: ignore[arg-type]


def test_a_sixtysix_show_of_no_suit_is_an_illegal_action_naming_it() -> None:
    state = deal("sixtysix")
    with pytest.raises(IllegalActionError, match="9 is not a suit"):
        state.apply(ss.Show(9))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="needs both"):
        state.apply(ss.Show(Suit.HEARTS) if Card.parse("KH") not in
                    state.observation(state.current_player()).hand else ss.Show(Suit.CLUBS))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_applying_something_that_is_no_action_is_an_illegal_action(name: str) -> None:
    state = deal(name)
    for junk in ("QS", 12, None, object()):
        with pytest.raises(IllegalActionError):
            state.apply(junk)  # type: ignore[arg-type]


def test_a_hand_built_declaration_of_no_cards_is_refused_as_illegal() -> None:
    state = position("KC QC QS JD 9C 9D 8D", "7D 7D 8S 8S 7S 7S 7H 7H", phase="declare")
    bad: list[Any] = [
        bz.Declare((bz.Meld("marriage", ((999, False),)),)),  # type: ignore[arg-type]
        bz.Declare([bz.Meld("marriage", ())]),  # type: ignore[arg-type]
        bz.Declare((bz.Meld("quint", ()),)),
        bz.Declare(()),
        bz.ScoreCarried("marriage", (999,)),  # type: ignore[arg-type]
    ]
    before = snapshot(state)
    for action in bad:
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert not state.is_legal(action)
    assert snapshot(state) == before


# -- seats -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seat", BAD_SEATS)
def test_resample_of_a_seat_that_is_not_0_or_1_raises_a_seat_error(name: str,
                                                                   seat: Any) -> None:
    state = deal(name)
    with pytest.raises(SeatError, match="the seats are 0 and 1") as info:
        state.resample(seat, random.Random(0))
    assert repr(seat) in str(info.value)
    assert isinstance(info.value, BeziqueError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seat", BAD_SEATS)
def test_observation_of_a_seat_that_is_not_0_or_1_raises_a_seat_error(name: str,
                                                                      seat: Any) -> None:
    with pytest.raises(SeatError, match="the seats are 0 and 1"):
        deal(name).observation(seat)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_dealer_that_is_no_seat_raises_a_seat_error(name: str) -> None:
    with pytest.raises(SeatError, match="dealer 2 is not a seat"):
        GAMES[name].deal(2, seed=1)
    with pytest.raises(SeatError, match="first_dealer -1 is not a seat"):
        Match(GAMES[name], seed=1, first_dealer=-1)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_seats_0_and_1_still_work_as_ints_of_any_kind(name: str) -> None:
    state = deal(name)

    class Seat:  # anything with __index__, e.g. a numpy integer
        def __init__(self, i: int) -> None:
            self.i = i

        def __index__(self) -> int:
            return self.i

    for seat in (0, 1):
        assert state.observation(Seat(seat)) == state.observation(seat)  # type: ignore[arg-type]
        assert state.resample(Seat(seat), random.Random(3)).observation(seat) \
            == state.observation(seat)  # type: ignore[arg-type]


# -- over-long input -------------------------------------------------------------------------

HUGE = "QS " * (10 * 1024 * 1024 // 3)  # about 10 MB


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("text", [HUGE, "x" * 5000, "marriage " + "KS " * 2000,
                                  "Q" * 200 + "S", "score marriage " + "KS " * 500])
def test_over_long_action_text_fails_fast_with_a_short_message(name: str, text: str) -> None:
    game = GAMES[name]
    state = deal(name)
    for read in (game.parse_action, state.parse_action, state.action_from_text):
        start = time.perf_counter()
        with pytest.raises(BeziqueError) as info:
            read(text)
        assert time.perf_counter() - start < 0.5
        message = str(info.value)
        assert len(message) < 300, message
        assert "…" in message


def test_over_long_option_text_is_not_echoed_back() -> None:
    from bezique import BeziqueOptions, OptionError
    for items in (["draw_order=" + "x" * 10_000], ["x" * 10_000 + "=1"], ["y" * 10_000],
                  ["game_target=" + "9" * 10_000]):
        with pytest.raises(OptionError) as info:
            BeziqueOptions.parse(items)
        message = str(info.value)
        assert "…" in message and "x" * 50 not in message and "9" * 50 not in message
        assert len(message) < 600  # the list of options, at most
