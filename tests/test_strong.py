"""The strong bot and its plan (SIM-06): the plan's moves are the kernel's, its values solve the
plan's Bellman equation, and the bot plays within a tenth of exact par without sinking."""

from __future__ import annotations

import random
import statistics
from functools import cache

import numpy as np
import pytest

from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.play.kernel import dice_decisions, heading_choices, kept_dice
from course_builder.powerboats.play.position import Boat, Position
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.study.par import ParOptions, solve_par, start_boats
from course_builder.powerboats.study.perfect import race_alone
from course_builder.powerboats.study.plan import Plan, build_plan, check_moves, plan_for
from course_builder.powerboats.study.plan_model import (
    DAMAGE_COSTS,
    DEAD,
    FINISHED,
    KEEP_DICE,
    LOSE_DICE,
    ROUNDINGS,
    SINK_TURNS,
)
from course_builder.powerboats.study.strong import StrongBot
from course_builder.powerboats.study.watch import Watched
from tests.test_par import tiles_race, tiny_race

CLASSIC_A_PAR = 21.00086
"""Exact par of classic race A, course seed 1 (docs/par.md; benchmarks/par-result.json)."""


@cache
def classic(expansion: bool = False) -> Race:
    board = classic_board()
    return Race(board, CourseMaker(board).generate("A", 1, expansion=expansion))


@pytest.mark.parametrize("make", [tiny_race, tiles_race], ids=["plain", "expansion"])
def test_the_plans_moves_are_the_kernels_on_a_tiny_lake_sim06(make) -> None:
    """Every place, total, heading and rounding state: the table's move is what
    ``heading_choices`` and ``apply`` do (legal headings, where the boat ends, damage, dice,
    the rounding state after, finishing, sinking)."""
    race = make()
    assert check_moves(race, plan_for(race)) > 1000


def test_the_plans_moves_are_the_kernels_on_the_classic_lake_with_tiles_sim06() -> None:
    """A sample of places of classic race A with the Expansion 1 tiles, and every redoubt wait."""
    race = classic(True)
    plan = plan_for(race)
    places = list(range(0, plan.places.plain, 9)) + list(range(plan.places.plain,
                                                               plan.places.count))
    assert plan.places.count > plan.places.plain  # the course has redoubts
    assert check_moves(race, plan, places) > 10_000


def _bellman(plan: Plan) -> np.ndarray:
    """One Bellman update of the plan's values, written plainly (every plan a set may choose,
    no lattice; the "keep every die" plan without the heading that stays put)."""
    moves, dice = plan.moves, plan.dice
    values = plan.values
    n_r, n_p, n_s = values.shape
    totals = [sum(s) for s in dice.sets]
    empty = dice.index[()]
    out = np.empty_like(values)
    for r in range(n_r):
        for p in range(n_p):
            w = np.full(n_s, np.inf)
            w_stay = np.full(n_s, np.inf)
            for s in range(n_s):
                t = totals[s]
                for k in range(3):
                    tg = moves.target[p, t, k]
                    if tg < 0:
                        continue
                    sg = moves.signature[p, t, k]
                    r2 = r if sg < 0 else moves.answers[sg, r]
                    cost = DAMAGE_COSTS[0, moves.damage[p, t, k]]
                    mode = moves.dice_mode[p, t, k]
                    if r2 == FINISHED:
                        x = 0.0
                    elif mode == DEAD or cost >= SINK_TURNS:
                        x = SINK_TURNS
                    elif mode == LOSE_DICE:
                        x = values[r2, tg, empty] + cost
                    elif mode == KEEP_DICE:
                        x = values[r2, tg, s] + cost
                    else:
                        x = values[r2, tg, moves.dice_to[p, t, k]] + cost
                    w[s] = min(w[s], 1 + x)
                    if not (mode == KEEP_DICE and tg == p and r2 == r):
                        w_stay[s] = min(w_stay[s], 1 + x)
            expected = dice.roll @ np.where(np.isinf(w), 1e9, w)
            for s, held in enumerate(dice.sets):
                best = np.inf
                for q in dice.choices[s]:
                    plan_q = dice.plans[q]
                    keep_all = plan_q.kept == held and plan_q.count == len(held)
                    best = min(best, w_stay[s] if keep_all else expected[q])
                out[r, p, s] = min(best, SINK_TURNS)
    return out


@pytest.mark.parametrize("make", [tiny_race, tiles_race], ids=["plain", "expansion"])
def test_the_plans_values_solve_its_bellman_equation_sim06(make) -> None:
    plan = build_plan(make(), tolerance=1e-9, float64=True)
    again = _bellman(plan)
    live = plan.values < SINK_TURNS
    assert np.abs(again - plan.values)[live].max() < 1e-6
    assert len(ROUNDINGS) == plan.values.shape[0]


