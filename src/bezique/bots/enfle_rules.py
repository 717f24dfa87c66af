"""The rule-based player of Enflé (Rolling Stone).

The texts give little advice: Foster says the game wants memory above all, of the cards
each player has taken up and of those in the tricks turned down; the standard account
(Morehead's Hoyle) that one should lead from one's longest suit, so as to keep some cards
of every suit as long as possible (a player void in a suit led must take the trick up).
The player keeps both, seeing only its own observation:

* with one card left, play it (the first out wins); with two, lead a card nobody can
  beat in a suit nobody is known to lack: if all follow, the last card leads next;
* leading, lead from the suit in which he is longest, counted against the cards of it
  still out in the other hands (the fewer the others hold, the likelier one of them
  cannot follow and must take the trick up, while the leader keeps his short suits), its
  lowest card; prefer a suit someone surely cannot follow (remembering who cannot: the
  taken-up cards are known, a seat that took up a suit holds no other card of it, and a
  suit with no unseen card left is held by nobody else), but never send round again a
  card that has already gone round the table;
* in a long deal (taken-up tricks six times the players), the cards going round and round,
  lead what all can follow: only a trick turned down takes cards out of play;
* never lead a suit that a player with one card left may hold, before someone surely
  void would take the trick up: following, he would go out;
* following: the next player surely void will take the trick up, so give him the lowest
  card; last to play, win with the lowest card that wins (the lead is worth having), else
  play the lowest; earlier, play a card nobody still to play can beat if there is one,
  else the lowest.
"""

from __future__ import annotations

from ..core.cards import card_name
from ..core.events import Event
from ..core.game import Action, State
from ..games.enfle import PACKS, STRENGTH, TAKE_UP, Enfle, EnfleObservation, TookUp
from .base import ReasoningBot, mover_observation

__all__ = ["EnfleRulesBot"]

#: Taken-up tricks, per player, after which a deal counts as long (see ``lead``).
LONG_DEAL = 6


class EnfleRulesBot(ReasoningBot):
    """Rule-based Enflé: see the module docstring.

    >>> from bezique.games import make_game
    >>> state = make_game("enfle").deal(0, seed=7)
    >>> EnfleRulesBot(1).choose(state) in state.legal_actions()
    True
    """

    games = (Enfle,)

    name = "rules"

    def _decide(self, state: State, why: list[str] | None) -> Action:
        obs = mover_observation(state, EnfleObservation, "EnfleRulesBot plays Enflé only")
        legal = state.legal_actions()
        if legal == [TAKE_UP]:
            if why is not None:
                why.append("cannot follow suit: must take up the trick")
            return TAKE_UP
        plays = {int(getattr(a, "card", -1)): a for a in legal}
        v = _View(obs)
        if len(v.hand) == 1 and not obs.trick:
            if why is not None:
                why.append("plays the last card: the first out of cards wins")
            return legal[0]
        card = v.lead(list(plays), why) if not obs.trick else v.follow(list(plays), why)
        return plays[card]


