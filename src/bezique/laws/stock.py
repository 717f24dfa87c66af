"""The table under the laws for the two-handed games with a stock (the Bézique family:
Bézique, Rubicon, Binocle, Sixty-Six), on the generic layer of :mod:`.base`.

The laws of these games turn on what the N-seat table has no need of: **drawing** from
the stock after each trick, the **hand's count** (a card too many or too few, a card
found faced in the stock), the **compelled replay** of a hand whose follower failed to
follow or to win in the last tricks. The table serves any two-handed engine state
(:class:`~bezique.core.trick.TrickState`) whose phases are lead (0), follow (1) and the
winner's turn after a trick while the stock lasts (2: declare or draw), as the family's
are, with no change to the engines:

- **Draws are seat actions** (``0 draw``): after a trick won while the stock lasts the
  engine draws both cards at once (on ``draw``, or on a declaration, which draws by
  itself); the table keeps what each seat did at the table (``seq``) and, when the draws
  of the trick are over, gives the cards as they were taken from the stock (:meth:`
  StockLawTable.reassign`: the engine's two cards back on the stock, then each physical
  draw in order). So a draw out of turn, two cards drawn, a draw forgotten or withheld
  (a player with too many cards plays without drawing), a right to choose the card of the
  next draw, are one mechanism.
- **A trick taken back**: a copy of the deal is kept at the start of each trick
  (``starts``); a card led out of turn is taken back, and a hand replayed from a revoke,
  by going back to it.
- **A card forced** (:meth:`StockLawTable.force_play`): a follower's card the engine
  refuses in the last tricks (he fails to follow or to win) is played all the same; each
  family says how its engine is made to take it.

A family module subclasses :class:`StockLawTable`: ``law_of`` (the checklist number of
each law, ``BZ 74``...), ``hand_size``, the remedies it gives (``penalty``, ``look``),
:meth:`StockLawTable.deal_as_lay` and :meth:`StockLawTable.settle`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.cards import Card, card_name
from ..core.errors import BeziqueError, NotationError, quoted
from ..core.game import Action, Game, check_seat
from ..core.trick import TrickState
from .base import LawAction, LawError, LawTable

__all__ = ["DealSettlement", "STOCK_VERBS", "StockLawTable"]

LEAD, FOLLOW, AFTER_TRICK = 0, 1, 2

#: The law actions of the two-handed table, after the seat.
STOCK_VERBS = {
    "draw": "draw | draw two seen | draw two unseen | draw second: a card (two) drawn from"
            " the stock; 'second': the card the right of the last draw lets him choose",
    "back": "back: the card led out of turn is taken back (the adversary objects)",
    "replay": "replay: the revoker takes back his cards to the trick of the error and the"
              " hand is played again from there",
    "penalty": "penalty: the text's penalty for the revoke instead of the replay",
    "newdeal": "newdeal: a fresh deal (a wrong count, a card of the deal exposed, a draw"
               " forgotten): the deal is void",
    "nodraw": "nodraw: the player with too many cards plays without drawing until his"
              " count is right",
    "supply": "supply: the player with too few cards draws what he lacks from the stock",
    "allow": "allow: the player who forgot to draw draws two cards next time",
    "expose": "expose CARD: a card exposed in the deal",
    "faced": "faced CARD: a card found faced in the stock",
    "look": "look: looks at a trick turned and quitted before the last",
    "restore": "restore: the adversary has the card drawn out of turn put back",
}


@dataclasses.dataclass(frozen=True)
class DealSettlement:
    """What the deal comes to under the laws: ``net`` the points (or game points) each
    seat takes from it, with the penalties; ``pool`` and ``jack`` are Hearts' and stay
    empty here; ``notes`` the working."""

    net: tuple[int, ...]
    pool: int = 0
    jack: bool = False
    notes: tuple[str, ...] = ()


class StockLawTable(LawTable):
    """One deal of a two-handed game with a stock under its laws (see the module)."""

    state_types: ClassVar[tuple[type, ...]] = (TrickState,)
    verbs: ClassVar[dict[str, str]] = STOCK_VERBS
    terminal_verbs: ClassVar[tuple[str, ...]] = ("draw", "look", "newdeal", "allow",
                                                 "replay", "penalty", "nodraw", "supply")
    void_redealt = True
    state: Any  # the family's engine state (Bézique's, Rubicon's, Sixty-Six's ...)
    game: Any
    #: cards dealt to each
    hand_size: ClassVar[int] = 8
    #: whether a turn-up lies under the stock and is drawn last (not in Rubicon)
    has_turn_up: ClassVar[bool] = True
    #: too many cards found before this is a misdeal (a new deal, no choice): "lead" (no
    #: card played yet, Bézique) or "trick" (the first trick not yet complete, Binocle)
    deal_error_until: ClassVar[str] = "lead"
    #: two cards drawn, the second the adversary's: the offender shows his own too
    two_shows_own: ClassVar[bool] = False
    #: the game actions that are announcements (barred to a player with too many cards)
    announcements: ClassVar[tuple[str, ...]] = ("Declare", "ScoreCarried")

    def __init__(self, state: Any) -> None:
        super().__init__(state)
        self.n = 2
        self.round: dict[str, Any] | None = None  # the draws after the last trick
        self.starts: dict[int, Any] = {}  # trick number -> the deal as that trick began
        self.tricks_log: list[tuple[int, int, tuple[int, ...]]] = []  # (no, winner, cards)
        self.nodraw = [0, 0]  # draws a seat with too many cards still goes without
        self.extra = [0, 0]  # cards more to draw next time (a draw forgotten, allowed)
        self.elect: list[tuple[int, int, str]] = []  # (innocent, offender, kind) to choose
        self.choose_right = -1  # the seat that may take either card of the next draw
        self.wrong_draw = -1  # a seat that drew out of turn, the remedy not yet applied
        self.dead: list[int] = []  # cards left undrawn (an even stock)
        self.penalties: list[tuple[int, int]] = []  # (seat, trick) of a revoke penalised
        self.looked = [False, False]
        self.new_deal_right = -1  # the pone's right to a new deal (a card exposed)
        # the stock as dealt, top card first, and the trump card: the referee's headers
        self.dealt_stock = [int(c) for c in reversed(state.stock)]
        self.dealt_up = int(getattr(state, "turn_up", -1)) if self.has_turn_up else -1

    def extra_headers(self) -> list[tuple[str, str]]:
        out = [("Stock", " ".join(card_name(c) for c in self.dealt_stock))]
        return out + ([("Turnup", card_name(self.dealt_up))] if self.dealt_up >= 0 else [])

    # -- what the table looks like ------------------------------------------------------

    def trick_no(self) -> int:
        return int(self.state.tricks) + 1

    def to_move(self) -> int:
        return -1 if self.over else int(self.state.player)

    def pone(self) -> int:
        return 1 - int(self.state.dealer)

    def stock_out(self) -> bool:
        """The stock is exhausted: the last tricks are being played."""
        s = self.state
        return bool(s.turn_up < 0) if self.has_turn_up else not s.stock

    def size(self, seat: int) -> int:
        """The cards ``seat`` holds, the ones lying declared on the table included."""
        s = self.state
        tables = getattr(s, "tables", None)
        return len(s.hands[seat]) + (len(tables[seat]) if tables else 0)

    def count_off(self, seat: int) -> int:
        """How many cards ``seat`` holds beyond (or short of) his due, read when no trick
        is in progress and the draws are over: the hand's size while the stock lasts,
        the adversary's count in the last tricks."""
        if self.stock_out():
            return self.size(seat) - self.size(1 - seat)
        return self.size(seat) - self.hand_size

    def law(self, kind: str) -> str:
        return self.law_of.get(kind, "?")

    # -- reading actions ----------------------------------------------------------------

    def parse(self, text: str, seat: int | None = None) -> LawAction:
        words = text.split()
        if seat is None:
            if len(words) < 2 or not words[0].isdigit():
                raise NotationError(f"write the seat, then the action: {quoted(text)}"
                                    " (e.g. 1 QS, 0 draw)")
            seat = check_seat(int(words[0]), 2)
            words = words[1:]
        else:
            seat = check_seat(seat, 2)
        if not words:
            raise NotationError("an action is missing after the seat")
        verb, rest = words[0].lower(), [w.lower() for w in words[1:]]
        if verb not in STOCK_VERBS:
            return LawAction(seat, text=" ".join(words))
        if verb == "draw":
            word = " ".join(rest)
            if word not in ("", "two seen", "two unseen", "second"):
                raise NotationError(f"draw takes nothing, 'two seen', 'two unseen' or"
                                    f" 'second', not {quoted(word)}")
            return LawAction(seat, verb, word=word)
        if verb in ("expose", "faced"):
            if len(rest) != 1:
                raise NotationError(f"{verb} takes a card: {STOCK_VERBS[verb]}")
            return LawAction(seat, verb, cards=(self.read_card(words[1]),))
        if rest:
            raise NotationError(f"{verb} takes nothing: {STOCK_VERBS[verb]}")
        return LawAction(seat, verb)

    def read_card(self, text: str) -> int:
        return int(Card.parse(text))

    def _do(self, a: LawAction) -> None:
        if a.verb == "restore" and a.seat == self.wrong_draw or \
                a.verb == "restore" and self.wrong_draw < 0:
            raise LawError(f"seat {a.seat} has no card drawn out of turn by his adversary to"
                           " have put back")
        if self.wrong_draw >= 0 and not (a.verb == "draw" and a.seat != self.wrong_draw):
            self.restore_wrong_draw()
        if self.void:
            raise LawError(f"the deal is void ({self.void}): nothing more is played")
        super()._do(a)

    # -- the engine ---------------------------------------------------------------------

    def engine(self, action: Action) -> None:
        """Apply a regular action; note the trick it ends and the cards it draws."""
        s = self.state
        tricks, before = s.tricks, [list(h) for h in s.hands]
        stock, up = len(s.stock), getattr(s, "turn_up", -1)
        top = s.stock[-1] if s.stock else up
        below = s.stock[-2] if len(s.stock) >= 2 else up
        first = self.first_drawer() if s.phase == AFTER_TRICK else -1
        s.apply(action)
        self.after_engine(tricks, before, stock, up, (first, top, below))

    def after_engine(self, tricks: int, before: list[list[int]], stock: int, up: int,
                     drawn: tuple[int, int, int] = (-1, -1, -1)) -> None:
        s = self.state
        if s.tricks > tricks:
            self.tricks_log.append((int(s.tricks), int(s.last_winner),
                                    tuple(int(c) for c in s.last_trick)))
            if self.false_lead is not None:
                off = self.false_lead[0]
                self.false_lead = None
                self.rule(self.law("lead out of turn"), f"seat {1 - off} played to the lead"
                          f" of seat {off} out of turn: the trick stands")
                for irr in self.irregularities:
                    if irr.kind == "lead out of turn" and irr.status == "open":
                        irr.status = "stands"
            if s.phase == AFTER_TRICK:
                self.round = {"winner": int(s.player), "seq": [], "cards": None,
                              "swap": False, "last": False}
        first, top, below = drawn
        if first >= 0 and self.round is not None and len(s.stock) < stock:
            self.round["cards"] = (first, top, below)
            self.round["last"] = bool(self.has_turn_up and s.turn_up < 0) or not s.stock
        if self.round is not None and s.phase != AFTER_TRICK and self.round["cards"] is None:
            self.round = None  # the stock closed without drawing (Sixty-Six)

    def first_drawer(self) -> int:
        """Who draws first after the trick (the winner)."""
        return int(self.state.player)

    def force_play(self, seat: int, card: int, *, forced: bool) -> None:
        """The engine plays ``card`` for ``seat`` although its rules refuse it (a follower
        in the last tricks who fails to follow or to win): each family says how."""
        raise LawError(f"the laws of {self.game.title} do not play a card the rules refuse")

    # -- game actions -------------------------------------------------------------------

    def do_game(self, a: LawAction) -> None:
        if self.over:
            raise LawError(f"the hand is over: {a.text} is not an action now")
        action = self.game_action(a.text)
        s = self.state
        card = getattr(action, "card", None)
        is_card = card is not None and type(action).__name__ == "Play"
        if is_card:
            self.play_card(a.seat, action, int(card or 0))
            return
        name = type(action).__name__
        if name == "Draw" and self.round is not None:
            self.do_draw(LawAction(a.seat, "draw"))
            return
        if name in self.announcements and self.nodraw[a.seat]:
            raise LawError(f"seat {a.seat} has too many cards: no announcement until his count"
                           f" is right (Law {self.law('too many')})")
        if name == "Close" and self.looked[a.seat]:
            raise LawError(f"seat {a.seat} looked at a quitted trick: he has lost the"
                           f" privilege of closing (Law {self.law('look')})")
        if a.seat != s.player or not s.is_legal(action):
            self.irregular_action(a.seat, action)
        if self.round is not None and s.phase == LEAD:
            self.forgotten()
        self.engine(action)

    def play_card(self, seat: int, action: Action, card: int) -> None:
        if self.elect:
            i, o, kind = self.elect[0]
            raise LawError(f"seat {i} must first elect what seat {o}'s {kind} costs"
                           f" (newdeal or allow, Law {self.law(kind)})")
        if self.round is not None:
            self.forgotten()
        s = self.state
        if s.phase == FOLLOW and seat != s.player:
            raise LawError(f"seat {seat} has already played to this trick")
        if s.phase == LEAD:
            self.starts[self.trick_no()] = s.clone()
            if seat != s.player:
                irr = self.record("lead out of turn", seat, card, evident=True)
                self.rule(irr.law, f"seat {seat} leads {card_name(card)} out of turn (seat"
                          f" {s.player} is to lead): if seat {s.player} plays to it the"
                          " trick stands; if he objects (back) it is taken back, no penalty")
                self.false_lead = (seat, int(s.player))
                s.player = seat
            self.engine(action)
            return
        legal = {int(x.card) for x in s.legal_actions()
                 if type(x).__name__ == "Play"}
        if card in legal or getattr(action, "from_table", False):
            self.engine(action)
            return
        hand = s.hands[seat]
        if card not in hand:
            raise LawError(f"{card_name(card)} is not in the hand of seat {seat}")
        if not self.stock_out() and not getattr(s, "closed", False):
            raise LawError(f"{card_name(card)}: {self.why(action)}")
        irr = self.record("revoke", seat, card, int(s.lead) >> 4, evident=True)
        self.rule(irr.law, f"seat {seat} plays {card_name(card)}, failing to follow suit or to"
                  " win when he could: the adversary may compel him to take back his cards"
                  f" to trick {irr.trick} and replay the hand (replay)"
                  + (", or take the penalty (penalty)" if self.has_penalty() else ""))
        tricks, before = s.tricks, [list(h) for h in s.hands]
        self.force_play(seat, card, forced=True)
        self.after_engine(tricks, before, len(s.stock), getattr(s, "turn_up", -1))

    def why(self, action: Action) -> str:
        try:
            self.state.clone().apply(action)
        except BeziqueError as exc:
            return str(exc)
        return "not allowed"

    def has_penalty(self) -> bool:
        return False

    def irregular_action(self, seat: int, action: Action) -> None:
        s = self.state
        why = self.why(action) if seat == s.player else f"seat {s.player} is to act, not" \
            f" seat {seat}"
        raise LawError(f"{action.notation()} by seat {seat}: {why}; the laws of"
                       f" {self.game.title} say nothing of it")

    def do_back(self, a: LawAction) -> None:
        if self.false_lead is None or a.seat != self.false_lead[1]:
            raise LawError(f"seat {a.seat} has no card led out of turn to object to")
        off = self.false_lead[0]
        self.state = self.starts[self.trick_no()].clone()
        self.false_lead = None
        for irr in self.irregularities:
            if irr.kind == "lead out of turn" and irr.status == "open":
                irr.status = "taken back"
        self.rule(self.law("lead out of turn"), f"seat {a.seat} calls attention to the lead"
                  f" out of turn: seat {off} takes his card back, without penalty")

    # -- drawing ------------------------------------------------------------------------

    def due(self, seat: int) -> int:
        return 0 if self.nodraw[seat] else 1 + self.extra[seat]

    def drawn(self, seat: int) -> int:
        assert self.round is not None
        return sum(n for p, n in self.round["seq"] if p == seat)

    def engine_draw(self) -> None:
        """The engine draws the trick's two cards (an even stock first leaves its last
        card undrawn)."""
        s = self.state
        if self.has_turn_up and s.turn_up >= 0 and len(s.stock) == 2:
            dead = s.stock.pop(0)
            self.dead.append(dead)
            irr = self.record("even stock", -1, status="applied")
            self.rule(irr.law, "an even number of cards is left in the stock: the last card"
                      f" ({card_name(dead)}) is not drawn; the winner takes the last but one,"
                      " the loser the trump card")
        if self.has_turn_up and s.turn_up >= 0 and not s.stock:
            raise LawError("the stock is empty but for the trump card: no law says who draws")
        draw = self.game.parse_action("draw")
        self.engine(draw)

    def do_draw(self, a: LawAction) -> None:
        r = self.round
        if r is None:
            raise LawError("no draw is due: each draws after a trick won while the stock lasts")
        for i, o, kind in self.elect:
            raise LawError(f"seat {i} must first elect what seat {o}'s {kind} costs"
                           f" (newdeal or allow, Law {self.law(kind)})")
        if r["cards"] is None:
            first = self.first_drawer()
            self.engine_draw()
            r = self.round
            if r is None or r["cards"] is None:  # the game ended (Binocle's target)
                self.round = None
                return
        else:
            first = r["cards"][0]
        seat, seq = a.seat, r["seq"]
        irregular = a.word != "" or (not seq and seat != first and self.due(first)) \
            or self.drawn(seat) >= self.due(seat)
        if irregular and r["last"]:
            raise LawError("irregular draws at the last card and the turn-up are left out"
                           " (docs/LAWS.md)")
        if a.word == "second":
            if self.choose_right != seat:
                raise LawError(f"seat {seat} has no right to choose the card of this draw")
            self.choose_right = -1
            r["swap"] = True
            self.rule(self.law("looked at two"), f"seat {seat} takes the other card of the"
                      " draw, as the adversary looked at two cards")
            seq.append((seat, max(1, self.due(seat))))
        elif a.word.startswith("two"):
            self.draw_two(seat, a.word == "two seen", first)
        elif self.wrong_draw >= 0:
            irr = next(i for i in reversed(self.irregularities) if i.kind == "draw out of turn")
            irr.status = "no remedy"
            self.wrong_draw = -1
            seq.append((seat, 1))
            self.rule(irr.law, f"seat {seat} draws the wrong card too: both have drawn wrongly;"
                      " there is no remedy, each keeps what he drew")
        elif not seq and seat != first and self.due(first):
            irr = self.record("draw out of turn", seat, evident=True)
            self.wrong_draw = seat
            seq.append((seat, 1))
            self.rule(irr.law, f"seat {seat} draws out of turn (seat {first} draws first)")
        elif self.drawn(seat) >= self.due(seat):
            why = "he has too many cards and plays without drawing" if self.nodraw[seat] \
                else "he has drawn"
            raise LawError(f"seat {seat} draws no more after this trick: {why}")
        else:
            seq.append((seat, self.due(seat)))
        if all(self.drawn(p) >= self.due(p) for p in (0, 1)):
            self.close_round()

    def draw_two(self, seat: int, seen: bool, first: int) -> None:
        r = self.round
        assert r is not None
        _, a, b = r["cards"]
        law = self.law("drew two")
        irr = self.record("drew two", seat, status="applied", evident=seen)
        r["seq"].append((seat, self.due(seat)))
        if not seen:
            self.rule(law, f"seat {seat} draws two cards and has not seen the second: he puts"
                      " it back, without penalty")
            return
        if seat == first and not self.drawn(1 - seat):
            r.setdefault("show", []).append((1 - seat, b))
            text = (f"seat {seat} draws two cards and has seen the second, his adversary's"
                    f" ({card_name(b)}): he shows it to him")
            if self.two_shows_own:
                r["show"].append((seat, a))
                text += f", and shows his own card ({card_name(a)}) also"
            self.rule(law, text)
            return
        s = self.state
        nxt = s.stock[-1] if s.stock else -1
        text = f"seat {seat} draws two cards and has seen the second"
        if nxt >= 0:
            text += f" ({card_name(nxt)}, the next of the stock): he shows it and puts it back"
        if seat != r["winner"]:
            self.choose_right = 1 - seat
            law = self.law("looked at two")
            irr.law = law
            text += (f"; as the loser of the trick looked at two cards, seat {1 - seat} may"
                     " look at both cards of the next draw and take either (draw second)")
        self.rule(law, text)

    def restore_wrong_draw(self) -> None:
        """The draw out of turn is put right: the card restored, the offender's own shown
        when the card he took was his adversary's."""
        r = self.round
        seat = self.wrong_draw
        self.wrong_draw = -1
        irr = next(i for i in reversed(self.irregularities) if i.kind == "draw out of turn")
        irr.status = "restored"
        if r is None:
            return
        first, a, b = r["cards"]
        r["seq"] = [(first, self.due(first)), (seat, self.due(seat))]
        r.setdefault("show", []).append((seat, b))
        self.rule(irr.law, f"seat {seat} restores the card drawn out of turn ({card_name(a)}),"
                  f" his adversary's: he must show his own ({card_name(b)})")
        if all(self.drawn(p) >= self.due(p) for p in (0, 1)):
            self.close_round()

    def forgotten(self) -> None:
        """A card is played to the next trick while a draw of the last is owed: each seat
        short has forgotten to draw."""
        r = self.round
        assert r is not None
        if r["cards"] is None:
            self.engine_draw()
            r = self.round
            if r is None or r["cards"] is None:
                return
        short = [p for p in (0, 1) if self.drawn(p) < self.due(p)]
        if r["last"] and short:
            raise LawError("a draw forgotten at the last card and the turn-up is left out"
                           " (docs/LAWS.md)")
        for p in short:
            irr = self.record("forgot to draw", p, status="open", evident=True)
            self.elect.append((1 - p, p, "forgot to draw"))
            self.rule(irr.law, f"seat {p} has forgotten to draw and plays to the next trick:"
                      f" seat {1 - p} may call the deal void (newdeal) or allow him to draw"
                      " two cards next time (allow)")
        self.close_round()

    def close_round(self) -> None:
        r = self.round
        assert r is not None
        self.round = None
        if r["cards"] is None:
            return
        first, a, b = r["cards"]
        regular = [(first, 1), (1 - first, 1)]
        if r["seq"] != regular or r["swap"]:
            self.reassign(r["seq"], first, a, b, r["swap"])
        for p, c in r.get("show", []):
            if c in self.state.hands[p] and c not in self.state.known[p]:
                self.state.known[p] = self.state.known[p] + [c]
        for p in (0, 1):
            if self.nodraw[p]:
                self.nodraw[p] -= 1
                if not self.nodraw[p]:
                    self.rule(self.law("too many"), f"seat {p} has his right number of cards"
                              " again: he draws and announces as before")
            elif self.extra[p]:
                self.extra[p] = 0

    def reassign(self, seq: list[tuple[int, int]], first: int, a: int, b: int,
                 swap: bool) -> None:
        """The engine's two cards back on the stock, then the cards as drawn at the
        table, in order."""
        s = self.state
        s.hands[first].remove(a)
        s.hands[1 - first].remove(b)
        s.stock.append(b)
        s.stock.append(a)
        got: list[list[int]] = [[], []]
        for p, k in seq:
            for _ in range(k):
                if not s.stock:
                    raise LawError("the stock has no card left for that draw")
                c = s.stock.pop()
                s.hands[p].append(c)
                got[p].append(c)
        if swap and got[0] and got[1]:
            x, y = got[0][0], got[1][0]
            s.hands[0].remove(x)
            s.hands[1].remove(y)
            s.hands[0].append(y)
            s.hands[1].append(x)
        if hasattr(s, "_decl"):
            s._decl = None

    def do_allow(self, a: LawAction) -> None:
        e = next((x for x in self.elect if x[0] == a.seat), None)
        if e is None:
            raise LawError(f"seat {a.seat} has nothing to allow")
        self.elect.remove(e)
        self.extra[e[1]] += 1
        for irr in self.irregularities:
            if irr.kind == e[2] and irr.seat == e[1] and irr.status == "open":
                irr.status = "allowed"
        self.rule(self.law(e[2]), f"seat {a.seat} allows seat {e[1]} to draw two cards next"
                  " time")

    # -- the count of the hands -----------------------------------------------------------

    def quiet(self) -> bool:
        """No trick in progress and the draws over: the moment a count is read."""
        return self.round is None and self.state.phase == LEAD and self.false_lead is None

    def before_deal_error_limit(self) -> bool:
        s = self.state
        if self.deal_error_until == "lead":
            return bool(s.tricks == 0 and s.phase == LEAD and not self.tricks_log)
        return bool(s.tricks == 0)

    def do_newdeal(self, a: LawAction) -> None:
        seat, o = a.seat, 1 - a.seat
        e = next((x for x in self.elect if x[0] == seat), None)
        if e is not None:
            self.elect.remove(e)
            self.make_void(self.law(e[2]), f"seat {seat} calls the deal void: seat {e[1]}"
                           " forgot to draw", e[2])
            return
        if self.new_deal_right == seat:
            self.make_void(self.law("exposed in the deal"), f"the dealer exposed a card not"
                           f" his own: seat {seat}, the pone, demands a new deal",
                           "exposed in the deal")
            return
        if not self.quiet() and not self.before_deal_error_limit():
            raise LawError("a hand's count is read between tricks, the draws over")
        early = self.before_deal_error_limit()
        for p in (o, seat):
            off = self.count_off(p)
            if off > 0 and (p == o or early):
                kind = "deal too many" if early else "too many"
                self.make_void(self.law(kind), f"seat {p} has {off} card(s) too many:"
                               + (" a new deal" if early else f" seat {seat} claims a fresh deal"),
                               kind)
                return
            if off < 0 and p == o:
                kind = "deal too few" if early else "too few"
                if early and seat != self.pone():
                    raise LawError(f"the pone (seat {self.pone()}) chooses when a hand is short"
                                   f" in the deal (Law {self.law(kind)})")
                self.make_void(self.law(kind), f"seat {p} has {-off} card(s) too few: seat"
                               f" {seat} claims a fresh deal", kind)
                return
        raise LawError(f"seat {seat} has no ground for a new deal: both hands hold their"
                       " count and nothing is owed")

    def make_void(self, law: str, text: str, kind: str) -> None:
        self.void = "new deal"
        self.record(kind, -1, status="new deal")
        self.rule(law, text + "; the deal is void")

    def do_nodraw(self, a: LawAction) -> None:
        o = 1 - a.seat
        if not self.quiet():
            raise LawError("a hand's count is read between tricks, the draws over")
        off = self.count_off(o)
        if off <= 0:
            raise LawError(f"seat {o} has not too many cards")
        kind = "too many"
        if self.before_deal_error_limit():
            raise LawError(f"too many cards found before the first trick: there must be a new"
                           f" deal (Law {self.law('deal too many')})")
        self.nodraw[o] = off
        irr = self.record(kind, o, status="penalty", evident=True)
        self.rule(irr.law, f"seat {o} has {off} card(s) too many: seat {a.seat} compels him to"
                  " play without drawing until his count is right; he may make no"
                  " announcement meanwhile")

    def do_supply(self, a: LawAction) -> None:
        o = 1 - a.seat
        if not self.quiet():
            raise LawError("a hand's count is read between tricks, the draws over")
        off = self.count_off(o)
        if off >= 0:
            raise LawError(f"seat {o} has not too few cards")
        early = self.before_deal_error_limit()
        kind = "deal too few" if early else "too few"
        if early and a.seat != self.pone():
            raise LawError(f"the pone (seat {self.pone()}) chooses when a hand is short in the"
                           f" deal (Law {self.law(kind)})")
        s = self.state
        if len(s.stock) < -off + 1:
            raise LawError("the stock has not cards enough to make good the deficiency")
        got = [s.stock.pop() for _ in range(-off)]
        s.hands[o].extend(got)
        if hasattr(s, "_decl"):
            s._decl = None
        irr = self.record(kind, o, status="amended")
        self.rule(irr.law, f"seat {o} has {-off} card(s) too few: seat {a.seat} lets him make"
                  " good the deficiency from the top of the stock"
                  + (", the trump card unchanged" if early else ""))

    def do_expose(self, a: LawAction) -> None:
        s = self.state
        card = a.cards[0]
        if s.tricks or s.phase != LEAD or self.tricks_log:
            raise LawError("a card exposed in the deal is ruled on before the first lead")
        law = self.law("exposed in the deal")
        if card in s.hands[a.seat]:
            self.record("exposed in the deal", a.seat, card, status="stands")
            self.rule(law, f"seat {a.seat} exposes his own {card_name(card)}: the deal stands")
            return
        if a.seat != s.dealer:
            raise LawError(f"{card_name(card)} is not in the hand of seat {a.seat}")
        if card not in s.hands[1 - a.seat] and card not in s.stock:
            raise LawError(f"{card_name(card)} is in no hand and not in the stock")
        self.new_deal_right = 1 - a.seat
        self.record("exposed in the deal", a.seat, card, status="open")
        self.rule(law, f"the dealer exposes {card_name(card)}, not his own: the pone (seat"
                  f" {1 - a.seat}) may demand a new deal (newdeal)")

    def do_faced(self, a: LawAction) -> None:
        s = self.state
        card = a.cards[0]
        if card not in s.stock:
            raise LawError(f"{card_name(card)} is not in the stock")
        if s.tricks == 0:
            self.make_void(self.law("faced"), f"{card_name(card)} is found faced in the pack",
                           "faced")
            return
        self.record("faced", a.seat, card, status="turned down")
        self.rule(self.law("faced late"), f"{card_name(card)} is found faced in the stock after"
                  " the first trick: it is turned face down, without disturbing its place;"
                  " play goes on")

    def do_look(self, a: LawAction) -> None:
        raise LawError(f"a trick turned and quitted may not be looked at again; the laws of"
                       f" {self.game.title} name no penalty for it")

    # -- revokes in the last tricks ------------------------------------------------------

    def revoke_against(self, seat: int) -> Any:
        irr = next((i for i in self.irregularities if i.kind == "revoke"
                    and i.seat == 1 - seat and i.status == "open"), None)
        if irr is None:
            raise LawError(f"seat {1 - seat} has no revoke open against him")
        return irr

    def do_replay(self, a: LawAction) -> None:
        irr = self.revoke_against(a.seat)
        self.state = self.starts[irr.trick].clone()
        self.tricks_log = [t for t in self.tricks_log if t[0] < irr.trick]
        self.starts = {k: v for k, v in self.starts.items() if k <= irr.trick}
        self.false_lead = None
        for i in self.irregularities:
            if i.trick >= irr.trick and i.status == "open":
                i.status = "taken back"
        irr.status = "replayed"
        self.rule(irr.law, f"seat {a.seat} compels seat {irr.seat} to take back his cards to"
                  f" trick {irr.trick}: the hand is replayed from there")

    def do_penalty(self, a: LawAction) -> None:
        if not self.has_penalty():
            raise LawError(f"the laws of {self.game.title} give the replay as the remedy"
                           " (replay)")
        irr = self.revoke_against(a.seat)
        irr.status = "penalty"
        self.penalties.append((irr.seat, irr.trick))
        self.rule(irr.law, f"seat {a.seat} takes the penalty: {self.penalty_words(irr.seat)}")

    def penalty_words(self, seat: int) -> str:
        return ""

    # -- at the terminal ------------------------------------------------------------------

    @classmethod
    def intro(cls) -> str:
        return ("Under the laws: the draws after each trick are made for both in their order"
                " unless you draw otherwise (draw, out of turn, when the table stops for you"
                " after a trick you lost; draw two seen|unseen); a card that fails to follow"
                " or to win in the last tricks is played (a revoke); you may also "
                + ", ".join(k for k in cls.terminal_verbs if k != "draw")
                + "; the computer claims what it sees.")

    def regular(self) -> LawAction | None:
        """The next draw owed after the trick, in the regular order (the winner first),
        once the winner has declared or drawn; none while an election or a draw out of
        turn waits."""
        r = self.round
        if r is None or r["cards"] is None or self.elect or self.wrong_draw >= 0 \
                or self.over:
            return None
        first = r["cards"][0]
        for p in (first, 1 - first):
            if self.drawn(p) < self.due(p):
                return LawAction(p, "draw")
        return None

    def computer_acts(self, seat: int) -> list[LawAction]:
        """The computer's elections: a draw out of turn put back; the replay of a hand
        whose follower failed to follow or to win (the text's remedy); a draw forgotten
        allowed unless the offender leads in the deal's points (then a fresh deal); a
        new deal when the dealer exposed one of its own cards."""
        o = 1 - seat
        if self.wrong_draw == o:
            return [LawAction(seat, "restore")]
        for i, off, _ in self.elect:
            if i == seat:
                pts = self.state.points
                return [LawAction(seat, "newdeal" if pts[off] > pts[seat] else "allow")]
        if any(i.kind == "revoke" and i.seat == o and i.status == "open"
               for i in self.irregularities):
            return [LawAction(seat, "replay")]
        if self.new_deal_right == seat:
            irr = next(i for i in reversed(self.irregularities)
                       if i.kind == "exposed in the deal")
            if irr.status == "open":
                irr.status = "noted"
                if irr.card in self.dealt[seat]:
                    return [LawAction(seat, "newdeal")]
        return []

    def claims_open(self, seat: int) -> list[LawAction]:
        return []  # the remedies are elections (replay, newdeal ...), not claims

    def pending(self, seat: int) -> tuple[str, list[str], bool]:
        o = 1 - seat
        for i, off, kind in self.elect:
            if i == seat:
                return (f"seat {off}'s {kind} (Law {self.law(kind)})", ["allow", "newdeal"],
                        True)
        irr = next((i for i in self.irregularities if i.kind == "revoke" and i.seat == o
                    and i.status == "open"), None)
        if irr is not None:
            return (f"seat {o}'s revoke at trick {irr.trick} (Law {irr.law})",
                    ["replay", "penalty"] if self.has_penalty() else ["replay"], False)
        if self.new_deal_right == seat:
            return (f"the dealer exposed a card (Law {self.law('exposed in the deal')})",
                    ["newdeal"], False)
        r = self.round
        if r is not None and r["cards"] is None and not r["seq"] and not self.over \
                and self.first_drawer() == o and self.state.player == o:
            return (f"seat {o} won the trick and declares and draws first (a draw now is out of"
                    " turn)", ["draw"], False)
        return "", [], False

    def do_restore(self, a: LawAction) -> None:
        """Nothing more: :meth:`_do` has put the card back."""

    def deductions(self) -> list[int]:
        """What each seat's penalties take from its points of the deal (a family with a
        penalty says)."""
        return [0, 0]

    def deal_result(self) -> Any:
        """The game's own result of the deal, less what the penalties take away."""
        settled = self.settle()
        result = self.game.deal_result(self.state)
        lost = self.deductions()
        if not any(lost):
            return result
        points = tuple(p - d for p, d in zip(result.points, lost, strict=True))
        return dataclasses.replace(result, points=points,
                                   notes=tuple(result.notes) + settled.notes)

    # -- the end ------------------------------------------------------------------------

    def end_of_hand(self) -> None:
        if self.finished:
            return
        self.finished = True
        for irr in self.irregularities:
            if irr.status == "open" and irr.kind == "revoke":
                irr.status = "unclaimed"

    def settle(self) -> DealSettlement:
        """The deal's settlement under the laws: nothing for a void deal, else the
        family's own (:meth:`settle_played`) once the hand is played out."""
        self.end_of_hand()
        if self.void:
            return self.void_settlement()
        s = self.state
        if not s.is_terminal():
            raise LawError("the hand is not played out: no settlement yet")
        return self.settle_played(s)

    def settle_played(self, s: Any) -> DealSettlement:
        """The settlement of the hand ``s`` played out, penalties included: each
        family's."""
        raise NotImplementedError

    def void_settlement(self) -> DealSettlement:
        self.rule(self.law("misdeal"), "a misdeal does not lose the deal: the same dealer"
                  " deals again")
        return DealSettlement((0, 0), notes=(f"the deal is void ({self.void}): nothing is"
                                            " scored",))

    @staticmethod
    def check_pack(game: Game[Any], cards: Sequence[int], law: str) -> None:
        """The cards at the table must make the game's pack (an imperfect pack voids the
        deal, earlier scores standing)."""
        pack = sorted(int(c) for c in game.pack.all_cards())
        got = sorted(int(c) for c in cards)
        if pack != got:
            extra = list(got)
            for c in pack:
                if c in extra:
                    extra.remove(c)
            missing = list(pack)
            for c in got:
                if c in missing:
                    missing.remove(c)
            what = ("too many: " + " ".join(card_name(c) for c in extra) if extra else
                    "missing: " + " ".join(card_name(c) for c in missing))
            raise LawError(f"Law {law}: the pack is imperfect ({what}): the deal is void;"
                           " earlier scores stand")

    @staticmethod
    def stock_headers(extra: dict[str, Any]) -> tuple[list[int], int]:
        heads = extra.get("headers", {})
        stock = [int(Card.parse(w)) for w in heads.get("stock", "").split()]
        up = heads.get("turnup", "").strip()
        return stock, (int(Card.parse(up)) if up else -1)
