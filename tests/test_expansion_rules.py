"""Expansion 1 in the adjudicator (expansion, "Rules"; docs/rulings.md EXP-01..EXP-12)."""

from __future__ import annotations

import pytest

from course_builder.core.hexgrid import Direction, from_offset
from course_builder.powerboats.play.kernel import IllegalMove, apply, heading_choices
from course_builder.powerboats.play.movement import dice_for_rocks
from course_builder.powerboats.play.notation import parse_move
from course_builder.powerboats.play.position import FINISH_NEXT, Boat, Position
from tests.helpers import expansion_race, tile

# a redoubt across row 8 at column 7: boats sailing east along row 8 enter it at (8, 7)
REDOUBT = tile("redoubt", [(9, 7), (8, 7), (7, 8)])


def boat(colour, row, col, heading="E", dice=(), **kw) -> Boat:
    return Boat(colour, from_offset(row, col), Direction[heading], tuple(dice), **kw)


def offsets(hexes) -> list[tuple[int, int]]:
    return [h.offset for h in hexes]


def move(race, boats, text, **kw):
    return apply(Position(race, tuple(boats), **kw), parse_move(text))


# -- Redoubt --------------------------------------------------------------------------------------

def test_redoubt_mid_move_doubles_the_rest_and_flies_over_islands() -> None:
    """Expansion, "Redoubt": 3+3 = 6; the redoubt is the 2nd hex, 4 steps remain -> fly 8 on,
    over the island at (8, 10)-(8, 11) (island hexes count as steps)."""
    race = expansion_race([REDOUBT], land=[(8, 10), (8, 11)])
    out = move(race, [boat("red", 8, 5, "E", (3, 3))], "S")
    assert offsets(out.path) == [(8, 5), (8, 6), (8, 7)] + [(8, c) for c in range(8, 16)]
    assert not out.crash and out.damage == 0
    red = out.position.boats[0]
    assert red.hex == from_offset(8, 15) and red.dice == (3, 3)
    assert any("flies 8 hexes on" in t for t in out.trace)


@pytest.mark.parametrize(("obstacle", "land", "extra"), [
    ("island", [(8, 15)], []),
    ("redoubt", [], [tile("redoubt", [(7, 15), (8, 15), (9, 15)])]),
])
def test_redoubt_landing_on_island_or_redoubt_ends_the_race(obstacle, land, extra) -> None:
    # the heading is judged on the plain line here (EXP-11 "straight"), so the boat may sail
    # into the trap; with the default "simulate" it would have to avoid it
    race = expansion_race([REDOUBT, *extra], land=land, heading_with_tiles="straight")
    out = move(race, [boat("red", 8, 5, "E", (3, 3), damage=1), boat("blue", 2, 10)], "S")
    red = out.position.boats[0]
    assert out.crash and red.sunk and red.damage == 5 and red.dice == ()
    assert out.damage == 4
    assert any("4 damage, and its race is over: it leaves the lake" in t for t in out.trace)


def test_redoubt_landing_on_a_buoy_is_the_same_crash() -> None:
    """Designer (EX-06): a buoy counts as land. Buoy 0 stands at (13, 8): fly south-east."""
    race = expansion_race([tile("redoubt", [(11, 6), (11, 7), (11, 8)])],
                          heading_with_tiles="straight")
    # from (9, 6) heading SE with 3: (10, 6), then the redoubt (11, 7) with 1 step left: fly 2,
    # over (12, 7), landing on buoy 0 at (13, 8)
    out = move(race, [boat("red", 9, 6, "SE", (3,))], "S")
    assert offsets(out.path)[-1] == (13, 8)
    assert out.position.boats[0].sunk and out.damage == 4


def test_redoubt_landing_on_a_boat_goes_one_back() -> None:
    """Designer (EX-08): one hex back along the flight; if that is land, the full crash."""
    race = expansion_race([REDOUBT])
    out = move(race, [boat("red", 8, 5, "E", (3, 3)), boat("blue", 8, 15)], "S")
    assert out.position.boats[0].hex == from_offset(8, 14) and not out.crash
    race = expansion_race([REDOUBT], land=[(8, 14)])
    out = move(race, [boat("red", 8, 5, "E", (3, 3)), boat("blue", 8, 15)], "S")
    assert out.position.boats[0].sunk


