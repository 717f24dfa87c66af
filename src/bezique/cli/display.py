"""What ``bezique play`` shows: one player's view of the table, the story of what happened
since his last turn, his numbered choices, the end of a deal, and the rules in brief.

Everything shown comes from what the player may know: his seat's ``observation``, the
deal's public log (``state.events()``), the legal actions, the match's score sheet, and
the cards he himself drew (told to him alone). A view builds a :class:`Screen`, a plain
description of the table; :mod:`bezique.cli.render` draws it either as plain text (pipes,
tests, dumb terminals) or with ``rich`` (colour, panels) in a terminal.

Each game has a small :class:`GameView` with its own words (how a log entry reads, how a
choice is labelled, what a deal's points were made of, the rules summary); :func:`view_for`
finds it by game name, and the base class serves any other game through the generic
:class:`~bezique.core.game.State` interface alone.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections.abc import Sequence
from typing import Any

from ..core.cards import Card, Rank, Suit
from ..core.game import Action, Game, Observation, State
from ..core.match import Match

WIDTH = 78
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
# Rank order for sorting a hand and for the cut, high to low: Ace, Ten, King, ... as in
# every game of the family (Bézique, Cards; Sixty-Six, Pack).
FAMILY_ORDER = (14, 10, 13, 12, 11, 9, 8, 7, 6, 5, 4, 3, 2)
RANK_STRENGTH = {r: len(FAMILY_ORDER) - i for i, r in enumerate(FAMILY_ORDER)}

_symbols = True


def use_symbols(flag: bool) -> None:
    """Write cards with suit symbols (``Q♠ 10♦``, the default) or in letters (``QS TD``)
    when the output cannot encode the symbols. Either form is accepted back as typed."""
    global _symbols
    _symbols = flag


def symbols_in_use() -> bool:
    return _symbols


def show(card: int) -> str:
    """A card as the screen writes it: ``Q♠``, ``10♦`` (or ``QS``, ``TD`` in letters)."""
    c = Card(card)
    return c.pretty() if _symbols else c.notation()


def show_cards(cards: Sequence[int]) -> str:
    return " ".join(show(c) for c in cards) if cards else "-"


def trump_text(trump: int | None) -> str:
    """``trumps hearts ♥``, or ``no trumps yet`` in a game whose trump is made in play
    (Rubicon Bézique: the first marriage makes it)."""
    if trump is None or not 0 <= int(trump) <= 3:
        return "no trumps yet"
    return f"trumps {suit_text(trump)}"


def deal_tricks(game: Game[Any]) -> int:
    """The tricks of a deal played to its end: every card of the pack, a card from each
    seat a trick (Bézique 32, Rubicon 64, Sixty-Six 12)."""
    return len(game.pack) // int(getattr(game, "num_players", 2))


def suit_text(suit: int) -> str:
    """``hearts ♥`` (or ``hearts (H)``)."""
    s = int(suit)
    return f"{SUIT_NAMES[s]} {SUIT_SYMBOLS[s]}" if _symbols else \
        f"{SUIT_NAMES[s]} ({Suit(s).letter})"


@dataclasses.dataclass(frozen=True)
class Seats:
    """Who sits where, as the screens name them: the human is "You", the others by their
    names ("Computer"). Every screen lists the seats in seat order (the score sheet's)."""

    human: int
    names: tuple[str, ...]  # the names on the score sheet and in the record
    #: when a screen draws a deal of fewer seats than the table's (Chouette: the two
    #: hands of a game), the table seat of each seat drawn; empty: the same seats
    at_table: tuple[int, ...] = ()

    def table_seat(self, seat: int) -> int:
        """The table's seat (the score sheet's) of ``seat`` as drawn."""
        return self.at_table[seat] if self.at_table else seat

    def label(self, seat: int) -> str:
        """``You`` for the human, the other player's name otherwise."""
        return "You" if seat == self.human else self.names[seat]

    def order(self) -> range:
        """The seats in the one order every screen uses."""
        return range(len(self.names))

    def says(self, seat: int, verb: str, rest: str = "") -> str:
        """A sentence with the verb agreeing: ``You play Q♠`` / ``Computer plays Q♠``."""
        if seat == self.human:
            text = f"You {verb}"
        else:
            text = f"{self.names[seat]} {_third_person(verb)}"
        return text + (f" {rest}" if rest else "")

    def other(self, seat: int) -> int:
        """The adversary of ``seat`` at a table of two."""
        return 1 - seat


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
    """Cards sorted for display: trumps first (when there are trumps yet), then the other
    suits with the colours alternating (spades, hearts, clubs, diamonds), each suit high to
    low."""
    suit_order = [3, 2, 0, 1]
    if trump is not None and 0 <= int(trump) <= 3:
        suit_order.remove(int(trump))
        suit_order.insert(0, int(trump))
    pos = {s: i for i, s in enumerate(suit_order)}
    return sorted((Card(c) for c in cards),
                  key=lambda c: (pos[int(c) >> 4], -rank_strength(c)))


def by_suit(cards: Sequence[int], trump: int | None) -> list[list[Card]]:
    """The cards sorted for display (:func:`sort_hand`), one list per suit."""
    groups: list[list[Card]] = []
    for c in sort_hand(cards, trump):
        if not groups or groups[-1][0].suit != c.suit:
            groups.append([])
        groups[-1].append(c)
    return groups


def hand_text(cards: Sequence[int], trump: int | None) -> str:
    """A hand grouped by suit: ``A♥ 10♥ 9♥ | K♠ 8♠ | A♣``."""
    if not cards:
        return "-"
    return " | ".join(" ".join(show(c) for c in g) for g in by_suit(cards, trump))


def wrap(text: str, indent: str = "", width: int = WIDTH) -> list[str]:
    # never break a file name or an option's name
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False) or [""]


