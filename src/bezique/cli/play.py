"""``bezique play``: a whole match against the computer, in the terminal.

The loop is simple: the computer moves when it is its turn; on yours the screen shows what
happened since your last move (the cards you drew named to you alone), the table and your
numbered choices, and reads one line: a number, an action as the screen writes it, or a
command (``help``, ``hint``, ``score``, ``quit``). After every action the record file is
brought up to date (by appending), so an interrupted match loses nothing and
``--resume FILE`` continues it. A failed save is reported each time and retried after
the next action; ``quit`` says whether the record is complete.

The seed of a match is never shown: the deals and the computer's choices follow from it.
The local record file holds the deals (it must, to resume); networked play keeps them on
the server.
"""

from __future__ import annotations

import collections
import os
import random
import re
import shlex
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..analysis import evaluate, position_seed
from ..bots import BOTS, Bot, make_bot
from ..bots.search import SearchBot, decimals
from ..core.cards import Card
from ..core.errors import BeziqueError, IllegalActionError, OptionError, RecordError
from ..core.events import DrewLast, Exchanged
from ..core.game import Action, Game, State
from ..core.match import Match
from ..games import GAMES, make_game
from ..laws.match import LawMatch
from ..present import (
    GameView,
    Screen,
    Seats,
    build_screen,
    choice_prompt,
    keep_together,
    name_seats,
    partnership,
    rank_strength,
    sheet_lines,
    short,
    show,
    side_names,
    use_symbols,
    view_for,
    wrap,
)
from ..record import Record, RecordWriter, record_from_match, replay_file
from .main import cli
from .render import DataTable, PlainRenderer, choose_renderer, output_takes_symbols

HUMAN = "human"
COMPUTER_NAME = "Computer"
RECORD_DIR_HELP = "$XDG_DATA_HOME/bezique/ (by default ~/.local/share/bezique/)"
#: the longest line read from the player; anything longer is refused unread
MAX_INPUT = 500
#: a choice's label longer than this loses its explanation in brackets in a table
BRIEF = 30


class PlayError(click.ClickException):
    """A bad argument or file: the message, and exit status 2 (as click's usage errors)."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"bezique play: error: {self.format_message()}", err=True)


def record_dir() -> Path:
    """Where records go when ``--record`` is not given (the XDG data directory)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "bezique"


def default_record_path(game: Game[Any]) -> Path:
    """``<record_dir>/<game>-<date>-<time>.txt``, made unique if a match began the same
    second."""
    folder = record_dir()
    stem = f"{game.name}-{time.strftime('%Y%m%d-%H%M%S')}"
    path = folder / f"{stem}.txt"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.txt"
        n += 1
    return path


def resume_command(path: Path) -> str:
    """A command that continues the match where the player is: through ``make play``
    when that started it, else the ``bezique`` script as it was run (``.venv/bin/bezique``
    is not on the PATH after ``make play``)."""
    arg = shlex.quote(str(path))
    if os.environ.get("BEZIQUE_LAUNCHER") == "make":
        return f"make play ARGS={shlex.quote('--resume ' + arg)}"
    argv0 = sys.argv[0] if sys.argv else ""
    if Path(argv0).name == "bezique":
        found = shutil.which("bezique")
        if found and Path(found).resolve() == Path(argv0).resolve():
            return f"bezique play --resume {arg}"
        return f"{shlex.quote(argv0)} play --resume {arg}"
    return f"bezique play --resume {arg}"


