"""A fast exact solver of Sixty-Six once the stock is closed or exhausted.

From then on nobody draws, each must follow suit if able (Sixty-Six, Closing; The Last
Six Tricks), and the rest of the deal is of perfect information: the stock's face-down
cards are never drawn, and the turn-up, while it lies there, is known. What a player may
still do besides playing a card: lead a marriage and count it (20, 40 in trumps; pending
until he has won a trick, SS 23), show one and claim, claim 66 with the lead, and, while
the turn-up lies under a closed stock, exchange the Nine of trumps for it (SS 17-20).

The position is read from the state's public face only: both seats' ``observation``
(hands, counts, tricks won, pending marriages, who closed and whether his adversary had a
trick then, the turn-up, the card led), ``scores()`` and ``legal_actions()``.

Values are exact and in game points (0 to 3 a side): ``returns()[mover] -
returns()[other]``. A count of 66 or more is kept as 66 (the rules only ask whether a
count reaches 66, or 33), so positions differing above it share an entry of the table,
which is keyed by both hands, the leader, both counts, who has won a trick, the pending
marriages and whether the turn-up may still be taken.

Nothing is merged as in Bézique: no two ranks of Sixty-Six count the same (Ace 11, Ten
10, King 4, Queen 3, Jack 2, Nine 0). Inside the search (never for the root's actions,
which all get their own values) a card is not played plainly when its marriage may be
led instead, and a claim is made with the best marriage to show: a higher count never
harms its holder, so those choices are never better.
"""

from __future__ import annotations

from typing import Any

from ..core.game import Action, Game, State
from ..games.sixtysix import POINTS, Claim, Exchange, Marry, Play, Show
from ..games.sixtysix import STRENGTH as _STRENGTH
from .base import EndgameSolver

_INF = 100
TARGET, HALF = 66, 33


def kind_of(card: int) -> int:
    """A Sixty-Six card id as a kind: ``suit * 8 + strength`` (0 the Nine, 5 the Ace)."""
    return (int(card) >> 4) * 8 + _STRENGTH[card] - 1


_CARD = [0] * 32
for _c in range(64):
    if _STRENGTH[_c]:
        _CARD[kind_of(_c)] = _c
_PTS = [POINTS[_CARD[k]] if _STRENGTH[_CARD[k]] else 0 for k in range(32)]
_SUIT = [0xFF << (8 * s) for s in range(4)]
_KIND = {1 << k: k for k in range(32)}
_QUEEN, _KING = 2, 3  # strengths - 1


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << kind_of(c)
    return m


