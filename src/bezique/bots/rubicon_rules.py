"""A rule-based player for Rubicon (and Chinese) Bézique, after Foster's Suggestions for
Good Play (given under Binocle for the whole family, with remarks on Rubicon) and the
two-handed Bézique player's ideas.

* The lead is a handicap unless there is something to declare: with nothing to gain,
  lead the card least worth keeping and let the adversary win; win a trick when a
  declaration waits, as cheaply as possible (the brisques count only at the settlement,
  so they are worth little here).
* What a card is worth keeping is what it may still bring in combinations: marriages,
  sequences (the trump one above all), the bézique cards (the triple and quadruple
  bézique are Rubicon's great scores), fours; duplicates re-form combinations lying on
  the table (RB 16-22), and leading a duplicate of a card in a scored combination
  re-forms it for the next trick won (RB 18), so such a card is cheap to lead.
* Declare the most valuable combination, but the lower bézique before the higher while
  there is time (they score cumulatively, RB 21); "it is seldom right to make the trump
  unless you have one or two of the sequence cards with the marriage"; with a sequence
  and four Aces declare the Aces first, and the trump sequence before the double bézique
  (Suggestions, Declaring: the cards on the table are then free to win tricks).
* In the last nine tricks every card is known (the adversary holds what is neither in
  this hand nor played): the last tricks are played out exactly for the value of the game
  itself, the settlement (so the player may let a rubiconed adversary have the last
  trick, when that puts him into another hundred: Suggestions, the Last Tricks; RB 43).

The player sees a deal only through ``state.observation(seat)`` and
``state.legal_actions()``; to judge what it could declare after a trick it sets up its own
hand and table (what it sees) as a position of the public rules and lists the
declarations there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core.cards import Card, card_name
from ..core.game import Action, State
from ..core.trick import follower_wins, must_follow_and_win
from ..games.bezique.declarations import (
    ACE,
    BRISQUE,
    DIAMONDS,
    JACK,
    KING,
    QUEEN,
    SPADES,
    STRENGTH,
    TEN,
    Beziques,
    Declare,
    Draw,
    Four,
    Play,
    ScoreCarried,
    Suited,
)
from ..games.bezique.rubicon import CarteBlanche, Rubicon, RubiconObservation, RubiconState
from .base import ReasoningBot

QS, JD = SPADES * 16 + QUEEN, DIAMONDS * 16 + JACK
_SEQ = (ACE, TEN, KING, QUEEN, JACK)
_FOURS = {ACE: 100, KING: 80, QUEEN: 60, JACK: 40}
#: keep-value of a sequence card by how many of its five kinds are held
_SEQ_BONUS = (0.0, 2.0, 6.0, 18.0, 45.0, 40.0)
#: keep-value of a four's card by how many of the rank are held (for a four of 100)
_FOUR_BONUS = (0.0, 1.0, 4.0, 12.0, 15.0)
#: what winning a trick is worth for the right to declare, by stock tricks left
_LEAD_BURDEN = 4.0
_THREAT = 12.0


class _View:
    """What one seat knows, as counts per card id, worked out once per decision."""

    def __init__(self, obs: RubiconObservation, game: Rubicon) -> None:
        self.obs = obs
        self.game = game
        seat = self.seat = obs.seat
        opp = self.opp = 1 - seat
        self.trump = -1 if obs.trump is None else int(obs.trump)
        copies = game.options.packs
        mine = self.mine = [0] * 64
        table = self.table = [0] * 64
        unseen = [0] * 64
        for c in game.pack.cards:
            unseen[c] = copies
        for c in obs.hand:
            mine[c] += 1
            unseen[c] -= 1
        for c in obs.tables[seat]:
            table[c] += 1
            unseen[c] -= 1
        for c in obs.tables[opp] + obs.known_in_hand[opp] + obs.trick + obs.played:
            unseen[c] -= 1
        self.unseen = unseen
        self.have = [mine[i] + table[i] for i in range(64)]
        self.n_hidden = obs.hand_sizes[opp] - len(obs.known_in_hand[opp])
        self.pool = max(1, sum(unseen))
        self.stock_tricks = obs.stock_size // 2
        # my table as the rules keep it: each card with its marks, replacements fresh
        fresh = Counter(int(c) for c in obs.replacements[seat])
        entries: list[tuple[int, int, int, int]] = []
        for c, a, b, k in obs.table_announced[seat]:
            if fresh[c] and (a, b, k) == (0, 0, 0):
                fresh[c] -= 1
                entries.append((int(c), -1, -1, -1))
            else:
                entries.append((int(c), a, b, k))
        self.entries = entries
        self.carried = [(t.split()[0], Counter(int(_card(x)) for x in t.split()[1:]))
                        for t in obs.carried[seat]]
        self._after: dict[Any, float] = {}
        self._keep: dict[int, float] = {}

    # -- what a card is worth keeping ----------------------------------------------------

    def keep(self, c: int) -> float:
        v = self._keep.get(c)
        if v is None:
            v = self._keep[c] = self._keep_value(c)
        return v

    def _keep_value(self, c: int) -> float:
        r, s, t = c & 15, c >> 4, self.trump
        have, unseen = self.have, self.unseen
        v = 0.0
        if s == t:
            v += 2.0 + 0.5 * STRENGTH[c]  # the last nine tricks
        elif r == ACE:
            v += 1.0
        if not self.stock_tricks:
            return v
        comb = 0.0
        royal = s == t or t < 0
        if r in (KING, QUEEN):
            partner = c ^ 1  # King 13 <-> Queen 12
            mv = 40 if royal else 20
            if have[partner]:
                comb += 0.6 * mv
            elif unseen[partner]:
                comb += 0.1 * mv
        if r in _SEQ:
            kinds = [s * 16 + x for x in _SEQ]
            if all(have[k] or unseen[k] for k in kinds):
                n = sum(1 for k in kinds if have[k])
                comb += _SEQ_BONUS[n] * (1.0 if royal else 0.6)
        if c in (QS, JD):
            other = JD if c == QS else QS
            pairs = min(have[QS], have[JD])
            mine = have[c]
            # the cumulative béziques: each further pair is worth far more
            ladder = (15.0, 60.0, 150.0, 300.0)
            if have[other] >= mine:
                comb += ladder[min(mine, 4) - 1] if mine else 0.0
            elif unseen[other]:
                comb += 0.3 * ladder[min(pairs, 3)]
        if r in _FOURS:
            n = sum(have[x * 16 + r] for x in range(4))
            comb += _FOUR_BONUS[min(n, 4)] * _FOURS[r] / 100.0
        cf = min(1.0, self.stock_tricks / 6.0)
        return v + comb * cf

    # -- what could be declared after a trick --------------------------------------------

    def after(self, a: Play | None) -> float:
        """The best announcement open after winning a trick, having played ``a``: the
        rules' own list of declarations for the hand and table left (a duplicate played
        from the hand leaves its table copy fresh, RB 18; either way the combinations the
        table card lay in are broken up and may be re-formed, RB 16)."""
        hand = [int(c) for c in self.obs.hand]
        entries = list(self.entries)
        if a is not None:
            c = int(a.card)
            if a.from_table:
                idx = max((i for i, e in enumerate(entries) if e[0] == c),
                          key=lambda i: sum(entries[i][1:]))
                marks = entries.pop(idx)[1:]
                _break(self.game, entries, c, marks)
            else:
                hand.remove(c)
                spent = [i for i, e in enumerate(entries) if e[0] == c and sum(e[1:]) > 0]
                if spent:
                    i = max(spent, key=lambda i: sum(entries[i][1:]))
                    marks = entries[i][1:]
                    entries[i] = (c, -1, -1, -1)
                    _break(self.game, entries, c, marks)
        key = (tuple(sorted(hand)), tuple(sorted(entries)))
        got = self._after.get(key)
        if got is not None:
            return got
        best = 0.0
        on_table = Counter(e[0] for e in entries)
        for name, cards in self.carried:
            if not cards - on_table:
                best = max(best, float(self.game.table[name].value))
        if hand or entries:
            trump = None if self.trump < 0 else self.trump
            pos = RubiconState.position(self.game, hands=[[], hand], trump=trump,
                                        tables=[(), entries], phase="declare",
                                        to_move=1, history=False)
            for act in pos.legal_actions():
                if type(act) is Declare:
                    best = max(best, _declare_value(self.game, act))
        self._after[key] = best
        return best

    def chance_beaten(self, c: int) -> float:
        """The chance that the adversary holds a card beating a lead of ``c``."""
        s, t = c >> 4, self.trump
        h = 0
        for k in self.game.pack.cards:
            if (k >> 4 == s and STRENGTH[k] > STRENGTH[c]) or (k >> 4 == t and s != t):
                h += self.unseen[k]
        if not h or not self.n_hidden:
            return 0.0
        return 1.0 - (1.0 - min(1.0, h / self.pool)) ** self.n_hidden

    def urgency(self) -> float:
        """The share of a waiting declaration that winning this trick is worth: more as
        the stock runs out (Trumps: don't trump in for a minor declaration early)."""
        if self.stock_tricks <= 3:
            return 1.0
        return 0.8 if self.stock_tricks <= 10 else 0.6


def _break(game: Rubicon, entries: list[tuple[int, int, int, int]], c: int,
           marks: tuple[int, ...]) -> None:
    """``entries`` (``(card, used_a, used_b, used_c)``) once card ``c``, announced for
    ``marks``, leaves the combinations it lay in: as near as the marks show which they
    were, the cards left with it in each are freed to re-form it, one below its value
    (RB 16); of a double or higher bézique one card of the other kind, to re-form the
    single (RB 20). The rules keep the combinations themselves; the observation shows
    the marks only."""
    rank, suit = c & 15, c >> 4
    for combo in game.table:
        k = combo.klass
        if marks[k] != combo.value:
            continue
        shape = combo.shape
        if isinstance(shape, Suited):
            if rank not in shape.ranks:
                continue
            wanted = [suit * 16 + r for r in shape.ranks if r != rank]
            free = combo.value - 1
        elif isinstance(shape, Four):
            if rank != shape.rank:
                continue
            wanted = [-1] * 3  # any three of the rank
            free = combo.value - 1
        elif isinstance(shape, Beziques) and c in (QS, JD):
            wanted = [JD if c == QS else QS]
            free = game.table["bezique"].value - 1
        else:
            continue
        for w in wanted:
            for i, e in enumerate(entries):
                if e[1 + k] == combo.value and (e[0] == w or (w < 0 and e[0] & 15 == rank)):
                    m = list(e)
                    m[1 + k] = free
                    entries[i] = (m[0], m[1], m[2], m[3])
                    break


def _card(text: str) -> int:
    return int(Card.parse(text))


def _declare_value(game: Rubicon, a: Declare) -> float:
    first, *extra = a.melds
    return game.table[first.name].value + sum(0.6 * game.table[m.name].value for m in extra)


class RubiconRulesBot(ReasoningBot):
    """A rule-based Rubicon (or Chinese) Bézique player: Foster's suggestions as
    heuristics.

    >>> from bezique.games import make_game
    >>> game = make_game("rubicon")
    >>> state = game.deal(0, seed=7)
    >>> bot = RubiconRulesBot()
    >>> bot.choose(state) in state.legal_actions()
    True
    """

    games = (Rubicon,)

    name = "rules"

    def _decide(self, state: State, why: list[str] | None) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            if why is not None:
                why.append("the only action open")
            return legal[0]
        obs = state.observation(state.current_player())
        game = state.game
        if not isinstance(obs, RubiconObservation) or not isinstance(game, Rubicon):
            raise TypeError(f"{type(self).__name__} plays Rubicon Bézique, not"
                            f" {state.game.title}")
        view = _View(obs, game)
        for a in legal:  # Foster: 50 points, and the hand it shows holds no court card
            if type(a) is CarteBlanche:
                if why is not None:
                    why.append("shows carte blanche: 50 points")
                return a
        if obs.phase == "declare":
            return self._after_trick(view, legal, why)
        if not obs.stock_size:
            return self._last_nine(view, legal, why)
        return self._stock_play(view, legal, why)

    # -- after winning a trick -----------------------------------------------------------

    def _after_trick(self, view: _View, legal: list[Action], why: list[str] | None
                     ) -> Action:
        game = view.game
        time = view.stock_tricks >= 3
        values: dict[Action, float] = {}
        firsts: dict[str, list[Declare]] = {}
        for a in legal:
            if type(a) is Draw:
                values[a] = 0.0
            elif type(a) is ScoreCarried:
                values[a] = game.table[a.name].value + (2.0 if time else 15.0)
            elif type(a) is Declare:
                v = _declare_value(game, a)
                first = a.melds[0]
                if view.trump < 0 and game.table[first.name].klass == 0 and time:
                    # seldom make the trump without sequence cards to go with it
                    suit = int(first.cards[0][0]) >> 4
                    seq = sum(1 for r in (ACE, TEN, JACK) if view.have[suit * 16 + r])
                    if first.name == "royal-marriage" and not seq:
                        v -= 25.0
                for m in a.melds:  # keep the hand hidden when it costs nothing
                    v -= 0.1 * sum(1 for _, t in m.cards if not t)
                values[a] = v
                firsts.setdefault(first.name, []).append(a)
        if time:
            # the lower bézique first while the higher can follow: they add up (RB 21)
            ladder = ("bezique", "double-bezique", "triple-bezique", "quadruple-bezique")
            for small, big in zip(ladder, ladder[1:], strict=False):
                if small in firsts and big in firsts:
                    top = max(values[a] for a in firsts[big])
                    for a in firsts[small]:
                        values[a] = max(values[a], top + 1.0)
            # the Aces before a plain sequence, the trump sequence before the double
            # bézique: the cards laid are then free to win tricks (Suggestions)
            for sooner, later in (("four-aces", "sequence"),
                                  ("royal-sequence", "double-bezique")):
                if sooner in firsts and later in firsts:
                    top = max(values[a] for a in firsts[later])
                    for a in firsts[sooner]:
                        values[a] = max(values[a], top + 1.0)
        best = max(legal, key=lambda a: values.get(a, -1.0))
        if why is not None:
            if type(best) is Draw:
                why.append("draws: nothing worth declaring")
            else:
                why.append(f"{best}: the best announcement open")
        return best

    # -- while the stock lasts -----------------------------------------------------------

    def _stock_play(self, view: _View, legal: list[Action], why: list[str] | None
                    ) -> Action:
        obs = view.obs
        lead = int(obs.trick[0]) if obs.trick else -1
        urgency = view.urgency()
        threat = _THREAT + (8.0 if obs.tables[view.opp] else 0.0)
        best: Action = legal[0]
        best_v = -1e9
        for a in legal:
            if type(a) is not Play:
                continue
            c = int(a.card)
            keep = view.keep(c) * (0.7 if a.from_table else 1.0)
            gain = view.after(a) * urgency - _LEAD_BURDEN
            if lead < 0:
                p = 0.5 * view.chance_beaten(c)
                v = (1.0 - p) * (gain + BRISQUE[c]) + p * (-threat - BRISQUE[c]) - keep
            elif follower_wins(lead, c, view.trump, STRENGTH):
                v = gain + BRISQUE[lead] + BRISQUE[c] - keep
            else:
                v = -threat - BRISQUE[lead] - BRISQUE[c] - keep
            if v > best_v:
                best, best_v = a, v
        if why is not None and type(best) is Play:
            c = int(best.card)
            if lead >= 0 and follower_wins(lead, c, view.trump, STRENGTH):
                why.append(f"wins with {best} to declare after the trick")
            else:
                why.append(f"{'leads' if lead < 0 else 'plays'} {best}: the card least"
                           " worth keeping for its combinations")
        return best

    # -- the last nine tricks ------------------------------------------------------------

    def _last_nine(self, view: _View, legal: list[Action], why: list[str] | None) -> Action:
        obs = view.obs
        t = view.trump
        opp = tuple(sorted(k for k in view.game.pack.cards for _ in range(view.unseen[k])))
        hand = tuple(sorted(int(c) for c in obs.hand))
        cards = {int(a.card): a for a in legal if type(a) is Play}
        if len(opp) != obs.hand_sizes[view.opp] or len(hand) > 5:
            choice = self._last_nine_plain(view, cards, opp)
            if why is not None:
                why.append(f"plays {card_name(choice)} in the last tricks")
            return cards[choice]
        me, other = view.seat, view.opp
        game = view.game
        base = (obs.points, obs.brisques)

        def final(pts: tuple[int, int], bq: tuple[int, int]) -> int:
            st = game.settle(pts, bq)
            if st.winner is None:
                return 0
            return st.value if st.winner == me else -st.value

        memo: dict[Any, int] = {}

        def lead_value(leader: int, hands: dict[int, tuple[int, ...]],
                       pts: tuple[int, int], bq: tuple[int, int]) -> int:
            key = (leader, hands[0], hands[1], pts, bq)
            got = memo.get(key)
            if got is not None:
                return got
            best = None
            for c in dict.fromkeys(hands[leader]):
                v = follow_value(leader, c, hands, pts, bq)
                if best is None or (v > best if leader == me else v < best):
                    best = v
            assert best is not None
            memo[key] = best
            return best

        def follow_value(leader: int, c: int, hands: dict[int, tuple[int, ...]],
                         pts: tuple[int, int], bq: tuple[int, int]) -> int:
            f = 1 - leader
            best = None
            rest_l = list(hands[leader])
            rest_l.remove(c)
            for r in dict.fromkeys(must_follow_and_win(hands[f], c, t, STRENGTH)):
                rest_f = list(hands[f])
                rest_f.remove(r)
                winner = f if follower_wins(c, r, t, STRENGTH) else leader
                nb = list(bq)
                nb[winner] += BRISQUE[c] + BRISQUE[r]
                np_ = list(pts)
                new = {leader: tuple(rest_l), f: tuple(rest_f)}
                if not rest_l:
                    np_[winner] += 50
                    v = final((np_[0], np_[1]), (nb[0], nb[1]))
                else:
                    v = lead_value(winner, new, (np_[0], np_[1]), (nb[0], nb[1]))
                if best is None or (v > best if f == me else v < best):
                    best = v
            assert best is not None
            return best

        hands = {me: hand, other: opp}
        if obs.phase == "lead":
            values = {c: follow_value(me, c, hands, base[0], base[1]) for c in cards}
        else:
            lead = int(obs.trick[0])
            values = {}
            for c in cards:
                rest = list(hand)
                rest.remove(c)
                winner = me if follower_wins(lead, c, t, STRENGTH) else other
                bq = list(base[1])
                bq[winner] += BRISQUE[lead] + BRISQUE[c]
                pts = list(base[0])
                if not rest:
                    pts[winner] += 50
                    values[c] = final((pts[0], pts[1]), (bq[0], bq[1]))
                else:
                    values[c] = lead_value(winner, {me: tuple(rest), other: opp},
                                           (pts[0], pts[1]), (bq[0], bq[1]))
        choice = max(cards, key=lambda c: values[c])
        if why is not None:
            why.append(f"plays {card_name(choice)}: with every card known, the last"
                       f" {len(hand)} tricks played best are worth {values[choice]:+d} to you")
        return cards[choice]

    @staticmethod
    def _last_nine_plain(view: _View, cards: dict[int, Play], opp: Sequence[int]) -> int:
        """Before the last few tricks: keep the lead with sure winners, else win as
        cheaply as the rules let, else give up the cheapest card."""
        t = view.trump
        obs = view.obs
        if obs.phase == "lead":
            sure = [c for c in cards
                    if not any(follower_wins(c, k, t, STRENGTH) for k in opp)]
            if sure:
                return max(sure, key=lambda c: (BRISQUE[c], STRENGTH[c]))
            return min(cards, key=lambda c: (c >> 4 == t, BRISQUE[c], STRENGTH[c]))
        lead = int(obs.trick[0])
        winners = [c for c in cards if follower_wins(lead, c, t, STRENGTH)]
        if winners:
            return min(winners, key=lambda c: (c >> 4 == t, STRENGTH[c]))
        return min(cards, key=lambda c: (BRISQUE[c], c >> 4 == t, STRENGTH[c]))
