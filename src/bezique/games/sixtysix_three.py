"""Three-handed Sixty-Six, as Foster's *Complete Hoyle* gives it after the two-handed game
(INVENTORY 17; VARIANTS V-SS3-01).

Every deal is a deal of two-handed Sixty-Six (:mod:`.sixtysix`: its rules, checks and
tests hold as they are, but for the played out hand below) between two of the three
seats, as each game of Chouette Bézique is a Rubicon deal between two of its seats. What
this module states is the table around it:

- the dealer takes no cards: the player on his left (eldest) and the one on his right
  play the deal, eldest as the two-handed game's pone (he is dealt first and leads), the
  player on the dealer's right as its dealer;
- the dealer scores whatever game points the winner of the hand scores (1, 2 or 3); if
  neither player scores, "through each making 65, or one failing to claim 66", the
  dealer scores 1 and the others nothing. So in front of a scoring dealer a hand played
  out (the stock not closed) without a claim scores for neither player, whatever the
  counts: the only rule in which the deal differs from the two-handed one, whose played
  out hand is counted (SS 31-32). The winner of the last trick may claim on winning it,
  and the engine claims for him when he has 66 (a right claim is never worse for him);
- the dealer cannot go out on his own deal: what he scores stops one short of the game
  (at 6 when the game is 7), and he must win out by his own play;
- the game is 7 game points (as two-handed, SS 7); the deal passes to the left.

Settlement (``settlement``, V-SS3-01):

- ``pool_first_out_takes_all`` (the default): each pays into a pool and the first man
  out takes it: the match ends the moment one player reaches the game;
- ``remaining_two_finish_loser_pays_both``: after one is out the two others finish the
  game and the loser pays both: the match goes on until a second player is out. The
  first man out still deals the next hand when it is his turn (Foster's rule; the two
  others play it and he scores nothing, being out). After that the two remaining play
  ordinary two-handed Sixty-Six between them, the deal alternating, the dealer playing,
  the third seat taking no part.

Choices where the text is silent (``docs/RULES.md``, "Three-handed Sixty-Six"):

- "scores whatever points are won on the hand he deals" is read as the same number of
  game points as the winner of the hand (INVENTORY 17's design decision), the winner
  scoring them too;
- the two-handed tie bonus (one game point carried to the winner of the next deal, SS
  32) is replaced at three by the dealer's point: the text gives a hand in which neither
  player scores to the dealer, so nothing is carried. Once a player is out and the two
  others finish (second settlement) they play the two-handed game, a played out hand
  counted and a tie carrying 1 to the winner of the next deal as two-handed (no dealer
  scores then, and the text's point is the dealer's);
- a closed hand played out without a claim judges the closer on his count, as
  two-handed: closing is his undertaking to reach 66, with its own forfeit (SS 36);
- since only the winner of a hand and the dealer score, and the dealer stops short of
  the game, one player at most goes out in a deal;
- the seat order: eldest plays first as the pone, so the turn to lead passes to the
  left as everywhere in the family.

Seats in ``events()``, ``score_events()``, observations and records are the table's
(0 .. 2); the two-handed deal inside (``inner``) numbers its hands 0 (``players[0]``,
eldest) and 1 (``players[1]``).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.cards import Card, Pack, Suit
from ..core.events import DealOver, Event, moved
from ..core.game import (
    SPECTATOR,
    Action,
    DealResult,
    Game,
    Observation,
    Options,
    check_seat,
)
from ..core.game import option as _opt
from ..core.inner import InnerDeal
from ..core.match import ScoreSheet
from ..core.sample import sample_hands
from ..core.trick import SUIT_MASKS
from .sixtysix import (
    PACK,
    PHASE_NAMES,
    SixtySix,
    SixtySixOptions,
    SixtySixState,
    parse_action,
)

__all__ = ["SETTLEMENTS", "ThreeHandedSixtySix", "ThreeHandedSixtySixObservation",
           "ThreeHandedSixtySixOptions", "ThreeHandedSixtySixState"]

SETTLEMENTS = ("pool_first_out_takes_all", "remaining_two_finish_loser_pays_both")


@dataclasses.dataclass(frozen=True)
class ThreeHandedSixtySixOptions(Options):
    """The options of three-handed Sixty-Six: the two-handed deal's (how the trump is
    made, the game) and how the table settles (V-SS3-01)."""

    game_title: ClassVar[str] = "Three-handed Sixty-Six"

    # the two-handed deal's, in the words of this table
    trump_making: str = SixtySixOptions.shared(
        "trump_making",
        "How the trump card is turned in each two-handed deal: the 13th card after six"
        " each (the American way), the 7th after the first round of three, or drawn from"
        " the talon by the player on the dealer's left.")
    pone_draw_from: str = SixtySixOptions.shared(
        "pone_draw_from",
        "When the trump card is drawn from the talon: the card taken (a blind draw).")
    game_target: int = SixtySixOptions.shared(
        "game_target",
        "Game points that win: 7 (Foster); the dealer stops one short of it on his own"
        " deal.")
    settlement: str = _opt(
        SETTLEMENTS[0], SETTLEMENTS,
        "How the match is settled: the first man out takes the pool (the match ends when"
        " one is out), or the two others finish and the loser pays both (it ends when a"
        " second is out).", "V-SS3-01")


class _BeforeTheDealer(SixtySix):
    """Two-handed Sixty-Six as the two players play it before the dealer who scores:
    "one failing to claim 66" scores nothing, the dealer 1 (Foster, Three-handed)."""

    played_out_counts = False


class ThreeHandedSixtySix(Game["ThreeHandedSixtySixState"]):
    """Three-handed Sixty-Six (Foster): the dealer sits out and scores what the winner
    of the hand scores; first man out wins.

    >>> game = ThreeHandedSixtySix()
    >>> state = game.deal(dealer=0, seed=3)
    >>> state.players, state.current_player(), [len(h) for h in state.hands]
    ((1, 2), 1, [0, 6, 6])
    """

    name = "sixtysix3"
    result_unit = "game points"
    title = "Three-handed Sixty-Six"
    options_class = ThreeHandedSixtySixOptions
    options: ThreeHandedSixtySixOptions
    min_players = max_players = 3

    def __init__(self, options: ThreeHandedSixtySixOptions | None = None) -> None:
        super().__init__(options)
        o = self.options
        duel = SixtySixOptions(trump_making=o.trump_making, pone_draw_from=o.pone_draw_from,
                               game_target=o.game_target)
        #: the two-handed game of the deals two play alone, once one is out
        self.duel_game = SixtySix(duel)
        #: the two-handed game of the deals before a scoring dealer: a hand played out
        #: without a claim scores for neither player
        self.dealers_game: SixtySix = _BeforeTheDealer(duel)

    @property
    def pack(self) -> Pack:
        return PACK

    @property
    def target(self) -> int:
        """The game points that win (7)."""
        return self.options.game_target

    def deal(self, dealer: int, *, seed: int | None = None, pack: Sequence[int] | None = None,
             rng: random.Random | None = None) -> ThreeHandedSixtySixState:
        """A three-handed deal: the dealer sits out and scores with the winner (as at
        the start of a match)."""
        dealer = check_seat(dealer, 3, "dealer")
        order = self.pack_order(seed=seed, pack=pack, rng=rng)
        return self._deal(dealer, order, (0, 0, 0), 0)

    def deal_in_match(self, dealer: int, pack: Sequence[int], sheet: ScoreSheet
                      ) -> ThreeHandedSixtySixState:
        """The next deal of a match: three-handed while nobody is out; once one is out
        (second settlement) the two others play it, the dealer among them, or, when the
        man out deals, the two others with him sitting out and scoring nothing."""
        dealer = check_seat(dealer, 3, "dealer")
        return self._deal(dealer, pack, tuple(sheet.totals), sheet.carry)

    def _deal(self, dealer: int, order: Sequence[int], before: tuple[int, ...],
              carry: int) -> ThreeHandedSixtySixState:
        out = next((s for s in range(3) if before[s] >= self.target), -1)
        eldest, right = (dealer + 1) % 3, (dealer + 2) % 3
        if out < 0:  # the dealer sits out and scores with the winner
            players, scorer = (eldest, right), dealer
            room = max(0, self.target - 1 - before[dealer])
            carry = 0
        elif out == dealer:  # the first man out deals the next hand, and is out
            players, scorer, room = (eldest, right), -1, 0
        else:  # the two remaining play two-handed: the pone leads, the dealer plays
            other = next(s for s in range(3) if s not in (dealer, out))
            players, scorer, room = (other, dealer), -1, 0
        inner = SixtySixState.from_pack(self.dealers_game if scorer >= 0 else self.duel_game,
                                        1, order)
        return ThreeHandedSixtySixState(self, dealer, players, scorer, room, carry, before,
                                        out, inner)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def deal_result(self, state: ThreeHandedSixtySixState) -> DealResult:
        """Game points per seat: the winner of the hand his (plus a carried tie while
        two finish), the dealer as many but never to the game, 1 for the dealer when
        neither player scores. ``details``: each player's count, ``tie`` (1) when a tie
        carries (two finishing), ``next_dealer``."""
        if not state.is_terminal():
            raise ValueError("the deal is not over")
        inner = state.inner
        points = [0, 0, 0]
        notes = [_table_text(inner.outcome, state.players)]
        details: list[tuple[str, int]] = [(f"count{p}", inner.points[i])
                                          for i, p in enumerate(state.players)]
        w = inner.winner
        if w >= 0:
            seat = state.players[w]
            points[seat] = inner.value + state.carry
            if state.carry:
                notes.append(f"+{state.carry} for the tied deal")
                details.append(("carried", state.carry))
            if state.scorer >= 0:
                points[state.scorer] = min(inner.value, state.room)
        elif state.scorer >= 0:
            points[state.scorer] = min(1, state.room)
            notes.append("neither player scores: the dealer scores 1")
        else:
            details.append(("tie", 1))
        if state.scorer >= 0 and state.room < (inner.value if w >= 0 else 1):
            notes.append(f"the dealer cannot go out on his own deal: seat {state.scorer}"
                         f" scores {points[state.scorer]}")
        details.append(("next_dealer", self._next(state)))
        return DealResult(tuple(points), tuple(notes), tuple(details))

    def _next(self, state: ThreeHandedSixtySixState) -> int:
        nxt = (state.dealer + 1) % 3
        if state.out >= 0 and nxt == state.out:  # the two remaining alternate
            nxt = (nxt + 1) % 3
        return nxt

    def next_dealer(self, deal_no: int, dealer: int, result: DealResult) -> int:
        """To the left; the first man out deals the next hand when it is his turn, and
        then the two remaining alternate (second settlement)."""
        return result.detail("next_dealer", (dealer + 1) % 3)

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Game points add up by seat; the first to the game is out. Pool: he takes it
        and the match is over. Second settlement: the others play on until one of them
        is out too; the last pays both."""
        notes = list(result.notes)
        if result.detail("tie"):
            sheet.carry += result.detail("tie")
            notes.append(f"tie: the winner of the next deal adds {sheet.carry}")
        elif result.detail("carried"):
            sheet.carry = 0
        before = list(sheet.totals)
        row = sheet.enter(deal_no, dealer, result, notes)
        target = self.target
        out = [s for s in range(3) if sheet.totals[s] >= target]
        if not out:
            return
        if self.options.settlement == SETTLEMENTS[0]:
            w = out[0]
            sheet.end_game(w, 1, summary=f"the pool to seat {w}, first out with"
                                         f" {sheet.totals[w]}")
            return
        first = [s for s in range(3) if before[s] >= target]
        if not first:
            row.notes = row.notes + (f"seat {out[0]} is out: the other two finish",)
            return
        if len(out) < 2:  # the two remaining play on
            return
        second = next(s for s in out if s != first[0])
        loser = next(s for s in range(3) if s not in (first[0], second))
        sheet.end_game(first[0], 1, (f"seat {second} out second", f"both paid by seat {loser}"),
                       summary=f"seat {first[0]} out first, seat {second} second, and both"
                               f" paid by seat {loser}")


