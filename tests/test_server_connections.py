"""The connections of a table against a running ``bezique serve`` (issue 15, section 2):
each connection has its own send queue, so a spectator that never reads holds up no one
and is dropped; a newcomer is sent its own view alone; a binary frame is refused with
close code 1003; an action costs each connection a small update, and the updates applied
in order give exactly the view a fresh connection is sent."""

from __future__ import annotations

import base64
import json
import os
import socket
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import conftest
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from wsclient import Client

#: ``bezique serve`` whose sockets keep modest send buffers, as across a real network:
#: on loopback the kernel's send buffer grows to megabytes (the loopback's 64 KiB
#: segments), which would hold a whole match for a client that never reads before the
#: server's own queue is reached. Everything else is the server as it runs.
SMALL_BUFFERS = """
import socket, sys
from uvicorn.protocols.websockets import websockets_sansio_impl as impl
made = impl.WebSocketsSansIOProtocol.connection_made
def connection_made(self, transport):
    made(self, transport)
    transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    transport.set_write_buffer_limits(high=8192)
impl.WebSocketsSansIOProtocol.connection_made = connection_made
from bezique.cli.main import main
sys.argv[0] = "bezique"
main()
"""
#: the most a person may wait for his action's ack and update while others lag
PROMPT = 1.0
#: the most bytes of an update for one action of Sixty-Six within a deal
SMALL_UPDATE = 2048


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    out: dict[str, Any] = json.loads(urllib.request.urlopen(req, timeout=20).read())
    return out


def ws_url(base: str, table: str, token: str | None = None) -> str:
    url = base.replace("http://", "ws://") + f"/ws/{table}"
    return url + (f"?token={token}" if token else "")


def two_people(server: str, game: str = "sixtysix") -> dict[str, Any]:
    return post(server + "/api/tables", {"game": game, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})


def server_log(tmp_path_factory: pytest.TempPathFactory, url: str) -> str:
    """What the server at ``url`` wrote (stdout and stderr: conftest's start_server
    keeps them in ``servers*/server-<n>-<port>.log``)."""
    port = url.rsplit(":", 1)[1]
    logs = {p.resolve() for p in
            tmp_path_factory.getbasetemp().glob(f"servers*/server-*-{port}.log")}
    assert len(logs) == 1, logs
    return logs.pop().read_text(errors="replace")


@pytest.fixture()
def server(start_server: conftest.StartServer, tmp_path: Path) -> str:
    url, _ = start_server(["--database", f"sqlite:///{tmp_path / 'conn.db'}",
                           "--computer-delay", "0"])
    return str(url)


def seated(server: str, table: dict[str, Any], seat: int) -> Any:
    return connect(ws_url(server, table["table"], table["seats"][seat]["token"]),
                   ping_interval=None)


def play(clients: list[Client], actions: int, pause: float = 0.06) -> None:
    """``actions`` actions at a table of two people (``clients[0]``, ``clients[1]``),
    each seat acting in turn; every client (spectators too) read to each position."""
    for _ in range(actions):
        view = clients[0].view
        if view["over"]:
            return
        reply = clients[view["to_move"]].act()
        assert reply["type"] == "ack", reply
        for c in clients:
            c.at(reply["seq"])
        time.sleep(pause)  # within the server's 20 messages a second a connection


# -- a client that does not read ------------------------------------------------------------------

