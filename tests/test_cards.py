"""Cards, suits, ranks and packs: the notation round-trips, bad text is named, packs hold
what the books say, and deals come out of a pack exactly as stacked."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from bezique.core.cards import Card, Pack, Rank, Suit, cards_text, parse_cards, rank_text
from bezique.core.errors import NotationError
from bezique.games import GAMES
from bezique.games.bezique import Bezique

ALL_CARDS = [Card.from_suit_rank(s, r) for s in Suit for r in Rank]
PIQUET_RANKS = {Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
                Rank.SEVEN}
SIXTY_SIX_RANKS = [Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE]


# -- notation ----------------------------------------------------------------------------

@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.notation()) is card  # one cached instance per card
    assert Card.parse(card.notation().lower()) == card
    assert Card.parse(card.pretty()) == card
    assert Card(int(card)) is card
    assert Card.from_suit_rank(card.suit, card.rank) == card
    assert int(card) == card.suit * 16 + card.rank
    assert len(card.notation()) == 2


def test_card_ids_are_distinct_and_notations_unique() -> None:
    assert len(set(ALL_CARDS)) == 52
    assert len({c.notation() for c in ALL_CARDS}) == 52


@pytest.mark.parametrize("text, expected", [
    ("10D", "TD"), ("10d", "TD"), ("td", "TD"), ("TD", "TD"),
    ("Q♠", "QS"), ("q♠", "QS"), ("Q♤", "QS"),
    ("7♥", "7H"), ("7♡", "7H"),
    ("J♦", "JD"), ("J♢", "JD"),
    ("A♣", "AC"), ("a♧", "AC"),
    ("10♦", "TD"), ("  ks  ", "KS"),
])
def test_card_accepts_ten_as_10_suit_symbols_and_lower_case(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["QZ", "1S", "11S", "Q", "", "QSS", "ZZ", "S Q", "0S", "1"])
def test_bad_card_text_raises_notation_error_naming_it(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)


def test_notation_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Card.parse("XX")


#: Two or more ranks written in a row, as an error lists a pack's ranks ("A 10 K Q J 9").
_RANK_RUN = re.compile(r"\b(?:A|K|Q|J|10|[2-9])(?: (?:A|K|Q|J|10|[2-9]))+\b")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_games_notation_refuses_a_card_not_in_its_pack_naming_its_own_ranks(
        name: str) -> None:
    """A card of a rank the game's pack lacks (8D in a 48-card game, 2C anywhere), alone or
    in the game's forms, is a NotationError (Auction Binocle's 'discard 8D' was a
    KeyError, the 48-card Binocles took '8D' as a card), and a list of ranks in the
    message holds only the game's own (Binocle's named 8 and 7, Schnapsen's the 9)."""
    game = GAMES[name]()
    own = {rank_text(c.rank) for c in game.pack.cards if not c.is_joker}  # the Joker: none
    missing = [Card.from_suit_rank(Suit.DIAMONDS, r) for r in Rank
               if rank_text(r) not in own]
    if not missing:  # a game of the whole pack (Napoleon, Hearts): no rank to lack, but
        # a text of no rank at all is refused, naming what it read
        assert len(game.pack) == 52, name
        for text in ("1D", "11D", "XD"):
            message = str(pytest.raises(NotationError, game.parse_action, text).value)
            assert text in message
        return
    for card in missing:
        for text in (f"{card}", f"{card}*", f"discard {card}", f"marry {card}",
                     f"marriage KD {card}", f"lay marriage KD {card}"):
            with pytest.raises(NotationError) as info:
                game.parse_action(text)
            message = str(info.value)
            for run in _RANK_RUN.findall(message):
                assert set(run.split()) <= own, (text, message)
        message = str(pytest.raises(NotationError, game.parse_action, str(card)).value)
        assert f"there is no {rank_text(card.rank)} in its pack" in message, message
        listed = _RANK_RUN.findall(message)
        assert listed and set(listed[0].split()) == own, message


@pytest.mark.parametrize("suit", list(Suit), ids=lambda s: s.name)
def test_suit_round_trips_by_letter_and_symbol(suit: Suit) -> None:
    assert Suit.parse(suit.letter) is suit
    assert Suit.parse(suit.letter.lower()) is suit
    assert Suit.parse(suit.symbol) is suit


