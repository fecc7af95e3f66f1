"""``course-builder powerboats ...``: boards, courses, sheets and the adjudicator on the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from course_builder.cli.common import (
    ILLEGAL_MOVE,
    F,
    GameGroup,
    emit,
    output_option,
    read_json,
    read_text,
    resolve_seed,
    seed_option,
)
from course_builder.core.errors import CourseBuilderError


@click.group(cls=GameGroup)
def powerboats() -> None:
    """Powerboats (Cwali, 2008) and Expansion 1."""


# -------------------------------------------------------------------------------------------------
# shared options
# -------------------------------------------------------------------------------------------------


def _tile_size(ctx: click.Context, param: click.Parameter, value: str) -> tuple[int, int]:
    try:
        rows, cols = (int(x) for x in value.lower().split("x"))
    except ValueError:
        raise click.BadParameter(f"expected ROWSxCOLS such as 12x8, got {value!r}") from None
    return rows, cols


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
                     help="Random lakes: rows x columns of one lake tile."),
        click.option("--density", type=click.FloatRange(0.0, 0.35), default=0.12,
                     show_default=True, help="Random lakes: share of each tile that is island."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def _board_choice(board: str, shuffle_tiles: bool, rotate_tiles: bool,
                  tile_size: tuple[int, int], density: float) -> Any:
    from course_builder.powerboats.lake.catalog import BoardChoice
    from course_builder.powerboats.lake.lakegen import LakeParams

    if rotate_tiles and not shuffle_tiles:
        raise click.UsageError("--rotate-tiles only makes sense with --shuffle-tiles")
    if board not in ("classic", "random") and not Path(board).is_file():
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
        emit(json.dumps(lake.to_json(), indent=1, sort_keys=True) + "\n", output)
    elif fmt == "svg":
        from course_builder.render.powerboats.lake import board_svg

        emit(board_svg(lake), output)
    else:
        emit(lake.to_text(), output)


@powerboats.command("check-board")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def check_board_cmd(path: Path) -> None:
    """Check a .board file: every tile, slot and spot. Exit 1 with file:line:col if broken."""
    from course_builder.powerboats.lake.boardfile import parse_kit
    from course_builder.powerboats.lake.kit import assemble

    kit = parse_kit(read_text(path), str(path))
    lake = assemble(kit)
    untranscribed = [f"{t} {f}" for (t, f), face in kit.faces.items()
                     if face.status != "transcribed"]
    counts = ", ".join(f"{len(lake.spots_for(x))} {x}" for x in "ABC")
    click.echo(f"{path}: ok: {lake.name}, {len(lake.hexes())} hexes, {lake.water_count} water, "
               f"spots {counts}")
    if untranscribed:
        click.echo(f"note: not transcribed: {', '.join(untranscribed)}", err=True)


# -------------------------------------------------------------------------------------------------
# powerboats course / validate
# -------------------------------------------------------------------------------------------------


@powerboats.command("course")
@click.option("--race", type=click.Choice(["A", "B", "C"], case_sensitive=False), required=True,
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
    """Generate a random legal course for one race (same seed, same course)."""
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
        emit(dumps(course.to_json()), output)
    else:
        emit(course_text(course), output)


@powerboats.command("validate")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def validate_cmd(path: Path) -> None:
    """Check a course file (e.g. a course laid out by hand). Prints every problem, one per line,
    and exits 1; exits 0 when the course is legal."""
    from course_builder.powerboats.course.codec import spec_from_json
    from course_builder.powerboats.course.validate import validate

    spec = spec_from_json(read_json(path))
    result = validate(spec, catalog().rebuild(spec.board_source))
    if not result.ok:
        for problem in result.problems:
            click.echo(f"{path}: {problem}")
        raise SystemExit(1)
    assert result.course is not None and result.course.route is not None
    click.echo(f"{path}: ok: race {spec.race} course, shortest legal route "
               f"{result.course.route.length} hexes")


@powerboats.command("sheet")
@click.option("--race", type=click.Choice(["A", "B", "C", "game"], case_sensitive=False),
              default="A", show_default=True,
              help="One race, or 'game': races A, B and C on the same lake, one page each.")
@board_options
@seed_option
@click.option("--expansion", is_flag=True, help="Place the 7 tiles of Expansion 1.")
@click.option("--course", "course_file", type=click.Path(exists=True, dir_okay=False,
              path_type=Path), default=None,
              help="Print this course file (e.g. a validated hand-laid course) instead.")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg", "png"]), default="pdf",
              show_default=True)
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False),
              default="a4", show_default=True, help="PDF paper size.")
@click.option("--mats", is_flag=True, help="Add a page of per-player dice and damage mats.")
@click.option("--no-route", is_flag=True, help="Do not draw the shortest route.")
@click.option("--finish-buoy-on-water", is_flag=True,
              help="Also require the finish buoy's hex to be water (ruling COURSE-01).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Output file (default: output/powerboats-RACE-SEED.FORMAT). With several "
              "SVG/PNG pages, -RACE is added to the name.")
def sheet_cmd(race: str, board: str, shuffle_tiles: bool, rotate_tiles: bool,
              tile_size: tuple[int, int], density: float, seed: int | None, expansion: bool,
              course_file: Path | None, fmt: str, paper: str, mats: bool, no_route: bool,
              finish_buoy_on_water: bool, output: Path | None) -> None:
    """Print a setup sheet: the lake with every piece to place and how to place it."""
    from course_builder.render.powerboats.sheets import render_sheets

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
    files = render_sheets(lake, courses, fmt=fmt, paper=paper.lower(), show_route=not no_route,
                          mats=mats)
    target = output or Path("output") / f"{stem}.{fmt}"
    for suffix, data in files:
        path = target if len(files) == 1 else target.with_name(
            f"{target.stem}-{suffix}{target.suffix}")
        emit(data, path)


def _course_from_file(path: Path) -> tuple[Any, list[Any]]:
    from course_builder.powerboats.course.load import IllegalCourse, load_course

    try:
        lake, course = load_course(read_json(path), catalog())
    except IllegalCourse as exc:
        raise CourseBuilderError(f"{path}: {exc}") from None
    return lake, [course]


def catalog() -> Any:
    """Where this run's boards come from: the built-in ones and the user's board files."""
    from course_builder.powerboats.lake.catalog import Catalog

    return Catalog(read_file=read_text)


def read_position(text: str, rules: Any) -> Any:
    """A position from its notation, or from a file (``-``: standard input) holding the notation
    (comment lines start with ``#``) or the position's JSON."""
    from course_builder.powerboats.play.notation import (
        RaceBook,
        parse_position,
        position_from_json,
    )

    book = RaceBook(catalog(), read_course=lambda ref: read_json(Path(ref)))
    if "|" in text:
        return parse_position(text, rules, book)
    if text == "-":
        content = sys.stdin.read()
        where = "standard input"
    else:
        content = read_text(Path(text))
        where = text
    content = "\n".join(line for line in content.splitlines()
                        if not line.lstrip().startswith("#")).strip()
    if content.startswith("{"):
        try:
            data = json.loads(content)
        except (ValueError, RecursionError) as exc:
            raise CourseBuilderError(f"{where}: not valid JSON ({str(exc)[:80]})") from None
        return position_from_json(data, rules, book)
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
            click.echo(json.dumps({"legal": False, "boat": position.boat.colour,
                                   "move": move.notation(), "reason": exc.reason,
                                   "legal_alternatives": list(exc.legal), "trace": list(trace),
                                   "position": position.notation()}, indent=1))
        else:
            for i, line in enumerate(trace, start=1):
                click.echo(f"{i}. {line}")
            click.echo(f"illegal: {exc}")
        raise SystemExit(ILLEGAL_MOVE) from None
    if fmt == "json":
        click.echo(json.dumps({"legal": True, **outcome.to_json()}, indent=1))
        return
    for i, line in enumerate(outcome.trace, start=1):
        click.echo(f"{i}. {line}")
    click.echo(f"position: {outcome.position.notation()}")


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
    from course_builder.powerboats.play.kernel import heading_choices

    try:
        values = tuple(int(v) for v in dice.replace(" ", "").split(",") if v)
    except ValueError:
        raise click.BadParameter(f"expected values such as 3,1,3, got {dice!r}",
                                 param_hint="'--dice'") from None
    if any(v not in (1, 2, 3) for v in values):
        raise click.BadParameter("dice show 1, 2 or 3", param_hint="'--dice'")
    position = read_position(position_text, _rules(options))
    choices = [(c, c.preview()) for c in heading_choices(position, values)]
    if fmt == "json":
        click.echo(json.dumps([
            {"turn": c.turn, "heading": c.heading.name, "legal": c.legal, "free": c.reach,
             "path": [list(h.offset) for h in ahead.path], "crash": ahead.crash,
             "damage": ahead.damage, "race_over": ahead.race_over}
            for c, ahead in choices], indent=1))
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





# -------------------------------------------------------------------------------------------------
# powerboats par
# -------------------------------------------------------------------------------------------------


@powerboats.command("par")
@click.option("--race", type=click.Choice(["A", "B", "C"], case_sensitive=False), default=None,
              help="Race A, B or C: a random course on the board (or give --course/--position).")
@board_options
@seed_option
@click.option("--expansion", is_flag=True, help="Place the 7 tiles of Expansion 1.")
@click.option("--course", "course_file", type=click.Path(exists=True, dir_okay=False,
                                                          path_type=Path),
              default=None, help="A course JSON file (from 'course --format json').")
@click.option("--position", "position_text", default=None, metavar="POSITION",
              help="Also the best move and par from this position (notation, or a file).")
@_rules_options
@click.option("--sink-penalty", type=click.FloatRange(min=0.0), default=100.0,
              show_default=True, help="Turns a sinking costs (ruling PAR-01).")
@click.option("--dice-cap", type=click.IntRange(1, 8), default=5, show_default=True,
              help="Most dice a boat holds in the model (ruling PAR-02).")
@click.option("--tolerance", type=click.FloatRange(min=1e-9), default=1e-3, show_default=True,
              help="Stop when no value moves by more than this many turns in a sweep.")
@click.option("--float64", is_flag=True, help="Solve in float64 (slower; float32 is the default).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@output_option
def par_cmd(race: str | None, board: str, shuffle_tiles: bool, rotate_tiles: bool,
            tile_size: tuple[int, int], density: float, seed: int | None, expansion: bool,
            course_file: Path | None, position_text: str | None, sink_penalty: float,
            dice_cap: int, tolerance: float, float64: bool, fmt: str, output: Path | None,
            **options: Any) -> None:
    """Exact par: the expected turns one boat alone needs with perfect play (docs/par.md)."""
    from course_builder.powerboats.play.race import Race
    from course_builder.powerboats.study.par import ParOptions, par_for, solve_par
    from course_builder.powerboats.study.report import par_text, position_json, position_words

    rules = _rules(options)
    if sum(x is not None for x in (race, course_file, position_text)) != 1:
        raise click.UsageError("give one of --race, --course or --position")
    position = None
    if position_text is not None:
        position = read_position(position_text, rules)
        the_race = position.race
    elif course_file is not None:
        lake, courses = _course_from_file(course_file)
        the_race = Race(lake, courses[0], rules)
    else:
        assert race is not None
        choice = _board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
        seed = resolve_seed(seed, True)
        lake = catalog().make(choice, seed)
        from course_builder.powerboats.course.generate import CourseMaker

        the_race = Race(lake, CourseMaker(lake).generate(race.upper(), seed,
                                                         expansion=expansion), rules)
    par_options = ParOptions(sink_penalty, dice_cap, tolerance=tolerance, float64=float64)
    with _par_progress() as progress:
        if position is None:
            result = par_for(the_race, par_options, progress=progress)
        else:
            table = solve_par(the_race, par_options, positions=[position], progress=progress)
    if position is None:
        emit(json.dumps(result.to_json(), indent=1) if fmt == "json" else par_text(result),
             output)
    elif fmt == "json":
        emit(json.dumps({**position_json(table, position), "options": par_options.to_json(),
                         "model": table.stats.to_json()}, indent=1), output)
    else:
        emit(position_words(table, position), output)


class _par_progress:
    """A progress bar on stderr for building (40%) and solving (60%) the par model."""

    def __enter__(self) -> Any:
        self.bar = click.progressbar(length=1000, label="par", file=sys.stderr)
        self.bar.__enter__()
        self.done = 0

        def update(stage: str, fraction: float) -> None:
            at = int(1000 * (0.4 * fraction if stage == "build" else 0.4 + 0.6 * fraction))
            if at > self.done:
                self.bar.update(at - self.done)
                self.done = at

        return update

    def __exit__(self, *exc: object) -> None:
        self.bar.__exit__(*exc)  # type: ignore[arg-type]
