"""Exact par (PAR-01..PAR-05): the solver against brute force, the perfect bot against par, par
against a greedy bot, and the dice model against the kernel. Tiny lakes only: seconds."""

from __future__ import annotations

import json
import os
import random
import statistics
from functools import cache

import numpy as np
import pytest
from click.testing import CliRunner

from course_builder.cli import cli as main
from course_builder.core.values import replace
from course_builder.powerboats import CourseMaker, Race, Rules
from course_builder.powerboats.course.progress import progress_states
from course_builder.powerboats.play.kernel import dice_decisions
from course_builder.powerboats.play.position import Boat, DiceChange, DiceStep, Position
from course_builder.powerboats.study import sweep
from course_builder.powerboats.study.bots import GreedyBot
from course_builder.powerboats.study.dice import RollPlan, build_dice_model, dice_sets
from course_builder.powerboats.study.distance import moves_to_go
from course_builder.powerboats.study.par import (
    ParOptions,
    ParTable,
    lower_bound,
    par_for,
    solve_par,
    start_boats,
)
from course_builder.powerboats.study.perfect import PerfectBot, race_alone
from course_builder.powerboats.study.solve import (
    CRASH_ROWS,
    ColumnUpdate,
    Layout,
    move_indices,
    solve_order,
    value_iteration,
)
from course_builder.powerboats.study.space import DAMAGES
from course_builder.powerboats.study.transitions import build_transitions
from tests.helpers import lake, tile
from tests.par_oracle import boat_of, brute_force_par

TINY_SPOTS = {"A1": ((2, 0), "E"), "A2": ((1, 2), "E"), "A3": ((1, 4), "E"),
              "A4": ((3, 3), "E")}
"""A course on a 5 x 6 lake: the start/finish tile along the middle row, buoys 1 and 2 above it,
buoy 3 below, each with water all round and its own rounding line (no step crosses two)."""

COLLAPSED = {"crossings_floor": 0, "crossings_ceiling": 0}
"""PAR-04 bounds that keep every count at 0 (a crossing against a buoy's sense is forgiven), for
the brute force: 7 rounding states, not 37, so that it plays every full turn in seconds."""


def tiny_race(tiles: tuple = (), **rules: object) -> Race:
    board = lake(5, 6, TINY_SPOTS)
    course = CourseMaker(board).build("A", ("A1", "A2", "A3", "A4"))
    course = replace(course, expansion_tiles=tuple(tiles))
    return Race(board, course, Rules(**rules))  # type: ignore[arg-type]


def tiles_race() -> Race:
    """The tiny course with one tile of each kind of Expansion 1."""
    return tiny_race((tile("low-water", [(3, 2)], rocks=(1,)), tile("current", [(1, 3)], flow="E"),
                      tile("redoubt", [(1, 0)]), tile("maelstrom", [(3, 4)], sense="ccw")))


@cache
def tiny_table(cap: int = 3) -> ParTable:
    return solve_par(tiny_race(), ParOptions(dice_cap=cap, tolerance=1e-7, float64=True))


@pytest.mark.parametrize("race", [tiny_race(), tiles_race()], ids=["plain", "expansion"])
def test_par_equals_brute_force_on_a_tiny_lake(race: Race) -> None:
    """Every state a boat alone reaches (1 die at most and the collapsed counts, to keep the
    brute force quick): the solver's value equals plain value iteration over full kernel turns
    (PAR-03). The rounding states include every buoy to go and the undone roundings, with the
    later lines open (COURSE-04)."""
    oracle = brute_force_par(race, start_boats(race)[:1], cap=1, sink_penalty=40.0,
                             floor=0, ceiling=0)
    table = solve_par(race, ParOptions(sink_penalty=40.0, dice_cap=1, tolerance=1e-11,
                                       float64=True, **COLLAPSED))
    assert len(oracle) > 4000  # 7,612 plain, 4,876 with the tiles
    assert {k[3] for k in oracle} == {0, 1, 2, 3}  # every damage
    assert {(k[4], k[5], k[7]) for k in oracle} == {  # every rounding state
        (1, 0, ()), (1, 0, (0,)), (1, 0, (0, 0)), (2, 0, ()), (2, 0, (0,)), (3, 0, ()),
        (4, 0, ())}
    assert any(k[6] for k in oracle) == bool(race.tiles)  # waiting on a redoubt
    worst = max(abs(table.value(boat_of(key)) - v) for key, v in oracle.items())  # type: ignore[operator]
    assert worst < 1e-8


