"""Sector control and the control abilities of the Hub and Shipwreck Bay.

Expansion, "New Sectors": a player who controls the Hub and has their ship in it may, on their
turn, explore one hunt target in any sector of the planet (SB-HUB-CONTROL); a player who controls
Shipwreck Bay with their ship in it may, on their turn, move a System Fault card from the common
supply into any player's discard pile (SB-WRECK-CONTROL), or with the supply exhausted a card
removed from the game into an opponent's (SB-FAULT-EMPTY, TOR-17). The referee does not follow
turns, so "once on your turn" is the players' to keep (TOR-16).

Who controls a sector is won by the base game's conquest; :func:`set_control` records it.
"""

from __future__ import annotations

from course_builder.core.rulebook import RuleRef
from course_builder.core.values import replace
from course_builder.tortuga import rules as R
from course_builder.tortuga.faults import give_fault
from course_builder.tortuga.outcome import IllegalAction, Outcome, Step
from course_builder.tortuga.scoring import end_steps
from course_builder.tortuga.sectors import Special
from course_builder.tortuga.state import GameState


def _controls_and_present(state: GameState, player: str, sector: Special, rule: RuleRef
                          ) -> list[Step]:
    p = state.player(player)
    if not state.map.has(sector):
        raise IllegalAction(f"{sector.label} is not in play", rule)
    owner = state.controller(sector)
    if owner != player:
        who = f"{owner} controls it" if owner else "nobody controls it"
        raise IllegalAction(f"{player} does not control {sector.label} ({who})", rule)
    if p.ship != sector:
        raise IllegalAction(f"{player}'s ship is in {p.ship}, not in {sector.label}", rule)
    return [Step(rule, f"{player} controls {sector.label} and their ship is in it"),
            Step(R.ONCE_PER_TURN, "once on the player's turn: the referee does not count turns")]


def hub_explore(state: GameState, player: str, token_id: str, *, shield: int | None = None,
                value: int | None = None, name: str | None = None) -> Outcome:
    """The Hub's control ability: explore (turn face up) one hunt target anywhere on the board
    (SB-HUB-CONTROL); ``shield``, ``value`` and ``name`` record what the token shows."""
    steps = _controls_and_present(state, player, Special.HUB, R.HUB_CONTROL)
    token = state.token(token_id)
    if not state.map.has(token.where):
        raise IllegalAction(f"hunt token {token_id} is not on the board ({token.where})",
                            R.HUB_CONTROL)
    if token.explored:
        raise IllegalAction(f"hunt token {token_id} in {token.where} is already explored",
                            R.EXPLORED_TWICE)
    after = state.with_token(replace(
        token, explored=True, shield=token.shield if shield is None else shield,
        value=token.value if value is None else value, name=token.name if name is None else name))
    steps.append(Step(R.HUB_CONTROL, f"hunt token {token_id} in {token.where} is explored"))
    return Outcome("control hub", after, tuple(steps))


def wreck_fault(state: GameState, player: str, target: str,
                replacement: str | None = None) -> Outcome:
    """Shipwreck Bay's control ability: a System Fault card from the supply into ``target``'s
    discard pile, any player (TOR-17); with the supply empty, ``replacement`` is the card removed
    from the game the player moves to an opponent instead (SB-FAULT-EMPTY)."""
    steps = _controls_and_present(state, player, Special.SHIPWRECK_BAY, R.WRECK_CONTROL)
    state.player(target)
    steps.append(Step(R.WRECK_TARGET, f"the target may be any player: {target}"))
    after, more = give_fault(state, target, chooser=player, replacement=replacement,
                             rule=R.WRECK_CONTROL, empty_rule=R.FAULT_EMPTY, opponents_only=True)
    return Outcome("control shipwreck-bay", after, (*steps, *more))


def set_control(state: GameState, sector: str, player: str | None) -> Outcome:
    """Record who controls ``sector`` after the base game's conquest (``None``: nobody)."""
    state.map.sector(sector)
    control = dict(state.control)
    if player is None:
        control.pop(sector, None)
        text = f"nobody controls {sector} now"
    else:
        state.player(player)
        control[sector] = player
        text = f"{player} controls {sector} now"
    after = replace(state, control=control)
    return Outcome("control set", after, (Step(R.CONQUER, text), *end_steps(after)))
