"""The placement referee (other-games-research.md 2.1, "Placement legality" and "Tile stacks";
rulings VAN-05 and VAN-06)."""

from __future__ import annotations

import pytest

from course_builder.vanuatu.errors import IllegalAction
from course_builder.vanuatu.options import NoLegalSpace, Rules
from course_builder.vanuatu.placement import judge_placement, legal_spaces, place
from tests.vanuatu.helpers import START, board, island

REVEAL = ("A1", "B1", "C2", "D1", "E2", "F2", "A2", "B2", "C1", "D2", "E1", "F1")


def test_first_island_goes_where_it_touches_two_tiles_and_no_island() -> None:
    state = board(START)
    assert legal_spaces(state, "A1") == ((8, 12), False)
    # an ocean tile must touch Efate and two placed tiles
    assert legal_spaces(state, "B1") == ((1,), False)


def test_each_rule_gives_its_reason() -> None:
    state = board(START)
    verdict = judge_placement(state, "A1", 1)
    assert not verdict.legal
    assert [(c.rule, c.reason) for c in verdict.failed] == [
        ("PLACE-ISLANDS", "space 1 touches island(s) on space(s) 2")]
    verdict = judge_placement(state, "A1", 9)
    assert [(c.rule, c.reason) for c in verdict.failed] == [
        ("PLACE-TWO", "space 9 touches 0 placed tile(s)")]
    verdict = judge_placement(state, "B1", 12)
    assert [(c.rule, c.reason) for c in verdict.failed] == [
        ("PLACE-OCEAN", "space 12 touches no island")]
    verdict = judge_placement(state, "B1", 3)
    assert [(c.rule, c.reason) for c in verdict.failed] == [
        ("PLACE-EMPTY", "space 3 already holds start-boat")]


def test_a_lettered_tile_never_goes_on_a_setup_space() -> None:
    """Research 2.1, Setup: spaces 2 (Efate) and 3, 6, 7 (start ocean tiles) are filled at
    setup; a hand-typed state may leave one empty, but a lettered tile is refused there (rule
    SETUP), else the state saved would not read back."""
    state = board({2: "efate", 3: "start-boat", 7: "start-wreck"})
    verdict = judge_placement(state, "B1", 6)
    assert [(c.rule, c.reason) for c in verdict.failed] == [
        ("SETUP", "space 6 is for a start ocean tile, not a lettered tile")]
    assert 6 not in legal_spaces(state, "B1")[0]
    bare = board({3: "start-boat", 7: "start-wreck", 6: "start-fish"})
    assert [c.rule for c in judge_placement(bare, "A1", 2).failed] == ["SETUP"]
    relaxed = board({3: "start-boat", 7: "start-wreck", 6: "start-fish", 12: "A1"},
                    rules=Rules(no_legal_space=NoLegalSpace.RELAX))
    assert 2 not in legal_spaces(relaxed, "A2")[0]


def test_place_returns_the_new_state_and_refuses_with_the_rule() -> None:
    state = place(board(START), "a1", 8)
    assert state.placed[8].tile == "A1"
    with pytest.raises(IllegalAction, match=r"^A1 may not go on space 12: A1 already lies on "
                       r"space 8 \(rule PLACE-ORDER\)$"):
        place(state, "A1", 12)
    with pytest.raises(IllegalAction, match=r"efate is placed at setup"):
        place(state, "efate", 12)


def test_tiles_come_in_their_round_place_order() -> None:
    state = board(START, round=2, reveal=REVEAL)
    assert judge_placement(state, "A1", 8).legal
    verdict = judge_placement(state, "C2", 1)
    assert [c.reason for c in verdict.failed] == ["C2 is revealed in round 3; this is round 2"]
    early = board(START, round=1, reveal=REVEAL)
    assert [c.reason for c in judge_placement(early, "A1", 8).failed] == [
        "round 1: tiles are placed in rounds 2-7", "A1 is revealed in round 2; this is round 1"]


# Spaces 12 and 13 are left; each touches an island, so no island may go there strictly.
CROWDED = {**START, 1: "B1", 4: "B2", 5: "C1", 8: island("A1"), 9: "C2", 10: "E1",
           11: island("D1"), 14: "E2", 15: "F1", 16: "F2"}


def test_no_strictly_legal_space_relaxes_by_default_van_05() -> None:
    state = board(CROWDED)
    assert legal_spaces(state, "D2") == ((12, 13), True)
    verdict = judge_placement(state, "D2", 13)
    assert verdict.legal and verdict.relaxed
    assert verdict.checks[-1].rule == "VAN-05"
    assert "PLACE-ISLANDS" not in [c.rule for c in verdict.checks]


def test_no_strictly_legal_space_refused_on_request_van_05() -> None:
    state = board(CROWDED, rules=Rules(no_legal_space=NoLegalSpace.REFUSE))
    assert legal_spaces(state, "D2") == ((), True)
    verdict = judge_placement(state, "D2", 13)
    assert not verdict.legal
    assert [c.rule for c in verdict.failed] == ["PLACE-ISLANDS", "VAN-05"]


def test_relaxing_never_applies_while_a_strict_space_exists_van_05() -> None:
    verdict = judge_placement(board(START), "A1", 1)  # 8 and 12 are strictly legal for A1
    assert not verdict.legal and not verdict.relaxed
    assert "VAN-05" not in [c.rule for c in verdict.checks]


def test_a_submerged_island_counts_as_placed_not_as_island_van_06() -> None:
    # A1 on 8 is submerged: space 9 touches 8 and 4 (two placed tiles)
    state = board({**START, 4: "B1", 8: island("A1", water=5)})
    assert judge_placement(state, "D1", 9).legal  # the sunken A1 does not forbid an island
    assert not judge_placement(state, "C1", 9).legal  # nor does it give an ocean tile its island
    option = board({**START, 4: "B1", 8: island("A1", water=5)},
                   rules=Rules(submerged_is_island=True))
    assert not judge_placement(option, "D1", 9).legal
    assert judge_placement(option, "C1", 9).legal
