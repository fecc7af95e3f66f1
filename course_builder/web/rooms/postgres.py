"""Rooms in PostgreSQL (psycopg 3), for several server processes behind one address:
``serve --database postgresql://USER@HOST/DB``.

Each change is one transaction on a pooled connection; the ``UPDATE ... WHERE version = ?`` of a
change locks the room's row, so a second writer waits, then finds the version moved on and
writes nothing. The same transaction sends ``NOTIFY course_builder_rooms, 'ROOM:VERSION'``,
which PostgreSQL delivers to every listening process once (and only if) it commits; each
process listens on a connection of its own (:meth:`PostgresStore.on_change`) and pushes the
change to its own pages. Migrations take an advisory lock, so processes starting together apply
each step once.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg

from course_builder.web.rooms.migrations import Executor
from course_builder.web.rooms.store import SQLRoomStore, Stale, StoreError

CHANNEL = "course_builder_rooms"
POOL_SIZE = 8
"""Connections kept open for requests (more are opened when busy, and closed after use)."""
MIGRATION_LOCK = 0x726F6F6D73  # "rooms"


def _psycopg() -> Any:
    """psycopg, untyped (its types are not the point here)."""
    return psycopg


class PostgresStore(SQLRoomStore):
    """The rooms of the database at ``url`` (a ``postgresql://`` URL or a libpq conninfo)."""

    real = "DOUBLE PRECISION"
    migration_lock = f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"
    pushes_changes = True

    def __init__(self, url: str) -> None:
        self.url = url
        self._idle: queue.LifoQueue[Any] = queue.LifoQueue()
        self._closing = threading.Event()
        self._listener: threading.Thread | None = None
        self._put_back(self._connect())  # a wrong URL is told now, not at the first room

    def _connect(self) -> Any:
        psycopg = _psycopg()
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.Error as exc:
            raise StoreError(f"cannot connect to the rooms database: "
                             f"{' '.join(str(exc).split())[:300]}") from None

    def _put_back(self, conn: Any) -> None:
        if conn.closed or conn.broken or self._idle.qsize() >= POOL_SIZE:
            conn.close()
        else:
            self._idle.put(conn)

    @contextmanager
    def transaction(self) -> Iterator[Executor]:
        psycopg = _psycopg()
        try:
            conn = self._idle.get_nowait()
        except queue.Empty:
            conn = self._connect()
        try:
            with conn.transaction():
                yield _Executor(conn)
        except psycopg.OperationalError as exc:
            raise StoreError(f"the rooms database: {' '.join(str(exc).split())[:200]}") from None
        finally:
            self._put_back(conn)

    def notify(self, tx: Executor, room_id: str, version: int) -> None:
        tx.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{room_id}:{version}"))

    def on_change(self, callback: Callable[[str, int], None]) -> None:
        thread = threading.Thread(target=self._listen, args=(callback,), daemon=True,
                                  name="rooms-listen")
        thread.start()
        self._listener = thread

    def _listen(self, callback: Callable[[str, int], None]) -> None:
        """Wait for notifications (reconnecting when the connection drops) until closed."""
        psycopg = _psycopg()
        while not self._closing.is_set():
            try:
                conn = self._connect()
            except StoreError:
                time.sleep(1.0)
                continue
            try:
                conn.execute(f"LISTEN {CHANNEL}")
                while not self._closing.is_set():
                    for note in conn.notifies(timeout=0.5):
                        room_id, _, version = note.payload.rpartition(":")
                        if version.isdigit():
                            callback(room_id, int(version))
            except psycopg.Error:
                time.sleep(0.5)
            finally:
                conn.close()

    def close(self) -> None:
        self._closing.set()
        if self._listener is not None:
            self._listener.join(5)
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                break


class _Executor:
    """psycopg's connection with the ``?`` parameters the queries are written with."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        psycopg = _psycopg()
        try:
            return self._conn.execute(sql.replace("?", "%s"), params)
        except psycopg.errors.UniqueViolation as exc:  # entry n twice: another writer was first
            raise Stale(str(exc).splitlines()[0]) from None
