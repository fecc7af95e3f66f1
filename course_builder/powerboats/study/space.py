"""The states of one boat alone on a course, as array indices.

A state is (rounding state, damage, dice held, place):

* a *place* is the boat's hex, its heading and whether it waits on a redoubt (expansion,
  "Redoubt": the next move is doubled and straight on); only places a boat can reach from the
  start are kept (:mod:`.transitions` finds them);
* a *rounding state* is the boat's progress round the course (COURSE-04): its next buoy (1-3, or
  4 for the finish), the net crossings of that buoy's line, and the counts of the later buoys'
  lines already open (after a rounding was undone), each held between ``floor`` and ``ceiling``
  (PAR-04: :func:`rounding_key`);
* damage is 0 to 3 (4 sinks, reference "Damage");
* the dice are one of the :class:`~.dice.DiceModel` sets.

Values live in one float array with a row per rounding state; inside a row the index is
``(dice * 4 + damage) * places + place`` (the dice outermost, so that the dice stages of the
solver work on whole blocks), and three cells at the end hold the values of the
ends of a race: sunk (the sinking penalty, PAR-01), an illegal heading (infinite) and finished
(0). Each row is solved as a block (:mod:`.solve`).
"""

from __future__ import annotations

from course_builder.core.hexgrid import Direction
from course_builder.core.values import Mutable
from course_builder.powerboats.play.position import Boat
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import SINK_AT
from course_builder.powerboats.study.dice import DiceModel

Place = tuple[int, Direction, bool]
"""A boat's hex (board index), heading and redoubt wait."""

Rounding = tuple[int, int, tuple[int, ...]]
"""A boat's next buoy (4 = the finish), its crossings count and the counts of the later open
lines (:attr:`~..play.position.Boat.later`), held within the model's bounds (PAR-04)."""

DAMAGES = SINK_AT
"""Damage levels a boat can be at and still race: 0 to 3."""

SUNK, ILLEGAL, FINISHED = -3, -2, -1
"""The end cells of a row, counted from its end."""


def rounding_key(boat: Boat, floor: int, ceiling: int) -> Rounding:
    """A boat's rounding state in the model (PAR-04): every count below ``floor`` counts as
    ``floor``, and a later line's count above ``ceiling`` as ``ceiling`` (the next buoy's count
    is never above 0: at +1 the buoy is rounded)."""
    return (boat.next_buoy, max(boat.crossings, floor),
            tuple(min(max(k, floor), ceiling) for k in boat.later))


class StateSpace(Mutable):
    """The places, rounding states and dice sets of one race, and the index arithmetic."""

    race: Race
    places: list[Place]
    place_index: dict[Place, int]
    roundings: list[Rounding]
    rounding_index: dict[Rounding, int]
    dice: DiceModel
    floor: int
    """The lowest crossings count kept; lower counts are counted as this (PAR-04)."""
    ceiling: int
    """The highest count of a later line kept; higher counts are counted as this (PAR-04)."""

    @property
    def n_places(self) -> int:
        return len(self.places)

    @property
    def n_sets(self) -> int:
        return len(self.dice.sets)

    @property
    def body(self) -> int:
        """Cells of a row that hold states (the row without its end cells)."""
        return DAMAGES * self.n_sets * self.n_places

    @property
    def row(self) -> int:
        return self.body + 3

    @property
    def n_states(self) -> int:
        return len(self.roundings) * self.body

    def local(self, damage: int, dice: int, place: int) -> int:
        """The index of a state inside its row."""
        return (dice * DAMAGES + damage) * self.n_places + place

    def flat(self, rounding: int, damage: int, dice: int, place: int) -> int:
        """The index of a state in the flattened value array."""
        return rounding * self.row + self.local(damage, dice, place)

    def end(self, rounding: int, cell: int) -> int:
        """The flat index of an end cell (SUNK, ILLEGAL or FINISHED) of a row."""
        return (rounding + 1) * self.row + cell

    def state_of(self, boat: Boat) -> tuple[int, int, int, int] | None:
        """(rounding, damage, dice, place) of a racing boat, or None when the model has no such
        state (a place never reached from the start, more dice than the cap, a rounding state
        the solver never met)."""
        place = self.place_index.get((self.hex_index(boat), boat.heading, boat.redoubt))
        rounding = self.rounding_index.get(rounding_key(boat, self.floor, self.ceiling))
        dice = self.dice.index.get(tuple(sorted(boat.dice)))
        if place is None or rounding is None or dice is None or not 0 <= boat.damage < DAMAGES:
            return None
        return rounding, boat.damage, dice, place

    def hex_index(self, boat: Boat) -> int:
        return self.race.board.index_of[boat.hex]

    def boat_at(self, colour: str, place: int, rounding: Rounding, damage: int,
                dice: tuple[int, ...]) -> Boat:
        """The racing boat of a state."""
        hex_i, heading, wait = self.places[place]
        return Boat(colour, self.race.hexes[hex_i], heading, dice, damage, rounding[0],
                    rounding[1], 0, False, wait, rounding[2])
