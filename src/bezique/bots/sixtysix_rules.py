"""A rule-based player for two-handed Sixty-Six, after Foster's advice.

The heuristics, each from Foster's "Suggestions for Good Play" (which he gives for the
whole Bézique family) or from his remarks on closing in the Sixty-Six section:

* claim 66 the moment the count reaches it, and show a marriage instead of leading it when
  that alone makes 66 (SS 24); the player keeps the exact count of both sides from the
  cards won and the marriages announced, as Foster says a good player must;
* declare a marriage as soon as the lead allows, the royal one first, leading the Queen;
* exchange the Nine of trumps for the turn-up (it costs nothing, SS 18); once the stock
  is closed only when other trumps guard the card taken up (Foster's caution);
* while drawing the lead is a burden unless there is something to gain: lead cards of no
  count and no use (Nines, Jacks, a court card whose partner is gone), keep trumps and
  the cards of a possible marriage;
* win tricks holding an Ace or a Ten, cheaply (a higher card of the suit, else a small
  trump: small trumps are for catching counting cards), and win to get the lead when a
  marriage waits to be declared; otherwise throw the card that costs least; but take a
  trick that would make the adversary 66 if any card can (he would claim), and when none
  can, throw a card that keeps him under;
* close only with a clear advantage: the player draws several hands the adversary might
  hold and plays the closed hand out against each; it closes when that promises at least
  a point and seldom fails (Closing: "nothing is gained by closing, except compelling the
  adversary to follow suit");
* once the stock is closed or exhausted, every trick is played by looking ahead: with the
  stock exhausted the adversary's hand is known exactly and the rest of the hand is solved;
  with it closed, several hands he might hold (consistent with the cards seen, his known
  cards and the suits he has shown void) are solved and the best move on average is
  played.

The player sees a deal only through ``state.observation(seat)`` and
``state.legal_actions()``, so its choice is the same in every deal that looks the same to
its seat. ``advise`` gives that choice with the reasons that decided it, in a player's
words, built from the same evaluation (``choose`` skips building them).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..core.cards import card_name
from ..core.game import Action, State
from ..games.sixtysix import (
    ACE,
    CLAIM,
    CLOSE,
    DRAW,
    EXCHANGE,
    JACK,
    KING,
    NINE,
    PACK,
    POINTS,
    QUEEN,
    STRENGTH,
    TARGET,
    TEN,
    Marry,
    Play,
    Show,
    SixtySix,
    SixtySixObservation,
)
from .base import ReasoningBot, mover_observation

ALL_CARDS: tuple[int, ...] = tuple(sorted(int(c) for c in PACK.all_cards()))

# what a card is worth kept in hand, as a future trick-taker (points toward 66)
_POWER_PLAIN = {ACE: 6.0, TEN: 5.0, KING: 3.0, QUEEN: 2.0, JACK: 1.0, NINE: 0.0}
_POWER_TRUMP = {ACE: 12.0, TEN: 10.0, KING: 6.0, QUEEN: 5.0, JACK: 3.0, NINE: 2.0}


@dataclasses.dataclass(frozen=True)
class SixtySixRulesParams:
    """The player's tuning constants."""

    samples: int = 8
    """Adversary hands drawn to judge closing and to play a closed hand."""
    close_margin: float = 1.0
    """Mean game points a closed hand must promise before the player closes."""
    close_max_failures: float = 0.15
    """Largest share of the drawn hands in which closing may fail."""
    close_min_potential: int = 50
    """Count plus counting cards and marriages in hand below which closing is not
    considered at all (a cheap filter before drawing hands)."""
    lead_bonus: float = 8.0
    """What getting the lead is worth while drawing when a marriage waits to be declared."""
    lead_burden: float = 2.0
    """What having to lead costs while drawing with nothing to declare."""
    marriage_hope: float = 4.0
    """Keep-value of a King or Queen whose partner is still unseen."""


DEFAULT_PARAMS = SixtySixRulesParams()