def raw_spectator(url: str, table: str) -> socket.socket:
    """A spectator's WebSocket that never reads a byte: a handshake written on a socket
    with a receive buffer as small as the kernel allows."""
    host, port = url.removeprefix("http://").split(":")
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    s.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(f"GET /ws/{table} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
              f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
              "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    return s


def drain(s: socket.socket, timeout: float = 10.0) -> tuple[bytes, bool]:
    """Everything the socket holds and will be sent; ``True`` with it when the server
    closed the connection (end of stream), ``False`` when it is still open."""
    s.settimeout(timeout)
    got = b""
    try:
        while True:
            data = s.recv(65536)
            if not data:
                return got, True
            got += data
    except TimeoutError:
        return got, False
    except ConnectionResetError:
        return got, True


def test_spectators_that_never_read_hold_up_no_one_and_are_dropped(
        start_server: conftest.StartServer, tmp_path: Path,
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """Three spectators never read: their socket buffers fill, then their queues; all
    the while each person's act is acknowledged and his update arrives within PROMPT,
    and a spectator that reads is told every move. The slow ones are dropped (the
    server closes them: what they hold ends), the reading one is not."""
    url, proc = start_server(["--database", f"sqlite:///{tmp_path / 'slow.db'}",
                              "--computer-delay", "0"],
                             command=[sys.executable, "-c", SMALL_BUFFERS, "serve",
                                      "--host", "127.0.0.1", "--port", "{port}"])
    t = two_people(url, "bezique")  # a long match: the queues fill within its first deal
    slow = [raw_spectator(url, t["table"]) for _ in range(3)]
    try:
        with seated(url, t, 0) as a, seated(url, t, 1) as b, \
                connect(ws_url(url, t["table"]), ping_interval=None) as w:
            people = [Client.of_websockets(a, "Ann", timeout=10),
                      Client.of_websockets(b, "Bob", timeout=10)]
            watcher = Client.of_websockets(w, "reading spectator", timeout=10)
            everyone = [*people, watcher]
            for c in everyone:
                c.first_view()
            for c in people:
                c.view_where(lambda v: all(p["connected"] for p in v["players"]))
            waits = []
            moves = 0
            for _ in range(160):
                view = people[0].view
                if view["over"]:
                    break
                mover = people[view["to_move"]]
                start = time.monotonic()
                reply = mover.act()  # the ack, then its own update
                waits.append(time.monotonic() - start)
                assert reply["type"] == "ack", reply
                for c in everyone:
                    c.at(reply["seq"])
                moves += 1
                time.sleep(0.03)
            assert moves >= 120, "the match ended too soon to fill the queues"
            assert max(waits) < PROMPT, f"an action waited {max(waits):.2f} s"
            assert watcher.view["seq"] == people[0].view["seq"]
            assert proc.poll() is None
        for s in slow:
            held, ended = drain(s)
            assert ended, "a spectator that never read is still connected"
            # it was not sent the whole match: it was dropped along the way
            assert len(held) < sum(len(f.encode()) for f in watcher.frames)
        log = server_log(tmp_path_factory, url)
        assert "Traceback" not in log and "Exception" not in log, log
    finally:
        for s in slow:
            s.close()


# -- who is told what when a connection comes ----------------------------------------------------

def test_a_newcomer_is_sent_its_view_alone(server: str) -> None:
    """A spectator coming is sent its own view, and no other connection is sent
    anything; a seat's person coming or going is told to the others as the players'
    flags alone."""
    t = two_people(server)
    with seated(server, t, 0) as a, \
            connect(ws_url(server, t["table"]), ping_interval=None) as w1:
        ann = Client.of_websockets(a, "Ann")
        first = Client.of_websockets(w1, "first spectator")
        ann.first_view()
        assert first.first_view()["seat"] is None
        assert ann.quiet() == [], "a spectator's coming was sent to a seat"
        with connect(ws_url(server, t["table"]), ping_interval=None) as w2:
            second = Client.of_websockets(w2, "second spectator")
            assert second.first_view()["players"][0]["connected"]
            assert ann.quiet() == [] and first.quiet() == []
            with seated(server, t, 1) as b:
                bob = Client.of_websockets(b, "Bob")
                assert bob.first_view()["players"][1]["connected"]
                for c in (ann, first, second):
                    m = c.receive()
                    assert set(m) == {"type", "seq", "players"}, m
                    assert m["type"] == "update" and m["seq"] == c.view["seq"]
                    assert [p["connected"] for p in m["players"]] == [True, True]
                    assert c.quiet() == []
                assert bob.quiet() == []
            for c in (ann, first, second):  # Bob gone
                m = c.receive()
                assert set(m) == {"type", "seq", "players"}, m
                assert [p["connected"] for p in m["players"]] == [True, False]
            # a spectator going is told to no one
        assert ann.quiet() == [] and first.quiet() == []


# -- a binary frame ------------------------------------------------------------------------------

def test_a_binary_frame_is_refused_with_1003_and_no_traceback(
        server: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    t = two_people(server)
    for token in (None, t["seats"][0]["token"]):
        with connect(ws_url(server, t["table"], token), ping_interval=None) as ws:
            c = Client.of_websockets(ws, "sender")
            c.first_view()
            ws.send(b"\x00\x01{\"type\": \"ping\"}")
            m = c.receive()
            assert m["type"] == "error" and "binary" in m["message"], m
            assert "\n" not in m["message"] and len(m["message"]) < 200
            with pytest.raises(ConnectionClosed) as closed:
                c.receive()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003
    # the server is none the worse: the seat connects again and plays
    with seated(server, t, 0) as a, seated(server, t, 1) as b:
        people = [Client.of_websockets(a, "Ann"), Client.of_websockets(b, "Bob")]
        for c in people:
            c.first_view()
        play(people, 2)
    log = server_log(tmp_path_factory, server)
    assert "Traceback" not in log and "Exception" not in log, log


# -- the bytes an action costs, and updates that add up to the view ------------------------------

def at_the_table(a: Any, b: Any, w: Any) -> list[Client]:
    """Ann's, Bob's and a spectator's clients, each with its first view, once both
    seats are seen connected."""
    clients = [Client.of_websockets(a, "Ann"), Client.of_websockets(b, "Bob"),
               Client.of_websockets(w, "spectator")]
    for c in clients:
        c.first_view()
    for c in clients[:2]:
        c.view_where(lambda v: all(p["connected"] for p in v["players"]))
    return clients


def test_an_action_costs_each_connection_a_small_update(server: str) -> None:
    """After the first view, each connection's update for one Sixty-Six action within a
    deal is under SMALL_UPDATE bytes; the one that ends a deal carries its end (the
    sheet, the deal's end, the next deal's board) and is measured apart."""
    t = two_people(server)
    with seated(server, t, 0) as a, seated(server, t, 1) as b, \
            connect(ws_url(server, t["table"]), ping_interval=None) as w:
        clients = at_the_table(a, b, w)
        marks = [len(c.frames) for c in clients]
        play(clients, 70)
    within: list[tuple[int, str, int]] = []
    ending: list[tuple[int, str, int]] = []
    for c, mark in zip(clients, marks, strict=True):
        for m, frame in zip(c.messages[mark:], c.frames[mark:], strict=True):
            if m["type"] == "update":
                # an update that changes the deal's number ends a deal
                (ending if "deal" in m else within).append(
                    (len(frame.encode()), c.name, m["seq"]))
    assert len(within) > 150 and ending, (len(within), ending)
    assert max(size for size, _, _ in within) < SMALL_UPDATE, max(within)
    assert max(size for size, _, _ in ending) < 2 * SMALL_UPDATE, max(ending)


def test_updates_applied_in_order_give_the_view_a_newcomer_is_sent(server: str) -> None:
    """After actions across a deal's end (the story begun again), the view each client
    holds from its updates equals the full view a fresh connection is sent: for the
    seats (the fresh one taking the seat over) and for a spectator."""
    t = two_people(server)
    with seated(server, t, 0) as a, seated(server, t, 1) as b, \
            connect(ws_url(server, t["table"]), ping_interval=None) as w:
        clients = at_the_table(a, b, w)
        play(clients, 45)
        held = [c.view for c in clients]
        assert held[0]["deal"] >= 2 and held[0]["deal_end"] is not None
        assert any("story_from" in m and m["story_from"] == 0 for m in clients[2].messages)
        with connect(ws_url(server, t["table"]), ping_interval=None) as fresh_ws:
            fresh = Client.of_websockets(fresh_ws, "fresh spectator").first_view()
        assert fresh == held[2]
        with seated(server, t, 0) as again_ws:  # Ann's connection taken over
            again = Client.of_websockets(again_ws, "Ann again").first_view()
        assert again == held[0], "seat 0: the view held differs from a fresh one"
        with seated(server, t, 1) as again_ws:
            again = Client.of_websockets(again_ws, "Bob again").first_view()
        # Ann's seat empty now (her fresh connection closed): who is connected differs
        assert [p["connected"] for p in again["players"]] == [False, True]
        assert {**again, "players": None} == {**held[1], "players": None}, \
            "seat 1: the view held differs from a fresh one"
