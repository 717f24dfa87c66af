"""A rule-based player for two-handed Bézique, after Foster's advice on good play.

Foster gives his "Suggestions for Good Play" under Binocle and says they hold for the
whole Bézique family. The player below turns them into heuristics, each commented with
the suggestion it follows:

* the lead is a handicap unless there is something to declare, a brisque to take, or a
  plain-suit Ten that can get home: with nothing to gain, lead small cards of no use
  (plain 7s, 8s, 9s) and let the adversary win;
* win tricks that hold brisques (Aces and Tens) and tricks after which there is a
  declaration to make (with a card other than the one it needs); every brisque let go is
  a swing of twenty points, so a low card not needed goes to a lost trick before a Ten;
* keep the cards of bézique and of the trump sequence; Jacks (but not the bézique Jack)
  are the cheapest court cards to give up, then Aces, then Kings, then Queens;
* play a duplicate from the table rather than from the hand;
* do not waste trumps, and keep a small one to regain the lead; do not lead the trump
  Ace before the end of the stock unless holding both;
* declare the most valuable combination, but a single bézique before the double and the
  royal marriage before the sequence while there is time to win another trick, so both
  score (Bézique, Declarations; ``BZ 57``, ``BZ 60``);
* seldom show the bézique cards in other combinations (four Jacks with the bézique Jack
  is declared only when nothing better is open);
* exchange the Seven of trumps for the turn-up when nothing worth more can be declared,
  and keep the second Seven to exchange Seven for Seven (``BZ 39``);
* in the last eight tricks (follow suit and win, ``BZ 71``) every card is known (the
  stock is gone, so every unseen card is in the other hand): they are played out exactly
  by the game's endgame solver (:func:`bezique.solvers.solver_for`) on the position
  ``state.resample`` gives, which is then the true one; without a solver, one trick is
  looked ahead until the last few tricks, which are searched.

The player sees a deal only through ``state.observation(seat)`` and
``state.legal_actions()`` (and the public rules in ``state.game``), so its choice is the
same in every deal that looks the same to its seat. ``advise`` gives that choice with the
reasons that decided it, in a player's words, built from the same evaluation (``choose``
skips building them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..core.cards import card_name
from ..core.events import Exchanged
from ..core.game import Action, State
from ..core.trick import follower_wins, must_follow_and_win
from ..games.bezique import (
    ACE,
    BRISQUE,
    CLASS_A,
    CLASS_B,
    CLASS_C,
    COMBINATIONS,
    JACK,
    KING,
    PACK,
    QUEEN,
    SEVEN,
    STRENGTH,
    TEN,
    BeziqueObservation,
    Declare,
    Draw,
    Exchange,
    Play,
    ScoreCarried,
)
from ..games.bezique.two_handed import Bezique
from .base import ReasoningBot

KINDS: tuple[int, ...] = tuple(sorted({int(c) for c in PACK.all_cards()}))
"""The 32 kinds of card; each is in the pack twice (``BZ 1``)."""

_BY_NAME = {card_name(c): c for c in KINDS}

# Foster: Jacks are better leads than Aces, Aces than Kings, Kings than Queens (the court
# cards marry; a hundred Aces may never come); the bézique Jack is kept long.
COURT_BASE = {JACK: 0.5, ACE: 1.0, KING: 1.5, QUEEN: 2.0}


@dataclasses.dataclass(frozen=True)
class RulesParams:
    """The player's tuning constants, in points (one brisque is 10)."""

    lead_burden: float = 3.0
    """What having to lead costs while the stock lasts (Suggestions: the lead is a
    handicap unless there is something to gain by it)."""
    opponent_threat: float = 2.0
    """What the adversary gains on average by winning a trick while the stock lasts: the
    right to declare."""
    urgency: tuple[float, float, float] = (0.2, 0.4, 0.6)
    """The share of a waiting declaration (under 40, under 100, 100 or more) that winning
    this trick is worth while there is time to win another; in the last three tricks of
    the stock all of it (Trumps: don't trump in for a minor declaration early)."""
    take_brisque: float = 0.6
    """How likely the adversary is to beat a led brisque when he can."""
    take_other: float = 0.0
    """How likely he is to beat a led card of no count when he can (tuning found that
    judging such leads by what they cost to give up, not by their chance of winning,
    plays best)."""
    table_discount: float = 0.7
    """Share of a declared card's combination value left once it lies on the table."""
    sequence_bonus: tuple[float, ...] = (0.0, 1.0, 4.0, 12.0, 30.0, 40.0)
    """Keep-value of each trump sequence card by how many of the five kinds are held."""
    double_bezique_bonus: tuple[float, ...] = (0.0, 0.0, 6.0, 25.0, 60.0)
    """Keep-value of a bézique card by how many of the four double-bézique cards are
    held."""
    fours_bonus: tuple[float, ...] = (0.0, 0.5, 2.0, 8.0, 14.0)
    """Keep-value of an Ace, King, Queen or Jack by how many of that rank are held (for a
    four worth 100; scaled by the four's value)."""
    combination_weight: float = 2.0
    """Scale of every card's combination value against its trick-taking value."""
    trump_ace_lead: float = 10.0
    """What leading the Ace of trumps costs while the stock lasts, beyond its keep-value,
    unless both are held or the end of the stock is near (Suggestions, Trumps: seldom
    right to lead the trump Ace, except at the end of the hand or with duplicates; it is
    the one sure winner of the last eight tricks)."""
    trump_ace_late: int = 3
    """Tricks of the stock left from which the trump Ace may be led freely."""
    throw_brisque: float = 5.0
    """What throwing an Ace or a Ten to a trick the adversary wins costs beyond the
    brisque he takes and the card's keep-value: a brisque let go is a swing of twenty
    points (Suggestions, Brisques), so a low card not needed goes first."""
    exact_endgame_cards: int = 5
    """Play the last tricks out exactly (a small minimax) once each hand has this many
    cards or fewer; before that, look one trick ahead."""


DEFAULT_PARAMS = RulesParams()

_FOURS_VALUE = {ACE: 100, KING: 80, QUEEN: 60, JACK: 40}
_FOURS_NAME = {ACE: "four-aces", KING: "four-kings", QUEEN: "four-queens", JACK: "four-jacks"}


# -- reading the public record -----------------------------------------------------------

def played_cards(obs: BeziqueObservation) -> list[int]:
    """Every card played to a finished trick (the observation's public record)."""
    return [int(c) for c in obs.played]


def _carried_meld(text: str) -> tuple[str, tuple[int, ...]]:
    """A carried combination as the observation writes it: ``"marriage KS QS"``."""
    parts = text.split()
    return parts[0], tuple(_BY_NAME[p] for p in parts[1:])


# -- the view of one seat ----------------------------------------------------------------

