"""Matches: deals following one another until the game's rule ends them, with the score
sheet kept.

The deal passes as the game says (``Game.next_dealer``): by default to the dealer's left,
which at two seats alternates between the players (Bézique GAP-BZ-2; Sixty-Six
likewise). Seats stay absolute from deal to deal: the dealer is a field of each deal.
Each game says how a finished deal changes the sheet (``Game.update_sheet``) — Bézique
adds points to 1000, Sixty-Six adds game points to 7 — and when the match is over.

The sheet's columns are what scores (``ScoreSheet.columns``): a column per seat, or per
side when the game's sides are fixed partnerships (``Game.new_sheet``); totals, rows and
games are kept per column, and the match's state (targets reached, carried points)
stays on the sheet, never in a deal.

>>> from bezique import Bezique
>>> m = Match(Bezique(), seed=3)
>>> m.state.current_player() == 1 - m.dealer
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from . import table
from .errors import IllegalActionError, SeatError
from .game import Action, DealResult, Game, State, check_seat


@dataclasses.dataclass
class SheetRow:
    """One finished deal on the score sheet: its number, its dealer (a seat), and the
    points and running totals of each column."""

    deal: int
    dealer: int
    points: tuple[int, ...]
    totals: tuple[int, ...]
    notes: tuple[str, ...] = ()


@dataclasses.dataclass
class GameResult:
    """One finished game of a match (a Bézique game to 1000, a Sixty-Six game to 7):
    the winning column (a seat, or a side on a sheet of sides), the totals, and its
    value."""

    winner: int
    totals: tuple[int, ...]
    value: int  # 1 for a single game, 2 for a double game
    notes: tuple[str, ...] = ()


@dataclasses.dataclass
class ScoreSheet:
    """The running score of a match, in ``columns``: one per seat (``sides`` empty), or
    one per side when ``sides`` gives each seat's side (fixed partnerships: the column of
    a side is its side number). ``totals``, the rows' points, ``games`` and ``winner``
    are all by column; a row's ``dealer`` is a seat. ``carry`` and the other fields keep
    the match's own state (targets, bonuses carried to the next deal)."""

    rows: list[SheetRow] = dataclasses.field(default_factory=list)
    totals: list[int] = dataclasses.field(default_factory=list)
    games: list[GameResult] = dataclasses.field(default_factory=list)
    carry: int = 0  # game-specific pending bonus (Sixty-Six: points for a tied deal)
    over: bool = False
    winner: int | None = None
    summary: str = ""
    columns: int = 2
    sides: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.sides:
            self.sides = table.check_sides(self.sides, len(self.sides))
            if table.num_sides(self.sides) != self.columns:
                raise ValueError(f"a sheet of sides {self.sides} has"
                                 f" {table.num_sides(self.sides)} columns, not"
                                 f" {self.columns}")
        if self.columns < 2:
            raise ValueError(f"a score sheet has two columns at least, not {self.columns}")
        if not self.totals:
            self.totals = [0] * self.columns
        elif len(self.totals) != self.columns:
            raise ValueError(f"a sheet of {self.columns} columns needs {self.columns}"
                             f" totals, not {len(self.totals)}")

    @property
    def seats(self) -> int:
        """The number of seats at the table."""
        return len(self.sides) if self.sides else self.columns

    def column_of(self, seat: int) -> int:
        """The column in which ``seat``'s points are entered."""
        return self.sides[seat] if self.sides else seat

    def column_points(self, points: Sequence[int]) -> tuple[int, ...]:
        """A deal's points per seat (``DealResult.points``) as points per column: on a
        sheet of sides, the side's result, which each of its members holds."""
        if not self.sides:
            return tuple(points)
        return tuple(points[table.members(self.sides, side)[0]]
                     for side in range(self.columns))

    def enter(self, deal_no: int, dealer: int, result: DealResult,
              notes: Sequence[str] = ()) -> SheetRow:
        """Add a finished deal's points to the totals and write its row: the plain entry
        an ``update_sheet`` makes before applying the game's own end rule."""
        pts = self.column_points(result.points)
        for i, p in enumerate(pts):
            self.totals[i] += p
        row = SheetRow(deal_no, dealer, pts, tuple(self.totals), tuple(notes))
        self.rows.append(row)
        return row

    def end_game(self, winner: int, value: int = 1, notes: Sequence[str] = (), *,
                 summary: str = "", over: bool = True) -> GameResult:
        """Record a finished game won by column ``winner`` at the present totals; with
        ``over`` (the default) the match is over too, and ``summary`` says how."""
        result = GameResult(winner, tuple(self.totals), value, tuple(notes))
        self.games.append(result)
        if over:
            self.over = True
            self.winner = winner
            self.summary = summary
        return result

    def games_won(self, column: int) -> int:
        """Games won by ``column`` (a seat, or a side on a sheet of sides)."""
        return sum(1 for g in self.games if g.winner == column)

    def to_json(self) -> dict[str, Any]:
        """A plain-data form of the sheet (for ``--json`` outputs); a sheet of sides adds
        ``sides``."""
        out: dict[str, Any] = {
            "deals": [{"deal": r.deal, "dealer": r.dealer, "points": list(r.points),
                       "totals": list(r.totals), "notes": list(r.notes)} for r in self.rows],
            "totals": list(self.totals),
            "games": [{"winner": g.winner, "totals": list(g.totals), "value": g.value,
                       "notes": list(g.notes)} for g in self.games],
            "over": self.over, "winner": self.winner, "summary": self.summary,
        }
        if self.sides:
            out["sides"] = list(self.sides)
        return out

    def labels(self, names: Sequence[str] | None = None) -> list[str]:
        """The heading of each column: the seat's name, or on a sheet of sides its
        members' names joined by ``&``."""
        names = self._names(names)
        if not self.sides:
            return list(names[:self.columns])
        return [" & ".join(names[p] for p in table.members(self.sides, side))
                for side in range(self.columns)]

    def _names(self, names: Sequence[str] | None) -> Sequence[str]:
        if names is None:
            return [f"Player {i}" for i in range(self.seats)]
        if isinstance(names, str) or len(names) < self.seats:
            raise ValueError(f"a sheet of {self.seats} seats needs a name for each seat")
        return names

    def text(self, names: Sequence[str] | None = None) -> str:
        """The sheet as a small table: deal, dealer, and each column's points and running
        total. ``names`` gives a name per seat (default ``Player 0``, ``Player 1``...)."""
        names = self._names(names)
        heads = self.labels(names)
        w = max(10, *(len(n) for n in names), *(len(h) for h in heads))
        cols = range(self.columns)
        lines = [f"{'deal':>4}  {'dealer':<{w}}  " + "  ".join(f"{h:>{w}}" for h in heads)]
        for r in self.rows:
            pts = "  ".join(f"{f'{r.points[i]:+d} = {r.totals[i]}':>{w}}" for i in cols)
            note = ("  " + "; ".join(r.notes)) if r.notes else ""
            lines.append(f"{r.deal:>4}  {names[r.dealer]:<{w}}  {pts}{note}")
        for i, g in enumerate(self.games, 1):
            kind = "double game" if g.value == 2 else "game"
            # stakes can be negative (Chouette): "28 to -14" rather than "28--14"
            sep = " to " if any(t < 0 for t in g.totals) else "-"
            totals = sep.join(str(t) for t in g.totals)
            lines.append(f"game {i}: {heads[g.winner]} wins ({kind}, {totals})"
                         + ("; " + "; ".join(g.notes) if g.notes else ""))
        if self.summary:
            lines.append(self.summary)
        return "\n".join(lines)


