"""Questions about the sector map, answered with the rulings they rest on.

Adjacent sectors and distances (ruling TOR-04), the sectors within ``k`` steps (the Accelerator's
"within three sectors", SB-ACCELERATOR, TOR-05), the sectors furthest from one (SB-HUNT-EMPTY,
all ties returned, TOR-06) and the shortest paths between two. Every answer depends on the layout,
so an unverified map's warning goes with it (TOR-01).
"""

from __future__ import annotations

from typing import Any

from course_builder.core.hexgrid import to_offset
from course_builder.core.values import Frozen, field
from course_builder.tortuga import rules as R
from course_builder.tortuga.outcome import Step
from course_builder.tortuga.sectors import SectorError, SectorMap

MAX_WITHIN = 64


class MapAnswer(Frozen):
    """The answers asked for about one sector (``origin``), as plain data with the steps."""

    map: SectorMap
    origin: str | None = None
    adjacent: tuple[str, ...] = ()
    distances: dict[str, int] = field(default_factory=dict)
    within: tuple[int, tuple[str, ...]] | None = None
    furthest: tuple[int, tuple[str, ...]] | None = None
    paths: tuple[str, tuple[tuple[str, ...], ...]] | None = None
    steps: tuple[Step, ...] = ()

    @property
    def warning(self) -> str | None:
        return self.map.warning

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"warning": self.warning, "map": self.map.to_json(),
                               "steps": [s.to_json() for s in self.steps]}
        if self.origin is not None:
            out.update({"from": self.origin, "adjacent": list(self.adjacent),
                        "distances": self.distances})
        if self.within is not None:
            out["within"] = {"k": self.within[0], "sectors": list(self.within[1])}
        if self.furthest is not None:
            out["furthest"] = {"distance": self.furthest[0], "sectors": list(self.furthest[1])}
        if self.paths is not None:
            out["paths"] = {"to": self.paths[0], "paths": [list(p) for p in self.paths[1]]}
        return out

    def text(self) -> str:
        lines = [f"WARNING: {self.warning}"] if self.warning else []
        lines.append(f"map: {self.map.name} ({len(self.map)} sectors)")
        if self.origin is None:
            lines += [_sector_line(self.map, s) for s in self.map.ids()]
        else:
            lines.append(f"adjacent to {self.origin}: {', '.join(self.adjacent) or 'none'}")
            rings: dict[int, list[str]] = {}
            for s, d in self.distances.items():
                rings.setdefault(d, []).append(s)
            lines.append("distances from " + self.origin + ": " + "; ".join(
                f"{d}: {', '.join(rings[d])}" for d in sorted(rings)))
        if self.within is not None:
            lines.append(f"within {self.within[0]} of {self.origin}: "
                         f"{', '.join(self.within[1]) or 'none'}")
        if self.furthest is not None:
            lines.append(f"furthest from {self.origin} ({self.furthest[0]} steps): "
                         f"{', '.join(self.furthest[1])}")
        if self.paths is not None:
            to, paths = self.paths
            if not paths:
                lines.append(f"no path from {self.origin} to {to}")
            for p in paths:
                lines.append(f"path {self.origin} -> {to} ({len(p) - 1} steps): {' '.join(p)}")
        lines += [f"- {s.line()}" for s in self.steps]
        return "\n".join(lines) + "\n"


def _sector_line(sector_map: SectorMap, sector_id: str) -> str:
    s = sector_map.sector(sector_id)
    row, col = to_offset(s.hex)
    extra = f", defence max {s.defence_max}" if s.defence_max is not None else ""
    return (f"{s.id:16} {s.name} ({s.kind.value}{', ' + s.slot if s.slot else ''}{extra}; "
            f"row {row}, col {col}); adjacent: {', '.join(sector_map.adjacent(s.id))}")


def ask(sector_map: SectorMap, origin: str | None = None, *, within: int | None = None,
        furthest: bool = False, path_to: str | None = None) -> MapAnswer:
    """Answer the questions asked about ``origin`` (all of them need it)."""
    if origin is None:
        if within is not None or furthest or path_to is not None:
            raise SectorError("within, furthest and path_to need an origin sector")
        return MapAnswer(sector_map, steps=(Step(R.ADJACENCY, "adjacent sectors share a side"),))
    steps = [Step(R.ADJACENCY, "adjacent sectors share a side; distance counts sector steps")]
    answer: dict[str, Any] = {"adjacent": sector_map.adjacent(origin),
                              "distances": sector_map.distances_from(origin)}
    if within is not None:
        k = max(0, min(within, MAX_WITHIN))
        answer["within"] = (k, sector_map.within(origin, k))
        steps.append(Step(R.WITHIN, f"within {k} counts sectors 1 to {k} steps away"))
    if furthest:
        answer["furthest"] = sector_map.furthest_from(origin)
        steps.append(Step(R.FURTHEST, "every sector counts, Tortuga included; all ties are "
                                      "listed"))
    if path_to is not None:
        answer["paths"] = (path_to, sector_map.shortest_paths(origin, path_to))
    return MapAnswer(sector_map, origin, steps=tuple(steps), **answer)
