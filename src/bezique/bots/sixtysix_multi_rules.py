"""Rule-based players of three- and four-handed Sixty-Six.

Three-handed: every deal is a two-handed deal of Sixty-Six, so the seat to move plays it
as the two-handed rule player would, from its own hand
(:class:`~bezique.bots.sixtysix_rules.SixtySixRulesBot`; the dealer, taking no cards,
never moves).

Four-handed (Kreutz-mariage): each must follow suit, head the trick (even his
partner's), and trump or over-trump when void, so the cards a player may play either all
win the trick as it stands or all lose it; the player chooses among them by these rules,
seeing only his own observation:

* announce a marriage when leading one is allowed (the royal one first), leading the
  Queen (the cheaper card);
* lead a sure winner of a plain suit (an Ace, or a card no unseen card of its suit
  beats), unless an adversary has shown he is void in it and may hold trumps; with the
  master trump and trumps still out, lead trumps first when holding sure plain winners
  to bring home (Foster: good plain cards exhaust the trumps); otherwise lead the
  cheapest card of a plain suit, keeping trumps for over-trumping;
* when forced to win: last to play, bank the counting card worth most for what it costs
  to give up; earlier, win with the cheapest sure winner, else with the cheapest card
  (the adversaries behind must head it if they can);
* when unable to win: if the partner's card holds the trick (he is winning and nobody
  behind can beat it, or nobody is left to play) give him the counting card that costs
  least to part with; otherwise throw the card worth least.
"""

from __future__ import annotations

from typing import Any

from ..core.cards import card_name
from ..core.game import Action, State
from ..games.kreutz import ACE, KING, POINTS, QUEEN, STRENGTH, TEN, KreutzMariage, KreutzObservation
from ..games.sixtysix import Marry, Play
from ..games.sixtysix_three import ThreeHandedSixtySix, ThreeHandedSixtySixState
from .base import InnerDealBot, ReasoningBot, mover_observation
from .sixtysix_rules import SixtySixRulesBot

__all__ = ["KreutzRulesBot", "ThreeHandedSixtySixRulesBot"]

_ALL = tuple(s * 16 + r for s in range(4) for r in (ACE, TEN, KING, QUEEN, 11, 9, 8, 7))


class ThreeHandedSixtySixRulesBot(InnerDealBot):
    """Plays each deal of three-handed Sixty-Six with the two-handed rule player.

    >>> from bezique.games import make_game
    >>> state = make_game("sixtysix3").deal(0, seed=7)
    >>> ThreeHandedSixtySixRulesBot(3).choose(state) in state.legal_actions()
    True
    """

    games = (ThreeHandedSixtySix,)

    name = "rules"
    inner = SixtySixRulesBot
    deal_type = ThreeHandedSixtySixState
    plays = "three-handed Sixty-Six"

    @staticmethod
    def _inner_deal(state: ThreeHandedSixtySixState) -> State:
        return state.inner


class KreutzRulesBot(ReasoningBot):
    """Rule-based four-handed Sixty-Six (Kreutz-mariage): see the module docstring.

    >>> from bezique.games import make_game
    >>> state = make_game("sixtysix4").deal(0, seed=7)
    >>> KreutzRulesBot(1).choose(state) in state.legal_actions()
    True
    """

    games = (KreutzMariage,)

    name = "rules"

    def _decide(self, state: State, why: list[str] | None) -> Action:
        obs = mover_observation(state, KreutzObservation,
                                "KreutzRulesBot plays four-handed Sixty-Six only")
        legal = state.legal_actions()
        v = _View(obs)
        marries = [a for a in legal if type(a) is Marry]
        if marries:
            best = max(marries, key=lambda a: (int(a.card) >> 4 == v.trump,
                                               int(a.card) & 15 == QUEEN, -int(a.card)))
            if why is not None:
                why.append(f"declares the marriage in {best.card.suit.name.lower()},"
                           " leading the Queen")
            return best
        plays = [int(a.card) for a in legal if type(a) is Play]
        card = v.lead(plays, why) if not obs.trick else v.follow(plays, why)
        for a in legal:
            if type(a) is Play and int(a.card) == card:
                return a
        return legal[0]  # pragma: no cover - the chosen card is one of the legal plays


