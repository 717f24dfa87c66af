"""Fast exact solvers of the last tricks of two-handed Bézique, Rubicon Bézique and
Chinese Bézique.

Once the stock is drawn, each player must follow suit and win the trick if he can, or
trump when void (Bézique, The Last Eight Tricks; Rubicon Bézique, The Last Nine Tricks);
nothing is declared any more and all that is still to score is the Aces and Tens (the
brisques) each trick holds and the last trick. The position is read from the state's
public face only: each seat's ``observation(seat)`` (its hand, the trump, whose turn, the
card led, the tricks played, the points and the brisques so far), ``scores()``,
``legal_actions()`` and the game's options; never a private attribute.

Representation: cards are kinds, ``suit * 8 + rank`` in order of strength (0 the Seven, 7
the Ace), so that "cards of a suit", "higher than the lead" and "which kinds are held"
are a few integer operations. Rubicon's and Chinese Bézique's hands (up to six of a card)
are one int holding a count per kind in a nibble; Bézique's (at most two of a card) two
masks of one bit per kind, the kinds held and those held twice. Identical cards from
several packs are one choice and cost nothing extra.

Merged cards: two cards of one suit in one hand are the same choice when no card still in
play (in either hand or on the table) lies between them in rank or has the rank of
either, and both are brisques or neither is: against every card left they win and lose
alike and score alike, so only the highest of such a run is searched and the others get
its value. Duplicates of a card are one choice too.

Search: alpha-beta (fail-soft) over whole tricks, the leader choosing a lead and the
follower an answer, with a transposition table at each lead keyed by both hands (and, in
Rubicon, the leader and the brisques each has won so far, which the settlement reads, and
who has revoked under the French penalty); the lead that was best when a position was
last searched is tried first, then the higher cards. The table is cleared for each
``solve``.

Values are exact (full minimax: alpha-beta only prunes what cannot change them; every
root action is searched with a full window) and in the game's ``deal_result`` units:
Bézique's points; Rubicon's and Chinese's deal in hundreds, settled by the game's own
:meth:`~bezique.games.bezique.rubicon.Rubicon.settle`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.game import Action, Game, State
from ..games.bezique.declarations import BRISQUE, STRENGTH, Play
from .base import EndgameSolver

_INF = 1 << 40

#: nibble masks: the lowest bit of every kind's nibble; each suit's 8 nibbles
_LOW = sum(1 << (4 * k) for k in range(32))
_SUIT = [sum(0xF << (4 * (8 * s + r)) for r in range(8)) for s in range(4)]
#: presence bits (the lowest bit of the nibble) of the kinds above kind k in its suit
_ABOVE = [sum(1 << (4 * (8 * (k >> 3) + r)) for r in range((k & 7) + 1, 8))
          for k in range(32)]
#: a kind's presence bit -> the kind, for the 32 kinds (bit_length is cheaper, but this
#: keeps the loops free of arithmetic)
_KIND = {1 << (4 * k): k for k in range(32)}
#: brisque (Ace or Ten) of each kind: strengths 8 and 7 of the piquet pack
_VAL = [1 if (k & 7) >= 6 else 0 for k in range(32)]


def kind_of(card: int) -> int:
    """The kind of a piquet card id: ``suit * 8 + strength`` (0 the Seven, 7 the Ace)."""
    return (int(card) >> 4) * 8 + STRENGTH[card] - 1


def _card_of_kind() -> list[int]:
    out = [0] * 32
    for c in range(64):
        if STRENGTH[c]:
            out[kind_of(c)] = c
    return out


_CARD = _card_of_kind()
assert all(BRISQUE[_CARD[k]] == _VAL[k] for k in range(32))


def hand_int(cards: Any) -> int:
    """A hand (card ids, with repeats) as counts in nibbles."""
    h = 0
    for c in cards:
        h += 1 << (4 * kind_of(c))
    return h


def _present(h: int) -> int:
    """The presence bit of every kind held (counts are at most 6: three bits)."""
    return (h | h >> 1 | h >> 2) & _LOW


def _unmerger(kind_of: dict[int, int], above: list[int]) -> Callable[[int, int], int]:
    """The function giving the presence bits of the kinds in ``mine`` that are worth
    searching, for a layout of presence bits (``kind_of`` a bit's kind, ``above`` each
    kind's higher kinds of its suit): a kind is left out when the next card in play above
    it in its suit is one only this hand holds, of the same brisque value, and nobody
    else holds its own rank (see the module's docstring). A pure function of its
    arguments, remembered."""
    cache: dict[tuple[int, int], int] = {}

    def unmerged(mine: int, others: int) -> int:
        key = (mine, others)
        keep = cache.get(key)
        if keep is not None:
            return keep
        allp = mine | others
        keep = 0
        m = mine
        while m:
            b = m & -m
            m ^= b
            if not b & others:
                k = kind_of[b]
                up = allp & above[k]
                if up:
                    nb = up & -up
                    if nb & mine and not nb & others and _VAL[kind_of[nb]] == _VAL[k]:
                        continue
            keep |= b
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = keep
        return keep

    return unmerged


#: the presence bits kept for search, four bits a kind (the roots, the Rubicon search)
_unmerged = _unmerger(_KIND, _ABOVE)


def _follower(suits: list[int], above: list[int]) -> Callable[[int, int, int], int]:
    """The function giving the follower's legal kinds ``follows(pf, lk, trump)`` among
    his kinds ``pf`` against a lead of kind ``lk``, for a layout of presence bits
    (``suits`` each suit's bits, ``above`` each kind's higher kinds of its suit): follow
    suit and win if able, void a trump, else any card."""

    def follows(pf: int, lk: int, trump: int) -> int:
        suit = lk >> 3
        same = pf & suits[suit]
        if same:
            return (same & above[lk]) or same
        if trump >= 0 and suit != trump:
            tr = pf & suits[trump]
            if tr:
                return tr
        return pf

    return follows


#: the follower's legal kinds, four bits a kind
_follows = _follower(_SUIT, _ABOVE)


class _Position:
    """The endgame read from the state's public face."""

    __slots__ = ("hands", "to_move", "leader", "lead", "trump", "points", "brisques",
                 "revoked", "tricks_played")

    def __init__(self, state: State) -> None:
        o0, o1 = state.observation(0), state.observation(1)
        self.hands = [hand_int(o0.hand), hand_int(o1.hand)]  # type: ignore[attr-defined]
        self.to_move = state.current_player()
        trick = o0.trick  # type: ignore[attr-defined]
        self.lead = kind_of(trick[0]) if trick else -1
        self.leader = 1 - self.to_move if trick else self.to_move
        trump = o0.trump  # type: ignore[attr-defined]
        self.trump = -1 if trump is None else int(trump)
        self.points = state.scores()
        self.brisques = getattr(o0, "brisques", (0, 0))
        self.revoked = getattr(o0, "revoked", (False, False))
        self.tricks_played = o0.tricks_played  # type: ignore[attr-defined]


class _FamilySolver(EndgameSolver):
    """What the Bézique and Rubicon fast solvers share: reading the position, merged
    choices at the root, and mapping the engine's actions to kinds."""

    def solve(self, state: State) -> dict[Action, float]:
        """Exact value of each legal action for the seat to move (see
        :meth:`EndgameSolver.solve`)."""
        self.check(state)
        pos = _Position(state)
        legal = state.legal_actions()
        values = self._solve_kinds(pos, state)
        out: dict[Action, float] = {}
        for action in legal:
            if type(action) is not Play or action.from_table:
                raise ValueError(f"{action} is not a card played from the hand: the last"
                                 " tricks have no other action")
            out[action] = float(values[kind_of(action.card)]) + 0.0
        return out

    def _solve_kinds(self, pos: _Position, state: State) -> dict[int, int]:
        raise NotImplementedError

    @staticmethod
    def _root_kinds(pos: _Position) -> tuple[int, int, dict[int, int]]:
        """The mover's kinds to search (presence bits), all his kinds, and each kind
        mapped to the kind whose value it takes (itself or the top of its run)."""
        me = pos.to_move
        mine = _present(pos.hands[me])
        other = _present(pos.hands[1 - me])
        if pos.lead >= 0:
            other |= 1 << (4 * pos.lead)
            legal = _follows(mine, pos.lead, pos.trump)
        else:
            legal = mine
        keep = _unmerged(mine, other)
        rep: dict[int, int] = {}
        # kinds from the top of each suit down: a merged kind takes the value of the kept
        # kind above it, which is nearer the top
        for k in range(31, -1, -1):
            b = 1 << (4 * k)
            if not b & mine:
                continue
            if b & keep:
                rep[k] = k
            else:
                nb = (mine | other) & _ABOVE[k]
                rep[k] = rep[_KIND[nb & -nb]]
        return keep & legal, legal, rep

    @staticmethod
    def _root_values(pos: _Position, searched: int, answers: Callable[[int, int], int],
                     led: Callable[[int, int, int], int],
                     answered: Callable[[int], int]) -> dict[int, int]:
        """The value for the mover of each kind in ``searched`` (presence bits): led,
        ``led(his hand without it, the kind, the follower's answers)``, the answers being
        ``answers(the follower's kinds, the kind)`` less the merged ones; or played to
        the lead, ``answered(its bit)`` for the leader, turned."""
        me = pos.to_move
        h_me, h_ot = pos.hands[me], pos.hands[1 - me]
        vals: dict[int, int] = {}
        b = searched
        if pos.lead < 0:
            p_ot = _present(h_ot)
            while b:
                x = b & -b
                b ^= x
                lk = _KIND[x]
                vals[lk] = led(h_me - x, lk, answers(p_ot, lk) & _unmerged(
                    p_ot, _present(h_me - x) | x))
        else:
            while b:
                x = b & -b
                b ^= x
                vals[_KIND[x]] = -answered(x)
        return vals

    @staticmethod
    def _by_kind(rep: dict[int, int], legal: int, vals: dict[int, int], base: int = 0,
                 scale: int = 1) -> dict[int, int]:
        """Each legal kind's value (``base + scale *`` that of the kind it takes it from,
        see :meth:`_root_kinds`)."""
        return {k: base + scale * vals[r] for k, r in rep.items() if (1 << (4 * k)) & legal}


class BeziqueSolver(_FamilySolver):
    """Exact last eight tricks of two-handed Bézique (see the module's docstring).

    Every value is the final margin in points: the points scored so far plus 10 for each
    brisque won and 10 for the last trick (when ``last_trick_bonus_at`` is 32) to come.
    Under ``brisque_scoring=end_of_deal`` the brisques already won are not in the
    observation; the margin they add is read by playing one line to the end on a copy.
    """

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        opts = game.options
        self._bonus = 1 if opts.last_trick_bonus_at == 32 else 0  # type: ignore[attr-defined]
        self._late = opts.brisque_scoring == "end_of_deal"  # type: ignore[attr-defined]
        self.nodes = 0

    def _solve_kinds(self, pos: _Position, state: State) -> dict[int, int]:
        search = _BeziqueSearch(pos.trump, self._bonus)
        me = pos.to_move
        h_me, h_ot = pos.hands[me], pos.hands[1 - me]
        if self._late:
            base = self._margin_so_far(state, pos)
        else:
            base = pos.points[me] - pos.points[1 - me]
        searched, legal, rep = self._root_kinds(pos)
        n = _count(h_me)
        rem = _brisques(h_me) + _brisques(h_ot) + self._bonus
        trump, lead = pos.trump, pos.lead
        vals = self._root_values(
            pos, searched, lambda p, lk: _follows(p, lk, trump),
            lambda h, lk, answers: search.trick_value(h, h_ot, lk, answers, n, rem),
            # the leader's value of this answer (the follower holds the n cards each had
            # before the lead)
            lambda x: search.trick_value(h_ot, h_me, lead, x, n, rem + _VAL[lead]))
        self.nodes = search.nodes
        return self._by_kind(rep, legal, vals, base, 10)

    def _margin_so_far(self, state: State, pos: _Position) -> int:
        """The margin for the mover that the deal's end adds to what the model counts:
        the points so far and the brisques already won, read by playing the first legal
        card to the end on a copy and taking away what the model says that line
        scored."""
        me = pos.to_move
        s = state.clone()
        gained = 0  # for seat ``me``, in tens
        lead = pos.lead
        leader = pos.leader
        while not s.is_terminal():
            p = s.current_player()
            action = s.legal_actions()[0]
            k = kind_of(action.card)  # type: ignore[attr-defined]
            s.apply(action)
            if lead < 0:
                lead, leader = k, p
                continue
            if k >> 3 == lead >> 3:
                fw = k > lead
            else:
                fw = k >> 3 == pos.trump
            w = p if fw else leader
            pts = _VAL[lead] + _VAL[k] + (self._bonus if s.is_terminal() else 0)
            gained += pts if w == me else -pts
            lead = -1
        r = s.returns()
        return r[me] - r[1 - me] - 10 * gained


def _count(h: int) -> int:
    n = 0
    while h:
        n += h & 0xF
        h >>= 4
    return n


_BRISQUE_NIB = sum(0xF << (4 * k) for k in range(32) if _VAL[k])


def _brisques(h: int) -> int:
    return _count(h & _BRISQUE_NIB)


# the same tables with one bit per kind (bit k), for hands of at most two of a card
_SUIT1 = [0xFF << (8 * s) for s in range(4)]
_ABOVE1 = [sum(1 << (8 * (k >> 3) + r) for r in range((k & 7) + 1, 8)) for k in range(32)]
_KIND1 = {1 << k: k for k in range(32)}
#: :func:`_unmerged` and :func:`_follows` with one bit per kind (the Bézique search)
_unmerged1 = _unmerger(_KIND1, _ABOVE1)
_follows1 = _follower(_SUIT1, _ABOVE1)


def _layers(h: int) -> tuple[int, int]:
    """A hand of counts in nibbles (at most two of a card) as two masks, one bit per
    kind: the kinds held, and those held twice."""
    m1 = m2 = 0
    for k in range(32):
        c = (h >> (4 * k)) & 0xF
        if c:
            m1 |= 1 << k
            if c > 1:
                m2 |= 1 << k
    return m1, m2


class _BeziqueSearch:
    """Alpha-beta over tricks; values in tens of points for the leader of the trick.
    Hands are two masks (:func:`_layers`): Bézique has two of each card."""

    __slots__ = ("trump", "bonus", "table", "nodes")

    def __init__(self, trump: int, bonus: int) -> None:
        self.trump = trump
        self.bonus = bonus
        self.table: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}
        self.nodes = 0

    def trick_value(self, hl: int, hf: int, lk: int, fbits: int, n: int, rem: int) -> int:
        """Exact value for the leader of the trick led with kind ``lk`` (``hl``: the
        leader's hand without it; ``hf``: the follower's whole hand, both as counts in
        nibbles; ``n``: cards each before the lead) when the follower plays the best of
        the kinds ``fbits`` (presence bits of nibbles); ``rem``: tens still to score, the
        lead's included."""
        trump = self.trump
        bonus = self.bonus if n == 1 else 0
        node = self.node
        l1, l2 = _layers(hl)
        f1, f2 = _layers(hf)
        best = _INF
        while fbits:
            d4 = fbits & -fbits
            fbits ^= d4
            k = _KIND[d4]
            d = 1 << k
            if k >> 3 == lk >> 3:
                fw = k > lk
            else:
                fw = k >> 3 == trump
            pts = _VAL[lk] + _VAL[k] + bonus
            r2 = rem - pts
            if f2 & d:
                g1, g2 = f1, f2 - d
            else:
                g1, g2 = f1 - d, f2
            # only a value below the best answer found so far matters: exact below it
            if fw:
                v = -pts - node(g1, g2, l1, l2, n - 1, r2, -best - pts, _INF)
            else:
                v = pts + node(l1, l2, g1, g2, n - 1, r2, -_INF, best - pts)
            if v < best:
                best = v
        return best

    def node(self, l1: int, l2: int, f1: int, f2: int, n: int, rem: int, alpha: int,
             beta: int) -> int:
        """The value for the leader (in tens) of leading with hands ``(l1, l2)``,
        ``(f1, f2)`` of ``n`` cards each, ``rem`` tens still to score; exact inside
        (alpha, beta), else a bound on the side it falls (fail-soft)."""
        if rem <= alpha:
            return rem
        if -rem >= beta:
            return -rem
        trump = self.trump
        if n < 2:  # one card each: the last trick, forced
            if not n:
                return 0
            lk = _KIND1[l1]
            k = _KIND1[f1]
            if k >> 3 == lk >> 3:
                fw = k > lk
            else:
                fw = k >> 3 == trump
            return -rem if fw else rem
        if n == 2:
            return self._two(l1, l2, f1, f2, rem)
        self.nodes += 1
        key = (l1, l2, f1, f2)
        entry = self.table.get(key)
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
        else:
            lo, hi, first = -rem, rem, 0
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
        a = a0
        leads = _unmerged1(l1, f1)  # (this trick is not the last: no bonus in it)
        node = self.node
        best = -_INF
        best_lead = 0
        if first and first & leads:
            order = [first]
            leads ^= first
        else:
            order = []
        while leads:
            # the higher suits and cards first
            x = 1 << (leads.bit_length() - 1)
            leads ^= x
            order.append(x)
        n1 = n - 1
        for x in order:
            lk = _KIND1[x]
            if l2 & x:
                m1, m2 = l1, l2 - x
            else:
                m1, m2 = l1 - x, l2
            lb_val = _VAL[lk]
            opts = _follows1(f1, lk, trump) & _unmerged1(f1, m1 | x)
            worst = _INF
            fb = b0  # the follower's bound: he need not find less than b0
            while opts:
                d = opts & -opts
                opts ^= d
                k = _KIND1[d]
                if k >> 3 == lk >> 3:
                    fw = k > lk
                else:
                    fw = k >> 3 == trump
                pts = lb_val + _VAL[k]
                r2 = rem - pts
                if f2 & d:
                    g1, g2 = f1, f2 - d
                else:
                    g1, g2 = f1 - d, f2
                if fw:
                    v = -pts - node(g1, g2, m1, m2, n1, r2, -fb - pts, -a - pts)
                else:
                    v = pts + node(m1, m2, g1, g2, n1, r2, a - pts, fb - pts)
                if v < worst:
                    worst = v
                    if v < fb:
                        fb = v
                    if worst <= a:
                        break
            if worst > best:
                best = worst
                best_lead = x
                if best > a:
                    a = best
                    if a >= b0:
                        break
        if best <= a0:
            hi = best if best < hi else hi
        elif best >= b0:
            lo = best if best > lo else lo
        else:
            lo = hi = best
        self.table[key] = (lo, hi, best_lead)
        return best


    def _two(self, l1: int, l2: int, f1: int, f2: int, rem: int) -> int:
        """The exact value for the leader with two cards each (no table: a few cases)."""
        trump = self.trump
        best = -_INF
        leads = l1
        while leads:
            x = leads & -leads
            leads ^= x
            lk = _KIND1[x]
            ly = _KIND1[(l1 ^ x) or x]  # his other card (the same kind if he holds two)
            opts = _follows1(f1, lk, trump)
            worst = _INF
            while opts:
                d = opts & -opts
                opts ^= d
                k = _KIND1[d]
                fy = _KIND1[(f1 ^ d) or d]
                if k >> 3 == lk >> 3:
                    fw = k > lk
                else:
                    fw = k >> 3 == trump
                pts = _VAL[lk] + _VAL[k]
                # the last trick, led by the winner of this one: each has one card left
                if fw:
                    a, b = fy, ly
                else:
                    a, b = ly, fy
                if b >> 3 == a >> 3:
                    second = b > a  # the second card wins it
                else:
                    second = b >> 3 == trump
                last = rem - pts
                if fw:
                    v = -pts + (last if second else -last)
                else:
                    v = pts + (-last if second else last)
                if v < worst:
                    worst = v
            if worst > best:
                best = worst
        return best


class RubiconSolver(_FamilySolver):
    """Exact last nine tricks of Rubicon Bézique (last twelve of Chinese Bézique; see the
    module's docstring).

    The value of a deal is not a sum of what each trick scores: the game's settlement
    (the brisques counted or not, the rubicon, the hundreds) reads the final scores and
    brisques, so the table is keyed by both hands, the leader and the brisques each has
    won so far (and, under the French revoke penalty, who has revoked). Values are the
    deal in hundreds for the seat to move, ``returns()[mover] - returns()[other]``.
    """

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        opts = game.options
        self._france = (opts.endgame_revoke_penalty  # type: ignore[attr-defined]
                        == "france_no_further_points")
        self.nodes = 0

    def _solve_kinds(self, pos: _Position, state: State) -> dict[int, int]:
        search = _RubiconSearch(self.game, pos, self._france)
        me = pos.to_move
        h_me, h_ot = pos.hands[me], pos.hands[1 - me]
        searched, legal, rep = self._root_kinds(pos)
        if self._france and pos.lead >= 0:
            # a revoke is a legal, penalised play: every card may be played
            mine = _present(h_me)
            searched = _unmerged(mine, _present(h_ot) | 1 << (4 * pos.lead))
            legal = mine
        n = _count(h_me)
        L = pos.leader
        b = [pos.brisques[0], pos.brisques[1]]
        r = [int(pos.revoked[0]), int(pos.revoked[1])]
        lead = pos.lead
        vals = self._root_values(
            pos, searched, search.answers,
            lambda h, lk, answers: search.trick_value(h, h_ot, L, b[L], b[1 - L], r[L],
                                                      r[1 - L], lk, answers, n),
            lambda x: search.trick_value(h_ot, h_me, L, b[L], b[1 - L], r[L], r[1 - L],
                                         lead, x, n))
        self.nodes = search.nodes
        return self._by_kind(rep, legal, vals)


class _RubiconSearch:
    """Alpha-beta over tricks for Rubicon; values in hundreds for the trick's leader."""

    __slots__ = ("game", "trump", "france", "scores", "table", "leaves", "nodes")

    def __init__(self, game: Game[Any], pos: _Position, france: bool) -> None:
        self.game = game
        self.trump = pos.trump
        self.france = france
        self.scores = (pos.points[0], pos.points[1])
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.leaves: dict[tuple[int, int, int], int] = {}
        self.nodes = 0

    def answers(self, pf: int, lk: int) -> int:
        """The follower's choices against a lead of kind ``lk``: the cards that follow and
        win if able (RB 29), or, under the French penalty, any card."""
        return pf if self.france else _follows(pf, lk, self.trump)

    def leaf(self, b0: int, b1: int, last: int) -> int:
        """The deal in hundreds for seat 0 when the brisques end at ``b0``, ``b1`` and the
        50 for the last trick goes to seat ``last`` (-1: to nobody, he had revoked)."""
        key = (b0, b1, last)
        v = self.leaves.get(key)
        if v is None:
            s0, s1 = self.scores
            if last == 0:
                s0 += 50
            elif last == 1:
                s1 += 50
            st = self.game.settle((s0, s1), (b0, b1))  # type: ignore[attr-defined]
            v = 0 if st.winner is None else (st.hundreds if st.winner == 0 else -st.hundreds)
            self.leaves[key] = v
        return v

    def trick_value(self, hl: int, hf: int, L: int, bl: int, bf: int, rl: int, rf: int,
                    lk: int, fbits: int, n: int) -> int:
        """Exact value for the leader ``L`` of the trick led with kind ``lk`` (``hl``
        without it, ``hf`` the follower's whole hand, ``n`` cards each before the lead)
        when the follower answers with the best of ``fbits``; ``bl``, ``bf`` the
        brisques each has won, ``rl``, ``rf`` whether each has revoked."""
        best = _INF
        while fbits:
            d = fbits & -fbits
            fbits ^= d
            v = self._after(hl, hf, L, bl, bf, rl, rf, lk, d, n, -_INF, best)
            if v < best:
                best = v
        return best

    def _after(self, hl: int, hf: int, L: int, bl: int, bf: int, rl: int, rf: int,
               lk: int, d: int, n: int, alpha: int, beta: int) -> int:
        """The value for the leader once the follower plays kind bit ``d``."""
        trump = self.trump
        k = _KIND[d]
        if self.france and not rf and not d & _follows(_present(hf), lk, trump):
            rf = 1  # a revoke: no more brisques nor last trick for him (V-RB-04)
        if k >> 3 == lk >> 3:
            fw = k > lk
        else:
            fw = k >> 3 == trump
        nb = _VAL[lk] + _VAL[k]
        if fw:
            if not rf:
                bf += nb
        elif not rl:
            bl += nb
        if n == 1:
            if fw:
                last = -1 if rf else 1 - L
            else:
                last = -1 if rl else L
            b0, b1 = (bl, bf) if L == 0 else (bf, bl)
            v0 = self.leaf(b0, b1, last)
            return v0 if L == 0 else -v0
        if fw:
            return -self.node(hf - d, hl, 1 - L, bf, bl, rf, rl, n - 1, -beta, -alpha)
        return self.node(hl, hf - d, L, bl, bf, rl, rf, n - 1, alpha, beta)

    def node(self, hl: int, hf: int, L: int, bl: int, bf: int, rl: int, rf: int, n: int,
             alpha: int, beta: int) -> int:
        """The value for the leader ``L`` of the position (fail-soft: exact inside
        (alpha, beta), else a bound on the side it falls)."""
        if n == 1:  # one card each: the last trick, forced (no table)
            x = _present(hl)
            return self._after(0, hf, L, bl, bf, rl, rf, _KIND[x], _present(hf), 1, alpha,
                               beta)
        self.nodes += 1
        key = (hl, hf, L, bl, bf, rl, rf)
        entry = self.table.get(key)
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
        else:
            lo, hi, first = -_INF, _INF, 0
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
        a = a0
        pl = _present(hl)
        pf = _present(hf)
        leads = _unmerged(pl, pf)
        order = []
        if first and first & leads:
            order.append(first)
            leads ^= first
        while leads:
            x = 1 << ((leads.bit_length() - 1) & ~3)  # the higher suits and cards first
            leads ^= x
            order.append(x)
        after = self._after
        best = -_INF
        best_lead = 0
        for x in order:
            lk = _KIND[x]
            hl2 = hl - x
            opts = self.answers(pf, lk) & _unmerged(pf, _present(hl2) | x)
            worst = _INF
            fb = b0
            while opts:
                d = opts & -opts
                opts ^= d
                v = after(hl2, hf, L, bl, bf, rl, rf, lk, d, n, a, fb)
                if v < worst:
                    worst = v
                    if v < fb:
                        fb = v
                    if worst <= a:
                        break
            if worst > best:
                best = worst
                best_lead = x
                if best > a:
                    a = best
                    if a >= b0:
                        break
        if best <= a0:
            hi = best if best < hi else hi
        elif best >= b0:
            lo = best if best > lo else lo
        else:
            lo = hi = best
        self.table[key] = (lo, hi, best_lead)
        return best
