"""``bezique play``: a whole match against the computer, in the terminal.

The loop is simple: the computer moves when it is its turn; on yours the screen shows what
happened since your last move, the table and your numbered choices, and reads one line:
a number, an action's notation, or a command (``help``, ``hint``, ``score``, ``quit``).
After every action the whole match is written to its record file (atomically), so an
interrupted match loses nothing and ``--resume FILE`` continues it.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..bots import BOTS, Bot, make_bot
from ..core.errors import BeziqueError, IllegalActionError, OptionError, RecordError
from ..core.game import Action, Game, State
from ..core.match import Match
from ..games import GAMES, make_game
from ..record import Record, read, record_from_match, replay, write
from .display import (
    COMMANDS_HELP,
    GameView,
    Seats,
    choice_prompt,
    deal_banner,
    deal_over_screen,
    name_seats,
    numbered,
    rank_strength,
    turn_screen,
    view_for,
    wrap,
)
from .main import cli

HUMAN = "human"
COMPUTER_NAME = "Computer"
RECORD_DIR_HELP = "$XDG_DATA_HOME/bezique/ (by default ~/.local/share/bezique/)"


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


def cut_for_deal(game: Game[Any], rng: random.Random, seats: Seats) -> tuple[int, list[str]]:
    """Both cut; the higher card (A 10 K Q J 9 ...) has the choice (Bézique, Cut and deal;
    Sixty-Six, Players); equal ranks cut again (GAP-BZ-4). The computer, winning,
    gives the deal away, as Foster's Suggestions for Good Play advise (the first lead is
    usually worth more); the human, winning, is taken to follow the same advice, since
    the program asks nothing but moves (``--first-dealer you`` deals yourself)."""
    human, computer = seats.human, 1 - seats.human
    lines = []
    order = game.pack.shuffled(rng)
    while True:
        i, j = rng.sample(range(len(order)), 2)
        mine, theirs = order[i], order[j]
        text = (f"The cut: you cut {mine.notation()}, {seats.label(computer)} cuts "
                f"{theirs.notation()}")
        if rank_strength(mine) != rank_strength(theirs):
            break
        lines.append(text + ": equal, cut again.")
    if rank_strength(mine) > rank_strength(theirs):
        lines.append(text + ". You win the cut; following Foster's advice to give the "
                     f"adversary the deal, {seats.label(computer)} deals (to deal yourself, "
                     "use --first-dealer you).")
        return computer, lines
    lines.append(text + f". {seats.label(computer)} wins the cut and, as Foster advises, "
                 "gives you the deal.")
    return human, lines


class Session:
    """One sitting at the table: the match, who plays which seat, the computer player,
    and the record file written after each action."""

    def __init__(self, match: Match, seats: Seats, kinds: tuple[str, str], bot: Bot,
                 hint_bot: Bot | None, hints: bool, path: Path, *,
                 resumed: bool = False) -> None:
        self.match = match
        self.seats = seats
        self.kinds = kinds
        self.bot = bot
        self.hint_bot = hint_bot
        self.hints = hints
        self.path = path
        self.view: GameView = view_for(match.game)
        self.seen_state: State = match.state
        # log entries already told: none in a new match; a resumed one starts afresh
        self.seen = len(self._events(match.state)) if resumed else 0
        self.echo_input = not sys.stdin.isatty()
        self.pending: list[str] = []  # story told before an automatic action, not yet shown
        self._save_failed = False

    # -- output helpers ------------------------------------------------------------------

    @staticmethod
    def say(*lines: str) -> None:
        for line in lines:
            click.echo(line)

    @staticmethod
    def _events(state: State) -> list[Any]:
        return list(state.events()) if hasattr(state, "events") else []

    def _story(self, state: State) -> list[str]:
        if state is not self.seen_state:
            self.seen_state, self.seen = state, 0
        events = self._events(state)
        story = self.pending + self.view.narrate(events, self.seen, self.seats)
        self.pending = []
        self.seen = len(events)
        return story

    def resume_hint(self) -> str:
        return f"bezique play --resume {self.path}"

    # -- the record ----------------------------------------------------------------------

    def record(self) -> Record:
        return record_from_match(self.match, players=self.seats.names, kinds=self.kinds)

    def save(self, *, first: bool = False) -> None:
        """Write the whole match so far (atomically). A failure on the first write stops
        before any play; later ones are reported once and play goes on."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write(str(self.path), self.record())
        except (OSError, RecordError) as exc:
            if first:
                why = getattr(exc, "strerror", None) or exc
                raise PlayError(f"cannot write the record {self.path}: {why}") from None
            if not self._save_failed:
                self._save_failed = True
                click.echo(f"Warning: cannot save the record {self.path}: {exc}", err=True)

    # -- the loop ------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the match is over, the player quits, or the input ends."""
        self.save(first=True)
        while not self.match.is_over():
            state = self.match.state
            if state.current_player() == self.seats.human:
                action = self.automatic(state) or self.ask(state)
                if action is None:
                    return
            else:
                action = self.computer_move(state)
            self.match.apply(action)
            self.save()
            if self.match.state is not state or self.match.is_over():
                self.say(*deal_over_screen(self.view, state, self.seats, self.match,
                                           self._story(state)))
        self.say("", self.result_line(), f"The record of the match is in {self.path}.")

    def computer_move(self, state: State) -> Action:
        """The computer's action. Its generator is seeded afresh from the match seed and
        the number of actions so far, so a resumed match goes on exactly as it would have
        without the interruption."""
        done = sum(len(d.actions) for d in self.match.deals)
        self.bot.rng = random.Random(f"computer {self.match.seed} {done}")
        return self.bot.choose(state)

    def automatic(self, state: State) -> Action | None:
        """The player's only legal action when it needs no decision (Bézique: the draw
        with nothing to declare), taken for him; the line saying so joins the story at his
        next screen, after what led to it. ``None``: ask him."""
        legal = state.legal_actions()
        if len(legal) != 1:
            return None
        note = self.view.automatic(state, legal)
        if note is None:
            return None
        self.pending = self._story(state) + [note]
        return legal[0]

    def result_line(self) -> str:
        sheet = self.match.sheet
        if sheet.winner is None:
            return "The match is over."
        if sheet.summary:
            return f"Match over: {name_seats(sheet.summary, self.seats)}."
        return f"Match over: {self.seats.says(sheet.winner, 'win', 'the match')}."

    def ask(self, state: State) -> Action | None:
        """Show the table and read a legal action; ``None`` when the player quits or the
        input ends (the match is saved either way)."""
        choices = self.view.order_actions(state, state.legal_actions())
        self.say(*turn_screen(self.view, state, self.seats, self.match, self._story(state),
                              choices))
        n = len(choices)
        prompt = choice_prompt(n, self.hints and self.hint_bot is not None)
        while True:
            click.echo(prompt, nl=False)
            line = sys.stdin.readline()
            if not line:
                self.say("", "Input ended. The match is saved in "
                         f"{self.path}; continue it with: {self.resume_hint()}")
                return None
            text = line.strip()
            if self.echo_input:
                click.echo(text)
            low = text.lower()
            if not text:
                self.say(f"Type a number from 1 to {n}, an action such as "
                         f"{choices[0].notation()}, or help.")
                continue
            if low in ("help", "?", "h"):
                self.say("", self.view.rules(self.match.game), "", COMMANDS_HELP, "")
                self.say(*self.view.hand(state.observation(self.seats.human)))
                self.say(*numbered([self.view.label(state, a) for a in choices]))
                continue
            if low == "hint":
                self.say(self.hint(state, choices))
                continue
            if low in ("score", "sheet"):
                self.say("Score sheet:", *("  " + name_seats(x, self.seats) for x in
                                           self.match.sheet.text(self.seats.names)
                                           .splitlines()))
                self.say(f"This deal so far: {self._deal_points(state)}")
                continue
            if low in ("quit", "exit", "q"):
                self.save()
                self.say("Saved. The match is in " f"{self.path}; continue it with: "
                         f"{self.resume_hint()}")
                return None
            action, problem = self.read_action(state, text, choices)
            if action is not None:
                return action
            self.say(problem)

    def _deal_points(self, state: State) -> str:
        pts = state.scores()
        return ", ".join(f"{self.seats.label(s)} {pts[s]}" for s in
                         (1 - self.seats.human, self.seats.human))

    def read_action(self, state: State, text: str, choices: list[Action]
                    ) -> tuple[Action | None, str]:
        """The legal action ``text`` names (a number from the list or a notation), or
        ``None`` and what is wrong with it."""
        n = len(choices)
        if text.isdecimal():  # not isdigit: int() cannot read "²" or "⑤"
            k = int(text)
            if 1 <= k <= n:
                return choices[k - 1], ""
            return None, f"There is no choice {k}: type a number from 1 to {n}."
        try:
            action = state.parse_action(text)
        except BeziqueError as exc:
            return None, (f"Cannot read {text!r}: {exc}. Type a number from 1 to {n}, an "
                          "action as listed, or help.")
        if action in choices:
            return action, ""
        return None, f"Not allowed now: {self.why_illegal(state, action)}."

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

    def hint(self, state: State, choices: list[Action]) -> str:
        if not self.hints:
            return "Hints are off in this match (start or resume it with --hints)."
        if self.hint_bot is None:
            return (f"No hints: there is no rule-based player for {self.match.game.title}"
                    " here.")
        action = self.hint_bot.choose(state.clone())
        number = f"{choices.index(action) + 1}: " if action in choices else ""
        return f"Hint: the rule-based player would choose {number}{action}."


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
               name: str, first_dealer: str, record: str | None
               ) -> tuple[Match, Seats, tuple[str, str], Path, list[str]]:
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
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    human = 0
    seats = Seats(human, (name, COMPUTER_NAME))
    intro: list[str] = []
    if first_dealer == "you":
        dealer = human
        intro.append("You deal first.")
    elif first_dealer == "computer":
        dealer = 1 - human
        intro.append(f"{COMPUTER_NAME} deals first.")
    else:
        dealer, lines = cut_for_deal(game, random.Random(f"cut {seed}"), seats)
        intro += [part for line in lines for part in wrap(line)]
    match = Match(game, seed=seed, first_dealer=dealer)
    path = Path(record) if record else default_record_path(game)
    kinds = (HUMAN, opponent) if human == 0 else (opponent, HUMAN)
    changed = game.options.changed()
    opts = ", ".join(f"{k}={v}" for k, v in changed.items()) if changed \
        else "Foster's rules (no options changed)"
    head = [f"{game.title}: you against the computer ({opponent} player), seed {seed}.",
            f"Options: {opts}."]
    return match, seats, kinds, path, head + intro


