"""The exact endgame solvers (bezique.solvers): their values equal full minimax over the
games' own states, they apply only once chance is gone, and they leave states alone."""

from __future__ import annotations

import random

import pytest

from bezique.core.cards import Card, Suit
from bezique.core.game import Action, State
from bezique.games import make_game
from bezique.games.bezique.two_handed import Bezique, BeziqueState
from bezique.games.sixtysix import (
    Claim,
    Exchange,
    Marry,
    Play,
    Show,
    SixtySix,
    SixtySixObservation,
    SixtySixState,
)
from bezique.solvers import GenericSolver, minimax, solver_for
from bezique.solvers.family import BeziqueSolver, RubiconSolver
from bezique.solvers.sixtysix import SixtySixSolver

TWO_HANDED = ("bezique", "sixtysix", "rubicon", "chinese")


def _random_action(state: State, rng: random.Random) -> Action:
    """A random legal action, avoiding Sixty-Six's claims and shows so that deals reach
    their endgames (any action is fine once there)."""
    acts = state.legal_actions()
    keep = [a for a in acts if str(a) != "claim" and not str(a).startswith("show")]
    return rng.choice(keep or acts)


def endgame(name: str, seed: int, extra: int = 0, **options: object) -> State | None:
    """A random deal of ``name`` played at random to its endgame, then ``extra`` more
    actions (fewer cards left); None if the deal ended first."""
    game = make_game(name, dict(options) if options else None)
    solver = solver_for(game)
    assert solver is not None
    rng = random.Random(seed)
    state = game.deal(dealer=seed % 2, rng=rng)
    while not state.is_terminal() and not solver.applies(state):
        state.apply(_random_action(state, rng))
    for _ in range(extra):
        if state.is_terminal():
            break
        state.apply(_random_action(state, rng))
    return None if state.is_terminal() else state


def brute_force(state: State) -> dict[Action, float]:
    """Every action's value for the mover by plain minimax (no pruning, no table)."""
    sign = 1.0 if state.current_player() == 0 else -1.0
    out: dict[Action, float] = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        out[action] = sign * minimax(child) + 0.0
    return out


# how many actions to play past the start of the endgame for minimax to stay quick
CUT = {"bezique": 8, "sixtysix": 2, "rubicon": 8, "chinese": 14}


@pytest.mark.parametrize("name", TWO_HANDED)
def test_generic_solver_equals_minimax_on_small_endgames(name: str) -> None:
    solver = GenericSolver(make_game(name))
    checked = 0
    for seed in range(12):
        state = endgame(name, seed, CUT[name])
        if state is None:
            continue
        assert solver.applies(state)
        assert solver.solve(state) == brute_force(state)
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("name", TWO_HANDED)
def test_no_solver_while_the_stock_lasts(name: str) -> None:
    game = make_game(name)
    solver = solver_for(game)
    assert solver is not None
    state = game.deal(dealer=0, seed=3)
    assert not solver.applies(state)
    with pytest.raises(ValueError, match="stock"):
        solver.solve(state)


@pytest.mark.parametrize("name", TWO_HANDED)
def test_solve_leaves_the_state_unchanged(name: str) -> None:
    state = endgame(name, 5, CUT[name])
    assert state is not None
    solver = solver_for(state.game)
    assert solver is not None
    before = (str(state), state.observation(0), state.observation(1), state.legal_actions())
    values = solver.solve(state)
    assert (str(state), state.observation(0), state.observation(1),
            state.legal_actions()) == before
    assert list(values) == state.legal_actions()
    best = solver.best(state)
    assert values[best] == max(values.values())


def test_no_solver_for_tables_of_three_or_more() -> None:
    assert solver_for(make_game("bezique3")) is None
    assert solver_for(make_game("bezique4")) is None
    assert solver_for(make_game("chouette")) is None


def test_a_finished_deal_is_refused() -> None:
    state = endgame("sixtysix", 1)
    assert state is not None
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    solver = solver_for(state.game)
    assert solver is not None
    assert not solver.applies(state)
    with pytest.raises(ValueError, match="over"):
        solver.solve(state)


# -- the fast solvers ------------------------------------------------------------------


