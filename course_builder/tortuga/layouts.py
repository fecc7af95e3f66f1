"""Sector layouts per player count, read from editable ``.layout`` files (docs/tortuga.md).

The base game lays its sector tiles in predetermined configurations per player count
(``other-games-research.md`` 3.2), but no source we could reach shows them. The project ships two
candidate files built from the research's two topologies (section 3.3): ``spokes`` (H1, each
special position at the tip of a spoke, touching one T-sector) and ``notches`` (H2, each special
position in the notch between two T-sectors). Both say ``verified = no``, so every answer built on
them carries the unverified-layout warning (ruling TOR-01). Whoever has the physical rulebook can
redraw the pictures and set ``verified = yes``.

The format: ``;`` starts a comment; a ``[layout]`` section with ``name``, ``title``, ``verified``
and ``source``; then one ``[players N ...]`` section per player count (one section may serve
several counts), holding a picture of the planet in even-r offset rows: one token per hex,
separated by blanks, the token's position in its row being its column (indentation only helps the
eye). Tokens: ``T`` Tortuga, ``Tu`` Turret, ``Tr`` Trade Terminal, ``X`` a special position, ``.``
no sector. T-sectors are numbered ``turret-1``, ``trade-terminal-1``... and special positions
``X1``, ``X2``... in reading order.

Every problem raises :class:`LayoutFileError` naming the file, line and column.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from course_builder.core.errors import SourceError
from course_builder.core.hexgrid import Hex, from_offset, to_offset
from course_builder.core.resources import read_data_text
from course_builder.core.values import Frozen, Mutable, field
from course_builder.tortuga.sectors import (
    DEFENCE_MAX,
    TORTUGA,
    Sector,
    SectorKind,
    SectorMap,
    Special,
)

PLAYER_COUNTS = (2, 3, 4, 5)
BUILTIN = ("spokes", "notches")
SPECIAL_POSITIONS = {2: 4, 3: 4, 4: 4, 5: 6}
"""Special positions per player count: the four base specials at 2-4 players, all six with the
expansion's five-player board (expansion, "Setup with the Expansion")."""
T_TILES = 3
"""Tiles of each T kind: 3 Turret and 3 Trade Terminal (research 3.2, from the bonus tokens)."""
MAX_TEXT = 200_000
MAX_ROWS = 40
MAX_TOKENS = 40

_TOKENS = {"T": SectorKind.TORTUGA, "Tu": SectorKind.TURRET, "Tr": SectorKind.TRADE_TERMINAL,
           "X": SectorKind.SPECIAL}
_SECTION_RE = re.compile(r"^\[\s*([^\]]*?)\s*\]$")
_KEYS = ("name", "title", "verified", "source")


class LayoutFileError(SourceError):
    """A ``.layout`` file that cannot be read: ``file:line:col: what is wrong``."""


class Slot(Frozen):
    """One hex of a layout picture: ``id`` is ``tortuga``, ``turret-2``, ``X3``...; ``line`` and
    ``col`` are where it is written, for error messages."""

    id: str
    kind: SectorKind
    hex: Hex
    line: int = 0
    col: int = 0


class LayoutPlan(Frozen):
    """The picture for some player counts: every slot in reading order."""

    players: tuple[int, ...]
    slots: tuple[Slot, ...]
    line: int = 0

    def special_slots(self) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots if s.kind is SectorKind.SPECIAL)

    def t_sectors(self) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots
                     if s.kind in (SectorKind.TURRET, SectorKind.TRADE_TERMINAL))


class LayoutFile(Frozen):
    """A whole ``.layout`` file: its header and one plan per player count."""

    path: str
    name: str
    title: str
    verified: bool
    source: str
    plans: Mapping[int, LayoutPlan] = field(default_factory=dict)

    def plan(self, players: int) -> LayoutPlan:
        return self.plans[players]

    def sector_map(self, players: int, specials: Mapping[str, Special] | None = None) -> SectorMap:
        """The map for a player count. ``specials`` names the special sector in each position
        (``{"X1": Special.HUB, ...}``); positions left out stay sectors of their own, ``X1``...,
        named "special position"."""
        specials = specials or {}
        sectors = []
        for slot in self.plan(players).slots:
            if slot.kind is SectorKind.SPECIAL and slot.id in specials:
                sp = specials[slot.id]
                sectors.append(Sector(sp.value, slot.kind, sp.label, slot.hex, slot.id,
                                      DEFENCE_MAX.get(sp.value)))
            elif slot.kind is SectorKind.SPECIAL:
                sectors.append(Sector(slot.id, slot.kind, f"special position {slot.id}",
                                      slot.hex, slot.id))
            else:
                sectors.append(Sector(slot.id, slot.kind, _title(slot.id), slot.hex))
        return SectorMap(sectors, f"{self.name}, {players} players", verified=self.verified,
                         source=self.path)


