"""bezique.svg: the pictures parse as SVG, each card names itself and only itself, backs
show nothing, and a seat's table shows its own hand and never a card it cannot see."""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bezique import svg
from bezique.core.cards import Card, Rank, Suit
from bezique.core.game import Game, Observation, State
from bezique.games import GAMES
from bezique.present.table import inner_observation

NS = "{http://www.w3.org/2000/svg}"
FULL_PACK = [Card.from_suit_rank(s, r) for s in Suit for r in Rank]
RANK_WORDS = {Rank.TWO: "Two", Rank.THREE: "Three", Rank.FOUR: "Four", Rank.FIVE: "Five",
              Rank.SIX: "Six", Rank.SEVEN: "Seven", Rank.EIGHT: "Eight", Rank.NINE: "Nine",
              Rank.TEN: "Ten", Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King",
              Rank.ACE: "Ace"}
SUIT_WORDS = {Suit.CLUBS: "Clubs", Suit.DIAMONDS: "Diamonds", Suit.HEARTS: "Hearts",
              Suit.SPADES: "Spades"}


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == NS + "svg"
    return root


def card_elements(root: ET.Element) -> list[ET.Element]:
    """Every card drawn, face up or down (a ``<g>`` of class ``card``)."""
    return [g for g in root.iter(NS + "g") if "card" in (g.get("class") or "").split()]


def face_up(root: ET.Element, **data: str) -> list[str]:
    """The notations of the face-up cards whose data attributes match ``data``."""
    return [g.get("data-card", "") for g in card_elements(root) if "data-card" in g.attrib
            and all(g.get("data-" + k) == v for k, v in data.items())]


def backs(root: ET.Element, **data: str) -> int:
    return sum(1 for g in card_elements(root) if "data-card" not in g.attrib
               and all(g.get("data-" + k) == v for k, v in data.items()))


# -- one card ----------------------------------------------------------------------------

def test_a_picture_is_a_string_that_notebooks_show() -> None:
    picture = svg.card("QS")
    assert isinstance(picture, str) and isinstance(picture, svg.Svg)
    assert picture._repr_svg_() == picture
    root = parse(picture)
    assert root.get("width") == "80" and root.get("height") == "112"
    assert root.get("viewBox") == "0 0 80 112"


@pytest.mark.parametrize("c", FULL_PACK, ids=str)
def test_every_card_of_a_full_pack_names_itself(c: Card) -> None:
    root = parse(svg.card(c))
    (g,) = card_elements(root)
    name = f"{RANK_WORDS[c.rank]} of {SUIT_WORDS[c.suit]}"
    assert g.get("data-card") == c.notation()
    assert g.findtext(NS + "title") == name
    assert g.get("aria-label") == name
    assert svg.card_title(c) == name
    corner = "10" if c.rank == Rank.TEN else c.rank.letter
    assert corner in [t.text for t in root.iter(NS + "text")]


@pytest.mark.parametrize("c", FULL_PACK, ids=str)
def test_hearts_and_diamonds_red_clubs_and_spades_black(c: Card) -> None:
    root = parse(svg.card(c))
    inked = {el.get("fill") for el in root.iter() if el.tag in (NS + "path", NS + "text")}
    red = c.suit in (Suit.HEARTS, Suit.DIAMONDS)
    assert inked == {svg.RED if red else svg.BLACK}


def test_a_card_is_given_as_a_card_an_id_or_a_notation() -> None:
    qs = Card.parse("QS")
    assert svg.card(qs) == svg.card(int(qs)) == svg.card("QS") == svg.card("q♠")
    assert svg.card("10D") == svg.card("TD")


def test_a_card_face_down_shows_no_rank_or_suit() -> None:
    down = svg.card("QS", face_down=True)
    root = parse(down)
    (g,) = card_elements(root)
    assert "data-card" not in g.attrib
    assert list(root.iter(NS + "text")) == []
    assert "Queen" not in down and "Spades" not in down and "QS" not in down
    # every back is the same picture, whatever the card
    assert all(svg.card(c, face_down=True) == down for c in FULL_PACK)
    assert svg.card(None) == down