def read_line(limit: int = MAX_INPUT) -> tuple[str | None, bool]:
    """One line typed by the player: ``(text, too_long)``; ``(None, False)`` at the end of
    the input. Bytes that are not UTF-8 are replaced (never a crash), and a line longer
    than ``limit`` is read to its end in pieces and refused (never held whole)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream without bytes underneath
        line = sys.stdin.readline(limit + 1)
        if not line:
            return None, False
        if len(line) > limit and not line.endswith("\n"):
            while True:
                rest = sys.stdin.readline(65536)
                if not rest or rest.endswith("\n"):
                    break
            return "", True
        return line, False
    raw = stream.readline(limit * 4 + 1)
    if not raw:
        return None, False
    too_long = len(raw) > limit * 4 and not raw.endswith(b"\n")
    if too_long:
        while True:
            rest = stream.readline(65536)
            if not rest or rest.endswith(b"\n"):
                break
        return "", True
    text = raw.decode("utf-8", errors="replace")
    return text, len(text.rstrip("\r\n")) > limit


def cut_for_deal(game: Game[Any], rng: random.Random, seats: Seats) -> tuple[int, list[str]]:
    """Every player cuts; the highest card (A 10 K Q J 9 ..., or the game's
    ``cut_ranks``) has the choice (Bézique, Cut and deal; Sixty-Six, Players); equal
    highest ranks cut again (GAP-BZ-4). At two, the
    winner gives the deal away, as Foster's Suggestions for Good Play advise (the first
    lead is usually worth more); the human, winning, is taken to follow the same advice,
    since the program asks nothing but moves (``--first-dealer you`` deals yourself). At
    a table of more, or where the game says so (``cut_winner_deals``: Écarté), the
    highest cut deals. A game whose ``cut`` is ``"low"`` (Hearts, Laws 1-2) gives the
    deal to the lowest card (by ``cut_ranks``: Hearts' Ace lowest) at any table. Only
    the seats that may deal first cut (Chouette: the adversaries, for the first game
    against the box)."""
    n = len(seats.names)
    ranks = [int(r) for r in game.cut_ranks]
    low = game.cut == "low"

    def value(card: int) -> int:  # higher wins the cut: the game's order, reversed if low
        v = len(ranks) - ranks.index(card & 15) if ranks else rank_strength(card)
        return -v if low else v

    cutters = [s for s in seats.order() if s in game.first_dealers()]
    lines = []
    order = game.pack.shuffled(rng)
    while True:
        drawn = [order[i] for i in rng.sample(range(len(order)), len(cutters))]
        cut = dict(zip(cutters, drawn, strict=True))
        text = "The cut: " + ", ".join(
            ("you cut " if s == seats.human else f"{seats.label(s)} cuts ") + show(cut[s])
            for s in sorted(cutters, key=lambda s: s != seats.human))
        best = max(value(c) for c in cut.values())
        high = [s for s in cutters if value(cut[s]) == best]
        if len(high) == 1:
            break
        lines.append(text + ": equal, cut again.")
    winner = high[0]
    if low:
        deals = "deal" if winner == seats.human else "deals"
        lines.append(text + ". " + seats.says(winner, "cut", f"lowest and {deals}") + ".")
        return winner, lines
    if n > 2:
        deals = "deal" if winner == seats.human else "deals"
        lines.append(text + ". " + seats.says(winner, "cut", f"highest and {deals}") + ".")
        return winner, lines
    other = 1 - winner
    if game.cut_winner_deals:  # the highest card secures the deal
        lines.append(text + ". " + seats.says(winner, "cut", "highest and "
                                               + ("deal" if winner == seats.human
                                                  else "deals")) + ".")
        return winner, lines
    if winner == seats.human:
        lines.append(text + ". You win the cut; following Foster's advice to give the "
                     f"adversary the deal, {seats.label(other)} deals (to deal yourself, "
                     "use --first-dealer you).")
        return other, lines
    lines.append(text + f". {seats.label(winner)} wins the cut and, as Foster advises, "
                 "gives you the deal.")
    return other, lines


#: how the computer players are named, by the number of seats (the human sits at 0;
#: play passes to the left, so seat 1 is on his left)
COMPUTER_NAMES = {2: (COMPUTER_NAME,), 3: ("Left", "Right"), 4: ("Left", "Across", "Right"),
                  5: ("Left", "Second", "Third", "Right"),
                  6: ("Left", "Second", "Third", "Fourth", "Right")}


def seat_count(game: Game[Any]) -> int:
    """The number of seats at the game's table."""
    return int(getattr(game, "num_players", 2))


def _holding(state: State, seat: int) -> collections.Counter[int]:
    """The cards ``seat`` holds: in hand and, where the game has them, declared on the
    table (they still belong to the hand)."""
    o: Any = state.observation(seat)
    cards = collections.Counter(int(c) for c in getattr(o, "hand", ()))
    tables = getattr(o, "tables", None)
    if tables is not None:
        cards.update(int(c) for c in tables[seat])
    return cards


class _LawDone(Action):
    """What :meth:`Session.ask` returns when the player's law action was already taken
    (under the laws: ``two 5C 9C`` plays a card): nothing more to apply."""

    __slots__ = ()

    def notation(self) -> str:
        return "(taken under the laws)"


LAW_DONE = _LawDone()


class Session:
    """One sitting at the table: the match, who plays which seat, the computer player,
    how the screen is drawn, and the record file kept up to date after each action."""

    #: a match under the laws (``--laws``), set from the match
    laws: bool = False

    def __init__(self, match: Match, seats: Seats, kinds: tuple[str, ...], bot: Bot,
                 hint_bot: Bot | None, hints: bool, path: Path, writer: RecordWriter, *,
                 view: GameView | None = None, renderer: PlainRenderer | None = None,
                 resumed: bool = False) -> None:
        self.match = match
        self.seats = seats
        self.kinds = kinds
        self.bot = bot
        self.hint_bot = hint_bot
        self.hints = hints
        self.path = path
        self.writer = writer
        #: a match under the laws (``--laws``): irregular actions are committed, law
        #: actions typed, rulings told, each deal kept as a referee's file
        self.laws = isinstance(match, LawMatch)
        self.view: GameView = view if view is not None else view_for(match.game)
        self.out: PlainRenderer = renderer if renderer is not None else PlainRenderer()
        self.seen_state: State = match.state
        # log entries already told: none yet; a resumed match recalls its deal so far
        self.seen = 0
        self.seen_deal = len(match.deals)
        self.echo_input = not sys.stdin.isatty()
        self.pending: list[str] = []  # story told before an automatic action, not yet shown
        if resumed and not match.is_over():
            shown, _ = self.view.table(match.state, seats)
            if self._events(shown):
                self.pending.append(f"The {self.view.deal_word} so far, from its start:")
        # what the player alone was told (the cards he drew), by position in the log
        self.private: list[tuple[int, str]] = []
        self.save_error: str | None = None  # why the last save failed, while it has
        self.leaving = "quit"  # why the loop stopped: "quit", or "eof" (the input ended)
        # the seats of the deal drawn (the table's, but for a game played inside it)
        self.drawn_seats: Seats = self.view.table(match.state, seats)[1]

    # -- output helpers ------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        self.out.echo(*lines)

    @staticmethod
    def _events(state: State) -> list[Any]:
        return list(state.events()) if hasattr(state, "events") else []

    def _story(self, state: State) -> list[str]:
        """What happened since the player was last told, with his own draws in place."""
        events = self._events(state)
        if state is not self.seen_state:
            # a new deal is told from its start; under the laws the same deal taken back
            # to an earlier trick (a replay) is not told again
            same = self.laws and len(self.match.deals) == self.seen_deal
            self.seen_state, self.seen = state, min(self.seen, len(events)) if same else 0
        self.seen_deal = len(self.match.deals)
        story = self.pending
        start = self.seen
        for at, text in self.private:
            if at > start:
                story += self.view.narrate(events[:at], start, self.drawn_seats)
                start = at
            story.append(text)
        story += self.view.narrate(events, start, self.drawn_seats)
        self.pending, self.private = [], []
        self.seen = len(events)
        return story

    def resume_hint(self) -> str:
        return resume_command(self.path)

    # -- the record ----------------------------------------------------------------------

    def record(self) -> Record:
        return record_from_match(self.match, players=self.seats.names, kinds=self.kinds)

    def law_files(self) -> list[Path]:
        """Under the laws: each deal's referee file, beside the record's name."""
        assert isinstance(self.match, LawMatch)
        return [self.path.with_name(f"{self.path.stem}-deal{i}.txt")
                for i in range(1, len(self.match.tables) + 1)]

    def save(self) -> bool:
        """Bring the record file up to date. A failure is reported every time (the
        record then lags behind) and the next save tries again; ``True`` when the file
        holds every action. Under the laws: the deals' referee files."""
        if isinstance(self.match, LawMatch):
            try:
                for f, table in zip(self.law_files(), self.match.tables, strict=True):
                    f.write_text(table.referee_text(), encoding="utf-8")
            except OSError as exc:
                click.echo(f"Warning: the deal could not be saved: {exc.strerror or exc}",
                           err=True)
                return False
            return True
        try:
            self.writer.save(self.record())
        except (OSError, RecordError) as exc:
            why = getattr(exc, "strerror", None) or str(exc)
            self.save_error = why
            click.echo(f"Warning: the match could not be saved to {self.path}: {why}. "
                       "It will be tried again after the next move.", err=True)
            return False
        if self.save_error is not None:
            self.say(f"Saved again: {self.path} holds the whole match.")
            self.save_error = None
        return True

    # -- the loop ------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the match is over, the player quits, or the input ends. The exit
        status: 0, or 1 when the record could not be brought up to date at the end."""
        while not self.match.is_over():
            state = self.match.state
            # the deal drawn for the human (Chouette: the game's two hands) and its seats
            shown, self.drawn_seats = self.view.table(state, self.seats)
            deals = len(self.match.deals)
            moment = self.law_moment(shown) if self.laws else None
            if moment is not None:  # under the laws: his election, or a moment to act
                if not moment:
                    return self.stop(self.leaving)
                action: Action = LAW_DONE
            elif state.decides(self.seats.human):
                asked = self.automatic(shown) or self.ask(shown)
                if asked is None:
                    return self.stop(self.leaving)
                action = asked
            else:
                action = self.computer_move(state)
            before = _holding(shown, self.drawn_seats.human)
            seen = len(self._events(shown))
            if action is not LAW_DONE:
                try:
                    self.match.apply(action)
                except BeziqueError as exc:  # under the laws: a law forbids it (the
                    if not self.laws:        # engine allowed it)
                        raise
                    self.say(*wrap(f"Not under the laws: {exc}."))
                    continue
            if isinstance(self.match, LawMatch):
                self.say(*self.match.take_news())
            self.note_draws(shown, before, seen)
            self.save()
            if len(self.match.deals) != deals or self.match.is_over():
                self.deal_over(shown)
                if not self.match.is_over() and not self.pause():
                    return self.stop(self.leaving)
        self.say("", self.result_line(), f"The record of the match is in {self.path}.")
        return 0 if self.save_error is None else self.stop("end")

    def stop(self, how: str) -> int:
        """Leave the table, saying truly whether the record holds the whole match."""
        if self.laws:  # a match under the laws is not resumed: its deals are kept
            self.say("", "Each deal is kept as a referee's file (bezique referee FILE): "
                     + ", ".join(str(f) for f in self.law_files()))
            return 0
        if how == "eof":
            first = "Input ended."
        elif how == "end":
            first = "The match is over."
        else:
            first = ""
        if self.save_error is not None:
            self.save()
        if self.save_error is None:
            if how == "end":
                return 0
            # the command on a line of its own, never broken, to be copied whole
            self.say("", (first + " " if first else "") + f"Saved. The match is in "
                     f"{keep_together(str(self.path))}; continue it with:",
                     "  " + keep_together(self.resume_hint()))
            return 0
        self.say("", (first + " " if first else "")
                 + f"The match could NOT be saved to {keep_together(str(self.path))}"
                 f" ({self.save_error}): "
                 "the file lacks the latest moves.")
        return 1

    def note_draws(self, state: State, before: collections.Counter[int], seen: int) -> None:
        """Tell the player the cards he drew in the action just taken (to him alone):
        what he now holds that he did not, less the turn-up he took in full view."""
        human = self.drawn_seats.human
        gained = _holding(state, human) - before
        if not gained:
            return
        events = self._events(state)
        for e in events[seen:]:
            if isinstance(e, Exchanged) and e.seat == human:
                gained[e.took] -= 1
            elif isinstance(e, DrewLast) and e.taker == human:
                gained[e.turn_up] -= 1  # the turn-up, taken in full view
            elif e.breaks_trick and getattr(e, "seat", None) == human:
                for c in getattr(e, "cards", ()):  # the trick taken up, in full view
                    gained[c] -= 1
        cards = sorted(+gained, key=lambda c: -rank_strength(c))
        drawn = [c for c in cards for _ in range(gained[c])]
        if drawn:
            self.private.append((len(events), self.view.drawn(drawn, self.drawn_seats)))

    def deal_over(self, state: State) -> None:
        """The end of a deal: its last tricks, what each side's points were made of,
        the sheet (and, after the last deal, nothing more: the result is said once)."""
        deal_no = len(self.match.sheet.rows)
        seats = self.drawn_seats
        names = [seats.label(s) for s in seats.order()]
        word = self.view.deal_word
        self.out.deal_over(f"{word.capitalize()} {deal_no} is over.", self._story(state),
                           self.view.breakdown(state, seats), names,
                           sheet_lines(self.match, self.seats, word=word))

    def pause(self) -> bool:
        """Wait for the player before the next deal; ``False`` when he quits (or the
        input ends)."""
        banner = self.view.banner(self.match, self.seats)
        self.say("")
        self.out.prompt(f"Press Enter for the next {self.view.deal_word} (or type quit): ")
        line, _ = read_line()
        if line is None:
            self.leaving = "eof"
            return False
        if self.echo_input:
            click.echo(short(line.strip()))
        if line.strip().lower() in ("quit", "exit", "q"):
            return False
        self.say("", banner)
        return True

    def computer_move(self, state: State) -> Action:
        """The computer's action. Its generator is seeded afresh from the match seed and
        the number of actions so far, so a resumed match goes on exactly as it would have
        without the interruption."""
        done = sum(len(d.actions) for d in self.match.deals)
        self.bot.rng = random.Random(f"computer {self.match.seed} {done}")
        if not isinstance(self.bot, SearchBot):  # the rule-based player answers at once
            return self.bot.choose(state)
        with self.out.thinking(self.seats.label(state.current_player())):
            return self.bot.choose(state)

    def automatic(self, state: State) -> Action | None:
        """The player's only legal action when it needs no decision (Bézique: the draw
        with nothing to declare), taken for him; the line saying so joins the story at his
        next screen, after what led to it. ``None``: ask him."""
        legal = state.legal_actions()
        if len(legal) != 1 or self.laws and self.view.card_play(legal[0]) is None:
            return None  # under the laws he may draw otherwise than the rules' draw
        note = self.view.automatic(state, legal)
        if note is None:
            return None
        self.pending = self._story(state) + [note]
        return legal[0]

    def result_line(self) -> str:
        sheet = self.match.sheet
        if sheet.winner is None:
            if sheet.summary:
                return f"The match is over: {name_seats(sheet.summary, self.seats)}."
            return "The match is over."
        if sheet.summary:
            return f"Match over: {name_seats(sheet.summary, self.seats)}."
        if getattr(sheet, "sides", None):  # a sheet of sides: the winner is a side
            if sheet.column_of(self.seats.human) == sheet.winner:
                mates = sum(1 for c in sheet.sides if c == sheet.winner) - 1
                if not mates:
                    return "Match over: you win the match."
                return ("Match over: you and your partner win the match." if mates == 1
                        else "Match over: you and your partners win the match.")
            names = [self.seats.label(s) for s in self.seats.order()]
            return f"Match over: {sheet.labels(names)[sheet.winner]} win the match."
        return f"Match over: {self.seats.says(sheet.winner, 'win', 'the match')}."

    def screen(self, state: State, story: list[str]) -> Screen:
        return build_screen(self.view, state, self.drawn_seats, self.match, story)

    def ask(self, state: State) -> Action | None:
        """Show the table and read a legal action; ``None`` when the player quits or the
        input ends."""
        screen = self.screen(state, self._story(state))
        self.out.screen(screen)
        choices = screen.actions
        n = len(choices)
        prompt = choice_prompt(n, self.hints and self.hint_bot is not None)
        while True:
            self.out.prompt(prompt)
            line, too_long = read_line()
            if line is None:
                self.leaving = "eof"
                return None
            text = line.strip()
            if self.echo_input:
                click.echo(short(text, 60))
            if too_long:
                self.say(f"That line is too long (over {MAX_INPUT} characters): type a "
                         f"number from 1 to {n}, an action, or help.")
                continue
            low = text.lower()
            if not text:
                self.say(f"Type a number from 1 to {n}, an action such as "
                         f"{choices[0].notation()}, or help.")
                continue
            if low in ("help", "?", "h"):
                self.out.block("\n" + self.view.rules(self.match.game) + "\n\n"
                               + self.view.commands())
                self.out.screen(self.screen(state, []))
                continue
            if low == "hint":
                for part in self.hint(state, choices):
                    self.say("")
                    if isinstance(part, DataTable):
                        self.out.table(part)
                    else:
                        self.say(*wrap(part))
                self.out.screen(self.screen(state, []))
                continue
            if low in ("score", "sheet"):
                word = self.view.deal_word
                self.say("Score sheet:", *("  " + x for x in sheet_lines(
                    self.match, self.seats, word=word)))
                self.say(f"This {word} so far: {self._deal_points(state)}")
                self.out.screen(self.screen(state, []))
                continue
            if low in ("tricks", "trick"):
                self.say("", *(x for line in self.view.tricks(state, self.drawn_seats)
                               for x in wrap(line)))
                self.out.screen(self.screen(state, []))
                continue
            if low in ("quit", "exit", "q"):
                return None
            if isinstance(self.match, LawMatch) and low.split()[0] in self.match.table.verbs:
                if self.law_action(text):
                    return LAW_DONE
                self.out.screen(self.screen(state, []))
                continue
            action, problem = self.read_action(state, text, choices)
            if action is None:
                self.say(*wrap(problem))
                self.out.screen(self.screen(state, []))
                continue
            question = self.view.confirm(state, action)
            if question is not None and not self.confirmed(question):
                self.out.screen(self.screen(state, []))
                continue
            return action

    def law_action(self, text: str) -> bool:
        """Under the laws: the player's law action (``claim 2``, ``expose 9C``, ``two 5C
        9C``...), its rulings told; ``True`` when the table took it (the screen is drawn
        again from the table as it now is)."""
        assert isinstance(self.match, LawMatch)
        try:
            self.match.act(text, self.seats.human)
        except BeziqueError as exc:
            self.say(*wrap(f"Not under the laws: {exc}."))
            return False
        self.say(*self.match.take_news())
        return True

    def law_moment(self, state: State) -> bool | None:
        """Under the laws: what the table offers the player now (an election the law
        gives him, his moment to act before the adversary): ``None`` when nothing; else
        asked, ``True`` when answered (by a law action, or by going on when he may),
        ``False`` when he quits."""
        assert isinstance(self.match, LawMatch)
        human = self.seats.human
        what, choices, waits = self.match.pending(human)
        if not choices:
            return None
        # the story only: the screen would list the actions of the seat to act
        self.say("", *(x for line in self._story(state) for x in wrap(line)))
        if not waits:
            choices = ["go on", *choices]
        listed = "; ".join(f"{i}: {c}" for i, c in enumerate(choices, 1))
        while True:
            self.out.prompt(f"The laws: {what}. {listed} (or another law action): ")
            line, _ = read_line()
            if line is None:
                self.leaving = "eof"
                return False
            text = line.strip()
            if self.echo_input:
                click.echo(short(text, 60))
            if text.lower() in ("quit", "exit", "q"):
                return False
            if text.isascii() and text.isdigit() and 1 <= int(text[:6]) <= len(choices):
                text = choices[int(text[:6]) - 1]
            if text in ("", "go on") and not waits:
                self.match.pass_moment(human)
                self.say(*self.match.take_news())
                return True
            if text and self.law_action(text):
                return True

    def confirmed(self, question: str) -> bool:
        self.out.prompt(question)
        line, _ = read_line()
        answer = (line or "").strip().lower()
        if self.echo_input and line is not None:
            click.echo(short(answer))
        return answer in ("y", "yes")

    def _deal_points(self, state: State) -> str:
        pts = state.scores()
        if not self.view.show_counts:
            return "the running counts are hidden (--show-counts shows them)"
        seats = self.drawn_seats
        sides = getattr(state.observation(seats.human), "sides", None)
        if sides is not None and partnership(sides):  # each partner holds the side's
            return "; ".join(f"{side_names(sides, side, seats)} {pts[sides.index(side)]}"
                             for side in sorted(set(sides)))
        return ", ".join(f"{seats.label(s)} {pts[s]}" for s in seats.order())

    def read_action(self, state: State, text: str, choices: list[Action]
                    ) -> tuple[Action | None, str]:
        """The legal action ``text`` names (a number from the list or a notation), or
        ``None`` and what is wrong with it."""
        n = len(choices)
        # ASCII digits only, and few of them: int() refuses 4,301 digits, and "²" or "٣"
        # are not choice numbers
        if text.isascii() and text.isdigit():
            k = int(text) if len(text) <= 6 else 0
            if 1 <= k <= n:
                return choices[k - 1], ""
            return None, f"There is no choice {short(text, 12)}: type a number from 1 to {n}."
        try:
            action = state.parse_action(text)
        except BeziqueError as exc:
            why = _cards_as_shown(short(str(exc), 200))
            return None, (f"Cannot read {short(text)!r}: {why}. Type a number from 1 to"
                          f" {n}, an action as listed, or help.")
        # the list is bounded (Bézique lists no announcement of several unrelated
        # combinations at once), the rules are not: anything legal is taken
        if action in choices or state.is_legal(action):
            return action, ""
        hands = getattr(state, "hands", None)
        if self.laws and hands and getattr(action, "card", None) in hands[state.current_player()]:
            return action, ""  # under the laws: committed, and the laws rule on it
        # the engine writes cards in letters (8C KC); the screen, as it shows them
        why = _cards_as_shown(self.why_illegal(state, action))
        if " not allowed" in why:  # "A♠ is not allowed: ...", said once
            return None, why[0].upper() + why[1:] + "."
        return None, f"Not allowed now: {why}."

    @staticmethod
    def why_illegal(state: State, action: Action) -> str:
        """The engine's reason, found by trying the action on a copy."""
        probe = state.clone()
        try:
            probe.apply(action)
        except IllegalActionError as exc:
            return str(exc).rstrip(".")
        except BeziqueError as exc:  # pragma: no cover - engines raise IllegalActionError
            return str(exc).rstrip(".")
        return f"{action} is not among the legal actions"

    def hint(self, state: State, choices: list[Action]) -> list[str | DataTable]:
        """What the hint player would do here (``state``: the deal as drawn, for the
        choices' numbers and labels). A search player weighs the match's real position
        with :func:`bezique.analysis.evaluate`, the one evaluation ``bezique review``
        makes too, seeded from the position: the same position always gets the same
        values, shown as a table with their unit and standard errors. The rule-based
        player, seeded from the position too, says why."""
        if not self.hints:
            return ["Hints are off in this match (start or resume it with --hints)."]
        if self.hint_bot is None:
            return [f"No hints: there is no rule-based player for {self.match.game.title}"
                    " here."]
        who = ("the rule-based player" if self.hint_bot.name == "rules"
               else f"the {self.hint_bot.name} player")
        real = self.match.state  # Chouette's whole position, not only the duel drawn
        if isinstance(self.hint_bot, SearchBot):
            with self.out.thinking(who[0].upper() + who[1:]):
                ev = evaluate(self.hint_bot, real)
            rows = [(self.numbered(state, choices, w.action, brief=True), w.value, w.error,
                     "") for w in ev.ranked]
            title = (f"Hint: {who} would choose "
                     f"{self.numbered(state, choices, ev.best.action)}.")
            note = values_note(ev.unit, ev.sampled, ev.iterations, ev.exact,
                               len(set(real.sides)), "your side's")
            return [values_table(title, rows, ev.unit, note)]
        self.hint_bot.rng = random.Random(position_seed(real))
        advise = getattr(self.hint_bot, "advise", None)
        reasons: tuple[str, ...] = ()
        if advise is not None:
            advice = advise(real.clone())
            action, reasons = advice.action, tuple(advice.reasons)
        else:
            action = self.hint_bot.choose(real.clone())
        text = f"Hint: {who} would choose {self.numbered(state, choices, action)}."
        if reasons:
            text += " Why: " + "; ".join(_cards_as_shown(r.rstrip(".")) for r in reasons) + "."
        return [text]

    def numbered(self, state: State, choices: list[Action], action: Action, *,
                 brief: bool = False) -> str:
        """An action with its number in the list of choices: ``3: Q♠``; ``brief``: without
        a long explanation in brackets (``close``, not ``close (no more drawing; ...)``),
        for a table's column."""
        number = f"{choices.index(action) + 1}: " if action in choices else ""
        text = self.written(state, action)
        if brief and len(text) > BRIEF and " (" in text:
            text = text[:text.index(" (")]
        return number + text

    def written(self, state: State, action: Action) -> str:
        """An action as the screen writes it (``Q♠``, ``marriage K♦ Q♦ (20)``)."""
        spot = self.view.card_play(action)
        if spot is None:
            return self.view.label(state, action)
        return show(spot[0]) + ("*" if spot[1] else "")


