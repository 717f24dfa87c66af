"""Three-handed Bézique and four-handed (partnership) Bézique, from *Enquire Within upon
Everything* (items 128 and 129), with what that text leaves open filled from Foster's
two-handed game (``docs/RULES.md``, "Three- and four-handed Bézique", lists each choice).

Enquire Within says "the above rules hold good": everything is two-handed Bézique
(:mod:`.two_handed`) but for what this module states:

- the table: three packs, or two less one Eight (three-handed); four packs, or two
  (four-handed); eight cards each, dealt three, two, three from the dealer's left; the
  next card turned for trump (the 25th at three, the 33rd at four);
- the meld table: two-handed Bézique's, with triple bézique (1500) where three packs or
  more are played, and quadruple bézique (4500, Foster's Rubicon value) with four;
- the turn order: to the left, the player left of the dealer leading first;
- tricks of three or four cards: the highest trump, else the highest card of the suit
  led, the first played of identical cards; in the last eight tricks each must follow
  suit and head the trick if he can, trump when void (over-trumping if he can, else
  under-trumping, as Foster's four-handed Binocle has it);
- drawing: the winner first, then to his left; the turn-up goes to the last to draw;
- the Sevens of trumps: each physical Seven scores once, turned up or exchanged;
- partnerships (four-handed): partners sit opposite (seats 0 and 2 against 1 and 3)
  and do not see each other's hands; after a trick, the winner may ask his partner
  whether he has anything to declare (``ask``), and the partner declares or answers
  ``nothing``, when the winner may still declare himself; and the partner may declare
  unasked (EW 129): when the winner draws with nothing declared, the partner has the
  turn first (``partner_declares=unasked``); one declaration a trick for the side; the
  side's points combine.

The declaring rules are the family's (:mod:`.declarations`): one combination scored per
trick won, the rest carried "to score", each player's table his own (declarations are
made "by each player separately").

Since "the above rules" are Enquire Within's own two-handed rules, its variations of them
are options here as there (:class:`~.two_handed.EnquireWithinOptions`, Foster's rules
the defaults), each carried to the table: a higher card of any plain suit winning while
the stock lasts (the highest of the trick), the Seven of trumps scoring when played, the
exchange with a declaration, the brisques counted after the last trick from the dealer's
left, the other bézique (Q♣ J♥), one declaration per trick, and the last trick the
stock's last (``last_trick``).
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ...core import table as seating
from ...core.cards import Card, Pack, Suit, card_name
from ...core.errors import IllegalActionError, quoted
from ...core.events import NUMBERED, Drew, DrewLast, Event, Names, Played, Scored, TrickWon
from ...core.game import (
    SPECTATOR,
    Action,
    DealResult,
    Game,
    Observation,
    Options,
    WordAction,
    action_text,
    check_seat,
)
from ...core.game import option as _opt
from ...core.match import ScoreSheet
from ...core.trick import OVER_PHASE, PLAY_PHASE, TrickStateN, copying
from .declarations import (
    _PH,
    _PT,
    BRISQUE,
    CLASS_B,
    CLUBS,
    DIAMONDS,
    DRAW,
    EIGHT,
    HEARTS,
    ORDER,
    QUEEN,
    SEVEN,
    SPADES,
    STRENGTH,
    Declare,
    Declarer,
    Draw,
    Entry,
    MeldTable,
    Play,
    ScoreCarried,
    beziques,
    card_of_play,
    carried_text,
    parse_family_action,
    row,
)
from .declarations import JACK as _JACK
from .two_handed import (
    EXCHANGE,
    BeziqueOptions,
    EnquireWithinOptions,
    Exchange,
    TurnUp,
    _exchange_word,
)
from .two_handed import TABLE as TWO_HANDED_TABLE

__all__ = [
    "ASK", "ASKED", "DECLARE", "EIGHT_LEFT_OUT", "FOUR_PACK_TABLE", "NOTHING", "OFFERED",
    "OVER",
    "PLAY", "THREE_PACK_TABLE", "AskPartner", "FourHandedBezique", "FourHandedOptions",
    "MultiBeziqueObservation", "MultiBeziqueState", "NothingToDeclare", "PackLessOne",
    "ThreeHandedBezique", "ThreeHandedOptions",
]

# -- phases ------------------------------------------------------------------------------

PLAY, DECLARE, ASKED, OVER = PLAY_PHASE, 1, 2, OVER_PHASE
#: Four-handed: the winner of a trick would draw without a declaration, and his partner
#: may declare first, unasked (EW 129; ``partner_declares=unasked``).
OFFERED = 3
PARTNER_DECLARES = ("unasked", "when_asked")
BEZIQUE_CARDS = (SPADES * 16 + QUEEN, DIAMONDS * 16 + _JACK)
#: Enquire Within's other bézique, when spades or diamonds are trumps (V-BZ-08)
OTHER_PAIR = (CLUBS * 16 + QUEEN, HEARTS * 16 + _JACK)
_NUMBERS = {1: "", 2: "two ", 3: "three ", 4: "four "}

# -- the meld tables -----------------------------------------------------------------------


def _with_beziques(title: str, extra: Sequence[tuple[str, str, int, int]]) -> MeldTable:
    """Two-handed Bézique's table (Foster, Declarations) with more béziques after the
    double, for the games of three packs or more (EW 128: treble bézique 1500)."""
    rows = []
    for combo in TWO_HANDED_TABLE:
        rows.append(combo)
        if combo.name == "double-bezique":
            rows += [row(CLASS_B, name, words, beziques(n), value)
                     for name, words, n, value in extra]
    return MeldTable(title, rows, aliases={
        "four knaves": "four-jacks", "common marriage": "marriage",
        "treble bezique": "triple-bezique"})


#: Three packs: treble bézique, three spade Queens and three diamond Jacks, 1500 (EW 128).
THREE_PACK_TABLE = _with_beziques("Three-handed Bézique", [
    ("triple-bezique", "Triple Bézique", 3, 1500)])
#: Four packs: triple bézique as at three, and the quadruple at Foster's Rubicon value.
FOUR_PACK_TABLE = _with_beziques("Four-handed Bézique", [
    ("triple-bezique", "Triple Bézique", 3, 1500),
    ("quadruple-bezique", "Quadruple Bézique", 4, 4500)])


ThreePackMeld = THREE_PACK_TABLE.meld_class("ThreePackMeld", __name__)
FourPackMeld = FOUR_PACK_TABLE.meld_class("FourPackMeld", __name__)

# -- packs ---------------------------------------------------------------------------------

#: The Eight taken out of two packs for three players (EW 128 says "an eight"): the Eight
#: of clubs. Eights enter no combination and count nothing, so only the suit's length and
#: the number of tricks change.
EIGHT_LEFT_OUT = CLUBS * 16 + EIGHT


class PackLessOne(Pack):
    """``copies`` of a pack with one card left out: two piquet packs less an Eight, 63
    cards, "thus rendering them divisible by three" (EW 128).

    >>> pack = PackLessOne(Pack.piquet().cards, 2, EIGHT_LEFT_OUT)
    >>> len(pack), pack.all_cards().count(Card.parse("8C"))
    (63, 1)
    """

    __slots__ = ("missing",)

    def __init__(self, cards: Sequence[int], copies: int, missing: int) -> None:
        super().__init__(cards, copies)
        if missing not in self.cards:
            raise ValueError(f"{card_name(missing)} is not in the pack")
        self.missing = Card(missing)

    def __len__(self) -> int:
        return len(self.cards) * self.copies - 1

    def all_cards(self) -> list[Card]:
        out = super().all_cards()
        out.remove(self.missing)
        return out

    def counts(self) -> dict[int, int]:
        want = super().counts()
        want[int(self.missing)] -= 1
        return want

    def __repr__(self) -> str:
        return f"Pack({len(self.cards)} cards x {self.copies} less {self.missing})"


# -- actions -------------------------------------------------------------------------------

class AskPartner(WordAction, word="ask"):
    """Four-handed: after winning a trick, ask the partner whether he has anything to
    declare, before drawing (EW 129). Written ``ask``."""


class NothingToDeclare(WordAction, word="nothing"):
    """Four-handed: the partner asked answers that he declares nothing; the trick's
    winner may then declare himself, or draw. Written ``nothing``."""


ASK = AskPartner()
NOTHING = NothingToDeclare()


def _partner_words(low: str) -> Action | None:
    if low in ("ask", "ask partner", "ask my partner"):
        return ASK
    if low in ("nothing", "nothing to declare"):
        return NOTHING
    return _exchange_word(low)


# -- options -------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class TableOptions(EnquireWithinOptions):
    """What the options of three- and four-handed Bézique share: Enquire Within's
    variations of the two-handed game (:class:`~.two_handed.EnquireWithinOptions`, as
    "the above rules hold good", EW 128), the last trick and the game."""

    last_trick: str = _opt(
        "last_of_all", ("last_of_all", "last_before_the_final_eight"),
        "The trick that scores 10 as the last trick: the very last (Foster's two-handed"
        " game), or the last before the final eight, when the stock runs out (a variation"
        " in Enquire Within upon Everything).", "V-BZ-03")
    # the two-handed game's, in the words of a table of three or four
    game_target: int = BeziqueOptions.shared(
        "game_target",
        "Points for game: 1000, as in the two-handed game (Foster); 2000 or 4000 are also"
        " played (Enquire Within upon Everything).")
    double_game_under_half: bool = BeziqueOptions.shared(
        "double_game_under_half",
        "A game counts double when every loser has not reached half the target, as in the"
        " two-handed game (Foster: the usual practice).")
    count_stock_allowed: bool = BeziqueOptions.shared(
        "count_stock_allowed",
        "Whether the players may count the stock (English laws, Foster's default) or not"
        " (French laws): 'false' only tells the screen not to show its size, which the"
        " trick number tells anyway.")


@dataclasses.dataclass(frozen=True)
class ThreeHandedOptions(TableOptions):
    """The variants of three-handed Bézique (VARIANTS.md sections 1 and 2)."""

    game_title: ClassVar[str] = "Three-handed Bézique"

    three_hand_pack: str = _opt(
        "three_packs", ("three_packs", "two_packs_minus_an_eight"),
        "The cards: three packs, 96 cards, the 25th card turned for trumps and triple"
        " bézique worth 1500 (Enquire Within upon Everything); or two packs less the"
        " Eight of clubs, 63 cards, with no triple bézique and 13 tricks before the last"
        " eight.", "V-BZ3-01")


@dataclasses.dataclass(frozen=True)
class FourHandedOptions(TableOptions):
    """The variants of four-handed partnership Bézique (VARIANTS.md sections 1 and 2)."""

    game_title: ClassVar[str] = "Four-handed Bézique"

    four_hand_pack: str = _opt(
        "four_packs", ("four_packs", "two_packs"),
        "The cards: four packs, 128 cards, a pack for each player as Enquire Within upon"
        " Everything gives three for three players, with triple and quadruple bézique;"
        " or two packs, 64 cards, with only 8 tricks before the last eight.", "INVENTORY 7 (packs)")
    partners_chosen_by: str = _opt(
        "choice", ("choice", "cutting"),
        "How the partnerships are made: by choice, the players sitting where they agree;"
        " or by cutting, the two highest cards against the two lowest. Partners sit"
        " opposite each other either way.", "V-BZ4-01")
    partnership_scorekeeping: str = _opt(
        "each_keeps_own_score", ("each_keeps_own_score", "one_collects_tricks_other_scores"),
        "Each partner keeps his own score, the preferable way (Enquire Within upon"
        " Everything); or one partner gathers the tricks of both and the other keeps the"
        " score of both. The side's points are the same either way.", "V-BZ4-02")
    partner_declares: str = _opt(
        PARTNER_DECLARES[0], PARTNER_DECLARES,
        "When the winner of a trick would draw without declaring, his partner may declare"
        " first, without being asked (Enquire Within upon Everything: a player may declare"
        " just after his partner has taken a trick), or says 'nothing'; the winner may also"
        " ask him first. Or 'when_asked': the partner declares only when the winner asks.",
        "EW 129")


# -- the games -----------------------------------------------------------------------------

class MultiBezique(Game["MultiBeziqueState"]):
    """What three- and four-handed Bézique share: a table of ``num_players`` seats, eight
    cards each, the next card turned for trump, the rest the stock. A subclass states its
    packs, its meld table and its sides."""

    hand_size: ClassVar[int] = 8
    #: whether the winner of a trick may ask his partner to declare (four-handed)
    partnership: ClassVar[bool] = False
    #: whether the partner may declare after the winner's trick unasked (four-handed)
    partner_unasked: bool = False

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        o: Any = self.options
        # the two-handed rules and Enquire Within's variations of them, read at every
        # trick as plain attributes (as the two-handed game keeps them)
        self._carry = o.multiple_announcements == "carry"  # Foster's carrying "to score"
        self._offsuit = o.offsuit_follow_wins
        self._seven_played = (o.seven_of_trumps_played_scores
                              or o.second_seven_scoring == "when_played")
        self._second_when_played = o.second_seven_scoring == "when_played"
        self._ew_exchange = o.seven_exchange_with_declaration
        self._as_taken = o.brisque_scoring == "as_taken"
        self._other_pair = o.bezique_pair == "QC_JH_if_trump_S_or_D"
        self.table: MeldTable = self.meld_table()
        self._pack = self.make_pack()
        n = self.num_players
        self.tricks_per_deal = len(self._pack) // n
        #: tricks played while the stock lasts (each draws a card for every seat)
        self.stock_tricks = (len(self._pack) - self.hand_size * n) // n
        self.sevens = max(self._pack.all_cards().count(Card(s * 16 + SEVEN))
                          for s in range(4))
        #: the trick that scores 10 as the last: the last of all, or the last one
        #: played while the stock lasts (V-BZ-03)
        self._bonus_at = (self.tricks_per_deal if o.last_trick == "last_of_all"
                          else self.stock_tricks)
        self._patterns = [self.table.patterns(t, self.bezique_cards(t)) for t in range(4)]
        self._candidates = [self.table.candidates(t, self.bezique_cards(t))
                            for t in range(4)]
        #: the seat whose points each seat's points are entered under, and the seat
        #: that gathers each seat's tricks (four-handed, one collecting: his partner)
        self.scorer: tuple[int, ...] = self.scorekeepers()
        self.collector: tuple[int, ...] = self.trick_collectors()
        self._special = _partner_words if self.partnership else _exchange_word
        self._others = ("'exchange', 'ask', 'nothing' or 'draw'" if self.partnership
                        else "'exchange' or 'draw'")

    # -- what a subclass states ----------------------------------------------------------

    def meld_table(self) -> MeldTable:
        """The combinations and their values."""
        raise NotImplementedError

    def make_pack(self) -> Pack:
        """The cards dealt."""
        raise NotImplementedError

    def scorekeepers(self) -> tuple[int, ...]:
        """Each seat scores for himself."""
        return tuple(range(self.num_players))

    def trick_collectors(self) -> tuple[int, ...]:
        """Each seat gathers his own tricks."""
        return tuple(range(self.num_players))

    # -- the interface -------------------------------------------------------------------

    @property
    def pack(self) -> Pack:
        return self._pack

    def parse_action(self, text: str) -> Action:
        """Any action's notation, context free: the two-handed game's (``QS``, ``QS*``,
        ``bezique QS JD``, ``score marriage KS QS``, ``exchange``, ``draw``), and at four
        ``ask`` and ``nothing``."""
        return parse_family_action(text, self.table, self._special, self._others)

    def deal_result(self, state: MultiBeziqueState) -> DealResult:
        """Each seat's points (each partner holds his side's total)."""
        return DealResult(state.scores(), details=(("last_trick", state.last_winner),))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Points add up to the target, by seat (three-handed) or by side (four-handed);
        the game is decided after the deal in which a column reaches it, the highest
        total winning, a tie at the top playing on (as two-handed, GAP-BZ-3). The game is
        double when every loser is under half the target."""
        o: Any = self.options
        entered = sheet.enter(deal_no, dealer, result)
        totals = sheet.totals
        target = o.game_target
        if max(totals) < target:
            return
        top = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == top]
        if len(leaders) > 1:
            entered.notes = ("level at the top past the target: play on",)
            return
        winner = leaders[0]
        losers = [i for i in range(len(totals)) if i != winner]
        under = [i for i in losers if totals[i] < target // 2]
        value = 2 if o.double_game_under_half and len(under) == len(losers) else 1
        notes = [f"double game: {self.column_name(sheet, i)} under {target // 2}"
                 for i in under] if value == 2 else []
        summary = (f"{self.column_name(sheet, winner)} "
                   f"{'win' if sheet.sides else 'wins'} the game "
                   + "-".join(str(t) for t in totals))
        sheet.end_game(winner, value, notes, summary=summary)

    @staticmethod
    def column_name(sheet: ScoreSheet, column: int) -> str:
        """``seat 1``, or ``seats 0 & 2`` for a side."""
        if not sheet.sides:
            return f"seat {column}"
        return "seats " + " & ".join(str(s) for s in seating.members(sheet.sides, column))

    def patterns(self, trump: int) -> list[tuple[str, list[int], dict[int, int]]]:
        """The fixed-card combinations under a trump suit, computed once per trump."""
        return self._patterns[trump]

    def candidates(self, trump: int) -> list[tuple[str, list[int] | int, int, int, int, int]]:
        """Every combination under a trump suit, lowest value first."""
        return self._candidates[trump]

    def bezique_cards(self, trump: int) -> tuple[int, int]:
        """The Queen of spades and the Jack of diamonds; or the Queen of clubs and the
        Jack of hearts when spades or diamonds are trumps (V-BZ-08)."""
        if self._other_pair and trump in (SPADES, DIAMONDS):
            return OTHER_PAIR
        return BEZIQUE_CARDS


class ThreeHandedBezique(MultiBezique):
    """Three-handed Bézique (EW 128): three packs, each for himself, play to the left.

    >>> game = ThreeHandedBezique()
    >>> state = game.deal(dealer=0, seed=1)
    >>> [len(h) for h in state.hands], len(state.stock), state.current_player()
    ([8, 8, 8], 71, 1)
    """

    name = "bezique3"
    title = "Three-handed Bézique"
    rules_by = "Enquire Within's rules"
    options_class = ThreeHandedOptions
    options: ThreeHandedOptions
    min_players = max_players = 3

    def meld_table(self) -> MeldTable:
        if self.options.three_hand_pack == "three_packs":
            return THREE_PACK_TABLE
        return TWO_HANDED_TABLE

    def make_pack(self) -> Pack:
        if self.options.three_hand_pack == "three_packs":
            return Pack.piquet(copies=3)
        return PackLessOne(Pack.piquet().cards, 2, EIGHT_LEFT_OUT)


class FourHandedBezique(MultiBezique):
    """Four-handed partnership Bézique (EW 129): partners opposite, seats 0 and 2 against
    1 and 3, each declaring from his own hand and table.

    >>> game = FourHandedBezique()
    >>> game.sides, game.partners(1), game.visible(0, 2)
    ((0, 1, 0, 1), (3,), False)
    """

    name = "bezique4"
    title = "Four-handed Bézique"
    rules_by = "Enquire Within's rules"
    options_class = FourHandedOptions
    options: FourHandedOptions
    min_players = max_players = 4
    partnership = True

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        self.partner_unasked = self.options.partner_declares == "unasked"

    def fixed_sides(self) -> Sequence[int]:
        """Partners sit opposite (EW 129)."""
        return (0, 1, 0, 1)

    def visible(self, viewer: int, owner: int) -> bool:
        """Partners do not see each other's hands: they may only ask whether there is
        anything to declare (EW 129)."""
        return viewer == owner

    def meld_table(self) -> MeldTable:
        if self.options.four_hand_pack == "four_packs":
            return FOUR_PACK_TABLE
        return TWO_HANDED_TABLE

    def make_pack(self) -> Pack:
        return Pack.piquet(copies=4 if self.options.four_hand_pack == "four_packs" else 2)

    def scorekeepers(self) -> tuple[int, ...]:
        """With one partner collecting the tricks and the other keeping the score, all
        of a side's points are entered under its scorer: seats 2 and 3."""
        if self.options.partnership_scorekeeping == "each_keeps_own_score":
            return (0, 1, 2, 3)
        return (2, 3, 2, 3)

    def trick_collectors(self) -> tuple[int, ...]:
        """... and its tricks gathered by its collector: seats 0 and 1."""
        if self.options.partnership_scorekeeping == "each_keeps_own_score":
            return (0, 1, 2, 3)
        return (0, 1, 0, 1)

    def seat_players(self, players: Sequence[str], rng: random.Random | None = None
                     ) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """Who sits where: ``(names by seat, cuts)``. By choice the players sit in the
        order given (the first and third named are partners); by cutting each cuts a card
        (Ace high, the play order) from a shuffled pack, ties cutting again (GAP-BZ-4),
        and the two highest play against the two lowest: the highest takes seat 0 (the
        first choice, BZ 5), his partner seat 2, the higher of the others seat 1. ``cuts``
        gives each player's cut card id (in the order given), none by choice."""
        names = tuple(players)
        if len(names) != 4:
            raise ValueError(f"four-handed Bézique seats 4 players, not {len(names)}")
        if self.options.partners_chosen_by == "choice":
            return names, ()
        rng = rng if rng is not None else random.Random()
        while True:
            cuts = rng.sample([int(c) for c in Pack.piquet().all_cards()], 4)
            ranks = [STRENGTH[c] for c in cuts]
            if len(set(ranks)) == 4:
                break
        order = sorted(range(4), key=lambda i: -ranks[i])
        by_seat = (order[0], order[2], order[1], order[3])
        return tuple(names[i] for i in by_seat), tuple(cuts)


# -- observations --------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class MultiBeziqueObservation(Observation):
    """Everything one seat may know in a deal of three- or four-handed Bézique, and
    nothing more. Per-seat fields are tuples with one entry per seat, in seat order.
    ``sees`` names the seats whose hands the viewer sees: his own only (partners do not
    consult); none in the public observation (``seat`` ``SPECTATOR``, ``hand`` empty).

    ``phase`` is ``lead``, ``follow``, ``declare`` (the winner of a trick declares,
    exchanges, asks or draws), ``asked`` (his partner, asked, declares or says
    ``nothing``), ``partner`` (the winner draws: his partner, unasked, declares first or
    says ``nothing``) or ``end``. ``trick`` holds the cards of the trick in progress in the
    order played, led by ``trick_leader`` (who leads next while no card is down), and
    ``winning`` is the seat winning it so far (-1 before the lead). ``points`` are the
    points entered under each seat, ``side_points`` each side's total. ``excluded``
    lists the cards each seat has shown it does not hold (failing to follow, to trump or
    to head a trick in the last eight tricks). ``stock_size`` counts the turn-up; it is
    None when the French laws are played (``count_stock_allowed=false``).
    """

    dealer: int
    to_move: int
    phase: str
    sides: tuple[int, ...]
    trump: Suit
    turn_up: Card | None
    stock_size: int | None
    hand: tuple[Card, ...]
    sees: tuple[int, ...]
    tables: tuple[tuple[Card, ...], ...]
    hand_sizes: tuple[int, ...]
    known_in_hand: tuple[tuple[Card, ...], ...]
    excluded: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    trick_leader: int
    winning: int
    last_trick: tuple[Card, ...]
    last_winner: int
    tricks_played: int
    points: tuple[int, ...]
    side_points: tuple[int, ...]
    carried: tuple[tuple[str, ...], ...]
    asked: bool
    events: tuple[Event, ...]
    played: tuple[Card, ...]
    announced: tuple[tuple[tuple[str, tuple[Card, ...]], ...], ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Asked(Event):
    """``seat``, having won a trick, asked his partner ``partner`` to declare
    (Enquire Within 129)."""

    seat: int
    partner: int
    seat_fields: ClassVar[tuple[str, ...]] = ("seat", "partner")

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "ask", f"{names.object(self.partner)} whether he has"
                          " anything to declare") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class NothingDeclared(Event):
    """``seat``, asked by his partner, had nothing to declare."""

    seat: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "have", "nothing to declare") + "."