class SixtySixRulesBot(ReasoningBot):
    """Rule-based Sixty-Six: exact counting and claiming, marriages declared early, cheap
    captures of Aces and Tens, closing and the closed game played by looking ahead."""

    games = (SixtySix,)

    name = "rules"

    def __init__(self, seed: int | None = None,
                 params: SixtySixRulesParams = DEFAULT_PARAMS) -> None:
        super().__init__(seed)
        self.params = params

    # -- the decision --------------------------------------------------------------------

    def _decide(self, state: State, why: list[str] | None) -> Action:
        """The one decision path of ``choose`` and ``advise`` (:class:`ReasoningBot`): the
        reasons name cards in notation (``QS``, ``TD``); hands the adversary might hold
        are only summed up (averages over them), never shown as if known."""
        seat = state.current_player()
        obs = mover_observation(state, SixtySixObservation,
                                "SixtySixRulesBot plays Sixty-Six only")
        legal = state.legal_actions()
        v = _View(obs)
        me = seat
        # count toward 66: claim as soon as it is reached (SS 35)
        if CLAIM in legal and obs.points[me] >= TARGET:
            if why is not None:
                why.append(f"claims: counts {obs.points[me]}, enough to win the hand")
                why.append(_claim_worth(v, obs.points[me]))
            return CLAIM
        for a in legal:  # a marriage that makes 66 is shown, not led (SS 24)
            if type(a) is Show and obs.points[me] + v.marriage_value(int(a.suit)) >= TARGET:
                if why is not None:
                    s = int(a.suit)
                    total = obs.points[me] + v.marriage_value(s)
                    why.append(f"shows {_n(s * 16 + KING)} {_n(s * 16 + QUEEN)} for"
                               f" {v.marriage_value(s)}: that makes {total}, enough to claim")
                    why.append(_claim_worth(v, total))
                return a
        if EXCHANGE in legal and self._want_exchange(v):
            if why is not None:
                why.append(_why_exchange(v))
            return EXCHANGE
        if obs.phase == "draw":
            if self._want_close(v, why, "draws"):
                return CLOSE
            return DRAW
        if not (obs.closed or (obs.turn_up is None and obs.stock_size == 0)):
            # still drawing
            if obs.phase == "lead":
                not_closing: list[str] | None = [] if why is not None else None
                if CLOSE in legal and self._want_close(v, not_closing, "does not close",
                                                       weak=False):
                    if why is not None and not_closing is not None:
                        why.extend(not_closing)
                    return CLOSE
                action = self._lead_while_drawing(v, legal, why)
                if why is not None and not_closing:
                    why.insert(min(2, len(why)), not_closing[0])
                return action
            return self._follow_while_drawing(v, legal, why)
        return self._look_ahead(v, legal, why)

    # -- the Nine, closing ---------------------------------------------------------------

    def _want_exchange(self, v: _View) -> bool:
        if not v.obs.closed:
            return True
        # closed: the card taken up may be caught if the trumps left are too few
        others = sum(1 for c in v.hand if c >> 4 == v.trump and c & 15 != NINE)
        return others >= 2

    def _want_close(self, v: _View, why: list[str] | None = None,
                    otherwise: str = "draws", *, weak: bool = True) -> bool:
        """Whether to close; ``why``, when given, receives the reason, the sentence
        starting ``closes`` or ``otherwise`` (``weak``: also when the hand is too weak to
        think of it)."""
        obs = v.obs
        me = obs.seat
        if obs.stock_size == 0:
            return False
        potential = obs.points[me] + sum(POINTS[c] for c in v.hand if c & 15 in (ACE, TEN))
        if obs.tricks_won[me]:
            potential += sum(v.marriage_value(s) for s in v.marriages())
        if potential < self.params.close_min_potential:
            if why is not None and weak:
                why.append(f"{otherwise}: too weak to close: counts {obs.points[me]},"
                           f" {potential} with the high cards in hand"
                           f" (closing wants {self.params.close_min_potential})")
            return False
        opp_trick = obs.tricks_won[1 - me] > 0
        total = 0.0
        failures = 0
        n = self.params.samples
        for opp_hand in v.sample_opponent(self.rng, n):
            game = _Endgame(v.trump, closed=True, closer=0, nc_trick=opp_trick)
            val = game.lead_value((tuple(sorted(v.hand)), opp_hand), 0, v.pts(), v.tricks(),
                                  v.pending())
            total += val
            if val < 0:
                failures += 1
        close = (total / n >= self.params.close_margin
                 and failures <= self.params.close_max_failures * n)
        if why is not None:
            played = (f"played out over {n} deals of the unseen cards, closing averages"
                      f" {total / n:+.1f} game points and fails in {failures}")
            if close:
                why.append(f"closes: counts {obs.points[me]} with {_strength(v)},"
                           " expecting to reach 66")
                why.append(played)
            else:
                why.append(f"{otherwise}: {played}")
        return close

    # -- while drawing -------------------------------------------------------------------

    def _lead_while_drawing(self, v: _View, legal: list[Action],
                            why: list[str] | None) -> Action:
        marriages = v.marriages()
        if marriages:  # declare at once, the royal marriage first; lead the Queen
            best = max(marriages, key=v.marriage_value)
            want = best * 16 + QUEEN
            for a in legal:
                if type(a) is Marry and int(a.card) == want:
                    if why is not None:
                        _why_marry(v, best, len(marriages), why)
                    return a
        plays = [a for a in legal if type(a) is Play]
        chosen = min(plays, key=lambda a: self._lead_cost(v, int(a.card)))
        if why is not None:
            c = int(chosen.card)
            cost = self._lead_cost(v, c)
            if cost <= 0:
                why.append(f"leads {_n(c)}: no count and no use to you")
            else:
                why.append(f"leads {_n(c)}: the card that costs least to give up"
                           f" ({_lead_use(v, c, self.params)})")
            keeps = _keeps(v, [int(a.card) for a in plays if a is not chosen], self.params)
            if keeps:
                why.append(keeps)
        return chosen

    def _lead_cost(self, v: _View, c: int) -> float:
        cost = v.power(c) + v.marriage_keep(c, self.params) + 0.5 * POINTS[c]
        if c >> 4 == v.trump:
            cost += 3.0  # keep trumps while drawing (Suggestions, Trumps)
        return cost

    def _follow_while_drawing(self, v: _View, legal: list[Action],
                              why: list[str] | None) -> Action:
        obs = v.obs
        me = obs.seat
        lead = int(obs.trick[0])
        lv = POINTS[lead]
        plays = [int(a.card) for a in legal if type(a) is Play]
        pend = obs.pending[me] if not obs.tricks_won[me] else 0
        opp = 1 - me
        opp_pend = obs.pending[opp] if not obs.tricks_won[opp] else 0
        best: tuple[float, int] | None = None
        bonus = self.params.lead_bonus if v.marriages() else -self.params.lead_burden
        for c in plays:
            keep = v.power(c) + v.marriage_keep(c, self.params)
            if _beats(c, lead, v.trump):
                gain = lv + POINTS[c]
                if obs.points[me] + gain + pend >= TARGET:
                    score = 1000.0 - keep  # reaches 66: win it and claim
                else:
                    score = gain - keep + bonus
            elif obs.points[opp] + opp_pend + lv + POINTS[c] >= TARGET:
                # the trick lost makes the adversary 66: he claims and the hand is over
                # (keep both counts, SS 35): take it if any card can
                score = -1000.0 - (lv + POINTS[c]) - keep
            else:
                score = -(lv + POINTS[c]) - keep
            if best is None or score > best[0]:
                best = (score, c)
        assert best is not None
        if why is not None:
            _why_follow(v, best[1], plays, pend, bonus > 0, self.params, why)
        return next(a for a in legal if type(a) is Play and int(a.card) == best[1])

    # -- closed or exhausted: look ahead -------------------------------------------------

    def _look_ahead(self, v: _View, legal: list[Action], why: list[str] | None) -> Action:
        obs = v.obs
        me = obs.seat
        closer = -1
        if obs.closed:
            closer = 0 if obs.closer == me else 1
        nc_trick = bool(obs.non_closer_had_trick)
        exact = obs.stock_size == 0 and obs.turn_up is None
        hands = [v.sample_opponent(self.rng, 1)[0]] if exact else \
            v.sample_opponent(self.rng, self.params.samples)
        candidates: list[Action] = []
        for a in legal:
            t = type(a)
            if t is Play or t is Marry or (t is Show and obs.points[me]
                                           + v.marriage_value(int(a.suit)) >= TARGET):  # type: ignore[attr-defined]
                candidates.append(a)
        if len(candidates) == 1:
            if why is not None:
                why.append(f"{_doing(candidates[0], obs.phase)}: the only card you may play")
            return candidates[0]
        # tie-break toward the cheaper card: keep power in hand
        candidates.sort(key=lambda a: (type(a) is not Show, type(a) is not Marry,
                                       v.power(int(a.card)) if type(a) is not Show  # type: ignore[attr-defined]
                                       else 0.0))
        totals = [0.0] * len(candidates)
        mine = tuple(sorted(v.hand))
        for opp in hands:
            game = _Endgame(v.trump, closed=obs.closed, closer=closer, nc_trick=nc_trick)
            for i, a in enumerate(candidates):
                totals[i] += game.action_value(a, mine, opp, obs.phase == "lead",
                                               int(obs.trick[0]) if obs.trick else -1,
                                               v.pts(), v.tricks(), v.pending())
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        if why is not None:
            _why_look_ahead(candidates, [x / len(hands) for x in totals], best, exact,
                            len(hands), obs.phase, why)
        return candidates[best]


