"""Turns to go: from every hex, heading and rounding state, the fewest moves to the finish if a
boat could choose its total freely each turn (1 to :data:`MAX_RUN` hexes straight on after turning
at most 60 degrees). The greedy bots steer by it.

It respects what hex steps alone do not: a boat turns at most once a move and then goes straight,
so pointing the wrong way costs moves. Dice, damage and expansion tiles are left out (tiles count
as water), and moves never end on a buoy or crash: a guide, not a plan (SIM-02 in
docs/rulings.md). Rounding follows :func:`~..course.progress.advance` exactly, counts below -1
read as -1 as in the route search.

Built with numpy for one race in about a second: successors are precomputed per (hex, heading,
run) and only the lines that cross a rounding line are followed state by state; then value
iteration over the whole table until nothing changes.
"""

from __future__ import annotations

import numpy as np

from course_builder.core.hexgrid import Direction
from course_builder.powerboats.course.progress import advance, progress_states
from course_builder.powerboats.play.kernel import HEADINGS
from course_builder.powerboats.play.race import Race

MAX_RUN = 12
"""The longest straight move the guide considers (four dice of 3)."""

FAR = 10_000
"""The value of a state from which the finish cannot be reached."""


class TurnsToGo:
    """``value(index, heading, phase, counts)``: fewest moves home (see the module notes)."""

    def __init__(self, race: Race, max_run: int = MAX_RUN) -> None:
        self.race = race
        states = progress_states(len(race.gates))
        self.codes = {state: k for k, state in enumerate(states)}
        self._seen: dict[tuple[int, tuple[int, ...]], int | None] = {}
        self.n = len(race.board)
        self.values, self.runs = _solve(race, states, self.codes, max_run)
        self.flat: list[int] = self.values.ravel().tolist()
        """The values as a flat list, ``code * n * 6 + index * 6 + heading``: the bots' lookups."""
        self.flat_runs: list[int] = self.runs.ravel().tolist()
        """The first-move lengths, laid out as :attr:`flat`."""

    def _code(self, phase: int, counts: tuple[int, ...]) -> int | None:
        key = (phase, counts)
        code = self._seen.get(key, -1)
        if code == -1:
            state = (phase, tuple(max(c, -1) for c in counts)) if phase < 3 else (3, ())
            code = self._seen[key] = self.codes.get(state)
        return code

    def value(self, index: int, heading: Direction, phase: int, counts: tuple[int, ...]) -> int:
        """Fewest moves home from this hex, heading and rounding state (:data:`FAR`: none)."""
        code = self._code(phase, counts)
        return FAR if code is None else self.flat[(code * self.n + index) * 6 + heading]

    def row(self, phase: int, counts: tuple[int, ...]) -> int:
        """Where a rounding state's values start in :attr:`flat` (-1 for a state the guide does
        not know): ``flat[row + index * 6 + heading]``."""
        code = self._code(phase, counts)
        return -1 if code is None else code * self.n * 6

    def best_run(self, index: int, heading: Direction, phase: int, counts: tuple[int, ...]
                 ) -> int:
        """The length of the first move of a best way home (0 where there is none)."""
        code = self._code(phase, counts)
        return 0 if code is None else self.flat_runs[(code * self.n + index) * 6 + heading]


def guide_for(race: Race) -> TurnsToGo:
    """The race's guide, built on first use and kept with the race."""
    guide = race.memo.get("turns-to-go")
    if guide is None:
        guide = race.memo["turns-to-go"] = TurnsToGo(race)
    return guide


def _lines(race: Race, max_run: int) -> np.ndarray:
    """``ends[h, d, k]``: the hex after k+1 steps from ``h`` along ``d`` through open water (-1
    once blocked)."""
    board = race.board
    n = len(board)
    nb = board.neighbors
    open_water = [w and i not in race.buoy_index for i, w in enumerate(board.water)]
    ends = np.full((n, 6, max_run), -1, dtype=np.int64)
    for h in range(n):
        if not open_water[h]:
            continue
        for d in range(6):
            at = h
            for k in range(max_run):
                nxt = nb[at][d]
                if nxt < 0 or not open_water[nxt]:
                    break
                ends[h, d, k] = nxt
                at = nxt
    return ends


def _solve(race: Race, states: list, codes: dict, max_run: int) -> tuple[np.ndarray, np.ndarray]:
    """The values and, for each state, the run of its best first move."""
    board = race.board
    n = len(board)
    n_codes = len(states)
    ends = _lines(race, max_run)
    gates = race.gates
    special = race.gate_steps
    tile = race.tile
    finish_dirs = {d.value for d in race.finish_dirs}
    goal = len(gates)
    # successor code after each (code, h, d, k): the same code unless the line crosses a gate
    after = np.broadcast_to(np.arange(n_codes)[:, None, None, None],
                            (n_codes, n, 6, max_run)).copy()
    finishes = np.zeros((n_codes, n, 6, max_run), dtype=bool)
    for h in range(n):
        for d in range(6):
            line = [int(x) for x in ends[h, d] if x >= 0]
            steps = [a * n + b for a, b in zip([h, *line], line, strict=False)]
            crosses = [s in special for s in steps]
            into_tile = [b in tile for b in line]
            if not any(crosses) and not (any(into_tile) and d in finish_dirs):
                continue
            for code, (phase, counts) in enumerate(states):
                state = (phase, counts)
                done = False
                for k, step in enumerate(steps):
                    if crosses[k]:
                        state = advance(*state, step, gates)
                    if state[0] >= goal and into_tile[k] and d in finish_dirs:
                        done = True
                    finishes[code, h, d, k] = done
                    after[code, h, d, k] = codes.get((state[0], tuple(max(c, -1) for c in state[1]))
                                                     if state[0] < goal else (goal, ()), code)
    values = np.full((n_codes, n, 6), FAR, dtype=np.int64)
    valid = ends >= 0  # (n, 6, k)
    target_hex = np.where(valid, ends, 0)
    turn_to = np.array([[d2.value for d2 in HEADINGS[Direction(d)]] for d in range(6)])  # (6, 3)
    while True:
        # best[c, h, d2]: the best value after moving k from h along d2, over k
        moved = values[after, target_hex[None, :, :, :], np.arange(6)[None, None, :, None]]
        moved = np.where(valid[None], moved, FAR)
        moved = np.where(finishes & valid[None], 0, moved)
        best_line = moved.min(axis=3)  # (c, h, d2)
        new = 1 + best_line[:, :, turn_to].min(axis=3)  # heading d may turn to d2 in HEADINGS[d]
        new = np.minimum(new, FAR)
        if np.array_equal(new, values):
            break
        values = new
    run_of_line = moved.argmin(axis=3) + 1  # (c, h, d2)
    turn = best_line[:, :, turn_to].argmin(axis=3)  # (c, h, d): which of the three headings
    d2 = turn_to[np.arange(6)[None, None, :], turn]
    runs = np.take_along_axis(run_of_line, d2, axis=2)
    return values, np.where(values < FAR, runs, 0)
