"""A rule-based player for two-handed Sixty-Six, after Foster's advice.

The heuristics, each from Foster's "Suggestions for Good Play" (which he gives for the
whole Bézique family) or from his remarks on closing in the Sixty-Six section:

* claim 66 the moment the count reaches it, and show a marriage instead of leading it when
  that alone makes 66 (SS 24); the player keeps the exact count of both sides from the
  cards won and the marriages announced, as Foster says a good player must;
* declare a marriage as soon as the lead allows, the royal one first, leading the Queen;
* exchange the Nine of trumps for the turn-up (it costs nothing, SS 18); once the stock
  is closed only when other trumps guard the card taken up (Foster's caution);
* while drawing the lead is a burden unless there is something to gain: lead cards of no
  count and no use (Nines, Jacks, a court card whose partner is gone), keep trumps and
  the cards of a possible marriage;
* win tricks holding an Ace or a Ten, cheaply (a higher card of the suit, else a small
  trump: small trumps are for catching counting cards), and win to get the lead when a
  marriage waits to be declared; otherwise throw the card that costs least;
* close only with a clear advantage: the player draws several hands the adversary might
  hold and plays the closed hand out against each; it closes when that promises at least
  a point and seldom fails (Closing: "nothing is gained by closing, except compelling the
  adversary to follow suit");
* once the stock is closed or exhausted, every trick is played by looking ahead: with the
  stock exhausted the adversary's hand is known exactly and the rest of the hand is solved;
  with it closed, several hands he might hold (consistent with the cards seen, his known
  cards and the suits he has shown void) are solved and the best move on average is
  played.

The player sees a deal only through ``state.observation(seat)`` and
``state.legal_actions()``, so its choice is the same in every deal that looks the same to
its seat.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..core.game import Action, State
from ..games.sixtysix import (
    ACE,
    CLAIM,
    CLOSE,
    DRAW,
    EXCHANGE,
    JACK,
    KING,
    NINE,
    PACK,
    POINTS,
    QUEEN,
    STRENGTH,
    TARGET,
    TEN,
    Marry,
    Play,
    Show,
    SixtySixObservation,
)
from .base import Bot

ALL_CARDS: tuple[int, ...] = tuple(sorted(int(c) for c in PACK.all_cards()))

# what a card is worth kept in hand, as a future trick-taker (points toward 66)
_POWER_PLAIN = {ACE: 6.0, TEN: 5.0, KING: 3.0, QUEEN: 2.0, JACK: 1.0, NINE: 0.0}
_POWER_TRUMP = {ACE: 12.0, TEN: 10.0, KING: 6.0, QUEEN: 5.0, JACK: 3.0, NINE: 2.0}


@dataclasses.dataclass(frozen=True)
class SixtySixRulesParams:
    """The player's tuning constants."""

    samples: int = 8
    """Adversary hands drawn to judge closing and to play a closed hand."""
    close_margin: float = 1.0
    """Mean game points a closed hand must promise before the player closes."""
    close_max_failures: float = 0.15
    """Largest share of the drawn hands in which closing may fail."""
    close_min_potential: int = 50
    """Count plus counting cards and marriages in hand below which closing is not
    considered at all (a cheap filter before drawing hands)."""
    lead_bonus: float = 8.0
    """What getting the lead is worth while drawing when a marriage waits to be declared."""
    lead_burden: float = 2.0
    """What having to lead costs while drawing with nothing to declare."""
    marriage_hope: float = 4.0
    """Keep-value of a King or Queen whose partner is still unseen."""


DEFAULT_PARAMS = SixtySixRulesParams()


