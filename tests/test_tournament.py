"""The tournament runner (``bezique.tournament``, ``bezique tournament``): every pair of
players on the same duplicate deals from every rotation of the seats, figures that do not
depend on how the work is split (one process, two, or Ray), intervals and ratings that
say what they should, the JSON file and the picture, and bad arguments refused."""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import bezique.cli.tournament  # noqa: F401  (adds the command to the group)
from bezique.bots import BOTS, Bot, RandomBot, arena, rule_bot_class
from bezique.cli.main import cli
from bezique.core.game import Action, Game, State
from bezique.games import make_game
from bezique.tournament import (
    TournamentError,
    check_players,
    deal_seeds,
    mean_interval,
    run_tournament,
    split_players,
    t_quantile,
    wilson_interval,
)


class FirstBot(Bot):
    """Plays the first legal action: a third, deterministic player for any game."""

    name = "first"

    def choose(self, state: State) -> Action:
        return state.legal_actions()[0]


@pytest.fixture
def three_players(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """random, rules and first (registered for this test: played in this process)."""
    monkeypatch.setitem(BOTS, "first", lambda game, seed: FirstBot(seed))
    return ["random", "rules", "first"]


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["tournament", *args])


# -- who plays which deal from which seats --------------------------------------------------

@pytest.mark.parametrize("game_name", ["sixtysix", "bezique3", "bezique4"])
def test_every_pair_plays_the_same_deals_from_every_rotation(
        game_name: str, three_players: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game(game_name)
    kinds: dict[type, str] = {RandomBot: "random", rule_bot_class(game): "rules",
                              FirstBot: "first"}
    plays: list[tuple[tuple[int, ...], int, tuple[str, ...]]] = []
    original = arena.play_deal

    def logged(game: Game[Any], bots: Any, dealer: int, pack: Any, **kw: Any) -> Any:
        plays.append((tuple(pack), dealer, tuple(kinds[type(b)] for b in bots)))
        return original(game, bots, dealer, pack, **kw)

    monkeypatch.setattr(arena, "play_deal", logged)
    deals = 3
    result = run_tournament(game_name, three_players, deals, seed=5, jobs=1)
    rots = arena.rotations(game)
    assert len(plays) == deals * 3 * len(rots)  # three pairs
    # deal by deal: per pair, A's seats over the deal's plays are each rotation once
    by_deal: dict[tuple[tuple[int, ...], int], dict[tuple[str, str], set[tuple[int, ...]]]]
    by_deal = defaultdict(lambda: defaultdict(set))
    for pack, dealer, seated in plays:
        a, b = sorted(set(seated), key=three_players.index)
        by_deal[(pack, dealer)][(a, b)].add(tuple(s for s, k in enumerate(seated) if k == a))
    assert len(by_deal) == deals
    for per_pair in by_deal.values():
        assert set(per_pair) == {("random", "rules"), ("random", "first"), ("rules", "first")}
        for seats in per_pair.values():
            assert seats == set(rots)
    for p in result.pairs:
        assert p.n_deals == deals and p.rotations == len(rots)
        assert len(p.points_a) == len(p.points_b) == deals * len(rots)
    for r in result.ladder:  # each player in every play of his two pairs
        assert r.plays == 2 * deals * len(rots)


def test_a_margin_is_the_points_per_seat_of_a_side_less_the_others_over_the_rotations(
        ) -> None:
    result = run_tournament("bezique3", ["random", "rules"], 2, seed=3, jobs=1)
    p = result.pair("random", "rules")
    for d, margin in enumerate(p.margins):
        rot = slice(3 * d, 3 * d + 3)
        diffs = [a - b for a, b in zip(p.points_a[rot], p.points_b[rot], strict=True)]
        assert margin == pytest.approx(sum(diffs) / 3)
    q = result.pair("rules", "random")
    assert q.margins == tuple(-m for m in p.margins) and q.wins == p.losses


# -- the same figures whoever plays the deals --------------------------------------------------

def test_the_results_are_the_same_with_one_and_two_jobs() -> None:
    one = run_tournament("bezique", ["random", "rules"], 12, seed=7, jobs=1)
    two = run_tournament("bezique", ["random", "rules"], 12, seed=7, jobs=2)
    assert one == two
    assert one.pairs[0].margins == two.pairs[0].margins


def test_a_seed_gives_its_deals_and_a_longer_tournament_begins_with_them() -> None:
    assert deal_seeds(1, 10)[:4] == deal_seeds(1, 4)
    short = run_tournament("sixtysix", ["random", "rules"], 4, seed=11, jobs=1)
    long = run_tournament("sixtysix", ["random", "rules"], 9, seed=11, jobs=1)
    other = run_tournament("sixtysix", ["random", "rules"], 4, seed=12, jobs=1)
    assert long.pairs[0].margins[:4] == short.pairs[0].margins
    assert other.pairs[0].points_b != short.pairs[0].points_b  # other deals


# -- statistics ------------------------------------------------------------------------------

def test_interval_functions_agree_with_the_tables() -> None:
    # Student's t, two-sided 95%: 12.706 at 1 degree of freedom, 2.262 at 9, 2.042 at 30
    assert t_quantile(0.95, 1) == pytest.approx(12.706, abs=1e-3)
    assert t_quantile(0.95, 9) == pytest.approx(2.262, abs=1e-3)
    assert t_quantile(0.95, 30) == pytest.approx(2.042, abs=1e-3)
    assert t_quantile(0.95, 120) == pytest.approx(1.980, abs=1e-3)
    assert t_quantile(0.99, 10) == pytest.approx(3.169, abs=1e-3)
    lo, hi = mean_interval([2.0, 4.0, 6.0, 8.0])  # mean 5, s = 2.582, t(3) = 3.182
    assert (lo + hi) / 2 == pytest.approx(5.0)
    assert hi - 5.0 == pytest.approx(3.182 * 2.582 / 2, abs=1e-3)
    assert mean_interval([1.0]) == (-math.inf, math.inf)
    # Wilson 95%: 8 of 10 is 0.490 to 0.943; none of 10 is 0 to 0.278
    assert wilson_interval(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(10, 10)[1] == 1.0
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_intervals_contain_the_means_and_narrow_with_more_deals() -> None:
    small = run_tournament("sixtysix", ["random", "rules"], 8, seed=2, jobs=1)
    big = run_tournament("sixtysix", ["random", "rules"], 40, seed=2, jobs=1)
    for result in (small, big):
        p = result.pairs[0]
        lo, hi = p.interval()
        assert lo < p.mean < hi
        wlo, whi = p.win_interval()
        assert wlo <= p.win_share <= whi
        assert p.wins + p.losses + p.ties == p.n_deals
    width = [r.pairs[0].interval()[1] - r.pairs[0].interval()[0] for r in (small, big)]
    assert width[1] < width[0]


def test_rules_beats_random_at_bezique_on_a_few_dozen_deals() -> None:
    result = run_tournament("bezique", ["random", "rules"], 30, seed=1, jobs=1)
    assert [r.player for r in result.ladder] == ["rules", "random"]
    p = result.pair("rules", "random")
    assert p.interval()[0] > 0 and p.better() == "rules"
    assert p.win_interval()[0] > 0.5
    assert result.separated() == [("rules", "random")]
    assert result.rating("rules").mu > 25 > result.rating("random").mu
    [rung] = result.rungs()
    assert rung.statement().startswith("rules is better than random")


def test_a_player_against_his_copy_is_level_and_not_separated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # two copies of one player, seeded by seat, mirror every deal from the other side:
    # every margin zero, every deal level, nothing separated; the ratings, updated play by
    # play (each play won by the side the cards favour), end close, well inside sigma
    monkeypatch.setitem(BOTS, "random2", BOTS["random"])
    result = run_tournament("sixtysix", ["random", "random2"], 6, seed=4, jobs=1)
    p = result.pairs[0]
    assert set(p.margins) == {0.0} and p.ties == 6 and p.win_share == 0.5
    assert p.better() is None and result.separated() == []
    assert "are not separated" in result.rungs()[0].statement()
    a, b = result.ladder
    assert abs(a.mu - b.mu) < a.sigma / 4 and a.sigma == pytest.approx(b.sigma, rel=0.01)


# -- players and arguments ---------------------------------------------------------------------

def test_players_are_read_from_a_list_with_their_parameters() -> None:
    assert split_players("random,rules") == ["random", "rules"]
    assert split_players(" pimc:worlds=40,depth=3 , rules") == ["pimc:worlds=40,depth=3",
                                                                 "rules"]
    game = make_game("bezique")
    with pytest.raises(TournamentError, match="at least two players"):
        check_players(game, ["rules"])
    with pytest.raises(TournamentError, match="more than once: rules"):
        check_players(game, ["rules", "random", "rules"])
    with pytest.raises(TournamentError, match="'wizard'"):
        check_players(game, ["rules", "wizard"])
    with pytest.raises(TournamentError, match="at least one deal"):
        run_tournament("bezique", ["random", "rules"], 0)


@pytest.mark.parametrize("args, hint, fragment", [
    (["--game", "whist", "--players", "random,rules"], "--game", "unknown game 'whist'"),
    (["--players", "random,wizard"], "--players", "wizard"),
    (["--players", "rules"], "--players", "at least two players"),
    (["--players", "rules,rules"], "--players", "more than once"),
    (["--players", "random,rules", "--option", "colour=blue"], "--option", "colour"),
    (["--players", "random,rules", "--option", "game_target"], "--option", "name=value"),
    (["--players", "random,rules", "--deals", "0"], "--deals", "0"),
    (["--players", "random,rules", "--jobs", "0"], "--jobs", "0"),
    (["--players", "random,rules", "--plot", "ladder.txt"], "--plot", "picture suffix"),
    (["--players", "random,rules", "--out", "nowhere/results.json"], "--out",
     "no directory nowhere"),
    (["--players", "random,rules", "--out", "same.png", "--plot", "same.png"], "--plot",
     "same file"),
])
def test_bad_arguments_are_refused_naming_what_is_wrong_and_nothing_is_written(
        args: list[str], hint: str, fragment: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(*args, "--seed", "1", "--no-progress")
    assert result.exit_code == 2, result.output
    assert hint in result.output and fragment in result.output
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_ray_missing_is_refused_saying_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    out = tmp_path / "r.json"
    result = run("--players", "random,rules", "--deals", "2", "--ray", "local",
                 "--out", str(out))
    assert result.exit_code == 2
    assert "--ray" in result.output and "pip install 'bezique[cluster]'" in result.output
    assert not out.exists()


# -- the command's output, the JSON file and the picture ---------------------------------------

def test_the_command_prints_the_ladder_and_writes_the_json_and_the_picture(
        tmp_path: Path) -> None:
    out, picture = tmp_path / "results.json", tmp_path / "ladder.png"
    result = run("--game", "sixtysix", "--players", "random,rules", "--deals", "20",
                 "--seed", "1", "--jobs", "1", "--out", str(out), "--plot", str(picture))
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Ladder" in text and "rules is better than random" in text
    assert text.index("│ 1 │ rules") < text.index("│ 2 │ random")
    data = json.loads(out.read_text())
    same = run_tournament("sixtysix", ["random", "rules"], 20, seed=1, jobs=1)
    assert data == json.loads(json.dumps(same.to_dict()))
    assert data["game"] == "sixtysix" and data["seed"] == 1 and data["deals"] == 20
    assert [r["player"] for r in data["ladder"]] == ["rules", "random"]
    [pair] = data["pairs"]
    assert len(pair["margins"]) == 20 and pair["better"] == "rules"
    lo, hi = pair["margin_interval"]
    assert lo < pair["mean_margin"] < hi
    assert data["separated"] == [["rules", "random"]]
    from matplotlib.image import imread

    pixels = imread(picture)
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pixels.shape[0] > 200 and pixels.shape[1] > 600
    assert pixels.std() > 0.05  # not a blank canvas


def test_the_picture_takes_other_formats_and_n_seat_games(tmp_path: Path,
                                                         three_players: list[str]) -> None:
    from bezique.tournament import plot_ladder

    result = run_tournament("bezique4", three_players, 2, seed=1, jobs=1)
    plot_ladder(result, tmp_path / "ladder.svg")
    assert "<svg" in (tmp_path / "ladder.svg").read_text()


# -- Ray -------------------------------------------------------------------------------------

def test_the_tournament_on_a_local_ray_instance_gives_the_local_results(
        tmp_path: Path) -> None:
    import ray

    assert not ray.is_initialized()
    out = tmp_path / "ray.json"
    result = run("--game", "sixtysix", "--players", "random,rules", "--deals", "10",
                 "--seed", "3", "--ray", "local", "--jobs", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "on Ray" in result.output
    assert not ray.is_initialized()  # the instance it started is shut down
    local = run_tournament("sixtysix", ["random", "rules"], 10, seed=3, jobs=2)
    assert json.loads(out.read_text()) == json.loads(json.dumps(local.to_dict()))


class BrokenBot(Bot):
    """Fails at its first decision, as a player with a bug would."""

    name = "broken"

    def choose(self, state: State) -> Action:
        raise RuntimeError("lost count of the trumps")


def test_a_player_that_fails_is_named_with_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "broken", lambda game, seed: BrokenBot(seed))
    with pytest.raises(TournamentError, match=r"deal 1 \(deal seed \d+\), rules v broken: "
                                              "RuntimeError: lost count of the trumps"):
        run_tournament("sixtysix", ["rules", "broken"], 3, seed=1, jobs=1)
    result = run("--game", "sixtysix", "--players", "rules,broken", "--deals", "2",
                 "--jobs", "1", "--no-progress")
    assert result.exit_code == 1 and "rules v broken" in result.output
    assert "Traceback" not in result.output
