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
from typing import Any, ClassVar, cast

from ..core.cards import Card, Suit
from ..core.events import Drew, Event, Names, Played, Scored, TrickWon
from ..core.game import Action, CardPlay, Game, Observation, State
from ..core.match import Match

WIDTH = 78
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
# Rank order for sorting a hand and for the cut, high to low: Ace, Ten, King, ... as in
# every game of the family (Bézique, Cards; Sixty-Six, Pack).
FAMILY_ORDER = (14, 10, 13, 12, 11, 9, 8, 7, 6, 5, 4, 3, 2)
#: Whist's order, A K Q J 10 ... 2: the other games' (Euchre, Napoleon, Enflé, Hearts)
WHIST_ORDER = tuple(range(14, 1, -1))
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
        return self.naming().says(seat, verb, rest)

    def other(self, seat: int) -> int:
        """The adversary of ``seat`` at a table of two."""
        return 1 - seat

    def naming(self) -> Names:
        """How the events name these seats and their cards in sentences."""
        return Names(tuple(self.label(s) for s in self.order()), you=self.human,
                     symbols=_symbols)




def rank_strength(card: int) -> int:
    """Higher for a higher card in the family's order (A 10 K Q J 9 8 7)."""
    return RANK_STRENGTH[int(card) & 15]


def sort_hand(cards: Sequence[int], trump: int | None,
              order: Sequence[int] = FAMILY_ORDER) -> list[Card]:
    """Cards sorted for display: trumps first (when there are trumps yet), then the other
    suits with the colours alternating (spades, hearts, clubs, diamonds), each suit high to
    low in ``order`` (the ranks high to low: the family's, A 10 K Q J, unless a game
    ranks them otherwise, as Enflé's A K Q J 10)."""
    suit_order = [3, 2, 0, 1]
    if trump is not None and 0 <= int(trump) <= 3:
        suit_order.remove(int(trump))
        suit_order.insert(0, int(trump))
    pos = {s: i for i, s in enumerate(suit_order)}
    high = {r: i for i, r in enumerate(order)}
    return sorted((Card(c) for c in cards),
                  key=lambda c: (pos[int(c) >> 4], high.get(int(c) & 15, len(order))))


def by_suit(cards: Sequence[int], trump: int | None,
            order: Sequence[int] = FAMILY_ORDER) -> list[list[Card]]:
    """The cards sorted for display (:func:`sort_hand`), one list per suit."""
    groups: list[list[Card]] = []
    for c in sort_hand(cards, trump, order):
        if not groups or groups[-1][0].suit != c.suit:
            groups.append([])
        groups[-1].append(c)
    return groups


def hand_text(cards: Sequence[int], trump: int | None,
              order: Sequence[int] = FAMILY_ORDER) -> str:
    """A hand grouped by suit: ``A♥ 10♥ 9♥ | K♠ 8♠ | A♣``."""
    if not cards:
        return "-"
    return " | ".join(" ".join(show(c) for c in g) for g in by_suit(cards, trump, order))


#: the width of the terminal the screens are laid out for
COLUMNS = 80
#: a space that a line is never broken at (a command, a card and its number); the
#: wrapping functions give it back as a space
NO_BREAK = "\u00a0"
_CARD_AHEAD = re.compile(r"(?<=\S) (?=\(?(?:10|[2-9JQKA])[♣♦♥♠]|\(?[2-9TJQKA][CDHS]\b)")


def keep_together(text: str) -> str:
    """``text`` never broken across lines (a command to copy)."""
    return text.replace(" ", NO_BREAK)


