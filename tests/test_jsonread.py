"""The one JSON reading layer (core/jsonread.py) and the one writer (core/jsonwrite.py): parse
errors at their line and column, values located by their JSON path, one check for each kind of
value with one wording, the ``format``/``version`` rule, and one writer whose folding options
give exactly the bytes the three former dumpers gave (kept here as the reference)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonread import (
    MAX_DEPTH,
    JsonError,
    Value,
    check_format,
    inside,
    leading_path,
    locate,
    parse,
    path_text,
    refuse,
    shown,
)
from course_builder.core.jsonwrite import fits, hex_pairs, json_text

ROOT = Path(__file__).resolve().parents[1]


def parse_error(text: str) -> str:
    with pytest.raises(JsonError) as info:
        parse(text, "f.json")
    return str(info.value)


# -- parsing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "message"), [
    ('{\n "a": 1,\n "b" 2}', "f.json:3:6: not valid JSON: Expecting ':' delimiter"),
    ('{"a": [1, NaN]}', "f.json:1:11: not valid JSON: NaN is not a JSON number"),
    ('{"a": "NaN",\n "b": -Infinity}', "f.json:2:7: not valid JSON: -Infinity is not a JSON "
                                       "number"),
    ('[1e999]', "f.json:1:2: not valid JSON: 1e999 is too large for a number"),
    ('{"a":\n ' + "7" * 5000 + "}", "f.json:2:2: not usable JSON: a number with more than 4300 "
                                    "digits"),
    ("[" * 100_000, "f.json:1:17: not usable JSON: nested more than 16 deep"),
    ('{"a": ' + "[" * 16 + "]" * 16 + "}", "f.json:1:22: not usable JSON: nested more than 16 "
                                           "deep"),
    (" " * 1_000_001, "f.json: larger than 1000000 bytes"),
])
def test_what_json_or_a_file_cannot_be_is_refused_at_its_place(text: str, message: str) -> None:
    assert parse_error(text) == message


def test_nesting_up_to_the_limit_and_brackets_in_strings_are_fine() -> None:
    assert parse("[" * MAX_DEPTH + "]" * MAX_DEPTH, "f").data
    assert parse(json.dumps({"a": "[" * 100 + '\\"{' * 50}), "f").data["a"].startswith("[[")
    assert parse("\ufeff[1]", "f").data == [1]  # a byte-order mark is fine


# -- locating --------------------------------------------------------------------------------


def test_a_path_is_located_in_the_text() -> None:
    text = '{\n "a": [1, {"b": [true, "x"]}],\n "c": {"d e": 3},\n "a": [5]\n}'
    assert locate(text, ("c", "d e")) == text.index("3")
    assert locate(text, ("a",)) == text.index("[5]")  # a key given twice: the last, as read
    assert locate(text, ("a", 0)) == text.index("5")
    assert locate(text, ("zz",)) is None and locate(text, ("a", 3)) is None
    assert locate(text, ("c", "d e", "x")) is None
    assert locate(text, ()) == 0


json_data = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=5)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=4),
    max_leaves=25)


def _paths(data: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    out = [(path, data)]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*path, i))
    return out


@settings(max_examples=150, deadline=None)
@given(json_data, st.sampled_from([None, 0, 1, 3]))
def test_every_value_is_located_where_it_stands(data: Any, indent: int | None) -> None:
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    for path, value in _paths(data):
        offset = locate(text, path)
        assert offset is not None, path
        assert json.JSONDecoder().raw_decode(text, offset)[0] == value


# -- checks ----------------------------------------------------------------------------------


def refused(check: Any) -> str:
    with pytest.raises(CourseBuilderError) as info:
        check()
    return str(info.value)


@pytest.mark.parametrize(("data", "check", "message"), [
    (True, lambda v: v.whole(), "x.y[2]: expected a whole number, got true"),
    (2.0, lambda v: v.whole(1, 8), "x.y[2]: expected a whole number from 1 to 8, got 2.0"),
    (9, lambda v: v.whole(1, 8), "x.y[2]: expected a whole number from 1 to 8, got 9"),
    (-1, lambda v: v.whole(0), "x.y[2]: expected a whole number of at least 0, got -1"),
    ("3", lambda v: v.whole(0, 5, null=True), "x.y[2]: expected a whole number from 0 to 5 or "
                                              "null, got '3'"),
    (True, lambda v: v.number(), "x.y[2]: expected a number, got true"),
    (0, lambda v: v.boolean(), "x.y[2]: expected true or false, got 0"),
    (3, lambda v: v.string(), "x.y[2]: expected a string, got 3"),
    ("x" * 201, lambda v: v.string(), "x.y[2]: longer than 200 characters"),
    ("a b", lambda v: v.string(pattern=re.compile("[a-z]+"), what="a word"),
     "x.y[2]: expected a word, got 'a b'"),
    ("Z", lambda v: v.choice(["A", "B"]), "x.y[2]: expected one of A, B, got 'Z'"),
    ({}, lambda v: v.items(), "x.y[2]: expected a list, got {}"),
    ([1, 2], lambda v: v.items(exactly=3), "x.y[2]: expected 3 entries, got 2"),
    ([1, 2], lambda v: v.items(longest=1), "x.y[2]: at most 1 entry, got 2"),
    ([], lambda v: v.items(shortest=1), "x.y[2]: at least 1 entry, got 0"),
    ([1, 2, 3], lambda v: v.pair(), "x.y[2]: expected [row, col], two whole numbers, got "
                                    "[1, 2, 3]"),
    ([1, True], lambda v: v.pair(), "x.y[2]: expected [row, col], two whole numbers, got "
                                    "[1, true]"),
    ([], lambda v: v.fields(), "x.y[2]: expected an object, got []"),
    ({"b": 1, "c": 2}, lambda v: v.fields(["a", "b"]), "x.y[2].c: unknown field (known: a, b)"),
    ({}, lambda v: v.fields(["a"])["a"], "x.y[2].a: missing"),
])
def test_each_kind_of_value_has_one_check_and_one_wording(data: Any, check: Any,
                                                          message: str) -> None:
    assert refused(lambda: check(Value(data, ("x", "y", 2)))) == message


def test_the_checks_return_the_value_and_raise_the_formats_own_error() -> None:
    class FormatError(CourseBuilderError):
        pass

    value = Value({"n": 3, "s": "ab", "l": [[1, 2]]}, (), FormatError)
    fields = value.fields(["n", "s", "l", "d"])
    assert fields["n"].whole(0, 3) == 3 and fields["s"].string(longest=2) == "ab"
    assert [v.pair() for v in fields["l"].items()] == [(1, 2)]
    assert fields.get("d", 7).whole() == 7 and fields.get("d").whole(null=True) is None
    with pytest.raises(FormatError) as info:
        fields["s"].whole()
    assert info.value.json_path == ("s",) and info.value.json_reason.startswith("expected")


@pytest.mark.parametrize(("data", "message"), [
    ({}, None), ({"format": "f", "version": 1}, None), ({"version": 1}, None),
    ({"format": "g"}, "format: expected 'f', got 'g'"),
    ({"version": 2}, "version: this program reads version 1, got 2"),
    ({"version": True}, "version: expected a whole number, got true"),
])
def test_format_and_version_may_be_left_out_and_are_checked_when_given(data: dict,
                                                                       message: str | None
                                                                       ) -> None:
    def check() -> None:
        check_format(Value(data).fields(), "f", 1)

    if message is None:
        check()
    else:
        assert refused(check) == message


def test_paths_and_values_in_messages() -> None:
    assert path_text(("boats", 1, "dice")) == "boats[1].dice"
    assert path_text(("spaces", "8", "dikes", 0)) == "spaces.8.dikes[0]"
    assert path_text(("a b", 0)) == "['a b'][0]"
    assert shown(True) == "true" and shown(None) == "null" and shown(float("nan")) == "NaN"
    assert shown("x" * 100) == "'" + "x" * 36 + "..." and len(shown("x" * 100)) == 40
    assert shown([1, "a"]) == '[1, "a"]' and shown(list(range(100))) == "a list"
    assert shown({"k": "v" * 50}) == "an object"
    assert leading_path("players[1].ship: no sector 'x'") == ("players", 1, "ship")
    assert leading_path("buoy 3: arrow ccw forces a circle") is None


# -- documents -------------------------------------------------------------------------------


def test_a_document_puts_the_file_line_and_column_in_front_once() -> None:
    text = '{"course": {\n  "race": "D"}}'

    def read_course(data: Any) -> str:
        return Value(data, (), JsonError).fields(["race"])["race"].choice(["A", "B", "C"])

    def read_position(data: Any) -> str:
        with inside(("course",)):
            return read_course(data["course"])

    assert refused(lambda: parse(text, "p.json").read(read_position)) == (
        "p.json:2:11: course.race: expected one of A, B, C, got 'D'")
    # an error already located (in another file) is not located again
    inner = parse('{"race": 1}', "c.json")
    outer = parse(text, "p.json")
    assert refused(lambda: outer.read(lambda _: inner.read(read_course))) == (
        "c.json:1:10: race: expected one of A, B, C, got 1")
    # a message without a kept path but starting with one is located by it
    assert refused(lambda: outer.read(lambda _: (_ for _ in ()).throw(
        CourseBuilderError("course.race: taken")))) == "p.json:2:11: course.race: taken"
    assert refused(lambda: outer.read(lambda _: (_ for _ in ()).throw(
        refuse(JsonError, ("nowhere",), "gone")))) == "p.json: nowhere: gone"


# -- the one writer ---------------------------------------------------------------------------


def old_course_dumps(data: Any) -> str:
    """The course and Tortuga dumper before the one writer (reference)."""
    text = json.dumps(data, indent=1, sort_keys=True)
    return re.sub(r"\[\s+(-?\d+),\s+(-?\d+)\s+\]", r"[\1, \2]", text) + "\n"


def old_vanuatu_dumps(data: Any) -> str:
    """The Vanuatu state dumper before the one writer (reference)."""
    def pretty(value: Any, indent: int) -> str:
        compact = json.dumps(value, separators=(", ", ": "))
        if len(compact) + indent <= 96 or not isinstance(value, dict | list) or not value:
            return compact
        pad = " " * (indent + 1)
        if isinstance(value, list):
            return "[\n" + ",\n".join(pad + pretty(v, indent + 1) for v in value) + "\n" + \
                " " * indent + "]"
        items = [f"{pad}{json.dumps(k)}: {pretty(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"

    return pretty(data, 0) + "\n"


writable = st.recursive(
    st.none() | st.booleans() | st.integers(-10**9, 10**9) | st.text(alphabet="ab é", max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text("xyz", max_size=3),
                                                                inner, max_size=5),
    max_leaves=60)


@settings(max_examples=200, deadline=None)
@given(writable)
def test_the_one_writer_gives_the_bytes_of_the_three_former_dumpers(data: Any) -> None:
    assert json_text(data) == json.dumps(data, indent=1) + "\n"
    assert json_text(data, sort_keys=True) == json.dumps(data, indent=1, sort_keys=True) + "\n"
    assert json_text(data, sort_keys=True, fold=hex_pairs) == old_course_dumps(data)
    assert json_text(data, fold=fits(96)) == old_vanuatu_dumps(data)


def test_the_writer_never_writes_nan_and_escapes_what_is_not_ascii() -> None:
    for fold in (None, hex_pairs, fits(96)):
        with pytest.raises(ValueError):
            json_text({"par": float("nan")}, fold=fold)
    assert json_text(["é"]) == '[\n "\\u00e9"\n]\n'
    # the former regular expression folded a string that looked like a pair; the writer does not
    label = {"label": "[ 1,  2 ]"}
    assert old_course_dumps(label) == '{\n "label": "[1, 2]"\n}\n'
    assert json_text(label, fold=hex_pairs) == '{\n "label": "[ 1,  2 ]"\n}\n'


def test_json_is_parsed_and_written_only_by_the_one_reader_and_writer() -> None:
    """No module but core/jsonread.py parses JSON and none but core/jsonwrite.py writes it."""
    allowed = {"core/jsonread.py", "core/jsonwrite.py"}
    package = ROOT / "course_builder"
    found = []
    for path in package.rglob("*.py"):
        name = path.relative_to(package).as_posix()
        text = path.read_text(encoding="utf-8")
        if name not in allowed and re.search(r"\bjson\.(loads?|dumps?)\(", text):
            found.append(name)
    assert found == []
