"""The search players (``bezique.bots.search``): they play every game legally, see nothing
they may not (a decision is the same on every world the seat cannot tell from the real
deal), are reproducible from their seed with one worker or several, find the exact best
play of an endgame, read their parameters strictly, and beat the random player."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bezique.bots import BOTS, RandomBot, describe_bots, make_bot
from bezique.bots.arena import duplicate_table
from bezique.bots.search import (
    FlatMonteCarloBot,
    Inference,
    ISMCTSBot,
    PIMCBot,
    SearchBot,
    margin,
)
from bezique.core.errors import OptionError
from bezique.core.game import State
from bezique.games import GAMES, make_game
from bezique.solvers import solver_for

#: small budgets: each a legal, reproducible search, cheap enough for a test (the
#: endgame solver is tested on its own, below)
SMALL = {
    "flat": "flat:iterations=2",
    "pimc": "pimc:iterations=1,rollout=random,solver=false",
    "ismcts": "ismcts:iterations=3",
    "pimc-infer": "pimc-infer:iterations=1,rollout=random,particles=2,solver=false",
}


def advance(state: State, moves: int, seed: int) -> State:
    """``state`` after ``moves`` actions of the rule player (fewer if the deal ends)."""
    rules = make_bot("rules", state.game, seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rules.choose(state))
    return state


def midgame(name: str, seed: int = 3, moves: int = 9) -> State:
    game = make_game(name)
    state = advance(game.deal(game.first_dealers()[0], seed=seed), moves, seed)
    assert not state.is_terminal()
    return state


@pytest.mark.parametrize("kind", sorted(SMALL))
@pytest.mark.parametrize("name", sorted(GAMES))
def test_search_players_play_whole_deals_of_every_game_legally(kind: str, name: str) -> None:
    game = make_game(name)
    state = game.deal(game.first_dealers()[0], seed=11)
    bot = make_bot(SMALL[kind], game, seed=2)
    others = RandomBot(5)
    seat = state.current_player()  # the search player sits where the deal starts
    decisions = 0
    while not state.is_terminal():
        mover = state.current_player()
        if mover == seat:
            action = bot.choose(state)
            assert action in state.legal_actions()
            decisions += 1
        else:
            action = others.choose(state)
        state.apply(action)
    assert decisions > 0


@pytest.mark.parametrize("kind", sorted(SMALL))
@pytest.mark.parametrize("name", ["bezique", "sixtysix", "bezique4", "chouette"])
def test_a_decision_is_the_same_on_every_world_the_seat_cannot_tell_apart(
        kind: str, name: str) -> None:
    state = midgame(name)
    seat = state.current_player()
    expected = make_bot(SMALL[kind], state.game, seed=7).values(state)  # type: ignore[attr-defined]
    rng = random.Random(1)
    for _ in range(3):
        world = state.resample(seat, rng)
        assert world.observation(seat) == state.observation(seat)
        bot = make_bot(SMALL[kind], state.game, seed=7)
        assert bot.values(world) == expected  # type: ignore[attr-defined]
        again = make_bot(SMALL[kind], state.game, seed=7)
        assert again.choose(world) == make_bot(SMALL[kind], state.game, seed=7).choose(state)


@pytest.mark.parametrize("kind", ["flat", "pimc", "ismcts"])
def test_the_same_seed_and_budget_give_the_same_values_and_choice(kind: str) -> None:
    state = midgame("bezique", seed=4)
    a = make_bot(f"{kind}:iterations=8,rollout=random", state.game, seed=3)
    b = make_bot(f"{kind}:iterations=8,rollout=random", state.game, seed=3)
    assert isinstance(a, SearchBot) and isinstance(b, SearchBot)
    assert a.values(state) == b.values(state)
    assert a.choose(state) == b.choose(state)
    assert set(a.values(state)) == set(state.legal_actions())


def test_the_search_is_deterministic_with_two_workers() -> None:
    state = midgame("bezique", seed=6)
    spec = "ismcts:iterations=40,workers=2"
    first = make_bot(spec, state.game, seed=9)
    again = make_bot(spec, state.game, seed=9)
    values = first.values(state)  # type: ignore[attr-defined]
    assert values == again.values(state)  # type: ignore[attr-defined]
    assert first.last is not None and first.last.iterations == 40  # type: ignore[attr-defined]
    pimc = "pimc:iterations=3,rollout=random,workers=2"
    assert (make_bot(pimc, state.game, seed=1).values(state)  # type: ignore[attr-defined]
            == make_bot(pimc, state.game, seed=1).values(state))  # type: ignore[attr-defined]


def endgame_decision(game_name: str = "bezique") -> State:
    """A position of Bézique's last eight tricks, reached by the rule players from a
    seeded deal, in which the legal plays are not all worth the same."""
    game = make_game(game_name)
    solver = solver_for(game)
    assert solver is not None
    rules = [make_bot("rules", game, seed=p) for p in (0, 1)]
    for seed in range(40):
        state: State = game.deal(seed % 2, seed=seed)
        while not state.is_terminal():
            if solver.applies(state):
                values = solver.solve(state)
                if len(set(values.values())) > 1:
                    return state
            state.apply(rules[state.current_player()].choose(state))
    raise AssertionError("no endgame with a choice in 40 deals")


def test_pimc_with_the_solver_finds_the_best_play_of_the_last_eight_tricks() -> None:
    # In the last eight tricks each player knows the other's hand (every other card is
    # seen), so every world is the real deal and PIMC's values are the exact ones.
    state = endgame_decision()
    solver = solver_for(state.game)
    assert solver is not None
    exact = solver.solve(state)
    best = max(exact.values())
    bot = PIMCBot(state.game, seed=1, iterations=3)
    assert bot.values(state) == pytest.approx(exact)
    assert exact[bot.choose(state)] == best
    advice = bot.advise(state)
    assert "solved exactly in 3 of 3 worlds" in advice.reasons
    # ISMCTS whose playouts end in the solver: one simulation of each play values it
    # exactly
    ismcts = ISMCTSBot(state.game, seed=1, iterations=len(state.legal_actions()),
                       solver=True)
    assert ismcts.values(state) == pytest.approx(exact)
    # the random player misses it: some legal play loses points against perfect play
    rng = random.Random(0)
    picks = {RandomBot(rng.getrandbits(32)).choose(state) for _ in range(40)}
    assert any(exact[a] < best for a in picks)


def test_sixtysix_playouts_end_at_the_exact_solver_by_default() -> None:
    # the fast Sixty-Six solver ends flat and ISMCTS playouts unless told not to; in
    # Bézique, where solved playouts did not pay for their cost, they play to the end
    for cls in (FlatMonteCarloBot, ISMCTSBot):
        assert cls(make_game("sixtysix")).params["solver"] is True
        assert cls(make_game("bezique")).params["solver"] is False
    # an endgame after the stock ran out: every world is the real deal, so one playout
    # of each play, ended at once by the solver, values it exactly
    game = make_game("sixtysix")
    solver = solver_for(game)
    assert solver is not None
    rules = [make_bot("rules", game, seed=p) for p in (0, 1)]
    rng = random.Random(3)
    found = None
    for seed in range(60):
        state: State = game.deal(seed % 2, seed=seed)
        while found is None and not state.is_terminal():
            if solver.applies(state):
                exact = solver.solve(state)
                seat = state.current_player()
                same = all(solver.solve(state.resample(seat, rng)) == exact
                           for _ in range(4))
                if same and len(set(exact.values())) > 1:
                    found = (state, exact)
                    break
            state.apply(rules[state.current_player()].choose(state))
        if found is not None:
            break
    assert found is not None, "no Sixty-Six endgame with a choice and no hidden card"
    state, exact = found
    n = len(state.legal_actions())
    assert FlatMonteCarloBot(game, seed=1, iterations=n).values(state) == pytest.approx(exact)
    assert ISMCTSBot(game, seed=1, iterations=n).values(state) == pytest.approx(exact)


def test_margin_is_the_sides_result_less_the_mean_of_the_other_sides() -> None:
    assert margin((120, 80), (0, 1), 1) == -40
    assert margin((30, 10, 20), (0, 1, 2), 0) == 15
    assert margin((50, 20, 50, 20), (0, 1, 0, 1), 2) == 30
    assert margin((-6, 2, 2, 2), (0, 1, 1, 1), 0) == -8


def test_advice_names_the_expected_points_and_the_next_best_action() -> None:
    state = midgame("bezique", seed=8)
    bot = make_bot("pimc:iterations=3,rollout=random", state.game, seed=2)
    advice = bot.advise(state)
    values = make_bot("pimc:iterations=3,rollout=random", state.game, seed=2).values(state)  # type: ignore[attr-defined]
    assert advice.action == max(state.legal_actions(), key=lambda a: values[a])
    assert advice.reasons[0].startswith(f"expected {values[advice.action]:+.1f} points over"
                                        " 3 worlds; next best ")


def test_the_registry_lists_the_search_players_with_descriptions() -> None:
    names = [name for name, _ in describe_bots()]
    assert names == list(BOTS)
    assert {"random", "rules", "flat", "pimc", "ismcts", "pimc-infer"} <= set(names)
    assert all(line for _, line in describe_bots())
    game = make_game("bezique")
    assert isinstance(BOTS["pimc"](game, 1), PIMCBot)
    assert isinstance(make_bot("flat", game, 1), FlatMonteCarloBot)
    assert isinstance(make_bot("ismcts:c=1.5", game, 1), ISMCTSBot)
    assert make_bot("pimc-infer", game, 1).inference is not None  # type: ignore[attr-defined]
    bot = make_bot("pimc:worlds=40,seconds=0.5", game, 1)
    assert (bot.iterations, bot.seconds) == (40, 0.5)  # type: ignore[attr-defined]
    assert make_bot("ismcts:simulations=30", game, 1).iterations == 30  # type: ignore[attr-defined]
    assert make_bot("flat:playouts=30", game, 1).iterations == 30  # type: ignore[attr-defined]


@pytest.mark.parametrize(("spec", "named"), [
    ("pimc:depth=40", "unknown parameter 'depth'; parameters: iterations, seconds"),
    ("pimc:worlds=3,iterations=4", "parameter 'iterations' given twice"),
    ("pimc:iterations=0", "iterations takes a whole number >= 1, not '0'"),
    ("pimc:iterations=2.5", "iterations takes a whole number >= 1, not '2.5'"),
    ("flat:seconds=-1", "seconds takes a number > 0 or none, not '-1'"),
    ("ismcts:c=nan", "c takes a number > 0, not 'nan'"),
    ("flat:rollout=clever", "rollout takes random | rules, not 'clever'"),
    ("pimc:solver=maybe", "solver takes true | false, not 'maybe'"),
    ("pimc:iterations", "parameter 'iterations' must be written key=value"),
    ("pimc:epsilon=1.5", "epsilon takes a number between 0 and 1"),
    ("random:iterations=3", "player 'random' takes no parameters"),
    ("deep:iterations=3", "unknown player 'deep'; known: random, rules, flat"),
])
def test_bad_parameters_are_refused_by_name(spec: str, named: str) -> None:
    with pytest.raises(OptionError, match=named.replace("|", r"\|").replace(".", r"\.")):
        make_bot(spec, make_game("bezique"), 1)


def test_inference_weighs_worlds_by_the_adversarys_rule_play() -> None:
    # The adversary plays by the rules with certainty (epsilon small); after a few
    # tricks the inferring player holds factors for cards of his hand, and a world
    # holding the adversary's real cards weighs more than one that does not.
    game = make_game("bezique")
    state = game.deal(0, seed=21)
    me = state.current_player()
    bot = PIMCBot(game, seed=3, iterations=1, rollout="random", inference=True,
                  particles=16, epsilon=0.05)
    rules = make_bot("rules", game, seed=4)
    decisions = 0
    while decisions < 6:
        if state.current_player() == me:
            state.apply(bot.choose(state))
            decisions += 1
        else:
            state.apply(rules.choose(state))
    assert bot.inference is not None and bot.inference.factors
    factors = bot.inference.factors
    rng = random.Random(5)
    worlds = [state.resample(me, rng) for _ in range(200)]
    weights = [Inference.weight(w, factors) for w in worlds]
    other = 1 - me
    real = set(state.observation(other).hand)

    def held(w: Any) -> int:
        return len(real & set(w.observation(other).hand))

    heavy = sum(held(w) * x for w, x in zip(worlds, weights, strict=True)) / sum(weights)
    plain = sum(held(w) for w in worlds) / len(worlds)
    assert heavy > plain


def test_pimc_beats_the_random_player_over_duplicate_deals() -> None:
    game = make_game("bezique")
    stats = duplicate_table(
        game, lambda g, s: make_bot("pimc:iterations=3,rollout=random", g, s),
        lambda g, s: RandomBot(s), n_deals=6, seed=2, check=True)
    lo, _ = stats.confidence_interval(0.95)
    assert lo > 0 and stats.win_rate >= 0.8


def test_a_time_budget_stops_the_search_and_every_action_still_gets_a_value() -> None:
    state = midgame("bezique", seed=5)
    bot = make_bot("flat:iterations=1000000,seconds=0.05", state.game, seed=1)
    values = bot.values(state)  # type: ignore[attr-defined]
    assert set(values) == set(state.legal_actions())
    assert 0 < bot.last.iterations < 1000000  # type: ignore[attr-defined]
