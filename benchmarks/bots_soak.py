"""Soak of the bots: many complete races on several courses, every move through the kernel; an
illegal move would stop the run with the kernel's IllegalMove. Prints a JSON summary.

Run: python benchmarks/bots_soak.py [--games 10000] [--workers 2]
Too slow for the test suite (tests/test_study.py checks a sample and a property over random
positions). Games cycle through the courses and seat line-ups below, each seeded by its index.
"""

from __future__ import annotations

import argparse
import json
import time

from course_builder.powerboats.course.code import course_code
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.study.runner import SimJob, simulate_many
from course_builder.powerboats.study.stats import summarize

LINEUPS = (("random", "greedy", "cautious", "greedy"), ("greedy",) * 4,
           ("cautious", "random", "random"), ("lookahead", "greedy"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    board = classic_board()
    maker = CourseMaker(board)
    codes = [course_code(maker.generate(race, seed, expansion=seed % 2 == 1), board)
             for seed in (1, 2) for race in "ABC"]
    jobs = [SimJob((code,), lineup, 7) for code in codes for lineup in LINEUPS]
    began = time.perf_counter()
    per_job = max(1, -(-args.games // len(jobs)))  # at least --games in all
    runs = simulate_many(jobs, per_job, workers=args.workers)
    seconds = time.perf_counter() - began
    games = sum(len(r) for r in runs)
    moves = sum(b.turns for r in runs for run in r for race in run.races for b in race.boats)
    summary = summarize([run for r in runs for run in r])
    print(json.dumps({"games": games, "moves": moves, "illegal_moves": 0,
                      "seconds": round(seconds, 1), "courses": codes,
                      "lineups": [list(x) for x in LINEUPS],
                      "finish_rate": round(summary.finish_rate, 3),
                      "sink_rate": round(summary.sink_rate, 3),
                      "stranded_rate": round(summary.stranded_rate, 3)}, indent=1))


if __name__ == "__main__":
    main()
