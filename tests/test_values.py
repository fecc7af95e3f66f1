"""Value types: one mechanism (:mod:`course_builder.core.values`) for the whole package, and what
it promises: immutability, equality and hashing by fields, repr, pickle and copy, ``replace``,
``__post_init__`` checks, mutable values, and the classes with behaviour of their own."""

from __future__ import annotations

import ast
import copy
import pickle
from functools import cached_property
from pathlib import Path
from typing import ClassVar

import pytest

from course_builder.core.values import Frozen, Mutable, field, field_names, replace
from course_builder.powerboats.play import events as ev

PACKAGE = Path(__file__).resolve().parents[1] / "course_builder"


class Base(Frozen):
    rule: ClassVar[str] = ""


class Pair(Base):
    """Two fields and a property."""

    rule: ClassVar[str] = "R"
    a: int
    b: tuple[float, ...]

    @property
    def total(self) -> float:
        return self.a + sum(self.b)


class Single(Frozen):
    x: float


def test_a_value_reads_equals_hashes_and_prints_by_its_fields() -> None:
    value = Pair(1, (2.0, 3.0))
    assert value == Pair(a=1, b=(2.0, 3.0)) and value != Pair(1, ())
    assert hash(value) == hash(Pair(1, (2.0, 3.0))) and hash(value) != hash(Pair(1, ()))
    assert repr(value) == "Pair(a=1, b=(2.0, 3.0))"
    assert value != (1, (2.0, 3.0))  # only a value of its own class
    assert value.total == 6.0 and value.rule == "R" and isinstance(value, Base)
    assert Pair.__match_args__ == field_names(value) == field_names(Pair) == ("a", "b")
    assert Pair.__doc__ == "Two fields and a property."
    nan = float("nan")
    assert Single(nan) == Single(nan)  # compared as tuples are: the same object is equal
    match value:
        case Pair(a, b):
            assert (a, b) == (1, (2.0, 3.0))


def test_a_value_is_frozen_and_has_slots() -> None:
    value = Pair(1, ())
    with pytest.raises(AttributeError, match="immutable type: 'Pair'"):
        value.a = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del value.a  # type: ignore[misc]
    with pytest.raises(AttributeError):
        value.c = 1  # type: ignore[attr-defined]
    assert not hasattr(value, "__dict__")
    with pytest.raises(TypeError, match="Missing required argument 'b'"):
        Pair(1)  # type: ignore[call-arg]


def test_a_value_pickles_and_copies() -> None:
    value = Pair(1, (2.0,))
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.copy(value) == value == copy.deepcopy(value)


class WithDefaults(Frozen):
    name: str
    size: int = 3
    tags: tuple[str, ...] = ()


def test_a_value_takes_defaults_and_they_come_last() -> None:
    assert WithDefaults("a") == WithDefaults("a", 3, ()) == WithDefaults(name="a", size=3)
    assert repr(WithDefaults("a", tags=("x",))) == "WithDefaults(name='a', size=3, tags=('x',))"
    with pytest.raises(TypeError, match="cannot follow optional fields"):
        class Order(Frozen):
            size: int = 3
            name: str


class Checked(Frozen):
    """A value that checks and converts its fields after they are set."""

    size: int
    name: str = "x"

    def __post_init__(self) -> None:
        if self.size < 0:
            raise ValueError("negative")
        from course_builder.core.values import force_setattr

        force_setattr(self, "name", self.name.upper())


def test_post_init_checks_and_converts_on_construction_replace_and_unpickling() -> None:
    assert Checked(1, "a") == Checked(1, "A") and Checked(2).name == "X"
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)
    assert pickle.loads(pickle.dumps(Checked(1))) == Checked(1)
    assert replace(Checked(1, "a"), name="b").name == "B"
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), size=-1)


def test_replace_makes_a_changed_copy_of_any_value() -> None:
    value = WithDefaults("a", tags=("x",))
    changed = replace(value, size=5)
    assert changed == WithDefaults("a", 5, ("x",)) and type(changed) is WithDefaults
    assert value == WithDefaults("a", 3, ("x",))  # the original is as it was
    assert replace(value) == value
    with pytest.raises(TypeError, match="`WithDefaults` has no field 'colour'"):
        replace(value, colour="red")
    with pytest.raises(TypeError):
        replace(object(), size=5)  # type: ignore[type-var]


class Tally(Mutable):
    name: str
    seen: list[int] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def test_a_mutable_value_is_set_field_by_field_and_is_not_hashable() -> None:
    one, two = Tally("a"), Tally("a")
    one.seen.append(1)
    assert two.seen == [] and one != two  # each has its own list
    two.seen.append(1)
    assert one == two and repr(one) == "Tally(name='a', seen=[1], counts={})"
    one.name = "b"
    assert one != two and replace(one, name="a") == two
    with pytest.raises(TypeError, match="unhashable"):
        hash(one)


def test_a_value_with_a_dict_keeps_cached_properties() -> None:
    class Squares(Frozen, dict=True):
        n: int

        @cached_property
        def square(self) -> int:
            return self.n * self.n

    value = Squares(3)
    assert value.square == 9 and value.square == 9 and value == Squares(3)
    assert hash(value) == hash(Squares(3))
    with pytest.raises(AttributeError):
        value.n = 4  # type: ignore[misc]


