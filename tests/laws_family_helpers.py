"""Helpers for the tests of the Bézique family's laws (tests/test_laws_*.py)."""

from __future__ import annotations

import random
from typing import Any

from bezique.core.cards import card_name
from bezique.games import make_game
from bezique.laws import law_table
from bezique.laws.stock import StockLawTable


def table(name: str, seed: int = 3, options: Any = None) -> StockLawTable:
    g = make_game(name, options)
    t = law_table(g.deal(dealer=0, seed=seed))
    assert isinstance(t, StockLawTable)
    return t


def draws(t: StockLawTable) -> None:
    """Both draw in order after a trick won while the stock lasts."""
    while t.round is not None:
        r = t.round
        first = t.first_drawer() if r["cards"] is None else r["cards"][0]
        who = first if t.drawn(first) < t.due(first) else 1 - first
        t.act(f"{who} draw")


def play(t: StockLawTable, rng: random.Random) -> None:
    """One regular card (the first legal one of a seeded choice)."""
    s = t.state
    acts = [a for a in s.legal_actions() if type(a).__name__ == "Play"
            and not getattr(a, "from_table", False)]
    a = rng.choice(acts)
    t.act(f"{s.player} {a.notation()}")


def trick(t: StockLawTable, rng: random.Random) -> None:
    play(t, rng)
    play(t, rng)
    draws(t)


def to_last_tricks(t: StockLawTable, rng: random.Random) -> None:
    while not t.stock_out() and not t.over:
        trick(t, rng)


def refused(t: StockLawTable) -> int:
    """A card of the follower's hand the rules refuse now (-1: none)."""
    s = t.state
    legal = {int(a.card) for a in s.legal_actions() if type(a).__name__ == "Play"}
    return next((c for c in s.hands[s.player] if c not in legal), -1)


def name(c: int) -> str:
    return card_name(c)
