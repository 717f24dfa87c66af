"""Three-handed and four-handed Binocle (Foster's *Complete Hoyle*, the sections after
two-handed Binocle: INVENTORY 10 and 13; VARIANTS V-BN3-01, V-BN3-02, V-BN4-01,
V-BN4-02).

Everything is dealt and there is no stock: 16 cards each at three, 12 at four, by fours
from the dealer's left, the last card (the dealer's) turned for trump. Melds are not made
trick by trick: each player lays down at one time all he can, under the two-handed rules
of each meld (:mod:`.laying`), and scores what he announced only when he wins a trick.
Then the tricks are played, each following suit and winning if he can.

The rules stated here:

- dix: the Nine of trumps is shown in turn from the dealer's left; the first player
  other than the dealer to show one takes the turn-up for it (so of two Nines shown by
  different players the one nearer the dealer's left gets it, and a dealer with a Nine
  keeps the turn-up only if nobody else shows one); each Nine shown is 10, a player with
  both has 20, scored with his melds (a player at 990 with a Nine is not out until he
  wins a trick);
- three-handed: everybody lays his melds before the first lead, the dealer's left first
  (``lay ...``); no meld after that. Four-handed: each lays his melds just after playing
  to the first trick, the card he played still counting in them;
- a player scores everything he announced, dix included, when he wins his first trick;
  partners (four-handed, ``mode=partners``) score as ``partnership_meld_scoring`` says
  (V-BN4-02);
- play: the eldest hand leads; each player must follow suit, and win the trick if he can
  (a higher card of the suit while the suit is winning, else a trump when void); a
  player who can follow but not win still follows; void, he must trump, over-trumping if
  he can and under-trumping if not (so the third hand under-trumps the second's better
  trump, and the fourth must win his partner's trick if he can); the last trick is 10;
  the cards (A 11, 10 10, K 4, Q 3, J 2) are counted after the hand;
- the claim (``knock``): as in two-handed Binocle, a player may claim the game on his
  turn when his standing, his scores and his mental count of the cards in his tricks
  reach his target; the engine counts for him. A correct claim wins at once. A wrong
  claimant retires (three-handed): the other two finish the deal alone and, if neither
  has won, play on as two-handed Binocle with a stock until one does
  (``three_hand_settlement=ultimate_winner_takes_stakes``), or the game ends at once,
  the lowest score paying (``lowest_pays_when_first_goes_out``). Two past 1000 without a
  claim go on to 1250 (and 250 more each time), while the third still needs only 1000.
  At three and four a claim is needed: reaching 1000 on the scores does not end the game
  of itself, as the two-handed game's does (BN 3), since Foster has two players reach
  1000 "without either having claimed" and play on; the two-handed continuation is
  two-handed Binocle, and there a player reaching his target on his scores has won.

Choices where the text is silent (listed in ``docs/RULES.md``, "Three- and four-handed
Binocle"):

- Showing the Nine is never worse (10 points and any card for the lowest trump), so the
  engine shows it for its holder; a turned-up Nine is the dealer's own Nine (nobody
  exchanges a Nine for a Nine).
- Melds are laid by the player (``lay`` with the melds in the order laid, the
  two-handed rules checking each, or ``lay nothing``); the legal actions list the best
  laying of the hand and ``lay nothing``, and any other legal laying is accepted as
  text. With ``others_may_claim_overlooked_melds`` (V-BN3-01) what the laid cards could
  have made more than was announced (the best laying of the cards shown, a public fact)
  is claimed by the next player to the melder's left, scored for him like his own melds
  when he wins a trick; without it the overlooked score is lost.
- The dix is scored with the melds: when the player wins a trick.
- Four-handed (the text is silent on dix, the game, the claim and the last trick): all
  as three-handed; a wrong claim loses the game at once, as in two-handed Binocle (the
  other side wins; each for himself, the highest of the others, the first to the
  claimant's left on a tie); ``mode`` is ``individual`` by default, the form named first.
- ``combined_melds`` (V-BN4-02): when a partner wins the side's first trick the side
  scores the best laying of all the cards both partners showed that are not yet played
  to a trick (the cards each played to the first trick, in their melds, still count).
- A wrong claimant's tricks are not counted at the end; the two who finish count theirs.
- In the two-handed continuation the target is the higher of the two players'.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ...core import table as seating
from ...core.cards import Card, Pack, card_name
from ...core.errors import IllegalActionError, NotationError, OptionError, quoted
from ...core.events import (
    NUMBERED,
    ClaimJudged,
    Event,
    Exchanged,
    Knocked,
    Names,
    TurnedUp,
    declared_words,
)
from ...core.game import (
    SPECTATOR,
    Action,
    DealResult,
    Game,
    Observation,
    Options,
    action_text,
    action_words,
    check_seat,
)
from ...core.game import option as _opt
from ...core.inner import InnerDeal
from ...core.match import ScoreSheet
from ...core.trick import (
    OVER_PHASE,
    PLAY_PHASE,
    PLAYS,
    TrickObservationN,
    TrickStateN,
    copying,
)
from ..bezique.declarations import NINE, ORDER, MeldBase, MeldTable, read_card
from .laying import Laying, best_laying, check_laying
from .melds import CARD_POINTS, CARDS_IN_DEAL, PACK_48, RANKS_48, meld_table
from .two_handed import (
    GAME_STEP,
    KNOCK,
    Binocle,
    BinocleObservation,
    BinocleOptions,
    BinocleState,
    Knock,
)

__all__ = ["LAY_NOTHING", "MELD", "SETTLEMENTS", "BinocleTableSheet", "ContinuationState",
           "FourHandedBinocle", "FourHandedBinocleOptions", "Lay", "MultiBinocle",
           "MultiBinocleObservation", "MultiBinocleState", "ThreeHandedBinocle",
           "ThreeHandedBinocleOptions", "parse_lay"]

PLAY, OVER = PLAY_PHASE, OVER_PHASE
#: The phase in which the player to move lays his melds.
MELD = 1
SETTLEMENTS = ("ultimate_winner_takes_stakes", "lowest_pays_when_first_goes_out")
MODES = ("individual", "partners")
PARTNER_SCORING = ("own_trick_own_melds", "either_partner_scores_both", "combined_melds")
#: What the last trick scores (BN 38; Three-handed Binocle, Playing).
LAST_TRICK = 10


# -- actions ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class Lay(Action):
    """Lay melds down at once, in the order written (cards already laid by an earlier
    meld of the laying marked ``*``): ``lay royal-marriage KH QH + sequence AH TH KH* QH*
    JH``; ``lay nothing``."""

    melds: tuple[MeldBase, ...]

    def notation(self) -> str:
        if not self.melds:
            return "lay nothing"
        return "lay " + " + ".join(m.notation() for m in self.melds)


LAY_NOTHING = Lay(())


def parse_lay(words: str, table: MeldTable, game: str) -> Lay:
    """The melds after ``lay``: names and cards joined by ``+`` (``nothing`` for none)."""
    if words.strip().lower() in ("nothing", "none", "-", ""):
        return LAY_NOTHING
    out = []
    for chunk in words.split("+"):
        parts = chunk.split()
        if not parts:
            raise NotationError(f"an empty meld in 'lay {words}'")
        name, rest = table.read_name(parts)
        if name is None:
            raise NotationError(f"unknown meld {quoted(parts[0])} in 'lay {words}'; melds:"
                                f" {table.name_list}")
        combo = table.combos[name]
        if len(rest) != combo.size:
            raise NotationError(f"a {combo.words} has {combo.size} cards, not {len(rest)}:"
                                f" {quoted(chunk.strip())}")
        cards = tuple((read_card(w[:-1], game, RANKS_48), True) if w.endswith("*")
                      else (read_card(w, game, RANKS_48), False) for w in rest)
        out.append(table.meld(name, cards))
    return Lay(tuple(out))


def parse_table_action(text: str, table: MeldTable, game: str,
                       others: str = "a card like QS, 'lay ...' with melds, 'lay nothing',"
                                     " or 'knock'") -> Action:
    """A card (``QS``), ``lay ...`` or ``knock``; a subclass adds its own words, which
    ``others`` lists with these for the error naming text that is none of them."""
    t = action_words(text, game)
    low = t.lower()
    if low in ("knock", "knocks", "claim", "claim game"):
        return KNOCK
    if low == "lay" or low.startswith("lay "):
        return parse_lay(t[3:], table, game)
    if " " not in t:
        return PLAYS[int(read_card(t, game, RANKS_48))]
    article = "an" if game[:1] in "AEIOU" else "a"
    raise NotationError(f"not {article} {game} action: {quoted(text)} ({others})")


# -- options ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class ThreeHandedBinocleOptions(Options):
    """The variants of three-handed Binocle (VARIANTS.md section 4)."""

    game_title: ClassVar[str] = "Three-handed Binocle"

    grand_binocle: bool = BinocleOptions.shared("grand_binocle")
    others_may_claim_overlooked_melds: bool = _opt(
        False, None,
        "Whether what a player's laid cards could make beyond what he announced may be"
        " claimed by the next player to his left (an 'interesting variation').",
        "V-BN3-01")
    three_hand_settlement: str = _opt(
        "ultimate_winner_takes_stakes", SETTLEMENTS,
        "After a wrong claim the claimant retires: the other two finish the deal and play"
        " on as two-handed Binocle until one wins (ultimate_winner_takes_stakes), or the"
        " game ends at once and the lowest score pays (lowest_pays_when_first_goes_out).",
        "V-BN3-02")


@dataclasses.dataclass(frozen=True)
class FourHandedBinocleOptions(Options):
    """The variants of four-handed Binocle (VARIANTS.md section 4)."""

    game_title: ClassVar[str] = "Four-handed Binocle"

    mode: str = _opt(
        "individual", MODES,
        "Each for himself, or two against two as partners sitting opposite (seats 0 and"
        " 2 against 1 and 3).", "V-BN4-01")
    partnership_meld_scoring: str = _opt(
        "own_trick_own_melds", PARTNER_SCORING,
        "Partners: each scores his melds only when he wins a trick himself; or either"
        " partner's trick scores the melds of both; or a partner's trick scores the best"
        " combinations of both partners' melds put together.", "V-BN4-02",
        words={"own_trick_own_melds": "each scores his melds on his own trick",
               "either_partner_scores_both": "either partner's trick scores both's melds",
               "combined_melds": "the partners' melds combined"})
    grand_binocle: bool = BinocleOptions.shared("grand_binocle")
    others_may_claim_overlooked_melds: bool = ThreeHandedBinocleOptions.shared(
        "others_may_claim_overlooked_melds",
        "Whether what a player's laid cards could make beyond what he announced may be"
        " claimed by the next player to his left (as the three-handed variation).")


# -- the score sheet ----------------------------------------------------------------------

@dataclasses.dataclass
class BinocleTableSheet(ScoreSheet):
    """The sheet of a game of Binocle at three or four: with each column's target (1000,
    then 250 more each time it was passed with another column without a claim) and the
    seat that retired after a wrong claim (-1: none)."""

    targets: list[int] = dataclasses.field(default_factory=list)
    retired: int = -1


# -- the games ----------------------------------------------------------------------------

class MultiBinocle(Game["MultiBinocleState"]):
    """What three- and four-handed Binocle (and Auction Binocle) share: the 48 cards all
    dealt by fours, melds laid at once, tricks followed and won, the claim of 1000."""

    game_target: ClassVar[int] = 1000
    #: whether melds are laid only after playing to the first trick (four-handed)
    meld_after_first_play: ClassVar[bool] = False

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        o: Any = self.options
        self.table: MeldTable = meld_table(o.grand_binocle)
        self.hand_size = len(PACK_48) // self.num_players
        self.partnership = seating.is_partnership(self.sides)
        self.partner_scoring = getattr(o, "partnership_meld_scoring", "own_trick_own_melds")
        self.claim_overlooked = bool(getattr(o, "others_may_claim_overlooked_melds", False))
        self._two: Binocle | None = None

    @property
    def pack(self) -> Pack:
        return PACK_48

    def new_sheet(self) -> BinocleTableSheet:
        base = super().new_sheet()
        return BinocleTableSheet(columns=base.columns, sides=base.sides,
                                 targets=[self.game_target] * base.columns)

    def deal(self, dealer: int, *, seed: int | None = None, pack: Sequence[int] | None = None,
             rng: random.Random | None = None, standing: Sequence[int] | None = None,
             targets: Sequence[int] | None = None) -> MultiBinocleState:
        """Deal a hand; ``standing`` is each seat's score before it (its side's, for
        partners) and ``targets`` each seat's target, for the claim (a deal outside a
        match: 0 and 1000)."""
        dealer = check_seat(dealer, self.num_players, "dealer")
        order = self.pack_order(seed=seed, pack=pack, rng=rng)
        n = self.num_players
        return MultiBinocleState.from_pack(
            self, dealer, order, tuple(standing) if standing else (0,) * n,
            tuple(targets) if targets else (self.game_target,) * n)

    def deal_in_match(self, dealer: int, pack: Sequence[int],
                      sheet: ScoreSheet) -> Any:
        """The next deal knows each seat's standing and target; after a wrong claim
        (three-handed, the ultimate winner taking the stakes) the other two play
        two-handed Binocle with a stock."""
        targets = getattr(sheet, "targets", None) or [self.game_target] * sheet.columns
        standing = tuple(sheet.totals[sheet.column_of(p)] for p in range(self.num_players))
        seat_targets = tuple(targets[sheet.column_of(p)] for p in range(self.num_players))
        retired = getattr(sheet, "retired", -1)
        if retired >= 0:
            return ContinuationState.deal(self, dealer, pack, retired, standing, seat_targets)
        return self.deal(dealer, pack=pack, standing=standing, targets=seat_targets)

    def parse_action(self, text: str) -> Action:
        """A card (``QS``), ``lay`` and the melds (``lay four-kings KC KD KH KS``, ``lay
        nothing``), ``knock``; in a two-handed continuation also its actions (a meld,
        ``exchange``, ``draw``)."""
        try:
            return parse_table_action(text, self.table, self.title)
        except NotationError as exc:
            if self.num_players != 3:
                raise
            try:
                return self.two_handed().parse_action(text)
            except NotationError:
                raise exc from None

    def two_handed(self) -> Binocle:
        """The two-handed game a continuation is played as (same meld table)."""
        if self._two is None:
            o: Any = self.options
            self._two = Binocle(BinocleOptions(grand_binocle=o.grand_binocle))
        return self._two

    def deal_result(self, state: Any) -> DealResult:
        """Each seat's points (each partner holds his side's total), and how the deal
        ended: who claimed (``knocker``; -1: nobody) and whether rightly, who retired."""
        if isinstance(state, ContinuationState):
            return state.result()
        return DealResult(state.scores(), details=(
            ("knocker", state.knocker), ("knock_right", int(state.knock_right)),
            ("retired", state.retired)))

    def next_dealer(self, deal_no: int, dealer: int, result: DealResult) -> int:
        """To the left, passing over a player who retired."""
        retired = result.detail("retired", -1)
        nxt = (dealer + 1) % self.num_players
        if nxt == retired:
            nxt = (nxt + 1) % self.num_players
        return nxt

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """The deal goes on the sheet. A correct claim wins. A wrong one retires the
        claimant (three-handed, playing on) or loses the game at once. Otherwise, at the
        end of a deal, one column alone past its target wins; two or more past theirs go
        on, each target 250 higher, while the others keep theirs."""
        row = sheet.enter(deal_no, dealer, result)
        totals = sheet.totals
        columns = sheet.columns
        targets: list[int] = getattr(sheet, "targets", None) or [self.game_target] * columns
        if not getattr(sheet, "targets", None) and isinstance(sheet, BinocleTableSheet):
            sheet.targets = targets
        knocker = result.detail("knocker", -1)
        retired = result.detail("retired", -1)
        col = sheet.column_of
        reached = result.detail("reached", -1)
        if reached >= 0:  # the two-handed continuation: out on his scores (BN 3)
            row.notes = (f"seat {reached} reaches his target on his scores",)
            self._win(sheet, col(reached), f"seat {reached} reached the target")
            return
        if knocker >= 0:
            right = bool(result.detail("knock_right"))
            if right:
                row.notes = (f"seat {knocker} claims the game and counts out",)
                self._win(sheet, col(knocker), f"seat {knocker} claimed the game")
                return
            if knocker != retired:  # a wrong claim that ends the game
                losers = {col(knocker)}
                if retired >= 0:
                    losers.add(col(retired))
                row.notes = (f"seat {knocker} claims the game and cannot count out",)
                self._win(sheet, self._best_other(sheet, knocker, losers),
                          f"seat {knocker} claimed wrongly")
                return
        if retired >= 0:
            newly = getattr(sheet, "retired", -1) != retired
            if isinstance(sheet, BinocleTableSheet):
                sheet.retired = retired
            o: Any = self.options
            if getattr(o, "three_hand_settlement", "") == "lowest_pays_when_first_goes_out":
                row.notes = (f"seat {retired} claimed wrongly and retires: the game ends,"
                             " the lowest score paying",)
                self._win(sheet, self._best_other(sheet, retired, {col(retired)}),
                          f"seat {retired} retired; the lowest score pays")
                return
            if newly:
                row.notes = (f"seat {retired} claimed wrongly and retires",)
        playing = [c for c in range(columns) if retired < 0 or c != col(retired)]
        out = [c for c in playing if totals[c] >= targets[c]]
        if len(out) == 1:
            self._win(sheet, out[0], "")
        elif len(out) > 1:
            for c in out:
                targets[c] += GAME_STEP
            row.notes = (*row.notes, "past the target together without a claim: "
                         + ", ".join(f"column {c} now plays to {targets[c]}" for c in out))

    def _best_other(self, sheet: ScoreSheet, seat: int, losers: set[int]) -> int:
        """The highest column but ``losers``, the first to ``seat``'s left on a tie."""
        n = self.num_players
        order = [sheet.column_of((seat + k) % n) for k in range(1, n + 1)]
        order = [c for i, c in enumerate(order) if c not in losers and c not in order[:i]]
        return max(order, key=lambda c: (sheet.totals[c], -order.index(c)))

    @staticmethod
    def _win(sheet: ScoreSheet, column: int, how: str) -> None:
        # a side by its seats ("seats 0 & 2 win"), which the screens name as players
        heads = (f"seats {' & '.join(map(str, seating.members(sheet.sides, column)))} win"
                 if sheet.sides else f"seat {column} wins")
        totals = "-".join(str(t) for t in sheet.totals)
        sheet.end_game(column, summary=f"{heads} the game {totals}"
                       + (f": {how}" if how else ""))