def _resumed_match(resume: str, record: str | None
                   ) -> tuple[Match, Seats, tuple[str, str], Path, list[str]]:
    src = Path(resume)
    if not src.is_file():
        raise PlayError(f"cannot resume: no such file {resume}")
    try:
        rec = read(str(src))
        match = replay(rec)
    except BeziqueError as exc:  # RecordError, and what replaying may raise
        raise PlayError(f"cannot resume from {resume}: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PlayError(f"cannot resume from {resume}: {exc}") from None
    kinds = (str(rec.kinds[0]), str(rec.kinds[1]))
    if kinds.count(HUMAN) != 1:
        raise PlayError(f"cannot resume from {resume}: it is not a match of one person "
                        f"against the computer (players: {kinds[0]}, {kinds[1]})")
    human = kinds.index(HUMAN)
    names = (str(rec.players[0]), str(rec.players[1]))
    seats = Seats(human, names)
    path = Path(record) if record else src
    where = f"deal {len(match.deals)}"
    tricks = getattr(match.state.observation(human), "tricks_played", None)
    if tricks is not None and not match.is_over():
        where += f", trick {tricks + 1}"
    head = [f"Resuming the {match.game.title} match of {resume}",
            f"at {where} ({names[1 - human]}: {kinds[1 - human]} player)."]
    return match, seats, kinds, path, head


# parameters that a resumed match takes from its record, with their flags
RESUME_CONFLICTS = {"game_name": "--game", "options": "--option", "opponent": "--opponent",
                    "seed": "--seed", "name": "--name", "first_dealer": "--first-dealer"}


@cli.command("play")
@click.option("--game", "game_name", default="bezique", show_default=True,
              help="The game: " + ", ".join(GAMES) + ".")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="A variant of the rules (repeatable); see --list-options.")