# -- the reasons, in a player's words ------------------------------------------------------

def _n(c: int) -> str:
    return card_name(c)


def _doing(a: Action, phase: str) -> str:
    """``leads QS``, ``plays QS``, ``marries, leading QH``, ``shows KH QH``."""
    if type(a) is Show:
        s = int(a.suit)
        return f"shows {_n(s * 16 + KING)} {_n(s * 16 + QUEEN)}"
    if type(a) is Marry:
        return f"marries, leading {_n(int(a.card))}"
    if type(a) is Play:
        return ("leads " if phase == "lead" else "plays ") + _n(int(a.card))
    return str(a)


def _game_points(n: int) -> str:
    return f"{n} game point" + ("" if n == 1 else "s")


def _claim_worth(v: _View, total: int) -> str:
    """What a right claim with ``total`` counted brings (SS 35, 36), in words."""
    obs = v.obs
    me, opp = obs.seat, 1 - obs.seat
    closer = -1 if not obs.closed else (0 if obs.closer == me else 1)
    game = _Endgame(v.trump, closed=obs.closed, closer=closer,
                    nc_trick=bool(obs.non_closer_had_trick))
    worth = game._right(0, total, obs.points[opp], obs.tricks_won[me] or 1,
                        obs.tricks_won[opp])
    if not obs.tricks_won[opp]:
        because = "the adversary has not won a trick"
    elif obs.points[opp] < 33:
        because = f"the adversary counts only {obs.points[opp]}, under 33"
    else:
        because = f"the adversary counts {obs.points[opp]}"
    if closer == 1:
        because = "the adversary closed and failed"
    return f"worth {_game_points(worth)}: {because}"


