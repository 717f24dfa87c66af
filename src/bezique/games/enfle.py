"""Enflé (Rolling Stone, Schwellen), as Foster's *Complete Hoyle* ends its description
(INVENTORY 22; OTHER_GAMES "Enflé"), the beginning filled from the standard accounts.

Four to six play, each for himself, with eight cards a player: the pack is stripped from
the Twos up so that each suit has as many cards as there are players (32 cards, A K Q J
10 9 8 7, at four; the Sixes and Fives added at five, 40 cards; the Fours and Threes at
six, 48). The Ace is high; there are no trumps. All the cards are dealt.

The play (Foster, Enflé): the eldest hand (the dealer's left) leads any card he pleases,
and the others must follow suit if they can. If all follow, the highest card of the suit
wins the trick, which is turned face down: its cards are dead, and its winner leads to
the next trick. The first player who cannot follow may not discard: he gathers up the
cards already played to the trick and takes them into his hand, the players after him do
not play to it, and he leads to the next trick (any card). So it goes until some player
gets rid of all his cards: he wins the deal, the moment his last card is played. Each
player puts a counter into the pool before the deal; the winner takes it.

Taking up is an action, ``take``, the only legal one of a player who cannot follow: he
has no choice, but it is his to take at his turn, so nothing tells the others before it
whether the player to play can follow. The cards he takes up were seen by all: they are
publicly known to be in his hand (``known``) until he plays them, and his failure to
follow shows that the rest of his hand holds no card of that suit.

Options:

- ``players``: 4 (the default), 5 or 6 (the pack follows).
- ``deal``: ``ones`` (the default: one card at a time round the table, from the dealer's
  left) or ``twos`` (two at a time); the standard accounts give either.
- ``scoring``: ``pool`` (Foster, the default: a counter each, the winner takes the pool:
  he gains one from each other player) or ``cards`` (Parlett's scoring: each loser pays
  the winner the pips of the cards left in his hand, an Ace 1, the Twos to Tens their
  number, a court card 10).
- ``rounds``: the match is so many rounds of deals, each player dealing once a round (2
  by default: 8, 10 or 12 deals); the highest total wins, a tie at the top playing
  another deal.
- ``trick_limit``: the safeguard against a deal without end (see below): after so many
  tricks (turned down or taken up) without anyone going out, the deal is drawn.

A deal need not end. The taken-up cards come back into play, and under legal play a
lone card of a suit nobody else holds can go round the table for ever, each player in
turn taking it up and leading it again. No source gives a remedy (the texts only say the
game may last long), so the project draws a deal that reaches ``trick_limit`` tricks
(200 by default, far beyond the deals that end by themselves: see ``docs/RULES.md``):
nobody wins it, and with the pool its stake stays in the pool for the winner of the next
deal (so the next winner gains two from each, and so on). With ``scoring=cards`` a drawn
deal scores nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ..core.cards import Pack, Rank, card_name, parse_game_card
from ..core.errors import IllegalActionError, NotationError, quoted
from ..core.events import NUMBERED, Event, Names
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
    PlayCard,
    RankOrder,
    TrickObservationN,
    TrickStateN,
    card_mask,
    copying,
)

__all__ = ["HAND_SIZE", "ORDER", "RANKS", "TAKE_UP", "DealDrawn", "Enfle", "EnfleObservation",
           "EnfleOptions", "EnfleState", "TakeUp", "TookUp", "WentOut", "hand_value",
           "parse_action"]

#: Eight cards to each player (the pack has eight a player).
HAND_SIZE = 8
#: The ranks of the pack at each size of table, high to low: four suits of as many cards
#: as there are players, stripped from the Twos up.
RANKS: dict[int, tuple[Rank, ...]] = {
    n: tuple(Rank(r) for r in range(14, 14 - 2 * n, -1)) for n in (4, 5, 6)}
#: Ace high, no trumps, no card points.
ORDER = RankOrder(sorted(Rank, reverse=True))
STRENGTH = ORDER.strength
PACKS: dict[int, Pack] = {n: Pack.of_ranks(r) for n, r in RANKS.items()}
DEALS = ("ones", "twos")
SCORINGS = ("pool", "cards")
#: The tricks (turned down or taken up) after which a deal is drawn, by default.
TRICK_LIMIT = 200
TRICK_LIMITS = (100, 200, 300, 500)


def hand_value(cards: Sequence[int]) -> int:
    """Parlett's count of a loser's hand: an Ace 1, a Two to Ten its number, a court card
    10.

    >>> from bezique.core.cards import parse_cards
    >>> hand_value([int(c) for c in parse_cards("AS KS 9H")])
    20
    """
    total = 0
    for c in cards:
        r = c & 15
        total += 1 if r == 14 else 10 if r > 10 else r
    return total


class TakeUp(WordAction, word="take"):
    """Take up the cards played to the trick, being unable to follow suit (notation
    ``take``): the only thing a player void in the suit led may do."""

    __slots__ = ()


TAKE_UP = TakeUp()


# -- events -----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True)
class TookUp(Event):
    """``seat`` could not follow suit and took the cards played to the trick, ``cards``,
    into his hand; the trick ends there and he leads to the next."""

    seat: int
    cards: tuple[int, ...]

    breaks_trick: ClassVar[bool] = True

    def describe(self, names: Names = NUMBERED) -> str:
        takes = "take" if self.seat == names.you else "takes"
        return (f"{names.seat(self.seat)} cannot follow suit and {takes} up"
                f" {names.cards(self.cards)}.")


@dataclasses.dataclass(frozen=True, slots=True)
class WentOut(Event):
    """``seat`` played his last card: he wins the deal."""

    seat: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "have", "played the last card and " + (
            "win" if self.seat == names.you else "wins") + " the deal") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class DealDrawn(Event):
    """Nobody went out in ``tricks`` tricks: the deal is drawn (the safeguard)."""

    tricks: int
    seat: int = -1

    def describe(self, names: Names = NUMBERED) -> str:
        return (f"Nobody has gone out after {self.tricks} tricks: the deal is drawn"
                " (the trick limit).")


# -- options ----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class EnfleOptions(Options):
    """The variants of Enflé. Defaults: Foster's pool, the standard pack and deal."""

    game_title: ClassVar[str] = "Enflé"

    players: int = _opt(4, (4, 5, 6), "Four, five or six players: 32, 40 or 48 cards,"
                        " eight each.", "INVENTORY 22 (standard: Bicycle, Morehead)")
    deal: str = _opt("ones", DEALS, "Deal the cards one at a time, or two at a time.",
                     "INVENTORY 22 (standard: Morehead, one or two at a time)")
    scoring: str = _opt(
        "pool", SCORINGS,
        "The pool, a counter each, the winner taking it (Foster); or cards, each loser"
        " paying the winner the pips left in his hand, Ace 1, court cards 10 (Parlett).",
        "Foster, Enflé; Parlett")
    rounds: int = _opt(2, None, "Rounds of deals in a match, each player dealing once a"
                       " round; the highest total wins.", "project's choice",
                       least=1, most=MOST_DEALS // 6)
    trick_limit: int = _opt(
        TRICK_LIMIT, TRICK_LIMITS, "Tricks (turned down or taken up) after which a deal"
        " nobody has gone out of is drawn, its pool carried to the next deal.",
        "project's choice (a deal can go on for ever)")


def parse_action(text: str, players: int = 4) -> Action:
    """Read an Enflé action: a card of the pack for ``players`` (``QS``, ``10D``, ``7H``),
    or ``take`` (take up the trick, unable to follow).

    >>> str(parse_action("10h")), str(parse_action("5C", players=5)), str(parse_action("take up"))
    ('TH', '5C', 'take')
    """
    t = action_words(text, "Enflé")
    if t.lower() in ("take", "take up", "takeup"):
        return TAKE_UP
    if " " in t:
        raise NotationError(f"not an Enflé action: {quoted(text)} (a card like QS or 10D,"
                            " or take, to take up a trick you cannot follow)")
    return PLAYS[int(parse_game_card(t, RANKS[players], f"Enflé at {players}"))]


# -- the game ---------------------------------------------------------------------------------

class Enfle(Game["EnfleState"]):
    """Enflé, or Rolling Stone: follow suit or take the trick into your hand; the first
    out of cards wins the pool.

    >>> game = Enfle()
    >>> state = game.deal(dealer=3, seed=2)
    >>> [len(h) for h in state.hands], state.current_player(), len(game.pack)
    ([8, 8, 8, 8], 0, 32)
    """

    name = "enfle"
    title = "Enflé"
    rules_by = "Foster's rules"
    blurb = ("Enflé (Rolling Stone), four to six players: follow suit or take the trick"
             " into your hand; the first out of cards wins the pool.")
    options_class = EnfleOptions
    options: EnfleOptions
    min_players, max_players = 4, 6

    @property
    def pack(self) -> Pack:
        """Eight cards a player: 32 at four, 40 at five, 48 at six."""
        return PACKS[self.num_players]

    @property
    def deals_in_match(self) -> int:
        """The deals of a match: ``rounds`` times the players."""
        return self.options.rounds * self.num_players

    def deal_in_match(self, dealer: int, pack: Sequence[int], sheet: ScoreSheet
                      ) -> EnfleState:
        """A deal that knows the pools carried from drawn deals before it."""
        state = self.deal(dealer, pack=pack)
        state.carry = sheet.carry
        return state

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.num_players)

    def deal_result(self, state: EnfleState) -> DealResult:
        """The pool (``scoring=pool``): the winner gains from each other player his stake,
        and the stakes of the drawn deals carried (``carry``); ``scoring=cards``: each
        loser pays the winner the pips left in his hand. A drawn deal scores nothing.
        ``details``: ``winner`` (-1 drawn), ``drawn``, ``stake`` (each loser's payment
        in the pool)."""
        if not state.is_terminal():
            raise ValueError("the deal is not over")
        n = self.num_players
        w = state.out
        if w < 0:
            carried = 1 if self.options.scoring == "pool" else 0
            why = ("the pool stays for the next deal" if carried else "nobody scores")
            return DealResult((0,) * n, (f"drawn after {state.rounds_played()} tricks: {why}",),
                              (("winner", -1), ("drawn", 1), ("carry", carried)))
        pays = [0] * n
        for p in range(n):
            if p != w:
                pays[p] = (1 + state.carry if self.options.scoring == "pool"
                           else hand_value(state.hands[p]))
        points = tuple(sum(pays) if p == w else -pays[p] for p in range(n))
        if self.options.scoring == "pool":
            note = f"seat {w} goes out and takes the pool: {1 + state.carry} from each"
            if state.carry:
                note += f" ({state.carry} carried from drawn deals)"
        else:
            note = f"seat {w} goes out: the others pay the pips in their hands"
        return DealResult(points, (note,), (("winner", w), ("stake", 1 + state.carry),
                                            ("carried", state.carry)))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """The deal goes on the sheet; a drawn deal's pool carries to the next. After
        ``rounds`` rounds the highest total wins, a tie at the top playing another deal
        (as Auction Binocle)."""
        if result.detail("drawn"):
            sheet.carry += result.detail("carry")
        else:
            sheet.carry = 0
        row = sheet.enter(deal_no, dealer, result, result.notes)
        if len(sheet.rows) < self.deals_in_match:
            return
        top = max(sheet.totals)
        leaders = [c for c, t in enumerate(sheet.totals) if t == top]
        if len(leaders) > 1:
            row.notes = (*row.notes, "level at the top: another deal")
            return
        w = leaders[0]
        sheet.end_game(w, 1, summary=f"seat {w} wins the match with {top} after"
                       f" {len(sheet.rows)} deals")


