"""A whole game of Powerboats: seats, three races on one lake, start placement, the moves of each
race through the kernel, results, damage carried over and the standings.

Rules: reference, "Setup", "Start Positions", "Course Start", "Damage" and "Scoring"; rulings
GAME-01..GAME-06 and MOVE-08/MOVE-09 in docs/rulings.md. A :class:`Game` is an immutable value:
:meth:`Game.place` and :meth:`Game.move` return the next one, so undo is keeping the one before,
and a game record (:mod:`.record`) is the list of what was done. Every move goes through
:func:`~course_builder.powerboats.play.kernel.apply`; nothing here moves a boat itself.

Seats are listed clockwise: play passes to the left, the next seat in the list, and a race's
position lists the boats from its start player, so its turn number grows each time play comes
round to the start player (MOVE-08). The
start player of race A is rolled for or agreed; each later race's start player is the left
neighbour of the one before (reference, "Course Start"). Boats are placed from the start player's
right-hand neighbour round to the right, the start player last (reference, "Start Positions").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, Hex
from course_builder.core.values import Frozen, force_setattr, replace
from course_builder.powerboats.game.scoring import (
    RACE_NAMES,
    BoatResult,
    RaceResult,
    Scoring,
    Standing,
    standings,
)
from course_builder.powerboats.play.kernel import Outcome, apply, start_hexes
from course_builder.powerboats.play.position import BOAT_COLOURS, Boat, Move, Position
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import Rules, start_damage

MIN_BOATS, MAX_BOATS = 2, 6
"""Players in a game (reference, "Components": six speedboats)."""


class GameError(CourseBuilderError):
    """Something a game does not allow now: the wrong boat, a taken start hex, ..."""


class Placement(Frozen):
    """A boat put on or behind the start/finish tile before a race (reference, "Start
    Positions")."""

    race: str
    colour: str
    hex: Hex
    heading: Direction


class Played(Frozen):
    """A move made in a race: on which turn, by which boat, and the move."""

    race: str
    turn: int
    colour: str
    move: Move


Entry = Placement | Played
"""One line of a game's history."""


class SeatError(GameError):
    """A seat that cannot be: ``field`` says which part of the seating is wrong (``colours``,
    ``start_player`` or ``names``), so the command line and a record's header can point at the
    option or tag that gave it."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def check_seats(colours: Sequence[str], start_player: str, names: Sequence[str] = ()
                ) -> tuple[str, ...]:
    """The boats by seat, in lower case, once checked: 2 to 6 boats of known colours, each once,
    the start player among them, a name per boat if names are given (:class:`SeatError`)."""
    colours = tuple(c.lower() for c in colours)
    if not MIN_BOATS <= len(colours) <= MAX_BOATS:
        raise SeatError(f"a game has {MIN_BOATS} to {MAX_BOATS} boats, got {len(colours)}",
                        "colours")
    unknown = [c for c in colours if c not in BOAT_COLOURS]
    if unknown:
        raise SeatError(f"no boat is {unknown[0]!r}: boat colours are "
                        f"{', '.join(BOAT_COLOURS)} (MOVE-11)", "colours")
    if len(set(colours)) != len(colours):
        raise SeatError("each boat colour once", "colours")
    if start_player.lower() not in colours:
        raise SeatError(f"the start player {start_player!r} has no boat", "start_player")
    if names and len(names) != len(colours):
        raise SeatError(f"{len(names)} names for {len(colours)} boats", "names")
    return colours


class GameSetup(Frozen):
    """What is fixed before the first boat is placed: seats, the start player of race A, the
    three races on one lake, the rules and the scoring."""

    colours: tuple[str, ...]
    """Boats by seat, clockwise round the table."""
    start_player: str
    races: tuple[Race, Race, Race]
    """Races A, B and C, on one lake under one set of rules."""
    scoring: Scoring = Scoring.STANDARD
    names: tuple[str, ...] = ()
    """Optional names of the players, by seat."""

    def __post_init__(self) -> None:
        colours = check_seats(self.colours, self.start_player, self.names)
        force_setattr(self, "colours", colours)
        force_setattr(self, "start_player", self.start_player.lower())
        if len(self.races) != 3 or [r.course.race for r in self.races] != list(RACE_NAMES):
            raise GameError("a game is races A, B and C, in that order")
        first = self.races[0]
        for r in self.races[1:]:
            if r.course.board_source != first.course.board_source:
                raise GameError("the three races are sailed on one lake, as laid for race A "
                                "(reference, \"Setup\")")
            if r.rules != first.rules:
                raise GameError("the three races are judged by the same rules")

    @property
    def rules(self) -> Rules:
        return self.races[0].rules

    def start_seat(self, race: int) -> int:
        """The seat of the start player of race ``race`` (0, 1, 2): the left neighbour of the
        previous one (reference, "Course Start")."""
        return (self.colours.index(self.start_player) + race) % len(self.colours)

    def seats_from_start(self, race: int) -> tuple[str, ...]:
        """The boats clockwise round the table from the start player of race ``race``: the
        order they move in and the order a position lists them (MOVE-08)."""
        s = self.start_seat(race)
        return self.colours[s:] + self.colours[:s]

    def placement_order(self, race: int) -> tuple[str, ...]:
        """Who places a boat when, before race ``race``: the start player's right-hand neighbour
        first, then on round to the right, the start player last (reference, "Start
        Positions")."""
        n = len(self.colours)
        s = self.start_seat(race)
        return tuple(self.colours[(s - 1 - i) % n] for i in range(n))


class Game(Frozen, dict=True):
    """A game in progress: which race, the boats placed or the race's position, the results of
    the races already sailed and everything done so far (:attr:`history`)."""

    setup: GameSetup
    race_index: int = 0
    placed: tuple[Boat, ...] = ()
    """Boats placed for the coming race, in the order they were placed."""
    position: Position | None = None
    """The race under way (None while boats are being placed, and once the game is over)."""
    finish_turns: tuple[tuple[str, int], ...] = ()
    results: tuple[RaceResult, ...] = ()
    history: tuple[Entry, ...] = ()

    # -- where the game stands -------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.race_index >= len(RACE_NAMES)

    @property
    def placing(self) -> bool:
        """Boats are being put on the start for the coming race."""
        return not self.over and self.position is None

    @property
    def race(self) -> Race:
        if self.over:
            raise GameError("the game is over: all three races are sailed")
        return self.setup.races[self.race_index]

    @property
    def race_name(self) -> str:
        return RACE_NAMES[min(self.race_index, 2)]

    @property
    def to_act(self) -> str | None:
        """The colour whose turn it is: to place a boat or to move; None once the game is over."""
        if self.over:
            return None
        if self.position is None:
            return self.setup.placement_order(self.race_index)[len(self.placed)]
        return self.position.boat.colour

    def carried_damage(self, colour: str) -> int:
        """Damage counters the boat starts the current race with (reference, "Damage"; MOVE-09)."""
        taken = [r.of(colour).damage_taken for r in self.results]
        return start_damage(taken, self.setup.rules)

    def free_start_hexes(self) -> tuple[Hex, ...]:
        """Start hexes no boat has taken yet, nearest the tile first."""
        taken = {b.hex for b in self.placed}
        return tuple(h for h in self._start_hexes if h not in taken)

    @cached_property
    def _start_hexes(self) -> tuple[Hex, ...]:
        return start_hexes(self.race)

    def standings(self) -> list[Standing]:
        return standings(self.setup.colours, self.results, self.setup.scoring)

    # -- what players do -------------------------------------------------------------------

    def place(self, colour: str, hex_: Hex, heading: Direction) -> Game:
        """Put ``colour``'s boat on a start hex, pointing at a side (reference, "Start
        Positions": on or behind the start tile, one boat per space)."""
        if not self.placing:
            raise GameError("no boat is being placed now: the race is under way" if not self.over
                            else "the game is over")
        colour = colour.lower()
        expected = self.to_act
        if colour != expected:
            raise GameError(f"{expected} places its boat now, not {colour} (the start player's "
                            "right-hand neighbour first, the start player last; GAME-04)")
        if hex_ not in self._start_hexes:
            raise GameError(f"{colour} at {hex_.offset}: boats start on or behind the start/finish "
                            "tile, on open water (reference, \"Start Positions\")")
        if any(b.hex == hex_ for b in self.placed):
            raise GameError(f"{colour} at {hex_.offset}: another boat is there (two boats cannot "
                            "share one space)")
        boat = Boat(colour, hex_, heading, damage=self.carried_damage(colour))
        game = replace(self, placed=(*self.placed, boat),
                       history=(*self.history, Placement(self.race_name, colour, hex_, heading)))
        if len(game.placed) == len(self.setup.colours):
            game = game._start_race()
        return game

    def move(self, move: Move) -> tuple[Game, Outcome]:
        """The boat to move makes ``move`` (through the kernel; an illegal move raises
        :class:`~course_builder.powerboats.play.kernel.IllegalMove` with the reason)."""
        position = self.position
        if position is None:
            raise GameError(f"{self.to_act} places its boat first" if not self.over
                            else "the game is over")
        outcome = apply(position, move)
        colour = position.boat.colour
        finish_turns = self.finish_turns
        if outcome.finished:
            finish_turns = (*finish_turns, (colour, position.turn))
        game = replace(self, position=outcome.position, finish_turns=finish_turns,
                       history=(*self.history, Played(self.race_name, position.turn, colour,
                                                      move)))
        if outcome.position.race_over:
            game = game._end_race()
        return game, outcome

    # -- between races ---------------------------------------------------------------------

    def _start_race(self) -> Game:
        """The race's first position: the boats listed clockwise from the start player, who
        moves first, on turn 1; so the turn number grows when play comes round to the start
        player again (MOVE-08), not at the first seat."""
        by_colour = {b.colour: b for b in self.placed}
        boats = tuple(by_colour[c] for c in self.setup.seats_from_start(self.race_index))
        position = Position(self.race, boats, 0, 1)
        return replace(self, position=position, finish_turns=())

    def _end_race(self) -> Game:
        assert self.position is not None
        turns = dict(self.finish_turns)
        carried = {b.colour: b.damage for b in self.placed}
        boats = {b.colour: b for b in self.position.boats}
        result = RaceResult(self.race_name, tuple(
            BoatResult(c, boats[c].finished, turns.get(c, 0),
                       max(boats[c].damage - carried[c], 0))
            for c in self.setup.colours))
        return replace(self, race_index=self.race_index + 1, placed=(), position=None,
                       finish_turns=(), results=(*self.results, result))


def new_game(colours: Sequence[str], start_player: str, races: Sequence[Race],
             scoring: Scoring = Scoring.STANDARD, names: Sequence[str] = ()) -> Game:
    """A game about to begin: the first boat of race A is to be placed."""
    a, b, c = races
    return Game(GameSetup(tuple(colours), start_player, (a, b, c), scoring, tuple(names)))


def replay_history(setup: GameSetup, entries: Sequence[Entry]) -> Game:
    """The game after ``entries`` (raises on the first one that is not allowed)."""
    game = Game(setup)
    for entry in entries:
        if isinstance(entry, Placement):
            game = game.place(entry.colour, entry.hex, entry.heading)
        else:
            game = game.move(entry.move)[0]
    return game
