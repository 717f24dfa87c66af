"""The rule-based player of Hearts, in all its forms, after Foster's advice (*Foster on
Hearts*, 1895; *Complete Hoyle*, Hearts, Suggestions for Good Play): the whole art is to
take no card that costs, and the player's means are to shed his high cards and his
dangerous cards early, while others can still follow, and to make himself void of a suit
so that he may throw his hearts on it later.

* Leading: lead the lowest card of a short plain suit (to clear it and be void early),
  preferring a card some unseen card of its suit outranks; the costly suit only when
  nothing else is left, its lowest card.
* Following: if the trick holds a card that costs or may yet receive one, play the
  highest card that still loses to the card winning it; if every card wins, and he is
  last to play, win with his highest card of the suit (it sheds a high card, and the
  trick costs what it costs); else play his lowest, which a later player may overtake.
* Void in the suit led: throw the card that costs most (the Joker, the Queen of spades,
  the highest heart), else the highest card of the suit he is shortest in (to be void).
* Passing (the modern game): the Queen, King and Ace of spades unless well guarded, the
  highest hearts, then the highest cards.
* Auction Hearts: bid for the suit in which his hand is safest when it is much safer
  than hearts, a counter for each three points of danger saved, and name that suit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.cards import card_name
from ..core.game import Action, State
from ..core.trick import PLAYS
from ..games.hearts.auction import AVOIDS, BIDS, NO_BID, AuctionHearts
from ..games.hearts.base import HEARTS, SPADES, STRENGTH, HeartsObservation
from ..games.hearts.foster import Hearts
from ..games.hearts.joker import JOKER, JOKER_COST, JOKER_STRENGTH, JokerHearts
from ..games.hearts.modern import PASSES, QUEEN_OF_SPADES, OpenSpielHearts
from .base import ReasoningBot, mover_observation

__all__ = ["HeartsRulesBot"]


class HeartsRulesBot(ReasoningBot):
    """Foster's advice for Hearts: shed high cards, void a suit, never take a trick with
    a heart in it if it can be helped.

    >>> from bezique.games import make_game
    >>> state = make_game("hearts").deal(0, seed=7)
    >>> HeartsRulesBot(1).choose(state) in state.legal_actions()
    True
    """

    games = (Hearts, JokerHearts, AuctionHearts, OpenSpielHearts)

    name = "rules"

    def _decide(self, state: State, why: list[str] | None) -> Action:
        obs = mover_observation(state, HeartsObservation, "HeartsRulesBot plays Hearts only")
        legal = state.legal_actions()
        phase = obs.phase
        if phase == "bid":
            return self._bid(obs, legal, why)
        if phase == "avoid":
            suit = self._safest(obs)[0]
            if why is not None:
                why.append(f"names the suit in which the hand is safest: {AVOIDS[suit]}")
            return AVOIDS[suit]
        if phase == "pass":
            return self._pass(obs, legal, why)
        st: Any = state
        v = _View(obs, sorted({int(c) for c in st.game.pack.cards}), st.beats)
        plays = [int(a.card) for a in legal if hasattr(a, "card")]
        card = v.lead(plays, why) if not obs.trick else v.follow(plays, why)
        return PLAYS[card] if PLAYS[card] in legal else legal[0]

    # -- the auction and the pass ------------------------------------------------------

    @staticmethod
    def _danger(hand: list[int], suit: int) -> int:
        """How likely the hand is to take cards of ``suit``: its high cards of that suit
        (each above the Eight), and few short plain suits to throw them on."""
        cards = [c for c in hand if c >> 4 == suit]
        return sum(max(0, (c & 15) - 8) for c in cards) + (3 if len(cards) > 4 else 0)

    def _safest(self, obs: HeartsObservation) -> tuple[int, int]:
        hand = [int(c) for c in obs.hand]
        scores = [(self._danger(hand, s), s) for s in range(4)]
        best = min(scores)
        return best[1], self._danger(hand, HEARTS) - best[0]

    def _bid(self, obs: HeartsObservation, legal: list[Action], why: list[str] | None
             ) -> Action:
        suit, saved = self._safest(obs)
        want = saved // 3
        if suit == HEARTS or want <= obs.high:
            if why is not None:
                why.append("passes: the hearts are as safe a suit to avoid as any worth"
                           " the price")
            return NO_BID
        bid = BIDS[min(obs.high + 1, 50)]
        if why is not None:
            why.append(f"bids {bid.counters}: {AVOIDS[suit].notation()} would be safer than"
                       " hearts")
        return bid if bid in legal else NO_BID

    @staticmethod
    def _pass(obs: HeartsObservation, legal: list[Action], why: list[str] | None) -> Action:
        hand = [int(c) for c in obs.hand]
        spades = [c for c in hand if c >> 4 == SPADES]
        low_spades = [c for c in spades if (c & 15) < 12]

        def danger(c: int) -> tuple[int, int]:
            if c == QUEEN_OF_SPADES or (c >> 4 == SPADES and (c & 15) > 12
                                        and QUEEN_OF_SPADES not in hand):
                return (3 if len(low_spades) < 4 else 0, c & 15)
            if c >> 4 == HEARTS:
                return (2, c & 15)
            return (1, c & 15)

        card = max(hand, key=danger)
        if why is not None:
            why.append(f"passes {card_name(card)}, a dangerous card")
        return PASSES[card]


class _View:
    """What the seat to move knows of the play, and the game's rule of who wins."""

    def __init__(self, obs: HeartsObservation, pack: list[int],
                 beats: Callable[[int, int], bool]) -> None:
        self.obs = obs
        self.hand = [int(c) for c in obs.hand]
        self.costs = {int(c): v for c, v in obs.costs}
        seen = set(self.hand)
        for pile in obs.won:
            seen.update(int(c) for c in pile)
        seen.update(int(c) for _, c in obs.trick)
        self.unseen = [c for c in pack if c not in seen]
        self.avoid = int(obs.avoid)
        self.beats = beats
        self.joker = self.costs.get(JOKER, 0) == JOKER_COST

    def rank(self, c: int) -> float:
        """The card's rank in play (Joker Hearts' Joker between the Ten and the Jack)."""
        return JOKER_STRENGTH if self.joker and c == JOKER else STRENGTH[c]

    def cost(self, c: int) -> int:
        return self.costs.get(c, 0)

    def beaten(self, c: int) -> bool:
        """Some unseen card of ``c``'s suit outranks it."""
        return any(x >> 4 == c >> 4 and self.rank(x) > self.rank(c) for x in self.unseen)

    def lead(self, plays: list[int], why: list[str] | None) -> int:
        safe = [c for c in plays if not self.cost(c) and c >> 4 != self.avoid]
        pool = safe or plays
        counts = {s: sum(1 for c in self.hand if c >> 4 == s) for s in range(4)}

        def key(c: int) -> tuple[int, int, float]:
            return (0 if self.beaten(c) else 1, counts[c >> 4], self.rank(c))

        card = min(pool, key=key)
        if why is not None:
            why.append(f"leads {card_name(card)}: low, from a short suit, to be void of it"
                       " early" if safe else f"leads {card_name(card)}, the lowest left")
        return card

    def follow(self, plays: list[int], why: list[str] | None) -> int:
        trick = [int(c) for _, c in self.obs.trick]
        lead_suit = trick[0] >> 4
        n = len(self.obs.hand_sizes)
        last = len(trick) == n - 1
        best = int(dict(self.obs.trick)[self.obs.winning])
        if any(c >> 4 != lead_suit for c in plays):
            # void: throw the costliest card that does not take the trick (Joker Hearts'
            # Joker takes it), else the highest of the shortest suit
            counts = {s: sum(1 for c in self.hand if c >> 4 == s) for s in range(4)}
            losing = [c for c in plays if not self.beats(c, best)] or plays
            card = max(losing, key=lambda c: (self.cost(c), -counts[c >> 4], self.rank(c)))
            if why is not None:
                why.append(f"void: throws {card_name(card)}" +
                           (", the card that costs most" if self.cost(card) else
                            ", a high card of a short suit"))
            return card
        losers = [c for c in plays if not self.beats(c, best)]
        if losers:
            card = max(losers, key=self.rank)
            if why is not None:
                why.append(f"plays {card_name(card)}, the highest card that loses the trick")
            return card
        if not last:
            # every card wins as it stands: the lowest, that a player behind may overtake
            card = min(plays, key=self.rank)
            if why is not None:
                why.append(f"plays {card_name(card)}, the lowest: a later player may still"
                           " take the trick")
            return card
        card = max(plays, key=lambda c: (-self.cost(c), self.rank(c)))
        if why is not None:
            why.append(f"must win: takes it with {card_name(card)}, shedding a high card")
        return card
