"""Reading JSON that people write: one parser, one set of checks, one way to say what is wrong.

Every JSON format the project reads goes through here: course files, position files, the board
source in a course file, Vanuatu and Tortuga states, and the web page's requests.

* :func:`parse` turns text into a :class:`JsonDocument`. It refuses what JSON does not allow
  (``NaN``, ``Infinity``, a number too large for a float), more than :data:`MAX_BYTES`, nesting
  deeper than :data:`MAX_DEPTH` and numbers of thousands of digits, each at its line and column.
* :class:`Value` is a value of the data with its JSON path; its checks (:meth:`~Value.whole`,
  :meth:`~Value.string`, :meth:`~Value.choice`, :meth:`~Value.items`, :meth:`~Value.fields`, ...)
  return it as the type asked for, or raise the format's own error naming the path:
  ``boats[1].dice: expected a list, got 3``. :func:`refuse` makes such an error for a reason the
  format words itself.
* :meth:`JsonDocument.read` runs a format's reader on the data; an error naming a JSON path is
  said again with the file's name and the line and column of the value:
  ``position.json:7:14: boats[1].dice: expected a list, got 3``.

Messages are one line: ``NAME:LINE:COL: PATH: REASON``; ``NAME: REASON`` when the problem has no
place in the text, ``PATH: REASON`` for data that came without text. Values in messages are cut
to 40 characters (:func:`shown`).

``format`` and ``version`` (:func:`check_format`), the same for every format: a file the program
writes carries both; a file typed by hand may leave them out; when given, they must name the
format and a version this program reads.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from itertools import accumulate
from typing import Any, Literal, TypeVar, overload

from course_builder.core.errors import CourseBuilderError

MAX_BYTES = 1_000_000
"""The largest JSON file or text any format reads (a course, a position or a state is a few
kilobytes)."""

MAX_DEPTH = 16
"""The deepest nesting of lists and objects any format reads (a position file, the deepest,
nests 6 deep: position > course > rounding lines > line > hexes > hex)."""

MAX_TEXT = 200
"""The longest string :meth:`Value.string` takes unless told otherwise."""

SHOWN = 40
"""Characters of a value a message shows (:func:`shown`)."""

JsonPath = tuple[str | int, ...]
"""Where a value lies in JSON data: keys of objects and indexes of lists, from the top."""

E = TypeVar("E", bound=CourseBuilderError)
T = TypeVar("T")


class JsonError(CourseBuilderError):
    """JSON text that cannot be read (syntax, size, nesting), or a value refused by a reader
    that has no error class of its own."""


# ------------------------------------------------------------------------------------------------
# words for messages
# ------------------------------------------------------------------------------------------------

_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")
_JSON_WORDS = {"True": "true", "False": "false", "None": "null", "nan": "NaN", "inf": "Infinity",
               "-inf": "-Infinity"}


def path_text(path: Sequence[str | int]) -> str:
    """A JSON path as messages write it: ``boats[1].dice``, ``spaces.8.dikes[0]``."""
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        elif _PLAIN_KEY.fullmatch(step):
            out += f".{step}" if out else step
        else:
            out += f"[{shown(step)}]"
    return out


def cut(text: str, limit: int = SHOWN) -> str:
    """Text cut to ``limit`` characters, ``...`` marking the cut: huge input cannot flood a
    terminal."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def shown(value: Any, limit: int = SHOWN) -> str:
    """A value for a message: strings as Python quotes them, numbers as given, ``true``,
    ``false``, ``null`` and ``NaN`` as JSON spells them; a list or object as compact JSON when
    it is short, else by its kind; cut to ``limit`` characters."""
    if isinstance(value, dict | list | tuple):
        kind = "an object" if isinstance(value, dict) else "a list"
        if len(value) > limit:
            return kind
        try:
            text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        except (TypeError, ValueError):
            return kind
        return text if len(text) <= limit else kind
    text = repr(value)
    if isinstance(value, bool | float) or value is None:
        text = _JSON_WORDS.get(text, text)
    return cut(text, limit)


def _message(path: JsonPath, reason: str) -> str:
    return f"{path_text(path)}: {reason}" if path else reason


def refuse(error: type[E], path: JsonPath, reason: str) -> E:
    """An error of the reader's class saying ``PATH: REASON``; the path stays with it, so that
    :meth:`JsonDocument.read` can put the file name, line and column in front."""
    exc = error(_message(path, reason))
    exc.json_path = tuple(path)
    exc.json_reason = reason
    return exc


@contextmanager
def inside(prefix: JsonPath) -> Iterator[None]:
    """Errors raised inside name their paths below ``prefix``: for a part read by another
    format's reader (the course in a position file, the board source in a course file)."""
    try:
        yield
    except CourseBuilderError as exc:
        if exc.json_path is not None and exc.json_source is None:
            path = tuple(prefix) + exc.json_path
            exc.json_path = path
            exc.args = (_message(path, exc.json_reason),)
        raise


