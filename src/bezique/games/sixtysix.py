"""Two-handed Sixty-Six, as Foster's *Complete Hoyle* gives it.

Rules are cited by section of Foster's "Sixty-Six" (Cards, Dealing, Objects of the Game,
Method of Playing, Drawing, The Trump, Marriages, Counting, The Last Six Tricks, Announcing
Sixty-six, Closing) and by the project's checklist numbers (``SS n``, see
``shared/rules/CHECKLIST.md``).

Counting toward 66 (the book's table is missing, GAP-SS-1; the standard values, which the
worked examples agree with): Ace 11, Ten 10, King 4, Queen 3, Jack 2, Nine 0 (120 in the
pack); a marriage 20, the royal marriage (trumps) 40; the winner of the twelfth trick 10,
which is never scored when the stock was closed (SS 9, 11).

Decisions taken where the text is silent or needs a rule a machine can follow:

- Trump making (V-SS-01): when the pone "draws a card from the top, the middle or the
  bottom of the talon", the engine takes the card the ``pone_draw_from`` option names: the
  top (13th card of the pack), the middle (the seventh of the twelve talon cards, six above
  it) or the bottom (the 24th card, the default). The pick is blind, so fixing it loses
  nothing a player could choose.
- The winner of a trick while the stock is open gets one decision before the next lead
  (phase ``draw``): ``draw``, ``close`` (neither player draws, SS 34) or ``claim``. After
  ``draw`` he may still ``close`` before leading (GAP-SS-4).
- A claim of 66 (``claim``, or ``show KH QH`` to count a marriage without leading it, SS 24)
  may be made whenever the claimant has the lead or has just won a trick (GAP-SS-5); it ends
  the deal. Right: 1 game point, 2 if the adversary's count is under 33 (schneider), 3 if he
  has won no trick (schwartz; SS 7, 35). Wrong: the adversary scores 2, or 3 if he had won
  no trick (GAP-SS-2) - counted at the moment of closing when the claimant had closed (SS
  36).
- A closer who fails: if the adversary then claims correctly he scores what his claim is
  worth but never less than the closer's forfeit (2, or 3 if he had no trick when the stock
  was closed; SS 36-37). If a closed hand is played out without a claim, the closer is
  judged on his count as if he had claimed after the last trick: 66 or more scores as a
  right claim, less is the forfeit.
- A hand played out with neither claiming nor closing is counted (SS 31-32): only one at 66
  or more scores 1, or 2 if the other has under 33 (never 3); neither or both is a tie that
  adds 1 for the winner of the next deal (``DealResult.details`` holds ``("tie", 1)``).
- Marriages count for a player only once he has won a trick; the pone's marriage on his
  first lead stays pending until then and does not help him out of schneider (SS 23,
  GAP-SS-6). ``show`` needs a won trick, since the marriage could not count otherwise.
- Closing needs at least one face-down card in the stock (GAP-SS-3). The turn-up, once
  closed, stays where it is and may still be exchanged for the Nine (SS 20); it is never
  drawn.
- The Nine of trumps may be exchanged whenever its holder is to act (leading, following,
  or after winning a trick), provided he has won a trick and the turn-up is still there;
  a Nine drawn with the last stock card comes too late (SS 17-20). It scores nothing and
  does not end the turn.

Foster's laws about human mistakes - misdeals, looking back at quitted tricks, drawing out
of turn, revokes (SS 6, 27, 28) - cannot arise here: the engine deals, draws and checks
every action, refuses an illegal one, and keeps each player's count exactly, as a perfect
mental count would (so the right to close is never forfeited).

Representation (chosen for speed): cards are int ids; hands, the stock (top card last) and
won cards are lists of ids; the log is a persistent cons list shared by clones.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, ClassVar, TypeVar

from ..core.cards import Card, Pack, Rank, Suit, card_name, parse_game_card
from ..core.errors import IllegalActionError, NotationError, quoted
from ..core.events import (
    NUMBERED,
    Claimed,
    Closed,
    DealOver,
    Drew,
    DrewLast,
    Event,
    Exchanged,
    Names,
    Played,
    Scored,
    TrickWon,
)
from ..core.game import (
    SPECTATOR,
    Action,
    CardPlay,
    DealResult,
    Game,
    Observation,
    Options,
    WordAction,
    action_words,
    check_seat,
)
from ..core.game import option as _opt
from ..core.match import GameResult, ScoreSheet, SheetRow
from ..core.trick import END_PHASE, RankOrder, TrickState, copying

# -- cards and tables ------------------------------------------------------------------

ACE, TEN, KING, QUEEN, JACK, NINE = 14, 10, 13, 12, 11, 9
ORDER = RankOrder([Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE],
                  {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2})
STRENGTH = ORDER.strength
#: Counting value of each card id toward 66 (GAP-SS-1).
POINTS = ORDER.points
PACK = Pack.of_ranks(ORDER.ranks)
MARRIAGE, ROYAL_MARRIAGE, LAST_TRICK = 20, 40, 10
TARGET = 66

LEAD, FOLLOW, DRAW_NODE, END = 0, 1, 2, END_PHASE
PHASE_NAMES = ("lead", "follow", "draw", "end")


# -- options -----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class SixtySixOptions(Options):
    """The variants of two-handed Sixty-Six (VARIANTS.md section 5). Defaults are Foster's
    American usage. Each ``doc`` is what ``bezique play --list-options`` shows a player;
    the checklist label is ``SixtySixOptions.source(name)``."""

    game_title: ClassVar[str] = "Sixty-Six"

    trump_making: str = _opt(
        "thirteenth_card_after_deal",
        ("thirteenth_card_after_deal", "seventh_card_after_first_round",
         "pone_draws_top_middle_or_bottom"),
        "How the trump card is turned: the dealer turns the 13th card after dealing six each"
        " (the American way, Foster's default), or the 7th card after the first round of"
        " three, or the non-dealer draws a card from the talon.", "V-SS-01",
        words={"thirteenth_card_after_deal": "the 13th card, after six each",
               "seventh_card_after_first_round": "the 7th card, after three each",
               "pone_draws_top_middle_or_bottom": "the non-dealer draws it from the talon"})
    pone_draw_from: str = _opt(
        "bottom", ("bottom", "middle", "top"),
        "When the non-dealer draws the trump card from the talon: the card he takes (the"
        " draw is blind, so fixing it takes no choice from him).", "V-SS-01")
    # a deal gives 1 to 3 game points: 21, three times the book's, is a long evening
    game_target: int = _opt(7, None, "Game points that win the game: 7 (Foster).", "SS 7",
                            least=1, most=21)
    stakes: str = _opt(
        "per_game", ("per_game", "per_point"),
        "How a game is settled: so much a game, a loser without a point losing a double game"
        " (Foster), or so much a point.", "V-SS-02")


# -- actions -----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class Play(CardPlay):
    """Lead or follow with a card: ``QS``."""

    card: Card

    def notation(self) -> str:
        return self.card.notation()


@dataclasses.dataclass(frozen=True, slots=True)
class Marry(Action):
    """Lead a King or Queen whose partner is in hand and count the marriage, 20, or 40 in
    trumps (Marriages): ``marry KH``."""

    card: Card

    def notation(self) -> str:
        return "marry " + self.card.notation()


@dataclasses.dataclass(frozen=True, slots=True)
class Show(Action):
    """Show a marriage without leading it and claim 66 with it (SS 24): ``show KH QH``."""

    suit: Suit

    def notation(self) -> str:
        s = self.suit.letter
        return f"show K{s} Q{s}"


class Close(WordAction, word="close"):
    """Turn the trump card down on the stock: no more drawing, follow suit (Closing)."""


class Claim(WordAction, word="claim"):
    """Claim to have reached 66 and stop the hand (Announcing Sixty-six)."""


class Draw(WordAction, word="draw"):
    """Draw from the stock after winning a trick (the adversary then draws)."""


class Exchange(WordAction, word="exchange"):
    """Exchange the Nine of trumps for the turn-up (The Trump); scores nothing."""


CLOSE = Close()
CLAIM = Claim()
DRAW = Draw()
EXCHANGE = Exchange()
_CARD_IDS = [int(c) for c in PACK.all_cards()]
_PLAY: list[Play] = [Play(Card(c)) if c in _CARD_IDS else None for c in range(64)]  # type: ignore[misc]
_MARRY: list[Marry] = [Marry(Card(c)) if c in _CARD_IDS else None  # type: ignore[misc]
                       for c in range(64)]
_SHOW = [Show(Suit(s)) for s in range(4)]
_CARD_SET = frozenset(_CARD_IDS)


def _card_id(action: Any) -> int:
    """The card of a ``Play`` or ``Marry`` built by hand; anything that is no card of the
    Sixty-Six pack is an illegal action naming it."""
    c = action.card
    if isinstance(c, int) and not isinstance(c, bool) and c in _CARD_SET:
        return int(c)
    shown = card_name(c) if c.__class__ is Card else quoted(c)
    raise IllegalActionError(f"{shown} is not a card of the Sixty-Six pack (A 10 K Q J 9);"
                             " give a Card, e.g. Card.parse('QS')")


def parse_action(text: str, ranks: Sequence[Rank] = ORDER.ranks,
                 game: str = "Sixty-Six") -> Action:
    """Parse any Sixty-Six action's notation (context free); a card is of ``ranks``, the
    pack's (A 10 K Q J 9 unless given), the error for another naming ``game``.

    >>> parse_action("marry kh")
    Marry(card=Card.parse('KH'))
    >>> str(parse_action("KH+")), str(parse_action("show QS KS")), str(parse_action("9c"))
    ('marry KH', 'show KS QS', '9C')
    """
    t = action_words(text, game)
    low = t.lower()
    if low in ("close", "claim", "draw", "exchange"):
        return {"close": CLOSE, "claim": CLAIM, "draw": DRAW, "exchange": EXCHANGE}[low]
    if low in ("exchange nine", "exchange 9"):
        return EXCHANGE
    parts = t.split()
    head = parts[0].lower()
    marry_word: str | None = None
    if head == "marry":  # the notation: "marry KH"
        if len(parts) != 2:
            raise NotationError(f"write a marriage lead as 'marry KH', not {quoted(text)}")
        marry_word = parts[1]
    elif len(parts) == 1 and t.endswith("+"):  # shorthand "KH+"
        marry_word = t[:-1]
    elif len(parts) == 2 and parts[1].lower() in ("marriage", "20", "40", "+20", "+40"):
        marry_word = parts[0]  # "KH marriage", "KH 20"
    if marry_word is not None:
        card = parse_game_card(marry_word, ranks, game)
        if card.rank not in (Rank.KING, Rank.QUEEN):
            raise NotationError(f"a marriage is led with its King or Queen, not {card}"
                                f" ({quoted(text)})")
        return _MARRY[card]
    if head == "show":
        cards = [parse_game_card(p, ranks, game) for p in parts[1:3]]
        if not cards or len(parts) > 3 or len({c.suit for c in cards}) != 1 \
                or any(c.rank not in (Rank.KING, Rank.QUEEN) for c in cards) \
                or len(set(cards)) != len(cards):
            raise NotationError(f"show a marriage as 'show KH QH' (King and Queen of one suit),"
                                f" not {quoted(text)}")
        return _SHOW[cards[0].suit]
    if len(parts) == 1:
        return _PLAY[parse_game_card(t, ranks, game)]
    raise NotationError(f"not a {game} action: {quoted(text)} (a card like QS, 'marry KH',"
                        " 'show KH QH', 'close', 'claim', 'draw' or 'exchange')")


# -- the game ----------------------------------------------------------------------------

class SixtySix(Game["SixtySixState"]):
    """Two-handed Sixty-Six (Foster): 24 cards, deals to 66, game 7 points.

    >>> game = SixtySix()
    >>> state = game.deal(dealer=0, seed=1)
    >>> len(state.hands[0]), len(state.hands[1]), len(state.stock)
    (6, 6, 11)
    """

    name = "sixtysix"
    result_unit = "game points"
    title = "Sixty-Six"
    options_class = SixtySixOptions
    options: SixtySixOptions
    pack = PACK
    #: whether a hand played out with neither claiming nor closing is counted (SS 31-32);
    #: not before a dealer who scores at three, where failing to claim 66 scores nothing
    #: (three-handed Sixty-Six: :mod:`.sixtysix_three`)
    played_out_counts: ClassVar[bool] = True

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def deal_result(self, state: SixtySixState) -> DealResult:
        """Game points of a finished deal; a tie has no points and ``("tie", 1)``."""
        if not state.is_terminal():
            raise ValueError("the deal is not over")
        details: list[tuple[str, int]] = [("count0", state.points[0]),
                                          ("count1", state.points[1])]
        if state.winner < 0:
            details.append(("tie", 1))
        return DealResult(state.game_points(), (state.outcome,), tuple(details))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Game points add up to the target (7, SS 7). A tied deal scores nothing and the
        winner of the next deal adds 1 for it, ties accumulating (SS 32). A loser without a
        point loses a double game (SS 12)."""
        pts = [result.points[0], result.points[1]]
        notes: list[str] = []
        tie = result.detail("tie")
        if tie:
            sheet.carry += tie
            notes.append(f"tie: the winner of the next deal adds {sheet.carry}")
        elif sheet.carry and max(pts) > 0:
            w = 0 if pts[0] > pts[1] else 1
            pts[w] += sheet.carry
            notes.append(f"+{sheet.carry} for the tied deal")
            sheet.carry = 0
        for i in (0, 1):
            sheet.totals[i] += pts[i]
        t = sheet.totals
        sheet.rows.append(SheetRow(deal_no, dealer, (pts[0], pts[1]), (t[0], t[1]),
                                   tuple(notes)))
        target = self.options.game_target
        if max(t) < target:
            return
        winner = 0 if t[0] > t[1] else 1
        loser = 1 - winner
        value = 2 if t[loser] == 0 else 1
        gnotes: list[str] = []
        if value == 2:
            gnotes.append("double game: the loser has not scored")
        if self.options.stakes == "per_point":
            gnotes.append(f"per point: {t[winner] - t[loser]}")
        sheet.games.append(GameResult(winner, (t[0], t[1]), value, tuple(gnotes)))
        sheet.over = True
        sheet.winner = winner
        sheet.summary = f"seat {winner} wins the game {t[winner]}-{t[loser]}"


