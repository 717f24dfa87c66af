"""Four-handed Sixty-Six (Kreutz-mariage), as Foster's *Complete Hoyle* gives it after the
two-handed game (INVENTORY 18; VARIANTS V-SS4-01 .. 03).

Four play, two against two, partners opposite (seats 0 and 2 against 1 and 3), with the
32-card pack (the two-handed pack and the Sevens and Eights). All the cards are dealt,
eight each, and the last card, the dealer's, is turned for trump: it belongs to the
dealer and cannot be exchanged. There is no stock and so no closing, drawing or Nine to
exchange. Each must follow suit, must win the trick if he can (head it, even a
partner's), and void in the suit led must trump, over-trumping a trumped trick if he
can. The counting cards are Sixty-Six's (Ace 11, Ten 10, King 4, Queen 3, Jack 2, Nine,
Eight and Seven nothing) and the last trick counts 10: 130 in every deal.

Options:

- ``deal`` (V-SS4-01): ``3-2-3`` (America, the default): three to each from the
  dealer's left, then two, then three; ``german``: two to each four times, the
  dealer's partner first, then his left-hand and right-hand adversaries, then himself.
  In both the trump card is the last card of the pack, the dealer's eighth: Foster says
  of the German deal too that "the last" is turned up, and the turn-up belongs to the
  dealer either way.
- ``marriages`` (V-SS4-02): ``not_counted`` (America, the default: 66 on cards alone)
  or ``counted`` (the German usage the name implies). The text gives no values: those
  of the two-handed game are used, 20 for a marriage and 40 for the royal marriage,
  announced as two-handed by leading the King or Queen of the pair (``marry KH``). The
  leader has always won the trick before, but for the opening lead: a marriage led then
  counts once his side wins a trick (as the pone's first lead, SS 23).
- ``ten_of_trumps_bonus`` (V-SS4-03, off by default: "quite foreign to the game"): one
  more game point for the side that wins the Ten of trumps in its tricks, whoever wins
  the deal.
- ``bands``: how many game points a won deal scores. The text's figures (over 66 and
  under 100: 1; over 100 and under 130: 2 "schneider"; 130, every trick: 3) disagree
  with its own rule that schneider and schwartz are as in Sixty-Six (the adversaries
  under 33, i.e. the winners over 97 of 130), and leave 65-65, exactly 66 and exactly
  100 open:

  - ``schneider_33`` (the default: the rule the text states, SS 7): 1 game point; 2 if
    the losers count under 33 (32 or less: the winners 98 or more of 130 without
    marriages); 3 if the losers won no trick (schwartz);
  - ``foster_100`` (the text's figures): 1 for 66 to 100 inclusive; 2 for 101 or more;
    3 if the losers won no trick (every trick is the 130 of the text: a trick of four
    blank cards taken by the losers leaves the winners 130 but scores 2).

  In both, a side wins the deal with 66 or more, more than the other side counts; 65-65
  (or, with marriages, equal counts) is a tie: nobody scores and the winners of the
  next deal add 1, as two-handed (SS 32).

Choices where the text is silent (``docs/RULES.md``, "Four-handed Sixty-Six"):

- the player on the dealer's left (eldest) leads to the first trick, the winner of each
  trick to the next, and the deal passes to the left, as in every game of the family;
- void in the suit led and unable to over-trump a trumped trick, a player must still
  trump (under-trump), as in Foster's Four-handed Binocle and the project's multi-handed
  Bézique; with no trump he plays any card;
- a deal is always played out (there is nothing to claim: no stock, and the counts are
  taken at the end, the 130 points being counted between the sides); a loser without
  a point loses a double game, as two-handed (SS 12);
- partners do not see each other's hands (they do not consult);
- when both sides reach the game in one deal (the Ten of trumps' point) the side that
  won the deal goes out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ..core import table as seating
from ..core.cards import Card, Pack, Rank, Suit, card_name, parse_game_card
from ..core.errors import IllegalActionError, NotationError, quoted
from ..core.game import (
    Action,
    DealResult,
    Game,
    Options,
    action_text,
    action_words,
    check_seat,
)
from ..core.game import option as _opt
from ..core.match import ScoreSheet
from ..core.trick import (
    OVER_PHASE,
    PLAY_PHASE,
    RankOrder,
    TrickObservationN,
    TrickStateN,
    copying,
)
from .sixtysix import Married, Marry, Play, SixtySixOptions

__all__ = ["BANDS", "DEALS", "KreutzMariage", "KreutzObservation", "KreutzOptions",
           "KreutzState", "ORDER", "POINTS", "parse_action"]

ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN = 14, 10, 13, 12, 11, 9, 8, 7
ORDER = RankOrder([Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE,
                   Rank.EIGHT, Rank.SEVEN],
                  {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2})
STRENGTH = ORDER.strength
#: Counting value of each card id (Sixty-Six's; Nine, Eight and Seven nothing).
POINTS = ORDER.points
PACK = Pack.piquet()
MARRIAGE, ROYAL_MARRIAGE, LAST_TRICK, TARGET = 20, 40, 10, 66
HAND_SIZE = 8
TRICKS = 8

DEALS = ("3-2-3", "german")
MARRIAGE_RULES = ("not_counted", "counted")
BANDS = ("schneider_33", "foster_100")

_IDS = frozenset(int(c) for c in PACK.all_cards())
_PLAY: dict[int, Play] = {c: Play(Card(c)) for c in sorted(_IDS)}
_MARRY: dict[int, Marry] = {c: Marry(Card(c)) for c in sorted(_IDS) if c & 15 in (KING, QUEEN)}


@dataclasses.dataclass(frozen=True)
class KreutzOptions(Options):
    """The variants of four-handed Sixty-Six (VARIANTS.md section 5). Defaults are
    Foster's American usage."""

    game_title: ClassVar[str] = "Four-handed Sixty-Six"

    deal: str = _opt(
        "3-2-3", DEALS,
        "How the cards are dealt: three, two and three to each from the dealer's left (the"
        " American way), or german: two at a time four times, the dealer's partner first."
        " Either way the last card, the dealer's, is turned for trump.", "V-SS4-01")
    marriages: str = _opt(
        "not_counted", MARRIAGE_RULES,
        "Whether marriages count: not in America (66 on cards alone); counted: 20, or 40"
        " in trumps, announced by leading the King or Queen (the two-handed values).",
        "V-SS4-02")
    ten_of_trumps_bonus: bool = _opt(
        False, None,
        "One more game point for the side winning the Ten of trumps (Foster calls it"
        " quite foreign to the game).", "V-SS4-03")
    bands: str = _opt(
        "schneider_33", BANDS,
        "Game points for a won deal: schneider_33, 2 when the losers count under 33 (as"
        " two-handed); or foster_100, the book's figures, 2 when the winners count over"
        " 100. Every trick (the losers without one) is 3 either way.", "INVENTORY 18")
    game_target: int = SixtySixOptions.shared("game_target",
                                              "Game points that win: 7 (Foster).")


