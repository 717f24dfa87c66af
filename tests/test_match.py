"""Matches: deals alternate, the score sheet adds up, the match ends by the game's rule,
and a match is reproducible from its seed or from given packs."""

from __future__ import annotations

import random

import pytest

from bezique.core.errors import IllegalActionError, NotationError
from bezique.core.game import DealResult, Game
from bezique.core.match import Match, ScoreSheet
from bezique.games import GAMES
from bezique.games.bezique import DRAW, Bezique, BeziqueOptions

GAME_NAMES = sorted(GAMES)
#: Every registered game with each of its seats as the first dealer.
# the games whose deal passes to the left (Chouette's rotation is the winner's: its own
# tests, tests/test_chouette.py)
GAME_DEALERS = [(name, dealer) for name in GAME_NAMES
                if GAMES[name].next_dealer is Game.next_dealer
                for dealer in range(GAMES[name]().num_players)]


#: Games whose deal may open with another seat than the dealer's left: OpenSpiel's Hearts,
#: whose two of clubs leads when no card is passed.
OPENS_ELSEWHERE = {"heartsopenspiel"}


def play_match(match: Match, player_seed: int, max_actions: int = 200_000) -> Match:
    """Random legal play to the end of the match."""
    rng = random.Random(player_seed)
    for _ in range(max_actions):
        if match.is_over():
            return match
        match.apply(rng.choice(match.state.legal_actions()))
    raise AssertionError(f"match not over after {max_actions} actions")


def replay_deal_scores(match: Match, i: int) -> tuple[int, int]:
    """Re-deal deal ``i`` from its logged pack, re-apply its logged actions, and return the
    points it scored."""
    log = match.deals[i]
    state = match.game.deal(log.dealer, pack=log.pack)
    for seat, text in zip(log.seats, log.actions, strict=True):
        assert state.current_player() == seat
        state.apply(state.parse_action(text))
    assert state.is_terminal()
    return state.scores()


# -- the deal alternates -----------------------------------------------------------------

@pytest.mark.parametrize(("name", "first_dealer"), GAME_DEALERS)
def test_the_deal_alternates(name: str, first_dealer: int) -> None:
    """Bézique GAP-BZ-2; Sixty-Six likewise: each deal the other player deals. At a table
    of more, the deal passes to the left, ``(dealer + 1) % n``, and the seat left of the
    dealer leads (at two seats: the other player deals, and the pone leads)."""
    match = Match(GAMES[name](), seed=7, first_dealer=first_dealer)
    n = match.game.num_players
    assert match.dealer == first_dealer
    assert match.state.current_player() == (first_dealer + 1) % n  # the pone leads
    seen_deals = 1
    rng = random.Random(1)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
        if len(match.deals) > seen_deals and not match.is_over():
            seen_deals = len(match.deals)
            assert match.dealer == (first_dealer + seen_deals - 1) % n
            if name in OPENS_ELSEWHERE and match.state.phase == 0:
                continue  # a deal without passing: the holder of the two of clubs leads
            assert match.state.current_player() == (match.dealer + 1) % n
    assert len(match.deals) >= 2
    assert [d.dealer for d in match.deals] == [(first_dealer + i) % n
                                               for i in range(len(match.deals))]
    assert [r.dealer for r in match.sheet.rows] == [d.dealer for d in match.deals]


def test_first_dealer_must_be_a_seat() -> None:
    with pytest.raises(ValueError, match="first_dealer"):
        Match(Bezique(), first_dealer=2)


# -- the sheet ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sheet_totals_are_the_sum_of_deal_points(seed: int) -> None:
    match = play_match(Match(Bezique(), seed=seed), player_seed=seed)
    sheet = match.sheet
    assert len(sheet.rows) == len(match.deals)
    running = [0, 0]
    for i, (row, log) in enumerate(zip(sheet.rows, match.deals, strict=True)):
        assert row.deal == i + 1
        assert log.result is not None
        assert row.points == log.result.points
        assert row.points == replay_deal_scores(match, i)
        running = [running[0] + row.points[0], running[1] + row.points[1]]
        assert row.totals == tuple(running)
    assert sheet.totals == running
    data = sheet.to_json()
    assert data["totals"] == running
    assert [d["points"] for d in data["deals"]] == [list(r.points) for r in sheet.rows]


# -- the end of the match ----------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_bezique_game_ends_after_the_deal_someone_reaches_1000(seed: int) -> None:
    """GAP-BZ-3: the deal in which a player reaches 1000 is finished, then the higher
    total wins; a loser under 500 loses a double game (BZ 88)."""
    match = play_match(Match(Bezique(), seed=seed), player_seed=100 + seed)
    sheet = match.sheet
    for row in sheet.rows[:-1]:
        assert max(row.totals) < 1000 or row.totals[0] == row.totals[1]
    final = sheet.rows[-1].totals
    assert max(final) >= 1000
    assert sheet.over and match.is_over()
    assert sheet.winner is not None
    loser = 1 - sheet.winner
    assert final[sheet.winner] > final[loser]
    assert len(sheet.games) == 1
    game = sheet.games[0]
    assert game.winner == sheet.winner
    assert game.value == (2 if final[loser] < 500 else 1)
    assert str(final[sheet.winner]) in sheet.summary
    assert sheet.summary in sheet.text()
    # the last deal was played to its end and nothing new was dealt
    assert match.state.is_terminal()
    assert match.deals[-1].result is not None


