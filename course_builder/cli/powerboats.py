"""``course-builder powerboats ...``: boards, courses, sheets and the adjudicator on the command line."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.common import (
    ILLEGAL_MOVE,
    F,
    FilePath,
    GameCommands,
    as_path,
    emit,
    emit_files,
    input_name,
    output_option,
    progress_bar,
    read_json,
    read_text,
    resolve_seed,
    seed_option,
)
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonwrite import json_text

if TYPE_CHECKING:  # pathlib is imported where a file is named (see common.as_path)
    from collections.abc import Callable
    from pathlib import Path

MAX_DENSITY = 0.35
"""The densest random lake (lakegen.LakeParams checks the same)."""


@click.group(cls=GameCommands)
def powerboats() -> None:
    """Powerboats (Cwali, 2008) and Expansion 1."""


# -------------------------------------------------------------------------------------------------
# shared options
# -------------------------------------------------------------------------------------------------


def _tile_size(ctx: click.Context, param: click.Parameter, value: str) -> tuple[int, int]:
    """``--tile-size ROWSxCOLS``, within the limits of random lakes (a usage error otherwise)."""
    from course_builder.powerboats.lake.board import BoardError
    from course_builder.powerboats.lake.params import LakeParams

    try:
        rows, cols = (int(x) for x in value.lower().split("x"))
    except ValueError:
        raise click.BadParameter(f"expected ROWSxCOLS such as 12x8, got {value!r}") from None
    try:
        LakeParams(rows, cols).check()
    except BoardError as exc:
        raise click.BadParameter(str(exc)) from None
    return rows, cols


def _density(ctx: click.Context, param: click.Parameter, value: float) -> float:
    if not 0.0 <= value <= MAX_DENSITY:  # also NaN
        raise click.BadParameter(f"{value} is not in the range 0<=x<={MAX_DENSITY}")
    return value


def board_options(fn: F) -> F:
    """``--board``, ``--shuffle-tiles``, ``--rotate-tiles`` and the random-lake parameters."""
    options = [
        click.option("--board", "board", default="classic", show_default=True, metavar="NAME",
                     help="'classic', 'random' (a generated lake) or the path of a .board file."),
        click.option("--shuffle-tiles", is_flag=True,
                     help="Lay the 6 lake tiles at random in the frame (uses the seed)."),
        click.option("--rotate-tiles", is_flag=True,
                     help="With --shuffle-tiles: also turn tiles by 180 degrees at random "
                     "(not in the rules; see docs/rulings.md BOARD-01)."),
        click.option("--tile-size", default="12x8", show_default=True, callback=_tile_size,
                     help="Random lakes: rows x columns of one lake tile (rows even, 6 to 48; "
                     "columns 6 to 48)."),
        click.option("--density", type=float, default=0.12, callback=_density,
                     show_default=True, help="Random lakes: share of each tile that is island "
                     f"(0 to {MAX_DENSITY}; spots stand by islands, so keep some)."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def _board_choice(board: str, shuffle_tiles: bool, rotate_tiles: bool,
                  tile_size: tuple[int, int], density: float) -> Any:
    from course_builder.powerboats.lake.catalog import BoardChoice
    from course_builder.powerboats.lake.params import LakeParams

    if rotate_tiles and not shuffle_tiles:
        raise click.UsageError("--rotate-tiles only makes sense with --shuffle-tiles")
    if board not in ("classic", "random") and not os.path.isfile(board):
        raise click.BadParameter(f"no such board or file: {board!r}", param_hint="'--board'")
    return BoardChoice(board, shuffle_tiles, rotate_tiles, None,
                       LakeParams(tile_size[0], tile_size[1], density))


# -------------------------------------------------------------------------------------------------
# powerboats board / check-board
# -------------------------------------------------------------------------------------------------


@powerboats.command("board")
@board_options
@seed_option
@click.option("--format", "fmt", type=click.Choice(["text", "json", "svg"]), default="text",
              show_default=True)
@output_option
def board_cmd(board: str, shuffle_tiles: bool, rotate_tiles: bool, tile_size: tuple[int, int],
              density: float, seed: int | None, fmt: str, output: Path | None) -> None:
    """Show a lake: as text, as JSON (every hex and spot) or as an SVG picture."""

    choice = _board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
    seed = resolve_seed(seed, choice.uses_randomness)
    lake = catalog().make(choice, seed)
    if fmt == "json":
        emit(json_text(lake.to_json(), sort_keys=True), output)
    elif fmt == "svg":
        from course_builder.render.powerboats.lake import board_svg

        emit(board_svg(lake), output)
    else:
        emit(_lake_header(lake) + lake.to_text(), output)


def _lake_header(lake: Any) -> str:
    """What the picture alone does not say: the lake's source and which tile lies where."""
    from course_builder.powerboats.course.describe import lake_step

    source = lake.source
    name = source.board + (f", seed {source.seed}" if source.seed is not None else "")
    lines = [f"Lake: {name}"]
    if source.arrangement:
        lines.append(f"Tiles: {source.arrangement}")
    step = lake_step(lake)
    if step:
        lines.append(step)
    return "\n".join(lines) + "\n\n"


