"""A rule-based player for three- and four-handed Binocle and Auction Binocle.

Foster's Suggestions for Good Play (the Bézique family's, Binocle included) say what
applies once every card is dealt and the melds are laid at once:

* lay everything the hand can make (the best laying): with no stock there is nothing to
  wait for, and a meld scores only when its holder wins a trick, so
* win a trick early when there is something announced, leading a sure winner (the best
  card of its suit still out, unseen or shown in another hand) or the highest trump,
  rather than small cards;
* the lead may be needed to keep an adversary from scoring what he announced, above all
  toward the end of the hand (and high trumps are led for it): when the usual lead lets
  him win a trick he may not win later, lead a card nobody can beat;
* brisques: every Ace or Ten let go to another is points lost; follow with the cheapest
  card that must be played, and when winning is possible and the trick is the last to
  play, take it with the card worth most (an Ace or Ten); when a partner is winning the
  trick and nobody can take it from him, give him counting cards;
* lead small plain cards when there is nothing to win for, keep the trumps for the lead;
* claim the game (``knock``) exactly when the seat's own count reaches its target: the
  engine gives the count only to a player who keeps it, and this one does;
* Auction Binocle: bid up to what the hand can safely make, its best laying under its
  best trump and a share of the cards for its Aces, Tens and trumps (and what a widow or
  a partner adds), less a margin: the least that tops the last bid while it has bids
  to come or nobody may bid after it, else all of it at once; discard from the widow the
  cards that make nothing and count least; name the suit that makes the most.

It sees the deal only through ``state.observation(seat)`` and ``state.legal_actions()``.
Run this module for the figures against the random player (duplicate deals)::

    python -m bezique.bots.binocle_multi_rules [deals] [seed]
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from ..core.game import Action, Game, State
from ..core.trick import PlayCard
from ..games.bezique.declarations import ACE, STRENGTH, TEN
from ..games.binocle.laying import best_laying
from ..games.binocle.melds import CARD_POINTS, PACK_48, TABLE
from ..games.binocle.multi import Lay, MultiBinocle
from ..games.binocle.two_handed import Knock
from .arena import duplicate_table
from .base import Bot
from .random_bot import RandomBot

__all__ = ["BinocleMultiRulesBot", "bid_estimate", "bid_warnings", "safe_bid"]


#: What each card of the widow adds on average to what the bidder makes (he takes the
#: widow and lays aside as many cards, which count for him: measured over duplicate deals
#: of the rule players, about 60 for three cards and 80 for four, above the hand alone).
WIDOW_CARD = 20
#: What a partner adds on average to what the side makes (his cards and his melds:
#: measured as about 90 at four players as partners).
PARTNER = 90
#: How far below the estimate a bid stays: with no widow and no partner the bidder fell
#: short of the estimate by 30 or more one time in twenty; the spread grows with the
#: cards he does not know when he bids (the widow's, his partner's), and the margins for
#: them are those that did best over duplicate deals.
MARGIN, MARGIN_WIDOW_CARD, MARGIN_PARTNER = 30, 10, 35


#: The melds (points, weighed by the chances) the usual lead must expose to an adversary
#: before the lead is used to keep him from the trick instead.
LEAD_TOLERANCE = 20.0
#: Below this chance that an adversary can beat it, a lead is taken as sure to win.
SURE = 0.05


def bid_estimate(hand: Sequence[int], players: int, table: Any = TABLE, *,
                 widow: int = 0, partners: bool = False) -> tuple[int, int]:
    """What a hand can make if it names the trump: ``(points, suit)``, the best laying
    under the best suit, and a share of the cards for its Aces, Tens and trumps; with a
    widow of ``widow`` cards to take, and a partner (``partners``), what they add on
    average (:data:`WIDOW_CARD`, :data:`PARTNER`). About what the bidder makes as often
    as not."""
    best = (-1, 0)
    share = 240 // players
    for suit in range(4):
        melds = best_laying(list(hand), suit, table).total
        trumps = sum(1 for c in hand if c >> 4 == suit)
        aces = sum(1 for c in hand if c & 15 == ACE)
        tens = sum(1 for c in hand if c & 15 == TEN)
        cards = share // 2 + 8 * aces + 4 * tens + 6 * trumps
        best = max(best, (melds + cards, suit))
    extra = WIDOW_CARD * widow + (PARTNER if partners else 0)
    return best[0] + extra, best[1]


def safe_bid(hand: Sequence[int], players: int, table: Any = TABLE, *, widow: int = 0,
             partners: bool = False) -> int:
    """The highest bid the hand should make: its estimate less the margin that makes the
    bid good about nineteen times in twenty (a bid not made costs the bidder what he made
    and the bid: Auction Binocle, the bid set back), in tens.

    >>> from bezique.core.cards import Card
    >>> hand = [int(Card.parse(c)) for c in "AH TH KH QH JH AS AS AC AD KS QS JD".split()]
    >>> points, suit = bid_estimate(hand, 3)
    >>> safe_bid(hand, 3) == (points - MARGIN) // 10 * 10, suit
    (True, 2)
    """
    points = bid_estimate(hand, players, table, widow=widow, partners=partners)[0]
    margin = MARGIN + MARGIN_WIDOW_CARD * widow + (MARGIN_PARTNER if partners else 0)
    return max(0, (points - margin) // 10 * 10)


def bid_warnings(state: State) -> dict[str, str]:
    """For the seat to bid in an auction: each legal bid above what its hand can safely
    make by this player's estimate (:func:`safe_bid`), by its notation, with words that
    say so, for a person to confirm before bidding it; ``{}`` when no bid is to be made.

    >>> from bezique.games import GAMES
    >>> state = GAMES["binocleauction"]().deal(0, seed=3)
    >>> warned = bid_warnings(state)
    >>> sorted(warned, key=lambda n: int(n.split()[1]))[-1], len(warned) > 0
    ('bid 1000', True)
    >>> bid_warnings(GAMES["binocle3"]().deal(0, seed=3))
    {}
    """
    from ..games.binocle.auction import Bid
    bids = [a for a in state.legal_actions() if isinstance(a, Bid)]
    if not bids:
        return {}
    seat = state.current_player()
    obs: Any = state.observation(seat)
    hand = [int(c) for c in obs.hand]
    game: Any = state.game
    partners = bool(getattr(game, "partnership", False))
    widow = getattr(game, "widow_size", 0)
    points = bid_estimate(hand, game.num_players, widow=widow, partners=partners)[0]
    limit = safe_bid(hand, game.num_players, widow=widow, partners=partners)
    return {a.notation(): f"The rule-based player's estimate of this hand is about {points}"
                          f" points, a safe bid {limit} at most. Bid {a.points} all the same?"
            for a in bids if a.points > limit}


class BinocleMultiRulesBot(Bot):
    """The rule-based player of three- and four-handed Binocle and Auction Binocle."""

    games = (MultiBinocle,)

    name = "rules"

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        obs: Any = state.observation(seat)
        knock = [a for a in legal if isinstance(a, Knock)]
        if knock and self._count(obs) >= obs.targets[seat]:
            return knock[0]
        lays = [a for a in legal if isinstance(a, Lay)]
        if lays:
            return max(lays, key=lambda a: len(a.melds))
        plays = [a for a in legal if isinstance(a, PlayCard)]
        if plays:
            return self._play(obs, plays)
        choice = self._auction(obs, legal, state.game)
        if choice is not None:
            return choice
        return self.rng.choice(legal)

    # -- the auction ---------------------------------------------------------------------

    @staticmethod
    def _auction(obs: Any, legal: list[Action], game: Any) -> Action | None:
        """Bid up to what the hand can safely make (:func:`safe_bid`): the least that
        tops the others while the seat has a bid left after this one (with a widow,
        three bids each) or nobody may bid after it; with its last bid, and others still
        to bid, all of it at once (a lower bid could be topped by a hand worth less);
        discard what makes nothing and counts least; name the suit that makes most."""
        from ..games.binocle.auction import Bid, Discard, NameTrump, Pass
        hand = [int(c) for c in obs.hand]
        n = len(obs.sides)
        partners = bool(getattr(game, "partnership", False))
        widow = getattr(game, "widow_size", 0)
        suit = bid_estimate(hand, n, widow=widow, partners=partners)[1]
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.points)
        if bids or any(isinstance(a, Pass) for a in legal):
            if len(legal) == 1:
                return legal[0]  # the dealer's forced bid
            limit = safe_bid(hand, n, widow=widow, partners=partners)
            if not bids or bids[0].points > limit:
                return next((a for a in legal if isinstance(a, Pass)), None)
            most = getattr(game, "max_bids", 1)
            mine = sum(1 for seat, words in obs.bids if seat == obs.seat and words != "pass")
            if mine + 1 < most or not _others_may_bid(obs, most):
                return bids[0]  # a bid left to answer with, or nobody to outbid it
            return next(a for a in reversed(bids) if a.points <= limit)
        trumps = [a for a in legal if isinstance(a, NameTrump)]
        if trumps:
            return next(a for a in trumps if a.suit == suit)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            keep = set(best_laying(hand, suit).cards())
            spare = [a for a in discards if int(a.card) not in keep
                     and int(a.card) >> 4 != suit] or discards
            return min(spare, key=lambda a: (CARD_POINTS[a.card], STRENGTH[a.card]))
        return None

    # -- the claim -----------------------------------------------------------------------

    @staticmethod
    def _count(obs: Any) -> int:
        """The seat's own count: its standing, its side's scores, and the cards in its
        side's tricks (kept in its head)."""
        me = obs.seat
        side = [p for p in range(len(obs.sides)) if obs.sides[p] == obs.sides[me]]
        cards = sum(CARD_POINTS[c] for p in side for c in obs.won[p])
        return int(obs.standing[me] + obs.points[me] + cards)

    # -- the play ------------------------------------------------------------------------

    def _play(self, obs: Any, plays: list[PlayCard]) -> Action:
        me = obs.seat
        t = int(obs.trump) if obs.trump is not None else -1
        cards = [a.card for a in plays]
        by_card = {a.card: a for a in plays}
        unseen = self._unseen(obs)

        # the cards known (shown in their melds) in the hands still to play to the trick
        played = {p for p, _ in obs.trick}
        held = [0] * 64
        for p, known in enumerate(obs.known_in_hand):
            if p != me and p not in played:
                for c in known:
                    held[c] += 1

        def top(c: int) -> bool:
            """No card of its suit ranks above it, unseen or known in a hand still to
            play to the trick."""
            s = c >> 4
            return not any(unseen[x] or held[x] for x in range(s * 16, s * 16 + 16)
                           if STRENGTH[x] > STRENGTH[c])

        def cheap(c: int) -> tuple[int, bool, int]:
            return (CARD_POINTS[c], c >> 4 == t, STRENGTH[c])

        want_trick = not obs.scored_melds[me] and (
            obs.announced[me] > 0 or any(obs.announced[p] for p in range(len(obs.sides))
                                         if obs.sides[p] == obs.sides[me] and p != me))
        if not obs.trick:  # the lead
            lead = self._usual_lead(cards, t, want_trick, top, cheap)
            threats = self._threats(obs)
            if threats:
                lead = self._lead_against(obs, cards, lead, threats, unseen, t, top)
            return by_card[lead]
        trick = [(p, int(c)) for p, c in obs.trick]
        best = dict(trick)[obs.winning]
        active = len(obs.sides) - (1 if obs.retired >= 0 else 0)
        last = len(trick) == active - 1
        winners = [c for c in cards if _beats(c, best, t)]
        partner_winning = (obs.winning != me and obs.sides[obs.winning] == obs.sides[me])
        if winners:
            if last:
                return by_card[max(winners, key=lambda c: (CARD_POINTS[c], -STRENGTH[c]))]
            sure = [c for c in winners if top(c)]
            if sure:
                return by_card[min(sure, key=lambda c: (c >> 4 == t, STRENGTH[c]))]
            return by_card[max(winners, key=lambda c: STRENGTH[c])]
        if partner_winning and (last or top(best)):
            return by_card[max(cards, key=lambda c: (CARD_POINTS[c], -STRENGTH[c]))]
        return by_card[min(cards, key=cheap)]

    @staticmethod
    def _usual_lead(cards: list[int], t: int, want_trick: bool, top: Any, cheap: Any) -> int:
        """With melds to score, a sure winner (the best of its suit) or the highest
        trump; else a plain Ten or Ace that is sure to win; else the cheapest plain
        card."""
        sure = [c for c in cards if top(c)]
        sure_plain = [c for c in sure if c >> 4 != t]
        if want_trick:
            trumps = [c for c in cards if c >> 4 == t]
            if sure:
                return max(sure, key=lambda c: (c >> 4 == t, STRENGTH[c]))
            if trumps:
                return max(trumps, key=lambda c: STRENGTH[c])
        if sure_plain and any(CARD_POINTS[c] >= 10 for c in sure_plain):
            return max(sure_plain, key=lambda c: CARD_POINTS[c])
        plain = [c for c in cards if c >> 4 != t] or cards
        return min(plain, key=cheap)

    @staticmethod
    def _threats(obs: Any) -> dict[int, int]:
        """The adversaries with melds announced and not yet scored, and their points:
        each scores his melds on the first trick he wins (Three-handed Binocle, Melds)."""
        me = obs.seat
        return {p: obs.announced[p] for p in range(len(obs.sides))
                if obs.sides[p] != obs.sides[me] and p != obs.retired
                and obs.announced[p] > 0 and not obs.scored_melds[p]}

    @staticmethod
    def _lead_against(obs: Any, cards: list[int], usual: int, threats: dict[int, int],
                      unseen: list[int], t: int, top: Any) -> int:
        """Suggestions, the Lead and Trumps: the lead may be needed to keep an adversary
        from scoring his melds, above all toward the end of the hand, and high trumps are
        led for it. What the usual lead exposes: the melds of each adversary who may beat
        it, weighed by the chance he can and the chance that no later trick falls to him
        (that he holds no trump and no best card of a suit). When that is
        :data:`LEAD_TOLERANCE` or more, lead instead a card no adversary can beat, the
        highest trump first; with none, the usual lead stands."""
        me = obs.seat
        adversaries = [p for p in range(len(obs.sides))
                       if obs.sides[p] != obs.sides[me] and p != obs.retired]
        later = obs.hand_sizes[me] - 1  # the tricks after this one
        exposed = sum(points * (_winless_chance(obs, p, t, unseen, top) if later else 1.0)
                      * _beat_chance(obs, p, usual, t, unseen)
                      for p, points in threats.items())
        if exposed < LEAD_TOLERANCE:
            return usual
        stoppers = [c for c in cards
                    if all(_beat_chance(obs, p, c, t, unseen) < SURE for p in adversaries)]
        if not stoppers:
            return usual
        return max(stoppers, key=lambda c: (c >> 4 == t, STRENGTH[c]))

    @staticmethod
    def _unseen(obs: Any) -> list[int]:
        """Copies of each card this seat has not seen: the pack less its hand, the cards
        played, and the cards known in the other hands."""
        unseen = [0] * 64
        for c in PACK_48.all_cards():
            unseen[c] += 1
        for c in obs.hand:
            unseen[c] -= 1
        for pile in obs.won:
            for c in pile:
                unseen[c] -= 1
        for _, c in obs.trick:
            unseen[c] -= 1
        for p, cards in enumerate(obs.known_in_hand):
            if p != obs.seat:
                for c in cards:
                    unseen[c] -= 1
        return [max(0, u) for u in unseen]


