"""The rule-based player of three- and four-handed Bézique: it plays only legal actions,
follows the suggestions it is built on in worked positions, and beats the random player
on the same deals with the seats rotated (the N-seat duplicate arena)."""

from __future__ import annotations

from typing import Any

import pytest
from test_bezique_multi import FOUR, THREE, pos

from bezique.bots.bezique_multi_rules import MultiBeziqueRulesBot, duplicate_table, rotations
from bezique.bots.random_bot import RandomBot
from bezique.games.bezique.multi import ASK


def test_rules_bot_plays_only_legal_actions_and_beats_random() -> None:
    def rules(game: Any, seed: int | None) -> Any:
        return MultiBeziqueRulesBot(seed)

    def rand(game: Any, seed: int | None) -> Any:
        return RandomBot(seed)

    for game in (THREE, FOUR):
        stats = duplicate_table(game, rules, rand, 12, seed=2, check=True)
        assert stats.mean > 3 * stats.stderr > 0


def test_the_arena_rotates_the_seats_over_the_same_deals() -> None:
    assert rotations(THREE) == [(0,), (1,), (2,)]
    assert rotations(FOUR) == [(0, 2), (1, 3)]

    def rules(game: Any, seed: int | None) -> Any:
        return MultiBeziqueRulesBot(seed)

    same = duplicate_table(FOUR, rules, rules, 3, seed=1)
    assert same.diffs == (0.0, 0.0, 0.0)  # one deterministic player: each side mirrors
    assert duplicate_table(THREE, rules, rules, 2, seed=1).diffs == (0.0, 0.0)


def test_rules_bot_asks_with_nothing_and_declares_when_asked() -> None:
    bot = MultiBeziqueRulesBot()
    state = pos(FOUR, ["9C 8C", "9D", "KH QH", "9D"], phase="declare", to_move=0,
                stock="8C 8C 8D 8D 8S 8S 8H")
    assert bot.choose(state) == ASK
    state.apply(ASK)
    assert str(bot.choose(state)) == "royal-marriage KH QH"


def test_rules_bot_declares_the_smaller_of_a_chain_first_while_there_is_time() -> None:
    bot = MultiBeziqueRulesBot()
    stock = " ".join(["8C 8D 8S 9C 9S 7C 7D 7S"] * 3)
    state = pos(THREE, ["QS QS JD JD 9H 9H", "9D", "9D"], phase="declare", to_move=0,
                stock=stock + " 8H 8H 7H 7H 7H")
    assert str(bot.choose(state)) == "bezique QS JD"


def test_rules_bot_refuses_another_game() -> None:
    from bezique.games.bezique import Bezique
    state = Bezique().deal(0, seed=1)
    with pytest.raises(TypeError, match="three- and four-handed"):
        MultiBeziqueRulesBot().choose(state)