@click.option("--opponent", default="rules", show_default=True,
              help="The computer player: rules (the rule-based player) or random.")
@click.option("--seed", type=int, default=None,
              help="Seed for the cut, the deals and the computer (default: a random one, "
                   "shown at the start and kept in the record).")
@click.option("--name", default="You", show_default=True,
              help="Your name on the score sheet and in the record.")
@click.option("--record", "record", type=click.Path(dir_okay=False), default=None,
              help="The record file, rewritten after every action. Default: a new file "
                   f"<game>-<date>-<time>.txt in {RECORD_DIR_HELP}; with --resume, the "
                   "resumed file.")
@click.option("--resume", type=click.Path(dir_okay=False), default=None,
              help="Continue the match saved in this record file from its last action.")
@click.option("--hints/--no-hints", default=False, show_default=True,
              help="Allow the 'hint' command (what the rule-based player would do); off "
                   "unless asked for.")
@click.option("--first-dealer", type=click.Choice(["you", "computer", "cut"]),
              default="cut", show_default=True,
              help="Who deals the first hand; 'cut': the higher cut has the choice, and "
                   "the deal goes to the adversary as Foster advises.")
@click.option("--list-options", is_flag=True,
              help="Print the options of --game with their defaults and allowed values, "
                   "and exit.")
