"""Opening the store ``serve`` was given: PostgreSQL at a URL (``--database``), else SQLite in a
data folder (``--data``, by default the user's data folder); migrated to the latest schema
before the first request."""

from __future__ import annotations

import os

from course_builder.web.rooms.postgres import PostgresStore
from course_builder.web.rooms.sqlite import SQLiteStore
from course_builder.web.rooms.store import SQLRoomStore


def open_store(data: str | None, database: str | None) -> SQLRoomStore:
    """The store ``serve`` was given: PostgreSQL at the ``database`` URL, else SQLite in the
    folder ``data``; migrated to the latest schema."""
    store: SQLRoomStore = (PostgresStore(database) if database
                           else SQLiteStore(data or default_data_folder()))
    try:
        store.migrate()
    except Exception:
        store.close()
        raise
    return store


def default_data_folder() -> str:
    """Where rooms are kept when ``serve`` is not told: ``$XDG_DATA_HOME/course-builder`` (by
    default ``~/.local/share/course-builder``)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return os.path.join(base, "course-builder")
