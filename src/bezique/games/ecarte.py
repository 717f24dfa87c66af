"""Écarté, as *Enquire Within* gives it (items 118-119: the end of the description and
the Rules of Écarté), its missing opening filled with the standard game of the period
(Cavendish's club code as *Hoyle's Games Modernized* quotes it; the 1911 Britannica).

Two play with the 32-card pack, the King highest: K Q J A 10 9 8 7. The players cut for
deal (the match's first dealer), and the deal alternates (EW 118). The dealer gives five
cards each, by three and two or by two and three (``deal_by``, kept for the whole game,
EW 119), and turns the eleventh for trumps; a King turned up is marked by the dealer, one
point (EW 119). The rest of the pack, face down, is the talon.

The exchange (the opening the text lacks; standard): the elder hand (the non-dealer)
proposes (``propose``) or plays without proposing (``play``); the dealer accepts
(``accept``) or refuses (``refuse``). A proposal, an acceptance and a refusal are
irrevocable (EW 119). Once a proposal is accepted the elder discards face down one card
or more (``discard 7H 8C``) and takes as many from the talon, then the dealer discards
as he pleases (none at all by default, ``dealer_discard``) and takes as many; the elder
may then propose again, and so on (``exchanges``), while the talon holds a card. The
discards lie face down: nobody ever sees another's discards (EW 119), and they are in no
observation but their owner's.

The play: the elder leads; the second player must follow suit and win the trick if he
can; void, he must trump (``must_trump``); the winner of a trick leads to the next.

Marking: a King of trumps held in hand is announced (``king``, "I mark the King") before
its holder plays his first card, or the right is lost (EW 119; ``king_announce``): one
point. Three or four tricks are the point, one; all five the vole, two (EW 119). The
elder who played without proposing and fails to make three tricks gives his adversary
two points; so does the dealer who refused the first proposal and fails (EW 118-119; the
second of these rules says "two tricks" for the elder: points are meant, see
``docs/RULES.md``). The game is five up (``game_target``): the first to mark five wins at
once, even before the deal is played out (EW 118).

Options (``EcarteOptions``): ``deal_by``, ``exchanges``, ``later_proposals``,
``dealer_discard``, ``must_trump``, ``king_announce``, ``game_target``, ``game_value``.

Representation: cards are int ids; the hands, the talon (its top card last), each seat's
discards and the cards won are lists of ids; the log is the persistent public log.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, ClassVar, cast

from ..core.cards import Card, Pack, Rank, Suit, card_name, parse_game_card
from ..core.errors import IllegalActionError, NotationError, quoted
from ..core.events import NUMBERED, Event, Names, Played, Scored, TrickWon, TurnedUp
from ..core.game import (
    SPECTATOR,
    Action,
    DealResult,
    Game,
    Observation,
    Options,
    WordAction,
    action_text,
    action_words,
    check_seat,
)
from ..core.game import option as _opt
from ..core.match import ScoreSheet
from ..core.sample import sample_hands
from ..core.trick import (
    END_PHASE,
    SUIT_MASKS,
    PlayCard,
    RankOrder,
    TrickState,
    copying,
    duty_shows,
)

__all__ = ["Accept", "Discard", "Ecarte", "EcarteObservation", "EcarteOptions",
           "EcarteState", "GameReached", "KingMarked", "MarkKing", "ORDER", "Proposal",
           "Propose", "Refuse", "SCORE_VALUES", "Stand", "Take", "TookCards", "parse_action"]

KING, QUEEN, JACK, ACE = 13, 12, 11, 14
#: K Q J A 10 9 8 7: the King highest, the Ace between the Knave and the Ten (standard).
ORDER = RankOrder([Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE,
                   Rank.EIGHT, Rank.SEVEN])
STRENGTH = ORDER.strength
PACK = Pack.piquet()
HAND = 5
TRICKS = 5

#: The reasons of the scores (``Scored.reason``), each worth what the text says.
KING_TURNED, KING_HELD, THE_POINT, THE_VOLE = ("the King turned up", "the King", "the point",
                                               "the vole")
STOOD_AND_FAILED = "the adversary played without proposing and failed"
REFUSED_AND_FAILED = "the adversary refused the first proposal and failed"
#: What each reason scores (EW 118-119).
SCORE_VALUES = {KING_TURNED: 1, KING_HELD: 1, THE_POINT: 1, THE_VOLE: 2, STOOD_AND_FAILED: 2,
                REFUSED_AND_FAILED: 2}

PROPOSE, ANSWER, DISCARD, END, PLAY = 0, 1, 2, END_PHASE, 4
PHASE_NAMES = {PROPOSE: "propose", ANSWER: "answer", DISCARD: "discard", END: "end",
               PLAY: "play"}

DEALS = ("3-2", "2-3")
EXCHANGES = ("unlimited", "one")
LATER_PROPOSALS = ("elder", "either")
DEALER_DISCARD = ("any", "at_least_one")
KING_ANNOUNCE = ("before_first_card", "until_played")
GAME_VALUES = ("single", "by_score")


# -- options -----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class EcarteOptions(Options):
    """The variants of Écarté. The defaults are Enquire Within's rules, and Cavendish's
    club code where the text is silent."""

    game_title: ClassVar[str] = "Écarté"

    deal_by: str = _opt(
        "3-2", DEALS,
        "How the five cards are dealt: three then two to each, or two then three; the"
        " dealer's choice, kept for the whole game.", "EW 119")
    exchanges: str = _opt(
        "unlimited", EXCHANGES,
        "How many exchanges: unlimited, a new proposal after each accepted one while the"
        " talon lasts (Cavendish); or one, a second only by agreement (Enquire Within's"
        " fuller text).", "Cavendish; EW 118")
    later_proposals: str = _opt(
        "elder", LATER_PROPOSALS,
        "Who may propose after an exchange: the elder hand alone (Cavendish), or either:"
        " when the elder plays, the dealer may propose in his turn.",
        "Cavendish; house usage")
    dealer_discard: str = _opt(
        "any", DEALER_DISCARD,
        "The dealer, having accepted, discards as many cards as he pleases, none at all"
        " (Enquire Within, Britannica); or at least one (modern accounts).",
        "EW 118; Britannica 1911")
    must_trump: bool = _opt(
        True, None,
        "Void in the suit led, the second player must trump (the standard rule); off, he"
        " may throw any card (Enquire Within's fuller text).", "Cavendish; EW 118")
    king_announce: str = _opt(
        "before_first_card", KING_ANNOUNCE,
        "When a King of trumps in hand is marked: before its holder plays his first card"
        " (the text), or at any turn until he plays it.", "EW 119")
    game_target: int = _opt(5, None, "Points that win the game: five up.", "EW 118",
                            least=3, most=15)
    game_value: str = _opt(
        "single", GAME_VALUES,
        "What a game is worth: single; or by_score, treble if the loser has not scored,"
        " double if he has one or two points (Cavendish, by agreement).", "Cavendish 46")


# -- actions -----------------------------------------------------------------------------

class Propose(WordAction, word="propose"):
    """Ask for cards: an offer to exchange (EW 119's proposal)."""


class Stand(WordAction, word="play"):
    """Play the hands as they are ("I play"): the elder's refusal to propose."""


class Accept(WordAction, word="accept"):
    """The dealer (or the answering seat) accepts the proposal."""


class Refuse(WordAction, word="refuse"):
    """The proposal is refused: the hands are played as they are."""


class MarkKing(WordAction, word="king"):
    """"I mark the King": the King of trumps in hand, announced before one's first card
    (EW 119)."""


class Take(WordAction, word="take"):
    """Take from the talon as many cards as one has discarded (none: keep one's hand)."""


@dataclasses.dataclass(frozen=True)
class Discard(Action):
    """Lay ``card`` aside face down, one card at a time (``discard 7H``); ``take`` then
    draws as many from the talon."""

    card: Card

    def notation(self) -> str:
        return "discard " + card_name(self.card)


PROPOSE_ACTION, STAND, ACCEPT, REFUSE, MARK_KING, TAKE = Propose(), Stand(), Accept(), \
    Refuse(), MarkKing(), Take()
_IDS = tuple(sorted(int(c) for c in PACK.all_cards()))
_ID_SET = frozenset(_IDS)
#: the mask of the pack's cards of each suit
_SUIT_CARDS = tuple(sum(1 << c for c in _IDS if c >> 4 == x) for x in range(4))
_PLAY: dict[int, PlayCard] = {c: PlayCard(Card(c)) for c in _IDS}
_DISCARD: dict[int, Discard] = {c: Discard(Card(c)) for c in _IDS}
_WORDS: dict[str, Action] = {"propose": PROPOSE_ACTION, "cards": PROPOSE_ACTION,
                             "play": STAND, "i play": STAND, "accept": ACCEPT,
                             "refuse": REFUSE, "decline": REFUSE, "king": MARK_KING,
                             "take": TAKE,
                             "mark king": MARK_KING, "i mark the king": MARK_KING}


def _card(text: str) -> int:
    return int(parse_game_card(text, ORDER.ranks, "Écarté"))


def parse_action(text: str) -> Action:
    """Read an Écarté action: ``propose``, ``play`` (without proposing), ``accept``,
    ``refuse``, ``discard 7H`` (a card laid aside), ``take`` (as many from the talon),
    ``king`` (I mark the King), or a card (``QS``, ``10D``).

    >>> [str(parse_action(t)) for t in ("propose", "discard 8c", "take", "king", "10d")]
    ['propose', 'discard 8C', 'take', 'king', 'TD']
    """
    t = action_words(text, "Écarté")
    low = t.lower()
    if low in _WORDS:
        return _WORDS[low]
    parts = t.split()
    if parts[0].lower() == "discard":
        if len(parts) != 2:
            raise NotationError(f"discard one card at a time: 'discard 7H', not"
                                f" {quoted(text)}")
        return _DISCARD[_card(parts[1])]
    if len(parts) == 1:
        return _PLAY[_card(t)]
    raise NotationError(f"not an Écarté action: {quoted(text)} (propose, play, accept,"
                        " refuse, 'discard 7H 8C', king, or a card like QS)")


# -- events ------------------------------------------------------------------------------

_PROPOSAL_WORDS = {"propose": ("propose", "cards"),
                   "accept": ("accept", ""),
                   "refuse": ("refuse", "the hands are played as they are"),
                   "play": ("play", "without proposing"),
                   "stand": ("stand", "no more cards")}


@dataclasses.dataclass(frozen=True, slots=True)
class Proposal(Event):
    """``seat`` spoke in the exchange: ``word`` is ``propose``, ``accept``, ``refuse``,
    ``play`` (the elder plays without proposing) or ``stand`` (no more cards after an
    exchange)."""

    seat: int
    word: str

    def describe(self, names: Names = NUMBERED) -> str:
        verb, rest = _PROPOSAL_WORDS.get(self.word, (self.word, ""))
        if self.word == "play":
            return names.says(self.seat, "play", "without proposing") + "."
        if self.word == "refuse":
            return names.says(self.seat, "refuse") + ": the hands are played as they are."
        if self.word == "propose":
            return names.says(self.seat, "propose") + " (asks for cards)."
        if self.word == "stand":
            return names.says(self.seat, "play") + ": no more cards."
        return names.says(self.seat, verb, rest) + "."


@dataclasses.dataclass(frozen=True, slots=True)
class TookCards(Event):
    """``seat`` discarded ``count`` cards face down and took as many from the talon (the
    cards themselves are never told)."""

    seat: int
    count: int

    def describe(self, names: Names = NUMBERED) -> str:
        if not self.count:
            return names.says(self.seat, "keep", f"{names.its(self.seat)} hand") + "."
        cards = "card" if self.count == 1 else "cards"
        return names.says(self.seat, "discard", f"{self.count} {cards} face down, taking"
                          f" {self.count} from the talon") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class KingMarked(Event):
    """``seat`` marked the King of trumps: turned up by him as dealer (``turned``), or
    held in hand and announced (EW 119)."""

    seat: int
    card: int
    turned: bool = False

    told_with_score: ClassVar[bool] = True

    def describe(self, names: Names = NUMBERED) -> str:
        if self.turned:
            return names.says(self.seat, "mark", f"the King turned up, {names.card(self.card)}"
                              ) + "."
        return names.says(self.seat, "mark", f"the King, {names.card(self.card)}") + "."

    def describe_scoring(self, names: Names, points: int) -> str:
        return self.describe(names)[:-1] + f" ({points})."


@dataclasses.dataclass(frozen=True, slots=True)
class GameReached(Event):
    """``seat`` reached the game's ``target`` during the deal: the game is won at once,
    the deal unplayed (EW 118: the first to mark five wins)."""

    seat: int
    target: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "reach", f"{self.target}: the game is won") + "."


