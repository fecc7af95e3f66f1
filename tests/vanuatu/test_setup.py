"""Seeded setup (other-games-research.md 2.1 "Setup" and "Tile stacks", 2.5)."""

from __future__ import annotations

import random

import pytest

from course_builder.vanuatu.errors import VanuatuError
from course_builder.vanuatu.placement import reveal_round
from course_builder.vanuatu.setup import make_setup


def test_same_seed_same_setup_pinned() -> None:
    setup = make_setup(7, players=["red", "blue", "green"], pre_roll=True)
    assert setup.start == ((3, "start-boat"), (6, "start-fish"), (7, "start-wreck"))
    assert setup.stacks == (("A1", "B1", "C2", "D1", "E2", "F2"),
                            ("A2", "B2", "C1", "D2", "E1", "F1"))
    assert setup.dice == ((2, 1), (4, 1), (6, 4), (8, 4))
    assert setup.first_player == "red"
    assert make_setup(random.Random(7), players=["red", "blue", "green"], pre_roll=True
                      ).state.to_json() | {"seed": 7} == setup.state.to_json()


@pytest.mark.parametrize("seed", range(20))
def test_every_setup_follows_the_rules(seed: int) -> None:
    setup = make_setup(seed, players=["red", "blue"])
    state = setup.state
    assert state.placed[2].tile == "efate"
    assert sorted(t for _s, t in setup.start) == ["start-boat", "start-fish", "start-wreck"]
    assert [s for s, _t in setup.start] == [3, 6, 7]
    for stack in setup.stacks:
        assert [t[0] for t in stack] == list("ABCDEF")  # one tile of each letter, in order
    assert sorted(setup.stacks[0] + setup.stacks[1]) == sorted(
        f"{letter}{n}" for letter in "ABCDEF" for n in (1, 2))
    assert [reveal_round(state, t) for t in setup.reveal] == [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]
    boat = state.space_of("start-boat")
    assert all(p.boat == boat for p in state.players)


def test_seeds_vary_the_setup() -> None:
    assert len({make_setup(s).stacks for s in range(30)}) > 10
    assert len({make_setup(s).start for s in range(30)}) == 6


def test_the_options_do_not_change_the_board() -> None:
    plain = make_setup(5)
    full = make_setup(5, players=["red", "blue", "green"], pre_roll=True)
    assert (plain.start, plain.stacks) == (full.start, full.stacks)


@pytest.mark.parametrize(("players", "message"), [
    (["red"], "2 to 5 players, got 1"), (["red", "red"], "a name is given twice"),
    (["red", "Blue Sky"], "is not a colour name"),
])
def test_bad_players(players: list[str], message: str) -> None:
    with pytest.raises(VanuatuError, match=message):
        make_setup(1, players=players)


def test_setup_leaves_money_to_the_players_and_allows_two_van_12() -> None:
    setup = make_setup(1, players=["red", "blue"], vatus=6)
    assert [(p.name, p.vatus, p.huts_left) for p in setup.state.players] in (
        [("red", 6, 8), ("blue", 6, 8)], [("blue", 6, 8), ("red", 6, 8)])
    assert make_setup(1).state.players == ()
