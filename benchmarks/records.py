"""Game records under load: hostile files, saving a long match, and kills during saves.

- hostile: files of ``--size`` MB (default 100) made to hurt a reader: one endless header
  line, a valid start followed by action lines that look right, binary junk; and the
  worst a file within the limits can do (16 MiB of well-formed deals). Each is given to
  ``read`` and ``replay_file`` in a child process, as a file and through a pipe; the
  figures are the child's wall time and peak memory (``ru_maxrss``), interpreter included.
- saving: a record of ``--record-mb`` MB (default 9; made of real deals repeated) saved
  after each new action, by ``write`` (the whole file, as every save used to) and by a
  ``RecordWriter`` (appending); milliseconds a save, median of ``--saves`` saves.
- kills: ``--kills`` times (default 100), a child playing a Bézique match to 2000 and
  saving after every action is killed at a random moment, and the file checked: it must
  replay, hold every action of the saves the child reported done, and resume.

    python benchmarks/records.py                    # all three
    python benchmarks/records.py hostile --size 20  # one part, smaller files
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bezique.bots import RandomBot
from bezique.core.cards import Card
from bezique.core.match import Match
from bezique.games import make_game
from bezique.record import (
    MAX_DEAL_ACTIONS,
    MAX_RECORD_BYTES,
    DealRecord,
    Record,
    RecordWriter,
    dumps,
    record_from_match,
    replay_file,
    write,
)

HEAD = ('[Format "1"]\n[Game "bezique"]\n[Player0 "A" "human"]\n[Player1 "B" "random"]\n'
        '[FirstDealer "0"]\n')


def _pack_line(seed: int = 3) -> str:
    game = make_game("bezique")
    return "Pack: " + " ".join(str(Card(c)) for c in game.pack_order(seed=seed))


def _fill(path: Path, head: bytes, body: bytes, size: int, every: bytes = b"") -> None:
    """``head``, then ``body`` repeated up to ``size`` bytes (``every`` before each)."""
    with open(path, "wb") as f:
        f.write(head)
        block = (every + body) if every else body * max(1, (1 << 20) // len(body))
        while f.tell() < size:
            f.write(block)


def _make_hostile(folder: Path, size: int) -> dict[str, Path]:
    deal = f"\nDeal 1 dealer 0\n{_pack_line()}\n".encode()
    files = {
        "one long header line": folder / "long-header.txt",
        "valid start, then action lines": folder / "actions.txt",
        "binary junk": folder / "junk.bin",
        "well-formed deals": folder / "deals.txt",
        "16 MiB of well-formed deals": folder / "deals-16.txt",
    }
    _fill(files["one long header line"], b'[Game "', b"a", size)
    _fill(files["valid start, then action lines"], HEAD.encode() + deal, b"0 QS\n1 draw\n",
          size)
    rng = random.Random(1)
    with open(files["binary junk"], "wb") as f:
        while f.tell() < size:
            f.write(rng.randbytes(1 << 20))
    # deals of the most actions a deal may hold, each with its Deal and Pack lines: all
    # of it reads (up to the limit), and only replaying finds the first action wrong
    for name, most in (("well-formed deals", size),
                       ("16 MiB of well-formed deals", MAX_RECORD_BYTES)):
        with open(files[name], "wb") as f:
            f.write(HEAD.encode())
            actions = b"1 QS\n" * MAX_DEAL_ACTIONS
            i = 1
            while True:
                block = f"\nDeal {i} dealer {(i - 1) % 2}\n{_pack_line()}\n".encode() \
                    + actions
                if f.tell() + len(block) > most:
                    break
                f.write(block)
                i += 1
    return files


_CHILD = """
import resource, sys, time
from bezique import record
t = time.perf_counter()
source = sys.argv[2] if sys.argv[2] != "-" else sys.stdin.buffer
try:
    getattr(record, sys.argv[1])(source)
    outcome = "read whole"
except record.RecordError as exc:
    outcome = str(exc)
