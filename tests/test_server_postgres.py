"""The table server on a real PostgreSQL (tests/conftest.py's ``postgres_url``): a table
played, the app started again on the same database and the table going on; two server
processes sharing one database, each seeing the other's moves, a stale action refused and
never stored twice.

The database is one for the session; every table has its own random id, so the tests
(and the rows other tests leave) do not meet.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import time
import urllib.request
from typing import Any

import conftest
import pytest
import sqlalchemy as sa
import wsclient
from starlette.testclient import TestClient

from bezique.server.app import create_app

FAST = 1000.0  # messages a second a test client may send
TIMEOUT = 15.0  # seconds any one answer may take (a slow, shared machine)


def actions_stored(url: str, table_id: str) -> list[tuple[int, int, str]]:
    """(seq, seat, notation) of the table's stored actions, read from PostgreSQL itself."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.text(
                "SELECT seq, seat, notation FROM bz_actions WHERE table_id = :t ORDER BY seq"),
                {"t": table_id}).all()
            seq = conn.execute(sa.text("SELECT seq FROM bz_tables WHERE id = :t"),
                               {"t": table_id}).scalar_one()
    finally:
        engine.dispose()
    assert [r[0] for r in rows] == list(range(1, seq + 1)), "the stored actions are 1..seq"
    return [(r[0], r[1], r[2]) for r in rows]


# -- in process: one app, then another on the same database --------------------------------------

def held(ws: Any) -> wsclient.Client:
    """The connection read as a browser reads it, its first view held."""
    client = wsclient.Client.of_testclient(ws, timeout=TIMEOUT)
    client.first_view()
    return client


def test_a_table_on_postgresql_goes_on_after_a_restart(postgres_url: str) -> None:
    app = create_app(postgres_url, computer_delay=0, rate=FAST)
    assert app.state.service.store.engine.dialect.name == "postgresql"
    with TestClient(app) as c:
        r = c.post("/api/tables", json={"game": "bezique", "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "rules"}]})
        assert r.status_code == 200, r.text
        t = r.json()
        url = f"/ws/{t['table']}?token={t['seats'][0]['token']}"
        with c.websocket_connect(url) as ws:
            client = held(ws)
            for _ in range(8):
                view = client.my_turn()
                assert not view["over"]
                reply = client.act()
                assert reply == {"type": "ack", "seq": view["seq"] + 1}
            view = client.my_turn()
        seq, board, story = view["seq"], view["board"], view["story"]
    stored = actions_stored(postgres_url, t["table"])
    assert len(stored) == seq and sum(1 for _, seat, _ in stored if seat == 0) == 8

    with TestClient(create_app(postgres_url, computer_delay=0, rate=FAST)) as c:
        info = c.get(f"/api/tables/{t['table']}").json()
        assert info["seq"] == seq and not info["over"]
        with c.websocket_connect(url) as ws:
            client = held(ws)
            again = client.view
            assert (again["seq"], again["board"], again["story"]) == (seq, board, story)
            assert again == view  # the whole view, held from updates, as the new one's
            assert again["your_turn"]
            for _ in range(3):  # and play goes on
                client.my_turn()
                assert client.act()["type"] == "ack"
    assert actions_stored(postgres_url, t["table"])[:seq] == stored


# -- two server processes on one database --------------------------------------------------------

class Client:
    """A WebSocket to one server for one seat: the view it holds (updates applied as a
    browser applies them, tests/wsclient.py), the errors."""

    def __init__(self, ws: Any, name: str) -> None:
        self.ws = ws
        self.name = name
        self.held = wsclient.Held()
        self.errors: list[str] = []

    @property
    def view(self) -> dict[str, Any]:
        return self.held.view or {}

    async def until(self, wanted: Any, what: str, timeout: float = TIMEOUT
                    ) -> dict[str, Any]:
        """The next message ``wanted(message)`` is true of (others read and kept)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self.name}: no {what} within {timeout:g} s"
                                     f" (at seq {self.view.get('seq')}, errors {self.errors})")
            try:
                text = await asyncio.wait_for(self.ws.recv(), left)
            except TimeoutError:
                continue
            m: dict[str, Any] = json.loads(text)
            self.held.apply(m)
            if m["type"] == "error":
                self.errors.append(m["message"])
            if "ack" in m:  # an action's answer: its update, carrying the ack
                ack = {"type": "ack", "seq": m["ack"]}
                if wanted(ack):
                    return ack
            if wanted(m):
                return m

    async def at(self, seq: int, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The view held once it is of position ``seq``."""
        if self.view.get("seq") != seq:
            await self.until(lambda m: m["type"] in ("view", "update")
                             and self.view.get("seq") == seq, f"view of seq {seq}", timeout)
        return self.held.copy()

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))