def _why_exchange(v: _View) -> str:
    up = _n(int(v.obs.turn_up)) if v.obs.turn_up is not None else "the turn-up"
    nine = _n(v.trump * 16 + NINE)
    if not v.obs.closed:
        return f"exchanges {nine} for the turn-up {up}: a better trump, and it costs nothing"
    guards = [c for c in v.hand if c >> 4 == v.trump and c & 15 != NINE]
    return (f"exchanges {nine} for {up}: the stock is closed, but "
            + " ".join(_n(c) for c in sorted(guards, key=lambda c: -STRENGTH[c]))
            + " guard it")


def _strength(v: _View) -> str:
    """``AS TS in trumps and AC``: the counting cards of the hand, and its marriages."""
    t = v.trump
    high = sorted((c for c in v.hand if c & 15 in (ACE, TEN)),
                  key=lambda c: (c >> 4, -STRENGTH[c]))  # suit by suit, high first
    trumps = [_n(c) for c in high if c >> 4 == t]
    plain = [_n(c) for c in high if c >> 4 != t]
    words = []
    if trumps:
        words.append(" ".join(trumps) + " in trumps")
    if plain:
        words.append(" ".join(plain))
    for s in v.marriages():
        words.append(f"the {'royal ' if s == t else ''}marriage {_n(s * 16 + KING)}"
                     f" {_n(s * 16 + QUEEN)}")
    return " and ".join(words) if words else "nothing high in hand"


