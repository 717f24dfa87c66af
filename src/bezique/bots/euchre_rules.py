"""The rule-based player of Euchre, two- and four-handed, after the period's advice
(Foster's *Complete Hoyle* and the *American Hoyle*, Hoyle's Games Modernized; the
hints in brief):

* The making. A hand is valued for a suit as trumps: the right bower 3, the left 2.5,
  the Ace of trumps 2, the King 1.5, any other trump 1, a plain Ace 1, a guarded plain
  King 0.4. Order up (or take up, the turned card added and the worst discarded) with
  three sure trumps' worth, about 7; the dealer's partner assists with less, the card
  going to his own side; an adversary of the dealer asks a little more, since ordering
  gives the dealer a trump. Two-handed, where the other hand is the only one against
  you, one trick in three is the partner's no longer: the same figures less the
  partner's share. After the card is turned down, make the best other suit with the
  same worth, the eldest "making it next" (the suit of the turned card's colour) with
  a little less; the dealer, stuck, makes his best.
* The lone hand: play alone with five sure tricks, or four and the right bower.
* The dealer's discard: never a trump while a plain card is left; a lone plain card
  (not an Ace) first, to be void and trump; else the lowest.
* The lead: the maker leads the right bower, then trumps while he has the best of them
  and trumps are out (Foster: draw the trumps with the bowers); the maker's partner
  leads a trump to him; a defender leads a plain Ace, else his lowest plain card, and
  leads no trump.
* Following: with the partner's card sure of the trick (or nobody left who can beat
  it), play the lowest; last to play, win as cheaply as possible; earlier, win with a
  card no unseen card beats, else with the cheapest that wins; unable to win, play the
  lowest (a plain card before a trump).
"""

from __future__ import annotations

from ..core.game import Action, State
from ..core.trick import PLAYS, PlayCard
from ..games.euchre import Euchre, EuchreObservation
from ..games.euchre.base import (
    ALONE_ACTION,
    DISCARDS,
    MAKES,
    ORDER_UP,
    PACKS,
    PASS,
    SAME_COLOUR,
    STRENGTH,
    SUIT_NAMES,
    SUIT_OF,
    WITH_PARTNER,
    right_bower,
)
from .base import ReasoningBot, mover_observation

__all__ = ["EuchreRulesBot", "hand_value"]

#: The worth (in the module's units) that orders up, takes up or makes a suit.
MAKE_AT = 7.0
ACE, KING = 14, 13


def hand_value(hand: list[int], trump: int) -> float:
    """A hand's worth with ``trump`` trumps (see the module's notes)."""
    so, st = SUIT_OF[trump], STRENGTH[trump]
    v = 0.0
    plain: dict[int, list[int]] = {}
    for c in hand:
        if so[c] == trump:
            v += {31: 3.0, 30: 2.5, ACE: 2.0, KING: 1.5}.get(st[c], 1.0)
        else:
            plain.setdefault(so[c], []).append(c & 15)
    for ranks in plain.values():
        if ACE in ranks:
            v += 1.0
        if KING in ranks and len(ranks) > 1:
            v += 0.4
    return v


def worst_card(hand: list[int], trump: int, keep: int = -1) -> int:
    """The card the dealer lays aside (see the module's notes)."""
    so, st = SUIT_OF[trump], STRENGTH[trump]
    plain = [c for c in hand if so[c] != trump and c != keep]
    if not plain:
        return min((c for c in hand if c != keep), key=lambda c: st[c])
    counts: dict[int, int] = {}
    for c in plain:
        counts[so[c]] = counts.get(so[c], 0) + 1
    singles = [c for c in plain if counts[so[c]] == 1 and c & 15 != ACE]
    pool = singles or plain
    return min(pool, key=lambda c: (st[c], c))


