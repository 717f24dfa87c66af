"""Our players in OpenSpiel's own Hearts engine, against OpenSpiel's ISMCTS and MCTS bots.

OpenSpiel 2.0.2 (``benchmarks/peers-requirements.txt``) plays ``hearts`` with its default
parameters; our preset ``heartsopenspiel`` (:mod:`bezique.games.hearts.modern`) plays the
same rules. The match runs in OpenSpiel's engine: a ``pyspiel`` state is dealt and played
to its end, each seat asked in turn for an action.

:class:`OurSeat` is one of our players seated there. When asked, it follows the deal so
far in our engine (the pass direction, the 52 cards dealt, the passes, the plays: every
action checked for legality as it is applied) and hands its player
``resample(seat)`` of that state: the cards the seat cannot see dealt again at random
where they could lie, under what it knows (its hand, the cards it passed, lying in the
receiver's hand until played, the cards passed to it, the voids the play has shown). So
the state our player gets holds what that OpenSpiel player may know and nothing more (its
observation is checked to be the same as in the true deal), and our player (any
``make_bot`` name) chooses from it. Each time our legal actions are checked against
OpenSpiel's, so a difference of rules would stop the match with both lists.

OpenSpiel's own ``resample_from_infostate`` for Hearts could not be used for this: it
ignores the voids the play has shown (of 12,128 samples taken along 200 random deals,
4,757 had a past illegal under OpenSpiel's own rules: a card passed that the passer did
not hold, a player holding a suit he had shown void of) and, during the passing, it
keeps the cards the other seats passed while dealing their hands again, so that a hand
may run out before the others.

The opponents are OpenSpiel's C++ bots with their default settings: ``pyspiel.ISMCTSBot``
(a ``RandomRolloutEvaluator`` of one rollout, UCT constant 2 as OpenSpiel's MCTS example
has it, unlimited world samples, the final policy the constructor's default, normalized
visit counts) and ``pyspiel.MCTSBot`` (the same evaluator and constant, 1000 MB, the
solver on, as in OpenSpiel's ``mcts`` example). MCTS is a perfect-information search:
given the true state it would see every hand, so it is given a fresh deal consistent with
its own information state each move (``resample_from_infostate``), and searches that
(``--mcts-sees-all`` lets it see the true deal, for comparison). Their strength is set by
``--simulations`` a move (OpenSpiel's example: 1000). Both decide a pass as the first
seat to pass (:func:`first_passer`): their sampler breaks during the passing otherwise.

Deals are duplicate: each shuffle (the pass direction, drawn at random as OpenSpiel's
chance draws it, and the deal) is played four times, our player in each seat in turn and
OpenSpiel's bot in the other three (``--ours-seats 2``: two of ours, across from each
other, in seats 0 and 2 then 1 and 3, against two of theirs). A search player of ours
(``pimc``, ``ismcts``, ...) is given, unless its text says otherwise, as much time a
move as the opponent took on average on a few calibration deals (equal time a move);
players without a budget (``rules``, ``random``) play at their own speed, and both sides'
mean CPU time a move is printed.

Run it with the peers' interpreter (``python benchmarks/peers.py`` makes it); it puts
the project's ``src`` on the path itself:

    benchmarks/.peers-venv/bin/python benchmarks/hearts_match.py --deals 100 --ours rules
    ... --ours pimc --opponent mcts     # a search player, at the opponent's time a move
    ... --check 200                     # only cross-check the two engines' rules

It prints our share of the points taken (a heart 1, the Queen of spades 13; a moon 0 for
the shooter and 26 for each other), with a 95% interval over deals: at an even table a
seat takes a quarter of them (two seats a half); below that, ours took fewer than their
share.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import pyspiel  # type: ignore[import-not-found, unused-ignore]  # noqa: E402

from bezique.bots import Bot as OurPlayer  # noqa: E402
from bezique.bots import make_bot  # noqa: E402
from bezique.core.errors import OptionError  # noqa: E402
from bezique.core.game import Action  # noqa: E402
from bezique.core.trick import PLAYS  # noqa: E402
from bezique.games.hearts.modern import (  # noqa: E402
    PASSES,
    OpenSpielHearts,
    OpenSpielHeartsState,
)

SEATS = 4
TOTAL = 26
#: OpenSpiel's pass directions (its first chance outcome) as seats to the left: no pass,
#: left, across, right (its seat numbers run to the left: seat 0 passes left to seat 1).
DIRECTION = (0, 1, 2, 3)


# -- cards ---------------------------------------------------------------------------------

def card_id(action: int) -> int:
    """Our card id of an OpenSpiel card (rank-major, 2C 2D 2H 2S 3C ..., suits in our
    order)."""
    return (action % 4) * 16 + action // 4 + 2


def spiel_card(card: int) -> int:
    """OpenSpiel's card (its action number) of our card id."""
    return ((card & 15) - 2) * 4 + (card >> 4)


