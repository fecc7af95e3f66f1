"""Soak test: many seeds, every race, with and without Expansion 1, each course validated.

Run: python benchmarks/soak_courses.py [--seeds 1000]
Prints a JSON summary (and every failure). Too slow for the test suite, which runs a sample.
Random lakes: seed N gives lake N and course seed N.
"""

from __future__ import annotations

import argparse
import json
import time

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
    if result.course is None or result.course.route != course.route:
        failures.append({"board": maker.board.source.to_json(), "race": race, "seed": seed,
                         "expansion": expansion, "problems": [str(p) for p in result.problems]})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000)
    args = parser.parse_args()
    summary = {}
    start = time.perf_counter()
    failures: list = []
    classic = CourseMaker(classic_board())
    for seed in range(args.seeds):
        for race in "ABC":
            for expansion in (False, True):
                check(classic, race, seed, expansion, failures)
    summary["classic"] = {"courses": args.seeds * 6, "failures": len(failures),
                          "seconds": round(time.perf_counter() - start, 1)}
    start = time.perf_counter()
    before = len(failures)
    for seed in range(args.seeds):
        maker = CourseMaker(random_lake(seed))
        for race in "ABC":
            for expansion in (False, True):
                check(maker, race, seed, expansion, failures)
    summary["random lakes"] = {"courses": args.seeds * 6, "failures": len(failures) - before,
                               "seconds": round(time.perf_counter() - start, 1)}
    print(json.dumps({"soak": summary, "failures": failures[:20]}, indent=1))


if __name__ == "__main__":
    main()
