"""Game records, as PGN is for chess: a header, the start placements and every move, the results.

The format is documented in docs/game-records.md. In short::

    # anything after '#' is a comment
    [Game "Powerboats"]
    [Players "yellow red orange purple"]
    [StartPlayer "red"]
    [RaceA "classic:A:A3,A4ccw,A1cw,A2cw:E,SW"]
    [RaceB "classic:B:..."]
    [RaceC "classic:C:..."]
    [Rules "default"]
    [Scoring "standard"]

    race A
    place orange 21,6 NW
    ...
    1 red +/2S
    1 orange +/3L  # a comment
    ...
    result A: red 1, yellow 2, orange 3, purple x

    standings: red 9, yellow 6, orange 3, purple 0

:func:`write_record` makes the text from a :class:`~.game.Game`; :func:`read_record` reads it
(syntax errors name the line and column); :func:`replay` plays every entry again through the
kernel and reports the first one that is illegal or does not match the game (the wrong boat, the
wrong turn number, a result or standing that differs), with its line and move number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, from_offset
from course_builder.core.values import Frozen, Mutable, field
from course_builder.powerboats.game.game import (
    Entry,
    Game,
    GameError,
    GameSetup,
    Placement,
    Played,
    SeatError,
)
from course_builder.powerboats.game.scoring import RACE_NAMES, Scoring, Standing
from course_builder.powerboats.play.kernel import IllegalMove
from course_builder.powerboats.play.notation import NotationError, RaceBook, parse_move
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import Rules, RulesError

REQUIRED_TAGS = ("Players", "StartPlayer", "RaceA", "RaceB", "RaceC")
"""Tags every record has; others (Event, Date, Site, Names, Rules, Scoring, ...) are optional."""


class RecordError(CourseBuilderError):
    """A record that cannot be read: the message names the file, line and column."""


class ReplayError(CourseBuilderError):
    """A record whose play does not stand up: an illegal or inconsistent entry."""

    def __init__(self, where: str, reason: str, line: int, number: int) -> None:
        super().__init__(f"{where}: {reason}")
        self.line = line
        self.number = number
        self.reason = reason


class RecordLine(Frozen):
    """One entry of a record, where it was read from."""

    entry: Entry
    line: int
    text: str


class GameRecord(Mutable):
    """A record as read: its tags, its entries and the results and standings it states."""

    tags: dict[str, str]
    lines: list[RecordLine] = field(default_factory=list)
    results: dict[str, tuple[int, dict[str, str]]] = field(default_factory=dict)
    """Race name -> (line, colour -> place text: a number or 'x')."""
    standings: tuple[int, dict[str, int]] | None = None
    """(line, colour -> points), if the record states them."""
    source: str = "record"
    """What the record was read from, for messages."""
    tag_lines: dict[str, int] = field(default_factory=dict)
    """Tag name -> the line it is on."""

    def tag_where(self, tag: str) -> str:
        """Where a header tag is, for messages: ``SOURCE:LINE:1: tag NAME``."""
        return f"{self.source}:{self.tag_lines.get(tag, 1)}:1: tag {tag}"


# ------------------------------------------------------------------------------------------------
# writing
# ------------------------------------------------------------------------------------------------


def write_record(game: Game, tags: dict[str, str] | None = None) -> str:
    """The record of everything done in ``game`` so far, with the results of finished races and,
    once the game is over, the standings. ``tags`` adds header tags (Event, Date, ...)."""
    setup = game.setup
    header = {"Game": "Powerboats", **(tags or {})}
    header["Players"] = " ".join(setup.colours)
    if setup.names:
        header["Names"] = ", ".join(setup.names)
    header["StartPlayer"] = setup.start_player
    for race in setup.races:
        header[f"Race{race.course.race}"] = race.code
    header["Rules"] = setup.rules.notation() or "default"
    header["Scoring"] = setup.scoring.value
    out = [f'[{k} "{_quoted(v)}"]' for k, v in header.items()]
    current = ""
    results = {r.race: r for r in game.results}
    for entry in game.history:
        if entry.race != current:
            if current in results:
                out.append(_result_line(results[current]))
            out += ["", f"race {entry.race}"]
            current = entry.race
        if isinstance(entry, Placement):
            r, c = entry.hex.offset
            out.append(f"place {entry.colour} {r},{c} {entry.heading.name}")
        else:
            out.append(f"{entry.turn} {entry.colour} {entry.move.notation()}")
    if current in results:
        out.append(_result_line(results[current]))
    if game.over:
        out += ["", "standings: " + ", ".join(f"{s.colour} {s.points}"
                                              for s in game.standings())]
    return "\n".join(out) + "\n"


def _quoted(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _result_line(result: Any) -> str:
    return f"result {result.race}: " + ", ".join(
        f"{c} {result.of(c).place or 'x'}" for c in result.order())


# ------------------------------------------------------------------------------------------------
# reading
# ------------------------------------------------------------------------------------------------

_TAG = re.compile(r'\[(?P<name>[A-Za-z][A-Za-z0-9_]*)\s+"(?P<value>(?:[^"\\]|\\.)*)"\]$')
_PLACE = re.compile(r"place\s+(?P<colour>[a-z]+)\s+(?P<row>\d+),(?P<col>\d+)\s+(?P<heading>\w+)$")
_MOVE = re.compile(r"(?P<turn>\d+)\s+(?P<colour>[a-z]+)\s+(?P<move>\S+)$")
_RESULT = re.compile(r"result\s+(?P<race>[ABC])\s*:\s*(?P<items>.*)$")
_STANDINGS = re.compile(r"standings\s*:\s*(?P<items>.*)$")


def read_record(text: str, source: str = "record") -> GameRecord:
    """A record from its text; a line that is not understood is a :class:`RecordError` naming
    ``source``, the line and the column."""
    record = GameRecord({}, source=source)
    race: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        column = len(raw) - len(raw.lstrip()) + 1
        where = f"{source}:{number}:{column}"
        if line.startswith("["):
            m = _TAG.match(line)
            if not m:
                raise RecordError(f'{where}: a tag is [Name "value"], got {line[:60]!r}')
            if record.lines:
                raise RecordError(f"{where}: tags come before the first race")
            record.tags[m.group("name")] = re.sub(r"\\(.)", r"\1", m.group("value"))
            record.tag_lines[m.group("name")] = number
        elif m := re.fullmatch(r"race\s+(?P<race>\S+)", line):
            race = m.group("race").upper()
            if race not in RACE_NAMES:
                raise RecordError(f"{where}: races are A, B and C, got {m.group('race')!r}")
        elif m := _RESULT.match(line):
            record.results[m.group("race")] = (number, _pairs(m.group("items"), where))
        elif m := _STANDINGS.match(line):
            items = _pairs(m.group("items"), where)
            if not all(v.lstrip("-").isdigit() for v in items.values()):
                raise RecordError(f"{where}: standings are 'COLOUR POINTS, ...'")
            record.standings = (number, {k: int(v) for k, v in items.items()})
        else:
            if race is None and not record.tags:
                raise RecordError(f"{where}: not a game record: a record starts with its tags, "
                                  "[Name \"value\"] lines (docs/game-records.md)")
            if race is None:
                raise RecordError(f"{where}: a 'race A' line comes before the first placement")
            record.lines.append(RecordLine(_entry(line, race, where), number, line))
    missing = [t for t in REQUIRED_TAGS if t not in record.tags]
    if missing:
        raise RecordError(f"{source}: the header lacks the tag(s) {', '.join(missing)}")
    return record


def _entry(line: str, race: str, where: str) -> Entry:
    if m := _PLACE.match(line):
        try:
            heading = Direction.parse(m.group("heading"))
        except ValueError:
            raise RecordError(f"{where}: unknown heading {m.group('heading')!r} (E, NE, NW, W, "
                              "SW or SE)") from None
        return Placement(race, m.group("colour"), from_offset(int(m.group("row")),
                                                              int(m.group("col"))), heading)
    if m := _MOVE.match(line):
        try:
            move = parse_move(m.group("move"))
        except NotationError as exc:
            raise RecordError(f"{where}: {exc}") from None
        return Played(race, int(m.group("turn")), m.group("colour"), move)
    raise RecordError(f"{where}: expected 'place COLOUR ROW,COL HEADING', 'TURN COLOUR MOVE', "
                      f"'result ...' or 'standings: ...', got {line[:60]!r}")


def _pairs(text: str, where: str) -> dict[str, str]:
    pairs = {}
    for item in (i.strip() for i in text.split(",") if i.strip()):
        parts = item.split()
        if len(parts) != 2:
            raise RecordError(f"{where}: expected 'COLOUR VALUE, ...', got {item!r}")
        pairs[parts[0].lower()] = parts[1]
    return pairs


# ------------------------------------------------------------------------------------------------
# replaying
# ------------------------------------------------------------------------------------------------


def setup_from_tags(tags: dict[str, str], book: RaceBook | None = None,
                    where: Callable[[str], str] = lambda tag: f"header {tag}") -> GameSetup:
    """The game a record's header describes (courses rebuilt from their codes and checked);
    ``where(tag)`` says where a tag is, for messages."""
    book = book or RaceBook()
    try:
        rules = Rules.parse(tags.get("Rules", "default"))
    except RulesError as exc:
        raise RecordError(f"{where('Rules')}: {exc}") from None
    try:
        scoring = Scoring(tags.get("Scoring", "standard"))
    except ValueError:
        raise RecordError(f"{where('Scoring')}: 'standard' or 'variant', got "
                          f"{tags.get('Scoring')!r}") from None
    races: list[Race] = []
    for name in RACE_NAMES:
        try:
            race = book.race(tags[f"Race{name}"], rules)
        except NotationError as exc:
            raise RecordError(f"{where(f'Race{name}')}: {exc}") from None
        if race.course.race != name:
            raise RecordError(f"{where(f'Race{name}')}: the course is for race "
                              f"{race.course.race}")
        races.append(race)
    names = tuple(n.strip() for n in tags["Names"].split(",")) if "Names" in tags else ()
    try:
        return GameSetup(tuple(tags["Players"].split()), tags["StartPlayer"],
                         (races[0], races[1], races[2]), scoring, names)
    except SeatError as exc:
        tag = {"start_player": "StartPlayer", "names": "Names"}.get(exc.field, "Players")
        raise RecordError(f"{where(tag)}: {exc}") from None
    except GameError as exc:  # the races: all on race A's lake
        tag = next((f"Race{r.course.race}" for r in races[1:]
                    if r.course.board_source != races[0].course.board_source), "RaceB")
        raise RecordError(f"{where(tag)}: {exc}") from None


class TurnNumbering(StrEnum):
    """How a record numbers the turns of its moves (docs/game-records.md)."""

    START_PLAYER = "start-player"
    """The turn number grows when play comes round to the race's start player (MOVE-08)."""
    FIRST_SEAT = "first-seat"
    """The turn number grows when play comes round to the first seat of ``Players``: how the
    program numbered records before it followed MOVE-08; the boats seated before the start
    player make their first move on "turn 2". Accepted, with a note."""


