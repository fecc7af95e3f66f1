"""Bots think in a process of their own, so that a strong bot's seconds of thought (the perfect
bot solves its race first; parts of that run compiled, holding the interpreter) never hold up
the server's rooms.

The process is started on a room's first bot move (``spawn``: a fresh interpreter, not a copy of
the server's threads) and kept: it keeps the races it has seen, with the bots' tables for them.
It is sent the position and the pending roll in notation and sends back the move in notation;
the server then applies the move through the kernel like any other, so a bot's move is checked
as a person's is.
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from course_builder.powerboats.play.notation import parse_move
from course_builder.powerboats.play.position import Move, Position
from course_builder.web.rooms.referee import Pending, bot_move_noted

THINK_SECONDS = 600.0
"""Longest a bot may think over one move (the perfect bot's first move on a race solves it)."""


class BotProcess:
    """A :data:`~.referee.BotThinker` that decides in the bots' process."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context(
                    "spawn"))
            return self._pool

    def __call__(self, position: Position, bot_name: str, key: str, dice_seed: str,
                 entries: int, pending: Pending | None) -> Move:
        args = (position.notation(), bot_name, key, dice_seed, entries,
                None if pending is None else pending.text())
        for attempt in (0, 1):
            try:
                future = self._executor().submit(bot_move_noted, *args)
                return parse_move(future.result(THINK_SECONDS))
            except BrokenProcessPool:  # the process died (killed, out of memory): a new one
                with self._lock:
                    self._pool = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
