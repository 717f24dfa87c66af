"""Where the tables live: an event-sourced store on SQLite (the default, one process) or
PostgreSQL (several processes), through SQLAlchemy 2 Core.

A table is its row (the game, its options, the players, the secret seed), its deals
(dealer, pack order, salt and commitment) and its actions in order (``seq`` 1, 2, ...).
The state of a table is nothing but the replay of these. An action is stored by one
transaction that also moves the table's ``seq`` on, guarded by the ``seq`` it was taken
at (optimistic concurrency: of two processes acting on the same position, one wins, the
other is told the table moved on), and carries the next deal's row when the action ended
a deal; nothing is acknowledged before that transaction has committed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

__all__ = ["DealRow", "SeatTaken", "Stale", "Store", "StoreError", "TableRow",
           "default_database_url", "token_hash"]

metadata = MetaData()

tables_t = Table(
    "bz_tables", metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", Text, nullable=False),  # JSON: {name: value text}
    Column("players", Text, nullable=False),  # JSON: [{"name", "kind"}]
    Column("seed", String(80), nullable=False),  # secret: never leaves the server
    Column("first_dealer", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("seq", Integer, nullable=False, default=0),
    Column("over", Boolean, nullable=False, default=False),
    Column("summary", Text, nullable=False, default=""),
)

seats_t = Table(
    "bz_seats", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("table_id", String(40), ForeignKey("bz_tables.id"), nullable=False, index=True),
    Column("seat", Integer, nullable=False),
)

deals_t = Table(
    "bz_deals", metadata,
    Column("table_id", String(40), ForeignKey("bz_tables.id"), primary_key=True),
    Column("deal_no", Integer, primary_key=True),
    Column("dealer", Integer, nullable=False),
    Column("pack", Text, nullable=False),  # card ids, space-separated
    Column("salt", String(64), nullable=False),  # secret until the deal is over
    Column("commitment", String(64), nullable=False),
)

actions_t = Table(
    "bz_actions", metadata,
    Column("table_id", String(40), ForeignKey("bz_tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("deal_no", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("notation", String(200), nullable=False),
)


#: the statements of every action (and the next deal's row), as the driver runs them
#: (Store.append; placeholders written ``?``)
_APPEND_SQL = {
    "advance": "UPDATE bz_tables SET seq = ?, over = ?, summary = ? WHERE id = ? AND seq = ?",
    "action": "INSERT INTO bz_actions (table_id, seq, deal_no, seat, notation)"
              " VALUES (?, ?, ?, ?, ?)",
    "deal": "INSERT INTO bz_deals (table_id, deal_no, dealer, pack, salt, commitment)"
            " VALUES (?, ?, ?, ?, ?, ?)",
}


class StoreError(Exception):
    """The database failed (unavailable, full, locked): nothing was stored."""


class Stale(Exception):
    """The table has moved on since the position an action was taken at."""


class SeatTaken(Exception):
    """The open seat asked for is not open (any more): another person took it first."""


#: how an open seat (a person's seat no one has taken yet) is written in the players JSON,
#: to find the tables that have one without reading every table's players
OPEN_MARK = '"kind": "open"'


def token_hash(token: str) -> str:
    """How a seat token is kept: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def commitment(pack: Sequence[int], salt: str) -> str:
    """The published commitment to a deal: SHA-256 of the salt and the pack order (card
    ids, space-separated), ``"<salt>:<ids>"`` in UTF-8. Anyone holding the revealed pack
    and salt can recompute it."""
    text = salt + ":" + " ".join(str(int(c)) for c in pack)
    return hashlib.sha256(text.encode()).hexdigest()


def default_database_url() -> str:
    """SQLite in the user's data folder (``$XDG_DATA_HOME/bezique/server.db``)."""
    import os
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(base) / "bezique"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.db'}"


@dataclasses.dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, str]
    players: list[dict[str, str]]
    seed: str
    first_dealer: int
    created: float
    seq: int
    over: bool
    summary: str


@dataclasses.dataclass
class DealRow:
    deal_no: int
    dealer: int
    pack: list[int]
    salt: str
    commitment: str