def _title(sector_id: str) -> str:
    """``trade-terminal-2`` -> ``Trade Terminal 2``."""
    return " ".join(w.capitalize() for w in sector_id.split("-"))


# ------------------------------------------------------------------------------------------------
# reading
# ------------------------------------------------------------------------------------------------


def builtin_layouts(name: str) -> LayoutFile:
    """One of the shipped layout files (``spokes`` or ``notches``), from ``data/tortuga/``."""
    if name not in BUILTIN:
        raise LayoutFileError(name, 0, 0, f"no built-in layout {name!r} (built in: "
                              f"{', '.join(BUILTIN)})")
    return parse_layouts(read_data_text("tortuga", f"{name}.layout"), f"data/tortuga/{name}.layout")


class _Section(Mutable):
    header: str
    line: int
    col: int
    props: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    rows: list[tuple[int, list[tuple[str, int]]]] = field(default_factory=list)


def parse_layouts(text: str, path: str = "<string>") -> LayoutFile:
    """Parse the text of a ``.layout`` file; ``path`` names it in error messages."""
    if len(text) > MAX_TEXT:
        raise LayoutFileError(path, 1, 1, f"the file is too long (over {MAX_TEXT} characters)")
    header, plan_sections = _split(text, path)
    props = header.props
    for key in _KEYS:
        if key not in props:
            raise LayoutFileError(path, header.line, header.col, f"[layout] needs '{key} = ...'")
    value, line, col = props["verified"]
    if value.lower() not in ("yes", "no"):
        raise LayoutFileError(path, line, col, f"verified must be 'yes' or 'no', got {value!r}")
    plans: dict[int, LayoutPlan] = {}
    for section in plan_sections:
        plan = _plan(section, path)
        for n in plan.players:
            if n in plans:
                raise LayoutFileError(path, section.line, section.col,
                                      f"{n} players already has a picture (line {plans[n].line})")
            plans[n] = plan
    missing = [str(n) for n in PLAYER_COUNTS if n not in plans]
    if missing:
        raise LayoutFileError(path, header.line, header.col,
                              f"no picture for {', '.join(missing)} players")
    return LayoutFile(path, props["name"][0], props["title"][0], value.lower() == "yes",
                      props["source"][0], plans)


def _split(text: str, path: str) -> tuple[_Section, list[_Section]]:
    sections: list[_Section] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        body = raw.split(";", 1)[0].rstrip()
        stripped = body.strip()
        if not stripped:
            continue
        col0 = len(body) - len(body.lstrip()) + 1
        if stripped.startswith("["):
            m = _SECTION_RE.match(stripped)
            if not m:
                raise LayoutFileError(path, lineno, col0, f"malformed section header {stripped!r}")
            sections.append(_Section(m.group(1), lineno, col0))
        elif not sections:
            raise LayoutFileError(path, lineno, col0, "text before the first [section] header")
        elif sections[-1].header == "layout":
            _property(sections[-1], body, lineno, col0, path)
        else:
            tokens = [(m.group(0), m.start() + 1) for m in re.finditer(r"\S+", body)]
            sections[-1].rows.append((lineno, tokens))
    if not sections or sections[0].header != "layout":
        raise LayoutFileError(path, sections[0].line if sections else 1, 1,
                              "the file starts with a [layout] section")
    return sections[0], sections[1:]


def _property(section: _Section, body: str, line: int, col: int, path: str) -> None:
    key, eq, value = body.partition("=")
    key = key.strip().lower()
    if not eq or key not in _KEYS:
        raise LayoutFileError(path, line, col, f"expected one of {', '.join(_KEYS)} as "
                              f"'key = value' in [layout], got {body.strip()!r}")
    if key in section.props:
        raise LayoutFileError(path, line, col, f"duplicate key {key!r} (first on line "
                              f"{section.props[key][1]})")
    vcol = body.index("=") + 2 + (len(value) - len(value.lstrip()))
    section.props[key] = (value.strip(), line, vcol)


def _players(section: _Section, path: str) -> tuple[int, ...]:
    words = section.header.split()
    if len(words) < 2 or words[0].lower() != "players":
        raise LayoutFileError(path, section.line, section.col,
                              f"unknown section [{section.header}] (expected [layout] or "
                              "[players N ...])")
    counts = []
    for w in words[1:]:
        if not w.isdigit() or int(w) not in PLAYER_COUNTS:
            raise LayoutFileError(path, section.line, section.col,
                                  f"player counts are 2, 3, 4 or 5, got {w!r}")
        counts.append(int(w))
    if len(set(counts)) != len(counts):
        raise LayoutFileError(path, section.line, section.col, "a player count is listed twice")
    return tuple(counts)