def values_table(title: str, rows: list[tuple[str, float, float | None, str]], unit: str,
                 note: str) -> DataTable:
    """The table of a position's values, a hint's or a review's: each choice (best
    first) with its expected value in ``unit`` and its standard error, and a last column
    of marks ("played", "best") when any row has one."""
    places = decimals(unit)
    marks = any(mark for *_, mark in rows)
    cells = tuple((label, f"{value:+.{places}f}",
                   "-" if error is None else f"{error:.{places}f}", *((mark,) if marks else ()))
                  for label, value, error, mark in rows)
    columns = ("choice", f"expected {unit}", "± s.e.", *(("",) if marks else ()))
    return DataTable(title, columns, cells, (False, True, True, *((False,) if marks else ())),
                     note)


def values_note(unit: str, sampled: str, iterations: int, exact: int, sides: int,
                whose: str) -> str:
    """What the values of :func:`values_table` are: the unit, the margin they measure
    and over how many sampled worlds the standard error (± s.e.) is taken."""
    others = "the other side's" if sides <= 2 else "the mean of the other sides'"
    solved = f", {exact} of them solved exactly" if exact else ""
    return (f"Expected {unit} at the end of the deal: {whose} result less {others}. "
            f"± s.e.: one standard error of that mean over the {iterations} {sampled}"
            f" sampled{solved}.")


