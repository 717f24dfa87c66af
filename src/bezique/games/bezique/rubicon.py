"""Rubicon Bézique and Chinese Bézique, as Foster's *Complete Hoyle* gives them.

Rules are cited by section of Foster's "Rubicon Bézique" (Declarations, Re-forming
Combinations, Double Declarations, Time, The Last Nine Tricks, Scoring, Rubicons) and by
the checklist's numbers (``RB n``; the gaps ``RB-GAP-n``, decided by their recommended
standard rules; see ``shared/rules/CHECKLIST.md`` and ``docs/RULES.md``).

The declaring rules are the family's (:mod:`.declarations`). What this module states is
Rubicon's own:

- the meld table, with the plain-suit sequence and the triple and quadruple béziques,
  and which combinations may be re-formed and scored again (RB 16-22; a double or higher
  bézique may not, RB 20);
- a combination announced lies on the table intact until one of its cards is played (or
  stands replaced by its duplicate from the hand, RB 18): only then is it broken up and
  may be re-formed with a new card (RB 16, 19); a broken double, triple or quadruple
  bézique frees the card left paired with the one played to re-form the single bézique
  (RB 20);
- cards laid in one declaration count once in their class (eight bézique cards shown at
  once are the quadruple bézique only, RB 21);
- a card led or played from the hand while a duplicate lies on the table in a scored
  combination stands for that table card, which is thereby replaced and counts as fresh
  (RB 18): the same thing as playing the table card and laying the hand's;
- no trump is turned: the first marriage or trump sequence announced makes the trump
  (RB 10, RB-GAP-3); carte blanche (RB 8, RB-GAP-4); the last nine tricks (RB 28-30); 50
  for the last trick (RB 9);
- the settlement, each deal a game (RB 31-43).

Foster's laws on false announcements and revokes (RB 27, RB 30) concern mistakes the
engine cannot make: it refuses every illegal action. The French penalty for a revoke
(``endgame_revoke_penalty=france_no_further_points``) makes a revoke a legal, penalised
play instead.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.cards import Card, Pack, Suit, card_name
from ...core.errors import IllegalActionError
from ...core.events import NUMBERED, Drew, Event, Names, Played, TrickWon, TrumpMade
from ...core.game import (
    MOST_DEALS,
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
    BRISQUE,
    CLASS_A,
    CLASS_B,
    CLASS_C,
    DECLARE,
    DIAMONDS,
    DRAW,
    END,
    FOLLOW,
    JACK,
    KING,
    LEAD,
    NO_TRUMP,
    PHASE_NAMES,
    PLAIN,
    QUEEN,
    SPADES,
    STRENGTH,
    TEN,
    TRUMPS,
    Beziques,
    Declare,
    Entry,
    MeldTable,
    ScoreCarried,
    TwoHandedState,
    beziques,
    four,
    parse_family_action,
    row,
    suited,
)

__all__ = [
    "CHINESE_TABLE", "CarteBlanche", "Chinese", "ChineseMeld", "ChineseOptions",
    "RUBICON_TABLE", "Rubicon", "RubiconMeld", "RubiconObservation", "RubiconOptions",
    "RubiconState", "Settlement", "CARTE_BLANCHE",
]

A, B, C = CLASS_A, CLASS_B, CLASS_C
COURTS = (JACK, QUEEN, KING)
BEZIQUE_CARDS = (SPADES * 16 + QUEEN, DIAMONDS * 16 + JACK)


def _rows() -> list[Any]:
    """The book's table (Rubicon Bézique, Declarations): class, name, title, cards,
    value, and whether, broken up, it is re-formed by a new card (Re-forming
    Combinations)."""
    return [
        row(A, "marriage",          "Marriage",          suited("K Q", PLAIN),         20,
            reform=True),
        row(A, "royal-marriage",    "Royal Marriage",    suited("K Q", TRUMPS),        40,
            reform=True),
        row(A, "sequence",          "Sequence",          suited("A 10 K Q J", PLAIN),  150,
            reform=True),
        row(A, "royal-sequence",    "Royal Sequence",    suited("A 10 K Q J", TRUMPS), 250,
            reform=True),
        row(B, "bezique",           "Single Bézique",    beziques(1),                  40,
            reform=True),
        row(B, "double-bezique",    "Double Bézique",    beziques(2),                  500),
        row(B, "triple-bezique",    "Triple Bézique",    beziques(3),                  1500),
        row(B, "quadruple-bezique", "Quadruple Bézique", beziques(4),                  4500),
        row(C, "four-aces",         "Four Aces",         four("A"),                    100,
            reform=True),
        row(C, "four-kings",        "Four Kings",        four("K"),                    80,
            reform=True),
        row(C, "four-queens",       "Four Queens",       four("Q"),                    60,
            reform=True),
        row(C, "four-jacks",        "Four Jacks",        four("J"),                    40,
            reform=True),
    ]


_ALIASES = {"four knaves": "four-jacks", "common marriage": "marriage",
            "trump marriage": "royal-marriage", "trump sequence": "royal-sequence",
            "plain sequence": "sequence"}

#: Rubicon Bézique's table. Cards laid together count once in their class (RB 21).
RUBICON_TABLE = MeldTable("Rubicon Bézique", _rows(), aliases=_ALIASES,
                          shared_in_declaration=False, max_melds=40)
#: Chinese Bézique's: the same (Chinese Bézique is Rubicon with six packs; the standard
#: tables stop at the quadruple bézique).
CHINESE_TABLE = MeldTable("Chinese Bézique", _rows(), aliases=_ALIASES,
                          shared_in_declaration=False, max_melds=40)


RubiconMeld = RUBICON_TABLE.meld_class("RubiconMeld", __name__)
ChineseMeld = CHINESE_TABLE.meld_class("ChineseMeld", __name__)


class CarteBlanche(WordAction, word="carte-blanche"):
    """Show carte blanche, a hand without King, Queen or Jack, and score 50 (RB 8); with
    ``carte_blanche_repeat=again_after_each_non_court_draw``, show the card just drawn
    (no court card either) and score 50 again."""


CARTE_BLANCHE = CarteBlanche()


def _own_words(low: str) -> Action | None:
    if low in ("carte-blanche", "carte blanche", "show carte blanche") \
            or low.startswith(("carte-blanche (", "carte blanche (")):
        return CARTE_BLANCHE
    return None


# -- options -----------------------------------------------------------------------------

_TRIGGERS = ("within_200_on_demand", "only_tie_or_rubicon", "when_it_could_change_the_result",
             "always")


@dataclasses.dataclass(frozen=True)
class RubiconOptions(Options):
    """The variants of Rubicon Bézique (VARIANTS.md section 3). Defaults are Foster's."""

    game_title: ClassVar[str] = "Rubicon Bézique"

    packs: int = _opt(
        4, (4, 6),
        "How many piquet packs are shuffled together: four for Rubicon Bézique (nine cards"
        " dealt to each), or six, which makes it Chinese Bézique (twelve cards each).",
        "V-RB-01")
    rubicon_brisque_award: int = _opt(
        300, (300, 320),
        "What the winner adds for the brisques when he rubicons his adversary, whoever won"
        " them: 300 (Foster), or 320, ten for each of the 32 in four packs (later rules).",
        "V-RB-02")
    brisque_count_trigger: str = _opt(
        "within_200_on_demand", _TRIGGERS,
        "When the Aces and Tens won are counted: when the scores are within 200 and the"
        " player behind gains by it, or when they might save a rubicon (Foster's example);"
        " only to decide a tie or save a rubicon (his rule read literally); whenever they"
        " could change who wins or save a rubicon; or always.",
        "V-RB-03",
        words={"within_200_on_demand": "when within 200, on demand",
               "only_tie_or_rubicon": "only for a tie or a rubicon",
               "when_it_could_change_the_result": "whenever it could change the result",
               "always": "always"})
    endgame_revoke_penalty: str = _opt(
        "replay_from_error", ("replay_from_error", "france_no_further_points"),
        "In the last nine tricks a card that fails to follow suit or win when it could:"
        " taken back and played again, so never allowed (Foster); or, as in France,"
        " allowed, the player counting nothing more for brisques or the last trick.",
        "V-RB-04")
    carte_blanche_repeat: str = _opt(
        "before_first_trick_only", ("before_first_trick_only",
                                    "again_after_each_non_court_draw"),
        "Carte blanche, a hand without King, Queen or Jack, scores 50 only when shown"
        " before playing to the first trick (Foster); or 50 again for each card drawn"
        " after it that is no court card either, shown at once (Portland Club rules).",
        "V-RB-05")
    example_990_reading: str = _opt(
        "rule", ("rule", "printed"),
        "When the brisques fail to save a rubicon: the game is reckoned without anybody's"
        " brisques, as Foster's rule says; or the winner keeps his own, as his printed"
        " example of 3900 does.",
        "V-RB-07")
    series_deals: int = _opt(
        2, None,
        "How many deals make a sitting, each deal a game of its own; the net result is"
        " kept in hundreds, and a sitting ending level goes on deal by deal.",
        "RB 42", least=1, most=MOST_DEALS)