@click.pass_context
def play(ctx: click.Context, game_name: str, options: tuple[str, ...], opponent: str,
         seed: int | None, name: str, record: str | None, resume: str | None, hints: bool,
         first_dealer: str, list_options: bool) -> None:
    """Play a whole match against the computer.

    With no arguments: Bézique against the rule-based player, the first dealer chosen by
    a cut, the record saved after every action. On your turn type the number of a choice
    or its notation (QS, QS*, bezique QS JD, draw, exchange, ...), or a command: help
    (the rules in brief), hint, score (the match sheet), quit (save and stop). If the
    input ends the match is saved too; continue it with --resume FILE.
    """
    if list_options:
        _print_options(game_name)
        return
    if resume:
        given = [p for p in RESUME_CONFLICTS
                 if ctx.get_parameter_source(p) == ParameterSource.COMMANDLINE]
        if given:
            flags = ", ".join(RESUME_CONFLICTS[p] for p in given)
            raise PlayError(f"--resume continues the saved match with its own game, "
                            f"options, players and seed; drop {flags}")
        match, seats, kinds, path, head = _resumed_match(resume, record)
        opponent = kinds[1 - seats.human]
    else:
        match, seats, kinds, path, head = _new_match(game_name, options, opponent, seed,
                                                     name, first_dealer, record)
    if opponent not in BOTS:
        extra = " (the rule-based player is not available here)" if opponent == "rules" \
            else ""
        raise PlayError(f"unknown opponent {opponent!r}{extra}; available: "
                        f"{', '.join(sorted(BOTS))}")
    bot_seed = match.seed
    try:
        bot = make_bot(opponent, match.game, bot_seed)
    except OptionError as exc:  # e.g. no rule-based player for this game
        if resume or ctx.get_parameter_source("opponent") == ParameterSource.COMMANDLINE:
            raise PlayError(f"{exc}; choose another with --opponent") from None
        # the default opponent does not exist for this game: say so and play the random one
        opponent = "random"
        kinds = (HUMAN, opponent) if seats.human == 0 else (opponent, HUMAN)
        head[0] = head[0].replace("(rules player)", "(random player)")
        head.insert(1, f"There is no rule-based player for {match.game.title} yet, so the "
                    "computer plays at random.")
        bot = make_bot(opponent, match.game, bot_seed)
    hint_bot: Bot | None = None
    if hints:
        try:
            hint_bot = make_bot("rules", match.game, bot_seed)
        except OptionError:
            hint_bot = None  # 'hint' says there is none for this game
    session = Session(match, seats, kinds, bot, hint_bot, hints, path,
                      resumed=resume is not None)
    for line in head:
        click.echo(line)
    if match.is_over():
        click.echo("This match is already over.")
        click.echo("Score sheet:")
        for x in match.sheet.text(seats.names).splitlines():
            click.echo("  " + name_seats(x, seats))
        click.echo(session.result_line())
        return
    click.echo(f"The match is saved after every action in {path}")
    click.echo(f"(if interrupted, continue it with: {session.resume_hint()}).")
    click.echo("Type help for the rules, " + ("hint for advice, " if hint_bot else "")
               + "score for the match sheet, quit to stop.")
    if not match.deals[-1].actions:
        click.echo(deal_banner(match, seats))
    try:
        session.run()
    except KeyboardInterrupt:
        # every action is saved as it is taken, so an interruption loses nothing
        click.echo(f"\nInterrupted. The match is saved in {path}; continue it with: "
                   f"{session.resume_hint()}")
        raise SystemExit(130) from None


__all__ = ["PlayError", "Session", "cut_for_deal", "default_record_path", "play",
           "record_dir"]