def wrap(text: str, indent: str = "", width: int = WIDTH,
         subsequent: str | None = None) -> list[str]:
    """``text`` in lines of at most ``width`` (but for a single word longer than that),
    broken between words only: never inside a file name or an option's name, and never
    between a card and the word before it (its choice number, its player: ``1 A♠``,
    ``Left A♠``) or between the cards sharing a number; ``subsequent`` indents the lines
    after the first (``indent`` by default)."""
    glued = _CARD_AHEAD.sub(NO_BREAK, text).replace(" | ", NO_BREAK + "| ")
    lines = textwrap.wrap(glued, width, initial_indent=indent,
                          subsequent_indent=indent if subsequent is None else subsequent,
                          break_long_words=False, break_on_hyphens=False)
    return [x.replace(NO_BREAK, " ") for x in lines] or [""]


def reflow(text: str, width: int = COLUMNS) -> list[str]:
    """A block of prose (the rules, the commands) in lines of at most ``width``: the lines
    of a paragraph joined and wrapped again by words; an indented line (a row of a
    table) kept as it is, wrapped under itself only when too long; blank lines kept."""
    out: list[str] = []
    prose: list[str] = []

    def flush() -> None:
        if prose:
            out.extend(wrap(" ".join(prose), "", width))
            prose.clear()

    for line in text.splitlines():
        if not line.strip():
            flush()
            out.append("")
        elif line[0].isspace():
            flush()
            if len(line) <= width:
                out.append(line)
            else:
                lead = line[:len(line) - len(line.lstrip())]
                out.extend(wrap(line.strip(), lead, width, lead + "    "))
        else:
            prose.append(line.strip())
    flush()
    return out


_PLURAL_VERBS = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def plural_verb(word: str) -> str:
    """The verb a plural subject (or "You") takes where a single seat's takes ``word``:
    ``wins`` -> ``win``, ``reaches`` -> ``reach``, ``is`` -> ``are``; any other word (not a
    verb in the third person) unchanged."""
    if word in _PLURAL_VERBS:
        return _PLURAL_VERBS[word]
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us")) and len(word) > 2:
        return word[:-1]
    return word


