"""Influence: the Monster Hunters scenario's scoring changes, standings and the end of the game.

Expansion, "New Scenario: Monster Hunters": capturing a hunt target gives as many influence points
as its token shows (SB-MONSTER-CAPTURE), and redeeming a Hunt card from hand gives 1 (SB-MONSTER-
REDEEM). What the base game gives for either is not in our sources, so in the standard scenario
the players tell the referee (ruling TOR-18). Reference sheet, "Memo": the game ends when a player
has 15 influence or Tortuga is conquered (SB-GAME-END); the research reports that the player with
the most influence then wins (``other-games-research.md`` 3.5). Ties are left to the rulebook.
"""

from __future__ import annotations

from course_builder.core.rulebook import RuleRef
from course_builder.core.values import replace
from course_builder.tortuga import rules as R
from course_builder.tortuga.outcome import IllegalAction, Outcome, Step
from course_builder.tortuga.sectors import TORTUGA
from course_builder.tortuga.state import (
    CAPTURED,
    GameState,
    Scenario,
    StateError,
    check_card_id,
    is_fault,
)

WIN_INFLUENCE = 15
MONSTER_REDEEM_POINTS = 1


def gain_influence(state: GameState, player: str, points: int, rule: RuleRef, why: str
                   ) -> tuple[GameState, list[Step]]:
    """``player`` gains ``points`` influence (``why`` says for what, ``rule`` under which)."""
    p = state.player(player)
    after = state.with_player(replace(p, influence=p.influence + points))
    return after, [Step(rule, f"{player} gains {points} influence for {why} "
                              f"({p.influence} -> {p.influence + points})")]


def end_steps(state: GameState) -> list[Step]:
    """A step saying the game is over, if it is (SB-GAME-END)."""
    reached = [p.id for p in state.players if p.influence >= WIN_INFLUENCE]
    conquered = state.controller(TORTUGA)
    if not reached and conquered is None:
        return []
    top = max(p.influence for p in state.players)
    leaders = [p.id for p in state.players if p.influence == top]
    why = (f"{', '.join(reached)} reached {WIN_INFLUENCE} influence" if reached
           else f"{conquered} conquered Tortuga")
    result = (f"{leaders[0]} wins with {top}" if len(leaders) == 1
              else f"{', '.join(leaders)} tie at {top}: the rulebook's tie-break decides")
    return [Step(R.GAME_END, f"the game ends: {why}; {result}")]


def capture(state: GameState, player: str, token_id: str, points: int | None = None) -> Outcome:
    """``player`` captures a hunt target in their ship's sector (TOR-18): the token leaves the
    board with them, and they gain its value (Monster Hunters) or the given points (standard)."""
    capturer = state.player(player)
    token = state.token(token_id)
    if token.where != capturer.ship:
        raise IllegalAction(f"hunt token {token_id} is in {token.where}, not in {player}'s "
                            f"sector {capturer.ship}", R.CAPTURE)
    steps = [Step(R.CAPTURE, f"{player} captures hunt token {token_id} in {capturer.ship}; the "
                             "token leaves the board with them")]
    if state.scenario is Scenario.MONSTER_HUNTERS:
        value = token.value if token.value is not None else points
        if value is None:
            raise StateError(f"hunt token {token_id}'s value is not recorded: give the influence "
                             "printed on it (--points) (SB-MONSTER-CAPTURE)")
        if token.value is not None and points is not None and points != token.value:
            raise IllegalAction(f"hunt token {token_id} shows {token.value} influence, not "
                                f"{points}", R.MONSTER_CAPTURE)
        rule, why = R.MONSTER_CAPTURE, "the influence printed on the captured token"
    else:
        if points is None:
            raise StateError("the standard scenario's reward for a capture is the base game's, "
                             "which our sources do not give: say how many points (--points) "
                             "(TOR-18)")
        value, rule, why = points, R.CAPTURE, "the capture (base-game reward, as given)"
    after = state.with_token(replace(token, where=CAPTURED, captured_by=player, explored=True,
                                     value=value if token.value is None else token.value))
    after, gained = gain_influence(after, player, value, rule, why)
    return Outcome("hunt capture", after, (*steps, *gained, *end_steps(after)))


def redeem(state: GameState, player: str, card: str, points: int | None = None) -> Outcome:
    """``player`` removes a Hunt card from hand from the game for influence (Memo): 1 in
    Monster Hunters (SB-MONSTER-REDEEM), the given points otherwise (TOR-18)."""
    state.player(player)
    check_card_id(card)
    if is_fault(card):
        raise IllegalAction(f"{card} is a System Fault card, not a Hunt card", R.FAULT_CARD)
    if card in state.removed_cards:
        raise IllegalAction(f"Hunt card {card} is already removed from the game: no hand holds "
                            "it", R.ONE_CARD)
    if state.scenario is Scenario.MONSTER_HUNTERS:
        if points not in (None, MONSTER_REDEEM_POINTS):
            raise IllegalAction(f"a redeemed Hunt card gives {MONSTER_REDEEM_POINTS} influence in "
                                f"Monster Hunters, not {points}", R.MONSTER_REDEEM)
        value, rule = MONSTER_REDEEM_POINTS, R.MONSTER_REDEEM
    elif points is None:
        raise StateError("the standard scenario's reward for a redeemed Hunt card is the base "
                         "game's, which our sources do not give: say how many points (--points) "
                         "(TOR-18)")
    else:
        value, rule = points, R.CAPTURE
    after = replace(state, removed_cards=(*state.removed_cards, card))
    after, gained = gain_influence(after, player, value, rule, f"redeeming Hunt card {card}")
    steps = [Step(rule, f"{player} removes Hunt card {card} from the game"), *gained]
    return Outcome("hunt redeem", after, (*steps, *end_steps(after)))


def standings(state: GameState) -> Outcome:
    """Influence per player, highest first, and whether the game is over."""
    ranked = sorted(state.players, key=lambda p: -p.influence)
    steps = [Step(R.GAME_END, f"{p.id}: {p.influence} influence"
                              + (f", controls {', '.join(_controlled(state, p.id))}"
                                 if _controlled(state, p.id) else ""))
             for p in ranked]
    return Outcome("score", state, (*steps, *end_steps(state)))


def _controlled(state: GameState, player: str) -> list[str]:
    return sorted(s for s, owner in state.control.items() if owner == player)
