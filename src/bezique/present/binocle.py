"""How the Binocle games read on screen: two-handed (and 64-card), three- and
four-handed, and Auction Binocle."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.cards import Card
from ..core.events import Event, Names, Scored, TrickWon
from ..core.game import Action, Game, Observation, State
from ..core.match import Match
from ..core.trick import PlayCard
from ..games.bezique.two_handed import Exchange
from ..games.binocle.auction import AuctionBinocle, Bid, Discard, NameTrump, Pass
from ..games.binocle.multi import Lay, MultiBinocle
from ..games.binocle.two_handed import Binocle, Knock
from .base import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Breakdown,
    GameView,
    SeatLine,
    Seats,
    _score_events,
    deal_banner,
    deal_tricks,
    hand_text,
    match_total,
    own_points,
    partnership,
    rank_strength,
    show,
    show_cards,
    side_line,
    symbols_in_use,
    trump_text,
)
from .bezique import BeziqueView, _words

#: Binocle, Scoring (BN 17): looking back beyond the last trick costs the score for cards
BINOCLE_LOOK_BACK = (
    "in Binocle a player who goes back beyond the last trick turned and quitted forfeits"
    " his whole score for cards (Foster, Binocle, Scoring; BN 17).")


class BinocleStory(GameView):
    """What every form of Binocle tells alike: the cards counted after the last trick
    ("counts 120 in cards"), and a trick's count of cards when the counts are shown."""

    def tell(self, event: Event, names: Names) -> str:
        if isinstance(event, Scored) and event.reason == "cards":
            return names.says(event.seat, "count", f"{event.points} in cards") + "."
        return super().tell(event, names)

    def trick_extra(self, trick: TrickWon) -> list[str]:
        from ..games.binocle.melds import CARD_POINTS
        won = sum(CARD_POINTS[int(c)] for c in trick.cards)
        return [f"{won} in cards"] if won and self.show_counts else []


