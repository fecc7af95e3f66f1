"""How strong each bot is: mean turns above exact par, sink rate and stalls, one boat alone on ten
courses, as JSON; and the strong bot's plan build time.

Run: python benchmarks/simulate.py [--races 1000] [--lookahead-races 200] [-o benchmarks/simulate-result.json]

The ten courses: the classic lake's races A, B and C (course seeds 1, 2, 3) with and without the
Expansion 1 tiles, race A on a shuffled classic lake (shuffled and rotated tiles, seed 4) with
and without them, and races B and C on a random lake (seed 5), C with the tiles. For each: exact
par (docs/par.md), then ``--races`` races of each bot alone from par's best start hex (PAR-05),
every move through the kernel, each bot watched for stalls as in ``simulate`` (SIM-05), the dice
of race ``i`` seeded by ``i``. The lookahead bot is much slower per turn and plays
``--lookahead-races`` (its intervals are wider).

Per bot: the mean turns to finish of the boats that finish less par, course by course and over
the ten (a 95% interval: Student t per course, the ten combined), as a share of par too; the sink
rate (Wilson); stalls (times the watch handed a boat's play on) and races that reached the turn
limit (``unfinished``). Targets (issue "Course study a club can trust"): the strong bot's mean
turns within 10% of par on every course, its sink rate at most the perfect bot's plus one
point on every course, no race unfinished for any bot, and its plan built in under a second.
Times are CPU seconds; the load average is recorded beside them.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from report import publish  # benchmarks/report.py: run as a script, its folder is on the path

from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.lake.catalog import BoardChoice, make_board
from course_builder.powerboats.play.position import Position
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.study.bots import make_bot
from course_builder.powerboats.study.intervals import mean_interval, rate_interval, t_quantile
from course_builder.powerboats.study.perfect import PerfectBot, race_alone
from course_builder.powerboats.study.watch import Watched

COURSES = [  # (name, board choice, lake seed, race, course seed, expansion)
    ("classic A", BoardChoice(), 0, "A", 1, False),
    ("classic A + expansion", BoardChoice(), 0, "A", 1, True),
    ("classic B", BoardChoice(), 0, "B", 2, False),
    ("classic B + expansion", BoardChoice(), 0, "B", 2, True),
    ("classic C", BoardChoice(), 0, "C", 3, False),
    ("classic C + expansion", BoardChoice(), 0, "C", 3, True),
    ("shuffled A", BoardChoice("classic", True, True), 4, "A", 4, False),
    ("shuffled A + expansion", BoardChoice("classic", True, True), 4, "A", 4, True),
    ("random B", BoardChoice("random"), 5, "B", 5, False),
    ("random C + expansion", BoardChoice("random"), 5, "C", 5, True),
]
BOTS = ("strong", "perfect", "greedy", "cautious", "lookahead", "random")
MAX_TURNS = 200
TARGET_SHARE = 0.10
TARGET_SINK_POINTS = 0.01
TARGET_PLAN_SECONDS = 1.0

_STATE: dict[str, Any] = {}
"""The course being raced, for the forked workers: its race, par table and start."""


def _race_of(spec: tuple) -> Race:
    _name, choice, lake_seed, race, seed, expansion = spec
    board = make_board(choice, lake_seed if choice.uses_randomness else None)
    return Race(board, CourseMaker(board).generate(race, seed, expansion=expansion))


def _play(bot_name: str, indices: list[int]) -> list[tuple[int, bool, bool, int]]:
    """(turns, finished, sunk, stalls) of races ``indices`` of one bot on the current course."""
    race, table, start = _STATE["race"], _STATE["table"], _STATE["start"]
    out = []
    for i in indices:
        inner = PerfectBot(table) if bot_name == "perfect" else make_bot(
            bot_name, random.Random(f"bot:{i}"))
        bot = Watched(inner, random.Random(f"watch:{i}"))
        run = race_alone(race, bot, random.Random(f"dice:{i}"),
                         start=Position(race, (start,), 0, 1), max_turns=MAX_TURNS)
        out.append((run.turns, run.finished, run.sunk, bot.stalls))
    return out


def course_results(spec: tuple, races: dict[str, int], workers: int) -> dict[str, Any]:
    """Par, the plan's build time and every bot's races on one course."""
    from course_builder.powerboats.study.par import par_for
    from course_builder.powerboats.study.plan import build_plan

    race = _race_of(spec)
    began = time.process_time()
    plan = build_plan(race)
    plan_cpu = time.process_time() - began
    load = os.getloadavg()[0]
    began = time.perf_counter()
    result = par_for(race)
    par_seconds = time.perf_counter() - began
    _STATE.update(race=race, table=result.table, start=result.start)
    tasks = [(bot, list(range(k, races[bot], workers))) for bot in BOTS for k in range(workers)]
    with ProcessPoolExecutor(workers) as pool:  # forked: the workers share the par table
        done = list(pool.map(_play, *zip(*tasks, strict=True)))
    runs: dict[str, list[tuple[int, bool, bool, int]]] = {bot: [] for bot in BOTS}
    for (bot, _part), got in zip(tasks, done, strict=True):
        runs[bot] += got
    _STATE.clear()
    return {"name": spec[0], "course": race.code, "par": round(result.par, 4),
            "par_seconds": round(par_seconds, 2), "load_average_before_par": round(load, 2),
            "plan_cpu_seconds": round(plan_cpu, 3), "plan_sweeps": plan.sweeps,
            "bots": {bot: _bot_course(runs[bot], result.par) for bot in BOTS}}


def _bot_course(runs: list[tuple[int, bool, bool, int]], par: float) -> dict[str, Any]:
    finished = [t for t, f, _s, _st in runs if f]
    mean = mean_interval(finished, [1] * len(finished)) if finished else None
    sinks = rate_interval([1.0 if s else 0.0 for _t, _f, s, _st in runs], [1] * len(runs))
    return {"races": len(runs), "finished": len(finished),
            "mean_turns": None if mean is None else mean.to_json(3),
            "turns_above_par": None if mean is None or mean.value is None else round(
                mean.value - par, 3),
            "share_above_par": None if mean is None or mean.value is None else round(
                (mean.value - par) / par, 4),
            "standard_error": round(statistics.stdev(finished) / len(finished) ** 0.5, 4)
            if len(finished) > 1 else None,
            "sink_rate": sinks.to_json(4),
            "stalls": sum(st for _t, _f, _s, st in runs),
            "unfinished": sum(1 for _t, f, s, _st in runs if not f and not s)}


def summary(courses: list[dict[str, Any]]) -> dict[str, Any]:
    """Per bot, over the courses: mean turns above par with its interval, the share above par,
    sinkings, stalls, unfinished races."""
    out = {}
    for bot in BOTS:
        rows = [c["bots"][bot] for c in courses]
        usable = [(r, c) for r, c in zip(rows, courses, strict=True)
                  if r["turns_above_par"] is not None and r["standard_error"] is not None]
        above = shares = half = None
        if len(usable) == len(courses):
            above = statistics.fmean(r["turns_above_par"] for r, _c in usable)
            shares = statistics.fmean(r["share_above_par"] for r, _c in usable)
            error = math.sqrt(sum(r["standard_error"] ** 2 for r, _c in usable)) / len(usable)
            half = t_quantile(min(r["finished"] for r, _c in usable) - 1) * error
        races = sum(r["races"] for r in rows)
        sunk = sum(round(r["sink_rate"]["value"] * r["races"]) for r in rows)
        sink = rate_interval([sunk], [races])
        out[bot] = {
            "races": races,
            "turns_above_par": None if above is None else {
                "value": round(above, 3), "ci95": [round(above - half, 3), round(above + half, 3)]},
            "share_above_par": None if shares is None else round(shares, 4),
            "worst_share_above_par": max((r["share_above_par"] for r in rows
                                          if r["share_above_par"] is not None), default=None),
            "sink_rate": sink.to_json(4),
            "stalls": sum(r["stalls"] for r in rows),
            "unfinished": sum(r["unfinished"] for r in rows)}
    return out


def targets(courses: list[dict[str, Any]], bots: dict[str, Any]) -> dict[str, bool]:
    strong = [c["bots"]["strong"] for c in courses]
    perfect = [c["bots"]["perfect"] for c in courses]
    return {
        "strong within 10% of par on every course": all(
            r["share_above_par"] is not None and r["share_above_par"] <= TARGET_SHARE
            for r in strong),
        "strong sinks at most the perfect bot's rate + 1 point on every course": all(
            s["sink_rate"]["value"] <= p["sink_rate"]["value"] + TARGET_SINK_POINTS
            for s, p in zip(strong, perfect, strict=True)),
        "no race unfinished, any bot": all(b["unfinished"] == 0 for b in bots.values()),
        "strong plan built in under a second on every course": all(
            c["plan_cpu_seconds"] < TARGET_PLAN_SECONDS for c in courses),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=1000)
    parser.add_argument("--lookahead-races", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--courses", type=int, default=len(COURSES))
    parser.add_argument("-o", "--output", default=None)
    args = parser.parse_args()
    races = {bot: args.lookahead_races if bot == "lookahead" else args.races for bot in BOTS}
    started = time.perf_counter()
    loads = [round(x, 2) for x in os.getloadavg()]
    courses = []
    for spec in COURSES[:args.courses]:
        courses.append(course_results(spec, races, args.workers))
        print(f"{spec[0]}: done", file=sys.stderr)
    bots = summary(courses)
    met = targets(courses, bots)
    report = {
        "benchmark": "bots alone on ten courses beside exact par, every move through the kernel",
        "python": sys.version.split()[0], "races_per_bot_and_course": races,
        "max_turns": MAX_TURNS, "workers": args.workers,
        "load_average_at_start": loads,
        "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
        "seconds": round(time.perf_counter() - started, 1),
        "bots": bots, "courses": courses,
        "targets": {"strong turns above par": f"<= {TARGET_SHARE:.0%} of par, every course",
                    "strong sink rate": f"<= perfect's + {TARGET_SINK_POINTS:.0%}, every course",
                    "unfinished races": "0, every bot",
                    "strong plan": f"< {TARGET_PLAN_SECONDS} s CPU, every course"},
        "met": met, "meets_targets": all(met.values()),
    }
    publish(report, args.output)


if __name__ == "__main__":
    main()
