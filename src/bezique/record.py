"""Game records: a human-readable text form of a match (the PGN of this family).

A record holds what is needed to replay a match exactly: the game and its options, the
players, the match seed and first dealer, and for each deal the whole pack order and the
actions in notation, each prefixed by the seat that took it. ``docs/RECORDS.md``
describes the format in full.

>>> from bezique import Bezique
>>> from bezique.core.match import Match
>>> m = Match(Bezique(), seed=7)
>>> m.apply(m.state.legal_actions()[0])
>>> rec = record_from_match(m, players=("Ann", "Bob"), kinds=("human", "random"), date=None)
>>> text = dumps(rec)
>>> loads(text) == rec
True
>>> m2 = replay(loads(text))
>>> m2.deals[0].actions == m.deals[0].actions
True

Reading is tolerant of spacing, keyword case and ``#`` comment lines; writing is strict
and canonical. A malformed record raises :class:`RecordError` naming the line and what is
wrong; a record that does not replay names the deal, the action and the engine's reason.
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import re
import tempfile
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .core.cards import Card, card_name
from .core.errors import BeziqueError, IllegalActionError, NotationError, RecordError
from .core.game import Game
from .core.match import Match
from .games import make_game

__all__ = [
    "DealRecord", "Record", "RecordError", "dumps", "loads", "read", "record_from_match",
    "replay", "write",
]

#: Headers a record may carry, in the order they are written.
HEADERS = ("Game", "Option", "Player0", "Player1", "Seed", "FirstDealer", "Date", "Result")

_DEFAULT_NAMES = ("Player 0", "Player 1")
_DEFAULT_KIND = "unknown"


@dataclasses.dataclass
class DealRecord:
    """One deal of a record: the dealer, the whole pack order (card ids, index 0 the top
    card), the actions as ``(seat, notation)`` and, once the deal is over, the points it
    gave each seat (``None`` while it is unfinished or when not recorded).

    ``line``, ``action_lines`` and ``points_line`` are the line numbers a deal was read
    from (0 and empty for a record built in code); they serve error messages and take no
    part in equality.
    """

    dealer: int
    pack: list[int]
    actions: list[tuple[int, str]] = dataclasses.field(default_factory=list)
    points: tuple[int, int] | None = None
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
    """

    game: str
    options: dict[str, str] = dataclasses.field(default_factory=dict)
    players: tuple[str, str] = _DEFAULT_NAMES
    kinds: tuple[str, str] = (_DEFAULT_KIND, _DEFAULT_KIND)
    seed: int | None = None
    first_dealer: int = 0
    date: str | None = None
    deals: list[DealRecord] = dataclasses.field(default_factory=list)
    result: str | None = None

    def make_game(self) -> Game[Any]:
        """The game this record is played under, with its options.

        Raises :class:`RecordError` for an unknown game or option."""
        try:
            return make_game(self.game, dict(self.options))
        except BeziqueError as exc:
            raise RecordError(str(exc)) from None