def test_selected_and_disabled_cards_say_so() -> None:
    (g,) = card_elements(parse(svg.card("AH", selected=True, disabled=True)))
    assert g.get("class") == "card selected disabled"
    assert g.get("data-selected") == "true" and g.get("aria-disabled") == "true"
    (plain,) = card_elements(parse(svg.card("AH")))
    assert "data-selected" not in plain.attrib and "aria-disabled" not in plain.attrib


@pytest.mark.parametrize("size", [20, 80, 333.5])
def test_size_is_the_width_in_pixels(size: float) -> None:
    root = parse(svg.card("7C", size=size))
    assert math.isclose(float(root.get("width", "")), size)
    assert math.isclose(float(root.get("height", "")), size * svg.CARD_RATIO, abs_tol=0.01)


# -- rows --------------------------------------------------------------------------------

def test_a_row_may_hold_the_same_card_twice_told_apart_by_position() -> None:
    root = parse(svg.cards(["JD", "QS", "JD", "QS"]))
    gs = card_elements(root)
    assert [g.get("data-card") for g in gs] == ["JD", "QS", "JD", "QS"]
    assert [g.get("data-index") for g in gs] == ["0", "1", "2", "3"]


def test_overlap_and_fan_make_the_row_narrower() -> None:
    hand = ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"]
    apart = float(parse(svg.cards(hand)).get("width", ""))
    half = float(parse(svg.cards(hand, overlap=0.5)).get("width", ""))
    fanned = parse(svg.cards(hand, overlap=0.5, fan=30))
    assert half < apart
    assert face_up(fanned) == hand
    assert all("rotate(" in (g.get("transform") or "") for g in card_elements(fanned))


def test_selected_cards_stand_up_disabled_ones_are_greyed() -> None:
    root = parse(svg.cards(["AS", "AS", "TH"], selected=[1], disabled={2}))
    gs = card_elements(root)
    assert [g.get("data-selected") for g in gs] == [None, "true", None]
    assert [g.get("aria-disabled") for g in gs] == [None, None, "true"]
    heights = [float((g.get("transform") or "").split()[1].rstrip(")")) for g in gs]
    assert heights[1] < heights[0] == heights[2]


def test_a_row_face_down_names_no_card() -> None:
    row = svg.cards(["AS", "KH", None], face_down=True)
    root = parse(row)
    assert face_up(root) == [] and backs(root) == 3
    assert "Ace" not in row and "King" not in row


def test_an_empty_row_is_a_picture_too() -> None:
    root = parse(svg.cards([]))
    assert card_elements(root) == []


# -- bad arguments -----------------------------------------------------------------------

@pytest.mark.parametrize("size, error", [(0, ValueError), (-3, ValueError),
                                         (float("nan"), ValueError), (float("inf"), ValueError),
                                         ("big", TypeError), (True, TypeError),
                                         (None, TypeError)])
def test_a_size_must_be_a_positive_number(size: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="size") as exc:
        svg.card("QS", size=size)  # type: ignore[arg-type]
    assert repr(size) in str(exc.value)
    with pytest.raises(error, match="size"):
        svg.cards(["QS"], size=size)  # type: ignore[arg-type]