def name_seats(text: str, seats: Seats) -> str:
    """The score sheet's summaries speak of ``seat 0``; on screen, use the names, the
    verb after them agreeing: "You knock", "Left & Right win" (not "You knocks", "Left &
    Right wins")."""
    # the default name takes "You win" (no one is "You" to a spectator, seat -1)
    you = 0 <= seats.human < len(seats.names) and seats.names[seats.human] == "You"

    def name(m: re.Match[str]) -> str:
        found = [int(x) for x in re.findall(r"\d", m.group(1))]
        if any(k >= len(seats.names) for k in found):
            return m.group(0)
        who = " & ".join(seats.names[k] for k in found)
        if you and found == [seats.human] and re.search(r"[\w,]\s*$", text[:m.start()]):
            who = "you"  # within a sentence
        verb, joined, second = m.group(2), m.group(3), m.group(4)
        if verb is None:
            return who
        if len(found) > 1 or (you and found == [seats.human]):
            verb = plural_verb(verb)
            second = plural_verb(second) if second else second
        return f"{who} {verb}" + (f"{joined} {second}" if second else "")

    # "seat 0 knocks and counts out": the subject, its verb, and a second verb joined by
    # "and" a few words on
    return re.sub(r"\bseats? (\d(?: & \d)*)\b(?: ([a-z]+)\b(?:((?: [a-z]+){0,2} and)"
                  r" ([a-z]+)\b)?)?", name, text)


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

    #: The games this view draws: a game finds the view of its class or of its nearest
    #: base that has one (:func:`~bezique.present.view_for`).
    games: ClassVar[tuple[type[Game[Any]], ...]] = ()
    title = ""
    #: a game of memory hides the running counts unless asked (Sixty-Six)
    counts_hidden_by_default = False
    #: the ranks high to low as the hand is sorted on screen (the family's A 10 K Q J;
    #: Enflé's and Hearts' A K Q J 10 ...)
    hand_order: ClassVar[tuple[int, ...]] = FAMILY_ORDER
    #: what the game calls one deal on the screen and the sheet (Chouette: a "game")
    deal_word: ClassVar[str] = "deal"

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
        """Lines under the seats: the trick in play, who played each card (where the
        observation's trick holds ``(seat, card)``, at a table of N), the last trick."""
        trick = getattr(obs, "trick", ())
        lines = []
        if trick and isinstance(trick[0], tuple):
            lines.append("This trick: " + plays_text(trick, seats))
        return lines + self.last_trick(state, seats)

    def side_lines(self, state: State, obs: Observation, seats: Seats, match: Match
                   ) -> list[str]:
        """Partnerships: a line per side, naming its members, with what the side holds
        together (each seat's row shows his own figures only); none without partners."""
        return []

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
        """The last trick, who played each card and who won it (public: the cards were
        seen as played): ``Last trick: Left A♠, you A♠, Right Q♠, Across 9♠; won by
        Left``."""
        done = [t for t in played_tricks(state) if t[0] >= 0]
        if not done:
            return []
        return ["Last trick: " + trick_text(done[-1], seats)]

    #: How far back the ``tricks`` command may show the deal's tricks: ``"all"`` (no
    #: rule forbids it) or ``"last"`` (only the last trick turned and quitted, and the
    #: one in progress), with the rule's reason, cited, in :attr:`look_back_rule`.
    look_back: ClassVar[str] = "all"
    look_back_rule: ClassVar[str] = ""

    def tricks(self, state: State, seats: Seats) -> list[str]:
        """The tricks of the deal so far, as far back as the game's rules let a player
        look (:attr:`look_back`), from the deal's public log alone."""
        played = played_tricks(state)
        done = [t for t in played if t[0] >= 0]
        current = played[-1] if played and played[-1][0] < 0 else None
        lines: list[str] = []
        if not played:
            lines.append("No card has been played in this deal yet.")
        if self.look_back == "last":
            lines.append(f"Only the last trick is shown: {self.look_back_rule}")
            shown = list(enumerate(done, 1))[-1:]
        else:
            shown = list(enumerate(done, 1))
        for number, trick in shown:
            lines.append(f"Trick {number}: {trick_text(trick, seats)}")
        if current is not None:
            lines.append(f"Trick {len(done) + 1}, in play: {plays_text(current[1], seats)}")
        return lines

    def table(self, state: State, seats: Seats) -> tuple[State, Seats]:
        """The deal the screen draws for the human, and its seats: the table's own, unless
        the game plays a smaller deal inside it (Chouette: the two hands of a game, the
        human's side's hand drawn as his)."""
        return state, seats

    def banner(self, match: Match, seats: Seats) -> str:
        """The line that opens a deal: who deals and who leads."""
        return deal_banner(match, seats)

    def opening(self, game: Game[Any], seats: Seats, player: str) -> str:
        """The first line of a match: the game, and who plays against whom (``player``
        names the computer's kind)."""
        n = len(seats.names)
        against = "the computer" if n == 2 else f"{n - 1} computer players"
        return f"{game.title}: you against {against} ({player} player)."

    def hand_cards(self, obs: Observation) -> tuple[Sequence[int], Sequence[int]]:
        """The player's cards in hand, and his cards lying on the table (if any)."""
        o: Any = obs
        return getattr(o, "hand", ()), ()

    # -- choices -------------------------------------------------------------------------

    def card_play(self, action: Action) -> tuple[Card, bool] | None:
        """``(card, from_table)`` when ``action`` plays a card, else ``None``."""
        if not isinstance(action, CardPlay):
            return None
        return Card(action.card), bool(getattr(action, "from_table", False))

    def order_actions(self, state: State, actions: list[Action]) -> list[Action]:
        """The choices that are not card plays, in the order they are numbered (after the
        cards)."""
        return list(actions)

    def label(self, state: State, action: Action) -> str:
        """How a choice that is not a card play reads in the numbered list."""
        return action.notation()

    def automatic(self, state: State, actions: Sequence[Action]) -> str | None:
        """When the player has a single legal action (``actions`` holds exactly one), the
        line telling him it is taken for him, since there is nothing to decide; a view may
        word it in its game's terms, or return ``None`` to ask all the same."""
        if len(actions) != 1:
            return None
        spot = self.card_play(actions[0])
        if spot is not None:
            card = show(spot[0]) + ("*" if spot[1] else "")
            return f"Only {card} may be played: it is played for you."
        return f"Your only choice, taken for you: {self.label(state, actions[0])}."

    def confirm(self, state: State, action: Action) -> str | None:
        """A question to ask before taking ``action`` (a move the screen shows to be a
        mistake), or ``None``."""
        return None

    # -- the story -----------------------------------------------------------------------

    #: Events the story leaves out (the draw after each trick of the stock: the stock's
    #: count shows it).
    silent: ClassVar[tuple[type[Event], ...]] = (Drew,)
    #: A line told after an event of these kinds (what it changes for the player).
    after: ClassVar[dict[type[Event], str]] = {}

    def narrate(self, events: Sequence[Event], start: int, seats: Seats) -> list[str]:
        """Lines telling ``events[start:]``, each event in its own words
        (:meth:`~bezique.core.events.Event.describe`), a trick's cards and its winner in
        one line with the scores it earned at once; the whole deal's events are given,
        so that a card can be told as a lead or a play."""
        names = seats.naming()
        leading = True
        for e in events[:start]:
            if isinstance(e, Played | TrickWon) or e.breaks_trick:
                leading = not isinstance(e, Played)
        lines: list[str] = []
        i, n = start, len(events)
        while i < n:
            e = events[i]
            if isinstance(e, Played):
                where = " from the table" if e.from_table else ""
                text = names.says(e.seat, "lead" if leading else "play",
                                  names.card(e.card) + where)
                leading = False
                ends = not (i + 1 < n and isinstance(events[i + 1], TrickWon))
                lines.append(text + ("." if ends else ""))
            elif isinstance(e, TrickWon):
                leading = True
                extra = self.trick_extra(e)
                while i + 1 < n and self.told_with_trick(e, events[i + 1]):
                    i += 1
                    told = self.trick_score(cast(Scored, events[i]))
                    if told:
                        extra.append(told)
                text = names.says(e.seat, "win", "the trick")
                if extra:
                    text += " (" + ", ".join(extra) + ")"
                if lines and not lines[-1].endswith("."):
                    lines[-1] += " — " + (text[0].lower() + text[1:] if e.seat == seats.human
                                          else text) + "."
                else:
                    lines.append(text + ".")
            elif not isinstance(e, self.silent):
                nxt = events[i + 1] if i + 1 < n else None
                if (e.told_with_score and isinstance(nxt, Scored)
                        and nxt.seat == getattr(e, "seat", None)):
                    i += 1
                    lines.append(e.describe_scoring(names, nxt.points))
                else:
                    lines.append(self.tell(e, names))
                if e.breaks_trick:
                    leading = True
                if type(e) in self.after:
                    lines.append(self.after[type(e)])
            i += 1
        # the engine's reasons speak of "seat 1" (a claim judged, a game won): by name
        return [name_seats(x, seats) if "seat " in x else x for x in lines]

    def tell(self, event: Event, names: Names) -> str:
        """One event in a sentence: its own words, unless the game tells it otherwise."""
        return event.describe(names)

    def trick_extra(self, trick: TrickWon) -> list[str]:
        """What the line of a trick adds in brackets (a game of counting: the cards'
        count, when the counts are shown)."""
        return []

    def told_with_trick(self, trick: TrickWon, event: Event) -> bool:
        """Whether ``event``, right after ``trick``, is told in its line: a score its
        winner earned by it at once (brisques, the last trick)."""
        return isinstance(event, Scored) and event.seat == trick.seat and \
            event.reason in self.trick_reasons

    def trick_score(self, score: Scored) -> str:
        """How a score told with its trick reads in the trick's brackets ("" to leave it
        unsaid: a count the player keeps in his head)."""
        return f"{score.reason} {score.points}"

    #: The scores told with the trick that earns them.
    trick_reasons: ClassVar[frozenset[str]] = frozenset({"last trick"})

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


