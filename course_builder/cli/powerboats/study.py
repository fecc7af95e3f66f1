"""``course-builder powerboats simulate``, ``atlas`` and ``par``: bots race many times over a
course, a whole game or every course of a lake, and the statistics say which courses are short,
long, fair or dangerous (docs/simulation.md); par is the exact expected length with perfect play
(docs/par.md)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from course_builder.cli.aliases import alias, flag_values
from course_builder.cli.common import progress_bar, resolve_seed, seed_option
from course_builder.cli.files import OutputPath, emit, emit_files, input_name, output_option, read_text
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
    rules_from,
    rules_options,
)
from course_builder.cli.powerboats.positions import (
    course_from_data,
    course_from_file,
    is_course_data,
    read_position,
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
    fn = click.option("--bots", default="strong", show_default=True, metavar="NAMES",
                      help="Bot for each seat, comma-separated, repeated to fill the seats: "
                      "strong, random, cautious, greedy, lookahead, perfect (exact par's "
                      "policy; solving the course first takes seconds); docs/simulation.md.")(fn)
    fn = click.option("--boats", type=click.IntRange(1, 6), default=4, show_default=True,
                      help="Boats in each race.")(fn)
    return fn


class GamesType(click.ParamType):
    """A number of games (1 to 1,000,000), or ``auto``: play until the figure's interval is
    narrower than ``--tolerance`` (SIM-07)."""

    name = "N|auto"

    def convert(self, value: Any, param: Any, ctx: Any) -> int | None:
        if value is None or (isinstance(value, str) and value.lower() == "auto"):
            return None
        try:
            number = int(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of games or 'auto'", param, ctx)
        if not 1 <= number <= 1_000_000:
            self.fail(f"{number} is not in the range 1<=x<=1000000", param, ctx)
        return number


def _run_options(fn: Any) -> Any:
    for option in reversed([
        click.option("--games", type=GamesType(), default="100", show_default=True,
                     help="Games (races, or whole games) to play, or 'auto': until the "
                     "interval of the figure that matters is narrower than --tolerance."),
        click.option("--tolerance", type=FiniteFloat(0.0, low_open=True),
                     default=None, help="With --games auto: the widest 95% interval to stop "
                     "at (simulate: of the mean turns to finish, 0.5; atlas: of the ranking "
                     "measure, 1 turn for short and long, 0.1 for dangerous, 0.2 for fair)."),
        click.option("--max-games", type=click.IntRange(1, 1_000_000), default=2000,
                     show_default=True, help="With --games auto: the most games to play "
                     "(per course in an atlas)."),
        click.option("--workers", type=click.IntRange(1, 256), default=None,
                     help="Local worker processes (default: every core)."),
        click.option("--scheduler", default=None, metavar="ADDRESS",
                     help="Run on this Dask scheduler (e.g. tcp://10.0.0.5:8786) instead of "
                     "local processes; the same seed gives the same numbers."),
        click.option("--max-turns", type=click.IntRange(5, 10_000), default=200,
                     show_default=True, help="Turns after which a boat still racing is "
                     "stranded and its game unfinished, left out of the figures (SIM-01)."),
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
                 bots: str, boats: int, games: int | None, tolerance: float | None,
                 max_games: int, workers: int | None, scheduler: str | None, max_turns: int,
                 fmt: str, plot_turns: Path | None, plot_crashes: Path | None,
                 records_dir: Path | None, output: Path | None, **options: Any) -> None:
    """Let bots race many times and report turns to finish (mean, spread, percentiles), crash and
    sink rates, wins by seat and by start hex, and turns per leg, each mean and rate with its 95%
    interval. The same seed gives the same numbers whatever the number of workers. With COURSE
    (a course file), race that course."""
    from course_builder.powerboats.study.runner import SimJob, simulate, simulate_until
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
        if games is None:
            width = AUTO_TURNS if tolerance is None else tolerance

            def narrow(_k: int, played: list[Any]) -> bool:
                return summarize(played).turns_to_finish.interval.width <= width

            runs = simulate_until([job], narrow, first=100, most=max_games, workers=workers,
                                  scheduler=scheduler, progress=progress)[0]
        else:
            runs = simulate(job, games, workers=workers, scheduler=scheduler,
                            progress=progress)
    summary = summarize(runs)
    _write_extras(lake, runs, summary, plot_turns, plot_crashes, records_dir, job)
    if fmt == "json":
        emit(json_text({"courses": list(job.codes), "bots": list(names), "seed": seed,
                        "rules": rules.notation() or "default", **summary.to_json()}), output)
    else:
        emit(_summary_text(job, summary), output)


AUTO_TURNS = 0.5
"""``simulate --games auto``: the default width of the mean turns' interval to play down to."""


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
    records = [(records_dir / f"game-{job.seed}-{r.index}.pbr", r.record) for r in runs
               if r.record is not None] if records_dir is not None else []
    if not files and not records:
        return
    written = emit_files(files + records, quiet=True)
    for path in written[:len(files)]:
        click.echo(f"wrote {path}", err=True)
    if len(records) == 1:
        click.echo(f"wrote {written[-1]}", err=True)
    elif records:  # one line for all the records, not one a game
        click.echo(f"wrote {len(records)} game records to {records_dir}{os.sep} "
                   f"({records[0][0].name} ... {records[-1][0].name})", err=True)


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
    kind = "games" if job.whole_games else "races"
    lines = [f"{s.games} {kind} of {', '.join(job.codes)}; bots {', '.join(job.bots)}; seed "
             f"{job.seed}; 95% intervals in brackets (docs/simulation.md)"]
    if s.unfinished_games:
        lines.append(f"unfinished: {s.unfinished_games} of {s.games} {kind} stopped at the turn "
                     "limit with a boat still racing, left out of every figure below (SIM-01)")
    if t.count:
        p = t.percentiles
        lines.append(f"turns to finish: mean {t.interval.text()}, sd {t.stdev:.1f}; 10/50/90%: "
                     f"{p[10]:.0f} / {p[50]:.0f} / {p[90]:.0f}")
    elif s.boat_races:
        lines.append("turns to finish: no boat finished")
    if s.boat_races:
        lines.append(f"finished {s.finish_rate.text(percent=True)}, sunk "
                     f"{s.sink_rate.text(percent=True)}; crashes per boat and race "
                     f"{s.crashes_per_race.text('.2f')}")
        if s.stalls_per_race.value:
            lines.append(f"stalls per boat and race {s.stalls_per_race.text('.2f')} (a boat "
                         "that made no progress had its play handed on: SIM-05)")
        legs = ", ".join(leg.interval.text() if leg.mean is not None else "-" for leg in s.legs)
        lines.append(f"turns per leg (start-1, 1-2, 2-3, 3-finish): {legs}")
    for seat, d in s.by_seat.items():
        extra = f", mean points {d['mean_points'].text()}" if "mean_points" in d else ""
        lines.append(f"  seat {seat + 1} ({job.bots[seat]}): wins "
                     f"{d['win_rate'].text(percent=True)}, mean finish "
                     f"{d['mean_finish_turns'].text()} turns{extra}")
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
@click.option("--par", "with_par", is_flag=True, help="Also solve each course's exact par "
              "(docs/par.md; seconds a course, spread over the workers or the cluster); "
              "short and long then rank by it.")
