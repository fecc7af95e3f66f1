"""Properties over random sequences of actions: whatever is played, legal or refused, the 8 mine
tokens, the 10 System Fault cards and the hunt tokens are each in exactly one place, and every
state stays one a game can be in."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.core.errors import CourseBuilderError
from course_builder.core.values import replace
from course_builder.tortuga.control import hub_explore, set_control, wreck_fault
from course_builder.tortuga.faults import return_fault, shadow_hacker
from course_builder.tortuga.hunt import Winner, psionic_attack, psionic_move, psionic_return
from course_builder.tortuga.mines import buy_mine_card, play_mine_card
from course_builder.tortuga.movement import move_ship
from course_builder.tortuga.scoring import capture
from course_builder.tortuga.state import FAULT_CARDS, MINE_TOKENS, GameState, HuntToken, Scenario
from tests.tortuga.helpers import game

PLAYERS = ("red", "blue", "green")
KINDS = ("move", "jump", "buy", "play", "shadow", "return", "wreck", "hub", "hmove", "attack",
         "hreturn", "capture", "control")


def start() -> GameState:
    s = game(players=PLAYERS, scenario=Scenario.MONSTER_HUNTERS,
             hunt_tokens=tuple(HuntToken(f"h{i}", w, value=i) for i, w in
                               enumerate(("vortex", "mines", "hub", "turret-2"), start=1)))
    return replace(s, removed_cards=("assassin", "cannon")).check()


def apply(state: GameState, kind: str, who: int, where: int, n: int) -> GameState:
    p, q = PLAYERS[who], PLAYERS[(who + 1) % 3]
    sector = state.map.ids()[where % len(state.map)]
    token = f"h{n % 4 + 1}"
    card = ("none", *state.removed_cards)[n % (len(state.removed_cards) + 1)]
    rng = random.Random(n)
    actions = {
        "move": lambda: move_ship(state, p, sector, replacement=card if not state.fault_supply
                                  else None),
        "jump": lambda: move_ship(state, p, sector, accelerator=True),
        "buy": lambda: buy_mine_card(state, p),
        "play": lambda: play_mine_card(state, p),
        "shadow": lambda: shadow_hacker(state, p, q, card if not state.fault_supply else None),
        "return": lambda: return_fault(state, p),
        "wreck": lambda: wreck_fault(state, p, q),
        "hub": lambda: hub_explore(state, p, token),
        "hmove": lambda: psionic_move(state, p, token, sector),
        "attack": lambda: psionic_attack(state, p, token, q, Winner(("attacker", "defender")[n % 2]),
                                         rng, defender_cards=("c1", "system-fault-1", "c2")),
        "hreturn": lambda: psionic_return(state, p, rng),
        "capture": lambda: capture(state, p, token),
        "control": lambda: set_control(state, sector, p),
    }
    try:
        return actions[kind]().state
    except CourseBuilderError:
        return state


@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 2), st.integers(0, 12),
                          st.integers(0, 10**6)), max_size=40))
def test_components_are_conserved(actions) -> None:
    state = start()
    for kind, who, where, n in actions:
        state = apply(state, kind, who, where, n)
        assert state.check() is state
        assert state.mine_count() == MINE_TOKENS
        held = [c for p in state.players for c in p.faults()]
        assert sorted(held + list(state.fault_supply)) == sorted(FAULT_CARDS)
        assert sorted(t.id for t in state.hunt_tokens) == ["h1", "h2", "h3", "h4"]
        assert all(p.influence >= 0 for p in state.players)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 12), st.integers(0, 10**6))
def test_a_returned_token_lands_on_a_furthest_sector(where: int, seed: int) -> None:
    state = start()
    state = replace(state, hunt_tokens=tuple(replace(t, where="box") for t in state.hunt_tokens))
    ship = state.map.ids()[where]
    state = state.with_player(replace(state.player("red"), ship=ship))
    out = psionic_return(state, "red", random.Random(seed))
    _, furthest = state.map.furthest_from(ship)
    placed = out.state.tokens_on_board()
    assert len(placed) == 1 and placed[0].where in furthest and not placed[0].explored