_NOTATION = re.compile(r"\b([2-9TJQKA])([CDHS])\b")


def _cards_as_shown(text: str) -> str:
    """Card notations (``QS``) in a sentence, written as the screen writes cards."""
    return _NOTATION.sub(lambda m: show(Card.parse(m.group(0))), text)


# -- the command ----------------------------------------------------------------------------

def _print_options(game_name: str) -> None:
    try:
        game = make_game(game_name)
    except OptionError as exc:
        raise PlayError(str(exc)) from None
    cls = game.options_class
    click.echo(f"Options of {game.title} (--option NAME=VALUE; the defaults are Foster's):")
    for name, default, allowed, doc in cls.describe():
        click.echo(f"  {name} = {default}")
        click.echo(f"      allowed: {allowed}")
        for line in wrap(doc, "      "):
            click.echo(line)


def _new_match(game_name: str, options: tuple[str, ...], opponent: str, seed: int | None,
               name: str, first_dealer: str, record: str | None, laws: bool = False
               ) -> tuple[Match, Seats, tuple[str, ...], Path, list[str]]:
    try:
        make_game(game_name)
    except OptionError as exc:
        raise PlayError(str(exc)) from None
    try:
        game = make_game(game_name, list(options))
    except (OptionError, ValueError) as exc:
        raise PlayError(f"{exc} (see: bezique play --game {game_name} --list-options)"
                        ) from None
    name = " ".join(name.split())
    if not name or not name.isprintable():
        raise PlayError("--name needs a printable name")
    if len(name) > 40:
        raise PlayError("--name is too long (40 characters at most)")
    if seed is None:
        # a secret seed, too large to find by trying: the deals and the computer's
        # choices follow from it, so it is never shown
        seed = random.SystemRandom().getrandbits(128)
    human = 0
    seats = Seats(human, (name, *COMPUTER_NAMES[seat_count(game)]))
    intro: list[str] = []
    n = seat_count(game)
    if first_dealer == "you":
        if human not in game.first_dealers():
            raise PlayError(f"you may not deal first in {game.title} (the box never deals);"
                            " use --first-dealer computer or cut")
        dealer = human
        intro.append("You deal first.")
    elif first_dealer == "computer":
        # the first computer player on your right who may deal: at two, the other player
        dealer = next(s for s in ((human - k) % n for k in range(1, n))
                      if s in game.first_dealers())
        intro.append(f"{seats.label(dealer)} deals first.")
    else:
        dealer, lines = cut_for_deal(game, random.Random(f"cut {seed}"), seats)
        intro += [part for line in lines for part in wrap(line)]
    if laws:
        try:
            law_match = LawMatch(game, seed=seed, first_dealer=dealer,
                                 computers=[s for s in range(n) if s != human])
        except BeziqueError as exc:
            raise PlayError(f"--laws: {exc}") from None
        intro.append(law_match.table.intro())
        match: Match = law_match
    else:
        match = Match(game, seed=seed, first_dealer=dealer)
    if record:
        path = Path(record)
        if path.exists():
            raise PlayError(f"the record {record} already exists: continue that match with "
                            f"--resume {shlex.quote(record)}, or name another file")
    else:
        path = default_record_path(game)
    kinds = tuple(HUMAN if s == human else opponent for s in seats.order())
    changed = game.options.changed()
    opts = ", ".join(f"{k}={v}" for k, v in changed.items()) if changed \
        else f"{game.rules_by} (no options changed)"
    head = [view_for(game).opening(game, seats, opponent), f"Options: {opts}."]
    return match, seats, kinds, path, head + intro


