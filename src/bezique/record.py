"""Game records: a human-readable text form of a match (the PGN of this family).

A record holds what is needed to replay a match exactly: the format version, the game and
its options, the players, the match seed and first dealer, and for each deal the whole
pack order and the actions in notation, each prefixed by the seat that took it.
``docs/RECORDS.md`` describes the format in full. A two-seat match is written in format
version 1, as it always was; a table of three to six seats in version 2, which adds the
``Seats`` header, ``Sides`` for fixed partnerships, and a ``PlayerK`` header per seat.

>>> from bezique import Bezique
>>> from bezique.core.match import Match
>>> m = Match(Bezique(), seed=7)
>>> m.apply(m.state.legal_actions()[0])
>>> rec = record_from_match(m, players=("Ann", "Bob"), kinds=("human", "random"), date=None)
>>> text = dumps(rec)
>>> text.splitlines()[0]
'[Format "1"]'
>>> loads(text) == rec
True
>>> told = dumps(rec, story=True)           # the match told in comment lines
>>> told.splitlines()[-2:]
['1 QC', '# Bob plays QC.']
>>> loads(told) == rec
True
>>> m2 = replay(loads(text))
>>> m2.deals[0].actions == m.deals[0].actions
True

Reading is tolerant of spacing, keyword case and ``#`` comment lines; writing is strict
and canonical. Written with ``story=True`` (:func:`dumps`, :func:`write`,
:class:`RecordWriter`), a record tells its match in comment lines: after each action, the
public events it produced, in sentences naming the players of its headers. A malformed
record raises :class:`RecordError` naming the line and what is wrong; a record that does
not replay names the deal, the action and the engine's reason.
Files are read a chunk at a time within fixed limits (:data:`MAX_RECORD_BYTES`,
:data:`MAX_LINE_BYTES`, :data:`MAX_DEAL_ACTIONS`), and :func:`replay_file` replays as it
reads, so a hostile or broken file costs little to reject. :class:`RecordWriter` keeps
the record of a match in play up to date by appending.
"""

from __future__ import annotations

import dataclasses
import datetime
import errno
import io
import os
import re
import stat
import tempfile
import weakref
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Literal

from . import games as _games
from .core import table
from .core.cards import Card, card_name
from .core.errors import BeziqueError, IllegalActionError, NotationError, RecordError
from .core.events import Names
from .core.game import Game, State
from .core.match import Match

__all__ = [
    "FORMAT_VERSION", "FORMAT_VERSIONS", "MAX_DEAL_ACTIONS", "MAX_LINE_BYTES",
    "MAX_RECORD_BYTES", "STORY_MARK", "DealRecord", "Record", "RecordError", "RecordWriter",
    "dumps", "format_version", "loads", "read", "record_from_match", "replay", "replay_file",
    "write",
]

#: The newest format version this library writes, as the first line ``[Format "2"]``:
#: version 2 for tables of three to six seats; two-seat records are written in version 1
#: (:func:`format_version`), byte for byte as before version 2 existed.
FORMAT_VERSION = 2
#: The format versions this library reads. A record without a ``Format`` header is
#: version 1 (the records written before the header existed).
FORMAT_VERSIONS: tuple[int, ...] = (1, 2)


def format_version(num_players: int) -> int:
    """The format version a record of a table of ``num_players`` seats is written in: 1
    for two seats, 2 for any other table."""
    return 1 if num_players == 2 else 2

# Limits against hostile or broken files, far above any real record: a partie of five
# Bézique games takes a few hundred KB, its longest line (a pack) about 200 bytes, its
# longest deal under 200 actions. The reader checks them before looking into a line.
#: The most bytes a record file may hold (16 MiB).
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: The most bytes a line may hold, its line break not counted (8 KiB).
MAX_LINE_BYTES = 8 * 1024
#: The most actions one deal may hold.
MAX_DEAL_ACTIONS = 2000

#: Headers a version 1 record may carry, in the order they are written.
HEADERS = ("Format", "Game", "Option", "Player0", "Player1", "Seed", "FirstDealer", "Date",
           "Result")
#: Headers a version 2 record may carry, in the order they are written (``PlayerK`` for
#: each seat ``K``; ``Sides`` only for fixed partnerships).
HEADERS_V2 = ("Format", "Game", "Option", "Seats", "Sides",
              *(f"Player{k}" for k in range(table.MAX_SEATS)), "Seed", "FirstDealer", "Date",
              "Result")

_DEFAULT_NAMES = ("Player 0", "Player 1")
_DEFAULT_KIND = "unknown"


def _default_names(n: int) -> tuple[str, ...]:
    return tuple(f"Player {k}" for k in range(n))


def _seats_text(n: int) -> str:
    """The seats of a table for a message: ``0 or 1``, ``0 to 3``."""
    return "0 or 1" if n == 2 else f"0 to {n - 1}"


def _find_game(name: str, options: dict[str, str] | None = None) -> Game[Any]:
    """The game ``name`` with ``options``: a key of ``bezique.games.GAMES`` as it is
    written, else any name ``make_game`` knows (``66``)."""
    cls = _games.GAMES.get(name)
    if cls is not None:
        return cls(cls.options_class.from_mapping(options or {}))
    return _games.make_game(name, dict(options or {}))

Source = str | os.PathLike[str] | IO[bytes]
"""Where a record is read from: a file's path, or a binary file open for reading."""


def _show(text: str, limit: int = 60) -> str:
    """``text`` quoted for a message, cut short if long (a hostile line may be 8 KiB)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


@dataclasses.dataclass
class DealRecord:
    """One deal of a record: the dealer, the whole pack order (card ids, index 0 the top
    card), the actions as ``(seat, notation)`` and, once the deal is over, the points it
    gave each seat, one entry per seat (``None`` while it is unfinished or when not
    recorded).

    ``line``, ``action_lines`` and ``points_line`` are the line numbers a deal was read
    from (0 and empty for a record built in code); they serve error messages and take no
    part in equality.
    """

    dealer: int
    pack: list[int]
    actions: list[tuple[int, str]] = dataclasses.field(default_factory=list)
    points: tuple[int, ...] | None = None
    line: int = dataclasses.field(default=0, compare=False, repr=False)
    action_lines: list[int] = dataclasses.field(default_factory=list, compare=False,
                                                repr=False)
    points_line: int = dataclasses.field(default=0, compare=False, repr=False)


@dataclasses.dataclass
class Record:
    """A match as a record: the game (by registry name), the options that differ from the
    defaults (as text, e.g. ``{"game_target": "2000"}``), the players' names and kinds
    (``human``, ``random``, ``rules``...), the match seed (so a resumed match deals alike),
    the first dealer, an ISO date, the deals, and the result text once the match is over.

    ``players`` and ``kinds`` have one entry per seat; left at their defaults (two
    ``Player 0``/``Player 1``, ``unknown``) they stand for the default names at a table of
    any size.
    """

    game: str
    options: dict[str, str] = dataclasses.field(default_factory=dict)
    players: tuple[str, ...] = _DEFAULT_NAMES
    kinds: tuple[str, ...] = (_DEFAULT_KIND, _DEFAULT_KIND)
    seed: int | None = None
    first_dealer: int = 0
    date: str | None = None
    deals: list[DealRecord] = dataclasses.field(default_factory=list)
    result: str | None = None

    def make_game(self) -> Game[Any]:
        """The game this record is played under, with its options.

        Raises :class:`RecordError` for an unknown game or option."""
        try:
            return _find_game(self.game, dict(self.options))
        except BeziqueError as exc:
            raise RecordError(str(exc)) from None

    def seat_names(self, num_players: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The names and kinds of the ``num_players`` seats: :attr:`players` and
        :attr:`kinds`, or the defaults for each seat when they are left at theirs.
        Raises :class:`RecordError` when they do not give one per seat."""
        names, kinds = tuple(self.players), tuple(self.kinds)
        if len(names) != num_players and names == _DEFAULT_NAMES:
            names = _default_names(num_players)
        if len(kinds) != num_players and kinds == (_DEFAULT_KIND, _DEFAULT_KIND):
            kinds = (_DEFAULT_KIND,) * num_players
        if len(names) != num_players or len(kinds) != num_players:
            raise RecordError(_names_needed(num_players))
        return names, kinds


