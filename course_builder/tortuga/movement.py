"""Moving a ship: one step to an adjacent sector, or the Accelerator's jump of up to three.

Base game (``other-games-research.md`` 3.2, BASE-MOVE): one Manoeuvre moves a ship to an adjacent
sector, adjacent meaning sharing a side (ruling TOR-04). Expansion, "Card and Component Notes":
the Accelerator moves the ship to a chosen sector within three sectors of its own (SB-ACCELERATOR;
one to three steps, staying put is no move, TOR-05). Entering the sector sets off the mines there
(:func:`~course_builder.tortuga.mines.enter_sector`; only the sector moved into, TOR-20).

Every answer depends on adjacency or distance, so it carries the unverified-layout warning when
the map is unverified (TOR-01).
"""

from __future__ import annotations

from course_builder.core.values import replace
from course_builder.tortuga import rules as R
from course_builder.tortuga.mines import enter_sector
from course_builder.tortuga.outcome import IllegalAction, Outcome, Step
from course_builder.tortuga.rules import DEFAULT_RULINGS, Rulings
from course_builder.tortuga.state import GameState

ACCELERATOR_RANGE = 3


def move_ship(state: GameState, player: str, to: str, *, accelerator: bool = False,
              mine_owner: str | None = None, replacement: str | None = None,
              rulings: Rulings = DEFAULT_RULINGS) -> Outcome:
    """Move ``player``'s ship into sector ``to`` and apply what happens on entering it."""
    mover = state.player(player)
    state.map.sector(to)
    start = mover.ship
    if to == start:
        raise IllegalAction(f"{player}'s ship is already in {to}; a move goes to another sector",
                            R.WITHIN if accelerator else R.BASE_MOVE)
    distance = state.map.distance(start, to)
    if accelerator:
        if distance is None or distance > ACCELERATOR_RANGE:
            raise IllegalAction(f"{to} is {_steps(distance)} from {start}; the Accelerator "
                                f"reaches {ACCELERATOR_RANGE} sectors (within: "
                                f"{', '.join(state.map.within(start, ACCELERATOR_RANGE))})",
                                R.ACCELERATOR)
        steps = [Step(R.ACCELERATOR, f"{player} plays the Accelerator: {to} is {_steps(distance)}"
                                     f" from {start}, within {ACCELERATOR_RANGE}"),
                 Step(R.WITHIN, "within three sectors counts one to three steps; the sectors "
                                "passed over are not entered")]
    else:
        if distance != 1:
            raise IllegalAction(f"{to} is not adjacent to {start} (adjacent: "
                                f"{', '.join(state.map.adjacent(start))})", R.BASE_MOVE)
        steps = [Step(R.BASE_MOVE, f"{player} moves from {start} to the adjacent {to} (one "
                                   "Manoeuvre)")]
    steps.append(Step(R.ADJACENCY, "adjacent sectors share a side; distance counts sector steps"))
    after = state.with_player(replace(mover, ship=to))
    after, mine_steps = enter_sector(after, player, mine_owner=mine_owner,
                                     replacement=replacement, rulings=rulings)
    return Outcome("move", after, (*steps, *mine_steps), uses_map=True)


def _steps(distance: int | None) -> str:
    if distance is None:
        return "not connected"
    return f"{distance} step{'s' if distance != 1 else ''}"
