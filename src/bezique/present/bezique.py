"""How the Bézique games read on screen: two-handed, Rubicon and Chinese, three- and
four-handed, and Chouette."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.cards import Card
from ..core.events import DrewLast, Event, Names, Scored, TrickWon
from ..core.game import SPECTATOR, Action, Game, Observation, State
from ..core.match import Match
from ..games.bezique import Bezique
from ..games.bezique.chouette import Chouette
from ..games.bezique.declarations import Declare, Draw, ScoreCarried
from ..games.bezique.multi import AskPartner, MultiBezique, NothingToDeclare
from ..games.bezique.rubicon import CarteBlanche, Rubicon
from ..games.bezique.two_handed import Exchange
from .base import (
    _NUMBER_WORDS,
    Breakdown,
    GameView,
    SeatLine,
    Seats,
    _score_events,
    deal_tricks,
    hand_text,
    match_total,
    partnership,
    plays_text,
    rank_strength,
    show,
    side_line,
    trump_text,
    wrap,
)


class BeziqueView(GameView):
    """Two-handed Bézique (``bezique.games.bezique``)."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (Bezique,)
    title = "Bézique"
    # BZ 31 (Foster, Bézique: a trick once turned and quitted cannot be seen again);
    # Enquire Within's Bézique: tricks are not looked at until the deal is over. The
    # screen shows the last trick as it lay when it was gathered, and no earlier one.
    look_back: ClassVar[str] = "last"
    look_back_rule: ClassVar[str] = (
        "in Bézique a trick once turned and quitted may not be seen again (Foster, BZ 31;"
        " Enquire Within: not before the end of the deal).")

    after: ClassVar[dict[type[Event], str]] = {
        DrewLast: "The stock is exhausted: the table cards go back to the hands; from now"
                  " on follow suit and win the trick if you can."}

    def told_with_trick(self, trick: TrickWon, event: Event) -> bool:
        return isinstance(event, Scored) and event.seat == trick.seat and (
            "brisque" in event.reason or event.reason == "last trick")

    def tell(self, event: Event, names: Names) -> str:
        if isinstance(event, Scored) and event.reason in ("seven turned up",
                                                          "dix turned up"):
            who = "you, the dealer, score" if event.seat == names.you \
                else f"{names.seat(event.seat)}, the dealer, scores"
            what = "a seven" if event.reason == "seven turned up" else "the dix"
            return f"The turn-up is {what}: {who} {event.points}."
        return event.describe(names)

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        head = [f"Deal {len(match.deals)}",
                self.trick_heading(o, match, after_trick="declare",
                                   tricks=deal_tricks(match.game)),
                trump_text(o.trump)]
        # count_stock_allowed=false (the French rule): the display shows no count
        turn_up = getattr(o, "turn_up", None)
        if turn_up is not None:
            head.append(f"turn-up {show(turn_up)}")
            if o.stock_size is not None:
                head.append(f"stock {o.stock_size - 1}")  # the turn-up is drawn last
        elif o.stock_size:  # a game without a turn-up (Rubicon)
            head.append(f"stock {o.stock_size}")
        else:
            last = deal_tricks(match.game) - self.stock_tricks(match.game)
            head.append(f"the last {_NUMBER_WORDS.get(last, str(last))} tricks")
        if match.sheet.games:  # a partie of several games
            head.append("games won " + ", ".join(
                f"{seats.label(s)} {match.sheet.games_won(s)}" for s in seats.order()))
        return head

    @staticmethod
    def stock_over(o: Any) -> bool:
        """Is the stock gone (the last tricks, following suit and winning)?"""
        return getattr(o, "turn_up", None) is None and not getattr(o, "stock_size", 0)

    @staticmethod
    def stock_tricks(game: Game[Any]) -> int:
        """Tricks played while the stock lasts: each draws a card for every seat until
        the pack beyond the hands is gone."""
        n = int(getattr(game, "num_players", 2))
        hand = int(getattr(game, "hand_size", 8))
        return (len(game.pack) - n * hand) // n

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        out = []
        for seat in seats.order():
            name = seats.label(seat) + (" (dealer)" if seat == o.dealer else "")
            cells = [f"deal {o.points[seat]}",
                     f"match {match_total(match, seats.table_seat(seat))}"]
            notes = []
            if seat != seats.human:
                cells.append(f"hand {o.hand_sizes[seat]}")
                if o.tables[seat]:
                    notes.append(f"on the table: {hand_text(o.tables[seat], o.trump)}")
                if o.known_in_hand[seat]:
                    notes.append(f"known in hand: {hand_text(o.known_in_hand[seat], o.trump)}")
            if o.carried[seat]:
                notes.append("to score: " + "; ".join(_declared(m) for m in o.carried[seat]))
            out.append(SeatLine(name, cells, notes, is_human=seat == seats.human))
        return out

    def notes(self, state: State, obs: Observation, seats: Seats) -> list[str]:
        return self.last_trick(state, seats)

    def hand_cards(self, obs: Observation) -> tuple[Sequence[int], Sequence[int]]:
        o: Any = obs
        return o.hand, o.tables[o.seat]

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if o.phase == "lead":
            return "Your lead"
        if o.phase == "follow":
            return self.follow_prompt(o, seats, "follow suit and win if you can"
                                      if self.stock_over(o) else "")
        kinds = {type(a) for a in state.legal_actions()}
        can = []
        if Declare in kinds or ScoreCarried in kinds:
            can.append("declare")
        if Exchange in kinds:
            can.append("exchange the seven")
        can.append("draw")
        return "You won the trick: " + (", ".join(can[:-1]) + " or " if len(can) > 1
                                        else "") + can[-1]

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        def key(a: Action) -> tuple[int, int, str]:
            kind = type(a)
            if kind is Declare:
                return (2, -a.melds[0].combination.value, a.notation())  # type: ignore[attr-defined]
            if kind is ScoreCarried:
                return (3, 0, a.notation())
            if kind is Exchange:
                return (4, 0, "")
            return (5, 0, a.notation())

        return sorted(actions, key=key)

    def label(self, state: State, action: Action) -> str:
        kind = type(action)
        a: Any = action
        if kind is Declare:
            parts = []
            for i, m in enumerate(a.melds):
                cards = " ".join(show(c) + ("*" if t else "")
                                 for c, t in sorted(m.cards, key=_high_first))
                value = m.combination.value
                parts.append(f"{_words(m.name)} {cards} ({value}{' to score' if i else ''})")
            return " + ".join(parts)
        if kind is ScoreCarried:
            from ..games.bezique import COMBINATIONS
            cards = " ".join(show(c) for c in sorted(a.cards, key=lambda c: _high_first(
                (c, False))))
            return f"score {_words(a.name)} {cards} ({COMBINATIONS[a.name].value})"
        if kind is Exchange:
            return "exchange (the seven of trumps for the turn-up, 10)"
        if kind is Draw:
            return "draw (declare nothing)" if len(state.legal_actions()) > 1 else "draw"
        return action.notation()

    def automatic(self, state: State, actions: Sequence[Action]) -> str | None:
        # The declaration step follows every trick won while the stock lasts, so that the
        # adversary cannot tell from the play whether anything could be declared (BZ 51);
        # the player knows his own hand, so with nothing to declare he simply draws.
        if len(actions) == 1 and isinstance(actions[0], Draw):
            return "Nothing to declare: you draw."
        return super().automatic(state, actions)

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """Declarations, brisques, the Seven and the last trick, per seat, from the
        deal's scores (Bézique, Scoring)."""
        kinds = ["declarations", "brisques", "the seven of trumps", "last trick"]
        rows = {k: [0] * len(seats.names) for k in kinds}
        for seat, pts, why in _score_events(state):
            if "brisque" in why:
                rows["brisques"][seat] += pts
            elif why == "last trick":
                rows["last trick"][seat] += pts
            elif "seven" in why:
                rows["the seven of trumps"][seat] += pts
            else:
                rows["declarations"][seat] += pts
        totals = [sum(rows[k][s] for k in kinds) for s in seats.order()]
        result = []
        sides = getattr(state, "sides", None)
        if sides is not None and len(set(sides)) < len(sides):  # partners' points combine
            result.append("sides: " + "; ".join(
                " & ".join(seats.label(s) for s in seats.order() if sides[s] == side)
                + f" {sum(totals[s] for s in seats.order() if sides[s] == side)}"
                for side in sorted(set(sides))))
        return Breakdown([(k, rows[k]) for k in kinds], totals, result)

    def rules(self, game: Game[Any]) -> str:
        from ..games.bezique import COMBINATIONS

        o: Any = game.options
        target = o.game_target
        pair = "Q♠ J♦"
        if o.bezique_pair != "QS_JD":
            pair = "Q♠ J♦ (Q♣ J♥ if spades or diamonds are trumps)"
        rows = [("Class A", "sequence: A 10 K Q J of trumps", 250),
                ("", "royal marriage: K Q of trumps", 40),
                ("", "marriage: K Q of a plain suit", 20),
                ("Class B", f"double bézique: twice {pair}", 500),
                ("", f"bézique: {pair}", 40),
                ("Class C", "four aces (any suits)", 100),
                ("", "four kings", 80), ("", "four queens", 60), ("", "four jacks", 40)]
        w = max(len(what) for _, what, _ in rows)
        table = "\n".join(f"  {k:<8} {what:<{w}} {v:>4}" for k, what, v in rows)
        names = ", ".join(_words(n) for n in sorted(
            COMBINATIONS, key=lambda n: (COMBINATIONS[n].klass, -COMBINATIONS[n].value)))
        extra = self.options_note(game)
        text = BEZIQUE_RULES.format(target=target, half=target // 2, table=table)
        return text + "\n" + "\n".join(wrap("The combinations by name: " + names + ".")) + extra



def _high_first(entry: tuple[Card, bool]) -> tuple[int, int]:
    """Cards of a combination as a player names them: high to low (K♣ Q♣, Q♠ J♦)."""
    return (-rank_strength(entry[0]), int(entry[0]) >> 4)


def _words(name: str) -> str:
    """``royal-marriage`` as the screen writes it: ``royal marriage`` (typed back either
    way)."""
    return name.replace("-", " ")


def _declared(text: str) -> str:
    """``four-kings KD KD KH KH (carried)`` in words: ``four kings K♦ K♦ K♥ K♥``."""
    name, _, rest = text.partition(" ")
    cards = [Card.parse(t) for t in rest.replace("(carried)", "").split()]
    ordered = " ".join(show(c) for c in sorted(cards, key=lambda c: _high_first((c, False))))
    return f"{_words(name)} {ordered}"




BEZIQUE_RULES = """\
BÉZIQUE, two hands (after Foster's Complete Hoyle) — in brief

Cards: 64 (two packs of A 10 K Q J 9 8 7); in play and cutting A is highest, then 10, K,
Q, J, 9, 8, 7. Eight cards each; the next card turned up makes trumps (a seven turned up
scores the dealer 10); the rest is the stock.

While the stock lasts (tricks 1-24) the non-dealer leads first and you need not follow
suit or trump. The higher card of the suit led wins, a trump beats any plain card, any
other card loses; of two identical cards the one led wins. The winner of a trick may then
make ONE declaration, or exchange the seven of trumps for the turn-up (10), and draws
first; the loser draws next. The last stock card goes to the trick's winner, the turn-up
to the loser.

Declarations are laid face up on your table. Those cards still belong to your hand: you
may play them (typed with a star, Q♠*), but not take them back until the stock is gone.
{table}
Every declaration needs at least one new card from your hand; a card already used in a
class cannot serve again there for the same or a lower value, though it may be added to
a higher one (a royal marriage grows into the sequence after another trick). When one
placing makes several combinations, one is scored now and the rest are announced "to
score", one per trick you win later, lost if one of their cards is played or the stock
runs out first.

Brisques: each ace and ten in a trick you win scores 10 at once. The last trick scores 10.

The last eight tricks: the table cards go back to the hands; you must follow suit and win
the trick if you can, by a higher card of the suit or, when void, by a trump.

Game: {target}, decided after the deal in which it is reached (the higher total wins); a
loser under {half} loses a double game.

Typing: the number of a choice, or the action as the screen writes it: Q♠ or QS (play the
queen of spades from your hand), Q♠* (the one on your table), bezique Q♠ J♦, royal
marriage K♥ Q♥ (cards already on your table with a star: marriage K♥* Q♥), several at
once joined by +, score marriage K♥ Q♥ (a combination carried to score), exchange, draw."""


# -- Three- and four-handed Bézique -------------------------------------------------------

class MultiBeziqueView(BeziqueView):
    """Three-handed and four-handed (partnership) Bézique
    (``bezique.games.bezique.multi``): the two-handed view at a table of three or four,
    partners named, each side's total, and the partner asked to declare."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (MultiBezique,)
    title = "Three-handed Bézique"

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        lines = super().seat_lines(state, obs, seats, match)
        mine = o.sides[seats.human]
        partners = partnership(o.sides)
        for seat, line in zip(seats.order(), lines, strict=True):
            if seat != seats.human and o.sides[seat] == mine:
                line.name = line.name.replace(" (dealer)", "", 1).replace(
                    seats.label(seat), f"{seats.label(seat)} (partner"
                    + (", dealer)" if seat == o.dealer else ")"), 1)
            if partners:  # the match is the side's: on the side's line, not his
                line.cells = [c for c in line.cells if not c.startswith("match ")]
            if seat == o.to_move and seat != seats.human:
                line.cells.append("to play")
        return lines

    def side_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[str]:
        o: Any = obs
        if not partnership(o.sides):
            return []
        return [side_line(o.sides, side, seats, [
            f"deal {o.side_points[side]}",
            f"match {match_total(match, o.sides.index(side))}"])
            for side in sorted(set(o.sides))]

    def notes(self, state: State, obs: Observation, seats: Seats) -> list[str]:
        o: Any = obs
        lines = []
        if o.trick:
            n = len(seats.names)
            lines.append("This trick: " + plays_text(
                [((o.trick_leader + k) % n, card) for k, card in enumerate(o.trick)], seats))
        return lines + self.last_trick(state, seats)

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if o.phase == "asked":
            return "Your partner asks whether you have anything to declare"
        if o.phase == "partner":  # EW 129: he may declare unasked after his partner's trick
            return ("Your partner won the trick and draws without declaring: declare now,"
                    " or nothing")
        if o.phase == "follow":
            lead = o.trick_leader
            text = f"{seats.label(lead)} led {show(o.trick[0])}: your card"
            return text + (" (follow suit and win if you can)" if self.stock_over(o) else "")
        text = super().situation(state, obs, seats)
        if any(isinstance(a, AskPartner) for a in state.legal_actions()):
            text = (text.replace(" or draw", ", ask your partner or draw") if " or draw" in text
                    else text.replace(": draw", ": ask your partner or draw"))
        return text

    def label(self, state: State, action: Action) -> str:
        kind = type(action)
        if kind is AskPartner:
            return "ask your partner to declare"
        if kind is NothingToDeclare:
            return "nothing (nothing to declare)"
        return super().label(state, action)

    def automatic(self, state: State, actions: Sequence[Action]) -> str | None:
        if len(actions) == 1 and isinstance(actions[0], NothingToDeclare):
            if state.observation(state.current_player()).phase == "partner":  # type: ignore[attr-defined]
                return "Your partner won the trick; you have nothing to declare."
            return "Your partner asks; you have nothing to declare."
        return super().automatic(state, actions)

    def rules(self, game: Game[Any]) -> str:
        """Three- and four-handed Bézique in brief (Enquire Within 128 and 129, the rest
        as two-handed): the packs and the meld table of this match's options."""
        o: Any = game.options
        g: Any = game
        n = int(g.num_players)
        words = {"sequence": "A 10 K Q J of trumps", "royal-marriage": "K Q of trumps",
                 "marriage": "K Q of a plain suit", "bezique": "Q♠ J♦",
                 "double-bezique": "twice Q♠ J♦", "triple-bezique": "three times Q♠ J♦",
                 "quadruple-bezique": "four times Q♠ J♦", "four-aces": "any suits"}
        rows: list[tuple[str, str, int]] = []
        for klass, label in ((0, "Class A"), (1, "Class B"), (2, "Class C")):
            combos = sorted((c for c in g.table.combos.values() if c.klass == klass),
                            key=lambda c: -c.value)
            for i, c in enumerate(combos):
                what = c.words + (f": {words[c.name]}" if c.name in words else "")
                rows.append((label if i == 0 else "", what, c.value))
        w = max(len(what) for _, what, _ in rows)
        table = "\n".join(f"  {k:<8} {what:<{w}} {v:>4}" for k, what, v in rows)
        if n == 3:
            cards = (f"{len(g.pack)} (two packs less the Eight of clubs)"
                     if len(g.pack) % 32 else f"{len(g.pack)} ({len(g.pack) // 32} packs)")
            form = "Each plays for himself."
        else:
            cards = f"{len(g.pack)} ({len(g.pack) // 32} packs)"
            form = FOUR_BEZIQUE_PARTNERS
        target = o.game_target
        text = MULTI_BEZIQUE_RULES.format(
            title=game.title.upper(), players=n, cards=cards, form=form, table=table,
            turn=_ordinal(n * 8 + 1), stock=g.stock_tricks, target=target,
            double=(f"; when every loser is under {target // 2}, it is a double game"
                    if o.double_game_under_half else ""),
            asking=" ask, nothing," if n == 4 else "")
        return text + self.options_note(game)


MULTI_BEZIQUE_RULES = """\
{title}, {players} players (after Enquire Within upon Everything) — in brief

Everything is as in two-handed Bézique but for what follows. Cards: {cards}, ranking A 10
K Q J 9 8 7. Eight cards each, dealt three, two, three from the dealer's left; the
{turn} card turned up makes trumps. {form}

Play passes to the left, the player on the dealer's left leading first. While the stock
lasts ({stock} tricks) you need not follow suit: the highest trump wins the trick, else
the highest card of the suit led; of identical cards the first played wins. The winner
may make ONE declaration (or exchange the seven of trumps for the turn-up, 10), then
each draws, the winner first and on to his left; the last to draw takes the turn-up.

Declarations are laid face up on your own table (play them with a star, Q♠*):
{table}
Brisques: each ace and ten in a trick you win scores 10 at once; the last trick 10.

The last eight tricks: the table cards go back to the hands; you must follow suit and
head the trick if you can; void, you must trump, over-trumping if you can.

Game: {target}, decided after the deal in which it is reached{double}.

Typing: the number of a choice, or the action as the screen writes it: Q♠ or QS, Q♠*
(the card on your table), bezique Q♠ J♦, royal marriage K♥ Q♥, score marriage K♥ Q♥,
exchange,{asking} draw."""


def _ordinal(n: int) -> str:
    """``25th``, ``33rd``."""
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


FOUR_BEZIQUE_PARTNERS = """\
Partners sit opposite and do not see each other's hands; each declares from his own
hand and table, and the side's points are added together. When your partner wins a
trick and draws without declaring, you may declare instead (Enquire Within 129); after
winning a trick you may also ask your partner whether he has anything to declare: he
declares, or says nothing and you choose again."""


# -- Rubicon and Chinese Bézique ---------------------------------------------------------

class RubiconView(BeziqueView):
    """Rubicon Bézique and Chinese Bézique (``bezique.games.bezique.rubicon``): the
    two-handed view, without a turn-up, with trumps made by the first marriage, carte
    blanche, and each deal settled as a game."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (Rubicon,)
    title = "Rubicon Bézique"

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        head = [f"Deal {len(match.deals)}",
                self.trick_heading(o, match, after_trick="declare", tricks=o.tricks_total),
                trump_text(o.trump)]
        if o.stock_size:
            head.append(f"stock {o.stock_size}")
        else:
            last = o.tricks_total - self.stock_tricks(state.game)
            head.append(f"the last {_NUMBER_WORDS.get(last, str(last))} tricks")
        return head

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        lines = super().seat_lines(state, obs, seats, match)
        for seat, line in zip(seats.order(), lines, strict=True):
            line.cells.insert(1, f"brisques {o.brisques[seat]}")
            if o.carte_blanche[seat]:
                line.notes.append("showed carte blanche")
        return lines

    def label(self, state: State, action: Action) -> str:
        if isinstance(action, CarteBlanche):
            return "carte blanche (show a hand without King, Queen or Jack: 50)"
        return super().label(state, action)

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        if any(isinstance(a, CarteBlanche) for a in state.legal_actions()):
            o: Any = obs
            if o.phase == "lead":
                return "Your lead, or show carte blanche"
        return super().situation(state, obs, seats)

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """Declarations, carte blanche and the last trick as the deal scored them, the
        brisques as the settlement counts them, and what the deal gave (each deal of
        Rubicon is a game: Rubicon Bézique, Scoring)."""
        kinds = ["declarations", "carte blanche", "last trick"]
        rows = {k: [0] * len(seats.names) for k in kinds}
        for seat, pts, why in _score_events(state):
            key = "last trick" if why == "last trick" else \
                "carte blanche" if "carte" in why.lower() else "declarations"
            rows[key][seat] += pts
        o: Any = state.public_observation()  # the brisques won are public
        result = state.returns()
        told = ["brisques won " + ", ".join(f"{seats.label(s)} {o.brisques[s]}"
                                            for s in seats.order()),
                "the deal settled as a game, in hundreds: " + ", ".join(
                    f"{seats.label(s)} {result[s]:+d}" for s in seats.order())]
        return Breakdown([(k, rows[k]) for k in kinds], list(state.scores()), told)

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        extra = self.options_note(game)
        hand = int(getattr(game, "hand_size", 9))
        return RUBICON_RULES.format(title=game.title.upper(), packs=o.packs,
                                    cards=32 * o.packs, hand=hand) + extra


RUBICON_RULES = """\
{title}, two hands (after Foster's Complete Hoyle) — in brief

Cards: {cards} ({packs} piquet packs), ranking A 10 K Q J 9 8 7; {hand} cards each, no
card turned up. There are no trumps until the first marriage (or a sequence) declared:
its suit is trumps for the deal.

Play and declaring as in two-handed Bézique: the winner of a trick may declare, then
draws first. Carte blanche (a hand without King, Queen or Jack) may be shown for 50
before the first trick. Combinations of several béziques score more (double 500, triple
1500, quadruple 4500); a combination scored may be re-formed with a new card and scored
again. When the stock is gone, follow suit and win the trick if you can; the last trick
scores 50.

Each deal is a game: the totals are dropped to the hundred and the winner scores the
difference and 500 for the game; a loser under 1000 is rubiconed: the winner scores both
totals, 1000 for the game and 300 for the brisques. Brisques are counted only when they
could change the result.

Typing: the number of a choice, or the action as the screen writes it: Q♠ or QS, Q♠*
(the card on your table), bezique Q♠ J♦, royal marriage K♥ Q♥, carte blanche, draw."""


# -- Sixty-Six ----------------------------------------------------------------------------



# -- Chouette Bézique ------------------------------------------------------------------

class ChouetteView(RubiconView):
    """Chouette Bézique (``bezique.games.bezique.chouette``): each game is drawn as the
    Rubicon deal it is, the human's side's hand as his (his own, or the hand he consults
    on and decides for), the seats named as at the table, with who is the box, who
    holds the cards and who consults."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (Chouette,)
    title = "Chouette Bézique"
    #: Foster's word for each deal of Chouette, played as a game of Rubicon
    deal_word: ClassVar[str] = "game"

    def __init__(self, *, show_counts: bool = True) -> None:
        super().__init__(show_counts=show_counts)
        self._table_seats: Seats | None = None

    def table(self, state: State, seats: Seats) -> tuple[State, Seats]:
        self._table_seats = seats
        st: Any = state
        # a spectator (seat -1) holds neither hand: both named from the table
        mine = st.hand_index(seats.human) if seats.human >= 0 else SPECTATOR
        names = tuple(seats.names[seats.human] if j == mine else seats.label(st.players[j])
                      for j in (0, 1))
        return st.duel, Seats(mine, names, at_table=tuple(st.players))

    def _roles(self, match: Match, seats: Seats) -> list[list[str]]:
        """Under each hand drawn: whether it is the box's, whose cards the human decides
        for, and who consults on it."""
        st: Any = match.state
        outer = self._table_seats or seats
        out: list[list[str]] = []
        for j in (0, 1):
            seat = st.players[j]
            notes = []
            if seat == st.game.box:
                notes.append("the box" + (": you take every bet" if seat == outer.human
                                          else ", taking every bet"))
            others = [outer.label(p) for p in st.partners(seat) if p != outer.human]
            if j == seats.human and seat != outer.human:
                notes.append(f"{outer.label(seat)}'s cards: you consult and decide for your"
                             " side")
                if others:
                    notes.append("also consulting: " + ", ".join(others))
            elif others:
                notes.append("consulting: " + ", ".join(others))
            out.append(notes)
        return out

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        lines = super().seat_lines(state, obs, seats, match)
        for line, notes in zip(lines, self._roles(match, seats), strict=True):
            line.notes[:0] = notes
        return lines

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        head = super().heading(state, obs, seats, match)
        head[0] = f"Game {len(match.deals)}"
        return head

    def opening(self, game: Game[Any], seats: Seats, player: str) -> str:
        """Who is the box and who consults (or the partners), not "you against 3"."""
        g: Any = game
        others = len(seats.names) - 1
        if g.box < 0:
            mate = next(s for s in seats.order()
                        if s != seats.human and g.sides[s] == g.sides[seats.human])
            them = [seats.label(s) for s in seats.order() if g.sides[s] != g.sides[seats.human]]
            return (f"{game.title}: you and {seats.label(mate)}, partners consulting, against"
                    f" {' and '.join(them)} ({player} player).")
        if g.box == seats.human:
            return (f"{game.title}: you are the box, against {others} computer players"
                    f" ({player} player), one at a time, the others consulting with him.")
        mates = others - 1
        return (f"{game.title}: {seats.label(g.box)} is the box; you and {mates} computer"
                f" player{'s' if mates != 1 else ''} ({player} player) are his adversaries,"
                " playing him one at a time while the others consult: you see your side's"
                " hand and decide for it.")

    def banner(self, match: Match, seats: Seats) -> str:
        st: Any = match.state
        lead, dealer = st.players
        if st.game.box >= 0:
            text = seats.says(dealer, "deal", "and ") + (
                "play" if dealer == seats.human else "plays") + " the box, " + (
                "you" if lead == seats.human else seats.label(lead))
        else:
            text = seats.says(dealer, "deal", "and ") + (
                "you lead" if lead == seats.human else seats.says(lead, "lead"))
        return f"=== Game {len(match.deals)}: {text} ==="

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        duel = getattr(game, "duel_game", game)
        form = CHOUETTE_PARTNERS if o.form == "partners" else CHOUETTE_FORM
        return (CHOUETTE_RULES.format(players=game.num_players, form=form)
                + "\n\n" + super().rules(duel))


CHOUETTE_RULES = """\
CHOUETTE BÉZIQUE, {players} players (after Foster's Complete Hoyle) — in brief

{form}

Each game is a deal of two-handed Rubicon Bézique, settled as Rubicon settles it; its
value in hundreds is the stake. Those who consult see the hand they consult on; when it
is your side's turn you decide for it."""

CHOUETTE_FORM = """\
One player, the box, takes every bet: each game he plays one adversary (the captain),
and the other adversaries consult with the captain. A game the box wins gives him its
value from each adversary; one he loses, he pays each. When the box wins, the next
adversary takes the captain's place; when he loses, the same captain plays him again.
The round is over when the captaincy has gone round to the first captain again."""

CHOUETTE_PARTNERS = """\
Two against two, partners opposite, each consulting his partner and sharing his bets:
the dealer and the player on his left play each game, and the deal passes to the left;
four games make a round."""


# -- three- and four-handed Sixty-Six ---------------------------------------------------

