"""A rule-based player for two-handed Binocle, after Foster's advice on good play.

Foster's "Suggestions for Good Play" are written under Binocle for the whole Bézique
family, so this player follows them as the Bézique player
(:class:`~.bezique_rules.BeziqueRulesBot`) does; what is Binocle's own is stated here:

* **every trick counts**: Aces 11, Tens 10, Kings 4, Queens 3, Jacks 2 go to the winner
  of the trick holding them (``BN 15``), so a trick is judged by its count, not by its
  brisques; an Ace or a Ten thrown to the adversary's trick is a swing of twice its count
  (Suggestions, Brisques);
* **one meld a trick, nothing carried** (``BN 21``, GAP-BN-2) and only twelve tricks to
  meld in (``BN 13``; Time): after a trick the player takes the meld that, with the melds
  it leaves possible for the tricks he may still win, scores most. The later melds are
  worked out by adding cards to those shown and never taking them away (``BN 27-32``),
  so a binocle comes before the double binocle or grand binocle, a royal marriage before
  the sequence, four Kings before eight, and four Kings with four Queens are worth 220
  (``BN 28``), never 240. Winning a trick is worth the meld it adds to those the
  remaining tricks allow (Trumps: do not trump in for a minor meld unless time is short);
* **dix** (``BN 18-20``): the Nine of trumps is exchanged for the turn-up when that
  scores more, turn-up included, than the meld it displaces; with time short a meld
  comes first unless the turn-up is worth it (Scoring Dix);
* **the last twelve tricks** (``BN 35-36``): every card is known (the stock is gone and
  every unseen card is in the other hand), so they are played out exactly, by a small
  memoised minimax on the count and the last trick's 10 (``BN 38``), once the hands are
  small enough; before that one trick is looked ahead: take counting cards, keep the lead
  with sure winners, lose cheaply;
* **the knock** (``BN 39-40``): the observation gives no count of the cards in anyone's
  tricks (nor may a player keep one). The player keeps his own mental count, from what
  he has seen: every finished trick in the observation's public record, who won it and
  the cards in it (:func:`mental_count`). He knocks exactly when his standing before the
  deal, his scores in it (dix, melds, the last trick) and that count reach the target:
  the first right knock wins the game, so there is never a reason to wait, and a count
  kept from the record is never wrong, so neither is his knock.

Why its own code and not a subclass of the Bézique player: that player values cards as
brisques (Aces and Tens, 10 each) and reads Bézique's meld table, pack and options
through its module's constants; Binocle's count, table, pack and dix differ in every
one. The structure (a seat's view as counts per card, keep-values, the stakes of a
trick, the reasons) is the same, and so are the generic pieces it reuses: the trick
rules of :mod:`bezique.core.trick` and the card strengths of the family.

The player sees a deal only through ``state.observation(seat)``, ``state.legal_actions()``
and the public rules in ``state.game``, so its choice is the same in every deal that
looks the same to its seat; it draws no random numbers. ``advise`` gives that choice with
the reasons that decided it (``choose`` skips building them).

Where the texts are silent: the player knocks at the first moment the rules let him
after his count reaches the target (GAP-BN-3: on his turn or just after winning a trick).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..core.cards import card_name
from ..core.events import Exchanged, TrickWon
from ..core.game import Action, State
from ..core.trick import follower_wins, must_follow_and_win
from ..games.bezique.declarations import (
    ACE,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    STRENGTH,
    Declare,
    Draw,
    Play,
)
from ..games.bezique.two_handed import BeziqueObservation, Exchange
from ..games.binocle.melds import CARD_POINTS
from ..games.binocle.two_handed import Binocle, BinocleObservation, Knock
from .base import Advice, Bot

__all__ = ["DEFAULT_BINOCLE_PARAMS", "BinocleRulesBot", "BinocleRulesParams", "mental_count"]

P = CARD_POINTS  # what a card counts in the tricks won (BN 15)

# Foster: Jacks are better leads than Aces, Aces than Kings, Kings than Queens (the court
# cards marry; a hundred Aces may never come); the binocle Jack is kept long.
COURT_BASE = {JACK: 0.5, ACE: 1.0, KING: 1.5, QUEEN: 2.0}


@dataclasses.dataclass(frozen=True)
class BinocleRulesParams:
    """The player's tuning constants, in points of the game (an Ace is 11)."""

    lead_burden: float = 3.0
    """What having to lead costs while the stock lasts (Suggestions: the lead is a
    handicap unless there is something to gain by it)."""
    opponent_threat: float = 8.0
    """What the adversary gains on average by winning a trick while the stock lasts: the
    right to meld (twelve cards make many melds, and one trick scores one)."""
    future_share: float = 0.5
    """The share of the stock's tricks still to come the seat expects to win: each such
    trick scores one more of the melds it holds (Time)."""
    future_discount: float = 0.9
    """What a meld put off to a later trick is worth against the same meld now, per
    trick it waits: the trick may never be won (so the bigger meld goes first when the
    order does not matter)."""
    take_count: float = 0.7
    """How likely the adversary is to beat a led Ace or Ten when he can."""
    take_other: float = 0.0
    """How likely he is to beat a led card of little count when he can (such a lead is
    judged by what it costs to give up)."""
    table_discount: float = 0.7
    """Share of a melded card's meld value left once it lies on the table."""
    combination_weight: float = 1.5
    """Scale of every card's meld value against its trick-taking value."""
    count_in_hand: float = 0.4
    """Share of an Ace's or Ten's count a card in hand is worth kept: it is likely to be
    won later, in the last twelve tricks above all."""
    throw_count: float = 4.0
    """What throwing an Ace or a Ten to a trick the adversary wins, or leading one he
    takes, costs beyond the count he takes and the card's keep-value (Suggestions,
    Brisques: a swing of twice it)."""
    trump_ace_lead: float = 10.0
    """What leading the Ace of trumps costs while the stock lasts, unless both are held
    or the end of the stock is near (Suggestions, Trumps)."""
    trump_ace_late: int = 3
    """Tricks of the stock left from which the trump Ace may be led freely."""
    exact_endgame_cards: int = 10
    """Play the last tricks out exactly (a memoised minimax) once each hand has this many
    cards or fewer; before that, look one trick ahead."""


