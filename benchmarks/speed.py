"""The speeds users wait for, each beside its target, measured side by side in one run, as JSON.

Run: python benchmarks/speed.py [--seconds 2] [--quick] [-o benchmarks/speed-result.json]
then: python benchmarks/readme_table.py   (rewrites the README's table of measured speeds)

Targets (issue "Speed where users wait"):

* **cold courses**: one course from a fresh ``CourseMaker`` on the classic lake (nothing reused
  between courses but the board), >= 1,000 per second; and from a new classic board each time
  (``assemble`` of the classic kit: a new board object, its tables shared with the other boards of
  the classic lake), >= 400 per second. Races A, B, C and seeds 0, 1, 2, ... in turn.
* **random lakes**: generation time grows at most linearly with the water area (the exponent of a
  least-squares fit of log time on log area over five tile sizes, three seeds each, <= 1.0); a
  48x32-tile lake in < 1 s; memory flat (the memory still allocated after making and dropping
  five such lakes, < 1 MB).
* **start-up**: every command's whole process <= 2x the time of importing the libraries it needs
  (``benchmarks/startup.py``, run here as a subprocess), and the start-up budget: <= 1.25x its
  time at commit 611b2c5, run beside it in the same rounds.
* **the adjudicator** keeps its speed beside python-chess (``benchmarks/adjudicate.py``:
  kernel moves / chess moves >= 1.2).

Rates and times are CPU time of this process (``time.process_time``), which a machine shared with
other work disturbs less than wall time; the load average is recorded with the results. Even so
the same code's CPU time moves by a fifth from hour to hour here, so course rates keep the best of
three rounds and lakes the least of three makings (the noise only ever slows). Each
result has ``ratio_to_target`` (above 1 is better than the target) and ``meets_target``.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.lake.board import BoardSource
from course_builder.powerboats.lake.catalog import built_in_kit, classic_board
from course_builder.powerboats.lake.kit import assemble
from course_builder.powerboats.lake.lakegen import LakeParams, random_lake

HERE = Path(__file__).resolve().parent
RACES = "ABC"
LAKE_SIZES = ((12, 8), (18, 12), (24, 16), (36, 24), (48, 32))


def rate(make: Callable[[int], object], seconds: float) -> float:
    """Calls per CPU second of ``make(0)``, ``make(1)``, ... for about ``seconds``."""
    count = 0
    start = time.process_time()
    while True:
        make(count)
        count += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return count / elapsed


def result(measured: float, target: float, unit: str, *, at_most: bool = False,
           **extra: Any) -> dict[str, Any]:
    ratio = target / measured if at_most else measured / target
    return {"measured": round(measured, 3), "target": f"{'<=' if at_most else '>='} {target}",
            "unit": unit, "ratio_to_target": round(ratio, 2), "meets_target": ratio >= 1.0,
            **extra}


COURSE_ROUNDS = 3
"""Each course rate is measured this many times over the same seeds and the best kept (as timeit
does: the machine's noise only ever slows a round; every round is listed)."""


def best_rate(make: Callable[[int], object], seconds: float) -> tuple[float, list[float]]:
    """The best of :data:`COURSE_ROUNDS` rates of ``make(0)``, ``make(1)``, ..., and all of them."""
    rates = [rate(make, seconds) for _ in range(COURSE_ROUNDS)]
    return max(rates), [round(r, 1) for r in rates]


def courses(seconds: float) -> dict[str, Any]:
    board = classic_board()
    kit = built_in_kit("classic")
    CourseMaker(board).generate("A", 0)  # the board's tables, built once as in any process
    cold, cold_rounds = best_rate(lambda i: CourseMaker(board).generate(RACES[i % 3], i),
                                  seconds)
    new_board, new_rounds = best_rate(
        lambda i: CourseMaker(assemble(kit, source=BoardSource("classic")))
        .generate(RACES[i % 3], i), seconds)
    return {
        "cold course (fresh CourseMaker, classic lake)": result(cold, 1000, "courses/s",
                                                                rounds=cold_rounds),
        "cold course from a new classic board": result(new_board, 400, "courses/s",
                                                       rounds=new_rounds),
    }


LAKE_REPEATS = 3
"""Each random lake is made this many times and its least time kept (as timeit does)."""


def lakes(seeds: int) -> dict[str, Any]:
    random_lake(99, LakeParams(*LAKE_SIZES[0]))
    points = []
    for rows, cols in LAKE_SIZES:
        area = seconds = 0.0
        for seed in range(seeds):
            best = math.inf
            for _ in range(LAKE_REPEATS):  # the least of a few: noise only ever adds time
                start = time.process_time()
                lake = random_lake(seed, LakeParams(rows, cols))
                best = min(best, time.process_time() - start)
            seconds += best
            area += lake.water_count
        points.append({"tile_size": f"{rows}x{cols}", "water_hexes": round(area / seeds),
                       "seconds": round(seconds / seeds, 4)})
    xs = [math.log(p["water_hexes"]) for p in points]
    ys = [math.log(p["seconds"]) for p in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    exponent = (sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
                / sum((x - mx) ** 2 for x in xs))
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for seed in range(5):
        random_lake(100 + seed, LakeParams(48, 32))
    gc.collect()
    kept_bytes, peak_bytes = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    kept = (kept_bytes - before) / 1e6
    return {
        "random lake: exponent of time in water area": result(
            exponent, 1.0, "", at_most=True, sizes=points),
        "random lake: one 48x32-tile lake": result(points[-1]["seconds"], 1.0, "s",
                                                   at_most=True),
        "random lake: memory kept after five 48x32 lakes": result(
            max(kept, 0.001), 1.0, "MB", at_most=True,
            peak_mb_while_making_one=round((peak_bytes - before) / 1e6, 1)),
    }


def subprocess_json(script: str, *args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, str(HERE / script), *args], check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout)


def startup(runs: int) -> dict[str, Any]:
    return startup_results(subprocess_json("startup.py", "--runs", str(runs)))


def startup_results(report: dict[str, Any]) -> dict[str, Any]:
    """The rows of a ``benchmarks/startup.py`` report: each command beside its imports, and
    beside itself at the budget's commit."""
    floor_keys = ("floor_seconds", "floor_ratio_to_imports", "ratio_to_floor")
    results = {f"start-up: {name}": result(r["ratio"], 2.0, "x imports", at_most=True,
                                           seconds=r["median_seconds"],
                                           imports_seconds=r["imports_alone_seconds"],
                                           **{k: r[k] for k in floor_keys if k in r})
               for name, r in report["results"].items()}
    results.update({f"start-up budget: {name}": result(
        r["ratio_to_start"], 1.25, "x start", at_most=True, seconds=r["median_seconds"],
        start_seconds=r["start_seconds"], interval_95=r["ratio_to_start_95"])
        for name, r in report["results"].items() if "ratio_to_start" in r})
    return results


def adjudicator(seconds: float) -> dict[str, Any]:
    report = subprocess_json("adjudicate.py", "--seconds", str(seconds))
    if isinstance(report["ratio_to_chess"], str):  # python-chess, the yardstick, is missing
        raise SystemExit(f"benchmarks/speed.py: {report['ratio_to_chess']}")
    return {f"adjudicator: {name} / python-chess": result(ratio, 1.2, "x chess")
            for name, ratio in report["ratio_to_chess"].items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--quick", action="store_true", help="Shorter runs (a rough look).")
    parser.add_argument("-o", "--output", type=Path, default=None,
                        help="Also write the JSON here (benchmarks/speed-result.json).")
    args = parser.parse_args()
    seconds = 0.5 if args.quick else args.seconds
    results: dict[str, Any] = {}
    results.update(courses(seconds))
    results.update(lakes(1 if args.quick else 3))
    results.update(adjudicator(seconds))
    results.update(startup(5 if args.quick else 21))
    report = {
        "benchmark": "speed where users wait: each measurement beside its target",
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "clock": "CPU time of the measuring process (start-up: wall time, medians)",
        "results": results,
        "meets_targets": all(r["meets_target"] for r in results.values()),
    }
    text = json.dumps(report, indent=1)
    print(text)
    for name, r in results.items():
        mark = "ok " if r["meets_target"] else "NOT"
        print(f"{mark} {name}: {r['measured']} {r['unit']} (target {r['target']}, "
              f"{r['ratio_to_target']}x)", file=sys.stderr)
    if args.output:
        args.output.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
