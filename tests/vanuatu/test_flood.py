"""The Rising Waters phase (vanuatu-rising-waters.txt, "Rising Waters"): the rule sheet's two
examples, the research fixtures (other-games-research.md 2.6) and rulings VAN-04, VAN-07, VAN-08,
VAN-10."""

from __future__ import annotations

import pytest

from course_builder.core.hexgrid import Direction as D
from course_builder.vanuatu.errors import IllegalAction
from course_builder.vanuatu.flood import resolve_flood, rising_waters, skip_flood
from course_builder.vanuatu.options import Rules, WaterSupply
from course_builder.vanuatu.state import Placed, Player
from tests.vanuatu.helpers import START, board, island

# space 8 (research (2,1)) touches 3, 4, 7, 9, 13 and 14: every side on the board
RING_8 = {3: "start-boat", 4: "B1", 7: "start-wreck", 9: "B2", 13: "C1", 14: "C2"}


def test_rule_sheet_example_fifth_marker_submerges_and_discards_everything() -> None:
    """Rising Waters, first example: the fifth marker submerges the island; resources and
    tourists are discarded, the PURPLE and TEAL huts leave the game."""
    players = (Player("purple", 3, 0, 6), Player("teal", 3, 0, 7), Player("orange", 3))
    a1 = island("A1", water=4, dikes=["E"], huts=["purple", "teal"], tourists=2,
                goods=["beef", "kava"])
    state = board({**START, 8: a1, 4: "B1", 9: "B2"}, players=players)
    result = resolve_flood(state)
    (_efate, flooded) = result.islands
    assert (flooded.space, flooded.before, flooded.due, flooded.added, flooded.after) == (
        8, 4, 3, 1, 5)
    assert flooded.submerged and flooded.rule == "RW-FIFTH"
    assert flooded.discarded is not None
    assert flooded.discarded.huts == ("purple", "teal")
    assert flooded.discarded.tourists == 2 and flooded.discarded.goods == ("beef", "kava")
    assert flooded.discarded.dikes == (D.E,)
    after = result.state
    assert after.placed[8] == Placed("A1", 5)  # nothing left on it
    assert after.submerged() == (8,) and not after.lost
    # the huts are out of the game: they do not go back to their owners
    assert [p.huts_left for p in after.players] == [6, 7, 8]
    assert after.dikes_left == state.dikes_left  # VAN-08: the dike is lost with the island
    assert after.floods == (2,)


def test_rule_sheet_example_one_ocean_side_protected_one_missing() -> None:
    """Rising Waters, second example: protected from one ocean tile, missing one dike, the
    other sides border no ocean tile: 1 marker."""
    # D1 on 13: ocean on 7 (diked, side NW) and 14 (open, side E); 8 and 12 empty
    state = board({**START, 13: island("D1", dikes=["NW"]), 14: "B1"})
    result = rising_waters(state)
    by_space = {f.space: f for f in result.islands}
    flood = by_space[13]
    assert flood.open_sides == (D.E,) and flood.diked_sides == (D.NW,)
    assert (flood.added, flood.after) == (1, 1) and flood.rule == "RW-SIDES"


def test_research_fixture_efate_with_four_ocean_neighbours_and_one_dike() -> None:
    """research 2.6: Efate with its 4 ocean neighbours and one dike takes 3 markers."""
    state = board({2: island("efate", dikes=["E"]), 1: "B1", 3: "start-boat", 6: "start-fish",
                   7: "start-wreck"})
    (flood,) = rising_waters(state).islands
    assert flood.open_sides == (D.W, D.SW, D.SE) and flood.diked_sides == (D.E,)
    assert (flood.added, flood.after, flood.submerged) == (3, 3, False)


def test_research_fixture_six_ocean_neighbours_sink_at_once() -> None:
    """research 2.6: an island at research (2,1) with 6 ocean neighbours is submerged in one
    flood; it takes 5 markers, not 6."""
    state = board({8: island("A1"), **RING_8})
    (flood,) = rising_waters(state).islands
    assert flood.due == 6 and flood.added == 5 and flood.after == 5 and flood.submerged


