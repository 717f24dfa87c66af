"""Load on the table server: many tables at once, each seat driven over its own WebSocket
by a client choosing among the legal actions at random, on localhost.

For each action the round trip is timed from the ``act`` message sent to its ``ack``
received (the action stored in the database and applied); printed are p50, p99 and the
worst, the rate of actions, the bytes the clients received per action, the CPU the
server processes and this load client used (a share of one core each: whichever is near
1 is what saturated), and the servers' memory (resident at the end). The figures are
this machine's, today: compare runs side by side, never with a constant.

    .venv/bin/python benchmarks/server_load.py --tables 500 --seconds 30
    .venv/bin/python benchmarks/server_load.py --think 0 --tables 100   # saturated
    .venv/bin/python benchmarks/server_load.py --database postgresql+psycopg://... --servers 2

``--compare SRC`` runs the same load against the server of another source tree (e.g. a
worktree of an older commit, ``SRC/bezique``) first, then this one, and prints both.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
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


def start_server(port: int, database: str, tables: int, src: str | None = None
                 ) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    entry = os.environ.get("BZ_SERVER_ENTRY", "").split() or ["-m", "bezique"]
    # every table is made by this one client: the caps let it make them all (a tree
    # from before the caps has no such flags)
    # and a seat choosing at once sends more than a person's 20 messages a second
    caps = ["--max-tables-per-client", str(2 * tables), "--max-tables", str(2 * tables),
            "--max-rate", "1000"]
    if src and not _has_caps(src):
        caps = []
    proc = subprocess.Popen([sys.executable, *entry, "serve", "--port",
                             str(port), "--database", database, "--computer-delay", "0",
                             *caps],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
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


def _has_caps(src: str) -> bool:
    """Whether the server of the tree ``src`` has the caps on tables (and so their
    flags)."""
    return os.path.exists(os.path.join(src, "bezique", "server", "limits.py"))


def create_table(port: int, game: str) -> tuple[str, list[str]]:
    body = json.dumps({"game": game, "seats": [{"kind": "human", "name": "A"},
                                               {"kind": "human", "name": "B"}]}).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body,
                                 headers={"content-type": "application/json"})
    out = json.loads(urllib.request.urlopen(req, timeout=30).read())
    return out["table"], [s["token"] for s in out["seats"]]


def apply(held: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """The view a client holds after ``message`` (a whole ``view``, or an ``update``
    of the fields that changed and the story's new lines from ``story_from``)."""
    if message["type"] == "view" or held is None:
        return message
    out = held | {k: v for k, v in message.items() if k not in ("type", "story_from",
                                                                 "story", "ack")}
    if "story_from" in message:
        out["story"] = held.get("story", [])[:message["story_from"]] + message["story"]
    return out


async def seat(port: int, table: str, token: str, until: float, rng: random.Random,
               times: list[float], errors: list[str], think: float, warm: float,
               received: list[int]) -> bool:
    """Play one seat of ``table`` until the match is over (``True``) or time is up."""
    url = f"ws://127.0.0.1:{port}/ws/{table}?token={token}"
    async with websockets.connect(url, max_size=2**22, compression=None) as ws:
        sent_at: float | None = None
        held: dict[str, Any] | None = None
        while True:
            left = until - time.monotonic()
            if left <= 0 and sent_at is None:
                return False
            try:  # the other seat may have stopped: never wait past the end
                raw = await asyncio.wait_for(ws.recv(), timeout=max(left, 5.0))
            except (TimeoutError, websockets.ConnectionClosed):
                return False
            now = time.monotonic()
            if warm <= now <= until:
                received[0] += len(raw.encode() if isinstance(raw, str) else raw)
            message: dict[str, Any] = json.loads(raw)
            kind = message["type"]
            # the answer to the act: the update carrying "ack" (a tree before it: "ack")
            if (kind == "ack" or "ack" in message) and sent_at is not None:
                # the steady state, past the connections, within the measured window
                if warm <= now <= until:
                    times.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "error":
                errors.append(message["message"])
                sent_at = None
            if kind in ("view", "update"):
                held = apply(held, message)
                if held["over"]:
                    return True
                if time.monotonic() > until:
                    return False
                if held["your_turn"] and sent_at is None and held["legal"]:
                    choice = rng.choice(held["legal"])["notation"]
                    if think:  # a player's pace: some time to choose, at random
                        await asyncio.sleep(rng.uniform(0, 2 * think))
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "seq": held["seq"],
                                              "action": choice}))


async def table(port: int, game: str, first: tuple[str, list[str]], until: float,
                rng: random.Random, times: list[float], errors: list[str], think: float,
                warm: float, received: list[int]) -> None:
    """Both seats of a table played until time is up; a match that ends is followed by
    a new table at once, so that the load holds for the whole run."""
    table_id, tokens = first
    while True:
        ended = await asyncio.gather(*(
            seat(port, table_id, tok, until, random.Random(rng.random()), times, errors,
                 think, warm, received) for tok in tokens))
        if not all(ended) or time.monotonic() >= until:
            return
        table_id, tokens = await asyncio.to_thread(create_table, port, game)