def _resumed_match(resume: str, record: str | None
                   ) -> tuple[Match, Seats, tuple[str, ...], Path, list[str]]:
    src = Path(resume)
    if not src.is_file():
        raise PlayError(f"cannot resume: no such file {resume}")
    try:
        rec, match = replay_file(src)  # one pass: a bad record fails at its first fault
    except BeziqueError as exc:  # RecordError, and what replaying may raise
        raise PlayError(f"cannot resume from {resume}: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PlayError(f"cannot resume from {resume}: {exc}") from None
    kinds = tuple(str(k) for k in rec.kinds)
    if kinds.count(HUMAN) != 1:
        raise PlayError(f"cannot resume from {resume}: it is not a match of one person "
                        f"against the computer (players: {', '.join(kinds)})")
    human = kinds.index(HUMAN)
    names = tuple(str(p) for p in rec.players)
    seats = Seats(human, names)
    if record and Path(record) != src:
        raise PlayError("--record with --resume: the resumed match goes on in its own file"
                        f" ({resume})")
    where = f"{view_for(match.game).deal_word} {len(match.deals)}"
    tricks = getattr(match.state.observation(human), "tricks_played", None)
    if tricks is not None and not match.is_over():
        where += f", trick {tricks + 1}"
    others = ", ".join(f"{names[s]}: {kinds[s]} player" for s in seats.order() if s != human)
    head = [f"Resuming the {match.game.title} match of {resume}", f"at {where} ({others})."]
    return match, seats, kinds, src, head


#: who gives the hints unless --hint-player says otherwise
DEFAULT_HINT_PLAYER = "pimc"
#: games whose rule-based player beats the default search player on duplicate deals, so
#: that the hints come from the stronger one (Binocle: rules - pimc +106 a deal over 6
#: deals, rules - ismcts +36 over 16, ``bezique tournament --seed 9``)
RULES_HINT_GAMES = frozenset({"binocle"})

# parameters that a resumed match takes from its record, with their flags
RESUME_CONFLICTS = {"game_name": "--game", "options": "--option", "opponent": "--opponent",
                    "seed": "--seed", "name": "--name", "first_dealer": "--first-dealer"}


@cli.command("play")
@click.option("--game", "game_name", default="bezique", show_default=True,
              help="The game: " + ", ".join(GAMES) + ".")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="A variant of the rules (repeatable); see --list-options.")