def parse_action(text: str) -> Action:
    """Read a four-handed Sixty-Six action: a card (``QS``, ``10D``, ``7H``) or a
    marriage led (``marry KH``, or ``KH+``).

    >>> str(parse_action("7h")), str(parse_action("KH+")), str(parse_action("marry qs"))
    ('7H', 'marry KH', 'marry QS')
    """
    t = action_words(text, "Four-handed Sixty-Six")
    parts = t.split()
    word: str | None = None
    if parts[0].lower() == "marry":
        if len(parts) != 2:
            raise NotationError(f"write a marriage lead as 'marry KH', not {quoted(text)}")
        word = parts[1]
    elif len(parts) == 1 and t.endswith("+"):
        word = t[:-1]
    if word is not None:
        card = _card(word)
        if card & 15 not in (KING, QUEEN):
            raise NotationError(f"a marriage is led with its King or Queen, not {card}"
                                f" ({quoted(text)})")
        return _MARRY[card]
    if len(parts) == 1:
        return _PLAY[_card(t)]
    raise NotationError(f"not a four-handed Sixty-Six action: {quoted(text)} (a card like"
                        " QS, or 'marry KH')")


def _card(text: str) -> Card:
    return parse_game_card(text, ORDER.ranks, "Four-handed Sixty-Six")