class SixtySixRulesBot(Bot):
    """Rule-based Sixty-Six: exact counting and claiming, marriages declared early, cheap
    captures of Aces and Tens, closing and the closed game played by looking ahead."""

    name = "rules"

    def __init__(self, seed: int | None = None,
                 params: SixtySixRulesParams = DEFAULT_PARAMS) -> None:
        super().__init__(seed)
        self.params = params

    # -- the decision --------------------------------------------------------------------

    def choose(self, state: State) -> Action:
        seat = state.current_player()
        obs = state.observation(seat)
        if not isinstance(obs, SixtySixObservation):
            raise TypeError("SixtySixRulesBot plays Sixty-Six only")
        legal = state.legal_actions()
        v = _View(obs)
        me = seat
        # count toward 66: claim as soon as it is reached (SS 35)
        if CLAIM in legal and obs.points[me] >= TARGET:
            return CLAIM
        for a in legal:  # a marriage that makes 66 is shown, not led (SS 24)
            if type(a) is Show and obs.points[me] + v.marriage_value(int(a.suit)) >= TARGET:
                return a
        if EXCHANGE in legal and self._want_exchange(v):
            return EXCHANGE
        if obs.phase == "draw":
            if self._want_close(v):
                return CLOSE
            return DRAW
        if not (obs.closed or (obs.turn_up is None and obs.stock_size == 0)):
            # still drawing
            if obs.phase == "lead":
                if CLOSE in legal and self._want_close(v):
                    return CLOSE
                return self._lead_while_drawing(v, legal)
            return self._follow_while_drawing(v, legal)
        return self._look_ahead(v, legal)

    # -- the Nine, closing ---------------------------------------------------------------

    def _want_exchange(self, v: _View) -> bool:
        if not v.obs.closed:
            return True
        # closed: the card taken up may be caught if the trumps left are too few
        others = sum(1 for c in v.hand if c >> 4 == v.trump and c & 15 != NINE)
        return others >= 2

    def _want_close(self, v: _View) -> bool:
        obs = v.obs
        me = obs.seat
        if obs.stock_size == 0:
            return False
        potential = obs.points[me] + sum(POINTS[c] for c in v.hand if c & 15 in (ACE, TEN))
        if obs.tricks_won[me]:
            potential += sum(v.marriage_value(s) for s in v.marriages())
        if potential < self.params.close_min_potential:
            return False
        opp_trick = obs.tricks_won[1 - me] > 0
        total = 0.0
        failures = 0
        n = self.params.samples
        for opp_hand in v.sample_opponent(self.rng, n):
            game = _Endgame(v.trump, closed=True, closer=0, nc_trick=opp_trick)
            val = game.lead_value((tuple(sorted(v.hand)), opp_hand), 0, v.pts(), v.tricks(),
                                  v.pending())
            total += val
            if val < 0:
                failures += 1
        return (total / n >= self.params.close_margin
                and failures <= self.params.close_max_failures * n)

    # -- while drawing -------------------------------------------------------------------

    def _lead_while_drawing(self, v: _View, legal: list[Action]) -> Action:
        marriages = v.marriages()
        if marriages:  # declare at once, the royal marriage first; lead the Queen
            best = max(marriages, key=v.marriage_value)
            want = best * 16 + QUEEN
            for a in legal:
                if type(a) is Marry and int(a.card) == want:
                    return a
        plays = [a for a in legal if type(a) is Play]
        return min(plays, key=lambda a: self._lead_cost(v, int(a.card)))

    def _lead_cost(self, v: _View, c: int) -> float:
        cost = v.power(c) + v.marriage_keep(c, self.params) + 0.5 * POINTS[c]
        if c >> 4 == v.trump:
            cost += 3.0  # keep trumps while drawing (Suggestions, Trumps)
        return cost

    def _follow_while_drawing(self, v: _View, legal: list[Action]) -> Action:
        obs = v.obs
        me = obs.seat
        lead = int(obs.trick[0])
        lv = POINTS[lead]
        plays = [int(a.card) for a in legal if type(a) is Play]
        pend = obs.pending[me] if not obs.tricks_won[me] else 0
        best: tuple[float, int] | None = None
        bonus = self.params.lead_bonus if v.marriages() else -self.params.lead_burden
        for c in plays:
            keep = v.power(c) + v.marriage_keep(c, self.params)
            if _beats(c, lead, v.trump):
                gain = lv + POINTS[c]
                if obs.points[me] + gain + pend >= TARGET:
                    score = 1000.0 - keep  # reaches 66: win it and claim
                else:
                    score = gain - keep + bonus
            else:
                score = -(lv + POINTS[c]) - keep
            if best is None or score > best[0]:
                best = (score, c)
        assert best is not None
        return next(a for a in legal if type(a) is Play and int(a.card) == best[1])

    # -- closed or exhausted: look ahead -------------------------------------------------

    def _look_ahead(self, v: _View, legal: list[Action]) -> Action:
        obs = v.obs
        me = obs.seat
        closer = -1
        if obs.closed:
            closer = 0 if obs.closer == me else 1
        nc_trick = bool(obs.non_closer_had_trick)
        exact = obs.stock_size == 0 and obs.turn_up is None
        hands = [v.sample_opponent(self.rng, 1)[0]] if exact else \
            v.sample_opponent(self.rng, self.params.samples)
        candidates: list[Action] = []
        for a in legal:
            t = type(a)
            if t is Play or t is Marry or (t is Show and obs.points[me]
                                           + v.marriage_value(int(a.suit)) >= TARGET):  # type: ignore[attr-defined]
                candidates.append(a)
        if len(candidates) == 1:
            return candidates[0]
        # tie-break toward the cheaper card: keep power in hand
        candidates.sort(key=lambda a: (type(a) is not Show, type(a) is not Marry,
                                       v.power(int(a.card)) if type(a) is not Show  # type: ignore[attr-defined]
                                       else 0.0))
        totals = [0.0] * len(candidates)
        mine = tuple(sorted(v.hand))
        for opp in hands:
            game = _Endgame(v.trump, closed=obs.closed, closer=closer, nc_trick=nc_trick)
            for i, a in enumerate(candidates):
                totals[i] += game.action_value(a, mine, opp, obs.phase == "lead",
                                               int(obs.trick[0]) if obs.trick else -1,
                                               v.pts(), v.tricks(), v.pending())
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]