def test_the_strong_bot_plays_within_a_tenth_of_par_on_a_tiny_lake_sim06() -> None:
    """A 5 x 6 lake with a tile of every kind: rocks and shore everywhere, the hardest test of a
    plan that prices damage instead of keeping it (the perfect bot sinks no boat of 400 here;
    the strong bot about one in seventeen: its targets are the benchmark's courses, where it
    sinks none, docs/simulation.md)."""
    race = tiles_race()
    table = solve_par(race, ParOptions(dice_cap=4, tolerance=1e-6))
    start = min(start_boats(race), key=lambda b: table.value(b) or np.inf)
    par = table.value(start)
    assert par is not None
    rng = random.Random(3)
    runs = [race_alone(race, Watched(StrongBot(), random.Random(k)), rng,
                       start=Position(race, (start,), 0, 1), max_turns=200) for k in range(400)]
    assert all(r.finished or r.sunk for r in runs)
    turns = statistics.mean(r.turns for r in runs if r.finished)
    assert turns <= 1.1 * par
    assert sum(r.sunk for r in runs) <= 32  # 23 (6%) measured


def test_the_strong_bot_plays_within_a_tenth_of_par_on_classic_race_a_sim06() -> None:
    race = classic()
    start = min(start_boats(race), key=lambda b: plan_for(race).value(b))
    rng = random.Random(4)
    runs = [race_alone(race, StrongBot(), rng, start=Position(race, (start,), 0, 1))
            for _ in range(150)]
    assert all(r.finished for r in runs)
    assert statistics.mean(r.turns for r in runs) <= 1.1 * CLASSIC_A_PAR
    assert plan_for(race).build_seconds + plan_for(race).solve_seconds < 5  # well under 1 s idle


def test_a_damage_counter_costs_the_same_at_any_damage_and_four_sink() -> None:
    """The bot prices damage as its plan does, whatever it has already (a boat that priced its
    own next counter dearer than the plan prices later ones would put risks off for ever)."""
    assert DAMAGE_COSTS[0, 0] == 0
    for had in range(4):
        for taken in range(4 - had):
            assert DAMAGE_COSTS[had, taken] == DAMAGE_COSTS[0, taken]
            assert DAMAGE_COSTS[had, taken + 1] > DAMAGE_COSTS[had, taken]
        assert DAMAGE_COSTS[had, 4 - had] == SINK_TURNS


def test_the_strong_bot_takes_a_legal_step_with_more_dice_than_its_plan_holds() -> None:
    race = classic()
    boat = Boat("yellow", start_boats(race)[0].hex, race.course.tile.start_direction,
                (3, 3, 3, 3, 3, 3), 0)
    position = Position(race, (boat,), 0, 9)
    bot = StrongBot()
    step = bot.choose_dice(position)
    assert step in dice_decisions(position)
    dice = (*kept_dice(boat, step), *([2] * step.rolled_count))
    assert bot.choose_turn(position, dice) in [c.turn for c in heading_choices(position, dice)
                                               if c.legal]


def test_every_course_of_races_a_and_b_with_the_tiles_gets_its_moves() -> None:
    """A rounding move is answered in every rounding state by one move of its signature played
    by the kernel, so that move must be legal: where a tile is within reach, the kernel's own
    heading rule (with the tiles played out) says which are (this once failed on an atlas
    course whose straight-run heading was illegal by the tiles)."""
    from course_builder.powerboats.study.atlas import courses_of
    from course_builder.powerboats.study.plan import race_moves

    board = classic_board()
    for course, _tiles in courses_of(board, 1, races="AB", expansion=(True,)):
        places, moves = race_moves(Race(board, course))
        assert (moves.target >= 0).any() and places.count > 0


def test_the_strong_bots_played_outcome_is_the_kernels_for_the_move_it_chose_sim06() -> None:
    """Handing the simulator the outcome of the heading chosen (instead of playing it again)
    changes nothing: it leaves the boats where ``apply`` of the whole move leaves them."""
    from course_builder.powerboats.play.kernel import apply

    race = classic()
    boats = tuple(Boat(c, b.hex, b.heading)
                  for c, b in zip(("yellow", "red", "orange"), start_boats(race), strict=False))
    position = Position(race, boats, 0, 1)
    bot = StrongBot()
    rng = random.Random(5)
    for _ in range(60):
        if position.race_over:
            break
        step = bot.choose_dice(position)
        rolled = tuple(sorted(rng.choice((1, 2, 3)) for _ in range(step.rolled_count)))
        held = (*kept_dice(position.boat, step), *rolled)
        turn = bot.choose_turn(position, held)
        known = bot.played(position, held, turn)
        assert known is not None
        outcome = apply(position, step.then(rolled, turn))
        assert known.position.boats == outcome.position.boats
        assert (known.crash, known.position.to_move, known.position.turn) == (
            outcome.crash, outcome.position.to_move, outcome.position.turn)
        assert bot.played(position, held[:-1] or (9,), turn) is None  # another move: not known
        position = outcome.position


def test_a_worker_drops_the_tables_of_a_course_it_no_longer_keeps() -> None:
    """A worker keeps the races of its last few jobs; a race it drops has its bots' tables
    dropped with it, so they are freed at once, not at the garbage collector's next full pass."""
    from course_builder.powerboats.course.code import course_code
    from course_builder.powerboats.study import runner

    board = classic_board()
    maker = CourseMaker(board)
    jobs = [runner.SimJob((course_code(maker.generate(r, 1), board),), ("strong",), 1)
            for r in "ABC"]
    first = runner.races_of(jobs[0])[0]
    runner.run_games(jobs[0], [0])
    assert "strong-plan" in first.memo
    for job in jobs[1:runner.RACES_KEPT + 1]:
        runner.run_games(job, [0])
    assert first.memo == {}
    assert runner.races_of(jobs[-1])[0].memo  # the latest kept with its tables