@dataclasses.dataclass(frozen=True)
class ChineseOptions(RubiconOptions):
    """The variants of Chinese Bézique: Rubicon's, with six packs."""

    game_title: ClassVar[str] = "Chinese Bézique"

    packs: int = _opt(
        6, (6, 4),
        "How many piquet packs are shuffled together: six for Chinese Bézique (twelve"
        " cards dealt to each), or four, which is Rubicon Bézique (nine each).",
        "V-RB-01")
    rubicon_brisque_award: int = _opt(
        300, (300, 480),
        "What the winner adds for the brisques when he rubicons his adversary, whoever won"
        " them: 300 as in Rubicon Bézique (Foster), or 480, ten for each of the 48 in six"
        " packs.",
        "V-RB-02")


# -- the settlement ----------------------------------------------------------------------

def hundreds(points: int) -> int:
    """A score with its fractions of a hundred dropped (RB 33)."""
    return points - points % 100


@dataclasses.dataclass(frozen=True)
class Settlement:
    """What a deal of Rubicon is worth (Scoring; Rubicons): the winner (None for a tie),
    the value of his game in points, whether the brisques were counted, the totals that
    decided it, whether the loser is rubiconed, and the working in figures."""

    winner: int | None
    value: int
    scores: tuple[int, int]
    brisques: tuple[int, int]
    counted: bool
    totals: tuple[int, int]
    rubicon: bool
    working: str

    @property
    def hundreds(self) -> int:
        """The value kept on the sheet: hundreds only (RB 42)."""
        return self.value // 100


# -- the games -----------------------------------------------------------------------------

