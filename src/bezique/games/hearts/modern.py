"""Hearts as OpenSpiel plays it (``heartsopenspiel``): today's common four-handed game,
the Queen of spades, passing three cards, shooting the moon, with OpenSpiel's defaults
(``open_spiel/games/hearts/hearts.cc``, its parameters' default values), so that our
players can be measured against OpenSpiel's on its rules (``benchmarks/peers.py``). A
preset stating only what differs from Foster's Hearts (:mod:`.foster`):

- Four players, the full pack, thirteen each.
- Before play each passes three cards (``pass QS``, one card at a time, from the
  dealer's left round the table), to the left, right or across, or none ("hold"):
  ``passing`` (see below); the cards passed reach their new holder once all have
  passed, and he alone (with the passer) knows them.
- The holder of the two of clubs leads it to the first trick.
- No heart and not the Queen of spades on the first trick, unless the hand holds
  nothing else beside the suit led (OpenSpiel's ``no_pts_on_first_trick``).
- Hearts may not be led until broken, by a heart or the Queen of spades played to a
  trick (``must_break_hearts``, ``qs_breaks_hearts``), unless the hand holds only hearts.
- Each heart costs 1 point, the Queen of spades 13 (26 in a deal); a player who takes
  all 26 shoots the moon: he scores 0 and each other 26. A deal's ``returns`` are the
  points against each, negative: OpenSpiel's returns (26 less the points) less 26.
- OpenSpiel's other options are off by default and here too (no Jack of diamonds
  bonus, no bonus for taking no trick, the two of clubs and no other club leads).
- The pass direction: OpenSpiel draws it at random for each deal (a chance event, the
  four equally likely). ``passing=rotate`` (the default) passes left, right, across and
  holds in turn through a match, as today's players do, and a single deal passes to the
  left; ``left``, ``right``, ``across`` and ``hold`` fix it.
- A match: each deal's points add up (on the sheet as negative figures); when a player
  has 100 against him, the fewest against wins (level: another deal). OpenSpiel plays
  single deals.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.cards import Card
from ...core.errors import IllegalActionError, NotationError, quoted
from ...core.events import NUMBERED, Event, Names
from ...core.game import Action, DealResult, Options, action_text, action_words
from ...core.game import option as _opt
from ...core.match import ScoreSheet
from ...core.trick import OVER_PHASE, PLAY_PHASE, PLAYS, SUIT_MASKS, copying
from .base import CLUBS, HEARTS, SPADES, HeartsGame, HeartsState

__all__ = ["DIRECTIONS", "OpenSpielHearts", "OpenSpielHeartsOptions", "OpenSpielHeartsState",
           "PassCard", "QUEEN_OF_SPADES", "TWO_OF_CLUBS"]

PASS = 3
TWO_OF_CLUBS = CLUBS * 16 + 2
QUEEN_OF_SPADES = SPADES * 16 + 12
TOTAL = 26
GAME_OVER = 100
#: Pass directions: how many seats to the left the cards go (0: hold).
DIRECTIONS = {"left": 1, "across": 2, "right": 3, "hold": 0}
ROTATION = ("left", "right", "across", "hold")
PASS_SIZE = 3


@dataclasses.dataclass(frozen=True, slots=True)
class PassCard(Action):
    """Pass a card to the seat the deal's direction names: ``pass QS``."""

    card: int

    def notation(self) -> str:
        return "pass " + Card(self.card).notation()


@dataclasses.dataclass(frozen=True, slots=True)
class CardsPassed(Event):
    """``seat`` passed three cards face down to ``to``."""

    seat: int
    to: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "pass", f"three cards to {names.object(self.to)}") + "."


@dataclasses.dataclass(frozen=True, slots=True)
class MoonShot(Event):
    """``seat`` took all 26 points: he scores 0, each other 26."""

    seat: int

    def describe(self, names: Names = NUMBERED) -> str:
        return names.says(self.seat, "shoot", "the moon: 0 for") + " him, 26 for each other."


PASSES = tuple(PassCard(c) for c in range(64))


@dataclasses.dataclass(frozen=True)
class OpenSpielHeartsOptions(Options):
    """The options of Hearts as OpenSpiel plays it."""

    game_title: ClassVar[str] = "Hearts (OpenSpiel)"

    passing: str = _opt(
        "rotate", ("rotate", "left", "right", "across", "hold"),
        "Where the three cards go: rotate (left, right, across, hold in turn through the"
        " match; a single deal passes left), or always left, right, across or hold"
        " (OpenSpiel draws it at random each deal).", "OpenSpiel pass_cards")


