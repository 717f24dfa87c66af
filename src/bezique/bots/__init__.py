"""Computer players. They see a deal only through the State interface.

``make_bot("name", game, seed)`` builds one by its registry name (:data:`BOTS`); a search
player takes parameters after a colon, ``make_bot("pimc:iterations=40,seconds=0.5",
game)``, and :func:`describe_bots` lists every player with a line about it.

>>> from bezique.games import make_game
>>> make_bot("pimc:iterations=3,rollout=random", make_game("sixtysix"), 1).iterations
3
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.errors import OptionError
from ..core.game import Game, by_class, named_games
from ..games import GAMES
from . import (  # noqa: F401 - the rule-based players, found by the games they name
    bezique_multi_rules,
    bezique_rules,
    binocle_multi_rules,
    binocle_rules,
    chouette_rules,
    ecarte_rules,
    enfle_rules,
    euchre_rules,
    hearts_rules,
    napoleon_rules,
    rubicon_rules,
    sixtysix_multi_rules,
    sixtysix_rules,
)
from .base import Advice, Bot
from .random_bot import RandomBot
from .search import SEARCH_BOTS, FlatMonteCarloBot, ISMCTSBot, PIMCBot, SearchBot


def _rule_bots() -> dict[type[Any], type[Bot]]:
    """Each game class a rule-based player names as its own (``Bot.games``), with it."""
    return named_games(Bot)  # type: ignore[type-abstract]


def rule_bot_for(game: Game) -> type[Bot] | None:  # type: ignore[type-arg]
    """The rule-based player's class for ``game``: the one of its class or of its
    nearest base (Schnapsen plays with Sixty-Six's), None when it has none."""
    return by_class(_rule_bots(), type(game))


def rule_games() -> list[str]:
    """The names of the games that have a rule-based player."""
    return [name for name, g in GAMES.items() if by_class(_rule_bots(), g) is not None]


def rule_bot_class(game: Game) -> type[Bot]:  # type: ignore[type-arg]
    """The rule-based player's class for ``game`` (:func:`rule_bot_for`); an error
    naming the games that have one when it has none."""
    cls = rule_bot_for(game)
    if cls is None:
        raise OptionError(f"no rule-based player for {game.title} ({game.name!r}); rule"
                          f" players exist for: {', '.join(rule_games())}")
    return cls


def _pimc_inference(game: Game, seed: int | None) -> Bot:  # type: ignore[type-arg]
    return PIMCBot(game, seed, inference=True)


# name -> factory(game, seed)
BOTS: dict[str, Callable[[Game, int | None], Bot]] = {  # type: ignore[type-arg]
    "random": lambda game, seed: RandomBot(seed),
    "rules": lambda game, seed: rule_bot_class(game)(seed),
    "flat": FlatMonteCarloBot,
    "pimc": PIMCBot,
    "ismcts": ISMCTSBot,
    "pimc-infer": _pimc_inference,
}

#: The search players among :data:`BOTS`, with the parameters each fixes beyond its
#: class's defaults (``pimc-infer`` is ``pimc`` with ``inference=true``).
_SEARCH_KINDS: dict[str, tuple[type[SearchBot], dict[str, str]]] = {
    **{name: (cls, {}) for name, cls in SEARCH_BOTS.items()},
    "pimc-infer": (PIMCBot, {"inference": "true"}),
}

_DESCRIPTIONS: dict[str, str] = {
    "random": "uniformly random legal actions (a baseline)",
    "rules": "the game's rule-based player, after the book's advice",
    **{name: cls.description for name, cls in SEARCH_BOTS.items()},
    "pimc-infer": ("PIMC with inference: worlds weighted by how likely the adversaries'"
                   " past play is in them"),
}


def describe_bots(with_params: bool = True) -> list[tuple[str, str]]:
    """``(name, one-line description)`` of every registered player, in registry order
    (for the CLI and the lobby); a search player's line ends with its parameters unless
    ``with_params`` is false (:func:`describe_params` tells them one by one).

    >>> [name for name, _ in describe_bots()][:3]
    ['random', 'rules', 'flat']
    """
    out = []
    for name in BOTS:
        line = _DESCRIPTIONS.get(name, "")
        if with_params and name in _SEARCH_KINDS:
            cls, _ = _SEARCH_KINDS[name]
            also = {v: k for k, v in cls.ALIASES.items()}
            names = [p.name + (f" (or {also[p.name]})" if p.name in also else "")
                     for p in cls.PARAMS]
            line += f" (parameters: {', '.join(names)})"
        out.append((name, line))
    return out


def describe_params(name: str, game: Game[Any] | None = None) -> list[tuple[str, str, str, str]]:
    """``(parameter, what it takes, what it does, default)`` of each parameter of the
    player ``name``, in the order of its class's ``PARAMS``, the parameter followed by its
    other name if it has one; none for a player without parameters. The default is the
    one for ``game`` (the budgets differ by game), ``""`` without a game unless the player
    fixes it (``pimc-infer``'s inference).

    >>> from bezique.games import make_game
    >>> name, takes, _, default = describe_params("pimc", make_game("sixtysix"))[0]
    >>> name, takes, default
    ('iterations (or worlds)', 'a whole number >= 1', '8')
    >>> describe_params("rules")
    []
    """
    if name not in BOTS:
        raise OptionError(f"unknown player {name!r}; known: {', '.join(BOTS)}")
    if name not in _SEARCH_KINDS:
        return []
    cls, fixed = _SEARCH_KINDS[name]
    also = {v: k for k, v in cls.ALIASES.items()}
    defaults: dict[str, object] = {} if game is None else cls.defaults(game)
    out = []
    for p in cls.PARAMS:
        if p.name in fixed:
            default = fixed[p.name]
        elif p.name in defaults:
            value = defaults[p.name]
            default = ("none" if value is None else str(value).lower()
                       if isinstance(value, bool) else f"{value:g}"
                       if isinstance(value, float) else str(value))
        else:
            default = ""
        out.append((p.name + (f" (or {also[p.name]})" if p.name in also else ""),
                    p.describe(), p.doc, default))
    return out


def make_bot(kind: str, game: Game, seed: int | None = None) -> Bot:  # type: ignore[type-arg]
    """A computer player by name for ``game``: ``random``, ``rules`` (the game's own
    rule-based player, see :func:`rule_bot_for`) or a search player (``flat``, ``pimc``,
    ``ismcts``, ``pimc-infer``), which takes parameters after a colon:
    ``"pimc:iterations=40,seconds=0.5"`` (see each class's ``PARAMS``).

    An unknown name, an unknown parameter or a value it does not take, parameters for a
    player that has none, or a game without a rule-based player raise
    :class:`OptionError` naming what is wrong.
    """
    if not isinstance(kind, str):
        raise OptionError(f"a player is named by text, not {kind!r}")
    name, colon, params = kind.partition(":")
    name = name.strip()
    if name not in BOTS:
        raise OptionError(f"unknown player {name!r}; known: {', '.join(BOTS)}")
    if name in _SEARCH_KINDS:
        cls, fixed = _SEARCH_KINDS[name]
        text = ",".join([*(f"{k}={v}" for k, v in fixed.items()), params])
        return cls.from_text(game, seed, text)
    if colon and params.strip():
        raise OptionError(f"player {name!r} takes no parameters, not {params.strip()!r}")
    return BOTS[name](game, seed)


__all__ = ["BOTS", "Advice", "Bot", "FlatMonteCarloBot", "ISMCTSBot", "PIMCBot",
           "RandomBot", "SearchBot", "describe_bots", "describe_params", "make_bot",
           "rule_bot_class", "rule_bot_for", "rule_games"]
