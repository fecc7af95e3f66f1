"""Building courses: buoys on the race's spots, the start/finish tile, arrows, expansion tiles.

Rules: reference and narrative, "Building a Course" (race A uses the A spots, buoys 0-3 at random,
the start/finish tile at the side of buoy 0's letter, the finish buoy at its other end, arrows so
no buoy needs a complete circle, the easiest start and finish directions); expansion,
"Preparation" (7 tiles on the letters no buoy uses, never on the start/finish tile's lake section,
island letters first, a crossing tile shifted over its letter: :mod:`.expansion`). Rulings
COURSE-01..COURSE-11 in docs/rulings.md.

:class:`CourseMaker` holds a board and caches the arrow solution of each buoy assignment, so that
generating thousands of courses on one board stays fast. Randomness comes only from the seed.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from course_builder.core.hexgrid import Direction, Hex, ray
from course_builder.powerboats.course.circles import forced_circles
from course_builder.powerboats.course.expansion import place_expansion
from course_builder.powerboats.course.model import (
    FINISH,
    RACES,
    Buoy,
    Course,
    CourseError,
    ExpansionTile,
    Route,
    StartFinishTile,
    crossing_side,
)
from course_builder.powerboats.course.rounding import (
    RoundingLine,
    Sense,
    centre,
    crossable,
    line_to_edge,
    rounding_direction,
    sense_for_turn,
    turn,
)
from course_builder.powerboats.course.routing import NoRoute, RouteResult, gate_steps, shortest_route
from course_builder.powerboats.lake.board import Board, Spot

TILE_LENGTH = 4
"""Hexes of the start/finish tile."""

STRAIGHT_TURN = 0.2
"""Below this sine of the turn angle (about 11.5 degrees) a buoy counts as passed straight (or
as a hairpin): both arrows are tried and the shorter route wins (COURSE-02)."""


@dataclass(frozen=True)
class CourseOptions:
    """Named rulings for building courses (docs/rulings.md)."""

    finish_buoy_on_water: bool = False
    """COURSE-01: require the finish buoy's hex to be water too. Off by default: on the classic
    lake most printed sides leave exactly four water hexes, the finish buoy then stands on the
    shore as buoy 0 does on island letters."""

    def to_json(self) -> dict[str, Any]:
        return {"finish_buoy_on_water": self.finish_buoy_on_water}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CourseOptions:
        return cls(finish_buoy_on_water=bool(data.get("finish_buoy_on_water", False)))


@dataclass(frozen=True)
class TilePlacement:
    """Where the start/finish tile goes for a buoy 0 spot, or why it cannot go there."""

    hexes: tuple[Hex, ...]
    finish: Hex
    problem: str | None = None


def start_tile_at(board: Board, spot: Spot, options: CourseOptions,
                  other_buoys: Sequence[Hex] = ()) -> TilePlacement:
    """The start/finish tile attached at the side of a spot's letter, running straight out.

    The tile's 4 hexes must be water, on the lake and free of other buoys; the finish buoy stands
    on the next hex past the far end (which must be on the lake, and water with
    ``finish_buoy_on_water``). A problem is reported, never mended by moving the tile.
    """
    side = spot.side
    *tile, finish = ray(spot.hex, side, TILE_LENGTH + 1)
    hexes = tuple(tile)
    for k, h in enumerate(hexes, start=1):
        if not board.contains(h):
            return TilePlacement(hexes, finish, f"hex {k} of the start/finish tile would be off the lake")
        if not board.is_water(h):
            r, c = h.offset
            return TilePlacement(hexes, finish, f"hex {k} of the start/finish tile, ({r}, {c}), is land")
        if h in other_buoys:
            r, c = h.offset
            return TilePlacement(hexes, finish, f"hex {k} of the start/finish tile, ({r}, {c}), holds a buoy")
    if not board.contains(finish):
        return TilePlacement(hexes, finish, "the finish buoy would stand off the lake")
    if options.finish_buoy_on_water and not board.is_water(finish):
        r, c = finish.offset
        return TilePlacement(hexes, finish, f"the finish buoy's hex ({r}, {c}) is land "
                             "(option finish_buoy_on_water)")
    return TilePlacement(hexes, finish)


@dataclass(frozen=True)
class ArrowSolution:
    """Arrows for buoys 1-3, their rounding lines, the start and finish directions, and the
    shortest route they give (None when routes are not solved)."""

    arrows: tuple[Sense, ...]
    lines: tuple[RoundingLine, ...]
    start_direction: Direction
    finish_direction: Direction
    route: Route | None

    @classmethod
    def of(cls, arrows: Sequence[Sense], lines: Sequence[RoundingLine],
           result: RouteResult) -> ArrowSolution:
        return cls(tuple(arrows), tuple(lines), result.start_direction, result.finish_direction,
                   result.route)


def waypoints(tile: Sequence[Hex], buoys: Sequence[Hex]) -> list[tuple[float, float]]:
    """Course polyline start tile -> 1 -> 2 -> 3 -> finish tile, in y-up coordinates."""
    t = centre(tile)
    return [t, *(centre([b]) for b in buoys), t]


def rounding_lines_for(board: Board, tile: Sequence[Hex], buoys: Sequence[Hex],
                       arrows: Sequence[Sense]) -> tuple[RoundingLine, ...]:
    """The rounding lines of buoys 1-3 (``buoys`` are their hexes) for the given arrows."""
    pts = waypoints(tile, buoys)
    lines = []
    for i, b in enumerate(buoys):
        d = crossable_direction(board, b, rounding_direction(pts[i], pts[i + 1], pts[i + 2],
                                                             arrows[i]))
        lines.append(line_to_edge(board, b, d))
    return tuple(lines)


def crossable_direction(board: Board, buoy: Hex, direction: Direction) -> Direction:
    """The line direction itself, or where it runs over land all the way to the edge of the
    lake (a buoy against the shore), the nearest direction a boat can cross (COURSE-03)."""
    for turn_by in (0, 1, -1, 2, -2, 3):
        d = direction.left(turn_by)
        if crossable(board, buoy, d):
            return d
    return direction


def route_for(board: Board, *, tile: Sequence[Hex], axis: Direction, blocked: Sequence[Hex],
              lines: Sequence[RoundingLine], arrows: Sequence[Sense],
              start_sides: Sequence[int] = (1, -1), finish_sides: Sequence[int] = (1, -1),
              ) -> RouteResult | NoRoute:
    """The shortest legal route for a laid-out course."""
    gates = [gate_steps(board, line, sense) for line, sense in zip(lines, arrows, strict=True)]
    return shortest_route(board, blocked=blocked, tile=tile, axis=axis, gates=gates,
                          start_sides=start_sides, finish_sides=finish_sides)


def quick_arrows(board: Board, tile: Sequence[Hex], axis: Direction,
                 buoys: Sequence[Hex]) -> ArrowSolution:
    """Arrows from the turns alone; start towards buoy 1, finish coming from buoy 3."""
    pts = waypoints(tile, buoys)
    arrows = [sense_for_turn(pts[i], pts[i + 1], pts[i + 2]) for i in range(3)]
    lines = rounding_lines_for(board, tile, buoys, arrows)
    start = _facing(axis, pts[0], pts[1])
    finish = _facing(axis, pts[3], pts[0])
    return ArrowSolution(tuple(arrows), lines, start, finish, None)


def _facing(axis: Direction, source: tuple[float, float], target: tuple[float, float]
            ) -> Direction:
    """The tile-crossing direction closest to the way from ``source`` to ``target``."""
    vx, vy = target[0] - source[0], target[1] - source[1]
    crossing = [d for d in Direction if crossing_side(axis, d)]
    return max(crossing, key=lambda d: vx * math.cos(math.radians(d.angle))
               + vy * math.sin(math.radians(d.angle)))


def clear_turns(tile: Sequence[Hex], buoys: Sequence[Hex]) -> list[bool]:
    """For buoys 1-3: does the course clearly turn there? False where it passes (nearly) straight
    on or doubles back, so that either arrow is as good (COURSE-02, COURSE-06)."""
    pts = waypoints(tile, buoys)
    return [abs(turn(pts[i], pts[i + 1], pts[i + 2])) >= STRAIGHT_TURN for i in range(3)]


def circle_count(result: RouteResult) -> int:
    """How many times the route's legs cross at buoys (see :mod:`.circles`)."""
    return sum(forced_circles(result.route, count=True))