# -- observations ------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class SixtySixObservation(Observation):
    """Everything one seat may know in a deal of Sixty-Six, and nothing more.

    ``points`` is each player's count toward 66 (cards won and marriages that count) as a
    perfect mental count keeps it; ``pending`` the marriage points of a player who has not
    yet won a trick (SS 23). ``voids`` are the suits a player has shown he lacks by not
    following suit after the stock was closed or exhausted. ``non_closer_had_trick`` says
    whether the closer's adversary had won a trick when the stock was closed (it sets the
    closer's forfeit, SS 36); None unless closed.
    """

    dealer: int
    to_move: int
    phase: str
    trump: Suit
    turn_up: Card | None
    closed: bool
    closer: int | None
    non_closer_had_trick: bool | None
    stock_size: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int]
    known_in_hand: tuple[tuple[Card, ...], tuple[Card, ...]]
    voids: tuple[tuple[Suit, ...], tuple[Suit, ...]]
    trick: tuple[Card, ...]
    last_trick: tuple[Card, ...]
    tricks_played: int
    tricks_won: tuple[int, int]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    points: tuple[int, int]
    pending: tuple[int, int]
    events: tuple[Event, ...]


# -- the state ---------------------------------------------------------------------------

_S = TypeVar("_S", bound="SixtySixState")


