"""The table under the laws: a game's deal played as a real table plays it, errors and all.

The rules engines refuse every irregular action (a card that does not follow, a card
played out of turn): with them nobody ever errs, so the laws that say what happens when
one does have nothing to act on. This layer lays a *law table* over a deal of any trick
game of the project, **outside the rules core** (the core does not know it exists, and
with the laws off play is exactly as it was):

- A :class:`LawTable` wraps one deal (a :class:`~bezique.core.trick.TrickStateN`) and
  takes **seat-tagged actions** (:class:`LawAction`, written ``SEAT ACTION`` as in the
  records: ``2 QS``, ``0 claim 3``), from any seat, in turn or not. A regular action goes
  to the engine as it always did. An irregular one is *committed*, not refused: the card
  that fails to follow is played (a revoke), the card led out of turn is led, the card
  played before one's turn lies face up until that turn, the card dropped is exposed. It
  is recorded as an :class:`Irregularity` (the law, the seat, the trick, its status as
  it goes: open, amended, claimed, established, taken back, stands, lapsed).
- The adversaries claim and call by law actions of their own (``claim``, ``call``,
  ``demand``), accepted only while the law allows (a revoke until the tricks are mixed
  for the next deal, a suit call only by the seat the law names and only at the
  offender's next lead...). Each law action that is not allowed raises :class:`LawError`
  naming the law and changes nothing.
- What each law makes of the table is said as :class:`Ruling` lines, in order, and the
  deal is settled at the end with the penalties (:meth:`LawTable.settle`).

The design: a wrapper, not a State subclass. A wrapper serves every game without
touching its class (Hearts, Kreutz-mariage, Bézique ... each keeps its own
``State``), and an irregular play needs only two things of an engine: to play a card for
a given seat whether or not the rules allow it (:meth:`LawTable.force_play`, which for a
:class:`TrickStateN` is its own ``play_card`` with ``player`` set), and a copy of the
deal as it was when the trick began (``State.clone``), so that a trick can be taken back
and played again (a false lead withdrawn, a revoke amended before the trick is quitted)
by replaying its cards. Hidden information stays as the engine keeps it: an exposed card
is put in the engine's ``known`` (publicly in that hand), nothing else of a hand is
revealed, and a revoke's failure to follow is *not* taken as showing a void (the seat
was not void), so a search player's samples stay consistent.

Extension points (one module per game family, stating its laws: :mod:`.hearts` for
Foster's Laws of Hearts): subclass :class:`LawTable`, name the game classes it serves in
``games`` and register it with :func:`register`; set ``laws_title``; override
:meth:`LawTable.legal_now` (what the engine allows), :meth:`LawTable.duty_broken` (what a
card played against the rules breaks: "revoke" by default), the remedies
(:meth:`LawTable.premature_demander`, :meth:`LawTable.comply`), the end of a hand
(:meth:`LawTable.move_last_trick`, :meth:`LawTable.score_cards`), :meth:`LawTable.proper_count`,
:meth:`LawTable.deal_as_lay` (a deal from the hands as they lay, for the referee) and
:meth:`LawTable.settle`. A game action that is not a card (a draw from the stock, a
meld) goes to :meth:`LawTable.irregular_action` when the engine refuses it: by default
a :class:`LawError`, for a family whose laws say what a draw out of turn costs to
override.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ..core.cards import Card, card_name
from ..core.errors import BeziqueError, NotationError, quoted
from ..core.events import SUIT_NAMES
from ..core.game import Action, DealResult, Game, check_seat
from ..core.trick import OVER_PHASE, PLAYS, TrickStateN

__all__ = ["Call", "Irregularity", "LawAction", "LawError", "LawTable", "Ruling",
           "VERBS", "law_table", "laws_for", "register"]


class LawError(BeziqueError, ValueError):
    """An action the laws do not allow either (a card not in the hand, a claim out of
    time, a call by a seat the law does not name): the message names the law; the table
    is unchanged."""


#: The law actions, after the seat (``SEAT VERB ...``); anything else is the game's own
#: notation (a card played, a bid).
VERBS = {
    "two": "two CARD CARD: two cards played at once, the first the one meant",
    "expose": "expose CARD: a card shown or dropped face up, not in play",
    "name": "name CARD: a card named by its holder",
    "call": "call CARD | call SUIT: call an exposed card, or a suit from an offender",
    "demand": "demand highest | nohearts | back: the penalty for a card played before its turn",
    "amend": "amend CARD: the revoker plays CARD instead, before the trick is quitted",
    "claim": "claim SEAT: claim a revoke against SEAT",
    "look": "look: looks at a trick already turned and quitted",
    "omit": "omit: fails to play to the trick in progress",
    "draw": "draw SEAT CARD: draws CARD from SEAT's hand (too few cards against too many)",
    "misdeal": "misdeal: a hand found with a wrong number of cards before the first trick",
    "back": "back: the cards played to a false lead are taken back",
    "mix": "mix: the tricks are gathered for the next deal (the end of the claims)",
}

SUIT_WORDS = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3, "club": 0,
              "diamond": 1, "heart": 2, "spade": 3, "c": 0, "d": 1, "h": 2, "s": 3,
              "♣": 0, "♦": 1, "♥": 2, "♠": 3}


@dataclasses.dataclass(frozen=True)
class LawAction:
    """One thing a seat did at the table: ``verb`` ("" for a game action, whose text is
    ``text``), with its ``cards``, ``suit`` (-1: none), ``target`` seat (-1: none) and
    ``word`` (a demand's kind)."""

    seat: int
    verb: str = ""
    cards: tuple[int, ...] = ()
    suit: int = -1
    target: int = -1
    word: str = ""
    text: str = ""

    def notation(self) -> str:
        if not self.verb:
            return f"{self.seat} {self.text}"
        parts = [str(self.seat), self.verb]
        if self.target >= 0:
            parts.append(str(self.target))
        parts += [card_name(c) for c in self.cards]
        if self.suit >= 0:
            parts.append(SUIT_NAMES[self.suit])
        if self.word:
            parts.append(self.word)
        return " ".join(parts)


@dataclasses.dataclass
class Irregularity:
    """An error committed at the table: its ``kind``, the ``law`` that governs it, the
    ``seat`` at fault, the ``trick`` (1 is the first) and ``card`` (-1: none), ``suit``
    (a revoke: the suit he failed to follow), ``status`` and a note. ``evident``: the
    table can see it (a revoker who later played the suit he failed to follow, a card
    played out of turn), so an adversary may claim it without searching the tricks."""

    kind: str
    law: str
    seat: int
    trick: int
    card: int = -1
    suit: int = -1
    status: str = "open"
    note: str = ""
    evident: bool = False

    def describe(self) -> str:
        what = f"seat {self.seat}: {self.kind}"
        if self.card >= 0:
            what += f" ({card_name(self.card)})"
        return f"{what}, trick {self.trick}, Law {self.law}: {self.status}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "law": self.law, "seat": self.seat, "trick": self.trick,
                "card": card_name(self.card) if self.card >= 0 else None,
                "suit": SUIT_NAMES[self.suit] if self.suit >= 0 else None,
                "status": self.status, "note": self.note}