def test_research_fixture_the_third_submersion_loses_the_game() -> None:
    """research 2.6, RW-LOST, VAN-10: the flood that submerges the third island ends the game;
    every later action is refused."""
    state = board({2: island("efate", water=4), 3: "start-boat", 8: island("A1", water=5),
                   13: island("D1", water=4), 14: "B1", 12: island("D2", water=2), 16: "C1"})
    assert len(state.submerged()) == 1
    result = resolve_flood(state)
    assert result.submerged_now == (2, 13)
    assert result.lost and result.state.lost
    assert result.state.placed[12].water == 3  # the other islands still take their markers
    with pytest.raises(IllegalAction, match=r"the game is over: 3 islands are submerged"):
        resolve_flood(board(dict(result.state.placed), round=4))


def test_a_submerged_island_takes_no_more_water_rw_no_more() -> None:
    state = board({8: island("A1", water=5), **RING_8})
    result = rising_waters(state)
    assert result.islands == () and result.already_submerged == (8,)
    assert result.state.placed == state.placed


def test_empty_spaces_edge_and_islands_bring_no_water_van_07() -> None:
    # Efate: E faces 3 (ocean), W faces 1 (empty), NE/NW the edge, SW 6 an island, SE 7 empty
    state = board({2: island("efate"), 3: "B1", 6: island("D1"), 5: "C1"})
    flood = {f.space: f for f in rising_waters(state).islands}
    assert flood[2].open_sides == (D.E,) and flood[2].added == 1
    assert flood[6].open_sides == (D.W,)  # D1 on 6: only the ocean tile on 5


def test_all_islands_are_judged_on_the_state_before_the_flood() -> None:
    state = board({2: island("efate", water=4), 3: "start-boat", 8: island("A1", water=4)})
    result = rising_waters(state)
    assert result.submerged_now == (2, 8)


# 16 markers in play, 4 in the supply; 6 are due: Efate 1, A1 1 (of 2), A2 2, D1 1, D2 1
SHORT = {2: island("efate", 4), 3: "B1", 8: island("A1", 4), 9: "B2", 13: island("D1", 4),
         14: "C1", 16: island("D2", 4), 11: "C2", 10: island("A2", 0), 5: "E1"}


def test_water_supply_unlimited_places_all_and_warns_van_04() -> None:
    result = rising_waters(board(SHORT))
    assert {f.space: f.added for f in result.islands} == {2: 1, 8: 1, 10: 2, 13: 1, 16: 1}
    assert result.warnings == ("this flood needs 6 water markers and the supply holds 4: all "
                               "are placed anyway, taking back those of islands that go under "
                               "(ruling VAN-04)",)
    assert result.submerged_now == (2, 8, 13, 16) and result.lost


def test_water_supply_limited_places_markers_in_space_order_van_04() -> None:
    result = rising_waters(board(SHORT, rules=Rules(water_supply=WaterSupply.LIMITED)))
    assert {f.space: f.added for f in result.islands} == {2: 1, 8: 1, 10: 2, 13: 0, 16: 0}
    assert result.submerged_now == (2, 8) and not result.lost
    assert result.warnings == ("this flood needed 6 water markers but the supply held 4: 2 were "
                               "not placed (ruling VAN-04, limited supply)",)


def test_submerged_dikes_return_option_van_08() -> None:
    rules = Rules(submerged_dikes_return=True)
    state = board({8: island("A1", 4, dikes=["E", "SW"]), **RING_8}, rules=rules)
    assert rising_waters(state).state.dikes_left == state.dikes_left + 2


@pytest.mark.parametrize(("round_", "floods", "message"), [
    (3, (2,), "round 3 has no Rising Waters phase"),
    (4, (2, 4), "the waters already rose in round 4"),
])
def test_a_flood_only_when_due_rw_rounds(round_: int, floods: tuple[int, ...],
                                         message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        resolve_flood(board(START, round=round_, floods=floods))


def test_skip_records_the_round_van_03() -> None:
    assert skip_flood(board(START, round=6, floods=(2, 4))).floods == (2, 4, 6)