# ------------------------------------------------------------------------------------------------
# checks
# ------------------------------------------------------------------------------------------------


def _range_words(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" of at least {low}"
    if high is not None:
        return f" of at most {high}"
    return ""


def _entries(n: int) -> str:
    return f"{n} {'entry' if n == 1 else 'entries'}"


class Value:
    """A value of JSON data and where it lies (``path``), with the checks every format uses.

    Each check returns the value as the type asked for, or raises ``error`` (the format's own
    error class) naming the path and what was expected, e.g. ``round: expected a whole number
    from 1 to 8, got 2.0``. Whole numbers are never booleans or floats (``true``, ``2.0``)."""

    __slots__ = ("data", "error", "path")

    def __init__(self, data: Any, path: JsonPath = (),
                 error: type[CourseBuilderError] = JsonError) -> None:
        self.data = data
        self.path = path
        self.error = error

    def refuse(self, reason: str) -> CourseBuilderError:
        """The error saying ``PATH: reason`` of this value (to raise)."""
        return refuse(self.error, self.path, reason)

    def expected(self, what: str) -> CourseBuilderError:
        """The error ``PATH: expected WHAT, got VALUE`` (to raise)."""
        return self.refuse(f"expected {what}, got {shown(self.data)}")

    @property
    def is_null(self) -> bool:
        return self.data is None

    def child(self, step: str | int, data: Any) -> Value:
        """A value that lies below this one."""
        return Value(data, (*self.path, step), self.error)

    @overload
    def whole(self, low: int | None = ..., high: int | None = ...,
              null: Literal[False] = ...) -> int: ...

    @overload
    def whole(self, low: int | None = ..., high: int | None = ..., *,
              null: Literal[True]) -> int | None: ...

    def whole(self, low: int | None = None, high: int | None = None,
              null: bool = False) -> int | None:
        """A whole number (not a boolean, not ``2.0``) from ``low`` to ``high``; ``null`` also
        allows null."""
        value = self.data
        if value is None and null:
            return None
        if (type(value) is not int or (low is not None and value < low)
                or (high is not None and value > high)):
            raise self.expected(f"a whole number{_range_words(low, high)}"
                                f"{' or null' if null else ''}")
        return value

    def number(self, low: float | None = None, high: float | None = None) -> float:
        """A finite number, whole or not (never a boolean), from ``low`` to ``high``."""
        value = self.data
        if (isinstance(value, bool) or not isinstance(value, int | float)
                or not math.isfinite(value) or (low is not None and value < low)
                or (high is not None and value > high)):
            raise self.expected(f"a number{_range_words(low, high)}")
        return float(value)

    def boolean(self) -> bool:
        """``true`` or ``false`` (never 0, 1 or a string)."""
        if not isinstance(self.data, bool):
            raise self.expected("true or false")
        return self.data

    @overload
    def string(self, *, longest: int = ..., pattern: re.Pattern[str] | None = ...,
               what: str = ..., null: Literal[False] = ...) -> str: ...

    @overload
    def string(self, *, longest: int = ..., pattern: re.Pattern[str] | None = ...,
               what: str = ..., null: Literal[True]) -> str | None: ...

    def string(self, *, longest: int = MAX_TEXT, pattern: re.Pattern[str] | None = None,
               what: str = "a string", null: bool = False) -> str | None:
        """A string of at most ``longest`` characters matching ``pattern`` in full (``what``
        says what such a string is, e.g. "a spot id such as 'A2'"); ``null`` also allows
        null."""
        value = self.data
        if value is None and null:
            return None
        if not isinstance(value, str) or (pattern is not None and not pattern.fullmatch(value)):
            raise self.expected(what + (" or null" if null else ""))
        if len(value) > longest:
            raise self.refuse(f"longer than {longest} characters")
        return value

    def choice(self, choices: Collection[str], *, null: bool = False) -> Any:
        """One of ``choices`` (compared exactly); ``null`` also allows null."""
        if self.data is None and null:
            return None
        if not isinstance(self.data, str) or self.data not in choices:
            listed = ", ".join(choices) + (" or null" if null else "")
            raise self.expected(f"one of {listed}")
        return self.data

    def items(self, *, longest: int | None = None, exactly: int | None = None,
              shortest: int = 0, what: str = "a list") -> list[Value]:
        """A list (``what`` says of what), of ``exactly`` entries or ``shortest`` to
        ``longest``; its entries as values at their indexes."""
        value = self.data
        if not isinstance(value, list):
            raise self.expected(what)
        n = len(value)
        if exactly is not None and n != exactly:
            raise self.refuse(f"expected {_entries(exactly)}, got {n}")
        if longest is not None and n > longest:
            raise self.refuse(f"at most {_entries(longest)}, got {n}")
        if n < shortest:
            raise self.refuse(f"at least {_entries(shortest)}, got {n}")
        return [self.child(i, item) for i, item in enumerate(value)]

    def pair(self, limit: int | None = None, what: str = "[row, col]") -> tuple[int, int]:
        """A hex ``[row, col]`` (or another pair, ``what``): two whole numbers, each at most
        ``limit`` either way."""
        value = self.data
        if (not isinstance(value, list) or len(value) != 2
                or not all(type(v) is int and (limit is None or abs(v) <= limit) for v in value)):
            bound = f" from {-limit} to {limit}" if limit is not None else ""
            raise self.expected(f"{what}, two whole numbers{bound}")
        return value[0], value[1]

    def fields(self, known: Collection[str] | None = None, *, what: str = "an object"
               ) -> Fields:
        """An object (``what`` says of what), every key one of ``known`` (any key when
        ``None``): an unknown key is refused, so that a typo never passes silently."""
        if not isinstance(self.data, dict):
            raise self.expected(what)
        if known is not None:
            for key in self.data:
                if key not in known:
                    raise self.child(key, self.data[key]).refuse(
                        f"unknown field (known: {', '.join(known)})")
        return Fields(self.data, self.path, self.error)


class Fields:
    """A JSON object whose keys were checked (:meth:`Value.fields`): its fields as values."""

    __slots__ = ("data", "error", "path")

    def __init__(self, data: dict[str, Any], path: JsonPath,
                 error: type[CourseBuilderError]) -> None:
        self.data = data
        self.path = path
        self.error = error

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def __getitem__(self, key: str) -> Value:
        """A field that must be there ("missing" otherwise)."""
        if key not in self.data:
            raise refuse(self.error, (*self.path, key), "missing")
        return Value(self.data[key], (*self.path, key), self.error)

    def get(self, key: str, default: Any = None) -> Value:
        """A field, or ``default`` at its place when it is absent."""
        return Value(self.data.get(key, default), (*self.path, key), self.error)

    def __iter__(self) -> Iterator[str]:
        """The keys, in the order of the text."""
        return iter(self.data)

    def refuse(self, reason: str) -> CourseBuilderError:
        """The error saying ``PATH: reason`` of the whole object (to raise)."""
        return refuse(self.error, self.path, reason)


def check_format(fields: Fields, name: str, version: int) -> None:
    """The ``format`` and ``version`` fields, the same way for every format: either may be left
    out (a file typed by hand); when given, ``format`` is ``name`` and ``version`` a version this
    program reads (``version``)."""
    if "format" in fields and fields.data["format"] != name:
        raise fields["format"].expected(repr(name))
    if "version" in fields:
        given = fields["version"].whole()
        if given != version:
            raise fields["version"].refuse(f"this program reads version {version}, got {given}")


# ------------------------------------------------------------------------------------------------
# parsing and locating
# ------------------------------------------------------------------------------------------------


class JsonDocument:
    """JSON data with the text it was read from and the name of its file (``stdin``, a path),
    to say where a bad value stands."""

    __slots__ = ("data", "name", "text")

    def __init__(self, data: Any, text: str, name: str) -> None:
        self.data = data
        self.text = text
        self.name = name

    def read(self, reader: Callable[[Any], T]) -> T:
        """``reader(data)``; an error it raises is said again with the file's name in front,
        and the line and column of the value its JSON path names."""
        try:
            return reader(self.data)
        except CourseBuilderError as exc:
            raise self.located(exc) from None

    def located(self, exc: E) -> E:
        """``exc`` with the file's name (and the line and column of its JSON path) in front;
        once only. A message that does not keep its path but starts with one (``players[1].ship:
        no sector 'x'``, from a check of the whole state) is located by that path."""
        if exc.json_source is not None:
            return exc
        where = self.name
        path = exc.json_path if exc.json_path is not None else leading_path(str(exc))
        if path is not None:
            offset = locate(self.text, path)
            if offset is not None:
                where = f"{self.name}:{line_col(self.text, offset)}"
        exc.args = (f"{where}: {exc}",)
        exc.json_source = self.name
        return exc


def parse(text: str, name: str) -> JsonDocument:
    """JSON text as data, refusing what JSON does not allow (``NaN``, ``Infinity``, ``1e999``)
    and what no file needs (more than :data:`MAX_BYTES`, nesting deeper than :data:`MAX_DEPTH`,
    numbers of thousands of digits); a :class:`JsonError` names ``name``, line and column."""
    if len(text) > MAX_BYTES:
        raise JsonError(f"{name}: larger than {MAX_BYTES} bytes")
    text = text.removeprefix("\ufeff")
    deep = _too_deep(text)
    if deep is not None:
        raise JsonError(f"{name}:{line_col(text, deep)}: not usable JSON: nested more than "
                        f"{MAX_DEPTH} deep")
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise JsonError(f"{name}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except _NotJson as exc:
        raise JsonError(f"{name}:{_token_place(text, exc.token)}not valid JSON: {exc}") from None
    except ValueError as exc:  # Python's limit on the digits of an integer
        if "digits" not in str(exc):
            raise JsonError(cut(f"{name}: not usable JSON ({exc})", 200)) from None
        place = _token_place(text, _LONG_NUMBER)
        raise JsonError(f"{name}:{place}not usable JSON: a number with more than 4300 "
                        "digits") from None
    return JsonDocument(data, text, name)


class _NotJson(ValueError):
    """A token Python's JSON reader accepts but JSON does not (or no float can hold)."""

    def __init__(self, message: str, token: str) -> None:
        super().__init__(message)
        self.token = re.escape(token)


def _no_constant(token: str) -> Any:
    raise _NotJson(f"{token} is not a JSON number", token)


def _finite_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _NotJson(f"{cut(token, 20)} is too large for a number", token)
    return value


_STRING = r'"(?:[^"\\]|\\.)*"'
_STRINGS = re.compile(_STRING)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_BRACKETS = re.compile(_STRING + r"|[\[\]{}]")
_LONG_NUMBER = r"-?\d{4301,}"
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
_SCANSTRING: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]


def _too_deep(text: str) -> int | None:
    """Where a list or object opens deeper than :data:`MAX_DEPTH`, if one does (strings are
    skipped): checked on the text, so that no reader ever recurses that deep."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    if max(accumulate(_STEP[c] for c in brackets)) <= MAX_DEPTH:
        return None
    depth = 0
    for m in _BRACKETS.finditer(text):
        step = _STEP.get(m.group())
        if step is not None:
            depth += step
            if depth > MAX_DEPTH:
                return m.start()
    return None


def _token_place(text: str, token: str) -> str:
    """``LINE:COL: `` of the first match of ``token`` outside strings (empty if none)."""
    for m in re.finditer(f"{_STRING}|({token})", text):
        if m.group(1) is not None:
            return f"{line_col(text, m.start(1))}: "
    return ""


def line_col(text: str, offset: int) -> str:
    """``LINE:COL`` of an offset in text, counted from 1 as JSON's own errors count them."""
    line = text.count("\n", 0, offset) + 1
    col = offset - text.rfind("\n", 0, offset)
    return f"{line}:{col}"


_LEADING_PATH = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+|\[[0-9]+\])*): ")
_PATH_STEP = re.compile(r"\.?([A-Za-z0-9_-]+)|\[([0-9]+)\]")