def _names_needed(n: int) -> str:
    if n == 2:
        return "a record needs two player names and two kinds"
    return f"a record of {n} seats needs {n} player names and {n} kinds"


# -- from a match --------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class _Headers:
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    date: str | None


# A replayed match remembers the headers of the record it came from, so that saving it
# again (``record_from_match``) keeps the names, kinds and date without the caller
# passing them; the map holds matches weakly and adds nothing to the Match class.
_REPLAYED: weakref.WeakKeyDictionary[Match, _Headers] = weakref.WeakKeyDictionary()


def _option_text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def record_from_match(match: Match, players: Sequence[str] | None = None,
                      kinds: Sequence[str] | None = None, *, date: str | None = "",
                      result: str | None = "") -> Record:
    """The record of ``match`` as it stands (finished or not).

    ``players`` and ``kinds`` (one per seat) default to those of the record the match was
    replayed from, else ``Player 0``, ``Player 1``... and ``unknown``. ``date`` defaults
    likewise, else to
    today's date; pass ``date=None`` for no date. ``result`` defaults to the score sheet's
    summary once the match is over (``None`` before); pass text to override it.
    """
    if isinstance(players, str) or isinstance(kinds, str):
        raise RecordError("players and kinds are pairs of names, not one string")
    base = _REPLAYED.get(match)
    n = match.game.num_players
    names = tuple(players) if players is not None else (
        base.players if base else _default_names(n))
    kind = tuple(kinds) if kinds is not None else (
        base.kinds if base else (_DEFAULT_KIND,) * n)
    if len(names) != n or len(kind) != n:
        raise RecordError(_names_needed(n))
    if date == "":
        date = base.date if base else datetime.date.today().isoformat()
    if result == "":
        result = None
        if match.sheet.over:
            result = match.sheet.summary or f"seat {match.sheet.winner} wins"
    deals = []
    for log in match.deals:
        deals.append(DealRecord(
            dealer=log.dealer, pack=[int(c) for c in log.pack],
            actions=list(zip(log.seats, log.actions, strict=True)),
            points=tuple(log.result.points) if log.result else None))
    return Record(
        game=match.game.name,
        options={k: _option_text(v) for k, v in match.game.options.changed().items()},
        players=names, kinds=kind, seed=match.seed,
        first_dealer=match.first_dealer, date=date, deals=deals, result=result)


# -- writing -------------------------------------------------------------------------------