@click.option("--opponent", default="rules", show_default=True, metavar="PLAYER",
              help="The computer player: rules (the rule-based player), random, or a "
                   "search player: pimc, ismcts, flat, pimc-infer, with a budget if you "
                   "like (pimc:iterations=200). See bezique players.")
@click.option("--think", type=click.FloatRange(0.05, 600), default=None, metavar="SECONDS",
              help="A search opponent's time a move (instead of its iterations).")
@click.option("--seed", type=int, default=None,
              help="Seed for the cut, the deals and the computer, to play the same deals "
                   "again (default: a secret random one, kept in the record for resuming "
                   "and never shown).")
@click.option("--name", default="You", show_default=True,
              help="Your name on the score sheet and in the record.")
@click.option("--record", "record", type=click.Path(dir_okay=False), default=None,
              help="A new record file, kept up to date after every action (an existing "
                   f"file is never overwritten). Default: <game>-<date>-<time>.txt in "
                   f"{RECORD_DIR_HELP}.")
@click.option("--resume", type=click.Path(dir_okay=False), default=None,
              help="Continue the match saved in this record file from its last action.")
@click.option("--hints/--no-hints", default=False, show_default=True,
              help="Allow the 'hint' command (what the --hint-player would do, and what "
                   "each choice is worth or why); off unless asked for.")
