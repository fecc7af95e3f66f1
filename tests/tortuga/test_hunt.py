"""Hunt tokens and the Psionic card (tortuga2199-shipwreck-bay.txt, "Moving and Attacking with Hunt
Tokens"; rulings TOR-06, TOR-11 to TOR-15, TOR-21, TOR-22, TOR-24)."""

from __future__ import annotations

import random

import pytest

from course_builder.core.errors import CourseBuilderError
from course_builder.core.values import replace
from course_builder.tortuga.hunt import (
    Winner,
    place_token,
    psionic_attack,
    psionic_move,
    psionic_return,
)
from course_builder.tortuga.outcome import IllegalAction
from course_builder.tortuga.rules import Rulings
from course_builder.tortuga.state import BOX, CAPTURED, MAX_TOKENS, HuntToken, StateError
from tests.tortuga.helpers import chain, game, tokens


def rules_of(outcome) -> list[str]:
    return [s.rule.id for s in outcome.steps]


# -- recording the tokens laid at setup -------------------------------------------------------------


def test_place_records_a_face_down_token_tor_24() -> None:
    """Research 3.4: the base setup lays hunt tokens face down; which sectors it is not known,
    so the referee records the table's placement (TOR-24), any number per sector (TOR-15)."""
    start = game(hunt_tokens=tokens(("h1", "vortex")))
    out = place_token(start, "h2", "vortex", shield=3, value=2, name="kraken")
    token = out.state.token("h2")
    assert token == HuntToken("h2", "vortex", explored=False, shield=3, value=2, name="kraken")
    assert rules_of(out) == ["BASE-HUNT", "SB-SETUP-TOKENS", "TOR-24"]
    assert "with 1 other(s)" in out.steps[0].text
    assert "kraken" not in out.text() and "3" not in out.steps[0].text  # the face stays hidden
    assert out.warning is None  # no distance involved
    assert start.hunt_tokens == tokens(("h1", "vortex"))  # the old state is untouched


def test_place_refuses_a_recorded_id_a_bad_id_and_an_unknown_sector_tor_24() -> None:
    start = game(hunt_tokens=tokens(("h1", "box")))
    with pytest.raises(IllegalAction, match=r"h1 is already recorded \(box\).*TOR-24"):
        place_token(start, "h1", "vortex")
    with pytest.raises(StateError, match="hunt token id 'h 2'"):
        place_token(start, "h 2", "vortex")
    with pytest.raises(StateError, match="hunt token id"):
        place_token(start, "h2\n", "vortex")
    with pytest.raises(CourseBuilderError, match="no sector 'atlantis'"):
        place_token(start, "h2", "atlantis")
    full = game(hunt_tokens=tuple(HuntToken(f"t{i}", "box") for i in range(MAX_TOKENS)))
    with pytest.raises(IllegalAction, match="100 hunt tokens"):
        place_token(full, "h2", "vortex")


# -- moving -----------------------------------------------------------------------------------------


def test_psionic_moves_a_token_to_an_adjacent_sector_sb_hunt_move() -> None:
    start = game(hunt_tokens=tokens(("h1", "vortex"), ("h2", "trade-terminal-1")))
    out = psionic_move(start, "red", "h1", "trade-terminal-1")
    assert out.state.token("h1").where == "trade-terminal-1"
    assert [t.id for t in out.state.tokens_on_board() if t.where == "trade-terminal-1"] == [
        "h1", "h2"]  # any number per sector
    assert rules_of(out) == ["SB-HUNT-MOVE", "TOR-15", "TOR-04"]
    assert out.steps[0].text.endswith("joining 1 other(s)") and out.warning is not None


@pytest.mark.parametrize("explored", [False, True])
def test_the_token_keeps_its_face_tor_15(explored: bool) -> None:
    start = game(hunt_tokens=(HuntToken("h1", "vortex", explored=explored),))
    out = psionic_move(start, "red", "h1", "trade-terminal-1")
    assert out.state.token("h1").explored is explored
    assert out.steps[1].text == f"the token stays {'explored' if explored else 'face down'}"


def test_a_token_may_enter_tortuga_tor_15() -> None:
    start = game(hunt_tokens=tokens(("h1", "turret-1")))
    assert psionic_move(start, "red", "h1", "tortuga").state.token("h1").where == "tortuga"


def test_not_adjacent_is_refused() -> None:
    with pytest.raises(IllegalAction, match=r"tortuga is not adjacent to vortex, where hunt "
                       r"token h1 lies \(adjacent: trade-terminal-1\)"):
        psionic_move(game(hunt_tokens=tokens(("h1", "vortex"))), "red", "h1", "tortuga")


