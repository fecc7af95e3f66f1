"""Adjudicated moves per second on random legal positions on the classic lake, as JSON.

Run: python benchmarks/adjudicate.py [--positions 5000] [--seconds 2]
Variants side by side: without the trace (``explain=False``, what bots and simulations use) and
with the full plain-words trace (what the CLI prints), on a course without and with the seven
Expansion 1 tiles. Positions and moves are drawn with a fixed
seed: 1-6 boats on free water, random headings, dice, damage and progress; each move legal.
Target: >= 100,000 moves/s on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from course_builder.core.hexgrid import DIRECTIONS
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.play.kernel import adjudicate, heading_options, roll
from course_builder.powerboats.play.position import Boat, Move, Position
from course_builder.powerboats.play.race import Race

COLOURS = ("yellow", "red", "orange", "purple", "black", "green")


def sample(race: Race, rng: random.Random, count: int) -> list[tuple[Position, Move]]:
    board = race.board
    free = [h for i, h in enumerate(board.hexes()) if board.water[i] and i not in race.buoy_index]
    out = []
    while len(out) < count:
        k = rng.randint(1, 6)
        boats = tuple(
            Boat(c, h, rng.choice(DIRECTIONS), tuple(rng.randint(1, 3)
                                                      for _ in range(rng.randint(0, 4))),
                 rng.randint(0, 3), rng.randint(1, 4))
            for c, h in zip(COLOURS, rng.sample(free, k), strict=False))
        pos = Position(race, boats, rng.randrange(k), 1)
        boat = pos.boat
        change = rng.choice(["+", "="] + (["-"] if boat.dice else []))
        held = list(boat.dice)
        removed = None
        if change == "-":
            removed = rng.choice(held)
            held.remove(removed)
        reroll = tuple(v for v in held if rng.random() < 0.5)
        rolled = tuple(rng.randint(1, 3) for _ in range(len(reroll) + (change == "+")))
        move = Move(change, removed, reroll, rolled, "S")
        total = sum(roll(boat, move))
        legal = [o.turn for o in heading_options(pos, total) if o.legal]
        out.append((pos, Move(change, removed, reroll, rolled, rng.choice(legal))))
    return out


def rate(pairs, seconds: float, explain: bool) -> dict:
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for position, move in pairs:
            adjudicate(position, move, explain=explain)
        done += len(pairs)
    elapsed = time.perf_counter() - start
    return {"moves": done, "seconds": round(elapsed, 3), "moves_per_second": round(done / elapsed)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5000)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    board = classic_board()
    maker = CourseMaker(board)
    plain = sample(Race(board, maker.generate("A", 1)), random.Random(2026), args.positions)
    tiles = sample(Race(board, maker.generate("A", 1, expansion=True)), random.Random(2026),
                   args.positions)
    results = {
        "without trace": rate(plain, args.seconds, explain=False),
        "with trace": rate(plain, args.seconds, explain=True),
        "expansion tiles, without trace": rate(tiles, args.seconds, explain=False),
        "expansion tiles, with trace": rate(tiles, args.seconds, explain=True),
    }
    ratio = (results["expansion tiles, without trace"]["moves_per_second"]
             / results["without trace"]["moves_per_second"])
    print(json.dumps({"benchmark": "adjudicated moves per second, classic lake, one core",
                      "python": sys.version.split()[0],
                      "target": ">= 100000 moves/s; with expansion tiles >= 80% of that",
                      "expansion_speed_ratio": round(ratio, 3),
                      "results": results}, indent=1))


if __name__ == "__main__":
    main()
