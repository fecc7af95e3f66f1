"""Frozen records: classes that behave as ``@dataclass(frozen=True, slots=True)`` classes, but
cost a small fraction of one to create.

Why: creating a frozen dataclass compiles six methods from generated source (about 0.8 ms a
class on Python 3.11): the two dozen event types of a move, and the records of courses and
boards, cost every command that reads a position some 30 ms before it did anything. A record
compiles only its ``__init__``, when its first record is made (so making one is as fast as
making the dataclass); its equality, hash, ``repr`` and immutability are shared functions that
read the field names, and they give what the dataclass gives:

* ``Record(a, b)`` and ``Record(a=..., b=...)``, a field's default (its value in the class
  body) when it is left out, then ``__post_init__()`` if the class has one (it may set fields
  with ``object.__setattr__``); ``__match_args__`` lists the fields in order;
* equal only to a record of the same class with equal fields (compared as a tuple, as the
  dataclass does); the hash is the hash of that tuple;
* ``repr``: ``Record(a=1, b='x')``; a ``__repr__``, ``__eq__`` or ``__hash__`` the class
  defines itself is kept, as the dataclass keeps it;
* assigning or deleting a field raises :class:`dataclasses.FrozenInstanceError`;
* ``__slots__`` (no ``__dict__``, so no ``cached_property``); pickling and :mod:`copy` work.

:func:`record_fields` names the fields (as :func:`dataclasses.fields` does for a dataclass) and
:func:`replace` makes a changed copy (as :func:`dataclasses.replace` does; that one and
:func:`dataclasses.asdict` do not take records). Fields are the class's own annotations other
than ``ClassVar`` ones; a default is a plain value (no ``field()``, no factory: records are
immutable, so a shared default is safe only when it is immutable too); a record does not derive
from another record.

A class a record does not fit (one that needs a ``__dict__`` for ``cached_property``, a mutable
one, one with a field left out of equality) is written by hand, with :func:`frozen_setattr` and
:func:`frozen_delattr` when it is immutable, rather than made a dataclass: on a command's import
path a dataclass costs the :mod:`dataclasses` module and some 0.8 ms of its own.
"""

from __future__ import annotations

import inspect
import operator
import sys
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)
R = TypeVar("R")
_MISSING = object()


@dataclass_transform(eq_default=True, frozen_default=True)
def frozen_record(cls: T) -> T:
    """The class as a frozen record with ``__slots__`` (see the module's docstring)."""
    names = tuple(name for name, kind in inspect.get_annotations(cls).items()
                  if not _is_class_var(kind))
    if any("_values" in base.__dict__ for base in cls.__mro__[1:]):
        raise TypeError(f"{cls.__name__}: a record cannot derive from a record")
    if "__setattr__" in cls.__dict__ or "__delattr__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: a record is frozen: it cannot set its own "
                        "__setattr__ or __delattr__")
    defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
    namespace = {k: v for k, v in cls.__dict__.items()
                 if k not in ("__dict__", "__weakref__") and k not in defaults}
    namespace.update(
        __slots__=names,
        __match_args__=names,
        __repr__=cls.__dict__.get("__repr__", _repr),
        __eq__=cls.__dict__.get("__eq__", _eq),
        __hash__=_hash if _hash_is_implied(cls) else cls.__dict__["__hash__"],
        __setattr__=_setattr,
        __delattr__=_delattr,
        __getstate__=_getstate,
        __setstate__=_setstate,
        _values=staticmethod(_getter(names)),
    )
    made = type(cls)(cls.__name__, cls.__bases__, namespace)
    made.__qualname__ = cls.__qualname__
    made.__init__ = _first_init(made, _init_source(cls, names, defaults),  # type: ignore[misc]
                                _signature(names, defaults))
    return made  # type: ignore[return-value]


def record_fields(record: object) -> tuple[str, ...]:
    """The names of a record's fields, in order."""
    return type(record).__match_args__  # type: ignore[attr-defined, no-any-return]


def replace(record: R, /, **changes: Any) -> R:
    """A new record of the same class with the fields named in ``changes`` changed and the others
    as they are (the record's :func:`dataclasses.replace`). It is made through ``__init__``, so
    ``__post_init__`` checks and converts it as it did the original (a class given
    :func:`by_fields` is copied the same way, through its ``__init__``, over those names). A name
    that is not a field raises :class:`TypeError`, as does anything else."""
    kind = type(record)
    if "_values" not in kind.__dict__:
        raise TypeError(f"replace() takes a record, not {kind.__name__}")
    names = record_fields(record)
    unknown = [name for name in changes if name not in names]
    if unknown:
        raise TypeError(f"{kind.__name__} has no field {unknown[0]!r} (fields: "
                        f"{', '.join(names)})")
    values = {name: getattr(record, name) for name in names}
    values.update(changes)
    return kind(**values)  # type: ignore[no-any-return]