def leading_path(message: str) -> JsonPath | None:
    """The JSON path a message starts with (``spaces.8.dikes: ...`` -> ``("spaces", "8",
    "dikes")``), if it starts with one."""
    match = _LEADING_PATH.match(message)
    if match is None:
        return None
    return tuple(int(m.group(2)) if m.group(2) is not None else m.group(1)
                 for m in _PATH_STEP.finditer(match.group(1)))


def locate(text: str, path: JsonPath) -> int | None:
    """The offset in JSON ``text`` where the value at ``path`` starts (the last one of a key
    given twice, as the data holds it); ``None`` when the text has no such value. A small scan:
    values beside the path are skipped by the JSON decoder, nothing is kept."""
    pos = _skip(text, 0)
    try:
        for step in path:
            found = _list_entry(text, pos, step) if isinstance(step, int) else _object_field(
                text, pos, step)
            if found is None:
                return None
            pos = found
    except (ValueError, IndexError):
        return None
    return pos


def _skip(text: str, pos: int) -> int:
    match = _WHITESPACE.match(text, pos)
    return match.end() if match else pos


def _list_entry(text: str, pos: int, index: int) -> int | None:
    if text[pos] != "[":
        return None
    pos = _skip(text, pos + 1)
    if text[pos] == "]":
        return None
    for _ in range(index):
        _value, end = _DECODER.raw_decode(text, pos)
        pos = _skip(text, end)
        if text[pos] != ",":
            return None
        pos = _skip(text, pos + 1)
    return pos


def _object_field(text: str, pos: int, key: str) -> int | None:
    if text[pos] != "{":
        return None
    pos = _skip(text, pos + 1)
    found = None
    while text[pos] == '"':
        name, pos = _SCANSTRING(text, pos + 1)
        pos = _skip(text, _skip(text, pos) + 1)  # past the colon
        if name == key:
            found = pos
        _value, end = _DECODER.raw_decode(text, pos)
        pos = _skip(text, end)
        if text[pos] != ",":
            break
        pos = _skip(text, pos + 1)
    return found