class BinocleView(BinocleStory, BeziqueView):
    """Two-handed Binocle (``bezique.games.binocle``): Bézique's table with Binocle's
    melds, the dix of the Nine, the knock, and the cards counted after the last trick.
    The count of the cards in your tricks is the player's to keep in his head (Binocle,
    Scoring): shown only with ``--show-counts``."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (Binocle,)
    title = "Binocle"
    look_back: ClassVar[str] = "last"
    look_back_rule: ClassVar[str] = BINOCLE_LOOK_BACK

    def __init__(self, *, show_counts: bool = False) -> None:
        super().__init__(show_counts=show_counts)

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        return super().heading(state, obs, seats, match) + [f"game {o.target}"]

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        lines = super().seat_lines(state, obs, seats, match)
        if self.show_counts:
            s: Any = state
            for seat, line in zip(seats.order(), lines, strict=True):
                if seat == seats.human and hasattr(s, "cards_won"):
                    line.cells.insert(1, f"cards won {s.cards_won(seat)}")
        return lines

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        text = super().situation(state, obs, seats).replace("exchange the seven",
                                                            "score dix")
        if any(isinstance(a, Knock) for a in state.legal_actions()):
            text += " (or knock, if your score and your count reach the game)"
        return text

    def label(self, state: State, action: Action) -> str:
        kind = type(action)
        if kind is Exchange:
            return "exchange (dix: the nine of trumps for the turn-up, 10)"
        if kind is Knock:
            o: Any = state.observation(state.current_player())
            return (f"knock (claim the game: your {o.standing[o.seat] + o.points[o.seat]}"
                    f" and your count of cards reach {o.target}; wrong, you lose)")
        return super().label(state, action)

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """Melds, dix, the last trick and the cards, per seat (Binocle, Objects)."""
        kinds = ["melds", "dix", "last trick", "cards"]
        rows = {k: [0] * len(seats.names) for k in kinds}
        for seat, pts, why in _score_events(state):
            key = why if why in ("last trick", "cards") else \
                "dix" if why.startswith("dix") else "melds"
            rows[key][seat] += pts
        totals = [sum(rows[k][s] for k in kinds) for s in seats.order()]
        return Breakdown([(k, rows[k]) for k in kinds], totals, [])

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        grand = ["", "grand binocle: K♠ Q♠ J♦ (whatever the trump)", 80] \
            if o.grand_binocle else None
        rows: list[Any] = [
            ["Class a", "sequence: A 10 K Q J of trumps", 150],
            ["", "royal marriage: K Q of trumps", 40],
            ["", "marriage: K Q of a plain suit", 20],
            ["Class b", "double binocle: Q♠ Q♠ J♦ J♦", 80], *([grand] if grand else []),
            ["", "binocle: Q♠ J♦", 40],
            ["Class c", "eight aces / kings / queens / jacks", "200/160/120/80"],
            ["", "four aces / kings / queens / jacks (four suits)", "100/80/60/40"]]
        w = max(len(r[1]) for r in rows)
        table = "\n".join(f"  {k:<8} {what:<{w}} {v:>4}" for k, what, v in rows)
        pack = ("48 (two packs of A 10 K Q J 9)" if o.pack == 48 else
                "64 (two packs of A 10 K Q J 9 8 7; the seven is the dix)")
        extra = self.options_note(game)
        return BINOCLE_RULES.format(pack=pack, table=table) + extra


BINOCLE_RULES = """\
BINOCLE, two hands (after Foster's Complete Hoyle) — in brief

Cards: {pack}; A is highest, then 10, K, Q, J, 9. Twelve cards each, dealt by fours;
the next card turned up makes trumps (a nine turned up: the dealer scores 10, dix).

While the stock lasts the non-dealer leads first and you need not follow suit. The
higher card of the suit led wins, a trump beats any plain card; of two identical cards
the one led wins. The winner of a trick may make ONE meld, or exchange the nine of
trumps for the turn-up (dix, 10), and then both draw, the winner first.

Melds are laid face up and still belong to your hand (play them with a star, Q♠*).
{table}
Every meld needs a fresh card from your hand: four kings and four queens make 220, not
240. Cards may be added to a meld to make a higher one of its class (the royal marriage
grows into the sequence), never taken away from one (no marriage out of the sequence).

The last twelve tricks: the table cards go back to the hands; you must follow suit and
win the trick if you can. The last trick scores 10. Then each counts the cards in his
tricks: ace 11, ten 10, king 4, queen 3, jack 2 (240 in all).

Game 1000. Keep the count of your cards in your head: when your score and your count
reach the game, knock; right, you win at once; wrong, you lose. If nobody knocks and
both pass 1000 at the end of a deal, the game goes on to 1250, then 1500."""



class _DuelMatch:
    """The match as a two-handed deal played inside it sees it: the table's deals and
    score sheet, the two-handed game's pack and hands (for the trick count and the
    stock in the heading)."""

    def __init__(self, match: Match, game: Game[Any]) -> None:
        self._match = match
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._match, name)


def _lay_words(notation: str) -> str:
    """``marriage KC QC + binocle QS JD*`` as the screen writes melds: ``marriage K♣ Q♣
    + binocle Q♠ J♦*``."""
    parts = []
    for chunk in notation.split(" + "):
        name, *cards = chunk.split()
        shown = " ".join(show(Card.parse(c.rstrip("*"))) + ("*" if c.endswith("*") else "")
                         for c in cards)
        parts.append(f"{_words(name)} {shown}".strip())
    return " + ".join(parts)


class MultiBinocleView(BinocleStory):
    """Three-handed and four-handed Binocle (``bezique.games.binocle.multi``): every card
    dealt, the turn-up and the dix, the melds laid all at once (at three before the first
    lead, at four just after one's card to the first trick) and announced until their
    layer wins a trick, the tricks followed and won, the claim. Partners (four-handed,
    ``mode=partners``) are named and their sides' totals shown.

    After a wrong claim at three the other two play on as two-handed Binocle with a stock
    (:class:`~bezique.games.binocle.multi.ContinuationState`): :meth:`table` draws that
    deal as :class:`BinocleView` draws two-handed Binocle, in its words, as
    :class:`ChouetteView` draws its game. A player who has retired sits out those deals
    and is shown only how each ends (he sees no hand, and the deal's play is told in the
    two-handed log he does not sit at).

    The count of the cards in each seat's tricks is the player's to keep in his head
    (Three-handed Binocle, Scoring, as two-handed): shown only with ``--show-counts``."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (MultiBinocle,)
    title = "Three-handed Binocle"
    look_back: ClassVar[str] = "last"
    look_back_rule: ClassVar[str] = BINOCLE_LOOK_BACK

    def told_with_trick(self, trick: TrickWon, event: Event) -> bool:
        """The melds a trick won scores for its winner (laid before, scored now), and
        the last trick, are told with it."""
        return isinstance(event, Scored) and event.seat == trick.seat and \
            event.reason != "cards"

    def __init__(self, *, show_counts: bool = False) -> None:
        super().__init__(show_counts=show_counts)
        self._duel = False  # drawing a two-handed continuation deal

    # -- the two-handed continuation -------------------------------------------------

    def _two(self) -> BinocleView:
        """The two-handed view, counting as this one does."""
        return BinocleView(show_counts=self.show_counts)

    @staticmethod
    def _is_duel(state: State) -> bool:
        from ..games.binocle.two_handed import BinocleState
        return isinstance(state, BinocleState)

    def table(self, state: State, seats: Seats) -> tuple[State, Seats]:
        """A continuation deal is drawn as the two-handed deal it is, the human's hand as
        his and the other named as at the table; to a player who retired (he holds no
        hand) the table's own state is given, of which he sees only the end."""
        from ..games.binocle.multi import ContinuationState

        if not isinstance(state, ContinuationState) or seats.human not in state.seats:
            self._duel = False
            return state, seats
        self._duel = True
        mine = state.seats.index(seats.human)
        names = tuple(seats.names[seats.human] if j == mine else seats.label(state.seats[j])
                      for j in (0, 1))
        return state.duel, Seats(mine, names, at_table=state.seats)

    # -- the table -----------------------------------------------------------------------

    def tricks_in_deal(self, game: Game[Any]) -> int:
        return int(getattr(game, "hand_size", deal_tricks(game)))

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        if self._is_duel(state):
            duel_match: Any = _DuelMatch(match, state.game)
            return ["two-handed"] + self._two().heading(state, obs, seats, duel_match)
        o: Any = obs
        head = [f"Deal {len(match.deals)}", self._trick_text(o, match),
                trump_text(o.trump)]
        if o.turn_up is not None and o.tricks_played == 0:  # as it lies in the hands
            head.append(f"turn-up {show(o.turn_up)}")
        targets = set(o.targets)
        head.append("game " + "/".join(str(t) for t in sorted(targets)))
        return head

    def _trick_text(self, o: Any, match: Match) -> str:
        tricks = self.tricks_in_deal(match.game)
        if o.phase == "meld" and o.tricks_played == 0 and not o.trick:
            return f"melds laid before trick 1 of {tricks}"
        return f"trick {min(o.tricks_played + 1, tricks)} of {tricks}"

    @staticmethod
    def _cards_won(o: Any, seat: int) -> int:
        from ..games.binocle.melds import CARD_POINTS
        return sum(CARD_POINTS[int(c)] for c in o.won[seat])

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        if self._is_duel(state):
            duel_match: Any = _DuelMatch(match, state.game)
            return self._two().seat_lines(state, obs, seats, duel_match)
        o: Any = obs
        mine = o.sides[seats.human]
        partners = len(set(o.sides)) < len(o.sides)
        out = []
        for seat in seats.order():
            name = seats.label(seat)
            partner = partners and seat != seats.human and o.sides[seat] == mine
            roles = (["partner"] if partner else []) + (["dealer"] if seat == o.dealer else [])
            if roles:  # the name column is as wide as the longest name with its roles
                name += f" ({', '.join(roles)})"
            # partners: his own points here, the side's (and its match) on its line
            cells = ([f"deal {own_points(state, seat)}"] if partners else
                     [f"deal {o.points[seat]}", f"match {match_total(match, seat)}"])
            if self.show_counts:
                cells.append(f"cards won {self._cards_won(o, seat)}")
            notes = []
            if seat == o.retired:
                notes.append("retired after a wrong claim: takes no more part")
            else:
                if seat != seats.human:
                    cells.append(f"hand {o.hand_sizes[seat]}")
                    if seat == o.to_move:
                        cells.append("to play")
                notes += self._meld_notes(o, seat, seats)
                if seat != seats.human:
                    if o.known_in_hand[seat]:
                        notes.append("known in hand: "
                                     + hand_text(o.known_in_hand[seat], o.trump))
                    if o.voids[seat] and o.tricks_played + len(o.trick) > 0:
                        notes.append("has shown no "
                                     + ", ".join(SUIT_NAMES[v] for v in o.voids[seat]))
            out.append(SeatLine(name, cells, notes, is_human=seat == seats.human))
        return out

    @staticmethod
    def _meld_notes(o: Any, seat: int, seats: Seats) -> list[str]:
        """What ``seat`` laid, and what he announced and has not yet scored."""
        notes = []
        laid = o.laid[seat]
        if laid is not None:
            notes.append("laid: " + (_lay_words(laid) if laid != "nothing" else "nothing"))
        if o.announced[seat] and not o.scored_melds[seat]:
            who = "you win" if seat == seats.human else "he wins"
            notes.append(f"announced {o.announced[seat]}, scored when {who} a trick")
        return notes

    def notes(self, state: State, obs: Observation, seats: Seats) -> list[str]:
        if self._is_duel(state):
            return self._two().notes(state, obs, seats)
        return super().notes(state, obs, seats)

    def side_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[str]:
        if self._is_duel(state):
            return []
        o: Any = obs
        if not partnership(o.sides):
            return []
        out = []
        for side in sorted(set(o.sides)):
            first = o.sides.index(side)  # each partner holds the side's points
            figures = [f"deal {o.points[first]}", f"match {match_total(match, first)}"]
            if self.show_counts:
                figures.append("cards won " + str(sum(
                    self._cards_won(o, s) for s in seats.order() if o.sides[s] == side)))
            out.append(side_line(o.sides, side, seats, figures))
        return out

    def hand_cards(self, obs: Observation) -> tuple[Sequence[int], Sequence[int]]:
        if self._duel:
            return self._two().hand_cards(obs)
        o: Any = obs
        return o.hand, ()

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        if self._is_duel(state):
            return self._two().situation(state, obs, seats)
        o: Any = obs
        knock = any(isinstance(a, Knock) for a in state.legal_actions())
        if o.phase == "meld":
            if o.trick:
                return (f"You played {show(o.trick[-1][1])} to the first trick: lay your"
                        " melds, all at once (that card still counts in them); they score"
                        " when you win a trick")
            return ("Lay your melds, all at once before the first lead: they score when"
                    " you win a trick; nothing can be laid later")
        if o.phase == "lead":
            text = "Your lead"
        else:
            lead, card = o.trick[0]
            text = (f"{seats.label(lead)} led {show(card)}: your card (follow suit and win"
                    " if you can; void, trump, over-trumping if you can)")
        if knock:
            text += "; or knock, if your score and your count of cards reach the game"
        return text

    # -- choices ---------------------------------------------------------------------

    def card_play(self, action: Action) -> tuple[Card, bool] | None:
        """The play of a card (``PlayCard``), or the two-handed continuation's own."""
        if isinstance(action, PlayCard):
            a: Any = action
            return Card(int(a.card)), False
        return super().card_play(action)

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        if self._is_duel(state):
            return self._two().order_actions(state, actions)
        rank: dict[type[Action], int] = {Lay: 0, Knock: 9}
        return sorted(actions, key=lambda a: (rank.get(type(a), 5),
                                              0 if getattr(a, "melds", ()) else 1))

    def label(self, state: State, action: Action) -> str:
        if self._is_duel(state):
            return self._two().label(state, action)
        kind = type(action)
        a: Any = action
        if kind is Lay:
            if not a.melds:
                return "lay nothing"
            game: Any = state.game
            total = sum(game.table.combos[m.name].value for m in a.melds)
            return f"{a.notation()[:4]}{_lay_words(a.notation()[4:])} ({total}, scored" \
                " when you win a trick)"
        if kind is Knock:
            o: Any = state.observation(state.current_player())
            me = o.seat
            return (f"knock (claim the game: your {o.standing[me] + o.points[me]} and your"
                    f" count of cards reach {o.targets[me]}; {self._wrong_claim(state)})")
        return action.notation()

    @staticmethod
    def _wrong_claim(state: State) -> str:
        """What a wrong claim costs in this game."""
        game: Any = state.game
        settle = getattr(game.options, "three_hand_settlement", "")
        if game.name == "binocle3" and getattr(state, "retired", -1) < 0:
            if settle == "ultimate_winner_takes_stakes":
                return "wrong, you retire and the other two play on"
            return "wrong, you retire, the game ends and the lowest score pays"
        return "wrong, you lose the game"

    # -- the story -------------------------------------------------------------------

    def _who_scores(self, seat: int, seats: Seats) -> str:
        return "when you win a trick" if seat == seats.human else "when he wins a trick"

    def drawn(self, cards: Sequence[int], seats: Seats) -> str:
        if self._duel:
            return self._two().drawn(cards, seats)
        return f"The widow's cards join your hand: {show_cards(cards)}."

    def banner(self, match: Match, seats: Seats) -> str:
        from ..games.binocle.multi import ContinuationState

        st = match.state
        if isinstance(st, ContinuationState):
            lead = st.players[0]
            leads = "you lead" if lead == seats.human else seats.says(lead, "lead")
            return (f"=== Deal {len(match.deals)}: two-handed Binocle with a stock, "
                    f"{seats.label(st.retired)} having retired: "
                    f"{seats.says(st.dealer, 'deal')}, {leads} ===")
        return deal_banner(match, seats)

    # -- the end of a deal ---------------------------------------------------------------

    KINDS: tuple[str, ...] = ("melds", "dix", "last trick", "cards")

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """Melds (claimed overlooked ones and combined partners' melds among them), dix,
        the last trick and the cards, per seat; the sides' totals for partners; how a
        claim ended the deal."""
        if self._is_duel(state):
            return self._two().breakdown(state, seats)
        n = len(seats.names)
        rows = {k: [0] * n for k in self.KINDS}
        st: Any = state
        for seat, pts, why in st.score_events():
            key = why if why in ("last trick", "cards", "dix") else "melds"
            rows[key][seat] += pts
        table = [(k, rows[k]) for k in self.KINDS]
        totals = [sum(rows[k][s] for k in self.KINDS) for s in seats.order()]
        return Breakdown(table, totals, self._deal_notes(state, seats, totals))

    def _deal_notes(self, state: State, seats: Seats, totals: list[int]) -> list[str]:
        st: Any = state
        notes = []
        sides = getattr(st, "sides", None)
        if sides is not None and len(set(sides)) < len(sides):
            notes.append("sides: " + "; ".join(
                " & ".join(seats.label(s) for s in seats.order() if sides[s] == side)
                + f" {sum(totals[s] for s in seats.order() if sides[s] == side)}"
                for side in sorted(set(sides))))
        knocker = getattr(st, "knocker", -1)
        retired = getattr(st, "retired", -1)
        if knocker >= 0:
            how = "counted out" if st.knock_right else "could not count out"
            notes.append(seats.says(knocker, "claim", f"the game and {how}").replace(
                "You claims", "You claim"))
        if retired >= 0:
            notes.append(f"{seats.label(retired)} retired: "
                         + ("your" if retired == seats.human else "his")
                         + " tricks are not counted")
        return notes

    # -- help ----------------------------------------------------------------------------

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        n = game.num_players
        extra = self.options_note(game)
        if n == 3:
            laying = THREE_LAYING
            wrong = (THREE_WRONG_PLAY_ON if o.three_hand_settlement
                     == "ultimate_winner_takes_stakes" else THREE_WRONG_LOWEST)
            form = ""
        else:
            laying = FOUR_LAYING
            wrong = "A wrong claim loses the game at once."
            form = (" Partners sit opposite: " + PARTNER_SCORING_WORDS[
                o.partnership_meld_scoring] if o.mode == "partners" else
                " Each plays for himself.")
        return MULTI_BINOCLE_RULES.format(
            title=game.title.upper(), players=n, hand=48 // n, form=form,
            laying=laying, wrong=wrong, melds=binocle_meld_table(game)) + extra


def binocle_meld_table(game: Game[Any]) -> str:
    """Binocle's melds as the rules summary lists them (grand binocle if played)."""
    grand = bool(getattr(game.options, "grand_binocle", True))
    rows: list[tuple[str, str, str]] = [
        ("Class a", "sequence: A 10 K Q J of trumps", "150"),
        ("", "royal marriage: K Q of trumps", "40"),
        ("", "marriage: K Q of a plain suit", "20"),
        ("Class b", "double binocle: Q♠ Q♠ J♦ J♦", "80"),
        *([("", "grand binocle: K♠ Q♠ J♦ (whatever the trump)", "80")] if grand else []),
        ("", "binocle: Q♠ J♦", "40"),
        ("Class c", "eight aces / kings / queens / jacks", "200/160/120/80"),
        ("", "four aces / kings / queens / jacks (four suits)", "100/80/60/40")]
    w = max(len(r[1]) for r in rows)
    return "\n".join(f"  {k:<8} {what:<{w}} {v:>4}" for k, what, v in rows)


PARTNER_SCORING_WORDS = {
    "own_trick_own_melds": "each scores his own melds when he wins a trick himself.",
    "either_partner_scores_both": "a trick won by either partner scores both partners'"
                                  " melds.",
    "combined_melds": "a trick won by either partner scores the best melds of both"
                      " partners' laid cards put together."}

THREE_LAYING = """\
Before the first lead each lays down, from the dealer's left, all the melds he will
make (lay ..., or lay nothing): nothing can be laid later."""

FOUR_LAYING = """\
Each lays down all his melds just after playing his card to the first trick (that card
still counts in them): nothing can be laid later."""

THREE_WRONG_PLAY_ON = """\
A wrong claim retires the claimant: the other two finish the deal and, if neither has
won, play on as two-handed Binocle with a stock until one does."""

THREE_WRONG_LOWEST = """\
A wrong claim retires the claimant and ends the game: the highest of the other two
wins, the lowest score pays."""

MULTI_BINOCLE_RULES = """\
{title}, {players} players (after Foster's Complete Hoyle) — in brief

Cards: 48 (two packs of A 10 K Q J 9), ranking A 10 K Q J 9. All are dealt by fours,
{hand} each; the last card, the dealer's, is turned for trumps. A nine of trumps shown is
dix, 10; the first player but the dealer to show one takes the turn-up for it.{form}

{laying} Each meld needs a fresh card; cards may be added to a meld to make a higher one
of its class, never taken from one (four kings and four queens: 220). What you lay is
announced: it scores, with your dix, when you win a trick, and is lost if you win none.
{melds}

The eldest hand leads; you must follow suit and win the trick if you can; void, you must
trump, over-trumping if you can (under-trumping if not). The last trick scores 10; after
it each counts the cards in his tricks: ace 11, ten 10, king 4, queen 3, jack 2.

Game 1000. Keep the count of your cards in your head: when your score and your count
reach the game, knock on your turn; right, you win at once. {wrong} Two past 1000
together without a claim go on to 1250 (and so on).

Typing: the number of a choice, or the action as the screen writes it: Q♠ or QS, lay
marriage K♥ Q♥ + binocle Q♠ J♦ (a card already laid in an earlier meld of the laying
with a star: K♥*), lay nothing, knock."""


class AuctionBinocleView(MultiBinocleView):
    """Auction Binocle (``bezique.games.binocle.auction``): the three- and four-handed
    table with the bidding (the high bid and its bidder in the heading, each bid told),
    the widow turned up, taken and discarded into (the bidder's own cards face down,
    told only as a count; he chooses them as numbered cards of his hand), the trump
    named, and the bidder made or set back at the end. There is no claim: the game is so
    many deals."""

    games: ClassVar[tuple[type[Game[Any]], ...]] = (AuctionBinocle,)
    title = "Auction Binocle"
    #: bids listed one by one above the lowest allowed (any other bid in tens is typed)
    LISTED_BIDS = 10

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        deals = int(getattr(match.game.options, "deals", 6))
        head = [f"Deal {len(match.deals)} of {max(deals, len(match.deals))}"]
        if o.phase in ("meld", "lead", "follow", "over"):
            head.append(self._trick_text(o, match))
        head.append(trump_text(o.trump).replace("no trumps yet", "no trump yet"))
        if o.bidder >= 0:
            head.append(f"high bid {o.high} ({seats.label(o.bidder)})".replace(
                "(You)", "(yours)"))
        else:
            head.append("no bid yet")
        if o.widow is not None and o.tricks_played == 0 and not o.trick:
            head.append(f"widow {show_cards(sorted(o.widow, key=lambda c: -rank_strength(c)))}")
        elif o.stock_size:
            head.append(f"widow of {o.stock_size} face down")
        return head

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        lines = super().seat_lines(state, obs, seats, match)
        said: dict[int, list[str]] = {}
        for seat, bid in o.bids:
            said.setdefault(seat, []).append(bid)
        for seat, line in zip(seats.order(), lines, strict=True):
            if seat == o.bidder:  # the name column holds one note: the dealer's
                line.cells.append(f"bid {o.high}")
            if said.get(seat) and o.phase in ("bid", "discard", "trump"):
                line.notes.insert(0, "bids: " + ", ".join(said[seat]))
            if seat == o.bidder and o.discarded:
                mine = seat == seats.human
                put = f"{o.discarded} laid aside face down"
                if mine and o.discards:
                    put += f": {show_cards(sorted(o.discards, key=lambda c: -rank_strength(c)))}"
                elif o.widow_discards:
                    put += (", of the widow " + show_cards(o.widow_discards))
                line.notes.append(put + " (counted with the bidder's tricks)")
        return lines

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if o.phase == "bid":
            legal = state.legal_actions()
            if len(legal) == 1:
                return "All the others have passed: as dealer you must bid 20"
            top = (f"the high bid is {o.high} ({seats.label(o.bidder)})" if o.bidder >= 0
                   else "nobody has bid yet")
            return (f"Bid or pass: {top}; bids go up in tens (type any, e.g. bid "
                    f"{max(o.high + 50, 100)})")
        if o.phase == "discard":
            left = len(o.hand) - self.hand_size(state)
            return (f"Discard {left} more card{'s' if left > 1 else ''} face down (choose a"
                    " card's number): they count with your tricks")
        if o.phase == "trump":
            return "Name the trump"
        return super().situation(state, obs, seats)

    @staticmethod
    def hand_size(state: State) -> int:
        return int(getattr(state.game, "hand_size", 0))

    def card_play(self, action: Action) -> tuple[Card, bool] | None:
        """A card played, or a card discarded (chosen from the hand as a card is)."""
        if isinstance(action, Discard):
            a: Any = action
            return Card(int(a.card)), False
        return super().card_play(action)

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        """Pass first, then the bids: the next ones in tens, then the hundreds (any other
        bid is typed); the trumps in suit order; the layings as at three and four."""
        def points(a: Any) -> int:
            return int(a.points)

        bids: list[Action] = sorted((a for a in actions if isinstance(a, Bid)), key=points)
        if bids:
            low = points(bids[0])
            listed = [a for a in bids if points(a) < low + 10 * self.LISTED_BIDS
                      or points(a) % 100 == 0]
            passes: list[Action] = [a for a in actions if isinstance(a, Pass)]
            return passes + listed
        return super().order_actions(state, actions)

    def label(self, state: State, action: Action) -> str:
        kind = type(action)
        a: Any = action
        if kind is Bid:
            if len(state.legal_actions()) == 1:
                return f"bid {a.points} (the dealer's bid when all pass)"
            return f"bid {a.points}"
        if kind is Pass:
            return "pass"
        if kind is NameTrump:
            s = int(a.suit)
            return f"trump {SUIT_NAMES[s]} ({SUIT_SYMBOLS[s] if symbols_in_use() else ''})" \
                .replace(" ()", "")
        if kind is Discard:
            return f"discard {show(a.card)} (face down)"
        return super().label(state, action)

    def banner(self, match: Match, seats: Seats) -> str:
        first = match.state.current_player()
        bids = "you bid first" if first == seats.human else seats.says(first, "bid", "first")
        deals = int(getattr(match.game.options, "deals", 6))
        return (f"=== Deal {len(match.deals)} of {max(deals, len(match.deals))}: "
                f"{seats.says(match.dealer, 'deal')}, {bids} ===")

    KINDS: tuple[str, ...] = ("melds", "dix", "last trick", "cards", "set back")

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """As at three and four, the discards among the bidder's cards, and a bidder who
        did not make his bid set back: his side's deal counts minus the bid."""
        st: Any = state
        n = len(seats.names)
        rows = {k: [0] * n for k in self.KINDS}
        for seat, pts, why in st.score_events():
            key = why if why in ("last trick", "cards", "dix") else "melds"
            rows[key][seat] += pts
        notes: list[str] = []
        b = st.bidder
        if b >= 0:
            side = [p for p in range(n) if st.sides[p] == st.sides[b]]
            made = sum(rows[k][p] for k in self.KINDS for p in side)
            if st.made():
                notes.append(seats.says(b, "bid", f"{st.high} and made it ({made})")
                             .replace("You bids", "You bid"))
            else:
                rows["set back"][b] = -st.high - made
                notes.append(seats.says(b, "bid", f"{st.high} and made only {made}: set"
                                        f" back, the deal counts -{st.high}")
                             .replace("You bids", "You bid"))
        totals = [sum(rows[k][s] for k in self.KINDS) for s in seats.order()]
        return Breakdown([(k, rows[k]) for k in self.KINDS], totals,
                         self._deal_notes(state, seats, totals) + notes)

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        extra = self.options_note(game)
        n = game.num_players
        hand = int(getattr(game, "hand_size", 48 // n))
        if o.widow == "widow":
            widow = AUCTION_WIDOW.format(widow=n, hand=hand)
        else:
            widow = AUCTION_NO_WIDOW.format(hand=hand)
        form = (" Partners sit opposite: " + PARTNER_SCORING_WORDS[
            o.partnership_meld_scoring] + " The eldest hand leads first."
            if o.mode == "partners" else " Each plays for himself; the bidder leads first.")
        return AUCTION_RULES.format(players=n, widow=widow, form=form, deals=o.deals,
                                    melds=binocle_meld_table(game)) + extra


AUCTION_NO_WIDOW = """\
All 48 cards are dealt by fours, {hand} each; no card is turned. From the dealer's left
each bids once (in tens, each topping the last) or passes; if all pass, the dealer must
bid 20."""

AUCTION_WIDOW = """\
The cards are dealt by fours, {hand} each and a widow of {widow}. From the dealer's left
each may bid up to three times; one who passes is out. The bidder turns the widow up for
all to see, takes it, and lays as many cards aside face down (they count with his
tricks)."""

AUCTION_RULES = """\
AUCTION BINOCLE, {players} players (after Foster's Complete Hoyle) — in brief

{widow} The bidder names the trump.{form}

Then each lays down, from the dealer's left, all the melds he will make (lay ..., or lay
nothing), good when he wins a trick; each nine of the trump named is dix, 10, with them.
Each meld needs a fresh card; cards may be added to a meld to make a higher one of its
class, never taken from one (four kings and four queens: 220).
{melds}

You must follow suit and win the trick if you can; void, you must trump, over-trumping
if you can. The last trick scores 10; then each counts the cards in his tricks (ace 11,
ten 10, king 4, queen 3, jack 2), the bidder first. The bidder must make his bid in the
deal (melds, dix, cards, last trick); if he does not he is set back: his deal counts
minus his bid. A game is {deals} deals; the highest total wins.

Typing: the number of a choice, or the action as the screen writes it: bid 250, pass,
trump hearts, a card (Q♠ or QS) to play or discard, lay marriage K♥ Q♥ + binocle Q♠ J♦,
lay nothing."""

