"""``powerboats sheet``: setup sheets to print (PDF, SVG, PNG), for one race or a whole game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from course_builder.cli.aliases import alias
from course_builder.cli.common import progress_bar, resolve_seed, seed_option
from course_builder.cli.files import STDIN_NAME
from course_builder.cli.options import expansion_option, input_argument, race_option
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import (
    board_choice,
    board_options,
    catalog,
    rules_options,
    rulings_given,
)
from course_builder.cli.powerboats.positions import course_from_file
from course_builder.cli.sheets import sheet_format, sheet_options, write_sheet
from course_builder.core.values import replace
from course_builder.powerboats.course.code import course_code
from course_builder.powerboats.course.generate import CourseMaker, CourseOptions
from course_builder.powerboats.course.model import Course
from course_builder.powerboats.lake.board import Board
from course_builder.powerboats.play.race import Race
from course_builder.render.powerboats.sheets import game_sheet


@powerboats.command("sheet")
@input_argument("course_file", "[COURSE]", required=False)
@alias("--course", "course_file", "the argument COURSE")
@race_option(game=True, default="A", show_default=True,
             help="One race, or 'game': races A, B and C on the same lake, one page each.")
@board_options
@seed_option
@expansion_option()
@sheet_options("output/powerboats-RACE-SEED.FORMAT",
               "-A, or -A-1, -A-2 for a race on two pages; -mats")
@click.option("--mats", is_flag=True, help="Add a page of per-player dice and damage mats.")
@click.option("--no-route", is_flag=True, help="Do not draw the shortest route.")
@click.option("--stats", "stats_games", type=click.IntRange(0, 100_000), default=0,
              metavar="GAMES", help="Print each course's expected length in turns and its crash "
              "and sink rates, with their 95% intervals, from this many simulated 4-boat races "
              "(strong bots; SIM-04).")
@click.option("--par", "with_par", is_flag=True,
              help="Print each course's par: the expected turns of one boat alone with perfect "
              "play (docs/par.md; tens of seconds a course).")
@rules_options("sheet")
def sheet_cmd(course_file: Path | None, race: str, board: str, shuffle_tiles: bool,
              rotate_tiles: bool, tile_size: tuple[int, int], density: float, seed: int | None,
              expansion: bool, fmt: str | None, paper: str, dpi: int, mats: bool,
              no_route: bool, stats_games: int, with_par: bool, output: Path | None,
              **rulings: Any) -> None:
    """Print a setup sheet: the lake with every piece to place and how to place it, the course
    code, and the steps (on a second page when they do not fit). With COURSE (a course file,
    e.g. a validated hand-laid course), that course's sheet."""
    finish_buoy_on_water = rulings_given(rulings).get("finish_buoy_on_water", False)
    fmt = sheet_format(fmt, output)
    _refuse_ignored(click.get_current_context(), course_file is not None)
    if course_file is not None:
        lake, courses = course_from_file(course_file)
        name = course_file.stem if str(course_file) != "-" else STDIN_NAME
        stem = f"powerboats-{courses[0].race}-{name}"
    else:
        choice = board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
        seed = resolve_seed(seed, True)
        assert seed is not None
        lake = catalog().make(choice, seed)
        maker = CourseMaker(lake, CourseOptions(finish_buoy_on_water=finish_buoy_on_water))
        races = "ABC" if race == "game" else race
        courses = [maker.generate(r, seed, expansion=expansion) for r in races]
        stem = f"powerboats-{race}-{seed}"
    if stats_games:
        courses = _with_stats(lake, courses, stats_games, seed or 0)
    if with_par:
        courses = _with_par(lake, courses)
    write_sheet(lambda: game_sheet(lake, courses, paper=paper, show_route=not no_route,
                                   mats=mats), fmt, paper, dpi, output,
                Path("output") / f"{stem}.{fmt}")


def _with_stats(lake: Board, courses: list[Course], games: int, seed: int) -> list[Course]:
    """Each course with a note of what a quick simulation says of it (SIM-04)."""
    from course_builder.powerboats.study.bots import DEFAULT_BOT
    from course_builder.powerboats.study.runner import SimJob, simulate_many
    from course_builder.powerboats.study.stats import summarize

    jobs = [SimJob((course_code(c, lake),), (DEFAULT_BOT,) * 4, seed) for c in courses]
    with progress_bar("simulating") as progress:
        runs = simulate_many(jobs, games, progress=progress)
    out = []
    for course, run in zip(courses, runs, strict=True):
        s = summarize(run)
        t = s.turns_to_finish
        counted = games - s.unfinished_games
        unfinished = (f"; {s.unfinished_games} of the races stopped at the turn limit and are "
                      "left out" if s.unfinished_games else "")
        if t.mean is None:
            note = f"in {games} simulated 4-boat races no boat finished{unfinished} (SIM-04)"
        else:
            note = (f"simulated, {counted} races of 4 {DEFAULT_BOT} bots: {t.interval.text()} "
                    f"turns to finish (95% interval; 10-90% of boats: {t.percentiles[10]:.0f}-"
                    f"{t.percentiles[90]:.0f}); {s.crashes_per_race.text()} crashes and "
                    f"{s.sink_rate.text('.0f', percent=True)} sinkings per boat and race"
                    f"{unfinished} (SIM-04)")
        out.append(replace(course, notes=(*course.notes, note)))
    return out


def _with_par(lake: Board, courses: list[Course]) -> list[Course]:
    """Each course with a note of its par (docs/par.md)."""
    from course_builder.powerboats.study.par import par_for

    out = []
    with progress_bar("par") as bar:
        for k, course in enumerate(courses):
            par = par_for(Race(lake, course), keep_table=False).par
            bar(k + 1, len(courses))
            note = (f"par {par:.1f} turns: the expected turns of one boat alone with perfect play "
                    "(PAR-01..PAR-05)")
            out.append(replace(course, notes=(*course.notes, note)))
    return out


_GENERATION_ONLY = ("race", "board", "shuffle_tiles", "rotate_tiles", "tile_size", "density",
                    "seed", "expansion", "finish_buoy_on_water")


def _refuse_ignored(ctx: click.Context, from_file: bool) -> None:
    """Options the sheet would silently ignore are refused instead."""
    def given(name: str) -> bool:
        return ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT)

    if from_file:
        ignored = [name for name in _GENERATION_ONLY if given(name)]
        if ignored:
            names = ", ".join("--" + n.replace("_", "-") for n in ignored)
            raise click.UsageError(f"{names}: not used with a course file (it says which race, "
                               "lake and tiles)")