class ThreeHandedBinocle(MultiBinocle):
    """Three-handed Binocle (Foster): 16 cards each, the melds laid before the first lead.

    >>> state = ThreeHandedBinocle().deal(dealer=0, seed=1)
    >>> [len(h) for h in state.hands], state.current_player(), state.phase_name()
    ([16, 16, 16], 1, 'meld')
    """

    name = "binocle3"
    title = "Three-handed Binocle"
    options_class = ThreeHandedBinocleOptions
    options: ThreeHandedBinocleOptions
    min_players = max_players = 3


class FourHandedBinocle(MultiBinocle):
    """Four-handed Binocle (Foster): 12 cards each, each melding after his play to the
    first trick; each for himself or partners opposite.

    >>> game = FourHandedBinocle(FourHandedBinocleOptions(mode="partners"))
    >>> game.sides, game.deal(dealer=3, seed=2).current_player()
    ((0, 1, 0, 1), 0)
    """

    name = "binocle4"
    title = "Four-handed Binocle"
    options_class = FourHandedBinocleOptions
    options: FourHandedBinocleOptions
    min_players = max_players = 4
    meld_after_first_play = True

    def __init__(self, options: Options | None = None) -> None:
        super().__init__(options)
        o = self.options
        if o.mode == "individual" and o.partnership_meld_scoring != "own_trick_own_melds":
            raise OptionError(f"option partnership_meld_scoring={o.partnership_meld_scoring}"
                              " is for partners: it needs mode=partners")

    def fixed_sides(self) -> Sequence[int]:
        """Partners sit opposite (V-BN4-01)."""
        if self.options.mode == "partners":
            return (0, 1, 0, 1)
        return seating.solo_sides(4)


