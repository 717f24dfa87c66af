"""Post-game review and hints: a position weighed by a search player, the same way for
both.

:func:`evaluate` is the one evaluation: the expected value of each legal action for the
seat to move (the margin at the end of the deal, in the game's own units,
:func:`~bezique.bots.search.result_unit`), with its standard error over the worlds the
player sampled. The player is made afresh for each position with a seed taken from the
position itself (:func:`position_seed`: a stable hash of the game, its options and the
deciding seat's observation, which holds the deal's public history), so one position
always gets one answer, in ``bezique play``'s ``hint`` and in ``bezique review`` alike;
the seed never depends on the cards the seat cannot see, and the player draws its
worlds with ``resample`` from that seat's observation, so nothing is judged with
hindsight of hidden cards.

:func:`review` weighs every decision of the seats under review that had a real choice
(two legal actions or more). A decision is *marked* when the action played is worth at
least ``threshold`` less than the best one. In a position of perfect information
(two-handed Bézique's last eight tricks, the stock gone) every world is the true one and
the player's exact solver, where it has one, makes the values exact (standard error 0).

>>> from bezique.analysis import default_threshold
>>> default_threshold("bezique"), default_threshold("sixtysix"), default_threshold("binocle")
(10.0, 0.5, 10.0)
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .bots.base import Bot
from .bots.search import SearchBot, result_unit
from .core.cards import Card, Suit
from .core.errors import OptionError, RecordError
from .core.game import Action, Game, State
from .core.match import ScoreSheet
from .record import Record

__all__ = ["Decision", "Evaluation", "Position", "Weighed", "default_threshold",
           "evaluate", "position_of", "position_seed", "review"]

#: the loss from which a decision is marked, by the unit of its game's results
#: (:func:`~bezique.bots.search.result_unit`): ten points of a deal (Bézique and Binocle
#: count by tens), half a game point (Sixty-Six: 1 to 3 a deal) or half a hundred
#: (Rubicon, Chinese, Chouette), a counter (games settled in stakes) or two points
#: against (OpenSpiel's Hearts, 0 to 26 a deal)
THRESHOLDS = {"points": 10.0, "game points": 0.5, "hundreds": 0.5, "counters": 1.0,
              "hearts points": 2.0}

def default_threshold(game_name: str) -> float:
    """The loss from which a decision is marked, for a game by name (see ``THRESHOLDS``)."""
    return THRESHOLDS[result_unit(game_name)]


# -- the position's seed -----------------------------------------------------------------

def _canonical(x: Any, out: list[str]) -> None:
    """Append a text for ``x`` that is the same in every run of every Python (never the
    salted ``hash()`` of a string, never a memory address)."""
    if x is None or isinstance(x, (bool, str, float)):
        out.append(repr(x))
    elif isinstance(x, enum.Enum):
        out.append(f"{type(x).__name__}.{x.name}")
    elif isinstance(x, int):  # cards are ints
        out.append(str(int(x)))
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        out.append(type(x).__name__ + "(")
        for f in dataclasses.fields(x):
            out.append(f.name + "=")
            _canonical(getattr(x, f.name), out)
            out.append(",")
        out.append(")")
    elif isinstance(x, (tuple, list)):
        out.append("[")
        for item in x:
            _canonical(item, out)
            out.append(",")
        out.append("]")
    elif isinstance(x, (set, frozenset)):
        parts = []
        for item in x:
            one: list[str] = []
            _canonical(item, one)
            parts.append("".join(one))
        out.append("{" + ",".join(sorted(parts)) + "}")
    elif isinstance(x, dict):
        items = []
        for k, v in x.items():
            one = []
            _canonical(k, one)
            one.append(":")
            _canonical(v, one)
            items.append("".join(one))
        out.append("{" + ",".join(sorted(items)) + "}")
    else:
        text = repr(x)
        if " at 0x" in text:
            raise TypeError(f"cannot take a stable fingerprint of {type(x).__name__}")
        out.append(text)


def position_seed(state: State, seat: int | None = None, salt: int = 0) -> int:
    """A 64-bit seed for weighing ``state`` from ``seat``'s side (the seat to move by
    default): a BLAKE2 hash of the game's name and options, the seat and its observation
    (which holds everything the seat may know, the deal's public history with it), and
    ``salt``. Two positions that look the same to the seat get the same seed; a hidden
    card never enters it.

    >>> from bezique.games import make_game
    >>> game = make_game("sixtysix")
    >>> state = game.deal(0, seed=1)
    >>> import random
    >>> other = state.resample(1, random.Random(5))  # the same to seat 1, not to seat 0
    >>> position_seed(state, 1) == position_seed(other, 1)
    True
    >>> position_seed(state, 1) == position_seed(state, 1, salt=1)
    False
    """
    if seat is None:
        seat = state.current_player()
    if seat < 0:
        raise ValueError("the deal is over: there is no position to weigh")
    game = state.game
    parts: list[str] = [game.name, "|"]
    _canonical(game.options, parts)
    parts.append(f"|{seat}|{int(salt)}|")
    _canonical(state.observation(seat), parts)
    digest = hashlib.blake2b("".join(parts).encode("utf-8"), digest_size=8,
                             person=b"bezique-hint").digest()
    return int.from_bytes(digest, "big")


# -- the evaluation ----------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Weighed:
    """One legal action weighed: its expected value (the margin at the end of the deal,
    in the game's units), the standard error of that value over the sampled worlds
    (``None`` from fewer than two) and how many evaluations it rests on."""

    action: Action
    value: float
    error: float | None
    samples: int


@dataclasses.dataclass(frozen=True)
class Evaluation:
    """A position weighed for the seat to move: every legal action, best first (ties in
    the order of the legal actions); ``unit`` is what the values count ("points", "game
    points", "hundreds"), ``sampled`` what the player's iterations are ("worlds",
    "playouts", "simulations") and ``iterations`` how many ran, ``exact`` in how many an
    exact solver decided."""

    seat: int
    seed: int
    player: str
    unit: str
    sampled: str
    iterations: int
    exact: int
    ranked: tuple[Weighed, ...]

    @property
    def best(self) -> Weighed:
        return self.ranked[0]

    def values(self) -> dict[Action, float]:
        """Each legal action's value, best first."""
        return {w.action: w.value for w in self.ranked}

    def of(self, action: Action) -> Weighed | None:
        """The weighing of ``action``, or ``None`` if it is not among those weighed."""
        return next((w for w in self.ranked if w.action == action), None)


def evaluate(player: Bot, state: State, *, salt: int = 0) -> Evaluation:
    """Weigh ``state`` for the seat to move with a search player: ``player`` gives the
    kind and the budget, and a copy of it is made afresh (no memory of earlier
    decisions) with the seed :func:`position_seed` of the position and ``salt``. The
    same position, player and salt give the same evaluation each time (a ``seconds``
    budget excepted: it stops on the clock). A player that cannot weigh actions raises
    :class:`OptionError`."""
    if not isinstance(player, SearchBot):
        raise OptionError(f"the {player.name} player gives no values: review and hints"
                          " need a search player (flat, pimc or ismcts)")
    seat = state.current_player()
    seed = position_seed(state, seat, salt)
    bot = player.reseeded(seed)
    weighed = bot.weigh(state.clone())
    stats = bot.last
    assert stats is not None
    ranked = sorted(weighed.items(), key=lambda kv: -kv[1].value)
    return Evaluation(seat, seed, player.name, result_unit(state.game), bot.unit,
                      stats.iterations, stats.exact,
                      tuple(Weighed(a, e.value, e.error, e.samples) for a, e in ranked))


# -- the position, as the deciding seat sees it ------------------------------------------

@dataclasses.dataclass(frozen=True)
class Position:
    """Where a decision was, as its seat saw it: the trick (from 1; ``None`` in a game
    without tricks, or before the first in an auction) and when in it (``stage``:
    "trick 3", "after trick 3" for a declaration or a draw once it is won, "the bidding"),
    the seat's hand and its cards declared on the table (card notations), the cards
    already played to the trick, and the trump suit (its letter) if one is made."""

    trick: int | None
    stage: str
    hand: tuple[str, ...]
    on_table: tuple[str, ...]
    to_trick: tuple[str, ...]
    trump: str | None


_AFTER_TRICK = frozenset({"declare", "asked", "draw"})
_BEFORE_PLAY = frozenset({"bid", "discard", "trump"})


def position_of(state: State, seat: int) -> Position:
    """The :class:`Position` of ``state`` from ``seat``'s observation (for a deal played
    inside another, Chouette's, the hand the seat decides for)."""
    o: Any = state.observation(seat)
    while getattr(o, "duel", None) is not None:
        o = o.duel
    tricks = getattr(o, "tricks_played", None)
    phase = str(getattr(o, "phase", ""))
    if tricks is None:
        trick, stage = None, phase or "-"
    elif phase in _BEFORE_PLAY:
        trick, stage = None, "the bidding"
    elif phase in _AFTER_TRICK and tricks:
        trick, stage = int(tricks), f"after trick {tricks}"
    else:
        trick, stage = int(tricks) + 1, f"trick {tricks + 1}"
    hand = tuple(_card(c) for c in getattr(o, "hand", ()))
    tables = getattr(o, "tables", None)
    mine = getattr(o, "seat", seat)
    on_table: tuple[str, ...] = ()
    if tables is not None and 0 <= mine < len(tables):
        on_table = tuple(_card(c) for c in tables[mine])
    to_trick = tuple(_card(c[-1] if isinstance(c, tuple) else c)
                     for c in getattr(o, "trick", ()))
    trump = getattr(o, "trump", None)
    return Position(trick, stage, hand, on_table, to_trick,
                    None if trump is None else Suit(int(trump)).letter)


def _card(c: Any) -> str:
    return Card(int(c)).notation()


# -- the review --------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Decision:
    """One decision weighed: where it was (deal and move, both from 1, and the
    :class:`Position` as the seat saw it), who took it, the action played and the
    reviewer's best, each legal action's expected value (notation -> value, best first)
    and its standard error (``errors``, ``None`` from a single world), the expected loss
    of the action played (0 when it was best), and the worlds (or playouts) weighed.
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
    errors: dict[str, float | None]
    samples: int
    position: Position

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def review(record: Record, reviewer: Bot, seats: Sequence[int], *,
           threshold: float | None = None, seed: int = 0,
           deals: Sequence[int] | None = None,
           step: Callable[[int, int], None] | None = None) -> Iterator[Decision]:
    """Weigh the decisions of ``seats`` in ``record`` (a record already checked by
    :func:`bezique.record.replay`) with the search player ``reviewer``, deal by deal
    (``deals``: their numbers, from 1; all by default). Each decision is weighed by
    :func:`evaluate` with ``seed`` as its salt: the same position as ``bezique play``'s
    hint (salt 0) gets the same values, and a review is the same each time it is run.
    ``step(deal, move)`` is called after each action of those seats (a progress bar's
    tick)."""
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
                ev = evaluate(reviewer, state, salt=seed)
                best = ev.best
                mine = ev.of(action)
                loss = 0.0 if mine is None else max(0.0, best.value - mine.value)
                yield Decision(
                    d, m, seat, action.notation(), best.action.notation(),
                    {w.action.notation(): round(w.value, 3) for w in ev.ranked},
                    None if mine is None else round(mine.value, 3), round(loss, 3),
                    mine is not None and loss >= limit,
                    {w.action.notation(): None if w.error is None else round(w.error, 3)
                     for w in ev.ranked},
                    ev.iterations, position_of(state, ev.seat))
            if seat in chosen and step is not None:
                step(d, m)
            state.apply(action)
        _enter(game, sheet, d, deal.dealer, state)


def _enter(game: Game[Any], sheet: ScoreSheet, deal_no: int, dealer: int,
           state: State) -> None:
    """Put a finished deal on the review's own copy of the score sheet."""
    if state.is_terminal() and not sheet.over:
        game.update_sheet(sheet, deal_no, dealer, game.deal_result(state))