DEFAULT_BINOCLE_PARAMS = BinocleRulesParams()


# -- the mental count ----------------------------------------------------------------------

def mental_count(obs: BeziqueObservation, seat: int | None = None) -> int:
    """What the cards in ``seat``'s tricks count (A 11, 10 10, K 4, Q 3, J 2: ``BN 15``),
    kept from the observation's public events as a player keeps it in his head: each
    trick won and its cards. ``seat`` defaults to the observing seat.

    >>> from bezique.games import make_game
    >>> state = make_game("binocle").deal(0, seed=1)
    >>> mental_count(state.observation(0))
    0
    """
    seat = obs.seat if seat is None else seat
    return sum(P[c] for e in obs.events if isinstance(e, TrickWon) and e.seat == seat
               for c in e.cards)


# -- the view of one seat ------------------------------------------------------------------

# a meld as data: (value, class, ((card, copies), ...), name)
_Pattern = tuple[int, int, tuple[tuple[int, int], ...], str]


class _Holdings:
    """The cards a seat could meld with: counts per card id in hand and on the table,
    and what its table cards were announced for (class -> values, once per copy). Copied
    to try a meld out; melds are made as the rules allow (``BN 27-32``): every meld needs
    a card fresh from the hand, and a table card serves again in its class only in a
    higher meld (added to, never taken away from)."""

    __slots__ = ("mine", "table", "announced")

    def __init__(self, mine: list[int], table: list[int],
                 announced: dict[tuple[int, int], list[int]]) -> None:
        self.mine = mine
        self.table = table
        self.announced = announced

    def copy(self) -> _Holdings:
        return _Holdings(self.mine[:], self.table[:],
                         {k: v[:] for k, v in self.announced.items()})

    def spent(self, k: int, klass: int, value: int) -> int:
        """Table copies of ``k`` announced in ``klass`` for ``value`` or more: they
        cannot serve in such a meld again."""
        if not self.table[k]:
            return 0
        values = self.announced.get((k, klass))
        if not values:
            return 0
        return min(self.table[k], sum(1 for v in values if v >= value))

    def free_on_table(self, k: int, klass: int, value: int) -> int:
        return self.table[k] - self.spent(k, klass, value)

    def can_make(self, pat: _Pattern) -> bool:
        value, klass, needs, _ = pat
        fresh = False
        for k, m in needs:
            h = self.mine[k]
            if h + self.free_on_table(k, klass, value) < m:
                return False
            if h:
                fresh = True
        return fresh  # each meld needs a card from the hand (BN 27)

    def make(self, pat: _Pattern) -> None:
        """Meld ``pat``, using free table cards first and at least one fresh card."""
        value, klass, needs, _ = pat
        fresh_used = 0
        plan = []
        for k, m in needs:
            t = min(m, self.free_on_table(k, klass, value))
            plan.append([k, m, t])
            fresh_used += m - t
        if not fresh_used:
            for step in plan:
                if self.mine[step[0]]:
                    step[2] -= 1
                    break
        for k, m, t in plan:
            f = m - t
            self.mine[k] -= f
            self.table[k] += f
            self.announced.setdefault((k, klass), []).extend([value] * m)

    def meld_cards(self, cards: Sequence[tuple[int, bool]], klass: int, value: int) -> None:
        """Apply a meld as the engine offers it: its cards, each from the table or not."""
        for c, on_table in cards:
            if not on_table:
                self.mine[c] -= 1
                self.table[c] += 1
            self.announced.setdefault((c, klass), []).append(value)


