"""Plots of simulations, with matplotlib: how many turns races take, and where boats crash.

Both return the file's bytes (PNG or SVG) for the command line to write; matplotlib is imported
when a plot is made, with its non-interactive Agg backend.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from course_builder.core.hexgrid import Layout, from_offset
from course_builder.powerboats.lake.board import Board

FORMATS = ("png", "svg")
WATER, LAND = "#d9ecf7", "#c9b98f"


def _figure_bytes(figure: object, fmt: str) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format=fmt, dpi=150, bbox_inches="tight")  # type: ignore[attr-defined]
    import matplotlib.pyplot as plt

    plt.close(figure)  # type: ignore[arg-type]
    return buffer.getvalue()


def _pyplot():  # type: ignore[no-untyped-def]
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def turns_plot(samples: Mapping[str, Sequence[int]], fmt: str = "png", *,
               title: str = "Turns to finish") -> bytes:
    """The distribution of turns to finish of each labelled course (a step histogram each)."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7, 4))
    everything = [t for values in samples.values() for t in values]
    if everything:
        bins = range(min(everything), max(everything) + 2)
        for label, values in samples.items():
            axes.hist(values, bins=bins, histtype="step", linewidth=1.6,
                      label=f"{label} (n={len(values)})")
        axes.legend(fontsize=8)
    axes.set_xlabel("turns to finish")
    axes.set_ylabel("boats")
    axes.yaxis.get_major_locator().set_params(integer=True)  # boats are counted whole
    axes.set_title(title)
    axes.grid(alpha=0.3)
    return _figure_bytes(figure, fmt)


def crash_map(board: Board, crashes: Mapping[tuple[int, int], int], fmt: str = "png", *,
              marks: Mapping[str, tuple[int, int]] | None = None,
              title: str = "Where boats crash") -> bytes:
    """A heat map of crashes on the lake: each hex shaded by the number of crashes that ended
    there, land in sand, water pale blue; ``marks`` labels hexes (the buoys: "0", "1", ...)."""
    plt = _pyplot()
    from matplotlib.collections import PolyCollection
    from matplotlib.colors import Normalize

    layout = Layout(1.0)
    polygons, colours, hot, counts = [], [], [], []
    for h in board.hexes():
        corners = [(x, -y) for x, y in layout.corners(h)]
        count = crashes.get(h.offset, 0)
        if count:
            hot.append(corners)
            counts.append(count)
        else:
            polygons.append(corners)
            colours.append(WATER if board.is_water(h) else LAND)
    figure, axes = plt.subplots(figsize=(7, 7))
    axes.add_collection(PolyCollection(polygons, facecolors=colours, edgecolors="white",
                                       linewidths=0.3))
    if hot:
        heat = PolyCollection(hot, array=counts, cmap="inferno_r", edgecolors="white",
                              linewidths=0.3, norm=Normalize(vmin=0, vmax=max(counts)))
        axes.add_collection(heat)
        figure.colorbar(heat, ax=axes, shrink=0.7, label="crashes")
    for label, (row, col) in (marks or {}).items():
        x, y = layout.center(from_offset(row, col))
        axes.plot(x, -y, "o", markersize=11, markerfacecolor="#ffd23f", markeredgecolor="black")
        axes.annotate(label, (x, -y), ha="center", va="center", fontsize=7, weight="bold")
    axes.autoscale_view()
    axes.set_aspect("equal")
    axes.axis("off")
    axes.set_title(title)
    return _figure_bytes(figure, fmt)
