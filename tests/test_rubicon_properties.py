"""Invariants of Rubicon and Chinese Bézique at every step of random legal play
(hypothesis draws the deals, the players' choices and the options), and of the
settlement over any scores.

The checks shared by every game (``tests/test_properties.py``) run on these two as well;
these add what is Rubicon's own: the scoring reasons and their values, the table's marks,
the trump made once, notation read back in position, and the settlement's arithmetic."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bezique.core.errors import IllegalActionError, NotationError
from bezique.core.game import Action
from bezique.core.match import Match
from bezique.games.bezique.declarations import NO_TRUMP
from bezique.games.bezique.rubicon import (
    CARTE_BLANCHE,
    Chinese,
    ChineseOptions,
    Rubicon,
    RubiconOptions,
    RubiconState,
)
from bezique.record import dumps, loads, record_from_match, replay

GAMES: dict[str, type[Rubicon]] = {"rubicon": Rubicon, "chinese": Chinese}
seeds = st.integers(min_value=0, max_value=2**32 - 1)
few = settings(max_examples=6, deadline=None, derandomize=True, database=None,
               suppress_health_check=[HealthCheck.too_slow])


def options(cls: type[RubiconOptions]) -> st.SearchStrategy[RubiconOptions]:
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for f in dataclasses.fields(cls):
        if f.metadata.get("choices"):
            fields[f.name] = st.sampled_from(list(f.metadata["choices"]))
    return st.fixed_dictionaries(fields).map(lambda kw: cls(**kw))


def games(name: str) -> st.SearchStrategy[Rubicon]:
    cls = GAMES[name]
    opts = ChineseOptions if cls is Chinese else RubiconOptions
    return options(opts).map(cls)


def where_the_cards_are(s: RubiconState) -> Counter[int]:
    cards = [c for h in s.hands for c in h] + [e[0] for t in s.tables for e in t]
    cards += s.stock + [c for w in s.won for c in w]
    if s.lead >= 0:
        cards.append(s.lead)
    return Counter(cards)


def value_of(game: Rubicon, reason: str) -> int | None:
    if reason in ("carte blanche", "last trick"):
        return 50
    title = reason.removesuffix(" (carried)")
    for combo in game.table:
        if combo.title == title:
            return combo.value
    return None


def check_position(s: RubiconState, trump_before: int) -> None:
    game = s.game
    # every card accounted for
    assert where_the_cards_are(s) == Counter(int(c) for c in game.pack.all_cards())
    for seat in (0, 1):
        assert not Counter(s.known[seat]) - Counter(s.hands[seat])
    # scores are the sum of the scoring events, each a rule's exact value
    events = s.score_events()
    for seat in (0, 1):
        assert s.points[seat] == sum(p for w, p, _ in events if w == seat)
    for _, pts, reason in events:
        assert value_of(game, reason) == pts, reason
    # the table's marks: a replacement is fresh in every class, others announced
    for seat in (0, 1):
        for e in s.tables[seat]:
            assert e[2:] == (-1, -1, -1) or (min(e[2:]) >= 0 and max(e[2:]) > 0)
        on_table = {e[1] for e in s.tables[seat]}
        for m in s.carried[seat]:
            assert set(m[2]) <= on_table  # a carried combination lies on the table
        # a combination lying intact: its cards on the table, none of them free to
        # make it (or a lower one of its class) again until one is played (RB 13, 16)
        marks = {e[1]: e[2:] for e in s.tables[seat]}
        for name, serials in s.groups[seat]:
            combo = game.table[name]
            assert set(serials) <= on_table
            assert all(marks[sid][combo.klass] >= combo.value for sid in serials)
    assert not (s.tables[0] or s.tables[1]) or s.stock  # taken up when the stock is out
    # the trump is made once and never changes
    assert trump_before == NO_TRUMP or s.trump == trump_before
    # the brisques won are counted apart, never more than the pack's
    assert sum(s.brisques) <= game.brisques_total


@pytest.mark.parametrize("name", sorted(GAMES))
@few
@given(data=st.data(), seed=seeds, dealer=st.integers(0, 1))
def test_every_step_keeps_the_cards_the_scores_and_the_marks(name: str, data: st.DataObject,
                                                             seed: int, dealer: int) -> None:
    game = data.draw(games(name))
    rng = random.Random(seed)
    s = game.deal(dealer, rng=rng)
    assert s.current_player() == 1 - dealer  # the pone leads
    trump = s.trump
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal, f"no legal action before the end\n{s}"
        assert len({str(a) for a in legal}) == len(legal)
        for a in legal:  # notation round-trips, context free and in this position
            assert game.parse_action(str(a)) == a
            assert s.parse_action(str(a)) == a
        s.apply(rng.choice(legal))
        check_position(s, trump)
        trump = s.trump
        steps += 1
    assert s.legal_actions() == [] and s.tricks == game.tricks_total
    if game.options.endgame_revoke_penalty == "replay_from_error":
        assert sum(s.brisques) == game.brisques_total
        assert sum(1 for *_, r in s.score_events() if r == "last trick") == 1
    result = game.deal_result(s)
    assert result.points == s.returns()
    assert min(result.points) == 0 and sum(result.points) == result.detail("value") // 100


@pytest.mark.parametrize("name", sorted(GAMES))
@few
@given(data=st.data(), seed=seeds, dealer=st.integers(0, 1))
def test_replaying_the_notations_reproduces_the_deal(name: str, data: st.DataObject,
                                                      seed: int, dealer: int) -> None:
    game = data.draw(games(name))
    pack = game.pack_order(rng=random.Random(seed))
    first = game.deal(dealer, pack=pack)
    rng = random.Random(seed + 1)
    texts = []
    views = []
    while not first.is_terminal():
        a = rng.choice(first.legal_actions())
        texts.append(str(a))
        first.apply(a)
        views.append((str(first), first.observation(0), first.observation(1)))
    second = game.deal(dealer, pack=list(pack))
    for i, text in enumerate(texts):
        second.apply(second.parse_action(text))
        assert (str(second), second.observation(0), second.observation(1)) == views[i]
    assert game.deal_result(second) == game.deal_result(first)


@pytest.mark.parametrize("name", sorted(GAMES))
@few
@given(seed=seeds)
def test_observations_hide_the_other_hand_and_the_stock(name: str, seed: int) -> None:
    game = GAMES[name]()
    rng = random.Random(seed)
    s = game.deal(seed % 2, rng=rng)
    k = 0
    while not s.is_terminal():
        if k % 5 == 0:
            for seat in (0, 1):
                obs = s.observation(seat)
                other = 1 - seat
                # another arrangement of what this seat cannot see: the same observation
                twin = s.clone()
                pool = twin.hidden_from(seat)
                random.Random(k).shuffle(pool)
                n = len(twin.hands[other]) - len(twin.known[other])
                twin.hands[other] = twin.known[other] + pool[:n]
                twin.stock = pool[n:]
                twin._decl = None
                assert twin.observation(seat) == obs
                # a sample is a function of the observation and the generator alone
                a = s.resample(seat, random.Random(k))
                b = twin.resample(seat, random.Random(k))
                assert (a.hands, a.stock) == (b.hands, b.stock)
                assert a.observation(seat) == obs
                if s.current_player() == seat:
                    assert Counter(map(str, a.legal_actions())) == Counter(
                        map(str, s.legal_actions()))
        s.apply(rng.choice(s.legal_actions()))
        k += 1


def _pool(s: RubiconState) -> list[Action]:
    pool: list[Action] = [s.game.parse_action(t) for t in ("draw", "carte-blanche")]
    pool += [s.game.parse_action(str(c)) for c in s.game.pack.cards]
    pool += [s.game.parse_action(str(c) + "*") for c in s.game.pack.cards]
    return pool


@pytest.mark.parametrize("name", sorted(GAMES))
@few
@given(seed=seeds)
def test_an_illegal_action_raises_and_changes_nothing(name: str, seed: int) -> None:
    game = GAMES[name]()
    rng = random.Random(seed)
    s = game.deal(seed % 2, rng=rng)
    pool = _pool(s)
    seen: list[Action] = []
    tried = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        seen += [a for a in legal if type(a).__name__ == "Declare"][:2]
        texts = {str(a) for a in legal}
        illegal = [a for a in pool + seen[-6:] if str(a) not in texts and not s.is_legal(a)]
        for a in rng.sample(illegal, min(2, len(illegal))):
            before = (str(s), s.observation(0), s.observation(1), s.events())
            with pytest.raises(IllegalActionError):
                s.apply(a)
            assert (str(s), s.observation(0), s.observation(1), s.events()) == before
            if s.parse_action(str(a)) == a:  # (text may read as another, legal action)
                with pytest.raises(NotationError):
                    s.action_from_text(str(a))
            tried += 1
        s.apply(rng.choice(legal))
    assert tried


@given(s0=st.integers(0, 9000), s1=st.integers(0, 9000), b0=st.integers(0, 32),
       award=st.sampled_from([300, 320]), reading=st.sampled_from(["rule", "printed"]),
       trigger=st.sampled_from(RubiconOptions.__dataclass_fields__[
           "brisque_count_trigger"].metadata["choices"]))
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
def test_the_settlement_adds_up(s0: int, s1: int, b0: int, award: int, reading: str,
                                trigger: str) -> None:
    s0, s1 = s0 - s0 % 10, s1 - s1 % 10  # every score is in tens
    game = Rubicon(RubiconOptions(rubicon_brisque_award=award, example_990_reading=reading,
                                  brisque_count_trigger=trigger))
    st_ = game.settle((s0, s1), (b0, 32 - b0))
    swapped = game.settle((s1, s0), (32 - b0, b0))
    assert swapped.value == st_.value  # the seats play no part
    assert (swapped.winner is None) == (st_.winner is None)
    if st_.winner is None:
        assert st_.value == 0 and st_.totals[0] == st_.totals[1]
        return
    assert swapped.winner == 1 - st_.winner
    w, lo = st_.winner, 1 - st_.winner
    assert st_.totals[w] > st_.totals[lo]
    if st_.rubicon:
        assert st_.totals[lo] < 1000 and st_.value >= 1000 + award
    else:
        assert st_.totals[lo] >= 1000 and 500 <= st_.value
    if award == 300:
        assert st_.value % 100 == 0
    if not st_.counted:
        assert st_.totals == (s0, s1)


def test_a_rubicon_match_record_round_trips_and_replays() -> None:
    for game in (Rubicon(), Chinese(ChineseOptions(series_deals=1))):
        match = Match(game, seed=12, first_dealer=1)
        rng = random.Random(3)
        while not match.is_over():
            match.apply(rng.choice(match.state.legal_actions()))
        rec = record_from_match(match, players=("Ann", "Bob"), kinds=("rules", "random"),
                                date=None)
        text = dumps(rec)
        assert loads(text) == rec
        again = replay(loads(text))
        assert [d.actions for d in again.deals] == [d.actions for d in match.deals]
        assert again.sheet.to_json() == match.sheet.to_json()
        assert [r.points for r in again.sheet.rows] == [r.points for r in match.sheet.rows]


def test_carte_blanche_is_refused_once_the_first_card_is_played() -> None:
    game = Rubicon()
    s = game.deal(0, seed=1)
    s.apply(s.legal_actions()[0])
    with pytest.raises(IllegalActionError):
        s.apply(CARTE_BLANCHE)