@pytest.mark.parametrize("value, error, named", [
    ("XS", ValueError, "'XS'"), ("QZ", ValueError, "'QZ'"), (99, ValueError, "99"),
    (1, ValueError, "1"), (3.5, TypeError, "3.5"), (True, TypeError, "True"),
    (object(), TypeError, "object"), ("", ValueError, "''"),
])
def test_a_value_that_is_no_card_is_refused_by_name(value: object, error: type[Exception],
                                                    named: str) -> None:
    with pytest.raises(error) as exc:
        svg.card(value)  # type: ignore[arg-type]
    assert named in str(exc.value)
    with pytest.raises(error) as exc:
        svg.cards(["QS", value])  # type: ignore[list-item]
    assert "cards[1]" in str(exc.value) and named in str(exc.value)
    with pytest.raises(error):
        svg.card(value, face_down=True)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs, error, named", [
    ({"overlap": 1}, ValueError, "overlap"), ({"overlap": -0.1}, ValueError, "overlap"),
    ({"overlap": "half"}, TypeError, "'half'"), ({"fan": 181}, ValueError, "fan"),
    ({"selected": [5]}, ValueError, "position 5"), ({"selected": ["a"]}, TypeError, "'a'"),
    ({"disabled": 1}, TypeError, "disabled"), ({"selected": [True]}, TypeError, "True"),
])
def test_bad_row_arguments_are_named(kwargs: dict[str, object], error: type[Exception],
                                     named: str) -> None:
    with pytest.raises(error, match=named):
        svg.cards(["QS", "JD"], **kwargs)  # type: ignore[arg-type]


def test_cards_must_be_a_collection() -> None:
    with pytest.raises(TypeError, match="'QS JD'"):
        svg.cards("QS JD")
    with pytest.raises(TypeError, match="5"):
        svg.cards(5)  # type: ignore[arg-type]


def test_table_refuses_what_is_no_observation() -> None:
    with pytest.raises(TypeError, match="observation"):
        svg.table(42)
    obs = GAMES["bezique"]().deal(0, seed=1).observation(0)
    with pytest.raises(ValueError, match="names"):
        svg.table(obs, names=["only one"])
    with pytest.raises(TypeError, match="name is text"):
        svg.table(obs, names=["a", 2])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="'ZZ'"):
        svg.table(obs, playable=["ZZ"])
    with pytest.raises(ValueError, match="position 40"):
        svg.table(obs, selected=[40])
    with pytest.raises(ValueError, match="size"):
        svg.table(obs, size=-1)


# -- the table ---------------------------------------------------------------------------

def test_text_is_escaped() -> None:
    obs = GAMES["sixtysix"]().deal(0, seed=2).observation(0)
    tricky = ['<b>&"Ann"</b>', "Bob\x00 ]]> '&amp;'"]
    root = parse(svg.table(obs, names=tricky))
    texts = " ".join(t.text or "" for t in root.iter(NS + "text"))
    assert '<b>&"Ann"</b> (you)' in texts
    assert "Bob\ufffd ]]> '&amp;'" in texts


def test_playable_cards_leave_the_others_disabled() -> None:
    state = GAMES["sixtysix"]().deal(0, seed=3)
    seat = state.current_player()
    obs = state.observation(seat)
    root = parse(svg.table(obs, playable=obs.hand[:2]))
    hand = [g for g in card_elements(root) if g.get("data-place") == "hand"]
    assert [g.get("aria-disabled") for g in hand] == [
        None if c in obs.hand[:2] else "true" for c in obs.hand]