class Story:
    """A deal's story told as it grows, for one view and one set of seats: each call
    with the deal's events so far gives the same lines as ``view.narrate(events, 0,
    seats)``, but tells again only the events from the lead of the trick in play (a
    trick's cards and its winner are told in one line, so its lines may change until it
    is won; every line before it is told for good). One story tells one deal: make a
    new one for the next.

    >>> from bezique.games import GAMES
    >>> game = GAMES["sixtysix"]()
    >>> state, view = game.deal(0, seed=3), GameView()
    >>> story, seats = Story(view, Seats(-1, ("Ann", "Bob"))), Seats(-1, ("Ann", "Bob"))
    >>> while not state.is_terminal():
    ...     state.apply(state.legal_actions()[0])
    ...     assert story.lines(state.events()) == view.narrate(state.events(), 0, seats)
    """

    def __init__(self, view: GameView, seats: Seats) -> None:
        self.view = view
        self.seats = seats
        self._told: list[str] = []  # the lines of the events before the checkpoint
        self._at = 0  # the checkpoint: the lead of a trick (or 0)

    def lines(self, events: Sequence[Event]) -> list[str]:
        """The story of ``events`` (the whole deal's so far) in lines."""
        if len(events) < self._at:
            raise ValueError("a story tells one deal as it grows: these events are fewer"
                             " than those already told")
        lead = self._at
        leading = True  # the checkpoint is a lead or the deal's start
        for i in range(self._at, len(events)):
            e = events[i]
            if isinstance(e, Played):
                if leading:
                    lead = i
                leading = False
            elif isinstance(e, TrickWon) or e.breaks_trick:
                leading = True
        if lead > self._at:
            self._told = self._told + self.view.narrate(events[:lead], self._at, self.seats)
            self._at = lead
        return self._told + self.view.narrate(events, self._at, self.seats)


