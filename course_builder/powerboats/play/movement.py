"""Sailing a move hex by hex, with the Expansion 1 tiles' effects (expansion, "Rules").

:func:`sail` moves a boat ``total`` steps from a hex in a heading and reports every hex it passes,
where it stops, any crash and its damage, the dice it loses on low water, and the tile effects as
events. Without expansion tiles on its line it is a straight run; with them each hex entered
applies its effect at once, mid-move or at the end (rulings EXP-01..EXP-12):

* Redoubt: the remaining steps are doubled and the boat flies that many hexes straight on, over
  islands (island hexes count); landing on an island, a redoubt, a buoy or off the lake: 4 damage
  and the race ends; landing on a boat: one hex back along the flight, again if need be, and if
  that is land, a redoubt or a buoy, the same crash; landing on another tile: its effect. Entered
  with no steps left: the next turn is doubled and may not turn.
* Current: the boat is moved one hex in the flow direction without turning (no step used).
* Maelstrom: the boat turns 60 degrees in the maelstrom's sense and sails on.
* Low water: damage equal to the rocks, the same number of steps lost, and dice removed to match
  (or the closest higher total dice can be removed for).

Other boats are passed through; where the boat ends is settled by the kernel (MOVE-05). Pure: the
caller gives the race tables and gets plain data back.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from course_builder.core.hexgrid import Direction
from course_builder.core.values import Mutable, field
from course_builder.powerboats.course.model import ExpansionKind
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.play import events as ev
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import SINK_AT

NO_BOATS: frozenset[int] = frozenset()

Effect = tuple[type[ev.Event], tuple[object, ...], int]
"""A tile's effect as recorded while sailing: the event's type, its facts, and the position in
the sailing's hexes where it happened."""
# enum members bound once (a member looked up on its class costs more than the comparison)
_REDOUBT, _CURRENT, _MAELSTROM = ExpansionKind.REDOUBT, ExpansionKind.CURRENT, ExpansionKind.MAELSTROM
_CW = Sense.CW
_RIGHT_OF = tuple(d.right() for d in Direction)
_LEFT_OF = tuple(d.left() for d in Direction)
_NOTHING: frozenset[int] = frozenset()


class Sailing(Mutable):
    """What happened while sailing: filled in by :func:`sail` (a mutable value).

    ``hexes``: every hex the boat was on, in order, from the start (flown-over hexes included);
    ``heading``: the heading at the end; ``steps``: the direction of each step between them;
    ``used``: steps of the total used before a crash (or all); ``crash`` and ``damage`` (the
    unused steps). What tiles do is kept in the fields after those, which a plain straight run
    (most moves) leaves as they start; :meth:`with_tiles` makes a sailing with empty lists for
    them.
    """

    hexes: list[int]
    heading: Direction
    steps: list[Direction]
    used: int
    crash: bool = False
    damage: int = 0
    flown: AbstractSet[int] = _NOTHING
    """Positions in ``hexes`` reached by flying (no place to stop on)."""
    rock_damage: int = 0
    removed_dice: Sequence[int] = ()
    """Damage and dice lost on low water."""
    out: bool = False
    """A bad redoubt landing: 4 damage, the race ends."""
    redoubt_wait: bool = False
    """Ended exactly on a redoubt."""
    effects: Sequence[Effect] = ()
    """The tile events as recorded, each with the position in ``hexes`` where it happened
    (:meth:`events` makes them)."""
    flights: Sequence[tuple[int, int]] = ()
    """The stretches of ``hexes`` flown, as (position left, position landed)."""
    base_damage: int = 0
    """The boat's damage before the move (rocks can sink it on the spot)."""

    @classmethod
    def with_tiles(cls, start: int, heading: Direction, base_damage: int) -> TileSailing:
        """An empty sailing from hex ``start`` that tile effects will fill in."""
        return TileSailing([start], heading, [], 0, base_damage=base_damage)

    @property
    def end(self) -> int:
        return self.hexes[-1]

    def events(self) -> tuple[ev.Event, ...]:
        """The effects of the tiles met, as events, in order."""
        return tuple(kind(*facts) for kind, facts, _at in self.effects)