class OpenSpielHearts(HeartsGame):
    """Hearts as OpenSpiel plays it: four, the Queen of spades 13, three cards passed,
    the two of clubs leading, no points on the first trick, hearts broken before led,
    shooting the moon; the lowest total when one reaches 100 wins.

    >>> game = OpenSpielHearts()
    >>> state = game.deal(dealer=3, seed=1)
    >>> state.phase_name(), state.current_player()
    ('pass', 0)
    """

    name = "heartsopenspiel"
    #: points against, 0 to 26 a deal (the Queen of spades 13)
    result_unit = "hearts points"
    title = "Hearts (OpenSpiel)"
    rules_by = "OpenSpiel's rules"
    blurb = "Hearts as OpenSpiel plays it: the Queen of spades, passing, the moon."
    options_class = OpenSpielHeartsOptions
    options: OpenSpielHeartsOptions
    min_players = max_players = 4

    def stake(self) -> int:
        return 0

    def new_sheet(self) -> ScoreSheet:
        return ScoreSheet(columns=4)

    def direction(self, deal_no: int) -> int:
        """How many seats to the left deal ``deal_no`` (from 0) passes."""
        p = self.options.passing
        return DIRECTIONS[ROTATION[deal_no % 4] if p == "rotate" else p]

    def deal_in_match(self, dealer: int, pack: Sequence[int], sheet: ScoreSheet
                      ) -> OpenSpielHeartsState:
        state = self.deal(dealer, pack=pack)
        assert isinstance(state, OpenSpielHeartsState)
        state.set_direction(self.direction(len(sheet.rows)))
        return state

    def parse_action(self, text: str) -> Action:
        t = action_words(text, self.title)
        parts = t.split()
        if parts[0].lower() == "pass":
            if len(parts) != 2:
                raise NotationError(f"write a card passed as 'pass QS', not {quoted(text)}")
            return PASSES[int(self.read_card(parts[1]))]
        return super().parse_action(t)

    def deal_result(self, state: Any) -> DealResult:
        """Each seat's points against him, negative (the moon shooter 0, each other -26):
        OpenSpiel's returns less 26. ``details``: ``moon`` (the shooter's seat, -1)."""
        if not state.is_terminal():
            raise ValueError("the deal is not over")
        pts = list(state.points)
        shooter = state.moon()
        if shooter >= 0:
            pts = [0 if p == shooter else TOTAL for p in range(4)]
        notes = (f"seat {shooter} shoots the moon",) if shooter >= 0 else ()
        return DealResult(tuple(-x for x in pts), notes, (("moon", shooter),))

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """The points against each add up (negative); once one reaches 100 against him,
        the fewest against (the highest total) wins."""
        sheet.enter(deal_no, dealer, result, result.notes)
        t = sheet.totals
        if min(t) > -GAME_OVER:
            return
        top = max(t)
        tops = [p for p, x in enumerate(t) if x == top]
        if len(tops) > 1:
            sheet.rows[-1].notes = (*sheet.rows[-1].notes, "level at the top: another deal")
            return
        sheet.end_game(tops[0], 1, summary=f"seat {tops[0]} wins with {-top} points"
                       " against him")