class SixtySixState(TrickState):
    """A position in one deal of two-handed Sixty-Six."""

    __slots__ = ("game", "dealer", "trump", "nine", "turn_up", "stock", "closed", "closer",
                 "closed_opp_trick", "hands", "points", "pending", "tricks_won", "won", "phase",
                 "player", "lead", "tricks", "known", "voids", "log", "last_trick",
                 "last_winner", "winner", "value", "outcome")
    # points, pending, tricks_won, voids and the lists inside won and known are never
    # changed in place (a change makes a new list): shared, as the log is
    copies = copying(
        same=("game dealer trump nine turn_up closed closer closed_opp_trick points pending"
              " tricks_won phase player lead tricks voids log last_trick last_winner winner value"
              " outcome"),
        list="stock won known",
        pair="hands")

    game: SixtySix
    dealer: int
    trump: int
    nine: int  # the Nine of trumps
    turn_up: int  # -1 once drawn; stays (face down) when the stock is closed
    stock: list[int]  # face-down cards, the top card last
    closed: bool
    closer: int  # -1 unless closed
    closed_opp_trick: bool  # had the closer's adversary won a trick when it was closed?
    hands: list[list[int]]
    points: list[int]  # count toward 66: cards won, marriages that count, last trick
    pending: list[int]  # marriage points waiting for their declarer's first trick
    tricks_won: list[int]
    won: list[list[int]]
    phase: int
    player: int
    lead: int
    tricks: int
    known: list[list[int]]  # cards publicly known to be in a hand
    voids: list[int]  # per seat, bit s set: shown to hold no card of suit s
    log: Any  # persistent list: (entry, previous) or None
    last_trick: tuple[int, ...]
    last_winner: int
    winner: int  # at the end: the seat scoring, -1 for a tie
    value: int  # at the end: the game points scored
    outcome: str

    @classmethod
    def from_pack(cls, game: SixtySix, dealer: int, order: Sequence[int]) -> SixtySixState:
        """Deal from a pack order (index 0 the top card): three to each, the pone first,
        twice, with the trump made as ``trump_making`` says (Dealing, SS 3-5). The turn-up
        lies under the stock and is drawn last."""
        dealer = check_seat(dealer, 2, "dealer")
        pone = 1 - dealer
        o = list(map(int, order))
        if len(o) != 24:
            raise ValueError(f"a Sixty-Six pack order has 24 cards, not {len(o)}")
        hands: list[list[int]] = [[], []]
        how = game.options.trump_making
        if how == "seventh_card_after_first_round":
            hands[pone] += o[0:3]
            hands[dealer] += o[3:6]
            turn_up = o[6]
            hands[pone] += o[7:10]
            hands[dealer] += o[10:13]
            talon = o[13:]
        else:
            hands[pone] += o[0:3]
            hands[dealer] += o[3:6]
            hands[pone] += o[6:9]
            hands[dealer] += o[9:12]
            talon = o[12:]
            if how == "pone_draws_top_middle_or_bottom":
                at = {"top": 0, "middle": 6, "bottom": 11}[game.options.pone_draw_from]
            else:  # the thirteenth card, i.e. the top of the talon
                at = 0
            turn_up = talon.pop(at)
        return cls._dealt(game, dealer, hands, turn_up, NINE, talon[::-1])  # pop(): the top

    @classmethod
    def _dealt(cls: type[_S], game: Any, dealer: int, hands: list[list[int]], turn_up: int,
               exchanger: int, stock: list[int]) -> _S:
        """A state just dealt: the hands, the turn-up (the trump card), the rank of the
        trump that exchanges for it, the stock (its top card last), nothing played."""
        s = cls.__new__(cls)
        s.game = game
        s.dealer = dealer
        s.hands = hands
        s.turn_up = turn_up
        s.trump = turn_up >> 4
        s.nine = s.trump * 16 + exchanger
        s.stock = stock
        s.closed = False
        s.closer = -1
        s.closed_opp_trick = False
        s.points = [0, 0]
        s.pending = [0, 0]
        s.tricks_won = [0, 0]
        s.won = [[], []]
        s.phase = LEAD
        s.player = 1 - dealer  # the pone leads first (Method of Playing)
        s.lead = -1
        s.tricks = 0
        s.known = [[], []]
        s.voids = [0, 0]
        s.log = None
        s.last_trick = ()
        s.last_winner = -1
        s.winner = -1
        s.value = 0
        s.outcome = ""
        return s

    @classmethod
    def position(cls, game: SixtySix, *, hands: Sequence[Sequence[int]], trump: Suit | int,
                 turn_up: int | None, stock: Sequence[int] = (), dealer: int = 0,
                 to_move: int = 1, phase: str = "lead", lead: int | None = None,
                 won: Sequence[Sequence[int]] = ((), ()),
                 points: Sequence[int] | None = None,
                 tricks_won: Sequence[int] | None = None,
                 pending: Sequence[int] = (0, 0), closed: bool = False,
                 closer: int | None = None, tricks: int | None = None,
                 known: Sequence[Sequence[int]] = ((), ())) -> SixtySixState:
        """Set up a position directly (tests, puzzles).

        ``hands``; ``trump``; ``turn_up`` (None once drawn); ``stock`` top card first;
        whose turn and in which phase (``lead``, ``follow`` with the ``lead`` card, or
        ``draw`` for the winner of a trick while the stock is open); the cards each seat has
        ``won``; each count toward 66 (``points``, by default the value of the won cards;
        give it to include marriages already scored) and number of ``tricks_won`` (by
        default half the won cards); marriage points ``pending``; ``closed`` by ``closer``.
        Cards placed nowhere count as played in tricks not shown.
        """
        s = cls._dealt(game, check_seat(dealer, 2, "dealer"),
                       [[int(c) for c in hands[0]], [int(c) for c in hands[1]]],
                       -1 if turn_up is None else int(turn_up), NINE,
                       [int(c) for c in reversed(stock)])
        s.trump = int(trump)  # the turn-up may be drawn
        s.nine = s.trump * 16 + NINE
        if phase not in PHASE_NAMES[:3]:
            raise ValueError(f"phase must be lead, follow or draw, not {phase!r}")
        s.phase = PHASE_NAMES.index(phase)
        to_move = check_seat(to_move, 2, "to_move")
        s.player = to_move
        s.lead = -1 if lead is None else int(lead)
        if (s.phase == FOLLOW) != (lead is not None):
            raise ValueError("give the lead card exactly when the phase is follow")
        s.won = [[int(c) for c in won[0]], [int(c) for c in won[1]]]
        s.points = list(points) if points is not None else [sum(POINTS[c] for c in w)
                                                            for w in s.won]
        s.tricks_won = list(tricks_won) if tricks_won is not None else [len(w) // 2
                                                                        for w in s.won]
        s.pending = list(pending)
        s.closed = closed
        s.closer = -1 if closer is None else closer
        if closed and closer is None:
            raise ValueError("a closed position needs its closer")
        s.closed_opp_trick = closed and s.tricks_won[1 - s.closer] > 0
        if s.turn_up < 0 and s.stock:
            raise ValueError("a stock without a turn-up under it")
        if s.turn_up >= 0 and not closed and len(s.stock) % 2 == 0:
            raise ValueError("an open stock holds an odd number of face-down cards above the"
                             " turn-up")
        if s.phase == DRAW_NODE and (closed or s.turn_up < 0):
            raise ValueError("the draw phase needs an open stock")
        n0, n1 = len(s.hands[to_move]), len(s.hands[1 - to_move])
        if s.phase == FOLLOW and n0 != n1 + 1 or s.phase != FOLLOW and n0 != n1:
            raise ValueError("hand sizes do not fit the phase (equal, or the follower one more)")
        s.tricks = tricks if tricks is not None else sum(s.tricks_won)
        placed = [c for h in s.hands for c in h] + s.stock + [c for w in s.won for c in w] \
            + ([s.turn_up] if s.turn_up >= 0 else []) + ([s.lead] if s.lead >= 0 else [])
        rest = list(_CARD_IDS)
        for c in placed:
            if c not in rest:
                raise ValueError(f"{card_name(c)} is placed twice or is not a Sixty-Six card")
            rest.remove(c)
        s.known = [[int(c) for c in known[0]], [int(c) for c in known[1]]]
        for p in (0, 1):
            for c in s.known[p]:
                if c not in s.hands[p]:
                    raise ValueError(f"known card {card_name(c)} is not in hand {p}")
        return s

    # -- bookkeeping ---------------------------------------------------------------------

    def score_events(self) -> list[tuple[int, int, str]]:
        """``(seat, points, reason)`` for every count toward 66 in this deal, oldest first:
        the cards of each trick won, marriages, the last trick."""
        out = []
        for e in self.log_entries():
            if e[0] is Scored:
                out.append((e[1], e[2], e[3]))
            elif e[0] is TrickWon:
                pts = POINTS[e[2][0]] + POINTS[e[2][1]]
                if pts:
                    out.append((e[1], pts, "cards"))
        return out

    # -- interface -----------------------------------------------------------------------

    def scores(self) -> tuple[int, int]:
        """Each player's count toward 66 (marriages included once they count)."""
        return (self.points[0], self.points[1])

    def game_points(self) -> tuple[int, int]:
        """The game points the deal gives each seat ((0, 0) before the end or for a tie)."""
        if self.winner < 0:
            return (0, 0)
        return (self.value, 0) if self.winner == 0 else (0, self.value)

    @property
    def drawing(self) -> bool:
        """True while the players still draw: the stock is neither closed nor exhausted."""
        return not self.closed and self.turn_up >= 0

    def _can_exchange(self, p: int) -> bool:
        # SS 17-20: any time, having won a trick, while the turn-up is there (closed or not)
        return self.turn_up >= 0 and self.tricks_won[p] > 0 and self.nine in self.hands[p]

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        p = self.player
        hand = self.hands[p]
        acts: list[Action]
        if phase == FOLLOW:
            if self.closed or self.turn_up < 0:  # follow suit if able (SS 29, 33)
                suit = self.lead >> 4
                acts = [_PLAY[c] for c in hand if c >> 4 == suit] or [_PLAY[c] for c in hand]
            else:  # anything while drawing (SS 13)
                acts = [_PLAY[c] for c in hand]
            if self.turn_up >= 0 and self.nine in hand and self.tricks_won[p]:
                acts.append(EXCHANGE)
            return acts
        if phase == LEAD:
            acts = [_PLAY[c] for c in hand]
            for c in hand:
                if c & 15 == KING and c - 1 in hand:  # K and Q: lead either (SS 21)
                    acts.append(_MARRY[c])
                    acts.append(_MARRY[c - 1])
                    if self.tricks_won[p]:
                        acts.append(_SHOW[c >> 4])
            if self.stock and not self.closed:
                acts.append(CLOSE)
            acts.append(CLAIM)
            if self.turn_up >= 0 and self.nine in hand and self.tricks_won[p]:
                acts.append(EXCHANGE)
            return acts
        if phase == DRAW_NODE:
            acts = [DRAW, CLOSE, CLAIM]
            if self._can_exchange(p):
                acts.append(EXCHANGE)
            return acts
        return []

    def apply(self, action: Action) -> None:
        phase = self.phase
        p = self.player
        kind = type(action)
        if phase == END:
            raise IllegalActionError("the deal is over")
        if kind is Play or kind is Marry:
            c = action.card  # type: ignore[attr-defined]
            if c.__class__ is not Card or c not in _CARD_SET:  # built by hand: Play(999)
                c = _card_id(action)
        if kind is Play:
            if phase == DRAW_NODE:
                raise IllegalActionError(
                    f"{action} is not allowed now: after winning a trick while the stock is"
                    " open, draw, close or claim first")
            self._play(p, int(c))
        elif kind is Exchange:
            if not self._can_exchange(p):
                raise IllegalActionError(self._why_no_exchange(p))
            self._exchange(p)
        elif kind is Draw:
            if phase != DRAW_NODE:
                raise IllegalActionError("draw comes only after winning a trick while the stock"
                                         " is open")
            self._draw()
        elif kind is Close:
            if phase == FOLLOW:
                raise IllegalActionError("only the player with the lead may close (SS 34)")
            if self.closed:
                raise IllegalActionError("the stock is already closed")
            if not self.stock:
                raise IllegalActionError("closing needs a face-down card left in the stock"
                                         " (GAP-SS-3)")
            self.closed = True
            self.closer = p
            self.closed_opp_trick = self.tricks_won[1 - p] > 0
            self.log = ((Closed, p, phase == DRAW_NODE), self.log)
            self.phase = LEAD
        elif kind is Claim:
            if phase == FOLLOW:
                raise IllegalActionError("a claim of 66 is made with the lead or just after"
                                         " winning a trick (GAP-SS-5), not while following")
            self._claim(p)
        elif kind is Marry:
            if phase != LEAD:
                raise IllegalActionError("a marriage is declared by leading one of its cards"
                                         " (SS 21-22)")
            c = int(c)
            if c & 15 not in (KING, QUEEN):  # Jack and Ten also differ in the last bit
                raise IllegalActionError(f"{action}: a marriage is led with its King or"
                                         " Queen (SS 21)")
            partner = c ^ 1  # King 13 <-> Queen 12
            hand = self.hands[p]
            if c not in hand or partner not in hand:
                raise IllegalActionError(f"{action} needs both {card_name(c)} and"
                                         f" {card_name(partner)} in your hand")
            self._marriage(p, c >> 4, "marry")
            kn = self.known[p]
            if partner not in kn:  # the other card of the marriage is now known to be held
                self.known[p] = kn + [partner]  # a new list: copies share the old one
            self._play(p, c)
        elif kind is Show:
            if phase != LEAD:
                raise IllegalActionError("a marriage is shown with the lead (SS 22, 24); after"
                                         " winning a trick while the stock is open, draw"
                                         " first, or claim")
            suit = action.suit  # type: ignore[attr-defined]
            if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit <= 3:
                raise IllegalActionError(f"{quoted(action)}: {quoted(suit)} is not a suit"
                                         " (give a Suit, e.g. Suit.HEARTS)")
            suit = int(suit)
            k, q = suit * 16 + KING, suit * 16 + QUEEN
            if k not in self.hands[p] or q not in self.hands[p]:
                raise IllegalActionError(f"{action} needs both {card_name(k)} and"
                                         f" {card_name(q)} in your hand")
            if not self.tricks_won[p]:
                raise IllegalActionError("a marriage counts only for a player who has won a"
                                         " trick (SS 22)")
            kn = self.known[p] = self.known[p][:]  # copies share the old list
            for c in (k, q):  # both cards are shown to the adversary (SS 24)
                if c not in kn:
                    kn.append(c)
            self._marriage(p, suit, "show")
            self._claim(p)
        else:
            raise IllegalActionError(f"not a Sixty-Six action: {quoted(action)}")

    # -- playing -------------------------------------------------------------------------

    def _why_no_exchange(self, p: int) -> str:
        if self.turn_up < 0:
            return "the turn-up has been drawn: too late to exchange the Nine (SS 19)"
        if self.nine not in self.hands[p]:
            return f"exchange needs the Nine of trumps ({card_name(self.nine)}) in your hand"
        return "the Nine may be exchanged only after winning a trick (SS 17)"

    def _marriage(self, p: int, suit: int, how: str) -> None:
        value = ROYAL_MARRIAGE if suit == self.trump else MARRIAGE
        name = "royal marriage" if suit == self.trump else "marriage"
        self.log = ((Married, p, suit, value, how == "show"), self.log)
        if self.tricks_won[p]:
            self._score(p, value, name)
        else:  # the pone's first lead: counts when he wins a trick (SS 23)
            pending = self.pending = self.pending[:]  # copies share the old list
            pending[p] += value

    def _play(self, p: int, c: int) -> None:
        hand = self.hands[p]
        if c not in hand:
            raise IllegalActionError(f"{card_name(c)} is not in your hand")
        leading = self.phase == LEAD
        if not leading:
            lead = self.lead
            suit = lead >> 4
            if (self.closed or self.turn_up < 0) and c >> 4 != suit:
                if any(x >> 4 == suit for x in hand):
                    raise IllegalActionError(
                        f"{card_name(c)} is not allowed: once the stock is closed or exhausted"
                        f" you must follow suit (SS 29, 33); play one of "
                        + " ".join(card_name(x) for x in hand if x >> 4 == suit))
                voids = self.voids = self.voids[:]  # copies share the old list
                voids[p] |= 1 << suit  # a revealed void; nothing is drawn any more
        hand.remove(c)
        kn = self.known[p]
        if kn and c in kn:  # a new list: copies share the old one
            kn = self.known[p] = kn[:]
            kn.remove(c)
        self.log = ((Played, p, c), self.log)
        if leading:
            self.lead = c
            self.phase = FOLLOW
            self.player = 1 - p
            return
        # SS 14: same suit, the higher wins; a trump beats a plain card; else the lead wins
        if c >> 4 == suit:
            w = p if STRENGTH[c] > STRENGTH[lead] else 1 - p
        else:
            w = p if c >> 4 == self.trump else 1 - p
        self.tricks += 1
        # won, points, tricks_won and pending are new lists, never changed in place:
        # copies share the old ones
        won = self.won
        won[w] = won[w] + [lead, c]
        pts = self.points
        gain = POINTS[lead] + POINTS[c]
        self.points = [pts[0] + gain, pts[1]] if w == 0 else [pts[0], pts[1] + gain]
        self.log = ((TrickWon, w, (lead, c)), self.log)
        tw = self.tricks_won
        self.tricks_won = [tw[0] + 1, tw[1]] if w == 0 else [tw[0], tw[1] + 1]
        if self.pending[w] and self.tricks_won[w] == 1:
            self._score(w, self.pending[w], "marriage (now counts)")
            pending = self.pending = self.pending[:]
            pending[w] = 0
        self.last_trick = (lead, c)
        self.last_winner = w
        self.lead = -1
        self.player = w
        if not self.closed and self.turn_up >= 0:
            self.phase = DRAW_NODE
        elif not hand:
            if not self.closed:  # the twelfth trick (SS 11, 30)
                self._score(w, LAST_TRICK, "last trick")
            self._end_of_hand()
        else:
            self.phase = LEAD

    def _draw(self) -> None:
        """The winner draws the top card, then the other (Drawing); the last face-down card
        goes to the winner and the turn-up to the other (SS 5, 15)."""
        w = self.player
        stock = self.stock
        self.hands[w].append(stock.pop())
        if stock:
            self.hands[1 - w].append(stock.pop())
            self.log = ((Drew, w), self.log)
        else:
            up = self.turn_up
            self.hands[1 - w].append(up)
            self.known[1 - w] = self.known[1 - w] + [up]  # copies share the old list
            self.turn_up = -1
            self.log = ((DrewLast, w, up, 1 - w), self.log)
        self.phase = LEAD

    def _exchange(self, p: int) -> None:
        hand = self.hands[p]
        hand.remove(self.nine)
        up = self.turn_up
        hand.append(up)
        self.known[p] = self.known[p] + [up]  # copies share the old list
        self.turn_up = self.nine
        self.log = ((Exchanged, p, up, self.nine), self.log)

    # -- the end -------------------------------------------------------------------------

    def _claim(self, c: int) -> None:
        o = 1 - c
        count = self.points[c]
        self.log = ((Claimed, c, count), self.log)
        if count >= TARGET:
            value = self._right_claim_value(c)
            if self.closed and self.closer == o:  # the closer failed (SS 36)
                value = max(value, 2 if self.closed_opp_trick else 3)
            self._finish(c, value, f"seat {c} claims 66 with {count}: right")
            return
        if self.closed and self.closer == c:  # SS 36: judged at the moment of closing
            value = 2 if self.closed_opp_trick else 3
        else:  # GAP-SS-2
            value = 2 if self.tricks_won[o] else 3
        self._finish(o, value, f"seat {c} claims 66 with {count}: wrong")

    def _right_claim_value(self, c: int) -> int:
        o = 1 - c
        if not self.tricks_won[o]:
            return 3  # schwartz (SS 7)
        return 2 if self.points[o] < 33 else 1  # schneider; pending marriages do not help

    def _end_of_hand(self) -> None:
        pts = self.points
        if self.closed:
            c = self.closer
            if pts[c] >= TARGET:
                self._finish(c, self._right_claim_value(c),
                             f"seat {c} closed and made {pts[c]}")
            else:
                self._finish(1 - c, 2 if self.closed_opp_trick else 3,
                             f"seat {c} closed and failed with {pts[c]}")
            return
        if not self.game.played_out_counts:
            # three-handed: nobody claimed, so nobody scores, but the winner of the last
            # trick, who may claim on winning it, does so when it is right (never worse)
            w = self.last_winner
            if pts[w] >= TARGET:
                self._claim(w)
            else:
                self._finish(-1, 0, f"played out, {pts[0]} to {pts[1]}: nobody claimed 66")
            return
        over = [pts[0] >= TARGET, pts[1] >= TARGET]
        if over[0] != over[1]:  # SS 31: one or two, never three
            w = 0 if over[0] else 1
            self._finish(w, 2 if pts[1 - w] < 33 else 1,
                         f"played out, {pts[0]} to {pts[1]}")
        else:  # SS 32
            self._finish(-1, 0, f"played out, {pts[0]} to {pts[1]}: tie")

    def _finish(self, winner: int, value: int, why: str) -> None:
        self.winner = winner
        self.value = value
        self.outcome = why
        self.log = ((DealOver, winner, value, why), self.log)
        self.phase = END

    # -- observations, sampling --------------------------------------------------------

    def resample(self, seat: int, rng: random.Random) -> SixtySixState:
        """A state drawn uniformly among those ``seat`` cannot tell apart: the other hand
        keeps its known cards and gets none of a suit it has shown void in. The hidden
        cards are taken in a canonical order (sorted ids) before ``rng`` deals them, so the
        result is a function of the observation and the generator alone."""
        other = 1 - check_seat(seat)
        pool = self.hidden_from(seat)
        s = self.clone()
        n = len(self.hands[other]) - len(self.known[other])
        void = self.voids[other]
        if void:
            ok = [c for c in pool if not (void >> (c >> 4)) & 1]
            if len(ok) < n:  # pragma: no cover - the real deal is always a witness
                raise ValueError("no deal is consistent with this observation")
            take = rng.sample(ok, n)
            rest = [c for c in pool if c not in take]
            rng.shuffle(rest)
        else:
            rng.shuffle(pool)
            take, rest = pool[:n], pool[n:]
        s.hands[other] = self.known[other] + take  # known: in the public record's order
        s.stock = rest
        return s

    def observation(self, seat: int) -> SixtySixObservation:
        return self._observe(check_seat(seat))

    def public_observation(self) -> SixtySixObservation:
        """What anyone may know: no hand (``seat`` is ``SPECTATOR``, ``hand`` empty)."""
        return self._observe(SPECTATOR)

    def _observe(self, seat: int) -> SixtySixObservation:
        """The observation of ``seat``, or the public one (``SPECTATOR``)."""
        return SixtySixObservation(
            seat=seat, dealer=self.dealer, to_move=self.current_player(),
            phase=PHASE_NAMES[self.phase], trump=Suit(self.trump),
            turn_up=Card(self.turn_up) if self.turn_up >= 0 else None,
            closed=self.closed, closer=self.closer if self.closed else None,
            non_closer_had_trick=self.closed_opp_trick if self.closed else None,
            stock_size=len(self.stock),
            hand=tuple(sorted(Card(c) for c in self.hands[seat])) if seat >= 0 else (),
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            known_in_hand=(tuple(sorted(Card(c) for c in self.known[0])),
                           tuple(sorted(Card(c) for c in self.known[1]))),
            voids=(tuple(Suit(x) for x in range(4) if self.voids[0] >> x & 1),
                   tuple(Suit(x) for x in range(4) if self.voids[1] >> x & 1)),
            trick=(Card(self.lead),) if self.phase == FOLLOW else (),
            last_trick=tuple(Card(c) for c in self.last_trick),
            tricks_played=self.tricks,
            tricks_won=(self.tricks_won[0], self.tricks_won[1]),
            won=(tuple(sorted(Card(c) for c in self.won[0])),
                 tuple(sorted(Card(c) for c in self.won[1]))),
            points=self.scores(), pending=(self.pending[0], self.pending[1]),
            events=tuple(self.events()))

    # -- notation ------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def __str__(self) -> str:
        up = card_name(self.turn_up) if self.turn_up >= 0 else "-"
        lines = [f"Sixty-Six deal, dealer {self.dealer}, trump {Suit(self.trump).symbol}, "
                 f"turn-up {up}{' (closed by ' + str(self.closer) + ')' if self.closed else ''}"
                 f", stock {len(self.stock)}, trick {self.tricks + 1}, "
                 + (self.outcome if self.phase == END
                    else f"{PHASE_NAMES[self.phase]} by {self.player}")]
        if self.phase == FOLLOW:
            lines[0] += f", {card_name(self.lead)} led"
        for p in (0, 1):
            pend = f" (+{self.pending[p]} pending)" if self.pending[p] else ""
            lines.append(f"  {p}: hand {' '.join(card_name(c) for c in self.hands[p])}"
                         f" | tricks {self.tricks_won[p]} | count {self.points[p]}{pend}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SixtySixState trick={self.tricks} phase={PHASE_NAMES[self.phase]}>"


SixtySix.state_class = SixtySixState


@dataclasses.dataclass(frozen=True, slots=True)
class Married(Event):
    """``seat`` declared the marriage of ``suit``, worth ``value``: by leading one of its
    cards, or (``shown``) by showing it to reach 66 without leading it (SS 21-23)."""

    seat: int
    suit: int
    value: int
    shown: bool = False

    told_with_score: ClassVar[bool] = True

    def describe(self, names: Names = NUMBERED) -> str:
        pair = names.cards([self.suit * 16 + Rank.KING, self.suit * 16 + Rank.QUEEN])
        return names.says(self.seat, "show" if self.shown else "declare",
                          f"the marriage {pair} ({self.value})") + "."

    def describe_scoring(self, names: Names, points: int) -> str:
        return self.describe(names)  # what it scores is its value, told already


__all__ = ["SixtySix", "SixtySixObservation", "SixtySixOptions", "SixtySixState", "Play",
           "Marry", "Show", "Close", "Claim", "Draw", "Exchange", "parse_action", "POINTS",
           "Married"]
