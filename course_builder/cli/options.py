"""The options every game's commands share, each written once (docs/cli.md has the table).

* inputs: a course, position, record or state is the command's argument ``FILE`` (``-``: standard
  input), read by the command itself so that a file that cannot be read is exit 1 like any other
  bad input (:class:`~.common.InputPath`); files a command writes are checked by the writer the same way
  (:class:`~.common.OutputPath`);
* ``--format`` (:func:`format_option`), ``--race``, ``--players``, ``--expansion`` (``--save``,
  with the rest of what state files share, is in :mod:`.statefiles`; ``--paper``, ``--dpi`` and a
  sheet's ``-o``, with the rest of what sheets share, in :mod:`.sheets`);
* choices in any case, said back as written (:class:`CaseFreeChoice`); numbers that must be
  finite and in range (:class:`FiniteFloat`);
* the ruling options, built from each game's table (:func:`ruling_options`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.common import F
from course_builder.cli.files import InputPath

if TYPE_CHECKING:

    from course_builder.core.rulebook import RulingOption


# -------------------------------------------------------------------------------------------------
# value types
# -------------------------------------------------------------------------------------------------


class CaseFreeChoice(click.Choice):  # type: ignore[type-arg]
    """One of some words, in any case (``a`` is ``A``, ``JSON`` is ``json``), given back as the
    choices write it; a wrong one lists them as written (click lists them in lower case).
    ``hidden`` words are accepted too but not listed (old spellings)."""

    def __init__(self, choices: Sequence[str], hidden: Sequence[str] = ()) -> None:
        super().__init__(list(choices), case_sensitive=False)
        self.hidden = tuple(hidden)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "|".join(map(str, self.choices))

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> str:
        text = str(value).strip()
        for choice in (*self.choices, *self.hidden):
            if str(choice).lower() == text.lower():
                return choice
        self.fail(f"{text[:40]!r} is not one of {', '.join(map(str, self.choices))}", param, ctx)


class FiniteFloat(click.ParamType):
    """A number within ``low``..``high`` (either end may be open, or absent); ``nan`` and
    ``inf`` are refused, as is anything out of range: a usage error (exit 2) naming the range."""

    name = "number"

    def __init__(self, low: float | None = None, high: float | None = None, *,
                 low_open: bool = False, high_open: bool = False) -> None:
        self.low, self.high, self.low_open, self.high_open = low, high, low_open, high_open

    def describe(self) -> str:
        low = "" if self.low is None else f"{self.low:g}{'<' if self.low_open else '<='}"
        high = "" if self.high is None else f"{'<' if self.high_open else '<='}{self.high:g}"
        return f"{low}x{high}"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> float:
        if isinstance(value, float) and math.isfinite(value):
            number = value
        else:
            try:
                number = float(str(value).strip())
            except ValueError:
                self.fail(f"{str(value)[:40]!r} is not a number", param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!s:.40} is not a finite number (the range is "
                      f"{self.describe()})", param, ctx)
        below = self.low is not None and (number <= self.low if self.low_open
                                          else number < self.low)
        above = self.high is not None and (number >= self.high if self.high_open
                                           else number > self.high)
        if below or above:
            self.fail(f"{number:g} is not in the range {self.describe()}", param, ctx)
        return number

    def __repr__(self) -> str:
        return f"FiniteFloat({self.describe()})"


class Players(click.ParamType):
    """``--players``: names or colours by seat, comma-separated (``red,blue,green``), or a number
    N for the game's first N default ones. Whether the names are right is the game's to say."""

    name = "players"

    def __init__(self, defaults: Sequence[str], fewest: int, most: int) -> None:
        self.defaults = tuple(defaults)
        self.fewest, self.most = fewest, most

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> tuple[str, ...]:
        if isinstance(value, tuple):
            return value
        text = str(value).strip()
        if text.isdigit():
            count = int(text)
            if not self.fewest <= count <= self.most:
                self.fail(f"{count} is not a number of players from {self.fewest} to "
                          f"{self.most}", param, ctx)
            return self.defaults[:count]
        return tuple(name.strip() for name in text.split(","))


# -------------------------------------------------------------------------------------------------
# the shared options
# -------------------------------------------------------------------------------------------------

def input_argument(name: str, metavar: str, required: bool = True) -> Callable[[F], F]:
    """The command's input file as its argument (``-``: standard input)."""
    return click.argument(name, metavar=metavar, type=InputPath(), required=required)


def format_option(*pictures: str, default: str | None = "text", text: bool = True,
                  help: str | None = None, hidden: Sequence[str] = ()) -> Callable[[F], F]:
    """``--format``: ``text`` and ``json`` (unless ``text`` is false: sheets are pictures only),
    then the picture formats the command draws (and, accepted but not listed, ``hidden``)."""
    choices = (("text", "json") if text else ()) + pictures
    return click.option("--format", "fmt", type=CaseFreeChoice(choices, hidden),
                        default=default, show_default=default is not None, help=help)


def race_option(*, game: bool = False, **kwargs: Any) -> Callable[[F], F]:
    """``--race A|B|C`` (or ``A|B|C|game``), in any case; given back upper case (``game`` as is)."""
    choices = ("A", "B", "C", "game") if game else ("A", "B", "C")
    return click.option("--race", type=CaseFreeChoice(choices), **kwargs)


def expansion_option(help: str = "Place the 7 tiles of Expansion 1.", default: bool | None = False
                     ) -> Callable[[F], F]:
    """``--expansion/--no-expansion`` (``default`` None: neither given)."""
    return click.option("--expansion/--no-expansion", default=default, help=help)


# -------------------------------------------------------------------------------------------------
# the ruling options
# -------------------------------------------------------------------------------------------------


def ruling_options(table: Iterable[RulingOption], command: str) -> Callable[[F], F]:
    """The options of the rulings that change what ``command`` does, from a game's table (and,
    hidden, those it still accepts from older command lines)."""
    rows = [(row, command not in row.commands) for row in table
            if command in row.commands or command in row.hidden_in]

    def decorate(fn: F) -> F:
        for row, hidden in reversed(rows):
            fn = _ruling_option(row, command, hidden)(fn)
        return fn
    return decorate


def _ruling_option(row: RulingOption, command: str, hidden: bool) -> Callable[[F], F]:
    def note(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if hidden and ctx.get_parameter_source(param.name or "") is (
                click.core.ParameterSource.COMMANDLINE):
            click.echo(f"note: {row.option} changes nothing that {command} says; it is no "
                       "longer listed in its help", err=True)
        return value

    common: dict[str, Any] = {"help": row.full_help, "hidden": hidden, "callback": note}
    if row.choices:
        return click.option(row.option, row.field, type=CaseFreeChoice(row.choices),
                            default=None, **common)
    if row.opposite:
        return click.option(f"{row.option}/{row.opposite}", row.field, default=None, **common)
    return click.option(row.option, row.field, is_flag=True, default=False, **common)


def ruling_values(table: Iterable[RulingOption], params: dict[str, Any]) -> dict[str, Any]:
    """The rulings given on the command line, by the field of the game's rules each sets; their
    parameters are taken out of ``params``."""
    values: dict[str, Any] = {}
    for row in table:
        if row.field not in params:
            continue
        given = params.pop(row.field)
        if row.choices or row.opposite:
            if given is not None:
                values[row.field] = given
        elif given:
            values[row.field] = row.value
    return values
