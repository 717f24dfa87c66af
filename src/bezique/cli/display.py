"""Plain-text pictures of a deal for ``bezique play``: one player's view of the table, the
story of what happened since his last turn, his choices, and the rules in brief.

Everything shown comes from what the player may know: his seat's ``observation``, the
deal's public log (``state.events()``), the legal actions and the match's score sheet.
The screens are plain text (no colours, no cursor movement), so they read the same in a
terminal, through a pipe, or in a test.

Each game has a small :class:`GameView` with its own words (how a log entry reads, how a
choice is labelled, the rules summary); :func:`view_for` finds it by game name, and a
:class:`GameView` of the base class serves any other game through the generic
:class:`~bezique.core.game.State` interface alone.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections.abc import Sequence
from typing import Any

from ..core.cards import Card, Suit, card_name
from ..core.game import Action, Game, Observation, State
from ..core.match import Match

WIDTH = 78
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
# Rank order for sorting a hand and for the cut, high to low: Ace, Ten, King, ... as in
# every game of the family (Bézique, Cards; Sixty-Six, Pack).
FAMILY_ORDER = (14, 10, 13, 12, 11, 9, 8, 7, 6, 5, 4, 3, 2)
RANK_STRENGTH = {r: len(FAMILY_ORDER) - i for i, r in enumerate(FAMILY_ORDER)}


@dataclasses.dataclass(frozen=True)
class Seats:
    """Who sits where, as the screens name them: the human is "You", the other player
    by his name ("Computer")."""

    human: int
    names: tuple[str, str]  # the names on the score sheet and in the record

    def label(self, seat: int) -> str:
        """``You`` for the human, the other player's name otherwise."""
        return "You" if seat == self.human else self.names[seat]

    def says(self, seat: int, verb: str, rest: str = "") -> str:
        """A sentence with the verb agreeing: ``You play QS`` / ``Computer plays QS``."""
        if seat == self.human:
            text = f"You {verb}"
        else:
            text = f"{self.names[seat]} {_third_person(verb)}"
        return text + (f" {rest}" if rest else "")


def _third_person(verb: str) -> str:
    head, _, tail = verb.partition(" ")
    if head == "have":
        head = "has"
    elif head.endswith(("s", "sh", "ch", "x")):
        head += "es"
    else:
        head += "s"
    return head + (" " + tail if tail else "")


def rank_strength(card: int) -> int:
    """Higher for a higher card in the family's order (A 10 K Q J 9 8 7)."""
    return RANK_STRENGTH[int(card) & 15]


def sort_hand(cards: Sequence[int], trump: int | None) -> list[Card]:
    """Cards sorted for display: trumps first, then the other suits with the colours
    alternating (spades, hearts, clubs, diamonds), each suit high to low."""
    suit_order = [3, 2, 0, 1]
    if trump is not None:
        suit_order.remove(int(trump))
        suit_order.insert(0, int(trump))
    pos = {s: i for i, s in enumerate(suit_order)}
    return sorted((Card(c) for c in cards),
                  key=lambda c: (pos[int(c) >> 4], -rank_strength(c)))


def hand_text(cards: Sequence[int], trump: int | None) -> str:
    """A hand grouped by suit: ``AH TH 9H | KS 8S | AC``."""
    if not cards:
        return "-"
    groups: list[list[str]] = []
    last = -1
    for c in sort_hand(cards, trump):
        if int(c) >> 4 != last:
            groups.append([])
            last = int(c) >> 4
        groups[-1].append(c.notation())
    return " | ".join(" ".join(g) for g in groups)


def cards_line(cards: Sequence[int]) -> str:
    return " ".join(card_name(c) for c in cards) if cards else "-"


def suit_text(suit: int) -> str:
    """``hearts (H)``."""
    return f"{SUIT_NAMES[int(suit)]} ({Suit(int(suit)).letter})"


def numbered(labels: Sequence[str], width: int = WIDTH) -> list[str]:
    """``1 AH   2 TH   3 9H``: short labels (cards) packed side by side, longer ones one
    a line."""
    lines: list[str] = []
    line = ""
    for i, label in enumerate(labels, 1):
        item = f"{i:>2} {label}"
        if len(label) > 9:
            if line:
                lines.append(line)
                line = ""
            lines.append(f"  {item}")
            continue
        if line and len(line) + 3 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}   {item}" if line else f"  {item}"
    if line:
        lines.append(line)
    return lines


