"""A table client for the tests, holding its view as a browser must (docs/PROTOCOL.md).

The server sends a connection its full ``view`` first, then ``update`` messages with only
the top-level fields that changed (a field set to ``null`` when it is gone) and, when the
story changed, ``story_from`` (the lines of the story held that stay) and ``story`` (the
lines from there on). :class:`Held` applies them; :class:`Client` reads a connection of
any kind (Starlette's ``TestClient``, a ``websockets`` client) through it, so that every
test sees the table exactly as a browser applying the same messages would.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

#: what the server's messages are, and the fields of an update that are not the view's
TYPES = ("view", "update", "error", "pong")
UPDATE_ONLY = ("type", "story_from", "story", "ack")


class Held:
    """The view a client holds: the full ``view`` first, then each ``update`` applied."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None

    def apply(self, message: dict[str, Any]) -> bool:
        """Apply ``message`` if it is a view or an update; ``True`` when it was."""
        kind = message.get("type")
        if kind == "view":
            self.view = copy.deepcopy(message)
            return True
        if kind != "update":
            return False
        assert self.view is not None, f"an update before the first view: {message}"
        assert isinstance(message.get("seq"), int), f"an update without its seq: {message}"
        assert message["seq"] >= self.view["seq"], \
            f"an update back to seq {message['seq']} after {self.view['seq']}"
        assert len(message) > 2, f"an update that changes nothing: {message}"
        for key, value in message.items():
            if key not in UPDATE_ONLY:
                self.view[key] = copy.deepcopy(value)
        if "story_from" in message or "story" in message:
            start, lines = message["story_from"], message["story"]
            story = self.view.get("story") or []
            assert isinstance(start, int) and 0 <= start <= len(story), \
                f"story_from {start} beyond the {len(story)} lines held"
            self.view["story"] = story[:start] + list(lines)
        return True

    def copy(self) -> dict[str, Any]:
        assert self.view is not None, "no view yet"
        return copy.deepcopy(self.view)


def testclient_receiver(ws: Any, timeout: float = 30.0) -> Callable[[], str]:
    """A receive for a Starlette ``TestClient`` WebSocket that fails after ``timeout``
    seconds instead of waiting for ever (a message the test expects that never comes)."""
    import anyio

    async def receive() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    def text() -> str:
        message = ws.portal.call(receive)
        ws._raise_on_close(message)
        return str(message["text"])

    return text


class Client:
    """One connection to a table and the view it holds.

    ``recv()`` returns the next text frame, ``send(text)`` sends one. Every message read
    is kept in ``messages`` (and its text in ``frames``), views and updates applied to
    ``held``. The methods that return a view return a copy of the view held then.
    """

    def __init__(self, recv: Callable[[], str], send: Callable[[str], Any],
                 name: str = "client") -> None:
        self.recv = recv
        self._send = send
        self.name = name
        self.held = Held()
        self.messages: list[dict[str, Any]] = []
        self.frames: list[str] = []

    @classmethod
    def of_testclient(cls, ws: Any, name: str = "client", timeout: float = 30.0) -> Client:
        return cls(testclient_receiver(ws, timeout), ws.send_text, name)

    @classmethod
    def of_websockets(cls, ws: Any, name: str = "client", timeout: float = 20.0) -> Client:
        """A ``websockets.sync`` client connection."""
        def recv() -> str:
            frame = ws.recv(timeout=timeout)
            assert isinstance(frame, str), f"{name}: a binary frame from the server"
            return frame

        return cls(recv, ws.send, name)

    @property
    def view(self) -> dict[str, Any]:
        """The view held now (a copy)."""
        return self.held.copy()

    def receive(self) -> dict[str, Any]:
        """The next message, applied to the view held if it is a view or an update."""
        text = self.recv()
        message: dict[str, Any] = json.loads(text)
        assert message.get("type") in TYPES, f"{self.name}: unknown message {message}"
        self.frames.append(text)
        self.messages.append(message)
        self.held.apply(message)
        return message

    def send(self, message: dict[str, Any] | str) -> None:
        self._send(message if isinstance(message, str) else json.dumps(message))

    def next_view(self) -> dict[str, Any]:
        """The view held after the next view or update (other messages passed over)."""
        while True:
            if self.receive()["type"] in ("view", "update"):
                return self.view

    def first_view(self) -> dict[str, Any]:
        """The first message of a connection: its full view."""
        message = self.receive()
        assert message["type"] == "view", f"{self.name}: the first message is {message}"
        return self.view

    def view_where(self, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The view held once ``test`` passes (now, or after the updates it waits for)."""
        if self.held.view is not None and test(self.view):
            return self.view
        while True:
            view = self.next_view()
            if test(view):
                return view

    def at(self, seq: int) -> dict[str, Any]:
        """The view held once it is of position ``seq``."""
        return self.view_where(lambda v: v["seq"] >= seq)

    def error_of(self) -> str:
        """The next error's message (views and updates meanwhile applied)."""
        while True:
            m = self.receive()
            if m["type"] == "error":
                return str(m["message"])

    def my_turn(self) -> dict[str, Any]:
        """The view held once it is this seat's turn, or the match is over."""
        return self.view_where(lambda v: v["your_turn"] or v["over"])

    def answer(self) -> dict[str, Any]:
        """The answer (ack, error, pong) to the message just sent, updates meanwhile
        applied. An action's answer is the update that carries ``ack`` (the action
        stored, and this its update): given as ``{"type": "ack", "seq": n}``."""
        while True:
            m = self.receive()
            if m["type"] == "update" and "ack" in m:
                return {"type": "ack", "seq": m["ack"]}
            if m["type"] not in ("view", "update"):
                return m

    def act(self, notation: str | None = None, seq: int | None = None) -> dict[str, Any]:
        """Take ``notation`` (the first legal action) at the position held; the answer.
        After an ack, the view held is made to include the action (its update read)."""
        view = self.view
        self.send({"type": "act", "seq": view["seq"] if seq is None else seq,
                   "action": notation or view["legal"][0]["notation"]})
        reply = self.answer()
        if reply["type"] == "ack":
            self.at(reply["seq"])
        return reply

    def quiet(self) -> list[dict[str, Any]]:
        """The messages received until a ping's pong: a ping sent now is answered after
        everything queued before it, so these are all that was sent meanwhile."""
        start = len(self.messages)
        self.send({"type": "ping"})
        while self.receive()["type"] != "pong":
            pass
        return self.messages[start:-1]