class _View:
    """What one seat knows, as counts per card id, worked out once per decision."""

    __slots__ = ("obs", "params", "game", "seat", "opp", "trump", "mine", "table", "have",
                 "opp_sure", "unseen", "n_hidden", "pool", "tricks_left", "cf", "turn_up",
                 "dix", "dix_word", "exchange_open", "trump_ace", "small_trumps", "pats",
                 "holdings", "count", "_keep", "_memo")

    def __init__(self, obs: BinocleObservation, game: Any, params: BinocleRulesParams) -> None:
        self.obs = obs
        self.params = params
        self.game = game
        seat = self.seat = obs.seat
        opp = self.opp = 1 - seat
        t = self.trump = int(obs.trump)
        full = [0] * 64
        for c in game.pack.all_cards():
            full[int(c)] += 1
        mine = self.mine = [0] * 64
        table = self.table = [0] * 64
        sure = self.opp_sure = [0] * 64
        unseen = full
        for c in obs.hand:
            mine[c] += 1
            unseen[c] -= 1
        have = self.have = mine[:]
        for c in obs.tables[seat]:
            table[c] += 1
            have[c] += 1
            unseen[c] -= 1
        for cards in (obs.tables[opp], obs.known_in_hand[opp]):
            for c in cards:
                sure[c] += 1
                unseen[c] -= 1
        for c in obs.trick:
            unseen[c] -= 1
        for c in obs.played:
            unseen[c] -= 1
        tu = self.turn_up = int(obs.turn_up) if obs.turn_up is not None else -1
        if tu >= 0:
            unseen[tu] -= 1
        self.unseen = unseen
        self.n_hidden = obs.hand_sizes[opp] - len(obs.known_in_hand[opp])
        self.pool = sum(unseen)
        if tu >= 0:
            size = obs.stock_size
            if size is None:  # the stock may always be counted in Binocle (BN 13)
                drawn = obs.tricks_played - (obs.phase == "declare")  # not yet drawn
                size = len(game.pack.all_cards()) - 24 - 2 * drawn
            self.tricks_left = max(1, size // 2)
        else:
            self.tricks_left = 0
        # melds are worth less as the stock runs out (none after it, BN 26)
        self.cf = min(1.0, self.tricks_left / 4.0)
        rank = NINE if game.options.pack == 48 else SEVEN  # the dix (BN 18, 46)
        self.dix = t * 16 + rank
        self.dix_word = "nine" if rank == NINE else "seven"
        self.exchange_open = _exchange_open(obs, self.dix)
        self.trump_ace = t * 16 + ACE
        self.small_trumps = sum(have[t * 16 + r] for r in (7, 8, 9))
        self.pats = _patterns(game, t)
        announced: dict[tuple[int, int], list[int]] = {}
        table_def = game.table
        for name, cards in obs.announced[seat]:
            combo = table_def.combos[name]
            for c in cards:
                announced.setdefault((int(c), combo.klass), []).append(combo.value)
        self.holdings = _Holdings(mine[:], table[:], announced)
        self.count = mental_count(obs)
        self._keep: dict[tuple[int, bool], float] = {}
        self._memo: dict[Any, Any] = {}

    # -- melds to come ---------------------------------------------------------------------

    def dix_worth(self) -> float:
        """What dix would bring: 10 and the turn-up, less the Nine given for it."""
        tu = self.turn_up
        if tu < 0 or tu == self.dix:
            return 10.0
        return 10.0 + max(0.0, self.keep(tu, False) - self._power(self.dix))

    def best_meld(self, h: _Holdings) -> _Pattern | None:
        """The most valuable meld ``h`` could make now (patterns come most valuable
        first)."""
        for pat in self.pats:
            if h.can_make(pat):
                return pat
        return None

    def future(self, h: _Holdings, wins: float, dix: bool, now: bool = False
               ) -> tuple[float, list[str]]:
        """The melds (and dix, if ``dix``) that ``wins`` more tricks would score, one a
        trick, each weighed as far as the expected tricks reach and discounted for the
        tricks it waits (the first not at all if ``now``: the trick is being won); and
        their names in order.

        Each trick takes the meld that with the best meld it leaves for the next trick
        scores most (a look one meld ahead), so four Kings and four Queens are melded
        as the book's 220: the Kings, the marriages, then the Queens (``BN 28``)."""
        total = 0.0
        names: list[str] = []
        i = 0
        h = h.copy()
        dix_v = self.dix_worth() if dix else 0.0
        d = self.params.future_discount
        first = 0 if now else 1
        while wins - i > 0:
            w = min(1.0, wins - i) * d ** (i + first)
            nxt = min(1.0, max(0.0, wins - i - 1)) * d ** (i + 1 + first)
            ahead = nxt / w
            cands = [pat for pat in self.pats if h.can_make(pat)]
            best: _Pattern | None = None
            score = dix_v if dix else -1.0
            if dix and ahead and cands:
                score += ahead * cands[0][0]
            for pat in cands:
                v = float(pat[0])
                if ahead and (len(cands) > 1 or dix):
                    after = h.copy()
                    after.make(pat)
                    more = self.best_meld(after)
                    later = max(more[0] if more else 0.0, dix_v if dix else 0.0)
                    v += ahead * later
                if v > score:
                    best, score = pat, v
            if best is not None:
                total += w * best[0]
                names.append(best[3])
                h.make(best)
            elif dix:
                total += w * dix_v
                names.append("dix")
                dix = False
            else:
                break
            i += 1
        return total, names

    def expected_wins(self, after: int) -> float:
        """The tricks of the stock the seat expects to win among the ``after`` left."""
        return self.params.future_share * max(0, after)

    def dix_pending(self, h: _Holdings | None = None) -> bool:
        h = self.holdings if h is None else h
        return self.exchange_open and h.mine[self.dix] > 0

    def winning_worth(self, playing: tuple[int, bool] | None = None) -> tuple[float, str]:
        """What winning the trick now (with ``playing``, gone once played) adds in melds:
        one meld now on top of those the tricks after allow; and the meld it would be."""
        key = ("win", playing)
        got = self._memo.get(key)
        if got is not None:
            return got  # type: ignore[no-any-return]
        h = self.holdings
        if playing is not None:
            c, on_table = playing
            h = h.copy()
            if on_table and h.table[c]:
                h.table[c] -= 1
            elif h.mine[c]:
                h.mine[c] -= 1
        e = self.expected_wins(self.tricks_left - 1)
        dix = self.dix_pending(h)
        now, names = self.future(h, 1.0 + e, dix, now=True)
        later, _ = self.future(h, e, dix)
        got = (now - later, names[0] if names else "")
        self._memo[key] = got
        return got

    # -- what a card is worth keeping ------------------------------------------------------

    def _power(self, c: int) -> float:
        """A card's trick-taking power, which tells in the last twelve tricks."""
        if c >> 4 == self.trump:
            return 3.0 + STRENGTH[c]
        return 3.0 if c & 15 == ACE else 0.0

    def keep(self, c: int, on_table: bool) -> float:
        """How much worse off the seat is for giving up ``c`` now (from the table or the
        hand), in points, leaving aside the count the card carries into the trick."""
        key = (c, on_table)
        v = self._keep.get(key)
        if v is None:
            v = self._keep[key] = sum(x for x, _ in self.keep_parts(c, on_table))
        return v

    def keep_parts(self, c: int, on_table: bool) -> list[tuple[float, str]]:
        """What :meth:`keep` adds up for ``c``, as ``(points, use)``, largest first: the
        reasons a card is worth keeping (``use`` a meld's name or a key of ``USES``)."""
        r, s, t = c & 15, c >> 4, self.trump
        parts: list[tuple[float, str]] = []
        power = self._power(c)
        if power:
            parts.append((power, "trump" if s == t else "ace"))
        if P[c] >= 10:
            parts.append((self.params.count_in_hand * P[c], "count"))
        if self.tricks_left:
            scale = self.params.combination_weight * self.cf
            if on_table:
                # Suggestions: play the duplicate on the table, not the one in the hand
                scale *= self.params.table_discount
            for x, name in self.meld_parts(c, on_table):
                parts.append((x * scale, name))
            if r in COURT_BASE and c != self._binocle_jack():
                parts.append((COURT_BASE[r] * scale - (0.5 if on_table else 0.0), "court"))
            if c == self.dix and self.exchange_open:
                parts.append((self.dix_worth(), "dix"))
            elif s == t and r <= 9:
                # Trumps: keep at least one small trump to regain the lead
                parts.append((5.0 if self.small_trumps <= 1 else 1.0, "small-trump"))
        parts.sort(key=lambda p: -p[0])
        return parts

    def _binocle_jack(self) -> int:
        return 16 + JACK  # the Jack of diamonds (BN 23)

    def meld_parts(self, c: int, on_table: bool) -> list[tuple[float, str]]:
        """What ``c`` may yet bring in melds: each meld it could still enter, weighted by
        how near the seat is to holding the rest and whether the rest can still come.
        A copy beyond those a meld needs brings it nothing: of two Kings of clubs one
        serves four Kings, and only eight Kings want both."""
        key = ("meld", c, on_table)
        got = self._memo.get(key)
        if got is not None:
            return got  # type: ignore[no-any-return]
        h = self.holdings
        out: list[tuple[float, str]] = []
        for value, klass, needs, name in self.pats:
            need = next((m for k, m in needs if k == c), 0)
            if not need:
                continue
            if on_table and not h.free_on_table(c, klass, value):
                continue  # spent in this class for as much or more
            if h.mine[c] + h.free_on_table(c, klass, value) > need:
                continue  # a spare copy: the meld keeps the copies it needs without it
            held = 0
            size = 0
            possible = True
            for k, m in needs:
                n = min(m, h.mine[k] + h.free_on_table(k, klass, value))
                if n + self.unseen[k] < m:
                    possible = False
                    break
                held += n
                size += m
            if not possible:
                continue
            frac = held / size
            x = 0.8 * value / size * (frac ** (3 if size > 5 else 2))
            if x >= 0.05:
                out.append((x, name))
        self._memo[key] = out
        return out

    # -- the trick -------------------------------------------------------------------------

    def beats_in_stock(self, lead: int, c: int) -> bool:
        """Whether ``c`` played to ``lead`` wins while the stock lasts (BN 10)."""
        return follower_wins(lead, c, self.trump, STRENGTH)

    def chance_beaten(self, c: int) -> float:
        """The chance that the adversary holds a card beating a lead of ``c``."""
        h = 0
        for k in range(64):
            if self.unseen[k] or self.opp_sure[k]:
                if follower_wins(c, k, self.trump, STRENGTH):
                    if self.opp_sure[k]:
                        return 1.0
                    h += self.unseen[k]
        if not h or not self.pool:
            return 0.0
        return 1.0 - (1.0 - h / self.pool) ** self.n_hidden


def _exchange_open(obs: BeziqueObservation, dix: int) -> bool:
    """Whether a dix may still be exchanged for the turn-up (BN 18-19): the turn-up is not
    drawn yet and, if it is the dix itself, no dix has been taken up from it (each scores
    its exchange once). Read from the public record."""
    if obs.turn_up is None:
        return False
    if int(obs.turn_up) != dix:
        return True
    return not any(isinstance(e, Exchanged) and e.took == dix for e in obs.events)


_PATTERNS: dict[tuple[int, int], list[_Pattern]] = {}


def _patterns(game: Any, trump: int) -> list[_Pattern]:
    """The game's melds under a trump suit as ``(value, class, ((card, copies), ...),
    name)``, most valuable first (read from the game's table, so the grand binocle option
    is honoured)."""
    key = (id(game.table), trump)
    pats = _PATTERNS.get(key)
    if pats is None:
        pats = []
        for name, _cards, counts in game.patterns(trump):
            combo = game.table.combos[name]
            pats.append((combo.value, combo.klass, tuple(sorted(counts.items())), name))
        pats.sort(key=lambda p: (-p[0], p[3]))
        _PATTERNS[key] = pats
    return pats


# -- the last twelve tricks, played out exactly --------------------------------------------

_ENDGAMES: dict[int, dict[tuple[tuple[int, ...], tuple[int, ...]], int]] = {}
_LAST = 10  # the last trick scores 10 (BN 38)


def _endgame_lead(leader: tuple[int, ...], follower: tuple[int, ...], trump: int) -> int:
    """The leader's best net points (his less the follower's) from the rest of the deal,
    both hands known (sorted tuples), follow-and-win in force (``BN 36``). Memoised."""
    memo = _ENDGAMES.get(trump)
    if memo is None:
        memo = _ENDGAMES[trump] = {}
    key = (leader, follower)
    best = memo.get(key)
    if best is not None:
        return best
    best = -10_000
    prev = -1
    for i in range(len(leader) - 1, -1, -1):  # Aces first within a suit: cut sooner
        c = leader[i]
        if c == prev:
            continue
        prev = c
        v = _endgame_follow(c, leader[:i] + leader[i + 1:], follower, trump, best)
        if v > best:
            best = v
    if len(memo) > 300_000:
        memo.clear()
    memo[key] = best
    return best


def _endgame_follow(lead: int, leader: tuple[int, ...], follower: tuple[int, ...],
                    trump: int, alpha: int = -10_000) -> int:
    """The leader's net points once he has led ``lead``, the follower choosing best; or
    at most ``alpha`` once the follower has shown the leader has better."""
    worst = 10_000
    prev = -1
    for r in sorted(set(must_follow_and_win(follower, lead, trump, STRENGTH))):
        if r == prev:
            continue
        prev = r
        i = follower.index(r)
        rest = follower[:i] + follower[i + 1:]
        pts = P[lead] + P[r] + (0 if rest else _LAST)
        if follower_wins(lead, r, trump, STRENGTH):
            v = -pts - (_endgame_lead(rest, leader, trump) if rest else 0)
        else:
            v = pts + (_endgame_lead(leader, rest, trump) if rest else 0)
        if v < worst:
            worst = v
            if worst <= alpha:
                break
    return worst


def _end_worth(c: int, trump: int) -> float:
    """A card's strength for the last twelve tricks: trumps first, then rank and count."""
    return STRENGTH[c] + (8.0 if c >> 4 == trump else 0.0) + 0.3 * P[c]


def _lead_one_trick(c: int, opp: Sequence[int], trump: int) -> float:
    """Net points of leading ``c`` for one trick, the adversary answering as the rules
    force him (follow suit and win if he can) with his cheapest card."""
    answers = must_follow_and_win(opp, c, trump, STRENGTH)
    winners = [r for r in answers if follower_wins(c, r, trump, STRENGTH)]
    if winners:
        r = min(winners, key=lambda x: (x >> 4 == trump, P[x], STRENGTH[x]))
        return -float(P[c] + P[r]) - 3.0  # and the lead is lost
    r = min(answers, key=lambda x: (P[x], x >> 4 == trump, STRENGTH[x]))
    return float(P[c] + P[r]) + 3.0


# -- the player ----------------------------------------------------------------------------

class BinocleRulesBot(Bot):
    """A rule-based Binocle player: Foster's suggestions for good play as heuristics, a
    mental count of its tricks and a knock exactly when it is out.

    >>> from bezique.games import make_game
    >>> game = make_game("binocle")
    >>> state = game.deal(0, seed=7)
    >>> bot = BinocleRulesBot()
    >>> bot.choose(state) in state.legal_actions()
    True
    >>> bot.advise(state).action == bot.choose(state)
    True
    """

    games = (Binocle,)

    name = "rules"

    def __init__(self, seed: int | None = None,
                 params: BinocleRulesParams | None = None) -> None:
        super().__init__(seed)
        self.params = params if params is not None else DEFAULT_BINOCLE_PARAMS

    def choose(self, state: State) -> Action:
        return self._decide(state, None)

    def advise(self, state: State) -> Advice:
        """What :meth:`choose` plays, and why: up to three reasons in a player's words,
        cards in notation (``QS``, ``TD``), from the same evaluation. Only what the seat
        to move may know is told."""
        why: list[str] = []
        action = self._decide(state, why)
        return Advice(action, tuple(why[:3]))

    def _decide(self, state: State, why: list[str] | None) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            if why is not None:
                why.append(_only_choice(legal[0]))
            return legal[0]
        seat = state.current_player()
        obs = state.observation(seat)
        if not isinstance(obs, BinocleObservation):
            raise TypeError(f"{type(self).__name__} plays Binocle, not {state.game.title}")
        view = _View(obs, state.game, self.params)
        knock = next((a for a in legal if type(a) is Knock), None)
        if knock is not None:
            out = obs.standing[seat] + obs.points[seat] + view.count
            if out >= obs.target:
                if why is not None:
                    why.append(f"knocks: {obs.standing[seat]} before the deal,"
                               f" {obs.points[seat]} scored in it and {view.count} counted"
                               f" in your tricks make {out}, the game is {obs.target}")
                    why.append("the first right knock wins the game")
                return knock
            legal = [a for a in legal if a is not knock]
            if len(legal) == 1:
                if why is not None:
                    why.append(_only_choice(legal[0]))
                return legal[0]
        if obs.phase == "declare":
            return self._after_trick(view, legal, why)
        if view.turn_up < 0:
            return self._last_twelve(view, legal, why)
        if obs.phase == "lead":
            return self._lead(view, legal, why)
        return self._follow(view, legal, why)

    # -- after winning a trick: meld, dix or draw ------------------------------------------

    def _after_trick(self, view: _View, legal: list[Action], why: list[str] | None) -> Action:
        """One meld or dix after a trick won (BN 20-21): the one that, with what the
        tricks after may still score, is worth most."""
        e = view.expected_wins(view.tricks_left - 1)  # the tricks after this one
        h = view.holdings
        values: dict[Action, float] = {}
        # what a meld shows (Suggestions, Declaring): weighed between melds only, never
        # against drawing, as a meld put off may never be scored
        shows: dict[Action, float] = {}
        follows: dict[Action, list[str]] = {}
        for a in legal:
            if type(a) is Draw:
                v, names = view.future(h, e, view.dix_pending())
            elif type(a) is Exchange:
                after = h.copy()
                after.mine[view.dix] -= 1
                if view.turn_up >= 0:
                    after.mine[view.turn_up] += 1
                v, names = view.future(after, e, view.dix_pending(after))
                v += view.dix_worth()
            elif type(a) is Declare:
                meld = a.melds[0]
                combo = meld.combination
                after = h.copy()
                cards = [(int(c), on_table) for c, on_table in meld.cards]
                after.meld_cards(cards, combo.klass, combo.value)
                v, names = view.future(after, e, view.dix_pending(after))
                v += combo.value
                fresh = [c for c, on_table in cards if not on_table]
                bq, bj = 3 * 16 + QUEEN, view._binocle_jack()
                shown = 0.1 * len(fresh)  # keep the hand hidden when it costs nothing
                if combo.klass != 1 and (bq in fresh or bj in fresh):
                    shown += 3.0  # Suggestions: seldom show the binocle cards elsewhere
                if combo.name == "four-jacks" and bj in fresh:
                    shown += 5.0  # four Jacks shows the adversary the double is gone
                shows[a] = shown
            else:
                continue
            values[a] = v
            follows[a] = names
        others = [a for a in values if a not in shows]
        best = max(others, key=lambda a: values[a])  # drawing is always open
        if shows:
            pick = max(shows, key=lambda a: values[a] - shows[a])
            if values[pick] >= values[best]:
                best = pick
        if why is not None:
            _why_after_trick(view, best, values, follows, why)
        return best

    def _stakes(self, view: _View, playing: tuple[int, bool] | None = None
                ) -> tuple[float, float]:
        """What winning the trick (with ``playing``) is worth in melds, less the lead's
        burden, and what losing it is worth (the adversary's meld, the lead off our hands,
        the turn-up to the loser of the last drawing trick)."""
        burden = self.params.lead_burden
        gain = view.winning_worth(playing)[0] - burden
        lose = -self.params.opponent_threat + burden + self._turn_up_edge(view)
        return gain, lose

    @staticmethod
    def _turn_up_edge(view: _View) -> float:
        """On the last trick of the stock the loser takes the turn-up (GAP-BN-1)."""
        if view.tricks_left != 1 or view.turn_up < 0:
            return 0.0
        return _end_worth(view.turn_up, view.trump) - 6.0

    # -- leading while the stock lasts -----------------------------------------------------

    def _lead(self, view: _View, legal: list[Action], why: list[str] | None) -> Action:
        """Suggestions, the Lead: lead to win only with a meld to make or count to bring
        home; otherwise lead the card least worth keeping."""
        lose = self._stakes(view)[1]
        best: Action = legal[0]
        best_v = -1e9
        for a in legal:
            if type(a) is not Play:
                continue
            c = int(a.card)
            g = self._stakes(view, (c, a.from_table))[0]
            b = float(P[c])
            will = self.params.take_count if b >= 10 else self.params.take_other
            p = will * view.chance_beaten(c) if will else 0.0
            # Suggestions, Brisques: a counting card led into a trick the adversary takes
            # is a swing of twice its count, as when it is thrown to his trick
            taken = b + (self.params.throw_count if b >= 10 else 0.0)
            v = (1.0 - p) * (b + g) + p * (lose - taken) - view.keep(c, a.from_table)
            if c == view.trump_ace and view.have[c] < 2 \
                    and view.tricks_left > self.params.trump_ace_late:
                v -= self.params.trump_ace_lead
            if v > best_v:
                best, best_v = a, v
        if why is not None and type(best) is Play:
            _why_lead(view, best, legal, why)
        return best

    # -- following while the stock lasts ---------------------------------------------------

    def _follow(self, view: _View, legal: list[Action], why: list[str] | None) -> Action:
        """Win a trick with count in it or a meld to follow, as cheaply as possible;
        otherwise throw the card least worth keeping."""
        lead = int(view.obs.trick[0])
        lose = self._stakes(view)[1]
        best: Action = legal[0]
        best_v = -1e9
        for a in legal:
            if type(a) is not Play:
                continue
            c = int(a.card)
            b = float(P[lead] + P[c])
            if view.beats_in_stock(lead, c):
                gain = self._stakes(view, (c, a.from_table))[0]
                v = b + gain - view.keep(c, a.from_table)
            else:
                v = lose - b - view.keep(c, a.from_table)
                if P[c] >= 10:
                    v -= self.params.throw_count
            if v > best_v:
                best, best_v = a, v
        if why is not None and type(best) is Play:
            _why_follow(view, best, lead, legal, why)
        return best

    # -- the last twelve tricks ------------------------------------------------------------

    def _last_twelve(self, view: _View, legal: list[Action], why: list[str] | None) -> Action:
        """Every card is known: the adversary holds what is neither in this hand nor
        played. The last tricks are played out exactly once the hands are small; before
        that one trick is looked ahead."""
        obs = view.obs
        t = view.trump
        opp = tuple(sorted(k for k in range(64)
                           for _ in range(view.unseen[k] + view.opp_sure[k])))
        hand = tuple(sorted(int(c) for c in obs.hand))
        cards = {int(a.card): a for a in legal if type(a) is Play}
        if len(opp) != obs.hand_sizes[view.opp]:  # pragma: no cover - record incomplete
            c = min(cards, key=lambda k: (P[k], STRENGTH[k]))
            if why is not None:
                why.append(f"plays {card_name(c)}: the cheapest card")
            return cards[c]
        exact = len(hand) <= self.params.exact_endgame_cards
        if obs.phase == "lead":
            if exact:
                def value(c: int) -> float:
                    i = hand.index(c)
                    return _endgame_follow(c, hand[:i] + hand[i + 1:], opp, t)
            else:
                def value(c: int) -> float:
                    return _lead_one_trick(c, opp, t) - 0.01 * _end_worth(c, t)
            best = max(cards, key=value)
            if why is not None:
                if exact:
                    _why_exact(best, len(hand), value(best), "leads", why)
                else:
                    _why_lead_last(best, _lead_one_trick(best, opp, t), why)
            return cards[best]
        lead = int(obs.trick[0])
        if exact:
            def fvalue(c: int) -> float:
                i = hand.index(c)
                rest = hand[:i] + hand[i + 1:]
                pts = P[lead] + P[c] + (0 if rest else _LAST)
                if follower_wins(lead, c, t, STRENGTH):
                    return pts + (_endgame_lead(rest, opp, t) if rest else 0)
                return -pts - (_endgame_lead(opp, rest, t) if rest else 0)
            best = max(cards, key=fvalue)
            if why is not None:
                verb = "wins with" if follower_wins(lead, best, t, STRENGTH) else "plays"
                _why_exact(best, len(hand), fvalue(best), verb, why)
            return cards[best]
        winners = [c for c in cards if follower_wins(lead, c, t, STRENGTH)]
        if winners:
            # win with a counting card the adversary could catch later, else cheaply
            def at_risk(c: int) -> bool:
                return P[c] >= 10 and any(follower_wins(c, k, t, STRENGTH) for k in opp)
            best = min(winners, key=lambda c: (not at_risk(c), STRENGTH[c]))
            if why is not None:
                taking = f" to take {P[lead] + P[best]} in cards" if P[lead] + P[best] else ""
                why.append(f"in the last twelve tricks: wins with {card_name(best)}{taking}")
                if at_risk(best):
                    why.append(f"{card_name(best)} counts and the adversary could catch it"
                               " later")
            return cards[best]
        best = min(cards, key=lambda c: (P[c], _end_worth(c, t)))
        if why is not None:
            why.append(f"in the last twelve tricks: cannot win the trick, so plays"
                       f" {card_name(best)}, the cheapest card")
        return cards[best]


# -- the reasons, in a player's words ------------------------------------------------------

USES: dict[str, str] = {
    "trump": "a trump",
    "ace": "an Ace",
    "count": "it counts in the last tricks",
    "court": "a court card",
    "small-trump": "a small trump to regain the lead",
    "dix": "the dix",
}
"""What a card is kept for, beyond a meld it may enter (named by the meld)."""


def _use_words(use: str) -> str:
    return USES.get(use) or "toward " + use.replace("-", " ")


def _meld_words(name: str, view: _View) -> str:
    """``binocle (40)``, ``four kings (80)``."""
    return f"{name.replace('-', ' ')} ({view.game.table.combos[name].value})"


def _only_choice(a: Action) -> str:
    if type(a) is Play:
        return f"plays {a}: the only card you may play"
    if type(a) is Draw:
        return "draws: there is nothing to meld"
    return f"{a}: the only action open"


def _uses(view: _View, c: int, on_table: bool, n: int = 2) -> list[str]:
    parts = [use for x, use in view.keep_parts(c, on_table) if x >= 1.0]
    return [_use_words(u) for u in parts[:n]]


def _describe_throw(view: _View, c: int, on_table: bool) -> str:
    if view.keep(c, on_table) < 1.0:
        return "a low card worth nothing to your melds"
    uses = ", ".join(_uses(view, c, on_table))
    return f"the card cheapest to give up ({uses})" if uses else "a card worth little kept"


def _chance(p: float) -> str:
    if p < 0.005:
        return "the adversary cannot beat it"
    if p > 0.995:
        return "the adversary can surely beat it"
    return f"about {p:.0%} chance the adversary can beat it"


def _why_after_trick(view: _View, best: Action, values: dict[Action, float],
                     follows: dict[Action, list[str]], why: list[str]) -> None:
    declares = [a for a in values if type(a) is Declare]
    later = [n for n in follows[best] if n != "dix"][:2]
    if type(best) is Declare:
        name = best.melds[0].name
        top = max(a.melds[0].combination.value for a in declares)
        if best.melds[0].combination.value >= top:
            why.append(f"melds {_meld_words(name, view)}: the highest meld open")
        else:
            why.append(f"melds {_meld_words(name, view)}: with the melds it leaves for later"
                       " tricks it scores most")
        if later:
            n = view.tricks_left - 1
            why.append(f"{n} trick{'' if n == 1 else 's'} of the stock left: "
                       + " and ".join(_meld_words(n, view) for n in later) + " may follow")
    elif type(best) is Exchange:
        tu = view.turn_up
        why.append(f"exchanges the {view.dix_word} for the turn-up {card_name(tu)}"
                   " (dix, 10)")
        if not declares:
            why.append("there is nothing to meld")
        else:
            rival = max(declares, key=lambda a: values[a])
            why.append("worth more now than melding"
                       f" {_meld_words(rival.melds[0].name, view)}")
    elif type(best) is Draw:
        if declares or any(type(a) is Exchange for a in values):
            why.append("draws: a meld now would spoil better ones for later tricks")
        else:
            why.append("draws: there is nothing to meld")


def _keeps(view: _View, legal: list[Action], played: int) -> str:
    """``keeps QS JD (toward binocle)``: the cards most worth keeping, or ""."""
    seen: dict[int, float] = {}
    main: dict[int, str] = {}
    for a in legal:
        if type(a) is not Play or int(a.card) == played:
            continue
        c = int(a.card)
        k = view.keep(c, a.from_table)
        if k >= 6.0 and k > seen.get(c, -1.0):
            seen[c] = k
            main[c] = view.keep_parts(c, a.from_table)[0][1]
    top = sorted(seen, key=lambda c: -seen[c])[:4]
    groups: dict[str, list[int]] = {}
    for c in top:
        groups.setdefault(main[c], []).append(c)
    words = [" ".join(card_name(c) for c in cs) + f" ({_use_words(use)})"
             for use, cs in list(groups.items())[:2]]
    if not words:
        return ""
    return "keeps " + " and ".join(words)


def _why_lead(view: _View, best: Play, legal: list[Action], why: list[str]) -> None:
    c = int(best.card)
    where = " from your table" if best.from_table else ""
    if P[c] >= 10:
        p = view.chance_beaten(c)
        if p < 0.5:
            why.append(f"leads {card_name(c)}{where}: {P[c]} in cards to bring home;"
                       f" {_chance(p)}")
        else:
            why.append(f"leads {card_name(c)}{where}: every other card is worth more kept;"
                       f" {_chance(p)}")
    else:
        why.append(f"leads {card_name(c)}{where}:"
                   f" {_describe_throw(view, c, best.from_table)}")
    keeps = _keeps(view, legal, c)
    if keeps:
        why.append(keeps)
    gain, what = view.winning_worth((c, best.from_table))
    if gain > 0 and what:
        why.append(f"if it wins the trick, you may meld {_meld_words(what, view)}"
                   if what != "dix" else "if it wins the trick, you may score dix")


def _why_follow(view: _View, best: Play, lead: int, legal: list[Action],
                why: list[str]) -> None:
    c = int(best.card)
    where = " from your table" if best.from_table else ""
    gain, what = view.winning_worth((c, best.from_table))
    meld = ("score dix" if what == "dix" else f"meld {_meld_words(what, view)}") \
        if what and gain > 0 else ""
    if view.beats_in_stock(lead, c):
        purposes = []
        if P[lead] + P[c]:
            purposes.append(f"take {P[lead] + P[c]} in cards")
        if meld:
            purposes.append(meld)
        if purposes:
            why.append(f"wins with {card_name(c)}{where} to " + " and then ".join(purposes))
        else:
            why.append(f"wins with {card_name(c)}{where}: it costs less than a card that"
                       " loses")
    else:
        throw = _describe_throw(view, c, best.from_table)
        if not any(type(a) is Play and view.beats_in_stock(lead, int(a.card)) for a in legal):
            why.append(f"cannot win the trick: plays {card_name(c)}{where}, {throw}")
        else:
            why.append(f"lets the trick go with {card_name(c)}{where}, {throw}")
            why.append("winning it is worth less than the card it would take, and the lead"
                       " is a handicap")
    keeps = _keeps(view, legal, c)
    if keeps:
        why.append(keeps)


def _why_exact(best: int, n: int, value: float, verb: str, why: list[str]) -> None:
    why.append(f"in the last twelve tricks: {verb} {card_name(best)}")
    why.append(f"with every card known, the last {n} tricks played best net you"
               f" {round(value):+d} points")


def _why_lead_last(best: int, one: float, why: list[str]) -> None:
    if one > 0:
        why.append(f"in the last twelve tricks: leads {card_name(best)}, which the adversary"
                   " cannot beat, to keep the lead")
    else:
        why.append(f"in the last twelve tricks: leads {card_name(best)}; every lead loses"
                   " the trick now and this one gives away least")
