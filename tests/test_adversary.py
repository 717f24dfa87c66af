"""An adversarial client against a running ``bezique serve``: it guesses tokens and ids,
acts for the other seat, replays old messages, asks for a deal in play, walks out of the
static folder, and keeps every message it is sent; when the deal is over it replays the
revealed deal with the engine and finds that each message held exactly its seat's view:
the picture the engine draws from that seat's observation, nothing more."""

from __future__ import annotations

import json
import secrets
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from bezique import svg
from bezique.games import make_game


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    out: dict[str, Any] = json.loads(urllib.request.urlopen(req, timeout=20).read())
    return out


def get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=20) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def ws_url(base: str, table: str, token: str | None = None) -> str:
    url = base.replace("http://", "ws://") + f"/ws/{table}"
    return url + (f"?token={token}" if token else "")


def receive(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=20))
    return message


def reply(ws: Any, kept: list[dict[str, Any]], kind: str) -> str:
    """The answer to the message just sent, which must be ``kind`` (an ack or an
    error); views that come before it are kept."""
    while True:
        m = receive(ws)
        kept.append(m)
        if m["type"] in ("ack", "error"):
            assert m["type"] == kind, m
            return str(m.get("message", m.get("seq")))


def next_view(ws: Any, kept: list[dict[str, Any]]) -> dict[str, Any]:
    """The next view sent, every message read on the way kept."""
    while True:
        m = receive(ws)
        kept.append(m)
        if m["type"] == "view":
            return m


@pytest.fixture()
def server(start_server: Any, tmp_path: Any) -> str:
    url, _ = start_server(["--database", f"sqlite:///{tmp_path / 'adv.db'}",
                           "--computer-delay", "0"])
    return str(url)


def test_guessed_tokens_and_ids_get_nothing(server: str) -> None:
    t = post(server + "/api/tables", {"game": "bezique",
                                      "seats": [{"kind": "human"}, {"kind": "rules"}]})
    real = t["seats"][0]["token"]
    for token in ("", secrets.token_urlsafe(16), real[:-1] + ("B" if real[-1] == "A" else "A"),
                  "x" * 500):
        with connect(ws_url(server, t["table"], token or None), ping_interval=None) as ws:
            first = receive(ws)
            if token == "":  # no token: a spectator, who is shown no hand
                assert first["type"] == "view" and first["seat"] is None
                assert 'data-place="hand"' not in first["svg"]
                continue
            assert first == {"type": "error", "message": "that seat token is not valid here"}
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=10)
    for table in ("nope", "' OR 1=1 --", "%00", "a" * 60):
        status, _ = get(server + f"/api/tables/{urllib.request.quote(table, safe='')}")
        assert status == 404
    for path in ("/static/../store.py", "/static/%2e%2e/app.py", "/static/../../__init__.py"):
        status, body = get(server + path)
        assert status == 404 and b"import" not in body


def test_every_message_is_exactly_the_seats_view(server: str) -> None:
    t = post(server + "/api/tables", {"game": "sixtysix", "seats": [
        {"kind": "human", "name": "Eve"}, {"kind": "rules", "name": "Computer"}]})
    table, token = t["table"], t["seats"][0]["token"]
    kept: list[dict[str, Any]] = []
    # no client keepalive: its ping timing out on a busy machine is not what is tested
    with connect(ws_url(server, table, token), ping_interval=None) as ws:
        view = receive(ws)
        kept.append(view)
        # a deal in play is not revealed
        status, _ = get(server + f"/api/tables/{table}/deals/1")
        assert status == 409
        old = None
        while view["deal"] == 1 and not view["over"]:
            if not view["your_turn"]:  # the computer's move comes as the next view
                view = next_view(ws, kept)
                continue
            time.sleep(0.12)  # within the server's 20 messages a second
            if old is not None:  # an old message sent again: refused, nothing stored
                ws.send(json.dumps(old))
                assert "that position is gone" in reply(ws, kept, "error")
                view = next_view(ws, kept)  # the refusal is followed by the table as it is
            old = {"type": "act", "seq": view["seq"], "action": view["legal"][0]["notation"]}
            ws.send(json.dumps(old))
            done = int(reply(ws, kept, "ack"))
            view = next_view(ws, kept)
            while view["seq"] < done:  # views sent before the ack was read
                view = next_view(ws, kept)
    status, body = get(server + f"/api/tables/{table}/deals/1")
    assert status == 200
    record = json.loads(body)
    # the engine, from the revealed deal: seat 0's view at each position of deal 1
    game = make_game("sixtysix")
    state = game.deal(record["dealer"], pack=record["pack_ids"])
    pictures = {0: str(svg.table(state.observation(0), names=["Eve", "Computer"]))}
    for i, (_seat, text) in enumerate(record["actions"], 1):
        state.apply(state.parse_action(text))
        if not state.is_terminal():
            pictures[i] = str(svg.table(state.observation(0), names=["Eve", "Computer"]))
    seen = 0
    for m in kept:
        assert m["type"] in ("view", "ack", "error", "pong"), m
        text = json.dumps(m)
        assert record["salt"] not in text
        if m["type"] == "view" and m["deal"] == 1 and m["seq"] in pictures:
            assert m["svg"] == pictures[m["seq"]], f"the view at {m['seq']} differs"
            seen += 1
    assert seen > 10