def usable_lines(board: Board, *, tile: Sequence[Hex], axis: Direction, buoys: Sequence[Hex],
                 blocked: Sequence[Hex], arrows: Sequence[Sense],
                 start_sides: Sequence[int] = (1, -1), finish_sides: Sequence[int] = (1, -1),
                 ) -> tuple[tuple[RoundingLine, ...], RouteResult | NoRoute]:
    """The rounding lines for the arrows, with the shortest route over them.

    Normally the lines of :func:`rounding_lines_for`. Where no route can round a buoy across its
    line in its sense (a buoy at the tip of a peninsula, whose line would close off a dead end),
    that line turns to the nearest direction across which the course can be sailed (COURSE-03):
    the buoy that could not be rounded first, then the one before it.
    """
    lines = list(rounding_lines_for(board, tile, buoys, arrows))
    defaults = [line.direction for line in lines]
    turns = (1, -1, 2, -2, 3)
    tries = [0, 0, 0]
    while True:
        result = route_for(board, tile=tile, axis=axis, blocked=blocked, lines=lines,
                           arrows=arrows, start_sides=start_sides, finish_sides=finish_sides)
        if not isinstance(result, NoRoute) or result.stuck == 0:
            return tuple(lines), result
        k = min(result.stuck, len(lines)) - 1
        while k >= 0 and tries[k] >= len(turns):
            k -= 1
        if k < 0:  # no line helps: report what goes wrong with the lines as they should be
            first = rounding_lines_for(board, tile, buoys, arrows)
            return first, route_for(board, tile=tile, axis=axis, blocked=blocked, lines=first,
                                    arrows=arrows, start_sides=start_sides,
                                    finish_sides=finish_sides)
        for j in range(k + 1, len(lines)):  # later buoys start over from their own lines
            tries[j] = 0
            lines[j] = line_to_edge(board, buoys[j], defaults[j])
        d = defaults[k].left(turns[tries[k]])
        tries[k] += 1
        lines[k] = line_to_edge(board, buoys[k], d)