@powerboats.command("check-board")
@click.argument("path", type=FilePath(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def check_board_cmd(path: Path, fmt: str) -> None:
    """Check a .board file: its tiles, slots and spots (file:line:col when broken), then what
    races A, B and C need: four spots each, on one body of water, and a legal course. Exit 1
    with the problems (the first that keeps the file from being read, else every problem of the
    races); 0 when a game can be played on it."""
    from course_builder.powerboats.course.fitness import lake_notes, race_problems
    from course_builder.powerboats.lake.boardfile import parse_kit
    from course_builder.powerboats.lake.kit import assemble

    try:
        kit = parse_kit(read_text(path), str(path))
        lake = assemble(kit)
    except CourseBuilderError as exc:
        _board_report(path, fmt, [str(exc)], [], None)
        raise SystemExit(1) from None
    notes = [f"not transcribed: {t} {f}" for (t, f), face in kit.faces.items()
             if face.status != "transcribed"] + lake_notes(lake)
    problems = race_problems(lake)
    _board_report(path, fmt, problems, notes, lake)
    if problems:
        raise SystemExit(1)


def _board_report(path: Path, fmt: str, problems: list[str], notes: list[str], lake: Any) -> None:
    summary = None
    if lake is not None:
        summary = {"name": lake.name, "hexes": len(lake.hexes()), "water": lake.water_count,
                   "spots": {x: len(lake.spots_for(x)) for x in "ABC"}}
    if fmt == "json":
        click.echo(json_text({"file": str(path), "ok": not problems, "board": summary,
                              "problems": [_without_path(p, path) for p in problems],
                              "notes": notes}), nl=False)
        return
    for problem in problems:
        click.echo(problem if problem.startswith(f"{path}:") else f"{path}: {problem}")
    if not problems and summary is not None:
        counts = ", ".join(f"{n} {x}" for x, n in summary["spots"].items())
        click.echo(f"{path}: ok: {summary['name']}, {summary['hexes']} hexes, "
                   f"{summary['water']} water, spots {counts}")
    for note in notes:
        click.echo(f"note: {note}", err=True)


# -------------------------------------------------------------------------------------------------
# powerboats course / validate
# -------------------------------------------------------------------------------------------------


@powerboats.command("course")
@click.option("--race", type=click.Choice(["A", "B", "C"], case_sensitive=False), required=True,
              metavar="A|B|C",
              help="Race A, B or C: which letter spots hold the buoys.")
@board_options
@seed_option
@click.option("--expansion", is_flag=True, help="Place the 7 tiles of Expansion 1.")
@click.option("--assign", metavar="SPOTS", default=None,
              help="Spots of buoys 0,1,2,3, e.g. A3,A1,A2,A4 (arrows are still solved).")
@click.option("--finish-buoy-on-water", is_flag=True,
              help="Also require the finish buoy's hex to be water (ruling COURSE-01).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@output_option
def course_cmd(race: str, board: str, shuffle_tiles: bool, rotate_tiles: bool,
               tile_size: tuple[int, int], density: float, seed: int | None, expansion: bool,
               assign: str | None, finish_buoy_on_water: bool, fmt: str,
               output: Path | None) -> None:
    """Generate a random legal course for one race (same seed, same course). Text and JSON both
    give its one-line course code (docs/notation.md)."""
    from course_builder.powerboats.course.code import course_code
    from course_builder.powerboats.course.codec import dumps
    from course_builder.powerboats.course.describe import course_text
    from course_builder.powerboats.course.generate import CourseMaker, CourseOptions

    choice = _board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
    seed = resolve_seed(seed, not assign or expansion or choice.uses_randomness)
    lake = catalog().make(choice, seed)
    maker = CourseMaker(lake, CourseOptions(finish_buoy_on_water=finish_buoy_on_water))
    course = maker.generate(race.upper(), seed, assign=assign,
                            expansion=expansion)
    if fmt == "json":
        emit(dumps({**course.to_json(), "code": course_code(course, lake)}), output)
    else:
        emit(course_text(course, lake), output)


@powerboats.command("validate")
@click.argument("path", type=FilePath(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def validate_cmd(path: Path, fmt: str) -> None:
    """Check a course file (e.g. a course laid out by hand). Every problem goes to stdout, one per
    line after the file name, and the exit code is 1; 0 when the course is legal. A file that
    cannot be read or is not a course file is a problem too."""
    from course_builder.powerboats.course.load import read_spec
    from course_builder.powerboats.course.validate import validate

    problems: list[str] = []
    route_length = None
    race = None
    try:
        spec, lake = read_json(path, lambda data: read_spec(data, catalog(path)))
        race = spec.race
        result = validate(spec, lake)
        problems = [str(p) for p in result.problems]
        if result.course is not None and result.course.route is not None:
            route_length = result.course.route.length
    except CourseBuilderError as exc:
        problems = [str(exc)]
    if fmt == "json":
        click.echo(json_text({"file": str(path), "ok": not problems, "race": race,
                              "route_length": route_length,
                              "problems": [_without_path(p, path) for p in problems]}), nl=False)
    elif problems:
        for problem in problems:
            click.echo(problem if problem.startswith(f"{path}:") else f"{path}: {problem}")
    else:
        click.echo(f"{path}: ok: race {race} course, shortest legal route {route_length} hexes")
    if problems:
        raise SystemExit(1)


SHEET_FORMATS = ("pdf", "svg", "png")


def sheet_format(fmt: str | None, output: Path | None) -> str:
    """The format asked for, else the one the output file's extension names, else PDF; a format
    that contradicts the extension is a usage error (a PDF written into ``sheet.png`` helps
    nobody)."""
    named = output.suffix.lower().lstrip(".") if output is not None else ""
    if named not in SHEET_FORMATS:
        return fmt or "pdf"
    if fmt is not None and fmt != named:
        raise click.UsageError(f"--format {fmt} does not match the file name {output}: "
                               f"give a .{fmt} file or --format {named}")
    return named


def _without_path(message: str, path: Path) -> str:
    """A reader's message with its leading ``PATH:`` taken off (JSON names the file once);
    a ``LINE:COL:`` after it stays."""
    prefix = f"{path}:"
    return message[len(prefix):].lstrip() if message.startswith(prefix) else message


@powerboats.command("sheet")
@click.option("--race", type=click.Choice(["A", "B", "C", "game"], case_sensitive=False),
              default="A", show_default=True, metavar="A|B|C|game",
              help="One race, or 'game': races A, B and C on the same lake, one page each.")
@board_options
@seed_option
@click.option("--expansion", is_flag=True, help="Place the 7 tiles of Expansion 1.")
@click.option("--course", "course_file", type=FilePath(dir_okay=False), default=None,
              help="Print this course file (e.g. a validated hand-laid course) instead.")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg", "png"]), default=None,
              help="Default: the -o file's extension (.pdf, .svg, .png), else pdf.")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False),
              default="a4", show_default=True,
              help="Paper the pages are laid out for (every format: PDF, SVG and PNG).")
@click.option("--dpi", type=click.IntRange(50, 1200), default=300, show_default=True,
              help="PNG resolution (recorded in the PNG, so it prints at the paper's size).")
@click.option("--mats", is_flag=True, help="Add a page of per-player dice and damage mats.")
@click.option("--no-route", is_flag=True, help="Do not draw the shortest route.")
@click.option("--stats", "stats_games", type=click.IntRange(0, 100_000), default=0,
              metavar="GAMES", help="Print each course's expected length in turns and its crash "
              "and sink rates, with their 95% intervals, from this many simulated 4-boat races "
              "(strong bots; SIM-04).")
@click.option("--par", "with_par", is_flag=True,
              help="Print each course's par: the expected turns of one boat alone with perfect "
              "play (docs/par.md; tens of seconds a course).")
@click.option("--finish-buoy-on-water", is_flag=True,
              help="Also require the finish buoy's hex to be water (ruling COURSE-01).")
@click.option("-o", "--output", type=FilePath(dir_okay=False), default=None,
              help="Output file (default: output/powerboats-RACE-SEED.FORMAT). With several "
              "SVG/PNG pages, the page's name is added: -A (or -A-1, -A-2 for a race on two "
              "pages), -mats; all pages are written or none. '-': one SVG page to stdout. "
              "Missing folders are created; a symlink's target is written.")
def sheet_cmd(race: str, board: str, shuffle_tiles: bool, rotate_tiles: bool,
              tile_size: tuple[int, int], density: float, seed: int | None, expansion: bool,
              course_file: Path | None, fmt: str | None, paper: str, dpi: int, mats: bool,
              no_route: bool, stats_games: int, with_par: bool, finish_buoy_on_water: bool,
              output: Path | None) -> None:
    """Print a setup sheet: the lake with every piece to place and how to place it, the course
    code, and the steps (on a second page when they do not fit)."""
    from course_builder.render.powerboats.sheets import render_sheets

    fmt = sheet_format(fmt, output)
    _refuse_ignored(click.get_current_context(), course_file is not None, fmt)
    if course_file is not None:
        lake, courses = _course_from_file(course_file)
        stem = f"powerboats-{courses[0].race}-{course_file.stem}"
    else:
        from course_builder.powerboats.course.generate import CourseMaker, CourseOptions

        choice = _board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
        seed = resolve_seed(seed, True)
        assert seed is not None
        lake = catalog().make(choice, seed)
        maker = CourseMaker(lake, CourseOptions(finish_buoy_on_water=finish_buoy_on_water))
        races = "ABC" if race.lower() == "game" else race.upper()
        courses = [maker.generate(r, seed, expansion=expansion) for r in races]
        stem = f"powerboats-{race.upper() if race.lower() != 'game' else 'game'}-{seed}"
    if stats_games:
        courses = _with_stats(lake, courses, stats_games, seed or 0)
    if with_par:
        courses = _with_par(lake, courses)
    with progress_bar("drawing sheets") as progress:
        files = render_sheets(lake, courses, fmt=fmt, paper=paper.lower(),
                              show_route=not no_route, mats=mats, dpi=dpi, progress=progress)
    if output is not None and str(output) == "-":
        if fmt != "svg" or len(files) != 1:
            raise click.UsageError("-o - (stdout) takes one SVG page; PDF and PNG are binary "
                                   "and several pages need files")
        page = files[0][1]
        emit(page.decode("utf-8") if isinstance(page, bytes) else page, None)
        return
    target = output or as_path("output") / f"{stem}.{fmt}"
    if len(files) > 1 and target.exists() and not target.is_file():
        raise click.UsageError(f"{target} is not a file: the {len(files)} pages need a file name "
                               "to number them after")
    emit_files([(target if len(files) == 1 else
                 target.with_name(f"{target.stem}-{suffix}{target.suffix}"), data)
                for suffix, data in files])


def _with_stats(lake: Any, courses: list[Any], games: int, seed: int) -> list[Any]:
    """Each course with a note of what a quick simulation says of it (SIM-04)."""
    from course_builder.core.records import replace
    from course_builder.powerboats.course.code import course_code
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


def _with_par(lake: Any, courses: list[Any]) -> list[Any]:
    """Each course with a note of its par (docs/par.md)."""
    from course_builder.core.records import replace
    from course_builder.powerboats.play.race import Race
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


def _refuse_ignored(ctx: click.Context, from_file: bool, fmt: str) -> None:
    """Options the sheet would silently ignore are refused instead."""
    def given(name: str) -> bool:
        return ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT)

    if from_file:
        ignored = [name for name in _GENERATION_ONLY if given(name)]
        if ignored:
            names = ", ".join("--" + n.replace("_", "-") for n in ignored)
            raise click.UsageError(f"{names}: not used with --course (the course file says "
                                   "which race, lake and tiles)")
    if given("dpi") and fmt != "png":
        raise click.UsageError("--dpi only applies to --format png")


def _course_from_file(path: Path) -> tuple[Any, list[Any]]:
    from course_builder.powerboats.course.load import load_course

    lake, course = read_json(path, lambda data: load_course(data, catalog(path)))
    return lake, [course]


def catalog(beside: Path | None = None, folders: list[Path] | None = None) -> Any:
    """Where this run's boards come from: the built-in ones and the user's board files. A
    board file named by a course file is looked for beside it first (``beside``: the course
    file; ``folders``: the folders of the course files read so far, latest first), then from the
    current folder; a bare name that is neither a built-in board nor a file is said to be an
    unknown board (a typo of 'classic', say)."""
    from course_builder.powerboats.lake.catalog import BUILT_IN, Catalog

    def read_board(path: Path) -> str:
        places = list(folders or [])
        if beside is not None and str(beside) != "-":
            places.insert(0, beside.parent)
        for folder in places if not path.is_absolute() else []:
            near = folder / path
            if near.exists():
                return read_text(near)
        if not path.exists() and path.suffix != ".board" and len(path.parts) == 1:
            raise CourseBuilderError(f"unknown board {str(path)!r}: the built-in boards are "
                                     f"{', '.join(BUILT_IN)}; a board file's name ends in "
                                     ".board")
        return read_text(path)

    return Catalog(read_file=read_board)


def read_position(text: str, rules: Any) -> Any:
    """A position from its notation, or from a file (``-``: standard input) holding the notation
    (comment lines start with ``#``) or the position's JSON."""
    from course_builder.core.jsonread import MAX_BYTES, parse
    from course_builder.powerboats.play.notation import (
        RaceBook,
        parse_position,
        position_from_json,
    )

    folders: list[Path] = []

    def read_course(ref: str, reader: Callable[[Any], Any]) -> Any:
        path = as_path(ref)
        if ref != "-":
            folders.insert(0, path.parent)  # its board file is looked for beside it
        return read_json(path, reader)

    book = RaceBook(catalog(folders=folders), read_course=read_course)
    if "|" in text:
        return parse_position(text, rules, book)
    path = as_path(text)
    lines = read_text(path, MAX_BYTES).splitlines()
    where = input_name(path)
    comment = [line.lstrip().startswith("#") for line in lines]
    # comment lines left blank, so that JSON errors give the file's own line numbers
    json_text = "\n".join("" if c else line for c, line in zip(comment, lines, strict=True))
    if json_text.lstrip().startswith("{"):
        return parse(json_text, where).read(lambda data: position_from_json(data, rules, book))
    content = "\n".join(line for c, line in zip(comment, lines, strict=True) if not c).strip()
    if "|" not in content:
        raise CourseBuilderError(f"{where}: no position in it (expected 'COURSE | BOATS | COLOUR "
                                 "TURN', see docs/notation.md)")
    return parse_position(content, rules, book)


# -------------------------------------------------------------------------------------------------
# powerboats adjudicate / moves
# -------------------------------------------------------------------------------------------------


def _rules_options(fn: F) -> F:
    """The named rulings of the adjudicator (docs/rulings.md, MOVE-xx)."""
    options = [
        click.option("--finished-boats-block", is_flag=True,
                     help="Finished boats stay on the lake as boats others cannot end on "
                     "(MOVE-07)."),
        click.option("--start-finish-buoys-pass", is_flag=True,
                     help="Start and finish buoys are no obstacles (MOVE-03)."),
        click.option("--no-zero-dice-turn", is_flag=True,
                     help="A boat without dice must add one; it may not only turn (MOVE-02)."),
        click.option("--heading-with-tiles", type=click.Choice(["simulate", "straight"]),
                     default="simulate", show_default=True,
                     help="Judge the heading rule with the expansion tiles' effects, or on the "
                     "plain straight line (EXP-11)."),
        click.option("--flights-do-not-count", is_flag=True,
                     help="Hexes flown over from a redoubt do not count for buoys and the "
                     "finish (EXP-03)."),
        click.option("--redoubt-wait-sails", is_flag=True,
                     help="The doubled turn after ending on a redoubt sails instead of flying "
                     "(EXP-07)."),
        click.option("--current-crash-min-one", is_flag=True,
                     help="A current that pushes a boat into land after its last step does 1 "
                     "damage, not 0 (EXP-05)."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def _rules(options: dict[str, Any]) -> Any:
    from course_builder.powerboats.play.rules import Rules

    return Rules(finished_boats_block=options["finished_boats_block"],
                 start_finish_buoys_block=not options["start_finish_buoys_pass"],
                 zero_dice_turn=not options["no_zero_dice_turn"],
                 heading_with_tiles=options["heading_with_tiles"],
                 flight_counts=not options["flights_do_not_count"],
                 redoubt_wait_flies=not options["redoubt_wait_sails"],
                 current_crash_min_one=options["current_crash_min_one"])


@powerboats.command("adjudicate")
@click.option("--position", "position_text", required=True, metavar="POSITION",
              help="Position notation, or a file holding it (docs/notation.md).")
@click.option("--move", "move_text", required=True, metavar="MOVE",
              help="Move notation, e.g. '+r2/13R'.")
@_rules_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def adjudicate_cmd(position_text: str, move_text: str, fmt: str, **options: Any) -> None:
    """Say what a move does and why, step by step with the rules. An illegal move gets the steps
    up to where it fails and the verdict, and exits with 4 (bad input exits with 1)."""
    from course_builder.powerboats.play.explain import explain
    from course_builder.powerboats.play.kernel import IllegalMove, apply
    from course_builder.powerboats.play.notation import parse_move

    rules = _rules(options)
    position = read_position(position_text, rules)
    move = parse_move(move_text)
    try:
        outcome = apply(position, move)
    except IllegalMove as exc:
        trace = explain(exc.events)
        if fmt == "json":
            click.echo(json_text({"legal": False, "boat": position.boat.colour,
                                  "move": move.notation(), "reason": exc.reason,
                                  "legal_alternatives": list(exc.legal), "trace": list(trace),
                                  "position": position.notation()}), nl=False)
        else:
            for i, line in enumerate(trace, start=1):
                click.echo(f"{i}. {line}")
            click.echo(f"illegal: {exc}")
        raise SystemExit(ILLEGAL_MOVE) from None
    if fmt == "json":
        click.echo(json_text({"legal": True, **outcome.to_json()}), nl=False)
        return
    for i, line in enumerate(outcome.trace, start=1):
        click.echo(f"{i}. {line}")
    click.echo(f"position: {outcome.position.notation()}")


def _dice_values(text: str) -> tuple[int, ...]:
    """``--dice``: values 1-3 separated by commas (``3,1,3``); empty for none."""
    text = text.strip()
    if not text:
        return ()
    parts = [p.strip() for p in text.split(",")]
    if any(not p for p in parts):
        raise click.BadParameter(f"{text!r} has an empty value between commas; give e.g. 3,1,3",
                                 param_hint="'--dice'")
    if any(" " in p for p in parts):
        raise click.BadParameter(f"separate the dice with commas, e.g. 3,1,3, got {text!r}",
                                 param_hint="'--dice'")
    if any(p not in ("1", "2", "3") for p in parts):
        raise click.BadParameter(f"dice show 1, 2 or 3, got {text!r}", param_hint="'--dice'")
    return tuple(int(p) for p in parts)


@powerboats.command("moves")
@click.option("--position", "position_text", required=True, metavar="POSITION",
              help="Position notation, or a file holding it.")
@click.option("--dice", required=True, metavar="VALUES",
              help="The dice after rolling, e.g. 3,1,3 (empty for none).")
@_rules_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def moves_cmd(position_text: str, dice: str, fmt: str, **options: Any) -> None:
    """Preview the three headings for the boat to move: which are legal and where each leads."""
    from course_builder.powerboats.play.kernel import heading_choices, rolled_dice_problem

    values = _dice_values(dice)
    position = read_position(position_text, _rules(options))
    problem = rolled_dice_problem(position, values)
    if problem:
        raise CourseBuilderError(problem)
    choices = [(c, c.preview()) for c in heading_choices(position, values)]
    if fmt == "json":
        click.echo(json_text([
            {"turn": c.turn, "heading": c.heading.name, "legal": c.legal, "free": c.reach,
             "path": [list(h.offset) for h in ahead.path], "crash": ahead.crash,
             "damage": ahead.damage, "race_over": ahead.race_over}
            for c, ahead in choices]), nl=False)
        return
    boat = position.boat
    click.echo(f"{boat.colour} at {boat.hex.offset} heading {boat.heading.name}, total "
               f"{sum(values)}:")
    for c, ahead in choices:
        end = ahead.end.offset if ahead.end else boat.hex.offset
        if ahead.race_over:
            result = f"{ahead.damage} damage at {end}: its race is over"
        elif ahead.crash:
            result = f"crash, {ahead.damage} damage, stops at {end}"
        else:
            result = f"ends at {end}"
        flag = "legal" if c.legal else "illegal"
        click.echo(f"  {c.turn.word:8} {c.heading.name:2} {flag:7} {c.reach} water ahead; "
                   f"{result}")