@dataclasses.dataclass(frozen=True)
class FourSeats(Observation):
    """An observation of a game the package does not have: tricks by seat, a partner's
    hand seen, no stock."""

    hand: tuple[Card, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    winning: int
    trump: Suit | None
    points: tuple[int, ...]


def test_a_game_without_code_of_its_own_is_drawn_from_its_fields() -> None:
    c = Card.parse
    obs = FourSeats(seat=1, hand=(c("AS"), c("KS")), hands=(None, (c("AS"), c("KS")), None,
                                                             (c("7H"),)),
                    hand_sizes=(3, 2, 2, 1), trick=((2, c("TC")), (3, c("JC"))), winning=3,
                    trump=None, points=(1, 2, 3, 4))
    picture = svg.table(obs, names=["North", "East", "South", "West"])
    root = parse(picture)
    assert face_up(root, place="hand", seat="1") == ["AS", "KS"]
    assert face_up(root, place="other-hand", seat="3") == ["7H"]  # seen: a consulting partner
    assert backs(root, place="other-hand", seat="0") == 3
    assert backs(root, place="other-hand", seat="2") == 2
    assert face_up(root, place="trick", seat="2") == ["TC"]
    assert face_up(root, place="trick", seat="3") == ["JC"]
    assert "trick, led by South, West winning" in picture and "no trumps yet" in picture
    assert "East (you) · 2 points" in picture
    assert "stock" not in picture and "turn-up" not in picture


def test_an_observation_with_only_a_hand_is_drawn() -> None:
    @dataclasses.dataclass(frozen=True)
    class Bare(Observation):
        hand: tuple[Card, ...]

    root = parse(svg.table(Bare(seat=0, hand=(Card.parse("9D"),))))
    assert face_up(root) == ["9D"]


def dealt(game: Game, seed: int) -> State:  # type: ignore[type-arg]
    """A deal of ``game``, by the first seat that may deal."""
    for dealer in range(game.num_players):
        try:
            state: State = game.deal(dealer, seed=seed)
        except ValueError:
            continue
        return state
    raise AssertionError(f"no seat may deal {game!r}")


def public_cards(obs: object) -> Counter[str]:
    """Every card the observation shows the viewer: his hand, the cards on the table, in
    the tricks, turned up, known to be in a hand or in a hand he sees."""
    seen: Counter[str] = Counter(str(c) for c in getattr(obs, "hand", ()))
    for name in ("tables", "known_in_hand"):
        for cs in getattr(obs, name, ()):
            seen.update(str(c) for c in cs)
    for cs in getattr(obs, "hands", ()):
        seen.update(str(c) for c in cs or ())
    for name in ("trick", "last_trick"):
        seen.update(str(e[1] if isinstance(e, tuple) else e) for e in getattr(obs, name, ()))
    if getattr(obs, "turn_up", None) is not None:
        seen[str(obs.turn_up)] += 1  # type: ignore[attr-defined]
    return seen


def drawn_game(obs: object) -> tuple[object, list[int] | None]:
    """The observation drawn (Chouette's: the game of two inside the table) and, for
    such a game, the table's seat (``data-seat``) of each of its seats."""
    inner = inner_observation(obs)
    if inner is None:
        return obs, None
    return inner, list(obs.players)  # type: ignore[attr-defined]


@settings(max_examples=100, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000),
       moves=st.integers(0, 120), viewer=st.integers(0, 5))
def test_a_table_shows_the_seats_hand_and_never_a_card_it_cannot_see(
        name: str, seed: int, moves: int, viewer: int) -> None:
    game = GAMES[name]()
    state = dealt(game, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    seat = viewer % game.num_players
    obs = state.observation(seat)
    drawn, players = drawn_game(obs)
    at = (lambda s: str(s)) if players is None else (lambda s: str(players[s]))
    root = parse(svg.table(obs))

    # the hand at the bottom is exactly the seat's hand
    assert Counter(face_up(root, place="hand")) == Counter(str(c) for c in obs.hand)  # type: ignore[attr-defined]
    # nothing face up that the observation does not show
    shown = Counter(face_up(root))
    public = public_cards(drawn)
    assert shown <= public, f"drawn but not public: {shown - public}"
    # in particular no hidden card of another hand
    hands = getattr(state, "hands", None)
    if isinstance(hands, list) and len(hands) == game.num_players:
        for other in range(game.num_players):
            if other != seat and not state.visible(seat, other):
                for c in hands[other]:
                    if not public[str(Card(c))]:
                        assert str(Card(c)) not in shown
    # the other hands as backs, one for each card not known
    sizes = getattr(drawn, "hand_sizes", None)
    known = getattr(drawn, "known_in_hand", None)
    if sizes is not None and getattr(drawn, "hands", None) is None:
        for other, size in enumerate(sizes):
            if other != getattr(drawn, "seat", 0):
                k = len(known[other]) if known is not None else 0
                assert backs(root, place="other-hand", seat=at(other)) == size - k
    # the declared cards on the table under their seat
    for s, laid in enumerate(getattr(drawn, "tables", ())):
        assert Counter(face_up(root, place="table", seat=at(s))) == Counter(map(str, laid))


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000),
       moves=st.integers(0, 120))
