"""``course-builder powerboats simulate``, ``atlas`` and ``par``: bots race many times over a
course, a whole game or every course of a lake, and the statistics say which courses are short,
long, fair or dangerous (docs/simulation.md); par is the exact expected length with perfect play
(docs/par.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from course_builder.cli.aliases import alias, flag_values
from course_builder.cli.common import (
    OutputPath,
    as_path,
    emit,
    emit_files,
    input_name,
    output_option,
    progress_bar,
    read_text,
    resolve_seed,
    seed_option,
)
from course_builder.cli.options import (
    CaseFreeChoice,
    FiniteFloat,
    expansion_option,
    format_option,
    input_argument,
    race_option,
)
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import (
    board_choice,
    board_options,
    catalog,
    course_from_data,
    course_from_file,
    is_course_data,
    read_position,
    rules_from,
    rules_options,
)
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonwrite import json_text

MAX_SINK_PENALTY = 1e6
"""The most turns a sinking may cost (``--sink-penalty``): far beyond any course's length, and
well inside the solver's float32 numbers."""


def _race_letters(text: str) -> list[str]:
    """``--races ABC`` (the old spelling): the race letters in it."""
    return [c for c in str(text).upper() if c in "ABC"] or [str(text)]


def _bots_option(fn: Any) -> Any:
    fn = click.option("--bots", default="greedy", show_default=True, metavar="NAMES",
                      help="Bot for each seat, comma-separated, repeated to fill the seats: "
                      "random, cautious, greedy, lookahead, perfect (exact par's policy; "
                      "solving the course first takes tens of seconds).")(fn)
    fn = click.option("--boats", type=click.IntRange(1, 6), default=4, show_default=True,
                      help="Boats in each race.")(fn)
    return fn


def _run_options(fn: Any) -> Any:
    for option in reversed([
        click.option("--games", type=click.IntRange(1, 1_000_000), default=100,
                     show_default=True, help="Games (races, or whole games) to play."),
        click.option("--workers", type=click.IntRange(1, 256), default=None,
                     help="Local worker processes (default: every core)."),
        click.option("--scheduler", default=None, metavar="ADDRESS",
                     help="Run on this Dask scheduler (e.g. tcp://10.0.0.5:8786) instead of "
                     "local processes; the same seed gives the same numbers."),
        click.option("--max-turns", type=click.IntRange(5, 10_000), default=200,
                     show_default=True, help="Turns after which a boat still racing is "
                     "stranded (SIM-01)."),
    ]):
        fn = option(fn)
    return fn


