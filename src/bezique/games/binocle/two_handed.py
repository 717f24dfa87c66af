"""Two-handed Binocle, as Foster's *Complete Hoyle* gives it, and its 64-card form.

Rules are cited by section of Foster's "Binocle" (Cards, Stakes, Players, Dealing,
Method of Playing, Objects of the Game, Melds, Time, Scoring Dix, The Last Twelve
Tricks, Cards, Scoring) and by the project's checklist numbers (``BN n``, see
``shared/rules/CHECKLIST.md``).

Binocle is played as Bézique is, with twelve cards in hand (BN 9-13): the pone leads,
nobody need follow while the stock lasts, the winner of a trick may meld and then both
draw; once the stock is out the melds are taken back and the last twelve tricks are
played following suit and winning if able (BN 35-36). So the state is the Bézique state
(:class:`~..bezique.two_handed.BeziqueState`) with what Binocle has of its own:

- the pack of 48 (BN 1), dealt by fours, the 25th card turned for trump (BN 5-6); in the
  64-card form (``pack=64``) the Sevens and Eights are added and the Seven is the dix
  (BN 46); with eight cards each that form *is* Bézique, and ``make_game`` maps it there;
- the meld table of :mod:`.melds`, one meld after each trick won and nothing carried "to
  score" (BN 21, GAP-BN-2);
- dix (BN 18-20): the Nine of trumps exchanged for the turn-up, scoring 10, after winning
  a trick and instead of a meld; a Nine turned up scores the dealer 10;
- the counting cards (A 11, 10 10, K 4, Q 3, J 2; 240 a deal) counted only after the
  last trick, which scores 10 (BN 15-16, 38);
- the end of the game (BN 3): it ends the moment a player actually reaches the target
  or claims it. Dix, melds and the last trick are scored as made (BN 17): the one whose
  standing and scores so reach the target has won, and the deal stops there, his
  adversary too late to knock;
- the knock (BN 39-42): a player who reckons his score before the deal, his melds, dix
  and last trick, and his mental count of the cards in his tricks reach the game's target
  may stop the play (``knock``). The engine then counts his tricks: right, he wins the
  game; wrong, he loses it, whatever the scores. Neither knocking nor reaching the target
  on his scores, the game is decided after the deal, when both count their cards at
  once: only one past the target wins; both past it play on to 1250, then 1500 (and 250
  more each time after that; the text stops at 1500).

The observation gives each seat what it may know and no more: its own hand, both tables,
the public record of the deal (every card played, as a player sees them), the scores
made (dix, melds, the last trick) and the standing before the deal. It never gives a
count of the cards in anyone's tricks: keeping that count is the player's own task, and
his knock is his claim from it (Binocle, Scoring: no record of the cards may be kept).

Decisions where the text is silent:

- GAP-BN-1: the winner of the last drawing trick takes the last stock card and the loser
  the turn-up, as in Bézique.
- GAP-BN-3: a knock is made when it is the knocker's turn: to lead, to follow, or just
  after winning a trick. It is offered only when the seat could possibly be right (its
  standing, its scores and all 240 of the deal's cards reach the target), a bound that
  reads public facts alone, never the count.
- GAP-BN-4, GAP-BN-5: follow from the family's rule of adding but not taking away: a
  binocle then the King of spades is grand binocle; a grand binocle's Queen and Jack
  cannot make a binocle or a double binocle (no equal or lower reuse in class b); the
  spade marriage may be melded from a grand binocle's King and Queen only with a fresh
  card, and a marriage has no room for one, so only with a fresh King or Queen.
- The first correct knock wins "no matter what the adversary's score may be"; the deal
  stops there, and the knocker's cards are counted and scored (he shows them).
- BN 3's "actually reaches": on the scores made as made (dix, melds, the last trick),
  which are all a player's total shows during the deal; the cards, counted only after
  the hand, reach it for both at once (BN 41-42), or by a knock. A Nine turned up
  scoring the dealer 10 may so end the game as it is dealt; the last trick's 10 ends it
  before the cards are counted.

Foster's laws about human mistakes (misdeals, BN 8; irregular and false melds, BN 33-34;
too many or too few cards, BN 43; drawing wrongly, BN 44-45; revokes in the last twelve
tricks, BN 37; taking up the table cards too early, BN 35) cannot arise here: the engine
deals, draws and checks every action itself and refuses an illegal one, naming why.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.cards import Pack, Rank, card_name
from ...core.errors import IllegalActionError, OptionError
from ...core.events import ClaimJudged, Knocked
from ...core.game import Action, DealResult, Game, Options, WordAction, check_seat
from ...core.game import option as _opt
from ...core.match import ScoreSheet
from ...core.trick import copying
from ..bezique.declarations import (
    NINE,
    ORDER,
    SEVEN,
    MeldTable,
    parse_family_action,
)
from ..bezique.two_handed import (
    DECLARE,
    END,
    EXCHANGE,
    FOLLOW,
    LEAD,
    Bezique,
    BeziqueObservation,
    BeziqueState,
    _exchange_word,
)
from .melds import CARD_POINTS, CARDS_IN_DEAL, PACK_48, PACK_64, RANKS_48, meld_table

__all__ = ["GAME_STEP", "KNOCK", "Binocle", "BinocleObservation", "BinocleOptions",
           "BinocleState", "Knock", "parse_action"]

#: How far the target moves when both pass it without a knock (BN 41: 1000, 1250, 1500).
GAME_STEP = 250


@dataclasses.dataclass(frozen=True)
class BinocleOptions(Options):
    """The variants of two-handed Binocle (VARIANTS.md section 4). Defaults are Foster's.

    V-BN-03 (the penalty for a revoke in the last twelve tricks) is no option here: the
    engine never lets a card be played that fails to follow or to win when it could.
    V-BN-04 (who deals after the cut) is the player's choice at the table: ``bezique play
    --first-dealer``; the computer, winning the cut, gives the deal to its adversary, as
    is usual.
    """

    game_title: ClassVar[str] = "Binocle"

    pack: int = _opt(
        48, (48, 64),
        "The pack: 48 cards, two packs of A 10 K Q J 9 (Foster), or 64 with the Eights and"
        " Sevens added, twelve cards each and the Seven as dix (64-card Binocle).",
        "V-BN-01")
    cards: int = _opt(
        12, (12, 8),
        "Cards dealt to each: 12 (Binocle). With the 64-card pack and 8 cards each the game"
        " is ordinary Bézique: 'bezique play --game binocle --option pack=64 --option"
        " cards=8' plays Bézique.", "V-BN-01")
    grand_binocle: bool = _opt(
        True, None,
        "Whether grand binocle (K and Q of spades with the Jack of diamonds, 80) is a meld;"
        " Foster lists it but notes it is not often played in America.", "V-BN-02")


class Knock(WordAction, word="knock"):
    """Stop the play and claim the game: score, melds and the mental count of cards reach
    the target (BN 39)."""


KNOCK = Knock()


def _binocle_word(low: str) -> Action | None:
    if low in ("knock", "knocks", "claim", "claim game"):
        return KNOCK
    if low in ("dix", "exchange dix", "exchange nine", "exchange 9"):
        return EXCHANGE
    return _exchange_word(low)


def parse_action(text: str, table: MeldTable | None = None,
                 ranks: Sequence[Rank] = RANKS_48) -> Action:
    """Parse any Binocle action's notation (context free): a card (``QS``, ``QS*`` lying
    on the table), a meld (``four-kings KC KD KH KS``, ``binocle QS* JD``), ``exchange``
    (or ``dix``), ``draw`` and ``knock``; a card is of the pack's ``ranks`` (the 48-card
    pack's A 10 K Q J 9 unless given).

    >>> parse_action("double binocle QS* QS JD* JD")
    Declare(melds=(BinocleMeld(name='double-binocle', ...),))
    >>> str(parse_action("Knock"))
    'knock'
    """
    return parse_family_action(text, table or meld_table(True), _binocle_word,
                               "'exchange' (dix), 'draw' or 'knock'", ranks)


class Binocle(Game["BinocleState"]):
    """Two-handed Binocle (Foster): 48 cards, twelve each, game 1000 by knocking.

    >>> state = Binocle().deal(dealer=0, seed=1)
    >>> len(state.hands[0]), len(state.hands[1]), len(state.stock)
    (12, 12, 23)
    """

    name = "binocle"
    title = "Binocle"
    options_class = BinocleOptions
    options: BinocleOptions
    #: the target before any continuation (BN 3, 41)
    game_target: ClassVar[int] = 1000
    #: cards in each hand (BN 5)
    hand_size: ClassVar[int] = 12

    # read by the Bézique state this game's state is (see BeziqueState)
    _card_points: ClassVar[list[int]] = CARD_POINTS
    _carry = False
    _draw_pone_first = False
    _seven_played = False
    _as_taken = False
    _offsuit = False
    _no_trumps_in_stock = False
    _ew_exchange = False
    _second_when_played = False
    _count_stock = True  # the talon may be counted (BN 13)

    @classmethod
    def as_other_game(cls, options: Options) -> Game[Any] | None:
        """64-card Binocle with eight cards each is simply Bézique, its small differences
        in the melds being disregarded (Foster, Binocle, Dealing; BN 46)."""
        if isinstance(options, BinocleOptions) and options.pack == 64 and options.cards == 8:
            return Bezique()
        return None

    def __init__(self, options: BinocleOptions | None = None) -> None:
        super().__init__(options)
        o = self.options
        if o.cards == 8:
            if o.pack != 64:
                raise OptionError("option cards=8 needs pack=64: eight cards each is the"
                                  " 64-card form, which is ordinary Bézique")
            raise OptionError("64-card Binocle with eight cards each is ordinary Bézique"
                              " (Foster, Binocle, Dealing): play --game bezique, or let"
                              " make_game('binocle', ['pack=64', 'cards=8']) map it")
        self._pack = PACK_48 if o.pack == 48 else PACK_64
        self._ranks = RANKS_48 if o.pack == 48 else ORDER.ranks  # the notation's cards
        self._dix = NINE if o.pack == 48 else SEVEN
        self._deal_tricks = len(self._pack) // 2
        self._bonus_at = self._deal_tricks  # the last trick scores 10 (BN 38)
        self.table = meld_table(o.grand_binocle)
        self._patterns = [self.table.patterns(t, self.bezique_cards(t)) for t in range(4)]
        self._candidates = [self.table.candidates(t, self.bezique_cards(t))
                            for t in range(4)]

    @property
    def pack(self) -> Pack:
        return self._pack

    def deal(self, dealer: int, *, seed: int | None = None, pack: Sequence[int] | None = None,
             rng: random.Random | None = None, standing: Sequence[int] = (0, 0),
             target: int | None = None) -> BinocleState:
        """Deal a hand; ``standing`` is each seat's score before it and ``target`` the
        game's target (both for the knock: see :meth:`deal_in_match`)."""
        order = self.pack_order(seed=seed, pack=pack, rng=rng)
        return BinocleState.from_pack(self, dealer, order, standing=standing,
                                      target=self.game_target if target is None else target)

    def deal_in_match(self, dealer: int, pack: Sequence[int],
                      sheet: ScoreSheet) -> BinocleState:
        """The next deal of a match knows the score and the target (raised to 1250 and
        on when both passed it without a knock, kept in ``sheet.carry``)."""
        return self.deal(dealer, pack=pack, standing=tuple(sheet.totals),
                         target=sheet.carry or self.game_target)

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.table, self._ranks)

    def deal_result(self, state: BinocleState) -> DealResult:
        return DealResult((state.points[0], state.points[1]),
                          details=(("knocker", state.knocker),
                                   ("knock_right", int(state.knock_right)),
                                   ("target", state.target),
                                   ("reached", state.reached)))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """The deal's points go on the sheet. A player who reached the target on his
        scores during the deal has won (BN 3). A knock decides the game: the knocker wins
        if right and loses if wrong (BN 40). Otherwise only one past the target wins;
        both past it play on to a target 250 higher (BN 41-42)."""
        target = result.detail("target", self.game_target)
        knocker = result.detail("knocker", -1)
        reached = result.detail("reached", -1)
        row = sheet.enter(deal_no, dealer, result)
        t = sheet.totals
        if reached >= 0:
            row.notes = (f"seat {reached} reaches {target} on his scores",)
            sheet.end_game(reached, summary=f"seat {reached} wins the game {t[reached]}-"
                           f"{t[1 - reached]}: he reached {target} on his scores")
            return
        if knocker >= 0:
            right = bool(result.detail("knock_right"))
            winner = knocker if right else 1 - knocker
            how = "counts out" if right else "cannot count out"
            row.notes = (f"seat {knocker} knocks and {how}",)
            sheet.end_game(winner, summary=f"seat {winner} wins the game {t[winner]}-"
                           f"{t[1 - winner]}: seat {knocker} knocked and {how}")
            return
        out = [t[i] >= target for i in (0, 1)]
        if all(out):
            sheet.carry = target + GAME_STEP
            row.notes = (f"both past {target} without a knock: the game is now"
                         f" {target + GAME_STEP}",)
            return
        sheet.carry = target
        if any(out):
            winner = 0 if out[0] else 1
            sheet.end_game(winner, summary=f"seat {winner} wins the game {t[winner]}-"
                           f"{t[1 - winner]}")

    def patterns(self, trump: int) -> list[tuple[str, list[int], dict[int, int]]]:
        """The melds under a trump suit, with the count of each card they need."""
        return self._patterns[trump]

    def candidates(self, trump: int) -> list[tuple[str, list[int] | int, int, int, int, int]]:
        return self._candidates[trump]

    def bezique_cards(self, trump: int) -> tuple[int, int]:
        """The binocle: the Queen of spades and the Jack of diamonds (BN 23)."""
        return 3 * 16 + 12, 1 * 16 + 11