def _table_text(text: str, players: Sequence[int]) -> str:
    """A two-handed deal's words about its seats ("seat 1 claims ...") with the table's
    seats."""
    return re.sub(r"\bseat ([01])\b", lambda m: f"seat {players[int(m.group(1))]}", text)


@dataclasses.dataclass(frozen=True)
class ThreeHandedSixtySixObservation(Observation):
    """What one seat may know of a deal of three-handed Sixty-Six: the two-handed deal's
    public fields (see :class:`~.sixtysix.SixtySixObservation`) with one entry per
    *table* seat (the seat taking no cards: no hand, no tricks, 0), and the seat's own
    hand (none for the seat sitting out, who sees no hand: his observation is the public
    one but for ``seat``).

    ``players`` are the two seats playing (eldest first), ``sits_out`` the third;
    ``scorer`` is the dealer who scores with the winner (-1 when none does: two finishing
    after one is out); ``dealer_room`` the most he may score this deal; ``trick_leader``
    the seat who led the trick in progress (or leads next)."""

    dealer: int
    players: tuple[int, int]
    sits_out: int
    scorer: int
    dealer_room: int
    to_move: int
    phase: str
    trump: Suit
    turn_up: Card | None
    closed: bool
    closer: int | None
    non_closer_had_trick: bool | None
    stock_size: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known_in_hand: tuple[tuple[Card, ...], ...]
    voids: tuple[tuple[Suit, ...], ...]
    trick: tuple[Card, ...]
    trick_leader: int
    last_trick: tuple[Card, ...]
    tricks_played: int
    tricks_won: tuple[int, ...]
    won: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    pending: tuple[int, ...]
    events: tuple[Event, ...]