@dataclasses.dataclass(frozen=True)
class Ruling:
    """What a law makes of something that happened: the law's number and the words."""

    law: str
    text: str

    def __str__(self) -> str:
        return f"Law {self.law}: {self.text}" if self.law else self.text


@dataclasses.dataclass
class Call:
    """An obligation on a seat's next play, made by ``by`` under ``law``: ``kind`` is
    "card" (play the exposed ``card``), "suit" (lead ``suit``), "highest" (the highest
    of the suit led), "nohearts" (no heart if he cannot follow)."""

    kind: str
    by: int
    law: str
    card: int = -1
    suit: int = -1


@dataclasses.dataclass
class Right:
    """The right of ``by`` to call a suit from ``offender`` when he next leads in turn
    (Hearts Laws 20 and 28)."""

    by: int
    offender: int
    law: str


# -- registration ---------------------------------------------------------------------------

_TABLES: list[type[LawTable]] = []


def register(cls: type[LawTable]) -> type[LawTable]:
    """Class decorator: the law table of the games in ``cls.games``."""
    _TABLES.append(cls)
    return cls


def laws_for(game: Game[Any]) -> type[LawTable]:
    """The law table class of ``game`` (the first registered naming one of its classes),
    or a :class:`LawError` when no laws are written for it yet."""
    from . import bezique, binocle, hearts, sixtysix  # noqa: F401  (each registers its table)

    for cls in _TABLES:
        if isinstance(game, cls.games):
            return cls
    raise LawError(f"no laws of irregularities are written for {game.title} yet (there are"
                   " for: " + ", ".join(t.laws_title for t in _TABLES) + ")")


def law_table(state: Any) -> LawTable:
    """A law table over ``state``, a deal just begun."""
    return laws_for(state.game)(state)


# -- the table ------------------------------------------------------------------------------

