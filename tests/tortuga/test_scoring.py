"""Monster Hunters scoring and the end of the game (tortuga2199-shipwreck-bay.txt, "New Scenario:
Monster Hunters" and "Memo"; ruling TOR-18)."""

from __future__ import annotations

import pytest

from course_builder.core.values import replace
from course_builder.tortuga.outcome import IllegalAction
from course_builder.tortuga.scoring import capture, redeem, standings
from course_builder.tortuga.state import CAPTURED, HuntToken, Scenario, StateError
from tests.tortuga.helpers import game

HUNTERS = Scenario.MONSTER_HUNTERS


def hunt_game(scenario=HUNTERS, value=3):
    return game(ships={"red": "vortex"}, scenario=scenario,
                hunt_tokens=(HuntToken("h1", "vortex", value=value), HuntToken("h2", "hub")))


def test_monster_hunters_capture_scores_the_token_sb_monster_capture() -> None:
    out = capture(hunt_game(), "red", "h1")
    assert out.state.player("red").influence == 3
    token = out.state.token("h1")
    assert (token.where, token.captured_by, token.explored) == (CAPTURED, "red", True)
    assert [s.rule.id for s in out.steps] == ["TOR-18", "SB-MONSTER-CAPTURE"]


def test_monster_hunters_value_given_when_unrecorded() -> None:
    out = capture(hunt_game(value=None), "red", "h1", points=5)
    assert out.state.player("red").influence == 5 and out.state.token("h1").value == 5
    with pytest.raises(StateError, match="value is not recorded"):
        capture(hunt_game(value=None), "red", "h1")
    with pytest.raises(IllegalAction, match="shows 3 influence, not 4"):
        capture(hunt_game(), "red", "h1", points=4)


def test_standard_capture_needs_the_base_reward_tor_18() -> None:
    with pytest.raises(StateError, match="base game's"):
        capture(hunt_game(Scenario.STANDARD), "red", "h1")
    assert capture(hunt_game(Scenario.STANDARD), "red", "h1", 2).state.player(
        "red").influence == 2


def test_capture_only_in_the_ships_sector() -> None:
    with pytest.raises(IllegalAction, match="h2 is in hub, not in red's sector vortex"):
        capture(hunt_game(), "red", "h2")


def test_monster_hunters_redeem_scores_one_sb_monster_redeem() -> None:
    out = redeem(hunt_game(), "red", "hunt-kraken")
    assert out.state.player("red").influence == 1
    assert out.state.removed_cards == ("hunt-kraken",)
    with pytest.raises(IllegalAction, match="gives 1 influence in Monster Hunters, not 2"):
        redeem(hunt_game(), "red", "hunt-kraken", 2)
    with pytest.raises(StateError, match="base game's"):
        redeem(hunt_game(Scenario.STANDARD), "red", "hunt-kraken")
    with pytest.raises(IllegalAction, match="is a System Fault card"):
        redeem(hunt_game(), "red", "system-fault-1")


def test_fifteen_influence_ends_the_game_sb_game_end() -> None:
    start = hunt_game()
    start = start.with_player(replace(start.player("red"), influence=12))
    out = capture(start, "red", "h1")
    assert out.steps[-1].text == "the game ends: red reached 15 influence; red wins with 15"


def test_standings_and_ties() -> None:
    start = game(players=("red", "blue", "green"), control={"tortuga": "green", "hub": "green"})
    start = replace(start, players=tuple(replace(p, influence=i) for p, i in zip(
        start.players, (7, 9, 9), strict=True)))
    out = standings(start)
    assert [s.text for s in out.steps] == [
        "blue: 9 influence", "green: 9 influence, controls hub, tortuga", "red: 7 influence",
        "the game ends: green conquered Tortuga; blue, green tie at 9: the rulebook's tie-break "
        "decides"]
    assert [s.text for s in standings(game()).steps] == ["red: 0 influence", "blue: 0 influence"]


def test_tor_25_a_card_already_removed_is_not_redeemed_again() -> None:
    """Ruling TOR-25: a removed card is out of the game, so no hand can redeem it again (it
    was accepted: +1 influence and the card listed twice)."""
    once = redeem(hunt_game(), "red", "hunt-kraken").state
    with pytest.raises(IllegalAction, match=r"hunt-kraken is already removed from.*TOR-25"):
        redeem(once, "red", "hunt-kraken")
    with pytest.raises(IllegalAction, match="TOR-25"):
        redeem(once, "blue", "hunt-kraken")


@pytest.mark.parametrize("card", ["", " ", "-x", "a" * 41, "a b"])
def test_tor_25_a_redeemed_card_needs_a_card_id(card: str) -> None:
    """A card id the state could not read back (``''`` was written into removed_cards)."""
    with pytest.raises(StateError, match="card id"):
        redeem(hunt_game(), "red", card)