class _View:
    """What the seat to move knows, and the values it plays by."""

    def __init__(self, obs: KreutzObservation) -> None:
        self.obs = obs
        self.me = obs.seat
        self.trump = int(obs.trump) if obs.trump is not None else -1
        self.hand = [int(c) for c in obs.hand]
        seen = set(self.hand)
        for pile in obs.won:
            seen.update(int(c) for c in pile)
        seen.update(int(c) for _, c in obs.trick)
        #: cards not yet seen by this seat: in the three other hands
        self.unseen = [c for c in _ALL if c not in seen]
        self.partner = next(p for p in range(4) if p != self.me and obs.sides[p] ==
                            obs.sides[self.me])

    # -- knowledge ------------------------------------------------------------------------

    def sure(self, c: int) -> bool:
        """No unseen card of ``c``'s suit ranks above it."""
        suit = c >> 4
        return not any(x >> 4 == suit and STRENGTH[x] > STRENGTH[c] for x in self.unseen)

    def trumps_out(self) -> int:
        return sum(1 for x in self.unseen if x >> 4 == self.trump)

    def may_ruff(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` has shown a void in ``suit`` and may still hold a trump."""
        o: Any = self.obs
        return suit in {int(s) for s in o.voids[seat]} and \
            self.trump not in {int(s) for s in o.voids[seat]} and self.trumps_out() > 0

    def keep(self, c: int) -> float:
        """What a card is worth kept for later tricks."""
        if c >> 4 == self.trump:
            return 6.0 + STRENGTH[c] + (6.0 if self.sure(c) else 0.0)
        if self.sure(c):
            return 9.0 + POINTS[c] * 0.2
        return POINTS[c] * 0.3 + STRENGTH[c] * 0.2

    # -- leading --------------------------------------------------------------------------

    def lead(self, plays: list[int], why: list[str] | None) -> int:
        opponents = [p for p in range(4) if self.obs.sides[p] != self.obs.sides[self.me]]
        plain_sure = [c for c in plays if c >> 4 != self.trump and self.sure(c)
                      and not any(self.may_ruff(p, c >> 4) for p in opponents)]
        trumps = [c for c in plays if c >> 4 == self.trump]
        top_trump = [c for c in trumps if self.sure(c)]
        if top_trump and self.trumps_out() and (plain_sure or len(trumps) >= 3):
            c = max(top_trump, key=lambda x: STRENGTH[x])
            if why is not None:
                why.append(f"leads the master trump {_n(c)} to draw the adversaries' trumps")
            return c
        if plain_sure:
            c = max(plain_sure, key=lambda x: (POINTS[x], STRENGTH[x]))
            if why is not None:
                why.append(f"leads {_n(c)}: no unseen card of its suit beats it")
            return c
        plain = [c for c in plays if c >> 4 != self.trump] or plays
        c = min(plain, key=lambda x: (POINTS[x] + self.keep(x), STRENGTH[x]))
        if why is not None:
            why.append(f"leads {_n(c)}, the cheapest card, keeping trumps to over-trump")
        return c

    # -- following ------------------------------------------------------------------------

    def follow(self, plays: list[int], why: list[str] | None) -> int:
        o = self.obs
        trick = [int(c) for _, c in o.trick]
        seats = [p for p, _ in o.trick]
        best = trick[seats.index(o.winning)]
        winners = [c for c in plays if _beats(c, best, trick[0] >> 4, self.trump)]
        last = len(trick) == 3
        if winners:
            if last:
                c = max(winners, key=lambda x: (POINTS[x] - 0.5 * self.keep(x), -STRENGTH[x]))
                if why is not None:
                    why.append(f"wins the trick last to play with {_n(c)}")
                return c
            sure = [c for c in winners if self._holds(c, trick[0] >> 4)]
            if sure:
                c = min(sure, key=lambda x: (STRENGTH[x] + (0 if x >> 4 != self.trump else 20)))
                if why is not None:
                    why.append(f"wins with {_n(c)}, which nobody behind can beat")
                return c
            c = min(winners, key=lambda x: (POINTS[x] + self.keep(x), STRENGTH[x]))
            if why is not None:
                why.append(f"must win if he can: heads the trick as cheaply as he can,"
                           f" with {_n(c)}")
            return c
        partner_holds = o.winning == self.partner and (last or self._holds(best,
                                                                           trick[0] >> 4))
        if partner_holds:
            c = max(plays, key=lambda x: (POINTS[x] - self.keep(x), -STRENGTH[x]))
            if why is not None:
                why.append(f"cannot win; the partner's card holds the trick: gives him"
                           f" {_n(c)}")
            return c
        c = min(plays, key=lambda x: (POINTS[x] + self.keep(x), STRENGTH[x]))
        if why is not None:
            why.append(f"cannot win: throws {_n(c)}, the card worth least")
        return c

    def _holds(self, c: int, led: int) -> bool:
        """Whether ``c`` (to win the trick) cannot be beaten by the seats still to play:
        no unseen higher card of its suit, and, for a plain card, no adversary to play
        who has shown a void and may trump."""
        if not self.sure(c):
            return False
        if c >> 4 == self.trump:
            return True
        o = self.obs
        played = {p for p, _ in o.trick} | {self.me}
        rest = [p for p in range(4) if p not in played]
        if c >> 4 != led:
            return False
        return not any(self.may_ruff(p, led) for p in rest)


def _beats(card: int, best: int, led: int, trump: int) -> bool:
    if card >> 4 == best >> 4:
        return STRENGTH[card] > STRENGTH[best]
    return card >> 4 == trump


def _n(c: int) -> str:
    return card_name(c)
