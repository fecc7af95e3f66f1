"""Sailing a move hex by hex, with the Expansion 1 tiles' effects (expansion, "Rules").

:func:`sail` moves a boat ``total`` steps from a hex in a heading and reports every hex it passes,
where it stops, any crash and its damage, the dice it loses on low water, and the steps of the
story for the trace. Without expansion tiles on its line it is a straight run; with them each
hex entered applies its effect at once, mid-move or at the end (rulings EXP-01..EXP-12):

* Redoubt: the remaining steps are doubled and the boat flies that many hexes straight on, over
  islands (island hexes count); landing on an island, a redoubt, a buoy or off the lake: 4 damage
  and the race ends; landing on a boat: one hex back along the flight, again if need be, and if
  that is land, a redoubt or a buoy, the same crash; landing on another tile: its effect. Entered
  with no steps left: the next turn is doubled and may not turn.
* Current: the boat is moved one hex in the flow direction without turning (no step used).
* Maelstrom: the boat turns 60 degrees in the maelstrom's sense and sails on.
* Low water: damage equal to the rocks, the same number of steps lost, and dice removed to match
  (or the closest higher total dice can be removed for).

Other boats are passed through; where the boat ends is settled by the caller (PB-19). Pure: the
caller gives the race tables and gets plain data back.
"""

from __future__ import annotations

import itertools

from course_builder.core.hexgrid import Direction
from course_builder.powerboats.course.model import CURRENT, LOW_WATER, MAELSTROM, REDOUBT
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.play.race import Race

SINKS_AT = 4
"""Damage counters that sink a boat (reference, "Damage")."""

REDOUBT_CRASH = 4
"""Damage of a bad redoubt landing; with it the boat's race ends (expansion, "Redoubt")."""

R_REDOUBT = 'expansion, "Redoubt"'
R_CURRENT = 'expansion, "Current"'
R_MAELSTROM = 'expansion, "Maelstrom"'
R_LOW = 'expansion, "Low Water"'


class Sailing:
    """What happened while sailing: filled in by :func:`sail`.

    ``hexes``: every hex the boat was on, in order, from the start (flown-over hexes included);
    ``steps``: the direction of each step between them; ``flown``: positions in ``hexes`` reached
    by flying (no place to stop on); ``heading``: the heading at the end; ``used``: steps of the
    total used before a crash (or all); ``crash`` and ``damage`` (the unused steps);
    ``rock_damage`` and ``removed_dice`` from low water; ``out``: a bad redoubt landing (4 damage,
    the race ends); ``redoubt_wait``: ended exactly on a redoubt; ``story``: the trace lines.
    """

    __slots__ = ("base_damage", "crash", "damage", "flown", "heading", "hexes", "out",
                 "redoubt_wait", "removed_dice", "rock_damage", "steps", "story", "used")

    def __init__(self, hexes: list[int], heading: Direction) -> None:
        self.hexes = hexes
        self.steps: list[Direction] = []
        self.flown: set[int] = set()
        self.heading = heading
        self.used = 0
        self.crash = False
        self.damage = 0
        self.rock_damage = 0
        self.removed_dice: list[int] = []
        self.out = False
        self.redoubt_wait = False
        self.story: list[str] = []
        self.base_damage = 0

    @property
    def end(self) -> int:
        return self.hexes[-1]


def dice_for_rocks(dice: tuple[int, ...], rocks: int) -> list[int]:
    """The dice to remove on low water: a set whose pips match the rocks, else the smallest total
    above it that removing dice can make (fewest dice on ties); all dice if even they fall short
    (expansion, "Low Water"; EXP-09)."""
    if sum(dice) <= rocks:
        return list(dice)
    best: tuple[int, int, tuple[int, ...]] | None = None
    for size in range(1, len(dice) + 1):
        for combo in itertools.combinations(dice, size):
            total = sum(combo)
            if total >= rocks and (best is None or (total, size) < best[:2]):
                best = (total, size, combo)
    assert best is not None
    return list(best[2])


def sail(race: Race, start: int, heading: Direction, total: int, dice: tuple[int, ...], *,
         fly: bool = False, explain: bool = False, occupied: frozenset[int] = frozenset(),
         damage: int = 0) -> Sailing:
    """Sail ``total`` steps (or fly them, for a doubled redoubt turn) from hex index ``start``;
    ``damage`` is the boat's damage before the move (rocks can sink it on the spot)."""
    s = Sailing([start], heading=heading)
    s.base_damage = damage
    board = race.board
    nb = board.neighbors
    free = race.clear_run[start][heading]
    if not fly and race.tile_ahead[start][heading] > min(total, free):
        # no tile on the way: a plain straight run (the common case, kept fast)
        here = start
        for _ in range(min(total, free)):
            here = nb[here][heading]
            s.hexes.append(here)
        s.steps = [heading] * (len(s.hexes) - 1)
        s.used = min(total, free)
        if free < total:
            s.crash, s.damage = True, total - free
        return s
    rc = _rc_of(race) if explain else _no_rc
    held = list(dice)
    if fly:
        _fly(race, s, total, occupied, explain, rc, held)
        return s
    remaining = total
    here = start
    water = board.water
    buoys = race.buoy_index
    tiles = race.tiles
    hexes, steps = s.hexes, s.steps
    while remaining > 0:  # every pass uses a step, so this ends
        heading = s.heading
        nxt = nb[here][heading]
        if nxt == -1 or not water[nxt] or nxt in buoys:
            s.crash, s.damage = True, remaining
            break
        hexes.append(nxt)
        steps.append(heading)
        here = nxt
        remaining -= 1
        s.used += 1
        if nxt in tiles:
            here, remaining, stop = _effects(race, s, here, remaining, occupied, explain, rc,
                                             held)
            if stop:
                break
    return s