def test_exp05_a_crash_that_adds_no_damage_equals_brute_force() -> None:
    """EXP-05: a current that pushes a boat ashore after its last step crashes it (the dice are
    lost) but adds no damage by default. The solver must value such a move at the damage the boat
    had, not one more (a current at the lake's edge, flowing off it, makes many of them)."""
    race = tiny_race((tile("current", [(0, 2)], flow="NE"),))
    template = Position(race, (start_boats(race)[0],), 0, 1)
    moves = build_transitions(template, build_dice_model(template, 1), seeds=start_boats(race),
                              floor=0, ceiling=0)
    assert (moves.crash & (moves.target >= 0) & (moves.damage == 0)).any()
    oracle = brute_force_par(race, start_boats(race)[:1], cap=1, sink_penalty=40.0,
                             floor=0, ceiling=0)
    table = solve_par(race, ParOptions(sink_penalty=40.0, dice_cap=1, tolerance=1e-11,
                                       float64=True, **COLLAPSED))
    worst = max(abs(table.value(boat_of(key)) - v) for key, v in oracle.items())  # type: ignore[operator]
    assert worst < 1e-8


@pytest.mark.skipif(not os.environ.get("PAR_FULL_BRUTE_FORCE"),
                    reason="about 35 s: set PAR_FULL_BRUTE_FORCE=1")
@pytest.mark.parametrize("race", [tiny_race(), tiles_race()], ids=["plain", "expansion"])
def test_par_equals_brute_force_with_the_fullest_bounds(race: Race) -> None:
    """The same with the counts held to -1..+1 (PAR-04): 45,196 states in 37 rounding states on
    the plain lake, 28,088 in 33 with the tiles. Opt-in: it takes about half a minute."""
    oracle = brute_force_par(race, start_boats(race)[:1], cap=1, sink_penalty=40.0)
    table = solve_par(race, ParOptions(sink_penalty=40.0, dice_cap=1, tolerance=1e-11,
                                       float64=True, crossings_ceiling=1))
    assert len({(k[4], k[5], k[7]) for k in oracle}) == (33 if race.tiles else 37)
    worst = max(abs(table.value(boat_of(key)) - v) for key, v in oracle.items())  # type: ignore[operator]
    assert worst < 1e-8


@pytest.mark.parametrize("race", [tiny_race(), tiles_race()], ids=["plain", "expansion"])
def test_rounding_moves_agree_with_the_kernel_in_every_rounding_state(race: Race) -> None:
    """With the fullest bounds (PAR-04, -1..+1) a boat alone meets every rounding state there is: next
    buoy, its count -1 or 0, and the counts -1, 0 or +1 of the later lines an undone rounding
    left open (COURSE-04; ``progress_states``). Every rounding move, answered by its signature,
    is what the kernel plays in each of them (``check``)."""
    template = Position(race, (start_boats(race)[0],), 0, 1)
    moves = build_transitions(template, build_dice_model(template, 2), seeds=start_boats(race),
                              check=True)
    expected = {(4, 0, ()) if phase == 3 else (phase + 1, counts[0], counts[1:])
                for phase, counts in progress_states()}
    assert len(expected) == 37
    assert set(moves.space.roundings) == expected
    assert moves.rounding_moves and moves.answers.shape[1] == 37
    assert len(list(moves.rounding_results())) == 37 * len(moves.rounding_moves)


@pytest.mark.parametrize("race", [tiny_race(), tiles_race()], ids=["plain", "expansion"])
def test_par04_later_counts_held_at_0_give_the_same_par_as_at_plus_1(race: Race) -> None:
    """PAR-04's default holds a later line's count at 0 (23 rounding states): par from every
    start hex is the same as with +1 kept (37), and the model has the states it says."""
    held = ParOptions(dice_cap=2, tolerance=1e-9, float64=True)
    kept = replace(held, crossings_ceiling=1)
    assert held.crossings_ceiling == 0
    tables = [solve_par(race, options) for options in (held, kept)]
    assert [len(t.moves.space.roundings) for t in tables] == [23, 37]
    for boat in start_boats(race):
        values = [t.value(boat) for t in tables]
        assert values[0] == pytest.approx(values[1], abs=1e-7)


