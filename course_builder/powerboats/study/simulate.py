"""Simulated races and games: bots play through the kernel with seeded dice, and what happened is
kept as small plain records for statistics.

Every random thing in game ``i`` of a simulation with seed ``s`` comes from sources named by
``(s, i)`` alone: the dice, the bots' own choices, where boats start. So a game is the same
whichever worker plays it and in whatever order, and statistics (:mod:`.stats`) are the same for
any number of workers (:mod:`.runner`).

A race ends when every boat has finished or sunk; a boat still racing after ``max_turns`` turns
is *stranded* (SIM-01 in docs/rulings.md) and its game unfinished. Every bot is watched for
stalls and its play handed on when it makes no progress (SIM-05, :mod:`.watch`), so a race
reaches the limit only where the course makes finishing impossible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from course_builder.core.hexgrid import Hex
from course_builder.core.values import Frozen
from course_builder.powerboats.game.game import Game, GameSetup
from course_builder.powerboats.play.kernel import apply, kept_dice, start_hexes
from course_builder.powerboats.play.position import BOAT_COLOURS, DIE_FACES, Boat, Position
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.study.bots import Bot, make_bot

MAX_TURNS = 200
"""Turns after which a boat still racing counts as stranded (SIM-01)."""


class BoatRun(Frozen):
    """One boat's race in a simulation."""

    seat: int
    bot: str
    start: tuple[int, int]
    """The (row, col) it started from."""
    place: int
    """Finishing place, 0 if it did not finish."""
    turns: int
    """Turns it played in the race."""
    sunk: bool
    crashes: int
    damage: int
    """Damage counters taken in the race."""
    legs: tuple[int, ...]
    """Turns from the start to rounding buoy 1, then to buoy 2, buoy 3 and the finish (as far as
    it got)."""
    crash_hexes: tuple[tuple[int, int], ...] = ()
    stalls: int = 0
    """Times the boat stalled and its play was handed on (SIM-05, :mod:`.watch`)."""

    @property
    def stranded(self) -> bool:
        return not self.place and not self.sunk


class RaceRun(Frozen):
    """A whole simulated race: every boat's run, in seat order."""

    race: str
    boats: tuple[BoatRun, ...]

    def winner(self) -> int | None:
        """The seat that finished first, if any."""
        return next((b.seat for b in self.boats if b.place == 1), None)


class GameRun(Frozen):
    """A simulated game (one race, or three) with the points by seat for whole games."""

    index: int
    races: tuple[RaceRun, ...]
    points: tuple[int, ...] = ()
    record: str | None = None
    """The game's record, when kept; left out of equality and the hash (a run is the same run
    whether or not its record was kept)."""

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return (self.index, self.races, self.points) == (other.index, other.races,
                                                             other.points)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.index, self.races, self.points))


def game_random(seed: int, index: int, purpose: str) -> random.Random:
    """The random source for one purpose of one game (dice, a seat's bot, the start hexes)."""
    return random.Random(f"powerboats-sim:{seed}:{index}:{purpose}")


def seat_bots(bot_names: Sequence[str], seed: int, index: int) -> list[Bot]:
    """The bots of game ``index``, one a seat, each seeded by the game and its seat and watched
    for stalls (SIM-05, :mod:`.watch`)."""
    from course_builder.powerboats.study.watch import Watched

    return [Watched(make_bot(name, game_random(seed, index, f"bot{k}")),
                    game_random(seed, index, f"watch{k}")) for k, name in enumerate(bot_names)]


# ------------------------------------------------------------------------------------------------
# one turn
# ------------------------------------------------------------------------------------------------


def bot_move(position: Position, bot: Bot, dice: random.Random) -> tuple[Any, Any]:
    """The bot's move (its dice step, the dice rolled by ``dice``, its heading) and the
    kernel's outcome if the bot played that heading while choosing it (else None)."""
    step = bot.choose_dice(position)
    count = step.rolled_count
    rolled = tuple(sorted(dice.choices(DIE_FACES, k=count))) if count else ()
    held = (*kept_dice(position.boat, step), *rolled)
    turn = bot.choose_turn(position, held)
    played = getattr(bot, "played", None)
    return step.then(rolled, turn), played(position, held, turn) if played else None


