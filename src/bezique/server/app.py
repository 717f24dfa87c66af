"""The web app: the lobby's HTTP API, the pages, and one WebSocket per seat at a table
(docs/PROTOCOL.md). Starlette, on uvicorn.

Every message a client sends is checked for size, rate and shape before it reaches the
service; every answer is that client's own view. The service's calls (which touch the
database) run in worker threads so that the event loop keeps serving the other tables.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import gc
import json
import multiprocessing
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import orjson
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..bots import describe_bots
from ..games import GAMES
from .limits import Caps, FairGate, Ledger, LimitError, SameOrigin, quiet_worker
from .service import KINDS, Plan, SeatTakenError, ServiceError, TableService, think
from .store import Store, StoreError

__all__ = ["MAX_BODY", "MAX_MESSAGE", "MAX_RATE", "Caps", "create_app"]

STATIC = Path(__file__).parent / "static"
#: the most bytes of a WebSocket message, of an HTTP request body
MAX_MESSAGE = 4096
MAX_BODY = 16384
#: messages a second a connection may send (a burst of as many is allowed)
MAX_RATE = 20.0
#: how often the tables being watched are checked for other processes' moves
POLL_SECONDS = 0.5
#: how long one message to one connection may take: a client that stops reading (its
#: socket's buffers full) is cut off then
SEND_SECONDS = 10.0
#: the messages a connection may have waiting to be sent: one that falls this far behind
#: (it does not read) is dropped, and the others of its table never wait for it
MAX_QUEUE = 64
#: worker threads for the service's calls: its work is mostly Python (one core, the
#: GIL), so calls taken in turn answer sooner than many threads contending (measured
#: with benchmarks/server_load.py: p99 about half of 4 threads', a third of 40's); with
#: PostgreSQL a few, so that one call's wait on the network does not hold up the rest
WORKERS = {"sqlite": 1, "other": 4}
#: collections of the middle generation between two full ones (Python's default: 10)
FULL_COLLECTION_EVERY = 100
#: the computer players quick enough to choose in a worker thread; the others (search
#: players) think in worker processes, at most THINKERS at once, shared out between the
#: clients in turn (limits.FairGate)
QUICK_KINDS = frozenset({"random", "rules"})
THINKERS = max(1, (os.cpu_count() or 2) - 1)
#: what sending to a connection that has gone away raises
_GONE = (WebSocketDisconnect, RuntimeError, anyio.ClosedResourceError,
         anyio.BrokenResourceError, OSError)


class _Conn:
    """One WebSocket at a table: its seat (``None``: a spectator), what it was last
    sent of the table (the view it holds, so that only changes follow), and its own
    queue of messages, written by a task of its own: nothing that sends to one
    connection ever waits on it."""

    def __init__(self, ws: WebSocket, seat: int | None, rate: float = MAX_RATE) -> None:
        self.ws = ws
        self.seat = seat
        self.rate = rate
        self.allowance = rate
        self.checked = time.monotonic()
        self.closed = False
        self.gone = asyncio.Event()  # set when the server cuts the connection off
        self.outbox: collections.deque[str] = collections.deque()
        self.ready = asyncio.Event()  # set while the outbox holds messages
        #: the view the client holds: each field's JSON, and the story's lines
        self.held: dict[str, str] | None = None
        self.story: list[str] = []
        self.sending = asyncio.Lock()  # held while a frame is being written
        self.handler: asyncio.Task[Any] | None = None  # the task reading the client
        self.listening = False  # it waits for the client's next message
        self.closing = False  # its last message is queued: nothing more is sent

    def drop(self) -> None:
        """Stop sending to this connection and end its handler (which closes it): a
        handler waiting for the client's next message stops waiting."""
        self.closed = True
        self.gone.set()
        self.ready.set()
        if self.listening and self.handler is not None:
            self.handler.cancel()

    def within_rate(self) -> bool:
        t = time.monotonic()
        self.allowance = min(self.rate, self.allowance + (t - self.checked) * self.rate)
        self.checked = t
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def put(self, message: dict[str, Any]) -> None:
        """Queue ``message``; a connection that lets ``MAX_QUEUE`` messages pile up
        unread is dropped (it holds up nobody else)."""
        if self.closed or self.closing:
            return
        if len(self.outbox) >= MAX_QUEUE:
            self.drop()
            return
        self.outbox.append(orjson.dumps(message).decode())
        self.ready.set()

    def deliver(self, view: dict[str, Any], ack: int | None = None) -> None:
        """Queue what the client needs to hold ``view``: all of it the first time, then
        an ``update`` with the fields that changed and the story's new lines. ``ack``:
        the update answers the client's own action, now stored (its new ``seq``): one
        message, not an acknowledgement and then the update (a frame fewer of three an
        action: 12% of the server's time at 500 tables, measured).

        What the client holds is kept as each field's JSON text and the story's lines:
        no dict or list of a view outlives its message, so a server holding a thousand
        connections' views does not make the garbage collector walk them (holding the
        views themselves made full collections of 100 ms and more under load)."""
        story = view.get("story") or []
        # as text: orjson's bytes keep the room they were written in (a thousand
        # connections' held fields took 80 MB so), text is made to its size
        fields = {k: orjson.dumps(v).decode() for k, v in view.items() if k != "story"}
        held, self.held = self.held, fields
        old_story, self.story = self.story, story
        if held is None:
            self.put(view if ack is None else view | {"ack": ack})
            return
        update: dict[str, Any] = {k: view[k] for k, v in fields.items()
                                  if held.get(k) != v}
        for k in held:
            if k not in fields:
                update[k] = None
        if old_story is not story and old_story != story:
            same = 0
            for a, b in zip(old_story, story, strict=False):
                if a != b:
                    break
                same += 1
            update["story_from"] = same
            update["story"] = story[same:]
        update.pop("type", None)
        if ack is not None:
            update["ack"] = ack
        if update:
            update["type"] = "update"
            update["seq"] = view["seq"]
            self.put(update)

    async def write(self) -> None:
        """Send the queued messages in order, those queued at once within
        ``SEND_SECONDS``: a client that stops reading (its socket's buffers full) is cut
        off then."""
        try:
            while not self.closed:
                await self.ready.wait()
                # what is queued now, written within one deadline (a deadline, not
                # wait_for: no task made for every message)
                async with asyncio.timeout(SEND_SECONDS):
                    while self.outbox and not self.closed:
                        text = self.outbox.popleft()
                        async with self.sending:
                            await self.ws.send_text(text)
                self.ready.clear()
        except TimeoutError:
            self.drop()
        except _GONE:
            self.closed = True
            self.gone.set()