@_bots_option
@_run_options
@format_option()
@output_option
def atlas_cmd(board: str, shuffle_tiles: bool, rotate_tiles: bool, tile_size: tuple[int, int],
              density: float, seed: int | None, races: tuple[str, ...], expansion: bool | None,
              lakes: int, measure: str, top: int, with_par: bool, bots: str, boats: int,
              games: int | None, tolerance: float | None, max_games: int, workers: int | None,
              scheduler: str | None, max_turns: int, fmt: str, output: Path | None) -> None:
    """Rate every course of a lake (each race, every order of its spots, with and without
    Expansion 1) and of random lakes by a quick simulation each, and list the best by the
    measure: short, long, fair or dangerous, each figure with its 95% interval, saying which of
    the best the games cannot tell apart."""
    from course_builder.powerboats.lake.catalog import BoardChoice
    from course_builder.powerboats.study.atlas import (
        best,
        courses_of,
        exact_pars,
        jobs_of,
        rate,
        tied_with_best,
    )
    from course_builder.powerboats.study.intervals import METHODS

    seed = resolve_seed(seed, True)
    assert seed is not None
    names = _bot_names(bots, boats)
    wanted = [r for r in "ABC" if r in races] if races else ["A", "B", "C"]
    modes = {None: (False, True), False: (False,), True: (True,)}[expansion]
    choice = board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
    lake_list = [catalog().make(choice, seed)]
    lake_list += [catalog().make(BoardChoice("random", lake=choice.lake), seed + k)
                  for k in range(1, lakes + 1)]
    courses = [(lake, course, tiles) for lake in lake_list
               for course, tiles in courses_of(lake, seed, races=wanted, expansion=modes)]
    if not courses:
        raise CourseBuilderError("no legal course on these lakes")
    pars = None
    if with_par:
        with progress_bar("solving par") as progress:
            pars = exact_pars(jobs_of(courses, bots=names, seed=seed, max_turns=max_turns),
                              workers=workers, scheduler=scheduler, progress=progress)
    with progress_bar("rating courses") as progress:
        rated = rate(courses, games=games, seed=seed, bots=names, max_turns=max_turns,
                     workers=workers, scheduler=scheduler, progress=progress, measure=measure,
                     tolerance=tolerance, most=max_games, pars=pars)
    chosen = best(rated, measure, top)
    tied = tied_with_best(chosen, measure)
    played = "auto" if games is None else games
    if fmt == "json":
        emit(json_text({"measure": measure, "games_per_course": played, "bots": list(names),
                        "seed": seed, "courses_rated": len(rated),
                        "games_played": sum(r.summary.games for r in rated),
                        "best": [{**r.to_json(), "measure": r.estimate(measure).to_json(3),
                                  "tied_with_best": t} for r, t in zip(chosen, tied,
                                                                        strict=True)],
                        "tied_with_best": sum(tied), "intervals": METHODS}), output)
        return
    each = (f"{games} games each" if games is not None else
            f"games until the interval is narrow, {sum(r.summary.games for r in rated)} in all")
    by_par = with_par and measure in ("short", "long")
    lines = [f"{len(rated)} courses rated ({each}, bots {', '.join(names)}); best by "
             f"'{measure}' ({_MEASURE_WORDS[measure]}{' by exact par' if by_par else ''}); "
             "95% intervals in brackets:"]
    for k, (r, t) in enumerate(zip(chosen, tied, strict=True), start=1):
        s = r.summary
        par = f"par {r.par:.2f}, " if r.par is not None else ""
        lines.append(f"{'=' if t else ' '}{k:3}. {r.code}  {par}turns "
                     f"{s.turns_to_finish.interval.text()}, crashes "
                     f"{s.crashes_per_race.text('.2f')}, sunk {s.sink_rate.text(percent=True)}, "
                     f"seat gap {s.seat_gap.text('.2f')}"
                     + (f", {s.unfinished_games} unfinished" if s.unfinished_games else ""))
    count = sum(tied)
    if count > 1:
        lines.append(f"= the games cannot tell these {count} apart from the first: their "
                     f"{measure} intervals overlap its interval (SIM-07); more games "
                     "(--games auto) may separate them")
    emit("\n".join(lines) + "\n", output)


_MEASURE_WORDS = {"short": "fewest turns to finish", "long": "most turns to finish",
                  "fair": "smallest gap between the seats' win rates",
                  "dangerous": "most crashes and sinkings per boat and race"}


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

    path = Path(source)
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
