"""The generic machinery of the family: cards, packs, the game/state interface, matches."""

from .cards import Card, Pack, Rank, Suit, cards_text, parse_cards, parse_game_card
from .errors import (
    BeziqueError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    SeatError,
    quoted,
)
from .game import (
    SPECTATOR,
    TERMINAL,
    Action,
    DealResult,
    Game,
    Observation,
    Options,
    State,
    check_seat,
)
from .table import MAX_SEATS, MIN_SEATS, members, next_seat, partners, side_of

__all__ = [
    "MAX_SEATS", "MIN_SEATS", "SPECTATOR", "TERMINAL", "Action", "BeziqueError", "Card",
    "DealResult", "Game", "IllegalActionError", "NotationError", "Observation", "OptionError",
    "Options", "Pack", "Rank", "RecordError", "SeatError", "State", "Suit", "cards_text",
    "check_seat", "members", "next_seat", "parse_cards", "parse_game_card", "partners",
    "quoted", "side_of",
]
