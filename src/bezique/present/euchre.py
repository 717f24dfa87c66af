"""How Euchre reads on screen, two- and four-handed (and OpenSpiel's preset): the turned
card, the making, the maker and a lone hand, each side's tricks, the game to five
marked (as the text says) like Écarté's, with a three and a two."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.game import Action, Game, Observation, State
from ..core.match import Match
from ..games.euchre import Euchre
from ..games.euchre.base import (
    SUIT_NAMES,
    Alone,
    Discard,
    MakeTrump,
    OrderUp,
    Pass,
    WithPartner,
    left_bower,
)
from .base import (
    WHIST_ORDER,
    Breakdown,
    GameView,
    SeatLine,
    Seats,
    match_total,
    show,
    side_line,
    side_names,
    suit_text,
)

__all__ = ["EuchreView"]


class EuchreView(GameView):
    """Euchre (``bezique.games.euchre``): the turned card and the making, the maker (and
    his lone hand), tricks per side, the points toward five."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (Euchre,)
    hand_order = WHIST_ORDER  # Whist ranks (EW 120); the bowers among the Jacks
    title = "Euchre"

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        head = [f"Deal {len(match.deals)}"]
        if o.trump is None:
            head.append(f"{show(o.turned)} turned " + ("up" if o.phase == "order" else "down"))
        else:
            head.append(f"trumps {suit_text(o.trump)} (bowers"
                        f" {show(int(o.trump) * 16 + 11)} {show(left_bower(int(o.trump)))})")
            if o.phase == "play" or o.phase == "over":
                head.append(f"trick {min(o.tricks_played + 1, 5)} of 5")
        return head

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        partners = len(o.sides) > len(set(o.sides))
        mine = o.sides[seats.human] if seats.human is not None and seats.human >= 0 else -1
        out = []
        for seat in seats.order():
            roles = []
            if partners and seat != seats.human and o.sides[seat] == mine:
                roles.append("partner")
            if seat == o.dealer:
                roles.append("dealer")
            if seat == o.maker:
                roles.append("maker, alone" if o.alone else "maker")
            if seat == o.lone_defender:
                roles.append("defends alone")
            if seat not in o.active:
                roles.append("out")
            name = seats.label(seat) + (f" ({', '.join(roles)})" if roles else "")
            cells = [f"tricks {o.tricks_won[seat]}"]
            if not partners:
                cells.append(f"points {match_total(match, seats.table_seat(seat))}")
            notes = [f"said: {', '.join(b for p, b in o.bids if p == seat)}"] \
                if any(p == seat for p, _ in o.bids) else []
            if seat != seats.human and o.known_in_hand[seat]:
                notes.append("known in hand: " + " ".join(show(c) for c in
                                                          o.known_in_hand[seat]))
            if seat == o.to_move and seat != seats.human:
                cells.append("to act")
            out.append(SeatLine(name, cells, notes, is_human=seat == seats.human))
        return out

    def side_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[str]:
        o: Any = obs
        if len(o.sides) == len(set(o.sides)):
            return []
        target = getattr(match.game.options, "game_target", 5)
        return [side_line(o.sides, side, seats,
                          [f"tricks {o.side_tricks[side]}",
                           f"points {match_total(match, o.sides.index(side))} of {target}"])
                for side in (0, 1)]

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        up = show(o.turned)
        if o.phase == "order":
            if o.seat == o.dealer:
                return f"Take up {up} (and discard), or pass and turn it down"
            if o.sides[o.seat] == o.sides[o.dealer]:
                return f"Assist (your partner takes up {up}), or pass"
            return f"Order up {up} for trumps, or pass"
        if o.phase == "make":
            return f"{up} was turned down: make another suit trumps, or pass"
        if o.phase == "discard":
            return "Discard a card face down (not the card taken up)"
        if o.phase == "alone":
            return "Play alone (your partner out: 4 for all five tricks), or with your partner"
        if o.phase == "defend":
            return "Defend alone (4 if you euchre the makers), or with your partner"
        if not o.trick:
            return "Your lead"
        lead = o.trick[0][0]
        return (f"{seats.label(lead)} led {show(o.trick[0][1])}: your card (follow suit if"
                " you can; the left bower is a trump)")

    def label(self, state: State, action: Action) -> str:
        o: Any = state.observation(state.current_player())
        if isinstance(action, OrderUp):
            if o.seat == o.dealer:
                return f"take up {show(o.turned)} (I play)"
            if o.sides[o.seat] == o.sides[o.dealer]:
                return f"assist ({SUIT_NAMES[int(o.turned) >> 4]} trumps)"
            return f"order up {show(o.turned)}"
        if isinstance(action, Pass):
            return "pass" + (" (turn it down)" if o.phase == "order" and o.seat == o.dealer
                             else "")
        if isinstance(action, MakeTrump):
            return f"make {SUIT_NAMES[action.suit]} trumps"
        if isinstance(action, Discard):
            return f"discard {show(int(action.card))}"
        if isinstance(action, Alone):
            return "play alone"
        if isinstance(action, WithPartner):
            return "play with partner"
        return action.notation()

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """Each seat's tricks, and what the deal scored."""
        st: Any = state
        n = len(seats.names)
        tricks = [int(t) for t in st.tricks_won]
        points = list(state.returns())
        result = st.game.deal_result(st)
        sides = st.deal_sides
        lines = list(result.notes)
        if st.maker >= 0:
            lines.insert(0, f"maker: {seats.label(st.maker)}"
                         + (" (alone)" if st.alone == 1 else ""))
            lines.append("points: " + "; ".join(
                f"{side_names(sides, side, seats)} {points[sides.index(side)]}"
                for side in sorted(set(sides))))
        return Breakdown([("tricks", tricks)], [points[s] for s in range(n)], lines)

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        four = game.num_players == 4
        text = (FOUR_RULES if four else TWO_RULES).format(
            pack="24 cards (Nines up)" if o.pack == "24" else "32 cards (Sevens up)",
            target=o.game_target,
            stuck=("the dealer must then make one (stuck)"
                   if getattr(o, "stick_the_dealer", False)
                   else "all passing again, the hand is abandoned and the deal passes"),
            alone=("The maker may play alone, his partner out: all five tricks score 4."
                   if getattr(o, "lone_hand", False) else "No lone hands."))
        return text + self.options_note(game)


