"""Hypothesis strategies: random but well-formed Vanuatu board states."""

from __future__ import annotations

from hypothesis import strategies as st

from course_builder.core.hexgrid import DIRECTIONS
from course_builder.core.values import replace
from course_builder.vanuatu.archipelago import SpaceRole, archipelago
from course_builder.vanuatu.options import Rules
from course_builder.vanuatu.state import RISING_ROUNDS, Placed, Player, State
from course_builder.vanuatu.statejson import HOME
from course_builder.vanuatu.tiles import catalogue

TILES = list(catalogue().tiles)
SPACES = list(range(1, 17))
PLAYERS = ("red", "blue", "green")


@st.composite
def states(draw: st.DrawFn, rules: Rules | None = None, max_tiles: int = 16) -> State:
    """A state with tiles on some spaces, water on islands, dikes on some ocean sides, huts,
    three players with boats on ocean tiles, some round and floods done."""
    count = draw(st.integers(6, max_tiles))
    spaces = draw(st.lists(st.sampled_from(SPACES), min_size=count, max_size=count, unique=True))
    # each kind of tile on its own spaces (rule SETUP): Efate on 2, the start tiles on 3, 6, 7
    board = archipelago()
    by_role = {role: iter(draw(st.permutations([t.id for t in catalogue().tiles.values()
                                                 if HOME[t.role] is role])))
               for role in SpaceRole}
    tiles = [next(by_role[board.role(s)]) for s in spaces]
    bare = State({s: Placed(t) for s, t in zip(spaces, tiles, strict=True)})
    placed = {}
    huts_built = dict.fromkeys(PLAYERS, 0)
    for space, tile in zip(spaces, tiles, strict=True):
        if not catalogue().get(tile).is_island:
            placed[space] = Placed(tile)
            continue
        water = draw(st.sampled_from((0, 0, 1, 2, 3, 4, 5)))
        if water == 5:
            placed[space] = Placed(tile, 5)
            continue
        ocean = bare.ocean_sides(space)
        dikes = frozenset(d for d in ocean if draw(st.booleans()))
        owners = draw(st.lists(st.sampled_from(PLAYERS), max_size=catalogue().get(tile).huts - 1))
        huts = tuple(p for p in owners if huts_built[p] < 8)
        for p in huts:
            huts_built[p] += 1
        placed[space] = Placed(tile, water, dikes, huts)
    oceans = [s for s in spaces if not catalogue().get(placed[s].tile).is_island]
    afloat = {s for s in spaces if catalogue().get(placed[s].tile).is_island
              and placed[s].water < 5}
    coast = [s for s in oceans if afloat & set(bare.board.adjacent(s))]  # boats can build here
    boats = [draw(st.sampled_from(coast or oceans)) if oceans else None for _ in PLAYERS]
    players = tuple(Player(n, b, draw(st.sampled_from((1, 4, 9, 9))), 8 - huts_built[n])
                    for n, b in zip(PLAYERS, boats, strict=True))
    round_ = draw(st.integers(1, 8))
    floods = tuple(r for r in RISING_ROUNDS if r < round_ and draw(st.booleans()))
    built = sum(len(p.dikes) for p in placed.values())
    state = State(placed, players, round_, floods, 20 - built - draw(st.integers(0, 3)) if
                  built <= 17 else 20 - built)
    return replace(state, rules=rules or Rules())


def sides() -> st.SearchStrategy:
    return st.sampled_from(DIRECTIONS)