class SixtySixSolver(EndgameSolver):
    """Exact Sixty-Six once the stock is closed or exhausted (see the module's
    docstring)."""

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self.nodes = 0

    def solve(self, state: State) -> dict[Action, float]:
        """Exact value of each legal action for the seat to move (see
        :meth:`EndgameSolver.solve`)."""
        self.check(state)
        o0, o1 = state.observation(0), state.observation(1)
        obs: Any = o0
        trump = int(obs.trump)
        closed = bool(obs.closed)
        closer = obs.closer if closed else -1
        cot = bool(obs.non_closer_had_trick) if closed else False
        up = kind_of(obs.turn_up) if obs.turn_up is not None else -1
        hands = (_mask(obs.hand), _mask(o1.hand))  # type: ignore[attr-defined]
        pts = obs.points
        won = obs.tricks_won
        pend = obs.pending
        mover = state.current_player()
        trick = obs.trick
        L = 1 - mover if trick else mover
        F = 1 - L
        s = _Search(trump, closed, closer, cot)
        hl, hf = hands[L], hands[F]
        pl, pf = min(pts[L], TARGET), min(pts[F], TARGET)
        wl, wf = int(won[L] > 0), int(won[F] > 0)
        ql, qf = pend[L], pend[F]
        out: dict[Action, float] = {}
        for action in state.legal_actions():
            kind = type(action)
            if trick:  # the mover follows: values for the leader, turned
                lk = kind_of(trick[0])
                if kind is Play:
                    d = 1 << kind_of(action.card)  # type: ignore[attr-defined]
                    v = -s.follow(hl, hf, pl, pf, wl, wf, ql, qf, up, L, lk, -_INF, _INF, d)
                elif kind is Exchange:
                    h2 = hf - (1 << (trump * 8)) + (1 << up)
                    v = -s.follow(hl, h2, pl, pf, wl, wf, ql, qf, -1, L, lk, -_INF, _INF, 0)
                else:
                    raise ValueError(f"{action} is not an action of the follower here")
            elif kind is Claim:
                v = s.claim(pl, pf, wl, wf, L)
            elif kind is Show:
                suit = int(action.suit)  # type: ignore[attr-defined]
                v = s.claim(min(pl + (40 if suit == trump else 20), TARGET), pf, wl, wf, L)
            elif kind is Exchange:
                h2 = hl - (1 << (trump * 8)) + (1 << up)
                v = s.node(h2, hf, pl, pf, wl, wf, ql, qf, -1, L, -_INF, _INF)
            elif kind is Play or kind is Marry:
                k = kind_of(action.card)  # type: ignore[attr-defined]
                pl2, ql2 = pl, ql
                if kind is Marry:
                    mv = 40 if k >> 3 == trump else 20
                    if wl:
                        pl2 = min(pl + mv, TARGET)
                    else:
                        ql2 = ql + mv
                v = s.follow(hl - (1 << k), hf, pl2, pf, wl, wf, ql2, qf, up, L, k,
                             -_INF, _INF, 0)
            else:
                raise ValueError(f"{action} is not an action of the last tricks")
            out[action] = float(v) + 0.0
        self.nodes = s.nodes
        return out


