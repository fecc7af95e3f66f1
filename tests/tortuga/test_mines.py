"""Mines (tortuga2199-shipwreck-bay.txt, "Mine Placement Rules"; rulings TOR-07 to TOR-10, TOR-20)."""

from __future__ import annotations

import pytest

from course_builder.core.values import replace
from course_builder.tortuga.mines import buy_mine_card, play_mine_card
from course_builder.tortuga.movement import move_ship
from course_builder.tortuga.outcome import ChoiceNeeded, IllegalAction
from course_builder.tortuga.rules import Rulings, ThisPlayer
from course_builder.tortuga.state import FAULT_CARDS, MineToken
from tests.tortuga.helpers import chain, game, with_mines


def rules_of(outcome) -> list[str]:
    return [s.rule.id for s in outcome.steps]


def test_buying_puts_two_tokens_in_the_cargo_bay_sb_mine_buy() -> None:
    out = buy_mine_card(game(ships={"red": "hub"}), "red")
    assert out.state.player("red").cargo_mines == 2 and out.state.mine_supply == 6
    assert rules_of(out) == ["SB-HUB", "SB-MINE-BUY"]
    assert out.warning is None  # no distance involved


def test_buying_needs_the_ship_in_the_hub_sb_hub() -> None:
    with pytest.raises(IllegalAction, match=r"red's ship is in tortuga, not in the Hub, .*SB-HUB"):
        buy_mine_card(game(), "red")


def test_buying_needs_the_hub_in_play() -> None:
    with pytest.raises(IllegalAction, match="the Hub is not in play"):
        buy_mine_card(game(chain("tortuga", "vortex")), "red")


@pytest.mark.parametrize(("supply", "taken"), [(1, 1), (0, 0)])
def test_a_short_supply_gives_what_it_has_tor_09(supply: int, taken: int) -> None:
    start = game(ships={"red": "hub", "blue": "hub"})
    start = replace(start, mine_supply=supply,
                    players=(start.players[0], replace(start.players[1],
                                                       cargo_mines=8 - supply))).check()
    out = buy_mine_card(start, "red")
    assert out.state.player("red").cargo_mines == taken and out.state.mine_supply == 0
    assert rules_of(out) == ["SB-HUB", "TOR-09"]


def test_playing_lays_a_token_with_the_owners_marker_sb_mine_play() -> None:
    start = buy_mine_card(game(ships={"red": "hub"}), "red").state
    out = play_mine_card(start, "red")
    assert out.state.mines == (MineToken("hub", "red"),)
    assert out.state.player("red").cargo_mines == 1
    assert rules_of(out) == ["SB-MINE-PLAY", "TOR-20"]


def test_playing_on_tortuga_is_allowed_tor_20() -> None:
    start = game()
    start = replace(start, mine_supply=7, players=(replace(start.players[0], cargo_mines=1),
                                                   start.players[1])).check()
    assert play_mine_card(start, "red").state.mines == (MineToken("tortuga", "red"),)


def test_playing_needs_a_token_in_the_cargo_bay() -> None:
    with pytest.raises(IllegalAction, match="red has no mine token in the cargo bay"):
        play_mine_card(game(), "red")


def test_entering_a_mined_sector_sb_mine_enter() -> None:
    start = with_mines(game(ships={"blue": "turret-1"}), ("hub", "red"), ("hub", "red"))
    out = move_ship(start, "blue", "hub")
    after = out.state
    assert after.mines == (MineToken("hub", "red"),)  # only one of the two goes
    assert after.mines_boxed == 1
    assert after.player("blue").discard == ("system-fault-1",)
    assert after.fault_supply == FAULT_CARDS[1:]
    assert rules_of(out) == ["BASE-MOVE", "TOR-04", "SB-MINE-ENTER", "SB-MINE-ENTER"]
    assert out.warning is not None and "UNVERIFIED LAYOUT" in out.warning


def test_own_mines_stay() -> None:
    start = with_mines(game(ships={"red": "turret-1"}), ("hub", "red"))
    out = move_ship(start, "red", "hub")
    assert out.state.mines == start.mines and out.state.player("red").discard == ()
    assert out.steps[-1].text == "the mines in hub carry red's own marker and stay"


def test_several_colours_earliest_goes_tor_08() -> None:
    start = with_mines(game(players=("red", "blue", "green"), ships={"green": "turret-1"}),
                       ("hub", "blue"), ("hub", "red"), ("hub", "green"))
    out = move_ship(start, "green", "hub")
    assert out.state.mines == (MineToken("hub", "red"), MineToken("hub", "green"))
    assert rules_of(out)[2] == "TOR-08"
    chosen = move_ship(start, "green", "hub", mine_owner="red")
    assert chosen.state.mines == (MineToken("hub", "blue"), MineToken("hub", "green"))
    with pytest.raises(IllegalAction, match="no mine of 'green' lies in hub"):
        move_ship(start, "green", "hub", mine_owner="green")


def empty_supply(removed: tuple[str, ...] = ("assassin", "psionic")):
    """blue moves from turret-1 into the Hub, mined by red; every System Fault card is red's."""
    start = with_mines(game(ships={"blue": "turret-1"}), ("hub", "red"))
    red = replace(start.players[0], discard=FAULT_CARDS)
    return replace(start, fault_supply=(), removed_cards=removed,
                   players=(red, start.players[1])).check()


def test_empty_supply_asks_the_owner_to_choose_sb_mine_empty() -> None:
    with pytest.raises(ChoiceNeeded, match=r"red may move a card removed from the game into "
                       r"blue's discard pile instead; choose one of assassin, psionic or 'none'"):
        move_ship(empty_supply(), "blue", "hub")


def test_empty_supply_replacement_goes_to_the_mover_tor_07() -> None:
    out = move_ship(empty_supply(), "blue", "hub", replacement="assassin")
    assert out.state.player("blue").discard == ("assassin",)
    assert out.state.removed_cards == ("psionic",)
    assert out.state.mines == () and out.state.mines_boxed == 1
    assert rules_of(out)[-2:] == ["TOR-07", "SB-MINE-EMPTY"]


def test_empty_supply_owner_reading_tor_07_option() -> None:
    rulings = Rulings(this_player=ThisPlayer.OWNER)
    out = move_ship(empty_supply(), "blue", "hub", replacement="assassin", rulings=rulings)
    assert out.state.player("red").discard[-1] == "assassin"
    assert out.state.player("blue").discard == ()


def test_empty_supply_owner_may_decline_tor_10() -> None:
    out = move_ship(empty_supply(), "blue", "hub", replacement="none")
    assert out.state.player("blue").discard == () and out.state.removed_cards == (
        "assassin", "psionic")
    assert rules_of(out)[-1] == "TOR-10"


def test_empty_supply_and_nothing_removed_moves_nothing_tor_10() -> None:
    out = move_ship(empty_supply(removed=()), "blue", "hub")
    assert out.state.player("blue").discard == () and out.state.mines_boxed == 1
    assert out.steps[-1].text.endswith("no card removed from the game can replace it, so "
                                       "nothing moves")


def test_replacement_not_removed_is_refused() -> None:
    with pytest.raises(IllegalAction, match="'blackbeard' is not among the cards removed"):
        move_ship(empty_supply(), "blue", "hub", replacement="blackbeard")


def test_replacement_only_when_the_supply_is_empty() -> None:
    start = with_mines(game(ships={"blue": "turret-1"}), ("hub", "red"))
    with pytest.raises(IllegalAction, match="still holds 10 cards"):
        move_ship(start, "blue", "hub", replacement="assassin")