@click.option("--hint-player", default=DEFAULT_HINT_PLAYER, show_default=True,
              metavar="PLAYER",
              help="Who gives the hints: a search player with its budget (pimc, "
                   "pimc:worlds=60, ismcts, flat), which tells the expected points of each "
                   "choice, or rules (the rule-based player, which tells why).")
@click.option("--show-counts/--hide-counts", default=None,
              help="Show the running counts of a game of memory (Sixty-Six: hidden by "
                   "default, as Foster means the count to be kept in the head).")
@click.option("--display", type=click.Choice(["auto", "rich", "plain"]), default="auto",
              show_default=True,
              help="How to draw the table: rich (colour and panels), plain (lines of "
                   "text), auto (rich in a terminal, plain through a pipe).")
@click.option("--first-dealer", type=click.Choice(["you", "computer", "cut"]),
              default="cut", show_default=True,
              help="Who deals the first hand; 'cut': the higher cut has the choice, and "
                   "the deal goes to the adversary as Foster advises.")
@click.option("--laws", is_flag=True,
              help="Play under the game's laws of irregularities (Hearts): a card that does"
                   " not follow is accepted as a revoke, and you may claim, call, expose"
                   " or name cards; each deal is kept as a referee's file.")
@click.option("--list-options", is_flag=True,
              help="Print the options of --game with their defaults and allowed values, "
                   "and exit.")
