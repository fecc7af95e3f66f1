"""The move adjudicator: what happens when a boat makes a move, and why.

``adjudicate(position, move)`` is pure: it checks the move against the rules, moves the boat and
returns an :class:`Outcome` with the new position, the path hex by hex and a trace of every step
of the decision with the rule it applies. An illegal move raises :class:`IllegalMove` saying why
and which moves would be legal. Rules: reference and narrative, "Turn Structure" ("Rolling Dice",
"Turning Your Speedboat", "Moving"), "Damage", "Passing Boats", "Completing a Course"; rulings
MOVE-01..MOVE-09 and COURSE-04 in docs/rulings.md.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, Hex
from course_builder.powerboats.course.describe import DIRECTION_WORDS
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.course.routing import advance
from course_builder.powerboats.play.movement import REDOUBT_CRASH, Sailing, sail
from course_builder.powerboats.play.position import FINISH_NEXT, TURNS, Boat, Move, Position
from course_builder.powerboats.play.race import Race, Rules

SINK_AT = 4

R_DICE = 'reference, "Rolling Dice"'
R_TURN = 'reference, "Turning Your Speedboat"'
R_MOVE = 'reference, "Moving"'
R_DAMAGE = 'reference, "Damage"'
R_PASS = 'reference, "Passing Boats"'
R_FINISH = 'reference, "Completing a Course"'


class IllegalMove(CourseBuilderError):
    """A move the rules do not allow; ``legal`` lists what would be allowed instead."""

    def __init__(self, reason: str, legal: Sequence[str] = ()) -> None:
        self.reason = reason
        self.legal = tuple(legal)
        text = reason + (f" (legal: {', '.join(legal)})" if legal else "")
        super().__init__(text)


@dataclass(frozen=True)
class HeadingOption:
    """One of the three headings open to a boat this turn, and where it leads."""

    turn: str
    heading: Direction
    free: int
    """Open water straight ahead before land, a buoy or the edge (other boats do not count)."""
    legal: bool
    path: tuple[Hex, ...]
    """Hexes entered, the start excluded, up to where the boat stops."""
    crash: bool
    damage: int

    @property
    def end(self) -> Hex | None:
        return self.path[-1] if self.path else None


@dataclass(slots=True)
class Outcome:
    """What a move did."""

    position: Position
    move: Move
    boat: str
    dice: tuple[int, ...]
    """The dice after rolling, before any crash took them."""
    heading: Direction
    path: tuple[Hex, ...]
    """From the start hex to the end hex."""
    crash: bool
    damage: int
    rounded: tuple[int, ...]
    finished: int
    sunk: bool
    trace: tuple[str, ...]

    def to_json(self) -> dict:
        from course_builder.powerboats.play.notation import format_position

        return {
            "boat": self.boat,
            "move": str(self.move),
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
            "position": format_position(self.position),
        }


def _rc(h: Hex) -> str:
    r, c = h.offset
    return f"({r}, {c})"


def roll(boat: Boat, move: Move) -> tuple[int, ...]:
    """The dice after the dice step, or :class:`IllegalMove` (reference, "Rolling Dice")."""
    held = list(boat.dice)
    adding = 0
    if move.change == "+":
        adding = 1
    elif move.change == "-":
        if not held:
            raise IllegalMove(f"{boat.colour} holds no die to remove", ["+", "="])
        if move.removed not in held:
            raise IllegalMove(f"{boat.colour} holds no {move.removed} to remove "
                              f"(dice: {_dice(boat.dice)})", [f"-{v}" for v in sorted(set(held))])
        held.remove(move.removed)
    elif move.change != "=":
        raise IllegalMove(f"unknown dice change {move.change!r}", ["+", "-N", "="])
    for v in move.reroll:
        if v not in held:
            raise IllegalMove(f"{boat.colour} holds no {v} to re-roll (dice kept: "
                              f"{_dice(tuple(held))})")
        held.remove(v)
    expected = len(move.reroll) + adding
    if len(move.rolled) != expected:
        raise IllegalMove(f"{len(move.rolled)} dice values given, but {expected} dice are rolled "
                          f"({len(move.reroll)} re-rolled{', 1 added' if adding else ''})")
    if any(v not in (1, 2, 3) for v in move.rolled):
        raise IllegalMove("the dice show 1, 2 or 3 only")
    return tuple(held) + tuple(move.rolled)


def _dice(dice: Sequence[int]) -> str:
    return "-".join(str(v) for v in dice) if dice else "none"


_TURN_LETTERS = tuple(TURNS)
_HEADINGS = {d: tuple(d.left(k) for k in TURNS.values()) for d in Direction}
"""For each heading: the headings after turning left, going straight and turning right."""


def _free(race: Race, start: int, d: Direction, total: int, dice: tuple[int, ...],
          trials: dict[Direction, Sailing], damage: int = 0) -> int:
    """How far heading ``d`` gets before crashing (MOVE-01).

    With expansion tiles within reach on the line and ``heading_with_tiles="simulate"``
    (EXP-11), the move is played with the tiles' effects, other boats ignored (kept in
    ``trials``): the steps used before a crash, or the total if it does not crash. Otherwise the
    straight open run ahead.
    """
    free = race.clear_run[start][d]
    if (not race.tiles or race.rules.heading_with_tiles != "simulate" or total == 0
            or race.tile_ahead[start][d] > (total if total < free else free)):
        return free
    trial = trials[d] = sail(race, start, d, total, dice, damage=damage)
    return trial.used if trial.crash else max(total, free)


def _frees(position: Position, boat: Boat, total: int, dice: tuple[int, ...]
           ) -> tuple[int, tuple[Direction, ...], tuple[int, ...], dict[Direction, Sailing]]:
    """Start index, the three headings, how far each gets (see :func:`_free`), the trials."""
    race = position.race
    start = race.board.index(boat.hex)
    headings = _HEADINGS[boat.heading]
    trials: dict[Direction, Sailing] = {}
    frees = tuple(_free(race, start, d, total, dice, trials, boat.damage) for d in headings)
    return start, headings, frees, trials


def _legal(frees: Sequence[int], total: int) -> tuple[bool, bool, bool]:
    """Which of left, straight, right are legal (MOVE-01): a heading allowing the full total if
    any does, else the longest straight water path (ties free); any heading for a total of 0."""
    if total == 0:
        return (True, True, True)
    left, straight, right = frees
    if max(frees) >= total:
        return (left >= total, straight >= total, right >= total)
    longest = max(frees)
    return (left == longest, straight == longest, right == longest)


def heading_options(position: Position, total: int, boat_index: int | None = None,
                    dice: tuple[int, ...] | None = None) -> list[HeadingOption]:
    """The three headings (left, straight, right) for a total, which are legal, and where each
    leads (reference, "Turning Your Speedboat"; MOVE-01). Other boats do not count here."""
    race = position.race
    boat = position.boats[position.to_move if boat_index is None else boat_index]
    if boat.redoubt:  # on a redoubt since last turn: doubled, straight on (EXP-07)
        total *= 2
    dice = boat.dice if dice is None else dice
    start, headings, frees, _trials = _frees(position, boat, total, dice)
    legal = (False, True, False) if boat.redoubt else _legal(frees, total)
    fly = boat.redoubt and race.rules.redoubt_wait_flies
    out = []
    for letter, d, free, ok in zip(_TURN_LETTERS, headings, frees, legal, strict=True):
        trial = sail(race, start, d, total, dice, fly=fly, damage=boat.damage)
        path = tuple(race.board.hex_at(i) for i in trial.hexes[1:])
        damage = trial.damage + trial.rock_damage + (REDOUBT_CRASH if trial.out else 0)
        out.append(HeadingOption(letter, d, free, ok, path, trial.crash, damage))
    return out


def adjudicate(position: Position, move: Move, *, explain: bool = True) -> Outcome:
    """Play one move of the boat whose turn it is; raises :class:`IllegalMove`."""
    race = position.race
    rules = race.rules
    board = race.board
    boat = position.boat
    trace: list[str] = []
    note = trace.append if explain else _ignore
    if not boat.racing:
        state = f"finished {boat.finished}" if boat.finished else "sunk"
        raise IllegalMove(f"{boat.colour} has {state} and does not move any more")
    dice = roll(boat, move)
    total = sum(dice)
    if explain:
        change = {"+": "adds a die", "-": f"removes a {move.removed}", "=": "keeps its dice"}[
            move.change]
        rerolled = f", re-rolls {_dice(move.reroll)}" if move.reroll else ""
        rolled = f", rolls {_dice(move.rolled)}" if move.rolled else ""
        note(f"dice: {boat.colour} holds {_dice(boat.dice)}, {change}{rerolled}{rolled} -> "
             f"{_dice(dice)} = {total} ({R_DICE})")
    if total == 0 and move.change == "=" and not boat.dice and not rules.zero_dice_turn:
        raise IllegalMove(f"{boat.colour} has no dice and must add one (ruling MOVE-02, option "
                          "zero_dice_turn=False)", ["+"])
    waiting = boat.redoubt
    if waiting:
        total *= 2
        if move.turn != "S":
            raise IllegalMove(f"{boat.colour} ended its last move on a Redoubt: it may not turn "
                              f"this turn (expansion, \"Redoubt\")", ["straight"])
        if explain:
            note(f"on a Redoubt since last turn: the dice count double, {total}, and it may not "
                 f"turn (expansion, \"Redoubt\")")
    k = _TURN_LETTERS.index(move.turn)
    start = board.index(boat.hex)
    headings = _HEADINGS[boat.heading]
    trials: dict[Direction, Sailing] = {}
    free = _free(race, start, headings[k], total, dice, trials, boat.damage)
    frees: tuple[int, ...]
    if waiting:
        frees, legal_flags = (free, free, free), (False, True, False)
    elif not explain and free >= total:
        # a heading that allows the full total is always legal: the others need no judging
        frees, legal_flags = (free, free, free), (True, True, True)
    else:
        frees = tuple(free if j == k else _free(race, start, d, total, dice, trials, boat.damage)
                      for j, d in enumerate(headings))
        legal_flags = _legal(frees, total)
    heading = headings[k]
    if explain or not legal_flags[k]:
        legal = [t for t, ok in zip(_TURN_LETTERS, legal_flags, strict=True) if ok]
    if explain and not waiting:
        parts = []
        for t, d, f in zip(_TURN_LETTERS, headings, frees, strict=True):
            ahead = "free" if f >= total else "then a crash"
            parts.append(f"{_turn_word(t)} {d.name}: {f} water, {ahead}")
        with_tiles = (", expansion tiles played out (EXP-11)" if race.tiles
                      and rules.heading_with_tiles == "simulate" else "")
        note("headings: " + "; ".join(parts) + f" (other boats do not count, PB-10{with_tiles})")
    if not legal_flags[k]:
        if max(frees) >= total:
            why = f"a heading that allows the full {total} is required"
        else:
            why = ("every heading crashes, so the one with the longest straight path through "
                   "water is required")
        raise IllegalMove(f"{boat.colour} may not go {_turn_word(move.turn)}: {why} ({R_TURN})",
                          [_turn_word(t) for t in legal])
    if explain and total and not waiting:
        if max(frees) >= total:
            note(f"a heading that allows the full {total} is required: "
                 f"{_list(_turn_word(t) for t in legal)} legal; {_turn_word(move.turn)} chosen "
                 f"({R_TURN})")
        else:
            note(f"every heading crashes: the longest straight path ({free}) is required: "
                 f"{_list(_turn_word(t) for t in legal)} legal; {_turn_word(move.turn)} chosen "
                 f"({R_TURN})")
    elif explain and not total:
        note(f"no dice: the boat does not move; it turns {_turn_word(move.turn)} (PB-05, MOVE-02)")

    index = board.index
    blocking = rules.finished_boats_block
    occupied = frozenset([index(b.hex) for b in position.boats
                          if b is not boat and not b.sunk and (blocking or not b.finished)])
    fly = waiting and rules.redoubt_wait_flies
    trial = trials.get(heading)
    if trial is not None and not explain and not fly and occupied.isdisjoint(trial.hexes):
        sailing = trial  # other boats play no part in it: the trial run is the move
    else:
        sailing = sail(race, start, heading, total, dice, fly=fly, explain=explain,
                       occupied=occupied, damage=boat.damage)
    hexes = sailing.hexes
    if explain and len(hexes) > 1:
        note(f"{'flies' if fly else 'moves'} {DIRECTION_WORDS[heading]}: "
             f"{' '.join(_rc(board.hex_at(i)) for i in hexes[1:])} ({R_MOVE})")
    for line in sailing.story:
        note(line)
    # the end, pulled back from an occupied hex to the last free water hex passed (PB-19)
    last = len(hexes) - 1
    taken: list[int] = []
    if not sailing.out:
        while last > 0 and (hexes[last] in occupied or last in sailing.flown
                            or not board.water[hexes[last]]):
            if hexes[last] in occupied:
                taken.append(hexes[last])
            last -= 1
    if taken and explain:
        owners = ", ".join(f"{_rc(board.hex_at(i))} by {_owner(position, board.hex_at(i))}"
                           for i in taken)
        note(f"taken: {owners}: it stays on the last free hex it passed, "
             f"{_rc(board.hex_at(hexes[last]))} ({R_PASS})")
    sailed = hexes[:last + 1]
    steps = sailing.steps[:last]

    # buoys and the finish along the hexes actually passed
    phase, count = boat.next_buoy - 1, boat.crossings
    rounded: list[int] = []
    finished = 0
    n = race.n
    gates = race.gates
    for pos, (ia, ib) in enumerate(itertools.pairwise(sailed)):
        if not rules.flight_counts and (pos in sailing.flown or pos + 1 in sailing.flown):
            continue
        step = ia * n + ib
        if step in race.gate_steps:
            before = phase
            phase, count = advance(phase, count, step, gates)
            if phase > before:
                rounded.append(phase)
                if explain:
                    sense = race.course.buoy(phase).arrow or Sense.CW
                    note(f"rounds buoy {phase}: crosses its rounding line {sense.words} between "
                         f"{_rc(board.hex_at(ia))} and {_rc(board.hex_at(ib))} (COURSE-04)")
            elif phase < before:
                rounded = [r for r in rounded if r <= phase]
                if explain:
                    note(f"crosses buoy {before}'s rounding line back: buoy {before} is no "
                         "longer rounded (COURSE-04)")
        if (phase >= 3 and not finished and ib in race.tile
                and steps[pos] in race.finish_dirs):
            finished = sum(1 for b in position.boats if b.finished) + 1
            if explain:
                note(f"enters the start/finish tile at {_rc(board.hex_at(ib))} from the finish "
                     f"side: finishes in place {finished} ({R_FINISH})")
    damage = boat.damage + sailing.rock_damage
    new_dice = list(dice)
    for v in sailing.removed_dice:
        new_dice.remove(v)
    crash_damage = 0
    if sailing.out:
        crash_damage = REDOUBT_CRASH
        damage += REDOUBT_CRASH
        new_dice = []
    elif sailing.crash:
        crash_damage = sailing.damage
        damage += crash_damage
        new_dice = []
        if explain:
            stop = _rc(board.hex_at(sailed[-1]))
            note(f"crash after {sailing.used} of {total}: {crash_damage} damage (total {damage}) "
                 f"and all dice lost; it stops at {stop} ({R_DAMAGE})")
    sunk = damage >= SINK_AT or sailing.out
    if sunk and explain and not sailing.out:
        scored = (" - it finished first, so it keeps its place (reference, \"Completing a "
                  "Course\")") if finished else ""
        note(f"{damage} damage: the boat sinks and is out of this race ({R_DAMAGE}){scored}")
    end = board.hex_at(sailed[-1])
    new_boat = Boat(boat.colour, end, sailing.heading, tuple(new_dice), damage,
                    FINISH_NEXT if phase >= 3 else phase + 1, count if phase < 3 else 0,
                    finished, sunk, sailing.redoubt_wait and not sunk)
    boats = list(position.boats)
    boats[position.to_move] = new_boat
    new_position = _next_turn(position, tuple(boats))
    path = tuple(map(board.hexes().__getitem__, sailed))
    return Outcome(new_position, move, boat.colour, dice, sailing.heading, path,
                   sailing.crash or sailing.out, crash_damage + sailing.rock_damage,
                   tuple(rounded), finished, sunk, tuple(trace))


def _next_turn(position: Position, boats: tuple[Boat, ...]) -> Position:
    """The next racing boat in seat order; the turn number grows when play wraps round."""
    count = len(boats)
    current = position.to_move
    for step in range(1, count + 1):
        k = (current + step) % count
        if boats[k].racing:
            return position.derive(boats, k, position.turn + (1 if k <= current else 0))
    return position.derive(boats, current, position.turn)  # the race is over


def legal_moves(position: Position, dice: Sequence[int]) -> list[HeadingOption]:
    """The route preview: for the given dice, every heading with whether it is legal and where
    it leads (path, crash, damage)."""
    return heading_options(position, sum(dice), dice=tuple(dice))


def start_damage(new_damage: Sequence[int], rules: Rules) -> int:
    """Damage counters a boat starts its next race with, given the damage it newly took in each
    race so far (reference, "Damage": repaired between races but one counter stays; after race B
    the same, so race C can start with 2). Whether a boat that took no new damage in B still goes
    up to 2 is ruling MOVE-09, option ``damage_carry``."""
    if rules.damage_carry == "races-damaged":
        return sum(1 for d in new_damage if d > 0)
    if rules.damage_carry == "one-per-race":
        carried = 0
        for d in new_damage:
            if carried + d > 0:
                carried += 1
        return carried
    raise ValueError(f"unknown damage_carry {rules.damage_carry!r} (races-damaged, one-per-race)")


def race_over(position: Position) -> bool:
    return not any(b.racing for b in position.boats)


def _owner(position: Position, h: Hex) -> str:
    return next(b.colour for b in position.boats if b.hex == h)


def _turn_word(letter: str) -> str:
    return {"L": "left", "S": "straight", "R": "right"}[letter]


def _list(words) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _ignore(_text: str) -> None:
    return None