def name_seats(text: str, seats: Seats) -> str:
    """The score sheet's summaries speak of ``seat 0``; on screen, use the names."""
    def name(m: re.Match[str]) -> str:
        found = [int(x) for x in re.findall(r"\d", m.group(1))]
        if any(k >= len(seats.names) for k in found):
            return m.group(0)
        return " & ".join(seats.names[k] for k in found)

    text = re.sub(r"\bseats? (\d(?: & \d)*)\b", name, text)
    if seats.names[seats.human] == "You":  # the default name: "You win", not "You wins"
        text = re.sub(r"\bYou (win|claim|close)s\b", r"You \1", text)
        text = re.sub(r"\b(You [a-z]+ [a-z]+ and) retires\b", r"\1 retire", text)
    return text


def short(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters for an error message (never echo a whole
    hostile line back)."""
    return text if len(text) <= limit else text[:limit] + "…"


# -- the picture of the table ----------------------------------------------------------------

@dataclasses.dataclass
class SeatLine:
    """One seat's row at the table: its name, its figures, and lines under it."""

    name: str
    cells: list[str]
    notes: list[str] = dataclasses.field(default_factory=list)
    is_human: bool = False


@dataclasses.dataclass
class CardSpot:
    """Cards of one kind in a row of cards on screen, and the choice number that plays
    one of them (``None``: not playable now)."""

    cards: list[Card]
    number: int | None = None


@dataclasses.dataclass
class Screen:
    """One player's picture of the table before his move, as data: the renderers draw
    it as plain text or with colour."""

    story: list[str]
    heading: list[str]
    seats: list[SeatLine]
    notes: list[str]
    hand: list[list[CardSpot]]           # grouped by suit, in display order
    table: list[list[CardSpot]]          # his own declared cards lying on the table
    situation: str
    choices: list[tuple[int, str]]       # the numbered choices that are not card plays
    actions: list[Action]                # every choice, numbered from 1 in this order
    table_label: str = "Your table"


@dataclasses.dataclass
class Breakdown:
    """What a finished deal was made of: rows of ``(what, points per seat)``, the total,
    and what it gave the match."""

    rows: list[tuple[str, list[int]]]
    totals: list[int]
    result: list[str]


class GameView:
    """How one game reads on screen. The base class knows only the generic interface:
    it shows the observation's common fields and the log entries as the engine wrote
    them; each game's subclass says more, in the game's own words."""

    game_name = ""
    title = ""
    #: a game of memory hides the running counts unless asked (Sixty-Six)
    counts_hidden_by_default = False

    def __init__(self, *, show_counts: bool = True) -> None:
        self.show_counts = show_counts

    # -- the table -----------------------------------------------------------------------

    def heading(self, state: State, obs: Observation, seats: Seats, match: Match
                ) -> list[str]:
        o: Any = obs
        head = [f"Deal {len(match.deals)}"]
        tricks = getattr(o, "tricks_played", None)
        if tricks is not None:
            head.append(f"trick {tricks + 1}")
        trump = getattr(o, "trump", None)
        if trump is not None:
            head.append(f"trumps {suit_text(trump)}")
        return head

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        points = getattr(o, "points", None)
        out = []
        for seat in seats.order():
            cells = []
            if points is not None:
                cells.append(f"deal {points[seat]}")
            cells.append(f"match {match_total(match, seats.table_seat(seat))}")
            out.append(SeatLine(seats.label(seat), cells, is_human=seat == seats.human))
        return out

    def notes(self, state: State, obs: Observation, seats: Seats) -> list[str]:
        """Lines under the seats: the trick in play, the last trick."""
        return self.last_trick(state, seats)

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        """What the player is asked to do, in a few words."""
        return "Your turn"

    @staticmethod
    def trick_heading(o: Any, match: Match, *, after_trick: str, tricks: int) -> str:
        """"trick 5 of 32", or "after trick 4 of 32" in the trick winner's choice."""
        if o.phase == after_trick:
            return f"after trick {o.tricks_played} of {tricks}"
        return f"trick {o.tricks_played + 1} of {tricks}"

    @staticmethod
    def follow_prompt(o: Any, seats: Seats, duty: str) -> str:
        """"Computer led Q♠: your card", with the duty in force (follow suit, win)."""
        leader = getattr(o, "trick_leader", None)
        if leader is None:
            leader = 1 - seats.human  # a table of two
        text = f"{seats.label(leader)} led {show(o.trick[0])}: your card"
        return text + (f" ({duty})" if duty else "")

    @staticmethod
    def last_trick(state: State, seats: Seats) -> list[str]:
        """The last trick and who won it (public: the cards were seen as played)."""
        last = _last_trick(state)
        if last is None:
            return []
        winner, cards = last
        return [f"Last trick: {show_cards(cards)}, won by "
                f"{'you' if winner == seats.human else seats.label(winner)}"]

    def table(self, state: State, seats: Seats) -> tuple[State, Seats]:
        """The deal the screen draws for the human, and its seats: the table's own, unless
        the game plays a smaller deal inside it (Chouette: the two hands of a game, the
        human's side's hand drawn as his)."""
        return state, seats

    def banner(self, match: Match, seats: Seats) -> str:
        """The line that opens a deal: who deals and who leads."""
        return deal_banner(match, seats)

    def hand_cards(self, obs: Observation) -> tuple[Sequence[int], Sequence[int]]:
        """The player's cards in hand, and his cards lying on the table (if any)."""
        o: Any = obs
        return getattr(o, "hand", ()), ()

    # -- choices -------------------------------------------------------------------------

    def card_play(self, action: Action) -> tuple[Card, bool] | None:
        """``(card, from_table)`` when ``action`` plays a card, else ``None``."""
        if type(action).__name__ != "Play":
            return None
        card = getattr(action, "card", None)
        if card is None:
            return None
        return Card(card), bool(getattr(action, "from_table", False))

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        """The choices that are not card plays, in the order they are numbered (after the
        cards)."""
        return list(actions)

    def label(self, state: State, action: Action) -> str:
        """How a choice that is not a card play reads in the numbered list."""
        return action.notation()

    def automatic(self, state: State, actions: Sequence[Action]) -> str | None:
        """When the player's only legal action (``actions`` holds exactly one) needs no
        decision, the line telling him it is taken for him; ``None`` to ask as usual."""
        return None

    def confirm(self, state: State, action: Action) -> str | None:
        """A question to ask before taking ``action`` (a move the screen shows to be a
        mistake), or ``None``."""
        return None

    # -- the story -----------------------------------------------------------------------

    def narrate(self, events: Sequence[Any], start: int, seats: Seats) -> list[str]:
        """Lines telling ``events[start:]`` (the whole deal's log is given, so that an
        entry can be read in context)."""
        return [" ".join(str(x) for x in e) if isinstance(e, tuple) else str(e)
                for e in events[start:]]

    def drawn(self, cards: Sequence[int], seats: Seats) -> str:
        """The line telling the player the cards he drew (he alone sees it)."""
        return f"You draw {show_cards(cards)}."

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """What the finished deal gave each seat, and of what it was made."""
        pts = list(state.returns())
        return Breakdown([], pts, [])

    # -- help ----------------------------------------------------------------------------

    def rules(self, game: Game[Any]) -> str:
        """A short summary of the rules and of how to type actions."""
        return f"{game.title}: type the number of a choice, or its notation as listed."

    def commands(self) -> str:
        return COMMANDS_HELP

    @staticmethod
    def options_note(game: Game[Any]) -> str:
        """The line after a game's rules naming the options of this match that differ
        from the defaults ("" when none do)."""
        changed = game.options.changed()
        if not changed:
            return ""
        return ("\nOptions of this match (differing from Foster): "
                + ", ".join(f"{k}={v}" for k, v in changed.items())
                + f" (see bezique play --game {game.name} --list-options).")


COMMANDS_HELP = """\
Commands: help (this text), hint (what the rule-based player would do, and why; needs
--hints), score (the match sheet), quit (save and stop; --resume FILE continues later).
Instead of a number you may type a card or an action as the screen writes it (Q♠ or QS,
10♦ or TD)."""


def build_screen(view: GameView, state: State, seats: Seats, match: Match,
                 story: Sequence[str]) -> Screen:
    """The player's picture of the table before his move, with every legal action
    numbered: first the cards of his hand as shown (a number per card, two identical
    cards sharing one), then his cards on the table, then the other choices."""
    obs = state.observation(seats.human)
    o: Any = obs
    trump = getattr(o, "trump", None)
    plays: dict[tuple[Card, bool], Action] = {}
    others: list[Action] = []
    for a in state.legal_actions():
        spot = view.card_play(a)
        if spot is None:
            others.append(a)
        else:
            plays[spot] = a
    actions: list[Action] = []

    def spots(cards: Sequence[int], from_table: bool) -> list[list[CardSpot]]:
        groups: list[list[CardSpot]] = []
        for suit in by_suit(cards, trump):
            row: list[CardSpot] = []
            for c in suit:
                if row and row[-1].cards[-1] == c:  # identical cards share one number
                    row[-1].cards.append(c)
                    continue
                act = plays.get((c, from_table))
                if act is not None:
                    actions.append(act)
                row.append(CardSpot([c], len(actions) if act is not None else None))
            groups.append(row)
        return groups

    in_hand, on_table = view.hand_cards(obs)
    hand = spots(in_hand, False)
    table = spots(on_table, True)
    # a card play the hand does not show (cannot happen in these games) is still offered
    rest = [a for a in plays.values() if a not in actions]
    choices: list[tuple[int, str]] = []
    for a in rest + view.order_actions(state, others):
        actions.append(a)
        label = view.label(state, a) if view.card_play(a) is None else a.notation()
        choices.append((len(actions), label))
    return Screen(story=list(story), heading=view.heading(state, obs, seats, match),
                  seats=view.seat_lines(state, obs, seats, match),
                  notes=view.notes(state, obs, seats), hand=hand, table=table,
                  situation=view.situation(state, obs, seats), choices=choices,
                  actions=actions)


def choice_prompt(n: int, hints: bool) -> str:
    """``Your choice [1-7, or help, hint, score, quit]: ``."""
    numbers = "1" if n == 1 else f"1-{n}"
    return f"Your choice [{numbers}, or help, {'hint, ' if hints else ''}score, quit]: "


def deal_banner(match: Match, seats: Seats) -> str:
    """``=== Deal 2: Computer deals, you lead first ===``."""
    dealer = match.dealer
    first = match.state.current_player()  # the first to act leads (the dealer's left)
    leads = "you lead" if first == seats.human else seats.says(first, "lead")
    return f"=== Deal {len(match.deals)}: {seats.says(dealer, 'deal')}, {leads} first ==="


def match_total(match: Match, seat: int) -> int:
    """The match total that counts for ``seat``: his own, or his side's on a sheet of
    sides."""
    sheet = match.sheet
    column = sheet.column_of(seat) if hasattr(sheet, "column_of") else seat
    return int(sheet.totals[column])


def sheet_lines(match: Match, seats: Seats) -> list[str]:
    """The match's score sheet, the seats in their one order, named; without the
    sheet's closing summary, which the result line says (the end is said once)."""
    summary = match.sheet.summary
    return [name_seats(x, seats) for x in match.sheet.text(seats.names).splitlines()
            if not (summary and x == summary)]


# -- Bézique ------------------------------------------------------------------------------

class BeziqueView(GameView):
    """Two-handed Bézique (``bezique.games.bezique``)."""

    game_name = "bezique"
    title = "Bézique"

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
        def key(a: Action) -> tuple[int, int, str]:
            kind = type(a).__name__
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
        if kind == "Declare":
            parts = []
            for i, m in enumerate(a.melds):
                cards = " ".join(show(c) + ("*" if t else "")
                                 for c, t in sorted(m.cards, key=_high_first))
                value = m.combination.value
                parts.append(f"{_words(m.name)} {cards} ({value}{' to score' if i else ''})")
            return " + ".join(parts)
        if kind == "ScoreCarried":
            from ..games.bezique import COMBINATIONS
            cards = " ".join(show(c) for c in sorted(a.cards, key=lambda c: _high_first(
                (c, False))))
            return f"score {_words(a.name)} {cards} ({COMBINATIONS[a.name].value})"
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
                card = show(e[2])
                where = " from the table" if e[3] else ""
                leading = plays_before % len(seats.names) == 0
                plays_before += 1
                ends = "" if i + 1 < n and events[i + 1][0] == "trick" else "."
                lines.append(seats.says(e[1], "lead" if leading else "play", card + where)
                             + ends)
            elif kind == "trick":
                text = f" — {seats.says(e[1], 'win', 'the trick')}"
                scores = []
                while i + 1 < n and events[i + 1][0] == "score" and \
                        ("brisque" in events[i + 1][3] or events[i + 1][3] == "last trick"):
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
                rank = e[3] if len(e) > 3 else "seven"  # Binocle's dix: a nine or a seven
                lines.append(seats.says(e[1], "exchange", f"the {rank} of trumps for the"
                                        f" turn-up {show(e[2])}") + pts + ".")
            elif kind == "score" and e[3] in ("seven turned up", "dix turned up"):
                who = "you, the dealer, score" if e[1] == seats.human \
                    else f"{seats.label(e[1])}, the dealer, scores"
                what = "a seven" if e[3] == "seven turned up" else "the dix"
                lines.append(f"The turn-up is {what}: {who} {e[2]}.")
            elif kind == "score":
                lines.append(self.score_line(e, seats))
            elif kind == "draw":
                pass  # every trick of the stock phase ends so; the stock count shows it
            elif kind == "draw-last":
                taker = e[3] if len(e) > 3 else 1 - e[1]  # at two, the trick's loser
                lines.append(seats.says(e[1], "draw", "the last card of the stock") + "; "
                             + seats.says(taker, "take", f"the turn-up {show(e[2])}")
                             .replace("You take", "you take") + ".")
                lines.append("The stock is exhausted: the table cards go back to the hands; "
                             "from now on follow suit and win the trick if you can.")
            elif kind == "lost":
                whose = "Your" if e[1] == seats.human else f"{seats.label(e[1])}'s"
                what = e[2] + " " + " ".join(Card(c).notation() for c in e[3])
                lines.append(f"{whose} {_declared(what)} carried to score is lost.")
            else:
                lines.append(self.entry_line(e, seats))
            i += 1
        return lines

    def score_line(self, e: Any, seats: Seats) -> str:
        """A score of its own in the story (not a brisque or the last trick told with
        its trick)."""
        return seats.says(e[1], "score", f"{e[2]} ({e[3]})") + "."

    def entry_line(self, e: Any, seats: Seats) -> str:
        """A log entry of a kind the family's story does not know (a game's own)."""
        return " ".join(str(x) for x in e)

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


class BinocleView(BeziqueView):
    """Two-handed Binocle (``bezique.games.binocle``): Bézique's table with Binocle's
    melds, the dix of the Nine, the knock, and the cards counted after the last trick.
    The count of the cards in your tricks is the player's to keep in his head (Binocle,
    Scoring): shown only with ``--show-counts``."""

    game_name = "binocle"
    title = "Binocle"

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
        if any(type(a).__name__ == "Knock" for a in state.legal_actions()):
            text += " (or knock, if your score and your count reach the game)"
        return text

    def label(self, state: State, action: Action) -> str:
        kind = type(action).__name__
        if kind == "Exchange":
            return "exchange (dix: the nine of trumps for the turn-up, 10)"
        if kind == "Knock":
            o: Any = state.observation(state.current_player())
            return (f"knock (claim the game: your {o.standing[o.seat] + o.points[o.seat]}"
                    f" and your count of cards reach {o.target}; wrong, you lose)")
        return super().label(state, action)

    def score_line(self, e: Any, seats: Seats) -> str:
        if e[3] == "cards":  # counted after the last trick, or shown by a knocker
            return seats.says(e[1], "count", f"{e[2]} in cards") + "."
        return super().score_line(e, seats)

    def entry_line(self, e: Any, seats: Seats) -> str:
        kind = e[0]
        if kind == "knock":
            return seats.says(e[1], "knock", "to claim the game") + "."
        if kind == "knock-right":
            return seats.says(e[1], "count", f"out: {e[2]}") + "."
        if kind == "knock-wrong":
            return seats.says(e[1], "have", f"only {e[2]}: the knock is wrong and loses"
                              " the game") + "."
        return super().entry_line(e, seats)

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


_NUMBER_WORDS = {6: "six", 8: "eight", 9: "nine", 12: "twelve"}


def _log(state: State) -> list[Any]:
    """The deal's public log, for states that keep one."""
    return list(state.events()) if hasattr(state, "events") else []


def _score_events(state: State) -> list[tuple[int, int, str]]:
    return [(e[1], e[2], str(e[3])) for e in _log(state) if e[0] == "score"]


def _last_trick(state: State) -> tuple[int, tuple[int, ...]] | None:
    """The winner and the cards, in the order played, of the last trick of the log."""
    for e in reversed(_log(state)):
        if e[0] == "trick":
            return (e[1], tuple(e[2:]))
    return None


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

    game_name = "bezique3"
    title = "Three-handed Bézique"

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        lines = super().seat_lines(state, obs, seats, match)
        mine = o.sides[seats.human]
        for seat, line in zip(seats.order(), lines, strict=True):
            if seat != seats.human and o.sides[seat] == mine:
                line.name = line.name.replace(seats.label(seat),
                                              f"{seats.label(seat)} (partner)", 1)
            if seat == o.to_move and seat != seats.human:
                line.cells.append("to play")
        return lines

    def notes(self, state: State, obs: Observation, seats: Seats) -> list[str]:
        o: Any = obs
        lines = []
        if len(set(o.sides)) < len(o.sides):  # partnerships: each side's total
            sides = sorted(set(o.sides))
            lines.append("Sides: " + "; ".join(
                " & ".join(seats.label(s) for s in seats.order() if o.sides[s] == side)
                + f" {o.side_points[side]}" for side in sides))
        if o.trick:
            played = []
            seat = o.trick_leader
            for card in o.trick:
                played.append(f"{seats.label(seat)} {show(card)}")
                seat = (seat + 1) % len(seats.names)
            lines.append("This trick: " + ", ".join(played))
        return lines + self.last_trick(state, seats)

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if o.phase == "asked":
            return "Your partner asks whether you have anything to declare"
        if o.phase == "follow":
            lead = o.trick_leader
            text = f"{seats.label(lead)} led {show(o.trick[0])}: your card"
            return text + (" (follow suit and win if you can)" if self.stock_over(o) else "")
        text = super().situation(state, obs, seats)
        if any(type(a).__name__ == "AskPartner" for a in state.legal_actions()):
            text = text.replace(" or draw", ", ask your partner or draw")
        return text

    def label(self, state: State, action: Action) -> str:
        kind = type(action).__name__
        if kind == "AskPartner":
            return "ask your partner to declare"
        if kind == "NothingToDeclare":
            return "nothing (nothing to declare)"
        return super().label(state, action)

    def automatic(self, state: State, actions: Sequence[Action]) -> str | None:
        if len(actions) == 1 and type(actions[0]).__name__ == "NothingToDeclare":
            return "Your partner asks; you have nothing to declare."
        return super().automatic(state, actions)

    def narrate(self, events: Sequence[Any], start: int, seats: Seats) -> list[str]:
        lines: list[str] = []
        begin = start
        for i in range(start, len(events)):
            e = events[i]
            if e[0] in ("ask", "nothing"):
                lines += super().narrate(events[:i], begin, seats)
                if e[0] == "ask":
                    whom = seats.label(e[2]).replace("You", "you")
                    lines.append(seats.says(e[1], "ask", f"{whom} to declare") + ".")
                else:
                    lines.append(seats.says(e[1], "have", "nothing to declare") + ".")
                begin = i + 1
        return lines + super().narrate(events, begin, seats)


# -- Rubicon and Chinese Bézique ---------------------------------------------------------

class RubiconView(BeziqueView):
    """Rubicon Bézique and Chinese Bézique (``bezique.games.bezique.rubicon``): the
    two-handed view, without a turn-up, with trumps made by the first marriage, carte
    blanche, and each deal settled as a game."""

    game_name = "rubicon"
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
        if type(action).__name__ == "CarteBlanche":
            return "carte blanche (show a hand without King, Queen or Jack: 50)"
        return super().label(state, action)

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        if any(type(a).__name__ == "CarteBlanche" for a in state.legal_actions()):
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
        o: Any = state.observation(seats.human)
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

class SixtySixView(GameView):
    """Two-handed Sixty-Six (``bezique.games.sixtysix``). Foster's Sixty-Six is a game of
    memory: the running counts are hidden unless ``show_counts`` (``--show-counts``)."""

    game_name = "sixtysix"
    title = "Sixty-Six"
    counts_hidden_by_default = True

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
        rank = {"Draw": 1, "Marry": 2, "Show": 3, "Exchange": 4, "Close": 5, "Claim": 6}

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
            return f"marry {show(a.card)} (lead it, marriage {value})"
        if kind == "Show":
            value = 40 if int(a.suit) == trump else 20
            s = int(a.suit)
            king, queen = Card.from_suit_rank(s, Rank.KING), Card.from_suit_rank(s, Rank.QUEEN)
            return f"show {show(king)} {show(queen)} (marriage {value} and claim 66)"
        if kind == "Close":
            return "close (no more drawing; follow suit from now on)"
        if kind == "Claim":
            if self.show_counts:
                me = state.current_player()
                return f"claim (66 reached? you count {state.scores()[me]})"
            return "claim (66 reached? a wrong claim gives the other 2 game points)"
        if kind == "Exchange":
            up = getattr(state, "turn_up", -1)
            return "exchange (the nine of trumps for the turn-up" + (
                f" {show(up)})" if up >= 0 else ")")
        return action.notation()

    def confirm(self, state: State, action: Action) -> str | None:
        # Only when the screen shows the count: with the counts hidden a question here
        # would tell the player what he is meant to remember.
        kind = type(action).__name__
        if not self.show_counts or kind not in ("Claim", "Show"):
            return None
        me = state.current_player()
        count = state.scores()[me]
        if kind == "Show":  # the marriage shown counts toward the claim
            count += 40 if int(getattr(action, "suit", -1)) == getattr(state, "trump", -2) \
                else 20
        if count >= 66:
            return None
        return (f"You count {count}, not 66: a wrong claim gives your adversary 2 game "
                "points (3 if he has not won a trick). Claim anyway? [y/N]: ")

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
                s = int(e[2])
                counted = i + 1 < n and events[i + 1][0] == "score"
                if counted:
                    i += 1
                marriage = (f", declaring the marriage {_kq(s)} ({e[3]}"
                            + ("" if counted else ", to count once a trick is won") + ")")
            elif kind == "play":
                leading = plays_before % 2 == 0  # two cards a trick, at any table
                plays_before += 1
                ends = "" if i + 1 < n and events[i + 1][0] == "trick" else "."
                if leading:
                    lines.append(seats.says(e[1], "lead", show(e[2]) + marriage) + ends)
                    marriage = ""
                else:
                    lines.append(seats.says(e[1], "play", show(e[2])) + ends)
            elif kind == "trick":
                won = POINTS[e[2]] + POINTS[e[3]]
                extra = [f"{won} in cards"] if won and self.show_counts else []
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
                if i + 1 < n and events[i + 1][0] == "score":
                    i += 1
                lines.append(seats.says(e[1], "show", f"the marriage {_kq(int(e[2]))} ({e[3]})")
                             + ".")
            elif kind == "claim":
                lines.append(seats.says(e[1], "claim", f"66, counting {e[2]}") + ".")
            elif kind == "close":
                how = " without drawing" if e[2] else ""
                lines.append(seats.says(e[1], "close", f"the stock{how}: no more drawing, "
                                        "follow suit from now on") + ".")
            elif kind == "exchange":
                lines.append(seats.says(e[1], "exchange", "the nine of trumps for the turn-up "
                                        f"{show(e[2])}") + ".")
            elif kind == "draw-last":
                lines.append(seats.says(e[1], "draw", "the last card of the stock") + "; "
                             + seats.says(e[3] if len(e) > 3 else 1 - e[1], "take",
                                          f"the turn-up {show(e[2])}")
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

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """Counting cards won, marriages and the last trick, per seat (the counts are
        public once the deal is over), and the game points it gave."""
        from ..games.sixtysix import POINTS

        n = len(seats.names)
        cards = [0] * n
        for e in _log(state):
            if e[0] == "trick":
                cards[e[1]] += POINTS[e[2]] + POINTS[e[3]]
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


# -- Chouette Bézique ------------------------------------------------------------------

class ChouetteView(RubiconView):
    """Chouette Bézique (``bezique.games.bezique.chouette``): each game is drawn as the
    Rubicon deal it is, the human's side's hand as his (his own, or the hand he consults
    on and decides for), the seats named as at the table, with who is the box, who
    holds the cards and who consults."""

    game_name = "chouette"
    title = "Chouette Bézique"

    def __init__(self, *, show_counts: bool = True) -> None:
        super().__init__(show_counts=show_counts)
        self._table_seats: Seats | None = None

    def table(self, state: State, seats: Seats) -> tuple[State, Seats]:
        self._table_seats = seats
        st: Any = state
        mine = st.hand_index(seats.human)
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

class ThreeHandedSixtySixView(SixtySixView):
    """Three-handed Sixty-Six (``bezique.games.sixtysix_three``): the two-handed view at
    a table of three, the seat taking no cards named (the dealer, who scores with the
    winner, or a player already out)."""

    game_name = "sixtysix3"
    title = "Three-handed Sixty-Six"

    def seat_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[SeatLine]:
        o: Any = obs
        lines = super().seat_lines(state, obs, seats, match)
        target = getattr(match.game.options, "game_target", 7)
        for seat, line in zip(seats.order(), lines, strict=True):
            if seat != o.sits_out:
                continue
            line.cells = [f"game points {match_total(match, seat)} of {target}"]
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

    game_name = "sixtysix4"
    title = "Four-handed Sixty-Six"
    counts_hidden_by_default = True

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
        target = getattr(match.game.options, "game_target", 7)
        mine = o.sides[seats.human]
        out = []
        for seat in seats.order():
            name = seats.label(seat)
            if seat != seats.human and o.sides[seat] == mine:
                name += " (partner)"
            if seat == o.dealer:
                name += " (dealer)"
            cells = [f"tricks {o.tricks_won[seat]}",
                     f"game points {match_total(match, seat)} of {target}"]
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

    def notes(self, state: State, obs: Observation, seats: Seats) -> list[str]:
        o: Any = obs
        lines = []
        if self.show_counts:
            lines.append("Counts: " + "; ".join(
                " & ".join(seats.label(s) for s in seats.order() if o.sides[s] == side)
                + f" {o.side_points[side]}" for side in (0, 1)))
        if o.trick:
            lines.append("This trick: " + ", ".join(f"{seats.label(p)} {show(c)}"
                                                     for p, c in o.trick))
        return lines + self.last_trick(state, seats)

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        o: Any = obs
        if not o.trick:
            return "Your lead"
        lead = o.trick[0][0]
        return (f"{seats.label(lead)} led {show(o.trick[0][1])}: your card (follow suit and"
                " win if you can, even your partner's trick; void, trump and over-trump)")

    def label(self, state: State, action: Action) -> str:
        if type(action).__name__ == "Marry":
            card = int(getattr(action, "card", 0))
            value = 40 if card >> 4 == getattr(state, "trump", -1) else 20
            return f"marry {show(card)} (lead it, marriage {value})"
        return action.notation()

    def narrate(self, events: Sequence[Any], start: int, seats: Seats) -> list[str]:
        from ..games.kreutz import POINTS

        lines: list[str] = []
        marriage = ""
        leading = True
        for e in events[:start]:
            if e[0] in ("play", "trick"):
                leading = e[0] == "trick"
        for i in range(start, len(events)):
            e = events[i]
            kind = e[0]
            if kind == "marry":
                marriage = f", declaring the marriage {_kq(int(e[2]))} ({e[3]})"
            elif kind == "play":
                verb = "lead" if leading else "play"
                lines.append(seats.says(e[1], verb, show(e[2]) + marriage) + ".")
                marriage = ""
                leading = False
            elif kind == "trick":
                won = sum(POINTS[c] for c in e[2:])
                extra = f" ({won} in cards)" if won and self.show_counts else ""
                lines.append(seats.says(e[1], "win", "the trick") + extra + ".")
                leading = True
            elif kind == "score":
                told = i > 0 and events[i - 1][0] == "marry"  # told with the lead
                if e[3] != "cards" and not told:  # a pending marriage, the last trick
                    lines.append(seats.says(e[1], "count", f"{e[2]} ({e[3]})") + ".")
            else:
                lines.append(" ".join(str(x) for x in e))
        return lines

    def breakdown(self, state: State, seats: Seats) -> Breakdown:
        """Each seat's counting cards, marriages and last trick (public once the deal
        is over), each side's total, and the game points."""
        n = len(seats.names)
        cards, marriages, last = [0] * n, [0] * n, [0] * n
        for seat, pts, why in _score_events(state):
            row = cards if why == "cards" else last if why == "last trick" else marriages
            row[seat] += pts
        game_points = list(state.returns())
        return Breakdown([("counting cards", cards), ("marriages", marriages),
                          ("last trick", last)], list(state.scores()),
                         ["game points " + ", ".join(f"{seats.label(s)} {game_points[s]}"
                                                     for s in seats.order())])

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


class MultiBinocleView(GameView):
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

    game_name = "binocle3"
    title = "Three-handed Binocle"

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
            if partner:
                name += " (partner)"
            if seat == o.dealer and not partner:
                name += " (dealer)"
            cells = [f"deal {o.points[seat]}", f"match {match_total(match, seat)}"]
            if seat == o.dealer and partner:  # the name column holds one note
                cells.append("dealer")
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
        o: Any = obs
        lines = []
        if len(set(o.sides)) < len(o.sides):
            lines.append("Sides: " + "; ".join(
                " & ".join(seats.label(s) for s in seats.order() if o.sides[s] == side)
                + f" {o.points[next(s for s in seats.order() if o.sides[s] == side)]}"
                for side in sorted(set(o.sides))))
        if o.trick:
            lines.append("This trick: " + ", ".join(f"{seats.label(p)} {show(c)}"
                                                     for p, c in o.trick))
        return lines + self.last_trick(state, seats)

    def hand_cards(self, obs: Observation) -> tuple[Sequence[int], Sequence[int]]:
        if self._duel:
            return self._two().hand_cards(obs)
        o: Any = obs
        return o.hand, ()

    def situation(self, state: State, obs: Observation, seats: Seats) -> str:
        if self._is_duel(state):
            return self._two().situation(state, obs, seats)
        o: Any = obs
        knock = any(type(a).__name__ == "Knock" for a in state.legal_actions())
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
        if type(action).__name__ == "PlayCard":
            a: Any = action
            return Card(int(a.card)), False
        return super().card_play(action)

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        if self._is_duel(state):
            return self._two().order_actions(state, actions)
        rank = {"Lay": 0, "Knock": 9}
        return sorted(actions, key=lambda a: (rank.get(type(a).__name__, 5),
                                              0 if getattr(a, "melds", ()) else 1))

    def label(self, state: State, action: Action) -> str:
        if self._is_duel(state):
            return self._two().label(state, action)
        kind = type(action).__name__
        a: Any = action
        if kind == "Lay":
            if not a.melds:
                return "lay nothing"
            game: Any = state.game
            total = sum(game.table.combos[m.name].value for m in a.melds)
            return f"{a.notation()[:4]}{_lay_words(a.notation()[4:])} ({total}, scored" \
                " when you win a trick)"
        if kind == "Knock":
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

    def narrate(self, events: Sequence[Any], start: int, seats: Seats) -> list[str]:
        if self._duel:
            return self._two().narrate(events, start, seats)
        leading = True
        for e in events[:start]:
            if e[0] in ("play", "trick"):
                leading = e[0] == "trick"
        lines: list[str] = []
        i, n = start, len(events)
        while i < n:
            e = events[i]
            kind = e[0]
            if kind == "play":
                lines.append(seats.says(e[1], "lead" if leading else "play", show(e[2]))
                             + ".")
                leading = False
            elif kind == "trick":
                leading = True
                extra: list[str] = []
                if self.show_counts:
                    from ..games.binocle.melds import CARD_POINTS
                    won = sum(CARD_POINTS[int(c)] for c in e[2:])
                    if won:
                        extra.append(f"{won} in cards")
                scored: dict[int, list[str]] = {}
                while i + 1 < n and events[i + 1][0] == "score" and \
                        events[i + 1][3] != "cards":
                    i += 1
                    s = events[i]
                    if s[3] == "last trick":
                        extra.append(f"last trick {s[2]}")
                    else:
                        why = name_seats(str(s[3]), seats).replace("by You", "by you")
                        scored.setdefault(s[1], []).append(f"{why} {s[2]}")
                text = seats.says(e[1], "win", "the trick")
                if extra:
                    text += " (" + ", ".join(extra) + ")"
                lines.append(text + ".")
                for seat, items in scored.items():
                    total = sum(int(x.rsplit(" ", 1)[1]) for x in items)
                    lines.append(seats.says(seat, "score", f"{total} announced: "
                                            + ", ".join(items)) + ".")
            else:
                lines += self.tell(e, seats)
            i += 1
        return lines

    def tell(self, e: Any, seats: Seats) -> list[str]:
        """One log entry other than a play or a trick, in sentences."""
        kind = e[0]
        if kind == "turn-up":
            return [seats.says(e[1], "turn up", f"{show(e[2])}: {SUIT_NAMES[int(e[2]) >> 4]}"
                               f" {SUIT_SYMBOLS[int(e[2]) >> 4]} are trumps") + "."]
        if kind == "dix":
            what = "both nines of trumps (dix, 20" if e[2] == 2 else \
                "the nine of trumps (dix, 10"
            return [seats.says(e[1], "show", f"{what}, scored "
                               f"{self._who_scores(e[1], seats)})") + "."]
        if kind == "exchange":
            return [seats.says(e[1], "take", f"the turn-up {show(e[3])} for "
                               f"{'your' if e[1] == seats.human else 'his'}"
                               f" {show(e[2])}") + "."]
        if kind == "lay":
            words = str(e[2])[4:]
            if words == "nothing":
                return [seats.says(e[1], "lay", "nothing") + "."]
            return [seats.says(e[1], "lay", f"{_lay_words(words)} ({e[3]}, scored "
                               f"{self._who_scores(e[1], seats)})") + "."]
        if kind == "claim":
            return [seats.says(e[1], "claim", f"{e[2]} overlooked by "
                               f"{seats.label(e[3]).replace('You', 'you')} (scored "
                               f"{self._who_scores(e[1], seats)})") + "."]
        if kind == "knock":
            return [seats.says(e[1], "knock", "to claim the game") + "."]
        if kind == "knock-right":
            return [seats.says(e[1], "count", f"out: {e[2]}, and the claim is right") + "."]
        if kind == "knock-wrong":
            return [seats.says(e[1], "have", f"only {e[2]}: the claim is wrong") + "."]
        if kind == "retire":
            return [seats.says(e[1], "retire", "from the game") + "."]
        if kind == "score" and e[3] == "cards":
            return [seats.says(e[1], "count", f"{e[2]} in cards") + "."]
        if kind == "score":
            why = name_seats(str(e[3]), seats).replace("by You", "by you")
            return [seats.says(e[1], "score", f"{e[2]} ({why})") + "."]
        return [seats.says(e[1], "do", " ".join(str(x) for x in e[2:]))
                if len(e) > 1 and isinstance(e[1], int) else str(e[0])]

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

    game_name = "binocleauction"
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
        if type(action).__name__ == "Discard":
            a: Any = action
            return Card(int(a.card)), False
        return super().card_play(action)

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        """Pass first, then the bids: the next ones in tens, then the hundreds (any other
        bid is typed); the trumps in suit order; the layings as at three and four."""
        def points(a: Any) -> int:
            return int(a.points)

        bids = sorted((a for a in actions if type(a).__name__ == "Bid"), key=points)
        if bids:
            low = points(bids[0])
            listed = [a for a in bids if points(a) < low + 10 * self.LISTED_BIDS
                      or points(a) % 100 == 0]
            passes = [a for a in actions if type(a).__name__ == "Pass"]
            return passes + listed
        return super().order_actions(state, actions)

    def label(self, state: State, action: Action) -> str:
        kind = type(action).__name__
        a: Any = action
        if kind == "Bid":
            if len(state.legal_actions()) == 1:
                return f"bid {a.points} (the dealer's bid when all pass)"
            return f"bid {a.points}"
        if kind == "Pass":
            return "pass"
        if kind == "NameTrump":
            s = int(a.suit)
            return f"trump {SUIT_NAMES[s]} ({SUIT_SYMBOLS[s] if symbols_in_use() else ''})" \
                .replace(" ()", "")
        if kind == "Discard":
            return f"discard {show(a.card)} (face down)"
        return super().label(state, action)

    def tell(self, e: Any, seats: Seats) -> list[str]:
        kind = e[0]
        if kind == "bid":
            if e[2] == "pass":
                return [seats.says(e[1], "pass") + "."]
            return [seats.says(e[1], "bid", str(e[2]).split()[1]) + "."]
        if kind == "auction":
            return [seats.says(e[1], "win", f"the bidding at {e[2]}") + "."]
        if kind == "widow":
            return [seats.says(e[1], "turn up", "the widow, "
                               + show_cards(list(e[2:])) + ", and "
                               + ("take" if e[1] == seats.human else "takes") + " it") + "."]
        if kind == "discard":
            return [seats.says(e[1], "lay", "a card aside face down") + "."]
        if kind == "discard-widow":
            return [seats.says(e[1], "put", f"back {show(e[2])} of the widow, face down")
                    + "."]
        if kind == "trump":
            s = int(e[2])
            return [seats.says(e[1], "name", f"{SUIT_NAMES[s]} {SUIT_SYMBOLS[s]} trumps"
                               if symbols_in_use() else f"{SUIT_NAMES[s]} trumps") + "."]
        return super().tell(e, seats)

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


VIEWS: dict[str, type[GameView]] = {"bezique": BeziqueView, "sixtysix": SixtySixView,
                                     "binocle": BinocleView,
                                     "rubicon": RubiconView, "chinese": RubiconView,
                                     "bezique3": MultiBeziqueView,
                                     "bezique4": MultiBeziqueView,
                                     "chouette": ChouetteView,
                                     "sixtysix3": ThreeHandedSixtySixView,
                                     "sixtysix4": KreutzView,
                                     "binocle3": MultiBinocleView,
                                     "binocle4": MultiBinocleView,
                                     "binocleauction": AuctionBinocleView}


def view_for(game: Game[Any], *, show_counts: bool | None = None) -> GameView:
    """A fresh view of the game (or the generic one for a game without its own);
    ``show_counts`` overrides the game's default for showing the running counts."""
    cls = VIEWS.get(game.name, GameView)
    view = cls()
    if show_counts is not None:
        view.show_counts = show_counts
    return view
