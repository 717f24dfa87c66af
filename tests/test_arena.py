"""The duplicate arena for tables of any size (``bezique.bots.arena``): each deal is played
once per rotation of the seats on the same pack and dealer, bot A taking the seats of
each side in turn (two seats, every seat for himself, partners, and unequal sides, one
against two), and the figures are counted side by side.

Only deterministic properties are tested here (which seats each bot holds, which deal
each play is, how the margins and wins are summed, reproducibility from the seed); that
a rule player beats random is a measurement, ``benchmarks/bot_strength.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from test_core_game import Follow, FollowOptions, follow

from bezique.bots import BOTS, Bot, RandomBot
from bezique.bots.arena import (
    BotFactory,
    TableStats,
    dealers,
    duplicate_games,
    duplicate_match,
    duplicate_table,
    rotations,
)
from bezique.core.errors import IllegalActionError
from bezique.core.game import Action, DealResult, Game, State
from bezique.games import GAMES, make_game


class FirstBot(Bot):
    """Plays the first legal action: a deterministic player for any game."""

    name = "first"

    def choose(self, state: State) -> Action:
        return state.legal_actions()[0]


class SeatLog(Bot):
    """Passes another bot's choices through and notes, once, the seat it sits in."""

    def __init__(self, inner: Bot, kind: str, log: list[tuple[str, int]]) -> None:
        super().__init__(None)
        self.inner, self.kind, self.log = inner, kind, log
        self.seat: int | None = None

    def choose(self, state: State) -> Action:
        seat = state.current_player()
        if self.seat is None:
            self.seat = seat
            self.log.append((self.kind, seat))
        assert seat == self.seat, "a bot sits in one seat for the whole play"
        return self.inner.choose(state)


def first(game: Game[Any], seed: int | None) -> Bot:
    return FirstBot(seed)


def rand(game: Game[Any], seed: int | None) -> Bot:
    return RandomBot(seed)


#: tables of every shape: two seats, each for himself at three and five, partners
#: opposite at four and six, and one against the rest (Chouette's box) at three and four
TABLES: dict[str, Game[Any]] = {
    "two": make_game("sixtysix"),
    "three": follow(players=3),
    "five": follow(players=5),
    "partners4": follow(players=4, partners="opposite"),
    "partners6": follow(players=6, partners="opposite"),
    "one_against_two": follow(players=3, partners="one_against_rest"),
    "one_against_three": follow(players=4, partners="one_against_rest"),
}


class Watched:
    """Wraps ``game.deal`` and ``game.deal_result`` of one game instance to note every
    play's deal (dealer and pack order) and result."""

    def __init__(self, game: Game[Any], monkeypatch: pytest.MonkeyPatch) -> None:
        self.deals: list[tuple[int, tuple[int, ...]]] = []
        self.results: list[DealResult] = []
        deal, deal_result = game.deal, game.deal_result

        def watched_deal(dealer: int, *, pack: Sequence[int] | None = None,
                         **kw: Any) -> Any:
            assert pack is not None, "the arena deals from a pack order"
            self.deals.append((dealer, tuple(pack)))
            return deal(dealer, pack=pack, **kw)

        def watched_result(state: Any) -> DealResult:
            result = deal_result(state)
            self.results.append(result)
            return result

        monkeypatch.setattr(game, "deal", watched_deal)
        monkeypatch.setattr(game, "deal_result", watched_result)


# -- rotations ---------------------------------------------------------------------------

def test_rotations_give_a_the_seats_of_each_side_in_turn() -> None:
    assert rotations(TABLES["two"]) == [(0,), (1,)]
    assert rotations(TABLES["three"]) == [(0,), (1,), (2,)]
    assert rotations(TABLES["five"]) == [(0,), (1,), (2,), (3,), (4,)]
    assert rotations(TABLES["partners4"]) == [(0, 2), (1, 3)]
    assert rotations(TABLES["partners6"]) == [(0, 3), (1, 4), (2, 5)]
    assert rotations(TABLES["one_against_two"]) == [(0,), (1, 2)]
    assert rotations(TABLES["one_against_three"]) == [(0,), (1, 2, 3)]
    assert rotations(make_game("bezique3")) == [(0,), (1,), (2,)]
    assert rotations(make_game("bezique4")) == [(0, 2), (1, 3)]


@pytest.mark.parametrize("name", sorted(GAMES) + sorted(TABLES))
def test_every_seat_is_as_once_a_deal(name: str) -> None:
    game = TABLES[name] if name in TABLES else make_game(name)
    rots = rotations(game)
    assert sorted(p for mine in rots for p in mine) == list(range(game.num_players))
    for mine in rots:  # each rotation is one whole side
        assert len({game.sides[p] for p in mine}) == 1
        assert len(mine) == game.sides.count(game.sides[mine[0]])