def _why_marry(v: _View, suit: int, n: int, why: list[str]) -> None:
    value = v.marriage_value(suit)
    royal = "royal " if suit == v.trump else ""
    why.append(f"declares the {royal}marriage ({value}) at once, leading"
               f" {_n(suit * 16 + QUEEN)} and keeping {_n(suit * 16 + KING)}")
    if n > 1:
        why.append("the most valuable marriage first")
    if not v.obs.tricks_won[v.me]:
        why.append(f"the {value} counts once you win a trick")


def _lead_use(v: _View, c: int, params: SixtySixRulesParams) -> str:
    """What leading ``c`` gives up, in words: ``counts 2, a Queen``."""
    words = [f"counts {POINTS[c]}" if POINTS[c] else "no count"]
    if c >> 4 == v.trump:
        words.append("a trump")
    r = c & 15
    if (r == KING or r == QUEEN) and v.marriage_keep(c, params):
        words.append("its partner may still come")
    elif r == KING or r == QUEEN:
        words.append("its partner is gone")
    return ", ".join(words)


def _keeps(v: _View, cards: list[int], params: SixtySixRulesParams) -> str:
    """``keeps AS TS (trumps) and KH QH (a marriage)``: the cards most worth keeping,
    grouped by what for; "" if none is worth much."""
    groups: dict[str, list[int]] = {}
    worth = {c: v.power(c) + v.marriage_keep(c, params) for c in set(cards)}
    for c in sorted(worth, key=lambda c: -worth[c])[:4]:
        if worth[c] < 5.0:
            continue
        if v.marriage_keep(c, params) >= 20.0:
            use = "a marriage"
        elif c >> 4 == v.trump:
            use = "trumps"
        elif c & 15 in (ACE, TEN):
            use = "Aces and Tens"
        else:
            use = "toward a marriage"
        groups.setdefault(use, []).append(c)
    words = [" ".join(_n(c) for c in cs) + f" ({use})" for use, cs in groups.items()]
    if not words:
        return ""
    return "keeps " + (words[0] if len(words) == 1 else
                       ", ".join(words[:-1]) + " and " + words[-1])


def _why_follow(v: _View, c: int, plays: list[int], pend: int, lead_wanted: bool,
                params: SixtySixRulesParams, why: list[str]) -> None:
    obs = v.obs
    me = obs.seat
    lead = int(obs.trick[0])
    pts = POINTS[lead] + POINTS[c]
    winners = [x for x in plays if _beats(x, lead, v.trump)]

    def keep(x: int) -> float:
        return v.power(x) + v.marriage_keep(x, params)
    opp = 1 - me
    opp_now = obs.points[opp] + (obs.pending[opp] if not obs.tricks_won[opp] else 0)

    def threat(x: int) -> bool:  # losing the trick with x would make the adversary 66
        return not _beats(x, lead, v.trump) and opp_now + POINTS[lead] + POINTS[x] >= TARGET
    if _beats(c, lead, v.trump):
        total = obs.points[me] + pts + pend
        if total >= TARGET:
            why.append(f"wins with {_n(c)}: that makes {total}, enough to claim 66")
            return
        losers = [x for x in plays if not _beats(x, lead, v.trump)]
        if losers and all(threat(x) for x in losers):
            why.append(f"wins with {_n(c)}: the adversary counts {opp_now}, and this trick"
                       f" would make him {opp_now + POINTS[lead] + min(POINTS[x] for x in losers)},"
                       " enough to claim 66")
            if len(winners) > 1 and keep(c) <= min(keep(x) for x in winners):
                why.append(f"{_n(c)} is the cheapest card that wins")
            return
        why.append(f"wins with {_n(c)} to take {_n(lead)} ({pts} points)"
                   + (" and the lead, to declare your marriage" if lead_wanted else ""))
        if len(winners) > 1 and keep(c) <= min(keep(x) for x in winners):
            why.append(f"{_n(c)} is the cheapest card that wins")
    elif not winners:
        if threat(c):
            why.append(f"cannot win the trick: plays {_n(c)}; the adversary reaches 66"
                       " whatever you play")
        elif any(threat(x) for x in plays):
            why.append(f"cannot win the trick: plays {_n(c)}, which keeps the adversary"
                       f" under 66 ({opp_now + POINTS[lead] + POINTS[c]})")
        else:
            why.append(f"cannot win the trick: plays {_n(c)}, the card that costs least")
    else:
        w = min(winners, key=keep)
        why.append(f"lets the trick go with {_n(c)}: winning needs {_n(w)}, worth more kept"
                   f" than the {POINTS[lead] + POINTS[w]} points of the trick")


