"""The end-game penalty (vanuatu-rising-waters.txt, "End of the Game"), the die's countdown
(RW-COUNTDOWN; rulings VAN-02, VAN-03) and moving on to the next round."""

from __future__ import annotations

import pytest

from course_builder.vanuatu.countdown import Turn, countdown
from course_builder.vanuatu.errors import IllegalAction, VanuatuError
from course_builder.vanuatu.options import Rules, ShortRound
from course_builder.vanuatu.rounds import next_round
from course_builder.vanuatu.score import hut_penalty, water_penalty
from course_builder.vanuatu.state import Player
from tests.vanuatu.helpers import START, board, island

A, R = Turn.ACTION, Turn.RETRIEVE


@pytest.mark.parametrize(("water", "points"), [(0, 0), (1, -1), (2, -3), (3, -5), (4, -7)])
def test_penalty_per_hut_is_1_3_5_7(water: int, points: int) -> None:
    assert hut_penalty(water) == points
    state = board({**START, 8: island("A1", water, huts=["red", "blue", "red"])},
                  players=(Player("red", 3), Player("blue", 3), Player("green", 3)))
    assert water_penalty(state).totals == {"red": 2 * points, "blue": points, "green": 0}


def test_penalty_adds_islands_and_ignores_submerged_ones() -> None:
    state = board({2: island("efate", 2, huts=["red"]), 8: island("A1", 1, huts=["red"]),
                   13: island("D1", 5), 3: "B1"}, players=(Player("red", 3),))
    penalty = water_penalty(state)
    assert penalty.totals == {"red": -4}
    assert [(x.space, x.water, x.huts, x.points) for x in penalty.lines] == [
        (2, 2, 1, -3), (8, 1, 1, -1)]


def test_rule_sheet_die_of_one_floods_after_that_turn() -> None:
    """Rising Waters, second example: the die shows 1; the waters rise after BLUE's turn."""
    result = countdown(1, [A], Rules())
    assert result.after_turn == 1 and result.rule == "RW-COUNTDOWN"


def test_retrievals_do_not_count_by_default_van_02() -> None:
    assert countdown(3, [A, R, A, A], Rules()).after_turn == 4
    assert countdown(3, [A, R, A, A], Rules(count_retrievals=True)).after_turn == 3
    assert countdown(3, [A, R, R], Rules(count_retrievals=True)).rule == "VAN-02"
    assert countdown(3, [A, R, R], Rules()).after_turn is None


def test_countdown_not_yet_reached() -> None:
    result = countdown(5, [A, A], Rules())
    assert (result.after_turn, result.left, result.floods) == (None, 3, False)


def test_a_round_ending_early_floods_at_its_end_by_default_van_03() -> None:
    result = countdown(6, [A, A, R, A], Rules(), round_over=True)
    assert (result.floods, result.after_turn, result.at_round_end, result.left) == (
        True, 4, True, 3)
    skipped = countdown(6, [A, A, R, A], Rules(short_round=ShortRound.SKIP), round_over=True)
    assert (skipped.floods, skipped.at_round_end, skipped.rule) == (False, True, "VAN-03")


def test_countdown_input_is_checked() -> None:
    with pytest.raises(VanuatuError, match="a die shows 1 to 6, got 7"):
        countdown(7, [], Rules())
    with pytest.raises(VanuatuError, match="unknown turn 'x'"):
        Turn.parse("x")
    assert Turn.parse(" R ") is R


def test_next_round_reveals_and_rising_waters() -> None:
    reveal = ("A1", "B1", "C2", "D1", "E2", "F2", "A2", "B2", "C1", "D2", "E1", "F1")
    change = next_round(board(START, round=1, reveal=reveal))
    assert (change.state.round, change.reveals, change.rising) == (2, ("A1", "B1"), True)
    with pytest.raises(IllegalAction, match="the waters have not risen in round 2 yet"):
        next_round(change.state)
    third = next_round(board({**START, 8: "A1"}, round=2, floods=(2,), reveal=reveal))
    assert third.reveals == ("C2", "D1") and not third.rising
    assert third.warnings == ("B1 (round 2) was never placed",)
    with pytest.raises(IllegalAction, match="round 8 is the last"):
        next_round(board(START, round=8, floods=(2, 4, 6, 8)))
