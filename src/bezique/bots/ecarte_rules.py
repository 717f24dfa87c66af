"""The rule-based player of Écarté, after the period's advice (Cavendish's *jeux de
règle* as the 1911 Britannica and Foster's *Complete Hoyle* give them).

The exchange:

* The elder plays without proposing with a *jeu de règle*: a hand that should make the
  point unless the dealer holds two trumps or more, which the odds are two to one
  against (Foster). The list (Britannica 1911, after Cavendish): any hand of three
  trumps; two trumps with three cards of one plain suit, with a plain King, or with a
  guarded Queen; one trump with a tierce major (K Q J of a plain suit), with four cards
  of one plain suit, with two Queens, with a King and a Queen, or with a Queen and a
  guarded Knave; no trump and four court cards, or three Queens; and a hand from which
  no more than two cards could be thrown without throwing a King or a trump. Holding
  the King of trumps he proposes all the same (the dealer cannot take it in), unless he
  holds three trumps. With the adversary at four and no King turned or held, he plays
  any hand of one trump with a card as good as an Ace (Britannica: the score is
  considered).
* The dealer refuses when guarded in three suits (a Queen a sufficient guard), in two
  suits with a trump, or in one suit with two trumps (Britannica); otherwise he
  accepts.
* Discarding: throw out every card but trumps and Kings (Britannica), the lowest first
  when the talon is short; the elder, who must throw one, throws his lowest card
  then. Later proposals: the elder proposes again while his hand is no *jeu de règle*.
* The King of trumps is marked as soon as it may be.

The play: the elder with two trumps or more and the master trump leads trumps; else
each leads the highest card of his longest plain suit (Britannica: lead from your
guarded suit, the highest); the follower, who must win if he can, wins with the lowest
card that wins, and, unable to win, throws his lowest card, a plain card before a trump.
"""

from __future__ import annotations

from ..core.cards import card_name
from ..core.game import Action, State
from ..games.ecarte import (
    ACE,
    JACK,
    KING,
    QUEEN,
    STRENGTH,
    Accept,
    Discard,
    Ecarte,
    EcarteObservation,
    MarkKing,
    Propose,
    Refuse,
    Stand,
    Take,
)
from .base import ReasoningBot, mover_observation

__all__ = ["EcarteRulesBot", "jeu_de_regle", "refuses"]

COURT = (KING, QUEEN, JACK)


def _plain(hand: list[int], trump: int) -> dict[int, list[int]]:
    suits: dict[int, list[int]] = {}
    for c in hand:
        if c >> 4 != trump:
            suits.setdefault(c >> 4, []).append(c)
    return suits


def jeu_de_regle(hand: list[int], trump: int) -> str | None:
    """The *jeu de règle* ``hand`` is (the hand to play without proposing), named as
    the list gives it, or None (Britannica 1911, after Cavendish).

    >>> from bezique.core.cards import parse_cards
    >>> jeu_de_regle([int(c) for c in parse_cards("7H 9H KH QS 8C")], 2)
    'three trumps'
    >>> jeu_de_regle([int(c) for c in parse_cards("KS QS JS 7H 8C")], 2)
    'one trump and a tierce major'
    >>> jeu_de_regle([int(c) for c in parse_cards("7S 9D 8C TC 7H")], 2) is None
    True
    """
    trumps = [c for c in hand if c >> 4 == trump]
    plain = _plain(hand, trump)
    t = len(trumps)
    ranks = [c & 15 for c in hand if c >> 4 != trump]
    kings = ranks.count(KING)
    queens = ranks.count(QUEEN)
    longest = max((len(v) for v in plain.values()), default=0)
    guarded_queen = any(QUEEN in [c & 15 for c in v] and len(v) >= 2 for v in plain.values())
    guarded_knave = any(JACK in [c & 15 for c in v] and len(v) >= 2 for v in plain.values())
    if t >= 3:
        return "three trumps"
    if t == 2:
        if longest >= 3:
            return "two trumps and three cards of one suit"
        if kings:
            return "two trumps and a King"
        if guarded_queen:
            return "two trumps and a guarded Queen"
    if t == 1:
        if any({KING, QUEEN, JACK} <= {c & 15 for c in v} for v in plain.values()):
            return "one trump and a tierce major"
        if longest >= 4:
            return "one trump and four cards of one suit"
        if queens >= 2:
            return "one trump and two Queens"
        if kings and queens:
            return "one trump, a King and a Queen"
        if queens and guarded_knave:
            return "one trump, a Queen and a guarded Knave"
    if t == 0:
        if queens >= 3:
            return "three Queens"
        if sum(1 for r in ranks if r in COURT) >= 4:
            return "four court cards"
    if t + kings >= 3:
        return "only two cards to throw but a King or a trump"
    return None