@dataclasses.dataclass
class DealLog:
    """What a record needs of one deal: dealer, pack order, actions in notation."""

    dealer: int
    pack: list[int]
    actions: list[str] = dataclasses.field(default_factory=list)
    seats: list[int] = dataclasses.field(default_factory=list)
    result: DealResult | None = None


class Match:
    """A match: deals one after another, the deal passing as the game says (to the left
    by default: at two seats, alternating), until the game's rule ends it; the first
    dealer is seat 0 unless given (or the first seat that may deal first, by
    ``Game.first_dealers``). Deals come from a seeded generator or from given pack
    orders (``packs``). The sheet is the game's (``Game.new_sheet``): a column per seat,
    or per side for fixed partnerships."""

    def __init__(self, game: Game[Any], *, seed: int | None = None,
                 first_dealer: int | None = None,
                 packs: Sequence[Sequence[int]] | None = None) -> None:
        if first_dealer is None:  # seat 0, or the first seat that may deal first
            first_dealer = game.first_dealers()[0]
        first_dealer = check_seat(first_dealer, game.num_players, "first_dealer")
        if first_dealer not in game.first_dealers():
            allowed = ", ".join(map(str, game.first_dealers()))
            raise SeatError(f"seat {first_dealer} may not deal first in {game.title}; the"
                            f" first dealer is one of seats {allowed}")
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.first_dealer = first_dealer
        self._packs = [list(p) for p in packs] if packs else []
        self.sheet = game.new_sheet()
        self.deals: list[DealLog] = []
        #: the last finished deal's final position (``None`` before the first ends): what
        #: a front end shows at the end of a deal once the next one is dealt
        self.finished: State | None = None
        self.state: State = self._new_deal(first_dealer)
        if self.state.is_terminal():
            self._finish_deal()

    @property
    def dealer(self) -> int:
        """The seat that dealt the current deal."""
        return self.deals[-1].dealer

    @property
    def num_players(self) -> int:
        """The seats at the table."""
        return self.game.num_players

    def _new_deal(self, dealer: int) -> State:
        i = len(self.deals)
        # the generator advances even for a given pack, so a match replayed from its
        # record and then continued deals the same cards as the original would have
        order = self.game.pack_order(rng=self.rng)
        if i < len(self._packs):
            order = self.game.pack_order(pack=self._packs[i])
        self.deals.append(DealLog(dealer, order))
        state: State = self.game.deal_in_match(dealer, order, self.sheet)
        return state

    def is_over(self) -> bool:
        return self.sheet.over

    def current_player(self) -> int:
        return self.state.current_player()

    def apply(self, action: Action) -> None:
        """Apply an action to the current deal; a finished deal goes on the sheet and the
        next one is dealt unless the match is over."""
        if self.sheet.over:
            raise IllegalActionError("the match is over")
        seat = self.state.current_player()
        self.state.apply(action)
        log = self.deals[-1]
        log.actions.append(action.notation())
        log.seats.append(seat)
        if self.state.is_terminal():
            self._finish_deal()

    def _finish_deal(self) -> None:
        """The finished deal goes on the sheet and the next is dealt; a deal over as it
        is dealt (Binocle: a dealer out on the 10 for a Nine turned up) goes on the sheet
        at once."""
        while True:
            log = self.deals[-1]
            result = self.game.deal_result(self.state)
            log.result = result
            self.finished = self.state
            self.game.update_sheet(self.sheet, len(self.deals), log.dealer, result)
            if self.sheet.over:
                return
            dealer = self.game.next_dealer(len(self.deals), log.dealer, result)
            self.state = self._new_deal(check_seat(dealer, self.game.num_players,
                                                   "next dealer"))
            if not self.state.is_terminal():
                return

    def apply_text(self, text: str) -> Action:
        """Parse ``text`` in the current position, apply it and return the action."""
        action = self.state.action_from_text(text)
        self.apply(action)
        return action