class Hub:
    """The connections of every table, the computer players' turns, and the watch for
    moves made by another server process."""

    def __init__(self, service: TableService, *, computer_delay: float = 0.3) -> None:
        self.service = service
        self.computer_delay = computer_delay
        self.conns: dict[str, set[_Conn]] = {}
        self.running: set[str] = set()
        #: tables whose running task must look again before it stops (see computers)
        self.again: set[str] = set()
        self.told: dict[str, int] = {}  # the seq of the last views sent at each table
        #: each table's players as its last view gave them (names and kinds)
        self.roster: dict[str, list[dict[str, Any]]] = {}
        self.limiter: anyio.CapacityLimiter | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.pool: concurrent.futures.Executor | None = None
        #: the service's quick calls run in the event loop (SQLite: see :meth:`quick`)
        self.inline = service.store.url.startswith("sqlite")
        self.thinkers = THINKERS
        self.thinking: FairGate | None = None
        self.owner: dict[str, str] = {}  # the client that made each table (Ledger's)

    def spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def call(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in a worker thread (it may touch the database and replay a
        table): the event loop goes on serving the other tables meanwhile."""
        if self.limiter is None:  # made in the running loop
            kind = "sqlite" if self.inline else "other"
            self.limiter = anyio.CapacityLimiter(WORKERS[kind])
        return await anyio.to_thread.run_sync(fn, *args, limiter=self.limiter)

    async def quick(self, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` for a table in memory: an action stored and the views after it
        (a fraction of a millisecond). On SQLite it runs here, in the event loop: the one
        worker thread would do it no sooner, and handing it over and back costs more
        than the call; elsewhere (PostgreSQL: a round trip over the network to commit)
        in a worker thread, so that the loop does not wait on the database."""
        if self.inline:
            return fn(*args)
        return await self.call(fn, *args)

    def players(self, table_id: str, players: list[dict[str, Any]]
                ) -> list[dict[str, Any]]:
        """The table's players, each with his ``connected`` flag as this process sees it."""
        here = {c.seat for c in self.conns.get(table_id, ()) if not c.closed}
        return [p | {"connected": seat in here} for seat, p in enumerate(players)]

    async def send_view(self, table_id: str, conn: _Conn) -> None:
        """The connection's view of the table, to it alone."""
        try:
            view = await self.quick(self.service.view, table_id, conn.seat)
        except (ServiceError, StoreError) as exc:
            conn.put({"type": "error", "message": str(exc)})
            return
        self.roster[table_id] = view["players"]
        self.told.setdefault(table_id, view["seq"])
        conn.deliver(view | {"players": self.players(table_id, view["players"])})

    async def send(self, conn: _Conn, message: dict[str, Any]) -> None:
        """One message to one connection, queued (see :meth:`_Conn.put`)."""
        conn.put(message)

    def presence(self, table_id: str, but: _Conn | None = None) -> None:
        """Tell the table who is connected now (a seat came or went): each connection
        gets the players' flags alone."""
        roster = self.roster.get(table_id)
        if roster is None:
            return
        players = self.players(table_id, roster)
        for conn in self.conns.get(table_id, ()):
            if conn is but or conn.closed or conn.held is None:
                continue
            conn.put({"type": "update", "seq": self.told.get(table_id, 0),
                      "players": players})
            conn.held["players"] = orjson.dumps(players).decode()

    def left(self, table_id: str) -> None:
        """The last connection at the table has gone: the table leaves memory (its
        computer players pause, and whoever comes next has it replayed from the store),
        so that the server holds only the tables someone is at."""
        if self.conns.get(table_id) or table_id in self.running:
            return
        self.conns.pop(table_id, None)
        self.told.pop(table_id, None)
        self.roster.pop(table_id, None)
        self.service.forget(table_id)

    def tell(self, table_id: str, conns: list[_Conn], views: list[dict[str, Any]],
             acked: _Conn | None = None, ack: int | None = None) -> None:
        """Each connection its own view (only what changed from the one it holds); the
        update of ``acked`` carries ``ack``, the answer to its action."""
        if not views:
            return
        self.told[table_id] = max(self.told.get(table_id, 0), views[0]["seq"])
        self.roster[table_id] = views[0]["players"]
        players = self.players(table_id, views[0]["players"])
        for conn, view in zip(conns, views, strict=True):
            conn.deliver(view | {"players": players}, ack if conn is acked else None)

    async def broadcast(self, table_id: str) -> None:
        """Each connection at the table its own view, all made in one worker call."""
        conns = [c for c in self.conns.get(table_id, ()) if not c.closed]
        if not conns:
            return
        try:
            views = await self.quick(self.service.views, table_id, [c.seat for c in conns])
        except (ServiceError, StoreError) as exc:
            for conn in conns:
                conn.put({"type": "error", "message": str(exc)})
            return
        self.tell(table_id, conns, views)

    def watched(self, table_id: str) -> bool:
        """Whether a connection (a seat or a spectator) is at the table now."""
        return any(not c.closed for c in self.conns.get(table_id, ()))

    def waited_for(self, table_id: str) -> bool:
        """Whether a person is at the table now (a seat's connection): his adversaries'
        thinking comes first (:class:`FairGate`)."""
        return any(c.seat is not None and not c.closed for c in self.conns.get(table_id, ()))

    def computers(self, table_id: str) -> None:
        """Let the computer players take their turns at ``table_id`` (one task a table),
        while someone is there to see them: a table nobody watches pauses (its computer
        players would otherwise play on for nobody, a search player for minutes of a
        worker's time) and goes on when someone connects (the socket calls this again).
        When the table's task is already running it is told to look again before it
        stops: it may have found no computer to move just before this call's action."""
        if not self.watched(table_id):
            return
        if table_id in self.running:
            self.again.add(table_id)
            return
        self.running.add(table_id)
        self.spawn(self._computers(table_id))

    async def _computers(self, table_id: str) -> None:
        try:
            while self.watched(table_id):  # the last one gone: paused before the next turn
                self.again.discard(table_id)
                plan = await self.call(self.service.computer_plan, table_id)
                if plan is None:
                    if table_id in self.again:  # an action meanwhile: a computer's turn?
                        continue
                    return
                await asyncio.sleep(self.computer_delay)
                notation = await self.think(plan, table_id)
                if not await self.call(self.service.computer_commit, table_id, plan, notation):
                    continue  # the table moved on meanwhile: think again, or stop
                await self.broadcast(table_id)
        except (ServiceError, StoreError):
            return  # the store is unavailable: the next action or restart takes it up
        finally:
            self.running.discard(table_id)
            self.again.discard(table_id)

    async def think(self, plan: Plan, table_id: str = "") -> str:
        """A computer player's choice: the quick players in a worker thread, the search
        players in a process of their own (their seconds of work would hold up every
        table's calls, the GIL being one), at most ``thinkers`` at once, taken in turn
        by the client that made each table (a table made before a restart: by itself),
        a table where a person waits first (:class:`FairGate`: in order of arrival one
        client's ten tables would keep another's person waiting ten thoughts)."""
        if plan.kind in QUICK_KINDS:
            return str(await self.call(think, plan))
        if self.pool is None:
            self.pool = concurrent.futures.ProcessPoolExecutor(
                self.thinkers, mp_context=multiprocessing.get_context("spawn"),
                initializer=quiet_worker)
        if self.thinking is None:  # made in the running loop
            self.thinking = FairGate(self.thinkers)
        gate = self.thinking
        await gate.turn(self.owner.get(table_id, "table " + table_id),
                        self.waited_for(table_id))
        try:
            loop = asyncio.get_running_loop()
            return str(await loop.run_in_executor(self.pool, think, plan))
        finally:
            gate.done()

    def stop_thinking(self) -> None:
        """Stop the search players' worker processes at once (the server stopping): a
        thought under way may last seconds more, and a worker left behind holds its
        memory (100 MB and more) and Python's resource tracker, which ends by itself
        once the server and its workers have ended (the last holders of its pipe; stopped
        here it would unlink the pool's semaphores under the pool's feet)."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        processes = getattr(pool, "_processes", None)  # the executor's workers (private)
        workers: list[Any] = list(processes.values()) if isinstance(processes, dict) else []
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            with contextlib.suppress(Exception):
                worker.terminate()
        for worker in workers:
            with contextlib.suppress(Exception):
                worker.join(2.0)
                if worker.is_alive():
                    worker.kill()
                    worker.join(1.0)

    async def watch(self) -> None:
        """Other processes' moves (PostgreSQL, several servers): replay and tell."""
        while True:
            await asyncio.sleep(POLL_SECONDS)
            watched = {t: self.told.get(t, -1) for t, c in self.conns.items() if c}
            try:  # one query for every table watched here
                moved = await self.call(self.service.moved_elsewhere, watched)
            except (ServiceError, StoreError):
                continue
            for table_id in moved:
                await self.broadcast(table_id)
                self.computers(table_id)

    async def resume(self) -> None:
        """After a start, or whenever: the computer players take up the turns left to
        them at the tables watched here. Right after a start that is none: every
        unfinished table waits for someone to connect (started all at once, a server
        would play them all out for nobody)."""
        for table_id in [t for t in self.conns if self.watched(t)]:
            self.computers(table_id)


async def _close(conn: _Conn, code: int, message: str) -> None:
    """Tell the client why, then close its connection with ``code``."""
    conn.put({"type": "error", "message": message})
    conn.closing = True  # the error is the last message it is sent
    await _close_after_sending(conn, code)


async def _close_after_sending(conn: _Conn, code: int) -> None:
    """Close the connection once its queued messages are sent (at most
    ``SEND_SECONDS``)."""
    with contextlib.suppress(TimeoutError, *_GONE):
        deadline = time.monotonic() + SEND_SECONDS
        while conn.outbox and not conn.closed and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
    conn.drop()
    with contextlib.suppress(Exception):
        async with conn.sending:  # the last frame written whole first
            await asyncio.wait_for(conn.ws.close(code=code), SEND_SECONDS)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> Any:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise ServiceError(f"the request body is over {MAX_BODY} bytes")
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise ServiceError(f"the request body is over {MAX_BODY} bytes")
    try:
        return json.loads(data or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise ServiceError("the request body is not JSON") from None


#: who may sit at a seat, for the lobby: a person or one of the computer players (the
#: search players at their default budgets: a client chooses no budget)
_WORDS = {"rules": "rules", "random": "random", "flat": "flat Monte Carlo",
          "pimc": "PIMC search", "ismcts": "ISMCTS search", "pimc-infer": "PIMC with inference"}
KIND_LIST = [{"kind": "human", "words": "person"}] + [
    {"kind": name, "words": f"computer ({_WORDS.get(name, name)})", "about": about}
    for name, about in describe_bots()] + [
    {"kind": "open", "words": "open seat (anyone may join)",
     "about": "a person's seat listed in the lobby for anyone to take"}]


def create_app(database: str | None = None, *, computer_delay: float = 0.3,
               store: Store | None = None, rate: float = MAX_RATE, caps: Caps | None = None,
               thinkers: int = THINKERS) -> Starlette:
    """The app on the database at ``database`` (default: SQLite in the user's data
    folder). ``rate``: the messages a second one connection may send; ``caps``: the
    tables and search players one client (a remote address) may open, and all of them
    (:class:`Caps`; over them a table is refused with 429); ``thinkers``: the worker
    processes of the search players."""
    store = store or Store(database)
    service = TableService(store)
    hub = Hub(service, computer_delay=computer_delay)
    hub.thinkers = max(1, thinkers)
    ledger = Ledger(caps or Caps(), {"human", *QUICK_KINDS})
    hub.owner = ledger.owner

    def made(client: str, body: dict[str, Any]) -> tuple[str, dict[int, str]]:
        """A new table for ``client``, checked against the caps (one worker call, the
        count and the table made under one lock: two requests cannot both take the
        last place)."""
        seats = body.get("seats")
        kinds = [s.get("kind", "human") for s in seats if isinstance(s, dict)
                 ] if isinstance(seats, list) else []
        with ledger.lock:
            open_tables = store.open_tables(ledger.since())
            for gone in [t for t in ledger.owner if t not in open_tables]:
                del ledger.owner[gone]  # over (or past the window): counts no more
            ledger.check(client, [k for k in kinds if k in KINDS], open_tables)
            table_id, tokens = service.create(body.get("game"), body.get("options"), seats)
            ledger.owner[table_id] = client
            return table_id, tokens

    async def games(request: Request) -> Response:
        out = []
        for name, cls in GAMES.items():
            opts = cls.options_class
            out.append({"name": name, "title": cls.title, "about": cls.about(),
                        "min_players": cls.min_players, "max_players": cls.max_players,
                        "options": [{"name": n, "default": d, "allowed": a, "doc": doc,
                                     "words": opts.value_words(n)}
                                    for n, d, a, doc in opts.describe()]})
        return JSONResponse({"games": out, "kinds": KIND_LIST})

    async def create(request: Request) -> Response:
        client = request.client.host if request.client is not None else ""
        try:
            body = await _body(request)
            if not isinstance(body, dict):
                raise ServiceError("the request body must be a JSON object")
            table_id, tokens = await hub.call(made, client, body)
            info = await hub.call(service.info, table_id)
        except LimitError as exc:
            return _error(429, str(exc))
        except (ServiceError, StoreError) as exc:
            return _error(400, str(exc))
        seats = []
        for i, p in enumerate(info["players"]):
            entry: dict[str, Any] = {"seat": i, **p}
            if i in tokens:
                entry["token"] = tokens[i]
                entry["url"] = f"/t/{table_id}?token={tokens[i]}"
            seats.append(entry)
        hub.computers(table_id)
        return JSONResponse({"table": table_id, "seats": seats, "watch": f"/t/{table_id}"})

    async def table_info(request: Request) -> Response:
        try:
            return JSONResponse(await hub.call(service.info, request.path_params["id"]))
        except (ServiceError, StoreError) as exc:
            return _error(404, str(exc))

    async def mine(request: Request) -> Response:
        try:
            body = await _body(request)
            tokens = body.get("tokens") if isinstance(body, dict) else None
            return JSONResponse({"tables": await hub.call(service.mine, tokens)})
        except (ServiceError, StoreError) as exc:
            return _error(400, str(exc))

    async def open_tables(request: Request) -> Response:
        try:
            return JSONResponse({"tables": await hub.call(service.open_tables)})
        except (ServiceError, StoreError) as exc:
            return _error(503, str(exc))

    async def join(request: Request) -> Response:
        table_id = request.path_params["id"]
        try:
            body = await _body(request)
            if not isinstance(body, dict):
                raise ServiceError("the request body must be a JSON object")
            token = await hub.call(service.join, table_id, body.get("seat"), body.get("name"))
            info = await hub.call(service.info, table_id)
        except SeatTakenError as exc:
            return _error(409, str(exc))
        except (ServiceError, StoreError) as exc:
            return _error(404 if "no such table" in str(exc) else 400, str(exc))
        seat = body["seat"]
        await hub.broadcast(table_id)  # the others see who sits there now
        hub.computers(table_id)  # it may be a computer's turn after the seat he waited for
        return JSONResponse({"table": table_id, "seat": seat,
                             "name": info["players"][seat]["name"], "token": token,
                             "url": f"/t/{table_id}?token={token}"})

    async def favicon(request: Request) -> Response:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    async def deal(request: Request) -> Response:
        raw = request.path_params["deal"]
        try:
            number = int(raw) if raw.isdigit() and len(raw) < 7 else -1
            return JSONResponse(await hub.call(service.deal_record, request.path_params["id"],
                                               number))
        except ServiceError as exc:
            status = 409 if "still in play" in str(exc) else 404
            return _error(status, str(exc))
        except StoreError as exc:
            return _error(503, str(exc))

    async def lobby(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def socket(ws: WebSocket) -> None:
        table_id = ws.path_params["id"]
        token = ws.query_params.get("token") or None
        await ws.accept()
        try:
            await hub.call(service.fresh, table_id)  # as stored, whoever moved it
            seat = await hub.call(service.seat_of, table_id, token)
        except (ServiceError, StoreError) as exc:
            await ws.send_text(json.dumps({"type": "error", "message": str(exc)}))
            await ws.close(code=1008)
            return
        conn = _Conn(ws, seat, rate)
        writer = asyncio.ensure_future(conn.write())
        peers = hub.conns.setdefault(table_id, set())
        if seat is not None:  # the same seat token again: the newer connection has it
            for other in [c for c in peers if c.seat == seat]:
                other.put({"type": "error", "message": "this seat was taken over by another"
                           " connection with its token"})
                other.closing = True
                peers.discard(other)
                hub.spawn(_close_after_sending(other, 4001))
        peers.add(conn)
        conn.handler = asyncio.current_task()
        try:
            await hub.send_view(table_id, conn)  # this view, to the newcomer alone
            if seat is not None:
                hub.presence(table_id, but=conn)  # the others see he is here
            hub.computers(table_id)
            while not conn.closed:
                conn.listening = True
                try:
                    frame = await ws.receive()
                except asyncio.CancelledError:
                    task = asyncio.current_task()
                    if conn.closed and task is not None and task.uncancel() == 0:
                        return  # dropped by the server (Conn.drop): the handler ends
                    raise
                finally:
                    conn.listening = False
                if frame["type"] == "websocket.disconnect":
                    return
                text = frame.get("text")
                if text is None:  # a binary frame: the protocol is JSON text
                    await _close(conn, 1003, "binary frames are not part of the protocol:"
                                 " send JSON text")
                    return
                if len(text.encode("utf-8", "replace")) > MAX_MESSAGE:
                    await _close(conn, 1009, f"message over {MAX_MESSAGE} bytes: closed")
                    return
                if not conn.within_rate():
                    await _close(conn, 1008, f"more than {rate:g} messages a second: closed")
                    return
                await handle(table_id, conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            conn.listening = False
            conn.drop()
            writer.cancel()
            peers.discard(conn)
            if seat is not None:
                hub.presence(table_id)  # the others see he is away
            if not peers:
                hub.left(table_id)

    async def handle(table_id: str, conn: _Conn, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            await hub.send(conn, {"type": "error", "message": "a message is a JSON object"})
            return
        if not isinstance(message, dict):
            await hub.send(conn, {"type": "error", "message": "a message is a JSON object"})
            return
        kind = message.get("type")
        if kind == "ping":
            await hub.send(conn, {"type": "pong"})
            return
        if kind != "act":
            await hub.send(conn, {"type": "error",
                                  "message": "unknown message type; send act or ping"})
            return
        if conn.seat is None:
            await hub.send(conn, {"type": "error", "message": "a spectator cannot act"})
            return
        seat = conn.seat
        conns = [c for c in hub.conns.get(table_id, ()) if not c.closed]

        def take() -> tuple[int, list[dict[str, Any]], bool]:
            # the action, every connection's view after it, who is next
            done = service.act(table_id, seat, message.get("seq"), message.get("action"))
            return done, *seen()

        def seen() -> tuple[list[dict[str, Any]], bool]:
            return (service.views(table_id, [c.seat for c in conns]),
                    service.computer_to_move(table_id))

        try:
            if hub.inline:
                seq, views, computer_next = take()
            else:
                # the action stored in a worker (a round trip to the database), and the
                # views, made from the table in memory, here: a worker making them would
                # contend with this loop for the interpreter at every step
                seq = await hub.call(service.act, table_id, seat, message.get("seq"),
                                     message.get("action"))
                views, computer_next = seen()
        except (ServiceError, StoreError) as exc:
            conn.put({"type": "error", "message": str(exc)})
            await hub.send_view(table_id, conn)
            return
        hub.tell(table_id, conns, views, acked=conn, ack=seq)
        if computer_next:
            hub.computers(table_id)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # what the imports and the start made lives as long as the process: out of the
        # garbage collector's sight, so that a full collection walks only the tables'
        # objects (it walked some 100,000 more, a pause of tens of milliseconds)
        gc.collect()
        gc.freeze()
        # a full collection walks every table's objects (200,000 at 500 tables: 100 ms
        # and more, a pause of every table): ten times rarer than Python's default, the
        # young generations collected as often as ever
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, FULL_COLLECTION_EVERY)
        hub.spawn(hub.watch())
        await hub.resume()
        yield
        for task in list(hub.tasks):
            task.cancel()
        hub.stop_thinking()
        store.close()

    routes = [
        Route("/", lobby),
        Route("/t/{id}", table_page),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{id}", table_info),
        Route("/api/tables/{id}/deals/{deal}", deal),
        Route("/api/mine", mine, methods=["POST"]),
        Route("/api/open", open_tables),
        Route("/api/tables/{id}/join", join, methods=["POST"]),
        Route("/favicon.ico", favicon),
        WebSocketRoute("/ws/{id}", socket),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SameOrigin)])
    app.state.service = service
    app.state.hub = hub
    return app
