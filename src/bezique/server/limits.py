"""What one client may make the server do (issue 15, section 2): how many tables and
search players it may open, a fair share of the search players' thinking, and requests
from a page of another site refused.

- :class:`Caps` and :class:`Ledger`: the open tables and the search-player seats a
  client (its remote address) may hold, and the server in all; over them a table is
  refused (HTTP 429). A table whose match is over counts no more.
- :class:`FairGate`: the worker processes of the search players shared out between
  clients in turn (a client's ten tables one turn between them, not ten), a table where a
  person is waiting first.
- :class:`SameOrigin`: state-changing requests are JSON, and a browser's request from
  another site's page (its ``Origin`` header not this server's) is refused.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import itertools
import json
import signal
import threading
import time
from collections.abc import Awaitable, Callable, Collection, Mapping, MutableMapping
from typing import Any
from urllib.parse import urlsplit

__all__ = ["Caps", "FairGate", "Ledger", "LimitError", "SameOrigin", "quiet_worker",
           "same_origin"]


class LimitError(Exception):
    """A client asked for more than the server allows it: in words for the client."""


@dataclasses.dataclass(frozen=True)
class Caps:
    """The most a client (a remote address) may hold open at once, and the server in
    all: tables whose match is not over, and seats of search players (the computer
    players that think for seconds in a worker process). ``window``: a table counts for
    so many seconds after it was made unless finished sooner (a table left unfinished
    costs nothing once nobody watches it, and must not shut the lobby for good)."""

    tables_per_client: int = 20
    tables: int = 1000
    searchers_per_client: int = 6
    searchers: int = 100
    window: float = 24 * 3600.0

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            if not getattr(self, f.name) >= 0:
                raise ValueError(f"{f.name} must be at least 0, not {getattr(self, f.name)!r}")


class Ledger:
    """Who opened each table (as this process remembers: a restart forgets, and the
    tables made before it then count in the server's totals only), and the check of a
    new table against the :class:`Caps`. ``light``: the seat kinds that are no search
    player (a person, the quick computer players)."""

    def __init__(self, caps: Caps, light: Collection[str]) -> None:
        self.caps = caps
        self.light = frozenset(light)
        self.owner: dict[str, str] = {}
        #: held while a table is checked and made, so that two requests at once cannot
        #: both take the last place
        self.lock = threading.Lock()

    def searchers(self, kinds: Collection[str]) -> int:
        """How many of the seats ``kinds`` are search players."""
        return sum(1 for k in kinds if k not in self.light)

    def check(self, client: str, kinds: Collection[str],
              open_tables: Mapping[str, Collection[str]]) -> None:
        """Refuse (:class:`LimitError`) a new table of seats ``kinds`` for ``client``
        when it would pass a cap; ``open_tables``: every table counted now, with its
        seats' kinds."""
        caps = self.caps
        mine = [t for t in open_tables if self.owner.get(t) == client]
        if len(mine) >= caps.tables_per_client:
            raise LimitError(f"you have {len(mine)} tables in play, the most one client may"
                             f" have ({caps.tables_per_client}): finish one first")
        if len(open_tables) >= caps.tables:
            raise LimitError(f"the server has {len(open_tables)} tables in play, the most it"
                             f" takes ({caps.tables}): try again later")
        wanted = self.searchers(kinds)
        if not wanted:
            return
        held = sum(self.searchers(open_tables[t]) for t in mine)
        if held + wanted > caps.searchers_per_client:
            raise LimitError(f"{wanted} search players more would make {held + wanted} at"
                             f" your tables in play, over the {caps.searchers_per_client}"
                             f" one client may have: seat rules or random players, or"
                             f" finish a table first")
        total = sum(self.searchers(k) for k in open_tables.values())
        if total + wanted > caps.searchers:
            raise LimitError(f"the server has {total} search players at tables in play;"
                             f" {wanted} more would pass the {caps.searchers} it takes:"
                             f" seat rules or random players, or try again later")

    def since(self) -> float:
        """The time from which a table made counts (see :attr:`Caps.window`)."""
        return time.time() - self.caps.window


class FairGate:
    """``slots`` places to think, shared out fairly: a place that frees goes to the
    waiter a person is waiting for (a table with a person connected) first, then to the
    client served longest ago, in turn (each client's own waiters in order of arrival).
    So one client's many tables take one turn between them, and a newcomer is served at
    the next free place. Made in the running loop (its waiters are its futures)."""

    def __init__(self, slots: int) -> None:
        self.free = slots
        self.waiting: dict[str, collections.deque[tuple[bool, asyncio.Future[None]]]] = {}
        self.served: dict[str, int] = {}  # the turn each client was last served at
        self.turns = itertools.count(1)

    async def turn(self, client: str, urgent: bool) -> None:
        """Wait for a place (give it back with :meth:`done`)."""
        if self.free > 0 and not self.waiting:
            self.free -= 1
            self.served[client] = next(self.turns)
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(client, collections.deque()).append((urgent, fut))
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():  # given the place as it was cancelled
                self.done()
            else:
                self._forget(client, fut)
            raise

    def done(self) -> None:
        """Give a place back: to the next waiter, or free."""
        while self.waiting:
            client = min(self.waiting, key=lambda c: (not any(u for u, _ in self.waiting[c]),
                                                      self.served.get(c, 0)))
            queue = self.waiting[client]
            urgent = [i for i, (u, _) in enumerate(queue) if u]
            _, fut = queue[urgent[0]] if urgent else queue[0]
            del queue[urgent[0] if urgent else 0]
            if not queue:
                del self.waiting[client]
            if fut.done():  # cancelled meanwhile
                continue
            self.served[client] = next(self.turns)
            fut.set_result(None)
            return
        self.free += 1

    def _forget(self, client: str, fut: asyncio.Future[None]) -> None:
        queue = self.waiting.get(client)
        if queue is None:
            return
        for i, (_, f) in enumerate(queue):
            if f is fut:
                del queue[i]
                break
        if not queue:
            del self.waiting[client]


def quiet_worker() -> None:
    """A worker process's start: Ctrl-C at the terminal, which reaches the whole process
    group, is the server's to act on (it stops its workers itself), not each worker's
    to die of with a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _authority(scheme: str, host: str) -> tuple[str, str, int | None] | None:
    """``(scheme, host, port)`` of a URL's parts, the port made explicit; ``None`` when
    they are no URL's."""
    try:
        parts = urlsplit(f"{scheme}://{host}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.path or parts.query or parts.username:
        return None
    default = {"http": 80, "https": 443}.get(scheme)
    return scheme, parts.hostname.lower(), port if port is not None else default


def same_origin(origin: str, scheme: str, host: str) -> bool:
    """Whether a request's ``Origin`` header names the server it was made to: the same
    scheme (a WebSocket's ``ws``/``wss`` read as ``http``/``https``), host and port as
    its ``Host`` header."""
    scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    try:
        parts = urlsplit(origin)
        theirs = (_authority(parts.scheme, parts.netloc)
                  if not (parts.path or parts.query or parts.fragment) else None)
    except ValueError:
        theirs = None
    ours = _authority(scheme, host)
    return theirs is not None and theirs == ours


ASGIApp = Callable[[MutableMapping[str, Any], Callable[[], Awaitable[Any]],
                    Callable[[MutableMapping[str, Any]], Awaitable[None]]], Awaitable[None]]


class SameOrigin:
    """ASGI middleware: a request that changes something (any method but GET, HEAD and
    OPTIONS) must be JSON (``content-type: application/json``, else 415: a browser sends
    a form or plain text to another site without asking it first, JSON not), and a
    request or WebSocket that carries an ``Origin`` header must come from this server's
    own pages (else 403, or the WebSocket refused before it is accepted: another site's
    page would otherwise act with its visitor's network position). No ``Origin`` (a
    program, not a browser) is let through."""

    SAFE = frozenset({"GET", "HEAD", "OPTIONS"})

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: MutableMapping[str, Any],
                       receive: Callable[[], Awaitable[Any]],
                       send: Callable[[MutableMapping[str, Any]], Awaitable[None]]) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", ())}
        changes = kind == "http" and scope.get("method", "GET") not in self.SAFE
        if kind == "websocket" or changes:
            origin = headers.get("origin")
            if origin is not None and not same_origin(origin, scope.get("scheme", "http"),
                                                      headers.get("host", "")):
                if kind == "websocket":
                    await receive()  # the websocket.connect, answered by a refusal
                    await send({"type": "websocket.close", "code": 1008,
                                "reason": "not from this server's pages"})
                    return
                await _refuse(send, 403, f"a request from another site ({origin[:100]}) is"
                              " refused: use this server's own pages")
                return
        if changes:
            media = headers.get("content-type", "").split(";")[0].strip().lower()
            if media != "application/json":
                await _refuse(send, 415, "the request body must be JSON, sent with"
                              " content-type: application/json")
                return
        await self.app(scope, receive, send)


async def _refuse(send: Callable[[MutableMapping[str, Any]], Awaitable[None]], status: int,
                  message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