class _Search:
    """Alpha-beta over the last tricks; values in game points for the trick's leader
    ``L`` (an absolute seat, since the closer is one)."""

    __slots__ = ("trump", "closed", "closer", "cot", "forfeit", "nine", "table", "nodes")

    def __init__(self, trump: int, closed: bool, closer: int, cot: bool) -> None:
        self.trump = trump
        self.closed = closed
        self.closer = closer
        self.cot = cot
        self.forfeit = 2 if cot else 3  # a failed closer's (SS 36)
        self.nine = 1 << (trump * 8)
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0

    def claim(self, pl: int, pf: int, wl: int, wf: int, L: int) -> int:
        """The leader's value of claiming 66 now (Announcing Sixty-six; SS 36-37)."""
        if pl >= TARGET:
            v = 3 if not wf else (2 if pf < HALF else 1)
            if self.closed and self.closer != L and v < self.forfeit:
                v = self.forfeit  # the adversary closed and failed
            return v
        if self.closed and self.closer == L:
            return -self.forfeit
        return -(2 if wf else 3)

    def end(self, pl: int, pf: int, wl: int, wf: int, L: int) -> int:
        """The leader's value of the hand played out (SS 31-32, 36)."""
        if self.closed:
            if self.closer == L:
                if pl >= TARGET:
                    return 3 if not wf else (2 if pf < HALF else 1)
                return -self.forfeit
            if pf >= TARGET:
                return -(3 if not wl else (2 if pl < HALF else 1))
            return self.forfeit
        if pl >= TARGET:
            return 0 if pf >= TARGET else (2 if pf < HALF else 1)
        if pf >= TARGET:
            return -(2 if pl < HALF else 1)
        return 0

    def follow(self, hl: int, hf: int, pl: int, pf: int, wl: int, wf: int, ql: int,
               qf: int, up: int, L: int, lk: int, alpha: int, beta: int,
               only: int) -> int:
        """The leader's value once he has led kind ``lk`` (``hl`` without it), the
        follower answering at best (``only``: with that card only, 0: any card, or the
        exchange first when he may)."""
        trump = self.trump
        suit = lk >> 3
        lpts = _PTS[lk]
        hands = [(hf, up)]
        if not only and up >= 0 and wf and hf & self.nine:
            hands.append((hf - self.nine + (1 << up), -1))  # SS 20: even while following
        worst = _INF
        fb = beta
        last = not hl
        node = self.node
        for h, u in hands:
            if only:
                opts = only
            else:
                opts = h & _SUIT[suit] or h
            while opts:
                d = opts & -opts
                opts ^= d
                k = _KIND[d]
                if k >> 3 == suit:
                    fw = k > lk
                else:
                    fw = k >> 3 == trump
                pts = lpts + _PTS[k]
                if fw:
                    p2 = pf + pts
                    q2 = qf
                    if not wf:  # his first trick: his pending marriages count (SS 23)
                        p2 += qf
                        q2 = 0
                    if last:
                        if not self.closed:
                            p2 += 10  # the last trick (SS 30)
                        v = self.end(pl, min(p2, TARGET), wl, 1, L)
                    else:
                        v = -node(h - d, hl, min(p2, TARGET), pl, 1, wl, q2, ql, u, 1 - L,
                                  -fb, -alpha)
                else:
                    p2 = pl + pts
                    q2 = ql
                    if not wl:
                        p2 += ql
                        q2 = 0
                    if last:
                        if not self.closed:
                            p2 += 10
                        v = self.end(min(p2, TARGET), pf, 1, wf, L)
                    else:
                        v = node(hl, h - d, min(p2, TARGET), pf, 1, wf, q2, qf, u, L,
                                 alpha, fb)
                if v < worst:
                    worst = v
                    if v < fb:
                        fb = v
                    if worst <= alpha:
                        return worst
        return worst

    def node(self, hl: int, hf: int, pl: int, pf: int, wl: int, wf: int, ql: int, qf: int,
             up: int, L: int, alpha: int, beta: int) -> int:
        """The value for ``L`` of his lead (fail-soft: exact inside (alpha, beta), else a
        bound on the side it falls)."""
        self.nodes += 1
        key = (hl, hf, pl, pf, wl, wf, ql, qf, up, L)
        entry = self.table.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
        else:
            lo, hi = -3, 3
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
        trump = self.trump
        # claim, with the best marriage to show when he has won a trick (SS 24)
        pc = pl
        if wl and pl < TARGET:
            for s in range(4):
                if (hl >> (s * 8 + _QUEEN)) & 3 == 3:
                    pc = max(pc, min(pl + (40 if s == trump else 20), TARGET))
        best = self.claim(pc, pf, wl, wf, L)
        a = best if best > a0 else a0
        if a < b0 and up >= 0 and wl and hl & self.nine:
            v = self.node(hl - self.nine + (1 << up), hf, pl, pf, wl, wf, ql, qf, -1, L,
                          a, b0)
            if v > best:
                best = v
                if v > a:
                    a = v
        if a < b0:
            follow = self.follow
            m = hl
            # the higher cards first: they take tricks, which counts most
            while m and a < b0:
                x = 1 << (m.bit_length() - 1)
                m ^= x
                k = _KIND[x]
                pl2, ql2 = pl, ql
                r = k & 7
                if (r == _KING or r == _QUEEN) and hl & (1 << (k ^ 1)):
                    # lead it as a marriage: never worse than plainly (a higher count)
                    mv = 40 if k >> 3 == trump else 20
                    if wl:
                        pl2 = min(pl + mv, TARGET)
                    else:
                        ql2 = ql + mv
                v = follow(hl - x, hf, pl2, pf, wl, wf, ql2, qf, up, L, k, a, b0, 0)
                if v > best:
                    best = v
                    if v > a:
                        a = v
        if best <= a0:
            hi = best if best < hi else hi
        elif best >= b0:
            lo = best if best > lo else lo
        else:
            lo = hi = best
        self.table[key] = (lo, hi)
        return best
