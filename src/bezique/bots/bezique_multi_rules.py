"""A rule-based player for three- and four-handed Bézique.

The player takes the two-handed player's ideas (:mod:`.bezique_rules`, after Foster's
Suggestions for Good Play) to a table of three or four:

* declare the most valuable combination, but the smaller of a chain first (bézique before
  the double, the double before the triple, the royal marriage before the sequence) while
  there is time to win more tricks, so that each scores ("adding", BZ 57);
* score a combination carried "to score" before it is lost, and exchange the Seven of
  trumps when nothing worth more can be declared;
* four-handed: with little to declare, ask the partner first (EW 129); asked, or given
  the turn by a partner who draws, declare whatever there is;
* lead the card least worth keeping: small plain cards, never a brisque thrown away;
  keep the cards of bézique, of the trump sequence, of marriages and of fours;
* follow to win a trick holding brisques or when there is something to declare, with the
  cheapest card that wins, surely when playing last; never overtake a partner who is
  winning, and give him a brisque when playing last to his trick;
* in the last eight tricks take brisques and the last trick: lead sure winners, head
  cheaply when playing last, and throw the cheapest card when the trick is lost.

The player sees a deal only through ``state.observation(seat)`` and
``state.legal_actions()``.

:func:`~bezique.bots.arena.duplicate_table` (the arena for tables of any size, in
:mod:`.arena`) plays each deal once per rotation of the seats (three-handed: the player
at each seat in turn against two others; four-handed: his side at seats 0 and 2, then at
1 and 3), so every hand is held by each kind of player. Run this module to print the
figures against the random player::

    python -m bezique.bots.bezique_multi_rules [deals] [seed]
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from ..core.game import Action, Game, State
from ..games.bezique.declarations import (
    ACE,
    BRISQUE,
    JACK,
    KING,
    QUEEN,
    SEVEN,
    STRENGTH,
    TEN,
    Declare,
    Draw,
    Play,
    ScoreCarried,
)
from ..games.bezique.multi import (
    AskPartner,
    MultiBezique,
    MultiBeziqueObservation,
    NothingToDeclare,
)
from ..games.bezique.two_handed import Exchange
from .arena import BotFactory, TableStats, duplicate_table, rotations
from .base import Bot, card_counts, mover_observation
from .random_bot import RandomBot

# the N-seat arena moved to .arena; its names stay importable from here
__all__ = ["BotFactory", "MultiBeziqueRulesBot", "TableStats", "duplicate_table", "rotations"]

_FOURS_VALUE = {ACE: 100, KING: 80, QUEEN: 60, JACK: 40}
# Foster: Jacks are better leads than Aces, Aces than Kings, Kings than Queens
_COURT = {JACK: 0.5, ACE: 1.0, KING: 1.5, QUEEN: 2.0}
_FOURS_BONUS = (0.0, 0.5, 2.0, 8.0, 14.0)
# the chains in which a smaller combination may be declared first and a bigger one added
_CHAINS = (("bezique", "double-bezique", "triple-bezique", "quadruple-bezique"),
           ("royal-marriage", "sequence"))


class _View:
    """What one seat knows, as counts per card id, worked out once per decision."""

    def __init__(self, obs: MultiBeziqueObservation, game: Any) -> None:
        self.obs = obs
        self.game = game
        self.n = len(obs.hand_sizes)
        self.seat = obs.seat
        self.trump = t = int(obs.trump)
        self.sides = obs.sides
        mine = self.mine = card_counts(obs.hand)
        table = self.table = card_counts(obs.tables[self.seat])
        self.have = [mine[c] + table[c] for c in range(64)]
        self.turn_up = int(obs.turn_up) if obs.turn_up is not None else -1
        if self.turn_up >= 0:
            if obs.stock_size is not None:
                self.tricks_left = max(1, obs.stock_size // self.n)
            else:
                self.tricks_left = max(1, game.stock_tricks - obs.tricks_played)
        else:
            self.tricks_left = 0
        # combinations are worth less as the stock runs out (no declaring after it)
        self.cf = min(1.0, self.tricks_left / 8.0)
        self.seven = t * 16 + SEVEN
        self.small_trumps = sum(self.have[t * 16 + r] for r in (7, 8, 9))
        self.bq, self.bj = game.bezique_cards(t)  # the Queen of spades, or EW's clubs
        self.values = {c.name: c.value for c in game.table}
        # every card not seen: the pack less this hand, every table, the known cards,
        # the tricks played and the trick in progress
        others = [cards for p, cards in enumerate(obs.known_in_hand) if p != self.seat]
        self.unseen = card_counts(game.pack.all_cards(), obs.hand, *obs.tables, *others,
                                  obs.played, obs.trick,
                                  (self.turn_up,) if self.turn_up >= 0 else ())
        self._keep: dict[tuple[int, bool], float] = {}

    # -- what a card is worth keeping ----------------------------------------------------

    def keep(self, c: int, on_table: bool) -> float:
        """How much worse off the seat is for giving up ``c`` now, in points, leaving
        aside the brisque it carries into the trick."""
        key = (c, on_table)
        v = self._keep.get(key)
        if v is None:
            v = self._keep[key] = self._keep_value(c, on_table)
        return v

    def _keep_value(self, c: int, on_table: bool) -> float:
        r, s, t = c & 15, c >> 4, self.trump
        v = 0.0
        if s == t:  # trick-taking power, which tells in the last eight tricks
            v += 3.0 + STRENGTH[c]
        elif r == ACE:
            v += 3.0
        if r in (ACE, TEN):  # a brisque in hand is likely to be won later
            v += 5.0
        if not self.tricks_left:
            return v
        comb = self._combination_value(c)
        if on_table:
            # Foster: play the duplicate on the table, not the one in the hand (the
            # hand's copy can still be announced fresh)
            comb = comb * 0.7 - 0.5
        v += 2.0 * comb * self.cf
        if s == t and r <= 9:
            v += 5.0 if self.small_trumps <= 1 else 1.0  # a small trump regains the lead
        if c == self.seven and self.turn_up >= 0 and self.turn_up != c:
            v += 10.0  # worth its exchange (BZ 37)
        return v

    def _combination_value(self, c: int) -> float:
        """What ``c`` may yet bring in declarations, roughly."""
        r, s, t = c & 15, c >> 4, self.trump
        have, unseen = self.have, self.unseen
        v = 0.0
        if r in (KING, QUEEN):
            mate = c ^ 1  # King 13 <-> Queen 12
            mv = 40 if s == t else 20
            v += 0.5 * mv if have[mate] else (0.1 * mv if unseen[mate] else 0.0)
        if s == t and r >= TEN:  # the trump sequence A 10 K Q J
            kinds = [t * 16 + x for x in (ACE, TEN, KING, QUEEN, JACK)]
            if all(have[k] or unseen[k] for k in kinds):
                v += (0.0, 1.0, 4.0, 12.0, 30.0, 40.0)[sum(1 for k in kinds if have[k])]
        if c in (self.bq, self.bj):
            other = self.bj if c == self.bq else self.bq
            v += 15.0 if have[other] else (6.0 if unseen[other] else 0.0)
            pairs = min(have[self.bq], have[self.bj])
            if pairs >= 1 and have[c] >= pairs:
                v += 5.0 * pairs  # toward the double (and the triple)
        if r in _FOURS_VALUE:
            n = sum(have[x * 16 + r] for x in range(4))
            v += _FOURS_BONUS[min(n, 4)] * _FOURS_VALUE[r] / 100.0
            if c != self.bj:
                v += _COURT[r]
        return v

    # -- what winning a trick is worth ---------------------------------------------------

    def pending(self) -> float:
        """Roughly the best combination the seat could declare after winning a trick."""
        have, mine, t = self.have, self.mine, self.trump
        best = 0.0
        for s in range(4):  # marriages
            k, q = s * 16 + KING, s * 16 + QUEEN
            if have[k] and have[q] and (mine[k] or mine[q]):
                best = max(best, 40.0 if s == t else 20.0)
        if all(have[t * 16 + x] for x in (ACE, TEN, KING, QUEEN, JACK)) and any(
                mine[t * 16 + x] for x in (ACE, TEN, KING, QUEEN, JACK)):
            best = max(best, 250.0)
        pairs = min(have[self.bq], have[self.bj])
        if pairs and (mine[self.bq] or mine[self.bj]):
            best = max(best, (0.0, 40.0, 500.0, 1500.0, 4500.0)[min(pairs, 4)])
        for r, value in _FOURS_VALUE.items():
            if sum(have[x * 16 + r] for x in range(4)) >= 4 and any(
                    mine[x * 16 + r] for x in range(4)):
                best = max(best, float(value))
        return best

    def declaration_gain(self) -> float:
        """What winning the trick now is worth for the declaration it allows."""
        gain = self.pending()
        if self.mine[self.seven] and self.turn_up >= 0:
            gain = max(gain, 10.0)
        if self.tricks_left <= 3:
            return gain
        return gain * (0.6 if gain >= 100 else 0.4 if gain >= 40 else 0.2)

    def is_partner(self, seat: int) -> bool:
        return seat != self.seat and self.sides[seat] == self.sides[self.seat]


def _beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far."""
    if card >> 4 == best >> 4:
        return STRENGTH[card] > STRENGTH[best]
    return card >> 4 == trump