def _step(s: Sailing, to: int, direction: Direction) -> int:
    s.hexes.append(to)
    s.steps.append(direction)
    return to


def _effects(race: Race, s: Sailing, here: int, remaining: int, occupied: frozenset[int],
             explain: bool, rc, held: list[int]) -> tuple[int, int, bool]:
    """Apply the tile entered at ``here`` (and any chain); returns hex, steps left, stop?"""
    board = race.board
    nb = board.neighbors
    for _chain in range(64):
        tile = race.tiles.get(here)
        if tile is None:
            return here, remaining, False
        kind, data = tile
        if kind == REDOUBT:
            if remaining == 0:
                s.redoubt_wait = True
                if explain:
                    s.story.append(f"ends on a Redoubt at {rc(here)}: next turn its dice count "
                                   f"double and it may not turn ({R_REDOUBT})")
                return here, 0, True
            if explain:
                s.story.append(f"enters a Redoubt at {rc(here)} with {remaining} steps left: "
                               f"flies {2 * remaining} hexes on ({R_REDOUBT})")
            _fly(race, s, 2 * remaining, occupied, explain, rc, held)
            return s.end, 0, True
        if kind == CURRENT:
            flow: Direction = data
            target = nb[here][flow]
            if target == -1 or not board.water[target] or target in race.buoy_index:
                s.crash, s.damage = True, max(1, remaining)
                if explain:
                    s.story.append(f"a Current at {rc(here)} pushes it {flow.name} into land, a "
                                   f"buoy or the edge: a crash ({R_CURRENT}; EXP-05)")
                return here, 0, True
            if remaining == 0 and target in occupied:
                if explain:
                    s.story.append(f"a Current at {rc(here)} would push it onto a boat at "
                                   f"{rc(target)}: it stays ({R_CURRENT}; EXP-06)")
                return here, 0, True
            if explain:
                s.story.append(f"a Current at {rc(here)} pushes it one hex {flow.name} to "
                               f"{rc(target)} without turning ({R_CURRENT})")
            here = _step(s, target, flow)
            continue
        if kind == MAELSTROM:
            sense: Sense = data
            s.heading = s.heading.right() if sense is Sense.CW else s.heading.left()
            if explain:
                s.story.append(f"a Maelstrom at {rc(here)} turns it {sense.words} to "
                               f"{s.heading.name} ({R_MAELSTROM})")
            return here, remaining, False
        if kind == LOW_WATER:
            rocks: int = data
            s.rock_damage += rocks
            lost = min(rocks, remaining)
            remaining -= lost
            removed = dice_for_rocks(tuple(held), rocks)
            for v in removed:
                held.remove(v)
            s.removed_dice.extend(removed)
            if explain:
                s.story.append(
                    f"low water at {rc(here)}: {rocks} rock(s), {rocks} damage, {lost} step(s) "
                    f"lost, dice removed: {'-'.join(map(str, removed)) or 'none'} ({R_LOW})")
            if s.base_damage + s.rock_damage >= SINKS_AT:
                if explain:
                    s.story.append(f"the rocks bring it to {s.base_damage + s.rock_damage} "
                                   f"damage: it sinks there (EXP-09)")
                return here, 0, True
            return here, remaining, False
        return here, remaining, False  # pragma: no cover - unknown kinds are rejected earlier
    return here, remaining, True  # pragma: no cover


def _fly(race: Race, s: Sailing, distance: int, occupied: frozenset[int], explain: bool,
         rc, held: list[int]) -> None:
    """Fly ``distance`` hexes straight on over anything, then land (EXP-02..EXP-04)."""
    board = race.board
    nb = board.neighbors
    origin = s.end
    flight: list[int] = []
    here = origin
    for _ in range(distance):
        here = nb[here][s.heading]
        if here == -1:
            break
        flight.append(here)
    if here == -1:
        _record_flight(s, flight)
        _bad_landing(s, "off the lake", explain)
        return
    # landing on a boat: one hex back along the flight, again while there are boats (EXP-04)
    while flight and flight[-1] in occupied:
        if explain:
            s.story.append(f"the landing hex {rc(flight[-1])} holds a boat: one hex back along "
                           f"the flight ({R_REDOUBT}; designer, EX-08)")
        flight.pop()
    _record_flight(s, flight)
    landing = flight[-1] if flight else origin
    tile = race.tiles.get(landing)
    if not board.water[landing]:
        _bad_landing(s, f"on land at {rc(landing)}", explain)
    elif landing in race.buoy_index:
        _bad_landing(s, f"on a buoy at {rc(landing)}", explain)
    elif tile is not None and tile[0] == REDOUBT:
        _bad_landing(s, f"on a Redoubt at {rc(landing)}", explain)
    else:
        if explain:
            s.story.append(f"lands on water at {rc(landing)} ({R_REDOUBT})")
        if tile is not None:
            _effects(race, s, landing, 0, occupied, explain, rc, held)


def _record_flight(s: Sailing, flight: list[int]) -> None:
    for k, h in enumerate(flight):
        if k < len(flight) - 1:
            s.flown.add(len(s.hexes))
        _step(s, h, s.heading)


def _bad_landing(s: Sailing, where: str, explain: bool) -> None:
    s.out = True
    s.crash = True
    if explain:
        s.story.append(f"lands {where}: 4 damage and its race ends ({R_REDOUBT}; designer, "
                       "EX-06)")


def _no_rc(i: int) -> str:
    return ""


def _rc_of(race: Race):
    board = race.board

    def rc(i: int) -> str:
        if i < 0:
            return "(off the lake)"
        r, c = board.hex_at(i).offset
        return f"({r}, {c})"

    return rc
