"""Bad input of any shape gives a one-line CourseBuilderError, never another exception."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.core.errors import CourseBuilderError
from course_builder.powerboats.course.codec import spec_from_json
from course_builder.powerboats.lake.boardfile import BoardFileError, parse_kit
from course_builder.powerboats.lake.kit import assemble
from course_builder.powerboats.play.notation import parse_move, parse_position
from tests.test_boardfile import TINY

POSITION = "classic:A:A1,A2cw,A4cw,A3cw:E,E | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 | red 1"


@st.composite
def mutated(draw, text: str) -> str:
    """The text with a few characters replaced, inserted or deleted."""
    chars = list(text)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(chars) - 1))
        op = draw(st.sampled_from(["replace", "insert", "delete"]))
        c = draw(st.sampled_from(list(".#_ABCabc:?=;[]\n ,xNESW0123456789-|")))
        if op == "replace":
            chars[i] = c
        elif op == "insert":
            chars.insert(i, c)
        elif len(chars) > 1:
            del chars[i]
    return "".join(chars)


@settings(max_examples=300, deadline=None)
@given(mutated(TINY))
def test_board_files(text: str) -> None:
    try:
        assemble(parse_kit(text, "fuzz.board"))
    except BoardFileError as exc:
        assert str(exc).startswith("fuzz.board:") and "\n" not in str(exc)


@settings(max_examples=300, deadline=None)
@given(mutated(POSITION))
def test_positions(text: str) -> None:
    try:
        parse_position(text)
    except CourseBuilderError as exc:
        assert "\n" not in str(exc)


@given(st.text(max_size=12))
def test_moves(text: str) -> None:
    try:
        parse_move(text)
    except CourseBuilderError as exc:
        assert "\n" not in str(exc)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from(["race", "buoys", "number", "spot", "hex",
                                                       "arrow", "board", "start_finish_tile",
                                                       "expansion_tiles", "kind", "hexes"]),
                                      inner, max_size=5),
                    max_leaves=20))
def test_course_json(data) -> None:
    try:
        spec_from_json(data)
    except CourseBuilderError as exc:
        assert "\n" not in str(exc)