def _plan(section: _Section, path: str) -> LayoutPlan:
    players = _players(section, path)
    if not section.rows:
        raise LayoutFileError(path, section.line, section.col, "the picture is empty")
    if len(section.rows) > MAX_ROWS:
        raise LayoutFileError(path, section.rows[MAX_ROWS][0], 1,
                              f"a picture has at most {MAX_ROWS} rows")
    counters: dict[SectorKind, int] = {}
    slots = []
    for row, (line, tokens) in enumerate(section.rows):
        if len(tokens) > MAX_TOKENS:
            raise LayoutFileError(path, line, tokens[MAX_TOKENS][1],
                                  f"a row has at most {MAX_TOKENS} hexes")
        for col, (token, char) in enumerate(tokens):
            if token == ".":
                continue
            kind = _TOKENS.get(token)
            if kind is None:
                raise LayoutFileError(path, line, char, f"unknown token {token!r} (expected T, "
                                      "Tu, Tr, X or .)")
            counters[kind] = counters.get(kind, 0) + 1
            slots.append(Slot(_slot_id(kind, counters[kind]), kind, from_offset(row, col),
                              line, char))
    plan = LayoutPlan(players, tuple(slots), section.line)
    _check_plan(plan, section, path)
    return plan


def _slot_id(kind: SectorKind, n: int) -> str:
    if kind is SectorKind.TORTUGA:
        return TORTUGA if n == 1 else f"{TORTUGA}-{n}"
    if kind is SectorKind.SPECIAL:
        return f"X{n}"
    return f"{kind.value}-{n}"


def _check_plan(plan: LayoutPlan, section: _Section, path: str) -> None:
    """What the sources say of every layout (research 3.2; expansion, "Setup with the
    Expansion"): one Tortuga; a ring of T-sectors around it alternating Turret and Trade Terminal,
    at most three of each; the special positions further out, four (six for five players); one
    connected planet."""
    where = f"the picture for {' and '.join(map(str, plan.players))} players"

    def fail(slot: Slot | None, message: str) -> LayoutFileError:
        line, col = (slot.line, slot.col) if slot else (section.line, section.col)
        return LayoutFileError(path, line, col, f"{where}: {message}")

    kinds = [s.kind for s in plan.slots]
    if kinds.count(SectorKind.TORTUGA) != 1:
        extra = next((s for s in plan.slots if s.id == "tortuga-2"), None)
        raise fail(extra, f"needs exactly one Tortuga (T), found {kinds.count(SectorKind.TORTUGA)}")
    turrets, terminals = kinds.count(SectorKind.TURRET), kinds.count(SectorKind.TRADE_TERMINAL)
    if turrets != terminals or not 1 <= turrets <= T_TILES:
        raise fail(None, f"needs as many Turrets as Trade Terminals, 1 to {T_TILES} of each "
                   f"(found {turrets} Tu and {terminals} Tr)")
    wanted = {SPECIAL_POSITIONS[n] for n in plan.players}
    specials = plan.special_slots()
    if len(wanted) > 1 or len(specials) not in wanted:
        raise fail(None, f"needs {' or '.join(map(str, sorted(wanted)))} special positions (X), "
                   f"found {len(specials)}")
    centre = next(s for s in plan.slots if s.kind is SectorKind.TORTUGA).hex
    by_hex = {s.hex: s for s in plan.slots}
    for s in plan.t_sectors():
        if s.hex.distance(centre) != 1:
            raise fail(s, f"{s.id} does not touch Tortuga")
        twin = next((by_hex[n] for n in s.hex.neighbors()
                     if n in by_hex and by_hex[n].kind is s.kind), None)
        if twin is not None:
            raise fail(s, f"{s.id} touches {twin.id}: Turrets and Trade Terminals alternate")
    for s in specials:
        if s.hex.distance(centre) == 1:
            raise fail(s, f"special position {s.id} touches Tortuga; specials lie further out")
    sector_map = SectorMap([Sector(s.id, s.kind, s.id, s.hex) for s in plan.slots])
    if not sector_map.is_connected():
        far = next(s for s in plan.slots if sector_map.distance(TORTUGA, s.id) is None)
        raise fail(far, f"{far.id} is cut off from Tortuga")


def picture(plan: LayoutPlan) -> list[str]:
    """The plan drawn back as picture rows (the inverse of parsing, for docs and messages)."""
    cells = {to_offset(s.hex): s for s in plan.slots}
    tokens = {k: t for t, k in _TOKENS.items()}
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    out = []
    for r in range(0, max(rows) + 1):
        row = [tokens[cells[(r, c)].kind] if (r, c) in cells else "." for c in range(max(cols) + 1)]
        out.append(("  " if r % 2 == 0 else "") + " ".join(f"{t:3}" for t in row).rstrip())
    return out
