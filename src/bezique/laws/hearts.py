"""Foster's Laws of Hearts (000 lines 19-137) as a referee: the laws of play and
settlement, on the generic table of :mod:`.base`.

Each law the table applies, and where (the tests in ``tests/test_laws_hearts.py`` are
named after them):

- **Law 13** (a misdeal): ``misdeal``, a hand found with a wrong number of cards before
  all have played to the first trick; the deal is void. **Law 14**: the misdeal loses
  the deal (the next dealer deals), unless a player touched his cards or interrupted the
  dealer, which the referee's file says with ``[Interrupted "yes"]``.
- **Law 15**: after the first trick is played to, two hands found with too few and too
  many cards: the one short draws from the other (``draw SEAT CARD``), each pays a
  forfeit of five counters into the pool.
- **Law 16**: a player omits to play to a trick (``omit``) and plays to the next: no
  correction; he takes in the last trick, with its hearts (and the card left over).
- **Law 17**: a player a card short (the others right, the first trick played to): he
  plays no card to the last trick, and takes it in.
- **Law 18**: two cards played at once (``two MEANT OTHER``): the other is left face up;
  a card exposed (``expose``) or named by its holder (``name``) too.
- **Law 19**: an exposed card must be played when another player calls it (``call
  CARD``), if it can be without revoking; it may always be played, and then no penalty
  remains.
- **Law 20**: a lead out of turn: if all play to it, the trick stands, no penalty;
  otherwise the cards are taken back, not exposed (``back``, or the rightful leader
  simply leads), and the player on the offender's right, he alone, may call a suit from
  him when it is next his proper turn to lead (``call SUIT``); with none of it, no
  penalty.
- **Law 21**: the third hand plays before the second: the fourth hand may demand the
  card back (``demand back``) and call on him to play the highest he has of the suit
  (``demand highest``) or not to discard a heart (``demand nohearts``); the fourth before
  the third, the second hand may. Undemanded, the card is played when its turn comes.
- **Law 22**: a revoke may be amended (``amend CARD``) before the trick is turned and
  quitted (before the next lead): the card played in error becomes an exposed card, and
  those who played after may take theirs back, not exposed (they play again).
- **Law 23**: a revoke claimed and established: the hand is played out and the revoker
  pays all the losses of the hand (every counter the cards taken cost); if he is the
  one clean player, he pays them to the pool and they stay as a Jack; if he is one of
  two clean, he pays the other half (six of thirteen) and leaves the rest (seven) for a
  Jack.
- **Law 24**: two or more revokers each pay the whole losses, as if alone in error (so a
  third player winning the pool takes 26 instead of 13); in Auction Hearts each revoker
  pays the amount of the bid besides.
- **Law 25**: the claimant may search the tricks at the end of the hand; the revoke is
  established if the accused mixes the cards (``mix``) before they could examine them.
- **Law 26**: a revoke must be claimed (``claim SEAT``) before the tricks are mixed for
  the next deal (``mix``).
- **Law 27**: lawfully called on to lead a suit or to play the highest of it, a player
  who needlessly fails to comply is liable to the penalties of a revoke (it is recorded
  as one, to be claimed).
- **Law 28**: looking at a quitted trick (``look``): the penalty of a lead out of turn
  (the player on his right may call a suit at his next lead).
- **Law 29**: the settlement of the pool (the game's own :meth:`HeartsGame.settle`), with
  the penalties above.

What is left out, and why (``docs/LAWS.md``): Laws 1-9 (the table, the cut, the shuffle
and the deal in progress) and 10-12 (a new deal for an incorrect or faced pack, a card
exposed in the deal, a deal out of turn) concern a pack not yet dealt; the referee takes
the deal as it lay and says only what Law 10 makes of an incorrect pack (a card twice,
or missing). Law 30 (Auction Hearts' single round of bids) the game itself enforces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.cards import card_name
from ..core.events import SUIT_NAMES
from ..core.game import DealResult, Game
from ..games.hearts.base import HEARTS, HeartsGame, HeartsState, Settlement
from .base import Call, LawError, LawTable, register

__all__ = ["HeartsLawTable"]

FORFEIT = 5  # Law 15


@register
class HeartsLawTable(LawTable):
    """A deal of any form of Hearts under Foster's Laws of Hearts."""

    games = (HeartsGame,)
    laws_title = "Foster's Laws of Hearts"
    law_of: ClassVar[dict[str, str]] = {
        "misdeal": "13", "wrong count": "15", "omission": "16", "card short": "17",
        "two cards": "18", "exposed card": "18", "lead out of turn": "20",
        "play before turn": "21", "revoke": "22", "claim": "26", "mix": "25",
        "search": "25", "call": "19",
        "failed to comply": "27", "looked at a quitted trick": "28"}

    state: HeartsState
    game: HeartsGame

    def __init__(self, state: Any, *, interrupted: bool = False) -> None:
        super().__init__(state)
        self.interrupted = interrupted

    # -- remedies --------------------------------------------------------------------------

    def premature_demander(self, seat: int, order: list[int]) -> int:
        """Law 21, read for any number of players: the player after the offender may
        demand (the fourth hand when the third plays before the second); when the
        offender is the last to play, the second hand (the fourth before the third)."""
        i = order.index(seat)
        if i < len(order) - 1:
            return order[i + 1]
        return order[1] if order[1] != seat else -1

    def comply(self, seat: int, card: int, call: Call) -> bool:
        s = self.state
        hand = s.hands[seat]
        if call.kind == "card":
            if call.card not in hand:
                return True
            if not self.legal_now(call.card):
                self.rule("19", f"seat {seat} cannot play the called {card_name(call.card)}"
                          " without revoking: the call lapses")
                return True
            if card != call.card:
                raise LawError(f"seat {seat} must play the exposed {card_name(call.card)},"
                               f" called by seat {call.by} (Law 19)")
            return True
        if call.kind == "suit":
            has = [c for c in hand if c >> 4 == call.suit]
            if not has:
                self.rule(call.law, f"seat {seat} has no {SUIT_NAMES[call.suit]}: no penalty"
                          " can be enforced")
                return True
            return card >> 4 == call.suit
        suit = s.trick[0] >> 4 if s.trick else -1
        same = [c for c in hand if c >> 4 == suit]
        if call.kind == "highest":
            if not same:
                return True
            best = max(same, key=lambda c: s.order.strength[c])
            return card == best
        if call.kind == "nohearts":
            if same:
                return True  # he follows suit: the call does not bite
            others = [c for c in hand if c >> 4 != s.avoid]
            if others and card >> 4 == s.avoid:
                raise LawError(f"seat {seat} was called on by seat {call.by} not to discard a"
                               f" {SUIT_NAMES[s.avoid][:-1]} (Law 21): play another suit")
            return True
        return True

    def score_cards(self, seat: int, cards: list[int], sign: int) -> None:
        """What cards cost their taker (hearts, the Joker, the suit bought)."""
        pts = sum(self.state.costs[c] for c in cards)
        if pts:
            self.state.points[seat] += sign * pts

    # -- the end ---------------------------------------------------------------------------

    def void_ruling(self) -> Settlement:
        law = "14"
        if self.interrupted:
            text = ("the misdeal does not lose the deal: a player touched his cards or"
                    " interrupted the dealer; the same dealer deals again")
        else:
            text = f"the misdeal loses the deal: seat {(self.state.dealer + 1) % self.n} deals"
        self.rule(law, text)
        return Settlement((0,) * self.n, self.state.pool, self.state.jack,
                          (f"the deal is void ({self.void}): nothing is paid",))

    def settle(self) -> Settlement:
        """The settlement of the hand (Law 29) with the penalties: Law 15's forfeits, Laws
        23-24's revokers paying all the losses."""
        self.end_of_hand()
        s, g, n = self.state, self.game, self.n
        if self.void:
            return self.void_ruling()
        if not s.is_terminal():
            raise LawError("the hand is not played out: no settlement yet (Law 23: the hand"
                           " must be played out)")
        revokers = self.revokers()
        forfeit = sum(self.forfeits)
        if not revokers:
            probe = s.clone()
            probe.pool += forfeit
            base = g.settle(probe)
            paid = tuple(x - f for x, f in zip(base.net, self.forfeits, strict=True))
            told = base.notes + ((f"forfeits of {forfeit} into the pool (Law 15)",)
                                 if forfeit else ())
            return Settlement(paid, base.pool, base.jack, told)
        losses = sum(s.points)
        bid = sum(s.paid_bid(p) for p in range(n))
        settling = getattr(g.options, "settling", "sweepstakes")
        if n == 2 or settling == "howell":
            return self.settle_revokes_paid_out(revokers, losses)
        dues = [self.forfeits[p] + s.paid_bid(p) for p in range(n)]
        notes: list[str] = []
        for r in revokers:
            dues[r] += losses + bid
            why = f"seat {r} revoked: he pays all the losses of the hand, {losses}"
            if bid:
                why += f", and the amount of the bid, {bid} (Law 24)"
            notes.append(why)
            self.rule("23" if len(revokers) == 1 else "24", why)
        pool = s.pool + sum(dues)
        net = [-x for x in dues]
        clean = [p for p in range(n) if s.points[p] == 0]
        winners = g.clean_rule(clean, s.jack)
        bad = [w for w in winners if w in revokers]
        if len(winners) == 1 and bad:
            notes.append(f"seat {bad[0]}, the revoker, would win the pool: his {losses} stay"
                         f" in it, a Jack of {pool}")
            self.rule("23", notes[-1])
            return Settlement(tuple(net), pool, True, tuple(notes))
        if len(winners) == 2 and bad:
            other = [w for w in winners if w not in revokers]
            if other:
                half = losses // 2
                net[other[0]] += half
                pool -= half
                notes.append(f"seat {bad[0]}, the revoker, would divide the pool: he pays seat"
                             f" {other[0]} {half} and leaves {losses - half} for a Jack")
            else:
                notes.append("both clean players revoked: the pool stays, a Jack")
            self.rule("23", notes[-1])
            return Settlement(tuple(net), pool, True, tuple(notes))
        if len(winners) == 1:
            net[winners[0]] += pool
            notes.append(f"seat {winners[0]} alone is clean and takes the pool of {pool}")
            pool = 0
        elif len(winners) == 2:
            half = pool // 2
            for w in winners:
                net[w] += half
            notes.append(f"seat {winners[0]} and seat {winners[1]} divide the pool of {pool}")
            pool -= 2 * half
        else:
            notes.append(f"no single clean player: the pool of {pool} stays, a Jack")
            self.rule("29", notes[-1])
            return Settlement(tuple(net), pool, True, tuple(notes))
        self.rule("29", notes[-1])
        return Settlement(tuple(net), pool, False, tuple(notes))

    def settle_revokes_paid_out(self, revokers: list[int], losses: int) -> Settlement:
        """Howell's settling and two-handed Hearts, with no pool: each revoker settles as
        if he alone had taken every card that costs (Laws 23-24 read for them)."""
        n = self.n
        net = [0] * n
        for r in revokers:
            for p in range(n):
                if p != r:
                    net[p] += losses
                    net[r] -= losses
        notes = tuple(f"seat {r} revoked: he pays as if he had taken all {losses}"
                      for r in revokers)
        for x in notes:
            self.rule("23", x)
        return Settlement(tuple(net), 0, False, notes)

    def deal_result(self) -> DealResult:
        """The settlement as the match's result, with the details the game's sheet reads
        (the pool left and whether it is a Jack)."""
        s = self.settle()
        if not self.revokers() and not any(self.forfeits) and not self.take_last \
                and not self.void:  # nothing the laws change: the game's own result
            return self.game.deal_result(self.state)
        clean = sum(1 for p in self.state.points if p == 0)
        return DealResult(s.net, s.notes, (("pool", s.pool), ("jack", int(s.jack)),
                                           ("clean", clean)))

    def extra_headers(self) -> list[tuple[str, str]]:
        s = self.state
        out = [("Pool", str(s.pool))] if s.pool else []
        return out + ([("Jack", "yes")] if s.jack else [])

    # -- the referee's deal ------------------------------------------------------------------

    @classmethod
    def deal_as_lay(cls, game: Game[Any], dealer: int, hands: Sequence[Sequence[int]],
                    **extra: Any) -> HeartsState:
        """The deal of Hearts as the hands lay (Law 10: the pack must be correct); cards
        found ``aside`` (under the table: a hand a card short, Law 17) are out of play.
        ``pool`` and ``jack``: the pool carried to the deal."""
        if not isinstance(game, HeartsGame):
            raise LawError(f"{game.title} is not a form of Hearts")
        n = game.num_players
        if n == 2:
            raise LawError("two-handed Hearts draws from a stock whose order the table does"
                           " not show: the referee takes three to six players")
        pack = [int(c) for c in game.pack.cards]
        dealt = [int(c) for h in hands for c in h]
        twice = sorted({c for c in dealt if dealt.count(c) > 1})
        aside = [int(c) for c in extra.get("aside", ())]
        missing = [c for c in pack if c not in dealt and c not in aside]
        if twice or missing:
            raise LawError("Law 10: the pack is incorrect ("
                           + ("twice: " + " ".join(card_name(c) for c in twice) if twice
                              else "missing: " + " ".join(card_name(c) for c in missing))
                           + "): a new deal by the same dealer")
        cls_state: type[HeartsState] = game.state_class
        s = cls_state.__new__(cls_state)
        s.start(game, dealer, hands)
        s.avoid = HEARTS
        s.pool = int(extra.get("pool", 0))
        s.jack = bool(extra.get("jack", False))
        s.costs = s.cost_table(HEARTS)
        s.setup()
        return s
