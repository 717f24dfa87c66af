"""Game records: the format version, the limits against hostile files, and reading and
replaying a file in one pass that stops at the first fault."""

from __future__ import annotations

import io
import random
import tracemalloc
from pathlib import Path

import pytest

import bezique.record as record_module
from bezique.bots import RandomBot
from bezique.core.cards import Card
from bezique.core.errors import RecordError
from bezique.core.match import Match
from bezique.games import GAMES, make_game
from bezique.record import (
    FORMAT_VERSION,
    FORMAT_VERSIONS,
    MAX_DEAL_ACTIONS,
    MAX_LINE_BYTES,
    MAX_RECORD_BYTES,
    DealRecord,
    Record,
    dumps,
    format_version,
    loads,
    read,
    record_from_match,
    replay,
    replay_file,
)

DOCS = Path(__file__).resolve().parent.parent / "docs" / "RECORDS.md"
HEAD = '[Game "bezique"]\n[Player0 "A" "human"]\n[Player1 "B" "random"]\n'


def play(name: str = "bezique", seed: int = 1, stop_after: int | None = None) -> Match:
    match = Match(make_game(name), seed=seed)
    bot = RandomBot(seed)
    n = 0
    while not match.is_over() and (stop_after is None or n < stop_after):
        match.apply(bot.choose(match.state))
        n += 1
    return match


def pack_line(seed: int = 3) -> str:
    game = make_game("bezique")
    return "Pack: " + " ".join(str(Card(c)) for c in game.pack_order(seed=seed))


def raises(text: str, *fragments: str) -> str:
    with pytest.raises(RecordError) as info:
        loads(text)
    message = str(info.value)
    for f in fragments:
        assert f in message, message
    return message


