"""How Napoleon reads on screen (``bezique.games.napoleon``): the calls, the contract,
trumps once led, each seat's counters, the pool, the buying of cards."""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.game import Action, Game, Observation, State
from ..core.match import Match
from ..games.napoleon import (
    CALL_NAMES,
    NAPOLEON,
    SEDAN,
    WELLINGTON,
    Buy,
    Call,
    Napoleon,
    Pass,
)
from .base import (
    SUIT_NAMES,
    WHIST_ORDER,
    Breakdown,
    GameView,
    SeatLine,
    Seats,
    match_total,
    show,
    show_cards,
    suit_text,
)


class NapoleonView(GameView):
    """Napoleon: the calls round the table, then the contract and the play; each seat's
    counters on the match's sheet, tricks in the deal, and the pool when one is kept."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (Napoleon,)
    hand_order = WHIST_ORDER  # Whist ranks, A K Q J 10 ... 2 (EW 130)
    title = "Napoleon"
    #: a trick's point is told in its line ("wins the trick"), not again
    trick_reasons: ClassVar[frozenset[str]] = frozenset({"trick"})

    def trick_score(self, score: Any) -> str:
        return ""

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        deals = int(getattr(match.game, "deals", len(match.deals)))
        head = [f"Deal {len(match.deals)} of {max(deals, len(match.deals))}"]
        if o.phase == "buy":
            head.append("buying")
        elif o.phase == "call":
            head.append("the calls: " + _standing(o, seats))
        else:
            head.append(f"trick {min(o.tricks_played + 1, 5)} of 5")
            if o.declarer >= 0:
                head.append(f"{seats.label(o.declarer)}: {_call_words(o.level)}")
            head.append(f"trumps {suit_text(o.trump)}" if o.trump is not None
                        else "trumps: the first card led" if o.tricks_played == 0
                        and not o.trick else "no trumps")
        if o.pool:
            head.append(f"pool {o.pool}")
        return head

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        said: dict[int, list[str]] = {}
        for seat, text in o.bids:
            said.setdefault(seat, []).append(_notation_words(text))
        out = []
        for seat in seats.order():
            roles = (["declarer"] if seat == o.declarer else []) + (
                ["dealer"] if seat == o.dealer else [])
            name = seats.label(seat) + (f" ({', '.join(roles)})" if roles else "")
            cells = [f"counters {match_total(match, seats.table_seat(seat))}"]
            if o.phase in ("play", "over") and o.declarer >= 0:
                cells.append(f"tricks {o.tricks_won[seat]}")
            notes = []
            if said.get(seat):
                notes.append("called: " + ", ".join(said[seat]))
            if o.bought[seat]:
                notes.append(f"bought {o.bought[seat]} card{'s' if o.bought[seat] > 1 else ''}")
            if seat != seats.human:
                cells.append(f"hand {o.hand_sizes[seat]}")
                if o.voids[seat]:
                    notes.append("has shown no " + ", ".join(SUIT_NAMES[v] for v in o.voids[seat]))
            elif o.discards:
                notes.append(f"thrown out: {show_cards(o.discards)}")
            if seat == o.to_move and seat != seats.human:
                cells.append("to play" if o.phase == "play" else "to speak")
            out.append(SeatLine(name, cells, notes, is_human=seat == seats.human))
        return out

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if o.phase == "buy":
            stake = int(getattr(state.game.options, "stake", 1))
            return (f"Buy cards or keep your hand: throw out cards face down and take as"
                    f" many from the pack, {stake} a card into the pool (buy 7♥ 2♣, or"
                    " buy none)")
        if o.phase == "call":
            return (f"Call or pass ({_standing(o, seats)}): a call must be higher, and"
                    " once made it stands")
        me = o.seat
        role = ("you are the declarer" if me == o.declarer else
                f"with the others against {seats.label(o.declarer)}")
        need = _need(o)
        if not o.trick:
            if o.trump is None and o.tricks_played == 0 and o.level != SEDAN:
                return f"Your lead: the suit you lead is trumps ({need})"
            return f"Your lead ({role}; {need})"
        lead = o.trick[0][0]
        return (f"{seats.label(lead)} led {show(o.trick[0][1])}: your card (follow suit if"
                f" you can; no need to win or trump; {role}, {need})")

    def label(self, state: State, action: Action) -> str:
        game: Any = state.game
        if isinstance(action, Call):
            won, lost = game.stakes(action.level)
            if action.level == SEDAN:
                aim = "lose every trick"
            elif action.level >= NAPOLEON:
                aim = "win all five"
            else:
                aim = f"win {CALL_NAMES[action.level]}"
            return (f"{action.notation()} ({aim}: {won} from each if made, {lost} to each"
                    " if not)")
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Buy):
            if not action.cards:
                return "buy none (keep your hand)"
            stake = int(game.options.stake)
            return (f"buy: throw out {show_cards(action.cards)} ({stake * len(action.cards)}"
                    " into the pool)")
        return action.notation()

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        """Pass first, then the calls from the lowest; to buy, keeping first, then by how
        many cards are thrown out."""
        if any(isinstance(a, Buy) for a in actions):
            return sorted(actions, key=lambda a: len(getattr(a, "cards", ())))
        return sorted(actions, key=lambda a: getattr(a, "level", 0))

    def banner(self, match: Match, seats: Seats) -> str:
        first = match.state.current_player()
        deals = int(getattr(match.game, "deals", len(match.deals)))
        o: Any = match.state.observation(seats.human if seats.human >= 0 else 0)
        verb = "buy" if o.phase == "buy" else "call"
        speaks = f"you {verb} first" if first == seats.human else seats.says(first, verb,
                                                                            "first")
        return (f"=== Deal {len(match.deals)} of {max(deals, len(match.deals))}: "
                f"{seats.says(match.dealer, 'deal')}, {speaks} ===")

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """Tricks, what the call paid or cost each seat, and the pool's payments."""
        st: Any = state
        game: Any = st.game
        n = len(seats.names)
        result = game.deal_result(st)
        pool_in = [-x for x in st.paid_in]
        calls = [result.points[p] - pool_in[p] for p in range(n)]
        taken = [0] * n
        d = st.declarer
        notes: list[str] = []
        if d >= 0 and st.level in (NAPOLEON, WELLINGTON) and result.detail("made") \
                and st.pool:
            taken[d] = st.pool
            calls[d] -= st.pool
            notes.append(seats.says(d, "take", f"the pool of {st.pool}"))
        if d >= 0 and st.level in (NAPOLEON, WELLINGTON) and not result.detail("made") \
                and game.options.failed_napoleon_doubles_pool and st.pool:
            calls[d] += st.pool
            pool_in[d] -= st.pool
            notes.append(seats.says(d, "double", f"the pool ({st.pool} more)"))
        if d < 0:
            notes.append("All passed: the deal is void.")
        else:
            made = bool(result.detail("made"))
            won = st.tricks_won[d]
            notes.insert(0, seats.says(d, "make" if made else "fail", _call_words(st.level))
                         + f", taking {won} trick{'s' if won != 1 else ''}.")
        rows = [("tricks", list(st.tricks_won)), ("the call", calls),
                ("into the pool", pool_in)]
        if any(taken):
            rows.append(("pool taken", taken))
        return Breakdown(rows, list(result.points), notes)

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        g: Any = game
        extras = []
        if o.wellington != "off":
            won, lost = g.stakes(WELLINGTON)
            extras.append(f"Wellington, called only over a Napoleon, wins {won} a head and"
                          f" loses {lost}.")
        if o.sedan != "off":
            won, lost = g.stakes(SEDAN)
            trumps = (" (no trumps)" if o.sedan_trumps == "none" else "")
            extras.append(f"Sedan, to lose every trick{trumps}, is above every call: it"
                          f" wins {won} a head and loses {lost}.")
        if g.ante:
            extras.append(f"Each dealer puts {g.ante} in the pool; the first Napoleon made"
                          " takes it" + (", a Napoleon lost doubles it"
                                         if o.failed_napoleon_doubles_pool else "") + ".")
        if o.buying:
            extras.append(f"Before the calls each in turn may throw out cards and buy as"
                          f" many from the pack, {o.stake} a card into the pool.")
        if o.stop_when_decided:
            extras.append("The play stops once the call is made or lost.")
        won, lost = g.stakes(NAPOLEON)
        return NAPOLEON_RULES.format(
            players=g.num_players, stake=o.stake, nap_won=won, nap_lost=lost,
            deals=g.deals, extras=("\n\n" + " ".join(extras)) if extras else "") \
            + self.options_note(game)