def refuses(hand: list[int], trump: int) -> bool:
    """Whether the dealer refuses a proposal: guarded in three suits (a Queen a
    sufficient guard), in two with a trump, or in one with two trumps (Britannica)."""
    t = sum(1 for c in hand if c >> 4 == trump)
    guarded = sum(1 for v in _plain(hand, trump).values()
                  if any(c & 15 in (KING, QUEEN) for c in v))
    return t >= 3 or guarded + t >= 3 or (t >= 2 and guarded >= 1)


def _keep(c: int, trump: int) -> float:
    """How much a card is worth keeping: trumps, then Kings, then by rank."""
    if c >> 4 == trump:
        return 20 + STRENGTH[c]
    if c & 15 == KING:
        return 15
    return STRENGTH[c]


class EcarteRulesBot(ReasoningBot):
    """Rule-based Écarté: see the module's docstring.

    >>> from bezique.games import make_game
    >>> state = make_game("ecarte").deal(0, seed=7)
    >>> EcarteRulesBot(1).choose(state) in state.legal_actions()
    True
    """

    games = (Ecarte,)
    name = "rules"

    def _decide(self, state: State, why: list[str] | None) -> Action:
        obs = mover_observation(state, EcarteObservation, "EcarteRulesBot plays Écarté only")
        legal = state.legal_actions()
        kinds = {type(a) for a in legal}
        trump = int(obs.trump)
        hand = [int(c) for c in obs.hand]
        if MarkKing in kinds:
            if why is not None:
                why.append("marks the King of trumps before playing a card")
            return next(a for a in legal if type(a) is MarkKing)
        if Propose in kinds or (Stand in kinds and len(legal) == 1):
            return self._propose(obs, hand, trump, legal, why)
        if Accept in kinds:
            refuse = refuses(hand, trump)
            if why is not None:
                why.append("refuses: guarded in enough suits to make the point" if refuse
                           else "accepts: not guarded in three suits (or two with a trump)")
            return next(a for a in legal if type(a) is (Refuse if refuse else Accept))
        if Discard in kinds or Take in kinds:
            return self._discard(obs, hand, trump, legal, why)
        card = self._lead(obs, hand, trump, legal, why) if not obs.trick \
            else self._follow(obs, trump, legal, why)
        return next(a for a in legal if getattr(a, "card", None) == card)

    # -- the exchange ------------------------------------------------------------------

    def _propose(self, obs: EcarteObservation, hand: list[int], trump: int,
                 legal: list[Action], why: list[str] | None) -> Action:
        stand = next(a for a in legal if type(a) is Stand)
        if len(legal) == 1:
            if why is not None:
                why.append("the talon is spent: plays")
            return stand
        propose = next(a for a in legal if type(a) is Propose)
        jeu = jeu_de_regle(hand, trump)
        trumps = sum(1 for c in hand if c >> 4 == trump)
        king = trump * 16 + KING
        adversary = 1 - obs.seat
        kings_out = king in hand or any(True for _ in obs.kings)
        if (obs.standing[adversary] + obs.points[adversary] == obs.target - 1
                and not kings_out and trumps >= 1
                and any(STRENGTH[c] >= STRENGTH[ACE] for c in hand if c >> 4 != trump)):
            if why is not None:
                why.append("the adversary is at four: plays any hand with a trump and a good"
                           " card rather than let him take in the King")
            return stand
        if jeu is not None and (king not in hand or trumps >= 3):
            if why is not None:
                why.append(f"a jeu de règle ({jeu}): plays without proposing")
            return stand
        if why is not None:
            why.append("holds the King of trumps: proposes, the dealer cannot take it in"
                       if jeu is not None else "no jeu de règle: proposes")
        return propose

    def _discard(self, obs: EcarteObservation, hand: list[int], trump: int,
                 legal: list[Action], why: list[str] | None) -> Action:
        """One card at a time: the lowest card that is neither a trump nor a King while
        one may be thrown; the elder, who must throw one, his lowest card if he holds
        nothing else; then take."""
        throws = [a for a in legal if isinstance(a, Discard)]
        take = next((a for a in legal if isinstance(a, Take)), None)
        spare = sorted((c for c in hand if c >> 4 != trump and c & 15 != KING),
                       key=lambda c: _keep(c, trump))
        if throws and (spare or take is None):
            c = spare[0] if spare else min(hand, key=lambda x: _keep(x, trump))
            if why is not None:
                why.append(f"throws out {card_name(c)}: keeps only trumps and Kings"
                           if spare else f"must throw one card: the lowest, {card_name(c)}")
            return next(a for a in throws if int(a.card) == c)
        if why is not None:
            why.append("keeps his trumps and Kings: takes his cards")
        return take if take is not None else legal[0]

    # -- the play ----------------------------------------------------------------------

    def _lead(self, obs: EcarteObservation, hand: list[int], trump: int,
              legal: list[Action], why: list[str] | None) -> int:
        trumps = sorted((c for c in hand if c >> 4 == trump), key=lambda c: -STRENGTH[c])
        seen = {int(c) for pile in obs.won for c in pile} | set(hand) | {int(obs.turn_up)}
        higher_out = [c for c in range(trump * 16, trump * 16 + 16)
                      if STRENGTH[c] > (STRENGTH[trumps[0]] if trumps else 99)
                      and c not in seen]
        if len(trumps) >= 2 and not higher_out:
            if why is not None:
                why.append(f"leads the master trump {card_name(trumps[0])}, with trumps to"
                           " spare")
            return trumps[0]
        plain = _plain(hand, trump)
        if plain:
            suit = max(plain, key=lambda s: (len(plain[s]), max(STRENGTH[c] for c in plain[s])))
            c = max(plain[suit], key=lambda x: STRENGTH[x])
            if why is not None:
                why.append(f"leads {card_name(c)}, the highest of his longest plain suit")
            return c
        c = max(hand, key=lambda x: STRENGTH[x])
        if why is not None:
            why.append(f"only trumps: leads the highest, {card_name(c)}")
        return c

    def _follow(self, obs: EcarteObservation, trump: int, legal: list[Action],
                why: list[str] | None) -> int:
        lead = int(obs.trick[0][1])
        cards = [int(getattr(a, "card")) for a in legal if hasattr(a, "card")]  # noqa: B009

        def wins(c: int) -> bool:
            if c >> 4 == lead >> 4:
                return STRENGTH[c] > STRENGTH[lead]
            return c >> 4 == trump

        winners = [c for c in cards if wins(c)]
        if winners:
            c = min(winners, key=lambda x: _keep(x, trump))
            if why is not None:
                why.append(f"wins the trick with the lowest card that wins, {card_name(c)}")
            return c
        c = min(cards, key=lambda x: _keep(x, trump))
        if why is not None:
            why.append(f"cannot win: throws {card_name(c)}, the card worth least")
        return c