def best_route(board: Board, *, tile: Sequence[Hex], axis: Direction, buoys: Sequence[Hex],
               blocked: Sequence[Hex], arrows: Sequence[Sense],
               start_sides: Sequence[int] = (1, -1), finish_sides: Sequence[int] = (1, -1),
               ) -> tuple[tuple[RoundingLine, ...], RouteResult | NoRoute]:
    """The easiest route for given arrows, with its rounding lines: fewest leg crossings at
    buoys, then shortest, over the allowed start and finish sides ("choose the easiest start and
    finish directions", reference, "Building a Course"). The route that picks its sides freely is
    tried first; only if it crosses itself at a buoy are the side pairs tried one by one."""
    lines, free = usable_lines(board, tile=tile, axis=axis, buoys=buoys, blocked=blocked,
                               arrows=arrows, start_sides=start_sides, finish_sides=finish_sides)
    if isinstance(free, NoRoute):
        return lines, free
    best, best_score = free, (circle_count(free), free.route.length)
    if best_score[0] == 0 or (len(start_sides) == 1 and len(finish_sides) == 1):
        return lines, best
    taken = (crossing_side(axis, free.start_direction), crossing_side(axis, free.finish_direction))
    for start_side in start_sides:
        for finish_side in finish_sides:
            if (start_side, finish_side) == taken:
                continue  # the free search's own sides: its route is already known
            found = route_for(board, tile=tile, axis=axis, blocked=blocked, lines=lines,
                              arrows=arrows, start_sides=(start_side,),
                              finish_sides=(finish_side,))
            if isinstance(found, NoRoute):
                continue
            score = (circle_count(found), found.route.length)
            if score < best_score:
                best, best_score = found, score
    return lines, best