class EuchreRulesBot(ReasoningBot):
    """Rule-based Euchre (two- and four-handed, and OpenSpiel's preset): see the
    module's notes.

    >>> from bezique.games import make_game
    >>> state = make_game("euchre4").deal(0, seed=7)
    >>> EuchreRulesBot(1).choose(state) in state.legal_actions()
    True
    """

    games = (Euchre,)

    name = "rules"

    def _decide(self, state: State, why: list[str] | None) -> Action:
        obs = mover_observation(state, EuchreObservation, "EuchreRulesBot plays Euchre only")
        legal = state.legal_actions()
        v = _View(obs)
        phase = obs.phase
        if phase == "order":
            return self._order(v, legal, why)
        if phase == "make":
            return self._make(v, legal, why)
        if phase == "alone":
            sure = v.sure_tricks()
            if sure >= 5 or (sure >= 4 and right_bower(v.trump) in v.hand):
                if why is not None:
                    why.append(f"{sure} sure tricks: play alone for 4")
                return ALONE_ACTION
            if why is not None:
                why.append("not five sure tricks: play with the partner")
            return WITH_PARTNER
        if phase == "defend":
            return WITH_PARTNER
        if phase == "discard":
            card = worst_card(v.hand, v.trump, int(obs.turned))
            if why is not None:
                why.append("lay aside the worst card, keeping the trumps, to be void in a"
                           " plain suit")
            return DISCARDS[card]
        plays = [int(a.card) for a in legal if isinstance(a, PlayCard)]
        card = v.lead(plays, why) if not obs.trick else v.follow(plays, why)
        return PLAYS[card]

    def _order(self, v: _View, legal: list[Action], why: list[str] | None) -> Action:
        o = v.obs
        up = int(o.turned)
        t = up >> 4
        hand = v.hand
        if v.me == o.dealer:
            hand = [c for c in hand + [up] if c != worst_card(hand + [up], t, up)]
        worth = hand_value(hand, t)
        need = MAKE_AT
        if v.n == 2:
            need += 0.5
        elif v.me != o.dealer:
            dealer_side = o.sides[o.dealer] == o.sides[v.me]
            need += -1.5 if dealer_side else 1.0
        if worth >= need:
            if why is not None:
                why.append(f"{worth:g} in {SUIT_NAMES[t]} (three sure trumps' worth): order"
                           " it up")
            return ORDER_UP
        if why is not None:
            why.append(f"only {worth:g} in {SUIT_NAMES[t]}: pass")
        return PASS

    def _make(self, v: _View, legal: list[Action], why: list[str] | None) -> Action:
        o = v.obs
        turned = int(o.turned) >> 4
        best = max((s for s in range(4) if s != turned),
                   key=lambda s: hand_value(v.hand, s))
        worth = hand_value(v.hand, best)
        need = MAKE_AT + (0.5 if v.n == 2 else 0.0)
        nxt = SAME_COLOUR[turned]
        if v.me == (o.dealer + 1) % v.n and hand_value(v.hand, nxt) >= need - 1.5:
            if why is not None:
                why.append(f"eldest makes it next: {SUIT_NAMES[nxt]}, the colour turned down")
            return MAKES[nxt]
        if worth >= need or PASS not in legal:
            if why is not None:
                why.append(f"{worth:g} in {SUIT_NAMES[best]}: make it trumps")
            return MAKES[best]
        if why is not None:
            why.append(f"no suit worth making (best {SUIT_NAMES[best]}, {worth:g}): pass")
        return PASS


