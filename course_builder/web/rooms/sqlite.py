"""Rooms in SQLite (the standard library's ``sqlite3``): one file, ``rooms.sqlite3``, in the data
folder given to ``serve --data``.

WAL mode (readers never wait for the writer) with ``synchronous=FULL``: a commit has reached the
disk before the move is acknowledged, so neither a killed server nor a power cut loses an
acknowledged move. One connection per store, used under a lock (a write takes well under a
millisecond); each change is one ``BEGIN IMMEDIATE`` transaction, so another process writing the
same file waits for the lock (up to :data:`BUSY_MS`) and then finds the room's new version.
Another process's changes are not pushed to this one's pages (that needs PostgreSQL).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from course_builder.web.rooms.migrations import Executor
from course_builder.web.rooms.store import SQLRoomStore, Stale, StoreError

FILE_NAME = "rooms.sqlite3"
BUSY_MS = 10_000
"""How long a write waits for another process's write lock."""


class SQLiteStore(SQLRoomStore):
    """The rooms of a data folder (created if missing)."""

    real = "REAL"

    def __init__(self, folder: str) -> None:
        self.path = os.path.join(folder, FILE_NAME)
        try:
            os.makedirs(folder, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                                       timeout=BUSY_MS / 1000)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"{self.path}: cannot open the rooms database: "
                             f"{getattr(exc, 'strerror', None) or exc}") from None
        self._lock = threading.Lock()

    @contextmanager
    def transaction(self) -> Iterator[Executor]:
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path}: {exc}") from None
            try:
                yield _Executor(self._db)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            try:
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                self._db.execute("ROLLBACK")
                raise StoreError(f"{self.path}: {exc}") from None

    def close(self) -> None:
        with self._lock:
            self._db.close()


class _Executor:
    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        try:
            return self._db.execute(sql, params)
        except sqlite3.IntegrityError as exc:  # entry n twice: another writer was first
            raise Stale(str(exc)) from None