class Endless(io.RawIOBase):
    """A binary stream: ``head``, then ``tail`` repeated for ever; counts what is read."""

    def __init__(self, head: bytes, tail: bytes) -> None:
        self.head, self.tail, self.given = head, tail, 0
        self._buffer = b""

    def readable(self) -> bool:
        return True

    def readinto(self, b: bytearray) -> int:  # type: ignore[override]
        while len(self._buffer) < len(b):
            self._buffer += self.head or self.tail * max(1, 65536 // len(self.tail))
            self.head = b""
        n = len(b)
        b[:n] = self._buffer[:n]
        self._buffer = self._buffer[n:]
        self.given += n
        return n


# -- the format version ---------------------------------------------------------------------

def test_format_header_is_written_first_two_seats_in_version_1() -> None:
    # version 2 is for the other tables: a two-seat record is as it always was
    text = dumps(record_from_match(play(stop_after=3), date=None))
    assert text.splitlines()[0] == '[Format "1"]' == f'[Format "{format_version(2)}"]'
    assert FORMAT_VERSION == max(FORMAT_VERSIONS) == 2
    assert [format_version(n) for n in (2, 3, 4, 5, 6)] == [1, 2, 2, 2, 2]
    assert loads(text).game == "bezique"


def test_record_without_format_header_is_read_as_version_1() -> None:
    # the documented example as records were written before the Format header
    doc = DOCS.read_text(encoding="utf-8")
    example = doc.split("```text\n", 1)[1].split("```", 1)[0]
    old = example.replace('[Format "1"]\n', "", 1)
    assert old != example and not old.startswith("[Format")
    record = loads(old)
    assert record == loads(example)
    match = replay(record)
    assert dumps(record_from_match(match)) == example  # written back with its version
    # an error names the line of the old text
    lines = old.splitlines()
    first = lines.index("Deal 2 dealer 1") + 2
    lines[first] = lines[first][0] + " draw"
    with pytest.raises(RecordError, match=f"^line {first + 1}: deal 2, action 1 "):
        replay(loads("\n".join(lines)))


def test_format_header_may_follow_comments_and_blank_lines() -> None:
    assert loads('\ufeff# saved by hand\n\n[Format "1"]\n' + HEAD).players == ("A", "B")


@pytest.mark.parametrize("version", ["3", "10", "999999999", "0"])
def test_unknown_format_version_is_refused_naming_line_and_known_versions(
        version: str) -> None:
    message = raises(f'# a comment\n[Format "{version}"]\n' + HEAD, "line 2",
                     f"format version {int(version)} is not known",
                     "this reader knows versions 1 and 2")
    assert message.startswith("line 2: ")


@pytest.mark.parametrize("line", [
    '[Format "one"]', '[Format "1.0"]', '[Format "-1"]', '[Format ""]', '[Format " 1"]',
    '[Format "1" "2"]', "[Format 1]", '[Format "1"', "[Format]", '[Format "12345678901"]',
])
def test_malformed_format_version_is_refused_naming_line_and_known_versions(
        line: str) -> None:
    raises(line + "\n" + HEAD, "line 1: cannot read the format version",
           "this reader knows versions 1 and 2")


def test_format_header_anywhere_but_first_is_refused() -> None:
    raises(HEAD + '[Format "1"]\n', "line 4", "Format header must be the first line")


def test_each_version_has_its_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    # the extension point for a version 3: a reader class registered for the version
    seen = []

    class ReaderV3(record_module._Reader):
        version = 3

        def header(self, n: int, s: str) -> None:
            seen.append(n)
            super().header(n, s)

    assert record_module._READERS[1] is record_module._Reader
    assert record_module._READERS[2].version == 2
    monkeypatch.setitem(record_module._READERS, 3, ReaderV3)
    monkeypatch.setattr(record_module, "FORMAT_VERSIONS", (1, 2, 3))
    assert loads('[Format "3"]\n' + HEAD).players == ("A", "B")
    assert seen == [2, 3, 4]
    raises('[Format "4"]\n', "format version 4 is not known",
           "this reader knows versions 1, 2 and 3")


# -- limits -------------------------------------------------------------------------------

def test_limits_are_far_above_any_real_record() -> None:
    match = play(seed=3)
    assert match.is_over()
    text = dumps(record_from_match(match, date=None))
    assert len(text.encode()) * 100 < MAX_RECORD_BYTES
    assert max(len(line) for line in text.splitlines()) * 20 < MAX_LINE_BYTES
    assert max(len(d.actions) for d in match.deals) * 5 < MAX_DEAL_ACTIONS


def test_line_longer_than_the_limit_is_refused_naming_it() -> None:
    raises('[Game "' + "a" * MAX_LINE_BYTES + '"]\n', "line 1: longer than 8,192 bytes")
    raises(HEAD + "\n# " + "x" * MAX_LINE_BYTES + "\n", "line 5: longer than")
    raises(HEAD + "\r\n# " + "x" * MAX_LINE_BYTES, "line 5: longer than")
    # the limit counts the bytes of UTF-8, not the characters
    raises(HEAD + "# " + "é" * (MAX_LINE_BYTES // 2), "line 4: longer than")
    # a line of exactly the limit is a line like any other
    assert loads(HEAD + "#" * MAX_LINE_BYTES + "\n").players == ("A", "B")
    assert loads(HEAD + "#" * MAX_LINE_BYTES).players == ("A", "B")


def test_long_line_is_refused_before_it_is_matched(monkeypatch: pytest.MonkeyPatch) -> None:
    # no pattern ever sees a line over the limit (a 100 MB header line once took 17 GB)
    longest = 0

    class Spy:
        def __init__(self, pattern: object) -> None:
            self.pattern = pattern

        def fullmatch(self, s: str) -> object:
            nonlocal longest
            longest = max(longest, len(s))
            return self.pattern.fullmatch(s)  # type: ignore[attr-defined]

        def __getattr__(self, name: str) -> object:
            return getattr(self.pattern, name)

    for name in ("_HEADER", "_DEAL", "_PACK", "_POINTS", "_ACTION", "_INT"):
        monkeypatch.setattr(record_module, name, Spy(getattr(record_module, name)))
    for bad in ('[Game "' + "a" * 100_000, HEAD + "\nDeal 1 dealer 0 " + "x" * 100_000,
                HEAD + "0 " + "QS " * 50_000):
        with pytest.raises(RecordError, match="longer than"):
            loads(bad)
    assert longest <= MAX_LINE_BYTES


@pytest.mark.parametrize("line", [
    '[Game "' + "a" * 200_000,                     # an unclosed value
    '[Game "' + "\\a" * 100_000 + '"',             # escapes
    '[Game "a"' + ' "b"' * 50_000 + " x",          # many values, then garbage
    "[Game" + ' ""' * 60_000 + "]",                # many empty values
    "deal " + "1 " * 100_000 + "dealer",
    "0 " + "QS " * 70_000,
])
def test_patterns_are_linear(line: str) -> None:
    # the reader's patterns keep no state per character (the old header pattern took up to
    # 200 bytes a character); the line limit keeps lines short anyway
    patterns = [record_module._HEADER, record_module._DEAL, record_module._ACTION,
                record_module._PACK, record_module._POINTS, record_module._INT]
    tracemalloc.start()
    try:
        for pattern in patterns:
            pattern.fullmatch(line)
        record_module._VALUE.search(line)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64_000, peak  # the old header pattern: 20 to 40 MB on these lines


def test_record_larger_than_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with open(path, "wb") as f:  # sparse: it takes no room on the disk
        f.write(HEAD.encode())
        f.truncate(MAX_RECORD_BYTES + 1)

    class Counting(io.FileIO):
        given = 0

        def readinto(self, b: bytearray) -> int:  # type: ignore[override]
            n = super().readinto(b)  # type: ignore[arg-type]
            Counting.given += n or 0
            return n or 0

    with pytest.raises(RecordError, match="the record is 16,777,217 bytes; a record may"
                                          " hold at most 16,777,216"):
        read(Counting(path))
    assert Counting.given == 0
    with pytest.raises(RecordError, match="a record may hold at most"):
        read(path)
    with pytest.raises(RecordError, match="a record may hold at most"):
        replay_file(path)


def test_stream_is_read_no_further_than_the_record_limit() -> None:
    # a pipe has no size to look at first: the reader stops at the limit
    stream = Endless(HEAD.encode(), b"# " + b"x" * 1000 + b"\n")
    with pytest.raises(RecordError, match="more than 16,777,216 bytes"):
        read(io.BufferedReader(stream))
    assert stream.given <= MAX_RECORD_BYTES + 1 + io.DEFAULT_BUFFER_SIZE
    stream = Endless(HEAD.encode(), b"# " + b"x" * 1000 + b"\n")
    with pytest.raises(RecordError, match="more than 16,777,216 bytes"):
        replay_file(stream)  # type: ignore[arg-type]
    assert stream.given <= MAX_RECORD_BYTES + 1


def test_endless_line_is_refused_after_reading_little_more_than_the_line_limit() -> None:
    stream = Endless(HEAD.encode() + b'[Seed "', b"9" * 1000)
    with pytest.raises(RecordError, match="line 4: longer than"):
        read(stream)  # type: ignore[arg-type]
    assert stream.given < MAX_LINE_BYTES + 2 * 65536


def test_binary_junk_is_refused_as_not_text() -> None:
    junk = random.Random(1).randbytes(1 << 20)
    with pytest.raises(RecordError, match="not a text record"):
        read(io.BytesIO(junk))
    with pytest.raises(RecordError, match=f"^line 4: not a text record .byte"
                                          f" {len(HEAD) + 2} is not UTF-8"):
        read(io.BytesIO(HEAD.encode() + b"# \xff\n" + junk))
    # a fault on an earlier line is told first, as it comes first
    with pytest.raises(RecordError, match="^line 2: unknown header 'Colour'"):
        read(io.BytesIO(b'[Game "bezique"]\n[Colour "x"]\n' + junk))


def test_deal_with_more_actions_than_the_limit_is_refused() -> None:
    body = HEAD + "\nDeal 1 dealer 0\n" + pack_line() + "\n"
    line = 6 + MAX_DEAL_ACTIONS + 1
    raises(body + "1 QS\n" * (MAX_DEAL_ACTIONS + 1),
           f"line {line}: deal 1 has more than {MAX_DEAL_ACTIONS} actions")
    assert len(loads(body + "1 QS\n" * MAX_DEAL_ACTIONS).deals[0].actions) == MAX_DEAL_ACTIONS


def test_writer_refuses_what_is_over_the_limits() -> None:
    record = record_from_match(play(stop_after=5), date=None)
    with pytest.raises(RecordError, match="a record line may hold at most 8,192"):
        dumps(Record(game="bezique", players=("x" * MAX_LINE_BYTES, "B")))
    too_long = DealRecord(record.deals[0].dealer, record.deals[0].pack,
                          [(0, "QS")] * (MAX_DEAL_ACTIONS + 1))
    with pytest.raises(RecordError, match="a deal may hold at most 2000"):
        dumps(Record(game="bezique", deals=[too_long]))


def test_line_numbers_follow_every_kind_of_line_break() -> None:
    # as str.splitlines numbers them: CR LF, lone CR, form feed, U+2028...
    for eol in ("\n", "\r\n", "\r", "\x0c", "\u2028", "\x85"):
        text = eol.join([*HEAD.splitlines(), "", "Deal 1 dealer 0", "Pack: QS"]) + eol
        raises(text, "line 6: deal 1: wrong pack")
    # a CR LF cut between two chunks is one line break
    q, r = divmod(65535 - len(HEAD), 100)
    text = HEAD + ("#" * 99 + "\n") * q + "#" * r + "\r\nDeal 1 dealer 0\r\nPack: QS\r\n"
    assert text.encode()[65535:65537] == b"\r\n"
    raises(text, f"line {text.splitlines().index('Pack: QS') + 1}: deal 1: wrong pack")


# -- one pass: read and replay ------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("cut", [None, 0, 1, 37, 150])
def test_replay_file_gives_what_read_and_replay_give(name: str, cut: int | None,
                                                     tmp_path: Path) -> None:
    match = play(name, seed=4, stop_after=cut)
    path = tmp_path / "r.txt"
    n = match.game.num_players
    names = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")[:n]  # a name and a kind per seat
    kinds = ("human",) + ("rules",) * (n - 1)
    path.write_text(dumps(record_from_match(match, names, kinds, date="2026-01-02")),
                    encoding="utf-8")
    record, replayed = replay_file(path)
    assert record == read(path)
    assert record.players == names and record.kinds == kinds
    again = replay(read(path))
    assert dumps(record_from_match(replayed)) == dumps(record_from_match(again))
    assert replayed.sheet.to_json() == again.sheet.to_json() == match.sheet.to_json()
    assert [d.pack for d in replayed.deals] == [d.pack for d in match.deals]
    assert replayed.is_over() == match.is_over()
    if not match.is_over():
        seat = match.current_player()
        assert replayed.current_player() == seat
        assert replayed.state.observation(seat) == match.state.observation(seat)
        assert replayed.state.legal_actions() == match.state.legal_actions()
    with open(path, "rb") as f:
        assert replay_file(f)[0] == record


def test_replay_file_faults_are_those_of_replay(tmp_path: Path) -> None:
    match = play(seed=11)
    assert match.is_over()
    lines = dumps(record_from_match(match, date=None)).splitlines()
    deal2 = lines.index("Deal 2 dealer 1")
    third = lines.index(next(ln for ln in lines if ln.startswith("Pack: "))) + 3
    points = next(i for i, line in enumerate(lines) if line.startswith("Points: "))
    flip = {"0": "1", "1": "0"}
    last = len(lines) - 1  # the last deal's points
    cases: dict[str, list[tuple[int, str | None]]] = {  # line index: new text or deleted
        "illegal": [(deal2 + 2, lines[deal2 + 2][0] + " draw")],
        "wrong seat": [(third, flip[lines[third][0]] + lines[third][1:])],
        "tampered points": [(points, "Points: 1 2")],
        "points of an unfinished deal": [(points - 1, None)],
        "unfinished deal followed by another": [(points - 1, None), (points, None)],
        "action after the end": [(points, lines[deal2 + 2] + "\n" + lines[points])],
        "deal after the end": [(last, lines[last] + f"\n\nDeal {len(match.deals) + 1}"
                                f" dealer {1 - match.deals[-1].dealer}\n{pack_line()}")],
        "result of an unfinished match": [(last - 1, None), (last, None)],
    }
    for what, edits in cases.items():
        changed: list[str | None] = list(lines)
        for i, new in edits:
            changed[i] = new
        text = "\n".join(ln for ln in changed if ln is not None) + "\n"
        path = tmp_path / "r.txt"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(RecordError) as want:
            replay(read(path))
        with pytest.raises(RecordError) as got:
            replay_file(path)
        assert str(got.value) == str(want.value), what


def test_replay_file_stops_at_the_first_illegal_action_without_reading_the_rest() -> None:
    match = play(seed=11)
    lines = dumps(record_from_match(match, date=None)).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("Pack: ")) + 1
    k = first + 19  # the 20th action
    seat = lines[k][0]
    lines[k] = f"{seat} 2C"  # no Two in the piquet pack
    head = ("\n".join(lines[:k + 1]) + "\n").encode()
    # ...then a file going on for ever with actions that look right
    stream = Endless(head, b"0 QS\n1 draw\n")
    with pytest.raises(RecordError) as info:
        replay_file(stream)  # type: ignore[arg-type]
    assert str(info.value).startswith(f"line {k + 1}: deal 1, action 20 (overall 20): '2C'"
                                      f" by seat {seat}")
    assert stream.given <= len(head) + 2 * 65536


def test_replay_file_refuses_a_bad_line_after_the_last_action(tmp_path: Path) -> None:
    match = play(seed=2, stop_after=10)
    text = dumps(record_from_match(match, date=None)) + "nonsense\n"
    path = tmp_path / "r.txt"
    path.write_text(text, encoding="utf-8")
    line = len(text.splitlines())
    with pytest.raises(RecordError, match=f"^line {line}: cannot read 'nonsense'"):
        replay_file(path)


def test_replay_file_reads_records_without_deals_and_empty_files(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    path.write_text('[Game "sixtysix"]\n[FirstDealer "1"]\n', encoding="utf-8")
    record, match = replay_file(path)
    assert record.deals == [] and match.dealer == 1
    path.write_bytes(b"")
    with pytest.raises(RecordError, match="empty record"):
        replay_file(path)
    with pytest.raises(OSError):
        replay_file(tmp_path / "missing.txt")


def outcome(data: bytes) -> object:
    try:
        return read(io.BytesIO(data))
    except RecordError as exc:
        return str(exc)


def test_read_does_not_depend_on_how_the_stream_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    # the reader takes a chunk at a time: wherever the chunks and the file end, it reads
    # the same, faults included
    text = dumps(record_from_match(play(seed=5, stop_after=60), date=None))
    data = ("# é\u2028" + text.replace("\n", "\r\n")).encode()
    cuts = sorted({*range(0, len(data), 89), data.index(b"Pack:"), len(data) - 1,
                   len(data)})
    want = {cut: outcome(data[:cut]) for cut in cuts}
    assert isinstance(want[len(data)], Record)
    assert "has no 'Pack:' line" in str(want[data.index(b"Pack:")])
    for size in (1, 2, 3, 7, 64):
        monkeypatch.setattr(record_module, "_CHUNK", size)
        assert outcome(data) == want[len(data)]
        for cut in cuts[::5]:
            assert outcome(data[:cut]) == want[cut], (size, cut)
    monkeypatch.setattr(record_module, "_CHUNK", 5)
    bad = data[:40] + b"\xc3" + data[40:]
    with pytest.raises(RecordError, match=r"not a text record \(byte 40 is not UTF-8\)"):
        read(io.BytesIO(bad))


def test_loads_refuses_text_over_the_record_limit() -> None:
    with pytest.raises(RecordError, match="a record may hold at most 16,777,216 bytes"):
        loads(HEAD + "#" * MAX_RECORD_BYTES)


def test_the_version_error_quoted_in_the_docs_is_the_one_given() -> None:
    doc = DOCS.read_text(encoding="utf-8")
    quoted = next(line.strip() for line in doc.splitlines()
                  if line.startswith("    line 1: format version 3"))
    with pytest.raises(RecordError) as info:
        loads('[Format "3"]\n' + HEAD)
    assert str(info.value) == quoted
    for name in ("FORMAT_VERSION", "FORMAT_VERSIONS", "MAX_RECORD_BYTES", "MAX_LINE_BYTES",
                 "MAX_DEAL_ACTIONS"):
        assert f"`{name}`" in doc
    assert f"{MAX_RECORD_BYTES:,} bytes" in doc and f"{MAX_LINE_BYTES:,} bytes" in doc
    assert f"{MAX_DEAL_ACTIONS:,}" in doc