GONE = "that position is gone"  # the server had seen the move: its seq is refused
MOVED_ON = "the table moved on meanwhile"  # it had not: the database's guard refused it


def run(coroutine: Any) -> Any:
    """``asyncio.run`` in a thread of its own: the session's Playwright (sync API) may
    hold this thread's event loop."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def http(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        return json.load(response)


async def connect(url: str, table_id: str, token: str, name: str) -> Client:
    from websockets.asyncio.client import connect as ws_connect

    ws = await ws_connect(f"ws{url[4:]}/ws/{table_id}?token={token}", open_timeout=TIMEOUT)
    return Client(ws, name)


def two_people(url: str) -> tuple[str, list[str]]:
    t = http(url + "/api/tables", {"game": "sixtysix", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    return t["table"], [t["seats"][0]["token"], t["seats"][1]["token"]]


async def _three_servers(urls: dict[str, str], table_id: str, tokens: list[str]
                         ) -> dict[str, Any]:
    """Both seats connected to A and to B, moves made through each in turn; after each
    move the same action at the old position is sent to C (freshly connected there before
    the move: it has the old position in memory) and to the other of A and B (once it has
    shown the move)."""
    clients = {server: [await connect(urls[server], table_id, tokens[seat],
                                      f"seat {seat} on {server}") for seat in (0, 1)]
               for server in ("A", "B")}
    everyone = [c for cs in clients.values() for c in cs]
    try:
        for c in everyone:
            await c.at(0)
        seq, refusals = 0, []
        for rnd in range(10):
            via, other = ("A", "B") if rnd % 2 == 0 else ("B", "A")
            mover = clients[via][0].view["to_move"]
            actor = clients[via][mover]
            assert actor.view["your_turn"] and actor.view["seq"] == seq
            assert not clients[via][1 - mover].view["your_turn"]
            late = await connect(urls["C"], table_id, tokens[mover], f"seat {mover} on C")
            try:
                assert (await late.at(seq))["your_turn"]
                action = actor.view["legal"][0]["notation"]
                await actor.send({"type": "act", "seq": seq, "action": action})
                reply = await actor.until(lambda m: m["type"] in ("ack", "error"), "answer")
                assert reply == {"type": "ack", "seq": seq + 1}, reply
                # at once, through C: refused (by C's seq, or by the database's guard)
                await late.send({"type": "act", "seq": seq, "action": action})
                error = await late.until(lambda m: m["type"] in ("ack", "error"), "refusal")
                assert error["type"] == "error", f"a stale action was acknowledged: {error}"
                assert error["message"].startswith((GONE, MOVED_ON)), error
                refusals.append(error["message"])
                await late.at(seq + 1)  # and C shows the move
            finally:
                await late.ws.close()
            seq += 1
            # every client, on either server, is told of the move (the other server by
            # its watch on the database), and each seat is drawn alike on both
            views = {(s, i): await c.at(seq) for s, cs in clients.items()
                     for i, c in enumerate(cs)}
            for i in (0, 1):
                a, b = views["A", i], views["B", i]
                assert (a["board"], a["legal"], a["story"], a["to_move"], a["your_turn"]) == \
                    (b["board"], b["legal"], b["story"], b["to_move"], b["your_turn"])
                # the whole view alike, but who is connected (each server knows its own)
                assert {**a, "players": None} == {**b, "players": None}
            # the other server, having shown the move, refuses the old position too
            again = clients[other][mover]
            await again.send({"type": "act", "seq": seq - 1, "action": action})
            error = await again.until(lambda m: m["type"] in ("ack", "error"), "refusal")
            assert error["type"] == "error" and error["message"].startswith(GONE), error
        for c in everyone:  # the only errors: the old positions refused
            assert all(e.startswith(GONE) for e in c.errors), c.errors
        return {"seq": seq, "refusals": refusals}
    finally:
        for c in everyone:
            await c.ws.close()


def test_two_servers_share_a_postgresql_database(
        postgres_url: str, start_server: conftest.StartServer) -> None:
    args = ["--database", postgres_url, "--computer-delay", "0"]
    urls = {name: start_server(args)[0] for name in ("A", "B", "C")}
    table_id, tokens = two_people(urls["A"])
    # made on A, known to B
    assert http(f"{urls['B']}/api/tables/{table_id}")["players"][1]["name"] == "Bob"

    out = run(_three_servers(urls, table_id, tokens))

    stored = actions_stored(postgres_url, table_id)
    assert len(stored) == out["seq"] == 10, "every move stored once, no stale one"
    assert len(out["refusals"]) == 10
    for name in ("A", "B"):
        assert http(f"{urls[name]}/api/tables/{table_id}")["seq"] == out["seq"]


async def _refused_then_told(urls: dict[str, str], table_id: str, tokens: list[str]) -> bool:
    """Moves through A, both seats watching on B; after each, the mover's old action
    sent to B at once. ``True`` once B refused one by the database's guard (it had not
    yet seen the move) and the other seat on B was then told of the move; ``False`` if
    B never had to refuse one so."""
    actors = [await connect(urls["A"], table_id, tokens[s], f"seat {s} on A") for s in (0, 1)]
    watchers = [await connect(urls["B"], table_id, tokens[s], f"seat {s} on B")
                for s in (0, 1)]
    try:
        for c in (*actors, *watchers):
            await c.at(0)
        for seq in range(8):
            mover = actors[0].view["to_move"]
            action = actors[mover].view["legal"][0]["notation"]
            await actors[mover].send({"type": "act", "seq": seq, "action": action})
            reply = await actors[mover].until(lambda m: m["type"] in ("ack", "error"), "ack")
            assert reply == {"type": "ack", "seq": seq + 1}, reply
            await watchers[mover].send({"type": "act", "seq": seq, "action": action})
            error = await watchers[mover].until(lambda m: m["type"] in ("ack", "error"),
                                                "refusal")
            assert error["type"] == "error", error
            # the seat that did not move, connected to B, is told of the move (B's
            # watch looks at the database every 0.5 s)
            await watchers[1 - mover].at(seq + 1, timeout=5)
            if error["message"].startswith(MOVED_ON):
                return True
            for c in (*actors, *watchers):
                await c.at(seq + 1)
        return False
    finally:
        for c in (*actors, *watchers):
            await c.ws.close()


def test_after_a_stale_refusal_the_other_connections_are_told_of_the_move(
        postgres_url: str, start_server: conftest.StartServer) -> None:
    args = ["--database", postgres_url, "--computer-delay", "0"]
    urls = {name: start_server(args)[0] for name in ("A", "B")}
    table_id, tokens = two_people(urls["A"])
    if not run(_refused_then_told(urls, table_id, tokens)):
        pytest.skip("B saw every move before the stale action came (its watch was quick)")


def test_a_server_without_connections_to_a_table_reads_it_as_stored(
        postgres_url: str) -> None:
    """A table in one server's memory, moved on by another server: its reads (the table,
    one's games, a finished deal) give what the database holds, not the old copy."""
    a_app = create_app(postgres_url, computer_delay=0, rate=1000)
    b_app = create_app(postgres_url, computer_delay=0, rate=1000)
    with TestClient(a_app) as a, TestClient(b_app) as b:
        made = a.post("/api/tables", json={"game": "sixtysix", "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}).json()
        table_id = made["table"]
        tokens = [s["token"] for s in made["seats"]]
        assert b.get(f"/api/tables/{table_id}").json()["seq"] == 0  # now in B's memory
        for _ in range(3):
            seq = a.get(f"/api/tables/{table_id}").json()["seq"]
            for token in tokens:
                with a.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
                    client = held(ws)
                    if client.view["your_turn"]:
                        assert client.act()["type"] == "ack"
                        break
            assert a.get(f"/api/tables/{table_id}").json()["seq"] == seq + 1
        assert b.get(f"/api/tables/{table_id}").json()["seq"] == 3
        mine = b.post("/api/mine", json={"tokens": tokens[:1]}).json()["tables"]
        assert mine[0]["seq"] == 3
