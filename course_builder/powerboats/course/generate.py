"""Building courses: buoys on the race's spots, the start/finish tile, arrows, expansion tiles.

Rules: reference and narrative, "Building a Course" (race A uses the A spots, buoys 0-3 at random,
the start/finish tile at the side of buoy 0's letter, the finish buoy at its other end, arrows so
no buoy needs a complete circle, the easiest start and finish directions); expansion,
"Preparation" (7 tiles on the letters no buoy uses, never on the start/finish tile's lake section,
island letters first, a crossing tile shifted over its letter: :mod:`.expansion`). Rulings
COURSE-01..COURSE-11 in docs/rulings.md.

:class:`CourseMaker` holds a board and caches, for that board, the gates of rounding lines and the
arrow solution of each buoy assignment, so that generating thousands of courses on one board stays
fast. Randomness comes only from the seed.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from course_builder.core.hexgrid import Hex
from course_builder.core.values import Mutable
from course_builder.powerboats.course.arrows import (
    ArrowSolution,
    CourseFrame,
    quick_arrows,
    solve_arrows,
)
from course_builder.powerboats.course.expansion import place_expansion
from course_builder.powerboats.course.model import (
    FINISH,
    RACES,
    Buoy,
    Course,
    CourseError,
    CourseOptions,
    ExpansionTile,
    StartFinishTile,
)
from course_builder.powerboats.course.progress import GateBook
from course_builder.powerboats.course.tile import start_tile_at
from course_builder.powerboats.lake.board import Board, Spot

_DEFAULT_OPTIONS = CourseOptions()
"""The options of a maker not given any (a value: immutable, so one shared value is safe)."""


class CourseMaker(Mutable, dict=True):
    """Builds courses on one board; remembers the arrow solution of each buoy assignment.

    A mutable value, equal to a maker on an equal board with equal options and unhashable; what
    it remembers (in its ``__dict__``) does not count.
    """

    board: Board
    options: CourseOptions = _DEFAULT_OPTIONS
    solve_routes: bool = True
    """False: arrows from the turns alone and start/finish directions facing buoys 1 and 3, no
    route search (fast, for statistics; not checked against forced circles)."""

    def __post_init__(self) -> None:
        self._solutions: dict[tuple[str, ...], ArrowSolution | str] = {}
        self._gates: GateBook | None = None

    @property
    def gates(self) -> GateBook:
        """The gate book of this maker's board (built on first use, kept with the maker)."""
        if self._gates is None:
            self._gates = GateBook(self.board)
        return self._gates

    def frame(self, spots: Sequence[Spot], tile: Sequence[Hex], finish: Hex) -> CourseFrame:
        """The fixed pieces for buoys 0-3 on ``spots`` with the tile and finish buoy placed."""
        hexes = tuple(s.hex for s in spots)
        return CourseFrame(self.board, tuple(tile), spots[0].side, hexes[1:], (*hexes, finish),
                           self.gates)

    def spots(self, race: str) -> tuple[Spot, ...]:
        race = race.upper()
        if race not in RACES:
            raise CourseError(f"race must be A, B or C, got {race!r}")
        spots = self.board.spots_for(race)
        if len(spots) != 4:
            raise CourseError(f"board {self.board.name!r} has {len(spots)} {race} spots, needs 4")
        return spots

    def parse_assignment(self, race: str, text: str | Sequence[str]) -> tuple[str, ...]:
        """``A3,A1,A2,A4`` -> the spots of buoys 0, 1, 2, 3 (checked)."""
        items = text.split(",") if isinstance(text, str) else list(text)
        ids = tuple(x.strip().upper() for x in items)
        valid = [s.id for s in self.spots(race)]
        if len(ids) != 4 or sorted(ids) != sorted(valid):
            raise CourseError(
                f"--assign needs the four {race.upper()} spots in buoy order 0,1,2,3, each once "
                f"(e.g. {','.join(valid)}), got {','.join(ids)}"
            )
        return ids

    def solve(self, assignment: tuple[str, ...]) -> ArrowSolution | str:
        """The arrows for buoys on these spots, or why there are none. Cached."""
        if assignment in self._solutions:
            return self._solutions[assignment]
        spots = [self.board.spot(s) for s in assignment]
        buoy_hexes = [s.hex for s in spots]
        placement = start_tile_at(self.board, spots[0], other_buoys=buoy_hexes[1:],
                                  finish_on_water=self.options.finish_buoy_on_water)
        solution: ArrowSolution | str
        if placement.problem:
            solution = f"spot {spots[0].id} cannot take buoy 0: {placement.problem}"
        else:
            frame = self.frame(spots, placement.hexes, placement.finish)
            found = solve_arrows(frame) if self.solve_routes else quick_arrows(frame)
            solution = found if found else (
                f"no legal route for buoys on {','.join(assignment)}: whatever the arrows, a "
                "buoy cannot be rounded or the finish cannot be reached")
        self._solutions[assignment] = solution
        return solution

    def build(self, race: str, assignment: tuple[str, ...], *, seed: int | None = None,
              rng: random.Random | None = None, expansion: bool = False,
              notes: Sequence[str] = ()) -> Course:
        """The course with buoys 0-3 on the given spots (raises :class:`CourseError`)."""
        solution = self.solve(assignment)
        if isinstance(solution, str):
            raise CourseError(solution)
        spots = [self.board.spot(s) for s in assignment]
        axis = spots[0].side
        placement = start_tile_at(self.board, spots[0],
                                  finish_on_water=self.options.finish_buoy_on_water)
        buoys = [Buoy(0, spots[0].hex, spots[0].id)]
        for i in range(3):
            buoys.append(Buoy(i + 1, spots[i + 1].hex, spots[i + 1].id, solution.arrows[i]))
        buoys.append(Buoy(FINISH, placement.finish))
        tile = StartFinishTile(placement.hexes, axis, solution.start_direction,
                               solution.finish_direction)
        all_notes = list(notes)
        if not self.board.is_water(placement.finish):
            r, c = placement.finish.offset
            all_notes.append(f"the finish buoy stands on land at ({r}, {c}), past the tile's far "
                             "end (COURSE-01)")
        tiles: tuple[ExpansionTile, ...] = ()
        if expansion:
            tiles, more = place_expansion(self.board, race.upper(), buoys, tile,
                                          rng or random.Random(f"powerboats-expansion:{seed}"))
            all_notes.extend(more)
        used = [*spots, *(self.board.spot(t.spot) for t in tiles)]
        for s in used:
            if s.approximate:
                all_notes.append(f"spot {s.id} is approximate in the board data (not readable in "
                                 "the source): check it against your board")
        return Course(race.upper(), self.board.source, tuple(buoys), tile, solution.lines,
                      tiles, solution.route, seed, tuple(all_notes), self.options)

    def generate(self, race: str, seed: int | None, *,
                 assign: str | Sequence[str] | None = None, expansion: bool = False) -> Course:
        """A random legal course for a race: the same seed always gives the same course. The
        seed may be None only when nothing is left to chance (``assign`` and no expansion)."""
        if seed is None and (not assign or expansion):
            raise CourseError("a random course needs a seed")
        race = race.upper()
        rng = random.Random(f"powerboats-course:{race}:{seed}")
        if assign:
            return self.build(race, self.parse_assignment(race, assign), seed=seed, rng=rng,
                              expansion=expansion)
        ids = [s.id for s in self.spots(race)]
        orders = list(itertools.permutations(ids))
        rng.shuffle(orders)
        notes = []
        for spot in self.spots(race):
            placement = start_tile_at(self.board, spot,
                                      finish_on_water=self.options.finish_buoy_on_water)
            if placement.problem:
                notes.append(f"spot {spot.id} cannot take buoy 0: {placement.problem}")
        for order in orders:
            if not isinstance(self.solve(order), str):
                return self.build(race, order, seed=seed, rng=rng, expansion=expansion,
                                  notes=notes)
        raise CourseError(f"no legal course exists for race {race} on board {self.board.name!r}")

    def enumerate(self, race: str) -> list[tuple[tuple[str, ...], Course | str]]:
        """All 24 orders of a race's spots, each with its course or the reason it fails."""
        out: list[tuple[tuple[str, ...], Course | str]] = []
        for order in itertools.permutations(s.id for s in self.spots(race)):
            solution = self.solve(order)
            out.append((order, solution if isinstance(solution, str) else self.build(race, order)))
        return out