def test_tiny_par_exact_value() -> None:
    """Pinned: par of the tiny course from its best start hex (float64, 3 dice)."""
    result = par_for(tiny_race(), ParOptions(dice_cap=3, tolerance=1e-9, float64=True))
    assert result.par == pytest.approx(9.073546, abs=1e-6)
    assert result.first_turn["best"] == "+"
    assert sum(r["probability"] for r in result.first_turn["rolls"]) == pytest.approx(1.0, abs=1e-5)
    assert json.loads(json.dumps(result.to_json()))["par"] == round(result.par, 4)


def test_float32_is_within_its_stated_error() -> None:
    """docs/par.md: float32 values are within 1e-3 turns of float64."""
    race = tiny_race()
    p32 = par_for(race, ParOptions(dice_cap=3, tolerance=1e-5, **COLLAPSED)).par
    p64 = par_for(race, ParOptions(dice_cap=3, tolerance=1e-9, float64=True, **COLLAPSED)).par
    assert abs(p32 - p64) < 1e-3


def test_perfect_bot_mean_is_par() -> None:
    """The perfect bot's mean over seeded single-boat races through ``apply`` is par, within
    four standard errors (1,500 races of ~8 turns: about a second)."""
    table = tiny_table()
    bot = PerfectBot(table)
    start = min(start_boats(table.race), key=lambda b: table.value(b) or np.inf)
    rng = random.Random(15)
    runs = [race_alone(table.race, bot, rng, start=Position(table.race, (start,), 0, 1))
            for _ in range(1500)]
    costs = [r.cost(table.options.sink_penalty) for r in runs]
    error = statistics.stdev(costs) / len(costs) ** 0.5
    assert all(r.finished or r.sunk for r in runs)
    assert abs(statistics.mean(costs) - table.value(start)) < 4 * error  # type: ignore[operator]


def test_par_is_not_above_the_greedy_bot() -> None:
    table = tiny_table()
    greedy = GreedyBot()
    start = start_boats(table.race)[0]
    rng = random.Random(16)
    costs = [race_alone(table.race, greedy, rng, start=Position(table.race, (start,), 0, 1))
             .cost(table.options.sink_penalty) for _ in range(300)]
    error = statistics.stdev(costs) / len(costs) ** 0.5
    assert table.value(start) <= statistics.mean(costs) + 3 * error  # type: ignore[operator]


def test_lattice_minimum_equals_the_plain_minimum() -> None:
    """The sub-multiset lattice gives the same values as the minimum plan by plan (on the same
    moves; the collapsed counts keep it quick, the dice do not care)."""
    race = tiny_race()
    template = Position(race, (start_boats(race)[0],), 0, 1)
    lattice = build_dice_model(template, 3)
    plain = build_dice_model(template, 3, use_lattice=False)
    assert lattice.lattice is not None and plain.lattice is None
    moves = build_transitions(template, lattice, seeds=[template.boat], floor=0, ceiling=0)
    values = []
    for dice in (lattice, plain):
        these = replace(moves, space=replace(moves.space, dice=dice))
        sol = value_iteration(these, move_indices(these), sink_penalty=100.0, tolerance=1e-9,
                              dtype=np.float64, start=lower_bound(these, 100.0))
        values.append(sol.values)
    assert np.allclose(values[0], values[1], atol=1e-9)


