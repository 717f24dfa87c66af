"""The rule-based player of Napoleon, after the period's advice.

Calling (Peel, *Round Games with Cards*, "Tactics"; Enquire Within 130: "good
judgment"): the hand's likely tricks are counted for each suit as trumps, since the
declarer's first lead makes them: a trump counts by its rank and by the trumps above it
held with it, and the long trumps; a plain Ace counts most of a trick, a King guarded by
the Ace or a Queen less, fewer as more players may be void. The count is cautious (the
adversaries play one against him, each seeing only his own cards): played out against
this player at four, a count of one makes two tricks about three times in five, of two
makes three, of three makes four (measured over 3000 deals). So it calls two on a count
of one, three on two, four on 2.8, each a little higher at five and six; Napoleon on
3.3, or on 3.0 with one of Peel's hands (five of a suit fairly high; four headed by the
Ace or King with one high card beside; three high cards of a suit with two high cards
of another, or with two other Aces), since it wins ten and loses only five and so needs
one chance in three. A Wellington on a count of four; a Sedan on a hand of low cards.

Playing the call: the declarer leads the trump suit he counted on, from the top, until
the adversaries can have none left or he holds no more, then his sure winners, then his
lowest card; following, he wins as cheaply as he can, and throws his lowest card when
he cannot win. Once the call is made or lost the rest does not matter.

The adversaries combine against the declarer ("the best play in Napoleon is not to win
tricks, but to co-operate in defeating the declaring hand", EW 130): an adversary never
overtakes a fellow adversary who holds the trick once the declarer has played (or
cannot beat it), beats the declarer's card as cheaply as he can, puts a sure winner on
a trick the declarer is still to play to, and leads the declarer's weak suits: his
sure winners of a suit the declarer has not shown void in, then trumps to draw the
declarer's, else his lowest card. Against a Sedan they play the other way: leave the
declarer's card winning, lead low, and keep low cards for when he must play after them.
"""

from __future__ import annotations

from ..core.cards import card_name
from ..core.game import Action, State
from ..core.trick import PlayCard
from ..games.napoleon import (
    CALL_NAMES,
    FOUR,
    NAPOLEON,
    SEDAN,
    STRENGTH,
    THREE,
    TWO,
    WELLINGTON,
    Buy,
    Call,
    Napoleon,
    NapoleonObservation,
    Pass,
)
from .base import ReasoningBot, mover_observation

__all__ = ["NapoleonRulesBot", "likely_tricks", "sedan_hand"]

ACE, KING, QUEEN, JACK, TEN = 14, 13, 12, 11, 10
_ALL = tuple(s * 16 + r for s in range(4) for r in range(2, 15))


def likely_tricks(hand: list[int], players: int) -> tuple[float, int]:
    """The tricks ``hand`` is likely to win as declarer at a table of ``players``, and
    the suit to make trumps for it (its first lead): for each suit, its trumps counted
    by rank and length and the plain Aces and guarded Kings beside, the best suit taken.

    >>> from bezique.core.cards import parse_cards
    >>> tricks, suit = likely_tricks([int(c) for c in parse_cards("AS KS QS JS 9S")], 4)
    >>> tricks >= 4.5, suit
    (True, 3)
    """
    best, best_suit = 0.0, 0
    ruff = 0.12 * (players - 3)  # the more players, the likelier a plain winner is ruffed
    for trump in range(4):
        trumps = sorted((c for c in hand if c >> 4 == trump), reverse=True)
        t = 0.0
        for i, c in enumerate(trumps):
            rank = c & 15
            # the i-th trump held wins if few higher trumps are out: Ace 1, then by how
            # many above it are missing
            missing = sum(1 for r in range(rank + 1, 15)) - sum(
                1 for x in trumps[:i] if (x & 15) > rank)
            if missing == 0:
                t += 1.0
            elif missing == 1:
                t += 0.75 if i >= 1 or len(trumps) >= 3 else 0.45
            elif missing == 2:
                t += 0.55 if len(trumps) >= 3 else 0.3
            else:
                t += 0.45 if i >= 2 else 0.2  # a long trump makes a trick at the end
        for c in hand:
            if c >> 4 == trump:
                continue
            rank = c & 15
            mates = {x & 15 for x in hand if x >> 4 == c >> 4}
            if rank == ACE:
                t += 0.85 - ruff
            elif rank == KING:
                t += (0.6 if ACE in mates else 0.3) - ruff
            elif rank == QUEEN and {ACE, KING} <= mates:
                t += 0.45 - ruff
        if t > best:
            best, best_suit = t, trump
    return best, best_suit


