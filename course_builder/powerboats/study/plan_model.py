"""The strong bot's plan, its model: the states and moves of a boat alone, with the dice it holds,
built from the kernel in a fraction of a second per course (SIM-06 in docs/rulings.md).

Exact par (:mod:`.par`) solves 19 million states: every place, rounding state, damage level
and set of dice. The strong bot needs good decisions, not par to four decimals, so its table
leaves out what matters least and keeps what makes a player good, the dice:

* a state is a *place* (hex and heading, or a redoubt wait), a *rounding state* (the next buoy
  and whether its line was crossed against its arrow, or heading for the finish: 7 states) and
  the *dice held* (every multiset of up to :data:`CAP` dice, as par: PAR-02);
* damage is not part of the state: a crash costs its damage times :data:`DAMAGE_TURNS` turns
  (and the dice, as in the rules), four or more counters in one move sink the boat
  (:data:`SINK_TURNS`, as par's PAR-01). The bot weighs its real damage when it plays
  (:mod:`.strong`);
* a turn is the kernel's: a dice plan (:mod:`.dice`, read off ``dice_decisions`` and
  ``roll_outcomes``), the roll, the best legal heading. Every move is the kernel's outcome:
  straight runs through open water are read from the race's own tables (``clear_run``,
  ``paths``, ``quiet_run``: what the kernel's ``straight_run`` reads), every move that meets
  an expansion tile or starts from a redoubt wait is played by ``apply``, and the rounding state
  after a move that crosses a rounding line or enters the start/finish tile comes from
  ``apply`` too, one move per *signature* (the path's steps that matter to rounding) and
  rounding state, as par does (PAR-03). :func:`check_moves` compares every move of the table
  with ``heading_choices`` and ``apply``.

Values are solved by value iteration (:mod:`.plan_sweep`, compiled: rounding states from the
finish backwards, places in the order of a lower bound, to :data:`TOLERANCE` turns); the plan
itself, the values with the moves, is :mod:`.plan`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import numpy as np

from course_builder.core.hexgrid import Direction
from course_builder.core.values import Frozen
from course_builder.powerboats.course.model import ExpansionKind
from course_builder.powerboats.play.headings import heading_reaches, legal_headings
from course_builder.powerboats.play.kernel import (
    HEADINGS,
    Outcome,
    apply,
    heading_choices,
    start_hexes,
)
from course_builder.powerboats.play.movement import Sailing
from course_builder.powerboats.play.position import FINISH_NEXT, Boat, Move, Position
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import SINK_AT, Rules
from course_builder.powerboats.study.dice import DiceModel, build_dice_model
from course_builder.powerboats.study.transitions import EMPTY_MOVES, MOVES, held_for

CAP = 4
"""The most dice the table lets a boat hold (PAR-02: par's cap)."""

DAMAGE_TURNS = 2.0
"""Turns a damage counter costs, whatever the boat has already (SIM-06: a boat that priced its
own next counter dearer than its plan prices later ones would put risks off for ever)."""

SINK_TURNS = 100.0
"""Turns a sinking costs, as in par (PAR-01)."""

TOLERANCE = 0.02
"""Sweeps stop when no value moves by more than this (turns)."""

ROUNDINGS: tuple[tuple[int, int], ...] = ((3, 0), (2, 0), (2, -1), (1, 0), (1, -1), (0, 0),
                                          (0, -1))
"""The table's rounding states, in solving order: (buoys rounded, count of the next buoy's
line, -1 or 0); the finish leg first. Later lines left open by an undone rounding are not
kept: a boat in such a state is valued as if they were closed."""

FINISHED = -1
"""In :attr:`MoveTable.answers`: the move finishes."""

_DIRECTIONS = tuple(Direction)

# what a move does to the dice (MoveTable.dice_mode)
KEEP_DICE, LOSE_DICE, SET_DICE, DEAD = 0, 1, 2, 3


def damage_costs() -> np.ndarray:
    """``costs[had, taken]``: the turns that taking ``taken`` damage counters costs a boat that
    has ``had`` (0-3): :data:`SINK_TURNS` at four or more in all, else :data:`DAMAGE_TURNS` a
    counter. The table is solved with ``costs[0]``; the bot reads the row of its own damage."""
    costs = np.full((SINK_AT, 128), SINK_TURNS)
    for had in range(SINK_AT):
        for taken in range(SINK_AT - had):
            costs[had, taken] = DAMAGE_TURNS * taken
    return costs


DAMAGE_COSTS = damage_costs()


def rounding_code(boat: Boat) -> int:
    """The table's rounding state of a racing boat (counts below -1 count as -1; later open
    lines are left out)."""
    if boat.next_buoy >= FINISH_NEXT:
        return 0
    return 2 * (3 - boat.next_buoy) + 1 + (1 if boat.crossings < 0 else 0)


class MoveTable(Frozen):
    """Every move of a boat alone: ``target[place, total, turn]`` (the place it leads to; -1:
    the heading is not legal), ``damage`` taken, ``dice_mode`` (:data:`KEEP_DICE`, lose them
    in a crash, a set of :attr:`dice_to` as low water leaves it, or :data:`DEAD`: a bad redoubt
    landing), ``signature`` (-1: the rounding state stays; else a row of :attr:`answers`, the
    rounding state after the move in each rounding state, or :data:`FINISHED`)."""

    target: np.ndarray
    damage: np.ndarray
    dice_mode: np.ndarray
    dice_to: np.ndarray
    signature: np.ndarray
    answers: np.ndarray
    kernel_calls: int


@functools.cache
def dice_model(zero_dice_turn: bool, cap: int = CAP) -> DiceModel:
    """The dice model (:mod:`.dice`, from the kernel) for a rule set: the same on every course."""
    from course_builder.powerboats.course.generate import CourseMaker
    from course_builder.powerboats.lake.catalog import classic_board

    board = classic_board()
    rules = Rules(zero_dice_turn=zero_dice_turn)
    race = Race(board, CourseMaker(board).generate("A", 1), rules)
    template = Position(race, (Boat("yellow", start_hexes(race)[0], Direction(0)),), 0, 1)
    return build_dice_model(template, cap)


class Places:
    """The places of a race: every open-water hex with each heading, then each redoubt hex
    with each heading and the boat waiting to fly."""

    def __init__(self, race: Race) -> None:
        n = race.n
        water = race.board.water
        self.hexes = [i for i in range(n) if water[i] and i not in race.buoy_index]
        redoubts = sorted(i for i, (kind, _d) in race.tiles.items()
                          if kind is ExpansionKind.REDOUBT and i in set(self.hexes))
        self.plain = len(self.hexes) * 6
        self.index = np.full(n * 6, -1, dtype=np.int32)
        self.waiting = np.full(n * 6, -1, dtype=np.int32)
        for k, h in enumerate(self.hexes):
            self.index[h * 6:h * 6 + 6] = np.arange(k * 6, k * 6 + 6)
        for k, h in enumerate(redoubts):
            self.waiting[h * 6:h * 6 + 6] = self.plain + np.arange(k * 6, k * 6 + 6)
        self.redoubts = redoubts
        self.count = self.plain + 6 * len(redoubts)
        self.hex_of = np.array([h for h in self.hexes for _d in range(6)]
                               + [h for h in redoubts for _d in range(6)], dtype=np.int64)
        """The hex (board index) of each place."""

    def of(self, hex_index: int, heading: int, wait: bool) -> int:
        """The place of a boat (-1 where a boat cannot be)."""
        return int((self.waiting if wait else self.index)[hex_index * 6 + heading])

    def describe(self, place: int) -> tuple[int, int, bool]:
        """(hex index, heading, waiting) of a place."""
        if place < self.plain:
            k, d = divmod(place, 6)
            return self.hexes[k], d, False
        k, d = divmod(place - self.plain, 6)
        return self.redoubts[k], d, True


class _MoveBuilder:
    """Builds the :class:`MoveTable` (see the module docstring)."""

    def __init__(self, race: Race, places: Places, dice: DiceModel) -> None:
        self.race = race
        self.places = places
        self.dice = dice
        self.max_total = 3 * dice.cap
        self.rep = [dice.sets[dice.total_slice(t).start] for t in range(self.max_total + 1)]
        shape = (places.count, self.max_total + 1, 3)
        self.target = np.full(shape, -1, dtype=np.int32)
        self.damage = np.zeros(shape, dtype=np.int8)
        self.dice_mode = np.zeros(shape, dtype=np.int8)
        self.dice_to = np.zeros(shape, dtype=np.int16)
        self.signature = np.full(shape, -1, dtype=np.int32)
        self.straight = np.full(shape, -1, dtype=np.int32)
        """Where each heading's straight run through open water ends (legal or not)."""
        self.tile_moves: dict[tuple[int, int, int], tuple[int, int, int, int, int]] = {}
        """A heading meeting a tile, from a hex with a total, played by the kernel once: the
        original heading plays no part in the move, only in which headings are legal."""
        self.trials: tuple[tuple[int, int], dict[Direction, Sailing]] = ((-1, -1), {})
        """The kernel's trial runs from the last hex with the last total (see :meth:`legal`)."""
        self.signatures: dict[tuple, int] = {}
        self.standing: list[tuple[int, int, int]] = []  # a move of each signature
        self.calls = 0
        self.template = Position(race, (Boat("yellow", race.hexes[places.hexes[0]],
                                             Direction(0)),), 0, 1)

    def build(self) -> MoveTable:
        kernel = self.plain_moves()
        for place, total in kernel:
            self.kernel_moves(place, total)
        for place in range(self.places.plain, self.places.count):
            for total in range(self.max_total + 1):
                self.kernel_moves(place, total)
        answers = self.answer_signatures()
        return MoveTable(self.target, self.damage, self.dice_mode, self.dice_to, self.signature,
                         answers, self.calls)

    # ---- straight runs from the race's tables ----

    def plain_moves(self) -> list[tuple[int, int]]:
        """Fill in the straight runs through open water (the kernel's ``straight_run`` and
        heading rule, MOVE-01, read from the same tables); return the (place, total) pairs a
        tile may touch, left to the kernel."""
        race = self.race
        places = self.places
        hexes = np.array(places.hexes, dtype=np.int64)
        n_h = len(hexes)
        clear = np.array(race.clear_run, dtype=np.int64)[hexes]  # (hexes, 6)
        quiet = np.array(race.quiet_run, dtype=np.int64)[hexes]
        tile = np.array(race.tile_ahead, dtype=np.int64)[hexes]
        turn_to = np.array([[d2.value for d2 in HEADINGS[Direction(d)]] for d in range(6)])
        longest = int(clear.max(initial=0))
        ahead = np.full((n_h, 6, max(longest, self.max_total) + 1), -1, dtype=np.int64)
        for k, h in enumerate(places.hexes):
            for d in range(6):
                path = race.paths[h][d][:clear[k, d] + 1]
                ahead[k, d, :len(path)] = path
        runs = clear[:, turn_to]  # (hexes, heading, turn)
        quiets = quiet[:, turn_to]
        tiles = tile[:, turn_to]
        heading_after = np.broadcast_to(turn_to[None], runs.shape)
        kernel: list[tuple[int, int]] = []
        tiled = bool(race.tiles)
        lines: dict[tuple[int, int, int], int] = {}  # a straight line's signature
        for total in range(self.max_total + 1):
            full = runs >= total
            longest_run = runs.max(axis=2, keepdims=True)
            legal = np.where(full.any(axis=2, keepdims=True), full, runs == longest_run)
            steps = np.minimum(runs, total)
            ends = ahead[np.arange(n_h)[:, None, None], heading_after, steps]
            target = places.index[ends * 6 + heading_after]
            place = (np.arange(n_h)[:, None] * 6 + np.arange(6)[None, :])
            self.straight[place, total] = target
            self.target[place, total] = np.where(legal, target, -1)
            crash = total - steps
            self.damage[place, total] = np.minimum(crash, 127)
            self.dice_mode[place, total] = np.where(crash > 0, LOSE_DICE, KEEP_DICE)
            self.signature[place, total] = -1
            near = np.zeros(runs.shape[:2], dtype=bool)
            if tiled and total:
                near |= (tiles <= np.minimum(total, runs)).any(axis=2)
            plain = legal & (quiets < steps) & ~near[:, :, None]  # the kernel judges the others
            for k, d, turn in zip(*np.nonzero(plain), strict=True):
                d2, n = turn_to[d, turn], steps[k, d, turn]
                found = lines.get((k, d2, n))
                if found is None:
                    found = lines[k, d2, n] = self.path_signature(
                        k * 6 + d, total, turn, ahead[k, d2, :n + 1].tolist())
                self.signature[k * 6 + d, total, turn] = found
            if tiled and total:
                kernel.extend((int(k) * 6 + int(d), total) for k, d in zip(*np.nonzero(near),
                                                                             strict=True))
        return kernel

    def path_signature(self, place: int, total: int, turn: int, path: Sequence[int]) -> int:
        """The signature of a straight path: its steps across rounding lines and into the
        start/finish tile, with their directions (what the kernel's rounding reads)."""
        race = self.race
        n = race.n
        steps = []
        for a, b in itertools.pairwise(path):
            step = int(a) * n + int(b)
            if step in race.gate_steps or int(b) in race.tile:
                steps.append(step)
        return self.signature_id(tuple(steps), place, total, turn)

    def signature_id(self, key: tuple, place: int, total: int, turn: int) -> int:
        found = self.signatures.get(key)
        if found is None:
            found = self.signatures[key] = len(self.standing)
            self.standing.append((place, total, turn))
        return found

    # ---- moves played by the kernel ----

    def position(self, place: int, total: int, rounding: int = 5) -> tuple[Position, tuple]:
        """A boat alone on ``place`` in a rounding state, about to move with the first dice
        set of ``total``."""
        hex_i, heading, wait = self.places.describe(place)
        phase, count = ROUNDINGS[rounding]
        dice = self.rep[total]
        boat = Boat(colour="yellow", hex=self.race.hexes[hex_i], heading=Direction(heading),
                    dice=held_for(dice), next_buoy=phase + 1 if phase < 3 else FINISH_NEXT,
                    crossings=count if phase < 3 else 0, redoubt=wait)
        return self.template.derive((boat,), 0, 1), dice

    def kernel_moves(self, place: int, total: int) -> None:
        """The three headings of a (place, total) a tile may touch: which are legal by the
        kernel's heading rule (:meth:`legal`); a heading whose line meets no tile is the
        straight run, one that meets a tile (or flies from a redoubt wait) is played by
        ``apply``."""
        race = self.race
        hex_i, heading, wait = self.places.describe(place)
        headings = HEADINGS[_DIRECTIONS[heading]]
        played: tuple[Position, tuple[int, ...]] | None = None  # made when first needed
        for turn, legal in enumerate(self.legal(place, total)):
            if not legal:
                self.target[place, total, turn] = -1
                continue
            d = headings[turn]
            if not wait and race.tile_ahead[hex_i][d] > min(total, race.clear_run[hex_i][d]):
                self.target[place, total, turn] = self.straight[place, total, turn]
                steps = min(total, race.clear_run[hex_i][d])
                self.signature[place, total, turn] = -1 if race.quiet_run[hex_i][d] >= steps \
                    else self.path_signature(place, total, turn, race.paths[hex_i][d][:steps + 1])
                continue
            key = (hex_i, int(d), total)
            found = None if wait else self.tile_moves.get(key)
            if found is None:
                position, dice = played = played or self.position(place, total)
                found = self.tile_move(position, (MOVES if dice else EMPTY_MOVES)[turn], dice,
                                       place, total, turn)
                if not wait:
                    self.tile_moves[key] = found
            (self.target[place, total, turn], self.damage[place, total, turn],
             self.dice_mode[place, total, turn], self.dice_to[place, total, turn],
             self.signature[place, total, turn]) = found

    def legal(self, place: int, total: int) -> tuple[bool, bool, bool]:
        """Which of the three headings of a (place, total) the kernel allows: from a redoubt
        wait, as ``heading_choices`` says; elsewhere by the heading rule itself
        (``heading_reaches``, ``legal_headings``: what ``heading_choices`` reads for a boat
        without damage), the trial runs with tiles shared by the six headings of a hex: they
        come one after another, so each line is sailed once, not once for each of the three
        headings that can turn to it."""
        hex_i, heading, wait = self.places.describe(place)
        if wait:
            position, dice = self.position(place, total)
            a, b, c = heading_choices(position, dice)
            return a.legal, b.legal, c.legal
        key, trials = self.trials
        if key != (hex_i, total):
            trials = {}
            self.trials = ((hex_i, total), trials)
        reaches, fulls = heading_reaches(self.race, hex_i, HEADINGS[_DIRECTIONS[heading]],
                                         total, self.rep[total], 0, trials)
        return legal_headings(reaches, fulls)

    def tile_move(self, position: Position, move: Move, dice: tuple[int, ...], place: int,
                  total: int, turn: int) -> tuple[int, int, int, int, int]:
        """One move played by the kernel: (target, damage, dice mode, dice left, signature)."""
        race = self.race
        self.calls += 1
        out = apply(position, move)
        boat = out.position.boats[0]
        damage = min(out.damage, 127)
        signature = -1
        if not race.course_hexes.isdisjoint(out.sailed):  # the rounding state may change, or
            # the boat finish even if the move sinks it or lands it badly (MOVE-06)
            signature = self.signature_id(self.sailed_signature(out), place, total, turn)
        sailing = out.sailing
        if (sailing is not None and sailing.out) or (boat.sunk and not boat.finished):
            return (0, max(damage, SINK_AT), DEAD if sailing is not None and sailing.out
                    else LOSE_DICE, 0, signature)
        target = self.places.of(race.board.index_of[boat.hex], boat.heading, boat.redoubt)
        if target < 0:
            raise AssertionError("a move leaves the boat where the plan has no place")
        if out.crash:
            return target, damage, LOSE_DICE, 0, signature
        left = tuple(sorted(boat.dice))
        if left != tuple(sorted(dice)):
            return target, damage, SET_DICE, self.dice.index[left], signature
        return target, damage, KEEP_DICE, 0, signature

    def sailed_signature(self, out: Outcome) -> tuple:
        """The signature of a move the kernel played: the steps of its path across rounding
        lines and into the start/finish tile, each with its direction and whether it was flown
        (what the kernel's rounding reads)."""
        race = self.race
        n = race.n
        sailing = out.sailing
        assert sailing is not None
        flown = sailing.flown
        key = []
        for pos, (a, b) in enumerate(itertools.pairwise(out.sailed)):
            step = a * n + b
            if step in race.gate_steps or b in race.tile:
                key.append((step, pos in flown or pos + 1 in flown, int(sailing.steps[pos])))
        return ("sailed", *key)

    def answer_signatures(self) -> np.ndarray:
        """The rounding state after a move of each signature in each rounding state: one move of
        the signature played by the kernel in each."""
        answers = np.zeros((max(len(self.standing), 1), len(ROUNDINGS)), dtype=np.int32)
        for sig, (place, total, turn) in enumerate(self.standing):
            for r in range(len(ROUNDINGS)):
                position, dice = self.position(place, total, r)
                self.calls += 1
                boat = apply(position, (MOVES if dice else EMPTY_MOVES)[turn]).position.boats[0]
                answers[sig, r] = FINISHED if boat.finished else rounding_code(boat)
        return answers


def build_moves(race: Race, places: Places, dice: DiceModel) -> MoveTable:
    """Every move of a boat alone on ``race`` (see the module docstring)."""
    return _MoveBuilder(race, places, dice).build()


