"""Old spellings of options that keep working: hidden aliases that say the new spelling.

When an option is renamed (``--write-state`` is now ``--save``) or an input moves from an option
to the command's argument (``--state FILE`` is now ``STATE``), the old spelling stays as a
hidden option (:func:`alias`). The command's parser hands its value to the new parameter before
anything is converted or checked, so the value goes through the new parameter's type, callback
and required check, and counts as given on the command line; a one-line note on stderr says the
new spelling. Giving both spellings is a usage error.

A flag that used to take a value (``atlas --expansion yes|no|both``) is rewritten word by word
before parsing (:func:`flag_values`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

_UNSET: Any = getattr(importlib.import_module("click._utils"), "UNSET", None)
"""How click 8.2 and later mark a value not given (click 8.1: None)."""


def _given(value: Any) -> bool:
    return value is not None and value is not _UNSET and value != ()


class AliasOption(click.Option):
    """A hidden old spelling of the parameter ``target``, whose value it passes on (through
    ``convert`` when the old value reads differently)."""

    def __init__(self, param_decls: Sequence[str], *, target: str, spelling: str,
                 convert: Callable[[Any], Any] | None = None,
                 merge: Callable[[Any, Any], Any] | None = None, **kwargs: Any) -> None:
        old = param_decls[0]
        dest = "old_" + old.lstrip("-").replace("-", "_")
        super().__init__([old, dest], hidden=True, expose_value=False, default=None, **kwargs)
        self.target = target
        self.spelling = spelling
        self.convert = convert
        self.merge = merge

    def redirect(self, command: click.Command, opts: dict[str, Any], order: list[Any]) -> None:
        """Move this alias's value (if given) in the parser's ``opts`` to its target."""
        value = opts.pop(self.name or "", None)
        if not _given(value):
            return
        old = self.opts[0]
        target = next(p for p in command.params if p.name == self.target)
        new_value = self.convert(value) if self.convert is not None else value
        if _given(opts.get(self.target)):
            if self.merge is None:
                raise click.UsageError(f"{old} is the old spelling of {self.spelling}: give "
                                       "only one of them")
            new_value = self.merge(new_value, opts[self.target])
        opts[self.target] = new_value
        if target not in order:
            order.append(target)
        click.echo(f"note: {old} is now {self.spelling}", err=True)


def alias(old: str, target: str, spelling: str, convert: Callable[[Any], Any] | None = None,
          merge: Callable[[Any, Any], Any] | None = None) -> Callable[[F], F]:
    """A hidden option ``old`` that sets the parameter named ``target`` (shown to the user as
    ``spelling``, e.g. ``--save`` or ``the argument STATE``). ``convert`` turns the old value
    into the new one; ``merge(old_value, new_value)`` decides when both are given (a usage
    error without it)."""
    def decorate(fn: F) -> F:
        return click.option(old, target=target, spelling=spelling, convert=convert,
                            merge=merge, cls=AliasOption)(fn)
    return decorate


def flag_values(option: str, words: dict[str, Sequence[str]]) -> Callable[[F], F]:
    """The old valued spelling of a flag: ``option WORD`` (or ``option=WORD``) is read as the
    arguments ``words[WORD]``, with a note."""
    def decorate(fn: F) -> F:
        rewrites = getattr(fn, "__flag_values__", {})
        fn.__flag_values__ = {**rewrites, option: words}  # type: ignore[attr-defined]
        return fn
    return decorate


class Command(click.Command):
    """A command whose old spellings (:func:`alias`, :func:`flag_values`) still work."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        callback = kwargs.get("callback")
        self.flag_values: dict[str, dict[str, Sequence[str]]] = dict(
            getattr(callback, "__flag_values__", {}))
        super().__init__(*args, **kwargs)

    def make_parser(self, ctx: click.Context) -> Any:
        parser = super().make_parser(ctx)
        aliases = [p for p in self.params if isinstance(p, AliasOption)]
        if not aliases and not self.flag_values:
            return parser
        parse = parser.parse_args

        def parse_args(args: list[str]) -> tuple[dict[str, Any], list[str], list[Any]]:
            opts, rest, order = parse(args=self._rewrite(args))
            for old in aliases:
                old.redirect(self, opts, order)
            return opts, rest, order

        parser.parse_args = parse_args  # type: ignore[method-assign]
        return parser

    def _rewrite(self, args: list[str]) -> list[str]:
        """The arguments with every old valued flag (:func:`flag_values`) rewritten."""
        if not self.flag_values:
            return args
        valued = {name for p in self.params if isinstance(p, click.Option)
                  and not p.is_flag and not p.count for name in p.opts}
        out: list[str] = []
        k = 0
        while k < len(args):
            word = args[k]
            name, eq, value = word.partition("=")
            words = self.flag_values.get(name)
            if word == "--":
                out += args[k:]
                break
            if words is not None and eq and value in words:
                out += words[value]
                click.echo(f"note: {name} {value} is now {_spelled(name, words[value])}",
                           err=True)
            elif words is not None and not eq and k + 1 < len(args) and args[k + 1] in words:
                out += words[args[k + 1]]
                click.echo(f"note: {name} {args[k + 1]} is now "
                           f"{_spelled(name, words[args[k + 1]])}", err=True)
                k += 1
            else:
                out.append(word)
                if word in valued and k + 1 < len(args):  # its value, whatever it looks like
                    out.append(args[k + 1])
                    k += 1
            k += 1
        return out


def _spelled(name: str, words: Sequence[str]) -> str:
    return " ".join(words) if words else f"no {name} at all"
