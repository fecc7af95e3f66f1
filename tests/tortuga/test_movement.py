"""Moving ships: adjacent sectors (BASE-MOVE, TOR-04) and the Accelerator (SB-ACCELERATOR, TOR-05)."""

from __future__ import annotations

import pytest

from course_builder.tortuga.movement import move_ship
from course_builder.tortuga.outcome import IllegalAction
from tests.tortuga.helpers import chain, game, ship


def test_a_step_to_an_adjacent_sector() -> None:
    out = move_ship(game(), "red", "turret-1")
    assert ship(out.state, "red") == "turret-1" and ship(out.state, "blue") == "tortuga"
    assert out.steps[0].text == "red moves from tortuga to the adjacent turret-1 (one Manoeuvre)"


def test_not_adjacent_is_refused_with_the_adjacent_ones() -> None:
    with pytest.raises(IllegalAction, match=r"hub is not adjacent to tortuga \(adjacent: "
                       r"turret-1, trade-terminal-1, .*BASE-MOVE"):
        move_ship(game(), "red", "hub")


def test_the_accelerator_reaches_three_sectors() -> None:
    out = move_ship(game(ships={"red": "hub"}), "red", "vortex", accelerator=True)
    assert ship(out.state, "red") == "vortex"
    assert [s.rule.id for s in out.steps] == ["SB-ACCELERATOR", "TOR-05", "TOR-04"]
    assert out.steps[0].text == "red plays the Accelerator: vortex is 3 steps from hub, within 3"


def test_the_accelerator_stops_at_three() -> None:
    with pytest.raises(IllegalAction, match=r"mines is 4 steps from hub; the Accelerator reaches "
                       r"3 sectors .*SB-ACCELERATOR"):
        move_ship(game(ships={"red": "hub"}), "red", "mines", accelerator=True)


def test_staying_put_is_no_move_tor_05() -> None:
    with pytest.raises(IllegalAction, match="already in tortuga"):
        move_ship(game(), "red", "tortuga", accelerator=True)


def test_the_warning_goes_with_every_move_tor_01() -> None:
    assert move_ship(game(), "red", "turret-1").warning is not None
    verified = game(chain("tortuga", "vortex", verified=True))
    assert move_ship(verified, "red", "vortex").warning is None


def test_unknown_sector_and_player() -> None:
    with pytest.raises(ValueError, match="no sector 'nowhere'"):
        move_ship(game(), "red", "nowhere")
    with pytest.raises(ValueError, match=r"no player 'pink' \(players: red, blue\)"):
        move_ship(game(), "pink", "turret-1")
