"""How a game reads to a person: one seat's picture of the table, the story of the deal,
the numbered choices, the end of a deal and the rules in brief, for every front end.

The presentation sits below the front ends and above the rules: the terminal
(:mod:`bezique.cli`) and the web server (:mod:`bezique.server`) both draw what a view
gives, and the views know the games, never the reverse. Everything a view shows comes
from what the seat may know: its ``observation``, the deal's public events, the legal
actions and the match's score sheet.

:func:`view_for` finds a game's view by the game's class and its bases (Schnapsen,
a Sixty-Six, finds Sixty-Six's view); a game with none gets the generic
:class:`GameView`, which reads any game through the ``State`` interface alone.
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game, by_class, named_games
from .base import (
    COMMANDS_HELP,
    WIDTH,
    Breakdown,
    CardSpot,
    GameView,
    Screen,
    SeatLine,
    Seats,
    Story,
    build_screen,
    by_suit,
    choice_prompt,
    deal_banner,
    hand_text,
    keep_together,
    match_total,
    name_seats,
    own_points,
    partnership,
    played_tricks,
    plays_text,
    rank_strength,
    sheet_lines,
    short,
    show,
    show_cards,
    side_line,
    side_names,
    sort_hand,
    suit_text,
    symbols_in_use,
    trump_text,
    use_symbols,
    wrap,
)
from .bezique import BeziqueView, ChouetteView, MultiBeziqueView, RubiconView
from .binocle import AuctionBinocleView, BinocleView, MultiBinocleView, binocle_meld_table
from .ecarte import EcarteView
from .enfle import EnfleView
from .euchre import EuchreView
from .hearts import HeartsView
from .napoleon import NapoleonView
from .sixtysix import KreutzView, SixtySixView, ThreeHandedSixtySixView


def _views() -> dict[type[Any], type[GameView]]:
    """Each game class a view names as its own (``GameView.games``), with that view."""
    return named_games(GameView)


def view_class(game: Game[Any]) -> type[GameView]:
    """The view of ``game``'s class, or of its nearest base that has one; the generic
    :class:`GameView` when none has."""
    return by_class(_views(), type(game)) or GameView


def view_for(game: Game[Any], *, show_counts: bool | None = None) -> GameView:
    """A fresh view of the game (see :func:`view_class`); ``show_counts`` overrides the
    game's default for showing the running counts."""
    view = view_class(game)()
    if show_counts is not None:
        view.show_counts = show_counts
    return view


__all__ = [
    "AuctionBinocleView",
    "BeziqueView",
    "BinocleView",
    "Breakdown",
    "COMMANDS_HELP",
    "CardSpot",
    "ChouetteView",
    "EcarteView",
    "EnfleView",
    "EuchreView",
    "GameView",
    "KreutzView",
    "MultiBeziqueView",
    "MultiBinocleView",
    "NapoleonView",
    "RubiconView",
    "Screen",
    "SeatLine",
    "Seats",
    "SixtySixView",
    "Story",
    "ThreeHandedSixtySixView",
    "WIDTH",
    "binocle_meld_table",
    "build_screen",
    "by_suit",
    "choice_prompt",
    "deal_banner",
    "hand_text",
    "keep_together",
    "match_total",
    "name_seats",
    "own_points",
    "partnership",
    "played_tricks",
    "plays_text",
    "rank_strength",
    "sheet_lines",
    "short",
    "show",
    "show_cards",
    "side_line",
    "side_names",
    "sort_hand",
    "suit_text",
    "symbols_in_use",
    "trump_text",
    "use_symbols",
    "view_class",
    "view_for",
    "wrap",
    "COMMANDS_HELP", "WIDTH", "AuctionBinocleView", "BeziqueView", "BinocleView", "Breakdown",
    "CardSpot", "ChouetteView", "GameView", "HeartsView", "KreutzView", "MultiBeziqueView",
    "MultiBinocleView", "RubiconView", "Screen", "SeatLine", "Seats", "SixtySixView", "Story",
    "ThreeHandedSixtySixView", "binocle_meld_table", "build_screen", "by_suit",
    "choice_prompt", "deal_banner", "hand_text", "keep_together",
    "match_total", "name_seats", "own_points",
    "partnership", "played_tricks", "plays_text", "rank_strength", "sheet_lines", "short",
    "show", "show_cards", "side_line", "side_names", "sort_hand", "suit_text",
    "symbols_in_use", "trump_text", "use_symbols", "view_class", "view_for", "wrap",
]
