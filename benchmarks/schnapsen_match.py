"""Our players in the schnapsen platform's own engine, against its RdeepBot.

The schnapsen platform (0.0.5, pure Python; ``benchmarks/peers-requirements.txt``) calls
its bots: each gets a ``PlayerPerspective`` (its hand, the trump card, the talon's size,
the tricks played, both scores) and returns a ``Move``. :class:`OurBot` is such a bot: from
the perspective it sets up a state of our ``schnapsen`` preset (:mod:`bezique.games.schnapsen`,
the platform's rules) holding exactly what that player knows, the cards it cannot see
dealt at random where they could lie (our players only ever look through the seat's
observation and ``resample``, so which deal that is changes nothing); one of our players
(any ``make_bot`` name) chooses, and the action goes back as the platform's move. Each
time our legal actions are checked against the platform's valid moves, so a difference
of rules would stop the match with both lists.

The opponent is the platform's ``RdeepBot`` (random rollouts of sampled deals) in the
first phase and its exact ``AlphaBetaBot`` once the talon is exhausted. Deals are
duplicate: each shuffle is played twice, our player in either seat. A search player of
ours (``pimc``, ``ismcts``, ...) is given, unless its text says otherwise, as many
seconds a move as the opponent took on average on a few calibration deals (equal time per
move); players without a budget (``rules``, ``random``) play at their own speed, and both
sides' mean CPU time per move is printed.

Run it with the peers' interpreter (``python benchmarks/peers.py`` makes it); it puts
the project's ``src`` on the path itself:

    benchmarks/.peers-venv/bin/python benchmarks/schnapsen_match.py --deals 100 --ours rules
    ... --ours pimc            # a search player, at the opponent's time per move
    ... --check 200            # only cross-check the two engines' rules on random play

It prints the share of game points our player won, with a 95% interval over deals.
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

import schnapsen.game as sg  # type: ignore[import-not-found, unused-ignore]  # noqa: E402
from schnapsen.bots import AlphaBetaBot, RdeepBot  # type: ignore[import-not-found, unused-ignore]  # noqa: E402,E501
from schnapsen.deck import Card as PCard  # type: ignore[import-not-found, unused-ignore]  # noqa: E402,E501
from schnapsen.deck import Rank as PRank  # noqa: E402
from schnapsen.deck import Suit as PSuit  # noqa: E402

from bezique.bots import Bot as OurPlayer  # noqa: E402
from bezique.bots import make_bot, rule_bot_for  # noqa: E402
from bezique.bots.sixtysix_rules import SixtySixRulesBot  # noqa: E402
from bezique.core.cards import Card  # noqa: E402
from bezique.core.errors import OptionError  # noqa: E402
from bezique.core.game import Action  # noqa: E402
from bezique.games.schnapsen import PACK, Schnapsen, SchnapsenState  # noqa: E402
from bezique.games.sixtysix import EXCHANGE, MARRIAGE, ROYAL_MARRIAGE, Marry, Play  # noqa: E402

# -- cards ---------------------------------------------------------------------------------

_SUIT = {"CLUBS": 0, "DIAMONDS": 1, "HEARTS": 2, "SPADES": 3}
_RANK = {"ACE": 14, "TEN": 10, "KING": 13, "QUEEN": 12, "JACK": 11}
_ALL = [int(c) for c in PACK.all_cards()]


def card_id(card: Any) -> int:
    """Our card id of a platform card."""
    return _SUIT[card.suit.name] * 16 + _RANK[card.rank.name]


_BY_ID = {card_id(PCard.get_card(r, s)): PCard.get_card(r, s)
          for s in PSuit for r in PRank if r.name in _RANK}


def platform_card(c: int) -> Any:
    """The platform's card of our card id."""
    return _BY_ID[c]


def ids(cards: Any) -> list[int]:
    return [card_id(c) for c in cards]


# -- the perspective as our state ----------------------------------------------------------

def _past_cards(perspective: Any) -> set[int]:
    """Every card shown in a trick so far (cards played, marriages' Queens, the Jack and
    the trump card of an exchange): what the perspective's history shows."""
    seen: set[int] = set()
    for _, trick in perspective.get_game_history():
        if trick is not None:
            seen.update(card_id(c) for c in trick.cards)
    return seen