def spiel_action(action: Action) -> int:
    """OpenSpiel's action for our pass or play."""
    return spiel_card(int(action.card))  # type: ignore[attr-defined]


# -- replaying an OpenSpiel history in our engine ------------------------------------------

class Replay:
    """Our state followed action by action alongside an OpenSpiel history: the pass
    direction, then 52 cards dealt one at a time from seat 0 (our dealer seat 3, so that
    seat 0 is served first), then passes and plays."""

    def __init__(self, game: OpenSpielHearts) -> None:
        self.game = game
        self.direction = -1
        self.deal: list[int] = []
        self.state: OpenSpielHeartsState | None = None

    def apply(self, action: int) -> None:
        if self.direction < 0:
            self.direction = DIRECTION[action]
            return
        if self.state is None:
            self.deal.append(card_id(action))
            if len(self.deal) == 52:
                state = self.game.deal(SEATS - 1, pack=self.deal)
                assert isinstance(state, OpenSpielHeartsState)
                state.set_direction(self.direction)
                self.state = state
            return
        card = card_id(action)
        state = self.state
        state.apply(PASSES[card] if state.phase_name() == "pass" else PLAYS[card])


def replay(game: OpenSpielHearts, history: Sequence[int]) -> OpenSpielHeartsState:
    """Our state after an OpenSpiel history (a whole deal dealt)."""
    r = Replay(game)
    for a in history:
        r.apply(a)
    assert r.state is not None
    return r.state


# -- the bots ------------------------------------------------------------------------------

class Seat:
    """A player at OpenSpiel's table, timed."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.moves = 0

    def act(self, state: Any) -> int:
        start = time.process_time()
        action = self.choose(state)
        self.seconds += time.process_time() - start
        self.moves += 1
        return action

    def choose(self, state: Any) -> int:
        raise NotImplementedError


class OurSeat(Seat):
    """One of our players seated in OpenSpiel's engine, seeing only its information."""

    def __init__(self, player: OurPlayer, seed: int) -> None:
        super().__init__()
        self.player = player
        self.game = OpenSpielHearts()
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> int:
        seat = state.current_player()
        truth = replay(self.game, state.history())
        ours = truth.resample(seat, self.rng)
        if ours.observation(seat) != truth.observation(seat):
            raise RuntimeError(f"the state set up for seat {seat} shows it otherwise\n{state}")
        legal = {spiel_action(a) for a in ours.legal_actions()}
        if ours.current_player() != seat or legal != set(state.legal_actions()):
            raise RuntimeError(
                f"the rules differ: ours {sorted(map(str, ours.legal_actions()))} for seat"
                f" {ours.current_player()}, OpenSpiel's"
                f" {[state.action_to_string(a) for a in state.legal_actions()]} for seat"
                f" {seat}\n{state}")
        return spiel_action(self.player.choose(ours))


class SpielSeat(Seat):
    """One of OpenSpiel's bots: ``ismcts`` given the true state (it samples worlds from
    the seat's information state itself), ``mcts`` given a deal consistent with its
    information state each move (unless it may see all)."""

    def __init__(self, kind: str, game: Any, simulations: int, seed: int,
                 sees_all: bool = False) -> None:
        super().__init__()
        self.kind = kind
        self.evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.sees_all = sees_all
        self.sampler = pyspiel.UniformProbabilitySampler(seed + 1, 0.0, 1.0)
        if kind == "ismcts":
            self.bot = pyspiel.ISMCTSBot(seed, self.evaluator, 2.0, simulations)
        elif kind == "mcts":
            self.bot = pyspiel.MCTSBot(game, self.evaluator, 2.0, simulations, 1000, True,
                                       seed, False)
        elif kind == "random":
            self.rng = random.Random(seed)
        else:
            raise ValueError(f"unknown opponent {kind!r}")

    def choose(self, state: Any) -> int:
        if self.kind == "random":
            return int(self.rng.choice(state.legal_actions()))
        if passing(state):
            state = first_passer(state)
        if self.kind == "mcts" and not self.sees_all:
            state = state.resample_from_infostate(state.current_player(), self.sampler)
        return int(self.bot.step(state))