def wrap(text: str, indent: str = "") -> list[str]:
    # never break a file name or an option's name
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False) or [""]


def name_seats(text: str, seats: Seats) -> str:
    """The score sheet's summaries speak of ``seat 0``; on screen, use the names."""
    text = re.sub(r"\bseat ([01])\b", lambda m: seats.names[int(m.group(1))], text)
    if seats.names[seats.human] == "You":  # the default name: "You win", not "You wins"
        text = re.sub(r"\bYou (win|claim|close)s\b", r"You \1", text)
    return text


class GameView:
    """How one game reads on screen. The base class knows only the generic interface:
    it shows the observation's common fields and the log entries as the engine wrote
    them; each game's subclass says more, in the game's own words."""

    game_name = ""
    title = ""

    # -- the table -----------------------------------------------------------------------

    def status(self, state: State, obs: Observation, seats: Seats, match: Match) -> list[str]:
        """The lines above the hand: trump, stock, table cards, points of deal and match."""
        o: Any = obs
        head = [f"Deal {len(match.deals)}"]
        tricks = getattr(o, "tricks_played", None)
        if tricks is not None:
            head.append(f"trick {tricks + 1}")
        trump = getattr(o, "trump", None)
        if trump is not None:
            head.append(f"trumps {suit_text(trump)}")
        lines = [" · ".join(head)]
        points = getattr(o, "points", None)
        for seat in self._seat_order(seats):
            row = f"  {seats.label(seat):<10}"
            if points is not None:
                row += f" deal {points[seat]:>4}"
            row += f"   match {match.sheet.totals[seat]:>4}"
            lines.append(row)
        return lines

    def _seat_order(self, seats: Seats) -> tuple[int, int]:
        return (1 - seats.human, seats.human)

    def hand(self, obs: Observation) -> list[str]:
        o: Any = obs
        cards = getattr(o, "hand", ())
        return [f"Your hand: {hand_text(cards, getattr(o, 'trump', None))}"]

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        """What the player is asked to do, in a few words."""
        return "Your turn"

    @staticmethod
    def heading(o: Any, match: Match, *, after_trick: str, tricks: int) -> list[str]:
        """"Deal 2 · trick 5 of 32 · trumps hearts (H)": ``after_trick`` is the phase of
        the trick winner's choice, shown as "after trick N"."""
        trick = (f"after trick {o.tricks_played}" if o.phase == after_trick
                 else f"trick {o.tricks_played + 1}")
        return [f"Deal {len(match.deals)}", f"{trick} of {tricks}", f"trumps {suit_text(o.trump)}"]

    @staticmethod
    def follow_prompt(o: Any, seats: Seats, duty: str) -> str:
        """"Computer led QS: your card", with the duty in force (follow suit, win)."""
        text = f"{seats.label(1 - seats.human)} led {o.trick[0].notation()}: your card"
        return text + (f" ({duty})" if duty else "")

    @staticmethod
    def last_trick(state: State, seats: Seats) -> list[str]:
        """The last trick and who won it (public: the cards were seen as played)."""
        last = _last_trick(state)
        if last is None:
            return []
        winner, lead, follow = last
        return [f"Last trick: {card_name(lead)} {card_name(follow)}, won by "
                f"{'you' if winner == seats.human else seats.label(winner)}"]

    # -- choices -------------------------------------------------------------------------

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        """The legal actions in the order they are numbered on screen."""
        return list(actions)

    def label(self, state: State, action: Action) -> str:
        """How a legal action reads in the numbered list."""
        return action.notation()

    def automatic(self, state: State, actions: Sequence[Action]) -> str | None:
        """When the player's only legal action (``actions`` holds exactly one) needs no
        decision, the line telling him it is taken for him; ``None`` to ask as usual."""
        return None

    # -- the story -----------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], start: int, seats: Seats) -> list[str]:
        """Lines telling ``events[start:]`` (the whole deal's log is given, so that an
        entry can be read in context)."""
        return [" ".join(str(x) for x in e) if isinstance(e, tuple) else str(e)
                for e in events[start:]]

    def deal_over(self, state: State, seats: Seats) -> list[str]:
        """What the finished deal gave each player."""
        pts = state.returns()
        return [f"{seats.label(s)}: {pts[s]}" for s in self._seat_order(seats)]

    # -- help ----------------------------------------------------------------------------

    def rules(self, game: Game[Any]) -> str:
        """A short summary of the rules and of how to type actions."""
        return (f"{game.title}: type the number of a choice, or its notation as listed.\n"
                + COMMANDS_HELP)


