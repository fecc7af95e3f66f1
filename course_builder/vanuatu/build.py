"""The BUILD action under Rising Waters: a hut and/or a dike, legal or not, and why.

vanuatu-rising-waters.txt, "Dike Building": BUILD builds a hut (3 vatus) and/or a dike (1 vatu)
(BUILD-COST) on an island (BUILD-ON-ISLAND) the builder's sailboat is adjacent to (BUILD-BOAT); a
dike goes on a side of the island that borders an ocean tile (BUILD-DIKE-SIDE); a hut and a dike
built together go on the same island (BUILD-SAME-ISLAND). Supplies are finite: 20 dikes (SUPPLY)
and 8 huts per player, each needing a free hut space (BUILD-HUT-SPACE). At most one hut and one
dike per action (ruling VAN-09). A dike needs no hut of the builder's on the island
(other-games-research.md 2.4, after ludorium).
"""

from __future__ import annotations

from course_builder.core.hexgrid import Direction
from course_builder.core.values import Frozen, replace
from course_builder.vanuatu.errors import IllegalAction, VanuatuError
from course_builder.vanuatu.placement import game_goes_on
from course_builder.vanuatu.refs import Check
from course_builder.vanuatu.state import Facing, State

HUT_COST = 3
DIKE_COST = 1


class BuildRequest(Frozen):
    """One BUILD action: who builds, the island of the hut (if any), the island and side of the
    dike (if any)."""

    player: str
    hut: int | None = None
    dike: tuple[int, Direction] | None = None

    @property
    def cost(self) -> int:
        return (HUT_COST if self.hut is not None else 0) + (DIKE_COST if self.dike else 0)

    def islands(self) -> tuple[int, ...]:
        """The island spaces named, each once, hut first."""
        named = [s for s in (self.hut, self.dike[0] if self.dike else None) if s is not None]
        return tuple(dict.fromkeys(named))


class BuildVerdict(Frozen):
    """Whether a BUILD action is legal, with every rule checked, and what it costs."""

    request: BuildRequest
    checks: tuple[Check, ...]

    @property
    def legal(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def failed(self) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if not c.ok)

    @property
    def cost(self) -> int:
        return self.request.cost


def judge_build(state: State, request: BuildRequest) -> BuildVerdict:
    """Every rule of the BUILD action applied to ``request``."""
    player = state.player(request.player)
    for space in request.islands():
        if not state.board.is_space(space):
            raise VanuatuError(f"no space {space}: spaces are numbered 1-{len(state.board)}")
    checks = [game_goes_on(state),
              Check("BUILD-COST", bool(request.islands()), "a BUILD action builds a hut, a dike "
                    "or both")]
    if request.hut is not None and request.dike is not None:
        same = request.hut == request.dike[0]
        checks.append(Check("BUILD-SAME-ISLAND", same, "hut and dike on the same island" if same
                            else f"the hut (space {request.hut}) and the dike (space "
                            f"{request.dike[0]}) must go on the same island"))
    for space in request.islands():
        checks += _island_checks(state, space, player.boat)
    if request.hut is not None and state.is_afloat(request.hut):
        checks += _hut_checks(state, request.hut, player.name, player.huts_left)
    if request.dike is not None and state.is_afloat(request.dike[0]):
        checks += _dike_checks(state, *request.dike)
    checks.append(Check("BUILD-COST", player.vatus >= request.cost,
                        f"{player.name} pays {request.cost} vatu(s) of {player.vatus}"))
    return BuildVerdict(request, tuple(checks))


def _island_checks(state: State, space: int, boat: int | None) -> list[Check]:
    if not state.is_island(space):
        what = "is empty" if space not in state.placed else f"holds the ocean tile " \
            f"{state.placed[space].tile}"
        return [Check("BUILD-ON-ISLAND", False, f"space {space} {what}, not an island")]
    tile = state.catalogue.get(state.placed[space].tile).label
    if state.placed[space].submerged:
        return [Check("BUILD-ON-ISLAND", False, f"{tile} on space {space} is submerged and "
                      "inaccessible")]
    near = boat is not None and boat in state.board.adjacent(space)
    where = "not on the board" if boat is None else f"on space {boat}"
    return [Check("BUILD-ON-ISLAND", True, f"{tile} on space {space} is an island afloat"),
            Check("BUILD-BOAT", near, f"the boat is {where}, " + (
                f"adjacent to {tile}" if near else f"not adjacent to {tile} on space {space}"))]


def _hut_checks(state: State, space: int, player: str, huts_left: int) -> list[Check]:
    placed = state.placed[space]
    tile = state.catalogue.get(placed.tile)
    spaces = tile.huts
    return [Check("BUILD-HUT-SPACE", len(placed.huts) < spaces,
                  f"{tile.label} has {spaces - len(placed.huts)} free hut space(s) of {spaces}"),
            Check("BUILD-HUT-SPACE", huts_left > 0, f"{player} has {huts_left} hut(s) left")]


def _dike_checks(state: State, space: int, side: Direction) -> list[Check]:
    facing = state.facing(space, side)
    diked = side in state.placed[space].dikes
    return [Check("BUILD-DIKE-SIDE", facing is Facing.OCEAN,
                  f"side {side.name} of space {space} faces {facing.words}"),
            Check("BUILD-DIKE-SIDE", not diked, f"side {side.name} of space {space} "
                  + ("already has a dike" if diked else "has no dike yet")),
            Check("SUPPLY", state.dikes_left > 0, f"{state.dikes_left} dike(s) left in the "
                  "supply")]


def build(state: State, request: BuildRequest) -> State:
    """The state after the BUILD action; :class:`IllegalAction` naming the first rule broken."""
    verdict = judge_build(state, request)
    if not verdict.legal:
        first = verdict.failed[0]
        raise IllegalAction(f"{request.player} may not build: {first.reason} (rule {first.rule})")
    player = state.player(request.player)
    after = state
    if request.hut is not None:
        placed = after.placed[request.hut]
        after = after.with_placed(request.hut, replace(placed, huts=(*placed.huts, player.name)))
        player = replace(player, huts_left=player.huts_left - 1)
    if request.dike is not None:
        space, side = request.dike
        placed = after.placed[space]
        after = after.with_placed(space, replace(placed, dikes=placed.dikes | {side}))
        after = replace(after, dikes_left=after.dikes_left - 1)
    return after.with_player(replace(player, vatus=player.vatus - request.cost))
