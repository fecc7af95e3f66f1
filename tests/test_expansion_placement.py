"""Expansion 1 placement (expansion, "Preparation"; docs/rulings.md COURSE-08..COURSE-11)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from course_builder.core.hexgrid import direction_between
from course_builder.powerboats.course.expansion import EXPANSION_SET, expansion_sections
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.model import ExpansionKind
from course_builder.powerboats.lake.catalog import classic_board
from tests.helpers import lake

SQUARE = {"A1": ((3, 4), "E"), "A2": ((3, 15), "E"), "A3": ((12, 3), "E"), "A4": ((13, 8), "E")}
ORDER = ("A4", "A2", "A1", "A3")


def test_crossing_tile_is_shifted_over_its_water_letter() -> None:
    """COURSE-09: the island letter b is placed first, running east; the water letter C's tile
    would start on b's tile, so it is laid from C's own hex the opposite way."""
    spots = {**SQUARE, "B1": ((6, 6), "E"), "C1": ((7, 8), "NE")}
    board = lake(16, 20, spots, land={(6, 6)})
    course = CourseMaker(board).build("A", ORDER, expansion=True, rng=random.Random(1))
    tiles = {t.spot: t for t in course.expansion_tiles}
    assert [h.offset for h in tiles["B1"].hexes] == [(6, 7), (6, 8), (6, 9)]
    assert not tiles["B1"].shifted
    assert [h.offset for h in tiles["C1"].hexes] == [(7, 8), (8, 7), (9, 7)]
    assert tiles["C1"].shifted
    assert course.notes[-1].startswith("5 expansion tile(s) left in the box for lack of free spots")


def test_island_letters_are_used_first() -> None:
    # C1 is written on an island, B1 in the water: C1 gets the first tile whatever the seed
    spots = {**SQUARE, "B1": ((8, 12), "E"), "C1": ((6, 6), "E")}
    board = lake(16, 20, spots, land={(6, 6)})
    for seed in range(10):
        course = CourseMaker(board).build("A", ORDER, expansion=True, rng=random.Random(seed))
        assert [t.spot for t in course.expansion_tiles] == ["C1", "B1"]


def test_no_tile_on_the_start_section() -> None:
    """Expansion, "Preparation": never on the lake section of the start/finish tile."""
    spots = {**SQUARE, "B1": ((9, 14), "E"), "C1": ((10, 6), "NE")}
    sections = {"L": (0, 0, 16, 10), "R": (0, 10, 16, 10)}
    board = lake(16, 20, spots, sections=sections)
    course = CourseMaker(board).build("A", ORDER, expansion=True, rng=random.Random(3))
    # buoy 0 (13, 8) and the tile (13, 9)-(13, 12) lie on sections L and R: both are excluded
    assert expansion_sections(board, course.tile.hexes, course.buoy(0).hex) == {"L", "R"}
    assert course.expansion_tiles == ()
    assert "7 expansion tile(s) left in the box" in course.notes[-1]


def test_tile_on_land_skips_the_spot() -> None:
    spots = {**SQUARE, "B1": ((8, 12), "E"), "C1": ((10, 6), "E")}
    board = lake(16, 20, spots, land={(10, 8)})
    course = CourseMaker(board).build("A", ORDER, expansion=True, rng=random.Random(2))
    assert [t.spot for t in course.expansion_tiles] == ["B1"]
    assert "no expansion tile at spot C1: it would lie on land" in course.notes


def test_classic_board_places_seven_tiles_with_their_effects() -> None:
    maker = CourseMaker(classic_board())
    for seed in range(40):
        course = maker.generate("A", seed, expansion=True)
        kinds = Counter(t.kind for t in course.expansion_tiles)
        assert sum(kinds.values()) <= 7
        assert all(kinds[k] <= n for k, n in Counter(EXPANSION_SET).items())
        excluded = expansion_sections(maker.board, course.tile.hexes, course.buoy(0).hex)
        used = [h for t in course.expansion_tiles for h in t.hexes]
        assert len(used) == len(set(used))  # no two tiles share a hex
        for t in course.expansion_tiles:
            spot = maker.board.spot(t.spot)
            assert spot.letter != "A"
            assert maker.board.section(spot.hex) not in excluded
            assert all(maker.board.is_water(h) for h in t.hexes)
            assert not set(t.hexes) & {b.hex for b in course.buoys}
            assert not set(t.hexes) & set(course.tile.hexes)
            line = direction_between(t.hexes[0], t.hexes[2])
            assert line is not None and t.hexes[1] == t.hexes[0].neighbor(line)  # straight
            if t.kind == ExpansionKind.CURRENT:
                assert t.flow in (spot.side, spot.side.opposite())
            if t.kind == ExpansionKind.MAELSTROM:
                assert t.sense is not None
            if t.kind == ExpansionKind.LOW_WATER:
                assert sorted(t.rocks) == [1, 2, 3]


@pytest.mark.parametrize("race", ["A", "B", "C"])
def test_all_seven_tiles_fit_on_classic_courses(race: str) -> None:
    """With 8 free letters minus those on the start section, the classic lake takes all seven
    tiles on these seeds, and no note speaks of tiles left in the box."""
    maker = CourseMaker(classic_board())
    for seed in range(30):
        course = maker.generate(race, seed, expansion=True)
        assert Counter(t.kind for t in course.expansion_tiles) == Counter(EXPANSION_SET)
        assert not any("left in the box" in n for n in course.notes)


def test_direction_of_shifted_current_runs_along_the_tile() -> None:
    spots = {**SQUARE, "B1": ((6, 6), "E"), "C1": ((7, 8), "NE")}
    board = lake(16, 20, spots, land={(6, 6)})
    for seed in range(20):
        course = CourseMaker(board).build("A", ORDER, expansion=True, rng=random.Random(seed))
        for t in course.expansion_tiles:
            if t.kind == ExpansionKind.CURRENT:
                axis = direction_between(t.hexes[0], t.hexes[1])
                assert axis is not None and t.flow in (axis, axis.opposite())