TWO_RULES = """\
EUCHRE, two-handed (after Enquire Within) — in brief

{pack}; five each, the next card turned up. Ranks as at Whist, but the Jack of trumps
(right bower) and the other Jack of the same colour (left bower) rank above the Ace of
trumps. The left bower is a trump in every respect: to follow a trump lead, you play it.

The non-dealer orders up the turned card's suit or passes; then the dealer takes it up
("I play", discarding a card face down) or passes. Both passing, the non-dealer may make
another suit trumps (the dealer must then play) or pass; then the dealer may; all passing,
the hand is abandoned. The non-dealer leads; follow suit if you can.

The makers score 1 for three or four tricks, 2 for all five; euchred (fewer than three),
2 to the other. Game: {target} points (kept, as at Écarté, with a three and a two).

Typing: the number of a choice, or pass, order up, make hearts, discard 9S, or a card
as the screen writes it: J♥ or JH."""

FOUR_RULES = """\
EUCHRE, four-handed (Enquire Within; the period's American rules) — in brief

Four play, partners opposite. {pack}; five each, the next card turned up. Ranks as at
Whist, but the Jack of trumps (right bower) and the other Jack of the same colour (left
bower) rank above the Ace of trumps; the left bower is a trump in every respect.

From the dealer's left each may order up the turned card's suit (the dealer's partner
assists, the dealer takes it up, discarding a card face down) or pass. All passing, the
card is turned down and each in turn may make another suit trumps or pass; {stuck}.
{alone} The player on the dealer's left leads; follow suit if you can.

The makers score 1 for three or four tricks, 2 for all five; euchred (fewer than three),
2 to the other side. Game: {target} points.

Typing: the number of a choice, or pass, order up, make hearts, discard 9S, alone, with
partner, or a card as the screen writes it: J♥ or JH."""
