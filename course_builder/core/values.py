"""Value types: the one way this package declares plain data, in every game.

An immutable value is a class deriving from :class:`Frozen`, its fields annotated in the class
body, those with defaults after those without (as in a dataclass)::

    class Buoy(Frozen):
        number: int
        hex: Hex
        arrow: Sense | None = None

:class:`Frozen` is a :class:`msgspec.Struct` with ``frozen=True``, so a value is immutable
(assigning or deleting a field raises :class:`AttributeError`), has ``__slots__``, is built from
positional or keyword arguments, is equal only to a value of the same class with equal fields and
hashes by them, prints as ``Buoy(number=1, hex=Hex(q=3, r=4), arrow=None)``, pickles and copies,
and lists its fields in ``__match_args__`` (for ``match``) and ``__struct_fields__``. Where a
class needs more, it says so with class keywords: ``order=True`` (values sort by their fields in
order), ``dict=True`` (a ``__dict__``, for :func:`functools.cached_property`). ClassVar
annotations are not fields.

* **A changed copy**: :func:`replace` (``replace(boat, dice=(1, 2))``), the one ``replace`` for
  every value. The copy is made through the class's constructor, so ``__post_init__`` checks it
  as it checked the original.
* **Checks and conversions**: ``__post_init__`` runs after the fields are set (on construction,
  :func:`replace`, unpickling and decoding); a field it converts is set with
  :func:`force_setattr`, the one way to set a field of a frozen value.
* **Unchecked construction**, where a hot loop makes values it knows are valid and the check
  costs more than the value: a documented method on the class (``Position.derive``) copies a
  checked value and sets the changed fields with :func:`force_setattr`.
* **A field left out of equality** (a position's race, a simulated game's record text): the
  class defines ``__eq__`` and ``__hash__`` over the other fields.
* **A mutable default**: ``field(default_factory=list)`` (an empty ``[]`` or ``{}`` default is
  copied for each value, too).
* **Mutable values** (built up step by step: a section of a file as it is read, a sheet as its
  pages are drawn, the kernel's record of a move; or keeping tables beside their fields: a race,
  a course maker): derive from :class:`Mutable`, the same but with fields that may be set, and
  not hashable (``eq=False`` for one equal only to itself). Classes that are not data (a bot, a
  board with its tables, a search with its queues) stay plain classes, equal only to themselves.
* **Fields**: :func:`field_names` (the names, in order), :func:`asdict` (name to value, one
  level deep), :func:`astuple`.

Why msgspec (measured on this machine, Python 3.11, one process, best of seven): defining a
four-field class takes 20 microseconds (a frozen slotted dataclass 1,240, a NamedTuple 210, the
``exec``-built records this replaces 56, plus 66 to compile their ``__init__`` on first use), so
the hundred or so value classes a command imports cost 2 ms. Importing msgspec costs 7 ms beyond
click alone, most of it modules the commands import anyway: in all, ``powerboats board`` (the
command that gains least) takes 1.4% more instructions than with the records, the others 1% to
10% fewer. Making an eleven-field value takes 66 ns (a NamedTuple
323 ns, even through ``tuple.__new__`` 144 ns), reading its eleven fields by name 34 ns (unpacking
a NamedTuple 60 ns); equality and hashing are as fast as a tuple's. So the kernel's hot loop reads
fields by name and unpacks nothing (benchmarks/adjudicate.py).

There are no exceptions. :class:`~course_builder.core.hexgrid.Hex`, the key of the hot loops'
dictionaries, was a NamedTuple the longest; as a value a course takes 2% fewer instructions to
lay and a move 0.4% fewer to play (callgrind), and every output stays byte for byte the same.
"""

from __future__ import annotations

from typing import dataclass_transform

from msgspec import Struct, field
from msgspec.structs import asdict, astuple, force_setattr, replace


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Frozen(Struct, frozen=True):
    """Base of every immutable value type (see the module's docstring). (The decorator tells
    type checkers that its subclasses are frozen too, as they are.)"""


class Mutable(Struct):
    """Base of every mutable value type: like :class:`Frozen`, but its fields may be set, and it
    is not hashable (see the module's docstring)."""


def field_names(value: Struct | type[Struct]) -> tuple[str, ...]:
    """The names of a value's (or a value class's) fields, in order."""
    return value.__struct_fields__


__all__ = ["Frozen", "Mutable", "asdict", "astuple", "field", "field_names", "force_setattr",
           "replace"]