class MultiBeziqueRulesBot(Bot):
    """A rule-based player for three- and four-handed Bézique.

    >>> from bezique.games.bezique.multi import ThreeHandedBezique
    >>> state = ThreeHandedBezique().deal(0, seed=7)
    >>> MultiBeziqueRulesBot().choose(state) in state.legal_actions()
    True
    """

    games = (MultiBezique,)

    name = "rules"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = mover_observation(state, MultiBeziqueObservation,
                                f"{type(self).__name__} plays three- and four-handed"
                                f" Bézique, not {state.game.title}")
        view = _View(obs, state.game)
        if obs.phase in ("declare", "asked", "partner"):
            return self._after_trick(view, legal)
        if view.turn_up < 0:
            return self._last_tricks(view, legal)
        if obs.phase == "lead":
            return self._lead(view, legal)
        return self._follow(view, legal)

    # -- after a trick: declare, score, exchange, ask, draw ------------------------------

    def _after_trick(self, view: _View, legal: list[Action]) -> Action:
        time = view.tricks_left >= view.n + 2  # time to win another trick and add
        values: dict[Action, float] = {}
        firsts: dict[str, list[Action]] = {}
        best_own = 0.0
        for a in legal:
            if type(a) is Draw or type(a) is NothingToDeclare:
                values[a] = 0.0
            elif type(a) is Exchange:
                up = view.turn_up
                values[a] = 10.0 + max(0.0, 0.5 * (view.keep(up, False) - 4.0))
            elif type(a) is ScoreCarried:
                values[a] = view.values[a.name] + (5.0 if time else 20.0)
            elif type(a) is Declare:
                first, *extra = a.melds
                v = float(view.values[first.name])
                v += sum(0.8 * view.values[m.name] for m in extra)
                v -= 0.1 * sum(1 for m in a.melds for _, t in m.cards if not t)
                values[a] = v
                firsts.setdefault(first.name, []).append(a)
            if type(a) in (Exchange, ScoreCarried, Declare):
                best_own = max(best_own, values[a])
        if time:
            # the smaller of a chain first, when the bigger can follow with fresh cards
            for chain in _CHAINS:
                present = [name for name in chain if name in firsts]
                if len(present) >= 2:
                    top = max(values[a] for name in present for a in firsts[name])
                    for a in firsts[present[0]]:
                        values[a] = max(values[a], top + 1.0)
        for a in legal:
            if type(a) is AskPartner:
                # EW 129: with little to declare, let the partner declare first
                values[a] = 30.0 if best_own < 40.0 else -1.0
        return max(legal, key=lambda a: values.get(a, -1.0))

    # -- while the stock lasts -----------------------------------------------------------

    def _lead(self, view: _View, legal: list[Action]) -> Action:
        """Lead the card least worth keeping; a brisque led is often lost."""
        def value(a: Action) -> float:
            assert type(a) is Play
            c = int(a.card)
            return -view.keep(c, a.from_table) - 6.0 * BRISQUE[c]
        return max((a for a in legal if type(a) is Play), key=value)

    def _follow(self, view: _View, legal: list[Action]) -> Action:
        obs = view.obs
        t = view.trump
        trick = [int(c) for c in obs.trick]
        winning = obs.winning
        best = trick[[(obs.trick_leader + i) % view.n for i in range(len(trick))]
                     .index(winning)]
        later = [(obs.trick_leader + i) % view.n for i in range(len(trick) + 1, view.n)]
        rivals_later = sum(1 for p in later if not view.is_partner(p))
        partner_winning = view.is_partner(winning)
        at_stake = 10.0 * sum(BRISQUE[c] for c in trick)
        gain = view.declaration_gain() - 3.0  # the lead is a handicap (Suggestions)

        def value(a: Action) -> float:
            assert type(a) is Play
            c = int(a.card)
            keep = view.keep(c, a.from_table)
            b = 10.0 * BRISQUE[c]
            if partner_winning:
                if not rivals_later:  # give the partner's trick a brisque
                    return b - keep
                return -keep - 0.5 * b
            if _beats(c, best, t):
                hold = (0.8 if c >> 4 == t else 0.6) ** rivals_later
                return hold * (at_stake + b + gain) - (1 - hold) * (at_stake + b) - keep
            return -at_stake - b - keep

        return max((a for a in legal if type(a) is Play), key=value)

    # -- the last eight tricks -----------------------------------------------------------

    def _last_tricks(self, view: _View, legal: list[Action]) -> Action:
        obs = view.obs
        t = view.trump
        cards = [int(a.card) for a in legal if type(a) is Play]
        by_card = {int(a.card): a for a in legal if type(a) is Play}
        unseen = view.unseen

        def top(c: int) -> bool:
            """No card out beats ``c`` in its suit."""
            return not any(unseen[k] for k in range((c >> 4) * 16, (c >> 4) * 16 + 16)
                           if STRENGTH[k] > STRENGTH[c])

        if not obs.trick:
            trumps_out = any(unseen[t * 16 + r] for r in range(16))
            sure = [c for c in cards if top(c) and (c >> 4 == t or not trumps_out)]
            if sure:
                return by_card[max(sure, key=lambda c: (BRISQUE[c], STRENGTH[c]))]
            good = [c for c in cards if top(c) and c >> 4 == t]
            if good:
                return by_card[max(good, key=lambda c: STRENGTH[c])]
            return by_card[min(cards, key=lambda c: (BRISQUE[c], c >> 4 == t,
                                                     STRENGTH[c]))]
        trick = [int(c) for c in obs.trick]
        seats = [(obs.trick_leader + i) % view.n for i in range(len(trick))]
        best = trick[seats.index(obs.winning)]
        last = len(trick) == view.n - 1
        winners = [c for c in cards if _beats(c, best, t)]
        if winners:
            if last:  # sure: win with a brisque if one wins, else the cheapest
                return by_card[max(winners, key=lambda c: (BRISQUE[c], -STRENGTH[c]))]
            sure = [c for c in winners if top(c)]
            if sure:
                return by_card[min(sure, key=lambda c: (c >> 4 == t, STRENGTH[c]))]
            return by_card[max(winners, key=lambda c: STRENGTH[c])]
        if view.is_partner(obs.winning) and (last or top(best)):
            return by_card[max(cards, key=lambda c: (BRISQUE[c], -STRENGTH[c]))]
        return by_card[min(cards, key=lambda c: (BRISQUE[c], c >> 4 == t, STRENGTH[c]))]


def _main(argv: Sequence[str]) -> None:
    from ..games.bezique.multi import FourHandedBezique, ThreeHandedBezique

    n = int(argv[0]) if argv else 1000
    seed = int(argv[1]) if len(argv) > 1 else 1

    def rules(game: Game[Any], s: int | None) -> Bot:
        return MultiBeziqueRulesBot(s)

    def rand(game: Game[Any], s: int | None) -> Bot:
        return RandomBot(s)

    for game in (ThreeHandedBezique(), FourHandedBezique()):
        print(duplicate_table(game, rules, rand, n, seed).summary("rules", "random"))


if __name__ == "__main__":  # pragma: no cover - a script
    _main(sys.argv[1:])
