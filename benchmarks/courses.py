"""Courses generated per second on the classic lake, variants side by side, as JSON.

Run: python benchmarks/courses.py [--seconds 2]

Variants:
* quick: buoys, tile, arrows from the turns, rounding lines; no route search.
* complete, cold: the full arrow solver and shortest legal route for every course (a new
  CourseMaker each time, so nothing is reused).
* complete, warm: one CourseMaker for all courses (the solution of each of a race's 24 buoy
  assignments is computed once and reused), which is how the CLI and simulations use it.
* ... with expansion: the same plus Expansion 1 placement.
* 1000 seeds from a fresh maker: a batch as a user or a simulation runs it, every cold solve
  included.
Each variant generates courses for races A, B, C in turn with seeds 0, 1, 2, ... on one core.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.lake.catalog import classic_board


def rate(make, seconds: float) -> dict:
    count = 0
    start = time.perf_counter()
    while True:
        make(count)
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {"courses": count, "seconds": round(elapsed, 3),
                    "courses_per_second": round(count / elapsed, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    board = classic_board()
    races = "ABC"
    warm = CourseMaker(board)
    warm_x = CourseMaker(board)
    quick = CourseMaker(board, solve_routes=False)
    variants = {
        "quick (no route solving)": lambda i: quick.generate(races[i % 3], i),
        "quick with expansion": lambda i: quick.generate(races[i % 3], i, expansion=True),
        "complete, cold": lambda i: CourseMaker(board).generate(races[i % 3], i),
        "complete, warm": lambda i: warm.generate(races[i % 3], i),
        "complete with expansion, cold": lambda i: CourseMaker(board).generate(
            races[i % 3], i, expansion=True),
        "complete with expansion, warm": lambda i: warm_x.generate(races[i % 3], i,
                                                                 expansion=True),
    }
    results = {name: rate(make, args.seconds) for name, make in variants.items()}
    for expansion in (False, True):
        start = time.perf_counter()
        fresh = CourseMaker(board)
        for i in range(1000):
            fresh.generate(races[i % 3], i, expansion=expansion)
        elapsed = time.perf_counter() - start
        name = "1000 seeds from a fresh maker" + (" with expansion" if expansion else "")
        results[name] = {"courses": 1000, "seconds": round(elapsed, 3),
                         "courses_per_second": round(1000 / elapsed, 1)}
    print(json.dumps({
        "benchmark": "courses per second, classic lake, one core",
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "target": ">= 500 complete courses per second",
        "results": results,
    }, indent=1))


if __name__ == "__main__":
    main()
