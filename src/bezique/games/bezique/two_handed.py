"""Two-handed Bézique, as Foster's *Complete Hoyle* gives it, with Enquire Within's
differences as options.

Rules are cited by section of Foster's "Bézique" (Cards, Dealing, Method of Playing,
Declarations, Double Declarations, The Last Eight Tricks, Scoring) and by the project's
checklist numbers (``BZ n``, see ``shared/rules/CHECKLIST.md``).

Foster's laws about human mistakes (misdeals, drawing wrongly, too many cards, revokes in
the last eight tricks, false announcements) cannot arise here: the engine deals, draws
and checks every action itself and refuses an illegal one.

The declaring rules are the family's (:mod:`.declarations`); this module states the meld
table (the book's, row by row) and what is Bézique's own: the turn-up, the Seven of
trumps, the last eight tricks and the scoring to 1000.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.cards import Card, Pack, Suit, card_name
from ...core.errors import IllegalActionError, quoted
from ...core.events import Drew, DrewLast, Event, Exchanged, Played, Scored, TrickWon
from ...core.game import (
    SPECTATOR,
    Action,
    DealResult,
    Game,
    Observation,
    Options,
    WordAction,
    check_seat,
)
from ...core.game import option as _opt
from ...core.match import GameResult, ScoreSheet, SheetRow
from ...core.trick import copying, must_follow_and_win
from .declarations import (
    _PH,
    _PT,
    ACE,
    BRISQUE,
    CLASS_A,
    CLASS_B,
    CLASS_C,
    CLUBS,
    DECLARE,
    DIAMONDS,
    DRAW,
    END,
    FOLLOW,
    HEARTS,
    JACK,
    KING,
    LEAD,
    ORDER,
    PHASE_NAMES,
    PLAIN,
    PLAY_HAND,
    PLAY_TABLE,
    QUEEN,
    SEVEN,
    SPADES,
    STRENGTH,
    TEN,
    TRUMPS,
    Combination,
    Declare,
    Draw,
    MeldTable,
    Play,
    ScoreCarried,
    TwoHandedState,
    beziques,
    book_order,
    four,
    parse_family_action,
    row,
    suited,
)

__all__ = [
    "ACE", "BRISQUE", "CLASS_A", "CLASS_B", "CLASS_C", "CLUBS", "COMBINATIONS",
    "COMBINATION_NAMES", "DECLARE", "DIAMONDS", "DRAW", "END", "EXCHANGE", "FOLLOW", "FOURS",
    "HEARTS", "JACK", "KING", "LEAD", "MAX_MELDS", "ORDER", "PACK", "PHASE_NAMES",
    "PLAY_HAND", "PLAY_TABLE", "QUEEN", "SEVEN", "SPADES", "STRENGTH", "TABLE", "TEN",
    "Bezique", "BeziqueObservation", "BeziqueOptions", "BeziqueState", "Combination",
    "Declare", "Draw", "EnquireWithinOptions", "Exchange", "Meld", "Play", "ScoreCarried",
    "book_order", "combination_names", "parse_action",
]

# -- cards and tables ------------------------------------------------------------------

PACK = Pack.piquet(copies=2)

A, B, C = CLASS_A, CLASS_B, CLASS_C

#: The book's table (Declarations): class, name, title, cards, value.
TABLE = MeldTable("Bézique", [
    row(A, "marriage",       "Marriage",       suited("K Q", PLAIN),        20),
    row(A, "royal-marriage", "Royal Marriage", suited("K Q", TRUMPS),       40),
    row(A, "sequence",       "Sequence",       suited("A 10 K Q J", TRUMPS), 250),
    row(B, "bezique",        "Bézique",        beziques(1),                 40),
    row(B, "double-bezique", "Double Bézique", beziques(2),                 500),
    row(C, "four-aces",      "Four Aces",      four("A"),                   100),
    row(C, "four-kings",     "Four Kings",     four("K"),                   80),
    row(C, "four-queens",    "Four Queens",    four("Q"),                   60),
    row(C, "four-jacks",     "Four Jacks",     four("J"),                   40),
], aliases={"four knaves": "four-jacks", "common marriage": "marriage"})


Meld = TABLE.meld_class("Meld", __name__)

#: The combinations in the order of the book's table (Declarations): class A, B, C.
COMBINATIONS: dict[str, Combination] = TABLE.combos
FOURS = (("four-jacks", JACK), ("four-queens", QUEEN), ("four-kings", KING), ("four-aces", ACE))

#: The names of the combinations in the notation, in the order of the book's table.
COMBINATION_NAMES: tuple[str, ...] = TABLE.names


def combination_names(style: str = "notation") -> tuple[str, ...]:
    """The combinations' names in the order of the book's table, for help texts:
    ``"notation"`` (``royal-marriage``), ``"words"`` (``royal marriage``, ``double
    bézique``) or ``"title"`` (``Royal Marriage``). ``parse_action`` reads every style, in
    any case, with or without the accent.

    >>> combination_names("words")[:5]
    ('marriage', 'royal marriage', 'sequence', 'bézique', 'double bézique')
    """
    return TABLE.names_in(style)


# -- options -----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class EnquireWithinOptions(Options):
    """Enquire Within's variations of Bézique (VARIANTS.md section 1), Foster's rules the
    defaults: the options of two-handed Bézique (:class:`BeziqueOptions`) and of the
    three- and four-handed games, which rest on the two-handed rules ("the above rules
    hold good", EW 128), so each game states them once, here.

    Each ``doc`` is what ``bezique play --list-options`` shows a player; the checklist
    label is ``source(name)``.
    """

    offsuit_follow_wins: bool = _opt(
        False, None,
        "While the stock lasts, a higher card of another plain suit wins the trick (the main"
        " rule of Enquire Within upon Everything). Foster: the card led wins unless the"
        " follower plays higher in its suit or trumps.", "V-BZ-02")
    seven_of_trumps_played_scores: bool = _opt(
        False, None,
        "A Seven of trumps played while the stock lasts (in the first 24 tricks of the"
        " two-handed game) scores 10, whether it wins the trick or not (Enquire Within upon"
        " Everything). Foster: only its exchange for the turn-up scores.", "V-BZ-04")
    second_seven_scoring: str = _opt(
        "exchange", ("exchange", "when_played"),
        "A Seven of trumps once the turn-up is a Seven: 'exchange', it may still be"
        " exchanged, Seven for Seven, scoring 10 (Foster); 'when_played', there is no such"
        " exchange and it scores 10 when played while the stock lasts, once only (Enquire"
        " Within upon Everything).", "V-BZ-06")
    seven_exchange_with_declaration: bool = _opt(
        False, None,
        "After winning a trick, exchange the Seven of trumps and also declare, the card taken"
        " up not being used in that declaration (Enquire Within upon Everything). Foster: one"
        " or the other.", "V-BZ-05")
    brisque_scoring: str = _opt(
        "as_taken", ("as_taken", "end_of_deal"),
        "Aces and Tens (brisques) scored as the tricks holding them are taken (Foster), or"
        " counted after the last trick, the non-dealer first (Enquire Within upon"
        " Everything).", "V-BZ-07")
    bezique_pair: str = _opt(
        "QS_JD", ("QS_JD", "QC_JH_if_trump_S_or_D"),
        "The cards of bézique: the Queen of spades and the Jack of diamonds (Foster), or the"
        " Queen of clubs and the Jack of hearts when spades or diamonds are trumps (a"
        " variation in Enquire Within upon Everything).", "V-BZ-08",
        words={"QS_JD": "Q♠ and J♦",
               "QC_JH_if_trump_S_or_D": "Q♣ and J♥ when spades or diamonds are trumps"})
    multiple_announcements: str = _opt(
        "carry", ("carry", "one_per_trick"),
        "Several combinations may be announced at once, one scored and the others kept 'to"
        " score' after later tricks ('carry', Foster), or one declaration after each trick"
        " won and nothing kept ('one_per_trick', Enquire Within upon Everything).",
        "V-BZ-25")


@dataclasses.dataclass(frozen=True)
class BeziqueOptions(EnquireWithinOptions):
    """The variants of two-handed Bézique (VARIANTS.md section 1): Enquire Within's
    (:class:`EnquireWithinOptions`) and the others Foster gives. Defaults are Foster's.
    """

    game_title: ClassVar[str] = "Bézique"

    draw_order: str = _opt(
        "winner_first", ("winner_first", "pone_always_first"),
        "Who draws first after each trick: the winner of the trick (Foster), or always the"
        " non-dealer, as in France. Either way the winner of the 24th trick takes the last"
        " card of the stock and the loser the turn-up.", "V-BZ-01")
    last_trick_bonus_at: int = _opt(
        32, (32, 24),
        "The trick that scores 10 as the last trick: the 32nd, the very last (Foster), or the"
        " 24th, the last before the final eight (a variation in Enquire Within upon"
        " Everything).", "V-BZ-03")
    trumps_only_in_last_eight: bool = _opt(
        False, None,
        "An old custom Foster mentions and rejects: trumps win nothing while the stock"
        " lasts.", "V-BZ-26")
    count_stock_allowed: bool = _opt(
        True, None,
        "Whether the players may count the stock: English laws allow it (Foster's default),"
        " French laws do not. No program can stop a player counting, and the trick number"
        " tells the stock's size anyway: 'false' only tells the screen not to show it.",
        "V-BZ-11")
    game_target: int = _opt(
        1000, (1000, 2000, 4000),
        "Points for game: 1000 (Foster); Enquire Within upon Everything also plays to 2000"
        " or 4000.", "V-BZ-17")
    end_of_game: str = _opt(
        "higher_total", ("higher_total", "ew_count_order"),
        "When both pass the target in one deal: the higher total wins (Foster is silent;"
        " the usual rule), or the non-dealer counts his Aces and Tens first and the first to"
        " reach the target wins (Enquire Within upon Everything).", "V-BZ-18")
    double_game_under_half: bool = _opt(
        True, None,
        "A game counts double when the loser has not reached half the target, 500 of 1000"
        " (Foster: the usual practice).", "V-BZ-19")
    stakes: str = _opt(
        "per_game", ("per_game", "per_point", "partie_of_five"),
        "How a game is settled (Foster gives all three): so much a game, so much a point"
        " (the difference of the scores), or a partie of five, ended when one player has won"
        " three games.", "V-BZ-20")


# -- actions -----------------------------------------------------------------------------

class Exchange(WordAction, word="exchange"):
    """Exchange the Seven of trumps for the turn-up and score 10."""


EXCHANGE = Exchange()


def _exchange_word(low: str) -> Action | None:
    if low in ("exchange", "exchange seven", "exchange 7") or low.startswith("exchange ("):
        return EXCHANGE
    return None


def parse_action(text: str) -> Action:
    """Parse any Bézique action's notation (context free), and the text the screen writes
    for it: combination names with spaces or hyphens, any case, with or without the
    accent (``royal marriage``, ``Double Bézique``), cards as ``QS``, ``10♠`` or ``QS*``
    (lying on the table), a value in brackets after each combination (``(40)``,
    ``(20 to score)``), several joined by ``+``.

    >>> parse_action("QS*")
    Play(card=Card.parse('QS'), from_table=True)
    >>> str(parse_action("bezique qs jd + marriage ks* qs"))
    'bezique QS JD + marriage KS* QS'
    >>> str(parse_action("Royal Marriage K♥ Q♥ (40) + double bézique Q♠ Q♠ J♦* J♦* (500 to score)"))
    'royal-marriage KH QH + double-bezique QS QS JD* JD*'
    """
    return parse_family_action(text, TABLE, _exchange_word, "'exchange' or 'draw'")


#: No declaration can hold more combinations: each needs a card fresh from the hand (at
#: most 8) that no other combination of its class in it has (3 classes).
MAX_MELDS = TABLE.max_melds


# -- the game ----------------------------------------------------------------------------

class Bezique(Game["BeziqueState"]):
    """Two-handed Bézique (Foster), 64 cards, game 1000.

    >>> game = Bezique()
    >>> state = game.deal(dealer=0, seed=1)
    >>> len(state.hands[0]), len(state.hands[1]), len(state.stock)
    (8, 8, 47)
    """

    name = "bezique"
    title = "Bézique"
    options_class = BeziqueOptions
    options: BeziqueOptions
    pack = PACK
    table = TABLE
    #: what each card counts in the tricks won, by card id, kept in the state's
    #: ``brisques``: here the number of brisques (Aces and Tens, 10 each)
    _card_points: ClassVar[list[int]] = BRISQUE
    #: the tricks of a deal (the last one ends it)
    _deal_tricks: ClassVar[int] = 32

    def __init__(self, options: BeziqueOptions | None = None) -> None:
        super().__init__(options)
        o = self.options
        self._draw_pone_first = o.draw_order == "pone_always_first"
        self._carry = o.multiple_announcements == "carry"
        # may playing a Seven of trumps score (V-BZ-04, V-BZ-06)? checked on every play
        self._seven_played = o.seven_of_trumps_played_scores \
            or o.second_seven_scoring == "when_played"
        # options read at every trick, as plain attributes
        self._as_taken = o.brisque_scoring == "as_taken"
        self._bonus_at = o.last_trick_bonus_at
        self._offsuit = o.offsuit_follow_wins
        self._no_trumps_in_stock = o.trumps_only_in_last_eight
        self._ew_exchange = o.seven_exchange_with_declaration
        self._second_when_played = o.second_seven_scoring == "when_played"
        self._count_stock = o.count_stock_allowed
        # the table's patterns and candidates by trump, under this game's bézique pair
        self._patterns = [TABLE.patterns(t, self.bezique_cards(t)) for t in range(4)]
        self._candidates = [TABLE.candidates(t, self.bezique_cards(t)) for t in range(4)]

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def deal_result(self, state: BeziqueState) -> DealResult:
        late = [0, 0]
        if self.options.brisque_scoring == "end_of_deal":
            late = [10 * state.brisques[0], 10 * state.brisques[1]]
        last = state.last_winner
        return DealResult((state.points[0], state.points[1]),
                          details=(("late0", late[0]), ("late1", late[1]),
                                   ("last_trick", last)))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Points add up to the target (1000); the game is decided after the deal in which
        a player reaches it, the higher total winning (GAP-BZ-3), or by EW's counting order
        (V-BZ-18). A loser under half the target loses a double game (BZ 88). A partie of
        five ends when one player has won three games (BZ 87)."""
        o = self.options
        before = list(sheet.totals)
        for i in (0, 1):
            sheet.totals[i] += result.points[i]
        t = sheet.totals
        notes: list[str] = []
        sheet.rows.append(SheetRow(deal_no, dealer, result.points, (t[0], t[1])))
        target = o.game_target
        if max(t) < target:
            return
        winner = self._game_winner(before, result, dealer)
        if winner is None:
            sheet.rows[-1].notes = ("both past the target and level: play on",)
            return
        loser = 1 - winner
        value = 2 if o.double_game_under_half and t[loser] < target // 2 else 1
        if value == 2:
            notes.append(f"double game: the loser has not reached {target // 2}")
        if o.stakes == "per_point":
            notes.append(f"per point: {t[winner] - t[loser]}")
        sheet.games.append(GameResult(winner, (t[0], t[1]), value, tuple(notes)))
        if o.stakes == "partie_of_five":
            if sheet.games_won(winner) >= 3:
                sheet.over = True
                sheet.winner = winner
                sheet.summary = (f"partie of five won by seat {winner}, "
                                 f"{sheet.games_won(winner)}-{sheet.games_won(loser)}")
            else:
                sheet.totals = [0, 0]
            return
        sheet.over = True
        sheet.winner = winner
        sheet.summary = f"seat {winner} wins the game {t[winner]}-{t[loser]}"

    def _game_winner(self, before: list[int], result: DealResult, dealer: int) -> int | None:
        t = [before[i] + result.points[i] for i in (0, 1)]
        target = self.options.game_target
        if self.options.end_of_game == "ew_count_order":
            # EW: scores counted before the aces and tens first, then the non-dealer's aces
            # and tens, then the dealer's; the first to reach the target wins.
            pre = [t[i] - result.detail(f"late{i}") for i in (0, 1)]
            if (pre[0] >= target) != (pre[1] >= target):
                return 0 if pre[0] >= target else 1
            if pre[0] < target:
                for seat in (1 - dealer, dealer):
                    if t[seat] >= target:
                        return seat
            if t[0] == t[1]:
                if pre[0] != pre[1]:
                    return 0 if pre[0] > pre[1] else 1
                last = result.detail("last_trick", -1)
                return last if last in (0, 1) else None
        if t[0] == t[1]:
            return None
        return 0 if t[0] > t[1] else 1

    def patterns(self, trump: int) -> list[tuple[str, list[int], dict[int, int]]]:
        """The fixed-card combinations under a trump suit (Declarations, the table), with
        the count of each card they need; computed once per trump."""
        return self._patterns[trump]

    def candidates(self, trump: int) -> list[tuple[str, list[int] | int, int, int, int, int]]:
        """Every combination under a trump suit as ``(name, cards or rank of a four,
        class, value, limit, mark)``, lowest value first: the order in which combinations
        carried "to score" are completed."""
        return self._candidates[trump]

    def bezique_cards(self, trump: int) -> tuple[int, int]:
        """The Queen and Jack of bézique (V-BZ-08)."""
        if self.options.bezique_pair == "QC_JH_if_trump_S_or_D" and trump in (SPADES, DIAMONDS):
            return CLUBS * 16 + QUEEN, HEARTS * 16 + JACK
        return SPADES * 16 + QUEEN, DIAMONDS * 16 + JACK


# -- observations ------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class BeziqueObservation(Observation):
    """Everything one seat may know in a deal of Bézique, and nothing more.

    ``stock_size`` counts the stock with the turn-up; it is None when the French laws are
    played (``count_stock_allowed=false``), which only tells a screen to show no count:
    ``tricks_played`` tells it all the same (two cards drawn per trick while the stock
    lasts), as no engine can forbid counting.
    """

    dealer: int
    to_move: int
    phase: str
    trump: Suit
    turn_up: Card | None
    stock_size: int | None
    hand: tuple[Card, ...]
    tables: tuple[tuple[Card, ...], tuple[Card, ...]]
    hand_sizes: tuple[int, int]
    known_in_hand: tuple[tuple[Card, ...], tuple[Card, ...]]
    trick: tuple[Card, ...]
    last_trick: tuple[Card, ...]
    tricks_played: int
    points: tuple[int, int]
    carried: tuple[tuple[str, ...], tuple[str, ...]]
    events: tuple[Event, ...]
    #: the cards of the finished tricks, in the order played (public: BZ 31 forbids
    #: looking back at quitted tricks, not remembering them)
    played: tuple[Card, ...] = ()
    #: each seat's announcements (scored or carried "to score"), as (name, cards)
    announced: tuple[tuple[tuple[str, tuple[Card, ...]], ...],
                     tuple[tuple[str, tuple[Card, ...]], ...]] = ((), ())


# -- the state ---------------------------------------------------------------------------

class TurnUp:
    """The turn-up of Bézique, for the states of the games that have one (two-handed,
    three- and four-handed Bézique; not Rubicon): the card turned for trump, drawn last,
    and the Seven of trumps exchanged for it (BZ 37-39)."""

    turn_up: int  # -1 once drawn
    trump: int
    hands: list[list[int]]
    known: list[list[int]]
    #: the rank exchanged for the turn-up (Bézique's Seven; Binocle's Nine, its dix) and
    #: the words of its score
    dix_rank: ClassVar[int] = SEVEN
    dix_words: ClassVar[str] = "seven of trumps exchanged"
    #: the tricks played once the stock is out, as the error messages name them
    last_tricks: ClassVar[str] = "the last eight tricks"

    if TYPE_CHECKING:
        def _note(self, *entry: Any) -> None: ...
        def _score(self, seat: int, pts: int, why: str) -> None: ...

    @property
    def stock_exhausted(self) -> bool:
        """True once the last stock card and the turn-up have been drawn."""
        return self.turn_up < 0

    def _exchange(self, p: int) -> None:
        """``p`` exchanges the Seven of trumps for the turn-up, which he is then known to
        hold, and scores 10."""
        seven = self.trump * 16 + self.dix_rank
        self.hands[p].remove(seven)
        up = self.turn_up
        self.hands[p].append(up)
        self.known[p] = self.known[p] + [up]  # copies of a state share the old list
        self.turn_up = seven
        self._exchanged(p, up)
        self._note(Exchanged, p, up, seven)
        self._score(p, 10, self.dix_words)

    def _exchanged(self, p: int, up: int) -> None:
        """What else an exchange that took up ``up`` marks (nothing here)."""


class BeziqueState(TurnUp, TwoHandedState):
    """A position in one deal of two-handed Bézique."""

    __slots__ = ("turn_up", "exchanged", "declared", "seven_taken")
    copies = copying(same="turn_up exchanged declared seven_taken")

    game: Bezique
    turn_up: int  # -1 once drawn
    exchanged: bool
    declared: bool  # a declaration was made after this trick (EW's exchange may follow)
    #: a Seven has been taken up from the turn-up by an exchange (Seven for Seven, BZ 39):
    #: none is left to exchange
    seven_taken: bool

    declare_phases = (DECLARE,)

    @classmethod
    def from_pack(cls, game: Bezique, dealer: int, order: Sequence[int]) -> BeziqueState:
        """Deal from a pack order (index 0 the top card): three, two, three to each, the
        pone first (Dealing; GAP-BZ-1), then the seventeenth card turned for trump."""
        dealer = check_seat(dealer, 2, "dealer")
        s = cls._new(game, dealer)
        pone = 1 - dealer
        hands = s.hands
        i = 0
        for n in (3, 2, 3):
            for seat in (pone, dealer):
                hands[seat].extend(order[i:i + n])
                i += n
        s.turn_up = order[16]
        s.trump = order[16] >> 4
        s.stock = list(reversed(order[17:]))  # pop() takes the top card
        s.phase = LEAD  # the pone leads first (Method of Playing)
        s.exchanged = False
        s.declared = False
        s.seven_taken = False
        s._rec = None
        if order[16] & 15 == SEVEN:  # a Seven turned up scores the dealer 10 (Dealing)
            s._score(dealer, 10, "seven turned up")
        return s

    @classmethod
    def position(cls, game: Bezique, *, hands: Sequence[Sequence[int]],
                 trump: Suit | int, turn_up: int | None, stock: Sequence[int] = (),
                 tables: Sequence[Sequence[int]] = ((), ()), dealer: int = 0,
                 to_move: int = 1, phase: str = "lead", lead: int | None = None,
                 tricks: int = 0, points: Sequence[int] = (0, 0)) -> BeziqueState:
        """Set up a position directly (tests, puzzles): hands, declared table cards (as
        not yet used in any combination), trump, turn-up (None once taken), the stock top
        first, whose turn and in which phase (``lead``, ``follow`` with ``lead`` card, or
        ``declare`` for the winner of the last trick). Cards not placed count as played."""
        s = cls._new(game, check_seat(dealer, 2, "dealer"))
        s.player = check_seat(to_move, 2, "to_move")
        s.hands = [[int(c) for c in hands[0]], [int(c) for c in hands[1]]]
        s.trump = int(trump)
        s.turn_up = -1 if turn_up is None else int(turn_up)
        s.stock = [int(c) for c in reversed(stock)]
        for p in (0, 1):
            for c in tables[p]:
                s._lay(p, c)
        s.points = list(points)
        s.phase = PHASE_NAMES.index(phase)
        s.lead = -1 if lead is None else int(lead)
        s.tricks = tricks
        rest = s._unplaced(game.pack.all_cards(), *([s.turn_up] if s.turn_up >= 0 else []),
                           *([s.lead] if lead else []))
        s.won = [rest, []]
        s.exchanged = False
        s.declared = False
        s.seven_taken = False
        s._rec = None
        return s

    # -- bookkeeping ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        p = self.player
        if phase == LEAD or (phase == FOLLOW and self.turn_up >= 0):
            # while the stock lasts any card, from the hand or the table (Method of Playing)
            acts: list[Action] = list(map(_PH.__getitem__, dict.fromkeys(self.hands[p])))
            table = self.tables[p]
            if table:
                acts += map(_PT.__getitem__, dict.fromkeys([e[0] for e in table]))
            return acts
        if phase == FOLLOW:  # the last eight tricks: follow suit and win if able (BZ 71)
            return [_PH[c] for c in dict.fromkeys(
                must_follow_and_win(self.hands[p], self.lead, self.trump, STRENGTH))]
        if phase == DECLARE:
            return list(self._declare_options())
        return []

    after_trick_words = "declarations, the Seven's exchange and drawing"

    def _pack_title(self) -> str:
        return "Bézique"

    def _after_trick(self, p: int, action: Action, plan: Any) -> None:
        if type(action) is Draw:
            self._draw()
        elif type(action) is Exchange:
            self._exchange(p)
            self._decl = None  # the hand has changed: compute the declarations afresh
            # EW (V-BZ-05) lets a declaration follow. Whether the node stays open depends on
            # public facts only, never on what the hand holds (that would tell the adversary).
            if not (self.game._ew_exchange and not self.declared):
                self._draw()
        elif type(action) is Declare:
            self._declare(p, action, plan)
            self.declared = True
            self._decl = None
            if not (self.game._ew_exchange and not self.exchanged):
                self._draw()
        elif type(action) is ScoreCarried:
            self._score_carried(p, plan)
            self.declared = True
            self._decl = None
            if not (self.game._ew_exchange and not self.exchanged):
                self._draw()
        else:  # pragma: no cover - unreachable: checked against the options above
            raise IllegalActionError(f"not a Bézique action: {quoted(action)}")

    # -- playing -------------------------------------------------------------------------

    def _play(self, c: int, from_table: bool) -> None:
        p = self.player
        phase = self.phase
        if from_table:
            idx = self._table_index_to_play(p, c)
            if idx < 0:
                raise self._misplaced(p, c, True)
            if phase == FOLLOW and self.turn_up < 0:  # pragma: no cover - table empty then
                raise IllegalActionError(f"no table cards in {self.last_tricks}")
            # the move is legal: commit
            sid = self.tables[p].pop(idx)[1]
            if self.carried[p]:
                self._lose_carried(p, sid)
        else:
            hand = self.hands[p]
            if c not in hand:
                raise self._misplaced(p, c, False)
            if phase == FOLLOW and self.turn_up < 0:
                allowed = must_follow_and_win(hand, self.lead, self.trump, STRENGTH)
                if c not in allowed:
                    raise IllegalActionError(
                        f"{card_name(c)} is not allowed: in {self.last_tricks} you must follow"
                        " suit and win the trick if you can (with a higher card of the suit, or"
                        " a trump when void); allowed: "
                        + " ".join(card_name(x) for x in dict.fromkeys(allowed)))
            # the move is legal: commit
            hand.remove(c)
            kn = self.known[p]
            if kn and c in kn:  # a new list: copies share the old one
                kn = self.known[p] = kn[:]
                kn.remove(c)
        self.log = ((Played, p, c, from_table), self.log)
        if self.game._seven_played:
            self._score_seven_played(p, c)

    def _score_seven_played(self, p: int, c: int) -> None:
        """EW: 10 for a Seven of trumps played in the first 24 tricks (V-BZ-04); the Seven
        left once the turn-up is a Seven scores so instead of being exchanged Seven for
        Seven (V-BZ-06); never both."""
        if c == self.trump * 16 + SEVEN and self.turn_up >= 0:
            opts = self.game.options
            if opts.seven_of_trumps_played_scores or (
                    self.turn_up == c and opts.second_seven_scoring == "when_played"):
                self._score(p, 10, "seven of trumps played")

    def _finish_trick(self, follow: int) -> None:
        lead = self.lead
        follower = self.player
        game = self.game
        stock_phase = self.turn_up >= 0
        # Method of Playing: suit followed, the higher wins, identical cards the leader;
        # trumps win plain suits (not in the obsolete custom of V-BZ-26).
        if lead >> 4 == follow >> 4:
            fw = STRENGTH[follow] > STRENGTH[lead]
        elif follow >> 4 == self.trump:
            fw = not (stock_phase and game._no_trumps_in_stock)
        elif stock_phase and game._offsuit and lead >> 4 != self.trump:
            fw = STRENGTH[follow] > STRENGTH[lead]  # EW: the higher card, of any suit
        else:
            fw = False
        winner = follower if fw else 1 - follower
        tricks = self.tricks = self.tricks + 1
        won = self.won
        won[winner] = won[winner] + [lead, follow]  # copies share the old list
        self.last_trick = (lead, follow)
        self.last_winner = winner
        self.log = ((TrickWon, winner, (lead, follow)), self.log)
        nb = game._card_points[lead] + game._card_points[follow]
        if nb:
            if game._as_taken:
                pts = self.points = self.points[:]  # copies share the old list
                pts[winner] += 10 * nb
                self.log = ((Scored, winner, 10 * nb, "brisque" if nb == 1
                             else "two brisques"), self.log)
            else:  # counted after the last trick
                b = self.brisques = self.brisques[:]
                b[winner] += nb
        if tricks == game._bonus_at:
            self._score(winner, 10, "last trick")
        self.lead = -1
        self.player = winner
        if stock_phase:
            self.exchanged = False
            self.declared = False
            self._decl = None
            self.phase = DECLARE
            return
        if tricks == game._deal_tricks:
            self.phase = END
            if not game._as_taken:
                self._count_cards()
            return
        self.phase = LEAD

    def _count_cards(self) -> None:
        """After the last trick, what the tricks each has won hold (``brisques``) is
        scored: EW's brisques counted at the end, the non-dealer first (V-BZ-07)."""
        for seat in (self.dealer ^ 1, self.dealer):
            if self.brisques[seat]:
                self._score(seat, 10 * self.brisques[seat], f"{self.brisques[seat]} brisques")

    def _draw(self) -> None:
        """Both draw, the winner first (or the pone, V-BZ-01); the last stock card goes to
        the winner of the trick and the turn-up to the loser, whoever draws first otherwise
        (BZ 29: the texts give the last card to the winner under either order)."""
        w = self.player
        first = (self.dealer ^ 1) if self.game._draw_pone_first and len(self.stock) > 1 \
            else w
        second = 1 - first
        stock = self.stock
        self.hands[first].append(stock.pop())
        if stock:
            self.hands[second].append(stock.pop())
            self.log = ((Drew, first), self.log)
        else:
            up = self.turn_up
            self.hands[second].append(up)
            self.known[second] = self.known[second] + [up]
            self.turn_up = -1
            self._note(DrewLast, first, up, second)
            self._stock_exhausted()
        self._decl = None
        self.phase = LEAD
        self.player = w

    def _stock_exhausted(self) -> None:
        """The last eight tricks: carried scores are lost (BZ 68) and each takes his table
        cards back into his hand (BZ 69)."""
        self._take_up_tables()

    def _exchanged(self, p: int, up: int) -> None:
        self.exchanged = True  # one exchange per trick
        if up == self.trump * 16 + self.dix_rank:
            self.seven_taken = True

    # -- declarations --------------------------------------------------------------------

    def _exchange_available(self) -> bool:
        """The Seven of trumps may be exchanged just after winning a trick, before drawing
        (BZ 37-39), once per trick."""
        seven = self.trump * 16 + self.dix_rank
        if self.exchanged or self.turn_up < 0 or seven not in self.hands[self.player]:
            return False
        if self.turn_up == seven and self.game._second_when_played:
            return False  # V-BZ-06 (EW): that Seven scores when played, not by exchange
        # each Seven scores its exchange once: once a Seven has been taken up from the
        # turn-up (Seven for Seven, BZ 39) none is left to exchange
        return not self.seven_taken

    def _declare_options(self) -> dict[Action, Any]:
        """Every legal action after winning a trick, mapped to how it is carried out."""
        if self._decl is not None:
            return self._decl
        p = self.player
        opts: dict[Action, Any] = {}
        if self._exchange_available():
            opts[EXCHANGE] = None
        if self.declared:
            pass  # one declaration per trick (BZ 53); only the EW exchange may follow
        elif not self.exchanged or self.game._ew_exchange:
            if self.carried[p]:
                opts.update(self._carried_options(p))
            for action, plan in self._declarations(p):
                opts.setdefault(action, plan)
        opts[DRAW] = None
        self._decl = opts
        return opts

    def _fresh_counts(self, p: int) -> dict[int, int]:
        """How many of each card ``p`` may lay fresh from the hand in a declaration now."""
        counts: dict[int, int] = {}
        for c in self.hands[p]:
            if (c & 15) >= TEN:  # only A 10 K Q J enter combinations (BZ 50)
                counts[c] = counts.get(c, 0) + 1
        if self.exchanged and self.game._ew_exchange:
            # EW (V-BZ-05): the card taken up by the exchange is not used in a declaration
            # made after the same trick
            taken = next(e[2] for e in reversed(self.log_entries()) if e[0] is Exchanged)
            if counts.get(taken, 0) > 1:
                counts[taken] -= 1
            else:
                counts.pop(taken, None)
        return counts

    def _why_not(self, action: Action) -> str:
        if type(action) is Exchange:
            if self.exchanged:
                return "the Seven has already been exchanged after this trick"
            if self.turn_up < 0:
                return "there is no turn-up left to exchange"
            seven = self.trump * 16 + self.dix_rank
            if seven not in self.hands[self.player]:
                return "exchange needs the Seven of trumps in your hand"
            if self.turn_up == seven and self.game._second_when_played:
                return ("the turn-up is already a Seven: under second_seven_scoring ="
                        " when_played your Seven scores 10 when played, not by exchange")
            return "each Seven of trumps is exchanged once: both exchanges have been made"
        if type(action) is Declare:
            if self.exchanged and not self.game._ew_exchange:
                return "you cannot score the Seven and make a declaration after the same trick"
            if self.declared:
                return "a declaration has been made after this trick: one per trick won (BZ 53)"
        return super()._why_not(action)

    def _declaration_refused(self, action: Declare) -> str | None:
        if self.exchanged and not self.game._ew_exchange:
            return self._why_not(action)
        if self.declared:
            return self._why_not(action)
        return None

    def observation(self, seat: int) -> BeziqueObservation:
        return self._observe(check_seat(seat))

    def public_observation(self) -> BeziqueObservation:
        """What anyone may know: no hand (``seat`` is ``SPECTATOR``, ``hand`` empty)."""
        return self._observe(SPECTATOR)

    def _observe(self, seat: int) -> BeziqueObservation:
        """The observation of ``seat``, or the public one (``SPECTATOR``)."""
        hand, tables, hand_sizes, known, carried, last_trick = self._seen(seat)
        trick = (Card(self.lead),) if self.phase == FOLLOW else ()
        stock_size = len(self.stock) + (1 if self.turn_up >= 0 else 0)
        history, played, (ann0, ann1) = self._public_record()
        return self._observation_type(
            seat=seat, dealer=self.dealer, to_move=self.current_player(),
            phase=PHASE_NAMES[self.phase], trump=Suit(self.trump),
            turn_up=Card(self.turn_up) if self.turn_up >= 0 else None,
            stock_size=stock_size if self.game._count_stock else None,
            hand=hand, tables=tables, hand_sizes=hand_sizes, known_in_hand=known,
            trick=trick, last_trick=last_trick, tricks_played=self.tricks,
            points=self.scores(), carried=carried,
            events=history, played=played, announced=(ann0, ann1),
            **self._observation_extra())

    #: the observation's class: Binocle's adds its own fields (``_observation_extra``)
    _observation_type: ClassVar[type[BeziqueObservation]]

    def _observation_extra(self) -> dict[str, Any]:
        """Fields a game built on this state adds to the observation (none here)."""
        return {}

    # -- notation ------------------------------------------------------------------------

    def _str_stock(self) -> str:
        return f"turn-up {card_name(self.turn_up) if self.turn_up >= 0 else '-'}, "


Bezique.state_class = BeziqueState
BeziqueState._observation_type = BeziqueObservation
