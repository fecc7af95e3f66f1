"""The rooms database's schema, as numbered steps applied in order and recorded.

Each step is SQL for both databases (SQLite and PostgreSQL differ only in the name of a
floating-point type, written ``{real}``). A database records the steps it has in the table
``schema_migrations`` (``version``, ``name``, ``applied_at``); :func:`migrate` applies the
missing ones, each in its own transaction together with its row, so a database is always at one
whole version. Two server processes starting at once take turns (SQLite's write lock; an advisory
lock on PostgreSQL). A step is never edited once released: a change to the schema is a new step.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any, Protocol

from course_builder.core.values import Frozen


class Step(Frozen):
    version: int
    name: str
    sql: tuple[str, ...]


STEPS = (
    Step(1, "rooms, seats and entries", (
        # a room: its game record, how far it has got, and its metadata
        """CREATE TABLE rooms (
            id TEXT PRIMARY KEY,
            record TEXT NOT NULL,
            entries INTEGER NOT NULL,
            version INTEGER NOT NULL,
            pending TEXT,
            dice TEXT NOT NULL,
            dice_seed TEXT NOT NULL,
            creator_hash TEXT NOT NULL,
            spectator_hash TEXT NOT NULL,
            created_at {real} NOT NULL,
            active_at {real} NOT NULL,
            expires_at {real} NOT NULL
        )""",
        # a seat: its boat, its token's hash, and the bot sailing it (NULL: a person)
        """CREATE TABLE seats (
            room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            colour TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            bot TEXT,
            PRIMARY KEY (room_id, seat)
        )""",
        # every placement and move accepted, once: number n is the record's n-th entry
        """CREATE TABLE entries (
            room_id TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            line TEXT NOT NULL,
            seat INTEGER NOT NULL,
            bot TEXT,
            at {real} NOT NULL,
            PRIMARY KEY (room_id, number)
        )""",
    )),
    Step(2, "an index for the expiry sweep", (
        "CREATE INDEX rooms_by_expiry ON rooms (expires_at)",
    )),
)
"""Every step of the schema, oldest first."""

LATEST = STEPS[-1].version


class Executor(Protocol):
    """What a step needs of a transaction: run a statement with ``?`` parameters."""

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any: ...


Transaction = Callable[[], AbstractContextManager[Executor]]
"""Opens one transaction (holding the database's write lock) and yields its executor."""


def migrate(transaction: Transaction, real: str, upto: int = LATEST,
            lock: str | None = None) -> list[int]:
    """Bring the database to version ``upto`` (the latest by default): the steps it lacks, each
    in a transaction of its own with its row in ``schema_migrations``. ``real`` is the database's
    name for a float column; ``lock``, if given, is run first in each transaction (PostgreSQL's
    advisory lock). Returns the versions applied."""
    with transaction() as tx:
        tx.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                   f"name TEXT NOT NULL, applied_at {real} NOT NULL)")
    applied = []
    for step in _steps_upto(upto):
        with transaction() as tx:
            if lock:
                tx.execute(lock)
            if tx.execute("SELECT 1 FROM schema_migrations WHERE version = ?",
                          (step.version,)).fetchone():
                continue  # another process applied it meanwhile
            for sql in step.sql:
                tx.execute(sql.format(real=real))
            tx.execute("INSERT INTO schema_migrations (version, name, applied_at) "
                       "VALUES (?, ?, ?)", (step.version, step.name, time.time()))
            applied.append(step.version)
    return applied


def _steps_upto(upto: int) -> Iterator[Step]:
    return (s for s in STEPS if s.version <= upto)


def version(transaction: Transaction) -> int:
    """The database's schema version (0: empty)."""
    with transaction() as tx:
        row = tx.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
    return int(row[0] or 0)