FIRST_SEAT_NOTE = ("the turns are numbered from the first seat, as records written before the "
                   "program followed MOVE-08 are; accepted (MOVE-08 numbers them from the start "
                   "player; `play RECORD` rewrites them so)")


class Replayed(Frozen):
    """A record played again: the game as it ends, or where the record stops standing up."""

    game: Game
    error: ReplayError | None = None
    numbering: TurnNumbering | None = None
    """How the record numbers its turns, once a move has told (None while both agree)."""

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def standings(self) -> list[Standing]:
        return self.game.standings()

    @property
    def notes(self) -> tuple[str, ...]:
        """What a reader should know of a record that stands up (an older numbering)."""
        return (FIRST_SEAT_NOTE,) if self.numbering is TurnNumbering.FIRST_SEAT else ()


def replay(record: GameRecord, book: RaceBook | None = None,
           on_entry: Callable[[int, int], None] | None = None) -> Replayed:
    """Every entry of ``record`` played again from its header, checked against the game in file
    order: the right boat, the right turn number, a legal move, and each stated result and the
    standings against the game as it stands at their line; the first line that does not match is
    reported (GAME-06). ``on_entry(done, total)`` follows progress."""
    game = Game(setup_from_tags(record.tags, book, record.tag_where))
    checks = sorted([(number, race) for race, (number, _) in record.results.items()]
                    + ([(record.standings[0], "")] if record.standings else []))
    numbering = _Numbering()
    total = len(record.lines)
    for number, line in enumerate(record.lines, start=1):
        while checks and checks[0][0] < line.line:
            error = _check_stated(game, record, checks.pop(0)[1])
            if error:
                return Replayed(game, error, numbering.found)
        try:
            game = _play(game, line, numbering)
        except ReplayError as exc:
            return Replayed(game, ReplayError(f"line {line.line}, move {number} ({line.text})",
                                              exc.reason, line.line, number), numbering.found)
        if on_entry:
            on_entry(number, total)
    for _, race in checks:
        error = _check_stated(game, record, race)
        if error:
            return Replayed(game, error, numbering.found)
    return Replayed(game, None, numbering.found)


