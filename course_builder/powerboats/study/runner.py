"""Running many simulated games: in this process, on local worker processes, or on a Dask cluster.

A :class:`SimJob` says everything a worker needs in plain, picklable data (course codes, rules
notation, bot names, the seed); :func:`run_games` plays a chunk of game indices of a job. Games
are independent and seeded by their index (:mod:`.simulate`), and results are put back in index
order, so the statistics do not depend on how many workers played them or where. The local
default is a process pool over the machine's cores; ``scheduler`` sends the same chunks to a
``dask.distributed`` cluster instead (an existing distributed engine, not one of our own).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import cache
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.values import Frozen
from course_builder.powerboats.game.game import GameSetup
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.study.simulate import (
    MAX_TURNS,
    GameRun,
    simulate_game,
    simulate_race,
)

COLOURS = ("yellow", "red", "orange", "purple", "black", "green")


class SimJob(Frozen):
    """A batch of simulated games, in plain data."""

    codes: tuple[str, ...]
    """One course code: races of that course; three (A, B, C): whole games."""
    bots: tuple[str, ...]
    """One bot name per seat."""
    seed: int
    rules: str = ""
    """The rules options that differ from the defaults (:meth:`Rules.notation`)."""
    max_turns: int = MAX_TURNS
    keep_records: bool = False

    @property
    def whole_games(self) -> bool:
        return len(self.codes) == 3


@cache
def _races(codes: tuple[str, ...], rules: str) -> tuple[Race, ...]:
    """The races of a job, built once per process."""
    from course_builder.powerboats.play.notation import RaceBook
    from course_builder.powerboats.play.rules import Rules

    book = RaceBook()
    parsed = Rules.parse(rules)
    return tuple(book.race(code, parsed) for code in codes)


def races_of(job: SimJob) -> tuple[Race, ...]:
    """The races of a job (built once per process)."""
    return _races(job.codes, job.rules)


def run_games(job: SimJob, indices: Sequence[int]) -> list[GameRun]:
    """Play games ``indices`` of ``job`` (a worker's chunk)."""
    races = _races(job.codes, job.rules)
    if job.whole_games:
        a, b, c = races
        setup = GameSetup(COLOURS[:len(job.bots)], COLOURS[0], (a, b, c))
        return [simulate_game(setup, job.bots, job.seed, i, max_turns=job.max_turns,
                              keep_record=job.keep_records) for i in indices]
    return [simulate_race(races[0], job.bots, job.seed, i, max_turns=job.max_turns)
            for i in indices]


def chunks(games: int, pieces: int) -> list[list[int]]:
    """Game indices 0..games-1 in about ``pieces`` runs of consecutive indices."""
    size = max(1, -(-games // max(pieces, 1)))
    return [list(range(start, min(start + size, games))) for start in range(0, games, size)]


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else os.cpu_count() or 1)


def simulate(job: SimJob, games: int, *, workers: int | None = None,
             scheduler: str | Any | None = None,
             progress: Callable[[int, int], None] | None = None) -> list[GameRun]:
    """Play ``games`` games of ``job``: here (``workers=1``), on a local process pool (default:
    every core) or on the Dask scheduler at ``scheduler`` (an address, or a ``Client``); in game
    order whatever the route."""
    return simulate_many([job], games, workers=workers, scheduler=scheduler,
                         progress=progress)[0]


def simulate_many(jobs: Sequence[SimJob], games: int, *, workers: int | None = None,
                  scheduler: str | Any | None = None,
                  progress: Callable[[int, int], None] | None = None) -> list[list[GameRun]]:
    """:func:`simulate` for several jobs at once, their chunks sharing one pool or cluster."""
    workers = workers or default_workers()
    pieces = 1 if workers == 1 and scheduler is None else max(1, workers * 4 // len(jobs))
    tasks = [(k, part) for k, _job in enumerate(jobs) for part in chunks(games, pieces)]
    total = games * len(jobs)
    results: list[list[GameRun]] = [[] for _ in jobs]
    report = progress or (lambda n, total: None)
    done = 0

    def take(k: int, runs: list[GameRun]) -> None:
        nonlocal done
        results[k] += runs
        done += len(runs)
        report(done, total)

    if scheduler is not None:
        _on_dask(jobs, tasks, scheduler, take)
    elif workers == 1:
        for k, part in tasks:
            take(k, run_games(jobs[k], part))
    else:
        _prepare(jobs)  # forked workers inherit the races and the bots' guides
        with ProcessPoolExecutor(workers) as pool:
            futures = {pool.submit(run_games, jobs[k], part): k for k, part in tasks}
            for future in as_completed(futures):
                take(futures[future], future.result())
    return [sorted(r, key=lambda run: run.index) for r in results]


def _prepare(jobs: Sequence[SimJob]) -> None:
    """Build each job's races, and the guide of bots that steer by one, in this process: workers
    started by forking (Linux) then share them instead of each building its own."""
    from course_builder.powerboats.study.guide import guide_for

    for job in jobs:
        for race in races_of(job):
            if set(job.bots) & GUIDED:
                guide_for(race)


GUIDED = {"greedy", "cautious", "lookahead"}
"""Bots that steer by the race's guide (:mod:`.guide`)."""


def _on_dask(jobs: Sequence[SimJob], tasks: list[tuple[int, list[int]]], scheduler: Any,
             take: Callable[[int, list[GameRun]], None]) -> None:
    from dask.distributed import Client
    from dask.distributed import as_completed as dask_completed

    client = scheduler if isinstance(scheduler, Client) else _client(Client, scheduler)
    try:
        futures = client.map(run_games, [jobs[k] for k, _p in tasks], [p for _k, p in tasks],
                             pure=False)
        index = {f.key: k for f, (k, _p) in zip(futures, tasks, strict=True)}
        for future in dask_completed(futures):
            take(index[future.key], future.result())
    finally:
        if client is not scheduler:
            client.close()


class SchedulerError(CourseBuilderError):
    """The Dask scheduler named by the user cannot be reached (a bad address, or nobody there)."""


def _client(client_class: Any, address: str) -> Any:
    """A client of the scheduler at ``address``; what goes wrong is the address's fault, said in
    one line."""
    try:
        return client_class(address)
    except (OSError, ValueError, TypeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SchedulerError(f"cannot use the Dask scheduler {address!r}: {reason}") from None