# -- observations -------------------------------------------------------------------------

# -- the events of Binocle at three and four ------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class DixShown(Event):
    """``seat`` showed ``count`` Nines of trumps (dix), scored 10 each."""

    seat: int
    count: int

    def describe(self, names: Names = NUMBERED) -> str:
        what = "both nines of trumps (dix, 20)" if self.count == 2 else \
            "the nine of trumps (dix, 10)"
        return names.says(self.seat, "show", what) + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Laid(Event):
    """``seat`` laid his melds ``text`` (the action's notation), worth ``total``, scored
    on a trick won."""

    seat: int
    text: str
    total: int

    def describe(self, names: Names = NUMBERED) -> str:
        words = self.text.removeprefix("lay ")
        if words == "nothing":
            return names.says(self.seat, "lay", "nothing") + "."
        who = "you win" if self.seat == names.you else "he wins"
        return names.says(self.seat, "lay", f"{declared_words(words, names)} ({self.total},"
                          f" scored when {who} a trick)") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class OverlookedClaimed(Event):
    """``seat`` claimed ``points`` of melds that ``of`` overlooked in his laying."""

    seat: int
    points: int
    of: int
    seat_fields: ClassVar[tuple[str, ...]] = ("seat", "of")

    def describe(self, names: Names = NUMBERED) -> str:
        who = "you win" if self.seat == names.you else "he wins"
        return names.says(self.seat, "claim", f"{self.points} overlooked by"
                          f" {names.object(self.of)} (scored when {who} a trick)") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class Retired(Event):
    """``seat`` claimed wrongly and retired from the game."""

    seat: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "retire", "from the game") + "."