class KreutzMariage(Game["KreutzState"]):
    """Four-handed Sixty-Six, Kreutz-mariage (Foster): partners opposite, 32 cards all
    dealt, must follow, win and trump; 66 of the 130 points wins the deal; game 7.

    >>> game = KreutzMariage()
    >>> state = game.deal(dealer=3, seed=2)
    >>> [len(h) for h in state.hands], state.current_player(), game.sides
    ([8, 8, 8, 8], 0, (0, 1, 0, 1))
    >>> state.trump_card in state.hands[3]   # the turn-up is the dealer's
    True
    """

    name = "sixtysix4"
    result_unit = "game points"
    title = "Four-handed Sixty-Six"
    options_class = KreutzOptions
    options: KreutzOptions
    pack = PACK
    min_players = max_players = 4

    def fixed_sides(self) -> Sequence[int]:
        """Partners sit opposite."""
        return (0, 1, 0, 1)

    def deal_in_match(self, dealer: int, pack: Sequence[int], sheet: ScoreSheet
                      ) -> KreutzState:
        """A deal that knows the tie carried from the deal before (SS 32)."""
        state = self.deal(dealer, pack=pack)
        state.carry = sheet.carry
        return state

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def deal_result(self, state: KreutzState) -> DealResult:
        """Each seat holds its side's game points: the deal's (by ``bands``), a tie
        carried from the deal before, the Ten of trumps' point. ``details``: each side's
        count (``count0``, ``count1``), ``winner`` (a side, -1 for a tie), ``tie``."""
        if not state.is_terminal():
            raise ValueError("the deal is not over")
        counts = state.side_counts()
        per_side = [0, 0]
        notes: list[str] = []
        details: list[tuple[str, int]] = [("count0", counts[0]), ("count1", counts[1])]
        w = state.deal_winner()
        details.append(("winner", w))
        if w < 0:
            notes.append(f"{counts[0]} to {counts[1]}: a tie, the winners of the next deal"
                         " add 1")
            details.append(("tie", 1))
        else:
            value, why = state.deal_value(w)
            per_side[w] = value + state.carry
            notes.append(f"{_side_name(w)} win {counts[w]} to {counts[1 - w]}: {why}")
            if state.carry:
                notes.append(f"+{state.carry} for the tied deal")
                details.append(("carried", state.carry))
        if self.options.ten_of_trumps_bonus:
            ten = state.trump * 16 + TEN
            for side in (0, 1):
                if any(ten in state.won[s] for s in seating.members(self.sides, side)):
                    per_side[side] += 1
                    notes.append(f"{_side_name(side)} win the Ten of trumps: +1")
                    details.append(("ten_of_trumps", side))
        return DealResult(seating.seat_results(self.sides, per_side), tuple(notes),
                          tuple(details))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Game points add up by side to the target (7); a tie carries 1 to the winners
        of the next deal; a losing side without a point loses a double game (SS 12)."""
        notes = list(result.notes)
        if result.detail("tie"):
            sheet.carry += result.detail("tie")
        elif result.detail("carried"):
            sheet.carry = 0
        sheet.enter(deal_no, dealer, result, notes)
        t = sheet.totals
        target = self.options.game_target
        if max(t) < target:
            return
        if t[0] >= target and t[1] >= target:
            won = result.detail("winner", -1)
            winner = won if won >= 0 else (0 if t[0] > t[1] else 1)
        else:
            winner = 0 if t[0] >= target else 1
        loser = 1 - winner
        value = 2 if t[loser] == 0 else 1
        gnotes = ("double game: the losers have not scored",) if value == 2 else ()
        sheet.end_game(winner, value, gnotes,
                       summary=f"{_side_name(winner)} win the game {t[winner]}-{t[loser]}")


def _side_name(side: int) -> str:
    return "seats 0 & 2" if side == 0 else "seats 1 & 3"


@dataclasses.dataclass(frozen=True)
class KreutzObservation(TrickObservationN):
    """What one seat may know in a deal of four-handed Sixty-Six: the N-seat fields (see
    :class:`~bezique.core.trick.TrickObservationN`; ``points`` holds each seat's side's
    count, ``hands`` his own hand only: partners do not consult) and ``trump_card``, the
    dealer's turn-up (public until he plays it, ``known_in_hand`` shows it in his hand),
    ``side_points`` and ``side_tricks`` per side, ``pending``, marriage points per seat
    waiting for his side's first trick, and ``marriages``, each ``(seat, suit, value)``
    announced."""

    trump_card: Card
    side_points: tuple[int, ...]
    side_tricks: tuple[int, ...]
    pending: tuple[int, ...]
    marriages: tuple[tuple[int, Suit, int], ...]
    carry: int


class KreutzState(TrickStateN):
    """A position in a deal of four-handed Sixty-Six. Beside the N-seat machinery
    (hands, known cards, exclusion masks, the trick and its running winner, resampling):
    ``trump_card`` (the dealer's turn-up), ``pending`` marriage points per seat,
    ``marriages`` announced, and ``carry``, a tie carried from the deal before."""

    __slots__ = ("trump_card", "pending", "marriages", "carry")
    copies = copying(same="trump_card marriages carry", list="pending")

    order = ORDER
    observation_class = KreutzObservation
    phase_names: ClassVar[dict[int, str]] = {PLAY_PHASE: "play", OVER_PHASE: "end"}

    game: KreutzMariage
    trump_card: int
    pending: list[int]
    marriages: tuple[tuple[int, int, int], ...]
    carry: int

    @classmethod
    def from_pack(cls, game: KreutzMariage, dealer: int, order: Sequence[int]) -> KreutzState:
        """Deal from a pack order (index 0 the top card) as ``deal`` says (V-SS4-01); the
        last card, the dealer's, is the trump card, known to be his."""
        dealer = check_seat(dealer, 4, "dealer")
        o = [int(c) for c in order]
        if len(o) != 32:
            raise ValueError(f"a four-handed Sixty-Six pack order has 32 cards, not {len(o)}")
        hands: list[list[int]] = [[] for _ in range(4)]
        if game.options.deal == "german":  # partner, left, right, himself; four times
            rounds = [2, 2, 2, 2]
            seats = [(dealer + 2) % 4, (dealer + 1) % 4, (dealer + 3) % 4, dealer]
        else:
            rounds = [3, 2, 3]
            seats = [(dealer + k) % 4 for k in (1, 2, 3, 4)]
        i = 0
        for k in rounds:
            for seat in seats:
                hands[seat] += o[i:i + k]
                i += k
        up = o[-1]
        s = cls.__new__(cls)
        s.start(game, dealer, hands, trump=up >> 4,
                known=[[up] if p == dealer else [] for p in range(4)])
        s.trump_card = up
        s.pending = [0, 0, 0, 0]
        s.marriages = ()
        s.carry = 0
        return s

    # -- counting -------------------------------------------------------------------------

    def side_counts(self) -> tuple[int, ...]:
        """Each side's count toward 66: card points, the last trick, marriages that
        count."""
        return seating.side_totals(self.deal_sides, self.points)

    def side_tricks(self) -> tuple[int, ...]:
        """Tricks won by each side."""
        return seating.side_totals(self.deal_sides, self.tricks_won)

    def deal_winner(self) -> int:
        """The side that wins the finished deal (66 or more, and more than the other),
        or -1 for a tie."""
        c = self.side_counts()
        if c[0] == c[1]:
            return -1
        w = 0 if c[0] > c[1] else 1
        return w if c[w] >= TARGET else -1

    def deal_value(self, side: int) -> tuple[int, str]:
        """The game points ``side`` scores for winning the deal, and why (``bands``)."""
        other = 1 - side
        if not self.side_tricks()[other]:
            return 3, "schwartz, every trick: 3"
        counts = self.side_counts()
        if self.game.options.bands == "foster_100":
            if counts[side] > 100:
                return 2, "schneider, over 100: 2"
            return 1, "66 to 100: 1"
        if counts[other] < 33:
            return 2, "schneider, the losers under 33: 2"
        return 1, "1"

    # -- play -----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.phase != PLAY_PHASE:
            return []
        cards = self.legal_cards()
        acts: list[Action] = [_PLAY[c] for c in cards]
        if not self.trick and self.game.options.marriages == "counted":
            hand = self.hands[self.player]
            for c in sorted(hand):
                if c & 15 == KING and c - 1 in hand:
                    acts += [_MARRY[c], _MARRY[c - 1]]
        return acts

    def apply(self, action: Action) -> None:
        if self.phase != PLAY_PHASE:
            raise IllegalActionError("the deal is over")
        kind = type(action)
        if kind is not Play and kind is not Marry:
            raise IllegalActionError(f"{action_text(action)} is not an action of"
                                     " four-handed Sixty-Six: play a card")
        c = getattr(action, "card", None)
        if isinstance(c, bool) or not isinstance(c, int) or int(c) not in _IDS:
            raise IllegalActionError(f"{quoted(c)} is not a card of the four-handed"
                                     " Sixty-Six pack; give a Card, e.g. Card.parse('QS')")
        c = int(c)
        p = self.player
        hand = self.hands[p]
        if kind is Marry:
            if self.game.options.marriages != "counted":
                raise IllegalActionError("marriages are not counted in this game (option"
                                         " marriages=not_counted, the American way)")
            if self.trick:
                raise IllegalActionError("a marriage is announced by leading one of its"
                                         " cards (SS 21)")
            if c & 15 not in (KING, QUEEN):
                raise IllegalActionError(f"{action}: a marriage is led with its King or"
                                         " Queen")
            if c not in hand or c ^ 1 not in hand:
                raise IllegalActionError(f"{action} needs both {card_name(c)} and"
                                         f" {card_name(c ^ 1)} in your hand")
            self._marriage(p, c)
            self.play_card(c)
            return
        legal = self.legal_cards()
        if c not in legal:
            raise IllegalActionError(self.why_illegal(c, legal))
        self.play_card(c)

    def _marriage(self, p: int, c: int) -> None:
        suit = c >> 4
        value = ROYAL_MARRIAGE if suit == self.trump else MARRIAGE
        partner = c ^ 1  # King 13 <-> Queen 12
        if partner not in self.known[p]:  # the other card is now known to be held
            self.known[p].append(partner)
        self.marriages = self.marriages + ((p, suit, value),)
        self.note(Married, p, suit, value)
        side_tricks = self.side_tricks()[self.deal_sides[p]]
        if side_tricks:
            self.score(p, value, "royal marriage" if suit == self.trump else "marriage")
        else:  # the opening lead: it counts once his side wins a trick (SS 23)
            self.pending[p] += value

    follow_cards = TrickStateN.heading_cards
    def why_illegal(self, card: int, legal: list[int]) -> str:
        if card not in self.hands[self.player]:
            return f"{card_name(card)} is not in the hand of seat {self.player}"
        suit = self.trick[0] >> 4 if self.trick else -1
        if card >> 4 != suit and any(c >> 4 == suit for c in self.hands[self.player]):
            duty = "you must follow suit"
        elif card >> 4 == suit or card >> 4 == self.trump:
            duty = "you must win the trick if you can, even your partner's"
        else:
            duty = "void in the suit led, you must trump (over-trump if you can)"
        return (f"{card_name(card)} may not be played: {duty}; play one of "
                + " ".join(card_name(c) for c in sorted(set(legal))))

    note_play = TrickStateN.note_heading_play

    def trick_done(self, winner: int, cards: tuple[int, ...]) -> None:
        """The trick's cards and, for the eighth, the last trick count for its winner; a
        marriage pending counts with his side's first trick."""
        w = winner
        pts = sum(POINTS[c] for c in cards)
        if pts:
            self.score(w, pts, "cards")
        side = self.deal_sides[w]
        for p in range(4):
            if self.pending[p] and self.deal_sides[p] == side:
                self.score(p, self.pending[p], "marriage (now counts)")
                self.pending[p] = 0
        if self.tricks == TRICKS:
            self.score(w, LAST_TRICK, "last trick")
            self.phase = OVER_PHASE

    # -- copies, observations ---------------------------------------------------------------

    def observation_fields(self, seat: int) -> dict[str, Any]:
        fields = super().observation_fields(seat)
        fields["phase"] = ("end" if self.phase == OVER_PHASE
                           else "follow" if self.trick else "lead")
        fields.update(
            trump_card=Card(self.trump_card), side_points=self.side_counts(),
            side_tricks=self.side_tricks(), pending=tuple(self.pending),
            marriages=tuple((p, Suit(s), v) for p, s, v in self.marriages),
            carry=self.carry)
        return fields

    def observation(self, seat: int) -> KreutzObservation:
        return cast(KreutzObservation, super().observation(seat))

    def public_observation(self) -> KreutzObservation:
        return cast(KreutzObservation, super().public_observation())

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def __repr__(self) -> str:
        return (f"<KreutzState dealer={self.dealer} trick={self.tricks}"
                f" phase={self.phase_names.get(self.phase, self.phase)}>")


KreutzMariage.state_class = KreutzState
