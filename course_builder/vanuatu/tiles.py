"""The archipelago tiles: Efate, the three start ocean tiles and the twelve lettered tiles.

The catalogue is data (``data/vanuatu/tiles.txt``, source: other-games-research.md section 2.2);
this module reads it into :class:`Tile` records and checks it: one Efate, three start ocean tiles
of which one carries the boats, two tiles of each letter A-F. Islands carry hut spaces; only a
tile's kind matters to the Rising Waters rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from functools import cache

from course_builder.core.resources import read_data_text
from course_builder.core.values import Frozen
from course_builder.vanuatu.datafile import DataFileError, Field, Record, choice, integer, read_table
from course_builder.vanuatu.errors import VanuatuError, shown

COLUMNS = ("id", "kind", "role", "fish", "treasure", "huts", "drawings", "tourists", "goods")
GOODS = ("kava", "copra", "beef")
LETTERS = "ABCDEF"


class TileKind(StrEnum):
    """The two kinds of archipelago tile."""

    ISLAND = "island"
    OCEAN = "ocean"


class TileRole(StrEnum):
    """Where a tile enters the game (research 2.1, "Setup" and "Tile stacks")."""

    EFATE = "efate"
    START = "start"
    BOATS = "boats"  # the start ocean tile the boats start on
    LETTERED = "lettered"


class Tile(Frozen):
    """One tile and what is printed on it (``None`` where a value does not apply)."""

    id: str
    kind: TileKind
    role: TileRole
    fish: int | None = None
    treasure: int | None = None
    huts: int = 0
    drawings: int = 0
    tourists: int = 0
    goods: tuple[str, ...] = ()

    @property
    def is_island(self) -> bool:
        return self.kind is TileKind.ISLAND

    @property
    def is_start(self) -> bool:
        """A start ocean tile (shuffled onto the start spaces at setup)."""
        return self.role in (TileRole.START, TileRole.BOATS)

    @property
    def letter(self) -> str | None:
        return self.id[0] if self.role is TileRole.LETTERED else None

    @property
    def label(self) -> str:
        """A short name for maps and sheets: ``Efate``, ``fish``, ``A1``."""
        if self.role is TileRole.EFATE:
            return "Efate"
        return self.id.removeprefix("start-")


class Catalogue(Frozen):
    """Every tile by id, in file order."""

    tiles: Mapping[str, Tile]

    def get(self, tile_id: str) -> Tile:
        """The tile with this id (case does not matter); a one-line error for an unknown id."""
        exact = self.tiles.get(tile_id) if isinstance(tile_id, str) else None
        if exact is not None:
            return exact
        key = _canonical(tile_id)
        tile = self.tiles.get(key) if key is not None else None
        if tile is None:
            raise VanuatuError(f"unknown tile {shown(tile_id)} (tiles: {', '.join(self.tiles)})")
        return tile

    def find(self, tile_id: str) -> Tile | None:
        key = _canonical(tile_id)
        return self.tiles.get(key) if key is not None else None

    def with_role(self, *roles: TileRole) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles.values() if t.role in roles)

    @property
    def efate(self) -> Tile:
        return self.with_role(TileRole.EFATE)[0]

    @property
    def start_tiles(self) -> tuple[Tile, ...]:
        return self.with_role(TileRole.START, TileRole.BOATS)

    @property
    def boats_tile(self) -> Tile:
        return self.with_role(TileRole.BOATS)[0]

    @property
    def lettered(self) -> tuple[Tile, ...]:
        return self.with_role(TileRole.LETTERED)

    def pair(self, letter: str) -> tuple[Tile, Tile]:
        """The two tiles of a letter, 1 before 2."""
        found = tuple(t for t in self.lettered if t.letter == letter)
        return found[0], found[1]


def _canonical(tile_id: str) -> str | None:
    """The catalogue spelling of an id typed in any case: ``a1`` -> ``A1``, ``EFATE`` -> ``efate``."""
    if not isinstance(tile_id, str) or len(tile_id) > 20:
        return None
    text = tile_id.strip()
    return text.upper() if re.fullmatch(r"[A-Fa-f][12]", text) else text.lower()


def parse_catalogue(text: str, path: str) -> Catalogue:
    """A catalogue from the text of a tiles file; errors name the file, line and column."""
    tiles: dict[str, Tile] = {}
    for record in read_table(text, path, COLUMNS):
        tile = _tile(record, path)
        if tile.id in tiles:
            field = record["id"]
            raise DataFileError(path, field.line, field.col, f"tile {tile.id} is listed twice")
        tiles[tile.id] = tile
    _check_catalogue(tiles, path, text.count("\n") + 1)
    return Catalogue(tiles)


def _tile(record: Record, path: str) -> Tile:
    tid = record["id"]
    if not re.fullmatch(r"[a-z][a-z-]{0,19}|[A-F][12]", tid.text):
        raise DataFileError(path, tid.line, tid.col, f"tile id must be lower-case words such as "
                            f"start-fish or a letter A-F and 1 or 2, got {tid.text!r}")
    kind = TileKind(choice(path, record["kind"], [str(k) for k in TileKind], "kind"))
    role = TileRole(choice(path, record["role"], [str(r) for r in TileRole], "role"))
    if (role is TileRole.LETTERED) != bool(re.fullmatch(r"[A-F][12]", tid.text)):
        raise DataFileError(path, tid.line, tid.col,
                            "lettered tiles, and only they, are named A1 to F2")
    if kind is TileKind.OCEAN:
        _dashes(record, path, ("huts", "drawings", "tourists", "goods"), "an ocean tile")
        return Tile(tid.text, kind, role, fish=_value(record["fish"], path, "fish"),
                    treasure=_value(record["treasure"], path, "treasure"))
    _dashes(record, path, ("fish", "treasure"), "an island")
    return Tile(tid.text, kind, role, huts=_value(record["huts"], path, "huts"),
                drawings=_value(record["drawings"], path, "drawings"),
                tourists=_value(record["tourists"], path, "tourists"),
                goods=_goods(record["goods"], path))


def _value(field: Field, path: str, what: str) -> int:
    return integer(path, field, 0, 9, what)


def _dashes(record: Record, path: str, columns: tuple[str, ...], what: str) -> None:
    for column in columns:
        field = record[column]
        if field.text != "-":
            raise DataFileError(path, field.line, field.col,
                                f"{what} has no {column}: write '-', got {field.text!r}")


def _goods(field: Field, path: str) -> tuple[str, ...]:
    if field.text == "-":
        return ()
    goods = tuple(field.text.split(","))
    for good in goods:
        if good not in GOODS:
            raise DataFileError(path, field.line, field.col,
                                f"goods are {', '.join(GOODS)} separated by commas, got {good!r}")
    return goods


def _check_catalogue(tiles: Mapping[str, Tile], path: str, last_line: int) -> None:
    """The set of tiles the rules need (research 2.1, "Growing the board")."""
    roles = [t.role for t in tiles.values()]
    problems = []
    if roles.count(TileRole.EFATE) != 1:
        problems.append("exactly one efate tile")
    if roles.count(TileRole.BOATS) != 1 or roles.count(TileRole.START) != 2:
        problems.append("three start ocean tiles, one of them with role boats")
    if any(t.kind is not TileKind.OCEAN for t in tiles.values() if t.is_start):
        problems.append("start tiles that are ocean tiles")
    if any(t.kind is not TileKind.ISLAND for t in tiles.values() if t.role is TileRole.EFATE):
        problems.append("an efate tile that is an island")
    expected = {f"{letter}{n}" for letter in LETTERS for n in (1, 2)}
    if {t.id for t in tiles.values() if t.role is TileRole.LETTERED} != expected:
        problems.append("the twelve lettered tiles A1, A2 ... F1, F2")
    if problems:
        raise DataFileError(path, last_line, 1, "the catalogue needs " + "; ".join(problems))


@cache
def catalogue() -> Catalogue:
    """The shipped catalogue (``data/vanuatu/tiles.txt``)."""
    return parse_catalogue(read_data_text("vanuatu", "tiles.txt"),
                           "data/vanuatu/tiles.txt")
