"""Soak of the bots: many complete races on several courses, every move through the kernel; an
illegal move would stop the run with the kernel's IllegalMove, a race that reached the turn limit
would be counted unfinished. Prints a JSON summary, per bot too.

Run: python benchmarks/bots_soak.py [--games 10000] [--workers 2] [-o benchmarks/bots-soak-result.json]

Too slow for the test suite (tests/test_study.py checks a sample and a property over random
positions). Games cycle through the courses and seat line-ups below, each seeded by its index;
every bot is watched for stalls as in ``simulate`` (SIM-05). The perfect bot (a par solve of
seconds and 400 MB a course) races on the first course only. Target (issue "Course study a club
can trust"): no game unfinished.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter

from report import publish  # benchmarks/report.py: run as a script, its folder is on the path

from course_builder.powerboats.course.code import course_code
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.study.runner import SimJob, simulate_many
from course_builder.powerboats.study.stats import finished, summarize

LINEUPS = (("strong",) * 4, ("random", "greedy", "cautious", "greedy"), ("greedy",) * 4,
           ("cautious", "random", "random"), ("lookahead", "greedy"),
           ("strong", "greedy", "cautious", "lookahead"))
PERFECT = ("perfect", "strong", "greedy")
"""The line-up with the perfect bot, on the first course only."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("-o", "--output", default=None)
    args = parser.parse_args()
    board = classic_board()
    maker = CourseMaker(board)
    codes = [course_code(maker.generate(race, seed, expansion=seed % 2 == 1), board)
             for seed in (1, 2) for race in "ABC"]
    jobs = [SimJob((code,), lineup, 7) for code in codes for lineup in LINEUPS]
    jobs.append(SimJob((codes[0],), PERFECT, 7))
    loads = [round(x, 2) for x in os.getloadavg()]
    began = time.perf_counter()
    per_job = max(1, -(-args.games // len(jobs)))  # at least --games in all
    runs = simulate_many(jobs, per_job, workers=args.workers)
    seconds = time.perf_counter() - began
    every = [run for r in runs for run in r]
    games = len(every)
    boats = [b for run in every for race in run.races for b in race.boats]
    unfinished = [run for run in every if not finished(run)]
    summary = summarize(every)
    bots = {}
    for name in sorted({b.bot for b in boats}):
        mine = [b for b in boats if b.bot == name]
        bots[name] = {"boat_races": len(mine), "finished": sum(1 for b in mine if b.place),
                      "sunk": sum(1 for b in mine if b.sunk),
                      "stranded": sum(1 for b in mine if b.stranded),
                      "stalls": sum(b.stalls for b in mine)}
    report = {"games": games, "moves": sum(b.turns for b in boats), "illegal_moves": 0,
              "unfinished_games": len(unfinished),
              "unfinished_by_course": dict(Counter(run.races[0].race for run in unfinished)),
              "seconds": round(seconds, 1), "load_average_at_start": loads,
              "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
              "courses": codes, "lineups": [list(x) for x in (*LINEUPS, PERFECT)],
              "finish_rate": summary.finish_rate.to_json(3),
              "sink_rate": summary.sink_rate.to_json(3),
              "stalls_per_race": summary.stalls_per_race.to_json(4),
              "bots": bots, "target": "no unfinished game",
              "meets_target": not unfinished}
    publish(report, args.output)


if __name__ == "__main__":
    main()