def solve_arrows(board: Board, tile: Sequence[Hex], axis: Direction, buoys: Sequence[Hex],
                 blocked: Sequence[Hex]) -> ArrowSolution | None:
    """Choose the arrows of buoys 1-3 and the start and finish directions (COURSE-02).

    Each arrow follows the course's turn at its buoy (a left turn: counter-clockwise); where the
    course runs straight or doubles back at a buoy both senses are equally good. Among all arrow
    choices, the winner's easiest route has the fewest crossings of a leg leaving a buoy with the
    leg arriving there (none, unless the buoys' positions force one whatever the arrows), then
    departs least from the turns, then is the shortest.
    """
    pts = waypoints(tile, buoys)
    preferred = [sense_for_turn(pts[i], pts[i + 1], pts[i + 2]) for i in range(3)]
    doubtful = [not c for c in clear_turns(tile, buoys)]
    combos = []
    for flips in itertools.product((False, True), repeat=3):
        arrows = tuple(p.flipped() if f else p for p, f in zip(preferred, flips, strict=True))
        cost = sum(1 for f, d in zip(flips, doubtful, strict=True) if f and not d)
        combos.append((cost, arrows))
    combos.sort(key=lambda c: c[0])
    best: tuple[tuple[int, int, int], ArrowSolution] | None = None
    for cost, arrows in combos:
        if best is not None and best[0][0] == 0 and cost > best[0][1]:
            break  # a route without crossings and closer to the turns is already known
        lines, found = best_route(board, tile=tile, axis=axis, buoys=buoys, blocked=blocked,
                                  arrows=arrows)
        if isinstance(found, NoRoute):
            continue
        score = (circle_count(found), cost, found.route.length)
        if best is None or score < best[0]:
            best = (score, ArrowSolution.of(arrows, lines, found))
    return best[1] if best else None


@dataclass
class CourseMaker:
    """Builds courses on one board; remembers the arrow solution of each buoy assignment."""

    board: Board
    options: CourseOptions = field(default_factory=CourseOptions)
    solve_routes: bool = True
    """False: arrows from the turns alone and start/finish directions facing buoys 1 and 3, no
    route search (fast, for statistics; not checked against forced circles)."""
    _solutions: dict[tuple[str, ...], ArrowSolution | str] = field(default_factory=dict, repr=False)

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
        placement = start_tile_at(self.board, spots[0], self.options, buoy_hexes[1:])
        solution: ArrowSolution | str
        if placement.problem:
            solution = f"spot {spots[0].id} cannot take buoy 0: {placement.problem}"
        else:
            blocked = [*buoy_hexes, placement.finish]
            found: ArrowSolution | None
            if not self.solve_routes:
                found = quick_arrows(self.board, placement.hexes, spots[0].side, buoy_hexes[1:])
            else:
                found = solve_arrows(self.board, placement.hexes, spots[0].side, buoy_hexes[1:],
                                     blocked)
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
        placement = start_tile_at(self.board, spots[0], self.options)
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
        return Course(race.upper(), dict(self.board.source), tuple(buoys), tile, solution.lines,
                      tiles, solution.route, seed, tuple(all_notes),
                      self.options.to_json())

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
            placement = start_tile_at(self.board, spot, self.options)
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
