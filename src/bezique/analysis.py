"""Post-game review: each decision of a finished (or unfinished) game weighed by a search
player.

For every decision of the seats under review that had a real choice (two legal actions or
more), the reviewing player is asked for the expected value of each legal action
(``values(state)``: the margin at the end of the deal, in the game's own units, from the
position as the deciding seat saw it; the player draws its worlds with ``resample`` from
that seat's observation, so the review never judges with hindsight of hidden cards). A
decision is *marked* when the action played is worth at least ``threshold`` less than the
best one. In a position of perfect information (two-handed Bézique's last eight tricks,
the stock gone) the reviewing player's worlds are all the true one and its exact solver,
where it has one, makes the values exact.

>>> from bezique.analysis import default_threshold
>>> default_threshold("bezique"), default_threshold("sixtysix")
(10.0, 0.5)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .bots.base import Bot
from .core.errors import OptionError, RecordError
from .core.game import Game, State
from .core.match import ScoreSheet
from .record import Record

__all__ = ["Decision", "Reviewer", "default_threshold", "review", "values_of"]

#: the loss (in the deal's units) from which a decision is marked, by the units of its
#: game's returns: points of the deal (Bézique), game points (Sixty-Six: 1 to 3) and
#: hundreds (Rubicon, Chinese, Chouette)
THRESHOLDS = {"bezique": 10.0, "bezique3": 10.0, "bezique4": 10.0}
DEFAULT_THRESHOLD = 0.5

Reviewer = Callable[[Game[Any], int], Bot]
"""Makes the reviewing player for a game from a seed."""


def default_threshold(game_name: str) -> float:
    """The loss from which a decision is marked, for a game by name (see ``THRESHOLDS``)."""
    return THRESHOLDS.get(game_name, DEFAULT_THRESHOLD)


@dataclasses.dataclass(frozen=True)
class Decision:
    """One decision weighed: where it was (deal and move, both from 1), who took it, the
    action played and the reviewer's best, each legal action's expected value (notation ->
    value, best first), and the expected loss of the action played (0 when it was best).
    ``played_value`` is ``None`` when the action played is one the player does not weigh
    (an announcement of several combinations at once that Bézique accepts but does not
    list); such a decision is never marked."""

    deal: int
    move: int
    seat: int
    played: str
    best: str
    values: dict[str, float]
    played_value: float | None
    loss: float
    marked: bool

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def values_of(bot: Bot, state: State) -> dict[Any, float]:
    """The expected value of each legal action by ``bot`` (a search player); a player
    that cannot weigh actions raises :class:`OptionError`."""
    weigh = getattr(bot, "values", None)
    if weigh is None:
        raise OptionError(f"the {bot.name} player gives no values: review and hints need a"
                          " search player (flat, pimc or ismcts)")
    out: dict[Any, float] = weigh(state.clone())
    return out


def review(record: Record, reviewer: Reviewer, seats: Sequence[int], *,
           threshold: float | None = None, seed: int = 0,
           deals: Sequence[int] | None = None,
           step: Callable[[], None] | None = None) -> Iterator[Decision]:
    """Weigh the decisions of ``seats`` in ``record`` (a record already checked by
    :func:`bezique.record.replay`), deal by deal (``deals``: their numbers, from 1; all by
    default). The reviewing player is made afresh for each decision with a seed derived
    from ``seed``, the deal and the move, so a review is the same each time it is run.
    ``step`` is called after each action of those seats (a progress bar's tick)."""
    game = record.make_game()
    limit = default_threshold(game.name) if threshold is None else threshold
    chosen = set(seats)
    wanted = set(deals) if deals is not None else None
    sheet = game.new_sheet()  # a deal may depend on the standing (Binocle's knock)
    for d, deal in enumerate(record.deals, 1):
        state = game.deal_in_match(deal.dealer, deal.pack, sheet)
        if wanted is not None and d not in wanted:
            for _seat, text in deal.actions:
                state.apply(state.parse_action(text))
            _enter(game, sheet, d, deal.dealer, state)
            continue
        for m, (seat, text) in enumerate(deal.actions, 1):
            if state.is_terminal():
                raise RecordError(f"deal {d}, action {m}: the deal was already over")
            action = state.parse_action(text)
            legal = state.legal_actions()
            if seat in chosen and len(legal) > 1:
                bot = reviewer(game, seed * 1_000_003 + d * 1009 + m)
                weighed = values_of(bot, state)
                ranked = sorted(weighed.items(), key=lambda kv: -kv[1])
                best_action, best_value = ranked[0]
                played_value = weighed.get(action)
                loss = 0.0 if played_value is None else max(0.0, best_value - played_value)
                yield Decision(d, m, seat, action.notation(), best_action.notation(),
                               {a.notation(): round(v, 3) for a, v in ranked},
                               None if played_value is None else round(played_value, 3),
                               round(loss, 3), played_value is not None and loss >= limit)
            if seat in chosen and step is not None:
                step()
            state.apply(action)
        _enter(game, sheet, d, deal.dealer, state)


def _enter(game: Game[Any], sheet: ScoreSheet, deal_no: int, dealer: int,
           state: State) -> None:
    """Put a finished deal on the review's own copy of the score sheet."""
    if state.is_terminal() and not sheet.over:
        game.update_sheet(sheet, deal_no, dealer, game.deal_result(state))