def test_dealers_are_the_seats_the_game_lets_deal() -> None:
    assert dealers(TABLES["five"]) == (0, 1, 2, 3, 4)
    assert dealers(BoxNeverDeals(FollowOptions(players=3, partners="one_against_rest"))) \
        == (1, 2)


class BoxNeverDeals(Follow):
    """Follow where seat 0 (alone against the rest) never deals, as Chouette's box."""

    name = "followbox0"

    def first_dealers(self) -> tuple[int, ...]:
        return tuple(range(1, self.num_players))

    def deal(self, dealer: int, **kw: Any) -> Any:
        assert dealer != 0, "the box never deals"
        return super().deal(dealer, **kw)


# -- every rotation plays the same deal ---------------------------------------------------

@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_rotation_plays_the_same_deal(name: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    game = TABLES[name]
    watch = Watched(game, monkeypatch)
    rots = len(rotations(game))
    stats = duplicate_table(game, first, rand, n_deals=4, seed=7)
    assert len(watch.deals) == 4 * rots == stats.plays
    by_deal = [watch.deals[i:i + rots] for i in range(0, len(watch.deals), rots)]
    for plays in by_deal:
        assert len(set(plays)) == 1  # one pack order and one dealer for all rotations
        dealer, pack = plays[0]
        assert dealer in range(game.num_players)
        assert Counter(pack) == Counter(int(c) for c in game.pack.all_cards())
    assert len({plays[0] for plays in by_deal}) == 4  # and each deal a new one


def test_the_dealer_is_drawn_among_the_seats_that_may_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = BoxNeverDeals(FollowOptions(players=3, partners="one_against_rest"))
    watch = Watched(game, monkeypatch)
    duplicate_table(game, rand, rand, n_deals=12, seed=3, check=True)
    assert {dealer for dealer, _ in watch.deals} == {1, 2}


# -- each seat plays each bot the right number of times ------------------------------------

@pytest.mark.parametrize("name", sorted(set(TABLES) - {"two"}) + ["bezique3", "bezique4"])
def test_each_seat_holds_a_once_a_deal_and_b_otherwise(name: str) -> None:
    game = TABLES[name] if name in TABLES else make_game(name)
    log: list[tuple[str, int]] = []

    def logged(kind: str) -> BotFactory:
        return lambda g, s: SeatLog(BOTS[kind](g, s) if kind in BOTS else FirstBot(s),
                                    kind, log)

    n_deals = 3
    a_kind = "first" if name in TABLES else "rules"
    duplicate_table(game, logged(a_kind), logged("random"), n_deals=n_deals, seed=11)
    rots = rotations(game)
    seats = Counter(log)
    for p in range(game.num_players):  # every seat acts in these games
        assert seats[(a_kind, p)] == n_deals
        assert seats[("random", p)] == n_deals * (len(rots) - 1)
    assert sum(seats.values()) == n_deals * len(rots) * game.num_players


def test_two_seats_a_sits_in_seat_0_then_seat_1() -> None:
    log: list[tuple[str, int]] = []

    def logged(kind: str) -> BotFactory:
        return lambda g, s: SeatLog(BOTS[kind](g, s), kind, log)

    duplicate_match(make_game("bezique"), logged("rules"), logged("random"), 2, seed=1)
    # a deal's plays, in turn: A at seat 0 then at 1 (who acts first depends on the dealer)
    plays = [sorted(log[i:i + 2]) for i in range(0, 8, 2)]
    assert plays == [[("random", 1), ("rules", 0)], [("random", 0), ("rules", 1)]] * 2


# -- margins and wins counted by side --------------------------------------------------------

@pytest.mark.parametrize("name", sorted(TABLES))
def test_margins_are_a_per_seat_less_b_per_seat_and_wins_by_side(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = TABLES[name]
    watch = Watched(game, monkeypatch)
    stats = duplicate_table(game, first, rand, n_deals=5, seed=5)
    rots = rotations(game)
    sides = game.sides
    groups = [tuple(p for p in range(game.num_players) if sides[p] == s)
              for s in range(max(sides) + 1)]
    diffs: list[float] = []
    wins = losses = ties = firsts = 0
    for i, result in enumerate(watch.results):
        mine = rots[i % len(rots)]
        theirs = [p for p in range(game.num_players) if p not in mine]
        pts = result.points
        a = sum(pts[p] for p in mine) / len(mine)
        b = sum(pts[p] for p in theirs) / len(theirs)
        assert stats.points_a[i] == a and stats.points_b[i] == b
        for p in mine:  # partners hold their side's result
            assert pts[p] == a
        if i % len(rots) == 0:
            diffs.append(0.0)
        diffs[-1] += (a - b) / len(rots)
        others = [pts[g[0]] for g in groups if g != mine]
        wins += sum(a > o for o in others)
        losses += sum(a < o for o in others)
        ties += sum(a == o for o in others)
        firsts += all(a > o for o in others)
    assert stats.diffs == pytest.approx(diffs)
    assert (stats.wins, stats.losses, stats.ties, stats.firsts) == (wins, losses, ties, firsts)
    assert stats.sides == len(groups) and stats.seats == game.num_players


def test_partners_margin_is_one_side_less_the_other(monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game("bezique4")
    watch = Watched(game, monkeypatch)
    stats = duplicate_table(game, BOTS["rules"], BOTS["random"], n_deals=2, seed=8)
    for i, result in enumerate(watch.results):
        mine, theirs = ((0, 2), (1, 3)) if i % 2 == 0 else ((1, 3), (0, 2))
        pts = result.points
        assert pts[mine[0]] == pts[mine[1]] and pts[theirs[0]] == pts[theirs[1]]
        assert (stats.points_a[i], stats.points_b[i]) == (pts[mine[0]], pts[theirs[0]])
    assert stats.diffs[0] == ((stats.points_a[0] - stats.points_b[0])
                              + (stats.points_a[1] - stats.points_b[1])) / 2


@pytest.mark.parametrize("name", sorted(TABLES) + ["bezique3", "bezique4"])
def test_the_same_seeded_player_on_every_side_makes_every_margin_zero(name: str) -> None:
    # seeded by seat, the players of a deal's rotations are the same bots in the same
    # seats: each play is the same, A and B merely changing names
    game = TABLES[name] if name in TABLES else make_game(name)
    stats = duplicate_table(game, rand, rand, n_deals=4, seed=2)
    assert stats.diffs == (0.0,) * 4
    assert stats.wins == stats.losses
    assert stats.mean == 0.0 and stats.stderr == 0.0


def test_the_stats_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    for game in TABLES.values():
        stats = duplicate_table(game, first, rand, n_deals=6, seed=13)
        rots = len(rotations(game))
        assert stats.n_deals == len(stats.diffs) == 6 and stats.rotations == rots
        assert stats.plays == len(stats.points_a) == len(stats.points_b) == 6 * rots
        assert stats.wins + stats.losses + stats.ties == stats.plays * (stats.sides - 1)
        assert stats.firsts <= stats.plays
        assert stats.mean == pytest.approx(sum(stats.diffs) / 6)
        assert stats.mean_a - stats.mean_b == pytest.approx(stats.mean)
        assert 0.0 <= stats.win_rate <= 1.0 and 0.0 <= stats.first_rate <= 1.0
        lo, hi = stats.confidence_interval(0.95)
        assert lo <= stats.mean <= hi
        assert hi - stats.mean == pytest.approx(stats.mean - lo)
        assert hi - lo == pytest.approx(2 * 1.959964 * stats.stderr, rel=1e-5)


def test_the_confidence_level_must_lie_between_0_and_1() -> None:
    stats = duplicate_table(TABLES["three"], first, rand, n_deals=2, seed=1)
    with pytest.raises(ValueError, match="between 0 and 1, not 1.5"):
        stats.confidence_interval(1.5)


# -- reproducibility ------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(TABLES) + ["bezique3", "bezique4"])
def test_the_same_seed_gives_the_same_stats(name: str) -> None:
    game = TABLES[name] if name in TABLES else make_game(name)
    a = duplicate_table(game, first, rand, n_deals=3, seed=21)
    b = duplicate_table(game, first, rand, n_deals=3, seed=21)
    assert a == b
    c = duplicate_table(game, first, rand, n_deals=3, seed=22)
    assert c.points_a != a.points_a or c.points_b != a.points_b


def test_duplicate_match_is_the_two_seat_table_with_each_player_keeping_his_seeds() -> None:
    game = make_game("bezique")
    match = duplicate_match(game, BOTS["rules"], BOTS["random"], n_deals=3, seed=4)
    assert match == duplicate_table(game, BOTS["rules"], BOTS["random"], n_deals=3,
                                    seed=4, seeding="player")
    assert isinstance(match, TableStats) and match.rotations == 2


def test_seeding_by_player_gives_a_bot_the_same_seed_in_every_rotation() -> None:
    seen: dict[str, list[int | None]] = {"a": [], "b": []}

    def noting(kind: str) -> BotFactory:
        def make(g: Game[Any], s: int | None) -> Bot:
            seen[kind].append(s)
            return RandomBot(s)
        return make

    game = TABLES["one_against_two"]
    duplicate_table(game, noting("a"), noting("b"), n_deals=1, seed=6, seeding="player")
    # rotation 1: A alone at 0, B at 1 and 2; rotation 2: A at 1 and 2, B alone at 0
    a1, b1, b2 = seen["a"][0], seen["b"][0], seen["b"][1]
    assert seen["a"][1] == a1 and seen["b"][2] == b1  # each player's first seed stays
    assert len({a1, b1, b2}) == 3
    seen = {"a": [], "b": []}
    duplicate_table(game, noting("a"), noting("b"), n_deals=1, seed=6)  # by seat
    s0, s1, s2 = seen["a"][0], seen["b"][0], seen["b"][1]
    assert seen["b"][2] == s0 and seen["a"][1:] == [s1, s2]


# -- bad arguments and bad bots -------------------------------------------------------------

@pytest.mark.parametrize("n_deals", [0, -3, True, 1.5])
def test_n_deals_must_be_a_whole_number_from_1(n_deals: Any) -> None:
    with pytest.raises(ValueError, match="n_deals must be at least 1"):
        duplicate_table(TABLES["three"], first, rand, n_deals=n_deals)
    with pytest.raises(ValueError, match="n_deals must be at least 1"):
        duplicate_match(TABLES["two"], first, rand, n_deals=n_deals)


def test_an_unknown_seeding_is_refused() -> None:
    with pytest.raises(ValueError, match="seeding must be one of seat, player, not 'bot'"):
        duplicate_table(TABLES["three"], first, rand, n_deals=1, seeding="bot")  # type: ignore[arg-type]


class Cheat(Bot):
    """Plays the first legal action, except that from seat 1 it plays a card it does not
    hold whenever it can find one."""

    name = "cheat"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if state.current_player() == 1:
            for c in state.game.pack.all_cards():
                action = state.game.parse_action(str(c))
                if action not in legal:
                    return action
        return legal[0]


def test_an_illegal_choice_names_the_deal_the_rotation_the_bot_and_the_seat() -> None:
    def cheat(g: Game[Any], s: int | None) -> Bot:
        return Cheat(s)

    game = TABLES["three"]
    with pytest.raises(IllegalActionError,
                       match=r"deal 1 of 2, rotation 2 of 3 \(A at seats 1, dealer \d\):"
                             r" <Cheat cheat> in seat 1 chose \w+, which is not legal here;"
                             r" legal: "):
        duplicate_table(game, cheat, first, n_deals=2, seed=1, check=True)
    # without the check the state itself refuses the card
    with pytest.raises(IllegalActionError):
        duplicate_table(game, cheat, first, n_deals=2, seed=1)


def test_duplicate_match_names_the_arena_for_larger_tables() -> None:
    with pytest.raises(ValueError, match="need a two-player game; Follow has 3 .*"
                                         "duplicate_table"):
        duplicate_match(TABLES["three"], first, rand, n_deals=1)


# -- whole games ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["three", "partners4", "one_against_two"])
def test_whole_games_rotate_the_seats_too(name: str) -> None:
    game = TABLES[name]
    stats = duplicate_games(game, first, rand, n_pairs=2, seed=3)
    assert stats.rotations == len(rotations(game))
    assert stats.wins + stats.losses + stats.ties == 2 * stats.rotations
    assert stats == duplicate_games(game, first, rand, n_pairs=2, seed=3)


def test_whole_games_of_one_seeded_player_everywhere_are_won_once_a_set() -> None:
    # seeded by seat, the same players in the same seats each match of a set: the same
    # side wins it, which is A's side in exactly one rotation
    stats = duplicate_games(TABLES["five"], rand, rand, n_pairs=3, seed=1, seeding="seat")
    assert stats.ties == 0 and stats.wins == 3 and stats.losses == 3 * 4


def test_whole_games_need_a_set_at_least() -> None:
    with pytest.raises(ValueError, match="n_pairs must be at least 1"):
        duplicate_games(TABLES["three"], first, rand, n_pairs=0)


def test_a_random_generator_is_not_shared_between_plays() -> None:
    # each play builds new bots from the factories: a bot keeping state between
    # decisions starts afresh every play
    made: list[Bot] = []

    def making(g: Game[Any], s: int | None) -> Bot:
        bot = RandomBot(s)
        made.append(bot)
        return bot

    duplicate_table(TABLES["three"], making, making, n_deals=2, seed=1)
    assert len(made) == len({id(b) for b in made}) == 2 * 3 * 3
    assert isinstance(made[0].rng, random.Random)
