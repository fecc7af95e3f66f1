"""The placement referee: may a revealed tile go on a space, and why (not).

other-games-research.md 2.1, "Placement legality": the space is empty (PLACE-EMPTY) and touches at
least two placed tiles (PLACE-TWO); an island never touches another island (PLACE-ISLANDS); an
ocean tile touches at least one island (PLACE-OCEAN). Tiles come two per round in rounds 2-7, in
the order of the stacks (PLACE-ORDER). A submerged island counts as a placed tile but not as an
island (ruling VAN-06, ``submerged_is_island``). When no space is strictly legal for a tile,
ruling VAN-05 (``no_legal_space``) decides, and the verdict says so: it is never silent.
"""

from __future__ import annotations

from course_builder.core.values import Frozen
from course_builder.vanuatu.archipelago import SpaceRole
from course_builder.vanuatu.errors import IllegalAction, VanuatuError
from course_builder.vanuatu.options import NoLegalSpace
from course_builder.vanuatu.refs import Check
from course_builder.vanuatu.state import LOSS_AT, Placed, State
from course_builder.vanuatu.tiles import Tile, TileRole

FIRST_PLACING_ROUND = 2
LAST_PLACING_ROUND = 7
SPACE_RULES = ("PLACE-EMPTY", "PLACE-TWO", "PLACE-ISLANDS", "PLACE-OCEAN")


class PlacementVerdict(Frozen):
    """Whether ``tile`` may go on ``space``, with every rule checked. ``relaxed`` marks a
    placement that is legal only through ruling VAN-05."""

    tile: str
    space: int
    checks: tuple[Check, ...]
    relaxed: bool = False

    @property
    def legal(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def failed(self) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if not c.ok)


def reveal_round(state: State, tile_id: str) -> int | None:
    """The round a lettered tile is revealed in, from the state's reveal order (two per round
    from round 2); ``None`` when the state has no reveal order."""
    if not state.reveal:
        return None
    return FIRST_PLACING_ROUND + state.reveal.index(state.catalogue.get(tile_id).id) // 2


def game_goes_on(state: State) -> Check:
    """Nothing is played once three islands are submerged (RW-LOST)."""
    count = len(state.submerged())
    if state.lost:
        return Check("RW-LOST", False, f"the game is over: {count} islands are submerged")
    return Check("RW-LOST", True, f"{count} of {LOSS_AT} islands submerged: the game goes on")


def tile_checks(state: State, tile: Tile) -> list[Check]:
    """May this tile be placed at all now: a lettered tile, not on the board, its round come."""
    checks = [game_goes_on(state)]
    if tile.role is not TileRole.LETTERED:
        checks.append(Check("PLACE-ORDER", False, f"{tile.id} is placed at setup, not in play"))
        return checks
    where = state.space_of(tile.id)
    checks.append(Check("PLACE-ORDER", where is None, f"{tile.id} already lies on space {where}"
                        if where is not None else f"{tile.id} is not on the board yet"))
    placing = FIRST_PLACING_ROUND <= state.round <= LAST_PLACING_ROUND
    checks.append(Check("PLACE-ORDER", placing, f"round {state.round}: tiles are placed in "
                        f"rounds {FIRST_PLACING_ROUND}-{LAST_PLACING_ROUND}"))
    due = reveal_round(state, tile.id)
    if due is not None:
        checks.append(Check("PLACE-ORDER", due <= state.round,
                            f"{tile.id} is revealed in round {due}; this is round {state.round}"))
    return checks


def counts_as_island(state: State, space: int) -> bool:
    """For the placement rules: an afloat island, or a submerged one under VAN-06's option."""
    if state.rules.submerged_is_island:
        return state.is_island(space)
    return state.is_afloat(space)