@dataclasses.dataclass(frozen=True)
class BinocleObservation(BeziqueObservation):
    """What one seat may know in a deal of Binocle: a Bézique observation (``points``
    are the scores made: dix, melds, the last trick; never the cards in the tricks) with
    the standing before the deal and the target a knock must reach."""

    standing: tuple[int, int] = (0, 0)
    target: int = 1000


class BinocleState(BeziqueState):
    """A position in one deal of two-handed Binocle (see the module's docstring)."""

    __slots__ = ("standing", "target", "knocker", "knock_right", "reached")
    copies = copying(same="standing target knocker knock_right reached")

    game: Binocle  # type: ignore[assignment]
    standing: tuple[int, int]
    target: int
    knocker: int  # -1 until someone knocks
    knock_right: bool
    #: the seat whose scores made as made (dix, melds, the last trick) took his total to
    #: the target, which ends the game at once (BN 3); -1 until then
    reached: int

    dix_words: ClassVar[str] = "dix"
    last_tricks: ClassVar[str] = "the last twelve tricks"
    one_per_declaration: ClassVar[str] = (
        "one meld at a time in Binocle: a trick must be won for each (BN 21), and nothing"
        " is carried 'to score'")

    @property
    def dix_rank(self) -> int:  # type: ignore[override]
        """The Nine of trumps, or the Seven in the 64-card form (BN 18, 46)."""
        return self.game._dix

    @classmethod
    def from_pack(cls, game: Binocle, dealer: int,  # type: ignore[override]
                  order: Sequence[int], *, standing: Sequence[int] = (0, 0),
                  target: int = 1000) -> BinocleState:
        """Deal from a pack order (index 0 the top card): four at a time for three
        rounds, the pone first (BN 5), then the 25th card turned for trump; a Nine
        turned up scores the dealer 10 (BN 6)."""
        dealer = check_seat(dealer, 2, "dealer")
        s = cls._new(game, dealer)
        pone = 1 - dealer
        i = 0
        for _ in range(3):
            for seat in (pone, dealer):
                s.hands[seat].extend(order[i:i + 4])
                i += 4
        up = order[i]
        s.turn_up = up
        s.trump = up >> 4
        s.stock = list(reversed(order[i + 1:]))  # pop() takes the top card
        s.phase = LEAD  # the pone leads (BN 9)
        s.exchanged = False
        s.declared = False
        s.seven_taken = False
        s._rec = None
        s.standing = (int(standing[0]), int(standing[1]))
        s.target = int(target)
        s.knocker = -1
        s.knock_right = False
        s.reached = -1
        if up & 15 == game._dix:
            s._score(dealer, 10, "dix turned up")
            if s.reached >= 0:  # the dealer is out as the cards are dealt (BN 3, 6)
                s.phase = END
        return s

    @classmethod
    def position(cls, game: Any, **kwargs: Any) -> BinocleState:
        """Set up a position directly (tests, puzzles), as Bézique's ``position`` does,
        with ``standing`` and ``target`` for the knock."""
        standing = kwargs.pop("standing", (0, 0))
        target = kwargs.pop("target", game.game_target)
        s = super().position(game, **kwargs)
        assert isinstance(s, BinocleState)
        s.standing = (int(standing[0]), int(standing[1]))
        s.target = int(target)
        s.knocker = -1
        s.knock_right = False
        s.reached = -1
        return s

    # -- reaching the target -------------------------------------------------------------

    def _score(self, seat: int, pts: int, why: str) -> None:
        """Score, and note the moment dix, a meld or the last trick takes ``seat``'s
        total to the target (BN 3, 17); the cards, counted after the hand or by a
        knocker, decide otherwise (BN 39-42)."""
        super()._score(seat, pts, why)
        if (self.reached < 0 and why != "cards"
                and self.standing[seat] + self.points[seat] >= self.target):
            self.reached = seat

    def _draw(self) -> None:
        """Both draw, unless the score just made has ended the game (BN 3)."""
        if self.reached >= 0:
            self.phase = END
            self._decl = None
            return
        super()._draw()

    # -- knocking ------------------------------------------------------------------------

    def may_knock(self) -> bool:
        """Whether the seat to move may knock now: on his turn (to lead, to follow, or
        after winning a trick), when his standing, his scores and every card of the deal
        could reach the target (a public bound: it tells nothing of his count)."""
        if self.phase not in (LEAD, FOLLOW, DECLARE):
            return False
        p = self.player
        return self.standing[p] + self.points[p] + CARDS_IN_DEAL >= self.target

    def legal_actions(self) -> list[Action]:
        acts = super().legal_actions()
        if self.may_knock():
            acts.append(KNOCK)
        return acts

    own_actions = (Knock,)

    def _apply_own(self, action: Action) -> None:
        if not self.may_knock():
            p = self.player
            raise IllegalActionError(
                f"knock is not allowed now: seat {p} has {self.standing[p]} before this"
                f" deal and {self.points[p]} scored in it, and the 240 points of cards"
                f" cannot take him to {self.target}")
        self._knock()

    def cards_won(self, seat: int) -> int:
        """The count of the cards in ``seat``'s tricks so far (BN 15): what the Bézique
        state keeps as ``brisques``, here in Binocle's card values. Not in any
        observation: the player keeps this count in his head."""
        return self.brisques[seat]

    def _knock(self) -> None:
        """The knocker turns his tricks over and counts (BN 39-40)."""
        p = self.player
        cards = self.cards_won(p)
        self.knocker = p
        self._note(Knocked, p)
        if cards:
            self._score(p, cards, "cards")
        self.knock_right = self.standing[p] + self.points[p] >= self.target
        self._note(ClaimJudged, p, self.standing[p] + self.points[p], self.knock_right)
        self.phase = END
        self._decl = None

    def _count_cards(self) -> None:
        """After the last trick (and its 10), each counts the cards in his tricks (BN 16,
        38): the pone first; unless the last trick's 10 took its winner to the target,
        which ended the game (BN 3)."""
        if self.reached >= 0:
            return
        for seat in (self.dealer ^ 1, self.dealer):
            if self.cards_won(seat):
                self._score(seat, self.cards_won(seat), "cards")

    def _why_not(self, action: Action) -> str:
        if action is EXCHANGE:
            nine = card_name(self.trump * 16 + self.dix_rank)
            if self.turn_up < 0:
                return "there is no turn-up left to exchange for dix"
            if self.trump * 16 + self.dix_rank not in self.hands[self.player]:
                return f"dix needs the {nine} (the dix of trumps) in your hand"
            return f"each {nine} scores dix once: both exchanges have been made"
        return super()._why_not(action)

    # -- copies and views ----------------------------------------------------------------

    _observation_type = BinocleObservation

    def _observation_extra(self) -> dict[str, Any]:
        return {"standing": self.standing, "target": self.target}

    def observation(self, seat: int) -> BinocleObservation:
        o = super().observation(seat)
        assert isinstance(o, BinocleObservation)
        return o

    def public_observation(self) -> BinocleObservation:
        o = super().public_observation()
        assert isinstance(o, BinocleObservation)
        return o


