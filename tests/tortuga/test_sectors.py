"""The sector map: adjacency, distances, within k, furthest (all ties), shortest paths, graph.

Ruling TOR-04 (adjacent = sharing a side), TOR-05 (within k = 1..k), TOR-06 (ties all returned);
other-games-research.md 3.3 for the two candidate topologies.
"""

from __future__ import annotations

import pytest

from course_builder.tortuga.sectors import SectorError, SectorKind
from tests.tortuga.helpers import chain, five_map


def test_tortuga_touches_the_ring_only_on_spokes() -> None:
    m = five_map()
    assert m.adjacent("tortuga") == ("turret-1", "trade-terminal-1", "trade-terminal-2",
                                     "turret-2", "turret-3", "trade-terminal-3")
    assert m.adjacent("hub") == ("turret-1",)  # H1: a spoke tip touches one T-sector


def test_notches_touch_two_ring_sectors() -> None:
    m = five_map("notches")
    assert all(len(m.adjacent(s.id)) == 2 for s in m.specials())


def test_distances_from_a_spoke_tip_tor_04() -> None:
    m = five_map()
    d = m.distances_from("hub")
    assert d["hub"] == 0 and d["turret-1"] == 1 and d["tortuga"] == 2
    assert d["vortex"] == 3 and d["mines"] == 4
    assert m.distance("hub", "hub") == 0


def test_within_three_is_one_to_three_steps_tor_05() -> None:
    m = five_map()
    within = m.within("hub", 3)
    assert "hub" not in within
    assert set(within) == {s for s, d in m.distances_from("hub").items() if 1 <= d <= 3}
    assert "mines" not in within and "research-lab" not in within and "fortress" not in within


def test_furthest_returns_every_tie_tor_06() -> None:
    m = five_map()
    # from the Hub (top left tip) the three tips not next to it are 4 away
    assert m.furthest_from("hub") == (4, ("fortress", "research-lab", "mines"))
    assert m.furthest_from("tortuga") == (2, ("hub", "vortex", "shipwreck-bay", "fortress",
                                              "research-lab", "mines"))


def test_furthest_on_a_one_sector_map() -> None:
    assert chain("tortuga").furthest_from("tortuga") == (0, ("tortuga",))


def test_shortest_paths_all_of_them() -> None:
    m = five_map()
    assert m.shortest_paths("hub", "tortuga") == (("hub", "turret-1", "tortuga"),)
    paths = m.shortest_paths("hub", "mines")
    assert all(len(p) == 5 and p[0] == "hub" and p[-1] == "mines" for p in paths)
    assert paths == (("hub", "turret-1", "tortuga", "trade-terminal-3", "mines"),)
    vortex = m.shortest_paths("hub", "vortex")
    assert vortex == (("hub", "turret-1", "trade-terminal-1", "vortex"),)


def test_graph_nodes_are_sectors_with_their_data() -> None:
    g = five_map().sector_graph
    assert g.number_of_nodes() == 13
    assert g.nodes["hub"]["kind"] == "special" and g.nodes["hub"]["defence_max"] == 10
    assert g.nodes["vortex"]["defence_max"] is None
    assert g.nodes["turret-1"]["kind"] == SectorKind.TURRET.value
    assert g.has_edge("hub", "turret-1") and not g.has_edge("hub", "tortuga")
    # spokes: 6 ring-Tortuga + 6 ring-ring + 6 tips = 18 shared sides
    assert g.number_of_edges() == 18


def test_the_core_graph_carries_sector_attributes() -> None:
    m = five_map()
    node = m.graph.nodes[m.sector("hub").hex]
    assert node["id"] == "hub" and node["slot"] == "X1"


def test_unknown_sector_names_the_known_ones() -> None:
    with pytest.raises(SectorError, match=r"no sector 'vortx' on this map \(sectors: hub, "):
        five_map().adjacent("vortx")


def test_a_gap_disconnects() -> None:
    from course_builder.core.hexgrid import Hex
    from course_builder.tortuga.sectors import Sector, SectorMap

    m = SectorMap([Sector("a", SectorKind.SPECIAL, "A", Hex(0, 0)),
                   Sector("b", SectorKind.SPECIAL, "B", Hex(3, 0))])
    assert m.distance("a", "b") is None and m.shortest_paths("a", "b") == ()
    assert not m.is_connected()


def test_warning_only_when_unverified_tor_01() -> None:
    assert "UNVERIFIED LAYOUT" in (chain("tortuga", "a").warning or "")
    assert chain("tortuga", "a", verified=True).warning is None


def test_duplicate_sectors_refused() -> None:
    from course_builder.core.hexgrid import Hex
    from course_builder.tortuga.sectors import Sector, SectorMap

    with pytest.raises(SectorError, match="listed twice"):
        SectorMap([Sector("a", SectorKind.SPECIAL, "A", Hex(0, 0)),
                   Sector("a", SectorKind.SPECIAL, "A", Hex(1, 0))])
    with pytest.raises(SectorError, match="same hex"):
        SectorMap([Sector("a", SectorKind.SPECIAL, "A", Hex(0, 0)),
                   Sector("b", SectorKind.SPECIAL, "B", Hex(0, 0))])
