"""Soak test: many seeds, every race, with and without Expansion 1, each course validated and
audited by :mod:`course_builder.powerboats.course.audit` (net crossings for each rounding,
COURSE-04; no arrows with fewer complete circles, COURSE-06; no expansion hex on a start/finish
section, COURSE-08).

Run: python benchmarks/soak_courses.py [--seeds 1000] [--workers 2]
Prints a JSON summary (and the first failures). Too slow for the test suite, which runs a sample:
1,000 random lakes take about 20 minutes on one core. Random lakes: seed N gives lake N and
course seed N.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import click

from course_builder.powerboats.course.audit import audit
from course_builder.powerboats.course.codec import spec_from_json
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.model import CourseError
from course_builder.powerboats.course.validate import validate
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.lake.lakegen import random_lake


def check(maker: CourseMaker, race: str, seed: int, expansion: bool, failures: list) -> None:
    try:
        course = maker.generate(race, seed, expansion=expansion)
    except CourseError as exc:
        failures.append({"board": maker.board.source.to_json(), "race": race, "seed": seed,
                         "expansion": expansion, "problems": [str(exc)]})
        return
    data = json.loads(json.dumps(course.to_json()))
    result = validate(spec_from_json(data), maker.board)
    problems = [str(p) for p in result.problems]
    if result.course is None or result.course.route != course.route:
        problems.append("validate finds another route")
    board = maker.board
    frame = maker.frame([board.spot(s) for s in course.assignment], course.tile.hexes,
                        course.buoy("finish").hex)
    problems += audit(frame, course)
    if problems:
        failures.append({"board": board.source.to_json(), "race": race, "seed": seed,
                         "expansion": expansion, "problems": problems})


def soak_seed(seed: int, lake: bool) -> list:
    """Every race with and without the expansion, on the classic lake or random lake ``seed``."""
    failures: list = []
    maker = CourseMaker(random_lake(seed) if lake else classic_board())
    for race in "ABC":
        for expansion in (False, True):
            check(maker, race, seed, expansion, failures)
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    summary = {}
    failures: list = []
    with ProcessPoolExecutor(args.workers) as pool:
        for name, lake in (("classic", False), ("random lakes", True)):
            start = time.perf_counter()
            before = len(failures)
            results = pool.map(soak_seed, range(args.seeds), [lake] * args.seeds)
            with click.progressbar(results, length=args.seeds, label=name,
                                   file=sys.stderr) as bar:
                for found in bar:
                    failures += found
            summary[name] = {"courses": args.seeds * 6, "failures": len(failures) - before,
                             "seconds": round(time.perf_counter() - start, 1)}
    print(json.dumps({"soak": summary, "workers": args.workers, "failures": failures[:20]},
                     indent=1))


if __name__ == "__main__":
    main()