@pytest.mark.parametrize(("landing_tile", "end", "heading"), [
    (tile("current", [(7, 16), (8, 15), (9, 15)], flow="E"), (8, 16), "E"),
    (tile("maelstrom", [(7, 16), (8, 15), (9, 15)], sense="cw"), (8, 15), "SE"),
])
def test_redoubt_landing_on_another_tile_applies_it(landing_tile, end, heading) -> None:
    race = expansion_race([REDOUBT, landing_tile])
    out = move(race, [boat("red", 8, 5, "E", (3, 3))], "S")
    red = out.position.boats[0]
    assert red.hex.offset == end and red.heading is Direction[heading] and not out.crash


def test_redoubt_landing_on_low_water() -> None:
    race = expansion_race([REDOUBT, tile("low-water", [(7, 16), (8, 15), (9, 15)],
                                         rocks=[1, 2, 3])])
    out = move(race, [boat("red", 8, 5, "E", (3, 3))], "S")
    red = out.position.boats[0]
    assert red.hex.offset == (8, 15) and red.damage == 2 and red.dice == (3,)


def test_redoubt_at_the_end_of_the_move_doubles_next_turn_without_turning() -> None:
    """Expansion, "Redoubt": entered with no steps left (EXP-07)."""
    race = expansion_race([REDOUBT])
    first = move(race, [boat("red", 8, 5, "E", (2,)), boat("blue", 2, 10)], "S")
    red = first.position.boats[0]
    assert red.hex.offset == (8, 7) and red.redoubt
    assert "w" in first.position.notation().split("|")[1].split(";")[0].split()
    second = apply(first.position, parse_move("S")).position  # blue moves
    with pytest.raises(IllegalMove, match="it may not turn this turn"):
        apply(second, parse_move("L"))
    third = apply(second, parse_move("S"))  # 2 doubled = 4: flies to (8, 11)
    assert third.path[-1].offset == (8, 11)
    assert not third.position.boats[0].redoubt


# -- Current --------------------------------------------------------------------------------------

CURRENT_SOUTH = tile("current", [(7, 9), (8, 9), (9, 10)], flow="SE")


def test_current_pushes_one_hex_without_turning_and_the_move_goes_on() -> None:
    """Expansion, "Current": 4 steps east; (8, 9) pushes it one hex south-east to (9, 10) - a
    current hex too, pushing again to (10, 10) - then 2 more steps east (EXP-05)."""
    race = expansion_race([CURRENT_SOUTH])
    out = move(race, [boat("red", 8, 6, "E", (2, 2))], "S")
    assert offsets(out.path) == [(8, 6), (8, 7), (8, 8), (8, 9), (9, 10), (10, 10), (10, 11)]
    assert out.position.boats[0].heading is Direction.E


def test_current_cannot_be_passed_against_the_flow() -> None:
    race = expansion_race([tile("current", [(8, 9), (8, 10), (8, 11)], flow="W")])
    out = move(race, [boat("red", 8, 5, "E", (3, 3))], "S")
    # steps 4, 5 and 6 each enter (8, 9) and are pushed back to (8, 8): it never gets past
    assert offsets(out.path) == [(8, 5), (8, 6), (8, 7), (8, 8)] + [(8, 9), (8, 8)] * 3


def test_current_pushing_into_land_is_a_crash() -> None:
    race = expansion_race([CURRENT_SOUTH], land=[(9, 10)], heading_with_tiles="straight")
    out = move(race, [boat("red", 8, 6, "E", (2, 2))], "S")
    assert out.crash and out.damage == 1 and out.position.boats[0].dice == ()
    assert out.path[-1].offset == (8, 9)


def test_current_pushing_onto_a_boat_at_the_end_stays() -> None:
    race = expansion_race([CURRENT_SOUTH])
    out = move(race, [boat("red", 8, 6, "E", (3,)), boat("blue", 9, 10)], "S")
    assert out.path[-1].offset == (8, 9)


def test_current_into_maelstrom_chain() -> None:
    race = expansion_race([CURRENT_SOUTH, tile("maelstrom", [(10, 10), (11, 11), (12, 11)],
                                               sense="ccw")])
    out = move(race, [boat("red", 8, 6, "E", (2, 2))], "S")
    red = out.position.boats[0]
    assert red.heading is Direction.NE  # turned left once at (10, 10)
    assert offsets(out.path)[-2:] == [(10, 10), (9, 11)]


# -- Maelstrom ------------------------------------------------------------------------------------