class _Tally:
    """What happens to each seat during a race, move by move."""

    def __init__(self, position: Position) -> None:
        n = len(position.boats)
        self.starts = [b.hex.offset for b in position.boats]
        self.turns = [0] * n
        self.crashes = [0] * n
        self.crash_hexes: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.legs: list[list[int]] = [[] for _ in range(n)]
        self.leg_start = [0] * n
        self.start_damage = [b.damage for b in position.boats]

    def note(self, seat: int, before: Boat, after: Boat, crashed: bool) -> None:
        self.turns[seat] += 1
        if crashed:
            self.crashes[seat] += 1
            self.crash_hexes[seat].append(after.hex.offset)
        done = (after.next_buoy - before.next_buoy) + (1 if after.finished else 0)
        for _ in range(max(done, 0)):
            self.legs[seat].append(self.turns[seat] - self.leg_start[seat])
            self.leg_start[seat] = self.turns[seat]

    def run(self, name: str, position: Position, bots: Sequence[Bot],
            seats: Sequence[int] | None = None) -> RaceRun:
        """The race's runs by seat: ``seats[k]`` is the seat of the position's ``k``-th boat
        (a game's position lists the boats from the race's start player, MOVE-08); by default
        the position's order is the seat order."""
        seats = range(len(position.boats)) if seats is None else seats
        runs = (BoatRun(seat=seats[k], bot=bots[k].name, start=self.starts[k],
                        place=b.finished, turns=self.turns[k], sunk=b.sunk,
                        crashes=self.crashes[k],
                        damage=max(b.damage - self.start_damage[k], 0),
                        legs=tuple(self.legs[k]), crash_hexes=tuple(self.crash_hexes[k]),
                        stalls=getattr(bots[k], "stalls", 0))
                for k, b in enumerate(position.boats))
        return RaceRun(name, tuple(sorted(runs, key=lambda r: r.seat)))


def race_loop(position: Position, bots: Sequence[Bot], dice: random.Random, max_turns: int,
              step: Callable[[Any], Any] | None = None) -> tuple[Position, _Tally]:
    """Play ``position`` to the end of its race (or ``max_turns``); ``step(move)`` plays a move
    where the caller keeps its own state (a :class:`Game`), else the kernel is called here."""
    tally = _Tally(position)
    while not position.race_over and position.turn <= max_turns:
        seat = position.to_move
        before = position.boat
        move, known = bot_move(position, bots[seat], dice)
        outcome = step(move) if step else known or apply(position, move)
        tally.note(seat, before, outcome.position.boats[seat], outcome.crash)
        position = outcome.position
    return position, tally


# ------------------------------------------------------------------------------------------------
# a race, a game
# ------------------------------------------------------------------------------------------------


def start_places(race: Race, boats: int, rng: random.Random) -> list[Hex]:
    """Start hexes for ``boats`` boats: the nearest free ones, dealt to the seats at random."""
    hexes = race.memo.get("start-hexes")
    if hexes is None:
        hexes = race.memo["start-hexes"] = start_hexes(race)
    places = list(hexes[:boats])
    rng.shuffle(places)
    return places


def simulate_race(race: Race, bot_names: Sequence[str], seed: int, index: int, *,
                  max_turns: int = MAX_TURNS) -> GameRun:
    """Game ``index`` of a simulation of one race: boats on the nearest start hexes (dealt at
    random), pointing the start direction, seat 0 to move first."""
    n = len(bot_names)
    bots = seat_bots(bot_names, seed, index)
    places = start_places(race, n, game_random(seed, index, "starts"))
    heading = race.course.tile.start_direction
    boats = tuple(Boat(BOAT_COLOURS[k], places[k], heading) for k in range(n))
    position = Position(race, boats, 0, 1)
    final, tally = race_loop(position, bots, game_random(seed, index, "dice"), max_turns)
    return GameRun(index, (tally.run(race.course.race, final, bots),))


def simulate_game(setup: GameSetup, bot_names: Sequence[str], seed: int, index: int, *,
                  max_turns: int = MAX_TURNS, keep_record: bool = False) -> GameRun:
    """Game ``index`` of a simulation of whole games: placements (nearest start hexes, dealt at
    random) and three races, scored; the game record kept if asked. A race with a stranded boat
    ends the game there (SIM-01): its points are those of the races completed."""
    from course_builder.powerboats.game.record import write_record

    bots = seat_bots(bot_names, seed, index)
    dice = game_random(seed, index, "dice")
    holder = [Game(setup)]

    def play(move: Any) -> Any:
        holder[0], outcome = holder[0].move(move)
        return outcome

    runs = []
    stopped = ""
    for k, race in enumerate(setup.races):
        places = iter(start_places(race, len(setup.colours), game_random(seed, index, f"starts{k}")))
        while holder[0].placing:
            colour = holder[0].to_act
            assert colour is not None
            holder[0] = holder[0].place(colour, next(places), race.course.tile.start_direction)
        position = holder[0].position
        assert position is not None
        seats = [setup.colours.index(b.colour) for b in position.boats]
        seated = [bots[s] for s in seats]  # in the position's order, from the start player
        final, tally = race_loop(position, seated, dice, max_turns, play)
        runs.append(tally.run(race.course.race, final, seated, seats))
        if not final.race_over:
            stopped = (f"# stopped: race {race.course.race} reached the simulation's limit of "
                       f"{max_turns} turns with a boat still racing (SIM-01); the points are "
                       "those of the races completed\n")
            break
    game = holder[0]
    points = tuple(next(s.points for s in game.standings() if s.colour == c)
                   for c in setup.colours)
    record = write_record(game) + stopped if keep_record else None
    return GameRun(index, tuple(runs), points, record)