def _beats(c: int, lead: int, trump: int) -> bool:
    if c >> 4 == lead >> 4:
        return STRENGTH[c] > STRENGTH[lead]
    return c >> 4 == trump


class _View:
    """What one seat knows, worked out once per decision."""

    __slots__ = ("obs", "me", "trump", "hand", "gone", "unseen")

    def __init__(self, obs: SixtySixObservation) -> None:
        self.obs = obs
        self.me = obs.seat
        self.trump = int(obs.trump)
        self.hand = [int(c) for c in obs.hand]
        gone = {int(c) for w in obs.won for c in w}
        gone.update(int(c) for c in obs.trick)
        self.gone = gone
        out = set(self.hand) | gone
        if obs.turn_up is not None:
            out.add(int(obs.turn_up))
        # the adversary's hand and the face-down stock, together
        self.unseen = [c for c in ALL_CARDS if c not in out]

    def pts(self) -> tuple[int, int]:
        p = self.obs.points
        return (p[self.me], p[1 - self.me])

    def tricks(self) -> tuple[int, int]:
        t = self.obs.tricks_won
        return (t[self.me], t[1 - self.me])

    def pending(self) -> tuple[int, int]:
        p = self.obs.pending
        return (p[self.me], p[1 - self.me])

    def marriage_value(self, suit: int) -> int:
        return 40 if suit == self.trump else 20

    def marriages(self) -> list[int]:
        """Suits in which this hand holds King and Queen."""
        h = self.hand
        return [c >> 4 for c in h if c & 15 == KING and c - 1 in h]

    def power(self, c: int) -> float:
        table = _POWER_TRUMP if c >> 4 == self.trump else _POWER_PLAIN
        return table[c & 15]

    def marriage_keep(self, c: int, params: SixtySixRulesParams) -> float:
        """What playing ``c`` costs in marriages: all of it if the partner is in hand,
        a little if the partner might still come."""
        r = c & 15
        if r != KING and r != QUEEN:
            return 0.0
        partner = c ^ 1
        if partner in self.hand:
            return float(self.marriage_value(c >> 4))
        if partner in self.unseen and self.obs.stock_size > 0 and not self.obs.closed:
            return params.marriage_hope
        return 0.0

    def sample_opponent(self, rng: random.Random, n: int) -> list[tuple[int, ...]]:
        """``n`` hands the adversary might hold: his known cards, and unseen cards of no
        suit he has shown void in, the rest being in the stock."""
        opp = 1 - self.me
        known = [int(c) for c in self.obs.known_in_hand[opp]]
        size = self.obs.hand_sizes[opp]
        void = {int(s) for s in self.obs.voids[opp]}
        pool = [c for c in self.unseen if c not in known and c >> 4 not in void]
        need = size - len(known)
        if need > len(pool):  # pragma: no cover - the real hand is always a witness
            raise ValueError("no adversary hand fits the observation")
        if need == len(pool):
            return [tuple(sorted(known + pool))] * n
        return [tuple(sorted(known + rng.sample(pool, need))) for _ in range(n)]


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_SUIT_MASK = [0xFFFF << (16 * s) for s in range(4)]
_LOSS, _WIN = -10, 10  # outside every real value: the initial alpha-beta window


