"""What happens in a move, as structured events: the kernel's account of a turn, in order.

Events are plain frozen data with no words: the explainer (:mod:`.explain`) turns them into the
trace a person reads, the web page can animate them and a game record can store them. Hexes are
:class:`~course_builder.core.hexgrid.Hex`; each event names the rule it applies in
:attr:`Event.rule` so an explainer can cite it. Each event type is a
:class:`~course_builder.core.values.Frozen`.
"""

from __future__ import annotations

from typing import ClassVar

from course_builder.core.hexgrid import Direction, Hex
from course_builder.core.values import Frozen
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.play.position import DiceChange, Turn

R_DICE = 'reference, "Rolling Dice"'
R_TURN = 'reference, "Turning Your Speedboat"'
R_MOVE = 'reference, "Moving"'
R_DAMAGE = 'reference, "Damage"'
R_PASS = 'reference, "Passing Boats"'
R_FINISH = 'reference, "Completing a Course"'
R_REDOUBT = 'expansion, "Redoubt"'
R_CURRENT = 'expansion, "Current"'
R_MAELSTROM = 'expansion, "Maelstrom"'
R_LOW = 'expansion, "Low Water"'


class Event(Frozen):
    """Base of every event; ``rule`` is the rule text section (or ruling) it applies."""

    rule: ClassVar[str] = ""


# -- the decisions of the turn ------------------------------------------------------------------


class DiceRolled(Event):
    """The dice step and the roll: the dice held before, the step, the values rolled, the result."""

    rule: ClassVar[str] = R_DICE
    boat: str
    held: tuple[int, ...]
    change: DiceChange
    removed: int | None
    reroll: tuple[int, ...]
    rolled: tuple[int, ...]
    dice: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.dice)


class RedoubtDoubled(Event):
    """A boat that ended its last move on a redoubt: the total counts double, no turning."""

    rule: ClassVar[str] = R_REDOUBT
    total: int


class HeadingReach(Frozen):
    """One of the three headings: the open ``water`` straight ahead (hexes before land, a buoy
    or the edge), how far the move gets (``reach``: steps before a crash), whether it allows the
    full total, and, where expansion tiles were played out (EXP-11), what they did, each with
    the number of hexes entered before it."""

    turn: Turn
    heading: Direction
    water: int
    reach: int
    full: bool
    tiles: tuple[tuple[int, Event], ...] = ()


class HeadingsJudged(Event):
    """The heading rule (MOVE-01): the three headings with their reach, and whether expansion
    tiles were played out to judge them (EXP-11)."""

    rule: ClassVar[str] = R_TURN
    headings: tuple[HeadingReach, ...]
    total: int
    tiles_played: bool


class HeadingChosen(Event):
    """The heading taken, which headings were legal, and on what ground: ``"full"`` (a heading
    allows the whole total), ``"longest"`` (every heading crashes) or ``"no-dice"``."""

    rule: ClassVar[str] = R_TURN
    turn: Turn
    legal: tuple[Turn, ...]
    total: int
    basis: str
    reach: int


# -- the move ------------------------------------------------------------------------------------


class Sailed(Event):
    """The hexes entered in the move, start excluded (flown-over hexes too), and the heading it
    set out in; ``flying`` for the doubled flight after waiting on a redoubt."""

    rule: ClassVar[str] = R_MOVE
    hexes: tuple[Hex, ...]
    heading: Direction
    flying: bool


class RedoubtWait(Event):
    """Entered a redoubt with no steps left: next turn doubled, no turning (EXP-07)."""

    rule: ClassVar[str] = R_REDOUBT
    hex: Hex


class RedoubtFlight(Event):
    """Entered a redoubt with steps left: the rest doubled and flown (EXP-02)."""

    rule: ClassVar[str] = R_REDOUBT
    hex: Hex
    remaining: int
    distance: int


class LandingStepBack(Event):
    """The landing hex of a flight holds a boat: one hex back along the flight (EXP-04)."""

    rule: ClassVar[str] = R_REDOUBT
    hex: Hex


class Landed(Event):
    """A flight landed on water."""

    rule: ClassVar[str] = R_REDOUBT
    hex: Hex