# -- from a match --------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class _Headers:
    players: tuple[str, str]
    kinds: tuple[str, str]
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

    ``players`` and ``kinds`` default to those of the record the match was replayed from,
    else ``Player 0``/``Player 1`` and ``unknown``. ``date`` defaults likewise, else to
    today's date; pass ``date=None`` for no date. ``result`` defaults to the score sheet's
    summary once the match is over (``None`` before); pass text to override it.
    """
    if isinstance(players, str) or isinstance(kinds, str):
        raise RecordError("players and kinds are pairs of names, not one string")
    base = _REPLAYED.get(match)
    names = tuple(players) if players is not None else (
        base.players if base else _DEFAULT_NAMES)
    kind = tuple(kinds) if kinds is not None else (
        base.kinds if base else (_DEFAULT_KIND, _DEFAULT_KIND))
    if len(names) != 2 or len(kind) != 2:
        raise RecordError("a record needs two player names and two kinds")
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
            points=(log.result.points[0], log.result.points[1]) if log.result else None))
    return Record(
        game=match.game.name,
        options={k: _option_text(v) for k, v in match.game.options.changed().items()},
        players=(names[0], names[1]), kinds=(kind[0], kind[1]), seed=match.seed,
        first_dealer=match.first_dealer, date=date, deals=deals, result=result)


# -- writing -------------------------------------------------------------------------------

def _quote(value: str, what: str) -> str:
    # the reader splits lines wherever str.splitlines does (U+2028, U+0085...), not only
    # at newlines: such a value would not read back
    if not value or any(ch < " " or ch == "\x7f" for ch in value) \
            or value.splitlines() != [value]:
        raise RecordError(f"{what} must be non-empty text on one line, not {value!r}")
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dumps(record: Record) -> str:
    """The record as text: headers, then each deal. Strict: a record that would not read
    back (an unknown game or option, a wrong pack, a bad seat, an action on two lines...)
    raises :class:`RecordError` instead of being written."""
    game = _check_game(record.game, None)
    for name, value in record.options.items():
        _check_option(game, name, value, None)
    out = [f"[Game {_quote(record.game, 'the game name')}]"]
    for name, value in record.options.items():
        out.append(f"[Option {_quote(name, 'an option name')} {_quote(value, 'an option value')}]")
    for seat in (0, 1):
        out.append(f"[Player{seat} {_quote(record.players[seat], f'player {seat} name')} "
                   f"{_quote(record.kinds[seat], f'player {seat} kind')}]")
    if record.seed is not None:
        out.append(f'[Seed "{int(record.seed)}"]')
    if record.first_dealer not in (0, 1):
        raise RecordError(f"the first dealer must be seat 0 or 1, not {record.first_dealer!r}")
    out.append(f'[FirstDealer "{record.first_dealer}"]')
    if record.date is not None:
        _check_date(record.date, None)
        out.append(f"[Date {_quote(record.date, 'the date')}]")
    if record.result is not None:
        out.append(f"[Result {_quote(record.result, 'the result')}]")
    for i, deal in enumerate(record.deals, 1):
        _check_dealer(record, i, deal.dealer, None)
        out.append("")
        out.append(f"Deal {i} dealer {deal.dealer}")
        out.append("Pack: " + " ".join(card_name(c) for c in _check_pack(game, i, deal.pack,
                                                                          None)))
        for seat, text in deal.actions:
            if seat not in (0, 1):
                raise RecordError(f"deal {i}: an action's seat must be 0 or 1, not {seat!r}")
            if not text or text != " ".join(text.split()):
                raise RecordError(f"deal {i}: an action must be one line of text with single"
                                  f" spaces, not {text!r}")
            out.append(f"{seat} {text}")
        if deal.points is not None:
            out.append(f"Points: {int(deal.points[0])} {int(deal.points[1])}")
    return "\n".join(out) + "\n"


def write(path: str | os.PathLike[str], record: Record) -> None:
    """Write ``record`` to ``path`` atomically: the text goes to a temporary file in the
    same folder, which then replaces ``path``, so a crash never leaves half a record."""
    text = dumps(record)
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix="." + target.name + ".", suffix=".tmp",
                               dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# -- reading -------------------------------------------------------------------------------

_HEADER = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9]*)((?:\s*"(?:[^"\\]|\\.)*")*)\s*\]')
_VALUE = re.compile(r'"((?:[^"\\]|\\.)*)"')
_DEAL = re.compile(r"deal\s+(\S+)\s+dealer\s+(\S+)", re.IGNORECASE)
_PACK = re.compile(r"pack\s*:(.*)", re.IGNORECASE)
_POINTS = re.compile(r"points\s*:(.*)", re.IGNORECASE)
_ACTION = re.compile(r"(\S+)\s+(.+)")
_INT = re.compile(r"[+-]?\d+")
_ARITY = {"Game": 1, "Option": 2, "Player0": 2, "Player1": 2, "Seed": 1, "FirstDealer": 1,
          "Date": 1, "Result": 1}


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
        return make_game(name)
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
        raise RecordError(f"{_at(line)}the date must be written YYYY-MM-DD, not {text!r}"
                          ) from None
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise RecordError(f"{_at(line)}the date must be written YYYY-MM-DD, not {text!r}")


def _check_pack(game: Game[Any], deal_no: int, pack: Sequence[int], line: int | None
                ) -> list[Card]:
    try:
        cards = [Card(c) for c in pack]
        return game.pack.check_order(cards)
    except (NotationError, ValueError) as exc:
        raise RecordError(f"{_at(line)}deal {deal_no}: wrong pack: {exc}") from None


def _check_dealer(record: Record, deal_no: int, dealer: int, line: int | None) -> None:
    # the deal alternates (Bézique GAP-BZ-2; Sixty-Six likewise), as Match deals it
    if dealer not in (0, 1):
        raise RecordError(f"{_at(line)}deal {deal_no}: the dealer must be seat 0 or 1,"
                          f" not {dealer!r}")
    want = record.first_dealer if deal_no % 2 == 1 else 1 - record.first_dealer
    if dealer != want:
        raise RecordError(f"{_at(line)}deal {deal_no}: the dealer is seat {want} (the deal"
                          f" alternates from first dealer {record.first_dealer}), not"
                          f" seat {dealer}")


def _int(text: str, what: str, line: int) -> int:
    if not _INT.fullmatch(text):
        raise RecordError(f"line {line}: {what} must be a whole number, not {text!r}")
    try:
        return int(text)
    except ValueError:  # more digits than Python reads (sys.get_int_max_str_digits)
        raise RecordError(f"line {line}: {what} has too many digits ({len(text)})") from None


def loads(text: str) -> Record:
    """Read a record from text. Strict about content: an unknown or repeated header, a
    bad card, a pack that is not the game's whole pack, a bad seat, an action outside a
    deal, a dealer out of turn or any line it cannot read raises :class:`RecordError`
    naming the line number and what is wrong. Blank lines and lines starting with ``#``
    are ignored. Whether the actions are legal is checked by :func:`replay`."""
    headers: dict[str, tuple[str, ...]] = {}
    options: dict[str, str] = {}
    record: Record | None = None
    game: Game[Any] | None = None
    deal: DealRecord | None = None
    deal_no = 0

    def close_deal(line: int) -> None:
        if deal is not None and not deal.pack:
            raise RecordError(f"line {line}: deal {deal_no} (line {deal.line}) has no"
                              " 'Pack:' line")

    def start(line: int) -> Record:
        # the headers are complete once the first deal begins
        if "Game" not in headers:
            raise RecordError(f"line {line}: the record has no [Game \"...\"] header")
        p0 = headers.get("Player0", (_DEFAULT_NAMES[0], _DEFAULT_KIND))
        p1 = headers.get("Player1", (_DEFAULT_NAMES[1], _DEFAULT_KIND))
        seed = headers.get("Seed")
        first = headers.get("FirstDealer", ("0",))[0]
        return Record(game=headers["Game"][0], options=options, players=(p0[0], p1[0]),
                      kinds=(p0[1], p1[1]), seed=int(seed[0]) if seed else None,
                      first_dealer=int(first), date=headers.get("Date", (None,))[0],
                      result=headers.get("Result", (None,))[0])

    lines = text.splitlines()
    n = 0
    for n, raw in enumerate(lines, 1):
        s = raw.strip()
        if n == 1 and s.startswith("\ufeff"):
            s = s[1:].strip()
        if not s or s.startswith("#"):
            continue
        if s.startswith("["):
            if record is not None:
                raise RecordError(f"line {n}: header {s!r} after the first deal; headers"
                                  " come first")
            m = _HEADER.fullmatch(s)
            if not m:
                raise RecordError(f"line {n}: cannot read header {s!r}; write"
                                  ' [Name "value" ...]')
            name = m.group(1)
            values = tuple(_unescape(v, n) for v in _VALUE.findall(m.group(2)))
            for v in values:  # as the writer refuses them, so that what reads also writes
                if any(ch < " " or ch == "\x7f" for ch in v):
                    raise RecordError(f"line {n}: a control character in header value {v!r}")
            if name not in _ARITY:
                raise RecordError(f"line {n}: unknown header {name!r}; known: "
                                  + ", ".join(HEADERS))
            if len(values) != _ARITY[name]:
                raise RecordError(f"line {n}: header {name} takes {_ARITY[name]} quoted"
                                  f" value{'s' if _ARITY[name] > 1 else ''}, got {len(values)}")
            if name == "Game":
                if headers:
                    raise RecordError(f"line {n}: the Game header must come first")
                game = _check_game(values[0], n)
            elif game is None:
                raise RecordError(f"line {n}: the first header must be [Game \"...\"]")
            if name == "Option":
                key = values[0].strip().replace("-", "_")  # one option, however spelled
                if any(k.strip().replace("-", "_") == key for k in options):
                    raise RecordError(f"line {n}: option {key!r} given twice")
                _check_option(game, values[0], values[1], n)
                options[values[0]] = values[1]
                continue
            if name in headers:
                raise RecordError(f"line {n}: header {name} given twice")
            if name in ("Player0", "Player1"):
                for what, v in zip(("name", "kind"), values, strict=True):
                    if not v or any(ch < " " for ch in v):
                        raise RecordError(f"line {n}: {name} {what} must be non-empty text")
            elif name == "Seed":
                _int(values[0], "the seed", n)
            elif name == "FirstDealer":
                if values[0] not in ("0", "1"):
                    raise RecordError(f"line {n}: the first dealer must be 0 or 1,"
                                      f" not {values[0]!r}")
            elif name == "Date":
                _check_date(values[0], n)
            elif name == "Result" and not values[0]:
                raise RecordError(f"line {n}: the result must be non-empty text")
            headers[name] = values
            continue
        m = _DEAL.fullmatch(s)
        if m:
            if record is None:
                record = start(n)
            close_deal(n)
            number, dealer = m.group(1), m.group(2)
            if number != str(deal_no + 1):
                raise RecordError(f"line {n}: expected deal {deal_no + 1}, found deal"
                                  f" {number!r}")
            if dealer not in ("0", "1"):
                raise RecordError(f"line {n}: deal {number}: bad dealer seat {dealer!r}"
                                  " (0 or 1)")
            deal_no += 1
            _check_dealer(record, deal_no, int(dealer), n)
            deal = DealRecord(int(dealer), [], line=n)
            record.deals.append(deal)
            continue
        pack_m = _PACK.fullmatch(s)
        points_m = _POINTS.fullmatch(s)
        action_m = _ACTION.fullmatch(s)
        if action_m and not _INT.fullmatch(action_m.group(1)):
            action_m = None
        if not (pack_m or points_m or action_m):
            if _INT.fullmatch(s):
                raise RecordError(f"line {n}: seat {s} with no action")
            if game is None:
                raise RecordError(f"line {n}: the record must begin with a [Game \"...\"]"
                                  f" header, not {s!r}")
            raise RecordError(f"line {n}: cannot read {s!r}; expected a header, 'Deal N"
                              " dealer D', 'Pack: <cards>', '<seat> <action>' or 'Points:"
                              " <0> <1>'")
        if record is None:
            if game is None:
                raise RecordError(f"line {n}: the record must begin with a [Game \"...\"]"
                                  f" header, not {s!r}")
            record = start(n)
        if deal is None:
            raise RecordError(f"line {n}: missing 'Deal N dealer D' line before {s!r}")
        if pack_m:
            if deal.pack:
                raise RecordError(f"line {n}: deal {deal_no} has two 'Pack:' lines")
            cards: list[int] = []
            for token in pack_m.group(1).split():
                try:
                    cards.append(int(Card.parse(token)))
                except NotationError as exc:
                    raise RecordError(f"line {n}: deal {deal_no}: bad card in the pack:"
                                      f" {exc}") from None
            assert game is not None  # start() has required the Game header
            _check_pack(game, deal_no, cards, n)
            deal.pack = cards
            continue
        if not deal.pack:
            raise RecordError(f"line {n}: deal {deal_no} needs its 'Pack:' line before"
                              f" {s!r}")
        if deal.points is not None:
            raise RecordError(f"line {n}: deal {deal_no} is closed by its 'Points:' line;"
                              f" found {s!r} (start the next deal with 'Deal"
                              f" {deal_no + 1} dealer ...')")
        if points_m:
            parts = points_m.group(1).split()
            if len(parts) != 2:
                raise RecordError(f"line {n}: 'Points:' takes two whole numbers (seat 0,"
                                  f" seat 1), got {points_m.group(1).strip()!r}")
            deal.points = (_int(parts[0], "points", n), _int(parts[1], "points", n))
            deal.points_line = n
            continue
        assert action_m is not None  # one of the three matched
        if action_m.group(1) not in ("0", "1"):
            raise RecordError(f"line {n}: bad seat {action_m.group(1)!r} in {s!r} (0 or 1)")
        deal.actions.append((int(action_m.group(1)), " ".join(action_m.group(2).split())))
        deal.action_lines.append(n)
    if record is None:
        if game is None:
            raise RecordError("empty record: no [Game \"...\"] header")
        record = start(n)
    close_deal(n + 1)
    return record


def read(path: str | os.PathLike[str]) -> Record:
    """Read a record from a file (UTF-8). A file that is not text raises
    :class:`RecordError`; a missing or unreadable one raises :class:`OSError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"not a text record (byte {exc.start} is not UTF-8)") from None
    return loads(text)


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
    """
    game = record.make_game()
    if record.first_dealer not in (0, 1):
        raise RecordError(f"the first dealer must be seat 0 or 1, not {record.first_dealer!r}")
    for i, deal in enumerate(record.deals, 1):
        _check_dealer(record, i, deal.dealer, deal.line or None)
        _check_pack(game, i, deal.pack, deal.line or None)
    match = Match(game, seed=record.seed, first_dealer=record.first_dealer,
                  packs=[d.pack for d in record.deals])
    overall = 0
    for i, deal in enumerate(record.deals, 1):
        at = _at(deal.line or None)
        if len(match.deals) < i:
            raise RecordError(f"{at}deal {i}: the match is over after deal {i - 1}; the"
                              " record has more deals")
        log = match.deals[i - 1]
        if log.dealer != deal.dealer:  # pragma: no cover - Match alternates as checked
            raise RecordError(f"{at}deal {i}: the dealer is seat {log.dealer}, not"
                              f" {deal.dealer}")
        for k, (seat, text) in enumerate(deal.actions, 1):
            overall += 1
            line = deal.action_lines[k - 1] if k - 1 < len(deal.action_lines) else None
            where = f"{_at(line)}deal {i}, action {k} (overall {overall}): {text!r}"
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
        at_points = _at(deal.points_line or deal.line or None)
        if log.result is not None:
            got = log.result.points
            if deal.points is not None and tuple(deal.points) != tuple(got):
                raise RecordError(f"{at_points}deal {i}: the record gives points"
                                  f" {deal.points[0]} {deal.points[1]} but the replay scores"
                                  f" {got[0]} {got[1]}")
        else:
            if deal.points is not None:
                raise RecordError(f"{at_points}deal {i}: points are recorded but the deal"
                                  f" is not over after its {len(deal.actions)} actions")
            if i < len(record.deals):
                raise RecordError(f"{_at(record.deals[i].line or None)}deal {i} is not over"
                                  f" after its {len(deal.actions)} actions, yet deal {i + 1}"
                                  " follows")
    if record.result is not None and not match.is_over():
        raise RecordError(f"the record gives a result ({record.result!r}) but the match is"
                          " not over")
    _REPLAYED[match] = _Headers(record.players, record.kinds, record.date)
    return match
