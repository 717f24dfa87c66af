"""How Écarté reads on screen (``bezique.games.ecarte``): the turn-up and the talon's
count, where the exchange stands (proposed, accepted, refused, played without
proposing), the Kings marked, each seat's discards counted (the player's own named: the
others lie face down), the tricks, and the points toward five."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.game import Action, Game, Observation, State
from ..core.match import Match
from ..games.ecarte import (
    KING_HELD,
    KING_TURNED,
    THE_POINT,
    THE_VOLE,
    Accept,
    Discard,
    Ecarte,
    MarkKing,
    Propose,
    Refuse,
    Stand,
    Take,
)
from .base import (
    Breakdown,
    GameView,
    SeatLine,
    Seats,
    _score_events,
    hand_text,
    match_total,
    show,
    show_cards,
    suit_text,
)

#: How the exchange stands, in words (the observation's ``proposal``).
PROPOSAL_WORDS = {"open": "no proposal yet", "proposed": "a proposal made",
                  "accepted": "proposal accepted", "refused": "proposal refused",
                  "played": "played without proposing", "stood": "no more cards",
                  "exhausted": "the talon is spent"}


class EcarteView(GameView):
    """Écarté: the exchange, then five tricks; the points toward the game (five)."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (Ecarte,)
    hand_order = (13, 12, 11, 14, 10, 9, 8, 7)  # K Q J A 10 9 8 7, Écarté's own order
    title = "Écarté"

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        head = [f"Deal {len(match.deals)}"]
        if o.phase in ("lead", "follow", "end"):
            head.append(f"trick {min(o.tricks_played + 1, 5)} of 5")
        else:
            head.append("the exchange")
        head += [f"trumps {suit_text(o.trump)}", f"turn-up {show(o.turn_up)}",
                 f"talon {o.stock_size}"]
        if o.exchanges:
            head.append(f"exchanges {o.exchanges}")
        return head

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        out = []
        for seat in seats.order():
            role = "dealer" if seat == o.dealer else "elder"
            cells = [f"tricks {o.tricks_won[seat]}", f"deal {o.points[seat]}",
                     f"points {match_total(match, seats.table_seat(seat))} of {o.target}"]
            if seat != seats.human:
                cells.append(f"hand {o.hand_sizes[seat]}")
            notes = []
            for who, how in o.kings:
                if who == seat:
                    notes.append("marked the King" + (" turned up" if how == "turned"
                                                      else " of trumps in hand"))
            if o.discarded[seat]:
                notes.append(f"discarded {o.discarded[seat]} face down")
            if o.stood == seat:
                notes.append("played without proposing: must make three tricks or give 2")
            if o.refused == seat:
                notes.append("refused the first proposal: must make three tricks or give 2")
            if seat != seats.human and o.known_in_hand[seat]:
                notes.append(f"known in hand: {hand_text(o.known_in_hand[seat], o.trump)}")
            if seat != seats.human and o.voids[seat]:
                notes.append("has shown no " + ", ".join(suit_text(v).split()[0]
                                                          for v in o.voids[seat]))
            out.append(SeatLine(f"{seats.label(seat)} ({role})", cells, notes,
                                is_human=seat == seats.human))
        return out

    def notes(self, state: State, obs: Observation, seats: Seats) -> list[str]:
        o: Any = obs
        lines = [f"Exchange: {PROPOSAL_WORDS.get(o.proposal, o.proposal)}"]
        if o.discards:
            lines.append(f"Your discards, face down: {show_cards(o.discards)}")
        return lines + self.last_trick(state, seats)

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if o.phase == "propose":
            if o.stock_size == 0:
                return "The talon is spent: play"
            if o.seat == o.elder and not o.exchanges:
                return ("Propose (ask for cards) or play without proposing (then make"
                        " three tricks or give 2)")
            return "Propose again, or play"
        if o.phase == "answer":
            first = not o.exchanges and o.seat == o.dealer
            return ("Your adversary proposes: accept or refuse" + (
                " (refusing, make three tricks or give 2)" if first else ""))
        if o.phase == "discard":
            most = min(5, o.stock_size)
            return (f"Discard face down, one card at a time (at most {most}), then take as"
                    " many from the talon")
        if o.phase == "lead":
            return "Your lead"
        options: Any = state.game.options
        duty = "follow suit and win if you can; void, trump" if options.must_trump \
            else "follow suit and win if you can"
        leader, card = o.trick[0]
        return f"{seats.label(leader)} led {show(card)}: your card ({duty})"

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        rank: dict[type[Action], int] = {MarkKing: 0, Propose: 1, Stand: 2, Accept: 3,
                                         Refuse: 4, Take: 6}
        return sorted(actions, key=lambda a: (rank.get(type(a), 5),
                                              int(getattr(a, "card", 0))))

    def label(self, state: State, action: Action) -> str:
        kind = type(action)
        s: Any = state
        if kind is MarkKing:
            return "king (I mark the King: 1 point)"
        if kind is Propose:
            return "propose (ask for cards)"
        if kind is Stand:
            if s.proposals == 0 and s.current_player() != s.dealer:
                return "play (without proposing: make three tricks or give 2)"
            return "play (no more cards)"
        if kind is Accept:
            return "accept (each discards and takes cards)"
        if kind is Refuse:
            return "refuse (play the hands as they are" + (
                ": make three tricks or give 2)" if s.proposals == 1 else ")")
        if isinstance(action, Discard):
            return f"discard {show(action.card)} (face down)"
        if kind is Take:
            n = s.taking
            if not n:
                return "take none (keep your hand)"
            return f"take {n} card{'' if n == 1 else 's'} from the talon"
        return action.notation()

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """The Kings, the point or the vole, and the penalties, per seat."""
        n = len(seats.names)
        kings, tricks, penalties = [0] * n, [0] * n, [0] * n
        for seat, pts, why in _score_events(state):
            if why in (KING_TURNED, KING_HELD):
                kings[seat] += pts
            elif why in (THE_POINT, THE_VOLE):
                tricks[seat] += pts
            else:
                penalties[seat] += pts
        s: Any = state
        return Breakdown([("the King", kings), ("the point or the vole", tricks),
                          ("failing after playing or refusing", penalties)],
                         list(state.scores()),
                         ["tricks " + ", ".join(f"{seats.label(p)} {s.tricks_won[p]}"
                                                for p in seats.order())])

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        trump = ("void in the suit led, he must trump." if o.must_trump
                 else "void in the suit led, he may play any card.")
        again = ("The elder may then propose again, while the talon lasts."
                 if o.exchanges == "unlimited" else "One exchange only.")
        return ECARTE_RULES.format(deal=o.deal_by.replace("-", " then "), trump=trump,
                                   again=again, target=o.game_target) + \
            self.options_note(game)


ECARTE_RULES = """\
ÉCARTÉ (after Enquire Within, items 118-119; Cavendish where it is silent) — in brief

Cards: 32, ranking K Q J A 10 9 8 7 (the King highest, the Ace under the Knave). Five
each, dealt by {deal}; the eleventh turned up for trumps; the rest is the talon. A King
turned up scores the dealer 1.

The exchange: the elder (the non-dealer) proposes (asks for cards) or plays. If he
proposes, the dealer accepts or refuses. Accepted: the elder discards face down one
card or more, a card at a time, and takes as many from the talon; then the dealer
discards as he pleases and takes as many. {again} Proposals and answers cannot be taken back.

Marking the King: holding the King of trumps, mark it (king) before you play your first
card, or lose the point.

The play: the elder leads; the second must follow suit and win the trick if he can;
{trump} The winner of a trick leads to the next.

Scoring: three or four tricks, the point, 1; all five, the vole, 2. The elder who plays
without proposing and fails to make three gives 2; so does the dealer who refuses the
first proposal and fails. Game: {target} points; the first to reach it wins at once.

Typing: the number of a choice, or the action as written: propose, play, accept,
refuse, discard 7♥ (or discard 7H; one card at a time), take, king, or a card (Q♠
or QS)."""
