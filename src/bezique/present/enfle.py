"""Enflé (Rolling Stone) on screen: each seat's hand size and the cards known in it (those
it took up and has not played again), the suits it has shown it lacks, the trick in
progress seat by seat, and the pool."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.game import Action, Game, Observation, State
from ..core.match import Match
from ..games.enfle import Enfle, TakeUp, hand_value
from .base import (
    SUIT_NAMES,
    WHIST_ORDER,
    Breakdown,
    GameView,
    SeatLine,
    Seats,
    hand_text,
    match_total,
    show,
)


class EnfleView(GameView):
    """Enflé (``bezique.games.enfle``): every seat for himself; no trumps, no counts."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (Enfle,)
    title = "Enflé"
    hand_order = WHIST_ORDER  # A K Q J 10 .. 2
    # the tricks are turned face down as they are won, and remembering them is the
    # game's skill (Foster, Enflé)
    look_back: ClassVar[str] = "last"
    look_back_rule: ClassVar[str] = (
        "a trick all followed is turned face down and its cards are dead; remembering"
        " them, and the cards each player took up, is the skill of the game (Foster,"
        " Enflé).")

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        opts: Any = match.game.options
        n = len(o.hand_sizes)
        done = o.tricks_played + o.taken_up
        deals = opts.rounds * n
        head = [f"Deal {len(match.deals)} of {deals}" if len(match.deals) <= deals
                else f"Deal {len(match.deals)} (to break the tie)",
                f"trick {done + 1}", "no trumps"]
        pools = 1 + o.carry
        if opts.scoring == "pool":
            head.append(f"pool {pools * n}" + (f" ({o.carry} carried)" if o.carry else ""))
        return head

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        out = []
        for seat in seats.order():
            name = seats.label(seat) + (" (dealer)" if seat == o.dealer else "")
            cells = [f"hand {o.hand_sizes[seat]}", f"tricks {o.tricks_won[seat]}",
                     f"match {match_total(match, seat)}"]
            notes = []
            if o.known_in_hand[seat] and seat != seats.human:
                known = hand_text(o.known_in_hand[seat], None, self.hand_order)
                notes.append(f"known in hand (taken up): {known}")
            if o.voids[seat]:
                notes.append(("holds" if seat != seats.human else "you hold") + " no "
                             + ", ".join(SUIT_NAMES[v] for v in o.voids[seat]))
            if seat == o.to_move and seat != seats.human:
                cells.append("to play")
            out.append(SeatLine(name, cells, notes, is_human=seat == seats.human))
        return out

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if not o.trick:
            return "Your lead: any card"
        lead = o.trick[0][0]
        return f"{seats.label(lead)} led {show(o.trick[0][1])}: follow suit"

    def label(self, state: State, action: Action) -> str:
        if isinstance(action, TakeUp):
            return "take up the trick (you cannot follow suit)"
        return action.notation()

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """The cards left in each hand (and their pips, with Parlett's scoring), and who
        took the pool."""
        st: Any = state
        n = len(seats.names)
        left = [len(h) for h in st.hands]
        points = list(state.returns())
        rows: list[tuple[str, list[int]]] = [("cards left in hand", left)]
        if st.game.options.scoring == "cards":
            rows.append(("pips left in hand", [hand_value(h) for h in st.hands]))
        if st.out >= 0:
            won = ("and takes the pool" if st.game.options.scoring == "pool"
                   else "and is paid the pips left in the other hands")
            result = [f"{seats.label(st.out)} went out first {won}."]
        else:
            result = [f"Nobody went out in {st.rounds_played()} tricks: the deal is drawn"
                      + (", its pool carried to the next" if st.game.options.scoring == "pool"
                         else "")]
        return Breakdown(rows, [points[s] for s in range(n)], result)

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        n = game.num_players
        packs = {4: "32 cards, A K Q J 10 9 8 7", 5: "40 cards, A K Q J 10 9 8 7 6 5",
                 6: "48 cards, A K Q J 10 9 8 7 6 5 4 3"}
        scoring = ("Each puts a counter in the pool; the first out of cards takes it."
                   if o.scoring == "pool" else
                   "The first out of cards is paid by each other player the pips left in"
                   " his hand (Ace 1, court cards 10).")
        return ENFLE_RULES.format(players=n, pack=packs[n], deal="one" if o.deal == "ones"
                                  else "two", scoring=scoring, deals=o.rounds * n,
                                  limit=o.trick_limit) + self.options_note(game)


ENFLE_RULES = """\
ENFLÉ, or Rolling Stone (after Foster's Complete Hoyle) — in brief

{players} players, each for himself; {pack} (eight a player), dealt {deal} at a time.
No trumps; the Ace is high. The player on the dealer's left leads any card.

All must follow suit. If all follow, the highest card takes the trick, which is turned
face down: its cards are dead, and its winner leads. The first who cannot follow may not
discard: he takes the cards already played into his hand (everyone sees them), the rest
do not play to that trick, and he leads any card.

The first player to get rid of all his cards wins the deal. {scoring} A match is {deals}
deals; the highest total wins. A deal still going after {limit} tricks is drawn (the
pool stays for the next deal).

Typing: the number of a choice, or the card as the screen writes it: Q♠ or QS."""
