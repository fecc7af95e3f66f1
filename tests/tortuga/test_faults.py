"""System Fault cards: Shadow Hacker and the return to the supply (tortuga2199-shipwreck-bay.txt,
"Card and Component Notes")."""

from __future__ import annotations

import pytest

from course_builder.core.values import replace
from course_builder.tortuga.faults import return_fault, shadow_hacker
from course_builder.tortuga.outcome import IllegalAction
from course_builder.tortuga.state import FAULT_CARDS
from tests.tortuga.helpers import game


def test_shadow_hacker_gives_a_fault_anywhere_sb_shadow_hacker() -> None:
    out = shadow_hacker(game(ships={"red": "hub"}), "red", "blue")
    assert out.state.player("blue").discard == ("system-fault-1",)
    assert [s.rule.id for s in out.steps] == ["TOR-17", "SB-SHADOW-HACKER"]


def test_return_puts_the_card_back_at_the_bottom_sb_fault_card() -> None:
    given = shadow_hacker(shadow_hacker(game(), "red", "blue").state, "red", "blue").state
    out = return_fault(given, "blue", "system-fault-2")
    assert out.state.player("blue").discard == ("system-fault-1",)
    assert out.state.fault_supply == (*FAULT_CARDS[2:], "system-fault-2")
    assert return_fault(given, "blue").state.player("blue").discard == ("system-fault-2",)


def test_return_needs_a_fault_held() -> None:
    with pytest.raises(IllegalAction, match="blue holds no System Fault card"):
        return_fault(game(), "blue")
    given = shadow_hacker(game(), "red", "blue").state
    with pytest.raises(IllegalAction, match="blue does not hold system-fault-5"):
        return_fault(given, "blue", "system-fault-5")
    other = given.with_player(replace(given.player("blue"), discard=("system-fault-1", "psionic")))
    with pytest.raises(IllegalAction, match="'psionic' is not a System Fault card"):
        return_fault(other, "blue", "psionic")