def _card(a: Action) -> str:
    """A candidate as a player names it: ``QS``, ``marry KC``, ``show KH QH``."""
    return _n(int(a.card)) if type(a) is Play else str(a)


def _why_look_ahead(candidates: list[Action], means: list[float], best: int, exact: bool,
                    n_hands: int, phase: str, why: list[str]) -> None:
    doing = _doing(candidates[best], phase)
    m = means[best]
    if exact:
        result = ("neither side reaches 66" if m == 0 else
                  f"you win {_game_points(round(m))}" if m > 0 else
                  f"you lose {_game_points(round(-m))}")
        why.append(f"{doing}: the stock is gone and every card is known; played out"
                   f" exactly, {result}")
    else:
        why.append(f"{doing}: the look-ahead over {n_hands} deals of the unseen cards"
                   f" gives it the best average, {m:+.1f} game points")
    others = [i for i in range(len(candidates)) if i != best]
    if not others:
        return
    second = max(others, key=lambda i: (means[i], -i))
    if means[second] == m:
        chosen = candidates[best]
        card = _n(int(chosen.card)) if type(chosen) is Play or type(chosen) is Marry \
            else _card(chosen)
        why.append(f"{_card(candidates[second])} does as well; {card} is the cheaper card"
                   " to give up")
    elif exact:
        why.append(f"{_card(candidates[second])} would give {means[second]:+.0f}")
    else:
        why.append(f"the next best, {_card(candidates[second])}, averages"
                   f" {means[second]:+.1f}")


def _beats(c: int, lead: int, trump: int) -> bool:
    if c >> 4 == lead >> 4:
        return STRENGTH[c] > STRENGTH[lead]
    return c >> 4 == trump


class _View:
    """What one seat knows, worked out once per decision."""

    __slots__ = ("obs", "me", "trump", "hand", "gone", "unseen")

    def __init__(self, obs: SixtySixObservation) -> None:
        self.obs = obs
        self.me = obs.seat
        self.trump = int(obs.trump)
        self.hand = [int(c) for c in obs.hand]
        gone = {int(c) for w in obs.won for c in w}
        gone.update(int(c) for c in obs.trick)
        self.gone = gone
        out = set(self.hand) | gone
        if obs.turn_up is not None:
            out.add(int(obs.turn_up))
        # the adversary's hand and the face-down stock, together
        self.unseen = [c for c in ALL_CARDS if c not in out]

    def pts(self) -> tuple[int, int]:
        p = self.obs.points
        return (p[self.me], p[1 - self.me])

    def tricks(self) -> tuple[int, int]:
        t = self.obs.tricks_won
        return (t[self.me], t[1 - self.me])

    def pending(self) -> tuple[int, int]:
        p = self.obs.pending
        return (p[self.me], p[1 - self.me])

    def marriage_value(self, suit: int) -> int:
        return 40 if suit == self.trump else 20

    def marriages(self) -> list[int]:
        """Suits in which this hand holds King and Queen."""
        h = self.hand
        return [c >> 4 for c in h if c & 15 == KING and c - 1 in h]

    def power(self, c: int) -> float:
        table = _POWER_TRUMP if c >> 4 == self.trump else _POWER_PLAIN
        return table[c & 15]

    def marriage_keep(self, c: int, params: SixtySixRulesParams) -> float:
        """What playing ``c`` costs in marriages: all of it if the partner is in hand,
        a little if the partner might still come."""
        r = c & 15
        if r != KING and r != QUEEN:
            return 0.0
        partner = c ^ 1
        if partner in self.hand:
            return float(self.marriage_value(c >> 4))
        if partner in self.unseen and self.obs.stock_size > 0 and not self.obs.closed:
            return params.marriage_hope
        return 0.0

    def sample_opponent(self, rng: random.Random, n: int) -> list[tuple[int, ...]]:
        """``n`` hands the adversary might hold: his known cards, and unseen cards of no
        suit he has shown void in, the rest being in the stock."""
        opp = 1 - self.me
        known = [int(c) for c in self.obs.known_in_hand[opp]]
        size = self.obs.hand_sizes[opp]
        void = {int(s) for s in self.obs.voids[opp]}
        pool = [c for c in self.unseen if c not in known and c >> 4 not in void]
        need = size - len(known)
        if need > len(pool):  # pragma: no cover - the real hand is always a witness
            raise ValueError("no adversary hand fits the observation")
        if need == len(pool):
            return [tuple(sorted(known + pool))] * n
        return [tuple(sorted(known + rng.sample(pool, need))) for _ in range(n)]


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_SUIT_MASK = [0xFFFF << (16 * s) for s in range(4)]
_LOSS, _WIN = -10, 10  # outside every real value: the initial alpha-beta window