class Rubicon(Game["RubiconState"]):
    """Rubicon Bézique (Foster), two-handed: four packs, nine cards each, no turn-up, each
    deal a game.

    >>> game = Rubicon()
    >>> state = game.deal(dealer=0, seed=1)
    >>> len(state.hands[0]), len(state.hands[1]), len(state.stock), state.trump
    (9, 9, 110, -1)
    >>> game.settle((1830, 1260), (16, 16)).value
    1100
    """

    name = "rubicon"
    result_unit = "hundreds"
    title = "Rubicon Bézique"
    options_class = RubiconOptions
    options: RubiconOptions
    table: ClassVar[MeldTable] = RUBICON_TABLE

    def __init__(self, options: RubiconOptions | None = None) -> None:
        super().__init__(options)
        o = self.options  # series_deals: 1 to MOST_DEALS, checked with the options
        self._pack = Pack.piquet(copies=o.packs)
        #: nine cards each from four packs (RB-GAP-2), twelve from six (Chinese Bézique)
        self.hand_size = 9 if o.packs == 4 else 12
        self.tricks_total = len(self._pack) // 2
        self.brisques_total = 8 * o.packs
        self._carry = True
        self._france = o.endgame_revoke_penalty == "france_no_further_points"
        self._repeat = o.carte_blanche_repeat == "again_after_each_non_court_draw"
        self._patterns = {t: self.table.patterns(t, BEZIQUE_CARDS) for t in range(-1, 4)}
        self._candidates = {t: self.table.candidates(t, BEZIQUE_CARDS) for t in range(-1, 4)}
        #: the class-B mark of a bézique card freed to re-form the single bézique (RB 20)
        self._free_single = self.table["bezique"].value - 1

    @property
    def pack(self) -> Pack:
        return self._pack

    def parse_action(self, text: str) -> Action:
        """Read an action's notation: ``QS``, ``QS*``, ``royal-marriage KH QH``, ``score
        marriage KS QS``, ``carte-blanche``, ``draw``."""
        return parse_family_action(text, self.table, _own_words, "'carte-blanche' or 'draw'")

    def patterns(self, trump: int) -> list[tuple[str, list[int], dict[int, int]]]:
        """The fixed-card combinations under a trump suit (``NO_TRUMP`` before it is
        made: then every marriage and sequence is the trump one, RB 10)."""
        return self._patterns[trump]

    def candidates(self, trump: int) -> list[tuple[str, list[int] | int, int, int, int, int]]:
        """Every combination under a trump suit, lowest value first (see
        :meth:`MeldTable.candidates`)."""
        return self._candidates[trump]

    def bezique_cards(self, trump: int) -> tuple[int, int]:
        """The Queen of spades and the Jack of diamonds, whatever the trump."""
        return BEZIQUE_CARDS

    # -- the settlement ----------------------------------------------------------------

    def settle(self, scores: Sequence[int], brisques: Sequence[int]) -> Settlement:
        """The value of a deal from the points scored (carte blanche, combinations, the
        last trick) and the brisques each won (Scoring; Rubicons):

        - the brisques are counted, ten each, only as ``brisque_count_trigger`` says
          (RB 32, 34, 39; V-RB-03); the higher exact total wins (RB 36), an equal one is a
          tie worth nothing (RB-GAP-8);
        - the loser under 1000 is rubiconed: the winner adds both scores, fractions of a
          hundred dropped, 1000 for the rubicon and the brisque award (RB 37), and 100
          more if the loser scored under 100 (RB 41); brisques that fail to save the
          rubicon are not counted (RB 40; V-RB-07 ``printed``: the winner keeps his own);
        - otherwise the winner has the difference of the scores, fractions dropped, and
          500 for the game (RB 33), and 100 more when that difference is nothing (RB 35).

        >>> Rubicon().settle((920, 440), (20, 12)).value
        2600
        """
        o = self.options
        s = (int(scores[0]), int(scores[1]))
        b = (int(brisques[0]), int(brisques[1]))
        all_brisques = 10 * self.brisques_total
        low = min(s)
        might_save = low < 1000 <= low + all_brisques
        trigger = o.brisque_count_trigger
        if trigger == "always":
            counted = True
        elif trigger == "only_tie_or_rubicon":
            counted = s[0] == s[1] or might_save
        elif trigger == "when_it_could_change_the_result":
            counted = abs(s[0] - s[1]) < all_brisques or might_save
        elif s[0] == s[1] or might_save:
            counted = True
        elif abs(s[0] - s[1]) <= 200:
            # the player behind demands the count when it helps him (RB 34)
            behind = 0 if s[0] < s[1] else 1
            with_b = self._reckon(s, b, True)
            without = self._reckon(s, b, False)
            counted = _for(with_b, behind) > _for(without, behind)
        else:
            counted = False
        return self._reckon(s, b, counted)

    def _reckon(self, s: tuple[int, int], b: tuple[int, int], counted: bool) -> Settlement:
        o = self.options
        t = (s[0] + 10 * b[0], s[1] + 10 * b[1]) if counted else s
        shown = (f"{s[0]} + {10 * b[0]} = {t[0]} v {s[1]} + {10 * b[1]} = {t[1]}"
                 if counted else f"{s[0]} v {s[1]}")
        if t[0] == t[1]:
            return Settlement(None, 0, s, b, counted, t, False,
                              f"{shown}: a tie, nobody scores")
        w = 0 if t[0] > t[1] else 1
        lo = 1 - w
        if t[lo] < 1000:
            own = t[w] if counted and o.example_990_reading == "printed" else s[w]
            parts = [hundreds(own), hundreds(s[lo]), 1000, o.rubicon_brisque_award]
            if s[lo] < 100:
                parts.append(100)
            value = sum(parts)
            working = (f"{shown}: rubicon, " + " + ".join(str(x) for x in parts)
                       + f" = {value}")
            return Settlement(w, value, s, b, counted, t, True, working)
        hi_h, lo_h = hundreds(t[w]), hundreds(t[lo])
        parts_text = f"{hi_h} - {lo_h} + 500"
        value = hi_h - lo_h + 500
        if hi_h - lo_h < 100:
            value += 100
            parts_text += " + 100"
        return Settlement(w, value, s, b, counted, t, False,
                          f"{shown}: {parts_text} = {value}")

    def deal_result(self, state: RubiconState) -> DealResult:
        """The deal's game for its winner, in hundreds (the sheet keeps no more, RB 42);
        the value in points and the figures behind it are in ``details``."""
        st = self.settle(state.points, state.brisques)
        pts = [0, 0]
        if st.winner is not None:
            pts[st.winner] = st.hundreds
        details = (("value", st.value), ("winner", -1 if st.winner is None else st.winner),
                   ("score0", st.scores[0]), ("score1", st.scores[1]),
                   ("brisques0", st.brisques[0]), ("brisques1", st.brisques[1]),
                   ("counted", int(st.counted)), ("rubicon", int(st.rubicon)),
                   ("last_trick", state.last_winner))
        return DealResult((pts[0], pts[1]), notes=(st.working,), details=details)

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Each deal's game goes on the sheet in hundreds (RB 42); after ``series_deals``
        deals the sitting is over, the higher net total winning; level, it goes on deal by
        deal (the texts are silent)."""
        for i in (0, 1):
            sheet.totals[i] += result.points[i]
        t = sheet.totals
        sheet.rows.append(SheetRow(deal_no, dealer, result.points, (t[0], t[1]),
                                   result.notes))
        if deal_no < self.options.series_deals or t[0] == t[1]:
            return
        winner = 0 if t[0] > t[1] else 1
        net = t[winner] - t[1 - winner]
        sheet.games.append(GameResult(winner, (t[0], t[1]), 1,
                                      (f"net {net} hundred after {deal_no} deals",)))
        sheet.over = True
        sheet.winner = winner
        sheet.summary = (f"seat {winner} wins the sitting by {net} hundred,"
                         f" {t[winner]}-{t[1 - winner]}")


class Chinese(Rubicon):
    """Chinese Bézique: Rubicon Bézique with six packs (Foster), twelve cards each (the
    standard rules; the text is silent).

    >>> state = Chinese().deal(dealer=0, seed=1)
    >>> len(state.hands[0]), len(state.stock)
    (12, 168)
    """

    name = "chinese"
    title = "Chinese Bézique"
    blurb = "Chinese Bézique: Rubicon Bézique with six packs (Foster), twelve cards each."
    options_class = ChineseOptions
    table: ClassVar[MeldTable] = CHINESE_TABLE


def _for(st: Settlement, seat: int) -> int:
    if st.winner is None:
        return 0
    return st.value if st.winner == seat else -st.value


# -- Rubicon's own events --------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class CarteBlancheShown(Event):
    """``seat`` showed carte blanche, a hand without a court card (``cards``: the hand
    shown, or the card drawn since, V-RB-05)."""

    seat: int
    cards: tuple[int, ...]

    told_with_score: ClassVar[bool] = True

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "show", f"carte blanche: {names.cards(self.cards)}") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class StockOut(Event):
    """``seat`` drew the last card of the stock: the table cards go back to the hands
    and the last tricks follow (RB 28)."""

    seat: int

    def describe(self, names: Names = NUMBERED) -> str:
        return (names.says(self.seat, "draw", "the last card of the stock") + ": the table"
                " cards go back to the hands; from now on follow suit and win the trick if"
                " you can.")


@dataclasses.dataclass(frozen=True, slots=True)
class Revoked(Event):
    """``seat`` failed to follow suit or win with ``card`` in the last tricks (the
    French rule's penalty: he counts nothing more)."""

    seat: int
    card: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "fail", f"to follow or win with {names.card(self.card)}:"
                          " counts nothing more") + "."