class _View:
    """What the seat to move knows."""

    def __init__(self, obs: EuchreObservation) -> None:
        self.obs = obs
        self.me = obs.seat
        self.n = len(obs.sides)
        self.trump = int(obs.trump) if obs.trump is not None else -1
        self.hand = [int(c) for c in obs.hand]
        if self.trump < 0:
            return
        seen = set(self.hand)
        for pile in obs.won:
            seen.update(int(c) for c in pile)
        seen.update(int(c) for _, c in obs.trick)
        seen.update(int(c) for c in obs.discards)
        seen.add(int(obs.turned))  # in the dealer's hand, known, or turned down
        self.unseen = [c for c in (int(x) for x in _pack(obs)) if c not in seen]
        self.so = SUIT_OF[self.trump]
        self.st = STRENGTH[self.trump]
        side = obs.sides[self.me]
        self.partner = next((p for p in obs.active if p != self.me and obs.sides[p] == side),
                            -1)
        self.makers = obs.maker >= 0 and obs.sides[obs.maker] == side

    def sure(self, c: int) -> bool:
        """No unseen card of ``c``'s suit in play ranks above it."""
        so, st = self.so, self.st
        return not any(so[x] == so[c] and st[x] > st[c] for x in self.unseen)

    def sure_tricks(self) -> int:
        """Tricks the hand takes for certain, trumps drawn from the top: the top trumps
        in sequence, then the other trumps if the adversaries' are gone, and the plain
        Aces once trumps are drawn."""
        t = self.trump
        so, st = self.so, self.st
        trumps = sorted((c for c in self.hand if so[c] == t), key=lambda c: -st[c])
        out = [c for c in self.unseen if so[c] == t]
        top = 0
        ladder = sorted(trumps + out, key=lambda c: -st[c])
        for c in ladder:
            if c in trumps:
                top += 1
            else:
                break
        sure = top
        if top and len(trumps) > len(out):
            sure = len(trumps)
            sure += sum(1 for c in self.hand if so[c] != t and c & 15 == ACE)
        return sure

    def value(self, c: int) -> int:
        """Lower for a card less worth keeping: plain cards below trumps."""
        return self.st[c] + (40 if self.so[c] == self.trump else 0)

    def lead(self, plays: list[int], why: list[str] | None) -> int:
        t = self.trump
        so = self.so
        trumps = [c for c in plays if so[c] == t]
        plain = [c for c in plays if so[c] != t]
        trumps_out = any(so[c] == t for c in self.unseen)
        if self.makers and trumps:
            rb = right_bower(t)
            if rb in trumps:
                if why is not None:
                    why.append("lead the right bower, drawing trumps")
                return rb
            best = max(trumps, key=self.value)
            if trumps_out and (self.obs.maker == self.partner or self.sure(best)):
                if why is not None:
                    why.append("lead trumps: to the partner who made them, or with the best"
                               " of them")
                return best if self.sure(best) else min(trumps, key=self.value)
        aces = [c for c in plain if self.sure(c)]
        if aces:
            if why is not None:
                why.append("lead a winning plain card")
            return max(aces, key=self.value)
        if plain:
            if why is not None:
                why.append("lead the lowest plain card, keeping the trumps")
            return min(plain, key=self.value)
        return min(plays, key=self.value)

    def follow(self, plays: list[int], why: list[str] | None) -> int:
        obs = self.obs
        best = next(int(c) for p, c in obs.trick if p == obs.winning)
        winners = [c for c in plays if self._beats(c, best)]
        played = {p for p, _ in obs.trick}
        behind = [p for p in obs.active if p not in played and p != self.me]
        if obs.winning == self.partner and self.partner >= 0 and (
                not behind or self.sure(best)):
            if why is not None:
                why.append("the partner holds the trick: play the lowest")
            return min(plays, key=self.value)
        if winners:
            if not behind:
                if why is not None:
                    why.append("last to play: win as cheaply as possible")
                return min(winners, key=self.value)
            sure = [c for c in winners if self.sure(c)]
            if why is not None:
                why.append("win the trick" + (" with a card none beats" if sure else ""))
            return min(sure or winners, key=self.value)
        if why is not None:
            why.append("cannot win: play the lowest")
        return min(plays, key=self.value)

    def _beats(self, c: int, best: int) -> bool:
        so, st = self.so, self.st
        if so[c] == so[best]:
            return st[c] > st[best]
        return so[c] == self.trump


def _pack(obs: EuchreObservation) -> list[int]:
    """The pack's cards (24 or 32), as the observation gives its size."""
    return [int(c) for c in PACKS[str(obs.pack_size)].cards]
