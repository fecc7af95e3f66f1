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

The kernel is pure and has one path: it never builds words. This module plays a move
(:func:`apply`, the hot loop of bots, simulations and the par solver, and :func:`next_turn`); the
other steps have modules of their own and are re-exported here, so that the whole API is one
import: the dice (:mod:`.rolling`), the heading rule (:mod:`.headings`), what a move did
(:mod:`.outcome`: :class:`Outcome`, :class:`IllegalMove` and the events read off the kernel's
record) and the start of a race (:mod:`.start`). :attr:`Outcome.events` are read off
the record the kernel keeps of its own decisions (made only when asked for, so bots and
simulations pay nothing for them), and :mod:`.explain` turns events into the trace people read.
Rules: reference and narrative, "Turn Structure", "Damage", "Passing Boats", "Completing a Course";
rulings MOVE-01..MOVE-10, COURSE-04 and EXP-01..EXP-12 in docs/rulings.md.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from course_builder.core.hexgrid import Direction
from course_builder.powerboats.course.progress import Counts, advance
from course_builder.powerboats.play import events as ev
from course_builder.powerboats.play.headings import (
    HEADINGS,
    HeadingChoice,
    Preview,
    heading_choices,
    heading_reaches,
    legal_headings,
    legal_turns,
    reach_of,
    tiles_in_reach,
)
from course_builder.powerboats.play.movement import Sailing, sail, straight_run
from course_builder.powerboats.play.outcome import IllegalMove, MoveRecord, Outcome, events_of
from course_builder.powerboats.play.position import (
    FINISH_NEXT,
    TURN_ORDER,
    Boat,
    DiceChange,
    Move,
    Position,
)
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rolling import (
    RollOutcome,
    dice_after,
    dice_and_total,
    dice_decisions,
    dice_text,
    kept_dice,
    out_of_race,
    resolve_dice,
    roll_outcomes,
    rolled_dice_problem,
)
from course_builder.powerboats.play.rules import REDOUBT_CRASH, SINK_AT
from course_builder.powerboats.play.start import initial_position, start_hexes

__all__ = ["HEADINGS", "HeadingChoice", "IllegalMove", "Outcome", "Preview", "RollOutcome",
           "apply", "dice_decisions", "dice_text", "heading_choices", "initial_position",
           "kept_dice", "legal_turns", "next_turn", "resolve_dice", "roll_outcomes",
           "rolled_dice_problem", "start_hexes"]
"""The rules API: :func:`apply` lives here; the decisions and chance (:mod:`.rolling`,
:mod:`.headings`), what a move did (:mod:`.outcome`) and the start (:mod:`.start`) are
re-exported, so that callers reach the whole kernel through this one module."""

# enum members bound once: looking a member up on its enum class costs more than the rest of a
# comparison, and the hot loop compares many
_KEEP = DiceChange.KEEP
_LEFT, _STRAIGHT, _RIGHT = TURN_ORDER


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
    held = boat.dice
    waiting = boat.redoubt
    if boat.finished or boat.sunk:
        raise IllegalMove(out_of_race(boat))
    try:
        found = dice_after(held, move.change, move.removed, move.reroll, move.rolled)
    except TypeError:  # dice given in lists: not hashable, not looked up
        found = None
    dice, total = found or dice_and_total(boat, move)  # None: the checks say why
    if (total == 0 and move.change is _KEEP and not held
            and not race.rules.zero_dice_turn):
        raise IllegalMove(f"{boat.colour} has no dice and must add one (ruling MOVE-02, option "
                          "zero_dice_turn=False)", ["+"], events_of(MoveRecord(position, move, dice)))
    if waiting:
        total *= 2
        if move.turn is not _STRAIGHT:
            raise IllegalMove(f"{boat.colour} ended its last move on a Redoubt: it may not "
                              f"turn this turn (expansion, \"Redoubt\")", ["straight"],
                              events_of(MoveRecord(position, move, dice, True, total)))
    turn = move.turn
    k = 1 if turn is _STRAIGHT else 0 if turn is _LEFT else 2
    start = race.board.index_of[boat.hex]
    headings = HEADINGS[boat.heading]
    rec = Outcome(position, move, dice, waiting, total, k, start)
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
                             and tiles_in_reach(race, start, headings, total))):
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


def _held_back_before_tiles(rec: MoveRecord, race: Race, boat: Boat, heading: Direction,
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


def _flies(rec: MoveRecord, race: Race) -> bool:
    """The move is a flight: the doubled turn after ending on a redoubt (EXP-07)."""
    return bool(rec.waiting) and race.rules.redoubt_wait_flies


def _judge_headings(rec: MoveRecord, race: Race, boat: Boat, headings: tuple[Direction, ...],
                    trials: dict[Direction, Sailing]) -> None:
    """The heading rule (MOVE-01): raises :class:`IllegalMove` for a heading it forbids."""
    reaches, fulls = heading_reaches(race, rec.start, headings, rec.total, rec.dice, boat.damage, trials)
    legal = legal_headings(reaches, fulls)
    assert rec.turn_index is not None
    if not legal[rec.turn_index]:
        raise _wrong_heading(rec, fulls, legal)


def _sail_with_tiles(rec: MoveRecord, race: Race, boat: Boat, headings: tuple[Direction, ...]
                     ) -> Sailing:
    """The move when expansion tiles may act or the boat flies from a redoubt (EXP-01..12)."""
    assert rec.turn_index is not None
    heading = headings[rec.turn_index]
    trials: dict[Direction, Sailing] = {}
    _reach, full = reach_of(race, rec.start, heading, rec.total, rec.dice, boat.damage, trials)
    if not rec.waiting and not full:
        _judge_headings(rec, race, boat, headings, trials)
    fly = _flies(rec, race)
    occupied = _occupied(rec, boat)
    trial = trials.get(heading)
    if trial is not None and not fly and occupied.isdisjoint(trial.hexes):
        return trial  # other boats play no part in it: the trial run is the move
    return sail(race, rec.start, heading, rec.total, rec.dice, fly=fly, occupied=occupied,
                damage=boat.damage)


def _occupied(rec: MoveRecord, boat: Boat) -> frozenset[int]:
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


def _wrong_heading(rec: MoveRecord, fulls: Sequence[bool], legal_flags: Sequence[bool]
                   ) -> IllegalMove:
    boat = rec.before.boat
    if any(fulls):
        why = f"a heading that allows the full {rec.total} is required"
    else:
        why = ("every heading crashes, so the one with the longest straight path through water "
               "is required")
    legal = [t.word for t, ok in zip(TURN_ORDER, legal_flags, strict=True) if ok]
    return IllegalMove(f"{boat.colour} may not go {rec.move.turn.word}: {why} "
                       f"({ev.R_TURN})", legal, events_of(rec))


def _stop(rec: MoveRecord, race: Race, boat: Boat, sailing: Sailing) -> int:
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
    damage = boat.damage
    next_buoy = boat.next_buoy
    crossings = boat.crossings
    later = boat.later
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
    boats[position.to_move] = Boat(
        boat.colour, race.hexes[sailing.hexes[last]], sailing.heading, dice, damage, next_buoy,
        crossings, finished, sunk, redoubt_wait and not sunk, later)
    rec.position = next_turn(position, tuple(boats))




def _progress(rec: MoveRecord, phase: int, counts: Counts) -> tuple[int, Counts, int]:
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


def _held_off_the_tile(rec: MoveRecord, race: Race) -> None:
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
