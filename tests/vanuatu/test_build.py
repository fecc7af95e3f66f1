"""The BUILD action (vanuatu-rising-waters.txt, "Dike Building"; ruling VAN-09)."""

from __future__ import annotations

import pytest

from course_builder.core.hexgrid import Direction as D
from course_builder.vanuatu.build import BuildRequest, build, judge_build
from course_builder.vanuatu.errors import IllegalAction, VanuatuError
from course_builder.vanuatu.state import Player
from tests.vanuatu.helpers import START, board, island

# red's boat on 3 (start-boat) is adjacent to Efate (2) and A1 (8); blue's on 6 only to Efate
PLAYERS = (Player("red", 3, 4), Player("blue", 6, 2, 0))
STATE = board({**START, 4: "B1", 8: island("A1", huts=["blue", "blue"])}, players=PLAYERS)


def failed(request: BuildRequest) -> list[tuple[str, str]]:
    return [(c.rule, c.reason) for c in judge_build(STATE, request).failed]


def test_hut_and_dike_on_one_island_cost_4() -> None:
    verdict = judge_build(STATE, BuildRequest("red", hut=2, dike=(2, D.E)))
    assert verdict.legal and verdict.cost == 4
    after = build(STATE, verdict.request)
    assert after.placed[2].huts == ("red",) and after.placed[2].dikes == {D.E}
    assert after.player("red") == Player("red", 3, 0, 7)
    assert after.dikes_left == STATE.dikes_left - 1


def test_dike_alone_costs_1_and_needs_no_hut_van_09() -> None:
    after = build(STATE, BuildRequest("red", dike=(8, D.NE)))
    assert after.placed[8].dikes == {D.NE} and after.player("red").vatus == 3


def test_hut_and_dike_on_different_islands_are_refused() -> None:
    assert failed(BuildRequest("red", hut=2, dike=(8, D.NE))) == [
        ("BUILD-SAME-ISLAND", "the hut (space 2) and the dike (space 8) must go on the same "
         "island")]


def test_a_dike_facing_an_empty_space_or_the_edge_is_refused() -> None:
    assert failed(BuildRequest("red", dike=(2, D.W))) == [
        ("BUILD-DIKE-SIDE", "side W of space 2 faces an empty space")]
    assert failed(BuildRequest("red", dike=(2, D.NE))) == [
        ("BUILD-DIKE-SIDE", "side NE of space 2 faces the edge of the board")]


def test_a_side_already_diked_is_refused() -> None:
    state = build(STATE, BuildRequest("red", dike=(2, D.E)))
    verdict = judge_build(state, BuildRequest("red", dike=(2, D.E)))
    assert [c.reason for c in verdict.failed] == ["side E of space 2 already has a dike"]


def test_the_boat_must_be_adjacent() -> None:
    verdict = judge_build(STATE, BuildRequest("blue", dike=(8, D.NE)))
    assert [(c.rule, c.reason) for c in verdict.failed] == [
        ("BUILD-BOAT", "the boat is on space 6, not adjacent to A1 on space 8")]


def test_costs_supplies_and_hut_spaces() -> None:
    assert failed(BuildRequest("blue", hut=2, dike=(2, D.SW))) == [
        ("BUILD-HUT-SPACE", "blue has 0 hut(s) left"), ("BUILD-COST", "blue pays 4 vatu(s) of 2")]
    full = board({**START, 8: island("A1", huts=["red", "red", "red"])},
                 players=(Player("red", 3, 9),))
    assert [c.reason for c in judge_build(full, BuildRequest("red", hut=8)).failed] == [
        "A1 has 0 free hut space(s) of 3"]
    empty = board(START, players=(Player("red", 3, 9),), dikes_left=0)
    assert [c.reason for c in judge_build(empty, BuildRequest("red", dike=(2, D.E))).failed] == [
        "0 dike(s) left in the supply"]


def test_only_islands_afloat_take_buildings() -> None:
    assert failed(BuildRequest("red", hut=3)) == [
        ("BUILD-ON-ISLAND", "space 3 holds the ocean tile start-boat, not an island")]
    sunk = board({**START, 8: island("A1", water=5)}, players=(Player("red", 3, 9),))
    assert [c.reason for c in judge_build(sunk, BuildRequest("red", hut=8)).failed] == [
        "A1 on space 8 is submerged and inaccessible"]
    assert failed(BuildRequest("red")) == [
        ("BUILD-COST", "a BUILD action builds a hut, a dike or both")]


def test_illegal_build_raises_with_the_rule_and_unknowns_are_errors() -> None:
    with pytest.raises(IllegalAction, match=r"^red may not build: side W of space 2 faces an "
                       r"empty space \(rule BUILD-DIKE-SIDE\)$"):
        build(STATE, BuildRequest("red", dike=(2, D.W)))
    with pytest.raises(VanuatuError, match="unknown player 'pink'"):
        judge_build(STATE, BuildRequest("pink", hut=2))
    with pytest.raises(VanuatuError, match="no space 17"):
        judge_build(STATE, BuildRequest("red", hut=17))
