"""New courses and new games for the page, made as the command line makes them.

A course is ``powerboats course``'s: a lake (the board choice the command line offers: the classic
lake as printed, its tiles shuffled, shuffled and turned, or a random lake, all from the seed),
then a random legal course for the race. A game is ``powerboats play``'s: the same lake and seed
give races A, B and C, and the start player is rolled from the seed unless given; or a game is
sailed on the course in view (a shown course, a course file, a pasted course code): that course
is its race, and the other two races are made on its lake from the seed. Everything goes through
the same pure functions (:class:`~course_builder.powerboats.lake.catalog.Catalog`,
:class:`~course_builder.powerboats.course.generate.CourseMaker`,
:func:`~course_builder.powerboats.game.game.new_game`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from course_builder.core.jsonread import Value, inside
from course_builder.powerboats.course.code import course_code
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.load import IllegalCourse, load_course
from course_builder.powerboats.course.model import CourseError
from course_builder.powerboats.game.game import new_game
from course_builder.powerboats.game.scoring import RACE_NAMES, Scoring
from course_builder.powerboats.game.seeding import seeded_start
from course_builder.powerboats.lake.board import Board
from course_builder.powerboats.lake.catalog import MAX_SEED, BoardChoice
from course_builder.powerboats.play.race import Race
from course_builder.web.state import _CATALOG, BOOK, Table, WebError, text_field

FRESH_SEEDS = 2**31
"""A seed picked here is below this, as the command line picks them."""

BOARDS = {
    "classic": BoardChoice("classic"),
    "shuffled": BoardChoice("classic", shuffle_tiles=True),
    "shuffled-turned": BoardChoice("classic", shuffle_tiles=True, rotate_tiles=True),
    "random": BoardChoice("random"),
}
"""The page's board choices: ``--board classic``, with ``--shuffle-tiles`` (and
``--rotate-tiles``), and ``--board random`` with the default tile size and density. Board files
are not offered: the server reads no files."""


def seed_field(data: dict[str, Any]) -> int:
    """The request's seed, or a fresh one (the page shows it, so the course can be had again)."""
    seed = data.get("seed")
    if seed is None or seed == "":
        return random.SystemRandom().randrange(FRESH_SEEDS)
    if isinstance(seed, str) and seed.strip().isdigit() and len(seed.strip()) < 30:
        seed = int(seed.strip())
    return Value(seed, ("seed",), WebError).whole(0, MAX_SEED)


def flag(data: dict[str, Any], name: str) -> bool:
    """A true/false field of a request (false when absent)."""
    return Value(data.get(name, False), (name,), WebError).boolean()


def lake(data: dict[str, Any], seed: int) -> Board:
    """The lake the request's ``board`` names (classic when absent), laid from ``seed``."""
    name = Value(data.get("board") or "classic", ("board",), WebError).choice(BOARDS)
    return _CATALOG.make(BOARDS[name], seed)


def new_course(data: dict[str, Any]) -> tuple[Table, int]:
    """A random legal course for race A, B or C on the chosen lake (as ``powerboats
    course``)."""
    race = Value(data.get("race", "A"), ("race",), WebError).choice(RACE_NAMES)
    seed = seed_field(data)
    board = lake(data, seed)
    course = CourseMaker(board).generate(race, seed, expansion=flag(data, "expansion"))
    return Table("course", BOOK.race(course_code(course, board))), seed


def course_from_file(data: Any) -> Table:
    """A course file's contents (as ``validate`` and ``sheet --course`` read it), checked."""
    try:
        with inside(("course",)):
            board, course = load_course(data, _CATALOG)
    except IllegalCourse as exc:
        raise CourseError(f"course file: {exc}") from None
    return Table("course", BOOK.race(course_code(course, board)))


def _colours(data: dict[str, Any]) -> list[str]:
    players = data.get("players", "yellow,red")
    if isinstance(players, str):
        players = [p for p in (s.strip().lower() for s in players.split(",")) if p]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise WebError("'players': expected colours, e.g. yellow,red")
    return players


def game_races(data: dict[str, Any], seed: int, colours: Sequence[str] = (),
               start_player: str | None = None) -> tuple[list[Race], str]:
    """Races A, B and C of a new game and its start player, as ``play`` makes them
    (:func:`~course_builder.powerboats.game.seeding.seeded_start`): on the chosen lake from
    the seed; or, given ``course`` (a course code), that course for its race and the other two
    made on its lake from the seed (with expansion tiles if it has them)."""
    code = data.get("course")
    if code is None:
        board = lake(data, seed)
        expansion = flag(data, "expansion")
        given: Race | None = None
    else:
        given = BOOK.race(text_field(data, "course", 2000).strip())
        board = given.board
        expansion = bool(given.course.expansion_tiles)
    start = seeded_start(colours, seed, board, expansion=expansion, start_player=start_player,
                         given=given.course if given is not None else None)
    races = [given if given is not None and given.course is course else
             BOOK.race(course_code(course, board)) for course in start.courses]
    return races, start.start_player


def new_game_table(data: dict[str, Any], names: tuple[str, ...] = ()) -> Table:
    """A game about to begin, as ``powerboats play`` starts one: seats, the start player (rolled
    from the seed unless given), races A, B and C (:func:`game_races`); ``names`` the players'
    names by seat, if given."""
    players = _colours(data)
    seed = seed_field(data)
    scoring = Value(data.get("scoring", "standard"), ("scoring",), WebError).choice(
        [s.value for s in Scoring])
    start = Value(data.get("start_player") or None, ("start_player",), WebError).string(
        what="a colour", null=True)
    races, first = game_races(data, seed, players, start)
    game = new_game(players, first, races, Scoring(scoring), names)
    return Table("game", races[0], game=game, seed=seed)