class _Endgame:
    """The rest of a closed or exhausted hand played out exactly, both hands seen (seat 0
    is the player deciding), by alpha-beta search. Hands are bitmasks of card ids. Both
    players claim 66 the moment they may (waiting never helps: the adversary's count and
    tricks only grow). Values are the game points seat 0 wins (negative: loses)."""

    __slots__ = ("trump", "closed", "closer", "nc_trick", "memo", "order")

    def __init__(self, trump: int, *, closed: bool, closer: int, nc_trick: bool) -> None:
        self.trump = trump
        self.closed = closed
        self.closer = closer
        self.nc_trick = nc_trick
        self.memo: dict[tuple[int, ...], tuple[int, int]] = {}
        # strong cards first: trumps, then by rank; good moves are found early
        self.order = sorted(ALL_CARDS, key=lambda c: (c >> 4 == trump, STRENGTH[c]),
                            reverse=True)

    def _right(self, c: int, p0: int, p1: int, t0: int, t1: int) -> int:
        po, to = (p1, t1) if c == 0 else (p0, t0)
        v = 3 if not to else (2 if po < 33 else 1)
        if self.closed and self.closer != c:  # the closer failed (SS 36)
            v = max(v, 2 if self.nc_trick else 3)
        return v if c == 0 else -v

    def _end(self, p0: int, p1: int, t0: int, t1: int) -> int:
        if self.closed:
            c = self.closer
            if (p0 if c == 0 else p1) >= TARGET:
                return self._right(c, p0, p1, t0, t1)
            v = 2 if self.nc_trick else 3
            return v if c == 1 else -v
        a, b = p0 >= TARGET, p1 >= TARGET
        if a == b:
            return 0
        return (2 if p1 < 33 else 1) if a else -(2 if p0 < 33 else 1)

    def action_value(self, a: Action, mine: tuple[int, ...], opp: tuple[int, ...],
                     leading: bool, lead: int, pts: tuple[int, int], tr: tuple[int, int],
                     pend: tuple[int, int]) -> int:
        """The value of ``a`` for seat 0, who leads (``leading``) or follows ``lead``."""
        p0, p1 = pts
        t0, t1 = tr
        q0, q1 = pend
        if type(a) is Show:
            p0 += 40 if int(a.suit) == self.trump else 20
            return self._right(0, p0, p1, t0, t1)
        c = int(a.card)  # type: ignore[attr-defined]
        h0, h1 = _mask(mine) & ~(1 << c), _mask(opp)
        if leading:
            if type(a) is Marry:
                val = 40 if c >> 4 == self.trump else 20
                if t0:
                    p0 += val
                else:
                    q0 += val
            return self.play(h0, h1, 0, c, p0, p1, t0, t1, q0, q1, _LOSS, _WIN)
        return self.trick(h0, h1, 0, lead, c, p0, p1, t0, t1, q0, q1, _LOSS, _WIN)

    def lead_value(self, hands: tuple[tuple[int, ...], tuple[int, ...]], leader: int,
                   pts: tuple[int, int], tr: tuple[int, int], pend: tuple[int, int]) -> int:
        """Value for seat 0 with ``leader`` to lead from these hands."""
        return self.play(_mask(hands[0]), _mask(hands[1]), leader, -1, pts[0], pts[1], tr[0],
                         tr[1], pend[0], pend[1], _LOSS, _WIN)

    def play(self, h0: int, h1: int, ld: int, lead: int, p0: int, p1: int, t0: int,
             t1: int, q0: int, q1: int, alpha: int, beta: int) -> int:
        """The value for seat 0 of a turn in the trick led by ``ld``: his lead when
        ``lead`` is -1 (claiming 66 the moment he may; a King or Queen led as a marriage
        or plainly), else the follower's answer to ``lead`` (following suit if able,
        SS 29, 33)."""
        if lead < 0:
            if (p0 if ld == 0 else p1) >= TARGET:
                return self._right(ld, p0, p1, t0, t1)
            mover = ld
        else:
            mover = 1 - ld
        key = (h0, h1, ld, lead, p0, p1, t0 > 0, t1 > 0, q0, q1)
        lo, hi = self.memo.get(key, (_LOSS, _WIN))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a0, b0 = alpha, beta
        alpha, beta = max(alpha, lo), min(beta, hi)
        hand = h0 if mover == 0 else h1
        opts = hand if lead < 0 else hand & _SUIT_MASK[lead >> 4] or hand
        maximize = mover == 0
        best = _LOSS if maximize else _WIN
        trump = self.trump
        for c in self.order:
            if not opts >> c & 1:
                continue
            if mover == 0:
                n0, n1 = h0 & ~(1 << c), h1
            else:
                n0, n1 = h0, h1 & ~(1 << c)
            if lead >= 0:
                v = self.trick(n0, n1, mover, lead, c, p0, p1, t0, t1, q0, q1, alpha, beta)
            else:
                v = self.play(n0, n1, ld, c, p0, p1, t0, t1, q0, q1, alpha, beta)
                r = c & 15
                if (r == KING or r == QUEEN) and hand >> (c ^ 1) & 1:  # a marriage
                    val = 40 if c >> 4 == trump else 20
                    m0, m1, r0, r1 = p0, p1, q0, q1
                    if (t0 if ld == 0 else t1):
                        if ld == 0:
                            m0 += val
                        else:
                            m1 += val
                    else:
                        if ld == 0:
                            r0 += val
                        else:
                            r1 += val
                    if (m0 if ld == 0 else m1) >= TARGET:  # shown, not led (SS 24)
                        w = self._right(ld, m0, m1, t0, t1)
                    else:
                        w = self.play(n0, n1, ld, c, m0, m1, t0, t1, r0, r1, alpha, beta)
                    v = max(v, w) if maximize else min(v, w)
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        self._store(key, best, a0, b0, lo, hi)
        return best

    def trick(self, h0: int, h1: int, f: int, lead: int, c: int, p0: int, p1: int, t0: int,
              t1: int, q0: int, q1: int, alpha: int, beta: int) -> int:
        """The trick ``lead`` / ``c`` (``c`` played by seat ``f``) is complete."""
        if c >> 4 == lead >> 4:
            w = f if STRENGTH[c] > STRENGTH[lead] else 1 - f
        else:
            w = f if c >> 4 == self.trump else 1 - f
        pts = POINTS[lead] + POINTS[c]
        if w == 0:
            p0 += pts + (q0 if not t0 else 0)
            if not t0:
                q0 = 0
            t0 += 1
        else:
            p1 += pts + (q1 if not t1 else 0)
            if not t1:
                q1 = 0
            t1 += 1
        if not h0 and not h1:
            if not self.closed:  # the twelfth trick
                if w == 0:
                    p0 += 10
                else:
                    p1 += 10
            return self._end(p0, p1, t0, t1)
        return self.play(h0, h1, w, -1, p0, p1, t0, t1, q0, q1, alpha, beta)

    def _store(self, key: tuple[int, ...], best: int, a0: int, b0: int, lo: int,
               hi: int) -> None:
        if best <= a0:
            self.memo[key] = (lo, best)  # an upper bound
        elif best >= b0:
            self.memo[key] = (best, hi)  # a lower bound
        else:
            self.memo[key] = (best, best)