def test_solver_for_gives_each_game_its_fast_solver() -> None:
    assert type(solver_for(make_game("bezique"))) is BeziqueSolver
    assert type(solver_for(make_game("rubicon"))) is RubiconSolver
    assert type(solver_for(make_game("chinese"))) is RubiconSolver
    assert type(solver_for(make_game("sixtysix"))) is SixtySixSolver
    # variants of the same game keep their fast solver, reading the options
    assert type(solver_for(make_game("bezique", {"brisque_scoring": "end_of_deal"}))) \
        is BeziqueSolver


@pytest.mark.parametrize(("name", "options", "seeds", "cuts"), [
    ("bezique", {}, 14, (4, 7)),
    ("bezique", {"brisque_scoring": "end_of_deal"}, 8, (5,)),
    ("bezique", {"last_trick_bonus_at": 24}, 8, (5,)),
    ("rubicon", {}, 12, (6, 9)),
    ("rubicon", {"endgame_revoke_penalty": "france_no_further_points"}, 8, (9, 11)),
    ("rubicon", {"brisque_count_trigger": "always"}, 6, (7,)),
    ("chinese", {}, 8, (14, 17)),
])
def test_fast_solver_equals_the_generic_one(name: str, options: dict[str, object],
                                            seeds: int, cuts: tuple[int, ...]) -> None:
    game = make_game(name, options or None)
    fast, generic = solver_for(game), GenericSolver(game)
    assert fast is not None and type(fast) is not GenericSolver
    checked = 0
    for seed in range(seeds):
        for cut in cuts:
            state = endgame(name, seed, cut, **options)
            if state is None:
                continue
            assert fast.solve(state) == generic.solve(state), (seed, cut, str(state))
            checked += 1
    assert checked >= seeds


@pytest.mark.parametrize("name", TWO_HANDED)
def test_fast_solver_equals_minimax_on_small_endgames(name: str) -> None:
    solver = solver_for(make_game(name))
    assert solver is not None
    for seed in range(20, 28):
        state = endgame(name, seed, CUT[name] + 2)
        if state is not None:
            assert solver.solve(state) == brute_force(state)


def test_fast_solver_equals_the_generic_one_at_the_start_of_the_last_eight() -> None:
    game = make_game("bezique")
    fast, generic = solver_for(game), GenericSolver(game)
    assert fast is not None
    for seed in (1,):
        state = endgame("bezique", seed)
        assert state is not None and len(state.observation(0).hand) == 8  # type: ignore[attr-defined]
        assert fast.solve(state) == generic.solve(state)


def test_sixty_six_fast_solver_equals_the_generic_one_closed_or_exhausted() -> None:
    """Deals played at random, closed now and then, every endgame position compared;
    the positions must include the Nine's exchange under a closed stock, marriages led
    and shown, and claims."""
    game = make_game("sixtysix")
    fast, generic = solver_for(game), GenericSolver(game)
    assert fast is not None
    seen: set[type] = set()
    closed = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = game.deal(dealer=seed % 2, rng=rng)
        while not state.is_terminal():
            acts = state.legal_actions()
            obs = state.observation(0)
            assert isinstance(obs, SixtySixObservation)
            if fast.applies(state) and len(obs.hand) <= 4:
                assert fast.solve(state) == generic.solve(state), (seed, str(state))
                seen.update(type(a) for a in acts)
                closed += obs.closed
            close = [a for a in acts if str(a) == "close"]
            keep = [a for a in acts if str(a) != "claim" and not str(a).startswith("show")]
            state.apply(close[0] if close and rng.random() < 0.15 else rng.choice(keep or acts))
    assert {Play, Marry, Show, Claim, Exchange} <= seen
    assert closed > 10


# -- positions worked out from the rules ---------------------------------------------

C = Card.parse


