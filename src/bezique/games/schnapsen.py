"""Schnapsen as the ``schnapsen`` platform (0.0.5, intelligent-systems-course) plays it: a
preset of Sixty-Six (:mod:`bezique.games.sixtysix`, Foster's rules) stating only what
differs, so that our players can be measured against the platform's bots on its own
rules (``benchmarks/schnapsen_match.py``).

What differs from Foster's Sixty-Six, each as the platform's engine does it:

- The pack has 20 cards: Ace, Ten, King, Queen, Jack of each suit (no Nines); the card
  values are Foster's (11, 10, 4, 3, 2: 120 in the pack).
- The deal: the pack order's cards 0, 2, 4, 6, 8 go to the pone, who leads first, and 1,
  3, 5, 7, 9 to the dealer; the other ten are the talon, its last card the trump card,
  lying face up at the bottom and drawn last (by the loser of the tenth trick).
- After every trick while the talon lasts, the winner draws the top card and the other
  the next, at once: there is no decision between trick and draw (no ``draw`` phase).
- No closing and no claiming: the platform has neither. The deal ends by itself as soon
  as the winner of a trick has 66 or more: 1 game point, 2 if the other has under 33, 3
  if the other has won no trick. Played to the end with neither at 66, the winner of the
  last trick scores 1 game point, whatever the counts; the last trick earns no 10. So a
  deal is never tied and a marriage is never shown (no ``show``).
- A marriage is led with its King only (``marry KH``; the platform's marriage move plays
  the King) and its 20 or 40 always wait, as pending points, until its declarer next
  wins a trick (the very trick it is led to, if he wins it), even when he has won tricks
  before; Foster counts it at once for a player who has a trick. The leader may marry at
  any lead, talon open or exhausted, with or without a trick won.
- The exchange: the Jack of trumps (not the Nine) for the trump card, by the leader only,
  before he leads, while the talon holds a card; no trick need have been won. The
  exchanger then leads. The field ``nine`` of the state holds the card that exchanges
  (here the Jack of trumps).
- Once the talon is exhausted the follower must head the trick: a higher card of the
  suit led if he has one, else a lower one, else a trump (when a plain suit was led),
  else any card. Foster asks only to follow suit. Failing to follow or to trump shows a
  void (``voids``), though every card is known by then anyway.
- A game (the match) is Foster's: 7 game points, a loser without a point losing a double
  game; the platform plays single deals.

Everything else is Sixty-Six's: the trick's winner (the higher card of the suit led,
else a trump, else the lead), drawing, the public record of known cards, observations and
``resample``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import ClassVar, cast

from ..core.cards import Card, Pack, Rank, card_name
from ..core.errors import IllegalActionError, NotationError
from ..core.events import Played, TrickWon
from ..core.game import Action, Options, check_seat
from .sixtysix import (
    EXCHANGE,
    FOLLOW,
    KING,
    LEAD,
    MARRIAGE,
    POINTS,
    ROYAL_MARRIAGE,
    STRENGTH,
    TARGET,
    Claim,
    Close,
    Draw,
    Married,
    Marry,
    Play,
    Show,
    SixtySix,
    SixtySixOptions,
    SixtySixState,
)
from .sixtysix import parse_action as _parse_sixtysix

JACK = 11
#: The ranks of the platform's pack, high to low.
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
#: The platform's 20 cards (A, T, K, Q, J of each suit), in the order of our card ids.
PACK = Pack.of_ranks(RANKS)
_CARD_IDS = frozenset(int(c) for c in PACK.all_cards())
_PLAY = {c: Play(Card(c)) for c in _CARD_IDS}
_MARRY = {c: Marry(Card(c)) for c in _CARD_IDS if c & 15 == KING}
_NOT_HERE = (Close, Claim, Show, Draw)


@dataclasses.dataclass(frozen=True)
class SchnapsenOptions(Options):
    """The options of the Schnapsen preset: only the game's length and stakes, as in
    Sixty-Six; the deal, the exchange and the scoring are the platform's and fixed."""

    game_title: ClassVar[str] = "Schnapsen"

    game_target: int = SixtySixOptions.shared(
        "game_target", "Game points that win the game: 7 (as Sixty-Six).")
    stakes: str = SixtySixOptions.shared(
        "stakes",
        "How a game is settled: so much a game, a loser without a point losing a double game"
        " (as Sixty-Six), or so much a point.")


