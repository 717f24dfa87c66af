"""Invariants of the N-seat core, checked by hypothesis at every step of random deals of
the test game *Follow* (``test_core_game.py``) at three to six seats, alone, in
partnerships and one against the rest, with and without consulting partners, from one
pack or two: every card accounted for, deterministic replay, legal actions never empty
before the end, observations that reveal no hidden card (but a consulting partner's),
samples that agree with the observation and its masks and replay the public history
legally, illegal actions that change nothing, and records that round-trip and replay.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_core_game import Follow, FollowOptions, FollowState, replay_history

from bezique.core.cards import Card
from bezique.core.errors import IllegalActionError
from bezique.core.game import SPECTATOR, TERMINAL
from bezique.core.match import Match
from bezique.core.trick import PLAYS
from bezique.games import GAMES
from bezique.record import dumps, loads, record_from_match, replay

SEARCH = bool(os.environ.get("BEZIQUE_PROPERTY_SEARCH"))
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def modest(n: int) -> Callable[[Any], Any]:
    if SEARCH:
        return settings(max_examples=4 * n, deadline=None,
                        suppress_health_check=[HealthCheck.too_slow])
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> Follow:
    n = draw(st.integers(min_value=3, max_value=6))
    partners = draw(st.sampled_from(["none", "one_against_rest"]
                                    + (["opposite"] if n % 2 == 0 else [])))
    return Follow(FollowOptions(players=n, packs=draw(st.sampled_from([1, 2])),
                                partners=partners, consult=draw(st.booleans())))


def steps(game: Follow, seed: int) -> Iterator[FollowState]:
    """Every state of a random deal, the last one over."""
    rng = random.Random(seed)
    state = game.deal(rng.randrange(game.num_players), rng=rng)
    yield state
    for _ in range(200):
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
        yield state
    raise AssertionError("a deal of Follow takes at most 64 plays")


def where(state: FollowState) -> Counter[int]:
    out: Counter[int] = Counter(state.stock)
    for h in state.hands:
        out.update(h)
    for w in state.won:
        out.update(w)
    out.update(state.trick)
    return out


def public_ids(state: FollowState, viewer: int) -> set[int]:
    """The card ids ``viewer`` may see placed: played, known in a hand, in a hand he
    sees."""
    ids = {c for w in state.won for c in w} | set(state.trick)
    ids |= {c for k in state.known for c in k}
    ids |= {c for p in range(state.n) if state.visible(viewer, p) for c in state.hands[p]}
    return ids


def cards_in(value: Any) -> Iterator[int]:
    if isinstance(value, Card):
        yield int(value)
    elif isinstance(value, tuple):
        for v in value:
            yield from cards_in(v)


@modest(40)
@given(games(), seeds)
def test_every_card_is_accounted_for_and_legal_actions_never_run_out(
        game: Follow, seed: int) -> None:
    pack = Counter(int(c) for c in game.pack.all_cards())
    for state in steps(game, seed):
        assert where(state) == pack
        assert sum(len(k) for k in state.known) <= 1
        for p in range(state.n):
            assert Counter(state.known[p]) <= Counter(state.hands[p])
        if state.is_terminal():
            assert state.legal_actions() == [] and state.current_player() == TERMINAL
            assert sum(state.tricks_won) == state.tricks
            assert not any(state.hands)
        else:
            assert state.legal_actions()
            assert state.current_player() == state.player
    assert sum(state.points) == sum(pts for _, pts, _ in state.score_events())
    assert state.returns() == game.deal_result(state).points
    assert len(state.returns()) == game.num_players


@modest(30)
@given(games(), seeds)
def test_replay_is_deterministic(game: Follow, seed: int) -> None:
    rng = random.Random(seed)
    dealer = rng.randrange(game.num_players)
    order = game.pack_order(rng=rng)
    a = game.deal(dealer, pack=order)
    done = []
    while not a.is_terminal():
        action = rng.choice(a.legal_actions())
        done.append(str(action))
        a.apply(action)
    b = game.deal(dealer, pack=order)
    for text in done:
        b.apply(b.action_from_text(text))
    assert str(a) == str(b) and a.events() == b.events()
    assert [a.observation(p) for p in range(a.n)] == [b.observation(p) for p in range(b.n)]


@modest(30)
@given(games(), seeds)
def test_no_observation_reveals_a_hidden_card(game: Follow, seed: int) -> None:
    for state in steps(game, seed):
        for viewer in range(state.n):
            obs = state.observation(viewer)
            for p in range(state.n):
                sees = p == viewer or (game.options.consult
                                       and game.sides[p] == game.sides[viewer])
                assert (obs.hands[p] is not None) == sees == state.visible(viewer, p)
            shown = public_ids(state, viewer)
            for f in dataclasses.fields(obs):
                if f.name not in ("excluded", "voids"):  # masks name no card's place
                    assert set(cards_in(getattr(obs, f.name))) <= shown, f.name
            # nor is any: every state the viewer cannot tell apart observes alike
            sample = state.resample(viewer, random.Random(seed + viewer))
            assert sample.observation(viewer) == obs


@modest(20)
@given(games(), seeds)
def test_the_public_observation_is_every_seats_less_what_it_alone_sees(
        game: Follow, seed: int) -> None:
    """A spectator sees no hand, not even through a consulting partner: the public
    observation is each seat's with its seat, hand and the hands it sees taken out, names
    only cards played or known in a hand, and is the same in every sample."""
    rng = random.Random(seed)
    for state in steps(game, seed):
        public = state.public_observation()
        n = state.n
        assert public.seat == SPECTATOR and public.hand == () and public.sees == ()
        assert public.hands == (None,) * n
        for viewer in range(n):
            obs = state.observation(viewer)
            assert dataclasses.replace(obs, seat=SPECTATOR, hand=(), sees=(),
                                       hands=(None,) * n) == public
            assert state.resample(viewer, rng).public_observation() == public
        shown = {c for w in state.won for c in w} | set(state.trick)
        shown |= {c for k in state.known for c in k}
        for f in dataclasses.fields(public):
            if f.name not in ("excluded", "voids"):  # masks name no card's place
                assert set(cards_in(getattr(public, f.name))) <= shown, f.name


@modest(30)
@given(games(), seeds)
def test_resample_agrees_with_the_observation_and_the_masks(game: Follow, seed: int) -> None:
    rng = random.Random(seed)
    for i, state in enumerate(steps(game, seed)):
        if state.is_terminal() or i % 3:
            continue
        viewer = rng.randrange(state.n)
        sample = state.resample(viewer, random.Random(seed + i))
        assert where(sample) == where(state)
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        assert len(sample.stock) == len(state.stock)
        for p in range(state.n):
            if state.visible(viewer, p):
                assert sample.hands[p] == state.hands[p]
            assert Counter(state.known[p]) <= Counter(sample.hands[p])
            assert not any(state.excluded[p] >> c & 1 for c in sample.hands[p])
        assert sample.excluded == state.excluded and sample.events() == state.events()
        # the whole public history replays legally from the sample's deal
        again = replay_history(sample)
        assert sorted(map(sorted, again.hands)) == sorted(map(sorted, sample.hands))
        assert again.excluded == state.excluded


@modest(30)
@given(games(), seeds)
def test_an_illegal_action_changes_nothing(game: Follow, seed: int) -> None:
    rng = random.Random(seed)
    for state in steps(game, seed):
        if state.is_terminal():
            break
        legal = {a.card for a in state.legal_actions()}  # type: ignore[attr-defined]
        wrong = [c for c in {int(c) for c in game.pack.cards} if c not in legal]
        if not wrong:
            continue
        before = (str(state), state.events(), state.observation(state.player))
        with pytest.raises(IllegalActionError):
            state.apply(PLAYS[rng.choice(wrong)])
        assert (str(state), state.events(), state.observation(state.player)) == before


@modest(12)
@given(games(), seeds, st.integers(min_value=0, max_value=400))
def test_records_of_n_seats_round_trip_and_replay(game: Follow, seed: int, cut: int) -> None:
    old = GAMES.get("follow")
    GAMES["follow"] = Follow
    try:
        match = Match(game, seed=seed % 1000, first_dealer=seed % game.num_players)
        rng = random.Random(seed)
        for _ in range(cut):
            if match.is_over():
                break
            match.apply(rng.choice(match.state.legal_actions()))
        record = record_from_match(match, date=None)
        text = dumps(record)
        assert text.startswith('[Format "2"]\n') and f'[Seats "{game.num_players}"]' in text
        assert loads(text) == record
        again = replay(loads(text))
        assert str(again.state) == str(match.state) and again.sheet == match.sheet
        assert dumps(record_from_match(again)) == text
    finally:
        if old is None:
            del GAMES["follow"]
        else:  # pragma: no cover
            GAMES["follow"] = old
