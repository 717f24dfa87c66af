"""Chouette Bézique: Rubicon Bézique at a table of three to six, one player taking every
bet against the others, who consult (Foster, "Chouette Bézique"; VARIANTS V-RB-06).

Each game of the sitting is a deal of two-handed Rubicon Bézique (:mod:`.rubicon`,
unchanged: its options are this game's too) between two seats; the rest of the table
consults. What this module states is the table around it:

- ``form=chouette`` (Foster's first form): one player, the *box* (the *chouette*), plays
  every game and takes every bet; the others are his adversaries and form one side. One
  of them, the *captain*, holds the cards of a game and plays against the box; the other
  adversaries consult with him, seeing his hand (``Game.visible``), and the captain
  decides for the side (``current_player()`` is the captain). If the box wins a game,
  the next adversary to the left takes the loser's place; if he loses, the same captain
  plays him again. The adversaries cut for the first game, the highest cut playing first
  (the caller's ``first_dealer``: any adversary; the box never deals).
- ``form=partners`` (four players): two against two, partners opposite (seats 0 and 2
  against 1 and 3), each consulting his partner and sharing his bets. Each game is
  played by the dealer and the player on his left, the partners of both consulting; the
  deal passes to the left, so every player plays each adversary in turn.

Choices where the text is silent (``docs/RULES.md``, "Chouette Bézique"):

- the box has "the choice of deal": he gives the deal to the captain, as Foster's
  advice on the cut recommends (the first lead is worth more), so the captain deals and
  the box leads; in the partners form the dealer's left leads, as in Rubicon;
- the stakes are the game's value in hundreds (Rubicon Bézique, Scoring): in the first
  form each adversary bets with the box separately, so a game worth ``v`` hundred gives
  the box ``+v`` from each of the ``k`` adversaries (``+k·v`` in all) and each adversary
  ``-v``, or the reverse; in the partners form each side wins or loses ``v``, the
  partners sharing it; a tied game (RB-GAP-8) moves no stake and, the box not having
  won, the captain stays;
- the seat of the box is an option (``box``, by default seat 0), the box choosing his
  seat;
- a *round* (``series_deals=0``, the default) lasts until every adversary has played
  the box and lost the captaincy in turn, the captaincy coming back to the first
  captain, or four games for each adversary at the most, so that a box who keeps losing
  does not hold the round up for ever (the partners form: four games, each player
  dealing once); ``series_deals=N`` plays exactly ``N`` games instead. The sheet keeps
  the net hundreds by side (the box's column, and the adversaries' column with what
  each of them has won or lost).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ...core import table as seating
from ...core.cards import Pack
from ...core.errors import OptionError, SeatError
from ...core.game import (
    MOST_DEALS,
    SPECTATOR,
    Action,
    DealResult,
    Game,
    Observation,
    check_seat,
)
from ...core.game import option as _opt
from ...core.inner import InnerDeal
from ...core.match import ScoreSheet
from .rubicon import (
    Chinese,
    ChineseOptions,
    Rubicon,
    RubiconObservation,
    RubiconOptions,
    RubiconState,
)

__all__ = ["Chouette", "ChouetteObservation", "ChouetteOptions", "ChouetteState", "FORMS"]

FORMS = ("chouette", "partners")
#: A round of the chouette form ends after this many games per adversary at the latest.
ROUND_LIMIT = 4


@dataclasses.dataclass(frozen=True)
class ChouetteOptions(RubiconOptions):
    """The options of Chouette Bézique: the table's (``players``, ``form``, ``box``, how
    many games make the sitting) and every option of Rubicon Bézique, which each game
    is played by (``packs=6`` plays the games as Chinese Bézique)."""

    game_title: ClassVar[str] = "Chouette Bézique"

    series_deals: int = _opt(
        0, None,
        "How many games make the sitting: 0 for a round (every adversary plays the box"
        " until the box beats him, and the captaincy comes back to the first captain, or"
        " four games for each adversary at the most; in the partners form four games,"
        " each player dealing once), or that many games.",
        "V-RB-06", least=0, most=MOST_DEALS)
    players: int = _opt(
        4, (3, 4, 5, 6),
        "How many sit at the table: the box and two to five adversaries (the partners form"
        " is played by four).",
        "V-RB-06")
    form: str = _opt(
        "chouette", FORMS,
        "The table's form: chouette, one player (the box) taking every bet against the"
        " others, who consult; or partners, two against two, each consulting his partner"
        " and sharing his bets.",
        "V-RB-06")
    box: int = _opt(
        0, None,
        "The seat of the box, who has the choice of seats (the chouette form; seat 0, the"
        " first, by default).",
        "V-RB-06", least=0, most=5)  # a seat of the most players, checked against players


def _rubicon_options(o: ChouetteOptions) -> RubiconOptions:
    """The options of each game: Rubicon's (Chinese Bézique's with six packs)."""
    cls = ChineseOptions if o.packs == 6 else RubiconOptions
    values = {f.name: getattr(o, f.name) for f in dataclasses.fields(RubiconOptions)}
    values["series_deals"] = 1  # the sitting is the table's, not the game's
    try:
        return cls.from_mapping(values)
    except OptionError as exc:
        raise OptionError(f"Chouette Bézique: {exc}") from None


class Chouette(Game["ChouetteState"]):
    """Chouette Bézique (Foster): games of two-handed Rubicon Bézique, one player (the
    box) against each of the others in turn, who consult; or two against two.

    Points balance: in the chouette form a game worth ``v`` hundred gives the box
    ``k·v`` (``k`` adversaries) and each adversary ``-v``, or the reverse; in the
    partners form each member of a side holds the side's ``±v``.

    >>> game = Chouette(ChouetteOptions(players=3))
    >>> game.num_players, game.sides
    (3, (0, 1, 1))
    >>> state = game.deal(dealer=1, seed=5)   # seat 1 plays the box first, and deals
    >>> state.players, state.current_player()  # the box leads
    ((0, 1), 0)
    >>> game.visible(2, 1), game.visible(0, 1)  # seat 2 consults with seat 1
    (True, False)
    """

    name = "chouette"
    result_unit = "hundreds"
    title = "Chouette Bézique"
    options_class = ChouetteOptions
    options: ChouetteOptions
    min_players = 3
    max_players = 6

    def __init__(self, options: ChouetteOptions | None = None) -> None:
        super().__init__(options)
        o = self.options
        #: the two-handed game each deal is: Rubicon (Chinese Bézique with six packs)
        self.duel_game: Rubicon = (Chinese if o.packs == 6 else Rubicon)(_rubicon_options(o))
        self.partnership = o.form == "partners"
        #: the box's seat (chouette form), or -1 (partners form)
        self.box = -1 if self.partnership else o.box
        self.hand_size = self.duel_game.hand_size
        self.tricks_total = self.duel_game.tricks_total

    def fixed_sides(self) -> Sequence[int]:
        """The box alone against the adversaries; or partners opposite."""
        o = self.options
        if o.form == "partners":
            if self.num_players != 4:
                raise OptionError(f"Chouette Bézique: the partners form is played by four,"
                                  f" not {self.num_players} (option players)")
            if o.box != 0:
                raise OptionError("Chouette Bézique: option box names the box of the"
                                  " chouette form; the partners form has none")
            return (0, 1, 0, 1)
        if type(o.box) is not int or not 0 <= o.box < self.num_players:
            raise OptionError(f"Chouette Bézique: option box takes a seat from 0 to"
                              f" {self.num_players - 1}, not {o.box!r}")
        first = 0 if o.box == 0 else 1  # sides are numbered from seat 0's
        return tuple(first if s == o.box else 1 - first for s in range(self.num_players))

    def visible(self, viewer: int, owner: int) -> bool:
        """Partners consult: a seat sees the hand of every seat of its side."""
        return self.sides[check_seat(viewer, self.num_players, "viewer")] == \
            self.sides[check_seat(owner, self.num_players, "owner")]

    @property
    def adversaries(self) -> tuple[int, ...]:
        """The seats that play the box in turn (chouette form), in turn order."""
        return tuple(s for s in range(self.num_players) if s != self.box)

    def first_dealers(self) -> tuple[int, ...]:
        """Who may deal the first game: an adversary (the box never deals)."""
        return self.adversaries

    def players_of(self, dealer: int) -> tuple[int, int]:
        """The two seats that hold the cards of a game ``dealer`` deals: the leader, then
        the dealer. Chouette form: the box leads, the dealer is the captain."""
        dealer = check_seat(dealer, self.num_players, "dealer")
        if self.partnership:
            return (seating.next_seat(dealer, 4), dealer)
        if dealer == self.box:
            raise SeatError(f"seat {dealer} is the box, who never deals in Chouette Bézique:"
                            f" the dealer is the adversary who plays him (seats"
                            f" {', '.join(map(str, self.adversaries))})")
        return (self.box, dealer)

    def next_dealer(self, deal_no: int, dealer: int, result: DealResult) -> int:
        """Chouette form: the captain stays while he beats the box (or ties), and the next
        adversary to his left takes his place when the box wins. Partners form: to the
        left."""
        if self.partnership:
            return seating.next_seat(dealer, 4)
        if result.points[self.box] <= 0:
            return dealer
        nxt = seating.next_seat(dealer, self.num_players)
        return seating.next_seat(nxt, self.num_players) if nxt == self.box else nxt

    @property
    def pack(self) -> Pack:
        return self.duel_game.pack

    def deal(self, dealer: int, *, seed: int | None = None, pack: Sequence[int] | None = None,
             rng: random.Random | None = None) -> ChouetteState:
        players = self.players_of(dealer)
        order = self.pack_order(seed=seed, pack=pack, rng=rng)
        # the leader is the Rubicon deal's pone (hand 0), the dealer its dealer (hand 1)
        return ChouetteState(self, dealer, players,
                             RubiconState.from_pack(self.duel_game, 1, order))

    def parse_action(self, text: str) -> Action:
        return self.duel_game.parse_action(text)

    def deal_result(self, state: ChouetteState) -> DealResult:
        """The game's value in hundreds (Rubicon's settlement) as the stakes: see the
        class docstring. ``details`` add the two players' seats to Rubicon's figures."""
        inner = self.duel_game.deal_result(state.duel)
        won = inner.detail("winner", -1)
        v = max(inner.points)
        points = [0] * self.num_players
        if won >= 0 and v:
            side = self.sides[state.players[won]]
            if self.partnership:
                points = [v if self.sides[s] == side else -v for s in range(4)]
            else:
                k = len(self.adversaries)
                sign = 1 if state.players[won] == self.box else -1
                points = [sign * k * v if s == self.box else -sign * v
                          for s in range(self.num_players)]
        details = inner.details + (("player0", state.players[0]),
                                   ("player1", state.players[1]),
                                   ("winner_seat", -1 if won < 0 else state.players[won]))
        return DealResult(tuple(points), notes=inner.notes, details=details)

    def update_sheet(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                     result: DealResult) -> None:
        """Each game's stakes go on the sheet, by side, in hundreds; the sitting ends
        after the round (or ``series_deals`` games)."""
        sheet.enter(deal_no, dealer, result, result.notes)
        if not self._sitting_over(sheet, deal_no, dealer, result):
            return
        totals = sheet.totals
        winners = [c for c, t in enumerate(totals) if t > 0]
        games = f"{deal_no} game{'s' if deal_no != 1 else ''}"
        if not winners:
            sheet.over = True
            sheet.summary = f"the sitting ends level after {games}"
            return
        col = winners[0]
        members = seating.members(self.sides, col)
        who = ("seat " if len(members) == 1 else "seats ") + " & ".join(map(str, members))
        verb = "wins" if len(members) == 1 else "win"
        if self.partnership:
            how = f"{totals[col]} hundred (the partners share it)"
        elif members == (self.box,):
            k = len(self.adversaries)
            how = f"{totals[col] // k} hundred from each adversary ({totals[col]} in all)"
        else:
            how = f"{totals[col]} hundred each from the box"
        sheet.end_game(col, 1, (f"after {games}",), summary=f"{who} {verb} {how} after {games}")

    def _sitting_over(self, sheet: ScoreSheet, deal_no: int, dealer: int,
                      result: DealResult) -> bool:
        n = self.options.series_deals
        if n:
            return deal_no >= n
        if self.partnership:
            return deal_no >= 4
        if deal_no >= ROUND_LIMIT * len(self.adversaries):
            return True  # a sitting has an end, even when the box keeps losing
        first = sheet.rows[0].dealer
        nxt = self.next_dealer(deal_no, dealer, result)
        return nxt != dealer and nxt == first


@dataclasses.dataclass(frozen=True)
class ChouetteObservation(Observation):
    """What one seat may know of a game of Chouette Bézique: the Rubicon deal (``duel``)
    as seen from the hand of its side, which the seat holds or consults on.

    ``players`` are the two seats holding cards (the leader, then the dealer);
    ``hand_of`` is the seat whose hand ``duel.hand`` is (his own, or the captain's or
    partner's he consults with); ``consulting`` lists the other seats of his side, who
    see the same hand; ``box`` is the box's seat (-1 in the partners form). The public
    observation (``seat`` ``SPECTATOR``) has ``hand_of`` -1, no one ``consulting`` and
    the duel's public observation. The seat
    numbers inside ``duel`` are the deal's own: 0 for ``players[0]``, 1 for
    ``players[1]``."""

    box: int
    players: tuple[int, int]
    hand_of: int
    consulting: tuple[int, ...]
    duel: RubiconObservation

    @property
    def hand(self) -> Any:
        """The cards of the hand this seat sees (its side's)."""
        return self.duel.hand


class ChouetteState(InnerDeal):
    """A game of Chouette Bézique: a deal of two-handed Rubicon (``duel``) between the
    two seats ``players`` (the leader, then the dealer), seen by the whole table. Every
    rule of play is the deal's; this class maps seats."""

    __slots__ = ("game", "dealer", "players", "duel")

    game: Chouette

    def __init__(self, game: Chouette, dealer: int, players: tuple[int, int],
                 duel: RubiconState) -> None:
        self.game = game
        self.dealer = dealer
        self.players = players
        self.duel = duel

    # the State interface, seat by seat -------------------------------------------------

    def hand_index(self, seat: int) -> int:
        """Which hand of the deal ``seat``'s side holds: 0 (the leader's) or 1."""
        sides = self.game.sides
        return 0 if sides[check_seat(seat, self.game.num_players)] == \
            sides[self.players[0]] else 1

    def inner_deal(self) -> RubiconState:
        """The game being played: a deal of two-handed Rubicon."""
        return self.duel

    def inner_seats(self) -> tuple[int, int]:
        """The two seats holding its hands: the leader, then the dealer."""
        return self.players

    def scores(self) -> tuple[int, ...]:
        """Each seat holds its side's points in the deal so far (``score_events`` enter
        each score for the seat that holds the hand which scored)."""
        s = self.duel.scores()
        return tuple(s[self.hand_index(p)] for p in range(self.game.num_players))

    def clone(self) -> ChouetteState:
        return ChouetteState(self.game, self.dealer, self.players, self.duel.clone())

    def observation(self, seat: int) -> ChouetteObservation:
        i = self.hand_index(seat)
        return ChouetteObservation(
            seat=seat, box=self.game.box, players=self.players, hand_of=self.players[i],
            consulting=self.partners(seat), duel=self.duel.observation(i))

    def public_observation(self) -> ChouetteObservation:
        """What anyone may know: the duel's public observation, seen from no side
        (``hand_of`` -1, no one ``consulting``)."""
        return ChouetteObservation(
            seat=SPECTATOR, box=self.game.box, players=self.players, hand_of=-1,
            consulting=(), duel=self.duel.public_observation())

    def resample(self, seat: int, rng: random.Random) -> ChouetteState:
        """The deal drawn consistent with what ``seat``'s side sees (one hand)."""
        return ChouetteState(self.game, self.dealer, self.players,
                             self.duel.resample(self.hand_index(seat), rng))

    def __repr__(self) -> str:
        return (f"<ChouetteState dealer={self.dealer} players={self.players}"
                f" {self.duel!r}>")