COMMANDS_HELP = """\
Commands: help (this text), hint (what the rule-based player would do; needs --hints),
score (the match sheet), quit (save and stop; --resume FILE continues later).
Instead of a number you may type the notation shown in the list."""


# -- Bézique ------------------------------------------------------------------------------

class BeziqueView(GameView):
    """Two-handed Bézique (``bezique.games.bezique``)."""

    game_name = "bezique"
    title = "Bézique"

    def status(self, state: State, obs: Observation, seats: Seats, match: Match) -> list[str]:
        o: Any = obs
        head = self.heading(o, match, after_trick="declare", tricks=32)
        if o.turn_up is not None:
            head.append(f"turn-up {o.turn_up.notation()}")
            head.append("stock not counted" if o.stock_size is None
                        else f"stock {o.stock_size - 1}")
        else:
            head.append("the last eight tricks")
        if match.sheet.games:  # a partie of several games
            head.append("games won " + ", ".join(
                f"{seats.label(s)} {match.sheet.games_won(s)}" for s in self._seat_order(seats)))
        lines = [" · ".join(head)]
        for seat in self._seat_order(seats):
            dealer = " (dealer)" if seat == o.dealer else ""
            row = (f"  {seats.label(seat) + dealer:<20} deal {o.points[seat]:>4}   match "
                   f"{match.sheet.totals[seat]:>5}")
            if seat != seats.human:
                row += f"   hand {o.hand_sizes[seat]}"
            lines.append(row)
            if o.tables[seat]:
                lines.append(f"      on the table: {hand_text(o.tables[seat], o.trump)}")
            if seat != seats.human and o.known_in_hand[seat]:
                lines.append(f"      known in hand: {hand_text(o.known_in_hand[seat], o.trump)}")
            if o.carried[seat]:
                lines.append("      to score: " + "; ".join(_declared(m) for m in o.carried[seat]))
        return lines + self.last_trick(state, seats)

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if o.phase == "lead":
            return "Your lead"
        if o.phase == "follow":
            return self.follow_prompt(o, seats, "" if o.turn_up is not None
                                      else "follow suit and win if you can")
        kinds = {type(a).__name__ for a in state.legal_actions()}
        can = []
        if "Declare" in kinds or "ScoreCarried" in kinds:
            can.append("declare")
        if "Exchange" in kinds:
            can.append("exchange the seven")
        can.append("draw")
        return "You won the trick: " + (", ".join(can[:-1]) + " or " if len(can) > 1
                                        else "") + can[-1]

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        trump = getattr(state, "trump", None)
        pos = {c: i for i, c in enumerate(sort_hand(
            [int(a.card) for a in actions if hasattr(a, "card")], trump))}

        def key(a: Action) -> tuple[int, int, str]:
            kind = type(a).__name__
            if kind == "Play":
                return (0 if not a.from_table else 1, pos[a.card], "")  # type: ignore[attr-defined]
            if kind == "Declare":
                return (2, -a.melds[0].combination.value, a.notation())  # type: ignore[attr-defined]
            if kind == "ScoreCarried":
                return (3, 0, a.notation())
            if kind == "Exchange":
                return (4, 0, "")
            return (5, 0, a.notation())

        return sorted(actions, key=key)

    def label(self, state: State, action: Action) -> str:
        kind = type(action).__name__
        a: Any = action
        if kind == "Play":
            return action.notation()
        if kind == "Declare":
            parts = []
            for i, m in enumerate(a.melds):
                cards = " ".join(c.notation() + ("*" if t else "")
                                 for c, t in sorted(m.cards, key=_high_first))
                value = m.combination.value
                parts.append(f"{m.name} {cards} ({value}{' to score' if i else ''})")
            return " + ".join(parts)
        if kind == "ScoreCarried":
            from ..games.bezique import COMBINATIONS
            cards = " ".join(c.notation() for c in sorted(a.cards, key=lambda c: _high_first(
                (c, False))))
            return f"score {a.name} {cards} ({COMBINATIONS[a.name].value})"
        if kind == "Exchange":
            return "exchange (the seven of trumps for the turn-up, 10)"
        if kind == "Draw":
            return "draw (declare nothing)" if len(state.legal_actions()) > 1 else "draw"
        return action.notation()

    def automatic(self, state: State, actions: Sequence[Action]) -> str | None:
        # The declaration step follows every trick won while the stock lasts, so that the
        # adversary cannot tell from the play whether anything could be declared (BZ 51);
        # the player knows his own hand, so with nothing to declare he simply draws.
        if len(actions) == 1 and type(actions[0]).__name__ == "Draw":
            return "Nothing to declare: you draw."
        return None

    def narrate(self, events: Sequence[Any], start: int, seats: Seats) -> list[str]:
        # a play is a lead when an even number of plays came before it in the deal
        plays_before = sum(1 for e in events[:start] if e[0] == "play")
        lines: list[str] = []
        i = start
        n = len(events)
        while i < n:
            e = events[i]
            kind = e[0]
            if kind == "play":
                card = card_name(e[2])
                where = " from the table" if e[3] else ""
                leading = plays_before % 2 == 0
                plays_before += 1
                if leading:
                    lines.append(seats.says(e[1], "lead", card + where) + ".")
                else:
                    lines.append(seats.says(e[1], "play", card + where))
            elif kind == "trick":
                text = f" — {seats.says(e[1], 'win', 'the trick')}"
                scores = []
                while i + 1 < n and events[i + 1][0] == "score" and \
                        events[i + 1][3] in ("brisque", "two brisques", "last trick"):
                    i += 1
                    s = events[i]
                    scores.append(f"{s[3]} {s[2]}")
                if scores:
                    text += " (" + ", ".join(scores) + ")"
                if lines and not lines[-1].endswith("."):
                    lines[-1] += text.replace(" — You", " — you") + "."
                else:
                    lines.append(text.lstrip(" —") + ".")
            elif kind in ("declare", "carry"):
                pts = ""
                if kind == "declare" and i + 1 < n and events[i + 1][0] == "score":
                    i += 1
                    pts = f" ({events[i][2]})"
                if kind == "declare" and str(e[2]).endswith("(carried)"):
                    lines.append(seats.says(e[1], "score", _declared(e[2]) + pts)
                                 + ", announced earlier.")
                elif kind == "declare":
                    lines.append(seats.says(e[1], "declare", _declared(e[2]) + pts) + ".")
                else:
                    lines.append(seats.says(e[1], "announce", f"{_declared(e[2])} to score")
                                 + ".")
            elif kind == "exchange":
                pts = ""
                if i + 1 < n and events[i + 1][0] == "score":
                    i += 1
                    pts = f" and {_third_if(seats, e[1], 'score')} {events[i][2]}"
                lines.append(seats.says(e[1], "exchange", "the seven of trumps for the turn-up "
                                        f"{card_name(e[2])}") + pts + ".")
            elif kind == "score" and e[3] == "seven turned up":
                who = "you, the dealer, score" if e[1] == seats.human \
                    else f"{seats.label(e[1])}, the dealer, scores"
                lines.append(f"The turn-up is a seven: {who} {e[2]}.")
            elif kind == "score":
                lines.append(seats.says(e[1], "score", f"{e[2]} ({e[3]})") + ".")
            elif kind == "draw":
                pass  # every trick of the stock phase ends so; the stock count shows it
            elif kind == "draw-last":
                lines.append(seats.says(e[1], "draw", "the last card of the stock") + "; "
                             + seats.says(1 - e[1], "take", f"the turn-up {card_name(e[2])}")
                             .replace("You take", "you take") + ".")
                lines.append("The stock is exhausted: the table cards go back to the hands; "
                             "from now on follow suit and win the trick if you can.")
            elif kind == "lost":
                whose = "Your" if e[1] == seats.human else f"{seats.label(e[1])}'s"
                lines.append(f"{whose} {_declared(e[2] + ' ' + cards_line(e[3]))} carried to "
                             "score is lost.")
            else:
                lines.append(" ".join(str(x) for x in e))
            i += 1
        return lines

    def deal_over(self, state: State, seats: Seats) -> list[str]:
        pts = state.returns()
        return [", ".join(f"{seats.label(s)} {pts[s]}" for s in self._seat_order(seats))]

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        target = o.game_target
        pair = "QS JD"
        if o.bezique_pair != "QS_JD":
            pair = "QS JD (QC JH if S or D trumps)"
        rows = [("Class A", "sequence: A 10 K Q J of trumps", 250),
                ("", "royal marriage: K Q of trumps", 40),
                ("", "marriage: K Q of a plain suit", 20),
                ("Class B", f"double bézique: twice {pair}", 500),
                ("", f"bézique: {pair}", 40),
                ("Class C", "four aces (any suits)", 100),
                ("", "four kings", 80), ("", "four queens", 60), ("", "four jacks", 40)]
        w = max(len(what) for _, what, _ in rows)
        table = "\n".join(f"  {k:<8} {what:<{w}} {v:>4}" for k, what, v in rows)
        changed = game.options.changed()
        extra = ""
        if changed:
            extra = ("\nOptions of this match (differing from Foster): "
                     + ", ".join(f"{k}={v}" for k, v in changed.items())
                     + " (see bezique play --list-options).")
        return BEZIQUE_RULES.format(target=target, half=target // 2, table=table) + extra


def _last_trick(state: State) -> tuple[int, int, int] | None:
    events = state.events() if hasattr(state, "events") else []
    for e in reversed(events):
        if e[0] == "trick":
            return (e[1], e[2], e[3])
    return None


def _high_first(entry: tuple[Card, bool]) -> tuple[int, int]:
    """Cards of a combination as a player names them: high to low (KC QC, QS JD)."""
    return (-rank_strength(entry[0]), int(entry[0]) >> 4)


def _declared(text: str) -> str:
    """``four-kings KD KD KH KH (carried)`` in words: ``four kings KD KD KH KH``."""
    name, _, rest = text.partition(" ")
    cards = [Card.parse(t) for t in rest.replace("(carried)", "").split()]
    ordered = " ".join(c.notation() for c in sorted(cards, key=lambda c: _high_first((c, False))))
    return f"{name.replace('-', ' ')} {ordered}"


def _third_if(seats: Seats, seat: int, verb: str) -> str:
    return verb if seat == seats.human else _third_person(verb)


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
may play them (typed with a star, QS*), but not take them back until the stock is gone.
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

Typing: the number of a choice, or the notation: QS (play the queen of spades from your
hand), QS* (the one on your table), bezique QS JD, marriage KH QH (cards already on your
table with a star: marriage KH* QH), several at once joined by +, score marriage KH QH (a
combination carried to score), exchange, draw."""


# -- Sixty-Six ----------------------------------------------------------------------------

class SixtySixView(GameView):
    """Two-handed Sixty-Six (``bezique.games.sixtysix``)."""

    game_name = "sixtysix"
    title = "Sixty-Six"

    def status(self, state: State, obs: Observation, seats: Seats, match: Match) -> list[str]:
        o: Any = obs
        head = self.heading(o, match, after_trick="draw", tricks=12)
        if o.closed:
            up = f" (turn-up {o.turn_up.notation()})" if o.turn_up is not None else ""
            head.append(f"closed by {seats.label(o.closer).replace('You', 'you')}{up}")
        elif o.turn_up is not None:
            head.append(f"turn-up {o.turn_up.notation()}")
            head.append(f"stock {o.stock_size}")
        else:
            head.append("the last six tricks")
        lines = [" · ".join(head)]
        target = getattr(match.game.options, "game_target", 7)
        for seat in self._seat_order(seats):
            dealer = " (dealer)" if seat == o.dealer else ""
            row = (f"  {seats.label(seat) + dealer:<20} count {o.points[seat]:>3}"
                   f" (tricks {o.tricks_won[seat]})   game points {match.sheet.totals[seat]}"
                   f" of {target}")
            if seat != seats.human:
                row += f"   hand {o.hand_sizes[seat]}"
            lines.append(row)
            if o.pending[seat]:
                lines.append(f"      marriage pending: {o.pending[seat]}, counted once a trick"
                             " is won")
            if seat != seats.human and o.known_in_hand[seat]:
                lines.append(f"      known in hand: {hand_text(o.known_in_hand[seat], o.trump)}")
            if seat != seats.human and o.voids[seat]:
                lines.append("      has shown no "
                             + ", ".join(SUIT_NAMES[v] for v in o.voids[seat]))
        if match.sheet.carry:
            lines.append(f"  (the winner of this deal adds {match.sheet.carry} for a tied deal)")
        return lines + self.last_trick(state, seats)

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
        rank = {"Play": 0, "Draw": 1, "Marry": 2, "Show": 3, "Exchange": 4, "Close": 5,
                "Claim": 6}

        def key(a: Action) -> tuple[int, int]:
            card = getattr(a, "card", None)
            return (rank.get(type(a).__name__, 7), pos[card] if card is not None else 0)

        return sorted(actions, key=key)

    def label(self, state: State, action: Action) -> str:
        kind = type(action).__name__
        a: Any = action
        trump = getattr(state, "trump", -1)
        if kind == "Marry":
            value = 40 if int(a.card) >> 4 == trump else 20
            return f"{action.notation()} (lead it, marriage {value})"
        if kind == "Show":
            value = 40 if int(a.suit) == trump else 20
            return f"{action.notation()} (marriage {value} and claim 66)"
        if kind == "Close":
            return "close (no more drawing; follow suit from now on)"
        if kind == "Claim":
            me = state.current_player()
            return f"claim (66 reached? you count {state.scores()[me]})"
        if kind == "Exchange":
            up = getattr(state, "turn_up", -1)
            return "exchange (the nine of trumps for the turn-up" + (
                f" {card_name(up)})" if up >= 0 else ")")
        return action.notation()

    def narrate(self, events: Sequence[Any], start: int, seats: Seats) -> list[str]:
        from ..games.sixtysix import POINTS

        plays_before = sum(1 for e in events[:start] if e[0] == "play")
        lines: list[str] = []
        marriage = ""  # a marriage just declared, told with the lead that follows
        i, n = start, len(events)
        while i < n:
            e = events[i]
            kind = e[0]
            if kind == "marry":
                s = "CDHS"[e[2]]
                counted = i + 1 < n and events[i + 1][0] == "score"
                if counted:
                    i += 1
                marriage = (f", declaring the marriage K{s} Q{s} ({e[3]}"
                            + ("" if counted else ", to count once a trick is won") + ")")
            elif kind == "play":
                leading = plays_before % 2 == 0
                plays_before += 1
                if leading:
                    lines.append(seats.says(e[1], "lead", card_name(e[2]) + marriage) + ".")
                    marriage = ""
                else:
                    lines.append(seats.says(e[1], "play", card_name(e[2])))
            elif kind == "trick":
                won = POINTS[e[2]] + POINTS[e[3]]
                extra = [f"{won} in cards"] if won else []
                while i + 1 < n and events[i + 1][0] == "score":
                    i += 1
                    extra.append(f"{events[i][3]} {events[i][2]}")
                text = f" — {seats.says(e[1], 'win', 'the trick')}"
                if extra:
                    text += " (" + ", ".join(extra) + ")"
                if lines and not lines[-1].endswith("."):
                    lines[-1] += text.replace(" — You", " — you") + "."
                else:
                    lines.append(text.lstrip(" —") + ".")
            elif kind == "show":
                s = "CDHS"[e[2]]
                if i + 1 < n and events[i + 1][0] == "score":
                    i += 1
                lines.append(seats.says(e[1], "show", f"the marriage K{s} Q{s} ({e[3]})") + ".")
            elif kind == "claim":
                lines.append(seats.says(e[1], "claim", f"66, counting {e[2]}") + ".")
            elif kind == "close":
                how = " without drawing" if e[2] else ""
                lines.append(seats.says(e[1], "close", f"the stock{how}: no more drawing, "
                                        "follow suit from now on") + ".")
            elif kind == "exchange":
                lines.append(seats.says(e[1], "exchange", "the nine of trumps for the turn-up "
                                        f"{card_name(e[2])}") + ".")
            elif kind == "draw-last":
                lines.append(seats.says(e[1], "draw", "the last card of the stock") + "; "
                             + seats.says(1 - e[1], "take", f"the turn-up {card_name(e[2])}")
                             .replace("You take", "you take") + ".")
                lines.append("The stock is exhausted: from now on follow suit if you can.")
            elif kind == "score":
                lines.append(seats.says(e[1], "count", f"{e[2]} ({e[3]})") + ".")
            elif kind == "end":
                why = name_seats(str(e[3]), seats)
                if e[1] >= 0:
                    pts = "game point" if e[2] == 1 else "game points"
                    lines.append(seats.says(e[1], "score", f"{e[2]} {pts} ({why})") + ".")
                else:
                    lines.append(f"Nobody scores: {why}.")
            elif kind == "draw":
                pass
            else:
                lines.append(" ".join(str(x) for x in e))
            i += 1
        return lines

    def deal_over(self, state: State, seats: Seats) -> list[str]:
        pts = state.returns()
        counts = state.scores()
        order = self._seat_order(seats)
        return ["counts " + ", ".join(f"{seats.label(s)} {counts[s]}" for s in order),
                "game points " + ", ".join(f"{seats.label(s)} {pts[s]}" for s in order)]

    def rules(self, game: Game[Any]) -> str:
        o: Any = game.options
        changed = game.options.changed()
        extra = ""
        if changed:
            extra = ("\nOptions of this match: "
                     + ", ".join(f"{k}={v}" for k, v in changed.items())
                     + " (see bezique play --game sixtysix --list-options).")
        return SIXTYSIX_RULES.format(target=o.game_target) + extra


SIXTYSIX_RULES = """\
SIXTY-SIX, two hands (after Foster's Complete Hoyle) — in brief

Cards: 24 (A 10 K Q J 9 of each suit), ranking A 10 K Q J 9. Six cards each; a card
turned up makes trumps and lies under the stock, to be drawn last.

Aim: to count 66 first in a deal. Cards in the tricks you win count ace 11, ten 10,
king 4, queen 3, jack 2, nine 0; a marriage (K Q of one suit) 20, in trumps 40; the
twelfth trick 10 (only when every card is played and nobody closed).

While the stock is open you need not follow suit nor trump: the higher card of the suit
led wins, a trump beats a plain card, any other card loses. The winner draws first,
then the other, and the winner leads.

Marriages: with the lead, lead the King or Queen of a marriage you hold (marry KH); it
counts once you have won a trick. Having won a trick, you may also show a marriage that
brings you to 66 without leading it, and claim (show KH QH).

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

Typing: the number of a choice, or the notation: QS (play the queen of spades), marry KH,
show KH QH, draw, close, claim, exchange."""


VIEWS: dict[str, GameView] = {"bezique": BeziqueView(), "sixtysix": SixtySixView()}


def _told(story: Sequence[str]) -> list[str]:
    out: list[str] = []
    for s in story:
        out += textwrap.wrap(s, WIDTH, initial_indent="  ", subsequent_indent="    ",
                             break_long_words=False, break_on_hyphens=False)
    return out


def turn_screen(view: GameView, state: State, seats: Seats, match: Match,
                story: Sequence[str], choices: Sequence[Action]) -> list[str]:
    """The whole picture before the player's move: what happened, the table, the hand,
    the numbered choices."""
    obs = state.observation(seats.human)
    lines = [""]
    lines += _told(story)
    if story:
        lines.append("")
    lines += view.status(state, obs, seats, match)
    lines += view.hand(obs)
    lines.append(view.situation(state, obs, seats) + ":")
    lines += numbered([view.label(state, a) for a in choices])
    return lines


def choice_prompt(n: int, hints: bool) -> str:
    """``Your choice [1-7, or help, hint, score, quit]: ``."""
    numbers = "1" if n == 1 else f"1-{n}"
    return f"Your choice [{numbers}, or help, {'hint, ' if hints else ''}score, quit]: "


def deal_over_screen(view: GameView, state: State, seats: Seats, match: Match,
                     story: Sequence[str]) -> list[str]:
    """The end of a deal: its last tricks, what it gave, the match sheet."""
    deal_no = len(match.sheet.rows)
    lines = [""] + _told(story)
    if story:
        lines.append("")
    lines.append(f"Deal {deal_no} is over: " + "; ".join(view.deal_over(state, seats)))
    lines.append("")
    lines.append("Score sheet:")
    lines += ["  " + name_seats(x, seats) for x in match.sheet.text(seats.names).splitlines()]
    if not match.is_over():
        lines += ["", deal_banner(match, seats)]
    return lines


def deal_banner(match: Match, seats: Seats) -> str:
    """``=== Deal 2: Computer deals, you lead first ===``."""
    dealer = match.dealer
    leads = "you lead" if dealer != seats.human else seats.says(1 - dealer, "lead")
    return f"=== Deal {len(match.deals)}: {seats.says(dealer, 'deal')}, {leads} first ==="


def view_for(game: Game[Any]) -> GameView:
    """The game's view, or the generic one for a game without its own."""
    return VIEWS.get(game.name, GameView())