def passing(state: Any) -> bool:
    """Whether an OpenSpiel Hearts state is in its passing phase (fewer than twelve
    cards passed, after a direction that passes)."""
    h = state.history()
    return h[0] != 0 and len(h) < 1 + 52 + 12


def first_passer(state: Any) -> Any:
    """The same decision with the seat to pass as seat 0, the first to pass: the deal
    turned round the table so that its hand is seat 0's, the cards it passed already
    passed, nobody else's. OpenSpiel's ``resample_from_infostate`` for Hearts keeps the
    cards the other seats passed (which the seat to pass cannot know) while it deals
    their hands again, so that a sample may hold them twice and a hand run short before
    the end; its ISMCTS, sampling from it, then fails (a segmentation fault) as soon as
    the second seat passes. The pass direction being relative and nothing else depending
    on the seat, the turned position is the same decision for the same information."""
    h = state.history()
    p = state.current_player()
    deal = h[1:53]
    turned = state.get_game().new_initial_state()
    turned.apply_action(h[0])
    for k in range(52):
        turned.apply_action(deal[4 * (k // 4) + (k % 4 + p) % SEATS])
    mine = h[53 + 3 * p:]
    for a in mine:
        turned.apply_action(a)
    assert turned.current_player() == 0 and sorted(turned.legal_actions()) == sorted(
        state.legal_actions())
    return turned


# -- the match -----------------------------------------------------------------------------

def share_interval(ours: Sequence[float], totals: Sequence[float]) -> tuple[float, float]:
    """Our share of the points over deals, and the half-width of its 95% interval (a
    ratio estimate: the deals are the independent units).

    >>> share, half = share_interval([3, 1, 2, 2], [8, 8, 8, 8])
    >>> round(share, 3), round(half, 3)
    (0.25, 0.1)
    """
    n = len(ours)
    r = sum(ours) / sum(totals)
    if n < 2:
        return r, math.inf
    mean_total = sum(totals) / n
    resid = [x - r * y for x, y in zip(ours, totals, strict=True)]
    se = math.sqrt(sum(d * d for d in resid) / (n * (n - 1))) / mean_total
    return r, 1.96 * se


def chance(seed: int) -> list[int]:
    """A deal's chance outcomes in OpenSpiel's order: the pass direction (the four equally
    likely, as OpenSpiel draws it), then the 52 cards dealt (action numbers)."""
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    return [rng.randrange(4), *cards]


def points_taken(returns: Sequence[float]) -> list[float]:
    """The points each seat took: OpenSpiel's returns are 26 less them."""
    return [TOTAL - r for r in returns]


def play(game: Any, outcomes: Sequence[int], seats: Sequence[Seat]) -> list[float]:
    """One deal in OpenSpiel's engine; the points each seat took."""
    state = game.new_initial_state()
    for a in outcomes:
        state.apply_action(a)
    while not state.is_terminal():
        state.apply_action(seats[state.current_player()].act(state))
    return points_taken(state.returns())


def our_player(kind: str, seed: int, seconds: float | None) -> OurPlayer:
    """``make_bot(kind)`` for the preset; a search player without a time in its text is
    given ``seconds`` a move."""
    game = OpenSpielHearts()
    player = make_bot(kind, game, seed)
    if seconds is not None and hasattr(player, "seconds") and "seconds=" not in kind:
        sep = "," if ":" in kind else ":"
        player = make_bot(f"{kind}{sep}seconds={seconds:.4f},iterations=1000000", game, seed)
    return player


def tables(ours_seats: int) -> list[tuple[int, ...]]:
    """Our seats in each game of a duplicate deal."""
    if ours_seats == 1:
        return [(s,) for s in range(SEATS)]
    return [(0, 2), (1, 3)]


def calibrate(args: argparse.Namespace, game: Any, deals: int = 2) -> tuple[float, float]:
    """Equal time a move: the opponent's mean CPU seconds a move over a few deals, and
    the budget that gives our search player as much. Its budget is a time limit on each
    search (wall-clock), and some moves need no search, so it is set once from our
    player's mean CPU a move on the same deals at the opponent's figure."""
    seed = args.seed * 7919
    them = [SpielSeat(args.opponent, game, args.simulations, seed + p, args.mcts_sees_all)
            for p in range(SEATS)]
    for i in range(deals):
        play(game, chance(seed + i), them)
    target = sum(s.seconds for s in them) / sum(s.moves for s in them)
    us = OurSeat(our_player(args.ours, seed, target), seed)
    for i in range(deals):
        seats: list[Seat] = [SpielSeat(args.opponent, game, args.simulations, seed + 10 + p,
                                       args.mcts_sees_all) for p in range(SEATS)]
        seats[i % SEATS] = us
        play(game, chance(seed + i), seats)
    ours = us.seconds / max(us.moves, 1)
    return target, target * min(4.0, target / max(ours, 1e-6))


def match(args: argparse.Namespace) -> int:
    game = pyspiel.load_game("hearts")
    budget = None
    if args.ours_seconds is not None:
        budget = args.ours_seconds
    else:
        probe = our_player(args.ours, args.seed, 1.0)
        if hasattr(probe, "seconds") and "seconds=" not in args.ours:
            theirs, budget = calibrate(args, game)
            print(f"equal time: the opponent takes {theirs * 1000:.1f} ms of CPU a move;"
                  f" {args.ours} is given {budget * 1000:.1f} ms a search", flush=True)
    ours_pts: list[float] = []
    totals: list[float] = []
    games = 0
    us_time = them_time = 0.0
    us_moves = them_moves = 0
    wins = 0.0
    for d in range(args.deals):
        deal_seed = args.seed * 1_000_003 + d
        outcomes = chance(deal_seed)
        got = total = 0.0
        for r, ours_at in enumerate(tables(args.ours_seats)):
            seats: list[Seat] = [
                OurSeat(our_player(args.ours, deal_seed * 8 + p, budget), deal_seed * 8 + p)
                if p in ours_at else
                SpielSeat(args.opponent, game, args.simulations, deal_seed * 8 + p + 4 * r,
                          args.mcts_sees_all)
                for p in range(SEATS)]
            pts = play(game, outcomes, seats)
            games += 1
            got += sum(pts[p] for p in ours_at)
            total += sum(pts)
            best = min(pts)
            tops = [p for p in range(SEATS) if pts[p] == best]
            wins += sum(1 for p in tops if p in ours_at) / len(tops)
            for p, s in enumerate(seats):
                if p in ours_at:
                    us_time += s.seconds
                    us_moves += s.moves
                else:
                    them_time += s.seconds
                    them_moves += s.moves
        ours_pts.append(got)
        totals.append(total)
        if args.progress and ((d + 1) % args.progress == 0 or d + 1 == args.deals):
            share, half = share_interval(ours_pts, totals)
            print(f"  deal {d + 1}: {got:g} of {total:g}; so far {share:.3f} ± {half:.3f}",
                  file=sys.stderr, flush=True)
    share, half = share_interval(ours_pts, totals)
    even = args.ours_seats / SEATS
    them = f"OpenSpiel's {args.opponent.upper()} ({args.simulations} simulations a move" + (
        ", seeing every hand" if args.mcts_sees_all and args.opponent == "mcts" else "") + ")"
    print(f"{args.ours} ({args.ours_seats} seat{'s' * (args.ours_seats > 1)}) against"
          f" {them} ({SEATS - args.ours_seats} seats), in OpenSpiel's hearts:"
          f" {args.deals} duplicate deals, {games} games")
    print(f"CPU a move: ours {1000 * us_time / max(us_moves, 1):.2f} ms, theirs"
          f" {1000 * them_time / max(them_moves, 1):.2f} ms")
    n_ours = games * args.ours_seats
    n_them = games * (SEATS - args.ours_seats)
    print(f"points taken a game: ours {sum(ours_pts) / n_ours:.2f} a seat, theirs"
          f" {(sum(totals) - sum(ours_pts)) / n_them:.2f} a seat; fewest points (ties"
          f" shared): ours {wins:g} of {games} games")
    print(f"share of the points taken: {share:.3f} ± {half:.3f} (95%; even {even:.2f};"
          f" {sum(ours_pts):g} of {sum(totals):g})")
    return 0


def check(n: int, seed: int) -> int:
    """Random deals in OpenSpiel's engine, each followed in ours from the same chance
    outcomes and actions: the same seat to act and the same legal actions at every step,
    the same points at the end. Then random deals with :class:`OurSeat` (our random
    player) seated, its state set up from its information state and checked every move."""
    game = pyspiel.load_game("hearts")
    ours = OpenSpielHearts()
    rng = random.Random(seed)
    moons = 0
    decisions = 0
    for d in range(n):
        state = game.new_initial_state()
        follow = Replay(ours)
        for a in chance(seed * 1_000_003 + d):
            state.apply_action(a)
            follow.apply(a)
        mine = follow.state
        assert mine is not None
        while not state.is_terminal():
            seat = state.current_player()
            legal = sorted(state.legal_actions())
            want = sorted(spiel_action(a) for a in mine.legal_actions())
            if mine.current_player() != seat or legal != want:
                raise RuntimeError(
                    f"deal {d}: OpenSpiel asks seat {seat} for one of"
                    f" {[state.action_to_string(a) for a in legal]}, ours seat"
                    f" {mine.current_player()} for {sorted(map(str, mine.legal_actions()))}"
                    f"\n{state}")
            a = rng.choice(legal)
            state.apply_action(a)
            follow.apply(a)
            decisions += 1
        if not mine.is_terminal():
            raise RuntimeError(f"deal {d}: OpenSpiel's deal is over, ours is not")
        theirs = points_taken(state.returns())
        got = [-x for x in ours.deal_result(mine).points]
        if got != theirs:
            raise RuntimeError(f"deal {d}: OpenSpiel's points {theirs}, ours {got}\n{state}")
        moons += ours.deal_result(mine).detail("moon") >= 0
    moves = 0
    for d in range(n):
        us = OurSeat(make_bot("random", ours, seed + d), seed + d)
        seats: list[Seat] = [SpielSeat("random", game, 1, seed + d + p) for p in range(SEATS)]
        seats[d % SEATS] = us
        play(game, chance(seed * 7 + d), seats)
        moves += us.moves
    print(f"rules agree: {n} random deals followed alike in both engines ({decisions}"
          f" decisions: the seat to act, the legal actions; the points at the end,"
          f" {moons} moons); {moves} moves of our seated player, its state set up from its"
          " information state, its legal actions OpenSpiel's each time")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Play the match (or ``--check`` the rules) and print the result."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=50,
                        help="duplicate deals, each played in every seat rotation (default 50)")
    parser.add_argument("--ours", default="rules",
                        help="our player, any make_bot name (default rules)")
    parser.add_argument("--ours-seats", type=int, choices=(1, 2), default=1,
                        help="our players at the table: 1 (against three) or 2 (across)")
    parser.add_argument("--opponent", choices=("ismcts", "mcts", "random"), default="ismcts",
                        help="OpenSpiel's bot (default ismcts)")
    parser.add_argument("--simulations", type=int, default=1000,
                        help="the opponent's simulations a move (default 1000, OpenSpiel's"
                        " mcts example)")
    parser.add_argument("--mcts-sees-all", action="store_true",
                        help="give MCTS the true deal (it sees every hand)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and players")
    parser.add_argument("--ours-seconds", type=float, default=None,
                        help="seconds a move for a search player (default: the opponent's)")
    parser.add_argument("--check", type=int, metavar="N", default=0,
                        help="only play N random deals checking our rules at every move")
    parser.add_argument("--progress", type=int, default=0, metavar="K",
                        help="a line every K deals on stderr")
    args = parser.parse_args(argv)
    if args.check:
        return check(args.check, args.seed)
    if args.deals < 1 or args.simulations < 1:
        parser.error("--deals and --simulations must be at least 1")
    try:
        our_player(args.ours, args.seed, None)
    except OptionError as exc:
        parser.error(str(exc))
    return match(args)


if __name__ == "__main__":
    sys.exit(main())

