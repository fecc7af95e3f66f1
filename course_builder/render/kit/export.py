"""The one export path of every game's sheets: the pages a game draws become the files asked for.

A game gives only its :class:`Sheet`: its pages as SVG, each named, and the PDF's title. This
module makes the files in the format asked for: SVG, one file per page; PNG, one file per page at
the resolution asked for (recorded in the file, so it prints at the paper's size); PDF, one
document of every page on the paper asked for (pages drawn for that paper are placed unscaled,
others scaled to fit: :mod:`.pdf`). It also says what the files are called (:func:`file_names`:
one file takes the name given; several add their page's name) and when they cannot go to
standard output (:func:`stdout_refusal`: only one SVG page can).

fpdf2 and resvg are imported only by the format that needs them: a command drawing an SVG sheet
loads neither (see docs/architecture.md, "Start-up budget").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from course_builder.core.values import Frozen
from course_builder.render.kit import RenderError
from course_builder.render.kit.pdf import pdf_pages

if TYPE_CHECKING:
    from pathlib import Path

FORMATS = ("pdf", "svg", "png")
"""The formats of every sheet."""

DEFAULT_DPI = 300
"""The resolution of a PNG sheet when none is asked for."""


class Page(Frozen):
    """One page of a sheet: its name (added to the file name of its SVG or PNG file when a sheet
    has several; ``""`` keeps the name given) and the page as SVG."""

    name: str
    svg: str


class Sheet(Frozen):
    """What a game gives to have its sheet exported: the pages in order and the PDF's title."""

    pages: tuple[Page, ...]
    title: str


def export(sheet: Sheet, fmt: str, *, paper: str = "a4", dpi: int = DEFAULT_DPI,
           progress: Callable[[int, int], None] | None = None) -> list[tuple[str, bytes]]:
    """The files of ``sheet`` in ``fmt``: ``(page name, bytes)``, one per page for SVG and PNG,
    one PDF of every page (its name ``""``). ``progress(done, total)`` hears of each step: the
    pages drawn, then each page converted (PNG) or the whole document made (PDF)."""
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
    report = progress or (lambda done, total: None)
    total = 1 + (len(sheet.pages) if fmt == "png" else 1)
    report(1, total)
    if fmt == "pdf":
        data = pdf_pages([page.svg for page in sheet.pages], paper, title=sheet.title)
        report(total, total)
        return [("", data)]
    if fmt == "png":
        from course_builder.render.kit.png import png_from_svg  # resvg: only for a PNG

        files = []
        for page in sheet.pages:
            files.append((page.name, png_from_svg(page.svg, dpi)))
            report(1 + len(files), total)
        return files
    report(total, total)
    return [(page.name, page.svg.encode("utf-8")) for page in sheet.pages]


def file_names(target: Path, names: Sequence[str]) -> list[Path]:
    """The file of each exported file when ``target`` is asked for: ``target`` itself for one
    file; for several, ``target`` with ``-NAME`` added before its extension (``sheet-A.svg``,
    ``sheet-mats.svg``), a file named ``""`` keeping ``target``."""
    if len(names) == 1:
        return [target]
    return [target.with_name(f"{target.stem}-{name}{target.suffix}") if name else target
            for name in names]


def stdout_refusal(fmt: str, pages: int) -> str | None:
    """Why a sheet of ``pages`` pages in ``fmt`` cannot go to standard output (``-o -``), or
    None when it can: one SVG page only."""
    if fmt != "svg":
        return (f"a {fmt.upper()} sheet is binary: it is written to a file, not to stdout "
                "('-o -' takes one SVG page)")
    if pages > 1:
        return (f"this sheet has {pages} pages: they are written to files, one a page, not to "
                "stdout ('-o -' takes one SVG page)")
    return None