def test_maelstrom_turns_and_the_move_goes_on() -> None:
    """Expansion, "Maelstrom": turn 60 degrees in the arrows' sense, continue; a second maelstrom
    hex turns again."""
    race = expansion_race([tile("maelstrom", [(8, 8), (9, 9), (10, 9)], sense="cw")])
    out = move(race, [boat("red", 8, 6, "E", (2, 2))], "S")
    assert offsets(out.path) == [(8, 6), (8, 7), (8, 8), (9, 9), (10, 8)]
    assert out.position.boats[0].heading is Direction.SW


def test_maelstrom_into_a_crash_is_an_ordinary_crash() -> None:
    race = expansion_race([tile("maelstrom", [(7, 9), (8, 8), (9, 8)], sense="cw")],
                          land=[(9, 9)], heading_with_tiles="straight")
    out = move(race, [boat("red", 8, 6, "E", (2, 2))], "S")
    assert out.crash and out.damage == 2 and out.path[-1].offset == (8, 8)


def test_maelstrom_into_redoubt_chain() -> None:
    race = expansion_race([tile("maelstrom", [(7, 9), (8, 8), (9, 7)], sense="cw"),
                           tile("redoubt", [(9, 9), (10, 9), (11, 10)])],
                          heading_with_tiles="straight")
    out = move(race, [boat("red", 8, 6, "E", (2, 2))], "S")
    # turn SE at (8, 8), enter the redoubt at (9, 9) with 1 step left: fly 2 -> (11, 10)
    # is the redoubt's own hex -> a bad landing
    assert out.position.boats[0].sunk


# -- Low water ------------------------------------------------------------------------------------

def test_low_water_rulebook_example() -> None:
    """Expansion, "Low Water": speed 6 with 3+3, 1 rock on the second step -> 1 damage, 3 more
    steps instead of 4, one 3 removed, new speed 3."""
    race = expansion_race([tile("low-water", [(7, 9), (8, 7), (9, 7)], rocks=[2, 1, 3])])
    out = move(race, [boat("red", 8, 5, "E", (3, 3))], "S")
    assert offsets(out.path) == [(8, 5), (8, 6), (8, 7), (8, 8), (8, 9), (8, 10)]
    red = out.position.boats[0]
    assert red.damage == 1 and red.dice == (3,) and red.speed == 3


@pytest.mark.parametrize(("dice", "rocks", "removed"), [
    ((3, 2, 1), 2, [2]),          # exact match
    ((3, 3), 2, [3]),             # only a higher die: the closest higher total
    ((1, 1, 3), 2, [1, 1]),       # a pair matches exactly
    ((1,), 3, [1]),               # no die large enough: all go
    ((), 2, []),                  # a boat without dice
])
def test_low_water_dice_removal(dice, rocks, removed) -> None:
    assert sorted(dice_for_rocks(dice, rocks)) == sorted(removed)


def test_low_water_can_sink() -> None:
    """Reaching 4 damage on the rocks sinks the boat there (EXP-09)."""
    race = expansion_race([tile("low-water", [(7, 9), (8, 7), (9, 7)], rocks=[1, 3, 1])])
    out = move(race, [boat("red", 8, 5, "E", (3, 3), damage=1), boat("blue", 2, 10)], "S")
    red = out.position.boats[0]
    assert red.sunk and red.damage == 4 and red.hex.offset == (8, 7)
    assert out.trace[-2] == 'the rocks bring it to 4 damage: it sinks there (expansion, "Low Water"; EXP-09)'


def test_low_water_with_no_steps_left_stays_on_the_tile() -> None:
    race = expansion_race([tile("low-water", [(7, 9), (8, 7), (9, 7)], rocks=[1, 2, 3])])
    out = move(race, [boat("red", 8, 5, "E", (2,))], "S")
    assert out.path[-1].offset == (8, 7) and out.position.boats[0].damage == 2


# -- the heading rule with tiles (EXP-11) ----------------------------------------------------------

def test_heading_rule_simulates_or_goes_straight() -> None:
    """Straight east the island at (8, 9) is 3 hexes ahead, but the redoubt at (8, 7) flies the
    boat over it. Simulated, straight allows the full move; judged on the plain line it crashes,
    so only the free headings are legal."""
    tiles = [REDOUBT]
    land = [(8, 9), (8, 10)]
    for rule, straight_legal in (("simulate", True), ("straight", False)):
        race = expansion_race(tiles, land=land, heading_with_tiles=rule)
        pos = Position(race, (boat("red", 8, 5, "E", (3, 3)),))
        options = {o.turn: o for o in heading_choices(pos, (3, 3))}
        assert options["S"].legal is straight_legal
        assert options["L"].legal and not options["R"].legal  # right crashes at the edge