def test_a_token_off_the_board_cannot_move() -> None:
    start = game(hunt_tokens=tokens(("h1", "vortex"), ("h2", BOX)))
    with pytest.raises(IllegalAction, match=r"hunt token h2 is not on the board \(box\)"):
        psionic_move(start, "red", "h2", "tortuga")


def test_on_an_empty_board_the_card_returns_a_token_instead() -> None:
    with pytest.raises(IllegalAction, match=r"no hunt token is on the board.*SB-HUNT-EMPTY"):
        psionic_move(game(hunt_tokens=tokens(("h1", BOX))), "red", "h1", "tortuga")


# -- attacking ------------------------------------------------------------------------------------


def fight():
    """blue's ship in turret-1, which blue controls, with hunt token h1 (shield 4); blue has 3
    influence."""
    start = game(ships={"blue": "turret-1"}, control={"turret-1": "blue"},
                 hunt_tokens=(HuntToken("h1", "turret-1", shield=4), HuntToken("h2", "hub")))
    return start.with_player(replace(start.player("blue"), influence=3))


def test_attacker_wins_sb_hunt_result() -> None:
    out = psionic_attack(fight(), "red", "h1", "blue", Winner.ATTACKER, random.Random(5),
                         defender_cards=("c1", "c2"))
    after = out.state
    assert after.player("blue").influence == 2
    assert after.removed_cards == ("c2",)  # drawn with the seed
    assert after.token("h1").where == BOX
    assert after.control == {"turret-1": "blue"}
    assert rules_of(out) == ["SB-HUNT-ATTACK", "SB-HUNT-COMBAT", "TOR-11", "SB-HUNT-RESULT",
                             "SB-HUNT-RESULT", "TOR-12", "SB-HUNT-RESULT", "SB-HUNT-RESULT"]
    assert out.steps[1].text == ("the attacker fights with strength 4 and nothing else; blue "
                                 "fights by the standard rules")
    assert "blue keeps control of turret-1" in [s.text for s in out.steps]


def test_tor_25_a_card_removed_from_the_game_takes_no_part_in_a_combat() -> None:
    """Ruling TOR-25: destroying a card already in removed_cards would list it twice."""
    start = replace(fight(), removed_cards=("c2",))
    with pytest.raises(IllegalAction, match=r"c2 is removed from the game.*TOR-25"):
        psionic_attack(start, "red", "h1", "blue", Winner.ATTACKER, random.Random(5),
                       defender_cards=("c1", "c2"))


def test_defender_wins_sb_hunt_result() -> None:
    out = psionic_attack(fight(), "red", "h1", "blue", Winner.DEFENDER, random.Random(1),
                         defender_cards=("c1",))
    assert out.state.player("blue").influence == 4
    assert out.state.player("red").influence == 0
    assert out.state.removed_cards == () and out.state.token("h1").where == BOX


def test_no_influence_to_lose_tor_13() -> None:
    start = fight().with_player(replace(fight().player("blue"), influence=0))
    out = psionic_attack(start, "red", "h1", "blue", Winner.ATTACKER, random.Random(1))
    assert out.state.player("blue").influence == 0
    assert out.steps[3].rule.id == "TOR-13"


@pytest.mark.parametrize(("cards", "why"), [
    (("system-fault-3",), "System Fault cards cannot be destroyed"),
    ((), "no combat card of the defender was named"),
])
def test_no_card_to_destroy_tor_12(cards: tuple[str, ...], why: str) -> None:
    out = psionic_attack(fight(), "red", "h1", "blue", Winner.ATTACKER, random.Random(1),
                         defender_cards=cards)
    assert out.state.removed_cards == ()
    assert f"no card is destroyed: {why}" in [s.text for s in out.steps]


def test_system_fault_cards_are_never_drawn_to_be_destroyed() -> None:
    for seed in range(20):
        out = psionic_attack(fight(), "red", "h1", "blue", Winner.ATTACKER, random.Random(seed),
                             defender_cards=("system-fault-3", "c1"))
        assert out.state.removed_cards == ("c1",)


def test_the_defender_must_be_in_the_tokens_sector_tor_21() -> None:
    with pytest.raises(IllegalAction, match=r"red's ship is in tortuga, not in turret-1 with "
                       r"hunt token h1 \(TOR-21"):
        psionic_attack(fight(), "blue", "h1", "red", Winner.ATTACKER, random.Random(1))


