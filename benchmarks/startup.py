"""Whole-process time of every command beside the time of importing the libraries it needs, as JSON.

Run: python benchmarks/startup.py [--runs 21] [--only TEXT] [--against REV]

For each command, a process that runs it (``course_builder.cli.script``, as the installed
``course-builder`` script does) and a process that only imports the third-party libraries the
command truly needs (click for every command; svgwrite to draw; shapely for a sheet's merged
coastlines; fpdf2 for PDF; resvg for PNG; networkx where Tortuga 2199's map measures distances
with it) are started one after the other, round after round, so
that the machine's load hits both alike. The ratio of their medians must be at most 2.0 (issue
"Speed where users wait"). ``python -c pass`` is measured too, for scale. Also listed: the
third-party packages each command imports beyond those it needs.

The PNG sheet is also measured beside its *floor*: a process that imports its libraries and has
resvg draw the same page (the SVG the command draws, with the same fonts and resolution) and
nothing else. Drawing an A4 page at 150 dpi takes resvg longer than importing the libraries, so
2.0x the imports is out of reach of anything this project does; ``ratio_to_floor`` says how much
the project adds to the work the library itself must do.

The start-up budget (issue "One dialect for three games"): each command's whole-process time
stays within 25% of its time at the issue's start, commit :data:`START`. With ``--against REV``
(default :data:`START`; ``--against none`` skips it) that commit's source is unpacked into a
scratch folder (``git archive``) and run with the same interpreter and libraries, each of its
commands right after ours, round after round, so that the load hits both alike;
``ratio_to_start`` is ours over its, and must be at most :data:`BUDGET`.

On a shared machine a short process's time moves by a third from one run to the next, so the
ratio is taken pair by pair: each round runs our command and the start's back to back (which one
goes first alternates), ``ratio_to_start`` is the median of the rounds' ratios, and
``ratio_to_start_95`` the interval that holds the true median with at least 95% confidence (from
the order statistics, no assumption about the spread). A command is ``within_budget`` when the
median is at most the budget; ``clearly_over`` when even the interval's low end is above it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 2.0
START = "611b2c5"
"""The commit at which the start-up budget was set (issue "One dialect for three games")."""
BUDGET = 1.25
ROOT = Path(__file__).resolve().parents[1]
POSITION = ("classic:A:A1,A2cw,A4cw,A3cw:E,E | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 "
            "| yellow 2")
CLI = ("import sys; from course_builder.cli import script; sys.argv[0] = 'course-builder'; "
       "script()")
THIRD_PARTY = ("click", "svgwrite", "shapely", "fpdf", "resvg_py", "networkx", "numpy", "PIL",
               "fontTools")

DRAW = ["click", "svgwrite"]
SHEET = ["click", "svgwrite", "shapely"]


def commands(tmp: Path) -> dict[str, tuple[list[str], list[str]]]:
    """name -> (arguments, the libraries the command needs)."""
    course = tmp / "course.json"
    board = tmp / "my.board"
    return {
        "powerboats course": (["powerboats", "course", "--race", "A", "--seed", "7"], ["click"]),
        "powerboats course --format json": (["powerboats", "course", "--race", "B", "--seed", "7",
                                             "--format", "json", "-o", str(course)], ["click"]),
        "powerboats validate": (["powerboats", "validate", str(course)], ["click"]),
        "powerboats board": (["powerboats", "board"], ["click"]),
        "powerboats board --board random": (["powerboats", "board", "--board", "random",
                                             "--seed", "7"], ["click"]),
        "powerboats board --format svg": (["powerboats", "board", "--format", "svg", "-o",
                                           str(tmp / "b.svg")], DRAW),
        "powerboats check-board": (["powerboats", "check-board", str(board)], ["click"]),
        "powerboats adjudicate": (["powerboats", "adjudicate", "--position", POSITION,
                                   "--move", "+r2/13R"], ["click"]),
        "powerboats moves": (["powerboats", "moves", "--position", POSITION, "--dice", "3,1,3"],
                             ["click"]),
        "powerboats sheet --format svg": (["powerboats", "sheet", "--race", "A", "--seed", "7",
                                           "--format", "svg", "-o", str(tmp / "s.svg")], SHEET),
        "powerboats sheet --format pdf": (["powerboats", "sheet", "--race", "A", "--seed", "7",
                                           "--format", "pdf", "-o", str(tmp / "s.pdf")],
                                          [*SHEET, "fpdf"]),
        "powerboats sheet --format png": (["powerboats", "sheet", "--race", "A", "--seed", "7",
                                           "--format", "png", "--dpi", "150", "-o",
                                           str(tmp / "s.png")], [*SHEET, "resvg_py"]),
        "tortuga setup": (["tortuga", "setup", "--players", "3", "--seed", "7"],
                          ["click", "networkx"]),
        "tortuga map --from tortuga": (["tortuga", "map", "--players", "3", "--from", "tortuga"],
                                   ["click", "networkx"]),
        "vanuatu setup": (["vanuatu", "setup", "--players", "red,blue,green", "--seed", "7"],
                          ["click"]),
        "course-builder --help": (["--help"], ["click"]),
    }


FLOOR = {
    "powerboats sheet --format png": ("s.svg", 150),
}
"""Commands measured beside their floor: the SVG page (from the svg case, the same race, seed and
paper) that resvg draws, and the resolution."""

RESVG_DRAWS = ("import sys, click, svgwrite, shapely, resvg_py\n"
               "svg, dpi, regular, bold, family = sys.argv[1:]\n"
               "resvg_py.svg_to_bytes(svg_string=open(svg, encoding='utf-8').read(), "
               "background='white', dpi=int(dpi), skip_system_fonts=True, "
               "font_files=[regular, bold], sans_serif_family=family, font_family=family)")
"""The floor of a PNG sheet: its libraries imported and resvg drawing the page, as
``course_builder.render.kit.png`` asks it to."""

ENV = dict(os.environ, PYTHONPATH=str(ROOT))
"""The environment of this checkout's processes: its package first on the path."""
WORK = ROOT
"""The folder every measured process runs in: set to an empty scratch folder by :func:`main`.
``python -c`` puts the current folder first on the path, so a process started in this checkout
would import this checkout's package whatever PYTHONPATH says (the start commit's too)."""