@dataclasses.dataclass(frozen=True)
class MultiBinocleObservation(TrickObservationN):
    """What one seat may know in a deal of Binocle at three or four, and no more (the
    fields of :class:`~bezique.core.trick.TrickObservationN`, and): ``turn_up`` the card
    turned for trump (None in an auction), ``laid`` each seat's laying as announced
    (None before he lays), ``announced`` the points each has announced and not yet
    scored, ``scored_melds`` whether each has scored his announcement, ``standing`` and
    ``targets`` each seat's score before the deal and the target a claim must reach,
    ``retired`` the seat that retired after a wrong claim (-1: none), ``knocker`` the
    seat whose claim ended the deal (-1)."""

    turn_up: Card | None
    laid: tuple[str | None, ...]
    announced: tuple[int, ...]
    scored_melds: tuple[bool, ...]
    standing: tuple[int, ...]
    targets: tuple[int, ...]
    retired: int
    knocker: int


# -- the deal -----------------------------------------------------------------------------

class MultiBinocleState(TrickStateN):
    """A deal of Binocle at three or four (the fields of
    :class:`~bezique.core.trick.TrickStateN`, and): ``trump_card`` the card turned up
    (public; it lies in the dealer's hand until exchanged for a Nine); ``items`` each
    seat's announced scores not yet scored, as ``(points, reason)``; ``scored`` whether
    each has scored them; ``laid`` each seat's laying (None before); ``shown`` the cards
    each laid down, as they still count for combined partnership melds; ``first_card``
    each seat's card to the first trick (four-handed); ``standing`` and ``targets`` for
    the claim; ``knocker``/``knock_right`` the claim that ended the deal; ``retired``."""

    __slots__ = ("trump_card", "items", "scored", "laid", "shown", "first_card", "standing",
                 "targets", "knocker", "knock_right", "retired", "meld_queue")
    copies = copying(
        same="trump_card standing targets knocker knock_right retired",
        list="scored laid first_card meld_queue",
        lists="items shown")

    order: ClassVar[Any] = ORDER
    observation_class: ClassVar[type[TrickObservationN]] = MultiBinocleObservation
    phase_names: ClassVar[dict[int, str]] = {PLAY: "play", MELD: "meld", OVER: "over"}

    trump_card: int
    items: list[list[tuple[int, str]]]
    scored: list[bool]
    laid: list[Lay | None]
    shown: list[list[int]]
    first_card: list[int]
    standing: tuple[int, ...]
    targets: tuple[int, ...]
    knocker: int
    knock_right: bool
    retired: int
    meld_queue: list[int]

    @classmethod
    def dealt_hands(cls, game: MultiBinocle, dealer: int, order: Sequence[int],
                    sizes: Sequence[int]) -> list[list[int]]:
        """Deal ``order`` by fours from the dealer's left until each hand has its size
        (a last round of fewer where a size is not a multiple of four)."""
        n = game.num_players
        hands: list[list[int]] = [[] for _ in range(n)]
        k = 0
        while any(len(hands[p]) < sizes[p] for p in range(n)):
            for i in range(1, n + 1):
                p = (dealer + i) % n
                take = min(4, sizes[p] - len(hands[p]))
                hands[p] += [int(c) for c in order[k:k + take]]
                k += take
        return hands

    @classmethod
    def from_pack(cls, game: MultiBinocle, dealer: int, order: Sequence[int],
                  standing: tuple[int, ...], targets: tuple[int, ...]) -> MultiBinocleState:
        """The deal: every card by fours, the last one (the dealer's) turned for trump,
        the Nines of trumps shown in turn (the first shown by another than the dealer
        exchanged for the turn-up)."""
        n = game.num_players
        hands = cls.dealt_hands(game, dealer, order, [game.hand_size] * n)
        turn_up = int(order[-1])
        s: MultiBinocleState = cls.blank(game, dealer, hands, standing, targets,
                                         trump=turn_up >> 4)
        s.trump_card = turn_up
        s.known[dealer].append(turn_up)
        s.note(TurnedUp, dealer, turn_up)
        s.show_nines()
        s.begin()
        return s

    @classmethod
    def blank(cls, game: MultiBinocle, dealer: int, hands: list[list[int]],
              standing: tuple[int, ...], targets: tuple[int, ...], *, trump: int,
              stock: Sequence[int] = (), phase: int = MELD) -> Any:
        """A state with its hands dealt, nothing announced yet."""
        s = cls.__new__(cls)
        s.start(game, dealer, hands, stock=stock, trump=trump, phase=phase)
        n = game.num_players
        s.trump_card = -1
        s.items = [[] for _ in range(n)]
        s.scored = [False] * n
        s.laid = [None] * n
        s.shown = [[] for _ in range(n)]
        s.first_card = [-1] * n
        s.standing = standing
        s.targets = targets
        s.knocker = -1
        s.knock_right = False
        s.retired = -1
        s.meld_queue = []
        return s

    def begin(self) -> None:
        """After the deal (and the trump): three-handed, each lays his melds in turn from
        the dealer's left; four-handed, the eldest leads and melds after his card."""
        n = self.n
        eldest = (self.dealer + 1) % n
        if self.game.meld_after_first_play:
            self.phase = PLAY
        else:
            self.phase = MELD
            self.meld_queue = [(self.dealer + i) % n for i in range(2, n + 1)]
        self.player = eldest
        self.leader = eldest

    def show_nines(self) -> None:
        """Dix: each Nine of trumps is shown and announced for 10, in turn from the
        dealer's left; the first shown by another than the dealer takes the turn-up."""
        n = self.n
        nine = self.trump * 16 + NINE
        up = self.trump_card
        exchanged = up == nine  # a Nine turned up is the dealer's own
        # as dealt: the Nine the dealer gets in exchange is another's dix, not his
        counts = [h.count(nine) for h in self.hands]
        for i in range(1, n + 1):
            p = (self.dealer + i) % n
            count = counts[p]
            if not count:
                continue
            for _ in range(count):
                self.items[p].append((10, "dix"))
            self._know(p, [nine] * count)
            self.note(DixShown, p, count)
            if p != self.dealer and not exchanged:
                exchanged = True
                d = self.dealer
                self.hands[p].remove(nine)
                self.known[p].remove(nine)
                self.hands[p].append(up)
                self.known[p].append(up)
                self.hands[d].remove(up)
                self.known[d].remove(up)
                self.hands[d].append(nine)
                self.known[d].append(nine)
                self.note(Exchanged, p, up, nine)

    def _know(self, p: int, cards: Sequence[int]) -> None:
        """Make ``cards`` (in ``p``'s hand) publicly known there, as a multiset: a card
        already known is not known twice."""
        known = self.known[p]
        for c in set(cards):
            want = min(list(cards).count(c), self.hands[p].count(c))
            for _ in range(want - known.count(c)):
                known.append(c)

    def phase_name(self) -> str:
        """``meld``, ``lead``, ``follow`` or ``over``."""
        if self.phase == PLAY:
            return "follow" if self.trick else "lead"
        return self.phase_names.get(self.phase, str(self.phase))

    # -- melds -------------------------------------------------------------------------

    def meld_hand(self, p: int) -> list[int]:
        """The cards ``p`` may meld from: his hand, and at four the card he has just
        played to the first trick."""
        hand = self.hands[p]
        if self.first_card[p] >= 0 and self.tricks == 0:
            return [*hand, self.first_card[p]]
        return list(hand)

    def best(self, p: int) -> Laying:
        """The best laying of ``p``'s cards (:func:`~.laying.best_laying`)."""
        return best_laying(self.meld_hand(p), self.trump, self.game.table)

    def phase_actions(self) -> list[Action]:
        if self.phase == MELD:
            best = self.best(self.player)
            return [Lay(best.melds), LAY_NOTHING] if best.melds else [LAY_NOTHING]
        raise NotImplementedError(f"phase {self.phase} has no actions")

    def is_legal(self, action: Action) -> bool:
        """Any legal laying is accepted in the meld phase, listed or not."""
        if self.phase == MELD and isinstance(action, Lay):
            try:
                check_laying(self.meld_hand(self.player), self.trump, action.melds,
                             self.game.table)
            except IllegalActionError:
                return False
            return True
        return action in self.legal_actions()

    def apply_phase(self, action: Action) -> None:
        if self.phase == MELD:
            if not isinstance(action, Lay):
                raise IllegalActionError(f"{action_text(action)} is not allowed now: seat"
                                         f" {self.player} lays his melds ('lay ...', or"
                                         " 'lay nothing')")
            self.lay(action)
            return
        super().apply_phase(action)

    def lay(self, action: Lay) -> None:
        """The player to move lays ``action``'s melds (checked first: an illegal laying
        changes nothing)."""
        p = self.player
        cards = self.meld_hand(p)
        total = check_laying(cards, self.trump, action.melds, self.game.table)
        shown = sorted(int(c) for m in action.melds for c, t in m.cards if not t)
        self.laid[p] = action
        self.shown[p] = shown
        in_hand = list(shown)
        if self.first_card[p] >= 0 and self.first_card[p] in in_hand:
            in_hand.remove(self.first_card[p])
        self._know(p, in_hand)
        for m in action.melds:
            combo = self.game.table.combos[m.name]
            self.items[p].append((combo.value, combo.words))
        self.note(Laid, p, action.notation(), total)
        if self.game.claim_overlooked and shown:
            more = best_laying(shown, self.trump, self.game.table).total - total
            if more > 0:
                q = self.next_active(p)
                self.items[q].append((more, f"overlooked by seat {p}"))
                self.note(OverlookedClaimed, q, more, p)
        self.after_lay(p)

    def after_lay(self, p: int) -> None:
        """Who acts after ``p`` has laid: the next to lay, or the play."""
        if self.game.meld_after_first_play and self.tricks == 0:
            self.phase = PLAY
            TrickStateN.after_play(self, p)
            return
        if self.meld_queue:
            self.player = self.meld_queue.pop(0)
            return
        self.phase = PLAY
        self.player = self.leader

    # -- play --------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        acts = super().legal_actions()
        if self.may_knock():
            acts.append(KNOCK)
        return acts

    follow_cards = TrickStateN.heading_cards
    note_play = TrickStateN.note_heading_play

    def after_play(self, p: int) -> None:
        """At four, the player lays his melds after his card to the first trick, if he
        has not; then, as the core, the trick ends or the next plays."""
        if self.game.meld_after_first_play and self.tricks == 0 and self.laid[p] is None:
            self.first_card[p] = self.trick[-1]
            self.phase = MELD
            return
        super().after_play(p)

    def trick_done(self, winner: int, cards: tuple[int, ...]) -> None:
        """A trick won scores the winner's announcement (as the partnership rule says);
        the last trick 10, and then the cards are counted."""
        self.score_announced(winner)
        if not any(self.hands[p] for p in range(self.n) if self.active >> p & 1):
            self.score(winner, LAST_TRICK, "last trick")
            self.count_cards()
            self.phase = OVER

    def count_cards(self) -> None:
        """After the last trick each seat still playing counts the cards in his tricks,
        from the dealer's left."""
        for i in range(1, self.n + 1):
            p = (self.dealer + i) % self.n
            if self.active >> p & 1:
                pts = sum(CARD_POINTS[c] for c in self.won[p])
                if pts:
                    self.score(p, pts, "cards")

    def score_announced(self, w: int) -> None:
        """The first trick a player wins scores all he announced (dix, melds, claims);
        partners by ``partnership_meld_scoring`` (V-BN4-02)."""
        game = self.game
        if not game.partnership or game.partner_scoring == "own_trick_own_melds":
            self._score_items(w)
            return
        side = (w, *self.partners(w))
        if game.partner_scoring == "either_partner_scores_both":
            for q in side:
                self._score_items(q)
            return
        if self.scored[w]:
            return
        cards: list[int] = []
        for q in side:
            rest = list(self.hands[q])
            first = self.first_card[q]
            for c in self.shown[q]:  # still in hand, or his card to the first trick
                if c in rest:
                    rest.remove(c)
                    cards.append(c)
                elif c == first:
                    cards.append(c)
                    first = -1
        combined = best_laying(cards, self.trump, game.table)
        for q in side:
            self.scored[q] = True
            for pts, why in self.items[q]:
                if why == "dix" or why.startswith("overlooked"):
                    self.score(q, pts, why)
            self.items[q] = []
        if combined.total:
            self.score(w, combined.total, "combined melds")

    def _score_items(self, p: int) -> None:
        if self.scored[p]:
            return
        self.scored[p] = True
        for pts, why in self.items[p]:
            self.score(p, pts, why)
        self.items[p] = []

    # -- the claim ---------------------------------------------------------------------

    def may_knock(self) -> bool:
        """Whether the player to move may claim the game: in the play, on his turn, when
        his standing, his scores and announcements, the last trick and every card of the
        deal could reach his target (a public bound, telling nothing of his count)."""
        if self.phase != PLAY:
            return False
        p = self.player
        pending = sum(pts for q in (p, *self.partners(p)) for pts, _ in self.items[q])
        return (self.standing[p] + self.scores()[p] + pending + CARDS_IN_DEAL + LAST_TRICK
                >= self.targets[p])

    def apply(self, action: Action) -> None:
        if type(action) is Knock:
            if self.phase == OVER:
                raise IllegalActionError("the deal is over")
            if not self.may_knock():
                p = self.player
                if self.phase != PLAY:
                    raise IllegalActionError("knock is not allowed now: a claim is made in"
                                             " the play, on the claimant's turn")
                raise IllegalActionError(
                    f"knock is not allowed now: seat {p} has {self.standing[p]} before this"
                    f" deal and {self.scores()[p]} in it, and the cards cannot take him to"
                    f" {self.targets[p]}")
            self.knock()
            return
        super().apply(action)

    def knock(self) -> None:
        """The claimant turns his tricks over (his side's) and the engine counts: right,
        the deal ends and he has won; wrong, he retires (three-handed, the others
        finishing alone) or the deal ends with the game lost."""
        p = self.player
        self.note(Knocked, p)
        for q in (p, *self.partners(p)):
            pts = sum(CARD_POINTS[c] for c in self.won[q])
            if pts:
                self.score(q, pts, "cards")
        right = self.standing[p] + self.scores()[p] >= self.targets[p]
        self.note(ClaimJudged, p, self.standing[p] + self.scores()[p], right)
        o: Any = self.game.options
        retire = (not right and self.n == 3 and self.retired < 0
                  and getattr(o, "three_hand_settlement", "") == SETTLEMENTS[0]
                  and self.game.name == "binocle3")
        if retire:
            self.retired = p
            self.active &= ~(1 << p)
            self.items[p] = []
            self.note(Retired, p)
            if len(self.trick) >= self.active_seats():
                self.end_trick()
            else:
                self.player = self.next_active(p)
                if not self.trick:
                    self.leader = self.player
            return
        if not right and self.n == 3 and self.retired < 0 and self.game.name == "binocle3":
            self.retired = p  # lowest pays: the game ends as he retires
            self.note(Retired, p)
        else:
            self.knocker = p
            self.knock_right = right
        self.phase = OVER

    # -- copies and views --------------------------------------------------------------

    def observation_fields(self, seat: int) -> dict[str, Any]:
        f = super().observation_fields(seat)
        f["phase"] = self.phase_name() if self.phase != OVER else "over"
        f.update(
            turn_up=Card(self.trump_card) if self.trump_card >= 0 else None,
            laid=tuple(a.notation()[4:] if a is not None else None for a in self.laid),
            announced=tuple(sum(p for p, _ in i) for i in self.items),
            scored_melds=tuple(self.scored), standing=self.standing,
            targets=self.targets, retired=self.retired, knocker=self.knocker)
        return f

    def observation(self, seat: int) -> MultiBinocleObservation:
        return cast(MultiBinocleObservation, super().observation(seat))

    def public_observation(self) -> MultiBinocleObservation:
        return cast(MultiBinocleObservation, super().public_observation())

    def __str__(self) -> str:
        base = super().__str__()
        extra = " | ".join(f"{p}: {a.notation() if a else '-'}"
                           f" announced {sum(x for x, _ in self.items[p])}"
                           for p, a in enumerate(self.laid))
        up = card_name(self.trump_card) if self.trump_card >= 0 else "-"
        return base + f"\n  turn-up {up}; retired {self.retired}; {extra}"