def peel_napoleon(hand: list[int]) -> bool:
    """One of Peel's good ordinary hands for Napoleon: five of a suit fairly high; four
    of a suit headed by the Ace or King and one high card beside; three high cards of a
    suit with two high cards of another; three high trumps and two other Aces."""
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        by_suit.setdefault(c >> 4, []).append(c & 15)
    for s, ranks in by_suit.items():
        others = [r for x, v in by_suit.items() if x != s for r in v]
        if len(ranks) == 5 and max(ranks) == ACE and sorted(ranks)[2] >= TEN:
            return True
        if len(ranks) == 4 and max(ranks) >= KING and max(others) >= KING:
            return True
        if len(ranks) == 3 and min(ranks) >= QUEEN and (
                others.count(ACE) == 2
                or (len(by_suit) == 2 and min(others) >= QUEEN)):
            return True
    return False


def sedan_hand(hand: list[int]) -> bool:
    """A hand for Sedan: no card above a Seven, or no card above a Nine with the lowest
    cards of two suits (the others will find it hard to make it win)."""
    top = max(c & 15 for c in hand)
    if top <= 7:
        return True
    return top <= 9 and sum(1 for c in hand if c & 15 <= 4) >= 3


class NapoleonRulesBot(ReasoningBot):
    """The rule-based Napoleon player: see the module docstring.

    >>> from bezique.games import make_game
    >>> state = make_game("napoleon").deal(0, seed=7)
    >>> NapoleonRulesBot(1).choose(state) in state.legal_actions()
    True
    """

    games = (Napoleon,)

    name = "rules"

    def _decide(self, state: State, why: list[str] | None) -> Action:
        obs = mover_observation(state, NapoleonObservation,
                                "NapoleonRulesBot plays Napoleon only")
        legal = state.legal_actions()
        if obs.phase == "buy":
            return self._buy(obs, legal, why)
        if obs.phase == "call":
            return self._call(state, obs, legal, why)
        v = _View(obs)
        cards = [int(a.card) for a in legal if isinstance(a, PlayCard)]
        card = v.choose(cards, why)
        for a in legal:
            if isinstance(a, PlayCard) and int(a.card) == card:
                return a
        return legal[0]  # pragma: no cover - the chosen card is one of the legal plays

    @staticmethod
    def _buy(obs: NapoleonObservation, legal: list[Action], why: list[str] | None
             ) -> Action:
        """Keep a hand worth a call; else throw out two plain cards below a King that are
        not of the best suit, to draw towards it (Peel: a stake a card, so few)."""
        hand = [int(c) for c in obs.hand]
        tricks, suit = likely_tricks(hand, len(obs.hand_sizes))
        if tricks >= 1.5:
            if why is not None:
                why.append(f"keeps a hand worth about {tricks:.1f} tricks")
            return next(a for a in legal if isinstance(a, Buy) and not a.cards)
        out = tuple(sorted(c for c in hand if c >> 4 != suit and c & 15 < KING))[:2]
        for a in legal:
            if isinstance(a, Buy) and tuple(sorted(int(c) for c in a.cards)) == out:
                if why is not None:
                    why.append(f"throws out {len(out)} poor card(s) to draw towards"
                               f" {_suit(suit)}" if out else "keeps the hand")
                return a
        return next(a for a in legal if isinstance(a, Buy) and not a.cards)

    @staticmethod
    def _call(state: State, obs: NapoleonObservation, legal: list[Action],
              why: list[str] | None) -> Action:
        hand = [int(c) for c in obs.hand]
        n = len(obs.hand_sizes)
        tricks, suit = likely_tricks(hand, n)
        levels = {a.level: a for a in legal if isinstance(a, Call)}
        want = 0
        more = 0.15 * (n - 4)  # at a larger table the adversaries hold more trumps
        if tricks >= 3.3 + more or (tricks >= 3.0 + more and peel_napoleon(hand)):
            want = NAPOLEON
        elif tricks >= 2.8 + more:
            want = FOUR
        elif tricks >= 2.0 + more:
            want = THREE
        elif tricks >= 1.0 + more:
            want = TWO
        if want == NAPOLEON and WELLINGTON in levels and tricks >= 4.0 + more:
            want = WELLINGTON
        if SEDAN in levels and sedan_hand(hand) and want < NAPOLEON:
            if why is not None:
                why.append("calls Sedan: every card is low")
            return levels[SEDAN]
        # the highest call the hand is worth that is still open (a hand for Napoleon
        # worth four is called four only when Napoleon is out of reach)
        for level in (WELLINGTON, NAPOLEON, FOUR, THREE, TWO):
            if level <= want and level in levels:
                if why is not None:
                    why.append(f"counts about {tricks:.1f} likely tricks with {_suit(suit)}"
                               f" trumps: calls {CALL_NAMES[level]}")
                return levels[level]
        if why is not None:
            top = max((lv for lv in (TWO, THREE, FOUR, NAPOLEON) if lv not in levels),
                      default=0)
            over = f" (the call stands at {CALL_NAMES[top]})" if top else ""
            why.append(f"passes: about {tricks:.1f} likely tricks{over}")
        return next(a for a in legal if isinstance(a, Pass))


