"""The whole lake's atlas: time and peak memory of ``atlas --seed 1 --games 20`` over the classic
lake's courses, and the same results with one worker, two and a Dask cluster, as JSON.

Run: python benchmarks/atlas.py [--games 20] [--runs 2] [--no-dask] [-o benchmarks/atlas-result.json]

Each case is the real command in a fresh process (``course-builder powerboats atlas --seed 1
--games 20 --format json``); its time is the wall time, its peak memory the largest resident set
of the command and of every process it started (``resource.getrusage`` of this process's
children: the atlas and its workers), and the load average is taken before each. The default
run (every core) is timed ``--runs`` times and the fastest kept (the machine's other work only
ever adds time), every time listed with its CPU time (the command's and its local workers',
which does not grow with the load as the wall time does; not a Dask cluster's workers). Peak
memory is given both as the largest single process and as the most all of them held together
(proportional set size, sampled four times a second). Then the same atlas with ``--workers 1``
and on a local ``dask.distributed`` cluster of two worker processes (``--scheduler``) must print
the same JSON.

Targets (issue "Course study a club can trust"): at most 60 s on this 2-core machine, peak
memory at most 500 MB, the same results with 1 or 2 workers and on Dask.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from typing import Any

from report import publish  # benchmarks/report.py: run as a script, its folder is on the path

TARGET_SECONDS = 60.0
TARGET_MB = 500.0


def atlas(games: int, *extra: str) -> dict[str, Any]:
    """One atlas run in a fresh process: its time, peak memory (the largest process, and the
    most the command and its workers held together, in proportional set size: each shared page
    counted once), load before and output."""
    import psutil

    args = [sys.executable, "-m", "course_builder", "powerboats", "atlas", "--seed", "1",
            "--games", str(games), "--format", "json", "--top", "100000", *extra]
    load = os.getloadavg()[0]
    began = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryFile("w+") as out:
        command = subprocess.Popen(args, stdout=out, stderr=subprocess.DEVNULL, text=True)
        process = psutil.Process(command.pid)
        together = 0.0
        while command.poll() is None:
            together = max(together, _pss_mb(process))
            time.sleep(0.25)
        seconds = time.perf_counter() - began
        if command.returncode:
            raise SystemExit(f"atlas failed with exit code {command.returncode}")
        out.seek(0)
        output = json.loads(out.read())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    peak = after.ru_maxrss / 1024
    return {"seconds": round(seconds, 2), "cpu_seconds": round(cpu, 1),
            "peak_rss_mb_so_far": round(peak, 1),
            "peak_pss_mb_together": round(together, 1),
            "load_average_before": round(load, 2), "output": output}


def _pss_mb(process: Any) -> float:
    """The proportional set size of a process and its children, MB (0 for those gone)."""
    import psutil

    total = 0.0
    for p in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            total += p.memory_full_info().pss / 2**20
    return total


def on_dask(games: int) -> dict[str, Any]:
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        return atlas(games, "--scheduler", cluster.scheduler_address)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("-o", "--output", default=None)
    args = parser.parse_args()
    runs = [atlas(args.games) for _ in range(args.runs)]
    peak = runs[-1]["peak_rss_mb_so_far"]  # the largest child so far: the default runs only
    fastest = min(runs, key=lambda r: r["seconds"])
    one = atlas(args.games, "--workers", "1")
    dask = None if args.no_dask else on_dask(args.games)
    same_one = one["output"] == fastest["output"]
    same_dask = dask is None or dask["output"] == fastest["output"]
    out = fastest["output"]
    report = {
        "benchmark": f"atlas --seed 1 --games {args.games} over the classic lake, every core",
        "python": sys.version.split()[0], "cpus": os.cpu_count(),
        "courses_rated": out["courses_rated"], "games_played": out["games_played"],
        "bots": out["bots"],
        "seconds": fastest["seconds"], "runs_seconds": [r["seconds"] for r in runs],
        "runs_cpu_seconds": [r["cpu_seconds"] for r in runs],
        "load_average_before": [r["load_average_before"] for r in runs],
        "peak_rss_mb": peak,
        "peak_pss_mb_together": max(r["peak_pss_mb_together"] for r in runs),
        "one_worker": {"seconds": one["seconds"], "cpu_seconds": one["cpu_seconds"],
                       "load_average_before":
                       one["load_average_before"], "same_results": same_one},
        "dask": None if dask is None else {"seconds": dask["seconds"], "load_average_before":
                                           dask["load_average_before"],
                                           "same_results": same_dask},
        "tied_with_best": out["tied_with_best"],
        "targets": {"seconds": f"<= {TARGET_SECONDS}", "peak_rss_mb": f"<= {TARGET_MB}",
                    "same results": "1 worker, 2 workers, Dask"},
        "meets_targets": (fastest["seconds"] <= TARGET_SECONDS and peak <= TARGET_MB
                          and max(r["peak_pss_mb_together"] for r in runs) <= TARGET_MB
                          and same_one and same_dask),
    }
    publish(report, args.output)


if __name__ == "__main__":
    main()