def test_bezique_last_two_tricks_by_hand() -> None:
    """Foster, Bézique, The Last Eight Tricks: the follower must follow suit and win if he
    can; Scoring: each Ace and Ten taken scores 10, the last trick 10.

    Seat 1 leads with A♠ 7♣ against T♠ K♣ (hearts trumps). Leading the Ace takes both
    brisques (+20), but the King then takes the Seven and the last trick (-10): +10.
    Leading the Seven, the King must win it; seat 0 leads the Ten, which the Ace must
    take: both brisques and the last trick, +30."""
    game = Bezique()
    state = BeziqueState.position(
        game, hands=[[C("TS"), C("KC")], [C("AS"), C("7C")]], trump=Suit.HEARTS,
        turn_up=None, to_move=1, tricks=30, points=(100, 200))
    solver = solver_for(game)
    assert solver is not None and solver.applies(state)
    values = {str(a): v for a, v in solver.solve(state).items()}
    # the points so far (200 - 100) and what the two tricks add
    assert values == {"AS": 100 + 10, "7C": 100 + 30}
    assert str(solver.best(state)) == "7C"


def test_sixty_six_schwarz_by_claim_but_two_played_out() -> None:
    """Foster, Sixty-Six: a right claim scores 3 when the adversary has won no trick
    (schwarz), 2 when his count is under 33 (schneider), else 1; a hand played out with
    one player at 66 scores him 1, or 2 if the other has under 33, never 3 (SS 31).

    Seat 0 leads with 70 counted and three tricks to none: claiming is worth 3; playing
    his Ace takes the last trick and the hand is played out for 2 only."""
    game = SixtySix()
    state = SixtySixState.position(
        game, hands=[[C("AH")], [C("9S")]], trump=Suit.HEARTS, turn_up=None, to_move=0,
        points=(70, 0), tricks_won=(3, 0), tricks=5)
    solver = solver_for(game)
    assert solver is not None and solver.applies(state)
    values = {str(a): v for a, v in solver.solve(state).items()}
    assert values == {"AH": 2.0, "claim": 3.0}


def test_sixty_six_schneider_threshold_by_hand() -> None:
    """The same rules at the thresholds: seat 0 has 50 and seat 1, with a trick, 30.
    A claim now is wrong (under 66): the adversary scores 2 for it, since he has a trick.
    Taking the last trick with the Ace (11 + 10 for the last trick, SS 30) makes 71
    against 30, under 33: 2. Had seat 1 counted 33, the same play would score 1."""
    game = SixtySix()
    solver = solver_for(game)
    assert solver is not None
    for other, played_out in ((30, 2.0), (33, 1.0)):
        state = SixtySixState.position(
            game, hands=[[C("AH")], [C("9S")]], trump=Suit.HEARTS, turn_up=None,
            to_move=0, points=(50, other), tricks_won=(3, 2), tricks=5)
        values = {str(a): v for a, v in solver.solve(state).items()}
        assert values == {"AH": played_out, "claim": -2.0}


def test_bezique_merged_cards_share_their_value() -> None:
    """K♠ Q♠ J♠ in one hand with no spade between or level with them anywhere else are
    one choice: leading any of them is worth the same."""
    game = Bezique()
    state = BeziqueState.position(
        game, hands=[[C("AS"), C("9S"), C("8C"), C("AH")],
                     [C("KS"), C("QS"), C("JS"), C("TC")]],
        trump=Suit.DIAMONDS, turn_up=None, to_move=1, tricks=28)
    solver = solver_for(game)
    assert solver is not None
    values = {str(a): v for a, v in solver.solve(state).items()}
    assert values["KS"] == values["QS"] == values["JS"]
    assert values == {str(a): v for a, v in GenericSolver(game).solve(state).items()}


def test_a_world_drawn_in_the_last_eight_tricks_is_the_true_position() -> None:
    """In Bézique's last eight tricks every unseen card is in the other hand, so a world
    drawn for either seat solves to the same values as the real deal."""
    state = endgame("bezique", 3, 4)
    assert state is not None
    solver = solver_for(state.game)
    assert solver is not None
    truth = solver.solve(state)
    for seat in (0, 1):
        world = state.resample(seat, random.Random(seat))
        assert solver.applies(world)
        assert solver.solve(world) == truth


def test_a_variant_class_gets_the_generic_solver() -> None:
    """A game deriving from one of the family (a preset with rules of its own) is solved
    by the generic solver, which assumes nothing about its rules."""

    class Preset(SixtySix):
        name = "preset"

    solver = solver_for(Preset())
    assert type(solver) is GenericSolver
    state = endgame("sixtysix", 4, 4)
    assert state is not None
    assert not solver.applies(state)  # a state of another game
    with pytest.raises(ValueError, match="not a state of"):
        solver.solve(state)