def _suit(s: int) -> str:
    return ("clubs", "diamonds", "hearts", "spades")[s]


class _View:
    """What the seat to play knows, and the rules it plays by."""

    def __init__(self, obs: NapoleonObservation) -> None:
        self.obs = obs
        self.me = obs.seat
        self.n = len(obs.hand_sizes)
        self.trump = int(obs.trump) if obs.trump is not None else -1
        self.hand = [int(c) for c in obs.hand]
        seen = set(self.hand) | {int(c) for c in obs.discards}
        for pile in obs.won:
            seen.update(int(c) for c in pile)
        seen.update(int(c) for _, c in obs.trick)
        self.unseen = [c for c in _ALL if c not in seen]
        self.declarer = obs.declarer
        self.sedan = obs.level == SEDAN
        self.needed = obs.needed
        taken = obs.tricks_won[obs.declarer] if obs.declarer >= 0 else 0
        left = 5 - obs.tricks_played
        if self.sedan:
            self.decided = taken > 0
        else:
            self.decided = taken >= self.needed or taken + left < self.needed

    # -- knowledge ----------------------------------------------------------------------

    def master(self, c: int) -> bool:
        """No unseen card of ``c``'s suit ranks above it."""
        suit = c >> 4
        return not any(x >> 4 == suit and STRENGTH[x] > STRENGTH[c] for x in self.unseen)

    def void(self, seat: int, suit: int) -> bool:
        return suit in {int(s) for s in self.obs.voids[seat]}

    def trumps_out(self) -> int:
        return sum(1 for x in self.unseen if x >> 4 == self.trump)

    def beats(self, card: int, best: int, led: int) -> bool:
        if card >> 4 == best >> 4:
            return STRENGTH[card] > STRENGTH[best]
        return card >> 4 == self.trump and self.trump >= 0

    def to_play_after(self) -> list[int]:
        """The seats still to play to the trick after this one."""
        played = {p for p, _ in self.obs.trick} | {self.me}
        return [p for p in range(self.n) if p not in played]

    def holds(self, c: int, led: int) -> bool:
        """Whether ``c`` would win the trick against the seats still to play: a master
        of its suit, no trump out among those who may ruff it."""
        if not self.master(c):
            return False
        if c >> 4 == self.trump:
            return True
        rest = self.to_play_after()
        return not (self.trumps_out() and any(self.void(p, led) for p in rest))

    # -- choosing -----------------------------------------------------------------------

    def choose(self, cards: list[int], why: list[str] | None) -> int:
        low = min(cards, key=lambda c: (c >> 4 == self.trump, STRENGTH[c]))
        if self.decided:
            if why is not None:
                why.append(f"the call is decided: plays {card_name(low)}, the lowest card")
            return low
        if self.me == self.declarer:
            return self.declare(cards, low, why)
        return self.defend(cards, low, why)

    def declare(self, cards: list[int], low: int, why: list[str] | None) -> int:
        o = self.obs
        if self.sedan:
            return self.sedan_declarer(cards, why)
        if not o.trick:
            if self.trump < 0:  # the first lead: the suit he counted on
                _, suit = likely_tricks(self.hand, self.n)
                c = max((x for x in cards if x >> 4 == suit), key=lambda x: STRENGTH[x])
                if why is not None:
                    why.append(f"leads {card_name(c)}, the top of {_suit(suit)}, to make"
                               " them trumps")
                return c
            trumps = [c for c in cards if c >> 4 == self.trump]
            if trumps and self.trumps_out():
                c = max(trumps, key=lambda x: STRENGTH[x])
                if why is not None:
                    why.append(f"leads {card_name(c)} to draw the adversaries' trumps")
                return c
            sure = [c for c in cards if self.master(c)]
            if sure:
                c = max(sure, key=lambda x: STRENGTH[x])
                if why is not None:
                    why.append(f"leads {card_name(c)}: no unseen card of its suit beats it")
                return c
            if why is not None:
                why.append(f"leads {card_name(low)}, his lowest card")
            return low
        return self.win_cheaply(cards, low, why)

    def win_cheaply(self, cards: list[int], low: int, why: list[str] | None) -> int:
        o = self.obs
        trick = [int(c) for _, c in o.trick]
        led = trick[0] >> 4
        best = trick[[p for p, _ in o.trick].index(o.winning)]
        winners = [c for c in cards if self.beats(c, best, led)]
        if not winners:
            if why is not None:
                why.append(f"cannot win: throws {card_name(low)}")
            return low
        if self.to_play_after():
            sure = [c for c in winners if self.holds(c, led)]
            if sure:
                c = min(sure, key=lambda x: (x >> 4 == self.trump, STRENGTH[x]))
                if why is not None:
                    why.append(f"wins with {card_name(c)}, which nobody after can beat")
                return c
        c = min(winners, key=lambda x: (x >> 4 == self.trump, STRENGTH[x]))
        if why is not None:
            why.append(f"wins as cheaply as he can, with {card_name(c)}")
        return c

    def sedan_declarer(self, cards: list[int], why: list[str] | None) -> int:
        """To lose every trick: lead the lowest card; follow with the highest card that
        does not win, else (forced to head it) the highest."""
        o = self.obs
        if not o.trick:
            c = min(cards, key=lambda x: STRENGTH[x])
            if why is not None:
                why.append(f"Sedan: leads {card_name(c)}, his lowest")
            return c
        trick = [int(c) for _, c in o.trick]
        best = trick[[p for p, _ in o.trick].index(o.winning)]
        under = [c for c in cards if not self.beats(c, best, trick[0] >> 4)]
        if under:
            c = max(under, key=lambda x: (x >> 4 != self.trump, STRENGTH[x]))
            if why is not None:
                why.append(f"Sedan: plays {card_name(c)}, the highest card that loses")
            return c
        c = max(cards, key=lambda x: STRENGTH[x])
        if why is not None:
            why.append(f"Sedan: must head the trick; plays {card_name(c)}")
        return c

    def defend(self, cards: list[int], low: int, why: list[str] | None) -> int:
        o = self.obs
        d = self.declarer
        if self.sedan:
            return self.defend_sedan(cards, low, why)
        if not o.trick:
            plain = [c for c in cards if c >> 4 != self.trump and self.master(c)
                     and not (self.void(d, c >> 4) and not self.void(d, self.trump))]
            if plain:
                c = max(plain, key=lambda x: STRENGTH[x])
                if why is not None:
                    why.append(f"leads {card_name(c)}, a sure winner the declarer cannot"
                               " ruff")
                return c
            trumps = [c for c in cards if c >> 4 == self.trump]
            if trumps and not self.void(d, self.trump) and self.trumps_out():
                c = max(trumps, key=lambda x: STRENGTH[x]) if any(
                    self.master(x) for x in trumps) else min(trumps, key=lambda x: STRENGTH[x])
                if why is not None:
                    why.append(f"leads the trump {card_name(c)} to draw the declarer's")
                return c
            c = min(cards, key=lambda x: (x >> 4 == self.trump, self.void(d, x >> 4),
                                          STRENGTH[x]))
            if why is not None:
                why.append(f"leads {card_name(c)}, his lowest, through the declarer")
            return c
        trick = [int(c) for _, c in o.trick]
        seats = [p for p, _ in o.trick]
        led = trick[0] >> 4
        best = trick[seats.index(o.winning)]
        declarer_played = d in seats
        if o.winning != d and (declarer_played or self.holds(best, led)):
            # a fellow adversary holds the trick: never overtake him (EW 130)
            if why is not None:
                why.append(f"a fellow adversary holds the trick: plays {card_name(low)}")
            return low
        winners = [c for c in cards if self.beats(c, best, led)]
        if not winners:
            if why is not None:
                why.append(f"cannot win: throws {card_name(low)}")
            return low
        if declarer_played:
            c = min(winners, key=lambda x: (x >> 4 == self.trump, STRENGTH[x]))
            if why is not None:
                why.append(f"beats the declarer's card as cheaply as he can, with"
                           f" {card_name(c)}")
            return c
        sure = [c for c in winners if self.holds(c, led)]
        if sure:
            c = min(sure, key=lambda x: (x >> 4 == self.trump, STRENGTH[x]))
            if why is not None:
                why.append(f"the declarer is still to play: puts on {card_name(c)}, which"
                           " he cannot beat")
            return c
        c = max(winners, key=lambda x: (x >> 4 != self.trump, STRENGTH[x]))
        if why is not None:
            why.append(f"the declarer is still to play: plays {card_name(c)} high to"
                       " make him spend a high card")
        return c

    def defend_sedan(self, cards: list[int], low: int, why: list[str] | None) -> int:
        """Against a Sedan: lead low; leave the declarer's card winning, and keep under
        it; before he plays, play low so that he cannot get under."""
        o = self.obs
        d = self.declarer
        lowest = min(cards, key=lambda x: STRENGTH[x])
        if not o.trick:
            if why is not None:
                why.append(f"against the Sedan: leads {card_name(lowest)}, his lowest")
            return lowest
        trick = [int(c) for _, c in o.trick]
        seats = [p for p, _ in o.trick]
        best = trick[seats.index(o.winning)]
        if o.winning == d:
            under = [c for c in cards if not self.beats(c, best, trick[0] >> 4)]
            if under:
                c = max(under, key=lambda x: STRENGTH[x])
                if why is not None:
                    why.append(f"leaves the declarer's card winning: plays {card_name(c)}")
                return c
        if why is not None:
            why.append(f"against the Sedan: plays {card_name(lowest)}, his lowest")
        return lowest
