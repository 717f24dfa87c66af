"""How Hearts reads on screen, in all its forms: the suit to avoid, the pool and the Jack,
each player's counters and what he has taken, the auction, the cards passed."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.cards import JOKER
from ..core.events import Event, Scored, TrickWon
from ..core.game import Action, Game, Observation, State
from ..core.match import Match
from ..games.hearts import AuctionHearts, Hearts, JokerHearts, OpenSpielHearts
from ..games.hearts.auction import Avoid, Bid, NoBid
from ..games.hearts.base import SUIT_WORDS
from ..games.hearts.modern import PassCard
from .base import WHIST_ORDER, Breakdown, GameView, SeatLine, Seats, match_total, show, show_cards

__all__ = ["HeartsView"]

SUITS = {v: k for k, v in SUIT_WORDS.items() if len(k) > 1 and k.endswith("s")}


def _card(card: int) -> str:
    return "the Joker" if card == JOKER else show(card)


class HeartsView(GameView):
    """Hearts, Joker Hearts, Auction Hearts and OpenSpiel's Hearts."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (Hearts, JokerHearts, AuctionHearts,
                                                    OpenSpielHearts)
    title = "Hearts"
    #: A K Q J 10 ... 2 (Law 3); Joker Hearts' Joker between the J and the 10
    hand_order = (*WHIST_ORDER[:4], JOKER & 15, *WHIST_ORDER[4:])

    def trick_extra(self, trick: TrickWon) -> list[str]:
        return []

    def told_with_trick(self, trick: TrickWon, event: Event) -> bool:
        return isinstance(event, Scored) and event.seat == trick.seat

    def trick_score(self, score: Scored) -> str:
        what = score.reason
        if score.points == 1 and what.endswith("s"):
            what = what[:-1]
        return f"{score.points} {what}"

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        g: Any = match.game
        tricks = g.hand_size if g.num_players != 2 else 26
        head = [f"Deal {len(match.deals)}", f"trick {min(o.tricks_played + 1, tricks)} of"
                f" {tricks}", f"avoid {SUITS[int(o.avoid)]}"]
        if o.pool or o.jack:
            head.append(f"pool {o.pool}" + (" (a Jack)" if o.jack else ""))
        if o.stock_size:
            head.append(f"stock {o.stock_size}")
        return head

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        modern = isinstance(match.game, OpenSpielHearts)
        out = []
        for seat in seats.order():
            roles = ["dealer"] if seat == o.dealer else []
            if o.bidder == seat:
                roles.append(f"bid {o.high}")
            name = seats.label(seat) + (f" ({', '.join(roles)})" if roles else "")
            cells = [f"{'points' if modern else 'taken'} {o.points[seat]}",
                     f"{'total' if modern else 'counters'}"
                     f" {match_total(match, seats.table_seat(seat))}"]
            notes = []
            if seat != seats.human:
                cells.append(f"hand {o.hand_sizes[seat]}")
                if o.voids[seat]:
                    notes.append("has shown no " + ", ".join(SUITS[int(v)] for v in o.voids[seat]))
            if seat == o.to_move and seat != seats.human:
                cells.append("to play")
            out.append(SeatLine(name, cells, notes, is_human=seat == seats.human))
        return out

    def notes(self, state: State, obs: Observation, seats: Seats) -> list[str]:
        o: Any = obs
        lines = super().notes(state, obs, seats)
        if o.bids:
            lines.insert(0, "Bids: " + ", ".join(f"{seats.label(p)} {t}" for p, t in o.bids))
        if o.passing:
            lines.append(f"You passed {show_cards(o.passing)}"
                         + (f"; you received {show_cards(o.received)}" if o.received else ""))
        return lines

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if o.phase == "bid":
            return ("Your bid: counters for the right to name the suit to avoid, more than"
                    f" {o.high}, or pass (one bid each)" if o.high else
                    "Your bid: counters for the right to name the suit to avoid, or pass")
        if o.phase == "avoid":
            return "You bought the auction: name the suit to avoid; you lead"
        if o.phase == "pass":
            to = (o.seat + o.pass_dir) % len(o.hand_sizes)
            return f"Pass three cards to {seats.label(to)}, one at a time"
        if not o.trick:
            return "Your lead"
        lead = o.trick[0][0]
        return (f"{seats.label(lead)} led {_card(int(o.trick[0][1]))}:"
                " your card (follow suit if you can)")

    def label(self, state: State, action: Action) -> str:
        if isinstance(action, Bid):
            return action.notation()  # "bid 3": a run of bids makes one control
        if isinstance(action, NoBid):
            return "pass (no bid)"
        if isinstance(action, Avoid):
            return f"avoid {SUITS[action.suit]}"
        if isinstance(action, PassCard):
            return f"pass {show(action.card)}"
        card = getattr(action, "card", None)
        if card is not None and int(card) == JOKER:
            return "JK (the Joker)"
        return action.notation()

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """What each took that costs, and the counters (or points) the deal gave."""
        st: Any = state
        taken = list(st.points)
        result = st.game.deal_result(st)
        modern = isinstance(st.game, OpenSpielHearts)
        rows = [("points taken" if modern else "taken", taken)]
        return Breakdown(rows, list(result.points),
                         [*result.notes] + (["points against each (negative)"]
                                            if modern else ["counters won (+) or paid (-)"]))

    def rules(self, game: Game[Any]) -> str:
        extra = self.options_note(game)
        if isinstance(game, OpenSpielHearts):
            return MODERN_RULES + extra
        text = FOSTER_RULES
        if isinstance(game, JokerHearts):
            text += JOKER_RULES
        if isinstance(game, AuctionHearts):
            text += AUCTION_RULES
        return text + extra


FOSTER_RULES = """\
HEARTS (Foster's Laws) — in brief
Two to six, each for himself. 52 cards, Ace high; at three the 2♠ is out, at five both
black deuces, at six all four. Dealt one at a time from the dealer's left until the pack
is out (two-handed: 13 each, the rest a stock; the winner of a trick draws first).
The eldest hand leads; follow suit if you can, else play any card; no trumps; the
highest card of the suit led wins and leads next. Take no hearts.
Settling: a counter into the pool for each heart taken; the one clean player takes the
pool; two clean divide it, the odd counter remaining; else it stays as a Jack, which only
one clean player can win. Two-handed: the one with more hearts pays the difference.
Type a card to play it: QS, 10H."""

JOKER_RULES = """
JOKER HEARTS: the Joker (JK) replaces the 2♥: a heart between the 10 and the J, it wins
any trick but to a higher heart on a heart lead, and costs five counters."""

AUCTION_RULES = """
AUCTION HEARTS: one bid each from the dealer's left, the dealer last ('bid 3' or
'pass'); the highest bidder pays his bid into the pool, names the suit to avoid
('avoid clubs') and leads; that suit's cards cost a counter each."""

MODERN_RULES = """\
HEARTS as OpenSpiel plays it — in brief
Four players, 13 cards each. Pass three cards ('pass QS'): left, right, across, then
hold, in turn. The 2♣ leads the first trick, to which no heart nor the Q♠ may be played
if you can help it; hearts cannot be led until broken. Follow suit if you can. Each heart
1 point, the Q♠ 13; take all 26 and you shoot the moon: 0 for you, 26 for each other.
At 100 the lowest total wins."""
