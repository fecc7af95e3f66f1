"""Bots, simulation, statistics, plots and the atlas (issue: bots, fast simulation and course
statistics; rulings SIM-01..SIM-07)."""

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
from course_builder.powerboats.study.runner import SimJob, simulate, simulate_until
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
    assert (greedy.finish_rate.value or 0) >= 0.8 and greedy.unfinished_games == 0
    assert 15 < (greedy.turns_to_finish.mean or 0) < 60
    cautious = summarize(simulate(SimJob((CODE,), ("cautious",) * 4, 11), 12, workers=1))
    assert (cautious.crashes_per_race.value or 0) <= (greedy.crashes_per_race.value or 0)


def test_statistics_do_not_depend_on_the_number_of_workers_sim01() -> None:
    job = SimJob((CODE,), ("greedy", "cautious", "random", "strong"), 2)
    one = simulate(job, 8, workers=1)
    two = simulate(job, 8, workers=2)
    assert one == two
    assert summarize(one).to_json() == summarize(list(reversed(two))).to_json()


def _narrow(_k: int, runs: list) -> bool:
    """``--games auto``'s test: the mean turns' interval narrower than 1.5 turns."""
    return summarize(runs).turns_to_finish.interval.width <= 1.5


def test_games_auto_plays_the_same_games_with_any_workers_sim07() -> None:
    """``--games auto`` plays rounds of 4, 8, 16 ... games until the interval is narrow: the same
    rounds, and so the same games, with one worker or two."""
    job = SimJob((CODE,), ("strong", "greedy"), 5)
    one = simulate_until([job], _narrow, first=4, most=64, workers=1)[0]
    two = simulate_until([job], _narrow, first=4, most=64, workers=2)[0]
    assert one == two
    assert len(one) in (4, 8, 16, 32, 64)
    assert [r.index for r in one] == list(range(len(one)))
    assert len(one) == 64 or _narrow(0, one)
    if len(one) > 4:
        assert not _narrow(0, one[:len(one) // 2])


def test_a_dask_cluster_gives_the_local_result() -> None:
    distributed = pytest.importorskip("dask.distributed")
    job = SimJob((CODE,), ("greedy", "strong", "strong"), 4)
    local = simulate(job, 6, workers=1)
    auto = simulate_until([job], _narrow, first=4, most=16, workers=1)
    with distributed.LocalCluster(n_workers=2, processes=False, threads_per_worker=1,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = simulate(job, 6, scheduler=client)
        auto_on_dask = simulate_until([job], _narrow, first=4, most=16, scheduler=client)
    assert on_dask == local
    assert auto_on_dask == auto


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
    rated = rate([(BOARD, c, e) for c, e in courses], games=2, seed=1, bots=["greedy"] * 2,
                 workers=1)
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


def test_no_bot_stalls_the_greedy_bot_that_turned_on_the_spot_finishes_sim05() -> None:
    """Game 0 of seed 3 (whole games, four greedy bots): without the watch one boat turns on
    the spot in race C until the turn limit; with it, its play is handed on once and every boat
    finishes."""
    from course_builder.powerboats.course.code import course_code
    from course_builder.powerboats.study import watch

    job = SimJob(tuple(course_code(MAKER.generate(r, 3), BOARD) for r in "ABC"),
                 ("greedy",) * 4, 3)
    (run,) = simulate(job, 1, workers=1)
    assert len(run.races) == 3 and all(b.place for b in run.races[2].boats)
    assert sum(b.stalls for b in run.races[2].boats) >= 1
    before = watch.STALL_TURNS
    watch.STALL_TURNS = 10**9
    try:
        (unwatched,) = simulate(job, 1, workers=1)
    finally:
        watch.STALL_TURNS = before
    assert any(b.stranded for race in unwatched.races for b in race.boats)


def test_unfinished_games_are_counted_and_left_out_of_every_figure_sim01() -> None:
    job = SimJob((CODE,), ("strong", "random"), 6, max_turns=21)
    runs = simulate(job, 20, workers=1)
    summary = summarize(runs)
    stopped = [r for r in runs if any(b.stranded for b in r.races[0].boats)]
    assert 0 < summary.unfinished_games == len(stopped) < 20
    counted = [b for r in runs if r not in stopped for b in r.races[0].boats]
    assert summary.boat_races == len(counted)
    finishers = [b.turns for b in counted if b.place]
    assert summary.turns_to_finish.mean == pytest.approx(sum(finishers) / len(finishers))
    assert summary.finish_rate.value == pytest.approx(len(finishers) / len(counted))


def test_intervals_t_wilson_poisson_bootstrap_sim07() -> None:
    import numpy as np

    from course_builder.powerboats.study.intervals import (
        bootstrap_interval,
        mean_interval,
        rate_interval,
        t_quantile,
    )

    assert [round(t_quantile(df), 3) for df in (1, 2, 9, 30)] == [12.706, 4.303, 2.262, 2.042]
    plain = mean_interval([1, 2, 3, 4, 5], [1] * 5)  # one boat a game: the plain t-interval
    assert (plain.low, plain.high) == pytest.approx((3 - 2.776 * 0.7071, 3 + 2.776 * 0.7071),
                                                    abs=1e-3)
    wilson = rate_interval([1] * 10 + [0] * 90, [1] * 100)
    assert (wilson.low, wilson.high) == pytest.approx((0.0552, 0.1744), abs=1e-4)
    none = mean_interval([0, 0, 0], [4, 4, 4], counts_of_events=True)
    assert (none.low, none.high) == pytest.approx((0.0, 3.689 / 12), abs=1e-3)
    together = rate_interval([0, 4, 0, 4], [4] * 4)  # boats of a game go together:
    apart = rate_interval([2, 2, 2, 2, 2, 2, 2, 2], [4] * 8)  # fewer effective samples
    assert together.width > apart.width
    data = np.arange(20, dtype=float)[:, None]
    first = bootstrap_interval(lambda a: a.mean(axis=(1, 2)), data)
    assert first == bootstrap_interval(lambda a: a.mean(axis=(1, 2)), data)  # seeded
    assert first.low < 9.5 < first.high


def test_the_atlas_says_which_courses_its_games_cannot_tell_apart_sim07() -> None:
    from course_builder.powerboats.study.atlas import tied_with_best

    courses = courses_of(BOARD, 1, races="A", expansion=(False,))[:4]
    rated = rate([(BOARD, c, e) for c, e in courses], games=3, seed=2, bots=["strong"] * 2,
                 workers=1)
    ranked = best(rated, "short", 4)
    tied = tied_with_best(ranked, "short")
    first = ranked[0].estimate("short")
    assert tied[0]
    for r, t in zip(ranked, tied, strict=True):
        e = r.estimate("short")
        assert t == (e.low <= first.high and first.low <= e.high)


def test_simulate_prints_one_line_for_many_records(tmp_path) -> None:
    result = run("simulate", "--race", "game", "--seed", "2", "--games", "3", "--workers", "1",
                 "--boats", "2", "--records", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.iterdir())) == 3
    assert result.stderr.count("wrote") == 1
    assert "wrote 3 game records to" in result.stderr


def _square(x: int) -> int:
    return x * x


def test_tasks_spread_over_workers_or_a_cluster_come_back_in_order() -> None:
    from course_builder.powerboats.study.runner import map_tasks

    seen: list[tuple[int, int]] = []
    args = [(k,) for k in range(7)]
    assert map_tasks(_square, args, workers=2, progress=lambda d, t: seen.append((d, t))) == [
        k * k for k in range(7)]
    assert seen[-1] == (7, 7) and map_tasks(_square, args, workers=1) == [k * k for k in range(7)]


def test_short_ranks_by_exact_par_where_it_is_known_sim03() -> None:
    courses = courses_of(BOARD, 1, races="A", expansion=(False,))[:3]
    pars = [22.5, 21.0, 23.25]
    rated = rate([(BOARD, c, e) for c, e in courses], games=2, seed=1, bots=["strong"] * 2,
                 workers=1, pars=pars)
    ranked = best(rated, "short", 3)
    assert [r.par for r in ranked] == [21.0, 22.5, 23.25]
    from course_builder.powerboats.study.atlas import tied_with_best

    assert tied_with_best(ranked, "short") == [True, False, False]  # par has no sampling error


def test_the_atlas_is_the_same_with_one_worker_two_or_a_dask_cluster_sim01() -> None:
    """An atlas's ratings (and ``--games auto``'s rounds, and the par solves' tasks) do not depend
    on where the games are played: here, on two local processes, or on a Dask cluster reached by
    its address over the loopback interface, as ``atlas --scheduler tcp://...`` does."""
    distributed = pytest.importorskip("dask.distributed")
    from course_builder.powerboats.study.runner import map_tasks

    courses = [(BOARD, c, e) for c, e in courses_of(BOARD, 1, races="B", expansion=(True,))[:2]]

    def ratings(**where) -> list:
        fixed = rate(courses, games=3, seed=4, bots=["strong", "greedy"], **where)
        auto = rate(courses, games=None, seed=4, bots=["strong", "greedy"], tolerance=0.01,
                    most=6, **where)
        return [r.to_json() for r in fixed + auto]

    here = ratings(workers=1)
    assert ratings(workers=2) == here
    with distributed.LocalCluster(n_workers=2, processes=False, threads_per_worker=1,
                                  protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        assert ratings(scheduler=address) == here
        assert map_tasks(_square, [(k,) for k in range(5)], scheduler=address) == [
            k * k for k in range(5)]
    assert [r["games"] for r in here] == [3, 3, 6, 6]


def test_sheet_stats_come_from_strong_bots_with_their_intervals_sim04(tmp_path) -> None:
    out = tmp_path / "sheet.svg"
    result = run("sheet", "--race", "A", "--seed", "7", "--stats", "6", "--format", "svg",
                 "-o", str(out))
    assert result.exit_code == 0, result.output
    text = " ".join(out.read_text(encoding="utf-8").split())
    assert "simulated, 6 races of 4 strong bots:" in text
    assert "turns to finish (95% interval;" in text


def _on_a_terminal(*args: str) -> tuple[int, str]:
    """Run the command with its stderr on a pseudo-terminal: its exit code and what it drew."""
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    try:
        done = subprocess.Popen([sys.executable, "-m", "course_builder", "powerboats", *args],
                                stdout=subprocess.DEVNULL, stderr=follower)
        os.close(follower)
        drawn = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the command closed the terminal: it has finished
                break
            if not chunk:
                break
            drawn += chunk
        return done.wait(), drawn.decode("utf-8", "replace")
    finally:
        os.close(leader)


def test_simulate_draws_a_progress_bar_on_a_terminal_only() -> None:
    code, drawn = _on_a_terminal("simulate", "--race", "A", "--seed", "1", "--games", "40",
                                 "--workers", "1", "--bots", "greedy")
    assert code == 0 and "simulating" in drawn and "100%" in drawn
    assert "simulating" not in run("simulate", "--race", "A", "--seed", "1", "--games", "2",
                                   "--workers", "1", "--bots", "greedy").stderr


@pytest.mark.slow
def test_the_atlas_draws_a_progress_bar_on_a_terminal() -> None:
    """(about 20 s: the 24 courses of race A without the tiles)"""
    code, drawn = _on_a_terminal("atlas", "--race", "A", "--no-expansion", "--seed", "1",
                                 "--games", "1", "--workers", "1", "--bots", "greedy")
    assert code == 0 and "rating courses" in drawn and "100%" in drawn


@pytest.mark.slow
def test_atlas_par_solves_each_course_on_the_workers_and_short_ranks_by_it_sim03() -> None:
    """(about 25 s: two exact par solves on two workers, two here) ``atlas --par``'s solves, spread over
    the workers, give each course's own par (docs/par.md), and ``short`` ranks by it."""
    from course_builder.powerboats.study.atlas import exact_pars, jobs_of
    from course_builder.powerboats.study.par import par_for

    courses = [(BOARD, c, e) for c, e in courses_of(BOARD, 1, races="A", expansion=(False,))[:2]]
    pars = exact_pars(jobs_of(courses, bots=["strong"], seed=1), workers=2)
    assert pars == pytest.approx([par_for(Race(BOARD, c)).par for _b, c, _e in courses], abs=1e-4)
    rated = rate(courses, games=2, seed=1, bots=["strong"], workers=1, pars=pars)
    assert [r.par for r in best(rated, "short", 2)] == sorted(pars)