COMMANDS_HELP = """\
Commands: help (this text), hint (what the rule-based player would do, and why; needs
--hints), score (the match sheet), tricks (the tricks of this deal, as far back as the
rules let you look), quit (save and stop; --resume FILE continues later).
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
        for suit in by_suit(cards, trump, view.hand_order):
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
                  notes=view.side_lines(state, obs, seats, match)
                  + view.notes(state, obs, seats), hand=hand, table=table,
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


def sheet_lines(match: Match, seats: Seats, *, word: str = "deal",
                width: int = WIDTH - 2) -> list[str]:
    """The match's score sheet, the seats in their one order, named, each column as wide
    as its figures and a row's notes on lines of their own when they do not fit beside
    it (no line over ``width``); ``word`` heads the first column (Chouette: "game", and
    the sitting is what is won).
    Without the sheet's closing summary, which the result line says (the end is said
    once)."""
    sheet = match.sheet
    names = list(seats.names)
    heads = sheet.labels(names)
    cols = range(len(heads))
    rows = [[f"{r.points[i]:+d} = {r.totals[i]}" for i in cols] for r in sheet.rows]
    widths = [max([len(heads[i]), *(len(r[i]) for r in rows)]) for i in cols]
    dealer_w = max([len("dealer"), *(len(names[r.dealer]) for r in sheet.rows)])
    num_w = max(4, len(word))
    lines = [f"{word:>{num_w}}  {'dealer':<{dealer_w}}  "
             + "  ".join(f"{h:>{w}}" for h, w in zip(heads, widths, strict=True))]
    indent = " " * (num_w + 2)
    for r, cells in zip(sheet.rows, rows, strict=True):
        line = f"{r.deal:>{num_w}}  {names[r.dealer]:<{dealer_w}}  " + "  ".join(
            f"{c:>{w}}" for c, w in zip(cells, widths, strict=True))
        note = name_seats("; ".join(r.notes), seats) if r.notes else ""
        if note and len(line) + 2 + len(note) <= width:
            lines.append(f"{line}  {note}")
            continue
        lines.append(line)
        if note:
            lines += wrap(note, indent, width)
    for i, g in enumerate(sheet.games, 1):
        kind = "double game" if g.value == 2 else "game"
        # stakes can be negative (Chouette): "28 to -14" rather than "28--14"
        sep = " to " if any(t < 0 for t in g.totals) else "-"
        head = heads[g.winner]
        verb = "win" if " & " in head or head == "You" else "wins"
        unit = "sitting" if word == "game" else "game"
        totals = sep.join(str(t) for t in g.totals)
        text = (f"{unit} {i}: {head} {verb} ({kind}, {totals})"
                + ("; " + name_seats("; ".join(g.notes), seats) if g.notes else ""))
        lines += wrap(text, "", width)
    return lines


# -- Bézique ------------------------------------------------------------------------------


_NUMBER_WORDS = {6: "six", 8: "eight", 9: "nine", 12: "twelve"}


def _log(state: State) -> list[Event]:
    """The deal's public events, for states that keep them."""
    return list(state.events()) if hasattr(state, "events") else []