# -- the game ----------------------------------------------------------------------------

class Ecarte(Game["EcarteState"]):
    """Écarté (Enquire Within 118-119): two players, five cards each, the eleventh
    turned for trumps; the elder proposes an exchange or plays, the dealer accepts or
    refuses; the point (three tricks) one, the vole two, the King one; game five.

    >>> game = Ecarte()
    >>> state = game.deal(0, seed=1)
    >>> [len(h) for h in state.hands], len(state.stock), state.current_player()
    ([5, 5], 21, 1)
    >>> [str(a) for a in state.legal_actions()]
    ['propose', 'play']
    """

    name = "ecarte"
    #: A deal scores 1 or 2 (a King 1) toward a game of five: reviewed as game points.
    result_unit = "game points"
    title = "Écarté"
    options_class = EcarteOptions
    options: EcarteOptions
    pack = PACK
    rules_by: ClassVar[str] = "Enquire Within's rules"
    #: The highest Écarté card cut secures the deal (EW 119): the King highest.
    cut_ranks: ClassVar[tuple[int, ...]] = tuple(int(r) for r in ORDER.ranks)
    cut_winner_deals: ClassVar[bool] = True
    blurb: ClassVar[str] = ("Écarté (Enquire Within): five cards each, propose or play,"
                            " the King marked, the point and the vole; game five.")

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def deal_in_match(self, dealer: int, pack: Sequence[int], sheet: ScoreSheet
                      ) -> EcarteState:
        """A deal that knows the score: the first to mark the game's points wins at once
        (EW 118), a King marked at four ending the game before the play."""
        dealer = check_seat(dealer, 2, "dealer")
        order = self.pack_order(pack=pack)
        return EcarteState.from_pack(self, dealer, order,
                                     standing=(sheet.totals[0], sheet.totals[1]))

    def deal_result(self, state: EcarteState) -> DealResult:
        """Each seat's points of the deal (Kings, the point or the vole, the penalties);
        ``details``: ``winner`` (who made the point, -1 when the deal stopped first),
        ``tricks0``, ``tricks1``."""
        if not state.is_terminal():
            raise ValueError("the deal is not over")
        notes = (state.outcome,) if state.outcome else ()
        return DealResult((state.points[0], state.points[1]), notes,
                          (("winner", state.winner), ("tricks0", state.tricks_won[0]),
                           ("tricks1", state.tricks_won[1])))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Points add up; the first to the target (five) wins the game, and with it the
        match. ``game_value`` by_score: treble if the loser has not scored, double if he
        has one or two (Cavendish, law 46)."""
        sheet.enter(deal_no, dealer, result, result.notes)
        t = sheet.totals
        target = self.options.game_target
        if max(t) < target:
            return
        if t[0] >= target and t[1] >= target:  # cannot happen in a match: the deal stops
            won = result.detail("winner", -1)
            winner = won if won >= 0 else (0 if t[0] > t[1] else 1)
        else:
            winner = 0 if t[0] >= target else 1
        loser = t[1 - winner]
        value, notes = 1, cast(tuple[str, ...], ())
        if self.options.game_value == "by_score":
            if loser == 0:
                value, notes = 3, ("a treble: the loser has not scored",)
            elif loser <= 2:
                value, notes = 2, ("a double: the loser has one or two",)
        sheet.end_game(winner, value, notes,
                       summary=f"seat {winner} wins the game {t[winner]}-{loser}")


# -- observations ------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class EcarteObservation(Observation):
    """Everything one seat may know in a deal of Écarté, and nothing more.

    ``turn_up`` is the trump card (it stays on the talon, out of play); ``stock_size``
    the talon's count; ``proposal`` where the exchange stands (``open``: the elder to
    propose or play; ``proposed``; ``accepted``; ``refused``; ``played``: the elder
    played without proposing; ``stood``: no more cards after an exchange;
    ``exhausted``: the talon is spent); ``exchanges`` the exchanges made; ``discarded``
    how many cards each seat has discarded (public), ``discards`` the seat's own
    discards (face down: nobody else's); ``stood`` the elder if he played without
    proposing, ``refused`` the dealer if he refused the first proposal (-1 otherwise);
    ``kings`` the seats that marked the King and how (``turned`` or ``held``);
    ``standing`` the match's score before this deal and ``target`` the game's points.
    ``trick`` is the card led as ``(seat, card)``; ``voids`` the suits each seat has
    shown it lacks and ``excluded`` the cards it has shown it does not hold (by the
    duty to follow, win and trump)."""

    dealer: int
    elder: int
    to_move: int
    phase: str
    trump: Suit
    turn_up: Card
    stock_size: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int]
    known_in_hand: tuple[tuple[Card, ...], tuple[Card, ...]]
    voids: tuple[tuple[Suit, ...], tuple[Suit, ...]]
    excluded: tuple[tuple[Card, ...], tuple[Card, ...]]
    proposal: str
    exchanges: int
    discarded: tuple[int, int]
    discards: tuple[Card, ...]
    stood: int
    refused: int
    kings: tuple[tuple[int, str], ...]
    trick: tuple[tuple[int, Card], ...]
    trick_leader: int | None
    last_trick: tuple[tuple[int, Card], ...]
    last_winner: int | None
    tricks_played: int
    tricks_won: tuple[int, int]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    points: tuple[int, int]
    standing: tuple[int, int]
    target: int
    events: tuple[Event, ...]


# -- the state ---------------------------------------------------------------------------

class EcarteState(TrickState):
    """A position in one deal of Écarté (see the module's docstring)."""

    __slots__ = ("game", "dealer", "trump", "turn_up", "stock", "hands", "discards",
                 "known", "excluded", "points", "tricks_won", "won", "phase", "player",
                 "proposer", "proposal", "proposals", "exchanges", "stood", "refused",
                 "taking", "lead", "leader", "tricks", "first_played", "kings", "log",
                 "last_trick", "last_winner", "standing", "winner", "outcome")
    copies = copying(
        same=("game dealer trump turn_up points tricks_won phase player proposer proposal"
              " proposals exchanges stood refused taking lead leader tricks first_played kings log"
              " last_trick last_winner standing winner outcome"),
        list="excluded stock",
        pair="hands discards known won")

    game: Ecarte
    dealer: int
    trump: int
    turn_up: int
    stock: list[int]  # the talon, face down, its top card last
    hands: list[list[int]]
    discards: list[list[int]]  # face down, each seen by its owner alone
    known: list[list[int]]  # cards publicly known to be in a hand (a King marked)
    excluded: list[int]  # per seat, the cards it has shown it does not hold
    points: list[int]
    tricks_won: list[int]
    won: list[list[int]]
    phase: int
    player: int
    proposer: int  # the seat whose proposal is (or would be) on the table
    proposal: str
    proposals: int
    exchanges: int
    stood: int  # the elder, if he played without proposing
    refused: int  # the dealer, if he refused the first proposal
    taking: int  # the cards the seat discarding has laid aside in this exchange
    lead: int  # the card led to the trick in progress, or -1
    leader: int
    tricks: int
    first_played: int  # bit p: seat p has played a card
    kings: tuple[tuple[int, bool], ...]  # (seat, turned up)
    log: Any
    last_trick: tuple[tuple[int, int], ...]
    last_winner: int
    standing: tuple[int, int]
    winner: int  # at the end: who made the point (-1: the game was won first)
    outcome: str

    # -- dealing -------------------------------------------------------------------------

    @classmethod
    def from_pack(cls, game: Ecarte, dealer: int, order: Sequence[int],
                  standing: tuple[int, int] = (0, 0)) -> EcarteState:
        """Deal from a pack order (index 0 the top card): by three and two or two and
        three (``deal_by``), the elder first; the eleventh card turned for trumps; the
        rest, the talon, its top the twelfth card (EW 119)."""
        dealer = check_seat(dealer, 2, "dealer")
        o = [int(c) for c in order]
        if len(o) != 32:
            raise ValueError(f"an Écarté pack order has 32 cards, not {len(o)}")
        elder = 1 - dealer
        first = 3 if game.options.deal_by == "3-2" else 2
        hands: list[list[int]] = [[], []]
        hands[elder] += o[0:first]
        hands[dealer] += o[first:2 * first]
        hands[elder] += o[2 * first:2 * first + 5 - first]
        hands[dealer] += o[2 * first + 5 - first:10]
        s = cls.__new__(cls)
        s.game = game
        s.dealer = dealer
        s.turn_up = o[10]
        s.trump = o[10] >> 4
        s.stock = o[11:][::-1]
        s.hands = hands
        s.discards = [[], []]
        s.known = [[], []]
        s.excluded = [0, 0]
        s.points = [0, 0]
        s.tricks_won = [0, 0]
        s.won = [[], []]
        s.phase = PROPOSE
        s.player = elder
        s.proposer = elder
        s.proposal = "open"
        s.proposals = 0
        s.exchanges = 0
        s.stood = -1
        s.refused = -1
        s.taking = 0
        s.lead = -1
        s.leader = elder
        s.tricks = 0
        s.first_played = 0
        s.kings = ()
        s.log = None
        s.last_trick = ()
        s.last_winner = -1
        s.standing = (int(standing[0]), int(standing[1]))
        s.winner = -1
        s.outcome = ""
        s._note(TurnedUp, dealer, s.turn_up)
        if s.turn_up & 15 == KING:  # marked by the dealer (EW 119)
            s.kings = ((dealer, True),)
            s._note(KingMarked, dealer, s.turn_up, True)
            s._mark(dealer, 1, "the King turned up")
        return s

    # -- bookkeeping -----------------------------------------------------------------------

    @property
    def elder(self) -> int:
        """The non-dealer, who proposes and leads."""
        return 1 - self.dealer

    def _mark(self, seat: int, pts: int, why: str) -> None:
        """Score, and end the deal at once if that wins the game (EW 118: the first to
        mark five wins)."""
        self._score(seat, pts, why)
        target = self.game.options.game_target
        if self.phase != END and self.standing[seat] + self.points[seat] >= target:
            self._finish(seat, f"seat {seat} reaches {target}: the game is won")

    def _finish(self, seat: int, why: str) -> None:
        """The game is won by ``seat`` before the deal is played out."""
        self.winner = -1
        self.outcome = why
        self.phase = END
        self.log = ((GameReached, seat, self.game.options.game_target), self.log)

    def score_events(self) -> list[tuple[int, int, str]]:
        return [(e[1], e[2], e[3]) for e in self.log_entries() if e[0] is Scored]

    # -- the exchange ---------------------------------------------------------------------

    def _may_propose(self) -> bool:
        return bool(self.stock)

    def _max_discard(self) -> int:
        return min(HAND, len(self.stock))

    def _least_discard(self, p: int) -> int:
        """The elder proposed: he throws one card at least; the dealer as he pleases
        (``dealer_discard``)."""
        return 1 if p == self.elder or self.game.options.dealer_discard == "at_least_one" \
            else 0

    def _discards(self, p: int) -> list[Action]:
        out: list[Action] = []
        if self.taking < self._max_discard():
            out += [_DISCARD[c] for c in sorted(self.hands[p])]
        if self.taking >= self._least_discard(p):
            out.append(TAKE)
        return out

    def _king_card(self) -> int:
        return self.trump * 16 + KING

    def _may_mark(self, p: int) -> bool:
        if self._king_card() not in self.hands[p] or any(s == p for s, _ in self.kings):
            return False
        if self.game.options.king_announce == "before_first_card":
            return not self.first_played >> p & 1
        return True

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        p = self.player
        if phase == PLAY:
            acts: list[Action] = [_PLAY[c] for c in sorted(self._legal_cards())]
            if self._may_mark(p):
                acts.append(MARK_KING)
            return acts
        if phase == PROPOSE:
            return [PROPOSE_ACTION, STAND] if self._may_propose() else [STAND]
        if phase == ANSWER:
            return [ACCEPT, REFUSE]
        if phase == DISCARD:
            return self._discards(p)
        return []

    def apply(self, action: Action) -> None:
        phase = self.phase
        p = self.player
        kind = type(action)
        if phase == END:
            raise IllegalActionError("the deal is over")
        if phase == PLAY:
            if kind is MarkKing:
                if not self._may_mark(p):
                    raise IllegalActionError(self._why_no_king(p))
                self.kings = self.kings + ((p, False),)
                self.known[p] = self.known[p] + [self._king_card()]
                self._note(KingMarked, p, self._king_card(), False)
                self._mark(p, 1, KING_HELD)
                return
            if kind is not PlayCard:
                raise IllegalActionError(f"{action_text(action)} is not allowed now: the"
                                         " exchange is over, play a card")
            self._play(p, self._card_of(action))
            return
        if kind is PlayCard:
            raise IllegalActionError(f"{action_text(action)} is not allowed now: the cards"
                                     " are played once the exchange is over ("
                                     + self._what_now() + ")")
        if phase == PROPOSE:
            if kind is Propose:
                if not self._may_propose():
                    raise IllegalActionError("the talon is spent: no more cards to propose"
                                             " for; play")
                self.proposals += 1
                self.proposal = "proposed"
                self._note(Proposal, p, "propose")
                self.phase = ANSWER
                self.player = 1 - p
            elif kind is Stand:
                first = self.proposals == 0 and p == self.elder
                if first:
                    self.stood = p  # played without proposing (EW 118-119)
                self._note(Proposal, p, "play" if first else "stand")
                if (not first and p == self.elder and self.dealer != p
                        and self.game.options.later_proposals == "either"
                        and self._may_propose()):
                    self.proposer = self.dealer  # the dealer may propose in his turn
                    self.player = self.dealer
                    self.proposal = "open"
                    return
                self.proposal = "played" if first else "stood"
                self._start_play()
            else:
                raise IllegalActionError(f"{action_text(action)} is not allowed now: "
                                         + self._what_now())
            return
        if phase == ANSWER:
            if kind is Accept:
                self.proposal = "accepted"
                self._note(Proposal, p, "accept")
                self.phase = DISCARD
                self.player = self.elder  # the elder discards and draws first
            elif kind is Refuse:
                if self.proposals == 1 and p == self.dealer:
                    self.refused = p  # refused the first proposal (EW 119)
                self.proposal = "refused"
                self._note(Proposal, p, "refuse")
                self._start_play()
            else:
                raise IllegalActionError(f"{action_text(action)} is not allowed now: "
                                         + self._what_now())
            return
        if phase == DISCARD:
            if kind is Discard:
                self._discard(p, self._card_of(action))
            elif kind is Take:
                if self.taking < self._least_discard(p):
                    raise IllegalActionError("discard one card at least before taking" + (
                        " (the elder proposed to exchange)" if p == self.elder
                        else " (option dealer_discard=at_least_one)"))
                self._take(p)
            else:
                raise IllegalActionError(f"{action_text(action)} is not allowed now: "
                                         + self._what_now())
            return
        raise IllegalActionError(f"not an Écarté action: {quoted(action)}")  # pragma: no cover

    def _what_now(self) -> str:
        p = self.player
        if self.phase == PROPOSE:
            return (f"seat {p} proposes or plays" if self._may_propose()
                    else f"the talon is spent: seat {p} plays")
        if self.phase == ANSWER:
            return f"seat {p} accepts or refuses the proposal"
        if self.phase == DISCARD:
            return (f"seat {p} discards face down one card at a time ('discard 7H'), then"
                    " takes as many ('take')")
        return f"seat {p} plays a card"

    def _why_no_king(self, p: int) -> str:
        k = self._king_card()
        if any(s == p for s, _ in self.kings):
            return "you have marked the King already"
        if k not in self.hands[p]:
            return f"you do not hold the King of trumps ({card_name(k)})"
        return ("too late: the King of trumps is marked before its holder plays his first"
                " card (EW 119)")

    def _discard(self, p: int, c: int) -> None:
        """Lay ``c`` aside face down (EW 119: never to be looked at again this round)."""
        hand = self.hands[p]
        if c not in hand:
            raise IllegalActionError(f"{card_name(c)} is not in your hand")
        if self.taking >= self._max_discard():
            n = len(self.stock)
            raise IllegalActionError(
                f"you have discarded {self.taking}: the talon holds only {n} card"
                f"{'' if n == 1 else 's'}, and a hand is five; take now" if n < HAND
                else "you have discarded your whole hand: take now")
        hand.remove(c)
        self.discards[p] = self.discards[p] + [c]  # copies share the old list
        self.taking += 1

    def _take(self, p: int) -> None:
        """Take as many cards from the talon as were discarded; then the dealer, or a new
        proposal, or the play."""
        stock = self.stock
        hand = self.hands[p]
        for _ in range(self.taking):
            hand.append(stock.pop())
        self._note(TookCards, p, self.taking)
        self.taking = 0
        if p == self.elder:
            if stock:
                self.player = self.dealer
                return
            self._note(TookCards, self.dealer, 0)  # the talon is spent: nothing to take
        self.exchanges += 1
        if not stock:
            self.proposal = "exhausted"
            self._start_play()
        elif self.game.options.exchanges == "one":
            self.proposal = "stood"
            self._start_play()
        else:
            self.phase = PROPOSE
            self.proposer = self.elder
            self.player = self.elder
            self.proposal = "open"

    def _start_play(self) -> None:
        self.phase = PLAY
        self.player = self.elder
        self.leader = self.elder

    # -- the play --------------------------------------------------------------------------

    def _card_of(self, action: Action) -> int:
        c = getattr(action, "card", None)
        if isinstance(c, bool) or not isinstance(c, int) or int(c) not in _ID_SET:
            raise IllegalActionError(f"{quoted(c)} is not a card of the Écarté pack (K Q J A"
                                     " 10 9 8 7); give a Card, e.g. Card.parse('QS')")
        return int(c)

    def _tiers(self) -> list[int]:
        """The follower's duty as tiers of preference: a card of the suit led that beats
        it, any of the suit led, then (``must_trump``) a trump."""
        lead = self.lead
        suit = lead >> 4
        tiers = [ORDER.above[lead], SUIT_MASKS[suit]]
        if self.game.options.must_trump and suit != self.trump:
            tiers.append(SUIT_MASKS[self.trump])
        return tiers

    def _legal_cards(self) -> list[int]:
        hand = self.hands[self.player]
        if self.lead < 0:
            return list(hand)
        for mask in self._tiers():
            cards = [c for c in hand if mask >> c & 1]
            if cards:
                return cards
        return list(hand)

    def _play(self, p: int, c: int) -> None:
        hand = self.hands[p]
        if c not in hand:
            raise IllegalActionError(f"{card_name(c)} is not in your hand")
        legal = self._legal_cards()
        if c not in legal:
            raise IllegalActionError(self._why_not(c, legal))
        if self.lead >= 0:
            shown = duty_shows(c, self._tiers())
            if shown:
                ex = self.excluded = self.excluded[:]
                ex[p] |= shown
        hand.remove(c)
        if c in self.known[p]:
            self.known[p] = [x for x in self.known[p] if x != c]
        self.first_played |= 1 << p
        self.log = ((Played, p, c), self.log)
        if self.lead < 0:
            self.lead = c
            self.leader = p
            self.player = 1 - p
            return
        lead = self.lead
        if c >> 4 == lead >> 4:
            w = p if STRENGTH[c] > STRENGTH[lead] else 1 - p
        else:
            w = p if c >> 4 == self.trump else 1 - p
        self.tricks += 1
        self.won[w] = self.won[w] + [lead, c]
        tw = self.tricks_won = self.tricks_won[:]
        tw[w] += 1
        self.last_trick = ((1 - p, lead), (p, c))
        self.last_winner = w
        self.lead = -1
        self.leader = w
        self.player = w
        self.log = ((TrickWon, w, (lead, c)), self.log)
        if self.tricks == TRICKS:
            self._settle()

    def _why_not(self, c: int, legal: list[int]) -> str:
        suit = self.lead >> 4
        hand = self.hands[self.player]
        if c >> 4 != suit and any(x >> 4 == suit for x in hand):
            duty = "you must follow suit"
        elif c >> 4 == suit:
            duty = "you must win the trick if you can"
        else:
            duty = "void in the suit led, you must trump"
        return (f"{card_name(c)} may not be played: {duty}; play one of "
                + " ".join(card_name(x) for x in sorted(legal)))

    def _settle(self) -> None:
        """The point (three or four tricks) 1, the vole 2; 2 to the adversary of the
        elder who played without proposing, or of the dealer who refused the first
        proposal, when he fails to make three (EW 118-119)."""
        tw = self.tricks_won
        w = 0 if tw[0] >= 3 else 1
        loser = 1 - w
        if tw[w] == TRICKS:
            value, why = 2, THE_VOLE
        else:
            value, why = 1, THE_POINT
        told = f"seat {w} makes {why} ({tw[w]} tricks)"
        if loser == self.stood:
            value, why = 2, STOOD_AND_FAILED
            told += f"; seat {loser} played without proposing and failed"
        elif loser == self.refused:
            value, why = 2, REFUSED_AND_FAILED
            told += f"; seat {loser} refused the first proposal and failed"
        self.winner = w
        self._score(w, value, why)
        self.outcome = f"{told}: {value}"
        self.phase = END

    # -- what each seat sees -------------------------------------------------------------

    def hidden_from(self, seat: int) -> list[int]:
        """The cards ``seat`` cannot see, sorted: the talon, the other's discards and the
        part of the other's hand not publicly known."""
        other = 1 - check_seat(seat)
        hidden = self.hands[other] + self.stock + self.discards[other]
        for c in self.known[other]:
            hidden.remove(c)
        hidden.sort()
        return hidden

    def resample(self, seat: int, rng: random.Random) -> EcarteState:
        """A state drawn among those ``seat`` cannot tell apart: the other's unknown
        cards, the talon and the other's discards dealt again from the sorted pool, the
        other's hand getting none of the cards it has shown it lacks."""
        other = 1 - check_seat(seat)
        pool = self.hidden_from(seat)
        free = len(self.hands[other]) - len(self.known[other])
        sizes = [free, len(self.stock), len(self.discards[other])]
        hand, stock, discards = sample_hands(pool, sizes, [self.excluded[other], 0, 0], rng)
        s = self.clone()
        s.hands[other] = self.known[other] + hand
        s.stock = stock
        s.discards[other] = discards
        return s

    def observation(self, seat: int) -> EcarteObservation:
        return self._observe(check_seat(seat))

    def public_observation(self) -> EcarteObservation:
        """What anyone may know: no hand, no discard (``seat`` is ``SPECTATOR``)."""
        return self._observe(SPECTATOR)

    def _observe(self, seat: int) -> EcarteObservation:
        pack = _IDS
        ex = self.excluded
        voids = tuple(tuple(Suit(x) for x in range(4) if ex[p] & _SUIT_CARDS[x] == _SUIT_CARDS[x])
                      for p in (0, 1))
        return EcarteObservation(
            seat=seat, dealer=self.dealer, elder=self.elder, to_move=self.current_player(),
            phase=self._phase_name(), trump=Suit(self.trump), turn_up=Card(self.turn_up),
            stock_size=len(self.stock),
            hand=tuple(sorted(Card(c) for c in self.hands[seat])) if seat >= 0 else (),
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            known_in_hand=(tuple(sorted(Card(c) for c in self.known[0])),
                           tuple(sorted(Card(c) for c in self.known[1]))),
            voids=(voids[0], voids[1]),
            excluded=(tuple(Card(c) for c in pack if ex[0] >> c & 1),
                      tuple(Card(c) for c in pack if ex[1] >> c & 1)),
            proposal=self.proposal, exchanges=self.exchanges,
            discarded=(len(self.discards[0]), len(self.discards[1])),
            discards=tuple(sorted(Card(c) for c in self.discards[seat])) if seat >= 0
            else (),
            stood=self.stood, refused=self.refused,
            kings=tuple((p, "turned" if t else "held") for p, t in self.kings),
            trick=((self.leader, Card(self.lead)),) if self.lead >= 0 else (),
            trick_leader=self.leader if self.lead >= 0 else None,
            last_trick=tuple((p, Card(c)) for p, c in self.last_trick),
            last_winner=self.last_winner if self.last_trick else None,
            tricks_played=self.tricks,
            tricks_won=(self.tricks_won[0], self.tricks_won[1]),
            won=(tuple(sorted(Card(c) for c in self.won[0])),
                 tuple(sorted(Card(c) for c in self.won[1]))),
            points=(self.points[0], self.points[1]), standing=self.standing,
            target=self.game.options.game_target, events=tuple(self.events()))

    def _phase_name(self) -> str:
        if self.phase == PLAY:
            return "follow" if self.lead >= 0 else "lead"
        return PHASE_NAMES[self.phase]

    # -- notation ------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def __str__(self) -> str:
        head = (f"Écarté deal, dealer {self.dealer}, turn-up {card_name(self.turn_up)},"
                f" talon {len(self.stock)}, {self._phase_name()}"
                + (f" by {self.player}" if self.phase != END else f": {self.outcome}")
                + (f", {card_name(self.lead)} led" if self.lead >= 0 else ""))
        lines = [head]
        for p in (0, 1):
            lines.append(f"  {p}: hand {' '.join(card_name(c) for c in self.hands[p])}"
                         f" | discards {' '.join(card_name(c) for c in self.discards[p])}"
                         f" | tricks {self.tricks_won[p]} | points {self.points[p]}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<EcarteState trick={self.tricks} phase={self._phase_name()}>"


Ecarte.state_class = EcarteState
