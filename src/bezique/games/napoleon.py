"""Napoleon, as *Enquire Within upon Everything* gives it (item 130; INVENTORY 25).

Four, five or six play (``players``), each for himself, with the full pack of 52 at
Whist ranks (Ace high). Five cards are dealt one at a time to each from the dealer's
left, and the deal passes to the left after every round. From the dealer's left each in
turn either passes or calls, once and irrevocably, a number of tricks higher than the
call before: two, three, four, or Napoleon (all five). If all pass the deal is void:
nobody pays and the deal passes. The highest caller (the declarer) leads, and the suit
of the first card he leads is trumps. Each must follow suit if he can; none is bound to
head the trick or to trump. The declarer who makes his call receives from each
adversary one stake for each trick called; failing, he pays each as much. Napoleon
receives double stakes (ten a head at a stake a trick) and pays single (five).

Counters: a deal's result gives each seat the counters it won or lost, so that a deal
sums to zero but for what goes into or comes out of the pool: the declarer's gain is
``k * (n - 1)`` against ``-k`` for each of the ``n - 1`` adversaries. A match is a fixed
number of deals (``deals``), and whoever holds most counters wins.

Options (``docs/RULES.md``, "Napoleon", names the sources):

- ``players``: 4 (Peel's ideal number), 5 or 6.
- ``stake``: counters a trick ("a penny or more a trick, as previously arranged").
- ``wellington`` (off by default: "in some companies"): a call of five tricks allowed
  only over a Napoleon, above it. ``triple``: the text's triple stakes, fifteen a head
  won, ten lost (the loss Peel and the 1911 Britannica give); ``peel``: Peel's doubled
  stakes, twenty won and ten lost (the 1911 Britannica's four and two times the stake).
- ``sedan`` (off by default): a call to lose every trick, which takes precedence of all
  the others (the text): it ranks above Napoleon and Wellington. ``peel``: Peel's
  misery stake of three either way; ``britannica``: the 1911 Britannica's misère,
  three received if he takes no trick, six paid if he takes one.
- ``sedan_trumps``: the Sedan's first lead makes trumps as usual (Peel), or ``none``
  (no trumps, the alternative Peel says is sometimes agreed).
- ``kitty`` (off by default: "occasionally"): each dealer pays into a pool,
  ``half_stake`` (the text; needs an even ``stake``: counters are whole) or ``stake``
  (Peel: the stake of the game). The first Napoleon made takes the pool (a Wellington
  is a Napoleon and more: it takes it too); what is left at the close is divided
  equally (Peel), which changes nobody's standing.
- ``failed_napoleon_doubles_pool``: a Napoleon (or Wellington) lost pays into the pool
  as much as it holds (the Pool Nap of the United States Playing Card Company's rules).
- ``buying`` (off by default): before the calls, each in turn from the dealer's left
  may throw out cards face down and take as many from the top of the pack, paying one
  stake a card into the pool (Peel, "Buying Cards").
- ``stop_when_decided``: whether the play stops once the declarer has made his call or
  can no longer make it (Peel) or the five tricks are always played out (the text).
- ``deals``: deals in a match; 0 (the default) for two rounds, each dealing twice.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ..core.cards import Card, Pack, Rank, card_name, parse_game_card
from ..core.errors import IllegalActionError, NotationError, OptionError, quoted
from ..core.events import NUMBERED, BidMade, Event, Names, TrumpMade
from ..core.game import (
    MOST_DEALS,
    Action,
    DealResult,
    Game,
    Options,
    WordAction,
    action_text,
    action_words,
    check_seat,
)
from ..core.game import option as _opt
from ..core.match import ScoreSheet
from ..core.trick import (
    OVER_PHASE,
    PLAY_PHASE,
    PLAYS,
    SUIT_MASKS,
    DiscardPiles,
    RankOrder,
    TrickObservationN,
    TrickStateN,
    copying,
)

__all__ = ["BUY_PHASE", "CALL_PHASE", "CALL_NAMES", "Buy", "Call", "Napoleon",
           "NapoleonObservation", "NapoleonOptions", "NapoleonState", "ORDER", "PASS",
           "Pass", "parse_action"]

RANKS = tuple(sorted(Rank, reverse=True))  # A K Q J 10 9 .. 2, Whist's order
ORDER = RankOrder(RANKS)
STRENGTH = ORDER.strength
PACK = Pack.of_ranks(RANKS)
HAND = 5
TRICKS = 5

#: the calls, lowest first: the number of tricks, or Napoleon, Wellington, Sedan
TWO, THREE, FOUR, NAPOLEON, WELLINGTON, SEDAN = 2, 3, 4, 5, 6, 7
CALL_NAMES = {TWO: "two", THREE: "three", FOUR: "four", NAPOLEON: "Napoleon",
              WELLINGTON: "Wellington", SEDAN: "Sedan"}
#: how many tricks each call undertakes to win (Sedan: none at all)
CALL_TRICKS = {TWO: 2, THREE: 3, FOUR: 4, NAPOLEON: 5, WELLINGTON: 5, SEDAN: 0}
BUY_PHASE, CALL_PHASE = 1, 2

#: (won, lost) per adversary in stakes, for each way of settling the varieties
WELLINGTON_STAKES = {"triple": (15, 10), "peel": (20, 10)}
SEDAN_STAKES = {"peel": (3, 3), "britannica": (3, 6)}
NAPOLEON_STAKES = (10, 5)


# -- actions ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class Call(Action):
    """A call: ``go 2``, ``go 3``, ``go 4`` ("I go two", EW 130), ``napoleon``,
    ``wellington`` or ``sedan``."""

    level: int

    def notation(self) -> str:
        if self.level <= FOUR:
            return f"go {self.level}"
        return CALL_NAMES.get(self.level, f"call {self.level}").lower()


class Pass(WordAction, word="pass"):
    """Make no call: ``pass``."""


@dataclasses.dataclass(frozen=True, slots=True)
class Buy(Action):
    """Throw out ``cards`` face down and buy as many from the pack: ``buy 7H 2C``;
    ``buy none`` to keep the hand."""

    cards: tuple[int, ...]

    def notation(self) -> str:
        if not self.cards:
            return "buy none"
        return "buy " + " ".join(card_name(c) for c in self.cards)


PASS = Pass()
CALLS = {level: Call(level) for level in CALL_NAMES}
_CALL_WORDS = {"napoleon": NAPOLEON, "nap": NAPOLEON, "wellington": WELLINGTON,
               "sedan": SEDAN, "misere": SEDAN, "misère": SEDAN, "misery": SEDAN,
               "two": TWO, "three": THREE, "four": FOUR}
_IDS = frozenset(int(c) for c in PACK.all_cards())


def _card(text: str) -> int:
    return int(parse_game_card(text, RANKS, "Napoleon"))


def parse_action(text: str) -> Action:
    """Read a Napoleon action: ``pass``, ``go 3`` (or ``3``), ``napoleon`` (``nap``),
    ``wellington``, ``sedan``, ``buy 7H 2C`` or ``buy none``, or a card (``QS``,
    ``10D``).

    >>> [str(parse_action(t)) for t in ("Go 3", "nap", "buy 2c 7h", "keep", "10d")]
    ['go 3', 'napoleon', 'buy 2C 7H', 'buy none', 'TD']
    """
    t = action_words(text, "Napoleon")
    low = t.lower()
    words = low.split()
    if low == "pass":
        return PASS
    if low in ("keep", "buy none", "buy 0", "stand"):
        return Buy(())
    if words[0] == "buy":
        cards = sorted({_card(w) for w in t.split()[1:]})
        if len(cards) != len(words) - 1:
            raise NotationError(f"a card is named twice in {quoted(text)}")
        if len(cards) > HAND:
            raise NotationError(f"one buys at most {HAND} cards, not {len(cards)}")
        return Buy(tuple(cards))
    if words[0] in ("go", "call", "bid") and len(words) == 2:
        word = words[1]
    elif len(words) == 1 and (low in _CALL_WORDS or low in ("2", "3", "4", "5")):
        word = low
    else:
        word = ""
    if word:
        if word in _CALL_WORDS:
            return CALLS[_CALL_WORDS[word]]
        if word in ("2", "3", "4"):
            return CALLS[int(word)]
        if word == "5":
            return CALLS[NAPOLEON]
        raise NotationError(f"a call is go 2, go 3, go 4, napoleon, wellington or sedan,"
                            f" not {quoted(text)}")
    if len(words) == 1:
        return PLAYS[_card(t)]
    raise NotationError(f"not a Napoleon action: {quoted(text)} (pass, go 3, napoleon,"
                        " wellington, sedan, buy 7H 2C, or a card like QS)")


# -- events -------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class Bought(Event):
    """``seat`` threw out ``count`` cards face down and bought as many from the pack,
    paying ``paid`` into the pool."""

    seat: int
    count: int
    paid: int

    def describe(self, names: Names = NUMBERED) -> str:
        if not self.count:
            return names.says(self.seat, "keep", f"{names.its(self.seat)} cards") + "."
        cards = "a card" if self.count == 1 else f"{self.count} cards"
        return names.says(self.seat, "buy", f"{cards}, paying {self.paid} into the pool") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Called(BidMade):
    """``seat`` called ``text`` (a :class:`Call`'s notation) or passed: "calls three",
    "calls Napoleon", "passes"."""

    def describe(self, names: Names = NUMBERED) -> str:
        if self.text == "pass":
            return names.says(self.seat, "pass") + "."
        if self.text.startswith("go "):
            level = int(self.text[3:])
            return names.says(self.seat, "call", CALL_NAMES[level]) + "."
        return names.says(self.seat, "call", self.text.capitalize()) + "."


@dataclasses.dataclass(frozen=True, slots=True)
class PoolPaid(Event):
    """``seat``, the dealer, put ``amount`` into the pool, which now holds ``pool``."""

    seat: int
    amount: int
    pool: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "put", f"{self.amount} into the pool (it holds"
                          f" {self.pool})") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Declarer(Event):
    """The calls are over: ``seat`` plays ``level`` (a key of :data:`CALL_NAMES`), or
    nobody (``seat`` -1) and the deal is void."""

    seat: int
    level: int

    def describe(self, names: Names = NUMBERED) -> str:
        if self.seat < 0:
            return "All have passed: the deal is void."
        if self.level == SEDAN:
            what = "Sedan: to lose every trick"
        elif self.level >= NAPOLEON:
            what = f"{CALL_NAMES[self.level]}: to win all five tricks"
        else:
            what = f"{CALL_NAMES[self.level]} tricks"
        return (names.says(self.seat, "play", what) + "; the others combine against"
                f" {names.object(self.seat)}.")


@dataclasses.dataclass(frozen=True, slots=True)
class Settled(Event):
    """The deal is settled: ``seat``, the declarer, ``made`` his call or not, and
    ``each`` is what each adversary paid him (negative: what he paid each)."""

    seat: int
    made: bool
    each: int

    def describe(self, names: Names = NUMBERED) -> str:
        if self.made:
            return names.says(self.seat, "make", f"the call: each adversary pays"
                              f" {names.object(self.seat)} {self.each}") + "."
        return names.says(self.seat, "fail", f"and pay{'' if self.seat == names.you else 's'}"
                          f" each adversary {-self.each}") + "."


# -- options ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class NapoleonOptions(Options):
    """The varieties of Napoleon (Enquire Within 130; sources in ``docs/RULES.md``)."""

    game_title: ClassVar[str] = "Napoleon"

    players: int = _opt(4, (4, 5, 6), "Four, five or six players, each for himself.",
                        "EW 130")
    stake: int = _opt(
        1, (1, 2, 3, 4, 5, 6),
        "Counters a trick: Napoleon wins ten stakes a head and loses five.", "EW 130")
    wellington: str = _opt(
        "off", ("off", "triple", "peel"),
        "Wellington, a call of five tricks over a Napoleon: off; triple (the book's"
        " triple stakes: 15 won, 10 lost); peel (doubled stakes: 20 won, 10 lost).",
        "EW 130; Peel; Britannica 1911")
    sedan: str = _opt(
        "off", ("off", "peel", "britannica"),
        "Sedan, a call to lose every trick, above all the others: off; peel (3 won or"
        " lost); britannica (3 won, 6 lost).", "EW 130; Peel; Britannica 1911")
    sedan_trumps: str = _opt(
        "first_lead", ("first_lead", "none"),
        "In a Sedan the first card led makes trumps as usual, or there are no trumps.",
        "Peel")
    kitty: str = _opt(
        "none", ("none", "half_stake", "stake"),
        "A pool: each dealer pays half a stake (the book; an even stake) or a stake"
        " (Peel); the first Napoleon made takes it.", "EW 130; Peel")
    failed_napoleon_doubles_pool: bool = _opt(
        False, None, "A Napoleon lost pays into the pool as much as it holds.",
        "USPCC Pool Nap")
    buying: bool = _opt(
        False, None,
        "Before the calls each may throw out cards and buy as many from the pack, a"
        " stake a card into the pool.", "EW 130; Peel")
    stop_when_decided: bool = _opt(
        False, None,
        "Stop the play once the call is made or lost (Peel), instead of playing the five"
        " tricks out (the book).", "Peel")
    deals: int = _opt(
        0, None, "Deals in a match, the most counters winning; 0: each deals twice.",
        "EW 130", least=0, most=MOST_DEALS)


# -- the game -----------------------------------------------------------------------------

class Napoleon(Game["NapoleonState"]):
    """Napoleon: four to six each for himself, five cards each; the highest caller of two,
    three, four or all five tricks plays against the rest, his first lead making trumps.

    Enquire Within 130; the declarer is paid by, or pays, each adversary by the tricks
    he called.

    >>> game = Napoleon()
    >>> state = game.deal(dealer=3, seed=2)
    >>> [len(h) for h in state.hands], state.current_player(), state.phase_name()
    ([5, 5, 5, 5], 0, 'call')
    """

    name = "napoleon"
    title = "Napoleon"
    rules_by = "Enquire Within's rules"
    #: counters: a stake a trick, settled deal by deal (the review marks from half of one)
    result_unit = "counters"
    options_class = NapoleonOptions
    options: NapoleonOptions
    pack = PACK
    min_players, max_players = 4, 6

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        o = self.options
        if o.kitty == "half_stake" and o.stake % 2:
            raise OptionError("option kitty=half_stake needs an even stake (stake=2, 4 or"
                              " 6): the counters are whole")
        if o.failed_napoleon_doubles_pool and o.kitty == "none":
            raise OptionError("option failed_napoleon_doubles_pool needs a pool"
                              " (kitty=half_stake or kitty=stake)")
        self.ante = {"none": 0, "half_stake": o.stake // 2, "stake": o.stake}[o.kitty]
        self.deals = o.deals or 2 * self.num_players

    def deal_in_match(self, dealer: int, pack: Sequence[int], sheet: ScoreSheet
                      ) -> NapoleonState:
        """A deal that knows what the pool holds (the sheet's ``carry``)."""
        return NapoleonState.from_pack(self, dealer, pack, pool=sheet.carry)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def stakes(self, level: int) -> tuple[int, int]:
        """What each adversary pays the declarer of ``level`` who makes it, and what he
        pays each if he fails, in counters."""
        o = self.options
        if level == SEDAN:
            won, lost = SEDAN_STAKES[o.sedan]
        elif level == WELLINGTON:
            won, lost = WELLINGTON_STAKES[o.wellington]
        elif level == NAPOLEON:
            won, lost = NAPOLEON_STAKES
        else:
            won = lost = level
        return won * o.stake, lost * o.stake

    def deal_result(self, state: NapoleonState) -> DealResult:
        """Each seat's counters: the declarer paid or paying each adversary, the pool's
        payments (the dealer's, the buyers', a Napoleon's taking or doubling it).
        ``details``: ``declarer`` (-1: a void deal), ``level``, ``made``, ``pool``
        (what the pool holds after the deal)."""
        if not state.is_terminal():
            raise ValueError("the deal is not over")
        n = self.num_players
        pts = [-x for x in state.paid_in]
        notes: list[str] = []
        d = state.declarer
        pool = state.pool
        made = -1
        if d >= 0:
            won, lost = self.stakes(state.level)
            made = int(state.made())
            each = won if made else -lost
            for p in range(n):
                if p != d:
                    pts[p] -= each
                    pts[d] += each
            call = CALL_NAMES[state.level]
            notes.append(f"seat {d} {'made' if made else 'lost'} {call}: "
                         + (f"+{won} from each adversary" if made else
                            f"{lost} to each adversary"))
            if state.level in (NAPOLEON, WELLINGTON) and pool:
                if made:
                    pts[d] += pool
                    notes.append(f"seat {d} takes the pool of {pool}")
                    pool = 0
                elif self.options.failed_napoleon_doubles_pool:
                    pts[d] -= pool
                    notes.append(f"seat {d} doubles the pool ({pool} more)")
                    pool *= 2
        else:
            notes.append("all passed: the deal is void")
        return DealResult(tuple(pts), tuple(notes),
                          (("declarer", d), ("level", state.level), ("made", made),
                           ("pool", pool)))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """The counters go on the sheet and the pool is carried; after the match's deals
        the most counters win (level at the top: another deal), and what is left in the
        pool is divided equally, which changes no one's standing."""
        row = sheet.enter(deal_no, dealer, result, result.notes)
        sheet.carry = result.detail("pool")
        if len(sheet.rows) < self.deals:
            return
        top = max(sheet.totals)
        leaders = [c for c, t in enumerate(sheet.totals) if t == top]
        if len(leaders) > 1:
            row.notes = (*row.notes, "level at the top: another deal")
            return
        w = leaders[0]
        summary = f"seat {w} wins with {top} counters after {len(sheet.rows)} deals"
        if sheet.carry:
            n = self.num_players
            share, odd = divmod(sheet.carry, n)
            summary += (f"; the pool of {sheet.carry} is divided equally ({share} each"
                        + (f", {odd} over" if odd else "") + ")")
        sheet.end_game(w, 1, summary=summary)


# -- observations -------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class NapoleonObservation(TrickObservationN):
    """A Napoleon observation adds: ``bids``, the calls so far as ``(seat, notation)``
    (the name Auction Binocle's bids have, which the board reads);
    ``declarer`` (-1 until the calls are over, and in a void deal) and ``level`` (the
    highest call so far, 0 for none), ``contract`` (the declarer's call in words, ""
    before and in a void deal),
    ``needed`` (tricks the declarer must win; with a Sedan, 0), ``pool`` (what the
    pool holds, the dealer's payment and the buyers' in), ``bought`` (cards each seat
    bought), ``discards`` (the cards this seat threw out face down; none in the public
    observation)."""

    bids: tuple[tuple[int, str], ...]
    declarer: int
    level: int
    contract: str
    needed: int
    pool: int
    bought: tuple[int, ...]
    discards: tuple[Card, ...]


# -- the deal -----------------------------------------------------------------------------

class NapoleonState(DiscardPiles, TrickStateN):
    """A deal of Napoleon: the N-seat machinery and ``calls`` (public, in order),
    ``level`` and ``declarer``, ``pool`` (what the pool held at the deal, and what was
    paid in: ``paid_in`` per seat), ``bought`` per seat, ``tables`` (each seat's cards
    thrown out face down when buying: hidden from the others), ``speakers`` (the seats
    still to buy or call, in order)."""

    __slots__ = ("calls", "level", "declarer", "pool", "paid_in", "bought", "tables",
                 "speakers")
    copies = copying(same="calls level declarer pool speakers",
                     list="paid_in bought", lists="tables")

    order = ORDER
    observation_class = NapoleonObservation
    phase_names: ClassVar[dict[int, str]] = {PLAY_PHASE: "play", OVER_PHASE: "over",
                                             BUY_PHASE: "buy", CALL_PHASE: "call"}

    game: Napoleon
    calls: tuple[tuple[int, str], ...]
    level: int
    declarer: int
    pool: int
    paid_in: list[int]
    bought: list[int]
    tables: list[list[int]]
    speakers: tuple[int, ...]

    @classmethod
    def from_pack(cls, game: Napoleon, dealer: int, order: Sequence[int],
                  pool: int = 0) -> NapoleonState:
        """Five cards one at a time to each from the dealer's left (EW 130); the rest of
        the pack lies face down (bought from with ``buying``). ``pool``: what the pool
        holds before the dealer pays in."""
        n = game.num_players
        dealer = check_seat(dealer, n, "dealer")
        o = [int(c) for c in order]
        hands: list[list[int]] = [[] for _ in range(n)]
        for k in range(HAND * n):
            hands[(dealer + 1 + k) % n].append(o[k])
        s = cls.__new__(cls)
        s.start(game, dealer, hands, stock=o[HAND * n:],
                phase=BUY_PHASE if game.options.buying else CALL_PHASE)
        s.calls = ()
        s.level = 0
        s.declarer = -1
        s.pool = pool
        s.paid_in = [0] * n
        s.bought = [0] * n
        s.tables = [[] for _ in range(n)]
        s.speakers = tuple((dealer + i) % n for i in range(1, n + 1))
        if game.ante:
            s.paid_in[dealer] += game.ante
            s.pool += game.ante
            s.note(PoolPaid, dealer, game.ante, s.pool)
        return s

    def phase_name(self) -> str:
        return self.phase_names.get(self.phase, str(self.phase))

    # -- buying and calling --------------------------------------------------------------

    def highest_calls(self) -> list[int]:
        """The calls above the highest so far that the options allow."""
        o = self.game.options
        out = [x for x in (TWO, THREE, FOUR, NAPOLEON) if x > self.level]
        if o.wellington != "off" and self.level == NAPOLEON:
            out.append(WELLINGTON)  # a superior call after the Napoleon (EW 130)
        if o.sedan != "off" and self.level < SEDAN:
            out.append(SEDAN)  # takes precedence of all the others (EW 130)
        return out

    def phase_actions(self) -> list[Action]:
        if self.phase == CALL_PHASE:
            return [PASS, *(CALLS[x] for x in self.highest_calls())]
        if self.phase == BUY_PHASE:
            hand = sorted(self.hands[self.player])
            most = min(len(hand), len(self.stock))
            return [Buy(tuple(c)) for k in range(most + 1)
                    for c in itertools.combinations(hand, k)]
        return super().phase_actions()

    def is_legal(self, action: Action) -> bool:
        if self.phase == BUY_PHASE:
            return self._buy_error(action) is None
        return super().is_legal(action)

    def _buy_error(self, action: Action) -> str | None:
        if not isinstance(action, Buy):
            return (f"{action_text(action)} is not allowed now: seat {self.player} buys"
                    " cards or keeps his hand ('buy 7H 2C', 'buy none')")
        cards = action.cards
        if type(cards) is not tuple or any(type(c) is not int and not isinstance(c, Card)
                                           for c in cards):
            return f"{action_text(action)} names no cards"
        hand = self.hands[self.player]
        missing = [c for c in cards if c not in hand]
        if missing or len(set(cards)) != len(cards):
            return (f"{action_text(action)} is not allowed: seat {self.player} holds "
                    + " ".join(card_name(c) for c in sorted(hand)))
        if len(cards) > len(self.stock):
            return (f"{action_text(action)} is not allowed: only {len(self.stock)} cards"
                    " are left in the pack to buy")
        return None

    def apply_phase(self, action: Action) -> None:
        if self.phase == BUY_PHASE:
            error = self._buy_error(action)
            if error is not None:
                raise IllegalActionError(error)
            self._buy(cast(Buy, action))
            return
        if self.phase == CALL_PHASE:
            if action != PASS and not (isinstance(action, Call)
                                       and action.level in self.highest_calls()):
                raise IllegalActionError(self._why_not_call(action))
            self._call(action)
            return
        super().apply_phase(action)

    def _why_not_call(self, action: Action) -> str:
        what = action_text(action)
        if not isinstance(action, Call):
            return f"{what} is not allowed now: seat {self.player} calls or passes"
        o = self.game.options
        if action.level == WELLINGTON and o.wellington == "off":
            return f"{what} is not allowed: Wellington is not played (option wellington)"
        if action.level == SEDAN and o.sedan == "off":
            return f"{what} is not allowed: Sedan is not played (option sedan)"
        if action.level == WELLINGTON and self.level != NAPOLEON:
            return f"{what} is not allowed: Wellington is called only over a Napoleon"
        return (f"{what} is not allowed: a call must be higher than"
                f" {CALL_NAMES[self.level]}, the call before" if self.level else
                f"{what} is not allowed now")

    def _buy(self, action: Buy) -> None:
        p = self.player
        k = len(action.cards)
        for c in action.cards:
            self.hands[p].remove(int(c))
            self.tables[p].append(int(c))
        drawn = self.stock[:k]
        self.stock = self.stock[k:]
        self.hands[p] += drawn
        paid = k * self.game.options.stake
        if paid:
            self.paid_in[p] += paid
            self.pool += paid
        self.bought[p] += k
        self.note(Bought, p, k, paid)
        self._next_speaker(BUY_PHASE)

    def _call(self, action: Action) -> None:
        p = self.player
        if isinstance(action, Call):
            self.level = action.level
            self.declarer = p
        text = action.notation()
        self.calls = (*self.calls, (p, text))
        self.note(Called, p, text)
        if isinstance(action, Call) and not self.highest_calls():
            self.speakers = ()  # nothing can be called over it: the calls are over
        self._next_speaker(CALL_PHASE)

    def _next_speaker(self, phase: int) -> None:
        rest = self.speakers[1:]
        if rest:
            self.speakers = rest
            self.player = rest[0]
            return
        if phase == BUY_PHASE:  # the calls, from the dealer's left again
            n = self.n
            self.speakers = tuple((self.dealer + i) % n for i in range(1, n + 1))
            self.player = self.speakers[0]
            self.phase = CALL_PHASE
            return
        self.speakers = ()
        d = self.declarer
        self.note(Declarer, d, self.level)
        if d < 0:  # all passed: the deal is void (EW 130)
            self.phase = OVER_PHASE
            return
        self.phase = PLAY_PHASE
        self.leader = self.player = d  # the declarer leads (standard; INVENTORY 25)

    # -- play ----------------------------------------------------------------------------

    def follow_cards(self, hand: list[int]) -> list[int]:
        """Follow suit if able; no duty to head the trick or to trump (EW 130)."""
        suit = self.trick[0] >> 4
        same = [c for c in hand if c >> 4 == suit]
        return same or list(hand)

    def note_play(self, seat: int, card: int) -> None:
        """A card of another suit shows a void in the suit led."""
        suit = self.trick[0] >> 4
        if card >> 4 != suit:
            self.exclude(seat, SUIT_MASKS[suit])

    def why_illegal(self, card: int, legal: list[int]) -> str:
        if card not in self.hands[self.player]:
            return f"{card_name(card)} is not in the hand of seat {self.player}"
        return (f"{card_name(card)} may not be played: you must follow suit; play one of "
                + " ".join(card_name(c) for c in sorted(legal)))

    def play_card(self, card: int) -> None:
        """The first card led makes trumps (EW 130), unless a Sedan is played without."""
        if self.trump < 0 and not self.trick and not self.tricks and not (
                self.level == SEDAN and self.game.options.sedan_trumps == "none"):
            self.trump = card >> 4
            self.note(TrumpMade, self.player, self.trump)
        super().play_card(card)

    def trick_done(self, winner: int, cards: tuple[int, ...]) -> None:
        """A trick counts one to its winner; the deal ends after the fifth, or (with
        ``stop_when_decided``) once the call is made or lost."""
        self.score(winner, 1, "trick")
        if self.tricks == TRICKS or (self.game.options.stop_when_decided
                                     and self.decided()):
            self.phase = OVER_PHASE
            made = self.made()
            won, lost = self.game.stakes(self.level)
            self.note(Settled, self.declarer, made, won if made else -lost)

    def made(self) -> bool:
        """Whether the declarer has made his call (so far: a Sedan until he takes a
        trick)."""
        taken = self.tricks_won[self.declarer]
        if self.level == SEDAN:
            return taken == 0
        return taken >= CALL_TRICKS[self.level]

    def decided(self) -> bool:
        """Whether the rest of the play can no longer change the outcome."""
        taken = self.tricks_won[self.declarer]
        if self.level == SEDAN:
            return taken > 0
        need = CALL_TRICKS[self.level]
        return taken >= need or taken + TRICKS - self.tricks < need

    # -- observations ----------------------------------------------------------------------

    def observation_fields(self, seat: int) -> dict[str, Any]:
        f = super().observation_fields(seat)
        d = self.declarer
        f.update(bids=self.calls, declarer=d if self.phase in (PLAY_PHASE, OVER_PHASE)
                 else -1, level=self.level,
                 contract=_contract(self.level) if d >= 0 and self.phase in (PLAY_PHASE,
                                                                             OVER_PHASE)
                 else "",
                 needed=CALL_TRICKS.get(self.level, 0), pool=self.pool,
                 bought=tuple(self.bought),
                 discards=tuple(sorted(Card(c) for c in self.tables[seat])) if seat >= 0
                 else ())
        return f

    def observation(self, seat: int) -> NapoleonObservation:
        return cast(NapoleonObservation, super().observation(seat))

    def public_observation(self) -> NapoleonObservation:
        return cast(NapoleonObservation, super().public_observation())

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def __str__(self) -> str:
        return (super().__str__() + f"\n  calls {self.calls}; declarer {self.declarer}"
                f" level {self.level}; pool {self.pool}; thrown out"
                f" {[card_name(c) for t in self.tables for c in t]}")


def _contract(level: int) -> str:
    """The declarer's call in words, for the board."""
    if level == SEDAN:
        return "Sedan (to lose every trick)"
    if level >= NAPOLEON:
        return f"{CALL_NAMES[level]} (all five tricks)"
    return f"{CALL_NAMES[level]} tricks"


Napoleon.state_class = NapoleonState