class _View:
    """What the seat to move knows."""

    def __init__(self, obs: EnfleObservation) -> None:
        self.obs = obs
        self.me = obs.seat
        self.n = len(obs.hand_sizes)
        self.hand = [int(c) for c in obs.hand]
        seen = set(self.hand)
        for pile in obs.won:
            seen.update(int(c) for c in pile)
        seen.update(int(c) for _, c in obs.trick)
        for k in obs.known_in_hand:
            seen.update(int(c) for c in k)
        #: cards this seat cannot place: in the other hands, not known there
        self.unseen = [int(c) for c in PACKS[self.n].cards if int(c) not in seen]

    def void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` surely holds no card of ``suit``: none known in his hand, and
        every unseen card of it shown not to be his (or none left unseen)."""
        o = self.obs
        if any(int(c) >> 4 == suit for c in o.known_in_hand[seat]):
            return False
        excluded = {int(c) for c in o.excluded[seat]}
        return all(c in excluded for c in self.unseen if c >> 4 == suit)

    def first_void(self, suit: int, after: int) -> int:
        """How many seats after ``after`` the first one surely void in ``suit`` sits (0:
        nobody surely void before the trick comes round)."""
        for d in range(1, self.n):
            if self.void((after + d) % self.n, suit):
                return d
        return 0

    def sure(self, c: int) -> bool:
        """No unseen or known card of its suit elsewhere ranks above ``c``."""
        o = self.obs
        others = self.unseen + [int(x) for p, k in enumerate(o.known_in_hand) if p != self.me
                                for x in k]
        return not any(x >> 4 == c >> 4 and STRENGTH[x] > STRENGTH[c] for x in others)

    def gone_round(self, c: int) -> bool:
        """Whether ``c`` has been taken up as often as there are other players: a card
        that goes round the table, each taking it up in turn."""
        events: tuple[Event, ...] = self.obs.events
        times = sum(1 for e in events if isinstance(e, TookUp) and c in e.cards)
        return times >= self.n - 1

    # -- leading ------------------------------------------------------------------------

    def lead(self, plays: list[int], why: list[str] | None) -> int:
        length = {s: sum(1 for c in self.hand if c >> 4 == s) for s in range(4)}
        breaker = {s: self.first_void(s, self.me) for s in range(4)}
        if len(self.hand) == 2:
            # a card nobody can beat, if all follow, wins the trick, and the last card led
            # goes out
            sure = [c for c in plays if self.sure(c) and not breaker[c >> 4]]
            if sure:
                if why is not None:
                    why.append(f"leads {card_name(sure[0])}, which nobody can beat: if all"
                               " follow, his last card leads next and goes out")
                return sure[0]
        if self.obs.taken_up >= LONG_DEAL * self.n:
            # a long deal: the taken-up cards are going round; lead what all can follow,
            # since only a trick turned down takes cards out of play
            def settle(c: int) -> tuple[int, int, int]:
                s = c >> 4
                return (not breaker[s], length[s], STRENGTH[c])
            c = max(plays, key=settle)
            if why is not None:
                why.append(f"leads {card_name(c)}: the cards taken up are going round, and"
                           " only a trick all follow takes cards out of play")
            return c

        unseen = {s: sum(1 for c in self.unseen if c >> 4 == s) for s in range(4)}

        sizes = self.obs.hand_sizes
        # a player with one card left goes out if he can follow: lead what he lacks
        danger = {s: any(sizes[(self.me + k) % self.n] == 1
                         and not self.void((self.me + k) % self.n, s)
                         for k in range(1, breaker[s] or self.n)) for s in range(4)}

        def value(c: int) -> tuple[float, int]:
            s = c >> 4
            score = length[s] - 0.5 * unseen[s] - (10.0 if danger[s] else 0.0)
            if breaker[s] and not self.gone_round(c):
                score += 1.0
            return score, -STRENGTH[c]

        c = max(plays, key=value)
        d = breaker[c >> 4] if not self.gone_round(c) else 0
        if why is not None:
            if d == 1:
                why.append(f"leads {card_name(c)}: the next player cannot follow and must take"
                           " it up")
            elif d:
                why.append(f"leads {card_name(c)}: the player {d} seats on cannot follow, and"
                           " those before him shed a card too")
            else:
                why.append(f"leads {card_name(c)}, the lowest of the suit in which he is longest"
                           " against the cards still out, keeping a card of every suit")
        return c

    # -- following ----------------------------------------------------------------------

    def follow(self, plays: list[int], why: list[str] | None) -> int:
        o = self.obs
        trick = [int(c) for _, c in o.trick]
        suit = trick[0] >> 4
        best = max(trick, key=lambda x: STRENGTH[x])
        low = min(plays, key=lambda x: STRENGTH[x])
        nxt = (self.me + 1) % self.n
        last = len(trick) == self.n - 1
        if not last and self.void(nxt, suit):
            if why is not None:
                why.append(f"the next player cannot follow and will take the trick up: plays"
                           f" the lowest, {card_name(low)}")
            return low
        winners = sorted((c for c in plays if STRENGTH[c] > STRENGTH[best]),
                         key=lambda x: STRENGTH[x])
        if last:
            if winners:
                if why is not None:
                    why.append(f"wins the trick with {card_name(winners[0])}, to lead the next")
                return winners[0]
            if why is not None:
                why.append(f"cannot win: plays the lowest, {card_name(low)}")
            return low
        sure = [c for c in winners if self.sure(c)]
        if sure:
            c = sure[0]
            if why is not None:
                why.append(f"plays {card_name(c)}, which nobody can beat, to lead the next")
            return c
        if why is not None:
            why.append(f"plays the lowest, {card_name(low)}")
        return low