def test_compiled_sweep_reaches_the_numpy_bellman_fixed_point() -> None:
    """The compiled loop (study/sweep.py: blocks, Gauss-Seidel, a set not keeping its dice to
    stay put) and numpy's Bellman update as written (``ColumnUpdate``, every choice open) on
    every column, row after row, reach the same values, with a tile of every kind (exceptions,
    crashes, a place a move returns to) in float64."""
    race = tiles_race()
    template = Position(race, (start_boats(race)[0],), 0, 1)
    moves = build_transitions(template, build_dice_model(template, 3), seeds=[template.boat],
                              floor=0, ceiling=0)
    index = move_indices(moves)
    start = lower_bound(moves, 100.0)
    sol = value_iteration(moves, index, sink_penalty=100.0, tolerance=1e-11, dtype=np.float64,
                          start=start)
    space = moves.space
    n_rows, n_p, n_s = len(space.roundings), space.n_places, space.n_sets
    layout = Layout(n_s, n_p)
    values, after = layout.start(n_rows, start, 100.0, np.float64)
    cells = layout.sets(values)
    slices = [space.dice.total_slice(t) for t in range(len(index.kept))]
    update = ColumnUpdate(index, space.dice, slices, n_p, np.float64)
    table = np.empty((CRASH_ROWS * (n_p + 1) + 2, DAMAGES))
    places, damages = (a.ravel() for a in np.meshgrid(np.arange(n_p), np.arange(DAMAGES)))
    sweeps, moved = 0, np.inf
    with np.errstate(invalid="ignore"):
        while moved > 1e-11 and sweeps < 2000:
            moved, sweeps = 0.0, sweeps + 1
            for r in solve_order(space):
                layout.crash_table(values[r], 100.0, table)
                shift = update(cells[r], after[r].reshape(n_s, n_p, DAMAGES), table,
                               values.ravel(), index.dst[r], places, damages)
                moved = max(moved, float(np.nanmax(shift)))
    expected, _ = layout.canonical(values, after)
    assert sweeps > sol.sweeps
    assert index.exceptions and np.isfinite(expected).sum() > 1000
    assert np.allclose(sol.values, expected, rtol=0, atol=1e-8)


def test_a_set_staying_put_leaves_out_only_keeping_its_dice() -> None:
    """The compiled loop's choices without "keep every die and stay put" (study/sweep.py): each
    set's keep plan, left out of its own choices and replaced by what its running minimum is
    made of."""
    race = tiny_race()
    dice = build_dice_model(Position(race, (start_boats(race)[0],), 0, 1), 5)
    keep, start, others = sweep._staying_choices(dice, dice.lattice.steps, dice.lattice.final)
    assert dice.plans[keep[0]] == RollPlan((), 0)
    assert others[start[0]:start[1]].tolist() == [dice.plan_index[RollPlan((), 1)]]
    for s, held in enumerate(dice.sets):
        mine = set(others[start[s]:start[s + 1]].tolist())
        assert dice.plans[keep[s]] == RollPlan(held, len(held)) and keep[s] not in mine
        assert set(dice.lattice.final[s].tolist()) - {keep[s]} <= mine


def test_dice_model_reads_the_kernel() -> None:
    race = tiny_race()
    template = Position(race, (start_boats(race)[0],), 0, 1)
    model = build_dice_model(template, 5)
    assert len(model.sets) == len(dice_sets(5)) == 56
    assert len(model.plans) == 126
    assert np.allclose(model.roll.sum(axis=1), 1.0)
    assert model.lattice is not None
    none = model.index[()]
    assert {model.plans[p] for p in model.choices[none]} == {RollPlan((), 0), RollPlan((), 1)}
    strict = build_dice_model(Position(tiny_race(zero_dice_turn=False), (template.boat,), 0, 1),
                              5)
    assert {strict.plans[p] for p in strict.choices[none]} == {RollPlan((), 1)}  # MOVE-02
    one = strict.index[(2,)]  # removing the last die is still allowed
    assert RollPlan((), 0) in {strict.plans[p] for p in strict.choices[one]}


def test_lower_bound_is_below_every_value() -> None:
    table = tiny_table()
    go = moves_to_go(table.moves)
    values = table.solution.values[:, :table.space.body].reshape(len(table.space.roundings), -1,
                                                                 table.space.n_places)
    assert np.all(np.minimum(go, 100.0)[:, None, :] <= values + 1e-9)


def test_position_values_and_best_moves() -> None:
    table = tiny_table()
    start = start_boats(table.race)[0]
    position = Position(table.race, (start,), 0, 1)
    ranked = table.dice_values(position)
    assert ranked[0][1] == pytest.approx(table.value(start))
    assert {s for s, _v in ranked} <= set(dice_decisions(position))
    headings = table.heading_values(position, (3,))
    assert headings == sorted(headings, key=lambda tv: tv[1])  # type: ignore[arg-type, return-value]
    bot = PerfectBot(table)
    assert bot.choose_dice(position) == ranked[0][0]
    assert bot.choose_turn(position, (3,)) == headings[0][0]
    finished = replace(start, finished=1)
    assert table.value(finished) == 0.0
    assert table.value(replace(start, sunk=True)) == table.options.sink_penalty


