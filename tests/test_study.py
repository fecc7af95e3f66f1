"""Bots, simulation, statistics, plots and the atlas (issue: bots, fast simulation and course
statistics; rulings SIM-01..SIM-04)."""

from __future__ import annotations

import functools
import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.cli import cli
from course_builder.core.hexgrid import DIRECTIONS
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.game.record import read_record, replay
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.play.kernel import dice_decisions, heading_choices, kept_dice
from course_builder.powerboats.play.position import Boat, Position
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.study import bots as bots_module
from course_builder.powerboats.study.atlas import best, courses_of, rate
from course_builder.powerboats.study.bots import BOTS, headings_judged, make_bot
from course_builder.powerboats.study.guide import FAR, guide_for
from course_builder.powerboats.study.runner import SimJob, simulate
from course_builder.powerboats.study.simulate import simulate_race
from course_builder.powerboats.study.stats import summarize
from course_builder.render.powerboats.plots import crash_map, turns_plot

BOARD = classic_board()
MAKER = CourseMaker(BOARD)
CODE = "classic:A:A3,A4ccw,A1cw,A2cw:E,SW"


@functools.cache
def race(expansion: bool = False) -> Race:
    return Race(BOARD, MAKER.generate("A", 1, expansion=expansion))


@st.composite
def positions(draw) -> Position:
    r = race(draw(st.booleans()))
    free = [h for i, h in enumerate(BOARD.hexes()) if BOARD.water[i] and i not in r.buoy_index]
    count = draw(st.integers(1, 4))
    hexes = draw(st.lists(st.sampled_from(free), min_size=count, max_size=count, unique=True))
    boats = tuple(Boat(c, h, draw(st.sampled_from(DIRECTIONS)),
                       tuple(draw(st.lists(st.integers(1, 3), max_size=4))),
                       draw(st.integers(0, 3)), draw(st.integers(1, 4)))
                  for c, h in zip(("yellow", "red", "orange", "purple"), hexes, strict=False))
    return Position(r, boats, 0, 9)


@settings(max_examples=60, deadline=None)
@given(positions(), st.sampled_from(sorted(set(BOTS) - {"perfect"})),
       st.randoms(use_true_random=False))
def test_bots_only_choose_what_the_kernel_offers(position, name, rng) -> None:
    bot = make_bot(name, random.Random(rng.random()))
    step = bot.choose_dice(position)
    assert step in dice_decisions(position)
    rolled = tuple(rng.randint(1, 3) for _ in range(step.rolled_count))
    dice = (*kept_dice(position.boat, step), *rolled)
    turn = bot.choose_turn(position, dice)
    assert turn in [c.turn for c in heading_choices(position, dice) if c.legal]


@settings(max_examples=40, deadline=None)
@given(positions(), st.lists(st.integers(1, 3), min_size=0, max_size=5))
def test_the_table_shortcut_judges_headings_as_the_kernel_does(position, dice) -> None:
    """A plain run judged from the tables costs what playing it through the kernel costs."""
    fast = headings_judged(position, dice)
    bots_module.SHORTCUT = False
    try:
        slow = headings_judged(position, dice)
    finally:
        bots_module.SHORTCUT = True
    assert [(round(j[0], 6), j[1]) for j in fast] == [(round(j[0], 6), j[1]) for j in slow]


def test_the_guide_is_one_move_from_its_best_successor() -> None:
    guide = guide_for(race())
    values = guide.values
    assert values.min() == 1  # one move from home: a finishing move
    start = BOARD.index(race().course.tile.hexes[0])
    first = guide.value(start, race().course.tile.start_direction, 0, (0,))
    assert 8 <= first < FAR


def test_a_simulated_race_is_the_same_for_the_same_seed() -> None:
    a = simulate_race(race(), ["greedy"] * 4, 5, 3)
    b = simulate_race(race(), ["greedy"] * 4, 5, 3)
    assert a == b
    assert simulate_race(race(), ["greedy"] * 4, 5, 4) != a


def test_greedy_bots_finish_races_and_cautious_ones_do_not_crash_more() -> None:
    job = SimJob((CODE,), ("greedy",) * 4, 11)
    greedy = summarize(simulate(job, 12, workers=1))
    assert greedy.finish_rate >= 0.8 and greedy.stranded_rate == 0
    assert 15 < (greedy.turns_to_finish.mean or 0) < 60
    cautious = summarize(simulate(SimJob((CODE,), ("cautious",) * 4, 11), 12, workers=1))
    assert cautious.crashes_per_race <= greedy.crashes_per_race


def test_statistics_do_not_depend_on_the_number_of_workers_sim01() -> None:
    job = SimJob((CODE,), ("greedy", "cautious", "random", "greedy"), 2)
    one = simulate(job, 8, workers=1)
    two = simulate(job, 8, workers=2)
    assert one == two
    assert summarize(one).to_json() == summarize(list(reversed(two))).to_json()