def rss_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def machine_busy() -> tuple[float, float]:
    """The machine's CPU seconds so far: busy (all but idle and I/O wait), and all."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return 0.0, 0.0
    hz = os.sysconf("SC_CLK_TCK")
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)
    return (sum(ticks) - idle) / hz, sum(ticks) / hz


class Usage:
    """The CPU the servers, this client and the whole machine (the database's own
    processes among them) used from ``start()`` to ``stop()``."""

    def __init__(self, pids: Sequence[int]) -> None:
        self.pids = list(pids)
        self.server = self.client = self.wall = self.busy = 0.0

    def start(self) -> None:
        self._s = [cpu_seconds(p) for p in self.pids]
        self._c = time.process_time()
        self._w = time.monotonic()
        self._m = machine_busy()[0]

    def stop(self) -> None:
        self.server = sum(cpu_seconds(p) - s for p, s in zip(self.pids, self._s, strict=True))
        self.client = time.process_time() - self._c
        self.wall = time.monotonic() - self._w
        self.busy = machine_busy()[0] - self._m


async def run(game: str, tables: list[tuple[int, str, list[str]]], seconds: float,
              think: float, warmup: float, usage: Usage
              ) -> tuple[list[float], list[str], float, int]:
    times: list[float] = []
    errors: list[str] = []
    received = [0]
    warm = time.monotonic() + warmup
    until = warm + seconds
    rng = random.Random(1)

    async def measure() -> None:
        await asyncio.sleep(max(0.0, warm - time.monotonic()))
        usage.start()
        await asyncio.sleep(max(0.0, until - time.monotonic()))
        usage.stop()

    await asyncio.gather(measure(), *(
        table(port, game, (t, toks), until, random.Random(rng.random()), times, errors,
              think, warm, received) for port, t, toks in tables))
    # the actions acknowledged within the measured window, over its length (the seats
    # that wait for their last answers after it count for nothing)
    return times, errors, seconds, received[0]


def measure(args: argparse.Namespace, src: str | None) -> list[str]:
    """One load run against servers of the source tree ``src`` (None: this one); the
    lines of figures it prints."""
    folder = tempfile.mkdtemp(prefix="bz-load-")
    database = args.database or f"sqlite:///{os.path.join(folder, 'load.db')}"
    ports = [free_port() for _ in range(args.servers)]
    servers = [start_server(port, database, args.tables, src) for port in ports]
    try:
        made = time.perf_counter()
        tables = [(ports[i % len(ports)], *create_table(ports[i % len(ports)], args.game))
                  for i in range(args.tables)]
        made = time.perf_counter() - made
        usage = Usage([p.pid for p in servers])
        # this client's own garbage collector would pause it with a thousand views held,
        # and its pauses would be counted as the server's: off while it measures
        gc.collect()
        gc.disable()
        try:
            times, errors, elapsed, received = asyncio.run(
                run(args.game, tables, args.seconds, args.think, args.warmup, usage))
        finally:
            gc.enable()
        memory = sum(rss_kib(p.pid) for p in servers)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=20)
    name = src or "this tree"
    if not times:
        return [f"{name}: no action was acknowledged {errors[:3]}"]
    times.sort()
    ms = [t * 1000 for t in times]
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    wall = usage.wall or elapsed
    return [
        f"{name}: {args.tables} tables of {args.game}, {2 * args.tables} WebSockets,"
        f" {len(servers)} server process(es) on {database.split(':')[0]}, think {args.think:g} s",
        f"  tables created: {args.tables / made:.0f}/s",
        f"  actions acknowledged: {len(ms)} in {elapsed:.1f} s = {len(ms) / elapsed:.0f}/s;"
        f" errors {len(errors)}" + (f" (first: {errors[0][:80]})" if errors else ""),
        f"  round trip (act -> ack): p50 {statistics.median(ms):.1f} ms, p99 {p99:.1f} ms,"
        f" max {ms[-1]:.1f} ms",
        f"  bytes received by the clients per action: {received / max(1, len(ms)):.0f}",
        f"  server CPU per action: {usage.server / max(1, len(ms)) * 1000:.2f} ms",
        f"  CPU, share of one core: servers {usage.server / wall:.2f}"
        f" ({usage.server / wall / len(servers):.2f} each), load client {usage.client / wall:.2f};"
        f" the machine's {os.cpu_count()} cores busy {usage.busy / wall:.2f}",
        f"  server memory (resident, all): {memory / 1024:.0f} MiB",
    ]


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
                        help="a database URL (default: a new SQLite file for each run)")
    parser.add_argument("--servers", type=int, default=1,
                        help="server processes on the one database (PostgreSQL for more"
                             " than one), the tables shared among them")
    parser.add_argument("--compare", metavar="SRC", default=None,
                        help="first run the same load on the server of this source tree")
    args = parser.parse_args(argv)
    if args.servers > 1 and not (args.database or "").startswith("postgresql"):
        parser.error("several server processes need a shared PostgreSQL database")
    for src in ([args.compare] if args.compare else []) + [None]:
        for line in measure(args, src):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
