"""The heading rule: which of the three headings a boat may take for the dice it rolled (reference,
"Turning Your Speedboat"; MOVE-01; EXP-07, EXP-11), and the choices it leaves.

:func:`heading_choices` is the third step of a turn (:mod:`.kernel`): the three headings, how far
each gets and which are legal, from the race's clear-run tables; :meth:`HeadingChoice.preview`
sails one in full when asked. :func:`reaches` and :func:`legal_headings` are the rule itself, which
the kernel applies to the heading a move takes and the events (:mod:`.outcome`) report.
"""

from __future__ import annotations

from collections.abc import Sequence

from course_builder.core.hexgrid import Direction, Hex
from course_builder.core.values import Frozen
from course_builder.powerboats.play import events as ev
from course_builder.powerboats.play.movement import Sailing, sail
from course_builder.powerboats.play.position import TURN_ORDER, Position, Turn
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import REDOUBT_CRASH, SINK_AT

HEADINGS = {d: tuple(d.left(t.steps) for t in TURN_ORDER) for d in Direction}
"""For each heading: the headings after turning left, going straight and turning right."""

_LEFT, _STRAIGHT, _RIGHT = TURN_ORDER


class HeadingChoice(Frozen):
    """One of the three headings open to the boat for the dice rolled: the turn, the heading,
    how far it gets before a crash (``reach``; other boats do not count, MOVE-01) and whether the
    heading rule allows it. :meth:`preview` sails it in full (path, crash, damage, tile effects)
    when asked."""

    turn: Turn
    heading: Direction
    reach: int
    legal: bool
    position: Position
    dice: tuple[int, ...]

    def preview(self) -> Preview:
        """What this heading leads to, other boats ignored: it is sailed now."""
        boat = self.position.boat
        race = self.position.race
        total = sum(self.dice) * (2 if boat.redoubt else 1)
        fly = boat.redoubt and race.rules.redoubt_wait_flies
        s = sail(race, race.board.index_of[boat.hex], self.heading, total, self.dice, fly=fly,
                 damage=boat.damage)
        damage = s.damage + s.rock_damage + (REDOUBT_CRASH if s.out else 0)
        return Preview(tuple(map(race.board.hex_at, s.hexes[1:])), s.crash or s.out, damage,
                       s.events(), s.out or boat.damage + damage >= SINK_AT)


class Preview(Frozen):
    """Where a heading leads: the hexes entered (start excluded) up to where the boat stops,
    whether it crashes, the damage, the tile effects, and whether the boat's race is over (a
    bad landing from a redoubt flight, or sinking)."""

    path: tuple[Hex, ...]
    crash: bool
    damage: int
    effects: tuple[ev.Event, ...]
    race_over: bool = False

    @property
    def end(self) -> Hex | None:
        return self.path[-1] if self.path else None


def heading_choices(position: Position, dice: Sequence[int]) -> tuple[HeadingChoice, ...]:
    """The three headings (left, straight, right) for the dice after rolling, which are legal
    and how far each gets (reference, "Turning Your Speedboat"; MOVE-01; EXP-07, EXP-11). Only the
    clear run ahead is looked at; :attr:`HeadingChoice.preview` sails a heading when asked."""
    dice = tuple(dice)
    boat = position.boats[position.to_move]
    race = position.race
    total = sum(dice) * (2 if boat.redoubt else 1)
    start = race.board.index_of[boat.hex]
    headings = HEADINGS[boat.heading]
    reaches, fulls = heading_reaches(race, start, headings, total, dice, boat.damage)
    legal = (False, True, False) if boat.redoubt else legal_headings(reaches, fulls)
    return (HeadingChoice(_LEFT, headings[0], reaches[0], legal[0], position, dice),
            HeadingChoice(_STRAIGHT, headings[1], reaches[1], legal[1], position, dice),
            HeadingChoice(_RIGHT, headings[2], reaches[2], legal[2], position, dice))


def heading_reaches(race: Race, start: int, headings: tuple[Direction, ...], total: int,
             dice: tuple[int, ...], damage: int,
             trials: dict[Direction, Sailing] | None = None
             ) -> tuple[tuple[int, int, int], tuple[bool, bool, bool]]:
    """How far the three headings get and which allow the full total (see :func:`reach_of`)."""
    run = race.clear_run[start]
    h0, h1, h2 = headings
    left, straight, right = run[h0], run[h1], run[h2]
    if race.simulate_tiles and total:
        ahead = race.tile_ahead[start]
        if (ahead[h0] <= (total if total < left else left)
                or ahead[h1] <= (total if total < straight else straight)
                or ahead[h2] <= (total if total < right else right)):  # a tile within reach
            (a, fa), (b, fb), (c, fc) = (reach_of(race, start, d, total, dice, damage, trials)
                                         for d in headings)
            return (a, b, c), (fa, fb, fc)
    return (left, straight, right), (left >= total, straight >= total, right >= total)


def tiles_in_reach(race: Race, start: int, headings: tuple[Direction, ...], total: int) -> bool:
    """Whether an expansion tile lies within reach of any of the three headings, so that the
    heading rule plays the tiles out (EXP-11; see :func:`heading_reaches`)."""
    run = race.clear_run[start]
    ahead = race.tile_ahead[start]
    h0, h1, h2 = headings
    left, straight, right = run[h0], run[h1], run[h2]
    return (ahead[h0] <= (total if total < left else left)
            or ahead[h1] <= (total if total < straight else straight)
            or ahead[h2] <= (total if total < right else right))


def legal_turns(position: Position, dice: Sequence[int]) -> tuple[Turn, ...]:
    """The turns the heading rule allows for the dice after rolling."""
    return tuple(c.turn for c in heading_choices(position, dice) if c.legal)


def reach_of(race: Race, start: int, d: Direction, total: int, dice: tuple[int, ...],
              damage: int = 0, trials: dict[Direction, Sailing] | None = None
              ) -> tuple[int, bool]:
    """How far heading ``d`` gets, and whether it allows the full total (MOVE-01).

    With expansion tiles within reach on the line and ``heading_with_tiles="simulate"``
    (EXP-11), the move is played with the tiles' effects, other boats ignored (kept in
    ``trials``): it allows the full total only if the whole move ends without a crash (a current
    that pushes the boat into land after its last step is a crash too), and its length is the
    steps used before the crash. Otherwise the straight open run ahead.
    """
    free = race.clear_run[start][d]
    if (not race.simulate_tiles or total == 0
            or race.tile_ahead[start][d] > (total if total < free else free)):
        return free, free >= total
    trial = trials.get(d) if trials is not None else None
    if trial is None:
        trial = sail(race, start, d, total, dice, damage=damage)
        if trials is not None:
            trials[d] = trial
    if trial.crash:
        return trial.used, False
    return max(total, free), True


def legal_headings(reaches: Sequence[int], fulls: Sequence[bool]) -> tuple[bool, bool, bool]:
    """Which of left, straight, right are legal (MOVE-01): a heading allowing the full total if
    any does, else the longest straight water path (ties free). With a total of 0 every heading
    allows it."""
    if any(fulls):
        return fulls[0], fulls[1], fulls[2]
    longest = max(reaches)
    return reaches[0] == longest, reaches[1] == longest, reaches[2] == longest