def _score_events(state: State) -> list[tuple[int, int, str]]:
    return [(e.seat, e.points, e.reason) for e in _log(state) if isinstance(e, Scored)]


#: a trick of the deal: its winner (-1 while it is in play) and its cards in the order
#: played, each with the seat that played it
PlayedTrick = tuple[int, tuple[tuple[int, int], ...]]


def played_tricks(state: State) -> list[PlayedTrick]:
    """The tricks of the deal so far, read from its public log (each card as it was
    played, each trick's winner as it was gathered): never a hidden card. The last
    one, with winner -1, is the trick in play, if a card of it is down. A trick that
    ended without a winner (an event that ``breaks_trick``: Enflé's taking up) is not
    among them: its cards went back into a hand."""
    out: list[PlayedTrick] = []
    plays: list[tuple[int, int]] = []
    for e in _log(state):
        if isinstance(e, Played):
            plays.append((e.seat, e.card))
        elif isinstance(e, TrickWon):
            out.append((e.seat, tuple(plays)))
            plays = []
        elif e.breaks_trick:
            plays = []
    if plays:
        out.append((-1, tuple(plays)))
    return out


def partnership(sides: Sequence[int]) -> bool:
    """Do some seats share a side (partners)?"""
    return len(set(sides)) < len(sides)


def side_names(sides: Sequence[int], side: int, seats: Seats) -> str:
    """``You & Across``: the members of ``side``, in the screens' one order."""
    return " & ".join(seats.label(s) for s in seats.order() if sides[s] == side)


def side_line(sides: Sequence[int], side: int, seats: Seats, figures: Sequence[str]) -> str:
    """``Side You & Across: deal 150, match 300``, the side's own line."""
    return f"Side {side_names(sides, side, seats)}: " + ", ".join(figures)


def own_points(state: State, seat: int) -> int:
    """The points ``seat`` himself has scored in the deal (his entries of the deal's
    scores), where the state's ``scores`` give each partner his side's total."""
    events = state.score_events() if hasattr(state, "score_events") else _score_events(state)
    return sum(pts for s, pts, _ in events if s == seat)


def plays_text(plays: Sequence[tuple[int, int]], seats: Seats) -> str:
    """``Left A♠, you A♠, Right Q♠``: who played each card, in the order played."""
    return ", ".join(f"{'you' if seat == seats.human else seats.label(seat)} {show(card)}"
                     for seat, card in plays)


def trick_text(trick: PlayedTrick, seats: Seats) -> str:
    """``Left A♠, you A♠, Right Q♠, Across 9♠; won by Left``."""
    winner, plays = trick
    who = "you" if winner == seats.human else seats.label(winner)
    return f"{plays_text(plays, seats)}; won by {who}"



