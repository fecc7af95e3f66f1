"""Hand-made Vanuatu board states for tests."""

from __future__ import annotations

from collections.abc import Iterable

from course_builder.core.hexgrid import Direction
from course_builder.vanuatu.options import Rules
from course_builder.vanuatu.state import Placed, Player, State


def island(tile: str, water: int = 0, dikes: Iterable[str] = (), huts: Iterable[str] = (),
           tourists: int = 0, goods: Iterable[str] = ()) -> Placed:
    return Placed(tile, water, frozenset(Direction[d] for d in dikes), tuple(huts), tourists,
                  tuple(goods))


def board(spaces: dict[int, str | Placed], *, players: Iterable[Player] = (), round: int = 2,
          floods: Iterable[int] = (), dikes_left: int | None = None, rules: Rules | None = None,
          reveal: Iterable[str] = ()) -> State:
    """A state from ``{space: tile id or Placed}``; dikes_left defaults to 20 minus those built."""
    placed = {s: p if isinstance(p, Placed) else Placed(p) for s, p in spaces.items()}
    built = sum(len(p.dikes) for p in placed.values())
    return State(placed, tuple(players), round, tuple(floods),
                 20 - built if dikes_left is None else dikes_left, tuple(reveal),
                 rules or Rules())


# The start of every game: Efate on 2, the start tiles on 3, 6, 7 (research 2.1, "Setup").
START = {2: "efate", 3: "start-boat", 6: "start-fish", 7: "start-wreck"}

# Ocean tiles in catalogue order, for filling spaces around an island.
OCEANS = ("start-fish", "start-wreck", "start-boat", "B1", "B2", "C1", "C2", "E1", "E2", "F1",
          "F2")