# -- effects, buoys and the finish ----------------------------------------------------------------

def test_flight_over_a_rounding_line_counts_unless_ruled_otherwise() -> None:
    """EXP-03: buoy 1's line runs (2, 15), (1, 16), (0, 16); a flight west along row 1 crosses
    it."""
    tiles = [tile("redoubt", [(0, 18), (1, 18), (2, 18)])]
    for counts, rounded in ((True, (1,)), (False, ())):
        race = expansion_race(tiles, flight_counts=counts)
        out = move(race, [boat("red", 1, 19, "W", (1, 1))], "S")
        assert out.rounded == rounded


def test_current_pushes_a_boat_over_the_finish() -> None:
    """A current flowing SE beside the start/finish tile pushes a boat across it from the finish
    side (SE is a finish direction of the square course)."""
    race = expansion_race([tile("current", [(12, 9), (12, 10), (12, 11)], flow="SE")])
    out = move(race, [boat("red", 12, 8, "E", (1,), next_buoy=FINISH_NEXT)], "S")
    assert out.finished == 1
    assert offsets(out.path) == [(12, 8), (12, 9), (13, 10)]


def test_notation_round_trip_with_redoubt_flag() -> None:
    race = expansion_race([REDOUBT])
    pos = Position(race, (boat("red", 8, 7, "E", (2,), redoubt=True),))
    text = pos.notation()
    assert text.endswith("red 8,7 E 2 d0 n1 w | red 1")


def test_maelstrom_at_the_end_of_the_move_still_turns() -> None:
    race = expansion_race([tile("maelstrom", [(7, 8), (8, 7), (9, 7)], sense="ccw")])
    out = move(race, [boat("red", 8, 5, "E", (2,))], "S")
    red = out.position.boats[0]
    assert red.hex.offset == (8, 7) and red.heading is Direction.NE


def test_preview_and_trace_with_a_course_file_carrying_tiles(tmp_path) -> None:
    """A hand-laid race-A course on the classic lake with a redoubt at spot B1 (hexes (10, 3),
    (9, 3), (8, 2)); the CLI reads it by @file and shows the flight in the preview and trace."""
    import json

    from click.testing import CliRunner

    from course_builder.cli import cli
    from course_builder.powerboats.course.generate import CourseMaker
    from course_builder.powerboats.lake.catalog import classic_board

    course = CourseMaker(classic_board()).generate("A", 1, assign="A1,A2,A4,A3").to_json()
    course["expansion_tiles"] = [{"kind": "redoubt", "spot": "B1",
                                  "hexes": [[10, 3], [9, 3], [8, 2]]}]
    course["options"]["free_expansion"] = True  # one tile laid by hand (COURSE-12)
    course_file = tmp_path / "course.json"
    course_file.write_text(json.dumps(course))
    position = f"@{course_file} | red 12,4 NW 13 d0 n1 | red 2"
    runner = CliRunner()
    preview = runner.invoke(cli, ["powerboats", "moves", position, "--dice", "1,3",
                                  "--format", "json"])
    assert preview.exit_code == 0, preview.output
    straight = json.loads(preview.stdout)[1]
    # (11, 4), the redoubt (10, 3) with 2 steps left: fly 4 to (6, 1), an island: race over
    assert straight["path"] == [[11, 4], [10, 3], [9, 3], [8, 2], [7, 2], [6, 1]]
    assert straight["crash"] and straight["damage"] == 4 and not straight["legal"]
    trace = runner.invoke(cli, ["powerboats", "adjudicate", position, "--move",
                                "S", "--format", "json"])
    assert trace.exit_code == 4 and "may not go straight" in trace.stdout
    # judged on the plain line (EXP-11 option) the heading is open: the boat flies into the island
    plain = runner.invoke(cli, ["powerboats", "adjudicate", position, "--move", "S",
                                "--heading-with-tiles", "straight", "--format", "json"])
    assert plain.exit_code == 0, plain.output
    outcome = json.loads(plain.stdout)
    assert outcome["sunk"] and outcome["damage"] == 4
    assert any("flies 4 hexes on" in line for line in outcome["trace"])