@pytest.mark.parametrize("text", ["X", "", "♥♥", "spades"])
def test_bad_suit_names_the_text(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Suit.parse(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("rank", list(Rank), ids=lambda r: r.name)
def test_rank_round_trips(rank: Rank) -> None:
    assert Rank.parse(rank.letter) is rank
    assert Rank.parse(rank.letter.lower()) is rank


def test_rank_accepts_10_and_rejects_1_and_11() -> None:
    assert Rank.parse("10") is Rank.TEN
    for bad in ("1", "11", "X"):
        with pytest.raises(NotationError, match=repr(bad)):
            Rank.parse(bad)


def test_card_from_bad_id_is_refused() -> None:
    for bad in (0, 1, 15, 16 + 15, 64, -1):
        with pytest.raises(ValueError):
            Card(bad)


def test_parse_cards_and_cards_text_round_trip() -> None:
    cards = parse_cards("QS JD, 10H 7♣")
    assert [str(c) for c in cards] == ["QS", "JD", "TH", "7C"]
    assert parse_cards(cards_text(cards)) == cards
    assert parse_cards(["QS", "jd"]) == parse_cards("QS JD")
    with pytest.raises(NotationError, match="'QX'"):
        parse_cards("QS QX JD")


def test_format_and_repr_show_the_notation() -> None:
    card = Card.parse("TD")
    assert f"{card:>4}" == "  TD"
    assert repr(card) == "Card.parse('TD')"
    assert eval(repr(card)) == card  # noqa: S307 - the repr is the constructor call
    assert card.pretty() == "10♦"


# -- packs -------------------------------------------------------------------------------

def test_bezique_pack_is_two_piquet_packs() -> None:
    """Bézique, Cards: 64 cards, two packs of 32 (A K Q J 10 9 8 7)."""
    pack = Pack.piquet(copies=2)
    assert len(pack) == 64
    counts = Counter(pack.all_cards())
    assert len(counts) == 32
    assert set(counts.values()) == {2}
    assert {c.rank for c in counts} == PIQUET_RANKS
    assert Bezique().pack.all_cards() == pack.all_cards()


def test_sixty_six_pack_has_24_cards() -> None:
    """Sixty-Six, SS 1: A 10 K Q J 9 of each suit, one of each."""
    pack = Pack.of_ranks(SIXTY_SIX_RANKS)
    assert len(pack) == 24
    assert Counter(pack.all_cards()) == Counter({c: 1 for c in pack.cards})
    assert {c.rank for c in pack.cards} == set(SIXTY_SIX_RANKS)


@pytest.mark.parametrize("copies, size", [(1, 32), (4, 128), (6, 192)])
def test_piquet_pack_multiples_rubicon_and_chinese(copies: int, size: int) -> None:
    """Rubicon Bézique four packs of 32; Chinese Bézique six."""
    pack = Pack.piquet(copies=copies)
    assert len(pack) == size
    assert set(Counter(pack.all_cards()).values()) == {copies}


def test_pack_refuses_duplicates_in_its_composition_and_zero_copies() -> None:
    with pytest.raises(ValueError):
        Pack([Card.parse("QS"), Card.parse("QS")])
    with pytest.raises(ValueError):
        Pack.piquet(copies=0)


def test_pack_contains() -> None:
    pack = Pack.of_ranks(SIXTY_SIX_RANKS)
    assert Card.parse("9H") in pack
    assert Card.parse("8H") not in pack


def test_check_order_accepts_any_order_of_the_composition() -> None:
    pack = Pack.piquet(copies=2)
    order = pack.shuffled(random.Random(5))
    assert pack.check_order(order) == order
    assert pack.check_order([int(c) for c in order]) == order


def test_check_order_names_missing_and_extra_cards() -> None:
    pack = Pack.piquet(copies=2)
    order = pack.all_cards()
    qs, two = Card.parse("QS"), Card.parse("2H")
    order.remove(qs)
    order.append(two)
    with pytest.raises(NotationError) as info:
        pack.check_order(order)
    msg = str(info.value)
    assert "missing: QS" in msg
    assert "too many: 2H" in msg


def test_check_order_names_a_third_copy_and_a_short_pack() -> None:
    pack = Pack.piquet(copies=2)
    order = pack.all_cards()
    order.append(Card.parse("AS"))
    with pytest.raises(NotationError, match="too many: AS"):
        pack.check_order(order)
    with pytest.raises(NotationError) as info:
        pack.check_order(pack.all_cards()[1:])
    assert "(got 63)" in str(info.value)
    assert "missing: 7C" in str(info.value)


def test_shuffled_is_a_permutation_and_reproducible_from_the_seed() -> None:
    pack = Pack.piquet(copies=2)
    a = pack.shuffled(random.Random(11))
    b = pack.shuffled(random.Random(11))
    c = pack.shuffled(random.Random(12))
    assert a == b
    assert a != c
    assert Counter(a) == Counter(pack.all_cards())


# -- deals -------------------------------------------------------------------------------

def _deal_view(state: object) -> tuple[object, ...]:
    s = state
    return (s.hands, s.stock, s.turn_up, s.trump, str(s))  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [0, 1, 2024])
def test_a_seeded_deal_is_reproducible(seed: int) -> None:
    game = Bezique()
    assert _deal_view(game.deal(0, seed=seed)) == _deal_view(game.deal(0, seed=seed))
    assert _deal_view(game.deal(0, seed=seed)) == _deal_view(
        game.deal(0, rng=random.Random(seed)))
    assert game.pack_order(seed=seed) == game.pack_order(seed=seed)
    assert game.deal(0, seed=seed).hands != game.deal(0, seed=seed + 1).hands


@pytest.mark.parametrize("dealer", [0, 1])
def test_a_stacked_pack_deals_three_two_three_pone_first(dealer: int) -> None:
    """Bézique, Dealing (GAP-BZ-1): three, two, three to each, the pone first; the
    seventeenth card is turned up for trump; the rest is the stock, top card first."""
    game = Bezique()
    order = game.pack_order(seed=99)
    state = game.deal(dealer, pack=order)
    pone = 1 - dealer
    assert state.hands[pone] == order[0:3] + order[6:8] + order[10:13]
    assert state.hands[dealer] == order[3:6] + order[8:10] + order[13:16]
    assert state.turn_up == order[16]
    assert state.trump == order[16] >> 4
    assert state.stock[::-1] == order[17:]  # the top card (order[17]) is drawn first
    assert state.current_player() == pone  # the pone leads (Method of Playing)


def test_a_stacked_pack_gives_exactly_the_cards_stacked() -> None:
    game = Bezique()
    order = [int(c) for c in game.pack.all_cards()]  # unshuffled: 7C 7C 8C 8C ...
    state = game.deal(0, pack=order)
    assert cards_text(state.hands[1]) == "7C 7C 8C TC TC QC QC KC"
    assert cards_text(state.hands[0]) == "8C 9C 9C JC JC KC AC AC"
    assert Card(state.turn_up) == Card.parse("7D")
    assert state.scores() == (10, 0)  # a Seven turned up scores the dealer 10 (Dealing)


def test_a_bad_stacked_pack_is_refused_naming_the_cards() -> None:
    game = Bezique()
    order = game.pack_order(seed=1)
    order[0] = Card.parse("2C")
    with pytest.raises(NotationError, match="too many: 2C"):
        game.deal(0, pack=order)


# -- a game's own ranks ------------------------------------------------------------------

@pytest.mark.parametrize("text, rank", [("2H", "2"), ("5S", "5"), ("6c", "6")])
def test_a_card_of_a_rank_outside_the_pack_names_only_the_games_ranks(text: str,
                                                                     rank: str) -> None:
    from bezique.core.cards import parse_game_card
    bezique = [Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
               Rank.SEVEN]
    with pytest.raises(NotationError) as info:
        parse_game_card(text, bezique, "Bézique")
    message = str(info.value)
    assert repr(text) in message and f"no {rank} in its pack" in message
    assert "ranks A 10 K Q J 9 8 7)" in message and "6 5 4" not in message
    assert parse_game_card("10♥", bezique, "Bézique") == Card.parse("TH")


def test_over_long_card_text_is_refused_without_echoing_it() -> None:
    with pytest.raises(NotationError) as info:
        Card.parse("Q" * 100_000 + "S")
    assert len(str(info.value)) < 200 and "…" in str(info.value)
