"""The rules kernel's speed, side by side with python-chess in one run, as JSON.

Run: pip install -e '.[bench]' && python benchmarks/adjudicate.py [--positions 3000] [--seconds 2]

Measured in the same process, one after the other, so the machine's load hits both alike:

* **kernel**: ``apply(position, move)`` on random legal moves in random positions on the classic
  lake (1-6 boats on free water, random headings, dice, damage and progress), race A without and
  with the seven Expansion 1 tiles; the events are recorded but no trace is written (what bots and
  simulations use). Also with the trace in words (what the ``adjudicate`` command prints).
* **python-chess**: ``board.is_legal(move)``, ``board.push(move)``, ``board.pop()`` for every legal
  move of random middlegame positions (10 to 40 random plies from the start).
* **heading choices**: ``heading_choices`` (legality from the clear run ahead) against sailing all
  three headings in full (what the preview of earlier versions did for every call).

Targets (issue "One house"): kernel moves/s >= 1.2x chess's with and without expansion tiles;
heading choices >= 3x faster than sailing every heading.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable

from course_builder.core.hexgrid import DIRECTIONS
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.play.kernel import (
    apply,
    dice_decisions,
    heading_choices,
    roll_outcomes,
)
from course_builder.powerboats.play.position import Boat, Move, Position
from course_builder.powerboats.play.race import Race

COLOURS = ("yellow", "red", "orange", "purple", "black", "green")
TARGET_RATIO = 1.2
TARGET_CHOICES = 3.0


def sample(race: Race, rng: random.Random, count: int) -> list[tuple[Position, Move]]:
    """Random positions, each with a random legal move drawn through the kernel's own API."""
    board = race.board
    free = [h for i, h in enumerate(board.hexes()) if board.water[i] and i not in race.buoy_index]
    out: list[tuple[Position, Move]] = []
    while len(out) < count:
        k = rng.randint(1, 6)
        boats = tuple(
            Boat(c, h, rng.choice(DIRECTIONS), tuple(rng.randint(1, 3)
                                                      for _ in range(rng.randint(0, 4))),
                 rng.randint(0, 3), rng.randint(1, 4))
            for c, h in zip(COLOURS, rng.sample(free, k), strict=False))
        position = Position(race, boats, rng.randrange(k), 1)
        step = rng.choice(dice_decisions(position))
        roll = rng.choice(roll_outcomes(position, step))
        legal = [c.turn for c in heading_choices(position, roll.dice) if c.legal]
        out.append((position, step.then(roll.rolled, rng.choice(legal))))
    return out


def rate(work: Callable[[], int], seconds: float) -> float:
    """Items per second of ``work`` (which returns how many items it did): the best of the
    rounds run within ``seconds`` (the best round is the one least disturbed by other load)."""
    best = 0.0
    deadline = time.perf_counter() + seconds
    while True:
        start = time.perf_counter()
        done = work()
        now = time.perf_counter()
        best = max(best, done / (now - start))
        if now > deadline:
            return best


def kernel_rate(pairs: list[tuple[Position, Move]], seconds: float, trace: bool) -> float:
    def work() -> int:
        for position, move in pairs:
            outcome = apply(position, move)
            if trace:
                _ = outcome.trace
        return len(pairs)
    return rate(work, seconds)


def chess_rate(seconds: float, positions: int, seed: int) -> float | None:
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    boards: list[tuple[chess.Board, list[chess.Move]]] = []
    while len(boards) < positions:
        board = chess.Board()
        for _ in range(rng.randint(10, 40)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        moves = list(board.legal_moves)
        if moves:
            boards.append((board, moves))

    def work() -> int:
        n = 0
        for board, moves in boards:
            for move in moves:
                board.is_legal(move)
                board.push(move)
                board.pop()
            n += len(moves)
        return n
    return rate(work, seconds)


def choices_rates(pairs: list[tuple[Position, Move]], seconds: float) -> tuple[float, float]:
    dice = [(p, apply(p, m).dice) for p, m in pairs]

    def lazy() -> int:
        for position, rolled in dice:
            heading_choices(position, rolled)
        return len(dice)

    def full() -> int:
        for position, rolled in dice:
            for choice in heading_choices(position, rolled):
                choice.preview()
        return len(dice)
    return rate(lazy, seconds), rate(full, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    board = classic_board()
    maker = CourseMaker(board)
    plain = sample(Race(board, maker.generate("A", 1)), random.Random(2026), args.positions)
    tiles = sample(Race(board, maker.generate("A", 1, expansion=True)), random.Random(2026),
                   args.positions)
    chess_moves = chess_rate(args.seconds, 300, 2026)
    results = {
        "kernel": round(kernel_rate(plain, args.seconds, trace=False)),
        "kernel, expansion tiles": round(kernel_rate(tiles, args.seconds, trace=False)),
        "kernel with trace": round(kernel_rate(plain, args.seconds, trace=True)),
        "kernel with trace, expansion tiles": round(kernel_rate(tiles, args.seconds, trace=True)),
    }
    lazy, full = choices_rates(plain, args.seconds)
    report: dict[str, object] = {
        "benchmark": "rules kernel moves per second against python-chess, one core, one run",
        "python": sys.version.split()[0],
        "moves_per_second": results,
        "chess_moves_per_second": round(chess_moves) if chess_moves else None,
        "heading_choices_per_second": round(lazy),
        "sail_every_heading_per_second": round(full),
        "heading_choices_speedup": round(lazy / full, 2),
        "targets": {"kernel / chess": f">= {TARGET_RATIO}",
                    "heading_choices / sailing every heading": f">= {TARGET_CHOICES}"},
    }
    if chess_moves:
        ratios = {name: round(value / chess_moves, 2) for name, value in results.items()
                  if "trace" not in name}
        report["ratio_to_chess"] = ratios
        report["meets_targets"] = (all(r >= TARGET_RATIO for r in ratios.values())
                                   and lazy / full >= TARGET_CHOICES)
    else:
        report["ratio_to_chess"] = "python-chess is not installed: pip install -e '.[bench]'"
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
