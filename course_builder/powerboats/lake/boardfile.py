"""Reading lake kits from the human-editable ``.board`` text format (see docs/board-format.md).

A kit describes the physical pieces: the border ring, the frame's slots, every lake-tile face
(dark and light side) and the arrangement printed in the rulebook. Assembling a kit into a playable
:class:`~course_builder.powerboats.lake.board.Board` is :func:`course_builder.powerboats.lake.board.assemble`.

Every problem in a file raises :class:`BoardFileError` naming the file, line and column.
"""

from __future__ import annotations

import re

from course_builder.core.errors import SourceError
from course_builder.core.hexgrid import Direction
from course_builder.core.values import Frozen, Mutable, field

FACES = ("dark", "light")
TRANSCRIBED = "transcribed"
NOT_TRANSCRIBED = "not transcribed"

_SPOT_RE = re.compile(r"^([ABCabc])(?::([A-Za-z]*))?(\?)?$")
_SECTION_RE = re.compile(r"^\[\s*([^\]]*?)\s*\]$")


class BoardFileError(SourceError):
    """A ``.board`` file that cannot be read; the message is ``file:line:col: what is wrong``."""


class SpotMark(Frozen):
    """A letter printed on a hex, as written in the file: the fields of a
    :class:`~course_builder.powerboats.lake.board.LetterMark` and the line and column it is
    written at."""

    letter: str
    on_land: bool
    side: Direction
    approximate: bool = False
    line: int = 0
    col: int = 0


_TOKEN_RE = re.compile(r"\S+")


def _columns(text: str) -> list[int]:
    """The column (from 1) where each hex's token of a grid row starts: worked out only for the
    messages that point at a hex, so that reading a good file does not keep them."""
    return [m.start() + 1 for m in _TOKEN_RE.finditer(text)]


class Grid(Frozen):
    """A block of hexes as the file gives them: each row as one character a hex (``.`` water,
    ``#`` land, ``_`` covered), which assembling a lake copies whole, the letter spots printed on
    it, and, for error messages, the rows' text and line numbers."""

    terrain_text: tuple[str, ...]
    marks: tuple[tuple[int, int, SpotMark], ...]
    """The letter spots printed on the grid: ``(row, col, mark)`` in reading order."""
    lines: tuple[tuple[int, str], ...]
    """Each row's line number and text in the file."""

    @property
    def rows(self) -> int:
        return len(self.terrain_text)

    @property
    def cols(self) -> int:
        return len(self.terrain_text[0]) if self.terrain_text else 0

    def position(self, row: int, col: int) -> tuple[int, int]:
        """The line and column in the file of the hex at ``(row, col)``."""
        line, text = self.lines[row]
        return line, _columns(text)[col]


class TileFace(Frozen):
    """One side of one lake tile."""

    tile: str
    face: str
    status: str
    grid: Grid | None
    line: int


class Slot(Frozen):
    """A place in the frame that holds one lake tile: its top-left hex."""

    name: str
    row: int
    col: int
    line: int


class Placement(Frozen):
    """Which tile face lies in a slot, and whether it is turned by 180 degrees."""

    tile: str
    face: str = "dark"
    rotated: bool = False

    def code(self) -> str:
        """Compact form used in arrangement strings: ``3d``, ``5lr`` (light, rotated)."""
        return f"{self.tile}{self.face[0]}{'r' if self.rotated else ''}"


class LakeKit(Frozen):
    """Everything a ``.board`` file describes."""

    path: str
    name: str
    title: str
    rows: int
    cols: int
    tile_rows: int
    tile_cols: int
    slots: dict[str, Slot]
    faces: dict[tuple[str, str], TileFace]
    border: Grid
    arrangement: dict[str, Placement]

    def tiles(self) -> list[str]:
        """The tile names, in the order they first appear."""
        seen: dict[str, None] = {}
        for tile, _face in self.faces:
            seen.setdefault(tile, None)
        return list(seen)


# ------------------------------------------------------------------------------------------------
# parsing
# ------------------------------------------------------------------------------------------------


class _Section(Mutable):
    """A ``[section]`` of the file as read: its kind and arguments, where its header is, then
    its ``key = value`` properties and grid rows (the text of each, and its line) as the lines
    come."""

    kind: str
    arg: tuple[str, ...]
    line: int
    col: int
    props: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    rows: list[str] = field(default_factory=list)
    row_lines: list[int] = field(default_factory=list)


