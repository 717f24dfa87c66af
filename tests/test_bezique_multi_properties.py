"""Invariants of three- and four-handed Bézique, checked by hypothesis at the steps of
random deals of every pack and scorekeeping option: every card accounted for, scores
equal to the sum of the scoring events, deterministic replay, legal actions never empty
before the end, no observation that reveals a hidden card, samples that agree with the
observation (sizes, known cards, the failures shown) and play on legally, illegal
actions that change nothing, and notation that reads back."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bezique.core.errors import IllegalActionError
from bezique.core.game import TERMINAL, Action
from bezique.games.bezique.declarations import DRAW, PLAY_HAND, PLAY_TABLE, Declare
from bezique.games.bezique.multi import (
    ASK,
    NOTHING,
    FourHandedBezique,
    FourHandedOptions,
    MultiBeziqueState,
    ThreeHandedBezique,
    ThreeHandedOptions,
)
from bezique.games.bezique.two_handed import EXCHANGE

SEARCH = bool(os.environ.get("BEZIQUE_PROPERTY_SEARCH"))

EW_RULES: dict[str, Any] = {
    "offsuit_follow_wins": True, "seven_of_trumps_played_scores": True,
    "second_seven_scoring": "when_played", "seven_exchange_with_declaration": True,
    "brisque_scoring": "end_of_deal", "bezique_pair": "QC_JH_if_trump_S_or_D",
    "multiple_announcements": "one_per_trick", "last_trick": "last_before_the_final_eight"}
GAMES = [
    ThreeHandedBezique(),
    ThreeHandedBezique(ThreeHandedOptions(three_hand_pack="two_packs_minus_an_eight")),
    FourHandedBezique(),
    FourHandedBezique(FourHandedOptions(four_hand_pack="two_packs")),
    FourHandedBezique(FourHandedOptions(
        partnership_scorekeeping="one_collects_tricks_other_scores")),
    # Enquire Within's own rules, all at once (EW 128: "the above rules hold good")
    ThreeHandedBezique(ThreeHandedOptions(**EW_RULES)),
    FourHandedBezique(FourHandedOptions(**EW_RULES, four_hand_pack="two_packs")),
]
seeds = st.integers(min_value=0, max_value=2**32 - 1)
games = st.sampled_from(GAMES)


def modest(n: int) -> Callable[[Any], Any]:
    if SEARCH:
        return settings(max_examples=4 * n, deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def steps(game: Any, seed: int) -> Iterator[tuple[MultiBeziqueState, random.Random]]:
    """Every state of a random deal, the last one over."""
    rng = random.Random(seed)
    state = game.deal(rng.randrange(game.num_players), rng=rng)
    yield state, rng
    for _ in range(1000):
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
        yield state, rng
    raise AssertionError("a deal takes at most a few hundred actions")


def where(state: MultiBeziqueState) -> Counter[int]:
    out: Counter[int] = Counter(state.stock)
    for cards in (*state.hands, *state.won, state.trick):
        out.update(cards)
    for t in state.tables:
        out.update(e[0] for e in t)
    if state.turn_up >= 0:
        out[state.turn_up] += 1
    return out


def snapshot(state: MultiBeziqueState) -> tuple[object, ...]:
    return (str(state), state.events(), state.scores(),
            [state.observation(p) for p in range(state.n)], state.legal_actions())


# -- 1. every card is somewhere, once ------------------------------------------------------

@modest(30)
@given(game=games, seed=seeds)
def test_every_card_is_accounted_for(game: Any, seed: int) -> None:
    pack = Counter(int(c) for c in game.pack.all_cards())
    for state, _ in steps(game, seed):
        assert where(state) == pack
        for p in range(state.n):
            assert Counter(state.known[p]) <= Counter(state.hands[p])
        if not state.stock_exhausted:
            assert (len(state.stock) + 1) % state.n == 0
            assert all(len(state.hands[p]) + len(state.tables[p]) <= 8 for p in range(state.n))
        else:
            assert all(not t for t in state.tables)


# -- 2. scores come from the scoring events ------------------------------------------------

@modest(30)
@given(game=games, seed=seeds)
def test_scores_are_the_sum_of_the_scoring_events(game: Any, seed: int) -> None:
    for state, _ in steps(game, seed):
        per_seat = [0] * state.n
        for seat, pts, _why in state.score_events():
            assert pts > 0
            per_seat[seat] += pts
        assert per_seat == state.points
        sides = state.sides
        totals = [sum(per_seat[p] for p in range(state.n) if sides[p] == s)
                  for s in range(max(sides) + 1)]
        assert state.scores() == tuple(totals[sides[p]] for p in range(state.n))
    assert state.returns() == game.deal_result(state).points == state.scores()


# -- 3. legal actions never empty before the end ------------------------------------------

@modest(30)
@given(game=games, seed=seeds)
def test_legal_actions_never_empty_before_the_end(game: Any, seed: int) -> None:
    n = 0
    for state, _ in steps(game, seed):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal and 0 <= state.current_player() < game.num_players
        assert len({str(a) for a in legal}) == len(legal)
        assert state.returns() == (0,) * game.num_players
        n += 1
    assert n > 0 and state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.tricks == game.tricks_per_deal
    try:
        state.apply(DRAW)
    except IllegalActionError:
        pass
    else:  # pragma: no cover
        raise AssertionError("an action was applied after the end")


# -- 4. replay is deterministic --------------------------------------------------------------

@modest(25)
@given(game=games, seed=seeds)
def test_replay_is_deterministic(game: Any, seed: int) -> None:
    rng = random.Random(seed)
    dealer = rng.randrange(game.num_players)
    order = game.pack_order(rng=rng)
    state = game.deal(dealer, pack=order)
    texts = []
    while not state.is_terminal():
        a = rng.choice(state.legal_actions())
        texts.append(str(a))
        state.apply(a)
    again = game.deal(dealer, pack=order)
    for t in texts:
        again.apply(again.parse_action(t))
    assert str(again) == str(state) and again.events() == state.events()
    assert again.scores() == state.scores()


# -- 5. what a seat sees, and the samples drawn from it ----------------------------------

def _swap_hidden(state: MultiBeziqueState, viewer: int, rng: random.Random
                 ) -> MultiBeziqueState | None:
    """A copy with one hidden card of another hand swapped with a stock card."""
    s = state.clone()
    others = [p for p in range(s.n) if p != viewer and
              len(s.hands[p]) > len(s.known[p])]
    if not others or not s.stock:
        return None
    p = rng.choice(others)
    free = list((Counter(s.hands[p]) - Counter(s.known[p])).elements())
    c = rng.choice(free)
    j = rng.randrange(len(s.stock))
    i = s.hands[p].index(c)
    s.hands[p][i], s.stock[j] = s.stock[j], s.hands[p][i]
    s._decl = None
    return s


@modest(25)
@given(game=games, seed=seeds)
def test_no_observation_reveals_a_hidden_card(game: Any, seed: int) -> None:
    k = 0
    for state, rng in steps(game, seed):
        k += 1
        if k % 2:
            continue
        for viewer in range(state.n):
            obs = state.observation(viewer)
            assert obs.hand == tuple(sorted(state.hands[viewer]))
            assert not any(hasattr(obs, f) for f in ("hands", "stock", "won"))
            swapped = _swap_hidden(state, viewer, rng)
            if swapped is not None:
                assert swapped.observation(viewer) == obs


@modest(25)
@given(game=games, seed=seeds)
def test_resample_agrees_with_the_observation_and_plays_on(game: Any, seed: int) -> None:
    k = 0
    for state, rng in steps(game, seed):
        k += 1
        if k % 3 and not state.stock_exhausted:
            continue
        for viewer in range(state.n):
            obs = state.observation(viewer)
            sample = state.resample(viewer, random.Random(k * 10 + viewer))
            assert sample.observation(viewer) == obs
            assert where(sample) == where(state)
            assert sample.hands[viewer] == state.hands[viewer]
            for p in range(state.n):
                assert len(sample.hands[p]) == len(state.hands[p])
                assert Counter(state.known[p]) <= Counter(sample.hands[p])
                assert not any(sample.excluded[p] >> c & 1 for c in
                               (Counter(sample.hands[p]) - Counter(state.known[p])))
            if state.current_player() == viewer:
                assert sample.legal_actions() == state.legal_actions()
            # the same samples from the same observation and generator
            again = state.resample(viewer, random.Random(k * 10 + viewer))
            assert str(again) == str(sample)
        # a sample plays on legally to the end
        play = state.resample(state.current_player() % state.n, rng)
        while not play.is_terminal():
            play.apply(rng.choice(play.legal_actions()))


# -- 6. an illegal action changes nothing; notation reads back --------------------------------

def _candidates(state: MultiBeziqueState) -> list[Action]:
    out: list[Action] = [DRAW, EXCHANGE, ASK, NOTHING]
    out += [PLAY_HAND[c] for c in sorted(set(int(c) for c in state.game.pack.all_cards()))]
    out += [PLAY_TABLE[c] for c in sorted({int(c) for c in state.game.pack.all_cards()})
            if c & 15 >= 10]
    out.append(state.game.parse_action("royal-marriage KH QH"))
    out.append(state.game.parse_action("bezique QS JD"))
    return out


@modest(20)
@given(game=games, seed=seeds)
def test_an_illegal_action_changes_nothing(game: Any, seed: int) -> None:
    k = 0
    for state, rng in steps(game, seed):
        if state.is_terminal():
            break
        k += 1
        if k % 2:
            continue
        legal = state.legal_actions()
        before = snapshot(state)
        tried = [a for a in _candidates(state) if a not in legal]
        for a in rng.sample(tried, min(6, len(tried))):
            if type(a) is Declare and state.is_legal(a):
                continue
            try:
                state.apply(a)
            except IllegalActionError:
                pass
            else:  # pragma: no cover
                raise AssertionError(f"{a} was applied though not legal")
            assert snapshot(state) == before, a
        for a in legal:
            assert state.parse_action(str(a)) == a
            assert state.parse_action(str(a).lower()) == a
            assert state.is_legal(a)