class TileSailing(Sailing):
    """A sailing on which expansion tiles may act: its tile fields are lists and a set, filled in
    as the tiles act (made by :meth:`Sailing.with_tiles`)."""

    flown: set[int] = field(default_factory=set)
    removed_dice: list[int] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    flights: list[tuple[int, int]] = field(default_factory=list)


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


def straight_run(race: Race, start: int, heading: Direction, total: int) -> Sailing:
    """A move with no expansion tile within reach: straight on until the total or a crash."""
    free = race.clear_run[start][heading]
    if free < total:
        return Sailing(race.paths[start][heading][:free + 1], heading, [heading] * free, free,
                       True, total - free)
    return Sailing(race.paths[start][heading][:total + 1], heading, [heading] * total, total)


def sail(race: Race, start: int, heading: Direction, total: int, dice: tuple[int, ...], *,
         fly: bool = False, occupied: frozenset[int] = NO_BOATS, damage: int = 0,
         stop_at: int | None = None) -> Sailing:
    """Sail ``total`` steps (or fly them, for a doubled redoubt turn) from hex index ``start``;
    ``damage`` is the boat's damage before the move (rocks can sink it on the spot).

    ``stop_at``: the boat is held back behind other boats and stops on the hex at that position
    of its path (counting the start as 0), as if its move ended there: a tile there acts with no
    steps left, tiles beyond it do not act (EXP-13)."""
    if (not fly and stop_at is None
            and race.tile_ahead[start][heading] > min(total, race.clear_run[start][heading])):
        return straight_run(race, start, heading, total)  # the common case, kept fast
    s = Sailing.with_tiles(start, heading, damage)
    held = list(dice)
    if fly:
        _fly(race, s, total, occupied, held)
        return s
    remaining = total if stop_at != 0 else 0  # held back at the start: it does not move
    here = start
    while remaining > 0:  # straight on from tile to tile, reading the race's tables
        heading = s.heading
        free = race.clear_run[here][heading]  # water before land, a buoy or the edge
        gap = race.tile_ahead[here][heading]  # steps to the next expansion hex
        run = min(remaining, free, gap)
        if stop_at is not None and stop_at - len(s.hexes) + 1 <= run:
            run = remaining = stop_at - len(s.hexes) + 1  # the move ends on the held-back hex
        if run:
            line = race.paths[here][heading][1:run + 1]  # the hexes ahead of here
            s.hexes.extend(line)
            s.steps.extend([heading] * run)
            here = line[-1]
            remaining -= run
            s.used += run
        if run == gap:  # entered a tile: its effect at once, mid-move or at the end (EXP-01)
            here, remaining, stop = _effects(race, s, here, remaining, occupied, held)
            if stop:
                break
        elif remaining:  # land, a buoy or the edge ahead
            s.crash, s.damage = True, remaining
            break
    return s


def _effects(race: Race, s: TileSailing, here: int, remaining: int, occupied: frozenset[int],
             held: list[int]) -> tuple[int, int, bool]:
    """Apply the tile entered at ``here`` (and any chain); returns hex, steps left, stop?"""
    for _chain in range(64):
        tile = race.tiles.get(here)
        if tile is None:
            return here, remaining, False
        kind, data = tile
        if kind is _REDOUBT:
            return _redoubt(race, s, here, remaining, occupied, held)
        if kind is _CURRENT:
            pushed = _current(race, s, here, remaining, occupied, data)
            if pushed is None:
                return here, 0, True
            here = pushed
            continue
        if kind is _MAELSTROM:
            sense: Sense = data
            s.heading = (_RIGHT_OF if sense is _CW else _LEFT_OF)[s.heading]
            _note(s, ev.MaelstromTurn, race.hexes[here], sense, s.heading)
            return here, remaining, False
        return _low_water(race, s, here, remaining, held, data)
    return here, remaining, True  # pragma: no cover - a chain of 64 tiles cannot be laid


