"""What a move did: the kernel's record of its decisions, the :class:`Outcome` it returns, the
:class:`IllegalMove` it raises, and the events (:mod:`.events`) read off the record.

The kernel (:mod:`.kernel`) fills a :class:`MoveRecord` stage by stage as it plays a move and
returns it finished, as an :class:`Outcome`. The events are read off it only when asked for
(:attr:`Outcome.events`), so bots and simulations pay nothing for them; :mod:`.explain` turns them
into words. Rules: as for the kernel (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, Hex
from course_builder.core.values import Mutable
from course_builder.powerboats.play import events as ev
from course_builder.powerboats.play.explain import explain
from course_builder.powerboats.play.headings import HEADINGS, heading_reaches, legal_headings
from course_builder.powerboats.play.movement import Sailing
from course_builder.powerboats.play.position import TURN_ORDER, Move, Position
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import SINK_AT


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


class MoveRecord(Mutable, eq=False):
    """What the kernel decided in one move, kept so that its events can be read off later.
    Filled in stage by stage; a move that turns out illegal stops early and leaves the later
    fields as they start. :class:`Outcome` is the finished record. A mutable value, equal only
    to itself (as the plain class it was)."""

    before: Position
    """The position the move was made in."""
    move: Move
    dice: tuple[int, ...] = ()
    waiting: bool | None = None
    """None until the dice are judged."""
    total: int = 0
    turn_index: int | None = None
    """None until the heading is judged."""
    start: int = -1
    sailing: Sailing | None = None
    """The move as sailed; None until the move is sailed."""
    seen: Sailing | None = None
    """The sailing before a hold-back undid tiles beyond the stop (EXP-13)."""
    last: int = 0
    """Index in ``sailing.hexes`` of the hex the boat stops on."""
    taken: Sequence[int] = ()
    """The hexes of other boats the boat was held back from (MOVE-05)."""
    marks: Sequence[tuple] = ()
    """Rounding, un-rounding and finishing, in path order (made by :func:`_progress`)."""
    crash_damage: int = 0
    damage_after: int = 0
    """The boat's damage counters after the move."""
    occupied: frozenset[int] | None = None
    """The hexes of the other boats, once asked for (see :func:`_occupied`)."""

    @property
    def sailed(self) -> list[int]:
        """The hexes actually sailed, start to end (after any pull-back)."""
        return self.sailing.hexes[:self.last + 1] if self.sailing is not None else []


_UNSETTLED: Any = None
"""The position of an outcome until the kernel settles the move."""


class Outcome(MoveRecord):
    """What a move did: the new :attr:`position`, the boat's path and results, and the
    :attr:`events` that say what happened and why (the kernel's finished record)."""

    position: Position = _UNSETTLED
    """The position after the move (the next boat to move), set when the move is settled."""
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
            made = self._events = events_of(self)
        return made

    @property
    def trace(self) -> tuple[str, ...]:
        """The events in words, each with the rule it applies (:mod:`.explain`)."""
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


def events_of(rec: MoveRecord) -> tuple[ev.Event, ...]:
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


def _heading_events(rec: MoveRecord, chosen: bool) -> Iterable[ev.Event]:
    position = rec.before
    race = position.race
    boat = position.boat
    headings = HEADINGS[boat.heading]
    trials: dict[Direction, Sailing] = {}
    reaches, fulls = heading_reaches(race, rec.start, headings, rec.total, rec.dice, boat.damage, trials)
    legal_flags = (False, True, False) if rec.waiting else legal_headings(reaches, fulls)
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


def _move_events(rec: MoveRecord, sailing: Sailing) -> Iterable[ev.Event]:
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


def _path_events(rec: MoveRecord, sailing: Sailing) -> Iterable[ev.Event]:
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


def _course_events(rec: MoveRecord) -> Iterable[ev.Event]:
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