def test_more_dice_than_the_cap_are_valued_one_step_ahead() -> None:
    table = tiny_table(cap=2)
    boat = replace(start_boats(table.race)[0], dice=(1, 1, 1))
    value = table.value(boat)
    assert value is not None
    steps = table.dice_values(table.alone(boat))
    assert all(s.change is DiceChange.REMOVE for s, _v in steps)
    assert value == pytest.approx(steps[0][1])


def test_the_bot_plays_among_other_boats() -> None:
    """Other boats are passed to the kernel (they can hold the boat back); values stay its own."""
    table = tiny_table()
    me, other = start_boats(table.race)[:2]
    position = Position(table.race, (replace(me, colour="red"), replace(other, colour="blue")),
                        0, 1)
    bot = PerfectBot(table)
    step = bot.choose_dice(position)
    assert isinstance(step, DiceStep)
    assert bot.choose_turn(position, (2,)) in {c for c, _v in table.heading_values(position,
                                                                                    (2,))}


def test_par_command_text_and_json(tmp_path, monkeypatch) -> None:
    runner = CliRunner()
    monkeypatch.chdir(tmp_path)
    made = runner.invoke(main, ["powerboats", "course", "--race", "A", "--board", "random",
                                "--tile-size", "6x6", "--seed", "7", "--format", "json", "-o",
                                "course.json"])
    assert made.exit_code == 0, made.output
    quick = ["--dice-cap", "1", "--tolerance", "0.01"]
    text = runner.invoke(main, ["powerboats", "par", "course.json", *quick])
    assert text.exit_code == 0, text.output
    assert text.stdout.startswith("par ") and "best start" in text.stdout
    done = runner.invoke(main, ["powerboats", "par", "course.json", *quick,
                                "--format", "json", "-o", "par.json"])
    assert done.exit_code == 0, done.output
    data = json.loads((tmp_path / "par.json").read_text())
    assert data["par"] > 1 and data["options"]["dice_cap"] == 1
    r, c = data["start"]["hex"]
    position = f"@course.json | yellow {r},{c} {data['start']['heading']} - d0 n1 | yellow 1"
    asked = runner.invoke(main, ["powerboats", "par", position, *quick,
                                 "--format", "json"])
    assert asked.exit_code == 0, asked.output
    answer = json.loads(asked.stdout)
    assert answer["par"] == pytest.approx(data["par"], abs=1e-3)
    assert answer["best"] == data["first_turn"]["best"]
    words = runner.invoke(main, ["powerboats", "par", position, *quick])
    assert words.exit_code == 0 and "best:" in words.stdout


def test_par_command_needs_one_source() -> None:
    done = CliRunner().invoke(main, ["powerboats", "par"])
    assert done.exit_code == 2
    assert "give --race, or a COURSE or POSITION" in done.output


def test_boat_of_round_trip() -> None:
    boat = Boat("yellow", start_boats(tiny_race())[0].hex, start_boats(tiny_race())[0].heading)
    assert boat_of((boat.hex, boat.heading, (), 0, 1, 0, False, ())) == boat
    undone = replace(boat, crossings=-1, later=(1, -1))
    assert boat_of((boat.hex, boat.heading, (), 0, 1, -1, False, (1, -1))) == undone


def test_par_is_the_same_with_one_thread_or_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweeps update two rounding states at once, each reading the other as it was
    (study/sweep.py, ``RowSweep.pair``): the values do not depend on the threads (an idle
    machine, so that the solve takes the second thread)."""
    import numba

    from course_builder.powerboats.study import par

    monkeypatch.setattr(par.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    race = tiles_race()
    solved = []
    before = numba.get_num_threads()
    try:
        for threads in (1, min(2, numba.config.NUMBA_NUM_THREADS)):
            numba.set_num_threads(threads)
            table = solve_par(race, ParOptions(dice_cap=3, tolerance=1e-6))
            solved.append(table.solution.solved.copy())
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(solved[0], solved[1])