# -- the two-handed continuation ----------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class ContinuationObservation(Observation):
    """A deal of two-handed Binocle played on by two of the three after a wrong claim:
    ``retired`` sits out, ``players`` are the pone and the dealer, ``seats`` the table
    seats of the deal's hands 0 and 1 (its events and ``duel`` number the hands so),
    ``hand`` this seat's cards (none for the retired player), ``duel`` the two-handed
    deal as this seat sees it (its public observation for the retired player, who sees
    no hand but watches the play, and in the public observation), ``points`` each
    seat's points in it."""

    retired: int
    players: tuple[int, int]
    seats: tuple[int, int]
    hand: tuple[Card, ...]
    duel: BinocleObservation
    points: tuple[int, ...]


class ContinuationState(InnerDeal):
    """Three-handed Binocle after a wrong claim (V-BN3-02, the ultimate winner taking the
    stakes): the other two play two-handed Binocle with a stock (``duel``, the lead's
    :class:`~.two_handed.BinocleState`), ``seats`` mapping its hands 0 and 1 to seats of
    the table; ``players`` are the pone (who leads) and the dealer."""

    __slots__ = ("game", "dealer", "retired", "seats", "players", "duel")

    game: MultiBinocle

    def __init__(self, game: MultiBinocle, dealer: int, retired: int,
                 seats: tuple[int, int], duel: BinocleState) -> None:
        self.game = game
        self.dealer = dealer
        self.retired = retired
        self.seats = seats
        self.duel = duel
        pone = seats[1 - seats.index(dealer)]
        self.players = (pone, dealer)

    @classmethod
    def deal(cls, game: MultiBinocle, dealer: int, pack: Sequence[int], retired: int,
             standing: Sequence[int], targets: Sequence[int]) -> ContinuationState:
        seats = cast(tuple[int, int], tuple(p for p in range(3) if p != retired))
        if dealer == retired:
            dealer = seats[0]
        duel = game.two_handed().deal(seats.index(dealer), pack=pack,
                                      standing=tuple(standing[p] for p in seats),
                                      target=max(targets[p] for p in seats))
        return cls(game, dealer, retired, seats, duel)

    def hand_index(self, seat: int) -> int:
        """The hand of the deal ``seat`` holds (the retired player: 0, seeing nothing)."""
        seat = check_seat(seat, 3)
        return self.seats.index(seat) if seat in self.seats else 0

    def inner_deal(self) -> BinocleState:
        """The two-handed deal of Binocle being played."""
        return self.duel

    def inner_seats(self) -> tuple[int, int]:
        """The table seats of its hands 0 and 1."""
        return self.seats

    def scores(self) -> tuple[int, ...]:
        s = self.duel.scores()
        return tuple(s[self.seats.index(p)] if p in self.seats else 0 for p in range(3))

    def result(self) -> DealResult:
        """The deal's points by seat and its claim, by seat of the table."""
        k = self.duel.knocker
        r = self.duel.reached
        return DealResult(self.scores(), details=(
            ("knocker", self.seats[k] if k >= 0 else -1),
            ("knock_right", int(self.duel.knock_right)), ("retired", self.retired),
            ("reached", self.seats[r] if r >= 0 else -1)))

    def clone(self) -> ContinuationState:
        return ContinuationState(self.game, self.dealer, self.retired, self.seats,
                                 self.duel.clone())

    def observation(self, seat: int) -> ContinuationObservation:
        return self._observe(check_seat(seat, 3))

    def public_observation(self) -> ContinuationObservation:
        """What anyone may know: the two-handed deal's public observation, no hand (the
        retired player's view, but for ``seat``)."""
        return self._observe(SPECTATOR)

    def _observe(self, seat: int) -> ContinuationObservation:
        """The observation of ``seat``, or the public one (``SPECTATOR``)."""
        duel = (self.duel.observation(self.seats.index(seat)) if seat in self.seats
                else self.duel.public_observation())
        return ContinuationObservation(seat=seat, retired=self.retired,
                                       players=self.players, seats=self.seats,
                                       hand=duel.hand, duel=duel, points=self.scores())

    def resample(self, seat: int, rng: random.Random) -> ContinuationState:
        return ContinuationState(self.game, self.dealer, self.retired, self.seats,
                                 self.duel.resample(self.hand_index(seat), rng))

    def __str__(self) -> str:
        return f"two-handed continuation, seats {self.seats}, {self.retired} retired\n" \
            + str(self.duel)

    def __repr__(self) -> str:
        return f"<ContinuationState seats={self.seats} {self.duel!r}>"