class BadLanding(Event):
    """A flight landed on land, a buoy, a redoubt or off the lake: 4 damage, the race ends
    (EXP-04). ``where`` is ``"off the lake"``, ``"land"``, ``"buoy"`` or ``"redoubt"``."""

    rule: ClassVar[str] = R_REDOUBT
    where: str
    hex: Hex | None


class CurrentPush(Event):
    """A current moved the boat one hex in its flow without turning it (EXP-05)."""

    rule: ClassVar[str] = R_CURRENT
    hex: Hex
    flow: Direction
    to: Hex


class CurrentIntoLand(Event):
    """A current pushed the boat into land, a buoy or the edge: a crash with ``damage`` (the
    steps it had left, EXP-05)."""

    rule: ClassVar[str] = R_CURRENT
    hex: Hex
    flow: Direction
    damage: int


class CurrentOntoBoat(Event):
    """With no steps left, a current would push the boat onto another: it stays (EXP-06)."""

    rule: ClassVar[str] = R_CURRENT
    hex: Hex
    to: Hex


class MaelstromTurn(Event):
    """A maelstrom turned the boat 60 degrees in its sense (EXP-08)."""

    rule: ClassVar[str] = R_MAELSTROM
    hex: Hex
    sense: Sense
    heading: Direction


class LowWater(Event):
    """Low water: damage equal to the rocks, as many steps lost, dice removed (EXP-09)."""

    rule: ClassVar[str] = R_LOW
    hex: Hex
    rocks: int
    lost: int
    removed: tuple[int, ...]


class RocksSink(Event):
    """The rocks brought the boat to 4 damage: it sinks on the spot (EXP-09)."""

    rule: ClassVar[str] = R_LOW
    hex: Hex
    damage: int


# -- after the move ------------------------------------------------------------------------------


class HeldBack(Event):
    """The boat would end on other boats: it stays on the last free hex it passed (MOVE-05).
    ``taken`` lists each occupied hex with the colour of its boat."""

    rule: ClassVar[str] = R_PASS
    taken: tuple[tuple[Hex, str], ...]
    stop: Hex


class BuoyRounded(Event):
    """A buoy rounded by crossing its line in its sense between two hexes (COURSE-04)."""

    rule: ClassVar[str] = "COURSE-04"
    buoy: int
    sense: Sense
    a: Hex
    b: Hex


class RoundingUndone(Event):
    """The line of the buoy rounded last crossed back: that buoy is no longer rounded."""

    rule: ClassVar[str] = "COURSE-04"
    buoy: int


class LineCrossedAgainst(Event):
    """The next buoy's rounding line crossed against its arrow: that crossing must be made good
    before the buoy counts (COURSE-04)."""

    rule: ClassVar[str] = "COURSE-04"
    buoy: int
    sense: Sense
    a: Hex
    b: Hex


class TileWithoutFinish(Event):
    """The start/finish tile entered without finishing: before buoy 3 was rounded (``early``) or
    not from the finish side (MOVE-06)."""

    rule: ClassVar[str] = "MOVE-06"
    hex: Hex
    early: bool


class FinishHeldOff(Event):
    """The boat would have finished on a tile hex, but was held back behind boats before it
    (MOVE-05)."""

    rule: ClassVar[str] = "MOVE-05"
    hex: Hex


class Finished(Event):
    """Entered the start/finish tile from the finish side after buoy 3 (MOVE-06)."""

    rule: ClassVar[str] = R_FINISH
    place: int
    hex: Hex


class Crashed(Event):
    """Land or a buoy ahead: ``used`` of ``total`` steps, the rest as damage, all dice lost."""

    rule: ClassVar[str] = R_DAMAGE
    used: int
    total: int
    damage: int
    total_damage: int
    stop: Hex


class Sank(Event):
    """Four or more damage counters: out of this race, keeping the finishing ``place`` it took
    in this move if any (MOVE-06)."""

    rule: ClassVar[str] = R_DAMAGE
    damage: int
    place: int


EFFECTS = (RedoubtWait, RedoubtFlight, LandingStepBack, Landed, BadLanding, CurrentPush,
           CurrentIntoLand, CurrentOntoBoat, MaelstromTurn, LowWater, RocksSink)
"""The events of expansion tiles."""
