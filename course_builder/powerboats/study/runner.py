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


RACES_KEPT = 2
"""Jobs whose races (and their bots' tables) a process keeps."""

_KEPT: dict[tuple[tuple[str, ...], str], tuple[Race, ...]] = {}
"""The races of the last :data:`RACES_KEPT` jobs, the most recently used last."""


def _races(codes: tuple[str, ...], rules: str) -> tuple[Race, ...]:
    """The races of a job, built once per process (the last few kept: an atlas's worker plays
    one course after another, and each race keeps its bots' tables). A race dropped from the
    cache has its tables dropped with it (``memo``), so they are freed at once even if the race
    itself waits in a reference cycle for the garbage collector."""
    key = (codes, rules)
    races = _KEPT.pop(key, None)
    if races is None:
        from course_builder.powerboats.play.notation import RaceBook
        from course_builder.powerboats.play.rules import Rules

        book = RaceBook()
        parsed = Rules.parse(rules)
        races = tuple(book.race(code, parsed) for code in codes)
        while len(_KEPT) >= RACES_KEPT:
            for dropped in _KEPT.pop(next(iter(_KEPT))):
                dropped.memo.clear()
    _KEPT[key] = races
    return races


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


def chunks(games: int | range, pieces: int) -> list[list[int]]:
    """Game indices 0..games-1 (or those of a range) in about ``pieces`` runs of consecutive
    indices."""
    indices = games if isinstance(games, range) else range(games)
    size = max(1, -(-len(indices) // max(pieces, 1)))
    return [list(indices[start:start + size]) for start in range(0, len(indices), size)]


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


def simulate_many(jobs: Sequence[SimJob], games: int | Sequence[range], *,
                  workers: int | None = None, scheduler: str | Any | None = None,
                  progress: Callable[[int, int], None] | None = None) -> list[list[GameRun]]:
    """:func:`simulate` for several jobs at once, their chunks sharing one pool or cluster;
    ``games`` is a number of games for every job, or the range of game indices of each."""
    workers = workers or default_workers()
    ranges = [range(games)] * len(jobs) if isinstance(games, int) else list(games)
    pieces = 1 if workers == 1 and scheduler is None else max(1, workers * 4 // len(jobs))
    tasks = [(k, part) for k, _job in enumerate(jobs) for part in chunks(ranges[k], pieces)
             if part]
    total = sum(len(r) for r in ranges)
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
        if len(jobs) <= workers:  # forked workers inherit the races and the bots' tables
            for job in jobs:
                prepare(job)
        with ProcessPoolExecutor(workers) as pool:
            futures = {pool.submit(run_games, jobs[k], part): k for k, part in tasks}
            for future in as_completed(futures):
                take(futures[future], future.result())
    return [sorted(r, key=lambda run: run.index) for r in results]


def map_tasks(function: Callable[..., Any], arguments: Sequence[tuple[Any, ...]], *,
              workers: int | None = None, scheduler: str | Any | None = None,
              progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """``function(*args)`` for each of ``arguments``, here, on a local process pool or on the
    Dask scheduler (as :func:`simulate_many`), the results in the order of ``arguments``;
    ``progress(done, total)`` is told as they come."""
    workers = workers or default_workers()
    total = len(arguments)
    report = progress or (lambda done, total: None)
    results: list[Any] = [None] * total
    if scheduler is not None:
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed

        client = scheduler if isinstance(scheduler, Client) else _client(Client, scheduler)
        try:
            futures = client.map(function, *zip(*arguments, strict=True), pure=False)
            index = {f.key: k for k, f in enumerate(futures)}
            for done, future in enumerate(dask_completed(futures), start=1):
                results[index[future.key]] = future.result()
                report(done, total)
        finally:
            if client is not scheduler:
                client.close()
        return results
    if workers == 1 or total <= 1:
        for k, args in enumerate(arguments):
            results[k] = function(*args)
            report(k + 1, total)
        return results
    with ProcessPoolExecutor(min(workers, total)) as pool:
        pending = {pool.submit(function, *args): k for k, args in enumerate(arguments)}
        for done, future in enumerate(as_completed(pending), start=1):
            results[pending[future]] = future.result()
            report(done, total)
    return results


def simulate_until(jobs: Sequence[SimJob], narrow: Callable[[int, list[GameRun]], bool], *,
                   first: int, most: int, workers: int | None = None,
                   scheduler: str | Any | None = None,
                   progress: Callable[[int, int], None] | None = None) -> list[list[GameRun]]:
    """Play each job in rounds, ``first`` games and then twice as many each round, until
    ``narrow(k, runs)`` says the figure of job ``k`` is known well enough or it has played
    ``most`` games (``--games auto``). The rounds depend only on the games' results, so the
    same seed plays the same games with any workers or cluster."""
    results: list[list[GameRun]] = [[] for _ in jobs]
    wanted = [min(first, most)] * len(jobs)
    played = [0] * len(jobs)
    done = 0
    while True:
        active = [k for k in range(len(jobs)) if played[k] < wanted[k]]
        if not active:
            return results
        base, size = done, sum(wanted[k] - played[k] for k in active)

        def report(n: int, _total: int, base: int = base, size: int = size) -> None:
            if progress:
                progress(base + n, base + size)

        runs = simulate_many([jobs[k] for k in active],
                             [range(played[k], wanted[k]) for k in active], workers=workers,
                             scheduler=scheduler, progress=report)
        for k, new in zip(active, runs, strict=True):
            results[k] += new
            done += len(new)
            played[k] = wanted[k]
            if played[k] < most and not narrow(k, results[k]):
                wanted[k] = min(most, 2 * played[k])


def prepare(job: SimJob) -> None:
    """Build a job's races and the tables its bots play from (the stall watch's, the strong
    bot's plan, the greedy bots' guide) in this process: workers started by forking (Linux) then
    share them instead of each building its own. The plan is built whatever the bots, since the
    watch hands a stalled boat's play to the strong bot (SIM-05). With many jobs (an atlas) each
    worker builds those of the jobs it plays instead."""
    from course_builder.powerboats.study.guide import guide_for
    from course_builder.powerboats.study.plan import plan_for
    from course_builder.powerboats.study.watch import progress_table

    for race in races_of(job):
        progress_table(race)
        plan_for(race)
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