# -- observations -----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class EnfleObservation(TrickObservationN):
    """What one seat may know in a deal of Enflé: the N-seat fields (see
    :class:`~bezique.core.trick.TrickObservationN`: ``hand_sizes``, ``known_in_hand``,
    the cards each seat took up and has not played again, ``excluded`` and ``voids``, the
    suits he has shown he lacks, ``won``, the dead tricks each seat turned down) and:
    ``out``, the seat that went out (-1), ``taken_up``, the tricks taken up so far,
    ``trick_limit``, ``carry``, the pools carried from drawn deals (their stakes go to
    this deal's winner)."""

    out: int
    taken_up: int
    trick_limit: int
    carry: int


# -- the state --------------------------------------------------------------------------------

class EnfleState(TrickStateN):
    """A position in a deal of Enflé: the N-seat machinery and ``out`` (the seat that
    went out, -1), ``taken_up`` (tricks taken up: with ``tricks``, those turned down,
    they count toward the trick limit), ``carry`` (pools carried from drawn deals)."""

    __slots__ = ("out", "taken_up", "carry")
    copies = copying(same="out taken_up carry")

    order = ORDER
    observation_class = EnfleObservation
    phase_names: ClassVar[dict[int, str]] = {PLAY_PHASE: "play", OVER_PHASE: "end"}

    game: Enfle
    out: int
    taken_up: int
    carry: int

    @classmethod
    def from_pack(cls, game: Enfle, dealer: int, order: Sequence[int]) -> EnfleState:
        """Deal the whole pack from the dealer's left, one card at a time or two
        (``deal``); eight cards each."""
        n = game.num_players
        dealer = check_seat(dealer, n, "dealer")
        o = [int(c) for c in order]
        if len(o) != HAND_SIZE * n:
            raise ValueError(f"an Enflé pack order at {n} has {HAND_SIZE * n} cards, not"
                             f" {len(o)}")
        k = 2 if game.options.deal == "twos" else 1
        hands: list[list[int]] = [[] for _ in range(n)]
        seats = [(dealer + i) % n for i in range(1, n + 1)]
        i = 0
        while i < len(o):
            for seat in seats:
                hands[seat] += o[i:i + k]
                i += k
        s = cls.__new__(cls)
        s.start(game, dealer, hands)
        s.out = -1
        s.taken_up = 0
        s.carry = 0
        return s

    def rounds_played(self) -> int:
        """Tricks ended so far, turned down or taken up (what the limit counts)."""
        return self.tricks + self.taken_up

    # -- play -------------------------------------------------------------------------------

    def follow_cards(self, hand: list[int]) -> list[int]:
        """Follow suit (none: he cannot, and must take up the trick)."""
        suit = self.trick[0] >> 4
        return [c for c in hand if c >> 4 == suit]

    def why_illegal(self, card: int, legal: list[int]) -> str:
        if card not in self.hands[self.player]:
            return f"{card_name(card)} is not in the hand of seat {self.player}"
        if not legal:
            return (f"{card_name(card)} may not be played: unable to follow suit, you may"
                    " not discard but must take up the trick ('take'; Foster, Enflé)")
        return (f"{card_name(card)} may not be played: you must follow suit (Foster,"
                " Enflé); play one of " + " ".join(card_name(c) for c in sorted(legal)))

    def cannot_follow(self) -> bool:
        """Whether the player to play holds no card of the suit led (he must take up)."""
        if not self.trick:
            return False
        suit = self.trick[0] >> 4
        return not any(c >> 4 == suit for c in self.hands[self.player])

    def legal_actions(self) -> list[Action]:
        if self.phase == PLAY_PHASE and self.cannot_follow():
            return [TAKE_UP]
        return super().legal_actions()

    def apply(self, action: Action) -> None:
        if self.phase == PLAY_PHASE and type(action) is TakeUp:
            if not self.trick:
                raise IllegalActionError("there is no trick to take up: lead a card")
            if not self.cannot_follow():
                raise IllegalActionError(
                    f"seat {self.player} can follow suit, so must: only a player who"
                    " cannot follow takes up the trick (Foster, Enflé)")
            self.take_up()
            return
        if self.phase == PLAY_PHASE:
            card = getattr(action, "card", None)
            if (type(action) is not PlayCard or type(card) is not int
                    or card not in PLAYS_OF[self.n]):
                raise IllegalActionError(f"{action_text(action)} is not an action of Enflé"
                                         f" at {self.n}: play a card of its pack")
        super().apply(action)

    def play_card(self, card: int) -> None:
        """A taken-up card played again is no longer in the hand (the suits a player has
        shown he lacks then read right)."""
        p = self.player
        if card in self.known[p]:
            self.excluded[p] |= 1 << card
        super().play_card(card)

    def after_play(self, p: int) -> None:
        """After ``p``'s card: out of cards, he wins at once; a full trick is turned
        down; otherwise the next player follows, or, unable to, takes up the trick."""
        if not self.hands[p]:
            self.out = p
            self.phase = OVER_PHASE
            self.note(WentOut, p)
            return
        trick = self.trick
        if len(trick) == self.n:
            self.end_trick()
            return
        self.player = (p + 1) % self.n

    def take_up(self) -> None:
        """The player to play, who cannot follow, takes up the cards played to the
        trick: the trick ends, and he leads to the next (Foster, Enflé)."""
        seat = self.player
        cards = tuple(self.trick)
        suit = cards[0] >> 4
        self.hands[seat] += cards
        self.known[seat] += cards
        # void in the suit, he now holds of it just these cards, known to all
        self.excluded[seat] = (self.excluded[seat] | SUIT_MASKS[suit]) & ~card_mask(cards)
        self.note(TookUp, seat, cards)
        self.trick = []
        self.trick_seats = []
        self.winner = -1
        self.leader = seat
        self.taken_up += 1
        self._check_limit()

    def trick_done(self, winner: int, cards: tuple[int, ...]) -> None:
        """A trick turned down is dead: nothing scores; the limit is checked."""
        self._check_limit()

    def _check_limit(self) -> None:
        done = self.tricks + self.taken_up
        if done >= self.game.options.trick_limit:
            self.phase = OVER_PHASE
            self.note(DealDrawn, done)

    # -- observations -----------------------------------------------------------------------

    def observation_fields(self, seat: int) -> dict[str, Any]:
        fields = super().observation_fields(seat)
        fields["phase"] = ("end" if self.phase == OVER_PHASE
                           else "follow" if self.trick else "lead")
        fields.update(out=self.out, taken_up=self.taken_up,
                      trick_limit=self.game.options.trick_limit, carry=self.carry)
        return fields

    def observation(self, seat: int) -> EnfleObservation:
        return cast(EnfleObservation, super().observation(seat))

    def public_observation(self) -> EnfleObservation:
        return cast(EnfleObservation, super().public_observation())

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.n)

    def __repr__(self) -> str:
        return (f"<EnfleState seats={self.n} dealer={self.dealer} tricks={self.tricks}"
                f" taken_up={self.taken_up} phase={self.phase_names.get(self.phase)}>")


#: The card ids of the pack at each size of table.
PLAYS_OF: dict[int, frozenset[int]] = {n: frozenset(int(c) for c in p.cards)
                                       for n, p in PACKS.items()}

Enfle.state_class = EnfleState
