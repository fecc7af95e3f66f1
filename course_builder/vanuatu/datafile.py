"""Reading the small whitespace tables the Vanuatu data files are written in.

A table file holds one record per line, fields separated by spaces; ``#`` starts a comment that
runs to the end of the line, and blank lines are skipped. Every field remembers its line and
column, so a bad value is reported as ``file:line:col: message`` (:class:`DataFileError`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from course_builder.core.errors import SourceError
from course_builder.core.values import Frozen

_FIELD = re.compile(r"\S+")


class DataFileError(SourceError):
    """A shipped or user-edited Vanuatu data file that cannot be read."""


class Field(Frozen):
    """One value of a table and where it stands in the file (1-based line and column)."""

    text: str
    line: int
    col: int


class Record(Frozen):
    """One line of a table: its fields by column name, in file order."""

    fields: dict[str, Field]
    line: int

    def __getitem__(self, column: str) -> Field:
        return self.fields[column]


def read_table(text: str, path: str, columns: Sequence[str]) -> list[Record]:
    """The records of a table with exactly the given columns; raises :class:`DataFileError`
    naming the line and column of the first line with too few or too many fields."""
    records = []
    for number, raw in enumerate(text.splitlines(), start=1):
        content = raw.split("#", 1)[0]
        found = [Field(m.group(), number, m.start() + 1) for m in _FIELD.finditer(content)]
        if not found:
            continue
        if len(found) < len(columns):
            missing = ", ".join(columns[len(found):])
            end = found[-1].col + len(found[-1].text)
            raise DataFileError(path, number, end, f"missing {missing} (expected "
                                f"{len(columns)} fields: {' '.join(columns)})")
        if len(found) > len(columns):
            extra = found[len(columns)]
            raise DataFileError(path, number, extra.col, f"unexpected field {extra.text!r} "
                                f"(expected {len(columns)} fields: {' '.join(columns)})")
        records.append(Record(dict(zip(columns, found, strict=True)), number))
    return records


def integer(path: str, field: Field, low: int, high: int, what: str) -> int:
    """A field's whole number in ``low..high``, or a :class:`DataFileError` at the field."""
    if not re.fullmatch(r"\d+", field.text) or not low <= int(field.text) <= high:
        raise DataFileError(path, field.line, field.col,
                            f"{what} must be a whole number {low}-{high}, got {field.text!r}")
    return int(field.text)


def choice(path: str, field: Field, allowed: Sequence[str], what: str) -> str:
    """A field's value if it is one of ``allowed``, or a :class:`DataFileError` at the field."""
    if field.text not in allowed:
        raise DataFileError(path, field.line, field.col,
                            f"{what} must be one of {', '.join(allowed)}, got {field.text!r}")
    return field.text
