"""Frozen records: classes that behave as ``@dataclass(frozen=True, slots=True)`` classes whose
fields have no defaults, but that cost a small fraction of one to create.

Why: creating a frozen dataclass compiles six methods from generated source (about 0.8 ms a
class on Python 3.11), and a module of two dozen event types paid about 20 ms for that each
time a command that adjudicates a move started. A record compiles only its ``__init__`` (so
making one is as fast as making the dataclass); its equality, hash, ``repr`` and immutability are
shared functions that read the field names, and they give what the dataclass gives:

* ``Record(a, b)`` and ``Record(a=..., b=...)``; ``__match_args__`` lists the fields in order;
* equal only to a record of the same class with equal fields (compared as a tuple, as the
  dataclass does); the hash is the hash of that tuple;
* ``repr``: ``Record(a=1, b='x')``;
* assigning or deleting a field raises :class:`dataclasses.FrozenInstanceError`;
* ``__slots__`` (no ``__dict__``); pickling and :mod:`copy` work.

:func:`record_fields` names the fields (as :func:`dataclasses.fields` does for a dataclass).
Fields are the class's own annotations other than ``ClassVar`` ones; a record has no defaults,
no ``field()`` options and no ``__post_init__``, and a record does not derive from another
record.
"""

from __future__ import annotations

import inspect
import operator
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)


@dataclass_transform(eq_default=True, frozen_default=True)
def frozen_record(cls: T) -> T:
    """The class as a frozen record with ``__slots__`` (see the module's docstring)."""
    names = tuple(name for name, kind in inspect.get_annotations(cls).items()
                  if not _is_class_var(kind))
    if any("_values" in base.__dict__ for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: a record cannot derive from a record")
    namespace = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
    namespace.update(
        __slots__=names,
        __match_args__=names,
        __init__=_init(cls, names),
        __repr__=_repr,
        __eq__=_eq,
        __hash__=_hash,
        __setattr__=_setattr,
        __delattr__=_delattr,
        __getstate__=_getstate,
        __setstate__=_setstate,
        _values=staticmethod(_getter(names)),
    )
    made = type(cls)(cls.__name__, cls.__bases__, namespace)
    made.__qualname__ = cls.__qualname__
    return made  # type: ignore[return-value]


def record_fields(record: object) -> tuple[str, ...]:
    """The names of a record's fields, in order."""
    return type(record).__match_args__  # type: ignore[attr-defined, no-any-return]


def _is_class_var(kind: object) -> bool:
    text = kind if isinstance(kind, str) else repr(kind)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _init(cls: type, names: tuple[str, ...]) -> Callable[..., None]:
    """``__init__(self, a, b, ...)`` setting each field once, compiled for these names (the one
    method a record compiles: it runs for every record made, so it is as direct as the
    dataclass's)."""
    lines = [f"def __init__(self{''.join(f', {n}' for n in names)}):"]
    lines += [f"    _set(self, {n!r}, {n})" for n in names] or ["    pass"]
    scope: dict[str, Any] = {}
    exec("\n".join(lines), {"_set": object.__setattr__}, scope)  # only the field names go in
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init  # type: ignore[no-any-return]


def _getter(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """The fields' values as a tuple (what equality and the hash compare)."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        name = names[0]
        return lambda record: (getattr(record, name),)
    return lambda record: ()


def _eq(self: Any, other: object) -> bool:
    values: Callable[[object], tuple[Any, ...]] = self._values
    if other.__class__ is self.__class__:
        return values(self) == values(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self._values(self))


def _repr(self: Any) -> str:
    fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
    return f"{self.__class__.__qualname__}({fields})"


def _setattr(self: Any, name: str, value: object) -> None:
    if name in self.__match_args__ or "_values" in type(self).__dict__:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)  # an attribute of a plain subclass


def _delattr(self: Any, name: str) -> None:
    if name in self.__match_args__ or "_values" in type(self).__dict__:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, name) for name in self.__match_args__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(self.__match_args__, state, strict=True):
        object.__setattr__(self, name, value)


__all__ = ["frozen_record", "record_fields"]