def test_no_attack_on_ones_own_ship() -> None:
    with pytest.raises(IllegalAction, match="an enemy ship"):
        psionic_attack(fight(), "blue", "h1", "blue", Winner.ATTACKER, random.Random(1))


def test_the_shield_given_must_match_the_record_tor_22() -> None:
    with pytest.raises(IllegalAction, match="shows shield 4, not 5"):
        psionic_attack(fight(), "red", "h1", "blue", Winner.ATTACKER, random.Random(1), shield=5)


def test_an_unrecorded_shield_is_recorded_when_given_tor_22() -> None:
    start = game(ships={"blue": "hub"}, hunt_tokens=tokens(("h2", "hub")))
    out = psionic_attack(start, "red", "h2", "blue", Winner.DEFENDER, random.Random(1), shield=2)
    assert out.state.token("h2").shield == 2
    silent = psionic_attack(start, "red", "h2", "blue", Winner.DEFENDER, random.Random(1))
    assert "its shield value (not recorded)" in silent.steps[1].text


def test_game_end_after_a_won_defence() -> None:
    start = fight().with_player(replace(fight().player("blue"), influence=14))
    out = psionic_attack(start, "red", "h1", "blue", Winner.DEFENDER, random.Random(1))
    assert out.steps[-1].rule.id == "SB-GAME-END"
    assert out.steps[-1].text == "the game ends: blue reached 15 influence; blue wins with 15"


# -- returning on an empty board ------------------------------------------------------------------


def empty_board(*where: str):
    return game(ships={"red": "hub"},
                hunt_tokens=tuple(HuntToken(f"h{i}", w, explored=True, shield=3,
                                            captured_by="blue" if w == CAPTURED else None)
                                  for i, w in enumerate(where, start=1)))


def test_return_to_a_furthest_sector_seeded_tie_sb_hunt_empty() -> None:
    out = psionic_return(empty_board(BOX, BOX), "red", random.Random(3))
    h1 = out.state.token("h1")
    assert (h1.where, h1.explored) == ("mines", False)  # exclamation side up
    assert out.state.token("h2").where == BOX
    assert rules_of(out) == ["SB-HUNT-EMPTY", "TOR-14", "TOR-06", "SB-HUNT-EMPTY"]
    assert out.steps[2].text == ("sectors furthest from hub (4 steps): fortress, research-lab, "
                                 "mines; mines drawn at random")
    assert out.warning is not None


def test_other_seed_other_tie() -> None:
    out = psionic_return(empty_board(BOX, BOX), "red", random.Random(4))
    assert out.state.token("h1").where == "research-lab"


def test_the_player_may_choose_among_the_ties_tor_06() -> None:
    out = psionic_return(empty_board(BOX), "red", random.Random(3), to="fortress")
    assert out.state.token("h1").where == "fortress"
    assert out.steps[2].text.endswith("fortress chosen by the player")
    with pytest.raises(IllegalAction, match=r"vortex is not among the sectors furthest from hub "
                       r"\(4 steps: fortress, research-lab, mines\)"):
        psionic_return(empty_board(BOX), "red", random.Random(3), to="vortex")


def test_a_single_furthest_sector() -> None:
    start = game(chain("tortuga", "near", "far"), hunt_tokens=tokens(("h1", BOX)))
    out = psionic_return(start, "red", random.Random(0))
    assert out.state.token("h1").where == "far"
    assert out.steps[2].text == "sectors furthest from tortuga (2 steps): far; far the only one"


def test_nothing_to_return_has_no_effect_tor_14() -> None:
    start = empty_board(CAPTURED)
    out = psionic_return(start, "red", random.Random(0))
    assert out.state is start
    assert out.steps[-1].text == ("no hunt token has been removed from the game: the card has no "
                                  "effect")


def test_captured_tokens_only_with_the_option_tor_14() -> None:
    out = psionic_return(empty_board(CAPTURED), "red", random.Random(0),
                         rulings=Rulings(captured_returnable=True))
    token = out.state.token("h1")
    assert token.where in ("fortress", "research-lab", "mines") and token.captured_by is None


def test_not_while_tokens_are_on_the_board() -> None:
    with pytest.raises(IllegalAction, match="1 hunt token\\(s\\) are on the board"):
        psionic_return(empty_board(BOX, "vortex"), "red", random.Random(0))


def test_the_text_never_names_the_returned_token() -> None:
    start = game(ships={"red": "hub"}, hunt_tokens=(
        HuntToken("h1", BOX, explored=True, shield=5, value=3, name="Shadow Hacker"),))
    text = psionic_return(start, "red", random.Random(0)).text()
    assert "Shadow Hacker" not in text and "shield" not in text
