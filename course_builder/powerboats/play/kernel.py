"""The rules kernel: the decisions and chance of a Powerboats turn, and what a move does.

A turn is a decision, then chance, then a decision, as game engines model it (OpenSpiel: legal
actions, chance outcomes with probabilities, apply; python-chess: ``legal_moves``, ``push``):

1. :func:`dice_decisions`: the dice steps open to the boat to move (keep, add or remove one die,
   and which held dice to re-roll; reference, "Rolling Dice");
2. :func:`roll_outcomes`: the values those dice can show, each with its probability;
3. :func:`heading_choices`: the three headings for the dice rolled, which are legal and what each
   leads to (reference, "Turning Your Speedboat"; MOVE-01);
4. :func:`apply`: play the :class:`~.position.Move` (all three together) and get an
   :class:`Outcome`: the new position and, as structured :mod:`events <.events>`, everything that
   happened and why. An illegal move raises :class:`IllegalMove` with the events up to the point
   where it fails.

The kernel is pure and has one path: it never builds words. :attr:`Outcome.events` are read off
the record the kernel keeps of its own decisions (made only when asked for, so bots and
simulations pay nothing for them), and :mod:`.explain` turns events into the trace people read.
Rules: reference and narrative, "Turn Structure", "Damage", "Passing Boats", "Completing a Course";
rulings MOVE-01..MOVE-10, COURSE-04 and EXP-01..EXP-12 in docs/rulings.md.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, Hex
from course_builder.core.records import frozen_record
from course_builder.powerboats.course.progress import Counts, advance
from course_builder.powerboats.play import events as ev
from course_builder.powerboats.play.movement import Sailing, sail, straight_run
from course_builder.powerboats.play.position import (
    DIE_FACES,
    FINISH_NEXT,
    TURN_ORDER,
    Boat,
    DiceChange,
    DiceStep,
    Move,
    Position,
    PositionError,
    Turn,
)
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import REDOUBT_CRASH, SINK_AT

HEADINGS = {d: tuple(d.left(t.steps) for t in TURN_ORDER) for d in Direction}
"""For each heading: the headings after turning left, going straight and turning right."""

# enum members bound once: looking a member up on its enum class costs more than the rest of a
# comparison, and the hot loop compares many
_KEEP, _ADD, _REMOVE = DiceChange.KEEP, DiceChange.ADD, DiceChange.REMOVE
_LEFT, _STRAIGHT, _RIGHT = TURN_ORDER
_FACES = frozenset(DIE_FACES)


class IllegalMove(CourseBuilderError):
    """A move the rules do not allow: ``reason``, ``legal`` (what would be allowed instead) and
    ``events`` (what the kernel had established before the move failed)."""

    def __init__(self, reason: str, legal: Sequence[str] = (),
                 events: tuple[ev.Event, ...] = ()) -> None:
        self.reason = reason
        self.legal = tuple(legal)
        self.events = events
        text = reason + (f" (legal: {', '.join(legal)})" if legal else "")
        super().__init__(text)


# ------------------------------------------------------------------------------------------------
# decisions and chance
# ------------------------------------------------------------------------------------------------


def dice_decisions(position: Position) -> tuple[DiceStep, ...]:
    """Every distinct dice step of the boat to move: keep the count, add a die or remove one of
    each value held, each with every distinct choice of held dice to re-roll (reference, "Rolling
    Dice"; MOVE-02 for a boat without dice). None for a boat that has finished or sunk."""
    boat = position.boat
    if not boat.racing:
        return ()
    held = sorted(boat.dice)
    steps: list[DiceStep] = []
    if held or position.race.rules.zero_dice_turn:
        steps.extend(DiceStep(_KEEP, None, r) for r in _sub_multisets(held))
    steps.extend(DiceStep(_ADD, None, r) for r in _sub_multisets(held))
    for value in sorted(set(held)):
        rest = list(held)
        rest.remove(value)
        steps.extend(DiceStep(_REMOVE, value, r) for r in _sub_multisets(rest))
    return tuple(steps)


def _sub_multisets(values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of sorted ``values``, each sorted, smallest first."""
    counts = sorted(Counter(values).items())
    out = []
    for picks in itertools.product(*(range(c + 1) for _v, c in counts)):
        out.append(tuple(v for (v, _c), k in zip(counts, picks, strict=True) for _ in range(k)))
    return sorted(out, key=lambda r: (len(r), r))


@frozen_record
class RollOutcome:
    """One outcome of the roll: the ``rolled`` values (sorted), the boat's ``dice`` after the
    roll (kept dice, then the rolled ones), and its probability (``ways`` of ``3 ** n``)."""

    rolled: tuple[int, ...]
    dice: tuple[int, ...]
    ways: int
    probability: float


def roll_outcomes(position: Position, step: DiceStep) -> tuple[RollOutcome, ...]:
    """The outcomes of rolling the dice a step rolls (each die shows 1, 2 or 3 with equal
    chance), as multisets with their probabilities; they sum to 1."""
    kept = kept_dice(position.boat, step)
    n = step.rolled_count
    total = len(DIE_FACES) ** n
    out = []
    for rolled in itertools.combinations_with_replacement(DIE_FACES, n):
        ways = math.factorial(n)
        for count in Counter(rolled).values():
            ways //= math.factorial(count)
        out.append(RollOutcome(rolled, (*kept, *rolled), ways, ways / total))
    return tuple(out)


class HeadingChoice(NamedTuple):
    """One of the three headings open to the boat for the dice rolled: the turn, the heading,
    how far it gets before a crash (``reach``; other boats do not count, MOVE-01) and whether the
    heading rule allows it. :meth:`preview` sails it in full (path, crash, damage, tile effects)
    when asked; choices are made by the thousand in simulations, so they are plain tuples."""

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


@frozen_record
class Preview:
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


def _out_of_race(boat: Boat) -> str:
    """Why a boat that has finished or sunk has no move (MOVE-11)."""
    state = f"finished {boat.finished}" if boat.finished else "sunk"
    return f"{boat.colour} has {state} and does not move any more"


def rolled_dice_problem(position: Position, dice: Sequence[int]) -> str | None:
    """Why the boat to move cannot hold ``dice`` after this turn's roll, or None: a boat that
    has finished or sunk does not move; one dice step changes the count by one at most
    (reference, "Rolling Dice"). (How many dice a boat can hold by its turn number is the
    position's check, MOVE-11.) ``moves`` asks this before any heading is judged;
    :func:`heading_choices` itself trusts its caller, as bots do."""
    boat = position.boat
    if boat.finished or boat.sunk:
        return _out_of_race(boat)
    held, count = len(boat.dice), len(dice)
    if not held and not count and not position.race.rules.zero_dice_turn:
        return (f"{boat.colour} holds no dice and must add one, so it rolls 1 die (ruling "
                "MOVE-02, option zero_dice_turn=False)")
    if abs(count - held) > 1:
        return (f"{boat.colour} holds {held} {'die' if held == 1 else 'dice'}: after its dice "
                f"step it holds {max(held - 1, 0)} to {held + 1}, not {count} "
                "(reference, \"Rolling Dice\")")
    return None


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
    reaches, fulls = _reaches(race, start, headings, total, dice, boat.damage)
    legal = (False, True, False) if boat.redoubt else _legal(reaches, fulls)
    return (_CHOICE(HeadingChoice, (_LEFT, headings[0], reaches[0], legal[0], position, dice)),
            _CHOICE(HeadingChoice, (_STRAIGHT, headings[1], reaches[1], legal[1], position,
                                    dice)),
            _CHOICE(HeadingChoice, (_RIGHT, headings[2], reaches[2], legal[2], position, dice)))


_CHOICE = tuple.__new__


def _reaches(race: Race, start: int, headings: tuple[Direction, ...], total: int,
             dice: tuple[int, ...], damage: int,
             trials: dict[Direction, Sailing] | None = None
             ) -> tuple[tuple[int, int, int], tuple[bool, bool, bool]]:
    """How far the three headings get and which allow the full total (see :func:`_reach_of`)."""
    run = race.clear_run[start]
    h0, h1, h2 = headings
    left, straight, right = run[h0], run[h1], run[h2]
    if race.simulate_tiles and total:
        ahead = race.tile_ahead[start]
        if (ahead[h0] <= (total if total < left else left)
                or ahead[h1] <= (total if total < straight else straight)
                or ahead[h2] <= (total if total < right else right)):  # a tile within reach
            (a, fa), (b, fb), (c, fc) = (_reach_of(race, start, d, total, dice, damage, trials)
                                         for d in headings)
            return (a, b, c), (fa, fb, fc)
    return (left, straight, right), (left >= total, straight >= total, right >= total)


def _tiles_in_reach(race: Race, start: int, headings: tuple[Direction, ...], total: int) -> bool:
    """Whether an expansion tile lies within reach of any of the three headings, so that the
    heading rule plays the tiles out (EXP-11; see :func:`_reaches`)."""
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


def _reach_of(race: Race, start: int, d: Direction, total: int, dice: tuple[int, ...],
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


def _legal(reaches: Sequence[int], fulls: Sequence[bool]) -> tuple[bool, bool, bool]:
    """Which of left, straight, right are legal (MOVE-01): a heading allowing the full total if
    any does, else the longest straight water path (ties free). With a total of 0 every heading
    allows it."""
    if any(fulls):
        return fulls[0], fulls[1], fulls[2]
    longest = max(reaches)
    return reaches[0] == longest, reaches[1] == longest, reaches[2] == longest


# ------------------------------------------------------------------------------------------------
# apply
# ------------------------------------------------------------------------------------------------


def kept_dice(boat: Boat, step: DiceStep | Move) -> tuple[int, ...]:
    """The held dice a dice step keeps as they are (not removed, not re-rolled), in the order
    held; :class:`IllegalMove` if the boat does not hold the dice the step names."""
    change = step.change
    if change is _KEEP or change is _ADD:
        if not step.reroll:
            return boat.dice
        held = list(boat.dice)
    elif change is _REMOVE:
        held = list(boat.dice)
        if not held:
            raise IllegalMove(f"{boat.colour} holds no die to remove", ["+", "="])
        if step.removed not in held:
            raise IllegalMove(f"{boat.colour} holds no {step.removed} to remove "
                              f"(dice: {dice_text(boat.dice)})",
                              [f"-{v}" for v in sorted(set(held))])
        held.remove(step.removed)
    else:  # pragma: no cover - Move and DiceStep accept only the three changes
        raise IllegalMove(f"unknown dice change {change!r}", ["+", "-N", "="])
    for v in step.reroll:
        if v not in held:
            raise IllegalMove(f"{boat.colour} holds no {v} to re-roll (dice kept: "
                              f"{dice_text(tuple(held))})")
        held.remove(v)
    return tuple(held)


def resolve_dice(boat: Boat, move: Move) -> tuple[int, ...]:
    """The dice after the dice step and the roll, or :class:`IllegalMove` (reference, "Rolling
    Dice"): the kept dice in the order held, then the values rolled."""
    return _dice_and_total(boat, move)[0]


def _dice_and_total(boat: Boat, move: Move) -> tuple[tuple[int, ...], int]:
    """:func:`resolve_dice` and the dice's total, looked up in :func:`_dice_after`; the
    checks' reasons are given by :func:`_checked_dice`."""
    try:
        found = _dice_after(boat.dice, move.change, move.removed, move.reroll, move.rolled)
    except TypeError:  # dice given as lists: not hashable, not looked up
        found = None
    if found is None:
        dice = _checked_dice(boat, move)
        return dice, sum(dice)
    return found


@functools.lru_cache(maxsize=1 << 14)
def _dice_after(held: tuple[int, ...], change: DiceChange, removed: int | None,
                reroll: tuple[int, ...], rolled: tuple[int, ...]
                ) -> tuple[tuple[int, ...], int] | None:
    """The dice after a dice step and a roll and their total, or None if the step or the roll
    is not possible. A pure function of a few small tuples that take few values (dice show 1, 2
    or 3), so kept for the next move that asks: every move asks, and working it out costs more
    than the rest of a straight move's dice stage."""
    kept = list(held)
    if change is _REMOVE:
        if removed not in kept:
            return None
        kept.remove(removed)
    elif change is not _KEEP and change is not _ADD:
        return None
    for v in reroll:
        if v not in kept:
            return None
        kept.remove(v)
    if len(rolled) != len(reroll) + (change is _ADD) or not _FACES.issuperset(rolled):
        return None
    dice = (*kept, *rolled)
    return dice, sum(dice)


def _checked_dice(boat: Boat, move: Move) -> tuple[int, ...]:
    """:func:`resolve_dice` worked out step by step, with the reason when a check fails."""
    rolled = move.rolled
    reroll = move.reroll
    change = move.change
    kept = kept_dice(boat, move) if reroll or change is _REMOVE else boat.dice
    if len(rolled) != len(reroll) + (change is _ADD):
        adding = change is _ADD
        expected = len(reroll) + adding
        given = f"{len(rolled)} {'die value' if len(rolled) == 1 else 'dice values'} given"
        due = "1 die is" if expected == 1 else f"{expected} dice are"
        raise IllegalMove(f"{given}, but {due} rolled ({len(reroll)} re-rolled"
                          f"{', 1 added' if adding else ''})")
    if not rolled:
        return kept  # nothing rolled: the dice kept as they are
    for v in rolled:
        if v not in DIE_FACES:
            raise IllegalMove("the dice show 1, 2 or 3 only")
    return kept + rolled


def dice_text(dice: Sequence[int]) -> str:
    """Dice as players write them: ``3-1-3``, or ``none``."""
    return "-".join(str(v) for v in dice) if dice else "none"


class _Record:
    """What the kernel decided in one move, kept so that its events can be read off later.
    Filled in stage by stage; a move that turns out illegal stops early and leaves the later
    fields as they start (the class attributes below). :class:`Outcome` is the finished record.

    A plain class rather than one with ``__slots__``: a record is made for every move, and with
    the later fields' starting values on the class a move sets only what it finds."""

    sailing: Sailing | None = None
    """The move as sailed; None until the move is sailed."""
    seen: Sailing | None = None
    """The sailing before a hold-back undid tiles beyond the stop (EXP-13)."""
    last = 0
    """Index in ``sailing.hexes`` of the hex the boat stops on."""
    taken: Sequence[int] = ()
    """The hexes of other boats the boat was held back from (MOVE-05)."""
    marks: Sequence[tuple] = ()
    """Rounding, un-rounding and finishing, in path order (made by :func:`_progress`)."""
    crash_damage = 0
    damage_after = 0
    """The boat's damage counters after the move."""
    occupied: frozenset[int] | None = None
    """The hexes of the other boats, once asked for (see :func:`_occupied`)."""

    def __init__(self, before: Position, move: Move, dice: tuple[int, ...] = (),
                 waiting: bool | None = None, total: int = 0, turn_index: int | None = None,
                 start: int = -1) -> None:
        self.before = before
        """The position the move was made in."""
        self.move = move
        self.dice = dice
        self.waiting = waiting  # None until the dice are judged
        self.total = total
        self.turn_index = turn_index  # None until the heading is judged
        self.start = start

    @property
    def sailed(self) -> list[int]:
        """The hexes actually sailed, start to end (after any pull-back)."""
        return self.sailing.hexes[:self.last + 1] if self.sailing is not None else []


def apply(position: Position, move: Move) -> Outcome:
    """Play one move of the boat whose turn it is; raises :class:`IllegalMove`.

    The hot loop of bots, simulations and the par solver, written for speed: the stages (dice,
    heading, sailing, stopping, settling) keep their findings in local variables and read the
    race's integer tables; the rare cases (expansion tiles within reach, a heading rule to judge
    with tiles or against the move, boats to pull back behind, a rounding line crossed) branch off
    to helpers; the outcome is made in one go at the end.
    """
    race = position.race
    boat = position.boats[position.to_move]
    # the boat's fields in one go: reading a NamedTuple's fields one by one costs more
    _colour, at, facing, held, _damage, _next, _crossings, finished, sunk, waiting, _later = boat
    if finished or sunk:
        raise IllegalMove(_out_of_race(boat))
    try:
        found = _dice_after(held, move.change, move.removed, move.reroll, move.rolled)
    except TypeError:  # dice given in lists: not hashable, not looked up
        found = None
    dice, total = found or _dice_and_total(boat, move)  # None: the checks say why
    if (total == 0 and move.change is _KEEP and not held
            and not race.rules.zero_dice_turn):
        raise IllegalMove(f"{boat.colour} has no dice and must add one (ruling MOVE-02, option "
                          "zero_dice_turn=False)", ["+"], _events(_Record(position, move, dice)))
    if waiting:
        total *= 2
        if move.turn is not _STRAIGHT:
            raise IllegalMove(f"{boat.colour} ended its last move on a Redoubt: it may not "
                              f"turn this turn (expansion, \"Redoubt\")", ["straight"],
                              _events(_Record(position, move, dice, True, total)))
    turn = move.turn
    k = 1 if turn is _STRAIGHT else 0 if turn is _LEFT else 2
    start = race.board.index_of[at]
    headings = HEADINGS[facing]
    rec = _NEW(Outcome)  # the record's first fields, set here: a constructor call costs more
    rec.before = position
    rec.move = move
    rec.dice = dice
    rec.waiting = waiting
    rec.total = total
    rec.turn_index = k
    rec.start = start
    heading = headings[k]
    run = race.clear_run[start]
    free = run[heading]
    steps = total if total < free else free
    if waiting or race.tile_ahead[start][heading] <= steps:
        _move_with_tiles(rec, race, boat, headings)  # a tile within reach, or a flight
        return rec
    # a full heading is always legal; a short one only if no heading gets further (MOVE-01)
    if free < total and (max(run[headings[0]], run[headings[1]], run[headings[2]]) > free
                         or (race.simulate_tiles and race.tile_near[start] <= total
                             and _tiles_in_reach(race, start, headings, total))):
        _judge_headings(rec, race, boat, headings, {})
    rec.sailing = sailing = straight_run(race, start, heading, total)
    if steps:  # it stops at the end of the run unless a boat is there (MOVE-05)
        end = race.hexes[sailing.hexes[steps]]
        for b in position.boats:
            if b.hex == end:
                steps = _stop(rec, race, boat, sailing)
                break
    rec.last = steps
    _settle(rec, race, boat, sailing, race.quiet_run[start][heading] < steps)
    return rec


def _move_with_tiles(rec: Outcome, race: Race, boat: Boat, headings: tuple[Direction, ...]
                     ) -> None:
    """:func:`apply` from the sailing on, when expansion tiles may act or the boat flies from a
    redoubt (EXP-01..EXP-13)."""
    sailing = _sail_with_tiles(rec, race, boat, headings)
    rec.sailing = sailing
    rec.last = last = _stop(rec, race, boat, sailing)
    if rec.taken and any(at > last for _kind, _facts, at in sailing.effects):
        assert rec.turn_index is not None
        sailing = _held_back_before_tiles(rec, race, boat, headings[rec.turn_index], sailing)
    if sailing.effects or sailing.flown:  # a path bent or flown by tiles: is anything near?
        touched = not race.course_hexes.isdisjoint(rec.sailed)
    else:  # a straight line: the race's table says how far it stays clear
        touched = race.quiet_run[rec.start][sailing.heading] < rec.last
    _settle(rec, race, boat, sailing, touched, sailing.out, sailing.rock_damage,
            sailing.removed_dice, sailing.redoubt_wait)


def _held_back_before_tiles(rec: _Record, race: Race, boat: Boat, heading: Direction,
                            sailing: Sailing) -> Sailing:
    """A boat held back behind other boats stops on the last free hex it passed as if its move
    ended there: the tiles beyond it (under the boats it would have ended on) do not act, the
    ones up to it do (EXP-13). A crash found further on still counts (MOVE-04, MOVE-05)."""
    held = sail(race, rec.start, heading, rec.total, rec.dice, fly=_flies(rec, race),
                occupied=_occupied(rec, boat), damage=boat.damage, stop_at=rec.last)
    held.crash, held.damage, held.used = sailing.crash, sailing.damage, sailing.used
    rec.seen = sailing
    rec.sailing = held
    return held


def _flies(rec: _Record, race: Race) -> bool:
    """The move is a flight: the doubled turn after ending on a redoubt (EXP-07)."""
    return bool(rec.waiting) and race.rules.redoubt_wait_flies


def _judge_headings(rec: _Record, race: Race, boat: Boat, headings: tuple[Direction, ...],
                    trials: dict[Direction, Sailing]) -> None:
    """The heading rule (MOVE-01): raises :class:`IllegalMove` for a heading it forbids."""
    reaches, fulls = _reaches(race, rec.start, headings, rec.total, rec.dice, boat.damage, trials)
    legal = _legal(reaches, fulls)
    assert rec.turn_index is not None
    if not legal[rec.turn_index]:
        raise _wrong_heading(rec, fulls, legal)


def _sail_with_tiles(rec: _Record, race: Race, boat: Boat, headings: tuple[Direction, ...]
                     ) -> Sailing:
    """The move when expansion tiles may act or the boat flies from a redoubt (EXP-01..12)."""
    assert rec.turn_index is not None
    heading = headings[rec.turn_index]
    trials: dict[Direction, Sailing] = {}
    _reach, full = _reach_of(race, rec.start, heading, rec.total, rec.dice, boat.damage, trials)
    if not rec.waiting and not full:
        _judge_headings(rec, race, boat, headings, trials)
    fly = _flies(rec, race)
    occupied = _occupied(rec, boat)
    trial = trials.get(heading)
    if trial is not None and not fly and occupied.isdisjoint(trial.hexes):
        return trial  # other boats play no part in it: the trial run is the move
    return sail(race, rec.start, heading, rec.total, rec.dice, fly=fly, occupied=occupied,
                damage=boat.damage)


def _occupied(rec: _Record, boat: Boat) -> frozenset[int]:
    """The hexes of the other boats the moving ``boat`` may not end on (MOVE-05, MOVE-07); found
    once per move and kept on the record."""
    found = rec.occupied
    if found is None:
        position = rec.before
        race = position.race
        index_of = race.board.index_of
        blocking = race.rules.finished_boats_block
        found = rec.occupied = frozenset([
            index_of[b.hex] for b in position.boats
            if b is not boat and not b.sunk and (blocking or not b.finished)])
    return found


def _wrong_heading(rec: _Record, fulls: Sequence[bool], legal_flags: Sequence[bool]
                   ) -> IllegalMove:
    boat = rec.before.boat
    if any(fulls):
        why = f"a heading that allows the full {rec.total} is required"
    else:
        why = ("every heading crashes, so the one with the longest straight path through water "
               "is required")
    legal = [t.word for t, ok in zip(TURN_ORDER, legal_flags, strict=True) if ok]
    return IllegalMove(f"{boat.colour} may not go {rec.move.turn.word}: {why} "
                       f"({ev.R_TURN})", legal, _events(rec))


def _stop(rec: _Record, race: Race, boat: Boat, sailing: Sailing) -> int:
    """Where the boat stops, as an index in ``sailing.hexes``: the end of its sailing, or, when
    that holds another boat, the last free water hex it passed (reference, "Passing Boats";
    MOVE-05)."""
    hexes = sailing.hexes
    last = len(hexes) - 1
    if sailing.out:
        return last
    flown = sailing.flown
    if not flown:  # sailed all the way: only the end hex can hold a boat
        if not last:
            return 0
        end = race.hexes[hexes[last]]
        for b in rec.before.boats:
            if b.hex == end:
                break
        else:
            return last
    others = _occupied(rec, boat)
    water = race.board.water
    taken = []
    while last > 0 and (hexes[last] in others or last in flown or not water[hexes[last]]):
        if hexes[last] in others:
            taken.append(hexes[last])
        last -= 1
    rec.taken = taken
    return last


def _settle(rec: Outcome, race: Race, boat: Boat, sailing: Sailing, touched: bool,
            out: bool = False, rock_damage: int = 0, removed_dice: Sequence[int] = (),
            redoubt_wait: bool = False) -> None:
    """Rounding, finishing, damage and sinking along the hexes actually sailed; the new
    position. ``touched``: the path may cross a rounding line or enter the start/finish tile;
    the tiles' results (a bad landing, rocks, dice lost, ending on a redoubt) come from
    :func:`_move_with_tiles` (a straight run has none)."""
    last = rec.last
    colour, _hex, _heading, _held, damage, next_buoy, crossings, _f, _s, _r, later = boat
    if touched:
        phase, counts, finished = _progress(rec, *boat.progress)
        if rec.taken and phase >= 3 and not finished:
            _held_off_the_tile(rec, race)
        next_buoy = FINISH_NEXT if phase >= 3 else phase + 1
        crossings, later = (counts[0], counts[1:]) if counts else (0, ())
    else:  # no rounding line crossed, the start/finish tile not entered (most moves): the
        # rounding state stays as it is
        finished = 0
        if next_buoy > 3:
            crossings, later = 0, ()  # every buoy rounded: no line is open (COURSE-04)
            if rec.taken:
                _held_off_the_tile(rec, race)
    crash_damage = REDOUBT_CRASH if out else sailing.damage if sailing.crash else 0
    damage += rock_damage + crash_damage
    rec.crash_damage = crash_damage
    rec.damage_after = damage
    sunk = (damage >= SINK_AT or out) and not finished  # a finished boat that sinks keeps its
    # place and is a finisher (reference, "Completing a Course"; MOVE-11)
    dice: tuple[int, ...] = ()
    if not sailing.crash:
        dice = rec.dice
        if removed_dice:
            held = list(dice)
            for v in removed_dice:
                held.remove(v)
            dice = tuple(held)
    position = rec.before
    boats = list(position.boats)
    boats[position.to_move] = _BOAT(Boat, (
        colour, race.hexes[sailing.hexes[last]], sailing.heading, dice, damage, next_buoy,
        crossings, finished, sunk, redoubt_wait and not sunk, later))
    rec.position = next_turn(position, tuple(boats))


_NEW = object.__new__
_BOAT = tuple.__new__
"""Makes a :class:`Boat` from a full tuple of its fields without the checks of its keyword
constructor: the kernel's own records only."""


def _progress(rec: _Record, phase: int, counts: Counts) -> tuple[int, Counts, int]:
    """Buoys rounded and the finish along the hexes sailed (COURSE-04, MOVE-06): the rounding
    state after the move and the finishing place (0 if none)."""
    race = rec.before.race
    n = race.n
    gates = race.gates
    sailing = rec.sailing
    assert sailing is not None
    skip_flown = not race.rules.flight_counts
    finished = 0
    steps = sailing.steps
    marks: list[tuple] = []
    on_tile = False
    for pos, (ia, ib) in enumerate(itertools.pairwise(rec.sailed)):
        if skip_flown and (pos in sailing.flown or pos + 1 in sailing.flown):
            continue
        step = ia * n + ib
        if step in race.gate_steps:
            before, counted = phase, counts
            phase, counts = advance(phase, counts, step, gates)
            if phase > before:
                marks.extend(("round", k, ia, ib) for k in range(before + 1, phase + 1))
            elif phase < before:
                marks.append(("undo", before))
            elif counts and counts[0] < counted[0]:  # the next buoy's line against its arrow
                marks.append(("against", phase + 1, ia, ib))
        if ib in race.tile and not finished:
            if phase >= 3 and steps[pos] in race.finish_dirs:
                finished = sum(1 for b in rec.before.boats if b.finished) + 1
                marks.append(("finish", finished, ib))
            elif not on_tile:  # on the tile, but no finish: say why once (MOVE-06)
                marks.append(("no-finish", "early" if phase < 3 else "side", ib))
        on_tile = ib in race.tile
    rec.marks = marks
    return phase, counts, finished


def _held_off_the_tile(rec: _Record, race: Race) -> None:
    """Would the boat have finished on the hexes it was held back from (MOVE-05)?"""
    seen = rec.seen or rec.sailing
    assert seen is not None
    for pos in range(rec.last, len(seen.hexes) - 1):
        if seen.hexes[pos + 1] in race.tile and seen.steps[pos] in race.finish_dirs:
            rec.marks = [*rec.marks, ("held-off", seen.hexes[pos + 1])]
            return


def next_turn(position: Position, boats: tuple[Boat, ...]) -> Position:
    """The next racing boat in the position's order (clockwise from the start player); the
    turn number grows when play wraps round past the last boat listed (MOVE-08)."""
    count = len(boats)
    current = k = position.to_move
    for _ in boats:  # once round the table at most
        k = k + 1 if k + 1 < count else 0
        b = boats[k]
        if not b.finished and not b.sunk:
            return position.derive(boats, k, position.turn + 1 if k <= current else position.turn)
    return position.derive(boats, current, position.turn)  # the race is over


class Outcome(_Record):
    """What a move did: the new :attr:`position`, the boat's path and results, and the
    :attr:`events` that say what happened and why (the kernel's finished record)."""

    position: Position
    """The position after the move (the next boat to move)."""
    _events: tuple[ev.Event, ...] | None = None

    @property
    def boat(self) -> str:
        return self.before.boat.colour

    @property
    def heading(self) -> Direction:
        """The heading at the end of the move (a maelstrom may have turned the boat)."""
        assert self.sailing is not None
        return self.sailing.heading

    @property
    def path(self) -> tuple[Hex, ...]:
        """From the start hex to the end hex."""
        return tuple(map(self.before.race.board.hex_at, self.sailed))

    @property
    def crash(self) -> bool:
        assert self.sailing is not None
        return self.sailing.crash or self.sailing.out

    @property
    def damage(self) -> int:
        """Damage taken in this move (crash, bad landing and rocks)."""
        assert self.sailing is not None
        return self.crash_damage + self.sailing.rock_damage

    @property
    def rounded(self) -> tuple[int, ...]:
        """Buoys rounded in this move and still rounded at its end."""
        out: list[int] = []
        for mark in self.marks:
            if mark[0] == "round":
                out.append(mark[1])
            elif mark[0] == "undo":
                out = [r for r in out if r < mark[1]]
        return tuple(out)

    @property
    def finished(self) -> int:
        """The finishing place reached in this move (0 if none)."""
        return next((m[1] for m in self.marks if m[0] == "finish"), 0)

    @property
    def sunk(self) -> bool:
        """The boat sank in this move (also one that finished first: it keeps its place, and its
        record says finished, not sunk; MOVE-11)."""
        assert self.sailing is not None
        return self.sailing.out or self.damage_after >= SINK_AT

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """Everything that happened, in order (see :mod:`.events`)."""
        made = self._events
        if made is None:
            made = self._events = _events(self)
        return made

    @property
    def trace(self) -> tuple[str, ...]:
        """The events in words, each with the rule it applies (:mod:`.explain`)."""
        from course_builder.powerboats.play.explain import explain

        return explain(self.events)

    def to_json(self) -> dict:
        return {
            "boat": self.boat,
            "move": self.move.notation(),
            "dice": list(self.dice),
            "total": sum(self.dice),
            "heading": self.heading.name,
            "path": [list(h.offset) for h in self.path],
            "crash": self.crash,
            "damage": self.damage,
            "rounded": list(self.rounded),
            "finished": self.finished,
            "sunk": self.sunk,
            "trace": list(self.trace),
            "position": self.position.notation(),
        }


# ------------------------------------------------------------------------------------------------
# events, read off the record
# ------------------------------------------------------------------------------------------------


def _events(rec: _Record) -> tuple[ev.Event, ...]:
    """The events of a move from what the kernel recorded (the whole move, or as far as it got
    before it turned out illegal)."""
    position = rec.before
    boat = position.boat
    move = rec.move
    out: list[ev.Event] = [ev.DiceRolled(boat.colour, boat.dice, move.change, move.removed,
                                         move.reroll, move.rolled, rec.dice)]
    if rec.waiting is None:
        return tuple(out)
    if rec.waiting:
        out.append(ev.RedoubtDoubled(rec.total))
    if rec.turn_index is None:
        return tuple(out)
    out.extend(_heading_events(rec, chosen=rec.sailing is not None))
    if rec.sailing is not None:
        out.extend(_move_events(rec, rec.sailing))
    return tuple(out)


def _heading_events(rec: _Record, chosen: bool) -> Iterable[ev.Event]:
    position = rec.before
    race = position.race
    boat = position.boat
    headings = HEADINGS[boat.heading]
    trials: dict[Direction, Sailing] = {}
    reaches, fulls = _reaches(race, rec.start, headings, rec.total, rec.dice, boat.damage, trials)
    legal_flags = (False, True, False) if rec.waiting else _legal(reaches, fulls)
    assert rec.turn_index is not None
    if not rec.waiting:
        run = race.clear_run[rec.start]
        yield ev.HeadingsJudged(tuple(
            ev.HeadingReach(t, d, run[d], r, full, _trial_effects(race, trials.get(d)))
            for t, d, r, full in zip(TURN_ORDER, headings, reaches, fulls, strict=True)),
            rec.total, race.simulate_tiles)
    if not chosen:
        return
    legal = tuple(t for t, ok in zip(TURN_ORDER, legal_flags, strict=True) if ok)
    if rec.total == 0:
        basis = "no-dice"
    elif rec.waiting:
        return
    else:
        basis = "full" if any(fulls) else "longest"
    yield ev.HeadingChosen(rec.move.turn, legal, rec.total, basis, reaches[rec.turn_index])


def _trial_effects(race: Race, trial: Sailing | None) -> tuple[tuple[int, ev.Event], ...]:
    """What the tiles did on a heading played out for the heading rule, each with the number
    of hexes entered before it (EXP-11)."""
    if trial is None:
        return ()
    return tuple((at, kind(*facts)) for kind, facts, at in trial.effects)


def _move_events(rec: _Record, sailing: Sailing) -> Iterable[ev.Event]:
    """The move: its path in stretches sailed and flown with the tiles' effects between them,
    the hold-back, rounding and finishing, crash and sinking."""
    position = rec.before
    board = position.race.board
    yield from _path_events(rec, sailing)
    if rec.taken:
        owners = {b.hex: b.colour for b in position.boats}
        taken = tuple((board.hex_at(i), owners[board.hex_at(i)]) for i in rec.taken)
        yield ev.HeldBack(taken, board.hex_at(rec.sailed[-1]))
    yield from _course_events(rec)
    if sailing.crash and not sailing.out:
        yield ev.Crashed(sailing.used, rec.total, rec.crash_damage, rec.damage_after,
                         board.hex_at(rec.sailed[-1]))
    if not sailing.out and rec.damage_after >= SINK_AT:
        place = next((m[1] for m in rec.marks if m[0] == "finish"), 0)
        yield ev.Sank(rec.damage_after, place)


def _path_events(rec: _Record, sailing: Sailing) -> Iterable[ev.Event]:
    """The hexes entered in order, split where a tile acts and where a flight starts or lands.
    A boat held back (EXP-13) shows the hexes it sailed before the hold-back."""
    seen = rec.seen or sailing
    hex_at = rec.before.race.board.hex_at
    flights = {left: landed for left, landed in seen.flights}
    effects = [(at, kind(*facts)) for kind, facts, at in sailing.effects]
    cursor = 0

    def stretch(upto: int) -> Iterable[ev.Event]:
        nonlocal cursor
        while cursor < upto:
            landed = flights.get(cursor)
            end = min(upto, landed) if landed is not None else min(
                upto, min((left for left in flights if left > cursor), default=upto))
            yield ev.Sailed(tuple(map(hex_at, seen.hexes[cursor + 1:end + 1])),
                            seen.steps[cursor], landed is not None)
            cursor = end

    for at, event in effects:
        yield from stretch(at)
        yield event
        if isinstance(event, ev.CurrentPush):
            cursor = at + 1  # the event names the hex it was pushed to
    yield from stretch(len(seen.hexes) - 1)


def _course_events(rec: _Record) -> Iterable[ev.Event]:
    """Rounding and finishing, and the crossings that do neither (COURSE-04, MOVE-06)."""
    board = rec.before.race.board
    course = rec.before.race.course
    for mark in rec.marks:
        kind = mark[0]
        if kind == "round":
            sense = course.buoy(mark[1]).arrow
            assert sense is not None
            yield ev.BuoyRounded(mark[1], sense, board.hex_at(mark[2]), board.hex_at(mark[3]))
        elif kind == "undo":
            yield ev.RoundingUndone(mark[1])
        elif kind == "against":
            sense = course.buoy(mark[1]).arrow
            assert sense is not None
            yield ev.LineCrossedAgainst(mark[1], sense, board.hex_at(mark[2]),
                                        board.hex_at(mark[3]))
        elif kind == "finish":
            yield ev.Finished(mark[1], board.hex_at(mark[2]))
        elif kind == "no-finish":
            yield ev.TileWithoutFinish(board.hex_at(mark[2]), mark[1] == "early")
        elif kind == "held-off":
            yield ev.FinishHeldOff(board.hex_at(mark[1]))


# ------------------------------------------------------------------------------------------------
# the start of a race
# ------------------------------------------------------------------------------------------------


def start_hexes(race: Race) -> tuple[Hex, ...]:
    """Where boats may start (reference, "Start Positions": on or behind the start/finish tile):
    the tile's hexes, then the rows behind it, nearest first, open water only."""
    board = race.board
    tile = race.course.tile
    back = tile.start_direction.opposite()
    out: list[Hex] = []
    for k in range(0, max(board.rows, board.cols)):
        for h in tile.hexes:
            spot = h
            for _ in range(k):
                spot = spot.neighbor(back)
            i = board.index_or_none(spot)
            if i is not None and board.water[i] and i not in race.buoy_index and spot not in out:
                out.append(spot)
    return tuple(out)


def initial_position(race: Race, boats: Sequence[Boat | str], *, start_player: int = 0
                     ) -> Position:
    """The position at the start of a race: ``boats`` in seat order (clockwise round the
    table), given as :class:`Boat` records or as colours to be placed on the start hexes in
    order, pointing in the start direction, with no dice. The seat ``start_player`` moves first:
    the position lists the boats clockwise from it, so the turn number grows when play comes
    round to it (MOVE-08)."""
    places = iter(start_hexes(race))
    made: list[Boat] = []
    for b in boats:
        if isinstance(b, Boat):
            made.append(b)
            continue
        try:
            made.append(Boat(b.lower(), next(places), race.course.tile.start_direction))
        except StopIteration:
            raise PositionError("no free start hex left for every boat") from None
    if not 0 <= start_player < len(made):
        raise PositionError(f"the start player is seat 0 to {len(made) - 1}, got {start_player}")
    return Position(race, tuple(made[start_player:] + made[:start_player]), 0, 1)
