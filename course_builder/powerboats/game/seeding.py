"""How a seed starts a game and rolls its dice: the start player of race A, the courses of races
A, B and C, and the dice rolled for the table.

``powerboats play`` and the web page both start a game this way, so the same lake and seed give
the same game in both: each race's course is the one ``powerboats course --race R --seed SEED``
makes on that lake, and the start player is rolled from the seed unless the table agreed on one
(ruling GAME-04). Dice the table asks the program to roll come from the seed and the number of
entries in the game so far (:func:`table_roll`), so a game replayed from its seed rolls the same.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from course_builder.core.values import Frozen
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.model import Course
from course_builder.powerboats.game.scoring import RACE_NAMES
from course_builder.powerboats.lake.board import Board


class GameStart(Frozen):
    """What the seed decides: who starts race A (``rolled``: the seed chose), and the course of
    each race, A to C."""

    start_player: str
    rolled: bool
    courses: tuple[Course, ...]


def seeded_start(colours: Sequence[str], seed: int, board: Board, *, expansion: bool = False,
                 start_player: str | None = None, given: Course | None = None) -> GameStart:
    """The start of a game on ``board`` from ``seed``: the start player (``start_player`` if
    given, else rolled from the seed among ``colours``; empty when there are none, for the seats'
    check to refuse) and the three courses, made from the seed (with Expansion 1's tiles if
    asked); a ``given`` course is its own race's, and the other two are made on its lake."""
    first = (start_player or "").strip().lower()
    rolled = not first
    if rolled and colours:
        first = random.Random(f"powerboats-game:{seed}").choice(list(colours))
    maker = CourseMaker(board)
    courses = tuple(given if given is not None and given.race == race else
                    maker.generate(race, seed, expansion=expansion) for race in RACE_NAMES)
    return GameStart(first, rolled, courses)


def table_roll(seed: int, entries: int, count: int) -> tuple[int, ...]:
    """``count`` dice (each 1 to 3) rolled for the table of game ``seed`` when it has
    ``entries`` entries so far: the same in ``play`` and on the web page."""
    rng = random.Random(f"powerboats-table:{seed}:{entries}")
    return tuple(rng.randint(1, 3) for _ in range(count))
