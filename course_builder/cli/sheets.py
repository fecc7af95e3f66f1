"""What every game's ``sheet`` command shares: its options and writing its files.

A game's command draws its :class:`~course_builder.render.kit.export.Sheet` (its pages) and hands
it to :func:`write_sheet`, which exports it through the one export path
(:mod:`course_builder.render.kit.export`: the formats, the paper, the resolution, the names of
several files, what standard output can take) and writes the files all or nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from course_builder.cli.common import F, progress_bar
from course_builder.cli.files import OutputPath, emit, emit_files
from course_builder.cli.options import CaseFreeChoice, format_option
from course_builder.cli.statefiles import is_stdout
from course_builder.render.kit.export import (
    DEFAULT_DPI,
    FORMATS,
    Sheet,
    export,
    file_names,
    stdout_refusal,
)

if TYPE_CHECKING:
    from pathlib import Path

SHEET_FORMATS = FORMATS
"""``--format`` of a sheet: pdf, svg or png."""

PAPERS = ("a4", "letter")

__all__ = ["DEFAULT_DPI", "PAPERS", "SHEET_FORMATS", "dpi_option", "hidden_paper_option",
           "paper_option", "sheet_options", "write_sheet"]


def paper_option(fn: F) -> F:
    return click.option("--paper", type=CaseFreeChoice(PAPERS), default="a4", show_default=True,
                        help="Paper the pages are laid out for (every format: PDF, SVG and "
                        "PNG).")(fn)


def hidden_paper_option(fn: F) -> F:
    """``--paper`` on a command that draws a sheet only for an old spelling (hidden)."""
    return click.option("--paper", type=CaseFreeChoice(PAPERS), default="a4", hidden=True)(fn)


def dpi_option(fn: F) -> F:
    return click.option("--dpi", type=click.IntRange(50, 1200), default=DEFAULT_DPI,
                        show_default=True, help="PNG resolution, 50 to 1200 (recorded in the "
                        "PNG, so it prints at the paper's size); only with --format png.")(fn)


def sheet_options(default: str, pages: str | None) -> Callable[[F], F]:
    """``--format pdf|svg|png``, ``--paper``, ``--dpi`` and ``-o`` of a sheet command: ``default``
    is the file written without ``-o``, ``pages`` the names several pages add to it (None: a
    sheet of one page)."""
    several = (f"With several SVG or PNG pages, each page's name is added ({pages}); all pages "
               "are written or none. " if pages else "")
    options = [
        format_option(*SHEET_FORMATS, text=False, default=None,
                      help="Default: the -o file's extension (.pdf, .svg, .png), else pdf."),
        paper_option,
        dpi_option,
        click.option("-o", "--output", type=OutputPath(), default=None, metavar="FILE",
                     help=f"Output file (default: {default}). {several}'-': one SVG page to "
                     "stdout (PDF and PNG are binary). Written completely or not at all; "
                     "missing folders are created; a symlink's target is written."),
    ]

    def decorate(fn: F) -> F:
        for option in reversed(options):
            fn = option(fn)
        return fn
    return decorate


def sheet_format(fmt: str | None, output: Path | None) -> str:
    """The format asked for, else the one the output file's extension names, else PDF; a format
    that contradicts the extension is a usage error (a PDF written into ``sheet.png`` helps
    nobody). ``--dpi`` given for a sheet that is not a PNG is a usage error too (it would be
    ignored)."""
    named = output.suffix.lower().lstrip(".") if output is not None else ""
    if named not in SHEET_FORMATS:
        chosen = fmt or "pdf"
    elif fmt is not None and fmt != named:
        raise click.UsageError(f"--format {fmt} does not match the file name {output}: "
                               f"give a .{fmt} file or --format {named}")
    else:
        chosen = named
    ctx = click.get_current_context()
    if (ctx.get_parameter_source("dpi") not in (None, click.core.ParameterSource.DEFAULT)
            and chosen != "png"):
        raise click.UsageError("--dpi only applies to --format png")
    return chosen


def write_sheet(draw: Callable[[], Sheet], fmt: str, paper: str, dpi: int,
                output: Path | None, default: Path) -> None:
    """Draw the sheet and write its files: to ``output``, else ``default``; ``-o -`` takes one
    SVG page (a usage error otherwise, said before anything is drawn where it can be)."""
    to_stdout = output is not None and is_stdout(output)
    if to_stdout and (refusal := stdout_refusal(fmt, 1)):
        raise click.UsageError(refusal)
    with progress_bar("drawing the sheet") as progress:
        progress(0, 1)
        sheet = draw()
        if to_stdout and (refusal := stdout_refusal(fmt, len(sheet.pages))):
            raise click.UsageError(refusal)
        files = export(sheet, fmt, paper=paper, dpi=dpi, progress=progress)
    if to_stdout:
        emit(files[0][1].decode("utf-8"), None)
        return
    target = output or default
    if len(files) > 1 and target.exists() and not target.is_file():
        raise click.UsageError(f"{target} is not a file: the {len(files)} pages need a file name "
                               "to number them after")
    names = file_names(target, [name for name, _data in files])
    emit_files([(name, data) for name, (_page, data) in zip(names, files, strict=True)])