def _quote(value: str, what: str) -> str:
    # the reader splits lines wherever str.splitlines does (U+2028, U+0085...), not only
    # at newlines: such a value would not read back
    if not value or any(ch < " " or ch == "\x7f" for ch in value) \
            or value.splitlines() != [value]:
        raise RecordError(f"{what} must be non-empty text on one line, not {_show(value)}")
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _utf8_size(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def _check_line(line: str) -> str:
    # a line the reader would refuse as too long is refused here
    if len(line) * 4 > MAX_LINE_BYTES and _utf8_size(line) > MAX_LINE_BYTES:
        raise RecordError(f"the line {_show(line)} would take {_utf8_size(line):,} bytes; a"
                          f" record line may hold at most {MAX_LINE_BYTES:,}")
    return line


def _head_lines(record: Record) -> tuple[Game[Any], list[str]]:
    """The game and the header lines of ``record``, checked."""
    game = _check_game(record.game, None)
    for name, value in record.options.items():
        _check_option(game, name, value, None)
    game = _table_game(record, None)
    n = game.num_players
    version = format_version(n)
    out = [f'[Format "{version}"]', f"[Game {_quote(record.game, 'the game name')}]"]
    for name, value in record.options.items():
        out.append(f"[Option {_quote(name, 'an option name')} {_quote(value, 'an option value')}]")
    if version >= 2:
        out.append(f'[Seats "{n}"]')
        if table.is_partnership(game.sides):
            out.append("[Sides " + " ".join(
                '"' + " ".join(str(p) for p in table.members(game.sides, side)) + '"'
                for side in range(table.num_sides(game.sides))) + "]")
    names, kinds = record.seat_names(n)
    for seat in range(n):
        out.append(f"[Player{seat} {_quote(names[seat], f'player {seat} name')} "
                   f"{_quote(kinds[seat], f'player {seat} kind')}]")
    if record.seed is not None:
        out.append(f'[Seed "{int(record.seed)}"]')
    if record.first_dealer not in range(n) or type(record.first_dealer) is not int:
        raise RecordError(f"the first dealer must be seat {_seats_text(n)}, not"
                          f" {record.first_dealer!r}")
    out.append(f'[FirstDealer "{record.first_dealer}"]')
    if record.date is not None:
        _check_date(record.date, None)
        out.append(f"[Date {_quote(record.date, 'the date')}]")
    if record.result is not None:
        out.append(f"[Result {_quote(record.result, 'the result')}]")
    return game, [_check_line(line) for line in out]


def _deal_head_lines(game: Game[Any], record: Record, i: int, deal: DealRecord) -> list[str]:
    """The blank line, ``Deal`` line and ``Pack:`` line that begin deal ``i``, checked."""
    _check_dealer(game, record, i, deal.dealer, None)
    pack = " ".join(card_name(c) for c in _check_pack(game, i, deal.pack, None))
    return ["", f"Deal {i} dealer {deal.dealer}", "Pack: " + pack]


#: What begins each comment line of a record's story.
STORY_MARK = "# "


class _Story:
    """A record's match told as it is written: after each action the public events it
    produced (``State.events()``, never a hidden card), one sentence a line, each a
    comment (:data:`STORY_MARK`), and after a deal's ``Pack:`` line what the deal itself
    showed (Binocle's turn-up and dix). The seats are named as the record's headers name
    them (a player named "You" is addressed so: "You play QS", "Bob plays QS"), the cards
    in letters as the actions write them (``QS``, not ``Q♠``), so that the story reads
    like the lines it tells. It replays the record, deal by deal, as ``Match`` deals it
    (``deal_in_match`` with the score sheet so far), so a record that does not replay
    cannot be told: :class:`RecordError`."""

    def __init__(self, game: Game[Any], names: Sequence[str]) -> None:
        you = next((k for k, name in enumerate(names) if name.casefold() == "you"), None)
        self.names = Names(tuple(names), you=you, symbols=False)
        self.game = game
        self.sheet = game.new_sheet()
        self.state: State | None = None
        self.deal_no = 0  # the deal being told (from 1)
        self.dealer = 0
        self.told = 0  # how many of its events are told

    def deal(self, i: int, deal: DealRecord) -> list[str]:
        """Deal ``i`` (from 1) begins: the lines telling what it showed on the deal."""
        game, state = self.game, self.state
        if state is not None:
            if not state.is_terminal():
                raise RecordError(f"deal {self.deal_no} is not over after its actions, yet"
                                  f" deal {i} follows: the record cannot be told")
            game.update_sheet(self.sheet, self.deal_no, self.dealer, game.deal_result(state))
        try:
            self.state = game.deal_in_match(deal.dealer, list(deal.pack), self.sheet)
        except BeziqueError as exc:
            raise RecordError(f"deal {i}: {exc}") from None
        self.deal_no, self.dealer, self.told = i, deal.dealer, 0
        return self._news()

    def act(self, k: int, text: str) -> list[str]:
        """The ``k``-th action (from 1) of the deal, ``text``, is taken: its lines."""
        state = self.state
        assert state is not None  # deal() comes first
        try:
            state.apply(state.action_from_text(text))
        except BeziqueError as exc:
            raise RecordError(f"deal {self.deal_no}, action {k}: {text!r} cannot be told:"
                              f" {exc}") from None
        return self._news()

    def _news(self) -> list[str]:
        assert self.state is not None
        events = self.state.events()
        new, self.told = events[self.told:], len(events)
        return [_check_line(STORY_MARK + e.describe(self.names)) for e in new]


def _action_lines(i: int, deal: DealRecord, n: int, start: int = 0,
                  story: _Story | None = None) -> list[str]:
    """The lines of deal ``i``'s actions from number ``start`` (from 0) on, checked, at a
    table of ``n`` seats; each followed by its events' comment lines when ``story``
    tells the deal."""
    if len(deal.actions) > MAX_DEAL_ACTIONS:
        raise RecordError(f"deal {i} has {len(deal.actions)} actions; a deal may hold at"
                          f" most {MAX_DEAL_ACTIONS}")
    out = []
    for k, (seat, text) in enumerate(deal.actions[start:], start + 1):
        if type(seat) is not int or seat not in range(n):
            raise RecordError(f"deal {i}: an action's seat must be {_seats_text(n)}, not"
                              f" {seat!r}")
        if not text or text != " ".join(text.split()):
            raise RecordError(f"deal {i}: an action must be one line of text with single"
                              f" spaces, not {_show(text)}")
        out.append(_check_line(f"{seat} {text}"))
        if story is not None:
            out += story.act(k, text)
    return out


def _points_line(i: int, points: Sequence[int], n: int) -> str:
    if len(points) != n:
        raise RecordError(f"deal {i}: the points are one whole number for each of the {n}"
                          f" seats, not {len(points)}")
    return _check_line("Points: " + " ".join(str(int(p)) for p in points))


def _deal_lines(game: Game[Any], record: Record, i: int, deal: DealRecord,
                story: _Story | None = None) -> list[str]:
    n = game.num_players
    out = _deal_head_lines(game, record, i, deal)
    if story is not None:
        out += story.deal(i, deal)
    out += _action_lines(i, deal, n, 0, story)
    if deal.points is not None:
        out.append(_points_line(i, deal.points, n))
    return out


def _check_size(size: int) -> None:
    if size > MAX_RECORD_BYTES:
        raise RecordError(f"the record would take {size:,} bytes; a record may hold at most"
                          f" {MAX_RECORD_BYTES:,}")


def dumps(record: Record, *, story: bool = False) -> str:
    """The record as text: the ``Format`` header and the other headers, then each deal.
    Strict: a record that would not read back (an unknown game or option, a wrong pack, a
    bad seat, an action on two lines, a line or a record over the limits...) raises
    :class:`RecordError` instead of being written.

    With ``story``, each action line is followed by comment lines telling the public
    events it produced (``# Ann plays QS.``), the players named as the headers name
    them; the record is replayed to tell them, and one that does not replay raises
    :class:`RecordError`. The reader ignores comments: the text reads back to the same
    record either way."""
    return _dump(record, story)


def _dump(record: Record, story: bool | _Story | None) -> str:
    """:func:`dumps`, telling the story with ``story`` when it is a :class:`_Story` (or
    a new one when True)."""
    game, out = _head_lines(record)
    if story is True:
        story = _Story(game, record.seat_names(game.num_players)[0])
    teller = story if isinstance(story, _Story) else None
    for i, deal in enumerate(record.deals, 1):
        out += _deal_lines(game, record, i, deal, teller)
    text = "\n".join(out) + "\n"
    if len(text) * 4 > MAX_RECORD_BYTES:
        _check_size(_utf8_size(text))
    return text


# Temporary files are named as tempfile.mkstemp names them: ".<name>." + 8 characters
# + ".tmp"; no other record's temporary file can have such a name.
_TMP_SUFFIX = ".tmp"


def _tmp_pattern(target: Path) -> re.Pattern[str]:
    return re.compile(re.escape(f".{target.name}.") + r"[a-z0-9_]{8}"
                      + re.escape(_TMP_SUFFIX))


def _place(target: Path, data: bytes, *, exclusive: bool) -> os.stat_result:
    """Put ``data`` at ``target`` in one step: written and synced to a temporary file in
    the same folder, which then takes the name (``os.replace``, or with ``exclusive`` a
    hard link, which fails on an existing file). Returns the new file's status. The
    temporaries of interrupted saves go first, so that a kill at any moment leaves one
    at most (the one being written)."""
    _remove_stale_temporaries(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=_TMP_SUFFIX,
                               dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
            status = os.fstat(f.fileno())
        if not exclusive:
            os.replace(tmp, target)
            return status
        try:
            os.link(tmp, target)
        except FileExistsError:
            raise FileExistsError(errno.EEXIST, "a record file already exists there; it is"
                                  " not overwritten", str(target)) from None
        except OSError:
            # no hard links on this file system (FAT, some network shares): claim the
            # name with an empty file, then put the record over it
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            try:
                os.replace(tmp, target)
            except BaseException:
                os.unlink(target)  # the empty file just made, so that a retry may claim it
                raise
            return status
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        os.unlink(tmp)
    except OSError:
        pass  # left for the next full write to remove
    return status


def _sync_folder(folder: Path) -> None:
    """Make a rename or a new name in ``folder`` durable (a power cut could undo it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # a folder that cannot be opened (Windows) cannot be synced either
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def _remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files of ``target`` left by saves that were interrupted (a
    kill between writing one and renaming it); never any other file."""
    pattern = _tmp_pattern(target)
    try:
        with os.scandir(target.parent) as entries:
            stale = [e.path for e in entries
                     if pattern.fullmatch(e.name) and e.is_file(follow_symlinks=False)]
    except OSError:
        return
    for path in stale:
        try:
            os.unlink(path)
        except OSError:
            pass


def _settle(target: Path) -> None:
    _sync_folder(target.parent)
    _remove_stale_temporaries(target)


def write(path: str | os.PathLike[str], record: Record, *, story: bool = False) -> None:
    """Write ``record`` to ``path`` atomically: the text goes to a temporary file in the
    same folder, synced, which then replaces ``path``; the folder is synced too, so
    neither a crash nor a power cut leaves half a record or undoes the save. Temporary
    files of ``path`` left by interrupted saves are removed. ``story`` tells the match in
    comment lines, as :func:`dumps` does. To save a match in play after every action,
    :class:`RecordWriter` appends instead of rewriting."""
    data = dumps(record, story=story).encode("utf-8")
    target = Path(path)
    _place(target, data, exclusive=False)
    _settle(target)


@dataclasses.dataclass
class _Saved:
    """What a :class:`RecordWriter` last put in its file of one deal."""

    dealer: int
    pack: list[int]
    actions: list[tuple[int, str]]
    points: tuple[int, ...] | None

    @classmethod
    def of(cls, deal: DealRecord) -> _Saved:
        return cls(deal.dealer, list(deal.pack), list(deal.actions), deal.points)


class RecordWriter:
    """Keeps the record file of a match in play up to date, one :meth:`save` after each
    action, by appending what is new rather than rewriting the file.

    ``RecordWriter(path, create=True)`` starts a new record: it raises
    :class:`FileExistsError` if ``path`` exists, and the first save creates the file
    without ever replacing one that has appeared since (:class:`FileExistsError` again).
    ``RecordWriter(path, create=False)`` continues an existing record (a resumed match;
    :class:`FileNotFoundError` if there is none): its first save rewrites the file.

    :meth:`save` writes the whole record as :func:`dumps` would. When only lines were
    added since the last successful save (new actions, a deal's ``Points:`` line, a new
    deal: the usual case), they are appended and the file synced; when an earlier line
    changed (the ``Result`` header at the end of the match, a new date) or the file was
    changed by someone else, the file is rewritten atomically as by :func:`write`. The
    file is a whole record after every write; a kill at any moment loses at most the save
    under way. A save that fails (:class:`OSError`, or :class:`RecordError` for a record
    that cannot be written) raises, sets :attr:`behind`, and the next save brings the
    file fully up to date, so the caller can report the failure and go on.

    With ``story=True`` the file tells the match as :func:`dumps` with ``story`` does:
    each action appended comes with the comment lines telling what it did (the writer
    keeps the replay that tells them, so a save costs no more than the new actions).

    >>> import tempfile, pathlib
    >>> from bezique import Bezique
    >>> from bezique.core.match import Match
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "match.txt"
    >>> m = Match(Bezique(), seed=7)
    >>> writer = RecordWriter(path, create=True)
    >>> writer.save(record_from_match(m, date=None))
    >>> m.apply(m.state.legal_actions()[0])
    >>> writer.save(record_from_match(m, date=None))      # appends one line
    >>> read(path) == record_from_match(m, date=None)
    True
    >>> RecordWriter(path, create=True)                   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    FileExistsError: [Errno 17] a record file already exists there; ...
    """

    def __init__(self, path: str | os.PathLike[str], *, create: bool,
                 story: bool = False) -> None:
        self.path = Path(path)
        #: whether the file tells the match in comment lines
        self.story = bool(story)
        self._teller: _Story | None = None  # the story as far as the file tells it
        if create and os.path.lexists(self.path):
            raise FileExistsError(errno.EEXIST, "a record file already exists there; it is"
                                  " not overwritten", str(self.path))
        if not create and not os.path.exists(self.path):
            raise FileNotFoundError(errno.ENOENT, "no record file to continue",
                                    str(self.path))
        self._exists = not create  # the file is ours to replace
        self._synced = False  # the file holds exactly _head and _deals, stamped _stamp
        self._head: list[str] = []
        self._deals: list[_Saved] = []
        self._size = 0
        self._stamp: tuple[int, int, int, int] = (0, 0, 0, 0)
        self._behind = False

    def __repr__(self) -> str:
        return f"RecordWriter({str(self.path)!r})"

    @property
    def behind(self) -> bool:
        """True when the last save failed: the file may lack what it should have written
        (the next save writes it)."""
        return self._behind

    def save(self, record: Record) -> None:
        """Bring the file up to date with ``record`` (see the class)."""
        try:
            game, head = _head_lines(record)
            told = not self.story or self._teller is not None
            lines = self._appendix(game, record) \
                if self._synced and head == self._head and told else None
            if lines is None:
                self._rewrite(record, head)
            elif lines:
                self._append(record, head, lines)
        except BaseException:
            self._behind = True
            self._teller = None  # it may have told what was not written: tell afresh
            raise
        self._behind = False

    def _appendix(self, game: Game[Any], record: Record) -> list[str] | None:
        """The lines to append to what the file holds to make it ``record``; ``None`` when
        an earlier line changed."""
        saved = self._deals
        if len(record.deals) < len(saved):
            return None
        for old, deal in zip(saved[:-1], record.deals, strict=False):
            if (deal.dealer, deal.pack, deal.points) != (old.dealer, old.pack, old.points) \
                    or deal.actions != old.actions:
                return None
        lines: list[str] = []
        if saved:
            i = len(saved)
            old, deal = saved[-1], record.deals[i - 1]
            n = len(old.actions)
            if (deal.dealer, deal.pack) != (old.dealer, old.pack) \
                    or len(deal.actions) < n or deal.actions[:n] != old.actions:
                return None
            if old.points is not None and (deal.points != old.points
                                           or len(deal.actions) != n):
                return None
            lines += _action_lines(i, deal, game.num_players, n, self._teller)
            if old.points is None and deal.points is not None:
                lines.append(_points_line(i, deal.points, game.num_players))
        for i in range(len(saved) + 1, len(record.deals) + 1):
            lines += _deal_lines(game, record, i, record.deals[i - 1], self._teller)
        return lines

    def _rewrite(self, record: Record, head: list[str]) -> None:
        self._teller = None
        teller = None
        if self.story:
            game = record.make_game()
            teller = _Story(game, record.seat_names(game.num_players)[0])
        data = _dump(record, teller).encode("utf-8")
        self._synced = False
        status = _place(self.path, data, exclusive=not self._exists)
        self._exists = True
        self._remember(status)
        _settle(self.path)
        self._size = len(data)
        self._head = head
        self._deals = [_Saved.of(d) for d in record.deals]
        self._teller = teller
        self._synced = True

    def _remember(self, status: os.stat_result) -> None:
        self._stamp = (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)

    def _append(self, record: Record, head: list[str], lines: list[str]) -> None:
        data = ("\n".join(lines) + "\n").encode("utf-8")
        _check_size(self._size + len(data))
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            self._rewrite(record, head)  # the file has gone: put it back whole
            return
        try:
            status = os.fstat(fd)
            if (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns) \
                    != self._stamp:
                os.close(fd)
                fd = -1
                self._rewrite(record, head)  # changed by someone else: write it whole
                return
            self._synced = False
            try:
                # one write call (more only after a short one), so that a kill leaves
                # the new lines whole or absent
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            except BaseException:
                try:  # take back a part written, so that the file stays a whole record
                    os.ftruncate(fd, self._size)
                except OSError:
                    pass
                raise
            self._remember(os.fstat(fd))
        finally:
            if fd >= 0:
                os.close(fd)
        self._size += len(data)
        saved = self._deals
        if saved:
            last = record.deals[len(saved) - 1]
            saved[-1].actions.extend(last.actions[len(saved[-1].actions):])
            saved[-1].points = last.points
        saved += [_Saved.of(d) for d in record.deals[len(saved):]]
        self._synced = True


# -- reading -------------------------------------------------------------------------------

# The patterns are linear in the length of the line: each character can be matched one way
# only, and the possessive repeats (``*+``) never go back over what they took.
_QUOTED = r'"[^"\\]*+(?:\\.[^"\\]*+)*+"'
_HEADER = re.compile(r"\[\s*+([A-Za-z][A-Za-z0-9]*+)((?:\s*+" + _QUOTED + r")*+)\s*+\]")
_VALUE = re.compile(r'"([^"\\]*+(?:\\.[^"\\]*+)*+)"')
_FORMAT = re.compile(r"\[\s*+Format\b")
_VERSION = re.compile(r"[0-9]{1,9}")
_DEAL = re.compile(r"deal\s++(\S++)\s++dealer\s++(\S++)", re.IGNORECASE)
_PACK = re.compile(r"pack\s*+:(.*+)", re.IGNORECASE)
_POINTS = re.compile(r"points\s*+:(.*+)", re.IGNORECASE)
_ACTION = re.compile(r"(\S++)\s++(.++)")
# numbers are written in the digits 0 to 9 only: ``\d`` would take other scripts' digits
# ("٣", which int() reads as 3)
_INT = re.compile(r"[+-]?[0-9]++")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: The text of each seat a ``FirstDealer`` header may name (version 2).
_SEAT_TEXT = frozenset(str(k) for k in range(table.MAX_SEATS))
_ARITY = {"Format": 1, "Game": 1, "Option": 2, "Player0": 2, "Player1": 2, "Seed": 1,
          "FirstDealer": 1, "Date": 1, "Result": 1}
#: Version 2's headers and their number of values (``Sides``: 0 stands for two or more).
_ARITY_V2 = {**_ARITY, "Seats": 1, "Sides": 0,
             **{f"Player{k}": 2 for k in range(table.MAX_SEATS)}}
_EOL = re.compile(rb"\r\n|\r|\n")
_CHUNK = 1 << 16


def _at(line: int | None) -> str:
    return f"line {line}: " if line else ""


def _unescape(raw: str, line: int) -> str:
    out = []
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\":
            nxt = raw[i + 1]  # the pattern guarantees a character follows
            if nxt not in '"\\':
                raise RecordError(f"line {line}: unknown escape \\{nxt} in a header value"
                                  ' (only \\" and \\\\ are allowed)')
            out.append(nxt)
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _check_game(name: str, line: int | None) -> Game[Any]:
    try:
        return _find_game(name)
    except BeziqueError as exc:
        raise RecordError(f"{_at(line)}{exc}") from None


def _table_game(record: Record, line: int | None) -> Game[Any]:
    """The game of ``record`` with its options (its seats, sides and pack)."""
    try:
        return _find_game(record.game, dict(record.options))
    except BeziqueError as exc:
        raise RecordError(f"{_at(line)}{exc}") from None


def _check_option(game: Game[Any], name: str, value: str, line: int | None) -> None:
    try:
        game.options_class.from_mapping({name: value})
    except BeziqueError as exc:
        raise RecordError(f"{_at(line)}{exc}") from None


def _check_date(text: str, line: int | None) -> None:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        raise RecordError(f"{_at(line)}the date must be written YYYY-MM-DD, not"
                          f" {_show(text)}") from None
    if not _DATE.fullmatch(text):
        raise RecordError(f"{_at(line)}the date must be written YYYY-MM-DD, not {_show(text)}")


def _check_pack(game: Game[Any], deal_no: int, pack: Sequence[int], line: int | None
                ) -> list[Card]:
    try:
        cards = [Card(c) for c in pack]
        return game.pack.check_order(cards)
    except (NotationError, ValueError) as exc:
        raise RecordError(f"{_at(line)}deal {deal_no}: wrong pack: {exc}") from None


def _check_dealer(game: Game[Any], record: Record, deal_no: int, dealer: int,
                  line: int | None) -> None:
    n = game.num_players
    if type(dealer) is not int or dealer not in range(n):
        raise RecordError(f"{_at(line)}deal {deal_no}: the dealer must be seat"
                          f" {_seats_text(n)}, not {dealer!r}")
    if type(game).next_dealer is not Game.next_dealer:
        return  # the game passes the deal its own way: replay checks each dealer
    # the deal passes to the left, as Match deals it: at two seats it alternates
    # (Bézique GAP-BZ-2; Sixty-Six likewise)
    want = (record.first_dealer + deal_no - 1) % n
    if dealer != want:
        how = "alternates" if n == 2 else "passes to the left"
        raise RecordError(f"{_at(line)}deal {deal_no}: the dealer is seat {want} (the deal"
                          f" {how} from first dealer {record.first_dealer}), not"
                          f" seat {dealer}")


def _int(text: str, what: str, line: int) -> int:
    if not _INT.fullmatch(text):
        raise RecordError(f"line {line}: {what} must be a whole number written in the digits"
                          f" 0 to 9, not {_show(text)}")
    try:
        return int(text)
    except ValueError:  # more digits than Python reads (sys.get_int_max_str_digits)
        raise RecordError(f"line {line}: {what} has too many digits ({len(text)})") from None


# -- reading: lines ------------------------------------------------------------------------

def _too_large(size: str) -> RecordError:
    return RecordError(f"the record is {size} bytes; a record may hold at most"
                       f" {MAX_RECORD_BYTES:,} bytes")


def _too_long(line: int) -> RecordError:
    return RecordError(f"line {line}: longer than {MAX_LINE_BYTES:,} bytes, the most a"
                       " record line may hold")


def _check_file_size(stream: IO[bytes]) -> None:
    """Refuse a regular file over the limit before reading any of it."""
    try:
        status = os.fstat(stream.fileno())
    except (OSError, AttributeError, ValueError):  # no file behind it (BytesIO...)
        return
    if stat.S_ISREG(status.st_mode) and status.st_size > MAX_RECORD_BYTES:
        raise _too_large(f"{status.st_size:,}")


def _lines(stream: IO[bytes]) -> Iterator[tuple[int, str]]:
    """The lines of a UTF-8 record read from ``stream`` a chunk at a time, numbered from 1
    as ``str.splitlines`` numbers them. At most ``MAX_RECORD_BYTES + 1`` bytes are read,
    and lines are measured before they are decoded or kept whole."""
    _check_file_size(stream)
    n = 0  # lines so far
    total = 0  # bytes read
    offset = 0  # the file offset of data[0]
    pending = b""  # the start of a line whose end is not read yet
    eof = False
    while not eof:
        chunk = stream.read(min(_CHUNK, MAX_RECORD_BYTES + 1 - total))
        if chunk:
            total += len(chunk)
            if total > MAX_RECORD_BYTES:
                raise _too_large(f"more than {MAX_RECORD_BYTES:,}")
        else:
            eof = True
        data = pending + chunk if pending else chunk
        if eof:
            cut = len(data)
        else:  # up to the last line break (a CR ending the chunk may be half a CRLF)
            stop = len(data) - 1 if data.endswith(b"\r") else len(data)
            cut = max(data.rfind(b"\n", 0, stop), data.rfind(b"\r", 0, stop)) + 1
        block, pending = data[:cut], data[cut:]
        too_long = False
        if len(block) > MAX_LINE_BYTES:
            pieces = block.replace(b"\r", b"\n").split(b"\n")
            if max(map(len, pieces)) > MAX_LINE_BYTES:
                at = next(i for i, p in enumerate(pieces) if len(p) > MAX_LINE_BYTES)
                block = block[:sum(len(p) + 1 for p in pieces[:at])]
                too_long = True
        # every fault is told in the order of the lines: those before it are read first
        try:
            text = block.decode("utf-8")
        except UnicodeDecodeError as exc:
            for part in (block[:exc.start].decode("utf-8") + "\x00").splitlines()[:-1]:
                n += 1
                yield n, part
            raise RecordError(f"line {n + 1}: not a text record (byte {offset + exc.start}"
                              " is not UTF-8)") from None
        for part in text.splitlines():
            n += 1
            yield n, part
        if too_long:
            raise _too_long(n + 1)
        offset += cut
        if len(pending) > MAX_LINE_BYTES:
            raise _too_long(n + 1)


# -- reading: the format, version by version -----------------------------------------------

_Event = Literal["deal", "action", "end"]


class _Reader:
    """Reads the lines of a version 1 record, one at a time (:meth:`line`), building its
    :class:`Record` as it goes; :meth:`end` completes it. A later version may subclass
    it, overriding what changed, and be registered in ``_READERS``.

    Version 1 records two seats. The table's size is known once the headers are complete
    (:meth:`_start`, at the first deal): the game with its options seats ``n``, and the
    seats of the deal lines, actions and points are read against it."""

    version = 1
    #: The headers this version knows, and how many values each takes.
    arity: dict[str, int] = _ARITY
    known_headers: tuple[str, ...] = HEADERS

    def __init__(self) -> None:
        self.headers: dict[str, tuple[str, ...]] = {}
        self.options: dict[str, str] = {}
        self.record: Record | None = None
        self.game: Game[Any] | None = None
        self.deal: DealRecord | None = None
        self.deal_no = 0
        self._actions: dict[str, tuple[int, str]] = {}
        self.n = 2
        self._seats = {"0": 0, "1": 1}

    def _close_deal(self, line: int) -> None:
        deal = self.deal
        if deal is not None and not deal.pack:
            raise RecordError(f"line {line}: deal {self.deal_no} (line {deal.line}) has no"
                              " 'Pack:' line")

    def _start(self, line: int) -> Record:
        # the headers are complete once the first deal begins
        headers = self.headers
        if "Game" not in headers:
            raise RecordError(f"line {line}: the record has no [Game \"...\"] header")
        seed = headers.get("Seed")
        first = headers.get("FirstDealer", ("0",))[0]
        record = Record(
            game=headers["Game"][0], options=self.options, seed=int(seed[0]) if seed else None,
            first_dealer=int(first), date=headers.get("Date", (None,))[0],
            result=headers.get("Result", (None,))[0])
        game = _table_game(record, line)
        n = game.num_players
        self._check_table(line, game)
        if int(first) >= n:
            raise RecordError(f"line {line}: header FirstDealer: the first dealer must be"
                              f" {_seats_text(n)}, not {first}")
        players = [headers.get(f"Player{k}", (f"Player {k}", _DEFAULT_KIND)) for k in range(n)]
        record.players = tuple(p[0] for p in players)
        record.kinds = tuple(p[1] for p in players)
        self.game = game
        self.n = n
        self._seats = {str(k): k for k in range(n)}
        self.record = record
        return record

    def _check_table(self, line: int, game: Game[Any]) -> None:
        """The table the headers describe is the game's (version 1: two seats)."""
        n = game.num_players
        if n != 2:
            raise RecordError(f"line {line}: {game.title} at {n} seats is recorded in format"
                              f" version {format_version(n)}, not {self.version}: begin the"
                              f' record with [Format "{format_version(n)}"]')

    def line(self, n: int, s: str) -> _Event | None:
        """Read line ``n`` (stripped, neither blank nor a comment): ``"deal"`` if it gave
        the last deal its pack, ``"action"`` if it added an action to it, else ``None``."""
        action = self._actions.get(s)
        if action is not None:  # an action line read before: only its place is new
            self._add_action(n, self._open_deal(n, s), action)
            return "action"
        first = s[0]
        if first == "[":
            self.header(n, s)
            return None
        pack_m = points_m = None
        if first in "0123456789+-":  # only an action line may begin so
            action_m = _ACTION.fullmatch(s)
        else:
            m = _DEAL.fullmatch(s)
            if m:
                self.deal_line(n, m.group(1), m.group(2))
                return None
            pack_m = _PACK.fullmatch(s)
            points_m = _POINTS.fullmatch(s)
            action_m = _ACTION.fullmatch(s)
        if action_m and not _INT.fullmatch(action_m.group(1)):
            action_m = None
        if not (pack_m or points_m or action_m):
            if _INT.fullmatch(s):
                raise RecordError(f"line {n}: seat {s if len(s) < 20 else _show(s)} with"
                                  " no action")
            if self.game is None:
                raise RecordError(f"line {n}: the record must begin with a [Game \"...\"]"
                                  f" header, not {_show(s)}")
            raise RecordError(f"line {n}: cannot read {_show(s)}; expected a header, 'Deal N"
                              " dealer D', 'Pack: <cards>', '<seat> <action>' or 'Points:"
                              " <0> <1>'")
        if self.record is None:
            if self.game is None:
                raise RecordError(f"line {n}: the record must begin with a [Game \"...\"]"
                                  f" header, not {_show(s)}")
            self._start(n)
        deal = self.deal
        if deal is None:
            raise RecordError(f"line {n}: missing 'Deal N dealer D' line before {_show(s)}")
        if pack_m:
            self.pack_line(n, deal, pack_m.group(1))
            return "deal"
        self._open_deal(n, s)
        if points_m:
            parts = points_m.group(1).split()
            seats = self.n
            if len(parts) != seats:
                which = ("two whole numbers (seat 0, seat 1)" if seats == 2 else
                         f"{seats} whole numbers (seats 0 to {seats - 1})")
                raise RecordError(f"line {n}: 'Points:' takes {which}, got"
                                  f" {_show(points_m.group(1).strip())}")
            deal.points = tuple(_int(p, "points", n) for p in parts)
            deal.points_line = n
            return None
        assert action_m is not None  # one of the three matched
        self._add_action(n, deal, self.action(n, s, action_m.group(1), action_m.group(2)))
        return "action"

    def _open_deal(self, n: int, s: str) -> DealRecord:
        """The deal that line ``n``, an action or points, belongs to: one with its pack
        and not yet closed by its points."""
        deal = self.deal
        assert deal is not None
        if not deal.pack:
            raise RecordError(f"line {n}: deal {self.deal_no} needs its 'Pack:' line before"
                              f" {_show(s)}")
        if deal.points is not None:
            raise RecordError(f"line {n}: deal {self.deal_no} is closed by its 'Points:'"
                              f" line; found {_show(s)} (start the next deal with 'Deal"
                              f" {self.deal_no + 1} dealer ...')")
        return deal

    def header(self, n: int, s: str) -> None:
        if self.record is not None:
            raise RecordError(f"line {n}: header {_show(s)} after the first deal; headers"
                              " come first")
        m = _HEADER.fullmatch(s)
        if not m:
            raise RecordError(f"line {n}: cannot read header {_show(s)}; write"
                              ' [Name "value" ...]')
        name = m.group(1)
        values = tuple(_unescape(v, n) for v in _VALUE.findall(m.group(2)))
        for v in values:  # as the writer refuses them, so that what reads also writes
            if any(ch < " " or ch == "\x7f" for ch in v):
                raise RecordError(f"line {n}: a control character in header value {_show(v)}")
        arity = self.arity
        if name not in arity:
            raise RecordError(f"line {n}: unknown header {name!r}; known: "
                              + ", ".join(self.known_headers))
        if name == "Format":
            raise RecordError(f"line {n}: the Format header must be the first line of the"
                              " record")
        if arity[name] == 0:
            if len(values) < 2:
                raise RecordError(f"line {n}: header {name} takes two quoted values or"
                                  f" more, got {len(values)}")
        elif len(values) != arity[name]:
            raise RecordError(f"line {n}: header {name} takes {arity[name]} quoted"
                              f" value{'s' if arity[name] > 1 else ''}, got {len(values)}")
        headers = self.headers
        if name == "Game":
            if headers:
                raise RecordError(f"line {n}: the Game header must come first (after"
                                  " Format)")
            self.game = _check_game(values[0], n)
        elif self.game is None:
            raise RecordError(f"line {n}: the first header must be [Game \"...\"]")
        if name == "Option":
            key = values[0].strip().replace("-", "_")  # one option, however spelled
            if any(k.strip().replace("-", "_") == key for k in self.options):
                raise RecordError(f"line {n}: option {_show(key)} given twice")
            _check_option(self.game, values[0], values[1], n)
            self.options[values[0]] = values[1]
            return
        if name in headers:
            raise RecordError(f"line {n}: header {name} given twice")
        if name.startswith("Player"):
            for what, v in zip(("name", "kind"), values, strict=True):
                if not v or any(ch < " " for ch in v):
                    raise RecordError(f"line {n}: {name} {what} must be non-empty text")
        elif name == "Seed":
            _int(values[0], "the seed", n)
        elif name == "FirstDealer":
            self.first_dealer_header(n, values[0])
        elif name in ("Seats", "Sides"):
            self.table_header(n, name, values)
        elif name == "Date":
            _check_date(values[0], n)
        elif name == "Result" and not values[0]:
            raise RecordError(f"line {n}: the result must be non-empty text")
        headers[name] = values

    def first_dealer_header(self, n: int, value: str) -> None:
        if value not in ("0", "1"):
            raise RecordError(f"line {n}: header FirstDealer: the first dealer must be 0 or 1,"
                              f" not {_show(value)}")

    def table_header(self, n: int, name: str, values: tuple[str, ...]) -> None:
        """A ``Seats`` or ``Sides`` header (version 2)."""
        raise AssertionError("version 1 has no table headers")  # pragma: no cover

    def deal_line(self, n: int, number: str, dealer: str) -> None:
        record = self.record if self.record is not None else self._start(n)
        self._close_deal(n)
        if number != str(self.deal_no + 1):
            raise RecordError(f"line {n}: expected deal {self.deal_no + 1}, found deal"
                              f" {_show(number)}")
        if dealer not in self._seats:
            raise RecordError(f"line {n}: deal {number}: bad dealer seat {_show(dealer)}"
                              f" ({_seats_text(self.n)})")
        self.deal_no += 1
        assert self.game is not None  # _start() has made it
        _check_dealer(self.game, record, self.deal_no, int(dealer), n)
        self.deal = DealRecord(int(dealer), [], line=n)
        record.deals.append(self.deal)

    def pack_line(self, n: int, deal: DealRecord, text: str) -> None:
        if deal.pack:
            raise RecordError(f"line {n}: deal {self.deal_no} has two 'Pack:' lines")
        cards: list[int] = []
        for token in text.split():
            try:
                cards.append(int(Card.parse(token)))
            except NotationError as exc:
                raise RecordError(f"line {n}: deal {self.deal_no}: bad card in the pack:"
                                  f" {exc}") from None
        assert self.game is not None  # _start() has required the Game header
        _check_pack(self.game, self.deal_no, cards, n)
        deal.pack = cards

    def action(self, n: int, s: str, seat: str, text: str) -> tuple[int, str]:
        """The action of line ``n``, ``s``, read as ``seat`` and ``text``."""
        index = self._seats.get(seat)
        if index is None:
            raise RecordError(f"line {n}: bad seat {_show(seat)} in {_show(s)}"
                              f" ({_seats_text(self.n)})")
        action = (index, " ".join(text.split()))
        # one tuple for each action line, so that a long record does not hold millions
        # of copies of "0 draw" (a few thousand: a hostile file may vary them)
        if len(self._actions) < 4096:
            self._actions[s] = action
        return action

    def _add_action(self, n: int, deal: DealRecord, action: tuple[int, str]) -> None:
        if len(deal.actions) >= MAX_DEAL_ACTIONS:
            raise RecordError(f"line {n}: deal {self.deal_no} has more than"
                              f" {MAX_DEAL_ACTIONS} actions, more than any deal can take")
        deal.actions.append(action)
        deal.action_lines.append(n)

    def end(self, n: int) -> Record:
        """The record, once its last line (``n``) has been read."""
        record = self.record
        if record is None:
            if self.game is None:
                raise RecordError("empty record: no [Game \"...\"] header")
            record = self._start(n)
        self._close_deal(n + 1)
        return record


class _Reader2(_Reader):
    """Reads a version 2 record: a table of two to six seats. It adds the ``Seats``
    header (required), ``Sides`` (required exactly when the game's sides are fixed
    partnerships: the seats of each side) and ``Player0`` to ``Player{n-1}``; seats,
    dealers and points are read against the table's size."""

    version = 2
    arity = _ARITY_V2
    known_headers = HEADERS_V2

    def first_dealer_header(self, n: int, value: str) -> None:
        if value not in _SEAT_TEXT:
            raise RecordError(f"line {n}: header FirstDealer: the first dealer must be a"
                              f" seat, 0 to {table.MAX_SEATS - 1}, not {_show(value)}")

    def table_header(self, n: int, name: str, values: tuple[str, ...]) -> None:
        if name == "Seats":
            low, high = table.MIN_SEATS, table.MAX_SEATS
            if values[0] not in {str(k) for k in range(low, high + 1)}:
                raise RecordError(f"line {n}: the number of seats must be {low} to {high},"
                                  f" not {_show(values[0])}")
            return
        seen: list[int] = []
        for v in values:
            seats = v.split()
            if not seats or not all(len(x) == 1 and x in "012345" for x in seats):
                raise RecordError(f"line {n}: each side is its seats separated by spaces,"
                                  f' as in [Sides "0 2" "1 3"], not {_show(v)}')
            seen += [int(x) for x in seats]
        if sorted(seen) != list(range(len(seen))):
            raise RecordError(f"line {n}: the sides must name each seat once, from 0")

    def _check_table(self, line: int, game: Game[Any]) -> None:
        headers = self.headers
        n = game.num_players
        if "Seats" not in headers:
            raise RecordError(f'line {line}: a version 2 record gives its [Seats "N"]'
                              " header")
        if int(headers["Seats"][0]) != n:
            raise RecordError(f"line {line}: the record has {headers['Seats'][0]} seats,"
                              f" but {game.title} with these options seats {n}")
        sides = game.sides
        if "Sides" in headers:
            side_of: dict[int, int] = {}
            for k, v in enumerate(headers["Sides"]):
                for seat in v.split():
                    side_of[int(seat)] = k
            given = tuple(side_of.get(p, -1) for p in range(max(side_of) + 1))
            if given != sides:
                want = " ".join(f'"{" ".join(map(str, table.members(sides, k)))}"'
                                for k in range(table.num_sides(sides)))
                raise RecordError(f"line {line}: the record's sides are not those of"
                                  f" {game.title} with these options: [Sides {want}]"
                                  if table.is_partnership(sides) else
                                  f"line {line}: {game.title} with these options has no"
                                  " partnerships, but the record gives [Sides ...]")
        elif table.is_partnership(sides):
            want = " ".join(f'"{" ".join(map(str, table.members(sides, k)))}"'
                            for k in range(table.num_sides(sides)))
            raise RecordError(f"line {line}: {game.title} with these options is played in"
                              f" partnerships: the record gives [Sides {want}]")
        for k in range(n, table.MAX_SEATS):
            if f"Player{k}" in headers:
                raise RecordError(f"line {line}: header Player{k} names seat {k}, but the"
                                  f" table has {n} seats (0 to {n - 1})")


#: The reader of each format version.
_READERS: dict[int, type[_Reader]] = {1: _Reader, 2: _Reader2}
assert tuple(sorted(_READERS)) == FORMAT_VERSIONS


def _known_versions() -> str:
    versions = [str(v) for v in FORMAT_VERSIONS]
    if len(versions) == 1:
        return f"this reader knows version {versions[0]}"
    return f"this reader knows versions {', '.join(versions[:-1])} and {versions[-1]}"


def _format_version(n: int, s: str) -> int | None:
    """The version given by the first line, ``n``, if it is a Format header."""
    if not _FORMAT.match(s):
        return None
    m = _HEADER.fullmatch(s)
    values = _VALUE.findall(m.group(2)) if m else []
    if len(values) != 1 or not _VERSION.fullmatch(values[0]):
        raise RecordError(f"line {n}: cannot read the format version in {_show(s)}: write"
                          f' [Format "N"] with N a whole number; {_known_versions()}')
    version = int(values[0])
    if version not in _READERS:
        raise RecordError(f"line {n}: format version {version} is not known:"
                          f" {_known_versions()} (a newer program may read it)")
    return version


def _parse(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[_Event, Record]]:
    """The events of reading a record line by line: ``"deal"`` when a deal has its pack,
    ``"action"`` for each action, ``"end"`` with the complete record."""
    reader: _Reader | None = None
    n = 0
    for n, raw in lines:
        s = raw.strip()
        if n == 1 and s.startswith("\ufeff"):
            s = s[1:].strip()
        if not s or s.startswith("#"):
            continue
        if reader is None:
            # the version decides how the rest is read; without a Format header, 1
            version = _format_version(n, s)
            reader = _READERS[version or 1]()
            if version is not None:
                continue
        event = reader.line(n, s)
        if event is not None:
            assert reader.record is not None
            yield event, reader.record
    yield "end", (reader or _READERS[1]()).end(n)


def loads(text: str) -> Record:
    """Read a record from text. Strict about content: an unknown format version, an
    unknown or repeated header, a bad card, a pack that is not the game's whole pack, a
    bad seat, an action outside a deal, a dealer out of turn, a line or a record over the
    limits or any line it cannot read raises :class:`RecordError` naming the line number
    and what is wrong. Blank lines and lines starting with ``#`` are ignored. Whether the
    actions are legal is checked by :func:`replay`."""
    if len(text) > MAX_RECORD_BYTES:
        raise _too_large(f"more than {MAX_RECORD_BYTES:,}")
    return _load(io.BytesIO(text.encode("utf-8", "surrogatepass")))


def _load(stream: IO[bytes]) -> Record:
    for event, record in _parse(_lines(stream)):
        if event == "end":
            return record
    raise AssertionError("_parse ends with an 'end' event")  # pragma: no cover


def read(source: Source) -> Record:
    """Read a record from a file, given by its path or as a binary file open for reading
    (UTF-8, read a chunk at a time within the limits). A file that is not text raises
    :class:`RecordError`; a missing or unreadable one raises :class:`OSError`."""
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            return _load(f)
    return _load(source)


# -- replay --------------------------------------------------------------------------------

def _reason(match: Match, text: str, exc: BeziqueError) -> str:
    """The engine's reason for refusing ``text``: its own words where it gives them."""
    try:
        action = match.state.parse_action(text)
    except BeziqueError as parse_exc:
        return str(parse_exc)
    try:
        match.state.clone().apply(action)
    except IllegalActionError as illegal:
        return str(illegal)
    except BeziqueError as other:
        return str(other)
    return str(exc)


class _Replayer:
    """Replays a record as it is read: :meth:`dealt` when a deal has its pack,
    :meth:`acted` for each action, :meth:`finish` at the end. Each action is applied once
    the next line is read: the match deals the next deal as soon as one ends, so the next
    deal's pack must be known before the last action of a deal is applied."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.game = record.make_game()
        n = self.game.num_players
        if type(record.first_dealer) is not int or record.first_dealer not in range(n):
            raise RecordError(f"the first dealer must be seat {_seats_text(n)}, not"
                              f" {record.first_dealer!r}")
        if record.first_dealer not in self.game.first_dealers():
            allowed = ", ".join(map(str, self.game.first_dealers()))
            raise RecordError(f"seat {record.first_dealer} may not deal first in"
                              f" {self.game.title}; the first dealer is one of seats"
                              f" {allowed}")
        self.match: Match | None = None
        self.overall = 0  # actions applied
        self.held: tuple[int, int] | None = None  # (deal, action) read, not yet applied

    def dealt(self, i: int) -> None:
        """Deal ``i`` (from 1) has its pack."""
        record = self.record
        deal = record.deals[i - 1]
        if self.match is None:
            self.match = Match(self.game, seed=record.seed, first_dealer=record.first_dealer,
                               packs=[deal.pack])
        else:
            # Match takes the packs of later deals from the list it was given (no public
            # way to add one yet), dealing one as soon as the deal before it ends
            self.match._packs.append(list(deal.pack))
            self._apply_held()
            self._check_finished(i - 1)
        match = self.match
        if len(match.deals) < i:
            raise RecordError(f"{_at(deal.line or None)}deal {i}: the match is over after"
                              f" deal {i - 1}; the record has more deals")
        log = match.deals[i - 1]
        if log.dealer != deal.dealer:  # a game that passes the deal its own way
            raise RecordError(f"{_at(deal.line or None)}deal {i}: the dealer is seat"
                              f" {log.dealer} by the rules of {self.game.title}, not seat"
                              f" {deal.dealer}")

    def acted(self, i: int, k: int) -> None:
        """Deal ``i`` has its ``k``-th action (both from 1)."""
        self._apply_held()
        self.held = (i, k)

    def _apply_held(self) -> None:
        if self.held is None:
            return
        i, k = self.held
        self.held = None
        assert self.match is not None
        match = self.match
        deal = self.record.deals[i - 1]
        log = match.deals[i - 1]
        seat, text = deal.actions[k - 1]
        self.overall += 1
        line = deal.action_lines[k - 1] if k - 1 < len(deal.action_lines) else None
        where = f"{_at(line)}deal {i}, action {k} (overall {self.overall}): {text!r}"
        if log.result is not None:
            raise RecordError(f"{where}: the deal is already over after action {k - 1}")
        to_act = match.current_player()
        if seat != to_act:
            raise RecordError(f"{where} by seat {seat}: seat {to_act} is to act")
        try:
            action = match.state.action_from_text(text)
            match.apply(action)
        except BeziqueError as exc:
            raise RecordError(f"{where} by seat {seat}: {_reason(match, text, exc)}"
                              ) from None

    def _check_finished(self, i: int) -> None:
        """Deal ``i``'s actions are all applied: check its points, and that it is over if
        another deal follows."""
        assert self.match is not None
        record = self.record
        deal = record.deals[i - 1]
        log = self.match.deals[i - 1]
        at_points = _at(deal.points_line or deal.line or None)
        if log.result is not None:
            got = log.result.points
            if deal.points is not None and tuple(deal.points) != tuple(got):
                raise RecordError(f"{at_points}deal {i}: the record gives points"
                                  f" {' '.join(map(str, deal.points))} but the replay scores"
                                  f" {' '.join(map(str, got))}")
        else:
            if deal.points is not None:
                raise RecordError(f"{at_points}deal {i}: points are recorded but the deal"
                                  f" is not over after its {len(deal.actions)} actions")
            if i < len(record.deals):
                raise RecordError(f"{_at(record.deals[i].line or None)}deal {i} is not over"
                                  f" after its {len(deal.actions)} actions, yet deal {i + 1}"
                                  " follows")

    def finish(self) -> Match:
        """The match at the end of the record, once every line is read."""
        record = self.record
        if self.match is None:
            self.match = Match(self.game, seed=record.seed, first_dealer=record.first_dealer)
        else:
            self._apply_held()
            self._check_finished(len(record.deals))
        match = self.match
        if record.result is not None and not match.is_over():
            raise RecordError(f"the record gives a result ({record.result!r}) but the match"
                              " is not over")
        _REPLAYED[match] = _Headers(record.players, record.kinds, record.date)
        return match


def replay(record: Record) -> Match:
    """Rebuild the match of ``record``, checking everything on the way.

    Each action is read in its position and must be legal there and taken by the seat
    to act; each deal's dealer must follow the alternation; each finished deal's
    recorded points must equal the replayed ones; a deal must be over before the next
    begins, and no deal may follow the end of the match. The first fault raises
    :class:`RecordError` naming the deal, the action (within the deal and overall), its
    text and the engine's reason. An unfinished last deal is fine: the match returned
    stands at the end of the record, ready to continue (its generator is seeded from the
    record's seed, so later deals come out as in the original match).

    To read and replay a file in one pass, stopping at its first fault, use
    :func:`replay_file`.
    """
    replayer = _Replayer(record)
    game = replayer.game
    for i, deal in enumerate(record.deals, 1):
        _check_dealer(game, record, i, deal.dealer, deal.line or None)
        _check_pack(game, i, deal.pack, deal.line or None)
    for i, deal in enumerate(record.deals, 1):
        replayer.dealt(i)
        for k in range(1, len(deal.actions) + 1):
            replayer.acted(i, k)
    return replayer.finish()


def replay_file(source: Source) -> tuple[Record, Match]:
    """Read and replay a record file (a path, or a binary file open for reading) in one
    pass: the record as :func:`read` gives it and the match as :func:`replay` gives it.
    Each line is checked as it is read and each action replayed as soon as the next line
    is read, so the first fault, of form or of play, raises :class:`RecordError` without
    the rest of the file being read (a record whose 20th action is illegal costs 20
    actions, however long the file)."""
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            return _replay_stream(f)
    return _replay_stream(source)


def _replay_stream(stream: IO[bytes]) -> tuple[Record, Match]:
    replayer: _Replayer | None = None
    for event, record in _parse(_lines(stream)):
        if replayer is None:
            replayer = _Replayer(record)
        if event == "deal":
            replayer.dealt(len(record.deals))
        elif event == "action":
            replayer.acted(len(record.deals), len(record.deals[-1].actions))
        else:
            return record, replayer.finish()
    raise AssertionError("_parse ends with an 'end' event")  # pragma: no cover