class _Endgame:
    """The rest of a closed or exhausted hand played out exactly, both hands seen (seat 0
    is the player deciding), by alpha-beta search. Hands are bitmasks of card ids. Both
    players claim 66 the moment they may (waiting never helps: the adversary's count and
    tricks only grow). Values are the game points seat 0 wins (negative: loses)."""

    __slots__ = ("trump", "closed", "closer", "nc_trick", "memo", "order")

    def __init__(self, trump: int, *, closed: bool, closer: int, nc_trick: bool) -> None:
        self.trump = trump
        self.closed = closed
        self.closer = closer
        self.nc_trick = nc_trick
        self.memo: dict[tuple[int, ...], tuple[int, int]] = {}
        # strong cards first: trumps, then by rank; good moves are found early
        self.order = sorted(ALL_CARDS, key=lambda c: (c >> 4 == trump, STRENGTH[c]),
                            reverse=True)

    def _right(self, c: int, p0: int, p1: int, t0: int, t1: int) -> int:
        po, to = (p1, t1) if c == 0 else (p0, t0)
        v = 3 if not to else (2 if po < 33 else 1)
        if self.closed and self.closer != c:  # the closer failed (SS 36)
            v = max(v, 2 if self.nc_trick else 3)
        return v if c == 0 else -v

    def _end(self, p0: int, p1: int, t0: int, t1: int) -> int:
        if self.closed:
            c = self.closer
            if (p0 if c == 0 else p1) >= TARGET:
                return self._right(c, p0, p1, t0, t1)
            v = 2 if self.nc_trick else 3
            return v if c == 1 else -v
        a, b = p0 >= TARGET, p1 >= TARGET
        if a == b:
            return 0
        return (2 if p1 < 33 else 1) if a else -(2 if p0 < 33 else 1)

    def action_value(self, a: Action, mine: tuple[int, ...], opp: tuple[int, ...],
                     leading: bool, lead: int, pts: tuple[int, int], tr: tuple[int, int],
                     pend: tuple[int, int]) -> int:
        """The value of ``a`` for seat 0, who leads (``leading``) or follows ``lead``."""
        p0, p1 = pts
        t0, t1 = tr
        q0, q1 = pend
        if type(a) is Show:
            p0 += 40 if int(a.suit) == self.trump else 20
            return self._right(0, p0, p1, t0, t1)
        c = int(a.card)  # type: ignore[attr-defined]
        h0, h1 = _mask(mine) & ~(1 << c), _mask(opp)
        if leading:
            if type(a) is Marry:
                val = 40 if c >> 4 == self.trump else 20
                if t0:
                    p0 += val
                else:
                    q0 += val
            return self.follow(h0, h1, 0, c, p0, p1, t0, t1, q0, q1, _LOSS, _WIN)
        return self.trick(h0, h1, 0, lead, c, p0, p1, t0, t1, q0, q1, _LOSS, _WIN)

    def lead_value(self, hands: tuple[tuple[int, ...], tuple[int, ...]], leader: int,
                   pts: tuple[int, int], tr: tuple[int, int], pend: tuple[int, int]) -> int:
        """Value for seat 0 with ``leader`` to lead from these hands."""
        return self.lead(_mask(hands[0]), _mask(hands[1]), leader, pts[0], pts[1], tr[0],
                         tr[1], pend[0], pend[1], _LOSS, _WIN)

    def lead(self, h0: int, h1: int, ld: int, p0: int, p1: int, t0: int, t1: int, q0: int,
             q1: int, alpha: int, beta: int) -> int:
        if (p0 if ld == 0 else p1) >= TARGET:
            return self._right(ld, p0, p1, t0, t1)
        key = (h0, h1, ld, -1, p0, p1, t0 > 0, t1 > 0, q0, q1)
        lo, hi = self.memo.get(key, (_LOSS, _WIN))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a0, b0 = alpha, beta
        alpha, beta = max(alpha, lo), min(beta, hi)
        hand = h0 if ld == 0 else h1
        maximize = ld == 0
        best = _LOSS if maximize else _WIN
        trump = self.trump
        for c in self.order:
            if not hand >> c & 1:
                continue
            if ld == 0:
                n0, n1 = h0 & ~(1 << c), h1
            else:
                n0, n1 = h0, h1 & ~(1 << c)
            v = self.follow(n0, n1, ld, c, p0, p1, t0, t1, q0, q1, alpha, beta)
            r = c & 15
            if (r == KING or r == QUEEN) and hand >> (c ^ 1) & 1:  # a marriage to declare
                val = 40 if c >> 4 == trump else 20
                m0, m1, r0, r1 = p0, p1, q0, q1
                if (t0 if ld == 0 else t1):
                    if ld == 0:
                        m0 += val
                    else:
                        m1 += val
                else:
                    if ld == 0:
                        r0 += val
                    else:
                        r1 += val
                if (m0 if ld == 0 else m1) >= TARGET:  # shown, not led (SS 24)
                    w = self._right(ld, m0, m1, t0, t1)
                else:
                    w = self.follow(n0, n1, ld, c, m0, m1, t0, t1, r0, r1, alpha, beta)
                v = max(v, w) if maximize else min(v, w)
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        self._store(key, best, a0, b0, lo, hi)
        return best

    def follow(self, h0: int, h1: int, ld: int, lead: int, p0: int, p1: int, t0: int,
               t1: int, q0: int, q1: int, alpha: int, beta: int) -> int:
        key = (h0, h1, ld, lead, p0, p1, t0 > 0, t1 > 0, q0, q1)
        lo, hi = self.memo.get(key, (_LOSS, _WIN))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a0, b0 = alpha, beta
        alpha, beta = max(alpha, lo), min(beta, hi)
        f = 1 - ld
        hand = h0 if f == 0 else h1
        same = hand & _SUIT_MASK[lead >> 4]
        opts = same or hand  # follow suit if able (SS 29, 33)
        maximize = f == 0
        best = _LOSS if maximize else _WIN
        for c in self.order:
            if not opts >> c & 1:
                continue
            if f == 0:
                v = self.trick(h0 & ~(1 << c), h1, 0, lead, c, p0, p1, t0, t1, q0, q1,
                               alpha, beta)
            else:
                v = self.trick(h0, h1 & ~(1 << c), 1, lead, c, p0, p1, t0, t1, q0, q1,
                               alpha, beta)
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        self._store(key, best, a0, b0, lo, hi)
        return best

    def trick(self, h0: int, h1: int, f: int, lead: int, c: int, p0: int, p1: int, t0: int,
              t1: int, q0: int, q1: int, alpha: int, beta: int) -> int:
        """The trick ``lead`` / ``c`` (``c`` played by seat ``f``) is complete."""
        if c >> 4 == lead >> 4:
            w = f if STRENGTH[c] > STRENGTH[lead] else 1 - f
        else:
            w = f if c >> 4 == self.trump else 1 - f
        pts = POINTS[lead] + POINTS[c]
        if w == 0:
            p0 += pts + (q0 if not t0 else 0)
            if not t0:
                q0 = 0
            t0 += 1
        else:
            p1 += pts + (q1 if not t1 else 0)
            if not t1:
                q1 = 0
            t1 += 1
        if not h0 and not h1:
            if not self.closed:  # the twelfth trick
                if w == 0:
                    p0 += 10
                else:
                    p1 += 10
            return self._end(p0, p1, t0, t1)
        return self.lead(h0, h1, w, p0, p1, t0, t1, q0, q1, alpha, beta)

    def _store(self, key: tuple[int, ...], best: int, a0: int, b0: int, lo: int,
               hi: int) -> None:
        if best <= a0:
            self.memo[key] = (lo, best)  # an upper bound
        elif best >= b0:
            self.memo[key] = (best, hi)  # a lower bound
        else:
            self.memo[key] = (best, best)