def _redoubt(race: Race, s: TileSailing, here: int, remaining: int, occupied: frozenset[int],
             held: list[int]) -> tuple[int, int, bool]:
    if remaining == 0:
        s.redoubt_wait = True
        _note(s, ev.RedoubtWait, race.hexes[here])
        return here, 0, True
    _note(s, ev.RedoubtFlight, race.hexes[here], remaining, 2 * remaining)
    _fly(race, s, 2 * remaining, occupied, held)
    return s.end, 0, True


def _current(race: Race, s: TileSailing, here: int, remaining: int, occupied: frozenset[int],
             flow: Direction) -> int | None:
    """Push the boat one hex in the flow (EXP-05, EXP-06); None when the move ends here."""
    target = race.board.neighbors[here][flow]
    if target == -1 or not race.board.water[target] or target in race.buoy_index:
        least = 1 if race.rules.current_crash_min_one else 0
        s.crash, s.damage = True, max(least, remaining)
        _note(s, ev.CurrentIntoLand, race.hexes[here], flow, s.damage)
        return None
    if remaining == 0 and target in occupied:
        _note(s, ev.CurrentOntoBoat, race.hexes[here], race.hexes[target])
        return None
    _note(s, ev.CurrentPush, race.hexes[here], flow, race.hexes[target])
    s.hexes.append(target)
    s.steps.append(flow)
    return target


def _low_water(race: Race, s: TileSailing, here: int, remaining: int, held: list[int], rocks: int
               ) -> tuple[int, int, bool]:
    s.rock_damage += rocks
    lost = min(rocks, remaining)
    removed = dice_for_rocks(tuple(held), rocks)
    for v in removed:
        held.remove(v)
    s.removed_dice.extend(removed)
    _note(s, ev.LowWater, race.hexes[here], rocks, lost, tuple(removed))
    if s.base_damage + s.rock_damage >= SINK_AT:
        _note(s, ev.RocksSink, race.hexes[here], s.base_damage + s.rock_damage)
        return here, 0, True
    return here, remaining - lost, False


def _fly(race: Race, s: TileSailing, distance: int, occupied: frozenset[int], held: list[int]
         ) -> None:
    """Fly ``distance`` hexes straight on over anything, then land (EXP-02..EXP-04)."""
    board = race.board
    origin = s.end
    flight = race.paths[origin][s.heading][1:distance + 1]  # the hexes ahead, a new list
    if len(flight) < distance:
        _record_flight(s, flight)
        _bad_landing(s, "off the lake", None)
        return
    # landing on a boat: one hex back along the flight, again while there are boats (EXP-04)
    backed = []
    while flight and flight[-1] in occupied:
        backed.append(flight.pop())
    _record_flight(s, flight)
    for h in backed:
        _note(s, ev.LandingStepBack, race.hexes[h])
    landing = flight[-1] if flight else origin
    tile = race.tiles.get(landing)
    if not board.water[landing]:
        _bad_landing(s, "land", race.hexes[landing])
    elif landing in race.buoy_index:
        _bad_landing(s, "buoy", race.hexes[landing])
    elif tile is not None and tile[0] is _REDOUBT:
        _bad_landing(s, "redoubt", race.hexes[landing])
    else:
        _note(s, ev.Landed, race.hexes[landing])
        if tile is not None:
            _effects(race, s, landing, 0, occupied, held)


def _note(s: TileSailing, kind: type[ev.Event], *facts: object) -> None:
    """Record a tile's effect where the boat is now (only sailings made by
    :meth:`Sailing.with_tiles` meet tiles). The event is made when asked for
    (:meth:`Sailing.events`): trial runs of the heading rule record effects that nobody reads."""
    s.effects.append((kind, facts, len(s.hexes) - 1))


def _record_flight(s: TileSailing, flight: list[int]) -> None:
    """The hexes flown over and landed on: every one but the last is flown over."""
    if flight:
        left = len(s.hexes) - 1
        s.flown.update(range(left + 1, left + len(flight)))
        s.hexes.extend(flight)
        s.steps.extend([s.heading] * len(flight))
        s.flights.append((left, left + len(flight)))


def _bad_landing(s: TileSailing, where: str, at: object) -> None:
    s.out = True
    s.crash = True
    _note(s, ev.BadLanding, where, at)