def run(argv: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, cwd=WORK, env=env or ENV)
    return time.perf_counter() - start


def tree_env(folder: Path, pycache: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment that runs the package in ``folder`` (first on the path) with its compiled
    modules cached under ``pycache``, as an installed program's are, even where the caller's
    environment (``base``, by default this process's) sets PYTHONDONTWRITEBYTECODE."""
    env = {k: v for k, v in (os.environ if base is None else base).items()
           if k != "PYTHONDONTWRITEBYTECODE"}
    return dict(env, PYTHONPATH=str(folder), PYTHONPYCACHEPREFIX=str(pycache))


def unpack(rev: str, into: Path) -> dict[str, str]:
    """The source of ``rev`` unpacked under ``into``, and the environment that runs it (its
    package first on the path, so the same interpreter and libraries run the old code)."""
    into.mkdir()
    archive = subprocess.run(["git", "archive", rev, "course_builder", "data"], cwd=ROOT,
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return tree_env(into, into / "pycache", ENV)


def loaded(code: str, args: list[str]) -> set[str]:
    """The third-party packages a process running ``code`` has imported at its end."""
    probe = ("import atexit, sys\natexit.register(lambda: print(','.join({m.split('.')[0] for m "
             f"in sys.modules}} & {set(THIRD_PARTY)!r}), file=sys.stderr))\n{code}")
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True,
                          cwd=WORK, check=True, env=ENV)
    return set(filter(None, done.stderr.strip().splitlines()[-1].split(",")))


def extra_imports(args: list[str], needed: list[str]) -> list[str]:
    """Third-party packages the command imports beyond those importing what it needs loads."""
    command = loaded(CLI, args)
    return sorted(command - loaded("import " + ", ".join(needed), []))


def floor_argv(py: str, tmp: Path, svg_name: str, dpi: int) -> list[str]:
    """The floor process of a PNG sheet: the page drawn by resvg alone (see :data:`FLOOR`)."""
    from course_builder.render.kit import fonts

    svg = tmp / svg_name
    if not svg.exists():  # the svg case made it, unless --only left that case out
        subprocess.run([py, "-c", CLI, "powerboats", "sheet", "--race", "A", "--seed", "7",
                        "--format", "svg", "-o", str(svg)], check=True, cwd=WORK,
                       capture_output=True, env=ENV)
    return [py, "-c", RESVG_DRAWS, str(svg), str(dpi), str(fonts.regular()), str(fonts.bold()),
            fonts.FAMILY]


def median_interval(values: list[float], confidence: float = 0.95) -> tuple[float, float]:
    """The narrowest pair of order statistics ``(x[k], x[n-1-k])`` of ``values`` that holds their
    population's median with at least ``confidence`` (a binomial count of values below the
    median; distribution-free). With fewer than 6 values no such pair exists: the whole range."""
    ordered = sorted(values)
    n = len(ordered)
    k = 0  # (x[k], x[n-1-k]) misses the median when at most k values fall below it (or above)
    while k + 1 < n - 1 - k and 1 - 2 * _at_most(k + 2, n) >= confidence:
        k += 1
    return ordered[k], ordered[n - 1 - k]


def _at_most(k: int, n: int) -> float:
    """P(Binomial(n, 1/2) <= k - 1): the chance that fewer than ``k`` of ``n`` values fall below
    the median."""
    return sum(math.comb(n, i) for i in range(k)) / 2**n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--only", default="", help="Only the commands whose name has this text.")
    parser.add_argument("--against", default=START,
                        help=f"Also run each command at this commit (default {START}, the "
                             "start-up budget's; 'none' to skip).")
    args = parser.parse_args()
    global WORK
    py = sys.executable
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        WORK = tmp / "run"
        WORK.mkdir()
        # compiled modules cached as an installed program's are (in a scratch folder), even
        # where PYTHONDONTWRITEBYTECODE is set; the first round warms the cache and is dropped
        ENV.pop("PYTHONDONTWRITEBYTECODE", None)
        ENV["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
        (tmp / "my.board").write_text((ROOT / "data/boards/classic.board").read_text())
        cases = commands(tmp)
        subprocess.run([py, "-c", CLI, *cases["powerboats course --format json"][0]], check=True,
                       cwd=WORK, capture_output=True, env=ENV)
        cases = {k: v for k, v in cases.items() if args.only in k}
        libs = {tuple(needed) for _args, needed in cases.values()}
        floors = {case: floor_argv(py, tmp, *FLOOR[case]) for case in cases if case in FLOOR}
        old_env = unpack(args.against, tmp / "start") if args.against != "none" else None
        times: dict[str, list[float]] = {}
        for _round in range(args.runs + 1):
            times.setdefault("python -c pass", []).append(run([py, "-c", "pass"]))
            for needed in sorted(libs):
                times.setdefault("import " + ", ".join(needed), []).append(
                    run([py, "-c", "import " + ", ".join(needed)]))
            for case, (argv, _needed) in cases.items():
                if old_env is None:
                    times.setdefault(case, []).append(run([py, "-c", CLI, *argv]))
                    continue
                ours_first = _round % 2 == 0
                first = run([py, "-c", CLI, *argv], None if ours_first else old_env)
                second = run([py, "-c", CLI, *argv], old_env if ours_first else None)
                ours, theirs = (first, second) if ours_first else (second, first)
                times.setdefault(case, []).append(ours)
                times.setdefault("start: " + case, []).append(theirs)
            for case, floor in floors.items():
                times.setdefault("floor: " + case, []).append(run(floor))
        median = {k: statistics.median(v[1:]) for k, v in times.items()}
        results = {}
        for case, (argv, needed) in cases.items():
            base = "import " + ", ".join(needed)
            results[case] = {
                "median_seconds": round(median[case], 3),
                "needs": needed,
                "imports_alone_seconds": round(median[base], 3),
                "ratio": round(median[case] / median[base], 2),
                "meets_target": median[case] / median[base] <= TARGET,
                "imports_not_needed": extra_imports(argv, needed),
            }
            if old_env is not None:
                ratios = [ours / theirs for ours, theirs
                          in zip(times[case][1:], times["start: " + case][1:], strict=True)]
                ratio = statistics.median(ratios)
                low, high = median_interval(ratios)
                results[case].update(start_seconds=round(median["start: " + case], 3),
                                     ratio_to_start=round(ratio, 2),
                                     ratio_to_start_95=[round(low, 2), round(high, 2)],
                                     within_budget=ratio <= BUDGET,
                                     clearly_over=low > BUDGET)
            if case in floors:
                floor = median["floor: " + case]
                results[case].update(floor_seconds=round(floor, 3),
                                     floor_ratio_to_imports=round(floor / median[base], 2),
                                     ratio_to_floor=round(median[case] / floor, 2))
    print(json.dumps({
        "benchmark": "whole-process time of each command / time of importing what it needs",
        "python": sys.version.split()[0],
        "runs": args.runs,
        "load_average": round(os.getloadavg()[0], 2),
        "python -c pass seconds": round(median["python -c pass"], 3),
        "target": f"ratio <= {TARGET}",
        "budget": (f"ratio_to_start <= {BUDGET} (each command against commit {args.against})"
                   if args.against != "none" else None),
        "results": results,
        "meets_targets": all(r["meets_target"] for r in results.values()),
        "within_budget": (all(r["within_budget"] for r in results.values())
                          if args.against != "none" else None),
        "clearly_over": (sorted(case for case, r in results.items() if r["clearly_over"])
                         if args.against != "none" else None),
    }, indent=1))


if __name__ == "__main__":
    main()