took = time.perf_counter() - t
print(f"{took:.3f} {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss} {outcome[:70]}")
"""


def _measure(how: str, path: Path, pipe: bool) -> tuple[float, float, float, str]:
    """Wall time of the child, its time in the reader, its peak memory (MB), outcome."""
    start = time.perf_counter()
    if pipe:
        with open(path, "rb") as f:
            feeder = subprocess.Popen(["cat"], stdin=f, stdout=subprocess.PIPE)
            assert feeder.stdout is not None
            out = subprocess.run([sys.executable, "-c", _CHILD, how, "-"],
                                 stdin=feeder.stdout, capture_output=True, text=True)
            feeder.stdout.close()
            feeder.kill()
            feeder.wait()
    else:
        out = subprocess.run([sys.executable, "-c", _CHILD, how, str(path)],
                             capture_output=True, text=True)
    wall = time.perf_counter() - start
    took, rss, outcome = out.stdout.strip().split(" ", 2)
    return wall, float(took), int(rss) / 1024, outcome


def hostile(size_mb: float) -> None:
    size = int(size_mb * 1_000_000)
    with tempfile.TemporaryDirectory() as tmp:
        files = _make_hostile(Path(tmp), size)
        print(f"hostile files ({size_mb:g} MB; the limit is {MAX_RECORD_BYTES:,} bytes)")
        print(f"{'file':<32} {'reader':<12} {'as':<5} {'wall s':>7} {'read s':>7}"
              f" {'peak MB':>8}  outcome")
        for name, path in files.items():
            for how in ("read", "replay_file"):
                for pipe in (False, True):
                    wall, took, rss, outcome = _measure(how, path, pipe)
                    print(f"{name:<32} {how:<12} {'pipe' if pipe else 'file':<5}"
                          f" {wall:7.2f} {took:7.2f} {rss:8.1f}  {outcome}")
        wall, took, rss, _ = _measure("read", Path(os.devnull), False)
        print(f"{'(an empty file, for reference)':<32} {'read':<12} {'file':<5} {wall:7.2f}"
              f" {took:7.2f} {rss:8.1f}")


def _long_record(megabytes: float) -> tuple[Record, list[tuple[int, str]]]:
    """A record of about ``megabytes`` MB made of a real match's deals repeated (it is
    not a match that could be played, only text to save), and actions to go on with."""
    match = Match(make_game("bezique"), seed=5)
    bot = RandomBot(5)
    while not match.is_over():
        match.apply(bot.choose(match.state))
    real = record_from_match(match, date=None)
    finished = [d for d in real.deals if d.points is not None]
    per_deal = len(dumps(real)) / len(real.deals)
    deals = [DealRecord(i % 2, list(d.pack), list(d.actions), d.points)
             for i, d in ((i, finished[i % len(finished)])
                          for i in range(int(megabytes * 1_000_000 / per_deal)))]
    deals.append(DealRecord(len(deals) % 2, list(finished[0].pack), []))
    record = Record(game="bezique", players=("A", "B"), seed=5, deals=deals)
    return record, list(finished[0].actions)


def saving(megabytes: float, saves: int) -> None:
    record, more = _long_record(megabytes)
    text = dumps(record)
    print(f"saving a record of {len(text.encode()) / 1e6:.1f} MB ({len(record.deals)} deals,"
          f" {sum(len(d.actions) for d in record.deals):,} actions) after each new action")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        times: dict[str, list[float]] = {"write (whole file)": [],
                                         "RecordWriter.save (append)": []}
        writer = RecordWriter(folder / "appended.txt", create=True)
        start = time.perf_counter()
        writer.save(record)
        first = time.perf_counter() - start
        for action in more[:saves]:
            record.deals[-1].actions.append(action)
            start = time.perf_counter()
            write(folder / "rewritten.txt", record)
            times["write (whole file)"].append(time.perf_counter() - start)
            start = time.perf_counter()
            writer.save(record)
            times["RecordWriter.save (append)"].append(time.perf_counter() - start)
        assert (folder / "appended.txt").read_bytes() == (folder / "rewritten.txt").read_bytes()
        record.result = "seat 0 wins"  # the end of the match: an earlier line changes
        start = time.perf_counter()
        writer.save(record)
        last = time.perf_counter() - start
    for how, spent in times.items():
        print(f"  {how:<28} {1000 * statistics.median(spent):9.2f} ms a save"
              f" (median of {len(spent)})")
    print(f"  {'RecordWriter, first save':<28} {1000 * first:9.2f} ms (creates the file)")
    print(f"  {'RecordWriter, result saved':<28} {1000 * last:9.2f} ms (rewrites the file)")


_KILLED = r"""
import os, random, sys
from bezique.bots import RandomBot
from bezique.core.match import Match
from bezique.games import make_game
from bezique.record import RecordWriter, record_from_match, replay_file