def parse_action(text: str) -> Action:
    """Parse a Schnapsen action: a card (``QS``), ``marry KH`` or ``exchange``.

    >>> str(parse_action("marry kh")), str(parse_action("TC"))
    ('marry KH', 'TC')
    """
    action = _parse_sixtysix(text, RANKS, "Schnapsen")
    if isinstance(action, _NOT_HERE):
        raise NotationError(f"Schnapsen (the schnapsen platform's rules) has no {action}:"
                            " play a card, 'marry K?' or 'exchange'")
    if isinstance(action, Marry) and int(action.card) & 15 != KING:
        raise NotationError(f"a marriage is led with its King in Schnapsen: write"
                            f" 'marry K{action.card.suit.letter}', not {text.strip()!r}")
    return action


class Schnapsen(SixtySix):
    """Schnapsen by the schnapsen platform's rules: 20 cards, five each, the trump card
    under the talon, no closing or claiming (see the module's notes).

    >>> state = Schnapsen().deal(dealer=0, seed=1)
    >>> len(state.hands[0]), len(state.hands[1]), len(state.stock), state.current_player()
    (5, 5, 9, 1)
    """

    name = "schnapsen"
    title = "Schnapsen"
    rules_by = "the schnapsen platform's rules"
    blurb = ("Schnapsen, Sixty-Six's Austrian cousin: 20 cards, five each, the trump card"
             " under the talon, 66 to win a deal.")
    options_class = SchnapsenOptions  # type: ignore[assignment]
    options: SchnapsenOptions  # type: ignore[assignment]
    pack = PACK

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


