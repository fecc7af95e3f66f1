"""A frozen record behaves as the ``@dataclass(frozen=True, slots=True)`` it stands in for."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from pathlib import Path
from typing import ClassVar

import pytest

from course_builder.core.records import frozen_record, record_fields, replace
from course_builder.powerboats.play import events as ev


class Base:
    __slots__ = ()
    rule: ClassVar[str] = ""


@frozen_record
class Pair(Base):
    """Two fields and a property."""

    rule: ClassVar[str] = "R"
    a: int
    b: tuple[float, ...]

    @property
    def total(self) -> float:
        return self.a + sum(self.b)


@dataclasses.dataclass(frozen=True, slots=True)
class DataPair(Base):
    """The same as a dataclass."""

    rule: ClassVar[str] = "R"
    a: int
    b: tuple[float, ...]


@frozen_record
class Single:
    x: float


def test_a_record_reads_equals_hashes_and_prints_as_the_dataclass() -> None:
    record, data = Pair(1, (2.0, 3.0)), DataPair(1, (2.0, 3.0))
    assert record == Pair(a=1, b=(2.0, 3.0)) and record != Pair(1, ())
    assert hash(record) == hash(data) == hash((1, (2.0, 3.0)))
    assert repr(record) == repr(data).replace("DataPair", "Pair") == "Pair(a=1, b=(2.0, 3.0))"
    assert record != data and record != (1, (2.0, 3.0))  # only a record of its own class
    assert record.total == 6.0 and record.rule == "R" and isinstance(record, Base)
    assert Pair.__match_args__ == DataPair.__match_args__ == record_fields(record) == ("a", "b")
    assert record_fields(record) == tuple(f.name for f in dataclasses.fields(data))
    assert Pair.__doc__ == "Two fields and a property." and Pair.__qualname__ == "Pair"
    nan = float("nan")
    assert Single(nan) == Single(nan)  # compared as tuples, like the dataclass
    match record:
        case Pair(a, b):
            assert (a, b) == (1, (2.0, 3.0))


def test_a_record_is_frozen_and_has_slots() -> None:
    record = Pair(1, ())
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'a'"):
        record.a = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'a'"):
        del record.a  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.c = 1  # type: ignore[attr-defined]
    assert not hasattr(record, "__dict__")
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'b'"):
        Pair(1)  # type: ignore[call-arg]


def test_a_record_pickles_and_copies() -> None:
    record = Pair(1, (2.0,))
    assert pickle.loads(pickle.dumps(record)) == record
    assert copy.copy(record) == record == copy.deepcopy(record)


@frozen_record
class WithDefaults:
    name: str
    size: int = 3
    tags: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class DataWithDefaults:
    name: str
    size: int = 3
    tags: tuple[str, ...] = ()


def test_a_record_takes_defaults_as_the_dataclass() -> None:
    assert WithDefaults("a") == WithDefaults("a", 3, ()) == WithDefaults(name="a", size=3)
    assert repr(WithDefaults("a", tags=("x",))) == "WithDefaults(name='a', size=3, tags=('x',))"
    assert repr(WithDefaults("a", tags=("x",))) == repr(DataWithDefaults("a", tags=("x",))
                                                        ).replace("DataWithDefaults", "WithDefaults")
    assert WithDefaults.__slots__ == ("name", "size", "tags")  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="plain default, not field"):
        @frozen_record
        class Factory:
            items: tuple[int, ...] = dataclasses.field(default=())
    with pytest.raises(TypeError, match="without a default follows one with a default"):
        @frozen_record
        class Order:
            size: int = 3
            name: str


@frozen_record
class Checked:
    """A record that checks and converts its fields after they are set."""

    size: int
    name: str = "x"

    def __post_init__(self) -> None:
        if self.size < 0:
            raise ValueError("negative")
        object.__setattr__(self, "name", self.name.upper())


def test_a_record_calls_its_post_init_as_the_dataclass() -> None:
    assert Checked(1, "a") == Checked(1, "A") and Checked(2).name == "X"
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)
    assert pickle.loads(pickle.dumps(Checked(1))) == Checked(1)


def test_replace_makes_a_changed_record_as_dataclasses_replace_does() -> None:
    record, data = WithDefaults("a", tags=("x",)), DataWithDefaults("a", tags=("x",))
    changed = replace(record, size=5)
    assert changed == WithDefaults("a", 5, ("x",)) and type(changed) is WithDefaults
    assert record == WithDefaults("a", 3, ("x",))  # the original is as it was
    assert repr(changed) == repr(dataclasses.replace(data, size=5)).replace("DataWithDefaults",
                                                                            "WithDefaults")
    assert replace(record) == record and replace(record) is not record
    assert replace(Checked(1, "a"), name="b").name == "B"  # through __init__: __post_init__ runs
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), size=-1)
    with pytest.raises(TypeError, match="WithDefaults has no field 'colour'"):
        replace(record, colour="red")
    with pytest.raises(TypeError):
        dataclasses.replace(data, colour="red")  # type: ignore[call-arg]  # the same refusal
    with pytest.raises(TypeError, match="takes a record, not DataWithDefaults"):
        replace(data, size=5)


def test_a_record_keeps_the_methods_its_class_defines() -> None:
    class Own:
        size: int

        def __repr__(self) -> str:
            return f"<{self.size}>"

        def __eq__(self, other: object) -> bool:
            return isinstance(other, type(self)) and other.size % 2 == self.size % 2

        def __hash__(self) -> int:
            return self.size % 2

    record, data = frozen_record(Own), dataclasses.dataclass(frozen=True)(Own)
    for kind in (record, data):
        assert repr(kind(3)) == "<3>" and kind(3) == kind(5) and hash(kind(3)) == 1

    class OnlyEq:
        size: int

        def __eq__(self, other: object) -> bool:
            return True

    record, data = frozen_record(OnlyEq), dataclasses.dataclass(frozen=True)(OnlyEq)
    for kind in (record, data):
        assert kind(3) == kind(4) and hash(kind(3)) == hash((3,))


def test_a_record_cannot_derive_from_a_record() -> None:
    with pytest.raises(TypeError, match="cannot derive from a record"):
        @frozen_record
        class More(Pair):
            c: int


def test_every_event_is_a_record() -> None:
    kinds = [k for k in vars(ev).values()
             if isinstance(k, type) and issubclass(k, ev.Event) and k is not ev.Event]
    assert len(kinds) == 25
    for kind in kinds:
        assert kind.__match_args__ and kind.__slots__ == kind.__match_args__  # type: ignore[attr-defined]
        assert not dataclasses.is_dataclass(kind) and "__dict__" not in dir(kind)


def test_a_record_shows_its_fields_as_its_signature_before_and_after_its_first_record() -> None:
    """help() and inspect.signature name the fields even before the first record compiles the
    real ``__init__`` (a record compiles it only then)."""
    import inspect

    @frozen_record
    class Later:
        a: int
        b: str = "x"

    assert str(inspect.signature(Later)) == "(a, b='x')"
    Later(1)
    assert list(inspect.signature(Later).parameters) == ["a", "b"]


def test_the_classes_written_by_hand_behave_as_the_dataclasses_they_were() -> None:
    """Where a record does not fit (a ``cached_property``, a mutable class, a field left out of
    equality) the class is written by hand; it keeps what the dataclass gave: frozen ones refuse
    changes, are equal by their compared fields and hash so; mutable ones are equal by their
    fields and unhashable; all print as the dataclass did."""
    from course_builder.powerboats.course.generate import CourseMaker
    from course_builder.powerboats.lake.boardfile import parse_kit
    from course_builder.powerboats.lake.catalog import classic_board
    from course_builder.powerboats.play.notation import RaceBook, parse_position
    from course_builder.powerboats.play.position import Position
    from course_builder.powerboats.play.race import Race

    text = ("classic:A:A1,A2cw,A4cw,A3cw:E,E | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 "
            "| yellow 2")
    position = parse_position(text, book=RaceBook())
    again = Position(Race(position.race.board, position.race.course), position.boats, 0, 2)
    assert again == position and hash(again) == hash(position)  # the race is not compared
    assert again != Position(again.race, position.boats, 1, 2)
    assert repr(position) == f"Position(boats={position.boats!r}, to_move=0, turn=2)"
    assert not hasattr(position, "__dict__")
    for frozen in (position, again):
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field"):
            frozen.turn = 3  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field"):
            del frozen.turn  # type: ignore[misc]
    copied = copy.copy(position)
    assert copied == position and copied.race is position.race
    match position:
        case Position(race, boats, to_move, turn):
            assert (race, boats, to_move, turn) == (position.race, position.boats, 0, 2)

    race = position.race
    assert race == Race(race.board, race.course, race.rules)
    assert race != Race(race.board, race.course, race.rules, "@elsewhere.json")
    assert Race.__hash__ is None and CourseMaker.__hash__ is None
    assert repr(race).startswith("Race(board=") and repr(race).endswith("notation_ref=None)")

    board = classic_board()
    maker = CourseMaker(board)
    assert maker == CourseMaker(board) and maker != CourseMaker(board, solve_routes=False)
    assert repr(maker) == (f"CourseMaker(board={board!r}, options={maker.options!r}, "
                           "solve_routes=True)")
    frame = maker.frame(list(maker.spots("A")), race.course.tile.hexes,
                        race.course.buoy("finish").hex)
    twin = maker.frame(list(maker.spots("A")), race.course.tile.hexes,
                       race.course.buoy("finish").hex)
    assert frame == twin and hash(frame) == hash(twin) and frame.waypoints() == twin.waypoints()
    assert repr(frame).startswith("CourseFrame(board=") and "gates=" in repr(frame)
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.axis = frame.axis  # type: ignore[misc]

    path = Path(__file__).resolve().parents[1] / "data" / "boards" / "classic.board"
    grid = parse_kit(path.read_text(encoding="utf-8"), str(path)).border
    assert grid == type(grid)(grid.cells, grid.positions) and hash(grid) == hash(
        type(grid)(grid.cells, grid.positions))
    assert grid.terrain_text and repr(grid).startswith("Grid(cells=((Cell(terrain=")
    with pytest.raises(dataclasses.FrozenInstanceError):
        grid.cells = ()  # type: ignore[misc]