class _View:
    """What one seat knows, as counts per card id, worked out once per decision."""

    __slots__ = ("obs", "seat", "opp", "trump", "mine", "table", "have", "unseen",
                 "opp_sure", "n_hidden", "pool", "tricks_left", "cf", "bq", "bj",
                 "offsuit", "trumps_off", "bonus_last", "my_melds", "carried",
                 "carried_need", "turn_up", "seven", "trump_ace", "exchange_open", "small_trumps",
                 "_keep", "_memo", "params", "announced")

    def __init__(self, obs: BeziqueObservation, options: Any, bezique_cards: tuple[int, int],
                 params: RulesParams) -> None:
        self.obs = obs
        self.params = params
        seat = self.seat = obs.seat
        opp = self.opp = 1 - seat
        t = self.trump = int(obs.trump)
        self.bq, self.bj = bezique_cards
        self.offsuit = bool(options.offsuit_follow_wins)
        self.trumps_off = bool(options.trumps_only_in_last_eight)
        self.bonus_last = options.last_trick_bonus_at == 32
        # counts per card id: in hand, on the table, both; what the adversary surely
        # holds; and what is unseen (his hidden cards and the stock)
        mine = self.mine = [0] * 64
        table = self.table = [0] * 64
        sure = self.opp_sure = [0] * 64
        unseen = _FULL_PACK[:]
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
        for c in obs.played:  # the cards of the finished tricks
            unseen[c] -= 1
        # this seat's own announcements, scored or carried "to score"
        self.my_melds: list[tuple[str, tuple[int, ...]]] = [
            (name, tuple(int(c) for c in cards)) for name, cards in obs.announced[seat]]
        # (card, class) -> the values it was announced for, once per copy
        announced: dict[tuple[int, int], list[int]] = {}
        self.announced = announced
        for name, melded in self.my_melds:
            combo = COMBINATIONS[name]
            for m in melded:
                announced.setdefault((m, combo.klass), []).append(combo.value)
        tu = self.turn_up = int(obs.turn_up) if obs.turn_up is not None else -1
        if tu >= 0:
            unseen[tu] -= 1
        self.unseen = unseen
        # the adversary's hidden cards and the pool they are drawn from (his hidden hand
        # and the stock)
        self.n_hidden = obs.hand_sizes[opp] - len(obs.known_in_hand[opp])
        self.pool = sum(unseen)
        if tu >= 0:
            if obs.stock_size is not None:
                self.tricks_left = max(1, obs.stock_size // 2)
            else:  # French laws: the stock may not be counted, but the tricks may
                self.tricks_left = max(1, 24 - obs.tricks_played)
        else:
            self.tricks_left = 0
        # combinations are worth less as the stock runs out (no declaring after it, BZ 55)
        self.cf = min(1.0, self.tricks_left / 6.0)
        self.carried = [_carried_meld(m) for m in obs.carried[seat]]
        need = self.carried_need = [0] * 64
        for _, melded in self.carried:
            for m in melded:
                need[m] += 1
        self.seven = t * 16 + SEVEN
        self.trump_ace = t * 16 + ACE
        self.exchange_open = _exchange_open(obs, options, self.seven)
        self.small_trumps = sum(have[t * 16 + r] for r in (7, 8, 9))
        self._keep: dict[tuple[int, bool], float] = {}
        self._memo: dict[Any, Any] = {}

    # -- what a card is worth keeping ----------------------------------------------------

    def keep(self, c: int, on_table: bool) -> float:
        """How much worse off the seat is for giving up card ``c`` (from the table or the
        hand) now, in points, leaving aside the brisque the card itself carries into the
        trick."""
        key = (c, on_table)
        v = self._keep.get(key)
        if v is None:
            v = self._keep[key] = self._keep_value(c, on_table, None)
        return v

    def keep_parts(self, c: int, on_table: bool) -> list[tuple[float, str]]:
        """What :meth:`keep` adds up for ``c``, as ``(points, use)`` with ``use`` a key of
        ``USES``, largest first: the reasons a card is worth keeping."""
        parts: list[tuple[float, str]] = []
        self._keep_value(c, on_table, parts)
        parts.sort(key=lambda p: -p[0])
        return parts

    def _keep_value(self, c: int, on_table: bool,
                    parts: list[tuple[float, str]] | None) -> float:
        """:meth:`keep`, each term also put in ``parts`` (when given) with its use."""
        r, s, t = c & 15, c >> 4, self.trump
        v = 0.0
        # trick-taking power, which tells in the last eight tricks
        if s == t:
            v += 3.0 + STRENGTH[c]
            if parts is not None:
                parts.append((3.0 + STRENGTH[c], "trump"))
        elif r == ACE:
            v += 3.0
            if parts is not None:
                parts.append((3.0, "ace"))
        if r == ACE or r == TEN:  # a brisque in hand is likely to be won later
            v += 5.0
            if parts is not None:
                parts.append((5.0, "brisque"))
        if self.tricks_left:
            scale = self.params.combination_weight * self.cf
            sub: list[tuple[float, str]] | None = [] if parts is not None else None
            comb = self.combination_value(c, on_table, sub) * self.params.combination_weight
            if on_table:
                # Foster: play the duplicate on the table, not the one in the hand (it has
                # shown its use; the hand's copy can still be announced fresh, BZ 59)
                comb = comb * self.params.table_discount - 0.5
                scale *= self.params.table_discount
            v += comb * self.cf
            if parts is not None and sub is not None:
                parts.extend((x * scale, use) for x, use in sub)
            if s == t and r <= 9:
                # Trumps: keep at least one small trump to regain the lead
                x = 5.0 if self.small_trumps <= 1 else 1.0
                v += x
                if parts is not None:
                    parts.append((x, "small-trump"))
            if c == self.seven and self.exchange_open:
                # the Seven of trumps is worth its exchange: 10 and the turn-up (BZ 37);
                # the second Seven too, exchanged Seven for Seven (BZ 39): played away,
                # its 10 is lost
                x = 10.0 + 0.5 * self.turn_up_worth()
                v += x
                if parts is not None:
                    parts.append((x, "seven"))
            if on_table and self.carried_need[c] >= self.table[c]:
                # the card is needed for a combination carried "to score" (BZ 67)
                x = max(COMBINATIONS[n].value for n, cs in self.carried if c in cs)
                v += x
                if parts is not None:
                    parts.append((float(x), "carried"))
        return v

    def spent(self, k: int, klass: int, value: int) -> int:
        """How many of this seat's table copies of ``k`` are already announced in
        ``klass`` for ``value`` or more, so cannot serve in such a combination again (no
        taking away, no equal reuse: BZ 56, 58). Read from its own announcements."""
        if not self.table[k]:
            return 0
        values = self.announced.get((k, klass))
        if not values:
            return 0
        n = 0
        for v in values:
            if v >= value:
                n += 1
        return min(n, self.table[k])

    def usable(self, k: int, klass: int, value: int) -> int:
        """Copies of ``k`` held that could enter a new combination of that class and
        value: all those in hand, and the table copies not spent in it."""
        if not self.my_melds:
            return self.mine[k] + self.table[k]
        return self.mine[k] + self.table[k] - self.spent(k, klass, value)

    def combination_value(self, c: int, on_table: bool = False,
                          parts: list[tuple[float, str]] | None = None) -> float:
        """What ``c`` may yet bring in declarations, roughly: each combination it could
        still enter, weighted by how near the seat is to holding the rest. A card on the
        table counts only in combinations it is not spent in. ``parts``, when given,
        receives each term with the combination it is for."""
        r, s, t = c & 15, c >> 4, self.trump
        unseen = self.unseen
        v = 0.0
        if r == KING or r == QUEEN:
            partner = c ^ 1  # King 13 <-> Queen 12
            mv = 40 if s == t else 20
            if not on_table or self.table[c] > self.spent(c, CLASS_A, mv):
                x = 0.0
                if self.usable(partner, CLASS_A, mv):
                    x = 0.5 * mv
                elif unseen[partner]:
                    x = 0.1 * mv
                if x:
                    v += x
                    if parts is not None:
                        parts.append((x, "royal-marriage" if s == t else "marriage"))
        if s == t and r >= TEN:  # the trump sequence A 10 K Q J
            if not on_table or self.table[c] > self.spent(c, CLASS_A, 250):
                n = self._sequence_held()
                if n >= 0:
                    v += self.params.sequence_bonus[n]
                    if parts is not None and self.params.sequence_bonus[n]:
                        parts.append((self.params.sequence_bonus[n], "sequence"))
        bq, bj = self.bq, self.bj
        if c == bq or c == bj:
            # Suggestions: hold the bézique cards; they also bar the adversary's double
            other = bj if c == bq else bq
            if not on_table or self.table[c] > self.spent(c, CLASS_B, 40):
                x = 0.0
                if self.usable(other, CLASS_B, 40):
                    x = 15.0
                elif unseen[other]:
                    x = 6.0
                if x:
                    v += x
                    if parts is not None:
                        parts.append((x, "bezique"))
            if self.have[bq] + unseen[bq] >= 2 and self.have[bj] + unseen[bj] >= 2 \
                    and (not on_table or self.table[c] > self.spent(c, CLASS_B, 500)):
                n = min(self.usable(bq, CLASS_B, 500), 2) + min(self.usable(bj, CLASS_B, 500), 2)
                v += self.params.double_bezique_bonus[n]
                if parts is not None and self.params.double_bezique_bonus[n]:
                    parts.append((self.params.double_bezique_bonus[n], "double-bezique"))
        if r in _FOURS_VALUE:
            value = _FOURS_VALUE[r]
            if not on_table or self.table[c] > self.spent(c, CLASS_C, value):
                n, possible = self._rank_counts(r)
                if possible >= 4:
                    x = self.params.fours_bonus[min(n, 4)] * value / 100.0
                    v += x
                    if parts is not None and x:
                        parts.append((x, _FOURS_NAME[r]))
            if c != bj:
                v += COURT_BASE[r]
                if parts is not None:
                    parts.append((COURT_BASE[r], "court"))
        return v

    def _sequence_held(self) -> int:
        """How many of the five trump sequence kinds are held and free for it; -1 if it
        cannot be made any more."""
        n = self._memo.get("seq")
        if n is None:
            t = self.trump
            kinds = [t * 16 + x for x in (ACE, TEN, KING, QUEEN, JACK)]
            held = [self.usable(k, CLASS_A, 250) for k in kinds]
            if all(h or self.unseen[k] for h, k in zip(held, kinds, strict=True)):
                n = sum(1 for h in held if h)
            else:
                n = -1
            self._memo["seq"] = n
        return n

    def _rank_counts(self, r: int) -> tuple[int, int]:
        """Cards of rank ``r`` held and free for a four, and those plus the unseen."""
        key = ("rank", r)
        got = self._memo.get(key)
        if got is None:
            value = _FOURS_VALUE[r]
            n = sum(self.usable(x * 16 + r, CLASS_C, value) for x in range(4))
            got = (n, n + sum(self.unseen[x * 16 + r] for x in range(4)))
            self._memo[key] = got
        return got

    def turn_up_worth(self) -> float:
        """What the turn-up would add to the hand."""
        tu = self.turn_up
        if tu < 0 or tu == self.seven:
            return 0.0
        # less the Seven given for it, valued as a small trump (without its exchange)
        return self.keep(tu, False) - (3.0 + STRENGTH[self.seven])

    # -- what winning a trick is worth ---------------------------------------------------

    def pending_declaration(self) -> float:
        """The most valuable combination the seat could announce after winning a trick,
        judged from its hand and table (an estimate: which table cards are spent in a
        class is read from its own past announcements)."""
        return self.pending_named()[0]

    def pending_named(self) -> tuple[float, str]:
        """:meth:`pending_declaration` and the combination's name ("" if none)."""
        mine, table, melds = self.mine, self.table, self.my_melds
        best = 0.0
        name = ""
        # patterns come most valuable first: the first one that can be made is the best
        for value, klass, needs, pname in _patterns(self.trump, self.bq, self.bj):
            fresh = False
            for k, m in needs:
                h = mine[k]
                # table copies announced in this class for as much or more cannot serve
                # again (BZ 56, 58)
                avail = h + table[k] - (self.spent(k, klass, value) if melds else 0)
                if avail < m:
                    break
                if h:
                    fresh = True
            else:
                if fresh:  # each announcement needs a card from the hand (BZ 59)
                    best = value
                    name = pname
                    break
        for r, value in _FOURS_VALUE.items():
            if value <= best:
                continue
            h = sum(mine[x * 16 + r] for x in range(4))
            if not h:
                continue
            tb = sum(table[x * 16 + r] - self.spent(x * 16 + r, CLASS_C, value)
                     for x in range(4))
            if h + min(3, tb) >= 4:  # at least one fresh card (BZ 59)
                best = value
                name = _FOURS_NAME[r]
        if name == "four-jacks" and self.mine[self.bj]:
            # Suggestions: four Jacks is a poor meld (it tells the adversary the double
            # bézique is out of reach), not worth winning a trick for (a bézique, also
            # 40, is not four Jacks)
            best = 30.0
        return best, name

    def best_announcement(self, playing: tuple[int, bool] | None = None
                          ) -> tuple[float, str]:
        """What the seat could best do after winning a trick, in points (before
        :meth:`declaration_gain` weighs it by the time left), and in words ("declare
        bezique (40)"; "" if nothing). ``playing``: the card that is to win the trick
        and whether it comes from the table; it is gone once played, so neither declares
        nor exchanges (the Seven of trumps) after the trick."""
        if playing is not None:
            c, on_table = playing
            counts = self.table if on_table else self.mine
            if counts[c]:
                counts[c] -= 1
                try:
                    return self.best_announcement()
                finally:
                    counts[c] += 1
        gain, name = self.pending_named()
        what = f"declare {_combination(name)}" if name else ""
        if self.carried:
            carried = max(self.carried, key=lambda m: COMBINATIONS[m[0]].value)[0]
            score = COMBINATIONS[carried].value
            if score > gain:
                gain, what = score, f"score the carried {_combination(carried)}"
        if self.mine[self.seven] and self.exchange_open:
            exchange = 10.0 + 0.5 * self.turn_up_worth()
            if exchange > gain:
                gain = exchange
                what = f"exchange the seven for {card_name(self.turn_up)}"
        return gain, what

    def declaration_gain(self, playing: tuple[int, bool] | None = None) -> float:
        """What winning the current trick (with ``playing``) is worth for the
        declarations it allows."""
        gain = self.best_announcement(playing)[0]
        if gain <= 0:
            return 0.0
        # one announcement scores per trick won (BZ 53): the fewer tricks are left, the
        # more this one matters; Trumps: don't trump in for a minor declaration early
        if self.tricks_left <= 3:
            return gain
        minor, middle, major = self.params.urgency
        return gain * (major if gain >= 100 else middle if gain >= 40 else minor)

    def beats_in_stock(self, lead: int, c: int) -> bool:
        """Whether ``c`` played to ``lead`` wins while the stock lasts (Method of Playing;
        options V-BZ-02 and V-BZ-26)."""
        if lead >> 4 == c >> 4:
            return STRENGTH[c] > STRENGTH[lead]
        if c >> 4 == self.trump:
            return not self.trumps_off
        if self.offsuit and lead >> 4 != self.trump:
            return STRENGTH[c] > STRENGTH[lead]
        return False

    def chance_beaten(self, c: int) -> float:
        """The chance that the adversary holds a card beating a lead of ``c``."""
        h = 0
        sure, unseen = self.opp_sure, self.unseen
        for k in _beaters(self.trump, self.offsuit, self.trumps_off)[c]:
            if sure[k]:
                return 1.0
            h += unseen[k]
        if not h or not self.pool:
            return 0.0
        return 1.0 - (1.0 - h / self.pool) ** self.n_hidden


def _exchange_open(obs: BeziqueObservation, options: Any, seven: int) -> bool:
    """Whether a Seven of trumps may still be exchanged for the turn-up (BZ 37-39): the
    turn-up is not drawn yet and, if it is a Seven itself, no Seven has been taken up
    from it (each Seven scores its exchange once), under Foster's rule that the second
    Seven is exchanged Seven for Seven (option V-BZ-06). Read from the public record."""
    if obs.turn_up is None:
        return False
    if int(obs.turn_up) != seven:
        return True
    if options.second_seven_scoring != "exchange":
        return False
    return not any(isinstance(e, Exchanged) and e.took == seven for e in obs.events)


_SOLVERS: dict[int, tuple[Any, Any]] = {}


def _endgame_solver(game: Any) -> Any:
    """The exact endgame solver for ``game`` (:func:`bezique.solvers.solver_for`, made
    once per game and kept with it), or None when there is none."""
    entry = _SOLVERS.get(id(game))
    if entry is None or entry[0] is not game:
        try:
            from ..solvers import solver_for
        except ImportError:  # pragma: no cover - an installation without the solvers
            return None
        if len(_SOLVERS) > 16:
            _SOLVERS.clear()
        entry = _SOLVERS[id(game)] = (game, solver_for(game))
    return entry[1]


_FULL_PACK = [2 if i in set(KINDS) else 0 for i in range(64)]
_BEATERS: dict[tuple[int, bool, bool], list[tuple[int, ...]]] = {}


def _beaters(trump: int, offsuit: bool, trumps_off: bool) -> list[tuple[int, ...]]:
    """For each card id, the kinds that beat it as a lead while the stock lasts."""
    key = (trump, offsuit, trumps_off)
    table = _BEATERS.get(key)
    if table is None:
        table = [()] * 64
        for lead in KINDS:
            out = []
            for c in KINDS:
                if lead >> 4 == c >> 4:
                    wins = STRENGTH[c] > STRENGTH[lead]
                elif c >> 4 == trump:
                    wins = not trumps_off
                else:
                    wins = offsuit and lead >> 4 != trump and STRENGTH[c] > STRENGTH[lead]
                if wins:
                    out.append(c)
            table[lead] = tuple(out)
        _BEATERS[key] = table
    return table
_Pattern = tuple[int, int, list[tuple[int, int]], str]
_PATTERN_CACHE: dict[tuple[int, int, int], list[_Pattern]] = {}


def _patterns(trump: int, bq: int, bj: int) -> list[_Pattern]:
    """The fixed-card combinations for a trump suit (Declarations, the table of values)
    as ``(value, class, [(card, copies needed), ...], name)``, most valuable first."""
    key = (trump, bq, bj)
    pats = _PATTERN_CACHE.get(key)
    if pats is None:
        named: list[tuple[str, list[int]]] = []
        for s in range(4):
            name = "royal-marriage" if s == trump else "marriage"
            named.append((name, [s * 16 + KING, s * 16 + QUEEN]))
        named.append(("sequence", [trump * 16 + r for r in (ACE, TEN, KING, QUEEN, JACK)]))
        named.append(("bezique", [bq, bj]))
        named.append(("double-bezique", [bq, bq, bj, bj]))
        pats = []
        for name, kinds in named:
            combo = COMBINATIONS[name]
            needs = [(k, kinds.count(k)) for k in dict.fromkeys(kinds)]
            pats.append((combo.value, combo.klass, needs, name))
        pats.sort(key=lambda p: -p[0])
        _PATTERN_CACHE[key] = pats
    return pats


# -- the last tricks, played out exactly -------------------------------------------------

_ENDGAMES: dict[tuple[int, int], dict[tuple[tuple[int, ...], tuple[int, ...]], int]] = {}


def _endgame_lead(leader: tuple[int, ...], follower: tuple[int, ...], trump: int,
                  last_bonus: int) -> int:
    """The leader's best net points (his minus the follower's) from the rest of the
    deal, both hands known (sorted tuples), follow-and-win in force (``BZ 71``).
    Memoised: the same ending recurs from trick to trick and by transposition."""
    memo = _ENDGAMES.get((trump, last_bonus))
    if memo is None:
        memo = _ENDGAMES[(trump, last_bonus)] = {}
    key = (leader, follower)
    best = memo.get(key)
    if best is not None:
        return best
    best = -10_000
    prev = -1
    for i in range(len(leader) - 1, -1, -1):  # Aces first within a suit: cut sooner
        c = leader[i]
        if c == prev:  # identical cards play alike
            continue
        prev = c
        v = _endgame_follow(c, leader[:i] + leader[i + 1:], follower, trump, last_bonus,
                            best)
        if v > best:
            best = v
    if len(memo) > 200_000:
        memo.clear()
    memo[key] = best
    return best


def _endgame_follow(lead: int, leader: tuple[int, ...], follower: tuple[int, ...],
                    trump: int, last_bonus: int, alpha: int = -10_000) -> int:
    """The leader's net points once he has led ``lead``, the follower choosing best; or
    any figure no higher than ``alpha`` once it is clear the leader, who can already get
    ``alpha`` another way, will not lead it (alpha-beta pruning)."""
    worst = 10_000
    prev = -1
    lead_suit = lead >> 4
    for r in must_follow_and_win(follower, lead, trump, STRENGTH):
        if r == prev:
            continue
        prev = r
        i = follower.index(r)
        rest = follower[:i] + follower[i + 1:]
        pts = 10 * (BRISQUE[lead] + BRISQUE[r]) + (0 if rest else last_bonus)
        if (STRENGTH[r] > STRENGTH[lead]) if r >> 4 == lead_suit else r >> 4 == trump:
            v = -pts - (_endgame_lead(rest, leader, trump, last_bonus) if rest else 0)
        else:
            v = pts + (_endgame_lead(leader, rest, trump, last_bonus) if rest else 0)
        if v < worst:
            worst = v
            if worst <= alpha:
                break
    return worst


# -- the player ----------------------------------------------------------------------------

class BeziqueRulesBot(ReasoningBot):
    """A rule-based Bézique player: Foster's suggestions for good play as heuristics.

    >>> from bezique.games import make_game
    >>> game = make_game("bezique")
    >>> state = game.deal(0, seed=7)
    >>> bot = BeziqueRulesBot()
    >>> bot.choose(state) in state.legal_actions()
    True
    >>> bot.advise(state).action == bot.choose(state)
    True
    """

    games = (Bezique,)

    name = "rules"

    def __init__(self, seed: int | None = None, params: RulesParams | None = None) -> None:
        super().__init__(seed)
        self.params = params if params is not None else DEFAULT_PARAMS

    def _decide(self, state: State, why: list[str] | None) -> Action:
        """The one decision path of ``choose`` and ``advise`` (:class:`ReasoningBot`): the
        reasons name cards in notation (``QS``, ``TD``) and tell only what the seat to
        move may know (chances, not the adversary's hidden cards)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            if why is not None:
                why.append(_only_choice(legal[0]))
            return legal[0]
        seat = state.current_player()
        obs = state.observation(seat)
        # Binocle's state is a Bézique state with Binocle's rules: not this player's game
        if not isinstance(obs, BeziqueObservation) or state.game.name != "bezique":
            raise TypeError(f"{type(self).__name__} plays Bézique, not {state.game.title}")
        game: Any = state.game
        view = _View(obs, game.options, game.bezique_cards(int(obs.trump)), self.params)
        if obs.phase == "declare":
            return self._after_trick(view, legal, why)
        if view.turn_up < 0:
            return self._last_eight(view, legal, why, state)
        if obs.phase == "lead":
            return self._lead(view, legal, why)
        return self._follow(view, legal, why)

    # -- after winning a trick: declare, score a carried combination, exchange, draw ----

    def _after_trick(self, view: _View, legal: list[Action], why: list[str] | None) -> Action:
        """Declarations (Bézique, Declarations and Double Declarations)."""
        time = view.tricks_left >= 3  # time enough to win another trick and score again
        values: dict[Action, float] = {}
        firsts: dict[str, list[Declare]] = {}
        # for the reasons: the declaration put first to let a bigger one follow, and
        # what a declaration lost for what it shows
        before: dict[Action, str] = {}
        shows: dict[Action, str] = {}
        for a in legal:
            if type(a) is Draw:
                values[a] = 0.0
            elif type(a) is Exchange:
                values[a] = 10.0 + max(0.0, view.turn_up_worth())
            elif type(a) is ScoreCarried:
                # a carried score is lost if the stock runs out first (BZ 68)
                values[a] = COMBINATIONS[a.name].value + (5.0 if time else 20.0)
            elif type(a) is Declare:
                first, *extra = a.melds
                v = float(first.combination.value)
                # the rest are carried "to score" on later tricks (BZ 63): worth less
                v += sum(0.8 * m.combination.value for m in extra)
                for m in a.melds:
                    fresh = [c for c, on_table in m.cards if not on_table]
                    if m.name == "four-jacks" and view.bj in fresh:
                        # Suggestions: four Jacks shows the double is gone (holding the
                        # Jack back altogether while it is wanted for bézique was measured
                        # to cost about a point a deal: the 40 are often never made)
                        v -= 10.0
                        if why is not None:
                            shows[a] = (f"{_combination(m.name)} would show that the double"
                                        " bezique is out of reach")
                    elif m.combination.klass != 1 and (view.bq in fresh or view.bj in fresh):
                        v -= 3.0  # Suggestions: seldom show bézique cards elsewhere
                        if why is not None:
                            shows.setdefault(a, f"{_combination(m.name)} would show a"
                                                " bezique card")
                    v -= 0.1 * len(fresh)  # keep the hand hidden when it costs nothing
                values[a] = v
                firsts.setdefault(first.name, []).append(a)
        if time:
            # declare the single bézique before the double, and the royal marriage before
            # the sequence, when the bigger can then be made by adding fresh cards: both
            # score (BZ 57, BZ 60); declared first, the bigger bars the smaller
            for small, big in (("bezique", "double-bezique"), ("royal-marriage", "sequence")):
                if small in firsts and big in firsts:
                    all_fresh = any(all(not on_table for _, on_table in a.melds[0].cards)
                                    for a in firsts[big])
                    if all_fresh:
                        top = max(values[a] for a in firsts[big])
                        klass = COMBINATIONS[big].klass
                        for a in firsts[small]:
                            # not with a second one of the class carried: that would
                            # spend the fresh cards the bigger needs (BZ 59)
                            if all(m.combination.klass != klass for m in a.melds[1:]):
                                values[a] = max(values[a], top + 1.0)
                                before[a] = big
        best = max(legal, key=lambda a: values.get(a, -1.0))
        if why is not None:
            _why_after_trick(view, best, values, before, shows, time, why)
        return best

    def _stakes(self, view: _View, playing: tuple[int, bool] | None = None
                ) -> tuple[float, float]:
        """What winning the trick (with ``playing``) is worth (the lead, with what it
        lets us declare) and what losing it costs (the adversary's lead and
        declarations), while the stock lasts."""
        burden = self.params.lead_burden
        gain = view.declaration_gain(playing) - burden
        lose = -self.params.opponent_threat + burden + self._turn_up_edge(view)
        return gain, lose

    # -- leading while the stock lasts ---------------------------------------------------

    def _lead(self, view: _View, legal: list[Action], why: list[str] | None) -> Action:
        """Suggestions, the Lead: lead to win only with something to declare or a brisque
        to bring home; otherwise lead the card least worth keeping."""
        lose = self._stakes(view)[1]
        best: Action = legal[0]
        best_v = -1e9
        raw_best, raw_v = legal[0], -1e9  # the best before Foster's caution on the Ace
        for a in legal:
            if type(a) is not Play:
                continue
            c = a.card
            # what the lead lets us announce if it wins, without the card led
            g = self._stakes(view, (c, a.from_table))[0]
            b = 10.0 * BRISQUE[c]
            # the adversary takes a brisque when he can; a card of no value he often
            # lets go (the lead being a handicap for him too)
            will = self.params.take_brisque if b else self.params.take_other
            p = will * view.chance_beaten(c) if will else 0.0
            v = (1.0 - p) * (b + g) + p * (lose - b) - view.keep(c, a.from_table)
            if v > raw_v:
                raw_best, raw_v = a, v
            if c == view.trump_ace and view.have[c] < 2 \
                    and view.tricks_left > self.params.trump_ace_late:
                # Suggestions, Trumps: seldom lead the trump Ace before the end of the
                # hand unless holding both
                v -= self.params.trump_ace_lead
            if v > best_v:
                best, best_v = a, v
        if why is not None and type(best) is Play:
            _why_lead(view, best, legal, why)
            if raw_best is not best:
                why.insert(1, f"keeps {_n(view.trump_ace)}: the Ace of trumps is seldom led"
                              " before the end of the stock, unless you hold both")
        return best

    # -- following while the stock lasts -------------------------------------------------

    def _follow(self, view: _View, legal: list[Action], why: list[str] | None) -> Action:
        """Win a trick holding brisques or when there is a declaration to make, as
        cheaply as possible; otherwise throw the card least worth keeping."""
        lead = view.obs.trick[0]
        lose = self._stakes(view)[1]
        best: Action = legal[0]
        best_v = -1e9
        raw_best, raw_v = legal[0], -1e9  # the best before the brisque's swing is counted
        for a in legal:
            if type(a) is not Play:
                continue
            c = a.card
            b = 10.0 * (BRISQUE[lead] + BRISQUE[c])
            if view.beats_in_stock(lead, c):
                # what winning lets us announce, without the card that wins
                gain = self._stakes(view, (c, a.from_table))[0]
                v = b + gain - view.keep(c, a.from_table)
            else:
                v = lose - b - view.keep(c, a.from_table)
                if v > raw_v:
                    raw_best, raw_v = a, v
                if BRISQUE[c]:
                    v -= self.params.throw_brisque
            if v > raw_v:
                raw_best, raw_v = a, v
            if v > best_v:
                best, best_v = a, v
        if why is not None and type(best) is Play:
            _why_follow(view, best, int(lead), legal, self._turn_up_edge(view), why)
            if raw_best is not best and type(raw_best) is Play:
                why.insert(1, f"keeps {_n(int(raw_best.card))}: a brisque thrown to the"
                              " adversary's trick is a swing of twenty points")
        return best

    @staticmethod
    def _solved(view: _View, legal: list[Action], values: dict[Action, float], n: int,
                why: list[str] | None) -> Action:
        """The best of ``legal`` by the solver's exact ``values`` (the final margin of
        the deal); of equal ones the card least worth keeping for the tricks after."""
        t = view.trump
        best = max(legal, key=lambda a: (values[a], -_last_eight_worth(int(a.card), t)
                                         if type(a) is Play else 0.0))
        if why is not None and type(best) is Play:
            # the margin the rest of the deal adds to the points scored so far
            now = view.obs.points[view.seat] - view.obs.points[view.opp]
            nets = {int(a.card): values[a] - now for a in legal if type(a) is Play}
            c = int(best.card)
            if view.obs.phase == "lead":
                _why_exact(c, n, nets, "leads", why)
                return best
            # following: what happens to this trick, then what the rest comes to
            lead = int(view.obs.trick[0])
            if follower_wins(lead, c, t, STRENGTH):
                taking = f" to take the {_n(lead)} brisque" if BRISQUE[lead] else ""
                why.append(f"in the last eight tricks: wins with {_n(c)}{taking}")
            else:
                cheapest = min(nets, key=lambda k: (BRISQUE[k], _last_eight_worth(k, t)))
                why.append(f"in the last eight tricks: cannot win the trick, so plays {_n(c)}"
                           + (", the cheapest card" if c == cheapest else ""))
            v = round(nets[c])
            why.append(f"with every card known, the last {n} tricks played best net you"
                       f" {v:+d} points")
        return best

    @staticmethod
    def _turn_up_edge(view: _View) -> float:
        """On the last trick of the stock the loser takes the turn-up (BZ 29): losing is
        then worth the turn-up, less an average card."""
        if view.tricks_left != 1 or view.turn_up < 0:
            return 0.0
        return _last_eight_worth(view.turn_up, view.trump) - 4.0

    # -- the last eight tricks -----------------------------------------------------------

    def _last_eight(self, view: _View, legal: list[Action], why: list[str] | None,
                    state: State) -> Action:
        """Every card is known now: the adversary holds what is neither in this hand nor
        played. Play the last eight tricks out exactly with the game's endgame solver, on
        the position ``state.resample`` draws (the true one: every unseen card is in the
        other hand); without a solver, play the last few tricks out exactly and before
        that look one trick ahead: take brisques, keep the lead with sure winners, lose
        cheaply."""
        obs = view.obs
        t = view.trump
        opp = tuple(k for k in KINDS for _ in range(view.unseen[k] + view.opp_sure[k]))
        hand = tuple(sorted(int(c) for c in obs.hand))
        bonus = 10 if view.bonus_last else 0
        cards = {int(a.card): a for a in legal if type(a) is Play}
        if len(opp) != obs.hand_sizes[view.opp]:  # the record of play is incomplete
            cheapest = min(cards.items(), key=lambda kv: (BRISQUE[kv[0]], STRENGTH[kv[0]]))
            if why is not None:
                why.append(f"plays {_n(cheapest[0])}: the cheapest card (the record of play is"
                           " incomplete, so the last tricks are not worked out)")
            return cheapest[1]
        solver = _endgame_solver(state.game)
        if solver is not None and len(hand) > self.params.exact_endgame_cards:
            world = state.resample(view.seat, self.rng)
            if solver.applies(world):
                return self._solved(view, legal, solver.solve(world), len(hand), why)
        exact = len(hand) <= self.params.exact_endgame_cards
        if obs.phase == "lead":
            if exact:
                def value(c: int) -> float:
                    i = hand.index(c)
                    return _endgame_follow(c, hand[:i] + hand[i + 1:], opp, t, bonus)
            else:
                def value(c: int) -> float:
                    return _lead_one_trick(c, opp, t) - 0.01 * _last_eight_worth(c, t)
            best = max(cards, key=value)
            if why is not None:
                if exact:
                    _why_exact(best, len(hand), {c: value(c) for c in cards}, "leads", why)
                else:
                    _why_lead_last_eight(best, _lead_one_trick(best, opp, t), why)
            return cards[best]
        lead = int(obs.trick[0])
        if exact:
            def fvalue(c: int) -> float:
                i = hand.index(c)
                rest = hand[:i] + hand[i + 1:]
                pts = 10 * (BRISQUE[lead] + BRISQUE[c]) + (0 if rest else bonus)
                if follower_wins(lead, c, t, STRENGTH):
                    return pts + (_endgame_lead(rest, opp, t, bonus) if rest else 0)
                return -pts - (_endgame_lead(opp, rest, t, bonus) if rest else 0)
            best = max(cards, key=fvalue)
            if why is not None:
                verb = "wins with" if follower_wins(lead, best, t, STRENGTH) else "plays"
                _why_exact(best, len(hand), {c: fvalue(c) for c in cards}, verb, why)
            return cards[best]
        winners = [c for c in cards if follower_wins(lead, c, t, STRENGTH)]
        if winners:
            # win with a brisque that the adversary could take later, else as cheaply
            # as possible
            def at_risk(c: int) -> bool:
                return bool(BRISQUE[c]) and any(
                    follower_wins(c, k, t, STRENGTH) for k in opp)
            best = min(winners, key=lambda c: (not at_risk(c), STRENGTH[c]))
            if why is not None:
                _why_win_last_eight(best, lead, at_risk(best), len(winners), why)
            return cards[best]
        best = min(cards, key=lambda c: (BRISQUE[c], _last_eight_worth(c, t)))
        if why is not None:
            why.append(f"in the last eight tricks: cannot win the trick, so plays {_n(best)},"
                       " the cheapest card")
            if BRISQUE[lead]:
                why.append(f"the {_n(lead)} brisque is lost whatever you play")
        return cards[best]


# -- the reasons, in a player's words ------------------------------------------------------

USES: dict[str, tuple[str, str]] = {
    "trump": ("trumps", "a trump"),
    "ace": ("Aces", "an Ace"),
    "brisque": ("brisques", "a brisque"),
    "marriage": ("toward a marriage", "half a marriage"),
    "royal-marriage": ("toward a royal marriage", "half a royal marriage"),
    "sequence": ("toward the sequence", "a sequence card"),
    "bezique": ("toward bezique", "a bezique card"),
    "double-bezique": ("toward double bezique", "a double bezique card"),
    "four-aces": ("toward four aces", "one of four aces"),
    "four-kings": ("toward four kings", "one of four kings"),
    "four-queens": ("toward four queens", "one of four queens"),
    "four-jacks": ("toward four jacks", "one of four jacks"),
    "court": ("court cards", "a court card"),
    "small-trump": ("a small trump, to regain the lead", "a small trump to regain the lead"),
    "seven": ("the seven, to exchange for the turn-up", "the seven to exchange"),
    "carried": ("needed for what you carry to score", "needed for what you carry to score"),
}
"""What a card is kept for (the uses :meth:`_View.keep_parts` names): the words for a
group of cards, and for one card."""

_KEEP_WORTH_TELLING = 5.0  # keep-values (points) below this are not worth a mention


def _n(c: int) -> str:
    return card_name(c)


def _combination(name: str) -> str:
    """``bezique (40)``, ``royal marriage (40)``."""
    return f"{name.replace('-', ' ')} ({COMBINATIONS[name].value})"


def _gerund(what: str) -> str:
    """``declare bezique (40)`` -> ``declaring bezique (40)``."""
    verb, _, rest = what.partition(" ")
    return {"declare": "declaring", "score": "scoring", "exchange": "exchanging"}[verb] \
        + " " + rest


def _only_choice(a: Action) -> str:
    if type(a) is Play:
        return f"plays {a}: the only card you may play"
    if type(a) is Draw:
        return "draws: there is nothing to declare"
    return f"{a}: the only action open"


# a use that says the other: a small trump is a trump, an Ace a brisque
_IMPLIED = {"trump": "small-trump", "ace": "brisque"}


def _uses(view: _View, c: int, on_table: bool, n: int = 2) -> list[str]:
    """What ``c`` is kept for, the weightiest first (one card's words)."""
    parts = [use for x, use in view.keep_parts(c, on_table) if x >= 1.0]
    parts = [use for use in parts if _IMPLIED.get(use) not in parts]
    return [USES[use][1] for use in parts[:n]]


def _keeps(view: _View, legal: list[Action], played: int) -> str:
    """``keeps AS TS (brisques) and KH QH (toward a royal marriage)``: the cards most
    worth keeping, grouped by what for; "" if none is worth much."""
    seen: dict[int, float] = {}
    main: dict[int, str] = {}
    for a in legal:
        if type(a) is not Play or int(a.card) == played:
            continue
        c = int(a.card)
        k = view.keep(c, a.from_table)
        if k >= _KEEP_WORTH_TELLING and k > seen.get(c, -1.0):
            seen[c] = k
            main[c] = view.keep_parts(c, a.from_table)[0][1]
    top = sorted(seen, key=lambda c: -seen[c])[:4]
    groups: dict[str, list[int]] = {}
    for c in top:
        groups.setdefault(main[c], []).append(c)
    words = [" ".join(_n(c) for c in cs) + f" ({USES[use][0]})"
             for use, cs in list(groups.items())[:3]]
    if not words:
        return ""
    text = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return "keeps " + text


def _why_after_trick(view: _View, best: Action, values: dict[Action, float],
                     before: dict[Action, str], shows: dict[Action, str], time: bool,
                     why: list[str]) -> None:
    declares = [a for a in values if type(a) is Declare]
    if type(best) is Declare:
        first, *extra = best.melds
        top = max(a.melds[0].combination.value for a in declares)
        if best in before:
            why.append(f"declares {_combination(first.name)} first: with"
                       f" {view.tricks_left} tricks of the stock left, the"
                       f" {_combination(before[best])} can still follow and both score")
        elif first.combination.value >= top:
            why.append(f"declares {_combination(first.name)}: the highest declaration"
                       " available")
        else:
            why.append(f"declares {_combination(first.name)}: worth most to you of the"
                       " declarations open")
            better = [a for a in declares if a in shows
                      and a.melds[0].combination.value > first.combination.value]
            if better:
                why.append(shows[better[0]])
        if extra:
            why.append("carries " + " and ".join(_combination(m.name) for m in extra)
                       + " to score after later tricks")
    elif type(best) is Exchange:
        tu = view.turn_up
        uses = ", ".join(_uses(view, tu, False)) if view.turn_up_worth() > 0 else ""
        why.append(f"exchanges the seven for the turn-up {_n(tu)} (10 points"
                   + (f", {uses})" if uses else ")"))
        if not declares:
            why.append("there is nothing to declare")
        else:
            rival = max(declares, key=lambda a: values[a])
            why.append(f"worth more now than declaring {_combination(rival.melds[0].name)}")
    elif type(best) is ScoreCarried:
        why.append(f"scores the carried {_combination(best.name)}"
                   + (": the best announcement open" if time else
                      ": it is lost if the stock runs out first"))
    elif type(best) is Draw:
        why.append("draws: nothing worth declaring")


def _describe_throw(view: _View, c: int, on_table: bool) -> str:
    """Why ``c`` is the card to give up: ``a low card worth nothing to your
    combinations``."""
    if view.keep(c, on_table) < 0.5:
        return "a low card worth nothing to your combinations"
    uses = ", ".join(_uses(view, c, on_table))
    if not uses:
        return "a card worth little to keep"
    return f"the card cheapest to give up ({uses})"


def _chance(p: float) -> str:
    if p < 0.005:
        return "the adversary cannot beat it"
    if p > 0.995:
        return "the adversary can surely beat it"
    return f"about {p:.0%} chance the adversary can beat it"


def _why_lead(view: _View, best: Play, legal: list[Action], why: list[str]) -> None:
    c = int(best.card)
    where = " from your table" if best.from_table else ""
    if BRISQUE[c]:
        p = view.chance_beaten(c)
        if p < 0.5:
            why.append(f"leads {_n(c)}{where}: a brisque to bring home; {_chance(p)}")
        else:
            why.append(f"leads {_n(c)}{where}: every other card is worth more kept;"
                       f" {_chance(p)}")
    else:
        why.append(f"leads {_n(c)}{where}: {_describe_throw(view, c, best.from_table)}")
    keeps = _keeps(view, legal, c)
    if keeps:
        why.append(keeps)
    gain, what = view.best_announcement((c, best.from_table))
    if gain > 0 and what:
        why.append(f"if it wins the trick, you may {what}")


def _why_follow(view: _View, best: Play, lead: int, legal: list[Action], edge: float,
                why: list[str]) -> None:
    c = int(best.card)
    where = " from your table" if best.from_table else ""
    plays = [a for a in legal if type(a) is Play]
    winners = [a for a in plays if view.beats_in_stock(lead, int(a.card))]
    losers = [a for a in plays if a not in winners]
    gain, what = view.best_announcement((c, best.from_table))
    if not what:
        gain = 0.0
    if view.beats_in_stock(lead, c):
        purposes = []
        if BRISQUE[lead]:
            purposes.append(f"take the {_n(lead)} brisque")
        elif BRISQUE[c]:
            purposes.append("bring its brisque home")
        if gain > 0:
            purposes.append(what)
        if purposes:
            why.append(f"wins with {_n(c)}{where} to " + " and then ".join(purposes))
            k = view.keep(c, best.from_table)
            if len(winners) > 1 and k <= min(view.keep(int(a.card), a.from_table)
                                             for a in winners):
                why.append(f"{_n(c)} is the cheapest card that wins")
        elif losers:
            w = min(losers, key=lambda a: view.keep(int(a.card), a.from_table))
            uses = ", ".join(_uses(view, int(w.card), w.from_table, 1)) or "worth keeping"
            why.append(f"wins with {_n(c)}{where}: it costs less than a card that loses"
                       f" ({_n(int(w.card))}: {uses})")
        else:
            why.append(f"wins with {_n(c)}{where}: every card you hold wins this trick")
    else:
        throw = _describe_throw(view, c, best.from_table)
        if not winners:
            why.append(f"cannot win the trick: plays {_n(c)}{where}, {throw}")
            _why_follow_end(view, legal, c, lead, edge, why)
            return
        # what the cheapest winner would have brought
        w = min(winners, key=lambda a: view.keep(int(a.card), a.from_table))
        wc = int(w.card)
        gain, what = view.best_announcement((wc, w.from_table))
        if not what:
            gain = 0.0
        if not BRISQUE[lead] and gain <= 0:
            why.append(f"lets the trick go with {_n(c)}{where}: no brisque in it, nothing to"
                       " declare, and the lead is a handicap")
        else:
            stake = [f"the {_n(lead)} brisque"] if BRISQUE[lead] else []
            if gain > 0:
                stake.append(_gerund(what))
            uses = ", ".join(_uses(view, wc, w.from_table, 1)) or "worth keeping"
            why.append(f"lets the trick go with {_n(c)}{where}, {throw}")
            why.append(f"winning needs {_n(wc)} ({uses}), worth more kept than "
                       + " and ".join(stake))
    _why_follow_end(view, legal, c, lead, edge, why)


def _why_follow_end(view: _View, legal: list[Action], c: int, lead: int, edge: float,
                    why: list[str]) -> None:
    """The reasons every follow ends with: the turn-up that losing brings, what is kept."""
    if edge > 0 and not view.beats_in_stock(lead, c):
        why.append(f"losing the last trick of the stock brings you the turn-up"
                   f" {_n(view.turn_up)}")
    if len(why) < 3:
        keeps = _keeps(view, legal, c)
        if keeps:
            why.append(keeps)


def _why_exact(best: int, n: int, values: dict[int, float], verb: str,
               why: list[str]) -> None:
    v = round(values[best])
    why.append(f"{verb} {_n(best)}: with every card known, the last {n} tricks played best"
               f" net you {v:+d} points")
    others = [round(x) for c, x in values.items() if c != best]
    if others and max(others) < v:
        why.append(f"any other card leaves you {max(others):+d} at best")


def _why_lead_last_eight(best: int, one: float, why: list[str]) -> None:
    if one > 0:
        taken = round(one - 3.0)
        why.append(f"in the last eight tricks: leads {_n(best)}, which the adversary cannot"
                   " beat, to keep the lead" + (f" (+{taken} in brisques)" if taken else ""))
    else:
        why.append(f"in the last eight tricks: leads {_n(best)}; every lead loses the trick"
                   " now and this one gives away least")


def _why_win_last_eight(best: int, lead: int, at_risk: bool, n_winners: int,
                        why: list[str]) -> None:
    taking = f" to take the {_n(lead)} brisque" if BRISQUE[lead] else ""
    why.append(f"in the last eight tricks: wins with {_n(best)}{taking}")
    if at_risk:
        why.append(f"{_n(best)} is a brisque the adversary could catch later")
    elif n_winners > 1:
        why.append(f"{_n(best)} is the cheapest card that wins")


def _last_eight_worth(c: int, trump: int) -> float:
    """A card's strength for the last eight tricks: trumps first, then rank."""
    return STRENGTH[c] + (8.0 if c >> 4 == trump else 0.0) + 3.0 * BRISQUE[c]


def _lead_one_trick(c: int, opp: Sequence[int], trump: int) -> float:
    """Net points of leading ``c`` for one trick, the adversary answering as the rules
    force him (follow suit and win if he can) with his cheapest card."""
    answers = must_follow_and_win(opp, c, trump, STRENGTH)
    winners = [r for r in answers if follower_wins(c, r, trump, STRENGTH)]
    if winners:
        r = min(winners, key=lambda x: (x >> 4 == trump, STRENGTH[x]))
        return -10.0 * (BRISQUE[c] + BRISQUE[r]) - 3.0  # and the lead is lost
    r = min(answers, key=lambda x: (BRISQUE[x], x >> 4 == trump, STRENGTH[x]))
    return 10.0 * (BRISQUE[c] + BRISQUE[r]) + 3.0
