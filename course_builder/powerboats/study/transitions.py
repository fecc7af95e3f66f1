"""What every move of a boat alone does, precomputed from the rules kernel (PAR-03).

Every outcome here comes from :func:`~..play.kernel.heading_choices` (which headings are legal)
and :func:`~..play.kernel.apply` (what the move does): no movement rule is written again, so a
rule fixed in the kernel reaches par at once. Calling ``apply`` for each of the ~30 million
states and three headings would take hours, so the builder calls it once per *move class* and
reuses the result wherever the rules cannot tell the difference:

* a move class is (place, dice total, turn): where a boat goes depends on its total, not on
  which dice make it, except where low water takes dice away;
* a move whose path crosses no rounding line and enters no hex of the start/finish tile leaves
  the rounding state as it is (COURSE-04, MOVE-06): it is called once, with the boat about to
  round buoy 1 (*plain moves*);
* any other move (a *rounding move*) ends where it ends and takes the damage it takes whatever
  the rounding state; only the rounding state after it, and whether it finishes, depend on the
  rounding state before, and on nothing of the path but its *signature*: the steps of it that
  cross a rounding line or enter the start/finish tile, with their directions (COURSE-04,
  MOVE-06). Rounding moves with the same signature are many (on the classic lake some 8,000
  move classes have under 100 signatures), so each signature is played by the kernel once for
  every rounding state, with one of its moves, and the answer serves all of them;
* damage only adds up: a crash or a bad landing adds its damage to what the boat had, and 4 sinks
  it; only low water, which can sink a boat mid-move and which takes dice by their values, makes
  a move depend on the damage and the dice themselves. A move class whose headings meet low water
  is called for every damage and every dice set of its total (*exact moves*).

The builder checks what it assumes on every call (a plain move must keep the dice or lose them
all in a crash, and sink exactly when its damage reaches 4; every rounding move must give the
rounding state its signature gives, with the boat about to round buoy 1) and treats a move that
breaks the first as an exact one; ``check=True`` also plays every rounding move in every rounding
state through the kernel and compares (the tests do, on tiny lakes). The places are found
breadth first from the start hexes (and any extra places asked for), the rounding states from
the signatures.
"""

from __future__ import annotations

import gc
import itertools
from collections.abc import Callable, Iterable, Iterator

import numpy as np

from course_builder.core.hexgrid import Direction
from course_builder.core.values import Mutable, field
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
from course_builder.powerboats.study.space import (
    DAMAGES,
    Place,
    Rounding,
    StateSpace,
    rounding_key,
)

ILLEGAL_MOVE, SPECIAL_MOVE = -1, -2
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

Body = tuple[bool, int, DiceSet, int]
"""What a move leaves of the boat whatever its rounding state: sunk, damage, dice and place (-1
when sunk)."""

FINISHED_ROUND = -1
"""In a signature's answers: the move finishes the race."""


Progress = Callable[[float], None]
"""Told the share of the work done, 0 to 1."""


class Transitions(Mutable):
    """The moves of a race for one boat alone (see the module docstring).

    ``target[place, total, turn]`` is the place a plain move goes to (or ILLEGAL_MOVE or
    SPECIAL_MOVE), ``damage`` the damage it adds and ``crash`` whether the dice are lost.
    ``rounding_moves`` lists (place, total, turn, body, signature): what the move leaves of a
    boat of damage 0 holding the total's first dice set, and its signature; ``answers[signature,
    rounding]`` is the rounding state after a move of that signature (FINISHED_ROUND: it
    finishes). ``exact_moves`` lists (damage, dice set, place, turn, result) for moves that are
    the same in every rounding state (the rounding index in the result means nothing), and
    ``exact_rounding_moves`` (damage, dice set, place, turn, body, signature) for those that may
    round.
    """

    space: StateSpace
    target: np.ndarray
    damage: np.ndarray
    crash: np.ndarray
    answers: np.ndarray
    rounding_moves: list[tuple[int, int, int, Body, int]] = field(default_factory=list)
    exact_moves: list[tuple[int, int, int, int, Result]] = field(default_factory=list)
    exact_rounding_moves: list[tuple[int, int, int, int, Body, int]] = field(
        default_factory=list)
    kernel_calls: int = 0

    def rounding_results(self) -> Iterator[tuple[int, int, int, int, Result]]:
        """Every rounding move in every rounding state: (place, total, turn, rounding,
        result)."""
        for place, total, turn, body, sig in self.rounding_moves:
            for r, after in enumerate(self.answers[sig]):
                yield place, total, turn, r, move_result(body, int(after))