def _others_may_bid(obs: Any, max_bids: int) -> bool:
    """Whether a seat other than the one to bid may still bid after it: not passed, and
    with bids left (read from the public bidding)."""
    me = obs.seat
    made = [0] * len(obs.sides)
    out = [False] * len(obs.sides)
    for seat, words in obs.bids:
        if words == "pass":
            out[seat] = True
        else:
            made[seat] += 1
    return any(not out[p] and made[p] < max_bids for p in range(len(obs.sides)) if p != me)


def _none_among(hits: int, pool: int, hidden: int) -> float:
    """The chance that ``hidden`` cards drawn from ``pool`` hold none of ``hits``."""
    if hits <= 0:
        return 1.0
    chance = 1.0
    for i in range(hidden):
        if pool - i <= 0:
            break
        chance *= max(0.0, (pool - hits - i) / (pool - i))
    return chance


def _beat_chance(obs: Any, p: int, c: int, t: int, unseen: list[int]) -> float:
    """The chance that seat ``p`` holds a card beating ``c`` led: a higher card of its
    suit, or none of the suit and a trump. From what is public: the cards known in his
    hand (his melds), those the follow rules showed he lacks, and the unseen cards."""
    s = c >> 4
    known = [int(x) for x in obs.known_in_hand[p]]
    if any(x >> 4 == s and STRENGTH[x] > STRENGTH[c] for x in known):
        return 1.0
    lacks = {int(x) for x in obs.excluded[p]}
    hidden = max(0, obs.hand_sizes[p] - len(known))
    free = [(x, unseen[x]) for x in range(64) if unseen[x] and x not in lacks]
    pool = sum(n for _, n in free)
    higher = sum(n for x, n in free if x >> 4 == s and STRENGTH[x] > STRENGTH[c])
    chance = 1.0 - _none_among(higher, pool, hidden)
    if s == t or any(x >> 4 == s for x in known):
        return chance  # trumps led, or he must follow suit
    suit = sum(n for x, n in free if x >> 4 == s)
    void = _none_among(suit, pool, hidden)
    if any(x >> 4 == t for x in known):
        return chance + void
    trumps = sum(n for x, n in free if x >> 4 == t)
    return chance + void * (1.0 - _none_among(trumps, pool - suit, hidden))


