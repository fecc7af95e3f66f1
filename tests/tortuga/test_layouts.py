"""The layout files: the shipped candidates, the format, and errors at file:line:col (TOR-01, TOR-02)."""

from __future__ import annotations

import pytest

from course_builder.tortuga.layouts import (
    LayoutFileError,
    builtin_layouts,
    parse_layouts,
    picture,
)
from course_builder.tortuga.sectors import SectorKind

HEADER = """[layout]
name = test
title = A test layout
verified = no
source = tests
"""
RING6 = """
  X   .   X
.   Tu  Tr
  Tr  T   Tu
.   Tu  Tr
  X   .   X
"""
FIVE = """
  .   X   .   X   .
.   .   Tu  Tr  .
  X   Tr  T   Tu  X
.   .   Tu  Tr  .
  .   X   .   X   .
"""


def layout_text(two: str = RING6, rest: str = RING6, five: str = FIVE, header: str = HEADER
                ) -> str:
    return f"{header}\n[players 2]{two}\n[players 3 4]{rest}\n[players 5]{five}"


@pytest.mark.parametrize("name", ["spokes", "notches"])
def test_builtin_files_are_unverified_candidates(name: str) -> None:
    f = builtin_layouts(name)
    assert f.name == name and f.verified is False
    assert sorted(f.plans) == [2, 3, 4, 5]
    for players, ring, specials in ((2, 4, 4), (3, 6, 4), (4, 6, 4), (5, 6, 6)):
        plan = f.plan(players)
        assert len(plan.t_sectors()) == ring, (name, players)  # TOR-02
        assert len(plan.special_slots()) == specials
        m = f.sector_map(players)
        assert m.is_connected() and "UNVERIFIED" in (m.warning or "")
        assert all(m.distance("tortuga", s.id) == 2 for s in m.specials())


def test_numbering_is_reading_order() -> None:
    plan = builtin_layouts("spokes").plan(5)
    assert [s.id for s in plan.slots] == [
        "X1", "X2", "turret-1", "trade-terminal-1", "X3", "trade-terminal-2", "tortuga",
        "turret-2", "X4", "turret-3", "trade-terminal-3", "X5", "X6"]


def test_picture_round_trips() -> None:
    f = builtin_layouts("notches")
    again = parse_layouts(layout_text(*("\n" + "\n".join(picture(f.plan(n))) + "\n"
                                        for n in (2, 3, 5))))
    for n in (2, 3, 4, 5):
        assert again.plan(n).slots == tuple(
            type(s)(s.id, s.kind, s.hex, a.line, a.col)
            for s, a in zip(f.plan(n).slots, again.plan(n).slots, strict=True))


def test_a_verified_file_silences_the_warning() -> None:
    f = parse_layouts(layout_text(header=HEADER.replace("verified = no", "verified = yes")))
    assert f.verified and f.sector_map(4).warning is None


def test_special_positions_keep_their_names_until_dealt() -> None:
    m = builtin_layouts("spokes").sector_map(3)
    assert [s.id for s in m.specials()] == ["X1", "X2", "X3", "X4"]
    assert m.sector("X1").name == "special position X1"
    assert m.sector("trade-terminal-2").kind is SectorKind.TRADE_TERMINAL


@pytest.mark.parametrize(("text", "where", "message"), [
    (layout_text(two=RING6.replace("Tu  Tr\n  Tr", "Tu  Tq\n  Tr", 1)), "t.layout:9:9:",
     "unknown token 'Tq'"),
    (layout_text(rest=RING6.replace("X   .   X\n.", "X   T   X\n.", 1)), "t.layout:17:7:",
     "needs exactly one Tortuga (T), found 2"),
    (layout_text(rest=RING6.replace(".   Tu  Tr\n  Tr", ".   Tu  Tu\n  Tr", 1)), "t.layout:1",
     "as many Turrets as Trade Terminals"),
    (layout_text(two=RING6.replace("  Tr  T   Tu", "  Tu  T   Tr")), "t.layout:9:5:",
     "turret-1 touches turret-2: Turrets and Trade Terminals alternate"),
    (layout_text(rest=RING6.replace("  X   .   X\n", "  X   .   .\n", 1)), "t.layout:14:1:",
     "needs 4 special positions (X), found 3"),
    (layout_text(two="\n  X   .   X\n.   Tu  Tr\n  X   T   .\n.   Tr  Tu\n  .   .   X\n"),
     "t.layout:10:3:", "special position X3 touches Tortuga"),
    (layout_text(five=FIVE.replace("  X   Tr  T   Tu  X", "  X   Tr  T   Tu  .  X")),
     "t.layout:24:22:", "X4 is cut off from Tortuga"),
    (layout_text().replace("[players 3 4]", "[players 2 3 4]"), "t.layout:14:1:",
     "2 players already has a picture (line 7)"),
    (layout_text().replace("[players 5]", "[players 6]"), "t.layout:", "player counts are 2"),
    (layout_text().replace("[players 5]", "[boards 5]"), "t.layout:", "unknown section"),
    (layout_text().split("[players 5]")[0], "t.layout:1:1:", "no picture for 5 players"),
    (layout_text(header=HEADER.replace("verified = no", "verified = maybe")), "t.layout:4:12:",
     "verified must be 'yes' or 'no'"),
    (layout_text(header=HEADER.replace("source = tests\n", "")), "t.layout:1:1:",
     "needs 'source = ...'"),
    (layout_text(header=HEADER + "colour = red\n"), "t.layout:6:1:", "expected one of name"),
    ("X\n" + layout_text(), "t.layout:1:1:", "text before the first [section]"),
])
def test_errors_name_file_line_and_column(text: str, where: str, message: str) -> None:
    with pytest.raises(LayoutFileError) as info:
        parse_layouts(text, "t.layout")
    assert str(info.value).startswith(where), str(info.value)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_unknown_builtin() -> None:
    with pytest.raises(LayoutFileError, match="no built-in layout 'hexes'"):
        builtin_layouts("hexes")


def test_huge_text_refused() -> None:
    with pytest.raises(LayoutFileError, match="too long"):
        parse_layouts(";" * 300_000, "big.layout")