def space_checks(state: State, tile: Tile, space: int) -> list[Check]:
    """The four space rules for this tile on this space (PLACE-EMPTY, -TWO, -ISLANDS, -OCEAN)."""
    if space in state.placed:
        return [Check("PLACE-EMPTY", False, f"space {space} already holds "
                      f"{state.placed[space].tile}")]
    if state.board.role(space) is not SpaceRole.FREE:
        # Efate's space and the start spaces are filled at setup (research 2.1, Setup); a state
        # typed by hand may leave them empty, but a lettered tile never goes there.
        holder = "Efate" if state.board.role(space) is SpaceRole.EFATE else "a start ocean tile"
        return [Check("SETUP", False, f"space {space} is for {holder}, not a lettered tile")]
    around = state.board.adjacent(space)
    placed = [s for s in around if s in state.placed]
    islands = [s for s in around if counts_as_island(state, s)]
    checks = [Check("PLACE-EMPTY", True, f"space {space} is empty"),
              Check("PLACE-TWO", len(placed) >= 2,
                    f"space {space} touches {len(placed)} placed tile(s){_listed(placed)}")]
    if tile.is_island:
        checks.append(Check("PLACE-ISLANDS", not islands, f"space {space} touches island(s) on "
                            f"space(s) {_spaces(islands)}" if islands
                            else f"space {space} touches no island"))
    else:
        checks.append(Check("PLACE-OCEAN", bool(islands), f"space {space} touches the island(s) "
                            f"on space(s) {_spaces(islands)}" if islands
                            else f"space {space} touches no island"))
    return checks


def _spaces(spaces: list[int]) -> str:
    return ", ".join(str(s) for s in spaces)


def _listed(spaces: list[int]) -> str:
    return f" (space {_spaces(spaces)})" if spaces else ""


def strict_spaces(state: State, tile: Tile) -> tuple[int, ...]:
    """Every space where the tile meets all four space rules."""
    return tuple(s for s in state.board.spaces
                 if all(c.ok for c in space_checks(state, tile, s)))


def relaxed_spaces(state: State) -> tuple[int, ...]:
    """Spaces that are empty and touch two placed tiles: the fallback of ruling VAN-05."""
    return tuple(s for s in state.board.with_role(SpaceRole.FREE) if s not in state.placed
                 and sum(1 for n in state.board.adjacent(s) if n in state.placed) >= 2)


def judge_placement(state: State, tile_id: str, space: int) -> PlacementVerdict:
    """Whether ``tile_id`` may go on ``space`` now, with every rule checked."""
    tile = state.catalogue.get(tile_id)
    if not state.board.is_space(space):
        raise VanuatuError(f"no space {space}: spaces are numbered 1-{len(state.board)}")
    checks = tile_checks(state, tile)
    if not all(c.ok for c in checks):
        return PlacementVerdict(tile.id, space, tuple(checks))
    spaced = space_checks(state, tile, space)
    if all(c.ok for c in spaced) or strict_spaces(state, tile):
        return PlacementVerdict(tile.id, space, tuple(checks + spaced))
    # no space is strictly legal for this tile: ruling VAN-05
    if state.rules.no_legal_space is NoLegalSpace.REFUSE:
        fallback = Check("VAN-05", False, f"no space is strictly legal for {tile.id}; under "
                         "no_legal_space=refuse the players settle it themselves")
        return PlacementVerdict(tile.id, space, tuple(checks + spaced + [fallback]))
    kept = [c for c in spaced if c.rule in ("SETUP", "PLACE-EMPTY", "PLACE-TWO")]
    fallback = Check("VAN-05", True, f"no space is strictly legal for {tile.id}, so the island "
                     "rules are relaxed: any empty space touching two placed tiles")
    return PlacementVerdict(tile.id, space, tuple(checks + kept + [fallback]), relaxed=True)


def legal_spaces(state: State, tile_id: str) -> tuple[tuple[int, ...], bool]:
    """The spaces the tile may go on now, and whether they come from ruling VAN-05."""
    tile = state.catalogue.get(tile_id)
    if not all(c.ok for c in tile_checks(state, tile)):
        return (), False
    strict = strict_spaces(state, tile)
    if strict:
        return strict, False
    if state.rules.no_legal_space is NoLegalSpace.REFUSE:
        return (), True
    return relaxed_spaces(state), True


def place(state: State, tile_id: str, space: int) -> State:
    """The state with the tile placed; :class:`IllegalAction` naming the first rule broken."""
    verdict = judge_placement(state, tile_id, space)
    if not verdict.legal:
        first = verdict.failed[0]
        raise IllegalAction(f"{verdict.tile} may not go on space {space}: {first.reason} "
                            f"(rule {first.rule})")
    return state.with_placed(space, Placed(verdict.tile))
