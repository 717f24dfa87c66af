"""Game options (the variants) and action notation: text in, equal objects out, and bad
input named in the error."""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest

from bezique.core.errors import NotationError, OptionError
from bezique.core.game import Game, Options
from bezique.games import GAMES, make_game
from bezique.games.bezique import (
    COMBINATION_NAMES,
    COMBINATIONS,
    Bezique,
    BeziqueOptions,
    combination_names,
)

GAME_NAMES = sorted(GAMES)


def _text(value: object) -> str:
    """An option value as written on a command line."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _values(field: dataclasses.Field[Any]) -> list[object]:
    """Every value an option takes (its choices, or both booleans), or just its default."""
    if field.metadata.get("choices"):
        return list(field.metadata["choices"])
    if isinstance(field.default, bool):
        return [False, True]
    return [field.default]


# -- coercion ----------------------------------------------------------------------------

def test_from_mapping_coerces_text() -> None:
    o = BeziqueOptions.from_mapping({"game_target": "2000", "offsuit_follow_wins": "yes",
                                     "count_stock_allowed": "off",
                                     "draw-order": " pone_always_first "})
    assert o.game_target == 2000
    assert o.offsuit_follow_wins is True
    assert o.count_stock_allowed is False
    assert o.draw_order == "pone_always_first"
    assert o.changed() == {"game_target": 2000, "offsuit_follow_wins": True,
                           "count_stock_allowed": False, "draw_order": "pone_always_first"}


def test_from_mapping_takes_typed_values() -> None:
    o = BeziqueOptions.from_mapping({"game_target": 4000, "offsuit_follow_wins": True})
    assert (o.game_target, o.offsuit_follow_wins) == (4000, True)


@pytest.mark.parametrize("text, value", [("true", True), ("TRUE", True), ("on", True),
                                         ("1", True), ("yes", True), ("false", False),
                                         ("no", False), ("Off", False), ("0", False)])
def test_boolean_spellings(text: str, value: bool) -> None:
    assert BeziqueOptions.parse([f"offsuit_follow_wins={text}"]).offsuit_follow_wins is value


def test_parse_reads_name_equals_value_items() -> None:
    o = BeziqueOptions.parse(["game_target=2000", " stakes = partie_of_five "])
    assert o == BeziqueOptions(game_target=2000, stakes="partie_of_five")
    assert BeziqueOptions.parse([]) == BeziqueOptions()


@pytest.mark.parametrize("items, named", [
    (["colour=red"], "'colour'"),                       # unknown option
    (["offsuit_follow_wins=maybe"], "offsuit_follow_wins"),  # bad boolean
    (["game_target=1500"], "game_target"),              # not one of the choices
    (["draw_order=loser_first"], "draw_order"),         # not one of the choices
    (["game_target=lots"], "game_target"),              # not a whole number
    (["game_target"], "'game_target'"),                 # no '='
])
def test_bad_options_raise_option_error_naming_the_option(items: list[str], named: str) -> None:
    with pytest.raises(OptionError) as info:
        BeziqueOptions.parse(items)
    assert named in str(info.value)


def test_bad_values_are_quoted_in_the_error() -> None:
    with pytest.raises(OptionError, match="'maybe'"):
        BeziqueOptions.parse(["offsuit_follow_wins=maybe"])
    with pytest.raises(OptionError, match="'lots'"):
        BeziqueOptions.parse(["game_target=lots"])
    with pytest.raises(OptionError, match="1000 | 2000 | 4000"):
        BeziqueOptions.parse(["game_target=1500"])


def test_unknown_option_error_lists_the_known_ones() -> None:
    with pytest.raises(OptionError) as info:
        BeziqueOptions.from_mapping({"colour": "red"})
    for name in BeziqueOptions.option_names():
        assert name in str(info.value)


def test_a_boolean_option_refuses_a_number() -> None:
    with pytest.raises(OptionError, match="offsuit_follow_wins"):
        BeziqueOptions.from_mapping({"offsuit_follow_wins": 2})


def test_options_are_frozen() -> None:
    o = BeziqueOptions()
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.game_target = 2000  # type: ignore[misc]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_option_value_round_trips_through_text(name: str) -> None:
    cls = GAMES[name].options_class
    default = cls()
    assert cls.from_mapping(default.to_mapping()) == default
    assert cls.parse([f"{k}={_text(v)}" for k, v in default.to_mapping().items()]) == default
    assert default.changed() == {}
    for field in dataclasses.fields(cls):
        for value in _values(field):
            o = cls.parse([f"{field.name}={_text(value)}"])
            assert getattr(o, field.name) == value
            assert type(getattr(o, field.name)) is type(field.default)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_describe_covers_every_option_with_a_description(name: str) -> None:
    cls = GAMES[name].options_class
    rows = cls.describe()
    assert [r[0] for r in rows] == cls.option_names()
    for opt, default, allowed, doc in rows:
        assert doc, f"option {opt} has no description"
        # a whole number without choices says its range (Options: least and most)
        assert default in allowed.split(" | ") or re.fullmatch(
            r"a whole number from -?\d+ to \d+", allowed), allowed


INTERNAL_LABEL = re.compile(r"V-[A-Z0-9]+-\d+|\bEW\b|\b(BZ|SS|BN|RB) \d|GAP-|Options\b")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_option_descriptions_are_in_a_players_words(name: str) -> None:
    cls = GAMES[name].options_class
    for opt, _, _, doc in cls.describe():
        assert not INTERNAL_LABEL.search(doc), f"{opt}: {doc}"
        assert doc[0].isupper() and doc.endswith("."), f"{opt}: {doc}"
        assert cls.source(opt), f"{opt} has no source label for the docs"
    if name == "bezique":  # Foster named for each default, EW by its full title
        for opt, _, _, doc in cls.describe():
            assert "Foster" in doc, f"{opt}: {doc}"
        assert any("Enquire Within upon Everything" in doc for *_, doc in cls.describe())


@pytest.mark.parametrize("name, title", [("bezique", "Bézique"), ("sixtysix", "Sixty-Six")])
def test_option_errors_name_the_game_never_a_class(name: str, title: str) -> None:
    cls = GAMES[name].options_class
    bad: list[Any] = [lambda: cls.from_mapping({"foo": 1}), lambda: cls.parse(["foo=1"]),
                      lambda: cls.parse(["game_target"]), lambda: cls.from_mapping({3: 1}),
                      lambda: cls.from_mapping([("a", 1)]), lambda: cls.parse([3]),
                      lambda: cls.parse(["game_target=lots"]), lambda: cls.source("foo"),
                      lambda: GAMES[name](object()),
                      lambda: GAMES[name](GAMES[sorted(set(GAMES) - {name})[0]].options_class())]
    for make in bad:
        with pytest.raises(OptionError) as info:
            make()
        message = str(info.value)
        assert "Options" not in message and cls.__name__ not in message, message
        assert "object at 0x" not in message
    with pytest.raises(OptionError) as info:
        cls.from_mapping({"foo": 1})
    assert str(info.value).startswith(f"unknown option 'foo' for {title}; options: "
                                      + ", ".join(cls.option_names()[:2]))


# -- make_game ---------------------------------------------------------------------------

@pytest.mark.parametrize("spelling", ["bezique", "Bezique", "BEZIQUE", " bezique "])
def test_make_game_by_name(spelling: str) -> None:
    game = make_game(spelling)
    assert isinstance(game, Bezique)
    assert game.options == BeziqueOptions()


def test_make_game_takes_options_in_three_forms() -> None:
    want = BeziqueOptions(game_target=2000)
    assert make_game("bezique", want).options == want
    assert make_game("bezique", {"game_target": "2000"}).options == want
    assert make_game("bezique", ["game_target=2000"]).options == want


def test_make_game_refuses_an_unknown_game_naming_it() -> None:
    with pytest.raises(OptionError) as info:
        make_game("chess")
    assert "'chess'" in str(info.value)
    for name in GAMES:
        assert name in str(info.value)


def test_make_game_passes_option_errors_on() -> None:
    with pytest.raises(OptionError, match="game_target"):
        make_game("bezique", ["game_target=3"])


def test_a_game_refuses_another_games_options() -> None:
    @dataclasses.dataclass(frozen=True)
    class OtherOptions(Options):
        x: int = 1

    with pytest.raises(OptionError):
        Bezique(OtherOptions())  # type: ignore[arg-type]


# -- action notation ---------------------------------------------------------------------

def _option_sets(game_cls: type[Game[Any]]) -> list[Options]:
    """The defaults, then each non-default value of each option on its own, when the game
    takes it so (Binocle's ``cards=8`` needs ``pack=64``, and is then Bézique)."""
    cls = game_cls.options_class
    sets = [cls()]
    for field in dataclasses.fields(cls):
        for value in _values(field):
            if value != field.default:
                options = cls.from_mapping({field.name: value})
                try:
                    game_cls(options)
                except OptionError:
                    continue
                sets.append(options)
    return sets


#: Games whose only action is playing a card (Hearts, Joker Hearts).
ONLY_PLAYS = {"hearts", "heartsjoker"}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_legal_action_met_in_random_play_round_trips(name: str) -> None:
    game_cls = GAMES[name]
    seen: set[str] = set()
    rng = random.Random(20240601)
    def play(options: Options, deals: int) -> None:
        game = game_cls(options)
        for deal in range(deals):
            firsts = game.first_dealers()
            state = game.deal(firsts[deal % len(firsts)], rng=rng)
            while not state.is_terminal():
                legal = state.legal_actions()
                for action in legal:
                    text = str(action)
                    assert text == action.notation()
                    assert game.parse_action(text) == action, (options, text)
                    assert state.parse_action(text) == action, (options, text)
                    assert state.action_from_text(text) == action
                    assert game.parse_action(" " + text.lower() + " ") == action, text
                    seen.add(type(action).__name__)
                state.apply(rng.choice(legal))

    for i, options in enumerate(_option_sets(game_cls)):
        play(options, 2)
        assert i < 40  # keeps the run short as options grow
    # a game whose only other kind of action comes with a variant, and not in every deal
    # (four-handed Sixty-Six's marriages): more deals of each variant until it is met
    for _ in range(10):
        if len(seen) >= 2:
            break
        for options in _option_sets(game_cls):
            play(options, 2)
    # at least plays and one other kind of action were met, in a game that has another
    assert len(seen) >= 2 or name in ONLY_PLAYS
    if name == "bezique":
        assert {"Play", "Declare", "Draw", "Exchange"} <= seen


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("text", ["frobnicate", "QX", "Q", "draw draw"])
def test_bad_action_text_raises_notation_error_naming_it(name: str, text: str) -> None:
    game = GAMES[name]()
    with pytest.raises(NotationError) as info:
        game.parse_action(text)
    assert text in str(info.value)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_empty_action_text_is_refused(name: str) -> None:
    with pytest.raises(NotationError):
        GAMES[name]().parse_action("   ")


def test_bezique_unknown_combination_is_named() -> None:
    with pytest.raises(NotationError, match="'quint AS KS QS JS TS'"):
        Bezique().parse_action("quint AS KS QS JS TS")
    with pytest.raises(NotationError, match="'quint'"):
        Bezique().parse_action("marriage KS QS + quint AS KS")
    with pytest.raises(NotationError, match="'quint'"):
        Bezique().parse_action("score quint AS KS")


def test_action_from_text_refuses_a_well_formed_illegal_action() -> None:
    state = Bezique().deal(0, seed=4)
    with pytest.raises(NotationError, match="'draw' is not a legal action now"):
        state.action_from_text("draw")


# -- combination names as the screen writes them ------------------------------------------

EXAMPLE_CARDS = {"marriage": "KS QS", "royal-marriage": "KH QH",
                 "sequence": "AH TH KH QH JH", "bezique": "QS JD",
                 "double-bezique": "QS QS JD JD", "four-aces": "AS AH AD AC",
                 "four-kings": "KS KH KD KC", "four-queens": "QS QH QD QC",
                 "four-jacks": "JS JH JD JC"}


def test_the_combination_names_follow_the_books_table() -> None:
    assert COMBINATION_NAMES == tuple(EXAMPLE_CARDS) == combination_names()
    assert combination_names("words") == (
        "marriage", "royal marriage", "sequence", "bézique", "double bézique", "four aces",
        "four kings", "four queens", "four jacks")
    assert combination_names("title")[1] == "Royal Marriage"
    assert [COMBINATIONS[n].value for n in COMBINATION_NAMES] == [
        20, 40, 250, 40, 500, 100, 80, 60, 40]


def _spellings(name: str) -> set[str]:
    words = COMBINATIONS[name].words  # "double bézique"
    plain = words.replace("é", "e")
    return {name, name.upper(), words, words.upper(), words.title(), plain, plain.title(),
            plain.replace(" ", "-"), words.replace(" ", "-"), "  " + plain.replace(" ", "  ")}


@pytest.mark.parametrize("name", COMBINATION_NAMES)
def test_a_combination_name_reads_with_spaces_or_hyphens_any_case_and_accent(
        name: str) -> None:
    cards = EXAMPLE_CARDS[name]
    starred = " ".join(c + "*" if i else c for i, c in enumerate(cards.split()))
    want = Bezique().parse_action(f"{name} {cards}")
    for spelling in _spellings(name):
        assert Bezique().parse_action(f"{spelling} {cards}") == want, spelling
        assert Bezique().parse_action(f"score {spelling} {cards}") == \
            Bezique().parse_action(f"score {name} {cards}"), spelling
        both = Bezique().parse_action(f"{spelling} {starred} + {spelling} {cards}")
        assert both == Bezique().parse_action(f"{name} {starred} + {name} {cards}"), spelling


def test_the_screens_labels_of_declarations_read_back() -> None:
    game = Bezique()
    assert game.parse_action("Royal Marriage K♥ Q♥ (40) + marriage K♠* Q♠ (20 to score)") \
        == game.parse_action("royal-marriage KH QH + marriage KS* QS")
    assert game.parse_action("score royal marriage K♥ Q♥ (40)") \
        == game.parse_action("score royal-marriage KH QH")
    assert game.parse_action("draw (declare nothing)") == game.parse_action("draw")
    with pytest.raises(NotationError, match="worth 20, not 40"):
        game.parse_action("marriage KS QS (40)")
    with pytest.raises(NotationError, match="has 5 cards, not 2"):
        game.parse_action("sequence AH TH")


@pytest.mark.parametrize("game_name, text, ranks, absent", [
    ("bezique", "2H", "A 10 K Q J 9 8 7", "6"), ("bezique", "5S", "A 10 K Q J 9 8 7", "4"),
    ("bezique", "marriage KS 2S", "A 10 K Q J 9 8 7", "6"),
    ("sixtysix", "8H", "A 10 K Q J 9", "8 7"), ("sixtysix", "marry 7S", "A 10 K Q J 9", "8 7"),
    ("sixtysix", "show 8H QH", "A 10 K Q J 9", "8 7"),
])
def test_a_card_rank_the_games_pack_lacks_is_refused_naming_the_games_ranks(
        game_name: str, text: str, ranks: str, absent: str) -> None:
    game = make_game(game_name)
    state = game.deal(0, seed=1)
    for read in (game.parse_action, state.parse_action):
        with pytest.raises(NotationError) as info:
            read(text)
        message = str(info.value)
        assert f"(ranks {ranks})" in message, message
        assert f"{ranks} {absent}" not in message