def _bot_names(bots: str, boats: int) -> tuple[str, ...]:
    from course_builder.powerboats.study.bots import BOTS

    names = [b.strip().lower() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if not names or unknown:
        raise click.BadParameter(f"unknown bot {unknown[0] if unknown else bots!r} (bots: "
                                 f"{', '.join(BOTS)})", param_hint="'--bots'")
    return tuple(names[k % len(names)] for k in range(boats))


# -------------------------------------------------------------------------------------------------
# simulate
# -------------------------------------------------------------------------------------------------


@powerboats.command("simulate")
@input_argument("course_file", "[COURSE]", required=False)
@alias("--course", "course_file", "the argument COURSE")
@race_option(game=True, default="A", show_default=True,
             help="One race, or 'game': whole games of races A, B and C (scored).")
@board_options
@seed_option
@expansion_option()
@_bots_option
@_run_options
@rules_options("simulate")
@format_option()
@click.option("--plot-turns", type=OutputPath(), default=None, metavar="FILE",
              help="Also draw the turns-to-finish distribution (.png or .svg).")
@click.option("--plot-crashes", type=OutputPath(), default=None, metavar="FILE",
              help="Also draw where boats crashed on the lake (.png or .svg).")
@click.option("--records", "records_dir", type=OutputPath(), default=None, metavar="FOLDER",
              help="With --race game: write each game's record to this folder.")
@output_option
def simulate_cmd(course_file: Path | None, race: str, board: str, shuffle_tiles: bool, rotate_tiles: bool,
                 tile_size: tuple[int, int], density: float, seed: int | None, expansion: bool,
                 bots: str, boats: int, games: int,
                 workers: int | None, scheduler: str | None, max_turns: int, fmt: str,
                 plot_turns: Path | None, plot_crashes: Path | None, records_dir: Path | None,
                 output: Path | None, **options: Any) -> None:
    """Let bots race many times and report turns to finish (mean, spread, percentiles), crash and
    sink rates, wins by seat and by start hex, and turns per leg. The same seed gives the same
    numbers whatever the number of workers. With COURSE (a course file), race that course."""
    from course_builder.powerboats.study.runner import SimJob, simulate
    from course_builder.powerboats.study.stats import summarize

    seed = resolve_seed(seed, True)
    assert seed is not None
    names = _bot_names(bots, boats)
    rules = rules_from(options)
    lake, courses = _courses(race, course_file, board, shuffle_tiles, rotate_tiles, tile_size,
                             density, seed, expansion)
    if records_dir is not None and len(courses) != 3:
        raise click.UsageError("--records needs --race game (records are of whole games)")
    if len(courses) == 3 and boats < 2:
        raise click.UsageError("a whole game has 2 to 6 boats")
    from course_builder.powerboats.course.code import course_code

    job = SimJob(tuple(course_code(c, lake) for c in courses), names, seed, rules.notation(),
                 max_turns, keep_records=records_dir is not None)
    with progress_bar("simulating") as progress:
        runs = simulate(job, games, workers=workers, scheduler=scheduler, progress=progress)
    summary = summarize(runs)
    _write_extras(lake, runs, summary, plot_turns, plot_crashes, records_dir, job)
    if fmt == "json":
        emit(json_text({"courses": list(job.codes), "bots": list(names), "seed": seed,
                        "rules": rules.notation() or "default", **summary.to_json()}), output)
    else:
        emit(_summary_text(job, summary), output)


def _courses(race: str, course_file: Path | None, board: str, shuffle: bool, rotate: bool,
             tile_size: tuple[int, int], density: float, seed: int, expansion: bool
             ) -> tuple[Any, list[Any]]:
    if course_file is not None:
        if race.lower() == "game":
            raise click.UsageError("a course file gives one race; --race game makes three")
        return course_from_file(course_file)
    from course_builder.powerboats.course.generate import CourseMaker

    lake = catalog().make(board_choice(board, shuffle, rotate, tile_size, density), seed)
    maker = CourseMaker(lake)
    races = "ABC" if race.lower() == "game" else race.upper()
    return lake, [maker.generate(r, seed, expansion=expansion) for r in races]


def _write_extras(lake: Any, runs: Any, summary: Any, plot_turns: Path | None,
                  plot_crashes: Path | None, records_dir: Path | None, job: Any) -> None:
    files: list[tuple[Path, str | bytes]] = []
    if plot_turns is not None:
        from course_builder.render.powerboats.plots import turns_plot

        turns = [b.turns for r in runs for race in r.races for b in race.boats if b.place]
        files.append((plot_turns, turns_plot({", ".join(job.codes): turns},
                                             _plot_format(plot_turns))))
    if plot_crashes is not None:
        from course_builder.render.powerboats.plots import crash_map

        marks = {str(b.number if b.number != "finish" else "F"): b.hex.offset
                 for b in runs_course(job).buoys} if len(job.codes) == 1 else {}
        files.append((plot_crashes, crash_map(lake, summary.crash_hexes,
                                              _plot_format(plot_crashes), marks=marks)))
    if records_dir is not None:
        files += [(records_dir / f"game-{job.seed}-{r.index}.pbr", r.record) for r in runs
                  if r.record is not None]
    if files:
        emit_files(files)


def runs_course(job: Any) -> Any:
    """The course of a one-race job (rebuilt from its code)."""
    from course_builder.powerboats.study.runner import races_of

    return races_of(job)[0].course


def _plot_format(path: Path) -> str:
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in ("png", "svg"):
        raise click.BadParameter(f"{path}: a plot is .png or .svg")
    return fmt


def _summary_text(job: Any, s: Any) -> str:
    t = s.turns_to_finish
    lines = [f"{s.games} {'games' if job.whole_games else 'races'} of "
             f"{', '.join(job.codes)}; bots {', '.join(job.bots)}; seed {job.seed}"]
    if t.count:
        p = t.percentiles
        lines.append(f"turns to finish: mean {t.mean:.1f}, sd {t.stdev:.1f}; 10/50/90%: "
                     f"{p[10]:.0f} / {p[50]:.0f} / {p[90]:.0f}")
    lines.append(f"finished {s.finish_rate:.1%}, sunk {s.sink_rate:.1%}, stranded "
                 f"{s.stranded_rate:.1%}; crashes per boat and race {s.crashes_per_race:.2f}")
    legs = ", ".join(f"{leg.mean:.1f}" if leg.mean is not None else "-" for leg in s.legs)
    lines.append(f"turns per leg (start-1, 1-2, 2-3, 3-finish): {legs}")
    for seat, d in s.by_seat.items():
        extra = f", mean points {d['mean_points']:.1f}" if job.whole_games else ""
        lines.append(f"  seat {seat + 1} ({job.bots[seat]}): wins {d['win_rate']:.1%}, mean "
                     f"finish {d['mean_finish_turns']:.1f} turns{extra}")
    return "\n".join(lines) + "\n"


# -------------------------------------------------------------------------------------------------
# atlas
# -------------------------------------------------------------------------------------------------


@powerboats.command("atlas")
@board_options
@seed_option
@click.option("--race", "races", type=CaseFreeChoice(("A", "B", "C")), multiple=True,
              help="Which race's courses (repeat for several; default: A, B and C).")
@alias("--races", "races", "--race, once per race", convert=_race_letters)
@expansion_option("Only the courses with the tiles of Expansion 1 (--expansion) or without "
                  "them (--no-expansion); default: both.", default=None)
@flag_values("--expansion", {"yes": ["--expansion"], "no": ["--no-expansion"], "both": []})
@click.option("--lakes", type=click.IntRange(0, 10_000), default=0, show_default=True,
              help="Also rate this many random lakes (seeds SEED, SEED+1, ...).")
@click.option("--by", "measure", type=CaseFreeChoice(["short", "long", "fair", "dangerous"]),
              default="short", show_default=True, help="How to rank the courses (SIM-03).")
@click.option("--top", type=click.IntRange(1, 100_000), default=10, show_default=True)
@_bots_option
@_run_options
@format_option()
@output_option
def atlas_cmd(board: str, shuffle_tiles: bool, rotate_tiles: bool, tile_size: tuple[int, int],
              density: float, seed: int | None, races: tuple[str, ...], expansion: bool | None,
              lakes: int,
              measure: str, top: int, bots: str, boats: int, games: int, workers: int | None,
              scheduler: str | None, max_turns: int, fmt: str, output: Path | None) -> None:
    """Rate every course of a lake (each race, every order of its spots, with and without
    Expansion 1) and of random lakes by a quick simulation each, and list the best by the
    measure: short, long, fair or dangerous."""
    from course_builder.powerboats.lake.catalog import BoardChoice
    from course_builder.powerboats.study.atlas import best, courses_of, rate

    seed = resolve_seed(seed, True)
    assert seed is not None
    names = _bot_names(bots, boats)
    wanted = [r for r in "ABC" if r in races] if races else ["A", "B", "C"]
    modes = {None: (False, True), False: (False,), True: (True,)}[expansion]
    choice = board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
    lake_list = [catalog().make(choice, seed)]
    lake_list += [catalog().make(BoardChoice("random", lake=choice.lake), seed + k)
                  for k in range(1, lakes + 1)]
    rated = []
    with progress_bar("rating courses") as progress:
        for lake in lake_list:
            courses = courses_of(lake, seed, races=wanted, expansion=modes)
            rated += rate(lake, courses, games=games, seed=seed, bots=names, workers=workers,
                          scheduler=scheduler, progress=progress)
    if not rated:
        raise CourseBuilderError("no legal course on these lakes")
    chosen = best(rated, measure, top)
    if fmt == "json":
        emit(json_text({"measure": measure, "games_per_course": games, "bots": list(names),
                        "seed": seed, "courses_rated": len(rated),
                        "best": [r.to_json() for r in chosen]}), output)
        return
    lines = [f"{len(rated)} courses rated ({games} games each, bots {', '.join(names)}); "
             f"best by '{measure}':"]
    for k, r in enumerate(chosen, start=1):
        d = r.to_json()
        lines.append(f"{k:3}. {r.code}  turns {d['mean_turns']}, crashes {d['crashes_per_race']}"
                     f", sunk {d['sink_rate']}, seat gap {d['seat_gap']}")
    emit("\n".join(lines) + "\n", output)


# -------------------------------------------------------------------------------------------------
# powerboats par
# -------------------------------------------------------------------------------------------------


@powerboats.command("par")
@click.argument("source", metavar="[COURSE|POSITION]", required=False)
@alias("--course", "source", "the argument COURSE")
@alias("--position", "source", "the argument POSITION")
@race_option(default=None, help="Race A, B or C: a random course on the board (or give a "
             "COURSE or POSITION).")
@board_options
@seed_option
@expansion_option()
@rules_options("par")
@click.option("--sink-penalty", type=FiniteFloat(0.0, MAX_SINK_PENALTY), default=100.0,
              show_default=True, help="Turns a sinking costs, 0 to "
              f"{MAX_SINK_PENALTY:,.0f} (ruling PAR-01).")
@click.option("--dice-cap", type=click.IntRange(1, 8), default=5, show_default=True,
              help="Most dice a boat holds in the model (ruling PAR-02).")
@click.option("--tolerance", type=FiniteFloat(1e-9, 1.0), default=1e-3, show_default=True,
              help="Stop when no value moves by more than this many turns in a sweep (1e-9 to "
              "1).")
@click.option("--float64", is_flag=True, help="Solve in float64 (slower; float32 is the default).")
@format_option()
@output_option
def par_cmd(source: str | None, race: str | None, board: str, shuffle_tiles: bool,
            rotate_tiles: bool, tile_size: tuple[int, int], density: float, seed: int | None,
            expansion: bool, sink_penalty: float,
            dice_cap: int, tolerance: float, float64: bool, fmt: str, output: Path | None,
            **options: Any) -> None:
    """Exact par: the expected turns one boat alone needs with perfect play (docs/par.md), on a
    random course for --race, on COURSE (a course file), or from POSITION (its notation, or a
    file holding it): then also the best move there."""
    from course_builder.powerboats.play.race import Race
    from course_builder.powerboats.study.par import ParOptions, par_for, solve_par
    from course_builder.powerboats.study.report import par_text, position_json, position_words

    rules = rules_from(options)
    if (race is None) == (source is None):
        raise click.UsageError("give --race, or a COURSE or POSITION" if race is None else
                               "give only one of --race and a COURSE or POSITION")
    position = None
    if source is not None:
        lake, course, position = _course_or_position(source, rules)
        the_race = position.race if position is not None else Race(lake, course, rules)
    else:
        assert race is not None
        choice = board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
        seed = resolve_seed(seed, True)
        lake = catalog().make(choice, seed)
        from course_builder.powerboats.course.generate import CourseMaker

        the_race = Race(lake, CourseMaker(lake).generate(race, seed, expansion=expansion),
                        rules)
    par_options = ParOptions(sink_penalty, dice_cap, tolerance=tolerance, float64=float64)
    with progress_bar("par") as bar:
        def progress(stage: str, fraction: float) -> None:  # building 40%, solving 60%
            bar(int(1000 * (0.4 * fraction if stage == "build" else 0.4 + 0.6 * fraction)), 1000)

        if position is None:
            result = par_for(the_race, par_options, progress=progress)
        else:
            table = solve_par(the_race, par_options, positions=[position], progress=progress)
    if position is None:
        emit(json_text(result.to_json()) if fmt == "json" else par_text(result), output)
    elif fmt == "json":
        emit(json_text({**position_json(table, position), "options": par_options.to_json(),
                        "model": table.stats.to_json()}), output)
    else:
        emit(position_words(table, position), output)


def _course_or_position(source: str, rules: Any) -> tuple[Any, Any, Any]:
    """``par``'s argument: a course file (its JSON has buoys), else a position (its notation, or
    a file holding it or its JSON). Returns (lake, course, None) or (None, None, position)."""
    if "|" in source:
        return None, None, read_position(source, rules)
    from course_builder.core.jsonread import MAX_BYTES, JsonError, parse

    path = as_path(source)
    content = read_text(path, MAX_BYTES)
    if content.lstrip().startswith("{"):
        try:
            document = parse(content, input_name(path))
        except JsonError:  # a position file with comment lines, or bad JSON: read_position says
            document = None
        if document is not None and is_course_data(document.data):
            lake, courses = document.read(lambda data: course_from_data(data, path))
            return lake, courses[0], None
    return None, None, read_position(source, rules, content=content)