@click.pass_context
def play(ctx: click.Context, game_name: str, options: tuple[str, ...], opponent: str,
         seed: int | None, name: str, record: str | None, resume: str | None, hints: bool,
         think: float | None, hint_player: str, show_counts: bool | None, display: str,
         first_dealer: str, list_options: bool, laws: bool) -> None:
    """Play a whole match against the computer.

    With no arguments: Bézique against the rule-based player, the first dealer chosen by
    a cut, the record saved after every action. On your turn type the number of a choice
    or the action as the screen writes it (Q♠ or QS, Q♠*, bezique Q♠ J♦, draw, exchange,
    ...), or a command: help (the rules in brief), hint, score (the match sheet), quit
    (save and stop). If the input ends the match is saved too; continue it with
    --resume FILE.
    """
    if list_options:
        _print_options(game_name)
        return
    if think is not None and resume:
        raise PlayError("--resume continues the saved match with its own players; drop"
                        " --think")
    if resume and laws:
        raise PlayError("a match under the laws is not resumed (each deal is kept as a"
                        " referee's file); drop --laws")
    if resume:
        given = [p for p in RESUME_CONFLICTS
                 if ctx.get_parameter_source(p) == ParameterSource.COMMANDLINE]
        if given:
            flags = ", ".join(RESUME_CONFLICTS[p] for p in given)
            raise PlayError(f"--resume continues the saved match with its own game, "
                            f"options, players and seed; drop {flags}")
        match, seats, kinds, path, head = _resumed_match(resume, record)
        opponent = next(k for s, k in enumerate(kinds) if s != seats.human)
    else:
        match, seats, kinds, path, head = _new_match(game_name, options, opponent, seed,
                                                     name, first_dealer, record, laws)
    if opponent.partition(":")[0] not in BOTS:
        extra = " (the rule-based player is not available here)" if opponent == "rules" \
            else ""
        raise PlayError(f"unknown opponent {short(opponent)!r}{extra}; available: "
                        f"{', '.join(sorted(BOTS))}")
    bot_seed = match.seed
    try:
        bot = make_bot(opponent, match.game, bot_seed)
    except OptionError as exc:  # e.g. no rule-based player for this game
        if resume or ctx.get_parameter_source("opponent") == ParameterSource.COMMANDLINE:
            raise PlayError(f"{exc}; choose another with --opponent") from None
        # the default opponent does not exist for this game: say so and play the random one
        opponent = "random"
        kinds = tuple(HUMAN if s == seats.human else opponent for s in seats.order())
        head[0] = head[0].replace("(rules player)", "(random player)")
        head.insert(1, f"There is no rule-based player for {match.game.title} yet, so the "
                    "computer plays at random.")
        bot = make_bot(opponent, match.game, bot_seed)
    if think is not None:
        if not isinstance(bot, SearchBot):
            raise PlayError(f"--think sets a search player's time a move; the {opponent}"
                            " player does not search (pimc, ismcts, flat, pimc-infer do)")
        # the time is the budget: iterations enough never to stop it first
        opponent += ("," if ":" in opponent else ":") + f"seconds={think:g},iterations=1000000"
        kinds = tuple(HUMAN if s == seats.human else opponent for s in seats.order())
        bot = make_bot(opponent, match.game, bot_seed)
    hint_bot: Bot | None = None
    if hints:
        if ctx.get_parameter_source("hint_player") != ParameterSource.COMMANDLINE and \
                match.game.name in RULES_HINT_GAMES:
            hint_player = "rules"
        try:
            hint_bot = make_bot(hint_player, match.game, bot_seed)
        except OptionError as exc:
            if ctx.get_parameter_source("hint_player") == ParameterSource.COMMANDLINE:
                raise PlayError(f"--hint-player: {exc}") from None
            hint_bot = None  # 'hint' says there is none for this game
    use_symbols(output_takes_symbols())
    view = view_for(match.game, show_counts=show_counts)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PlayError(f"cannot write the record {path}: {exc.strerror or exc}") from None
    try:
        # the record tells the match in comment lines as it goes (the reader skips them)
        writer = RecordWriter(path, create=resume is None, story=True)
    except FileExistsError:
        raise PlayError(f"the record {path} already exists: continue that match with "
                        f"--resume {shlex.quote(str(path))}, or name another file") from None
    except (OSError, RecordError) as exc:
        why = getattr(exc, "strerror", None) or exc
        raise PlayError(f"cannot write the record {path}: {why}") from None
    session = Session(match, seats, kinds, bot, hint_bot, hints, path, writer, view=view,
                      renderer=choose_renderer(display), resumed=resume is not None)
    for line in head:
        session.say(line)
    if match.is_over():
        session.say("This match is already over.", "Score sheet:",
                    *("  " + x for x in sheet_lines(match, seats)), session.result_line())
        return
    if laws:
        session.say("Under the laws each deal is kept as a referee's file beside"
                    f" {keep_together(str(path))} (bezique referee FILE); it is not resumed.")
    if resume is None and not laws:
        try:
            writer.save(session.record())
        except FileExistsError:
            raise PlayError(f"the record {path} already exists: continue that match with "
                            f"--resume {shlex.quote(str(path))}, or name another file"
                            ) from None
        except (OSError, RecordError) as exc:
            why = getattr(exc, "strerror", None) or exc
            raise PlayError(f"cannot write the record {path}: {why}") from None
    if not laws:
        session.say(f"The match is saved after every action in {keep_together(str(path))};"
                    " if interrupted, continue it with:",
                    "  " + keep_together(session.resume_hint()))
    session.say("Type help for the rules, " + ("hint for advice, " if hint_bot else "")
                + f"score for the match sheet, tricks for the tricks of this {view.deal_word},"
                " quit to stop.")
    if view.counts_hidden_by_default and not view.show_counts:
        session.say("The running counts are not shown: Foster's Sixty-Six is a game of "
                    "memory (--show-counts shows them).")
    if not match.deals[-1].actions:
        session.say(view.banner(match, seats))
    try:
        status = session.run()
    except KeyboardInterrupt:
        # every action is saved as it is taken, so an interruption loses nothing
        session.say("", "Interrupted.")
        status = session.stop("quit")
        raise SystemExit(130 if status == 0 else 1) from None
    if status:
        raise SystemExit(status)


__all__ = ["PlayError", "Session", "cut_for_deal", "default_record_path", "play",
           "read_line", "record_dir", "resume_command", "values_note", "values_table"]