class _Numbering:
    """Which turn numbering a record follows (:class:`TurnNumbering`): the first move whose turn
    number differs between the two decides it for the whole record."""

    def __init__(self) -> None:
        self.found: TurnNumbering | None = None

    def check(self, game: Game, line: RecordLine, turn: int) -> None:
        """Refuse a move whose stated turn number is not the game's (:class:`ReplayError`)."""
        assert isinstance(line.entry, Played)
        setup = game.setup
        before_start = setup.colours.index(line.entry.colour) < setup.start_seat(game.race_index)
        numbers = {TurnNumbering.START_PLAYER: turn,
                   TurnNumbering.FIRST_SEAT: turn + 1 if before_start else turn}
        if self.found is None and numbers[TurnNumbering.START_PLAYER] != numbers[
                TurnNumbering.FIRST_SEAT]:
            self.found = next((k for k, n in numbers.items() if n == line.entry.turn), None)
        expected = numbers[self.found or TurnNumbering.START_PLAYER]
        if line.entry.turn != expected:
            why = (" (the record numbers its turns from the first seat, as older records do)"
                   if self.found is TurnNumbering.FIRST_SEAT else "")
            raise ReplayError("", f"this is turn {expected}, not {line.entry.turn}{why}",
                              line.line, 0)


def _play(game: Game, line: RecordLine, numbering: _Numbering) -> Game:
    entry = line.entry
    if game.over:
        raise ReplayError("", "the game is over: all three races are sailed", line.line, 0)
    if entry.race != game.race_name:
        raise ReplayError("", f"this entry is for race {entry.race}, but race {game.race_name} is "
                          "not over", line.line, 0)
    try:
        if isinstance(entry, Placement):
            return game.place(entry.colour, entry.hex, entry.heading)
        position = game.position
        if position is None:
            raise ReplayError("", f"{game.to_act} must place its boat first", line.line, 0)
        if entry.colour != position.boat.colour:
            raise ReplayError("", f"it is {position.boat.colour}'s move, not {entry.colour}'s "
                              "(MOVE-08)", line.line, 0)
        numbering.check(game, line, position.turn)
        return game.move(entry.move)[0]
    except IllegalMove as exc:
        raise ReplayError("", f"illegal: {exc}", line.line, 0) from None
    except GameError as exc:
        raise ReplayError("", str(exc), line.line, 0) from None


def _check_stated(game: Game, record: GameRecord, race: str) -> ReplayError | None:
    """A stated result (``race``) or, for ``""``, the stated standings, against the game as it
    stands at that line."""
    return _check_standings(game, record) if not race else _check_result(game, record, race)


def _check_result(game: Game, record: GameRecord, race: str) -> ReplayError | None:
    played = {r.race: r for r in game.results}
    number, stated = record.results[race]
    result = played.get(race)
    if result is None:
        return ReplayError(f"line {number}", f"race {race} is not over here, yet the record "
                           "gives its result", number, 0)
    actual = {c: str(result.of(c).place or "x") for c in result.order()}
    if stated != actual:
        got = ", ".join(f"{c} {p}" for c, p in actual.items())
        return ReplayError(f"line {number}", f"race {race}'s result is {got}, not as "
                           "recorded", number, 0)
    return None


def _check_standings(game: Game, record: GameRecord) -> ReplayError | None:
    if record.standings is None:
        return None
    number, stated = record.standings
    actual = {s.colour: s.points for s in game.standings()}
    if stated != actual:
        got = ", ".join(f"{c} {p}" for c, p in actual.items())
        return ReplayError(f"line {number}", f"the standings are {got}, not as recorded",
                           number, 0)
    return None