def _call_words(level: int) -> str:
    if level in (NAPOLEON, WELLINGTON, SEDAN):
        return CALL_NAMES[level]
    return f"{CALL_NAMES.get(level, '?')} tricks"


def _notation_words(text: str) -> str:
    if text.startswith("go "):
        return CALL_NAMES[int(text[3:])]
    return text.capitalize() if text != "pass" else "pass"


def _standing(o: Any, seats: Seats) -> str:
    if not o.level:
        return "no call yet"
    caller = next(s for s, t in reversed(o.bids) if t != "pass")
    return f"the call stands at {_call_words(o.level)} ({seats.label(caller)})"


def _need(o: Any) -> str:
    d = o.declarer
    taken = o.tricks_won[d]
    if o.level == SEDAN:
        return "the declarer must take no trick" + (f"; he has taken {taken}" if taken
                                                     else "")
    return f"the declarer needs {o.needed}, has {taken}"


NAPOLEON_RULES = """\
NAPOLEON, {players} players (after Enquire Within upon Everything) — in brief

The full pack, ranking as at Whist (Ace high). Five cards each, dealt one at a time from
the dealer's left; the deal passes to the left. From the dealer's left each in turn,
once, calls or passes: two, three or four tricks, or Napoleon (all five), each call higher
than the last; a call once made stands. If all pass, the deal is void.

The highest caller leads, and the suit of his first card is trumps. Follow suit if you
can; you need not head the trick or trump. The others play together to beat him.

He who makes his call receives from each of the others {stake} a trick called; failing,
he pays each as much. Napoleon receives {nap_won} from each and pays {nap_lost}.{extras}

A match is {deals} deals; the most counters win.

Typing: the number of a choice, or the action as the screen writes it: go 3, napoleon,
pass, buy 7♥ 2♣, buy none, a card (Q♠ or QS)."""