def _winless_chance(obs: Any, p: int, t: int, unseen: list[int], top: Any) -> float:
    """The chance that seat ``p`` holds no card sure to win a trick some time: no trump
    and no best card of a suit (as far as the public cards tell)."""
    def winner(x: int) -> bool:
        return x >> 4 == t or top(x)

    known = [int(x) for x in obs.known_in_hand[p]]
    if any(winner(x) for x in known):
        return 0.0
    lacks = {int(x) for x in obs.excluded[p]}
    free = [(x, unseen[x]) for x in range(64) if unseen[x] and x not in lacks]
    pool = sum(n for _, n in free)
    hits = sum(n for x, n in free if winner(x))
    return _none_among(hits, pool, max(0, obs.hand_sizes[p] - len(known)))


def _beats(card: int, best: int, t: int) -> bool:
    if card >> 4 == best >> 4:
        return STRENGTH[card] > STRENGTH[best]
    return card >> 4 == t


def _main(argv: Sequence[str]) -> None:
    from ..games import make_game

    n = int(argv[0]) if argv else 1000
    seed = int(argv[1]) if len(argv) > 1 else 1
    names = argv[2:] or ["binocle3", "binocle4", "binocle4:mode=partners", "binocleauction",
                         "binocleauction:widow=widow", "binocleauction:players=4",
                         "binocleauction:players=4,mode=partners,widow=widow"]

    def rules(game: Game[Any], s: int | None) -> Bot:
        return BinocleMultiRulesBot(s)

    def rand(game: Game[Any], s: int | None) -> Bot:
        return RandomBot(s)

    for spec in names:
        name, _, opts = spec.partition(":")
        game = make_game(name, opts.split(",") if opts else None)
        print(spec, duplicate_table(game, rules, rand, n, seed, check=True)
              .summary("rules", "random"))


if __name__ == "__main__":  # pragma: no cover - a script
    _main(sys.argv[1:])