class LawTable:
    """One deal under the laws (see the module). ``state`` is the engine's deal, always a
    position the engine could reach or one its ``play_card`` made with a card the rules
    refuse; ``irregularities``, ``rulings`` and ``history`` (the :class:`LawAction`\\ s
    taken) grow as the table goes."""

    #: The game classes this family's laws serve.
    games: ClassVar[tuple[type, ...]] = ()
    #: The laws' title ("Foster's Laws of Hearts").
    laws_title: ClassVar[str] = ""
    #: The law actions of this table, after the seat (``SEAT VERB ...``).
    verbs: ClassVar[dict[str, str]] = VERBS
    #: The law actions a player at the terminal may take at his prompt (``bezique play
    #: --laws``); the others need a moment the terminal does not stop at (the referee's).
    terminal_verbs: ClassVar[tuple[str, ...]] = ("two", "expose", "name", "call", "claim",
                                                 "amend", "look", "demand")
    #: A void deal is no deal: the same dealer deals again, nothing goes on the sheet.
    void_redealt: ClassVar[bool] = False
    #: The law that governs each kind of irregularity (a family fills it in).
    law_of: ClassVar[dict[str, str]] = {}
    #: The engine states the table plays (:class:`.stock.StockLawTable`: two-handed).
    state_types: ClassVar[tuple[type, ...]] = (TrickStateN,)

    def __init__(self, state: Any) -> None:
        if not any(isinstance(state, t) for t in self.state_types):
            raise LawError(f"{type(self).__name__} plays "
                           + " or ".join(t.__name__ for t in self.state_types)
                           + f" deals, not {type(state).__name__}")
        self.state = state
        self.game = state.game
        self.n: int = int(getattr(state, "n", 0) or state.game.num_players)
        self.irregularities: list[Irregularity] = []
        self.rulings: list[Ruling] = []
        self.history: list[LawAction] = []
        self.exposed: list[list[int]] = [[] for _ in range(self.n)]
        self.calls: dict[int, Call] = {}
        self.rights: list[Right] = []
        self.premature: dict[int, tuple[int, Irregularity, int]] = {}  # card, record, demander
        self.false_lead: tuple[int, int] | None = None  # (offender, the rightful leader)
        self.base: Any = None  # the deal when the current (or last, unquitted) trick began
        self.plays: list[tuple[int, int, bool]] = []  # (seat, card, forced) of that trick
        self.skipped = 0  # mask of seats that play no card to the trick in progress
        self.take_last: list[tuple[int, str]] = []  # (seat, law): must take the last trick
        self.claims: list[tuple[int, int]] = []  # (claimant, accused)
        self.forfeits = [0] * self.n
        self.mixed = False
        self.void: str = ""  # why the deal is void (a misdeal, a new deal), "" if not
        self.finished = False
        self.dealt = [list(h) for h in state.hands]  # the hands as they lay

    # -- what the table looks like ----------------------------------------------------------

    @property
    def over(self) -> bool:
        """The hand is played out (or void)."""
        return bool(self.void) or self.state.is_terminal()

    def to_move(self) -> int:
        """The seat whose proper turn it is (-1 when the hand is over)."""
        return -1 if self.over else self.state.current_player()

    def trick_no(self) -> int:
        return int(self.state.tricks) + 1

    def rule(self, law: str, text: str) -> None:
        self.rulings.append(Ruling(law, text))

    def record(self, kind: str, seat: int, card: int = -1, suit: int = -1, *,
               status: str = "open", note: str = "", evident: bool = False) -> Irregularity:
        irr = Irregularity(kind, self.law_of.get(kind, "?"), seat, self.trick_no(), card,
                           suit, status, note, evident)
        self.irregularities.append(irr)
        return irr

    def open_revokes(self, seat: int | None = None) -> list[Irregularity]:
        return [i for i in self.irregularities if i.kind in ("revoke", "failed to comply")
                and i.status in ("open", "claimed") and (seat is None or i.seat == seat)]

    # -- reading actions --------------------------------------------------------------------

    def parse(self, text: str, seat: int | None = None) -> LawAction:
        """A law action from its notation, ``SEAT ACTION`` (or ``ACTION`` with ``seat``)."""
        words = text.split()
        if seat is None:
            if len(words) < 2 or not words[0].isdigit():
                raise NotationError(f"write the seat, then the action: {quoted(text)}"
                                    " (e.g. 2 QS, 0 claim 3)")
            seat = check_seat(int(words[0]), self.n)
            words = words[1:]
        else:
            seat = check_seat(seat, self.n)
        if not words:
            raise NotationError("an action is missing after the seat")
        verb, rest = words[0].lower(), words[1:]
        if verb not in VERBS:
            return LawAction(seat, text=" ".join(words))
        need = {"two": 2, "expose": 1, "name": 1, "call": 1, "demand": 1, "amend": 1,
                "claim": 1, "draw": 2}.get(verb, 0)
        if len(rest) != need:
            raise NotationError(f"{verb} takes {need or 'nothing'}: {VERBS[verb]}")
        if verb == "call" and rest[0].lower() in SUIT_WORDS:
            return LawAction(seat, verb, suit=SUIT_WORDS[rest[0].lower()])
        if verb == "demand":
            word = rest[0].lower()
            if word not in ("highest", "nohearts", "back"):
                raise NotationError(f"demand highest, nohearts or back, not {quoted(word)}")
            return LawAction(seat, verb, word=word)
        if verb == "claim":
            return LawAction(seat, verb, target=self._seat(rest[0]))
        if verb == "draw":
            return LawAction(seat, verb, target=self._seat(rest[0]),
                             cards=(self.read_card(rest[1]),))
        return LawAction(seat, verb, cards=tuple(self.read_card(w) for w in rest))

    def _seat(self, word: str) -> int:
        if not word.isdigit():
            raise NotationError(f"not a seat: {quoted(word)}")
        return check_seat(int(word), self.n)

    def read_card(self, text: str) -> int:
        read = getattr(self.game, "read_card", None)
        return int(read(text) if read is not None else Card.parse(text))

    def game_action(self, text: str) -> Action:
        action: Action = self.game.parse_action(text)
        return action

    # -- acting -----------------------------------------------------------------------------

    def act(self, action: LawAction | str, seat: int | None = None) -> list[Ruling]:
        """Take one action; the rulings it brought. A :class:`LawError` (or the game's
        own error for bad notation) leaves the table as it was."""
        a = self.parse(action, seat) if isinstance(action, str) else action
        saved = self._save()
        before = len(self.rulings)
        try:
            self._do(a)
        except BeziqueError:
            self._restore(saved)
            raise
        self.history.append(a)
        return self.rulings[before:]

    def _save(self) -> dict[str, Any]:
        keep = {k: v for k, v in self.__dict__.items() if k not in ("state", "game", "base")}
        saved = copy.deepcopy(keep)
        saved["state"] = self.state.clone()
        saved["base"] = self.base.clone() if self.base is not None else None
        return saved

    def _restore(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)

    def _do(self, a: LawAction) -> None:
        if self.mixed:
            raise LawError("the tricks are mixed: the deal is over (Law 26)")
        handler: Callable[[LawAction], None] = getattr(self, "do_" + (a.verb or "game"))
        handler(a)

    # -- a game action ----------------------------------------------------------------------

    def do_game(self, a: LawAction) -> None:
        if self.over:
            raise LawError(f"the hand is over: {a.text} is not an action now"
                           + ("" if self.void else " (claim, or mix for the next deal)"))
        action = self.game_action(a.text)
        card = getattr(action, "card", None)
        if isinstance(card, int) and not isinstance(card, bool) and self.state.phase == 0:
            self.play(a.seat, int(card))  # a card played (PLAY_PHASE), lawful or not
            return
        if a.seat == self.to_move() and self.state.is_legal(action):
            self.state.apply(action)
            return
        self.irregular_action(a.seat, action)

    def irregular_action(self, seat: int, action: Action) -> None:
        """A game action other than a card that the engine refuses (an out-of-turn bid, a
        draw out of turn): a family whose laws rule on it overrides this."""
        try:
            self.state.clone().apply(action)
        except BeziqueError as exc:
            why = str(exc)
        else:
            why = f"seat {self.to_move()} is to act, not seat {seat}"
        raise LawError(f"{action.notation()} by seat {seat}: {why}; the laws of"
                       f" {self.game.title} say nothing of it")

    # -- playing a card ---------------------------------------------------------------------

    def play(self, seat: int, card: int) -> None:
        """``seat`` plays ``card``: in turn or not, following or not."""
        s = self.state
        if card not in s.hands[seat]:
            raise LawError(f"{card_name(card)} is not in the hand of seat {seat}")
        if s.phase != 0:  # PLAY_PHASE: the card is no action of the phase in progress
            raise LawError(f"seat {seat} cannot play a card now: {s.phase_names.get(s.phase)}"
                           " is in progress")
        if seat in s.trick_seats or seat in self.premature:
            raise LawError(f"seat {seat} has already played to this trick"
                           " (to put right a revoke: amend CARD)")
        if self.false_lead is not None and seat == self.false_lead[1] \
                and seat != s.current_player():
            self.take_back_false_lead("the rightful leader leads")
            s = self.state
        if seat != s.current_player():
            if not s.trick:
                self.lead_out_of_turn(seat, card)
            else:
                self.play_before_turn(seat, card)
            return
        self.play_in_turn(seat, card)

    def play_in_turn(self, seat: int, card: int, *, irr: Irregularity | None = None) -> None:
        s = self.state
        call = self.calls.pop(seat, None)
        if call is not None and not self.comply(seat, card, call):
            irr2 = self.record("failed to comply", seat, card, call.suit, note=call.kind,
                               evident=True)
            self.rule(irr2.law, f"seat {seat} fails to comply with the call of seat"
                      f" {call.by} (Law {call.law}): liable to the penalties for a revoke")
        legal = self.legal_now(card)
        if not legal:
            kind = self.duty_broken(seat, card)
            suit = s.trick[0] >> 4 if s.trick else -1
            rev = irr if irr is not None else self.record(kind, seat, card, suit)
            if irr is not None:
                irr.kind, irr.law, irr.suit = kind, self.law_of.get(kind, "?"), suit
            rev.status = "open"
            self.rule(rev.law, f"seat {seat} plays {card_name(card)} and does not follow"
                      f" {SUIT_NAMES[suit]}: a revoke; it may be amended before the trick is"
                      " quitted, and claimed until the tricks are mixed")
        self.commit(seat, card, forced=not legal)

    def legal_now(self, card: int) -> bool:
        """Whether the engine allows ``card`` for the seat to play."""
        return card in self.state.legal_cards()

    def duty_broken(self, seat: int, card: int) -> str:
        """What a card the engine refuses breaks (the kind of irregularity): a revoke."""
        return "revoke"

    def comply(self, seat: int, card: int, call: Call) -> bool:
        """Whether ``card`` obeys a lawful call, or there was no way to (then the call
        lapses with a ruling). A call the laws make compulsory outright (an exposed card)
        raises :class:`LawError` instead."""
        return True

    def commit(self, seat: int, card: int, *, forced: bool) -> None:
        """Put ``card`` on the trick for ``seat`` in the engine (the start of a trick
        keeps a copy to take it back), then whatever follows by itself."""
        s = self.state
        if not s.trick:  # a new trick: the last is turned and quitted
            if seat == s.current_player():  # his proper lead: a right to call lapses
                self.rights = [r for r in self.rights if r.offender != seat]
            self.base = s.clone()
            self.plays = []
        self.force_play(seat, card, forced=forced)
        self.plays.append((seat, card, forced))
        if card in self.exposed[seat]:
            self.exposed[seat].remove(card)
            for irr in self.irregularities:
                if irr.card == card and irr.status == "face up":
                    irr.status = "played"
        self.note_evidence(seat, card)
        self.after_card()

    def force_play(self, seat: int, card: int, *, forced: bool) -> None:
        """The engine plays ``card`` for ``seat`` whatever its rules say. A card that
        breaks the rules shows nothing about the hand (its exclusion mask is kept)."""
        s = self.state
        s.player = seat
        excluded = s.excluded[seat]
        s.play_card(card)
        if forced:
            s.excluded[seat] = excluded

    def note_evidence(self, seat: int, card: int) -> None:
        """A revoke becomes evident when its author later plays the suit he failed to
        follow."""
        for irr in self.open_revokes(seat):
            if irr.suit == card >> 4 and irr.card != card:
                irr.evident = True

    def after_card(self) -> None:
        """What follows a card by itself: the end of a trick, the cards lying ready for
        their turn, a hand with no card left, the end of the hand."""
        s = self.state
        while not self.over:
            if not s.trick and self.plays and self.false_lead is not None:
                off = self.false_lead[0]
                self.false_lead = None
                self.rule(self.law_of.get("lead out of turn", "?"), f"all have played to"
                          f" the false lead of seat {off}: the trick stands, no penalty")
                for irr in self.irregularities:
                    if irr.kind == "lead out of turn" and irr.status == "open":
                        irr.status = "stands"
            if not s.trick and self.skipped:
                s.active |= self.skipped
                self.skipped = 0
            if self.hand_done():
                self.finish_hand()
                return
            p = s.current_player()
            if p in self.premature:
                card, irr, _ = self.premature.pop(p)
                if card in s.hands[p]:
                    irr.status = "played in turn"
                    self.play_in_turn(p, card, irr=None)
                    return
            if not s.hands[p] and (s.trick or any(s.hands)):
                self.skip(p, "card short")
                continue
            return

    def hand_done(self) -> bool:
        """All cards are played but a hand's left over (it omitted to play to a trick)."""
        s = self.state
        if s.trick or s.is_terminal():
            return False
        left = [p for p in range(self.n) if s.hands[p]]
        return bool(left) and all(any(q == p for q, _ in self.take_last) for p in left) \
            and all(not s.hands[p] for p in range(self.n) if p not in left)

    def skip(self, seat: int, kind: str) -> None:
        """``seat`` plays no card to the trick in progress (an omission, a card short)."""
        s = self.state
        law = self.law_of.get(kind, "?")
        self.record(kind, seat, status="penalty", evident=True)
        if all(q != seat for q, _ in self.take_last):
            self.take_last.append((seat, law))
        self.rule(law, f"seat {seat} plays no card to trick {self.trick_no()} ({kind}):"
                  " he must take in the last trick")
        s.active &= ~(1 << seat)
        self.skipped |= 1 << seat
        if s.trick and len(s.trick) == s.active_seats():
            s.end_trick()
        else:
            s.player = s.next_active(seat)

    def finish_hand(self) -> None:
        """The hand is over although a seat still holds cards (it omitted a trick): they
        go with the last trick, which it takes in."""
        s = self.state
        s.phase = OVER_PHASE

    # -- leads and plays out of turn -------------------------------------------------------

    def lead_out_of_turn(self, seat: int, card: int) -> None:
        s = self.state
        rightful = s.current_player()
        irr = self.record("lead out of turn", seat, card, evident=True)
        self.rule(irr.law, f"seat {seat} leads {card_name(card)} out of turn (seat {rightful}"
                  " is to lead)")
        self.false_lead = (seat, rightful)
        self.commit(seat, card, forced=False)

    def take_back_false_lead(self, why: str) -> None:
        assert self.false_lead is not None
        off, _ = self.false_lead
        self.state = self.base.clone()
        self.plays = []
        self.false_lead = None
        for irr in self.irregularities:
            if irr.kind == "lead out of turn" and irr.status == "open":
                irr.status = "taken back"
        law = self.law_of.get("lead out of turn", "?")
        by = self.right_hand(off)
        self.rights.append(Right(by, off, law))
        self.rule(law, f"{why}: the cards played to the false lead of seat {off} are taken"
                  f" back, not exposed; seat {by}, on his right, may call a suit from him"
                  " when he next leads in turn")

    def right_hand(self, seat: int) -> int:
        """The seat on ``seat``'s right that takes part."""
        s = self.state
        p = (seat - 1) % self.n
        while not s.active >> p & 1:
            p = (p - 1) % self.n
        return p

    def play_before_turn(self, seat: int, card: int) -> None:
        s = self.state
        order = [s.leader]
        while len(order) < s.active_seats():
            order.append(s.next_active(order[-1]))
        if seat not in order:
            raise LawError(f"seat {seat} takes no part in this trick")
        by = self.premature_demander(seat, order)
        irr = self.record("play before turn", seat, card, evident=True)
        self.premature[seat] = (card, irr, by)
        self.rule(irr.law, f"seat {seat} plays {card_name(card)} before his turn (seat"
                  f" {s.current_player()} is to play); it lies face up until his turn"
                  + (f"; seat {by} may demand it back" if by >= 0 else ""))

    def premature_demander(self, seat: int, order: list[int]) -> int:
        """Who may demand the penalty for a card played before its turn (-1: nobody)."""
        return -1

    def do_demand(self, a: LawAction) -> None:
        target = [p for p, (_, _, by) in self.premature.items() if by == a.seat]
        law = self.law_of.get("play before turn", "?")
        if not target:
            raise LawError(f"seat {a.seat} has no card played before its turn to demand back"
                           f" (Law {law}: only the seat the law names may)")
        p = target[0]
        card, irr, _ = self.premature.pop(p)
        irr.status = "taken back"
        if a.word != "back":
            self.calls[p] = Call(a.word, a.seat, law)
        self.rule(law, f"seat {a.seat} demands that seat {p} take back {card_name(card)}"
                  + {"back": "", "highest": " and play the highest card he has of the suit",
                     "nohearts": " and not discard a heart"}[a.word])

    def do_back(self, a: LawAction) -> None:
        if self.false_lead is None:
            raise LawError("no false lead is on the table to take back")
        self.take_back_false_lead(f"seat {a.seat} has the false lead taken back")

    # -- exposed cards, calls ---------------------------------------------------------------

    def expose(self, seat: int, card: int, how: str) -> None:
        s = self.state
        if card not in s.hands[seat]:
            raise LawError(f"{card_name(card)} is not in the hand of seat {seat}")
        if card in self.exposed[seat]:
            raise LawError(f"{card_name(card)} is already face up")
        self.exposed[seat].append(card)
        if card not in s.known[seat]:
            s.known[seat].append(card)
        irr = self.record("exposed card", seat, card, status="face up", note=how,
                          evident=True)
        self.rule(irr.law, f"{card_name(card)} of seat {seat} ({how}) is left face up on the"
                  " table: an exposed card, which any other player may call")

    def do_expose(self, a: LawAction) -> None:
        self.expose(a.seat, a.cards[0], "exposed")

    def do_name(self, a: LawAction) -> None:
        self.expose(a.seat, a.cards[0], "named by its holder")

    def do_two(self, a: LawAction) -> None:
        meant, other = a.cards
        s = self.state
        for c in (meant, other):
            if c not in s.hands[a.seat]:
                raise LawError(f"{card_name(c)} is not in the hand of seat {a.seat}")
        self.expose(a.seat, other, "played with another")
        self.irregularities[-1].kind = "two cards"
        self.play(a.seat, meant)

    def do_call(self, a: LawAction) -> None:
        if a.suit >= 0:
            self.call_suit(a.seat, a.suit)
            return
        card = a.cards[0]
        holder = next((p for p in range(self.n) if card in self.exposed[p]), -1)
        law = self.law_of.get("call", "?")
        if holder < 0:
            raise LawError(f"{card_name(card)} is not an exposed card (Law {law})")
        if holder == a.seat:
            raise LawError(f"seat {a.seat} cannot call his own exposed card (Law {law})")
        self.calls[holder] = Call("card", a.seat, law, card=card)
        self.rule(law, f"seat {a.seat} calls the exposed {card_name(card)}: seat {holder}"
                  " must play it when he can without revoking")

    def call_suit(self, seat: int, suit: int) -> None:
        s = self.state
        law = self.law_of.get("lead out of turn", "?")
        right = next((r for r in self.rights if r.by == seat), None)
        if right is None:
            raise LawError(f"seat {seat} has no right to call a suit now (Law {law}: only"
                           " the player on the offender's right)")
        if s.current_player() != right.offender or s.trick:
            raise LawError(f"a suit may be called from seat {right.offender} only when it is"
                           f" next his proper turn to lead (Law {law})")
        self.rights.remove(right)
        self.calls[right.offender] = Call("suit", seat, right.law, suit=suit)
        self.rule(right.law, f"seat {seat} calls {SUIT_NAMES[suit]} from seat"
                  f" {right.offender}")

    def do_look(self, a: LawAction) -> None:
        if self.state.tricks == 0:
            raise LawError("no trick has been turned and quitted yet")
        irr = self.record("looked at a quitted trick", a.seat, status="penalty",
                          evident=True)
        by = self.right_hand(a.seat)
        self.rights.append(Right(by, a.seat, irr.law))
        self.rule(irr.law, f"seat {a.seat} looks at a quitted trick: the penalty of a lead"
                  f" out of turn; seat {by} may call a suit from him when he next leads")

    # -- revokes ---------------------------------------------------------------------------

    def do_amend(self, a: LawAction) -> None:
        s = self.state
        law = self.law_of.get("revoke", "?")
        at = next((i for i, (p, c, f) in enumerate(self.plays) if p == a.seat and f), -1)
        irr = next((r for r in self.open_revokes(a.seat) if at >= 0
                    and r.card == self.plays[at][1]), None)
        if at < 0 or irr is None:
            raise LawError(f"seat {a.seat} has no revoke in a trick not yet quitted to amend"
                           f" (Law {law})")
        wrong = self.plays[at][1]
        replay = self.plays[:at]
        self.state = self.base.clone()
        self.plays = []
        for p, c, f in replay:
            self.force_play(p, c, forced=f)
            self.plays.append((p, c, f))
        s = self.state
        s.player = a.seat
        new = a.cards[0]
        if new not in s.hands[a.seat] or new == wrong:
            raise LawError(f"{card_name(new)} is not another card of seat {a.seat}'s hand")
        if not self.legal_now(new):
            raise LawError(f"{card_name(new)} does not amend the revoke: follow suit")
        irr.status = "amended"
        self.rule(law, f"seat {a.seat} amends his revoke: {card_name(new)} is played, and"
                  f" {card_name(wrong)} is an exposed card; those who played after him take"
                  " their cards back, not exposed")
        self.force_play(a.seat, new, forced=False)
        self.plays.append((a.seat, new, False))
        self.exposed[a.seat].append(wrong)
        s.known[a.seat].append(wrong)
        self.after_card()

    def do_claim(self, a: LawAction) -> None:
        law = self.law_of.get("claim", "?")
        if self.finished:
            raise LawError(f"the deal is settled: too late to claim (Law {law})")
        if a.target == a.seat:
            raise LawError("a player cannot claim a revoke against himself")
        self.claims.append((a.seat, a.target))
        found = self.open_revokes(a.target)
        for irr in found:
            irr.status = "claimed"
        self.rule(law, f"seat {a.seat} claims a revoke against seat {a.target}"
                  + ("; the tricks will be searched at the end of the hand"
                     if not self.over else ""))

    def do_mix(self, a: LawAction) -> None:
        if not self.over:
            raise LawError("the hand is not over: the tricks cannot be mixed yet")
        law = self.law_of.get("mix", "?")
        for claimant, accused in self.claims:
            if accused == a.seat and not self.open_revokes(accused):
                irr = self.record("revoke", accused, status="claimed",
                                  note="established: the accused mixed the cards")
                self.rule(law, f"seat {accused}, claimed against by seat {claimant}, mixes the"
                          " cards before the claimants could examine them: the revoke is"
                          " established")
                del irr
        self.end_of_hand()
        self.mixed = True
        self.rule(self.law_of.get("claim", "?"), f"seat {a.seat} mixes the tricks: no revoke"
                  " can be claimed any more")

    # -- counts ----------------------------------------------------------------------------

    def proper_count(self) -> int:
        """How many cards each hand is dealt."""
        return int(getattr(self.game, "hand_size", 0))

    def do_misdeal(self, a: LawAction) -> None:
        s = self.state
        law = self.law_of.get("misdeal", "?")
        if s.tricks or (s.trick and len(s.trick) == s.active_seats()):
            raise LawError(f"a wrong number of cards is a misdeal only before all have played"
                           f" to the first trick (Law {law})")
        wrong = [p for p in range(self.n)
                 if len(s.hands[p]) + (p in s.trick_seats) != self.proper_count()]
        if not wrong:
            raise LawError(f"every hand has its {self.proper_count()} cards: no misdeal")
        self.void = "misdeal"
        self.rule(law, "seat" + ("s " if len(wrong) > 1 else " ") + ", ".join(map(str, wrong))
                  + " found without the proper number of cards before all have played to"
                  " the first trick: a misdeal")

    def do_draw(self, a: LawAction) -> None:
        s = self.state
        law = self.law_of.get("wrong count", "?")
        card, other = a.cards[0], a.target
        if not s.tricks and not s.trick:
            raise LawError(f"before the first trick is played to, a wrong number is a misdeal"
                           f" (Law {law})")
        if card not in s.hands[other]:
            raise LawError(f"{card_name(card)} is not in the hand of seat {other}")
        short, long = self.count_off(a.seat), self.count_off(other)
        if short >= 0 or long <= 0:
            raise LawError(f"seat {a.seat} may draw from seat {other} only if he has too few"
                           f" cards and seat {other} too many (Law {law})")
        s.hands[other].remove(card)
        s.hands[a.seat].append(card)
        self.forfeits[a.seat] += 5
        self.forfeits[other] += 5
        self.record("wrong count", a.seat, status="penalty", note=f"with seat {other}")
        self.rule(law, f"seat {a.seat}, with too few cards, draws from seat {other}, with too"
                  " many; each pays a forfeit of five counters into the pool")

    def count_off(self, seat: int) -> int:
        """How many cards ``seat`` holds beyond (or short of) what it should now."""
        s = self.state
        played = self.proper_count() - s.tricks - (1 if seat in s.trick_seats else 0)
        return int(len(s.hands[seat]) - played)

    def do_omit(self, a: LawAction) -> None:
        s = self.state
        if a.seat != s.current_player() or not s.trick:
            raise LawError("only the seat to play to a trick already led can omit to play")
        self.skip(a.seat, "omission")
        self.after_card()

    # -- the end ---------------------------------------------------------------------------

    def move_last_trick(self, seat: int) -> None:
        """``seat`` takes in the last trick (and any cards left in its hand): the cards and
        what they score move to it."""
        s = self.state
        last = [c for _, c in s.last_trick]
        w = s.leader  # the last trick's winner leads to the next: he took it
        if w != seat:
            for c in last:
                s.won[w].remove(c)
            s.won[seat].extend(last)
            s.tricks_won[w] -= 1
            s.tricks_won[seat] += 1
            self.score_cards(w, last, -1)
            self.score_cards(seat, last, 1)
        left = s.hands[seat]
        if left:
            s.won[seat].extend(left)
            self.score_cards(seat, list(left), 1)
            s.hands[seat] = []

    def score_cards(self, seat: int, cards: list[int], sign: int) -> None:
        """Add (``sign`` 1) or take away (-1) what ``cards`` score to ``seat``."""
        pts = sum(self.state.order.points[c] for c in cards)
        if pts:
            self.state.points[seat] += sign * pts

    def end_of_hand(self) -> None:
        """Once, at the end: the last trick taken in by whoever must (Laws of omission and
        of a card short), the claims examined."""
        if self.finished or self.void:
            return
        self.finished = True
        for seat, law in self.take_last[:1]:
            self.move_last_trick(seat)
            self.rule(law, f"seat {seat} takes in the last trick")
        law = self.law_of.get("search", "?")
        for claimant, accused in self.claims:
            revokes = [i for i in self.irregularities if i.seat == accused
                       and i.kind in ("revoke", "failed to comply") and i.status == "claimed"]
            if revokes:
                for irr in revokes:
                    irr.status = "established"
                self.rule(law, f"the tricks are searched: seat {accused}'s revoke (trick"
                          f" {revokes[0].trick}) is established on seat {claimant}'s claim")
            elif not any(i.seat == accused and i.status == "established"
                         for i in self.irregularities):
                self.rule(law, f"the tricks are searched: no revoke by seat {accused}; seat"
                          f" {claimant}'s claim fails")
        for irr in self.irregularities:
            if irr.status == "open" and irr.kind in ("revoke", "failed to comply"):
                irr.status = "unclaimed"

    def revokers(self) -> list[int]:
        """The seats with an established revoke, each once."""
        out: list[int] = []
        for irr in self.irregularities:
            if irr.status == "established" and irr.seat not in out:
                out.append(irr.seat)
        return out

    def settle(self) -> Any:
        """The deal's settlement under the laws (a family overrides it)."""
        raise NotImplementedError

    def deal_result(self) -> DealResult:
        """The settlement as the match's :class:`DealResult` (a family overrides it)."""
        raise NotImplementedError

    # -- the referee's deal ------------------------------------------------------------------

    def extra_headers(self) -> list[tuple[str, str]]:
        """Headers of the referee's file beside the game, options, dealer and hands (the
        pool carried to a deal of Hearts)."""
        return []

    def referee_text(self) -> str:
        """The deal so far as a referee's file (:mod:`.referee`): ``bezique referee``
        rules on it again."""
        g = self.game
        lines = [f"# {g.title} under {self.laws_title}", f'[Game "{g.name}"]']
        opts = {k: str(v) for k, v in g.options.changed().items()}
        if hasattr(g.options, "players"):
            opts["players"] = str(self.n)
        lines += [f'[Option "{k}" "{v}"]' for k, v in opts.items()]
        lines.append(f'[Dealer "{self.state.dealer}"]')
        lines += [f'[Hand "{p}" "{" ".join(card_name(c) for c in h)}"]'
                  for p, h in enumerate(self.dealt)]
        lines += [f'[{k} "{v}"]' for k, v in self.extra_headers()]
        lines.append("")
        lines += [a.notation() for a in self.history]
        return "\n".join(lines) + "\n"

    @classmethod
    def deal_as_lay(cls, game: Game[Any], dealer: int, hands: Sequence[Sequence[int]],
                    **extra: Any) -> Any:
        """A deal from the hands as they lay on the table (they may hold a wrong number
        of cards): a family overrides it."""
        raise NotImplementedError

    # -- for players -----------------------------------------------------------------------

    def claims_open(self, seat: int) -> list[LawAction]:
        """The claims ``seat`` can make now on what the table has seen (an evident revoke
        by another, not yet claimed): what a computer player claims."""
        if self.mixed:
            return []
        out: list[LawAction] = []
        for irr in self.open_revokes():
            if irr.evident and irr.seat != seat and irr.status == "open":
                act = LawAction(seat, "claim", target=irr.seat)
                if act not in out:
                    out.append(act)
        return out

    # -- at the terminal (:class:`.match.LawMatch`) ---------------------------------------

    @classmethod
    def intro(cls) -> str:
        """What a player under these laws at the terminal may do, in a sentence."""
        return ("Under the laws: a card that does not follow is played (a revoke), and you"
                " may " + ", ".join(v.split(":")[0] for k, v in cls.verbs.items()
                                    if k in cls.terminal_verbs)
                + "; the computer players claim what they see.")

    def computer_acts(self, seat: int) -> list[LawAction]:
        """What a computer player at ``seat`` does by law now (it never errs on purpose):
        the claims it can make on what the table has seen, the elections the law leaves
        it."""
        return self.claims_open(seat)

    def regular(self) -> LawAction | None:
        """The law action the table takes by itself now when nobody does otherwise (the
        draws of a game with a stock, in their order), or ``None``."""
        return None

    def pending(self, seat: int) -> tuple[str, list[str], bool]:
        """An election or a moment the law gives ``seat`` now: what it is about, the
        choices (law actions), and whether play waits for one (``False``: he may go on
        without). No choices: nothing for him."""
        return "", [], False

    def summary(self) -> list[str]:
        return [i.describe() for i in self.irregularities]


#: The PLAYS table, for families that build actions from cards.
CARD_ACTIONS = PLAYS