def state_of(perspective: Any, leader_move: Any, rng: random.Random,
             game: Schnapsen) -> SchnapsenState:
    """Our state for the player to move, seat 0, the opponent seat 1: everything the
    perspective shows, the unseen cards dealt at random between the opponent's hand and
    the talon."""
    hand = ids(perspective.get_hand())
    won = (ids(perspective.get_won_cards()), ids(perspective.get_opponent_won_cards()))
    mine, theirs = perspective.get_my_score(), perspective.get_opponent_score()
    points = [mine.direct_points, theirs.direct_points]
    pending = [mine.pending_points, theirs.pending_points]
    trump = _SUIT[perspective.get_trump_suit().name]
    up = perspective.get_trump_card()
    turn_up = None if up is None else card_id(up)
    talon = perspective.get_talon_size()
    past = _past_cards(perspective)
    known_opp = ids(perspective.get_known_cards_of_opponent_hand())
    lead: int | None = None
    if leader_move is not None:
        if leader_move.is_marriage():
            m = leader_move.as_marriage()
            lead = card_id(m.king_card)
            queen = card_id(m.queen_card)
            if queen not in known_opp:
                known_opp.append(queen)
            # the platform counts the marriage after the trick; ours at its lead
            pending[1] += ROYAL_MARRIAGE if queen >> 4 == trump else MARRIAGE
        else:
            lead = card_id(leader_move.as_regular_move().card)
        if lead in known_opp:
            known_opp.remove(lead)
    opp_size = len(hand) - (1 if lead is not None else 0)
    placed = set(hand) | set(won[0]) | set(won[1]) | set(known_opp)
    placed |= {c for c in (turn_up, lead) if c is not None}
    unseen = [c for c in _ALL if c not in placed]
    rng.shuffle(unseen)
    need = opp_size - len(known_opp)
    face_down = talon - 1 if talon else 0
    if need < 0 or need + face_down != len(unseen):
        raise RuntimeError(f"the perspective does not add up: {len(unseen)} unseen cards for"
                           f" {need} in the opponent's hand and {face_down} in the talon")
    history = perspective.get_game_history()
    dealer = 1 if history[0][0].am_i_leader() else 0  # the first leader is the pone
    return SchnapsenState.position(
        game, hands=(hand, known_opp + unseen[:need]), trump=trump, turn_up=turn_up,
        stock=unseen[need:], dealer=dealer, to_move=0,
        phase="lead" if lead is None else "follow", lead=lead, won=won, points=points,
        tricks_won=[len(won[0]) // 2, len(won[1]) // 2], pending=pending,
        tricks=(len(won[0]) + len(won[1])) // 2,
        known=([c for c in hand if c in past], known_opp))


def move_of(action: Action, state: SchnapsenState) -> Any:
    """The platform's move for our action."""
    if action is EXCHANGE or str(action) == "exchange":
        return sg.TrumpExchange(platform_card(state.nine))
    if isinstance(action, Marry):
        king = int(action.card)
        return sg.Marriage(platform_card(king - 1), platform_card(king))
    if isinstance(action, Play):
        return sg.RegularMove(platform_card(int(action.card)))
    raise ValueError(f"no platform move for {action}")


def _key(move: Any) -> str:
    return repr(move)  # Marriage.__eq__ compares only the Queens; the text is exact


class OurBot(sg.Bot):  # type: ignore[misc]
    """One of our players seated in the platform's engine."""

    def __init__(self, player: OurPlayer, seed: int, name: str = "ours") -> None:
        super().__init__(name)
        self.player = player
        self.rng = random.Random(seed)
        self.game = Schnapsen()
        self.seconds = 0.0
        self.moves = 0

    def get_move(self, perspective: Any, leader_move: Any) -> Any:
        start = time.process_time()
        state = state_of(perspective, leader_move, self.rng, self.game)
        legal = {_key(move_of(a, state)) for a in state.legal_actions()}
        valid = {_key(m) for m in perspective.valid_moves()}
        if legal != valid:
            raise RuntimeError(f"the rules differ: ours {sorted(legal)}, the platform's"
                               f" {sorted(valid)}\n{state}")
        move = move_of(self.player.choose(state), state)
        self.seconds += time.process_time() - start
        self.moves += 1
        return move


class RdeepAlphaBeta(sg.Bot):  # type: ignore[misc]
    """The platform's RdeepBot in the first phase, its AlphaBetaBot in the second."""

    def __init__(self, samples: int, depth: int, seed: int, name: str = "rdeep") -> None:
        super().__init__(name)
        self.rdeep = RdeepBot(num_samples=samples, depth=depth, rand=random.Random(seed))
        self.alphabeta = AlphaBetaBot()
        self.seconds = 0.0
        self.moves = 0

    def get_move(self, perspective: Any, leader_move: Any) -> Any:
        start = time.process_time()
        bot = self.alphabeta if perspective.get_phase() == sg.GamePhase.TWO else self.rdeep
        move = bot.get_move(perspective, leader_move)
        self.seconds += time.process_time() - start
        self.moves += 1
        return move


class _Random(sg.Bot):  # type: ignore[misc]
    """The platform's RandBot, writing every move it makes in a shared log."""

    def __init__(self, rng: random.Random, log: list[tuple[Any, Any, list[Any]]]) -> None:
        super().__init__("random")
        self.rng = rng
        self.log = log

    def get_move(self, perspective: Any, leader_move: Any) -> Any:
        valid = perspective.valid_moves()
        move = self.rng.choice(valid)
        self.log.append((self, move, valid))
        return move


def action_of(move: Any) -> Action:
    """Our action for a platform move."""
    if move.is_trump_exchange():
        return EXCHANGE
    if move.is_marriage():
        return Marry(Card(card_id(move.as_marriage().king_card)))
    return Play(Card(card_id(move.as_regular_move().card)))


# -- the match -----------------------------------------------------------------------------

def share_interval(ours: Sequence[float], totals: Sequence[float]) -> tuple[float, float]:
    """Our share of the game points over deals, and the half-width of its 95% interval
    (a ratio estimate: the deals are the independent units).

    >>> share, half = share_interval([3, 1, 2, 2], [4, 4, 4, 4])
    >>> round(share, 3), round(half, 3)
    (0.5, 0.32)
    """
    n = len(ours)
    r = sum(ours) / sum(totals)
    if n < 2:
        return r, math.inf
    mean_total = sum(totals) / n
    resid = [x - r * y for x, y in zip(ours, totals, strict=True)]
    se = math.sqrt(sum(d * d for d in resid) / (n * (n - 1))) / mean_total
    return r, 1.96 * se


def our_player(kind: str, seed: int, seconds: float | None) -> OurPlayer:
    """``make_bot(kind)`` for the preset; a search player without a time in its text is
    given ``seconds`` a move. ``rules`` is Sixty-Six's rule player should the preset find
    none of its own (:func:`~bezique.bots.rule_bot_for`)."""
    game = Schnapsen()
    try:
        player = make_bot(kind, game, seed)
    except OptionError:
        if kind.strip() != "rules" or rule_bot_for(game) is not None:
            raise
        # no rule player is registered for the preset (yet): Sixty-Six's, which plays
        # it from its legal actions and its observation (a Sixty-Six observation)
        player = SixtySixRulesBot(seed)
    if seconds is not None and hasattr(player, "seconds") and "seconds=" not in kind:
        sep = "," if ":" in kind else ":"
        player = make_bot(f"{kind}{sep}seconds={seconds:.4f},iterations=1000000", game, seed)
    return player


def calibrate(engine: Any, kind: str, samples: int, depth: int, seed: int,
              deals: int = 3) -> tuple[float, float]:
    """Equal time a move: the opponent's mean CPU seconds a move over a few deals, and
    the budget that gives our search player as much. Its budget is a time limit on each
    search (wall-clock), and some moves need no search, so it is set once from our
    player's mean CPU a move on the same deals at the opponent's figure."""
    a, b = RdeepAlphaBeta(samples, depth, seed), RdeepAlphaBeta(samples, depth, seed + 1)
    for i in range(deals):
        engine.play_game(a, b, random.Random(seed * 7919 + i))
    target = (a.seconds + b.seconds) / (a.moves + b.moves)
    us = OurBot(our_player(kind, seed, target), seed)
    for i in range(deals):
        them = RdeepAlphaBeta(samples, depth, seed + 2)
        pair = (us, them) if i % 2 == 0 else (them, us)
        engine.play_game(*pair, random.Random(seed * 7919 + i))
    ours = us.seconds / max(us.moves, 1)
    return target, target * min(4.0, target / max(ours, 1e-6))


def match(args: argparse.Namespace) -> int:
    engine = sg.SchnapsenGamePlayEngine()
    budget = None
    if args.ours_seconds is not None:
        budget = args.ours_seconds
    else:
        probe = our_player(args.ours, args.seed, 1.0)
        if hasattr(probe, "seconds") and "seconds=" not in args.ours:
            theirs, budget = calibrate(engine, args.ours, args.rdeep_samples,
                                       args.rdeep_depth, args.seed)
            print(f"equal time: the opponent takes {theirs * 1000:.1f} ms of CPU a move;"
                  f" {args.ours} is given {budget * 1000:.1f} ms a search")
    ours_pts: list[float] = []
    totals: list[float] = []
    wins = games = 0
    us_time = them_time = 0.0
    us_moves = them_moves = 0
    for d in range(args.deals):
        deal_seed = args.seed * 1_000_003 + d
        got = 0.0
        total = 0.0
        for ours_leads in (True, False):  # both seats of the same shuffle
            us = OurBot(our_player(args.ours, deal_seed, budget), deal_seed)
            them = RdeepAlphaBeta(args.rdeep_samples, args.rdeep_depth, deal_seed)
            first, second = (us, them) if ours_leads else (them, us)
            winner, points, _ = engine.play_game(first, second, random.Random(deal_seed))
            total += points
            games += 1
            if winner is us:
                got += points
                wins += 1
            us_time += us.seconds
            us_moves += us.moves
            them_time += them.seconds
            them_moves += them.moves
        ours_pts.append(got)
        totals.append(total)
        if args.progress:
            share, half = share_interval(ours_pts, totals)
            print(f"  deal {d + 1}: {got:g} of {total:g}; so far {share:.3f} ± {half:.3f}",
                  file=sys.stderr, flush=True)
    share, half = share_interval(ours_pts, totals)
    print(f"{args.ours} against RdeepBot (samples {args.rdeep_samples}, depth"
          f" {args.rdeep_depth}) + AlphaBetaBot, in the schnapsen platform's engine:"
          f" {args.deals} duplicate deals, {games} games")
    print(f"games won: {wins} of {games}; CPU a move: ours"
          f" {1000 * us_time / max(us_moves, 1):.2f} ms, theirs"
          f" {1000 * them_time / max(them_moves, 1):.2f} ms")
    print(f"game points won share: {share:.3f} ± {half:.3f} (95%;"
          f" {sum(ours_pts):g} of {sum(totals):g})")
    return 0


def check(n: int, seed: int) -> int:
    """Random deals in the platform's engine, each replayed in ours from the same pack
    order and moves: the same legal moves at every step, the same winner and game points
    at the end. Then random deals with :class:`OurBot` seated, its state checked at every
    move."""
    engine = sg.SchnapsenGamePlayEngine()
    gen = engine.deck_generator
    rng = random.Random(seed)
    game = Schnapsen()
    for d in range(n):
        deal_rng = random.Random(seed * 1_000_003 + d)
        order = ids(gen.shuffle_deck(gen.get_initial_deck(), random.Random(seed * 1_000_003 + d)))
        log: list[tuple[Any, Any, list[Any]]] = []
        first, second = _Random(rng, log), _Random(rng, log)
        winner, points, _ = engine.play_game(first, second, deal_rng)
        state = game.deal(1, pack=order)  # the first bot is the pone, seat 0
        for bot, move, valid in log:
            seat = 0 if bot is first else 1
            legal = sorted(str(a) for a in state.legal_actions())
            if state.current_player() != seat or legal != sorted(str(action_of(m))
                                                                 for m in valid):
                raise RuntimeError(f"deal {d}: the platform asks {seat} for one of {valid},"
                                   f" ours {legal}\n{state}")
            state.apply(action_of(move))
        want = (0 if winner is first else 1, points)
        if not state.is_terminal() or (state.winner, state.value) != want:
            raise RuntimeError(f"deal {d}: the platform scores {want}, ours {state}")
    moves = 0
    for d in range(n):
        ours = OurBot(make_bot("random", game, seed + d), seed + d)
        other = _Random(rng, [])
        a, b = (ours, other) if d % 2 == 0 else (other, ours)
        engine.play_game(a, b, random.Random(seed * 1_000_003 + d))
        moves += ours.moves
    print(f"rules agree: {n} random deals replayed alike in both engines (moves, winner,"
          f" game points); {moves} moves of our seated player, its state's legal actions"
          " the platform's valid moves each time")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Play the match (or ``--check`` the rules) and print the result."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=50,
                        help="duplicate deals, each played twice (default 50)")
    parser.add_argument("--ours", default="rules",
                        help="our player, any make_bot name (default rules)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and players")
    parser.add_argument("--ours-seconds", type=float, default=None,
                        help="seconds a move for a search player (default: the opponent's)")
    parser.add_argument("--rdeep-samples", type=int, default=16,
                        help="RdeepBot's samples a move (default 16)")
    parser.add_argument("--rdeep-depth", type=int, default=4,
                        help="RdeepBot's rollout depth in tricks (default 4)")
    parser.add_argument("--check", type=int, metavar="N", default=0,
                        help="only play N random deals checking our rules at every move")
    parser.add_argument("--progress", action="store_true", help="a line a deal on stderr")
    args = parser.parse_args(argv)
    if args.check:
        return check(args.check, args.seed)
    if args.deals < 1 or args.rdeep_samples < 1 or args.rdeep_depth < 1:
        parser.error("--deals, --rdeep-samples and --rdeep-depth must be at least 1")
    try:
        our_player(args.ours, args.seed, None)
    except OptionError as exc:
        parser.error(str(exc))
    return match(args)


if __name__ == "__main__":
    sys.exit(main())