# -- observations ------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class RubiconObservation(Observation):
    """Everything one seat may know in a deal of Rubicon or Chinese Bézique, and nothing
    more. ``trump`` is None until the first marriage or trump sequence makes it.
    ``table_announced`` gives each table card with the highest value it has been
    announced for in classes A, B and C (0: never; one below it, e.g. 99 for Four Aces,
    39 in class B, for a card of a combination broken up and free to re-form it, RB
    16-20), from which a front end can tell what may still be re-formed;
    ``replacements`` are table cards standing for a duplicate led or played from the
    hand, fresh again (RB 18). ``brisques`` are the Aces and Tens each has won (public:
    the tricks were seen), counted only at the settlement."""

    dealer: int
    to_move: int
    phase: str
    trump: Suit | None
    stock_size: int
    hand: tuple[Card, ...]
    tables: tuple[tuple[Card, ...], tuple[Card, ...]]
    hand_sizes: tuple[int, int]
    known_in_hand: tuple[tuple[Card, ...], tuple[Card, ...]]
    trick: tuple[Card, ...]
    last_trick: tuple[Card, ...]
    tricks_played: int
    tricks_total: int
    points: tuple[int, int]
    brisques: tuple[int, int]
    carried: tuple[tuple[str, ...], tuple[str, ...]]
    events: tuple[Event, ...]
    played: tuple[Card, ...]
    announced: tuple[tuple[tuple[str, tuple[Card, ...]], ...],
                     tuple[tuple[str, tuple[Card, ...]], ...]]
    table_announced: tuple[tuple[tuple[Card, int, int, int], ...],
                           tuple[tuple[Card, int, int, int], ...]]
    replacements: tuple[tuple[Card, ...], tuple[Card, ...]]
    carte_blanche: tuple[bool, bool]
    revoked: tuple[bool, bool]


