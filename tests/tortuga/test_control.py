"""Hub and Shipwreck Bay control abilities (tortuga2199-shipwreck-bay.txt, "New Sectors"; rulings
TOR-10, TOR-16, TOR-17, TOR-23)."""

from __future__ import annotations

import pytest

from course_builder.core.values import replace
from course_builder.tortuga.control import hub_explore, set_control, wreck_fault
from course_builder.tortuga.outcome import ChoiceNeeded, IllegalAction
from course_builder.tortuga.state import BOX, FAULT_CARDS, HuntToken
from tests.tortuga.helpers import chain, game, tokens


def hub_game(**changes):
    return game(ships={"red": "hub"}, control={"hub": "red"},
                hunt_tokens=tokens(("h1", "mines"), ("h2", BOX)), **changes)


def test_hub_explores_a_target_anywhere_sb_hub_control() -> None:
    out = hub_explore(hub_game(), "red", "h1", shield=3, value=2, name="Kraken")
    assert out.state.token("h1") == HuntToken("h1", "mines", True, 3, 2, "Kraken")
    assert [s.rule.id for s in out.steps] == ["SB-HUB-CONTROL", "TOR-16", "SB-HUB-CONTROL"]
    assert out.warning is None  # "any sector": no distance involved


@pytest.mark.parametrize(("changes", "message"), [
    ({"control": {}}, r"red does not control Hub \(nobody controls it\)"),
    ({"control": {"hub": "blue"}}, r"red does not control Hub \(blue controls it\)"),
])
def test_hub_needs_control(changes, message) -> None:
    start = replace(hub_game(), **changes)
    with pytest.raises(IllegalAction, match=message):
        hub_explore(start, "red", "h1")


def test_hub_needs_the_ship_there() -> None:
    start = replace(hub_game(), players=(replace(hub_game().players[0], ship="turret-1"),
                                         hub_game().players[1]))
    with pytest.raises(IllegalAction, match="red's ship is in turret-1, not in Hub"):
        hub_explore(start, "red", "h1")


def test_hub_not_in_play() -> None:
    with pytest.raises(IllegalAction, match="Hub is not in play"):
        hub_explore(game(chain("tortuga", "vortex")), "red", "h1")


def test_explored_twice_tor_23_and_off_board() -> None:
    once = hub_explore(hub_game(), "red", "h1").state
    with pytest.raises(IllegalAction, match=r"already explored.*TOR-23"):
        hub_explore(once, "red", "h1")
    with pytest.raises(IllegalAction, match=r"h2 is not on the board \(box\)"):
        hub_explore(hub_game(), "red", "h2")


def wreck_game(**changes):
    return game(ships={"blue": "shipwreck-bay"}, control={"shipwreck-bay": "blue"}, **changes)


@pytest.mark.parametrize("target", ["red", "blue"])
def test_shipwreck_bay_gives_any_player_a_fault_tor_17(target: str) -> None:
    out = wreck_fault(wreck_game(), "blue", target)
    assert out.state.player(target).discard == ("system-fault-1",)
    assert out.state.fault_supply == FAULT_CARDS[1:]
    assert [s.rule.id for s in out.steps] == ["SB-WRECK-CONTROL", "TOR-16", "TOR-17",
                                              "SB-WRECK-CONTROL"]


def exhausted(removed=("assassin",)):
    start = wreck_game()
    red = replace(start.players[0], discard=FAULT_CARDS)
    return replace(start, fault_supply=(), removed_cards=removed,
                   players=(red, start.players[1])).check()


def test_exhausted_supply_a_removed_card_for_an_opponent_sb_fault_empty() -> None:
    with pytest.raises(ChoiceNeeded, match="choose one of assassin or 'none'"):
        wreck_fault(exhausted(), "blue", "red")
    out = wreck_fault(exhausted(), "blue", "red", "assassin")
    assert out.state.player("red").discard[-1] == "assassin"
    assert out.state.removed_cards == ()
    assert out.steps[-1].rule.id == "SB-FAULT-EMPTY"


def test_exhausted_supply_nothing_for_oneself_tor_17() -> None:
    out = wreck_fault(exhausted(), "blue", "blue")
    assert out.state.player("blue").discard == () and out.state.removed_cards == ("assassin",)
    assert out.steps[-1].text.endswith("no replacement for oneself")
    with pytest.raises(IllegalAction, match="only for an opponent"):
        wreck_fault(exhausted(), "blue", "blue", "assassin")


def test_exhausted_supply_and_nothing_removed_tor_10() -> None:
    out = wreck_fault(exhausted(removed=()), "blue", "red")
    assert out.state.player("red").discard == FAULT_CARDS
    assert out.steps[-1].rule.id == "TOR-10"


def test_set_control_records_and_clears() -> None:
    out = set_control(game(), "hub", "red")
    assert out.state.control == {"hub": "red"}
    assert set_control(out.state, "hub", None).state.control == {}
    with pytest.raises(ValueError, match="no sector 'hubb'"):
        set_control(game(), "hubb", "red")


def test_conquering_tortuga_ends_the_game() -> None:
    start = game()
    start = start.with_player(replace(start.player("blue"), influence=6))
    out = set_control(start, "tortuga", "red")
    assert out.steps[-1].text == "the game ends: red conquered Tortuga; blue wins with 6"