_GRID_SECTIONS = {"border", "tile"}
_KNOWN_SECTIONS = {"board", "slots", "arrangement", "border", "tile"}


def parse_kit(text: str, path: str = "<string>") -> LakeKit:
    """Parse the text of a ``.board`` file; ``path`` is only used in error messages."""
    sections = _split_sections(text, path)
    return _Builder(path, sections).build()


def _split_sections(text: str, path: str) -> list[_Section]:
    sections: list[_Section] = []
    current: _Section | None = None
    for lineno, raw in enumerate(text.splitlines(), start=1):
        body = raw.split(";", 1)[0].rstrip()
        if not body.strip():
            continue
        stripped = body.strip()
        col0 = len(body) - len(body.lstrip()) + 1
        if stripped.startswith("["):
            m = _SECTION_RE.match(stripped)
            if not m:
                raise BoardFileError(path, lineno, col0, f"malformed section header {stripped!r}")
            words = m.group(1).split()
            if not words or words[0].lower() not in _KNOWN_SECTIONS:
                known = ", ".join(f"[{k}]" for k in sorted(_KNOWN_SECTIONS))
                raise BoardFileError(
                    path, lineno, col0, f"unknown section {stripped!r} (expected one of {known})"
                )
            current = _Section(words[0].lower(), tuple(words[1:]), lineno, col0)
            sections.append(current)
            continue
        if current is None:
            raise BoardFileError(path, lineno, col0, "text before the first [section] header")
        if "=" in body:
            key, _, value = body.partition("=")
            key = key.strip()
            if current.kind not in ("slots", "arrangement"):
                key = key.lower()  # slot names keep their case; other keys do not
            if not key:
                raise BoardFileError(path, lineno, col0, "missing key before '='")
            if key in current.props:
                raise BoardFileError(
                    path, lineno, col0, f"duplicate key {key!r} (first given on line "
                    f"{current.props[key][1]})"
                )
            vcol = body.index("=") + 2 + (len(value) - len(value.lstrip()))
            current.props[key] = (value.strip(), lineno, vcol)
            continue
        if current.kind not in _GRID_SECTIONS:
            raise BoardFileError(
                path, lineno, col0, f"expected 'key = value' in [{current.kind}], got {stripped!r}"
            )
        current.rows.append(body)
        current.row_lines.append(lineno)
    return sections


def _parse_pair(value: str, sep: str, path: str, line: int, col: int, what: str) -> tuple[int, int]:
    parts = [p.strip() for p in value.lower().split(sep)]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise BoardFileError(path, line, col, f"{what} must look like 'N {sep} M', got {value!r}")
    return int(parts[0]), int(parts[1])


