"""Load on the table server: many tables at once, each seat driven over its own WebSocket
by a client choosing among the legal actions at random, on localhost.

For each action the round trip is timed from the ``act`` message sent to its ``ack``
received (the action stored in the database and applied); printed are p50, p99 and the
worst, the rate of actions, and the server's memory (its resident set at the end). The
figures are this machine's, today: compare runs side by side, never with a constant.

    .venv/bin/python benchmarks/server_load.py --tables 500 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, database: str, tables: int) -> subprocess.Popen[bytes]:
    # every table is made by this one client: the caps let it make them all
    caps = ["--max-tables-per-client", str(tables), "--max-tables", str(tables)]
    proc = subprocess.Popen([sys.executable, "-m", "bezique", "serve", "--port",
                             str(port), "--database", database, "--computer-delay", "0",
                             *caps],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            return proc
        except OSError:
            if proc.poll() is not None:
                why = proc.stderr.read().decode() if proc.stderr else "it died"
                raise RuntimeError(f"the server did not start: {why}") from None
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the server did not start")


def create_table(port: int, game: str) -> tuple[str, list[str]]:
    body = json.dumps({"game": game, "seats": [{"kind": "human", "name": "A"},
                                               {"kind": "human", "name": "B"}]}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body,
                                 headers={"content-type": "application/json"})
    out = json.loads(urllib.request.urlopen(req, timeout=30).read())
    return out["table"], [s["token"] for s in out["seats"]]


async def seat(port: int, table: str, token: str, until: float, rng: random.Random,
               times: list[float], errors: list[str], think: float, warm: float) -> None:
    url = f"ws://127.0.0.1:{port}/ws/{table}?token={token}"
    async with websockets.connect(url, max_size=2**22, compression=None) as ws:
        sent_at: float | None = None
        while True:
            left = until - time.monotonic()
            if left <= 0 and sent_at is None:
                return
            try:  # the other seat may have stopped: never wait past the end
                raw = await asyncio.wait_for(ws.recv(), timeout=max(left, 5.0))
            except (TimeoutError, websockets.ConnectionClosed):
                return
            message: dict[str, Any] = json.loads(raw)
            kind = message["type"]
            if kind == "ack" and sent_at is not None:
                if time.monotonic() >= warm:  # the steady state, past the connections
                    times.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "error":
                errors.append(message["message"])
                sent_at = None
            elif kind == "view":
                if message["over"] or time.monotonic() > until:
                    return
                if message["your_turn"] and sent_at is None and message["legal"]:
                    choice = rng.choice(message["legal"])["notation"]
                    if think:  # a player's pace: some time to choose, at random
                        await asyncio.sleep(rng.uniform(0, 2 * think))
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "seq": message["seq"],
                                              "action": choice}))


def rss_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


async def run(port: int, tables: list[tuple[str, list[str]]], seconds: float, think: float,
              warmup: float = 0.0) -> tuple[list[float], list[str], float]:
    times: list[float] = []
    errors: list[str] = []
    warm = time.monotonic() + warmup
    until = warm + seconds
    rng = random.Random(1)
    start = time.perf_counter()
    await asyncio.gather(*(seat(port, t, tok, until, random.Random(rng.random()), times,
                                errors, think, warm) for t, toks in tables for tok in toks))
    return times, errors, time.perf_counter() - start - warmup


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--game", default="sixtysix")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a seat takes to choose (0: at once, which "
                             "measures a saturated server)")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="seconds of play not timed first: every seat connecting at "
                             "once is a burst no table meets in use")
    parser.add_argument("--database", default=None,
                        help="a database URL (default: a new SQLite file)")
    args = parser.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="bz-load-")
    database = args.database or f"sqlite:///{os.path.join(folder, 'load.db')}"
    port = free_port()
    server = start_server(port, database, args.tables)
    try:
        made = time.perf_counter()
        tables = [create_table(port, args.game) for _ in range(args.tables)]
        made = time.perf_counter() - made
        times, errors, elapsed = asyncio.run(run(port, tables, args.seconds, args.think,
                                                 args.warmup))
        memory = rss_kib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=10)
    if not times:
        print("no action was acknowledged", errors[:3])
        return 1
    times.sort()
    ms = [t * 1000 for t in times]
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"{args.tables} tables of {args.game}, {2 * args.tables} WebSockets,"
          f" {database.split(':')[0]}, think {args.think:g} s")
    print(f"tables created: {args.tables / made:.0f}/s")
    print(f"actions acknowledged: {len(ms)} in {elapsed:.1f} s = {len(ms) / elapsed:.0f}/s;"
          f" errors {len(errors)}")
    print(f"round trip (act -> ack): p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms,"
          f" max {ms[-1]:.1f} ms")
    print(f"server memory (resident): {memory / 1024:.0f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