class Store:
    """The database of tables. ``url``: a SQLAlchemy URL (``sqlite:///path``,
    ``postgresql+psycopg://...``; ``postgresql://`` is read as psycopg's)."""

    def __init__(self, url: str | None = None) -> None:
        url = url or default_database_url()
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://"):]
        self.url = url
        # one writer at a time in this process: SQLite takes one anyway, and threads that
        # meet its lock wait in its busy handler's growing sleeps (a tail of hundreds of
        # milliseconds); in turn here they wait only for each other's commit
        self._writing = threading.Lock() if url.startswith("sqlite") else None
        # the connection of each thread that stores actions (append; PostgreSQL)
        self._by_thread = threading.local()
        self._kept: list[Any] = []  # those connections, closed with the store
        self._kept_lock = threading.Lock()
        # SQLite: the driver's connection that stores the actions (append)
        self._writer: Any = None
        self._writer_fairy: Any = None
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 10}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(url, **kwargs)
        # append's statements in the driver's own placeholders ("?" or "%s")
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        self._sql = {name: text.replace("?", mark) for name, text in _APPEND_SQL.items()}
        self._driver_error: type[Exception] = self.engine.dialect.loaded_dbapi.Error
        if url.startswith("sqlite"):
            @event.listens_for(self.engine, "connect")
            def _pragmas(conn: Any, _record: Any) -> None:
                # write-ahead log: readers never block the writer; NORMAL: a commit is in
                # the log before it returns, so a killed server (kill -9) loses nothing
                # acknowledged; only a crash of the machine itself may lose the last ones
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.close()
        try:
            metadata.create_all(self.engine)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open the database: {_why(exc)}") from None

    def _one_writer(self) -> contextlib.AbstractContextManager[Any]:
        return self._writing if self._writing is not None else contextlib.nullcontext()

    def close(self) -> None:
        with self._kept_lock:
            kept, self._kept = self._kept, []
        for fairy in kept:
            with contextlib.suppress(Exception):
                fairy.close()
        if self._writing is not None:
            with self._writing:
                self._drop_writer()
        self.engine.dispose()

    # -- writing ---------------------------------------------------------------------------

    def create(self, row: TableRow, tokens: dict[int, str], first: DealRow) -> None:
        """A new table with its seat tokens (hashed) and its first deal, in one
        transaction."""
        try:
            with self._one_writer(), self.engine.begin() as conn:
                conn.execute(insert(tables_t).values(
                    id=row.id, game=row.game, options=json.dumps(row.options),
                    players=json.dumps(row.players), seed=row.seed,
                    first_dealer=row.first_dealer, created=row.created, seq=0, over=False,
                    summary=""))
                for seat, token in tokens.items():
                    conn.execute(insert(seats_t).values(token_hash=token_hash(token),
                                                        table_id=row.id, seat=seat))
                self._insert_deal(conn, row.id, first)
        except SQLAlchemyError as exc:
            raise StoreError(f"the table could not be stored: {_why(exc)}") from None

    @staticmethod
    def _insert_deal(conn: Any, table_id: str, deal: DealRow) -> None:
        conn.execute(insert(deals_t).values(
            table_id=table_id, deal_no=deal.deal_no, dealer=deal.dealer,
            pack=" ".join(str(int(c)) for c in deal.pack), salt=deal.salt,
            commitment=deal.commitment))

    def append(self, table_id: str, seq: int, deal_no: int, seat: int, notation: str,
               new_deal: DealRow | None, over: bool, summary: str) -> None:
        """Store action number ``seq + 1`` taken at position ``seq``: one transaction, or
        :class:`Stale` when the table is no longer at ``seq``, or :class:`StoreError`.

        The statements go through the driver's own connection: an action is the server's
        most frequent write, and SQLAlchemy's work around each statement cost more than
        the database's own (SQLite: about 225 us an action, against 70 this way). SQLite
        keeps one connection for it (one writer at a time); on PostgreSQL each thread that
        stores actions keeps one (several processes and threads write at once)."""
        if self._writing is not None:
            with self._writing:
                try:
                    if self._writer is None:
                        self._writer_fairy = self.engine.raw_connection()
                        self._writer = self._writer_fairy.driver_connection
                    self._append_to(self._writer, table_id, seq, deal_no, seat, notation,
                                    new_deal, over, summary)
                except Stale:
                    raise
                except self._driver_error as exc:
                    self._drop_writer()
                    raise StoreError(f"the action could not be stored: {str(exc)[:200]}"
                                     ) from None
            return
        # each worker thread keeps a connection for its actions: taking one from the
        # pool for each action cost a round trip more (the pool's check that it lives)
        mine = self._by_thread
        try:
            if getattr(mine, "fairy", None) is None:
                mine.fairy = self.engine.raw_connection()
                with self._kept_lock:
                    self._kept.append(mine.fairy)
            self._append_to(mine.fairy.driver_connection, table_id, seq, deal_no, seat,
                            notation, new_deal, over, summary)
        except Stale:
            raise
        except (self._driver_error, SQLAlchemyError) as exc:
            fairy, mine.fairy = getattr(mine, "fairy", None), None
            if fairy is not None and fairy.is_valid:  # the next action opens another
                with contextlib.suppress(Exception):
                    fairy.invalidate()
            raise StoreError(f"the action could not be stored: {str(exc)[:200]}") from None

    def _append_to(self, db: Any, table_id: str, seq: int, deal_no: int, seat: int,
                   notation: str, new_deal: DealRow | None, over: bool,
                   summary: str) -> None:
        """:meth:`append`'s statements on the driver's connection ``db``, committed, or
        rolled back on any error."""
        q = self._sql
        cur = db.cursor()
        try:
            cur.execute(q["advance"], (seq + 1, over, summary, table_id, seq))
            if cur.rowcount != 1:
                raise Stale(f"table {table_id} is no longer at action {seq}")
            cur.execute(q["action"], (table_id, seq + 1, deal_no, seat, notation))
            if new_deal is not None:
                cur.execute(q["deal"], (table_id, new_deal.deal_no, new_deal.dealer,
                                        " ".join(str(int(c)) for c in new_deal.pack),
                                        new_deal.salt, new_deal.commitment))
            db.commit()
        except BaseException:
            with contextlib.suppress(Exception):
                db.rollback()
            raise
        finally:
            cur.close()

    def _drop_writer(self) -> None:
        """Give the writer's connection back (after an error: the next write opens
        another)."""
        fairy, self._writer, self._writer_fairy = self._writer_fairy, None, None
        if fairy is not None:
            with contextlib.suppress(Exception):
                fairy.invalidate()

    def join(self, table_id: str, seat: int, name: str, token: str) -> list[dict[str, str]]:
        """Give the open ``seat`` to a person: in one transaction the seat becomes a human
        seat with his ``name`` and his ``token`` (hashed) is stored; the players after.
        :class:`SeatTaken` when the seat is not open, or was taken meanwhile (the players
        are compared as read: of two joins at once, one wins); ``KeyError`` for no table."""
        try:
            with self._one_writer(), self.engine.begin() as conn:
                r = conn.execute(select(tables_t.c.players, tables_t.c.over)
                                 .where(tables_t.c.id == table_id)).first()
                if r is None:
                    raise KeyError(table_id)
                players: list[dict[str, str]] = json.loads(r.players)
                if r.over or not 0 <= seat < len(players) or players[seat]["kind"] != "open":
                    raise SeatTaken(f"seat {seat} is not open")
                players[seat] = {"name": name, "kind": "human"}
                moved = conn.execute(
                    update(tables_t).where(tables_t.c.id == table_id,
                                           tables_t.c.players == r.players)
                    .values(players=json.dumps(players)))
                if moved.rowcount != 1:
                    raise SeatTaken(f"seat {seat} was taken meanwhile")
                conn.execute(insert(seats_t).values(token_hash=token_hash(token),
                                                    table_id=table_id, seat=seat))
        except (SeatTaken, KeyError):
            raise
        except SQLAlchemyError as exc:
            raise StoreError(f"the seat could not be stored: {_why(exc)}") from None
        return players

    # -- reading ---------------------------------------------------------------------------

    def with_open_seats(self, limit: int = 50) -> list[TableRow]:
        """The newest tables not over that have an open seat (the secret seed blanked:
        it never leaves the store this way)."""
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(
                    select(tables_t.c.id, tables_t.c.game, tables_t.c.options,
                           tables_t.c.players, tables_t.c.created, tables_t.c.seq)
                    .where(tables_t.c.over.is_(False),
                           tables_t.c.players.contains(OPEN_MARK, autoescape=True))
                    .order_by(tables_t.c.created.desc()).limit(limit)).all()
        except SQLAlchemyError as exc:
            raise StoreError(f"the tables could not be read: {_why(exc)}") from None
        return [TableRow(r.id, r.game, json.loads(r.options), json.loads(r.players), "", 0,
                         r.created, r.seq, False, "") for r in rows]

    def load(self, table_id: str) -> tuple[TableRow, list[DealRow], list[tuple[int, int, str]]]:
        """A table, its deals and its actions ``(deal_no, seat, notation)`` in order, as
        of the moment its row is read (a deal stored later may come too: the caller keeps
        the deals its actions reach); a ``KeyError`` when there is no such table."""
        try:
            with self.engine.connect() as conn:
                r = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
                if r is None:
                    raise KeyError(table_id)
                deals = conn.execute(select(deals_t).where(deals_t.c.table_id == table_id)
                                     .order_by(deals_t.c.deal_no)).all()
                # the row first: actions stored after it was read are left for later
                acts = conn.execute(select(actions_t).where(actions_t.c.table_id == table_id,
                                                            actions_t.c.seq <= r.seq)
                                    .order_by(actions_t.c.seq)).all()
        except SQLAlchemyError as exc:
            raise StoreError(f"the table could not be read: {_why(exc)}") from None
        row = TableRow(r.id, r.game, json.loads(r.options), json.loads(r.players), r.seed,
                       r.first_dealer, r.created, r.seq, bool(r.over), r.summary)
        deal_rows = [DealRow(d.deal_no, d.dealer, [int(x) for x in d.pack.split()], d.salt,
                             d.commitment) for d in deals]
        if [a.seq for a in acts] != list(range(1, len(acts) + 1)) or len(acts) != row.seq:
            raise StoreError(f"table {table_id}: its actions are not 1..{row.seq} in order")
        return row, deal_rows, [(a.deal_no, a.seat, a.notation) for a in acts]

    def seq_of(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The present ``seq`` of each table (to see another process's moves)."""
        if not table_ids:
            return {}
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(select(tables_t.c.id, tables_t.c.seq)
                                    .where(tables_t.c.id.in_(list(table_ids)))).all()
        except SQLAlchemyError as exc:
            raise StoreError(f"the tables could not be read: {_why(exc)}") from None
        return {r.id: r.seq for r in rows}

    def seat_of_token(self, token: str) -> tuple[str, int] | None:
        """``(table id, seat)`` of a seat token, or ``None``."""
        try:
            with self.engine.connect() as conn:
                r = conn.execute(select(seats_t).where(
                    seats_t.c.token_hash == token_hash(token))).first()
        except SQLAlchemyError as exc:
            raise StoreError(f"the seat could not be read: {_why(exc)}") from None
        return None if r is None else (r.table_id, r.seat)

    def unfinished(self) -> list[str]:
        """The tables whose match is not over (to take up the computer's moves after a
        restart)."""
        try:
            with self.engine.connect() as conn:
                return [r.id for r in conn.execute(
                    select(tables_t.c.id).where(tables_t.c.over.is_(False))).all()]
        except SQLAlchemyError as exc:
            raise StoreError(f"the tables could not be read: {_why(exc)}") from None


    def open_tables(self, since: float) -> dict[str, list[str]]:
        """The tables made since ``since`` (a time) whose match is not over, each with
        its seats' kinds (what a client may open is counted on them: one query)."""
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(select(tables_t.c.id, tables_t.c.players).where(
                    tables_t.c.over.is_(False), tables_t.c.created >= since)).all()
        except SQLAlchemyError as exc:
            raise StoreError(f"the tables could not be read: {_why(exc)}") from None
        return {r.id: [str(p.get("kind", "human")) for p in json.loads(r.players)]
                for r in rows}


def _why(exc: SQLAlchemyError) -> str:
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip().splitlines()
    return text[0][:200] if text else type(exc).__name__


def now() -> float:
    return time.time()