path, seed = sys.argv[1], int(sys.argv[2])
if os.path.exists(path):
    _, match = replay_file(path)
    writer = RecordWriter(path, create=False)
else:
    match = Match(make_game("bezique", {"game_target": 2000}), seed=seed)
    writer = RecordWriter(path, create=True)
bot = RandomBot(0)
while True:
    done = sum(len(d.actions) for d in match.deals)
    date = f"2026-01-{1 + done // 20 % 2:02d}"  # a full rewrite every 20 saves
    writer.save(record_from_match(match, ("A", "B"), ("human", "random"), date=date))
    print(done, flush=True)
    if match.is_over():
        break
    bot.rng = random.Random(f"{seed} {done}")
    match.apply(bot.choose(match.state))
"""


def _expected(seed: int) -> list[tuple[int, str]]:
    match = Match(make_game("bezique", {"game_target": 2000}), seed=seed)
    bot = RandomBot(0)
    while not match.is_over():
        bot.rng = random.Random(f"{seed} {sum(len(d.actions) for d in match.deals)}")
        match.apply(bot.choose(match.state))
    return [a for d in match.deals for a in zip(d.seats, d.actions, strict=True)]


def kills(count: int) -> None:
    rng = random.Random(7)
    faults: list[str] = []
    killed = saves = matches = most_temporaries = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        seed = 1
        expected = _expected(seed)
        path = folder / f"r{seed}.txt"
        while killed < count:
            child = subprocess.Popen([sys.executable, "-c", _KILLED, str(path), str(seed)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            time.sleep(rng.uniform(0.12, 0.4))
            child.kill()
            out, err = child.communicate()
            killed += child.returncode != 0
            done = [int(n) for n in out.split()]
            saves += len(done)
            if child.returncode not in (0, -9):
                faults.append(f"child failed: {err.decode()[-300:]}")
            if not path.exists():
                continue
            try:
                record, match = replay_file(path)
            except Exception as exc:  # noqa: BLE001 - every fault is counted, not raised
                faults.append(f"after kill {killed}: {exc}")
                break
            actions = [a for d in record.deals for a in d.actions]
            if actions != expected[:len(actions)] or len(actions) < max(done, default=0):
                faults.append(f"after kill {killed}: {len(actions)} actions, {max(done)} saved")
            temporaries = [n for n in os.listdir(folder) if n.endswith(".tmp")]
            most_temporaries = max(most_temporaries, len(temporaries))
            if match.is_over():
                matches += 1
                seed += 1
                expected = _expected(seed)
                path = folder / f"r{seed}.txt"
    print(f"kills during saves: {killed} kills, {saves:,} saves reported done,"
          f" {matches} matches played out; most temporary files seen at once:"
          f" {most_temporaries}; faults: {len(faults)}")
    for fault in faults[:10]:
        print("  " + fault)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("part", nargs="*", help="hostile, saving, kills (default: all)")
    parser.add_argument("--size", type=float, default=100, help="hostile files, MB")
    parser.add_argument("--record-mb", type=float, default=9, help="the long record, MB")
    parser.add_argument("--saves", type=int, default=20, help="saves to time")
    parser.add_argument("--kills", type=int, default=100, help="kills during saves")
    args = parser.parse_args()
    parts = args.part or ["hostile", "saving", "kills"]
    for part in parts:
        if part not in ("hostile", "saving", "kills"):
            parser.error(f"unknown part {part!r}: hostile, saving or kills")
    print(f"Python {sys.version.split()[0]}, peak memory of this process so far:"
          f" {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB\n")
    if "hostile" in parts:
        hostile(args.size)
        print()
    if "saving" in parts:
        saving(args.record_mb, args.saves)
        print()
    if "kills" in parts:
        kills(args.kills)


if __name__ == "__main__":
    main()