def test_a_spectators_table_shows_no_hand_and_never_a_hidden_card(
        name: str, seed: int, moves: int) -> None:
    """The public observation (``state.public_observation()``) is drawn as a spectator
    sees the table: no hand of his own, every hand face down but for its cards known to
    be there, nothing face up that is not public, no seat called "you"."""
    game = GAMES[name]()
    state = dealt(game, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    obs = state.public_observation()
    drawn, players = drawn_game(obs)
    at = (lambda s: str(s)) if players is None else (lambda s: str(players[s]))
    picture = svg.table(obs)
    root = parse(picture)
    assert not face_up(root, place="hand") and not backs(root, place="hand")
    assert Counter(face_up(root)) <= public_cards(drawn)
    assert "(you)" not in picture and "The table as a spectator sees it" in picture
    sizes = getattr(drawn, "hand_sizes", None)
    known = getattr(drawn, "known_in_hand", None)
    if sizes is not None:  # every hand face down, the bottom one too
        for seat, size in enumerate(sizes):
            k = len(known[seat]) if known is not None else 0
            assert backs(root, place="other-hand", seat=at(seat)) == size - k
            assert Counter(face_up(root, place="other-hand", seat=at(seat))) == \
                Counter(str(c) for c in (known[seat] if known is not None else ()))


def test_a_spectator_is_shown_seat_zeros_hand_face_down_where_a_seat_sees_its_own() -> None:
    game = GAMES["bezique4"]()
    state = game.deal(0, seed=4)
    root = parse(svg.table(state.public_observation(), names=["Ann", "Bob", "Cy", "Di"]))
    assert backs(root, place="other-hand", seat="0") == len(state.observation(0).hand)
    mine = parse(svg.table(state.observation(0)))
    assert len(face_up(mine, place="hand", seat="0")) == len(state.observation(0).hand)


def test_a_chouette_table_names_and_marks_the_tables_seats() -> None:
    """Chouette's game of two is drawn by the table's seats that play it: labels and
    ``data-seat`` give the same seat (the table's, as ``names`` counts them)."""
    from bezique.games.bezique.chouette import ChouetteOptions

    game = GAMES["chouette"](ChouetteOptions(box=2))
    state = game.deal(0, seed=3)
    assert state.players == (2, 0)
    picture = svg.table(state.observation(3), names=["Ann", "Bob", "Cid", "Dan"])
    root = parse(picture)
    consulted = state.observation(3).hand_of
    assert Counter(face_up(root, place="hand", seat=str(consulted))) == \
        Counter(str(c) for c in state.observation(3).hand)
    other = 2 if consulted == 0 else 0
    assert backs(root, place="other-hand", seat=str(other)) == 9
    labels = {t.get("data-seat"): t.text for t in root.iter(NS + "text") if t.get("data-seat")}
    assert labels[str(other)].startswith(["Ann", "Bob", "Cid"][other])
    assert "(you)" not in picture and "The table as Dan sees it" in picture


def test_the_last_trick_at_two_is_drawn_by_seat() -> None:
    """At two the observation gives the last trick's cards only: who played each and who
    won it are read from the deal's public events."""
    state = GAMES["bezique"]().deal(0, seed=1)
    rng = random.Random(1)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    assert len(obs.last_trick) == 2  # type: ignore[attr-defined]
    root = parse(svg.table(obs, names=["Ann", "Bob"]))
    assert sorted(g.get("data-seat") or "" for g in card_elements(root)
                  if g.get("data-place") == "last-trick") == ["0", "1"]
    assert "last trick, to " in svg.table(obs, names=["Ann", "Bob"])