class _Builder:
    def __init__(self, path: str, sections: list[_Section]) -> None:
        self.path = path
        self.sections = sections

    def error(self, line: int, col: int, message: str) -> BoardFileError:
        return BoardFileError(self.path, line, col, message)

    def build(self) -> LakeKit:
        by_kind: dict[str, list[_Section]] = {}
        face_sections: dict[tuple[str, str], _Section] = {}
        for s in self.sections:
            if s.kind == "tile":
                if len(s.arg) != 2 or s.arg[1].lower() not in FACES:
                    raise self.error(
                        s.line, s.col, "a tile section is written [tile NAME dark] or "
                        "[tile NAME light]"
                    )
                key = (s.arg[0], s.arg[1].lower())
                if key in face_sections:
                    raise self.error(
                        s.line, s.col, f"duplicate section [tile {key[0]} {key[1]}] (first on "
                        f"line {face_sections[key].line})"
                    )
                face_sections[key] = s
                continue
            if s.arg:
                raise self.error(s.line, s.col, f"[{s.kind}] takes no name")
            if s.kind in by_kind:
                first = by_kind[s.kind][0].line
                raise self.error(
                    s.line, s.col, f"duplicate section [{s.kind}] (first on line {first})"
                )
            by_kind[s.kind] = [s]
        for required in ("board", "slots", "arrangement", "border"):
            if required not in by_kind:
                raise self.error(1, 1, f"missing section [{required}]")
        board = by_kind["board"][0]
        self._only_keys(board, {"name", "title", "size", "tile-size"})
        name = self._required(board, "name")[0]
        title = board.props.get("title", (name, 0, 0))[0]
        size_v, size_l, size_c = self._required(board, "size")
        rows, cols = _parse_pair(size_v, "x", self.path, size_l, size_c, "size")
        ts_v, ts_l, ts_c = self._required(board, "tile-size")
        tile_rows, tile_cols = _parse_pair(ts_v, "x", self.path, ts_l, ts_c, "tile-size")
        if rows < 1 or cols < 1 or tile_rows < 1 or tile_cols < 1:
            raise self.error(size_l, size_c, "sizes must be at least 1 x 1")

        border_s = by_kind["border"][0]
        self._only_keys(border_s, set())
        border = self._grid(border_s, rows, cols, "the border", allow_covered=True)

        faces: dict[tuple[str, str], TileFace] = {}
        for key, s in face_sections.items():
            self._only_keys(s, {"status"})
            status_v, st_l, st_c = s.props.get("status", (TRANSCRIBED, s.line, s.col))
            status = " ".join(status_v.lower().split())
            if status not in (TRANSCRIBED, NOT_TRANSCRIBED):
                raise self.error(
                    st_l, st_c, f"status must be '{TRANSCRIBED}' or '{NOT_TRANSCRIBED}', "
                    f"got {status_v!r}"
                )
            label = f"tile {key[0]} {key[1]}"
            if status == NOT_TRANSCRIBED:
                if s.rows:
                    raise self.error(
                        s.row_lines[0], 1, f"[{label}] is marked '{NOT_TRANSCRIBED}' but has hexes"
                    )
                grid = None
            else:
                grid = self._grid(s, tile_rows, tile_cols, label, allow_covered=False)
            faces[key] = TileFace(key[0], key[1], status, grid, s.line)

        slots = self._slots(by_kind["slots"][0], rows, cols, tile_rows, tile_cols, border)
        arrangement = self._arrangement(by_kind["arrangement"][0], slots, faces)
        return LakeKit(
            self.path, name, title, rows, cols, tile_rows, tile_cols, slots, faces, border,
            arrangement,
        )

    def _only_keys(self, s: _Section, allowed: set[str]) -> None:
        for key, (_v, line, _col) in s.props.items():
            if key not in allowed:
                what = ", ".join(sorted(allowed)) or "no keys"
                raise self.error(line, 1, f"unknown key {key!r} in [{s.kind}] (allowed: {what})")

    def _required(self, s: _Section, key: str) -> tuple[str, int, int]:
        if key not in s.props:
            raise self.error(s.line, s.col, f"[{s.kind}] needs '{key} = ...'")
        return s.props[key]

    def _grid(self, s: _Section, rows: int, cols: int, label: str, *, allow_covered: bool) -> Grid:
        if len(s.rows) != rows:
            line = s.row_lines[-1] if s.rows else s.line
            raise self.error(
                line, 1, f"{label} has {len(s.rows)} rows of hexes, expected {rows}"
            )
        plain = {".", "#", "_"} if allow_covered else {".", "#"}
        terrain: list[str] = []
        marks: list[tuple[int, int, SpotMark]] = []
        for r, (text, line) in enumerate(zip(s.rows, s.row_lines, strict=True)):
            tokens = text.split()
            if len(tokens) != cols:
                columns = _columns(text)
                col = columns[cols] if len(tokens) > cols else columns[-1]
                raise self.error(
                    line, col, f"row {r} of {label} has {len(tokens)} hexes, expected {cols}"
                )
            row = "".join(tokens)
            if len(row) == cols and set(row) <= plain:  # no letter spot (most rows)
                terrain.append(row)
                continue
            hexes = []
            for c, (token, col) in enumerate(zip(tokens, _columns(text), strict=True)):
                if token in plain:
                    hexes.append(token)
                    continue
                mark = self._spot(token, line, col, allow_covered)
                hexes.append("#" if mark.on_land else ".")
                marks.append((r, c, mark))
            terrain.append("".join(hexes))
        lines = tuple(zip(s.row_lines, s.rows, strict=True))
        return Grid(tuple(terrain), tuple(marks), lines)

    def _spot(self, token: str, line: int, col: int, allow_covered: bool) -> SpotMark:
        """The letter spot a token other than ``.``, ``#`` (and in the border ``_``) stands
        for."""
        if token == "_" and not allow_covered:
            raise self.error(line, col, "'_' (covered by a lake tile) only belongs in [border]")
        m = _SPOT_RE.match(token)
        if not m:
            raise self.error(
                line, col, f"unknown hex {token!r} (expected '.', '#', '_' or a letter spot "
                "like 'A:NW')"
            )
        letter, side_text, approx = m.groups()
        if side_text is None or side_text == "":
            raise self.error(
                line, col, f"letter spot {token!r} has no side: write it as '{letter}:NE' "
                "(E, NE, NW, W, SW or SE)"
            )
        try:
            side = Direction.parse(side_text)
        except ValueError:
            raise self.error(
                line, col + 2, f"unknown side {side_text!r} (expected E, NE, NW, W, SW or SE)"
            ) from None
        return SpotMark(letter.upper(), letter.islower(), side, approx is not None, line, col)

    def _slots(
        self, s: _Section, rows: int, cols: int, tile_rows: int, tile_cols: int, border: Grid
    ) -> dict[str, Slot]:
        slots: dict[str, Slot] = {}
        owner: list[list[str | None]] = [[None] * cols for _ in range(rows)]  # slot of each hex
        if not s.props:
            raise self.error(s.line, s.col, "[slots] lists no slot")
        for name, (value, line, col) in s.props.items():
            r0, c0 = _parse_pair(value, ",", self.path, line, col, f"slot {name}")
            if r0 + tile_rows > rows or c0 + tile_cols > cols:
                raise self.error(
                    line, col, f"slot {name} at ({r0}, {c0}) does not fit: a {tile_rows} x "
                    f"{tile_cols} tile would run off the {rows} x {cols} lake"
                )
            if r0 % 2:
                raise self.error(
                    line, col, f"slot {name} starts on odd row {r0}; slots start on even rows so "
                    "that tiles can be swapped between them"
                )
            for r in range(r0, r0 + tile_rows):  # a row of the slot at a time
                covered = border.terrain_text[r][c0:c0 + tile_cols]
                taken = owner[r][c0:c0 + tile_cols]
                if covered != "_" * tile_cols or any(taken):
                    c = next(c0 + i for i in range(tile_cols) if taken[i] or covered[i] != "_")
                    if owner[r][c]:
                        raise self.error(
                            line, col, f"slot {name} overlaps slot {owner[r][c]} at ({r}, {c})"
                        )
                    bl, bc = border.position(r, c)
                    raise self.error(
                        line, col, f"slot {name} does not fit the frame: hex ({r}, {c}) is "
                        f"part of the border (line {bl}, column {bc}), not '_'"
                    )
                owner[r][c0:c0 + tile_cols] = [name] * tile_cols
            slots[name] = Slot(name, r0, c0, line)
        for r, text in enumerate(border.terrain_text):  # every '_' is in a slot (slots hold '_')
            if text.count("_") != cols - owner[r].count(None):
                c = next(c for c in range(cols) if text[c] == "_" and owner[r][c] is None)
                bl, bc = border.position(r, c)
                raise self.error(bl, bc, f"hex ({r}, {c}) is marked '_' but no slot covers it")
        return slots

    def _arrangement(
        self, s: _Section, slots: dict[str, Slot], faces: dict[tuple[str, str], TileFace]
    ) -> dict[str, Placement]:
        placements: dict[str, Placement] = {}
        used: dict[str, str] = {}
        for slot_name, (value, line, col) in s.props.items():
            if slot_name not in slots:
                raise self.error(line, 1, f"unknown slot {slot_name!r} (slots: {', '.join(slots)})")
            real = slot_name
            words = value.split()
            if len(words) not in (2, 3) or words[1].lower() not in FACES or (
                len(words) == 3 and words[2].lower() != "rotated"
            ):
                raise self.error(
                    line, col, f"expected 'TILE dark|light [rotated]' for slot {real}, got {value!r}"
                )
            tile, face = words[0], words[1].lower()
            if (tile, face) not in faces:
                raise self.error(line, col, f"no section [tile {tile} {face}] for slot {real}")
            if faces[(tile, face)].status != TRANSCRIBED:
                raise self.error(
                    line, col, f"tile {tile} {face} is not transcribed, so it cannot be placed"
                )
            if tile in used:
                raise self.error(line, col, f"tile {tile} is already placed in slot {used[tile]}")
            used[tile] = real
            placements[real] = Placement(tile, face, len(words) == 3)
        for name in slots:
            if name not in placements:
                raise self.error(s.line, s.col, f"[arrangement] puts no tile in slot {name}")
        return placements
