"""Misuse of the engine's API and bad input: each raises the library's own error, naming
what is wrong in a few words, and changes nothing.

- an action object built by hand with no card of the pack (``Play(999)``) is an
  ``IllegalActionError`` naming the card, not a ``ValueError`` from inside the message;
- a seat that is not 0 or 1 (``resample(-1)``, ``resample(2)``, ``observation(2)``) is a
  ``SeatError`` naming the valid seats, never a silent stand-in for seat 0 or 1;
- over-long text is never echoed back in full, and a huge string is refused by its
  length, before anything reads it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_bezique_rules import position

from bezique import Bezique, BeziqueError, Card, IllegalActionError, SixtySix, Suit
from bezique.core.errors import NotationError, SeatError
from bezique.core.game import MAX_ACTION_TEXT, State
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

#: The methods of ``str`` that read a text through (or hash it whole).
_WHOLE_READS = ("split", "rsplit", "splitlines", "strip", "lstrip", "rstrip", "lower",
                "upper", "casefold", "replace", "find", "rfind", "index", "count",
                "startswith", "endswith", "encode", "partition", "isspace", "isdecimal",
                "__iter__", "__contains__", "__hash__", "__mod__", "__format__")


class Watched(str):
    """Text that notes each whole reading of it (``reads``): a slice of at most a
    thousand characters, as an error message quotes, is no reading."""

    reads: list[str]

    def __new__(cls, text: str) -> Watched:
        self = super().__new__(cls, text)
        self.reads = []
        return self

    def __getitem__(self, key: Any) -> str:
        part = str.__getitem__(self, key)
        if len(part) > MAX_ACTION_TEXT:
            self.reads.append("a long slice")
        return part


def _noting(name: str) -> Any:
    def read(self: Watched, *args: Any, **kwargs: Any) -> Any:
        self.reads.append(name)
        return getattr(str, name)(self, *args, **kwargs)
    return read


for _name in _WHOLE_READS:
    setattr(Watched, _name, _noting(_name))


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("text", [HUGE, "x" * 5000, "marriage " + "KS " * 2000,
                                  "score marriage " + "KS " * 500], ids=len)
def test_over_long_action_text_is_refused_by_its_length_unread(name: str, text: str) -> None:
    """Text longer than any action is refused before it is split, searched or parsed
    (a 10 MB string costs no more than a short one): the error says it is too long,
    quotes its start only, and the position is unchanged."""
    game = GAMES[name]
    state = deal(name)
    before = snapshot(state)
    for read in (game.parse_action, state.parse_action, state.action_from_text):
        watched = Watched(text)
        with pytest.raises(NotationError) as info:
            read(watched)
        message = str(info.value)
        assert f"is too long (at most {MAX_ACTION_TEXT:,} characters)" in message, message
        assert f"…' ({len(text):,} characters)" in message and len(message) < 300, message
        assert watched.reads == [], watched.reads
    assert snapshot(state) == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_long_card_within_the_limit_is_read_and_quoted_short(name: str) -> None:
    """Text under the limit is read as any other (so its cost is bounded by the limit):
    two hundred Queens and a Spade are no card, named by their start only."""
    text = "Q" * 200 + "S"
    assert len(text) <= MAX_ACTION_TEXT
    game = GAMES[name]
    state = deal(name)
    before = snapshot(state)
    for read in (game.parse_action, state.parse_action, state.action_from_text):
        with pytest.raises(NotationError) as info:
            read(text)
        message = str(info.value)
        assert message.startswith("not a card: 'QQQQ") and "…' (201 characters)" in message
        assert len(message) < 300, message
    assert snapshot(state) == before


def test_over_long_option_text_is_not_echoed_back() -> None:
    from bezique import BeziqueOptions, OptionError
    for items in (["draw_order=" + "x" * 10_000], ["x" * 10_000 + "=1"], ["y" * 10_000],
                  ["game_target=" + "9" * 10_000]):
        with pytest.raises(OptionError) as info:
            BeziqueOptions.parse(items)
        message = str(info.value)
        assert "…" in message and "x" * 50 not in message and "9" * 50 not in message
        assert len(message) < 600  # the list of options, at most