# -- the state ---------------------------------------------------------------------------

class RubiconState(TwoHandedState):
    """A position in one deal of Rubicon (or Chinese) Bézique.

    Table entries are the family's ``(card, serial, used_a, used_b, used_c)``; a
    replacement card (RB 18) has ``-1`` in every class: fresh, as if in the hand. A card
    of a combination broken up has one below that combination's value in its class (99
    for Four Aces; 39 in class B for a bézique card freed by a broken bézique): free to
    re-form it (RB 16-20). ``groups`` holds each seat's combinations announced and
    lying intact, as ``(name, serials of its cards)``: what playing one of their cards
    breaks."""

    __slots__ = ("shown", "live", "revoked", "groups")
    # lists never changed in place (a change makes a new one): shared
    copies = copying(same="shown live revoked groups")

    game: Rubicon
    # trump: NO_TRUMP until made; brisques: won, counted only at the settlement (RB 32)
    shown: list[bool]  # carte blanche shown
    live: list[bool]  # every card drawn since carte blanche shown (V-RB-05)
    revoked: list[int]  # the trick of a revoke under the French penalty, or -1
    groups: list[tuple[tuple[str, tuple[int, ...]], ...]]  # intact combinations, per seat

    carried_sets_listed: ClassVar[int | None] = 1
    replacements_fresh: ClassVar[bool] = True
    declare_phases = (DECLARE,)
    declaration_needs = (
        "each combination needs its cards (table cards marked *), a card fresh from the"
        " hand (or a table card replaced by a duplicate played), and no card announced in"
        " its class for more, nor for as much unless it may be re-formed; cards laid"
        " together count once in their class")

    @classmethod
    def from_pack(cls, game: Rubicon, dealer: int, order: Sequence[int]) -> RubiconState:
        """Deal from a pack order (index 0 the top card): by threes, the pone first, nine
        cards each from four packs (RB-GAP-2), twelve from six; no card is turned
        (RB-GAP-3). The rest is the stock."""
        dealer = check_seat(dealer, 2, "dealer")
        pone = 1 - dealer
        hands: list[list[int]] = [[], []]
        i = 0
        while len(hands[dealer]) < game.hand_size:
            for seat in (pone, dealer):
                hands[seat].extend(order[i:i + 3])
                i += 3
        s = cls._blank(game, dealer)
        s.hands = hands
        s.stock = list(reversed(order[i:]))  # pop() takes the top card
        s.player = pone  # the pone leads (RB-GAP-6)
        return s

    @classmethod
    def _blank(cls, game: Rubicon, dealer: int) -> RubiconState:
        s = cls._new(game, dealer)
        s.trump = NO_TRUMP
        s.phase = LEAD
        s.shown = [False, False]
        s.live = [False, False]
        s.revoked = [-1, -1]
        s.groups = [(), ()]
        s._rec = None
        return s

    @classmethod
    def position(cls, game: Rubicon, *, hands: Sequence[Sequence[int]],
                 trump: Suit | int | None = None, stock: Sequence[int] = (),
                 tables: Sequence[Sequence[int | tuple[int, int, int, int]]] = ((), ()),
                 dealer: int = 0, to_move: int = 1, phase: str = "lead",
                 lead: int | None = None, tricks: int = 0,
                 points: Sequence[int] = (0, 0), brisques: Sequence[int] = (0, 0),
                 history: bool = True) -> RubiconState:
        """Set up a position directly (tests, puzzles): hands, table cards (a card, or
        ``(card, used_a, used_b, used_c)`` for one already announced: such a card lies in
        no combination that a play breaks up, so give one below a combination's value,
        e.g. 99 for Four Aces, for a card free to re-form it, RB 16), the trump (None:
        not made yet), the stock top first, whose turn and in which phase (``lead``,
        ``follow`` with the ``lead`` card, ``declare`` for the winner of the last trick).
        Cards not placed count as won by seat 0 in earlier tricks, which the public
        record shows (``history=False``: it shows nothing)."""
        s = cls._blank(game, check_seat(dealer, 2, "dealer"))
        s.player = check_seat(to_move, 2, "to_move")
        s.hands = [[int(c) for c in hands[0]], [int(c) for c in hands[1]]]
        s.trump = NO_TRUMP if trump is None else int(trump)
        s.stock = [int(c) for c in reversed(stock)]
        for p in (0, 1):
            for x in tables[p]:
                if isinstance(x, tuple):
                    s._lay(p, x[0], x[1:])
                else:
                    s._lay(p, x)
        s.phase = PHASE_NAMES.index(phase)
        s.lead = -1 if lead is None else int(lead)
        s.tricks = tricks
        s.points = list(points)
        s.brisques = list(brisques)
        rest = s._unplaced(game.pack.all_cards(), *([s.lead] if s.lead >= 0 else []))
        s.won = [sorted(rest), []]
        if history:
            won = s.won[0]
            for i in range(0, len(won) - 1, 2):
                s._note(TrickWon, 0, (won[i], won[i + 1]))
        return s

    # -- the rules' hooks for declarations ------------------------------------------------

    def _decl_table(self, p: int) -> list[Entry]:
        """Table cards a declaration may use as lying there: all but the replacements,
        which count as fresh (RB 18)."""
        return [e for e in self.tables[p] if e[2] >= 0]

    def _fresh_counts(self, p: int) -> dict[int, int]:
        counts: dict[int, int] = {}
        for c in self.hands[p]:
            if (c & 15) >= TEN:  # only A 10 K Q J enter combinations
                counts[c] = counts.get(c, 0) + 1
        for e in self.tables[p]:
            if e[2] < 0:
                counts[e[0]] = counts.get(e[0], 0) + 1
        return counts

    def _take_fresh(self, p: int, c: int) -> None:
        """A fresh card is a replacement lying on the table if there is one (RB 18),
        else one from the hand (which stays hidden as long as it can)."""
        table = self.tables[p]
        for i, e in enumerate(table):
            if e[0] == c and e[2] < 0:
                del table[i]
                return
        super()._take_fresh(p, c)

    def _declaration_trump(self, name: str, cards: Sequence[int]) -> int:
        if self.trump == NO_TRUMP and self.game.table.combos[name].klass == CLASS_A:
            return int(cards[0]) >> 4  # the first marriage or sequence makes it (RB 10)
        return self.trump

    def _announcing(self, p: int, melds: list[tuple[str, list[tuple[int, int]]]],
                    cards: list[tuple[int, ...]]) -> None:
        if self.trump == NO_TRUMP and self.game.table.combos[melds[0][0]].klass == CLASS_A:
            self.trump = cards[0][0] >> 4
            self._note(TrumpMade, p, self.trump)

    def _declare(self, p: int, action: Declare, plan: Any) -> None:
        """As the family declares; and each combination announced (scored, or carried "to
        score") lies on the table intact until one of its cards is played (RB 16): kept
        in ``groups`` with the serials of its cards, the fresh ones numbered as laid."""
        start = self.serial
        super()._declare(p, action, plan)
        new = tuple((name, tuple(start - r if r < 0 else r for _, r in refs))
                    for name, refs in plan[1])
        groups = self.groups[:]  # copies share the old list and its tuples
        groups[p] = groups[p] + new
        self.groups = groups

    def _break(self, p: int, c: int, sid: int) -> None:
        """Card ``c`` (table serial ``sid``) leaves the combinations it lies in, played
        away or replaced by its duplicate led or played from the hand (RB 18): each is
        broken up. Foster lets a combination laid on the table and scored be broken up,
        re-formed and scored again as often as this is done (RB 16), marriages and fours
        as the sequences (RB 19); its cards left are marked one below its value, so that
        a new card re-forms it with them (and they may go on into a higher combination)
        but they make no lower one (RB 13). In the béziques a new card re-forms only the
        single bézique, the higher ones needing all their cards on the table at once (RB
        20): a broken double, triple or quadruple frees one card of the other kind than
        the one played (the Jack paired with a Queen played, and so on), marked to
        re-form the single bézique; the pairs left stay together, each freed in its turn
        when one of its cards is played."""
        mine = self.groups[p]
        broken = [g for g in mine if sid in g[1]]
        if not broken:
            return
        kept = [g for g in mine if sid not in g[1]]
        table = self.tables[p]
        combos = self.game.table.combos
        for name, serials in broken:
            cb = combos[name]
            k = 2 + cb.klass
            v = cb.value
            if cb.reform:  # every card left re-forms it
                for i, e in enumerate(table):
                    if e[k] == v and e[1] != sid and e[1] in serials:
                        table[i] = _marked(e, k, v - 1)
                continue
            if not isinstance(cb.shape, Beziques):
                continue
            q, j = self.game.bezique_cards(self.trump)
            other = j if c == q else q
            left = [e for e in table if e[1] != sid and e[1] in serials]
            mates = [e for e in left if e[0] == other]
            if not mates:
                continue
            # the mate freed: one announced for this bézique and for no other lying
            # intact (a Jack still in an unbroken single bézique stays married to it)
            held = {r for n, g in kept if combos[n].klass == cb.klass for r in g}
            mate = next((e for e in mates if e[k] == v and e[1] not in held), mates[0])
            if mate[k] == v and mate[1] not in held:
                i = table.index(mate)
                table[i] = _marked(mate, k, self.game._free_single)
            rest = tuple(e[1] for e in left if e is not mate)
            if len(rest) >= 2:
                kept.append((name, rest))
        groups = self.groups[:]  # copies share the old list and its tuples
        groups[p] = tuple(kept)
        self.groups = groups

    def _declaration_refused(self, action: Declare) -> str | None:
        if self.trump == NO_TRUMP:
            klass = self.game.table.combos
            if any(klass[m.name].klass == CLASS_A for m in action.melds[1:]):
                return ("before the trump is made, the marriage or sequence that makes it is"
                        " scored at once, never carried 'to score'; announce it first")
        return None

    # -- the legal actions ---------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        p = self.player
        if phase == DECLARE:
            return list(self._declare_options())
        if phase == END:
            return []
        acts: list[Action]
        if self.stock:
            # while the stock lasts any card, from the hand or the table
            acts = list(map(_PH.__getitem__, dict.fromkeys(self.hands[p])))
            table = self.tables[p]
            if table:
                acts += map(_PT.__getitem__, dict.fromkeys([e[0] for e in table]))
            if self._carte_blanche_open(p):
                acts.append(CARTE_BLANCHE)
            return acts
        if phase == FOLLOW and not self.game._france:
            # the last nine tricks: follow suit and win if able (RB 29)
            return [_PH[c] for c in dict.fromkeys(
                must_follow_and_win(self.hands[p], self.lead, self.trump, STRENGTH))]
        return [_PH[c] for c in dict.fromkeys(self.hands[p])]

    def _carte_blanche_open(self, p: int) -> bool:
        """Carte blanche may be shown before the player's first card (RB 8; RB-GAP-4),
        and under the Portland rule each card drawn after it that is no court card
        either, at the next turn (V-RB-05)."""
        hand = self.hands[p]
        if not self.shown[p]:
            if self.tricks or (self.phase == FOLLOW and p != self.dealer):
                return False
            for c in hand:
                if c & 15 in COURTS:
                    return False
            return True
        if not self.live[p] or len(self.known[p]) != len(hand) - 1:
            return False
        unknown = Counter(hand)
        unknown.subtract(self.known[p])
        c = next(k for k, n in unknown.items() if n > 0)
        return c & 15 not in COURTS

    def _declare_options(self) -> dict[Action, Any]:
        """Every legal action after winning a trick, mapped to how it is carried out: the
        carried combinations to score, the declarations, and drawing."""
        if self._decl is not None:
            return self._decl
        p = self.player
        opts: dict[Action, Any] = self._carried_options(p)
        for action, plan in self._declarations(p):
            opts.setdefault(action, plan)
        opts[DRAW] = None
        self._decl = opts
        return opts

    # -- applying an action ----------------------------------------------------------------

    own_actions = (CarteBlanche,)

    def _apply_own(self, action: Action) -> None:
        p = self.player
        if self.phase == DECLARE or not self._carte_blanche_open(p):
            raise IllegalActionError(self._why_not(action))
        self._show_carte_blanche(p)

    def _after_trick(self, p: int, action: Action, plan: Any) -> None:
        if type(action) is Declare:
            self._declare(p, action, plan)
        elif type(action) is ScoreCarried:
            self._score_carried(p, plan)
        self._draw()

    def _play(self, c: int, from_table: bool) -> None:
        p = self.player
        hand = self.hands[p]
        revoke = False
        if from_table:
            idx = self._table_index_to_play(p, c)
            if idx < 0:
                raise self._misplaced(p, c, True)
        else:
            if c not in hand:
                raise self._misplaced(p, c, False)
            if self.phase == FOLLOW and not self.stock:
                allowed = must_follow_and_win(hand, self.lead, self.trump, STRENGTH)
                if c not in allowed:
                    if not self.game._france:
                        raise IllegalActionError(
                            f"{card_name(c)} is not allowed: in the last nine tricks you must"
                            " follow suit and win the trick if you can (with a higher card of"
                            " the suit, or a trump when void); allowed: "
                            + " ".join(card_name(x) for x in dict.fromkeys(allowed)))
                    revoke = True
        # the move is legal: commit
        if from_table:
            entry = self.tables[p].pop(idx)
            if self.carried[p]:
                self._lose_carried(p, entry[1])
            if self.groups[p]:  # the combinations it lay in are broken up (RB 16)
                self._break(p, c, entry[1])
        else:
            hand.remove(c)
            kn = self.known[p]
            if kn and c in kn:  # a new list: copies share the old one
                kn = self.known[p] = kn[:]
                kn.remove(c)
            if self.tables[p]:
                self._replace(p, c)
        self._note(Played, p, c, from_table)
        if self.live[p] and len(self.known[p]) != len(hand):
            live = self.live = self.live[:]  # copies share the old list
            live[p] = False  # a card drawn and not shown ends the run (V-RB-05)
        if revoke and self.revoked[p] < 0:
            revoked = self.revoked = self.revoked[:]  # copies share the old list
            revoked[p] = self.tricks
            self._note(Revoked, p, c)
        self._decl = None

    def _replace(self, p: int, c: int) -> None:
        """RB 18: a card led or played from the hand while a duplicate lies on the table
        in a scored combination stands for that table card, which is thereby replaced and
        fresh again, as if played and the hand's laid in its place: Foster says leading or
        playing the new card from the hand and claiming the fresh combination amounts to
        playing away the table card and laying the new one, so the combinations the table
        card lay in are broken up (RB 16). The copy chosen is outside every carried
        combination (playing one of those would lose it, RB 25) and the most spent."""
        carried = {s for m in self.carried[p] for s in m[2]}
        best = -1
        spent = 0
        for i, e in enumerate(self.tables[p]):
            if e[0] == c and e[1] not in carried and e[2] + e[3] + e[4] > spent:
                best, spent = i, e[2] + e[3] + e[4]
        if best >= 0:
            e = self.tables[p][best]
            self.tables[p][best] = (c, e[1], -1, -1, -1)
            if self.groups[p]:
                self._break(p, c, e[1])

    def _show_carte_blanche(self, p: int) -> None:
        hand = self.hands[p]
        if not self.shown[p]:
            shown = tuple(sorted(hand))
            shown_ = self.shown = self.shown[:]  # copies share the old lists
            shown_[p] = True
            live = self.live = self.live[:]
            live[p] = self.game._repeat
            self.known[p] = list(hand)
        else:  # the card drawn since, no court card either (V-RB-05)
            unknown = Counter(hand)
            unknown.subtract(self.known[p])
            c = next(k for k, n in unknown.items() if n > 0)
            shown = (c,)
            self.known[p] = self.known[p] + [c]  # copies share the old list
        self._note(CarteBlancheShown, p, shown)
        self._score(p, 50, "carte blanche")
        self._decl = None

    def _finish_trick(self, follow: int) -> None:
        lead = self.lead
        leader = 1 - self.player
        # as in Bézique (RB-GAP-6): suit followed, the higher wins, identical cards the
        # leader; a trump, once made, wins a plain suit
        if lead >> 4 == follow >> 4:
            fw = STRENGTH[follow] > STRENGTH[lead]
        else:
            fw = follow >> 4 == self.trump
        winner = self.player if fw else leader
        self.tricks += 1
        won = self.won
        won[winner] = won[winner] + [lead, follow]  # copies share the old list
        self.last_trick = (lead, follow)
        self.last_winner = winner
        self._note(TrickWon, winner, (lead, follow))
        nb = BRISQUE[lead] + BRISQUE[follow]
        if nb and self.revoked[winner] < 0:  # counted only at the settlement (RB 32)
            b = self.brisques = self.brisques[:]  # copies share the old list
            b[winner] += nb
        self.lead = -1
        self.player = winner
        self._decl = None
        if self.stock:
            self.phase = DECLARE
            return
        if self.tricks == self.game.tricks_total:
            self.phase = END
            if self.revoked[winner] < 0:  # 50 for the last trick, at once (RB 9)
                self._score(winner, 50, "last trick")
            return
        self.phase = LEAD

    def _draw(self) -> None:
        """Both draw, the winner first (RB-GAP-6). When the stock is exhausted the last
        nine tricks follow: carried scores are lost and the table cards go back into the
        hands (RB 25, 28)."""
        w = self.player
        stock = self.stock
        first = stock.pop()
        second = stock.pop()
        self.hands[w].append(first)
        self.hands[1 - w].append(second)
        self._note(Drew, w)
        if not stock:
            self._note(StockOut, w)
            self._take_up_tables()
            self.groups = [(), ()]
            self.live = [False, False]  # announcements are at an end (RB 28)
        self._decl = None
        self.phase = LEAD
        self.player = w

    # -- why not -----------------------------------------------------------------------

    def _why_not(self, action: Action) -> str:
        if type(action) is CarteBlanche:
            if self.shown[self.player]:
                return ("carte blanche has been shown; under carte_blanche_repeat ="
                        " again_after_each_non_court_draw only the card just drawn, if no"
                        " court card, may be shown, before your next card")
            return ("carte blanche is a hand without King, Queen or Jack, shown before you"
                    " play to the first trick")
        return super()._why_not(action)

    # -- observations, sampling --------------------------------------------------------

    def observation(self, seat: int) -> RubiconObservation:
        return self._observe(check_seat(seat))

    def public_observation(self) -> RubiconObservation:
        """What anyone may know: no hand (``seat`` is ``SPECTATOR``, ``hand`` empty)."""
        return self._observe(SPECTATOR)

    def _observe(self, seat: int) -> RubiconObservation:
        """The observation of ``seat``, or the public one (``SPECTATOR``)."""
        history, played, (ann0, ann1) = self._public_record()
        hand, tables, hand_sizes, known, carried, last_trick = self._seen(seat)
        return RubiconObservation(
            seat=seat, dealer=self.dealer, to_move=self.current_player(),
            phase=PHASE_NAMES[self.phase],
            trump=None if self.trump == NO_TRUMP else Suit(self.trump),
            stock_size=len(self.stock),
            hand=hand, tables=tables, hand_sizes=hand_sizes, known_in_hand=known,
            trick=(Card(self.lead),) if self.phase == FOLLOW else (),
            last_trick=last_trick, tricks_played=self.tricks, tricks_total=self.game.tricks_total,
            points=self.scores(), brisques=(self.brisques[0], self.brisques[1]),
            carried=carried, events=history, played=played, announced=(ann0, ann1),
            table_announced=(_marks(self.tables[0]), _marks(self.tables[1])),
            replacements=(tuple(sorted(Card(e[0]) for e in self.tables[0] if e[2] < 0)),
                          tuple(sorted(Card(e[0]) for e in self.tables[1] if e[2] < 0))),
            carte_blanche=(self.shown[0], self.shown[1]),
            revoked=(self.revoked[0] >= 0, self.revoked[1] >= 0))

    # -- notation ------------------------------------------------------------------------

    def _as_written(self, action: Declare) -> Declare:
        """Before the trump is made a marriage or sequence named plain is the trump one it
        makes (RB 10)."""
        if self.trump == NO_TRUMP and action.melds:
            first = action.melds[0]
            royal = {"marriage": "royal-marriage", "sequence": "royal-sequence"}
            if first.name in royal:
                return Declare((type(first)(royal[first.name], first.cards),)
                               + action.melds[1:])
        return action

    def _str_entry(self, e: Entry) -> str:
        return card_name(e[0]) + "+" if e[2] < 0 else card_name(e[0])  # a replacement

    def _str_points(self, p: int) -> str:
        return f"points {self.points[p]}, brisques {self.brisques[p]}"


Rubicon.state_class = RubiconState


def _marked(e: Entry, k: int, mark: int) -> Entry:
    """A table entry with its field ``k`` (2, 3, 4: its mark in class A, B, C) set."""
    return (e[0], e[1], mark if k == 2 else e[2], mark if k == 3 else e[3],
            mark if k == 4 else e[4])


def _marks(table: list[Entry]) -> tuple[tuple[Card, int, int, int], ...]:
    return tuple(sorted((Card(e[0]), max(e[2], 0), max(e[3], 0), max(e[4], 0))
                        for e in table))