def test_bezique_game_to_2000() -> None:
    match = play_match(Match(Bezique(BeziqueOptions(game_target=2000)), seed=4), 4)
    totals = match.sheet.totals
    assert max(totals) >= 2000
    assert all(max(r.totals) < 2000 for r in match.sheet.rows[:-1])


def test_partie_of_five_ends_when_one_has_won_three_games() -> None:
    """BZ 87 (V-BZ-20): the totals start afresh after each game."""
    game = Bezique(BeziqueOptions(stakes="partie_of_five"))
    match = play_match(Match(game, seed=9), 9)
    sheet = match.sheet
    assert sheet.winner is not None
    assert sheet.games_won(sheet.winner) == 3
    assert sheet.games_won(1 - sheet.winner) < 3
    assert 3 <= len(sheet.games) <= 5
    for g in sheet.games:
        assert max(g.totals) >= 1000
        assert g.totals[g.winner] > g.totals[1 - g.winner]
    # the totals restart: each game's totals are the sum of its own deals only
    rows = iter(sheet.rows)
    for g in sheet.games:
        total = [0, 0]
        for row in rows:
            total = [total[0] + row.points[0], total[1] + row.points[1]]
            if max(total) >= 1000 and total[0] != total[1]:
                break
        assert tuple(total) == g.totals


def test_level_totals_past_the_target_play_on() -> None:
    """GAP-BZ-3: both past 1000 and level: no winner yet."""
    game = Bezique()
    sheet = ScoreSheet()
    sheet.totals = [900, 950]
    game.update_sheet(sheet, 5, 0, DealResult((150, 100)))
    assert sheet.totals == [1050, 1050]
    assert not sheet.over and sheet.winner is None
    assert sheet.rows[-1].notes
    game.update_sheet(sheet, 6, 1, DealResult((0, 10)))
    assert sheet.over and sheet.winner == 1


def test_double_game_when_the_loser_is_under_half() -> None:
    game = Bezique()
    sheet = ScoreSheet()
    game.update_sheet(sheet, 1, 0, DealResult((1000, 490)))
    assert sheet.over and sheet.winner == 0
    assert sheet.games[0].value == 2
    sheet = ScoreSheet()
    game.update_sheet(sheet, 1, 0, DealResult((1000, 500)))
    assert sheet.games[0].value == 1


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_finished_match_refuses_further_actions(name: str) -> None:
    match = play_match(Match(GAMES[name](), seed=11), 11)
    before = (len(match.deals), match.sheet.to_json(), str(match.state))
    with pytest.raises(IllegalActionError, match="the match is over"):
        match.apply(DRAW if name == "bezique" else match.game.parse_action("AS"))
    with pytest.raises((IllegalActionError, NotationError)):
        match.apply_text("draw")
    assert (len(match.deals), match.sheet.to_json(), str(match.state)) == before


def test_an_illegal_action_changes_nothing_in_the_match() -> None:
    match = Match(Bezique(), seed=3)
    before = (str(match.state), list(match.deals[-1].actions))
    with pytest.raises(IllegalActionError):
        match.apply(DRAW)  # drawing at the opening lead
    with pytest.raises(NotationError):
        match.apply_text("draw")
    assert (str(match.state), list(match.deals[-1].actions)) == before


def test_apply_text_applies_and_logs_the_notation() -> None:
    match = Match(Bezique(), seed=3)
    seat = match.state.current_player()
    text = str(match.state.legal_actions()[0])
    action = match.apply_text(text.lower())
    assert str(action) == text
    assert match.deals[-1].actions == [text]
    assert match.deals[-1].seats == [seat]


# -- reproducibility ---------------------------------------------------------------------

def _fingerprint(match: Match) -> object:
    return ([(d.dealer, d.pack, d.actions, d.seats) for d in match.deals],
            match.sheet.to_json())


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_match_is_reproducible_from_its_seed(name: str) -> None:
    a = play_match(Match(GAMES[name](), seed=21), 5)
    b = play_match(Match(GAMES[name](), seed=21), 5)
    assert _fingerprint(a) == _fingerprint(b)
    c = play_match(Match(GAMES[name](), seed=22), 5)
    assert c.deals[0].pack != a.deals[0].pack


def test_the_packs_depend_on_the_seed_only_not_on_the_play() -> None:
    a = play_match(Match(Bezique(), seed=8), 1)
    b = play_match(Match(Bezique(), seed=8), 2)
    assert a.deals[0].actions != b.deals[0].actions
    n = min(len(a.deals), len(b.deals))
    assert n >= 2
    assert [d.pack for d in a.deals[:n]] == [d.pack for d in b.deals[:n]]


def test_given_packs_are_dealt_then_the_seed_takes_over() -> None:
    game = Bezique()
    plain = play_match(Match(game, seed=13), 3)
    p0 = game.pack_order(seed=1000)
    p1 = game.pack_order(seed=1001)
    match = Match(game, seed=13, packs=[p0, p1])
    assert match.deals[0].pack == p0
    dealt = game.deal(0, pack=p0)
    assert match.state.hands == dealt.hands  # type: ignore[attr-defined]
    assert str(match.state) == str(dealt)
    play_match(match, 3)
    assert match.deals[1].pack == p1
    assert match.deals[1].dealer == 1
    # the generator advanced for the given packs too: the third deal is the seed's third
    assert len(match.deals) > 2 and len(plain.deals) > 2
    assert match.deals[2].pack == plain.deals[2].pack


def test_a_bad_given_pack_is_refused_naming_the_cards() -> None:
    game = Bezique()
    bad = game.pack_order(seed=1)[:-1]
    with pytest.raises(NotationError, match="missing"):
        Match(game, seed=1, packs=[bad])
