"""bezique: rules engines, records, bots and play for the Bézique family of card games.

>>> from bezique import Bezique
>>> state = Bezique().deal(dealer=0, seed=7)
>>> state.current_player()
1
"""

from .core import (
    TERMINAL,
    Action,
    BeziqueError,
    Card,
    DealResult,
    Game,
    IllegalActionError,
    NotationError,
    Observation,
    OptionError,
    Options,
    Pack,
    Rank,
    RecordError,
    SeatError,
    State,
    Suit,
    cards_text,
    parse_cards,
)
from .games import GAMES, Bezique, BeziqueOptions, SixtySix, SixtySixOptions, make_game

__version__ = "0.1.0"

__all__ = [
    "GAMES", "TERMINAL", "Action", "Bezique", "BeziqueError", "BeziqueOptions", "Card",
    "DealResult", "Game", "IllegalActionError", "NotationError", "Observation", "OptionError",
    "Options", "Pack", "Rank", "RecordError", "SeatError", "SixtySix", "SixtySixOptions",
    "State", "Suit", "cards_text", "make_game", "parse_cards",
]