class ThreeHandedSixtySixState(InnerDeal):
    """A deal of three-handed Sixty-Six: a two-handed deal (``inner``) between the seats
    ``players`` (eldest, then the dealer's right), seen by the whole table; every rule of
    play is the two-handed deal's, and this class maps seats. ``scorer`` (the dealer, or
    -1), ``room`` (the most he may score), ``carry`` (a tie carried while two finish),
    ``before`` (the match's totals when dealt) and ``out`` (a seat already out, or -1)
    are what the deal's result needs of the match."""

    __slots__ = ("game", "dealer", "players", "scorer", "room", "carry", "before", "out",
                 "inner")

    game: ThreeHandedSixtySix

    def __init__(self, game: ThreeHandedSixtySix, dealer: int, players: tuple[int, int],
                 scorer: int, room: int, carry: int, before: tuple[int, ...], out: int,
                 inner: SixtySixState) -> None:
        self.game = game
        self.dealer = dealer
        self.players = players
        self.scorer = scorer
        self.room = room
        self.carry = carry
        self.before = before
        self.out = out
        self.inner = inner

    @property
    def sits_out(self) -> int:
        """The seat that takes no cards this deal."""
        return next(s for s in range(3) if s not in self.players)

    def hand_index(self, seat: int) -> int:
        """The hand of the two-handed deal ``seat`` holds (0 or 1), or -1 (sits out)."""
        seat = check_seat(seat, 3)
        return self.players.index(seat) if seat in self.players else -1

    # -- where the cards are, by table seat (lists shared with the inner deal) ----------

    @property
    def hands(self) -> list[list[int]]:
        """Each seat's hand (the inner deal's own lists; an empty one sitting out)."""
        return self._by_seat(self.inner.hands)

    @property
    def known(self) -> list[list[int]]:
        """The cards publicly known to be in each seat's hand."""
        return self._by_seat(self.inner.known)

    @property
    def won(self) -> list[list[int]]:
        """The cards each seat has won."""
        return self._by_seat(self.inner.won)

    @property
    def stock(self) -> list[int]:
        """The face-down stock (the inner deal's list, top card last)."""
        return self.inner.stock

    @property
    def turn_up(self) -> int:
        """The turn-up (-1 once drawn)."""
        return self.inner.turn_up

    @property
    def lead(self) -> int:
        """The card led to the trick in progress (-1 when none)."""
        return self.inner.lead

    @property
    def trump(self) -> int:
        """The trump suit."""
        return self.inner.trump

    def _by_seat(self, pair: Sequence[list[int]]) -> list[list[int]]:
        out: list[list[int]] = [[], [], []]
        for i, p in enumerate(self.players):
            out[p] = pair[i]
        return out

    # -- the interface ------------------------------------------------------------------

    def inner_deal(self) -> SixtySixState:
        """The two-handed deal being played."""
        return self.inner

    def inner_seats(self) -> tuple[int, int]:
        """Its two seats: eldest, then the dealer's right."""
        return self.players

    def scores(self) -> tuple[int, ...]:
        """Each seat's count toward 66 in this deal (0 for the seat sitting out)."""
        out = [0, 0, 0]
        for i, p in enumerate(self.players):
            out[p] = self.inner.points[i]
        return tuple(out)

    def events(self) -> list[Event]:
        """The deal's public events with the table's seats."""
        p = self.players
        out: list[Event] = []
        for e in self.inner.events():
            e = moved(e, p)
            if isinstance(e, DealOver):
                e = dataclasses.replace(e, reason=_table_text(e.reason, p))
            out.append(e)
        return out

    def clone(self) -> ThreeHandedSixtySixState:
        return ThreeHandedSixtySixState(self.game, self.dealer, self.players, self.scorer,
                                        self.room, self.carry, self.before, self.out,
                                        self.inner.clone())

    def hidden_from(self, seat: int) -> list[int]:
        """The cards ``seat`` cannot see, sorted: a player's, the two-handed deal's (the
        stock and the unknown part of the other hand); the seat sitting out's, the stock
        and the unknown part of both hands."""
        i = self.hand_index(seat)
        if i >= 0:
            return self.inner.hidden_from(i)
        hidden = list(self.inner.stock)
        for h in (0, 1):
            rest = self.inner.hands[h][:]
            for c in self.inner.known[h]:
                rest.remove(c)
            hidden += rest
        hidden.sort()
        return hidden

    def resample(self, seat: int, rng: random.Random) -> ThreeHandedSixtySixState:
        """A deal drawn among those ``seat`` cannot tell apart: a player's, as the
        two-handed deal draws it; for the seat sitting out, both hands (each keeping its
        known cards and getting no card of a suit it has shown void in) and the stock
        dealt again from the hidden cards in sorted order."""
        i = self.hand_index(seat)
        s = self.clone()
        if i >= 0:
            s.inner = self.inner.resample(i, rng)
            return s
        inner = s.inner
        pool: list[int] = list(inner.stock)
        sizes: list[int] = []
        masks: list[int] = []
        for h in (0, 1):
            rest = inner.hands[h][:]
            for c in inner.known[h]:
                rest.remove(c)
            pool += rest
            sizes.append(len(rest))
            void = inner.voids[h]
            masks.append(sum(SUIT_MASKS[x] for x in range(4) if void >> x & 1))
        sizes.append(len(inner.stock))
        masks.append(0)
        pool.sort()
        dealt = sample_hands(pool, sizes, masks, rng)
        for h in (0, 1):
            inner.hands[h] = list(inner.known[h]) + dealt[h]
        inner.stock = dealt[2]
        return s

    def observation(self, seat: int) -> ThreeHandedSixtySixObservation:
        return self._observe(check_seat(seat, 3))

    def public_observation(self) -> ThreeHandedSixtySixObservation:
        """What anyone may know (the seat sitting out knows no more): the two-handed
        deal's public observation by table seat, no hand."""
        return self._observe(SPECTATOR)

    def _observe(self, seat: int) -> ThreeHandedSixtySixObservation:
        """The observation of ``seat``, or the public one (``SPECTATOR``)."""
        i = self.hand_index(seat) if seat >= 0 else -1
        inner = self.inner
        o = inner.observation(i) if i >= 0 else inner.public_observation()
        p = self.players

        def per_seat(pair: Sequence[Any], empty: Any) -> tuple[Any, ...]:
            out = [empty, empty, empty]
            for k, s in enumerate(p):
                out[s] = pair[k]
            return tuple(out)

        mover = inner.player if not inner.is_terminal() else -1
        if mover < 0:
            leader = p[inner.last_winner] if inner.last_winner >= 0 else p[0]
        elif o.phase == "follow":  # the other led
            leader = p[1 - mover]
        else:
            leader = p[mover]
        return ThreeHandedSixtySixObservation(
            seat=seat, dealer=self.dealer, players=p, sits_out=self.sits_out,
            scorer=self.scorer, dealer_room=self.room, to_move=self.current_player(),
            phase=o.phase, trump=o.trump, turn_up=o.turn_up, closed=o.closed,
            closer=p[o.closer] if o.closer is not None else None,
            non_closer_had_trick=o.non_closer_had_trick, stock_size=o.stock_size,
            hand=o.hand, hand_sizes=per_seat(o.hand_sizes, 0),
            known_in_hand=per_seat(o.known_in_hand, ()), voids=per_seat(o.voids, ()),
            trick=o.trick, trick_leader=leader, last_trick=o.last_trick,
            tricks_played=o.tricks_played, tricks_won=per_seat(o.tricks_won, 0),
            won=per_seat(o.won, ()), points=per_seat(o.points, 0),
            pending=per_seat(o.pending, 0),
            events=tuple(self.events()))

    def __str__(self) -> str:
        return (f"Three-handed Sixty-Six: dealer {self.dealer}, seats {self.players[0]} and"
                f" {self.players[1]} play (as hands 0 and 1)\n" + str(self.inner))

    def __repr__(self) -> str:
        return (f"<ThreeHandedSixtySixState dealer={self.dealer} players={self.players}"
                f" trick={self.inner.tricks} phase={PHASE_NAMES[self.inner.phase]}>")

