"""The generic machinery of the family: cards, packs, the game/state interface, matches."""

from .cards import Card, Pack, Rank, Suit, cards_text, parse_cards
from .errors import BeziqueError, IllegalActionError, NotationError, OptionError, RecordError
from .game import TERMINAL, Action, DealResult, Game, Observation, Options, State

__all__ = [
    "TERMINAL", "Action", "BeziqueError", "Card", "DealResult", "Game", "IllegalActionError",
    "NotationError", "Observation", "OptionError", "Options", "Pack", "Rank", "RecordError",
    "State", "Suit", "cards_text", "parse_cards",
]
