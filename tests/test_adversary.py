"""An adversarial client against a running ``bezique serve``: it guesses tokens and ids,
acts for the other seat, replays old messages, asks for a deal in play, walks out of the
static folder, and keeps every message it is sent; when the deal is over it replays the
revealed deal with the engine and finds that each message held exactly its seat's view:
the board the engine's observation of that seat makes (``present.table.table_view``),
the story and the legal actions, nothing more."""

from __future__ import annotations

import json
import re
import secrets
import time
import urllib.error
import urllib.request
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect
from wsclient import Client, Held

from bezique.core.game import SPECTATOR
from bezique.games import make_game
from bezique.present import Seats, view_for
from bezique.present.table import table_view


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
                board = first["board"]
                assert board["viewer"] is None and board["own"] is None
                assert all(card is None for s in board["seats"] for card in s["hand"])
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


#: a card named in a line of the story (``10♠``, ``Q♥``), as the records write it
NAMED = re.compile(r"(10|[AKQJ987])([♠♥♦♣])")
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
NOTATION = re.compile(r"^(T|[AKQJ987])[SHDC]$")


def cards_in(message: Any) -> set[str]:
    """Every card a message names: the board's and the actions' notations, and the cards
    its lines of text name."""
    out: set[str] = set()
    if isinstance(message, dict):
        for value in message.values():
            out |= cards_in(value)
    elif isinstance(message, list):
        for value in message:
            out |= cards_in(value)
    elif isinstance(message, str):
        if NOTATION.match(message):
            out.add(message)
        for rank, suit in NAMED.findall(message):
            out.add(("T" if rank == "10" else rank) + SUITS[suit])
    return out


def test_every_message_is_exactly_the_seats_view(server: str) -> None:
    """Every message the seat (and a spectator) received, view or update, holds exactly
    that connection's view at its position, nothing more: the board the engine's
    observation makes (the public one for the spectator), the story of the public
    events, the seat's legal actions; no card the seat has not seen is named."""
    names = ["Eve", "Computer"]
    t = post(server + "/api/tables", {"game": "sixtysix", "seats": [
        {"kind": "human", "name": "Eve"}, {"kind": "rules", "name": "Computer"}]})
    table, token = t["table"], t["seats"][0]["token"]
    # no client keepalive: its ping timing out on a busy machine is not what is tested
    with connect(ws_url(server, table, token), ping_interval=None) as ws, \
            connect(ws_url(server, table), ping_interval=None) as watching:
        c = Client.of_websockets(ws, "Eve")
        watcher = Client.of_websockets(watching, "spectator")
        view = c.first_view()
        watcher.first_view()
        # a deal in play is not revealed
        status, _ = get(server + f"/api/tables/{table}/deals/1")
        assert status == 409
        old = None
        while view["deal"] == 1 and not view["over"]:
            if not view["your_turn"]:  # the computer's move comes as the next update
                view = c.next_view()
                continue
            time.sleep(0.12)  # within the server's 20 messages a second
            if old is not None:  # an old message sent again: refused, nothing stored
                c.send(old)
                reply = c.answer()
                assert reply["type"] == "error", reply
                assert "that position is gone" in reply["message"]
                assert c.quiet() == []  # the table as it is: nothing changed, nothing sent
            old = {"type": "act", "seq": view["seq"], "action": view["legal"][0]["notation"]}
            reply = c.act()
            assert reply["type"] == "ack", reply
            view = c.view
        watcher.at(view["seq"])  # the spectator read to the same position
    status, body = get(server + f"/api/tables/{table}/deals/1")
    assert status == 200
    record = json.loads(body)
    # the engine, from the revealed deal: each view at each position of deal 1
    game = make_game("sixtysix")
    deal_view = view_for(game)
    assert deal_view.show_counts is False  # Sixty-Six: the running counts hidden
    everyone = Seats(SPECTATOR, tuple(names))
    state = game.deal(record["dealer"], pack=record["pack_ids"])
    expected: dict[int, dict[str, Any]] = {}
    seen: dict[str, dict[int, set[str]]] = {"board": {}, "public": {}}
    known: dict[str, set[str]] = {"board": set(), "public": set()}

    def note(i: int) -> None:
        board = table_view(state.observation(0), names, show_counts=False)
        public = table_view(state.public_observation(), names, show_counts=False)
        story = deal_view.narrate(list(state.events()), 0, everyone)
        legal = [a.notation() for a in state.legal_actions()] \
            if state.decides(0) else []
        expected[i] = {"board": board, "public": public, "story": story, "legal": legal}
        for key in ("board", "public"):
            known[key] |= cards_in(expected[i][key]) | cards_in(story)
            seen[key][i] = set(known[key])

    note(0)
    for i, (_seat, text) in enumerate(record["actions"], 1):
        state.apply(state.parse_action(text))
        if not state.is_terminal():
            note(i)
    for client, key in ((c, "board"), (watcher, "public")):
        held = Held()
        full = set(client.messages[0])  # the fields of the first, full view
        checked: set[int] = set()
        for m, frame in zip(client.messages, client.frames, strict=True):
            assert m["type"] in ("view", "update", "error", "pong"), m
            assert record["salt"] not in frame and '"pack' not in frame
            if not held.apply(m):
                continue
            view = held.copy()
            if view["deal"] != 1 or view["seq"] not in expected:
                continue
            want = expected[view["seq"]]
            # the message itself: no field that is not the view's, no card not yet seen
            assert set(m) - {"type", "story_from", "story", "ack"} <= full, m
            # the seat sees its hand and what was shown; the spectator what was shown
            # to the table
            assert cards_in(m) <= seen[key][view["seq"]], (client.name, view["seq"], m)
            assert view["board"] == want[key], f"{client.name}: the board at {view['seq']}"
            assert view["story"] == want["story"], f"{client.name}: the story at {view['seq']}"
            mine = [a["notation"] for a in view["legal"]]
            assert mine == (want["legal"] if key == "board" else []), view["seq"]
            # Sixty-Six is a game of memory: no seat's points shown by default
            assert all(s["points"] is None and s["tricks"] is None
                       for s in view["board"]["seats"])
            checked.add(view["seq"])
        # every position of the deal from its first view on was checked (a deal may be
        # short: a claim of 66 ends it after a few tricks)
        first = client.messages[0]["seq"]
        assert checked == {i for i in expected if i >= first}, client.name
    assert len(expected) > 4
