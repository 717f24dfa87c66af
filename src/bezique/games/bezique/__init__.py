"""The Bézique family: two-handed Bézique, Rubicon Bézique and Chinese Bézique.

The family's declarations machinery is :mod:`.declarations` (classes, values, the fresh
card, adding but not taking away, carrying "to score"); each game's module states its
meld table and what else is its own: :mod:`.two_handed` (Bézique) and :mod:`.rubicon`
(Rubicon and Chinese Bézique). Two-handed Bézique's names are exported here, so that
``bezique.games.bezique`` reads as it always has.
"""

# the names this module has always had, beyond the two-handed game's own
from collections import Counter  # noqa: F401
from collections.abc import Sequence  # noqa: F401
from typing import Any, ClassVar  # noqa: F401

from ...core.cards import Card, Pack, Rank, Suit, card_name, parse_game_card  # noqa: F401
from ...core.errors import IllegalActionError, NotationError, quoted  # noqa: F401
from ...core.game import (  # noqa: F401
    Action,
    DealResult,
    Game,
    Observation,
    Options,
    action_text,
    action_words,
    check_seat,
)
from ...core.match import GameResult, ScoreSheet, SheetRow  # noqa: F401
from ...core.trick import END_PHASE, RankOrder, TrickState, must_follow_and_win  # noqa: F401
from .declarations import _PH, _PT  # noqa: F401
from .two_handed import *  # noqa: F403 - the two-handed game's names, as before