class OpenSpielHeartsState(HeartsState):
    """A deal of OpenSpiel's Hearts: ``pass_dir`` (seats to the left; 0 holds),
    ``passing`` each seat's cards passed (hidden until they arrive), ``received``,
    ``arrived`` (whether the passed cards have reached their holders), ``broken``."""

    __slots__ = ("pass_dir", "passing", "arrived", "broken")
    #: ``passing`` is never changed in place (a new list each card passed): copies share it
    copies = copying(same="pass_dir arrived broken passing")
    phase_names: ClassVar[dict[int, str]] = {PLAY_PHASE: "play", OVER_PHASE: "end",
                                             PASS: "pass"}

    game: OpenSpielHearts
    pass_dir: int
    passing: list[list[int]]
    arrived: bool
    broken: bool

    def setup(self) -> None:
        self.passing = [[] for _ in range(self.n)]
        self.broken = False
        self.costs = tuple(13 if c == QUEEN_OF_SPADES else
                           1 if c >> 4 == HEARTS and 2 <= c & 15 <= 14 else 0
                           for c in range(64))
        self.set_direction(self.game.direction(0))

    def set_direction(self, direction: int) -> None:
        """Pass ``direction`` seats to the left (0: hold, play at once)."""
        self.pass_dir = direction
        self.arrived = direction == 0
        if direction:
            self.phase = PASS
            self.player = (self.dealer + 1) % self.n
        else:
            self.phase = PLAY_PHASE
            self.lead_two_of_clubs()

    def lead_two_of_clubs(self) -> None:
        """The holder of the two of clubs leads it: everyone knows where it lies."""
        holder = next(p for p in range(self.n) if TWO_OF_CLUBS in self.hands[p])
        self.leader = self.player = holder
        if TWO_OF_CLUBS not in self.known[holder]:
            self.known[holder] = [*self.known[holder], TWO_OF_CLUBS]

    def phase_name(self) -> str:
        return self.phase_names[self.phase]

    @property
    def opener(self) -> int:
        """The seat that acts first in the deal: the dealer's left when cards are passed,
        else the holder of the two of clubs."""
        if self.pass_dir:
            return (self.dealer + 1) % self.n
        return next(p for p in range(self.n) if TWO_OF_CLUBS in self.hands[p]
                    or TWO_OF_CLUBS in self.passing[p])

    @property
    def in_transit(self) -> list[list[int]]:
        """The cards passed and not yet arrived, each seat's (none once they arrive)."""
        return [] if self.arrived else self.passing

    def pass_to(self, seat: int) -> int:
        return (seat + self.pass_dir) % self.n

    # -- passing ---------------------------------------------------------------------------

    def phase_actions(self) -> list[Action]:
        return [PASSES[c] for c in sorted(self.hands[self.player])]

    def is_legal(self, action: Action) -> bool:
        if self.phase == PASS:
            return action in self.phase_actions()
        return super().is_legal(action)

    def apply_phase(self, action: Action) -> None:
        if not isinstance(action, PassCard) or action.card not in self.hands[self.player]:
            raise IllegalActionError(f"{action_text(action)} is not allowed now: seat"
                                     f" {self.player} passes three cards of his hand, one"
                                     " at a time ('pass QS')")
        self.pass_card(action.card)

    def pass_card(self, card: int) -> None:
        p = self.player
        self.hands[p].remove(card)
        passing = self.passing = self.passing[:]  # copies share the piles: a new one
        passing[p] = [*passing[p], card]
        if len(self.passing[p]) < PASS_SIZE:
            return
        self.note(CardsPassed, p, self.pass_to(p))
        nxt = (p + 1) % self.n
        if nxt != (self.dealer + 1) % self.n:
            self.player = nxt
            return
        for q in range(self.n):  # all have passed: the cards reach their holders
            self.hands[self.pass_to(q)] += self.passing[q]
        self.arrived = True
        self.phase = PLAY_PHASE
        self.lead_two_of_clubs()

    # -- the rules of play -----------------------------------------------------------------

    def lead_cards(self, hand: list[int]) -> list[int]:
        """The two of clubs to the first trick; no heart led until broken unless the
        hand holds only hearts."""
        if self.tricks == 0:
            return [TWO_OF_CLUBS]
        if self.broken:
            return list(hand)
        plain = [c for c in hand if c >> 4 != HEARTS]
        return plain or list(hand)

    def follow_cards(self, hand: list[int]) -> list[int]:
        """Follow suit; void, any card, but no point on the first trick if he can help it."""
        cards = super().follow_cards(hand)
        if self.tricks == 0 and cards[0] >> 4 != self.trick[0] >> 4:
            safe = [c for c in cards if not self.costs[c]]
            return safe or cards
        return cards

    def note_play(self, seat: int, card: int) -> None:
        suit = self.trick[0] >> 4
        if card >> 4 != suit:
            self.exclude(seat, SUIT_MASKS[suit])

    def play_card(self, card: int) -> None:
        super().play_card(card)
        if self.costs[card]:
            self.broken = True

    def moon(self) -> int:
        """The seat that took all 26 points, or -1."""
        for p in range(self.n):
            if self.points[p] == TOTAL:
                return p
        return -1

    def trick_done(self, winner: int, cards: tuple[int, ...]) -> None:
        pts = sum(self.costs[c] for c in cards)
        if pts:
            self.score(winner, pts, "points")
        if not any(self.hands):
            self.phase = OVER_PHASE
            shooter = self.moon()
            if shooter >= 0:
                self.note(MoonShot, shooter)

    # -- what each seat sees ---------------------------------------------------------------

    def places(self) -> list[list[int]]:
        """The hands and the stock; while the cards passed are on their way, each
        seat's three passed cards too (seen by the passer alone)."""
        if self.arrived:
            return [*self.hands, self.stock]
        return [*self.hands, self.stock, *self.passing]

    def put_places(self, places: list[list[int]]) -> None:
        n = self.n
        self.hands = places[:n]
        self.stock = places[n]
        if not self.arrived:
            self.passing = [p[:] for p in places[n + 1:]]

    def place_visible(self, viewer: int, place: int) -> bool:
        n = self.n
        if place > n:
            return place - n - 1 == viewer
        return super().place_visible(viewer, place)

    def place_mask(self, place: int) -> int:
        return self.excluded[place] if place < self.n else 0

    def known_to(self, viewer: int) -> list[list[int]]:
        """Beside the public knowledge, the cards ``viewer`` passed, once they have
        arrived, lie in the hand he passed them to (while it still holds them)."""
        out = super().known_to(viewer)
        if self.arrived and self.pass_dir and viewer >= 0:
            to = self.pass_to(viewer)
            for c in self.passing[viewer]:
                if c in self.hands[to] and c not in out[to]:
                    out[to].append(c)
        return out

    def observation_fields(self, seat: int) -> dict[str, Any]:
        fields = super().observation_fields(seat)
        mine = seat >= 0
        frm = (seat - self.pass_dir) % self.n if mine else -1
        fields.update(
            passing=tuple(Card(c) for c in sorted(self.passing[seat])) if mine else (),
            received=(tuple(Card(c) for c in sorted(self.passing[frm]))
                      if mine and self.arrived and self.pass_dir else ()),
            pass_dir=self.pass_dir,
            broken=self.broken)
        return fields


OpenSpielHearts.state_class = OpenSpielHeartsState
_ = PLAYS