def test_a_value_keeps_the_methods_its_class_defines() -> None:
    class Own(Frozen):
        size: int

        def __repr__(self) -> str:
            return f"<{self.size}>"

        def __eq__(self, other: object) -> bool:
            return isinstance(other, type(self)) and other.size % 2 == self.size % 2

        def __hash__(self) -> int:
            return self.size % 2

    assert repr(Own(3)) == "<3>" and Own(3) == Own(5) and hash(Own(3)) == 1


def test_every_event_is_a_value() -> None:
    kinds = [k for k in vars(ev).values()
             if isinstance(k, type) and issubclass(k, ev.Event) and k is not ev.Event]
    assert len(kinds) == 25
    for kind in kinds:
        assert issubclass(kind, Frozen) and kind.__match_args__ == kind.__struct_fields__
        assert "__dict__" not in dir(kind) and "rule" not in kind.__struct_fields__


def _sources() -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}


def test_one_value_mechanism_for_the_whole_package() -> None:
    """No ``exec``, no ``__class__`` swap, no dataclass, NamedTuple or hand-made record: every
    value type is a :class:`Frozen` or :class:`Mutable` (an exception would be named here
    and justified, with its measurement, in its docstring; there is none)."""
    exceptions: set[str] = set()
    found = []
    for path, text in _sources().items():
        where = path.relative_to(PACKAGE.parent).as_posix()
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                    node.func.id in ("exec", "eval", "namedtuple")):
                found.append(f"{where}:{node.lineno}: {node.func.id}()")
            elif isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Attribute) and t.attr == "__class__" for t in node.targets):
                found.append(f"{where}:{node.lineno}: __class__ assigned")
            elif isinstance(node, ast.ImportFrom) and node.module in ("dataclasses",
                                                                      "collections"):
                found.extend(f"{where}:{node.lineno}: {node.module}.{a.name}"
                             for a in node.names if a.name in ("dataclass", "namedtuple"))
            elif isinstance(node, ast.ClassDef):
                bases = {ast.unparse(b) for b in node.bases}
                if "NamedTuple" in bases and f"{where}:{node.name}" not in exceptions:
                    found.append(f"{where}:{node.lineno}: {node.name} is a NamedTuple")
    assert not found, found
    assert not (PACKAGE / "core" / "records.py").exists()


def test_no_positional_unpacking_of_the_kernel_s_values() -> None:
    """A value cannot be unpacked by position (the kernel once unpacked its NamedTuple boats;
    reading a value's fields by name is faster still), so a field added to it cannot shift the
    others silently."""
    from course_builder.core.hexgrid import Direction, Hex
    from course_builder.powerboats.play.position import Boat

    with pytest.raises(TypeError):
        _colour, *_rest = Boat("red", Hex(0, 0), Direction.E)  # type: ignore[misc]


def test_positions_race_maker_frame_and_grid_keep_their_documented_behaviour() -> None:
    """The classes with something of their own: a position is equal and hashed without its
    race, printed without it, checked when made but not when derived by the kernel or
    unpickled; a race and a course maker are mutable values (unhashable); a course frame is a
    value with a ``__dict__`` for its cached properties; a lake grid is a plain frozen value."""
    from course_builder.powerboats.course.generate import CourseMaker
    from course_builder.powerboats.lake.boardfile import parse_kit
    from course_builder.powerboats.lake.catalog import classic_board
    from course_builder.powerboats.play.notation import RaceBook, parse_position
    from course_builder.powerboats.play.position import Position, PositionError
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
        with pytest.raises(AttributeError):
            frozen.turn = 3  # type: ignore[misc]
    copied = copy.copy(position)
    assert copied == position and copied.race is position.race
    match position:
        case Position(race, boats, to_move, turn):
            assert (race, boats, to_move, turn) == (position.race, position.boats, 0, 2)
    with pytest.raises(PositionError, match="two boats are yellow"):
        Position(position.race, (position.boats[0], position.boats[0]))
    with pytest.raises(PositionError, match="two boats are yellow"):
        replace(position, boats=(position.boats[0], position.boats[0]))
    unchecked = position.derive((position.boats[0], position.boats[0]), 0, 2)  # the kernel's
    assert pickle.loads(pickle.dumps(unchecked)) == unchecked  # as it was, not checked again

    race = position.race
    assert race == Race(race.board, race.course, race.rules)
    assert race != Race(race.board, race.course, race.rules, "@elsewhere.json")
    for unhashable in (race, CourseMaker(race.board)):
        with pytest.raises(TypeError, match="unhashable"):
            hash(unhashable)
    assert repr(race).startswith("Race(board=") and repr(race).endswith("notation_ref=None)")
    assert pickle.loads(pickle.dumps(race)).clear_run == race.clear_run  # tables built again

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
    with pytest.raises(AttributeError):
        frame.axis = frame.axis  # type: ignore[misc]

    path = PACKAGE.parent / "data" / "boards" / "classic.board"
    grid = parse_kit(path.read_text(encoding="utf-8"), str(path)).border
    same = type(grid)(grid.terrain_text, grid.marks, grid.lines)
    assert grid == same and hash(grid) == hash(same)
    assert grid.terrain_text and repr(grid).startswith("Grid(terrain_text=(")
    with pytest.raises(AttributeError):
        grid.terrain_text = ()  # type: ignore[misc]