def by_fields(*names: str, hashable: bool) -> Callable[[T], T]:
    """For a class written by hand: the equality, ``repr`` and ``__match_args__`` a record has,
    over the attributes ``names`` (equal only to an instance of the same class with equal
    values); hashed by them too if ``hashable``, else unhashable (a mutable class). Its own
    ``__init__`` sets them."""
    def give(cls: T) -> T:
        cls.__match_args__ = names  # type: ignore[attr-defined, misc]
        cls._values = staticmethod(_getter(names))  # type: ignore[attr-defined]
        cls.__eq__ = _eq  # type: ignore[assignment, method-assign]
        cls.__repr__ = _repr  # type: ignore[assignment, method-assign]
        cls.__hash__ = _hash if hashable else None  # type: ignore[assignment, method-assign]
        return cls
    return give


def frozen_setattr(self: object, name: str, value: object) -> None:
    """``__setattr__`` for an immutable class written by hand: every assignment raises
    :class:`dataclasses.FrozenInstanceError`, as it does in a frozen dataclass. Its own
    ``__init__`` sets the fields with ``object.__setattr__``."""
    raise _frozen(f"cannot assign to field {name!r}")


def frozen_delattr(self: object, name: str) -> None:
    """``__delattr__`` for an immutable class written by hand (see :func:`frozen_setattr`)."""
    raise _frozen(f"cannot delete field {name!r}")


def _hash_is_implied(cls: type) -> bool:
    """Whether the class leaves its hash to the record (as a dataclass does: it has no
    ``__hash__`` of its own, or only the ``None`` that defining ``__eq__`` implies)."""
    own = cls.__dict__.get("__hash__", _MISSING)
    return own is _MISSING or (own is None and "__eq__" in cls.__dict__)


def _is_dataclass_field(value: object) -> bool:
    """Whether ``value`` is a :func:`dataclasses.field`, without importing :mod:`dataclasses`
    (a few milliseconds of every command's start-up): one made exists only if it is imported."""
    dataclasses = sys.modules.get("dataclasses")
    return dataclasses is not None and isinstance(value, dataclasses.Field)


def _frozen(message: str) -> AttributeError:
    """The error a frozen dataclass raises (:mod:`dataclasses` imported only then)."""
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(message)


def _is_class_var(kind: object) -> bool:
    text = kind if isinstance(kind, str) else repr(kind)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _init_source(cls: type, names: tuple[str, ...], defaults: dict[str, Any]
                 ) -> tuple[str, dict[str, Any]]:
    """The source of ``__init__(self, a, b=default, ...)``, which sets each field once and then
    calls ``__post_init__`` if the class has one, and the names it reads."""
    scope: dict[str, Any] = {"_set": object.__setattr__}
    params = []
    for name in names:
        if name in defaults:
            value = scope[f"_default_{name}"] = defaults[name]
            if _is_dataclass_field(value):
                raise TypeError(f"{cls.__name__}.{name}: a record takes a plain default, not "
                                "field()")
            params.append(f"{name}=_default_{name}")
        elif params and "=" in params[-1]:
            raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one "
                            "with a default")
        else:
            params.append(name)
    body = [f"    _set(self, {n!r}, {n})" for n in names]
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    header = f"def __init__(self{''.join(f', {p}' for p in params)}):"
    return "\n".join([header, *(body or ["    pass"])]), scope


def _signature(names: tuple[str, ...], defaults: dict[str, Any]) -> inspect.Signature:
    """``__init__``'s signature (self, then the fields), for :func:`inspect.signature` and
    ``help()`` before the real ``__init__`` is compiled."""
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    return inspect.Signature([inspect.Parameter("self", kind)] + [
        inspect.Parameter(n, kind, default=defaults.get(n, inspect.Parameter.empty))
        for n in names])


def _first_init(record: type, source: tuple[str, dict[str, Any]],
                signature: inspect.Signature) -> Callable[..., None]:
    """The ``__init__`` of a record class until its first record is made, which compiles the
    real one (the one method a record compiles: it runs for every record made, so it is as
    direct as the dataclass's) and puts it in its place. Compiled when first needed because
    most commands make only a few of the many kinds of record they import (a move's events)."""
    text, scope = source

    def __init__(self: object, *args: Any, **kwargs: Any) -> None:
        exec(text, scope)  # only the field names go in
        init = scope["__init__"]
        init.__qualname__ = f"{record.__qualname__}.__init__"
        record.__init__ = init  # type: ignore[misc]
        init(self, *args, **kwargs)

    __init__.__qualname__ = f"{record.__qualname__}.__init__"
    __init__.__signature__ = signature  # type: ignore[attr-defined]
    return __init__


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
        raise _frozen(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)  # an attribute of a plain subclass


def _delattr(self: Any, name: str) -> None:
    if name in self.__match_args__ or "_values" in type(self).__dict__:
        raise _frozen(f"cannot delete field {name!r}")
    object.__delattr__(self, name)


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, name) for name in self.__match_args__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(self.__match_args__, state, strict=True):
        object.__setattr__(self, name, value)


__all__ = ["by_fields", "frozen_delattr", "frozen_record", "frozen_setattr", "record_fields",
           "replace"]