class _Builder:
    """Finds the places and rounding states and calls the kernel for every move class."""

    def __init__(self, template: Position, dice: DiceModel, floor: int, ceiling: int,
                 progress: Progress | None, check: bool) -> None:
        race = template.race
        self.floor = floor
        self.ceiling = ceiling
        self.check = check
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
        # rounding moves: (place, total, turn, body, signature, rounding state after, at row 0)
        self.sensitive: list[tuple[int, int, int, Body, int, int]] = []
        # exact moves that may round: (damage, dice set, place, turn, body, signature, after)
        self.exact_rounding: list[tuple[int, int, int, int, Body, int, int]] = []
        self.exact: list[tuple[int, int]] = []  # exact move classes: (place, total)
        self.signatures: dict[tuple, int] = {}
        # per signature: the move that stands for it (place, damage, dice held, turn)
        self.standing: list[tuple[int, int, DiceSet, int]] = []
        self.answers: list[list[int]] = []  # per signature: the rounding state after, per row
        self.rocky: dict[tuple[int, Direction, int, bool], bool] = {}  # lines meeting low water
        self.straight: dict[tuple[int, Direction, int], tuple[Body, Outcome]] = {}
        """Plain moves by (hex, heading after turning, total): the heading turned from plays no
        part in a move (only in which headings are legal), so each is played once."""
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
        key = rounding_key(boat, self.floor, self.ceiling)  # PAR-04
        found = self.rounding_index.get(key)
        if found is None:
            found = self.rounding_index[key] = len(self.roundings)
            self.roundings.append(key)
        return found

    def boat(self, place: int, rounding: int, damage: int, dice: DiceSet) -> Position:
        """The position of a boat alone, about to move with ``dice`` (see :func:`held_for`)."""
        hex_i, heading, wait = self.places[place]
        nxt, crossings, later = self.roundings[rounding]
        boat = Boat(self.colour, self.race.hexes[hex_i], heading, held_for(dice), damage, nxt,
                    crossings, 0, False, wait, later)
        return self.template.derive((boat,), 0, 1)

    def play(self, place: int, rounding: int, damage: int, dice: DiceSet, turn: int
             ) -> tuple[Body, int, Outcome]:
        """The kernel's outcome of one heading: what it leaves of the boat, the rounding state
        after it (FINISHED_ROUND if it finishes) and the outcome itself."""
        body, out = self.sail(self.boat(place, rounding, damage, dice), dice, turn)
        return body, self.after(out), out

    def sail(self, position: Position, dice: DiceSet, turn: int) -> tuple[Body, Outcome]:
        """The kernel's outcome of one heading from ``position`` (a boat holding ``dice``) and
        what it leaves of the boat."""
        self.calls += 1
        out = apply(position, (MOVES if dice else EMPTY_MOVES)[turn])
        after = out.position.boats[0]
        body = (after.sunk, after.damage, tuple(sorted(after.dice)),
                -1 if after.sunk else self.place_of(after))
        return body, out

    def after(self, out: Outcome) -> int:
        """The rounding state an outcome leaves the boat in (FINISHED_ROUND if it finished)."""
        boat = out.position.boats[0]
        return FINISHED_ROUND if boat.finished else self.rounding_of(boat)

    # ---- the passes ----

    def run(self, seeds: Iterable[Boat]) -> Transitions:
        for boat in seeds:
            self.place_of(boat)
            self.rounding_of(boat)
        if not self.roundings:
            self.roundings.append((1, 0, ()))
            self.rounding_index[(1, 0, ())] = 0
        done = exact_done = 0
        found: list[tuple[int, int, int, int, Result]] = []
        while done < len(self.places):  # the lists grow while they are walked: breadth first
            self.rows.append(self.plain_row(done))
            done += 1
            if self.progress and done % 64 == 0:
                self.progress(0.8 * done / max(len(self.places), done + 1))
            while done == len(self.places) and exact_done < len(self.exact):
                self.exact_class(found, *self.exact[exact_done])  # may find new places
                exact_done += 1
        exact = set(self.exact)
        self.sensitive = [m for m in self.sensitive if (m[0], m[1]) not in exact]
        self.answer_signatures()
        if len(self.rows) != len(self.places):
            raise AssertionError("a move ends where no plain move of the boat reaches: the par "
                                 "model cannot hold it")
        answers = np.array(self.answers, dtype=np.int32).reshape(len(self.standing),
                                                                 len(self.roundings))
        moves = Transitions(self.space(), *self.tables(), answers,
                            [m[:5] for m in self.sensitive], found,
                            [m[:6] for m in self.exact_rounding])
        if self.check:
            self.compare_all()
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
            hex_i, _heading, wait = self.places[place]
            for turn, choice in enumerate(choices):
                row.append((ILLEGAL_MOVE, 0, False))
                if not choice.legal:
                    continue
                key = (hex_i, choice.heading, total)
                found = None if wait else self.straight.get(key)
                if found is None:  # the move is the same from each heading that turns to it
                    found = self.sail(position, dice, turn)
                    if not wait:
                        self.straight[key] = found
                body, out = found
                plain = not exact and self.plain(body, dice, out)
                if not plain:
                    exact = True
                elif self.touches_rounding(out.sailed):
                    row[-1] = (SPECIAL_MOVE, 0, False)
                    sig = self.signature_of(out, place, 0, dice, turn)
                    self.sensitive.append((place, total, turn, body, sig, self.after(out)))
                else:  # the end hex even of a sinking (the solver reads the damage)
                    row[-1] = (self.place_of(out.position.boats[0]), out.damage, out.crash)
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
        if self.race.course_hexes.isdisjoint(sailed):
            return False
        race = self.race
        n = race.n
        gate = race.gate_steps
        tile = race.tile
        return any(a * n + b in gate or b in tile for a, b in itertools.pairwise(sailed))

    def signature_of(self, out: Outcome, place: int, damage: int, dice: DiceSet,
                     turn: int) -> int:
        """The signature of a rounding move (see the module docstring): each step of its path
        that crosses a rounding line or enters the start/finish tile, with the step's direction
        and whether either end was flown over (COURSE-04, MOVE-06). The first move met with a
        signature stands for it."""
        race = self.race
        n = race.n
        gate = race.gate_steps
        tile = race.tile
        sailing = out.sailing
        assert sailing is not None
        flown = sailing.flown
        key = tuple((a, b, sailing.steps[k], k in flown or k + 1 in flown)
                    for k, (a, b) in enumerate(itertools.pairwise(out.sailed))
                    if a * n + b in gate or b in tile)
        found = self.signatures.get(key)
        if found is None:
            found = self.signatures[key] = len(self.standing)
            self.standing.append((place, damage, dice, turn))
        return found

    @staticmethod
    def plain(body: Body, dice: DiceSet, out: Outcome) -> bool:
        """Whether an outcome for a boat without damage fits the plain model: the dice kept, or
        all lost in a crash; sunk exactly when the damage reaches 4."""
        sunk, damage, after, _place = body
        if sunk:
            return out.damage >= SINK_AT
        return damage == out.damage < SINK_AT and after == (() if out.crash else dice)

    def tables(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        shape = (len(self.places), self.max_total + 1, 3)
        target = np.array([r[0] for r in self.rows], dtype=np.int32).reshape(shape)
        damage = np.array([r[1] for r in self.rows], dtype=np.int16).reshape(shape)
        crash = np.array([r[2] for r in self.rows], dtype=bool).reshape(shape)
        return target, damage, crash

    def answer_signatures(self) -> None:
        """The rounding state each signature leaves in every rounding state (new states are
        found on the way and answered too), from the kernel; and the check that every rounding
        move met so far agrees with its signature's answer in rounding state 0."""
        answers = self.answers
        answers.extend([] for _ in self.standing)
        r = 0
        while r < len(self.roundings):
            for k, (place, damage, dice, turn) in enumerate(self.standing):
                answers[k].append(self.play(place, r, damage, dice, turn)[1])
            r += 1
            if self.progress:
                self.progress(0.8 + 0.2 * r / len(self.roundings))
        moves = [(m[4], m[5]) for m in self.sensitive] + [(m[5], m[6]) for m in self.exact_rounding]
        for sig, after in moves:
            if answers[sig][0] != after:
                raise AssertionError("two rounding moves with one signature leave different "
                                     "rounding states: the par model cannot hold them")

    def compare_all(self) -> None:
        """``check``: every rounding move, and every exact move that may round, played by the
        kernel in every rounding state, against its signature's answer."""
        for r in range(len(self.roundings)):
            for place, total, turn, body, sig, _after in self.sensitive:
                self.compare(move_result(body, self.answers[sig][r]), place, r, 0, self.rep[total],
                             turn)
            for d, s, place, turn, body, sig, _after in self.exact_rounding:
                self.compare(move_result(body, self.answers[sig][r]), place, r, d,
                             self.dice.sets[s], turn)

    def compare(self, res: Result, place: int, r: int, damage: int, dice: DiceSet,
                turn: int) -> None:
        """``check``: the kernel's own outcome of a rounding move in rounding state ``r``."""
        body, after, _out = self.play(place, r, damage, dice, turn)
        if move_result(body, after) != res:
            raise AssertionError(f"a rounding move's signature answers {res}, the kernel "
                                 f"{move_result(body, after)}")

    def exact_class(self, found: list[tuple[int, int, int, int, Result]], place: int,
                    total: int) -> None:
        """The exact moves of a move class, for every damage and dice set of its total, in
        rounding state 0. A move whose path may round is answered by its signature; any other is
        the same in every rounding state. Damage adds up as in plain moves unless it changes
        which headings are legal or the path may round: then the move is called at that damage
        too."""
        dice = self.dice
        sl = dice.total_slice(total)
        legal = [tuple(c.legal for c in heading_choices(self.boat(place, 0, d, self.rep[total]),
                                                        self.rep[total]))
                 for d in range(DAMAGES)]
        for s in range(sl.start, sl.stop):
            held = dice.sets[s]
            base: dict[int, tuple[Body, bool, Outcome]] = {}
            for d in range(DAMAGES):
                for turn in range(3):
                    if not legal[d][turn]:
                        continue
                    got = base.get(turn) if legal[d] == legal[0] else None
                    if got is None or got[1]:
                        body, after, out = self.play(place, 0, d, held, turn)
                        rounds = self.touches_rounding(out.sailed)
                        if d == 0:
                            base[turn] = (body, rounds, out)
                        if rounds:
                            sig = self.signature_of(out, place, d, held, turn)
                            self.exact_rounding.append((d, s, place, turn, body, sig, after))
                            continue
                    else:
                        body = _added(got[0], d, got[2].damage)
                    found.append((d, s, place, turn, move_result(body, 0)))

    def space(self) -> StateSpace:
        return StateSpace(self.race, self.places, self.place_index, self.roundings,
                          self.rounding_index, self.dice, self.floor, self.ceiling)


def move_result(body: Body, after: int) -> Result:
    """The result of a move from what it leaves of the boat and the rounding state after it (a
    boat that finishes and sinks in one move has finished, MOVE-06)."""
    if after == FINISHED_ROUND:
        return "finished"
    sunk, damage, dice, place = body
    if sunk:
        return "sunk"
    return after, damage, dice, place


def _added(body: Body, damage: int, taken: int) -> Body:
    """What a move leaves of a boat with ``damage`` that, without damage, left ``body`` and took
    ``taken`` counters: the same, with the damage added; sunk at 4 (reference, "Damage")."""
    sunk, had, dice, place = body
    if sunk or damage + taken >= SINK_AT:
        return True, damage + taken, dice, -1
    return False, had + damage, dice, place


def build_transitions(template: Position, dice: DiceModel, *, floor: int = -1,
                      ceiling: int = 1, seeds: Iterable[Boat] = (),
                      progress: Progress | None = None, check: bool = False) -> Transitions:
    """The moves of one boat alone on ``template``'s race, from the places of ``seeds`` (racing
    boats; their rounding states too) and everything reachable from them. Crossings counts below
    ``floor`` are counted as ``floor``, later lines' counts above ``ceiling`` as ``ceiling``
    (PAR-04). ``check``: play every rounding move in every rounding state through the kernel and
    compare it with its signature's answer (slow; for tests)."""
    collecting = gc.isenabled()
    gc.disable()  # a build makes a hundred thousand kernel outcomes and frees them all at the
    # end: the collector's passes over them cost a fifth of the build (classic race A with the
    # Expansion 1 tiles: 1.64 s -> 1.38 s of CPU with the plain moves played once per heading)
    try:
        return _Builder(template, dice, floor, ceiling, progress, check).run(seeds)
    finally:
        if collecting:
            gc.enable()