# -- the state -----------------------------------------------------------------------------

class MultiBeziqueState(TurnUp, Declarer, TrickStateN):
    """A position in one deal of three- or four-handed Bézique.

    The N-seat trick machinery is :class:`~bezique.core.trick.TrickStateN`'s (hands,
    known cards, exclusion masks, the trick and its running winner, resampling); the
    declarations are the family's (:class:`~.declarations.Declarer`). Beside them: each
    seat's declared cards on the table, the combinations carried "to score", the
    turn-up, the seat that won the last trick and declares (``decl_winner``), whether he
    has asked his partner (``asked``), and how many Sevens of trumps in each hand have
    scored already (``spent``: taken up by an exchange)."""

    __slots__ = ("turn_up", "tables", "carried", "serial", "spent", "asked", "decl_winner",
                 "last_winner", "exchanged", "declared", "_decl", "_rec")
    copies = copying(
        same="turn_up serial asked decl_winner last_winner exchanged declared _decl _rec",
        list="spent",
        lists="tables carried")

    phase_names: ClassVar[dict[int, str]] = {PLAY: "play", DECLARE: "declare",
                                             ASKED: "asked", OFFERED: "partner",
                                             OVER: "end"}
    order = ORDER

    game: MultiBezique
    turn_up: int  # -1 once taken
    tables: list[list[Entry]]
    carried: list[list[tuple[str, int, tuple[int, ...], tuple[int, ...]]]]
    serial: int
    spent: list[int]
    asked: bool
    decl_winner: int
    last_winner: int
    #: after this trick: the card the Seven of trumps was exchanged for (-1: none), and
    #: whether the side has declared (one declaration per trick; Enquire Within's
    #: exchange may come with it, V-BZ-05)
    exchanged: int
    declared: bool
    _decl: dict[Action, Any] | None
    _rec: Any

    declare_phases = (DECLARE, ASKED, OFFERED)

    @classmethod
    def from_pack(cls, game: MultiBezique, dealer: int, order: Sequence[int]
                  ) -> MultiBeziqueState:
        """Deal from a pack order (index 0 the top card): three, two, three to each from
        the dealer's left (as two-handed, the pone first; GAP-BZ-1), then the next card
        turned for trump (the 25th at three, EW 128); the rest is the stock."""
        n = game.num_players
        dealer = check_seat(dealer, n, "dealer")
        hands: list[list[int]] = [[] for _ in range(n)]
        i = 0
        for k in (3, 2, 3):
            for j in range(1, n + 1):
                seat = (dealer + j) % n
                hands[seat].extend(int(c) for c in order[i:i + k])
                i += k
        s = cls.__new__(cls)
        up = int(order[i])
        s._start(game, dealer, hands, [int(c) for c in reversed(order[i + 1:])], up >> 4, up)
        if up & 15 == SEVEN:  # a Seven turned up scores the dealer 10 (Dealing)
            s._score(dealer, 10, "seven turned up")
        return s

    @classmethod
    def position(cls, game: MultiBezique, *, hands: Sequence[Sequence[int]],
                 trump: Suit | int, turn_up: int | None, stock: Sequence[int] = (),
                 tables: Sequence[Sequence[int]] | None = None, dealer: int = 0,
                 to_move: int | None = None, phase: str = "lead",
                 trick: Sequence[tuple[int, int]] = (), tricks: int = 0
                 ) -> MultiBeziqueState:
        """Set up a position directly (tests, puzzles): the hands, each seat's declared
        table cards (as not yet announced), the trump, the turn-up (None once taken), the
        stock top first, the trick in progress as ``(seat, card)`` in order of play, the
        tricks played, and who is to move: in ``lead`` (or ``follow``, with ``trick``)
        the seat to play, in ``declare`` the winner of the last trick. Cards not placed
        count as won by seat 0 in earlier tricks."""
        n = game.num_players
        if turn_up is not None and (len(stock) + 1) % n:
            raise ValueError(f"a stock of {len(stock)} cards and the turn-up cannot be drawn"
                             f" a card each by {n} players")
        s = cls.__new__(cls)
        s._start(game, dealer, hands, [int(c) for c in reversed(stock)], int(trump),
                 -1 if turn_up is None else int(turn_up))
        for p, cards in enumerate(tables or ()):
            for c in cards:
                s._lay(p, c)
        s.tricks = tricks
        for p, c in trick:
            s.trick.append(int(c))
            s.trick_seats.append(check_seat(p, n))
        if trick:
            s.leader = s.trick_seats[0]
            s.winner = s.leader
            for p, c in zip(s.trick_seats[1:], s.trick[1:], strict=True):
                if s.beats(c, s._best()):
                    s.winner = p
        mover = check_seat(to_move if to_move is not None else
                           ((s.trick_seats[-1] + 1) % n if trick else s.leader), n)
        s.player = mover
        if phase == "declare":
            s.phase = DECLARE
            s.decl_winner = s.leader = mover
        elif phase in ("lead", "follow"):
            s.phase = PLAY
            if not trick:
                s.leader = mover
        else:
            raise ValueError(f"phase is lead, follow or declare, not {quoted(phase)}")
        s.won[0] = s._unplaced(game.pack.all_cards(), *s.trick,
                               *([s.turn_up] if s.turn_up >= 0 else []))
        return s

    def _start(self, game: MultiBezique, dealer: int, hands: Sequence[Sequence[int]],
               stock: list[int], trump: int, turn_up: int) -> None:
        """A deal about to be played: the trick base's start, then this turn-up and
        nothing declared, carried, asked or spent yet."""
        self.start(game, dealer, hands, stock=stock, trump=trump)
        n = self.n
        self.turn_up = turn_up
        self.tables = [[] for _ in range(n)]
        self.carried = [[] for _ in range(n)]
        self.serial = 0
        self.spent = [0] * n
        self.asked = False
        self.decl_winner = -1
        self.last_winner = -1
        self.exchanged = -1
        self.declared = False
        self._decl = None
        self._rec = None

    # -- the family's hooks --------------------------------------------------------------

    def _note(self, *entry: Any) -> None:
        self.log = (entry, self.log)

    def _score(self, seat: int, pts: int, why: str) -> None:
        self.score(seat, pts, why)

    def score(self, seat: int, pts: int, why: str) -> None:
        """Enter points for ``seat`` under his side's scorer (himself unless one partner
        keeps the score of both) and log them."""
        book = self.game.scorer[seat]
        self.points[book] += pts
        self.log = ((Scored, book, pts, why), self.log)

    # -- bookkeeping ---------------------------------------------------------------------

    def _best(self) -> int:
        """The card winning the trick in progress."""
        return self.trick[self.trick_seats.index(self.winner)]

    def _seats_from(self, seat: int) -> list[int]:
        """Every seat in turn from ``seat``, to the left."""
        n = self.n
        return [(seat + k) % n for k in range(n)]

    # -- the interface -------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            p = self.player
            if self.turn_up >= 0:
                # while the stock lasts any card, from the hand or the table
                acts: list[Action] = [_PH[c] for c in dict.fromkeys(self.hands[p])]
                if self.tables[p]:
                    acts += [_PT[c] for c in dict.fromkeys(e[0] for e in self.tables[p])]
                return acts
            return [_PH[c] for c in dict.fromkeys(self.legal_cards())]
        if phase == OVER:
            return []
        return list(self._declare_options())

    def follow_cards(self, hand: list[int]) -> list[int]:
        """The last eight tricks (BZ 71 for three or four): follow suit and head the
        card winning the trick if able; void, trump, over-trumping a trumped trick if
        able, else under-trumping (Foster, Four-handed Binocle; the core's
        :meth:`heading_cards`); else any card. While the stock lasts, any card."""
        if self.turn_up >= 0:
            return list(hand)
        return self.heading_cards(hand)

    def note_play(self, seat: int, card: int) -> None:
        """What a card played in the last eight tricks shows, where each must follow,
        win and trump (BZ 71): the core's :meth:`note_heading_play`."""
        if self.turn_up < 0:
            self.note_heading_play(seat, card)

    def apply(self, action: Action) -> None:
        phase = self.phase
        if phase == OVER:
            raise IllegalActionError("the deal is over")
        if type(action) is Play:
            card = action.card
            if card.__class__ is not Card:  # built by hand: Play(999), Play("QS")
                card = card_of_play(action, self.game.title)
            if phase != PLAY:
                raise IllegalActionError(
                    f"{action} is not allowed now: after a trick its winner declares or"
                    " draws before the next lead")
            self._play(int(card), action.from_table)
            return
        if not isinstance(action, Action):
            raise IllegalActionError(f"apply takes an Action, not {quoted(action)}: read text"
                                     " with state.parse_action")
        if phase == PLAY:
            raise IllegalActionError(
                f"{action_text(action)} is not allowed now: declarations, the Seven's exchange"
                " and drawing come only after winning a trick while the stock lasts; play a"
                " card")
        p = self.player
        action, plan = self._chosen(action)
        kind = type(action)
        if kind is Draw:
            if self._partner_may_declare():
                # EW 129: the partner may declare after his partner's trick, unasked
                self.phase = OFFERED
                self.player = self.partners(p)[0]
                self._decl = None
            else:
                self._draw()
        elif kind is Exchange:
            self._exchange(p)
            self._decl = None
            # EW (V-BZ-05) lets a declaration follow; whether the turn stays open depends
            # on public facts only, never on what the hand holds
            if not (self.game._ew_exchange and not self.declared):
                self._draw()
        elif kind is Declare or kind is ScoreCarried:
            if kind is Declare:
                self._declare(p, cast(Declare, action), plan)
            else:
                self._score_carried(p, plan)
            self.declared = True
            self._decl = None
            if self.game._ew_exchange and self.exchanged < 0:
                # EW: the winner of the trick may still exchange the Seven
                self.phase = DECLARE
                self.player = self.decl_winner
            else:
                self._draw()
        elif kind is AskPartner:
            partner = self.partners(p)[0]
            self._note(Asked, p, partner)
            self.asked = True
            self.phase = ASKED
            self.player = partner
            self._decl = None
        elif kind is NothingToDeclare:
            self._note(NothingDeclared, p)
            self.player = self.decl_winner
            if self.phase == OFFERED:  # the winner has chosen to draw: all draw
                self._draw()
            else:  # asked: the winner may still declare himself
                self.phase = DECLARE
                self._decl = None
        else:  # pragma: no cover - unreachable: checked against the options above
            raise IllegalActionError(f"not a {self.game.title} action: {quoted(action)}")

    # -- playing -------------------------------------------------------------------------

    def _play(self, c: int, from_table: bool) -> None:
        p = self.player
        hand = self.hands[p]
        idx = -1
        if from_table:
            idx = self._table_index_to_play(p, c)
            if idx < 0:
                raise self._misplaced(p, c, True)
        elif c not in hand:
            raise self._misplaced(p, c, False)
        elif self.turn_up < 0 and self.trick:
            allowed = self.follow_cards(hand)
            if c not in allowed:
                raise IllegalActionError(
                    f"{card_name(c)} is not allowed: in the last eight tricks you must follow"
                    " suit and head the trick if you can, and trump (over-trump if you can)"
                    " when void; allowed: "
                    + " ".join(card_name(x) for x in dict.fromkeys(allowed)))
        # the move is legal: commit
        trick = self.trick
        if trick:
            self.note_play(p, c)
        if from_table:
            entry = self.tables[p].pop(idx)
            if self.carried[p]:
                self._lose_carried(p, entry[1])
        else:
            hand.remove(c)
            kn = self.known[p]
            if kn and c in kn:
                kn.remove(c)
            if c == self.trump * 16 + SEVEN and self.spent[p]:
                # a Seven that has scored is given up first (it is worth nothing more)
                self.spent[p] = min(self.spent[p], hand.count(c))
        self._note(Played, p, c, from_table)
        if self.game._seven_played:
            self._score_seven_played(p, c)
        if trick:
            if self.beats(c, self._best()):
                self.winner = p
        else:
            self.leader = p
            self.winner = p
        trick.append(c)
        self.trick_seats.append(p)
        if len(trick) == self.n:
            self._end_trick()
        else:
            self.player = (p + 1) % self.n

    def _end_trick(self) -> None:
        """The winner takes the trick (his side's collector gathers it), scores its
        brisques, and, while the stock lasts, may declare; the last trick scores 10."""
        w = self.winner
        cards = tuple(self.trick)
        self.last_trick = tuple(zip(self.trick_seats, cards, strict=True))
        keep = self.game.collector[w]
        self.won[keep].extend(cards)
        self.tricks_won[keep] += 1
        self.tricks += 1
        self.trick = []
        self.trick_seats = []
        self.winner = -1
        self.leader = w
        self.player = w
        self.last_winner = w
        self._note(TrickWon, w, cards)
        game = self.game
        if game._as_taken:
            nb = sum(BRISQUE[c] for c in cards)
            if nb:
                self._score(w, 10 * nb, _NUMBERS[nb] + ("brisque" if nb == 1 else "brisques"))
        if self.tricks == game._bonus_at:
            self._score(w, 10, "last trick")
        if self.tricks == game.tricks_per_deal:
            self.phase = OVER
            if not game._as_taken:
                self._count_brisques()
            return
        if self.turn_up >= 0:
            self.phase = DECLARE
            self.decl_winner = w
            self.asked = False
            self.exchanged = -1
            self.declared = False
            self._decl = None
        else:
            self.phase = PLAY

    def _count_brisques(self) -> None:
        """After the last trick each counts the Aces and Tens in the tricks he gathered,
        10 each, from the dealer's left, the dealer last (EW's count, the non-dealer
        first two-handed; V-BZ-07)."""
        n = self.n
        for i in range(1, n + 1):
            p = (self.dealer + i) % n
            nb = sum(BRISQUE[c] for c in self.won[p])
            if nb:
                self._score(p, 10 * nb, f"{nb} brisque" + ("s" if nb > 1 else ""))

    def _score_seven_played(self, p: int, c: int) -> None:
        """EW: 10 for a Seven of trumps played while the stock lasts (V-BZ-04); once the
        turn-up is a Seven, the other Sevens score so instead of being exchanged, Seven
        for Seven (V-BZ-06); never both."""
        if c == self.trump * 16 + SEVEN and self.turn_up >= 0:
            opts: Any = self.game.options
            if opts.seven_of_trumps_played_scores or (
                    self.turn_up == c and self.game._second_when_played):
                self._score(p, 10, "seven of trumps played")

    def beats(self, card: int, best: int) -> bool:
        """Whether ``card`` takes the trick from ``best``: the core's rule (a higher
        card of the suit, a trump over another suit); with Enquire Within's main rule
        (V-BZ-02), while the stock lasts, a higher card of any plain suit over a plain
        card, the first played of equal ones winning."""
        s, b = card >> 4, best >> 4
        if s == b:
            return STRENGTH[card] > STRENGTH[best]
        if s == self.trump:
            return True
        if b == self.trump or not self.game._offsuit or self.turn_up < 0:
            return False
        return STRENGTH[card] > STRENGTH[best]

    def _draw(self) -> None:
        """Each draws a card, the winner of the trick first, then to his left; at the last
        draw the turn-up goes to the last to draw (as the loser takes it two-handed,
        BZ 29), and the last eight tricks follow."""
        w = self.decl_winner
        order = self._seats_from(w)
        stock = self.stock
        hands = self.hands
        if len(stock) >= self.n:
            for p in order:
                hands[p].append(stock.pop())
            self._note(Drew, w)
        else:
            for p in order[:-1]:
                hands[p].append(stock.pop())
            taker = order[-1]
            up = self.turn_up
            hands[taker].append(up)
            self.known[taker].append(up)
            self.turn_up = -1
            self._note(DrewLast, w, up, taker)
            self._take_up_tables()
        self._decl = None
        self.phase = PLAY
        self.player = w
        self.leader = w

    def _exchanged(self, p: int, up: int) -> None:
        self.exchanged = up  # one exchange per trick
        if up == self.trump * 16 + SEVEN:  # Seven for Seven: the one taken up has scored
            self.spent[p] += 1

    # -- declarations --------------------------------------------------------------------

    def _exchange_available(self) -> bool:
        """The winner of a trick may exchange a Seven of trumps for the turn-up before
        drawing (BZ 37-39), a Seven that has not scored yet: each Seven scores once,
        turned up or exchanged (Seven for Seven)."""
        if self.phase != DECLARE or self.turn_up < 0 or self.exchanged >= 0:
            return False
        seven = self.trump * 16 + SEVEN
        if self.turn_up == seven and self.game._second_when_played:
            return False  # V-BZ-06 (EW): such a Seven scores when played, not by exchange
        p = self.player
        return self.hands[p].count(seven) > self.spent[p]

    def _fresh_counts(self, p: int) -> dict[int, int]:
        """The cards ``p`` may lay fresh; after Enquire Within's exchange (V-BZ-05) the
        card taken up is not used in the declaration after the same trick."""
        counts = super()._fresh_counts(p)
        taken = self.exchanged
        if taken >= 0 and p == self.decl_winner and self.phase == DECLARE:
            if counts.get(taken, 0) > 1:
                counts[taken] -= 1
            else:
                counts.pop(taken, None)
        return counts

    def _declare_options(self) -> dict[Action, Any]:
        """Every legal action after a trick, mapped to how it is carried out."""
        if self._decl is not None:
            return self._decl
        p = self.player
        opts: dict[Action, Any] = {}
        if self.phase == DECLARE and self._exchange_available():
            opts[EXCHANGE] = None
        if not self.declared:  # one declaration per trick (BZ 53)
            opts.update(self._carried_options(p))
            for action, plan in self._declarations(p):
                opts.setdefault(action, plan)
        if self.phase == DECLARE:
            if self.game.partnership and not self.asked and not self.declared:
                opts[ASK] = None
            opts[DRAW] = None
        else:
            opts[NOTHING] = None
        self._decl = opts
        return opts

    def _partner_may_declare(self) -> bool:
        """Whether the winner's partner is to declare before all draw: at four under
        ``partner_declares=unasked``, the winner drawing with nothing declared after the
        trick (his Seven's exchange ends his turn, as the two-handed game's, unless
        Enquire Within's exchange with a declaration is played), and the partner not
        already asked. Public facts only: the partner is given the turn whatever he
        holds, and may say ``nothing``."""
        return (self.game.partner_unasked and not self.asked and not self.declared
                and (self.exchanged < 0 or self.game._ew_exchange))

    def _declaration_refused(self, action: Declare) -> str | None:
        if self.declared:
            return self._why_not(action)
        return None

    def _why_not(self, action: Action) -> str:
        kind = type(action)
        if kind is Exchange:
            if self.phase in (ASKED, OFFERED):
                return "only the winner of the trick may exchange the Seven of trumps"
            if self.turn_up < 0:
                return "there is no turn-up left to exchange"
            if self.exchanged >= 0:
                return "the Seven has already been exchanged after this trick"
            seven = self.trump * 16 + SEVEN
            if seven not in self.hands[self.player]:
                return "exchange needs the Seven of trumps in your hand"
            if self.turn_up == seven and self.game._second_when_played:
                return ("the turn-up is already a Seven: under second_seven_scoring ="
                        " when_played your Seven scores 10 when played, not by exchange")
            return "each Seven of trumps scores once: yours has been exchanged already"
        if kind in (Declare, ScoreCarried) and self.declared:
            return "a declaration has been made after this trick: one per trick won (BZ 53)"
        if kind is AskPartner:
            if not self.game.partnership:
                return "each plays for himself: there is no partner to ask"
            if self.phase == ASKED:
                return "your partner has asked you: declare, or say nothing"
            if self.phase == OFFERED:
                return "your partner has won the trick and draws: declare, or say nothing"
            if self.declared:
                return "a declaration has been made after this trick: one per trick won"
            return "you have asked your partner already after this trick"
        if kind is NothingToDeclare:
            return "'nothing' answers your partner's question; you have not been asked"
        if kind is Draw:
            if self.phase == OFFERED:
                return "your partner has won the trick and draws: declare, or say nothing"
            return "your partner has asked you: declare, or say nothing"
        return super()._why_not(action)

    # -- copies and samples --------------------------------------------------------------

    def resample(self, seat: int, rng: random.Random) -> MultiBeziqueState:
        """A full state drawn among those ``seat`` cannot tell apart: the other hands'
        unknown cards and the stock dealt again from the hidden cards in sorted order,
        each hand keeping its size and its known cards (the turn-up taken, the exchange,
        the table cards taken back) and getting none it has shown it lacks (the last eight
        tricks' voids and failures to head). A function of the observation and ``rng``
        alone."""
        s = super().resample(seat, rng)
        s._decl = None
        return s

    def observation(self, seat: int) -> MultiBeziqueObservation:  # type: ignore[override]
        return self._observe(check_seat(seat, self.n))

    def public_observation(self) -> MultiBeziqueObservation:  # type: ignore[override]
        """What anyone may know: no hand (``seat`` is ``SPECTATOR``, ``hand`` and
        ``sees`` empty)."""
        return self._observe(SPECTATOR)

    def _observe(self, seat: int) -> MultiBeziqueObservation:
        """The observation of ``seat``, or the public one (``SPECTATOR``)."""
        n = self.n
        history, played, announced = self._public_record()
        sides = self.deal_sides
        phase = self.phase
        if phase == PLAY:
            name = "follow" if self.trick else "lead"
        else:
            name = self.phase_names[phase]
        stock_size = len(self.stock) + (1 if self.turn_up >= 0 else 0)
        ids = _pack_ids(self.game)
        opts: Any = self.game.options
        return MultiBeziqueObservation(
            seat=seat, dealer=self.dealer, to_move=self.current_player(), phase=name,
            sides=sides, trump=Suit(self.trump),
            turn_up=Card(self.turn_up) if self.turn_up >= 0 else None,
            stock_size=stock_size if opts.count_stock_allowed else None,
            hand=tuple(sorted(Card(c) for c in self.hands[seat])) if seat >= 0 else (),
            sees=tuple(p for p in range(n) if self.visible(seat, p)) if seat >= 0 else (),
            tables=tuple(tuple(sorted(Card(e[0]) for e in t)) for t in self.tables),
            hand_sizes=tuple(len(h) for h in self.hands),
            known_in_hand=tuple(tuple(sorted(Card(c) for c in k)) for k in self.known),
            excluded=tuple(tuple(Card(c) for c in ids if self.excluded[p] >> c & 1)
                           for p in range(n)),
            trick=tuple(Card(c) for c in self.trick), trick_leader=self.leader,
            winning=self.winner,
            last_trick=tuple(Card(c) for _, c in self.last_trick),
            last_winner=self.last_winner, tricks_played=self.tricks,
            points=tuple(self.points),
            side_points=seating.side_totals(sides, self.points),
            carried=tuple(tuple(carried_text(m) for m in c) for c in self.carried),
            asked=self.asked, events=history, played=played, announced=announced)

    # -- notation ------------------------------------------------------------------------

    def __str__(self) -> str:
        up = card_name(self.turn_up) if self.turn_up >= 0 else "-"
        lines = [f"{self.game.title} deal, dealer {self.dealer}, trump "
                 f"{Suit(self.trump).symbol}, turn-up {up}, stock {len(self.stock)}, trick "
                 f"{self.tricks + 1}: "
                 + " ".join(f"{p}:{card_name(c)}" for p, c in zip(self.trick_seats,
                                                                  self.trick, strict=True))
                 + f"; {self.phase_names[self.phase]} by {self.current_player()}"
                 + (" (asked)" if self.asked else "")]
        for p in range(self.n):
            lines.append(f"  {p}: hand {' '.join(card_name(c) for c in self.hands[p])}"
                         f" | table {' '.join(card_name(e[0]) for e in self.tables[p])}"
                         f" | known {' '.join(card_name(c) for c in self.known[p])}"
                         f" | carried {'; '.join(carried_text(m) for m in self.carried[p])}"
                         f" | excluded {self.excluded[p]:#x} | sevens spent {self.spent[p]}"
                         f" | tricks {self.tricks_won[p]} | points {self.points[p]}")
        lines.append(f"  stock {' '.join(card_name(c) for c in self.stock)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<MultiBeziqueState {self.game.name} trick={self.tricks}"
                f" phase={self.phase_names[self.phase]}>")


MultiBezique.state_class = MultiBeziqueState


@functools.lru_cache(maxsize=16)
def _ids(pack: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(set(pack)))


def _pack_ids(game: MultiBezique) -> tuple[int, ...]:
    """The card ids of the game's pack, lowest first."""
    return _ids(tuple(int(c) for c in game.pack.cards))
