"""How the Sixty-Six games read on screen: two-handed (and Schnapsen), three-handed, and
Kreutz-mariage."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.cards import Card, Rank
from ..core.events import Closed, DrewLast, Event, Names, Scored, TrickWon
from ..core.game import Action, Game, Observation, State
from ..core.match import Match
from ..games.kreutz import KreutzMariage
from ..games.sixtysix import Claim, Close, Draw, Exchange, Marry, Show, SixtySix
from ..games.sixtysix_three import ThreeHandedSixtySix
from .base import (
    SUIT_NAMES,
    Breakdown,
    GameView,
    SeatLine,
    Seats,
    _log,
    _score_events,
    hand_text,
    match_total,
    show,
    side_line,
    side_names,
    sort_hand,
    suit_text,
)


def _tell_count(event: Event, names: Names) -> str:
    """A count toward 66 in a sentence ("You count 20 (marriage)"); the end of a deal
    with the players' names."""
    if isinstance(event, Scored):
        return names.says(event.seat, "count", f"{event.points} ({event.reason})") + "."
    return event.describe(names)


class SixtySixView(GameView):
    """Two-handed Sixty-Six (``bezique.games.sixtysix``). Foster's Sixty-Six is a game of
    memory: the running counts are hidden unless ``show_counts`` (``--show-counts``)."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (SixtySix,)
    title = "Sixty-Six"
    counts_hidden_by_default = True
    look_back: ClassVar[str] = "last"
    look_back_rule: ClassVar[str] = (
        "in Sixty-Six a player who looks at any trick but the last one turned and quitted"
        " loses the right to close (Foster, Sixty-Six, Counting; SS 27).")

    after: ClassVar[dict[type[Event], str]] = {
        DrewLast: "The stock is exhausted: from now on follow suit if you can.",
        Closed: "No more drawing: follow suit from now on."}

    def told_with_trick(self, trick: TrickWon, event: Event) -> bool:
        return isinstance(event, Scored)

    def trick_extra(self, trick: TrickWon) -> list[str]:
        from ..games.sixtysix import POINTS
        won = sum(POINTS[c] for c in trick.cards)
        return [f"{won} in cards"] if won and self.show_counts else []

    def tell(self, event: Event, names: Names) -> str:
        return _tell_count(event, names)

    def __init__(self, *, show_counts: bool = False) -> None:
        super().__init__(show_counts=show_counts)

    @staticmethod
    def tricks_in_deal(o: Any) -> int:
        """12 while the stock is open; once it is closed the deal ends when the hands
        are played out, so fewer tricks may remain (SS, Closing)."""
        if not o.closed:
            return 12
        in_trick = 1 if o.seat in _trick_players(o) else 0
        return int(o.tricks_played) + len(o.hand) + in_trick

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        head = [f"Deal {len(match.deals)}",
                self.trick_heading(o, match, after_trick="draw",
                                   tricks=self.tricks_in_deal(o)),
                f"trumps {suit_text(o.trump)}"]
        if o.closed:
            up = f" (turn-up {show(o.turn_up)})" if o.turn_up is not None else ""
            head.append(f"closed by {seats.label(o.closer).replace('You', 'you')}{up}")
        elif o.turn_up is not None:
            head.append(f"turn-up {show(o.turn_up)}")
            head.append(f"stock {o.stock_size}")
        else:
            head.append("the last six tricks")
        return head

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        target = getattr(match.game.options, "game_target", 7)
        out = []
        for seat in seats.order():
            name = seats.label(seat) + (" (dealer)" if seat == o.dealer else "")
            cells = []
            if self.show_counts:
                cells.append(f"count {o.points[seat]}")
            cells += [f"tricks {o.tricks_won[seat]}",
                      f"game points {match_total(match, seats.table_seat(seat))} of {target}"]
            notes = []
            if seat != seats.human:
                cells.append(f"hand {o.hand_sizes[seat]}")
            if o.pending[seat]:
                notes.append(f"marriage pending: {o.pending[seat]}, counted once a trick is"
                             " won")
            if seat != seats.human and o.known_in_hand[seat]:
                notes.append(f"known in hand: {hand_text(o.known_in_hand[seat], o.trump)}")
            if seat != seats.human and o.voids[seat]:
                notes.append("has shown no " + ", ".join(SUIT_NAMES[v] for v in o.voids[seat]))
            out.append(SeatLine(name, cells, notes, is_human=seat == seats.human))
        return out

    def notes(self, state: State, obs: Observation, seats: Seats) -> list[str]:
        lines = self.last_trick(state, seats)
        return lines

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if o.phase == "lead":
            return "Your lead"
        if o.phase == "follow":
            return self.follow_prompt(o, seats, "follow suit if you can"
                                      if o.closed or o.turn_up is None else "")
        return "You won the trick: draw, close or claim 66"

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        trump = getattr(state, "trump", None)
        pos = {c: i for i, c in enumerate(sort_hand(
            [int(a.card) for a in actions if hasattr(a, "card")], trump))}
        rank: dict[type[Action], int] = {Draw: 1, Marry: 2, Show: 3, Exchange: 4, Close: 5,
                                         Claim: 6}

        def key(a: Action) -> tuple[int, int]:
            card = getattr(a, "card", None)
            return (rank.get(type(a), 7), pos[card] if card is not None else 0)

        return sorted(actions, key=key)

    def label(self, state: State, action: Action) -> str:
        kind = type(action)
        a: Any = action
        trump = getattr(state, "trump", -1)
        if kind is Marry:
            value = 40 if int(a.card) >> 4 == trump else 20
            return f"marry {show(a.card)} (lead it, marriage {value})"
        if kind is Show:
            value = 40 if int(a.suit) == trump else 20
            s = int(a.suit)
            king, queen = Card.from_suit_rank(s, Rank.KING), Card.from_suit_rank(s, Rank.QUEEN)
            return f"show {show(king)} {show(queen)} (marriage {value} and claim 66)"
        if kind is Close:
            return "close (no more drawing; follow suit from now on)"
        if kind is Claim:
            if self.show_counts:
                me = state.current_player()
                return f"claim (66 reached? you count {state.scores()[me]})"
            return "claim (66 reached? a wrong claim gives the other 2 game points)"
        if kind is Exchange:
            up = getattr(state, "turn_up", -1)
            return "exchange (the nine of trumps for the turn-up" + (
                f" {show(up)})" if up >= 0 else ")")
        return action.notation()

    def confirm(self, state: State, action: Action) -> str | None:
        # Only when the screen shows the count: with the counts hidden a question here
        # would tell the player what he is meant to remember.
        kind = type(action)
        if not self.show_counts or kind not in (Claim, Show):
            return None
        me = state.current_player()
        count = state.scores()[me]
        if kind is Show:  # the marriage shown counts toward the claim
            count += 40 if int(getattr(action, "suit", -1)) == getattr(state, "trump", -2) \
                else 20
        if count >= 66:
            return None
        return (f"You count {count}, not 66: a wrong claim gives your adversary 2 game "
                "points (3 if he has not won a trick). Claim anyway? [y/N]: ")

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """Counting cards won, marriages and the last trick, per seat (the counts are
        public once the deal is over), and the game points it gave."""
        from ..games.sixtysix import POINTS

        n = len(seats.names)
        cards = [0] * n
        for e in _log(state):
            if isinstance(e, TrickWon):
                cards[e.seat] += sum(POINTS[c] for c in e.cards)
        marriages, last = [0] * n, [0] * n
        for seat, pts, why in _score_events(state):
            (last if why == "last trick" else marriages)[seat] += pts
        game_points = list(state.returns())
        return Breakdown([("counting cards", cards), ("marriages", marriages),
                          ("last trick", last)], list(state.scores()),
                         ["game points " + ", ".join(f"{seats.label(s)} {game_points[s]}"
                                                     for s in seats.order())])

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        extra = self.options_note(game)
        counts = ("The running counts are shown (--show-counts)." if self.show_counts else
                  "Foster's Sixty-Six is a game of memory: the screen does not show the "
                  "running counts; start or resume with --show-counts to see them.")
        return SIXTYSIX_RULES.format(target=o.game_target, counts=counts) + extra


def _kq(suit: int) -> str:
    return (f"{show(Card.from_suit_rank(suit, Rank.KING))} "
            f"{show(Card.from_suit_rank(suit, Rank.QUEEN))}")


def _trick_players(o: Any) -> tuple[int, ...]:
    """Seats that have played to the trick in progress (two-handed: the leader)."""
    if not o.trick:
        return ()
    return (o.to_move ^ 1,) if len(o.trick) == 1 else ()


SIXTYSIX_RULES = """\
SIXTY-SIX, two hands (after Foster's Complete Hoyle) — in brief

Cards: 24 (A 10 K Q J 9 of each suit), ranking A 10 K Q J 9. Six cards each; a card
turned up makes trumps and lies under the stock, to be drawn last.

Aim: to count 66 first in a deal. Cards in the tricks you win count ace 11, ten 10,
king 4, queen 3, jack 2, nine 0; a marriage (K Q of one suit) 20, in trumps 40; the
twelfth trick 10 (only when every card is played and nobody closed). {counts}

While the stock is open you need not follow suit nor trump: the higher card of the suit
led wins, a trump beats a plain card, any other card loses. The winner draws first,
then the other, and the winner leads.

Marriages: with the lead, lead the King or Queen of a marriage you hold (marry K♥); it
counts once you have won a trick. Having won a trick, you may also show a marriage that
brings you to 66 without leading it, and claim (show K♥ Q♥).

The nine of trumps: once you have won a trick you may exchange it for the turn-up,
whenever it is your turn, while the turn-up is there. It counts nothing.

Closing: with the lead, or just after winning a trick, close turns the trump down: no
more drawing, and from then on you must follow suit if you can (you need not win). The
same holds once the stock is exhausted.

Claiming: claim when you count 66 (with the lead, or just after winning a trick). If
right you score 1 game point, 2 if the other counts under 33 (schneider), 3 if he has
not won a trick (schwartz). A wrong claim, or a closer who does not reach 66, gives the
other 2 (3 if he had no trick). A hand played out without a claim: if just one player
has 66 he scores 1 (2 if the other has under 33); otherwise nobody scores and the winner
of the next deal adds 1.

Game: {target} game points; a loser without a point loses a double game.

Typing: the number of a choice, or the action as the screen writes it: Q♠ or QS (play
the queen of spades), marry K♥, show K♥ Q♥, draw, close, claim, exchange."""


class ThreeHandedSixtySixView(SixtySixView):
    """Three-handed Sixty-Six (``bezique.games.sixtysix_three``): the two-handed view at
    a table of three, the seat taking no cards named (the dealer, who scores with the
    winner, or a player already out)."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (ThreeHandedSixtySix,)
    title = "Three-handed Sixty-Six"

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        lines = super().seat_lines(state, obs, seats, match)
        target = getattr(match.game.options, "game_target", 7)
        for seat, line in zip(seats.order(), lines, strict=True):
            if seat != o.sits_out:
                continue
            # his game points under the others', the columns he has no part in left empty
            at = next(i for i, c in enumerate(line.cells) if c.startswith("game points"))
            line.cells = [""] * at + [f"game points {match_total(match, seat)} of {target}"]
            if seat == o.scorer:
                line.notes = [f"takes no cards: scores what the winner scores (at most"
                              f" {o.dealer_room} this deal)"]
            else:
                line.notes = ["is out: takes no part"]
        return lines

    def banner(self, match: Match, seats: Seats) -> str:
        o: Any = match.state.observation(seats.human)
        lead, other = o.players
        if o.sits_out == o.dealer:
            sits = seats.says(o.dealer, "deal", "and ") + (
                "take no cards" if o.dealer == seats.human else "takes no cards")
        else:
            sits = seats.says(o.dealer, "deal")
        leads = "you lead" if lead == seats.human else seats.says(lead, "lead")
        against = "you" if other == seats.human else seats.label(other)
        return f"=== Deal {len(match.deals)}: {sits}; {leads} against {against} ==="

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        how = (THREE_POOL if o.settlement == "pool_first_out_takes_all" else THREE_FINISH)
        return (SIXTYSIX3_RULES.format(target=o.game_target, stop=o.game_target - 1,
                                       settle=how)
                + "\n\n" + super().rules(getattr(game, "duel_game", game)))


SIXTYSIX3_RULES = """\
THREE-HANDED SIXTY-SIX (after Foster's Complete Hoyle) — in brief

The dealer takes no cards: the other two play a deal of two-handed Sixty-Six, the
player on the dealer's left leading. The dealer scores whatever game points the winner
of the hand scores; if neither player scores, the dealer scores 1. He cannot go out on
his own deal: he stops at {stop} and must win out by his own play. {target} game points
is game.

{settle}"""

THREE_POOL = "The first man out wins (takes the pool)."
THREE_FINISH = """\
After one is out the other two finish, playing two-handed (the man out still deals the
next hand if it is his turn); the loser pays both."""


class KreutzView(GameView):
    """Four-handed Sixty-Six, Kreutz-mariage (``bezique.games.kreutz``): partners
    opposite, all the cards dealt, the dealer's turn-up, the trick in progress seat by
    seat, each side's count (hidden unless ``show_counts``: a game of memory)."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (KreutzMariage,)
    title = "Four-handed Sixty-Six"
    counts_hidden_by_default = True
    # Foster gives Kreutz-mariage as a form of Sixty-Six, whose count is kept in the head
    # and whose tricks may not be looked back at but the last (SS 27)
    look_back: ClassVar[str] = "last"
    look_back_rule: ClassVar[str] = (
        "Sixty-Six, four-handed as two-handed, is counted in the head: no player may look"
        " at any trick but the last one turned and quitted (Foster, Sixty-Six, Counting;"
        " SS 27).")

    def trick_extra(self, trick: TrickWon) -> list[str]:
        from ..games.kreutz import POINTS
        won = sum(POINTS[c] for c in trick.cards)
        return [f"{won} in cards"] if won and self.show_counts else []

    def told_with_trick(self, trick: TrickWon, event: Event) -> bool:
        return isinstance(event, Scored) and event.reason == "cards"

    def trick_score(self, score: Scored) -> str:
        # the cards' count is the player's to keep in his head: said (as "N in cards")
        # only when the counts are shown
        return ""

    def tell(self, event: Event, names: Names) -> str:
        return _tell_count(event, names)

    def __init__(self, *, show_counts: bool = False) -> None:
        super().__init__(show_counts=show_counts)

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        head = [f"Deal {len(match.deals)}", f"trick {o.tricks_played + 1} of 8",
                f"trumps {suit_text(o.trump)}"]
        if o.trump_card in o.known_in_hand[o.dealer]:  # until the dealer plays it
            head.append(f"turn-up {show(o.trump_card)} ({seats.label(o.dealer)}'s)"
                        .replace("You's", "yours"))
        return head

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        mine = o.sides[seats.human]
        out = []
        for seat in seats.order():
            roles = (["partner"] if seat != seats.human and o.sides[seat] == mine else []) \
                + (["dealer"] if seat == o.dealer else [])
            name = seats.label(seat) + (f" ({', '.join(roles)})" if roles else "")
            # his own tricks here; the side's count and game points on its line
            cells = [f"tricks {o.tricks_won[seat]}"]
            notes = []
            if seat != seats.human:
                cells.append(f"hand {o.hand_sizes[seat]}")
                if o.known_in_hand[seat]:
                    notes.append(f"known in hand: {hand_text(o.known_in_hand[seat], o.trump)}")
                if o.voids[seat]:
                    notes.append("has shown no " + ", ".join(SUIT_NAMES[v] for v in o.voids[seat]))
            if o.pending[seat]:
                notes.append(f"marriage pending: {o.pending[seat]}, counted once the side"
                             " wins a trick")
            if seat == o.to_move and seat != seats.human:
                cells.append("to play")
            out.append(SeatLine(name, cells, notes, is_human=seat == seats.human))
        return out

    def side_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[str]:
        """Each side's tricks, count (if shown) and game points, on a line naming both
        partners."""
        o: Any = obs
        target = getattr(match.game.options, "game_target", 7)
        out = []
        for side in (0, 1):
            figures = [f"tricks {o.side_tricks[side]}"]
            if self.show_counts:
                figures.append(f"count {o.side_points[side]}")
            figures.append(f"game points {match_total(match, o.sides.index(side))} of"
                           f" {target}")
            out.append(side_line(o.sides, side, seats, figures))
        return out

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if not o.trick:
            return "Your lead"
        lead = o.trick[0][0]
        return (f"{seats.label(lead)} led {show(o.trick[0][1])}: your card (follow suit and"
                " win if you can, even your partner's trick; void, trump and over-trump)")

    def label(self, state: State, action: Action) -> str:
        if isinstance(action, Marry):
            card = int(getattr(action, "card", 0))
            value = 40 if card >> 4 == getattr(state, "trump", -1) else 20
            return f"marry {show(card)} (lead it, marriage {value})"
        return action.notation()

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """Each seat's counting cards, marriages and last trick (public once the deal
        is over), each side's total, and the game points."""
        n = len(seats.names)
        cards, marriages, last = [0] * n, [0] * n, [0] * n
        for seat, pts, why in _score_events(state):
            row = cards if why == "cards" else last if why == "last trick" else marriages
            row[seat] += pts
        game_points = list(state.returns())
        # each seat's own total; the side's count and game points, once per side
        totals = [cards[s] + marriages[s] + last[s] for s in range(n)]
        st: Any = state
        sides = st.deal_sides if hasattr(st, "deal_sides") else st.game.sides
        pairs = sorted(set(sides))
        count = {side: sum(totals[s] for s in range(n) if sides[s] == side) for side in pairs}
        return Breakdown([("counting cards", cards), ("marriages", marriages),
                          ("last trick", last)], totals,
                         ["sides: " + "; ".join(f"{side_names(sides, side, seats)} {count[side]}"
                                                for side in pairs),
                          "game points: " + "; ".join(
                              f"{side_names(sides, side, seats)} "
                              f"{game_points[sides.index(side)]}" for side in pairs)])

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        extra = self.options_note(game)
        marriages = ("Marriages count 20, in trumps 40: lead the King or Queen (marry K♥);"
                     " on the opening lead it counts once your side wins a trick."
                     if o.marriages == "counted" else
                     "Marriages do not count (the American way): 66 on cards alone.")
        bands = ("2 if the winners count over 100" if o.bands == "foster_100"
                 else "2 if the losers count under 33 (schneider)")
        return KREUTZ_RULES.format(target=o.game_target, marriages=marriages,
                                   bands=bands) + extra


KREUTZ_RULES = """\
FOUR-HANDED SIXTY-SIX, Kreutz-mariage (after Foster's Complete Hoyle) — in brief

Four play, partners opposite. 32 cards (A 10 K Q J 9 8 7), all dealt, eight each; the
last card, the dealer's, is turned for trumps and stays in his hand. No stock, no
closing. The player on the dealer's left leads; the winner of a trick leads the next.

You must follow suit, and win the trick if you can, even your partner's; void in the
suit led you must trump, and over-trump a trumped trick if you can.

Cards in the tricks count ace 11, ten 10, king 4, queen 3, jack 2; the last trick 10:
130 in a deal. {marriages} The side with 66 or more (and more than the other) scores 1
game point, {bands}, 3 if the other side won no trick; 65-65 is a tie, and the winners of
the next deal add 1. Game: {target} game points.

Typing: the number of a choice, or the card as the screen writes it: Q♠ or QS."""


# -- three- and four-handed Binocle, Auction Binocle --------------------------------------

