"""What every move of a boat alone does, precomputed from the rules kernel (PAR-03).

Every outcome here comes from :func:`~..play.kernel.heading_choices` (which headings are legal)
and :func:`~..play.kernel.apply` (what the move does): no movement rule is written again, so a
rule fixed in the kernel reaches par at once. Calling ``apply`` for each of the ~10 million
states and three headings would take minutes, so the builder calls it once per *move class* and
reuses the result wherever the rules cannot tell the difference:

* a move class is (place, dice total, turn): where a boat goes depends on its total, not on
  which dice make it, except where low water takes dice away;
* a move whose path crosses no rounding line and enters no hex of the start/finish tile leaves
  the rounding state as it is (COURSE-04, MOVE-06): it is called once, with the boat about to
  round buoy 1; any other move is called again for every rounding state (*rounding moves*);
* damage only adds up: a crash or a bad landing adds its damage to what the boat had, and 4 sinks
  it; only low water, which can sink a boat mid-move and which takes dice by their values, makes
  a move depend on the damage and the dice themselves. A move class whose headings meet low water
  is called for every damage and every dice set of its total (*exact moves*).

The builder checks what it assumes on every call (a plain move must keep the dice or lose them
all in a crash, and sink exactly when its damage reaches 4) and treats a move that breaks it as an
exact one. The places are found breadth first from the start hexes (and any extra places asked
for), the rounding states from the rounding moves.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from course_builder.core.hexgrid import Direction
from course_builder.powerboats.course.model import ExpansionKind
from course_builder.powerboats.play.kernel import HeadingChoice, Outcome, apply, heading_choices
from course_builder.powerboats.play.position import (
    TURN_ORDER,
    Boat,
    DiceChange,
    Move,
    Position,
)
from course_builder.powerboats.play.rules import SINK_AT
from course_builder.powerboats.study.dice import DiceModel, DiceSet
from course_builder.powerboats.study.space import DAMAGES, Place, Rounding, StateSpace

ILLEGAL_MOVE, SPECIAL_MOVE = -1, -2
ALL_ROUNDINGS = -1
"""The rounding state of an exact move that may not round: it stands for every state, and the
boat stays in the state it was in."""
"""Codes in :attr:`Transitions.target` for a heading the rules forbid and a move class that is
not plain (its outcomes are listed as rounding or exact moves)."""

Result = tuple[int, int, DiceSet, int] | str
"""Where a move leaves the boat: (rounding index, damage, dice, place), or "finished" or
"sunk"."""

MOVES = tuple(Move(DiceChange.KEEP, None, (), (), t) for t in TURN_ORDER)
"""The three headings as moves of a boat that already holds the dice rolled (a keep step that
re-rolls nothing leaves the dice as they are, so the kernel moves them as rolled)."""

EMPTY_MOVES = tuple(Move(DiceChange.REMOVE, 1, (), (), t) for t in TURN_ORDER)
"""The three headings of a boat left with no dice: it held a 1 and removed it (a boat that holds
none may not keep none under ``zero_dice_turn=False``, MOVE-02, but may always remove its last
die)."""


def held_for(dice: DiceSet) -> DiceSet:
    """What a boat holds before :data:`MOVES` (or :data:`EMPTY_MOVES`) give it ``dice``."""
    return dice if dice else (1,)

Progress = Callable[[float], None]
"""Told the share of the work done, 0 to 1."""


@dataclass
class Transitions:
    """The moves of a race for one boat alone (see the module docstring).

    ``target[place, total, turn]`` is the place a plain move goes to (or ILLEGAL_MOVE or
    SPECIAL_MOVE), ``damage`` the damage it adds and ``crash`` whether the dice are lost.
    ``rounding_moves`` lists (place, total, turn, rounding, result) with the result for a boat
    of damage 0 holding the total's first dice set; ``exact_moves`` lists (rounding, damage, dice
    set, place, turn, result) state by state (rounding ALL_ROUNDINGS: for every rounding state,
    unchanged by the move).
    """

    space: StateSpace
    target: np.ndarray
    damage: np.ndarray
    crash: np.ndarray
    rounding_moves: list[tuple[int, int, int, int, Result]] = field(default_factory=list)
    exact_moves: list[tuple[int, int, int, int, int, Result]] = field(default_factory=list)
    kernel_calls: int = 0


class _Builder:
    """Finds the places and rounding states and calls the kernel for every move class."""

    def __init__(self, template: Position, dice: DiceModel, floor: int,
                 progress: Progress | None) -> None:
        race = template.race
        self.floor = floor
        self.template = template
        self.race = race
        self.colour = template.boat.colour
        self.dice = dice
        self.progress = progress
        self.max_total = 3 * dice.cap
        # the dice set standing for its total in plain moves: the first (fewest dice)
        self.rep = [dice.sets[dice.total_slice(t).start] for t in range(self.max_total + 1)]
        self.low_water = frozenset(i for i, (kind, _data) in race.tiles.items()
                                   if kind is ExpansionKind.LOW_WATER)
        self.places: list[Place] = []
        self.place_index: dict[Place, int] = {}
        self.roundings: list[Rounding] = []
        self.rounding_index: dict[Rounding, int] = {}
        self.rows: list[tuple[list[int], list[int], list[bool]]] = []
        self.sensitive: list[tuple[int, int, int]] = []  # rounding moves: (place, total, turn)
        self.exact: list[tuple[int, int]] = []  # exact move classes: (place, total)
        self.rocky: dict[tuple[int, Direction, int, bool], bool] = {}  # lines meeting low water
        self.calls = 0

    # ---- places and rounding states ----

    def place_of(self, boat: Boat) -> int:
        key = (self.race.board.index_of[boat.hex], boat.heading, boat.redoubt)
        found = self.place_index.get(key)
        if found is None:
            found = self.place_index[key] = len(self.places)
            self.places.append(key)
        return found

    def rounding_of(self, boat: Boat) -> int:
        key = (boat.next_buoy, max(boat.crossings, self.floor))  # PAR-04
        found = self.rounding_index.get(key)
        if found is None:
            found = self.rounding_index[key] = len(self.roundings)
            self.roundings.append(key)
        return found

    def boat(self, place: int, rounding: int, damage: int, dice: DiceSet) -> Position:
        """The position of a boat alone, about to move with ``dice`` (see :func:`held_for`)."""
        hex_i, heading, wait = self.places[place]
        nxt, crossings = self.roundings[rounding]
        boat = Boat(self.colour, self.race.hexes[hex_i], heading, held_for(dice), damage, nxt,
                    crossings, 0, False, wait)
        return self.template.derive((boat,), 0, 1)

    def result(self, position: Position, dice: DiceSet, turn: int) -> tuple[Result, Outcome]:
        """The kernel's outcome of one heading, as a result."""
        self.calls += 1
        out = apply(position, (MOVES if dice else EMPTY_MOVES)[turn])
        after = out.position.boats[0]
        if after.finished:
            return "finished", out
        if after.sunk:
            return "sunk", out
        return ((self.rounding_of(after), after.damage, tuple(sorted(after.dice)),
                 self.place_of(after)), out)

    # ---- the passes ----

    def run(self, seeds: Iterable[Boat]) -> Transitions:
        for boat in seeds:
            self.place_of(boat)
            self.rounding_of(boat)
        if not self.roundings:
            self.roundings.append((1, 0))
            self.rounding_index[(1, 0)] = 0
        done = 0
        while done < len(self.places):  # the list grows while it is walked: breadth first
            self.rows.append(self.plain_row(done))
            done += 1
            if self.progress and done % 64 == 0:
                self.progress(0.8 * done / max(len(self.places), done + 1))
        moves = Transitions(self.space(), *self.tables())
        self.special_moves(moves)
        moves.kernel_calls = self.calls
        if self.progress:
            self.progress(1.0)
        return moves

    def plain_row(self, place: int) -> tuple[list[int], list[int], list[bool]]:
        """The plain moves of one place, for every total (rounding state 0, no damage)."""
        targets: list[int] = []
        damages: list[int] = []
        crashes: list[bool] = []
        for total in range(self.max_total + 1):
            dice = self.rep[total]
            position = self.boat(place, 0, 0, dice)
            choices = heading_choices(position, dice)
            exact = self.meets_low_water(choices)
            row: list[tuple[int, int, bool]] = []
            for turn, choice in enumerate(choices):
                row.append((ILLEGAL_MOVE, 0, False))
                if not choice.legal:
                    continue
                res, out = self.result(position, dice, turn)
                if self.touches_rounding(out.sailed):
                    row[-1] = (SPECIAL_MOVE, 0, False)
                    self.sensitive.append((place, total, turn))
                elif not exact and self.plain(res, dice, out):
                    row[-1] = (self.place_of(out.position.boats[0]), out.damage, out.crash)
                else:
                    exact = True
            if exact:
                self.exact.append((place, total))
                row = [(SPECIAL_MOVE, 0, False)] * 3
            for target, damage, crash in row:
                targets.append(target)
                damages.append(damage)
                crashes.append(crash)
        return targets, damages, crashes

    def meets_low_water(self, choices: tuple[HeadingChoice, ...]) -> bool:
        """Whether any heading's full sailing (other boats ignored) enters low water: then the
        damage decides legality and sinking, and the dice values decide what is taken. Only a
        heading with an expansion tile within reach is sailed to find out (tiles act only when
        entered, EXP-01; a flight from a redoubt wait always is)."""
        if not self.low_water:
            return False
        race = self.race
        position = choices[0].position
        boat = position.boat
        start = race.board.index_of[boat.hex]
        total = sum(choices[0].dice) * (2 if boat.redoubt else 1)
        index_of = race.board.index_of
        for c in choices:
            reach = min(total, race.clear_run[start][c.heading])
            if not boat.redoubt and race.tile_ahead[start][c.heading] > reach:
                continue
            key = (start, c.heading, total, boat.redoubt)  # each line is met from 3 headings
            hit = self.rocky.get(key)
            if hit is None:
                hit = self.rocky[key] = any(index_of[h] in self.low_water
                                            for h in c.preview().path)
            if hit:
                return True
        return False

    def touches_rounding(self, sailed: list[int]) -> bool:
        """Whether a path could change the rounding state: a step across a rounding line, or a
        hex of the start/finish tile entered (MOVE-06)."""
        race = self.race
        n = race.n
        gate = race.gate_steps
        tile = race.tile
        return any(a * n + b in gate or b in tile for a, b in itertools.pairwise(sailed))

    @staticmethod
    def plain(res: Result, dice: DiceSet, out: Outcome) -> bool:
        """Whether an outcome for a boat without damage fits the plain model: the dice kept, or
        all lost in a crash; sunk exactly when the damage reaches 4."""
        damage = out.damage
        crash = out.crash
        if res == "finished":
            return False
        if res == "sunk":
            return damage >= SINK_AT
        assert not isinstance(res, str)
        return res[1] == damage < SINK_AT and res[2] == (() if crash else dice)

    def tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        shape = (len(self.places), self.max_total + 1, 3)
        target = np.array([r[0] for r in self.rows], dtype=np.int32).reshape(shape)
        damage = np.array([r[1] for r in self.rows], dtype=np.int16).reshape(shape)
        crash = np.array([r[2] for r in self.rows], dtype=bool).reshape(shape)
        return target, damage, crash

    def special_moves(self, moves: Transitions) -> None:
        """The rounding and exact moves for every rounding state (new ones are found on the
        way and get their moves too)."""
        exact = set(self.exact)
        sensitive = [m for m in self.sensitive if (m[0], m[1]) not in exact]
        rounding_exact = [c for c in self.exact if self.exact_class(moves, ALL_ROUNDINGS, *c)]
        r = 0
        while r < len(self.roundings):
            for place, total, turn in sensitive:
                dice = self.rep[total]
                res, out = self.result(self.boat(place, r, 0, dice), dice, turn)
                if res != "finished" and not self.plain(res, dice, out):
                    raise AssertionError(f"a rounding move the par model cannot hold: {res}")
                moves.rounding_moves.append((place, total, turn, r, res))
            for place, total in rounding_exact:
                self.exact_class(moves, r, place, total)
            r += 1
            if self.progress:
                self.progress(0.8 + 0.2 * r / len(self.roundings))

    def exact_class(self, moves: Transitions, r: int, place: int, total: int) -> bool:
        """The exact moves of a move class at rounding state ``r`` (with ALL_ROUNDINGS: at state
        0, kept for every state unless a path may round; then False is returned only if none
        does). Damage adds up as in plain moves unless it changes which headings are legal or
        the boat finishes: then the move is called at that damage too."""
        dice = self.dice
        sl = dice.total_slice(total)
        rounding = 0 if r == ALL_ROUNDINGS else r
        legal = [tuple(c.legal for c in heading_choices(self.boat(place, rounding, d,
                                                                  self.rep[total]),
                                                        self.rep[total]))
                 for d in range(DAMAGES)]
        found: list[tuple[int, int, int, int, int, Result]] = []
        touched = False
        for s in range(sl.start, sl.stop):
            held = dice.sets[s]
            base: dict[int, tuple[Result, Outcome]] = {}
            for d in range(DAMAGES):
                position = self.boat(place, rounding, d, held)
                for turn in range(3):
                    if not legal[d][turn]:
                        continue
                    got = base.get(turn) if legal[d] == legal[0] else None
                    if got is None or got[0] == "finished":
                        res, out = self.result(position, held, turn)
                        touched = touched or self.touches_rounding(out.sailed)
                        if d == 0:
                            base[turn] = (res, out)
                    else:
                        res = _added(got[0], d, got[1].damage)
                    found.append((r, d, s, place, turn, res))
        if r == ALL_ROUNDINGS and touched:
            return True
        moves.exact_moves.extend(found)
        return False

    def space(self) -> StateSpace:
        return StateSpace(self.race, self.places, self.place_index, self.roundings,
                          self.rounding_index, self.dice, self.floor)


def _added(res: Result, damage: int, taken: int) -> Result:
    """The result for a boat with ``damage`` of a move that, without damage, gave ``res`` and
    took ``taken`` counters: the same, with the damage added; sunk at 4 (reference, "Damage")."""
    if res == "sunk" or damage + taken >= SINK_AT:
        return "sunk"
    assert not isinstance(res, str)
    return res[0], res[1] + damage, res[2], res[3]


def build_transitions(template: Position, dice: DiceModel, *, floor: int = -1,
                      seeds: Iterable[Boat] = (), progress: Progress | None = None
                      ) -> Transitions:
    """The moves of one boat alone on ``template``'s race, from the places of ``seeds`` (racing
    boats; their rounding states too) and everything reachable from them. Crossings counts below
    ``floor`` are counted as ``floor`` (PAR-04)."""
    return _Builder(template, dice, floor, progress).run(seeds)