def test_a_dask_cluster_gives_the_local_result() -> None:
    distributed = pytest.importorskip("dask.distributed")
    job = SimJob((CODE,), ("greedy",) * 3, 4)
    local = simulate(job, 6, workers=1)
    with distributed.LocalCluster(n_workers=2, processes=False, threads_per_worker=1,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = simulate(job, 6, scheduler=client)
    assert on_dask == local


def test_a_bots_whole_game_is_a_record_replay_accepts() -> None:
    from course_builder.powerboats.course.code import course_code

    job = SimJob(tuple(course_code(MAKER.generate(r, 3), BOARD) for r in "ABC"),
                 ("greedy", "lookahead", "cautious"), 3, keep_records=True)
    (run,) = simulate(job, 1, workers=1)
    assert run.record is not None
    done = replay(read_record(run.record))
    assert done.ok, done.error
    assert tuple(s.points for s in sorted(done.standings, key=lambda s: s.colour)) == tuple(
        p for _c, p in sorted(zip(("yellow", "red", "orange"), run.points, strict=True)))


def test_a_game_stopped_at_the_turn_limit_says_so_in_its_record_sim01() -> None:
    from course_builder.powerboats.course.code import course_code

    job = SimJob(tuple(course_code(MAKER.generate(r, 3), BOARD) for r in "ABC"),
                 ("random", "random"), 3, max_turns=4, keep_records=True)
    (run,) = simulate(job, 1, workers=1)
    assert run.record is not None and len(run.races) == 1
    assert run.record.endswith("# stopped: race A reached the simulation's limit of 4 turns with "
                               "a boat still racing (SIM-01); the points are those of the races "
                               "completed\n")
    assert replay(read_record(run.record)).ok


def test_plots_are_images() -> None:
    assert turns_plot({"A": [20, 22, 22, 25]}, "png").startswith(b"\x89PNG")
    assert b"<svg" in crash_map(BOARD, {(8, 12): 3, (9, 12): 1}, "svg",
                                marks={"1": (10, 10)})[:400]


def test_the_atlas_ranks_courses_by_the_measure_sim03() -> None:
    courses = courses_of(BOARD, 1, races="A", expansion=(False,))[:3]
    assert len(courses) == 3
    rated = rate(BOARD, courses, games=2, seed=1, bots=["greedy"] * 2, workers=1)
    short = best(rated, "short", 3)
    assert [r.mean_turns for r in short] == sorted(r.mean_turns for r in rated)
    assert best(rated, "long", 1)[0].mean_turns == max(r.mean_turns for r in rated)
    with pytest.raises(ValueError, match="unknown measure"):
        best(rated, "pretty", 1)


def run(*args: str):
    return CliRunner().invoke(cli, ["powerboats", *args])


def test_simulate_command(tmp_path) -> None:
    result = run("simulate", "--race", "A", "--seed", "1", "--games", "4", "--workers", "1",
                 "--boats", "3", "--bots", "greedy,cautious", "--format", "json",
                 "--plot-turns", str(tmp_path / "turns.svg"),
                 "--plot-crashes", str(tmp_path / "crashes.png"))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"] == ["greedy", "cautious", "greedy"] and data["games"] == 4
    assert set(data["by_seat"]) == {"0", "1", "2"}
    assert (tmp_path / "crashes.png").read_bytes().startswith(b"\x89PNG")
    bad = run("simulate", "--bots", "smart", "--games", "1")
    assert bad.exit_code == 2 and "unknown bot 'smart'" in bad.stderr


@pytest.mark.parametrize("command", ["simulate", "atlas"])
def test_the_bots_option_names_every_bot(command: str) -> None:
    """``--bots`` help lists every name ``make_bot`` takes (it left out ``perfect``)."""
    shown = " ".join(run(command, "--help").stdout.split())
    listed = shown[shown.index("--bots NAMES"):]
    for name in BOTS:
        assert f"{name}," in listed or f"{name} (" in listed or f"{name}." in listed, name


def test_simulate_writes_game_records(tmp_path) -> None:
    result = run("simulate", "--race", "game", "--seed", "2", "--games", "1", "--workers", "1",
                 "--boats", "2", "--records", str(tmp_path))
    assert result.exit_code == 0, result.output
    (record,) = tmp_path.iterdir()
    assert run("replay", str(record)).exit_code == 0


def test_reusing_the_bots_played_outcome_changes_nothing(monkeypatch) -> None:
    """The simulator takes the kernel's outcome a greedy bot already played for its heading;
    playing every move again gives the same games."""
    job = SimJob((CODE,), ("greedy", "cautious", "lookahead"), 3)
    reused = simulate(job, 3, workers=1)
    monkeypatch.delattr(bots_module.GreedyBot, "played")
    assert simulate(job, 3, workers=1) == reused


def test_a_bad_scheduler_address_is_the_users_mistake_in_one_line() -> None:
    result = run("simulate", "--race", "A", "--games", "2", "--seed", "1", "--scheduler", "foo")
    assert result.exit_code == 1
    assert result.stderr.strip() == ("Error: cannot use the Dask scheduler 'foo': missing port "
                                     "number in address 'foo'")