class SchnapsenState(SixtySixState):
    """A position in one deal of Schnapsen (the platform's rules)."""

    __slots__ = ()

    game: Schnapsen

    @classmethod
    def from_pack(cls, game: SixtySix, dealer: int, order: Sequence[int]) -> SchnapsenState:
        """Deal as the platform does from a pack order (index 0 the top card): the pone
        (who leads) the even cards of the first ten, the dealer the odd ones; the last
        card of the ten left is the trump card, under the talon."""
        dealer = check_seat(dealer, 2, "dealer")
        o = [int(c) for c in order]
        if len(o) != 20:
            raise ValueError(f"a Schnapsen pack order has 20 cards, not {len(o)}")
        pone = 1 - dealer
        hands: list[list[int]] = [[], []]
        hands[pone] = o[0:10:2]
        hands[dealer] = o[1:10:2]
        # the card that exchanges for the trump card is the Jack of trumps; the talon's
        # top card (o[10]) last, as pop() takes it
        return cls._dealt(game, dealer, hands, o[19], JACK, o[18:9:-1])

    @classmethod
    def position(cls, game: SixtySix, **kw: object) -> SchnapsenState:
        """Set up a position directly, as :meth:`SixtySixState.position` does (the same
        keywords), with Schnapsen's cards: no Nine, and no ``draw`` phase, no closing."""
        if kw.get("phase") == "draw" or kw.get("closed"):
            raise ValueError("Schnapsen has no draw phase and no closing")
        s = cast(SchnapsenState, super().position(game, **kw))  # type: ignore[arg-type]
        placed = [c for h in s.hands for c in h] + s.stock + [c for w in s.won for c in w] \
            + ([s.turn_up] if s.turn_up >= 0 else []) + ([s.lead] if s.lead >= 0 else [])
        for c in placed:
            if c not in _CARD_IDS:
                raise ValueError(f"{card_name(c)} is not a Schnapsen card (A 10 K Q J)")
        s.nine = s.trump * 16 + JACK
        return s

    # -- the rules that differ -----------------------------------------------------------

    def _follow_cards(self, hand: list[int], lead: int) -> list[int]:
        """The cards the follower may play once the talon is exhausted: a higher card of
        the suit led, else a lower one, else a trump (a plain suit led), else any."""
        suit = lead >> 4
        same = [c for c in hand if c >> 4 == suit]
        if same:
            higher = [c for c in same if STRENGTH[c] > STRENGTH[lead]]
            return higher or same
        trump = self.trump
        if suit != trump:
            trumps = [c for c in hand if c >> 4 == trump]
            if trumps:
                return trumps
        return hand

    def _can_exchange(self, p: int) -> bool:
        # the leader, before he leads, while the talon holds a card; no trick needed
        return self.phase == LEAD and self.turn_up >= 0 and self.nine in self.hands[p]

    def _why_no_exchange(self, p: int) -> str:
        if self.phase != LEAD:
            return "only the leader exchanges, before he leads"
        if self.turn_up < 0:
            return "the talon is exhausted: too late to exchange the Jack of trumps"
        return f"exchange needs the Jack of trumps ({card_name(self.nine)}) in your hand"

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        hand = self.hands[self.player]
        if phase == FOLLOW:
            if self.turn_up < 0:
                return [_PLAY[c] for c in self._follow_cards(hand, self.lead)]
            return [_PLAY[c] for c in hand]
        if phase == LEAD:
            acts: list[Action] = [_PLAY[c] for c in hand]
            for c in hand:
                if c & 15 == KING and c - 1 in hand:
                    acts.append(_MARRY[c])
            if self.turn_up >= 0 and self.nine in hand:
                acts.append(EXCHANGE)
            return acts
        return []

    def apply(self, action: Action) -> None:
        if isinstance(action, _NOT_HERE):
            raise IllegalActionError(f"{action} is not allowed: Schnapsen (the platform's"
                                     " rules) has no closing, claiming, showing or drawing"
                                     " by choice")
        if type(action) is Marry and self.phase != FOLLOW:
            c = action.card
            if isinstance(c, int) and c in _CARD_IDS and c & 15 != KING:
                raise IllegalActionError(f"{action}: a marriage is led with its King in"
                                         " Schnapsen")
        if type(action) in (Play, Marry):
            c = action.card  # type: ignore[attr-defined]
            if isinstance(c, int) and not isinstance(c, bool) and c not in _CARD_IDS:
                raise IllegalActionError(f"{card_name(c) if 0 <= c < 64 else c!r} is not a"
                                         " Schnapsen card (A 10 K Q J)")
        super().apply(action)

    def _marriage(self, p: int, suit: int, how: str) -> None:
        # the platform's marriage points wait until the declarer next wins a trick
        value = ROYAL_MARRIAGE if suit == self.trump else MARRIAGE
        self.log = ((Married, p, suit, value, how == "show"), self.log)
        pending = self.pending = self.pending[:]  # a new list: copies may share the old one
        pending[p] += value

    def _play(self, p: int, c: int) -> None:
        if self.phase == LEAD:
            super()._play(p, c)
            return
        hand = self.hands[p]
        if c not in hand:
            raise IllegalActionError(f"{card_name(c)} is not in your hand")
        lead = self.lead
        suit = lead >> 4
        if self.turn_up < 0:  # the talon is exhausted: head the trick, else trump
            allowed = self._follow_cards(hand, lead)
            if c not in allowed:
                raise IllegalActionError(
                    f"{card_name(c)} is not allowed: with the talon exhausted play a higher"
                    " card of the suit led, else a lower one, else a trump; play one of "
                    + " ".join(card_name(x) for x in allowed))
            if c >> 4 != suit:
                voids = self.voids = self.voids[:]  # a new list: copies may share the old one
                voids[p] |= 1 << suit
                if c >> 4 != self.trump:
                    voids[p] |= 1 << self.trump
        hand.remove(c)
        known = self.known[p]
        if known and c in known:
            self.known[p] = [x for x in known if x != c]
        self.log = ((Played, p, c), self.log)
        if c >> 4 == suit:
            w = p if STRENGTH[c] > STRENGTH[lead] else 1 - p
        else:
            w = p if c >> 4 == self.trump else 1 - p
        # the lists a trick changes are replaced, never changed in place, so that a copy
        # may share them (Sixty-Six's copies may)
        self.tricks += 1
        self.won[w] = self.won[w] + [lead, c]
        points = self.points = self.points[:]
        points[w] += POINTS[lead] + POINTS[c]
        self.log = ((TrickWon, w, (lead, c)), self.log)
        tricks_won = self.tricks_won = self.tricks_won[:]
        tricks_won[w] += 1
        if self.pending[w]:
            self._score(w, self.pending[w], "marriage (now counts)")
            pending = self.pending = self.pending[:]
            pending[w] = 0
        self.last_trick = (lead, c)
        self.last_winner = w
        self.lead = -1
        self.player = w
        if self.turn_up >= 0:
            self._draw()  # the winner the top card, the other the next; sets LEAD
        else:
            self.phase = LEAD
        pts = self.points
        if pts[w] >= TARGET:
            o = 1 - w
            value = 3 if not self.tricks_won[o] else 2 if pts[o] < 33 else 1
            self._finish(w, value, f"seat {w} reaches 66 with {pts[w]}, {pts[o]} against")
        elif not self.hands[w]:
            self._finish(w, 1, f"seat {w} wins the last trick, {pts[0]} to {pts[1]}")

    # -- copies --------------------------------------------------------------------------

    def resample(self, seat: int, rng: random.Random) -> SchnapsenState:
        return super().resample(seat, rng)  # type: ignore[return-value]

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def __str__(self) -> str:
        return "Schnapsen" + super().__str__().removeprefix("Sixty-Six")

    def __repr__(self) -> str:
        return "<SchnapsenState" + super().__repr__().removeprefix("<SixtySixState")


Schnapsen.state_class = SchnapsenState


__all__ = ["PACK", "Schnapsen", "SchnapsenOptions", "SchnapsenState", "parse_action"]
